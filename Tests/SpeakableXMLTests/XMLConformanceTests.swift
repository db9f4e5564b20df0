import Foundation
import SpeakableDiagnostics
import SpeakableTestSupport
import SpeakableXML
import Testing

/// The reader accepts only what a conforming parser accepts: anything it lets in, Speakable may
/// write back into an Android or XLIFF file as it was. libxml2 (`xmllint`) judges the same bytes.
@Suite struct XMLConformanceTests {
    static func rendered(_ source: String) -> [String] {
        XMLReader.read(source, file: "strings.xml").diagnostics.map(\.rendered)
    }

    // MARK: Not XML, refused with the position

    @Test func doubleHyphenInsideACommentIsAnError() {
        #expect(Self.rendered("<resources>\n    <!-- a -- b -->\n</resources>") == [
            "strings.xml:2:12: error: '--' is not allowed inside a comment [xml-syntax]",
        ])
        // `--->` ends a comment with `-`: the `--` is the first two hyphens.
        #expect(Self.rendered("<r><!-- x ---></r>") == ["strings.xml:1:11: error: '--' is not allowed inside a comment [xml-syntax]"])
        #expect(XMLReader.read("<r><!----><!-- - x - --></r>").diagnostics.isEmpty)
    }

    @Test func controlCharacterIsAnError() {
        let result = XMLReader.read("<resources>\n    <string name=\"a\">He\u{1}llo</string>\n</resources>", file: "strings.xml")
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.rendered) == [
            "strings.xml:2:24: error: the control character U+0001 is not allowed in XML 1.0, not even as a reference [xml-invalid-character]",
        ])
        #expect(result.diagnostics.first?.hint == "remove it; an Android string can carry it as \\u0001, an XLIFF 2.0 text as <cp hex=\"0001\"/>")
        // Anywhere: an attribute, a comment, a processing instruction, CDATA, the prolog.
        for source in ["<r a='\u{1F}'/>", "<r><!--\u{8}--></r>", "<r><?p \u{1B}?></r>", "<r><![CDATA[\u{0}]]></r>", "<!--\u{7}--><r/>"] {
            #expect(XMLReader.read(source).diagnostics.map(\.id) == ["xml-invalid-character"], "\(source.debugDescription)")
        }
    }

    @Test func referenceToAControlCharacterIsAnError() {
        #expect(Self.rendered("<resources>\n    <string name=\"a\">He&#1;llo</string>\n</resources>") == [
            "strings.xml:2:24: error: '&#1;' refers to the control character U+0001, which XML 1.0 does not allow, not even as a reference [xml-invalid-character]",
        ])
        #expect(XMLReader.read("<r a='&#x1F;'/>").diagnostics.map(\.id) == ["xml-invalid-character"])
        #expect(Self.rendered("<r>&#xFFFE;</r>") == [
            "strings.xml:1:4: error: '&#xFFFE;' refers to the noncharacter U+FFFE, which XML 1.0 does not allow, not even as a reference [xml-invalid-character]",
        ])
        #expect(Self.rendered("<r>&#xD800;</r>") == [
            "strings.xml:1:4: error: '&#xD800;' refers to the surrogate U+D800, which XML 1.0 does not allow, not even as a reference [xml-invalid-character]",
        ])
        #expect(Self.rendered("<r>&#x110000;</r>") == [
            "strings.xml:1:4: error: '&#x110000;' is past U+10FFFF, the last Unicode code point [xml-invalid-character]",
        ])
        // Only `&#` digits and `&#x` hex digits: no sign, no `X`, not empty.
        for reference in ["&#+65;", "&#-65;", "&#X41;", "&#x;", "&#;", "&#x+41;", "&#6 5;"] {
            #expect(XMLReader.read("<r>\(reference)</r>").diagnostics.map(\.id) == ["xml-syntax"], "\(reference)")
        }
        #expect(XMLReader.read("<r>&#00065;&#x0041;&#9;&#xFFFD;&#x10FFFF;</r>").document?.root.text == "AA\t\u{FFFD}\u{10FFFF}")
    }

    @Test func noncharacterIsAnError() {
        #expect(Self.rendered("<resources>\n    <string name=\"a\">He\u{FFFE}llo</string>\n</resources>") == [
            "strings.xml:2:24: error: the noncharacter U+FFFE is not allowed in XML 1.0, not even as a reference [xml-invalid-character]",
        ])
        #expect(Self.rendered("<r>\u{FFFF}</r>").count == 1)
        // Other noncharacters are XML characters.
        #expect(XMLReader.read("<r>" + String(Unicode.Scalar(0xFDD0)!) + "\u{1FFFE}\u{FFFD}</r>").diagnostics.isEmpty)
    }

    @Test func cdataEndInTextIsAnError() {
        #expect(Self.rendered("<resources>\n    <string name=\"a\">a ]]> b</string>\n</resources>") == [
            "strings.xml:2:24: error: ']]>' is not allowed in text [xml-syntax]",
        ])
        #expect(XMLReader.read("<r>]]</r>").diagnostics.isEmpty)
        #expect(XMLReader.read("<r>]] ></r>").diagnostics.isEmpty)
        #expect(XMLReader.read("<r>]]&gt;</r>").document?.root.text == "]]>")
        #expect(XMLReader.read("<r><![CDATA[]]]]><![CDATA[>]]></r>").document?.root.text == "]]>")
        #expect(XMLReader.read("<r a=']]>'/>").document?.root["a"] == "]]>")
    }

    @Test func namesFollowTheNameProduction() {
        #expect(Self.rendered("<r a\u{D7}='1'/>") == ["strings.xml:1:5: error: '\u{D7}' (U+D7) cannot be part of an XML name [xml-syntax]"])
        #expect(Self.rendered("<\u{B7}a/>") == ["strings.xml:1:2: error: '\u{B7}' (U+B7) cannot start an XML name [xml-syntax]"])
        #expect(XMLReader.read("<이름 값='1'/>").diagnostics.isEmpty)
    }

    @Test func declarationAndProcessingInstructionsFollowTheGrammar() {
        #expect(Self.rendered("  <?xml version=\"1.0\"?><r/>") == [
            "strings.xml:1:3: error: the XML declaration <?xml …?> is allowed only at the very start of the file [xml-syntax]",
        ])
        #expect(Self.rendered("<r><?XmL x?></r>") == [
            "strings.xml:1:4: error: 'XmL' is reserved: a processing instruction cannot be named 'xml' in any case [xml-syntax]",
        ])
        for source in ["<?xml encoding=\"utf-8\"?><r/>", "<?xml version=\"2.0\"?><r/>", "<?xml version=\"1.0\"encoding=\"utf-8\"?><r/>",
                       "<?xml version=\"1.0\" foo=\"x\"?><r/>", "<?xml version=\"1.0\" standalone=\"maybe\"?><r/>",
                       "<?xml version=\"1.0\" encoding=\"utf 8\"?><r/>", "<r><? x?></r>", "<r><?x\u{A0}?></r>",
                       "<!DOCTYPE r><!DOCTYPE r><r/>"] {
            #expect(XMLReader.read(source).diagnostics.map(\.id) == ["xml-syntax"], "\(source)")
        }
        for source in ["<?xml version=\"1.0\"?><r/>", "<?xml version = '1.1' encoding = 'UTF-8' standalone = 'no' ?><r/>",
                       "<?xml version=\"1.0\" encoding=\"us-ascii\"?><r/>", "<r><?x?><?x y?><?xml-stylesheet a?></r>"] {
            #expect(XMLReader.read(source).diagnostics.isEmpty, "\(source)")
        }
        // The reader reads UTF-8: a file in another declared encoding is read wrongly unless ASCII.
        #expect(Self.rendered("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r>\u{E9}</r>") == [
            "strings.xml:1:31: error: the file declares encoding 'ISO-8859-1', but it is read as UTF-8 [xml-unsupported-encoding]",
        ])
    }

    @Test func firstDisallowedCharacterFindsEveryOneAtEveryOffset() {
        for bad in ["\u{0}", "\u{1}", "\u{8}", "\u{B}", "\u{C}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] {
            // Before it, characters that are allowed (some that the word-at-a-time test stops at).
            let allowed: [String] = ["a", "\t", "\n", "\r", "\u{FFFD}", "\u{EFBF}", "é", " "]
            var prefix = ""
            for k in 0..<24 {
                let bytes = Array((prefix + bad + "xyz").utf8)
                #expect(bytes.withUnsafeBufferPointer(XMLReader.firstDisallowedCharacter) == prefix.utf8.count, "\(bad.debugDescription) after \(prefix.debugDescription)")
                prefix += allowed[(k * 5) % allowed.count]
            }
        }
        let clean = Array("a\t\n\r\u{FFFD}\u{EFBF}\u{FEFF}\u{10FFFF}\u{7F}\u{85}한 ".utf8)
        for end in 0...clean.count {
            #expect(Array(clean[..<end]).withUnsafeBufferPointer(XMLReader.firstDisallowedCharacter) == nil)
        }
    }
}

