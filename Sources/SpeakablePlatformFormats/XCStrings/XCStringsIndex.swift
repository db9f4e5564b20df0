public import SpeakableDiagnostics
import SpeakableJSON

/// A String Catalog indexed for checking: its keys, and for each locale where each of its
/// localizations is written in the file's bytes — no JSON tree, no strings of the translations —
/// so that a locale's ``PlatformMessage``s are made only when they are needed, and a large
/// catalog is in memory as its bytes and this index.
///
/// Only a catalog that ``XCStringsReader`` reads without a single diagnostic is indexed:
/// ``read(_:file:)`` returns nil for anything else (bad JSON, a duplicate key, a value of the
/// wrong type, a missing field, a limit passed, and a few spellings it leaves to the reader: keys
/// of objects other than `strings` written with escapes, numbers other than small integers),
/// and the caller reads the file with ``XCStringsReader`` instead, which reports the problems.
/// For every catalog it indexes, ``messages(ofLocale:)`` equals the reader's
/// ``XCStringsCatalog/messages`` of that locale (the tests compare the two). Both read the
/// catalog's keys from one table (``XCStringsKey``) and the JSON limits from `JSONReader`.
///
/// The index is kept beside the reader because the checker benchmark (`tools/CheckerBenchmark`,
/// its `.xcstrings` input, in the `checker` section of `tools/bench/run.sh`) shows it pays:
/// building the JSON tree and every translation's strings was most of reading those catalogs,
/// and their memory peak.
///
/// ```swift
/// let index = XCStringsIndex.read(bytes, file: "Localizable.xcstrings")!
/// index.sourceLanguage                 // "en"
/// index.localeTags                     // ["en", "ko"] (in the order first written)
/// index.messages(ofLocale: "ko")       // ko's messages, in file order
/// ```
public struct XCStringsIndex: Sendable {
    /// One key of `strings`.
    public struct Entry: Sendable {
        public let key: String
        public let keyPosition: SourcePosition
        public let shouldTranslate: Bool?
        public let comment: String?
    }

    /// One string of a localization: its bytes (as written, inside the quotes) in its locale's
    /// ``Locale/bytes``, where its opening quote is in the file, its path and state.
    struct Form: Sendable {
        var start: Int32
        var end: Int32
        var line: Int32
        var column: Int32
        /// In ``XCStringsIndex/paths``.
        var path: UInt16
        /// In ``XCStringsIndex/states``; -1 without a state.
        var state: Int16
        var isEscaped: Bool
    }

    /// One localization: one string unit (the common case, kept here without a ``Form``), its
    /// forms (a string unit and plural or device cases of string units), or — substitutions,
    /// nested variations — its object's bytes, read again when asked for.
    struct Localization: Sendable {
        enum Kind: UInt8, Sendable { case unit, forms, object }
        var entry: Int32
        var kind: Kind
        /// A unit: its value is written with escapes.
        var isEscaped: Bool
        /// A unit's state, as ``Form/state``.
        var state: Int16
        /// A unit: its value's bytes; forms: the first in ``Locale/forms`` and how many; an
        /// object: its bytes.
        var start: Int32
        var end: Int32
        /// A unit: where its value's opening quote is; an object: where its `{` is.
        var line: Int32
        var column: Int32
    }

    /// One locale's localizations, in file order, and the bytes they need (not the file's).
    struct Locale: Sendable {
        var bytes: [UInt8] = []
        var localizations: [Localization] = []
        var forms: [Form] = []
    }

    public let file: String
    public let sourceLanguage: String
    public let version: String?
    /// In file order.
    public let entries: [Entry]
    /// Every locale that has a localization, in the order first written.
    public let localeTags: [String]
    let locales: [Locale]
    /// Form paths (`""`, `plural.one`, `device.iphone`…) and states, each made once.
    let paths: [String]
    let states: [String]

    /// Indexes `bytes`, or nil when the catalog is not one this index reads exactly as
    /// ``XCStringsReader`` does (see the type's description): read it with the reader then.
    ///
    /// `parts`: the members of a large catalog's `strings` are read in up to this many parts in
    /// parallel (give the cores there are, or more); the index is the same for any number.
    public static func read(_ bytes: [UInt8], file: String, parts: Int = 1) -> XCStringsIndex? {
        bytes.withUnsafeBufferPointer { read($0, file: file, parts: parts) }
    }

