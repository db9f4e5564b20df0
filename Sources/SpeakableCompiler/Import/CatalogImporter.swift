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
        var session = Session(project: project, options: options)
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

private struct Session {
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
    /// Lookups that keep an import linear in the number of strings (issue 13: 20,000 Android
    /// strings took 103 s through linear searches and whole-table copies per string).
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
        /// The project's template keys.
        var projectKeys: Set<String> = []
        /// The project's template messages (ICU text) by key.
        var projectSources: [String: String] = [:]
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
        index.projectKeys = Set(project[table: table]?.messages.map(\.key) ?? [])
        for message in project[table: table]?.messages ?? [] where index.projectSources[message.key] == nil {
            index.projectSources[message.key] = message.source.text
        }
        index.templateKeys = index.projectKeys
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

    mutating func convert(_ message: PlatformMessage, dialect: PrintfFormat.Dialect, locale: ICULocale,
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

    // MARK: .xcstrings

    mutating func importXCStrings(_ path: String) {
        guard let bytes = read(path) else { return }
        let file = display(path)
        let result = XCStringsReader.read(bytes, file: file)
        diagnostics += result.diagnostics
        guard let catalog = result.catalog, !result.hasErrors, let table = tableName(Self.baseName(path), file: file) else { return }
        guard admit(catalog.entries.count, "strings", file: file) else { return }
        let source = catalog.sourceLanguage.isEmpty ? sourceLocale : catalog.sourceLanguage
        if source != sourceLocale {
            diagnostics.append(Diagnostic(severity: .error, id: "invalid-locale",
                                          message: "the catalog's source language is \(source), the project's is \(sourceLocale)", file: file,
                                          hint: "set \"sourceLocale\" in speakable.json"))
            return
        }
        var meta = metadataFor(table)
        var top: [(String, JSONValue)] = [("sourceLanguage", .string(catalog.sourceLanguage))]
        if let version = catalog.version { top.append(("version", .string(version))) }
        top += catalog.extra.map { ($0.key, $0.value) }
        meta.xcstrings = .object(top)
        metadata[table] = meta
        var taken = Set(existingKeys(table))
        taken.subtract(meta.order)
        guard let sourceICU = locale(sourceLocale, file: file) else { return }
        let messagesByKey = Dictionary(grouping: catalog.messages, by: \.key)
        for entry in catalog.entries {
            let key = speakableKey(entry.key, table: table, kind: "any", taken: &taken)
            if key != entry.key {
                note("key '\(entry.key)' is '\(key)' in Speakable (the original key is kept for compiling)", file: file,
                     at: entry.keyPosition, id: "import-renamed-key")
            }
            var entryMeta = metadataFor(table)[key] ?? MessageMetadata()
            var fields: [(String, JSONValue)] = []
            if let c = entry.comment { fields.append(("comment", .string(c))) }
            if let s = entry.extractionState { fields.append(("extractionState", .string(s))) }
            if let t = entry.shouldTranslate { fields.append(("shouldTranslate", .bool(t))) }
            fields += entry.extra.map { ($0.key, $0.value) }
            entryMeta.xcstringsEntry = fields
            // Source text: the source localization, else (as Xcode does) the key itself.
            let own = messagesByKey[entry.key] ?? []
            var names: [Int: String] = [:]
            var selector: Int?? = nil
            if let sourceMessage = own.first(where: { $0.locale == sourceLocale }), var imported = convert(sourceMessage, dialect: .apple, locale: sourceICU, names: [:]) {
                // A key with specifiers is the format the app calls (`Text("… \(count)")`): what
                // it passes that the source value does not print is an argument all the same.
                let passed = Self.keyArguments(entry.key, printed: imported)
                for argument in passed {
                    imported.arguments[argument.position] = argument.name
                    if let specifier = argument.specifier { imported.specifiers[argument.position] = specifier }
                }
                names = imported.arguments
                if !sourceMessage.pluralForms.isEmpty { selector = .some(imported.pluralSelector) }
                record(&entryMeta, imported, platform: .apple)
                entryMeta.xcstrings[sourceLocale] = PlatformValue(icu: imported.icu, value: XCStringsWriter.json(entry[sourceLocale]!.content))
                addSource(table: table, key: key, icu: imported.icu, comment: entry.comment, translatable: entry.shouldTranslate ?? true,
                          passed: passed.map { ($0.name, $0.kind) }, file: file, position: entry.keyPosition)
            } else if !own.contains(where: { $0.locale == sourceLocale }) {
                let keyMessage = PlatformMessage(key: entry.key, keyPosition: entry.keyPosition, locale: sourceLocale, file: file,
                                                 forms: [PlatformForm(path: "", value: entry.key, position: entry.keyPosition)])
                if let imported = convert(keyMessage, dialect: .apple, locale: sourceICU, names: [:]) {
                    names = imported.arguments
                    selector = .some(imported.pluralSelector)
                    record(&entryMeta, imported, platform: .apple)
                    entryMeta.xcstrings[sourceLocale] = PlatformValue(icu: imported.icu, value: .null)
                    addSource(table: table, key: key, icu: imported.icu, comment: entry.comment, translatable: entry.shouldTranslate ?? true,
                          file: file, position: entry.keyPosition)
                }
            }
            sourceNames[table, default: [:]][key] = names
            if selector == nil { selector = pluralSelector(table, key: key, names: names) }
            for message in own where message.locale != sourceLocale {
                guard let tagLocale = locale(message.locale, file: file),
                      let imported = convert(message, dialect: .apple, locale: tagLocale, names: names, pluralSelector: selector) else { continue }
                entryMeta.xcstrings[message.locale] = PlatformValue(icu: imported.icu, value: XCStringsWriter.json(entry[message.locale]!.content))
                addTranslation(table: table, tag: message.locale, key: key, icu: imported.icu)
            }
            meta = takeMetadata(table)
            meta[key] = entryMeta
            metadata[table] = meta
            indexEntry(table, key: key, entryMeta)
        }
    }

    /// The arguments a String Catalog key passes (the key is the format the app calls when it
    /// has specifiers) that the source value does not print: `notifications.label.favorite %lld`
    /// with English "starred" passes an integer as argument 1. Named `arg<N>`.
    static func keyArguments(_ key: String, printed imported: ImportedMessage)
        -> [(position: Int, name: String, kind: PassedArgument.Kind, specifier: String?)] {
        let format = FormatString.parse(key, dialect: .apple)
        var result: [(position: Int, name: String, kind: PassedArgument.Kind, specifier: String?)] = []
        let taken = Set(imported.arguments.values)
        for (spec, position) in format.arguments where imported.arguments[position] == nil && !result.contains(where: { $0.position == position }) {
            var name = "arg\(position)"
            while taken.contains(name) { name += "_" }
            let kind: PassedArgument.Kind = switch spec.valueKind {
            case .integer: .integer
            case .floatingPoint: .double
            default: .text
            }
            result.append((position, name, kind, spec.text))
        }
        return result
    }

    /// Keeps the argument order and specifiers an import found.
    func record(_ meta: inout MessageMetadata, _ imported: ImportedMessage, platform: CatalogPlatform) {
        let positions = imported.arguments.keys.sorted()
        guard let last = positions.last else { return }
        var names: [String] = []
        for p in 1...last { names.append(imported.arguments[p] ?? "arg\(p)") }
        var specifiers: [String: String] = [:]
        for (p, spec) in imported.specifiers {
            guard let name = imported.arguments[p], let parsed = FormatString.parse(spec, dialect: platform == .apple ? .apple : .java).specifiers.first else { continue }
            let plain = "%" + parsed.flags + (parsed.width.map(String.init) ?? "") + (parsed.precision.map { "." + String($0) } ?? "") + parsed.length
                + String(parsed.conversion) + (parsed.dateTimeSuffix.map(String.init) ?? "")
            let standard = platform == .apple ? ["%lld", "%@"] : ["%d", "%s"]
            if !standard.contains(plain) { specifiers[name] = plain }
        }
        if platform == .apple {
            meta.appleArguments = names
            meta.appleSpecifiers = specifiers
            var substitutions: [String: String] = [:]
            for (p, substitution) in imported.substitutions {
                if let name = imported.arguments[p], name != substitution { substitutions[name] = substitution }
            }
            meta.appleSubstitutions = substitutions
        } else {
            meta.androidArguments = names
            meta.androidSpecifiers = specifiers
        }
    }

    func existingKeys(_ table: String) -> [String] {
        (project[table: table]?.messages.map(\.key) ?? []) + (newTemplates[table]?.compactMap { $0?.key } ?? [])
    }

    /// Whether a catalog of `count` messages may be imported: the limit of one file and, with
    /// what this run imported before it, the project's (``ProjectLimits``, as check and compile
    /// count them). A refusal is an error; nothing is written.
    mutating func admit(_ count: Int, _ what: String, file: String) -> Bool {
        guard count <= limits.messagesPerFile else {
            diagnostics.append(limits.tooManyMessagesInFile(count, what, file: file, at: nil))
            return false
        }
        importedMessages += count
        guard importedMessages <= limits.messages else {
            diagnostics.append(limits.tooManyMessages(importedMessages, file: file))
            return false
        }
        return true
    }

    // MARK: Android

    mutating func importAndroid(_ path: String) {
        guard let bytes = read(path) else { return }
        let file = display(path)
        let result = AndroidResourceReader.read(bytes, file: file, locale: options.locale, limits: limits)
        diagnostics += result.diagnostics
        guard let resources = result.file, !result.hasErrors, let table = tableName(Self.baseName(path), file: file) else { return }
        importedMessages += resources.resources.count { $0.kind == .string || $0.kind == .plurals }
        guard importedMessages <= limits.messages else {
            diagnostics.append(limits.tooManyMessages(importedMessages, file: file))
            return
        }
        let tag = projectSpelling(options.locale ?? resources.locale ?? sourceLocale)
        guard let tagLocale = locale(tag, file: file) else { return }
        let isSource = tag == sourceLocale
        var taken = Set<String>()
        var nameCounts: [String: Int] = [:]
        for resource in resources.resources where resource.kind == .string || resource.kind == .plurals { nameCounts[resource.name, default: 0] += 1 }
        var extras: [String] = []
        var meta = metadataFor(table)
        let messages = resources.messages(defaultLocale: tag)
        var messageIndex = 0
        for resource in resources.resources {
            let raw = (resource.rawComments.isEmpty ? "" : "    " + resource.rawComments + "\n") + "    " + resource.rawXML
            guard resource.kind == .string || resource.kind == .plurals else {
                // <skip /> and <eat-comment /> (with the comment before them) are kept as written too.
                extras.append(raw)
                if resource.kind != .other("skip") && resource.kind != .other("eat-comment") {
                    note("\(resource.kind == .stringArray ? "string array" : "resource") '\(resource.name)' is not a message; it is kept in the metadata file",
                         file: file, at: resource.position)
                }
                continue
            }
            let message = messages[messageIndex]
            messageIndex += 1
            let shared = (nameCounts[resource.name] ?? 0) > 1 && resource.kind == .plurals
            let platformName = resource.name
            let kind = resource.kind == .plurals ? "plurals" : "string"
            var key: String
            let otherKind = kind == "plurals" ? "string" : "plurals"
            if !isSource, index(table).android[kind + ":" + platformName] == nil,
               let sourceKey = index(table).android[otherKind + ":" + platformName]?.first(where: { !taken.contains($0) }) {
                // A translation of another resource type than the default's: aapt2 drops it
                // ("removing resource … without required default value"), so this locale shows
                // the default text. A <string> for a <plurals> says the same for every count:
                // imported as the plural's translation (compiled as <plurals>). A <plurals> for
                // a <string> cannot be a <string>: not imported.
                let folder = AndroidQualifiers.folderName(of: path) ?? "values-\(tag)"
                if kind == "plurals" {
                    diagnostics.append(Diagnostic(
                        severity: .warning, id: "import-resource-type",
                        message: "\(folder) has <plurals name=\"\(platformName)\"> where values/ has <string>: aapt2 drops such a translation, so \(tag) shows the default text; it is not imported",
                        file: file, position: resource.position,
                        hint: "translate the <string> as a <string>, or make the default a <plurals> too"))
                    continue
                }
                note("\(folder) has <string name=\"\(platformName)\"> where values/ has <plurals>: aapt2 drops such a translation, so \(tag) showed the default text; it is imported as the plural's translation and compiled as <plurals>",
                     file: file, at: resource.position, id: "import-resource-type")
                key = sourceKey
                taken.insert(sourceKey)
            } else if let existing = index(table).android[kind + ":" + platformName]?.first(where: { !taken.contains($0) }) {
                key = existing
                taken.insert(existing)
            } else if shared {
                key = speakableKey(platformName + ".plurals", table: table, kind: "plurals", taken: &taken)
                var entry = metadataFor(table)[key] ?? MessageMetadata()
                entry.androidName = platformName
                meta = takeMetadata(table)
                meta[key] = entry
                metadata[table] = meta
                indexEntry(table, key: key, entry)
            } else {
                key = speakableKey(platformName, table: table, kind: kind, taken: &taken)
            }
            if resource.value?.hasMarkup == true || resource.items.contains(where: { $0.value.hasMarkup }) {
                note("'\(resource.name)' has style markup; the ICU message has its text only (the markup is kept in the metadata file while the text is unchanged)",
                     file: file, at: resource.position)
            }
            var entryMeta = metadataFor(table)[key] ?? MessageMetadata()
            let names: [Int: String] = isSource ? message.argumentNames : (sourceNames[table]?[key] ?? namesFromMetadata(entryMeta))
            // A translation's plural selects on the source's argument (Android passes the
            // quantity apart from the arguments; a translation may print another one first).
            let selector: Int?? = isSource ? nil : pluralSelector(table, key: key, names: names)
            guard let imported = convert(message, dialect: .java, locale: tagLocale, names: names, pluralSelector: selector) else { continue }
            if isSource {
                record(&entryMeta, imported, platform: .android)
                sourceNames[table, default: [:]][key] = imported.arguments
                // A `<string>` named as an accessibility hint (`…_acc_hint`) is a TalkBack click
                // label, as `speakable check` reads a res/ folder: an action fragment.
                let role = resource.kind == .string && AndroidClickLabels().matches(resource.name) ? "action" : "text"
                addSource(table: table, key: key, icu: imported.icu, comment: resource.comment, examples: examples(resource, imported),
                          role: role, translatable: resource.isTranslatable, file: file, position: resource.namePosition)
            } else {
                addTranslation(table: table, tag: tag, key: key, icu: imported.icu)
            }
            let attributes: JSONValue = .array(resource.attributes.map { .array([.string($0.name), .string($0.value)]) })
            entryMeta.android[tag] = PlatformValue(icu: imported.icu, value: .object([("xml", .string(raw)), ("attributes", attributes)]))
            meta = takeMetadata(table)
            meta[key] = entryMeta
            metadata[table] = meta
            indexEntry(table, key: key, entryMeta)
        }
        meta = takeMetadata(table)
        meta.androidExtras[tag] = extras.isEmpty ? nil : extras
        // The comments before <resources> (a license header), without the XML declaration.
        let header = Self.headerComments(resources.header)
        meta.androidHeaders[tag] = header.isEmpty ? nil : header
        // <resources tools:ignore="MissingTranslation">: Lint's settings for the whole file.
        let rootAttributes = resources.rootAttributes.filter { $0.name != "xmlns" && !$0.name.hasPrefix("xmlns:") && AndroidResourceWriter.isAttributeName($0.name) }
        meta.androidRootAttributes[tag] = rootAttributes.isEmpty ? nil : rootAttributes.map { ($0.name, $0.value) }
        metadata[table] = meta
    }

    /// The comments of the text before `<resources>`, as written, one per line group.
    static func headerComments(_ header: String) -> String {
        var text = Substring(header)
        if text.hasPrefix("<?xml"), let end = text.firstRange(of: "?>") { text = text[end.upperBound...] }
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        var result = String(trimmed)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result.hasPrefix("<!--") && result.hasSuffix("-->") ? result : ""
    }

    /// The project's own tag for a locale Android names one way and BCP 47 another (`iw` and
    /// `he` are both `values-iw`): the one in `targetLocales` or under `Locales/`, else `tag`.
    func projectSpelling(_ tag: String) -> String {
        let folder = AndroidQualifiers.valuesFolder(for: tag)
        let known = project.config.targetLocales + project.localeTags + [sourceLocale]
        return known.first { $0 != tag && AndroidQualifiers.valuesFolder(for: $0) == folder } ?? tag
    }

    /// The printf position the source's whole-message plural selects on, read from the
    /// template (this import's, else the project's): `.some(nil)` when the plural's number is
    /// no printed argument (Android's quantity alone), nil when the message is no plural.
    mutating func pluralSelector(_ table: String, key: String, names: [Int: String]) -> Int?? {
        let added = newTemplatePositions[table]?[key].flatMap { newTemplates[table]?[$0] }
        let icu = added?.icu ?? index(table).projectSources[key]
        guard let icu, let pattern = try? MessagePattern(icu), pattern.body.parts.count == 1,
              case .argument(let node)? = pattern.body.parts.first, case .plural(let plural) = node.kind, !plural.isOrdinal else { return nil }
        return .some(names.first { $0.value == node.name }?.key)
    }

    func namesFromMetadata(_ meta: MessageMetadata) -> [Int: String] {
        var names: [Int: String] = [:]
        for (index, name) in (meta.androidArguments ?? meta.appleArguments ?? []).enumerated() { names[index + 1] = name }
        return names
    }

    /// `<xliff:g example="7">` values as a template example, when every argument has one.
    func examples(_ resource: AndroidResource, _ imported: ImportedMessage) -> JSONValue? {
        let strings = resource.value.map { [$0] } ?? resource.items.map(\.value)
        guard strings.contains(where: { $0.placeholders.contains { $0.example != nil } }) else { return nil }
        var values: [(String, JSONValue)] = []
        for string in strings {
            for (spec, position) in FormatString.parse(string.text, dialect: .java).arguments {
                guard let name = imported.arguments[position], !values.contains(where: { $0.0 == name }),
                      let placeholder = string.placeholders.first(where: { $0.range.lowerBound <= spec.range.lowerBound && spec.range.upperBound <= $0.range.upperBound }),
                      let example = placeholder.example else { continue }
                if spec.valueKind == .integer, let n = Int64(example) { values.append((name, .int(n))) } else { values.append((name, .string(example))) }
            }
        }
        guard !values.isEmpty, Set(values.map(\.0)) == Set(imported.arguments.values) else { return nil }
        if imported.icu.contains(", plural,"), let pattern = try? MessagePattern(imported.icu),
           pattern.argumentNames.contains(where: { name in !values.contains { $0.0 == name } }) { return nil }
        return .array([.object(values)])
    }

    // MARK: XLIFF

    mutating func importXLIFF(_ path: String) {
        guard let bytes = read(path) else { return }
        let file = display(path)
        let result = XLIFFReader.read(bytes, file: file)
        diagnostics += result.diagnostics
        guard let document = result.document, !result.hasErrors else { return }
        guard admit(document.files.reduce(0) { $0 + $1.units.count }, "units", file: file) else { return }
        if document.version.hasPrefix("1") {
            importedOutputs.insert("xcstrings")
            importXcodeXLIFF(document, file: file)
            return
        }
        guard let tag = document.targetLanguage, let targetLocale = locale(tag, file: file) else {
            diagnostics.append(Diagnostic(severity: .error, id: "invalid-locale", message: "the XLIFF has no trgLang", file: file))
            return
        }
        _ = targetLocale
        let ours: Set<String> = ["comment", "role", "max-seconds", "max-graphemes", "example", "runtime-only"]
        for xliffFile in document.files {
            guard let table = tableName(xliffFile.id, file: file) else { continue }
            for unit in xliffFile.units {
                guard Self.isValidKey(unit.id) else {
                    diagnostics.append(Diagnostic(severity: .error, id: "invalid-key", message: "unit id '\(unit.id)' is not a message key",
                                                  file: file, position: unit.position))
                    continue
                }
                if let source = unit.source, !index(table).templateKeys.contains(unit.id) {
                    if validate(source, file: file) {
                        let comment = unit.notes.first { $0.category == "comment" }?.text
                        addSource(table: table, key: unit.id, icu: source.text, comment: comment, translatable: unit.translate,
                                  file: file, position: unit.position)
                    }
                }
                guard let target = unit.target, unit.state != "initial" || !target.text.isEmpty else { continue }
                guard validate(target, file: file) else { continue }
                addTranslation(table: table, tag: tag, key: unit.id, icu: target.text)
                let kept = unit.notes.filter { !ours.contains($0.category ?? "") }
                var value: [(String, JSONValue)] = []
                if let state = unit.state { value.append(("state", .string(state))) }
                if let subState = unit.subState { value.append(("subState", .string(subState))) }
                if !kept.isEmpty {
                    value.append(("notes", .array(kept.map { note in
                        var fields: [(String, JSONValue)] = [("text", .string(note.text))]
                        if let c = note.category { fields.append(("category", .string(c))) }
                        if let a = note.appliesTo { fields.append(("appliesTo", .string(a))) }
                        return .object(fields)
                    })))
                }
                if !value.isEmpty {
                    var meta = takeMetadata(table)
                    var entry = meta[unit.id] ?? MessageMetadata()
                    entry.xliff[tag] = PlatformValue(icu: target.text, value: .object(value))
                    meta[unit.id] = entry
                    metadata[table] = meta
                }
            }
        }
    }

    mutating func validate(_ text: XLIFFText, file: String) -> Bool {
        do {
            _ = try MessagePattern(text.text)
            return true
        } catch {
            diagnostics.append(Diagnostic(severity: .error, id: "import-invalid-message",
                                          message: "this is not ICU MessageFormat: \(error.first.message)", file: file,
                                          position: text.position, hint: error.first.hint))
            return false
        }
    }

    mutating func importXcodeXLIFF(_ document: XLIFFDocument, file: String) {
        let sources = document.xcodeMessages(useTarget: false, file: file)
        let targets = document.xcodeMessages(useTarget: true, file: file)
        guard let sourceICU = locale(sourceLocale, file: file) else { return }
        for ((xliffFile, sourceMessages), (_, targetMessages)) in zip(sources, targets) {
            guard let table = tableName(Self.baseName(xliffFile.original ?? xliffFile.id), file: file) else { continue }
            let tag = xliffFile.targetLanguage ?? document.targetLanguage
            var taken = Set(existingKeys(table))
            taken.subtract(metadataFor(table).order)
            let targetsByKey = Dictionary(targetMessages.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for message in sourceMessages {
                let key = speakableKey(message.key, table: table, kind: "any", taken: &taken)
                guard let imported = convert(message, dialect: .apple, locale: sourceICU, names: [:]) else { continue }
                sourceNames[table, default: [:]][key] = imported.arguments
                if !index(table).projectKeys.contains(key) {
                    addSource(table: table, key: key, icu: imported.icu, comment: message.comment, translatable: message.isTranslatable,
                              file: file, position: message.keyPosition)
                }
                var meta = takeMetadata(table)
                var entry = meta[key] ?? MessageMetadata()
                record(&entry, imported, platform: .apple)
                // Device variations: ICU has no device selector, so the String Catalog
                // localization is kept as Xcode would write it, for compiling back.
                if let localization = Self.xcstringsLocalization(message.forms) {
                    entry.xcstrings[sourceLocale] = PlatformValue(icu: imported.icu, value: localization)
                }
                meta[key] = entry
                metadata[table] = meta
                guard let tag, let target = targetsByKey[message.key],
                      let tagLocale = locale(tag, file: file),
                      let translated = convert(target, dialect: .apple, locale: tagLocale, names: imported.arguments,
                                               pluralSelector: message.pluralForms.isEmpty ? nil : .some(imported.pluralSelector)) else { continue }
                addTranslation(table: table, tag: tag, key: key, icu: translated.icu)
                meta = takeMetadata(table)
                entry = meta[key] ?? MessageMetadata()
                if let state = target.forms.first?.state {
                    entry.xliff[tag] = PlatformValue(icu: translated.icu, value: .object([("state", .string(state))]))
                }
                if let localization = Self.xcstringsLocalization(target.forms) {
                    entry.xcstrings[tag] = PlatformValue(icu: translated.icu, value: localization)
                }
                meta[key] = entry
                metadata[table] = meta
            }
        }
    }

    /// The String Catalog localization of Xcode XLIFF 1.2 units with device variations
    /// (`device.iphone`, `device.ipad.plural.one`), states in String Catalog words; nil when
    /// there are none (ICU carries the rest) or when a form is one this does not build.
    static func xcstringsLocalization(_ forms: [PlatformForm]) -> JSONValue? {
        guard forms.contains(where: { $0.path.hasPrefix("device.") }) else { return nil }
        func unit(_ form: PlatformForm) -> JSONValue {
            let state = ReviewState(xliff1: form.state)?.xcstrings ?? "translated"
            return .object([("stringUnit", .object([("state", .string(state)), ("value", .string(form.value))]))])
        }
        var devices: [(String, [(String, JSONValue)])] = []
        for form in forms {
            let parts = form.path.split(separator: ".").map(String.init)
            guard parts.count >= 2, parts[0] == "device" else { return nil }
            var index = devices.firstIndex { $0.0 == parts[1] } ?? -1
            if index < 0 {
                devices.append((parts[1], []))
                index = devices.count - 1
            }
            switch parts.count {
            case 2: devices[index].1.append(("", unit(form)))
            case 4 where parts[2] == "plural": devices[index].1.append((parts[3], unit(form)))
            default: return nil
            }
        }
        let content: [(String, JSONValue)] = devices.map { device, cases in
            if cases.count == 1, cases[0].0.isEmpty { return (device, cases[0].1) }
            return (device, .object([("variations", .object([("plural", .object(cases.filter { !$0.0.isEmpty }))]))]))
        }
        return .object([("variations", .object([("device", .object(content))]))])
    }

    // MARK: Writing

    mutating func result() -> ImportResult {
        var files: [OutputFile] = []
        let tables = Set(newTemplates.keys).union(translations.keys).union(metadata.keys).sorted()
        for table in tables {
            if let added = newTemplates[table]?.compactMap({ $0 }), !added.isEmpty, let text = templateFile(table, added) {
                files.append(OutputFile(path: project.config.templates + "/\(table).json", contents: text))
            }
            for (tag, entries) in (translations[table] ?? [:]).sorted(by: { $0.key < $1.key }) {
                files.append(OutputFile(path: localesDirectory + "/\(tag)/\(table).json", contents: localeFile(table, tag, entries.compactMap { $0 })))
            }
            if let meta = metadata[table], !meta.order.isEmpty || meta.xcstrings != nil || !meta.androidExtras.isEmpty || !meta.androidHeaders.isEmpty
                || !meta.androidRootAttributes.isEmpty {
                files.append(OutputFile(path: TableMetadata.relativePath(table: table), contents: meta.text))
            }
        }
        if let config = configWithOutputs() { files.append(config) }
        if diagnostics.contains(where: { $0.severity == .error }) { files = [] }
        return ImportResult(files: files, diagnostics: diagnostics, counts: counts)
    }

    /// `speakable.json` with `"outputs"` filled in: a new project (no templates before) compiles
    /// what it imported — an Xcode catalog is not compiled for Android nobody asked for; a
    /// project that lists its outputs gets the imported formats added; one that does not (all
    /// outputs) is left alone.
    mutating func configWithOutputs() -> OutputFile? {
        let order = ["xcstrings", "android", "xliff", "swift"]
        guard !importedOutputs.isEmpty else { return nil }
        var outputs: [String]
        if let existing = project.config.outputs {
            outputs = existing
            for name in order where importedOutputs.contains(name) && !outputs.contains(name) { outputs.append(name) }
            guard outputs != existing else { return nil }
        } else if project.tables.isEmpty {
            outputs = order.filter { importedOutputs.contains($0) }
        } else {
            return nil
        }
        let name = project.config.file.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "speakable.json"
        var members: [(String, JSONValue)] = []
        if let file = project.config.file, let data = FileManager.default.contents(atPath: joinPath(project.root, name)) ?? FileManager.default.contents(atPath: file),
           let root = JSONReader.read(Array(data)).root, case .object(let existing) = root.value {
            members = existing
        }
        let value = JSONValue.array(outputs.map(JSONValue.string))
        if let index = members.firstIndex(where: { $0.0 == "outputs" }) { members[index].1 = value } else { members.append(("outputs", value)) }
        note("\(name): \"outputs\" is \(outputs.joined(separator: ", ")) — what `speakable compile` writes when --only does not say",
             file: name, id: "import-outputs")
        return OutputFile(path: name, contents: JSONValue.object(members).prettyPrinted() + "\n")
    }

    /// The template file with new messages added after the existing ones (kept as written).
    mutating func templateFile(_ table: String, _ added: [(key: String, fields: [(String, JSONValue)], icu: String, position: SourcePosition, file: String)]) -> String? {
        let path = joinPath(project.root, project.config.templates + "/\(table).json")
        var top: [(String, JSONValue)] = []
        var messages: [(String, JSONValue)] = []
        if let data = FileManager.default.contents(atPath: path), let root = JSONReader.read(Array(data)).root, case .object(let members) = root.value {
            for (name, value) in members {
                if name == "messages", case .object(let existing) = value { messages = existing } else { top.append((name, value)) }
            }
        }
        var changed = false
        var existingIndex: [String: Int] = [:]
        for (i, message) in messages.enumerated() where existingIndex[message.0] == nil { existingIndex[message.0] = i }
        for item in added {
            if let i = existingIndex[item.key] {
                let existing = messages[i]
                if case .string(let text)? = existing.1.member("message"), text != item.icu {
                    diagnostics.append(Diagnostic(severity: .warning, id: "import-source-differs",
                                                  message: "'\(item.key)': the template's message differs from the imported source text; the template is kept",
                                                  file: item.file, position: item.position))
                }
                continue
            }
            existingIndex[item.key] = messages.count
            messages.append((item.key, .object(item.fields)))
            changed = true
        }
        guard changed else { return nil }
        return JSONValue.object(top.filter { $0.0 == "$schema" } + [("messages", .object(messages))] + top.filter { $0.0 != "$schema" })
            .prettyPrinted() + "\n"
    }

    func localeFile(_ table: String, _ tag: String, _ entries: [(String, String)]) -> String {
        let path = joinPath(project.root, localesDirectory + "/\(tag)/\(table).json")
        var members: [(String, JSONValue)] = []
        if let data = FileManager.default.contents(atPath: path), let root = JSONReader.read(Array(data)).root, case .object(let existing) = root.value {
            members = existing
        }
        var positions: [String: Int] = [:]
        for (i, member) in members.enumerated() where positions[member.0] == nil { positions[member.0] = i }
        for (key, icu) in entries {
            if let i = positions[key] {
                members[i].1 = .string(icu)
            } else {
                positions[key] = members.count
                members.append((key, .string(icu)))
            }
        }
        return JSONValue.object(members).prettyPrinted() + "\n"
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
