import SeededRandom
import SpeakableDiagnostics
import SpeakableMessages
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
        var random = SplitMix(seed: 7)
        func next(_ n: Int) -> Int { random.below(n) }
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

    /// Converted Apple strings' patterns are built without the parser where their text allows
    /// (``PlatformInput/applePattern(_:)``): the parser's trees, to every range.
    @Test func convertedPatternsAreTheParsers() throws {
        var random = SplitMix(seed: 11)
        func next(_ n: Int) -> Int { random.below(n) }
        // Half the rounds without the pieces ICU quotes (most real strings have none).
        let plain = Self.pieces.filter { !$0.contains { "'{}#".contains($0) } }
        var quoting = false
        func value() -> String {
            let pieces = quoting ? Self.pieces : plain
            var value = ""
            for _ in 0..<next(5) { value += pieces[next(pieces.count)] }
            return value
        }
        let categories = ["one", "other", "zero", "few", "many", "two", "foo", "=1"]
        var built = 0
        var texts: [String] = []
        for round in 0..<3000 {
            quoting = round % 2 == 1
            let at = SourcePosition(line: 1 + next(9), column: 1 + next(40))
            var forms: [PlatformForm] = []
            var substitutions: [PlatformSubstitution] = []
            switch round % 3 {
            case 0:
                forms = [PlatformForm(path: "", value: value(), position: at)]
            case 1:
                for category in Set((0..<(1 + next(4))).map { _ in categories[next(categories.count)] }).sorted() {
                    forms.append(PlatformForm(path: "plural." + category, value: value(), position: at))
                }
            default:
                forms = [PlatformForm(path: "", value: value() + "%#@n@" + value() + (next(2) == 0 ? "%2$#@m@" : ""), position: at)]
                for category in ["one", "other", categories[next(categories.count)]] {
                    forms.append(PlatformForm(path: "substitutions.n.plural." + category, value: value() + "%arg" + value(), position: at))
                }
                substitutions = [PlatformSubstitution(name: "n", argumentNumber: next(2) == 0 ? nil : 1 + next(3), formatSpecifier: "lld",
                                                      position: at)]
            }
            let message = PlatformMessage(key: "k", keyPosition: at, locale: "ko", file: "L.xcstrings", forms: forms,
                                          substitutions: substitutions)
            guard let text = PlatformInput.convert(message, dialect: .apple, positions: nil)?.text else { continue }
            texts.append(text)
            // Damaged text too: whatever is built must still be the parser's.
            var damaged = Array(text.utf8)
            if !damaged.isEmpty { damaged[next(damaged.count)] = Array("{}# ,=0'a".utf8)[next(9)] }
            texts.append(String(decoding: damaged, as: UTF8.self))
        }
        var plurals = 0
        // Argument parts shared between messages (``PlatformInput/ArgumentParts``) are the same trees.
        let shared = PlatformInput.ArgumentParts()
        for text in texts {
            guard let pattern = PlatformInput.applePattern(text) else { continue }
            built += 1
            if text.contains(", plural,") { plurals += 1 }
            #expect(pattern == (try? MessagePattern(text)), "\(text)")
            #expect(PlatformInput.applePattern(text, parts: shared) == pattern, "\(text)")
        }
        // Pieces with quotes and braces leave many to the parser; the rest are built.
        #expect(built > 1500 && plurals > 400, "only \(built) of \(texts.count) built, \(plurals) plurals")
    }
}
