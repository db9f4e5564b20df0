import ICUOracle
import SpeakableICU
import SpeakableMessages
import Testing
import SpeakableTestSupport

/// Generates many patterns and argument sets and formats each with ICU's own MessageFormat
/// (`umsg`, arguments renamed to numbers) and with Speakable, across many locales. Every output
/// must match, and where ICU fails Speakable must fail. No expected strings are stored, so this
/// keeps working when ICU is upgraded.
@Suite struct DifferentialTests {
    static let locales = ["en", "ko", "ja", "ar", "ru", "pl", "cy", "he", "lt", "fr", "de", "es", "pt", "zh",
                          "hi", "bn", "tr", "uk", "cs", "sl", "ga", "mt", "fa", "th", "sv", "ar-EG", "sr-Latn", "en-IN"]

    @Test(arguments: locales)
    func generatedMessagesMatchICU(_ tag: String) throws {
        ICUMessageFormat.setDefaultTimeZone("UTC")
        let locale = try ICULocale(tag)
        let rules = try PluralRules(locale: locale, kind: .cardinal)
        let ordinalRules = try PluralRules(locale: locale, kind: .ordinal)
        // The seed comes from the tag (String.hashValue is randomized per process).
        var generator = PatternGenerator(seed: tag.utf8.reduce(0xC0FFEE) { $0 &* 31 &+ UInt64($1) },
                                         cardinal: rules.categories, ordinal: ordinalRules.categories)
        var compared = 0
        var matchedText = 0
        var rejectedPatterns = 0
        var mismatches: [String] = []
        for _ in 0..<250 {
            let pattern = generator.message()
            let oracle: ICUMessageFormat
            do {
                oracle = try ICUMessageFormat(pattern: pattern.numbered, locale: locale.identifier)
            } catch {
                // ICU rejects it: Speakable must too.
                rejectedPatterns += 1
                let ours = try? CompiledMessage(pattern.named, locale: locale)
                if ours != nil { mismatches.append("ICU rejects \(pattern.numbered) (\(error)), Speakable accepts it") }
                continue
            }
            let compiled: CompiledMessage
            do {
                compiled = try CompiledMessage(pattern.named, locale: locale)
            } catch {
                mismatches.append("Speakable rejects \(pattern.named): \(error)")
                continue
            }
            // ICU reads unused argument numbers as pointers from the va_list: pass a pointer there,
            // or the following arguments are read from the wrong registers.
            let used = Set(try MessagePattern(pattern.numbered).argumentNames.compactMap(Int.init))
            for _ in 0..<6 {
                let values = generator.values()
                let oracleValues = values.oracle.enumerated().map { used.contains($0.offset) ? $0.element : .unused }
                let expected = oracle.format(oracleValues)
                let actual = Result { () throws(MessageFormatError) in try compiled.format(values.named) }
                compared += 1
                switch (expected, actual) {
                case (.success(let e), .success(let a)) where e == a:
                    matchedText += 1
                case (.failure, .failure):
                    continue
                default:
                    mismatches.append("\(tag) \(pattern.named) \(values.named): ICU \(expected), Speakable \(actual)")
                }
            }
        }
        // Most generated messages must format (failures on both sides prove less).
        #expect(compared > 500)
        #expect(matchedText * 10 > compared * 7, "only \(matchedText) of \(compared) formatted; \(rejectedPatterns) patterns rejected")
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(10).joined(separator: "\n"))")
    }
}

/// A message in two spellings: with names for Speakable, with numbers for ICU's C API.
struct GeneratedPattern {
    var named = ""
    var numbered = ""

    static func + (a: GeneratedPattern, b: GeneratedPattern) -> GeneratedPattern {
        GeneratedPattern(named: a.named + b.named, numbered: a.numbered + b.numbered)
    }

    static func same(_ text: String) -> GeneratedPattern { GeneratedPattern(named: text, numbered: text) }
}

/// Argument values in both forms. Slots: n → 0, m → 1 (numbers, read as double by umsg),
/// s → 2 (string), d → 3 (date), k → 4 (`integer` style, read as int32 by umsg).
struct GeneratedValues {
    var named: [String: MessageArgument]
    var oracle: [OracleArgument]
}

struct PatternGenerator {
    private var random: SplitMix
    let cardinal: [PluralCategory]
    let ordinal: [PluralCategory]

    init(seed: UInt64, cardinal: [PluralCategory], ordinal: [PluralCategory]) {
        self.random = SplitMix(seed: seed)
        self.cardinal = cardinal
        self.ordinal = ordinal
    }

    mutating func next() -> UInt64 { random.next() }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    // MARK: Patterns

    mutating func message() -> GeneratedPattern {
        var result = GeneratedPattern()
        let pieces = 1 + Int(next() % 4)
        for _ in 0..<pieces {
            let kind = Int(next() % 7)
            result = result + piece(kind, depth: 0)
        }
        return result
    }

    private mutating func piece(_ kind: Int, depth: Int) -> GeneratedPattern {
        switch kind {
        case 0: return literal(inPlural: false)
        case 1: return numberArgument("n", slot: 0)
        case 2: return plural(depth: depth, ordinal: false)
        case 3: return plural(depth: depth, ordinal: true)
        case 4: return select(depth: depth)
        case 5: return dateArgument()
        default: return chance(50) ? GeneratedPattern(named: "{s}", numbered: "{2}") : integerArgument()
        }
    }

    private mutating func literal(inPlural: Bool) -> GeneratedPattern {
        var texts = ["Row ", " stars", " — ", "don''t ", "don't ", "'{'literal'}' ", "'{{'", "日本語 ", "별 ", ": ",
                     ", ", "100% ", "\u{00A0}", " It''s ", "'}'", "a'b", "''", " | ", "# "]
        if inPlural { texts += ["'#' ", "'#'x", " # "] }
        return .same(pick(texts))
    }

