/// The platform a catalog string is written for.
public enum CatalogPlatform: String, Hashable, Sendable {
    /// String Catalogs: CFString format specifiers (`%@`, `%lld`), plural variations, substitutions.
    case apple
    /// Android resources: `java.util.Formatter` specifiers (`%1$s`, `%1$d`), `<plurals>`.
    case android
}
