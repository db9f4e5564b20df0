/// The seeded generator (SplitMix64) of the tests, the benchmarks and the fast-path sweeps: the
/// same seed gives the same values on every run and machine, so a failure over generated inputs
/// repeats and a benchmark's arguments are the same in every run. One type for all of them (a
/// target of its own: the tools cannot depend on the tests' support, which links Testing).
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    /// The same as ``below(_:)``.
    public mutating func next(_ bound: Int) -> Int { below(bound) }
    public mutating func pick<T>(_ list: [T]) -> T { list[below(list.count)] }
    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
