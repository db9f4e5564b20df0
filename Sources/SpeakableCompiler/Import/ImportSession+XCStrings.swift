import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

extension ImportSession {
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
}
