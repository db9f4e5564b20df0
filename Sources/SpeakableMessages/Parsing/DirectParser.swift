/// The parser's fast path: reads the messages apps write most — text (with literal apostrophes,
/// as in "l'heure"), `{name}`, `{n, number}`-style arguments without a style, and plurals,
/// selectordinals and selects with word and `=N` cases, nested — straight from the pattern's
/// UTF-8, and builds exactly the tree ``MessageParser`` builds for them. Anything else (quoting or
/// `''`, a style, `choice`, `offset:`, a non-ASCII character outside literal text, any syntax
/// error, very deep nesting, more parts or cases at once than its stacks hold) makes it give up,
/// and ``MessageParser`` reads the pattern: every diagnostic comes from the general parser,
/// unchanged.
///
/// What it saves: no UTF-16 copy of the pattern (UTF-16 offsets are counted from the UTF-8 lead
/// bytes as the text is scanned, eight bytes at a time), no round trip of each literal through
/// UTF-16 (a text part is made from the pattern's bytes, or is the pattern itself when the
/// pattern is one literal), no array per body grown and copied (parts and cases wait on stacks in
/// temporary memory and are moved into arrays of their size), and plural keywords are literals.
/// `DirectParserTests` compares it with the general parser over many generated patterns.
///
/// Both parsers read type words and syntax characters from ``MessageSyntax`` and white space and
/// identifier ends from ``PatternCharacters``, so a change to the grammar is made there once.
/// The fast path is kept because the checker benchmark (`tools/CheckerBenchmark`, the `checker`
/// section of `tools/bench/run.sh`) shows it pays: checking its generated project parses every
/// message of every locale, and `MessagePattern.init` is a large share of that check with the
/// general parser alone.
struct DirectParser {
    /// The pattern's UTF-8.
    private let p: UnsafePointer<UInt8>
    private let n: Int
    /// The pattern, when the whole of it is one text part.
    private let source: String
    /// Byte and UTF-16 offset of the next code unit to read. Outside literal text the fast path
    /// reads only ASCII, where both advance together.
    private var i = 0
    private var j = 0
    private var parts: TemporaryStack<MessagePart>
    private var pluralCases: TemporaryStack<PluralCase>
    private var selectCases: TemporaryStack<SelectCase>

    /// Nesting deeper than this is left to the general parser (which has the limit and its
    /// diagnostic); it also bounds this parser's recursion.
    static let maximumNesting = 32

    /// Gives up, leaving the pattern to ``MessageParser``.
    struct GiveUp: Error {}

    private enum Parent { case none, plural, select }

    /// How many parts, plural cases and select cases can wait on the stacks at once (the parts
    /// of each unfinished body, the cases of each unfinished plural or select): each stack's
    /// buffer is at most 1 KiB, so it is on the machine stack. A message that needs more is left
    /// to the general parser.
    static let partCapacity = 1024 / MemoryLayout<MessagePart>.stride
    static let pluralCaseCapacity = 1024 / MemoryLayout<PluralCase>.stride
    static let selectCaseCapacity = 1024 / MemoryLayout<SelectCase>.stride

