#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableICU

/// Parses ICU MessageFormat 1 the way ICU 72's `MessagePattern` does — same apostrophe rules
/// (DOUBLE_OPTIONAL), same white space and identifier characters, same limits, same order of
/// checks — and builds a ``MessageBody`` tree with source ranges.
///
/// It works on UTF-16 code units, like ICU, so offsets match ICU's. It stops at the first syntax
/// error (as ICU does); checks that ICU makes afterwards, when it opens formatters (unknown type
/// words, number skeletons, DecimalFormat patterns), are collected for every argument.
struct MessageParser {
    /// The pattern's UTF-16 code units (in ``parse(_:)``'s temporary buffer).
    private let u: UnsafeBufferPointer<UInt16>
    private let count: Int
    private var deferred: [MessageSyntaxError] = []
    /// The literal text of the body being parsed, quoting applied: one buffer for every body.
    private var text: TextBuffer
    /// The parts of the bodies being parsed, innermost last (``parseMessage``).
    private var partStack: [MessagePart] = []

    // ICU's MessagePattern limits.
    static let maxNesting = 255
    static let maxPartLength = 0xFFFF
    static let maxArgumentNumber = 0x7FFF

    private enum Parent { case none, plural, select, choice }

    /// Parses `source`; throws every error found (the first is ICU's). Its UTF-16 code units and
    /// the text buffer share one temporary allocation (on the stack for most messages): the
    /// parser allocates only what the tree keeps.
    static func parse(_ source: String) throws(MessageSyntaxErrors) -> MessageBody {
        var source = source
        // A pattern has at most as many UTF-16 code units as UTF-8 bytes; its text at most as
        // many as the pattern.
        let capacity = max(1, source.utf8.count)
        return try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 2 * capacity) {
            (buffer: UnsafeMutableBufferPointer<UInt16>) throws(MessageSyntaxErrors) -> MessageBody in
            let base = buffer.baseAddress!
            let count = source.withUTF8 { transcode($0, into: base) }
            var parser = MessageParser(units: UnsafeBufferPointer(start: base, count: count), text: base + capacity)
            return try parser.parse()
        }
    }

    private init(units: UnsafeBufferPointer<UInt16>, text: UnsafeMutablePointer<UInt16>) {
        self.u = units
        self.count = units.count
        self.text = TextBuffer(base: text)
        // A part takes at least one code unit: a stack of this size fits most messages (growing
        // it from empty cost several allocations per message).
        partStack.reserveCapacity(min(count + 1, 64))
    }

    /// Code units written into a buffer that holds as many as the pattern.
    private struct TextBuffer {
        let base: UnsafeMutablePointer<UInt16>
        var count = 0

        var isEmpty: Bool { count == 0 }
        var units: UnsafeBufferPointer<UInt16> { UnsafeBufferPointer(start: base, count: count) }

        mutating func append(_ unit: UInt16) {
            base[count] = unit
            count += 1
        }

        mutating func append(contentsOf units: Slice<UnsafeBufferPointer<UInt16>>) {
            guard !units.isEmpty else { return }
            (base + count).update(from: units.base.baseAddress! + units.startIndex, count: units.count)
            count += units.count
        }

        mutating func removeAll() { count = 0 }
    }

    /// A String from UTF-16 code units, transcoded to UTF-8 in one pass (the generic
    /// `String(decoding:as: UTF16.self)` measured several times slower); an unpaired surrogate,
    /// which a slice of a valid string never holds, becomes U+FFFD.
    static func string(fromUTF16 units: UnsafeBufferPointer<UInt16>) -> String {
        if units.isEmpty { return "" }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: units.count * 3) { buffer -> String in
            var o = 0
            var i = units.startIndex
            while i < units.endIndex {
                let u = UInt32(units[i])
                i += 1
                if u < 0x80 {
                    buffer[o] = UInt8(u)
                    o += 1
                } else if u < 0x800 {
                    buffer[o] = UInt8(0xC0 | (u >> 6))
                    buffer[o + 1] = UInt8(0x80 | (u & 0x3F))
                    o += 2
                } else if u >= 0xD800 && u < 0xDC00 && i < units.endIndex && units[i] >= 0xDC00 && units[i] < 0xE000 {
                    let scalar = 0x10000 + ((u - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                    i += 1
                    buffer[o] = UInt8(0xF0 | (scalar >> 18))
                    buffer[o + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                    buffer[o + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                    buffer[o + 3] = UInt8(0x80 | (scalar & 0x3F))
                    o += 4
                } else {
                    let scalar = (u >= 0xD800 && u < 0xE000) ? 0xFFFD : u
                    buffer[o] = UInt8(0xE0 | (scalar >> 12))
                    buffer[o + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                    buffer[o + 2] = UInt8(0x80 | (scalar & 0x3F))
                    o += 3
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<o]), as: UTF8.self)
        }
    }

    /// Writes the UTF-16 code units of valid UTF-8 `bytes` at `out` (room for `bytes.count`);
    /// returns how many.
    static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int {
        var i = 0
        var o = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            if b0 < 0x80 {
                out[o] = UInt16(b0)
                i += 1
                o += 1
                continue
            }
            let scalar: UInt32
            if b0 < 0xE0 {
                scalar = (b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                i += 2
            } else if b0 < 0xF0 {
                scalar = (b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                i += 3
            } else {
                scalar = (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                    | UInt32(bytes[i + 3] & 0x3F)
                i += 4
            }
            if scalar < 0x10000 {
                out[o] = UInt16(scalar)
                o += 1
            } else {
                let v = scalar - 0x10000
                out[o] = UInt16(0xD800 | (v >> 10))
                out[o + 1] = UInt16(0xDC00 | (v & 0x3FF))
                o += 2
            }
        }
        return o
    }

    /// Parses the whole pattern; throws every error found (the first is ICU's).
    private mutating func parse() throws(MessageSyntaxErrors) -> MessageBody {
        if count > MessagePattern.maximumLength {
            throw MessageSyntaxErrors([MessageSyntaxError(
                .messageTooLong,
                "the message is \(count) UTF-16 code units long; the limit is \(MessagePattern.maximumLength)",
                range: 0..<count, hint: "split it into several messages",
                icuErrorName: nil, icuOffset: nil)])
        }
        let body: MessageBody
        do {
            body = try parseMessage(at: 0, startLength: 0, nesting: 0, parent: .none, openBrace: nil).body
        } catch {
            throw MessageSyntaxErrors([error])
        }
        if !deferred.isEmpty { throw MessageSyntaxErrors(deferred) }
        return body
    }

    // MARK: Messages

    private mutating func parseMessage(
        at start: Int, startLength: Int, nesting: Int, parent: Parent, openBrace: Int?
    ) throws(MessageSyntaxError) -> (body: MessageBody, next: Int) {
        if nesting > Self.maxNesting {
            throw MessageSyntaxError(
                .nestingTooDeep, "cases are nested more than \(Self.maxNesting) levels deep",
                range: (openBrace ?? start)..<(openBrace ?? start) + 1,
                hint: "split the message, or move shared text out of the cases",
                icuErrorName: nil, icuOffset: nil)
        }
        // This body's parts are pushed on `partStack` above `base` (a nested body pushes and takes
        // its own above them), then copied into an array of their exact size.
        let base = partStack.count
        // `text` (the parser's buffer for literal text) is empty here: a body's text is flushed
        // before a nested argument is parsed, and when the body ends.
        let bodyStart = start + startLength
        var textStart = bodyStart
        var index = bodyStart

        func flush(at end: Int) {
            if !text.isEmpty {
                partStack.append(.text(Self.string(fromUTF16: text.units), range: textStart..<end))
                text.removeAll()
            }
            textStart = end
        }

        // Ordinary characters are copied in runs; only syntax characters stop the scan.
        var runStart = index
        while index < count {
            let c = u[index]
            let special: Bool = switch c {
            case .apostrophe, .leftBrace: true
            case .rightBrace: nesting > 0
            case .pound: parent == .plural
            case .pipe: parent == .choice
            default: false
            }
            if !special {
                index += 1
                continue
            }
            text.append(contentsOf: u[runStart..<index])
            index += 1
            defer { runStart = index }
            if c == .apostrophe {
                if index == count {
                    text.append(.apostrophe)  // a final apostrophe is literal
                } else {
                    let next = u[index]
                    if next == .apostrophe {
                        text.append(.apostrophe)  // '' is one apostrophe
                        index += 1
                    } else if next == .leftBrace || next == .rightBrace
                                || (parent == .choice && next == .pipe)
                                || (parent == .plural && next == .pound) {
                        // Quoted literal text, up to the next single apostrophe or the end.
                        var segmentStart = index
                        var searchFrom = index + 1
                        while true {
                            guard let close = firstApostrophe(from: searchFrom) else {
                                text.append(contentsOf: u[segmentStart..<count])
                                index = count
                                break
                            }
                            if close + 1 < count && u[close + 1] == .apostrophe {
                                text.append(contentsOf: u[segmentStart...close])
                                searchFrom = close + 2
                                segmentStart = close + 2
                            } else {
                                text.append(contentsOf: u[segmentStart..<close])
                                index = close + 1
                                break
                            }
                        }
                    } else {
                        text.append(.apostrophe)  // "don't": the apostrophe is literal
                    }
                }
            } else if c == .pound {
                flush(at: index - 1)
                partStack.append(.pound(range: (index - 1)..<index))
                textStart = index
            } else if c == .leftBrace {
                flush(at: index - 1)
                let (argument, next) = try parseArgument(at: index - 1, nesting: nesting)
                partStack.append(.argument(argument))
                index = next
                textStart = index
            } else {
                // '}' ending a case, or '|' ending a choice case.
                flush(at: index - 1)
                let body = MessageBody(parts: takeParts(from: base), range: bodyStart..<(index - 1))
                return (body, parent == .choice ? index - 1 : index)
            }
        }
        text.append(contentsOf: u[runStart..<count])
        if nesting > 0 {
            let brace = openBrace ?? start
            throw MessageSyntaxError(
                .unmatchedBrace, "this '{' is never closed with a matching '}'",
                range: brace..<(brace + 1), hint: "add '}', or quote a literal brace as '{'",
                icuErrorName: "U_UNMATCHED_BRACES", icuOffset: 0)
        }
        flush(at: count)
        return (MessageBody(parts: takeParts(from: base), range: bodyStart..<count), count)
    }

    /// The parts pushed since `base`, removed from the stack.
    private mutating func takeParts(from base: Int) -> [MessagePart] {
        if base == partStack.count { return [] }
        // Copied at their count (`Array(partStack[base...])` of the whole stack would keep the
        // stack's buffer, spare capacity and all, in the message).
        var parts: [MessagePart] = []
        parts.reserveCapacity(partStack.count - base)
        parts.append(contentsOf: partStack[base...])
        partStack.removeSubrange(base...)
        return parts
    }

    // MARK: Arguments

    private mutating func parseArgument(at argStart: Int, nesting: Int) throws(MessageSyntaxError) -> (ArgumentNode, Int) {
        let nameIndex = skipWhiteSpace(argStart + 1)
        if nameIndex == count { throw unclosedArgument(argStart) }
        var index = skipIdentifier(nameIndex)
        let nameEnd = index
        let name = string(nameIndex..<nameEnd)
        var number: Int?
        switch parseArgumentNumber(nameIndex, nameEnd) {
        case .number(let n):
            if nameEnd - nameIndex > Self.maxPartLength || n > Self.maxArgumentNumber {
                throw MessageSyntaxError(
                    .tooLarge, "argument number \(name) is larger than \(Self.maxArgumentNumber)",
                    range: nameIndex..<nameEnd, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: nameIndex)
            }
            number = n
        case .name:
            if nameEnd - nameIndex > Self.maxPartLength {
                throw MessageSyntaxError(
                    .tooLarge, "the argument name is longer than \(Self.maxPartLength) characters",
                    range: nameIndex..<nameEnd, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: nameIndex)
            }
        case .invalid:
            throw badName(nameIndex: nameIndex, nameEnd: nameEnd)
        }
        index = skipWhiteSpace(index)
        if index == count { throw unclosedArgument(argStart) }
        var c = u[index]
        let kind: ArgumentKind
        if c == .rightBrace {
            kind = .none
        } else if c != .comma {
            throw MessageSyntaxError(
                .badArgumentSyntax,
                "expected ',' or '}' after argument name '\(name)', found '\(character(at: index))'",
                range: index..<(index + 1),
                hint: "argument names are letters, digits and '_'; write {\(name)} or {\(name), type}",
                icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: nameIndex)
        } else {
            let typeIndex = skipWhiteSpace(index + 1)
            index = typeIndex
            while index < count && isArgumentTypeCharacter(u[index]) { index += 1 }
            let typeEnd = index
            let typeLength = typeEnd - typeIndex
            index = skipWhiteSpace(index)
            if index == count { throw unclosedArgument(argStart) }
            c = u[index]
            if typeLength == 0 || (c != .comma && c != .rightBrace) {
                throw MessageSyntaxError(
                    .missingArgumentType,
                    typeLength == 0
                        ? "argument '\(name)' has a ',' but no type after it"
                        : "unexpected '\(character(at: index))' after the type of argument '\(name)'",
                    range: (typeLength == 0 ? typeIndex : index)..<min(count, (typeLength == 0 ? typeIndex : index) + 1),
                    hint: "types are number, date, time, spellout, ordinal, duration, plural, selectordinal, select and choice",
                    icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: nameIndex)
            }
            if typeLength > Self.maxPartLength {
                throw MessageSyntaxError(
                    .tooLarge, "the type of argument '\(name)' is longer than \(Self.maxPartLength) characters",
                    range: typeIndex..<typeEnd, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: nameIndex)
            }
            let typeText = string(typeIndex..<typeEnd)
            // Type words are ASCII letters: compared ASCII case-insensitively in place.
            let complex: ComplexType? = switch MessageSyntax.typeWord(u.baseAddress! + typeIndex, count: typeEnd - typeIndex, foldingCase: true) {
            case .plural?: .plural
            case .selectordinal?: .selectordinal
            case .select?: .select
            case .choice?: .choice
            default: nil
            }
            if c == .rightBrace {
                if let complex {
                    throw MessageSyntaxError(
                        .missingCases, "\(complex.rawValue) argument '\(name)' has no cases",
                        range: typeIndex..<typeEnd,
                        hint: "write {\(name), \(complex.rawValue), other {…}}",
                        icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: nameIndex)
                }
                kind = .simple(simpleArgument(typeText: typeText, typeRange: typeIndex..<typeEnd, style: nil))
            } else {
                index += 1  // past ','
                switch complex {
                case nil:
                    let (styleRange, next) = try parseSimpleStyle(at: index, argStart: argStart)
                    index = next
                    kind = .simple(simpleArgument(typeText: typeText, typeRange: typeIndex..<typeEnd, style: styleRange))
                case .choice:
                    let (cases, next) = try parseChoiceStyle(at: index, nesting: nesting, name: name, argStart: argStart)
                    index = next
                    kind = .choice(ChoiceArgument(cases: cases))
                case .plural, .selectordinal, .select:
                    let styleStart = index
                    let (parsed, next) = try parsePluralOrSelectStyle(
                        complex!, at: index, nesting: nesting, name: name, argStart: argStart)
                    index = next
                    if complex == .select {
                        kind = .select(SelectArgument(cases: parsed.selectCases, styleStart: styleStart))
                    } else {
                        kind = .plural(PluralArgument(
                            isOrdinal: complex == .selectordinal, offset: parsed.offset, offsetRange: parsed.offsetRange,
                            cases: parsed.pluralCases, styleStart: styleStart))
                    }
                }
            }
        }
        // `index` is at the closing '}'.
        let node = ArgumentNode(name: name, number: number, nameRange: nameIndex..<nameEnd,
                                range: argStart..<(index + 1), kind: kind)
        return (node, index + 1)
    }

    private enum ComplexType: String { case plural, selectordinal, select, choice }

    private func unclosedArgument(_ argStart: Int) -> MessageSyntaxError {
        MessageSyntaxError(
            .unmatchedBrace, "this '{' is never closed with a matching '}'",
            range: argStart..<(argStart + 1), hint: "add '}', or quote a literal brace as '{'",
            icuErrorName: "U_UNMATCHED_BRACES", icuOffset: 0)
    }

    private func badName(nameIndex: Int, nameEnd: Int) -> MessageSyntaxError {
        let message: String
        var range = nameIndex..<min(count, nameIndex + 1)
        if nameIndex == nameEnd {
            message = "expected an argument name or number, found '\(character(at: nameIndex))'"
        } else {
            message = "'\(string(nameIndex..<nameEnd))' is not an argument number: numbers have no leading zeros"
            range = nameIndex..<nameEnd
        }
        return MessageSyntaxError(
            .badArgumentName, message, range: range,
            hint: "write {name} with letters, digits and '_', or {0}, {1}, …; quote a literal brace as '{'",
            icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: nameIndex)
    }

    private enum ArgumentNumber { case number(Int), name, invalid }

    private func parseArgumentNumber(_ start: Int, _ limit: Int) -> ArgumentNumber {
        if start >= limit { return .invalid }
        var index = start
        let first = u[index]
        index += 1
        var number: Int
        var bad: Bool
        if first == 0x30 {
            if index == limit { return .number(0) }
            number = 0
            bad = true  // leading zero
        } else if (0x31...0x39).contains(first) {
            number = Int(first - 0x30)
            bad = false
        } else {
            return .name
        }
        while index < limit {
            let c = u[index]
            index += 1
            guard (0x30...0x39).contains(c) else { return .name }
            if number >= Int(Int32.max) / 10 {
                bad = true
            } else {
                number = number * 10 + Int(c - 0x30)
            }
        }
        return bad ? .invalid : .number(number)
    }

    // MARK: Styles

    /// Reads a simple argument's style up to the closing '}', balancing nested braces and
    /// skipping quoted text. Returns the style's range and the index of the '}'.
    private func parseSimpleStyle(at start: Int, argStart: Int) throws(MessageSyntaxError) -> (Range<Int>, Int) {
        var index = start
        var nested = 0
        while index < count {
            let c = u[index]
            index += 1
            if c == .apostrophe {
                guard let close = firstApostrophe(from: index) else {
                    throw MessageSyntaxError(
                        .unterminatedQuote, "this apostrophe starts quoted text in the argument style that never ends",
                        range: (index - 1)..<index, hint: "close it with another apostrophe, or write '' for a literal one",
                        icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
                }
                index = close + 1
            } else if c == .leftBrace {
                nested += 1
            } else if c == .rightBrace {
                if nested > 0 {
                    nested -= 1
                } else {
                    index -= 1
                    if index - start > Self.maxPartLength {
                        throw MessageSyntaxError(
                            .tooLarge, "the argument style is longer than \(Self.maxPartLength) characters",
                            range: start..<index, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: start)
                    }
                    return (start..<index, index)
                }
            }
        }
        throw unclosedArgument(argStart)
    }

    private struct ParsedCases {
        var offset: Double = 0
        var offsetRange: Range<Int>?
        var pluralCases: [PluralCase] = []
        var selectCases: [SelectCase] = []
    }

    private mutating func parsePluralOrSelectStyle(
        _ type: ComplexType, at start: Int, nesting: Int, name: String, argStart: Int
    ) throws(MessageSyntaxError) -> (ParsedCases, Int) {
        let pluralish = type != .select
        var parsed = ParsedCases()
        var isEmpty = true
        var hasOther = false
        var index = start
        while true {
            index = skipWhiteSpace(index)
            let atEnd = index == count
            if atEnd || u[index] == .rightBrace {
                if atEnd {
                    throw MessageSyntaxError(
                        .unmatchedBrace, "\(type.rawValue) argument '\(name)' is never closed with '}'",
                        range: argStart..<(argStart + 1), hint: "add '}' after its last case",
                        icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
                }
                if !hasOther {
                    throw MessageSyntaxError(
                        .missingOther, "\(type.rawValue) argument '\(name)' has no 'other' case",
                        range: argStart..<(index + 1),
                        hint: "add an 'other {…}' case: ICU requires it, and it is what every value without a case of its own gets",
                        icuErrorName: "U_DEFAULT_KEYWORD_MISSING", icuOffset: 0)
                }
                return (parsed, index)
            }
            let selectorIndex = index
            var selector: PluralSelector
            if pluralish && u[selectorIndex] == .equals {
                index = skipDouble(index + 1)
                let length = index - selectorIndex
                if length == 1 {
                    throw MessageSyntaxError(
                        .badSelector, "'=' must be followed by a number, as in '=0'",
                        range: selectorIndex..<(selectorIndex + 1),
                        icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
                }
                if length > Self.maxPartLength {
                    throw MessageSyntaxError(
                        .tooLarge, "the case selector is longer than \(Self.maxPartLength) characters",
                        range: selectorIndex..<index, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: selectorIndex)
                }
                guard let value = parseDouble(selectorIndex + 1, index, allowInfinity: false) else {
                    throw badNumber((selectorIndex + 1)..<index, icuOffset: selectorIndex + 1)
                }
                selector = .explicit(value)
            } else {
                index = skipIdentifier(index)
                let length = index - selectorIndex
                if length == 0 {
                    throw MessageSyntaxError(
                        .badSelector,
                        "expected a case word\(pluralish ? " or '=number'" : "") in \(type.rawValue) argument '\(name)', found '\(character(at: selectorIndex))'",
                        range: selectorIndex..<(selectorIndex + 1),
                        hint: pluralish ? "cases look like 'one {…}' or '=0 {…}'" : "cases look like 'female {…}'; select has no '=N' cases",
                        icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
                }
                if pluralish && length == 6 && index < count && matches("offset:", at: selectorIndex) {
                    if !isEmpty {
                        throw MessageSyntaxError(
                            .misplacedOffset, "'offset:' must come before the first case of \(type.rawValue) argument '\(name)'",
                            range: selectorIndex..<(index + 1), icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
                    }
                    let valueIndex = skipWhiteSpace(index + 1)
                    index = skipDouble(valueIndex)
                    if index == valueIndex {
                        throw MessageSyntaxError(
                            .badNumber, "'offset:' must be followed by a number",
                            range: selectorIndex..<(selectorIndex + 7),
                            icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
                    }
                    if index - valueIndex > Self.maxPartLength {
                        throw MessageSyntaxError(
                            .tooLarge, "the offset is longer than \(Self.maxPartLength) characters",
                            range: valueIndex..<index, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: valueIndex)
                    }
                    guard let value = parseDouble(valueIndex, index, allowInfinity: false) else {
                        throw badNumber(valueIndex..<index, icuOffset: valueIndex)
                    }
                    parsed.offset = value
                    parsed.offsetRange = selectorIndex..<index
                    isEmpty = false
                    continue
                }
                if length > Self.maxPartLength {
                    throw MessageSyntaxError(
                        .tooLarge, "the case selector is longer than \(Self.maxPartLength) characters",
                        range: selectorIndex..<index, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: selectorIndex)
                }
                let word = string(selectorIndex..<index)
                if word == "other" { hasOther = true }
                selector = .keyword(word)
            }
            let selectorEnd = index
            index = skipWhiteSpace(index)
            if index == count || u[index] != .leftBrace {
                throw MessageSyntaxError(
                    .missingCaseMessage,
                    "case '\(string(selectorIndex..<selectorEnd))' of \(type.rawValue) argument '\(name)' has no message in braces",
                    range: selectorIndex..<selectorEnd, hint: "write '\(string(selectorIndex..<selectorEnd)) {…}'",
                    icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: selectorIndex)
            }
            let (body, next) = try parseMessage(at: index, startLength: 1, nesting: nesting + 1,
                                                parent: pluralish ? .plural : .select, openBrace: index)
            let selectorText = string(selectorIndex..<selectorEnd)
            if pluralish {
                // Two cases (`one`, `other`) are the common least: one allocation, not two.
                if parsed.pluralCases.isEmpty { parsed.pluralCases.reserveCapacity(2) }
                parsed.pluralCases.append(PluralCase(selector: selector, selectorText: selectorText,
                                                     selectorRange: selectorIndex..<selectorEnd, message: body))
            } else {
                if parsed.selectCases.isEmpty { parsed.selectCases.reserveCapacity(2) }
                parsed.selectCases.append(SelectCase(key: selectorText, keyRange: selectorIndex..<selectorEnd, message: body))
            }
            index = next
            isEmpty = false
        }
    }

    private mutating func parseChoiceStyle(
        at start: Int, nesting: Int, name: String, argStart: Int
    ) throws(MessageSyntaxError) -> ([ChoiceCase], Int) {
        var index = skipWhiteSpace(start)
        if index == count || u[index] == .rightBrace {
            throw MessageSyntaxError(
                .badChoice, "choice argument '\(name)' has no cases", range: argStart..<min(count, index + 1),
                hint: "write {\(name), choice, 0#none|1#one|1<many}; better, use plural",
                icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: 0)
        }
        var cases: [ChoiceCase] = []
        while true {
            let numberIndex = index
            index = skipDouble(index)
            let length = index - numberIndex
            if length == 0 {
                throw MessageSyntaxError(
                    .badChoice, "expected a number to start a case of choice argument '\(name)'",
                    range: numberIndex..<min(count, numberIndex + 1), icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
            }
            if length > Self.maxPartLength {
                throw MessageSyntaxError(
                    .tooLarge, "the choice limit is longer than \(Self.maxPartLength) characters",
                    range: numberIndex..<index, icuErrorName: "U_INDEX_OUTOFBOUNDS_ERROR", icuOffset: numberIndex)
            }
            guard let limit = parseDouble(numberIndex, index, allowInfinity: true) else {
                throw badNumber(numberIndex..<index, icuOffset: numberIndex)
            }
            let limitEnd = index
            index = skipWhiteSpace(index)
            if index == count {
                throw MessageSyntaxError(
                    .badChoice, "choice argument '\(name)' ends after a number", range: numberIndex..<limitEnd,
                    icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
            }
            let separator = u[index]
            guard separator == .pound || separator == .lessThan || separator == 0x2264 else {
                throw MessageSyntaxError(
                    .badChoice, "expected '#', '<' or '≤' after \(string(numberIndex..<limitEnd)) in choice argument '\(name)'",
                    range: index..<(index + 1), icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: start)
            }
            let (body, terminator) = try parseMessage(at: index + 1, startLength: 0, nesting: nesting + 1,
                                                      parent: .choice, openBrace: argStart)
            cases.append(ChoiceCase(limit: limit, limitText: string(numberIndex..<limitEnd),
                                    limitRange: numberIndex..<limitEnd, isExclusive: separator == .lessThan, message: body))
            if terminator == count || u[terminator] == .rightBrace {
                return (cases, terminator)
            }
            index = skipWhiteSpace(terminator + 1)
        }
    }

    private func badNumber(_ range: Range<Int>, icuOffset: Int) -> MessageSyntaxError {
        // ICU reads a number through a 128-character buffer: a longer one is an error even when
        // it is all digits — saying "not a number" about 400 digits was wrong.
        if range.count >= 128 {
            let text = string(range)
            return MessageSyntaxError(
                .badNumber, "the number '\(text.prefix(20))…\(text.suffix(4))' is \(range.count) characters long; ICU reads at most 127",
                range: range, icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: icuOffset)
        }
        return MessageSyntaxError(
            .badNumber, "'\(string(range))' is not a number", range: range,
            icuErrorName: "U_PATTERN_SYNTAX_ERROR", icuOffset: icuOffset)
    }

    // MARK: Simple arguments (ICU checks these when it opens the argument's formatter)

    private mutating func simpleArgument(typeText: String, typeRange: Range<Int>, style styleRange: Range<Int>?) -> SimpleArgument {
        let styleText = styleRange.map { string($0) }
        guard let type = SimpleArgumentType(rawValue: typeText.lowercased()) else {
            deferred.append(MessageSyntaxError(
                .unknownArgumentType, "'\(typeText)' is not an argument type",
                range: typeRange,
                hint: "use number, date, time, spellout, ordinal, duration, plural, selectordinal, select or choice",
                icuErrorName: "U_ILLEGAL_ARGUMENT_ERROR", icuOffset: 0))
            return SimpleArgument(type: .number, typeText: typeText, typeRange: typeRange, styleText: styleText,
                                  styleRange: styleRange, style: .number(.default))
        }
        let style = styleText ?? ""
        let styleStart = styleRange?.lowerBound ?? typeRange.upperBound
        let meaning: ArgumentStyle
        switch type {
        case .number:
            if let keyword = Self.keyword(style, in: ["", "currency", "percent", "integer"]) {
                meaning = .number(NumberStyleKeyword(rawValue: keyword) ?? .default)
            } else if let skeletonStart = skeletonStart(style) {
                let skeleton = String(decoding: Array(style.utf16)[skeletonStart...], as: UTF16.self)
                meaning = .numberSkeleton(skeleton)
                do {
                    try SkeletonNumberFormatter.validate(skeleton: skeleton)
                } catch {
                    // Point at the token ICU stopped at (up to the next space).
                    let styleEnd = styleRange?.upperBound ?? styleStart
                    let at = min(styleStart + skeletonStart + (error.parseOffset ?? 0), styleEnd)
                    var end = at
                    while end < styleEnd && !PatternCharacters.isWhiteSpace(u[end]) { end += 1 }
                    deferred.append(MessageSyntaxError(
                        .invalidNumberSkeleton, "'\(skeleton.trimmingPatternWhiteSpace())' is not a valid number skeleton (\(error.name))",
                        range: at..<max(end, at), hint: "see ICU's number skeleton syntax, e.g. '::percent' or '::currency/EUR'",
                        icuErrorName: error.name, icuOffset: 0))
                }
            } else {
                meaning = .numberPattern(style)
                do {
                    _ = try NumberFormat.cached(.pattern(style), locale: .root)
                } catch {
                    let at = styleStart + min(error.parseOffset ?? 0, style.utf16.count)
                    deferred.append(MessageSyntaxError(
                        .invalidNumberPattern, "'\(style)' is not a valid number pattern (\(error.name))",
                        range: styleStart..<(styleRange?.upperBound ?? at),
                        hint: "use a keyword (integer, percent, currency), a '::' skeleton, or a pattern such as '#,##0.00'",
                        icuErrorName: error.name, icuOffset: 0))
                }
            }
        case .date, .time:
            if let skeletonStart = skeletonStart(style) {
                meaning = .dateSkeleton(String(decoding: Array(style.utf16)[skeletonStart...], as: UTF16.self))
            } else if let keyword = Self.keyword(style, in: ["", "short", "medium", "long", "full"]) {
                meaning = .dateTime(DateStyleKeyword(rawValue: keyword) ?? .default)
            } else {
                meaning = .datePattern(style)
            }
        case .spellout, .ordinal, .duration:
            // Verbatim: ICU 72 passes the style untrimmed to setDefaultRuleSet, so
            // "{n, duration, %with-words}" (with a space) keeps the default rule set.
            meaning = .ruleSet(style)
        }
        return SimpleArgument(type: type, typeText: typeText, typeRange: typeRange, styleText: styleText,
                              styleRange: styleRange, style: meaning)
    }

    /// ICU's `findKeyword`: the style trimmed of Pattern_White_Space and lower-cased, or nil.
    private static func keyword(_ style: String, in list: [String]) -> String? {
        let key = style.trimmingPatternWhiteSpace().lowercased()
        return list.contains(key) ? (key.isEmpty ? "default" : key) : nil
    }

    /// The UTF-16 offset just after a leading `::` (after white space), or nil.
    private func skeletonStart(_ style: String) -> Int? {
        let units = Array(style.utf16)
        var i = 0
        while i < units.count && PatternCharacters.isWhiteSpace(units[i]) { i += 1 }
        if i + 1 < units.count && units[i] == .colon && units[i + 1] == .colon { return i + 2 }
        return nil
    }

    // MARK: Scanning

    private func skipWhiteSpace(_ index: Int) -> Int {
        var i = index
        while i < count && PatternCharacters.isWhiteSpace(u[i]) { i += 1 }
        return i
    }

    private func skipIdentifier(_ index: Int) -> Int {
        var i = index
        while i < count && !PatternCharacters.endsIdentifier(u[i]) { i += 1 }
        return i
    }

    /// ICU's skipDouble: digits, '+', '-', '.', 'e', 'E' and '∞'.
    private func skipDouble(_ index: Int) -> Int {
        var i = index
        while i < count {
            let c = u[i]
            if (c < 0x30 && c != .plus && c != .minus && c != .dot) || (c > 0x39 && c != 0x65 && c != 0x45 && c != 0x221E) {
                break
            }
            i += 1
        }
        return i
    }

    /// ICU's parseDouble: small integers directly, '∞' where allowed, otherwise C `strtod`, which
    /// must consume all of it.
    private func parseDouble(_ start: Int, _ limit: Int, allowInfinity: Bool) -> Double? {
        var index = start
        var c = u[index]
        index += 1
        var negative = false
        if c == .minus || c == .plus {
            negative = c == .minus
            if index == limit { return nil }
            c = u[index]
            index += 1
        }
        if c == 0x221E {
            if allowInfinity && index == limit { return negative ? -.infinity : .infinity }
            return nil
        }
        var value = 0
        while (0x30...0x39).contains(c) {
            value = value * 10 + Int(c - 0x30)
            if value > Self.maxArgumentNumber + (negative ? 1 : 0) { break }
            if index == limit { return Double(negative ? -value : value) }
            c = u[index]
            index += 1
        }
        let length = limit - start
        if length >= 128 { return nil }
        var chars: [CChar] = []
        chars.reserveCapacity(length + 1)
        for unit in u[start..<limit] {
            if unit >= 0x80 { return nil }  // not an invariant character (e.g. '∞' inside)
            chars.append(CChar(bitPattern: UInt8(unit)))
        }
        chars.append(0)
        return chars.withUnsafeBufferPointer { buffer -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            guard let end, end - UnsafeMutablePointer(mutating: buffer.baseAddress!) == length else { return nil }
            return value
        }
    }

    private func firstApostrophe(from index: Int) -> Int? {
        var i = index
        while i < count {
            if u[i] == .apostrophe { return i }
            i += 1
        }
        return nil
    }

    private func matches(_ word: String, at index: Int) -> Bool {
        var i = index
        for unit in word.utf16 {
            if i >= count || u[i] != unit { return false }
            i += 1
        }
        return true
    }
    private func isArgumentTypeCharacter(_ c: UInt16) -> Bool {
        (0x61...0x7A).contains(c) || (0x41...0x5A).contains(c)
    }

    private func string(_ range: Range<Int>) -> String {
        Self.string(fromUTF16: UnsafeBufferPointer(rebasing: u[range]))
    }

    private func character(at index: Int) -> String {
        guard index < count else { return "end of message" }
        let scalarEnd = UTF16.isLeadSurrogate(u[index]) && index + 1 < count ? index + 2 : index + 1
        return string(index..<scalarEnd)
    }
}

extension String {
    /// Drops leading and trailing Pattern_White_Space, as ICU trims argument styles.
    func trimmingPatternWhiteSpace() -> String {
        let units = Array(utf16)
        var start = 0
        var end = units.count
        while start < end && PatternCharacters.isWhiteSpace(units[start]) { start += 1 }
        while end > start && PatternCharacters.isWhiteSpace(units[end - 1]) { end -= 1 }
        return String(decoding: units[start..<end], as: UTF16.self)
    }
}
