import Testing
@testable import SpeakableICU

/// `PluralCategory(keyword:)` tells keywords apart by length and first byte, then compares: it
/// must name exactly what `PluralCategory(rawValue:)` names, near misses included.
@Suite struct PluralCategoryKeywordTests {
    @Test func keywordsNameWhatRawValuesName() {
        var words = PluralCategory.allCases.map(\.rawValue)
        words += ["", "o", "on", "ones", "onE", "ona", "oth", "othe", "otheR", "others", "Other", "zer0", "zeros", "mony", "manY", "fow",
                  "twp", "tw", "one\u{0}", "\u{0}one", "óne", "x", "few ", " few", "fewer", "zero\u{301}", "ｏｎｅ"]
        for word in words {
            #expect(PluralCategory(keyword: word) == PluralCategory(rawValue: word), "\(word.debugDescription)")
        }
        // Every string of the keywords' lengths over their letters: the same answer.
        let letters = Array("zeotwfmanyhr")
        var mismatches: [String] = []
        for length in 3...5 {
            var index = Array(repeating: 0, count: length)
            while true {
                let word = String(index.map { letters[$0] })
                if PluralCategory(keyword: word) != PluralCategory(rawValue: word) { mismatches.append(word) }
                var k = length - 1
                while k >= 0 && index[k] == letters.count - 1 { index[k] = 0; k -= 1 }
                if k < 0 { break }
                index[k] += 1
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
