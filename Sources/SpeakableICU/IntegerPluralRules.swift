internal import CICU

/// A locale's plural rules for integers, evaluated without calling ICU.
///
/// The rules are ICU's own: read at run time from ICU's `plurals` resource (the same data
/// `PluralRules::forLocale` reads, found by the same locale fallback), parsed, and checked
/// against `uplrules_select` on a sweep of integers before they are used; a locale whose rules do
/// not parse or do not agree keeps asking ICU. Nothing is copied from CLDR into this project.
///
/// For an integer only the operands `n` and `i` (its absolute value) vary; `v`, `w`, `f`, `t`,
/// `c` and `e` are 0. Above the largest constant a relation without a modulus compares against,
/// the category depends only on the value modulo the largest modulus, so when that modulus is at
/// most 1,000 the rules become two tables (values below the threshold, and residues above it):
/// one load per selection. Otherwise the parsed rules are evaluated (a few remainders).
final class IntegerPluralRules: @unchecked Sendable {  // immutable after init
    /// One `operand [% modulus] (=|!=) ranges` relation.
    private struct Relation: Sendable {
        var modulus: UInt64        // 0: none
        var operandIsZero: Bool    // v, w, f, t, c, e: always 0 for an integer
        var negated: Bool
        var ranges: [ClosedRange<UInt64>]

        func holds(_ n: UInt64) -> Bool {
            let x = operandIsZero ? 0 : (modulus == 0 ? n : n % modulus)
            var found = false
            for r in ranges where r.contains(x) {
                found = true
                break
            }
            return found != negated
        }
    }

    /// A category's condition: OR of ANDs of relations.
    private struct Rule: Sendable {
        let category: PluralCategory
        let alternatives: [[Relation]]

        func holds(_ n: UInt64) -> Bool {
            for group in alternatives where group.allSatisfy({ $0.holds(n) }) { return true }
            return false
        }
    }

    private let rules: [Rule]
    /// Categories (by index) of values below `threshold`, then of residues modulo `modulus`
    /// for values at or above it; empty when the rules need evaluating.
    private let table: UnsafeMutablePointer<UInt8>
    private let threshold: UInt64
    private let modulus: UInt64
    /// ⌈2^64 ÷ modulus⌉ (wrapped): the remainder of a 32-bit value by two multiplications
    /// instead of a 64-bit division (Lemire's fastmod).
    private let modulusInverse: UInt64
    private let hasTable: Bool

