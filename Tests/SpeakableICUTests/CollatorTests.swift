import SpeakableICU
import Testing

@Suite struct CollatorTests {
    @Test func secondaryStrengthIgnoresCaseButNotAccents() throws {
        let order = try Collator(locale: .root, strength: .secondary, numeric: false)
        #expect(order.sortKey("abc") == order.sortKey("ABC"))
        #expect(order.sortKey("abc") != order.sortKey("ábc"))
        #expect(order.areInIncreasingOrder("abc", "ábc"))
    }

    @Test func numericOrderComparesDigitRunsAsNumbers() throws {
        let numeric = try Collator(locale: .root, strength: .tertiary, numeric: true)
        let plain = try Collator(locale: .root, strength: .tertiary, numeric: false)
        #expect(numeric.areInIncreasingOrder("item2", "item10"))
        #expect(plain.areInIncreasingOrder("item10", "item2"))
    }

    @Test func emptyStringsSortFirst() throws {
        let order = try Collator(locale: .root)
        #expect(order.areInIncreasingOrder("", "a"))
    }
}
