internal import CICU
import Synchronization

/// Counts user-perceived characters (extended grapheme clusters) with ICU's character break
/// iterator, so that a length budget means the same thing in every locale.
///
/// ```swift
/// GraphemeClusters.count("Row 3")      // 5
/// GraphemeClusters.count("빈칸")        // 2
/// GraphemeClusters.count("👍🏽")         // 1
/// ```
public enum GraphemeClusters {
    // One iterator, reused under a lock: opening a break iterator costs far more than a count.
    private static let iterator: Mutex<BreakIteratorBox?> = Mutex(nil)

    /// The number of grapheme clusters in `text`.
    public static func count(_ text: String) -> Int {
        if text.isEmpty { return 0 }
        let units = Array(text.utf16)
        return iterator.withLock { box -> Int in
            if box == nil { box = BreakIteratorBox() }
            guard let handle = box?.handle else { return text.count }
            return units.withUnsafeBufferPointer { buffer -> Int in
                var status = CICU_U_ZERO_ERROR
                cicu_ubrk_setText(handle, buffer.baseAddress, Int32(buffer.count), &status)
                if ICUStatus.isFailure(status) { return text.count }
                var count = 0
                _ = cicu_ubrk_first(handle)
                while cicu_ubrk_next(handle) != -1 { count += 1 }
                cicu_ubrk_setText(handle, nil, 0, &status)
                return count
            }
        }
    }
}

/// Owns one ICU character break iterator.
private final class BreakIteratorBox: @unchecked Sendable {
    // @unchecked Sendable: only touched inside GraphemeClusters' mutex.
    let handle: OpaquePointer?

    init() {
        var status = CICU_U_ZERO_ERROR
        let opened = cicu_ubrk_open(CICU_UBRK_CHARACTER, "", nil, 0, &status)
        if ICUStatus.isFailure(status) {
            if let opened { cicu_ubrk_close(opened) }
            handle = nil
        } else {
            handle = opened
        }
    }

    deinit { if let handle { cicu_ubrk_close(handle) } }
}
