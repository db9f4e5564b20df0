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
