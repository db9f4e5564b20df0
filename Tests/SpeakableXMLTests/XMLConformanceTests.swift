import SpeakableDiagnostics
import SpeakableXML
import Testing

/// The reader accepts only what a conforming parser accepts: anything it lets in, Speakable may
/// write back into an Android or XLIFF file as it was. (`XMLReaderConformanceTests` in
/// SpeakablePlatformFormatsTests has libxml2 judge the same kind of documents.)
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
        #expect(XMLReader.read("<r>\u{0}</r>").diagnostics.first?.hint
                == "remove it; an XLIFF 2.0 text can carry it as <cp hex=\"0000\"/> (an Android string cannot hold it at all)")
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
