import Dispatch
import Synchronization
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableMessages
import SpeakableICU
import SpeakablePlatformFormats

/// `speakable check`'s share of ``CatalogCompiler/validate(_:options:metadata:)``: what
/// `compile` would refuse, found while the checker reads each locale once, without holding every
/// translation.
///
/// Most messages say nothing a platform catalog cannot hold, in any locale: text, arguments,
/// integers as printf prints them, one plural with keyword cases. Such a message cannot be
/// refused — its only possible problem is a key or resource name another message takes, which
/// depends on the template alone. So each translation is screened as it is read (``observe``),
/// and only messages whose template or some translation says more are kept, and prepared and
/// validated exactly as `compile` does (``problems(options:)``), with the keys and names of the
/// others for the collision checks.
///
/// A plain translation adds nothing to what its template decides (it uses the template's
/// arguments, all of them, and plurals only where the template has one): a message validated
/// with its template and the translations that are not plain is refused exactly when it is
/// refused with all of them. The tests hold the screen to that against the full validation.
///
/// ```swift
/// let screen = CompileValidation(project: project)
/// // for each translation read: screen.observe(table: t, tag: "ko", translation)
/// let problems = screen.problems(options: options)   // what compile would refuse
/// ```
public final class CompileValidation: Sendable {
    let project: Project
    let metadata: [String: TableMetadata]
    /// What reading `.speakable/*.platform.json` found (a compile stops on it too).
    let metadataProblems: [Diagnostic]
    /// Per table: the facts of each template message by key (nil: not plain, always validated).
    let templates: [[String: TemplateFacts]]
    /// Per table and key: the translations that are not plain, by locale tag (how many were
    /// plain: the template's ``TemplateFacts/plainCount``).
    let kept: Mutex<[[String: [String: Translation]]]>

    /// A count the threads reading the locales add to without a lock.
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    struct TemplateFacts: Sendable {
        /// The positions the template's String Catalog format has (argument, and how it is
        /// passed: its value, or an ungrouped integer as text), at most 64.
        let slots: [String]
        /// Its plural's argument, if it has one.
        let plural: String?
        /// How many of its translations were plain.
        let plainCount = Counter()
    }

    /// `project` as the checker reads it (its locales may be deferred).
    public init(project: Project) {
        self.project = project
        let loaded = CatalogCompiler.loadMetadata(project)
        metadata = loaded.metadata
        metadataProblems = loaded.diagnostics
        let metadata = loaded.metadata
        // Each table's templates on all cores.
        let found = Mutex<[Int: [String: TemplateFacts]]>([:])
        DispatchQueue.concurrentPerform(iterations: project.tables.count) { t in
            let table = project.tables[t]
            var facts: [String: TemplateFacts] = [:]
            for message in table.messages {
                guard let plain = Self.plainTemplate(message, metadata: metadata[table.name]?[message.key]) else { continue }
                facts[message.key] = plain
            }
            let done = facts
            found.withLock { $0[t] = done }
        }
        let tables = found.withLock { $0 }
        templates = project.tables.indices.map { tables[$0] ?? [:] }
        kept = Mutex(project.tables.map { _ in [:] })
    }

    /// What an imported catalog's own settings exempt a table from in `speakable check`, by
    /// table name: Android Lint's `tools:ignore="MissingTranslation"` (or `all`) on the
    /// `<resources>` of the imported `values/` — missing translations are the app's choice.
    public var checkExemptions: [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for (table, meta) in metadata {
            let ignore = meta.androidRootAttributes[project.config.sourceLocale]?.first { $0.name == "tools:ignore" }?.value
            if AndroidLint.ignores(ignore, "MissingTranslation") {
                result[table] = ["missing-translation": "tools:ignore=\"MissingTranslation\" on <resources> of the imported values/"]
            }
        }
        return result
    }

    /// Screens one translation of table `table` into `tag`: kept when it is not plain.
    public func observe(table: Int, tag: String, _ translation: Translation) {
        guard table < templates.count else { return }
        if let facts = templates[table][translation.key], let pattern = translation.pattern,
           Self.isPlain(pattern, template: facts) {
            facts.plainCount.value.add(1, ordering: .relaxed)
            return
        }
        // A template that is not plain keeps every translation; a translation nobody's
        // template has is not compiled (unknown-key) but kept like the rest.
        kept.withLock { $0[table][translation.key, default: [:]][tag] = translation }
    }

    /// What `compile` refuses, as ``CatalogCompiler/validate(_:options:metadata:)`` says it,
    /// for the messages kept (with every translation of theirs that is not plain) and the names
    /// of the others.
    public func problems(options: CompileOptions) -> [Diagnostic] {
        let kept = kept.withLock { $0 }
        var tables: [Table] = []
        var validated: [String: Int] = [:]
        for (t, table) in project.tables.enumerated() {
            for message in table.messages where templates[t][message.key] == nil || kept[t][message.key] != nil {
                validated[table.name + "\u{0}" + message.key] = templates[t][message.key]?.plainCount.value.load(ordering: .relaxed) ?? 0
            }
            var byTag: [String: [Translation]] = [:]
            for (_, translations) in kept[t] {
                for (tag, translation) in translations { byTag[tag, default: []].append(translation) }
            }
            var locales: [String: LocaleFile] = [:]
            for (tag, translations) in byTag {
                guard let locale = try? ICULocale(tag) else { continue }
                let file = ProjectLoader.display(folder: project.root, project.config.locales) + "/\(tag)/\(table.name).json"
                locales[tag] = LocaleFile(tag: tag, locale: locale, file: file,
                                          translations: translations.sorted { ($0.keyPosition.line, $0.keyPosition.column) < ($1.keyPosition.line, $1.keyPosition.column) })
            }
            tables.append(Table(name: table.name, file: table.file, messages: table.messages, locales: locales))
        }
        let screened = Project(root: project.root, config: project.config, tables: tables, localeTags: project.localeTags,
                               diagnostics: project.diagnostics)
        return metadataProblems.filter { $0.severity == .error }
            + CatalogCompiler.validate(screened, options: options, metadata: metadata, only: validated)
    }

