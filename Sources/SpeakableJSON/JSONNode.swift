public import SpeakableDiagnostics

/// A JSON number as written: an integer literal is an `Int64`, a literal with a fraction or an
/// exponent is a `Double` (Speakable's argument rule, which ICU's plural selection can see).
public enum JSONNumber: Hashable, Sendable, CustomStringConvertible {
    case int(Int64)
    case double(Double)

    public var doubleValue: Double {
        switch self {
        case .int(let n): Double(n)
        case .double(let d): d
        }
    }

    public var description: String {
        switch self {
        case .int(let n): String(n)
        case .double(let d): JSONWriter.format(d)
        }
    }
}

/// A parsed JSON value that remembers where it was written.
///
/// Positions are 1-based lines and columns counted in Unicode scalars. For strings,
/// ``position(ofUTF16Offset:)`` maps an offset inside the *decoded* string back to the file,
/// escapes included, so a diagnostic about text inside a message points at that text in the file.
public struct JSONNode: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Where the value starts (its first character: `{`, `"`, a digit…).
    public var start: SourcePosition
    /// Just after the value.
    public var end: SourcePosition
    /// For strings written with escapes: (decoded UTF-16 offset, source scalar offset after the
    /// opening quote) at each escape, for mapping positions back.
    var escapeMarks: [EscapeMark]

    public init(kind: Kind, start: SourcePosition, end: SourcePosition) {
        self.kind = kind
        self.start = start
        self.end = end
        self.escapeMarks = []
    }

    /// The file position of UTF-16 offset `offset` of this string's decoded text (JSON strings
    /// never span lines: raw line breaks must be escaped).
    public func position(ofUTF16Offset offset: Int) -> SourcePosition {
        // Scalar offset into the source after the opening quote.
        var decoded = 0
        var source = 0
        for mark in escapeMarks where mark.decodedUTF16 <= offset {
            decoded = mark.decodedUTF16
            source = mark.sourceScalars
        }
        // Between escapes, one decoded UTF-16 unit is one source unit; count scalars, not units.
        let extra = scalarCount(fromUTF16: decoded, to: offset)
        return SourcePosition(line: start.line, column: start.column + 1 + source + extra)
    }

    private func scalarCount(fromUTF16 from: Int, to: Int) -> Int {
        guard case .string(let text) = kind, to > from else { return max(0, to - from) }
        var count = 0
        var offset = 0
        for scalar in text.unicodeScalars {
            if offset >= to { break }
            if offset >= from { count += 1 }
            offset += UTF16.width(scalar)
        }
        return count + max(0, to - offset)
    }

    // MARK: Accessors

    public var string: String? { if case .string(let s) = kind { s } else { nil } }
    public var number: JSONNumber? { if case .number(let n) = kind { n } else { nil } }
    public var bool: Bool? { if case .bool(let b) = kind { b } else { nil } }
    public var array: [JSONNode]? { if case .array(let a) = kind { a } else { nil } }
    public var members: [JSONMember]? { if case .object(let m) = kind { m } else { nil } }
    public var isNull: Bool { if case .null = kind { true } else { false } }

    /// The first member named `key`, for objects.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }

    /// A short name of the kind, for messages: "a string", "an object".
    public var kindName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number(.int): "an integer"
        case .number(.double): "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

struct EscapeMark: Hashable, Sendable {
    let decodedUTF16: Int
    let sourceScalars: Int
}

/// One `"key": value` of an object, in the order written.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    /// Where the key's opening quote is.
    public var keyStart: SourcePosition
    public var value: JSONNode

    public init(key: String, keyStart: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyStart = keyStart
        self.value = value
    }
}
