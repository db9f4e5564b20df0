import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing
@testable import SpeakableChecker

/// The screen-reader rules lower-case text for matching without the full Unicode mapping when
/// every character is ASCII or has no case: that holds for every character they take as caseless.
@Suite struct CaselessTextTests {
    @Test func caselessCharactersLowerCaseToThemselves() {
        var checked = 0
        for v in UInt32(0x80)...0xFFFF {
            guard let s = Unicode.Scalar(v), ScreenReaderRules.isCaseless(s) else { continue }
            #expect(String(s).lowercased() == String(s), "U+\(String(v, radix: 16))")
            checked += 1
        }
        #expect(checked > 39_000)
    }

    @Test func matchingTextIsTheFullLowerCaseWhereItKeepsTheLength() {
        for text in ["Double Tap", "두 번 탭하세요", "KO·Double-Tap to place", "ダブルタップ", "İstanbul", "ΣΟΦΊΑ", "Straße"] {
            let full = text.lowercased()
            let expected = full.utf16.count == text.utf16.count ? Array(full.utf16) : ScreenReaderRules.lowered(text)
            #expect(ScreenReaderRules.loweredForMatching(text) == expected, "\(text)")
        }
    }
}

/// A platform string's ICU text is made without positions, and again with them only when a
/// finding needs one: both ways must give the same text.
@Suite struct ConversionWithoutPositionsTests {
    static let formats = [
        "Row %1$d, column %2$d", "%d%% done", "100% sure", "%<s first", "{braces} and 'quotes' #1", "%n line %s",
        "%2$s of %1$s", "%1$s, %d", "Bad %q", "50 %", "%", "%#@count@ left", "Émile’s %@ 🎉 %lld", "", "%1$@ 'x' %%",
    ]

    @Test func javaAndAppleFormatsAreTheSameTextEitherWay() {
        for format in Self.formats {
            for dialect in [PrintfFormat.Dialect.java, .apple] {
                for inPlural in [false, true] {
                    var plain = PlatformInput.Builder(tracking: false)
                    var tracked = PlatformInput.Builder(tracking: true)
                    let substitution: (String, Int?, SourcePosition, inout PlatformInput.Builder) -> Void = { name, _, at, b in
                        b.synthetic("{\(name)}", at: at)
                    }
                    PlatformInput.appendFormat(format, dialect: dialect, position: { SourcePosition(line: 1, column: $0 + 1) },
                                               inPlural: inPlural, builder: &plain, substitution: substitution)
                    PlatformInput.appendFormat(format, dialect: dialect, position: { SourcePosition(line: 1, column: $0 + 1) },
                                               inPlural: inPlural, builder: &tracked, substitution: substitution)
                    #expect(plain.text == String(decoding: tracked.units, as: UTF16.self), "\(dialect) \(inPlural): \(format)")
                    #expect(tracked.positions.count == tracked.units.count)
                }
            }
        }
    }
}
