import Testing
@testable import SpeakablePreview

/// The page writer escapes through SpeakableEscaping's HTML escaper (property-tested against
/// Chromium in SpeakableEscapingTests): here, that every dynamic value goes through it, in the
/// place it is written.
@Suite struct EscapingTests {
    @Test func textAndAttributesAreEscapedForTheirContext() {
        var page = HTMLWriter()
        page.open("p", ["title": "say \"hi\" 'there' <b>", "data-x": nil, "hidden": ""])
        page.text("3 < 4 & <b>x</b> \"q\"\r\n\u{0}빈칸, 선택됨")
        page.close("p")
        #expect(page.output == "<p title=\"say &quot;hi&quot; &#39;there&#39; &lt;b&gt;\" hidden=\"\">"
            + "3 &lt; 4 &amp; &lt;b&gt;x&lt;/b&gt; &quot;q&quot;&#13;\n\u{FFFD}빈칸, 선택됨</p>")
    }

    @Test func jsonInAScriptCannotCloseOrReopenIt() {
        var page = HTMLWriter()
        page.jsonScript(id: "a\"b", json: #"{"t":"</script><!--<script>&\#u{2028}\#u{2029}"}"#)
        #expect(page.output == #"<script type="application/json" id="a&quot;b">"#
            + #"{"t":"\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026\u2028\u2029"}</script>"#)
    }
}
