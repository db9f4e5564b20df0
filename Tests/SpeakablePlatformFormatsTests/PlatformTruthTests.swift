import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats
import Testing

// Issue 8: what the compiled catalogs make the platforms say is what Speakable says.

private func body(_ source: String) throws -> MessageBody { try MessagePattern(source).body }
private func locale(_ tag: String) -> ICULocale { try! ICULocale(tag) }
private func ints(_ names: String...) -> [CatalogArgument] { names.map { CatalogArgument(name: $0, kind: .integer) } }
private func texts(_ value: CatalogValue) -> [String] {
    switch value {
    case .text(let text): [text]
    case .plural(let forms): forms.map { "\($0.category): \($0.text)" }
    case .substitutions(let format, let substitutions): [format] + substitutions.flatMap { s in s.forms.map { "\(s.name).\($0.category): \($0.text)" } }
    }
}

/// Converts every locale's text of one message with the layout they decide together.
private func convert(_ sources: [(String, String)], platform: CatalogPlatform, arguments: [CatalogArgument])
    throws -> (layout: CatalogLayout, conversions: [String: CatalogConversion]) {
    let bodies = try sources.map { (try PlatformConversion.normalized(try body($0.1), locale: locale($0.0), arguments: arguments), locale($0.0)) }
    let layout = PlatformConversion.layout(of: bodies, platform: platform)
    var conversions: [String: CatalogConversion] = [:]
    for (tag, source) in sources {
        conversions[tag] = try PlatformConversion.convert(try body(source), platform: platform, locale: locale(tag), arguments: arguments,
                                                     layout: layout)
    }
    return (layout, conversions)
}

