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

        // `"translatable": false` (a brand, a format) needs no translation in any locale: left
        // out like Android's translatable="false" and a String Catalog's shouldTranslate: false.
        let untranslatable: [Set<String>] = project.tables.map { table in Set(table.messages.filter { !$0.translatable }.map(\.key)) }

        /// A table's translations into `tag`, from its file (nil: the locale has no file for it);
        /// `untranslatable`: the table's keys that are not translated.
        @Sendable func target(_ table: Table, _ untranslatable: Set<String>, _ tag: String, _ locale: ICULocale,
                              _ file: LocaleFile?) -> TargetLocale {
            if let file {
                let translations = untranslatable.isEmpty ? file.translations : file.translations.filter { !untranslatable.contains($0.key) }
                return TargetLocale(tag: tag, locale: locale, file: file.file, messages: translations.map { t in
                    TargetMessage(key: t.key, keyPosition: t.keyPosition, text: PositionedText(t.source), pattern: t.pattern)
                })
            }
            var path = ProjectLoaderPaths.join(ProjectLoaderPaths.join(ProjectLoaderPaths.join(project.root, config.locales), tag),
                                               table.name + ".json")
            if path.hasPrefix("./") { path.removeFirst(2) }
            return TargetLocale(tag: tag, locale: locale, file: path, fileExists: false, messages: [])
        }

        var tables: [CheckTable] = []
        for (index, table) in project.tables.enumerated() {
            let messages = table.messages.filter(\.translatable).map { m in
                SourceMessage(key: m.key, keyPosition: m.keyPosition, role: m.role, text: PositionedText(m.source),
                              pattern: m.pattern, examples: m.examples.map(\.arguments), maxSeconds: m.maxSeconds,
                              maxGraphemes: m.maxGraphemes, exemptions: m.exemptions)
            }
            var locales: [TargetLocale] = []
            if !project.localesDeferred {
                for tag in localeByTag.keys.sorted() {
                    locales.append(target(table, untranslatable[index], tag, localeByTag[tag]!, table.locales[tag]))
                }
            }
            tables.append(CheckTable(name: table.name, file: table.file, messages: messages, locales: locales))
        }
        var deferred: [DeferredLocale] = []
        if project.localesDeferred {
            let folders = Set(project.localeTags)
            for tag in localeByTag.keys.sorted() {
                let locale = localeByTag[tag]!
                deferred.append(DeferredLocale(tag: tag) {
                    // A target locale without a folder misses every key of every table.
                    let read: (files: [LocaleFile?], diagnostics: [Diagnostic]) =
                        folders.contains(tag) ? ProjectLoader.readLocale(tag, of: project) : (project.tables.map { _ in nil }, [])
                    let locales = project.tables.indices.map { i in target(project.tables[i], untranslatable[i], tag, locale, read.files[i]) }
                    // The loader reports syntax errors without locale or key; the checker reports them itself.
                    return (locales, read.diagnostics.filter { $0.id != "syntax-error" })
                })
            }
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
                          inputDiagnostics: diagnostics, deferredLocales: deferred)
    }
}

enum ProjectLoaderPaths {
    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." || directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
