/// The words and syntax characters of ICU MessageFormat, spelled once for both parsers:
/// ``MessageParser`` (UTF-16, every pattern, every diagnostic) and ``DirectParser`` (UTF-8, the
/// common patterns). White space and identifier ends are ``PatternCharacters``'.
enum MessageSyntax {
    /// An argument's type word (`{n, plural, …}`, `{d, date}`).
    enum TypeWord: Equatable {
        case plural, selectordinal, select, choice
        case simple(SimpleArgumentType)

        /// The word in lower case (ICU compares type words ASCII case-insensitively).
        var spelling: StaticString {
            switch self {
            case .plural: "plural"
            case .selectordinal: "selectordinal"
            case .select: "select"
            case .choice: "choice"
            case .simple(.number): "number"
            case .simple(.date): "date"
            case .simple(.time): "time"
            case .simple(.spellout): "spellout"
            case .simple(.ordinal): "ordinal"
            case .simple(.duration): "duration"
            }
        }
    }

    /// The type word of the `count` code units at `units`: spelled in lower case, or also in
    /// any ASCII case when `foldingCase` is true (as ICU reads them).
    @inline(__always)
    static func typeWord<Unit: FixedWidthInteger>(_ units: UnsafePointer<Unit>, count: Int, foldingCase: Bool) -> TypeWord? {
        func matches(_ word: TypeWord) -> Bool { spells(units, count: count, word.spelling, foldingCase: foldingCase) }
        switch count {
        case 4:
            if matches(.simple(.date)) { return .simple(.date) }
            if matches(.simple(.time)) { return .simple(.time) }
        case 6:
            if matches(.plural) { return .plural }
            if matches(.select) { return .select }
            if matches(.choice) { return .choice }
            if matches(.simple(.number)) { return .simple(.number) }
        case 7:
            if matches(.simple(.ordinal)) { return .simple(.ordinal) }
        case 8:
            if matches(.simple(.spellout)) { return .simple(.spellout) }
            if matches(.simple(.duration)) { return .simple(.duration) }
        case 13:
            if matches(.selectordinal) { return .selectordinal }
        default:
            break
        }
        return nil
    }

    /// The case every plural and select must have.
    static var other: StaticString { "other" }

    /// The word before a plural's offset (`offset:2`).
    static var offset: StaticString { "offset" }

    /// Whether the `count` code units at `units` are `word`, or `word` in any ASCII case when
    /// `foldingCase` is true.
    @inline(__always)
    static func spells<Unit: FixedWidthInteger>(_ units: UnsafePointer<Unit>, count: Int, _ word: StaticString,
                                                foldingCase: Bool = false) -> Bool {
        guard word.utf8CodeUnitCount == count else { return false }
        let w = word.utf8Start
        for k in 0..<count {
            var c = units[k]
            if foldingCase && c >= 0x41 && c <= 0x5A { c += 0x20 }
            if c != Unit(w[k]) { return false }
        }
        return true
    }
}

/// The syntax characters of ICU MessageFormat as code units, UTF-8 or UTF-16.
extension FixedWidthInteger {
    static var apostrophe: Self { 0x27 }
    static var leftBrace: Self { 0x7B }
    static var rightBrace: Self { 0x7D }
    static var pipe: Self { 0x7C }
    static var pound: Self { 0x23 }
    static var comma: Self { 0x2C }
    static var equals: Self { 0x3D }
    static var plus: Self { 0x2B }
    static var minus: Self { 0x2D }
    static var dot: Self { 0x2E }
    static var colon: Self { 0x3A }
    static var lessThan: Self { 0x3C }
}
