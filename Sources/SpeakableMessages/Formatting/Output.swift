import SpeakableDiagnostics
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
        if count + extra > capacity { grow(count + extra) }
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
        if n <= 16 {
            for k in 0..<n { at[k] = bytes[k] }
        } else {
            at.update(from: bytes, count: n)
        }
        count += n
    }

    /// Appends `n` bytes from a pool that has 16 readable bytes past every text (the literal
    /// pool's padding): up to 16 bytes move as two 8-byte words.
    @inline(__always)
    mutating func appendPadded(_ bytes: UnsafePointer<UInt8>, count n: Int) {
        let at = reserve(n + 16)
        if n <= 16 {
            let source = UnsafeRawPointer(bytes)
            let target = UnsafeMutableRawPointer(at)
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (target + 8).storeBytes(of: (source + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else {
            at.update(from: bytes, count: n)
        }
        count += n
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
            if let start = bytes.baseAddress { append(start, count: bytes.count) }
            return true
        }
        if done == nil {
            for byte in string.utf8 { append(byte: byte) }
        }
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

    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 0..<b.count where a[k] != b[k] { return false }
        return true
    }
}
