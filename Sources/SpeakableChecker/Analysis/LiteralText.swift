import SpeakableMessages

/// A run of literal text in a message, as ICU prints it (quoting applied), with where it is in
/// the source and what surrounds it.
struct LiteralSegment {
    /// The text as printed ("don't" for `don''t`).
    let text: String
    /// Where it is written in the message (UTF-16 offsets).
    let range: Range<Int>
    /// Inside a case of a plural/select (not the top-level body).
    let depth: Int
    /// The part before this one in the same body is an argument (`{x}word`).
    let followsArgument: Bool
    /// This segment is the first part of its body (nothing literal before it in that body).
    let startsBody: Bool
}

extension MessagePattern {
    /// Every literal text part, in source order, nested cases included.
    var literalSegments: [LiteralSegment] {
        var result: [LiteralSegment] = []
        func walk(_ body: MessageBody, depth: Int) {
            var previousWasArgument = false
            for (index, part) in body.parts.enumerated() {
                switch part {
                case .text(let text, let range):
                    result.append(LiteralSegment(text: text, range: range, depth: depth,
                                                 followsArgument: previousWasArgument, startsBody: index == 0))
                    previousWasArgument = false
                case .pound:
                    previousWasArgument = true
                case .argument(let argument):
                    previousWasArgument = true
                    switch argument.kind {
                    case .none, .simple: break
                    case .plural(let p): p.cases.forEach { walk($0.message, depth: depth + 1) }
                    case .select(let s): s.cases.forEach { walk($0.message, depth: depth + 1) }
                    case .choice(let c): c.cases.forEach { walk($0.message, depth: depth + 1) }
                    }
                }
            }
        }
        walk(body, depth: 0)
        return result
    }

    /// All literal text of the message joined (every case of every select and plural).
    var allLiteralText: String { literalSegments.map(\.text).joined(separator: " ") }
}

/// A message's literal segments, worked out when a rule first asks for them: most messages have
/// nothing for the rules that read segments, and those rules first look at the message's text.
struct LazyLiteralSegments {
    let pattern: MessagePattern
    private var cache: [LiteralSegment]?

    init(_ pattern: MessagePattern) { self.pattern = pattern }

    /// ``MessagePattern/literalSegments``, computed once.
    mutating func get() -> [LiteralSegment] {
        if let cache { return cache }
        let segments = pattern.literalSegments
        cache = segments
        return segments
    }
}

/// Facts about the bytes of a message as written, found in one pass, that tell a rule its
/// literal segments hold nothing for it. Printing a literal only removes apostrophes, so without
/// an apostrophe every segment is a piece of the written text.
struct WrittenTextFacts {
    /// An apostrophe (ICU quoting may join characters that are apart in the written text).
    var apostrophe = false
    /// Two space characters (``WhitespaceRule/isSpace(_:)``) in a row.
    var adjacentSpaces = false
    /// A `%`.
    var percent = false
    /// A `(`.
    var parenthesis = false
    /// A byte pair that starts every bidirectional control and invisible character outside
    /// ASCII (``RuleRunner/checkMessage(_:written:emitter:)``).
    var suspect = false
    /// An ASCII control character other than a line feed.
    var control = false
    /// Line feeds.
    var newlines = 0
    /// Every scalar is ASCII or has no case (``HintGestureRule.isCaseless(_:)``): lower-casing
    /// the text for matching is ASCII lower-casing.
    var asciiOrCaseless = true

