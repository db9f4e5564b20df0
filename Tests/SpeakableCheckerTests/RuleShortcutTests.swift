import SpeakableCatalog
import SpeakableICU
import SpeakableMessages
import Testing
@testable import SpeakableChecker
import SpeakableTestSupport

/// The rules skip work on what the written text rules out, and recognise common shapes without
/// the general computation. Each shortcut is checked here against the general computation it
/// stands for, on hand-picked messages and on many generated ones (quoting, non-ASCII spaces,
/// characters whose lower case is ASCII, nested cases).
@Suite struct RuleShortcutTests {
    typealias Generator = SplitMix

    /// Pieces that make quoting, spaces, percent signs, parentheses and gesture words meet.
    static let pieces = [
        " ", " ", "\u{A0}", "\u{3000}", "\u{2009}", "\u{202F}", "'", "''", "'{'", "'}'", "{n}", "{name}", "%", "%d", "%1$s",
        "(", "은(는)", "이(가)", "Tap", "tap", "TAP", "double", "Double tap", "K", "\u{212A}", "İ", "탭", "두 번 탭", "·", "a", "x",
        "{n, plural, one {# tap} other {# '{'taps}}", "{g, select, a {x  y} other {' '}}", "#", "|", "é", "Ω",
    ]

    static func messages(count: Int, seed: UInt64) -> [MessagePattern] {
        var generator = Generator(state: seed)
        var result: [MessagePattern] = []
        while result.count < count {
            var text = ""
            for _ in 0..<(1 + Int(generator.next() % 7)) { text += generator.pick(pieces) }
            if let pattern = try? MessagePattern(text) { result.append(pattern) }
        }
        return result
    }

    static let handPicked = [
        "a '{'  b", "a ' '{n}", "x '{ ' y", "don''t  do", "'{'%d'}'", "a ''% b", "Double tap", "DOUBLE\u{A0}TAP",
        "\u{212A}ey", "두 번 탭하세요", "KO·Double-Tap to place", "은(는) 선택", "'('은(는)", "a\u{A0} b", "a \u{3000}b",
    ].compactMap { try? MessagePattern($0) }

