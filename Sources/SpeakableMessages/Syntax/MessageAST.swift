/// The syntax tree of an ICU MessageFormat 1 pattern.
///
/// Every node knows where it came from: ranges are UTF-16 offsets into ``MessagePattern/source``
/// (the unit ICU itself uses); ``MessagePattern/positions`` turns them into lines and columns.
///
/// ```swift
/// let pattern = try MessagePattern("Level {level}, {stars, plural, one {# star} other {# stars}}")
/// pattern.argumentNames   // ["level", "stars"]
/// ```
public struct MessageBody: Hashable, Sendable {
    public var parts: [MessagePart]
    /// From the first character of the body to its end (inside a case: inside the braces).
    public var range: Range<Int>

    public init(parts: [MessagePart], range: Range<Int>) {
        self.parts = parts
        self.range = range
    }
}

/// One piece of a message body.
public enum MessagePart: Hashable, Sendable {
    /// Literal text, with ICU's apostrophe quoting already applied ("don''t" → "don't").
    case text(String, range: Range<Int>)
    /// `#` inside a plural or selectordinal case: the number minus the offset.
    case pound(range: Range<Int>)
    /// `{…}`: an argument (one reference: an ``ArgumentNode`` keeps its fields in one object).
    case argument(ArgumentNode)
}

/// An argument: `{name}`, `{name, type[, style]}`, or a plural, selectordinal, select or choice.
///
/// A value type whose fields live in one immutable object: a copy (every `case .argument(let
/// node)`) is one reference, and setting a field makes a new object.
public struct ArgumentNode: Hashable, Sendable {
    @usableFromInline final class Fields: Sendable {
        @usableFromInline let name: String
        @usableFromInline let number: Int?
        @usableFromInline let nameRange: Range<Int>
        @usableFromInline let range: Range<Int>
        @usableFromInline let kind: ArgumentKind

        init(name: String, number: Int?, nameRange: Range<Int>, range: Range<Int>, kind: ArgumentKind) {
            self.name = name
            self.number = number
            self.nameRange = nameRange
            self.range = range
            self.kind = kind
        }
    }

    @usableFromInline var fields: Fields

    /// The name as written: `count`, or a number such as `0`.
    public var name: String {
        @inlinable get { fields.name }
        set { fields = Fields(name: newValue, number: number, nameRange: nameRange, range: range, kind: kind) }
    }
    /// Set when the name is an argument number (`{0}`).
    public var number: Int? {
        @inlinable get { fields.number }
        set { fields = Fields(name: name, number: newValue, nameRange: nameRange, range: range, kind: kind) }
    }
    public var nameRange: Range<Int> {
        @inlinable get { fields.nameRange }
        set { fields = Fields(name: name, number: number, nameRange: newValue, range: range, kind: kind) }
    }
    /// From `{` to `}` inclusive.
    public var range: Range<Int> {
        @inlinable get { fields.range }
        set { fields = Fields(name: name, number: number, nameRange: nameRange, range: newValue, kind: kind) }
    }
    public var kind: ArgumentKind {
        @inlinable get { fields.kind }
        set { fields = Fields(name: name, number: number, nameRange: nameRange, range: range, kind: newValue) }
    }

    public init(name: String, number: Int?, nameRange: Range<Int>, range: Range<Int>, kind: ArgumentKind) {
        fields = Fields(name: name, number: number, nameRange: nameRange, range: range, kind: kind)
    }

    public static func == (lhs: ArgumentNode, rhs: ArgumentNode) -> Bool {
        lhs.fields === rhs.fields
            || (lhs.name == rhs.name && lhs.number == rhs.number && lhs.nameRange == rhs.nameRange && lhs.range == rhs.range
                && lhs.kind == rhs.kind)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(number)
        hasher.combine(nameRange)
        hasher.combine(range)
        hasher.combine(kind)
    }
}

/// What an argument does with its value.
public enum ArgumentKind: Hashable, Sendable {
    /// `{name}`: strings as they are, numbers and dates in the locale's default format.
    case none
    /// `{name, number|date|time|spellout|ordinal|duration[, style]}`.
    case simple(SimpleArgument)
    /// `{name, plural, …}` or `{name, selectordinal, …}`.
    case plural(PluralArgument)
    /// `{name, select, …}`.
    case select(SelectArgument)
    /// `{name, choice, …}` (legacy ChoiceFormat).
    case choice(ChoiceArgument)
}

/// The formatter types a simple argument can name (case-insensitively, as ICU does).
public enum SimpleArgumentType: String, Hashable, Sendable, CaseIterable {
    case number, date, time, spellout, ordinal, duration
}

/// A simple argument's type and style.
public struct SimpleArgument: Hashable, Sendable {
    public var type: SimpleArgumentType
    /// The type keyword as written (`NUMBER` is the same as `number`).
    public var typeText: String
    public var typeRange: Range<Int>
    /// The style text exactly as written after the second comma (quotes and spaces included),
    /// or nil when there is none.
    public var styleText: String?
    public var styleRange: Range<Int>?
    /// What the style means.
    public var style: ArgumentStyle

