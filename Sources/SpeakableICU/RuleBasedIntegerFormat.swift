/// A rule-based number format (`{n, spellout}`, `{n, ordinal}`, `{n, duration}`) for integers,
/// run without calling ICU.
///
/// The rules are ICU's own: the description `unum_toPattern` returns for the open format (every
/// rule set, with each bracketed rule already expanded into its two rules). This type reads that
/// description and applies it to an integer the way ICU's `RuleBasedNumberFormat` does for an
/// `int64_t`: the rule with the largest base value not above the number (an exact base wins; a
/// rule with a `>>` substitution rolls back to its predecessor for an even multiple of its
/// divisor), `<<` on the quotient, `>>` on the remainder, `>>>` straight to the preceding rule,
/// `==` on the number itself, a rule set or a DecimalFormat pattern (`#,##0`, `00`) inside each,
/// and `$(cardinal,…)$` / `$(ordinal,…)$` choosing by the quotient's plural category.
///
/// Anything else — fraction rule sets, fractional patterns, plural texts with `#` or quotes,
/// recursion beyond ICU's limit, text that would not fit — makes the fast path decline, and the
/// caller asks ICU. ``derive(description:defaultRuleSet:digits:cardinal:ordinal:verify:)`` keeps
/// the result only if it reproduces ICU on a sweep of integers.
final class RuleBasedIntegerFormat: @unchecked Sendable {
    // @unchecked Sendable: immutable after init; everything below is read only.

    private struct Rule {
        var base: Int64
        var divisor: Int64
        var hasModulus: Bool
        var firstPiece: Int32
        var pieceCount: Int32
    }

    private struct Piece {
        enum Kind: UInt8 {
            case text            // a = start, b = count in `text`
            case quotient        // n / divisor
            case remainder       // n % divisor
            case remainderRule   // n % divisor with rule `rule` (>>>)
            case same            // n
            case absolute        // |n| (the `>>` of a negative-number rule)
            case plural          // a = plural choice index
        }
        var kind: Kind
        var a: Int32 = 0
        var b: Int32 = 0
        /// For substitutions: the rule set (>= 0) or -1 - decimal pattern index; for >>>: the rule.
        var target: Int32 = 0
    }

    /// A DecimalFormat pattern inside a rule: `#,##0`, `0`, `00`, `#,##,##0`.
    private struct DecimalPattern {
        var minimumDigits: Int
        var primary: Int
        var secondary: Int
    }

    /// `$(cardinal,one{…}few{…}other{…})$`: per category, the text (start, count; -1 if absent).
    private struct PluralChoice {
        var ordinal: Bool
        var texts: [(Int32, Int32)]  // 6 entries, by PluralCategory.index
    }

    private struct RuleSet {
        var firstRule: Int32
        var ruleCount: Int32
        var negativeRule: Int32   // -1: none
        var isFraction: Bool
        /// Where this set's rule for each of 0 ..< `directLimit` is in `direct` (-1: not compiled).
        var directStart: Int32 = -1
    }

    /// For each compiled set, the rule (global index, or -1) for every number below this: one
    /// load instead of a binary search for the small numbers every spellout ends in.
    private static let directLimit: Int64 = 1_000
    private let direct: UnsafeMutablePointer<Int32>
    /// For each compiled set, the text of every number below `pieceLimit` — the pieces most
    /// spellouts end in ("sixty-five", "육십오") — written by these rules once, when the format
    /// is built: (start, count) into `pieceText`, -1 where the rules declined.
    private static let pieceLimit: Int64 = 100
    private let pieces100: UnsafeMutablePointer<(Int32, Int32)>
    private let pieceText: UnsafeMutablePointer<UInt8>
    private var pieceTextCount = 0

    private let sets: UnsafeMutablePointer<RuleSet>
    private let rules: UnsafeMutablePointer<Rule>
    private let pieces: UnsafeMutablePointer<Piece>
    private let text: UnsafeMutablePointer<UInt8>
    private let patterns: UnsafeMutablePointer<DecimalPattern>
    /// Six (start, count) pairs per plural choice, then the flag "ordinal".
    private let pluralTexts: UnsafeMutablePointer<Int32>
    private let pluralIsOrdinal: UnsafeMutablePointer<Bool>
    private let defaultSet: Int
    private let digits: IntegerDigitFormat
    private let cardinal: PluralRules?
    private let ordinal: PluralRules?
    private let counts: (sets: Int, rules: Int, pieces: Int, text: Int, patterns: Int, plurals: Int)
    /// Whether whole doubles format as their integer does (checked against `unum_formatDouble`).
    /// Set once, by `derive`, before the format is published.
    private(set) var coversWholeDoubles: Bool

