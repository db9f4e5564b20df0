import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import SpeakablePlatformFormats
import SpeakableXML
import Testing

@Suite struct CompileGoldenTests {
    static let outputs = ["xcstrings/game.xcstrings", "android/res/values/strings.xml", "android/res/values-ko/strings.xml",
                          "xliff/ko.xliff", "swift/Speakable+game.swift"]

    /// Each output of the fixture project against its golden file (re-record with
    /// SPEAKABLE_RECORD_SNAPSHOTS=1 and read the diff before committing).
    @Test(arguments: outputs)
    func outputMatchesItsGoldenFile(path: String) throws {
        let files = compile(fixturesDirectory + "/Game")
        let text = try #require(files[path])
        let golden = snapshotsDirectory + "/Game/" + path
        if ProcessInfo.processInfo.environment["SPEAKABLE_RECORD_SNAPSHOTS"] != nil {
            try write(text, to: golden)
        }
        #expect(text == read(golden), "compare with \(golden)")
    }

    @Test func theSameInputsGiveTheSameBytes() {
        let first = compile(fixturesDirectory + "/Game")
        let second = compile(fixturesDirectory + "/Game")
        #expect(first == second)
        #expect(Set(first.keys) == Set(Self.outputs))
    }

    /// The outputs say what the templates mean, checked by reading them back.
    @Test func outputsReadBackAsTheTemplatesSay() throws {
        let files = compile(fixturesDirectory + "/Game")
        let catalogText = try #require(files["xcstrings/game.xcstrings"])
        let catalog = try #require(XCStringsReader.read(catalogText, file: "game.xcstrings").catalog)
        // One key per select case; the runtime-only messages are not in the catalog.
        #expect(catalog.entries.map(\.key).filter { $0.hasPrefix("sudoku.cell.label") }.count == 5)
        #expect(catalog["rank.place"] == nil && catalog["stars.earned"] == nil)
        #expect(catalog["sudoku.cell.label__content_given"]?["ko"]?.content.stringUnit?.value == "%1$lld행 %2$lld열, 기본 숫자 %3$lld")
        // Korean has only the `other` plural category.
        let hint = try #require(catalog["hint.button"]?["ko"]?.content.substitutions.first)
        #expect(hint.variations.first?.cases.map(\.name) == ["other"])
        #expect(catalog["coins.balance"]?.comment == "The coin balance in the top bar.")

        let androidText = try #require(files["android/res/values/strings.xml"])
        let android = try #require(AndroidResourceReader.read(Array(androidText.utf8), file: "res/values/strings.xml").file)
        // Numbers group as ICU groups them ("9,180"): `%,d`.
        #expect(android["lines.cleared"]?.items.map(\.value.text) == ["Cleared %1$,d line. Score %2$,d.", "Cleared %1$,d lines. Score %2$,d."])
        #expect(android["coins.balance"]?.value?.text == "%1$,d O'Coins")
        #expect(android["daily.result"]?.value?.text == "Daily puzzle, %1$s: 100%% solved")

        let xliffText = try #require(files["xliff/ko.xliff"])
        let xliff = try #require(XLIFFReader.read(Array(xliffText.utf8), file: "ko.xliff").document)
        let unit = try #require(xliff.files.first?.units.first { $0.id == "coins.balance" })
        // The example is formatted by ICU: grouping in both locales.
        #expect(unit.notes.filter { $0.category == "example" }.map(\.text) == ["9,180 O'Coins", "9,180 O'Coin"])
        #expect(unit.state == "translated")
        #expect(xliff.files.first?.units.count == 9)
    }
}

