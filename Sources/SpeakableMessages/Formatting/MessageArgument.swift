public import SpeakableICU

/// A value for one argument of a message.
///
/// The kinds are the ones ICU's MessageFormat tells apart: an integer stays exact (`Int64`), a
/// double is a double, a string is text, a date is a moment in time. Literals work directly:
///
/// ```swift
/// let args: [String: MessageArgument] = ["row": 3, "ratio": 0.5, "content": "empty"]
/// ```
public enum MessageArgument: Hashable, Sendable {
    case int(Int64)
    case double(Double)
    case string(String)
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case date(ICUDate)

    /// A short description for error messages: "the string \"x\"", "the number 3".
    var described: String {
        switch self {
        case .int(let n): "the number \(n)"
        case .double(let d): "the number \(d)"
        case .string(let s): "the string \"\(s)\""
        case .date: "a date"
        }
    }

    var isNumeric: Bool {
        switch self {
        case .int, .double: true
        case .string, .date: false
        }
    }

    /// ICU's `Formattable::getDouble` for numbers.
    var doubleValue: Double? {
        switch self {
        case .int(let n): Double(n)
        case .double(let d): d
        case .string, .date: nil
        }
    }
}

extension MessageArgument: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MessageArgument {
    /// An integer argument.
    public static func int(_ value: Int) -> MessageArgument { .int(Int64(value)) }
}

/// Why formatting a message with some arguments failed — in the same cases where ICU's own
/// MessageFormat fails.
///
/// ```swift
/// let message = try CompiledMessage("{n, plural, one {# star} other {# stars}}", locale: .english)
/// do { _ = try message.format(["n": "three"]) }
/// catch { error.message }   // "plural argument 'n' needs a number, but got the string \"three\""
/// ```
public struct MessageFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A plural, selectordinal, choice or number argument was given something that is not a number.
        case notANumber = "argument-not-a-number"
        /// A select argument was given something that is not a string.
        case notAString = "argument-not-a-string"
        /// A date or time argument was given something that is not a date.
        case notADate = "argument-not-a-date"
        /// An argument value that is not one of the message's arguments was passed by slot.
        case wrongArgumentCount = "wrong-argument-count"
        /// ICU failed while formatting a value.
        case icuFailure = "icu-format-failed"
        /// The output would be longer than ``CompiledMessage/maximumOutputLength`` (a message that
        /// repeats a long argument many times); Speakable stops instead of filling memory.
        case outputTooLarge = "output-too-large"
    }

    public let kind: Kind
    public let message: String
    /// The argument involved, as named in the pattern.
    public let argument: String?
    /// The argument's `{…}` in the pattern (UTF-16 offsets).
    public let range: Range<Int>?
    /// The `UErrorCode` ICU's MessageFormat fails with in the same case.
    public let icuErrorName: String

    public var id: String { kind.rawValue }
    public var description: String { "\(message) [\(id)]" }
}

/// Why a parsed pattern could not be prepared for a locale (ICU could not open a formatter).
public struct MessageCompileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public let range: Range<Int>?
    public let icuErrorName: String
    /// `icu-open-failed`, or `argument-normalization` (two argument names that differ only in
    /// Unicode normalization).
    public var id: String = "icu-open-failed"
    public var description: String { "\(message) [\(id)]" }
}
