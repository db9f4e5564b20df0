#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SpeakableDiagnostics
public import SpeakableICU
public import SpeakableJSON
public import SpeakableMessages

/// What a message is for; drives the checks and how each platform presents it.
public enum Role: String, Hashable, Sendable, CaseIterable {
    /// The element's name ("Row 3, column 5, empty").
    case label
    /// A value the label does not carry ("2 of 3 stars").
    case value
    /// What activating does ("Selects the cell", or a gesture sentence with `hintStyle: gesture`).
    case hint
    /// An action fragment ("hear about your current location"); TalkBack adds the gesture.
    case action
    /// Spoken when something happens ("Cleared 2 lines. Score 640.").
    case announcement
    /// Any other text.
    case text
}

/// How iOS hints are phrased (Android always uses the action fragment as the click label).
public enum HintStyle: String, Hashable, Sendable {
    /// Apple's guidance: a third-person result phrase, "Selects the cell".
    case result
    /// A gesture sentence built from the fragment, "Double tap to select the cell".
    case gesture
}

/// How a rule's findings count.
public enum RuleSeverity: String, Hashable, Sendable {
    case error, warning, off
}

/// A spoken-length budget for a role.
public struct Budget: Hashable, Sendable {
    public var seconds: Double?
    public var graphemes: Int?

    public init(seconds: Double? = nil, graphemes: Int? = nil) {
        self.seconds = seconds
        self.graphemes = graphemes
    }
}

/// `speakable.json`, with the documented defaults for everything left out.
public struct ProjectConfig: Sendable {
    /// Where the config was read from (nil: no file, all defaults).
    public var file: String?
    public var templates = "Templates"
    public var locales = "Locales"
    public var sourceLocale = "en"
    /// The locales translated into. None by default: a project names its own (`speakable init
    /// --locales ko,ja` writes them); folders under `Locales/` count as targets too.
    public var targetLocales: [String] = []
    public var hintStyle = HintStyle.result
    public var budgets: [Role: Budget] = [
        .label: Budget(seconds: 2.5), .hint: Budget(seconds: 3.0), .announcement: Budget(seconds: 6.0),
    ]
    /// The syntax messages are written in (`"syntax"`: `"mf1"`, the default, or `"mf2"`); a
    /// template file's own `"syntax"` overrides it for that table and its translations.
    public var syntax: MessageSyntax = .mf1
    /// Severity overrides by rule id, with where each was written.
    public var rules: [String: (severity: RuleSeverity, position: SourcePosition)] = [:]
    /// Options of `speakable check` (`"check"` in speakable.json).
    public var check = CheckOptions()
    /// The formats `speakable compile` writes when `--only` does not say (`"outputs"`:
    /// `xcstrings`, `android`, `xliff`, `swift`); nil: all of them. `speakable import` fills it
    /// in for a new project from what it imported, so an Xcode project is not compiled for Android.
    public var outputs: [String]?
    /// Where `"outputs"` is written.
    public var outputsPosition: SourcePosition?
    /// `"android": {"namespace": "com.example.game"}`: the app's `R` package. With it, the
    /// Android output also has typed Kotlin accessors (`android/kotlin/<Table>Strings.kt`, package
    /// `<namespace>.speakable`). A dotted Java package name; the loader refuses anything else.
    public var androidNamespace: String?
    /// `"compose": {"namespace": "org.example.game", "resources": "game.composeapp.generated.resources"}`:
    /// the Compose Multiplatform output (`compose/composeResources/`) is among the default
    /// outputs, with typed accessors `compose/kotlin/<Table>Strings.kt` in package
    /// `<namespace>.speakable` that read the app's `Res` class from the package `resources`
    /// (Compose's default is `<group>.<module>.generated.resources`). Both are dotted package
    /// names; the loader refuses anything else, and a section without both.
    public var composeNamespace: String?
    public var composeResourcesPackage: String?

