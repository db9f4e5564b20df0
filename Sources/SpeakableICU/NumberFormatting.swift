internal import CICU

/// What Speakable's message formatter needs from a number format: a way to write a number's
/// UTF-8 without calling ICU when that is exact, and ICU's result otherwise.
public protocol NumberFormatting: AnyObject, Sendable {
    /// Writes `value` as UTF-8 into `buffer` (at least 128 bytes) when this format has a fast path
    /// for it, returning the byte count; nil when ICU must be asked.
    func writeFastPath(_ value: ICUNumber, into buffer: UnsafeMutableRawBufferPointer) -> Int?

    /// The formatted value as UTF-8 — ICU's own output.
    func formatUTF8(_ value: ICUNumber) throws(ICUError) -> [UInt8]
}

extension NumberFormatting {
    /// The formatted value, taking the fast path when there is one.
    public func formatted(_ value: ICUNumber) throws(ICUError) -> String {
        let fast = withUnsafeTemporaryAllocation(byteCount: 512, alignment: 8) { raw -> String? in
            writeFastPath(value, into: raw).map { String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<$0]), as: UTF8.self) }
        }
        if let fast { return fast }
        return String(decoding: try formatUTF8(value), as: UTF8.self)
    }
}

/// UTF-16 from ICU to UTF-8.
public enum ICUText {
    /// Transcodes `units` into `out`, which has room for `3 × units.count` bytes, and returns the
    /// byte count. Unpaired surrogates (which ICU never produces here) become U+FFFD.
    @inline(__always)
    public static func writeUTF8(_ units: UnsafeBufferPointer<UInt16>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var at = 0
        var i = 0
        let n = units.count
        while i < n {
            let u = UInt32(units[i])
            i += 1
            if u < 0x80 {
                out[at] = UInt8(u)
                at += 1
            } else if u < 0x800 {
                out[at] = UInt8(0xC0 | (u >> 6))
                out[at + 1] = UInt8(0x80 | (u & 0x3F))
                at += 2
            } else if u >= 0xD800 && u < 0xDC00, i < n, units[i] >= 0xDC00, units[i] < 0xE000 {
                let scalar = 0x10000 + ((u - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                i += 1
                out[at] = UInt8(0xF0 | (scalar >> 18))
                out[at + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                out[at + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                out[at + 3] = UInt8(0x80 | (scalar & 0x3F))
                at += 4
            } else {
                let scalar = (u >= 0xD800 && u < 0xE000) ? 0xFFFD : u
                out[at] = UInt8(0xE0 | (scalar >> 12))
                out[at + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                out[at + 2] = UInt8(0x80 | (scalar & 0x3F))
                at += 3
            }
        }
        return at
    }
}

extension ICUText {
    /// `units` as a String, exactly as `String(decoding: units, as: UTF16.self)` makes it (an
    /// unpaired surrogate is U+FFFD), transcoded in one pass into the String's own storage.
    public static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        if units.isEmpty { return "" }
        return String(unsafeUninitializedCapacity: units.count * 3) { buffer in writeUTF8(units, into: buffer.baseAddress!) }
    }
}

/// UTF-16 to UTF-8 as an array.
@inline(__always)
func transcodeToUTF8(_ units: UnsafeBufferPointer<UInt16>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: units.count * 3 + 1) { buffer, count in
        count = ICUText.writeUTF8(units, into: buffer.baseAddress!)
    }
}
