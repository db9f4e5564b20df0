import Foundation
import SpeakableJSON
import Testing
import SpeakableTestSupport

/// `compile --strict` and `"outputs"`, through the binary as a user runs them.
@Suite struct StrictAndOutputsToolTests {
    @Test func strictMakesAPlatformLimitAnErrorAndWritesNothing() throws {
        let project = try temporaryFolder("strict")
        try FileManager.default.createDirectory(atPath: project + "/Templates", withIntermediateDirectories: true)
        try #"{ "messages": { "stars": { "message": "{n, plural, =0 {No stars yet} one {# star} other {# stars}}" } } }"#
            .write(toFile: project + "/Templates/t.json", atomically: true, encoding: .utf8)
        let out = project + "/out"
        let strict = try run(speakable, ["compile", "--project", project, "--out", out, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.error.contains("error: 'stars': Android plurals cannot say '=0' of 'n'"), "\(strict.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let relaxed = try run(speakable, ["compile", "--project", project, "--out", out])
        #expect(relaxed.status == 0, "\(relaxed.error)")
        #expect(relaxed.error.contains("warning: 'stars': Android plurals cannot say '=0' of 'n'"))
        let android = try String(contentsOfFile: out + "/android/res/values/strings.xml", encoding: .utf8)
        #expect(android.contains(#"<string name="stars__n_eq0">No stars yet</string>"#))
    }

    @Test func anImportedXcodeCatalogCompilesOnlyWhatWasImported() throws {
        let project = try temporaryFolder("outputs")
        try #"""
        { "sourceLanguage" : "en", "strings" : { "%lld stars" : { "localizations" : { "en" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld star" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld stars" } },
          "zero" : { "stringUnit" : { "state" : "translated", "value" : "No stars" } } } } } } } }, "version" : "1.0" }
        """#.write(toFile: project + "/Stars.xcstrings", atomically: true, encoding: .utf8)
        let imported = try run(speakable, ["import", "Stars.xcstrings"], in: project)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try String(contentsOfFile: project + "/speakable.json", encoding: .utf8).contains("\"xcstrings\""))
        let compiled = try run(speakable, ["compile"], in: project)
        #expect(compiled.status == 0, "\(compiled.error)")
        #expect(!compiled.error.contains("warning"), "\(compiled.error)")
        #expect(FileManager.default.fileExists(atPath: project + "/Generated/xcstrings/Stars.xcstrings"))
        #expect(!FileManager.default.fileExists(atPath: project + "/Generated/android"))
        // --only still decides when given.
        let android = try run(speakable, ["compile", "--only", "android"], in: project)
        #expect(android.status == 0 && android.error.contains("catalog-companion"))
    }
}

/// Without a catalog in the bundle, the accessors say the source text correctly: the plural form
/// the source language's rule picks ("1 star"), and a form that prints a later argument only
/// (`%2$@ days`, the count being the plural's) still finds it.
@Suite struct AccessorFallbackToolTests {
    @Test func theSourceFallbackIsPluralizedAndReadsTheRightArguments() throws {
        let swiftc = try #require(which("swiftc"), "swiftc is not on PATH")
        let project = try temporaryFolder("fallback")
        try FileManager.default.createDirectory(atPath: project + "/Templates", withIntermediateDirectories: true)
        try #"""
        { "messages": {
            "stars": { "message": "{stars} of {total, plural, one {# star} other {# stars}}", "examples": [{ "stars": 2, "total": 3 }] },
            "days": { "message": "{count, plural, one {1 day} other {{number} days}}", "examples": [{ "count": 2, "number": "two" }] },
            "square": { "message": "{size} by {size} square", "examples": [{ "size": 2 }] },
            "best": { "message": "Best score {score, number, ::group-off}" }
        } }
        """#.write(toFile: project + "/Templates/t.json", atomically: true, encoding: .utf8)
        let out = project + "/out"
        #expect(try run(speakable, ["compile", "--project", project, "--out", out, "--only", "swift"]).status == 0)
        try """
        import Foundation
        print(TStrings.stars(stars: 1, total: 1))
        print(TStrings.stars(stars: 2, total: 3))
        print(TStrings.days(count: 1, number: "one"))
        print(TStrings.days(count: 5, number: "five"))
        print(TStrings.square(size: 2))
        print(TStrings.best(score: 4530))
        """.write(toFile: project + "/main.swift", atomically: true, encoding: .utf8)
        let binary = project + "/app"
        let built = try run(swiftc, ["-swift-version", "6", "-warnings-as-errors", out + "/swift/Speakable+t.swift", project + "/main.swift",
                                     "-o", binary])
        #expect(built.status == 0, "\(built.error)")
        let output = try run(binary, [])
        #expect(output.output.split(separator: "\n") == ["1 of 1 star", "2 of 3 stars", "1 day", "five days", "2 by 2 square", "Best score 4530"])
    }
}

/// `check` reports what `compile` refuses: a project that checks clean compiles, and one that
/// does not compile fails its check with the compile's own problem.
@Suite struct CheckAgreesWithCompileTests {
    /// The recipe of docs/compile.md: a String Catalog, then Android files of the same app.
    @Test func theDocumentedImportRecipeChecksAndCompiles() throws {
        let scratch = try temporaryFolder("check-compile")
        #expect(try run(speakable, ["init", "P", "--empty", "--locales", "ko"], in: scratch).status == 0)
        #expect(try run(speakable, ["init", "S", "--locales", "ko"], in: scratch).status == 0)
        let catalogs = packageRoot.appendingPathComponent("Examples/Catalogs").path
        for project in ["P", "S"] {
            for files in [[catalogs + "/Localizable.xcstrings"], [catalogs + "/res/values/strings.xml", catalogs + "/res/values-ko/strings.xml"]] {
                let imported = try run(speakable, ["import", "--config", scratch + "/\(project)/speakable.json"] + files)
                #expect(imported.status == 0, "\(imported.error)")
            }
        }
        let checked = try run(speakable, ["check", scratch + "/P"])
        let compiled = try run(speakable, ["compile", "--project", scratch + "/P", "--out", scratch + "/out"])
        #expect(checked.status == 0, "\(checked.output)")
        #expect(compiled.status == 0, "\(compiled.error)")
        // Into the starter project, the app's `level_label` and the starter's `level.label` are
        // one field of R (R.string.level_label: aapt2 keeps one of them, silently): both commands
        // say so, with the same error.
        let starterChecked = try run(speakable, ["check", scratch + "/S", "--format", "json"])
        let starterCompiled = try run(speakable, ["compile", "--project", scratch + "/S", "--out", scratch + "/out-s"])
        #expect(starterChecked.status == 1 && starterCompiled.status == 1)
        #expect(starterChecked.output.contains("catalog-key-collision"), "\(starterChecked.output.prefix(2000))")
        #expect(starterCompiled.error.contains("is R.string.level_label, which 'game:level.label' already uses [catalog-key-collision]"),
                "\(starterCompiled.error)")
    }

    /// A problem compile finds in a translation counts in that locale's row of check's summary.
    @Test func whatCompileRefusesInATranslationCountsInItsLocale() throws {
        let root = try temporaryFolder("check-refused-locale")
        try FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Locales/ko", withIntermediateDirectories: true)
        try #"{"targetLocales": ["ko"]}"#.write(toFile: root + "/speakable.json", atomically: true, encoding: .utf8)
        try #"{"messages": {"rank": {"message": "Rank {n, plural, one {#} other {#}}"}}}"#
            .write(toFile: root + "/Templates/t.json", atomically: true, encoding: .utf8)
        try #"{"rank": "{n, selectordinal, other {#등}}"}"#.write(toFile: root + "/Locales/ko/t.json", atomically: true, encoding: .utf8)
        let checked = try run(speakable, ["check", root, "--format", "json"])
        #expect(checked.status == 1)
        let json = try #require(JSONReader.read(checked.output, file: "report.json").root, "\(checked.output)")
        let rows = (json["summary"]?.array ?? []).map { ($0["locale"]?.string ?? "", $0["errors"]?.number?.doubleValue ?? -1) }
        #expect(rows.map(\.0) == ["en", "ko"])
        #expect(rows.first { $0.0 == "en" }?.1 == 0, "\(rows)")
        #expect((rows.first { $0.0 == "ko" }?.1 ?? 0) >= 1, "\(rows)")
        #expect(checked.output.contains("catalog-selectordinal"))
    }

    @Test func whatCompileRefusesIsAnErrorOfCheck() throws {
        let root = try temporaryFolder("check-refused")
        try FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Locales/ko", withIntermediateDirectories: true)
        try #"{"targetLocales": ["ko"]}"#.write(toFile: root + "/speakable.json", atomically: true, encoding: .utf8)
        try #"""
        {"messages": {
          "rank": {"message": "You came {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"},
          "stars": {"message": "{stars, plural, one {# star} other {# stars}}"}
        }}
        """#.write(toFile: root + "/Templates/t.json", atomically: true, encoding: .utf8)
        // A selectordinal has no platform form: compile refuses it (unless the message is runtime-only).
        try #"{"rank": "{n}등", "stars": "별 {stars}개"}"#.write(toFile: root + "/Locales/ko/t.json", atomically: true, encoding: .utf8)
        let checked = try run(speakable, ["check", root])
        let compiled = try run(speakable, ["compile", "--project", root, "--out", root + "/out"])
        #expect(compiled.status == 1)
        #expect(compiled.error.contains("Templates/t.json:2:33: error: 'rank': selectordinal 'n' cannot be expressed"))
        #expect(checked.status == 1)
        #expect(checked.output.contains("Templates/t.json:2:33: error: 'rank': selectordinal 'n' cannot be expressed: String Catalogs and Android resources have no ordinal plurals [catalog-selectordinal]"),
                "\(checked.output)")
        // With the message marked runtimeOnly neither refuses it.
        try #"""
        {"messages": {
          "rank": {"message": "You came {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "runtimeOnly": true},
          "stars": {"message": "{stars, plural, one {# star} other {# stars}}"}
        }}
        """#.write(toFile: root + "/Templates/t.json", atomically: true, encoding: .utf8)
        #expect(try run(speakable, ["check", root]).status == 0)
        #expect(try run(speakable, ["compile", "--project", root, "--out", root + "/out"]).status == 0)
    }
}

/// An imported app's own settings and Android's fallback hold in `check` of the project.
@Suite struct ImportedProjectCheckTests {
    @Test func lintsMissingTranslationSettingAndTheDefaultFoldersCategoriesHold() throws {
        let scratch = try temporaryFolder("imported-check")
        #expect(try run(speakable, ["init", "P", "--locales", "de,ar"], in: scratch).status == 0)
        for file in try FileManager.default.contentsOfDirectory(atPath: scratch + "/P/Templates") {
            try FileManager.default.removeItem(atPath: scratch + "/P/Templates/" + file)
        }
        for locale in ["de", "ar"] { try? FileManager.default.removeItem(atPath: scratch + "/P/Locales/\(locale)/game.json") }
        try FileManager.default.createDirectory(atPath: scratch + "/res/values", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch + "/res/values-de", withIntermediateDirectories: true)
        try #"""
        <?xml version="1.0" encoding="utf-8"?>
        <resources xmlns:tools="http://schemas.android.com/tools" tools:ignore="MissingTranslation">
            <string name="hello">Hello</string>
            <plurals name="left"><item quantity="zero">Nothing left</item><item quantity="one">%d left</item><item quantity="other">%d left</item></plurals>
        </resources>
        """#.write(toFile: scratch + "/res/values/strings.xml", atomically: true, encoding: .utf8)
        try #"<resources><string name="hello">Hallo</string></resources>"#
            .write(toFile: scratch + "/res/values-de/strings.xml", atomically: true, encoding: .utf8)
        let imported = try run(speakable, ["import", "--config", scratch + "/P/speakable.json",
                                           scratch + "/res/values/strings.xml", scratch + "/res/values-de/strings.xml"])
        #expect(imported.status == 0, "\(imported.error)")
        let checked = try run(speakable, ["check", scratch + "/P"])
        // de lacks 'left', ar everything: the app ignores missing translations on purpose.
        #expect(!checked.output.contains("[missing-translation]"), "\(checked.output)")
        #expect(checked.output.contains("3 exempted"), "\(checked.output)")
        // English never selects 'zero', but Arabic, with no folder of its own, reads values/.
        #expect(!checked.output.contains("[unused-plural-category]"), "\(checked.output)")
        #expect(checked.status == 0)
    }
}

/// `import` with a config that does not load (invalid JSON, a folder outside the project) wrote
/// into the default Templates/ and Locales/: it refuses, names the config's problem, writes nothing.
@Suite struct ImportConfigTests {
    @Test(arguments: [#"{"templates": "../outside"}"#, #"{"locales": "/tmp"}"#, #"{"sourceLocale": "en",}"#])
    func importRefusesAConfigWithErrors(config: String) throws {
        let scratch = try temporaryFolder("import-config")
        try FileManager.default.createDirectory(atPath: scratch + "/P", withIntermediateDirectories: true)
        try config.write(toFile: scratch + "/P/speakable.json", atomically: true, encoding: .utf8)
        let catalog = packageRoot.appendingPathComponent("Examples/Catalogs/res/values/strings.xml").path
        let imported = try run(speakable, ["import", "--config", scratch + "/P/speakable.json", catalog])
        #expect(imported.status == 1, "\(imported.output)\(imported.error)")
        #expect(imported.error.contains(scratch + "/P/speakable.json:1:"), "\(imported.error)")
        #expect(imported.error.contains("has errors; nothing was written"))
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch + "/P")
        #expect(written == ["speakable.json"], "\(written)")
        #expect(!FileManager.default.fileExists(atPath: scratch + "/outside"))
    }
}