    private mutating func numberArgument(_ name: String, slot: Int) -> GeneratedPattern {
        let styles = ["", ", number", ", number, percent", ", number, currency", ", number, ::percent",
                      ", number, ::.00", ", number, ::compact-short", ", number, ::precision-integer",
                      ", number, ::measure-unit/duration-second unit-width-full-name", ", number, ::sign-always group-off",
                      ", number, #,##0.0", ", number,#,##0.###", ", number, 00.#", ", spellout", ", ordinal",
                      ", duration", ", duration, %with-words", ",duration,%with-words", ",spellout,%spellout-ordinal", ", number, ::currency/EUR", ", NUMBER, Percent"]
        let style = pick(styles)
        if style.isEmpty {
            // ICU's C API cannot pass a number to an untyped argument; {0,number} formats the same.
            return GeneratedPattern(named: "{\(name)}", numbered: "{\(slot),number}")
        }
        return GeneratedPattern(named: "{\(name)\(style)}", numbered: "{\(slot)\(style)}")
    }

    private mutating func integerArgument() -> GeneratedPattern {
        GeneratedPattern(named: "{k, number, integer}", numbered: "{4, number, integer}")
    }

    private mutating func dateArgument() -> GeneratedPattern {
        let style = pick([", date", ", date, short", ", date, long", ", date, full", ", time", ", time, short",
                          ", date, ::MMMMd", ", date, ::yMMMEd", ", time, ::jm", ", date, y-MM-dd HH:mm"])
        return GeneratedPattern(named: "{d\(style)}", numbered: "{3\(style)}")
    }

    private mutating func body(depth: Int, inPlural: Bool, pluralName: String?) -> GeneratedPattern {
        var result = GeneratedPattern()
        for _ in 0..<(1 + Int(next() % 3)) {
            switch next() % 7 {
            case 0, 1: result = result + literal(inPlural: inPlural)
            case 2: result = result + (inPlural ? .same("#") : literal(inPlural: false))
            case 3: result = result + numberArgument(pluralName == "m" ? "m" : "n", slot: pluralName == "m" ? 1 : 0)
            case 4 where depth < 2: result = result + select(depth: depth + 1)
            case 5 where depth < 2: result = result + plural(depth: depth + 1, ordinal: chance(30), name: "m")
            default: result = result + .same(pick(["x", "y ", " z"]))
            }
        }
        return result
    }

    private mutating func plural(depth: Int, ordinal: Bool, name: String = "n") -> GeneratedPattern {
        let slot = name == "m" ? 1 : 0
        let keyword = ordinal ? "selectordinal" : "plural"
        var result = GeneratedPattern(named: "{\(name), \(keyword), ", numbered: "{\(slot), \(keyword), ")
        if chance(25) { result = result + .same(pick(["offset:1 ", "offset:2 ", "offset:1.5 "])) }
        var cases: [GeneratedPattern] = []
        for exact in [0, 1, 2, 5] where chance(20) {
            cases.append(.same("=\(exact) {") + body(depth: depth, inPlural: true, pluralName: name) + .same("}"))
        }
        let categories = ordinal ? self.ordinal : self.cardinal
        for category in categories where category != .other && chance(80) {
            cases.append(.same("\(category.rawValue) {") + body(depth: depth, inPlural: true, pluralName: name) + .same("}"))
        }
        if chance(10) { cases.append(.same("few {few}")) }  // a keyword the locale may never use
        var shuffled = cases
        for i in shuffled.indices.reversed() where i > 0 {
            shuffled.swapAt(i, Int(next() % UInt64(i + 1)))
        }
        let other = GeneratedPattern.same("other {") + body(depth: depth, inPlural: true, pluralName: name) + .same("}")
        let at = Int(next() % UInt64(shuffled.count + 1))
        shuffled.insert(other, at: at)
        for item in shuffled { result = result + item + .same(" ") }
        return result + .same("}")
    }

    private mutating func select(depth: Int) -> GeneratedPattern {
        var result = GeneratedPattern(named: "{s, select, ", numbered: "{2, select, ")
        for key in ["a", "b", "female"] where chance(60) {
            result = result + .same("\(key) {") + body(depth: depth, inPlural: false, pluralName: nil) + .same("} ")
        }
        return result + .same("other {") + body(depth: depth, inPlural: false, pluralName: nil) + .same("}}")
    }

    // MARK: Values

    mutating func values() -> GeneratedValues {
        let numbers: [Double] = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 15, 21, 22, 100, 101, 111, 1000, 1001, 12345,
                                 1_000_000, 0.5, 1.5, 2.25, 3.14159, -1, -3, 0.001, 123_456.789, 9180, 4530]
        func numeric(_ x: Double, _ g: inout PatternGenerator) -> MessageArgument {
            // Whole numbers go in as Int64 half the time: ICU formats a double 3.0 and an int64 3 alike.
            if x == x.rounded(), g.chance(50) { return .int(Int64(x)) }
            return .double(x)
        }
        let n = pick(numbers)
        let m = pick(numbers)
        let s = pick(["a", "b", "female", "other", "c", "x y"])
        let d = pick([0, 1_756_166_400_000, 871_068_000_000, 1_637_714_575_000, -86_400_000.0])
        let k = pick([0, 1, 2, 7, 1234, -5, 100_000])
        return GeneratedValues(
            named: ["n": numeric(n, &self), "m": numeric(m, &self), "s": .string(s), "d": .date(d), "k": .int(Int64(k))],
            oracle: [.double(n), .double(m), .string(s), .date(d), .int32(Int32(k))])
    }
}
