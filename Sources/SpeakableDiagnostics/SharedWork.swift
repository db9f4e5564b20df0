import Dispatch
import Synchronization

/// Runs `count` pieces of work on the calling thread and on whichever worker threads are idle,
/// and returns their results in order.
///
/// `DispatchQueue.concurrentPerform` called from inside another one (a compile's output jobs
/// run in one) runs its iterations one after the other on the calling thread. Here the caller
/// takes pieces itself while helper blocks on the global queue take the others as soon as a
/// thread is free: the work is spread when a core idles, and never waits for one.
///
/// ```swift
/// let parts = SharedWork.map(4) { part in render(part) }   // parts[0] … parts[3], in order
/// ```
public enum SharedWork {
    public static func map<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        if count <= 1 { return count == 1 ? [body(0)] : [] }
        let state = State<T>(count: count, body: body)
        // One helper fewer than pieces: the caller is a worker too.
        for _ in 1..<count { DispatchQueue.global().async { state.work() } }
        state.work()
        state.finished.wait()
        return state.results.withLock { $0.map { $0! } }
    }

    private final class State<T: Sendable>: Sendable {
        let count: Int
        let body: @Sendable (Int) -> T
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let results: Mutex<[T?]>
        /// Signalled by whoever finishes the last piece.
        let finished = DispatchSemaphore(value: 0)

        init(count: Int, body: @escaping @Sendable (Int) -> T) {
            self.count = count
            self.body = body
            results = Mutex(Array(repeating: nil, count: count))
        }

        /// Takes pieces until none is left (a helper that starts late finds none and returns).
        func work() {
            while true {
                let piece = next.add(1, ordering: .relaxed).oldValue
                guard piece < count else { return }
                let result = body(piece)
                results.withLock { $0[piece] = result }
                if done.add(1, ordering: .acquiringAndReleasing).newValue == count { finished.signal() }
            }
        }
    }
}
