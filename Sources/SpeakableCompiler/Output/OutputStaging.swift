import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An ``OutputWriter`` transaction opened before its files are all made: each file handed to
/// ``stage(_:)`` is compared with the folder's copy and, when it differs, written to the
/// staging folder on a thread of its own, while the compile goes on making the others.
/// ``finish(_:replacing:keeping:)`` then checks and commits the whole set exactly as
/// ``OutputWriter/write(_:to:replacing:keeping:onWait:)`` would (a file staged with other
/// bytes than the set's is compared and written again); ``abandon()`` (a compile with errors)
/// removes what was staged and leaves the folder as it was.
///
/// A folder it created is removed again when nothing is written.
///
/// ```swift
/// let staging = OutputStaging.open("Generated", onWait: nil)
/// let result = CatalogCompiler.compile(project, options: options, onFile: staging.map { s in { s.stage($0) } })
/// if result.hasErrors { staging?.abandon() }
/// else { let report = try staging?.finish(result.files, replacing: ["xcstrings"], keeping: []) }
/// ```
public final class OutputStaging: @unchecked Sendable {
    let directory: String
    /// Locked until the staging folder is removed.
    private var folder: OutputFolder?
    let stagingName: String
    let staging: Int32
    /// Compares and stages files off the threads that make them, several at once (each is
    /// written and flushed on its own); `close` waits for all of them.
    private let queue = DispatchQueue(label: "speakable.output-staging", attributes: .concurrent)
    private struct State {
        var staged: [String: OutputWriter.Staged] = [:]
        /// Paths being compared or staged now.
        var busy: Set<String> = []
        var count = 0
        var closed = false
    }
    private let state = Mutex(State())

    /// The folders ``open(_:onWait:)`` created, deepest first: removed when nothing is written.
    let created: [String]

    private init(directory: String, folder: OutputFolder, stagingName: String, staging: Int32, created: [String]) {
        self.directory = directory
        self.folder = folder
        self.stagingName = stagingName
        self.staging = staging
        self.created = created
    }

    /// Locks `directory` (calling `onWait` once if another process holds it), finishes or clears
    /// what an interrupted run left, and makes a staging folder. A missing `directory` is
    /// created, and removed again by ``abandon()`` or a refused set. Nil when it cannot be
    /// opened: ``OutputWriter/write(_:to:replacing:keeping:onWait:)`` then says what is wrong.
    public static func open(_ directory: String, onWait: (() -> Void)?) -> OutputStaging? {
        var target = directory.isEmpty ? "." : directory
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        // The folders open creates, deepest first.
        var missing: [String] = []
        var current = target
        var info = stat()
        while lstat(current, &info) != 0 {
            guard errno == ENOENT, missing.count < 64 else { return nil }
            missing.append(current)
            guard let slash = current.lastIndex(of: "/") else { break }
            let parent = slash == current.startIndex ? "/" : String(current[..<slash])
            if parent == current { break }
            current = parent
        }
        do throws(OutputFolder.Failure) {
            let folder = try OutputFolder.open(directory, onWait: onWait)
            try folder.recover()
            let (name, descriptor) = try folder.makeStaging()
            return OutputStaging(directory: directory, folder: folder, stagingName: name, staging: descriptor, created: missing)
        } catch {
            for path in missing { rmdir(path) }
            return nil
        }
    }

    /// Compares `file` with the folder's copy and stages it if it differs, off the caller's
    /// thread (beside other files being staged); returns at once. A path is staged once (a
    /// second file of the same path is left to ``finish(_:replacing:keeping:)``, which compares
    /// sizes). A file whose path the writer would refuse is left to
    /// ``finish(_:replacing:keeping:)``, which refuses the set.
    public func stage(_ file: OutputFile) {
        guard OutputWriter.lexicalProblem(file.path) == nil else { return }
        queue.async { [self] in
            // A name of its own, claimed with the path (a path is staged once).
            let claim: String? = state.withLock { state in
                guard !state.closed, state.staged[file.path] == nil, state.busy.insert(file.path).inserted else { return nil }
                state.count += 1
                return "s\(state.count - 1)"
            }
            guard let name = claim, let folder else { return }
            // (The folder is set until `close` has waited for every block.)
            let size = file.utf8Count
            let staged: OutputWriter.Staged
            do throws(OutputFolder.Failure) {
                if try file.withUTF8({ new in Result { () throws(OutputFolder.Failure) in try folder.holds(file.path, new) } }).get() {
                    staged = OutputWriter.Staged(size: size, result: .success(nil))
                } else {
                    try OutputFolder.writeNewFile(staging, name, file, display: folder.path + "/" + file.path)
                    staged = OutputWriter.Staged(size: size, result: .success(name))
                }
            } catch {
                staged = OutputWriter.Staged(size: size, result: .failure(error))
            }
            state.withLock { state in
                state.busy.remove(file.path)
                state.staged[file.path] = staged
            }
        }
    }

    /// Waits for the staging thread, then writes `files` as one transaction, as
    /// ``OutputWriter/write(_:to:replacing:keeping:onWait:)`` does (the same checks, failures and
    /// report), taking what was staged. A file ``OutputFile/handedOver(path:size:)`` is written
    /// from its staged copy (one that was not staged fails the set). The staging folder is removed
    /// in every case.
    public func finish(_ files: [OutputFile], replacing groups: Set<String>?, keeping: [String]) throws(OutputWriter.Failure) -> OutputWriter.Report {
        let staged = close()
        guard let folder else { throw .io(path: directory, reason: "the staging was abandoned") }
        do throws(OutputWriter.Failure) {
            try OutputWriter.refuseUnsafe(files, in: directory, keeping: keeping, maximumSize: OutputWriter.maximumTotalSize)
        } catch {
            removeStaging(removingCreated: true)
            throw error
        }
        defer { removeStaging(removingCreated: false) }
        return try OutputWriter.mappingFailures(directory) { () throws(OutputFolder.Failure) in
            try OutputWriter.write(files, into: folder, replacing: groups, keeping: keeping, staging: (stagingName, staging), staged: staged)
        }
    }

    /// Removes what was staged: the folder stays as it was.
    public func abandon() {
        _ = close()
        removeStaging(removingCreated: true)
    }

    /// Waits for every file handed over so far, then takes no more.
    private func close() -> [String: OutputWriter.Staged] {
        queue.sync(flags: .barrier) {
            state.withLock { state in
                state.closed = true
                return state.staged
            }
        }
    }

    /// Removes the staging folder and unlocks the folder; `removingCreated`: then removes the
    /// folders ``open(_:onWait:)`` created, each if it is empty.
    private func removeStaging(removingCreated: Bool) {
        guard let folder else { return }
        closeDescriptor(staging)
        OutputFolder.removeTree(folder.descriptor, stagingName)
        self.folder = nil
        if removingCreated { for path in created { rmdir(path) } }
    }

    // Every block on the queue holds the staging, so none is left here: the queue is not waited
    // for (this may run on it, after its last block).
    deinit { removeStaging(removingCreated: false) }
}
