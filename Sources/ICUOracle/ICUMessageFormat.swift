internal import CICU

/// ICU's own MessageFormat (`umsg_*`), the reference Speakable's formatter is compared against.
///
/// ICU 72's C API takes numbered arguments only (`{0}`, not `{count}`) and reads them from a
/// `va_list` in the types the pattern implies: `number`, `plural`, `selectordinal`, `spellout`,
/// `ordinal`, `duration`, `choice` read a `double`; `{n, number, integer}` an `int32_t`; `date` and
/// `time` a `UDate`; `select` and untyped `{0}` a NUL-terminated UTF-16 string. Callers give an
/// argument list that matches (see ``OracleArgument``); tests rewrite names to numbers first.
///
/// This module is for tests and benchmarks only.
public final class ICUMessageFormat: @unchecked Sendable {
    // @unchecked Sendable: ICU's MessageFormat::format is const; tests use one instance per thread.
    private let handle: OpaquePointer
    public let pattern: String
    public let locale: String

    /// Opens `pattern` for `locale` (an ICU locale ID). A pattern ICU rejects throws an
    /// ``OracleFailure`` with ICU's error name and the UTF-16 offset it reported.
    public init(pattern: String, locale: String) throws(OracleFailure) {
        var status = CICU_U_ZERO_ERROR
        var parseError = cicu_parse_error()
        var units = Array(pattern.utf16)
        units.append(0)
        let opened = units.withUnsafeBufferPointer { buffer in
            cicu_umsg_open(buffer.baseAddress, Int32(buffer.count - 1), locale, &parseError, &status)
        }
        if status > 0 || opened == nil {
            if let opened { cicu_umsg_close(opened) }
            throw OracleFailure(code: status, offset: Int(parseError.offset))
        }
        self.handle = opened!
        self.pattern = pattern
        self.locale = locale
    }

    deinit { cicu_umsg_close(handle) }

    /// Formats with arguments 0, 1, 2, … in order.
    public func format(_ arguments: [OracleArgument]) -> Result<String, OracleFailure> {
        let prepared = PreparedArguments(arguments)
        var capacity = 256
        for _ in 0..<2 {
            var status = CICU_U_ZERO_ERROR
            var buffer = [UInt16](repeating: 0, count: capacity)
            let length = buffer.withUnsafeMutableBufferPointer { out in
                withVaList(prepared.varArgs) { list in
                    cicu_umsg_vformat(handle, out.baseAddress, Int32(capacity), list, &status)
                }
            }
            if status == CICU_U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(length) + 1
                continue
            }
            if status > 0 {
                return .failure(OracleFailure(code: status, offset: nil))
            }
            return .success(String(decoding: buffer[0..<Int(length)], as: UTF16.self))
        }
        return .failure(OracleFailure(code: CICU_U_BUFFER_OVERFLOW_ERROR, offset: nil))
    }

    /// Formats into `output` and returns the UTF-16 length, without making a Swift string
    /// (benchmarks time this: it is the whole of ICU's work).
    @inline(__always)
    public func formatUTF16(_ prepared: PreparedArguments, into output: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var status = CICU_U_ZERO_ERROR
        let length = withVaList(prepared.varArgs) { list in
            cicu_umsg_vformat(handle, output.baseAddress, Int32(output.count), list, &status)
        }
        return status > 0 ? -1 : Int(length)
    }

    /// What building the `va_list` alone costs (no ICU work); benchmarks subtract it.
    @inline(__always)
    public static func varArgsOverhead(_ prepared: PreparedArguments) -> Int32 {
        withVaList(prepared.varArgs) { list in cicu_va_list_noop(list) }
    }

    /// Sets ICU's process-wide default time zone, which `umsg` formats dates in.
    public static func setDefaultTimeZone(_ identifier: String) {
        var status = CICU_U_ZERO_ERROR
        var units = Array(identifier.utf16)
        units.append(0)
        units.withUnsafeBufferPointer { cicu_ucal_setDefaultTimeZone($0.baseAddress, &status) }
    }

    /// ICU's name for an error code.
    public static func errorName(_ code: Int32) -> String {
        String(cString: cicu_u_errorName(code))
    }
}

/// One argument for ``ICUMessageFormat``, in the C type the pattern makes ICU read.
public enum OracleArgument: Hashable, Sendable {
    /// For `number`, `plural`, `selectordinal`, `choice`, `spellout`, `ordinal`, `duration`.
    case double(Double)
    /// For `{n, number, integer}` (ICU reads an `int32_t` there).
    case int32(Int32)
    /// For `date` and `time`: milliseconds since the epoch.
    case date(Double)
    /// For `select` and untyped `{n}`.
    case string(String)
    /// A placeholder for an argument number the pattern does not use (ICU reads a pointer).
    case unused
}

/// Arguments turned into C values once, so a benchmark loop only pays for ICU.
public final class PreparedArguments: @unchecked Sendable {
    // @unchecked Sendable: immutable after init; the string buffers live as long as this object.
    fileprivate let varArgs: [any CVarArg]
    private let strings: [UnsafeMutablePointer<UInt16>]

    public init(_ arguments: [OracleArgument]) {
        var strings: [UnsafeMutablePointer<UInt16>] = []
        var varArgs: [any CVarArg] = []
        for argument in arguments {
            switch argument {
            case .double(let d), .date(let d): varArgs.append(d)
            case .int32(let i): varArgs.append(i)
            case .string(let s):
                let units = Array(s.utf16) + [0]
                let p = UnsafeMutablePointer<UInt16>.allocate(capacity: units.count)
                p.initialize(from: units, count: units.count)
                strings.append(p)
                varArgs.append(UnsafePointer(p))
            case .unused:
                varArgs.append(OpaquePointer(bitPattern: 1)!)
            }
        }
        self.varArgs = varArgs
        self.strings = strings
    }

    deinit { strings.forEach { $0.deallocate() } }
}

/// ICU refused a pattern or a format call.
public struct OracleFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw UErrorCode.
    public let code: Int32
    /// For pattern errors, the UTF-16 offset ICU reported (its UParseError).
    public let offset: Int?

    public var name: String { ICUMessageFormat.errorName(code) }

    public var description: String {
        if let offset { return "\(name)@\(offset)" }
        return name
    }
}
