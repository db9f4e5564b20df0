import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableJSON

/// A byte scanner over a catalog that accepts exactly what the JSON reader and the catalog
/// reader accept without a diagnostic (or less), and rejects the rest.
struct XCStringsScanner {
    struct Reject: Error {}

    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    var i: Int
    var line: Int
    /// Columns, counted in scalars from `columnOffset` (where the column is `columnValue`); moved
    /// forward as positions are asked for, reset at each line break.
    var columnOffset: Int
    var columnValue: Int
    /// UTF-8 continuation bytes in the strings read so far, and their number when `columnOffset`
    /// was set (see `position(at:)`).
    var continuations = 0
    var columnContinuations = 0
    var values = 0
    var maximumValues = Int.max
    var depth = 0
    /// Make the model (a second reading of a localization) rather than only check.
    var building = false
    /// Keys of the objects being read (their byte ranges), for duplicates: each object's from
    /// its own base; the first `keyCount` are in use (an object's end sets the count back, the
    /// storage is reused).
    var keyStack: [(Int, Int)] = []
    var keyCount = 0

    var entries: [XCStringsIndex.Entry] = []
    var tags: [String] = []
    var tagBytes: [(Int, Int)] = []
    var locales: [XCStringsIndex.Locale] = []
    var paths: [String] = [""]
    /// Each path's kind and case name in the file (paths[0], "", has none).
    var pathKeys: [(Int, Int, Int, Int)] = [(0, 0, 0, 0)]
    var states: [String] = []
    var stateKeys: [(Int, Int)] = []
    /// The locale whose forms the localization being read goes to, and its first form; whether
    /// it is too complex for forms (it is then kept as its object's bytes).
    var recordLocale = 0
    var firstForm = 0
    var isComplex = false
    var lastEntryOfTag: [Int] = []
    var entryKeys = Set<String>()
    var guessTag = 0
    /// At most this many parts of `strings` are read in parallel, each of at least
    /// `minimumPartBytes` (see `XCStringsScanner+Parts.swift`); 1: read in one.
    var partCount = 1
    var minimumPartBytes = 1 << 19
    /// Set when the members of a part did not end where the next part begins (that part's start
    /// was not a member's: the rejection says nothing about the catalog).
    var misaligned = false
    /// Whether the index's arrays were made at their final size (by joining parts).
    var isCompact = false

    init(_ p: UnsafeBufferPointer<UInt8>, start: Int, line: Int, column: Int) {
        self.p = p
        n = p.count
        i = start
        self.line = line
        columnOffset = start
        columnValue = column
    }

    // MARK: Positions

    mutating func position(at offset: Int) -> SourcePosition {
        // Asked for between values (every string before `offset` read, none after it), and
        // only strings hold non-ASCII bytes: the scalars since `columnOffset` are the bytes less
        // the continuations (10xxxxxx) of the strings read since.
        let c = columnValue + (offset - columnOffset) - (continuations - columnContinuations)
        columnOffset = offset
        columnValue = c
        columnContinuations = continuations
        return SourcePosition(line: line, column: c)
    }

