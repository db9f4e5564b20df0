import SpeakableICU
import SpeakableMessages
import Testing
@testable import SpeakablePlatformFormats

/// The one-walk validation of text and plain arguments agrees with every check in turn: a body
/// it passes is one the full validation passes unchanged, on both platforms, for generated
/// messages of every argument shape (and it passes the plain ones).
@Suite struct FlatValidationTests {
    static let pieces = [
        "Row ", ", column ", " 한국어 ", "100% ", "{a}", "{b}", "{z}", "{a, number}", "{b, number, integer}", "{c, number, percent}",
        "{a, number, ::integer-width/*0000}", "{a, number, ::group-off integer-width/*0000}", "{b, number, ::integer-width/00}",
        "{b, number, ::integer-width/*00}",
        "{c, number, ::currency/EUR}", "{a, number, ::.00}", "{d, date, short}", "{d, time}", "{a, spellout}", "{a, ordinal}",
        "{a, duration}", "{a, plural, one {# x} other {# y}}", "{s, select, x {X} other {O}}", "'#'", "{c}",
    ]

    @Test func aFlatBodyIsOneTheFullValidationPassesUnchanged() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let kinds: [CatalogArgument.Kind] = [.integer, .double, .text]
        var flat = 0, full = 0
        for _ in 0..<3000 {
            let source = (0..<(1 + next(4))).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            guard let body = try? MessagePattern(source).body else { continue }
            var arguments = ["a", "b", "c", "d", "s"].filter { _ in next(5) > 0 }.map { CatalogArgument(name: $0, kind: kinds[next(3)]) }
            if next(4) == 0 { arguments.append(CatalogArgument(name: "c", kind: .text, slot: .numberText("percent"))) }
            for platform in [CatalogPlatform.apple, .android] {
                guard PlatformConversion.isValidFlat(body, platform: platform, arguments: arguments) else { full += 1; continue }
                flat += 1
                let checked = try PlatformConversion.fullyValidated(body, platform: platform, locale: .english, arguments: arguments, layout: CatalogLayout())
                #expect(checked == body, "\(source) on \(platform)")
            }
        }
        // Both ways were taken, often.
        #expect(flat > 1000 && full > 1000, "flat \(flat), full \(full)")
    }

    @Test func plainArgumentsAreFlatAndEverythingElseIsNot() throws {
        let arguments = [CatalogArgument(name: "n", kind: .integer), CatalogArgument(name: "t", kind: .text)]
        for source in ["Score {n}", "{n, number} O'Coins", "Hi {t}, {n, number, integer}", "text", "{n, number, ::integer-width/*0000}"] {
            #expect(PlatformConversion.isValidFlat(try MessagePattern(source).body, platform: .apple, arguments: arguments), "\(source)")
        }
        for source in ["{n, plural, other {#}}", "{t, select, other {x}}", "{n, spellout}", "{n, number, percent}", "{missing}"] {
            #expect(!PlatformConversion.isValidFlat(try MessagePattern(source).body, platform: .apple, arguments: arguments), "\(source)")
        }
        // Android pads with grouping differently from four digits on: the full check says so.
        #expect(!PlatformConversion.isValidFlat(try MessagePattern("{n, number, ::integer-width/*0000}").body, platform: .android, arguments: arguments))
    }
}
