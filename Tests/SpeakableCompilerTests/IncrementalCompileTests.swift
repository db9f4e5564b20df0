import FoundationEssentials
import SpeakableCatalog
import SpeakableCompiler
import SpeakableDiagnostics
import Synchronization
import Testing

/// A compile of only the changed tables gives, file for file, what a full compile of the edited
/// project gives — and leaves to a full compile whatever it cannot decide table by table.
@Suite struct IncrementalCompileTests {
    static let tool = "incremental-test"
    static let options = "incremental-test"

    /// Three tables in English, Korean, Russian and Arabic: selects, plurals, numbers, comments;
    /// `c` has no Russian translations (an empty Android section).
    func project() throws -> String {
        let root = try temporaryDirectory()
        try write(#"{"sourceLocale": "en", "targetLocales": ["ko", "ru", "ar"], "android": {"namespace": "com.example.game"}}"#,
                  to: root + "/speakable.json")
        try write(#"""
        {"messages": {
          "a.cell": {"role": "label", "message": "Row {row}, column {column}, {content, select, empty {empty} other {{digit}}}", "comment": "A cell."},
          "a.coins": {"role": "value", "message": "{coins, plural, one {# coin} other {# coins}}"},
          "a.title": {"role": "label", "message": "Daily Sudoku"}
        }}
        """#, to: root + "/Templates/a.json")
        try write(#"""
        {"messages": {
          "b.level": {"role": "label", "message": "Level {level}, {stars, plural, one {# star} other {# stars}}"},
          "b.score": {"role": "value", "message": "Score {score, number}"},
          "b.hint": {"role": "hint", "message": "Double-tap to place the piece."}
        }}
        """#, to: root + "/Templates/b.json")
        try write(#"""
        {"messages": {
          "c.lines": {"role": "announcement", "message": "{count, plural, one {# line cleared} other {# lines cleared}}"},
          "c.pause": {"role": "label", "message": "Pause"}
        }}
        """#, to: root + "/Templates/c.json")
        try write(#"{"a.cell": "{row}행 {column}열, {content, select, empty {비어 있음} other {{digit}}}", "a.coins": "{coins, plural, other {코인 #개}}", "a.title": "데일리 스도쿠"}"#,
                  to: root + "/Locales/ko/a.json")
        try write(#"{"b.level": "레벨 {level}, {stars, plural, other {별 #개}}", "b.score": "점수 {score, number}"}"#, to: root + "/Locales/ko/b.json")
        try write(#"{"c.lines": "{count, plural, other {#줄 지움}}", "c.pause": "일시 정지"}"#, to: root + "/Locales/ko/c.json")
        try write(#"{"a.title": "Судоку дня", "a.coins": "{coins, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}}"}"#,
                  to: root + "/Locales/ru/a.json")
        try write(#"{"b.hint": "Дважды коснитесь, чтобы поставить фигуру."}"#, to: root + "/Locales/ru/b.json")
        try write(#"{}"#, to: root + "/Locales/ru/c.json")
        try write(#"{"a.title": "سودوكو اليوم"}"#, to: root + "/Locales/ar/a.json")
        try write(#"{"b.score": "النتيجة {score, number}"}"#, to: root + "/Locales/ar/b.json")
        try write(#"{"c.pause": "إيقاف مؤقت"}"#, to: root + "/Locales/ar/c.json")
        return root
    }

    /// A full compile into `out`, leaving a stamp as `speakable compile` does (its warnings in
    /// it); its files, notes, diagnostics' ids and warnings.
    @discardableResult
    func fullCompile(_ root: String, out: String, options: CompileOptions = CompileOptions()) throws
        -> (files: [String: String], notes: [String], diagnostics: [String], warnings: [Diagnostic]) {
        let project = ProjectLoader.load(directory: root)
        let inputs = try #require(CompileStamp.inputs(root: root, config: project.config))
        let result = CatalogCompiler.compile(project, options: options)
        guard !result.hasErrors else { return ([:], [], result.diagnostics.map(\.id), []) }
        _ = try OutputWriter.write(result.files, to: out, replacing: Set(CompileOutput.allCases.map(\.rawValue)))
        CompileStamp.record(in: out, tool: Self.tool, options: Self.options, inputs: inputs, outputs: result.files.map(\.path),
                            summary: "o compiled\n" + result.notes.map { "o " + $0 + "\n" }.joined(), androidLayouts: result.androidLayouts,
                            accessorLayouts: result.accessorLayouts, integerUses: result.integerUses, diagnostics: result.diagnostics)
        return (Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) }), result.notes, result.diagnostics.map(\.id),
                result.diagnostics)
    }

    /// The incremental update of `out` after an edit, applied; nil when it defers to a full
    /// compile. The project is read as `speakable compile` reads it then: the translations
    /// deferred (`deferred`), or whole.
    func incrementalCompile(_ root: String, out: String, deferred: Bool = true, staging: Bool = false,
                            options: CompileOptions = CompileOptions()) throws -> IncrementalCompile.Update? {
        let config = ProjectLoader.config(directory: root, configPath: nil).config
        let inputs = try #require(CompileStamp.inputs(root: root, config: config))
        let previous = try #require(CompileStamp.previous(in: out, tool: Self.tool, options: Self.options), "the last compile left a stamp")
        // Only the changed tables' templates are read, as `speakable compile` reads them.
        let reading = IncrementalCompile.templatesToRead(config: config, previous: previous.inputs, inputs: inputs)
        let project = ProjectLoader.load(directory: root, deferringLocales: deferred, readingTemplates: reading)
        if let reading {
            for table in project.tables where !reading.contains(table.name) { #expect(table.messages.isEmpty, "\(table.name): not read") }
        }
        // As `speakable compile` does: each file staged as soon as it is made, the set committed at the end.
        let stager = staging ? OutputStaging.open(out, onWait: nil) : nil
        let handed = Mutex<[String]>([])
        var onFile: (@Sendable (SpeakableCompiler.OutputFile) -> Void)?
        if let stager {
            onFile = { file in
                handed.withLock { $0.append(file.path) }
                stager.stage(file)
            }
        }
        guard let update = IncrementalCompile.update(project, options: options, out: out, previous: previous, inputs: inputs, onFile: onFile) else {
            stager?.abandon()
            return nil
        }
        if let stager {
            #expect(handed.withLock { $0 }.sorted() == update.files.map(\.path).sorted(), "every file is handed over, once")
            _ = try stager.finish(update.files, replacing: Set(CompileOutput.allCases.map(\.rawValue)), keeping: update.kept)
        } else {
            _ = try OutputWriter.write(update.files, to: out, replacing: Set(CompileOutput.allCases.map(\.rawValue)), keeping: update.kept)
        }
        CompileStamp.record(in: out, tool: Self.tool, options: Self.options, inputs: inputs, outputs: update.files.map(\.path) + update.kept,
                            summary: "o compiled\n" + update.notes.map { "o " + $0 + "\n" }.joined(), androidLayouts: update.androidLayouts,
                            accessorLayouts: update.accessorLayouts, integerUses: update.integerUses, diagnostics: update.diagnostics)
        return update
    }

    /// Rewrites the translation file at `path` after `change` (keys sorted, as import writes it).
    func editTranslations(at path: String, _ change: (inout [String: String]) throws -> Void) throws {
        var texts = try JSONDecoder().decode([String: String].self, from: Data(try #require(read(path)).utf8))
        try change(&texts)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try write(String(decoding: try encoder.encode(texts), as: UTF8.self), to: path)
    }

    /// `suffix` after the first translation (by key) without an argument.
    static func appendToFirstPlainText(_ suffix: String, in texts: inout [String: String]) throws {
        let key = try #require(texts.keys.sorted().first { !(texts[$0] ?? "").contains("{") })
        texts[key] = (texts[key] ?? "") + suffix
    }

    /// Every output file under `out`, by path.
    func outputs(_ out: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: out) where !path.hasPrefix(".") {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: out + "/" + path, isDirectory: &isDirectory), !isDirectory else { continue }
            files[path] = read(out + "/" + path)
        }
        return files
    }

    /// Edits the project, compiles incrementally, and compares every file with a full compile of
    /// the edited project; gives the update.
    func editAndCompare(_ edits: [(path: String, text: String)], deferred: Bool = true, staging: Bool = false,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> IncrementalCompile.Update? {
        let root = try project()
        let out = root + "/Generated"
        try fullCompile(root, out: out)
        let before = try outputs(out)
        for edit in edits { try write(edit.text, to: root + "/" + edit.path) }
        let update = try incrementalCompile(root, out: out, deferred: deferred, staging: staging)
        let fresh = try temporaryDirectory() + "/Generated"
        let full = try fullCompile(root, out: fresh)
        #expect(full.diagnostics.isEmpty, "\(full.diagnostics)", sourceLocation: sourceLocation)
        guard let update else { return nil }
        #expect(update.diagnostics.isEmpty, sourceLocation: sourceLocation)
        let after = try outputs(out)
        #expect(after.keys.sorted() == full.files.keys.sorted(), sourceLocation: sourceLocation)
        for (path, contents) in full.files {
            #expect(after[path] == contents, "\(path) differs from a full compile", sourceLocation: sourceLocation)
        }
        // What it wrote is exactly what changed; the rest it kept without reading.
        let changed = Set(full.files.keys.filter { before[$0] != full.files[$0] })
        #expect(Set(update.files.map(\.path)).isSuperset(of: changed), sourceLocation: sourceLocation)
        #expect(Set(update.kept).isDisjoint(with: changed), sourceLocation: sourceLocation)
        #expect(update.notes == full.notes, sourceLocation: sourceLocation)
        return update
    }

    @Test(arguments: [false, true]) func anEditedTranslationRecompilesOnlyItsTable(staging: Bool) throws {
        let update = try #require(try editAndCompare([("Locales/ko/b.json", #"{"b.level": "{level}단계, {stars, plural, other {별 #개}}", "b.score": "점수 {score, number}"}"#)],
                                                     staging: staging))
        #expect(update.tables == ["b"])
        // The accessors read nothing the edit changed: they are kept, not made again.
        #expect(Set(update.files.map(\.path)) == ["xcstrings/b.xcstrings", "android/res/values-ko/strings.xml", "xliff/ko.xliff"])
        #expect(Set(update.kept).isSuperset(of: ["swift/Speakable+b.swift", "android/kotlin/BStrings.kt"]))
    }

    /// A translation that gives a message's accessors another argument: the accessors the last
    /// compile made are stale, and made again.
    @Test func aTranslationThatChangesTheAccessors() throws {
        let root = try project()
        let out = root + "/Generated"
        let before = try fullCompile(root, out: out)
        try write(#"{"b.level": "레벨 {level}, {stars, plural, other {별 #개}}", "b.score": "{player}: 점수 {score, number}"}"#, to: root + "/Locales/ko/b.json")
        let update = try #require(try incrementalCompile(root, out: out))
        let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated")
        #expect(full.diagnostics.isEmpty, "\(full.diagnostics)")
        for path in ["swift/Speakable+b.swift", "android/kotlin/BStrings.kt"] {
            #expect(before.files[path] != full.files[path], "\(path): the edit changes it")
            #expect(update.files.contains { $0.path == path }, "\(path) is made again")
        }
        let after = try outputs(out)
        for (path, contents) in full.files { #expect(after[path] == contents, "\(path) differs from a full compile") }
    }

    @Test func aTemplateEditThatChangesEveryLocalesLayout() throws {
        // A plural where there was plain text: the message becomes <plurals> in every locale.
        let update = try #require(try editAndCompare([("Templates/c.json", #"""
        {"messages": {
          "c.lines": {"role": "announcement", "message": "{count, plural, one {# line cleared} other {# lines cleared}}"},
          "c.pause": {"role": "label", "message": "{minutes, plural, one {Paused # minute} other {Paused # minutes}}", "comment": "Pause."}
        }}
        """#)]))
        #expect(update.tables == ["c"])
        #expect(update.files.contains { $0.path == "android/res/values/strings.xml" })
    }

    @Test func aTranslationThatChangesEveryLocalesLayout() throws {
        // Korean's plural makes b.hint a <plurals> in every locale; Korean's new argument gives
        // b.score's Android resources another argument position, and the Russian resources of
        // both change with them.
        let update = try #require(try editAndCompare([("Locales/ko/b.json", #"""
        {"b.level": "레벨 {level}, {stars, plural, other {별 #개}}", "b.score": "{player}: 점수 {score, number}",
         "b.hint": "{pieces, plural, other {조각 #개}}를 놓으려면 두 번 탭하세요."}
        """#)]))
        #expect(update.files.contains { $0.path == "android/res/values-ru/strings.xml" })
        #expect(update.files.contains { $0.path == "android/res/values/strings.xml" })
    }

    /// Two edits in a row: the second compiles from the stamp the first left (its layouts).
    @Test func twoEditsInARow() throws {
        let root = try project()
        let out = root + "/Generated"
        try fullCompile(root, out: out)
        try write(#"{"c.lines": "{count, plural, other {#줄}}", "c.pause": "일시 정지"}"#, to: root + "/Locales/ko/c.json")
        let first = try #require(try incrementalCompile(root, out: out))
        #expect(first.files.map(\.path).sorted() == ["android/res/values-ko/strings.xml", "xcstrings/c.xcstrings", "xliff/ko.xliff"])
        try write(#"{"c.pause": "إيقاف"}"#, to: root + "/Locales/ar/c.json")
        #expect(try incrementalCompile(root, out: out) != nil)
        let fresh = try temporaryDirectory() + "/Generated"
        let full = try fullCompile(root, out: fresh)
        let after = try outputs(out)
        for (path, contents) in full.files { #expect(after[path] == contents, "\(path)") }
    }

    @Test(arguments: [true, false]) func editsInTwoTables(deferred: Bool) throws {
        let update = try #require(try editAndCompare([
            ("Locales/ar/a.json", #"{"a.title": "سودوكو", "a.coins": "{coins, plural, zero {لا عملات} one {عملة واحدة} two {عملتان} few {# عملات} many {# عملة} other {# عملة}}"}"#),
            ("Locales/ru/b.json", #"{"b.hint": "Коснитесь дважды.", "b.score": "Счёт {score, number}"}"#),
        ], deferred: deferred, staging: deferred))
        #expect(update.tables == ["a", "b"])
    }

    @Test func aSectionThatAppearsAndOneThatGoes() throws {
        // c had no Russian resources; now it has. b's only Russian translation goes away.
        let update = try #require(try editAndCompare([
            ("Locales/ru/c.json", #"{"c.pause": "Пауза"}"#),
            ("Locales/ru/b.json", #"{}"#),
        ]))
        #expect(update.tables == ["b", "c"])
    }

    @Test func anEditThatChangesNothingWritesNothing() throws {
        // The same translation written again with other spacing: the bytes of the input change,
        // the outputs do not.
        let update = try #require(try editAndCompare([("Locales/ar/c.json", "{ \"c.pause\":  \"إيقاف مؤقت\" }\n")]))
        #expect(update.files.map(\.path).sorted() == ["xcstrings/c.xcstrings"])
    }

    /// An imported project: metadata frames the Android files (a license header, `<resources>`
    /// attributes one table had, which then go on that table's resources) and adds resources
    /// of its own. An edit in another table is compiled alone, inside that frame.
    @Test(arguments: ["Locales/ko/b.json", "Locales/ko/a.json", "Templates/c.json"])
    func anImportedProjectsEditIsCompiledInItsFrame(edited: String) throws {
        let root = try project()
        var a = TableMetadata(table: "a")
        a.androidHeaders = ["en": "<!-- Copyright the game's authors. -->", "ko": "<!-- Copyright the game's authors (ko). -->"]
        var b = TableMetadata(table: "b")
        b.androidExtras = ["en": [#"<string name="legacy_title" translatable="false">Sudoku</string>"#]]
        var hint = MessageMetadata()
        hint.androidName = "hint_place"
        b["b.hint"] = hint
        try write(a.text, to: TableMetadata.path(root: root, table: "a"))
        try write(b.text, to: TableMetadata.path(root: root, table: "b"))
        let out = root + "/Generated"
        let first = try fullCompile(root, out: out)
        #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")
        let values = try #require(first.files["android/res/values/strings.xml"])
        #expect(values.contains("Copyright the game's authors.") && values.contains("legacy_title") && values.contains(#"name="hint_place""#),
                "the metadata is in the output: \(values)")
        let edits = [
            "Locales/ko/b.json": #"{"b.level": "레벨 {level}, {stars, plural, other {별 #개}}", "b.score": "점수: {score, number}"}"#,
            "Locales/ko/a.json": #"{"a.cell": "{row}행 {column}열", "a.coins": "{coins, plural, other {코인 #개}}", "a.title": "오늘의 스도쿠"}"#,
            "Templates/c.json": #"{"messages": {"c.lines": {"role": "announcement", "message": "{count, plural, one {# line} other {# lines}} cleared"}, "c.pause": {"role": "label", "message": "Pause"}}}"#,
        ]
        try write(edits[edited]!, to: root + "/" + edited)
        let update = try #require(try incrementalCompile(root, out: out), "an edit of one table is compiled alone")
        #expect(update.tables == [String(edited.split(separator: "/").last!.dropLast(5))])
        let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated")
        #expect(full.diagnostics.isEmpty, "\(full.diagnostics)")
        let after = try outputs(out)
        #expect(after.keys.sorted() == full.files.keys.sorted())
        for (path, contents) in full.files { #expect(after[path] == contents, "\(path) differs from a full compile") }

        // Edited metadata is a full compile.
        a.androidHeaders["ko"] = "<!-- Copyright the game's authors (한국어). -->"
        try write(a.text, to: TableMetadata.path(root: root, table: "a"))
        #expect(try incrementalCompile(root, out: out) == nil)
    }

    /// `<resources>` declares the namespaces its resources use. `tools:ignore` that every table
    /// had on `<resources>` (as a real app's imported files have it) stays there: an edit is
    /// compiled alone. Kept on one table's resources only, whether `<resources>` declares
    /// `xmlns:tools` depends on every table's resources: a full compile.
    @Test(arguments: [["a", "b", "c"], ["a"]]) func aNamespaceOnResources(tables: [String]) throws {
        let root = try project()
        for table in tables {
            var meta = TableMetadata(table: table)
            meta.androidRootAttributes = ["en": [(name: "tools:ignore", value: "MissingTranslation")]]
            try write(meta.text, to: TableMetadata.path(root: root, table: table))
        }
        let out = root + "/Generated"
        let first = try fullCompile(root, out: out)
        let values = try #require(first.files["android/res/values/strings.xml"])
        #expect(values.contains("xmlns:tools") && values.contains(#"tools:ignore="MissingTranslation""#), "\(values)")
        #expect(values.contains(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:ignore="MissingTranslation">"#) == (tables.count == 3))
        try write(#"{"messages": {"c.lines": {"role": "announcement", "message": "{count, plural, one {# line} other {# lines}} cleared"}, "c.pause": {"role": "label", "message": "Pause"}}}"#,
                  to: root + "/Templates/c.json")
        let update = try incrementalCompile(root, out: out)
        #expect((update == nil) == (tables.count == 1))
        guard update != nil else { return }
        let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated")
        let after = try outputs(out)
        #expect(after.keys.sorted() == full.files.keys.sorted())
        for (path, contents) in full.files { #expect(after[path] == contents, "\(path) differs from a full compile") }
    }

    static let antennaPod = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/testdata/catalogs/real/antennapod/res").path

    /// A real app's whole `res/` (AntennaPod, 11 locales, `tools:ignore` on `<resources>`),
    /// imported: a translation edited is compiled alone, inside the frame its metadata keeps, and
    /// gives what a full compile gives.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.antennaPod + "/values/strings.xml"),
                   "../shared/testdata/catalogs/real/antennapod is not next to the package"))
    func aRealAppsImportedResourcesCompileIncrementally() throws {
        let root = try temporaryDirectory()
        try write(#"{"sourceLocale": "en"}"#, to: root + "/speakable.json")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.antennaPod).filter { $0.hasPrefix("values") }.sorted()
        let imported = CatalogImporter.importFiles(folders.map { Self.antennaPod + "/" + $0 + "/strings.xml" },
                                                   project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(!imported.hasErrors, "\(imported.diagnostics.map(\.rendered))")
        _ = try OutputWriter.write(imported.files, to: root)
        // Its outputs as import records them for an Android app. The app's stale translations
        // (of strings its default file no longer has) are unknown-key warnings, kept as they are.
        var options = CompileOptions()
        options.outputs = [.android, .xliff]
        let out = root + "/Generated"
        let first = try fullCompile(root, out: out, options: options)
        #expect(!first.diagnostics.isEmpty && first.diagnostics.allSatisfy { $0 == "unknown-key" }, "\(first.diagnostics)")
        #expect(try #require(first.files["android/res/values/strings.xml"]).contains(#"tools:ignore="MissingTranslation""#))
        try editTranslations(at: root + "/Locales/ko/strings.json") { try Self.appendToFirstPlainText(" (고침)", in: &$0) }
        let update = try #require(try incrementalCompile(root, out: out, options: options), "one translation edited is compiled alone")
        #expect(update.files.contains { $0.path == "android/res/values-ko/strings.xml" && $0.contents.contains("(고침)") })
        let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated", options: options)
        #expect(update.diagnostics == full.warnings, "the stale translations' warnings, the Korean ones made again")
        let after = try outputs(out)
        #expect(after.keys.sorted() == full.files.keys.sorted())
        for (path, contents) in full.files { #expect(after[path] == contents, "\(path) differs from a full compile") }
    }

    /// A real app's String Catalog (CotEditor: 12 locales, `needs_review` and `new` states, kept
    /// as imported), imported: a translation edited is compiled alone, the other locales'
    /// localizations taken from the catalog the last compile wrote, and gives what a full compile
    /// gives.
    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func aRealAppsImportedCatalogCompilesIncrementally() throws {
        let root = try temporaryDirectory()
        try write(#"{"sourceLocale": "en"}"#, to: root + "/speakable.json")
        let imported = CatalogImporter.importFiles([catalogsDirectory! + "/CotEditor_FileScopeEditor.xcstrings"],
                                                   project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(!imported.hasErrors, "\(imported.diagnostics.map(\.rendered))")
        _ = try OutputWriter.write(imported.files, to: root)
        var options = CompileOptions()
        options.outputs = [.xcstrings, .xliff, .swift]
        let out = root + "/Generated"
        let first = try fullCompile(root, out: out, options: options)
        #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")
        let catalog = try #require(first.files["xcstrings/CotEditor_FileScopeEditor.xcstrings"])
        #expect(catalog.contains(#""state" : "needs_review""#) && catalog.contains(#""state" : "new""#), "the states are kept")
        for tag in ["ko", "de"] {
            try editTranslations(at: root + "/Locales/\(tag)/CotEditor_FileScopeEditor.json") { try Self.appendToFirstPlainText(" (\(tag))", in: &$0) }
            let update = try #require(try incrementalCompile(root, out: out, options: options), "one translation edited is compiled alone")
            #expect(update.files.map(\.path).sorted() == ["xcstrings/CotEditor_FileScopeEditor.xcstrings", "xliff/\(tag).xliff"])
            let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated", options: options)
            let after = try outputs(out)
            #expect(after.keys.sorted() == full.files.keys.sorted())
            for (path, contents) in full.files { #expect(after[path] == contents, "\(path) differs from a full compile after the \(tag) edit") }
        }
    }

    /// A project with warnings in several tables (exact plural values a platform cannot say, a
    /// translation of no message, a Korean particle after a run-time value) compiles edit after
    /// edit table by table: its files and its warnings, in their order, are a full compile's.
    @Test func aProjectWithWarningsCompilesIncrementally() throws {
        let root = try project()
        let out = root + "/Generated"
        let coins = #""a.coins": {"role": "value", "message": "{coins, plural, one {# coin} other {# coins}}"}"#
        let exactCoins = coins.replacing("plural, one", with: "plural, =0 {No coins} one")
        let level = #""b.level": {"role": "label", "message": "Level {level}, {stars, plural, one {# star} other {# stars}}"}"#
        let exactLevel = level.replacing("plural, one", with: "plural, =0 {no stars} one")
        try write(try #require(read(root + "/Templates/a.json")).replacing(coins, with: exactCoins), to: root + "/Templates/a.json")
        try write(#"{"b.hint": "Дважды коснитесь, чтобы поставить фигуру.", "b.gone": "Нет"}"#, to: root + "/Locales/ru/b.json")
        try write(#"{"c.pause": "إيقاف مؤقت", "c.gone": "لا"}"#, to: root + "/Locales/ar/c.json")
        // Android's companion for a.coins' =0 (a), the Russian b.gone (b), the Arabic c.gone (c).
        let first = try fullCompile(root, out: out)
        #expect(first.diagnostics == ["catalog-companion", "unknown-key", "unknown-key"], "\(first.diagnostics)")
        // Each edit, and the warnings a full compile of the edited project gives, by table in
        // order and in each table as its preparation finds them (messages first, the Korean
        // file's particle before the template's companion of the same message).
        let edits: [(what: String, path: String, change: (String) -> String, ids: [String])] = [
            ("an edit that changes no warning", "Locales/ko/b.json", { $0.replacing("점수 {score, number}", with: "점수: {score, number}") },
             ["catalog-companion", "unknown-key", "unknown-key"]),
            ("a warning added in the middle table, before its own", "Templates/b.json", { $0.replacing(level, with: exactLevel) },
             ["catalog-companion", "catalog-companion", "unknown-key", "unknown-key"]),
            ("a Korean particle after a run-time value", "Locales/ko/b.json", { $0.replacing("레벨 {level}", with: "{level}이(가) 레벨") },
             ["catalog-companion", "catalog-open-particle", "catalog-companion", "unknown-key", "unknown-key"]),
            ("the first table's warning gone", "Templates/a.json", { $0.replacing(exactCoins, with: coins) },
             ["catalog-open-particle", "catalog-companion", "unknown-key", "unknown-key"]),
            ("a translation of no message gone", "Locales/ru/b.json", { _ in #"{"b.hint": "Дважды коснитесь."}"# },
             ["catalog-open-particle", "catalog-companion", "unknown-key"]),
        ]
        for edit in edits {
            try write(edit.change(try #require(read(root + "/" + edit.path))), to: root + "/" + edit.path)
            let update = try #require(try incrementalCompile(root, out: out), "\(edit.what): compiled table by table")
            #expect(update.tables == ["a", "b"].filter { edit.path.hasSuffix("/\($0).json") }, "\(edit.what)")
            let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated")
            #expect(full.diagnostics == edit.ids, "\(edit.what): \(full.diagnostics)")
            #expect(update.diagnostics == full.warnings, "\(edit.what): \(update.diagnostics.map(\.rendered)) against \(full.warnings.map(\.rendered))")
            let after = try outputs(out)
            #expect(after.keys.sorted() == full.files.keys.sorted(), "\(edit.what)")
            for (path, contents) in full.files { #expect(after[path] == contents, "\(edit.what): \(path) differs from a full compile") }
            #expect(update.notes == full.notes, "\(edit.what)")
            // The stamp keeps them for the next compile, up to date or incremental.
            #expect(try #require(CompileStamp.previous(in: out, tool: Self.tool, options: Self.options)).diagnostics == full.warnings)
        }
    }

    /// The number-grouping warning names messages of every table (Hindi groups digits 3;2,
    /// which Android's %,d cannot): made again from the unchanged tables' grouped integers, kept
    /// in the stamp, and the changed table's own, after every table's warnings.
    @Test func numberGroupingWarningsAreMadeFromEveryTable() throws {
        let root = try project()
        let out = root + "/Generated"
        try write(#"{"sourceLocale": "en", "targetLocales": ["ko", "ru", "ar", "hi"], "android": {"namespace": "com.example.game"}}"#,
                  to: root + "/speakable.json")
        try write(#"{"a.coins": "{coins, plural, one {# सिक्का} other {# सिक्के}}"}"#, to: root + "/Locales/hi/a.json")
        try write(#"{"b.score": "स्कोर {score, number}"}"#, to: root + "/Locales/hi/b.json")
        try write(#"{"c.lines": "{count, plural, one {# पंक्ति साफ़} other {# पंक्तियाँ साफ़}}"}"#, to: root + "/Locales/hi/c.json")
        let first = try fullCompile(root, out: out)
        let grouping = try #require(first.warnings.first { $0.id == "catalog-number-grouping" && $0.message.hasPrefix("hi:") })
        #expect(grouping.message.hasSuffix("'a.coins', 'b.score', 'c.lines'"), "\(grouping.message)")
        let level = #""b.level": {"role": "label", "message": "Level {level}, {stars, plural, one {# star} other {# stars}}"}"#
        let edits: [(what: String, path: String, change: (String) -> String)] = [
            ("an edit elsewhere", "Locales/ko/a.json", { $0.replacing("데일리 스도쿠", with: "오늘의 스도쿠") }),
            ("a table's numbers gone", "Locales/hi/b.json", { _ in #"{"b.hint": "टुकड़ा रखने के लिए दो बार टैप करें।"}"# }),
            ("a table's own warning before it", "Templates/c.json", { $0.replacing("plural, one", with: "plural, =0 {Nothing cleared} one") }),
            ("numbers back in the middle table", "Locales/hi/b.json", { _ in #"{"b.level": "स्तर {level}, {stars, plural, one {# तारा} other {# तारे}}"}"# }),
            ("the middle table's template", "Templates/b.json", { $0.replacing(level, with: level.replacing("Level {level}", with: "Stage {level}")) }),
        ]
        for edit in edits {
            try write(edit.change(try #require(read(root + "/" + edit.path))), to: root + "/" + edit.path)
            let update = try #require(try incrementalCompile(root, out: out), "\(edit.what): compiled table by table")
            #expect(update.tables.count == 1, "\(edit.what)")
            let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated")
            #expect(full.diagnostics.last == "catalog-number-grouping", "\(edit.what): \(full.diagnostics)")
            #expect(update.diagnostics == full.warnings, "\(edit.what): \(update.diagnostics.map(\.rendered)) against \(full.warnings.map(\.rendered))")
            let after = try outputs(out)
            for (path, contents) in full.files { #expect(after[path] == contents, "\(edit.what): \(path) differs from a full compile") }
        }
        let last = try #require(try fullCompile(root, out: try temporaryDirectory() + "/Generated").warnings.last)
        #expect(last.message.hasSuffix("'a.coins', 'b.level', 'c.lines'"), "\(last.message)")
    }

    /// With --strict a warning is an error: a full compile says it.
    @Test func aWarningWithStrictIsAFullCompile() throws {
        var strict = CompileOptions()
        strict.strict = true
        let root = try project()
        #expect(try fullCompile(root, out: root + "/Generated", options: strict).diagnostics.isEmpty)
        try write(try #require(read(root + "/Templates/c.json")).replacing("plural, one", with: "plural, =0 {Nothing cleared} one"),
                  to: root + "/Templates/c.json")
        #expect(try incrementalCompile(root, out: root + "/Generated", options: strict) == nil)
        #expect(try fullCompile(root, out: try temporaryDirectory() + "/Generated", options: strict).diagnostics.contains("catalog-companion"))

        // A number-grouping warning too.
        let second = try project()
        try write(#"{"sourceLocale": "en", "targetLocales": ["ko", "ru", "ar", "hi"], "android": {"namespace": "com.example.game"}}"#,
                  to: second + "/speakable.json")
        try write(#"{"b.hint": "टुकड़ा रखने के लिए दो बार टैप करें।"}"#, to: second + "/Locales/hi/b.json")
        #expect(try fullCompile(second, out: second + "/Generated", options: strict).diagnostics.isEmpty)
        try write(#"{"b.score": "स्कोर {score, number}"}"#, to: second + "/Locales/hi/b.json")
        #expect(try incrementalCompile(second, out: second + "/Generated", options: strict) == nil)
        #expect(try fullCompile(second, out: try temporaryDirectory() + "/Generated", options: strict).diagnostics == ["catalog-number-grouping"])
    }

    @Test func whatOnlyAFullCompileCanSay() throws {
        // An error in the edited table: the full compile reports it.
        let root = try project()
        let out = root + "/Generated"
        try fullCompile(root, out: out)
        try write(#"{"a.title": "Unclosed {brace"}"#, to: root + "/Locales/ar/a.json")
        #expect(try incrementalCompile(root, out: out) == nil)

        // A resource name another table has: a collision only the whole project shows.
        let second = try project()
        try fullCompile(second, out: second + "/Generated")
        try write(#"{"messages": {"c.lines": {"role": "label", "message": "Lines"}, "a.title": {"role": "label", "message": "Title"}}}"#,
                  to: second + "/Templates/c.json")
        #expect(try incrementalCompile(second, out: second + "/Generated") == nil)
        #expect(try fullCompile(second, out: try temporaryDirectory() + "/Generated").diagnostics.contains("catalog-key-collision"))

        // The configuration, a new file, imported metadata.
        for change in ["speakable.json", "Locales/ja/a.json", ".speakable/a.platform.json"] {
            let third = try project()
            try fullCompile(third, out: third + "/Generated")
            let path = third + "/" + change
            try write((read(path) ?? "{}") + " ", to: path)
            #expect(try incrementalCompile(third, out: third + "/Generated") == nil, "\(change)")
        }
    }

    @Test func aCommentThatReadsLikeATablesMarkerIsAFullCompile() throws {
        // Only the source locale's Android file has comments, and one of c's reads like b's
        // marker: splicing that file is left to a full compile.
        let template = #"""
        {"messages": {
          "c.lines": {"role": "announcement", "message": "{count, plural, one {# line cleared} other {# lines cleared}}", "comment": "Templates/b.json"},
          "c.pause": {"role": "label", "message": "%@"}
        }}
        """#
        let root = try project()
        let out = root + "/Generated"
        try write(template.replacing("%@", with: "Pause"), to: root + "/Templates/c.json")
        try fullCompile(root, out: out)
        try write(template.replacing("%@", with: "Paused"), to: root + "/Templates/c.json")
        #expect(try incrementalCompile(root, out: out) == nil)
        // A Korean edit leaves that file as it is: the other files have no such comment.
        try fullCompile(root, out: out)
        try write(#"{"c.lines": "{count, plural, other {#줄 지움}}", "c.pause": "잠시 멈춤"}"#, to: root + "/Locales/ko/c.json")
        let update = try #require(try incrementalCompile(root, out: out))
        #expect(!update.files.contains { $0.path == "android/res/values/strings.xml" })
        let full = try fullCompile(root, out: try temporaryDirectory() + "/Generated")
        let after = try outputs(out)
        for (path, contents) in full.files { #expect(after[path] == contents, "\(path)") }
    }
}
