/// A Unicode MessageFormat 2 message, as the standard's interchange data model describes it
/// (LDML 47, `spec/data-model/README.md`), with the place of every node in its source.
///
/// Ranges are UTF-16 offsets into the source text, as in ``MessagePattern``, so
/// ``TextPositions`` turns them into lines and columns and diagnostics point into the MF2 text.
///
/// ```swift
/// let message = try MF2Message(".input {$count :integer}\n.match $count\none {{# item}}\n* {{{$count} items}}")
/// message.declarations.count   // 1
/// message.body                 // .select(...)
/// ```
public struct MF2Message: Hashable, Sendable {
    /// The message as written.
    public var source: String
    /// `.input` and `.local` declarations, in order.
    public var declarations: [MF2Declaration]
    /// One pattern, or a `.match` with its variants.
    public var body: MF2Body

    public init(source: String, declarations: [MF2Declaration], body: MF2Body) {
        self.source = source
        self.declarations = declarations
        self.body = body
    }
}

/// A message's body: a single pattern (`PatternMessage`) or a selection (`SelectMessage`).
public enum MF2Body: Hashable, Sendable {
    case pattern(MF2Pattern)
    case select(MF2Select)
}

/// `.match $a $b` and its variants.
public struct MF2Select: Hashable, Sendable {
    public var selectors: [MF2Variable]
    public var variants: [MF2Variant]
    /// From `.match` to the end of the last variant.
    public var range: Range<Int>

    public init(selectors: [MF2Variable], variants: [MF2Variant], range: Range<Int>) {
        self.selectors = selectors
        self.variants = variants
        self.range = range
    }
}

/// `one * {{…}}`: one key per selector, and the pattern chosen when they all match.
public struct MF2Variant: Hashable, Sendable {
    public var keys: [MF2Key]
    public var pattern: MF2Pattern
    public var range: Range<Int>

    public init(keys: [MF2Key], pattern: MF2Pattern, range: Range<Int>) {
        self.keys = keys
        self.pattern = pattern
        self.range = range
    }
}

/// A variant key: a literal, or the catch-all `*`.
public enum MF2Key: Hashable, Sendable {
    case literal(MF2Literal)
    case catchall(range: Range<Int>)

    public var range: Range<Int> {
        switch self {
        case .literal(let literal): literal.range
        case .catchall(let range): range
        }
    }
}

/// `.input {$x …}` or `.local $x = {…}`.
public struct MF2Declaration: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case input, local }

    public var kind: Kind
    /// The variable's name, without `$`.
    public var name: String
    public var nameRange: Range<Int>
    /// For `.input`, always a variable expression naming ``name``.
    public var value: MF2Expression
    /// From the keyword to the end of the expression.
    public var range: Range<Int>

    public init(kind: Kind, name: String, nameRange: Range<Int>, value: MF2Expression, range: Range<Int>) {
        self.kind = kind
        self.name = name
        self.nameRange = nameRange
        self.value = value
        self.range = range
    }
}

/// Text and placeholders. Text parts are never empty, and two are never adjacent.
public struct MF2Pattern: Hashable, Sendable {
    public var parts: [MF2PatternPart]
    /// Inside `{{…}}` for a quoted pattern; the whole message for a simple one.
    public var range: Range<Int>

    public init(parts: [MF2PatternPart], range: Range<Int>) {
        self.parts = parts
        self.range = range
    }
}

public enum MF2PatternPart: Hashable, Sendable {
    /// Literal text with escapes applied (`\{` → `{`).
    case text(String, range: Range<Int>)
    indirect case expression(MF2Expression)
    indirect case markup(MF2Markup)
}

/// `{operand :function options @attributes}`: at least an operand or a function.
public struct MF2Expression: Hashable, Sendable {
    public var operand: MF2Operand?
    public var function: MF2Function?
    public var attributes: [MF2Attribute]
    /// From `{` to `}` inclusive.
    public var range: Range<Int>

    public init(operand: MF2Operand?, function: MF2Function?, attributes: [MF2Attribute], range: Range<Int>) {
        self.operand = operand
        self.function = function
        self.attributes = attributes
        self.range = range
    }
}

/// A literal or a variable: an expression's operand, or an option's value.
public enum MF2Operand: Hashable, Sendable {
    case literal(MF2Literal)
    case variable(MF2Variable)

    public var range: Range<Int> {
        switch self {
        case .literal(let literal): literal.range
        case .variable(let variable): variable.range
        }
    }
}

/// `|quoted|` or `unquoted`; ``value`` has escapes applied.
public struct MF2Literal: Hashable, Sendable {
    public var value: String
    /// Whether it was written between `|…|` (the data model does not keep this; a printer uses it).
    public var isQuoted: Bool
    public var range: Range<Int>

