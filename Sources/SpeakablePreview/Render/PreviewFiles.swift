#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SpeakableDiagnostics
import SpeakableEscaping

/// Why a file could not be written.
public struct FileWriteError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Files written whole or not at all, and never through a link.
public enum PreviewFiles {
    /// Writes `bytes` to a new temporary file beside `path`, then renames it over `path`: a
    /// reader sees the old file or the new one, never half of one, and a failure leaves the old
    /// file. The temporary file has an unpredictable name (`.speakable-<16 hex digits>.tmp`) and
    /// is created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so nothing planted in the folder — a link
    /// at a name it could take — can make it write anywhere else (a predictable name, or a call
    /// that followed links, would let it). A link at `path` itself is replaced by the file, not
    /// followed.
    ///
    /// A stream (``OutputFile/isStream(_:)``: `/dev/null`, `/dev/stdout`, a named pipe) is
    /// written through instead: renamed over, the device or link itself would be replaced.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        if OutputFile.isStream(path) {
            if let reason = OutputFile.write(bytes, toStream: path) { throw FileWriteError(path: path, reason: reason) }
            return
        }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        var descriptor: Int32 = -1
        var temporary = ""
        for _ in 0..<16 {
            temporary = folder + ".speakable-" + hex(UInt64.random(in: 0...UInt64.max)) + ".tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw FileWriteError(path: path, reason: reason)
            }
            written += n
        }
        close(descriptor)
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileWriteError(path: path, reason: reason)
        }
    }

    static func hex(_ value: UInt64) -> String {
        HexDigits.padded(value, width: 16, uppercase: false)
    }
}

/// Numbers as the preview prints them.
public enum PreviewFormat {
    /// "3.4 s".
    public static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// "48.3 s", "2 min 31 s".
    public static func duration(_ value: Double) -> String {
        if value < 60 { return seconds(value) }
        let whole = Int(value.rounded())
        return "\(whole / 60) min \(whole % 60) s"
    }
}

/// Reading files back (the WAVs a page embeds).
enum PreviewFileReading {
    static func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
}
