import FoundationEssentials
import SpeakableCatalog
import SpeakableCompiler
import SpeakablePlatformFormats
import Testing

/// What the platform file says of each argument — its position, its type, which one a plural
/// selects on — survives import, an edit of the ICU text, and compiling back.
@Suite struct ImportedArgumentsTests {
    static let header = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"

    /// A project made as `init` makes it, with `values*/strings.xml` files written and imported.
    static func project(_ name: String, locales: [String], files: [String: String]) throws -> String {
        let root = try temporaryDirectory(name)
        try write(#"{"sourceLocale": "en", "targetLocales": [\#(locales.map { "\"\($0)\"" }.joined(separator: ", "))]}"#,
                  to: root + "/speakable.json")
        var paths: [String] = []
        for (folder, body) in files.sorted(by: { $0.key < $1.key }) {
            let path = root + "/res/\(folder)/strings.xml"
            try write(header + "<resources>\n" + body + "\n</resources>\n", to: path)
            paths.append(path)
        }
        try importInto(root, paths)
        return root
    }

    /// Replaces a translation's ICU text, as a translator's edit would.
    static func edit(_ root: String, locale: String, table: String = "strings", key: String, to icu: String) throws {
        let path = root + "/Locales/\(locale)/\(table).json"
        var text = try #require(read(path))
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"\(key)\":") })
        text = text.replacing(String(line), with: "  \"\(key)\": \"\(icu)\"" + (line.hasSuffix(",") ? "," : ""))
        try write(text, to: path)
    }

    @Test func aFloatIsStillAFloatAfterAnEdit() throws {
        let root = try Self.project("float", locales: ["ru"], files: [
            "values": #"<string name="preset_already_exists">%1$.2fx is already saved.</string>"#,
            "values-ru": #"<string name="preset_already_exists">%1$.2fx уже есть.</string>"#,
        ])
        let template = try #require(ProjectLoader.load(directory: root)[table: "strings"]?["preset_already_exists"])
        #expect(template.source.text == "{arg1, number, ::.00 group-off rounding-mode-half-up}x is already saved.")
        try Self.edit(root, locale: "ru", key: "preset_already_exists",
                      to: "{arg1, number, ::.00 group-off rounding-mode-half-up}x: такая заготовка уже есть.")
        for convertAll in [false, true] {
            let files = compile(root) {
                $0.outputs = [.android]
                $0.reuseOriginalValues = !convertAll
            }
            #expect(files["android/res/values-ru/strings.xml"]?.contains(#"<string name="preset_already_exists">%1$.2fx: такая заготовка уже есть.</string>"#) == true,
                    "\(files["android/res/values-ru/strings.xml"] ?? "")")
            #expect(files["android/res/values/strings.xml"]?.contains(#">%1$.2fx is already saved.</string>"#) == true)
        }
    }

    /// A translator's edit that the platform cannot print as written (`{arg1, number}`, `{arg1}`
    /// for the app's float) would be passed as text — an argument `getString(id, speed)` does
    /// not pass (Java: MissingFormatArgumentException). Compile refuses it, and so does the
    /// validation `check` runs, naming the form the source writes.
    @Test func anEditThatWouldAddAnArgumentTheAppDoesNotPassIsAnError() throws {
        for edited in ["{arg1, number}x уже сохранено.", "{arg1}x уже сохранено."] {
            let root = try Self.project("float-edit", locales: ["ru"], files: [
                "values": #"<string name="preset_already_exists">%1$.2fx is already saved.</string>"#,
                "values-ru": #"<string name="preset_already_exists">%1$.2fx уже есть.</string>"#,
            ])
            try Self.edit(root, locale: "ru", key: "preset_already_exists", to: edited)
            let project = ProjectLoader.load(directory: root)
            for convertAll in [false, true] {
                var options = CompileOptions()
                options.outputs = [.android]
                options.reuseOriginalValues = !convertAll
                let result = CatalogCompiler.compile(project, options: options)
                let errors = result.diagnostics.filter { $0.severity == .error }
                #expect(errors.map(\.id) == ["catalog-imported-arguments"], "\(edited): \(result.diagnostics.map(\.rendered))")
                #expect(errors.first?.file?.hasSuffix("Locales/ru/strings.json") == true)
                #expect(errors.first?.hint == "write it as the source does, {arg1, number, ::.00 group-off rounding-mode-half-up}, which the platform prints")
                #expect(result.files.isEmpty)
                let validated = CatalogCompiler.validate(project, options: options)
                #expect(validated.map(\.id) == ["catalog-imported-arguments"], "check reports what compile refuses")
            }
        }
    }

    /// Hebrew's `many` (20, 30, … before CLDR 42) is what Android 13 and older show: converting
    /// keeps the item, though ICU 72 no longer selects it.
    @Test func convertingKeepsHebrewManyForOlderReleases() throws {
        let root = try Self.project("hebrew", locales: ["he"], files: [
            "values": #"<plurals name="days"><item quantity="one">%d day</item><item quantity="other">%d days</item></plurals>"#,
            "values-iw": #"<plurals name="days"><item quantity="one">יום %d</item><item quantity="two">יומיים</item><item quantity="many">%d יום</item><item quantity="other">%d ימים</item></plurals>"#,
        ])
        let files = compile(root) {
            $0.outputs = [.android]
            $0.reuseOriginalValues = false
        }
        let hebrew = try #require(files["android/res/values-iw/strings.xml"], "\(files.keys.sorted())")
        #expect(hebrew.contains(#"<item quantity="many">%1$d יום</item>"#), "\(hebrew)")
        #expect(hebrew.contains(#"<item quantity="two">"#))
    }

    @Test func aPluralSelectsOnTheSourcesArgumentInEveryLocale() throws {
        let root = try Self.project("selector", locales: ["ja"], files: [
            "values": #"<plurals name="fetching"><item quantity="one">Fetching %1$d of %2$d</item><item quantity="other">Fetching %1$d of %2$d</item></plurals>"#,
            "values-ja": #"<plurals name="fetching"><item quantity="other">%2$d 件中 %1$d件を取得中</item></plurals>"#,
        ])
        let project = ProjectLoader.load(directory: root)
        #expect(project[table: "strings"]?["fetching"]?.source.text.hasPrefix("{arg1, plural,") == true)
        let japanese = try #require(project[table: "strings"]?.locales["ja"]?.translations.first { $0.key == "fetching" })
        #expect(japanese.source.text == "{arg1, plural, other {{arg2, number, ::group-off} 件中 {arg1, number, ::group-off}件を取得中}}")
        let files = compile(root) {
            $0.outputs = [.android]
            $0.reuseOriginalValues = false
        }
        let ja = try #require(files["android/res/values-ja/strings.xml"])
        #expect(ja.contains(#"<plurals name="fetching">"#) && !ja.contains(#"<string name="fetching"#), "\(ja)")
        #expect(ja.contains("%2$d 件中 %1$d件を取得中"))
    }

    /// Every locale without a folder of its own reads `values/` with its own plural rules: an
    /// English `zero` item is what Arabic users see at 0, so converting keeps it there (and only
    /// there: a translation's folder is read by its own language).
    @Test func aCategoryAnotherLocaleReachesIsKeptInTheDefaultFolder() throws {
        let root = try Self.project("zero", locales: ["ar", "de"], files: [
            "values": #"<plurals name="exceeds"><item quantity="zero">The queue is empty.</item><item quantity="one">Only %d episode.</item><item quantity="other">Only %d episodes.</item></plurals>"#,
            "values-de": #"<plurals name="exceeds"><item quantity="one">Nur %d Folge.</item><item quantity="other">Nur %d Folgen.</item></plurals>"#,
        ])
        let files = compile(root) {
            $0.outputs = [.android]
            $0.reuseOriginalValues = false
        }
        let english = try #require(files["android/res/values/strings.xml"])
        #expect(english.contains(#"<item quantity="zero">The queue is empty.</item>"#), "\(english)")
        let german = try #require(files["android/res/values-de/strings.xml"])
        #expect(!german.contains(#"quantity="zero""#))
    }

    /// Style markup is no ICU: it goes around the text it held wherever the converted (or
    /// edited) text still has that text once; what an edit took away is a warning.
    @Test func markupSurvivesAConversionAndAnEditThatKeepsItsText() throws {
        let root = try Self.project("markup", locales: ["ko"], files: [
            "values": #"<string name="styled">Tap <b>here</b> to <i>start</i></string>"#,
            "values-ko": #"<string name="styled"><b>여기</b>를 눌러 <i>시작</i></string>"#,
        ])
        var files = compile(root) {
            $0.outputs = [.android]
            $0.reuseOriginalValues = false
        }
        #expect(files["android/res/values/strings.xml"]?.contains(#"<string name="styled">Tap <b>here</b> to <i>start</i></string>"#) == true,
                "\(files["android/res/values/strings.xml"] ?? "")")
        try Self.edit(root, locale: "ko", key: "styled", to: "여기를 눌러 바로 시작하세요")
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: {
            var options = CompileOptions()
            options.outputs = [.android]
            return options
        }())
        files = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
        #expect(files["android/res/values-ko/strings.xml"]?.contains(#"<string name="styled"><b>여기</b>를 눌러 바로 <i>시작</i>하세요</string>"#) == true,
                "\(files["android/res/values-ko/strings.xml"] ?? "")")
        #expect(!result.diagnostics.contains { $0.id == "catalog-markup-lost" })
        try Self.edit(root, locale: "ko", key: "styled", to: "여기를 누르세요")
        let lost = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: {
            var options = CompileOptions()
            options.outputs = [.android]
            return options
        }())
        #expect(lost.diagnostics.filter { $0.id == "catalog-markup-lost" }.map(\.message)
                == ["'styled' (ko): the edited text no longer holds what <i> marked up, once; that markup is not written"])
        let ko = Dictionary(uniqueKeysWithValues: lost.files.map { ($0.path, $0.contents) })["android/res/values-ko/strings.xml"]
        #expect(ko?.contains(#"<string name="styled"><b>여기</b>를 누르세요</string>"#) == true, "\(ko ?? "")")
    }

    /// `<resources tools:ignore="MissingTranslation">` is Lint's setting for the whole file: kept
    /// by import and written back on the compiled file's `<resources>`.
    @Test func theResourcesElementKeepsItsLintSettings() throws {
        let root = try temporaryDirectory()
        try write(#"{"sourceLocale": "en", "targetLocales": ["de"]}"#, to: root + "/speakable.json")
        let path = root + "/res/values/strings.xml"
        try write(#"<?xml version="1.0" encoding="utf-8"?><resources xmlns:tools="http://schemas.android.com/tools" tools:ignore="MissingTranslation"><string name="a">A</string></resources>"#,
                  to: path)
        try importInto(root, [path])
        for convertAll in [false, true] {
            let files = compile(root) {
                $0.outputs = [.android]
                $0.reuseOriginalValues = !convertAll
            }
            #expect(files["android/res/values/strings.xml"]?.contains(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:ignore="MissingTranslation">"#) == true)
        }
    }

    /// Markup kept in `.speakable/<table>.platform.json` that a hand edit renamed (`<string
    /// name="app_name">` kept for message `ent`) is not written — aapt2 would take it for
    /// another resource — and the compile says so, naming the message and both names.
    @Test func keptMarkupThatRenamesTheResourceIsNotWrittenAndSaid() throws {
        let root = try Self.project("renamed", locales: [], files: ["values": #"<string name="ent"><b>Fun</b> and games</string>"#])
        let path = root + "/.speakable/strings.platform.json"
        let metadata = try #require(read(path))
        #expect(metadata.contains(#"<string name=\"ent\">"#))
        try write(metadata.replacing(#"<string name=\"ent\">"#, with: #"<string name=\"app_name\">"#), to: path)
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: { var o = CompileOptions(); o.outputs = [.android]; return o }())
        #expect(!result.hasErrors)
        let warnings = result.diagnostics.filter { $0.id == "metadata-invalid" }
        #expect(warnings.map(\.severity) == [.warning])
        #expect(warnings.first?.message
            == #"'ent' (en): the kept markup is <string name="app_name">, not the message's <string name="ent">; it is not written (the message's text is)"#)
        #expect(warnings.first?.file == path)
        let strings = try #require(result.files.first { $0.path == "android/res/values/strings.xml" }?.contents)
        #expect(strings.contains(#"<string name="ent">"#) && !strings.contains("app_name"), "\(strings)")
        // As imported, the markup is written back without a word.
        try write(metadata, to: path)
        let clean = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: { var o = CompileOptions(); o.outputs = [.android]; return o }())
        #expect(clean.diagnostics.filter { $0.id == "metadata-invalid" }.isEmpty)
        #expect(clean.files.first { $0.path == "android/res/values/strings.xml" }?.contents.contains(#"<string name="ent"><b>Fun</b> and games</string>"#) == true)
    }
}
