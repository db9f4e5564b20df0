public import SpeakableICU
public import SpeakableMessages
import ICUOracle
import SeededRandom

/// Differential checks of Speakable's fast paths against ICU itself, shared by the test suite
/// (a representative subset) and `swift run -c release FastPathSweep` (everything: every ICU
/// locale, long sweeps). Each check formats the same value through the fast path and through
/// ICU (bypassing the fast path) and reports every difference; nothing is compared with stored
/// strings.
public struct SweepReport: CustomStringConvertible {
    public var name: String
    /// Values compared.
    public var checked = 0
    /// Values the fast path wrote (the rest went to ICU).
    public var fast = 0
    /// Formats (locale, style) that have no fast path at all.
    public var withoutFastPath: [String] = []
    public var mismatches: [String] = []

    public init(name: String) { self.name = name }

    public var description: String {
        var text = "\(name): \(checked) values compared, \(fast) through the fast path, \(mismatches.count) mismatches"
        if !withoutFastPath.isEmpty {
            text += "; no fast path for \(withoutFastPath.count): \(withoutFastPath.prefix(12).joined(separator: ", "))"
                + (withoutFastPath.count > 12 ? ", …" : "")
        }
        for m in mismatches.prefix(10) { text += "\n  " + m }
        return text
    }

    mutating func merge(_ other: SweepReport) {
        checked += other.checked
        fast += other.fast
        withoutFastPath += other.withoutFastPath
        mismatches += other.mismatches
    }
}


public enum FastPathChecks {
    /// Integers to sweep: all of 0 ..< `dense`, then `random` values spread over every magnitude
    /// up to `Int64.max` (each magnitude equally likely), both sides of every power of ten, and
    /// negatives.
    public static func integers(dense: Int64, random: Int, seed: UInt64) -> [Int64] {
        var values = Array(Int64(0)..<dense)
        var power: Int64 = 10
        while true {
            for delta in [-1, 0, 1] { values.append(power + Int64(delta)) }
            if power > Int64.max / 10 { break }
            power *= 10
        }
        var g = SplitMix(seed: seed)
        for _ in 0..<random {
            let digits = 1 + Int(g.next() % 18)
            var limit: UInt64 = 1
            for _ in 0..<digits { limit *= 10 }
            values.append(Int64(g.next() % limit))
        }
        values += values.prefix(200).map { -$0 } + [Int64.max, Int64.min + 1]
        return values
    }

    /// Moments to sweep: every day of `days` days from 2020 at a time that walks through every
    /// hour, minute and second, plus `random` moments between 1600 and 2200.
    public static func moments(days: Int, random: Int, seed: UInt64) -> [Double] {
        var values: [Double] = []
        let start = 1_577_836_800_000.0  // 2020-01-01
        for d in 0..<days {
            values.append(start + Double(d) * 86_400_000 + Double(d * 5 % 24) * 3_600_000 + Double(d * 11 % 60) * 60_000
                          + Double(d * 17 % 60) * 1_000 + Double(d % 1_000))
        }
        var g = SplitMix(seed: seed)
        let from = -11_676_096_000_000.0, to = 7_258_118_400_000.0
        for _ in 0..<random { values.append((from + Double(g.next() % UInt64(to - from))).rounded(.down)) }
        return values
    }

    /// Integer plural selection (cardinal and ordinal) against `uplrules_select`.
    public static func pluralRules(locales: [String], values: [Int64]) -> SweepReport {
        var report = SweepReport(name: "plural rules for integers")
        for id in locales {
            guard let locale = try? ICULocale(id) else { continue }
            for kind in [PluralRules.Kind.cardinal, .ordinal] {
                guard let rules = try? PluralRules(locale: locale, kind: kind) else { continue }
                if !rules.hasIntegerFastPath { report.withoutFastPath.append("\(id) \(kind)"); continue }
                for value in values {
                    report.checked += 1
                    report.fast += 1
                    let ours = rules.category(forInteger: value)
                    let icu = rules.categoryFromICU(forInteger: value)
                    if ours != icu { report.mismatches.append("\(id) \(kind) \(value): ICU \(icu), fast path \(ours)") }
                }
            }
        }
        return report
    }