    /// The rules text ICU uses for a locale and kind, e.g. `one: i = 1 and v = 0 @integer 1`
    /// per category (samples after `@` are dropped), or nil when ICU has none.
    static func ruleText(locale: String, kind: PluralRules.Kind) -> [(PluralCategory, String)]? {
        var status = CICU_U_ZERO_ERROR
        guard let plurals = cicu_ures_openDirect(nil, "plurals", &status), !ICUStatus.isFailure(status) else { return nil }
        defer { cicu_ures_close(plurals) }
        guard let table = cicu_ures_getByKey(plurals, kind == .cardinal ? "locales" : "locales_ordinals", nil, &status),
              !ICUStatus.isFailure(status) else { return nil }
        defer { cicu_ures_close(table) }
        // PluralRules::forLocale: the base name, then its parents.
        var name = (try? withCharResult("uloc_getBaseName") { buffer, capacity, status in
            cicu_uloc_getBaseName(locale, buffer, capacity, &status)
        }) ?? locale
        var setName: String?
        while true {
            var length: Int32 = 0
            var lookup = CICU_U_ZERO_ERROR
            if let value = cicu_ures_getStringByKey(table, name, &length, &lookup), !ICUStatus.isFailure(lookup) {
                setName = String(decoding: UnsafeBufferPointer(start: value, count: Int(length)), as: UTF16.self)
                break
            }
            guard !name.isEmpty, let parent = try? withCharResult("uloc_getParent", { buffer, capacity, status in
                cicu_uloc_getParent(name, buffer, capacity, &status)
            }), parent != name else { break }
            name = parent
        }
        // No rules for the locale: ICU's default, where every number is "other".
        guard let setName else { return [] }
        status = CICU_U_ZERO_ERROR
        guard let rulesTable = cicu_ures_getByKey(plurals, "rules", nil, &status), !ICUStatus.isFailure(status) else { return nil }
        defer { cicu_ures_close(rulesTable) }
        guard let set = cicu_ures_getByKey(rulesTable, setName, nil, &status), !ICUStatus.isFailure(status) else { return nil }
        defer { cicu_ures_close(set) }
        var result: [(PluralCategory, String)] = []
        for index in 0..<cicu_ures_getSize(set) {
            var itemStatus = CICU_U_ZERO_ERROR
            guard let item = cicu_ures_getByIndex(set, index, nil, &itemStatus), !ICUStatus.isFailure(itemStatus) else { return nil }
            defer { cicu_ures_close(item) }
            guard let key = cicu_ures_getKey(item), let category = PluralCategory(rawValue: String(cString: key)) else { return nil }
            var length: Int32 = 0
            guard let value = cicu_ures_getString(item, &length, &itemStatus), !ICUStatus.isFailure(itemStatus) else { return nil }
            result.append((category, String(decoding: UnsafeBufferPointer(start: value, count: Int(length)), as: UTF16.self)))
        }
        return result
    }

    /// Parses the rules; nil when they use syntax this reader does not know.
    init?(_ text: [(PluralCategory, String)]) {
        var rules: [Rule] = []
        for (category, source) in text where category != .other {
            guard let alternatives = Self.parse(condition: source) else { return nil }
            rules.append(Rule(category: category, alternatives: alternatives))
        }
        self.rules = rules

        // Tables: the largest constant compared without a modulus, and the largest modulus.
        var maxConstant: UInt64 = 0
        var maxModulus: UInt64 = 1
        for rule in rules {
            for group in rule.alternatives {
                for relation in group where !relation.operandIsZero {
                    if relation.modulus == 0 {
                        maxConstant = max(maxConstant, relation.ranges.map(\.upperBound).max() ?? 0)
                    } else {
                        maxModulus = max(maxModulus, relation.modulus)
                    }
                }
            }
        }
        // Every modulus must divide the largest (CLDR's are powers of ten).
        let moduliDivide = rules.allSatisfy { rule in
            rule.alternatives.allSatisfy { group in
                group.allSatisfy { $0.operandIsZero || $0.modulus == 0 || maxModulus % $0.modulus == 0 }
            }
        }
        let threshold = max(maxConstant + 1, 256)
        if moduliDivide && maxModulus <= 1_000 && threshold <= 4_096 {
            self.threshold = threshold
            self.modulus = maxModulus
            self.modulusInverse = (UInt64.max / maxModulus) &+ 1
            self.hasTable = true
            let size = Int(threshold + maxModulus)
            table = .allocate(capacity: size)
            for n in 0..<threshold { table[Int(n)] = UInt8(Self.evaluate(rules, n).index) }
            for residue in 0..<maxModulus {
                // The smallest value at or above the threshold with this residue.
                var n = threshold - threshold % maxModulus + residue
                if n < threshold { n += maxModulus }
                table[Int(threshold + residue)] = UInt8(Self.evaluate(rules, n).index)
            }
        } else {
            self.threshold = 0
            self.modulus = 1
            self.modulusInverse = 0
            self.hasTable = false
            table = .allocate(capacity: 1)
        }
    }

    deinit { table.deallocate() }

    private static func evaluate(_ rules: [Rule], _ n: UInt64) -> PluralCategory {
        for rule in rules where rule.holds(n) { return rule.category }
        return .other
    }

