import Dispatch
import FoundationEssentials
import Synchronization
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
public import SpeakableMessages
public import SpeakablePlatformFormats

/// Compiles a loaded project into platform catalogs, XLIFF, Swift and Kotlin accessors — in memory;
/// ``OutputWriter`` writes the result all or nothing.
///
/// ```swift
/// let project = ProjectLoader.load(directory: "Game")
/// let result = CatalogCompiler.compile(project, options: CompileOptions())
/// result.files.map(\.path)
/// // ["xcstrings/game.xcstrings", "android/res/values/strings.xml", "android/res/values-ko/strings.xml",
/// //  "xliff/ko.xliff", "swift/Speakable+game.swift"]
/// ```
///
/// A project with loading errors, or a message a platform cannot express (and that is not
/// `runtimeOnly`), gives diagnostics and no files. Diagnostic ids (besides the loader's):
/// `catalog-*` (from ``PlatformConversion``, positioned inside the message), `catalog-conflicting-argument`,
/// `catalog-too-many-cases`, `catalog-key-collision`, `unknown-key` (a warning: a translation of
/// no template message), `metadata-invalid`, `nothing-to-compile` (no templates at all). Warnings for what an app must do beyond one lookup
/// (errors with ``CompileOptions/strict``): `catalog-companion` (an `=N` a platform's plurals
/// cannot say has its own resource or key), `catalog-composed-plurals` (Android: one `<plurals>`
/// per argument and a composing `<string>`), `catalog-open-particle` (a Korean particle after a
/// run-time value), `catalog-number-grouping` (a locale whose grouping printf cannot say),
/// `compile-metadata-ignored` (what `--no-metadata` drops).
public enum CatalogCompiler {
    public static func compile(_ project: Project, options: CompileOptions,
                               metadata: [String: TableMetadata]? = nil) -> CompileResult {
        var diagnostics = project.diagnostics
        if project.hasErrors { return CompileResult(files: [], diagnostics: diagnostics) }
        // A missing or empty templates folder (a wrong path, a checkout without it) would
        // otherwise write empty catalogs over good ones.
        if project.tables.isEmpty {
            diagnostics.append(Diagnostic(
                severity: .error, id: "nothing-to-compile",
                message: "nothing to compile: no templates in \(ProjectLoader.display(folder: project.root, project.config.templates))/",
                file: project.config.file,
                hint: "write \(project.config.templates)/<table>.json with {\"messages\": {…}}, or set \"templates\" in speakable.json; earlier outputs were left as they are"))
            return CompileResult(files: [], diagnostics: diagnostics)
        }
        let preparation = prepare(project, options: options, metadata: metadata)
        diagnostics += preparation.diagnostics
        if diagnostics.contains(where: { $0.severity == .error }) { return CompileResult(files: [], diagnostics: diagnostics) }
        let options = preparation.options
        let context = preparation.context
        let prepared = preparation.tables

        // Every output file is its own job; jobs run in parallel and their results are put
        // back in job order, so the outcome does not depend on scheduling.
        enum Job {
            case xcstrings(Int), android(String), xliff(String), swift(Int), kotlin(Int)
            case compose(String), composeKotlin(Int), composeRuntime
        }
        var jobs: [Job] = []
        if options.outputs.contains(.xcstrings) { jobs += project.tables.indices.map(Job.xcstrings) }
        if options.outputs.contains(.android) { jobs += Exporter.androidTags(project).map(Job.android) }
        if options.outputs.contains(.xliff) { jobs += Exporter.xliffTags(project).map(Job.xliff) }
        if options.outputs.contains(.swift) { jobs += project.tables.indices.map(Job.swift) }
        // Kotlin accessors come with the Android resources once the app's namespace is known.
        let androidNamespace = options.androidNamespace ?? project.config.androidNamespace
        if options.outputs.contains(.android), androidNamespace != nil { jobs += project.tables.indices.map(Job.kotlin) }
        // Compose Multiplatform: its resources, and its accessors once both packages are known.
        let composePackages = ComposeAccessorGenerator.packages(options: options, config: project.config)
        if options.outputs.contains(.compose) {
            jobs += Exporter.androidTags(project).map(Job.compose)
            if composePackages != nil { jobs += project.tables.indices.map(Job.composeKotlin) + [.composeRuntime] }
        }
        let lookup = Exporter.Lookup(project)
        let commonNotes = options.outputs.contains(.xliff) ? Exporter.commonNotes(project, prepared) : [:]
        let pairs = Array(zip(project.tables, prepared))
        let results = Mutex<[Int: (files: [OutputFile], diagnostics: [Diagnostic], notes: [String])]>([:])
        let frozen = context
        let allJobs = jobs
        let swiftAccess = options.swiftAccess
        let swiftBundle = options.swiftBundle
        DispatchQueue.concurrentPerform(iterations: allJobs.count) { index in
            var exporter = Exporter(context: frozen, lookup: lookup)
            var files: [OutputFile] = []
            var notes: [String] = []
            switch allJobs[index] {
            case .xcstrings(let t):
                files = [exporter.xcstrings(project.tables[t], prepared[t])]
            case .android(let tag):
                files = exporter.android(pairs, tags: [tag])
            case .xliff(let tag):
                files = exporter.xliff(project.tables, prepared, tags: [tag], commonNotes: commonNotes)
            case .swift(let t):
                files = [SwiftAccessorGenerator.file(table: project.tables[t], messages: prepared[t],
                                                     sourceLocale: project.config.sourceLocale,
                                                     templates: project.config.templates, access: swiftAccess, bundle: swiftBundle)]
            case .kotlin(let t):
                let kotlin = KotlinAccessorGenerator.file(table: project.tables[t], messages: prepared[t], sourceLocale: project.config.sourceLocale,
                                                          templates: project.config.templates, namespace: androidNamespace!)
                files = [kotlin.file]
                notes = [kotlin.summary]
            case .compose(let tag):
                files = exporter.compose(pairs, tags: [tag])
            case .composeKotlin(let t):
                let kotlin = ComposeAccessorGenerator.file(&exporter, table: project.tables[t], messages: prepared[t], packages: composePackages!)
                files = [kotlin.file]
                notes = [kotlin.summary]
            case .composeRuntime:
                let runtime = ComposeRuntimeGenerator.file(project: project, prepared: prepared, namespace: composePackages!.namespace)
                files = [runtime.file]
                exporter.diagnostics += runtime.diagnostics
            }
            let produced = (files, exporter.diagnostics, notes)
            results.withLock { $0[index] = produced }
        }
        var files: [OutputFile] = []
        var notes: [String] = []
        let collected = results.withLock { $0 }
        for index in jobs.indices {
            guard let result = collected[index] else { continue }
            files += result.files
            notes += result.notes
            for diagnostic in result.diagnostics where !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        if options.strict, diagnostics.contains(where: { $0.severity == .warning }) {
            for index in diagnostics.indices where diagnostics[index].severity == .warning { diagnostics[index].severity = .error }
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return CompileResult(files: [], diagnostics: diagnostics) }
        return CompileResult(files: files, diagnostics: diagnostics, notes: notes)
    }

    /// What `compile` refuses in `project` with these outputs — its errors, without the
    /// loader's (`project.diagnostics`) and without writing or even rendering an output: the
    /// same preparation of every message, and every locale's text validated for each platform
    /// the outputs need (``PlatformConversion/validated(_:platform:locale:arguments:layout:)``, the
    /// step every conversion takes first). What `speakable check` reports of a project, so that a
    /// project that checks clean compiles.
    ///
    /// ```swift
    /// let project = ProjectLoader.load(directory: "MyGame")
    /// var options = CompileOptions()
    /// options.outputs = CompileOptions.defaultOutputs(for: project.config)
    /// CatalogCompiler.validate(project, options: options).map(\.id)   // ["catalog-skipped-argument"]
    /// ```
    ///
    /// `only` (`"<table>\u{0}<key>"` → a number of locales): prepare and validate just these
    /// messages, each with the translations `project` has of it and that many more locales that
    /// say exactly what its template says (the same arguments in the same positions:
    /// ``CompileValidation`` screens them); the others are taken to be messages that cannot be
    /// refused, and only their keys and resource names take part, in the collision checks.
    public static func validate(_ project: Project, options: CompileOptions,
                                metadata: [String: TableMetadata]? = nil, only: [String: Int]? = nil) -> [Diagnostic] {
        if project.hasErrors || project.tables.isEmpty { return [] }
        let preparation = prepare(project, options: options, metadata: metadata, validating: true, only: only)
        var errors = preparation.diagnostics.filter { $0.severity == .error }
        let options = preparation.options
        let platforms: [CatalogPlatform] = (options.outputs.contains(.xcstrings) || options.outputs.contains(.swift) ? [.apple] : [])
            + (options.outputs.contains(.android) || options.outputs.contains(.compose) ? [.android] : [])
        guard !platforms.isEmpty else { return errors }
        let compose = options.outputs.contains(.compose)
        let lookup = Exporter.Lookup(project)
        let context = preparation.context
        let prepared = preparation.tables
        let found = Mutex<[Int: [Diagnostic]]>([:])
        DispatchQueue.concurrentPerform(iterations: prepared.count) { t in
            var exporter = Exporter(context: context, lookup: lookup)
            exporter.validate(project.tables[t], prepared[t], platforms: platforms)
            if compose { exporter.validateCompose(project.tables[t], prepared[t]) }
            let diagnostics = exporter.diagnostics
            found.withLock { $0[t] = diagnostics }
        }
        let collected = found.withLock { $0 }
        for t in prepared.indices {
            for diagnostic in collected[t] ?? [] where diagnostic.severity == .error && !errors.contains(diagnostic) { errors.append(diagnostic) }
        }
        return errors
    }

    /// Every message of every table prepared for the platforms, with what that found.
    struct Preparation {
        var options: CompileOptions
        var context: Context
        var tables: [[PreparedMessage]]
        var diagnostics: [Diagnostic]
    }

    /// Reads the metadata, then prepares every table (in parallel): argument kinds, select
    /// combinations, keys, each platform's layout and argument positions — and every problem that
    /// stops a compile before anything is converted. `validating`: only the errors are wanted
    /// (the warnings' own work is skipped).
    static func prepare(_ project: Project, options: CompileOptions, metadata: [String: TableMetadata]?,
                        validating: Bool = false, only: [String: Int]? = nil) -> Preparation {
        var diagnostics: [Diagnostic] = []
        var options = options
        if !options.useMetadata { options.reuseOriginalValues = false }
        if options.outputs.contains(.android) {
            diagnostics += Self.androidFolderClashes(project)
        }
        diagnostics += Self.accessorTypeClashes(project, options: options)
        var tableMetadata: [String: TableMetadata] = [:]
        if !options.useMetadata {
            tableMetadata = [:]
        } else if let metadata {
            tableMetadata = metadata
        } else if options.useMetadata {
            let loaded = loadMetadata(project)
            tableMetadata = loaded.metadata
            diagnostics += loaded.diagnostics
        }
        var context = Context(project: project, options: options, metadata: tableMetadata)
        context.validating = validating
        context.only = only
        // Tables are prepared in parallel, each in its own copy of the context; what they found
        // is put back in table order, so the outcome does not depend on scheduling.
        let preparedTables = Mutex<[Int: (messages: [PreparedMessage], context: Context)]>([:])
        let start = context
        DispatchQueue.concurrentPerform(iterations: project.tables.count) { index in
            var own = start
            let messages = own.prepare(project.tables[index])
            own.translationsByTag = []   // only needed while preparing
            preparedTables.withLock { $0[index] = (messages, own) }
        }
        let collectedTables = preparedTables.withLock { $0 }
        var preparing: [[PreparedMessage]] = []
        for index in project.tables.indices {
            guard let table = collectedTables[index] else { continue }
            preparing.append(table.messages)
            context.screenedNames += table.context.screenedNames
            for diagnostic in table.context.diagnostics where !context.diagnostics.contains(diagnostic) { context.diagnostics.append(diagnostic) }
            context.merge(groupedIntegers: table.context.groupedIntegers)
        }
        let prepared = preparing
        diagnostics += context.diagnostics
        if !validating { diagnostics += context.groupingWarnings() }
        if options.outputs.contains(.android) { diagnostics += Self.androidNameCollisions(project, prepared, screened: context.screenedNames) }
        if options.outputs.contains(.compose) { diagnostics += Self.composeNameCollisions(project, prepared, screened: context.screenedNames) }
        if !options.useMetadata && !validating {
            // What the metadata would have kept is said, not dropped silently.
            let ignored = metadata ?? loadMetadata(project).metadata
            for (table, messages) in zip(project.tables, prepared) {
                guard let meta = ignored[table.name] else { continue }
                diagnostics += Self.metadataIgnored(meta, table: table, messages: messages, options: options)
            }
        }
        return Preparation(options: options, context: context, tables: prepared, diagnostics: diagnostics)
    }

    /// Android resource names are shared by every table: two messages that would write a
    /// resource of one type and name (a message, a composed plural `<name>__<argument>`, a
    /// companion `<name>__<argument>_eq<N>`) are an error at the second.
    static func androidNameCollisions(_ project: Project, _ prepared: [[PreparedMessage]],
                                      screened: [ScreenedName] = []) -> [Diagnostic] {
        resourceNameCollisions(project, prepared, screened: screened) { resource, key, field, other in
            (message: "Android resource name '\(resource.name)' of '\(key)' is R.\(resource.kind).\(field), which '\(other.owner)' already uses",
             hint: "Android names are letters, digits, '_' and '.', shared by all tables; rename one of the messages")
        }
    }

    /// Two messages whose resources of one kind would be one field of `R` (one Compose name:
    /// `.` is `_` in both): an error at the second, said by `describe` (the resource, the key,
    /// the field, and the first owner with its name).
    static func resourceNameCollisions(
        _ project: Project, _ prepared: [[PreparedMessage]], screened: [ScreenedName],
        describe: ((kind: String, name: String), String, String, (owner: String, name: String)) -> (message: String, hint: String)
    ) -> [Diagnostic] {
        var owners: [String: (owner: String, name: String)] = [:]
        var diagnostics: [Diagnostic] = []
        // Messages not prepared (validation screened them): one resource each.
        let screenedByOwner = Dictionary(screened.map { ($0.owner, $0) }, uniquingKeysWith: { first, _ in first })
        for (table, messages) in zip(project.tables, prepared) {
            let preparedByKey = Dictionary(messages.map { ($0.template.key, $0) }, uniquingKeysWith: { first, _ in first })
            // In file order, prepared or not: the first to take a name keeps it.
            for template in table.messages {
                let owner = "\(table.name):\(template.key)"
                var resources: [(kind: String, name: String)] = []
                if let message = preparedByKey[template.key] {
                    for variant in message.variants {
                        let layout = variant.androidLayout
                        if layout.isComposed(on: .android) {
                            resources.append(("string", variant.androidName))
                            resources += layout.pluralArguments.map { ("plurals", variant.androidName + "__" + SelectExpansion.sanitize($0)) }
                        } else {
                            resources.append((layout.pluralArguments.isEmpty ? "string" : "plurals", variant.androidName))
                        }
                        resources += layout.companions.map { ("string", variant.androidName + $0.suffix) }
                    }
                } else if let name = screenedByOwner[owner] {
                    resources.append((name.kind, name.name))
                }
                for resource in resources {
                    // R's field: `a.b` and `a_b` are one `R.string.a_b`.
                    let field = KotlinAccessorNames.rField(resource.name)
                    let id = resource.kind + ":" + field
                    if let other = owners[id], other.owner != owner {
                        let said = describe(resource, template.key, field, other)
                        let diagnostic = Diagnostic(severity: .error, id: "catalog-key-collision", message: said.message,
                                                    file: table.file, position: template.keyPosition, hint: said.hint)
                        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
                    } else {
                        owners[id] = (owner, resource.name)
                    }
                }
            }
        }
        return diagnostics
    }

    /// `--no-metadata`: a warning for each message whose keys or argument positions change
    /// (app code passes arguments by position), and one for what else of the imported catalogs
    /// is not written (review states, device variations, Android markup and comments, headers,
    /// resources that are not messages).
    static func metadataIgnored(_ meta: TableMetadata, table: Table, messages: [PreparedMessage], options: CompileOptions) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var renamed: [String] = []
        for message in messages {
            guard let recorded = meta[message.template.key], let variant = message.variants.first, message.variants.count == 1 else { continue }
            if let key = recorded.platformKey, key != variant.appleKey { renamed.append("'\(key)' → '\(variant.appleKey)'") }
            if let name = recorded.androidName, name != variant.androidName { renamed.append("'\(name)' → '\(variant.androidName)'") }
            for (platform, before, after) in [("String Catalog", recorded.appleArguments, variant.appleArguments),
                                              ("Android", recorded.androidArguments, variant.androidArguments)] {
                guard let before, options.outputs.contains(platform == "Android" ? .android : .xcstrings) || options.outputs.contains(.swift) else { continue }
                let now = after.filter { $0.slot == .value }.map(\.name)
                guard Array(now.prefix(before.count)) != before else { continue }
                func positions(_ names: [String]) -> String {
                    names.enumerated().map { "%\($0.offset + 1)$ \($0.element)" }.joined(separator: ", ")
                }
                diagnostics.append(Diagnostic(
                    severity: .warning, id: "compile-metadata-ignored",
                    message: "'\(message.template.key)': with --no-metadata its \(platform) arguments are \(positions(now)); the imported catalog had \(positions(before)) — app code that passes them by position gets them wrong",
                    file: table.file, position: message.template.keyPosition,
                    hint: "compile without --no-metadata to keep the imported positions"))
            }
        }
        if !renamed.isEmpty {
            diagnostics.append(Diagnostic(
                severity: .warning, id: "compile-metadata-ignored",
                message: "with --no-metadata \(renamed.count) imported key\(renamed.count == 1 ? " of \(table.file) is" : "s of \(table.file) are") written under Speakable's keys: "
                    + renamed.prefix(5).joined(separator: ", ") + (renamed.count > 5 ? ", …" : ""),
                file: table.file, position: nil, hint: "compile without --no-metadata to keep the catalog's own keys"))
        }
        var dropped: [String] = []
        let states = meta.messages.values.reduce(0) { count, message in
            count + message.xcstrings.values.filter { value in
                Exporter.firstState(in: value.value).map { $0 != "translated" } ?? false
            }.count + message.xliff.count
        }
        if states > 0 { dropped.append("\(states) review state\(states == 1 ? "" : "s")") }
        let devices = meta.messages.values.reduce(0) { $0 + $1.xcstrings.values.filter { Self.contains($0.value, key: "device") }.count }
        if devices > 0 { dropped.append("\(devices) localization\(devices == 1 ? "" : "s") with device variations") }
        let markup = meta.messages.values.reduce(0) { count, message in
            count + message.android.values.filter { value in
                guard let xml = value.value.objectMember("xml")?.stringValue else { return false }
                return xml.contains("<!--") || xml.contains("<xliff:") || xml.contains("<b>") || xml.contains("<i>") || xml.contains("<u>")
            }.count
        }
        if markup > 0 { dropped.append("\(markup) Android resource\(markup == 1 ? "" : "s") with comments or markup as written") }
        let extras = meta.androidExtras.values.reduce(0) { $0 + $1.count }
        if extras > 0 { dropped.append("\(extras) Android resource\(extras == 1 ? "" : "s") that are not messages (string arrays, <skip />)") }
        if !meta.androidHeaders.isEmpty { dropped.append("\(meta.androidHeaders.count) Android file header\(meta.androidHeaders.count == 1 ? "" : "s")") }
        if !dropped.isEmpty {
            diagnostics.append(Diagnostic(
                severity: .warning, id: "compile-metadata-ignored",
                message: "with --no-metadata what .speakable/\(table.name).platform.json keeps is not written: " + dropped.joined(separator: ", "),
                file: table.file, position: nil, hint: "compile without --no-metadata to keep them"))
        }
        return diagnostics
    }

