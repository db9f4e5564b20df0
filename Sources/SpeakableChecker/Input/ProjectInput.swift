import Dispatch
public import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakablePlatformFormats
import Synchronization

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
    /// Sees each translation as the checker reads it: its table's index, its locale's tag, the
    /// translation. Called from the threads that read the locales.
    public typealias Observer = @Sendable (_ table: Int, _ tag: String, _ translation: Translation) -> Void

    /// `observer`: shown every translation as it is read (`speakable check` screens them for what
    /// `compile` would refuse), before the checker takes it. `tableExemptions`: rules a whole
    /// table is exempt from, with the reason (by table name; an imported Android file's
    /// `tools:ignore="MissingTranslation"` on `<resources>`).
    public static func make(from project: Project, observer: Observer? = nil,
                            tableExemptions: [String: [String: String]] = [:]) -> CheckInput {
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
        if let patterns = config.check.androidClickLabels { settings.androidClickLabels = AndroidClickLabels(patterns: patterns) }
        settings.reportAnyBidiControl = config.check.bidiControls == "any"
        // The template is compiled into Android's default values/ unless the project compiles
        // no Android resources.
        settings.sourceReachesEveryLocale = config.outputs.map { $0.contains("android") } ?? true

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
        ///
        /// A file held only here (a deferred locale's, just read) gives its translations up: each
        /// is moved into its message, not copied (a copy retained each of its strings and its
        /// pattern, and freeing the file released them again).
        @Sendable func target(_ table: Table, _ untranslatable: Set<String>, _ tag: String, _ locale: ICULocale,
                              _ file: consuming LocaleFile?) -> TargetLocale {
            if let file = consume file {
                let path = file.file
                if let observer, let index = project.tables.firstIndex(where: { $0.name == table.name }) {
                    for translation in file.translations { observer(index, tag, translation) }
                }
                var translations = untranslatable.isEmpty ? file.translations : file.translations.filter { !untranslatable.contains($0.key) }
                _ = consume file
                var messages: [TargetMessage] = []
                messages.reserveCapacity(translations.count)
                // Taken from the end of the reversed list: moved out in file order. (Reversed by
                // moves: `reverse()` copied every element.)
                translations.withUnsafeMutableBufferPointer { buffer in
                    var i = 0
                    var j = buffer.count - 1
                    while i < j {
                        buffer.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                while let t = translations.popLast() {
                    messages.append(TargetMessage(key: t.key, keyPosition: t.keyPosition, text: PositionedText(t.source), pattern: t.pattern))
                }
                return TargetLocale(tag: tag, locale: locale, file: path, messages: messages)
            }
            var path = ProjectLoaderPaths.join(ProjectLoaderPaths.join(ProjectLoaderPaths.join(project.root, config.locales), tag),
                                               table.name + ".json")
            if path.hasPrefix("./") { path.removeFirst(2) }
            return TargetLocale(tag: tag, locale: locale, file: path, fileExists: false, messages: [])
        }

        /// Table `index` as the checker's.
        @Sendable func checkTable(_ index: Int) -> CheckTable {
            let table = project.tables[index]
            let messages = table.messages.filter(\.translatable).map { m in
                var message = SourceMessage(key: m.key, keyPosition: m.keyPosition, role: m.role, text: PositionedText(m.source),
                              pattern: m.pattern, examples: m.examples.map(\.arguments), maxSeconds: m.maxSeconds,
                              maxGraphemes: m.maxGraphemes,
                              exemptions: tableExemptions[table.name].map { m.exemptions.merging($0) { own, _ in own } } ?? m.exemptions)
                if !m.passedArguments.isEmpty { message.passedArguments = Set(m.passedArguments.map(\.name)) }
                return message
            }
            var locales: [TargetLocale] = []
            if !project.localesDeferred {
                for tag in localeByTag.keys.sorted() {
                    locales.append(target(table, untranslatable[index], tag, localeByTag[tag]!, table.locales[tag]))
                }
            }
            return CheckTable(name: table.name, file: table.file, messages: messages, locales: locales)
        }
        // The tables on every core the process may use (each in its own slot, in table order).
        var tables: [CheckTable] = []
        if project.tables.count > 1 && Checker.availableCores() > 1 {
            let made = Mutex<[Int: CheckTable]>([:])
            DispatchQueue.concurrentPerform(iterations: project.tables.count) { index in
                let table = checkTable(index)
                made.withLock { $0[index] = table }
            }
            var byIndex = made.withLock { $0 }
            for index in project.tables.indices { tables.append(byIndex.removeValue(forKey: index)!) }
        } else {
            for index in project.tables.indices { tables.append(checkTable(index)) }
        }
        var deferred: [DeferredLocale] = []
        if project.localesDeferred {
            let folders = Set(project.localeTags)
            for tag in localeByTag.keys.sorted() {
                let locale = localeByTag[tag]!
                deferred.append(DeferredLocale(tag: tag, read: {
                    // A target locale without a folder misses every key of every table.
                    var files: [LocaleFile?]
                    let diagnostics: [Diagnostic]
                    (files, diagnostics) = folders.contains(tag) ? ProjectLoader.readLocale(tag, of: project) : (project.tables.map { _ in nil }, [])
                    // Each file taken out of the list: its translations are then moved into the messages.
                    var locales: [TargetLocale?] = []
                    locales.reserveCapacity(files.count)
                    for i in project.tables.indices {
                        locales.append(target(project.tables[i], untranslatable[i], tag, locale, files[i].take()))
                    }
                    // The loader reports syntax errors without locale or key; the checker reports them itself.
                    return (locales, diagnostics.filter { $0.id != "syntax-error" })
                }, stream: { begin, visit in
                    // Each translation made into its message as soon as the loader has read and
                    // parsed it, visited, and destroyed: the files come back without translations.
                    for i in project.tables.indices { begin(i, TargetLocale(tag: tag, locale: locale, file: "", messages: [])) }
                    var numbers = Array(repeating: 0, count: project.tables.count)
                    var files: [LocaleFile?] = project.tables.map { _ in nil }
                    var diagnostics: [Diagnostic] = []
                    if folders.contains(tag) {
                        (files, diagnostics) = ProjectLoader.readLocale(tag, of: project) { i, translation in
                            let t = consume translation
                            observer?(i, tag, t)
                            if !untranslatable[i].isEmpty && untranslatable[i].contains(t.key) { return }
                            var message = TargetMessage(key: t.key, keyPosition: t.keyPosition, text: PositionedText(t.source), pattern: t.pattern)
                            withUnsafeMutablePointer(to: &message) { visit(i, $0, numbers[i]) }
                            numbers[i] += 1
                        }
                    }
                    var locales: [TargetLocale?] = []
                    locales.reserveCapacity(files.count)
                    for i in project.tables.indices {
                        locales.append(target(project.tables[i], untranslatable[i], tag, locale, files[i].take()))
                    }
                    return (locales, diagnostics.filter { $0.id != "syntax-error" })
                }))
            }
        }
        // The loader reports syntax errors without locale or key; the checker reports them itself.
        var diagnostics = project.diagnostics.filter { $0.id != "syntax-error" }
        // A project past a whole-project limit (ProjectLimits) loads without tables: that is its error.
        let pastALimit = diagnostics.contains { ["project-too-many-messages", "project-too-many-locales", "project-too-large"].contains($0.id) }
        if tables.allSatisfy(\.messages.isEmpty), !pastALimit {
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
