public import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU

/// Turns a loaded Speakable project into the checker's input.
///
/// ```swift
/// let input = ProjectInput.make(from: ProjectLoader.load(directory: "MyGame"))
/// input.tables.map(\.name)   // ["game", "menu"]
/// ```
///
/// Locales checked: every `targetLocales` entry and every folder under `Locales/` other than the
/// source locale's. A target locale with no file for a table has all its keys missing.
public enum ProjectInput {
    public static func make(from project: Project) -> CheckInput {
        let config = project.config
        var settings = CheckSettings()
        for (id, entry) in config.rules {
            settings.severities[id] = entry.severity
            settings.severityPositions[id] = entry.position
        }
        settings.configFile = config.file
        settings.hintStyle = config.hintStyle
        settings.budgets = config.budgets
        settings.allowUntranslated = config.check.allowUntranslated
        settings.reportAnyBidiControl = config.check.bidiControls == "any"

        let sourceLocale = (try? ICULocale(config.sourceLocale)) ?? .english
        var tags = Set(project.localeTags)
        for tag in config.targetLocales { tags.insert(tag) }
        tags.remove(config.sourceLocale)
        let localeByTag: [String: ICULocale] = Dictionary(uniqueKeysWithValues: tags.compactMap { tag in
            (try? ICULocale(tag)).map { (tag, $0) }
        })

        var tables: [CheckTable] = []
        for table in project.tables {
            // `"translatable": false` (a brand, a format) needs no translation in any locale: left
            // out like Android's translatable="false" and a String Catalog's shouldTranslate: false.
            let untranslatable = Set(table.messages.filter { !$0.translatable }.map(\.key))
            let messages = table.messages.filter(\.translatable).map { m in
                SourceMessage(key: m.key, keyPosition: m.keyPosition, role: m.role, text: PositionedText(m.source),
                              pattern: m.pattern, examples: m.examples.map(\.arguments), maxSeconds: m.maxSeconds,
                              maxGraphemes: m.maxGraphemes, exemptions: m.exemptions)
            }
            var locales: [TargetLocale] = []
            for tag in localeByTag.keys.sorted() {
                let locale = localeByTag[tag]!
                if let file = table.locales[tag] {
                    locales.append(TargetLocale(tag: tag, locale: locale, file: file.file, messages: file.translations.filter { !untranslatable.contains($0.key) }.map { t in
                        TargetMessage(key: t.key, keyPosition: t.keyPosition, text: PositionedText(t.source), pattern: t.pattern)
                    }))
                } else {
                    var path = ProjectLoaderPaths.join(ProjectLoaderPaths.join(ProjectLoaderPaths.join(project.root, config.locales), tag),
                                                       table.name + ".json")
                    if path.hasPrefix("./") { path.removeFirst(2) }
                    locales.append(TargetLocale(tag: tag, locale: locale, file: path, fileExists: false, messages: []))
                }
            }
            tables.append(CheckTable(name: table.name, file: table.file, messages: messages, locales: locales))
        }
        // The loader reports syntax errors without locale or key; the checker reports them itself.
        var diagnostics = project.diagnostics.filter { $0.id != "syntax-error" }
        if tables.allSatisfy(\.messages.isEmpty) {
            let templates = ProjectLoaderPaths.join(project.root, config.templates)
            diagnostics.append(Diagnostic(
                severity: .error, id: "no-messages",
                message: "nothing to check: \(templates)/ holds no messages" + (project.tables.isEmpty ? " (no .json files)" : ""),
                file: config.file ?? templates, position: config.file == nil ? nil : SourcePosition(line: 1, column: 1),
                hint: "give the project folder (with speakable.json, Templates/ and Locales/), a .xcstrings file, an Android res/ folder or an XLIFF file"))
        }
        return CheckInput(sourceTag: config.sourceLocale, sourceLocale: sourceLocale, tables: tables, settings: settings,
                          inputDiagnostics: diagnostics)
    }
}

enum ProjectLoaderPaths {
    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." || directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
