import SpeakableEscaping
import SpeakableTestSupport
import Testing

/// Compose Multiplatform's `strings.xml` dialect: exact escapes, and every hostile string read
/// back by a model of Compose's resource build (XML character references resolved, then its
/// `handleSpecialCharacters`). The real JDK DOM parser and the plugin's code, ported line for
/// line, read the compiled resources in the platform differential (`compose`).
@Suite struct ComposeResourceEscapingTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("Tom & Jerry's \"best\" <3>", "Tom &amp; Jerry's \"best\" &lt;3&gt;"),
        ("]]>", "]]&gt;"),
        // Only `\`, LF and TAB have escapes of their own.
        ("C:\\new\tline\n", "C:\\\\new\\tline\\n"),
        ("\\n is not a line break", "\\\\n is not a line break"),
        ("\\u0041", "\\\\u0041"),
        // What Android needs escaped means nothing to Compose: written as it is.
        ("'@?\"", "'@?\""),
        ("@string/x", "@string/x"),
        ("?attr", "?attr"),
        ("  two  spaces  ", "  two  spaces  "),
        ("\"quoted\"", "\"quoted\""),
        // `%` is never doubled: Compose's run time only replaces %N$s and %N$d.
        ("100% sure, 50%% off", "100% sure, 50%% off"),
        ("%1$s", "%1$s"),
        // CR, controls and hidden characters as \uXXXX (one per UTF-16 unit).
        ("a\rb", "a\\u000Db"),
        ("nul\u{0}", "nul\\u0000"),
        ("\u{1B}[2J", "\\u001B[2J"),
        ("a\u{202E}b", "a\\u202Eb"),
        ("\u{FEFF}bom", "\\uFEFFbom"),
        ("line\u{2028}sep", "line\\u2028sep"),
        ("\u{E0041}", "\\uDB40\\uDC41"),
        ("\u{FFFE}", "\\uFFFE"),
        ("한국어 👩‍👩‍👧", "한국어 👩\\u200D👩\\u200D👧"),
    ])
    func exactEscapes(text: String, written: String) {
        #expect(ComposeResourceEscaping.text(text) == written)
    }

    /// Compose's own reading of escapes: `\'` and `\"` keep their backslash, a `\\` pair protects
    /// what follows it, `\uXXXX` needs four hex digits.
    @Test(arguments: [
        ("\\'", "\\'"),
        ("\\\"", "\\\""),
        ("\\@", "\\@"),
        ("a\\nb", "a\nb"),
        ("a\\tb", "a\tb"),
        ("\\u0041\\u00e9", "Aé"),
        ("\\u004", "\\u004"),
        ("\\\\n", "\\n"),
        ("\\\\\\n", "\\\n"),
        ("\\\\u0041", "\\u0041"),
        ("\\\\\\\\", "\\\\"),
        ("\\x", "\\x"),
    ])
    func composeReadsEscapesSo(content: String, read: String) {
        #expect(ComposeResourceEscaping.decode(content) == read)
    }

    /// Every hostile string, escaped, then read as Compose reads it, is itself.
    @Test func everyHostileStringReadsBack() {
        let strings = HostileStrings.generate(count: 3000) + ["\\", "\\\\", "\\\n", "\\\\\n", "\\u0041", "\\\\u0041", "\\\\\\u0041", "\\\t", "\\n\\t"]
        var failures = 0
        for text in strings {
            let written = ComposeResourceEscaping.text(text)
            // What an XML parser hands over (the escaper writes no raw CR, so line ends stay).
            let parsed = Self.resolvingReferences(written)
            #expect(!written.unicodeScalars.contains { $0 == "\r" || ($0.value < 0x20 && $0 != "\t" && $0 != "\n") })
            #expect(!written.unicodeScalars.contains("<") && !written.contains("]]>"))
            if ComposeResourceEscaping.decode(parsed) != text {
                failures += 1
                if failures < 10 { Issue.record("\(text.debugDescription) → \(written.debugDescription)") }
            }
        }
        #expect(failures == 0)
    }

    /// `&lt;`, `&gt;` and `&amp;` resolved code point by code point, as an XML parser does (a
    /// combining mark after `;` must not hide it, as it would from a `Character` search).
    static func resolvingReferences(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            var matched = false
            if scalars[i] == "&" {
                for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] as [(String, Unicode.Scalar)] {
                    let units = Array(reference.unicodeScalars)
                    if i + units.count <= scalars.count, Array(scalars[i..<(i + units.count)]) == units {
                        out.append(character)
                        i += units.count
                        matched = true
                        break
                    }
                }
            }
            if !matched {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}
