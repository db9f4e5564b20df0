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
import SpeakableJSON

/// What a compile that changed nothing can prove without compiling: the identity of everything
/// the compile read and wrote, kept in the output folder as `.speakable-stamp` after a compile
/// that wrote its outputs — with the warnings it gave, which a compile proved up to date says
/// again.
///
/// A compile is up to date when the stamp names the same tool (its version and its executable's
/// size and time), the same options, the same input files with the same bytes (`speakable.json`,
/// every file under the templates and locales folders and under `.speakable/`, by size and a
/// hash of the content), and every output file it wrote still has the size, time and inode it had.
/// Anything else — an edited, added or removed input, an output edited, replaced or removed, a
/// new build of `speakable`, other options, a stamp written by hand, a commit another compile
/// left unfinished — is a full compile.
///
/// ```swift
/// let identity = CompileStamp.inputs(root: "Game", config: config)      // before the compile reads them
/// // … compile and write, with no diagnostic …
/// CompileStamp.record(in: "Game/Generated", tool: tool, options: key, inputs: identity!,
///                     outputs: result.files.map(\.path), summary: text)
/// CompileStamp.upToDate(in: "Game/Generated", tool: tool, options: key, inputs: identity!)   // text
/// ```
public enum CompileStamp {
    /// The stamp's file name in the output folder (beside the manifest, `.speakable-outputs`).
    public static let fileName = ".speakable-stamp"
    static let header = "speakable-stamp 2"

    /// The identity of the project's inputs: one line per file, sorted — nil when a folder or
    /// file cannot be read (then nothing can be proved, and the compile runs).
    public static func inputs(root: String, config: ProjectConfig) -> [String]? {
        var files: [(path: String, shown: String)] = []
        func path(_ relative: String) -> String {
            root == "." || root.isEmpty ? relative : (root.hasSuffix("/") ? root + relative : root + "/" + relative)
        }
        if let file = config.file { files.append((file, "config")) }
        for folder in [config.templates, config.locales, ".speakable"] {
            guard walk(path(folder), shown: folder, depth: 0, into: &files) else { return nil }
        }
        // The files are read and hashed on all cores.
        let found = Mutex<[Int: String]>([:])
        let listed = files
        DispatchQueue.concurrentPerform(iterations: min(listed.count, 8)) { part in
            var lines: [Int: String] = [:]
            for index in stride(from: part, to: listed.count, by: min(listed.count, 8)) {
                guard let line = fileLine(listed[index].path, shown: listed[index].shown) else { continue }
                lines[index] = line
            }
            found.withLock { $0.merge(lines) { first, _ in first } }
        }
        let lines = found.withLock { $0 }
        guard lines.count == listed.count else { return nil }
        return listed.indices.map { lines[$0]! }.sorted()
    }

    /// The executable's identity: `version`, and the size and modification time of the running
    /// binary (a rebuilt `speakable` of the same version is another tool). Nil when the binary
    /// cannot be found.
    public static func tool(version: String) -> String? {
        var info = stat()
        #if os(Linux)
        let found = stat("/proc/self/exe", &info) == 0
        #else
        let found = CommandLine.arguments.first.map { stat($0, &info) == 0 } ?? false
        #endif
        guard found else { return nil }
        return "\(version) \(info.st_size) \(modificationTime(info))"
    }

    /// What the last compile recorded (its warnings, and the summary it would print again),
    /// when nothing it depends on changed since; nil otherwise.
    public static func upToDate(in out: String, tool: String, options: String, inputs: [String]) -> Previous? {
        guard let previous = previous(in: out, tool: tool, options: options), previous.inputs == inputs else { return nil }
        return previous
    }

