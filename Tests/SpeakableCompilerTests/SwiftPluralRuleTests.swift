@testable import SpeakableCompiler
import SpeakableICU
import Testing

/// The source language's plural rule that generated accessors carry (for the fallback text when
/// no catalog is bundled) must pick what ICU picks.
@Suite struct SwiftPluralRuleTests {
    static let locales = ["en", "fr", "es", "pt", "ru", "uk", "pl", "cs", "ar", "he", "cy", "ga", "lt", "lv", "sl", "mt", "ko", "ja",
                          "de", "it", "ro", "br", "gv", "is", "mk", "si"]

    /// Every shape is checked against ICU inside `shape(for:)`; this checks that the languages
    /// people write source text in all get one, and re-checks a sample independently.
    @Test(arguments: locales)
    func theRuleReproducesICU(tag: String) throws {
        let locale = try ICULocale(tag)
        let rules = try PluralRules.cached(for: locale, kind: .cardinal)
        let shape = try #require(SwiftPluralRule.shape(for: locale), "no rule for \(tag)")
        for n in Array(Int64(0)...2_000) + [10_000, 100_000, 1_000_000, 2_000_000, 1_000_001, 123_456_789, 1_000_000_000_000] {
            #expect(SwiftPluralRule.evaluate(shape, UInt64(n)) == rules.category(forInteger: n), "\(tag) \(n)")
        }
    }

    /// Cornish counts with rules on n % 100000 and n % 1000000: no small shape fits, and the
    /// accessors say `other` rather than something ICU would not.
    @Test func aRuleThatDoesNotFitIsNotGuessed() throws {
        #expect(SwiftPluralRule.shape(for: try ICULocale("kw")) == nil)
    }

    @Test func englishIsSmall() throws {
        let source = try #require(SwiftPluralRule.source(for: .english))
        #expect(source.contains("case 1: return \"one\""))
        #expect(source.split(separator: "\n").count < 12)
    }
}


