#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import FoundationEssentials
public import SpeakableDescribers
public import SpeakableJSON
public import SpeakableSpeech
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableICU
import Synchronization

/// `DIR/index.json` of `speakable preview --audio DIR`: one WAV per element, locale and
/// platform.
///
/// ```json
/// {"items": [{"text": "Row 1, column 1, given 5, button, selected\nSelects the cell.", "locale": "en",
///             "platform": "voiceover", "file": "en-voiceover-002-dailysudoku-row-1-column-1-5a238591.wav",
///             "measuredSeconds": 5.116, "estimatedSeconds": 5.313, "budgetSeconds": 9.042}]}
/// ```
///
/// `text` is what the element says, one utterance per line (a line break is the pause before a
/// hint or an announcement, which the WAV holds as silence); `file` is relative to `DIR`;
/// `measuredSeconds` is the WAV's length; `estimatedSeconds` and `budgetSeconds` are the
/// preview's (``SpokenElement/estimatedSeconds``, ``SpokenElement/budgetSeconds``; null when an
/// utterance has no budget).
public struct AudioIndex: Hashable, Sendable {
    /// One element's WAV.
    public struct Item: Hashable, Sendable {
        /// What is said, one utterance per line.
        public var text: String
        /// The BCP 47 tag.
        public var locale: String
        public var platform: Platform
        /// The WAV's name in the folder.
        public var file: String
        /// The WAV's length.
        public var measuredSeconds: Double
        /// The preview's estimate of the same speech and pauses.
        public var estimatedSeconds: Double
        /// The budgets of the utterances plus the pauses; nil when one has none.
        public var budgetSeconds: Double?
        /// Which section and element of the preview it speaks (not written to the index).
        public var section: Int
        public var element: Int
    }

    /// In the preview's order: section by section, element by element.
    public var items: [Item]

    /// The index as written.
    public func json() -> JSONValue {
        func seconds(_ value: Double) -> JSONValue { .double((value * 1000).rounded() / 1000) }
        return .object([("items", .array(items.map { item in
            .object([
                ("text", .string(item.text)),
                ("locale", .string(item.locale)),
                ("platform", .string(item.platform.rawValue)),
                ("file", .string(item.file)),
                ("measuredSeconds", seconds(item.measuredSeconds)),
                ("estimatedSeconds", seconds(item.estimatedSeconds)),
                ("budgetSeconds", item.budgetSeconds.map(seconds) ?? .null),
            ])
        }))])
    }

    /// The item for an element of the preview, if it has audio.
    public func item(section: Int, element: Int) -> Item? {
        items.first { $0.section == section && $0.element == element }
    }
}

