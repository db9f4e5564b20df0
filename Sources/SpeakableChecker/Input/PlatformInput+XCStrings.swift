import Dispatch
import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats
import Synchronization

// The `.xcstrings` reader of ``PlatformInput``.
extension PlatformInput {
    // MARK: .xcstrings

    static func xcstrings(path: String, settings: CheckSettings, deferringLocales: Bool = false,
                          limits: ProjectLimits = .standard) throws(Failure) -> CheckInput {
        let file = display(path)
        /// The catalog past a limit of ``ProjectLimits``: checked without tables.
        func refused(_ diagnostic: Diagnostic, _ diagnostics: [Diagnostic] = []) -> CheckInput {
            CheckInput(sourceTag: "en", sourceLocale: .english, tables: [], settings: settings, inputDiagnostics: diagnostics + [diagnostic])
        }
        // A catalog without problems is indexed (where each localization is in the file's
        // bytes) and each locale's messages are made from the bytes when it is checked: memory
        // holds the index (which has the strings' bytes) and one locale, not the file, which is
        // mapped (not copied) while it is indexed.
        // A large catalog is indexed on every core the process may use, in a few parts a core
        // (a core another process holds up leaves its parts to the others).
        let cores = Checker.availableCores()
        let bytes: [UInt8]
        do {
            let mapped = try mapBytes(path)
            if let index = mapped.withBytes({ XCStringsIndex.read($0, file: file, parts: cores > 1 ? cores * 4 : 1) }) {
                // Counted from the index, before any message is made: the entries (the limit of
                // one file, as import counts them) and every target locale's localizations.
                let targets = index.localeTags.filter { $0 != index.sourceLanguage }
                if let problem = limitProblem(limits, file: file, size: mapped.count, entries: index.entries.count, "strings",
                                              translations: targets.reduce(0) { $0 + index.count(ofLocale: $1) }, locales: targets.count) {
                    return refused(problem)
                }
                return xcstrings(index, settings: settings, deferringLocales: deferringLocales)
            }
            bytes = mapped.bytes
        }
        // Anything else is read entry by entry (never one tree), with every diagnostic, each
        // entry's localizations kept as platform messages by locale.
        // Counted as they are read: past a limit, no further entry's messages are made.
        var entries: [(key: String, position: SourcePosition, translatable: Bool)] = []
        var byLocale: [String: [PlatformMessage]] = [:]
        var entryCount = 0
        var localizations = 0
        var byLocaleCount: [String: Int] = [:]
        var past = false
        let read = XCStringsReader.read(bytes, file: file) { entry in
            entryCount += 1
            localizations += entry.localizations.count
            for localization in entry.localizations { byLocaleCount[localization.locale, default: 0] += 1 }
            // Surely past a limit (an entry has at most one localization in the source language).
            past = past || entryCount > limits.messagesPerFile || localizations > limits.messages
            guard !past else { return }
            entries.append((entry.key, entry.keyPosition, entry.shouldTranslate != false))
            for message in entry.messages(file: file) { byLocale[message.locale, default: []].append(message) }
        }
        guard let catalog = read.catalog else {
            return CheckInput(sourceTag: "en", sourceLocale: .english, tables: [], settings: settings, inputDiagnostics: read.diagnostics)
        }
        let sourceLocalizations = byLocaleCount[catalog.sourceLanguage] ?? 0
        let targets = byLocaleCount.count - (byLocaleCount[catalog.sourceLanguage] == nil ? 0 : 1)
        if let problem = limitProblem(limits, file: file, size: bytes.count, entries: entryCount, "strings",
                                      translations: localizations - sourceLocalizations, locales: targets) {
            return refused(problem, read.diagnostics)
        }
        let name = String(file.split(separator: "/").last!.dropLast(".xcstrings".count))
        let translatable = Set(entries.filter(\.translatable).map(\.key))
        let sourceTag = catalog.sourceLanguage
        let sourceMessages = (byLocale[sourceTag] ?? []).filter { translatable.contains($0.key) }
        let translatedEntries = entries.filter { translatable.contains($0.key) }.map { ($0.key, $0.position) }
        let source = appleSources(sourceMessages, entries: translatedEntries, sourceTag: sourceTag, file: file, positions: nil)
        var locales: [TargetLocale] = []
        var deferred: [DeferredLocale] = []
        for tag in byLocale.keys.sorted() where tag != sourceTag {
            guard let locale = try? ICULocale(tag) else { continue }
            let messages = byLocale[tag]!
            let selectors = source.selectors
            @Sendable func target() -> TargetLocale {
                TargetLocale(tag: tag, locale: locale, file: file,
                             messages: appleTargets(messages.filter { translatable.contains($0.key) }, selectors: selectors,
                                                    positions: nil))
            }
            if deferringLocales {
                deferred.append(DeferredLocale(tag: tag) { ([target()], []) })
            } else {
                locales.append(target())
            }
        }
        return CheckInput(sourceTag: sourceTag, sourceLocale: (try? ICULocale(sourceTag)) ?? .english,
                          tables: [CheckTable(name: name, file: file, messages: source.messages, locales: locales)],
                          settings: settings, inputDiagnostics: read.diagnostics, deferredLocales: deferred)
    }

