import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// Turns platform catalogs — an `.xcstrings` file, an Android `res/` folder, an XLIFF file — into
/// the checker's input, so teams can check what they ship without converting anything.
///
/// Each string becomes the ICU message it means: printf specifiers become numbered arguments
/// (`%1$s` → `{1}`, `%d` → `{1, number}`), plural variations and `<plurals>` become
/// `{count, plural, one {…} other {…}}`, a `.xcstrings` substitution `%#@name@` becomes a plural
/// on the argument it takes (`{2, plural, …}`, `%arg` as `#`). The printf formats themselves are
/// kept too (``PlatformFormats``), as the platform's formatter reads them, for `format-mismatch`.
/// Every character keeps the file position it came from, so findings point into the
/// `.xcstrings`, `strings.xml` or XLIFF file. Device variations are not checked.
///
/// Android resources are identified by type and name, as aapt2 does: `string/seconds`,
/// `plurals/seconds` and `array/seconds` are three resources, and a translation is matched in
/// every file of its locale's folder, whatever the file is called.
///
/// ```swift
/// let input = try PlatformInput.load(path: "app/src/main/res")
/// input.tables.map(\.name)                  // ["strings"]
/// input.tables[0].messages[0].key           // "string/app_name"
/// input.tables[0].locales.map(\.tag)        // ["ko"]
/// ```
public enum PlatformInput {
    /// Why a path cannot be checked as a platform catalog.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Whether `path` is a platform catalog: a `.xcstrings` or XLIFF file, an Android values
    /// file, or a folder with `values/` or `values-…/` folders (an Android `res/`).
    public static func recognizes(_ path: String) -> Bool { CatalogPath.kind(of: path) != nil }

    static func isXLIFF(_ path: String) -> Bool { CatalogPath.kind(of: path) == .xliff }

    /// A folder holding `values` or `values-<qualifiers>` folders.
    public static func isAndroidResources(_ path: String) -> Bool { CatalogPath.isAndroidResourceFolder(path) }

