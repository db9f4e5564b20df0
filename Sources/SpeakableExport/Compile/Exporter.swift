import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// Writes the prepared messages of every table into each output format.
struct Exporter {
    let context: Context
    var diagnostics: [Diagnostic] = []
    var project: Project { context.project }
    var sourceLocale: String { project.config.sourceLocale }

    init(context: Context) { self.context = context }

    // MARK: Per message and locale

    /// The message of `tag` (the template's for the source locale) and where it is written.
    func text(of message: PreparedMessage, in table: Table, tag: String) -> (pattern: MessagePattern, source: SourceText)? {
        if tag == sourceLocale { return (message.pattern, message.template.source) }
        guard let translation = table.locales[tag]?[message.template.key], let pattern = translation.pattern else { return nil }
        return (pattern, translation.source)
    }

    mutating func convert(_ variant: PreparedMessage.Variant, _ message: PreparedMessage, table: Table, tag: String,
                          platform: CatalogPlatform) -> CatalogValue? {
        guard let (pattern, source) = text(of: message, in: table, tag: tag) else { return nil }
        let body = SelectExpansion.prune(pattern.body, choosing: variant.choices)
        let locale: ICULocale
        if tag == sourceLocale {
            locale = (try? ICULocale(tag)) ?? .english
        } else {
            locale = table.locales[tag]?.locale ?? ((try? ICULocale(tag)) ?? .english)
        }
        do {
            return try CatalogExport.value(of: body, platform: platform, locale: locale,
                                           arguments: platform == .apple ? variant.appleArguments : variant.androidArguments)
        } catch {
            let key = variant.choices.isEmpty ? "'\(message.template.key)'" : "'\(message.template.key)' (\(variant.appleKey))"
            // Most problems are the same for both platforms: reported once, without a platform.
            let platformSpecific = ["catalog-exact-match", "catalog-several-plurals"].contains(error.id)
            let diagnostic = Diagnostic(
                severity: .error, id: error.id,
                message: platformSpecific ? "\(key) for \(platform == .apple ? "String Catalogs" : "Android"): \(error.message)" : "\(key): \(error.message)",
                file: source.file, position: error.range.map { source.position(ofUTF16Offset: $0.lowerBound) } ?? source.start,
                endPosition: error.range.map { source.position(ofUTF16Offset: $0.upperBound) },
                hint: error.hint ?? "mark the message \"runtimeOnly\": true to keep it out of platform catalogs")
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
            return nil
        }
    }

    // MARK: .xcstrings

    mutating func xcstrings(_ table: Table, _ messages: [PreparedMessage]) -> OutputFile {
        let meta = context.metadata[table.name]
        let locales = [sourceLocale] + CatalogCompiler.targetLocales(project, table)
        var entries: [(String, JSONValue)] = []
        for message in messages {
            for variant in message.variants {
                var members: [(String, JSONValue)] = []
                let recorded = variant.choices.isEmpty ? message.metadata : nil
                if let comment = message.template.comment { members.append(("comment", .string(comment))) }
                var hasExtractionState = false
                for (name, value) in recorded?.xcstringsEntry ?? [] where name != "comment" || message.template.comment == nil {
                    members.append((name, value))
                    if name == "extractionState" { hasExtractionState = true }
                }
                if !hasExtractionState && recorded?.xcstrings.isEmpty != false { members.append(("extractionState", .string("manual"))) }
                var localizations: [(String, JSONValue)] = []
                for tag in locales {
                    guard let (pattern, _) = text(of: message, in: table, tag: tag) else { continue }
                    if let kept = recorded?.xcstrings[tag], kept.icu == pattern.source {
                        // null: the catalog had no localization here (Xcode takes the key as the
                        // source text), and still needs none.
                        if kept.value == .null { continue }
                        if context.options.reuseOriginalValues {
                            localizations.append((tag, kept.value))
                            continue
                        }
                    }
                    guard let value = convert(variant, message, table: table, tag: tag, platform: .apple) else { continue }
                    localizations.append((tag, XCStringsWriter.json(Self.content(value))))
                }
                if !localizations.isEmpty { members.append(("localizations", .object(localizations))) }
                entries.append((variant.appleKey, .object(members)))
            }
        }
        var top: [(String, JSONValue)] = [("sourceLanguage", .string(sourceLocale)), ("strings", .object(entries))]
        var version: JSONValue = .string("1.0")
        if case .object(let fields)? = meta?.xcstrings {
            for (name, value) in fields {
                if name == "version" { version = value } else if name != "sourceLanguage" { top.append((name, value)) }
            }
        }
        top.append(("version", version))
        return OutputFile(path: "xcstrings/\(table.name).xcstrings", contents: XcodeJSON.text(.object(top)))
    }

