import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

extension ImportSession {
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
                if project[table: table]?[key] == nil {
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
}
