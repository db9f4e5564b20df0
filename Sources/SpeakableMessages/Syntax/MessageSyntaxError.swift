/// Why a pattern is not a valid ICU MessageFormat 1 message.
///
/// Every error has a stable ``id``, a plain sentence, and the UTF-16 range in the pattern it is
/// about. It also says how ICU 72 itself reports the same pattern (``icuErrorName`` and
/// ``icuOffset``): Speakable's parser accepts and rejects exactly what ICU does, and the
/// conformance tests hold it to that, but it points at the real place where ICU often says offset 0.
///
/// ```swift
/// do { _ = try MessagePattern("{stars, plural, one {# star}}") }
/// catch { print(error.first.message) }   // "plural argument 'stars' has no 'other' case"
/// ```
public struct MessageSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identifiers of syntax errors.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A `{` that is never closed.
        case unmatchedBrace = "unmatched-brace"
        /// An argument name that is empty, has a leading zero, or contains syntax characters.
        case badArgumentName = "bad-argument-name"
        /// Something other than `,` or `}` after an argument name.
        case badArgumentSyntax = "bad-argument-syntax"
        /// A `,` after the name with no type word after it.
        case missingArgumentType = "missing-argument-type"
        /// A type word ICU does not know (`{n, list}`).
        case unknownArgumentType = "unknown-argument-type"
        /// `plural`, `selectordinal`, `select` or `choice` with no cases.
        case missingCases = "missing-cases"
        /// An apostrophe in an argument style that is never closed.
        case unterminatedQuote = "unterminated-quote"
        /// A plural, selectordinal or select without the required `other` case.
        case missingOther = "missing-other"
        /// A case selector that is not a word or `=number`.
        case badSelector = "bad-selector"
        /// A case selector with no `{message}` after it.
        case missingCaseMessage = "missing-case-message"
        /// `offset:` after the first case.
        case misplacedOffset = "misplaced-offset"
        /// A number (in `=N`, `offset:` or a choice limit) that does not parse.
        case badNumber = "bad-number"
        /// A malformed `choice` argument.
        case badChoice = "bad-choice"
        /// A `::` number skeleton ICU rejects.
        case invalidNumberSkeleton = "invalid-number-skeleton"
        /// A DecimalFormat pattern ICU rejects.
        case invalidNumberPattern = "invalid-number-pattern"
        /// An argument number above 32767, or a name, selector or style longer than 65535.
        case tooLarge = "too-large"
        /// Cases nested deeper than ``MessagePattern/maximumNesting`` levels (Speakable's limit;
        /// ICU 72 has none that it reaches before its own recursion overflows the stack).
        case nestingTooDeep = "nesting-too-deep"
        /// A pattern longer than ``MessagePattern/maximumLength`` UTF-16 code units.
        case messageTooLong = "message-too-long"
    }

    public let kind: Kind
    /// One plain, lower-case sentence.
    public let message: String
    /// The offending text, as UTF-16 offsets into the pattern.
    public let range: Range<Int>
    /// What to do about it, when there is something to say.
    public let hint: String?
    /// The `UErrorCode` ICU 72's MessageFormat reports for this pattern; `nil` for Speakable's own
    /// limits (``Kind/nestingTooDeep``, ``Kind/messageTooLong``), which ICU does not have.
    public let icuErrorName: String?
    /// The parse-error offset ICU 72 reports (often 0 where ICU does not know better).
    public let icuOffset: Int?

    public init(_ kind: Kind, _ message: String, range: Range<Int>, hint: String? = nil,
                icuErrorName: String?, icuOffset: Int?) {
        self.kind = kind
        self.message = message
        self.range = range
        self.hint = hint
        self.icuErrorName = icuErrorName
        self.icuOffset = icuOffset
    }

    /// The stable identifier, e.g. `missing-other`.
    public var id: String { kind.rawValue }

    public var description: String { "\(message) [\(id)]" }
}

/// All the errors found in one pattern, in source order (at least one).
public struct MessageSyntaxErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public let errors: [MessageSyntaxError]

    public init(_ errors: [MessageSyntaxError]) {
        precondition(!errors.isEmpty)
        self.errors = errors
    }

    /// The first error — the one ICU would report.
    public var first: MessageSyntaxError { errors[0] }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
