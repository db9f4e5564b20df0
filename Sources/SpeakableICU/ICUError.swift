internal import CICU

/// A failure reported by ICU, named the way ICU names it.
///
/// Every ICU call in Speakable goes through ``ICUStatus/check(_:)``; no status code is ignored.
///
/// ```swift
/// do {
///     _ = try SkeletonNumberFormatter(skeleton: "badskeleton", locale: .english)
/// } catch {
///     print(error.name)          // "U_NUMBER_SKELETON_SYNTAX_ERROR"
///     print(error.parseOffset)   // Optional(0): where in the skeleton ICU stopped
/// }
/// ```
public struct ICUError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `UErrorCode` value (positive: failures).
    public let code: Int32
    /// ICU's name for the code, e.g. `U_ILLEGAL_ARGUMENT_ERROR`.
    public let name: String
    /// The ICU operation that failed, e.g. `unumf_openForSkeletonAndLocale`.
    public let operation: String
    /// For parse failures: the UTF-16 offset inside the parsed text where ICU stopped.
    public let parseOffset: Int?

    public init(code: Int32, operation: String, parseOffset: Int? = nil) {
        self.code = code
        self.name = ICUError.name(of: code)
        self.operation = operation
        self.parseOffset = parseOffset
    }

    public var description: String {
        if let parseOffset {
            return "\(operation) failed with \(name) at offset \(parseOffset)"
        }
        return "\(operation) failed with \(name)"
    }

    /// ICU's own name for a `UErrorCode` value.
    public static func name(of code: Int32) -> String {
        String(cString: cicu_u_errorName(code))
    }

    // Codes Speakable reacts to.
    public static let illegalArgument: Int32 = CICU_U_ILLEGAL_ARGUMENT_ERROR
    public static let invalidFormat: Int32 = CICU_U_INVALID_FORMAT_ERROR
    public static let bufferOverflow: Int32 = CICU_U_BUFFER_OVERFLOW_ERROR
    public static let indexOutOfBounds: Int32 = CICU_U_INDEX_OUTOFBOUNDS_ERROR
    public static let invalidState: Int32 = CICU_U_INVALID_STATE_ERROR
}

/// The one gate for ICU status codes.
enum ICUStatus {
    /// Throws when `status` is a failure. Warnings (negative values) and success (zero) pass.
    @inline(__always)
    static func check(_ status: Int32, _ operation: @autoclosure () -> String, parseOffset: Int? = nil) throws(ICUError) {
        if status > 0 {
            throw ICUError(code: status, operation: operation(), parseOffset: parseOffset)
        }
    }

    @inline(__always)
    static func isFailure(_ status: Int32) -> Bool { status > 0 }
}

/// The version of the ICU library Speakable is linked against, e.g. "72.1".
public var icuVersion: String {
    var info: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &info) { raw in
        cicu_u_getVersion(raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }
    return info.2 == 0 ? "\(info.0).\(info.1)" : "\(info.0).\(info.1).\(info.2)"
}
