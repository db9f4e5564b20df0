import Synchronization

/// Remembers one formatter's recent results, as UTF-8, so that a value formatted again (a game
/// re-announcing "Time 38 seconds", the same date, the same score) costs a lookup instead of an
/// ICU call. Formatting is a pure function of the value here — locale, style and time zone are
/// fixed per formatter — so a hit is exactly ICU's output.
///
/// Direct-mapped: 256 entries; a new value replaces whatever shared its slot, so memory stays
/// bounded whatever is formatted.
final class ResultMemo: Sendable {
    private struct Entry {
        let key: UInt64
        let isDouble: Bool
        let utf8: [UInt8]
    }

    private static let size = 256
    private let entries = Mutex<[Entry?]>(Array(repeating: nil, count: ResultMemo.size))

    init() {}

    @inline(__always)
    private static func slot(_ key: UInt64) -> Int {
        var x = key
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        return Int(x & UInt64(size - 1))
    }

    @inline(__always)
    private static func key(_ value: ICUNumber) -> (UInt64, Bool) {
        switch value {
        case .int(let n): (UInt64(bitPattern: n), false)
        case .double(let d): (d.bitPattern, true)
        }
    }

    /// The remembered UTF-8 for `value`, or what `make` returns (then remembered).
    @inline(__always)
    func utf8(for value: ICUNumber, _ make: () throws(ICUError) -> [UInt8]) throws(ICUError) -> [UInt8] {
        let (key, isDouble) = Self.key(value)
        let slot = Self.slot(key)
        let hit = entries.withLock { entries -> [UInt8]? in
            guard let entry = entries[slot], entry.key == key, entry.isDouble == isDouble else { return nil }
            return entry.utf8
        }
        if let hit { return hit }
        let made = try make()
        entries.withLock { $0[slot] = Entry(key: key, isDouble: isDouble, utf8: made) }
        return made
    }
}
