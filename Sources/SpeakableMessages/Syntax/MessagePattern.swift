public import SpeakableDiagnostics

/// A parsed ICU MessageFormat 1 pattern — the locale-independent half of a message.
///
/// Parsing accepts and rejects exactly what ICU 72's MessageFormat does (the conformance tests
/// check every case), and every node of the tree knows its place in the source.
///
/// ```swift
/// let pattern = try MessagePattern("{stars, plural, one {# star} other {# stars}}")
/// pattern.argumentNames          // ["stars"]
///
/// do {
///     _ = try MessagePattern("{stars, plural, one {# star}}")
/// } catch {
///     error.first.id             // "missing-other"
///     error.first.message        // "plural argument 'stars' has no 'other' case"
/// }
/// ```
public struct MessagePattern: Hashable, Sendable {
    /// The pattern as written.
    public let source: String
    /// The parsed tree.
    public let body: MessageBody

    /// The deepest nesting of cases Speakable accepts. ICU 72 accepts far deeper nesting (about
    /// 30,000 levels overflow its recursive parser's stack and crash the process); no real message
    /// comes near this limit, and past it Speakable reports `nesting-too-deep` instead.
    public static let maximumNesting = 255
    /// The longest pattern Speakable accepts, in UTF-16 code units (a guard against runaway input;
    /// ICU has no such limit).
    public static let maximumLength = 1 << 20

    /// Parses `source`; throws every syntax error found (the first one is the one ICU reports).
    public init(_ source: String) throws(MessageSyntaxErrors) {
        if let body = Self.directBody(source) {
            self.body = body
        } else {
            self.body = try MessageParser.parse(source)
        }
        self.source = source
    }

    /// The tree ``DirectParser`` reads (most messages), or nil for the general parser. Plain text
    /// (no brace, no apostrophe) is one literal, the pattern itself.
    static func directBody(_ source: String) -> MessageBody? {
        let count = source.utf8.count
        if count == 0 { return MessageBody(parts: [], range: 0..<0) }
        guard count <= maximumLength else { return nil }
        var contiguous = source
        return contiguous.withUTF8 { DirectParser.parse(source, utf8: $0) }
    }

    /// A pattern whose tree the caller has built: `body` must be exactly what ``init(_:)`` parses
    /// `source` to. (The checker builds the trees of converted platform strings — text and
    /// `{1, number}` arguments — this way, tested against the parser.)
    public init(source: String, parsedBody body: MessageBody) {
        self.source = source
        self.body = body
    }

    /// Every argument name in order of first appearance (numbers as written, e.g. "0").
    public var argumentNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        forEachArgument { argument in
            if seen.insert(argument.name).inserted { names.append(argument.name) }
        }
        return names
    }

    /// Visits every argument, outer before inner, in source order.
    public func forEachArgument(_ visit: (ArgumentNode) -> Void) {
        func walk(_ body: MessageBody) {
            for part in body.parts {
                guard case .argument(let argument) = part else { continue }
                visit(argument)
                switch argument.kind {
                case .none, .simple: break
                case .plural(let plural): plural.cases.forEach { walk($0.message) }
                case .select(let select): select.cases.forEach { walk($0.message) }
                case .choice(let choice): choice.cases.forEach { walk($0.message) }
                }
            }
        }
        walk(body)
    }

    /// Line and column positions inside ``source``.
    public var positions: TextPositions { TextPositions(source) }
}

extension MessageSyntaxError {
    /// This error as a diagnostic. `positions` maps the pattern's UTF-16 offsets to lines and
    /// columns — of the pattern itself by default, or of the file it came from.
    public func diagnostic(
        file: String? = nil,
        position map: (Int) -> SourcePosition
    ) -> Diagnostic {
        Diagnostic(severity: .error, id: id, message: message, file: file,
                   position: map(range.lowerBound), endPosition: map(range.upperBound), hint: hint)
    }

    /// This error as a diagnostic positioned inside `source` (line and column of the message).
    public func diagnostic(in source: String, file: String? = nil) -> Diagnostic {
        let positions = TextPositions(source)
        return diagnostic(file: file) { positions.position(ofUTF16Offset: $0) }
    }
}
