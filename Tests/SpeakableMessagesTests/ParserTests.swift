import ICUOracle
import SpeakableDiagnostics
import SpeakableICU
import Testing
@testable import SpeakableMessages

@Suite struct ParserTests {
    @Test func treeHasRanges() throws {
        let source = "Level {level}, {stars, plural, one {# star} other {# stars}}"
        let pattern = try MessagePattern(source)
        #expect(pattern.argumentNames == ["level", "stars"])
        guard case .text("Level ", let textRange) = pattern.body.parts[0],
              case .argument(let level) = pattern.body.parts[1],
              case .argument(let stars) = pattern.body.parts[3],
              case .plural(let plural) = stars.kind else {
            Issue.record("unexpected tree \(pattern.body)")
            return
        }
        let units = Array(source.utf16)
        func text(_ range: Range<Int>) -> String { String(decoding: units[range], as: UTF16.self) }
        #expect(textRange == 0..<6)
        #expect(text(level.range) == "{level}")
        #expect(text(level.nameRange) == "level")
        #expect(text(stars.range) == "{stars, plural, one {# star} other {# stars}}")
        #expect(plural.cases.map(\.selectorText) == ["one", "other"])
        #expect(text(plural.cases[0].message.range) == "# star")
        guard case .pound(let pound) = plural.cases[0].message.parts[0] else {
            Issue.record("expected #")
            return
        }
        #expect(text(pound) == "#")
    }

    @Test func apostrophes() throws {
        func literal(_ source: String) throws -> String {
            try MessagePattern(source).body.parts.compactMap {
                if case .text(let t, _) = $0 { t } else { nil }
            }.joined()
        }
        #expect(try literal("I don't know") == "I don't know")
        #expect(try literal("I don''t know") == "I don't know")
        #expect(try literal("'{'curly'}'") == "{curly}")
        #expect(try literal("'{0}") == "{0}")          // quoting runs to the end
        #expect(try literal("'") == "'")
        #expect(try literal("'#'") == "'#'")           // # is only special in plural cases
        #expect(try literal("x '{''y''}' z") == "x {'y'} z")
    }

    @Test func styles() throws {
        func style(_ source: String) throws -> ArgumentStyle? {
            guard case .argument(let a) = try MessagePattern(source).body.parts.first, case .simple(let s) = a.kind else { return nil }
            return s.style
        }
        #expect(try style("{n, number}") == .number(.default))
        #expect(try style("{n, NUMBER, Integer }") == .number(.integer))
        #expect(try style("{n, number, ::percent}") == .numberSkeleton("percent"))
        #expect(try style("{n, number,   ::   percent  }") == .numberSkeleton("   percent  "))
        #expect(try style("{n, number, #,##0.0}") == .numberPattern(" #,##0.0"))
        #expect(try style("{d, date, short}") == .dateTime(.short))
        #expect(try style("{d, time}") == .dateTime(.default))
        #expect(try style("{d, date, ::MMMMd}") == .dateSkeleton("MMMMd"))
        #expect(try style("{d, date, y-MM-dd}") == .datePattern(" y-MM-dd"))
        #expect(try style("{n, duration,%with-words}") == .ruleSet("%with-words"))
        #expect(try style("{n, spellout}") == .ruleSet(""))
    }

