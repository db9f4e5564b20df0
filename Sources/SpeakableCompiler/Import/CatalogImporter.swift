import FoundationEssentials
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// Options of `speakable import`.
public struct ImportOptions: Sendable {
    /// The table to import into (default: the file's name, `Localizable.xcstrings` → `Localizable`;
    /// XLIFF: each `<file>`'s id or original name).
    public var table: String?
    /// The locale of Android files whose folder does not say (`values/` is the source locale).
    public var locale: String?
    /// Where translations go, relative to the project root (default: the config's `locales`).
    public var localesDirectory: String?
    /// The limits checked while importing: check's and compile's (tests give smaller ones).
    public var limits = ProjectLimits.standard

    public init() {}
}

/// What an import would write, and what it found.
public struct ImportResult: Sendable {
    /// Paths relative to the project root: templates, locale files, `.speakable/` metadata.
    public var files: [OutputFile]
    /// Problems (errors stop the import) and notes on what Speakable's files do not model.
    public var diagnostics: [Diagnostic]
    /// Messages imported per locale.
    public var counts: [String: Int]
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Brings platform catalogs into a Speakable project: `.xcstrings`, Android `strings.xml`, XLIFF
/// 2.0 (what `speakable compile` writes for translators) and Xcode's XLIFF 1.2 export.
///
/// Source-language text becomes template messages (`Templates/<table>.json`, added next to the
/// messages already there, which are kept as written); other locales become flat ICU JSON
/// (`Locales/<tag>/<table>.json`, merged over what is there). What the catalog holds that these
/// files do not model is kept in `.speakable/<table>.platform.json` (see ``TableMetadata``), so
/// that compiling writes it back.
///
/// ```swift
/// let project = ProjectLoader.load(directory: ".")
/// let result = CatalogImporter.importFiles(["Localizable.xcstrings"], project: project, options: ImportOptions())
/// result.files.map(\.path)
/// // ["Templates/Localizable.json", "Locales/ko/Localizable.json", ".speakable/Localizable.platform.json"]
/// ```
///
/// Diagnostic ids: the readers' (`xcstrings-*`, `android-*`, `xliff-*`, `xml-*`, `json-*`),
/// `import-unreadable`, `import-unknown-format`, `import-invalid-message` (an XLIFF target that
/// is not ICU MessageFormat), `import-missing-other`, `import-source-differs` (warning),
/// `import-not-modeled` (note: kept in the metadata file only), `import-renamed-key` (note),
/// `import-outputs` (note: `speakable.json`'s `"outputs"` filled in from what was imported),
/// `too-many-messages` (an Android file with more strings than a template may hold),
/// `project-too-many-messages` (more strings in one import than a project may hold; a project
/// already past a limit of ``ProjectLimits`` is not imported into).
public enum CatalogImporter {
    public static func importFiles(_ paths: [String], project: Project, options: ImportOptions) -> ImportResult {
        var session = ImportSession(project: project, options: options)
        // A project past a whole-project limit loads without its tables: importing into it would
        // write over the templates it has.
        let overLimit = project.diagnostics.filter { ["project-too-many-messages", "project-too-many-locales", "project-too-large"].contains($0.id) }
        if !overLimit.isEmpty {
            session.diagnostics += overLimit
            return session.result()
        }
        // An Android res/ folder stands for its string files; any other folder is not a catalog.
        var files: [String] = []
        for path in paths {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else {
                files.append(path)
                continue
            }
            guard CatalogPath.kind(of: path) == .androidResourceFolder else {
                session.diagnostics.append(Diagnostic(severity: .error, id: "import-unknown-format",
                                                      message: "a folder without values/ or values-<locale>/ folders is not a catalog",
                                                      file: session.display(path), position: nil,
                                                      hint: "give catalog files (.xcstrings, Android .xml, .xliff) or an Android res/ folder"))
                continue
            }
            let found = CatalogPath.androidStringFiles(in: path)
            if found.files.isEmpty {
                session.diagnostics.append(Diagnostic(severity: .error, id: "import-unknown-format",
                                                      message: "no values/ or values-<locale>/ file in this folder has strings",
                                                      file: session.display(path)))
            }
            for file in found.skipped {
                session.note("strings for another configuration (\(AndroidQualifiers.folderName(of: file) ?? "")) are not imported: "
                             + "a project keeps one text per locale and key, and compile writes values/ and values-<locale>/ only",
                             file: session.display(file))
            }
            files += found.files
        }
        // Source-language files first, so translations take their argument names.
        let ordered = files.enumerated().sorted { a, b in
            (session.isSourceFile(a.element) ? 0 : 1, a.offset) < (session.isSourceFile(b.element) ? 0 : 1, b.offset)
        }.map(\.element)
        for path in ordered { session.importFile(path) }
        return session.result()
    }
}

struct ImportSession {
    let project: Project
    let options: ImportOptions
    var diagnostics: [Diagnostic] = []
    var counts: [String: Int] = [:]
    /// table → key → template fields.
    var newTemplates: [String: [(key: String, fields: [(String, JSONValue)], icu: String, position: SourcePosition, file: String)?]] = [:]
    /// table → tag → [(key, icu)] (nil: replaced by a later entry for the same key).
    var translations: [String: [String: [(String, String)?]]] = [:]
    var metadata: [String: TableMetadata] = [:]
    /// table → source argument names by key, for translations imported in the same run.
    var sourceNames: [String: [String: [Int: String]]] = [:]
    /// The platform formats imported (`xcstrings`, `android`), for the config's `"outputs"`.
    var importedOutputs: Set<String> = []
    /// Lookups that keep an import linear in the number of strings (no search of a table, and
    /// no copy of one, per imported string).
    var indexes: [String: KeyIndex] = [:]
    /// table → positions in `newTemplates[table]` by key; table → tag → positions in
    /// `translations[table][tag]` by key (a re-added key replaces its entry).
    var newTemplatePositions: [String: [String: Int]] = [:]
    var translationPositions: [String: [String: [String: Int]]] = [:]
    /// The limits of the project imported into (``ProjectLimits``), the same as check's and
    /// compile's; the messages imported so far in this run, against ``ProjectLimits/messages``.
    var limits: ProjectLimits { options.limits }
    var importedMessages = 0