    static func contains(_ value: JSONValue, key: String) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { $0.0 == key || contains($0.1, key: key) }
    }

    /// Reads `.speakable/<table>.platform.json` for every table that has one.
    public static func loadMetadata(_ project: Project) -> (metadata: [String: TableMetadata], diagnostics: [Diagnostic]) {
        var result: [String: TableMetadata] = [:]
        var diagnostics: [Diagnostic] = []
        for table in project.tables {
            let path = TableMetadata.path(root: project.root, table: table.name)
            let (metadata, problems) = TableMetadata.read(path: path, display: path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
            diagnostics += problems
            if let metadata { result[table.name] = metadata }
        }
        return (result, diagnostics)
    }

    /// Locales that Android reads from one folder (`iw` and `he` are both `values-iw`, `in` and
    /// `id` `values-in`): an error naming both, since one folder cannot hold two translations.
    /// Tables whose accessors would be one type (`a b.json` and `a-b.json` are both
    /// `ABStrings`): the Swift, Kotlin and Compose accessors would not build. An error naming
    /// both files, whenever an output writes accessors.
    static func accessorTypeClashes(_ project: Project, options: CompileOptions) -> [Diagnostic] {
        let accessors = options.outputs.contains(.swift)
            || (options.outputs.contains(.compose) && ComposeAccessorGenerator.packages(options: options, config: project.config) != nil)
            || (options.outputs.contains(.android) && (options.androidNamespace ?? project.config.androidNamespace) != nil)
        guard accessors else { return [] }
        var byType: [String: [Table]] = [:]
        var order: [String] = []
        for table in project.tables {
            let type = SwiftAccessorGenerator.typeName(table.name)
            if byType[type] == nil { order.append(type) }
            byType[type, default: []].append(table)
        }
        return order.compactMap { type in
            let tables = byType[type]!
            guard tables.count > 1 else { return nil }
            return Diagnostic(
                severity: .error, id: "catalog-type-collision",
                message: "the tables " + tables.map { "'\($0.name)' (\($0.file))" }.joined(separator: " and ")
                    + " would both have the accessor type \(type), and the generated Swift and Kotlin would not build",
                file: tables[1].file, position: nil,
                hint: "rename one of the template files: a table's type is its name's letters and digits in upper camel case")
        }
    }

    static func androidFolderClashes(_ project: Project) -> [Diagnostic] {
        var byFolder: [String: [String]] = [:]
        for tag in Exporter.androidTags(project) {
            let folder = tag == project.config.sourceLocale ? "values" : AndroidQualifiers.valuesFolder(for: tag)
            byFolder[folder, default: []].append(tag)
        }
        return byFolder.keys.sorted().compactMap { folder in
            let tags = byFolder[folder]!
            guard tags.count > 1 else { return nil }
            let locales = ProjectLoader.display(folder: project.root, project.config.locales)
            return Diagnostic(
                severity: .error, id: "catalog-locale-alias",
                message: "\(tags.map { "'\($0)'" }.joined(separator: " and ")) are one language to Android, which reads both from \(folder)/",
                file: project.config.file ?? locales, position: nil,
                hint: "keep one tag: move the translations of \(locales)/\(tags[1])/ into \(locales)/\(tags[0])/ (and list only '\(tags[0])' in targetLocales)")
        }
    }

    /// The locales of a table besides the source: the configured targets and every locale folder
    /// with this table, sorted.
    static func targetLocales(_ project: Project, _ table: Table) -> [String] {
        Array(Set(project.config.targetLocales).union(table.locales.keys).subtracting([project.config.sourceLocale])).sorted()
    }
}