    /// UTF-8 continuation bytes in `p[start..<end]`, eight bytes at a time.
    func continuationCount(_ start: Int, _ end: Int) -> Int {
        var count = 0
        var k = start
        let base = UnsafeRawPointer(p.baseAddress!)
        while k + 8 <= end {
            let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            count += (w & ~(w << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            k += 8
        }
        while k < end {
            if p[k] & 0xC0 == 0x80 { count += 1 }
            k += 1
        }
        return count
    }

    // MARK: JSON

    @inline(__always)
    mutating func skipWhiteSpace() {
        while i < n {
            let b = p[i]
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            if b == 0x0A {
                i += 1
                line += 1
                columnOffset = i
                columnValue = 1
                columnContinuations = continuations
                continue
            }
            return
        }
    }

    @inline(__always)
    mutating func countValue() throws(Reject) {
        values += 1
        if values > maximumValues { throw Reject() }
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(Reject) {
        skipWhiteSpace()
        guard i < n, p[i] == byte else { throw Reject() }
        i += 1
    }

    /// A string at its opening quote: the bytes inside the quotes, and whether it has escapes.
    /// Rejects control characters, bad escapes, unpaired surrogates and invalid UTF-8.
    mutating func string() throws(Reject) -> (start: Int, end: Int, escaped: Bool) {
        guard i < n, p[i] == 0x22 else { throw Reject() }
        let start = i + 1
        var k = start
        var escaped = false
        var ascii = true
        let base = UnsafeRawPointer(p.baseAddress!)
        while true {
            // Eight bytes at a time to the first that is a quote, a backslash, a control
            // character or non-ASCII (each of those is read below, a byte at a time, as before).
            while k + 8 <= n {
                let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let quote = w ^ (ones &* 0x22)
                let backslash = w ^ (ones &* 0x5C)
                // A byte below 0x20, equal to 0 after the xors, or with its high bit set; a borrow
                // only marks bytes above such a byte, so the lowest mark is the first of them.
                let special = ((w &- ones &* 0x20) | (quote &- ones) | (backslash &- ones) | w) & highs
                if special != 0 {
                    k += special.trailingZeroBitCount >> 3
                    break
                }
                k += 8
            }
            guard k < n else { throw Reject() }
            let b = p[k]
            if b == 0x22 { break }
            if b < 0x20 { throw Reject() }
            if b >= 0x80 { ascii = false; k += 1; continue }
            if b == 0x5C {
                escaped = true
                guard k + 1 < n else { throw Reject() }
                switch p[k + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: k += 2
                case 0x75:
                    let high = try hex4(k + 2)
                    k += 6
                    if UTF16.isLeadSurrogate(high) {
                        guard k + 1 < n, p[k] == 0x5C, p[k + 1] == 0x75, UTF16.isTrailSurrogate(try hex4(k + 2)) else { throw Reject() }
                        k += 6
                    } else if UTF16.isTrailSurrogate(high) {
                        throw Reject()
                    }
                default: throw Reject()
                }
                continue
            }
            k += 1
        }
        if !ascii {
            if UTF8Validation.firstInvalid(UnsafeBufferPointer(rebasing: p[start..<k])) != nil { throw Reject() }
            continuations += continuationCount(start, k)
        }
        i = k + 1
        return (start, k, escaped)
    }

    func hex4(_ at: Int) throws(Reject) -> UInt16 {
        guard at + 4 <= n else { throw Reject() }
        var value: UInt16 = 0
        for k in at..<at + 4 {
            guard let digit = HexDigits.value(of: p[k]) else { throw Reject() }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// A checked string's text, escapes resolved.
    static func decode(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) -> String {
        if !escaped { return String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var k = start
        func hex(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for j in at..<at + 4 {
                let b = p[j]
                v = v << 4 | UInt32(b <= 0x39 ? b - 0x30 : (b | 0x20) - 0x61 + 10)
            }
            return v
        }
        while k < end {
            let b = p[k]
            guard b == 0x5C else { out.append(b); k += 1; continue }
            let e = p[k + 1]
            k += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var value = hex(k)
                k += 4
                if value >= 0xD800 && value < 0xDC00 {
                    let low = hex(k + 2)
                    k += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
            default: out.append(e)  // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    func equal(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
        guard a.1 - a.0 == b.1 - b.0 else { return false }
        var x = a.0
        var y = b.0
        while x < a.1 {
            if p[x] != p[y] { return false }
            x += 1
            y += 1
        }
        return true
    }

    func equal(_ a: (start: Int, end: Int, escaped: Bool), _ word: StaticString) -> Bool {
        guard !a.escaped, a.end - a.start == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where p[a.start + k] != w[k] { return false }
        return true
    }

    /// An object's key (no escapes: those objects are left to the reader), checked against the
    /// object's earlier keys (from `base` in `keyStack`).
    mutating func key(base: Int) throws(Reject) -> (start: Int, end: Int, escaped: Bool) {
        skipWhiteSpace()
        let key = try string()
        if key.escaped { throw Reject() }
        for k in base..<keyCount where equal(keyStack[k], (key.start, key.end)) { throw Reject() }
        if keyCount == keyStack.count { keyStack.append((key.start, key.end)) } else { keyStack[keyCount] = (key.start, key.end) }
        keyCount += 1
        try expect(0x3A)
        skipWhiteSpace()
        return key
    }

    /// After a member: true when another follows, false at the object's end.
    @inline(__always)
    mutating func next(closing: UInt8) throws(Reject) -> Bool {
        skipWhiteSpace()
        guard i < n else { throw Reject() }
        if p[i] == 0x2C {
            i += 1
            return true
        }
        if p[i] == closing {
            i += 1
            return false
        }
        throw Reject()
    }

    /// Opens an object: false when it is empty (and closed).
    @inline(__always)
    mutating func open() throws(Reject) -> Bool {
        guard i < n, p[i] == 0x7B else { throw Reject() }
        depth += 1
        if depth > JSONReader.maximumDepth { throw Reject() }
        i += 1
        skipWhiteSpace()
        if i < n, p[i] == 0x7D {
            i += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Any value, checked and skipped (members Speakable does not model).
    mutating func skipValue() throws(Reject) {
        try countValue()
        skipWhiteSpace()
        guard i < n else { throw Reject() }
        switch p[i] {
        case 0x22: _ = try string()
        case 0x7B:
            let base = keyCount
            defer { keyCount = base }
            if try open() {
                repeat {
                    _ = try key(base: base)
                    try skipValue()
                } while try next(closing: 0x7D)
                depth -= 1
            }
        case 0x5B:
            depth += 1
            if depth > JSONReader.maximumDepth { throw Reject() }
            i += 1
            skipWhiteSpace()
            if i < n, p[i] == 0x5D {
                i += 1
            } else {
                repeat { try skipValue() } while try next(closing: 0x5D)
            }
            depth -= 1
        case 0x74: try literal("true")
        case 0x66: try literal("false")
        case 0x6E: try literal("null")
        default: _ = try integer()
        }
    }

    mutating func literal(_ word: StaticString) throws(Reject) {
        guard i + word.utf8CodeUnitCount <= n else { throw Reject() }
        for k in 0..<word.utf8CodeUnitCount where p[i + k] != word.utf8Start[k] { throw Reject() }
        i += word.utf8CodeUnitCount
    }

    /// A small integer (at most 18 digits, no fraction or exponent); anything else is left to
    /// the reader.
    mutating func integer() throws(Reject) -> Int64 {
        var k = i
        var negative = false
        if k < n, p[k] == 0x2D { negative = true; k += 1 }
        let first = k
        var value: Int64 = 0
        while k < n, p[k] >= 0x30, p[k] <= 0x39 {
            value = value * 10 + Int64(p[k] - 0x30)
            k += 1
            if k - first > 18 { throw Reject() }
        }
        guard k > first, !(p[first] == 0x30 && k - first > 1) else { throw Reject() }
        if k < n, p[k] == 0x2E || p[k] == 0x65 || p[k] == 0x45 { throw Reject() }
        i = k
        return negative ? -value : value
    }

    // MARK: The catalog

    /// The root object; entries and localizations go to the index.
    mutating func catalog() throws(Reject) -> (sourceLanguage: String, version: String?) {
        skipWhiteSpace()
        try countValue()
        guard try open() else { throw Reject() }
        let base = keyCount
        var sourceLanguage: String?
        var version: String?
        var sawStrings = false
        repeat {
            let key = try key(base: base)
            if equal(key, XCStringsKey.sourceLanguage.name) {
                try countValue()
                let s = try string()
                sourceLanguage = Self.decode(p, s.start, s.end, escaped: s.escaped)
            } else if equal(key, XCStringsKey.version.name) {
                try countValue()
                let s = try string()
                version = Self.decode(p, s.start, s.end, escaped: s.escaped)
            } else if equal(key, XCStringsKey.strings.name) {
                sawStrings = true
                try countValue()
                if partCount > 1 { try stringsInParts() } else { try strings() }
            } else {
                try skipValue()
            }
        } while try next(closing: 0x7D)
        skipWhiteSpace()
        guard i == n, let sourceLanguage, sawStrings else { throw Reject() }
        return (sourceLanguage, version)
    }

    mutating func strings() throws(Reject) {
        guard try open() else { return }
        try members(until: nil)
    }

    /// The members of `strings` from `i` (in the object, before a member), to the object's end;
    /// with `stop`, to the member whose key is at `stop` instead (its part's end: reaching the
    /// object's end first, or a member's key past `stop`, is `misaligned`).
    mutating func members(until stop: Int?) throws(Reject) {
        repeat {
            skipWhiteSpace()
            if let stop, i >= stop {
                if i == stop { return }
                misaligned = true
                throw Reject()
            }
            let keyAt = position(at: i)
            let k = try string()
            let key = Self.decode(p, k.start, k.end, escaped: k.escaped)
            // Equal strings (canonically) are left to the reader, which compares code points.
            guard entryKeys.insert(key).inserted else { throw Reject() }
            try expect(0x3A)
            skipWhiteSpace()
            try countValue()
            try entry(key: key, at: keyAt)
        } while try next(closing: 0x7D)
        if stop != nil {
            misaligned = true
            throw Reject()
        }
        depth -= 1
    }

    mutating func entry(key: String, at keyPosition: SourcePosition) throws(Reject) {
        let index = Int32(entries.count)
        var comment: String?
        var shouldTranslate: Bool?
        let base = keyCount
        defer { keyCount = base }
        if try open() {
            repeat {
                let field = try self.key(base: base)
                if equal(field, XCStringsKey.comment.name) {
                    try countValue()
                    let s = try string()
                    comment = Self.decode(p, s.start, s.end, escaped: s.escaped)
                } else if equal(field, XCStringsKey.extractionState.name) {
                    try countValue()
                    _ = try string()
                } else if equal(field, XCStringsKey.shouldTranslate.name) {
                    try countValue()
                    guard i < n else { throw Reject() }
                    if p[i] == 0x74 { try literal("true"); shouldTranslate = true }
                    else { try literal("false"); shouldTranslate = false }
                } else if equal(field, XCStringsKey.localizations.name) {
                    try countValue()
                    try localizationsOf(entry: index)
                } else {
                    try skipValue()
                }
            } while try next(closing: 0x7D)
            depth -= 1
        }
        entries.append(XCStringsIndex.Entry(key: key, keyPosition: keyPosition, shouldTranslate: shouldTranslate, comment: comment))
    }

    /// The locale tag `key` names, added when new.
    mutating func tag(_ key: (start: Int, end: Int, escaped: Bool)) throws(Reject) -> Int {
        let range = (key.start, key.end)
        if guessTag < tagBytes.count, equal(tagBytes[guessTag], range) { return guessTag }
        for t in tagBytes.indices where equal(tagBytes[t], range) { return t }
        let text = Self.decode(p, key.start, key.end, escaped: false)
        // Two spellings of one tag (canonically equal) are left to the reader.
        if tags.contains(text) { throw Reject() }
        tags.append(text)
        tagBytes.append(range)
        locales.append(XCStringsIndex.Locale())
        lastEntryOfTag.append(-1)
        return tags.count - 1
    }

    mutating func localizationsOf(entry: Int32) throws(Reject) {
        guard i < n, p[i] == 0x7B else { throw Reject() }
        guard try open() else { return }
        guessTag = 0
        repeat {
            skipWhiteSpace()
            let k = try string()
            if k.escaped { throw Reject() }
            let t = try tag(k)
            if lastEntryOfTag[t] == Int(entry) { throw Reject() }
            lastEntryOfTag[t] = Int(entry)
            guessTag = t + 1
            try expect(0x3A)
            skipWhiteSpace()
            try countValue()
            let at = position(at: i)
            let start = i
            recordLocale = t
            firstForm = locales[t].forms.count
            let firstByte = locales[t].bytes.count
            isComplex = false
            try content(level: 0, path: 0)
            let count = locales[t].forms.count - firstForm
            var l = XCStringsIndex.Localization(entry: entry, kind: .forms, isEscaped: false, state: -1, start: Int32(firstForm),
                                                end: Int32(count), line: 0, column: 0)
            if isComplex {
                // Kept as written, read again when the locale is asked for.
                locales[t].forms.removeSubrange(firstForm...)
                locales[t].bytes.removeSubrange(firstByte...)
                locales[t].bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<i]))
                l = XCStringsIndex.Localization(entry: entry, kind: .object, isEscaped: false, state: -1, start: Int32(firstByte),
                                                end: Int32(locales[t].bytes.count), line: Int32(at.line), column: Int32(at.column))
            } else if count == 1, locales[t].forms[firstForm].path == 0 {
                let f = locales[t].forms.removeLast()
                l = XCStringsIndex.Localization(entry: entry, kind: .unit, isEscaped: f.isEscaped, state: f.state, start: f.start,
                                                end: f.end, line: f.line, column: f.column)
            }
            locales[t].localizations.append(l)
        } while try next(closing: 0x7D)
        depth -= 1
    }

    /// A localization's (level 0), a case's (level 1: `path` is its path) content, an object,
    /// checked: the forms of a localization that has only string units in it and in its
    /// variations' cases go to `recordLocale` (else `isComplex`). (Building, see `contentModel`.)
    mutating func content(level: Int, path: UInt16) throws(Reject) {
        var sawVariations = false
        let base = keyCount
        defer { keyCount = base }
        if try open() {
            repeat {
                let field = try key(base: base)
                if equal(field, XCStringsKey.stringUnit.name) {
                    try countValue()
                    let unit = try stringUnit()
                    if !isComplex { record(unit, path: path, first: level == 0 && sawVariations) }
                } else if equal(field, XCStringsKey.variations.name) {
                    try countValue()
                    sawVariations = true
                    if level > 0 { isComplex = true }
                    _ = try variations(level: level)
                } else if equal(field, XCStringsKey.substitutions.name) {
                    isComplex = true
                    try countValue()
                    let subBase = keyCount
                    defer { keyCount = subBase }
                    if try open() {
                        repeat {
                            skipWhiteSpace()
                            let name = try key(base: subBase)
                            try countValue()
                            _ = try substitution(name: name, at: SourcePosition(line: 0, column: 0))  // only the model has it
                        } while try next(closing: 0x7D)
                        depth -= 1
                    }
                } else {
                    try skipValue()
                }
            } while try next(closing: 0x7D)
            depth -= 1
        }
    }

    /// `content(level:path:)` building (a second reading of a localization): the model, the same
    /// checks made.
    mutating func contentModel(level: Int) throws(Reject) -> XCStringsContent {
        var model = XCStringsContent()
        let base = keyCount
        defer { keyCount = base }
        if try open() {
            repeat {
                let field = try key(base: base)
                if equal(field, XCStringsKey.stringUnit.name) {
                    try countValue()
                    let unit = try stringUnit()
                    model.stringUnit = XCStringsStringUnit(
                        state: unit.state.map { Self.decode(p, $0.start, $0.end, escaped: $0.escaped) },
                        value: Self.decode(p, unit.value.start, unit.value.end, escaped: unit.value.escaped), position: unit.at)
                } else if equal(field, XCStringsKey.variations.name) {
                    try countValue()
                    model.variations = try variations(level: level)
                } else if equal(field, XCStringsKey.substitutions.name) {
                    try countValue()
                    let subBase = keyCount
                    defer { keyCount = subBase }
                    if try open() {
                        repeat {
                            skipWhiteSpace()
                            let at = position(at: i)
                            let name = try key(base: subBase)
                            try countValue()
                            if let substitution = try substitution(name: name, at: at) { model.substitutions.append(substitution) }
                        } while try next(closing: 0x7D)
                        depth -= 1
                    }
                } else {
                    try skipValue()
                }
            } while try next(closing: 0x7D)
            depth -= 1
        }
        return model
    }

    /// A string unit as a form of the localization being read (`first`: before the forms of
    /// variations read earlier, as ``XCStringsEntry/messages(file:)`` orders them).
    mutating func record(_ unit: (value: (start: Int, end: Int, escaped: Bool), at: SourcePosition,
                                  state: (start: Int, end: Int, escaped: Bool)?), path: UInt16, first: Bool) {
        var state: Int16 = -1
        if let s = unit.state {
            let range = (s.start, s.end)
            if let known = stateKeys.firstIndex(where: { equal($0, range) }) {
                state = Int16(known)
            } else if states.count < Int(Int16.max) {
                stateKeys.append(range)
                states.append(Self.decode(p, s.start, s.end, escaped: s.escaped))
                state = Int16(states.count - 1)
            } else {
                isComplex = true
                return
            }
        }
        let start = locales[recordLocale].bytes.count
        locales[recordLocale].bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[unit.value.start..<unit.value.end]))
        let form = XCStringsIndex.Form(start: Int32(start), end: Int32(locales[recordLocale].bytes.count), line: Int32(unit.at.line),
                                       column: Int32(unit.at.column), path: path, state: state, isEscaped: unit.value.escaped)
        if first { locales[recordLocale].forms.insert(form, at: firstForm) } else { locales[recordLocale].forms.append(form) }
    }

    /// The path `kind.name` of a case, made once.
    mutating func path(kind: (start: Int, end: Int, escaped: Bool), name: (start: Int, end: Int, escaped: Bool)) -> UInt16? {
        for k in 1..<pathKeys.count {
            let key = pathKeys[k]
            if equal((key.0, key.1), (kind.start, kind.end)) && equal((key.2, key.3), (name.start, name.end)) { return UInt16(k) }
        }
        guard paths.count < Int(UInt16.max) else { return nil }
        pathKeys.append((kind.start, kind.end, name.start, name.end))
        paths.append(Self.decode(p, kind.start, kind.end, escaped: false) + "." + Self.decode(p, name.start, name.end, escaped: false))
        return UInt16(paths.count - 1)
    }

    /// `stringUnit`: its value (required), where it is, and its state.
    mutating func stringUnit() throws(Reject) -> (value: (start: Int, end: Int, escaped: Bool), at: SourcePosition,
                                                    state: (start: Int, end: Int, escaped: Bool)?) {
        var value: (start: Int, end: Int, escaped: Bool)?
        var at = SourcePosition(line: 0, column: 0)
        var state: (start: Int, end: Int, escaped: Bool)?
        let base = keyCount
        defer { keyCount = base }
        guard try open() else { throw Reject() }
        repeat {
            let field = try key(base: base)
            if equal(field, XCStringsKey.value.name) {
                try countValue()
                at = position(at: i)
                value = try string()
            } else if equal(field, XCStringsKey.state.name) {
                try countValue()
                state = try string()
            } else {
                try skipValue()
            }
        } while try next(closing: 0x7D)
        depth -= 1
        guard let value else { throw Reject() }
        return (value, at, state)
    }

    mutating func variations(level: Int) throws(Reject) -> [XCStringsVariation] {
        var result: [XCStringsVariation] = []
        let base = keyCount
        defer { keyCount = base }
        guard try open() else { return result }
        repeat {
            skipWhiteSpace()
            let kindAt = building ? position(at: i) : SourcePosition(line: 0, column: 0)  // only the model has it
            let kind = try key(base: base)
            try countValue()
            var variation = XCStringsVariation(kind: building ? Self.decode(p, kind.start, kind.end, escaped: false) : "",
                                               position: kindAt, cases: [])
            let caseBase = keyCount
            if try open() {
                repeat {
                    skipWhiteSpace()
                    let caseAt = building ? position(at: i) : SourcePosition(line: 0, column: 0)
                    let name = try key(base: caseBase)
                    try countValue()
                    var casePath: UInt16 = 0
                    if !building && !isComplex && level == 0 {
                        if let known = path(kind: kind, name: name) { casePath = known } else { isComplex = true }
                    }
                    if !building {
                        try content(level: level + 1, path: casePath)
                    } else {
                        let content = try contentModel(level: level + 1)
                        variation.cases.append(XCStringsVariationCase(name: Self.decode(p, name.start, name.end, escaped: false),
                                                                      position: caseAt, content: content))
                    }
                } while try next(closing: 0x7D)
                depth -= 1
            }
            keyCount = caseBase
            if building { result.append(variation) }
        } while try next(closing: 0x7D)
        depth -= 1
        return result
    }

    mutating func substitution(name: (start: Int, end: Int, escaped: Bool), at: SourcePosition) throws(Reject) -> XCStringsSubstitution? {
        var result = XCStringsSubstitution(name: building ? Self.decode(p, name.start, name.end, escaped: false) : "", position: at,
                                           argNum: nil, formatSpecifier: nil, variations: [])
        let base = keyCount
        defer { keyCount = base }
        if try open() {
            repeat {
                let field = try key(base: base)
                if equal(field, XCStringsKey.argNum.name) {
                    try countValue()
                    let n = try integer()
                    guard n > 0, n < 1000 else { throw Reject() }
                    result.argNum = Int(n)
                } else if equal(field, XCStringsKey.formatSpecifier.name) {
                    try countValue()
                    let s = try string()
                    if building { result.formatSpecifier = Self.decode(p, s.start, s.end, escaped: s.escaped) }
                } else if equal(field, XCStringsKey.variations.name) {
                    try countValue()
                    result.variations = try variations(level: 2)
                } else {
                    try skipValue()
                }
            } while try next(closing: 0x7D)
            depth -= 1
        }
        return building ? result : nil
    }
}
