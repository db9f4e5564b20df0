/// Well-formed UTF-8, checked by a plain loop (the generic validating `String` initializer is
/// several times slower on the readers' hot paths), shared by the JSON and XML readers.
public enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (a stray
    /// continuation byte, a truncated sequence, an overlong form, a surrogate, a value past
    /// U+10FFFF), or `nil` when every byte is well formed.
    ///
    /// ```swift
    /// [0x41, 0xC3, 0xA9].withUnsafeBufferPointer { UTF8Validation.firstInvalid($0) }   // nil
    /// [0x41, 0xC0, 0x80].withUnsafeBufferPointer { UTF8Validation.firstInvalid($0) }   // 1 (overlong)
    /// ```
    public static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        firstRefused(bytes, words: { _ in false }, scalars: { _ in false })
    }

    /// ``firstInvalid(_:)`` that also stops at a scalar `scalars` refuses (given its value: an
    /// ASCII byte, or a decoded sequence), in the same pass. Eight ASCII bytes at a time are
    /// first shown to `words`: false lets all eight through, true reads them one by one. What a
    /// reader with rules of its own (XML's allowed characters) checks with the UTF-8.
    ///
    /// ```swift
    /// // XML 1.0 refuses C0 controls but tab, line feed and carriage return.
    /// UTF8Validation.firstRefused(bytes, words: { _ in true }, scalars: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) })
    /// ```
    @inlinable @inline(__always)
    public static func firstRefused(_ bytes: UnsafeBufferPointer<UInt8>, words refusesWord: (UInt64) -> Bool,
                                    scalars refuses: (UInt32) -> Bool) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            // Eight ASCII bytes at a time (most text).
            while i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                guard word & 0x8080_8080_8080_8080 == 0, !refusesWord(word) else { break }
                i += 8
            }
            guard i < n else { break }
            let b = bytes[i]
            if b < 0x80 {
                if refuses(UInt32(b)) { return i }
                i += 1
                continue
            }
            if b & 0xE0 == 0xC0 {
                // C0 and C1 start only overlong forms.
                guard b >= 0xC2, i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return i }
                if refuses(UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)) { return i }
                i += 2
                continue
            }
            if b & 0xF0 == 0xE0 {
                guard i + 2 < n else { return i }
                let c1 = bytes[i + 1], c2 = bytes[i + 2]
                guard c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80 else { return i }
                let value = UInt32(b & 0x0F) << 12 | UInt32(c1 & 0x3F) << 6 | UInt32(c2 & 0x3F)
                // Not overlong, not a surrogate.
                guard value >= 0x800, value < 0xD800 || value > 0xDFFF, !refuses(value) else { return i }
                i += 3
                continue
            }
            guard b & 0xF8 == 0xF0, i + 3 < n else { return i }
            var value = UInt32(b & 0x07)
            for k in 1..<4 {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(c & 0x3F)
            }
            guard value >= 0x10000, value <= 0x10FFFF, !refuses(value) else { return i }
            i += 4
        }
        return nil
    }

    /// A `String` of `bytes`, which must be well-formed UTF-8 — bytes this module validated
    /// already (``firstInvalid(_:)`` found nothing in the buffer they are a slice of, cut at
    /// character boundaries), or made of such text — built without validating them again (the
    /// standard library's `String(decoding:as:)` validates and repairs every byte).
    ///
    /// ```swift
    /// let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xC3, 0xA9]
    /// bytes.withUnsafeBufferPointer(UTF8Validation.string(validated:))   // "café"
    /// ```
    @inlinable
    public static func string(validated bytes: UnsafeBufferPointer<UInt8>) -> String {
        // ASCII text is marked as such: the string then hashes and compares by its bytes (text
        // not known to be ASCII is checked for normalization at every hash and comparison).
        bytes.isEmpty ? "" : String(copying: unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII(bytes)))
    }

    /// Whether every byte of `bytes` is ASCII (below 0x80), read eight bytes at a time (the last
    /// word overlapping the one before).
    ///
    /// ```swift
    /// Array("café".utf8).withUnsafeBufferPointer(UTF8Validation.isASCII)   // false
    /// ```
    @inlinable
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(start)
        let n = bytes.count
        if n >= 8 {
            // Text that is not ASCII (Korean) usually says so in its first word: stop there.
            if (raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            var high: UInt64 = 0
            var i = 8
            while i + 8 <= n {
                high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
        if n >= 4 {
            let high = raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            return high & 0x8080_8080 == 0
        }
        var high: UInt8 = 0
        for k in 0..<n { high |= start[k] }
        return high < 0x80
    }

    /// ``string(validated:)`` of a whole array.
    public static func string(validated bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { string(validated: $0) }
    }
}
