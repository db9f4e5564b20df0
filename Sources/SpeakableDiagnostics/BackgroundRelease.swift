import Dispatch

/// Lets go of a large value on another thread.
///
/// Freeing what a compile or a check built (every message's syntax tree, every translation)
/// takes a noticeable share of a run, and the thread that built it usually has something left
/// to do (write the files, print the report) or is about to exit. Handing the last reference
/// to a background thread takes the freeing off that path; a process that exits first skips it.
///
/// ```swift
/// let project = ProjectLoader.load(directory: "Game")
/// let result = CatalogCompiler.compile(project, options: options)
/// BackgroundRelease.release(consume project)   // freed while the files are written
/// ```
///
/// Only the caller's reference is handed over: the value is freed there only if that was the
/// last one (`consume` the caller's variable). Nothing may use the value afterwards. Work that
/// builds as much again (the next compile in one process) calls ``waitForPending()`` first, so
/// that the two never hold memory at once.
public enum BackgroundRelease {
    private static let pending = DispatchGroup()

    /// Drops `value` on a background thread.
    public static func release<Value>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async(group: pending) { box.value = nil }
    }

    /// Waits until everything handed to ``release(_:)`` so far is freed.
    public static func waitForPending() {
        pending.wait()
    }

    /// The reference being handed over; only the background thread touches it after `release`.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
        init(_ value: consuming Value) { self.value = value }
    }
}