@Suite struct CompileFailureTests {
    @Test func whatACatalogCannotSayIsAnErrorAtItsPlaceAndNothingIsWritten() throws {
        let root = try temporaryDirectory()
        try write("""
        {
          "messages": {
            "rank": { "message": "You are {rank, selectordinal, one {#st} other {#th}}" }
          }
        }
        """, to: root + "/Templates/game.json")
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: CompileOptions())
        #expect(result.files.isEmpty)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.id == "catalog-selectordinal")
        // Line 3; the argument starts after `"message": "You are ` — column of `{` in the file.
        #expect(error.position == SourcePosition(line: 3, column: 35))
        #expect(error.file == root + "/Templates/game.json")
        // Marked runtime-only, the same message compiles (and stays out of the catalogs).
        try write("""
        { "messages": { "rank": { "message": "You are {rank, selectordinal, one {#st} other {#th}}", "runtimeOnly": true } } }
        """, to: root + "/Templates/game.json")
        let ok = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: CompileOptions())
        #expect(!ok.hasErrors)
        #expect(ok.files.first { $0.path == "xcstrings/game.xcstrings" }.map { !$0.contents.contains("rank") } == true)
    }

    @Test func aFailingCompileLeavesEarlierOutputsIntact() throws {
        let root = try temporaryDirectory()
        try copyTree(fixturesDirectory + "/Game", to: root + "/Game")
        let project = root + "/Game"
        let out = root + "/out"
        let first = CatalogCompiler.compile(ProjectLoader.load(directory: project), options: CompileOptions())
        _ = try OutputWriter.write(first.files, to: out)
        let before = read(out + "/xcstrings/game.xcstrings")
        // Break a translation: no platform has ordinal plurals.
        try write(#"{ "hint.button": "{price, selectordinal, other {#번째 O'Coin}}" }"#, to: project + "/Locales/ko/game.json")
        let second = CatalogCompiler.compile(ProjectLoader.load(directory: project), options: CompileOptions())
        #expect(second.hasErrors && second.files.isEmpty)
        #expect(second.diagnostics.contains { $0.id == "catalog-selectordinal" && $0.file == project + "/Locales/ko/game.json" })
        #expect(read(out + "/xcstrings/game.xcstrings") == before)
        // XLIFF carries ICU text as it is: with --only xliff the compile succeeds.
        var options = CompileOptions()
        options.outputs = [.xliff]
        #expect(!CatalogCompiler.compile(ProjectLoader.load(directory: project), options: options).hasErrors)
    }

    /// Each locale's select cases are its own in every output (the preparation chooses them once
    /// per locale and the outputs take them from there).
    @Test func everyLocaleKeepsItsOwnSelectCases() throws {
        let root = try temporaryDirectory()
        try write(#"{ "targetLocales": ["ko", "ja"] }"#, to: root + "/speakable.json")
        try write(#"{ "messages": { "cell": { "message": "Row {row}, {state, select, on {lit} other {dark}}", "examples": [{ "row": 3, "state": "on" }] } } }"#, to: root + "/Templates/game.json")
        try write(#"{ "cell": "{row}행, {state, select, on {켜짐} other {꺼짐}}" }"#, to: root + "/Locales/ko/game.json")
        try write(#"{ "cell": "{row}行、{state, select, on {点灯} other {消灯}}" }"#, to: root + "/Locales/ja/game.json")
        let files = compile(root)
        let catalogText = try #require(files["xcstrings/game.xcstrings"])
        let catalog = try #require(XCStringsReader.read(catalogText, file: "game.xcstrings").catalog)
        let expected = [("en", "Row %lld, lit", "Row %lld, dark"), ("ko", "%lld행, 켜짐", "%lld행, 꺼짐"), ("ja", "%lld行、点灯", "%lld行、消灯")]
        for (tag, on, other) in expected {
            #expect(catalog["cell__state_on"]?[tag]?.content.stringUnit?.value == on, "\(tag)")
            #expect(catalog["cell__state_other"]?[tag]?.content.stringUnit?.value == other, "\(tag)")
            let folder = tag == "en" ? "values" : "values-" + tag
            let androidText = try #require(files["android/res/\(folder)/strings.xml"])
            let android = try #require(AndroidResourceReader.read(Array(androidText.utf8), file: folder).file)
            #expect(android["cell__state_on"]?.value?.text == on.replacing("%lld", with: "%1$,d"), "\(tag)")
            #expect(android["cell__state_other"]?.value?.text == other.replacing("%lld", with: "%1$,d"), "\(tag)")
        }
    }

    @Test func selectCaseKeysThatCollideAreReported() throws {
        let root = try temporaryDirectory()
        try write("""
        { "messages": {
            "cell__state_on": { "message": "on" },
            "cell": { "message": "{state, select, on {On} other {Off}}" }
        } }
        """, to: root + "/Templates/t.json")
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: CompileOptions())
        #expect(result.diagnostics.contains { $0.id == "catalog-key-collision" })
        #expect(result.files.isEmpty)
    }

    /// A key that is a Java keyword cannot be a field of R (`aapt2 link --java`: "invalid symbol
    /// name"): its resource gets a `_` after it, and the Kotlin accessor asks for that.
    @Test func androidNamesThatAreJavaKeywordsGetAnUnderscore() throws {
        let root = try temporaryDirectory()
        try write(#"{ "messages": { "continue": { "message": "Continue" }, "new.game": { "message": "New game" } } }"#,
                  to: root + "/Templates/a.json")
        var options = CompileOptions()
        options.outputs = [.android]
        options.androidNamespace = "com.example.game"
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.rendered))")
        let values = try #require(result.files.first { $0.path == "android/res/values/strings.xml" }?.contents)
        #expect(values.contains("<string name=\"continue_\">Continue</string>"))
        #expect(values.contains("<string name=\"new.game\">New game</string>"))
        let kotlin = try #require(result.files.first { $0.path == "android/kotlin/AStrings.kt" }?.contents)
        #expect(kotlin.contains("    fun `continue`(res: Resources): String {\n        return res.getString(R.string.continue_)\n"))
    }

    /// `a b.json` and `a-b.json` are both `ABStrings`: the accessors would not build. Each output
    /// that writes accessors refuses it, naming both files; check says the same.
    @Test func twoTablesWithOneAccessorTypeAreAnError() throws {
        let root = try temporaryDirectory()
        try write(#"{ "messages": { "x": { "message": "X" } } }"#, to: root + "/Templates/a b.json")
        try write(#"{ "messages": { "y": { "message": "Y" } } }"#, to: root + "/Templates/a-b.json")
        let project = ProjectLoader.load(directory: root)
        for outputs in [[CompileOutput.swift], [.android], [.compose]] {
            var options = CompileOptions()
            options.outputs = Set(outputs)
            options.androidNamespace = "com.example.game"
            options.composeNamespace = "com.example.game"
            options.composeResourcesPackage = "game.composeapp.generated.resources"
            let result = CatalogCompiler.compile(project, options: options)
            let clash = result.diagnostics.first { $0.id == "catalog-type-collision" }
            #expect(clash?.message == "the tables 'a b' (\(root)/Templates/a b.json) and 'a-b' (\(root)/Templates/a-b.json) would both have the accessor type ABStrings, and the generated Swift and Kotlin would not build",
                    "\(outputs): \(result.diagnostics.map(\.rendered))")
            #expect(result.files.isEmpty)
            #expect(CatalogCompiler.validate(project, options: options).contains { $0.id == "catalog-type-collision" })
        }
        // Without accessors (Android resources without a namespace, String Catalogs, XLIFF) the names do not matter.
        var plain = CompileOptions()
        plain.outputs = [.xcstrings, .xliff, .android]
        #expect(!CatalogCompiler.compile(project, options: plain).hasErrors)
    }

    @Test func androidNamesAreSharedByAllTables() throws {
        let root = try temporaryDirectory()
        try write(#"{ "messages": { "menu.title": { "message": "Menu" } } }"#, to: root + "/Templates/a.json")
        try write(#"{ "messages": { "menu_title": { "message": "Menu" } } }"#, to: root + "/Templates/b.json")
        var options = CompileOptions()
        options.outputs = [.android]
        let merged = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
        // `menu.title` and `menu_title` are one field of R (R.string.menu_title), which
        // `aapt2 link --java` and Gradle refuse: the compile says so, naming both.
        #expect(merged.diagnostics.contains { $0.id == "catalog-key-collision" && $0.message.contains("'menu_title'") })
        #expect(merged.files.isEmpty)
        try write(#"{ "messages": { "menu.title": { "message": "Other" } } }"#, to: root + "/Templates/b.json")
        let clash = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
        #expect(clash.diagnostics.contains { $0.id == "catalog-key-collision" && $0.message.contains("menu.title") })
    }
}

@Suite struct OutputWriterTests {
    @Test(arguments: ["../escape.txt", "/etc/passwd", "a/../../b", "a//b", "./a", "a\\b", "", "a/./b"])
    func pathsThatCouldLeaveTheFolderAreRefusedAndNothingIsWritten(path: String) throws {
        let root = try temporaryDirectory()
        let files = [OutputFile(path: "ok.txt", contents: "ok"), OutputFile(path: path, contents: "bad")]
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter.write(files, to: root + "/out") }
        #expect(!FileManager.default.fileExists(atPath: root + "/out/ok.txt"))
        #expect(!FileManager.default.fileExists(atPath: root + "/escape.txt"))
    }

    @Test func aSymbolicLinkOnTheWayIsRefused() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/out/xliff", withDestinationPath: root + "/outside")
        #expect(throws: OutputWriter.Failure.self) {
            try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "x")], to: root + "/out")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/outside/ko.xliff"))
    }

    @Test func unchangedFilesAreNotTouchedAndChangedOnesReplaced() throws {
        let root = try temporaryDirectory()
        let files = [OutputFile(path: "a/one.txt", contents: "1"), OutputFile(path: "two.txt", contents: "2")]
        let first = try OutputWriter.write(files, to: root)
        #expect(first.written == ["a/one.txt", "two.txt"])
        let inode = try FileManager.default.attributesOfItem(atPath: root + "/a/one.txt")[.systemFileNumber] as? Int
        let second = try OutputWriter.write([OutputFile(path: "a/one.txt", contents: "1"), OutputFile(path: "two.txt", contents: "two")], to: root)
        #expect(second.unchanged == ["a/one.txt"] && second.written == ["two.txt"])
        #expect(try FileManager.default.attributesOfItem(atPath: root + "/a/one.txt")[.systemFileNumber] as? Int == inode)
        #expect(read(root + "/two.txt") == "two")
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["a", "two.txt"])
    }
}

