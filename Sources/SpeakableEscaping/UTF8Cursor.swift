/// Where the next bytes go in memory that has room for a known number of them: writers that
/// know the size of what they write (markup and escaped text, measured first) append it to a
/// byte array in one step (``Swift/Array/appendUTF8(count:_:)``) instead of one append per piece.
///
/// Every write checks that it fits: writing past the room given is a run-time error, never a
/// write outside it.
///
/// ```swift
/// var out: [UInt8] = []
/// out.appendUTF8(count: 7) { cursor in
///     cursor.put("<b>")
///     cursor.put(UInt8(ascii: "x"))
///     cursor.put("</b")
/// }
/// String(decoding: out, as: UTF8.self)   // "<b>x</b"
/// ```
public struct UTF8Cursor {
    @usableFromInline var position: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: UnsafeMutablePointer<UInt8>

    /// A cursor at `start`, with room for `count` bytes.
    @inlinable
    public init(_ start: UnsafeMutablePointer<UInt8>, count: Int) {
        position = start
        end = start + count
    }

    /// The room left.
    @inlinable
    public var remaining: Int { position.distance(to: end) }

    /// Writes `literal`'s UTF-8.
    @inlinable @inline(__always)
    public mutating func put(_ literal: StaticString) {
        put(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Writes `bytes`.
    @inlinable @inline(__always)
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        put(start, count: bytes.count)
    }

    /// Writes one byte.
    @inlinable @inline(__always)
    public mutating func put(_ byte: UInt8) {
        precondition(position < end, "UTF8Cursor: no room left")
        position.initialize(to: byte)
        position += 1
    }

    /// Writes `count` bytes from `start`.
    @inlinable @inline(__always)
    public mutating func put(_ start: UnsafePointer<UInt8>, count: Int) {
        precondition(count >= 0 && count <= remaining, "UTF8Cursor: no room left")
        position.initialize(from: start, count: count)
        position += count
    }
}

extension Array where Element == UInt8 {
    /// Appends exactly `count` bytes, written by `write` through a ``UTF8Cursor`` with that much
    /// room: one append however many pieces `write` puts. `write` must fill the room (anything
    /// else is a run-time error).
    ///
    /// ```swift
    /// var out = Array("<a>".utf8)
    /// out.appendUTF8(count: 4) { $0.put("</a>") }
    /// String(decoding: out, as: UTF8.self)   // "<a></a>"
    /// ```
    @inlinable @inline(__always)
    public mutating func appendUTF8(count: Int, _ write: (inout UTF8Cursor) -> Void) {
        guard count > 0 else { return }
        append(addingCapacity: count) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                var cursor = UTF8Cursor(buffer.baseAddress!, count: count)
                write(&cursor)
                precondition(cursor.remaining == 0, "UTF8Cursor: room left unwritten")
                initialized = count
            }
        }
    }
}
