public import SpeakableICU

/// How a formatted MF2 message isolates its placeholders from the text around them
/// (`formatting.md`, "Handling Bidirectional Text").
public enum MF2BidiStrategy: String, Hashable, Sendable, CaseIterable {
    /// The standard's Default Bidi Strategy: each placeholder's text goes between U+2066 LRI,
    /// U+2067 RLI or U+2068 FSI and U+2069 PDI, chosen by the message's direction (from the
    /// locale) and the placeholder's direction; an LTR value in an LTR message without `u:dir`
    /// stays bare.
    case `default`
    /// No isolation characters at all.
    case none
}

/// A direction of text, as the Default Bidi Strategy tells them apart.
public enum MF2Direction: String, Hashable, Sendable {
    case ltr, rtl
    /// Not known: decided by the text's first strong character when displayed.
    case unknown
}

/// One piece of a formatted MF2 message: text, a formatted placeholder, a markup placeholder, an
/// isolation character, or the fallback of a placeholder that failed.
///
/// ```swift
/// let message = try MF2Message("{#b}hello{/b} {$x}")
/// message.format(locale: "en", arguments: [:], bidi: .none).parts
/// // [.markup(kind: .open, name: "b", options: [:], id: nil), .text("hello"),
/// //  .markup(kind: .close, name: "b", options: [:], id: nil), .text(" "), .fallback(source: "$x")]
/// ```
public enum MF2Part: Hashable, Sendable {
    case text(String)
    /// A placeholder's formatted value.
    case value(MF2ValuePart)
    /// `{#name …}`, `{#name …/}` or `{/name …}` with its options' string values (without `u:`
    /// options) and its `u:id`.
    case markup(kind: MF2Markup.Kind, name: String, options: [String: String], id: String?)
    /// A placeholder that could not be formatted; `source` is what the output shows between braces
    /// (`$x`, `|42|`, `:ns:func`).
    case fallback(source: String)
    /// U+2066…U+2069 added by the Default Bidi Strategy.
    case bidiIsolation(Unicode.Scalar)
}

/// A formatted placeholder: its text and what the standard's parts carry along.
public struct MF2ValuePart: Hashable, Sendable {
    /// `string`, `number`, `datetime` or `test` (the `:test:*` functions).
    public var type: String
    public var value: String
    /// The `u:dir` direction, when the expression sets `ltr` or `rtl`.
    public var direction: MF2Direction?
    /// The locale it was formatted for (as given to ``MF2Message/format(locale:arguments:bidi:timeZone:)``).
    public var locale: String
    /// The `u:id` option's value.
    public var id: String?
    /// A number's fields (`integer`, `group`, `decimal`, `fraction`, signs…); empty for other types.
    public var numberParts: [NumberPart]

    public init(type: String, value: String, direction: MF2Direction? = nil, locale: String, id: String? = nil,
                numberParts: [NumberPart] = []) {
        self.type = type
        self.value = value
        self.direction = direction
        self.locale = locale
        self.id = id
        self.numberParts = numberParts
    }
}

/// The result of formatting an MF2 message: the text, its parts, and every resolution and
/// function error met on the way (the message still formats, with fallbacks such as `{$x}`).
public struct MF2Formatted: Hashable, Sendable {
    /// The formatted message, with markup formatted to nothing.
    public var output: String
    /// The same message piece by piece.
    public var parts: [MF2Part]
    /// Resolution and function errors (`unresolved-variable`, `unknown-function`, `bad-operand`,
    /// `bad-option`, `bad-selector`, `bad-variant-key`, `bad-input`) in the order they happened,
    /// with the range of the expression, option or key involved.
    public var errors: [MF2Error]

    public init(output: String, parts: [MF2Part], errors: [MF2Error]) {
        self.output = output
        self.parts = parts
        self.errors = errors
    }
}

extension MF2Message {
    /// The longest output formatting produces (UTF-8 bytes); placeholders beyond it become their
    /// fallback, with a `bad-input` error.
    public static let maximumOutputLength = CompiledMessage.maximumOutputLength

    /// Formats the message for a locale, as `formatting.md` defines it: declarations are resolved
    /// when first used (each once), a `.match` selects its best variant, and each placeholder is
    /// formatted by its function (`:string`, `:number`, `:integer`, `:percent`, `:currency`,
    /// `:offset`, `:date`, `:time`, `:datetime`, and the test suite's `:test:function`,
    /// `:test:select`, `:test:format`). A placeholder that fails shows its fallback and adds an
    /// error; formatting never throws.
    ///
    /// ```swift
    /// let message = try MF2Message(".input {$n :integer}\n.match $n\none {{{$n} file}}\n* {{{$n} files}}")
    /// message.format(locale: "en", arguments: ["n": 3]).output          // "3 files"
    /// try MF2Message("Hi {$who}").format(locale: "en", arguments: [:]).output
    /// // "Hi \u{2068}{$who}\u{2069}", with an unresolved-variable error
    /// ```
    ///
    /// - Parameters:
    ///   - locale: A BCP 47 tag (`en-US`, `ar`); it chooses number, plural and date data and the
    ///     message's direction. A tag ICU cannot read formats with root data and unknown direction.
    ///   - arguments: The input values, by variable name (without `$`). Names are compared as
    ///     Unicode canonical equivalents, as the standard requires (NFC).
    ///   - bidi: The bidirectional isolation strategy.
    ///   - timeZone: The zone of dates and times without an offset, and the default output zone.
    public func format(locale: String, arguments: [String: MessageArgument] = [:],
                       bidi: MF2BidiStrategy = .default, timeZone: ICUTimeZone = .utc) -> MF2Formatted {
        var run = MF2Resolution(message: self, localeTag: locale, arguments: arguments, timeZone: timeZone)
        return run.formatMessage(bidi: bidi)
    }
}
