import SeededRandom
import Testing
@testable import SpeakablePlatformFormats

/// `FormatString.parse` reads a Java format whose every `%` starts `%c` or `%N$c` from its bytes
/// (``FormatString/commonJavaSpecifiers(_:)``), and counts the `%` signs eight bytes at a time:
/// on generated texts of every length, in ASCII and other scripts, both give what the parsers
/// give on the decoded scalars (``FormatString/parseScalars(_:dialect:ascii:percents:)``).
@Suite struct FormatStringShortcutTests {
    static let pieces = ["%", "%s", "%d", "%1$s", "%2$d", "%10$s", "%2147483647$s", "%2147483648$s", "%0$s", "%01$s", "%n", "%%", "%S",
                         "%x", "%q", "%-s", "%,d", "%.2f", "%1$.1f", "%<s", "%tH", "%12345678901$s", "%1$", "%1$n", "%1$%", "$", "1", "0",
                         "s", "d", " ", "a", "word ", "é", "ж", "слово ", "漢字", "か", "탭", "😀", "\u{61C}", "'", "{0}", "%é", "%😀"]

    /// The plain definition: the text's scalars read by the dialect's parser.
    static func parsed(_ text: String, _ dialect: FormatDialect) -> FormatString {
        var text = text
        return text.withUTF8 { bytes in
            FormatString.parseScalars(bytes, dialect: dialect, ascii: bytes.allSatisfy { $0 < 0x80 }, percents: bytes.count { $0 == 0x25 })
        }
    }

    @Test func parseIsTheParsersReading() {
        var random = SplitMix(seed: 25)
        var shortcuts = 0
        for round in 0..<30_000 {
            var text = ""
            for _ in 0..<(round % 9) { text += random.pick(Self.pieces) }
            for dialect in [FormatDialect.java, .apple] {
                let expected = text.contains("%") ? Self.parsed(text, dialect) : FormatString(dialect: dialect, specifiers: [], problems: [])
                #expect(FormatString.parse(text, dialect: dialect) == expected, "\(dialect) \(text)")
            }
            var bytes = text
            if bytes.withUTF8({ FormatString.commonJavaSpecifiers($0) }) != nil && text.contains("%") { shortcuts += 1 }
        }
        #expect(shortcuts > 3000)
    }

    /// Where the shortcut reads a format, the parser finds no problem in it; where the parser finds
    /// none and reads only `%c` and `%N$c` specifiers, the shortcut reads it.
    @Test func theShortcutReadsExactlyTheCommonFormats() {
        var random = SplitMix(seed: 52)
        for round in 0..<20_000 {
            var text = ""
            for _ in 0..<(1 + round % 6) { text += random.pick(Self.pieces) }
            var bytes = text
            let shortcut = bytes.withUTF8 { FormatString.commonJavaSpecifiers($0) }
            let expected = Self.parsed(text, .java)
            let common = expected.problems.isEmpty && expected.specifiers.allSatisfy { spec in
                spec.flags.isEmpty && spec.width == nil && spec.precision == nil && spec.dateTimeSuffix == nil && spec.index != .relative
                    && (spec.text.count == 2 || (spec.index != .none && spec.text.dropFirst().first != "0"))
            }
            #expect((shortcut != nil) == common, "\(text)")
            if let shortcut { #expect(shortcut == expected.specifiers, "\(text)") }
        }
    }
}