@Suite struct PathSafetyTests {
    @Test func localeNamesFromAnImportedCatalogCannotLeaveTheProject() throws {
        let root = try temporaryDirectory()
        let evil = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "A" } },
              "../../../evil" : { "stringUnit" : { "state" : "translated", "value" : "x" } }
            } }
          },
          "version" : "1.0"
        }
        """
        try write(evil, to: root + "/in/Strings.xcstrings")
        let result = CatalogImporter.importFiles([root + "/in/Strings.xcstrings"], project: ProjectLoader.load(directory: root + "/p"),
                                                 options: ImportOptions())
        #expect(result.hasErrors && result.files.isEmpty)
        #expect(result.diagnostics.contains { $0.id == "invalid-locale" && $0.message.contains("../../../evil") })
        // A table name that is not a file name is refused too.
        var options = ImportOptions()
        options.table = "../x"
        let named = CatalogImporter.importFiles([root + "/in/Strings.xcstrings"], project: ProjectLoader.load(directory: root + "/p"),
                                                options: options)
        #expect(named.hasErrors && named.files.isEmpty)
    }

    @Test func targetLocalesThatAreNotTagsStopTheCompile() throws {
        let root = try temporaryDirectory()
        try write(#"{ "targetLocales": ["../../etc"] }"#, to: root + "/speakable.json")
        try write(#"{ "messages": { "a": { "message": "A" } } }"#, to: root + "/Templates/t.json")
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: CompileOptions())
        #expect(result.hasErrors && result.files.isEmpty)
    }
}

@Suite struct BuiltInCatalogCompileTests {
    /// The package's own Templates/ and Locales/ko/ compile into every platform catalog: unit
    /// formats become plurals, exact-match phrases companions; only the spelled-out day is
    /// runtimeOnly; `::group-off` is `%1$d` on Android.
    @Test func theBuiltInCatalogCompiles() throws {
        let packageRoot = URL(fileURLWithPath: testsDirectory).deletingLastPathComponent().deletingLastPathComponent().path
        let files = compile(packageRoot)
        #expect(files["android/res/values-ko/strings.xml"] != nil)
        #expect(files["xcstrings/sudoku.xcstrings"] != nil)
        // "Best score 110": group-off becomes a plain integer specifier.
        let strings = try #require(files["android/res/values/strings.xml"])
        #expect(strings.contains(#"<string name="game.stat.bestScore">Best score %1$d</string>"#))
        #expect(!strings.contains(#"name="game.result.streak"#))  // runtime only ({day, spellout})
        #expect(strings.contains(#"<plurals name="game.duration__span_other">"#))
    }
}
