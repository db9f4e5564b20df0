@testable import PlatformDifferentialKit
import Testing

/// The round trip's own parts, each shown to catch what it is there to catch: the argument kinds
/// read from Java format strings, String Catalog texts compared by meaning, Android folder names,
/// and the before/after rendering over two linked `res/` folders with planted defects.
@Suite struct RoundTripHarnessTests {
    @Test func javaSpecifiersGiveTheArgumentKinds() {
        typealias K = JavaFormatSpecifiers.Kind
        #expect(JavaFormatSpecifiers("%1$.2fx is already saved").argumentKinds == [1: K.floating])
        #expect(JavaFormatSpecifiers("%d of %s").argumentKinds == [1: K.integer, 2: K.any])
        #expect(JavaFormatSpecifiers("%2$s has %1$d new").argumentKinds == [1: K.integer, 2: K.any])
        // Ordinary indices count on past explicit ones; `<` reuses the previous argument.
        #expect(JavaFormatSpecifiers("%2$s %s %s %<d").argumentKinds == [1: K.any, 2: K.integer])
        #expect(JavaFormatSpecifiers("%1$tY-%1$tm").argumentKinds == [1: K.date])
        #expect(JavaFormatSpecifiers("%c%,d").argumentKinds == [1: K.character, 2: K.integer])
        #expect(JavaFormatSpecifiers("%05d %-8s %+.1e").argumentKinds == [1: K.integer, 2: K.any, 3: K.floating])
        // The stricter kind wins where two specifiers read one argument.
        #expect(JavaFormatSpecifiers(["%1$s star", "%1$d stars"]).argumentKinds == [1: K.integer])
        // Plural items are read one by one: `%d` in each is the first argument.
        #expect(JavaFormatSpecifiers(["%d episode", "%d episodes"]).argumentKinds == [1: K.integer])
        // No argument: getString(id), the text as is.
        #expect(!JavaFormatSpecifiers("100%% sure%n").readsArguments)
        #expect(!JavaFormatSpecifiers("Save 50").readsArguments)
        #expect(JavaFormatSpecifiers("50% off").malformed == 0) // "% o" is flag ' ' and %o
        #expect(JavaFormatSpecifiers("100%").malformed == 1)
        #expect(JavaFormatSpecifiers("%y").malformed == 1)
    }

