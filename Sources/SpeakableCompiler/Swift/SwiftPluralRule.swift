import SpeakableICU
import Synchronization

/// A locale's CLDR cardinal plural rule for integers as a small self-contained Swift function,
/// so that generated accessors pick the right source-language form when no catalog is bundled
/// ("1 star", not "1 stars") without ICU.
///
/// The function reads `n` below a threshold from a table, and above it from `n % M` (`M` = 10,
/// 100 or 1000), with CLDR's "multiple of a million" rule (French, Spanish `many`) first. The
/// shape is derived from ICU's own rules and kept only when it reproduces ICU for every integer
/// up to 100,000 and for samples up to 10^15; otherwise there is no function (nil).
///
/// ```swift
/// SwiftPluralRule.source(for: ICULocale("en"))
/// // private static func category(_ value: Int) -> String {
/// //     let n = value.magnitude
/// //     if n < 2 { return n == 1 ? "one" : "other" } …
/// ```
enum SwiftPluralRule {
    struct Shape {
        var threshold: UInt64
        var small: [PluralCategory]
        var modulus: UInt64
        var byRemainder: [PluralCategory]
        var million: PluralCategory?
    }

    static func shape(for locale: ICULocale) -> Shape? {
        guard let rules = try? PluralRules.cached(for: locale, kind: .cardinal) else { return nil }
        func category(_ n: UInt64) -> PluralCategory { rules.category(forInteger: Int64(n)) }
        var samples = Array(UInt64(0)...100_000)
        var power: UInt64 = 1_000_000
        // Up to 10^15: beyond 2^53 ICU's selection goes through a double and loses the last digits.
        while power <= 1_000_000_000_000_000 {
            samples += [power, power + 1, power + 21, 2 * power, 3 * power + 101]
            if power > UInt64.max / 10 { break }
            power *= 10
        }
        let expected = samples.map(category)
        let millionCategory = category(1_000_000)
        for modulus: UInt64 in [1, 10, 100, 1000] {
            for useMillion in [false, true] {
                // The smallest threshold from which n % modulus decides (n ≥ modulus).
                let remainder = (0..<modulus).map { category(10_000_000 + 123 * modulus + $0) }
                var threshold: UInt64 = 1_200
                while threshold > 0 {
                    let n = threshold - 1
                    let predicted = useMillion && n > 0 && n % 1_000_000 == 0 ? millionCategory : remainder[Int(n % modulus)]
                    if category(n) != predicted { break }
                    threshold -= 1
                }
                let shape = Shape(threshold: threshold, small: (0..<threshold).map(category), modulus: modulus,
                                  byRemainder: remainder, million: useMillion ? millionCategory : nil)
                if zip(samples, expected).allSatisfy({ evaluate(shape, $0) == $1 }) { return shape }
            }
        }
        return nil
    }

    static func evaluate(_ shape: Shape, _ n: UInt64) -> PluralCategory {
        if n < shape.threshold { return shape.small[Int(n)] }
        if let million = shape.million, n > 0, n % 1_000_000 == 0 { return million }
        return shape.byRemainder[Int(n % shape.modulus)]
    }

    /// `switch` cases for a table: runs of equal categories as ranges, the most common as default.
    static func switchCases(_ table: [PluralCategory], subject: String, indent: String) -> String {
        var counts: [PluralCategory: Int] = [:]
        for category in table { counts[category, default: 0] += 1 }
        // The most common category is the default (`other` when tied).
        let common = counts.max { ($0.value, $0.key == .other ? 1 : 0) < ($1.value, $1.key == .other ? 1 : 0) }?.key ?? .other
        var out = indent + "switch \(subject) {\n"
        var start = 0
        while start < table.count {
            var end = start
            while end + 1 < table.count, table[end + 1] == table[start] { end += 1 }
            if table[start] != common {
                let range = start == end ? "\(start)" : "\(start)...\(end)"
                out += indent + "case \(range): return \"\(table[start].rawValue)\"\n"
            }
            start = end + 1
        }
        out += indent + "default: return \"\(common.rawValue)\"\n"
        out += indent + "}\n"
        return out
    }

    /// The Swift function `category(_:)`, or nil when no shape reproduces ICU.
    static func source(for locale: ICULocale) -> String? {
        // Held while deriving: the tables compiled at the same time wait for the one derivation.
        sources.withLock { sources in
            if let known = sources[locale.identifier] { return known }
            let made = makeSource(for: locale)
            sources[locale.identifier] = made
            return made
        }
    }

    /// ``source(for:)`` by locale identifier, derived once for every table.
    private static let sources = Mutex<[String: String?]>([:])

    static func makeSource(for locale: ICULocale) -> String? {
        guard let shape = shape(for: locale) else { return nil }
        var out = "    /// The CLDR plural category of an integer in the source language (\(locale.languageTag)), as ICU picks it.\n"
        out += "    private static func category(_ value: Int) -> String {\n"
        out += "        let n = value.magnitude\n"
        if shape.threshold > 0 {
            out += "        if n < \(shape.threshold) {\n"
            out += switchCases(shape.small, subject: "n", indent: "            ")
            out += "        }\n"
        }
        if let million = shape.million {
            out += "        if n > 0, n % 1_000_000 == 0 { return \"\(million.rawValue)\" }\n"
        }
        if shape.modulus == 1 {
            out += "        return \"\(shape.byRemainder[0].rawValue)\"\n"
        } else {
            out += switchCases(shape.byRemainder, subject: "n % \(shape.modulus)", indent: "        ")
        }
        out += "    }\n"
        return out
    }
}