    /// ``read(_:file:parts:)`` of bytes in memory the caller owns (a mapped file's): the index
    /// keeps none of them, only copies of the strings it needs.
    public static func read(_ buffer: UnsafeBufferPointer<UInt8>, file: String, parts: Int = 1) -> XCStringsIndex? {
        read(buffer, file: file, parts: parts, minimumPartBytes: 1 << 19)
    }

    /// ``read(_:file:parts:)`` with parts of at least `minimumPartBytes` (the tests split small
    /// catalogs).
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, file: String, parts: Int, minimumPartBytes: Int) -> XCStringsIndex? {
        guard buffer.count <= JSONReader.maximumSize, buffer.count < Int(Int32.max) else { return nil }
        var scanner = XCStringsScanner(buffer, start: buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, line: 1, column: 1)
        scanner.maximumValues = JSONReader.maximumValues
        scanner.partCount = parts
        scanner.minimumPartBytes = minimumPartBytes
        guard let top = try? scanner.catalog() else { return nil }
        if !scanner.isCompact {
            // Kept for the whole check: no room left over from growing.
            func compact<T>(_ array: [T]) -> [T] {
                [T](unsafeUninitializedCapacity: array.count) { buffer, count in
                    _ = buffer.initialize(from: array)
                    count = array.count
                }
            }
            for t in scanner.locales.indices {
                scanner.locales[t].bytes = compact(scanner.locales[t].bytes)
                scanner.locales[t].forms = compact(scanner.locales[t].forms)
                scanner.locales[t].localizations = compact(scanner.locales[t].localizations)
            }
            scanner.entries = compact(scanner.entries)
        }
        return XCStringsIndex(file: file, sourceLanguage: top.sourceLanguage, version: top.version, entries: scanner.entries,
                              localeTags: scanner.tags, locales: scanner.locales, paths: scanner.paths, states: scanner.states)
    }

    /// The messages of locale `tag` (its localizations in file order), as
    /// ``XCStringsCatalog/messages`` has them; empty for a locale the catalog does not have.
    /// `translatableOnly`: without the entries marked `shouldTranslate: false`.
    public func messages(ofLocale tag: String, translatableOnly: Bool = false) -> [PlatformMessage] {
        var result: [PlatformMessage] = []
        forEach(ofLocale: tag, translatableOnly: translatableOnly) { item in
            switch item {
            case .string(let entry, let form):
                result.append(PlatformMessage(key: entry.key, keyPosition: entry.keyPosition, locale: tag, file: file, forms: [form],
                                              comment: entry.comment, isTranslatable: entry.shouldTranslate ?? true))
            case .message(let message):
                result.append(message)
            }
        }
        return result
    }

    /// How many localizations locale `tag` has.
    public func count(ofLocale tag: String) -> Int {
        localeTags.firstIndex(of: tag).map { locales[$0].localizations.count } ?? 0
    }

    /// One localization as ``forEach(ofLocale:translatableOnly:_:)`` hands it over.
    public enum Item {
        /// A localization that is one string unit (path `""`): its entry and the form, without a
        /// ``PlatformMessage`` made for it.
        case string(Entry, PlatformForm)
        /// Any other localization, as ``messages(ofLocale:translatableOnly:)`` has it.
        case message(PlatformMessage)
    }

    /// The localizations of locale `tag` in file order, each handed to `body` as it is made
    /// (the messages of ``messages(ofLocale:translatableOnly:)``, a one-string one as its form).
    public func forEach(ofLocale tag: String, translatableOnly: Bool = false, _ body: (Item) -> Void) {
        forEachNumbered(ofLocale: tag, translatableOnly: translatableOnly) { _, item in body(item) }
    }

    /// A localization that is one string unit written without escapes, as
    /// ``forEachNumbered(ofLocale:translatableOnly:rawUnit:_:)`` hands it over: its UTF-8 (the
    /// value's, valid), where its opening quote is, its entry and state.
    public struct RawUnit {
        public let entry: Entry
        public let bytes: UnsafeBufferPointer<UInt8>
        public let quote: SourcePosition
        public let state: String?

        /// The unit as ``Item/string(_:_:)`` hands it over.
        public var form: PlatformForm {
            PlatformForm(path: "", value: String(decoding: bytes, as: UTF8.self), position: quote, state: state)
        }
    }

    /// A localization whose strings are all cases of its plural variation (paths `plural.<name>`,
    /// no string unit of its own), each written without escapes, as
    /// ``forEachNumbered(ofLocale:translatableOnly:rawUnit:rawPlural:_:)`` hands it over: its
    /// entry and its cases in file order (the forms of its ``Item/message(_:)``).
    public struct RawPlural {
        public let entry: Entry
        let buffer: UnsafeBufferPointer<UInt8>
        let forms: UnsafeBufferPointer<XCStringsIndex.Form>
        let paths: UnsafeBufferPointer<String>
        let states: UnsafeBufferPointer<String>

        /// How many cases.
        public var count: Int { forms.count }
        /// Case `i`'s path (`plural.one`…).
        public func path(_ i: Int) -> String { paths[Int(forms[i].path)] }
        /// Case `i`'s value's UTF-8 (valid).
        public func bytes(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: buffer[Int(forms[i].start)..<Int(forms[i].end)])
        }
        /// Where case `i`'s value's opening quote is.
        public func quote(_ i: Int) -> SourcePosition { SourcePosition(line: Int(forms[i].line), column: Int(forms[i].column)) }
        /// Case `i`'s state.
        public func state(_ i: Int) -> String? { forms[i].state < 0 ? nil : states[Int(forms[i].state)] }
    }

    /// ``forEach(ofLocale:translatableOnly:_:)`` with each localization's number in its locale:
    /// ``item(ofLocale:number:)`` makes that localization again (a checker keeps the number, not
    /// the strings, for positions it may never be asked for). `rawUnit`: given each unit written
    /// without escapes first, as its bytes; when it returns true, `body` is not called for it.
    /// `rawPlural`: the same for each localization that is a plural's cases written without
    /// escapes (``RawPlural``).
    public func forEachNumbered(ofLocale tag: String, translatableOnly: Bool = false, rawUnit: ((Int, RawUnit) -> Bool)? = nil,
                                rawPlural: ((Int, RawPlural) -> Bool)? = nil, _ body: (Int, Item) -> Void) {
        forEachNumbered(ofLocale: tag, translatableOnly: translatableOnly, takesUnits: rawUnit != nil, takesPlurals: rawPlural != nil,
                        units: { rawUnit?($0, $1) ?? false }, plurals: { rawPlural?($0, $1) ?? false }, body)
    }

    /// ``forEachNumbered(ofLocale:translatableOnly:rawUnit:rawPlural:_:)`` with both raw
    /// handlers (`units`, `plurals`): closures that are not optional do not escape, so what they
    /// capture stays where it is (an optional closure's captures are boxed, each access checked).
    /// `numbers`: only the localizations so numbered (nil: all of them).
    public func forEachNumbered(ofLocale tag: String, translatableOnly: Bool = false, numbers: Range<Int>? = nil,
                                units: (Int, RawUnit) -> Bool, plurals: (Int, RawPlural) -> Bool, _ body: (Int, Item) -> Void) {
        forEachNumbered(ofLocale: tag, translatableOnly: translatableOnly, numbers: numbers, takesUnits: true, takesPlurals: true,
                        units: units, plurals: plurals, body)
    }

    private func forEachNumbered(ofLocale tag: String, translatableOnly: Bool, numbers: Range<Int>? = nil, takesUnits: Bool,
                                 takesPlurals: Bool, units rawUnit: (Int, RawUnit) -> Bool, plurals rawPlural: (Int, RawPlural) -> Bool,
                                 _ body: (Int, Item) -> Void) {
        guard let index = localeTags.firstIndex(of: tag) else { return }
        // Which paths are a plural's cases (`plural.<name>`, the name without a dot).
        let isPluralCase = !takesPlurals ? [] : paths.map { path -> Bool in
            path.utf8.count > 7 && path.utf8.starts(with: "plural.".utf8) && !path.utf8.dropFirst(7).contains(0x2E)
        }
        locales[index].bytes.withUnsafeBufferPointer { buffer in
            locales[index].forms.withUnsafeBufferPointer { forms in
                paths.withUnsafeBufferPointer { paths in
                    states.withUnsafeBufferPointer { states in
                        let localizations = locales[index].localizations
                        for n in numbers?.clamped(to: localizations.indices) ?? localizations.indices {
                            let l = localizations[n]
                            if translatableOnly && entries[Int(l.entry)].shouldTranslate == false { continue }
                            if takesUnits, l.kind == .unit, !l.isEscaped {
                                let unit = RawUnit(entry: entries[Int(l.entry)],
                                                   bytes: UnsafeBufferPointer(rebasing: buffer[Int(l.start)..<Int(l.end)]),
                                                   quote: SourcePosition(line: Int(l.line), column: Int(l.column)),
                                                   state: l.state < 0 ? nil : states[Int(l.state)])
                                if rawUnit(n, unit) { continue }
                            }
                            if takesPlurals, l.kind == .forms {
                                let cases = UnsafeBufferPointer(rebasing: forms[Int(l.start)..<Int(l.start + l.end)])
                                if cases.allSatisfy({ !$0.isEscaped && isPluralCase[Int($0.path)] }),
                                   rawPlural(n, RawPlural(entry: entries[Int(l.entry)], buffer: buffer, forms: cases, paths: paths,
                                                          states: states)) { continue }
                            }
                            if let item = item(locale: index, l, buffer) { body(n, item) }
                        }
                    }
                }
            }
        }
    }

    /// Localization `number` of locale `tag` (as ``forEachNumbered(ofLocale:translatableOnly:_:)``
    /// numbers them), made again from the bytes: the same item it handed over.
    public func item(ofLocale tag: String, number: Int) -> Item? {
        guard let index = localeTags.firstIndex(of: tag), locales[index].localizations.indices.contains(number) else { return nil }
        return locales[index].bytes.withUnsafeBufferPointer { item(locale: index, locales[index].localizations[number], $0) }
    }

    /// The entry (in ``entries``) of localization `number` of locale `tag`.
    public func entryNumber(ofLocale tag: String, number: Int) -> Int {
        guard let index = localeTags.firstIndex(of: tag) else { return entries.count }
        return Int(locales[index].localizations[number].entry)
    }

    private func item(locale index: Int, _ l: Localization, _ buffer: UnsafeBufferPointer<UInt8>) -> Item? {
        let tag = localeTags[index]
        let locale = locales[index]
        let entry = entries[Int(l.entry)]
        func form(_ f: Form) -> PlatformForm {
            PlatformForm(path: paths[Int(f.path)], value: XCStringsScanner.decode(buffer, Int(f.start), Int(f.end), escaped: f.isEscaped),
                         position: SourcePosition(line: Int(f.line), column: Int(f.column)),
                         state: f.state < 0 ? nil : states[Int(f.state)])
        }
        switch l.kind {
        case .unit:
            return .string(entry, form(Form(start: l.start, end: l.end, line: l.line, column: l.column, path: 0, state: l.state,
                                            isEscaped: l.isEscaped)))
        case .forms:
            return .message(PlatformMessage(key: entry.key, keyPosition: entry.keyPosition, locale: tag, file: file,
                                            forms: locale.forms[Int(l.start)..<Int(l.start + l.end)].map(form),
                                            comment: entry.comment, isTranslatable: entry.shouldTranslate ?? true))
        case .object:
            // Checked when indexed: read again, building the model this time (one localization:
            // one message).
            var scanner = XCStringsScanner(buffer, start: Int(l.start), line: Int(l.line), column: Int(l.column))
            scanner.building = true
            scanner.depth = 4
            guard let content = try? scanner.contentModel(level: 0) else { return nil }
            let model = XCStringsEntry(key: entry.key, keyPosition: entry.keyPosition, comment: entry.comment,
                                       shouldTranslate: entry.shouldTranslate,
                                       localizations: [XCStringsLocalization(locale: tag, content: content)])
            return model.messages(file: file).first.map { .message($0) }
        }
    }
}
