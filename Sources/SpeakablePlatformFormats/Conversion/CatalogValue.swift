/// What a message becomes in a platform catalog.
public enum CatalogValue: Hashable, Sendable {
    /// One string (`stringUnit`, `<string>`).
    case text(String)
    /// The whole message varies by one number (`variations.plural`, `<plurals>`), forms in CLDR
    /// order (`zero` … `other`).
    case plural([CatalogPluralForm])
    /// String Catalogs only: a format with `%#@name@` and one plural per substitution.
    case substitutions(format: String, [CatalogSubstitution])
}

public struct CatalogPluralForm: Hashable, Sendable {
    /// `zero`, `one`, `two`, `few`, `many`, `other`.
    public var category: String
    public var text: String

    public init(category: String, text: String) {
        self.category = category
        self.text = text
    }
}

public struct CatalogSubstitution: Hashable, Sendable {
    public var name: String
    public var argumentNumber: Int
    /// Whether `argNum` is written (an imported substitution without one, which takes the
    /// argument at its place in the format, is written back without it).
    public var writesArgumentNumber: Bool
    public var formatSpecifier: String
    public var forms: [CatalogPluralForm]

    public init(name: String, argumentNumber: Int, writesArgumentNumber: Bool = true, formatSpecifier: String, forms: [CatalogPluralForm]) {
        self.name = name
        self.argumentNumber = argumentNumber
        self.writesArgumentNumber = writesArgumentNumber
        self.formatSpecifier = formatSpecifier
        self.forms = forms
    }
}

/// How an imported String Catalog localization wrote a substitution: its name and whether it had
/// an `argNum`, by the argument it takes. Given to a conversion, the localization is written with
/// substitutions as it was (not as plural variations), under these names.
public struct KeptSubstitution: Hashable, Sendable {
    public var name: String
    public var hasArgumentNumber: Bool

    public init(name: String, hasArgumentNumber: Bool) {
        self.name = name
        self.hasArgumentNumber = hasArgumentNumber
    }
}
