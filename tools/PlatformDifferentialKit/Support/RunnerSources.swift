#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableJSON

/// The runner sources that are not Swift targets (they are compiled at run time by `javac` and
/// `swiftc`), found next to this file in the checkout.
enum RunnerSources {
    static let directory: String = {
        let file = #filePath
        return file.deletingLastPathComponent.deletingLastPathComponent + "/Runners"
    }()

    static var androidRunner: String { directory + "/AndroidRunner.java" }
    static var appleRuntime: String { directory + "/AppleRuntime.swift" }

    /// The package root (for the default allow-list and the built-in catalog).
    static let packageRoot: String = directory.deletingLastPathComponent.deletingLastPathComponent.deletingLastPathComponent

    /// Compiled runners are kept here, by a hash of what they were compiled from.
    static let cacheDirectory: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        return base + "/speakable-differential-cache-\(getuid())"
    }()

    /// FNV-1a, 64 bits, as 16 hex digits.
    static func hash(_ texts: String...) -> String {
        var hash = FNV1a()
        for text in texts {
            hash.combine(text)
            hash.combine(byte: 0xFF)
        }
        return HexDigits.padded(hash.value, width: 16, uppercase: false)
    }
}

/// One JSON reply line from a runner.
struct JSONLine {
    let text: String
    let root: JSONNode?

    init(_ text: String) {
        self.text = text
        self.root = JSONReader.read(text).root
    }

    func string(_ key: String) -> String? { root?[key]?.string }
    func int(_ key: String) -> Int? {
        if case .int(let n)? = root?[key]?.number { return Int(n) }
        return nil
    }
}

extension Files {
    /// Moves a freshly built cache entry into place in one step. When another run put the same
    /// entry there first (same hash, same content), theirs stays and ours is dropped: a rename
    /// onto a directory that is not empty fails, so nobody ever sees a half-written entry.
    /// Returns where the entry is: the cache, or the staging folder itself when it cannot be
    /// moved there (another file system).
    @discardableResult
    static func publish(_ staging: String, as directory: String) -> String {
        if Glibc.rename(staging, directory) == 0 { return directory }
        if isDirectory(directory) {
            remove(staging)
            return directory
        }
        return staging
    }
}