    static func directoryExists(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    /// Loads `path` (see ``recognizes(_:)``). `sourceLocale` is the language of Android's
    /// default `values/` folder (`.xcstrings` and XLIFF files name theirs).
    /// With `deferringLocales`, the translations of each locale are read when the checker gets
    /// to them (``CheckInput/deferredLocales``): what `speakable check` does, so that a large
    /// input is never in memory whole.
    public static func load(path: String, sourceLocale: String = "en", settings: CheckSettings = CheckSettings(),
                            deferringLocales: Bool = false) throws(Failure) -> CheckInput {
        if path.hasSuffix(".xcstrings") { return try xcstrings(path: path, settings: settings, deferringLocales: deferringLocales) }
        if isXLIFF(path) { return try xliff(path: path, settings: settings) }
        var directory = path
        if path.hasSuffix(".xml") {
            // res/values/strings.xml → res
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            directory = parts.count >= 3 ? parts.dropLast(2).joined(separator: "/") : "."
            if directory.isEmpty { directory = "/" }
        }
        return try android(directory: directory, sourceLocale: sourceLocale, settings: settings, deferringLocales: deferringLocales)
    }

    static func join(_ a: String, _ b: String) -> String {
        a == "." ? b : a.hasSuffix("/") ? a + b : a + "/" + b
    }

    static func display(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

    static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        try InputFile.read(path).mapError { failure(path, $0) }.get()
    }

    /// ``readBytes(_:)`` mapped (``InputFile/map(_:limit:)``).
    static func mapBytes(_ path: String) throws(Failure) -> InputFile.Mapped {
        try InputFile.map(path).mapError { failure(path, $0) }.get()
    }

    static func failure(_ path: String, _ problem: InputFile.Problem) -> Failure {
        switch problem {
        case .tooLarge(let size): Failure(description: "\(path) is \(size) bytes; the limit is \(InputFile.maximumSize >> 20) MiB")
        case .unreadable: Failure(description: "cannot read \(path)")
        }
    }

    static func parse(_ text: PositionedText) -> MessagePattern? { try? MessagePattern(text.text) }

    // MARK: .xcstrings

    static func xcstrings(path: String, settings: CheckSettings, deferringLocales: Bool = false) throws(Failure) -> CheckInput {
        let file = display(path)
        // A catalog without problems is indexed (where each localization is in the file's
        // bytes) and each locale's messages are made from the bytes when it is checked: memory
        // holds the index (which has the strings' bytes) and one locale, not the file, which is
        // mapped (not copied) while it is indexed.
        let bytes: [UInt8]
        do {
            let mapped = try mapBytes(path)
            if let index = mapped.withBytes({ XCStringsIndex.read($0, file: file) }) {
                return xcstrings(index, settings: settings, deferringLocales: deferringLocales)
            }
            bytes = mapped.bytes
        }
        // Anything else is read entry by entry (never one tree), with every diagnostic, each
        // entry's localizations kept as platform messages by locale.
        var entries: [(key: String, position: SourcePosition, translatable: Bool)] = []
        var byLocale: [String: [PlatformMessage]] = [:]
        let read = XCStringsReader.read(bytes, file: file) { entry in
            entries.append((entry.key, entry.keyPosition, entry.shouldTranslate != false))
            for message in entry.messages(file: file) { byLocale[message.locale, default: []].append(message) }
        }
        guard let catalog = read.catalog else {
            return CheckInput(sourceTag: "en", sourceLocale: .english, tables: [], settings: settings, inputDiagnostics: read.diagnostics)
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
        let source = appleSources(catalog, sourceTag: sourceTag)
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
        // Each message returned by the conversion and moved to its place in the list (made in
        // the conversion's closure and appended, about 50 million instructions more at 110k
        // strings: its parts were copied into it and the originals destroyed).
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
                // given to keep, each moved on with `consume` (returned as `TargetMessage?` and
                // then put there, 11 million instructions more at 110k strings; the message is
                // still built on the stack and copied there: see docs/checker-speed.md).
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
                    (base + count).initialize(to: appleTarget(string: form, key: entry.key, keyPosition: entry.keyPosition, file: index.file,
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
    final class IndexedCatalog: Sendable {
        let index: XCStringsIndex
        init(_ index: XCStringsIndex) { self.index = index }
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
                PlatformMessage(key: entry.key, keyPosition: entry.keyPosition, locale: locale, file: catalog.index.file, forms: [form],
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
        PositionedText(text: text, file: origin.catalog.index.file, indexed: origin, selector: selector)
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
    static func appleSources(_ catalog: IndexedCatalog, sourceTag: String) -> (messages: [SourceMessage], selectors: [String: Int]) {
        let index = catalog.index
        let file = index.file
        var sources: [SourceMessage] = []
        sources.reserveCapacity(index.entries.count)
        var selectors: [String: Int] = [:]
        var next = 0  // the first entry not yet given its source message
        /// Entries before `end` without a source localization: the key itself, as the general path makes it.
        func keysUpTo(_ end: Int) {
            while next < end {
                let entry = index.entries[next]
                next += 1
                guard entry.shouldTranslate != false else { continue }
                let one = appleSources([], entries: [(entry.key, entry.keyPosition)], sourceTag: sourceTag, file: file, positions: nil)
                sources += one.messages
                for (k, v) in one.selectors { selectors[k] = v }
            }
        }
        var scratch = UnitScratch()
        index.forEachNumbered(ofLocale: sourceTag, translatableOnly: true, units: { number, unit in
            let origin = IndexedMessage(catalog: catalog, locale: sourceTag, number: number)
            return convert(unit: unit, origin: origin, scratch: &scratch) { text, pattern, formats in
                keysUpTo(index.entryNumber(ofLocale: sourceTag, number: number))
                next += 1
                sources.append(SourceMessage(key: unit.entry.key, keyPosition: unit.entry.keyPosition, role: nil, text: text,
                                             pattern: pattern, formats: formats,
                                             keyFormat: keyFormat(unit.entry.key, at: unit.entry.keyPosition, file: file)))
            }
        }, plurals: { number, plural in
            let origin = IndexedMessage(catalog: catalog, locale: sourceTag, number: number)
            return convert(plural: plural, selector: nil, origin: origin, scratch: &scratch) { text, pattern, formats, _, selector in
                keysUpTo(index.entryNumber(ofLocale: sourceTag, number: number))
                next += 1
                selectors[plural.entry.key] = selector
                sources.append(SourceMessage(key: plural.entry.key, keyPosition: plural.entry.keyPosition, role: nil, text: text,
                                             pattern: pattern, formats: formats,
                                             keyFormat: keyFormat(plural.entry.key, at: plural.entry.keyPosition, file: file)))
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
            sources.append(SourceMessage(key: message.key, keyPosition: message.keyPosition, role: nil, text: text,
                                         pattern: applePattern(text.text, parts: scratch.arguments) ?? parse(text), formats: formats,
                                         keyFormat: keyFormat(message.key, at: message.keyPosition, file: file)))
        }
        keysUpTo(index.entries.count)
        return (sources, selectors)
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
        let text = String(decoding: scratch.utf8, as: UTF8.self)
        // Copies of the exact size (`Array(scratch)` would share the scratch's storage, and the
        // next message would leave it to this one at the scratch's capacity).
        let file = origin.catalog.index.file
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
        let file = origin.catalog.index.file
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
        let text = String(decoding: scratch.utf8, as: UTF8.self)
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
            scratch.parts.append(.text(String(decoding: text, as: UTF8.self), range: runU16..<u16))
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

    // MARK: XLIFF

    /// XLIFF 2.0 (what `speakable compile` writes: ICU messages) or Xcode's XLIFF 1.2 (printf
    /// formats, `key|==|plural.one` units). One table per `<file>`; the target language is the
    /// only translation.
    static func xliff(path: String, settings: CheckSettings) throws(Failure) -> CheckInput {
        let file = display(path)
        let bytes = try readBytes(path)
        let read = XLIFFReader.read(bytes, file: file)
        guard let document = read.document else {
            return CheckInput(sourceTag: "en", sourceLocale: .english, tables: [], settings: settings, inputDiagnostics: read.diagnostics)
        }
        let raw = RawText(bytes)
        let sourceTag = document.sourceLanguage.isEmpty ? "en" : document.sourceLanguage
        var diagnostics = read.diagnostics
        if document.version.hasPrefix("1") {
            // Xcode: printf formats. Each <file> is one catalog; the language pair is per file.
            var tables: [CheckTable] = []
            for (xliffFile, messages) in document.xcodeMessages(useTarget: false, file: file) {
                let targets = document.xcodeMessages(useTarget: true, file: file).first { $0.file.position == xliffFile.position }?.messages ?? []
                let entries = messages.map { ($0.key, $0.keyPosition) }
                let input = appleInput(messages: messages + targets, entries: entries, sourceTag: messages.first?.locale ?? sourceTag,
                                       table: xliffFile.original ?? xliffFile.id, file: file, settings: settings, diagnostics: [],
                                       positions: { raw.positions($0) })
                tables += input.tables
            }
            if tables.isEmpty { diagnostics.append(noMessages(file, "it has no <trans-unit>")) }
            return CheckInput(sourceTag: tables.isEmpty ? sourceTag : sourceTag, sourceLocale: (try? ICULocale(sourceTag)) ?? .english,
                              tables: tables, settings: settings, inputDiagnostics: diagnostics)
        }
        // XLIFF 2.0: ICU MessageFormat in <source> and <target>.
        let targetTag = document.targetLanguage
        var tables: [CheckTable] = []
        for xliffFile in document.files {
            var sources: [SourceMessage] = []
            var targets: [TargetMessage] = []
            for unit in xliffFile.units {
                guard let source = unit.source else { continue }
                let text = raw.positioned(source, file: file)
                // What `speakable compile` writes in notes: the role and the exemptions.
                let role = unit.notes.first { $0.category == "role" }.flatMap { Role(rawValue: $0.text) }
                var exemptions: [String: String] = [:]
                for note in unit.notes where note.category == "exempt" {
                    guard let colon = note.text.firstIndex(of: ":") else { continue }
                    exemptions[String(note.text[..<colon])] = String(note.text[note.text.index(after: colon)...].trimmingSpaces)
                }
                sources.append(SourceMessage(key: unit.id, keyPosition: unit.position, role: role, text: text, pattern: parse(text),
                                             exemptions: exemptions))
                if let target = unit.target {
                    let t = raw.positioned(target, file: file)
                    targets.append(TargetMessage(key: unit.id, keyPosition: target.position, text: t, pattern: parse(t),
                                                 state: ReviewState(platformState: unit.state)))
                }
            }
            var locales: [TargetLocale] = []
            if let targetTag, let locale = try? ICULocale(targetTag) {
                locales.append(TargetLocale(tag: targetTag, locale: locale, file: file, messages: targets))
            }
            tables.append(CheckTable(name: xliffFile.id, file: file, messages: sources, locales: locales))
        }
        // Spoken length needs the project's examples (the XLIFF has only their formatted text):
        // it is the project's check, not the translator's file's.
        var xliffSettings = settings
        xliffSettings.budgets = [:]
        return CheckInput(sourceTag: sourceTag, sourceLocale: (try? ICULocale(sourceTag)) ?? .english, tables: tables,
                          settings: xliffSettings, inputDiagnostics: diagnostics)
    }

    static func noMessages(_ file: String, _ why: String) -> Diagnostic {
        Diagnostic(severity: .error, id: "no-messages", message: "\(file) holds no messages to check: \(why)", file: file,
                   position: SourcePosition(line: 1, column: 1))
    }

    // MARK: Android

    /// A resource's identity: its type and name (`string/seconds`, `plurals/seconds`,
    /// `array/weekdays`), as aapt2 and `R` name it.
    static func key(_ resource: AndroidResource) -> String? {
        switch resource.kind {
        case .string: "string/" + resource.name
        case .plurals: "plurals/" + resource.name
        case .stringArray: "array/" + resource.name
        case .other: nil
        }
    }

    static func elementName(_ key: String) -> String {
        key.hasPrefix("string/") ? "<string>" : key.hasPrefix("plurals/") ? "<plurals>" : "<string-array>"
    }

    struct ReadFile {
        let name: String
        var resources: AndroidResourceFile
        /// A file with nothing to report, its plain `<string>`s read straight from its bytes and
        /// its other elements one by one (``AndroidResourceReader/readStrings(_:)``); then
        /// ``resources`` has none.
        var plain: AndroidPlainStrings? = nil

        /// Its resources in file order: runs of plain strings, each followed by the other
        /// resources after it (one run of resources when the file was read whole).
        var runs: [(strings: ArraySlice<AndroidPlainStrings.Entry>, resources: [AndroidResource])] {
            guard let plain else { return [([], resources.resources)] }
            return plain.runs.map { ($0.strings, $0.others.map(\.resource)) }
        }

        /// How many resources it has.
        var count: Int { plain.map { $0.strings.count + $0.others.count } ?? resources.resources.count }

        /// The `tools:ignore` attribute of its `<resources>`, whichever reader read it.
        var rootToolsIgnore: String? { plain.map(\.rootToolsIgnore) ?? resources.toolsIgnore }
    }

    /// The files of one values folder with string resources, and the problems reading them.
    /// `plain`: files without problems are read without an XML tree, but for elements other than
    /// plain `<string>`s.
    static func readFolder(_ folder: String, in directory: String, plain: Bool = false, diagnostics: inout [Diagnostic]) -> [ReadFile] {
        let path = join(directory, folder)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
        var result: [ReadFile] = []
        for name in files {
            let full = join(path, name)
            guard InputFile.isInside(full, root: directory) else {
                diagnostics.append(Diagnostic(severity: .error, id: "input-outside-project",
                                              message: "this file is a symbolic link that leads out of the resources folder; it is not read",
                                              file: display(full)))
                continue
            }
            let data: [UInt8]
            switch InputFile.read(full) {
            case .success(let bytes): data = bytes
            case .failure(let problem):
                diagnostics.append(problem.diagnostic(file: display(full)))
                continue
            }
            if plain, let strings = AndroidResourceReader.readStrings(data) {
                if !strings.strings.isEmpty || strings.others.contains(where: { key($0.resource) != nil }) {
                    result.append(ReadFile(name: name, resources: AndroidResourceFile(file: display(full), locale: nil, resources: []),
                                           plain: strings))
                }
                continue
            }
            let parsed = AndroidResourceReader.read(data, file: display(full))
            diagnostics += parsed.diagnostics
            if let file = parsed.file, file.resources.contains(where: { key($0) != nil }) {
                result.append(ReadFile(name: name, resources: file))
            }
        }
        return result
    }

    /// What reading a locale's translations needs of the source (values/).
    struct AndroidSource: Sendable {
        let directory: String
        /// Per file of values/: its name (without `.xml`) and the keys not to be translated.
        let tables: [(name: String, untranslatable: Set<String>)]
        /// The table each source key is in.
        let tableOfKey: [String: Int]
        /// The source's name for each plural's argument.
        let pluralNames: [String: String]
    }

    static func android(directory: String, sourceLocale: String, settings: CheckSettings,
                        deferringLocales: Bool = false) throws(Failure) -> CheckInput {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        let folders = names.filter { ($0 == "values" || $0.hasPrefix("values-")) && directoryExists(join(directory, $0)) }
        guard folders.contains("values") else {
            let others = folders.isEmpty ? "" : " (it has \(folders.prefix(3).joined(separator: ", "))\(folders.count > 3 ? ", …" : ""))"
            throw Failure(description: "\(display(directory)) has no values/ folder\(others): give an Android res/ folder; without default strings in values/, aapt2 drops every translation (\"removing resource … without required default value\")")
        }
        var diagnostics: [Diagnostic] = []
        let source = (try? ICULocale(sourceLocale)) ?? .english
        let sourceFiles = readFolder("values", in: directory, plain: true, diagnostics: &diagnostics)

        // Locale folders (values-ko, values-b+sr+Latn, and their variants such as values-ko-night),
        // and folders without a locale (values-night, values-v21): the latter hold the source
        // language's alternatives, so text in another language there is a misplaced translation.
        var targetFolders: [(folder: String, tag: String)] = []
        for folder in folders where folder != "values" {
            if let tag = AndroidQualifiers.localeTag(forValuesFolder: folder) {
                targetFolders.append((folder, tag))
            } else {
                let files = readFolder(folder, in: directory, diagnostics: &diagnostics)
                diagnostics += languageCheck(files, folder: folder, expected: source, sourceTag: sourceLocale, isDefault: false)
            }
        }
        diagnostics += languageCheck(sourceFiles, folder: "values", expected: source, sourceTag: sourceLocale, isDefault: true)

        // The source messages, one table per file of values/; a resource is defined once.
        var tables: [(name: String, file: String, messages: [SourceMessage], untranslatable: Set<String>)] = []
        var tableOfKey: [String: Int] = [:]
        var definedAt: [String: (String, SourcePosition)] = [:]
        /// Records where `key` is first defined; false (and, from another file, an error) when it
        /// was defined before — aapt2 refuses a second definition in another file, and within
        /// one file the reader has reported it already.
        func define(_ key: String, in definingFile: String, at position: SourcePosition) -> Bool {
            if let (firstFile, first) = definedAt[key] {
                if firstFile != definingFile {
                    diagnostics.append(Diagnostic(severity: .error, id: "android-duplicate-resource",
                                                  message: "\(key) is defined again (first in \(firstFile) at \(first)): aapt2 fails with \"duplicate value for resource\"",
                                                  file: definingFile, position: position))
                }
                return false
            }
            definedAt[key] = (definingFile, position)
            return true
        }
        var pluralNames: [String: String] = [:]
        // TalkBack click labels (role `action`) by name; no other string has a role.
        let clickLabels = settings.androidClickLabels
        for file in sourceFiles {
            // `tools:ignore` on `<resources>` applies to every resource of the file.
            let fileIgnoresMissing = AndroidLint.ignores(file.rootToolsIgnore, "MissingTranslation")
            var messages: [SourceMessage] = []
            messages.reserveCapacity(file.count)
            var untranslatable = Set<String>()
            var scratch = PlainScratch()
            let site = file.plain.map(PlainStringsSite.init)
            // In file order: plain strings and other resources are defined first where they come first.
            for run in file.runs {
                // Plain strings: the same as the resources below, without them.
                for index in run.strings.indices {
                    let entry = run.strings[index]
                    let key = "string/" + entry.name
                    guard define(key, in: file.resources.file, at: entry.namePosition) else { continue }
                    tableOfKey[key] = tables.count
                    guard entry.isTranslatable else { untranslatable.insert(key); continue }
                    let (text, pattern, formats) = plainParts(site!, index, file: file.resources.file, scratch: &scratch)
                    messages.append(SourceMessage(key: key, keyPosition: entry.namePosition, role: clickLabels.matches(entry.name) ? .action : nil,
                                                  text: text, pattern: pattern, exemptions: exemptions(toolsIgnore: entry.toolsIgnore, fileIgnoresMissing: fileIgnoresMissing),
                                                  formats: formats))
                }
                for resource in run.resources {
                    guard let key = key(resource), !resource.name.isEmpty else { continue }
                    guard define(key, in: file.resources.file, at: resource.namePosition) else { continue }
                    tableOfKey[key] = tables.count
                    guard resource.isTranslatable else { untranslatable.insert(key); continue }
                    if resource.kind == .plurals { pluralNames[key] = pluralName(resource) }
                    guard let formats = formats(resource, file: file.resources.file),
                          let text = convert(resource, formats: formats, pluralName: pluralNames[key]) else { continue }
                    let role: Role? = resource.kind == .string && clickLabels.matches(resource.name) ? .action : nil
                    messages.append(SourceMessage(key: key, keyPosition: resource.namePosition, role: role, text: text,
                                                  pattern: simplePattern(text.text) ?? parse(text),
                                                  exemptions: exemptions(toolsIgnore: resource["tools:ignore"], fileIgnoresMissing: fileIgnoresMissing),
                                                  formats: formats))
                }
            }
            tables.append((String(file.name.dropLast(4)), file.resources.file, messages, untranslatable))
        }

        // Translations, by locale: every file of the locale's folders, matched by type and name;
        // with `deferringLocales`, read when the checker gets to the locale.
        let androidSource = AndroidSource(directory: directory, tables: tables.map { ($0.name, $0.untranslatable) },
                                          tableOfKey: tableOfKey, pluralNames: pluralNames)
        var byTag: [String: [String]] = [:]
        for (folder, tag) in targetFolders { byTag[tag, default: []].append(folder) }
        var locales: [[TargetLocale]] = Array(repeating: [], count: tables.count)
        var deferred: [DeferredLocale] = []
        for tag in byTag.keys.sorted() {
            guard let icuLocale = try? ICULocale(tag) else { continue }
            let folders = byTag[tag]!
            if deferringLocales {
                deferred.append(DeferredLocale(tag: tag, read: {
                    let read = androidLocale(tag: tag, locale: icuLocale, folders: folders, source: androidSource)
                    return (read.locales.map { $0 }, read.diagnostics)
                }, stream: { begin, visit in
                    for table in androidSource.tables.indices {
                        begin(table, TargetLocale(tag: tag, locale: icuLocale, file: "", messages: []))
                    }
                    let read = androidLocale(tag: tag, locale: icuLocale, folders: folders, source: androidSource, keeping: false) {
                        visit($0, $1, $2)
                    }
                    return (read.locales.map { $0 }, read.diagnostics)
                }))
            } else {
                let read = androidLocale(tag: tag, locale: icuLocale, folders: folders, source: androidSource)
                diagnostics += read.diagnostics
                for (index, target) in read.locales.enumerated() { locales[index].append(target) }
            }
        }
        let checkTables = tables.enumerated().map { index, table in
            CheckTable(name: table.name, file: table.file, messages: table.messages, locales: locales[index])
        }
        return CheckInput(sourceTag: sourceLocale, sourceLocale: source, tables: checkTables, settings: settings,
                          inputDiagnostics: diagnostics, deferredLocales: deferred)
    }

    /// One locale's translations of every table: the files of its folders (`values-ko`,
    /// `values-ko-night`…), each resource matched to the source by type and name.
    /// `visit`: given each message as soon as it is in its table's list (the table's index, the
    /// message, its index in the list); `keeping` false: each message is destroyed once visited
    /// and the lists returned are empty.
    static func androidLocale(tag: String, locale: ICULocale, folders: [String], source: AndroidSource, keeping: Bool = true,
                              visit: (Int, UnsafeMutablePointer<TargetMessage>, Int) -> Void = { _, _, _ in })
        -> (locales: [TargetLocale], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let directory = source.directory
        let tables = source.tables
        var groups = folders.map { (folder: $0, files: readFolder($0, in: directory, plain: true, diagnostics: &diagnostics)) }
        var perTable: [[TargetMessage]] = Array(repeating: [], count: tables.count)
        // Room for every resource read, in its own table's list when the table is known: a list
        // grown by doubling holds up to twice its messages, and both buffers while it grows.
        var expected = Array(repeating: 0, count: tables.count)
        for (_, files) in groups {
            for file in files {
                let sameName = tables.firstIndex { $0.name + ".xml" == file.name } ?? 0
                if tables.indices.contains(sameName) { expected[sameName] += file.count }
            }
        }
        for index in perTable.indices { perTable[index].reserveCapacity(keeping ? expected[index] : 1) }
        // Each table's untranslatable keys, out of the tables' tuples (reading a tuple's member
        // of an array element copied the whole tuple, twice per translation).
        let untranslatable = tables.map(\.untranslatable)
        /// The message just appended to `table`'s list handed to `visit`, and kept or destroyed.
        var counts = Array(repeating: 0, count: tables.count)
        func appended(_ table: Int) {
            let number = counts[table]
            counts[table] += 1
            perTable[table].withUnsafeMutableBufferPointer { visit(table, $0.baseAddress! + ($0.count - 1), number) }
            if !keeping { perTable[table].removeLast() }
        }
        for g in groups.indices {
            for f in groups[g].files.indices {
                let name = groups[g].files[f].name
                let file = groups[g].files[f].resources.file
                // The resources are taken out of the file (their list is then this loop's alone) and
                // each one's XML text, attributes and items are let go once it is converted: a
                // locale's resources and its messages are not all in memory at once.
                var resources = groups[g].files[f].resources.resources
                groups[g].files[f].resources.resources = []
                let sameName = tables.firstIndex { $0.name + ".xml" == name }
                /// A resource read by the reader (a whole file's, or an element other than a plain string).
                func translation(_ resource: AndroidResource) {
                    guard let key = key(resource), !resource.name.isEmpty else { return }
                    let table = source.tableOfKey[key] ?? sameName ?? 0
                    // Translations of untranslatable strings are Android Lint's business, not extra keys.
                    if tables.indices.contains(table), tables[table].untranslatable.contains(key) { return }
                    guard tables.indices.contains(table), let formats = formats(resource, file: file),
                          let text = convert(resource, formats: formats, pluralName: source.pluralNames[key]) else { return }
                    perTable[table].append(TargetMessage(key: key, keyPosition: resource.namePosition, text: text,
                                                         pattern: simplePattern(text.text) ?? parse(text), formats: formats))
                    appended(table)
                }
                if let plain = groups[g].files[f].plain {
                    groups[g].files[f].plain = nil
                    var scratch = PlainScratch()
                    let site = PlainStringsSite(plain)
                    for run in plain.runs {
                        for index in run.strings.indices {
                            let key = "string/" + site.strings[index].name
                            // One table: every key is in it (no lookup needed).
                            let table = tables.count == 1 ? 0 : source.tableOfKey[key] ?? sameName ?? 0
                            guard table >= 0 && table < untranslatable.count, untranslatable[table].isEmpty || !untranslatable[table].contains(key)
                            else { continue }
                            perTable[table].append(plainMessage(site, index, file: file, key: key, scratch: &scratch))
                            appended(table)
                        }
                        for other in run.others { translation(other.resource) }
                    }
                    continue
                }
                for r in resources.indices {
                    defer { release(&resources[r]) }
                    translation(resources[r])
                }
            }
        }
        // The file a table's translations belong in: the same name in the locale's own folder.
        let primary = groups.first { AndroidQualifiers.valuesFolder(for: tag) == $0.folder } ?? groups[0]
        var locales: [TargetLocale] = []
        for (index, table) in tables.enumerated() {
            let fileName = table.name + ".xml"
            // A file that is there but could not be read (its errors are reported) exists.
            let onDisk = groups.lazy.map { display(join(join(directory, $0.folder), fileName)) }
                .first { FileManager.default.fileExists(atPath: $0) }
            let path = onDisk ?? display(join(join(directory, primary.folder), fileName))
            locales.append(TargetLocale(tag: tag, locale: locale, file: path, fileExists: onDisk != nil || counts[index] > 0,
                                        messages: perTable[index]))
        }
        return (locales, diagnostics)
    }

    /// `tools:ignore="MissingTranslation"` (or `"all"`) on the resource or on its file's
    /// `<resources>` as an exemption from `missing-translation`.
    /// `fileIgnoresMissing`: the file's `<resources>` has it.
    static func exemptions(toolsIgnore: String?, fileIgnoresMissing: Bool = false) -> [String: String] {
        if AndroidLint.ignores(toolsIgnore, "MissingTranslation") {
            return [Rule.missingTranslation.rawValue: "tools:ignore=\"MissingTranslation\""]
        }
        if fileIgnoresMissing {
            return [Rule.missingTranslation.rawValue: "tools:ignore=\"MissingTranslation\" on <resources>"]
        }
        return [:]
    }

    /// A plain `<string>` (``AndroidPlainStrings``, the `index`th of `site`'s) as a translation:
    /// the same text, formats and positions as ``formats(_:file:)`` and
    /// ``convert(_:formats:pluralName:)`` give its resource, made without one.
    /// `scratch`: what is reused from message to message (``PlainScratch``). Inlined: the
    /// message is then made where it is stored, not copied there.
    @inline(__always)
    static func plainMessage(_ site: PlainStringsSite, _ index: Int, file: String, key: String,
                             scratch: inout PlainScratch) -> TargetMessage {
        // Taken apart at once: reading each member of the tuple copied all of it.
        let (text, pattern, formats) = plainParts(site, index, file: file, scratch: &scratch)
        return TargetMessage(key: key, keyPosition: site.strings[index].namePosition, text: text, pattern: pattern, formats: formats)
    }

    /// A plain `<string>`'s ICU text, pattern and formats (a source message's or a translation's).
    /// Their positions are the file's shared `site` and the string's index in it: no object or
    /// closure is made per string. Inlined: the tuple is then never copied.
    @inline(__always)
    static func plainParts(_ site: PlainStringsSite, _ index: Int, file: String,
                           scratch: inout PlainScratch) -> (text: PositionedText, pattern: MessagePattern?, formats: PlatformFormats) {
        let value = site.strings[index].text
        let format = FormatString.parse(value, dialect: .java)
        let formats = PlatformFormats(dialect: .java, forms: [
            PlatformFormats.Form(path: "", format: format, file: file, plainString: site, index: index)])
        let text = PositionedText(text: icuText(value, format: format, scratch: &scratch.utf8), file: file, plainString: site, index: index)
        return (text, simplePattern(text.text, arguments: scratch.arguments) ?? parse(text), formats)
    }

    /// What converting a file's plain strings reuses from one string to the next: a buffer for
    /// the ICU text, and the argument parts made so far (``ArgumentParts``: the same `{1, number}`
    /// at the same offset of many strings is one part).
    struct PlainScratch {
        var utf8: [UInt8] = []
        let arguments = ArgumentParts()

        init() { utf8.reserveCapacity(256) }
    }

    /// `{number}` or `{number, number}` at UTF-16 offset `start`, as the parser reads it.
    static func argumentPart(number: Int, isNumber: Bool, at start: Int) -> MessagePart {
        let name = String(number)
        let nameLength = name.utf8.count
        let kind: ArgumentKind
        let length: Int
        if isNumber {
            let typeStart = start + 1 + nameLength + 2
            kind = .simple(SimpleArgument(type: .number, typeText: "number", typeRange: typeStart..<typeStart + 6, styleText: nil,
                                          styleRange: nil, style: .number(.default)))
            length = nameLength + 10
        } else {
            kind = .none
            length = nameLength + 2
        }
        return .argument(ArgumentNode(name: name, number: number, nameRange: start + 1..<start + 1 + nameLength,
                                      range: start..<start + length, kind: kind))
    }

    /// The pattern of ICU text that is plain text and `{N}` / `{N, number}` arguments (no
    /// apostrophe, no other brace: a converted `<string>` whose text needs no quoting), built
    /// directly; nil for anything else (then ``MessagePattern/init(_:)`` parses it). The tree is
    /// the parser's (tested against it).
    static func simplePattern(_ text: String) -> MessagePattern? { simplePattern(text, cache: nil) }

    /// ``simplePattern(_:)``, its argument parts taken from `arguments` (made once for many strings).
    static func simplePattern(_ text: String, arguments: ArgumentParts) -> MessagePattern? {
        simplePattern(text, cache: arguments)
    }

    private static func simplePattern(_ text: String, cache: ArgumentParts?) -> MessagePattern? {
        var utf8 = text
        return utf8.withUTF8 { bytes -> MessagePattern? in
            let n = bytes.count
            var parts: [MessagePart] = []
            var arguments = 0
            for b in bytes where b == 0x7B { arguments += 1 }
            if arguments > 0 { parts.reserveCapacity(2 * arguments + 1) }
            var i = 0
            var u16 = 0
            var textByte = 0
            var textU16 = 0
            while i < n {
                let b = bytes[i]
                if b == 0x27 || b == 0x7D { return nil }  // ' }
                if b != 0x7B {  // {
                    u16 += b >= 0xF0 ? 2 : (b & 0xC0 == 0x80 ? 0 : 1)
                    i += 1
                    continue
                }
                if i > textByte {
                    parts.append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[textByte..<i]), as: UTF8.self),
                                       range: textU16..<u16))
                }
                var j = i + 1
                guard j < n, bytes[j] >= 0x31 && bytes[j] <= 0x39 else { return nil }
                var number = 0
                while j < n, bytes[j] >= 0x30 && bytes[j] <= 0x39 {
                    number = number * 10 + Int(bytes[j] - 0x30)
                    if number > 0x7FFF { return nil }
                    j += 1
                }
                let isNumber: Bool
                let end: Int
                if j < n && bytes[j] == 0x7D {
                    isNumber = false
                    end = j + 1
                } else {
                    // ", number}"
                    guard j + 9 <= n, bytes[j] == 0x2C, bytes[j + 1] == 0x20, bytes[j + 2] == 0x6E, bytes[j + 3] == 0x75,
                          bytes[j + 4] == 0x6D, bytes[j + 5] == 0x62, bytes[j + 6] == 0x65, bytes[j + 7] == 0x72, bytes[j + 8] == 0x7D
                    else { return nil }
                    isNumber = true
                    end = j + 9
                }
                let start = u16
                parts.append(cache?.part(start: start, number: number, isNumber: isNumber) { argumentPart(number: number, isNumber: isNumber, at: start) }
                                 ?? argumentPart(number: number, isNumber: isNumber, at: start))
                u16 += end - i
                i = end
                textByte = i
                textU16 = u16
            }
            guard u16 <= MessagePattern.maximumLength else { return nil }
            if textByte == 0 {
                return MessagePattern(source: text, parsedBody: MessageBody(parts: n == 0 ? [] : [.text(text, range: 0..<u16)], range: 0..<u16))
            }
            if i > textByte {
                parts.append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[textByte..<i]), as: UTF8.self), range: textU16..<u16))
            }
            return MessagePattern(source: text, parsedBody: MessageBody(parts: parts, range: 0..<u16))
        }
    }

    /// One `<string>`'s value (not in a plural) as ICU text: the value itself when it has no
    /// specifier and nothing ICU would read as syntax.
    static func icuText(_ value: String, format: FormatString, scratch: inout [UInt8]) -> String {
        if format.specifiers.isEmpty && format.problems.isEmpty && !hasICUSyntax(value) { return value }
        var builder = Builder(reusing: &scratch)
        appendFormatText(value, dialect: .java, format: format, inPlural: false, builder: &builder) { name, _, at, b in
            b.synthetic("{\(name)}", at: at)
        }
        swap(&builder.utf8, &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Whether `value` has a character ICU reads as syntax in plain text (`'`, `{`, `}`).
    static func hasICUSyntax(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            for b in bytes where b == 0x27 || b == 0x7B || b == 0x7D { return true }
            return false
        }
    }

    /// The plain strings of one file, for the positions asked of their messages: one object that
    /// all of the file's messages share (their text's and their form's positions are this and the
    /// string's index), holding the file's bytes and its strings as the scanner read them.
    final class PlainStringsSite: Sendable {
        let source: [UInt8]
        let strings: [AndroidPlainStrings.Entry]

        init(_ plain: AndroidPlainStrings) {
            self.source = plain.source
            self.strings = plain.strings
        }

        /// The `index`th string's value, as the resource reader gives it.
        func value(_ index: Int) -> AndroidString {
            let entry = strings[index]
            return AndroidString(text: entry.text, rawXML: String(decoding: source[entry.contentRange], as: UTF8.self), position: entry.contentStart)
        }

        /// The file position of a Unicode scalar offset in the `index`th string's value.
        func formPosition(_ index: Int, _ offset: Int) -> SourcePosition { alignment(value(index))(offset) }

        /// The file position of a UTF-16 offset in the `index`th string's ICU text (clamped to it).
        func textPosition(_ index: Int, _ offset: Int) -> SourcePosition {
            let all = positions(index)
            return all[min(max(0, offset), all.count - 1)]
        }

        /// Each UTF-16 unit of the `index`th string's ICU text with its file position, and the end's.
        func positions(_ index: Int) -> [SourcePosition] {
            var builder = Builder(tracking: true)
            let value = self.value(index)
            appendFormat(value.text, dialect: .java, parsed: FormatString.parse(value.text, dialect: .java), position: alignment(value),
                         inPlural: false, builder: &builder) { name, _, at, b in
                b.synthetic("{\(name)}", at: at)
            }
            return builder.positions(end: builder.positions.last ?? strings[index].position)
        }
    }

    /// Lets go of what a converted resource no longer needs (its value stays with the
    /// message's positions, which read it when a finding asks).
    static func release(_ resource: inout AndroidResource) {
        resource.rawXML = ""
        resource.rawComments = ""
        resource.attributes = []
        resource.comment = nil
        resource.value = nil
        resource.items = []
    }

    /// A folder whose name says no locale but whose strings are written in another script than
    /// the source language's: a translation that Android would show as the source (or, in
    /// `values-night/`, instead of it).
    static func languageCheck(_ files: [ReadFile], folder: String, expected: ICULocale, sourceTag: String, isDefault: Bool) -> [Diagnostic] {
        let scripts = Set(expected.scripts)
        guard !scripts.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        for file in files {
            var counts: [String: Int] = [:]
            for entry in file.plain?.strings ?? [] where entry.isTranslatable {
                // ASCII text (most source strings) has only Latin letters: counted without asking
                // each letter's properties and script.
                var latin = 0
                var ascii = true
                for b in entry.text.utf8 {
                    if b >= 0x80 { ascii = false; break }
                    if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) { latin += 1 }
                }
                if ascii {
                    if latin > 0 { counts["Latn", default: 0] += latin }
                    continue
                }
                for (script, n) in UnicodeScript.letterCounts(entry.text) { counts[script, default: 0] += n }
            }
            for resource in file.resources.resources + (file.plain?.others.map(\.resource) ?? []) where resource.isTranslatable {
                let texts = resource.value.map { [$0.text] } ?? resource.items.map(\.value.text)
                // Specifiers add a few Latin letters (`%s`); too few to tip a file of text.
                for text in texts {
                    for (script, n) in UnicodeScript.letterCounts(text) { counts[script, default: 0] += n }
                }
            }
            let total = counts.values.reduce(0, +)
            guard total >= 20, let (dominant, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                  !scripts.contains(dominant), count * 2 > total else { continue }
            let share = count * 100 / total
            let language = guessLanguage(script: dominant)
            let target = language.map { AndroidQualifiers.valuesFolder(for: $0) + "/" } ?? "values-<language>/"
            diagnostics.append(Diagnostic(
                severity: .error, id: "unlabeled-locale",
                message: "\(file.resources.file) is in \(folder)/, \(isDefault ? "the source language (\(sourceTag))" : "a folder without a locale, read as the source language (\(sourceTag))"), but \(share)% of its letters are \(scriptName(dominant)): \(language.map { "it looks like a \($0) translation" } ?? "it looks like a translation")",
                file: file.resources.file, position: SourcePosition(line: 1, column: 1),
                hint: isDefault ? "if the app's default language is \(language ?? "that language"), pass --source-locale \(language ?? "<tag>"); if it is a translation, move it to \(target)"
                                : "move it to a folder that names its locale (\(target))"))
        }
        return diagnostics
    }

    static func scriptName(_ script: String) -> String {
        ["Hang": "Hangul", "Hani": "Han", "Hira": "Hiragana", "Kana": "Katakana", "Cyrl": "Cyrillic", "Arab": "Arabic",
         "Hebr": "Hebrew", "Grek": "Greek", "Thai": "Thai", "Deva": "Devanagari", "Latn": "Latin", "Beng": "Bengali"][script] ?? script
    }

    static func guessLanguage(script: String) -> String? {
        ["Hang": "ko", "Hira": "ja", "Kana": "ja", "Hebr": "he", "Thai": "th", "Grek": "el", "Arab": "ar", "Cyrl": "ru",
         "Hani": "zh", "Latn": "en"][script]
    }

    // MARK: Platform formats

    /// `positions`: nil for a `.xcstrings` file's JSON strings (``jsonPosition(_:)``).
    static func formats(_ message: PlatformMessage, dialect: PrintfFormat.Dialect,
                        positions: ((PlatformForm) -> @Sendable (Int) -> SourcePosition)?) -> PlatformFormats {
        var forms: [PlatformFormats.Form] = []
        forms.reserveCapacity(message.forms.count)
        for form in message.forms where !form.path.hasPrefix("device.") {
            var substitution: String?
            if form.path.hasPrefix("substitutions.") {
                let rest = form.path.dropFirst("substitutions.".count)
                if let range = rest.firstRange(of: ".plural.") { substitution = String(rest[..<range.lowerBound]) }
            }
            let format = FormatString.parse(form.value, dialect: dialect)
            if let positions {
                forms.append(PlatformFormats.Form(path: form.path, format: format, file: message.file, substitution: substitution,
                                                  position: positions(form)))
            } else {
                forms.append(PlatformFormats.Form(path: form.path, format: format, file: message.file, substitution: substitution,
                                                  jsonStringAt: form.position))
            }
        }
        var substitutions: [String: PlatformFormats.Substitution] = [:]
        for s in message.substitutions {
            substitutions[s.name] = PlatformFormats.Substitution(argument: s.argumentNumber, formatSpecifier: s.formatSpecifier)
        }
        return PlatformFormats(dialect: dialect, forms: forms, substitutions: substitutions)
    }

    static func formats(_ resource: AndroidResource, file: String) -> PlatformFormats? {
        var forms: [PlatformFormats.Form] = []
        switch resource.kind {
        case .string:
            guard let value = resource.value else { return nil }
            forms.append(PlatformFormats.Form(path: "", format: FormatString.parse(value.text, dialect: .java), file: file,
                                              position: lazyAlignment(value)))
        case .plurals:
            for item in resource.items {
                forms.append(PlatformFormats.Form(path: "plural." + (item.quantity ?? "other"),
                                                  format: FormatString.parse(item.value.text, dialect: .java), file: file,
                                                  position: lazyAlignment(item.value)))
            }
        case .stringArray:
            // Apps format array items too (DeskClock: String.format(getStringArray(…)[i], days, hours, minutes)).
            for (index, item) in resource.items.enumerated() {
                forms.append(PlatformFormats.Form(path: "item.\(index)", format: FormatString.parse(item.value.text, dialect: .java),
                                                  file: file, position: lazyAlignment(item.value)))
            }
        case .other:
            return nil
        }
        return PlatformFormats(dialect: .java, forms: forms)
    }

    // MARK: Conversion to ICU

    /// ICU text under construction. Positions are kept only when `tracking` (each UTF-16 unit
    /// with the file position it stands for): a message's text is made once without them, and
    /// again with them only when a finding needs a position.
    struct Builder {
        let tracking: Bool
        var utf8: [UInt8] = []
        var units: [UInt16] = []
        var positions: [SourcePosition] = []

        init(tracking: Bool) {
            self.tracking = tracking
            if !tracking { utf8.reserveCapacity(64) }
        }

        /// Text (not tracking) written into `buffer`'s storage (emptied first).
        init(reusing buffer: inout [UInt8]) {
            tracking = false
            buffer.removeAll(keepingCapacity: true)
            swap(&utf8, &buffer)
        }

        mutating func synthetic(_ text: String, at position: @autoclosure () -> SourcePosition) {
            if tracking {
                let p = position()
                for u in text.utf16 { units.append(u); positions.append(p) }
            } else {
                utf8.append(contentsOf: text.utf8)
            }
        }

        mutating func literal(_ scalar: Unicode.Scalar, at position: @autoclosure () -> SourcePosition, inPlural: Bool) {
            switch scalar {
            case "'": synthetic("''", at: position())
            case "{": synthetic("'{'", at: position())
            case "}": synthetic("'}'", at: position())
            case "#" where inPlural: synthetic("'#'", at: position())
            default:
                if tracking {
                    let p = position()
                    for u in UTF16.encode(scalar)! { units.append(u); positions.append(p) }
                } else {
                    utf8.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
        }

        /// The text (not tracking).
        var text: String { String(decoding: utf8, as: UTF8.self) }

        /// Each UTF-16 unit's position and the end's (tracking).
        func positions(end: SourcePosition) -> [SourcePosition] { positions + [end] }
    }

    /// A converted text whose positions come from converting again with `tracking` when asked.
    static func lazilyPositioned(_ text: String, file: String,
                                 positions: @escaping @Sendable () -> [SourcePosition]) -> PositionedText {
        PositionedText(text: text, file: file) { offset in
            let all = positions()
            return all[min(max(0, offset), all.count - 1)]
        }
    }

    /// One printf format (a form's value) appended as ICU text, read as the platform reads it
    /// (``FormatString``): every specifier that reads argument N becomes `{N}` (`{N, number}`
    /// for numbers); `%%` and Java's `%n` are text; what the platform rejects or would read by
    /// accident ("100% sure") stays text — `format-mismatch` reports it. `position(i)` is the
    /// file position of the value's i-th scalar. `poundArgument`: inside a substitution, the
    /// argument `%arg` stands for (printed as `#`).
    static func appendFormat(_ value: String, dialect: PrintfFormat.Dialect, parsed: FormatString? = nil, position: (Int) -> SourcePosition,
                             inPlural: Bool, builder: inout Builder, substitution: (String, Int?, SourcePosition, inout Builder) -> Void) {
        let format = parsed ?? FormatString.parse(value, dialect: dialect)
        if !builder.tracking {
            appendFormatText(value, dialect: dialect, format: format, inPlural: inPlural, builder: &builder, substitution: substitution)
            return
        }
        let scalars = Array(value.unicodeScalars)
        let tracking = builder.tracking
        let nowhere = SourcePosition(line: 0, column: 0)
        var offset = 0
        func text(upTo end: Int) {
            while offset < end {
                builder.literal(scalars[offset], at: position(offset), inPlural: inPlural)
                offset += 1
            }
        }
        for spec in format.specifiers {
            text(upTo: spec.range.lowerBound)
            let at = tracking ? position(spec.range.lowerBound) : nowhere
            // What the platform does with it: the one reading import and compile share.
            let role = format.role(of: spec)
            if case .text = role {
                // Rejected, prose ("100% sure"), a relative `%<s` with nothing before it:
                // text (format-mismatch reports it).
                text(upTo: spec.range.upperBound)
                continue
            }
            offset = spec.range.upperBound
            switch role {
            case .text:
                continue
            case .percent:
                builder.literal("%", at: at, inPlural: inPlural)
            case .lineBreak:
                builder.literal("\n", at: at, inPlural: inPlural)
            case .substitutionArgument:
                builder.synthetic(inPlural ? "#" : "{count, number}", at: at)
            case .substitution(let name, let argument):
                substitution(name, argument, at, &builder)
            case .argument(let number):
                switch spec.conversion {
                case "d", "D", "i", "u", "U", "o", "O", "x", "X", "e", "E", "f", "F", "g", "G", "a", "A":
                    builder.synthetic("{\(number), number}", at: at)
                default:
                    builder.synthetic("{\(number)}", at: at)
                }
            }
        }
        text(upTo: scalars.count)
    }

    /// ``appendFormat(_:dialect:parsed:position:inPlural:builder:substitution:)`` without
    /// positions: the same text, copied from the value's UTF-8 a run at a time (only ICU's
    /// syntax characters are quoted, all ASCII).
    static func appendFormatText(_ value: String, dialect: PrintfFormat.Dialect, format: FormatString, inPlural: Bool,
                                 builder: inout Builder, substitution: (String, Int?, SourcePosition, inout Builder) -> Void) {
        let nowhere = SourcePosition(line: 0, column: 0)
        var value = value
        value.withUTF8 { bytes in
            var b = 0   // byte offset
            var s = 0   // scalar offset
            @inline(__always) func length(_ byte: UInt8) -> Int { byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4 }
            func copy(toScalar end: Int) {
                var run = b
                while s < end && b < bytes.count {
                    let byte = bytes[b]
                    if byte == 0x27 || byte == 0x7B || byte == 0x7D || (byte == 0x23 && inPlural) {
                        builder.utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<b]))
                        builder.utf8.append(0x27)
                        if byte != 0x27 { builder.utf8.append(byte) }
                        builder.utf8.append(0x27)
                        b += 1
                        run = b
                    } else {
                        b += length(byte)
                    }
                    s += 1
                }
                builder.utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<min(b, bytes.count)]))
            }
            func skip(toScalar end: Int) {
                while s < end && b < bytes.count {
                    b += length(bytes[b])
                    s += 1
                }
            }
            for spec in format.specifiers {
                copy(toScalar: spec.range.lowerBound)
                // What the platform does with it: the one reading import and compile share.
                let role = format.role(of: spec)
                let number: Int
                switch role {
                case .text:
                    // Rejected, prose, a relative `%<s` with nothing before it: text.
                    copy(toScalar: spec.range.upperBound)
                    continue
                case .percent:
                    skip(toScalar: spec.range.upperBound)
                    builder.utf8.append(0x25)
                    continue
                case .lineBreak:
                    skip(toScalar: spec.range.upperBound)
                    builder.utf8.append(0x0A)
                    continue
                case .substitutionArgument:
                    skip(toScalar: spec.range.upperBound)
                    builder.synthetic(inPlural ? "#" : "{count, number}", at: nowhere)
                    continue
                case .substitution(let name, let argument):
                    skip(toScalar: spec.range.upperBound)
                    substitution(name, argument, nowhere, &builder)
                    continue
                case .argument(let n):
                    skip(toScalar: spec.range.upperBound)
                    number = n
                }
                let conversion = spec.conversionScalar < 0x80 ? UInt8(spec.conversionScalar) : 0
                builder.utf8.append(0x7B)
                appendDecimal(number, to: &builder.utf8)
                switch conversion {
                case 0x64, 0x44, 0x69, 0x75, 0x55, 0x6F, 0x4F, 0x78, 0x58, 0x65, 0x45, 0x66, 0x46, 0x67, 0x47, 0x61, 0x41:  // dDiuUoOxXeEfFgGaA
                    appendASCII(", number}", to: &builder.utf8)
                default:
                    builder.utf8.append(0x7D)
                }
            }
            copy(toScalar: Int.max)
        }
    }

    /// The decimal digits of `number` (≥ 0) as UTF-8, without making a String.
    static func appendDecimal(_ number: Int, to utf8: inout [UInt8]) {
        if number < 0 {
            utf8.append(contentsOf: String(number).utf8)
        } else if number < 10 {
            utf8.append(UInt8(0x30 + number))
        } else {
            appendDecimal(number / 10, to: &utf8)
            utf8.append(UInt8(0x30 + number % 10))
        }
    }

    /// Positions in a `.xcstrings` JSON string: the opening quote plus the offset (escapes
    /// before the offset are not counted).
    static func jsonPosition(_ form: PlatformForm) -> @Sendable (Int) -> SourcePosition {
        let start = form.position
        return { SourcePosition(line: start.line, column: start.column + 1 + $0) }
    }

    /// A `.xcstrings` (or Xcode XLIFF) message as ICU text. Plurals are named after the
    /// argument they select on, so that a source with a substitution (`%2$#@count@`) and a
    /// translation without one (`%2$lld`) name the same argument.
    /// The argument a whole-message plural selects on: the first number its `other` form
    /// prints (as the source string's "%lld stars" passes it), else 1.
    static func pluralSelector(_ message: PlatformMessage, dialect: PrintfFormat.Dialect) -> Int? {
        let pluralForms = message.pluralForms
        guard !pluralForms.isEmpty else { return nil }
        let sample = (pluralForms.first { $0.category == "other" } ?? pluralForms[0]).form.value
        return firstNumber(sample, dialect: dialect) ?? 1
    }

    static func firstNumber(_ format: String, dialect: PrintfFormat.Dialect) -> Int? {
        FormatString.parse(format, dialect: dialect).specifiers.first {
            $0.substitution == nil && $0.readsArgument && "dDiuUoOxXeEfFgGaA".contains($0.conversion) && !$0.looksLikeProse
        }?.argument
    }

    /// `selector`: the source's plural argument, so that every locale names it the same.
    /// `formats`: the message's formats, parsed once (``formats(_:dialect:positions:)``).
    static func convert(_ message: PlatformMessage, dialect: PrintfFormat.Dialect, formats: PlatformFormats? = nil,
                        positions: (@Sendable (PlatformForm) -> @Sendable (Int) -> SourcePosition)?,
                        selector: Int? = nil) -> PositionedText? {
        guard let text = build(message, dialect: dialect, formats: formats, positions: positions, selector: selector,
                               tracking: false) else { return nil }
        return lazilyPositioned(text.text, file: message.file) {
            let builder = build(message, dialect: dialect, formats: formats, positions: positions, selector: selector, tracking: true)!
            return builder.positions(end: builder.positions.last ?? message.keyPosition)
        }
    }

    static func build(_ message: PlatformMessage, dialect: PrintfFormat.Dialect, formats: PlatformFormats?,
                      positions: ((PlatformForm) -> @Sendable (Int) -> SourcePosition)?, selector: Int?, tracking: Bool) -> Builder? {
        var builder = Builder(tracking: tracking)
        let nowhere: @Sendable (Int) -> SourcePosition = { _ in SourcePosition(line: 0, column: 0) }
        func position(_ form: PlatformForm) -> @Sendable (Int) -> SourcePosition {
            if tracking { return positions?(form) ?? jsonPosition(form) }
            return nowhere
        }
        func parsed(_ form: PlatformForm) -> FormatString? { formats?.forms.first { $0.path == form.path }?.format }
        func plural(_ name: String, forms: [(category: String, form: PlatformForm)], at: SourcePosition, builder: inout Builder) {
            // Written a piece at a time (no interpolated strings made per message).
            builder.synthetic("{", at: at)
            builder.synthetic(name, at: at)
            builder.synthetic(", plural,", at: at)
            for (category, form) in forms {
                // Apple's `zero` variation is used for 0 in every language: ICU's =0.
                builder.synthetic(" ", at: form.position)
                builder.synthetic(category == "zero" ? "=0" : category, at: form.position)
                builder.synthetic(" {", at: form.position)
                appendFormat(form.value, dialect: dialect, parsed: parsed(form), position: position(form), inPlural: true,
                             builder: &builder) { _, _, p, b in
                    b.synthetic("#", at: p)
                }
                builder.synthetic("}", at: form.position)
            }
            builder.synthetic("}", at: at)
        }
        let pluralForms = message.pluralForms
        if !pluralForms.isEmpty {
            // The variation is chosen by the format's first number: name the plural after it.
            let selector = selector ?? pluralSelector(message, dialect: dialect) ?? 1
            plural(String(selector), forms: pluralForms, at: message.keyPosition, builder: &builder)
        } else if let text = message.text {
            appendFormat(text.value, dialect: dialect, parsed: parsed(text), position: position(text), inPlural: false,
                         builder: &builder) { name, argument, at, b in
                let forms = message.pluralForms(ofSubstitution: name)
                let number = message.substitutions.first { $0.name == name }?.argumentNumber ?? argument
                let argumentName = number.map(String.init) ?? identifier(name)
                if forms.isEmpty { b.synthetic("{\(argumentName)}", at: at) } else { plural(argumentName, forms: forms, at: at, builder: &b) }
            }
        } else {
            return nil
        }
        return builder
    }

    /// The pattern of a converted Apple string (``build(_:dialect:formats:positions:selector:tracking:)``)
    /// whose ICU text is text, `{N}`, `{N, number}` and plurals `{N, plural, one {…} other {…}}`
    /// as that conversion writes them (selectors `=0` and ICU's plural keywords, an `other` case,
    /// bodies of text, `#` and those arguments), without an apostrophe: built from the text in
    /// one pass, exactly as ``MessagePattern/init(_:)`` parses it (tested against the parser on
    /// many converted strings); nil for anything else, which the parser then reads.
    /// `parts`: argument parts to share with other messages (``ArgumentParts``).
    static func applePattern(_ text: String, parts: ArgumentParts? = nil) -> MessagePattern? {
        var source = text
        return source.withUTF8 { bytes -> MessagePattern? in
            var reader = ConvertedText(bytes: bytes, shared: parts)
            guard let body = reader.body(inPlural: false), reader.i == bytes.count, reader.u16 <= MessagePattern.maximumLength else {
                return nil
            }
            return MessagePattern(source: text, parsedBody: body)
        }
    }

    /// Reads the ICU text ``applePattern(_:)`` builds patterns of: UTF-8 in, UTF-16 offsets out.
    struct ConvertedText {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var u16 = 0
        var shared: ArgumentParts?

        init(bytes: UnsafeBufferPointer<UInt8>, shared: ArgumentParts? = nil) {
            self.bytes = bytes
            self.shared = shared
        }

        func matches(_ word: StaticString) -> Bool {
            guard i + word.utf8CodeUnitCount <= bytes.count else { return false }
            for k in 0..<word.utf8CodeUnitCount where bytes[i + k] != word.utf8Start[k] { return false }
            return true
        }

        /// A message (to the end of the text) or a plural case's (to its `}`, left unread).
        mutating func body(inPlural: Bool) -> MessageBody? {
            var parts: [MessagePart] = []
            let start = u16
            var textByte = i
            var textU16 = u16
            func flush() {
                if i > textByte {
                    parts.append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[textByte..<i]), as: UTF8.self),
                                       range: textU16..<u16))
                }
            }
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case 0x27: return nil  // ' (quoting: the parser's)
                case 0x7D:  // }
                    guard inPlural else { return nil }
                    flush()
                    return MessageBody(parts: exactCopy(parts), range: start..<u16)
                case 0x23 where inPlural:  // #
                    flush()
                    parts.append(.pound(range: u16..<u16 + 1))
                    i += 1
                    u16 += 1
                    textByte = i
                    textU16 = u16
                case 0x7B:  // {
                    flush()
                    let argumentStart = u16
                    guard let argument = argument(inPlural: inPlural) else { return nil }
                    // `{N}` and `{N, number}` are all their number and start (no leading zero).
                    switch argument.kind {
                    case .none where shared != nil && argument.number != nil:
                        parts.append(shared!.part(start: argumentStart, number: argument.number!, isNumber: false) { .argument(argument) })
                    case .simple where shared != nil && argument.number != nil:
                        parts.append(shared!.part(start: argumentStart, number: argument.number!, isNumber: true) { .argument(argument) })
                    default:
                        parts.append(.argument(argument))
                    }
                    textByte = i
                    textU16 = u16
                default:
                    u16 += b >= 0xF0 ? 2 : (b & 0xC0 == 0x80 ? 0 : 1)
                    i += 1
                }
            }
            guard !inPlural else { return nil }
            flush()
            return MessageBody(parts: exactCopy(parts), range: start..<u16)
        }

        /// `{N}`, `{N, number}`, or (outside a plural) `{N, plural, …}`, at its `{`.
        mutating func argument(inPlural: Bool) -> ArgumentNode? {
            let argumentStart = u16
            i += 1
            u16 += 1
            let nameByte = i
            let nameStart = u16
            guard i < bytes.count, bytes[i] >= 0x31 && bytes[i] <= 0x39 else { return nil }
            var number = 0
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                number = number * 10 + Int(bytes[i] - 0x30)
                if number > 0x7FFF { return nil }
                i += 1
            }
            u16 += i - nameByte
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameByte..<i]), as: UTF8.self)
            let nameRange = nameStart..<u16
            if i < bytes.count && bytes[i] == 0x7D {
                i += 1
                u16 += 1
                return ArgumentNode(name: name, number: number, nameRange: nameRange, range: argumentStart..<u16, kind: .none)
            }
            if matches(", number}") {
                let typeStart = u16 + 2
                i += 9
                u16 += 9
                return ArgumentNode(name: name, number: number, nameRange: nameRange, range: argumentStart..<u16,
                                    kind: .simple(SimpleArgument(type: .number, typeText: "number", typeRange: typeStart..<typeStart + 6,
                                                                 styleText: nil, styleRange: nil, style: .number(.default))))
            }
            guard !inPlural, matches(", plural,") else { return nil }
            i += 9
            u16 += 9
            let styleStart = u16
            var cases: [PluralCase] = []
            var hasOther = false
            while true {
                guard i < bytes.count else { return nil }
                if bytes[i] == 0x7D { break }
                guard bytes[i] == 0x20, i + 1 < bytes.count else { return nil }
                i += 1
                u16 += 1
                let selectorByte = i
                let selectorStart = u16
                let selector: PluralSelector
                if matches("=0 ") {
                    i += 2
                    selector = .explicit(0)
                } else {
                    while i < bytes.count, bytes[i] >= 0x61 && bytes[i] <= 0x7A { i += 1 }
                    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[selectorByte..<i]), as: UTF8.self)
                    guard ["zero", "one", "two", "few", "many", "other"].contains(word) else { return nil }
                    if word == "other" { hasOther = true }
                    selector = .keyword(word)
                }
                u16 += i - selectorByte
                let selectorText = String(decoding: UnsafeBufferPointer(rebasing: bytes[selectorByte..<i]), as: UTF8.self)
                let selectorRange = selectorStart..<u16
                guard matches(" {") else { return nil }
                i += 2
                u16 += 2
                guard let body = body(inPlural: true), i < bytes.count, bytes[i] == 0x7D else { return nil }
                i += 1
                u16 += 1
                cases.append(PluralCase(selector: selector, selectorText: selectorText, selectorRange: selectorRange, message: body))
            }
            guard hasOther else { return nil }
            i += 1
            u16 += 1
            return ArgumentNode(name: name, number: number, nameRange: nameRange, range: argumentStart..<u16,
                                kind: .plural(PluralArgument(isOrdinal: false, offset: 0, offsetRange: nil, cases: exactCopy(cases),
                                                             styleStart: styleStart)))
        }
    }

    /// A substitution name as an ICU argument name (`total.strings` → `total_strings`).
    static func identifier(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map {
            ($0.properties.isAlphabetic || ($0.value >= 48 && $0.value <= 57) || $0 == "_") ? $0 : "_"
        }))
    }

    /// `speakable compile`'s companion for an ICU `=N` case that Android plurals cannot say
    /// (`<plurals name="coins__count_eq0">` with one `other` item): the text for exactly N,
    /// used only then, so no other category is missing.
    static func isExactValueCompanion(_ resource: AndroidResource) -> Bool {
        guard resource.items.count == 1, resource.items[0].quantity == "other" else { return false }
        let name = resource.name
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return false }
        let rest = name.dropLast(digits.count)
        return rest.hasSuffix("_eq") && rest.dropLast(3).contains("__")
    }

    /// What a `<plurals>` selects on, as ICU names it: the argument its `other` item prints
    /// with an integer specifier (apps pass the quantity again as an argument:
    /// `getQuantityString(id, n, n)`), else `count` (the quantity only).
    static func pluralName(_ resource: AndroidResource) -> String {
        let other = resource.items.first { $0.quantity == "other" } ?? resource.items.last
        guard let other, let spec = FormatString.parse(other.value.text, dialect: .java).specifiers.first(where: {
            $0.readsArgument && "doxX".contains($0.conversion) && $0.dateTimeSuffix == nil
        }), let argument = spec.argument else { return "count" }
        return String(argument)
    }

    /// An Android `<string>`, `<plurals>` or `<string-array>` as ICU text, positions aligned
    /// with the raw XML. A string array reads as its items, one per line (each a format of its
    /// own, as apps format them).
    ///
    /// `pluralName`: the source's name for the plural's argument (``pluralName(_:)``). The
    /// formats (``formats(_:file:)``) are the resource's strings, parsed and positioned once.
    static func convert(_ resource: AndroidResource, formats: PlatformFormats, pluralName: String? = nil) -> PositionedText? {
        guard let text = build(resource, formats: formats, pluralName: pluralName, tracking: false) else { return nil }
        // What the positions need of the resource, kept until the locale is checked: not the
        // element's markup, attributes or comment.
        var kept = resource
        kept.rawXML = ""
        kept.rawComments = ""
        kept.attributes = []
        kept.comment = nil
        let resource = kept
        // Positions only when a finding asks: the same conversion again, each scalar aligned with
        // the raw XML.
        return lazilyPositioned(text.text, file: formats.forms.first?.file ?? "") {
            let builder = build(resource, formats: formats, pluralName: pluralName, tracking: true)!
            return builder.positions(end: builder.positions.last ?? resource.position)
        }
    }

    static func build(_ resource: AndroidResource, formats: PlatformFormats, pluralName: String?, tracking: Bool) -> Builder? {
        var builder = Builder(tracking: tracking)
        func noSubstitutions(_ name: String, _ argument: Int?, _ at: SourcePosition, _ b: inout Builder) {
            b.synthetic("{\(name)}", at: at)
        }
        let forms = formats.forms
        func append(_ index: Int, _ value: AndroidString, inPlural: Bool) {
            // Tracking: each value aligned once (a form's own position map aligns on every call).
            let position = tracking ? alignment(value) : { _ in SourcePosition(line: 0, column: 0) }
            appendFormat(value.text, dialect: .java, parsed: forms[index].format, position: position, inPlural: inPlural,
                         builder: &builder, substitution: noSubstitutions)
        }
        switch resource.kind {
        case .string:
            guard let value = resource.value, !forms.isEmpty else { return nil }
            append(0, value, inPlural: false)
        case .plurals where isExactValueCompanion(resource):
            // One text for one exact quantity: read it as the string it is.
            append(0, resource.items[0].value, inPlural: false)
        case .plurals:
            guard !resource.items.isEmpty else { return nil }
            builder.synthetic("{\(pluralName ?? Self.pluralName(resource)), plural,", at: resource.position)
            for (index, item) in resource.items.enumerated() {
                builder.synthetic(" \(item.quantity ?? "other") {", at: item.position)
                append(index, item.value, inPlural: true)
                builder.synthetic("}", at: item.position)
            }
            builder.synthetic("}", at: resource.position)
        case .stringArray:
            guard !resource.items.isEmpty else { return nil }
            for (index, item) in resource.items.enumerated() {
                if index > 0 { builder.synthetic("\n", at: item.position) }
                append(index, item.value, inPlural: false)
            }
        case .other:
            return nil
        }
        return builder
    }

    /// Maps each scalar of the decoded text to where it is written in the raw XML: decoding only
    /// drops characters (tags, quotes, backslashes, entity names) and turns Android's escapes
    /// `\n`, `\t` and `\uXXXX` into the character they name, so the two align greedily (an
    /// escape's character at its backslash).
    static func alignment(_ string: AndroidString) -> @Sendable (Int) -> SourcePosition {
        alignment(decoded: string.text, raw: string.rawXML, start: string.position)
    }

    /// ``alignment(_:)`` made when a position is asked for (findings are rare; aligning every
    /// string up front was a large share of the check).
    static func lazyAlignment(_ string: AndroidString) -> @Sendable (Int) -> SourcePosition {
        { offset in alignment(string)(offset) }
    }

    static func alignment(decoded text: String, raw rawText: String, start: SourcePosition) -> @Sendable (Int) -> SourcePosition {
        let decoded = Array(text.unicodeScalars)
        let raw = Array(rawText.unicodeScalars)
        let rawPositions = TextPositions(rawText)
        var rawIndexOfDecoded: [Int] = []
        rawIndexOfDecoded.reserveCapacity(decoded.count + 1)
        /// The length of the escape at raw index `k` when it is written for `scalar` (`\n` for a
        /// line feed, `\t` for a tab, `\u` and four hex digits for its code point), else 0.
        func escape(at k: Int, for scalar: Unicode.Scalar) -> Int {
            guard raw[k] == "\\", k + 1 < raw.count else { return 0 }
            switch raw[k + 1] {
            case "n": return scalar == "\n" ? 2 : 0
            case "t": return scalar == "\t" ? 2 : 0
            case "u":
                guard k + 5 < raw.count else { return 0 }
                var digits = ""
                digits.unicodeScalars.append(contentsOf: raw[k + 2...k + 5])
                return UInt32(digits, radix: 16) == scalar.value ? 6 : 0
            default: return 0
            }
        }
        var j = 0
        for scalar in decoded {
            var k = j
            let limit = min(raw.count, j + 16)
            var length = 1
            while k < limit {
                if raw[k] == scalar || (scalar.properties.isWhitespace && raw[k].properties.isWhitespace) { break }
                length = escape(at: k, for: scalar)
                if length > 0 { break }
                length = 1
                k += 1
            }
            if k < limit {
                rawIndexOfDecoded.append(k)
                j = k + length
            } else {
                rawIndexOfDecoded.append(min(j, max(0, raw.count - 1)))
            }
        }
        rawIndexOfDecoded.append(min(j, raw.count))
        let indices = rawIndexOfDecoded
        return { offset in
            let index = indices[min(max(0, offset), indices.count - 1)]
            let p = rawPositions.position(ofScalarIndex: index)
            return p.line == 1 ? SourcePosition(line: start.line, column: start.column + p.column - 1)
                               : SourcePosition(line: start.line + p.line - 1, column: p.column)
        }
    }
}

