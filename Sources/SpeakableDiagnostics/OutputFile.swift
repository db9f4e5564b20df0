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
    /// Whether `path` is a character device, a pipe or a socket, or one of the links that name
    /// the process's own descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
    /// `/proc/self/fd/N`: whatever they lead to — a terminal, a pipe, the file the shell
    /// redirected to — is the process's stream). Any other link is not followed: a link planted
    /// where an output goes (`/dev/shm` is writable by everyone) must not lead the write elsewhere;
    /// the writers replace it instead.
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFCHR, S_IFIFO, S_IFSOCK: return true
        case S_IFLNK: return namesOwnDescriptor(path)
        default: return false
        }
    }

    static func namesOwnDescriptor(_ path: String) -> Bool {
        if path == "/dev/stdout" || path == "/dev/stderr" { return true }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let number = path.utf8.dropFirst(prefix.utf8.count)
            return !number.isEmpty && number.count <= 9 && number.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        return false
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