    public init(value: String, isQuoted: Bool, range: Range<Int>) {
        self.value = value
        self.isQuoted = isQuoted
        self.range = range
    }
}

/// `$name`.
public struct MF2Variable: Hashable, Sendable {
    /// Without `$` (and without surrounding bidi marks).
    public var name: String
    /// From `$` to the end of the name.
    public var range: Range<Int>

    public init(name: String, range: Range<Int>) {
        self.name = name
        self.range = range
    }
}

/// `:namespace:name opt=value …`.
public struct MF2Function: Hashable, Sendable {
    /// The identifier without `:` (a namespace, when there is one, stays: `test:select`).
    public var name: String
    public var nameRange: Range<Int>
    public var options: [MF2Option]

    public init(name: String, nameRange: Range<Int>, options: [MF2Option]) {
        self.name = name
        self.nameRange = nameRange
        self.options = options
    }
}

/// `name=value` (value a literal or a variable).
public struct MF2Option: Hashable, Sendable {
    public var name: String
    public var nameRange: Range<Int>
    public var value: MF2Operand

    public init(name: String, nameRange: Range<Int>, value: MF2Operand) {
        self.name = name
        self.nameRange = nameRange
        self.value = value
    }
}

/// `@name` or `@name=literal`.
public struct MF2Attribute: Hashable, Sendable {
    public var name: String
    public var nameRange: Range<Int>
    /// nil for `@name` alone (the data model's `true`).
    public var value: MF2Literal?

    public init(name: String, nameRange: Range<Int>, value: MF2Literal?) {
        self.name = name
        self.nameRange = nameRange
        self.value = value
    }
}

/// `{#open}`, `{#standalone/}`, `{/close}` with options and attributes.
public struct MF2Markup: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case open, standalone, close }

    public var kind: Kind
    public var name: String
    public var nameRange: Range<Int>
    public var options: [MF2Option]
    public var attributes: [MF2Attribute]
    /// From `{` to `}` inclusive.
    public var range: Range<Int>

    public init(kind: Kind, name: String, nameRange: Range<Int>, options: [MF2Option],
                attributes: [MF2Attribute], range: Range<Int>) {
        self.kind = kind
        self.name = name
        self.nameRange = nameRange
        self.options = options
        self.attributes = attributes
        self.range = range
    }
}

/// A syntax or data-model error in an MF2 message, with its type as the standard names it
/// (`syntax-error`, `duplicate-declaration`, `variant-key-mismatch`, …).
public struct MF2Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The standard's error names (`spec/errors.md`; the test suite's `type`).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        // Syntax and data model errors: the message cannot be formatted.
        case syntaxError = "syntax-error"
        case variantKeyMismatch = "variant-key-mismatch"
        case missingFallbackVariant = "missing-fallback-variant"
        case missingSelectorAnnotation = "missing-selector-annotation"
        case duplicateDeclaration = "duplicate-declaration"
        case duplicateOptionName = "duplicate-option-name"
        case duplicateVariant = "duplicate-variant"
        // Resolution and formatting errors: the message formats, with fallbacks.
        case unresolvedVariable = "unresolved-variable"
        case unknownFunction = "unknown-function"
        case badOperand = "bad-operand"
        case badOption = "bad-option"
        case badSelector = "bad-selector"
        case badVariantKey = "bad-variant-key"
        /// Any other failure of a function (the standard's "Message Function Error").
        case badInput = "bad-input"

        /// Syntax and data-model errors stop formatting; the others leave a fallback.
        public var isFatal: Bool {
            switch self {
            case .syntaxError, .variantKeyMismatch, .missingFallbackVariant, .missingSelectorAnnotation,
                 .duplicateDeclaration, .duplicateOptionName, .duplicateVariant: true
            default: false
            }
        }
    }

    public var kind: Kind
    /// One plain, lower-case sentence.
    public var message: String
    /// UTF-16 offsets into the message's source.
    public var range: Range<Int>
    public var hint: String?

    public init(_ kind: Kind, _ message: String, range: Range<Int>, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.range = range
        self.hint = hint
    }

    /// The stable identifier: the standard's name of the error.
    public var id: String { kind.rawValue }

    public var description: String { "\(message) [\(id)]" }
}

/// Every syntax and data-model error found in one message, in source order (at least one).
public struct MF2Errors: Error, Hashable, Sendable, CustomStringConvertible {
    public let errors: [MF2Error]

    public init(_ errors: [MF2Error]) {
        precondition(!errors.isEmpty)
        self.errors = errors
    }

    public var first: MF2Error { errors[0] }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
