import FoundationEssentials
import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// Turns platform catalogs — an `.xcstrings` file, an Android `res/` folder, an XLIFF file — into
/// the checker's input, so teams can check what they ship without converting anything.
///
/// Each string becomes the ICU message it means: printf specifiers become numbered arguments
/// (`%1$s` → `{1}`, `%d` → `{1, number}`), plural variations and `<plurals>` become
/// `{count, plural, one {…} other {…}}`, a `.xcstrings` substitution `%#@name@` becomes a plural
/// on the argument it takes (`{2, plural, …}`, `%arg` as `#`). The printf formats themselves are
/// kept too (``PlatformFormats``), as the platform's formatter reads them, for `format-mismatch`.
/// Every character keeps the file position it came from, so findings point into the
/// `.xcstrings`, `strings.xml` or XLIFF file. Device variations are not checked.
///
/// Android resources are identified by type and name, as aapt2 does: `string/seconds`,
/// `plurals/seconds` and `array/seconds` are three resources, and a translation is matched in
/// every file of its locale's folder, whatever the file is called.
///
/// ```swift
/// let input = try PlatformInput.load(path: "app/src/main/res")
/// input.tables.map(\.name)                  // ["strings"]
/// input.tables[0].messages[0].key           // "string/app_name"
/// input.tables[0].locales.map(\.tag)        // ["ko"]
/// ```
public enum PlatformInput {
    /// Why a path cannot be checked as a platform catalog.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Whether `path` is a platform catalog: a `.xcstrings` or XLIFF file, an Android values
    /// file, or a folder with `values/` or `values-…/` folders (an Android `res/`).
    public static func recognizes(_ path: String) -> Bool { CatalogPath.kind(of: path) != nil }

    static func isXLIFF(_ path: String) -> Bool { CatalogPath.kind(of: path) == .xliff }

    /// A folder holding `values` or `values-<qualifiers>` folders.
    public static func isAndroidResources(_ path: String) -> Bool { CatalogPath.isAndroidResourceFolder(path) }

    static func directoryExists(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    /// Loads `path` (see ``recognizes(_:)``). `sourceLocale` is the language of Android's
    /// default `values/` folder (`.xcstrings` and XLIFF files name theirs).
    /// With `deferringLocales`, the translations of each locale are read when the checker gets
    /// to them (``CheckInput/deferredLocales``): what `speakable check` does, so that a large
    /// input is never in memory whole.
    /// Bounded as a project is (``ProjectLimits``, the same ids as `import` and project
    /// loading): a file with more strings, entries or units than one file may hold
    /// (`too-many-messages`), more messages and translations in all (`project-too-many-messages`),
    /// more locales (`project-too-many-locales`) or more bytes (`project-too-large`) is refused
    /// with that error and checked without tables, before its messages are made.
    public static func load(path: String, sourceLocale: String = "en", settings: CheckSettings = CheckSettings(),
                            deferringLocales: Bool = false, limits: ProjectLimits = .standard) throws(Failure) -> CheckInput {
        let kind = CatalogPath.kind(of: path)
        if kind == .stringCatalog { return try xcstrings(path: path, settings: settings, deferringLocales: deferringLocales, limits: limits) }
        if kind == .xliff { return try xliff(path: path, settings: settings, limits: limits) }
        var directory = path
        if kind == .androidResources {
            // res/values/strings.xml → res
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            directory = parts.count >= 3 ? parts.dropLast(2).joined(separator: "/") : "."
            if directory.isEmpty { directory = "/" }
        }
        return try android(directory: directory, sourceLocale: sourceLocale, settings: settings, deferringLocales: deferringLocales,
                           limits: limits)
    }

    /// The limit of ``ProjectLimits`` a single catalog file (`.xcstrings`, XLIFF) of `size`
    /// bytes, `entries` strings or units (`what`), `translations` translations and `locales`
    /// target locales is past, as its error; nil within them.
    static func limitProblem(_ limits: ProjectLimits, file: String, size: Int, entries: Int, _ what: String, translations: Int,
                             locales: Int) -> Diagnostic? {
        if size > limits.bytes { return limits.tooLarge(size, file: file) }
        if locales > limits.locales { return limits.tooManyLocales(locales, file: file) }
        if entries > limits.messagesPerFile { return limits.tooManyMessagesInFile(entries, what, file: file, at: nil) }
        if entries + translations > limits.messages { return limits.tooManyMessages(entries + translations, file: file) }
        return nil
    }

    static func join(_ a: String, _ b: String) -> String { CatalogPath.join(a, b) }

    static func display(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

    static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        try InputFile.read(path).mapError { failure(path, $0) }.get()
    }

    /// ``readBytes(_:)`` mapped (``InputFile/map(_:limit:)``).
    static func mapBytes(_ path: String) throws(Failure) -> InputFile.Mapped {
        try InputFile.map(path).mapError { failure(path, $0) }.get()
    }

    static func failure(_ path: String, _ problem: InputFile.Problem) -> Failure {
        switch problem {
        case .tooLarge(let size): Failure(description: "\(path) is \(size) bytes; the limit is \(InputFile.maximumSize >> 20) MiB")
        case .unreadable: Failure(description: "cannot read \(path)")
        }
    }

    static func parse(_ text: PositionedText) -> MessagePattern? { try? MessagePattern(text.text) }
}

extension PlatformInput {
    /// An XML file's text, to align decoded element content (entities resolved) with where each
    /// character is written.
    ///
    /// Positions are the XML reader's: lines end at `\n`, `\r\n` or a lone `\r`; columns count
    /// Unicode scalars from 1; a byte order mark is not counted. ``raw(from:)`` finds a position
    /// in constant time (each line's start, and every 64th scalar's byte offset) and then reads
    /// only the content it returns: all of a file's units take time linear in its size, however
    /// long its lines (an XLIFF written on one line).
    struct RawText: Sendable {
        /// The file's text as UTF-8 (invalid bytes decoded as U+FFFD), without a byte order mark.
        let bytes: [UInt8]
        /// Where each line starts, in ``bytes``.
        let lineStarts: [Int]
        /// The number of the scalar each line starts with, counting from the file's first.
        let lineScalars: [Int]
        /// For scalar number `64 × k`, where it starts in ``bytes`` (the last entry: the end).
        let checkpoints: [Int32]

