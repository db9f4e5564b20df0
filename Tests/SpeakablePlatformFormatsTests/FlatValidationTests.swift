import SpeakableICU
import SpeakableMessages
import Testing
@testable import SpeakablePlatformFormats

/// The one-walk validation of text, plain arguments and plurals of them agrees with every check
/// in turn: a body it passes is one the full validation passes unchanged, on both platforms and
/// in both layouts, for generated messages of every argument shape (and it passes the plain ones).
@Suite struct FlatValidationTests {
    static let pieces = [
        "Row ", ", column ", " 한국어 ", "100% ", "{a}", "{b}", "{z}", "{a, number}", "{b, number, integer}", "{c, number, percent}",
        "{a, number, ::integer-width/*0000}", "{a, number, ::group-off integer-width/*0000}", "{b, number, ::integer-width/00}",
        "{b, number, ::integer-width/*00}",
        "{c, number, ::currency/EUR}", "{a, number, ::.00}", "{d, date, short}", "{d, time}", "{a, spellout}", "{a, ordinal}",
        "{a, duration}", "{a, plural, one {# x} other {# y}}", "{s, select, x {X} other {O}}", "'#'", "{c}",
        "{b, plural, =0 {none} one {# {a}} few {{d, date} #} other {# {b, number} left}}", "{a, plural, =3 {three} other {#}}",
        "{a, plural, offset:1 one {#} other {# y}}", "{a, selectordinal, one {#st} other {#th}}", "{b, plural, =1.5 {x} other {#}}",
        "{b, plural, =-1 {x} other {#}}", "{a, plural, other {{b, plural, other {#}}}}", "{z, plural, other {#}}",
        "{a, plural, other {{c, number, percent}}}", "{a, plural, other {{a, spellout}}}", "{b, plural, other {{s, select, other {x}}}}",
        "{a, plural, other {{a, number, ::integer-width/*0000}}}", "{b, plural, one {{z}} other {#}}",
    ]

    @Test func aFlatBodyIsOneTheFullValidationPassesUnchanged() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let kinds: [CatalogArgument.Kind] = [.integer, .double, .text]
        var flat = 0, full = 0, plurals = 0
        let locales = try ["en", "ar", "ru", "ko", "pl", "cy"].map { try ICULocale($0) }
        for _ in 0..<6000 {
            let source = (0..<(1 + next(4))).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            guard let body = try? MessagePattern(source).body else { continue }
            var arguments = ["a", "b", "c", "d", "s"].filter { _ in next(5) > 0 }.map { CatalogArgument(name: $0, kind: kinds[next(3)]) }
            if next(4) == 0 { arguments.append(CatalogArgument(name: "c", kind: .text, slot: .numberText("percent"))) }
            let locale = locales[next(locales.count)]
            // Composed: Android's layout of a message with plurals on several arguments.
            var composed = CatalogLayout()
            composed.pluralArguments = ["a", "b"]
            let layouts = [CatalogLayout(), composed]
            for platform in [CatalogPlatform.apple, .android] {
                guard PlatformConversion.isValidFlat(body, platform: platform, locale: locale, arguments: arguments) else { full += 1; continue }
                flat += 1
                if source.contains("plural") { plurals += 1 }
                for layout in layouts {
                    let checked = try PlatformConversion.fullyValidated(body, platform: platform, locale: locale, arguments: arguments, layout: layout)
                    #expect(checked == body, "\(source) on \(platform)")
                }
            }
        }
        // Both ways were taken, often, and plurals often took the one walk.
        #expect(flat > 1000 && full > 1000 && plurals > 200, "flat \(flat), full \(full), plurals \(plurals)")
    }

    @Test func plainArgumentsAreFlatAndEverythingElseIsNot() throws {
        let arguments = [CatalogArgument(name: "n", kind: .integer), CatalogArgument(name: "t", kind: .text)]
        for source in ["Score {n}", "{n, number} O'Coins", "Hi {t}, {n, number, integer}", "text", "{n, number, ::integer-width/*0000}",
                       "{n, plural, other {#}}", "{n, plural, =0 {No lines} one {# line, {t}} other {# lines}} cleared"] {
            #expect(PlatformConversion.isValidFlat(try MessagePattern(source).body, platform: .apple, locale: .english, arguments: arguments), "\(source)")
        }
        for source in ["{t, select, other {x}}", "{n, spellout}", "{n, number, percent}", "{missing}", "{n, plural, offset:1 other {#}}",
                       "{n, selectordinal, other {#}}", "{n, plural, other {{n, plural, other {#}}}}",
                       "{n, plural, =2.5 {x} other {#}}", "{n, plural, other {{missing}}}", "{n, plural, other {#}} {n, plural, other {#}}"] {
            #expect(!PlatformConversion.isValidFlat(try MessagePattern(source).body, platform: .apple, locale: .english, arguments: arguments), "\(source)")
        }
        // A Double's plural is refused by the full check.
        #expect(!PlatformConversion.isValidFlat(try MessagePattern("{d, plural, other {#}}").body, platform: .apple, locale: .english,
                                                arguments: [CatalogArgument(name: "d", kind: .double)]))
        // Android pads with grouping differently from four digits on: the full check says so.
        #expect(!PlatformConversion.isValidFlat(try MessagePattern("{n, number, ::integer-width/*0000}").body, platform: .android, locale: .english,
                                                arguments: arguments))
    }
}