struct Context {
    let project: Project
    let options: CompileOptions
    let metadata: [String: TableMetadata]
    var diagnostics: [Diagnostic] = []
    /// Android resource names in use, by kind ("string:" / "plurals:"), with their message.
    var androidNames: [String: String] = [:]
    /// Per locale tag and kind of number format (`decimal`, `skeleton`): the messages that
    /// print grouped integers (the first few, and how many), where the file is (for the
    /// `catalog-number-grouping` warnings).
    var groupedIntegers: [String: [String: GroupedIntegerUses]] = [:]
    /// Only errors are wanted (``CatalogCompiler/validate(_:options:metadata:only:)``): what only
    /// warnings need is not worked out.
    var validating = false
    /// Prepare only these messages (`"<table>\u{0}<key>"`, with the number of locales screened
    /// out that say what the template says); of the others only the keys and Android names are
    /// recorded (``screenedNames``).
    var only: [String: Int]?
    /// The Android resource of each message not prepared.
    var screenedNames: [ScreenedName] = []
    /// The table being prepared: its locales (not the source), each with its translations by key.
    var translationsByTag: [(tag: String, file: String, locale: ICULocale, translations: [String: Translation])] = []

    struct GroupedIntegerUses {
        var keys: [String] = []
        var count = 0
        var lastKey: String?
        var file: String
    }