    /// The kinds read from a format are what openjdk's `String.format` accepts: the arguments
    /// built from them format without an exception, and a `String` in place of any integer,
    /// floating-point, character or date argument throws.
    @Test func argumentKindsAreWhatJavaAccepts() throws {
        guard let tools = androidTools() else { return }
        let root = try scratchDirectory("roundtrip-kinds")
        defer { Files.remove(root) }
        let formats = ["%1$.2fx saved", "%d of %d", "%2$s has %1$d new", "%s %<S %<b %<h", "%2$s %s %s %<d", "%1$tY-%1$tm-%1$td %1$TB",
                       "%c%C %,d %(,.2f", "%05d %-8s|%+.1e %x %o %X %a %g %E", "%1$d%% done%n", "%3$s %1$s", "%1$,d %1$s %1$x"]
        func request(_ format: String, _ args: String) -> String {
            "{\"id\": 0, \"locale\": \"en\", \"text\": \(JSONText.string(format)), \"args\": \(args)}"
        }
        var lines: [String] = []
        var broken: [(format: String, position: Int)] = []
        for format in formats {
            let specifiers = JavaFormatSpecifiers(format)
            #expect(specifiers.malformed == 0, "\(format)")
            lines.append(request(format, RoundTripState.arguments(specifiers.argumentKinds, quantity: nil).json))
        }
        for format in formats {
            let kinds = JavaFormatSpecifiers(format).argumentKinds
            for (position, kind) in kinds.sorted(by: { $0.key < $1.key }) where kind != .any {
                var strict = kinds
                strict[position] = .any
                lines.append(request(format, RoundTripState.arguments(strict, quantity: nil).json))
                broken.append((format, position))
            }
        }
        let replies = try tools.run(lines, scratch: root)
        for (index, format) in formats.enumerated() {
            #expect(replies[index].string("out") != nil, "\(format): \(replies[index].text)")
        }
        for (offset, item) in broken.enumerated() {
            let reply = replies[formats.count + offset]
            #expect(reply.string("error")?.hasPrefix("IllegalFormatConversionException") == true,
                    "\(item.format): a String as argument \(item.position) should throw: \(reply.text)")
        }
    }

    @Test func appleTextsCompareBySpecifierMeaning() {
        func same(_ a: String, _ b: String) -> Bool { AppleFormatText(a) == AppleFormatText(b) }
        #expect(same("%lld commands", "%1$lld commands"))
        #expect(same("%lld of %lld", "%1$d of %2$ld"))
        #expect(same("%@ and %@", "%1$@ and %2$@"))
        #expect(same("This %1$@ has %2$#@strings@.", "This %@ has %#@strings@."))
        #expect(same("%arg strings", "%arg strings"))
        #expect(same("100%% sure", "100%% sure"))
        #expect(!same("%lld", "%@"))
        #expect(!same("%.2f", "%f"))
        #expect(!same("%2$@ %1$@", "%1$@ %2$@"))
        #expect(!same("%05lld", "%5lld"))
        #expect(!same("%#@a@", "%#@b@"))
        #expect(!same("a %lld", "a  %lld"))
    }

    @Test func androidFoldersNameLocales() {
        #expect(AndroidFolder.locale(of: "values") == "")
        #expect(AndroidFolder.locale(of: "values-ko") == "ko")
        #expect(AndroidFolder.locale(of: "values-iw") == "he")
        #expect(AndroidFolder.locale(of: "values-in") == "id")
        #expect(AndroidFolder.locale(of: "values-pt-rBR") == "pt-BR")
        #expect(AndroidFolder.locale(of: "values-es-r419") == "es-419")
        #expect(AndroidFolder.locale(of: "values-b+sr+Latn") == "sr-Latn")
        #expect(AndroidFolder.locale(of: "values-fil") == "fil")
        for other in ["values-night", "values-v21", "values-land", "values-car", "values-ko-land", "values-sw600dp", "values-en-rUS-night",
                      "valuesx", "values-KO", "values-b+"] {
            #expect(AndroidFolder.locale(of: other) == nil, "\(other)")
        }
        #expect(AndroidFolder.folder(of: "/x/res/values-ko/strings.xml") == "values-ko")
        #expect(AndroidFolder.folder(of: "/x/DeskClock_values-ko_strings.xml") == "values-ko")
        #expect(AndroidFolder.folder(of: "/x/strings.xml") == "values")
    }

    static let catalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
            "fr" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichier" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichiers" } } } } }
          }
        },
        "device" : {
          "localizations" : { "en" : { "variations" : { "device" : { "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } } } }
        },
        "sub" : {
          "localizations" : { "en" : {
            "stringUnit" : { "state" : "translated", "value" : "%@ has %#@n.things@" },
            "substitutions" : { "n.things" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg thing" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg things" } } } } } }
          } }
        }
      },
      "version" : "1.0"
    }
    """#

    static func shape(_ text: String) throws -> StringCatalogShape {
        try #require(StringCatalogShape(Array(text.utf8)))
    }

    @Test func stringCatalogsCompareByStructureAndMeaning() throws {
        let original = try Self.shape(Self.catalog)
        #expect(original.differences(to: original) == [])
        // Positions written out, and a `many` that says what `other` says: the same meaning.
        let same = Self.catalog.replacing(#""value" : "%lld fichiers" } }"#,
                                          with: #""value" : "%1$lld fichiers" } }, "many" : { "stringUnit" : { "state" : "new", "value" : "%lld fichiers" } }"#)
        #expect(original.differences(to: try Self.shape(same)) == [])
        // A device variation lost.
        let flattened = Self.catalog.replacing(#""variations" : { "device" : { "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } }"#,
                                               with: #""stringUnit" : { "state" : "translated", "value" : "Click" }"#)
        #expect(original.differences(to: try Self.shape(flattened)) == [
            #""device" [en]: added ("Click")"#,
            #""device" [en] device.iphone: missing (was "Tap")"#,
            #""device" [en] device.other: missing (was "Click")"#,
        ])
        // A substitution renamed is said once; a changed specifier is a difference. In a
        // substitution's variation, an integer without a position is its number, as `%arg` is.
        let renamed = Self.catalog.replacing("n.things", with: "n_things").replacing(#""%arg thing""#, with: #""%@ thing""#)
            .replacing(#""%arg things""#, with: #""%lld things""#)
        #expect(original.differences(to: try Self.shape(renamed)) == [
            #""sub" [en] substitution "n.things" is named "n_things""#,
            #""sub" [en] substitutions.n_things.plural.one: "%arg thing" became "%@ thing""#,
        ])
        // A key, a localization and a plural form that says something else.
        let fewer = Self.catalog.replacing(#""value" : "%lld fichier" }"#, with: #""value" : "%@ fichier" }"#).replacing(#""device" :"#, with: #""devices" :"#)
        #expect(original.differences(to: try Self.shape(fewer)) == [
            #"key "device": missing"#,
            #"key "devices": added"#,
            #""%lld files" [fr] plural.one: "%lld fichier" became "%@ fichier""#,
        ])
    }

    @Test func xcodeXLIFFUnitsAreFoundInTheCompiledCatalog() throws {
        let xliff = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext"><body>
            <trans-unit id="%lld files|==|plural.one"><source>%lld file</source><target>%lld fichier</target></trans-unit>
            <trans-unit id="device|==|device.iphone"><source>Tap</source></trans-unit>
            <trans-unit id="sub"><source>%1$@ has %2$#@n.things@</source></trans-unit>
            <trans-unit id="sub|==|substitutions.n.things.plural.other"><source>%2$lld things</source></trans-unit>
            <trans-unit id="gone"><source>Gone</source></trans-unit>
          </body></file>
        </xliff>
        """#
        let units = try #require(XcodeXLIFFUnits(Array(xliff.utf8)))
        #expect(units.units.count == 5)
        #expect(units.targetLanguages == ["fr"])
        let catalog = try Self.shape(Self.catalog)
        #expect(units.differences(to: ["Localizable": catalog]) == [
            #"Localizable "gone" [en]: no such key and localization in the compiled catalog (was "Gone")"#,
        ])
        #expect(units.differences(to: [:]).count == 5)
    }

    /// Two `res/` folders, the second with one planted defect of each kind the round trip
    /// reports, linked by aapt2 and rendered in one JVM: each defect is found, nothing else is.
    @Test func renderingFindsPlantedDefects() throws {
        guard let tools = androidTools() else { return }
        let root = try scratchDirectory("roundtrip-planted")
        defer { Files.remove(root) }
        let original = #"""
        <resources>
            <string name="plain">100%% sure</string>
            <string name="preset">%1$.2fx is saved.</string>
            <string name="greeting">Hello %1$s, %2$d new</string>
            <string name="kept">Kept</string>
            <string name="gone">Gone</string>
            <string name="styled">Tap <b>here</b></string>
            <plurals name="left">
                <item quantity="zero">No %1$d left</item>
                <item quantity="one">%1$d left</item>
                <item quantity="other">Only %1$d left</item>
            </plurals>
            <plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals>
            <string-array name="days"><item>Mon</item><item>Tue</item></string-array>
        </resources>
        """#
        let compiled = original
            .replacing("100%% sure", with: "100% sure")                       // raw text changed
            .replacing("%1$.2fx", with: "%1$,dx")                             // a double given to %d
            .replacing("<item quantity=\"zero\">No %1$d left</item>", with: "") // an item Arabic shows at 0
            .replacing("<string name=\"gone\">Gone</string>", with: "")       // a resource gone
            .replacing("<item>Tue</item>", with: "<item>Tuesday</item>")
            .replacing("Tap <b>here</b>", with: "Tap here")                   // markup lost
        let korean = #"<resources><string name="kept">유지</string><plurals name="files"><item quantity="other">파일 %d개</item></plurals></resources>"#
        // Arabic translates the plural as a <string>: aapt2 drops it from the original; the
        // compiled one is a <plurals>, so Arabic users see their language (recovered, not a failure).
        let arabic = #"<resources><string name="files">%d ملفات</string></resources>"#
        let arabicCompiled = #"<resources><plurals name="files"><item quantity="other">%d ملفات</item></plurals></resources>"#
        // The compiled Korean file writes the plural as a <string>: aapt2 drops it, Korean falls back.
        let koreanCompiled = #"<resources><string name="kept">유지</string><string name="files">파일 %d개</string></resources>"#
        try writeFiles([
            "before/res/values/strings.xml": original, "before/res/values-ko/strings.xml": korean,
            "after/res/values/strings.xml": compiled, "after/res/values-ko/strings.xml": koreanCompiled,
            "before/res/values-ar/strings.xml": arabic, "after/res/values-ar/strings.xml": arabicCompiled,
        ], under: root)
        let (before, beforeMessages) = try tools.link(res: root + "/before/res", scratch: try Self.directory(root + "/lb"))
        let (after, afterMessages) = try tools.link(res: root + "/after/res", scratch: try Self.directory(root + "/la"))
        #expect(beforeMessages.count == 1 && beforeMessages.first?.contains("string/files without required default value") == true, "\(beforeMessages)")
        #expect(afterMessages.count == 1 && afterMessages.first?.contains("string/files without required default value") == true, "\(afterMessages)")

        let state = RoundTripState(input: RoundTripInput(name: "planted", files: []), scratch: root + "/state", speakable: "/nonexistent",
                                   options: RoundTripOptions())
        state.report.sourceLocale = "en"
        state.report.locales = ["ar", "ko"]
        state.report.modes = [ModeReport(mode: .convertAll)]
        state.report.originalLinkMessages = beforeMessages
        let renderer = Renderer()
        state.makeCases(original: try #require(before), compiled: [.convertAll: try #require(after)], renderer: renderer)
        renderer.replies = try tools.run(renderer.lines, scratch: root)
        state.compare(renderer)
        let mode = try #require(state.report.modes.first)
        let tally = try #require(mode.android)
        // 6 strings and an array in 3 locales, 2 plurals × 8 quantities in 3 locales.
        #expect(tally.cases == 7 * 3 + 2 * 8 * 3)
        #expect(tally.cases == tally.identical + tally.mismatched + tally.crashes + tally.recovered)
        func found(_ resource: String, _ kind: RoundTripMismatch.Kind) -> [String] {
            mode.mismatches.filter { $0.resource == resource && $0.kind == kind }.map(\.locale)
        }
        #expect(found("string/preset", .crash) == ["en", "ar", "ko"])
        #expect(mode.mismatches.first { $0.resource == "string/preset" }?.after.hasPrefix("crash: IllegalFormatConversionException") == true)
        #expect(found("string/plain", .text) == ["en", "ar", "ko"])
        #expect(mode.mismatches.first { $0.resource == "string/plain" }.map { ($0.before, $0.after) } ?? ("", "") == ("100%% sure", "100% sure"))
        #expect(found("string/gone", .missing) == ["en", "ar", "ko"])
        #expect(found("array/days", .text) == ["en", "ar", "ko"])
        #expect(found("string/styled", .text) == ["en", "ar", "ko"])
        #expect(mode.mismatches.first { $0.resource == "string/styled" }.map { ($0.before, $0.after) } ?? ("", "")
                == ("Tap here ⟨markup: b 4-7⟩", "Tap here"))
        // Only Arabic selects `zero`, only at 0.
        #expect(found("plurals/left", .text) == ["ar n=0"])
        // Korean loses its own plural and shows the English one.
        #expect(found("plurals/files", .text) == RealCatalogRoundTrip.quantities.map { "ko n=\($0)" })
        #expect(mode.mismatches.first { $0.resource == "plurals/files" && $0.locale == "ko n=0" }.map { ($0.before, $0.after) } ?? ("", "")
                == ("파일 0개", "0 files"))
        #expect(found("plurals/files", .recovered) == RealCatalogRoundTrip.quantities.map { "ar n=\($0)" })
        #expect(mode.mismatches.first { $0.resource == "plurals/files" && $0.locale == "ar n=5" }.map { ($0.before, $0.after) } ?? ("", "")
                == ("٥ files", "٥ ملفات"))
        #expect(tally.recovered == 8)
        #expect(tally.crashes == 3)
        #expect(tally.mismatched == mode.mismatches.count - 3 - 8)
        #expect(tally.identical == tally.cases - mode.mismatches.count)
        // The arguments the app passes: a Double for %.2f, a String and an Integer, in order.
        let greeting = try #require(renderer.lines.first { $0.contains("Hello %1$s") })
        #expect(greeting.contains(#""args": [{"str": "Alpha"}, {"int": 56}]"#))
        let preset = try #require(renderer.lines.first { $0.contains("%1$.2fx") })
        #expect(preset.contains(#""args": [{"double": 1234.5}]"#))
        // A source without specifiers is getString(id): no arguments, %% stays.
        #expect(renderer.lines.contains { $0.contains("100%% sure") && !$0.contains("args") })
    }

    static func directory(_ path: String) throws -> String {
        try Files.makeDirectory(path)
        return path
    }
}

/// The round trip's command line.
@Suite struct RoundTripCommandLineTests {
    static var runner: String? {
        let path = (PlatformDifferential.defaultSpeakable() ?? "").deletingLastPathComponent + "/RealCatalogRoundTrip"
        return Files.exists(path) ? path : nil
    }

    @Test func helpAndUsageErrors() throws {
        let runner = try #require(Self.runner, "RealCatalogRoundTrip is built next to speakable")
        let root = try scratchDirectory("roundtrip-cli")
        defer { Files.remove(root) }
        let help = try Subprocess.run([runner, "--help"], scratch: root)
        #expect(help.status == 0)
        #expect(help.outputText.contains("EXAMPLES:") && help.outputText.contains("--res DIR") && help.outputText.contains("--convert-all"))
        try Files.makeDirectory(root + "/empty/values-night")
        for arguments in [["--bogus"], ["--mode", "all"], ["--limit"], ["--limit", "-1"], ["--name", "x"], ["--res", root + "/missing"],
                          ["--res", root + "/empty"]] {
            let result = try Subprocess.run([runner] + arguments, scratch: root)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errorText.hasPrefix("RealCatalogRoundTrip: "), "\(arguments)")
            #expect(result.outputText.isEmpty, "\(arguments)")
        }
        // A file that is no catalog stops the run before anything is compiled.
        try Files.write("x", to: root + "/notes.txt")
        let wrong = try Subprocess.run([runner, "--catalog", root + "/notes.txt"], scratch: root)
        #expect(wrong.status == 1)
        #expect(wrong.errorText.contains("not a catalog"))
    }
}
