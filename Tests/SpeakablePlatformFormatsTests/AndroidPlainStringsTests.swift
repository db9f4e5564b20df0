import FoundationEssentials
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing
import SpeakableTestSupport

/// ``AndroidResourceReader/readPlainStrings(_:)`` against the full reader: wherever the fast path
/// reads a file, the reader reports nothing and gives the same strings, names, texts, raw XML and
/// positions; where it declines, the reader is the one that answers.
@Suite struct AndroidPlainStringsTests {
    /// What the full reader gives for the file's `<string>`s, in the fast path's terms; nil when
    /// it reports anything or reads anything but `<string>`s.
    static func viaReader(_ bytes: [UInt8]) -> [String]? {
        let result = AndroidResourceReader.read(bytes, file: "res/values-ko/strings.xml")
        guard result.diagnostics.isEmpty, let file = result.file else { return nil }
        var out = ["resources|\(file.toolsIgnore ?? "-")"]
        for resource in file.resources {
            guard resource.kind == .string, let value = resource.value else { return nil }
            out.append("\(resource.name)|\(resource.namePosition)|\(resource.position)|\(value.position)|\(value.text)|\(value.rawXML)|"
                       + "\(resource.isTranslatable)|\(resource["tools:ignore"] ?? "-")")
        }
        return out
    }

    static func viaPlain(_ bytes: [UInt8]) -> [String]? {
        guard let plain = AndroidResourceReader.readPlainStrings(bytes) else { return nil }
        return ["resources|\(plain.rootToolsIgnore ?? "-")"] + plain.strings.map {
            "\($0.name)|\($0.namePosition)|\($0.position)|\($0.contentStart)|\($0.text)|\(plain.rawXML(of: $0))|\($0.isTranslatable)|\($0.toolsIgnore ?? "-")"
        }
    }

    static let seed = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- licence -->
        <resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"
            tools:ignore="MissingTranslation">
          <string name="a">Row %1$d, star %2$d</string>
          <string name="b" translatable="false">KO·별 %d개</string>
          <string name="b2" translatable="true" tools:ignore="MissingTranslation,Typos">x</string>
          <string tools:ignore="" name="b3" translatable='false '>y</string>
          <!-- a comment -->
          <string
              name='c'>Don\\'t &amp; &lt;stop&gt; \\u0041\\n\\t"  quoted  " end</string>
          <string name="d">  spaced   out \t text\n</string>
          <string name="e">한국어 &#xD55C;&#54620; \\\\ \\@ \\?</string>
          <string name="f"></string>
          <string name="g">{braces} \\'quote\\' 100%</string>
        </resources>

