import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableEscaping
import SpeakableJSON

/// An output folder opened for one transaction: every operation goes through directory
/// descriptors (`openat`, `mkdirat`, `renameat`, `unlinkat`) with `O_NOFOLLOW`, so no symbolic
/// link inside the folder is ever followed, and a folder renamed under us cannot redirect a
/// write. The folder is locked (`flock`) from ``open(_:onWait:)`` until ``close()``.
///
/// Files the transaction owns in the folder (all hidden):
///
/// * `.speakable-staging-<16 hex digits>/` — a private (0700) folder with an unpredictable name,
///   created exclusively, where new contents are written (`O_CREAT | O_EXCL | O_NOFOLLOW`)
///   before anything visible changes;
/// * `.speakable-commit` — the commit record: which staged file goes where and what is removed.
///   Once it exists the new set is complete on disk; whoever takes the lock next finishes
///   installing it (roll forward) before doing anything else;
/// * `.speakable-outputs` — the manifest: every file the last compile wrote, so files it no
///   longer produces (a removed locale or table) are removed, and nothing else ever is.
final class OutputFolder: Sendable {
    let path: String
    let descriptor: Int32

    static let stagingPrefix = ".speakable-staging-"
    static let commitName = ".speakable-commit"
    static let manifestName = ".speakable-outputs"

    enum Failure: Error {
        case unsafe(String)
        case io(String, String)
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Closing the descriptor releases the lock.
    deinit { closeDescriptor(descriptor) }

    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    // MARK: Opening and locking