    private static let recursionLimit = 64

    // MARK: Building

    private init?(description: String, defaultRuleSet: String, digits: IntegerDigitFormat,
                  cardinal: PluralRules?, ordinal: PluralRules?, coversWholeDoubles: Bool) {
        guard let parsed = Parser(description: description), let start = parsed.setIndex[defaultRuleSet],
              parsed.compile(from: start) else { return nil }
        func copy<T>(_ items: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, items.count))
            p.initialize(from: items, count: items.count)
            return p
        }
        // The direct tables: the same search as `format(set:)`, done once per small number.
        var sets = parsed.sets
        var direct: [Int32] = []
        for index in sets.indices where parsed.compiled.contains(index) && !sets[index].isFraction {
            sets[index].directStart = Int32(direct.count)
            for n in 0..<Self.directLimit {
                direct.append(Int32(Self.findRule(sets[index], n, parsed.rules)))
            }
        }
        self.direct = copy(direct)
        self.sets = copy(sets)
        rules = copy(parsed.rules)
        pieces = copy(parsed.pieces)
        text = copy(parsed.text + [UInt8](repeating: 0, count: 16))
        patterns = copy(parsed.patterns)
        pluralTexts = copy(parsed.plurals.flatMap { $0.texts.flatMap { [$0.0, $0.1] } })
        pluralIsOrdinal = copy(parsed.plurals.map(\.ordinal))
        counts = (parsed.sets.count, parsed.rules.count, parsed.pieces.count, parsed.text.count, parsed.patterns.count,
                  parsed.plurals.count)
        defaultSet = start
        self.digits = digits
        self.cardinal = cardinal
        self.ordinal = ordinal
        self.coversWholeDoubles = coversWholeDoubles
        let compiledSets = sets.filter { $0.directStart >= 0 }.count
        pieces100 = .allocate(capacity: max(1, Int(Self.pieceLimit) * sets.count))
        pieces100.initialize(repeating: (-1, 0), count: max(1, Int(Self.pieceLimit) * sets.count))
        pieceText = .allocate(capacity: max(1, compiledSets * Int(Self.pieceLimit) * 64 + 16))
        pieceText.initialize(repeating: 0, count: max(1, compiledSets * Int(Self.pieceLimit) * 64 + 16))
        if parsed.plurals.contains(where: { !$0.ordinal }) && cardinal == nil { return nil }
        if parsed.plurals.contains(where: { $0.ordinal }) && ordinal == nil { return nil }
        // The pieces: each small number of each set, through the rules (pieces already built are
        // used for the larger ones, which only repeats what the rules would write).
        for index in 0..<counts.sets where self.sets[index].directStart >= 0 {
            for n in 0..<Self.pieceLimit {
                let at = pieceTextCount
                var written = 0
                let room = compiledSets * Int(Self.pieceLimit) * 64 - at
                if room >= 64, format(set: index, n, pieceText + at, &written, min(room, 64) , depth: 0), written <= 48 {
                    pieces100[index * Int(Self.pieceLimit) + Int(n)] = (Int32(at), Int32(written))
                    pieceTextCount += written
                }
            }
        }
    }

    deinit {
        pieces100.deallocate()
        pieceText.deallocate()
        direct.deallocate()
        sets.deallocate()
        rules.deallocate()
        pieces.deallocate()
        text.deallocate()
        patterns.deallocate()
        pluralTexts.deallocate()
        pluralIsOrdinal.deallocate()
    }

    /// The integers a derived format is checked on: all of 0…1,100, every 211th number to 100,000,
    /// both sides of every power of ten, multiples of 1,000 and 1,000,000, negatives, large values.
    static let sweep: [Int64] = {
        var values = Array(Int64(0)...1_100)
        values += stride(from: Int64(1_101), through: 100_000, by: 211)
        var power: Int64 = 1_000
        while true {
            for delta in [-101, -11, -1, 0, 1, 2, 11, 21, 101] { values.append(power + Int64(delta)) }
            for (factor, plus) in [(Int64(2), Int64(0)), (3, 7), (21, 0), (101, 0), (999, 999)] {
                let (product, overflow) = power.multipliedReportingOverflow(by: factor)
                if !overflow, product <= Int64.max - plus { values.append(product + plus) }
            }
            if power > Int64.max / 10 { break }
            power *= 10
        }
        values += stride(from: Int64(1_000), through: 30_000, by: 1_000)
        values += [1_000_000, 2_000_000, 5_000_000, 21_000_000, 1_000_000_000, 9_007_199_254_740_992, Int64.max, Int64.max - 1]
        values += (1...120).map { -Int64($0) } + [-1_000, -1_001, -123_456, Int64.min + 1]
        return values
    }()

    /// Parses ICU's description and keeps the format only if it writes exactly what `icuInt`
    /// (ICU's `unum_formatInt64`) writes for every value of ``sweep``. Whole doubles are covered
    /// too if `icuDouble` agrees on a part of the sweep where the two paths could differ: the
    /// small numbers, the large ones, the negative ones, and every seventh of the rest.
    static func derive(description: String, defaultRuleSet: String, digits: IntegerDigitFormat,
                       cardinal: PluralRules?, ordinal: PluralRules?,
                       icuInt: (Int64) -> [UInt8]?, icuDouble: (Double) -> [UInt8]?) -> RuleBasedIntegerFormat? {
        guard let candidate = RuleBasedIntegerFormat(description: description, defaultRuleSet: defaultRuleSet, digits: digits,
                                                     cardinal: cardinal, ordinal: ordinal, coversWholeDoubles: false)
        else { return nil }
        var doublesAgree = true
        let ok = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer -> Bool in
            for (k, value) in sweep.enumerated() {
                guard let expected = icuInt(value) else { return false }
                let count = candidate.write(value, into: buffer.baseAddress!, capacity: 4096)
                if count < 0 { continue }  // declined: ICU formats it
                guard expected.elementsEqual(UnsafeBufferPointer(start: buffer.baseAddress!, count: count)) else {
                    return false
                }
                let checkDouble = value < 200 || value > 100_000 || k % 7 == 0
                if doublesAgree && checkDouble && value.magnitude <= 1 << 53 {
                    if icuDouble(Double(value)) != expected { doublesAgree = false }
                }
            }
            return true
        }
        guard ok else { return nil }
        candidate.coversWholeDoubles = doublesAgree
        return candidate
    }

    // MARK: Formatting

    /// Writes `value` at `out`; returns the byte count, or -1 when the fast path declines (the
    /// caller asks ICU) — also when the text would not fit in `capacity`.
    func write(_ value: Int64, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        if value == Int64.min { return -1 }
        var at = 0
        return format(set: defaultSet, value, out, &at, capacity, depth: 0) ? at : -1
    }

    private func format(set: Int, _ n: Int64, _ out: UnsafeMutablePointer<UInt8>, _ at: inout Int, _ capacity: Int,
                        depth: Int) -> Bool {
        guard depth < Self.recursionLimit else { return false }
        let s = sets[set]
        if s.isFraction { return false }
        // ICU finds the rule for |n| but applies it to n itself (so `=0=` prints "-1").
        var number = n
        if number < 0 {
            if s.negativeRule >= 0 {
                return apply(rule: Int(s.negativeRule), number, out, &at, capacity, depth: depth, negative: true)
            }
            if number == Int64.min { return false }
            number = -number
        }
        if n >= 0 && n < Self.pieceLimit {
            let (start, count) = pieces100[set * Int(Self.pieceLimit) + Int(n)]
            if start >= 0 {
                guard at + Int(count) + 16 <= capacity else { return false }
                copyPadded(pieceText + Int(start), Int(count), to: out + at)
                at += Int(count)
                return true
            }
        }
        let index = number < Self.directLimit && s.directStart >= 0
            ? Int(direct[Int(s.directStart) + Int(number)])
            : Self.findRule(s, number, UnsafeBufferPointer(start: rules, count: counts.rules))
        if index < 0 { return false }
        return apply(rule: index, n, out, &at, capacity, depth: depth, negative: false)
    }

    /// ICU's `NFRuleSet::findNormalRule` for a non-negative number: the last rule whose base is
    /// at most the number (an exact base wins), rolled back to its predecessor when it has a
    /// `>>` and the number is an even multiple of its divisor but its base is not ("101: <<
    /// hundred >>" must not format 200 as "two hundred zero"). The global rule index, or -1.
    private static func findRule<C: RandomAccessCollection<Rule>>(_ s: RuleSet, _ number: Int64, _ rules: C) -> Int
        where C.Index == Int {
        var lo = 0
        var hi = Int(s.ruleCount)
        let first = Int(s.firstRule)
        while lo < hi {
            let mid = (lo + hi) / 2
            let base = rules[rules.startIndex + first + mid].base
            if base == number { return first + mid }
            if base > number { hi = mid } else { lo = mid + 1 }
        }
        if hi == 0 { return -1 }
        var index = first + hi - 1
        let rule = rules[rules.startIndex + index]
        if rule.hasModulus && number % rule.divisor == 0 && rule.base % rule.divisor != 0 {
            if hi == 1 { return -1 }
            index -= 1
        }
        return index
    }

    private func apply(rule index: Int, _ n: Int64, _ out: UnsafeMutablePointer<UInt8>, _ at: inout Int, _ capacity: Int,
                       depth: Int, negative: Bool) -> Bool {
        let rule = rules[index]
        let end = Int(rule.firstPiece) + Int(rule.pieceCount)
        var k = Int(rule.firstPiece)
        while k < end {
            let piece = pieces[k]
            k += 1
            switch piece.kind {
            case .text:
                let count = Int(piece.b)
                guard at + count + 16 <= capacity else { return false }
                copyPadded(text + Int(piece.a), count, to: out + at)
                at += count
            case .quotient:
                // With a DecimalFormat and no remainder in the rule, ICU divides as a double and
                // rounds: only exact quotients are taken here.
                var quotient = n / rule.divisor
                if piece.target < 0 {
                    // A DecimalFormat gets ICU's double quotient: floored when the rule also has a
                    // remainder; otherwise unrounded (and rounded by the pattern), taken here only
                    // when exact.
                    if n % rule.divisor != 0 {
                        guard rule.hasModulus else { return false }
                        if n < 0 { quotient -= 1 }
                    }
                }
                guard substitute(piece.target, quotient, of: n, out, &at, capacity, depth: depth) else { return false }
            case .remainder:
                guard substitute(piece.target, n % rule.divisor, of: n, out, &at, capacity, depth: depth) else { return false }
            case .remainderRule:
                guard depth + 1 < Self.recursionLimit,
                      apply(rule: Int(piece.target), n % rule.divisor, out, &at, capacity, depth: depth + 1, negative: false)
                else { return false }
            case .same:
                guard substitute(piece.target, n, of: n, out, &at, capacity, depth: depth) else { return false }
            case .absolute:
                guard n != Int64.min, substitute(piece.target, n < 0 ? -n : n, of: n, out, &at, capacity, depth: depth) else { return false }
            case .plural:
                if negative { return false }
                let choice = Int(piece.a)
                let quotient = Int64(Int32(truncatingIfNeeded: n / rule.divisor))
                let rules = pluralIsOrdinal[choice] ? ordinal : cardinal
                guard let rules else { return false }
                let category = rules.category(forInteger: quotient)
                var start = pluralTexts[choice * 12 + category.index * 2]
                var count = pluralTexts[choice * 12 + category.index * 2 + 1]
                if start < 0 {
                    start = pluralTexts[choice * 12 + PluralCategory.other.index * 2]
                    count = pluralTexts[choice * 12 + PluralCategory.other.index * 2 + 1]
                    if start < 0 { return false }
                }
                guard at + Int(count) <= capacity else { return false }
                (out + at).update(from: text + Int(start), count: Int(count))
                at += Int(count)
            }
        }
        return true
    }

    /// Copies `count` bytes from a pool with 16 readable bytes past every text, to a place with
    /// 16 writable bytes past `count`: up to 16 bytes move as two 8-byte words.
    @inline(__always)
    private func copyPadded(_ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>) {
        if count <= 16 {
            let t = UnsafeMutableRawPointer(target)
            t.storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self), as: UInt64.self)
            (t + 8).storeBytes(of: UnsafeRawPointer(source + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else {
            target.update(from: source, count: count)
        }
    }

    @inline(__always)
    private func substitute(_ target: Int32, _ n: Int64, of original: Int64, _ out: UnsafeMutablePointer<UInt8>, _ at: inout Int,
                            _ capacity: Int, depth: Int) -> Bool {
        if target >= 0 { return format(set: Int(target), n, out, &at, capacity, depth: depth + 1) }
        let pattern = patterns[Int(-1 - target)]
        // ICU hands a DecimalFormat the rule's number as a double whenever it is at most 2^53 - 1
        // — negative ones of any size too, which rounds those below -2^53: left to ICU.
        guard at + 128 <= capacity, original >= -9_007_199_254_740_991 else { return false }
        at += digits.writeGrouped(n, minimumDigits: pattern.minimumDigits, primary: pattern.primary,
                                  secondary: pattern.secondary, minimumGrouping: 1, into: out + at)
        return true
    }

    // MARK: Reading ICU's description

    private final class Parser {
        var sets: [RuleSet] = []
        var rules: [Rule] = []
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var patterns: [DecimalPattern] = []
        var plurals: [PluralChoice] = []
        var setIndex: [String: Int] = [:]
        /// Each set's rule statements, as written, until compiled.
        var statements: [[String]] = []
        var names: [String] = []
        var compiled: Set<Int> = []
        var fractionSets: Set<String> = []

        init?(description: String) {
            // Statements end with ';'. A rule set starts with "%name:" before its first rule.
            var current = -1
            for raw in description.split(separator: ";", omittingEmptySubsequences: false) {
                var statement = Substring(raw)
                while let c = statement.unicodeScalars.first, c.properties.isPatternWhitespace {
                    statement = statement.dropFirst()
                }
                if statement.isEmpty { continue }
                if statement.hasPrefix("%") {
                    guard let colon = statement.firstIndex(of: ":") else { return nil }
                    let name = String(statement[..<colon])
                    if name == "%%post-process" || name == "%%lenient-parse" { return nil }
                    current = names.count
                    setIndex[name] = current
                    names.append(name)
                    statements.append([])
                    statement = statement[statement.index(after: colon)...]
                    while let c = statement.unicodeScalars.first, c.properties.isPatternWhitespace {
                        statement = statement.dropFirst()
                    }
                    if statement.isEmpty { continue }
                }
                guard current >= 0 else { return nil }
                statements[current].append(String(statement))
            }
            guard !names.isEmpty else { return nil }
            // Rule sets that fraction rules name in a `>…>` substitution become fraction rule sets.
            for (owner, set) in statements.enumerated() {
                for statement in set {
                    guard let colon = statement.firstIndex(of: ":") else { continue }
                    let descriptor = statement[..<colon]
                    guard descriptor.count == 3, descriptor.contains("x") else { continue }
                    var rest = Substring(statement[statement.index(after: colon)...])
                    while let start = rest.firstRange(of: ">%") {
                        let after = rest[start.upperBound...]
                        guard let end = after.firstIndex(of: ">") else { break }
                        // A fraction rule naming its own rule set formats digit by digit instead.
                        let name = "%" + String(after[..<end])
                        if name != names[owner] { fractionSets.insert(name) }
                        rest = after[after.index(after: end)...]
                    }
                }
            }
            sets = names.map { RuleSet(firstRule: 0, ruleCount: 0, negativeRule: -1, isFraction: fractionSets.contains($0)) }
        }

        /// Compiles `start` and every rule set it reaches.
        func compile(from start: Int) -> Bool {
            var pending = [start]
            while let set = pending.popLast() {
                if compiled.contains(set) { continue }
                compiled.insert(set)
                guard let reached = compileSet(set) else { return false }
                pending += reached
            }
            return true
        }

        /// Returns the rule sets this one refers to, or nil when it uses something unsupported.
        private func compileSet(_ set: Int) -> [Int]? {
            var reached: [Int] = []
            let first = rules.count
            var lastNormal = -1
            var bodies: [String] = []
            var negativeRule: Rule?
            if sets[set].isFraction { return [] }   // never formatted on this path (declines)
            for statement in statements[set] {
                guard let colon = statement.firstIndex(of: ":") else { return nil }
                let descriptor = String(statement[..<colon])
                var body = Substring(statement[statement.index(after: colon)...])
                while let c = body.unicodeScalars.first, c.properties.isPatternWhitespace { body = body.dropFirst() }
                // ICU prints an apostrophe before rule text that starts with a space; any other
                // leading apostrophe is the text's own (Azerbaijani "'inci").
                if body.hasPrefix("' ") { body = body.dropFirst() }
                guard let firstScalar = descriptor.unicodeScalars.first, let lastScalar = descriptor.unicodeScalars.last else {
                    return nil
                }
                if ("0"..."9").contains(firstScalar) && lastScalar != "x" {
                    guard let (base, radix, carets) = Self.parseDescriptor(descriptor) else { return nil }
                    let exponent = max(0, Self.expectedExponent(base: base, radix: radix) - carets)
                    guard let divisor = Self.power(radix, exponent), divisor > 0 else { return nil }
                    if rules.count > first, let last = rules.last, base < last.base { return nil }
                    // `>>>` uses the rule before this one in ICU's list as ICU built it. A
                    // bracketed rule "b: x[y]" was built as "b: x" and "b+1: xy", both with the
                    // predecessor of the original; the description ICU prints shows the pair,
                    // so a rule that extends the one just before it, one above its base, shares
                    // that one's predecessor.
                    var predecessor = lastNormal
                    if lastNormal >= first, rules[lastNormal].base == base - 1,
                       Self.extendsByOneBracket(bodies.last ?? "", String(body)) {
                        predecessor = lastNormal > first ? lastNormal - 1 : -1
                    }
                    guard let rule = compileRule(String(body), set: set, base: base, divisor: divisor,
                                                 predecessor: predecessor, negative: false, reached: &reached) else { return nil }
                    rules.append(rule)
                    bodies.append(String(body))
                    lastNormal = rules.count - 1
                } else if descriptor == "-x" {
                    guard let rule = compileRule(String(body), set: set, base: -1, divisor: 1, predecessor: lastNormal,
                                                 negative: true, reached: &reached) else { return nil }
                    negativeRule = rule
                } else {
                    // x.x, 0.x, x.0, Inf, NaN: not used for integers on this path.
                    continue
                }
            }
            let count = rules.count - first
            var negative: Int32 = -1
            if let negativeRule {
                rules.append(negativeRule)
                negative = Int32(rules.count - 1)
            }
            sets[set] = RuleSet(firstRule: Int32(first), ruleCount: Int32(count), negativeRule: negative, isFraction: false)
            return reached
        }

        /// Whether `longer` is `shorter` with one run of text inserted (a bracket's content).
        static func extendsByOneBracket(_ shorter: String, _ longer: String) -> Bool {
            let a = Array(shorter.unicodeScalars), b = Array(longer.unicodeScalars)
            guard b.count > a.count else { return false }
            var prefix = 0
            while prefix < a.count && a[prefix] == b[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < a.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
            return prefix + suffix == a.count
        }

        /// `1000`, `1,000`, `60/60`, `100>`: base, radix, and how many `>` lower the exponent.
        static func parseDescriptor(_ descriptor: String) -> (Int64, Int64, Int)? {
            var base: Int64 = 0
            var radix: Int64 = 10
            var carets = 0
            var mode = 0  // 0 base, 1 radix, 2 carets
            var radixValue: Int64 = 0
            for c in descriptor.unicodeScalars {
                switch c {
                case "0"..."9":
                    guard mode < 2 else { return nil }
                    let digit = Int64(c.value - 48)
                    if mode == 0 {
                        let (m, o1) = base.multipliedReportingOverflow(by: 10)
                        let (a, o2) = m.addingReportingOverflow(digit)
                        if o1 || o2 { return nil }
                        base = a
                    } else {
                        radixValue = radixValue * 10 + digit
                        if radixValue > 1_000_000_000 { return nil }
                    }
                case "/":
                    guard mode == 0 else { return nil }
                    mode = 1
                case ">":
                    mode = 2
                    carets += 1
                case ",", ".", " ":
                    guard mode < 2 else { return nil }
                default:
                    if c.properties.isPatternWhitespace && mode < 2 { continue }
                    return nil
                }
            }
            if mode >= 1 && radixValue > 0 { radix = radixValue }
            if mode == 1 && radixValue == 0 { return nil }
            return (base, radix, carets)
        }

        /// ICU's `NFRule::expectedExponent`: the largest power of the radix not above the base.
        static func expectedExponent(base: Int64, radix: Int64) -> Int {
            guard radix > 1, base >= 1 else { return 0 }
            var exponent = 0
            var value: Int64 = 1
            while true {
                let (next, overflow) = value.multipliedReportingOverflow(by: radix)
                if overflow || next > base { break }
                value = next
                exponent += 1
            }
            return exponent
        }

        static func power(_ radix: Int64, _ exponent: Int) -> Int64? {
            var value: Int64 = 1
            for _ in 0..<exponent {
                let (next, overflow) = value.multipliedReportingOverflow(by: radix)
                if overflow { return nil }
                value = next
            }
            return value
        }

        private static let prefixes = ["<<", "<%", "<#", "<0", ">>", ">%", ">#", ">0", "=%", "=#", "=0"]
        private static let prefixScalars: [[Unicode.Scalar]] = prefixes.map { Array($0.unicodeScalars) }

        /// ICU's `extractSubstitutions`: up to two tokens, each removed from the text and
        /// remembered at its position; then an optional `$(…)$`.
        private func compileRule(_ body: String, set: Int, base: Int64, divisor: Int64, predecessor: Int,
                                 negative: Bool, reached: inout [Int]) -> Rule? {
            var remaining = Array(body.unicodeScalars)
            var subs: [(position: Int, token: [Unicode.Scalar])] = []
            for _ in 0..<2 {
                guard let (start, end) = Self.findToken(remaining) else { break }
                subs.append((start, Array(remaining[start...end])))
                remaining.removeSubrange(start...end)
            }
            // The plural part, in the text without the tokens.
            var pluralRange: Range<Int>?
            if let open = Self.find(["$", "("], in: remaining, from: 0),
               let close = Self.find([")", "$"], in: remaining, from: open) {
                pluralRange = open..<(close + 2)
            }
            // Pieces in order of position; a token at the plural's start goes before it (ICU only
            // shifts substitutions that come after the plural's start).
            var events: [(position: Int, order: Int, piece: Piece?)] = []
            for (i, sub) in subs.enumerated() {
                guard let piece = makeSubstitution(sub.token, set: set, predecessor: predecessor, negative: negative,
                                                   reached: &reached) else { return nil }
                events.append((sub.position, i, piece))
            }
            var cursor = 0
            var pieceList: [Piece] = []
            func emitText(_ upTo: Int) {
                guard upTo > cursor else { return }
                let bytes = Array(String(String.UnicodeScalarView(remaining[cursor..<upTo])).utf8)
                pieceList.append(Piece(kind: .text, a: Int32(text.count), b: Int32(bytes.count)))
                text += bytes
                cursor = upTo
            }
            var pluralDone = pluralRange == nil
            for event in events.sorted(by: { ($0.position, $0.order) < ($1.position, $1.order) }) {
                if !pluralDone, let range = pluralRange, event.position > range.lowerBound {
                    emitText(range.lowerBound)
                    guard let choice = makePlural(Array(remaining[(range.lowerBound + 2)..<(range.upperBound - 2)])) else { return nil }
                    pieceList.append(choice)
                    cursor = range.upperBound
                    pluralDone = true
                }
                emitText(event.position)
                pieceList.append(event.piece!)
            }
            if !pluralDone, let range = pluralRange {
                emitText(range.lowerBound)
                guard let choice = makePlural(Array(remaining[(range.lowerBound + 2)..<(range.upperBound - 2)])) else { return nil }
                pieceList.append(choice)
                cursor = range.upperBound
            }
            emitText(remaining.count)
            let hasModulus = pieceList.contains { $0.kind == .remainder || $0.kind == .remainderRule }
            let rule = Rule(base: base, divisor: divisor, hasModulus: hasModulus, firstPiece: Int32(pieces.count),
                            pieceCount: Int32(pieceList.count))
            pieces += pieceList
            return rule
        }

        private static func find(_ needle: [Unicode.Scalar], in text: [Unicode.Scalar], from: Int) -> Int? {
            guard text.count >= needle.count, let first = needle.first else { return nil }
            var i = from
            outer: while i + needle.count <= text.count {
                if text[i] == first {
                    for k in 1..<needle.count where text[i + k] != needle[k] {
                        i += 1
                        continue outer
                    }
                    return i
                }
                i += 1
            }
            return nil
        }

        /// The first substitution token: start and end (inclusive), as ICU finds them.
        private static func findToken(_ text: [Unicode.Scalar]) -> (Int, Int)? {
            // The first place where one of ICU's substitution prefixes starts.
            var start: Int?
            var i = 0
            scan: while i + 1 < text.count {
                let c = text[i]
                if c == "<" || c == ">" || c == "=" {
                    for prefix in prefixScalars where prefix[0] == c && prefix[1] == text[i + 1] {
                        start = i
                        break scan
                    }
                }
                i += 1
            }
            guard let start else { return nil }
            if let triple = find([">", ">", ">"], in: text, from: 0), triple == start { return (start, start + 2) }
            let c = text[start]
            guard let end = text[(start + 1)...].firstIndex(of: c) else { return nil }
            if c == "<" && end < text.count - 1 && text[end + 1] == c { return nil }  // `<%foo<<`: fraction only
            return (start, end)
        }

        private func makeSubstitution(_ token: [Unicode.Scalar], set: Int, predecessor: Int, negative: Bool,
                                      reached: inout [Int]) -> Piece? {
            let kind = token[0]
            if token == [">", ">", ">"] {
                guard !negative else { return nil }
                // Without a predecessor ICU formats the remainder with the rule's own set.
                if predecessor < 0 { return Piece(kind: .remainder, target: Int32(set)) }
                return Piece(kind: .remainderRule, target: Int32(predecessor))
            }
            let inner = String(String.UnicodeScalarView(token[1..<(token.count - 1)]))
            var target: Int32
            if inner.isEmpty {
                target = Int32(set)
            } else if inner.hasPrefix("%") {
                guard let index = setIndex[inner] else { return nil }
                target = Int32(index)
                reached.append(index)
            } else if inner.hasPrefix("#") || inner.hasPrefix("0") {
                guard let pattern = Self.parsePattern(inner) else { return nil }
                patterns.append(pattern)
                target = -Int32(patterns.count)
            } else {
                return nil
            }
            switch kind {
            case "<":
                guard !negative else { return nil }
                return Piece(kind: .quotient, target: target)
            case ">":
                return Piece(kind: negative ? .absolute : .remainder, target: target)
            case "=":
                return Piece(kind: .same, target: target)
            default:
                return nil
            }
        }

        /// `#,##0`, `#,##,##0`, `0`, `00`, `#,##0.#`: an integer pattern (optional fraction
        /// digits print nothing for an integer).
        static func parsePattern(_ pattern: String) -> DecimalPattern? {
            var integer = Substring(pattern)
            if let dot = pattern.firstIndex(of: ".") {
                let fraction = pattern[pattern.index(after: dot)...]
                guard fraction.allSatisfy({ $0 == "#" }) else { return nil }
                integer = pattern[..<dot]
            }
            guard !integer.isEmpty, integer.allSatisfy({ $0 == "#" || $0 == "0" || $0 == "," }) else { return nil }
            let groups = integer.split(separator: ",", omittingEmptySubsequences: false)
            let minimumDigits = integer.filter { $0 == "0" }.count
            var primary = 0
            var secondary = 0
            if groups.count >= 2 {
                primary = groups[groups.count - 1].count
                secondary = groups.count >= 3 ? groups[groups.count - 2].count : primary
                guard primary > 0, secondary > 0 else { return nil }
            }
            return DecimalPattern(minimumDigits: max(1, minimumDigits), primary: primary, secondary: secondary)
        }

        /// `cardinal,one{…}other{…}` → a plural choice piece.
        private func makePlural(_ content: [Unicode.Scalar]) -> Piece? {
            let string = String(String.UnicodeScalarView(content))
            guard let comma = string.firstIndex(of: ",") else { return nil }
            let type = string[..<comma]
            let ordinal: Bool
            if type.hasPrefix("cardinal") { ordinal = false } else if type.hasPrefix("ordinal") { ordinal = true } else { return nil }
            var body = Substring(string[string.index(after: comma)...])
            if body.contains("#") || body.contains("'") || body.contains("=") { return nil }
            var texts = [(Int32, Int32)](repeating: (-1, 0), count: 6)
            while true {
                while let c = body.unicodeScalars.first, c.properties.isPatternWhitespace { body = body.dropFirst() }
                if body.isEmpty { break }
                guard let open = body.firstIndex(of: "{"), let close = body[open...].firstIndex(of: "}") else { return nil }
                let keyword = body[..<open].trimmingCharacters(in: " ")
                let message = body[body.index(after: open)..<close]
                if message.contains("{") { return nil }
                guard let category = PluralCategory(rawValue: keyword) else { return nil }
                if texts[category.index].0 < 0 {
                    let bytes = Array(message.utf8)
                    texts[category.index] = (Int32(text.count), Int32(bytes.count))
                    text += bytes
                }
                body = body[body.index(after: close)...]
            }
            guard texts[PluralCategory.other.index].0 >= 0 else { return nil }
            plurals.append(PluralChoice(ordinal: ordinal, texts: texts))
            return Piece(kind: .plural, a: Int32(plurals.count - 1))
        }
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
