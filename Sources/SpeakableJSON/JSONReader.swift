public import SpeakableDiagnostics
import SpeakableEscaping

/// Reads JSON (RFC 8259) into ``JSONNode`` trees that keep every value's line and column.
///
/// Unlike decoders that silently keep the last of two equal keys, it reports duplicate keys; it
/// also reports numbers outside `Int64`/`Double`, invalid UTF-8, and nesting deeper than
/// ``maximumDepth`` — each as a ``Diagnostic`` with an id and a position, never a crash.
///
/// ```swift
/// let result = JSONReader.read(Array(#"{"a": 1, "a": 2}"#.utf8), file: "x.json")
/// result.diagnostics[0].rendered
/// // "x.json:1:10: error: duplicate key 'a' in this object (first at 1:2) [json-duplicate-key]"
/// ```
public enum JSONReader {
    /// Arrays and objects nested deeper than this are an error (`json-too-deep`).
    public static let maximumDepth = 512
    /// The largest document read, in bytes (`json-too-large`, reported before reading).
    public static let maximumSize = 64 << 20
    /// The most values (strings, numbers, arrays, objects… each member's value counts) one
    /// document may hold (`json-too-large`): bounds the memory a small file full of tiny values
    /// (`[0,0,0,…]`) can take.
    public static let maximumValues = 1_000_000

    /// The limits a read enforces (tests use small ones to check each boundary quickly).
    public struct Limits: Sendable {
        public var size: Int
        public var values: Int

        public init(size: Int = JSONReader.maximumSize, values: Int = JSONReader.maximumValues) {
            self.size = size
            self.values = values
        }
    }

    public struct Result: Sendable {
        /// The value, unless the text is not JSON at all.
        public var root: JSONNode?
        public var diagnostics: [Diagnostic]
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Reads `bytes` (UTF-8; a leading byte-order mark is skipped). `file` is used in diagnostics.
    public static func read(_ bytes: [UInt8], file: String? = nil, limits: Limits = Limits()) -> Result {
        if let tooLarge = sizeCheck(bytes, file: file, limits: limits) { return tooLarge }
        var parser = Parser(bytes: bytes, file: file, maximumValues: limits.values)
        return parser.parseDocument()
    }

    /// Reads `bytes` as ``read(_:file:limits:)`` does, except that the members of the top-level
    /// object's member `key` (an object, such as a String Catalog's `"strings"`) are handed to
    /// `member` one at a time, as they are read, and not kept: the returned tree holds that
    /// object empty. Every check, limit and diagnostic is the same; a large document is never
    /// in memory as one tree.
    public static func read(_ bytes: [UInt8], file: String? = nil, limits: Limits = Limits(), streamingMembersOf key: String,
                            _ member: (JSONMember) -> Void) -> Result {
        if let tooLarge = sizeCheck(bytes, file: file, limits: limits) { return tooLarge }
        return withoutActuallyEscaping(member) { member in
            var parser = Parser(bytes: bytes, file: file, maximumValues: limits.values)
            parser.streamedKey = key
            parser.streamedMember = member
            return parser.parseDocument()
        }
    }

    /// `json-too-large` for a document past `limits.size`, reported before reading.
    static func sizeCheck(_ bytes: [UInt8], file: String?, limits: Limits) -> Result? {
        guard bytes.count > limits.size else { return nil }
        return Result(root: nil, diagnostics: [Diagnostic(
            severity: .error, id: "json-too-large", message: "the file is \(bytes.count) bytes; the limit is \(limits.size) bytes (\(limits.size >> 20) MiB)",
            file: file, position: SourcePosition(line: 1, column: 1), hint: "split it into several tables")])
    }

    /// Reads a string.
    public static func read(_ text: String, file: String? = nil) -> Result {
        read(Array(text.utf8), file: file)
    }

