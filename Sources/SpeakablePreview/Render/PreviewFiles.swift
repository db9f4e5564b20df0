#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Synchronization

/// Why a file could not be written.
public struct FileWriteError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Files written whole or not at all.
public enum PreviewFiles {
    static let counter = Atomic<Int>(0)

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: a reader
    /// sees the old file or the new one, never half of one, and a failure leaves the old file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let temporary = path + ".speakable-\(getpid())-\(counter.wrappingAdd(1, ordering: .relaxed).newValue).tmp"
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw FileWriteError(path: path, reason: "\(error)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileWriteError(path: path, reason: reason)
        }
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