    static func content(_ value: CatalogValue) -> XCStringsContent {
        func unit(_ text: String) -> XCStringsContent { XCStringsContent(stringUnit: XCStringsStringUnit(state: "translated", value: text)) }
        func plural(_ forms: [CatalogPluralForm]) -> XCStringsVariation {
            XCStringsVariation(kind: "plural", cases: forms.map { XCStringsVariationCase(name: $0.category, content: unit($0.text)) })
        }
        switch value {
        case .text(let text):
            return unit(text)
        case .plural(let forms):
            return XCStringsContent(variations: [plural(forms)])
        case .substitutions(let format, let substitutions):
            return XCStringsContent(
                stringUnit: XCStringsStringUnit(state: "translated", value: format),
                substitutions: substitutions.map {
                    XCStringsSubstitution(name: $0.name, argNum: $0.argumentNumber, formatSpecifier: $0.formatSpecifier,
                                          variations: [plural($0.forms)])
                })
        }
    }

    // MARK: Android

    mutating func android(_ tables: [(Table, [PreparedMessage])]) -> [OutputFile] {
        var tags: [String] = [sourceLocale]
        for (table, _) in tables { for tag in CatalogCompiler.targetLocales(project, table) where !tags.contains(tag) { tags.append(tag) } }
        tags = [sourceLocale] + tags.dropFirst().sorted()
        var files: [OutputFile] = []
        var names: [String: String] = [:]
        for tag in tags {
            var items: [AndroidResourceWriter.Item] = []
            for (table, messages) in tables {
                var section: [AndroidResourceWriter.Item] = []
                let meta = context.metadata[table.name]
                for message in messages {
                    for variant in message.variants {
                        guard let (pattern, _) = text(of: message, in: table, tag: tag) else { continue }
                        let recorded = variant.choices.isEmpty ? message.metadata : nil
                        if context.options.reuseOriginalValues, let kept = recorded?.android[tag], kept.icu == pattern.source,
                           let xml = kept.value.objectMember("xml")?.stringValue {
                            section.append(.raw(xml))
                            continue
                        }
                        guard let value = convert(variant, message, table: table, tag: tag, platform: .android) else { continue }
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
                        let kind: String
                        switch value {
                        case .text(let text):
                            section.append(.string(name: variant.androidName, value: text, comment: comment, attributes: attributes))
                            kind = "string:"
                        case .plural(let forms):
                            section.append(.plurals(name: variant.androidName, items: forms.map { ($0.category, $0.text) },
                                                    comment: comment, attributes: attributes))
                            kind = "plurals:"
                        case .substitutions:
                            continue
                        }
                        if tag == sourceLocale {
                            let owner = "\(table.name):\(message.template.key)"
                            if let other = names[kind + variant.androidName], other != owner {
                                diagnostics.append(Diagnostic(
                                    severity: .error, id: "catalog-key-collision",
                                    message: "Android resource name '\(variant.androidName)' of '\(message.template.key)' is already used by '\(other)'",
                                    file: table.file, position: message.template.keyPosition,
                                    hint: "Android names are letters, digits, '_' and '.', shared by all tables; rename one of the messages"))
                            }
                            names[kind + variant.androidName] = owner
                        }
                    }
                }
                for extra in meta?.androidExtras[tag] ?? [] where context.options.useMetadata { section.append(.raw(extra)) }
                if !section.isEmpty {
                    items.append(.comment("\(project.config.templates)/\(table.name).json"))
                    items += section
                }
            }
            let folder = tag == sourceLocale ? "values" : AndroidQualifiers.valuesFolder(for: tag)
            files.append(OutputFile(path: "android/res/\(folder)/strings.xml",
                                    contents: AndroidResourceWriter.text(items, header: "Generated by speakable compile from \(project.config.templates)/ and \(project.config.locales)/. Do not edit: edit the templates and translations.")))
        }
        return files
    }