    /// The common JSON string — no escape, no control character — scanned from just after its
    /// opening quote at `start`: where its closing quote is, how many Unicode scalars its bytes
    /// hold (bytes that are not UTF-8 continuation bytes, `10xxxxxx`), and whether every byte is
    /// ASCII. Nil when a backslash or a byte below 0x20 comes first, or no closing quote does.
    /// The bytes are not checked to be UTF-8 (when `isASCII` is false the caller checks them).
    /// The reader's short path for strings and the project loader's for translation files.
    ///
    /// ```swift
    /// Array(#""héllo" x"#.utf8).withUnsafeBufferPointer { JSONReader.plainString($0, from: 1) }
    /// // (end: 7, scalars: 5, isASCII: false)
    /// Array(#""a\nb""#.utf8).withUnsafeBufferPointer { JSONReader.plainString($0, from: 1) }
    /// // nil
    /// ```
    public static func plainString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, scalars: Int, isASCII: Bool)? {
        let n = bytes.count
        guard start >= 0, start <= n, let base = bytes.baseAddress else { return nil }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let low7 = ~highs
        var end = start
        var continuations = 0
        var high: UInt64 = 0
        // Eight bytes at a time up to the first quote, backslash or control byte (each test is
        // exact per byte: no carry crosses from one byte to the next).
        while end + 8 <= n {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
            let quote = word ^ (0x22 &* ones)
            let backslash = word ^ (0x5C &* ones)
            let stops = ~(((quote & low7) &+ low7) | quote | low7)
                | ~(((backslash & low7) &+ low7) | backslash | low7)
                | ~(((word & low7) &+ (0x60 &* ones)) | word) & highs  // below 0x20
            var taken = highs
            if stops != 0 { taken = highs & ((1 &<< UInt64(stops.trailingZeroBitCount & ~7)) &- 1) }
            let wordHighs = word & taken
            high |= wordHighs
            continuations &+= (wordHighs & ~(word &<< 1)).nonzeroBitCount
            if stops != 0 {
                end += stops.trailingZeroBitCount >> 3
                break
            }
            end += 8
        }
        while end < n {
            let c = base[end]
            if c == 0x22 {
                return (end, end - start - continuations, high == 0)
            }
            if c == 0x5C || c < 0x20 { return nil }
            if c >= 0x80 {
                high = 1
                if c & 0xC0 == 0x80 { continuations += 1 }
            }
            end += 1
        }
        return nil
    }
}

private struct Parser {
    let bytes: [UInt8]
    let file: String?
    var index = 0
    var line = 1
    var column = 1
    var diagnostics: [Diagnostic] = []
    var depth = 0
    /// The top-level member whose object's members go to `streamedMember` instead of the tree.
    var streamedKey: Swift.String?
    var streamedMember: ((JSONMember) -> Void)?
    var values = 0
    let maximumValues: Int

    struct Failure: Error {}