    /// The tree of `source` (whose UTF-8 is `bytes`), or nil when the general parser must read it.
    static func parse(_ source: String, utf8 bytes: UnsafeBufferPointer<UInt8>) -> MessageBody? {
        withUnsafeTemporaryAllocation(of: MessagePart.self, capacity: partCapacity) { partBuffer in
            withUnsafeTemporaryAllocation(of: PluralCase.self, capacity: pluralCaseCapacity) { pluralBuffer in
                withUnsafeTemporaryAllocation(of: SelectCase.self, capacity: selectCaseCapacity) { selectBuffer in
                    var parser = DirectParser(
                        bytes: bytes, source: source,
                        parts: TemporaryStack(partBuffer), pluralCases: TemporaryStack(pluralBuffer),
                        selectCases: TemporaryStack(selectBuffer))
                    do {
                        return try parser.body(nesting: 0, parent: .none)
                    } catch {
                        parser.parts.removeAll()
                        parser.pluralCases.removeAll()
                        parser.selectCases.removeAll()
                        return nil
                    }
                }
            }
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, source: String, parts: TemporaryStack<MessagePart>,
                 pluralCases: TemporaryStack<PluralCase>, selectCases: TemporaryStack<SelectCase>) {
        self.p = bytes.baseAddress!
        self.n = bytes.count
        self.source = source
        self.parts = parts
        self.pluralCases = pluralCases
        self.selectCases = selectCases
    }

    // MARK: Bodies

    /// A body from the current place: to the end of the pattern (nesting 0), or to and past the
    /// `}` that closes a case (its range ends before it).
    private mutating func body(nesting: Int, parent: Parent) throws(GiveUp) -> MessageBody {
        let base = parts.count
        let startJ = j
        var textI = i
        var textJ = j
        // The bytes that end a run of text here, eight at a time (see `TextRun`).
        let stops = TextRun(pound: parent == .plural)
        while i < n {
            if i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                let stop = stops.stops(in: word)
                if stop == 0 {
                    j += TextRun.utf16Count(of: word, mask: ~0)
                    i += 8
                    continue
                }
                // Up to the first stop, then that byte as below.
                let before = stop.trailingZeroBitCount >> 3
                if before > 0 {
                    j += TextRun.utf16Count(of: word, mask: (1 &<< (before &* 8)) &- 1)
                    i += before
                }
            }
            let b = p[i]
            if b >= 0x80 {
                // A lead byte starts one UTF-16 unit, or two for a 4-byte sequence; continuation
                // bytes none.
                if b >= 0xC0 { j += b >= 0xF0 ? 2 : 1 }
                i += 1
                continue
            }
            switch b {
            case .leftBrace:
                try flushText(textI, textJ)
                let argument = try argument(nesting: nesting)
                try parts.push(.argument(argument))
                textI = i
                textJ = j
            case .rightBrace where nesting > 0:  // ending a case
                try flushText(textI, textJ)
                let body = MessageBody(parts: parts.take(from: base), range: startJ..<j)
                i += 1
                j += 1
                return body
            case .pound where parent == .plural:
                try flushText(textI, textJ)
                try parts.push(.pound(range: j..<(j + 1)))
                i += 1
                j += 1
                textI = i
                textJ = j
            case .apostrophe:
                // Before a letter, a space or the end, an apostrophe is literal ("l'heure",
                // "don't"): the text is still the pattern's bytes. `''` and quoting are the
                // general parser's.
                if i + 1 < n {
                    let next = p[i + 1]
                    if next == .apostrophe || next == .leftBrace || next == .rightBrace || (next == .pound && parent == .plural) {
                        throw GiveUp()
                    }
                }
                i += 1
                j += 1
            default:
                i += 1
                j += 1
            }
        }
        if nesting > 0 { throw GiveUp() }  // a case never closed
        try flushText(textI, textJ)
        return MessageBody(parts: parts.take(from: base), range: startJ..<j)
    }

