import Testing
@testable import SpeakableICU

/// Locale tags are judged against the languages ICU has data for; the suggestions come from ICU's
/// own likely-subtags and ISO 639-2 tables, so the expectations below are facts about ICU 72's
/// data that CLDR has kept for decades (Korea's language, Japanese's three-letter code).
@Suite struct LocaleTagsTests {
    @Test(arguments: ["en", "ko", "ja", "sr-Latn", "pt-BR", "zh-Hant", "ar-EG", "fil", "yue", "en-IN", "iw", "in", "ji", "KO", "es-419"])
    func knownTagsPass(_ tag: String) {
        #expect(LocaleTags.problem(with: tag) == nil, "\(tag): \(LocaleTags.problem(with: tag)?.message ?? "")")
    }

    @Test func aCountryCodeSuggestsItsLanguage() throws {
        let problem = try #require(LocaleTags.problem(with: "kr"))
        #expect(problem.kind == .unknownLanguage)
        #expect(problem.suggestion == "ko")
        #expect(problem.message.hasPrefix("'kr' is not a language ICU knows; did you mean 'ko' (Korean)?"), "\(problem.message)")
        #expect(LocaleTags.problem(with: "jp")?.suggestion == "ja")
        #expect(LocaleTags.problem(with: "cz")?.suggestion == "cs")
        #expect(LocaleTags.problem(with: "kr-KR")?.suggestion == "ko-KR")
    }

    @Test func threeLetterCodesSuggestTheTwoLetterOne() {
        #expect(LocaleTags.problem(with: "kor")?.suggestion == "ko")
        #expect(LocaleTags.problem(with: "jpn")?.suggestion == "ja")
    }

    @Test func theCallersCandidatesComeFirst() {
        // "ki" (Kikuyu) is a real language; "kx" is not, and is one letter from the project's "ko".
        #expect(LocaleTags.problem(with: "kx", candidates: ["en", "ko"])?.suggestion == "ko")
        #expect(LocaleTags.problem(with: "kx")?.suggestion == nil)
        #expect(LocaleTags.problem(with: "kx")?.message.contains("use a language code") == true)
    }

    @Test func malformedTags() throws {
        let underscore = try #require(LocaleTags.problem(with: "pt_BR"))
        #expect(underscore.kind == .malformed)
        #expect(underscore.suggestion == "pt-BR")
        for tag in ["", "12", "-", "x-private", "und", "en--US"] {
            #expect(LocaleTags.problem(with: tag) != nil, "\(tag)")
        }
    }

    @Test func kanuriIsISOButNotInICU() {
        // "kr" is ISO 639-1 Kanuri, but ICU 72 has no data for it: formatting would use root rules.
        #expect(!LocaleTags.knownLanguages.contains("kr"))
        #expect(LocaleTags.knownLanguages.contains("ko"))
        #expect(LocaleTags.knownLanguages.count > 150)
    }

    @Test func editDistance() {
        #expect(LocaleTags.editDistance("kr", "ko") == 1)
        #expect(LocaleTags.editDistance("", "ko") == 2)
        #expect(LocaleTags.editDistance("kitten", "sitting") == 3)
    }
}