    init(bytes: [UInt8], file: String?, maximumValues: Int) {
        self.bytes = bytes
        self.file = file
        self.maximumValues = maximumValues
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    mutating func parseDocument() -> JSONReader.Result {
        do {
            skipWhiteSpace()
            let root = try parseValue()
            skipWhiteSpace()
            if index < bytes.count {
                error("json-syntax", "unexpected \(describeCurrent()) after the JSON value")
                return JSONReader.Result(root: root, diagnostics: diagnostics)
            }
            return JSONReader.Result(root: root, diagnostics: diagnostics)
        } catch {
            return JSONReader.Result(root: nil, diagnostics: diagnostics)
        }
    }

    mutating func error(_ id: String, _ message: String, at: SourcePosition? = nil, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .error, id: id, message: message, file: file,
                                      position: at ?? position, hint: hint))
    }

    /// Advances one byte, keeping line and column (columns count scalars).
    mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == 0x0A {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return String(format: b)
    }

    private func String(format b: UInt8) -> Swift.String {
        "byte 0x" + HexDigits.padded(b, width: 2)
    }

    /// Counts one more value against the limit.
    mutating func countValue() throws(Failure) {
        values += 1
        if values > maximumValues {
            error("json-too-large", "the file holds more than \(maximumValues) values", hint: "split it into several tables")
            throw Failure()
        }
    }

    mutating func parseValue() throws(Failure) -> JSONNode {
        try countValue()
        guard index < bytes.count else {
            error("json-syntax", "expected a value, found end of file")
            throw Failure()
        }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let (text, marks) = try parseString()
            var node = JSONNode(kind: .string(text), start: start, end: position)
            node.escapeMarks = marks
            return node
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            try reportBareWord()
        default:
            error("json-syntax", "expected a value, found \(describeCurrent())")
            throw Failure()
        }
    }

    mutating func parseLiteral(_ word: Swift.String, _ kind: JSONNode.Kind) throws(Failure) -> JSONNode {
        let start = position
        let startIndex = index
        for b in word.utf8 {
            guard index < bytes.count, bytes[index] == b else {
                index = startIndex
                line = start.line
                column = start.column
                try reportBareWord()
            }
            advance()
        }
        return JSONNode(kind: kind, start: start, end: position)
    }

    /// Reports the word at the current position ("yes", "None", an unquoted key) as not JSON.
    mutating func reportBareWord() throws(Failure) -> Never {
        var end = index
        while end < bytes.count, end - index < 40, bytes[end] >= 0x80 || isLetterOrDigit(bytes[end]) { end += 1 }
        let word = Swift.String(decoding: bytes[index..<max(end, index + 1)], as: UTF8.self)
        error("json-syntax", "'\(word)' is not a JSON value",
              hint: "JSON text is written in double quotes; the bare words are true, false and null")
        throw Failure()
    }

    func isLetterOrDigit(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || isDigit(b) || b == UInt8(ascii: "_")
    }

    mutating func parseNumber() throws(Failure) -> JSONNode {
        let start = position
        let begin = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { advance() }
        guard index < bytes.count, isDigit(bytes[index]) else {
            error("json-syntax", "expected a digit, found \(describeCurrent())")
            throw Failure()
        }
        if bytes[index] == UInt8(ascii: "0") {
            advance()
            if index < bytes.count, isDigit(bytes[index]) {
                error("json-syntax", "numbers cannot have leading zeros", at: start)
                throw Failure()
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            advance()
            guard index < bytes.count, isDigit(bytes[index]) else {
                error("json-syntax", "expected a digit after '.', found \(describeCurrent())")
                throw Failure()
            }
            while index < bytes.count, isDigit(bytes[index]) { advance() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
            guard index < bytes.count, isDigit(bytes[index]) else {
                error("json-syntax", "expected a digit in the exponent, found \(describeCurrent())")
                throw Failure()
            }
            while index < bytes.count, isDigit(bytes[index]) { advance() }
        }
        let text = Swift.String(decoding: bytes[begin..<index], as: UTF8.self)
        if isInteger {
            guard let value = Int64(text) else {
                error("json-number-range", "the integer \(Self.abbreviated(text)) does not fit in 64 bits", at: start,
                      hint: "write it with a fraction or exponent to make it a floating-point number")
                return JSONNode(kind: .number(.double(Double(text) ?? 0)), start: start, end: position)
            }
            return JSONNode(kind: .number(.int(value)), start: start, end: position)
        }
        guard let value = Double(text), value.isFinite else {
            error("json-number-range", "the number \(Self.abbreviated(text)) is out of range", at: start)
            return JSONNode(kind: .number(.double(0)), start: start, end: position)
        }
        return JSONNode(kind: .number(.double(value)), start: start, end: position)
    }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// A long number as a message shows it: `12345678901234567890…7890 (400 characters)`.
    static func abbreviated(_ text: Swift.String) -> Swift.String {
        text.count <= 40 ? text : Swift.String(text.prefix(20)) + "…" + Swift.String(text.suffix(4)) + " (\(text.count) characters)"
    }

    /// Parses a string at the opening quote; returns the text and its escape marks.
    mutating func parseString() throws(Failure) -> (Swift.String, [EscapeMark]) {
        if let plain = plainString() { return (plain, []) }
        let start = position
        advance()  // opening quote
        var scalars = Swift.String.UnicodeScalarView()
        var marks: [EscapeMark] = []
        var decodedUTF16 = 0
        var sourceScalars = 0
        while true {
            guard index < bytes.count else {
                error("json-syntax", "this string is never closed", at: start, hint: "add the closing '\"'")
                throw Failure()
            }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                advance()
                return (Swift.String(scalars), marks)
            }
            if b < 0x20 {
                error("json-syntax", b == 0x0A ? "a line break inside a string must be written \\n"
                                               : "control character U+\(HexDigits.padded(b, width: 4)) must be escaped in a string")
                throw Failure()
            }
            if b == UInt8(ascii: "\\") {
                let escapeStart = position
                advance()
                guard index < bytes.count else { continue }
                let e = bytes[index]
                advance()
                var scalar: Unicode.Scalar
                var consumed = 2
                switch e {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{08}"
                case UInt8(ascii: "f"): scalar = "\u{0C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"):
                    let high = try hex4(escapeStart)
                    consumed = 6
                    if UTF16.isLeadSurrogate(high) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            error("json-syntax", "unpaired surrogate \\u\(HexDigits.padded(high, width: 4, uppercase: false)) in a string", at: escapeStart)
                            throw Failure()
                        }
                        advance(); advance()
                        let low = try hex4(escapeStart)
                        guard UTF16.isTrailSurrogate(low) else {
                            error("json-syntax", "unpaired surrogate \\u\(HexDigits.padded(high, width: 4, uppercase: false)) in a string", at: escapeStart)
                            throw Failure()
                        }
                        consumed = 12
                        let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        scalar = Unicode.Scalar(value)!
                    } else if UTF16.isTrailSurrogate(high) {
                        error("json-syntax", "unpaired surrogate \\u\(HexDigits.padded(high, width: 4, uppercase: false)) in a string", at: escapeStart)
                        throw Failure()
                    } else {
                        scalar = Unicode.Scalar(UInt32(high))!
                    }
                default:
                    error("json-syntax", "'\\\(Character(Unicode.Scalar(e)))' is not a JSON escape", at: escapeStart,
                          hint: "JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
                    throw Failure()
                }
                scalars.append(scalar)
                decodedUTF16 += UTF16.width(scalar)
                sourceScalars += consumed
                marks.append(EscapeMark(decodedUTF16: decodedUTF16, sourceScalars: sourceScalars))
                continue
            }
            // A UTF-8 sequence.
            let scalarStart = position
            guard let (scalar, length) = decodeUTF8(at: index) else {
                error("json-invalid-utf8", "the file is not valid UTF-8 here", at: scalarStart,
                      hint: "save the file as UTF-8")
                throw Failure()
            }
            for _ in 0..<length { advance() }
            scalars.append(scalar)
            decodedUTF16 += UTF16.width(scalar)
            sourceScalars += 1
        }
    }

    /// The common case, read in one go: a string without escapes or control characters, whose
    /// bytes are valid UTF-8. Returns nil (and moves nothing) for anything else, which the
    /// byte-by-byte path then reads and reports.
    mutating func plainString() -> Swift.String? {
        let start = index + 1
        guard let (end, scalars, ascii) = bytes.withUnsafeBufferPointer({ JSONReader.plainString($0, from: start) }) else { return nil }
        let text: Swift.String
        if ascii {
            text = bytes.withUnsafeBufferPointer { Swift.String(decoding: UnsafeBufferPointer(rebasing: $0[(index + 1)..<end]), as: UTF8.self) }
        } else {
            // Valid UTF-8 (checked here, the generic validating initializer is several times
            // slower) decodes as it is; anything else takes the careful path, which reports it.
            guard bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalid(UnsafeBufferPointer(rebasing: $0[(index + 1)..<end])) == nil }) else {
                return nil
            }
            text = bytes.withUnsafeBufferPointer { Swift.String(decoding: UnsafeBufferPointer(rebasing: $0[(index + 1)..<end]), as: UTF8.self) }
        }
        column += scalars + 2
        index = end + 1
        return text
    }

    mutating func hex4(_ escapeStart: SourcePosition) throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = HexDigits.value(of: bytes[index]) else {
                error("json-syntax", "\\u must be followed by four hex digits", at: escapeStart)
                throw Failure()
            }
            value = value << 4 | UInt16(digit)
            advance()
        }
        return value
    }

    func decodeUTF8(at i: Int) -> (Unicode.Scalar, Int)? {
        let b0 = bytes[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        // Reject overlong forms and surrogates.
        let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    mutating func parseArray() throws(Failure) -> JSONNode {
        let start = position
        depth += 1
        defer { depth -= 1 }
        if depth > JSONReader.maximumDepth {
            error("json-too-deep", "arrays and objects are nested more than \(JSONReader.maximumDepth) levels deep")
            throw Failure()
        }
        advance()  // [
        var items: [JSONNode] = []
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            advance()
            return JSONNode(kind: .array(items), start: start, end: position)
        }
        while true {
            skipWhiteSpace()
            items.append(try parseValue())
            skipWhiteSpace()
            guard index < bytes.count else {
                error("json-syntax", "this array is never closed", at: start, hint: "add ']'")
                throw Failure()
            }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                skipWhiteSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    error("json-syntax", "a trailing comma is not allowed in JSON", hint: "remove the last ','")
                    throw Failure()
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                advance()
                return JSONNode(kind: .array(items), start: start, end: position)
            }
            error("json-syntax", "expected ',' or ']' in an array, found \(describeCurrent())")
            throw Failure()
        }
    }

    /// `each`: members are handed to it instead of kept in the node.
    mutating func parseObject(each: ((JSONMember) -> Void)? = nil) throws(Failure) -> JSONNode {
        let start = position
        depth += 1
        defer { depth -= 1 }
        if depth > JSONReader.maximumDepth {
            error("json-too-deep", "arrays and objects are nested more than \(JSONReader.maximumDepth) levels deep")
            throw Failure()
        }
        advance()  // {
        var members: [JSONMember] = []
        // Keys are compared by their code points (their UTF-8): "café" written precomposed (NFC)
        // and decomposed (NFD) are two keys, as in every JSON reader, though Swift strings call
        // them equal.
        var keys = ObjectKeys()
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            advance()
            return JSONNode(kind: .object(members), start: start, end: position)
        }
        while true {
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    error("json-syntax", "a trailing comma is not allowed in JSON", hint: "remove the last ','")
                } else {
                    error("json-syntax", "expected a key in double quotes, found \(describeCurrent())")
                }
                throw Failure()
            }
            let keyStart = position
            let (key, _) = try parseString()
            if let first = keys.firstOccurrence(of: key, at: keyStart) {
                error("json-duplicate-key", "duplicate key '\(key)' in this object (first at \(first))", at: keyStart,
                      hint: "JSON readers keep only one of them; remove or rename one")
            }
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                error("json-syntax", "expected ':' after key '\(key)', found \(describeCurrent())")
                throw Failure()
            }
            advance()
            skipWhiteSpace()
            let value: JSONNode
            if depth == 1, let streamed = streamedMember, key == streamedKey, index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                try countValue()  // the streamed object is a value too, as in a whole read
                value = try parseObject(each: streamed)
            } else {
                value = try parseValue()
            }
            if let each { each(JSONMember(key: key, keyStart: keyStart, value: value)) }
            else { members.append(JSONMember(key: key, keyStart: keyStart, value: value)) }
            skipWhiteSpace()
            guard index < bytes.count else {
                error("json-syntax", "this object is never closed", at: start, hint: "add '}'")
                throw Failure()
            }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                advance()
                return JSONNode(kind: .object(members), start: start, end: position)
            }
            error("json-syntax", "expected ',' or '}' in an object, found \(describeCurrent())")
            throw Failure()
        }
    }
}

