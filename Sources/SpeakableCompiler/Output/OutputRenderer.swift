import Dispatch
import Synchronization
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// Renders the prepared messages of every table into each output format, in memory (``OutputWriter``
/// writes the files).
struct OutputRenderer {
    let context: CompileContext
    var diagnostics: [Diagnostic] = []
    /// What ``reportOnce(_:)`` added, to add each diagnostic once in constant time.
    var reported = Set<Diagnostic>()
    var project: Project { context.project }
    var sourceLocale: String { project.config.sourceLocale }

    let lookup: Lookup
    /// The tables whose imported Android file headers and `<resources>` attributes frame every
    /// Android file, in the project's order: all of the project's, when only some tables are
    /// rendered (an incremental compile's sections must sit in the files a full compile writes).
    /// Nil: the tables rendered.
    var androidFrame: [String]?

    /// ICU locales by tag, built once and read by every output job (translations are found
    /// through the catalog model's own key index).
    final class Lookup: Sendable {
        let locales: [String: ICULocale]

        init(_ project: Project) {
            var locales: [String: ICULocale] = [:]
            for table in project.tables {
                for (tag, file) in table.locales { locales[tag] = file.locale }
            }
            if let source = try? ICULocale(project.config.sourceLocale) { locales[project.config.sourceLocale] = source }
            self.locales = locales
        }
    }

    init(context: CompileContext, lookup: Lookup) {
        self.context = context
        self.lookup = lookup
    }

    func translation(_ table: Table, _ tag: String, _ key: String) -> Translation? {
        table.locales[tag]?[key]
    }

    /// The parsed message of `tag` (the template's for the source locale), without copying
    /// where it was written (see ``text(of:in:tag:)``).
    func pattern(of message: PreparedMessage, in table: Table, tag: String) -> MessagePattern? {
        if tag == sourceLocale { return message.pattern }
        return table.locales[tag].flatMap { Self.pattern(of: message, in: $0) }
    }

    /// The translation's pattern of `message` in a target locale's `file`.
    static func pattern(of message: PreparedMessage, in file: LocaleFile) -> MessagePattern? {
        guard let index = file.index(ofKey: message.template.key) else { return nil }
        return file.translations[index].pattern
    }

    /// ``pattern(of:in:)`` for messages taken in their table's order: `next` is where the last
    /// one's translation was + 1 (0 at first), where this one's usually is.
    static func pattern(of message: PreparedMessage, in file: LocaleFile, next: inout Int) -> MessagePattern? {
        guard let index = file.index(ofKey: message.template.key, hint: next) else { return nil }
        next = index + 1
        return file.translations[index].pattern
    }

    func icuLocale(_ tag: String) -> ICULocale {
        lookup.locales[tag] ?? (try? ICULocale(tag)) ?? .english
    }

    // MARK: Per message and locale

    /// The message of `tag` (the template's for the source locale) and where it is written.
    func text(of message: PreparedMessage, in table: Table, tag: String) -> (pattern: MessagePattern, source: SourceText)? {
        if tag == sourceLocale { return (message.pattern, message.template.source) }
        guard let translation = translation(table, tag, message.template.key), let pattern = translation.pattern else { return nil }
        return (pattern, translation.source)
    }

    /// One variant of a message in one locale, converted for `platform`: `pattern` is the
    /// locale's (``pattern(of:in:tag:)``), `locale` its ICU locale (``icuLocale(_:)``). Nil, and
    /// the problem reported, when the platform cannot hold it.
    mutating func convert(_ variant: PreparedMessage.Variant, _ message: PreparedMessage, pattern: MessagePattern, locale: ICULocale,
                          table: Table, tag: String, platform: CatalogPlatform) -> CatalogConversion? {
        // An imported String Catalog localization written with substitutions keeps them (and
        // their names) however its text is converted.
        let kept = platform == .apple && variant.choices.isEmpty
            ? message.metadata?.xcstrings[tag].flatMap { Self.keptSubstitutions(in: $0.value) } : nil
        // The source text was converted once while preparing (the same conversion).
        if platform == .apple, tag == sourceLocale, kept == nil, let converted = variant.appleSource { return converted }
        // (Select cases were chosen while preparing: the template's, and each translation's.)
        let body = variant.choices.isEmpty ? pattern.body
            : (tag == sourceLocale ? variant.templateBody : variant.translationBody(tag)) ?? SelectExpansion.prune(pattern.body, choosing: variant.choices)
        do {
            return try PlatformConversion.convert(body, platform: platform, locale: locale,
                                             arguments: platform == .apple ? variant.appleArguments : variant.androidArguments,
                                             layout: platform == .apple ? variant.appleLayout : variant.androidLayout,
                                             everyCategory: platform == .android && tag == sourceLocale, keptSubstitutions: kept)
        } catch {
            report(error, variant, message, table: table, tag: tag, platform: platform)
            return nil
        }
    }

