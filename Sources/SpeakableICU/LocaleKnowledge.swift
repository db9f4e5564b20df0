internal import CICU

/// What ICU knows about a locale's language and script: whether it has data for it, its name,
/// the scripts it is written in — so that a tool can tell a real locale from a typo (`kr` for
/// `ko`) and text in one language from text in another.
///
/// ```swift
/// try ICULocale("ko").hasLanguageData     // true
/// try ICULocale("kr").hasLanguageData     // false: Kanuri has a name in ICU, but no locale data
/// try ICULocale("kr").languageName        // "Kanuri"
/// try ICULocale("xx").languageName        // nil
/// try ICULocale("ko").scripts             // ["Hang", "Hani"]
/// try ICULocale("sr-Latn").scripts        // ["Latn"]
/// ```
extension ICULocale {
    /// The language subtags ICU has locale data for (`uloc_getAvailable`).
    static let languagesWithData: Set<String> = {
        var result = Set<String>()
        for i in 0..<cicu_uloc_countAvailable() {
            guard let id = cicu_uloc_getAvailable(i) else { continue }
            let text = String(cString: id)
            result.insert(String(text.prefix { $0 != "_" }))
        }
        return result
    }()

    /// Whether ICU has locale data for this language: plural rules, number formats, names. A
    /// language without data falls back to the root locale for all of them.
    /// Java's and Android's withdrawn codes (`iw`, `in`, `ji`) count as the languages they name.
    public var hasLanguageData: Bool {
        Self.languagesWithData.contains(Self.legacyLanguages[language] ?? language)
    }

    /// Withdrawn codes Java, Android and older data still use, with the language each names
    /// (shared with ``LocaleTags``).
    static let legacyLanguages = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro", "tl": "fil", "sh": "sr"]

    /// The language's English name, or nil when ICU knows no language by this code.
    public var languageName: String? {
        guard !language.isEmpty else { return nil }
        let name = try? withUTF16Result("uloc_getDisplayLanguage") { buffer, capacity, status in
            cicu_uloc_getDisplayLanguage(identifier, "en", buffer, capacity, &status)
        }
        guard let name, !name.isEmpty, name != language else { return nil }
        return name
    }

    /// Whether the language is one ICU can name or place — an English name (`co` Corsican, `enm`
    /// Middle English) or likely subtags (`mnw` is written in Myanmar script in Myanmar) — even
    /// without locale data for it: a real language, not a typo.
    public var isKnownLanguage: Bool {
        if languageName != nil { return true }
        guard !language.isEmpty else { return false }
        let maximized = (try? withCharResult("uloc_addLikelySubtags") { buffer, capacity, status in
            cicu_uloc_addLikelySubtags(language, buffer, capacity, &status)
        }) ?? language
        return maximized != language
    }

    /// Every language ICU has locale data for, by code (`ko`, `en`, `sr`…), sorted.
    public static var languagesWithLocaleData: [String] { languagesWithData.sorted() }

    /// The scripts the locale is usually written in, as ISO 15924 short names: the locale's
    /// script (or the likely one for its language), expanded as ICU does (`Kore` → Hangul and
    /// Han, `Jpan` → Han, Hiragana, Katakana).
    public var scripts: [String] {
        var script = (try? withCharResult("uloc_getScript") { buffer, capacity, status in
            cicu_uloc_getScript(identifier, buffer, capacity, &status)
        }) ?? ""
        if script.isEmpty {
            let maximized = (try? withCharResult("uloc_addLikelySubtags") { buffer, capacity, status in
                cicu_uloc_addLikelySubtags(identifier, buffer, capacity, &status)
            }) ?? identifier
            script = (try? withCharResult("uloc_getScript") { buffer, capacity, status in
                cicu_uloc_getScript(maximized, buffer, capacity, &status)
            }) ?? ""
        }
        guard !script.isEmpty else { return [] }
        switch script {
        case "Kore": return ["Hang", "Hani"]
        case "Jpan": return ["Hani", "Hira", "Kana"]
        case "Hans", "Hant": return ["Hani", "Bopo"]
        default: return [script]
        }
    }
}

/// The Unicode script of characters (ICU's `uscript_getScript`).
///
/// ```swift
/// UnicodeScript.of("가")   // "Hang"
/// UnicodeScript.of("A")    // "Latn"
/// UnicodeScript.of("1")    // "Zyyy" (Common: digits, punctuation)
/// ```
public enum UnicodeScript {
    /// The ISO 15924 short name of the scalar's script (`Zyyy` for common characters, `Zinh` for
    /// inherited ones such as combining marks).
    public static func of(_ scalar: Unicode.Scalar) -> String {
        var status = CICU_U_ZERO_ERROR
        let code = cicu_uscript_getScript(Int32(scalar.value), &status)
        guard !ICUStatus.isFailure(status), let name = cicu_uscript_getShortName(code) else { return "Zzzz" }
        return String(cString: name)
    }

    /// Letters of `text` counted by script (common and inherited characters left out).
    public static func letterCounts(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            // ASCII letters are Latin: no need to ask ICU for the most common case.
            let script = scalar.isASCII ? "Latn" : of(scalar)
            if script == "Zyyy" || script == "Zinh" { continue }
            counts[script, default: 0] += 1
        }
        return counts
    }
}
