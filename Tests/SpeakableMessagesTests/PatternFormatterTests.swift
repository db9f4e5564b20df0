import ICUOracle
import SpeakableICU
import Testing
@testable import SpeakableMessages

/// ``PatternFormatter`` formats a parsed pattern without compiling it: every output must be the
/// compiled message's, and nil exactly where compiling or formatting throws — checked on
/// generated messages against ``CompiledMessage`` and against ICU's own MessageFormat.
@Suite struct PatternFormatterTests {
    let english = ICULocale.english

    @Test(arguments: DifferentialTests.locales)
    func generatedMessagesMatchTheCompiledMessageAndICU(_ tag: String) throws {
        ICUMessageFormat.setDefaultTimeZone("UTC")
        let locale = try ICULocale(tag)
        let formatter = PatternFormatter(locale: locale)
        let rules = try PluralRules(locale: locale, kind: .cardinal)
        let ordinalRules = try PluralRules(locale: locale, kind: .ordinal)
        // Another seed than DifferentialTests', so that other messages are compared.
        var generator = PatternGenerator(seed: tag.utf8.reduce(0xF0A3) { $0 &* 33 &+ UInt64($1) },
                                         cardinal: rules.categories, ordinal: ordinalRules.categories)
        var compared = 0
        var formatted = 0
        var mismatches: [String] = []
        for _ in 0..<250 {
            let generated = generator.message()
            guard let pattern = try? MessagePattern(generated.named) else { continue }
            let oracle = try? ICUMessageFormat(pattern: generated.numbered, locale: locale.identifier)
            let compiled = try? CompiledMessage(pattern, locale: locale)
            let used = Set((try? MessagePattern(generated.numbered))?.argumentNames.compactMap(Int.init) ?? [])
            for round in 0..<6 {
                var values = generator.values()
                // Some arguments missing (printed as `{name}`), in every other round.
                if round % 2 == 1 {
                    for name in ["n", "m", "s", "d", "k"] where generator.chance(30) { values.named[name] = nil }
                }
                let ours = formatter.format(pattern, values.named)
                let expected = compiled.flatMap { try? $0.format(values.named) }
                compared += 1
                if ours != expected {
                    mismatches.append("\(tag) \(generated.named) \(values.named): compiled \(expected ?? "nil"), once \(ours ?? "nil")")
                }
                if ours != nil { formatted += 1 }
                // With every argument given, ICU's own output too.
                if round % 2 == 0, let oracle {
                    let oracleValues = values.oracle.enumerated().map { used.contains($0.offset) ? $0.element : .unused }
                    switch oracle.format(oracleValues) {
                    case .success(let text) where text != ours:
                        mismatches.append("\(tag) \(generated.named) \(values.named): ICU \(text), once \(ours ?? "nil")")
                    case .failure where ours != nil:
                        mismatches.append("\(tag) \(generated.named) \(values.named): ICU fails, once \(ours!)")
                    default:
                        break
                    }
                }
            }
        }
        #expect(compared > 1_000)
        #expect(formatted * 10 > compared * 6, "only \(formatted) of \(compared) formatted")
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(10).joined(separator: "\n"))")
    }

    /// The same answer as the compiled message for `source` with each set of `arguments`.
    private func expectSame(_ source: String, locale: ICULocale = .english, _ argumentSets: [[String: MessageArgument]],
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pattern = try MessagePattern(source)
        let compiled = try? CompiledMessage(pattern, locale: locale)
        for arguments in argumentSets {
            let expected = compiled.flatMap { try? $0.format(arguments) }
            #expect(pattern.formatted(arguments, locale: locale) == expected, "\(source) \(arguments)", sourceLocation: sourceLocation)
        }
    }

    @Test func documentedExamples() throws {
        let formatter = PatternFormatter(locale: .english)
        let stars = try MessagePattern("Level {level}, {stars, plural, one {# star} other {# stars}}")
        #expect(formatter.format(stars, ["level": 5, "stars": 2]) == "Level 5, 2 stars")
        #expect(formatter.format(stars, ["level": 5]) == "Level 5, {stars}")
        #expect(formatter.format(stars, ["level": 5, "stars": "two"]) == nil)
        #expect(stars.formatted(["level": 5, "stars": 1], locale: .english) == "Level 5, 1 star")
        let lines = try MessagePattern("{count, plural, one {# line cleared} other {# lines cleared}}")
        #expect(lines.formatted(["count": 2], locale: .english) == "2 lines cleared")
        #expect(lines.formatted(["count": "two"], locale: .english) == nil)
    }

    @Test func missingArgumentsAndTypeErrorsAsCompiled() throws {
        try expectSame("Row {row}, {content, select, empty {empty} given {given {digit}} other {{digit}}}",
                       [[:], ["row": 3], ["content": "given"], ["content": 4], ["row": 3, "column": 5, "content": "given", "digit": 4],
                        ["content": "else", "digit": "x"]])
        try expectSame("{d, date} {t, time, short} {n, number, ::percent} {k, number, integer} {x}",
                       [["d": .date(0), "t": .double(1_756_166_400_000), "n": 0.5, "k": 7, "x": .date(86_400_000)],
                        ["d": 5], ["t": "noon"], ["n": "half"], ["n": .date(0)], ["k": 2.5], [:]])
        try expectSame("{n, spellout} {n, ordinal} {n, duration}", [["n": 4530], ["n": 1.5], ["n": -3], ["n": "x"]])
        try expectSame("{n, choice, 0#none|1#one|1<{n, number} many}", [["n": 0], ["n": 1], ["n": 1.5], ["n": .double(.nan)], ["n": "x"], [:]])
        try expectSame("# {n, plural, offset:1 =0 {none} =1 {just #} one {# and one} other {# and others}} #",
                       [["n": 0], ["n": 1], ["n": 2], ["n": 3], ["n": 2.5], [:]])
        try expectSame("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", [["n": 1], ["n": 2], ["n": 3], ["n": 11], ["n": 22.0]])
        // Plurals in plurals: `#` is the innermost number, also inside a select.
        try expectSame("{a, plural, other {# {b, plural, one {# {s, select, x {#} other {#!}}} other {#}} #}}",
                       [["a": 1, "b": 1, "s": "x"], ["a": 2, "b": 5, "s": "y"], ["a": 3], ["b": 1]])
        // The 'other' case's number format decides the category ("1.0" is plural in English).
        try expectSame("{n, plural, one {one} other {other {n, number,0.0}}}", [["n": 1], ["n": 1.0], ["n": 2]])
        try expectSame("{n, plural, one {one} other {{n, date}}}", [["n": 1], ["n": 1.0], ["n": .date(0)]])
        try expectSame("{s, select, other {{n, plural, other {#}}}}", [["s": "x", "n": 1], ["s": "x"]])
    }

    @Test func whatCannotCompileIsNilWhicheverCaseIsTaken() throws {
        // Date formats the parser does not check, in a case taken or not.
        for style in ["::Yw-x-q", "GGGGGGGGG jjj ''x", "::", "''", "qqqqqqq ZZZZZZZ"] {
            try expectSame("{s, select, a {{d, date, \(style)}} other {plain}}", [["s": "b"], ["s": "a", "d": .date(0)], [:]])
        }
        // Two argument names that differ only in Unicode normalization (which compiling refuses).
        try expectSame("{caf\u{E9}} {cafe\u{301}}", [["caf\u{E9}": "x"], [:]])
        #expect(try MessagePattern("{caf\u{E9}} {cafe\u{301}}").formatted(["caf\u{E9}": "x"], locale: english) == nil)
    }

    @Test func outputTooLargeIsNil() throws {
        let long = String(repeating: "x", count: CompiledMessage.maximumOutputLength / 2 + 1)
        try expectSame("{s}{s}", [["s": .string(long)]])
        #expect(try MessagePattern("{s}{s}").formatted(["s": .string(long)], locale: english) == nil)
        #expect(try MessagePattern("{s}").formatted(["s": .string(long)], locale: english) == long)
    }
}