/// Why audio could not be written. Nothing is half written: `index.json` is replaced only after
/// every WAV is in place, and the WAVs of a failed run are removed.
public enum AudioError: Error, Sendable, CustomStringConvertible {
    case espeakMissing
    case synthesis(text: String, locale: String, reason: String)
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .espeakMissing: "audio needs espeak-ng, which is not installed: \(Espeak.installAdvice)"
        case .synthesis(let text, let locale, let reason): "espeak-ng could not speak \"\(text)\" (\(locale)): \(reason)"
        case .io(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

/// Synthesizes every element of a preview with espeak-ng into one folder.
///
/// Each element's utterances are synthesized separately, trimmed to their speech, and joined
/// with the preview's pauses, so the WAV is what the user hears and its length is comparable
/// with the estimate. Files are named by locale, platform, position, title and a hash of what
/// they hold: an unchanged element keeps its file (and is not synthesized again), a changed one
/// gets a new name, so the old index stays valid until the new one replaces it.
///
/// ```swift
/// let index = try AudioWriter.write(preview, to: "Audio", espeak: Espeak.find()!, progress: nil)
/// index.items.count   // elements × platforms × locales
/// ```
public enum AudioWriter {
    /// Parallel espeak-ng processes: one per core.
    public static var defaultWorkers: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    struct Job {
        let section: Int
        let element: Int
        let locale: ICULocale
        let platform: Platform
        let utterances: [Utterance]
        let file: String
        let estimatedSeconds: Double
        let budgetSeconds: Double?
    }

    /// Writes the WAVs and `index.json` into `directory` (created if needed) with `workers`
    /// espeak-ng processes at a time; `progress(done, total)` is called as elements finish.
    public static func write(_ preview: Preview, to directory: String, espeak: Espeak, workers: Int = defaultWorkers,
                             progress: (@Sendable (Int, Int) -> Void)?) throws(AudioError) -> AudioIndex {
        let version = espeak.versionLine() ?? "espeak-ng"
        var jobs: [Job] = []
        for (s, section) in preview.sections.enumerated() {
            guard let locale = try? ICULocale(section.locale) else { continue }
            for (e, element) in section.elements.enumerated() {
                let heard = element.heard
                guard !heard.isEmpty else { continue }
                let key = ([version, Espeak.voice(for: locale)] + heard.map { "\($0.pauseBefore)\u{1F}\($0.text)" })
                    .joined(separator: "\u{1E}")
                let name = "\(section.locale)-\(section.platform.rawValue)-\(pad(e + 1))-\(slug(element.title))-\(hash(key)).wav"
                jobs.append(Job(section: s, element: e, locale: locale, platform: section.platform, utterances: heard,
                                file: name, estimatedSeconds: element.estimatedSeconds,
                                budgetSeconds: element.budgetSeconds))
            }
        }
        // A folder that is a symbolic link is refused, as `compile --out` refuses one: the WAVs,
        // index.json and the removal of files an old index named would all happen wherever the
        // link points (a committed or planted link would send them outside the folder asked for).
        if Self.isSymbolicLink(directory) {
            throw .io(path: directory, reason: "it is a symbolic link, and audio is never written through one; give --audio a real folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(path: directory, reason: "\(error)")
        }
        let indexPath = join(directory, "index.json")
        let previous = previousFiles(indexPath)

        let plan = jobs
        let results = Mutex<[Int: Double]>([:])
        let failure = Mutex<AudioError?>(nil)
        let created = Mutex<[String]>([])
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let total = jobs.count
        progress?(0, total)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, total))) { _ in
            while failure.withLock({ $0 == nil }) {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < total else { return }
                let job = plan[index]
                let path = join(directory, job.file)
                do throws(AudioError) {
                    let seconds: Double
                    if let existing = FileManager.default.contents(atPath: path), let audio = try? PCMAudio(wav: Array(existing)) {
                        seconds = audio.seconds
                    } else {
                        let audio = try synthesize(job, espeak: espeak)
                        try writeAtomically(audio.wavBytes(), to: path)
                        created.withLock { $0.append(path) }
                        seconds = audio.seconds
                    }
                    results.withLock { $0[index] = seconds }
                    let finished = done.wrappingAdd(1, ordering: .relaxed).newValue
                    progress?(finished, total)
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        if let error = failure.withLock({ $0 }) {
            for path in created.withLock({ $0 }) { unlink(path) }
            throw error
        }
        let measured = results.withLock { $0 }
        let index = AudioIndex(items: jobs.enumerated().map { i, job in
            AudioIndex.Item(text: job.utterances.map(\.text).joined(separator: "\n"), locale: job.locale.languageTag,
                            platform: job.platform, file: job.file, measuredSeconds: measured[i] ?? 0,
                            estimatedSeconds: job.estimatedSeconds, budgetSeconds: job.budgetSeconds, section: job.section,
                            element: job.element)
        })
        do throws(AudioError) {
            try writeAtomically(Array((index.json().prettyPrinted() + "\n").utf8), to: indexPath)
        } catch {
            for path in created.withLock({ $0 }) { unlink(path) }
            throw error
        }
        // Files the old index named and the new one does not are no longer anyone's.
        let kept = Set(index.items.map(\.file))
        for file in previous where !kept.contains(file) { unlink(join(directory, file)) }
        return index
    }

    static func synthesize(_ job: Job, espeak: Espeak) throws(AudioError) -> PCMAudio {
        var parts: [PCMAudio] = []
        for utterance in job.utterances {
            do {
                parts.append(try espeak.synthesize(utterance.text, locale: job.locale).trimmedToSpeech())
            } catch {
                throw .synthesis(text: utterance.text, locale: job.locale.languageTag, reason: error.description)
            }
        }
        let rate = parts.first?.sampleRate ?? 22050
        if parts.contains(where: { $0.sampleRate != rate }) {
            throw .synthesis(text: job.utterances[0].text, locale: job.locale.languageTag, reason: "voices with different sample rates")
        }
        return PCMAudio.joined(parts, pauses: job.utterances.dropFirst().map(\.pauseBefore))
    }

    /// The files an existing index names (only plain names inside the folder).
    /// Whether `path` (trailing slashes ignored, as `lstat` would otherwise resolve them) is a
    /// symbolic link.
    static func isSymbolicLink(_ path: String) -> Bool {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        var info = stat()
        guard lstat(String(trimmed), &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFLNK
    }

    static func previousFiles(_ indexPath: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: indexPath) else { return [] }
        let read = JSONReader.read(Array(data), file: indexPath)
        guard let items = read.root?["items"]?.array else { return [] }
        return items.compactMap { $0["file"]?.string }.filter { isPlainName($0) && $0.hasSuffix(".wav") }
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && !name.contains("\0")
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(AudioError) {
        do { try PreviewFiles.writeAtomically(bytes, to: path) } catch { throw .io(path: error.path, reason: error.reason) }
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func pad(_ n: Int) -> String {
        let text = String(n)
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }

    /// Lower-case ASCII letters and digits joined by "-", at most 40 characters ("dailysudoku-row-1-column-1").
    static func slug(_ title: String) -> String {
        var out = ""
        var dash = false
        for scalar in title.unicodeScalars {
            let lower = scalar.value >= 65 && scalar.value <= 90 ? Unicode.Scalar(scalar.value + 32)! : scalar
            if (lower.value >= 97 && lower.value <= 122) || (lower.value >= 48 && lower.value <= 57) {
                if dash && !out.isEmpty { out += "-" }
                out.unicodeScalars.append(lower)
                dash = false
            } else {
                dash = true
            }
            if out.count >= 40 { break }
        }
        return out.isEmpty ? "element" : out
    }

    /// 32 bits of FNV-1a, as 8 hex digits: enough to tell an element's versions apart.
    static func hash(_ text: String) -> String {
        var hash = FNV1a()
        hash.combine(text)
        return HexDigits.padded(hash.folded32, width: 8, uppercase: false)
    }
}
