import ConformanceSupport
import FoundationEssentials
import SpeakableICU
import SpeakableJSON
import Testing
@testable import SpeakableMessages

/// The package root, for Templates/, Locales/ and ../shared/testdata/mf1.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

private let empty = 0..<0

private func text(_ value: String) -> MF2PatternPart { .text(value, range: empty) }
private func literal(_ value: String) -> MF2Literal { MF2Literal(value: value, isQuoted: false, range: empty) }
private func variable(_ name: String, _ function: String? = nil, _ options: [(String, String)] = []) -> MF2Expression {
    MF2Expression(operand: .variable(MF2Variable(name: name, range: empty)),
                  function: function.map { name in
                      MF2Function(name: name, nameRange: empty, options: options.map {
                          MF2Option(name: $0.0, nameRange: empty, value: .literal(literal($0.1)))
                      })
                  },
                  attributes: [], range: empty)
}
private func pattern(_ parts: MF2PatternPart...) -> MF2Pattern { MF2Pattern(parts: parts, range: empty) }

/// MF1 → MF2 with the notes' ids.
private func mf2(_ mf1: String) throws -> (text: String, notes: [String]) {
    let (message, notes) = MF2Message.converting(try MessagePattern(mf1))
    return (message.source, notes.map(\.id))
}

/// MF1 → MF2 → MF1.
private func mf1RoundTrip(_ mf1: String) throws -> String {
    MF2Message.converting(try MessagePattern(mf1)).message.convertedToMF1().source
}

// MARK: - Printer

@Suite struct MF2PrinterTests {
    @Test func simpleMessagesEscapeTextOnly() {
        // syntax.md: text-char excludes \ { }, which escaped-char writes with a backslash; | is
        // plain text outside literals.
        let message = MF2Message(source: "", declarations: [], body: .pattern(pattern(text("a {b} \\ |c|"))))
        #expect(message.serialized() == "a \\{b\\} \\\\ |c|")
    }

    @Test func aPatternStartingWithADotIsQuoted() {
        // simple-start-char omits "."; leading whitespace is `o`, so " .x" cannot be simple either.
        for start in [".input", " .x", "\u{200E}.x"] {
            let message = MF2Message(source: "", declarations: [], body: .pattern(pattern(text(start))))
            #expect(message.serialized() == "{{\(start)}}")
        }
        let dotLater = MF2Message(source: "", declarations: [], body: .pattern(pattern(text("a.b"))))
        #expect(dotLater.serialized() == "a.b")
        let spaceThenPlaceholder = MF2Message(source: "", declarations: [], body: .pattern(pattern(text("  "), .expression(variable("x")))))
        #expect(spaceThenPlaceholder.serialized() == "  {$x}")
    }

    @Test func literalsAreQuotedOnlyWhenUnquotedLiteralCannotSpellThem() {
        // unquoted-literal = 1*name-char; a quoted literal escapes \ and |.
        let expression = MF2Expression(
            operand: .literal(literal("a b|\\")),
            function: MF2Function(name: "test:format", nameRange: empty, options: [
                MF2Option(name: "x", nameRange: empty, value: .literal(literal("1.5"))),
                MF2Option(name: "y", nameRange: empty, value: .literal(literal("-abc"))),
                MF2Option(name: "z", nameRange: empty, value: .literal(literal(""))),
                MF2Option(name: "v", nameRange: empty, value: .variable(MF2Variable(name: "var", range: empty))),
            ]),
            attributes: [MF2Attribute(name: "a", nameRange: empty, value: nil),
                         MF2Attribute(name: "b", nameRange: empty, value: literal("c d"))],
            range: empty)
        let message = MF2Message(source: "", declarations: [], body: .pattern(pattern(.expression(expression))))
        #expect(message.serialized() == "{|a b\\|\\\\| :test:format x=1.5 y=-abc z=|| v=$var @a @b=|c d|}")
    }

