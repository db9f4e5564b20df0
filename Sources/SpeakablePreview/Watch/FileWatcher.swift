#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices when files change, by polling: a fingerprint (size, modification time to the
/// nanosecond, inode) of every watched file and of every `.json` file in watched folders (two
/// levels deep, for `Locales/<tag>/<table>.json`), compared every `interval` seconds.
///
/// Polling rather than inotify: it works the same on Linux and macOS, sees a file that an editor
/// replaces by renaming a new one over it, and a few dozen `stat` calls four times a second cost
/// nothing measurable.
///
/// ```swift
/// var watcher = FileWatcher(paths: inputs.watchedPaths())
/// while true {
///     let changed = watcher.waitForChange()   // blocks; ["Locales/ko/sudoku.json"]
///     render()
/// }
/// ```
public struct FileWatcher: Sendable {
    /// What one file looked like.
    public struct Stamp: Hashable, Sendable {
        public var size: Int64
        /// Nanoseconds since 1970.
        public var modified: Int64
        public var inode: UInt64
    }

    /// Files and folders watched, as given.
    public let paths: [String]
    /// Seconds between two looks.
    public let interval: Double
    /// The fingerprint last seen, by path.
    public private(set) var current: [String: Stamp]

    public init(paths: [String], interval: Double = 0.25) {
        self.paths = paths
        self.interval = interval
        self.current = Self.fingerprint(paths)
    }

    /// Every watched file and its stamp now (a missing file is simply absent).
    public static func fingerprint(_ paths: [String]) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        for path in paths { collect(path, depth: 0, into: &result) }
        return result
    }

    static func stamp(_ path: String) -> (Stamp, isDirectory: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let nanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        return (Stamp(size: Int64(info.st_size), modified: nanoseconds, inode: UInt64(info.st_ino)), isDirectory)
    }

    static func collect(_ path: String, depth: Int, into result: inout [String: Stamp]) {
        guard let (found, isDirectory) = stamp(path) else { return }
        guard isDirectory else {
            result[path] = found
            return
        }
        guard depth < 2, let directory = opendir(path) else { return }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        for name in names.sorted() {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            if name.hasSuffix(".json") {
                if let (childStamp, childIsDirectory) = stamp(child), !childIsDirectory { result[child] = childStamp }
            } else if depth == 0 {
                collect(child, depth: depth + 1, into: &result)  // Locales/<tag>/
            }
        }
    }

    /// The paths that differ between two fingerprints (changed, added or removed), sorted.
    public static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> [String] {
        var changed: Set<String> = []
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed.sorted()
    }

    /// Looks once: the paths changed since the last look (empty when none).
    public mutating func poll() -> [String] {
        let next = Self.fingerprint(paths)
        let changed = Self.changes(from: current, to: next)
        current = next
        return changed
    }

    /// Blocks until something changes and stays unchanged for one more interval (editors save in
    /// several steps), then returns what changed; nil when `stop` says so first.
    public mutating func waitForChange(stop: () -> Bool = { false }) -> [String]? {
        while !stop() {
            sleep(seconds: interval)
            var changed = poll()
            guard !changed.isEmpty else { continue }
            // Settle: wait until a look finds nothing new.
            while true {
                sleep(seconds: interval)
                let more = poll()
                if more.isEmpty { break }
                changed = Array(Set(changed).union(more)).sorted()
            }
            return changed
        }
        return nil
    }

    func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