    /// One pattern per syntax error id; each error's position, message and ICU verdict are checked,
    /// and ICU itself (the oracle) must reject the same pattern with the same code and offset.
    static let errorCases: [(String, MessageSyntaxError.Kind, String, String)] = [
        // (pattern, id, the text the error points at, a phrase of the message)
        ("Hello {name", .unmatchedBrace, "{", "never closed"),
        ("{n, plural, one {a} other {b}", .unmatchedBrace, "{", "never closed"),
        ("a{}b", .badArgumentName, "}", "expected an argument name"),
        ("{01}", .badArgumentName, "01", "leading zeros"),
        ("{a.b}", .badArgumentSyntax, ".", "expected ',' or '}' after argument name 'a'"),
        ("{n,}", .missingArgumentType, "}", "has a ',' but no type"),
        ("{n, number x}", .missingArgumentType, "x", "unexpected 'x'"),
        ("{n, list}", .unknownArgumentType, "list", "'list' is not an argument type"),
        ("{n, plural}", .missingCases, "plural", "has no cases"),
        ("{n, number, 'oops}", .unterminatedQuote, "'", "never ends"),
        ("{stars, plural, one {# star}}", .missingOther, "{stars, plural, one {# star}}", "plural argument 'stars' has no 'other' case"),
        ("{g, select, female {she}}", .missingOther, "{g, select, female {she}}", "select argument 'g' has no 'other' case"),
        ("{n, plural, =a {x} other {y}}", .badSelector, "=", "'=' must be followed by a number"),
        ("{s, select, =0 {x} other {y}}", .badSelector, "=", "select argument 's'"),
        ("{n, plural, one other {y}}", .missingCaseMessage, "one", "case 'one' of plural argument 'n' has no message"),
        ("{n, plural, one {a} offset:1 other {b}}", .misplacedOffset, "offset:", "'offset:' must come before"),
        ("{n, plural, offset: other {b}}", .badNumber, "offset:", "'offset:' must be followed by a number"),
        ("{n, plural, =1.2.3 {a} other {b}}", .badNumber, "1.2.3", "'1.2.3' is not a number"),
        ("{n, choice, x}", .badChoice, "x", "expected a number"),
        ("{n, number, ::percent badtoken}", .invalidNumberSkeleton, "badtoken", "not a valid number skeleton"),
        ("{n, number, #,##0.0.0}", .invalidNumberPattern, " #,##0.0.0", "not a valid number pattern"),
        ("{40000}", .tooLarge, "40000", "larger than 32767"),
    ]

    @Test(arguments: errorCases.indices)
    func syntaxError(_ index: Int) throws {
        let (source, kind, pointedAt, phrase) = Self.errorCases[index]
        do {
            _ = try MessagePattern(source)
            Issue.record("\(source) parsed")
        } catch {
            let first = error.first
            #expect(first.kind == kind, "\(source): \(first)")
            let units = Array(source.utf16)
            #expect(String(decoding: units[first.range], as: UTF16.self) == pointedAt, "\(source): \(first.range)")
            #expect(first.message.contains(phrase), "\(source): \(first.message)")
            // ICU agrees that the pattern is wrong, and how.
            do {
                _ = try ICUMessageFormat(pattern: source, locale: "en")
                Issue.record("ICU accepts \(source)")
            } catch let icu {
                #expect(icu.name == first.icuErrorName, "\(source)")
                #expect(icu.offset == first.icuOffset, "\(source)")
            }
        }
    }

    @Test func everyErrorKindIsCovered() {
        let covered = Set(Self.errorCases.map(\.1))
        let untestable: Set<MessageSyntaxError.Kind> = [.nestingTooDeep, .messageTooLong]  // tested below
        #expect(Set(MessageSyntaxError.Kind.allCases).subtracting(covered).subtracting(untestable).isEmpty)
    }