    /// Pushes the literal text from `textI` (UTF-16 offset `textJ`) to here, if any.
    private mutating func flushText(_ textI: Int, _ textJ: Int) throws(GiveUp) {
        guard i > textI else { return }
        let text = textI == 0 && i == n ? source : string(textI, i)
        try parts.push(.text(text, range: textJ..<j))
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self)
    }

    // MARK: Arguments

    /// An argument from its `{` to and past its `}`.
    private mutating func argument(nesting: Int) throws(GiveUp) -> ArgumentNode {
        let argJ = j
        advance(1)
        skipWhiteSpace()
        let nameI = i
        let nameJ = j
        try skipIdentifier()
        let nameLength = i - nameI
        guard nameLength > 0, nameLength <= MessageParser.maxPartLength else { throw GiveUp() }
        let number = try argumentNumber(nameI, i)
        let name = string(nameI, i)
        let nameRange = nameJ..<j
        skipWhiteSpace()
        guard i < n else { throw GiveUp() }
        let kind: ArgumentKind
        if p[i] == .rightBrace {
            kind = .none
        } else {
            guard p[i] == .comma else { throw GiveUp() }
            advance(1)
            skipWhiteSpace()
            let typeI = i
            let typeJ = j
            while i < n && (p[i] | 0x20) >= 0x61 && (p[i] | 0x20) <= 0x7A { advance(1) }
            let typeRange = typeJ..<j
            // Type words in lower case only (other spellings are the general parser's).
            let type = MessageSyntax.typeWord(p + typeI, count: i - typeI, foldingCase: false)
            skipWhiteSpace()
            guard i < n, let type else { throw GiveUp() }
            let c = p[i]
            switch type {
            case .plural, .selectordinal, .select:
                guard c == .comma else { throw GiveUp() }  // `}` (no cases) is an error
                advance(1)
                let styleStart = j
                if type == .select {
                    kind = .select(SelectArgument(cases: try selectCases(nesting: nesting), styleStart: styleStart))
                } else {
                    kind = .plural(PluralArgument(
                        isOrdinal: type == .selectordinal, offset: 0, offsetRange: nil,
                        cases: try pluralCases(nesting: nesting), styleStart: styleStart))
                }
            case .choice:
                throw GiveUp()
            case .simple(let simple):
                guard c == .rightBrace else { throw GiveUp() }  // a style: the general parser checks it
                let style: ArgumentStyle = switch simple {
                case .number: .number(.default)
                case .date, .time: .dateTime(.default)
                case .spellout, .ordinal, .duration: .ruleSet("")
                }
                kind = .simple(SimpleArgument(type: simple, typeText: simple.rawValue, typeRange: typeRange,
                                              styleText: nil, styleRange: nil, style: style))
            }
        }
        // At the closing `}`.
        let node = ArgumentNode(name: name, number: number, nameRange: nameRange, range: argJ..<(j + 1), kind: kind)
        advance(1)
        return node
    }

    /// ICU's argument number: nil for a name; gives up on a number that is an error.
    private func argumentNumber(_ start: Int, _ end: Int) throws(GiveUp) -> Int? {
        let first = p[start]
        guard first >= 0x30 && first <= 0x39 else { return nil }
        var k = start
        while k < end {
            guard p[k] >= 0x30 && p[k] <= 0x39 else { return nil }  // "1a" is a name
            k += 1
        }
        // All digits: a leading zero (but "0" itself) or a number past ICU's limit is an error.
        if first == 0x30 && end - start > 1 { throw GiveUp() }
        guard end - start <= 5 else { throw GiveUp() }
        var number = 0
        for k in start..<end { number = number * 10 + Int(p[k] - 0x30) }
        guard number <= MessageParser.maxArgumentNumber else { throw GiveUp() }
        return number
    }

    // MARK: Cases

    private mutating func pluralCases(nesting: Int) throws(GiveUp) -> [PluralCase] {
        let base = pluralCases.count
        var hasOther = false
        while true {
            skipWhiteSpace()
            guard i < n else { throw GiveUp() }
            if p[i] == .rightBrace {
                guard hasOther else { throw GiveUp() }
                return pluralCases.take(from: base)
            }
            let selectorI = i
            let selectorJ = j
            let selector: PluralSelector
            if p[i] == .equals {  // =N: digits only (ICU's other number forms are the general parser's)
                advance(1)
                var value = 0
                while i < n && p[i] >= 0x30 && p[i] <= 0x39 {
                    value = value * 10 + Int(p[i] - 0x30)
                    guard value <= MessageParser.maxArgumentNumber else { throw GiveUp() }
                    advance(1)
                }
                guard i - selectorI > 1, i - selectorI <= MessageParser.maxPartLength, i < n else { throw GiveUp() }
                switch p[i] {
                case 0x2B, 0x2D, 0x2E, 0x45, 0x65: throw GiveUp()  // more of a number (+ - . E e)
                case 0x80...: throw GiveUp()  // perhaps '∞'
                default: break
                }
                selector = .explicit(Double(value))
            } else {
                let (word, isOther) = try caseWord(from: selectorI, refusingOffset: true)
                if isOther { hasOther = true }
                selector = .keyword(word)
            }
            let selectorText: String = if case .keyword(let word) = selector { word } else { string(selectorI, i) }
            let selectorRange = selectorJ..<j
            let message = try caseBody(nesting: nesting, parent: .plural)
            try pluralCases.push(PluralCase(selector: selector, selectorText: selectorText,
                                        selectorRange: selectorRange, message: message))
        }
    }

    private mutating func selectCases(nesting: Int) throws(GiveUp) -> [SelectCase] {
        let base = selectCases.count
        var hasOther = false
        while true {
            skipWhiteSpace()
            guard i < n else { throw GiveUp() }
            if p[i] == .rightBrace {
                guard hasOther else { throw GiveUp() }
                return selectCases.take(from: base)
            }
            let keyI = i
            let keyJ = j
            let (key, isOther) = try caseWord(from: keyI, refusingOffset: false)
            if isOther { hasOther = true }
            let keyRange = keyJ..<j
            let message = try caseBody(nesting: nesting, parent: .select)
            try selectCases.push(SelectCase(key: key, keyRange: keyRange, message: message))
        }
    }

    /// A case's word (a plural keyword, a select key) from `start`, where the identifier begins:
    /// the word, and whether it is `other`. `refusingOffset`: a plural's `offset` (a word here
    /// only after the cases began) is the general parser's.
    @inline(__always)
    private mutating func caseWord(from start: Int, refusingOffset: Bool) throws(GiveUp) -> (String, Bool) {
        try skipIdentifier()
        let length = i - start
        guard length > 0, length <= MessageParser.maxPartLength else { throw GiveUp() }
        if refusingOffset && MessageSyntax.spells(p + start, count: length, MessageSyntax.offset) { throw GiveUp() }
        return (keyword(start, i), MessageSyntax.spells(p + start, count: length, MessageSyntax.other))
    }

    /// White space, then a case's `{`, body and `}`.
    private mutating func caseBody(nesting: Int, parent: Parent) throws(GiveUp) -> MessageBody {
        skipWhiteSpace()
        guard i < n, p[i] == .leftBrace, nesting + 1 <= Self.maximumNesting else { throw GiveUp() }
        advance(1)
        return try body(nesting: nesting + 1, parent: parent)
    }

    /// A case word: CLDR's plural keywords as literals, without making a String.
    private func keyword(_ start: Int, _ end: Int) -> String {
        let w = p + start
        switch end - start {
        case 3: if spells(w, "one") { return "one" }; if spells(w, "two") { return "two" }; if spells(w, "few") { return "few" }
        case 4: if spells(w, "zero") { return "zero" }; if spells(w, "many") { return "many" }
        case 5: if spells(w, "other") { return "other" }
        default: break
        }
        return string(start, end)
    }

    /// Whether the bytes at `w` are `word` (as many bytes as it has).
    @inline(__always)
    private func spells(_ w: UnsafePointer<UInt8>, _ word: StaticString) -> Bool {
        MessageSyntax.spells(w, count: word.utf8CodeUnitCount, word)
    }

    // MARK: Scanning (ASCII only: anything else gives up where it matters)

    @inline(__always)
    private mutating func advance(_ count: Int) {
        i += count
        j += count
    }

    /// ASCII Pattern_White_Space. A non-ASCII character stops it; what follows white space is
    /// then never what the fast path expects, so it gives up.
    private mutating func skipWhiteSpace() {
        var k = i
        while k < n && PatternCharacters.isWhiteSpace(UInt16(p[k])) { k += 1 }
        advance(k - i)
    }

    /// ICU's identifier: up to Pattern_Syntax or Pattern_White_Space; gives up at a non-ASCII
    /// character (which ICU may read either way).
    private mutating func skipIdentifier() throws(GiveUp) {
        let (low, high) = Self.identifierEnds
        var k = i
        while k < n {
            let b = p[k]
            if b >= 0x80 { throw GiveUp() }
            if (b < 64 ? low &>> b : high &>> (b &- 64)) & 1 != 0 { break }
            k += 1
        }
        advance(k - i)
    }

    /// ``PatternCharacters/endsIdentifier(_:)`` of the ASCII code units as two 64-bit masks
    /// (code units 0–63 and 64–127; a test checks them against it).
    static var identifierEnds: (UInt64, UInt64) { (0xFC00_FFFF_0000_3E00, 0x7800_0001_7800_0001) }
}

