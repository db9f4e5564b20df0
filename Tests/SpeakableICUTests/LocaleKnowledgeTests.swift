import SpeakableICU
import Testing

/// What ICU 72 knows about languages and scripts (the checker's `unknown-locale` and
/// script-aware `untranslated` rely on it).
@Suite struct LocaleKnowledgeTests {
    @Test func languagesWithAndWithoutData() throws {
        for tag in ["en", "ko", "ar", "he", "ru", "sr-Latn", "pt-BR", "zh-Hant", "fil", "iw"] {
            #expect(try ICULocale(tag).hasLanguageData, "\(tag)")
        }
        // kr is ISO 639-1 Kanuri: ICU has its name but no locale data, so it is no locale to ship.
        let kanuri = try ICULocale("kr")
        #expect(!kanuri.hasLanguageData)
        #expect(kanuri.languageName == "Kanuri")
        #expect(try ICULocale("xx").languageName == nil)
        #expect(try !ICULocale("xx").hasLanguageData)
        #expect(try ICULocale("ko").languageName == "Korean")
    }

    @Test func scriptsOfLocales() throws {
        #expect(try ICULocale("ko").scripts == ["Hang", "Hani"])
        #expect(try ICULocale("ja").scripts == ["Hani", "Hira", "Kana"])
        #expect(try ICULocale("en").scripts == ["Latn"])
        #expect(try ICULocale("ru").scripts == ["Cyrl"])
        #expect(try ICULocale("sr-Latn").scripts == ["Latn"])
        #expect(try ICULocale("he").scripts == ["Hebr"])
        #expect(try ICULocale("ar").scripts == ["Arab"])
    }

    @Test func scriptsOfText() {
        #expect(UnicodeScript.of("가") == "Hang")
        #expect(UnicodeScript.of("A") == "Latn")
        #expect(UnicodeScript.of("1") == "Zyyy")
        #expect(UnicodeScript.of("ש") == "Hebr")
        #expect(UnicodeScript.letterCounts("Share 공유 1") == ["Latn": 5, "Hang": 2])
    }
}
