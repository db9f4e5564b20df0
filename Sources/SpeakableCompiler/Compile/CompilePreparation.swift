import Dispatch
import FoundationEssentials
import Synchronization
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

extension CatalogCompiler {
    /// Every message of every table prepared for the platforms, with what that found.
    struct Preparation {
        var options: CompileOptions
        var context: CompileContext
        var tables: [[PreparedMessage]]
        var diagnostics: [Diagnostic]
        /// ``prepareInParts(_:options:parts:metadata:)``: each table's warnings, as a full
        /// compile gives them for that table (in order, each once).
        var tableDiagnostics: [[Diagnostic]] = []
        /// Each table's grouped integers (``CompileContext/groupedIntegers`` of that table alone).
        var tableIntegers: [[String: [IntegerStyle: CompileContext.GroupedIntegerUses]]] = []
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
        if options.useMetadata {
            if let metadata {
                tableMetadata = metadata
            } else {
                let loaded = loadMetadata(project)
                tableMetadata = loaded.metadata
                diagnostics += loaded.diagnostics
            }
        }
        var context = CompileContext(project: project, options: options, metadata: tableMetadata)
        context.validating = validating
        context.only = only
        // Tables are prepared in parallel, each in its own copy of the context; what they found
        // is put back in table order, so the outcome does not depend on scheduling.
        let preparedTables = Mutex<[Int: (messages: [PreparedMessage], context: CompileContext)]>([:])
        let start = context
        DispatchQueue.concurrentPerform(iterations: project.tables.count) { index in
            var own = start
            let messages = own.prepare(project.tables[index])
            own.targetLocaleFiles = []   // only needed while preparing
            preparedTables.withLock { $0[index] = (messages, own) }
        }
        let collectedTables = preparedTables.withLock { $0 }
        var preparing: [[PreparedMessage]] = []
        var integers: [[String: [IntegerStyle: CompileContext.GroupedIntegerUses]]] = []
        for index in project.tables.indices {
            guard let table = collectedTables[index] else { continue }
            preparing.append(table.messages)
            integers.append(table.context.groupedIntegers)
            context.screenedNames += table.context.screenedNames
            for diagnostic in table.context.diagnostics { context.reportOnce(diagnostic) }
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
        return Preparation(options: options, context: context, tables: prepared, diagnostics: diagnostics, tableIntegers: integers)
    }

    /// What ``prepare(_:options:metadata:validating:only:)`` gives, with each table's messages
    /// prepared in `parts` runs on all cores (`metadata`: what ``loadMetadata(_:)`` read, by
    /// table; it may hold other tables' too), for an incremental compile. Each table's warnings
    /// are in ``Preparation/tableDiagnostics``, as a full compile gives them; any other problem
    /// gives nil (a full compile reports it), and so does a warning with `strict`. What the runs
    /// cannot see alone — a catalog key or Android name two runs both take, a translation of no
    /// message — is checked after them. Number grouping, which spans every table, is left to the
    /// caller (``Preparation/tableIntegers``).
    static func prepareInParts(_ project: Project, options: CompileOptions, parts: Int,
                               metadata: [String: TableMetadata] = [:]) -> Preparation? {
        var options = options
        if !options.useMetadata { options.reuseOriginalValues = false }
        if options.outputs.contains(.android), !androidFolderClashes(project).isEmpty { return nil }
        guard accessorTypeClashes(project, options: options).isEmpty else { return nil }
        var context = CompileContext(project: project, options: options, metadata: options.useMetadata ? metadata : [:])
        context.reportsUnknownKeys = false
        var planned: [(table: Int, range: Range<Int>)] = []
        for (t, table) in project.tables.enumerated() {
            let size = max(1, (table.messages.count + parts - 1) / max(parts, 1))
            for start in stride(from: 0, to: table.messages.count, by: size) { planned.append((t, start..<min(start + size, table.messages.count))) }
        }
        let units = planned
        let results = Mutex<[Int: (messages: [PreparedMessage], context: CompileContext)]>([:])
        let start = context
        DispatchQueue.concurrentPerform(iterations: units.count) { index in
            var own = start
            let unit = units[index]
            let table = project.tables[unit.table]
            var part = Table(name: table.name, file: table.file, messages: Array(table.messages[unit.range]), locales: table.locales)
            part.syntax = table.syntax
            let messages = own.prepare(part)
            own.targetLocaleFiles = []
            results.withLock { $0[index] = (messages, own) }
        }
        let collected = results.withLock { $0 }
        var tables: [[PreparedMessage]] = Array(repeating: [], count: project.tables.count)
        var warnings: [[Diagnostic]] = Array(repeating: [], count: project.tables.count)
        // Each table's grouped integers, its runs' in order (as its preparation in one run adds them up).
        var integers: [[String: [IntegerStyle: CompileContext.GroupedIntegerUses]]] = Array(repeating: [:], count: project.tables.count)
        for (index, unit) in units.enumerated() {
            guard let done = collected[index], !done.context.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
            tables[unit.table] += done.messages
            warnings[unit.table] += done.context.diagnostics
            CompileContext.add(done.context.groupedIntegers, to: &integers[unit.table])
        }
        for (t, table) in project.tables.enumerated() {
            // Translations of no message, after the messages' own warnings, as a table's
            // preparation reports them; each once, as the full compile's merge of the tables keeps them.
            warnings[t] += CompileContext.unknownKeys(table)
            var seen = Set<Diagnostic>()
            warnings[t] = warnings[t].filter { seen.insert($0).inserted }
        }
        // Strict, a warning is an error: the full compile reports it.
        if options.strict, warnings.contains(where: { !$0.isEmpty }) { return nil }
        for messages in tables {
            // A catalog key two messages take.
            var owners: [String: String] = [:]
            for message in messages {
                for variant in message.variants {
                    for key in [variant.appleKey] + variant.appleLayout.companions.map({ variant.appleKey + $0.suffix }) {
                        if let other = owners.updateValue(message.template.key, forKey: key), other != message.template.key { return nil }
                    }
                }
            }
        }
        if options.outputs.contains(.android), !androidNameCollisions(project, tables).isEmpty { return nil }
        return Preparation(options: options, context: context, tables: tables, diagnostics: [], tableDiagnostics: warnings,
                           tableIntegers: integers)
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
                OutputRenderer.firstState(in: value.value).map { $0 != "translated" } ?? false
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
}