// MARK: The reader against libxml2

extension XMLConformanceTests {
    /// Documents made of hostile pieces, written raw (not escaped) into each place of a
    /// document: whatever the reader accepts, libxml2 accepts. Where there is no `<!DOCTYPE>`
    /// (whose entities the reader reports rather than expands) and no NUL, they also reject the
    /// same documents.
    @Test func acceptsWhatLibxml2AcceptsAndNothingElse() throws {
        guard let xmllint = requireTool("xmllint") else { return }
        let places: [(String) -> String] = [
            { "<r>\($0)</r>" }, { "<r a=\"\($0)\"/>" }, { "<r a='\($0)'/>" }, { "<r><!--\($0)--></r>" }, { "<r><?p \($0)?></r>" },
            { "<r><![CDATA[\($0)]]></r>" }, { "\($0)<r/>" }, { "<r/>\($0)" }, { "<\($0)/>" }, { "<r \($0)/>" },
            { "<?xml version=\"1.0\" encoding=\"utf-8\"?>\($0)<r/>" }, { "<?xml \($0)?><r/>" }, { "<r>\($0)<b>\($0)</b></r>" },
        ]
        var documents: [String] = []
        for (index, text) in HostileStrings.generate(count: 400, seed: 21).enumerated() {
            documents.append(places[index % places.count](text))
            documents.append(places[(index * 7 + 3) % places.count](text))
        }
        // Each piece in each place.
        for piece in HostileStrings.pieces { for place in places { documents.append(place(piece)) } }
        let folder = NSTemporaryDirectory() + "speakable-xml-conformance-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for (index, document) in documents.enumerated() {
            let path = folder + "/d\(index).xml"
            try Data(document.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        // One xmllint run per chunk; a rejected file is named at the start of an error line.
        var rejected = Set<Int>()
        for chunk in stride(from: 0, to: paths.count, by: 500) {
            let result = try run(xmllint, ["--noout", "--nonet"] + paths[chunk..<min(paths.count, chunk + 500)])
            for line in result.error.split(separator: "\n") {
                guard let match = line.firstMatch(of: /\/d(\d+)\.xml:\d+: (parser|namespace) error/), match.output.2 == "parser",
                      let index = Int(match.output.1) else { continue }
                rejected.insert(index)
            }
        }
        var letIn: [String] = []
        var refused: [String] = []
        for (index, document) in documents.enumerated() {
            let read = XMLReader.read(document)
            let accepted = read.document != nil && !read.diagnostics.contains { $0.severity == .error }
            if accepted && rejected.contains(index) { letIn.append(document) }
            // libxml2 takes a NUL byte after the root element for the end of the input.
            if !accepted && !rejected.contains(index) && !document.contains("<!DOCTYPE") && !document.contains("\0") {
                refused.append(document + " — " + (read.diagnostics.first?.message ?? ""))
            }
        }
        #expect(letIn.isEmpty, "libxml2 rejects these, the reader accepts them:\n\(letIn.prefix(20).map(\.debugDescription).joined(separator: "\n"))")
        #expect(refused.isEmpty, "libxml2 accepts these, the reader rejects them:\n\(refused.prefix(20).map(\.debugDescription).joined(separator: "\n"))")
    }
}