    @Test func writtenTextRulesOutOnlyWhatNoSegmentHolds() {
        var skipped = 0
        for pattern in Self.handPicked + Self.messages(count: 3000, seed: 12) {
            let facts = WrittenTextFacts(pattern.source)
            let segments = pattern.literalSegments
            let doubleSpace = segments.contains { segment in
                zip(segment.text.unicodeScalars, segment.text.unicodeScalars.dropFirst()).contains {
                    WhitespaceRule.isSpace($0) && WhitespaceRule.isSpace($1)
                }
            }
            if doubleSpace { #expect(facts.adjacentSpaces || facts.apostrophe, "\(pattern.source)") } else { skipped += 1 }
            if segments.contains(where: { $0.text.contains("%") }) { #expect(facts.percent, "\(pattern.source)") }
            if segments.contains(where: { $0.text.contains("(") }) { #expect(facts.parenthesis, "\(pattern.source)") }
            for language in ["en", "ko"] {
                let words = HintGestureRule.gestureUnits[language]!
                let found = segments.contains { segment in
                    let text = HintGestureRule.loweredForMatching(segment.text)
                    return words.contains { !PhraseMatching.occurrences(of: $0.units, inLowered: text, wholeWords: false).isEmpty }
                }
                guard found, facts.asciiOrCaseless && !facts.apostrophe else { continue }
                #expect(HintGestureRule.gestureBytes[language]!.contains { PhraseMatching.containsIgnoringASCIICase(pattern.source, $0) },
                        "\(pattern.source)")
            }
            #expect(facts.asciiOrCaseless == pattern.source.unicodeScalars.allSatisfy { $0.isASCII || HintGestureRule.isCaseless($0) })
        }
        #expect(skipped > 1000)
    }

    /// The pass the character rules (`bidi-control`, `invisible-character`) made of their own before the written-text facts made it.
    static func suspectAndControl(_ text: String) -> (Bool, Bool) {
        var suspect = false
        var control = false
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x80 {
                if byte < 0x20 && byte != 0x0A || byte == 0x7F { control = true }
            } else if i + 1 < bytes.count {
                let next = bytes[i + 1]
                switch byte {
                case 0xC2: if next <= 0x9F || next == 0xAD { suspect = true }
                case 0xD8: if next == 0x9C { suspect = true }
                case 0xE1: if next == 0xA0 { suspect = true }
                case 0xE2: if next == 0x80 || next == 0x81 { suspect = true }
                case 0xEF: if next == 0xBB || next == 0xBF { suspect = true }
                default: break
                }
            }
            i += 1
        }
        return (suspect, control)
    }

    @Test func writtenTextFindsTheCharactersTheTextRulesLookFor() {
        let characters: [String] = ["a", " ", "\n", "\t", "\u{7F}", "\u{1}", "\u{85}", "\u{AD}", "\u{A0}", "·", "\u{61C}", "\u{180E}",
                                    "\u{200B}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{2060}", "\u{FEFF}", "\u{FFFD}", "\u{FFFC}",
                                    "\u{2100}", "é", "탭", "😀", "\u{E000}", "\u{1800}"]
        var generator = Generator(state: 99)
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<(Int(generator.next() % 6)) { text += generator.pick(characters) }
            let facts = WrittenTextFacts(text)
            let (suspect, control) = Self.suspectAndControl(text)
            #expect(facts.suspect == suspect && facts.control == control, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// ``expectDefinitions(_:)`` on `count` texts of up to `most` - 1 of `pieces` each (seeded
    /// with `seed`); gives how many were at least `long` bytes.
    @discardableResult
    static func expectDefinitions(ofTextsFrom pieces: [String], seed: UInt64, count: Int, most: UInt64, long: Int = .max) -> Int {
        var generator = Generator(state: seed)
        var longTexts = 0
        for _ in 0..<count {
            var text = ""
            for _ in 0..<(Int(generator.next() % most)) { text += generator.pick(pieces) }
            if text.utf8.count >= long { longTexts += 1 }
            expectDefinitions(text)
        }
        return longTexts
    }

    /// Every fact of `text`'s ``WrittenTextFacts`` against its definition.
    static func expectDefinitions(_ text: String) {
        let facts = WrittenTextFacts(text)
        let scalars = Array(text.unicodeScalars)
        let shown = "\(scalars.map { String($0.value, radix: 16) })"
        #expect(facts.apostrophe == text.contains("'"), "\(shown)")
        #expect(facts.percent == text.contains("%"), "\(shown)")
        #expect(facts.parenthesis == text.contains("("), "\(shown)")
        #expect(facts.newlines == scalars.count { $0 == "\n" }, "\(shown)")
        #expect(facts.adjacentSpaces == zip(scalars, scalars.dropFirst()).contains { WhitespaceRule.isSpace($0) && WhitespaceRule.isSpace($1) },
                "\(shown)")
        #expect(facts.asciiOrCaseless == scalars.allSatisfy { $0.isASCII || HintGestureRule.isCaseless($0) }, "\(shown)")
        let (suspect, control) = suspectAndControl(text)
        #expect(facts.suspect == suspect && facts.control == control, "\(shown)")
    }

    /// Every fact of the written text against its definition, on texts of cased and caseless
    /// scripts, spaces of every kind and the byte pairs of invisible characters, in any order
    /// (a scalar skipped undecoded once a cased one was seen must set nothing).
    @Test func writtenTextFactsAreTheirDefinitions() {
        let characters: [String] = ["a", "Z", "5", " ", "  ", "\n", "'", "%", "(", "\t", "\u{A0}", "\u{3000}", "\u{202F}", "\u{2009}",
                                    "\u{200B}", "\u{AD}", "\u{61C}", "\u{FEFF}", "é", "Ж", "ж", "ب", "漢", "か", "탭", "😀", "·",
                                    "\u{2014}", "\u{3001}", "\u{1E9E}", "\u{4DC0}", "\u{FF21}"]
        Self.expectDefinitions(ofTextsFrom: characters, seed: 7, count: 6000, most: 9)
    }

    /// The facts of long texts, whose runs of letters and punctuation are skipped eight bytes at
    /// a time, against their definitions: the bytes that set a fact (spaces, `'`, `%`, `(`,
    /// controls, DEL, non-ASCII) at every place in and around a run.
    @Test func writtenTextFactsOfLongRunsAreTheirDefinitions() {
        let characters: [String] = ["a", "Z", "5", ")", "~", "}", "abcdefgh", "word-word.", "ABCDEFGHIJKLMNOP", " ", "'", "%", "(", "\u{7F}",
                                    "\u{1}", "\n", "\u{A0}", "\u{200B}", "é", "Ж", "漢", "か", "\u{3000}", "😀", "\u{28}\u{29}"]
        let long = Self.expectDefinitions(ofTextsFrom: characters, seed: 8, count: 8000, most: 12, long: 16)
        #expect(long > 2000)
        // Each byte value alone in a run of letters, at each place of an eight-byte word.
        for value in 0..<0x80 {
            for place in 0..<17 {
                let scalar = Unicode.Scalar(UInt8(value))
                let text = String(repeating: "x", count: place) + String(scalar) + String(repeating: "y", count: 17 - place)
                let facts = WrittenTextFacts(text)
                #expect(facts.apostrophe == (scalar == "'") && facts.percent == (scalar == "%") && facts.parenthesis == (scalar == "("))
                #expect(facts.control == (value < 0x20 && value != 0x0A || value == 0x7F) && facts.newlines == (value == 0x0A ? 1 : 0))
            }
        }
    }

    /// Each byte value against the definitions of the bytes read eight at a time: an ASCII byte
    /// that may set a fact, a space, a lead byte watched once a cased scalar was seen, at each
    /// place of a word.
    @Test func wordBytesAreTheirDefinitions() {
        for value in 0..<0x100 {
            for place in 0..<8 {
                let word = UInt64(0x6161_6161_6161_6161) & ~(0xFF << UInt64(8 * place)) | UInt64(value) << UInt64(8 * place)
                let bit = UInt64(0x80) << UInt64(8 * place)
                let fact = value < 0x80 && !(value > 0x28 && value < 0x7F)
                #expect(WrittenTextFacts.asciiFactBytes(word) == (fact ? bit : 0), "\(value) at \(place)")
                #expect(WrittenTextFacts.spaceBytes(word) == (value == 0x20 ? bit : 0), "\(value) at \(place)")
                let watched = [0xC2, 0xD8, 0xE0, 0xE1, 0xE2, 0xE3, 0xEF].contains(value)
                #expect(WrittenTextFacts.watchedLeadBytes(word) == (watched ? bit : 0), "\(value) at \(place)")
            }
        }
    }

    /// The facts of long texts read eight bytes at a time against their definitions: words and
    /// one or two spaces at every place, after and before a byte read alone, and cased scalars
    /// of two, three and four bytes (read together once one was seen, a word then ending inside
    /// one) among spaces, invisible characters and the byte pairs they start with.
    @Test func writtenTextFactsOfLongMixedTextsAreTheirDefinitions() {
        let pieces = ["abc", "de", "f", "ghijklmnop", " ", "  ", "(", "'", "%", "\n", "\t", "\u{7F}", "x y z", "1234567 ", "é", "ü",
                      "Ж", "жжж", "ب", "漢", "か", "탭", "😀", "\u{A0}", "\u{3000}", "\u{202F}", "\u{2009}", "\u{200B}", "\u{AD}",
                      "\u{85}", "\u{61C}", "\u{FEFF}", "\u{180E}", "\u{2066}", "·", "\u{E000}", "\u{1E9E}"]
        let long = Self.expectDefinitions(ofTextsFrom: pieces, seed: 31, count: 12000, most: 30, long: 24)
        #expect(long > 6000)
        for first in 0..<18 {
            for second in first..<19 {
                var bytes = Array(repeating: UInt8(0x61), count: 20)
                bytes[first] = 0x20
                bytes[second] = 0x20
                let spaced = String(decoding: bytes, as: UTF8.self)
                Self.expectDefinitions(spaced)
                Self.expectDefinitions("(" + spaced)
                Self.expectDefinitions(" " + spaced + "é ")
                Self.expectDefinitions("Ж" + String(spaced.map { $0 == "a" ? Character("ж") : $0 }))
            }
        }
    }

    /// `whitespace`'s test for a text that is more than a separator: a letter or digit of any
    /// script, as the two searches it replaced (ASCII bytes, then every scalar's properties) found.
    @Test func lettersAndDigitsAreFoundInAnyScript() {
        let characters: [String] = ["a", "Z", "5", " ", ",", "·", "—", "\u{A0}", "\u{3000}", "Ж", "ب", "漢", "か", "탭", "😀", "٣", "½",
                                    "\u{2167}", "\u{0301}", "!", "\n", "\u{1D7D8}", "\u{E000}"]
        var generator = Generator(state: 21)
        for _ in 0..<6000 {
            var text = ""
            for _ in 0..<(Int(generator.next() % 7)) { text += generator.pick(characters) }
            let expected = text.utf8.contains(where: { b in (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) })
                || text.unicodeScalars.contains(where: { s in
                    if s.value < 0x80 { return (s.value | 0x20 >= 0x61 && s.value | 0x20 <= 0x7A) || (s.value >= 0x30 && s.value <= 0x39) }
                    return s.properties.isAlphabetic || s.properties.numericType != nil
                })
            #expect(WhitespaceRule.hasLetterOrDigit(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    static let argumentShapes = [
        "{a}", "{b}", "{a, number}", "{a, spellout}", "{a, date}", "{b, time}", "{a, plural, one {# x} other {# y}}",
        "{a, selectordinal, one {#st} other {#th}}", "{b, select, x {X} other {O}}", "{b, select, other {O} x {X}}",
        "{b, select, x {X} y {Y} other {O}}", "{a, choice, 0#none|1#{a} some}", "{c}", "{0}",
        "{a, plural, one {{b}} other {{b, select, x {X} other {O}}}}", "{b, select, x {{a, number}} other {{a}}}",
        // Number uses inside and beside a plural of the same argument (a String Catalog's plurals convert so).
        "{a, plural, one {{a, number} x} other {{a, number} y}}", "{a, selectordinal, other {{a, spellout}.}}",
        "{a, plural, other {{a, choice, 0#none|1#some}}}", "{a, duration}",
    ]

    @Test func argumentUsesAreAlikeExactlyWhenTheirKindListsAre() {
        var generator = Generator(state: 7)
        var decided = 0
        var alike = 0
        for _ in 0..<4000 {
            func message() -> MessagePattern {
                while true {
                    var text = "t "
                    for _ in 0..<(Int(generator.next() % 3)) { text += generator.pick(Self.argumentShapes) + " " }
                    if let pattern = try? MessagePattern(text) { return pattern }
                }
            }
            let source = message().argumentKinds
            let translation = message()
            let kinds = translation.argumentKinds
            let expected = source.count == kinds.count && zip(source, kinds).allSatisfy { a, b in
                a.name == b.name && a.kind == b.kind && { if case .conflicting = a.kind { false } else { true } }()
            }
            guard let fast = RuleRunner.usesArgumentsAlike(translation, source) else { continue }
            decided += 1
            if fast { alike += 1 }
            #expect(fast == expected, "\(translation.source) against \(source)")
        }
        #expect(decided > 3000)
        #expect(alike > 200)
        // A catalog plural's number uses are decided without the full comparison.
        let plural = try! MessagePattern("{1, plural, one {{1, number} day} other {{1, number} days}}")
        #expect(RuleRunner.usesArgumentsAlike(plural, plural.argumentKinds) == true)
        let numberOnly = try! MessagePattern("{1, number} days")
        #expect(RuleRunner.usesArgumentsAlike(numberOnly, plural.argumentKinds) == false)
    }

    @Test func textAndUntypedArgumentsPrintAsCompiled() throws {
        let sources = ["Row {row}, star {column}", "{a}{b}", "{n} 개", "Rang {n}: {name}", "{name}"]
        let values: [MessageArgument] = [.int(0), .int(3), .int(-42), .int(1234), .int(12_345_678), .int(Int64.max),
                                         .string("Mina"), .string(""), .string("{x}")]
        for tag in ["en", "de", "fr", "ar", "ar-EG", "hi", "ko", "ru", "fa", "bn", "th-TH-u-nu-thai"] {
            let locale = try ICULocale(tag)
            let decimal = try NumberFormat.cached(.decimal, locale: locale)
            for source in sources {
                let pattern = try MessagePattern(source)
                #expect(OverLongRule.isTextAndUntyped(pattern))
                let compiled = try CompiledMessage(pattern, locale: locale)
                for (i, value) in values.enumerated() {
                    let arguments: [String: MessageArgument] = ["row": value, "column": values[(i + 1) % values.count],
                                                                "a": value, "b": value, "n": value, "name": value]
                    let text = try #require(OverLongRule.formatTextAndUntyped(pattern, arguments, decimal: decimal))
                    #expect(text == (try compiled.format(arguments)), "\(tag) \(source) \(value)")
                }
                // A missing argument or a double is left to the compiled message.
                #expect(OverLongRule.formatTextAndUntyped(pattern, [:], decimal: decimal) == nil || !pattern.body.parts.contains {
                    if case .argument = $0 { true } else { false }
                })
            }
        }
        #expect(!OverLongRule.isTextAndUntyped(try MessagePattern("{n, number}")))
        #expect(!OverLongRule.isTextAndUntyped(try MessagePattern("{n, plural, other {#}}")))
    }