    /// Whether `name` is a Java/Kotlin package name: dot-separated ASCII identifiers (letters,
    /// digits, `_`, not starting with a digit), none a Java keyword (which no JVM package may use).
    public static func isPackageName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, !(0x30...0x39).contains(first), !javaKeywords.contains(String(part)) else { return false }
            return part.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
        }
    }

    /// Java's reserved words and literals: no package, and no resource name (aapt2 refuses to
    /// write them into `R`), may be one.
    public static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue", "default", "do",
        "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof",
        "int", "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short", "static",
        "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while",
        "true", "false", "null", "_",
    ]

    public init() {}
}

/// `"check": {"allowUntranslated": [...], "bidiControls": "unbalanced", "androidClickLabels": [...]}`
/// in speakable.json.
public struct CheckOptions: Sendable {
    /// Words and names that read the same in every language ("O'Block", "VoiceOver"): a translation
    /// identical to its source is not `untranslated` when its words are all in this list.
    public var allowUntranslated: [String] = []
    /// `bidi-control`: report only unbalanced embeddings and isolates (`unbalanced`, the default)
    /// or every bidirectional control character (`any`).
    public var bidiControls = "unbalanced"
    /// An Android `res/` checked as it is: the `<string>` names that are TalkBack click labels
    /// (patterns, `*` for any characters: `["*_hint"]`); nil for the default (names of
    /// accessibility hints: `*_acc_hint`, `*_accessibility_hint`, `*_a11y_hint`).
    public var androidClickLabels: [String]?

    public init() {}
}

/// Text read from a file that can point back into it: every UTF-16 offset of the decoded text
/// maps to the line and column where it was written (JSON escapes included).
public struct SourceText: Sendable {
    /// The message as the rest of Speakable reads it: as written, or — for a message written in
    /// MessageFormat 2 — its MF1 conversion (``mf2``).
    public let text: String
    public let file: String
    /// The JSON string the text came from (nil: not from a file, or ``quote``).
    let node: JSONNode?
    /// The opening quote of a JSON string written without escapes, whose positions follow from
    /// it (the project loader's short path: no JSON node is made for such a string).
    let quote: SourcePosition?
    /// For a message written in MessageFormat 2: the text as written, and where each place of
    /// ``text`` (its MF1 conversion) was written in it.
    public let mf2: MF2Written?

    /// A message written in MessageFormat 2: its source, and the map from its MF1 conversion's
    /// offsets to the source's.
    public final class MF2Written: Sendable {
        public let source: String
        public let map: MF2SourceMap

        init(source: String, map: MF2SourceMap) {
            self.source = source
            self.map = map
        }
    }

    public init(text: String, file: String, node: JSONNode?) {
        self.text = text
        self.file = file
        self.node = node
        self.quote = nil
        self.mf2 = nil
    }

    /// A JSON string without escapes whose opening quote is at `quote`: positions as its JSON
    /// node would give them.
    init(text: String, file: String, quote: SourcePosition) {
        self.text = text
        self.file = file
        self.node = nil
        self.quote = quote
        self.mf2 = nil
    }

    /// `written`, an MF2 message, read as `converted` (its MF1 conversion): positions in
    /// `converted` are reported where `written` has them.
    public init(converted: String, from written: SourceText, map: MF2SourceMap) {
        self.text = converted
        self.file = written.file
        self.node = written.node
        self.quote = written.quote
        self.mf2 = MF2Written(source: written.text, map: map)
    }

    /// The opening quote of a JSON string written without escapes, when the text is one (its
    /// positions are then ``position(ofUTF16Offset:inPlainString:quote:)`` of the text).
    public var plainStringQuote: SourcePosition? { node == nil && mf2 == nil ? quote : nil }

    /// Where the value starts in the file (the opening quote).
    public var start: SourcePosition { node?.start ?? quote ?? SourcePosition(line: 1, column: 1) }

    /// The file position of UTF-16 offset `offset` inside the text (of an MF2 message's
    /// conversion: where the MF2 text has what is there).
    public func position(ofUTF16Offset offset: Int) -> SourcePosition {
        let written = mf2?.source ?? text
        let offset = mf2?.map.mf2Offset(ofMF1: offset) ?? offset
        if let node { return node.position(ofUTF16Offset: offset) }
        if let quote { return Self.position(ofUTF16Offset: offset, inPlainString: written, quote: quote) }
        return TextPositions(written).position(ofUTF16Offset: offset)
    }

