import Testing
@testable import SpeakablePreview

@Suite struct EscapingTests {
    @Test func textAndAttributesAreEscapedForTheirContext() {
        #expect(HTMLEscaping.text("3 < 4 & <b>x</b>") == "3 &lt; 4 &amp; &lt;b&gt;x&lt;/b&gt;")
        #expect(HTMLEscaping.text("say \"hi\" 'there'") == "say \"hi\" 'there'")
        #expect(HTMLEscaping.attribute("say \"hi\" 'there'") == "say &quot;hi&quot; &#39;there&#39;")
        #expect(HTMLEscaping.text("a\r\nb") == "a&#13;\nb")
        #expect(HTMLEscaping.text("nul\u{0}") == "nul\u{FFFD}")
        #expect(HTMLEscaping.text("빈칸, 선택됨") == "빈칸, 선택됨")
    }

    @Test func jsonInAScriptCannotCloseOrReopenIt() {
        let json = #"{"t":"</script><!--<script>&\#u{2028}\#u{2029}"}"#
        let escaped = HTMLEscaping.scriptJSON(json)
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("&"))
        #expect(!escaped.unicodeScalars.contains("\u{2028}") && !escaped.unicodeScalars.contains("\u{2029}"))
        #expect(escaped == #"{"t":"\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026\u2028\u2029"}"#)
    }
}
