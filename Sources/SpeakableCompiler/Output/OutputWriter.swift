import Dispatch
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SpeakableDiagnostics
import SpeakableJSON

/// A file to write: a path inside the output folder and its content, kept as it was made —
/// text, or UTF-8 bytes a writer produced (written as they are, never copied into a `String`).
///
/// ```swift
/// let file = OutputFile(path: "xliff/ko.xliff", bytes: Array("<xliff/>\n".utf8))
/// file.contents          // "<xliff/>\n"
/// file.utf8Count         // 9
/// ```
public struct OutputFile: Hashable, Sendable {
    /// Relative to the output folder, `/`-separated (`android/res/values-ko/strings.xml`).
    public var path: String
    private var storage: Storage

    private enum Storage: Sendable {
        case text(String)
        case bytes([UInt8])
        /// Handed to an ``OutputStaging`` while the compile went on: only the size is kept.
        case handedOver(Int)
    }

    public init(path: String, contents: String) {
        self.path = path
        self.storage = .text(contents)
    }

    /// A file of `bytes`, UTF-8 (as a writer wrote them; ``contents`` repairs anything else).
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.storage = .bytes(bytes)
    }

    /// A file of `size` bytes whose content went to ``OutputStaging/stage(_:)`` as it was made
    /// and is not kept (``CatalogCompiler/compile(_:options:metadata:onFile:)`` with `onFile`):
    /// ``OutputStaging/finish(_:replacing:keeping:)`` writes what was staged. It has no
    /// ``contents`` (empty), and ``OutputWriter`` refuses it anywhere else.
    public static func handedOver(path: String, size: Int) -> OutputFile {
        var file = OutputFile(path: path, bytes: [])
        file.storage = .handedOver(size)
        return file
    }

    /// Whether the content went to a staging and is not kept (``handedOver(path:size:)``).
    public var isHandedOver: Bool {
        if case .handedOver = storage { true } else { false }
    }

    /// The content as text (empty for a file ``handedOver(path:size:)``).
    public var contents: String {
        get {
            switch storage {
            case .text(let text): text
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .handedOver: ""
            }
        }
        set { storage = .text(newValue) }
    }

    /// The content's UTF-8 bytes (none for a file ``handedOver(path:size:)``).
    public var bytes: [UInt8] {
        switch storage {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        case .handedOver: []
        }
    }

    /// The size of the content in bytes.
    public var utf8Count: Int {
        switch storage {
        case .text(let text): text.utf8.count
        case .bytes(let bytes): bytes.count
        case .handedOver(let size): size
        }
    }

    /// Calls `body` with the content's UTF-8 bytes, without copying them (none for a file
    /// ``handedOver(path:size:)``).
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch storage {
        case .text(var text): try text.withUTF8(body)
        case .bytes(let bytes): try bytes.withUnsafeBufferPointer(body)
        case .handedOver: try body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// Files handed over are equal when their paths and sizes are; others by their bytes.
    public static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
        guard lhs.path == rhs.path, lhs.utf8Count == rhs.utf8Count, lhs.isHandedOver == rhs.isHandedOver else { return false }
        return lhs.isHandedOver || lhs.withUTF8 { a in rhs.withUTF8 { b in a.elementsEqual(b) } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(utf8Count)
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Writes a set of files as one transaction, and never outside its folder.
///
/// * Every path is checked first: relative, no `..`, no empty or `.` component, no backslash or
///   NUL. One bad path and nothing is written (`output-unsafe-path`).
/// * The folder is locked for the whole write: a second compile into the same folder waits
///   (`onWait` is told once), then works on what the first one left.
/// * Nothing follows a symbolic link: the folder itself may not be one (a committed
///   `Generated` link could lead anywhere), and inside it every file and folder is opened
///   relative to its parent with `O_NOFOLLOW` (``OutputFolder``). A link where a file goes is
///   replaced, never written through; a link where a folder goes is refused.
/// * New contents go to a fresh private staging folder (`.speakable-staging-<random>`, 0700,
///   created exclusively), each file created with `O_EXCL` and flushed to disk. Only then is a
///   commit record written, and the files are renamed into place. A run killed before the
///   record leaves the previous set untouched (its staging folder is removed by the next run);
///   a run killed after it has its set finished by the next run before it does anything else.
///   SIGINT, SIGTERM, SIGHUP and SIGQUIT wait for the renames to end (noted by a handler, raised
///   again after the commit).
/// * A file whose content is already what it would get is not touched (its modification time
///   stays, so build systems see no change).
/// * With `replacing`, the writer owns those top-level folders (`xcstrings`, `android`…): files
///   it wrote there before (listed in `.speakable-outputs`) that this set no longer has are
///   removed in the same commit, so the folder holds exactly the new set. Files it did not
///   write are never removed.
///
/// ```swift
/// let report = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: xml)], to: "Generated",
///                                     replacing: ["xliff"])
/// report.written     // ["xliff/ko.xliff"]   (report.unchanged lists files already up to date)
/// ```
public enum OutputWriter {
    public struct Report: Hashable, Sendable {
        public var written: [String] = []
        public var unchanged: [String] = []
        /// Files an earlier run wrote that this set no longer has.
        public var removed: [String] = []

        public init(written: [String] = [], unchanged: [String] = [], removed: [String] = []) {
            self.written = written
            self.unchanged = unchanged
            self.removed = removed
        }
    }

    /// The most one write may hold, in bytes (`output-too-large`): far above any real catalog,
    /// low enough that a runaway project fails with a message instead of filling the disk.
    public static let maximumTotalSize = 1 << 30

    /// Checks every path; the diagnostics name each unsafe one.
    public static func validate(_ files: [OutputFile], in directory: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var seen = Set<String>()
        for file in files {
            if let reason = unsafeReason(file.path, in: directory) {
                problems.append(Diagnostic(severity: .error, id: "output-unsafe-path",
                                           message: "refusing to write '\(file.path)': \(reason)", file: directory))
            } else if !seen.insert(file.path).inserted {
                problems.append(Diagnostic(severity: .error, id: "output-unsafe-path",
                                           message: "two outputs would be written to '\(file.path)'", file: directory))
            }
        }
        return problems
    }

    /// What ``write(_:to:replacing:onWait:)`` would refuse before writing anything
    /// (`output-unsafe-path`, `output-too-large`), found without writing, creating or locking
    /// anything: `import --dry-run` refuses what the import itself would.
    ///
    /// ```swift
    /// // Templates is a symbolic link out of the project:
    /// OutputWriter.problems(writing: [OutputFile(path: "Templates/strings.json", contents: "{}")], to: ".")
    /// // [refusing to write 'Templates/strings.json': './Templates' is a symbolic link [output-unsafe-path]]
    /// ```
    public static func problems(writing files: [OutputFile], to directory: String) -> [Diagnostic] {
        let problems = validate(files, in: directory)
        if !problems.isEmpty { return problems }
        let total = files.reduce(0) { $0 + $1.utf8Count }
        if total > maximumTotalSize {
            return [Diagnostic(severity: .error, id: "output-too-large",
                               message: "the outputs would take \(total) bytes; the limit is \(maximumTotalSize) bytes (\(maximumTotalSize >> 20) MiB)",
                               file: directory, hint: "split the project, or compile fewer outputs with --only")]
        }
        // The folder itself, as OutputFolder.open judges it.
        var target = directory.isEmpty ? "." : directory
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        var info = stat()
        if lstat(target, &info) == 0 {
            let reason: String? = (info.st_mode & S_IFMT) == S_IFLNK ? "'\(target)' is a symbolic link; write into a real folder (a link could lead anywhere)"
                : (info.st_mode & S_IFMT) != S_IFDIR ? "'\(target)' is a file, not a folder; give --out a folder" : nil
            if let reason {
                return [Diagnostic(severity: .error, id: "output-unsafe-path", message: "refusing to write: \(reason)", file: directory)]
            }
        }
        return []
    }

    /// What is wrong with `path` as written, before looking at the disk.
    static func lexicalProblem(_ path: String) -> String? {
        if path.isEmpty || path.hasPrefix("/") { return "the path is not relative" }
        if path.contains("\0") || path.contains("\\") { return "the path has a NUL or a backslash" }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "the path has an empty, '.' or '..' component"
        }
        if let first = components.first, first.hasPrefix(".speakable-") { return "the name is reserved for the output transaction" }
        return nil
    }

    static func unsafeReason(_ path: String, in directory: String) -> String? {
        if let problem = lexicalProblem(path) { return problem }
        // An early, friendlier report of a link on the way (the writer itself never follows one).
        var current = directory
        for component in path.split(separator: "/") {
            current = current.hasSuffix("/") ? current + component : current + "/" + component
            var info = stat()
            if lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, current != join(directory, path) {
                return "'\(current)' is a symbolic link"
            }
        }
        return nil
    }

    public enum Failure: Error, CustomStringConvertible {
        case unsafe([Diagnostic])
        case io(path: String, reason: String)

        public var description: String {
            switch self {
            case .unsafe(let problems): problems.map(\.rendered).joined(separator: "\n")
            case .io(let path, let reason): "cannot write \(path): \(reason)"
            }
        }

        public var diagnostics: [Diagnostic] {
            switch self {
            case .unsafe(let problems): problems
            case .io(let path, let reason):
                [Diagnostic(severity: .error, id: "output-write-failed", message: "cannot write this file: \(reason)", file: path)]
            }
        }
    }

    /// Writes `files` into `directory` as one transaction (see the type's documentation).
    ///
    /// - Parameters:
    ///   - replacing: the top-level folders this set owns; earlier outputs there that the set no
    ///     longer has are removed. nil (import): only add and replace files.
    ///   - keeping: outputs of an earlier run that stay as they are (an incremental compile knows
    ///     them unchanged without reading them): listed as unchanged, kept in the manifest, never
    ///     read, written or removed.
    ///   - onWait: called once when another process holds the folder's lock.
    public static func write(_ files: [OutputFile], to directory: String, replacing groups: Set<String>? = nil,
                             keeping: [String] = [], onWait: (() -> Void)? = nil) throws(Failure) -> Report {
        try write(files, to: directory, replacing: groups, keeping: keeping, maximumSize: maximumTotalSize, onWait: onWait)
    }

    static func write(_ files: [OutputFile], to directory: String, replacing groups: Set<String>?, keeping: [String] = [],
                      maximumSize: Int, onWait: (() -> Void)?) throws(Failure) -> Report {
        try refuseUnsafe(files, in: directory, keeping: keeping, maximumSize: maximumSize)
        return try mappingFailures(directory) { () throws(OutputFolder.Failure) in
            let folder = try OutputFolder.open(directory, onWait: onWait)
            try folder.recover()
            return try write(files, into: folder, replacing: groups, keeping: keeping)
        }
    }

    /// Throws what is wrong with the set before anything is written: unsafe paths, a kept file
    /// that is also written, a set over `maximumSize` bytes.
    static func refuseUnsafe(_ files: [OutputFile], in directory: String, keeping: [String], maximumSize: Int) throws(Failure) {
        var problems = validate(files, in: directory)
        let written = Set(files.map(\.path))
        for path in keeping where lexicalProblem(path) != nil || !isOutputPath(path) || written.contains(path) {
            problems.append(Diagnostic(severity: .error, id: "output-unsafe-path",
                                       message: "refusing to keep '\(path)': it is not an output of compile, or it is also written", file: directory))
        }
        if !problems.isEmpty { throw .unsafe(problems) }
        let total = files.reduce(0) { $0 + $1.utf8Count }
        if total > maximumSize {
            throw .unsafe([Diagnostic(severity: .error, id: "output-too-large",
                                      message: "the outputs would take \(total) bytes; the limit is \(maximumSize) bytes (\(maximumSize >> 20) MiB)",
                                      file: directory, hint: "split the project, or compile fewer outputs with --only")])
        }
    }

    /// `body`'s result, its folder failures said as the writer's.
    static func mappingFailures<T>(_ directory: String, _ body: () throws(OutputFolder.Failure) -> T) throws(Failure) -> T {
        do throws(OutputFolder.Failure) {
            return try body()
        } catch {
            switch error {
            case .unsafe(let reason):
                throw .unsafe([Diagnostic(severity: .error, id: "output-unsafe-path", message: "refusing to write: \(reason)", file: directory)])
            case .io(let path, let reason):
                throw .io(path: path, reason: reason)
            }
        }
    }

    /// What became of a file staged before the set was complete (``OutputStaging``): its size,
    /// and the name of its staged copy (nil: the folder already holds exactly these bytes), or
    /// the failure.
    struct Staged {
        var size: Int
        var result: Result<String?, OutputFolder.Failure>
    }

    /// Writes the set into the locked `folder`. `staged`: files already compared and staged into
    /// `staging` (``OutputStaging``), which then holds every new content; without it, a staging
    /// folder is made when something changed, and removed at the end.
    static func write(_ files: [OutputFile], into folder: OutputFolder, replacing groups: Set<String>?, keeping: [String],
                      staging early: (name: String, descriptor: Int32)? = nil,
                      staged: [String: Staged] = [:]) throws(OutputFolder.Failure) -> Report {
        var report = Report()
        // A kept file must be there: otherwise the folder would not hold the set it claims.
        for path in keeping where !folder.isRegularFile(path) {
            throw .io(folder.path + "/" + path, "the earlier output is missing")
        }
        var changed: [(file: OutputFile, staged: String?)] = []
        let sorted = files.sorted(by: { $0.path < $1.path })
        // Each file is compared with what is there on all cores (unless that was done while it
        // was staged); the first failure in path order is the one thrown.
        let same = onAllCores(sorted.count) { index throws(OutputFolder.Failure) -> String?? in
            let file = sorted[index]
            let size = file.utf8Count
            if let early = staged[file.path], early.size == size {
                guard let name = try early.result.get() else { return nil }
                return .some(name)
            }
            // Its content was not kept: only its staged copy can be written.
            if file.isHandedOver { throw .io(folder.path + "/" + file.path, "the file's content was handed to a staging that did not stage it") }
            let equal = try file.withUTF8 { new in Result { () throws(OutputFolder.Failure) in try folder.holds(file.path, new) } }.get()
            return equal ? nil : .some(nil)
        }
        for (file, result) in zip(sorted, same) {
            // nil: unchanged; .some(name): changed, staged as `name` (nil: not staged yet).
            if let change = try result.get() {
                changed.append((file, change))
            } else {
                report.unchanged.append(file.path)
            }
        }
        report.unchanged = (report.unchanged + keeping).sorted()
        var manifest: String?
        if let groups {
            let previous = readManifest(folder)
            let produced = Set(files.map(\.path)).union(keeping)
            func group(_ path: String) -> String { String(path.prefix { $0 != "/" }) }
            report.removed = previous.filter { groups.contains(group($0)) && !produced.contains($0) }.sorted()
            let kept = previous.filter { !groups.contains(group($0)) }
            let listed = Set(kept).union(produced).sorted()
            let text = JSONValue.object([
                ("format", .string("speakable-outputs")), ("version", .int(1)),
                ("note", .string("Written by speakable compile: the files it wrote here, so that files it no longer writes are removed.")),
                ("files", .array(listed.map(JSONValue.string))),
            ]).prettyPrinted() + "\n"
            if OutputFolder.readFile(folder.descriptor, OutputFolder.manifestName, limit: 64 << 20).map({ UTF8Search.equal($0, text) }) != true {
                manifest = text
            }
        }
        if changed.isEmpty && report.removed.isEmpty && manifest == nil { return report }

        let (stagingName, staging): (String, Int32)
        if let early { (stagingName, staging) = early } else { (stagingName, staging) = try folder.makeStaging() }
        defer {
            if early == nil {
                closeDescriptor(staging)
                OutputFolder.removeTree(folder.descriptor, stagingName)
            }
        }
        var commit = OutputFolder.Commit(staging: stagingName, install: [], remove: report.removed)
        let toStage = (descriptor: staging, files: changed.map(\.file), staged: changed.map(\.staged))
        // Staged on all cores (each file is written and flushed on its own); the first failure
        // in path order is the one thrown, and the staging folder goes with everything in it.
        let written = onAllCores(toStage.files.count) { index throws(OutputFolder.Failure) in
            guard toStage.staged[index] == nil else { return }
            let file = toStage.files[index]
            try OutputFolder.writeNewFile(toStage.descriptor, "f\(index)", file, display: folder.path + "/" + file.path)
        }
        for (index, change) in changed.enumerated() {
            try written[index].get()
            commit.install.append((change.staged ?? "f\(index)", change.file.path))
        }
        if let manifest {
            try OutputFolder.writeNewFile(staging, "manifest", manifest, display: folder.path + "/" + OutputFolder.manifestName)
            commit.install.append(("manifest", OutputFolder.manifestName))
        }
        try folder.commit(commit, staging: staging)
        report.written = changed.map(\.file.path)
        return report
    }

    /// `body(0)`, …, `body(count - 1)` on all cores; each one's result or failure, in order.
    static func onAllCores<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws(OutputFolder.Failure) -> T)
        -> [Result<T, OutputFolder.Failure>] {
        if count < 2 { return (0..<count).map { index in Result { () throws(OutputFolder.Failure) in try body(index) } } }
        let results = Mutex<[Result<T, OutputFolder.Failure>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { () throws(OutputFolder.Failure) in try body(index) }
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// The paths the last compile listed in `.speakable-outputs` (only safe ones).
    static func readManifest(_ folder: OutputFolder) -> [String] {
        guard let bytes = OutputFolder.readFile(folder.descriptor, OutputFolder.manifestName, limit: 64 << 20),
              let root = JSONReader.read(bytes, file: nil).root, root["format"]?.string == "speakable-outputs" else { return [] }
        // A hand-edited manifest is not trusted: an entry is a path an output of compile has
        // (``isOutputPath(_:)``: `xliff/ko.xliff`, not `android`, `android/README.md` or
        // `notes/x.txt`) that is a regular file now. Anything else is neither removed nor
        // carried forward.
        return (root["files"]?.array ?? []).compactMap(\.string).filter {
            lexicalProblem($0) == nil && isOutputPath($0) && folder.isRegularFile($0)
        }
    }

    /// Whether `path` has the shape of a file `speakable compile` writes (``CompileOutput``):
    /// `swift/Speakable+<table>.swift`, `xcstrings/<table>.xcstrings`, `xliff/<locale>.xliff`,
    /// `android/res/values…/strings.xml`, `android/kotlin/<Type>.kt`,
    /// `compose/composeResources/values…/strings.xml`, `compose/kotlin/<Type>.kt`. The outputs
    /// manifest lists nothing else: a file of another shape in an output's folder is the
    /// user's, never removed.
    ///
    /// ```swift
    /// OutputWriter.isOutputPath("android/res/values-ko/strings.xml")   // true
    /// OutputWriter.isOutputPath("android/README.md")                   // false
    /// ```
    public static func isOutputPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        func named(_ name: Substring, _ prefix: String, _ suffix: String) -> Bool {
            name.count > prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix) && !name.hasPrefix(".")
        }
        func valuesFolder(_ name: Substring) -> Bool { name == "values" || name.hasPrefix("values-") && name.count > 7 }
        switch (parts.first, parts.count) {
        case ("swift", 2): return named(parts[1], "Speakable+", ".swift")
        case ("xcstrings", 2): return named(parts[1], "", ".xcstrings")
        case ("xliff", 2): return named(parts[1], "", ".xliff")
        case ("android", 3), ("compose", 3): return parts[1] == "kotlin" && named(parts[2], "", ".kt")
        case ("android", 4): return parts[1] == "res" && valuesFolder(parts[2]) && parts[3] == "strings.xml"
        case ("compose", 4): return parts[1] == "composeResources" && valuesFolder(parts[2]) && parts[3] == "strings.xml"
        default: return false
        }
    }

    static func join(_ directory: String, _ path: String) -> String {
        if directory.isEmpty || directory == "." { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
