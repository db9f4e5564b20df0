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
        // An ASCII language subtag at the start (every tag a compile sees) is read from the bytes.
        var bytes = tag.utf8.makeIterator()
        var language: (UInt8, UInt8, UInt8) = (0, 0, 0)
        var count = 0
        while let b = bytes.next(), b != 0x2D, b != 0x5F {
            guard b < 0x80 else { count = -1; break }
            let lower = b | (b >= 0x41 && b <= 0x5A ? 0x20 : 0)
            if count == 0 { language.0 = lower } else if count == 1 { language.1 = lower } else { language.2 = lower }
            count += 1
        }
        if count > 0 {
            let hebrew = count == 2 && ((language.0 == 0x68 && language.1 == 0x65) || (language.0 == 0x69 && language.1 == 0x77))
            return hebrew ? [.many] : []
        }
        return splitCategories(for: tag)
    }

    static func splitCategories(for tag: String) -> Set<PluralCategory> {
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return language == "he" || language == "iw" ? [.many] : []
    }
}