    /// The file position of UTF-16 offset `offset` inside the text as written (the MF2 source
    /// of an MF2 message), for what is found in it before conversion.
    public func position(ofWrittenUTF16Offset offset: Int) -> SourcePosition {
        if let node { return node.position(ofUTF16Offset: offset) }
        let written = mf2?.source ?? text
        if let quote { return Self.position(ofUTF16Offset: offset, inPlainString: written, quote: quote) }
        return TextPositions(written).position(ofUTF16Offset: offset)
    }

    /// ``JSONNode/position(ofUTF16Offset:)`` of a string without escapes: one column per scalar
    /// before `offset` (offsets past the end one column each), after the opening quote.
    public static func position(ofUTF16Offset offset: Int, inPlainString text: String, quote: SourcePosition) -> SourcePosition {
        var scalars = 0
        var at = 0
        if offset > 0 {
            for scalar in text.unicodeScalars {
                if at >= offset { break }
                scalars += 1
                at += UTF16.width(scalar)
            }
        }
        return SourcePosition(line: quote.line, column: quote.column + 1 + scalars + max(0, offset - at))
    }
}

/// One source message of `Templates/<table>.json`.
///
/// Its fields live in one shared box: every output reads the same messages many times, and a
/// copy is then one reference rather than a dozen.
public struct TemplateMessage: Sendable {
    @inlinable public var key: String { storage.key }
    /// Where the key is written.
    @inlinable public var keyPosition: SourcePosition { storage.keyPosition }
    @inlinable public var role: Role { storage.role }
    @inlinable public var source: SourceText { storage.source }
    /// The parsed message; nil when it does not parse (the loader reported why).
    @inlinable public var pattern: MessagePattern? { storage.pattern }
    @inlinable public var comment: String? { storage.comment }
    /// Real argument sets, each with where it is written.
    @inlinable public var examples: [(arguments: [String: MessageArgument], position: SourcePosition)] { storage.examples }
    @inlinable public var maxSeconds: Double? { storage.maxSeconds }
    @inlinable public var maxGraphemes: Int? { storage.maxGraphemes }
    /// Formatted at run time only: not exported into platform catalogs, so constructs they
    /// cannot express (selectordinal, offsets) are fine.
    @inlinable public var runtimeOnly: Bool { storage.runtimeOnly }
    /// Rules this message is deliberately exempt from, with the reason given.
    @inlinable public var exemptions: [String: String] { storage.exemptions }
    /// `"translatable": false`: the text is the same in every language (a brand, a format). It
    /// is Android's `translatable="false"`, a String Catalog's `shouldTranslate: false` and
    /// XLIFF's `translate="no"`; platform catalogs carry no translation of it.
    public var translatable: Bool {
        @inlinable get { storage.translatable }
        set { unique().translatable = newValue }
    }
    /// `"arguments"`: arguments the app passes that the source text does not print (a String
    /// Catalog key such as `notifications.label.favorite %lld` whose English says "starred"):
    /// a translation may print them, the accessors take them.
    public var passedArguments: [PassedArgument] {
        @inlinable get { storage.passedArguments }
        set { unique().passedArguments = newValue }
    }

    @usableFromInline var storage: Storage

    /// The fields; only a box referenced once is changed (``unique()``).
    @usableFromInline final class Storage: @unchecked Sendable {
        @usableFromInline let key: String
        @usableFromInline let keyPosition: SourcePosition
        @usableFromInline let role: Role
        @usableFromInline let source: SourceText
        @usableFromInline let pattern: MessagePattern?
        @usableFromInline let comment: String?
        @usableFromInline let examples: [(arguments: [String: MessageArgument], position: SourcePosition)]
        @usableFromInline let maxSeconds: Double?
        @usableFromInline let maxGraphemes: Int?
        @usableFromInline let runtimeOnly: Bool
        @usableFromInline let exemptions: [String: String]
        @usableFromInline var translatable: Bool
        @usableFromInline var passedArguments: [PassedArgument]