        """

    @Test func readsWhatTheReaderReadsOnPlainFiles() throws {
        let files: [String] = [
            Self.seed,
            "<resources><string name=\"ok\">OK</string></resources>",
            "\u{FEFF}<resources>\r\n  <string name=\"crlf\">line</string>\r\n  <string name=\"two\">é\u{1F600}x</string>\r</resources>\r\n",
            "<?xml version='1.0'?><?pi data?><!--x--><resources>\n<string name=\"n\" >a\nb</string ></resources><!--after-->\n",
            "<resources><string name=\"q\">\"a 'quoted' apostrophe\"</string><string name=\"e\">&quot;x y&quot;</string></resources>",
            "<resources><string name=\"u\">\\u00e9\\u12 \\uD800x \\u0020y</string></resources>",
        ]
        for file in files {
            let bytes = Array(file.utf8)
            let plain = try #require(Self.viaPlain(bytes), "the fast path declines:\n\(file)")
            #expect(plain == Self.viaReader(bytes), "\(file)")
        }
    }

    @Test(arguments: [
        "<resources><plurals name=\"p\"><item quantity=\"one\">x</item></plurals></resources>",
        "<resources><string name=\"a\">it's</string></resources>",
        "<resources><string name=\"a\">&nbsp;</string></resources>",
        "<resources><string name=\"a\">x</string><string name=\"a\">y</string></resources>",
        "<resources><string name=\"a\">x <b>bold</b></string></resources>",
        "<resources><string name=\"a\"><xliff:g id=\"n\">%d</xliff:g></string></resources>",
        "<resources><string name=\"a\">x</strong></resources>",
        "<resources><string name=\"a\">x\r\ny</string></resources>",
        "<resources><string>x</string></resources>",
        "<resources><string name=\"\">x</string></resources>",
        "<resources><string name=\"a&amp;b\">x</string></resources>",
        "<resources><string name=\"a\" name=\"b\">x</string></resources>",
        "<!DOCTYPE resources><resources><string name=\"a\">x</string></resources>",
        "<resources><string name=\"a\">x</string></resources><extra/>",
        "<resources>text<string name=\"a\">x</string></resources>",
        "<strings><string name=\"a\">x</string></strings>",
        "<resources><string name=\"a\">x</string>",
        "<resources><string name=\"a\"/></resources>",
        "<resources><integer name=\"i\">1</integer></resources>",
        "<resources><string name=\"a\">x<!-- c --></string></resources>",
    ])
    func declinesWhatItDoesNotRead(_ file: String) {
        #expect(AndroidResourceReader.readPlainStrings(Array(file.utf8)) == nil)
    }

    @Test func declinesBadUTF8() {
        #expect(AndroidResourceReader.readPlainStrings(Array("<resources><string name=\"a\">".utf8) + [0xC3, 0x28]
                                                       + Array("</string></resources>".utf8)) == nil)
    }

    /// Thousands of small edits of a file with every feature: wherever the fast path reads the
    /// result, the reader agrees with it and reports nothing.
    @Test func agreesWithTheReaderOnEditedFiles() {
        var random = SplitMix(seed: 12)
        let pieces = ["<", ">", "&", ";", "'", "\"", "\\", " ", "  ", "\n", "\r", "\r\n", "\t", "/", "=", "!", "-", "?", "#",
                      "x", "u", "é", "한", "1", "&amp;", "&#65;", "&#x;", "\\u", "\\'", "</string>", "<string name=\"z\">",
                      "--", "-->", "<!--", "name", "%1$s", "{", "}"]
        let seed = Array(Self.seed.utf8)
        var read = 0
        for _ in 0..<8000 {
            var bytes = seed
            for _ in 0..<(1 + random.next(3)) {
                let at = random.next(bytes.count + 1)
                switch random.next(3) {
                case 0: bytes.insert(contentsOf: Array(pieces[random.next(pieces.count)].utf8), at: at)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.next(4)))
                default: if at < bytes.count { bytes[at] = Array(pieces[random.next(pieces.count)].utf8)[0] }
                }
            }
            guard let plain = Self.viaPlain(bytes) else { continue }
            read += 1
            let reader = Self.viaReader(bytes)
            #expect(plain == reader, "\(String(decoding: bytes, as: UTF8.self))")
            if plain != reader { return }
        }
        // Most edits leave a readable file; the comparison above must have run often.
        #expect(read > 1000)
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func agreesWithTheReaderOnRealFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: catalogsDirectory!).filter { $0.hasSuffix(".xml") }
        #expect(!names.isEmpty)
        var compared = 0
        for name in names {
            let bytes = try testCatalog(name)
            if let plain = Self.viaPlain(bytes) { #expect(plain == Self.viaReader(bytes), "\(name)") }
            // Each string of the file in a file of its own: most real strings are plain.
            guard let file = AndroidResourceReader.read(bytes, file: name).file else { continue }
            let root = file.rootAttributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
            for resource in file.resources where resource.kind == .string {
                let single = Array("<resources\(root)>\n    \(resource.rawXML)\n</resources>\n".utf8)
                guard let plain = Self.viaPlain(single) else { continue }
                compared += 1
                #expect(plain == Self.viaReader(single), "\(name): \(resource.rawXML)")
            }
        }
        #expect(compared > 100)
    }
}
