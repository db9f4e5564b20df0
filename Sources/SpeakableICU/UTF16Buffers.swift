@_implementationOnly import CICU  // not `internal import`: see Package.swift, "import Speakable next to Foundation"

/// Calls an ICU function that writes UTF-16 into a caller-supplied buffer.
///
/// The first attempt uses a stack buffer; when ICU reports `U_BUFFER_OVERFLOW_ERROR` it returns the
/// length it needs, and the call is retried exactly once with that capacity. An empty result is a
/// valid result.
@inline(__always)
func withUTF16Result(
    _ operation: @autoclosure () -> String,
    _ body: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32
) throws(ICUError) -> String {
    let firstCapacity = 128
    var needed: Int32 = 0
    let first: String? = try withUnsafeTemporaryAllocation(of: UChar.self, capacity: firstCapacity) { buffer throws(ICUError) -> String? in
        var status = U_ZERO_ERROR
        let length = body(buffer.baseAddress!, Int32(firstCapacity), &status)
        if status == U_BUFFER_OVERFLOW_ERROR {
            needed = length
            return nil
        }
        try ICUStatus.check(status, operation())
        return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF16.self)
    }
    if let first { return first }
    let capacity = Int(needed) + 1
    return try withUnsafeTemporaryAllocation(of: UChar.self, capacity: capacity) { buffer throws(ICUError) -> String in
        var status = U_ZERO_ERROR
        let length = body(buffer.baseAddress!, Int32(capacity), &status)
        try ICUStatus.check(status, operation())
        return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF16.self)
    }
}

/// Same as ``withUTF16Result(_:_:)`` for ICU functions that write `char` (locale IDs, tags).
func withCharResult(
    _ operation: @autoclosure () -> String,
    _ body: (UnsafeMutablePointer<CChar>, Int32, inout UErrorCode) -> Int32
) throws(ICUError) -> String {
    var capacity = 96
    for _ in 0..<2 {
        var needed: Int32 = 0
        let result: String? = try withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity + 1) { buffer throws(ICUError) -> String? in
            var status = U_ZERO_ERROR
            let length = body(buffer.baseAddress!, Int32(capacity), &status)
            if status == U_BUFFER_OVERFLOW_ERROR {
                needed = length
                return nil
            }
            try ICUStatus.check(status, operation())
            let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(length))
            return String(decoding: bytes, as: UTF8.self)
        }
        if let result { return result }
        capacity = Int(needed) + 1
    }
    throw ICUError(code: ICUError.bufferOverflow, operation: operation())
}

/// Calls an ICU function that writes UTF-16 into a buffer (retrying once with the size it asks
/// for) and returns the result transcoded to UTF-8.
func withUTF8Result(
    _ operation: @autoclosure () -> String,
    _ body: (UnsafeMutablePointer<UInt16>, Int32, inout UErrorCode) -> Int32
) throws(ICUError) -> [UInt8] {
    var needed = 0
    for capacity in [128, -1] {
        let size = capacity > 0 ? capacity : needed + 1
        let result: [UInt8]? = try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: size) { buffer throws(ICUError) -> [UInt8]? in
            var status = U_ZERO_ERROR
            let length = Int(body(buffer.baseAddress!, Int32(size), &status))
            if status == U_BUFFER_OVERFLOW_ERROR && capacity > 0 {
                needed = length
                return nil
            }
            try ICUStatus.check(status, operation())
            return transcodeToUTF8(UnsafeBufferPointer(start: buffer.baseAddress!, count: length))
        }
        if let result { return result }
    }
    throw ICUError(code: ICUError.bufferOverflow, operation: operation())
}

extension String {
    /// Calls `body` with this string as a NUL-terminated UTF-16 buffer and its length (without the NUL).
    @inline(__always)
    func withUTF16Buffer<R, E: Error>(_ body: (UnsafePointer<UChar>, Int32) throws(E) -> R) throws(E) -> R {
        var units = Array(self.utf16)
        units.append(0)
        return try units.withUnsafeBufferPointer { buffer throws(E) -> R in
            try body(buffer.baseAddress!, Int32(buffer.count - 1))
        }
    }
}
