import SpeakableDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableICU

/// Where a message's UTF-8 goes while it is formatted: a stack buffer (for a `String`) or a
/// ``MessageBuffer``'s storage, moved to the heap when it fills up. Every write reserves its room
/// first, so the writes themselves are plain stores.
struct Output: ~Copyable {
    var base: UnsafeMutablePointer<UInt8>
    var count: Int
    var capacity: Int
    /// Whether `base` is heap memory this output must free when it moves (or hand back).
    var ownsBase: Bool

    /// What a fast path may write at most (integers, units, dates, short spellouts).
    static let fastCapacity = 512

    /// The stack buffer for a message whose literals and a guess per value come to `hint` bytes:
    /// room for a fast path's reservation on top, so a short message never moves to the heap.
    @inline(__always)
    static func stackSize(for hint: Int) -> Int { max(1_024, min(hint + fastCapacity + 64, 4_096)) }

    /// Room for `extra` more bytes; returns where they go (the caller adds to `count`).
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        // Counts stay far below Int.max (the output is capped at a few MiB, reservations are small).
        if count &+ extra > capacity { grow(count &+ extra) }
        return base + count
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: base, count: count)
        if ownsBase { base.deallocate() }
        base = fresh
        capacity = newCapacity
        ownsBase = true
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count n: Int) {
        let at = reserve(n)
        Self.copy(bytes, to: at, count: n)
        count &+= n
    }

    /// Copies `n` bytes, up to 16 as two words that overlap (reading and writing only those `n`
    /// bytes), longer runs with `update`.
    @inline(__always)
    static func copy(_ bytes: UnsafePointer<UInt8>, to at: UnsafeMutablePointer<UInt8>, count n: Int) {
        let source = UnsafeRawPointer(bytes)
        let target = UnsafeMutableRawPointer(at)
        if n >= 8 {
            if n > 16 {
                at.update(from: bytes, count: n)
                return
            }
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (target + (n &- 8)).storeBytes(of: (source + (n &- 8)).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else if n >= 4 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (target + (n &- 4)).storeBytes(of: (source + (n &- 4)).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else if n > 0 {
            // The first, middle and last byte cover every byte of 1 to 3.
            at[0] = bytes[0]
            at[n >> 1] = bytes[n >> 1]
            at[n &- 1] = bytes[n &- 1]
        }
    }

    /// Appends UTF-8 bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let start = bytes.baseAddress { append(start, count: bytes.count) }
    }

    /// Appends `n` bytes from a pool that has 16 readable bytes past every text (the literal
    /// pool's padding): up to 16 bytes move as two 8-byte words.
    @inline(__always)
    mutating func appendPadded(_ bytes: UnsafePointer<UInt8>, count n: Int) {
        let at = reserve(n &+ 16)
        if n <= 16 {
            let source = UnsafeRawPointer(bytes)
            let target = UnsafeMutableRawPointer(at)
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (target + 8).storeBytes(of: (source + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else {
            at.update(from: bytes, count: n)
        }
        count &+= n
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        let at = reserve(1)
        at.pointee = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ string: String) {
        let done: Bool? = string.utf8.withContiguousStorageIfAvailable { bytes in
            append(bytes)
            return true
        }
        if done == nil { appendBridged(string) }
    }

    /// A string without contiguous UTF-8 (bridged), byte by byte.
    @inline(never)
    mutating func appendBridged(_ string: String) {
        for byte in string.utf8 { append(byte: byte) }
    }

    /// ICU's UTF-16, transcoded into the output.
    @inline(__always)
    mutating func appendUTF16(_ units: UnsafeBufferPointer<UInt16>) {
        let at = reserve(units.count * 3)
        count += ICUText.writeUTF8(units, into: at)
    }

    /// The text written, as a `String`. It is valid UTF-8 by construction — literals and argument
    /// strings come from Swift strings, ICU's UTF-16 is transcoded with lone surrogates replaced,
    /// fast paths write what ICU wrote — so it is copied without being validated again (which, for
    /// text that is not ASCII, cost a scan of every scalar per message).
    @inline(__always)
    func makeString() -> String {
        UTF8Validation.string(validated: UnsafeBufferPointer(start: UnsafePointer(base), count: count))
    }

    /// Whether the `b.count` bytes at `a` equal `b`: a few word compares instead of a loop over
    /// the bytes. Reads only the bytes compared (words that overlap cover the lengths between).
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        guard let start = b.baseAddress, n > 0 else { return true }
        let x = UnsafeRawPointer(a)
        let y = UnsafeRawPointer(start)
        if n <= 3 {
            // The first, middle and last byte cover every byte of 1 to 3.
            return a[0] == start[0] && a[n >> 1] == start[n >> 1] && a[n &- 1] == start[n &- 1]
        }
        if n <= 8 {
            return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
                && (x + (n &- 4)).loadUnaligned(as: UInt32.self) == (y + (n &- 4)).loadUnaligned(as: UInt32.self)
        }
        if n <= 16 {
            return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
                && (x + (n &- 8)).loadUnaligned(as: UInt64.self) == (y + (n &- 8)).loadUnaligned(as: UInt64.self)
        }
        return memcmp(x, y, n) == 0
    }
}