    @Test func nestingLimitIsADiagnosticNotACrash() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "{a, select, other {", count: depth) + "x" + String(repeating: "}}", count: depth)
        }
        // Speakable's documented limit; ICU has none short of overflowing its own stack.
        let deepest = try MessagePattern(nested(MessagePattern.maximumNesting))
        #expect(try CompiledMessage(deepest, locale: .english).format(["a": "b"]) == "x")
        do {
            _ = try MessagePattern(nested(MessagePattern.maximumNesting + 1))
            Issue.record("parsed a pattern nested too deep")
        } catch {
            #expect(error.first.kind == .nestingTooDeep)
            #expect(error.first.icuErrorName == nil)
        }
        // Input far deeper than the stack could take is still just an error.
        #expect(throws: MessageSyntaxErrors.self) { try MessagePattern(nested(100_000)) }
    }

    @Test func overlongMessage() {
        do {
            _ = try MessagePattern(String(repeating: "a", count: MessagePattern.maximumLength + 1))
            Issue.record("accepted")
        } catch {
            #expect(error.first.kind == .messageTooLong)
        }
    }

    @Test func allDeferredErrorsAreReported() throws {
        do {
            _ = try MessagePattern("{a, list} {b, number, ::nope} {c, colour}")
            Issue.record("accepted")
        } catch {
            #expect(error.errors.map(\.kind) == [.unknownArgumentType, .invalidNumberSkeleton, .unknownArgumentType])
        }
    }

    @Test func diagnosticsUseLinesAndColumns() throws {
        let source = "Row {row},\n{stars, plural, one {# star}}"
        do {
            _ = try MessagePattern(source)
            Issue.record("accepted")
        } catch {
            let d = error.first.diagnostic(in: source, file: "inline")
            #expect(d.position == SourcePosition(line: 2, column: 1))
            #expect(d.rendered == "inline:2:1: error: plural argument 'stars' has no 'other' case [missing-other]")
            #expect(d.hint != nil)
        }
        // Columns count Unicode scalars, not UTF-16 units.
        let korean = "별 🌟 {n, plural, one {x}}"
        do {
            _ = try MessagePattern(korean)
        } catch {
            #expect(error.first.diagnostic(in: korean).position == SourcePosition(line: 1, column: 5))
        }
    }

    @Test func patternCharacterTablesMatchICU() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let u = UInt16(value)
            #expect(PatternCharacters.isSyntax(u) == UnicodeProperties.isPatternSyntax(scalar), "U+\(String(value, radix: 16))")
            #expect(PatternCharacters.isWhiteSpace(u) == UnicodeProperties.isPatternWhiteSpace(scalar), "U+\(String(value, radix: 16))")
        }
    }
}

@Suite struct ArgumentUsageTests {
    @Test func kindsFollowTheUses() throws {
        let pattern = try MessagePattern(
            "{row} {n, plural, one {# star} other {{n, number} stars}} {mode, select, classic {C} other {J}} {d, date, short} {k, selectordinal, other {#}} {x, spellout} {s}")
        let usages = pattern.argumentUsages
        #expect(usages["row"]?.kind == .untyped)
        #expect(usages["n"]?.kind == .plural)
        #expect(usages["n"]?.ranges.count == 2)
        #expect(usages["mode"]?.kind == .select(cases: ["classic", "other"]))
        #expect(usages["d"]?.kind == .date)
        #expect(usages["k"]?.kind == .ordinal)
        #expect(usages["x"]?.kind == .number)
        #expect(usages["s"]?.kind == .untyped)
    }

    /// `argumentKinds` is `argumentUsages` without the ranges, sorted by name.
    @Test func argumentKindsAreTheUsagesKinds() throws {
        for text in ["", "plain", "{row} {n, plural, one {# star} other {{n, number} stars}} {mode, select, classic {C} other {J}}",
                     "{a, select, x {1} other {2}} {a, number}", "{b} {a} {b, number} {c, plural, other {{a} {c}}}",
                     "{d, date, short} {k, selectordinal, other {#}} {x, spellout} {0} {1, number}"] {
            let pattern = try MessagePattern(text)
            let expected = pattern.argumentUsages.sorted { $0.key < $1.key }.map { ($0.key, $0.value.kind) }
            let kinds = pattern.argumentKinds
            #expect(kinds.map(\.name) == expected.map(\.0))
            #expect(kinds.map(\.kind) == expected.map(\.1))
        }
    }

    @Test func conflictingUsesAreNamed() throws {
        let usage = try #require(MessagePattern("{a, select, x {1} other {2}} {a, number}").argumentUsages["a"])
        #expect(usage.kind == .conflicting([.select(cases: ["x", "other"]), .number]))
        #expect(usage.kind.name == "select and number")
    }
}
