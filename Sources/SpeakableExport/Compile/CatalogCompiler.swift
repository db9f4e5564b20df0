import Dispatch
import FoundationEssentials
import Synchronization
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// Compiles a loaded project into platform catalogs, XLIFF and Swift accessors — in memory;
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
/// `catalog-*` (from ``CatalogExport``, positioned inside the message), `catalog-conflicting-argument`,
/// `catalog-too-many-cases`, `catalog-key-collision`, `unknown-key` (a warning: a translation of
/// no template message), `metadata-invalid`, `nothing-to-compile` (no templates at all).
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
        var options = options
        if !options.useMetadata { options.reuseOriginalValues = false }
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
        let prepared = project.tables.map { context.prepare($0) }
        diagnostics += context.diagnostics
        if diagnostics.contains(where: { $0.severity == .error }) { return CompileResult(files: [], diagnostics: diagnostics) }

        // Every output file is its own job; jobs run in parallel and their results are put
        // back in job order, so the outcome does not depend on scheduling.
        enum Job {
            case xcstrings(Int), android(String), xliff(String), swift(Int)
        }
        var jobs: [Job] = []
        if options.outputs.contains(.xcstrings) { jobs += project.tables.indices.map(Job.xcstrings) }
        if options.outputs.contains(.android) { jobs += Exporter.androidTags(project).map(Job.android) }
        if options.outputs.contains(.xliff) { jobs += Exporter.xliffTags(project).map(Job.xliff) }
        if options.outputs.contains(.swift) { jobs += project.tables.indices.map(Job.swift) }
        let lookup = Exporter.Lookup(project)
        let commonNotes = options.outputs.contains(.xliff) ? Exporter.commonNotes(project, prepared) : [:]
        let pairs = Array(zip(project.tables, prepared))
        let results = Mutex<[Int: (files: [OutputFile], diagnostics: [Diagnostic])]>([:])
        let frozen = context
        let allJobs = jobs
        let swiftAccess = options.swiftAccess
        let swiftBundle = options.swiftBundle
        DispatchQueue.concurrentPerform(iterations: allJobs.count) { index in
            var exporter = Exporter(context: frozen, lookup: lookup)
            var files: [OutputFile] = []
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
            }
            let produced = (files, exporter.diagnostics)
            results.withLock { $0[index] = produced }
        }
        var files: [OutputFile] = []
        let collected = results.withLock { $0 }
        for index in jobs.indices {
            guard let result = collected[index] else { continue }
            files += result.files
            for diagnostic in result.diagnostics where !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return CompileResult(files: [], diagnostics: diagnostics) }
        return CompileResult(files: files, diagnostics: diagnostics)
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

    init(project: Project, options: CompileOptions, metadata: [String: TableMetadata]) {
        self.project = project
        self.options = options
        self.metadata = metadata
    }

    var needsPlatformForms: Bool {
        options.outputs.contains(.xcstrings) || options.outputs.contains(.android) || options.outputs.contains(.swift)
    }

    mutating func error(_ id: String, _ message: String, file: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .error, id: id, message: message, file: file, position: position, hint: hint))
    }

    mutating func prepare(_ table: Table) -> [PreparedMessage] {
        var result: [PreparedMessage] = []
        var appleKeys: [String: String] = [:]
        let tableMetadata = metadata[table.name]
        for message in table.messages {
            guard let pattern = message.pattern else { continue }
            let kinds = argumentKinds(message, pattern, file: table.file)
            let meta = tableMetadata?[message.key]
            var variants: [PreparedMessage.Variant] = []
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
                    let expandedKey = SelectExpansion.key(message.key, choices)
                    let appleKey = choices.isEmpty ? (meta?.platformKey ?? message.key) : expandedKey
                    let androidBase = choices.isEmpty
                        ? (meta?.androidName ?? (meta?.platformKey.map(Self.isAndroidName) == true ? meta!.platformKey! : message.key))
                        : expandedKey
                    let androidName = Self.androidName(androidBase)
                    if let other = appleKeys[appleKey] {
                        error("catalog-key-collision", "message '\(message.key)' would use the catalog key '\(appleKey)', which '\(other)' already uses",
                              file: table.file, at: message.keyPosition,
                              hint: "keys of select cases are <key>__<argument>_<case>; rename one of the messages")
                    }
                    appleKeys[appleKey] = message.key
                    let apple = ordered(CatalogExport.formatArguments(of: body, platform: .apple), recorded: meta?.appleArguments,
                                        kinds: kinds, specifiers: meta?.appleSpecifiers ?? [:])
                    let android = ordered(CatalogExport.formatArguments(of: body, platform: .android), recorded: meta?.androidArguments,
                                          kinds: kinds, specifiers: meta?.androidSpecifiers ?? [:])
                    variants.append(PreparedMessage.Variant(choices: choices, appleKey: appleKey, androidName: androidName,
                                                            templateBody: body, appleArguments: apple, androidArguments: android))
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

    /// Argument order: the recorded one (from an import), then the other arguments in order of
    /// first appearance.
    func ordered(_ names: [String], recorded: [String]?, kinds: [String: CatalogArgument.Kind],
                 specifiers: [String: String]) -> [CatalogArgument] {
        // Recorded positions are kept as they were, gaps included (app code passes arguments by
        // position: `getString(id, hours, minutes, remaining)`); new arguments go after them.
        var order = recorded ?? []
        for name in names where !order.contains(name) { order.append(name) }
        return order.map { CatalogArgument(name: $0, kind: kinds[$0] ?? .text, recordedSpecifier: specifiers[$0]) }
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

    static func isAndroidName(_ text: String) -> Bool { !text.isEmpty && androidName(text) == text }

    /// What each argument takes: numbers for plurals and number formats, dates for dates, and
    /// for plain `{name}` what the examples pass (an integer, a date), else text.
    mutating func argumentKinds(_ message: TemplateMessage, _ pattern: MessagePattern, file: String) -> [String: CatalogArgument.Kind] {
        var kinds: [String: CatalogArgument.Kind] = [:]
        for (name, usage) in pattern.argumentUsages {
            let example = message.examples.lazy.compactMap { $0.arguments[name] }.first
            switch usage.kind {
            case .plural, .ordinal, .number:
                if case .double? = example { kinds[name] = .double } else { kinds[name] = .integer }
            case .date:
                kinds[name] = .date
            case .select:
                kinds[name] = .text
            case .untyped:
                switch example {
                case .int?: kinds[name] = .integer
                case .double?: kinds[name] = .double
                case .date?: kinds[name] = .date
                default: kinds[name] = .text
                }
            case .conflicting(let uses):
                if !message.runtimeOnly {
                    error("catalog-conflicting-argument",
                          "argument '\(name)' of '\(message.key)' is used as \(uses.map(\.name).joined(separator: " and ")), which no single value satisfies",
                          file: file, at: usage.ranges.first.map { message.source.position(ofUTF16Offset: $0.lowerBound) } ?? message.keyPosition)
                }
                kinds[name] = .text
            }
        }
        return kinds
    }
}