    /// Opens `path` (creating it and its missing parents), refusing a symbolic link or a file in
    /// its place, and takes the folder's lock — calling `onWait` once if another process holds it,
    /// then waiting for it.
    static func open(_ path: String, onWait: (() -> Void)?) throws(Failure) -> OutputFolder {
        // A trailing slash would make lstat and O_NOFOLLOW resolve a link ("Generated/").
        var target = path.isEmpty ? "." : path
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        var info = stat()
        if lstat(target, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw .unsafe("'\(target)' is a symbolic link; write into a real folder (a link could lead anywhere)")
            }
            if (info.st_mode & S_IFMT) != S_IFDIR {
                throw .unsafe("'\(target)' is a file, not a folder; give --out a folder")
            }
        } else if errno == ENOENT {
            try createFolders(target)
        } else {
            throw .io(target, errorText())
        }
        let descriptor = openPath(target, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw .unsafe("'\(target)' is a symbolic link; write into a real folder (a link could lead anywhere)") }
            throw .io(target, errorText(code))
        }
        let folder = OutputFolder(path: target, descriptor: descriptor)
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else { throw .io(target, "cannot lock the folder: \(errorText())") }
            onWait?()
            while flock(descriptor, LOCK_EX) != 0 {
                if errno != EINTR { throw .io(target, "cannot lock the folder: \(errorText())") }
            }
        }
        return folder
    }

    /// `mkdir -p`, one component at a time; an existing component must be a folder.
    static func createFolders(_ path: String) throws(Failure) {
        var current = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + component
            if mkdir(current, 0o777) != 0 && errno != EEXIST { throw .io(current, errorText()) }
        }
    }

    // MARK: Paths inside the folder

    /// Opens the folder at `components` below `base` without following links, creating missing
    /// folders when `create`; nil when a folder is missing and `create` is false.
    func openFolder(_ components: [Substring], from base: Int32? = nil, create: Bool) throws(Failure) -> Int32? {
        var current = dup(base ?? descriptor)
        guard current >= 0 else { throw .io(path, OutputFolder.errorText()) }
        var walked = path
        for component in components {
            walked += "/" + component
            var next = openat(current, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && create {
                if mkdirat(current, String(component), 0o777) != 0 && errno != EEXIST {
                    let code = errno
                    closeDescriptor(current)
                    throw .io(walked, OutputFolder.errorText(code))
                }
                next = openat(current, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if next < 0 {
                let code = errno
                var info = stat()
                let isLink = fstatat(current, String(component), &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                closeDescriptor(current)
                if code == ENOENT && !create { return nil }
                if isLink || code == ELOOP { throw .unsafe("'\(walked)' is a symbolic link; Speakable does not write through links") }
                if code == ENOTDIR { throw .unsafe("'\(walked)' is a file where a folder is needed") }
                throw .io(walked, OutputFolder.errorText(code))
            }
            closeDescriptor(current)
            current = next
        }
        return current
    }

    /// Whether `relative` is a regular file in the folder (not a folder, not a link, not missing),
    /// without following a link on the way.
    func isRegularFile(_ relative: String) -> Bool {
        let (folders, name) = OutputFolder.split(relative)
        guard !name.isEmpty, let parent = try? openFolder(folders, create: false) else { return false }
        defer { closeDescriptor(parent) }
        var info = stat()
        return fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func split(_ relative: String) -> (folders: [Substring], name: String) {
        let parts = relative.split(separator: "/")
        return (Array(parts.dropLast()), String(parts.last ?? ""))
    }

    /// The folder that holds `relative`, opened, and the file's name in it; nil when there is
    /// no such folder (or something else is there). Throws when the way there is unsafe.
    func openParent(_ relative: String) throws(Failure) -> (folder: Int32, name: String)? {
        let (folders, name) = OutputFolder.split(relative)
        do {
            return try openFolder(folders, create: false).map { ($0, name) }
        } catch .unsafe(let reason) {
            throw .unsafe(reason)
        } catch {
            return nil
        }
    }

    /// Whether the regular file at `relative` holds exactly `bytes` (false when it is missing):
    /// read in pieces into one small buffer and compared as they come, up to the first difference.
    func holds(_ relative: String, _ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Bool {
        guard let (parent, name) = try openParent(relative) else { return false }
        defer { closeDescriptor(parent) }
        let file = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return false }
        defer { closeDescriptor(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        if bytes.isEmpty { return true }
        var buffer = [UInt8](repeating: 0, count: min(bytes.count, 1 << 16))
        var offset = 0
        while offset < bytes.count {
            let n = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress!, min($0.count, bytes.count - offset)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            let same = buffer.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress! + offset, n) == 0 }
            if !same { return false }
            offset += n
        }
        return true
    }

    /// The bytes of the regular file at `relative`, or nil when there is none (or something else
    /// is there: a link, a folder — which the transaction then replaces or refuses).
    func contents(_ relative: String, limit: Int) throws(Failure) -> [UInt8]? {
        guard let (parent, name) = try openParent(relative) else { return nil }
        defer { closeDescriptor(parent) }
        return OutputFolder.readFile(parent, name, limit: limit)
    }

    static func readFile(_ folder: Int32, _ name: String, limit: Int) -> [UInt8]? {
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { closeDescriptor(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        return offset == bytes.count ? bytes : nil
    }

    /// Writes `text` to a new file `name` in `folder` (`O_EXCL`: never over an existing file or
    /// link), and flushes it to disk.
    static func writeNewFile(_ folder: Int32, _ name: String, _ text: String, display: String) throws(Failure) {
        try writeNewFile(folder, name, OutputFile(path: name, contents: text), display: display)
    }

    /// ``writeNewFile(_:_:_:display:)`` with an output's content, written from where it is.
    static func writeNewFile(_ folder: Int32, _ name: String, _ content: OutputFile, display: String) throws(Failure) {
        let file = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard file >= 0 else { throw .io(display, errorText()) }
        defer { closeDescriptor(file) }
        let failure: Int32 = content.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(file, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
        if failure != 0 { throw .io(display, errorText(failure)) }
        if fsync(file) != 0 { throw .io(display, errorText()) }
    }

    // MARK: Staging

    /// A new private staging folder: `.speakable-staging-<random>` created exclusively (0700).
    func makeStaging() throws(Failure) -> (name: String, descriptor: Int32) {
        for _ in 0..<16 {
            var random = SystemRandomNumberGenerator()
            let name = OutputFolder.stagingPrefix + HexDigits.padded(random.next() as UInt64, width: 16, uppercase: false)
            if mkdirat(descriptor, name, 0o700) == 0 {
                let staging = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard staging >= 0 else { throw .io(path + "/" + name, OutputFolder.errorText()) }
                return (name, staging)
            }
            if errno != EEXIST { throw .io(path + "/" + name, OutputFolder.errorText()) }
        }
        throw .io(path, "cannot create a staging folder")
    }

    static func isStagingName(_ name: String) -> Bool {
        guard name.hasPrefix(stagingPrefix) else { return false }
        let suffix = name.utf8.dropFirst(stagingPrefix.utf8.count)
        return suffix.count == 16 && suffix.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// Removes a folder and everything in it without following links (a link is removed, not
    /// what it points to).
    static func removeTree(_ parent: Int32, _ name: String) {
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder >= 0 {
            for entry in entries(folder) {
                if unlinkat(folder, entry, 0) != 0 && (errno == EISDIR || errno == EPERM) { removeTree(folder, entry) }
            }
            closeDescriptor(folder)
        }
        _ = unlinkat(parent, name, AT_REMOVEDIR)
    }

    /// The names in a folder (without `.` and `..`).
    static func entries(_ folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes staging folders left by runs that were killed before committing.
    func removeStaleStaging() {
        for name in OutputFolder.entries(descriptor) where OutputFolder.isStagingName(name) {
            OutputFolder.removeTree(descriptor, name)
        }
    }

    // MARK: Commit

    /// What a commit does: staged files (by their name in the staging folder) to install at their
    /// paths, and paths to remove.
    struct Commit {
        var staging: String
        var install: [(staged: String, path: String)]
        var remove: [String]

        var json: JSONValue {
            .object([
                ("format", .string("speakable-commit")), ("version", .int(1)), ("staging", .string(staging)),
                ("install", .array(install.map { .array([.string($0.staged), .string($0.path)]) })),
                ("remove", .array(remove.map(JSONValue.string))),
            ])
        }

        /// Reads a commit record; nil when it is not a valid one (every path is checked as a new
        /// output path would be).
        static func read(_ bytes: [UInt8]) -> Commit? {
            guard let root = JSONReader.read(bytes, file: nil).root, root["format"]?.string == "speakable-commit",
                  let staging = root["staging"]?.string, OutputFolder.isStagingName(staging) else { return nil }
            var commit = Commit(staging: staging, install: [], remove: [])
            for item in root["install"]?.array ?? [] {
                guard let pair = item.array, pair.count == 2, let staged = pair[0].string, let path = pair[1].string,
                      !staged.contains("/"), !staged.hasPrefix("."),
                      path == OutputFolder.manifestName || OutputWriter.lexicalProblem(path) == nil else { return nil }
                commit.install.append((staged, path))
            }
            for item in root["remove"]?.array ?? [] {
                guard let path = item.string, OutputWriter.lexicalProblem(path) == nil else { return nil }
                commit.remove.append(path)
            }
            return commit
        }
    }

    /// Records `commit` (the point after which the new set is the one that will be on disk),
    /// then applies it. Termination signals wait until it is applied.
    func commit(_ commit: Commit, staging: Int32) throws(Failure) {
        try OutputFolder.writeNewFile(staging, "commit", commit.json.serialized(), display: path + "/" + commit.staging + "/commit")
        // Termination signals wait for the renames: a handler (process-wide, whichever thread the
        // signal reaches — blocking it in this thread alone would not do) notes the signal, which
        // is raised again once the commit is done.
        let deferred = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
        var previous: [sigaction] = []
        for signal in deferred {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { pendingTerminationSignal = $0 }
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append(old)
        }
        defer {
            for (signal, old) in zip(deferred, previous) {
                var old = old
                sigaction(signal, &old, nil)
            }
            if pendingTerminationSignal != 0 { raise(pendingTerminationSignal) }
        }
        guard renameat(staging, "commit", descriptor, OutputFolder.commitName) == 0 else { throw .io(path + "/" + OutputFolder.commitName, OutputFolder.errorText()) }
        _ = fsync(descriptor)
        try apply(commit, staging: staging)
    }

    /// Installs and removes what `commit` says — again safe to run after a crash part way: an
    /// item already installed has left the staging folder and is skipped.
    func apply(_ commit: Commit, staging: Int32) throws(Failure) {
        var touched: [String: Int32] = [:]
        defer { for descriptor in touched.values { closeDescriptor(descriptor) } }
        func folder(_ components: [Substring], create: Bool) throws(Failure) -> Int32? {
            let key = components.joined(separator: "/")
            if let open = touched[key] { return open }
            guard let opened = try openFolder(components, create: create) else { return nil }
            touched[key] = opened
            return opened
        }
        for item in commit.install {
            var info = stat()
            guard fstatat(staging, item.staged, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }  // already installed
            let (folders, name) = OutputFolder.split(item.path)
            guard let parent = try folder(folders, create: true) else { continue }
            // A folder where the file goes cannot be replaced by rename; a link or file can.
            if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                throw .unsafe("'\(path)/\(item.path)' is a folder where a file is to be written")
            }
            guard renameat(staging, item.staged, parent, name) == 0 else { throw .io(path + "/" + item.path, OutputFolder.errorText()) }
        }
        for removed in commit.remove {
            let (folders, name) = OutputFolder.split(removed)
            guard let parent = try? folder(folders, create: false) else { continue }
            var info = stat()
            if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                _ = unlinkat(parent, name, 0)
            }
        }
        for descriptor in touched.values { _ = fsync(descriptor) }
        _ = fsync(self.descriptor)
        // Folders left empty by removals (a locale's `values-fr/`) go too; non-empty ones stay.
        for removed in commit.remove {
            var folders = OutputFolder.split(removed).folders
            while !folders.isEmpty {
                let name = String(folders.removeLast())
                guard let parent = try? openFolder(folders, create: false) else { break }
                let removedFolder = unlinkat(parent, name, AT_REMOVEDIR) == 0
                closeDescriptor(parent)
                if !removedFolder { break }
            }
        }
        _ = unlinkat(descriptor, OutputFolder.commitName, 0)
        _ = fsync(descriptor)
    }

    /// Finishes a commit a killed run recorded but did not finish, then removes stale staging
    /// folders. Called with the lock held, before anything else.
    func recover() throws(Failure) {
        if let bytes = OutputFolder.readFile(descriptor, OutputFolder.commitName, limit: 64 << 20) {
            if let commit = Commit.read(bytes) {
                let staging = openat(descriptor, commit.staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if staging >= 0 {
                    defer { closeDescriptor(staging) }
                    try apply(commit, staging: staging)
                }
            }
            _ = unlinkat(descriptor, OutputFolder.commitName, 0)
        }
        removeStaleStaging()
    }
}

/// A termination signal that arrived during a commit (set from a signal handler).
nonisolated(unsafe) var pendingTerminationSignal: Int32 = 0

// The class's own `open` and `close` names hide the C functions inside it.
private func openPath(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