    /// The substitutions of an imported String Catalog localization (its own, or its imported
    /// device's), by the argument each takes: `argNum`, else its place in the format. Nil when
    /// it has none.
    static func keptSubstitutions(in localization: JSONValue) -> [Int: KeptSubstitution]? {
        guard case .object(let members) = localization,
              case .object(let substitutions)? = members.first(where: { $0.0 == "substitutions" })?.1, !substitutions.isEmpty else { return nil }
        var format: String?
        if let unit = members.first(where: { $0.0 == "stringUnit" })?.1, case .string(let value)? = unit.objectMember("value") { format = value }
        let parsed = format.map { FormatString.parse($0, dialect: .apple) }
        var result: [Int: KeptSubstitution] = [:]
        for (name, substitution) in substitutions {
            if case .int(let number)? = substitution.objectMember("argNum") {
                result[Int(number)] = KeptSubstitution(name: name, hasArgumentNumber: true)
                continue
            }
            guard let parsed else { continue }
            for spec in parsed.specifiers {
                if case .substitution(name, let argument?) = parsed.role(of: spec) {
                    result[argument] = KeptSubstitution(name: name, hasArgumentNumber: false)
                    break
                }
            }
        }
        return result.isEmpty ? nil : result
    }

    /// Whether every locale of every message of `table` can be written for `platforms`
    /// (``PlatformConversion/validated(_:platform:locale:arguments:layout:)``, what ``convert`` does
    /// first): each problem is added to ``diagnostics`` as ``convert`` adds it.
    mutating func validate(_ table: Table, _ messages: [PreparedMessage], platforms: [CatalogPlatform]) {
        let tags = [sourceLocale] + CatalogCompiler.targetLocales(project, table)
        for message in messages {
            for tag in tags {
                guard let pattern = pattern(of: message, in: table, tag: tag) else { continue }
                let locale = icuLocale(tag)
                for variant in message.variants {
                    let body = variant.choices.isEmpty ? pattern.body : SelectExpansion.prune(pattern.body, choosing: variant.choices)
                    for platform in platforms {
                        do {
                            _ = try PlatformConversion.validated(body, platform: platform, locale: locale,
                                                            arguments: platform == .apple ? variant.appleArguments : variant.androidArguments,
                                                            layout: platform == .apple ? variant.appleLayout : variant.androidLayout)
                        } catch {
                            report(error, variant, message, table: table, tag: tag, platform: platform)
                        }
                    }
                }
            }
        }
    }