        init(key: String, keyPosition: SourcePosition, role: Role, source: SourceText, pattern: MessagePattern?, comment: String?,
             examples: [(arguments: [String: MessageArgument], position: SourcePosition)], maxSeconds: Double?, maxGraphemes: Int?,
             runtimeOnly: Bool, exemptions: [String: String], translatable: Bool, passedArguments: [PassedArgument]) {
            self.key = key
            self.keyPosition = keyPosition
            self.role = role
            self.source = source
            self.pattern = pattern
            self.comment = comment
            self.examples = examples
            self.maxSeconds = maxSeconds
            self.maxGraphemes = maxGraphemes
            self.runtimeOnly = runtimeOnly
            self.exemptions = exemptions
            self.translatable = translatable
            self.passedArguments = passedArguments
        }

        func copy() -> Storage {
            Storage(key: key, keyPosition: keyPosition, role: role, source: source, pattern: pattern, comment: comment, examples: examples,
                    maxSeconds: maxSeconds, maxGraphemes: maxGraphemes, runtimeOnly: runtimeOnly, exemptions: exemptions,
                    translatable: translatable, passedArguments: passedArguments)
        }
    }

    init(key: String, keyPosition: SourcePosition, role: Role, source: SourceText, pattern: MessagePattern?, comment: String?,
         examples: [(arguments: [String: MessageArgument], position: SourcePosition)], maxSeconds: Double?, maxGraphemes: Int?,
         runtimeOnly: Bool, exemptions: [String: String], translatable: Bool = true, passedArguments: [PassedArgument] = []) {
        storage = Storage(key: key, keyPosition: keyPosition, role: role, source: source, pattern: pattern, comment: comment,
                          examples: examples, maxSeconds: maxSeconds, maxGraphemes: maxGraphemes, runtimeOnly: runtimeOnly,
                          exemptions: exemptions, translatable: translatable, passedArguments: passedArguments)
    }

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }
}

/// An argument the app passes that a template's message does not print.
public struct PassedArgument: Hashable, Sendable {
    /// What the app passes, as the platforms and accessors type it.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case integer, double, text, date
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// A name ICU accepts as an argument name: letters, digits and `_`, not starting with a digit.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }
}

/// One translation in `Locales/<tag>/<table>.json`.
///
/// Its fields live in one shared box, as ``TemplateMessage``'s do: a copy is one reference.
public struct Translation: Sendable {
    @inlinable public var key: String { storage.key }
    @inlinable public var keyPosition: SourcePosition { storage.keyPosition }
    @inlinable public var source: SourceText { storage.source }
    @inlinable public var pattern: MessagePattern? { storage.pattern }

    @usableFromInline let storage: Storage

    @usableFromInline final class Storage: Sendable {
        @usableFromInline let key: String
        @usableFromInline let keyPosition: SourcePosition
        @usableFromInline let source: SourceText
        @usableFromInline let pattern: MessagePattern?

        init(key: String, keyPosition: SourcePosition, source: SourceText, pattern: MessagePattern?) {
            self.key = key
            self.keyPosition = keyPosition
            self.source = source
            self.pattern = pattern
        }
    }

    init(key: String, keyPosition: SourcePosition, source: SourceText, pattern: MessagePattern?) {
        storage = Storage(key: key, keyPosition: keyPosition, source: source, pattern: pattern)
    }
}

/// One `Locales/<tag>/<table>.json`.
///
/// Its fields live in one shared box, as ``Translation``'s do: a copy is one reference.
public struct LocaleFile: Sendable {
    /// The folder name as written (a BCP 47 tag).
    @inlinable public var tag: String { storage.tag }
    @inlinable public var locale: ICULocale { storage.locale }
    @inlinable public var file: String { storage.file }
    /// In file order.
    @inlinable public var translations: [Translation] { storage.translations }

    @usableFromInline let storage: Storage

