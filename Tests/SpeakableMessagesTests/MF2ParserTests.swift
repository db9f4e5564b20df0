import FoundationEssentials
import SpeakableTestSupport
import Testing
@testable import SpeakableMessages

/// The MessageFormat 2 test suite in ../shared/testdata/mf2, when it is next to the package.
let mf2TestsDirectory: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.appendingPathComponent("shared/testdata/mf2/message-format-wg/tests").path
    return FileManager.default.fileExists(atPath: directory + "/syntax-errors.json") ? directory : nil
}()

/// One file of the suite, with `defaultTestProperties.expErrors` applied to tests that have none.
private struct MF2TestFile: Decodable {
    struct ExpectedError: Decodable { var type: String }
    struct Properties: Decodable { var expErrors: [ExpectedError]? }
    struct Test: Decodable {
        var src: String
        var expErrors: [ExpectedError]?
    }

    var defaultTestProperties: Properties?
    var tests: [Test]

    static func load(_ name: String) throws -> [(source: String, errors: [String])] {
        let directory = try #require(mf2TestsDirectory)
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        let file = try JSONDecoder().decode(MF2TestFile.self, from: data)
        return file.tests.map { test in
            (test.src, (test.expErrors ?? file.defaultTestProperties?.expErrors ?? []).map(\.type))
        }
    }
}

/// The syntax and data-model error types: a message that has one does not format at all.
private let fatalErrorTypes = Set(MF2Error.Kind.allCases.filter(\.isFatal).map(\.rawValue))

@Suite(.enabled(if: mf2TestsDirectory != nil, "../shared/testdata/mf2 is not next to the package; skipping the MF2 test suite"))
struct MF2ConformanceParserTests {
    @Test func everySyntaxErrorTestThrowsASyntaxError() throws {
        let tests = try MF2TestFile.load("syntax-errors.json")
        #expect(tests.count == 133)
        for test in tests {
            do {
                let message = try MF2Message(test.source)
                Issue.record("parsed \(test.source.debugDescription) as \(message.body)")
            } catch {
                #expect(error.errors.map(\.id) == ["syntax-error"], "\(test.source.debugDescription)")
            }
        }
    }

    @Test func everyDataModelErrorTestThrowsItsError() throws {
        let tests = try MF2TestFile.load("data-model-errors.json")
        #expect(tests.count == 23)
        for test in tests {
            do {
                _ = try MF2Message(test.source)
                #expect(test.errors.isEmpty, "parsed \(test.source.debugDescription), expected \(test.errors)")
            } catch {
                #expect(error.errors.map(\.id) == test.errors, "\(test.source.debugDescription): \(error)")
            }
        }
    }

    /// Every other test's source parses, unless the test expects a syntax or data-model error
    /// (then the parser throws that error).
    @Test(arguments: ["syntax.json", "bidi.json", "fallback.json", "pattern-selection.json", "u-options.json",
                      "functions/currency.json", "functions/date.json", "functions/datetime.json",
                      "functions/integer.json", "functions/number.json", "functions/offset.json",
                      "functions/percent.json", "functions/string.json", "functions/time.json"])
    func everyValidSourceParses(file: String) throws {
        let tests = try MF2TestFile.load(file)
        #expect(!tests.isEmpty)
        for test in tests {
            let fatal = test.errors.filter(fatalErrorTypes.contains)
            do {
                _ = try MF2Message(test.source)
                #expect(fatal.isEmpty, "parsed \(test.source.debugDescription), expected \(fatal)")
            } catch {
                #expect(!fatal.isEmpty && fatal.contains(error.first.id), "\(test.source.debugDescription): \(error)")
            }
        }
    }
}

@Suite struct MF2ParserTests {
    /// The source text at a UTF-16 range.
    private func text(_ source: String, _ range: Range<Int>) -> String {
        String(decoding: Array(source.utf16)[range], as: UTF16.self)
    }

    private func parts(_ message: MF2Message) throws -> [MF2PatternPart] {
        guard case .pattern(let pattern) = message.body else { throw ExpectationFailure("expected a pattern body") }
        return pattern.parts
    }