/// Runs of literal text, eight bytes at a time: which bytes end a run (`{`, `}`, `'`, and `#` in
/// a plural's case), and how many UTF-16 code units bytes make.
struct TextRun {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
    private let pound: UInt64

    init(pound: Bool) { self.pound = pound ? 0x23 &* Self.ones : 0 }

    /// The high bit of each byte of `word` that is zero (exactly: no borrow between bytes).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7 = ~highs
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// The high bit of each byte of `word` that ends a run of text.
    @inline(__always)
    func stops(in word: UInt64) -> UInt64 {
        var found = Self.zeroBytes(word ^ (0x7B &* Self.ones)) | Self.zeroBytes(word ^ (0x7D &* Self.ones))
            | Self.zeroBytes(word ^ (0x27 &* Self.ones))
        if pound != 0 { found |= Self.zeroBytes(word ^ pound) }
        return found
    }

    /// The UTF-16 code units of the UTF-8 bytes of `word` under `mask` (whole bytes): one for
    /// each byte but continuation bytes (`10xxxxxx`), and one more for each lead byte of a
    /// 4-byte sequence (`11110xxx`), whose scalar is a surrogate pair.
    @inline(__always)
    static func utf16Count(of word: UInt64, mask: UInt64) -> Int {
        let highBits = highs & mask
        let continuation = word & ~(word &<< 1) & highBits
        let fourByteLead = word & (word &<< 1) & (word &<< 2) & (word &<< 3) & highBits
        return highBits.nonzeroBitCount - continuation.nonzeroBitCount + fourByteLead.nonzeroBitCount
    }
}