extension PlatformInput {
    /// An XML file's text, to align decoded element content (entities resolved) with where each
    /// character is written.
    struct RawText {
        let lines: [Substring]

        init(_ bytes: [UInt8]) {
            lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }

        /// The raw XML of content that starts at `position` and ends at the next `<`.
        func raw(from position: SourcePosition) -> String {
            guard position.line >= 1, position.line <= lines.count else { return "" }
            var out = ""
            var line = position.line - 1
            var column = position.column - 1
            while line < lines.count {
                let scalars = Array(lines[line].unicodeScalars)
                var i = column
                while i < scalars.count {
                    if scalars[i] == "<" { return out }
                    out.unicodeScalars.append(scalars[i])
                    i += 1
                }
                out += "\n"
                line += 1
                column = 0
            }
            return out
        }

        func positioned(_ text: XLIFFText, file: String) -> PositionedText {
            let map = PlatformInput.alignment(decoded: text.text, raw: raw(from: text.position), start: text.position)
            // PositionedText maps UTF-16 offsets: translate through the scalars.
            let utf16ToScalar = PlatformInput.utf16ToScalarOffsets(text.text)
            return PositionedText(text: text.text, file: file) { map(utf16ToScalar[min(max(0, $0), utf16ToScalar.count - 1)]) }
        }

        /// Positions inside an XLIFF string, aligned with the raw XML.
        func positions(_ form: PlatformForm) -> @Sendable (Int) -> SourcePosition {
            PlatformInput.alignment(decoded: form.value, raw: raw(from: form.position), start: form.position)
        }
    }

    /// For each UTF-16 offset of `text` (and its end), the scalar offset.
    static func utf16ToScalarOffsets(_ text: String) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(text.utf16.count + 1)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            for _ in 0..<UTF16.width(scalar) { result.append(index) }
        }
        result.append(text.unicodeScalars.count)
        return result
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