    /// Keys of a table by what they stand for on the platforms, in metadata order.
    struct KeyIndex {
        /// Android name with its kind (`string:name`, `plurals:name`) → keys with an Android value.
        var android: [String: [String]] = [:]
        var androidKnown: Set<String> = []
        /// `.xcstrings` / Xcode key → keys recording it as their platform key.
        var platformKeys: [String: [String]] = [:]
        /// Template keys: the project's and the ones this import adds.
        var templateKeys: Set<String> = []
    }

    init(project: Project, options: ImportOptions) {
        self.project = project
        self.options = options
    }

    var sourceLocale: String { project.config.sourceLocale }
    var localesDirectory: String { options.localesDirectory ?? project.config.locales }

    func display(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

    func isSourceFile(_ path: String) -> Bool {
        guard path.hasSuffix(".xml") else { return path.hasSuffix(".xcstrings") }
        if let locale = options.locale { return locale == sourceLocale }
        return AndroidQualifiers.localeTag(forValuesFolder: AndroidQualifiers.folderName(of: path) ?? "") == nil
    }

    mutating func note(_ message: String, file: String, at position: SourcePosition? = nil, id: String = "import-not-modeled") {
        diagnostics.append(Diagnostic(severity: .note, id: id, message: message, file: file, position: position))
    }

    /// The table's metadata, moved out of `metadata` to be changed and put back (`metadata[table]
    /// = meta`) without copying every message's entry on each change.
    mutating func takeMetadata(_ table: String) -> TableMetadata {
        _ = metadataFor(table)
        return metadata.removeValue(forKey: table)!
    }

    /// Builds the table's lookups on first use.
    mutating func index(_ table: String) -> KeyIndex {
        if let existing = indexes[table] { return existing }
        let meta = metadataFor(table)
        var index = KeyIndex()
        for key in meta.order {
            guard let entry = meta[key] else { continue }
            if let platformKey = entry.platformKey { index.platformKeys[platformKey, default: []].append(key) }
            if !entry.android.isEmpty {
                index.android[kindOf(entry) + ":" + (entry.androidName ?? key), default: []].append(key)
                index.androidKnown.insert(key)
            }
        }
        index.templateKeys = Set(project[table: table]?.messages.map(\.key) ?? [])
        index.templateKeys.formUnion(newTemplates[table]?.compactMap { $0?.key } ?? [])
        indexes[table] = index
        return index
    }

    /// Records in the lookups what `entry` (stored under `key`) now stands for.
    mutating func indexEntry(_ table: String, key: String, _ entry: MessageMetadata) {
        _ = index(table)
        if let platformKey = entry.platformKey, !(indexes[table]!.platformKeys[platformKey]?.contains(key) ?? false) {
            indexes[table]!.platformKeys[platformKey, default: []].append(key)
        }
        if !entry.android.isEmpty, !indexes[table]!.androidKnown.contains(key) {
            indexes[table]!.android[kindOf(entry) + ":" + (entry.androidName ?? key), default: []].append(key)
            indexes[table]!.androidKnown.insert(key)
        }
    }

    mutating func metadataFor(_ table: String) -> TableMetadata {
        if let existing = metadata[table] { return existing }
        let path = TableMetadata.path(root: project.root, table: table)
        let (loaded, problems) = TableMetadata.read(path: path, display: display(path))
        diagnostics += problems
        let result = loaded ?? TableMetadata(table: table)
        metadata[table] = result
        return result
    }

    static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && !key.hasPrefix(".") && !key.hasSuffix(".") && key.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-")
        }
    }

