import Dispatch
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakablePlatformFormats

/// A compile of only the tables whose inputs changed since the last clean compile, giving the
/// outputs a full compile would give.
///
/// The last clean compile's stamp (``CompileStamp/previous(in:tool:options:)``) names every
/// input by its bytes and every output as it was left. When the only inputs that changed are
/// template and translation files of existing tables, those tables are prepared and rendered
/// again, on their own: their String Catalogs and accessors are written whole, and in each
/// locale's Android and XLIFF file their section (the table's `<!-- Templates/<table>.json -->`
/// part of `<resources>`, its `<file>` of the XLIFF) replaces the one the file had. The other
/// tables' outputs are neither compiled nor read. After a translation edit, only the edited
/// locales' XLIFF files are touched, and only their Android files while the table's Android
/// layout (``CompileResult/androidLayouts``, kept in the stamp) is what it was; its accessors are
/// not made again while what they read of the translations (``CompileResult/accessorLayouts``)
/// is what it was.
///
/// Imported metadata (`.speakable/*.platform.json`) is read for every table: the changed tables'
/// own, and what frames every Android file (imported headers, `<resources>` attributes).
///
/// Anything a table cannot decide on its own is left to a full compile (``update(_:options:out:previous:inputs:)``
/// returns nil): an edited `speakable.json` or imported metadata, an added or removed file, the
/// Compose output, any error, a renderer's warning about imported metadata (and any warning
/// with `strict`), an Android resource name that another table already uses, and a
/// source-locale Android file to splice where a comment reads like a table's marker. The
/// warnings of a table's own files (a plural's exact value a platform cannot say, a Korean
/// particle after a run-time value, a translation of no message…) are the last compile's for
/// the unchanged tables and new for the changed ones, and the number-grouping warnings, which
/// name messages of every table, are made again from each table's grouped integers (the
/// unchanged tables' kept in the stamp, ``CompileResult/integerUses``): ``Update/diagnostics``
/// is what a full compile gives.
///
/// ```swift
/// let tool = CompileStamp.tool(version: version)!
/// let inputs = CompileStamp.inputs(root: "Game", config: config)!
/// if let previous = CompileStamp.previous(in: "Game/Generated", tool: tool, options: key),
///    let update = IncrementalCompile.update(project, options: options, out: "Game/Generated",
///                                           previous: previous, inputs: inputs) {
///     try OutputWriter.write(update.files, to: "Game/Generated", replacing: groups, keeping: update.kept)
/// }
/// ```
public enum IncrementalCompile {
    /// What changes in the output folder.
    public struct Update: Sendable {
        /// The outputs to write: the changed tables' String Catalogs and accessors, and every
        /// Android and XLIFF file whose section of a changed table is not what it was.
        public var files: [OutputFile]
        /// Every other output of the last compile, as it is (not read).
        public var kept: [String]
        /// The accessors' notes of every table, as a full compile gives them (``CompileResult/notes``).
        public var notes: [String]
        /// The tables compiled again, by name, in the project's order.
        public var tables: [String]
        /// ``CompileResult/androidLayouts`` of every table, for the stamp.
        public var androidLayouts: [String: String]
        /// ``CompileResult/accessorLayouts`` of every table, for the stamp.
        public var accessorLayouts: [String: String] = [:]
        /// ``CompileResult/integerUses`` of every table, for the stamp.
        public var integerUses: [String: String] = [:]
        /// The warnings a full compile gives, in its order: the last compile's, with the changed
        /// tables' own in their place.
        public var diagnostics: [Diagnostic] = []
    }