    @Test func edgeTextsAreVisitedInTheListsOrder() throws {
        for source in ["a {n, plural, one {x {m, select, a {p} other {q}}} other {y}} b", "{n, plural, one {x} other {y}}",
                       "{g, select, a {{n, plural, one {1} other {#z}}} other {{x}}}", "plain", "", "{x}", "a{x}b"] {
            let pattern = try MessagePattern(source)
            for atEnd in [false, true] {
                var visited: [String] = []
                EdgeTexts.forEachEdgeText(pattern.body, atEnd: atEnd) { text, range in visited.append("\(text)@\(range)") }
                #expect(visited == EdgeTexts.edgeTexts(pattern.body, atEnd: atEnd).map { "\($0.0)@\($0.1)" }, "\(source)")
            }
        }
    }

    @Test func textsThatDifferAtAnASCIIStarterAreNotEqual() {
        let pieces = ["a", "e", "é", "e\u{301}", "\u{301}", "\u{327}", "ç", "c\u{327}", "Å", "A\u{30A}", "\u{212B}", " ", "·", "가", "\u{1100}\u{1161}", "x"]
        var generator = Generator(state: 31)
        var decided = 0
        for _ in 0..<20000 {
            var a = ""
            var b = ""
            for _ in 0..<(Int(generator.next() % 4)) { a += generator.pick(pieces) }
            for _ in 0..<(Int(generator.next() % 4)) { b += generator.pick(pieces) }
            if generator.next() % 3 == 0 { b = a + b }
            if UntranslatedRule.differsAtAnASCIIStarter(a, b) {
                decided += 1
                #expect(a != b, "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
            }
        }
        #expect(decided > 5000)
        #expect(!UntranslatedRule.differsAtAnASCIIStarter("caf\u{E9}", "cafe\u{301}"))
        #expect("caf\u{E9}" == "cafe\u{301}")
    }

