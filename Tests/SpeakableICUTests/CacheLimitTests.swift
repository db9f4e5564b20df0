import Testing
import SpeakableICU

/// Issue 13: formatter caches are bounded (fuzzing grew one to 1.5 GB with ever new skeletons).
@Suite struct CacheLimitTests {
    @Test func aCacheAtTheLimitKeepsEverythingAndOnePastStartsOver() {
        let cache = FormatterCache<Int, Int>()
        let limit = FormatterCache<Int, Int>.maximumEntries
        #expect(limit == 4096)
        for key in 0..<limit { #expect(cache.value(for: key) { key * 2 } == key * 2) }
        #expect(cache.count == limit)
        #expect(cache.value(for: 7) { -1 } == 14, "a cached value is reused")
        #expect(cache.value(for: limit) { limit * 2 } == limit * 2)
        #expect(cache.count == 1)
    }
}
