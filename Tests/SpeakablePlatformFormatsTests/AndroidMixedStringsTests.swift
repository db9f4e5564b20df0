import FoundationEssentials
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing
import SpeakableTestSupport

/// ``AndroidResourceReader/readStrings(_:)`` against the full reader: plain `<string>`s read by the
/// fast path, every other element (plurals, arrays, markup, comments or CDATA inside a string,
/// other resources) read on its own. Wherever it reads a file, the reader reports nothing and
/// gives the same resources in the same order — each other element exactly as the reader gives
/// it (but for the comments before it), each plain string with the same name, text, raw XML,
/// positions and attributes; where it declines, the reader is the one that answers.
@Suite struct AndroidMixedStringsTests {
    static func describe(_ value: AndroidString) -> String {
        "\(value.position)|\(value.text)|\(value.rawXML)|\(value.hasMarkup)|"
            + value.placeholders.map { "\($0.id ?? "-")/\($0.example ?? "-")/\($0.text)/\($0.range)/\($0.position)" }.joined(separator: ",")
    }

    /// What both paths give for a `<string>`.
    static func describeString(name: String, namePosition: SourcePosition, position: SourcePosition, value: AndroidString,
                               translatable: Bool, toolsIgnore: String?) -> String {
        "string|\(name)|\(namePosition)|\(position)|\(translatable)|\(toolsIgnore ?? "-")|" + describe(value)
    }

    /// Everything the reader gives for a resource but its comments.
    static func describeFully(_ resource: AndroidResource) -> String {
        var out = "\(resource.kind)|\(resource.name)|\(resource.namePosition)|\(resource.position)|\(resource.rawXML)|"
        out += resource.attributes.map { "\($0.name)=\($0.value)@\($0.position)/\($0.valuePosition)" }.joined(separator: ",")
        if let value = resource.value { out += "|value " + describe(value) }
        for item in resource.items { out += "|item \(item.quantity ?? "-")@\(item.position) " + describe(item.value) }
        return out
    }

    enum Read: Equatable {
        case plain(String)
        case other(String)
    }

    /// The reader's resources; nil when it reports anything.
    static func viaReader(_ bytes: [UInt8]) -> AndroidResourceFile? {
        let result = AndroidResourceReader.read(bytes, file: "res/values-ko/strings.xml")
        guard result.diagnostics.isEmpty, let file = result.file else { return nil }
        return file
    }

    /// The fast path's resources in file order.
    static func viaMixed(_ bytes: [UInt8]) -> (read: [Read], others: Int)? {
        guard let mixed = AndroidResourceReader.readStrings(bytes) else { return nil }
        var out: [Read] = [.other("resources|\(mixed.rootToolsIgnore ?? "-")")]
        for run in mixed.runs {
            for entry in run.strings {
                let value = AndroidString(text: entry.text, rawXML: mixed.rawXML(of: entry), position: entry.contentStart)
                out.append(.plain(describeString(name: entry.name, namePosition: entry.namePosition, position: entry.position, value: value,
                                                 translatable: entry.isTranslatable, toolsIgnore: entry.toolsIgnore)))
            }
            for other in run.others {
                #expect(other.resource.comment == nil && other.resource.rawComments.isEmpty)
                out.append(.other(describeFully(other.resource)))
            }
        }
        #expect(out.count == 1 + mixed.strings.count + mixed.others.count)
        return (out, mixed.others.count)
    }

    /// The reader's resources in the fast path's terms (`read` says which of them it read plain).
    static func expected(_ file: AndroidResourceFile, like read: [Read]) -> [Read] {
        [.other("resources|\(file.toolsIgnore ?? "-")")] + zip(file.resources, read.dropFirst()).map { resource, read in
            guard case .plain = read, resource.kind == .string, let value = resource.value else { return .other(describeFully(resource)) }
            return .plain(describeString(name: resource.name, namePosition: resource.namePosition, position: resource.position, value: value,
                                         translatable: resource.isTranslatable, toolsIgnore: resource["tools:ignore"]))
        }
    }

    /// Compares the two on `bytes`: true when the fast path read the file.
    @discardableResult
    static func agree(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let mixed = viaMixed(bytes) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let file = viaReader(bytes) else {
            Issue.record("the fast path reads a file the reader reports:\n\(text)", sourceLocation: sourceLocation)
            return true
        }
        #expect(1 + file.resources.count == mixed.read.count, "\(text)", sourceLocation: sourceLocation)
        #expect(mixed.read == expected(file, like: mixed.read), "\(text)", sourceLocation: sourceLocation)
        return true
    }