    /// An indexed catalog (``XCStringsIndex``) as the checker's input: the same table as the
    /// reader's path above, each locale's messages made from the file's bytes when it is checked.
    static func xcstrings(_ index: XCStringsIndex, settings: CheckSettings, deferringLocales: Bool) -> CheckInput {
        let file = index.file
        let name = String(file.split(separator: "/").last!.dropLast(".xcstrings".count))
        let sourceTag = index.sourceLanguage
        let catalog = IndexedCatalog(index)
        let cores = Checker.availableCores()
        let source = appleSources(catalog, sourceTag: sourceTag, parts: cores > 1 ? cores * 4 : 1)
        var locales: [TargetLocale] = []
        var deferred: [DeferredLocale] = []
        for tag in index.localeTags.sorted() where tag != sourceTag {
            guard let locale = try? ICULocale(tag) else { continue }
            let selectors = source.selectors
            @Sendable func target() -> TargetLocale {
                TargetLocale(tag: tag, locale: locale, file: file,
                             messages: appleTargets(catalog, locale: tag, selectors: selectors))
            }
            if deferringLocales {
                deferred.append(DeferredLocale(tag: tag, read: { ([target()], []) }, stream: { begin, visit in
                    begin(0, TargetLocale(tag: tag, locale: locale, file: file, messages: []))
                    _ = appleTargets(catalog, locale: tag, selectors: selectors, keeping: false) { visit(0, $0, $1) }
                    return ([TargetLocale(tag: tag, locale: locale, file: file, messages: [])], [])
                }))
            } else {
                locales.append(target())
            }
        }
        return CheckInput(sourceTag: sourceTag, sourceLocale: (try? ICULocale(sourceTag)) ?? .english,
                          tables: [CheckTable(name: name, file: file, messages: source.messages, locales: locales)],
                          settings: settings, inputDiagnostics: [], deferredLocales: deferred)
    }

    /// `.xcstrings` and Xcode XLIFF messages (every locale) as one table.
    /// `positions` maps a string's scalar offsets to the file (nil: ``jsonPosition(_:)``, for
    /// `.xcstrings`).
    static func appleInput(messages original: [PlatformMessage], entries: [(key: String, position: SourcePosition)], sourceTag: String,
                           table name: String, file: String, settings: CheckSettings, diagnostics: [Diagnostic],
                           positions: (@Sendable (PlatformForm) -> @Sendable (Int) -> SourcePosition)? = nil) -> CheckInput {
        let sourceLocale = (try? ICULocale(sourceTag)) ?? .english
        var byLocale: [String: [PlatformMessage]] = [:]
        for message in original { byLocale[message.locale, default: []].append(message) }
        let source = appleSources(byLocale[sourceTag] ?? [], entries: entries, sourceTag: sourceTag, file: file, positions: positions)
        let locales = byLocale.keys.sorted().compactMap { tag -> TargetLocale? in
            guard tag != sourceTag, let locale = try? ICULocale(tag) else { return nil }
            return TargetLocale(tag: tag, locale: locale, file: file,
                                messages: appleTargets(byLocale[tag]!, selectors: source.selectors, positions: positions))
        }
        return CheckInput(sourceTag: sourceTag, sourceLocale: sourceLocale,
                          tables: [CheckTable(name: name, file: file, messages: source.messages, locales: locales)],
                          settings: settings, inputDiagnostics: diagnostics)
    }

    /// The source messages of an Apple catalog, one per entry (the key itself when the source
    /// locale has no localization, as Xcode does), and each plural's selector.
    static func appleSources(_ messages: [PlatformMessage], entries: [(key: String, position: SourcePosition)], sourceTag: String,
                             file: String, positions: (@Sendable (PlatformForm) -> @Sendable (Int) -> SourcePosition)?)
        -> (messages: [SourceMessage], selectors: [String: Int]) {
        var sourceByKey: [String: PlatformMessage] = [:]
        for message in messages { sourceByKey[message.key] = otherDevice(message) }
        var sources: [SourceMessage] = []
        sources.reserveCapacity(entries.count)
        var selectors: [String: Int] = [:]
        for (key, position) in entries {
            // No source localization: Xcode uses the key as the source string.
            let message = sourceByKey[key] ?? PlatformMessage(key: key, keyPosition: position, locale: sourceTag, file: file,
                                                              forms: [PlatformForm(path: "", value: key, position: position)])
            selectors[key] = pluralSelector(message, dialect: .apple)
            let formats = formats(message, dialect: .apple, positions: positions)
            guard let text = convert(message, dialect: .apple, formats: formats, positions: positions) else { continue }
            sources.append(SourceMessage(key: key, keyPosition: position, role: nil, text: text,
                                         pattern: applePattern(text.text) ?? parse(text), formats: formats,
                                         keyFormat: sourceByKey[key] != nil ? keyFormat(key, at: position, file: file) : nil))
        }
        return (sources, selectors)
    }

    /// One locale's messages of an Apple catalog, in file order; plurals named after the source's
    /// selectors.
    static func appleTargets(_ messages: [PlatformMessage], selectors: [String: Int],
                             positions: (@Sendable (PlatformForm) -> @Sendable (Int) -> SourcePosition)?) -> [TargetMessage] {
        var targets: [TargetMessage] = []
        targets.reserveCapacity(messages.count)
        for original in messages {
            if let target = appleTarget(original, selectors: selectors, positions: positions) { targets.append(target) }
        }
        return targets
    }

    /// One translation of an Apple catalog (nil when it has no text to check).
    /// `origin`: where an indexed catalog has the message (its positions are then made from the
    /// index when asked for, and the message is not kept).
    static func appleTarget(_ original: PlatformMessage, selectors: [String: Int],
                            positions: (@Sendable (PlatformForm) -> @Sendable (Int) -> SourcePosition)?,
                            origin: IndexedMessage? = nil, parts: ArgumentParts? = nil) -> TargetMessage? {
        let message = otherDevice(original)
        let formats = formats(message, dialect: .apple, positions: positions)
        // Only a plural needs its source's selector (no key lookup for the others).
        let selector = message.forms.contains { $0.path.hasPrefix("plural.") } ? selectors[message.key] : nil
        let text: PositionedText
        if let origin {
            guard let built = build(message, dialect: .apple, formats: formats, positions: nil, selector: selector, tracking: false) else {
                return nil
            }
            text = indexedText(built.text, origin: origin, selector: selector)
        } else {
            guard let converted = convert(message, dialect: .apple, formats: formats, positions: positions, selector: selector) else {
                return nil
            }
            text = converted
        }
        return TargetMessage(key: message.key, keyPosition: message.keyPosition, text: text,
                             pattern: applePattern(text.text, parts: parts) ?? parse(text), formats: formats, state: state(of: message))
    }

