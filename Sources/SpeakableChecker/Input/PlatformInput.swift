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
    struct RawText {
        let lines: [Substring]

        init(_ bytes: [UInt8]) {
            lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }

        /// The raw XML of content that starts at `position` and ends at the next `<`.
        func raw(from position: SourcePosition) -> String {
            guard position.line >= 1, position.line <= lines.count else { return "" }
            var out = ""
            var line = position.line - 1
            var column = position.column - 1
            while line < lines.count {
                let scalars = Array(lines[line].unicodeScalars)
                var i = column
                while i < scalars.count {
                    if scalars[i] == "<" { return out }
                    out.unicodeScalars.append(scalars[i])
                    i += 1
                }
                out += "\n"
                line += 1
                column = 0
            }
            return out
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
