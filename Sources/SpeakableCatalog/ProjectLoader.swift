import Dispatch
import FoundationEssentials
public import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import Synchronization

/// Loads a Speakable project — `speakable.json` (optional), `Templates/<table>.json` and
/// `Locales/<tag>/<table>.json` — keeping every value's file, line and column, and reporting
/// every problem at once instead of stopping at the first.
///
/// ```swift
/// let project = ProjectLoader.load(directory: ".")
/// for d in project.diagnostics { print(d.rendered) }
/// // Templates/game.json:12:18: error: plural argument 'stars' has no 'other' case [syntax-error]
/// let label = project[table: "game"]?["level.label"]?.source.text
/// ```
///
/// Diagnostic ids: `file-unreadable`, `json-syntax`, `json-duplicate-key`, `json-number-range`,
/// `json-invalid-utf8`, `json-too-deep` (from the JSON reader), `unknown-field`, `wrong-type`,
/// `missing-field`, `unknown-role`, `invalid-key`, `invalid-locale`, `invalid-config-value`,
/// `invalid-example`, `invalid-argument`, `syntax-error`, `unknown-table`, `invalid-table-name`, `input-outside-project`, `file-too-large`,
/// `too-many-messages`, `project-too-large`, `project-too-many-messages`, `project-too-many-locales`
/// (the limits of ``ProjectLimits``).
public enum ProjectLoader {
    /// The most messages one template file, or translations one locale file, may hold
    /// (`too-many-messages`). Large apps have a few thousand per table.
    public static let maximumMessagesPerFile = ProjectLimits.standard.messagesPerFile
    /// The most bytes all of a project's templates and translations may take together
    /// (`project-too-large`), checked from the file sizes before anything is read. Each file is
    /// also at most ``InputFile/maximumSize``.
    public static let maximumProjectSize = ProjectLimits.standard.bytes

    /// Loads the project whose config is `configPath`; with nil, `./speakable.json` when it
    /// exists, else the defaults with the current directory as the root.
    public static func load(configPath: String?) -> Project {
        if let configPath {
            let directory = parent(of: configPath)
            return load(directory: directory, configFile: configPath)
        }
        let candidate = "speakable.json"
        return load(directory: ".", configFile: FileManager.default.fileExists(atPath: candidate) ? candidate : nil)
    }

    /// Loads the project in `directory` (its `speakable.json` when there is one).
    public static func load(directory: String) -> Project {
        load(directory: directory, deferringLocales: false)
    }

    /// Loads the project in `directory`; with `deferringLocales`, the templates only: each
    /// locale's translations are read later with ``readLocale(_:of:)``, one locale at a time
    /// (`speakable check` on a large project never holds every translation).
    public static func load(directory: String, deferringLocales: Bool) -> Project {
        let candidate = join(directory, "speakable.json")
        return load(directory: directory, configFile: FileManager.default.fileExists(atPath: candidate) ? candidate : nil,
                    deferringLocales: deferringLocales)
    }

    /// ``load(configPath:)``, with the translations left to ``readLocale(_:of:)`` when
    /// `deferringLocales`.
    public static func load(configPath: String?, deferringLocales: Bool) -> Project {
        load(configPath: configPath, deferringLocales: deferringLocales, readingTemplates: nil)
    }

    /// ``load(directory:deferringLocales:)`` reading only the templates of the tables named in
    /// `readingTemplates` (nil: every table's): the others are listed with no messages
    /// (``Project/templatesRead``). For an incremental compile, which knows them unchanged.
    public static func load(directory: String, deferringLocales: Bool, readingTemplates: Set<String>?) -> Project {
        let candidate = join(directory, "speakable.json")
        return load(directory: directory, configFile: FileManager.default.fileExists(atPath: candidate) ? candidate : nil,
                    deferringLocales: deferringLocales, readingTemplates: readingTemplates)
    }

    /// ``load(configPath:deferringLocales:)`` reading only the templates of `readingTemplates`
    /// (see ``load(directory:deferringLocales:readingTemplates:)``).
    public static func load(configPath: String?, deferringLocales: Bool, readingTemplates: Set<String>?) -> Project {
        guard deferringLocales || readingTemplates != nil else { return load(configPath: configPath) }
        if let configPath {
            return load(directory: parent(of: configPath), configFile: configPath, deferringLocales: deferringLocales,
                        readingTemplates: readingTemplates)
        }
        let candidate = "speakable.json"
        return load(directory: ".", configFile: FileManager.default.fileExists(atPath: candidate) ? candidate : nil,
                    deferringLocales: deferringLocales, readingTemplates: readingTemplates)
    }

    static func load(directory: String, configFile: String?, deferringLocales: Bool = false,
                     limits: ProjectLimits = .standard, readingTemplates: Set<String>? = nil) -> Project {
        // What an earlier compile or check left to free is freed first (it would be as large).
        BackgroundRelease.waitForPending()
        var loader = Loader(root: directory, limits: limits)
        var config = ProjectConfig()
        if let configFile {
            config = loader.readConfig(configFile)
        }
        let tables = loader.readTables(config: config, deferringLocales: deferringLocales, readingTemplates: readingTemplates)
        var project = Project(root: directory, config: config, tables: tables.tables, localeTags: tables.tags,
                              diagnostics: loader.diagnostics, localesDeferred: deferringLocales)
        project.templatesRead = readingTemplates
        if deferringLocales { project.messageCount = ProjectMessageCount(templates: tables.counted, limits: limits) }
        return project
    }

    /// The project's `speakable.json` alone (the defaults when there is none) and the folder paths
    /// are relative to, as ``load(directory:)`` (a `directory`) or ``load(configPath:)`` (else)
    /// read them; `hasErrors` when reading it found a problem. What a compile reads to prove that
    /// nothing changed before it loads anything else.
    public static func config(directory: String?, configPath: String?) -> (root: String, config: ProjectConfig, hasErrors: Bool) {
        let root: String
        let file: String?
        if let directory {
            root = directory
            let candidate = join(directory, "speakable.json")
            file = FileManager.default.fileExists(atPath: candidate) ? candidate : nil
        } else if let configPath {
            root = parent(of: configPath)
            file = configPath
        } else {
            root = "."
            file = FileManager.default.fileExists(atPath: "speakable.json") ? "speakable.json" : nil
        }
        guard let file else { return (root, ProjectConfig(), false) }
        var loader = Loader(root: root, limits: .standard)
        let config = loader.readConfig(file)
        return (root, config, !loader.diagnostics.isEmpty)
    }

