import Dispatch
import FoundationEssentials
import Synchronization
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

extension CatalogCompiler {
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
        // Each table's resources, with their R fields, are worked out on all cores; who owns
        // each field is decided after, in table and file order, the fields shared out among
        // the cores by their hash (a field's claims all in one share, in order).
        struct Resource {
            var kind: String
            var name: String
            var field: String
            /// The share of the fields that decides who owns `kind:field` (what it claims).
            var share: Int
        }
        let shares = 16
        // Messages not prepared (validation screened them): one resource each.
        let screenedByOwner = Dictionary(screened.map { ($0.owner, $0) }, uniquingKeysWith: { first, _ in first })
        let tableCount = min(project.tables.count, prepared.count)
        let found = Mutex<[Int: [(template: Int, resources: [Resource])]]>([:])
        DispatchQueue.concurrentPerform(iterations: tableCount) { t in
            let table = project.tables[t]
            let preparedByKey = Dictionary(prepared[t].map { ($0.template.key, $0) }, uniquingKeysWith: { first, _ in first })
            var tableResources: [(template: Int, resources: [Resource])] = []
            for (index, template) in table.messages.enumerated() {
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
                } else if let name = screenedByOwner["\(table.name):\(template.key)"] {
                    resources.append((name.kind, name.name))
                }
                // R's field: `a.b` and `a_b` are one `R.string.a_b`.
                tableResources.append((index, resources.map { resource in
                    let field = KotlinAccessorNames.rField(resource.name)
                    var hash = FNV1a()
                    hash.combine(resource.kind)
                    hash.combine(byte: 0x3A)
                    hash.combine(field)
                    return Resource(kind: resource.kind, name: resource.name, field: field, share: Int(hash.value % UInt64(shares)))
                }))
            }
            let done = tableResources
            found.withLock { $0[t] = done }
        }
        let resourcesByTable = found.withLock { $0 }
        // Each share goes through every claim in table and file order (prepared or not: the
        // first to take a field keeps it) and keeps the later claims of its own fields, each with
        // its place in that order and the field's first owner.
        typealias Place = (table: Int, message: Int, resource: Int)
        let claims = Mutex<[(place: Place, other: (owner: String, name: String))]>([])
        DispatchQueue.concurrentPerform(iterations: shares) { share in
            var owners: [String: (owner: String, name: String)] = [:]
            var mine: [(place: Place, other: (owner: String, name: String))] = []
            for t in 0..<tableCount {
                let table = project.tables[t]
                for (m, entry) in (resourcesByTable[t] ?? []).enumerated() {
                    for (r, resource) in entry.resources.enumerated() where resource.share == share {
                        let id = resource.kind + ":" + resource.field
                        let owner = "\(table.name):\(table.messages[entry.template].key)"
                        if let other = owners[id], other.owner != owner {
                            mine.append(((t, m, r), other))
                        } else {
                            owners[id] = (owner, resource.name)
                        }
                    }
                }
            }
            let found = mine
            claims.withLock { $0 += found }
        }
        // Every share's later claims in claim order, each said once.
        let ordered = claims.withLock { $0 }.sorted { a, b in
            (a.place.table, a.place.message, a.place.resource) < (b.place.table, b.place.message, b.place.resource)
        }
        var diagnostics: [Diagnostic] = []
        var reported = Set<Diagnostic>()
        for claim in ordered {
            let table = project.tables[claim.place.table]
            let entry = resourcesByTable[claim.place.table]![claim.place.message]
            let resource = entry.resources[claim.place.resource]
            let template = table.messages[entry.template]
            let said = describe((resource.kind, resource.name), template.key, resource.field, claim.other)
            let diagnostic = Diagnostic(severity: .error, id: "catalog-key-collision", message: said.message,
                                        file: table.file, position: template.keyPosition, hint: said.hint)
            if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
        }
        return diagnostics
    }

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

    /// Locales that Android reads from one folder (`iw` and `he` are both `values-iw`, `in` and
    /// `id` `values-in`): an error naming both, since one folder cannot hold two translations.
    static func androidFolderClashes(_ project: Project) -> [Diagnostic] {
        var byFolder: [String: [String]] = [:]
        for tag in OutputRenderer.androidTags(project) {
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
}