    @Test func complexMessagesPutDeclarationsAndVariantsOnTheirOwnLines() {
        let message = MF2Message(
            source: "",
            declarations: [MF2Declaration(kind: .input, name: "n", nameRange: empty, value: variable("n", "number"), range: empty),
                           MF2Declaration(kind: .local, name: "m", nameRange: empty,
                                          value: variable("n", "offset", [("subtract", "1")]), range: empty)],
            body: .select(MF2Select(
                selectors: [MF2Variable(name: "n", range: empty), MF2Variable(name: "m", range: empty)],
                variants: [MF2Variant(keys: [.literal(literal("0")), .catchall(range: empty)], pattern: pattern(text("none")), range: empty),
                           MF2Variant(keys: [.catchall(range: empty), .literal(literal("one"))],
                                      pattern: pattern(.expression(variable("m")), text(" {more}")), range: empty),
                           MF2Variant(keys: [.catchall(range: empty), .catchall(range: empty)], pattern: pattern(), range: empty)],
                range: empty)))
        #expect(message.serialized() == """
            .input {$n :number}
            .local $m = {$n :offset subtract=1}
            .match $n $m
            0 * {{none}}
            * one {{{$m} \\{more\\}}}
            * * {{}}
            """)
    }

    @Test func markupIsWrittenWithItsKind() {
        let open = MF2Markup(kind: .open, name: "b", nameRange: empty, options: [], attributes: [], range: empty)
        let close = MF2Markup(kind: .close, name: "b", nameRange: empty, options: [], attributes: [], range: empty)
        let alone = MF2Markup(kind: .standalone, name: "br", nameRange: empty,
                              options: [MF2Option(name: "k", nameRange: empty, value: .literal(literal("v")))],
                              attributes: [], range: empty)
        let message = MF2Message(source: "", declarations: [], body: .pattern(pattern(.markup(open), text("x"), .markup(close), .markup(alone))))
        #expect(message.serialized() == "{#b}x{/b}{#br k=v/}")
    }

    @Test func rangesPointIntoThePrintedSource() {
        let (message, _) = MF2Message.converting(try! MessagePattern("Hi {name}, {n, plural, one {# file} other {# files}}"))
        let utf16 = Array(message.source.utf16)
        func slice(_ range: Range<Int>) -> String { String(decoding: utf16[range], as: UTF16.self) }
        guard case .select(let select) = message.body else { Issue.record("expected a .match"); return }
        #expect(slice(select.selectors[0].range) == "$n")
        #expect(slice(message.declarations[0].range) == ".input {$n :number}")
        for variant in select.variants {
            #expect(slice(variant.range).hasSuffix("}}"))
            for case .expression(let expression) in variant.pattern.parts {
                #expect(slice(expression.range).hasPrefix("{$"))
            }
        }
    }

    /// Printing then parsing gives the same model, ranges and `isQuoted` aside.
    @Test(arguments: [
        "Hello {$name}!",
        "{{.starts with a dot}}",
        ".input {$n :number minimumFractionDigits=2}\n.local $m = {$n :offset add=3}\n.match $m\n1 {{one}}\none {{{$m}}}\n* {{{|lit eral| :string @attr=|a b|}}}",
        "{#b opt=$x @a}bold{/b}{#img src=|a.png|/} \\{ \\} \\\\ |",
        ".local $x = {|1| :number}\n.match $x\n|1| {{a}}\n* {{b}}",
    ])
    func printingThenParsingKeepsTheModel(source: String) throws {
        let parsed = try MF2Message(source)
        let printed = parsed.serialized()
        let reparsed = try MF2Message(printed)
        #expect(Self.normalized(reparsed) == Self.normalized(parsed), "\(printed)")
        #expect(reparsed.serialized() == printed)
    }

    /// The model without ranges, quoting or source.
    static func normalized(_ message: MF2Message) -> String {
        var out = ""
        func lit(_ l: MF2Literal) -> String { "lit(\(l.value))" }
        func operand(_ o: MF2Operand?) -> String {
            switch o {
            case .literal(let l)?: lit(l)
            case .variable(let v)?: "var(\(v.name))"
            case nil: "-"
            }
        }
        func expression(_ e: MF2Expression) -> String {
            let f = e.function.map { f in "fn(\(f.name) \(f.options.map { "\($0.name)=\(operand($0.value))" }))" } ?? "-"
            return "expr(\(operand(e.operand)) \(f) \(e.attributes.map { "\($0.name)=\($0.value.map(lit) ?? "true")" }))"
        }
        func pattern(_ p: MF2Pattern) -> String {
            p.parts.map { part in
                switch part {
                case .text(let t, _): "text(\(t))"
                case .expression(let e): expression(e)
                case .markup(let m): "markup(\(m.kind) \(m.name) \(m.options.map { "\($0.name)=\(operand($0.value))" }) \(m.attributes.map(\.name)))"
                }
            }.joined(separator: ",")
        }
        for d in message.declarations { out += "\(d.kind) \(d.name) \(expression(d.value))\n" }
        switch message.body {
        case .pattern(let p): out += pattern(p)
        case .select(let s):
            out += "match \(s.selectors.map(\.name))\n"
            for v in s.variants {
                out += v.keys.map { if case .literal(let l) = $0 { lit(l) } else { "*" } }.joined(separator: " ") + " " + pattern(v.pattern) + "\n"
            }
        }
        return out
    }
}

// MARK: - MF1 → MF2

@Suite struct MF2FromMF1Tests {
    @Test func argumentsBecomeVariables() throws {
        // {x} → {$x}; a numbered argument gets a name MF2 can spell and MF1 cannot (no "." in MF1 names).
        #expect(try mf2("Hello {name}, {0}!").text == "Hello {$name}, {$arg.0}!")
        // MF1 text quoting is already applied in the AST; MF2 escapes braces with a backslash.
        #expect(try mf2("It''s '{'literal'}'").text == "It's \\{literal\\}")
    }

    @Test func numberStylesMapToStandardFunctions() throws {
        #expect(try mf2("{n, number}").text == "{$n :number}")
        #expect(try mf2("{n, number, percent}").text == "{$n :percent}")
        let integer = try mf2("{n, number, integer}")
        #expect(integer.text == "{$n :integer}")
        #expect(integer.notes == ["integer-rounding"])
        // MF1's currency style uses the locale's currency; the standard :currency needs a code.
        let currency = try mf2("{n, number, currency}")
        #expect(currency.text == "{$n :speakable:currency}")
        #expect(currency.notes == ["locale-currency"])
    }

    @Test func skeletonsTheStandardOptionsCanSayBecomeOptions() throws {
        // ICU rounds half-even by default; MF2 half-expand: a precision says which.
        #expect(try mf2("{n, number, ::.00 sign-always}").text
                == "{$n :number minimumFractionDigits=2 maximumFractionDigits=2 signDisplay=always roundingMode=halfEven}")
        #expect(try mf2("{n, number, ::currency/EUR}") == ("{$n :currency currency=EUR}", []))
        #expect(try mf2("{n, number, ::percent scale/100 .0}").text
                == "{$n :percent minimumFractionDigits=1 maximumFractionDigits=1 roundingMode=halfEven}")
        // Without a precision a skeleton shows up to 6 fraction digits; :number's default is the
        // implementation's.
        #expect(try mf2("{n, number, ::group-off}") == ("{$n :number useGrouping=never}", ["skeleton-precision"]))
        // Back in MF1 these are the same skeletons.
        for source in ["{n, number, ::.00 sign-always}", "{n, number, ::currency/EUR}", "{n, number, ::percent scale/100 .0}",
                       "{n, number, ::group-off}", "{n, number, ::@@# group-min2}", "{n, number, ::precision-integer}"] {
            #expect(try mf1RoundTrip(source) == source)
        }
        // Units, scales and the like have no standard option.
        #expect(try mf2("{n, number, ::measure-unit/duration-second}").notes == ["speakable-function"])
        #expect(try mf2("{n, number, ::percent}").notes == ["speakable-function"])
    }

    @Test func formatsWithoutAStandardFunctionUseTheSpeakableNamespace() throws {
        let skeleton = try mf2("{n, number, ::percent .00}")
        #expect(skeleton.text == "{$n :speakable:number skeleton=|percent .00|}")
        #expect(skeleton.notes == ["speakable-function"])
        // A DecimalFormat pattern is kept as written, leading space included (ICU applies it so).
        #expect(try mf2("{n, number, #,##0.0}").text == "{$n :speakable:number pattern=| #,##0.0|}")
        #expect(try mf2("{d, date, ::yMMMd}").text == "{$d :speakable:date skeleton=yMMMd}")
        #expect(try mf2("{d, time, HH:mm}").text == "{$d :speakable:time pattern=| HH:mm|}")
        #expect(try mf2("{n, spellout}").text == "{$n :speakable:spellout}")
        #expect(try mf2("{n, duration,%with-words}").text == "{$n :speakable:duration ruleset=|%with-words|}")
    }

    @Test func dateAndTimeStylesMapToTheNearestStandardOptions() throws {
        // datetime.md: :date defaults to fields=year-month-day length=medium, :time to precision=minute.
        #expect(try mf2("{d, date}").text == "{$d :date}")
        #expect(try mf2("{d, date, short}").text == "{$d :date length=short}")
        #expect(try mf2("{d, date, full}").text == "{$d :date fields=year-month-day-weekday length=long}")
        #expect(try mf2("{t, time}").text == "{$t :time precision=second}")
        #expect(try mf2("{t, time, short}").text == "{$t :time}")
        #expect(try mf2("{t, time, full}").text == "{$t :time precision=second timeZoneStyle=long}")
        #expect(try mf2("{t, time, short}").notes == ["date-style"])
    }

    @Test func aPluralBecomesAMatchOnANumberInput() throws {
        // =N → exact key N, keywords stay, other → *; # → the declared :number variable.
        let converted = try mf2("{n, plural, =0 {no files} one {# file} other {# files}}")
        #expect(converted.text == """
            .input {$n :number}
            .match $n
            0 {{no files}}
            one {{{$n} file}}
            * {{{$n} files}}
            """)
        #expect(converted.notes.isEmpty)
        // The input stays a plain number; the ordinal selector is a local (no `select` is inherited).
        #expect(try mf2("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}").text == """
            .input {$n :number}
            .local $n-ordinal = {$n :number select=ordinal}
            .match $n-ordinal
            one {{{$n}st}}
            two {{{$n}nd}}
            few {{{$n}rd}}
            * {{{$n}th}}
            """)
    }

    @Test func anOffsetBecomesAnOffsetLocalAndTwoSelectors() throws {
        // number.md's own example: exact keys on the value, keywords on the value minus the offset.
        let source = "{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}"
        // Back in MF1, the two selectors are one plural again.
        #expect(try mf1RoundTrip(source) == source)
        #expect(try mf2(source).text == """
            .input {$n :number}
            .local $n-offset = {$n :offset subtract=1}
            .match $n $n-offset
            0 * {{nobody}}
            1 * {{{$name}}}
            * one {{{$name} and {$n-offset} other}}
            * * {{{$name} and {$n-offset} others}}
            """)
    }

    @Test func iCUChoosesAPluralByTheFirstFormattedArgumentOfItsOtherCase() throws {
        // ICU's findFirstPluralNumberArg: {n, number, integer} first in `other` makes ICU choose
        // by the rounded number (0.6 → "1" → one), which MF2 says with an :integer selector.
        let source = "{n, plural, one {one} other {{n, number, integer} items}}"
        let converted = try mf2(source)
        #expect(converted.text == """
            .input {$n :number}
            .local $n-integer = {$n :integer select=plural}
            .match $n-integer
            one {{one}}
            * {{{$n :integer} items}}
            """)
        #expect(converted.notes == ["integer-selection", "integer-rounding"])
        #expect(try mf1RoundTrip(source) == source)
        // Other formats cannot be said by an MF2 selector.
        #expect(try mf2("{n, plural, one {#} other {{n, number, percent}}}").notes == ["selection-format"])
    }

    @Test func sequentialAndNestedSelectsMakeTheCrossProduct() throws {
        // Two selects in a row: 2 × 2 variants; the first select's selector comes first.
        #expect(try mf2("{a, select, x {X} other {-}}/{b, select, y {Y} other {-}}").text == """
            .input {$a :string}
            .input {$b :string}
            .match $a $b
            x y {{X/Y}}
            x * {{X/-}}
            * y {{-/Y}}
            * * {{-/-}}
            """)
        // A select nested in one case: the other case does not reach it, so its key there is *.
        #expect(try mf2("{g, select, female {{n, plural, one {her file} other {her # files}}} other {their files}}").text == """
            .input {$g :string}
            .input {$n :number}
            .match $g $n
            female one {{her file}}
            female * {{her {$n} files}}
            * * {{their files}}
            """)
    }

    @Test func keysICUNeverChoosesAreDroppedWithANote() throws {
        let converted = try mf2("{n, plural, one {a} one {b} lots {c} other {d}}")
        #expect(converted.notes == ["duplicate-case", "unknown-plural-keyword"])
        #expect(converted.text == ".input {$n :number}\n.match $n\none {{a}}\n* {{d}}")
    }

    @Test func choiceCannotBeKept() throws {
        let converted = try mf2("{n, choice, 0#none|1#one|1<many}")
        #expect(converted.notes == ["choice-not-kept"])
        #expect(converted.text == "{$n :speakable:choice style=|0#none\\|1#one\\|1<many|}")
        #expect(try mf1RoundTrip("{n, choice, 0#none|1#one|1<many}") == "{n, choice, 0#none|1#one|1<many}")
    }

    @Test func hostileInputsGiveNotesNotCrashes() throws {
        // 20 selects of 2 cases in a row: 2^20 combinations, far above the limit.
        let wide = String(repeating: "{a, select, x {x} other {y}}", count: 20)
        let (message, notes) = MF2Message.converting(try MessagePattern(wide))
        #expect(notes.map(\.id) == ["too-many-variants"])
        #expect(message.source == String(repeating: "y", count: 20))
        // 16 variants of 70,000 characters would be longer than a message may be.
        let long = String(repeating: "a", count: 70_000) + String(repeating: "{a, select, x {x} other {y}}", count: 4)
        let longNotes = MF2Message.converting(try MessagePattern(long)).notes
        #expect(longNotes.map(\.id) == ["too-many-variants"])
        // The deepest nesting MF1 accepts converts (one variant per level), but MF1 cannot nest
        // that many selectors back.
        let depth = 200
        let deep = String(repeating: "{a, select, x {", count: depth) + "z" + String(repeating: "} other {o}}", count: depth)
        let deepMessage = MF2Message.converting(try MessagePattern(deep))
        #expect(deepMessage.notes.isEmpty)
        guard case .select(let select) = deepMessage.message.body else { Issue.record("expected a .match"); return }
        #expect(select.variants.count == depth + 1)
        let back = deepMessage.message.convertedToMF1()
        #expect(back.notes.map(\.id) == ["too-many-selectors"])
        #expect(back.source == "o")
        // U+0000 cannot be written in MF2.
        #expect(try mf2("a\u{0}b").notes == ["nul-dropped"])
        // A name MF2 cannot spell.
        let renamed = try mf2("{a\u{A0}b}")
        #expect(renamed.text == "{$a_b}")
        #expect(renamed.notes == ["argument-renamed"])
    }
}

// MARK: - MF2 → MF1

@Suite struct MF2ToMF1Tests {
    @Test func aPluralMatchBecomesAPluralWithPound() throws {
        let message = try MF2Message(".input {$n :number}\n.match $n\n0 {{none}}\none {{{$n} item}}\n* {{{$n} items}}")
        let converted = message.convertedToMF1()
        #expect(converted.source == "{n, plural, =0 {none} one {# item} other {# items}}")
        #expect(converted.notes.isEmpty)
    }

    @Test func textIsQuotedForMF1() throws {
        // ' doubles; { } are quoted; # is quoted only directly in a plural case.
        let message = try MF2Message(".input {$n :number}\n.match $n\none {{it's #1 \\{x\\}'}}\n* {{#}}")
        #expect(message.convertedToMF1().source == "{n, plural, one {it''s '#'1 '{'x'}'''} other {'#'}}")
        #expect(try MF2Message("it's #1 {|{x}|}").convertedToMF1().source == "it''s #1 '{'x'}'")
        // The MF1 parser reads the text back unchanged.
        let parsed = try MessagePattern("{n, plural, one {it''s '#'1 '{'x'}'''} other {'#'}}")
        guard case .argument(let argument) = parsed.body.parts.first, case .plural(let plural) = argument.kind,
              case .text(let text, _) = plural.cases[0].message.parts.first else { Issue.record("not a plural"); return }
        #expect(text == "it's #1 {x}'")
    }

    @Test func exactAndKeywordKeysOfTheSameValueNestAPlural() throws {
        // For the value 1, MF2 prefers "1 x" but if the second selector is not x, "one y" may
        // still match (when 1 is in category one): MF1 must ask the category inside =1.
        let message = try MF2Message(".input {$n :number}\n.input {$s :string}\n.match $n $s\n1 x {{A}}\none y {{B}}\n* * {{C}}")
        let converted = message.convertedToMF1()
        #expect(converted.notes.map(\.id) == ["nested-selection"])
        #expect(converted.source == "{n, plural, =1 {{n, plural, one {{s, select, x {A} y {B} other {C}}} other {{s, select, x {A} other {C}}}}} one {{s, select, y {B} other {C}}} other {C}}")
        for (locale, n, s, expected) in [("en", 1, "y", "B"), ("ja", 1, "y", "C"), ("en", 1, "x", "A"), ("en", 2, "y", "C"), ("fr", 0, "y", "B")] {
            let output = try CompiledMessage(converted.source, locale: ICULocale(locale)).format(["n": .int(n), "s": .string(s)])
            #expect(output == expected, "\(locale) n=\(n) s=\(s)")
        }
    }

    @Test func anOffsetSelectorBecomesAPluralOffset() throws {
        let message = try MF2Message(".input {$n :integer}\n.local $m = {$n :offset subtract=2}\n.match $m\n0 {{just two}}\none {{two and {$m} more}}\n* {{two and {$m} more}}\n")
        #expect(message.convertedToMF1().source == "{n, plural, offset:2 =2 {just two} one {two and # more} other {two and # more}}")
        // :integer selects on the integer part, MF1 on the value.
        // And MF1 chooses by the rounded number only when the `other` case starts with
        // {n, number, integer}, which it does not here.
        #expect(message.convertedToMF1().notes.map(\.id) == ["selector-rounded", "integer-selection-lost"])
        // Outside its plural, n − 2 is a one-case plural.
        #expect(try MF2Message(".local $m = {$n :offset subtract=2}\n{{left: {$m}}}").convertedToMF1().source
                == "left: {n, plural, offset:2 other {#}}")
    }

    @Test func theKeyOtherIsTheCategoryNotTheCatchAll() throws {
        // `other` matches only when the category is other; `*` matches always. MF1's `other` case is
        // reached for categories without a case, so every category gets one.
        let message = try MF2Message(".input {$n :number}\n.match $n\nother {{O}}\n* {{S}}")
        let converted = message.convertedToMF1().source
        #expect(converted == "{n, plural, zero {S} one {S} two {S} few {S} many {S} other {O}}")
        #expect(try CompiledMessage(converted, locale: .english).format(["n": 1]) == "S")
        #expect(try CompiledMessage(converted, locale: .english).format(["n": 2]) == "O")
    }

    @Test func functionOptionsBecomeSkeletons() throws {
        func mf1(_ mf2: String) throws -> String { try MF2Message(mf2).convertedToMF1().source }
        // :number's maximumFractionDigits defaults to 3 here (as MF1's number style), and MF2
        // rounds half-expand unless told otherwise where ICU rounds half-even.
        #expect(try mf1("{$x :number minimumFractionDigits=2}") == "{x, number, ::.00# rounding-mode-half-up}")
        #expect(try mf1("{$x :number maximumFractionDigits=0 useGrouping=never}") == "{x, number, ::precision-integer group-off rounding-mode-half-up}")
        #expect(try mf1("{$x :number maximumFractionDigits=1 roundingMode=halfEven}") == "{x, number, ::.#}")
        #expect(try mf1("{$x :currency currency=EUR}") == "{x, number, ::currency/EUR}")
        #expect(try mf1("{$x :date length=short}") == "{x, date, short}")
        #expect(try mf1("{$x :date fields=month-day}") == "{x, date, ::MMMd}")
        #expect(try mf1("{$x :datetime}") == "{x, date, ::yMMMdjmm}")
        #expect(try mf1(".input {$x :number signDisplay=always}\n{{{$x :number minimumIntegerDigits=3}}}") == "{x, number, ::integer-width/*000 sign-always}")
        // :integer discards the fraction options of its operand (number.md).
        #expect(try mf1(".input {$x :number minimumFractionDigits=2}\n{{{$x :integer}}}") == "{x, number, integer}")
    }

    @Test func whatMF1CannotSayIsNoted() throws {
        let converted = try MF2Message("{#b}{$x :test:format @a}{/b} {$y :number u:locale=fr} {$z-w}").convertedToMF1()
        #expect(converted.source == "{x} {y, number} {z_w}")
        #expect(converted.notes.map(\.id) == ["markup-dropped", "attribute-dropped", "function-not-kept", "markup-dropped",
                                              "option-not-kept", "name-changed"])
        #expect(converted.notes[0].range == 0..<4)
    }

    @Test func stringKeysMF1CannotNameAreDropped() throws {
        let converted = try MF2Message(".input {$x :string}\n.match $x\n|a b| {{1}}\nother {{2}}\nok {{3}}\n* {{4}}").convertedToMF1()
        #expect(converted.source == "{x, select, ok {3} other {4}}")
        #expect(converted.notes.map(\.id) == ["key-not-selectable", "key-not-selectable"])
    }

    @Test func hugeSelectionsStayBounded() throws {
        // 12 selectors of 6 keys each, one variant per diagonal: MF1 would repeat the variants far
        // beyond the budget, so only the catch-all is written.
        var source = ""
        for i in 0..<12 { source += ".input {$s\(i) :string}\n" }
        source += ".match " + (0..<12).map { "$s\($0)" }.joined(separator: " ") + "\n"
        for k in 0..<6 {
            source += (0..<12).map { _ in "k\(k)" }.joined(separator: " ") + " {{\(k)}}\n"
            source += (0..<12).map { i in i == k ? "k\(k)" : "*" }.joined(separator: " ") + " {{single \(k)}}\n"
        }
        source += (0..<12).map { _ in "*" }.joined(separator: " ") + " {{none}}"
        let converted = try MF2Message(source).convertedToMF1()
        #expect(converted.source.utf16.count <= MessagePattern.maximumLength)
        #expect(!converted.notes.isEmpty)
    }
}

// MARK: - Round trips with formatting

/// MF1 → MF2 → MF1 keeps every formatted output, in locales with few and many plural categories.
@Suite struct MF2RoundTripTests {
    static let locales = ["en", "ko", "ru", "ar"].compactMap { try? ICULocale($0) }

    struct Sample: Sendable, CustomStringConvertible {
        var id: String
        var source: String
        var arguments: [[String: MessageArgument]]
        var description: String { id }
    }

    /// Every message of Templates/*.json (with its examples) and Locales/ko/*.json.
    static func catalogSamples() -> [Sample] {
        var samples: [Sample] = []
        let manager = FileManager.default
        for folder in ["Templates", "Locales/ko"] {
            let directory = packageRoot + "/" + folder
            let files = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for file in files {
                guard let data = manager.contents(atPath: directory + "/" + file),
                      let root = JSONReader.read(Array(data), file: file).root else { continue }
                let messages = root["messages"]?.members ?? root.members ?? []
                for member in messages {
                    let source = member.value.string ?? member.value["message"]?.string
                    guard let source else { continue }
                    let examples = member.value["examples"]?.array ?? []
                    let arguments = examples.compactMap { MF1Conformance.arguments($0, timeZone: .utc) }
                    samples.append(Sample(id: "\(folder)/\(file):\(member.key)", source: source, arguments: arguments))
                }
            }
        }
        return samples
    }

    /// Every pattern of the MF1 conformance data that ICU accepts, with its recorded arguments.
    static func conformanceSamples() -> [Sample] {
        guard let directory = MF1Conformance.dataDirectory(packageRoot: packageRoot) else { return [] }
        var samples: [Sample] = []
        for file in ["icu4c-tmsgfmt-cases.json", "messageformat-js-fixtures.json", "syntax-validity.json"] {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file),
                  let cases = JSONReader.read(Array(data), file: file).root?["cases"]?.array else { continue }
            for item in cases {
                guard let source = item["src"]?.string else { continue }
                let zone = (try? ICUTimeZone(item["timeZone"]?.string ?? "UTC")) ?? .utc
                let arguments = MF1Conformance.arguments(item["args"], timeZone: zone).map { [$0] } ?? []
                samples.append(Sample(id: "\(file):\(item["id"]?.string ?? "?")", source: source, arguments: arguments))
            }
        }
        return samples
    }

    /// Arguments that reach the cases of `pattern`: one base assignment, then each argument
    /// through its values with the others at their base, then all arguments at the same index.
    static func generatedArguments(_ pattern: MessagePattern) -> [[String: MessageArgument]] {
        var values: [String: [MessageArgument]] = [:]
        var order: [String] = []
        func add(_ name: String, _ more: [MessageArgument]) {
            if values[name] == nil { order.append(name) }
            var list = values[name] ?? []
            for value in more where !list.contains(value) { list.append(value) }
            values[name] = list
        }
        let numbers: [MessageArgument] = [.int(0), .int(1), .int(2), .int(3), .int(4), .int(5), .int(11), .int(12),
                                          .int(21), .int(22), .int(101), .int(1234567), .double(1.5), .double(0.25), .int(-3)]
        pattern.forEachArgument { argument in
            switch argument.kind {
            case .none: add(argument.name, [.string("text"), .int(7)])
            case .simple(let simple):
                switch simple.type {
                case .date, .time: add(argument.name, [.date(1_700_000_000_000), .date(0)])
                default: add(argument.name, [.int(3), .double(1234.5), .int(-7), .int(0)])
                }
            case .plural, .choice: add(argument.name, numbers)
            case .select(let select): add(argument.name, select.cases.map { .string($0.key) } + [.string("zzz")])
            }
        }
        // An argument that is both selected and printed: keep values of one type first.
        var sets: [[String: MessageArgument]] = []
        let base = values.mapValues { $0[0] }
        sets.append(base)
        for name in order {
            for value in values[name]!.dropFirst() {
                var set = base
                set[name] = value
                sets.append(set)
            }
        }
        let longest = values.values.map(\.count).max() ?? 0
        for index in 0..<longest {
            sets.append(values.mapValues { $0[index % $0.count] })
        }
        return sets
    }

    static func format(_ source: String, _ locale: ICULocale, _ arguments: [String: MessageArgument]) -> String {
        switch MF1Conformance.format(source, locale: locale, timeZone: .utc, args: arguments) {
        case .success(let output): output
        case .failure(.syntax(let error)): "<syntax \(error.first.id)>"
        case .failure(.compile(let error)): "<compile \(error.id)>"
        case .failure(.format(let error)): "<format \(error.id)>"
        }
    }

    struct Tally {
        var messages = 0
        var identicalText = 0
        var comparisons = 0
        var withNotes = 0
        /// Argument sets without a value of the right type for an argument that is selected on
        /// (see below).
        var missingSelector = 0
        /// Messages with an argument renamed (MF2 cannot spell its name), not compared.
        var renamed = 0
        /// Messages whose cross product is above the limit (only their `other` path is kept), not compared.
        var refused = 0
        /// Messages whose MF1 plural may now choose by another formatted number (noted), and
        /// how many of them format differently for some arguments.
        var selectionNoted = 0
        var notedDifferences = 0
        var failures: [String] = []
    }

    /// Converts each sample to MF2 and back, and formats both MF1 texts in every locale.
    /// With `throughText`, the MF2 model is printed and parsed again before converting back.
    static func roundTrip(_ samples: [Sample], throughText: Bool) -> Tally {
        var tally = Tally()
        for sample in samples {
            guard let pattern = try? MessagePattern(sample.source) else { continue }
            tally.messages += 1
            let (message, notes) = MF2Message.converting(pattern)
            if !notes.isEmpty { tally.withNotes += 1 }
            if notes.contains(where: { $0.id == "argument-renamed" }) {
                tally.renamed += 1
                continue
            }
            if notes.contains(where: { $0.id == "too-many-variants" }) {
                tally.refused += 1
                continue
            }
            var model = message
            if throughText {
                do {
                    model = try MF2Message(message.serialized())
                } catch {
                    tally.failures.append("\(sample.id): the MF2 text does not parse: \(error)\n\(message.source)")
                    continue
                }
            }
            let back = model.convertedToMF1()
            if back.source == sample.source { tally.identicalText += 1 }
            // Noted: ICU chooses a plural by a formatted number the flattened text no longer (or
            // newly) puts first in its `other` case; a difference then is expected.
            let selectionNoted = back.notes.contains { ["integer-selection-lost", "selection-format-changed"].contains($0.id) }
            if selectionNoted { tally.selectionNoted += 1 }
            // A select or plural without its argument (or with one of the wrong type) prints
            // `{name}` in place of the whole argument (or fails) in MF1, and only in the case
            // that reaches it; in MF2 the selection spans the whole message and every selector
            // is read, so such sets are counted, not compared.
            var selected: [String: Bool] = [:]  // name → is numeric
            pattern.forEachArgument { argument in
                switch argument.kind {
                case .plural: selected[argument.name] = true
                case .select: selected[argument.name] = false
                default: break
                }
            }
            let argumentSets = (sample.arguments + generatedArguments(pattern)).filter { arguments in
                let usable = selected.allSatisfy { name, numeric in
                    switch arguments[name] {
                    case .int?, .double?: numeric
                    case .string?: !numeric
                    case .date?, nil: false
                    }
                }
                if !usable { tally.missingSelector += 1 }
                return usable
            }
            for locale in locales {
                for arguments in argumentSets {
                    tally.comparisons += 1
                    let original = format(sample.source, locale, arguments)
                    let converted = format(back.source, locale, arguments)
                    if original != converted && selectionNoted {
                        tally.notedDifferences += 1
                        break
                    }
                    if original != converted {
                        tally.failures.append("\(sample.id) [\(locale)] \(arguments)\n  MF1: \(sample.source)\n  MF2: \(message.source)\n  back: \(back.source)\n  want \(original)\n  got  \(converted)")
                        break
                    }
                }
            }
        }
        return tally
    }

    @Test func builtInTemplatesKeepEveryOutput() {
        let samples = Self.catalogSamples()
        #expect(samples.count > 100)
        for throughText in [false, true] {
            let tally = Self.roundTrip(samples, throughText: throughText)
            print("MF2 round trip (catalogs, \(throughText ? "through text" : "model")): \(tally.messages) messages, \(tally.comparisons) formats compared, \(tally.identicalText) back to the same text, \(tally.withNotes) with notes, \(tally.missingSelector) argument sets without a selected argument of its type, \(tally.renamed) with a renamed argument, \(tally.selectionNoted) with a noted change of selection format (\(tally.notedDifferences) of them formatting differently), \(tally.failures.count) differ")
            #expect(tally.messages == samples.count)
            for failure in tally.failures.prefix(40) { Issue.record("\(failure)") }
        }
    }

    @Test(.enabled(if: MF1Conformance.dataDirectory(packageRoot: packageRoot) != nil, "../shared/testdata/mf1 is absent"))
    func conformanceCorpusKeepsEveryOutput() {
        let samples = Self.conformanceSamples()
        for throughText in [false, true] {
            let tally = Self.roundTrip(samples, throughText: throughText)
            print("MF2 round trip (MF1 conformance, \(throughText ? "through text" : "model")): \(tally.messages) of \(samples.count) patterns parse, \(tally.comparisons) formats compared, \(tally.identicalText) back to the same text, \(tally.withNotes) with notes, \(tally.missingSelector) argument sets without a selected argument of its type, \(tally.renamed) with a renamed argument, \(tally.selectionNoted) with a noted change of selection format (\(tally.notedDifferences) of them formatting differently), \(tally.failures.count) differ")
            #expect(tally.messages > 300)
            for failure in tally.failures.prefix(40) { Issue.record("\(failure)") }
        }
    }
}

// MARK: - The MF2 test suite

private let mf2SuiteDirectory = packageRoot + "/../shared/testdata/mf2/message-format-wg/tests"

/// Every message of the MF2 conformance suite (`../shared/testdata/mf2`) that parses: printing
/// and parsing again keeps the model, and converting to MF1 gives a pattern MF1 accepts.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: mf2SuiteDirectory), "../shared/testdata/mf2 is absent"))
struct MF2SuiteTests {
    static let directory = mf2SuiteDirectory

    static func sources() -> [(id: String, source: String)] {
        let manager = FileManager.default
        var files: [String] = []
        for entry in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            if entry.hasSuffix(".json") { files.append(entry) }
        }
        for entry in (try? manager.contentsOfDirectory(atPath: directory + "/functions")) ?? [] where entry.hasSuffix(".json") {
            files.append("functions/" + entry)
        }
        var result: [(String, String)] = []
        for file in files.sorted() {
            guard let data = manager.contents(atPath: directory + "/" + file),
                  let tests = JSONReader.read(Array(data), file: file).root?["tests"]?.array else { continue }
            for (index, test) in tests.enumerated() {
                if let source = test["src"]?.string { result.append(("\(file)#\(index)", source)) }
            }
        }
        return result
    }

    @Test func everyValidMessagePrintsAndConverts() {
        let sources = Self.sources()
        #expect(sources.count > 400)
        var valid = 0
        var printed = 0
        var converted = 0
        for (id, source) in sources {
            guard let message = try? MF2Message(source) else { continue }
            valid += 1
            let text = message.serialized()
            do {
                let reparsed = try MF2Message(text)
                if MF2PrinterTests.normalized(reparsed) == MF2PrinterTests.normalized(message) && reparsed.serialized() == text {
                    printed += 1
                } else {
                    Issue.record("\(id): printing changed the model\n\(source)\n\(text)")
                }
            } catch {
                Issue.record("\(id): the printed text does not parse: \(error)\n\(source)\n\(text)")
            }
            let mf1 = message.convertedToMF1()
            if mf1.notes.contains(where: { $0.id == "invalid-output" }) {
                Issue.record("\(id): \(source) → \(mf1.source): \(mf1.notes)")
            } else {
                converted += 1
            }
            for note in mf1.notes {
                #expect(note.range.lowerBound >= 0 && note.range.upperBound <= source.utf16.count, "\(id): \(note)")
            }
        }
        print("MF2 suite: \(sources.count) messages, \(valid) valid, \(printed) print and parse back to the same model, \(converted) convert to valid MF1")
        #expect(printed == valid)
        #expect(converted == valid)
    }
}

// MARK: - Generated messages

/// Seeded random MF1 messages (quoting, `#`, nested and sequential selects and plurals, offsets)
/// keep every formatted output through MF2 text and back.
@Suite struct MF2GeneratedRoundTripTests {
    /// A small linear congruential generator: the same messages on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    }

    static func body(_ g: inout Generator, depth: Int, inPlural: Bool) -> String {
        var out = ""
        for _ in 0..<(1 + g.next(3)) {
            switch g.next(depth > 0 ? 9 : 5) {
            case 0, 1:
                // Text as MF1 writes it: quoted braces, doubled and lone apostrophes, `#`.
                out += g.pick(["a", " b ", "it''s", "'{'x'}'", "don't", "'#'", "#", "''", "é", "'{''}'", "{{"].map { $0 == "{{" ? "'{{'" : $0 })
            case 2:
                out += g.pick(["{a}", "{n, number}", "{n, number, integer}", "{n}", "{s}", "{n, number, ::.0}"])
            case 3:
                if inPlural { out += "#" } else { out += "x" }
            case 4:
                out += g.pick(["{0}", "{d, date, short}"])
            case 5, 6:
                let keys = ["k1", "k2", "other"]
                out += "{s, select, " + keys.map { "\($0) {\(body(&g, depth: depth - 1, inPlural: false))}" }.joined(separator: " ") + "}"
            default:
                let kind = g.pick(["plural", "selectordinal"])
                let offset = g.next(3) == 0 ? "offset:1 " : ""
                let keys = g.pick([["=0", "one", "other"], ["one", "few", "other"], ["=1", "=2", "other"], ["other"], ["=1", "one", "many", "other"]])
                out += "{n, \(kind), \(offset)" + keys.map { "\($0) {\(body(&g, depth: depth - 1, inPlural: true))}" }.joined(separator: " ") + "}"
            }
        }
        return out
    }

    @Test func generatedMessagesKeepEveryOutput() {
        var g = Generator(state: 27)
        var samples: [MF2RoundTripTests.Sample] = []
        for index in 0..<300 {
            let source = Self.body(&g, depth: 2, inPlural: false)
            samples.append(MF2RoundTripTests.Sample(id: "generated-\(index)", source: source, arguments: []))
        }
        let tally = MF2RoundTripTests.roundTrip(samples, throughText: true)
        print("MF2 round trip (generated): \(tally.messages) of \(samples.count) messages parse, \(tally.refused) above the variant limit, \(tally.selectionNoted) with a noted change of selection format (\(tally.notedDifferences) of them formatting differently), \(tally.comparisons) formats compared, \(tally.identicalText) back to the same text, \(tally.failures.count) differ")
        #expect(tally.messages - tally.refused > 150)
        for failure in tally.failures.prefix(20) { Issue.record("\(failure)") }
    }
}