    @Test func pluralsPrintAsCompiled() throws {
        let sources = [
            "Combo, {n, plural, one {# hint} other {# hints}}", "{n, plural, =0 {none} one {# x} =1 {exactly one} other {# y}}",
            "{n, plural, other {# all}}", "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place",
            "{n, plural, zero {z #} one {o #} two {t #} few {f #} many {m #} other {x #}}", "{n, plural, one {a} few {b} one {c} other {d} other {e}}",
            "{n, plural, one {{m, plural, one {# m} other {# ms}} of # n} other {{m} and {n} and #}}", "{n, plural, bogus {never} other {#}}",
            "{a} {n, plural, =5 {five {a}} other {# {a}}}",
        ]
        let counts: [Int64] = Array(-3...112) + [1000, 1001, 21_000, 1_000_000, 2_000_001, -1_000_000]
        for tag in ["en", "fr", "ru", "pl", "ar", "cy", "lv", "ko", "ga", "hi", "he"] {
            let locale = try ICULocale(tag)
            let decimal = try NumberFormat.cached(.decimal, locale: locale)
            for source in sources {
                let pattern = try MessagePattern(source)
                let compiled = try CompiledMessage(pattern, locale: locale)
                for n in counts {
                    let arguments: [String: MessageArgument] = ["n": .int(n), "m": .int(n &* 3 &+ 1), "a": .string("A")]
                    let text = try #require(OverLongRule.formatWithoutCompiling(pattern, arguments, decimal: decimal, locale: locale),
                                            "\(source)")
                    #expect(text == (try compiled.format(arguments)), "\(tag) \(source) \(n)")
                }
            }
        }
        // Left to the compiled message: an offset, a select, a typed argument, a double, a missing value.
        let decimal = try NumberFormat.cached(.decimal, locale: .english)
        for (source, arguments) in [("{n, plural, offset:1 one {#} other {#}}", ["n": MessageArgument.int(2)]),
                                    ("{g, select, a {x} other {y}}", ["g": .string("a")]), ("{n, number}", ["n": .int(2)]),
                                    ("{n, plural, one {#} other {#}}", ["n": .double(2.5)]), ("{n, plural, one {#} other {#}}", [:])] {
            #expect(OverLongRule.formatWithoutCompiling(try MessagePattern(source), arguments, decimal: decimal, locale: .english) == nil,
                    "\(source)")
        }
    }

    @Test func budgetsByRoleAreTheSettings() {
        var settings = CheckSettings()
        settings.budgets[.text] = Budget(seconds: 9)
        settings.budgets[.hint] = nil
        let facts = LocaleRuleFacts(.english, settings: settings)
        for role in Role.allCases { #expect(facts.budget(for: role) == settings.budgets[role], "\(role)") }
    }

    @Test func labelStemsAreTheSuffixComparisons() {
        func reference(_ key: String) -> (String, String)? {
            for separator in [".", "_"] where key.hasSuffix(separator + "label") {
                let stem = String(key.dropLast(separator.count + 5))
                if !stem.isEmpty { return (stem, separator) }
            }
            return nil
        }
        for key in ["cell.label", "cell_label", "label", ".label", "a.labe", "a.Label", "a-label", "x\u{600}.label", "é.label",
                    "a.label\u{301}", "a.labeĺ", "string/cell_label", "😀_label", "a..label", ""] {
            let got = KeyFamilyRule.labelStem(key)
            let want = reference(key)
            #expect(got?.0 == want?.0 && got?.1 == want?.1, "\(key)")
        }
    }

    @Test func pluralCategoryNamesAreReadAsTheirRawValues() {
        for word in ["zero", "one", "two", "few", "many", "other", "On", "one ", "", "others", "fews", "zer", "ZERO", "manY"] {
            #expect(PluralArguments.category(named: word) == PluralCategory(rawValue: word), "\(word)")
        }
        #expect(Set(PluralCategory.allCases.map(\.bit)).count == 6)
    }

    /// `plural-literal-number` reports only numbers ``PluralLiteralNumberRule/numbers(in:)`` finds in
    /// the texts ``PluralArguments/collect(_:name:texts:showsNumber:)`` gathers from a plural's
    /// cases: a plural whose cases ``PluralLiteralNumberRule/casesHaveDigits(_:)`` rules out has none.
    @Test func pluralsWithoutDigitsInTheirCasesHaveNoLiteralNumbers() {
        let pieces = ["#", "{n}", "{1, number}", "{m}", " ", "5", "12", "1.5", "x7", "'5'", "'{'3'}'", "５", "a", "é",
                      "{g, select, a {4 x} other {y}}", "{g, select, a {x} other {{n}}}", "{k, plural, one {7} other {#}}",
                      "{c, choice, 0#none 1<2 more}", "{1}", "{22, number}", "·", "1,000", "at 3"]
        var generator = Generator(state: 77)
        var ruledOut = 0
        var withNumbers = 0
        var seen = 0
        while seen < 4000 {
            var cases = ""
            for selector in ["one", "few", "=3", "other"] where generator.next() % 3 != 0 || selector == "other" {
                var body = ""
                for _ in 0..<Int(generator.next() % 4) { body += generator.pick(pieces) }
                cases += " \(selector) {\(body)}"
            }
            let text = generator.pick(["", "Level 5, ", "x "]) + "{n, plural,\(cases)}" + generator.pick(["", " 9", " y"])
            guard let pattern = try? MessagePattern(text) else { continue }
            seen += 1
            var found = false
            pattern.forEachArgument { argument in
                guard case .plural(let plural) = argument.kind else { return }
                var numbers = 0
                for item in plural.cases {
                    var texts: [(String, Range<Int>)] = []
                    var shows = false
                    PluralArguments.collect(item.message, name: argument.name, texts: &texts, showsNumber: &shows)
                    numbers += texts.reduce(0) { $0 + PluralLiteralNumberRule.numbers(in: $1.0).count }
                }
                if numbers > 0 { found = true; withNumbers += 1 }
                if !PluralLiteralNumberRule.casesHaveDigits(plural) {
                    ruledOut += 1
                    #expect(numbers == 0, "\(text)")
                }
            }
            _ = found
            // The plurals the rule collects are forEachArgument's, in its order.
            var visited: [ArgumentNode] = []
            pattern.forEachArgument { if case .plural = $0.kind { visited.append($0) } }
            var collected: [(ArgumentNode, PluralArgument)] = []
            PluralArguments.collectPlurals(pattern.body, into: &collected)
            #expect(collected.map(\.0) == visited, "\(text)")
            #expect(collected.allSatisfy { if case .plural(let p) = $0.0.kind { return p == $0.1 } else { return false } })
        }
        #expect(ruledOut > 500 && withNumbers > 500)
    }
}
