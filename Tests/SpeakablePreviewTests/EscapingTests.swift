import Testing
@testable import SpeakablePreview

@Suite struct EscapingTests {
    @Test func textAndAttributesAreEscapedForTheirContext() {
        #expect(PageEscaping.text("3 < 4 & <b>x</b>") == "3 &lt; 4 &amp; &lt;b&gt;x&lt;/b&gt;")
        #expect(PageEscaping.text("say \"hi\" 'there'") == "say \"hi\" 'there'")
        #expect(PageEscaping.attribute("say \"hi\" 'there'") == "say &quot;hi&quot; &#39;there&#39;")
        #expect(PageEscaping.text("a\r\nb") == "a&#13;\nb")
        #expect(PageEscaping.text("nul\u{0}") == "nul\u{FFFD}")
        #expect(PageEscaping.text("빈칸, 선택됨") == "빈칸, 선택됨")
    }

    @Test func jsonInAScriptCannotCloseOrReopenIt() {
        let json = #"{"t":"</script><!--<script>&\#u{2028}\#u{2029}"}"#
        let escaped = PageEscaping.scriptJSON(json)
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("&"))
        #expect(!escaped.unicodeScalars.contains("\u{2028}") && !escaped.unicodeScalars.contains("\u{2029}"))
        #expect(escaped == #"{"t":"\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026\u2028\u2029"}"#)
    }
}
