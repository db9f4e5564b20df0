import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SpeakableEscaping
import Testing
import SpeakableTestSupport

/// Each escaper is judged by the parser of its language — swiftc, libxml2 (Foundation's
/// XMLParser), JSONSerialization, Chromium — over generated hostile strings: the parser must
/// accept the whole output and read back exactly the text given (or the documented stand-in),
/// and nothing may end a comment, literal or attribute early.

// MARK: Support



func temporaryFolder(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("speakable-escaping-\(name)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func hex(_ values: [UInt32]) -> String { values.map { String($0, radix: 16) }.joined(separator: " ") }

let hostile = HostileStrings.generate(count: 600)

// MARK: Swift

@Suite struct SwiftEscapingTests {
    /// The generated program: every hostile string as a literal, in a doc comment, in a plain
    /// comment and in an inline header-style comment, between statements that record their order.
    static func program(_ strings: [String], comments: Bool) -> String {
        var out = "var trace: [Int] = []\nvar values: [String] = []\n"
        for (i, text) in strings.enumerated() {
            if comments {
                out += SwiftEscaping.lineComment(text, prefix: "/// ")
                out += "// " + SwiftEscaping.inlineComment(text) + "\n"
            } else {
                out += "/// x\n// x\n"
            }
            out += "values.append(\(SwiftEscaping.stringLiteral(text)))\n"
            out += SwiftEscaping.lineComment(comments ? text : "x", prefix: "    // ")
            out += "trace.append(\(i))\n"
        }
        out += """
        for value in values { print(value.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")) }
        print("trace", trace == Array(0..<\(strings.count)))

        """
        return out
    }

    /// The tree's shape: its node kinds in order (`source_file`, `pattern_binding_decl`,
    /// `string_literal_expr`…), without addresses, ranges or literal values.
    static func shape(_ dump: String) -> [String] {
        let withoutValues = dump.replacing(/encoding=utf8 value=".*?" builtin_initializer/.dotMatchesNewlines(), with: "")
        return withoutValues.matches(of: /\(([a-z_]+)/).map { String($0.output.1) }
    }

    @Test func hostileTextParsesToTheSameTreeAsPlainText() throws {
        guard let swiftc = requireTool("swiftc") else { return }
        let folder = try temporaryFolder("swift-parse")
        try Self.program(hostile, comments: true).write(toFile: folder + "/hostile.swift", atomically: true, encoding: .utf8)
        try Self.program(hostile.map { _ in "x" }, comments: false).write(toFile: folder + "/plain.swift", atomically: true, encoding: .utf8)
        let hostileDump = try run(swiftc, ["-dump-parse", "hostile.swift"], in: folder)
        let plainDump = try run(swiftc, ["-dump-parse", "plain.swift"], in: folder)
        #expect(hostileDump.status == 0, "\(hostileDump.error.prefix(2000))")
        #expect(!hostileDump.error.contains("error:"), "\(hostileDump.error.prefix(2000))")
        let hostileShape = Self.shape(hostileDump.output + hostileDump.error)
        let plainShape = Self.shape(plainDump.output + plainDump.error)
        #expect(hostileShape.count > 10 * hostile.count)
        #expect(hostileShape == plainShape, "a comment or literal let code through")
    }

    @Test func hostileLiteralsCompileToExactlyTheirText() throws {
        guard let swiftc = requireTool("swiftc") else { return }
        let folder = try temporaryFolder("swift-run")
        try Self.program(hostile, comments: true).write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let build = try run(swiftc, ["-Onone", "main.swift", "-o", "main"], in: folder)
        #expect(build.status == 0, "\(build.error.prefix(3000))")
        #expect(!build.error.contains("warning:"), "\(build.error.prefix(3000))")
        guard build.status == 0 else { return }
        let result = try run(folder + "/main", [])
        var lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        #expect(lines.last == "trace true", "statements between comments ran out of order or not at all")
        #expect(lines.count == hostile.count + 1, "the program printed \(lines.count - 1) values for \(hostile.count)")
        for (index, text) in hostile.enumerated() where index < lines.count - 1 {
            #expect(lines[index] == hex(text.scalarValues), "string \(index): \(text.debugDescription)")
        }
    }

    @Test func commentLinesHoldNoLineBreakOrHiddenCharacter() {
        for text in hostile {
            for line in SwiftEscaping.commentLines(text) {
                #expect(!line.unicodeScalars.contains { VisibleText.isLineBreak($0) || (VisibleText.isHidden($0) && $0 != "\t") },
                        "\(text.debugDescription) → \(line.debugDescription)")
            }
        }
        // A lone CR (which ends a Swift comment) starts a new comment line.
        #expect(SwiftEscaping.lineComment("note\rlet x = 1", prefix: "/// ") == "/// note\n/// let x = 1\n")
        #expect(SwiftEscaping.lineComment("a\u{2028}b\u{202E}c\r\n", prefix: "// ") == "// a\n// b\\u{202E}c\n//\n")
    }
}

// MARK: XML

/// Collects what libxml2 (through XMLParser) reads from the test document.
final class XMLCollector: NSObject, XMLParserDelegate {
    var texts: [String] = []
    var attributes: [String] = []
    var comments: [String] = []
    var elements = 0
    private var current: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements += 1
        if name == "t" {
            self.attributes.append(attributes["a"] ?? "<missing>")
            current = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "t", let current { texts.append(current) }
        current = nil
    }

    func parser(_ parser: XMLParser, foundComment comment: String) { comments.append(comment) }
}

@Suite struct XMLEscapingTests {
    /// What XML can carry of `text`: characters outside XML's `Char` become U+FFFD.
    static func carried(_ text: String) -> [UInt32] {
        text.unicodeScalars.map { XMLEscaping.isCharacter($0) ? $0.value : 0xFFFD }
    }

    @Test func libxml2ReadsBackEveryTextAttributeAndComment() throws {
        var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root>\n"
        for text in hostile {
            document += "<!--" + XMLEscaping.comment(text) + "-->"
            document += "<t a=\"" + XMLEscaping.attribute(text) + "\">" + XMLEscaping.text(text) + "</t>\n"
        }
        document += "</root>\n"
        let parser = XMLParser(data: Data(document.utf8))
        let collector = XMLCollector()
        parser.delegate = collector
        let parsed = parser.parse()
        #expect(parsed, "libxml2: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.elements == hostile.count + 1, "elements were injected or lost")
        #expect(collector.texts.count == hostile.count)
        #expect(collector.comments.count == hostile.count)
        for (index, text) in hostile.enumerated() where index < collector.texts.count && index < collector.comments.count {
            #expect(collector.texts[index].scalarValues == Self.carried(text), "text \(index): \(text.debugDescription)")
            #expect(collector.attributes[index].scalarValues == Self.carried(text), "attribute \(index): \(text.debugDescription)")
            #expect(collector.comments[index] == XMLEscaping.comment(text), "comment \(index): \(text.debugDescription)")
        }
    }

    @Test func commentsCannotCloseEarly() {
        #expect(XMLEscaping.comment("note ---><string name=\"injected\">x</string>") == "note - - -><string name=\"injected\">x</string>")
        #expect(XMLEscaping.comment("-") == "- ")
        #expect(XMLEscaping.comment("a\r\nb\rc\u{2028}d\u{1}") == "a\nb\nc\nd\\u{0001}")
        for text in hostile {
            let comment = XMLEscaping.comment(text)
            #expect(!comment.contains("--") && !comment.hasSuffix("-"), "\(text.debugDescription)")
        }
    }

    @Test func textNeverHoldsCDATAEndOrInvalidCharacters() {
        #expect(XMLEscaping.text("]]>") == "]]&gt;")
        #expect(XMLEscaping.text("a\u{1}\u{FFFE}\u{FFFF}b") == "a\u{FFFD}\u{FFFD}\u{FFFD}b")
        #expect(XMLEscaping.attribute("a\t\"b") == "a&#9;&quot;b")
    }

    @Test func namesFollowTheXMLNameProduction() {
        #expect(XMLEscaping.isName("tools:ignore"))
        #expect(XMLEscaping.isNCName("translatable"))
        #expect(!XMLEscaping.isNCName("tools:ignore"))
        #expect(!XMLEscaping.isName("x=\"1\" onload"))
        #expect(!XMLEscaping.isName("1abc"))
        #expect(!XMLEscaping.isName(""))
        #expect(!XMLEscaping.isName("a b"))
        #expect(!XMLEscaping.isName("a>"))
        #expect(XMLEscaping.isName("이름"))
    }
}

// MARK: JSON

@Suite struct JSONEscapingTests {
    @Test(arguments: [JSONEscaping.Style.standard, .xcode])
    func jsonSerializationReadsBackEveryString(style: JSONEscaping.Style) throws {
        let document = "[" + hostile.map { JSONEscaping.string($0, style: style) }.joined(separator: ",\n") + "]"
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? NSArray)
        #expect(parsed.count == hostile.count)
        for (index, text) in hostile.enumerated() where index < parsed.count {
            // Read the NSString's UTF-16 units: bridging to String would drop a leading U+FEFF.
            let string = try #require(parsed[index] as? NSString)
            let units = (0..<string.length).map { string.character(at: $0) }
            #expect(units == Array(text.utf16), "string \(index): \(text.debugDescription)")
        }
    }

    /// The eight-byte check never misses a byte the byte loop would escape: every string of
    /// plain text with one byte of each kind at every place escapes as the text split into one-byte
    /// pieces does (each piece shorter than a word, so read byte by byte).
    @Test(arguments: [JSONEscaping.Style.standard, .xcode])
    func wordsAndBytesEscapeAlike(style: JSONEscaping.Style) {
        let specials: [String] = ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "é", "한", "\u{FEFF}", "\u{FFFE}", "\u{2028}", " ", "~", "!", "#", "[", "]"]
        for length in 0..<24 {
            for place in 0...length {
                for special in specials {
                    let text = String(repeating: "a", count: place) + special + String(repeating: "b", count: length - place)
                    var whole: [UInt8] = []
                    JSONEscaping.append(text, to: &whole, style: style)
                    var pieces: [UInt8] = [0x22]
                    for scalar in text.unicodeScalars {
                        var one: [UInt8] = []
                        JSONEscaping.append(String(scalar), to: &one, style: style)
                        pieces += one.dropFirst().dropLast()
                    }
                    pieces.append(0x22)
                    #expect(whole == pieces, "\(text.debugDescription)")
                }
            }
        }
        #expect(!JSONEscaping.mayNeedEscaping(0x6867_6665_6463_6261))  // "abcdefgh"
        for byte: UInt64 in [0x00, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xFF] {
            for place in 0..<8 {
                let word = 0x6161_6161_6161_6161 & ~(0xFF << (8 * UInt64(place))) | byte << (8 * UInt64(place))
                #expect(JSONEscaping.mayNeedEscaping(word), "\(byte) at \(place)")
            }
        }
    }

    @Test func standardStyleIsAlsoOneJavaScriptLine() {
        for text in hostile {
            let literal = JSONEscaping.string(text)
            // JavaScript's line terminators are LF, CR, U+2028 and U+2029.
            #expect(!literal.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{FFFE}" || $0 == "\u{FFFF}" },
                    "\(text.debugDescription)")
        }
        #expect(JSONEscaping.string("a\u{2028}\u{FFFF}\"") == "\"a\\u2028\\uffff\\\"\"")
        #expect(JSONEscaping.string("a\u{2028}", style: .xcode) == "\"a\u{2028}\"")
    }
}