    /// One locale's translations of an indexed catalog: ``appleTargets(_:selectors:positions:)``
    /// of its messages, a one-string translation made without its ``PlatformMessage``.
    /// `visit`: given each message as soon as it is in its place in the list, and its index there
    /// (its place in file order); `keeping` false: each message is destroyed once visited (the
    /// next made in its place) and the list returned is empty.
    static func appleTargets(_ catalog: IndexedCatalog, locale tag: String, selectors: [String: Int], keeping: Bool = true,
                             visit: (UnsafeMutablePointer<TargetMessage>, Int) -> Void = { _, _ in }) -> [TargetMessage] {
        let index = catalog.index
        let catalog = IndexedCatalog(index)
        // Each message returned by the conversion and moved to its place in the list (not made
        // in the conversion's closure and appended, which copies its parts into it and destroys
        // the originals).
        let capacity = keeping ? index.count(ofLocale: tag) : 1
        return [TargetMessage](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            var scratch = UnitScratch()
            var made = 0
            /// The message just put at `base + count` visited, and kept or destroyed.
            func placed() {
                visit(base + count, made)
                made += 1
                if keeping { count += 1 } else { (base + count).deinitialize(count: 1) }
            }
            index.forEachNumbered(ofLocale: tag, translatableOnly: true, units: { number, unit in
                // Made in its place in the list by the conversion's closure from the parts it was
                // given to keep, each moved on with `consume` (not returned as `TargetMessage?`
                // and then put there; the message is still built on the stack and copied there:
                // see docs/checker-speed.md).
                convert(unit: unit, origin: IndexedMessage(catalog: catalog, locale: tag, number: number), scratch: &scratch) {
                    text, pattern, formats in
                    let made = TargetMessage(key: unit.entry.key, keyPosition: unit.entry.keyPosition, text: consume text,
                                             pattern: consume pattern, formats: consume formats, state: ReviewState(platformState: unit.state))
                    (base + count).initialize(to: consume made)
                    placed()
                }
            }, plurals: { number, plural in
                convert(plural: plural, selector: selectors[plural.entry.key],
                        origin: IndexedMessage(catalog: catalog, locale: tag, number: number), scratch: &scratch) {
                    text, pattern, formats, state, _ in
                    let made = TargetMessage(key: plural.entry.key, keyPosition: plural.entry.keyPosition, text: consume text,
                                             pattern: consume pattern, formats: consume formats, state: state)
                    (base + count).initialize(to: consume made)
                    placed()
                }
            }) { number, item in
                let origin = IndexedMessage(catalog: catalog, locale: tag, number: number)
                switch item {
                case .string(let entry, let form):
                    (base + count).initialize(to: appleTarget(string: form, key: entry.key, keyPosition: entry.keyPosition, file: catalog.file,
                                                              origin: origin))
                    placed()
                case .message(let message):
                    if let target = appleTarget(message, selectors: selectors, positions: nil, origin: origin, parts: scratch.arguments) {
                        (base + count).initialize(to: target)
                        placed()
                    }
                }
            }
        }
    }

    /// An indexed catalog, shared by the position functions of the messages made from it.
    /// Each locale's messages share one of their own (``init(_:)`` of the same index), made on
    /// the thread that makes them: its reference count and its file name's are then counted by
    /// that thread alone, not by every core at once.
    final class IndexedCatalog: Sendable {
        let index: XCStringsIndex
        /// The index's file name, in storage of this object's own.
        let file: String
        init(_ index: XCStringsIndex) {
            self.index = index
            file = String(decoding: Array(index.file.utf8), as: UTF8.self)
        }
    }

    /// Where an indexed catalog has a message: its locale and its number there
    /// (``XCStringsIndex/item(ofLocale:number:)``) — what a converted text keeps to find its
    /// positions, instead of the message's strings.
    struct IndexedMessage: Sendable {
        let catalog: IndexedCatalog
        let locale: String
        let number: Int32

        init(catalog: IndexedCatalog, locale: String, number: Int) {
            self.catalog = catalog
            self.locale = locale
            self.number = Int32(truncatingIfNeeded: number)
        }

        /// The message as ``XCStringsIndex/messages(ofLocale:translatableOnly:)`` has it, made again.
        var message: PlatformMessage? {
            switch catalog.index.item(ofLocale: locale, number: Int(number)) {
            case .string(let entry, let form)?:
                PlatformMessage(key: entry.key, keyPosition: entry.keyPosition, locale: locale, file: catalog.file, forms: [form],
                                comment: entry.comment, isTranslatable: entry.shouldTranslate ?? true)
            case .message(let message)?: message
            case nil: nil
            }
        }
    }

    /// A converted text of an indexed message (`text`: ``build(_:dialect:formats:positions:selector:tracking:)``
    /// of it, not tracking) whose positions are those of ``convert(_:dialect:formats:positions:selector:)``:
    /// the message is made again from the index and converted with tracking when a position is
    /// asked for. The text's position map is the message's place in the index (a case of it, no
    /// closure or object a message), holding no string of it.
    static func indexedText(_ text: String, origin: IndexedMessage, selector: Int?) -> PositionedText {
        PositionedText(text: text, file: origin.catalog.file, indexed: origin, selector: selector)
    }

    /// The file position of UTF-16 offset `offset` of an ``indexedText(_:origin:selector:)``.
    static func indexedPosition(_ origin: IndexedMessage, selector: Int?, offset: Int) -> SourcePosition {
        guard let message = origin.message,
              let builder = build(otherDevice(message), dialect: .apple, formats: nil, positions: nil, selector: selector, tracking: true)
        else { return SourcePosition(line: 1, column: 1) }
        let all = builder.positions(end: builder.positions.last ?? message.keyPosition)
        return all[min(max(0, offset), all.count - 1)]
    }

