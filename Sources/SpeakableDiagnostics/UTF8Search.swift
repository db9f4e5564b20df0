#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level searches and comparisons of UTF-8 text. `String.contains(_: String)` goes through
/// the standard library's generic searcher (Unicode-aware, a few hundred nanoseconds even for a
/// short needle) and `[UInt8].elementsEqual(string.utf8)` compares element by element; on the
/// compiler's hot paths both were several percent of a compile. Matching bytes is exact here:
/// every needle used is ASCII, and UTF-8 of a valid string never hides an ASCII byte inside a
/// multi-byte sequence.
public enum UTF8Search {
    /// Whether `needle`'s UTF-8 bytes occur in `text`'s (`memchr`, `memcmp`).
    ///
    /// ```swift
    /// UTF8Search.contains("Row %arg", "%arg")   // true
    /// ```
    public static func contains(_ text: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in needle.withUTF8 { wanted in contains(haystack, wanted) } }
    }

    /// Whether the bytes `wanted` occur in `haystack` (`memchr` to each candidate first byte,
    /// `memcmp` for the rest; `memmem` is not in the Glibc module without `_GNU_SOURCE`).
    public static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let w = wanted.baseAddress, !wanted.isEmpty else { return true }
        guard haystack.count >= wanted.count, let h = haystack.baseAddress else { return false }
        let first = Int32(w.pointee)
        let last = haystack.count - wanted.count
        var start = 0
        while start <= last {
            guard let hit = memchr(h + start, first, last - start + 1) else { return false }
            let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(h)
            if memcmp(h + offset, w, wanted.count) == 0 { return true }
            start = offset + 1
        }
        return false
    }

    /// The first place of `needle` in `haystack[from..<to]` (nil when there is none, or when the
    /// needle is empty): Horspool's search, which skips ahead by the byte under the needle's last
    /// place — most skips are the needle's length, however often its first byte occurs (`<` in
    /// markup, `"` in JSON), where ``contains(_:_:)-(UnsafeBufferPointer<UInt8>,_)`` stops at
    /// each of them.
    ///
    /// ```swift
    /// Array("<a><file id=\"b\">".utf8).withUnsafeBufferPointer { text in
    ///     UTF8Search.firstIndex(of: Array("<file".utf8), in: text, from: 0, to: text.count)   // 3
    /// }
    /// ```
    public static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        let m = needle.count
        guard m > 0, from >= 0, to <= haystack.count, to - from >= m, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBufferPointer { n -> Int? in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { shift -> Int? in
                // How far the needle may move when this byte is under its last place.
                shift.initialize(repeating: m)
                for i in 0..<(m - 1) { shift[Int(n[i])] = m - 1 - i }
                let last = n[m - 1]
                var position = from
                while position <= to - m {
                    let byte = base[position + m - 1]
                    if byte == last && memcmp(base + position, n.baseAddress!, m - 1) == 0 { return position }
                    position += shift[Int(byte)]
                }
                return nil
            }
        }
    }

    /// Whether `bytes` are exactly `text`'s UTF-8 (`memcmp`).
    ///
    /// ```swift
    /// UTF8Search.equal(Array("é".utf8), "é")   // true
    /// ```
    public static func equal(_ bytes: [UInt8], _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            bytes.withUnsafeBufferPointer { b in
                guard b.count == utf8.count else { return false }
                guard let p = b.baseAddress, let q = utf8.baseAddress else { return true }
                return memcmp(p, q, b.count) == 0
            }
        }
    }
}