@Suite struct NumberPresentationTests {
    @Test(arguments: [
        // ICU style, Android, Apple
        ("{n}", "%1$,d", "%lld"),
        ("{n, number}", "%1$,d", "%lld"),
        ("{n, number, integer}", "%1$,d", "%lld"),
        ("{n, number, ::integer-width/*00}", "%1$,02d", "%02lld"),
        ("{n, number, ::group-off}", "%1$d", "%@"),
        ("{n, number, ::integer-width/*00 group-off}", "%1$02d", "%@"),
    ])
    func integersPrintAsICUPrintsThem(source: String, android: String, apple: String) throws {
        let message = try body(source)
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: .english, arguments: ints("n")) == .text(android))
        let slots = PlatformConversion.formatSlots(of: message, platform: .apple)
        let arguments = slots.map { CatalogArgument(name: $0.name, kind: $0.slot == .value ? .integer : .text, slot: $0.slot) }
        #expect(try PlatformConversion.value(of: message, platform: .apple, locale: .english, arguments: arguments) == .text(apple))
    }

    /// ICU groups "9,180"; CFString groups every localized %lld, so an ungrouped number is its own
    /// text argument, next to the number a plural needs.
    @Test func anUngroupedNumberIsTextOnAppleBesideItsPluralNumber() throws {
        let message = try body("{score, number, ::group-off} {score, plural, one {point} other {points}}")
        let slots = PlatformConversion.formatSlots(of: message, platform: .apple)
        #expect(slots.map(\.name) == ["score", "score"])
        #expect(slots.map(\.slot) == [.integerText(IntegerPresentation(grouped: false)), .value])
        let arguments = [CatalogArgument(name: "score", kind: .text, slot: slots[0].slot), CatalogArgument(name: "score", kind: .integer)]
        guard case .substitutions(let format, let substitutions) = try PlatformConversion.value(of: message, platform: .apple, locale: .english,
                                                                                            arguments: arguments) else {
            Issue.record("expected substitutions")
            return
        }
        #expect(format == "%1$@ %2$#@score@")
        #expect(substitutions.first?.argumentNumber == 2)
    }

    /// ICU groups the zeros it pads with ("0,042"); Java's %,04d does not ("0042"): Android gets
    /// ICU's text, String Catalogs keep `%04lld` (CFString pads and groups as ICU).
    @Test func groupedPaddingToFourDigitsIsTextOnAndroidOnly() throws {
        let message = try body("{n, number, ::integer-width/*0000}")
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: .english, arguments: ints("n")) == .text("%1$s"))
        #expect(try PlatformConversion.value(of: message, platform: .apple, locale: .english, arguments: ints("n")) == .text("%04lld"))
        #expect(try PlatformConversion.value(of: try body("{n, number, ::integer-width/*0000 group-off}"), platform: .android, locale: .english,
                                        arguments: ints("n")) == .text("%1$04d"))
        let slots = PlatformConversion.formatSlots(of: message)
        #expect(slots.android.map(\.slot) == [.numberText(" ::integer-width/*0000")])
        #expect(slots.apple.map(\.slot) == [.value])
        // Without the compile's slots (the lower-level convert), it stays an error that says why.
        let error = #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.convert(message, platform: .android, locale: .english, arguments: ints("n"), layout: CatalogLayout())
        }
        #expect(error?.id == "catalog-number-style" && error?.message.contains("0,042") == true)
    }

    /// A style printf cannot say is ICU's text, passed by the app (Android) or the accessor
    /// (Apple) — never a specifier that prints something else, never a refused compile.
    @Test func stylesPrintfCannotSayAreTextInTheirPlace() throws {
        for source in ["{n, number, ::currency/EUR}", "{n, number, ::integer-width/00}", "{n, number, ::scale/100}", "{n, number, percent}"] {
            let message = try body("Now " + source)
            #expect(try PlatformConversion.value(of: message, platform: .android, locale: .english, arguments: ints("n")) == .text("Now %1$s"), "\(source)")
            #expect(try PlatformConversion.value(of: message, platform: .apple, locale: .english, arguments: ints("n")) == .text("Now %@"), "\(source)")
        }
        // Units on integers stay plurals of ICU's own patterns (exact for every integer).
        #expect(PlatformConversion.numberTexts(in: [(try body("{n, number, ::measure-unit/duration-second unit-width-full-name}"), .english)],
                                          kinds: ["n": .integer]).isEmpty)
    }

    /// The unknown skeleton of an argument that is not a number the compile knows stays an
    /// error with the style as written (one space after the comma, not two).
    @Test func theStyleInADiagnosticIsWrittenOnce() throws {
        let message = try body("{p, number, ::currency/EUR}")
        let error = #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.convert(message, platform: .apple, locale: .english, arguments: [CatalogArgument(name: "p", kind: .integer)],
                                      layout: CatalogLayout())
        }
        #expect(error?.message.contains("'{p, number, ::currency/EUR}'") == true, "\(error?.message ?? "")")
    }
}

@Suite struct UnitFormatTests {
    static let skeleton = "measure-unit/duration-second unit-width-full-name"

    /// Each category's text is ICU's own unit pattern: put ICU's number back into the platform
    /// form for a number of that category and it reads exactly as ICU's unit format.
    @Test(arguments: ["en", "ko", "ar", "ru", "pl", "fr", "cy", "he", "ja"])
    func aDurationInSecondsBecomesAPluralOfICUsUnitPatterns(tag: String) throws {
        let locale = locale(tag)
        let message = try body("Wait {s, number, ::\(Self.skeleton)}")
        let value = try PlatformConversion.value(of: message, platform: .android, locale: locale, arguments: ints("s"))
        guard case .plural(let forms) = value else {
            Issue.record("expected <plurals>: \(value)")
            return
        }
        let rules = try PluralRules.cached(for: locale, kind: .cardinal)
        let unit = try SkeletonNumberFormatter(skeleton: Self.skeleton, locale: locale)
        let plain = try NumberFormat(.decimal, locale: locale)
        for n in Array(Int64(0)...130) + [999] {
            let category = rules.category(forInteger: n).rawValue
            let form = try #require(forms.first { $0.category == category } ?? forms.first { $0.category == "other" })
            let shown = form.text.replacing("%1$,d", with: try plain.format(n)).replacing("%%", with: "%")
            #expect(shown == "Wait " + (try unit.format(n)), "\(tag) \(n)")
        }
        #expect(Set(forms.map(\.category)) == Set(rules.categories.map(\.rawValue)))
    }

