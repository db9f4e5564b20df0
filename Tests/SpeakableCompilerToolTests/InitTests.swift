import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SpeakableTestSupport

/// A tool the platform's own build uses (aapt2): skipped with a message when absent, except in CI,
/// where a missing tool is a failure.
func requiredTool(_ name: String, _ what: String) throws -> String? {
    if let path = which(name) { return path }
    if ProcessInfo.processInfo.environment["CI"] != nil {
        Issue.record("\(name) is not installed, and CI must have it (\(what)); .ci/run installs it")
        return nil
    }
    print("skipped: \(name) is not installed (\(what)); install it to run this check")
    return nil
}

/// `speakable init`, then `check`, then `compile`, with no edit in between; the Android resources
/// it compiles go through Android's own resource compiler and linker (aapt2) against the
/// platform's framework-res.apk, which must accept them without a single warning.
@Suite(.serialized) struct InitTests {
    static let frameworkRes = "/usr/share/android-framework-res/framework-res.apk"

    @Test func initThenCheckThenCompileThenAapt2() throws {
        let root = try temporaryFolder("init")
        let created = try run(speakable, ["init", "MyGame", "--locales", "ko,ja"], in: root)
        #expect(created.status == 0, "\(created.error)")
        #expect(created.error.isEmpty, "\(created.error)")
        #expect(created.output.contains("speakable check MyGame"), "\(created.output)")
        #expect(created.output.contains("speakable compile MyGame"), "\(created.output)")
        let project = root + "/MyGame"
        for file in ["speakable.json", "Templates/game.json", "Locales/ko/game.json", "Locales/ja/game.json", ".gitignore"] {
            #expect(FileManager.default.fileExists(atPath: project + "/" + file), "\(file)")
        }
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project + "/speakable.json"))) as? [String: Any]
        #expect(config?["sourceLocale"] as? String == "en")
        #expect(config?["targetLocales"] as? [String] == ["ko", "ja"])
        let templates = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project + "/Templates/game.json"))) as? [String: Any]
        let messages = try #require(templates?["messages"] as? [String: [String: Any]])
        #expect(Set(messages.values.compactMap { $0["role"] as? String }) == ["label", "value", "hint", "action", "announcement"])
        #expect(messages.values.allSatisfy { ($0["comment"] as? String)?.isEmpty == false })
        #expect(messages.values.contains { ($0["message"] as? String)?.contains("plural") == true })
        #expect(try String(contentsOfFile: project + "/.gitignore", encoding: .utf8).contains("/Generated/\n"))

        // check: no errors; every message of every target locale reported as needing translation.
        let checked = try run(speakable, ["check", "MyGame", "--format", "json"], in: root)
        #expect(checked.status == 0, "\(checked.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.count == 10)
        #expect(findings.allSatisfy { $0["rule"] as? String == "missing-translation" && $0["severity"] as? String == "warning" },
                "\(findings)")

        // compile: every output, written under the project.
        let compiled = try run(speakable, ["compile", "--project", "MyGame"], in: root)
        #expect(compiled.status == 0, "\(compiled.error)")
        #expect(compiled.error.isEmpty, "\(compiled.error)")
        let generated = project + "/Generated"
        for file in ["xcstrings/game.xcstrings", "android/res/values/strings.xml", "android/res/values-ko/strings.xml",
                     "android/res/values-ja/strings.xml", "xliff/ko.xliff", "xliff/ja.xliff", "swift/Speakable+game.swift"] {
            #expect(FileManager.default.fileExists(atPath: generated + "/" + file), "\(file)")
        }
        // The translations awaiting work reach translators as XLIFF units without a target, state initial.
        let xliff = try parseXML(generated + "/xliff/ko.xliff")
        #expect(xliff.elements["unit"] == 5)
        #expect(xliff.elements["target"] == nil)
        #expect(try String(contentsOfFile: generated + "/xliff/ko.xliff", encoding: .utf8).components(separatedBy: "state=\"initial\"").count - 1 == 5)

        // Android's resource compiler and linker accept the res/ folder without a warning.
        guard let aapt2 = try requiredTool("aapt2", "Debian package aapt") else { return }
        guard FileManager.default.fileExists(atPath: Self.frameworkRes) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("\(Self.frameworkRes) is missing (android-framework-res)") }
            else { print("skipped: \(Self.frameworkRes) is missing (Debian package android-framework-res)") }
            return
        }
        let work = try temporaryFolder("aapt2")
        try #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.mygame"/>"#
            .write(toFile: work + "/AndroidManifest.xml", atomically: true, encoding: .utf8)
        let aaptCompile = try run(aapt2, ["compile", "--dir", generated + "/android/res", "-o", work + "/res.zip"])
        #expect(aaptCompile.status == 0, "\(aaptCompile.error)")
        #expect((aaptCompile.output + aaptCompile.error).isEmpty, "aapt2 compile warned: \(aaptCompile.output)\(aaptCompile.error)")
        let link = try run(aapt2, ["link", "-I", Self.frameworkRes, "--manifest", work + "/AndroidManifest.xml",
                                   "-o", work + "/out.apk", work + "/res.zip"])
        #expect(link.status == 0, "\(link.error)")
        #expect((link.output + link.error).isEmpty, "aapt2 link warned: \(link.output)\(link.error)")
        let dump = try run(aapt2, ["dump", "resources", work + "/out.apk"])
        #expect(dump.output.contains("plurals/level.stars"))
        #expect(dump.output.contains(#"other="%1$,d of %2$,d stars""#), "\(dump.output)")  // grouped, as ICU prints it
        #expect(dump.output.contains(#"string/level.play.action"#))
    }

    @Test func initNeverOverwrites() throws {
        let root = try temporaryFolder("init-twice")
        #expect(try run(speakable, ["init", "--locales", "ko"], in: root).status == 0)
        let before = try String(contentsOfFile: root + "/Templates/game.json", encoding: .utf8)
        try "{\"messages\": {}}".write(toFile: root + "/Templates/game.json", atomically: true, encoding: .utf8)
        let again = try run(speakable, ["init", "--locales", "ko,ja"], in: root)
        #expect(again.status == 1)
        #expect(again.error.contains("speakable.json") && again.error.contains("Nothing was written"), "\(again.error)")
        #expect(try String(contentsOfFile: root + "/Templates/game.json", encoding: .utf8) == "{\"messages\": {}}")
        #expect(!FileManager.default.fileExists(atPath: root + "/Locales/ja"))
        #expect(before.contains("level.label"))

        // A folder that already holds templates is a project: init leaves it alone.
        let other = try temporaryFolder("init-project")
        try FileManager.default.createDirectory(atPath: other + "/Templates", withIntermediateDirectories: true)
        try "{\"messages\": {}}".write(toFile: other + "/Templates/ui.json", atomically: true, encoding: .utf8)
        let refused = try run(speakable, ["init", other])
        #expect(refused.status == 1)
        #expect(refused.error.contains("Templates/ui.json"), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: other + "/speakable.json"))

        // An existing .gitignore is the user's: left as it was, with a note on what to add.
        let app = try temporaryFolder("init-gitignore")
        try "build/\n".write(toFile: app + "/.gitignore", atomically: true, encoding: .utf8)
        let inApp = try run(speakable, ["init", app])
        #expect(inApp.status == 0, "\(inApp.error)")
        #expect(try String(contentsOfFile: app + "/.gitignore", encoding: .utf8) == "build/\n")
        #expect(inApp.output.contains("add the line /Generated/"), "\(inApp.output)")
    }

    @Test func badLocalesAreUsageErrorsWithWhatWasMeant() throws {
        let root = try temporaryFolder("init-locales")
        let typo = try run(speakable, ["init", "--locales", "kr"], in: root)
        #expect(typo.status == 64)
        #expect(typo.error.contains("did you mean 'ko' (Korean)?"), "\(typo.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
        #expect(try run(speakable, ["init", "--locales", "en"], in: root).status == 64)
        #expect(try run(speakable, ["init", "--source", "ja"], in: root).status == 64)
        // A Korean source works too.
        let korean = try run(speakable, ["init", "--source", "ko", "--locales", "en"], in: root)
        #expect(korean.status == 0, "\(korean.error)")
        #expect(try String(contentsOfFile: root + "/Templates/game.json", encoding: .utf8).contains("{level}단계"))
        #expect(try run(speakable, ["check"], in: root).status == 0)
        #expect(try run(speakable, ["compile"], in: root).status == 0)
    }

    /// Examples/Starter is what `init --locales ko` writes, with the Korean filled in; it stays so
    /// (the documentation's examples use it as a small real project), and checks clean.
    @Test func theStarterExampleIsWhatInitWrites() throws {
        let root = try temporaryFolder("starter")
        #expect(try run(speakable, ["init", root, "--locales", "ko"]).status == 0)
        let starter = packageRoot.path + "/Examples/Starter"
        for file in ["speakable.json", "Templates/game.json", "Scenarios/game.json", ".gitignore"] {
            #expect(try String(contentsOfFile: root + "/" + file, encoding: .utf8) == String(contentsOfFile: starter + "/" + file, encoding: .utf8),
                    "Examples/Starter/\(file) differs from what speakable init writes")
        }
        let korean = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: starter + "/Locales/ko/game.json"))) as? [String: String]
        let templates = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: starter + "/Templates/game.json"))) as? [String: Any]
        #expect(Set(korean?.keys ?? [:].keys) == Set((templates?["messages"] as? [String: Any])?.keys ?? [:].keys))
        let checked = try run(speakable, ["check", starter, "--format", "json"])
        #expect(checked.status == 0, "\(checked.error)")
        let report = try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.isEmpty == true, "\(checked.output)")
    }

    @Test func compilingNothingSaysSoAndWritesNothing() throws {
        let root = try temporaryFolder("nothing")
        let result = try run(speakable, ["compile"], in: root)
        #expect(result.status == 64)
        #expect(result.error.contains("nothing to compile"), "\(result.error)")
        #expect(result.error.contains("speakable init"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }

    @Test func withoutTargetLocalesOnlyTheSourceIsCompiled() throws {
        let root = try temporaryFolder("source-only")
        #expect(try run(speakable, ["init"], in: root).status == 0)
        let result = try run(speakable, ["compile"], in: root)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("no target locales"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: root + "/Generated/xliff"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/Generated/android/res") == ["values"])
    }

    /// A team with catalogs: `init --empty` (a German source), then its `res/` imported whole,
    /// then check and compile — no sample table's missing translations in the way.
    @Test func anEmptyProjectTakesTheAppsCatalogs() throws {
        let root = try temporaryFolder("empty")
        let created = try run(speakable, ["init", "App", "--empty", "--source", "de", "--locales", "fr"], in: root)
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.contains("speakable import --config App/speakable.json"), "\(created.output)")
        let project = root + "/App"
        #expect(try FileManager.default.contentsOfDirectory(atPath: project).sorted() == [".gitignore", "speakable.json"])
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project + "/speakable.json"))) as? [String: Any]
        #expect(config?["sourceLocale"] as? String == "de")

        try FileManager.default.createDirectory(atPath: root + "/res/values-fr", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/res/values", withIntermediateDirectories: true)
        try Data(#"<resources><string name="play">Spielen</string><string name="score">Punkte: %1$d</string></resources>"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/res/values/strings.xml"))
        try Data(#"<resources><string name="play">Jouer</string><string name="score">Points : %1$d</string></resources>"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/res/values-fr/strings.xml"))
        let imported = try run(speakable, ["import", "--config", "App/speakable.json", "res"], in: root)
        #expect(imported.status == 0, "\(imported.error)")
        let checked = try run(speakable, ["check", "App", "--format", "json"], in: root)
        #expect(checked.status == 0, "\(checked.error)")
        let report = try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.isEmpty == true, "\(checked.output)")
        let compiled = try run(speakable, ["compile", "--project", "App", "--only", "android"], in: root)
        #expect(compiled.status == 0, "\(compiled.error)")
        let french = try String(contentsOfFile: project + "/Generated/android/res/values-fr/strings.xml", encoding: .utf8)
        #expect(french.contains(#"<string name="score">Points : %1$d</string>"#), "\(french)")
    }

    @Test func emptyTakesNoTable() throws {
        let root = try temporaryFolder("empty-table")
        let result = try run(speakable, ["init", "--empty", "--table", "ui"], in: root)
        #expect(result.status == 64)
        #expect(result.error.contains("--empty"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }
}
