import Foundation
import Testing
import SpeakableTestSupport

/// Android's own resource compiler judges every generated `res/`: `aapt2 compile` and `aapt2
/// link` against the platform's `framework-res.apk` must succeed without a single warning (a
/// warning such as "removing resource … without required default value" means Android users
/// hear another language). Skipped with a message when aapt2 is missing, except under CI.
@Suite(.enabled(if: Aapt2.available, Aapt2.skipNote))
struct Aapt2LinkTests {
    static let catalogs = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata/catalogs").path
    static var hasCatalogs: Bool { FileManager.default.fileExists(atPath: catalogs + "/DeskClock_values_strings.xml") }

    /// `speakable compile --only android` of a project, then aapt2; the problems aapt2 printed.
    func compileAndLink(project: String, sourceLocale: String = "en", sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let out = try temporaryFolder("aapt2-out")
        let compiled = try run(speakable, ["compile", "--project", project, "--out", out, "--only", "android"])
        #expect(compiled.status == 0, "\(compiled.error)", sourceLocation: sourceLocation)
        return try Aapt2.link(res: out + "/android/res")
    }

    @Test func theBuiltInCatalogLinksWithoutWarnings() throws {
        // Before issue 8: ten "removing resource game.coins … without required default value".
        #expect(try compileAndLink(project: packageRoot.path) == [])
    }

    @Test func theFixtureProjectLinksWithoutWarnings() throws {
        #expect(try compileAndLink(project: fixture) == [])
    }

    @Test func aGeneratedStressProjectLinksWithoutWarnings() throws {
        let project = try StressProject.write()
        #expect(try compileAndLink(project: project) == [])
    }

