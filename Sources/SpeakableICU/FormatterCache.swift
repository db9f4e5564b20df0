import Synchronization

/// A thread-safe cache of ICU-backed formatters keyed by what they were opened with
/// (locale plus options).
///
/// Values are built outside the lock, so a slow ICU open never blocks other lookups; when two
/// threads build the same key at once, the first one stored wins and both get it.
///
/// The cache holds at most ``maximumEntries`` formatters; when it is full it starts over, so a
/// stream of messages with ever new skeletons cannot grow it without bound.
public final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let storage = Mutex<[Key: Value]>([:])

    /// The most formatters kept: far more locale × option combinations than a project uses.
    public static var maximumEntries: Int { 4096 }

    public init() {}

    /// Returns the cached value for `key`, building and storing it with `make` when absent.
    public func value<E: Error>(for key: Key, make: () throws(E) -> Value) throws(E) -> Value {
        if let hit = storage.withLock({ $0[key] }) { return hit }
        let built = try make()
        return storage.withLock { entries in
            if let raced = entries[key] { return raced }
            if entries.count >= Self.maximumEntries { entries.removeAll() }
            entries[key] = built
            return built
        }
    }

    /// How many entries are cached.
    public var count: Int { storage.withLock { $0.count } }

    /// Empties the cache (for tests).
    public func removeAll() { storage.withLock { $0.removeAll() } }
}