        static let checkpointStride = 64

        init(_ bytes: [UInt8]) {
            var text = Array(String(decoding: bytes, as: UTF8.self).utf8)
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
            var lineStarts = [0]
            var lineScalars = [0]
            var checkpoints: [Int32] = []
            checkpoints.reserveCapacity(text.count / Self.checkpointStride + 2)
            var scalar = 0
            var i = 0
            while i < text.count {
                let b = text[i]
                if b & 0xC0 != 0x80 {
                    if scalar % Self.checkpointStride == 0 { checkpoints.append(Int32(i)) }
                    scalar += 1
                }
                i += 1
                if b == 0x0A || (b == 0x0D && (i == text.count || text[i] != 0x0A)) {
                    lineStarts.append(i)
                    lineScalars.append(scalar)
                }
            }
            checkpoints.append(Int32(text.count))
            self.bytes = text
            self.lineStarts = lineStarts
            self.lineScalars = lineScalars
            self.checkpoints = checkpoints
        }

        /// Where the scalar numbered `scalar` starts in ``bytes``.
        func offset(ofScalar scalar: Int) -> Int {
            let k = scalar / Self.checkpointStride
            guard k < checkpoints.count - 1 else { return bytes.count }
            var i = Int(checkpoints[k])
            var left = scalar - k * Self.checkpointStride
            while left > 0 && i < bytes.count {
                i += 1
                while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
                left -= 1
            }
            return i
        }

        /// The raw XML of content that starts at `position` and ends at the next `<`, with each
        /// line break written as `\n`.
        func raw(from position: SourcePosition) -> String {
            guard position.line >= 1, position.line <= lineStarts.count else { return "" }
            let line = position.line - 1
            // The line's end (its break, or the file's end): a column past it starts there.
            var lineEnd = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
            if line + 1 < lineStarts.count {
                lineEnd -= 1
                if lineEnd > lineStarts[line] && bytes[lineEnd] == 0x0A && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            }
            var i = min(offset(ofScalar: lineScalars[line] + max(0, position.column - 1)), lineEnd)
            if i < lineStarts[line] { i = lineStarts[line] }
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x3C { break }
                if b == 0x0D {
                    out.append(0x0A)
                    i += i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                    continue
                }
                out.append(b)
                i += 1
            }
            if i == bytes.count { out.append(0x0A) }
            return String(decoding: out, as: UTF8.self)
        }

        func positioned(_ text: XLIFFText, file: String) -> PositionedText {
            let map = PlatformInput.alignment(decoded: text.text, raw: raw(from: text.position), start: text.position)
            // PositionedText maps UTF-16 offsets: translate through the scalars.
            let utf16ToScalar = PlatformInput.utf16ToScalarOffsets(text.text)
            return PositionedText(text: text.text, file: file) { map(utf16ToScalar[min(max(0, $0), utf16ToScalar.count - 1)]) }
        }

        /// Positions inside an XLIFF string, aligned with the raw XML.
        func positions(_ form: PlatformForm) -> @Sendable (Int) -> SourcePosition {
            PlatformInput.alignment(decoded: form.value, raw: raw(from: form.position), start: form.position)
        }
    }

    /// For each UTF-16 offset of `text` (and its end), the scalar offset.
    static func utf16ToScalarOffsets(_ text: String) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(text.utf16.count + 1)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            for _ in 0..<UTF16.width(scalar) { result.append(index) }
        }
        result.append(text.unicodeScalars.count)
        return result
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