    /// ``appleSources(_:entries:sourceTag:file:positions:)`` of an indexed catalog's translatable
    /// entries: the source messages' texts keep their place in the index, not their messages.
    /// The source locale's localizations are in entry order (one at most an entry; the index
    /// rejects keys that are equal as Strings), so they are matched to their entries in one walk,
    /// without a table by key.
    ///
    /// `parts`: in up to this many runs on every core, each over a run of the source
    /// localizations and the entries from the first's to the next run's first's, joined in order.
    static func appleSources(_ catalog: IndexedCatalog, sourceTag: String, parts: Int = 1)
        -> (messages: [SourceMessage], selectors: [String: Int]) {
        let index = catalog.index
        let count = index.count(ofLocale: sourceTag)
        let runs = min(parts, count / 1000)
        guard runs > 1 else {
            var sources: [SourceMessage] = []
            sources.reserveCapacity(index.entries.count)
            let selectors = appleSources(catalog, sourceTag: sourceTag, numbers: 0..<count, entries: 0..<index.entries.count) {
                sources.append($0)
            }
            return (sources, selectors)
        }
        let firsts = (0...runs).map { r in
            // (localization, entry) where run `r` begins; the last: the ends.
            r == runs ? (count, index.entries.count)
                : r == 0 ? (0, 0) : (count * r / runs, index.entryNumber(ofLocale: sourceTag, number: count * r / runs))
        }
        // Each run's messages made in one buffer from its first entry's place on (an entry has
        // one source message at most), then moved together into the list.
        let made = MessageSlots(capacity: index.entries.count)
        defer { made.free() }
        let done = Mutex<[Int: (count: Int, selectors: [String: Int])]>([:])
        DispatchQueue.concurrentPerform(iterations: runs) { r in
            var at = firsts[r].1
            let selectors = appleSources(IndexedCatalog(index), sourceTag: sourceTag, numbers: firsts[r].0..<firsts[r + 1].0,
                                         entries: firsts[r].1..<firsts[r + 1].1) { message in
                (made.base + at).initialize(to: message)
                at += 1
            }
            let count = at - firsts[r].1
            done.withLock { $0[r] = (count, selectors) }
        }
        let runResults = done.withLock { $0 }
        var selectors: [String: Int] = [:]
        for r in 0..<runs { selectors.merge(runResults[r]!.selectors) { first, _ in first } }
        let sources = [SourceMessage](unsafeUninitializedCapacity: runResults.values.reduce(0) { $0 + $1.count }) { buffer, count in
            for r in 0..<runs {
                let n = runResults[r]!.count
                (buffer.baseAddress! + count).moveInitialize(from: made.base + firsts[r].1, count: n)
                count += n
            }
        }
        return (sources, selectors)
    }

    /// Room for source messages made on several threads, each in its own places.
    /// `@unchecked Sendable`: each run initializes only its own entries' places, and they are
    /// moved out (and the room let go) after every run is done.
    final class MessageSlots: @unchecked Sendable {
        let base: UnsafeMutablePointer<SourceMessage>
        init(capacity: Int) { base = .allocate(capacity: max(capacity, 1)) }
        func free() { base.deallocate() }
    }

    /// One run of ``appleSources(_:sourceTag:parts:)``: the source localizations `numbers` and
    /// the entries `entries` (those with and those without a source localization), each source
    /// message handed to `emit` in entry order; returns the plural selectors.
    static func appleSources(_ catalog: IndexedCatalog, sourceTag: String, numbers: Range<Int>, entries: Range<Int>,
                             emit: (consuming SourceMessage) -> Void) -> [String: Int] {
        let index = catalog.index
        let file = catalog.file
        var selectors: [String: Int] = [:]
        var next = entries.lowerBound  // the first entry not yet given its source message
        /// Entries before `end` without a source localization: the key itself, as the general path makes it.
        func keysUpTo(_ end: Int) {
            while next < end {
                let entry = index.entries[next]
                next += 1
                guard entry.shouldTranslate != false else { continue }
                let one = appleSources([], entries: [(entry.key, entry.keyPosition)], sourceTag: sourceTag, file: file, positions: nil)
                for message in one.messages { emit(message) }
                for (k, v) in one.selectors { selectors[k] = v }
            }
        }
        var scratch = UnitScratch()
        index.forEachNumbered(ofLocale: sourceTag, translatableOnly: true, numbers: numbers, units: { number, unit in
            let origin = IndexedMessage(catalog: catalog, locale: sourceTag, number: number)
            return convert(unit: unit, origin: origin, scratch: &scratch) { text, pattern, formats in
                keysUpTo(index.entryNumber(ofLocale: sourceTag, number: number))
                next += 1
                emit(SourceMessage(key: unit.entry.key, keyPosition: unit.entry.keyPosition, role: nil, text: text, pattern: pattern,
                                   formats: formats, keyFormat: keyFormat(unit.entry.key, at: unit.entry.keyPosition, file: file)))
            }
        }, plurals: { number, plural in
            let origin = IndexedMessage(catalog: catalog, locale: sourceTag, number: number)
            return convert(plural: plural, selector: nil, origin: origin, scratch: &scratch) { text, pattern, formats, _, selector in
                keysUpTo(index.entryNumber(ofLocale: sourceTag, number: number))
                next += 1
                selectors[plural.entry.key] = selector
                emit(SourceMessage(key: plural.entry.key, keyPosition: plural.entry.keyPosition, role: nil, text: text, pattern: pattern,
                                   formats: formats, keyFormat: keyFormat(plural.entry.key, at: plural.entry.keyPosition, file: file)))
            }
        }) { number, item in
            keysUpTo(index.entryNumber(ofLocale: sourceTag, number: number))
            next += 1
            let message: PlatformMessage
            switch item {
            case .string(let entry, let form):
                message = PlatformMessage(key: entry.key, keyPosition: entry.keyPosition, locale: sourceTag, file: file, forms: [form],
                                          comment: entry.comment, isTranslatable: entry.shouldTranslate ?? true)
            case .message(let m):
                message = otherDevice(m)
            }
            if let selector = pluralSelector(message, dialect: .apple) { selectors[message.key] = selector }
            let formats = formats(message, dialect: .apple, positions: nil)
            guard let built = build(message, dialect: .apple, formats: formats, positions: nil, selector: nil, tracking: false) else {
                return
            }
            let text = indexedText(built.text, origin: IndexedMessage(catalog: catalog, locale: sourceTag, number: number), selector: nil)
            emit(SourceMessage(key: message.key, keyPosition: message.keyPosition, role: nil, text: text,
                               pattern: applePattern(text.text, parts: scratch.arguments) ?? parse(text), formats: formats,
                               keyFormat: keyFormat(message.key, at: message.keyPosition, file: file)))
        }
        keysUpTo(entries.upperBound)
        return selectors
    }