    /// The update that brings the outputs of the last clean compile (`previous`) to what a full
    /// compile of `project` with `options` would write; nil when only a full compile can say
    /// (see the type's documentation). `inputs` is the inputs' identity now
    /// (``CompileStamp/inputs(root:config:)``), read before `project` was loaded. `project` may
    /// be loaded with its translations deferred (``ProjectLoader/load(directory:deferringLocales:)``):
    /// only the changed tables' translations are read.
    ///
    /// `onFile` is handed each file of the update as soon as it is made (``OutputStaging/stage(_:)``:
    /// written while the others are made); when the update is nil after all, what was handed on
    /// is to be dropped (``OutputStaging/abandon()``).
    public static func update(_ project: Project, options: CompileOptions, out: String,
                              previous: CompileStamp.Previous, inputs: [String],
                              onFile: (@Sendable (OutputFile) -> Void)? = nil) -> Update? {
        guard options.outputs.isSubset(of: [.xcstrings, .android, .xliff, .swift]), !project.hasErrors,
              project.diagnostics.isEmpty, !project.tables.isEmpty,
              let changes = changedTables(project, previous: previous.inputs, inputs: inputs),
              // Every changed table's template was read.
              changes.dirty.allSatisfy({ project.templatesRead?.contains(project.tables[$0].name) ?? true }),
              let whole = withTranslations(project, of: changes.dirty, tags: changes.tags),
              // Every table's imported metadata, unchanged since the last compile: the changed
              // tables' own, and what frames every Android file (headers, `<resources>` attributes).
              let metadata = options.useMetadata ? Self.metadata(of: whole) : [:],
              // A table's XLIFF `<file>` for a locale is its template and that locale's
              // translations alone: only those of changed files are compiled again. So are its
              // Android resources, as long as its layout is what it was.
              let compiled = CatalogCompiler.tableSections(whole, tables: changes.dirty, options: options,
                                                           changedLocales: changes.dirty.map { changes.locales[$0] },
                                                           previousLayouts: changes.dirty.map { previous.androidLayouts[project.tables[$0].name] },
                                                           previousAccessors: changes.dirty.map { previous.accessorLayouts[project.tables[$0].name] },
                                                           previousOutputs: out, previousIntegers: previous.integerUses,
                                                           metadata: metadata)
        else { return nil }
        let dirty = changes.dirty
        guard let diagnostics = warnings(previous.diagnostics, of: project, replacing: dirty, with: compiled.diagnostics,
                                         grouping: compiled.groupingWarnings) else { return nil }
        let produced = Set(previous.outputs)
        var files: [OutputFile] = []
        for own in compiled.files.joined() {
            guard produced.contains(own.path) else { return nil }
            files.append(own)
        }
        if let onFile { for file in files { onFile(file) } }
        if options.outputs.contains(.android) {
            for tag in OutputRenderer.androidTags(whole) {
                let source = tag == project.config.sourceLocale
                let path = "android/res/" + (source ? "values" : AndroidQualifiers.valuesFolder(for: tag)) + "/strings.xml"
                let replacing = dirty.indices.filter { compiled.androidRendered[$0].map { $0.contains(tag) } ?? true }
                guard produced.contains(path) else { return nil }
                if replacing.isEmpty { continue }
                let sections = replacing.map { compiled.android[$0][tag] }
                var collides = false
                guard let format = androidFormat(whole, tag: tag, options: options, metadata: metadata),
                      // Only the source locale's file has comments of its own that could read
                      // like a table's marker line: there each marker must be there once.
                      let done = MappedFile(out + "/" + path).flatMap({ old in
                          splice(old.bytes, format: format, replacing: replacing.map { dirty[$0] }, sections: sections, every: false,
                                 unique: source) { clean, replaced in
                              // Android names are shared by every table: a name a changed table
                              // did not have before, which another table has, is a collision a
                              // full compile reports.
                              guard source else { return }
                              let added = resourceNames(in: sections.compactMap { $0 }.map { Array($0.utf8) }).subtracting(resourceNames(in: replaced))
                              collides = !added.isEmpty && !added.isDisjoint(with: resourceNames(in: clean))
                          }
                      }), !collides
                else { return nil }
                if let bytes = done {
                    files.append(OutputFile(path: path, bytes: bytes))
                    onFile?(files[files.count - 1])
                }
            }
        }
        if options.outputs.contains(.xliff) {
            for tag in OutputRenderer.xliffTags(whole) {
                let path = "xliff/\(tag).xliff"
                let replacing = dirty.indices.filter { changes.locales[dirty[$0]].map { $0.contains(tag) } ?? true }
                guard produced.contains(path) else { return nil }
                if replacing.isEmpty { continue }
                guard let format = xliffFormat(whole, tag: tag),
                      let done = MappedFile(out + "/" + path).flatMap({ old in
                          splice(old.bytes, format: format, replacing: replacing.map { dirty[$0] },
                                 sections: replacing.map { compiled.xliff[$0][tag] }, every: true, unique: false) { _, _ in }
                      })
                else { return nil }
                if let bytes = done {
                    files.append(OutputFile(path: path, bytes: bytes))
                    onFile?(files[files.count - 1])
                }
            }
        }
        // The notes of the last compile (its summary's lines after the first), with the changed
        // tables' own in their place.
        var notes = previous.summary.split(separator: "\n").filter { $0.hasPrefix("o ") }.dropFirst().map { String($0.dropFirst(2)) }
        for note in compiled.notes.joined() {
            guard let colon = note.firstIndex(of: ":"), let index = notes.firstIndex(where: { $0.hasPrefix(note[...colon]) }) else { return nil }
            notes[index] = note
        }
        let written = Set(files.map(\.path))
        var layouts = previous.androidLayouts
        var accessorLayouts = previous.accessorLayouts
        var integerUses = previous.integerUses
        for (index, table) in dirty.enumerated() {
            layouts[project.tables[table].name] = compiled.androidLayouts[index]
            accessorLayouts[project.tables[table].name] = compiled.accessorLayouts[index]
            integerUses[project.tables[table].name] = compiled.integerUses[index]
        }
        let update = Update(files: files, kept: previous.outputs.filter { !written.contains($0) }, notes: notes,
                            tables: dirty.map { project.tables[$0].name }, androidLayouts: layouts, accessorLayouts: accessorLayouts,
                            integerUses: integerUses, diagnostics: diagnostics)
        // The changed tables' translations are freed while the caller writes the files.
        if options.releasesInBackground { BackgroundRelease.release((consume whole, consume compiled)) }
        return update
    }