    /// Classic number formats (decimal digits and RBNF) for integers and whole doubles against
    /// `unum_formatInt64` / `unum_formatDouble`.
    public static func numberFormats(locales: [String], styles: [NumberFormat.Style], values: [Int64]) -> SweepReport {
        var report = SweepReport(name: "number formats (digits, spellout, ordinal, duration)")
        for id in locales {
            guard let locale = try? ICULocale(id) else { continue }
            for style in styles {
                guard let format = try? NumberFormat(style, locale: locale) else { continue }
                if !format.hasIntegerFastPath { report.withoutFastPath.append("\(id) \(style)"); continue }
                for value in values {
                    report.checked += 1
                    let fast = withUnsafeTemporaryAllocation(byteCount: 1_024, alignment: 8) { raw in
                        format.writeFastPath(.int(value), into: raw).map { String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<$0]), as: UTF8.self) }
                    }
                    guard let fast else { continue }
                    report.fast += 1
                    let icu = (try? format.formatWithICU(value)) ?? "<ICU failed>"
                    if fast != icu { report.mismatches.append("\(id) \(style) \(value): ICU \(icu.debugDescription), fast path \(fast.debugDescription)") }
                    if value.magnitude <= 1 << 53, let whole = withUnsafeTemporaryAllocation(byteCount: 1_024, alignment: 8, { raw in
                        format.writeFastPath(.double(Double(value)), into: raw).map { String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<$0]), as: UTF8.self) }
                    }) {
                        let icuDouble = (try? format.formatWithICU(Double(value))) ?? "<ICU failed>"
                        if whole != icuDouble {
                            report.mismatches.append("\(id) \(style) \(value).0: ICU \(icuDouble.debugDescription), fast path \(whole.debugDescription)")
                        }
                    }
                }
            }
        }
        return report
    }

    /// Number skeletons (units, group-off, currency…) for integers against `unumf_formatInt`.
    public static func skeletons(locales: [String], skeletons: [String], values: [Int64]) -> SweepReport {
        var report = SweepReport(name: "number skeletons")
        for id in locales {
            guard let locale = try? ICULocale(id) else { continue }
            for skeleton in skeletons {
                guard let format = try? SkeletonNumberFormatter(skeleton: skeleton, locale: locale) else { continue }
                if !format.hasIntegerFastPath { report.withoutFastPath.append("\(id) \(skeleton)"); continue }
                for value in values {
                    report.checked += 1
                    let fast = withUnsafeTemporaryAllocation(byteCount: 1_024, alignment: 8) { raw in
                        format.writeFastPath(.int(value), into: raw).map { String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<$0]), as: UTF8.self) }
                    }
                    guard let fast else { continue }
                    report.fast += 1
                    let icu = (try? format.formatWithICU(.int(value))) ?? "<ICU failed>"
                    if fast != icu { report.mismatches.append("\(id) \(skeleton) \(value): ICU \(icu.debugDescription), fast path \(fast.debugDescription)") }
                }
            }
        }
        return report
    }

    /// Date formats against `udat_format`.
    public static func dates(locales: [String], kinds: [DateFormat.Kind], timeZones: [String], moments: [Double]) -> SweepReport {
        var report = SweepReport(name: "date formats")
        for id in locales {
            guard let locale = try? ICULocale(id) else { continue }
            for zoneID in timeZones {
                guard let zone = try? ICUTimeZone(zoneID) else { continue }
                for kind in kinds {
                    guard let format = try? DateFormat(kind, locale: locale, timeZone: zone) else { continue }
                    if !format.hasFastPath { report.withoutFastPath.append("\(id) \(zoneID) \(kind)"); continue }
                    for moment in moments {
                        report.checked += 1
                        let fast = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer -> String? in
                            let count = format.writeDate(moment, into: buffer.baseAddress!, capacity: 512)
                            return count < 0 ? nil : String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: count), as: UTF8.self)
                        }
                        guard let fast else { continue }
                        report.fast += 1
                        let icu = (try? format.formatWithICU(moment)) ?? "<ICU failed>"
                        if fast != icu {
                            report.mismatches.append("\(id) \(zoneID) \(kind) \(moment): ICU \(icu.debugDescription), fast path \(fast.debugDescription)")
                        }
                    }
                }
            }
        }
        return report
    }

    /// Whole messages through `CompiledMessage` (every fast path in place) against ICU's own
    /// MessageFormat (`umsg`), argument `i` of `names` numbered `i`.
    public static func messages(locales: [String], patterns: [(named: String, numbered: String, names: [String])],
                                values: [[MessageArgument]]) -> SweepReport {
        var report = SweepReport(name: "messages")
        ICUMessageFormat.setDefaultTimeZone("UTC")
        for id in locales {
            guard let locale = try? ICULocale(id) else { continue }
            for pattern in patterns {
                guard let message = try? CompiledMessage(pattern.named, locale: locale),
                      let oracle = try? ICUMessageFormat(pattern: pattern.numbered, locale: locale.identifier) else {
                    report.mismatches.append("\(id) \(pattern.named): does not compile on one side")
                    continue
                }
                // Every fast path in place from the first value (they are otherwise derived lazily).
                message.prepareFastPaths()
                for set in values {
                    report.checked += 1
                    let byName = Dictionary(uniqueKeysWithValues: zip(pattern.names, set))
                    let slots = message.argumentNames.map { byName[$0] }
                    let ours = Result { () throws(MessageFormatError) in try message.format(slots: slots) }
                    let oracleArguments: [OracleArgument] = set.map { value in
                        switch value {
                        case .int(let n): .double(Double(n))
                        case .double(let d): .double(d)
                        case .string(let s): .string(s)
                        case .date(let d): .date(d)
                        }
                    }
                    let icu = oracle.format(oracleArguments)
                    switch (ours, icu) {
                    case (.success(let a), .success(let b)) where a == b: report.fast += 1
                    case (.failure, .failure): continue
                    default: report.mismatches.append("\(id) \(pattern.named) \(set): ICU \(icu), Speakable \(ours)")
                    }
                }
            }
        }
        return report
    }
}
