/// Why a message cannot be written into a platform catalog, with where in the message.
public struct CatalogConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `catalog-selectordinal`, `catalog-offset`, `catalog-choice`, `catalog-number-style`,
    /// `catalog-rule-based-number`, `catalog-exact-match`, `catalog-nested-plural`,
    /// `catalog-several-plurals`, `catalog-fractional-plural`, `catalog-select-left`, `catalog-unknown-argument`,
    /// `import-missing-other`, `import-invalid-message`.
    public var id: String
    public var message: String
    /// UTF-16 offsets in the message source, when the problem has a place.
    public var range: Range<Int>?
    public var hint: String?

    public init(id: String, message: String, range: Range<Int>? = nil, hint: String? = nil) {
        self.id = id
        self.message = message
        self.range = range
        self.hint = hint
    }

    public var description: String { message + " [\(id)]" }
}
