#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file whole, refusing one larger than a limit before reading a byte of it
/// (a 2 GB file in `Locales/` must not be loaded to find out it is too big).
///
/// ```swift
/// switch InputFile.read("Templates/game.json", limit: 64 << 20) {
/// case .success(let bytes): …
/// case .failure(.tooLarge(let size)): …   // "the file is 70000000 bytes; the limit is 64 MiB"
/// case .failure(.unreadable(let reason)): …
/// }
/// ```
public enum InputFile {
    /// The largest input file Speakable reads: templates, translations, platform catalogs and
    /// metadata (64 MiB). Each reader checks the same limit on bytes it is handed.
    public static let maximumSize = 64 << 20

    public enum Problem: Error, Hashable, Sendable {
        case unreadable(String)
        case tooLarge(Int)

        /// A diagnostic for `file` (`file-unreadable` or `file-too-large`).
        public func diagnostic(file: String, limit: Int = InputFile.maximumSize) -> Diagnostic {
            switch self {
            case .unreadable(let reason):
                Diagnostic(severity: .error, id: "file-unreadable", message: "cannot read this file (\(reason))", file: file,
                           hint: "check that it exists and is readable")
            case .tooLarge(let size):
                Diagnostic(severity: .error, id: "file-too-large",
                           message: "the file is \(size) bytes; the limit is \(limit) bytes (\(limit >> 20) MiB)", file: file,
                           hint: "split it into several files")
            }
        }
    }

    /// Whether `path`, with every symbolic link resolved, is inside the folder `root` (also
    /// resolved). A project's files may be links within the project; a link that leads out of
    /// it (a committed `Locales/ko/game.json -> ~/.ssh/id_rsa`) would have its lines printed in
    /// diagnostics, in CI logs.
    public static func isInside(_ path: String, root: String) -> Bool {
        guard let resolvedRoot = resolve(root.isEmpty ? "." : root), let resolved = resolve(path) else { return true }
        return resolved == resolvedRoot || resolved.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/")
    }

    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The size of the file at `path` in bytes (following links), or nil.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// `body` given `path` opened for reading and its status, once the problems ``read(_:limit:)``
    /// and ``map(_:limit:)`` report before reading a byte are ruled out; closed afterwards.
    static func withOpened<T>(_ path: String, limit: Int, _ body: (Int32, stat) -> Result<T, Problem>) -> Result<T, Problem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.unreadable("it is a folder")) }
        if Int(info.st_size) > limit { return .failure(.tooLarge(Int(info.st_size))) }
        return body(descriptor, info)
    }

    public static func read(_ path: String, limit: Int = maximumSize) -> Result<[UInt8], Problem> {
        withOpened(path, limit: limit) { descriptor, info in readAll(descriptor, info, limit: limit) }
    }

    /// Everything left to read from `descriptor` (whose status is `info`), up to `limit` bytes.
    static func readAll(_ descriptor: Int32, _ info: stat, limit: Int) -> Result<[UInt8], Problem> {
        // Regular files report their size; pipes and devices are read up to the limit + 1.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > limit { return .failure(.tooLarge(bytes.count)) }
        }
        return .success(bytes)
    }
}

extension InputFile {
    /// An input file's bytes mapped into memory read-only (`mmap`), for a reader that goes over
    /// a large file once: the pages come from the kernel's cache as they are read, with no copy
    /// and no fresh memory to fill, which on a large String Catalog is several times faster than
    /// ``read(_:limit:)``. Unmapped when the value is released. Pipes, devices and empty files
    /// are read with ``read(_:limit:)`` instead (``bytes`` is then that array).
    ///
    /// A mapped file that another program truncates while it is read raises `SIGBUS` on the
    /// next page past its new end; the command line tool reports that as an input file changed
    /// while it was read, with status 74 (its `SIGBUS` handler, in `SpeakableTool/main.swift`).
    ///
    /// ```swift
    /// guard case .success(let file) = InputFile.map("Localizable.xcstrings") else { … }
    /// let index = file.withBytes { XCStringsIndex.read($0, file: "Localizable.xcstrings") }
    /// ```
    public final class Mapped: @unchecked Sendable {
        private let base: UnsafeMutableRawPointer?
        private let length: Int
        private let copy: [UInt8]

        fileprivate init(base: UnsafeMutableRawPointer, length: Int) {
            self.base = base
            self.length = length
            copy = []
        }

        fileprivate init(copy: [UInt8]) {
            base = nil
            length = 0
            self.copy = copy
        }

        deinit {
            if let base { munmap(base, length) }
        }

        /// The number of bytes.
        public var count: Int { base == nil ? copy.count : length }

        /// `body` given the file's bytes (valid only inside `body`).
        public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
            guard let base else {
                return try copy.withUnsafeBufferPointer { buffer throws(E) -> R in try body(buffer) }
            }
            return try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: length))
        }

        /// The bytes as an array of their own.
        public var bytes: [UInt8] { base == nil ? copy : withBytes { Array($0) } }
    }

    /// `path`'s bytes mapped (a regular file), or read (anything else); the same problems as
    /// ``read(_:limit:)``, found before a byte is read.
    public static func map(_ path: String, limit: Int = maximumSize) -> Result<Mapped, Problem> {
        withOpened(path, limit: limit) { descriptor, info in
            let size = Int(info.st_size)
            if (info.st_mode & S_IFMT) == S_IFREG, size > 0,
               let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED {
                return .success(Mapped(base: base, length: size))
            }
            return readAll(descriptor, info, limit: limit).map { Mapped(copy: $0) }
        }
    }
}

/// `read(2)` (the enum's own `read` hides it inside the type).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
