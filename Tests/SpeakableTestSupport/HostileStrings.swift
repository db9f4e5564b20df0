// The tests' seeded generator, `SplitMix`, is the tools' own (tools/SeededRandom), re-exported here.
@_exported public import SeededRandom

/// Shared by the escaping property tests and the hostile-project tests (a library target, since
/// test targets cannot share files).
///
/// Generated hostile strings: pieces that end lines, comments, literals, attributes and markup
/// in every output language, invisible and bidirectional characters, noncharacters, combining
/// marks and random code points — mixed by a seeded generator, so a failure can be replayed.
public struct HostileStrings {
    public static let pieces: [String] = [
        "\r", "\n", "\r\n", "\n\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
        "\0", "\u{1}", "\u{8}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\t",
        "\u{AD}", "\u{61C}", "\u{200B}", "\u{200D}", "\u{200E}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{FEFF}",
        "\u{FFF9}", "\u{FFFE}", "\u{FFFF}", String(Unicode.Scalar(0xFDD0)!), String(Unicode.Scalar(0xFDEF)!), "\u{1FFFE}", "\u{10FFFF}", "\u{E0041}", "\u{E007F}", "\u{E000}",
        "\u{FFFD}", "\u{301}", "e\u{301}", "é", "한", "값", "👩‍👩‍👧", "🇰🇷", "ـ", "مرحبا",
        "\"", "\"\"\"", "\\", "\\(", "\\(x)", "\\u{41}", "\\n", "#", "#\"", "\"#", "`", "'", "''", "$", "%", "%@", "%1$d",
        "//", "///", "/*", "*/", "/**", "#if", "#sourceLocation(file: \"x\", line: 1)",
        "&", "&amp;", "&#1;", "&#x0;", "&lt;", "&bogus;", "<", ">", "]]>", "]]", "<![CDATA[", "<!--", "-->", "--", "-", "--->",
        "<?xml", "?>", "<!DOCTYPE x [<!ENTITY e \"x\">]>", "<string name=\"injected\">x</string>", "</resources>",
        "{", "}", "{0}", "'{'", "@", "?", "@string/x", " ", "  ", "\u{A0}", "\u{3000}",
        "let pwned = 1", "print(\"pwned\")", "}\nfunc pwned() {", "\r}\r", "<script>alert(1)</script>", "\u{D7FF}",
        "</p>", "<p title='x'>", "&#128;", "&#x80;", "&NotEqualTilde;",
        "</script>", "</SCRIPT >", "<!--<script>", "<script", "</title>", "</style>",
    ]

    /// `count` strings; the first ones are each piece alone, then random mixes of pieces and code
    /// points from every plane.
    public static func generate(count: Int, seed: UInt64 = 13) -> [String] {
        var result = pieces
        var random = SplitMix(seed: seed)
        while result.count < count {
            var text = ""
            for _ in 0..<(1 + random.below(8)) {
                if random.below(4) == 0 {
                    // Any Unicode scalar value (surrogates are not scalars).
                    var value = UInt32(random.below(0x110000))
                    if (0xD800...0xDFFF).contains(value) { value = 0xFFFE }
                    text.unicodeScalars.append(Unicode.Scalar(value)!)
                } else {
                    text += pieces[random.below(pieces.count)]
                }
            }
            result.append(text)
        }
        return Array(result.prefix(count))
    }
}

extension String {
    /// The code points, for comparisons that must not treat canonically equivalent strings as equal.
    public var scalarValues: [UInt32] { unicodeScalars.map(\.value) }
}

/// `text` as an ICU message that formats to exactly `text`: apostrophes doubled, each run of
/// braces quoted as one (`'{{'`: inside quotes, `''` would be an apostrophe). Written here, not
/// taken from Speakable's escaper, so that the tests judge that escaper by another hand.
public func icuLiteral(_ text: String) -> String {
    var out = ""
    var quoting = false
    for scalar in text.unicodeScalars {
        let brace = scalar == "{" || scalar == "}"
        if brace != quoting {
            out += "'"
            quoting = brace
        }
        out += scalar == "'" ? "''" : String(scalar)
    }
    return quoting ? out + "'" : out
}
