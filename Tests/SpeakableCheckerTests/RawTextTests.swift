import FoundationEssentials
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing
@testable import SpeakableChecker

/// An XLIFF's raw text, found from each unit's position: on a file written on one line, copying
/// the whole line for every unit made `check` quadratic. ``PlatformInput/RawText`` finds a
/// position in constant time; these tests hold its answers to the line-copying reader's (kept
/// here as the reference) and to the XML reader's positions.
@Suite struct RawTextTests {
    /// The reader `RawText` replaced: the whole line as scalars, per position (quadratic on long
    /// lines; lines split at `\n` only).
    struct LineCopyingRawText {
        let lines: [Substring]

        init(_ bytes: [UInt8]) {
            lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }

        func raw(from position: SourcePosition) -> String {
            guard position.line >= 1, position.line <= lines.count else { return "" }
            var out = ""
            var line = position.line - 1
            var column = position.column - 1
            while line < lines.count {
                let scalars = Array(lines[line].unicodeScalars)
                var i = column
                while i < scalars.count {
                    if scalars[i] == "<" { return out }
                    out.unicodeScalars.append(scalars[i])
                    i += 1
                }
                out += "\n"
                line += 1
                column = 0
            }
            return out
        }
    }

    /// A one-line XLIFF of many units (with text of one to four UTF-8 bytes per character, so
    /// that positions fall on every side of the index's steps), and content over several lines.
    static let text: String = {
        let units = (0..<100).map { n in
            "<unit id=\"u\(n)\"><segment><source>Tap \(String(repeating: "é", count: n % 70)) 한\(n) 🙂 &amp; x</source><target>탭 \(n)</target></segment></unit>"
        }.joined()
        return "<?xml version=\"1.0\"?>\n<xliff version=\"2.0\" srcLang=\"en\" trgLang=\"ko\"><file id=\"f\">" + units
            + "<unit id=\"m\"><segment><source>one\n  two 🙂\n\nthree</source></segment></unit></file></xliff>\n<!-- end -->\nlast line"
    }()

    @Test func positionsGiveWhatTheLineCopyingReaderGave() {
        let bytes = Array(Self.text.utf8)
        let fast = PlatformInput.RawText(bytes)
        let slow = LineCopyingRawText(bytes)
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        var compared = 0
        for (l, line) in lines.enumerated() {
            // The first 200 columns, then every 7th (the reference copies the line each time),
            // and a few past the line's end.
            let count = line.unicodeScalars.count
            for column in Array(1...min(count + 3, 200)) + Array(stride(from: 201, to: count + 4, by: 7)) {
                let position = SourcePosition(line: l + 1, column: column)
                #expect(fast.raw(from: position) == slow.raw(from: position), "\(position)")
                compared += 1
            }
        }
        #expect(compared > 2_000)
        for position in [SourcePosition(line: 0, column: 1), SourcePosition(line: lines.count + 1, column: 1)] {
            #expect(fast.raw(from: position) == "")
        }
    }

    /// Every unit of the one-line file, found from the XML reader's positions (as the XLIFF
    /// input finds them): the texts the decoded XLIFF has, entities as written.
    @Test func everyUnitOfAOneLineFileIsFoundAtItsPosition() throws {
        let bytes = Array(Self.text[..<Self.text.range(of: "</xliff>")!.upperBound].utf8)
        let document = try #require(XLIFFReader.read(bytes, file: "f.xliff").document)
        let raw = PlatformInput.RawText(bytes)
        let units = document.files[0].units
        #expect(units.count == 101)
        for unit in units {
            let source = try #require(unit.source)
            #expect(raw.raw(from: source.position) == source.text.replacingOccurrences(of: "&", with: "&amp;"))
            if let target = unit.target { #expect(raw.raw(from: target.position) == target.text) }
        }
    }

    /// The positions are the XML reader's: `\r\n` and a lone `\r` end a line (the line-copying
    /// reader split at `\n` only), a byte order mark is not a column, and each break reads as
    /// `\n`, as in the decoded text.
    @Test(arguments: [("\r\n", false), ("\r", false), ("\n", true)])
    func positionsAreTheXMLReadersWithEveryLineBreak(lineBreak: String, byteOrderMark: Bool) throws {
        let text = (byteOrderMark ? "\u{FEFF}" : "") + "<xliff version=\"2.0\" srcLang=\"en\" trgLang=\"ko\"><file id=\"f\"><unit id=\"a\"><segment><source>one"
            + lineBreak + "two 🙂" + lineBreak + "three</source><target>하나</target></segment></unit></file></xliff>"
        let bytes = Array(text.utf8)
        let unit = try #require(XLIFFReader.read(bytes, file: "f.xliff").document?.files.first?.units.first)
        let raw = PlatformInput.RawText(bytes)
        #expect(raw.raw(from: try #require(unit.source).position) == "one\ntwo 🙂\nthree")
        #expect(raw.raw(from: try #require(unit.target).position) == "하나")
    }
}
