/// Builds a message's output as UTF-8 in one buffer — on the stack while it fits, then on the
/// heap — and makes one `String` at the end. (Appending to a `String` piece by piece measured
/// about twice as slow.)
struct UTF8Writer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    private var onHeap = false

    init(stack: UnsafeMutableBufferPointer<UInt8>) {
        base = stack.baseAddress!
        capacity = stack.count
    }

    deinit {
        if onHeap { base.deallocate() }
    }

    /// Room for `extra` more bytes; returns where they go (commit them with ``advance(_:)``).
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count + extra > capacity { grow(count + extra) }
        return base + count
    }

    @inline(__always)
    mutating func advance(_ n: Int) { count += n }

    private mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: base, count: count)
        if onHeap { base.deallocate() }
        base = fresh
        capacity = newCapacity
        onHeap = true
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        let at = reserve(bytes.count)
        at.update(from: bytes.baseAddress!, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    mutating func append(byte: UInt8) {
        let at = reserve(1)
        at.pointee = byte
        count += 1
    }

    /// The text written so far.
    func makeString() -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress!.update(from: base, count: count)
            return count
        }
    }
}
