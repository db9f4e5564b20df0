import Dispatch
import Synchronization
import SpeakableCatalog
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// The notes of each message that do not depend on the target locale — comment, role, budget,
/// exemptions, runtime-only, the source example (formatted as ICU does) — written once as XLIFF
/// for every XLIFF file, by table name.
struct XLIFFCommonNotes: ExpressibleByDictionaryLiteral {
    /// One table's notes: message `i` (in the order of its prepared messages) has key `keys[i]`
    /// and the note lines `markup[ends[i - 1] ..< ends[i]]`.
    struct Table: Sendable {
        var keys: [String] = []
        var markup: [UInt8] = []
        var ends: [Int] = []

        /// The note lines of message `index`, whose key is `key` (found by key when the messages
        /// are not the ones the notes were written for).
        func markup(of index: Int, key: String) -> ArraySlice<UInt8> {
            let at = index < keys.count && keys[index] == key ? index : keys.firstIndex(of: key)
            guard let at else { return [] }
            return markup[(at == 0 ? 0 : ends[at - 1])..<ends[at]]
        }
    }

    var tables: [String: Table]

    init(tables: [String: Table]) { self.tables = tables }

    /// `[:]`: no notes.
    init(dictionaryLiteral elements: (String, Table)...) {
        tables = Dictionary(elements, uniquingKeysWith: { first, _ in first })
    }
}

extension OutputRenderer {
    // MARK: XLIFF

    /// The notes of each message that do not depend on the target locale, computed once for
    /// every XLIFF file (one table per core at a time).
    static func commonNotes(_ project: Project, _ prepared: [[PreparedMessage]]) -> XLIFFCommonNotes {
        let sourceICU = (try? ICULocale(project.config.sourceLocale)) ?? .english
        let formatter = PatternFormatter(locale: sourceICU, timeZone: .utc)
        let pairs = Array(zip(project.tables, prepared))
        let results = Mutex<[Int: XLIFFCommonNotes.Table]>([:])
        DispatchQueue.concurrentPerform(iterations: pairs.count) { index in
            let notes = commonNotes(pairs[index].1, config: project.config, formatter: formatter)
            results.withLock { $0[index] = notes }
        }
        let collected = results.withLock { $0 }
        var tables: [String: XLIFFCommonNotes.Table] = [:]
        for (index, (table, _)) in pairs.enumerated() { tables[table.name] = collected[index] }
        return XLIFFCommonNotes(tables: tables)
    }

    private static func commonNotes(_ messages: [PreparedMessage], config: ProjectConfig, formatter: PatternFormatter) -> XLIFFCommonNotes.Table {
        var notes = XLIFFCommonNotes.Table()
        notes.keys.reserveCapacity(messages.count)
        notes.ends.reserveCapacity(messages.count)
        notes.markup.reserveCapacity(messages.count * 256)
        func note(_ category: String, appliesTo: String? = nil, _ text: String) {
            XLIFFStreamWriter.appendNote(category: category, appliesTo: appliesTo, text: text, to: &notes.markup)
        }
        for message in messages {
            let template = message.template
            if let comment = template.comment { note("comment", comment) }
            note("role", template.role.rawValue)
            let budget = config.budgets[template.role]
            if let seconds = template.maxSeconds ?? budget?.seconds {
                note("max-seconds", "at most \(JSONWriter.format(seconds)) s spoken")
            }
            if let graphemes = template.maxGraphemes ?? budget?.graphemes {
                note("max-graphemes", "at most \(graphemes) characters")
            }
            // Exemptions travel with the message, so that checking the XLIFF agrees with
            // checking the project (and the translator sees why).
            let exemptions = template.exemptions
            if !exemptions.isEmpty {
                for rule in exemptions.keys.sorted() { note("exempt", rule + ": " + exemptions[rule]!) }
            }
            if template.runtimeOnly {
                note("runtime-only", "formatted at run time by Speakable (ICU), not exported to platform catalogs")
            }
            if let example = template.examples.first, let text = formatter.format(message.pattern, example.arguments) {
                note("example", appliesTo: "source", text)
            }
            notes.keys.append(template.key)
            notes.ends.append(notes.markup.count)
        }
        return notes
    }

    mutating func xliff(_ tables: [Table], _ prepared: [[PreparedMessage]], tags: [String],
                        commonNotes: XLIFFCommonNotes) -> [OutputFile] {
        var files: [OutputFile] = []
        for tag in tags {
            files.append(OutputFile(path: "xliff/\(tag).xliff", contents: xliff(tables, prepared, tag: tag, commonNotes: commonNotes)))
        }
        return files
    }

    private mutating func xliff(_ tables: [Table], _ prepared: [[PreparedMessage]], tag: String, commonNotes: XLIFFCommonNotes) -> String {
        // Room for the whole file: markup, key, texts and notes of each unit.
        var capacity = 1_024
        for (table, messages) in zip(tables, prepared) {
            let notes = commonNotes.tables[table.name]?.markup.count ?? 0
            capacity += notes + table.name.utf8.count * 2 + 128
            for message in messages {
                capacity += 480 + message.template.key.utf8.count + message.template.source.text.utf8.count * 3
            }
        }
        var writer = XLIFFStreamWriter(
            sourceLanguage: sourceLocale, targetLanguage: tag,
            header: "Generated by speakable compile. Translate the <target> of each unit (ICU MessageFormat); bring it back with speakable import.",
            capacity: capacity)
        let formatter = PatternFormatter(locale: icuLocale(tag), timeZone: .utc)
        for (table, messages) in zip(tables, prepared) {
            // Project-relative, so the output does not depend on where the project is.
            writer.openFile(id: table.name, original: "\(project.config.templates)/\(table.name).json")
            let notes = commonNotes.tables[table.name]
            let file = table.locales[tag]
            for (index, message) in messages.enumerated() {
                let template = message.template
                let translation = file?[template.key]
                writer.openUnit(id: template.key, translate: template.translatable)
                if let notes { writer.notes(markup: notes.markup(of: index, key: template.key)) }
                if let example = template.examples.first, let pattern = translation?.pattern,
                   let text = formatter.format(pattern, example.arguments) {
                    writer.note(category: "example", appliesTo: "target", text: text)
                }
                var state = translation == nil ? "initial" : "translated"
                var subState: String?
                if let translation, let review = reviewState(message, tag: tag, source: translation.source.text) {
                    (state, subState) = review.xliff2
                }
                if let translation, context.options.reuseOriginalValues, let kept = message.metadata?.xliff[tag], kept.icu == translation.source.text {
                    // An XLIFF 2.0 state as it was; an Xcode XLIFF 1.2 state in 2.0's words.
                    if let recordedState = kept.value.objectMember("state")?.stringValue,
                       ["initial", "translated", "reviewed", "final"].contains(recordedState) {
                        state = recordedState
                        subState = kept.value.objectMember("subState")?.stringValue
                    }
                    if case .array(let recordedNotes)? = kept.value.objectMember("notes") {
                        for note in recordedNotes {
                            guard let text = note.objectMember("text")?.stringValue else { continue }
                            writer.note(category: note.objectMember("category")?.stringValue,
                                        appliesTo: note.objectMember("appliesTo")?.stringValue, text: text)
                        }
                    }
                }
                writer.closeUnit(state: state, subState: subState, source: template.source.text, target: translation?.source.text)
            }
            writer.closeFile()
        }
        return writer.text()
    }
}