    /// On a Double the unit has no plural of patterns ("1.25 seconds" is `other` with a
    /// fraction): it is ICU's text, in its place on both platforms.
    @Test func onADoubleItIsText() throws {
        let message = try body("Wait {s, number, ::\(Self.skeleton)}")
        let double = [CatalogArgument(name: "s", kind: .double)]
        #expect(try PlatformConversion.value(of: message, platform: .apple, locale: .english, arguments: double) == .text("Wait %@"))
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: .english, arguments: double) == .text("Wait %1$s"))
    }
}

@Suite struct CompiledParticleTests {
    static let ko = locale("ko")

    @Test func afterLiteralTextAndSelectCasesTheParticleIsResolved() throws {
        let pattern = try MessagePattern("{corner, select, topLeft {왼쪽 위} other {오른쪽}}이(가) 빈 모서리, {d, select, up {위} other {왼쪽}}을(를) 향한 T자(으)로")
        for (choices, expected) in [(["topLeft", "up"], "왼쪽 위가 빈 모서리, 위를 향한 T자로"), (["other", "other"], "오른쪽이 빈 모서리, 왼쪽을 향한 T자로")] {
            let pruned = SelectExpansion.prune(pattern.body, choosing: [.init(argument: "corner", value: choices[0]), .init(argument: "d", value: choices[1])])
            #expect(try PlatformConversion.value(of: pruned, platform: .android, locale: Self.ko, arguments: []) == .text(expected))
            #expect(try PlatformConversion.value(of: pruned, platform: .apple, locale: Self.ko, arguments: []) == .text(expected))
        }
        // Digits in text are read Sino-Korean: 3 삼 → 이, 2 이 → 가.
        #expect(try PlatformConversion.value(of: try body("3이(가) 남음, 2이(가) 남음"), platform: .android, locale: Self.ko, arguments: [])
                == .text("3이 남음, 2가 남음"))
        // Other languages keep their text as it is.
        #expect(try PlatformConversion.value(of: try body("위을(를)"), platform: .android, locale: .english, arguments: []) == .text("위을(를)"))
    }

    @Test func theParticleAfterAPluralGoesIntoEachCase() throws {
        let message = try body("{s, number, ::measure-unit/duration-second unit-width-full-name}을(를) 기다리세요")
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: Self.ko, arguments: ints("s"))
                == .plural([.init(category: "other", text: "%1$,d초를 기다리세요")]))
        let seconds = try body("{n, plural, other {#분}}(으)로 설정")
        // "(으)" moves into the case ("#분으"), "로" stays after it.
        #expect(texts(try PlatformConversion.value(of: seconds, platform: .apple, locale: Self.ko, arguments: ints("n")))
                == ["%#@n@로 설정", "n.other: %arg분으"])
    }

    @Test func afterARunTimeValueTheParticleStaysAndIsReported() throws {
        let message = try body("{piece}을(를) {n}이(가) 있는 곳에 배치")
        let arguments = [CatalogArgument(name: "piece", kind: .text), CatalogArgument(name: "n", kind: .integer)]
        let conversion = try PlatformConversion.convert(message, platform: .android, locale: Self.ko, arguments: arguments,
                                                   layout: PlatformConversion.layout(of: [(message, Self.ko)], platform: .android))
        #expect(conversion.value == .text("%1$s을(를) %2$,d이(가) 있는 곳에 배치"))
        #expect(conversion.openParticles.map(\.argument) == ["piece", "n"])
        #expect(conversion.openParticles.map(\.notation) == ["을(를)", "이(가)"])
        #expect(PlatformConversion.openParticles(in: message, locale: .english).isEmpty)
    }

    @Test func aFixedNumberReadsAsItsValue() throws {
        // `=3 {#}` is 3 (삼): Korean has no category for exactly 3, so it is a companion, resolved.
        let (layout, conversions) = try convert([("ko", "{n, plural, =3 {#} other {#개}}이(가) 남음")], platform: .android, arguments: ints("n"))
        #expect(layout.companions == [CatalogCompanion(argument: "n", value: 3)])
        let resources = try #require(conversions["ko"]).resources
        #expect(resources.map(\.suffix) == ["", "__n_eq3"])
        #expect(resources.map(\.value) == [.plural([.init(category: "other", text: "%1$,d개가 남음")]), .text("3이 남음")])
    }
}

