/// A reusable UTF-8 buffer that messages format into, so that formatting allocates nothing once
/// the buffer has grown to the size of the longest message: the caller makes a `String` (or
/// hands the bytes on) only at the edge.
///
/// ```swift
/// let label = try CompiledMessage("Row {row}, column {column}", locale: .english)
/// var buffer = MessageBuffer()
/// for row in 1...9 {
///     buffer.removeAll()
///     try label.format(slots: [.int(row), .int(5)], into: &buffer)
///     buffer.withUTF8 { bytes in /* hand the UTF-8 on */ }
/// }
/// buffer.makeString()   // "Row 9, column 5"
/// ```
///
/// Formatting appends; a format that fails leaves the buffer as it was.
public struct MessageBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// The number of bytes written.
    public private(set) var count: Int

    /// An empty buffer with room for `capacity` bytes (it grows as needed).
    public init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        self.base = .allocate(capacity: self.capacity)
        self.count = 0
    }

    deinit { base.deallocate() }

    /// Whether nothing has been written.
    public var isEmpty: Bool { count == 0 }

    /// Forgets the text, keeping the memory for the next message.
    public mutating func removeAll() { count = 0 }

    /// The text as a `String`.
    public func makeString() -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress!.update(from: base, count: count)
            return count
        }
    }

    /// Calls `body` with the UTF-8 written so far (valid only during the call).
    public func withUTF8<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Appends text.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(utf8: $0) }
    }

    /// Appends UTF-8 bytes (the caller vouches that they are valid UTF-8).
    public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Makes room for `extra` more bytes.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(count + extra, capacity * 2)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// Takes back the storage lent to a formatter (`Output`), which frees the old storage itself
    /// when it moves to larger storage.
    mutating func adopt(base: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int) {
        self.base = base
        self.capacity = capacity
        self.count = count
    }

    /// Drops everything after `count` bytes (used to undo a failed format).
    mutating func truncate(to count: Int) { self.count = min(self.count, count) }
}