    static let seed = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- licence -->
        <resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"
                   tools:ignore="MissingTranslation,Typos">
          <string name="a">Row %1$d, star %2$d</string>
          <!-- A plural -->
          <plurals name="p" tools:ignore="MissingQuantity">
            <item quantity="one">%d star</item>
            <!-- inside -->
            <item quantity="other"><xliff:g id="count" example="3">%d</xliff:g> stars</item>
          </plurals>
          <string name="p">Also a string named p</string>
          <string-array name="days" translatable="false">
            <item>Mon</item>
            <item>Don\\'t &amp; "  quoted  " \\u00e9</item>
          </string-array>
          <string name="b">Tap <b>here</b> to start</string>
          <string name="c">한국어 <xliff:g id="time" example="5 min">%1$s</xliff:g> 남음 🎉 <xliff:g>%2$d</xliff:g></string>
          <string name="d">x<!-- c -->y</string>
          <string name="e"><![CDATA[<b>raw</b>]]> and \\'text\\'</string>
          <integer name="max">5</integer>
          <bool name="flag">true</bool>
          <skip/>
          <eat-comment/>
          <item type="id" name="anchor"/>
          <string name="empty"/>
          <string name="f">"it's quoted"</string>
          <string name="g">plain again &lt;&#x41;&gt;</string>
          <string
              name="h"
              translatable="false">multi
          line <i>markup</i> é</string>
          <plurals name="q"><item quantity="other">one line %d</item></plurals><string name="i">after</string>
          <string name="j" tools:ignore="MissingTranslation">Ünïcödé <u>under</u>   spaced   </string>
          <string name="k">The end</string>
        </resources>