@Suite struct LayoutTests {
    /// A plural in any locale makes a `<plurals>` in every locale: aapt2 drops a translation
    /// whose type differs from the default's, and Korean users hear English.
    @Test func aTranslationWithoutAPluralIsAPluralsWithOnlyOther() throws {
        let (layout, conversions) = try convert([("en", "{n, plural, one {# coin} other {# coins}}"), ("ko", "코인 {n}개")],
                                                platform: .android, arguments: ints("n"))
        #expect(layout.pluralArguments == ["n"])
        #expect(conversions["ko"]?.value == .plural([.init(category: "other", text: "코인 %1$,d개")]))
        // And the other way round: a source without a plural becomes one when a translation has one.
        let added = try convert([("en", "{n} left"), ("ru", "{n, plural, one {остался #} few {осталось #} many {осталось #} other {осталось #}}")],
                                platform: .android, arguments: ints("n"))
        #expect(added.conversions["en"]?.value == .plural([.init(category: "other", text: "%1$,d left")]))
    }

    @Test func anExactValueTheCategorySaysAnywayIsDropped() throws {
        let (layout, conversions) = try convert([("fr", "{n, plural, =1 {# étoile} one {# étoile} other {# étoiles}}")],
                                                platform: .android, arguments: ints("n"))
        #expect(layout.companions.isEmpty)
        #expect(layout.dropped.map(\.value) == [1])
        #expect(conversions["fr"]?.resources.count == 1)
    }

    /// English has no category for 0 on Android; Korean has none for anything but `other`.
    @Test func otherExactValuesBecomeCompanionsInEveryLocale() throws {
        let (layout, conversions) = try convert([("en", "{n, plural, =0 {No stars} one {# star} other {# stars}}"), ("ko", "별 {n}개")],
                                                platform: .android, arguments: ints("n"))
        #expect(layout.companions == [CatalogCompanion(argument: "n", value: 0)])
        #expect(try #require(conversions["en"]).resources.map { texts($0.value) }
                == [["one: %1$,d star", "other: %1$,d stars"], ["No stars"]])
        // Korean says what it says for 0, so the app can always take the companion for 0.
        #expect(try #require(conversions["ko"]).resources.map { texts($0.value) } == [["other: 별 %1$,d개"], ["별 %1$,d개"]])
        // Apple says =0 with its `zero` variation: no companion there.
        let apple = try convert([("en", "{n, plural, =0 {No stars} one {# star} other {# stars}}"), ("ko", "별 {n}개")],
                                platform: .apple, arguments: ints("n"))
        #expect(apple.layout.companions.isEmpty)
        #expect(apple.conversions["en"]?.value == .plural([.init(category: "zero", text: "No stars"), .init(category: "one", text: "%lld star"),
                                                           .init(category: "other", text: "%lld stars")]))
    }

    /// Several plurals: one `<plurals>` per argument and a `<string>` that composes them
    /// (positions after the message's arguments carry the plurals' texts).
    @Test func pluralsOnSeveralArgumentsAreComposedOnAndroid() throws {
        let arguments = ints("a", "b") + [CatalogArgument(name: "a", kind: .text, slot: .pluralText),
                                          CatalogArgument(name: "b", kind: .text, slot: .pluralText)]
        let sources = [("en", "{a, plural, one {# line} other {# lines}} and {b, plural, =0 {no combo} one {# combo} other {# combos}}"),
                       ("ko", "{a}줄, 콤보 {b}회")]
        let (layout, conversions) = try convert(sources, platform: .android, arguments: arguments)
        #expect(layout.pluralArguments == ["a", "b"] && layout.isComposed(on: .android))
        let english = try #require(conversions["en"]).resources
        #expect(english.map(\.suffix) == ["", "__a", "__b", "__b_eq0"])
        #expect(english.map { texts($0.value) } == [["%3$s and %4$s"], ["one: %1$,d line", "other: %1$,d lines"],
                                                    ["one: %2$,d combo", "other: %2$,d combos"], ["no combo"]])
        let korean = try #require(conversions["ko"]).resources
        // Korean has no plurals: its numbers take the texts' positions, whose <plurals> hold just the number.
        #expect(korean.map { texts($0.value) } == [["%3$s줄, 콤보 %4$s회"], ["other: %1$,d"], ["other: %2$,d"], ["0"]])
    }
}

