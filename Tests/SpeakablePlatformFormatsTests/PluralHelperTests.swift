import SpeakableICU
import SpeakableMessages
import Testing
@testable import SpeakablePlatformFormats

/// The plural helpers that spare copies agree with their general definitions.
@Suite struct PluralHelperTests {
    @Test func thePluralHelpersAgreeWithTheirDefinitions() throws {
        #expect(PlatformConversion.categoryOrder == PluralCategory.allCases)
        let locales = try ["en", "ar", "ja", "he", "ru"].map { try ICULocale($0) }
        for source in ["{n, plural, other {#}}", "{n, plural, one {#} few {#} other {x}}", "{n, plural, =0 {none} other {#}}",
                       "{n, plural, =0 {x} other {y} one {z}}", "{n, plural, other {a} other {b}}", "{n, selectordinal, one {#st} other {#th}}"] {
            guard case .argument(let node) = try MessagePattern(source).body.parts[0], case .plural(let parsed) = node.kind else {
                Issue.record("\(source) is not a plural")
                continue
            }
            // The plural as written, and without its `other` case (which the parser requires).
            var withoutOther = parsed
            withoutOther.cases.removeAll { if case .keyword("other") = $0.selector { true } else { false } }
            for plural in [parsed, withoutOther] {
                #expect(PlatformConversion.hasOtherCase(plural) == (plural.otherCase != nil), "\(source)")
                for locale in locales {
                    let general = Result { () throws(CatalogConversionError) in try PlatformConversion.pluralRules(node, plural, locale: locale).0 }
                    let checked = Result { () throws(CatalogConversionError) in try PlatformConversion.checkedPluralRules(node, plural, locale: locale) }
                    switch (general, checked) {
                    case (.success(let a), .success(let b)): #expect(a.categories == b.categories, "\(source) in \(locale.identifier)")
                    case (.failure(let a), .failure(let b)): #expect(a == b, "\(source) in \(locale.identifier)")
                    default: Issue.record("\(source) in \(locale.identifier): \(general) but \(checked)")
                    }
                }
            }
        }
    }
}