    @usableFromInline final class Storage: Sendable {
        @usableFromInline let tag: String
        @usableFromInline let locale: ICULocale
        @usableFromInline let file: String
        @usableFromInline let translations: [Translation]
        /// Each key's first place in ``translations``, built once here.
        let indexByKey: KeyIndex

        init(tag: String, locale: ICULocale, file: String, translations: [Translation]) {
            self.tag = tag
            self.locale = locale
            self.file = file
            self.translations = translations
            self.indexByKey = KeyIndex(translations.map(\.key))
        }
    }

    public init(tag: String, locale: ICULocale, file: String, translations: [Translation]) {
        storage = Storage(tag: tag, locale: locale, file: file, translations: translations)
    }

    /// The translation of `key` (the first when the file repeats it), found without a scan.
    public subscript(key: String) -> Translation? { storage.indexByKey[key].map { storage.translations[$0] } }

    /// Where `key` is in ``translations`` (its first place when the file repeats it), found
    /// without a scan: for reading one field of a translation without copying the others.
    public func index(ofKey key: String) -> Int? { storage.indexByKey[key] }

    /// ``index(ofKey:)``, looking at `hint` first: for keys looked up in the file's order, the
    /// place after the previous key's.
    public func index(ofKey key: String, hint: Int) -> Int? { storage.indexByKey.place(of: key, hint: hint) }
}

/// One table: `Templates/<name>.json` and its translations.
/// The syntax a project's messages are written in.
public enum MessageSyntax: String, Hashable, Sendable, CaseIterable {
    /// ICU MessageFormat 1 (`{n, plural, one {# star} other {# stars}}`).
    case mf1
    /// Unicode MessageFormat 2 (`.input {$n :integer} .match $n one {{…}} * {{…}}`), read as its
    /// MF1 conversion (``MF2Message/convertedToMF1()``) by everything after loading.
    case mf2
}

public struct Table: Sendable {
    public let name: String
    public let file: String
    /// The syntax of its template and translations.
    public var syntax: MessageSyntax = .mf1
    /// In file order.
    public let messages: [TemplateMessage]
    /// By locale tag, for every locale folder that has this table.
    public let locales: [String: LocaleFile]
    /// Each key's first place in ``messages``, built once here.
    private let indexByKey: KeyIndex

    public init(name: String, file: String, messages: [TemplateMessage], locales: [String: LocaleFile]) {
        self.name = name
        self.file = file
        self.messages = messages
        self.locales = locales
        self.indexByKey = KeyIndex(messages.map(\.key))
    }

    /// The source message of `key` (the first when the template repeats it), found without a scan.
    public subscript(key: String) -> TemplateMessage? { indexByKey[key].map { messages[$0] } }

    /// Where `key` is in ``messages`` (its first place), found without a scan and without
    /// copying the message.
    public func index(ofKey key: String) -> Int? { indexByKey[key] }

    /// ``index(ofKey:)``, looking at `hint` first: for keys looked up in the template's order,
    /// the place after the previous key's.
    public func index(ofKey key: String, hint: Int) -> Int? { indexByKey.place(of: key, hint: hint) }
}

/// The key index of ``Table`` and ``LocaleFile``.
/// Each key's first place in a list of keys: an open-addressing table hashed with FNV-1a over
/// the key's UTF-8, each slot holding a place and part of its key's hash, and the keys' bytes
/// back to back (keys are looked up once per message, locale and output: a lookup reads the
/// slots and the bytes it compares, not a string stored elsewhere in memory).
struct KeyIndex: Sendable {
    /// The keys' UTF-8, back to back: key `i` is `bytes[ends[i - 1] ..< ends[i]]`.
    private let bytes: [UInt8]
    private let ends: [Int32]
    /// Per slot: the high 32 bits of the key's hash, then its place + 1 (0: empty). The count is
    /// a power of two, at least twice the number of keys.
    private let slots: [UInt64]
    /// The places of keys that are there earlier too, in order (usually none).
    private let repeats: [Int]

