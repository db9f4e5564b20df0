internal import CICU

/// Unicode properties as ICU reports them (used by tests to check the parser's own tables, and
/// by the checker where a character's place in a script's spelling matters).
///
/// ```swift
/// UnicodeProperties.isExtendedPictographic("💻")        // true
/// UnicodeProperties.hasIndicSyllabicCategory("ന")      // true (a Malayalam consonant)
/// UnicodeProperties.isCursiveJoining("ی")              // true (Arabic script, dual-joining)
/// UnicodeProperties.isCursiveJoining("a")              // false
/// ```
public enum UnicodeProperties {
    /// Whether ICU gives `scalar` the Extended_Pictographic property (what emoji ZWJ sequences
    /// join: 👩 ZWJ 💻).
    public static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool {
        cicu_u_hasBinaryProperty(Int32(scalar.value), CICU_UCHAR_EXTENDED_PICTOGRAPHIC) != 0
    }

    /// Whether `scalar` has an Indic_Syllabic_Category other than `Other`: a letter, vowel sign,
    /// virama or other part of the syllables of a Brahmic script (Devanagari, Malayalam, Sinhala…),
    /// where zero-width joiners and non-joiners choose between conjunct and separate forms.
    public static func hasIndicSyllabicCategory(_ scalar: Unicode.Scalar) -> Bool {
        cicu_u_getIntPropertyValue(Int32(scalar.value), CICU_UCHAR_INDIC_SYLLABIC_CATEGORY) != CICU_U_INSC_OTHER
    }

    /// Whether `scalar` joins cursively to its neighbours (Joining_Type dual, left, right or
    /// join-causing: Arabic, Syriac, N'Ko, Mongolian…), where a zero-width non-joiner keeps two
    /// letters of a word apart (Persian "می‌شود").
    public static func isCursiveJoining(_ scalar: Unicode.Scalar) -> Bool {
        switch cicu_u_getIntPropertyValue(Int32(scalar.value), CICU_UCHAR_JOINING_TYPE) {
        case CICU_U_JT_DUAL_JOINING, CICU_U_JT_LEFT_JOINING, CICU_U_JT_RIGHT_JOINING,
             CICU_U_JT_JOIN_CAUSING: true
        default: false
        }
    }

    /// Whether ICU gives `scalar` the Pattern_Syntax property.
    public static func isPatternSyntax(_ scalar: Unicode.Scalar) -> Bool {
        cicu_u_hasBinaryProperty(Int32(scalar.value), CICU_UCHAR_PATTERN_SYNTAX) != 0
    }

    /// Whether ICU gives `scalar` the Pattern_White_Space property.
    public static func isPatternWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        cicu_u_hasBinaryProperty(Int32(scalar.value), CICU_UCHAR_PATTERN_WHITE_SPACE) != 0
    }
}
