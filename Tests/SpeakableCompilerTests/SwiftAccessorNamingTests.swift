import SeededRandom
@testable import SpeakableCompiler
import SpeakableEscaping
import Testing

/// The generated accessors' identifiers and documentation lines, checked against their
/// definitions on generated keys and comments.
@Suite struct SwiftAccessorNamingTests {
    static let pieces = ["level", "Level", "LEVEL", "url", "URL", "x", "X", "2", "42", "v2", "V2X", ".", "_", "-", " ", "__", "é", "한",
                         "값", "👩‍👩‍👧", "e\u{301}", "\u{202E}", "\u{0}", "\n", "\r\n", "\u{2028}", "\t", "\u{85}", "\u{FEFF}", "ß", "İ",
                         "ǅ", "Ⅻ", "٣", "a\u{300}", "`", "$", "\\", "\"", "```", "//", "*/"]

    static func texts(count: Int) -> [String] {
        var random = SplitMix(seed: 25)
        var result = pieces
        while result.count < count {
            var text = ""
            for _ in 0..<(1 + Int(random.next() % 6)) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            result.append(text)
        }
        return result
    }

    /// The definition: runs of ASCII letters and digits, an all-capitals word lower-cased, the
    /// first letter of each word upper-cased (but the first word's unless `upperFirst`).
    static func reference(_ text: String, upperFirst: Bool) -> String {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var out = ""
        for (index, original) in words.enumerated() {
            let word = original.count > 1 && original.allSatisfy({ $0.isUppercase || $0.isNumber }) ? original.lowercased() : original
            out += (index == 0 && !upperFirst ? word.prefix(1).lowercased() : word.prefix(1).uppercased()) + word.dropFirst()
        }
        if out.isEmpty { out = upperFirst ? "Value" : "value" }
        if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { out = "_" + out }
        return out
    }

    @Test func identifiersFollowTheirDefinition() {
        #expect(SwiftAccessorGenerator.lowerCamel("level.label") == "levelLabel")
        #expect(SwiftAccessorGenerator.upperCamel("game_HOURS-url") == "GameHoursUrl")
        #expect(SwiftAccessorGenerator.lowerCamel("2nd place") == "_2ndPlace")
        #expect(SwiftAccessorGenerator.lowerCamel("한글") == "value")
        for text in Self.texts(count: 3_000) {
            for upperFirst in [false, true] {
                #expect(SwiftAccessorGenerator.identifier(text, upperFirst: upperFirst) == Self.reference(text, upperFirst: upperFirst),
                        "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    /// Documentation writes each line of `commentLines` after `/// ` as it is: what `lineComment`
    /// makes of such a line.
    @Test func commentLinesAreWrittenAsLineCommentWritesThem() {
        for text in Self.texts(count: 3_000) {
            for line in SwiftEscaping.commentLines(text) {
                #expect(SwiftEscaping.lineComment(line, prefix: "    /// ") == (line.isEmpty ? "    ///\n" : "    /// " + line + "\n"))
            }
        }
    }

    /// The source buffer writes literals, comment lines and identifiers as the escapers make them.
    @Test func sourceBufferWritesWhatTheEscapersMake() {
        var texts = Self.texts(count: 3_000)
        texts += ["", " ", "plain text", "Level {level}", "tab\there", "quote\"", "back\\slash", "\u{7F}", "\u{1F}", "~",
                  "a" + String(Unicode.Scalar(0xFDD0)!) + "b", "if", "case", "Self", "self", "init", "Type", "value", "`x`"]
        for text in texts {
            var literal = SwiftSourceBuffer(capacity: 0)
            literal.appendLiteral(text)
            #expect(String(decoding: literal.bytes, as: UTF8.self) == SwiftEscaping.stringLiteral(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            var comment = SwiftSourceBuffer(capacity: 0)
            comment.appendCommentLines(text, prefix: "    /// ")
            #expect(String(decoding: comment.bytes, as: UTF8.self) == SwiftEscaping.lineComment(text, prefix: "    /// "),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // Text the documentation writes as it is is one comment line as it is.
            if SwiftSourceBuffer.isOneCommentLine(text) {
                #expect(SwiftEscaping.commentLines(text) == [text])
                #expect(SwiftEscaping.commentLines("Role: label. Key: `" + text + "`.") == ["Role: label. Key: `" + text + "`."])
            }
            var identifier = SwiftSourceBuffer(capacity: 0)
            identifier.appendIdentifier(text)
            #expect(String(decoding: identifier.bytes, as: UTF8.self) == SwiftAccessorGenerator.escapeIdentifier(text))
        }
        var calls = SwiftSourceBuffer(capacity: 0)
        #expect(!calls.contains("Self.plural("))
        calls.append("return Self.string(\"k\", Self.plural(n, [\"other\": \"x\"]), [n])\n")
        for (needle, found) in [("Self.plural(", true), ("Self.string(", true), ("[n])\n", true), ("Self.particles(", false), ("S", true),
                                ("Self.string(\"x", false),
                                ("Self.plural(n, [\"other\": \"x\"]), [n])\n!", false)] as [(StaticString, Bool)] {
            #expect(calls.contains(needle) == found, "\(needle)")
        }
        for value in [0, 1, 9, 10, 42, 1_000, -1, Int.max, Int.min] {
            var number = SwiftSourceBuffer(capacity: 0)
            number.append(value)
            #expect(String(decoding: number.bytes, as: UTF8.self) == String(value))
        }
    }
}
