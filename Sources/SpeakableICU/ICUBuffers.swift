internal import CICU

/// Calls an ICU function that writes into a caller-supplied buffer and hands what it wrote to
/// `body` without copying it: the one retry-on-overflow loop of this module.
///
/// The first attempt writes into a stack buffer of 256 units. When ICU reports
/// `U_BUFFER_OVERFLOW_ERROR` it has returned the length it needs, and the call is retried exactly
/// once with that capacity (again a temporary allocation, never an array). Any other failure throws
/// ``ICUError`` named after `operation`; an empty result is a valid result.
@inline(__always)
func withICUOutput<Unit, R>(
    of _: Unit.Type,
    _ operation: @autoclosure () -> String,
    _ call: (UnsafeMutablePointer<Unit>, Int32, inout Int32) -> Int32,
    _ body: (UnsafeBufferPointer<Unit>) -> R
) throws(ICUError) -> R {
    let firstCapacity = 256
    var needed: Int32 = 0
    let first: R? = try withUnsafeTemporaryAllocation(of: Unit.self, capacity: firstCapacity) { buffer throws(ICUError) -> R? in
        var status = CICU_U_ZERO_ERROR
        let length = call(buffer.baseAddress!, Int32(firstCapacity), &status)
        if status == CICU_U_BUFFER_OVERFLOW_ERROR {
            needed = length
            return nil
        }
        try ICUStatus.check(status, operation())
        return body(UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)))
    }
    if let first { return first }
    let capacity = Int(needed) + 1
    return try withUnsafeTemporaryAllocation(of: Unit.self, capacity: capacity) { buffer throws(ICUError) -> R in
        var status = CICU_U_ZERO_ERROR
        let length = call(buffer.baseAddress!, Int32(capacity), &status)
        try ICUStatus.check(status, operation())
        return body(UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)))
    }
}

/// ``withICUOutput(of:_:_:_:)`` for ICU functions that write UTF-16, handing the units to `body`.
@inline(__always)
func withUTF16Units<R>(
    _ operation: @autoclosure () -> String,
    _ call: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32,
    _ body: (UnsafeBufferPointer<UInt16>) -> R
) throws(ICUError) -> R {
    try withICUOutput(of: UInt16.self, operation(), call, body)
}

/// ``withICUOutput(of:_:_:_:)`` for ICU functions that write UTF-16, as a `String`.
@inline(__always)
func withUTF16Result(
    _ operation: @autoclosure () -> String,
    _ call: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
) throws(ICUError) -> String {
    try withICUOutput(of: UInt16.self, operation(), call) { ICUText.string($0) }
}

/// ``withICUOutput(of:_:_:_:)`` for ICU functions that write UTF-16, transcoded to UTF-8.
@inline(__always)
func withUTF8Result(
    _ operation: @autoclosure () -> String,
    _ call: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
) throws(ICUError) -> [UInt8] {
    try withICUOutput(of: UInt16.self, operation(), call, transcodeToUTF8)
}

/// ``withICUOutput(of:_:_:_:)`` for ICU functions that write `char` (locale IDs, tags), as a `String`.
func withCharResult(
    _ operation: @autoclosure () -> String,
    _ call: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
) throws(ICUError) -> String {
    try withICUOutput(of: CChar.self, operation(), call) { String(decoding: UnsafeRawBufferPointer($0), as: UTF8.self) }
}

extension String {
    /// Calls `body` with this string as a NUL-terminated UTF-16 buffer and its length (without the NUL).
    @inline(__always)
    func withUTF16Buffer<R, E: Error>(_ body: (UnsafePointer<UInt16>, Int32) throws(E) -> R) throws(E) -> R {
        var units = Array(self.utf16)
        units.append(0)
        return try units.withUnsafeBufferPointer { buffer throws(E) -> R in
            try body(buffer.baseAddress!, Int32(buffer.count - 1))
        }
    }
}
