import FoundationEssentials
import SpeakableCatalog
import SpeakableChecker
import SpeakableCompiler
import SpeakablePlatformFormats
import SpeakableSpeech
import Testing

/// Outputs check like their project: for a project that checks clean, `speakable check` on
/// every output of `compile` — each `.xcstrings`, the Android `res/`, each XLIFF — reports
/// nothing; for one with findings, the outputs report nothing the project does not.
@Suite struct CompiledOutputTests {
    /// Every output of compiling `root` (written to a fresh folder), checked as a platform
    /// catalog: findings by output path.
    static func checkOutputs(_ root: String, reuseOriginalValues: Bool = true,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: [Finding]] {
        var options = CompileOptions()
        options.outputs = [.xcstrings, .android, .xliff]
        options.reuseOriginalValues = reuseOriginalValues
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.rendered))", sourceLocation: sourceLocation)
        let out = try makeProject([:]) + "/out"
        defer { try? FileManager.default.removeItem(atPath: String(out.dropLast(4))) }
        _ = try OutputWriter.write(result.files, to: out)
        var inputs = Set<String>()
        for file in result.files {
            if file.path.hasPrefix("android/res/") { inputs.insert(out + "/android/res") } else { inputs.insert(out + "/" + file.path) }
        }
        #expect(inputs.contains(out + "/android/res"), sourceLocation: sourceLocation)
        var findings: [String: [Finding]] = [:]
        for path in inputs.sorted() {
            let result = try checkPlatform(path, sourceLocale: ProjectLoader.load(directory: root).config.sourceLocale,
                                           spokenSeconds: estimatedSeconds, sourceLocation: sourceLocation)
            findings[String(path.dropFirst(out.count + 1))] = result.findings
        }
        return findings
    }

    static func projectFindings(_ root: String) -> [Finding] {
        checkProject(root).findings
    }

    /// Every output finding has a project finding of the same rule in the same locale (one
    /// message may become several platform resources: counts differ, kinds do not).
    static func expectNothingNew(_ outputs: [String: [Finding]], project: [Finding], _ what: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let known = Set(project.map { "\($0.rule) \($0.locale ?? "")" })
        for (path, findings) in outputs.sorted(by: { $0.key < $1.key }) {
            for f in findings where !known.contains("\(f.rule) \(f.locale ?? "")") {
                Issue.record("\(what): \(path) reports what the project does not: \(f.rendered)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: The built-in catalog

    @Test(.enabled(if: builtInCatalog != nil, "the package has no Templates/ folder"))
    func builtInCatalogOutputsCheckClean() throws {
        let root = builtInCatalog!
        #expect(Self.projectFindings(root).isEmpty)
        let outputs = try Self.checkOutputs(root)
        #expect(outputs.keys.sorted() == ["android/res", "xcstrings/block.xcstrings", "xcstrings/common.xcstrings",
                                          "xcstrings/game.xcstrings", "xcstrings/sudoku.xcstrings", "xliff/ko.xliff"])
        for (path, findings) in outputs {
            #expect(findings.isEmpty, "\(path): \(findings.map(\.rendered))")
        }
    }

    // MARK: A generated project

    /// Messages of every shape the compiler handles — plain text, text and number arguments,
    /// a plural alone and inside text, `=0`, a select, an action fragment, a hint, a literal
    /// percent sign, a Korean particle after an argument — in five locales with different plural
    /// rules (ko: other; ru: one, few, many; ar: all six; fr; ja). The translations are test
    /// data written with care (the Korean follows DESIGN.md's rules) and await native speakers'
    /// review before anyone reuses them.
    static let generated: [(key: String, role: String, message: String, examples: String, translations: [String: String])] = [
        ("settings.label", "label", "Settings", "", ["ko": "설정", "ru": "Настройки", "ar": "الإعدادات", "fr": "Réglages", "ja": "設定"]),
        ("greeting", "text", "Hello, {name}", #"[{"name": "Mina"}]"#,
         ["ko": "{name}님, 안녕하세요", "ru": "Привет, {name}", "ar": "مرحبًا، {name}", "fr": "Bonjour, {name}", "ja": "こんにちは、{name}さん"]),
        ("score", "text", "Score {score, number}", #"[{"score": 4530}]"#,
         ["ko": "점수 {score, number}점", "ru": "Счёт {score, number}", "ar": "النتيجة {score, number}", "fr": "Points : {score, number}",
          "ja": "スコア {score, number}"]),
        ("stars", "text", "{count, plural, one {# star} other {# stars}}", #"[{"count": 2}]"#,
         ["ko": "별 {count}개", "ru": "{count, plural, one {# звезда} few {# звезды} many {# звёзд} other {# звезды}}",
          "ar": "{count, plural, zero {لا نجوم} one {نجمة واحدة} two {نجمتان} few {# نجوم} many {# نجمة} other {# نجمة}}",
          "fr": "{count, plural, one {# étoile} other {# étoiles}}", "ja": "星{count}個"]),
        ("level", "text", "Level {level, number}, {stars, plural, one {# star} other {# stars}}", #"[{"level": 5, "stars": 2}]"#,
         ["ko": "{level, number}단계, 별 {stars}개",
          "ru": "Уровень {level, number}, {stars, plural, one {# звезда} few {# звезды} many {# звёзд} other {# звезды}}",
          "ar": "المستوى {level, number}، {stars, plural, zero {بلا نجوم} one {نجمة واحدة} two {نجمتان} few {# نجوم} many {# نجمة} other {# نجمة}}",
          "fr": "Niveau {level, number}, {stars, plural, one {# étoile} other {# étoiles}}", "ja": "レベル{level, number}、星{stars}個"]),
        ("coins", "text", "{count, plural, =0 {No coins} one {# coin} other {# coins}}", #"[{"count": 0}, {"count": 3}]"#,
         ["ko": "{count, plural, =0 {코인 없음} other {코인 {count}개}}",
          "ru": "{count, plural, =0 {Нет монет} one {# монета} few {# монеты} many {# монет} other {# монеты}}",
          "ar": "{count, plural, =0 {لا عملات} one {عملة واحدة} two {عملتان} few {# عملات} many {# عملة} other {# عملة}}",
          "fr": "{count, plural, =0 {Aucune pièce} one {# pièce} other {# pièces}}", "ja": "{count, plural, =0 {コインなし} other {コイン{count}枚}}"]),
        ("mode", "text", "{mode, select, daily {Daily challenge} other {Classic}}", #"[{"mode": "daily"}]"#,
         ["ko": "{mode, select, daily {일일 도전} other {클래식}}", "ru": "{mode, select, daily {Ежедневное испытание} other {Классика}}",
          "ar": "{mode, select, daily {تحدي اليوم} other {كلاسيكي}}", "fr": "{mode, select, daily {Défi du jour} other {Classique}}",
          "ja": "{mode, select, daily {デイリーチャレンジ} other {クラシック}}"]),
        ("place.action", "action", "place the piece", "",
         ["ko": "조각 배치", "ru": "положить фигуру", "ar": "ضع القطعة", "fr": "placer la pièce", "ja": "ピースを置く"]),
        ("place.hint", "hint", "Places the piece", "",
         ["ko": "조각을 놓습니다", "ru": "Кладёт фигуру", "ar": "يضع القطعة", "fr": "Place la pièce", "ja": "ピースを置きます"]),
        ("progress", "text", "100% complete", "", ["ko": "100% 완료", "ru": "Готово на 100%", "ar": "اكتمل 100%", "fr": "Terminé à 100 %", "ja": "100%完了"]),
        ("scored", "text", "{player} scored {points, number}", #"[{"player": "Mina", "points": 320}]"#,
         ["ko": "{player}: {points, number}점", "ru": "Игрок {player} набрал {points, number}", "ar": "{player}: {points, number}",
          "fr": "{player} a marqué {points, number}", "ja": "{player}: {points, number}点"]),
        ("placed", "announcement", "Placed {piece}", #"[{"piece": "the square"}]"#,
         ["ko": "{piece}을(를) 놓았습니다", "ru": "Поставлено: {piece}", "ar": "تم وضع {piece}", "fr": "Placé : {piece}", "ja": "{piece}を置きました"]),
    ]

    static func writeGenerated() throws -> String {
        func json(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        var template = "{\n  \"messages\": {\n"
        template += generated.map { m in
            "    \(json(m.key)): {\"role\": \(json(m.role)), \"message\": \(json(m.message))" + (m.examples.isEmpty ? "" : ", \"examples\": \(m.examples)") + "}"
        }.joined(separator: ",\n")
        template += "\n  }\n}\n"
        var files = ["speakable.json": #"{"targetLocales": ["ar", "fr", "ja", "ko", "ru"]}"#, "Templates/game.json": template]
        for tag in ["ar", "fr", "ja", "ko", "ru"] {
            files["Locales/\(tag)/game.json"] = "{\n" + generated.map { "  \(json($0.key)): \(json($0.translations[tag]!))" }.joined(separator: ",\n") + "\n}\n"
        }
        return try makeProject(files)
    }

    @Test func generatedProjectOutputsCheckClean() throws {
        let root = try Self.writeGenerated()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = Self.projectFindings(root)
        #expect(project.isEmpty, "\(project.map(\.rendered))")
        for reuse in [true, false] {
            let outputs = try Self.checkOutputs(root, reuseOriginalValues: reuse)
            #expect(outputs.keys.sorted() == ["android/res", "xcstrings/game.xcstrings", "xliff/ar.xliff", "xliff/fr.xliff", "xliff/ja.xliff",
                                              "xliff/ko.xliff", "xliff/ru.xliff"])
            for (path, findings) in outputs {
                #expect(findings.isEmpty, "\(path): \(findings.map(\.rendered))")
            }
        }
    }

    // MARK: The real catalogs, imported and compiled

    /// Imports `files` (paths relative to the catalogs folder, laid out where `layout` says)
    /// into a fresh project.
    static func imported(_ layout: [String: String]) throws -> String {
        var files: [String: String] = [:]
        for (target, name) in layout {
            files["input/" + target] = String(decoding: try Data(contentsOf: URL(fileURLWithPath: catalogsDirectory! + "/" + name)), as: UTF8.self)
        }
        let root = try makeProject(files)
        let paths = layout.keys.sorted().map { root + "/input/" + $0 }
        let result = CatalogImporter.importFiles(paths, project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.rendered))")
        _ = try OutputWriter.write(result.files, to: root)
        try FileManager.default.removeItem(atPath: root + "/input")
        return root
    }

    static let realCatalogs: [(name: String, layout: [String: String])] = [
        ("CotEditor CommandBar", ["CommandBar.xcstrings": "CotEditor_CommandBar.xcstrings"]),
        ("CotEditor FileScopeEditor", ["FileScopeEditor.xcstrings": "CotEditor_FileScopeEditor.xcstrings"]),
        ("xcstrings-tool Localizable", ["Localizable.xcstrings": "xcstrings-tool_Localizable.xcstrings"]),
        ("xcstrings-tool Substitution", ["Substitution.xcstrings": "xcstrings-tool_Substitution.xcstrings"]),
        ("DeskClock", ["res/values/strings.xml": "DeskClock_values_strings.xml", "res/values-ko/strings.xml": "DeskClock_values-ko_strings.xml"]),
        ("Soundscape", ["res/values/strings.xml": "Soundscape-Android_values_strings.xml"]),
        ("moz-l10n Xcode XLIFF", ["xcode.xliff": "moz-l10n_xcode26-xcstrings.xliff"]),
    ]

    @Test(.enabled(if: catalogsDirectory != nil, "../shared/testdata/catalogs is not next to the package"),
          arguments: realCatalogs.map(\.name))
    func realCatalogsImportedAndCompiledCheckLikeTheirProject(name: String) throws {
        let layout = Self.realCatalogs.first { $0.name == name }!.layout
        let root = try Self.imported(layout)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = Self.projectFindings(root)
        // Converted from ICU (what every edited value becomes), and with the imported values
        // written back as they were.
        for reuse in [false, true] {
            let outputs = try Self.checkOutputs(root, reuseOriginalValues: reuse)
            if project.isEmpty {
                for (path, findings) in outputs {
                    #expect(findings.isEmpty, "\(name) (reuse: \(reuse)) \(path): \(findings.map(\.rendered))")
                }
            } else if !reuse {
                Self.expectNothingNew(outputs, project: project, "\(name) converted")
            }
        }
    }
}
