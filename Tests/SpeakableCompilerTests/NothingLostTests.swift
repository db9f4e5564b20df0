import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import SpeakablePlatformFormats
import Testing

// Issue 8: nothing an imported catalog says is lost on the way through Speakable — or the
// compile says what is dropped.

@Suite struct DoNotTranslateTests {
    /// `shouldTranslate: false` ↔ `translatable="false"` ↔ XLIFF `translate="no"`: one template
    /// field carries it into every format, with or without the metadata file.
    @Test func aStringCatalogsShouldTranslateReachesAndroidAndXLIFF() throws {
        let root = try temporaryDirectory()
        // A project names its target locales (there is no hidden default): Korean, for the XLIFF.
        try write(#"{"targetLocales": ["ko"]}"#, to: root + "/speakable.json")
        try write("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "brand" : { "shouldTranslate" : false, "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "O'Block" } } } },
            "play" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Play" } } } }
          },
          "version" : "1.0"
        }
        """, to: root + "/in/Strings.xcstrings")
        try importInto(root, [root + "/in/Strings.xcstrings"])
        #expect(read(root + "/Templates/Strings.json")?.contains("\"translatable\": false") == true)
        for useMetadata in [true, false] {
            let files = compile(root) {
                $0.outputs = [.android, .xliff, .xcstrings]
                $0.useMetadata = useMetadata
            }
            let android = try value(files["android/res/values/strings.xml"])
            #expect(android.contains(#"<string name="brand" translatable="false">O\'Block</string>"#), "\(android)")
            #expect(!android.contains(#"name="play" translatable"#))
            let xliff = try #require(XLIFFReader.read(Array(try value(files["xliff/ko.xliff"]).utf8), file: "ko.xliff").document)
            #expect(xliff.files.first?.units.map(\.translate) == [false, true])
            let catalog = try #require(XCStringsReader.read(try value(files["xcstrings/Strings.xcstrings"]), file: "s").catalog)
            #expect(catalog["brand"]?.shouldTranslate == false)
        }
    }

    @Test func androidsTranslatableFalseAndXLIFFsTranslateNoComeBack() throws {
        let root = try temporaryDirectory()
        // A project names its target locales (there is no hidden default): Korean, for the XLIFF.
        try write(#"{"targetLocales": ["ko"]}"#, to: root + "/speakable.json")
        try write("""
        <resources>
            <string name="app_name" translatable="false">Soundscape</string>
            <string name="hint">hear about your current location</string>
        </resources>
        """, to: root + "/res/values/strings.xml")
        try importInto(root, [root + "/res/values/strings.xml"])
        let files = compile(root) {
            $0.outputs = [.xcstrings, .xliff]
            $0.useMetadata = false
        }
        let catalog = try #require(XCStringsReader.read(try value(files["xcstrings/strings.xcstrings"]), file: "s").catalog)
        #expect(catalog["app_name"]?.shouldTranslate == false && catalog["hint"]?.shouldTranslate == nil)
        // The XLIFF a translator gets, imported into an empty project, keeps it too.
        let other = try temporaryDirectory("other")
        try write(try value(files["xliff/ko.xliff"]), to: other + "/ko.xliff")
        try importInto(other, [other + "/ko.xliff"])
        let template = try #require(ProjectLoader.load(directory: other)[table: "strings"])
        #expect(template["app_name"]?.translatable == false)
        #expect(template["hint"]?.translatable == true)
    }
}

@Suite struct ReviewStateTests {
    /// xcstrings-tool's Substitution catalog has a `needs_review` translation: converted from
    /// ICU (`--convert-all`) it stays `needs_review`, and XLIFF says so.
    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func needsReviewSurvivesConversionAndXLIFF() throws {
        let root = try temporaryDirectory()
        try importInto(root, [catalogsDirectory! + "/xcstrings-tool_Substitution.xcstrings"])
        let original = try #require(XCStringsReader.read(try contents(catalogsDirectory! + "/xcstrings-tool_Substitution.xcstrings"), file: "o").catalog)
        let states = original.messages.flatMap { message in message.forms.compactMap(\.state).map { "\(message.key) \(message.locale) \($0)" } }
        #expect(states.contains { $0.hasSuffix("needs_review") })
        let files = compile(root) {
            $0.outputs = [.xcstrings, .xliff]
            $0.reuseOriginalValues = false
        }
        let compiled = try #require(XCStringsReader.read(try value(files["xcstrings/xcstrings-tool_Substitution.xcstrings"]), file: "c").catalog)
        for message in original.messages {
            let other = try #require(compiled.messages.first { $0.key == message.key && $0.locale == message.locale })
            #expect(Set(other.forms.compactMap(\.state)) == Set(message.forms.compactMap(\.state)), "\(message.key) \(message.locale)")
        }
    }

    @Test func xcodeXLIFFStatesAndDeviceVariationsReachTheStringCatalog() throws {
        let root = try temporaryDirectory()
        try write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Localizable.xcstrings" source-language="en" target-language="ko" datatype="plaintext">
            <body>
              <trans-unit id="play"><source>Play</source><target state="needs-review-translation">플레이</target></trans-unit>
              <trans-unit id="tap|==|device.iphone"><source>Tap</source><target state="translated">탭</target></trans-unit>
              <trans-unit id="tap|==|device.mac"><source>Click</source><target state="needs-review-translation">클릭</target></trans-unit>
              <trans-unit id="tap|==|device.other"><source>Tap</source><target state="translated">탭</target></trans-unit>
            </body>
          </file>
        </xliff>
        """, to: root + "/in/export.xliff")
        try importInto(root, [root + "/in/export.xliff"])
        let files = compile(root) { $0.outputs = [.xcstrings, .xliff] }
        let catalog = try #require(XCStringsReader.read(try value(files["xcstrings/Localizable.xcstrings"]), file: "c").catalog)
        let play = try #require(catalog.messages.first { $0.key == "play" && $0.locale == "ko" })
        #expect(play.forms.map(\.state) == ["needs_review"])
        let tap = try #require(catalog.messages.first { $0.key == "tap" && $0.locale == "ko" })
        #expect(tap.forms.map(\.path).sorted() == ["device.iphone", "device.mac", "device.other"])
        #expect(tap.forms.first { $0.path == "device.mac" }?.value == "클릭")
        #expect(tap.forms.first { $0.path == "device.mac" }?.state == "needs_review")
        #expect(catalog.messages.first { $0.key == "tap" && $0.locale == "en" }?.forms.map(\.path).sorted()
                == ["device.iphone", "device.mac", "device.other"])
        // XLIFF 2.0 for translators: a valid 2.0 state, Xcode's own in subState.
        let xliff = try #require(XLIFFReader.read(Array(try value(files["xliff/ko.xliff"]).utf8), file: "ko").document)
        let unit = try #require(xliff.files.first?.units.first { $0.id == "play" })
        #expect(unit.state == "translated" && unit.subState == "xcode:needs_review")
    }
}