    /// A String Catalog key with specifiers as the format the app calls
    /// (``SourceMessage/keyFormat``), for an entry whose source text is its own; nil for a key
    /// whose specifiers read no argument, or read like prose ("100% sure"). Most keys have no `%`.
    static func keyFormat(_ key: String, at position: SourcePosition, file: String) -> PlatformFormats.Form? {
        guard key.utf8.contains(0x25) else { return nil }
        let format = FormatString.parse(key, dialect: .apple)
        guard format.specifiers.contains(where: { $0.readsArgument && !$0.looksLikeProse }) else { return nil }
        return PlatformFormats.Form(path: "key", format: format, file: file, position: { _ in position })
    }

    /// A new array of `array`'s elements with room for them only.
    static func exactCopy<T>(_ array: [T]) -> [T] {
        if array.isEmpty { return [] }
        if array.capacity == array.count { return array }
        // Reserved then appended element by element (specialized), not
        // `init(unsafeUninitializedCapacity:)`, whose generic allocation looks the storage's type
        // up at run time for every copy, nor `append(contentsOf:)`, whose general path cost more
        // than the few elements a message's lists have.
        var copy: [T] = []
        copy.reserveCapacity(array.count)
        for element in array { copy.append(element) }
        return copy
    }

    /// `text` (ASCII, a literal) appended to `utf8`, copied from the literal's static buffer
    /// (appending a literal's `utf8` view went through its generic path, twice the work).
    @inline(__always)
    static func appendASCII(_ text: StaticString, to utf8: inout [UInt8]) {
        utf8.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Reused buffers of ``appleTarget(unit:origin:scratch:)``.
    struct UnitScratch {
        var utf8: [UInt8] = []
        var parts: [MessagePart] = []
        var specifiers: [FormatSpecifier] = []
        let arguments = ArgumentParts()
        /// Specifier lists made lately: a plural's cases, and a locale's messages, often print
        /// the same specifiers at the same places, and an equal list shares one's storage (a
        /// list of plain values: equal is the same) instead of being a new array.
        var recentSpecifiers: [[FormatSpecifier]] = []
        var nextRecent = 0

        /// `specifiers` as a list of its own: none or one in the value, two or more in an array
        /// of their own (or an equal one's made lately).
        mutating func specifierList() -> FormatSpecifiers {
            let n = specifiers.count
            if n < 2 { return FormatSpecifiers(copying: specifiers) }
            for k in recentSpecifiers.indices where recentSpecifiers[k].count == n && recentSpecifiers[k] == specifiers {
                return FormatSpecifiers(recentSpecifiers[k])
            }
            let list = PlatformInput.exactCopy(specifiers)
            if recentSpecifiers.count < 4 {
                recentSpecifiers.append(list)
            } else {
                recentSpecifiers[nextRecent] = list
                nextRecent = (nextRecent + 1) & 3
            }
            return FormatSpecifiers(list)
        }

        mutating func argument(start: Int, number: Int, isNumber: Bool, make: () -> MessagePart) -> MessagePart {
            arguments.part(start: start, number: number, isNumber: isNumber, make: make)
        }
    }

    /// Argument parts (`{N}`, `{N, number}`) made so far, by where they start, their number and
    /// whether they are numbers (all such a part holds): the messages of a locale whose
    /// `{1, number}` starts at the same offset share one part's storage instead of each boxing
    /// its own. One a locale being made (not shared between threads).
    final class ArgumentParts {
        // One a locale being made, used by one thread: no exclusivity checks per access.
        @exclusivity(unchecked) var slots: [MessagePart?] = []
        static let starts = 256
        static let numbers = 8

        func part(start: Int, number: Int, isNumber: Bool, make: () -> MessagePart) -> MessagePart {
            guard start < Self.starts, number < Self.numbers else { return make() }
            if slots.isEmpty { slots = Array(repeating: nil, count: Self.starts * Self.numbers * 2) }
            let slot = (start * Self.numbers + number) * 2 + (isNumber ? 1 : 0)
            if let part = slots[slot] { return part }
            let part = make()
            slots[slot] = part
            return part
        }
    }

    /// A one-string translation written without escapes, made from its bytes in one pass —
    /// ICU text, pattern and format together, without the string's `String` or a second
    /// reading — when it is text (without ICU's `'`, `{`, `}`) and specifiers without flags,
    /// width or precision (`%@`, `%lld`, `%2$@`, `%d`…): exactly what
    /// ``appleTarget(string:key:keyPosition:file:origin:)`` makes of it (tested against it). Nil
    /// for anything else, which that function then makes.
    static func appleTarget(unit: XCStringsIndex.RawUnit, origin: IndexedMessage, scratch: inout UnitScratch) -> TargetMessage? {
        var target: TargetMessage?
        convert(unit: unit, origin: origin, scratch: &scratch) { text, pattern, formats in
            target = TargetMessage(key: unit.entry.key, keyPosition: unit.entry.keyPosition, text: text, pattern: pattern, formats: formats,
                                   state: ReviewState(platformState: unit.state))
        }
        return target
    }

    /// The text, pattern and formats of ``appleTarget(unit:origin:scratch:)`` (a source message's
    /// too), handed to `made` (given them to keep, so that the message is made of them without a
    /// copy); false (and `made` not called) for a unit the one pass does not make.
    @discardableResult
    static func convert(unit: XCStringsIndex.RawUnit, origin: IndexedMessage, scratch: inout UnitScratch,
                        _ made: (consuming PositionedText, consuming MessagePattern, consuming PlatformFormats) -> Void) -> Bool {
        convert(unit: unit, origin: origin, scratch: &scratch, making: made) != nil
    }

    /// ``convert(unit:origin:scratch:_:)`` whose `make` makes the message and returns it (a
    /// message returned is moved to its place; one made in the closure given was copied there).
    static func convert<Made>(unit: XCStringsIndex.RawUnit, origin: IndexedMessage, scratch: inout UnitScratch,
                              making make: (consuming PositionedText, consuming MessagePattern, consuming PlatformFormats) -> Made) -> Made? {
        let bytes = unit.bytes
        let n = bytes.count
        scratch.utf8.removeAll(keepingCapacity: true)
        scratch.parts.removeAll(keepingCapacity: true)
        scratch.specifiers.removeAll(keepingCapacity: true)
        var u16 = 0
        var firstNumber: Int?
        guard appendPlain(bytes, inPlural: false, u16: &u16, firstNumber: &firstNumber, scratch: &scratch) else { return nil }
        guard u16 <= MessagePattern.maximumLength else { return nil }
        // The value's bytes are valid UTF-8 (the index's) cut at ASCII bytes, with ASCII added.
        let text = UTF8Validation.string(validated: scratch.utf8)
        // Copies of the exact size (`Array(scratch)` would share the scratch's storage, and the
        // next message would leave it to this one at the scratch's capacity).
        let file = origin.catalog.file
        let parts = scratch.specifiers.isEmpty ? (n == 0 ? [] : [.text(text, range: 0..<u16)]) : exactCopy(scratch.parts)
        return make(indexedText(text, origin: origin, selector: nil),
                    MessagePattern(source: text, parsedBody: MessageBody(parts: parts, range: 0..<u16)),
                    PlatformFormats(dialect: .apple, forms: [PlatformFormats.Form(path: "", format: FormatString(dialect: .apple, specifiers: scratch.specifierList(), problems: []),
                                                                                  file: file, jsonStringAt: unit.quote)]))
    }

    /// A plural localization whose cases are written without escapes (``XCStringsIndex/RawPlural``),
    /// made from their bytes in one pass when each case is what ``convert(unit:origin:scratch:)``
    /// makes in one pass (and has no `#`), the case names are ICU's plural keywords and one is
    /// `other`: the text, pattern, formats and state ``appleTarget(_:selectors:positions:origin:parts:)``
    /// makes of its message (tested against it), and the argument the plural is named after.
    /// `selector`: the source's (nil: the first number the `other` case prints, else 1, as
    /// ``pluralSelector(_:dialect:)`` has it). All handed to `made` (to keep); false (`made` not
    /// called) for anything else, which that function makes.
    @discardableResult
    static func convert(plural: XCStringsIndex.RawPlural, selector given: Int?, origin: IndexedMessage, scratch: inout UnitScratch,
                        _ made: (consuming PositionedText, consuming MessagePattern, consuming PlatformFormats, ReviewState, Int) -> Void)
        -> Bool {
        convert(plural: plural, selector: given, origin: origin, scratch: &scratch, making: made) != nil
    }

    /// ``convert(plural:selector:origin:scratch:_:)`` whose `make` makes the message and returns it.
    static func convert<Made>(plural: XCStringsIndex.RawPlural, selector given: Int?, origin: IndexedMessage, scratch: inout UnitScratch,
                              making make: (consuming PositionedText, consuming MessagePattern, consuming PlatformFormats, ReviewState, Int)
                                  -> Made) -> Made? {
        let count = plural.count
        guard count > 0 else { return nil }
        // Each case's keyword (`zero` is written =0), and which is `other`.
        var other = -1
        for k in 0..<count {
            switch pluralKeyword(plural.path(k)) {
            case nil: return nil
            case 5?: if other < 0 { other = k }
            default: break
            }
        }
        guard other >= 0 else { return nil }
        var u16 = 0
        let selector: Int
        if let given {
            selector = given
        } else {
            scratch.utf8.removeAll(keepingCapacity: true)
            scratch.parts.removeAll(keepingCapacity: true)
            scratch.specifiers.removeAll(keepingCapacity: true)
            var first: Int?
            guard appendPlain(plural.bytes(other), inPlural: true, u16: &u16, firstNumber: &first, scratch: &scratch) else { return nil }
            selector = first ?? 1
            u16 = 0
        }
        guard selector > 0 && selector <= 0x7FFF else { return nil }
        scratch.utf8.removeAll(keepingCapacity: true)
        scratch.parts.removeAll(keepingCapacity: true)
        // {S, plural, keyword {…} … }
        scratch.utf8.append(0x7B)
        appendDecimal(selector, to: &scratch.utf8)
        let nameRange = 1..<scratch.utf8.count
        appendASCII(", plural,", to: &scratch.utf8)
        u16 = scratch.utf8.count
        let styleStart = u16
        var cases: [PluralCase] = []
        cases.reserveCapacity(count)
        var forms: [PlatformFormats.Form] = []
        forms.reserveCapacity(count)
        var state = ReviewState.translated
        let file = origin.catalog.file
        for k in 0..<count {
            let path = plural.path(k)
            let keyword = pluralKeyword(path)!
            scratch.utf8.append(0x20)
            u16 += 1
            let selectorStart = u16
            // Literals (no String made a case).
            let selectorText = Self.pluralSelectorTexts[keyword]
            let pluralSelector: PluralSelector = keyword == 0 ? .explicit(0) : .keyword(selectorText)
            scratch.utf8.append(contentsOf: selectorText.utf8)
            u16 += selectorText.utf8.count
            let selectorRange = selectorStart..<u16
            appendASCII(" {", to: &scratch.utf8)
            u16 += 2
            let bodyStart = u16
            scratch.parts.removeAll(keepingCapacity: true)
            scratch.specifiers.removeAll(keepingCapacity: true)
            var first: Int?
            guard appendPlain(plural.bytes(k), inPlural: true, u16: &u16, firstNumber: &first, scratch: &scratch) else { return nil }
            cases.append(PluralCase(selector: pluralSelector, selectorText: selectorText, selectorRange: selectorRange,
                                    message: MessageBody(parts: exactCopy(scratch.parts), range: bodyStart..<u16)))
            scratch.utf8.append(0x7D)
            u16 += 1
            let format = FormatString(dialect: .apple, specifiers: scratch.specifierList(), problems: [])
            forms.append(PlatformFormats.Form(path: path, format: format, file: file, jsonStringAt: plural.quote(k)))
            switch ReviewState(platformState: plural.state(k)) {
            case .new: state = .new
            case .needsReview: if state != .new { state = .needsReview }
            case .translated: break
            }
        }
        scratch.utf8.append(0x7D)
        u16 += 1
        guard u16 <= MessagePattern.maximumLength else { return nil }
        let text = UTF8Validation.string(validated: scratch.utf8)
        let argument = ArgumentNode(name: String(selector), number: selector, nameRange: nameRange, range: 0..<u16,
                                    kind: .plural(PluralArgument(isOrdinal: false, offset: 0, offsetRange: nil, cases: cases,
                                                                 styleStart: styleStart)))
        return make(indexedText(text, origin: origin, selector: given),
                    MessagePattern(source: text, parsedBody: MessageBody(parts: [.argument(argument)], range: 0..<u16)),
                    PlatformFormats(dialect: .apple, forms: forms), state, selector)
    }

    /// The plural keyword a case path (`plural.one`) names, as a number: zero 0, one 1, two 2,
    /// few 3, many 4, other 5; nil for any other path.
    static func pluralKeyword(_ path: String) -> Int? {
        var path = path
        return path.withUTF8 { b -> Int? in
            // "plural." then the word, compared a byte at a time.
            guard b.count >= 10, b.count <= 12, b[0] == 0x70, b[1] == 0x6C, b[2] == 0x75, b[3] == 0x72, b[4] == 0x61, b[5] == 0x6C,
                  b[6] == 0x2E else { return nil }
            switch b.count {
            case 10:
                if b[7] == 0x6F && b[8] == 0x6E && b[9] == 0x65 { return 1 }  // one
                if b[7] == 0x74 && b[8] == 0x77 && b[9] == 0x6F { return 2 }  // two
                if b[7] == 0x66 && b[8] == 0x65 && b[9] == 0x77 { return 3 }  // few
            case 11:
                if b[7] == 0x7A && b[8] == 0x65 && b[9] == 0x72 && b[10] == 0x6F { return 0 }  // zero
                if b[7] == 0x6D && b[8] == 0x61 && b[9] == 0x6E && b[10] == 0x79 { return 4 }  // many
            default:
                if b[7] == 0x6F && b[8] == 0x74 && b[9] == 0x68 && b[10] == 0x65 && b[11] == 0x72 { return 5 }  // other
            }
            return nil
        }
    }

    /// The selector ``convert(plural:selector:origin:scratch:)`` writes for each ``pluralKeyword(_:)``.
    static let pluralSelectorTexts = ["=0", "one", "two", "few", "many", "other"]

    /// One value of ``convert(unit:origin:scratch:)`` (or a plural case's of
    /// ``convert(plural:selector:origin:scratch:)``, `inPlural`): its ICU text appended to
    /// `scratch.utf8` from UTF-16 offset `u16` (moved to its end), its pattern's parts to
    /// `scratch.parts` (outside a plural, none for a value without specifiers: the caller makes
    /// the one text part), its specifiers to `scratch.specifiers`; `firstNumber`: the argument of
    /// its first number specifier. False for a value the one pass does not make (then nothing
    /// made is used).
    static func appendPlain(_ bytes: UnsafeBufferPointer<UInt8>, inPlural: Bool, u16: inout Int, firstNumber: inout Int?,
                            scratch: inout UnitScratch) -> Bool {
        let n = bytes.count
        var i = 0
        var scalar = 0      // scalar offset in the value
        var run = 0         // where the current text run starts (bytes of the value)
        var runU16 = u16
        var sequential = 0
        let base = UnsafeRawPointer(bytes.baseAddress)
        func flush(_ end: Int) {
            guard end > run else { return }
            let text = UnsafeBufferPointer(rebasing: bytes[run..<end])
            scratch.utf8.append(contentsOf: text)
            // Text without an argument is the ICU text itself (its part shares that String).
            if !inPlural && run == 0 && end == n { return }
            // A run of the value's valid UTF-8 between ASCII bytes.
            scratch.parts.append(.text(UTF8Validation.string(validated: text), range: runU16..<u16))
        }
        while i < n {
            // Eight bytes at a time to the first that is `%`, `'`, `{`, `}`, `#` or not ASCII
            // (a borrow only marks bytes above such a byte, so the lowest mark is the first).
            if let base {
                let ones: UInt64 = 0x0101_0101_0101_0101
                while i + 8 <= n {
                    let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    let special = (((w ^ (ones &* 0x25)) &- ones) | ((w ^ (ones &* 0x27)) &- ones) | ((w ^ (ones &* 0x7B)) &- ones)
                                   | ((w ^ (ones &* 0x7D)) &- ones) | ((w ^ (ones &* 0x23)) &- ones) | w) & 0x8080_8080_8080_8080
                    let plain = special == 0 ? 8 : special.trailingZeroBitCount >> 3
                    i += plain
                    u16 += plain
                    scalar += plain
                    if plain < 8 { break }
                }
                guard i < n else { break }
            }
            let b = bytes[i]
            if b == 0x25 {  // %
                var j = i + 1
                var explicit: Int?
                if j < n, bytes[j] >= 0x31 && bytes[j] <= 0x39 {
                    var value = 0
                    while j < n, bytes[j] >= 0x30 && bytes[j] <= 0x39, value < 10_000 {
                        value = value * 10 + Int(bytes[j] - 0x30)
                        j += 1
                    }
                    guard j < n, bytes[j] == 0x24, value < 10_000 else { return false }  // $
                    explicit = value
                    j += 1
                }
                var lengthCode: UInt8 = 0  // FormatSpecifier's: none, l 3, ll 4
                if j + 1 < n, bytes[j] == 0x6C, bytes[j + 1] == 0x6C {  // ll
                    lengthCode = 4
                    j += 2
                } else if j < n, bytes[j] == 0x6C {  // l
                    lengthCode = 3
                    j += 1
                }
                guard j < n else { return false }
                let c = bytes[j]
                let isNumber: Bool
                switch c {
                case 0x40, 0x73, 0x63, 0x53, 0x43, 0x70: isNumber = false  // @ s c S C p
                case 0x64, 0x44, 0x69, 0x75, 0x55, 0x6F, 0x4F, 0x78, 0x58, 0x65, 0x45, 0x66, 0x46, 0x67, 0x47: isNumber = true  // dDiuUoOxXeEfFgG
                default: return false  // %%, %arg, flags, width, precision, other lengths, a lone %: the general path
                }
                flush(i)
                let argument: Int
                if let explicit { argument = explicit } else { sequential += 1; argument = sequential }
                if isNumber && firstNumber == nil { firstNumber = argument }
                let count = j + 1 - i
                scratch.specifiers.append(.plainApple(ascii: UnsafeBufferPointer(rebasing: bytes[i...j]), range: scalar..<scalar + count,
                                                      explicit: explicit, argument: argument, lengthCode: lengthCode))
                scalar += count
                // {N} or {N, number}, and its node as the parser makes it.
                let start = u16
                scratch.utf8.append(0x7B)
                let digitsStart = scratch.utf8.count
                appendDecimal(argument, to: &scratch.utf8)
                let digits = scratch.utf8.count - digitsStart
                let nameRange = start + 1..<start + 1 + digits
                if isNumber {
                    appendASCII(", number}", to: &scratch.utf8)
                    u16 = nameRange.upperBound + 9
                } else {
                    scratch.utf8.append(0x7D)
                    u16 = nameRange.upperBound + 1
                }
                let end = u16
                let part = scratch.argument(start: start, number: argument, isNumber: isNumber) {
                    let name = String(argument)  // the digits written above
                    let kind: ArgumentKind
                    if isNumber {
                        let typeStart = nameRange.upperBound + 2
                        kind = .simple(SimpleArgument(type: .number, typeText: "number", typeRange: typeStart..<typeStart + 6,
                                                      styleText: nil, styleRange: nil, style: .number(.default)))
                    } else {
                        kind = .none
                    }
                    return .argument(ArgumentNode(name: name, number: argument, nameRange: nameRange, range: start..<end, kind: kind))
                }
                scratch.parts.append(part)
                i = j + 1
                run = i
                runU16 = u16
                continue
            }
            if b == 0x27 || b == 0x7B || b == 0x7D || (b == 0x23 && inPlural) { return false }  // ' { } (# in a plural): quoted by the general path
            if b < 0x80 {
                i += 1
                u16 += 1
            } else {
                let width = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                i += width
                u16 += width == 4 ? 2 : 1
            }
            scalar += 1
        }
        flush(n)
        return true
    }

    /// A `.xcstrings` translation that is one string (path `""`): what
    /// ``appleTarget(_:selectors:positions:)`` makes of its one-form message — the same ICU text,
    /// formats, pattern, state and positions (tested against it) — without making the message
    /// but when a finding asks for a position.
    /// `origin`: where an indexed catalog has it (positions are then made from the index, and
    /// the form is not kept).
    static func appleTarget(string form: PlatformForm, key: String, keyPosition: SourcePosition, file: String,
                            origin: IndexedMessage? = nil) -> TargetMessage {
        let format = FormatString.parse(form.value, dialect: .apple)
        let formats = PlatformFormats(dialect: .apple,
                                      forms: [PlatformFormats.Form(path: "", format: format, file: file, jsonStringAt: form.position)])
        var builder = Builder(tracking: false)
        appendFormatText(form.value, dialect: .apple, format: format, inPlural: false, builder: &builder) { name, argument, at, b in
            // What build(_:…) writes for a substitution of a message that has none: its argument.
            b.synthetic("{", at: at)
            b.synthetic(argument.map(String.init) ?? identifier(name), at: at)
            b.synthetic("}", at: at)
        }
        let text = origin.map { indexedText(builder.text, origin: $0, selector: nil) } ?? lazilyPositioned(builder.text, file: file) {
            let message = PlatformMessage(key: key, keyPosition: keyPosition, locale: "", file: file, forms: [form])
            let tracked = build(message, dialect: .apple, formats: formats, positions: nil, selector: nil, tracking: true)!
            return tracked.positions(end: tracked.positions.last ?? keyPosition)
        }
        return TargetMessage(key: key, keyPosition: keyPosition, text: text, pattern: applePattern(text.text) ?? parse(text),
                             formats: formats, state: ReviewState(platformState: form.state))
    }

    /// A message that varies by device only (`device.iphone`, `device.other`…) is checked as
    /// its `other` device's text; the other devices' variants are not checked.
    static func otherDevice(_ message: PlatformMessage) -> PlatformMessage {
        guard !message.forms.contains(where: { $0.path.isEmpty || $0.path.hasPrefix("plural.") }),
              message.forms.contains(where: { $0.path == "device.other" || $0.path.hasPrefix("device.other.") }) else { return message }
        var result = message
        result.forms = message.forms.compactMap { form in
            guard form.path == "device.other" || form.path.hasPrefix("device.other.") else { return nil }
            var f = form
            f.path = form.path == "device.other" ? "" : String(form.path.dropFirst("device.other.".count))
            return f
        }
        return result
    }

    /// The least finished state among a message's strings (device variants aside).
    static func state(of message: PlatformMessage) -> ReviewState {
        var result = ReviewState.translated
        for form in message.forms where !form.path.hasPrefix("device.") {
            switch ReviewState(platformState: form.state) {
            case .new: return .new
            case .needsReview: result = .needsReview
            case .translated: break
            }
        }
        return result
    }
}