    @Test(.enabled(if: hasCatalogs, "../shared/testdata/catalogs is not next to the package"),
          arguments: [
              ["DeskClock_values_strings.xml:values", "DeskClock_values-ko_strings.xml:values-ko"],
              ["Soundscape-Android_values_strings.xml:values"],
              ["CotEditor_CommandBar.xcstrings"], ["CotEditor_FileScopeEditor.xcstrings"],
              ["xcstrings-tool_Localizable.xcstrings"], ["xcstrings-tool_Substitution.xcstrings"],
              ["moz-l10n_xcode26-xcstrings.xliff"],
          ])
    func everyRealCatalogImportedThenCompiledLinksWithoutWarnings(files: [String]) throws {
        let project = try temporaryFolder("aapt2-real")
        var paths: [String] = []
        for file in files {
            let parts = file.split(separator: ":").map(String.init)
            if parts.count == 2 {
                let folder = project + "/res/" + parts[1]
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: Self.catalogs + "/" + parts[0], toPath: folder + "/strings.xml")
                paths.append(folder + "/strings.xml")
            } else {
                try FileManager.default.copyItem(atPath: Self.catalogs + "/" + file, toPath: project + "/" + file)
                paths.append(project + "/" + file)
            }
        }
        let imported = try run(speakable, ["import"] + paths, in: project)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try compileAndLink(project: project) == [])
    }

    /// A project started with `init`, an app's `res/` imported into it, compiled both ways
    /// (kept values written back, and every value converted from ICU): what aapt2 printed, per mode.
    func importCompileAndLink(locales: String, res: [String: String]) throws -> [String: [String]] {
        let scratch = try temporaryFolder("aapt2-import")
        let initialized = try run(speakable, ["init", "P", "--locales", locales], in: scratch)
        #expect(initialized.status == 0, "\(initialized.error)")
        var paths: [String] = []
        for (folder, body) in res.sorted(by: { $0.key < $1.key }) {
            let path = scratch + "/res/\(folder)/strings.xml"
            try FileManager.default.createDirectory(atPath: scratch + "/res/\(folder)", withIntermediateDirectories: true)
            try (#"<?xml version="1.0" encoding="utf-8"?>"# + "\n<resources>\n" + body + "\n</resources>\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let imported = try run(speakable, ["import", "--config", scratch + "/P/speakable.json"] + paths)
        #expect(imported.status == 0, "\(imported.error)")
        var problems: [String: [String]] = [:]
        for (mode, flags) in [("default", [String]()), ("convert-all", ["--convert-all"])] {
            let out = scratch + "/out-" + mode
            let compiled = try run(speakable, ["compile", "--project", scratch + "/P", "--out", out, "--only", "android"] + flags)
            #expect(compiled.status == 0, "\(mode): \(compiled.error)")
            problems[mode] = try Aapt2.link(res: out + "/android/res")
        }
        return problems
    }

    /// A translation of another resource type than the default's is what aapt2 drops with
    /// "removing resource … without required default value": compiled as the default's type.
    @Test func aTranslationOfAnotherResourceTypeLinksWithoutWarnings() throws {
        let problems = try importCompileAndLink(locales: "zh-CN", res: [
            "values": #"<plurals name="total"><item quantity="one">%d episode</item><item quantity="other">%d episodes</item></plurals>"#,
            "values-zh-rCN": #"<string name="total">%d 集</string>"#,
        ])
        #expect(problems == ["default": [], "convert-all": []])
    }

    /// `init --locales iw` and Android's `values-iw/`: one locale, not two outputs for one folder.
    @Test func androidsLegacyHebrewFolderIsTheProjectsLocale() throws {
        let problems = try importCompileAndLink(locales: "iw", res: [
            "values": #"<string name="hello">Hello</string>"#,
            "values-iw": #"<string name="hello">שלום</string>"#,
        ])
        #expect(problems == ["default": [], "convert-all": []])
    }

    /// An app's whole `res/` (AntennaPod, 11 locales): both ways, aapt2 links it without a warning
    /// (the original itself has three: translations whose string left the default file).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.catalogs + "/real/antennapod/res/values/strings.xml"),
                   "../shared/testdata/catalogs/real/antennapod is not next to the package"))
    func antennaPodImportedAndCompiledLinksWithoutWarnings() throws {
        let scratch = try temporaryFolder("aapt2-antennapod")
        let res = Self.catalogs + "/real/antennapod/res"
        let folders = try FileManager.default.contentsOfDirectory(atPath: res).filter { $0.hasPrefix("values") }.sorted()
        let initialized = try run(speakable, ["init", "P", "--locales", "ar,de,fa,iw,ja,ko,ml,pl,pt-BR,ru"], in: scratch)
        #expect(initialized.status == 0, "\(initialized.error)")
        let imported = try run(speakable, ["import", "--config", scratch + "/P/speakable.json"] + folders.map { res + "/" + $0 + "/strings.xml" })
        #expect(imported.status == 0, "\(imported.error)")
        for flags in [[String](), ["--convert-all"]] {
            let out = scratch + "/out" + flags.joined()
            let compiled = try run(speakable, ["compile", "--project", scratch + "/P", "--out", out] + flags)
            #expect(compiled.status == 0, "\(flags): \(compiled.error)")
            #expect(try Aapt2.link(res: out + "/android/res") == [], "\(flags)")
        }
    }
}

enum Aapt2 {
    static let frameworkRes = "/usr/share/android-framework-res/framework-res.apk"
    static var tool: String? { which("aapt2") }
    static var available: Bool {
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }   // CI always has it: a missing tool fails there
        return tool != nil && FileManager.default.fileExists(atPath: frameworkRes)
    }
    static let skipNote: Comment = "aapt2 or framework-res.apk is missing (apt-get install aapt android-framework-res); skipping the Android link checks"

    /// Compiles and links `res`; every line aapt2 printed (warnings and errors), or why it failed.
    static func link(res: String) throws -> [String] {
        let aapt2 = try #require(tool, "aapt2 is not on PATH")
        try #require(FileManager.default.fileExists(atPath: frameworkRes), "\(frameworkRes) is missing")
        let scratch = try temporaryFolder("aapt2")
        try #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.speakable"/>"#
            .write(toFile: scratch + "/AndroidManifest.xml", atomically: true, encoding: .utf8)
        let compile = try run(aapt2, ["compile", "--dir", res, "-o", scratch + "/res.zip"])
        var problems = lines(compile.output + compile.error)
        guard compile.status == 0 else { return problems + ["aapt2 compile failed (exit \(compile.status))"] }
        let link = try run(aapt2, ["link", "-I", frameworkRes, "--manifest", scratch + "/AndroidManifest.xml", "-o", scratch + "/out.apk",
                                   scratch + "/res.zip"])
        problems += lines(link.output + link.error)
        if link.status != 0 { problems.append("aapt2 link failed (exit \(link.status))") }
        return problems
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
    }
}