    /// `project` with the translations of the tables `dirty` read (when they were deferred), and
    /// every other table's locales known by their tags alone (`tags`: the locale files each
    /// table has, from the inputs' identity) — what the renderers ask of the tables they do not
    /// render. Nil when reading a translation finds a problem.
    static func withTranslations(_ project: Project, of dirty: [Int], tags: [Set<String>]) -> Project? {
        guard project.localesDeferred else { return project }
        let part = Project(root: project.root, config: project.config, tables: dirty.map { project.tables[$0] },
                           localeTags: project.localeTags, diagnostics: [], localesDeferred: true)
        var read: [[String: LocaleFile]] = Array(repeating: [:], count: dirty.count)
        let wanted = project.localeTags.filter { tag in dirty.contains { tags[$0].contains(tag) } }
        let results = Mutex<[Int: (files: [LocaleFile?], diagnostics: [Diagnostic])]>([:])
        DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
            let found = ProjectLoader.readLocale(wanted[index], of: part)
            results.withLock { $0[index] = found }
        }
        let collected = results.withLock { $0 }
        for (index, tag) in wanted.enumerated() {
            guard let found = collected[index], found.diagnostics.isEmpty else { return nil }
            for (table, file) in found.files.enumerated() { if let file { read[table][tag] = file } }
        }
        var tables = project.tables
        for (t, table) in project.tables.enumerated() {
            var locales: [String: LocaleFile] = [:]
            if let index = dirty.firstIndex(of: t) {
                locales = read[index]
                guard Set(locales.keys) == tags[t] else { return nil }
            } else {
                for tag in tags[t] {
                    guard let locale = try? ICULocale(tag) else { return nil }
                    locales[tag] = LocaleFile(tag: tag, locale: locale, file: "", translations: [])
                }
            }
            var rebuilt = Table(name: table.name, file: table.file, messages: table.messages, locales: locales)
            rebuilt.syntax = table.syntax
            tables[t] = rebuilt
        }
        return Project(root: project.root, config: project.config, tables: tables, localeTags: project.localeTags, diagnostics: [])
    }

    /// The warnings a table's preparation gives about its own files (``CatalogCompiler/prepareInParts(_:options:parts:metadata:)``).
    static let tableWarnings: Set<String> = ["catalog-companion", "catalog-composed-plurals", "catalog-formatted-number",
                                             "catalog-open-particle", "unknown-key"]

    /// The warnings of a full compile of `project`: the last compile's (`previous`), with those
    /// of the tables `dirty` replaced by theirs now (`new`, one list per changed table), then the
    /// number-grouping warnings of the whole project now (`grouping`). A full compile gives one
    /// table's warnings after the one's before it, and the number-grouping warnings after every
    /// table's. Nil when a warning of the last compile is neither one of a table's own
    /// (``tableWarnings``, about its template or one of its translation files) nor a
    /// number-grouping warning, or is out of that order: the renderers' warnings come after
    /// those, and only a full compile gives them.
    static func warnings(_ previous: [Diagnostic], of project: Project, replacing dirty: [Int], with new: [[Diagnostic]],
                         grouping: [Diagnostic]) -> [Diagnostic]? {
        guard !previous.isEmpty || new.contains(where: { !$0.isEmpty }) else { return grouping }
        // Each table's files, named as its diagnostics name them.
        var owner: [String: Int] = [:]
        let locales = ProjectLoader.display(folder: project.root, project.config.locales)
        for (t, table) in project.tables.enumerated() {
            owner[table.file] = t
            for tag in project.localeTags { owner[ProjectLoader.display(folder: locales, tag + "/" + table.name + ".json")] = t }
        }
        var byTable: [[Diagnostic]] = Array(repeating: [], count: project.tables.count)
        var last = 0
        var grouped = false
        for diagnostic in previous {
            guard diagnostic.severity == .warning else { return nil }
            if diagnostic.id == "catalog-number-grouping" {
                grouped = true
                continue
            }
            guard !grouped, tableWarnings.contains(diagnostic.id), let file = diagnostic.file, let t = owner[file], t >= last else { return nil }
            byTable[t].append(diagnostic)
            last = t
        }
        for (index, t) in dirty.enumerated() { byTable[t] = new[index] }
        return Array(byTable.joined()) + grouping
    }

    // MARK: What changed

    /// Identity lines (`<shown path> <size> <hash>`) by shown path: the size and hash, after the
    /// path's last space. Nil when a line has no size and hash.
    static func identities(_ lines: [String]) -> [String: Substring]? {
        var result: [String: Substring] = [:]
        for line in lines {
            // The shown path may hold spaces; size and hash do not.
            guard let last = line.lastIndex(of: " "), let middle = line[..<last].lastIndex(of: " ") else { return nil }
            result[String(line[..<middle])] = line[middle...]
        }
        return result
    }

    /// The tables (indices) whose template or translation files are all that changed between
    /// `previous` and `inputs` (identity lines `<shown path> <size> <hash>`), the locale files
    /// each table has, and per changed table whose template is unchanged the locales whose file
    /// changed; nil when anything else changed (imported metadata included), a file came or went,
    /// or nothing changed.
    static func changedTables(_ project: Project, previous: [String], inputs: [String])
        -> (dirty: [Int], tags: [Set<String>], locales: [Int: Set<String>])? {
        guard let before = identities(previous), let after = identities(inputs), before.count == after.count else { return nil }
        var changed: [String] = []
        for (name, identity) in after {
            guard let old = before[name] else { return nil }
            if old != identity { changed.append(name) }
        }
        guard !changed.isEmpty else { return nil }
        // Each table's files, named as the identity names them (`Templates/game.json`,
        // `Locales/ko/game.json`, as the loader reads them).
        let config = project.config
        let templates = ProjectLoader.display(folder: project.root, config.templates) + "/"
        var owner: [String: (table: Int, tag: String?)] = [:]
        var tags: [Set<String>] = Array(repeating: [], count: project.tables.count)
        for (index, table) in project.tables.enumerated() {
            guard table.file.hasPrefix(templates) else { return nil }
            owner[config.templates + "/" + table.file.dropFirst(templates.count)] = (index, nil)
            for tag in project.localeTags where tag != config.sourceLocale {
                let name = "\(config.locales)/\(tag)/\(table.name).json"
                guard after[name] != nil else { continue }
                owner[name] = (index, tag)
                tags[index].insert(tag)
            }
        }
        var dirty = Set<Int>()
        var templatesChanged = Set<Int>()
        var locales: [Int: Set<String>] = [:]
        for name in changed {
            guard let (index, tag) = owner[name] else { return nil }
            dirty.insert(index)
            if let tag { locales[index, default: []].insert(tag) } else { templatesChanged.insert(index) }
        }
        for index in templatesChanged { locales[index] = nil }
        return (dirty.sorted(), tags, locales)
    }

    /// The tables whose template or translation files differ between `previous` and `inputs`
    /// (identity lines, ``CompileStamp/inputs(root:config:)``), by name: the only templates an
    /// incremental compile reads (``ProjectLoader/load(directory:deferringLocales:readingTemplates:)``).
    /// Nil when another file changed, came or went, or nothing changed: a compile that needs
    /// every template.
    public static func templatesToRead(config: ProjectConfig, previous: [String], inputs: [String]) -> Set<String>? {
        guard let before = identities(previous), let after = identities(inputs), before.count == after.count else { return nil }
        var tables = Set<String>()
        for (path, identity) in after where before[path] != identity {
            guard before[path] != nil, path.hasSuffix(".json") else { return nil }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let templates = config.templates.split(separator: "/", omittingEmptySubsequences: false)
            let locales = config.locales.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == templates.count + 1, parts.starts(with: templates) {
                tables.insert(String(parts.last!.dropLast(5)))
            } else if parts.count == locales.count + 2, parts.starts(with: locales) {
                tables.insert(String(parts.last!.dropLast(5)))
            } else {
                return nil
            }
        }
        return tables.isEmpty ? nil : tables
    }

    /// The line an Android file gives a comment item.
    static func commentLine(_ text: String) -> String? {
        let empty = AndroidResourceWriter.text([])
        let one = AndroidResourceWriter.text([.comment(text)])
        return between(Array(one.utf8), around: Array(empty.utf8), closing: Array("</resources>\n".utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Sections

    /// A file of sections, one per table in the project's order, each starting with its marker.
    struct SectionFormat {
        /// Everything before the first section.
        var prefix: [UInt8]
        /// Everything after the last.
        var closing: [UInt8]
        /// Each table's first line.
        var markers: [[UInt8]]
    }

    /// Every table's imported metadata; nil when a file of it has a problem (a full compile says it).
    static func metadata(of project: Project) -> [String: TableMetadata]? {
        let loaded = CatalogCompiler.loadMetadata(project)
        return loaded.diagnostics.isEmpty ? loaded.metadata : nil
    }

    static func androidFormat(_ project: Project, tag: String, options: CompileOptions = CompileOptions(),
                              metadata: [String: TableMetadata] = [:]) -> SectionFormat? {
        let context = CompileContext(project: project, options: options, metadata: options.useMetadata ? metadata : [:])
        var renderer = OutputRenderer(context: context, lookup: OutputRenderer.Lookup(project))
        renderer.androidFrame = project.tables.map(\.name)
        guard let empty = renderer.android([], tags: [tag]).first.map({ $0.bytes }) else { return nil }
        let closing = Array("</resources>\n".utf8)
        guard empty.count >= closing.count, empty.suffix(closing.count).elementsEqual(closing) else { return nil }
        var markers: [[UInt8]] = []
        for table in project.tables {
            guard let line = commentLine("\(project.config.templates)/\(table.name).json") else { return nil }
            markers.append(Array(line.utf8))
        }
        return SectionFormat(prefix: Array(empty.dropLast(closing.count)), closing: closing, markers: markers)
    }

    static func xliffFormat(_ project: Project, tag: String) -> SectionFormat? {
        let context = CompileContext(project: project, options: CompileOptions(), metadata: [:])
        var renderer = OutputRenderer(context: context, lookup: OutputRenderer.Lookup(project))
        guard let empty = renderer.xliff([], [], tags: [tag], commonNotes: [:]).first.map({ $0.bytes }) else { return nil }
        let closing = Array("</xliff>\n".utf8)
        guard empty.count >= closing.count, empty.suffix(closing.count).elementsEqual(closing) else { return nil }
        var markers: [[UInt8]] = []
        for table in project.tables {
            guard let file = renderer.xliff([table], [[]], tags: [tag], commonNotes: [:]).first.map({ $0.bytes }),
                  let body = between(file, around: empty, closing: closing), let end = body.firstIndex(of: 0x0A) else { return nil }
            markers.append(Array(body[...end]))
        }
        return SectionFormat(prefix: Array(empty.dropLast(closing.count)), closing: closing, markers: markers)
    }

    /// What `whole` has between the prefix and the closing of `empty` (the same document with no
    /// sections); nil when `whole` is not such a document.
    static func between(_ whole: [UInt8], around empty: [UInt8], closing: [UInt8]) -> ArraySlice<UInt8>? {
        guard empty.count >= closing.count, whole.count >= empty.count else { return nil }
        let prefix = empty.count - closing.count
        guard whole.prefix(prefix).elementsEqual(empty.prefix(prefix)), whole.suffix(closing.count).elementsEqual(closing) else { return nil }
        return whole[prefix..<(whole.count - closing.count)]
    }

    /// `old` with the sections of the tables `replacing` replaced by `sections` (one per table,
    /// nil or empty: the table has none). `every`: each table has a section in every file (XLIFF).
    /// `unique`: the file may have lines like a marker that are not one (a comment's), so each
    /// marker must be there at most once. Gives the new file, `.some(nil)` when it is what it
    /// was, and nil when `old` is not a file of this format; `read` is given the other tables'
    /// sections and the old sections of the tables replaced, in place.
    static func splice(_ old: UnsafeBufferPointer<UInt8>, format: SectionFormat, replacing dirty: [Int], sections: [String?], every: Bool,
                       unique: Bool, read: ([UnsafeBufferPointer<UInt8>], [UnsafeBufferPointer<UInt8>]) -> Void) -> [UInt8]?? {
        guard old.count >= format.prefix.count + format.closing.count, old.prefix(format.prefix.count).elementsEqual(format.prefix),
              old.suffix(format.closing.count).elementsEqual(format.closing) else { return nil }
        let bodyStart = format.prefix.count
        let bodyEnd = old.count - format.closing.count
        // Where each table's section starts (nil: it has none), searched forward in table order.
        var starts: [Int?] = Array(repeating: nil, count: format.markers.count)
        var from = bodyStart
        for (table, marker) in format.markers.enumerated() {
            if let found = UTF8Search.firstIndex(of: marker, in: old, from: from, to: bodyEnd) {
                starts[table] = found
                from = found + marker.count
            } else if every {
                return nil
            }
        }
        // The body is the sections and nothing else.
        guard (starts.compactMap { $0 }.first ?? bodyEnd) == bodyStart else { return nil }
        if unique {
            for (table, marker) in format.markers.enumerated() {
                let after = starts[table].map { $0 + 1 } ?? bodyStart
                if UTF8Search.firstIndex(of: marker, in: old, from: after, to: bodyEnd) != nil { return nil }
            }
        }
        func section(_ table: Int) -> UnsafeBufferPointer<UInt8> {
            guard let start = starts[table] else { return UnsafeBufferPointer(start: nil, count: 0) }
            let end = starts[(table + 1)...].lazy.compactMap { $0 }.first ?? bodyEnd
            return UnsafeBufferPointer(rebasing: old[start..<end])
        }
        var changed = false
        var new: [[UInt8]] = []
        for (index, table) in dirty.enumerated() {
            let bytes = Array((sections[index] ?? "").utf8)
            if !bytes.isEmpty || every, !bytes.starts(with: format.markers[table]) { return nil }
            if !bytes.elementsEqual(section(table)) { changed = true }
            new.append(bytes)
        }
        read(format.markers.indices.filter { !dirty.contains($0) }.map(section), dirty.map(section))
        guard changed else { return .some(nil) }
        var file = format.prefix
        file.reserveCapacity(old.count + new.reduce(0) { $0 + $1.count })
        for table in format.markers.indices {
            if let index = dirty.firstIndex(of: table) { file += new[index] } else { file += section(table) }
        }
        file += format.closing
        return .some(file)
    }

    /// The `kind:field` of each resource (`<string name=…>`, `<plurals name=…>`) an Android
    /// section declares, as the name collisions compare them.
    static func resourceNames<Bytes: RandomAccessCollection<UInt8>>(in sections: [Bytes]) -> Set<String> where Bytes.Index == Int {
        let kinds: [(open: [UInt8], kind: String)] = [(Array("    <string name=\"".utf8), "string"), (Array("    <plurals name=\"".utf8), "plurals")]
        var names = Set<String>()
        for section in sections {
            var line = section.startIndex
            while line < section.endIndex {
                let lineEnd = section[line...].firstIndex(of: 0x0A) ?? section.endIndex
                for (open, kind) in kinds where section[line..<lineEnd].starts(with: open) {
                    let nameStart = line + open.count
                    if let quote = section[nameStart..<lineEnd].firstIndex(of: 0x22) {
                        names.insert(kind + ":" + KotlinAccessorNames.rField(String(decoding: section[nameStart..<quote], as: UTF8.self)))
                    }
                }
                line = lineEnd + 1
            }
        }
        return names
    }

}

/// A file mapped read-only (`mmap`), unmapped when released: an earlier output read in place,
/// never copied unless it changes.
final class MappedFile {
    let bytes: UnsafeBufferPointer<UInt8>

    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}
