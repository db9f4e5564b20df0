@_implementationOnly import CICU  // not `internal import`: see Package.swift, "import Speakable next to Foundation"

/// Unicode properties as ICU reports them (used by tests to check the parser's own tables).
public enum UnicodeProperties {
    /// Whether ICU gives `scalar` the Pattern_Syntax property.
    public static func isPatternSyntax(_ scalar: Unicode.Scalar) -> Bool {
        cicu_u_hasBinaryProperty(UChar32(scalar.value), UCHAR_PATTERN_SYNTAX) != 0
    }

    /// Whether ICU gives `scalar` the Pattern_White_Space property.
    public static func isPatternWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        cicu_u_hasBinaryProperty(UChar32(scalar.value), UCHAR_PATTERN_WHITE_SPACE) != 0
    }
}