    init(_ keys: [String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys.reduce(0) { $0 + $1.utf8.count })
        var ends: [Int32] = []
        ends.reserveCapacity(keys.count)
        for key in keys {
            bytes.append(contentsOf: key.utf8)
            ends.append(Int32(bytes.count))
        }
        var size = 4
        while size < keys.count * 2 { size <<= 1 }
        var slots = [UInt64](repeating: 0, count: size)
        var repeats: [Int] = []
        let mask = size - 1
        bytes.withUnsafeBufferPointer { all in
            for index in 0..<ends.count {
                let start = index == 0 ? 0 : Int(ends[index - 1])
                let key = UnsafeBufferPointer(rebasing: all[start..<Int(ends[index])])
                let hash = Self.hash(key)
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let entry = slots[slot]
                    if entry == 0 {
                        slots[slot] = (hash >> 32) << 32 | UInt64(index + 1)
                        break
                    }
                    // A repeated key keeps its first place.
                    if entry >> 32 == hash >> 32, Self.equal(all, ends, Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1, key) {
                        repeats.append(index)
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
        self.bytes = bytes
        self.ends = ends
        self.slots = slots
        self.repeats = repeats
    }

    /// ``subscript(_:)``, looking at place `hint` first: where keys are looked up in the order
    /// of the list (a locale file mostly lists its keys in the template's order), the place
    /// after the last one found is the key's, found without hashing.
    func place(of key: String, hint: Int) -> Int? {
        if hint >= 0, hint < ends.count, repeats.isEmpty || !repeats.contains(hint),
           let equal = key.utf8.withContiguousStorageIfAvailable({ key in bytes.withUnsafeBufferPointer { Self.equal($0, ends, hint, key) } }),
           equal {
            return hint
        }
        return self[key]
    }

    subscript(key: String) -> Int? {
        if let found = key.utf8.withContiguousStorageIfAvailable({ place(of: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { place(of: $0) }
    }

    /// The first place of the key whose UTF-8 is `key`.
    private func place(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key)
        let mask = slots.count - 1
        let tag = hash >> 32
        return bytes.withUnsafeBufferPointer { all in
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                let place = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if entry >> 32 == tag, Self.equal(all, ends, place, key) { return place }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether key `index` of `all` (ends at `ends`) is `key`.
    @inline(__always)
    private static func equal(_ all: UnsafeBufferPointer<UInt8>, _ ends: [Int32], _ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        let count = Int(ends[index]) - start
        guard count == key.count else { return false }
        guard count > 0 else { return true }
        return memcmp(all.baseAddress! + start, key.baseAddress!, count) == 0
    }

    /// FNV-1a over `key`, mixed so that the low bits (the slot) depend on every byte.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in key { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return hash ^ (hash >> 29)
    }
}

/// A loaded project: config, tables, and every problem found while loading.
public struct Project: Sendable {
    /// The directory paths are relative to.
    public let root: String
    public let config: ProjectConfig
    /// Sorted by name.
    public let tables: [Table]
    /// Every locale folder found (tags), sorted.
    public let localeTags: [String]
    /// Everything wrong with the inputs, in file order; loading goes on past each.
    public let diagnostics: [Diagnostic]
    /// Loaded with `deferringLocales`: the tables hold no translations; each locale folder is
    /// read with ``ProjectLoader/readLocale(_:of:)``.
    public var localesDeferred = false
    /// Loaded reading only some tables' templates (``ProjectLoader/load(directory:deferringLocales:readingTemplates:)``):
    /// those tables' names; every other table holds no messages (an incremental compile knows
    /// them unchanged). Nil: every table's template was read.
    public var templatesRead: Set<String>?
    /// With `localesDeferred`: the messages counted so far, for the whole-project limit.
    var messageCount: ProjectMessageCount?

    public init(root: String, config: ProjectConfig, tables: [Table], localeTags: [String], diagnostics: [Diagnostic],
                localesDeferred: Bool = false) {
        self.root = root
        self.config = config
        self.tables = tables
        self.localeTags = localeTags
        self.diagnostics = diagnostics
        self.localesDeferred = localesDeferred
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public subscript(table name: String) -> Table? { tables.first { $0.name == name } }
}