        """

    @Test func readsEveryConstructAsTheReaderDoes() throws {
        let variants = [
            Self.seed,
            Self.seed.replacingAll("\n", with: "\r\n"),
            "\u{FEFF}" + Self.seed.replacingAll("\n", with: "\r"),
            Self.seed.replacingAll("\n  ", with: " "),
            Self.seed.replacingAll("\n  ", with: ""),
            "<resources><plurals name=\"p\"><item quantity=\"one\">x</item></plurals></resources>",
            "<resources>\n<string-array name=\"s\"/>\n</resources>",
            "<resources><string name=\"a\">x</string><!--c--><plurals name=\"a\"><item quantity=\"other\">%d</item></plurals></resources>",
            "<resources><string name=\"a\">x <b>bold</b></string><string name=\"b\"><xliff:g id=\"n\">%d</xliff:g></string></resources>",
            "<resources><string name=\"a\">x<!-- c --></string><string name=\"b\">y</string></resources>",
            "<resources>\t<string name=\"a\">x</string></resources>",
            "<resources><string name=\"a\">x\r\ny</string><integer name=\"i\">1</integer></resources>",
            "<resources><string name=\"a\"/></resources>",
            "<resources><string name=\"q\">\"a 'quoted' apostrophe\"</string><string name=\"e\">&quot;x y&quot;</string></resources>",
        ]
        for file in variants {
            let bytes = Array(file.utf8)
            #expect(AndroidResourceReader.read(bytes, file: "strings.xml").diagnostics.isEmpty, "\(file)")
            #expect(Self.agree(bytes), "the fast path declines:\n\(file)")
        }
        let mixed = try #require(AndroidResourceReader.readStrings(Array(Self.seed.utf8)))
        // Plurals, the array, markup, a comment and CDATA inside, other resources, an empty string,
        // an escaped apostrophe after CDATA: each read on its own, the rest plain.
        #expect(mixed.others.map(\.resource.name) == ["p", "days", "b", "c", "d", "e", "max", "flag", "", "", "anchor", "empty", "h", "q", "j"])
        #expect(mixed.strings.map(\.name) == ["a", "p", "f", "g", "i", "k"])
        #expect(mixed.others.map(\.stringsBefore) == [1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 5])
    }

    /// Files with something to report are left to the reader, which reports it.
    @Test(arguments: [
        "<resources><plurals name=\"p\"><item quantity=\"one\">x</item></plurals><plurals name=\"p\"><item quantity=\"other\">y</item></plurals></resources>",
        "<resources><string name=\"a\">x</string><string name=\"a\">y <b>z</b></string></resources>",
        "<resources><string name=\"a\">y <b>z</b></string><string name=\"a\">x</string></resources>",
        "<resources><string name=\"a\"><b>y</b></string><string name=\"a\"><i>z</i></string></resources>",
        "<resources><string name=\"a\"/><string name=\"a\">x</string></resources>",
        "<resources><plurals><item quantity=\"one\">x</item></plurals></resources>",
        "<resources><plurals name=\"\"><item quantity=\"one\">x</item></plurals></resources>",
        "<resources><string><b>x</b></string></resources>",
        "<resources><plurals name=\"p\"><item quantity=\"some\">x</item></plurals></resources>",
        "<resources><plurals name=\"p\"><item quantity=\"one\">x</item><item quantity=\"one\">y</item></plurals></resources>",
        "<resources><plurals name=\"p\"><item>x</item></plurals></resources>",
        "<resources><string-array name=\"s\"><item>it's</item></string-array></resources>",
        "<resources><string name=\"a\">it's <b>x</b></string></resources>",
        "<resources><plurals name=\"p\"><item quantity=\"one\">it's</item></plurals></resources>",
        "<resources><string-array name=\"s\"><item>&nbsp;</item></string-array></resources>",
        "<resources><string name=\"s\"><b>&nbsp;</b></string></resources>",
        "<resources><plurals name=\"p\"><item quantity=\"one\">x</b></item></plurals></resources>",
        "<resources><plurals name=\"p\"><item quantity=\"one\">x</item></resources>",
        "<resources><plurals name=\"p\" name=\"q\"><item quantity=\"one\">x</item></plurals></resources>",
        "<resources><plurals name=\"p\"><item quantity=\"one\">&#0;</item></plurals></resources>",
        "<resources><integer>5</integer></resources>",
        "<resources><integer name=\"i\">5</integer><integer name=\"i\">6</integer></resources>",
        "<resources><string-array name=\"s\"><item>a</item></string-array><string-array name=\"s\"/></resources>",
        "<resources><string name=\"a\">x</string><plurals name=\"p\"><item quantity=\"one\">x<!-- never closed </item></plurals></resources>",
        "<resources><plurals name=\"p\"><item quantity=\"one\">x<![CDATA[ never closed </item></plurals></resources>",
        "<resources><plurals name=\"p\"><!x></plurals></resources>",
    ])
    func leavesFilesWithProblemsToTheReader(_ file: String) {
        let bytes = Array(file.utf8)
        #expect(AndroidResourceReader.readStrings(bytes) == nil)
        #expect(!AndroidResourceReader.read(bytes, file: "strings.xml").diagnostics.isEmpty)
    }

    /// An element too deep for the reader in a file of plain strings.
    @Test func reportsNestingAsTheReaderDoes() {
        let deep = (0..<300).map { _ in "<b>" }.joined() + "x" + (0..<300).map { _ in "</b>" }.joined()
        let limit = (0..<254).map { _ in "<b>" }.joined() + "x" + (0..<254).map { _ in "</b>" }.joined()
        let tooDeep = Array("<resources><string name=\"a\">y</string><string name=\"b\">\(deep)</string></resources>".utf8)
        #expect(AndroidResourceReader.readStrings(tooDeep) == nil)
        #expect(AndroidResourceReader.read(tooDeep, file: "s.xml").diagnostics.map(\.id) == ["xml-too-deep"])
        let deepest = Array("<resources><string name=\"a\">y</string><string name=\"b\">\(limit)</string></resources>".utf8)
        #expect(AndroidResourceReader.read(deepest, file: "s.xml").diagnostics.isEmpty)
        #expect(Self.agree(deepest))
    }

    /// Files made of random elements of every kind, with names that sometimes repeat.
    @Test func agreesWithTheReaderOnGeneratedFiles() {
        var random = SplitMix(seed: 21)
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"]
        func element(_ name: String) -> String {
            let texts = ["Row %1$d", "é \\'x\\' 🎉", "  spaced\n   out ", "&amp;&lt;", "\"quoted  'it'\"", "x", "", "%d stars",
                         "<xliff:g id=\"n\" example=\"3\">%d</xliff:g> left", "<b>bold</b> text", "a<!-- c -->b", "\\u0041\\n", "한국어 %s"]
            func text() -> String { texts[random.next(texts.count)] }
            switch random.next(9) {
            case 0, 1, 2: return "<string name=\"\(name)\">\(text())</string>"
            case 3: return "<string name=\"\(name)\" translatable=\"false\">\(text())</string>"
            case 4: return "<string name=\"\(name)\" tools:ignore=\"MissingTranslation\">\(text())</string>"
            case 5:
                let quantities = ["zero", "one", "two", "few", "many", "other"].filter { _ in random.next(2) == 0 }
                return "<plurals name=\"\(name)\">" + quantities.map { "\n    <item quantity=\"\($0)\">\(text())</item>" }.joined() + "\n  </plurals>"
            case 6: return "<string-array name=\"\(name)\">" + (0..<random.next(4)).map { _ in "<item>\(text())</item>" }.joined() + "</string-array>"
            case 7: return ["<integer name=\"\(name)\">3</integer>", "<skip/>", "<item type=\"id\" name=\"\(name)\"/>", "<string name=\"\(name)\"/>"][random.next(4)]
            default: return "<!-- \(name) -->"
            }
        }
        let separators = ["\n  ", "\n", " ", "", "\r\n  ", "\n\n    ", "\t"]
        var read = 0
        var withOthers = 0
        for _ in 0..<3000 {
            var file = "<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">"
            for _ in 0..<(1 + random.next(12)) {
                file += separators[random.next(separators.count)] + element(names[random.next(names.count)])
            }
            file += "\n</resources>\n"
            let bytes = Array(file.utf8)
            if Self.agree(bytes) {
                read += 1
                if AndroidResourceReader.readStrings(bytes)!.others.count > 0 { withOthers += 1 }
            } else {
                // Declined: the reader has something to say.
                #expect(Self.viaReader(bytes) == nil, "\(file)")
            }
        }
        #expect(read > 500)
        #expect(withOthers > 400)
    }

    /// Thousands of small edits of the file with every construct: wherever the fast path reads
    /// the result, the reader agrees with it and reports nothing.
    @Test func agreesWithTheReaderOnEditedFiles() {
        var random = SplitMix(seed: 34)
        let pieces = ["<", ">", "&", ";", "'", "\"", "\\", " ", "  ", "\n", "\r", "\r\n", "\t", "/", "=", "!", "-", "?", "#",
                      "x", "u", "é", "한", "1", "&amp;", "&#65;", "&#x;", "\\u", "\\'", "</string>", "<string name=\"z\">", "<b>", "</b>",
                      "</item>", "<item quantity=\"few\">", "</plurals>", "<plurals name=\"p\">", "<xliff:g id=\"a\">", "</xliff:g>",
                      "--", "-->", "<!--", "<![CDATA[", "]]>", "name", "%1$s", "{", "}", "quantity", "<string-array name=\"days\">"]
        let seed = Array(Self.seed.utf8)
        var read = 0
        var declined = 0
        for _ in 0..<5000 {
            var bytes = seed
            for _ in 0..<(1 + random.next(3)) {
                let at = random.next(bytes.count + 1)
                switch random.next(3) {
                case 0: bytes.insert(contentsOf: Array(pieces[random.next(pieces.count)].utf8), at: at)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.next(4)))
                default: if at < bytes.count { bytes[at] = Array(pieces[random.next(pieces.count)].utf8)[0] }
                }
            }
            if Self.agree(bytes) { read += 1 } else if Self.viaReader(bytes) != nil { declined += 1 }
        }
        // The edits that leave a file without problems are mostly read by the fast path (it
        // declines text between elements, a root or string name that needs normalizing, a `<?`
        // or `<!` between them).
        #expect(read > 500)
        #expect(declined * 4 < read)
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func agreesWithTheReaderOnRealFiles() throws {
        var names = try FileManager.default.contentsOfDirectory(atPath: catalogsDirectory!).filter { $0.hasSuffix(".xml") }.sorted()
        #expect(names.count >= 3)
        // A whole app's res/, when it is there (AntennaPod's values/ has tools:ignore on <resources>).
        let antennaPod = "real/antennapod/res"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: catalogsDirectory! + "/" + antennaPod)) ?? []
        names += folders.sorted().map { antennaPod + "/" + $0 + "/strings.xml" }
        var random = SplitMix(seed: 5)
        for name in names {
            let bytes = try testCatalog(name)
            let whole = AndroidResourceReader.read(bytes, file: name)
            // Every real file without problems is read by the fast path, not by the reader.
            #expect(Self.agree(bytes) == whole.diagnostics.isEmpty, "\(name)")
            // Its resources in other orders and mixes, in files of their own.
            guard let file = whole.file else { continue }
            let root = file.rootAttributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
            for _ in 0..<40 {
                var text = "<resources\(root)>"
                var seen = Set<String>()
                for _ in 0..<(1 + random.next(30)) {
                    let resource = file.resources[random.next(file.resources.count)]
                    guard seen.insert("\(resource.kind)/\(resource.name)").inserted else { continue }
                    text += ["\n    ", "\n", " ", "\r\n  "][random.next(4)] + resource.rawComments + resource.rawXML
                }
                text += "\n</resources>\n"
                #expect(Self.agree(Array(text.utf8)) == Self.viaReader(Array(text.utf8)).map { _ in true } ?? false, "\(name): \(text)")
            }
        }
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension AndroidMixedStringsTests {
    /// Text that is not XML — a control character or U+FFFE raw or as `&#…;`, `]]>` in text,
    /// `--` in a comment, a malformed reference or declaration, a name outside XML's — put raw
    /// anywhere into both seed files: wherever either fast path reads the result, the reader
    /// reads it too and reports nothing (then it is XML), and the two agree.
    /// White space as aapt2 2.19 stores it (`aapt2 dump resources`): a string with style markup
    /// is read text node by text node — collapsed within a node, not across an element, not
    /// trimmed at its ends — and one without (`<xliff:g>` is no style) as one text, trimmed.
    /// Both readers agree (the fast path leaves the styled ones to the reader).
    @Test func whiteSpaceAroundElementsIsWhatAapt2Stores() throws {
        let cases: [(String, String)] = [
            ("x <b> y</b> z", "x  y z"), ("x<b> y </b> z", "x y  z"), ("x   <b>y</b>   z", "x y z"), (" <b>y</b> ", " y "),
            ("  <b>y</b>", " y"), ("x <b>y</b>  ", "x y "), ("<b> y </b>", " y "), ("  y  ", "y"),
            ("x <xliff:g id=\"n\"> %1$s</xliff:g>", "x %1$s"), ("x  <xliff:g id=\"n\">  %1$s  </xliff:g>  z", "x %1$s z"),
            ("<xliff:g id=\"n\"> %1$s</xliff:g> z <b>q</b>", " %1$s z q"),
        ]
        let body = cases.enumerated().map { "    <string name=\"s\($0.offset)\">\($0.element.0)</string>" }.joined(separator: "\n")
        let bytes = Array(("<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n" + body + "\n</resources>\n").utf8)
        let file = try #require(Self.viaReader(bytes))
        #expect(file.resources.map { $0.value?.text ?? "" } == cases.map(\.1))
        #expect(Self.agree(bytes))
    }

    @Test func declinesWhatIsNotXML() {
        let notXML = ["\u{1}", "\u{1F}", "\u{0}", "\u{FFFE}", "\u{FFFF}", "&#1;", "&#x0;", "&#xFFFE;", "&#xD800;", "&#+65;", "&#X41;",
                      "]]>", "a ]]> b", "--", "-- ", " --->", "\u{D7}", "\u{B7}", "<?xml version=\"1.0\"?>", "<?XML x?>", "<?p x?>",
                      "<?xml version=\"2.0\"?>", "encoding=\"latin1\" ", "\u{E9}"] + HostileStrings.pieces
        var random = SplitMix(seed: 55)
        var plainRead = 0
        var mixedRead = 0
        for seed in [Array(AndroidPlainStringsTests.seed.utf8), Array(Self.seed.utf8)] {
            for _ in 0..<3000 {
                var bytes = seed
                for _ in 0..<(1 + random.next(2)) {
                    bytes.insert(contentsOf: Array(notXML[random.next(notXML.count)].utf8), at: random.next(bytes.count + 1))
                }
                let text = String(decoding: bytes, as: UTF8.self)
                if let plain = AndroidPlainStringsTests.viaPlain(bytes) {
                    plainRead += 1
                    #expect(plain == AndroidPlainStringsTests.viaReader(bytes), "\(text.debugDescription)")
                }
                if Self.agree(bytes) { mixedRead += 1 }
            }
        }
        // Many insertions land where they are XML (a character in text, `--` outside a comment).
        #expect(plainRead > 300)
        #expect(mixedRead > 600)
    }
}
