import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

extension ImportSession {
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
        let icu = added?.icu ?? project[table: table]?[key]?.source.text
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
}
