import ConformanceSupport
import FoundationEssentials
import SpeakableICU
import Testing
@testable import SpeakableMessages

/// The Unicode MessageFormat 2 test suite (../shared/testdata/mf2/message-format-wg/tests), run
/// by the same code as `swift run MF2Conformance`.
let mf2TestsDirectory: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    return MF2Conformance.testsDirectory(packageRoot: root)
}()

@Suite struct MF2FormatTests {
    private func format(_ source: String, _ arguments: [String: MessageArgument] = [:], locale: String = "en",
                        bidi: MF2BidiStrategy = .none) throws -> MF2Formatted {
        try MF2Message(source).format(locale: locale, arguments: arguments, bidi: bidi)
    }

    private func kinds(_ formatted: MF2Formatted) -> [MF2Error.Kind] { formatted.errors.map(\.kind) }

    // MARK: The standard's test suite

    @Test(.enabled(if: mf2TestsDirectory != nil, "../shared/testdata/mf2 is not next to the package"))
    func everyTestOfTheSuitePasses() throws {
        let report = try MF2Conformance.run(directory: try #require(mf2TestsDirectory))
        #expect(report.outcomes.count == 461)
        for failure in report.outcomes where failure.status == .fail { Issue.record("\(failure)") }
        // The runner skips only tests with a tag it does not implement, and it implements all
        // of the suite's tags (:currency, :percent, u:dir, u:id).
        for skip in report.outcomes where skip.status == .skip { Issue.record("\(skip)") }
        #expect(report.count(.pass) == 461)
    }

    // MARK: Fallbacks (formatting.md, "Fallback Resolution")

    @Test func fallbacksShowWhatFailedBetweenBraces() throws {
        // A variable with no value: `$` and its name.
        let missing = try format("Hi {$who}!")
        #expect(missing.output == "Hi {$who}!")
        #expect(kinds(missing) == [.unresolvedVariable])
        // The error points at `$who` (UTF-16 offsets 4..<8).
        #expect(missing.errors.first?.range == 4..<8)

        // An unknown function on a literal: the literal between `|`, with `\` and `|` escaped.
        let literal = try format(#"{|a\|b\\c| :nope}"#)
        #expect(literal.output == #"{|a\|b\\c|}"#)
        #expect(kinds(literal) == [.unknownFunction])

        // A function with no operand: `:` and its name (options are not shown).
        let bare = try format("{:nope opt=1}")
        #expect(bare.output == "{:nope}")

        // A failing expression bound to a variable shows the variable's name where it is used.
        let local = try format(".local $x = {horse :number} {{{$x} and {$x}}}")
        #expect(local.output == "{$x} and {$x}")
        // The declaration is resolved once, so its error is reported once.
        #expect(kinds(local) == [.badOperand])
    }

    @Test func declarationsNobodyUsesAreNotResolved() throws {
        // formatting.md lets resolution be lazy; errors.md does not require errors from
        // declarations that are never referenced.
        let unused = try format(".local $x = {$missing :number} {{ok}}")
        #expect(unused.output == "ok")
        #expect(unused.errors.isEmpty)
    }

    @Test func aLongChainOfDeclarationsResolvesWithoutRecursion() {
        // $v0 = {|seed|}, $v1 = {$v0}, …, $v9999 = {$v9998}; the body prints $v9999. Built as a
        // model: each step would be a frame if resolution recursed.
        let count = 10_000
        var declarations: [MF2Declaration] = []
        for i in 0..<count {
            let operand: MF2Operand = i == 0
                ? .literal(MF2Literal(value: "seed", isQuoted: true, range: 0..<0))
                : .variable(MF2Variable(name: "v\(i - 1)", range: 0..<0))
            declarations.append(MF2Declaration(kind: .local, name: "v\(i)", nameRange: 0..<0,
                                               value: MF2Expression(operand: operand, function: nil, attributes: [], range: 0..<0),
                                               range: 0..<0))
        }
        let last = MF2Expression(operand: .variable(MF2Variable(name: "v\(count - 1)", range: 0..<0)), function: nil,
                                 attributes: [], range: 0..<0)
        let message = MF2Message(source: "", declarations: declarations,
                                 body: .pattern(MF2Pattern(parts: [.expression(last)], range: 0..<0)))
        let formatted = message.format(locale: "en", bidi: .none)
        #expect(formatted.output == "seed")
        #expect(formatted.errors.isEmpty)
    }

    // MARK: Option inheritance (functions/number.md)

    @Test func numberOptionsCarryOverFromTheOperand() throws {
        let twoDigits = try SkeletonNumberFormatter(skeleton: ".00", locale: .english)
        // `$y` is a :number with minimumFractionDigits=2; `{$y :number}` keeps that option.
        let inherited = try format(".local $y = {$x :number minimumFractionDigits=2} {{{$y :number}}}", ["x": 1])
        #expect(inherited.output == (try twoDigits.format(Int64(1))))

        // The standard's example: options on the expression win, the operand's others stay
        // (resolved options { minimumFractionDigits: 1, signDisplay: always }).
        let expected = try SkeletonNumberFormatter(skeleton: ".0 sign-always", locale: .english).format(Int64(5))
        let overridden = try format(".input {$n :number minimumFractionDigits=2 signDisplay=always} {{{$n :number minimumFractionDigits=1}}}",
                                    ["n": 5])
        #expect(overridden.output == expected)

        // :integer drops the operand's fraction options and formats the integer value: 1.5 is
        // 2 (rounded half away from zero, :number's default rounding), not "2.00".
        let integer = try format(".local $y = {1.5 :number minimumFractionDigits=2} {{{$y :integer}}}")
        #expect(integer.output == "2")

        // :offset keeps the operand's function and options: +42 as {41 :integer signDisplay=always} + 1.
        let offset = try format(".local $x = {41 :integer signDisplay=always} {{{$x :offset add=1}}}")
        #expect(offset.output == (try SkeletonNumberFormatter(skeleton: "sign-always", locale: .english).format(Int64(42))))
    }

    @Test func selectMustBeALiteralOnTheSelectorItself() throws {
        // `select` inherited from the operand: a bad option, and the value cannot select — but
        // it still formats, and the error is reported once although $bad is used twice.
        let formatted = try format(".local $sel = {1 :integer select=exact} .local $bad = {$sel :integer} .match $bad 1 {{one {$bad}}} * {{other {$bad}}}")
        #expect(formatted.output == "other 1")
        #expect(kinds(formatted) == [.badOption, .badSelector])
    }

    // MARK: Selection (formatting.md, "Pattern Selection")

    @Test func anExactKeyBeatsACategoryWhateverTheOrder() throws {
        // 1 matches both `one` (its English category) and `1`; a number key is better.
        let message = ".input {$n :number} .match $n one {{category}} 1 {{exact}} * {{other}}"
        #expect(try format(message, ["n": 1]).output == "exact")
        #expect(try format(message, ["n": 2]).output == "other")
        // With select=exact the category is not used.
        #expect(try format(".input {$n :number select=exact} .match $n one {{category}} * {{other}}", ["n": 1]).output == "other")
    }

    @Test func ordinalSelectionUsesTheOrdinalRules() throws {
        let rules = try PluralRules(locale: .english, kind: .ordinal)
        let message = ".input {$n :number select=ordinal} .match $n one {{one}} two {{two}} few {{few}} * {{other}}"
        for n: Int64 in [1, 2, 3, 4, 11, 22, 103] {
            #expect(try format(message, ["n": .int(n)]).output == rules.category(for: Double(n)).rawValue)
        }
    }

    @Test func theFirstSelectorDecidesBetweenEqualMatches() throws {
        // Both `x *` and `* x` match; SelectorsCompare looks at the first key first, where a
        // literal beats `*`.
        let message = ".input {$a :string} .input {$b :string} .match $a $b * x {{star-x}} x * {{x-star}} * * {{other}}"
        #expect(try format(message, ["a": "x", "b": "x"]).output == "x-star")
        #expect(try format(message, ["a": "y", "b": "x"]).output == "star-x")
        #expect(try format(message, ["a": "y", "b": "y"]).output == "other")
    }

    @Test func aKeyThatIsNeitherANumberNorACategoryIsABadVariantKey() throws {
        let formatted = try format(".local $n = {42 :number} .match $n 1 {{one}} horse {{horse}} * {{other}}")
        #expect(formatted.output == "other")
        #expect(kinds(formatted) == [.badVariantKey])
    }

    @Test func stringKeysCompareAsCanonicalEquivalents() throws {
        // "é" precomposed (U+00E9) as the value, decomposed (e + U+0301) as the key: NFC equal.
        let formatted = try format(".input {$s :string} .match $s |e\u{301}| {{matched}} * {{other}}", ["s": "\u{E9}"])
        #expect(formatted.output == "matched")
    }

    // MARK: Bidi isolation (formatting.md, "Handling Bidirectional Text")

    @Test func theDefaultStrategyIsolatesByDirection() throws {
        let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"
        // A number in an LTR message is LTR: nothing added.
        #expect(try format("{$n :number}", ["n": 5], bidi: .default).output == "5")
        // A string has no known direction: first-strong isolate.
        #expect(try format("Hi {$s}", ["s": "Ali"], bidi: .default).output == "Hi \(fsi)Ali\(pdi)")
        // u:dir isolates even an LTR value in an LTR message.
        #expect(try format("{a :string u:dir=ltr}", bidi: .default).output == "\(lri)a\(pdi)")
        #expect(try format("{a :string u:dir=rtl}", bidi: .default).output == "\(rli)a\(pdi)")
        #expect(try format("{a :string u:dir=auto}", bidi: .default).output == "\(fsi)a\(pdi)")
        // In an RTL message a number takes the locale's direction (RTL) and is isolated.
        let arabicNumber = try SkeletonNumberFormatter(skeleton: "rounding-mode-half-up", locale: ICULocale("ar")).format(Int64(5))
        #expect(try format("{$n :number}", ["n": 5], locale: "ar", bidi: .default).output == "\(rli)\(arabicNumber)\(pdi)")
        // A fallback has no known direction either.
        #expect(try format("{$x}", bidi: .default).output == "\(fsi){$x}\(pdi)")
        // The `none` strategy adds nothing.
        #expect(try format("Hi {$s}", ["s": "Ali"], bidi: .none).output == "Hi Ali")
    }

    @Test func aBadDirectionIsABadOptionAndIsIgnored() throws {
        let formatted = try format("{a :string u:dir=sideways}", bidi: .default)
        #expect(formatted.output == "\u{2068}a\u{2069}")
        #expect(kinds(formatted) == [.badOption])
    }

    @Test func outputBeyondTheLimitBecomesFallbacks() throws {
        // Two placeholders of 600,000 bytes each: the second would pass the 1 MiB limit, so it
        // shows its fallback, with one error.
        let long = String(repeating: "a", count: 600_000)
        let formatted = try format("{$s}{$s}", ["s": .string(long)])
        #expect(formatted.output == long + "{$s}")
        #expect(kinds(formatted) == [.badInput])
    }

    // MARK: Parts and markup

    @Test func markupFormatsToNothingButIsInTheParts() throws {
        let formatted = try format("{#b class=x u:id=1}bold{/b} {$n :string u:id=n1}", ["n": "7"], bidi: .default)
        #expect(formatted.output == "bold \u{2068}7\u{2069}")
        #expect(formatted.parts == [
            .markup(kind: .open, name: "b", options: ["class": "x"], id: "1"),
            .text("bold"),
            .markup(kind: .close, name: "b", options: [:], id: nil),
            .text(" "),
            .bidiIsolation("\u{2068}"),
            .value(MF2ValuePart(type: "string", value: "7", locale: "en", id: "n1")),
            .bidiIsolation("\u{2069}"),
        ])
        #expect(formatted.errors.isEmpty)
    }

