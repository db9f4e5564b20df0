import SpeakableDiagnostics
@testable import SpeakablePlatformFormats
import Testing
import SpeakableTestSupport

@Suite struct AndroidTests {
    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func readsDeskClockWithPluralsPlaceholdersAndComments() throws {
        let result = AndroidResourceReader.read(try testCatalog("DeskClock_values_strings.xml"), file: "res/values/strings.xml")
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.rendered) == [])
        let file = try #require(result.file)
        #expect(file.locale == nil)
        let label = try #require(file["app_label"])
        #expect(label.value?.text == "Clock")
        #expect(label.comment == "Label shown on launcher icon\nLabel for the this application displayed on-screen when this application must be represented to the user.")
        let snooze = try #require(file["alarm_alert_snooze_set"])
        #expect(snooze.kind == .plurals)
        #expect(snooze.items.map(\.quantity) == ["one", "other"])
        #expect(snooze.items.map(\.value.text) == ["Snoozing for 1 minute.", "Snoozing for %d minutes."])
        let messages = file.messages(defaultLocale: "en")
        let missed = try #require(messages.first { $0.key == "alarm_missed_text" })
        #expect(missed.locale == "en")
        #expect(missed.text?.value == "%1$s - %2$s")
        #expect(missed.argumentNames == [1: "alarm_time", 2: "alarm_label"])
        let minutesSeconds = try #require(messages.first { $0.key == "timer_notifications_minutes_seconds" })
        // `%2$s`, a space, then " %4$s" inside a placeholder: the two spaces collapse to one.
        #expect(minutesSeconds.text?.value == "%2$s %4$s %3$s")
        #expect(minutesSeconds.argumentNames == [2: "MINUTES", 4: "SECONDS", 3: "REMAINING"])
        #expect(messages.first { $0.key == "alarm_alert_snooze_set" }?.argumentNames == [1: "minutes"])
        // String arrays are resources, not messages.
        #expect(file.resources.contains { $0.kind == .stringArray })
        #expect(!messages.contains { message in file[message.key]?.kind == .stringArray })
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func readsQuotedKoreanStringsAndTheLocaleFromTheFolder() throws {
        let result = AndroidResourceReader.read(try testCatalog("DeskClock_values-ko_strings.xml"), file: "res/values-ko/strings.xml")
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.rendered) == [])
        let file = try #require(result.file)
        #expect(file.locale == "ko")
        #expect(file["app_label"]?.value?.text == "시계")
        #expect(file["alarm_missed_text"]?.value?.text == "%1$s - %2$s")
        #expect(file["alarm_missed_text"]?["msgid"] == "6585658367289194023")
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func readsSoundscapeEscapesAndTranslatableFalse() throws {
        let result = AndroidResourceReader.read(try testCatalog("Soundscape-Android_values_strings.xml"), file: "strings.xml")
        let file = try #require(result.file)
        let notices = try #require(file["copyright_notices"])
        #expect(!notices.isTranslatable)
        #expect(notices.value?.text.hasPrefix("Soundscape wouldn't be possible") == true)
        #expect(file.messages(defaultLocale: "en").count == file.resources.filter { $0.kind == .string }.count)
    }

    @Test(arguments: [
        "Plain", "Don't", "say \"hi\"", "back\\slash", "@string/not_a_reference", "?attr", "a@b?c", "line\nbreak\ttab",
        "  leading", "trailing  ", "two  spaces", "Tom & Jerry <3>", "100%", "한국어 '따옴표'", "😀 emoji", "",
        "ends with backslash\\", "\"", "'", " ",
    ])
    func escapingRoundTripsThroughTheReader(text: String) throws {
        let xml = AndroidResourceWriter.text([.string(name: "s", value: text)])
        let result = AndroidResourceReader.read(Array(xml.utf8), file: "strings.xml")
        #expect(result.diagnostics.isEmpty)
        #expect(result.file?["s"]?.value?.text == text)
    }

    @Test func decodesAsAapt2Does() throws {
        let xml = #"""
        <resources>
            <string name="a">  Hello
                world  </string>
            <string name="b">"  kept  "  and \u0041\n</string>
            <string name="c">It's</string>
            <string name="d"><b>Bold</b> and <xliff:g id="n" example="3">%1$d</xliff:g></string>
        </resources>
        """#
        let result = AndroidResourceReader.read(Array(xml.utf8), file: "res/values-b+sr+Latn/strings.xml")
        let file = try #require(result.file)
        #expect(file.locale == "sr-Latn")
        #expect(file["a"]?.value?.text == "Hello world")
        #expect(file["b"]?.value?.text == "  kept   and A\n")
        #expect(file["c"]?.value?.text == "It's")
        #expect(result.diagnostics.map(\.id) == ["android-unescaped-apostrophe"])
        #expect(result.diagnostics.first?.position == SourcePosition(line: 5, column: 22))
        #expect(file["d"]?.value?.text == "Bold and %1$d")
        #expect(file["d"]?.value?.hasMarkup == true)
        #expect(file["d"]?.value?.placeholders.first?.example == "3")
    }

    @Test func badResourcesAreDiagnosed() {
        let xml = """
        <resources>
            <string>no name</string>
            <plurals name="p"><item quantity="several">x</item><item quantity="one">a</item><item quantity="one">b</item></plurals>
            <string name="p">a string and a plurals may share a name</string>
            <string name="p">but two strings may not</string>
        </resources>
        """
        let ids = AndroidResourceReader.read(Array(xml.utf8), file: "s.xml").diagnostics.map(\.id)
        #expect(ids == ["android-missing-name", "android-bad-quantity", "android-duplicate-quantity", "android-duplicate-name"])
        #expect(AndroidResourceReader.read(Array("<foo/>".utf8), file: "s.xml").diagnostics.map(\.id) == ["android-not-resources"])
    }

    @Test(arguments: [
        ("en", "values-en"), ("ko", "values-ko"), ("pt-BR", "values-pt-rBR"), ("sr-Latn", "values-b+sr+Latn"),
        ("he", "values-iw"), ("id", "values-in"), ("yi", "values-ji"), ("he-IL", "values-iw-rIL"),
        ("es-419", "values-b+es+419"), ("fil", "values-b+fil"), ("zh-Hant-TW", "values-b+zh+Hant+TW"),
    ])
    func qualifiersRoundTrip(tag: String, folder: String) {
        #expect(AndroidQualifiers.valuesFolder(for: tag) == folder)
        #expect(AndroidQualifiers.localeTag(forValuesFolder: folder) == tag)
    }

    @Test func foldersWithoutALocale() {
        #expect(AndroidQualifiers.localeTag(forValuesFolder: "values") == nil)
        #expect(AndroidQualifiers.localeTag(forValuesFolder: "values-night") == nil)
        #expect(AndroidQualifiers.localeTag(forValuesFolder: "values-v21") == nil)
        #expect(AndroidQualifiers.localeTag(forValuesFolder: "values-mcc310-en-rUS") == "en-US")
        #expect(AndroidQualifiers.localeTag(forValuesFolder: "values-ko-night") == "ko")
    }
}

/// Cut and damaged copies of the real catalogs: each read ends in diagnostics (with positions)
/// or a model — never a crash, never a silent empty result for a file that lost its end.
@Suite(.enabled(if: catalogsDirectory != nil, testDataNote))
struct DamagedInputTests {
    static let files = ["CotEditor_CommandBar.xcstrings", "DeskClock_values_strings.xml", "moz-l10n_xcode26-xcstrings.xliff",
                        "xcstrings-tool_Substitution.xcstrings"]

    static func read(_ name: String, _ bytes: [UInt8]) -> (parsed: Bool, diagnostics: [Diagnostic]) {
        if name.hasSuffix(".xcstrings") {
            let r = XCStringsReader.read(bytes, file: name)
            return (r.catalog != nil, r.diagnostics)
        }
        if name.hasSuffix(".xml") {
            let r = AndroidResourceReader.read(bytes, file: name)
            return (r.file != nil, r.diagnostics)
        }
        let r = XLIFFReader.read(bytes, file: name)
        return (r.document != nil, r.diagnostics)
    }

    @Test(arguments: files)
    func truncatedFilesAreErrorsWithPositions(name: String) throws {
        let bytes = try testCatalog(name)
        for step in 1..<40 {
            let cut = Array(bytes.prefix(bytes.count * step / 40))
            let errors = Self.read(name, cut).diagnostics.filter { $0.severity == .error }
            #expect(!errors.isEmpty, "cut at \(cut.count) bytes read without an error")
            #expect(errors.allSatisfy { $0.position != nil && $0.file == name })
        }
    }

    /// Damaged bytes give a model or errors that say where — each error with a file position.
    @Test(arguments: files)
    func damagedBytesGiveAModelOrPositionedErrors(name: String) throws {
        let bytes = try testCatalog(name)
        var generator = SplitMix(seed: 42)
        for _ in 0..<200 {
            var damaged = bytes
            for _ in 0..<3 {
                let index = Int(generator.next() % UInt64(damaged.count))
                damaged[index] = [0x7B, 0x7D, 0x3C, 0x3E, 0x22, 0x26, 0x25, 0x5C, 0x00, 0xFF][Int(generator.next() % 10)]
            }
            let (parsed, diagnostics) = Self.read(name, damaged)
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(parsed || !errors.isEmpty)
            #expect(errors.allSatisfy { $0.position != nil })
        }
    }
}

/// Which `<string>` names are TalkBack click labels, by patterns with `*`.
@Suite struct AndroidClickLabelsTests {
    @Test func defaultNamesAreAccessibilityHints() {
        let labels = AndroidClickLabels()
        #expect(labels.matches("ui_action_button_my_location_acc_hint"))
        #expect(labels.matches("search_button_markers_accessibility_hint"))
        #expect(labels.matches("play_a11y_hint"))
        #expect(labels.matches("_acc_hint"))
        #expect(!labels.matches("acc_hint"))
        #expect(!labels.matches("search_podcast_hint"))
        #expect(!labels.matches("ui_acc_hint_title"))
    }

    @Test func patternsMatchWhole() {
        let suffix = AndroidClickLabels(patterns: ["*_hint"])
        #expect(suffix.matches("name_hint") && suffix.matches("_hint") && suffix.matches("ñ_hint"))
        #expect(!suffix.matches("hint") && !suffix.matches("name_hints"))
        let around = AndroidClickLabels(patterns: ["btn_*_label"])
        #expect(around.matches("btn_play_label") && around.matches("btn__label"))
        #expect(!around.matches("btn_label") && !around.matches("xbtn_play_label"))
        let middle = AndroidClickLabels(patterns: ["*_a*b_*"])
        #expect(middle.matches("x_a1b_y") && middle.matches("_ab_"))
        #expect(!middle.matches("x_b_a_y") && !middle.matches("_a_"))
        let exact = AndroidClickLabels(patterns: ["exact", "*_action"])
        #expect(exact.matches("exact") && exact.matches("play_action"))
        #expect(!exact.matches("exactly") && !exact.matches("an_exact"))
        #expect(AndroidClickLabels(patterns: []).matches("name_acc_hint") == false)
    }
}

/// A resource's comment reaches Java: `aapt2 link --java` copies it into the Javadoc of `R.java`,
/// where `*/` ends the comment and `\u` is a Unicode escape even inside a comment.
@Suite struct AndroidResourceCommentTests {
    @Test func commentsCannotEndOrEscapeTheJavadocAapt2CopiesThemInto() {
        #expect(AndroidResourceWriter.resourceComment("a */ class X {} /*") == "a * / class X {} /*")
        #expect(AndroidResourceWriter.resourceComment(#"\u002a/ ends it"#) == #"\\u002a/ ends it"#)
        // An even run stays as it is (it escapes nothing); an odd run before `u` is made even.
        #expect(AndroidResourceWriter.resourceComment(#"\\u0041 \\\u0041 \n"#) == #"\\u0041 \\\\u0041 \n"#)
        // Hidden characters are shown as \u{…}, which Java would read as a broken escape.
        #expect(AndroidResourceWriter.resourceComment("bom \u{FEFF}") == #"bom \\u{FEFF}"#)
        let file = AndroidResourceWriter.text([.string(name: "a", value: "A", comment: "*/ x \\u0022")])
        #expect(file.contains("<!-- * / x \\\\u0022 -->"))
    }
}
