import Dispatch
import SpeakableCatalog
import SpeakableMessages
import SpeakablePlatformFormats
import Synchronization

/// Facts about a table's source messages that every locale's check needs (computed once).
struct TableFacts: Sendable {
    let byKey: [String: Int]
    /// Source keys in order.
    let keys: [String]
    /// Per source message, the index of the first message with its key (``byKey``'s): the one
    /// whose translation counts.
    let firstIndex: [Int]
    let usages: [[String: ArgumentUsage]?]
    /// The source's usages as ``MessagePattern/argumentKinds`` (names sorted): a translation
    /// with the same list has nothing for the argument rules to report.
    let kinds: [[(name: String, kind: ArgumentUsage.Kind)]?]
    let info: [SourceInfo]
    let literalNewlines: [Int]
    /// Platform catalogs: the arguments the app passes, from the source's printf formats.
    let sourceArguments: [FormatMismatchRule.SourceArguments?]
    /// Android keys (`type/name`) by name: a translation of another type is dropped by aapt2.
    let androidKeysByName: [String: String]
    /// Per source message, the arguments it only uses to choose a plural form, never printing
    /// them: a translation may leave them out (a language without that plural loses nothing).
    let selectorOnly: [Set<String>]
    /// Per source message, the arguments the app passes that the source does not print: a String
    /// Catalog key's (``SourceMessage/keyFormat``). A translation may print them.
    let passedOnly: [Set<String>]
    /// Android messages composed by `speakable compile` (a `<string name="X">` printing the text
    /// of `<plurals name="X__count">` as a `%N$s` argument): the arguments the companion plurals
    /// print (their quantities) and the composing string's text slots. A translation may print a
    /// quantity itself instead of its plural's text (Korean has no plural to choose).
    let composed: [(quantities: Set<String>, textSlots: Set<String>)?]
    /// Label keys with their hint and value siblings in the source (`cell.label` with
    /// `cell.hint`): the message's index, the label's (``byKey``'s), and each sibling's key and index.
    let keyFamilies: [(message: Int, label: Int, key: String, siblings: [(key: String, index: Int)])]
    /// The `label` of every key family.
    let familyLabels: Set<Int>

    /// What is worked out for each source message on its own (``facts(_:_:)``). In one pass
    /// (``lists(_:)``) each fact is appended to its list; a large table's messages, in pieces on
    /// every core, are each initialized in place at its index (each index by one thread), then
    /// moved into their lists once every index is: no piece's lists are appended to others (a
    /// copy of every fact) and then freed.
    /// (`@unchecked Sendable`: the pieces initialize disjoint indices, and ``arrays()`` runs after
    /// every piece is done.)
    private struct PerMessage: @unchecked Sendable {
        typealias Lists = (usages: [[String: ArgumentUsage]?], kinds: [[(name: String, kind: ArgumentUsage.Kind)]?], info: [SourceInfo],
                           literalNewlines: [Int], sourceArguments: [FormatMismatchRule.SourceArguments?], selectorOnly: [Set<String>],
                           passedOnly: [Set<String>])

        let count: Int
        let usages: UnsafeMutablePointer<[String: ArgumentUsage]?>
        let kinds: UnsafeMutablePointer<[(name: String, kind: ArgumentUsage.Kind)]?>
        let info: UnsafeMutablePointer<SourceInfo>
        let literalNewlines: UnsafeMutablePointer<Int>
        let sourceArguments: UnsafeMutablePointer<FormatMismatchRule.SourceArguments?>
        let selectorOnly: UnsafeMutablePointer<Set<String>>
        let passedOnly: UnsafeMutablePointer<Set<String>>

        /// The facts of message `i`.
        static func facts(_ messages: UnsafeBufferPointer<SourceMessage>, _ i: Int)
            -> (usages: [String: ArgumentUsage]?, kinds: [(name: String, kind: ArgumentUsage.Kind)]?, info: SourceInfo, literalNewlines: Int,
                sourceArguments: FormatMismatchRule.SourceArguments?, selectorOnly: Set<String>, passedOnly: Set<String>) {
            let pattern = messages[i].pattern
            let printed = pattern?.argumentUsages
            var newlines = 0
            for byte in messages[i].text.text.utf8 where byte == 10 { newlines += 1 }
            let formats = messages[i].formats
            let keyFormat = messages[i].keyFormat
            let passed = messages[i].passedArguments
            return (printed, pattern?.argumentKinds, SourceInfo(messages[i]), newlines,
                    formats.map { FormatMismatchRule.SourceArguments($0, keyFormat: keyFormat) },
                    // Without a plural no argument is only a selector.
                    pattern.map { PluralArguments.hasPlural($0.body) ? TableFacts.selectorOnlyArguments($0) : [] } ?? [],
                    (keyFormat.map { TableFacts.keyArguments($0, formats: formats!, printed: printed) } ?? []).union(passed))
        }