    @Test func numbersComeWithTheirFields() throws {
        // ICU's field positions, named as Intl.NumberFormat names them: the group separator
        // splits the integer, and the text of the parts is the text of the number.
        let formatted = try format("{-1234.5 :number}")
        guard case .value(let number)? = formatted.parts.first else {
            Issue.record("no value part: \(formatted.parts)")
            return
        }
        #expect(number.type == "number")
        #expect(number.numberParts.map(\.type) == ["minusSign", "integer", "group", "integer", "decimal", "fraction"])
        #expect(number.numberParts.map(\.value).joined() == formatted.output)
    }

    @Test func testFunctionsBehaveAsTheSuiteDefinesThem() throws {
        // :test:function formats Input truncated, with one decimal when decimalPlaces=1.
        #expect(try format("{-1.27 :test:function decimalPlaces=1}").output == "-1.2")
        // fails=format: a bad-option error and the fallback.
        let failing = try format("{1 :test:function fails=format}")
        #expect(failing.output == "{|1|}")
        #expect(kinds(failing) == [.badOption])
        // :test:select cannot format: a message function error (bad-input) and the fallback.
        let selectOnly = try format(".local $x = {1 :test:select} {{{$x}}}")
        #expect(selectOnly.output == "{$x}")
        #expect(kinds(selectOnly) == [.badInput])
    }
}
