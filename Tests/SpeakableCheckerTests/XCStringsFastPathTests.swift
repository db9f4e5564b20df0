import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing
@testable import SpeakableChecker

/// A `.xcstrings` translation that is one string is made without its ``PlatformMessage``
/// (``PlatformInput/appleTarget(string:key:keyPosition:file:)``): it must be what the general path
/// makes of that message — text, pattern, formats, state, and every position.
@Suite struct XCStringsFastPathTests {
    static let pieces = ["Row ", "%1$@", "%lld", "%@", "%2$#@n@", "%#@x.y@", "%%", "%", "'", "{", "}", "#", "é", "🎉", "100% sure",
                         "%d", "%5.2f", "%arg", "\\", " ", "%3$lld", "%1$#@count@", "%q", "한국어", "\u{301}", "''", "{1}"]

    @Test func oneStringTranslationsAreTheGeneralPaths() throws {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let states: [String?] = [nil, "translated", "new", "needs_review", "Needs-Review-Translation", "stale", "final"]
        for round in 0..<1500 {
            var value = ""
            for _ in 0..<next(6) { value += Self.pieces[next(Self.pieces.count)] }
            let form = PlatformForm(path: "", value: value, position: SourcePosition(line: 3 + next(50), column: 5 + next(80)),
                                    state: states[next(states.count)])
            let keyPosition = SourcePosition(line: 2, column: 5)
            let key = "k\(round)"
            let fast = PlatformInput.appleTarget(string: form, key: key, keyPosition: keyPosition, file: "L.xcstrings")
            let message = PlatformMessage(key: key, keyPosition: keyPosition, locale: "ko", file: "L.xcstrings", forms: [form])
            let general = try #require(PlatformInput.appleTarget(message, selectors: [:], positions: nil))
            #expect(fast.key == general.key && fast.keyPosition == general.keyPosition, "\(value)")
            #expect(Array(fast.text.text.utf8) == Array(general.text.text.utf8), "\(value)")
            #expect(fast.text.file == general.text.file)
            #expect(fast.pattern == general.pattern, "\(value)")
            #expect(fast.state == general.state, "\(value) \(form.state ?? "-")")
            let f = try #require(fast.formats)
            let g = try #require(general.formats)
            #expect(f.dialect == g.dialect && f.substitutions == g.substitutions)
            #expect(f.forms.map(\.path) == g.forms.map(\.path) && f.forms.map(\.format) == g.forms.map(\.format)
                    && f.forms.map(\.file) == g.forms.map(\.file) && f.forms.map(\.substitution) == g.forms.map(\.substitution), "\(value)")
            for (a, b) in zip(f.forms, g.forms) {
                for offset in 0...(value.unicodeScalars.count + 1) { #expect(a.position(offset) == b.position(offset)) }
            }
            for offset in 0...(fast.text.text.utf16.count + 1) {
                #expect(fast.text.position(ofUTF16Offset: offset) == general.text.position(ofUTF16Offset: offset), "\(value) @\(offset)")
            }
        }
    }
}