        /// Every message's facts in one pass, each appended to its list.
        static func lists(_ messages: UnsafeBufferPointer<SourceMessage>) -> Lists {
            var lists: Lists = ([], [], [], [], [], [], [])
            let count = messages.count
            lists.usages.reserveCapacity(count)
            lists.kinds.reserveCapacity(count)
            lists.info.reserveCapacity(count)
            lists.literalNewlines.reserveCapacity(count)
            lists.sourceArguments.reserveCapacity(count)
            lists.selectorOnly.reserveCapacity(count)
            lists.passedOnly.reserveCapacity(count)
            for i in messages.indices {
                // Each fact moved from its binding to its list.
                let (usages, kinds, info, newlines, arguments, selectorOnly, passedOnly) = facts(messages, i)
                lists.usages.append(consume usages)
                lists.kinds.append(consume kinds)
                lists.info.append(consume info)
                lists.literalNewlines.append(newlines)
                lists.sourceArguments.append(consume arguments)
                lists.selectorOnly.append(consume selectorOnly)
                lists.passedOnly.append(consume passedOnly)
            }
            return lists
        }

        /// Room for `count` messages' facts, none initialized.
        init(count: Int) {
            self.count = count
            usages = .allocate(capacity: count)
            kinds = .allocate(capacity: count)
            info = .allocate(capacity: count)
            literalNewlines = .allocate(capacity: count)
            sourceArguments = .allocate(capacity: count)
            selectorOnly = .allocate(capacity: count)
            passedOnly = .allocate(capacity: count)
        }

        /// Initializes the facts of the messages at `range`.
        func fill(_ messages: UnsafeBufferPointer<SourceMessage>, _ range: Range<Int>) {
            for i in range {
                let (u, k, f, n, a, s, p) = Self.facts(messages, i)
                (usages + i).initialize(to: consume u)
                (kinds + i).initialize(to: consume k)
                (info + i).initialize(to: consume f)
                (literalNewlines + i).initialize(to: n)
                (sourceArguments + i).initialize(to: consume a)
                (selectorOnly + i).initialize(to: consume s)
                (passedOnly + i).initialize(to: consume p)
            }
        }

        /// Once every index is initialized: the facts as arrays (moved there, the room freed).
        func arrays() -> Lists {
            (moved(usages), moved(kinds), moved(info), moved(literalNewlines), moved(sourceArguments), moved(selectorOnly), moved(passedOnly))
        }