    // MARK: What is plain

    /// The facts of a plain template message, nil when it is not plain: runtime-only messages
    /// (never compiled) are plain with nothing to decide; otherwise the message must parse, print
    /// only what ``walk(_:_:)`` allows, with at most one plural (keyword cases only), no `=N`, no
    /// select, no argument used as two types, no example with a fraction and no imported
    /// floating-point specifier (a `Double` is passed as text, where locales can disagree).
    static func plainTemplate(_ message: TemplateMessage, metadata: MessageMetadata?) -> TemplateFacts? {
        guard let pattern = message.pattern else { return nil }
        var walk = Walk(known: nil)
        walk.body(pattern.body, inPlural: false)
        if message.runtimeOnly { return TemplateFacts(slots: walk.names, plural: nil) }
        guard walk.isPlain, walk.plurals <= 1, walk.names.count <= 64 else { return nil }
        for example in message.examples {
            for value in example.arguments.values { if case .double = value { return nil } }
        }
        for specifiers in [metadata?.androidSpecifiers, metadata?.appleSpecifiers] {
            for written in specifiers?.values ?? [:].values where written.contains(where: { "eEfFgGaA".contains($0) }) { return nil }
        }
        return TemplateFacts(slots: walk.names, plural: walk.plural)
    }

    /// Whether a translation is plain against its template's facts: plain text and arguments in
    /// the template's positions exactly (each argument, passed as the template passes it), at
    /// most one plural and only on the template's plural argument.
    static func isPlain(_ pattern: MessagePattern, template: TemplateFacts) -> Bool {
        var walk = Walk(known: template.slots)
        walk.body(pattern.body, inPlural: false)
        guard walk.isPlain, walk.plurals <= 1, walk.plural == nil || walk.plural == template.plural else { return false }
        return walk.seen == (template.slots.count == 64 ? UInt64.max : (UInt64(1) << UInt64(template.slots.count)) - 1)
    }

    /// One walk over a message body: text, `#`, `{x}`, dates and times, `{x, number}` with a
    /// style printf says (``IntegerPresentation``, not padded to four digits or more with
    /// grouping), plurals — cardinal, no offset, keyword cases only, not inside another plural —
    /// of such bodies; no argument both a number and a date.
    struct Walk {
        /// The template's positions (a translation's walk), nil for the template itself.
        let known: [String]?
        var isPlain = true
        var plurals = 0
        var plural: String?
        /// The template's positions (a translation's walk: those of `known` met, as bits).
        var names: [String] = []
        var seen: UInt64 = 0
        /// Arguments used as a number or as a date, by name (no argument may be both).
        var numbers: [String] = []
        var dates: [String] = []

        init(known: [String]?) { self.known = known }

        /// One use of argument `name`; `text`: an integer passed as text (CFString groups every
        /// `%lld`, so an ungrouped integer is its own position), with its minimum digits.
        mutating func note(_ name: String, number: Bool, date: Bool, text: Int? = nil) {
            if number, !numbers.contains(name) {
                if dates.contains(name) { isPlain = false; return }
                numbers.append(name)
            }
            if date, !dates.contains(name) {
                if numbers.contains(name) { isPlain = false; return }
                dates.append(name)
            }
            let position = text.map { name + "\u{0}" + String($0) } ?? name
            var index: Int
            if let known {
                guard let found = known.firstIndex(of: position) else { isPlain = false; return }
                index = found
            } else if let found = names.firstIndex(of: position) {
                index = found
            } else {
                names.append(position)
                index = names.count - 1
            }
            guard index < 64 else { isPlain = false; return }
            seen |= UInt64(1) << UInt64(index)
        }

        mutating func body(_ body: MessageBody, inPlural: Bool) {
            for part in body.parts where isPlain {
                guard case .argument(let node) = part else { continue }
                switch node.kind {
                case .none:
                    note(node.name, number: false, date: false)
                case .simple(let simple):
                    switch simple.type {
                    case .number:
                        guard let presentation = IntegerPresentation(style: simple.style),
                              !(presentation.grouped && presentation.minimumDigits >= 4) else { isPlain = false; return }
                        note(node.name, number: true, date: false, text: presentation.appleNeedsText ? presentation.minimumDigits : nil)
                    case .date, .time:
                        note(node.name, number: false, date: true)
                    default:
                        isPlain = false
                    }
                case .plural(let p):
                    guard !inPlural, !p.isOrdinal, p.offset == 0 else { isPlain = false; return }
                    plurals += 1
                    if plural == nil { plural = node.name } else if plural != node.name { isPlain = false; return }
                    note(node.name, number: true, date: false)
                    for item in p.cases {
                        guard case .keyword = item.selector else { isPlain = false; return }
                        self.body(item.message, inPlural: true)
                    }
                case .select, .choice:
                    isPlain = false
                }
            }
        }
    }
}