@Suite(.enabled(if: catalogsDirectory != nil, testDataNote))
struct AndroidFileTests {
    /// DeskClock's license header and its `<skip />` (with the comment before it) come back.
    @Test func deskClocksHeaderAndSkipComeBack() throws {
        let root = try temporaryDirectory()
        try write(try contents(catalogsDirectory! + "/DeskClock_values_strings.xml"), to: root + "/res/values/strings.xml")
        try importInto(root, [root + "/res/values/strings.xml"])
        let text = try value(compile(root) { $0.outputs = [.android] }["android/res/values/strings.xml"])
        #expect(text.contains("Copyright (C) 2016 The Android Open Source Project"))
        #expect(text.components(separatedBy: "<skip />").count - 1 == 2)
        #expect(text.contains("Timer notification: how long from now until timer goes off.") || text.contains("days hours minutes"))
        let parsed = AndroidResourceReader.read(Array(text.utf8), file: "values/strings.xml")
        #expect(!parsed.hasErrors)
    }

    /// --no-metadata drops what the metadata keeps, and says so: positions by name, keys, and
    /// the rest counted.
    @Test func noMetadataSaysWhatItDrops() throws {
        let root = try temporaryDirectory()
        try write(try contents(catalogsDirectory! + "/DeskClock_values_strings.xml"), to: root + "/res/values/strings.xml")
        try importInto(root, [root + "/res/values/strings.xml"])
        let result = compileResult(root) {
            $0.outputs = [.android]
            $0.useMetadata = false
        }
        let warnings = result.diagnostics.filter { $0.id == "compile-metadata-ignored" }
        // "%1$s %3$s": DeskClock's timer notifications skip a position.
        #expect(warnings.contains { $0.message.contains("'timer_notifications_minutes'") && $0.message.contains("%1$ arg1, %2$ MINUTES") })
        #expect(warnings.contains { $0.message.contains("'seconds' → 'seconds.plurals'") })
        #expect(warnings.contains { $0.message.contains("string arrays") && $0.message.contains("file header") })
        #expect(compileResult(root) { $0.outputs = [.android] }.diagnostics.allSatisfy { $0.id != "compile-metadata-ignored" })
    }
}
