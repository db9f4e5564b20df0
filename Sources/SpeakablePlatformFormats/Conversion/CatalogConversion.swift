/// How one message (one combination of select cases) is laid out on a platform — decided once
/// from every locale's text, so that every locale gets resources of the same names and types
/// (`aapt2 link` drops a translation whose type differs from the default's).
///
/// ```swift
/// // en "{n, plural, =0 {No stars} one {# star} other {# stars}}", ko "별 {n}개"
/// let layout = PlatformConversion.layout(of: [(english, .english), (korean, ko)], platform: .android)
/// layout.pluralArguments   // ["n"]: a <plurals> in every locale (Korean: `other` only)
/// layout.companions        // [n == 0]: `<string name="…__n_eq0">No stars</string>` beside it
/// ```
public struct CatalogLayout: Hashable, Sendable {
    /// Arguments with a plural in any locale, in order of first appearance.
    public var pluralArguments: [String] = []
    /// Exact values (`=N`) that a platform's plurals cannot say and that print something other
    /// than their category: each becomes a companion resource (or key) `<name>__<argument>_eq<N>`.
    public var companions: [CatalogCompanion] = []
    /// `=N` cases left out because they print exactly what their category prints.
    public var dropped: [DroppedExactMatch] = []
    /// Where the first `=N` of each companion is written (in the first message that has it).
    public var companionRanges: [CatalogCompanion: Range<Int>] = [:]

    public init() {}

    /// Android: plurals on several arguments become one `<plurals>` per argument and a
    /// composing `<string>` (what String Catalog substitutions do).
    public func isComposed(on platform: CatalogPlatform) -> Bool { platform == .android && pluralArguments.count > 1 }
}

/// `argument == value`, said by a resource or key of its own: `<name>__<argument>_eq<value>`.
public struct CatalogCompanion: Hashable, Sendable {
    public var argument: String
    public var value: Int64

    public init(argument: String, value: Int64) {
        self.argument = argument
        self.value = value
    }

    /// `__count_eq0`.
    public var suffix: String { "__" + SelectExpansion.sanitize(argument) + "_eq" + String(value) }
}

/// An `=N` case that a platform does without: it prints what its category prints for N.
public struct DroppedExactMatch: Hashable, Sendable {
    public var argument: String
    public var value: Int64
    public var category: String
    public var locale: String
}

/// One resource (Android) or key (String Catalog) of a converted message.
public struct CatalogResource: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        /// The message itself (Android composed: the composing `<string>`).
        case message
        /// Android composed: `<plurals name="<name>__<argument>">`, the text of one plural.
        case plural(String)
        /// `argument == value`: the whole message (or, Android composed, that plural's text).
        case exact(CatalogCompanion)
    }

    public var role: Role
    public var value: CatalogValue

    /// What follows the message's name or key: "", `__count`, `__count_eq0`.
    public var suffix: String {
        switch role {
        case .message: ""
        case .plural(let argument): "__" + SelectExpansion.sanitize(argument)
        case .exact(let companion): companion.suffix
        }
    }
}

/// A particle after a value only known at run time (`{piece}을(를)`): the notation stays in the
/// platform text; Speakable's Swift accessors resolve it after formatting.
public struct OpenParticle: Hashable, Sendable {
    /// The argument the particle follows (for `#`, the plural's argument).
    public var argument: String
    /// As written: `을(를)`, `(으)`.
    public var notation: String
    /// Where the argument is written in the message.
    public var range: Range<Int>
}

/// A converted message: its resources (the message first) and what is left to run time.
public struct CatalogConversion: Hashable, Sendable {
    public var resources: [CatalogResource]
    public var openParticles: [OpenParticle]

    /// The message itself.
    public var value: CatalogValue { resources[0].value }
}
