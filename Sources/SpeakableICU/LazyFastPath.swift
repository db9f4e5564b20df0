import Synchronization

/// A fast path that is derived (and checked against ICU) only once its format has sent enough
/// values to ICU for the derivation to pay for itself: a process that formats a handful of
/// values — a command-line run, a test — never pays for it, and a game's hot formats get their
/// fast path within their first few hundred calls (or at once, with
/// `CompiledMessage.prepareFastPaths()`). Until then, and forever if the derivation fails, ICU
/// formats.
///
/// Reading it is one atomic load; the derived object is reached without a reference count. It
/// is stored inline in the format that owns it (a noncopyable struct, not an object), so reaching
/// it costs no reference count either.
struct LazyFastPath<Value: AnyObject & Sendable>: ~Copyable, @unchecked Sendable {
    // @unchecked Sendable: all state is atomic; the object, once published, is immutable.

    /// 0: not derived yet; 1: derived, none applies; otherwise an `Unmanaged<Value>`'s bits.
    private let state: Atomic<Int>
    private let misses = Atomic<Int>(0)

    /// Uses without a fast path after which the fast path is derived: about what deriving costs,
    /// in ICU calls.
    let threshold: Int

    /// A fast path derived after `threshold` uses that went to ICU; `isDisabled`: one that never
    /// applies (the format's style has none), which costs a use one atomic load.
    init(threshold: Int, isDisabled: Bool = false) {
        self.threshold = threshold
        state = Atomic<Int>(isDisabled ? 1 : 0)
    }

    deinit {
        let bits = state.load(ordering: .acquiring)
        if bits > 1, let pointer = UnsafeRawPointer(bitPattern: bits) {
            Unmanaged<Value>.fromOpaque(pointer).release()
        }
    }

    /// Calls `body` with the fast path when it has been derived.
    @inline(__always)
    func withValue<R>(_ body: (Value) -> R) -> R? {
        let bits = state.load(ordering: .acquiring)
        guard bits > 1, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Whether the fast path is still to be derived (uses are being counted). Callers test this
    /// before ``noteMiss(_:)``: forming the `derive` closure can cost a reference count on the
    /// owner, which a format with no fast path would pay on every use.
    @inline(__always)
    var isPending: Bool { state.load(ordering: .relaxed) == 0 }

    /// Records a use that went to ICU; at the threshold, derives the fast path with `derive`.
    @inline(__always)
    func noteMiss(_ derive: () -> Value?) {
        guard state.load(ordering: .relaxed) == 0 else { return }
        if misses.wrappingAdd(1, ordering: .relaxed).newValue == threshold {
            _ = resolve(derive)
        }
    }

    /// The fast path, derived now if it has not been (whether one exists).
    func resolve(_ derive: () -> Value?) -> Bool {
        let bits = state.load(ordering: .acquiring)
        if bits != 0 { return bits > 1 }
        let derived = derive()
        let newBits = derived.map { Int(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 1
        let (exchanged, current) = state.compareExchange(expected: 0, desired: newBits, ordering: .acquiringAndReleasing)
        if !exchanged, newBits > 1, let pointer = UnsafeRawPointer(bitPattern: newBits) {
            // Another thread published first: keep its result.
            Unmanaged<Value>.fromOpaque(pointer).release()
            return current > 1
        }
        return newBits > 1
    }
}