    /// ``load(directory:deferringLocales:)`` under other limits than ``ProjectLimits/standard``
    /// (tests fill a small limit through the same code).
    static func load(directory: String, deferringLocales: Bool = false, limits: ProjectLimits) -> Project {
        let candidate = join(directory, "speakable.json")
        return load(directory: directory, configFile: FileManager.default.fileExists(atPath: candidate) ? candidate : nil,
                    deferringLocales: deferringLocales, limits: limits)
    }

    /// The translations of locale folder `tag` for each table of `project` (nil where the folder
    /// has no file for the table), and the problems found reading them — what ``load(directory:)``
    /// puts in ``Table/locales`` and ``Project/diagnostics`` for that folder.
    public static func readLocale(_ tag: String, of project: Project) -> (files: [LocaleFile?], diagnostics: [Diagnostic]) {
        readLocale(tag, of: project, handingOver: false) { _, _ in }
    }

    /// ``readLocale(_:of:)`` that hands each translation to `each` (its table's index, the
    /// translation) as soon as it is read and parsed, instead of keeping it: the files returned
    /// have no translations. (A checker checks each while it is still in the processor's cache.)
    public static func readLocale(_ tag: String, of project: Project,
                                  each: (Int, consuming Translation) -> Void) -> (files: [LocaleFile?], diagnostics: [Diagnostic]) {
        readLocale(tag, of: project, handingOver: true, each)
    }

    private static func readLocale(_ tag: String, of project: Project, handingOver: Bool,
                                   _ each: (Int, consuming Translation) -> Void) -> (files: [LocaleFile?], diagnostics: [Diagnostic]) {
        let count = project.messageCount
        var loader = Loader(root: project.root, limits: count?.limits ?? .standard)
        let folder = join(join(project.root, project.config.locales), tag)
        guard let locale = loader.validLocale(tag) else { return (project.tables.map { _ in nil }, []) }
        // The whole project's messages, counted across the locales read so far: past the limit,
        // no further file is read (the same limit as load(directory:)'s).
        if let count {
            guard count.begin(tag) else { return (project.tables.map { _ in nil }, []) }
            loader.admit = { count.admit(tag, $0) }
        }
        var files: [LocaleFile?] = []
        for (t, table) in project.tables.enumerated() {
            let path = join(folder, table.name + ".json")
            guard FileManager.default.fileExists(atPath: path), !(count?.isPast ?? false) else {
                files.append(nil)
                continue
            }
            loader.syntax = table.syntax
            files.append(loader.readLocaleFile(path, tag: tag, locale: locale, handingOver: handingOver) { each(t, $0) })
        }
        if let count, let total = count.reportPast() {
            return (project.tables.map { _ in nil }, loader.diagnostics + [count.limits.tooManyMessages(total, file: loader.display(project.root))])
        }
        return (files, loader.diagnostics)
    }

    /// `folder` inside the project `root`, as diagnostics show it (`Templates`, `Game/Templates`).
    public static func display(folder root: String, _ folder: String) -> String {
        let path = join(root, folder)
        return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }

    /// Whether `bytes` (a key's UTF-8) are a message key: ASCII letters, digits, `.`, `_` and `-`
    /// (read as bytes: any other scalar has a byte outside these), not starting or ending with `.`.
    static func isValidKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != 0x2E, last != 0x2E else { return false }
        for b in bytes {
            let allowed = b < 64 ? keyBytes.low &>> UInt64(b) : b < 128 ? keyBytes.high &>> UInt64(b &- 64) : 0
            if allowed & 1 == 0 { return false }
        }
        return true
    }

    /// The bytes a key may hold (``isValidKey(_:)``) as two 64-bit masks, of bytes 0–63 and
    /// 64–127: `-`, `.`, `0`–`9`; `A`–`Z`, `_`, `a`–`z` (a test checks them byte by byte).
    static var keyBytes: (low: UInt64, high: UInt64) { (0x03FF_6000_0000_0000, 0x07FF_FFFE_87FF_FFFE) }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." || directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// The messages and translations of a project whose locales are read one at a time, counted
/// as each is read (`project-too-many-messages`): a project loaded with `deferringLocales` as
/// ``ProjectLoader/readLocale(_:of:)`` reads each locale, an Android `res/` folder as `check`
/// reads each locale's folders. Locales may be read on several threads.
///
/// ```swift
/// let count = ProjectMessageCount(templates: 6, limits: limits)   // limits.messages == 10
/// count.begin("ko")          // true
/// count.admit("ko", 5)       // false: 11 is past the limit
/// count.reportPast()         // 11 (then nil: reported once)
/// ```
public final class ProjectMessageCount: Sendable {
    /// The messages counted before any locale (the templates, or the default strings).
    public let templates: Int
    public let limits: ProjectLimits
    private struct State {
        var perLocale: [String: Int] = [:]
        var past = false
        var reported = false
        var total: Int { perLocale.values.reduce(0, +) }
    }
    private let state = Mutex(State())

    public init(templates: Int, limits: ProjectLimits) {
        self.templates = templates
        self.limits = limits
    }

    /// Starts (again) counting locale `tag`; false once the project is past the limit.
    public func begin(_ tag: String) -> Bool {
        state.withLock { s in
            if s.past { return false }
            s.perLocale[tag] = 0
            return true
        }
    }

    /// Counts `count` more translations of `tag`; false when the project is then past the limit.
    public func admit(_ tag: String, _ count: Int) -> Bool {
        state.withLock { s in
            s.perLocale[tag, default: 0] += count
            if templates + s.total > limits.messages { s.past = true }
            return !s.past
        }
    }

    /// Whether the project is past the limit.
    public var isPast: Bool { state.withLock { $0.past } }