/// The keys of one object so far, each with where it is written: small objects (most) in a short
/// list, larger ones also in an open-addressing table hashed with FNV-1a over the UTF-8. Keys are
/// equal when their UTF-8 is.
struct ObjectKeys {
    private var keys: [(key: String, at: SourcePosition)] = []
    /// Empty while there are few keys; else per slot: the high 32 bits of the key's hash, then
    /// its place in `keys` + 1 (0: empty). The count is a power of two, at least twice the keys'.
    private var slots: [UInt64] = []
    /// Up to this many keys are found by a scan of the list.
    static let listed = 16

    /// Where `key` was first written; nil (and `key` at `position` is added) when it is new.
    mutating func firstOccurrence(of key: String, at position: SourcePosition) -> SourcePosition? {
        var spelled = key
        let (first, slot, hash) = spelled.withUTF8 { find($0) }
        if let first { return first }
        keys.append((key, position))
        if slots.isEmpty {
            if keys.count > Self.listed { rehash(size: 64) }
        } else {
            slots[slot] = (hash >> 32) << 32 | UInt64(keys.count)
            if keys.count * 2 > slots.count { rehash(size: slots.count * 2) }
        }
        return nil
    }

    /// Where the key whose UTF-8 is `utf8` was written, or the empty slot (and the hash) it
    /// takes in the table.
    private func find(_ utf8: UnsafeBufferPointer<UInt8>) -> (SourcePosition?, Int, UInt64) {
        if slots.isEmpty {
            for (other, at) in keys where Self.equal(other, utf8) { return (at, 0, 0) }
            return (nil, 0, 0)
        }
        let hash = Self.hash(utf8)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return (nil, slot, hash) }
            if entry >> 32 == hash >> 32 {
                let other = keys[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1]
                if Self.equal(other.key, utf8) { return (other.at, slot, hash) }
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func rehash(size: Int) {
        slots = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for index in keys.indices {
            var key = keys[index].key
            let hash = key.withUTF8(Self.hash)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (hash >> 32) << 32 | UInt64(index + 1)
        }
    }

    private static func equal(_ key: String, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.utf8.count == utf8.count else { return false }
        var key = key
        return key.withUTF8 { $0.elementsEqual(utf8) }
    }

    /// FNV-1a over `utf8`, mixed so that the low bits (the slot) depend on every byte.
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.combine(bytes: utf8)
        return hash.value ^ (hash.value >> 29)
    }
}
