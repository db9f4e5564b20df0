import Testing
import SpeakableICU

/// Formatter caches are bounded: ever new skeletons (a fuzzer's) cannot grow them without end.
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