    /// The count, the first time it is asked for past the limit.
    public func reportPast() -> Int? {
        state.withLock { s in
            guard s.past, !s.reported else { return nil }
            s.reported = true
            return templates + s.total
        }
    }
}

private struct Loader {
    let root: String
    let limits: ProjectLimits
    var diagnostics: [Diagnostic] = []
    /// Told the number of messages of each file before they are made; false: the project is
    /// past ``ProjectLimits/messages`` and the file's messages are not made.
    var admit: (Int) -> Bool = { _ in true }
    /// The syntax of the file being read.
    var syntax: MessageSyntax = .mf1

    init(root: String, limits: ProjectLimits = .standard) {
        self.root = root
        self.limits = limits
    }

    // MARK: Reporting

    mutating func error(_ id: String, _ message: String, file: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .error, id: id, message: message, file: file, position: position, hint: hint))
    }

    mutating func warning(_ id: String, _ message: String, file: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .warning, id: id, message: message, file: file, position: position, hint: hint))
    }

    /// The path as shown in diagnostics: relative to where the tool runs.
    func display(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }

    mutating func readJSON(_ path: String) -> JSONNode? {
        guard let bytes = readBytes(path) else { return nil }
        return readJSON(bytes, path: path)
    }

    /// A file's bytes; nil (reported) when it cannot be read or leads out of the project.
    mutating func readBytes(_ path: String) -> [UInt8]? {
        let shown = display(path)
        guard InputFile.isInside(path, root: root) else {
            error("input-outside-project", "this file is a symbolic link that leads out of the project; Speakable does not read it",
                  file: shown, at: nil, hint: "replace the link with the file, or link to a file inside the project")
            return nil
        }
        switch InputFile.read(path) {
        case .success(let read): return read
        case .failure(let problem):
            diagnostics.append(problem.diagnostic(file: shown))
            return nil
        }
    }

    mutating func readJSON(_ bytes: [UInt8], path: String) -> JSONNode? {
        let shown = display(path)
        let result = JSONReader.read(bytes, file: shown)
        diagnostics += result.diagnostics
        return result.root
    }

    mutating func expectObject(_ node: JSONNode, _ what: @autoclosure () -> String, file: String) -> [JSONMember]? {
        guard let members = node.members else {
            error("wrong-type", "\(what()) must be a JSON object, not \(node.kindName)", file: file, at: node.start)
            return nil
        }
        return members
    }

    // MARK: speakable.json

    mutating func readConfig(_ path: String) -> ProjectConfig {
        var config = ProjectConfig()
        let file = display(path)
        config.file = file
        guard let root = readJSON(path), let members = expectObject(root, "speakable.json", file: file) else { return config }
        for member in members {
            let value = member.value
            switch member.key {
            case "$schema":
                continue
            case "templates", "locales":
                guard let text = value.string, !text.isEmpty, isSafeRelativePath(text) else {
                    error(value.string == nil ? "wrong-type" : "invalid-config-value",
                          "\"\(member.key)\" must be a folder inside the project, such as \"\(member.key == "templates" ? "Templates" : "Locales")\"",
                          file: file, at: value.start)
                    continue
                }
                if member.key == "templates" { config.templates = text } else { config.locales = text }
            case "sourceLocale":
                guard let text = value.string else {
                    error("wrong-type", "\"sourceLocale\" must be a BCP 47 tag such as \"en\"", file: file, at: value.start)
                    continue
                }
                // Malformed tags stop loading; a well-formed tag of a language ICU has no data for
                // ("kr") is judged by `speakable check` (rule unknown-locale, with "did you mean")
                // and warned about by `speakable compile`, so that a project may opt in to one.
                if let problem = LocaleTags.problem(with: text), problem.kind == .malformed {
                    error("invalid-config-value", "\"sourceLocale\": " + problem.message, file: file, at: value.start,
                          hint: problem.suggestion.map { "write \"sourceLocale\": \"\($0)\"" })
                    continue
                }
                config.sourceLocale = text
            case "targetLocales":
                guard let items = value.array else {
                    error("wrong-type", "\"targetLocales\" must be an array of BCP 47 tags, such as [\"ko\"]", file: file, at: value.start)
                    continue
                }
                var tags: [String] = []
                for item in items {
                    guard let text = item.string else {
                        error("wrong-type", "each target locale must be a BCP 47 tag such as \"ko\" or \"sr-Latn\"",
                              file: file, at: item.start)
                        continue
                    }
                    if let problem = LocaleTags.problem(with: text), problem.kind == .malformed {
                        error("invalid-config-value", "\"targetLocales\": " + problem.message, file: file, at: item.start,
                              hint: problem.suggestion.map { "write \"\($0)\"" })
                        continue
                    }
                    tags.append(text)
                }
                config.targetLocales = tags
            case "syntax":
                guard let text = value.string, let syntax = MessageSyntax(rawValue: text) else {
                    error("invalid-config-value", "\"syntax\" must be \"mf1\" or \"mf2\"", file: file, at: value.start,
                          hint: "mf1: ICU MessageFormat 1 (the default); mf2: Unicode MessageFormat 2 (docs/mf2.md)")
                    continue
                }
                config.syntax = syntax
            case "hintStyle":
                guard let text = value.string, let style = HintStyle(rawValue: text) else {
                    error("invalid-config-value", "\"hintStyle\" must be \"result\" or \"gesture\"", file: file, at: value.start,
                          hint: "result: \"Selects the cell\" (Apple's guidance); gesture: \"Double tap to select the cell\"")
                    continue
                }
                config.hintStyle = style
            case "budgets":
                guard let roles = expectObject(value, "\"budgets\"", file: file) else { continue }
                for entry in roles {
                    guard let role = Role(rawValue: entry.key) else {
                        error("unknown-role", "'\(entry.key)' is not a role", file: file, at: entry.keyStart,
                              hint: "roles are \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
                        continue
                    }
                    guard let fields = expectObject(entry.value, "a budget", file: file) else { continue }
                    var budget = Budget()
                    for field in fields {
                        switch field.key {
                        case "seconds":
                            guard let n = field.value.number, n.doubleValue > 0 else {
                                error("invalid-config-value", "\"seconds\" must be a positive number", file: file, at: field.value.start)
                                continue
                            }
                            budget.seconds = n.doubleValue
                        case "graphemes":
                            guard case .int(let n)? = field.value.number, n > 0 else {
                                error("invalid-config-value", "\"graphemes\" must be a positive integer", file: file, at: field.value.start)
                                continue
                            }
                            budget.graphemes = Int(n)
                        default:
                            error("unknown-field", "a budget has \"seconds\" and \"graphemes\", not \"\(field.key)\"",
                                  file: file, at: field.keyStart)
                        }
                    }
                    config.budgets[role] = budget
                }
            case "rules":
                guard let entries = expectObject(value, "\"rules\"", file: file) else { continue }
                for entry in entries {
                    guard let text = entry.value.string, let severity = RuleSeverity(rawValue: text) else {
                        error("invalid-config-value", "a rule's severity is \"error\", \"warning\" or \"off\"", file: file,
                              at: entry.value.start)
                        continue
                    }
                    config.rules[entry.key] = (severity, entry.keyStart)
                }
            case "check":
                guard let fields = expectObject(value, "\"check\"", file: file) else { continue }
                for field in fields {
                    switch field.key {
                    case "allowUntranslated":
                        guard let items = field.value.array, items.allSatisfy({ $0.string != nil }) else {
                            error("wrong-type", "\"allowUntranslated\" must be an array of strings, such as [\"O'Block\"]",
                                  file: file, at: field.value.start)
                            continue
                        }
                        config.check.allowUntranslated = items.compactMap(\.string)
                    case "bidiControls":
                        guard let text = field.value.string, text == "unbalanced" || text == "any" else {
                            error("invalid-config-value", "\"bidiControls\" must be \"unbalanced\" or \"any\"", file: file,
                                  at: field.value.start)
                            continue
                        }
                        config.check.bidiControls = text
                    case "androidClickLabels":
                        guard let items = field.value.array, items.allSatisfy({ $0.string != nil }) else {
                            error("wrong-type", "\"androidClickLabels\" must be an array of name patterns, such as [\"*_hint\"]",
                                  file: file, at: field.value.start)
                            continue
                        }
                        config.check.androidClickLabels = items.compactMap(\.string)
                    default:
                        error("unknown-field", "\"check\" has \"allowUntranslated\", \"bidiControls\" and \"androidClickLabels\", not \"\(field.key)\"",
                              file: file, at: field.keyStart)
                    }
                }
            case "outputs":
                let known = ["xcstrings", "android", "xliff", "swift", "compose"]
                guard let items = value.array, items.allSatisfy({ $0.string != nil }) else {
                    error("wrong-type", "\"outputs\" must be an array of formats, such as [\"xcstrings\", \"swift\"]", file: file, at: value.start)
                    continue
                }
                var outputs: [String] = []
                for item in items {
                    guard let name = item.string, known.contains(name) else {
                        error("invalid-config-value", "'\(item.string ?? "")' is not an output; outputs are \(known.joined(separator: ", "))",
                              file: file, at: item.start)
                        continue
                    }
                    if !outputs.contains(name) { outputs.append(name) }
                }
                config.outputs = outputs
                config.outputsPosition = value.start
            case "android":
                guard let fields = expectObject(value, "\"android\"", file: file) else { continue }
                for field in fields {
                    switch field.key {
                    case "namespace":
                        guard let text = field.value.string, ProjectConfig.isPackageName(text) else {
                            error("invalid-config-value", "\"namespace\" must be the app's package name, the package of its R class (such as \"com.example.game\")",
                                  file: file, at: field.value.start,
                                  hint: "Android Studio shows it as `namespace` in the module's build.gradle")
                            continue
                        }
                        config.androidNamespace = text
                    default:
                        error("unknown-field", "\"android\" has \"namespace\", not \"\(field.key)\"", file: file, at: field.keyStart)
                    }
                }
            case "compose":
                guard let fields = expectObject(value, "\"compose\"", file: file) else { continue }
                var namespace: String?
                var resources: String?
                var invalid = false
                for field in fields {
                    switch field.key {
                    case "namespace":
                        guard let text = field.value.string, ProjectConfig.isPackageName(text) else {
                            error("invalid-config-value", "\"namespace\" must be a package name (such as \"org.example.game\"): the Compose accessors go in <namespace>.speakable",
                                  file: file, at: field.value.start)
                            invalid = true
                            continue
                        }
                        namespace = text
                    case "resources":
                        guard let text = field.value.string, ProjectConfig.isPackageName(text) else {
                            error("invalid-config-value", "\"resources\" must be the package of the app's generated Res class (such as \"game.composeapp.generated.resources\")",
                                  file: file, at: field.value.start,
                                  hint: "Compose names it <group>.<module>.generated.resources unless compose.resources { packageOfResClass = … } says otherwise")
                            invalid = true
                            continue
                        }
                        resources = text
                    default:
                        error("unknown-field", "\"compose\" has \"namespace\" and \"resources\", not \"\(field.key)\"", file: file, at: field.keyStart)
                    }
                }
                if !invalid, namespace == nil || resources == nil {
                    error("invalid-config-value",
                          "\"compose\" needs both \"namespace\" (the package of the generated accessors) and \"resources\" (the package of the app's Res class)",
                          file: file, at: value.start,
                          hint: "\"compose\": {\"namespace\": \"org.example.game\", \"resources\": \"game.composeapp.generated.resources\"}")
                }
                if let namespace, let resources {
                    config.composeNamespace = namespace
                    config.composeResourcesPackage = resources
                }
            default:
                error("unknown-field", "speakable.json has no field \"\(member.key)\"", file: file, at: member.keyStart,
                      hint: "fields: templates, locales, sourceLocale, targetLocales, syntax, hintStyle, budgets, rules, check, outputs, android, compose")
            }
        }
        return config
    }

    // MARK: Tables

    mutating func readTables(config: ProjectConfig, deferringLocales: Bool = false,
                             readingTemplates: Set<String>? = nil) -> (tables: [Table], tags: [String], counted: Int) {
        let templatesDirectory = ProjectLoader.join(root, config.templates)
        let localesDirectory = ProjectLoader.join(root, config.locales)
        // A folder that is a link out of the project is not listed: its files' names are not
        // the project's to show.
        let templatesOutside = !InputFile.isInside(templatesDirectory, root: root)
        let localesOutside = !InputFile.isInside(localesDirectory, root: root)
        for (folder, outside) in [(templatesDirectory, templatesOutside), (localesDirectory, localesOutside)] where outside {
            error("input-outside-project", "this folder is a symbolic link that leads out of the project; Speakable does not read it",
                  file: display(folder) + "/", at: nil, hint: "replace the link with the folder, or link to a folder inside the project")
        }
        var candidateFiles = templatesOutside ? [] : jsonFiles(in: templatesDirectory)
        // A table's name becomes file names, a Swift type and XLIFF ids: no controls, invisible
        // characters, line breaks or backslashes.
        candidateFiles.removeAll { fileName in
            let name = fileName.dropLast(5)
            guard name.unicodeScalars.contains(where: { VisibleText.isHidden($0) || VisibleText.isLineBreak($0) || $0 == "\\" }) else { return false }
            error("invalid-table-name", "the table name '\(VisibleText.escape(String(name)))' holds a control, invisible or line-break character or a backslash",
                  file: display(ProjectLoader.join(templatesDirectory, VisibleText.escape(fileName))), at: nil,
                  hint: "rename the file: the table name becomes file names, a Swift type name and XLIFF ids")
            return true
        }
        let templateFiles = candidateFiles
        if templateFiles.isEmpty && !templatesOutside {
            warning("file-unreadable", "no templates: \(display(templatesDirectory))/ has no .json files",
                    file: display(templatesDirectory), at: nil,
                    hint: "write Templates/<table>.json with {\"messages\": {…}}, or set \"templates\" in speakable.json")
        }
        var tables: [Table] = []
        var localeFolders: [(tag: String, locale: ICULocale, path: String)] = []
        // The number of locale folders before any is read.
        var localeNames: [String] = []
        let projectRoot = self.root
        for name in localesOutside ? [] : directories(in: localesDirectory) {
            let path = ProjectLoader.join(localesDirectory, name)
            guard InputFile.isInside(path, root: projectRoot) else {
                error("input-outside-project", "this folder is a symbolic link that leads out of the project; Speakable does not read it",
                      file: display(path) + "/", at: nil, hint: "replace the link with the folder, or link to a folder inside the project")
                continue
            }
            localeNames.append(name)
        }
        if localeNames.count > limits.locales {
            diagnostics.append(limits.tooManyLocales(localeNames.count, file: display(localesDirectory)))
            return ([], [], 0)
        }
        for name in localeNames {
            let path = ProjectLoader.join(localesDirectory, name)
            guard let locale = validLocale(name) else {
                error("invalid-locale", "locale folder '\(name)' is not a BCP 47 language tag", file: display(path), at: nil,
                      hint: name.contains("_") ? "write it as \(name.split(separator: "_").joined(separator: "-"))" : "for example ko, pt-BR, sr-Latn")
                continue
            }
            localeFolders.append((name, locale, path))
        }
        let templateNames = Set(templateFiles.map { String($0.dropLast(5)) })
        // Every file is read and parsed on all cores, each with its own diagnostics; they are
        // put together in the order a sequential read would give.
        struct Job: Sendable {
            let table: Int
            /// nil: the template itself.
            let folder: Int?
            /// A template not read (`readingTemplates`): the table has no messages.
            var skipped = false
        }
        enum Output: Sendable {
            case template([TemplateMessage])
            case locale(LocaleFile)
        }
        // Every file of the project; the jobs read them now, or only the templates when the
        // locales are read later (each locale folder by readLocale).
        var files: [Job] = []
        for (t, fileName) in templateFiles.enumerated() {
            files.append(Job(table: t, folder: nil, skipped: readingTemplates.map { !$0.contains(String(fileName.dropLast(5))) } ?? false))
            for (f, folder) in localeFolders.enumerated() where FileManager.default.fileExists(atPath: ProjectLoader.join(folder.path, fileName)) {
                files.append(Job(table: t, folder: f))
            }
        }
        let jobs = deferringLocales ? files.filter { $0.folder == nil } : files
        // The whole project's size (locales read later included), from the file sizes, before
        // anything is read.
        var total = 0
        for job in files {
            let path = job.folder.map { ProjectLoader.join(localeFolders[$0].path, templateFiles[job.table]) }
                ?? ProjectLoader.join(templatesDirectory, templateFiles[job.table])
            total += InputFile.size(path) ?? 0
        }
        if total > limits.bytes {
            diagnostics.append(limits.tooLarge(total, file: display(root)))
            return ([], localeFolders.map(\.tag), 0)
        }
        // Each table's syntax (a template file's own "syntax" over the project's), known before
        // its translations are read in parallel with it.
        // (The template files are read on all cores.)
        let read = Mutex<[Int: MessageSyntax]>([:])
        let templatesRoot = root
        DispatchQueue.concurrentPerform(iterations: templateFiles.count) { index in
            guard let syntax = Loader.templateSyntax(ProjectLoader.join(templatesDirectory, templateFiles[index]), root: templatesRoot) else { return }
            read.withLock { $0[index] = syntax }
        }
        let found = read.withLock { $0 }
        let tableSyntaxes = templateFiles.indices.map { found[$0] ?? config.syntax }
        let allJobs = jobs
        let folders = localeFolders
        let results = Mutex<[(Output, [Diagnostic])?]>(Array(repeating: nil, count: allJobs.count))
        let root = self.root
        let limits = self.limits
        // The messages and translations of the files read so far: past the limit, no further
        // file is read, and the one that went past does not make its messages.
        let counted = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: allJobs.count) { index in
            let job = allJobs[index]
            let fileName = templateFiles[job.table]
            var loader = Loader(root: root, limits: limits)
            loader.syntax = tableSyntaxes[job.table]
            loader.admit = { count in
                counted.withLock { total in
                    total += count
                    return total <= limits.messages
                }
            }
            guard !job.skipped, counted.withLock({ $0 <= limits.messages }) else {
                results.withLock { $0[index] = (job.folder == nil ? .template([]) : .locale(LocaleFile(tag: folders[job.folder!].tag, locale: folders[job.folder!].locale, file: "", translations: [])), []) }
                return
            }
            let output: Output
            if let f = job.folder {
                let folder = folders[f]
                output = .locale(loader.readLocaleFile(ProjectLoader.join(folder.path, fileName), tag: folder.tag, locale: folder.locale))
            } else {
                output = .template(loader.readTemplate(ProjectLoader.join(templatesDirectory, fileName)))
            }
            let diagnostics = loader.diagnostics
            results.withLock { $0[index] = (output, diagnostics) }
        }
        let messageCount = counted.withLock { $0 }
        if messageCount > limits.messages {
            diagnostics += results.withLock { $0.flatMap { $0?.1 ?? [] } }
            diagnostics.append(limits.tooManyMessages(messageCount, file: display(root)))
            return ([], localeFolders.map(\.tag), messageCount)
        }
        var messages: [TemplateMessage] = []
        var locales: [String: LocaleFile] = [:]
        for (index, result) in results.withLock({ $0 }).enumerated() {
            let (output, found) = result!
            diagnostics += found
            switch output {
            case .template(let read): messages = read
            case .locale(let file): locales[file.tag] = file
            }
            if index + 1 == allJobs.count || allJobs[index + 1].table != allJobs[index].table {
                let fileName = templateFiles[allJobs[index].table]
                var table = Table(name: String(fileName.dropLast(5)), file: display(ProjectLoader.join(templatesDirectory, fileName)),
                                  messages: messages, locales: locales)
                table.syntax = tableSyntaxes[allJobs[index].table]
                tables.append(table)
                messages = []
                locales = [:]
            }
        }
        for folder in localeFolders {
            for fileName in jsonFiles(in: folder.path) where !templateNames.contains(String(fileName.dropLast(5))) {
                warning("unknown-table", "there is no template \(config.templates)/\(fileName) for this translation file",
                        file: display(ProjectLoader.join(folder.path, fileName)), at: nil,
                        hint: "rename it to match a table in \(config.templates)/, or remove it")
            }
        }
        return (tables, localeFolders.map(\.tag), messageCount)
    }

    func validLocale(_ name: String) -> ICULocale? {
        guard !name.contains("_"), !name.isEmpty, let locale = try? ICULocale(name) else { return nil }
        return locale
    }

    mutating func readTemplate(_ path: String) -> [TemplateMessage] {
        let file = display(path)
        guard let root = readJSON(path), let members = expectObject(root, "a template file", file: file) else { return [] }
        var messages: [TemplateMessage] = []
        var sawMessages = false
        for member in members {
            switch member.key {
            case "$schema":
                continue
            case "syntax":
                // Read before the file's messages (templateSyntax); here only judged.
                if member.value.string.flatMap(MessageSyntax.init(rawValue:)) == nil {
                    error("invalid-config-value", "\"syntax\" must be \"mf1\" or \"mf2\"", file: file, at: member.value.start)
                }
            case "messages":
                sawMessages = true
                guard let entries = expectObject(member.value, "\"messages\"", file: file) else { continue }
                guard entries.count <= limits.messagesPerFile else {
                    diagnostics.append(limits.tooManyMessagesInFile(entries.count, "messages", file: file, at: member.value.start))
                    continue
                }
                guard admit(entries.count) else { continue }
                for entry in entries {
                    if let message = readTemplateMessage(entry, file: file) { messages.append(message) }
                }
            default:
                error("unknown-field", "a template file has \"messages\" (and \"syntax\"), not \"\(member.key)\"", file: file, at: member.keyStart)
            }
        }
        if !sawMessages {
            error("missing-field", "a template file needs \"messages\": {…}", file: file, at: root.start)
        }
        return messages
    }

    mutating func checkKey(_ key: String, file: String, at position: SourcePosition) -> Bool {
        var utf8 = key
        if !utf8.withUTF8(ProjectLoader.isValidKey) {
            error("invalid-key", "message key '\(key)' must be letters, digits, '.', '_' and '-', like \"sudoku.cell.label\"",
                  file: file, at: position, hint: "keys become Android resource names and Swift identifiers")
            return false
        }
        return true
    }

    mutating func readTemplateMessage(_ entry: JSONMember, file: String) -> TemplateMessage? {
        guard checkKey(entry.key, file: file, at: entry.keyStart) else { return nil }
        guard let fields = expectObject(entry.value, "message '\(entry.key)'", file: file) else { return nil }
        var role = Role.text
        var source: SourceText?
        var comment: String?
        var examples: [(arguments: [String: MessageArgument], position: SourcePosition)] = []
        var maxSeconds: Double?
        var maxGraphemes: Int?
        var runtimeOnly = false
        var translatable = true
        var exemptions: [String: String] = [:]
        var passed: [(name: String, kind: PassedArgument.Kind)] = []
        var passedPositions: [SourcePosition] = []
        for field in fields {
            let value = field.value
            switch field.key {
            case "role":
                guard let text = value.string else {
                    error("wrong-type", "\"role\" must be a string", file: file, at: value.start)
                    continue
                }
                guard let parsed = Role(rawValue: text) else {
                    error("unknown-role", "'\(text)' is not a role", file: file, at: value.start,
                          hint: "roles are \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
                    continue
                }
                role = parsed
            case "message":
                guard let text = value.string else {
                    error("wrong-type", "\"message\" must be a string", file: file, at: value.start)
                    continue
                }
                source = SourceText(text: text, file: file, node: value)
            case "comment":
                guard let text = value.string else {
                    error("wrong-type", "\"comment\" must be a string", file: file, at: value.start)
                    continue
                }
                comment = text
            case "examples":
                guard let items = value.array else {
                    error("wrong-type", "\"examples\" must be an array of argument objects", file: file, at: value.start)
                    continue
                }
                for item in items {
                    do {
                        examples.append((try ArgumentJSON.arguments(item), item.start))
                    } catch {
                        self.error("invalid-example", error.message, file: file, at: error.position)
                    }
                }
            case "maxSeconds":
                guard let n = value.number, n.doubleValue > 0 else {
                    error("wrong-type", "\"maxSeconds\" must be a positive number", file: file, at: value.start)
                    continue
                }
                maxSeconds = n.doubleValue
            case "maxGraphemes":
                guard case .int(let n)? = value.number, n > 0 else {
                    error("wrong-type", "\"maxGraphemes\" must be a positive integer", file: file, at: value.start)
                    continue
                }
                maxGraphemes = Int(n)
            case "runtimeOnly":
                guard let flag = value.bool else {
                    error("wrong-type", "\"runtimeOnly\" must be true or false", file: file, at: value.start)
                    continue
                }
                runtimeOnly = flag
            case "translatable":
                guard let flag = value.bool else {
                    error("wrong-type", "\"translatable\" must be true or false", file: file, at: value.start)
                    continue
                }
                translatable = flag
            case "arguments":
                guard let items = expectObject(value, "\"arguments\"", file: file) else { continue }
                for item in items {
                    guard let text = item.value.string, let kind = PassedArgument.Kind(rawValue: text) else {
                        error("wrong-type", "an argument's type is one of \(PassedArgument.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))",
                              file: file, at: item.value.start)
                        continue
                    }
                    guard PassedArgument.isName(item.key) else {
                        error("invalid-argument", "'\(item.key)' cannot be an argument name (letters, digits and _, not starting with a digit)",
                              file: file, at: item.keyStart)
                        continue
                    }
                    passed.append((item.key, kind))
                    passedPositions.append(item.keyStart)
                }
            case "exempt":
                guard let rules = expectObject(value, "\"exempt\"", file: file) else { continue }
                for rule in rules {
                    guard let reason = rule.value.string, reason.contains(where: { !$0.isWhitespace }) else {
                        error("wrong-type", "an exemption needs a reason: \"\(rule.key)\": \"why this message is fine\"",
                              file: file, at: rule.value.start)
                        continue
                    }
                    exemptions[rule.key] = reason
                }
            default:
                error("unknown-field", "message '\(entry.key)' has no field \"\(field.key)\"", file: file, at: field.keyStart,
                      hint: "fields: role, message, comment, examples, arguments, maxSeconds, maxGraphemes, runtimeOnly, translatable, exempt")
            }
        }
        guard let written = source else {
            error("missing-field", "message '\(entry.key)' has no \"message\"", file: file, at: entry.value.start)
            return nil
        }
        let (read, pattern) = parse(written)
        if let pattern, !examples.isEmpty { checkExamples(examples, of: pattern, key: entry.key, file: file) }
        var passedArguments: [PassedArgument] = []
        for (index, argument) in passed.enumerated() {
            // One the message prints is an argument already, with the type its use gives it.
            if let pattern, pattern.argumentUsages[argument.name] != nil {
                error("invalid-argument", "'\(argument.name)' is printed by the message; \"arguments\" lists only the ones it does not print",
                      file: file, at: passedPositions[index], hint: "remove it from \"arguments\"")
                continue
            }
            passedArguments.append(PassedArgument(name: argument.name, kind: argument.kind))
        }
        var message = TemplateMessage(key: entry.key, keyPosition: entry.keyStart, role: role, source: read,
                                      pattern: pattern, comment: comment, examples: examples, maxSeconds: maxSeconds,
                                      maxGraphemes: maxGraphemes, runtimeOnly: runtimeOnly, exemptions: exemptions, translatable: translatable)
        message.passedArguments = passedArguments
        return message
    }

    /// Each argument an example gives is of the type the message's use of it takes (a number for
    /// a plural or a number, text for a select, a date for a date): the examples are what
    /// `check` measures and `preview` speaks. (An example may give only some arguments: one
    /// whose value has a fraction types its argument as a Double.)
    mutating func checkExamples(_ examples: [(arguments: [String: MessageArgument], position: SourcePosition)],
                                of pattern: MessagePattern, key: String, file: String) {
        let usages = pattern.argumentKinds
        for (index, example) in examples.enumerated() {
            for (name, kind) in usages {
                guard let value = example.arguments[name] else { continue }
                let expected: String? = switch kind {
                case .number, .plural, .ordinal: value.isNumber ? nil : "a number"
                case .select: if case .string = value { nil } else { "text (one of its cases)" }
                case .date: if case .date = value { nil } else { "a date ({\"$date\": \"2025-08-26\"})" }
                case .untyped, .conflicting: nil
                }
                if let expected {
                    error("invalid-example", "example \(index + 1) of '\(key)' gives {\(name)} \(value.kindDescription); the message takes \(expected)",
                          file: file, at: example.position)
                }
            }
        }
    }

    /// `handingOver`: each translation goes to `each` instead of the file's list.
    mutating func readLocaleFile(_ path: String, tag: String, locale: ICULocale, handingOver: Bool = false,
                                 _ each: (consuming Translation) -> Void = { _ in }) -> LocaleFile {
        let file = display(path)
        var translations: [Translation] = []
        func add(_ translation: consuming Translation) {
            if handingOver { each(translation) } else { translations.append(translation) }
        }
        guard let bytes = readBytes(path) else { return LocaleFile(tag: tag, locale: locale, file: file, translations: []) }
        // The common file (string values, nothing to report) without a JSON tree; any other is
        // read by the JSON reader, which reports what is wrong with it.
        if let entries = FlatTranslationReader.read(bytes), entries.count <= limits.messagesPerFile {
            guard admit(entries.count) else { return LocaleFile(tag: tag, locale: locale, file: file, translations: []) }
            let made = bytes.withUnsafeBufferPointer { bytes in
                var made: [Translation] = []
                if !handingOver { made.reserveCapacity(entries.count) }
                for entry in entries {
                    let key = entry.key(in: bytes)
                    // A key of the allowed bytes is one checkKey accepts; it reports any other.
                    guard ProjectLoader.isValidKey(UnsafeBufferPointer(rebasing: bytes[entry.key]))
                        || checkKey(key, file: file, at: entry.keyStart) else { continue }
                    let source = SourceText(text: entry.text(in: bytes), file: file, quote: entry.start)
                    let translation: Translation
                    if syntax == .mf1 {
                        let pattern = pattern(of: source)
                        translation = Translation(key: key, keyPosition: entry.keyStart, source: source, pattern: pattern)
                    } else {
                        let (read, pattern) = parse(source)
                        translation = Translation(key: key, keyPosition: entry.keyStart, source: read, pattern: pattern)
                    }
                    if handingOver { each(translation) } else { made.append(translation) }
                }
                return made
            }
            return LocaleFile(tag: tag, locale: locale, file: file, translations: made)
        }
        if let root = readJSON(bytes, path: path), let members = expectObject(root, "a translation file", file: file) {
            guard members.count <= limits.messagesPerFile else {
                diagnostics.append(limits.tooManyMessagesInFile(members.count, "translations", file: file, at: root.start))
                return LocaleFile(tag: tag, locale: locale, file: file, translations: [])
            }
            guard admit(members.count) else { return LocaleFile(tag: tag, locale: locale, file: file, translations: []) }
            for member in members {
                guard checkKey(member.key, file: file, at: member.keyStart) else { continue }
                guard let text = member.value.string else {
                    error("wrong-type", "translation '\(member.key)' must be a string (ICU message JSON is flat)", file: file,
                          at: member.value.start)
                    continue
                }
                let (source, pattern) = parse(SourceText(text: text, file: file, node: member.value))
                add(Translation(key: member.key, keyPosition: member.keyStart, source: source, pattern: pattern))
            }
        }
        return LocaleFile(tag: tag, locale: locale, file: file, translations: translations)
    }

    /// Parses a message in the file's ``syntax``; each syntax error becomes a `syntax-error`
    /// diagnostic inside the text. An MF2 message is read as its MF1 conversion, positioned
    /// where the MF2 text has what is there; what the conversion cannot keep is a warning
    /// (`mf2-not-kept`).
    mutating func parse(_ source: SourceText) -> (SourceText, MessagePattern?) {
        if syntax == .mf2 { return parseMF2(source) }
        return (source, pattern(of: source))
    }

    /// `source` parsed as MF1 (whatever the file's syntax); each syntax error becomes a
    /// `syntax-error` diagnostic inside the text.
    mutating func pattern(of source: SourceText) -> MessagePattern? {
        do {
            return try MessagePattern(source.text)
        } catch {
            for problem in error.errors { syntaxError(problem.message, problem.id, problem.range, hint: problem.hint, in: source) }
            return nil
        }
    }

    /// A `syntax-error` inside `source`, with the parser's own id in the sentence.
    mutating func syntaxError(_ message: String, _ id: String, _ range: Range<Int>, hint: String?, in source: SourceText) {
        diagnostics.append(Diagnostic(
            severity: .error, id: "syntax-error", message: message + " (\(id))", file: source.file,
            position: source.position(ofUTF16Offset: range.lowerBound),
            endPosition: source.position(ofUTF16Offset: range.upperBound), hint: hint))
    }

    mutating func parseMF2(_ source: SourceText) -> (SourceText, MessagePattern?) {
        let message: MF2Message
        do {
            message = try MF2Message(source.text)
        } catch {
            for problem in error.errors { syntaxError(problem.message, problem.id, problem.range, hint: problem.hint, in: source) }
            return (source, nil)
        }
        let converted = message.convertedToMF1()
        for note in converted.notes where !MF2ConversionNote.keepsMeaning.contains(note.id) {
            diagnostics.append(Diagnostic(
                severity: .warning, id: "mf2-not-kept", message: note.message + " (\(note.id))", file: source.file,
                position: source.position(ofUTF16Offset: note.range.lowerBound),
                endPosition: source.position(ofUTF16Offset: note.range.upperBound),
                hint: "Speakable compiles and checks an MF2 message as its MF1 form (speakable convert --to mf1 shows it)"))
        }
        guard let pattern = try? MessagePattern(converted.source) else { return (source, nil) }
        return (SourceText(converted: converted.source, from: source, map: MF2SourceMap(pattern, message)), pattern)
    }

    /// The `"syntax"` a template file gives itself, read before its messages; nil when it says
    /// none (or the file cannot be read: reading it reports why).
    static let syntaxKey = Array("\"syntax\"".utf8)

    static func templateSyntax(_ path: String, root: String) -> MessageSyntax? {
        guard InputFile.isInside(path, root: root), case .success(let bytes) = InputFile.read(path) else { return nil }
        // Without "syntax" in it (most files), the file is not read twice.
        let found = bytes.withUnsafeBufferPointer { UTF8Search.firstIndex(of: Self.syntaxKey, in: $0, from: 0, to: $0.count) } != nil
        guard found, let root = JSONReader.read(bytes).root else { return nil }
        return root["syntax"]?.string.flatMap(MessageSyntax.init(rawValue:))
    }

    // MARK: Files

    func jsonFiles(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    func directories(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { name in
            var isDirectory: Bool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: ProjectLoader.join(directory, name), isDirectory: &isDirectory)
                && isDirectory
        }.sorted()
    }
}

/// Whether `path` stays inside the folder it is relative to: not absolute, no `..`, no NUL.
public func isSafeRelativePath(_ path: String) -> Bool {
    // A NUL or backslash byte anywhere (a byte search; `String.contains` would miss one that
    // starts a character with a combining mark after it).
    if path.isEmpty || path.hasPrefix("/") || path.utf8.contains(0) || path.utf8.contains(0x5C) { return false }
    return !path.split(separator: "/").contains("..")
}

private extension MessageArgument {
    var isNumber: Bool {
        switch self {
        case .int, .double: true
        case .string, .date: false
        }
    }

    /// "the number 3", "the text \"x\"", "a date".
    var kindDescription: String {
        switch self {
        case .int(let n): "the number \(n)"
        case .double(let d): "the number \(d)"
        case .string(let s): "the text \"\(s)\""
        case .date: "a date"
        }
    }
}