@Suite struct RepeatedArgumentPositionTests {
    /// "2 by 2 square": one argument printed twice keeps its position even alone, or Foundation
    /// reads a second value that is not there.
    @Test func oneArgumentPrintedTwiceIsPositional() throws {
        #expect(try PlatformConversion.value(of: try body("{size} by {size} square"), platform: .apple, locale: .english, arguments: ints("size"))
                == .text("%1$lld by %1$lld square"))
        #expect(try PlatformConversion.value(of: try body("{n, plural, one {# star, # only} other {# stars}}"), platform: .apple, locale: .english,
                                        arguments: ints("n"))
                == .plural([.init(category: "one", text: "%1$lld star, %1$lld only"), .init(category: "other", text: "%1$lld stars")]))
        #expect(try PlatformConversion.value(of: try body("{size} square"), platform: .apple, locale: .english, arguments: ints("size"))
                == .text("%lld square"))
    }
}

/// Fractions and styles printf cannot say: ICU's text in their place, never `%g` (which
/// `String(localized:)` prints as "1.23457E+06") or a `%1$s` given a `Double` (Java's
/// "1234567.891").
@Suite struct NumberTextTests {
    static let ratio = [CatalogArgument(name: "ratio", kind: .double)]

    @Test func aFractionIsICUsTextOnBothPlatforms() throws {
        for source in ["Ratio {ratio, number}", "Ratio {ratio}", "Ratio {ratio, number, integer}", "Ratio {ratio, number, ::.00}",
                       "Ratio {ratio, number, ::precision-integer}", "Ratio {ratio, number, ::group-off}", "Ratio {ratio, number, percent}"] {
            let message = try body(source)
            let apple = try PlatformConversion.value(of: message, platform: .apple, locale: .english, arguments: Self.ratio)
            let android = try PlatformConversion.value(of: message, platform: .android, locale: .english, arguments: Self.ratio)
            #expect(apple == .text("Ratio %@"), "\(source)")
            #expect(android == .text("Ratio %1$s"), "\(source)")
        }
    }

    @Test func theSlotsSayWhichStyleEachTextHas() throws {
        let message = try body("{count, plural, one {# try} other {# tries}}: {ratio, number, percent} ({ratio}), {count, number, ::compact-short}")
        let kinds: [String: CatalogArgument.Kind] = ["count": .integer, "ratio": .double]
        let texts = PlatformConversion.numberTexts(in: [(message, .english)], kinds: kinds)
        #expect(texts == [NumberText(name: "ratio", style: " percent"), NumberText(name: "ratio", style: ""),
                          NumberText(name: "count", style: " ::compact-short")])
        let slots = PlatformConversion.formatSlots(of: message, numberTexts: texts)
        // Apple passes the plural's number and three texts; Android the printed `#` and the texts.
        #expect(slots.apple.map(\.slot) == [.value, .numberText(" percent"), .numberText(""), .numberText(" ::compact-short")])
        #expect(slots.android.map(\.name) == ["count", "ratio", "ratio", "count"])
        #expect(texts.map(\.foundationStyle) == [.percent, .decimal, nil])
        #expect(texts[0].formatPattern == "{0, number, percent}" && texts[2].argumentText == "{count, number, ::compact-short}")
    }

    @Test func aPluralOnAFractionIsAnError() throws {
        let message = try body("{s, plural, one {# star} other {# stars}}")
        let error = #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.value(of: message, platform: .apple, locale: .english, arguments: [CatalogArgument(name: "s", kind: .double)])
        }
        #expect(error?.id == "catalog-fractional-plural" && error?.range != nil)
    }
}
