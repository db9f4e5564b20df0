/// An argument as a platform format string passes it.
public struct CatalogArgument: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `Int`: `%lld` / `%d`.
        case integer
        /// `Double`: always passed as ICU's text (``Slot/numberText(_:)``): no printf conversion
        /// prints a fraction as ICU does (`%g` writes "1.23457E+06").
        case double
        /// `String`: `%@` / `%s`.
        case text
        /// `Date`, passed already formatted as text: `%@` / `%s`.
        case date
    }

    /// What a position of the format receives.
    public enum Slot: Hashable, Sendable {
        /// The argument's value.
        case value
        /// Apple: the integer as text, formatted by the caller without grouping (and padded):
        /// CFString groups every localized `%d`, so `::group-off` cannot be a `%lld`.
        case integerText(IntegerPresentation)
        /// Android, a message composed from several `<plurals>`: the text of this argument's
        /// `<plurals>` (`getQuantityString`), put in place by the composing `<string>`.
        case pluralText
        /// Both platforms: the number as ICU formats `{name, number,<style>}` (`style` as written
        /// after `number,`, "" for `{name}` and `{name, number}`), passed as text (`%@`, `%1$s`):
        /// a `Double`, or a number style no printf conversion prints as ICU does (`percent`,
        /// `::currency/EUR`, `::.00`…). See ``PlatformConversion/numberTexts(in:kinds:)``.
        case numberText(String)
    }

    public var name: String
    public var kind: Kind
    /// A specifier recorded when the message was imported (`%ld`, `%.2f`), used instead of the
    /// one `kind` implies so that an imported catalog is written back as it was.
    public var recordedSpecifier: String?
    /// String Catalogs: the name an imported catalog gave the substitution on this argument
    /// (`total.strings`), kept instead of the argument's name.
    public var recordedSubstitution: String?
    public var slot: Slot

    public init(name: String, kind: Kind, recordedSpecifier: String? = nil, recordedSubstitution: String? = nil, slot: Slot = .value) {
        self.name = name
        self.kind = kind
        self.recordedSpecifier = recordedSpecifier
        self.recordedSubstitution = recordedSubstitution
        self.slot = slot
    }
}