    init(project: Project, options: CompileOptions, metadata: [String: TableMetadata]) {
        self.project = project
        self.options = options
        self.metadata = metadata
    }

    var needsPlatformForms: Bool {
        options.outputs.contains(.xcstrings) || options.outputs.contains(.android) || options.outputs.contains(.swift)
            || options.outputs.contains(.compose)
    }

    mutating func error(_ id: String, _ message: String, file: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .error, id: id, message: message, file: file, position: position, hint: hint))
    }

    mutating func prepare(_ table: Table) -> [PreparedMessage] {
        var result: [PreparedMessage] = []
        // Every locale's translations by key, once per table (LocaleFile's own lookup is linear).
        let sourceLocale = project.config.sourceLocale
        translationsByTag = table.locales.keys.sorted().filter { $0 != sourceLocale }.map { tag in
            let file = table.locales[tag]!
            return (tag, file.file, file.locale, Dictionary(file.translations.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        var appleKeys: [String: String] = [:]
        let tableMetadata = metadata[table.name]
        for message in table.messages {
            guard let pattern = message.pattern else { continue }
            let meta = tableMetadata?[message.key]
            if let only, only[table.name + "\u{0}" + message.key] == nil {
                // Screened as one that cannot be refused: its key and name still take part in
                // the collision checks (no selects: one of each; no =N: no companions).
                guard !message.runtimeOnly else { continue }
                let appleKey = Self.appleKey(message, meta: meta, choices: [])
                if let other = appleKeys[appleKey] {
                    error("catalog-key-collision", "message '\(message.key)' would use the catalog key '\(appleKey)', which '\(other)' already uses",
                          file: table.file, at: message.keyPosition,
                          hint: "keys of select cases are <key>__<argument>_<case>; rename one of the messages")
                }
                appleKeys[appleKey] = message.key
                let plural = pattern.body.parts.contains { part in
                    if case .argument(let node) = part, case .plural = node.kind { true } else { false }
                }
                screenedNames.append(ScreenedName(owner: "\(table.name):\(message.key)", kind: plural ? "plurals" : "string",
                                                  name: Self.androidResourceName(Self.androidBase(message, meta: meta, choices: []))))
                continue
            }
            let kinds = argumentKinds(message, pattern, file: table.file, metadata: meta)
            var variants: [PreparedMessage.Variant] = []
            if !message.runtimeOnly, rejectsFractionalPlural(message, pattern, kinds: kinds, table: table) { continue }
            if !message.runtimeOnly {
                // Counted before anything is built: 26 two-case selects are 67 million keys.
                let count = SelectExpansion.combinationCount(of: pattern.body)
                if count > SelectExpansion.maximumCombinations {
                    error("catalog-too-many-cases",
                          "message '\(message.key)' has \(count == Int.max ? "more than \(Int.max)" : String(count)) combinations of select cases; platform catalogs would need one key each (at most \(SelectExpansion.maximumCombinations))",
                          file: table.file, at: message.keyPosition, hint: "split the message, or mark it runtimeOnly")
                    continue
                }
                for choices in SelectExpansion.combinations(of: pattern.body) {
                    let body = SelectExpansion.prune(pattern.body, choosing: choices)
                    let appleKey = Self.appleKey(message, meta: meta, choices: choices)
                    let androidName = Self.androidResourceName(Self.androidBase(message, meta: meta, choices: choices))
                    if let other = appleKeys[appleKey] {
                        error("catalog-key-collision", "message '\(message.key)' would use the catalog key '\(appleKey)', which '\(other)' already uses",
                              file: table.file, at: message.keyPosition,
                              hint: "keys of select cases are <key>__<argument>_<case>; rename one of the messages")
                    }
                    appleKeys[appleKey] = message.key
                    let prepared = variant(message, table: table, choices: choices, body: body, appleKey: appleKey,
                                           androidName: androidName, kinds: kinds, meta: meta)
                    for companion in prepared.appleLayout.companions {
                        let companionKey = appleKey + companion.suffix
                        if let other = appleKeys[companionKey], other != message.key {
                            error("catalog-key-collision", "message '\(message.key)' would use the catalog key '\(companionKey)' for \(companion.argument) = \(companion.value), which '\(other)' already uses",
                                  file: table.file, at: message.keyPosition, hint: "rename one of the messages")
                        }
                        appleKeys[companionKey] = message.key
                    }
                    variants.append(prepared)
                }
            }
            result.append(PreparedMessage(template: message, pattern: pattern, kinds: kinds, variants: variants, metadata: meta))
        }
        let keys = Set(table.messages.map(\.key))
        for tag in table.locales.keys.sorted() {
            let file = table.locales[tag]!
            for translation in file.translations where !keys.contains(translation.key) {
                diagnostics.append(Diagnostic(severity: .warning, id: "unknown-key",
                                              message: "'\(translation.key)' is not a message of \(table.file); it is not compiled",
                                              file: file.file, position: translation.keyPosition))
            }
        }
        return result
    }

    /// One combination of select cases, with what every locale's text decides: the positions
    /// of each platform's formats (every argument any locale prints), each platform's layout
    /// (plurals in some locale make a plural everywhere; exact values that need companions),
    /// and the arguments Korean particles follow. Layout decisions that change what an app
    /// calls are reported as warnings (``Exporter`` reports the rest while converting).
    mutating func variant(_ message: TemplateMessage, table: Table, choices: [SelectExpansion.Choice], body: MessageBody,
                          appleKey: String, androidName: String, kinds: [String: CatalogArgument.Kind],
                          meta: MessageMetadata?) -> PreparedMessage.Variant {
        let sourceLocale = project.config.sourceLocale
        var bodies: [(tag: String, file: String, locale: ICULocale?, source: SourceText, body: MessageBody)] =
            [(sourceLocale, table.file, sourceICU, message.source, body)]
        for locale in translationsByTag {
            guard let translation = locale.translations[message.key], let pattern = translation.pattern else { continue }
            let pruned = choices.isEmpty ? pattern.body : SelectExpansion.prune(pattern.body, choosing: choices)
            bodies.append((locale.tag, locale.file, locale.locale, translation.source, pruned))
        }
        // Numbers no printf conversion prints as ICU does reach both platforms as ICU's text; a
        // Double with fixed fraction digits that a platform prints itself (Java's `%.2f`, an
        // imported String Catalog's own `%.2f`) is its value there.
        let numberTexts = PlatformConversion.numberTexts(in: bodies.compactMap { item in item.locale.map { (item.body, $0) } }, kinds: kinds)
        var applePrinted = Set<NumberText>()
        var androidPrinted = Set<NumberText>()
        if kinds.values.contains(.double) {
            for item in bodies {
                PlatformConversion.forEachArgument(item.body) { node in
                    guard let text = NumberText.of(node), numberTexts.contains(text), case .simple(let simple) = node.kind else { return }
                    let kind = kinds[node.name] ?? .integer
                    if PlatformConversion.printedFraction(simple.style, kind: kind, recordedSpecifier: meta?.appleSpecifiers[node.name], platform: .apple) != nil {
                        applePrinted.insert(text)
                    }
                    if PlatformConversion.printedFraction(simple.style, kind: kind, recordedSpecifier: meta?.androidSpecifiers[node.name], platform: .android) != nil {
                        androidPrinted.insert(text)
                    }
                }
            }
        }
        var appleSlots: [(name: String, slot: CatalogArgument.Slot, locales: Int)] = []
        var androidSlots: [(name: String, slot: CatalogArgument.Slot)] = []
        var localeSlots: [[(name: String, slot: CatalogArgument.Slot)]] = []
        for item in bodies {
            let slots = PlatformConversion.formatSlots(of: item.body, numberTexts: numberTexts, applePrinted: applePrinted, androidPrinted: androidPrinted)
            localeSlots.append(slots.apple)
            for slot in slots.apple {
                if let index = appleSlots.firstIndex(where: { $0.name == slot.name && $0.slot == slot.slot }) {
                    appleSlots[index].locales += 1
                } else {
                    appleSlots.append((slot.name, slot.slot, 1))
                }
            }
            for slot in slots.android where !androidSlots.contains(where: { $0.name == slot.name && $0.slot == slot.slot }) { androidSlots.append(slot) }
        }
        // Android alone: integers padded to four digits or more with grouping ("0,042").
        let androidOnly = androidSlots.compactMap { slot -> NumberText? in
            guard case .numberText(let style) = slot.slot else { return nil }
            let text = NumberText(name: slot.name, style: style)
            return numberTexts.contains(text) ? nil : text
        }
        if !validating {
            reportNumberTexts(numberTexts + androidOnly, androidOnly: Set(androidOnly), applePrinted: applePrinted, androidPrinted: androidPrinted,
                              message: message, bodies: bodies, kinds: kinds)
        }
        let valueArguments = kinds.map { CatalogArgument(name: $0.key, kind: $0.value) }
            + numberTexts.map { CatalogArgument(name: $0.name, kind: .text, slot: .numberText($0.style)) }
        var normalized: [(body: MessageBody, locale: ICULocale)] = []
        var particleArguments: [String] = []
        for item in bodies {
            guard let locale = item.locale, let body = try? PlatformConversion.normalized(item.body, locale: locale, arguments: valueArguments) else { continue }
            normalized.append((body, locale))
            if validating { continue }
            let grouped = PlatformConversion.groupedIntegers(in: item.body, kinds: kinds, numberTexts: numberTexts)
            for (kind, uses) in [("decimal", grouped.decimal), ("skeleton", grouped.skeleton)] where uses {
                var entry = groupedIntegers[item.tag, default: [:]][kind] ?? GroupedIntegerUses(file: item.file)
                // The variants of one message come one after the other: count the message once.
                if entry.lastKey != message.key {
                    if entry.keys.count < 3 { entry.keys.append(message.key) }
                    entry.count += 1
                }
                entry.lastKey = message.key
                groupedIntegers[item.tag, default: [:]][kind] = entry
            }
            for open in PlatformConversion.openParticles(in: body, locale: locale) {
                if !particleArguments.contains(open.argument) { particleArguments.append(open.argument) }
                if writesPlatformCatalogs {
                    warning("catalog-open-particle",
                            "'\(message.key)' (\(item.tag)): the particle \(open.notation) after {\(open.argument)} depends on a value known only at run time; "
                            + "the generated Swift and Kotlin accessors resolve it, an app that reads the .xcstrings or strings.xml directly must pick the form itself after formatting (docs/particles.md)",
                            file: item.file, at: item.source.position(ofUTF16Offset: open.range.lowerBound),
                            hint: "write the particle for both cases, or let Speakable's accessors format the message")
                }
            }
        }
        let appleLayout = PlatformConversion.layout(of: normalized, platform: .apple)
        let androidLayout = PlatformConversion.layout(of: normalized, platform: .android)
        // Foundation reads arguments by position and skips an unused position without reading
        // its value, so the values after it shift: a position some locale does not use goes
        // after those every locale uses (most used first).
        // Arguments the app passes that the source does not print: positions of every String
        // Catalog format (where no locale prints them: after the others).
        for argument in message.passedArguments where !appleSlots.contains(where: { $0.name == argument.name && $0.slot == .value }) {
            appleSlots.append((argument.name, .value, 0))
        }
        // Locales the validation screened out say exactly what the template says (the same
        // positions): they count as the template's.
        let screened = only?[table.name + "\u{0}" + message.key] ?? 0
        if screened > 0 {
            for slot in localeSlots[0] {
                if let index = appleSlots.firstIndex(where: { $0.name == slot.name && $0.slot == slot.slot }) { appleSlots[index].locales += screened }
            }
        }
        let localeCount = bodies.count + screened
        let everywhere = appleSlots.filter { $0.locales == localeCount }
        let partly = appleSlots.filter { $0.locales < localeCount }.enumerated()
            .sorted { ($0.element.locales, -$0.offset) > ($1.element.locales, -$1.offset) }.map(\.element)
        let appleOrder = meta?.appleArguments == nil ? everywhere + partly : appleSlots
        let appleValues = ordered(appleOrder.filter { $0.slot == .value }.map(\.name), recorded: meta?.appleArguments, kinds: kinds,
                                  specifiers: meta?.appleSpecifiers ?? [:], substitutions: meta?.appleSubstitutions ?? [:])
        let apple: [CatalogArgument]
        if meta?.appleArguments != nil {
            // An imported catalog's positions stay as they were; new ones go after them.
            apple = appleValues + appleOrder.filter { $0.slot != .value }.map { CatalogArgument(name: $0.name, kind: .text, slot: $0.slot) }
        } else {
            apple = appleOrder.map { slot in
                slot.slot == .value ? appleValues.first { $0.name == slot.name }! : CatalogArgument(name: slot.name, kind: .text, slot: slot.slot)
            }
        }
        // (An imported catalog's positions are kept as they were, gaps included.)
        if meta?.appleArguments == nil { reportSkippedTexts(apple, localeSlots: localeSlots, message: message, bodies: bodies) }
        let androidValues = ordered(androidSlots.filter { $0.slot == .value }.map(\.name), recorded: meta?.androidArguments, kinds: kinds,
                                    specifiers: meta?.androidSpecifiers ?? [:])
        var android: [CatalogArgument]
        if meta?.androidArguments != nil {
            android = androidValues + androidSlots.filter { $0.slot != .value }.map { CatalogArgument(name: $0.name, kind: .text, slot: $0.slot) }
        } else {
            android = androidSlots.map { slot in
                slot.slot == .value ? androidValues.first { $0.name == slot.name }! : CatalogArgument(name: slot.name, kind: .text, slot: slot.slot)
            }
        }
        if androidLayout.isComposed(on: .android) {
            android += androidLayout.pluralArguments.map { CatalogArgument(name: $0, kind: .text, slot: .pluralText) }
        }
        if !validating {
            reportLayout(message, table: table, appleKey: appleKey, androidName: androidName, apple: appleLayout, android: androidLayout)
        }
        return PreparedMessage.Variant(choices: choices, appleKey: appleKey, androidName: androidName, templateBody: body,
                                       appleArguments: apple, androidArguments: android, appleLayout: appleLayout,
                                       androidLayout: androidLayout, particleArguments: particleArguments)
    }

    /// A plural on a `Double` (its examples pass fractions) has no platform form: Android's
    /// `<plurals>` choose by an `int`, String Catalogs print `#` with printf. An error at the
    /// plural, in the template or the first translation that has one.
    mutating func rejectsFractionalPlural(_ message: TemplateMessage, _ pattern: MessagePattern, kinds: [String: CatalogArgument.Kind],
                                          table: Table) -> Bool {
        guard needsPlatformForms, kinds.values.contains(.double) else { return false }
        var places: [(file: String, source: SourceText, body: MessageBody)] = [(table.file, message.source, pattern.body)]
        for locale in translationsByTag {
            if let translation = locale.translations[message.key], let translated = translation.pattern { places.append((locale.file, translation.source, translated.body)) }
        }
        for place in places {
            var found: ArgumentNode?
            PlatformConversion.forEachArgument(place.body) { node in
                if found == nil, case .plural(let plural) = node.kind, !plural.isOrdinal, kinds[node.name] == .double { found = node }
            }
            guard let node = found else { continue }
            error("catalog-fractional-plural",
                  "'\(message.key)': plural '\(node.name)' takes a Double (its examples pass fractions); Android's <plurals> choose by an int and String Catalogs print # with printf, neither as ICU does for fractions",
                  file: place.file, at: place.source.position(ofUTF16Offset: node.range.lowerBound),
                  hint: "pass a whole count (examples with whole numbers make it an Int) and print a fraction with {\(node.name), number} outside the plural, or mark the message runtimeOnly")
            return true
        }
        return false
    }

    /// A number printed as text in some locales only (a translation that writes another style
    /// than the template: `{ratio, number, ::.00}` for `{ratio}`, or `::group-off` where the
    /// template groups) has its own position in the
    /// String Catalog; a locale that skips such a position and reads a later one would make
    /// Foundation read the later values from the wrong place (it reads by position, and a
    /// position no specifier names is not read). An error at the locale's number.
    mutating func reportSkippedTexts(_ apple: [CatalogArgument], localeSlots: [[(name: String, slot: CatalogArgument.Slot)]],
                                     message: TemplateMessage,
                                     bodies: [(tag: String, file: String, locale: ICULocale?, source: SourceText, body: MessageBody)]) {
        guard options.outputs.contains(.xcstrings) || options.outputs.contains(.swift) else { return }
        for (item, slots) in zip(bodies, localeSlots) {
            let used = apple.indices.filter { index in slots.contains { $0.name == apple[index].name && $0.slot == apple[index].slot } }
            guard let last = used.last, let index = (0..<last).first(where: { !used.contains($0) }) else { continue }
            let skipped = apple[index]
            // The skipped value as the other locales write it, and this locale's own form.
            let other: String
            switch skipped.slot {
            case .numberText(let style): other = NumberText(name: skipped.name, style: style).argumentText
            case .integerText(let presentation): other = NumberText(name: skipped.name, style: presentation.skeleton.map { " ::" + $0 } ?? "").argumentText
            case .value, .pluralText: other = "{\(skipped.name)}"
            }
            var position = item.source.start
            var own: String?
            PlatformConversion.forEachArgument(item.body) { node in
                guard own == nil, node.name == skipped.name else { return }
                position = item.source.position(ofUTF16Offset: node.range.lowerBound)
                if case .simple(let simple) = node.kind, simple.type == .number, let text = NumberText.of(node) { own = text.argumentText } else { own = "{\(node.name)…}" }
            }
            let diagnostic = Diagnostic(
                severity: .error, id: "catalog-skipped-argument",
                message: "'\(message.key)' (\(item.tag)) " + (own.map { "writes \($0) where another locale writes \(other)" } ?? "does not print \(other), which another locale prints")
                    + ": in the String Catalog each is its own value, and \(item.tag) would skip value \(index + 1) but read value \(last + 1), which Foundation then reads from the wrong place",
                file: item.file, position: position,
                hint: "write \(skipped.name) as the other locales do (the same number style), or mark the message runtimeOnly")
            // Once per message and locale (select cases give the same).
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
    }

    /// Numbers passed as ICU's text: what an app must pass (one warning per message and
    /// number, not per select case).
    mutating func reportNumberTexts(_ texts: [NumberText], androidOnly: Set<NumberText> = [], applePrinted: Set<NumberText> = [],
                                    androidPrinted: Set<NumberText> = [], message: TemplateMessage,
                                    bodies: [(tag: String, file: String, locale: ICULocale?, source: SourceText, body: MessageBody)],
                                    kinds: [String: CatalogArgument.Kind]) {
        guard writesPlatformCatalogs else { return }
        for text in texts {
            // Where the number is first written, in the template (else the first translation).
            var place: (file: String, position: SourcePosition)?
            // As written: `{ratio}` (a plain argument) or `{ratio, number, percent}`.
            var written = text.argumentText
            for item in bodies where place == nil {
                PlatformConversion.forEachArgument(item.body) { node in
                    guard place == nil, NumberText.of(node) == text else { return }
                    place = (item.file, item.source.position(ofUTF16Offset: node.range.lowerBound))
                    if case .none = node.kind { written = "{" + node.name + "}" }
                }
            }
            let padded = androidOnly.contains(text)
            if padded && !options.outputs.contains(.android) { continue }
            let toAndroid = options.outputs.contains(.android) && !androidPrinted.contains(text)
            let toApple = options.outputs.contains(.xcstrings) && !padded && !applePrinted.contains(text)
            if !toAndroid && !toApple { continue }
            let what = padded ? "pads with grouping, which Java's %,04d does not"
                : kinds[text.name] == .double ? "takes a Double, and no printf conversion prints a fraction as ICU does"
                : "has a number format no printf conversion says"
            var platforms: [String] = []
            if toAndroid {
                platforms.append("Android gets %s: the Kotlin accessors pass the text of MessageFormat(\(Self.kotlinString(text.formatPattern)), locale).format(arrayOf(\(text.name))), as an app reading strings.xml itself must (android.icu.text; docs/android.md)")
            }
            if toApple {
                platforms.append(text.foundationStyle != nil
                    ? "String Catalogs get %@: the generated Swift accessors pass it formatted by NumberFormatter, an app that reads the catalog directly must do the same"
                    : "String Catalogs get %@ and the generated Swift accessor takes \(text.name) as that text: Foundation has no formatter that matches ICU here")
            }
            warning("catalog-formatted-number",
                    "'\(message.key)': \(written) \(what) (ICU: \(sample(text, kinds[text.name] ?? .integer, padded: padded))); " + platforms.joined(separator: "; "),
                    file: place?.file ?? bodies[0].file, at: place?.position ?? message.keyPosition,
                    hint: "format the number as the message says and pass the text, or mark the message runtimeOnly")
        }
    }

    /// A Kotlin string literal (`$` starts a template there).
    static func kotlinString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// ICU's text for a sample value in the source locale ("1,234,567.891", "50%").
    func sample(_ text: NumberText, _ kind: CatalogArgument.Kind, padded: Bool = false) -> String {
        let sample: Int64 = padded ? 42 : 9180
        let value: MessageArgument = kind == .double ? .double(1_234_567.891) : .int(sample)
        guard let locale = sourceICU, let formatted = try? CompiledMessage(text.formatPattern, locale: locale, timeZone: .utc).format(["0": value]) else {
            return text.argumentText
        }
        return "\"" + formatted + "\" for " + (kind == .double ? "1234567.891" : String(sample))
    }

    /// Adds another table's grouped-integer uses (tables are prepared apart).
    mutating func merge(groupedIntegers other: [String: [String: GroupedIntegerUses]]) {
        for (tag, kinds) in other {
            for (kind, uses) in kinds {
                guard var entry = groupedIntegers[tag]?[kind] else {
                    groupedIntegers[tag, default: [:]][kind] = uses
                    continue
                }
                for key in uses.keys where entry.keys.count < 3 { entry.keys.append(key) }
                entry.count += uses.count
                groupedIntegers[tag]![kind] = entry
            }
        }
    }

    /// Android's `java.util.Formatter` groups `%,d` every `primary` digits from the first group
    /// on; where ICU groups otherwise (Indian secondary groups; NumberFormatter's minimum
    /// grouping digits in skeletons) some numbers print differently: one warning per locale.
    func groupingWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for tag in groupedIntegers.keys.sorted() {
            guard let locale = try? ICULocale(tag) else { continue }
            // String Catalogs: a localized %lld is ICU's decimal format, which ignores the
            // minimum grouping digits that number skeletons honour (Polish "9 180" / "9180 sekund").
            if options.outputs.contains(.xcstrings) || options.outputs.contains(.swift), let uses = groupedIntegers[tag]?["skeleton"],
               let skeleton = IntegerGrouping.of(locale, skeleton: true), let decimal = IntegerGrouping.of(locale), skeleton != decimal {
                let sample: Int64 = skeleton.secondary != decimal.secondary ? 1_234_567 : 9_180
                let icu = (try? SkeletonNumberFormatter(skeleton: "", locale: locale).format(sample)) ?? String(sample)
                let apple = (try? NumberFormat(.decimal, locale: locale).format(sample)) ?? String(sample)
                let keys = uses.keys.map { "'\($0)'" }.joined(separator: ", ") + (uses.count > 3 ? " and \(uses.count - 3) more" : "")
                warnings.append(Diagnostic(
                    severity: .warning, id: "catalog-number-grouping",
                    message: "\(tag): ICU writes number skeletons (units, integer-width) such as \(sample) as \"\(icu)\", a String Catalog's %lld as \"\(apple)\"; some values print differently on Apple in \(keys)",
                    file: uses.file, position: nil, hint: "format such numbers in the app, or accept the difference"))
            }
            guard options.outputs.contains(.android) else { continue }
            for kind in ["decimal", "skeleton"] {
                guard let uses = groupedIntegers[tag]?[kind], let grouping = IntegerGrouping.of(locale, skeleton: kind == "skeleton"),
                      !grouping.isUniform else { continue }
                let sample: Int64 = grouping.secondary != grouping.primary ? 1_234_567 : 9_180
                let icu = (kind == "skeleton" ? (try? SkeletonNumberFormatter(skeleton: "", locale: locale).format(sample))
                                              : (try? NumberFormat(.decimal, locale: locale).format(sample))) ?? String(sample)
                let java = Self.uniformlyGrouped(sample, grouping)
                let which = kind == "skeleton" ? "number skeletons (units, integer-width)" : "numbers"
                let keys = uses.keys.map { "'\($0)'" }.joined(separator: ", ") + (uses.count > 3 ? " and \(uses.count - 3) more" : "")
                warnings.append(Diagnostic(
                    severity: .warning, id: "catalog-number-grouping",
                    message: "\(tag): ICU writes \(which) such as \(sample) as \"\(icu)\", Android's %,d as \"\(java)\"; some values print differently on Android in \(keys)",
                    file: uses.file, position: nil,
                    hint: "Java's Formatter knows one group size and no minimum grouping; format such numbers in the app, or accept the difference"))
            }
        }
        return warnings
    }

    /// What `%,d` prints: the locale's digits, its separator every `primary` digits.
    static func uniformlyGrouped(_ value: Int64, _ grouping: IntegerGrouping) -> String {
        let digits = Array(String(value.magnitude)).map { grouping.digits[Int($0.asciiValue! - 48)] }
        var out = ""
        for (index, digit) in digits.enumerated() {
            let remaining = digits.count - index
            out += digit
            if grouping.primary > 0, remaining > 1, (remaining - 1) % grouping.primary == 0 { out += grouping.separator }
        }
        return (value < 0 ? "-" : "") + out
    }

    var sourceICU: ICULocale? { try? ICULocale(project.config.sourceLocale) }

    var writesPlatformCatalogs: Bool { options.outputs.contains(.xcstrings) || options.outputs.contains(.android) }

    /// Warnings for what an app reading the catalogs must do beyond one lookup.
    mutating func reportLayout(_ message: TemplateMessage, table: Table, appleKey: String, androidName: String,
                               apple: CatalogLayout, android: CatalogLayout) {
        let key = appleKey == message.key ? "'\(message.key)'" : "'\(message.key)' (\(appleKey))"
        if options.outputs.contains(.android) {
            if android.isComposed(on: .android) {
                let plurals = android.pluralArguments.map { "<plurals name=\"\(androidName)__\(SelectExpansion.sanitize($0))\">" }
                warning("catalog-composed-plurals",
                        "\(key) has plurals on \(android.pluralArguments.map { "'\($0)'" }.joined(separator: " and ")); Android gets "
                        + plurals.joined(separator: ", ") + " and <string name=\"\(androidName)\"> that puts their texts in place; the Kotlin accessors compose them (docs/android.md)",
                        file: table.file, at: message.keyPosition,
                        hint: "the app formats each <plurals> with getQuantityString, then the <string> with getString")
            }
            for companion in android.companions {
                warning("catalog-companion",
                        "\(key): Android plurals cannot say '=\(companion.value)' of '\(companion.argument)'; it is <string name=\"\(androidName)\(companion.suffix)\">, "
                        + "which the app uses when \(companion.argument) is \(companion.value), as the Kotlin accessors do (docs/android.md)",
                        file: table.file, at: message.keyPosition, hint: "or say the same thing as the plural category does, and it needs no companion")
            }
        }
        if options.outputs.contains(.xcstrings) {
            for companion in apple.companions {
                warning("catalog-companion",
                        "\(key): String Catalog plurals cannot say '=\(companion.value)' of '\(companion.argument)'; it is the key '\(appleKey)\(companion.suffix)', "
                        + "which the generated Swift accessors use when \(companion.argument) is \(companion.value) (an app that reads the catalog directly must do the same)",
                        file: table.file, at: message.keyPosition, hint: "or say the same thing as the plural category does, and it needs no companion")
            }
        }
    }

    mutating func warning(_ id: String, _ message: String, file: String, at position: SourcePosition?, hint: String? = nil) {
        let diagnostic = Diagnostic(severity: .warning, id: id, message: message, file: file, position: position, hint: hint)
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }

    /// Argument order: the recorded one (from an import), then the other arguments in order of
    /// first appearance.
    func ordered(_ names: [String], recorded: [String]?, kinds: [String: CatalogArgument.Kind],
                 specifiers: [String: String], substitutions: [String: String] = [:]) -> [CatalogArgument] {
        // Recorded positions are kept as they were, gaps included (app code passes arguments by
        // position: `getString(id, hours, minutes, remaining)`); new arguments go after them.
        var order = recorded ?? []
        for name in names where !order.contains(name) { order.append(name) }
        return order.map { CatalogArgument(name: $0, kind: kinds[$0] ?? .text, recordedSpecifier: specifiers[$0],
                                           recordedSubstitution: substitutions[$0]) }
    }

    /// The String Catalog key of a message's combination of select cases: an imported catalog's
    /// own key, else the message's (`<key>__<argument>_<case>` with cases).
    static func appleKey(_ message: TemplateMessage, meta: MessageMetadata?, choices: [SelectExpansion.Choice]) -> String {
        choices.isEmpty ? (meta?.platformKey ?? message.key) : SelectExpansion.key(message.key, choices)
    }

    /// What the Android resource name is made from: an imported resource's own name, an
    /// imported String Catalog key that is one, else the key (with cases: as ``appleKey``).
    static func androidBase(_ message: TemplateMessage, meta: MessageMetadata?, choices: [SelectExpansion.Choice]) -> String {
        guard choices.isEmpty else { return SelectExpansion.key(message.key, choices) }
        return meta?.androidName ?? (meta?.platformKey.map(Self.isAndroidName) == true ? meta!.platformKey! : message.key)
    }

    /// A valid Android resource name: letters, digits, `_` and `.`, not starting with a digit.
    static func androidName(_ key: String) -> String {
        let valid: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2E }
        if let first = key.utf8.first, first > 0x39 || first < 0x30, first != 0x2E, key.utf8.allSatisfy(valid) { return key }
        var name = String(String.UnicodeScalarView(key.unicodeScalars.map { s in
            (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s))) || s == "_" || s == "." ? s : "_"
        }))
        if name.isEmpty || name.unicodeScalars.first.map({ ("0"..."9").contains($0) || $0 == "." }) == true { name = "_" + name }
        return name
    }

    /// ``androidName(_:)`` that is also a Java identifier in `R` (`aapt2 link` refuses a resource
    /// named `continue` or `_`): such a name gets a `_` after it.
    static func androidResourceName(_ key: String) -> String {
        let name = androidName(key)
        let field = KotlinAccessorNames.rField(name)
        return ProjectConfig.javaKeywords.contains(field) ? name + "_" : name
    }

    static func isAndroidName(_ text: String) -> Bool { !text.isEmpty && androidName(text) == text }

    /// What each argument takes (``ArgumentKinds/of(_:_:)``); an argument used in ways no
    /// single value satisfies is an error.
    mutating func argumentKinds(_ message: TemplateMessage, _ pattern: MessagePattern, file: String,
                                metadata: MessageMetadata? = nil) -> [String: CatalogArgument.Kind] {
        for (name, usage) in pattern.argumentUsages.sorted(by: { $0.key < $1.key }) {
            guard case .conflicting(let uses) = usage.kind, !message.runtimeOnly else { continue }
            error("catalog-conflicting-argument",
                  "argument '\(name)' of '\(message.key)' is used as \(uses.map(\.name).joined(separator: " and ")), which no single value satisfies",
                  file: file, at: usage.ranges.first.map { message.source.position(ofUTF16Offset: $0.lowerBound) } ?? message.keyPosition)
        }
        return ArgumentKinds.of(message, pattern, metadata: metadata)
    }
}