    /// What the last clean compile into `out` recorded, when it was made by this tool with these
    /// options and every output it wrote is still as it left it (size, time and inode): the
    /// inputs it read, the outputs it wrote and its summary. Nil otherwise — then only a full
    /// compile can say what the outputs should be.
    public static func previous(in out: String, tool: String, options: String) -> Previous? {
        // A commit another compile did not finish: the next compile completes it first.
        var info = stat()
        guard lstat(out + "/" + OutputFolder.commitName, &info) != 0 else { return nil }
        // A staging folder a killed compile left: the next compile removes it.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        guard !entries.contains(where: { $0.hasPrefix(OutputFolder.stagingPrefix) }) else { return nil }
        guard let bytes = FileManager.default.contents(atPath: out + "/" + fileName), bytes.count < 64 << 20 else { return nil }
        // The identity lines, then `summary` on a line of its own, then the summary's text
        // (split at the line feed bytes: a line is decoded once).
        var lines: [String] = []
        var summary: String?
        bytes.withUnsafeBytes { raw in
            let all = raw.bindMemory(to: UInt8.self)
            guard let base = all.baseAddress else { return }
            var start = 0
            while start < all.count, let found = memchr(base + start, 0x0A, all.count - start) {
                let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                let line = String(decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self)
                start = end + 1
                if line == "summary" {
                    summary = String(decoding: UnsafeBufferPointer(rebasing: all[start...]), as: UTF8.self)
                    break
                }
                lines.append(line)
            }
        }
        guard let summary, lines.first == header, lines.count >= 3, lines[1] == "tool " + tool, lines[2] == "options " + options else { return nil }
        var previous = Previous(inputs: [], outputs: [], summary: summary)
        for line in lines.dropFirst(3) {
            if line.hasPrefix("input ") {
                previous.inputs.append(String(line.dropFirst(6)))
            } else if line.hasPrefix("layout ") {
                // `layout <hash> <table>`: CompileResult.androidLayouts.
                let fields = line.dropFirst(7).split(separator: " ", maxSplits: 1).map(String.init)
                guard fields.count == 2 else { return nil }
                previous.androidLayouts[fields[1]] = fields[0]
            } else if line.hasPrefix("accessors ") {
                // `accessors <hash> <table>`: CompileResult.accessorLayouts.
                let fields = line.dropFirst(10).split(separator: " ", maxSplits: 1).map(String.init)
                guard fields.count == 2 else { return nil }
                previous.accessorLayouts[fields[1]] = fields[0]
            } else if line.hasPrefix("integers ") {
                // `integers <JSON>`: CompileResult.integerUses (its table inside).
                guard let table = CompileContext.integerUses(line: String(line.dropFirst(9)))?.table else { return nil }
                previous.integerUses[table] = String(line.dropFirst(9))
            } else if line.hasPrefix("diagnostic ") {
                // `diagnostic <JSON>`: a warning the compile gave (``diagnosticLine(_:)``).
                guard let diagnostic = diagnostic(from: line.dropFirst(11)) else { return nil }
                previous.diagnostics.append(diagnostic)
            } else if line.hasPrefix("output ") {
                // `output <size> <time> <inode> <path>`: the file as the compile left it.
                let fields = line.dropFirst(7).split(separator: " ", maxSplits: 3).map(String.init)
                guard fields.count == 4, isSafeRelativePath(fields[3]), outputLine(out, fields[3]) == line else { return nil }
                previous.outputs.append(fields[3])
            } else {
                return nil
            }
        }
        guard !previous.outputs.isEmpty else { return nil }
        return previous
    }

    /// What a clean compile recorded in its stamp (``previous(in:tool:options:)``).
    public struct Previous: Sendable {
        /// The identity of each input, as ``inputs(root:config:)`` gives it.
        public var inputs: [String]
        /// The output files, relative to the output folder, sorted.
        public var outputs: [String]
        /// What the compile prints when every output is unchanged: `o ` lines for standard
        /// output, `e ` lines for standard error.
        public var summary: String
        /// ``CompileResult/androidLayouts`` of the compile, by table.
        public var androidLayouts: [String: String] = [:]
        /// ``CompileResult/accessorLayouts`` of the compile, by table.
        public var accessorLayouts: [String: String] = [:]
        /// ``CompileResult/integerUses`` of the compile, by table.
        public var integerUses: [String: String] = [:]
        /// The warnings the compile gave, in the order it gave them.
        public var diagnostics: [Diagnostic] = []
    }