/// A project that exercises what Android resources find hard: many locales with their own plural
/// categories (Arabic zero/two/few/many, Welsh, Russian, Polish, Latvian), translations that drop
/// or add plurals, exact matches, several plurals in one message, nested select and plural,
/// apostrophes, `%`, quotes, leading `@` and `?`, right-to-left text, Korean particles.
enum StressProject {
    static let locales = ["ar", "cy", "ru", "pl", "lv", "he", "ko", "ja", "fr", "pt-BR", "sr-Latn", "zh-Hant", "ga", "id", "de"]

    static func write() throws -> String {
        let root = try temporaryFolder("stress")
        try FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        let targets = locales.map { "\"\($0)\"" }.joined(separator: ", ")
        try #"{ "targetLocales": [\#(targets)] }"#.write(toFile: root + "/speakable.json", atomically: true, encoding: .utf8)
        let messages: [(String, String)] = [
            ("stars", "{n, plural, =0 {No stars yet} one {# star} other {# stars}}"),
            ("lines", "Cleared {lines, plural, one {# line} other {# lines}} and {combo, plural, =1 {no combo} one {# combo} other {# combos}}."),
            ("cell", "Row {row}, {state, select, empty {empty} given {given {digit, plural, one {# (one)} other {#}}} other {{digit}}}"),
            ("score", "Score {score, number} ({best, number, ::group-off} best), {pct}% done"),
            ("quote", "Don't say \"{name}\" — it''s 100% {name}'s"),
            ("at", "@{handle} asked? {count, plural, one {# reply} other {# replies}}"),
            ("time", "{minutes, number, ::integer-width/*00}:{seconds, number, ::integer-width/*00}"),
            ("wait", "Wait {s, number, ::measure-unit/duration-second unit-width-full-name}"),
            ("players", "{gender, select, female {{count, plural, one {She and # friend} other {She and # friends}}} other {{count, plural, one {They and # friend} other {They and # friends}}}}"),
            ("rtl", "\u{05E9}\u{05DC}\u{05D5}\u{05DD} {name} \u{2067}{place}\u{2069}"),
            // Two `%` in a string no one formats: aapt2 refuses it unless formatted="false".
            ("percent", "100% sure — 50% off"),
            ("sale", "{item}: 50% off"),
        ]
        let template = "{ \"messages\": {\n" + messages.map { key, message in
            "  \(json(key)): { \"message\": \(json(message)) }"
        }.joined(separator: ",\n") + "\n} }\n"
        try template.write(toFile: root + "/Templates/stress.json", atomically: true, encoding: .utf8)
        for locale in locales {
            let folder = root + "/Locales/\(locale)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var translations = Dictionary(uniqueKeysWithValues: messages)
            switch locale {
            case "ko":
                translations["stars"] = "별 {n}개"
                translations["lines"] = "{lines}줄 지움, 콤보 {combo, plural, =0 {없음} other {#회}}"
                translations["cell"] = "{row}행, {state, select, empty {빈칸} given {주어진 숫자 {digit}} other {{digit}}}"
                translations["quote"] = "{name}을(를) 말하지 마세요 — 100% {name}의 것"
                translations["wait"] = "{s, number, ::measure-unit/duration-second unit-width-full-name}을(를) 기다리세요"
                translations["players"] = "{gender, select, female {그녀와 친구 {count}명} other {그들과 친구 {count}명}}"
            case "de":
                // A translation without the argument is still formatted (the app passes it): 50 %% Rabatt.
                translations["sale"] = "50 % Rabatt"
                translations["percent"] = "100 % sicher — 50 % Rabatt"
            case "ar":
                translations["stars"] = "{n, plural, zero {لا نجوم} one {نجمة واحدة} two {نجمتان} few {# نجوم} many {# نجمة} other {# نجمة}}"
            case "ru":
                translations["stars"] = "{n, plural, one {# звезда} few {# звезды} many {# звёзд} other {# звезды}}"
            case "ja", "zh-Hant", "id":
                translations["stars"] = "★ {n}"
                translations["at"] = "@{handle}? {count}"
            default:
                break
            }
            let text = "{\n" + messages.map { key, _ in "  \(json(key)): \(json(translations[key]!))" }.joined(separator: ",\n") + "\n}\n"
            try text.write(toFile: folder + "/stress.json", atomically: true, encoding: .utf8)
        }
        return root
    }

    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
    }
}