/// A stack of values in a temporary buffer; ``take(from:)`` moves the top of it into an array of
/// that size (no copies, retains or releases).
struct TemporaryStack<Element> {
    private let base: UnsafeMutablePointer<Element>
    private let capacity: Int
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        base = buffer.baseAddress!
        capacity = buffer.count
    }

    /// Pushes `element`; gives up when the stack is full.
    @inline(__always)
    mutating func push(_ element: consuming Element) throws(DirectParser.GiveUp) {
        guard count < capacity else { throw DirectParser.GiveUp() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func take(from start: Int) -> [Element] {
        let taken = count - start
        let first = base + start
        defer { count = start }
        // Array literals of the moved values for the common sizes, up to CLDR's six plural cases
        // (allocated directly, without `reserveCapacity`'s general path).
        switch taken {
        case 0: return []
        case 1: return [first.move()]
        case 2: return [first.move(), (first + 1).move()]
        case 3: return [first.move(), (first + 1).move(), (first + 2).move()]
        case 4: return [first.move(), (first + 1).move(), (first + 2).move(), (first + 3).move()]
        case 5: return [first.move(), (first + 1).move(), (first + 2).move(), (first + 3).move(), (first + 4).move()]
        case 6:
            return [first.move(), (first + 1).move(), (first + 2).move(), (first + 3).move(), (first + 4).move(),
                    (first + 5).move()]
        default: break
        }
        // Reserved and appended (specialized): `init(unsafeUninitializedCapacity:)` allocates
        // through a generic path that looks the storage type up at run time.
        var array: [Element] = []
        array.reserveCapacity(taken)
        for k in 0..<taken { array.append((first + k).move()) }
        return array
    }

    /// Destroys what is on the stack.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }
}