    /// Writes the stamp after a compile wrote (or found unchanged) `outputs`; `summary` is
    /// what the compile prints when it finds every output unchanged; `androidLayouts`,
    /// `accessorLayouts` and `integerUses`, the compile's ``CompileResult/androidLayouts``,
    /// ``CompileResult/accessorLayouts`` and ``CompileResult/integerUses``; `diagnostics`, the warnings it gave (a compile
    /// with an error writes nothing, and leaves no stamp). Best effort: a stamp that cannot be
    /// written only means the next compile runs in full.
    public static func record(in out: String, tool: String, options: String, inputs: [String], outputs: [String], summary: String,
                              androidLayouts: [String: String] = [:], accessorLayouts: [String: String] = [:],
                              integerUses: [String: String] = [:], diagnostics: [Diagnostic] = []) {
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return discard(in: out) }
        var text = header + "\ntool " + tool + "\noptions " + options + "\n"
        for line in inputs { text += "input " + line + "\n" }
        for (table, layout) in androidLayouts.sorted(by: { $0.key < $1.key }) { text += "layout " + layout + " " + table + "\n" }
        for (table, layout) in accessorLayouts.sorted(by: { $0.key < $1.key }) { text += "accessors " + layout + " " + table + "\n" }
        for (_, line) in integerUses.sorted(by: { $0.key < $1.key }) where !line.contains("\n") { text += "integers " + line + "\n" }
        for diagnostic in diagnostics { text += "diagnostic " + diagnosticLine(diagnostic) + "\n" }
        for file in outputs.sorted() {
            guard let line = outputLine(out, file) else { return discard(in: out) }
            text += line + "\n"
        }
        text += "summary\n" + summary
        // What a compile killed while writing its stamp left.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        where name.hasPrefix(fileName + ".") && name.hasSuffix(".tmp") {
            unlink(out + "/" + name)
        }
        // A new file of its own (never through a link someone left), renamed over the old stamp.
        let temporary = out + "/" + fileName + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return discard(in: out) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != bytes.count || rename(temporary, out + "/" + fileName) != 0 {
            unlink(temporary)
            discard(in: out)
        }
    }

    /// A diagnostic as one line of compact JSON (`severity`, `id`, `message`, then `file`, `line`,
    /// `column`, `endLine`, `endColumn` and `hint` when it has them).
    static func diagnosticLine(_ diagnostic: Diagnostic) -> String {
        var members: [(String, JSONValue)] = [("severity", .string(diagnostic.severity.rawValue)), ("id", .string(diagnostic.id)),
                                              ("message", .string(diagnostic.message))]
        if let file = diagnostic.file { members.append(("file", .string(file))) }
        if let position = diagnostic.position { members += [("line", .int(Int64(position.line))), ("column", .int(Int64(position.column)))] }
        if let end = diagnostic.endPosition { members += [("endLine", .int(Int64(end.line))), ("endColumn", .int(Int64(end.column)))] }
        if let hint = diagnostic.hint { members.append(("hint", .string(hint))) }
        return JSONValue.object(members).serialized()
    }

    /// The diagnostic of a `diagnostic` line; nil when the line is not one ``diagnosticLine(_:)``
    /// writes (a stamp edited by hand proves nothing).
    static func diagnostic(from line: Substring) -> Diagnostic? {
        let read = JSONReader.read(String(line))
        guard !read.hasErrors, let root = read.root, let members = root.members,
              let severity = root["severity"]?.string.flatMap(Severity.init(rawValue:)), severity != .error,
              let id = root["id"]?.string, let message = root["message"]?.string else { return nil }
        let known: Set<String> = ["severity", "id", "message", "file", "line", "column", "endLine", "endColumn", "hint"]
        guard members.allSatisfy({ known.contains($0.key) }) else { return nil }
        func position(_ line: String, _ column: String) -> SourcePosition?? {
            switch (root[line]?.number, root[column]?.number) {
            case (nil, nil) where root[line] == nil && root[column] == nil: return .some(nil)
            case (.int(let l)?, .int(let c)?) where l >= 1 && c >= 1 && l <= Int64(Int32.max) && c <= Int64(Int32.max):
                return SourcePosition(line: Int(l), column: Int(c))
            default: return nil
            }
        }
        guard let start = position("line", "column"), let end = position("endLine", "endColumn") else { return nil }
        if root["file"] != nil && root["file"]?.string == nil || root["hint"] != nil && root["hint"]?.string == nil { return nil }
        return Diagnostic(severity: severity, id: id, message: message, file: root["file"]?.string, position: start,
                          endPosition: end, hint: root["hint"]?.string)
    }

    /// Removes the stamp: a compile that is not clean, or that fails, proves nothing for the next.
    public static func discard(in out: String) {
        unlink(out + "/" + fileName)
    }

    // MARK: Identity of files

    /// `output <size> <time> <inode> <path>` of an output file, or nil when it is missing or not
    /// a regular file.
    static func outputLine(_ out: String, _ file: String) -> String? {
        var info = stat()
        guard lstat(out + "/" + file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return "output \(info.st_size) \(modificationTime(info)) \(info.st_ino) \(file)"
    }

    /// `<shown path> <size> <contentHash(_:) of the bytes>` of an input file.
    static func fileLine(_ path: String, shown: String) -> String? {
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        let hash = bytes.withUnsafeBytes { contentHash($0) }
        return "\(shown) \(bytes.count) \(String(hash, radix: 16))"
    }

    /// A 64-bit hash of a file's bytes, to notice an edit: four lanes over 8-byte words, each
    /// word mixed in as FNV-1a mixes a byte (xor, multiply by its prime) and then shifted down
    /// onto itself, so that every bit of a word reaches the lane's low bits too; then FNV-1a over
    /// the lanes, the bytes after the last whole 32, and the length. One multiply per eight bytes,
    /// four at once.
    static func contentHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var a: UInt64 = 0xCBF2_9CE4_8422_2325
        var b = a ^ 0x9E37_79B9_7F4A_7C15
        var c = a ^ 0xBF58_476D_1CE4_E5B9
        var d = a ^ 0x94D0_49BB_1331_11EB
        let count = bytes.count
        var offset = 0
        while offset + 32 <= count {
            a = (a ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            b = (b ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* prime
            c = (c ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* prime
            d = (d ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* prime
            a ^= a &>> 29
            b ^= b &>> 29
            c ^= c &>> 29
            d ^= d &>> 29
            offset += 32
        }
        var hash = FNV1a()
        for lane in [a, b, c, d] {
            for shift in stride(from: 0, to: 64, by: 8) { hash.combine(byte: UInt8(truncatingIfNeeded: lane &>> UInt64(shift))) }
        }
        hash.combine(bytes: UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[offset...]))
        for shift in stride(from: 0, to: 64, by: 8) { hash.combine(byte: UInt8(truncatingIfNeeded: UInt64(count) &>> UInt64(shift))) }
        return hash.value
    }

    /// Every regular file under `path`, recursively, into `files`; a missing folder adds nothing.
    /// False when something under it cannot be read, or when a linked folder or deep nesting
    /// could make the walk endless (then the compile runs).
    static func walk(_ path: String, shown: String, depth: Int, into files: inout [(path: String, shown: String)]) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return depth > 0 ? false : errno == ENOENT }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard depth == 0 || stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG else { return false }
        }
        guard depth < 8 else { return false }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        guard isDirectory else {
            files.append((path, shown))
            return true
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        for name in names.sorted() {
            // One line a file: a name with a line break or another control character is not
            // written into the stamp (such a project compiles in full every time).
            guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
            guard walk(path + "/" + name, shown: shown + "/" + name, depth: depth + 1, into: &files) else { return false }
        }
        return true
    }

    static func modificationTime(_ info: stat) -> String {
        #if os(Linux)
        "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
        "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
        #endif
    }
}