// MARK: HTML

@Suite struct HTMLEscapingTests {
    /// What HTML can carry of `text`: NUL becomes U+FFFD.
    static func carried(_ text: String) -> [UInt32] { text.unicodeScalars.map { $0 == "\0" ? 0xFFFD : $0.value } }

    /// Every hostile string as element text, in both attribute quotings, as JSON data in a
    /// `<script type="application/json">` (what the preview gives its script) and, all of them
    /// joined, as the `<title>`: Chromium must read back each exactly, and find as many elements
    /// as were written (nothing ended an element early or opened a new one).
    @Test func chromiumReadsBackEveryTextAttributeAndScriptJSON() throws {
        guard let chromium = requireTool("chromium") else { return }
        let folder = try temporaryFolder("html")
        let separator = "\u{2063}|"
        var page = "<!doctype html><html><head><meta charset=\"utf-8\"><title>" + HTMLEscaping.text(hostile.joined(separator: separator))
            + "</title></head><body>\n"
        for text in hostile {
            page += "<p title=\"" + HTMLEscaping.attribute(text) + "\" data-x='" + HTMLEscaping.attribute(text) + "'>"
                + HTMLEscaping.text(text) + "</p>\n"
            page += "<script type=\"application/json\" class=\"d\">" + HTMLEscaping.scriptJSON(JSONEscaping.string(text)) + "</script>\n"
        }
        page += """
        <pre id="out"></pre><script>
        const hex = s => [...s].map(c => c.codePointAt(0).toString(16)).join(' ');
        const data = [...document.querySelectorAll('script.d')].map(s => { try { return hex(JSON.parse(s.textContent)); } catch (e) { return 'bad JSON'; } });
        const rows = [...document.querySelectorAll('p')].map((p, i) => hex(p.title) + '|' + hex(p.dataset.x) + '|' + hex(p.textContent) + '|' + data[i]);
        document.getElementById('out').textContent = rows.length + ' ' + data.length + ' ' + document.querySelectorAll('script').length
            + '\\n' + hex(document.querySelector('title').textContent) + '\\n' + rows.join('\\n');
        </script></body></html>
        """
        try Data(page.utf8).write(to: URL(fileURLWithPath: folder + "/page.html"))
        let result = try run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + folder + "/page.html"])
        #expect(result.status == 0, "\(result.error.prefix(2000))")
        guard let start = result.output.range(of: "<pre id=\"out\">"), let end = result.output.range(of: "</pre>", range: start.upperBound..<result.output.endIndex) else {
            Issue.record("no output from the page: \(result.output.prefix(500))")
            return
        }
        let rows = result.output[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.first == "\(hostile.count) \(hostile.count) \(hostile.count + 1)", "elements were injected or lost")
        #expect(rows.count > 1 && rows[1] == hex(Self.carried(hostile.joined(separator: separator))), "the title")
        for (index, text) in hostile.enumerated() where index + 2 < rows.count {
            let expected = hex(Self.carried(text))
            #expect(rows[index + 2] == expected + "|" + expected + "|" + expected + "|" + hex(text.unicodeScalars.map(\.value)),
                    "string \(index): \(text.debugDescription)")
        }
    }

    /// The script data escape, exactly (the Chromium test above judges what it means).
    @Test func scriptJSONCannotCloseOrReopenTheScript() {
        let json = JSONEscaping.string("</script><!--<script>&\u{2028}\u{2029}")
        let escaped = HTMLEscaping.scriptJSON(json)
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("&"))
        #expect(escaped == #""\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026\u2028\u2029""#)
        // What JSONEscaping already wrote is not touched: JSON without those characters is kept.
        #expect(HTMLEscaping.scriptJSON(#"{"a":["b",1]}"#) == #"{"a":["b",1]}"#)
        // Raw U+2028 (as the Xcode style writes it) is escaped too.
        #expect(HTMLEscaping.scriptJSON("\"a\u{2028}b\"") == #""a\u2028b""#)
    }
}