    /// A conversion's problem as a diagnostic at its place in the locale's text (once).
    /// Adds `diagnostic` unless it was reported already (several variants give the same problem).
    mutating func reportOnce(_ diagnostic: Diagnostic) {
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    mutating func report(_ error: CatalogConversionError, _ variant: PreparedMessage.Variant, _ message: PreparedMessage, table: Table,
                         tag: String, platform: CatalogPlatform) {
        guard let (_, source) = text(of: message, in: table, tag: tag) else { return }
        let key = variant.choices.isEmpty ? "'\(message.template.key)'" : "'\(message.template.key)' (\(variant.appleKey))"
        // Most problems are the same for both platforms: reported once, without a platform.
        let platformSpecific = ["catalog-exact-match", "catalog-several-plurals"].contains(error.id)
        let diagnostic = Diagnostic(
            severity: .error, id: error.id,
            message: platformSpecific ? "\(key) for \(platform == .apple ? "String Catalogs" : "Android"): \(error.message)" : "\(key): \(error.message)",
            file: source.file, position: error.range.map { source.position(ofUTF16Offset: $0.lowerBound) } ?? source.start,
            endPosition: error.range.map { source.position(ofUTF16Offset: $0.upperBound) },
            hint: error.hint ?? "mark the message \"runtimeOnly\": true to keep it out of platform catalogs")
        reportOnce(diagnostic)
    }

    /// The review state of `tag`'s text while it is the text imported (a String Catalog's
    /// `needs_review`, an XLIFF state); nil when there is none.
    func reviewState(_ message: PreparedMessage, tag: String, source: String) -> ReviewState? {
        guard context.options.useMetadata, let meta = message.metadata else { return nil }
        if let kept = meta.xcstrings[tag], kept.icu == source {
            // The whole localization needs review when one of its units does.
            guard let states = CatalogStates(xcstrings: kept.value) else { return .translated }
            let all = Set([states.main] + states.plural.values + states.substitutions.values.flatMap(\.values))
            for state in [ReviewState.needsReview, .stale, .new] where all.contains(state.xcstrings) { return state }
            return ReviewState(xcstrings: states.main)
        }
        if let kept = meta.xliff[tag], kept.icu == source {
            let state = kept.value.objectMember("state")?.stringValue
            return ReviewState(xliff2: state, subState: kept.value.objectMember("subState")?.stringValue) ?? ReviewState(xliff1: state)
        }
        return nil
    }

    /// The states of `tag`'s String Catalog units while its text is the text imported (from
    /// the catalog itself, or an XLIFF state for the whole localization).
    func reviewStates(_ message: PreparedMessage, tag: String, source: String) -> CatalogStates? {
        guard context.options.useMetadata, let meta = message.metadata else { return nil }
        if let kept = meta.xcstrings[tag], kept.icu == source { return CatalogStates(xcstrings: kept.value) }
        guard let state = reviewState(message, tag: tag, source: source), state != .translated else { return nil }
        return CatalogStates(main: state.xcstrings)
    }

    /// A String Catalog localization with device variations (`variations.device`), its imported
    /// device's content (`other`, else the first device, as import chooses) replaced by `value`;
    /// nil when the localization has no device variations, or `value` needs substitutions
    /// (which a device's content cannot hold).
    static func replacingImportedDevice(in localization: JSONValue, with value: CatalogValue, states: CatalogStates)
        -> (json: JSONValue, deviceChosen: String, others: [String])? {
        guard case .object(let members) = localization,
              let variationsIndex = members.firstIndex(where: { $0.0 == "variations" }),
              case .object(var variations) = members[variationsIndex].1,
              let deviceIndex = variations.firstIndex(where: { $0.0 == "device" }),
              case .object(var devices) = variations[deviceIndex].1, !devices.isEmpty else { return nil }
        if case .substitutions = value { return nil }
        let chosen = devices.firstIndex { $0.0 == "other" } ?? 0
        devices[chosen].1 = XCStringsWriter.json(XCStringsContent(value, states: states))
        variations[deviceIndex].1 = .object(devices)
        var result = members
        result[variationsIndex].1 = .object(variations)
        return (.object(result), devices[chosen].0, devices.enumerated().filter { $0.offset != chosen }.map(\.element.0))
    }

    /// The first `stringUnit.state` in a String Catalog localization.
    static func firstState(in value: JSONValue) -> String? {
        guard case .object(let members) = value else { return nil }
        if let unit = members.first(where: { $0.0 == "stringUnit" })?.1, let state = unit.objectMember("state")?.stringValue { return state }
        for (_, member) in members {
            if let state = firstState(in: member) { return state }
        }
        return nil
    }

    // MARK: .xcstrings

    /// A table's String Catalog as the last compile wrote it, when nothing its entries and their
    /// layout depend on changed but the translations of `changed` (the tags whose files were
    /// edited): every other locale's localizations are written again as they were
    /// (``XCStringsStreamWriter/Localization/written(_:)``), not converted again.
    struct WrittenCatalog: Sendable {
        var bytes: [UInt8]
        /// ``XCStringsStreamWriter/writtenLocalizations(in:)`` of `bytes`.
        var localizations: XCStringsStreamWriter.WrittenLocalizations
        var changed: Set<String>

        /// The catalog at `path` for `messages`; nil when it cannot be read, or lacks an entry
        /// of `messages` (then the catalog is made whole).
        init?(path: String, changed: Set<String>, messages: [PreparedMessage]) {
            guard let mapped = MappedFile(path) else { return nil }
            let bytes = Array(mapped.bytes)
            guard let localizations = XCStringsStreamWriter.writtenLocalizations(in: bytes) else { return nil }
            for message in messages {
                for variant in message.variants {
                    guard localizations.entries[XCStringsStreamWriter.writtenKey(variant.appleKey)] != nil else { return nil }
                    for companion in variant.appleLayout.companions
                    where localizations.entries[XCStringsStreamWriter.writtenKey(variant.appleKey + companion.suffix)] == nil { return nil }
                }
            }
            self.bytes = bytes
            self.localizations = localizations
            self.changed = changed
        }

        /// The value the localization of the entry `key` for the tag at `tag` (in the written
        /// tags) had; nil when it had none.
        func localization(_ key: String, _ tag: Int) -> XCStringsStreamWriter.Localization? {
            localizations.range(key, tag: tag).map { .written(Array(bytes[$0])) }
        }

        /// Where `tag`'s localizations are kept (in the written tags): nil when they are made
        /// again (the tag's translations changed), -1 when the catalog has none of them.
        func kept(_ tag: String) -> Int? {
            if changed.contains(tag) { return nil }
            return localizations.tags.firstIndex(of: XCStringsStreamWriter.writtenKey(tag)) ?? -1
        }
    }

    /// A table's String Catalog. `parts`: its messages are converted in that many runs on all
    /// cores (a compile of one table has no other job to keep the other cores busy); the file is
    /// the same. `written`: the catalog the last compile wrote, whose unchanged locales' localizations
    /// are taken as they are.
    mutating func xcstrings(_ table: Table, _ messages: [PreparedMessage], parts: Int = 1, written: WrittenCatalog? = nil) -> OutputFile {
        let meta = context.metadata[table.name]
        var entries: [XCStringsStreamWriter.Entry] = []
        if parts > 1 && messages.count >= 2 * parts {
            let size = (messages.count + parts - 1) / parts
            let ranges = stride(from: 0, to: messages.count, by: size).map { $0..<min($0 + size, messages.count) }
            let start = self
            // Shared with idle threads: this may run inside another job's concurrentPerform.
            let collected = SharedWork.map(ranges.count) { index in
                var renderer = start
                renderer.diagnostics = []
                renderer.reported = []
                let part = renderer.xcstringsEntries(table, messages[ranges[index]], written: written)
                return (entries: part, diagnostics: renderer.diagnostics)
            }
            for part in collected {
                entries += part.entries
                for diagnostic in part.diagnostics { reportOnce(diagnostic) }
            }
        } else {
            entries = xcstringsEntries(table, messages[...], written: written)
        }
        var version: JSONValue = .string("1.0")
        var extra: [(String, JSONValue)] = []
        if case .object(let fields)? = meta?.xcstrings {
            for (name, value) in fields {
                if name == "version" { version = value } else if name != "sourceLanguage" { extra.append((name, value)) }
            }
        }
        return OutputFile(path: "xcstrings/\(table.name).xcstrings",
                          bytes: XCStringsStreamWriter.bytes(sourceLanguage: sourceLocale, version: version, extra: extra, entries: entries,
                                                             parts: parts))
    }

    /// The String Catalog entries of `messages`, in order.
    mutating func xcstringsEntries(_ table: Table, _ messages: ArraySlice<PreparedMessage>, written: WrittenCatalog? = nil)
        -> [XCStringsStreamWriter.Entry] {
        let locales = [sourceLocale] + CatalogCompiler.targetLocales(project, table)
        let files = locales.map { $0 == sourceLocale ? nil : table.locales[$0] }
        // Per file: where the next message's translation usually is (``pattern(of:in:next:)``).
        var next = Array(repeating: messages.startIndex, count: locales.count)
        let icuLocales = locales.map { icuLocale($0) }
        // The locales whose localizations are written again as they were, by their written tag.
        let kept: [Int?] = locales.map { written?.kept($0) }
        var entries: [XCStringsStreamWriter.Entry] = []
        for message in messages {
            for variant in message.variants {
                var members: [(String, JSONValue)] = []
                members.reserveCapacity(3)
                let recorded = variant.choices.isEmpty ? message.metadata : nil
                if let comment = message.template.comment { members.append(("comment", .string(comment))) }
                var hasExtractionState = false
                for (name, value) in recorded?.xcstringsEntry ?? [] where name != "comment" || message.template.comment == nil {
                    members.append((name, value))
                    if name == "extractionState" { hasExtractionState = true }
                }
                if !hasExtractionState && recorded?.xcstrings.isEmpty != false { members.append(("extractionState", .string("manual"))) }
                if !message.template.translatable, !members.contains(where: { $0.0 == "shouldTranslate" }) {
                    members.append(("shouldTranslate", .bool(false)))
                }
                var localizations: [(String, XCStringsStreamWriter.Localization)] = []
                localizations.reserveCapacity(locales.count)
                // Companion keys (an exact value a plural cannot say), by suffix.
                var companions: [String: [(String, XCStringsStreamWriter.Localization)]] = [:]
                // The entries' keys as the last catalog wrote them.
                let writtenKeys = written == nil ? nil : (
                    main: XCStringsStreamWriter.writtenKey(variant.appleKey),
                    companions: variant.appleLayout.companions.map { XCStringsStreamWriter.writtenKey(variant.appleKey + $0.suffix) })
                for (l, tag) in locales.enumerated() {
                    if let written, let writtenKeys, let writtenTag = kept[l] {
                        if let localization = written.localization(writtenKeys.main, writtenTag) { localizations.append((tag, localization)) }
                        for (companion, key) in zip(variant.appleLayout.companions, writtenKeys.companions) {
                            if let localization = written.localization(key, writtenTag) { companions[companion.suffix, default: []].append((tag, localization)) }
                        }
                        continue
                    }
                    let pattern: MessagePattern
                    if let file = files[l] {
                        guard let translated = Self.pattern(of: message, in: file, next: &next[l]) else { continue }
                        pattern = translated
                    } else {
                        guard tag == sourceLocale else { continue }
                        pattern = message.pattern
                    }
                    var kept = false
                    if let value = recorded?.xcstrings[tag], value.icu == pattern.source {
                        // null: the catalog had no localization here (Xcode takes the key as the
                        // source text), and still needs none.
                        if value.value == .null { continue }
                        if context.options.reuseOriginalValues {
                            localizations.append((tag, .json(value.value)))
                            kept = true
                        }
                    }
                    if kept && variant.appleLayout.companions.isEmpty { continue }
                    guard let conversion = convert(variant, message, pattern: pattern, locale: icuLocales[l], table: table, tag: tag,
                                                   platform: .apple) else { continue }
                    let states = recorded == nil ? nil : reviewStates(message, tag: tag, source: pattern.source)
                    for resource in conversion.resources {
                        if resource.role == .message {
                            if kept { continue }
                            // Device variations ICU has no selector for: the converted text is
                            // the imported device's, the others are kept as they were.
                            if let devices = recorded?.xcstrings[tag]?.value,
                               let merged = Self.replacingImportedDevice(in: devices, with: resource.value, states: states ?? CatalogStates()) {
                                localizations.append((tag, .json(merged.json)))
                                if recorded?.xcstrings[tag]?.icu != pattern.source, let (_, source) = text(of: message, in: table, tag: tag) {
                                    let diagnostic = Diagnostic(
                                        severity: .warning, id: "catalog-device-variations",
                                        message: "'\(message.template.key)' (\(tag)): the text was edited; it is the '\(merged.deviceChosen)' device's, and the variations for \(merged.others.joined(separator: ", ")) are kept as they were",
                                        file: source.file, position: source.start,
                                        hint: "update or remove the other devices' texts in Xcode (Vary by Device), then import the catalog again")
                                    reportOnce(diagnostic)
                                }
                                continue
                            }
                            // Review states survive a conversion while the text is the one imported.
                            if let states {
                                localizations.append((tag, .stated(resource.value, states: states)))
                            } else {
                                localizations.append((tag, .value(resource.value)))
                            }
                        } else {
                            companions[resource.suffix, default: []].append((tag, .value(resource.value)))
                        }
                    }
                }
                entries.append(XCStringsStreamWriter.Entry(key: variant.appleKey, members: members, localizations: localizations))
                for companion in variant.appleLayout.companions {
                    var companionMembers: [(String, JSONValue)] = []
                    let note = "Used instead of \(variant.appleKey) when \(companion.argument) is \(companion.value)."
                    companionMembers.append(("comment", .string(message.template.comment.map { $0 + " " + note } ?? note)))
                    companionMembers.append(("extractionState", .string("manual")))
                    entries.append(XCStringsStreamWriter.Entry(key: variant.appleKey + companion.suffix, members: companionMembers,
                                                               localizations: companions[companion.suffix] ?? []))
                }
            }
        }
        return entries
    }

    // MARK: Android

    /// Every locale with an Android file: the source locale first, then the others sorted.
    static func androidTags(_ project: Project) -> [String] {
        var tags: Set<String> = []
        for table in project.tables { tags.formUnion(CatalogCompiler.targetLocales(project, table)) }
        tags.remove(project.config.sourceLocale)
        return [project.config.sourceLocale] + tags.sorted()
    }

    /// Every locale with an XLIFF file (the targets), sorted.
    static func xliffTags(_ project: Project) -> [String] {
        var tags = Set(project.config.targetLocales)
        for table in project.tables { tags.formUnion(CatalogCompiler.targetLocales(project, table)) }
        tags.remove(project.config.sourceLocale)
        return tags.sorted()
    }

    /// The attributes of `<resources>` an imported file of each table had in `tag`
    /// (`tools:ignore="MissingTranslation"`): on the compiled file's `<resources>` when every
    /// table has the same ones, else `tools:ignore` goes on each resource of the tables that had it.
    func androidRootAttributes(_ tables: [PreparedTable], tag: String)
        -> (root: [(name: String, value: String)], perTable: [String: String]) {
        guard context.options.useMetadata else { return ([], [:]) }
        let names = androidFrame ?? tables.map(\.table.name)
        let all = names.map { context.metadata[$0]?.androidRootAttributes[tag] ?? [] }
        guard let first = all.first, !all.allSatisfy(\.isEmpty) else { return ([], [:]) }
        if all.allSatisfy({ $0.map(\.name) == first.map(\.name) && $0.map(\.value) == first.map(\.value) }) { return (first, [:]) }
        var perTable: [String: String] = [:]
        for (index, name) in names.enumerated() {
            if let ignore = all[index].first(where: { $0.name == "tools:ignore" })?.value { perTable[name] = ignore }
        }
        return ([], perTable)
    }

    mutating func android(_ tables: [PreparedTable], tags: [String]) -> [OutputFile] {
        var files: [OutputFile] = []
        for tag in tags {
            let roots = androidRootAttributes(tables, tag: tag)
            let locale = icuLocale(tag)
            let sections = tables.map { androidSection($0, tag: tag, locale: locale, ignore: roots.perTable[$0.table.name]) }
            files.append(androidFile(tables, tag: tag, sections: sections))
        }
        return files
    }

    /// `tag`'s `strings.xml` of `sections` (``androidSection(_:tag:locale:ignore:)`` of each
    /// of `tables`, in order).
    func androidFile(_ tables: [PreparedTable], tag: String, sections: [AndroidResourceWriter.Resources]) -> OutputFile {
        // Imported files' own headers (a license) come first, each once.
        var headers: [String] = []
        if context.options.useMetadata {
            for name in androidFrame ?? tables.map(\.table.name) {
                if let header = context.metadata[name]?.androidHeaders[tag], !headers.contains(header) { headers.append(header) }
            }
        }
        let folder = tag == sourceLocale ? "values" : AndroidQualifiers.valuesFolder(for: tag)
        return OutputFile(path: "android/res/\(folder)/strings.xml", bytes: AndroidResourceWriter.file(
            sections, header: "Generated by speakable compile from \(project.config.templates)/ and \(project.config.locales)/. Do not edit: edit the templates and translations.",
            preamble: headers.joined(separator: "\n"), rootAttributes: androidRootAttributes(tables, tag: tag).root))
    }

    /// One table's part of `tag`'s `strings.xml`: its marker comment, then its resources (the
    /// marker alone goes when the table has none in this locale). `locale` is `tag`'s
    /// (``icuLocale(_:)``); `ignore` the `tools:ignore` its resources take
    /// (``androidRootAttributes(_:tag:)``).
    mutating func androidSection(_ prepared: PreparedTable, tag: String, locale: ICULocale, ignore: String?) -> AndroidResourceWriter.Resources {
        let table = prepared.table
        var section = AndroidResourceWriter.Resources(capacity: prepared.messages.count * 160)
        section.comment("\(project.config.templates)/\(table.name).json")
        let afterMarker = section.count
        let meta = context.metadata[table.name]
        let localeFile = tag == sourceLocale ? nil : table.locales[tag]
        var next = 0
        for message in prepared.messages {
            let pattern: MessagePattern
            if let localeFile {
                guard let translated = Self.pattern(of: message, in: localeFile, next: &next) else { continue }
                pattern = translated
            } else {
                pattern = message.pattern
            }
            for variant in message.variants {
                let recorded = variant.choices.isEmpty ? message.metadata : nil
                // Written back while its text is unchanged — and only as the resource the
                // compile writes (aapt2 drops a translation of another type than the
                // default's, or of another name).
                if context.options.reuseOriginalValues, let kept = recorded?.android[tag], kept.icu == pattern.source,
                   let xml = kept.value.objectMember("xml")?.stringValue,
                   let resource = AndroidMarkup.resource(of: xml), variant.androidLayout.companions.isEmpty {
                    let kind = variant.androidLayout.pluralArguments.count == 1 ? "plurals" : "string"
                    if resource.name == variant.androidName && resource.kind == kind {
                        section.append(.raw(xml))
                        continue
                    }
                    // A hand edit that renames or retypes the resource: not written (the
                    // message is converted instead), and said.
                    let path = TableMetadata.path(root: project.root, table: table.name)
                    reportOnce(Diagnostic(
                        severity: .warning, id: "metadata-invalid",
                        message: "'\(message.template.key)' (\(tag)): the kept markup is <\(resource.kind) name=\"\(resource.name)\">, not the message's <\(kind) name=\"\(variant.androidName)\">; it is not written (the message's text is)",
                        file: path.hasPrefix("./") ? String(path.dropFirst(2)) : path,
                        hint: "this file is written by `speakable import`; re-import the catalog or delete the file"))
                }
                guard let conversion = convert(variant, message, pattern: pattern, locale: locale, table: table, tag: tag,
                                               platform: .android) else { continue }
                let comment = tag == sourceLocale ? message.template.comment : nil
                var attributes: [(String, String)] = []
                if case .array(let pairs)? = recorded?.android[sourceLocale]?.value.objectMember("attributes") ?? recorded?.android.values.first?.value.objectMember("attributes") {
                    for pair in pairs {
                        if case .array(let p) = pair, p.count == 2, let name = p[0].stringValue, let v = p[1].stringValue,
                           name != "name", name != "msgid", tag == sourceLocale || name != "translatable" {
                            attributes.append((name, v))
                        }
                    }
                }
                if tag == sourceLocale, !message.template.translatable, !attributes.contains(where: { $0.0 == "translatable" }) {
                    attributes.append(("translatable", "false"))
                }
                if let ignore, !attributes.contains(where: { $0.0 == "tools:ignore" }) {
                    attributes.append(("tools:ignore", ignore))
                }
                // Text the app never formats (no arguments) with two `%` or more: aapt2
                // refuses it unless told it is not a format ("100% sure — 50% off").
                if variant.androidArguments.isEmpty, !attributes.contains(where: { $0.0 == "formatted" }),
                   conversion.resources.contains(where: { Self.percentCount(in: $0.value) >= 2 }) {
                    attributes.append(("formatted", "false"))
                }
                for resource in conversion.resources {
                    let name = resource.role == .message ? variant.androidName : variant.androidName + resource.suffix
                    let resourceComment: String? = switch resource.role {
                    case .message: comment
                    case .plural(let argument) where tag == sourceLocale: "The text of {\(argument)} in \(variant.androidName) (getQuantityString)."
                    case .exact(let companion) where tag == sourceLocale:
                        "Used instead of \(variant.androidName)\(variant.androidLayout.isComposed(on: .android) ? "__" + SelectExpansion.sanitize(companion.argument) : "") when \(companion.argument) is \(companion.value)."
                    default: nil
                    }
                    // (Two messages with one resource name: CatalogCompiler.androidNameCollisions.)
                    if resource.role == .message, let kept = recorded?.android[tag],
                       let styled = styled(resource.value, kept: kept, message: message, table: table, tag: tag, edited: kept.icu != pattern.source) {
                        section.append(.styled(name: name, items: styled, comment: resourceComment, attributes: attributes))
                        continue
                    }
                    switch resource.value {
                    case .text(let text):
                        section.string(name: name, value: text, comment: resourceComment, attributes: attributes)
                    case .plural(let forms):
                        section.plurals(name: name, forms: forms, comment: resourceComment, attributes: attributes)
                    case .substitutions:
                        continue
                    }
                }
            }
        }
        for extra in meta?.androidExtras[tag] ?? [] where context.options.useMetadata { section.append(.raw(extra)) }
        if section.count == afterMarker { section.truncate(to: 0) }
        return section
    }

    /// A converted Android value with the markup its imported resource had (`<b>`,
    /// `<annotation>`, `<xliff:g>`), each element around the text it held where the converted
    /// text has it once — its content per item, for ``AndroidResourceWriter/Item/styled(name:items:comment:attributes:)``;
    /// nil when the kept resource has no markup. What cannot be placed (an edit took its text
    /// away) is a warning.
    mutating func styled(_ value: CatalogValue, kept: PlatformValue, message: PreparedMessage, table: Table, tag: String,
                         edited: Bool) -> [(quantity: String?, content: String)]? {
        guard let xml = kept.value.objectMember("xml")?.stringValue, AndroidResourceWriter.mayHoldMarkup(xml),
              let resource = AndroidResourceReader.read(Array(("<resources>" + xml + "</resources>").utf8), file: "kept").file?.resources.first
        else { return nil }
        var items: [(quantity: String?, content: String)] = []
        var lost: [AndroidSpan] = []
        func place(_ text: String, _ original: AndroidString?) -> String {
            guard let original, !original.spans.isEmpty else { return AndroidEscaping.text(text) }
            let moved = AndroidSpan.moved(original.spans, from: original.text, to: text)
            let written = AndroidResourceWriter.styledContent(text, spans: moved.kept)
            lost += moved.lost + written.lost
            return written.content
        }
        switch value {
        case .text(let text):
            guard resource.kind == .string, resource.value?.spans.isEmpty == false else { return nil }
            items = [(nil, place(text, resource.value))]
        case .plural(let forms):
            guard resource.kind == .plurals, resource.items.contains(where: { !$0.value.spans.isEmpty }) else { return nil }
            items = forms.map { form in (form.category, place(form.text, resource.items.first { $0.quantity == form.category }?.value)) }
        case .substitutions:
            return nil
        }
        if !lost.isEmpty, let (_, source) = text(of: message, in: table, tag: tag) {
            let tags = lost.map(\.open).joined(separator: ", ")
            diagnostics.append(Diagnostic(
                severity: .warning, id: "catalog-markup-lost",
                message: "'\(message.template.key)' (\(tag)): \(edited ? "the edited text" : "the text") no longer holds what \(tags) marked up, once; that markup is not written",
                file: source.file, position: source.start,
                hint: "put the markup back in the platform file and import it again, or accept plain text"))
        }
        return items
    }

    /// The most `%` signs in one string of a value.
    static func percentCount(in value: CatalogValue) -> Int {
        func count(_ text: String) -> Int { text.utf8.reduce(0) { $0 + ($1 == 0x25 ? 1 : 0) } }
        switch value {
        case .text(let text): return count(text)
        case .plural(let forms): return forms.map { count($0.text) }.max() ?? 0
        case .substitutions(let format, let substitutions): return max(count(format), substitutions.flatMap(\.forms).map { count($0.text) }.max() ?? 0)
        }
    }
}

extension JSONValue {
    func objectMember(_ name: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == name }?.1 }
        return nil
    }

    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
