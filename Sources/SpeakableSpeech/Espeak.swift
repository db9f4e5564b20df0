#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
public import SpeakableICU
import Synchronization

/// Real spoken length from the espeak-ng speech synthesizer (Debian package `espeak-ng`): the
/// text is synthesized to a WAV file at espeak-ng's default rate and the length of the audio
/// between the first and the last audible sample is read from it.
///
/// ```swift
/// if let espeak = Espeak.find() {
///     try espeak.measure("Row 3, column 5, empty", locale: .english).speech   // about 1.5 (seconds)
/// }
/// ```
public final class Espeak: Sendable {
    /// The executable's path.
    public let path: String
    private let memo = Mutex<[String: WAVLength]>([:])

    /// Why a measurement failed.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case cannotWrite(String)
        case exited(Int32, voice: String)
        case badAudio(String)

        public var description: String {
            switch self {
            case .cannotWrite(let path): "cannot write the temporary file \(path)"
            case .exited(let status, let voice): "espeak-ng exited with status \(status) (voice '\(voice)')"
            case .badAudio(let why): "espeak-ng wrote audio that cannot be read: \(why)"
            }
        }
    }

    public init(path: String) { self.path = path }

    /// espeak-ng from `PATH`, or nil when it is not installed.
    public static func find(environmentPath: String? = nil) -> Espeak? {
        let searchPath = environmentPath ?? (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        for directory in searchPath.split(separator: ":") {
            let candidate = String(directory) + "/espeak-ng"
            if access(candidate, X_OK) == 0 { return Espeak(path: candidate) }
        }
        return nil
    }

    /// The espeak-ng voice for a locale: `en` → `en-us` (the screen readers' usual English),
    /// others by language code (`ko`).
    public static func voice(for locale: ICULocale) -> String {
        locale.language == "en" ? "en-us" : locale.language
    }

    /// Synthesizes `text` and measures the audio.
    public func measure(_ text: String, locale: ICULocale) throws(Failure) -> WAVLength {
        let voice = Self.voice(for: locale)
        let memoKey = voice + "\u{1F}" + text
        if let hit = memo.withLock({ $0[memoKey] }) { return hit }
        let bytes = try wav(text, voice: voice)
        let length: WAVLength
        do { length = try WAVLength(bytes) } catch { throw .badAudio(error.description) }
        memo.withLock { $0[memoKey] = length }
        return length
    }

    /// Synthesizes `text` with the locale's voice at espeak-ng's default rate (what ``measure(_:locale:)``
    /// and the spoken-length calibration use) and returns the audio as espeak-ng wrote it,
    /// silence at both ends included.
    ///
    /// Each call runs one `espeak-ng` process, so calls from several threads synthesize in
    /// parallel (the library, libespeak-ng, keeps one global voice and is not re-entrant).
    public func synthesize(_ text: String, locale: ICULocale) throws(Failure) -> PCMAudio {
        let bytes = try wav(text, voice: Self.voice(for: locale))
        do { return try PCMAudio(wav: bytes) } catch { throw .badAudio(error.description) }
    }

    /// The WAV file espeak-ng writes for `text` in `voice`, read back; its files live in a private
    /// folder removed before returning.
    private func wav(_ text: String, voice: String) throws(Failure) -> [UInt8] {
        guard let folder = Self.privateFolder() else { throw .cannotWrite(FileManager.default.temporaryDirectory.path) }
        let textPath = folder + "/text.txt"
        let wavPath = folder + "/speech.wav"
        defer {
            unlink(textPath)
            unlink(wavPath)
            rmdir(folder)
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: textPath))
        } catch {
            throw .cannotWrite(textPath)
        }
        let status = Self.run([path, "-v", voice, "-f", textPath, "-w", wavPath])
        guard status == 0 else { throw .exited(status, voice: voice) }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: wavPath)) else { throw .badAudio("no file") }
        return Array(data)
    }

    /// A new folder only this user can enter (`mkdtemp`, mode 0700, an unpredictable name) in
    /// the temporary directory, for one call's files: espeak-ng writes its WAV by name, and in a
    /// shared `/tmp` a predictable name could be a link another user planted. Nil when it cannot be made.
    static func privateFolder() -> String? {
        var template = Array((FileManager.default.temporaryDirectory.path + "/speakable-espeak-XXXXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    /// Runs a program with its output discarded (or standard output written to a file) and
    /// returns its exit status (-1 if it could not start).
    static func run(_ arguments: [String], standardOutput: String? = nil) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let standardOutput {
            posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        // WIFEXITED / WEXITSTATUS are macros.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }
}

/// The length of a PCM WAV file: all of it, and the speech between the first and the last
/// sample louder than 1% of full scale (espeak-ng pads with silence).
///
/// ```swift
/// let length = try WAVLength(bytes)
/// length.total    // 1.62
/// length.speech   // 1.48
/// ```
public struct WAVLength: Hashable, Sendable {
    public var total: Double
    public var speech: Double
    public var sampleRate: Int

    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ bytes: [UInt8]) throws(Malformed) {
        let layout = try WAVLayout(bytes)
        let (channels, rate, dataStart, dataSize) = (layout.channels, layout.sampleRate, layout.dataStart, layout.dataSize)
        let frameBytes = channels * 2
        let frames = dataSize / frameBytes
        var first = -1, last = -1
        let threshold = 328  // 1% of full scale
        for frame in 0..<frames {
            let at = dataStart + frame * frameBytes
            let sample = Int(Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8))
            if abs(sample) > threshold {
                if first < 0 { first = frame }
                last = frame
            }
        }
        self.sampleRate = rate
        self.total = Double(frames) / Double(rate)
        self.speech = first < 0 ? 0 : Double(last - first + 1) / Double(rate)
    }
}
