/// FNV-1a, 64 bits (Fowler–Noll–Vo): the one hash of finding fingerprints, cache and file names,
/// and the readers' hash tables of keys and names. Not for security: it is fast and stable, the
/// same bytes give the same value on every run and machine, so values written to disk (baseline
/// fingerprints) stay valid.
///
/// ```swift
/// var hash = FNV1a()
/// hash.combine("foobar")
/// hash.value                        // 0x85944171f73967e8
///
/// var fields = FNV1a()
/// for field in ["rule", "key"] {
///     fields.combine(field)
///     fields.combine(byte: 0x1F)    // a separator, so "ab" + "c" and "a" + "bc" differ
/// }
/// ```
public struct FNV1a: Sendable {
    @usableFromInline
    var state: UInt64

    /// The FNV-1a 64 offset basis.
    @inlinable
    public static var offsetBasis: UInt64 { 0xCBF2_9CE4_8422_2325 }

    /// The FNV 64 prime.
    @inlinable
    public static var prime: UInt64 { 0x0000_0100_0000_01B3 }

    /// A hash of no bytes (the offset basis).
    @inlinable
    public init() { state = Self.offsetBasis }

    /// The hash of the bytes combined so far.
    ///
    /// ```swift
    /// FNV1a().value   // 0xcbf29ce484222325
    /// ```
    @inlinable
    public var value: UInt64 { state }

    /// ``value``'s two halves folded into 32 bits (high XOR low).
    ///
    /// ```swift
    /// var hash = FNV1a()
    /// hash.combine("a")
    /// hash.folded32   // 0x296230c0 (0xaf63dc4c ^ 0x8601ec8c)
    /// ```
    @inlinable
    public var folded32: UInt32 { UInt32(truncatingIfNeeded: state ^ (state >> 32)) }

    /// ``value`` with its high bits mixed into its low ones (`value ^ value >> 29`), for a hash
    /// table of a power-of-two size that takes the low bits as the slot.
    @inlinable
    public var tableHash: Int { Int(truncatingIfNeeded: state ^ (state >> 29)) }

    /// Adds one byte.
    @inlinable
    public mutating func combine(byte: UInt8) {
        state = (state ^ UInt64(byte)) &* Self.prime
    }

    /// Adds `bytes` in order (a reader's buffer, or a range of it through
    /// `UnsafeBufferPointer(rebasing:)`).
    @inlinable
    public mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        var h = state
        for byte in bytes { h = (h ^ UInt64(byte)) &* Self.prime }
        state = h
    }

    /// Adds `text`'s UTF-8 bytes in order.
    @inlinable
    public mutating func combine(_ text: String) {
        // Through the contiguous UTF-8 (a native string's own storage): a byte loop without
        // the view's per-byte checks.
        var text = text
        text.withUTF8 { combine(bytes: $0) }
    }
}