    init(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var previousSpace = false
            var i = 0
            let n = bytes.count
            while i < n {
                // Eight bytes at a time while only their spaces set a fact (two in a row: within
                // the word, or its first after the byte before): the other bytes are letters,
                // digits and most punctuation (after '(' and before DEL), and, once a cased
                // scalar was seen, the bytes of scalars that are not spaces and start no byte
                // pair above. Tried from an ASCII byte, or from any once a cased scalar was seen
                // (a caseless text's scalars are decoded one by one).
                if !asciiOrCaseless || bytes[i] < 0x80 {
                    while i + 8 <= n {
                        let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                        let spaces = Self.spaceBytes(word)
                        let nonASCII = asciiOrCaseless ? word & 0x8080_8080_8080_8080 : Self.watchedLeadBytes(word)
                        guard Self.asciiFactBytes(word) & ~spaces | nonASCII == 0 else { break }
                        if spaces & (spaces << 8) != 0 || (previousSpace && spaces & 0x80 != 0) { adjacentSpaces = true }
                        previousSpace = spaces >> 63 != 0
                        i += 8
                    }
                    guard i < n else { break }
                }
                let b = bytes[i]
                // Letters, digits and most punctuation (after '(' and before DEL) set nothing.
                if b > 0x28 && b < 0x7F {
                    previousSpace = false
                    i += 1
                    continue
                }
                // The rest of a scalar whose lead byte ended the last eight bytes read together.
                if b & 0xC0 == 0x80 {
                    previousSpace = false
                    i += 1
                    continue
                }
                var space = false
                if b < 0x80 {
                    if b < 0x20 && b != 0x0A || b == 0x7F { control = true }
                    if b == 0x0A { newlines += 1 }
                    switch b {
                    case 0x20: space = true
                    case 0x27: apostrophe = true
                    case 0x25: percent = true
                    case 0x28: parenthesis = true
                    default: break
                    }
                    i += 1
                } else {
                    // U+5000…U+9FFF (Han): caseless, no space, no pair above.
                    if b >= 0xE5 && b <= 0xE9 {
                        i += 3
                        previousSpace = false
                        continue
                    }
                    // A lead byte whose scalar sets nothing (not a space, not one of the byte
                    // pairs above) once a cased scalar was seen: skipped without decoding.
                    if !asciiOrCaseless && b != 0xC2 && b != 0xD8 && b != 0xE1 && b != 0xE2 && b != 0xE3 && b != 0xEF {
                        i += b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                        previousSpace = false
                        continue
                    }
                    if i + 1 < n {
                        let next = bytes[i + 1]
                        switch b {
                        case 0xC2: if next <= 0x9F || next == 0xAD { suspect = true }
                        case 0xD8: if next == 0x9C { suspect = true }
                        case 0xE1: if next == 0xA0 { suspect = true }
                        case 0xE2: if next == 0x80 || next == 0x81 { suspect = true }
                        case 0xEF: if next == 0xBB || next == 0xBF { suspect = true }
                        default: break
                        }
                    }
                    // Decode one scalar (the text is valid UTF-8).
                    let length = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                    var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for k in 1..<length where i + k < n { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                    i += length
                    space = v == 0xA0 || v == 0x3000 || v == 0x202F || v == 0x2009
                    if asciiOrCaseless, let scalar = Unicode.Scalar(v), !HintGestureRule.isCaseless(scalar) { asciiOrCaseless = false }
                }
                if space && previousSpace { adjacentSpaces = true }
                previousSpace = space
            }
        }
    }
}

extension WrittenTextFacts {
    /// The high bit of each ASCII byte of `word` that may set a fact: one not above `(` and below
    /// DEL (a space, a control, `'`, `%`, `(`, DEL). Each byte is judged by its low seven bits,
    /// whose sums never carry into the next byte.
    @inline(__always)
    static func asciiFactBytes(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & 0x7F7F_7F7F_7F7F_7F7F
        let aboveParenthesis = (low7 &+ 0x5757_5757_5757_5757) & high
        let isDEL = (low7 &+ 0x0101_0101_0101_0101) & high
        return ~word & high & (~aboveParenthesis | isDEL)
    }

    /// The high bit of each byte of `word` that is a space (0x20), and of no other.
    @inline(__always)
    static func spaceBytes(_ word: UInt64) -> UInt64 { equalBytes(word, 0x2020_2020_2020_2020) }

    /// The high bit of each byte of `word` that may start a non-ASCII space or one of the byte
    /// pairs of ``RuleRunner/checkMessage(_:written:emitter:)`` — C2, D8, E0 to E3 (E0 for no
    /// reason but a shorter test) and EF — and of no other.
    @inline(__always)
    static func watchedLeadBytes(_ word: UInt64) -> UInt64 {
        equalBytes(word, 0xC2C2_C2C2_C2C2_C2C2) | equalBytes(word, 0xD8D8_D8D8_D8D8_D8D8) | equalBytes(word, 0xEFEF_EFEF_EFEF_EFEF)
            | equalBytes(word & 0xFCFC_FCFC_FCFC_FCFC, 0xE0E0_E0E0_E0E0_E0E0)
    }

    /// The high bit of each byte of `word` equal to the byte repeated in `pattern`, and of no other.
    @inline(__always)
    static func equalBytes(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let x = word ^ pattern
        return ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
    }
}

/// Maps an offset inside a segment's printed text back to the message source: printing only
/// removes apostrophes, so the two are aligned greedily.
func sourceOffset(ofPrinted offset: Int, in segment: LiteralSegment, source: String) -> Int {
    let raw = Array(source.utf16[source.utf16.index(source.utf16.startIndex, offsetBy: segment.range.lowerBound)
                                 ..< source.utf16.index(source.utf16.startIndex, offsetBy: segment.range.upperBound)])
    let printed = Array(segment.text.utf16)
    var j = 0
    for i in 0..<min(offset, printed.count) {
        while j < raw.count && raw[j] != printed[i] { j += 1 }
        j += 1
    }
    while offset < printed.count && j < raw.count && raw[j] != printed[offset] { j += 1 }
    return segment.range.lowerBound + min(j, raw.count)
}

/// The UTF-16 offset of `index` in `text`.
func utf16Offset(of index: String.Index, in text: String) -> Int {
    text.utf16.distance(from: text.utf16.startIndex, to: index)
}

extension Unicode.Scalar {
    var isHangulSyllable: Bool { value >= 0xAC00 && value <= 0xD7A3 }

    /// A letter of any script (Hangul, Han and kana included).
    var isLetter: Bool { properties.isAlphabetic && !properties.isWhitespace }
}