    public init(type: SimpleArgumentType, typeText: String, typeRange: Range<Int>, styleText: String?,
                styleRange: Range<Int>?, style: ArgumentStyle) {
        self.type = type
        self.typeText = typeText
        self.typeRange = typeRange
        self.styleText = styleText
        self.styleRange = styleRange
        self.style = style
    }
}

/// The meaning of a simple argument's style, decided the way ICU's MessageFormat decides it.
public enum ArgumentStyle: Hashable, Sendable {
    /// `number` with no style or `integer`, `currency`, `percent`.
    case number(NumberStyleKeyword)
    /// `number, ::skeleton` (the text after `::`).
    case numberSkeleton(String)
    /// `number, <DecimalFormat pattern>`, applied as written (a leading space is part of it).
    case numberPattern(String)
    /// `date`/`time` with no style or `short`, `medium`, `long`, `full`.
    case dateTime(DateStyleKeyword)
    /// `date`/`time, ::skeleton`.
    case dateSkeleton(String)
    /// `date`/`time, <SimpleDateFormat pattern>`.
    case datePattern(String)
    /// `spellout`/`ordinal`/`duration` with an optional rule set such as `%with-words`, as written:
    /// ICU applies it verbatim, so `{n, duration, %with-words}` (with a space) uses the default
    /// rule set, and an unknown rule set is ignored.
    case ruleSet(String)
}

public enum NumberStyleKeyword: String, Hashable, Sendable {
    case `default`, currency, percent, integer
}

public enum DateStyleKeyword: String, Hashable, Sendable {
    case `default`, short, medium, long, full
}

/// `{n, plural, offset:1 =0 {…} one {…} other {…}}` and `selectordinal`.
public struct PluralArgument: Hashable, Sendable {
    public var isOrdinal: Bool
    /// `offset:` (0 when absent). Keywords select on value − offset; `=N` cases on the value.
    public var offset: Double
    public var offsetRange: Range<Int>?
    public var cases: [PluralCase]
    /// Where the argument's style (the cases) starts, right after `plural,`.
    public var styleStart: Int

    public init(isOrdinal: Bool, offset: Double, offsetRange: Range<Int>?, cases: [PluralCase], styleStart: Int) {
        self.isOrdinal = isOrdinal
        self.offset = offset
        self.offsetRange = offsetRange
        self.cases = cases
        self.styleStart = styleStart
    }

    /// The first `other` case, which ICU requires.
    public var otherCase: PluralCase? {
        cases.first { if case .keyword("other") = $0.selector { true } else { false } }
    }
}

/// How a plural case is chosen.
public enum PluralSelector: Hashable, Sendable {
    /// `=N`: the value equals N exactly.
    case explicit(Double)
    /// A CLDR keyword (`zero`, `one`, `two`, `few`, `many`, `other`) — or any other word, which
    /// ICU accepts and never selects.
    case keyword(String)
}

public struct PluralCase: Hashable, Sendable {
    public var selector: PluralSelector
    /// The selector as written (`=0`, `one`).
    public var selectorText: String
    public var selectorRange: Range<Int>
    public var message: MessageBody

    public init(selector: PluralSelector, selectorText: String, selectorRange: Range<Int>, message: MessageBody) {
        self.selector = selector
        self.selectorText = selectorText
        self.selectorRange = selectorRange
        self.message = message
    }
}

/// `{gender, select, female {…} other {…}}`.
public struct SelectArgument: Hashable, Sendable {
    public var cases: [SelectCase]
    public var styleStart: Int

    public init(cases: [SelectCase], styleStart: Int) {
        self.cases = cases
        self.styleStart = styleStart
    }
}

public struct SelectCase: Hashable, Sendable {
    public var key: String
    public var keyRange: Range<Int>
    public var message: MessageBody

    public init(key: String, keyRange: Range<Int>, message: MessageBody) {
        self.key = key
        self.keyRange = keyRange
        self.message = message
    }
}

/// `{n, choice, 0#no files|1#one file|1<{n} files}`.
public struct ChoiceArgument: Hashable, Sendable {
    public var cases: [ChoiceCase]

    public init(cases: [ChoiceCase]) { self.cases = cases }
}

public struct ChoiceCase: Hashable, Sendable {
    /// The boundary number (may be ±∞).
    public var limit: Double
    public var limitText: String
    public var limitRange: Range<Int>
    /// `<`: the case starts just above `limit`; `#` or `≤`: at `limit`.
    public var isExclusive: Bool
    public var message: MessageBody

    public init(limit: Double, limitText: String, limitRange: Range<Int>, isExclusive: Bool, message: MessageBody) {
        self.limit = limit
        self.limitText = limitText
        self.limitRange = limitRange
        self.isExclusive = isExclusive
        self.message = message
    }
}
