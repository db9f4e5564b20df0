import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SpeakableCatalog
import SpeakableDiagnostics
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
/// tables' outputs are neither compiled nor read.
///
/// Anything a table cannot decide on its own is left to a full compile (``update(_:options:out:previous:inputs:)``
/// returns nil): an edited `speakable.json` or imported metadata (`.speakable/*.platform.json`),
/// an added or removed file, the Compose output, any diagnostic at all (a full compile words
/// them, in its order, across tables), and an Android resource name that another table already
/// uses.
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
    }

    /// The update that brings the outputs of the last clean compile (`previous`) to what a full
    /// compile of `project` with `options` would write; nil when only a full compile can say
    /// (see the type's documentation). `inputs` is the inputs' identity now
    /// (``CompileStamp/inputs(root:config:)``), read before `project` was loaded.
    public static func update(_ project: Project, options: CompileOptions, out: String,
                              previous: CompileStamp.Previous, inputs: [String]) -> Update? {
        guard options.outputs.isSubset(of: [.xcstrings, .android, .xliff, .swift]), !project.hasErrors,
              project.diagnostics.isEmpty, !project.localesDeferred, !project.tables.isEmpty,
              let dirty = changedTables(project, previous: previous.inputs, inputs: inputs),
              !commentsLookLikeMarkers(project),
              let compiled = CatalogCompiler.tableSections(project, tables: dirty, options: options) else { return nil }
        let produced = Set(previous.outputs)
        var files: [OutputFile] = []
        for own in compiled.files.joined() {
            guard produced.contains(own.path) else { return nil }
            files.append(own)
        }
        if options.outputs.contains(.android) {
            let sourceFolder = "android/res/values/strings.xml"
            var sourceNames: (clean: Set<String>, dirty: Set<String>) = ([], [])
            for tag in OutputRenderer.androidTags(project) {
                let path = "android/res/" + (tag == project.config.sourceLocale ? "values" : AndroidQualifiers.valuesFolder(for: tag)) + "/strings.xml"
                guard produced.contains(path), let old = read(out, path),
                      let format = androidFormat(project, tag: tag),
                      let spliced = splice(old, format: format, dirty: dirty, sections: compiled.android.map { $0[tag] }, every: false)
                else { return nil }
                if path == sourceFolder {
                    sourceNames = (resourceNames(in: spliced.clean), resourceNames(in: compiled.android.compactMap { $0[tag] }.map { Array($0.utf8)[...] }))
                }
                if let bytes = spliced.file { files.append(OutputFile(path: path, contents: String(decoding: bytes, as: UTF8.self))) }
            }
            // Android names are shared by every table: a changed table that takes one another
            // table has is a collision a full compile reports.
            guard sourceNames.clean.isDisjoint(with: sourceNames.dirty) else { return nil }
        }
        if options.outputs.contains(.xliff) {
            for tag in OutputRenderer.xliffTags(project) {
                let path = "xliff/\(tag).xliff"
                guard produced.contains(path), let old = read(out, path),
                      let format = xliffFormat(project, tag: tag),
                      let spliced = splice(old, format: format, dirty: dirty, sections: compiled.xliff.map { $0[tag] }, every: true)
                else { return nil }
                if let bytes = spliced.file { files.append(OutputFile(path: path, contents: String(decoding: bytes, as: UTF8.self))) }
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
        return Update(files: files, kept: previous.outputs.filter { !written.contains($0) }, notes: notes,
                      tables: dirty.map { project.tables[$0].name })
    }

    // MARK: What changed

    /// The tables (indices) whose template or translation files are all that changed between
    /// `previous` and `inputs` (identity lines `<shown path> <size> <hash>`); nil when anything
    /// else changed, a file came or went, nothing changed, or the project has imported metadata.
    static func changedTables(_ project: Project, previous: [String], inputs: [String]) -> [Int]? {
        func identities(_ lines: [String]) -> [String: Substring]? {
            var result: [String: Substring] = [:]
            for line in lines {
                // The shown path may hold spaces; size and hash do not.
                guard let last = line.lastIndex(of: " "), let middle = line[..<last].lastIndex(of: " ") else { return nil }
                result[String(line[..<middle])] = line[middle...]
            }
            return result
        }
        guard let before = identities(previous), let after = identities(inputs), before.count == after.count,
              !after.keys.contains(where: { $0.hasPrefix(".speakable/") && $0.hasSuffix(".platform.json") }) else { return nil }
        var changed: [String] = []
        for (name, identity) in after {
            guard let old = before[name] else { return nil }
            if old != identity { changed.append(name) }
        }
        guard !changed.isEmpty else { return nil }
        // Each table's files, named as the identity names them (`Templates/game.json`, `Locales/ko/game.json`).
        let config = project.config
        func shown(_ file: String, _ folder: String) -> String? {
            let prefix = ProjectLoader.display(folder: project.root, folder) + "/"
            guard file.hasPrefix(prefix) else { return nil }
            return folder + "/" + file.dropFirst(prefix.count)
        }
        var owner: [String: Int] = [:]
        for (index, table) in project.tables.enumerated() {
            guard let template = shown(table.file, config.templates) else { return nil }
            owner[template] = index
            for file in table.locales.values where file.tag != config.sourceLocale {
                guard let name = shown(file.file, config.locales) else { return nil }
                owner[name] = index
            }
        }
        var dirty = Set<Int>()
        for name in changed {
            guard let index = owner[name] else { return nil }
            dirty.insert(index)
        }
        return dirty.sorted()
    }

    /// Whether a message's comment could be written as a table's marker line in an Android file
    /// (`<!-- Templates/game.json -->`): then sections could not be told apart by their markers.
    static func commentsLookLikeMarkers(_ project: Project) -> Bool {
        let markers = Set(project.tables.map { "\(project.config.templates)/\($0.name).json" })
        let generated = ["The text of {", "Used instead of "]
        if markers.contains(where: { marker in generated.contains { marker.hasPrefix($0) } }) { return true }
        let rendered = Set(markers.compactMap { commentLine($0) })
        for table in project.tables {
            for message in table.messages {
                guard let comment = message.comment, comment.contains(".json") else { continue }
                if let line = commentLine(comment), rendered.contains(line) { return true }
            }
        }
        return false
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

    static func androidFormat(_ project: Project, tag: String) -> SectionFormat? {
        let context = CompileContext(project: project, options: CompileOptions(), metadata: [:])
        var renderer = OutputRenderer(context: context, lookup: OutputRenderer.Lookup(project))
        guard let empty = renderer.android([], tags: [tag]).first.map({ Array($0.contents.utf8) }) else { return nil }
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
        guard let empty = renderer.xliff([], [], tags: [tag], commonNotes: [:]).first.map({ Array($0.contents.utf8) }) else { return nil }
        let closing = Array("</xliff>\n".utf8)
        guard empty.count >= closing.count, empty.suffix(closing.count).elementsEqual(closing) else { return nil }
        var markers: [[UInt8]] = []
        for table in project.tables {
            guard let file = renderer.xliff([table], [[]], tags: [tag], commonNotes: [:]).first.map({ Array($0.contents.utf8) }),
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

    /// `old` with the sections of the `dirty` tables replaced by `sections` (one per dirty table,
    /// nil or empty: the table has none). `every`: each table has a section in every file (XLIFF).
    /// Gives the new file (nil when it is what it was) and the other tables' sections; nil when
    /// `old` is not a file of this format.
    static func splice(_ old: [UInt8], format: SectionFormat, dirty: [Int], sections: [String?], every: Bool)
        -> (file: [UInt8]?, clean: [ArraySlice<UInt8>])? {
        guard old.count >= format.prefix.count + format.closing.count, old.prefix(format.prefix.count).elementsEqual(format.prefix),
              old.suffix(format.closing.count).elementsEqual(format.closing) else { return nil }
        let bodyStart = format.prefix.count
        let bodyEnd = old.count - format.closing.count
        // Where each table's section starts (nil: it has none), searched forward in table order.
        var starts: [Int?] = Array(repeating: nil, count: format.markers.count)
        var from = bodyStart
        for (table, marker) in format.markers.enumerated() {
            if let found = find(marker, in: old, from: from, to: bodyEnd) {
                starts[table] = found
                from = found + marker.count
            } else if every {
                return nil
            }
        }
        // The body is the sections and nothing else.
        guard (starts.compactMap { $0 }.first ?? bodyEnd) == bodyStart else { return nil }
        func end(after table: Int) -> Int { starts[(table + 1)...].lazy.compactMap { $0 }.first ?? bodyEnd }
        var file = format.prefix
        file.reserveCapacity(old.count + 4096)
        var clean: [ArraySlice<UInt8>] = []
        var changed = false
        var next = 0
        for table in format.markers.indices {
            let oldSection: ArraySlice<UInt8> = starts[table].map { old[$0..<end(after: table)] } ?? ArraySlice()
            if next < dirty.count, dirty[next] == table {
                let new = Array((sections[next] ?? "").utf8)
                if !every, !new.isEmpty, !new.starts(with: format.markers[table]) { return nil }
                if every, !new.starts(with: format.markers[table]) { return nil }
                if !new.elementsEqual(oldSection) { changed = true }
                file += new
                next += 1
            } else {
                file += oldSection
                clean.append(oldSection)
            }
        }
        file += format.closing
        return (changed ? file : nil, clean)
    }

    /// The first place of `needle` in `bytes[from..<to]`: `memchr` for one of its rarer bytes
    /// (`!` of a comment, else `<`), then a comparison.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard !needle.isEmpty, to - from >= needle.count else { return nil }
        let key = needle.firstIndex(of: 0x21) ?? needle.firstIndex(of: 0x3C) ?? 0
        return bytes.withUnsafeBytes { haystack -> Int? in
            needle.withUnsafeBytes { pattern -> Int? in
                let base = haystack.baseAddress!
                var position = from + key
                let last = to - needle.count + key   // the key's last possible place
                while position <= last {
                    guard let hit = memchr(base + position, Int32(needle[key]), last - position + 1) else { return nil }
                    let at = UnsafeRawPointer(hit) - base
                    if memcmp(base + (at - key), pattern.baseAddress!, needle.count) == 0 { return at - key }
                    position = at + 1
                }
                return nil
            }
        }
    }

    /// The `kind:field` of each resource (`<string name=…>`, `<plurals name=…>`) an Android
    /// section declares, as the name collisions compare them.
    static func resourceNames(in sections: [ArraySlice<UInt8>]) -> Set<String> {
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

    static func read(_ out: String, _ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: out + "/" + path).map { [UInt8]($0) }
    }
}