    // MARK: XLIFF

    mutating func xliff(_ tables: [Table], _ prepared: [[PreparedMessage]]) -> [OutputFile] {
        var tags = Set(project.config.targetLocales)
        for table in tables { tags.formUnion(CatalogCompiler.targetLocales(project, table)) }
        tags.remove(sourceLocale)
        var files: [OutputFile] = []
        let sourceICU = (try? ICULocale(sourceLocale)) ?? .english
        for tag in tags.sorted() {
            var document = XLIFFDocument(sourceLanguage: sourceLocale, targetLanguage: tag, files: [])
            let targetICU = (try? ICULocale(tag)) ?? .english
            for (table, messages) in zip(tables, prepared) {
                var file = XLIFFFile(id: table.name, original: table.file, units: [])
                for message in messages {
                    let template = message.template
                    var notes: [XLIFFNote] = []
                    if let comment = template.comment { notes.append(XLIFFNote(category: "comment", text: comment)) }
                    notes.append(XLIFFNote(category: "role", text: template.role.rawValue))
                    let budget = project.config.budgets[template.role]
                    if let seconds = template.maxSeconds ?? budget?.seconds {
                        notes.append(XLIFFNote(category: "max-seconds", text: "at most \(JSONWriter.format(seconds)) s spoken"))
                    }
                    if let graphemes = template.maxGraphemes ?? budget?.graphemes {
                        notes.append(XLIFFNote(category: "max-graphemes", text: "at most \(graphemes) characters"))
                    }
                    if template.runtimeOnly { notes.append(XLIFFNote(category: "runtime-only", text: "formatted at run time by Speakable (ICU), not exported to platform catalogs")) }
                    let translation = table.locales[tag]?[template.key]
                    if let example = template.examples.first {
                        if let text = Self.format(message.pattern.source, locale: sourceICU, example.arguments) {
                            notes.append(XLIFFNote(category: "example", appliesTo: "source", text: text))
                        }
                        if let translation, let text = Self.format(translation.source.text, locale: targetICU, example.arguments) {
                            notes.append(XLIFFNote(category: "example", appliesTo: "target", text: text))
                        }
                    }
                    var state = translation == nil ? "initial" : "translated"
                    if let translation, context.options.reuseOriginalValues, let kept = message.metadata?.xliff[tag], kept.icu == translation.source.text {
                        if let recordedState = kept.value.objectMember("state")?.stringValue { state = recordedState }
                        if case .array(let recordedNotes)? = kept.value.objectMember("notes") {
                            for note in recordedNotes {
                                guard let text = note.objectMember("text")?.stringValue else { continue }
                                notes.append(XLIFFNote(category: note.objectMember("category")?.stringValue,
                                                       appliesTo: note.objectMember("appliesTo")?.stringValue, text: text))
                            }
                        }
                    }
                    file.units.append(XLIFFUnit(id: template.key, source: XLIFFText(template.source.text),
                                                target: translation.map { XLIFFText($0.source.text) }, state: state, notes: notes))
                }
                document.files.append(file)
            }
            files.append(OutputFile(path: "xliff/\(tag).xliff",
                                    contents: XLIFFWriter.text(document, header: "Generated by speakable compile. Translate the <target> of each unit (ICU MessageFormat); bring it back with speakable import.")))
        }
        return files
    }

    static func format(_ source: String, locale: ICULocale, _ arguments: [String: MessageArgument]) -> String? {
        guard let compiled = try? CompiledMessage(source, locale: locale, timeZone: .utc) else { return nil }
        return try? compiled.format(arguments)
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
