#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// Runs a program to completion with standard input read from a file (or nothing) and its
/// standard output and error captured through files, so that no pipe can fill up and block.
/// The kit uses FoundationEssentials, which has no `Process`.
struct Subprocess {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
        var outputText: String { String(decoding: output, as: UTF8.self) }
        var errorText: String { String(decoding: error, as: UTF8.self) }
    }

    /// The first executable named `name` on `PATH`, or nil.
    static func find(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `arguments[0]` (a path) with the rest as its arguments; `input` is written to a
    /// scratch file in `scratch` and given as standard input.
    static func run(_ arguments: [String], input: [UInt8]? = nil, directory: String? = nil,
                    scratch: String) throws(DifferentialError) -> Result {
        let id = "\(getpid())-\(nextID())"
        let inPath = scratch + "/.stdin-\(id)"
        let outPath = scratch + "/.stdout-\(id)"
        let errPath = scratch + "/.stderr-\(id)"
        defer {
            for path in [inPath, outPath, errPath] { unlink(path) }
        }
        if let input { try Files.write(input, to: inPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned: Int32
        if let directory {
            // posix_spawn has no working directory before glibc 2.29's _addchdir_np; go through sh.
            var shell: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory].map { (text: String) in strdup(text) }
            shell += argv
            defer { for pointer in shell.prefix(4) { free(pointer) } }
            spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, shell, environ)
        } else {
            spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        }
        guard spawned == 0 else { throw .tool("could not start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw .tool("lost \(arguments[0]) (waitpid failed)") }
        }
        let code: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: code, output: (try? Files.read(outPath)) ?? [], error: (try? Files.read(errPath)) ?? [])
    }

    nonisolated(unsafe) private static var counter = 0
    private static let lock = SpinLock()
    private static func nextID() -> Int {
        lock.withLock {
            counter += 1
            return counter
        }
    }
}

/// A tiny lock for a counter (Synchronization's Mutex needs a stored instance).
final class SpinLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

/// What stops a differential run (as opposed to a mismatch, which is a result).
public enum DifferentialError: Error, CustomStringConvertible, Sendable {
    /// A tool is missing or misbehaved.
    case tool(String)
    /// A file could not be read or written.
    case file(String)
    /// Bad input from the user (an option, an allow-list).
    case input(String)

    public var description: String {
        switch self {
        case .tool(let s), .file(let s), .input(let s): s
        }
    }
}

/// File helpers over FoundationEssentials.
enum Files {
    static func read(_ path: String) throws(DifferentialError) -> [UInt8] {
        do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch { throw .file("cannot read \(path)") }
    }

    static func readText(_ path: String) throws(DifferentialError) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    static func write(_ bytes: [UInt8], to path: String) throws(DifferentialError) {
        do {
            try makeDirectory((path as String).deletingLastPathComponent)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch let error as DifferentialError {
            throw error
        } catch {
            throw .file("cannot write \(path)")
        }
    }

    static func write(_ text: String, to path: String) throws(DifferentialError) { try write(Array(text.utf8), to: path) }

    static func makeDirectory(_ path: String) throws(DifferentialError) {
        guard !path.isEmpty else { return }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw .file("cannot create \(path)")
        }
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    /// Files under `path`, relative, sorted.
    static func list(_ path: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []).filter { !isDirectory(path + "/" + $0) }.sorted()
    }

    /// A fresh scratch directory under the system's temporary directory.
    static func temporaryDirectory(_ name: String) throws(DifferentialError) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        // Unique per call: two runs in one process (tests run in parallel) must not share, or
        // remove, each other's scratch.
        let path = "\(base)/speakable-differential-\(getpid())-\(name)-\(UInt32.random(in: 0...UInt32.max))"
        remove(path)
        try makeDirectory(path)
        return path
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}

extension String {
    var deletingLastPathComponent: String {
        guard let slash = lastIndex(of: "/") else { return "" }
        return slash == startIndex ? "/" : String(self[..<slash])
    }

    var lastPathComponent: String {
        guard let slash = lastIndex(of: "/") else { return self }
        return String(self[index(after: slash)...])
    }
}
