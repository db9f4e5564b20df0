import Dispatch
import Synchronization
import SpeakableCatalog
import SpeakableEscaping
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// The parts of each message's XLIFF unit that do not depend on the target locale — its
/// opening, its notes (comment, role, budget, exemptions, runtime-only, the source example
/// formatted as ICU does) and its escaped source text — written once for every XLIFF file, by
/// table name.
struct XLIFFCommonParts: ExpressibleByDictionaryLiteral {
    /// Byte strings back to back: string `i` is `bytes[ends[i - 1] ..< ends[i]]`.
    struct Pieces: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []

        subscript(index: Int) -> ArraySlice<UInt8> { bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]] }

        /// Ends the string being appended to ``bytes``.
        mutating func close() { ends.append(bytes.count) }
    }

    /// One table's parts: message `i` (in the order of its prepared messages) has key `keys[i]`.
    struct Table: Sendable {
        var keys: [String] = []
        /// `<unit …>` (``XLIFFStreamWriter/appendUnitOpening(id:translate:to:)``).
        var openings = Pieces()
        /// The note lines (``XLIFFStreamWriter/appendNote(category:appliesTo:text:to:)``).
        var notes = Pieces()
        /// The source text (``XLIFFEscaping/appendSegment(_:to:)``).
        var sources = Pieces()

        /// Where the parts of message `index`, whose key is `key`, are (found by key when the
        /// messages are not the ones the parts were written for); nil when they are not here.
        func place(of index: Int, key: String) -> Int? {
            index < keys.count && keys[index] == key ? index : keys.firstIndex(of: key)
        }
    }

    var tables: [String: Table]

    init(tables: [String: Table]) { self.tables = tables }

    /// `[:]`: no parts (units are written from their messages).
    init(dictionaryLiteral elements: (String, Table)...) {
        tables = Dictionary(elements, uniquingKeysWith: { first, _ in first })
    }
}

extension OutputRenderer {
    // MARK: XLIFF

    /// The parts of each message's unit that do not depend on the target locale, computed once
    /// for every XLIFF file (one table per core at a time).
    static func commonNotes(_ project: Project, _ prepared: [[PreparedMessage]]) -> XLIFFCommonParts {
        let sourceICU = (try? ICULocale(project.config.sourceLocale)) ?? .english
        let formatter = PatternFormatter(locale: sourceICU, timeZone: .utc)
        let pairs = Array(zip(project.tables, prepared))
        let results = Mutex<[Int: XLIFFCommonParts.Table]>([:])
        DispatchQueue.concurrentPerform(iterations: pairs.count) { index in
            let notes = commonNotes(pairs[index].1, config: project.config, formatter: formatter)
            results.withLock { $0[index] = notes }
        }
        let collected = results.withLock { $0 }
        var tables: [String: XLIFFCommonParts.Table] = [:]
        for (index, (table, _)) in pairs.enumerated() { tables[table.name] = collected[index] }
        return XLIFFCommonParts(tables: tables)
    }

    private static func commonNotes(_ messages: [PreparedMessage], config: ProjectConfig, formatter: PatternFormatter) -> XLIFFCommonParts.Table {
        var parts = XLIFFCommonParts.Table()
        parts.keys.reserveCapacity(messages.count)
        parts.openings.ends.reserveCapacity(messages.count)
        parts.notes.ends.reserveCapacity(messages.count)
        parts.sources.ends.reserveCapacity(messages.count)
        parts.notes.bytes.reserveCapacity(messages.count * 256)
        func note(_ category: String, appliesTo: String? = nil, _ text: String) {
            XLIFFStreamWriter.appendNote(category: category, appliesTo: appliesTo, text: text, to: &parts.notes.bytes)
        }
        for message in messages {
            let template = message.template
            XLIFFStreamWriter.appendUnitOpening(id: template.key, translate: template.translatable, to: &parts.openings.bytes)
            parts.openings.close()
            XLIFFEscaping.appendSegment(template.source.text, to: &parts.sources.bytes)
            parts.sources.close()
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
            parts.notes.close()
            parts.keys.append(template.key)
        }
        return parts
    }

    mutating func xliff(_ tables: [Table], _ prepared: [[PreparedMessage]], tags: [String],
                        commonNotes: XLIFFCommonParts) -> [OutputFile] {
        var files: [OutputFile] = []
        for tag in tags {
            files.append(OutputFile(path: "xliff/\(tag).xliff", bytes: xliff(tables, prepared, tag: tag, commonNotes: commonNotes)))
        }
        return files
    }

    private mutating func xliff(_ tables: [Table], _ prepared: [[PreparedMessage]], tag: String, commonNotes: XLIFFCommonParts) -> [UInt8] {
        // Room for the whole file: markup, key, texts and notes of each unit.
        var capacity = 1_024
        for (table, messages) in zip(tables, prepared) {
            capacity += table.name.utf8.count * 2 + 128
            if let parts = commonNotes.tables[table.name] {
                capacity += parts.openings.bytes.count + parts.notes.bytes.count + parts.sources.bytes.count * 2 + messages.count * 320
            } else {
                for message in messages {
                    capacity += 480 + message.template.key.utf8.count + message.template.source.text.utf8.count * 3
                }
            }
        }
        var writer = XLIFFStreamWriter(
            sourceLanguage: sourceLocale, targetLanguage: tag,
            header: "Generated by speakable compile. Translate the <target> of each unit (ICU MessageFormat); bring it back with speakable import.",
            capacity: capacity)
        let formatter = PatternFormatter(locale: icuLocale(tag), timeZone: .utc)
        // Thousands of examples: the number fast path pays for itself at once.
        if prepared.reduce(0, { $0 + $1.count }) >= 2_048 { formatter.prepareFastPaths() }
        for (table, messages) in zip(tables, prepared) {
            // Project-relative, so the output does not depend on where the project is.
            writer.openFile(id: table.name, original: "\(project.config.templates)/\(table.name).json")
            let parts = commonNotes.tables[table.name] ?? XLIFFCommonParts.Table()
            let file = table.locales[tag]
            // A locale file mostly lists its keys in the template's order: each key is looked
            // for first after the last one found.
            var next = 0
            for (index, message) in messages.enumerated() {
                let template = message.template
                let translation = file.flatMap { file in
                    file.index(ofKey: template.key, hint: next).map { place in
                        next = place + 1
                        return file.translations[place]
                    }
                }
                let place = parts.place(of: index, key: template.key)
                if let place {
                    writer.openUnit(markup: parts.openings[place])
                    writer.notes(markup: parts.notes[place])
                } else {
                    writer.openUnit(id: template.key, translate: template.translatable)
                }
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
                if let place {
                    writer.closeUnit(state: state, subState: subState, sourceMarkup: parts.sources[place], target: translation?.source.text)
                } else {
                    writer.closeUnit(state: state, subState: subState, source: template.source.text, target: translation?.source.text)
                }
            }
            writer.closeFile()
        }
        return writer.finish()
    }
}