    /// The category of an integer of magnitude below 2^53. (Beyond, ICU computes the operands
    /// as doubles — `n` rounded, `i` cut to its last 18 digits — and callers ask ICU.)
    @inline(__always)
    func category(_ value: Int64) -> PluralCategory {
        let n = value.magnitude
        if hasTable {
            if n < threshold { return PluralCategory(index: table[Int(n)]) }
            let residue = n < 1 << 32 ? (modulusInverse &* n).multipliedFullWidth(by: modulus).high : n % modulus
            return PluralCategory(index: table[Int(threshold + residue)])
        }
        return Self.evaluate(rules, n)
    }

    // MARK: Parsing (CLDR plural rule syntax, as in ICU's data)

    private static func parse(condition source: String) -> [[Relation]]? {
        // Samples (@integer, @decimal) are documentation.
        let text = source.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var tokens = tokenize(text)
        if tokens.isEmpty { return [[]] }   // an empty condition always holds
        var alternatives: [[Relation]] = []
        var group: [Relation] = []
        var i = 0
        func next() -> String? {
            guard i < tokens.count else { return nil }
            defer { i += 1 }
            return tokens[i]
        }
        func peek() -> String? { i < tokens.count ? tokens[i] : nil }
        while true {
            guard let operand = next() else { return nil }
            let isZero: Bool
            switch operand {
            case "n", "i": isZero = false
            case "v", "w", "f", "t", "c", "e": isZero = true
            default: return nil
            }
            var modulus: UInt64 = 0
            if peek() == "%" || peek() == "mod" {
                _ = next()
                guard let m = next().flatMap({ UInt64($0) }), m > 0 else { return nil }
                modulus = m
            }
            var negated = false
            switch next() {
            case "=": break
            case "!=": negated = true
            case "is":
                if peek() == "not" { _ = next(); negated = true }
            case "not":
                negated = true
                guard let op = next(), op == "in" || op == "within" else { return nil }
            case "in", "within": break
            default: return nil
            }
            // Range list: value or value..value, separated by commas.
            var ranges: [ClosedRange<UInt64>] = []
            while true {
                guard let low = next().flatMap({ UInt64($0) }) else { return nil }
                var high = low
                if peek() == ".." {
                    _ = next()
                    guard let h = next().flatMap({ UInt64($0) }), h >= low else { return nil }
                    high = h
                }
                ranges.append(low...high)
                if peek() == "," { _ = next(); continue }
                break
            }
            group.append(Relation(modulus: modulus, operandIsZero: isZero, negated: negated, ranges: ranges))
            switch next() {
            case nil:
                alternatives.append(group)
                tokens = []
                return alternatives
            case "and": continue
            case "or":
                alternatives.append(group)
                group = []
            default: return nil
            }
        }
    }

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { tokens.append(current); current = "" }
        }
        let chars = Array(text.unicodeScalars)
        var k = 0
        while k < chars.count {
            let c = chars[k]
            switch c {
            case " ", "\t", "\n", "\r", "\u{A0}":
                flush()
            case "%", ",", "=":
                flush()
                tokens.append(String(c))
            case "!":
                flush()
                if k + 1 < chars.count, chars[k + 1] == "=" {
                    tokens.append("!=")
                    k += 1
                } else {
                    tokens.append("!")
                }
            case ".":
                flush()
                if k + 1 < chars.count, chars[k + 1] == "." {
                    tokens.append("..")
                    k += 1
                } else {
                    tokens.append(".")
                }
            case "…":
                flush()
                tokens.append("…")
            default:
                current.unicodeScalars.append(c)
            }
            k += 1
        }
        flush()
        return tokens
    }
}

extension PluralCategory {
    /// The category at ``index`` (anything out of range is `other`).
    @inline(__always)
    init(index: UInt8) {
        switch index {
        case 0: self = .zero
        case 1: self = .one
        case 2: self = .two
        case 3: self = .few
        case 4: self = .many
        default: self = .other
        }
    }
}
