public import SpeakableCatalog
public import SpeakableICU

/// The messages describers format, by key, in every locale they are translated into.
///
/// ``builtIn`` is the catalog in the repository's `Templates/` and `Locales/` (English and
/// Korean), compiled into the library so a built binary needs no files. A game adds or replaces
/// messages with its own project, loaded by ``ProjectLoader``:
///
/// ```swift
/// let project = ProjectLoader.load(directory: "Speakable")        // Templates/, Locales/<tag>/
/// let catalog = DescriberCatalog.builtIn.overriding(with: DescriberCatalog(project: project))
/// let describer = try Describer(locale: "ko", catalog: catalog)
/// ```
public struct DescriberCatalog: Sendable {
    /// One message: its source text and its translations.
    public struct Entry: Sendable {
        /// The dotted key, such as `sudoku.cell.label`.
        public let key: String
        /// The table (template file) it comes from.
        public let table: String
        /// What the message is for (label, hint, action…).
        public let role: Role
        /// The source-locale text (the template's `message`).
        public let source: String
        /// Translations by BCP 47 tag, as written in `Locales/<tag>/`.
        public let translations: [String: String]
        /// The template's `maxSeconds`: how long the message may take to speak (nil: the role's
        /// budget in `speakable.json` applies). `speakable preview` flags what is spoken over it.
        public let maxSeconds: Double?
        /// Where each text was read, for diagnostics: "" for the source, else the tag. Empty for
        /// the built-in catalog.
        let origins: [String: SourceText]

        public init(key: String, table: String, role: Role, source: String, translations: [String: String],
                    maxSeconds: Double? = nil) {
            self.key = key
            self.table = table
            self.role = role
            self.source = source
            self.translations = translations
            self.maxSeconds = maxSeconds
            self.origins = [:]
        }

        init(key: String, table: String, role: Role, source: String, translations: [String: String],
             maxSeconds: Double?, origins: [String: SourceText]) {
            self.key = key
            self.table = table
            self.role = role
            self.source = source
            self.translations = translations
            self.maxSeconds = maxSeconds
            self.origins = origins
        }
    }

    /// The locale of the templates' own text.
    public let sourceLocale: String
    /// Every message, by key.
    public private(set) var entries: [String: Entry]
    /// Translations of keys this catalog has no template for (a project that translates the
    /// built-in messages into another locale): merged by ``overriding(with:)``.
    var orphanTranslations: [String: [String: SourceText]] = [:]

    /// A catalog from entries (the last of two with one key wins).
    public init(sourceLocale: String, entries: [Entry]) {
        self.sourceLocale = sourceLocale
        var byKey: [String: Entry] = [:]
        for entry in entries { byKey[entry.key] = entry }
        self.entries = byKey
    }

    /// The catalog of a project loaded by ``ProjectLoader`` (messages that did not load are left
    /// out; the project's diagnostics say why).
    public init(project: Project) {
        var entries: [Entry] = []
        for table in project.tables {
            for message in table.messages {
                var translations: [String: String] = [:]
                var origins: [String: SourceText] = ["": message.source]
                for (tag, file) in table.locales {
                    if let translation = file[message.key] {
                        translations[tag] = translation.source.text
                        origins[tag] = translation.source
                    }
                }
                entries.append(Entry(key: message.key, table: table.name, role: message.role, source: message.source.text,
                                     translations: translations, maxSeconds: message.maxSeconds, origins: origins))
            }
        }
        self.init(sourceLocale: project.config.sourceLocale, entries: entries)
        for table in project.tables {
            for (tag, file) in table.locales {
                for translation in file.translations where self.entries[translation.key] == nil {
                    orphanTranslations[translation.key, default: [:]][tag] = translation.source
                }
            }
        }
    }

    /// The built-in catalog: every message the describers use, in English and Korean (generated
    /// from `Templates/` and `Locales/` by `swift run BuiltInCatalogGenerator`).
    public static let builtIn = DescriberCatalog(sourceLocale: embeddedSourceLocale, entries: embeddedEntries)

    /// This catalog with `other`'s messages added, and replacing this one's where the keys match.
    /// A translation missing from `other` falls back to this catalog's, when the source text is the
    /// same. Translations in `other` of keys it has no template for are added to this catalog's
    /// messages (a project that only translates the built-in messages: `Locales/ja/*.json`).
    public func overriding(with other: DescriberCatalog) -> DescriberCatalog {
        var result = self
        for (key, translations) in other.orphanTranslations {
            guard let base = result.entries[key] else { continue }
            var texts = base.translations
            var origins = base.origins
            for (tag, source) in translations {
                texts[tag] = source.text
                origins[tag] = source
            }
            result.entries[key] = Entry(key: key, table: base.table, role: base.role, source: base.source, translations: texts,
                                        maxSeconds: base.maxSeconds, origins: origins)
        }
        for (key, entry) in other.entries {
            if let base = entries[key], base.source == entry.source, other.sourceLocale == sourceLocale {
                var translations = base.translations
                var origins = base.origins
                for (tag, text) in entry.translations { translations[tag] = text }
                for (tag, origin) in entry.origins { origins[tag] = origin }
                result.entries[key] = Entry(key: key, table: entry.table, role: entry.role, source: entry.source,
                                            translations: translations, maxSeconds: entry.maxSeconds ?? base.maxSeconds,
                                            origins: origins)
            } else {
                result.entries[key] = entry
            }
        }
        return result
    }

    /// Every locale with at least one translation, and the source locale.
    public var localeTags: [String] {
        var tags: Set<String> = [sourceLocale]
        for entry in entries.values { tags.formUnion(entry.translations.keys) }
        return tags.sorted()
    }

    /// The text of `key` for `locale`: the translation for its tag, or for a shorter tag
    /// (ko-KR → ko, zh-Hant-TW → zh-Hant → zh), else the source text. Also says which tag it is.
    public func text(for key: String, locale: ICULocale) -> (text: String, tag: String)? {
        guard let entry = entries[key] else { return nil }
        let tag = resolvedTag(for: locale, in: entry)
        return (tag == sourceLocale ? entry.source : entry.translations[tag]!, tag)
    }

    func resolvedTag(for locale: ICULocale, in entry: Entry) -> String {
        var parts = locale.languageTag.split(separator: "-").map(String.init)
        while !parts.isEmpty {
            let tag = parts.joined(separator: "-")
            if entry.translations[tag] != nil { return tag }
            if tag == sourceLocale { return tag }
            parts.removeLast()
        }
        return sourceLocale
    }

    /// Where a text was read from, when it came from a project.
    func origin(of key: String, tag: String) -> SourceText? {
        guard let entry = entries[key] else { return nil }
        return entry.origins[tag == sourceLocale ? "" : tag] ?? (tag == sourceLocale ? nil : entry.origins[""])
    }
}