/// The Android resource of a message the validation screened out (``CompileValidation``).
struct ScreenedName: Sendable {
    /// `<table>:<key>`.
    let owner: String
    /// `string` or `plurals`.
    let kind: String
    let name: String
}

/// What each argument of a message takes in platform catalogs and accessors.
public enum ArgumentKinds {
    /// ``of(_:_:)``, and what an imported catalog's source specifiers say the app passes: a
    /// floating-point specifier (`%.2f`) is a Double, whatever the ICU text can say of it.
    public static func of(_ message: TemplateMessage, _ pattern: MessagePattern, metadata: MessageMetadata?) -> [String: CatalogArgument.Kind] {
        var kinds = of(message, pattern)
        let recorded: [(PrintfFormat.Dialect, [String: String])] = [(.java, metadata?.androidSpecifiers ?? [:]), (.apple, metadata?.appleSpecifiers ?? [:])]
        for (dialect, specifiers) in recorded {
            for (name, written) in specifiers where kinds[name] == .integer {
                if FormatString.parse(written, dialect: dialect).specifiers.first?.valueKind == .floatingPoint { kinds[name] = .double }
            }
        }
        return kinds
    }

    /// Numbers for plurals and number formats (`Double` when the examples pass one, or when none
    /// passes an integer and the message prints the number with fixed fraction digits —
    /// `::.00`, ``FractionPresentation`` —, else `Int`), dates for dates, text for selects, and
    /// for plain `{name}` what the examples pass (an integer, a fraction, a date), else text.
    public static func of(_ message: TemplateMessage, _ pattern: MessagePattern) -> [String: CatalogArgument.Kind] {
        var kinds: [String: CatalogArgument.Kind] = [:]
        for (name, usage) in pattern.argumentUsages {
            let example = message.examples.lazy.compactMap { $0.arguments[name] }.first
            switch usage.kind {
            case .plural, .ordinal, .number:
                switch example {
                case .double?: kinds[name] = .double
                case nil where usage.kind == .number && printsFixedFraction(name, pattern.body): kinds[name] = .double
                default: kinds[name] = .integer
                }
            case .date:
                kinds[name] = .date
            case .select, .conflicting:
                kinds[name] = .text
            case .untyped:
                switch example {
                case .int?: kinds[name] = .integer
                case .double?: kinds[name] = .double
                case .date?: kinds[name] = .date
                default: kinds[name] = .text
                }
            }
        }
        // The template's "arguments": passed by the app, printed by no source text.
        for argument in message.passedArguments where kinds[argument.name] == nil {
            kinds[argument.name] = CatalogArgument.Kind(rawValue: argument.kind.rawValue) ?? .text
        }
        return kinds
    }

    /// Whether `body` prints `name` with a fixed number of fraction digits (`{r, number, ::.00}`).
    static func printsFixedFraction(_ name: String, _ body: MessageBody) -> Bool {
        var found = false
        PlatformConversion.forEachArgument(body) { node in
            if !found, node.name == name, case .simple(let simple) = node.kind, simple.type == .number,
               let fraction = FractionPresentation(style: simple.style), fraction.fractionDigits > 0 || fraction.roundsHalfUp {
                found = true
            }
        }
        return found
    }
}
