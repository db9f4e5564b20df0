internal import ICUBenchmarkDriver
public import SpeakableMessages

/// ICU's MessageFormat for one message, called from C++ (see `tools/ICUBenchmarkDriver`): the
/// reference the benchmarks measure Speakable against.
///
/// The message is given with names, as Speakable takes it; it is rewritten to ICU's numbered form
/// (argument `i` of `argumentNames` becomes `{i}`). `umsg_format` reads a C `double` for a number
/// in an untyped argument only if the pattern says `number`, so for it an untyped argument that
/// holds a number becomes `{i,number}` (ICU formats both alike); the C++ API gets the untyped
/// argument as written, with a `Formattable` holding the number.
public final class ICUReference {
    public let label: String
    public let umsgPattern: String
    public let cppPattern: String
    private let handle: OpaquePointer
    public private(set) var calls = 0

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `sample` tells which untyped arguments hold numbers.
    public init(label: String, pattern: String, argumentNames: [String], sample: [MessageArgument?], locale: String) throws {
        self.label = label
        umsgPattern = try Self.numbered(pattern, names: argumentNames, sample: sample, typeUntypedNumbers: true)
        cppPattern = try Self.numbered(pattern, names: argumentNames, sample: sample, typeUntypedNumbers: false)
        var error = [CChar](repeating: 0, count: 256)
        let umsg = Array(umsgPattern.utf16)
        let cpp = Array(cppPattern.utf16)
        guard let opened = icub_open(umsg, Int32(umsg.count), cpp, Int32(cpp.count), locale, &error, 256) else {
            throw Failure(description: "\(label): ICU rejects the pattern: \(String(decoding: error.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        handle = opened
    }

    deinit { icub_close(handle) }

    /// Stores the argument sets (`values[call * names + slot]`) in each API's own form.
    public func prepare(_ values: [MessageArgument?], argumentCount: Int) throws {
        var strings: [[UInt16]] = []
        strings.reserveCapacity(values.count)
        var converted: [icub_value] = []
        converted.reserveCapacity(values.count)
        for value in values {
            switch value {
            case .int(let n)?: converted.append(icub_value(kind: Int32(ICUB_INT), length: 0, integer: n, number: 0, string: nil))
            case .double(let d)?: converted.append(icub_value(kind: Int32(ICUB_DOUBLE), length: 0, integer: 0, number: d, string: nil))
            case .date(let d)?: converted.append(icub_value(kind: Int32(ICUB_DATE), length: 0, integer: 0, number: d, string: nil))
            case .string(let s)?:
                strings.append(Array(s.utf16))
                converted.append(icub_value(kind: Int32(ICUB_STRING), length: Int32(strings.last!.count), integer: 0, number: 0, string: nil))
            case nil:
                throw Failure(description: "\(label): every argument needs a value")
            }
        }
        // Point the string values at their storage (which lives until icub_prepare has copied it).
        var next = 0
        let status: Int32 = try withStringPointers(strings) { pointers in
            for i in converted.indices where converted[i].kind == Int32(ICUB_STRING) {
                converted[i].string = pointers[next]
                next += 1
            }
            return icub_prepare(handle, converted, Int32(argumentCount), Int32(values.count / max(1, argumentCount)))
        }
        guard status == 0 else { throw Failure(description: "\(label): the driver takes at most 8 arguments") }
        calls = values.count / max(1, argumentCount)
    }

    private func withStringPointers<R>(_ strings: [[UInt16]], _ body: ([UnsafePointer<UInt16>]) throws -> R) throws -> R {
        var storage: [UnsafeMutablePointer<UInt16>] = []
        defer { storage.forEach { $0.deallocate() } }
        for s in strings {
            let p = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, s.count))
            p.initialize(from: s, count: s.count)
            storage.append(p)
        }
        return try body(storage.map { UnsafePointer($0) })
    }

    /// `umsg_format`'s text for argument set `call`, or ICU's error.
    public func formatUmsg(_ call: Int) -> Result<String, Failure> {
        output { icub_format_umsg(handle, Int32(call), $0, $1) }
    }

    /// `icu::MessageFormat::format`'s text for argument set `call`, or ICU's error.
    public func formatCpp(_ call: Int) -> Result<String, Failure> {
        output { icub_format_cpp(handle, Int32(call), $0, $1) }
    }

    private func output(_ body: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> Result<String, Failure> {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 4096) { buffer in
            let length = body(buffer.baseAddress!, 4096)
            if length < 0 { return .failure(Failure(description: "ICU error \(-length)")) }
            return .success(String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF16.self))
        }
    }

    /// Nanoseconds for argument sets `first ..< first + count` through `umsg_format` (timed in C++).
    public func timeUmsg(first: Int, count: Int, sink: inout Int64) -> UInt64 {
        icub_time_umsg(handle, Int32(first), Int32(count), &sink)
    }

    /// Nanoseconds for argument sets `first ..< first + count` through `MessageFormat::format`.
    public func timeCpp(first: Int, count: Int, sink: inout Int64) -> UInt64 {
        icub_time_cpp(handle, Int32(first), Int32(count), &sink)
    }

    /// Nanoseconds for formatting `calls` (reference, argument set) in order, `rounds` times, with
    /// `umsg_format` or (with `cpp`) `MessageFormat::format` — timed in C++.
    public static func timeSequence(_ calls: [(ICUReference, Int)], rounds: Int, cpp: Bool, sink: inout Int64) -> UInt64 {
        let handles: [OpaquePointer?] = calls.map { $0.0.handle }
        let indexes = calls.map { Int32($0.1) }
        return withExtendedLifetime(calls) {
            handles.withUnsafeBufferPointer { h in
                icub_time_sequence(h.baseAddress, indexes, Int32(calls.count), Int32(rounds), cpp ? 1 : 0, &sink)
            }
        }
    }

    public static func setDefaultTimeZone(_ id: String) {
        let units = Array(id.utf16)
        icub_set_default_time_zone(units, Int32(units.count))
    }

    public static var icuVersion: String { String(cString: icub_icu_version()) }

    /// Rewrites a named pattern to ICU's numbered form: each name becomes its slot; with
    /// `typeUntypedNumbers`, an untyped argument whose sample value is a number gets `,number`.
    public static func numbered(_ source: String, names: [String], sample: [MessageArgument?],
                                typeUntypedNumbers: Bool) throws -> String {
        let pattern = try MessagePattern(source)
        var edits: [(range: Range<Int>, text: String)] = []
        var failure: String?
        func visit(_ body: MessageBody) {
            for part in body.parts {
                guard case .argument(let argument) = part else { continue }
                guard let slot = names.firstIndex(of: argument.name) else {
                    failure = "argument \(argument.name) has no slot"
                    return
                }
                edits.append((argument.nameRange, String(slot)))
                switch argument.kind {
                case .none:
                    if typeUntypedNumbers {
                        switch sample[slot] {
                        case .int?, .double?:
                            edits.append((argument.range.upperBound - 1..<argument.range.upperBound - 1, ",number"))
                        case .date?:
                            edits.append((argument.range.upperBound - 1..<argument.range.upperBound - 1, ",date,short"))
                        default: break
                        }
                    }
                case .plural(let p): p.cases.forEach { visit($0.message) }
                case .select(let s): s.cases.forEach { visit($0.message) }
                case .choice(let c): c.cases.forEach { visit($0.message) }
                case .simple: break
                }
            }
        }
        visit(pattern.body)
        if let failure { throw Failure(description: failure) }
        var units = Array(source.utf16)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            units.replaceSubrange(edit.range, with: Array(edit.text.utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }
}
