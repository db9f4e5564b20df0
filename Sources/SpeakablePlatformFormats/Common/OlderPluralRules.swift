public import SpeakableICU

/// Plural categories that releases still in use select although ICU 72's CLDR (42) no longer
/// has them for the language.
///
/// CLDR 42 removed Hebrew's `many` (20, 30, 40, … in CLDR 41 and before). Android 13 and older
/// (ICU 71 and before) and iOS 15 and older still select it, so a `many` item in `values-iw/`
/// or a Hebrew String Catalog plural is text those users see: it is kept when converting and is
/// not dead text.
///
/// ```swift
/// OlderPluralRules.categories(for: "iw")   // [.many]
/// OlderPluralRules.categories(for: "ko")   // []
/// ```
public enum OlderPluralRules {
    /// The cardinal categories older releases select for the language of `tag` (`he`, `iw`,
    /// `he-IL`…) beyond ICU 72's.
    public static func categories(for tag: String) -> Set<PluralCategory> {
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return language == "he" || language == "iw" ? [.many] : []
    }
}