        private func moved<T>(_ room: UnsafeMutablePointer<T>) -> [T] {
            let result = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                if count > 0 { buffer.baseAddress!.moveInitialize(from: room, count: count) }
                initialized = count
            }
            room.deallocate()
            return result
        }
    }

    /// The source keys: each key's first message, the keys in order, each message's first
    /// message with its key, and the Android keys by name.
    private struct Keyed: Sendable {
        var byKey: [String: Int] = [:]
        var keys: [String] = []
        var firstIndex: [Int] = []
        var byName: [String: String] = [:]

        init(_ messages: UnsafeBufferPointer<SourceMessage>) {
            let count = messages.count
            byKey.reserveCapacity(count)
            keys.reserveCapacity(count)
            firstIndex.reserveCapacity(count)
            byName.reserveCapacity(count)
            for i in messages.indices {
                let key = messages[i].key
                let first = byKey[key] ?? i
                if first == i { byKey[key] = i }
                keys.append(key)
                firstIndex.append(first)
                if let name = TableFacts.androidName(key, java: messages[i].formats?.dialect == .java) { byName[name, default: key] = key }
            }
        }
    }

    /// `parallel`: a large table's messages are worked out in pieces on every core.
    init(_ table: CheckTable, parallel: Bool = false) {
        // Each message read in place (a `SourceMessage` is large: a `map` per array copied every
        // message once per array).
        let count = table.messages.count
        var keyed = Keyed(UnsafeBufferPointer(start: nil, count: 0))
        var lists: PerMessage.Lists = ([], [], [], [], [], [], [])
        table.messages.withUnsafeBufferPointer { messages in
            let pieceSize = 1024
            let pieces = (count + pieceSize - 1) / pieceSize
            guard parallel && pieces > 1 else {
                keyed = Keyed(messages)
                lists = PerMessage.lists(messages)
                return
            }
            // The keys (one pass over every message) beside the pieces of per-message facts.
            let perMessage = PerMessage(count: count)
            let madeKeys = Mutex<Keyed?>(nil)
            nonisolated(unsafe) let shared = messages
            DispatchQueue.concurrentPerform(iterations: pieces + 1) { p in
                guard p > 0 else {
                    let made = Keyed(shared)
                    madeKeys.withLock { $0 = made }
                    return
                }
                perMessage.fill(shared, (p - 1) * pieceSize..<min(count, p * pieceSize))
            }
            keyed = madeKeys.withLock { $0 }!
            lists = perMessage.arrays()
        }
        let (usages, kinds, info, literalNewlines, sourceArguments, selectorOnly, passedOnly) = lists
        let byKey = keyed.byKey
        let keys = keyed.keys
        let firstIndex = keyed.firstIndex
        let byName = keyed.byName
        self.byKey = byKey
        self.keys = keys
        self.firstIndex = firstIndex
        self.usages = usages
        self.kinds = kinds
        self.info = info
        self.literalNewlines = literalNewlines
        self.sourceArguments = sourceArguments
        self.androidKeysByName = byName
        self.selectorOnly = selectorOnly
        self.passedOnly = passedOnly
        self.composed = Self.composition(table)
        var families: [(message: Int, label: Int, key: String, siblings: [(key: String, index: Int)])] = []
        for i in table.messages.indices {
            let key = table.messages[i].key
            guard let (stem, separator) = KeyFamilyRule.labelStem(key) else { continue }
            let siblings = ["hint", "value"].compactMap { sibling -> (key: String, index: Int)? in
                let siblingKey = stem + separator + sibling
                return byKey[siblingKey].map { (siblingKey, $0) }
            }
            if !siblings.isEmpty { families.append((i, byKey[key]!, key, siblings)) }
        }
        self.keyFamilies = families
        familyLabels = Set(families.map(\.label))
    }

    /// The name in an Android key (`string/title` → `title`: after its first "/") when the
    /// message is Java's or the key an array's; nil otherwise. ASCII keys are read by their bytes
    /// (where every byte is a Character); any other key as Characters, as it always was.
    static func androidName(_ key: String, java: Bool) -> String? {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            guard java || key.utf8.starts(with: "array/".utf8), let slash = key.utf8.firstIndex(of: 0x2F) else { return nil }
            return String(key[key.utf8.index(after: slash)...])
        }
        guard java || key.hasPrefix("array/"), let slash = key.firstIndex(of: "/") else { return nil }
        return String(key[key.index(after: slash)...])
    }

    static func composition(_ table: CheckTable) -> [(quantities: Set<String>, textSlots: Set<String>)?] {
        var companions: [String: [Int]] = [:]
        // By index: each message read in place, not copied.
        for i in table.messages.indices where table.messages[i].key.hasPrefix("plurals/") && table.messages[i].formats?.dialect == .java {
            let name = Array(table.messages[i].key.dropFirst("plurals/".count))
            guard let cut = (0..<max(0, name.count - 1)).last(where: { name[$0] == "_" && name[$0 + 1] == "_" }), cut > 0 else { continue }
            companions["string/" + String(name[..<cut]), default: []].append(i)
        }
        guard !companions.isEmpty else { return Array(repeating: nil, count: table.messages.count) }
        return table.messages.map { m in
            guard let indices = companions[m.key], let formats = m.formats else { return nil }
            var quantities = Set<String>()
            for i in indices {
                for form in table.messages[i].formats?.forms ?? [] {
                    for spec in form.format.specifiers where spec.readsArgument { if let n = spec.argument { quantities.insert(String(n)) } }
                }
            }
            var slots = Set<String>()
            for form in formats.forms {
                for spec in form.format.specifiers where spec.readsArgument && (spec.conversion == "s" || spec.conversion == "S") {
                    if let n = spec.argument { slots.insert(String(n)) }
                }
            }
            return (quantities, slots)
        }
    }

    /// The arguments a String Catalog key passes (its specifiers' argument numbers, as the
    /// converted ICU text names them) that the source's text does not use.
    static func keyArguments(_ key: PlatformFormats.Form, formats: PlatformFormats, printed: [String: ArgumentUsage]?) -> Set<String> {
        var result = Set<String>()
        for spec in key.format.specifiers where spec.readsArgument && !spec.looksLikeProse {
            guard let (argument, _) = FormatMismatchRule.resolve(spec, formSubstitution: nil, formats: formats), argument >= 1 else { continue }
            let name = String(argument)
            if printed?[name] == nil { result.insert(name) }
        }
        return result
    }

    /// Arguments used only as a plural's selector: no `{name}`, no `#` in their own cases.
    static func selectorOnlyArguments(_ pattern: MessagePattern) -> Set<String> {
        var plural = Set<String>()
        var printed = Set<String>()
        func walk(_ body: MessageBody, pound: String?) {
            for part in body.parts {
                switch part {
                case .text: break
                case .pound: if let pound { printed.insert(pound) }
                case .argument(let argument):
                    switch argument.kind {
                    case .none, .simple: printed.insert(argument.name)
                    case .plural(let p):
                        plural.insert(argument.name)
                        p.cases.forEach { walk($0.message, pound: argument.name) }
                    case .select(let s):
                        printed.insert(argument.name)
                        s.cases.forEach { walk($0.message, pound: pound) }
                    case .choice(let c):
                        printed.insert(argument.name)
                        c.cases.forEach { walk($0.message, pound: pound) }
                    }
                }
            }
        }
        walk(pattern.body, pound: nil)
        return plural.subtracting(printed)
    }
}
