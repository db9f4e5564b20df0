#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Outputs that are streams, not files: `--output /dev/null`, `--output /dev/stdout`, a named
/// pipe, a terminal. Speakable writes its files by renaming a finished temporary file over the
/// path, which a reader sees whole or not at all; renamed over a stream, that would replace the
/// device or link itself — as root (a CI container), `--output /dev/null` turned `/dev/null`
/// into a regular file for every later program. A stream is written through instead.
///
/// ```swift
/// OutputFile.isStream("/dev/null")          // true
/// OutputFile.isStream("report.json")        // false (a file, or nothing yet)
/// OutputFile.write(bytes, toStream: "/dev/stdout")   // nil, or why not
/// ```
public enum OutputFile {
    /// Whether `path` is a character device, a pipe or a socket, or one of the system's own
    /// links under `/dev/` (`/dev/stdout`, `/dev/fd/1`: whatever they lead to, the process's
    /// stream). Any other link is not followed here: links planted where outputs go must not
    /// lead writes elsewhere (see the writers).
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFCHR, S_IFIFO, S_IFSOCK: return true
        case S_IFLNK: return path.hasPrefix("/dev/")
        default: return false
        }
    }

    /// Writes `bytes` to the stream at `path` (``isStream(_:)``) as they are, appended (a link to
    /// the process's own standard output that is a file goes on after what is there); nil, or
    /// why it could not.
    public static func write(_ bytes: [UInt8], toStream path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return String(cString: strerror(errno)) }
            written += n
        }
        return nil
    }
}

/// `write(2)` (the enum's own `write` hides it inside the type).
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