    static func isValidTable(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && isValidKey(name)
    }

    /// A Speakable key for a platform key: itself when valid; else words joined by `_`.
    mutating func speakableKey(_ platformKey: String, table: String, kind: String, taken: inout Set<String>) -> String {
        let meta = metadataFor(table)
        if let known = index(table).platformKeys[platformKey]?.first(where: { meta[$0]?.android.isEmpty != false || kind == "any" || meta[$0].map(kindOf) == kind }),
           !taken.contains(known) {
            taken.insert(known)
            return known
        }
        var key = platformKey
        if !Self.isValidKey(key) {
            var words: [String] = []
            var current = ""
            for scalar in platformKey.unicodeScalars {
                if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { words.append(current) }
            key = words.joined(separator: "_")
            if key.isEmpty { key = "message" }
        }
        var unique = key
        var n = 2
        while taken.contains(unique) {
            unique = key + "_\(n)"
            n += 1
        }
        taken.insert(unique)
        if unique != platformKey {
            var meta = takeMetadata(table)
            var entry = meta[unique] ?? MessageMetadata()
            entry.platformKey = platformKey
            meta[unique] = entry
            metadata[table] = meta
            indexEntry(table, key: unique, entry)
        }
        return unique
    }

    /// The Android resource type of a message: its source locale's, else any locale's.
    func kindOf(_ message: MessageMetadata) -> String {
        if case .string(let xml)? = message.android[sourceLocale]?.value.member("xml") { return Self.containsPlurals(xml) ? "plurals" : "string" }
        for value in message.android.values {
            if case .string(let xml)? = value.value.member("xml") { return Self.containsPlurals(xml) ? "plurals" : "string" }
        }
        return "any"
    }

    /// Whether `xml` holds `<plurals` (a byte search: String.contains is slow for this).
    static func containsPlurals(_ xml: String) -> Bool {
        let needle: [UInt8] = Array("<plurals".utf8)
        var xml = xml
        return xml.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var i = 0
            while i <= bytes.count - needle.count {
                if bytes[i] == 0x3C {
                    var k = 1
                    while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                    if k == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    mutating func read(_ path: String) -> [UInt8]? {
        switch InputFile.read(path) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge(let size)):
            diagnostics.append(InputFile.Problem.tooLarge(size).diagnostic(file: display(path)))
            return nil
        case .failure:
            diagnostics.append(Diagnostic(severity: .error, id: "import-unreadable", message: "cannot read this file", file: display(path)))
            return nil
        }
    }

    mutating func importFile(_ path: String) {
        switch CatalogPath.kind(of: path) {
        case .stringCatalog:
            importedOutputs.insert("xcstrings")
            importXCStrings(path)
        case .androidResources:
            importedOutputs.insert("android")
            importAndroid(path)
        case .xliff:
            importXLIFF(path)
        case .androidResourceFolder, nil:
            diagnostics.append(Diagnostic(severity: .error, id: "import-unknown-format",
                                          message: "not a catalog speakable can import (.xcstrings, Android .xml, .xliff)",
                                          file: display(path)))
        }
    }

    mutating func tableName(_ candidate: String, file: String) -> String? {
        let name = options.table ?? candidate
        guard Self.isValidTable(name) else {
            diagnostics.append(Diagnostic(severity: .error, id: "import-unknown-format",
                                          message: "'\(name)' cannot be a table name (letters, digits, '.', '_', '-')", file: file,
                                          position: nil, hint: "give one with --table NAME"))
            return nil
        }
        return name
    }

    mutating func locale(_ tag: String, file: String) -> ICULocale? {
        guard !tag.contains("_"), let locale = try? ICULocale(tag) else {
            diagnostics.append(Diagnostic(severity: .error, id: "invalid-locale", message: "'\(tag)' is not a BCP 47 language tag", file: file))
            return nil
        }
        return locale
    }

    // MARK: Recording

    mutating func addSource(table: String, key: String, icu: String, comment: String?, examples: JSONValue? = nil,
                            role: String = "text", translatable: Bool = true, passed: [(name: String, kind: PassedArgument.Kind)] = [],
                            file: String, position: SourcePosition) {
        var fields: [(String, JSONValue)] = [("role", .string(role)), ("message", .string(icu))]
        if let comment, !comment.isEmpty { fields.append(("comment", .string(comment))) }
        if let examples { fields.append(("examples", examples)) }
        if !passed.isEmpty { fields.append(("arguments", .object(passed.map { ($0.name, .string($0.kind.rawValue)) }))) }
        // translatable="false", shouldTranslate: false, translate="no": one field for all three.
        if !translatable { fields.append(("translatable", .bool(false))) }
        if let earlier = newTemplatePositions[table]?[key] { newTemplates[table]![earlier] = nil }
        newTemplatePositions[table, default: [:]][key] = newTemplates[table, default: []].count
        newTemplates[table, default: []].append((key, fields, icu, position, file))
        if indexes[table] != nil { indexes[table]!.templateKeys.insert(key) }
        counts[sourceLocale, default: 0] += 1
    }

    mutating func addTranslation(table: String, tag: String, key: String, icu: String) {
        if tag == sourceLocale { return }
        if let earlier = translationPositions[table]?[tag]?[key] { translations[table]![tag]![earlier] = nil }
        translationPositions[table, default: [:]][tag, default: [:]][key] = translations[table, default: [:]][tag, default: []].count
        translations[table, default: [:]][tag, default: []].append((key, icu))
        counts[tag, default: 0] += 1
    }

    mutating func convert(_ message: PlatformMessage, dialect: FormatDialect, locale: ICULocale,
                          names: [Int: String], pluralSelector: Int?? = nil) -> ImportedMessage? {
        do {
            let imported = try CatalogImport.icuMessage(from: message, dialect: dialect, locale: locale, names: names,
                                                        pluralSelector: pluralSelector)
            for text in imported.notes { note("'\(message.key)' (\(message.locale)): \(text); kept in the metadata file", file: message.file, at: message.keyPosition) }
            return imported
        } catch {
            diagnostics.append(Diagnostic(severity: .error, id: error.id, message: "'\(message.key)' (\(message.locale)): \(error.message)",
                                          file: message.file, position: message.forms.first?.position ?? message.keyPosition,
                                          hint: error.hint))
            return nil
        }
    }
}

extension JSONValue {
    func member(_ name: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == name }?.1 }
        return nil
    }
}

func joinPath(_ directory: String, _ name: String) -> String {
    if directory == "." || directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
}