    private struct ExpectationFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private func expression(_ part: MF2PatternPart) throws -> MF2Expression {
        guard case .expression(let expression) = part else { throw ExpectationFailure("expected an expression, got \(part)") }
        return expression
    }

    private func markup(_ part: MF2PatternPart) throws -> MF2Markup {
        guard case .markup(let markup) = part else { throw ExpectationFailure("expected markup, got \(part)") }
        return markup
    }

    /// The first error of `source`, which must not parse.
    private func firstError(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> MF2Error? {
        do {
            let message = try MF2Message(source)
            Issue.record("parsed \(source.debugDescription) as \(message.body)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error.first
        }
    }

    // MARK: Trees and ranges

    @Test func simpleMessageHasRangesForEveryNode() throws {
        let source = "Hi {$name :string style=x @a=|b|}!"
        let message = try MF2Message(source)
        #expect(message.declarations.isEmpty)
        let parts = try parts(message)
        #expect(parts.count == 3)
        guard case .text("Hi ", let hiRange) = parts[0], case .text("!", let bangRange) = parts[2] else {
            Issue.record("unexpected text parts \(parts)")
            return
        }
        #expect(hiRange == 0..<3)
        #expect(text(source, bangRange) == "!")
        let placeholder = try expression(parts[1])
        #expect(text(source, placeholder.range) == "{$name :string style=x @a=|b|}")
        guard case .variable(let name) = placeholder.operand, let function = placeholder.function else {
            Issue.record("expected a variable and a function in \(placeholder)")
            return
        }
        #expect(name.name == "name")
        #expect(text(source, name.range) == "$name")
        #expect(function.name == "string")
        #expect(text(source, function.nameRange) == "string")
        #expect(function.options.map(\.name) == ["style"])
        #expect(text(source, function.options[0].nameRange) == "style")
        #expect(function.options[0].value == .literal(MF2Literal(value: "x", isQuoted: false, range: 24..<25)))
        #expect(placeholder.attributes.count == 1)
        #expect(placeholder.attributes[0].name == "a")
        #expect(placeholder.attributes[0].value.map { text(source, $0.range) } == "|b|")
        #expect(placeholder.attributes[0].value?.value == "b")
    }

    /// Offsets count UTF-16 code units: 😀 takes two.
    @Test func rangesCountUTF16CodeUnits() throws {
        let source = "😀{$x}é"
        let parts = try parts(MF2Message(source))
        #expect(try expression(parts[1]).range == 2..<6)
        guard case .text("é", let range) = parts[2] else {
            Issue.record("expected text after the placeholder: \(parts)")
            return
        }
        #expect(range == 6..<7)
    }

    @Test func complexMessageRanges() throws {
        let source = ".input {$n :number}\n.local $m = {$n}\n.match $n\none {{One {$m}}}\n* {{Other}}"
        let message = try MF2Message(source)
        #expect(message.declarations.map(\.kind) == [.input, .local])
        #expect(message.declarations.map(\.name) == ["n", "m"])
        #expect(text(source, message.declarations[0].range) == ".input {$n :number}")
        #expect(text(source, message.declarations[0].nameRange) == "n")
        #expect(text(source, message.declarations[1].range) == ".local $m = {$n}")
        #expect(text(source, message.declarations[1].nameRange) == "m")
        guard case .select(let select) = message.body else {
            Issue.record("expected .match")
            return
        }
        #expect(select.selectors.map(\.name) == ["n"])
        #expect(text(source, select.range) == ".match $n\none {{One {$m}}}\n* {{Other}}")
        #expect(select.variants.count == 2)
        #expect(text(source, select.variants[0].range) == "one {{One {$m}}}")
        #expect(text(source, select.variants[0].pattern.range) == "One {$m}")
        #expect(select.variants[0].keys == [.literal(MF2Literal(value: "one", isQuoted: false, range: 47..<50))])
        #expect(select.variants[1].keys == [.catchall(range: 64..<65)])
    }

    /// `\\ \{ \| \}` are the only escapes; text and quoted literals hold what they stand for.
    @Test func escapesAreCooked() throws {
        let source = #"a\{b\}c\\d\|e {|x\|y\\z\{|}"#
        let parts = try parts(MF2Message(source))
        guard case .text(let value, let range) = parts[0] else {
            Issue.record("expected text: \(parts)")
            return
        }
        #expect(value == #"a{b}c\d|e "#)
        #expect(text(source, range) == #"a\{b\}c\\d\|e "#)
        guard case .literal(let literal) = try expression(parts[1]).operand else {
            Issue.record("expected a literal operand")
            return
        }
        #expect(literal.value == #"x|y\z{"#)
        #expect(literal.isQuoted)
        #expect(firstError(#"a\nb"#)?.range == 1..<3)
        #expect(firstError(#"{|a\b|}"#)?.range == 3..<5)
    }

    /// A name may have one bidi mark before and one after it; they belong to neither the name
    /// nor the variable's range.
    @Test func bidiMarksAroundNamesAreNotPartOfThem() throws {
        let source = "{$\u{200E}name\u{200F} :\u{2066}ns:fn\u{2069} \u{200F}opt\u{200E}=\u{200F}1}"
        let placeholder = try expression(try parts(MF2Message(source))[0])
        guard case .variable(let variable) = placeholder.operand, let function = placeholder.function else {
            Issue.record("expected a variable and a function: \(placeholder)")
            return
        }
        #expect(variable.name == "name")
        #expect(variable.range == 1..<7)  // "$", LRM, "name"
        #expect(function.name == "ns:fn")
        #expect(text(source, function.nameRange) == "ns:fn")
        #expect(function.options.map(\.name) == ["opt"])
        // Two marks in a row are not a name's optional mark.
        #expect(firstError("{$\u{200E}\u{200E}name}")?.range == 3..<4)
    }

    @Test func quotedAndUnquotedLiterals() throws {
        let source = "{|1| :number} {1 :number} {-1.5e3} {||}"
        let parts = try parts(MF2Message(source))
        let literals = try [0, 2, 4, 6].map { index -> MF2Literal? in
            if case .literal(let literal) = try expression(parts[index]).operand { literal } else { nil }
        }
        #expect(literals.map { $0?.value } == ["1", "1", "-1.5e3", ""])
        #expect(literals.map { $0?.isQuoted } == [true, false, false, true])
        #expect(literals.map { $0.map { text(source, $0.range) } } == ["|1|", "1", "-1.5e3", "||"])
    }

    @Test func markupKinds() throws {
        let source = "{#b}bold{/b}{#br/}{ #img src=|a.png| @title=x /}"
        let parts = try parts(MF2Message(source))
        let markups = try [0, 2, 3, 4].map { try markup(parts[$0]) }
        #expect(markups.map(\.kind) == [.open, .close, .standalone, .standalone])
        #expect(markups.map(\.name) == ["b", "b", "br", "img"])
        #expect(text(source, markups[3].range) == "{ #img src=|a.png| @title=x /}")
        #expect(markups[3].options.map(\.name) == ["src"])
        #expect(markups[3].attributes.map(\.name) == ["title"])
        #expect(text(source, markups[3].nameRange) == "img")
        // A close tag is never standalone; markup is not an operand or a declaration's value.
        #expect(firstError("{/b/}")?.kind == .syntaxError)
        #expect(firstError(".local $x = {#b} {{}}")?.kind == .syntaxError)
        #expect(firstError("{|x| #b}")?.kind == .syntaxError)
    }

    @Test func optionsKeepTheirOrder() throws {
        let placeholder = try expression(try parts(MF2Message("{:f z=1 a=|2| m=$v ns:b=c}"))[0])
        let function = try #require(placeholder.function)
        #expect(function.options.map(\.name) == ["z", "a", "m", "ns:b"])
        #expect(function.options[2].value == .variable(MF2Variable(name: "v", range: 16..<18)))
    }

    @Test func simpleAndComplexMessages() throws {
        // Leading and trailing white space is text in a simple message.
        let simple = try parts(MF2Message("  hi. "))
        #expect(simple.count == 1)
        if case .text(let value, _) = simple[0] { #expect(value == "  hi. ") }
        #expect(try parts(MF2Message("")).isEmpty)
        // White space around a quoted pattern is not.
        let quoted = try MF2Message("  {{ hi }}\n")
        #expect(try parts(quoted).count == 1)
        if case .text(let value, _) = try parts(quoted)[0] { #expect(value == " hi ") }
        // Keywords are lower case.
        #expect(firstError(".Input {$x} {{}}")?.range == 0..<6)
        #expect(firstError(".local$x = {1} {{}}")?.message == "expected a space between .local and the variable")
        #expect(try MF2Message(".input{$x}.local $y={$x}{{}}").declarations.count == 2)
    }

    /// The edges of `name-start` in `spec/message.abnf`: each range's first and last scalar, and
    /// the scalars the grammar leaves out between them (its comments name each gap).
    @Test(arguments: [
        (0x2A, false), (0x2B, true), (0x2D, false), (0x2E, false), (0x30, false), (0x40, false), (0x41, true),
        (0x5A, true), (0x5F, true), (0x60, false), (0x7A, true), (0x7B, false), (0x7F, false), (0xA0, false),
        (0xA1, true), (0x61B, true), (0x61C, false), (0x61D, true), (0x167F, true), (0x1680, false),
        (0x1681, true), (0x1FFF, true), (0x2000, false), (0x200A, false), (0x200B, true), (0x200D, true),
        (0x200E, false), (0x200F, false), (0x2010, true), (0x2027, true), (0x2028, false), (0x202F, false),
        (0x2030, true), (0x205E, true), (0x205F, false), (0x2060, true), (0x2065, true), (0x2066, false),
        (0x2069, false), (0x206A, true), (0x2FFF, true), (0x3000, false), (0x3001, true), (0xD7FF, true),
        (0xE000, true), (0xFDCF, true), (0xFDD0, false), (0xFDEF, false), (0xFDF0, true), (0xFFFD, true),
        (0xFFFE, false), (0xFFFF, false), (0x10000, true), (0x1FFFD, true), (0x1FFFE, false), (0x1FFFF, false),
        (0x20000, true), (0xEFFFD, true), (0xEFFFE, false), (0x100000, true), (0x10FFFD, true), (0x10FFFF, false),
    ] as [(UInt32, Bool)])
    func nameStartTable(scalar: UInt32, isNameStart: Bool) {
        #expect(MF2Characters.isNameStart(scalar) == isNameStart)
        // Digits, '-' and '.' may follow the first character.
        let digitOrMark = (0x30...0x39).contains(scalar) || scalar == 0x2D || scalar == 0x2E
        #expect(MF2Characters.isNameChar(scalar) == (isNameStart || digitOrMark))
    }

    /// `s` is `*bidi ws o`: required white space needs a white-space character, a bidi mark
    /// alone is not enough; optional white space may be bidi marks only.
    @Test func requiredWhitespaceNeedsASpace() throws {
        #expect(firstError("{$x\u{200E}:f}")?.range == 4..<5)
        #expect(throws: Never.self) { try MF2Message("{$x\u{200E}\u{3000}\u{200F}:f}") }
        #expect(throws: Never.self) { try MF2Message("{\u{2066}$x\u{2069}}") }
        #expect(firstError(".local\u{200E}$x = {1} {{}}")?.kind == .syntaxError)
        #expect(throws: Never.self) { try MF2Message(".input {$x :f}\u{200F}.match\u{3000}$x\u{200E} *{{}}") }
    }

    @Test func keywordsEndWhereNamesEnd() {
        #expect(firstError(".inputs {$x} {{}}")?.message.hasPrefix("'.inputs' is not a keyword") == true)
        #expect(firstError(".match1 $x * {{}}")?.range == 0..<7)
    }

    @Test func syntaxErrorsSayWhatIsMissingWhere() throws {
        let unclosed = try #require(firstError("Hi {$name"))
        #expect(unclosed.message == "expected '}' to close the expression")
        #expect(unclosed.range == 9..<9)
        let space = try #require(firstError("{42:number}"))
        #expect(space.message == "expected a space before ':'")
        #expect(space.range == 3..<4)
        let brace = try #require(firstError("a } b"))
        #expect(brace.message == "unescaped '}' in text")
        #expect(brace.range == 2..<3)
        let pattern = try #require(firstError(".input {$x :number} {{open"))
        #expect(pattern.range == 20..<22)
        let extra = try #require(firstError("{{done}} more"))
        #expect(extra.range == 9..<10)
    }

    // MARK: Data model

    /// A message with several data-model errors reports all of them, in source order.
    @Test func everyDataModelErrorInSourceOrder() throws {
        let source = ".input {$a :f o=1 o=2} .local $c = {$d} .local $d = {1} .match $a $b 1 {{}} 1 2 {{}} 1 2 {{}}"
        do {
            _ = try MF2Message(source)
            Issue.record("expected errors")
        } catch {
            // In source order: the second `o`; `$d`, used by the declaration before; `.match`, which
            // has no `* *` variant; `$b`, declared nowhere; the variant with one key for two
            // selectors; the second `1 2`.
            #expect(error.errors.map(\.id) == [
                "duplicate-option-name", "duplicate-declaration", "missing-fallback-variant",
                "missing-selector-annotation", "variant-key-mismatch", "duplicate-variant",
            ])
            #expect(error.errors.map { text(source, $0.range) } == ["o", "d", ".match", "$b", "1", "1 2"])
            #expect(error.errors[5].range.lowerBound == source.utf16.count - 8)
        }
    }

    /// `spec/errors.md`, "Missing Selector Annotation": a selector must reach a declaration with a
    /// function, directly or through `.local` declarations.
    @Test func selectorAnnotationThroughLocals() throws {
        #expect(throws: Never.self) {
            try MF2Message(".input {$x :number} .local $y = {$x} .local $z = {$y} .match $z * {{}}")
        }
        #expect(throws: Never.self) { try MF2Message(".local $y = {|a| :string} .match $y * {{}}") }
        #expect(firstError(".input {$x} .local $y = {$x} .match $y * {{}}")?.id == "missing-selector-annotation")
        #expect(firstError(".local $y = {|a|} .match $y * {{}}")?.id == "missing-selector-annotation")
    }

    /// Keys are compared as strings after NFC: `é` (U+00E9) and `e` + U+0301 are one key; a
    /// quoted `|*|` is a literal, not the catch-all.
    @Test func duplicateVariantsCompareNormalizedValues() throws {
        #expect(firstError(".input {$x :string} .match $x \u{E9} {{}} |e\u{301}| {{}} * {{}}")?.id == "duplicate-variant")
        #expect(throws: Never.self) { try MF2Message(".input {$x :string} .match $x |*| {{}} * {{}}") }
        #expect(firstError(".input {$x :string} .match $x a {{}} |a| {{}} * {{}}")?.id == "duplicate-variant")
    }

    /// Option names are compared the same way, in functions and in markup.
    @Test func duplicateOptionNames() throws {
        #expect(firstError("{#b caf\u{E9}=1 cafe\u{301}=2}")?.id == "duplicate-option-name")
        #expect(firstError("{:f a=1 b=2 a=3}")?.range == 12..<13)
        #expect(throws: Never.self) { try MF2Message("{:f a=1 ns:a=2}") }
    }

    @Test func variableNamesAreTheArgumentsToPass() throws {
        #expect(try MF2Message(".local $n = {$count :number} {{{$n} of {$total}}}").variableNames == ["count", "total"])
        #expect(try MF2Message(".input {$a :number} {{{$b :f x=$c} {$a} {#m o=$d}}}").variableNames == ["a", "b", "c", "d"])
        #expect(try MF2Message(".input {$s :string} .match $s * {{{$t}}}").variableNames == ["s", "t"])
        #expect(try MF2Message("no variables").variableNames.isEmpty)
    }

    // MARK: Hostile input

    @Test func deepBracesAreASyntaxError() {
        #expect(firstError(String(repeating: "{{", count: 10_000))?.kind == .syntaxError)
        #expect(firstError(String(repeating: "{", count: 10_000))?.kind == .syntaxError)
        #expect(firstError(String(repeating: "{{", count: 10_000) + String(repeating: "}}", count: 10_000))?.kind == .syntaxError)
    }

    /// A selector reached through a long chain of `.local` declarations is checked in linear time.
    @Test func longDeclarationChains() throws {
        func chain(input: String) -> String {
            var source = input
            for index in 1...20_000 { source += " .local $v\(index) = {$v\(index - 1)}" }
            return source + " .match $v20000 * {{}}"
        }
        let message = try MF2Message(chain(input: ".input {$v0 :number}"))
        #expect(message.declarations.count == 20_001)
        #expect(message.variableNames == ["v0"])
        #expect(firstError(chain(input: ".input {$v0}"))?.id == "missing-selector-annotation")
    }

    @Test func inputOverTheLimitIsRejectedWithoutParsing() throws {
        let source = String(repeating: "a", count: MF2Message.maximumLength + 1)
        let error = try #require(firstError(source))
        #expect(error.kind == .syntaxError)
        #expect(error.range == 0..<(MF2Message.maximumLength + 1))
        #expect(error.message.contains("\(MF2Message.maximumLength)"))
    }

    @Test func longInputAtTheLimitParses() throws {
        let unit = "ab {$x} "
        let source = String(repeating: unit, count: MF2Message.maximumLength / unit.utf16.count)
        let message = try MF2Message(source)
        // "ab ", then {$x} and " ab " for each unit but the last, whose {$x} is followed by " ".
        #expect(try parts(message).count == 2 * (MF2Message.maximumLength / unit.utf16.count) + 1)
    }

    /// Seeded mixes of MF2 syntax and hostile strings: each parses into a well-formed tree or
    /// throws errors that point into the source; a syntax error comes alone.
    @Test func generatedInputParsesOrIsDiagnosed() {
        let syntax = ["{", "}", "{{", "}}", "|", "\\", "$", ":", "@", "#", "/", "=", " ", "*", ".", ".input", ".local",
                      ".match", "a", "1", "-", "ns:", "x=", "\u{200E}", "\u{2066}"]
        let pieces = syntax + HostileStrings.pieces
        var random = SplitMix(seed: 27)
        for _ in 0..<20_000 {
            var source = ""
            for _ in 0..<(1 + random.below(12)) { source += random.pick(pieces) }
            let length = source.utf16.count
            do {
                let message = try MF2Message(source)
                func check(_ pattern: MF2Pattern) {
                    #expect(pattern.range.upperBound <= length)
                    var previousIsText = false
                    for part in pattern.parts {
                        if case .text(let value, let range) = part {
                            #expect(!value.isEmpty && !previousIsText && range.upperBound <= length, "\(source.debugDescription)")
                            previousIsText = true
                        } else {
                            previousIsText = false
                        }
                    }
                }
                switch message.body {
                case .pattern(let pattern): check(pattern)
                case .select(let select): select.variants.forEach { check($0.pattern) }
                }
            } catch {
                for error in error.errors {
                    #expect(error.range.lowerBound >= 0 && error.range.upperBound <= length, "\(source.debugDescription)")
                    #expect(!error.message.isEmpty)
                }
                if error.first.kind == .syntaxError { #expect(error.errors.count == 1) }
            }
        }
    }

    @Test func nulAndNoncharactersAreDiagnosed() throws {
        #expect(firstError("a\u{0}b")?.range == 1..<2)
        #expect(firstError("{|a\u{0}|}")?.range == 3..<4)
        #expect(firstError("{$a\u{0}}")?.kind == .syntaxError)
        // Noncharacters are text, but not names.
        #expect(throws: Never.self) { try MF2Message("a\u{FFFE}\u{10FFFF}b") }
        #expect(firstError("{$\u{FFFF}}")?.range == 2..<3)
        #expect(firstError("{:f\u{1FFFE}}")?.range == 3..<5)
    }
}

