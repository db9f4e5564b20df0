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
/// no template message), `metadata-invalid`.
public enum CatalogCompiler {
    public static func compile(_ project: Project, options: CompileOptions,
                               metadata: [String: TableMetadata]? = nil) -> CompileResult {
        var diagnostics = project.diagnostics
        if project.hasErrors { return CompileResult(files: [], diagnostics: diagnostics) }
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
        if options.strict, diagnostics.contains(where: { $0.severity == .warning }) {
            for index in diagnostics.indices where diagnostics[index].severity == .warning { diagnostics[index].severity = .error }
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
            let combinations = SelectExpansion.combinations(of: pattern.body)
            if combinations.count > SelectExpansion.maximumCombinations && !message.runtimeOnly {
                error("catalog-too-many-cases",
                      "message '\(message.key)' has \(combinations.count) combinations of select cases; platform catalogs would need one key each (at most \(SelectExpansion.maximumCombinations))",
                      file: table.file, at: message.keyPosition, hint: "split the message, or mark it runtimeOnly")
                continue
            }
            if !message.runtimeOnly {
                for choices in combinations {
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
        var bodies: [(tag: String, file: String, source: SourceText, body: MessageBody)] = [(sourceLocale, table.file, message.source, body)]
        for tag in table.locales.keys.sorted() where tag != sourceLocale {
            guard let translation = table.locales[tag]?[message.key], let pattern = translation.pattern else { continue }
            let pruned = choices.isEmpty ? pattern.body : SelectExpansion.prune(pattern.body, choosing: choices)
            bodies.append((tag, table.locales[tag]!.file, translation.source, pruned))
        }
        var appleSlots: [(name: String, slot: CatalogArgument.Slot, locales: Int)] = []
        var androidNames: [String] = []
        for item in bodies {
            for slot in CatalogExport.formatSlots(of: item.body, platform: .apple) {
                if let index = appleSlots.firstIndex(where: { $0.name == slot.name && $0.slot == slot.slot }) {
                    appleSlots[index].locales += 1
                } else {
                    appleSlots.append((slot.name, slot.slot, 1))
                }
            }
            for name in CatalogExport.formatArguments(of: item.body, platform: .android) where !androidNames.contains(name) {
                androidNames.append(name)
            }
        }
        let valueArguments = kinds.map { CatalogArgument(name: $0.key, kind: $0.value) }
        var normalized: [(body: MessageBody, locale: ICULocale)] = []
        var particleArguments: [String] = []
        for item in bodies {
            guard let locale = (item.tag == sourceLocale ? try? ICULocale(sourceLocale) : table.locales[item.tag]?.locale),
                  let body = try? CatalogExport.normalized(item.body, locale: locale, arguments: valueArguments) else { continue }
            normalized.append((body, locale))
            for open in CatalogExport.openParticles(in: body, locale: locale) {
                if !particleArguments.contains(open.argument) { particleArguments.append(open.argument) }
                if writesPlatformCatalogs {
                    warning("catalog-open-particle",
                            "'\(message.key)' (\(item.tag)): the particle \(open.notation) after {\(open.argument)} depends on a value known only at run time; "
                            + "the generated Swift accessors resolve it, an app that reads the .xcstrings or strings.xml directly must pick the form itself after formatting (docs/particles.md)",
                            file: item.file, at: item.source.position(ofUTF16Offset: open.range.lowerBound),
                            hint: "write the particle for both cases, or let Speakable's accessors format the message")
                }
            }
        }
        let appleLayout = CatalogExport.layout(of: normalized, platform: .apple)
        let androidLayout = CatalogExport.layout(of: normalized, platform: .android)
        // Foundation reads arguments by position and skips an unused position without reading
        // its value, so the values after it shift: a position some locale does not use goes
        // after those every locale uses (most used first).
        let everywhere = appleSlots.filter { $0.locales == bodies.count }
        let partly = appleSlots.filter { $0.locales < bodies.count }.enumerated()
            .sorted { ($0.element.locales, -$0.offset) > ($1.element.locales, -$1.offset) }.map(\.element)
        let appleOrder = meta?.appleArguments == nil ? everywhere + partly : appleSlots
        let appleValues = ordered(appleOrder.filter { $0.slot == .value }.map(\.name), recorded: meta?.appleArguments, kinds: kinds,
                                  specifiers: meta?.appleSpecifiers ?? [:])
        let apple: [CatalogArgument]
        if meta?.appleArguments != nil {
            // An imported catalog's positions stay as they were; new ones go after them.
            apple = appleValues + appleOrder.filter { $0.slot != .value }.map { CatalogArgument(name: $0.name, kind: .text, slot: $0.slot) }
        } else {
            apple = appleOrder.map { slot in
                slot.slot == .value ? appleValues.first { $0.name == slot.name }! : CatalogArgument(name: slot.name, kind: .text, slot: slot.slot)
            }
        }
        var android = ordered(androidNames, recorded: meta?.androidArguments, kinds: kinds, specifiers: meta?.androidSpecifiers ?? [:])
        if androidLayout.isComposed(on: .android) {
            android += androidLayout.pluralArguments.map { CatalogArgument(name: $0, kind: .text, slot: .pluralText) }
        }
        reportLayout(message, table: table, appleKey: appleKey, androidName: androidName, apple: appleLayout, android: androidLayout)
        return PreparedMessage.Variant(choices: choices, appleKey: appleKey, androidName: androidName, templateBody: body,
                                       appleArguments: apple, androidArguments: android, appleLayout: appleLayout,
                                       androidLayout: androidLayout, particleArguments: particleArguments)
    }

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
                        + plurals.joined(separator: ", ") + " and <string name=\"\(androidName)\"> that puts their texts in place (docs/android.md)",
                        file: table.file, at: message.keyPosition,
                        hint: "the app formats each <plurals> with getQuantityString, then the <string> with getString")
            }
            for companion in android.companions {
                warning("catalog-companion",
                        "\(key): Android plurals cannot say '=\(companion.value)' of '\(companion.argument)'; it is <string name=\"\(androidName)\(companion.suffix)\">, "
                        + "which the app uses when \(companion.argument) is \(companion.value) (docs/android.md)",
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
