/// A printf format exactly as the platform's own formatter reads it: Android's
/// `java.util.Formatter` (what `getString(id, args…)` and `getQuantityString` run) or Apple's
/// `String(format:)` / CFString (what a String Catalog's localized format goes through).
///
/// It answers what the app will *do* with the text: which argument every specifier reads, as
/// which type, and what the formatter rejects before reading any argument (Java throws on the
/// first such problem). It is the one printf reading of `speakable import`, `speakable compile`
/// and `speakable check` (``FormatSpecifier/Role`` says what each specifier does); the checker's
/// `format-mismatch` rule compares a translation's specifiers with the source's through
/// ``FormatCompatibility``.
///
/// ```swift
/// let java = FormatString.parse("%1$s has %2$,d points (50% off)", dialect: .java)
/// java.specifiers.map(\.text)          // ["%1$s", "%2$,d", "% o"]
/// java.specifiers[1].argument          // 2
/// java.problems.first?.exception       // "java.util.FormatFlagsConversionMismatchException"
/// java.problems.first?.detail          // "Conversion = o, Flags =  "
///
/// let apple = FormatString.parse("%@ has %2$#@points@", dialect: .apple)
/// apple.specifiers.map(\.argument)     // [1, 2]
/// apple.specifiers[1].substitution     // "points"
/// ```
///
/// Offsets are Unicode scalar offsets in the text. Java's behaviour here was checked against
/// openjdk-17's `String.format` (see `Tests/SpeakablePlatformFormatsTests/FormatSpecifierTests.swift`,
/// which runs the real `java.util.Formatter` on every case when `java` is installed).
public struct FormatString: Hashable, Sendable {
    public var dialect: FormatDialect
    /// Every specifier in order, `%%` and `%n` included (they read no argument).
    public var specifiers: FormatSpecifiers
    /// What the formatter rejects, in text order. Java throws the first one before any argument
    /// is read (`String.format` parses the whole format first).
    public var problems: [FormatProblem]

    public init(dialect: FormatDialect, specifiers: [FormatSpecifier], problems: [FormatProblem]) {
        self.dialect = dialect
        self.specifiers = FormatSpecifiers(specifiers)
        self.problems = problems
    }

    public init(dialect: FormatDialect, specifiers: FormatSpecifiers, problems: [FormatProblem]) {
        self.dialect = dialect
        self.specifiers = specifiers
        self.problems = problems
    }

    /// The specifiers that read an argument.
    public var argumentSpecifiers: [FormatSpecifier] { specifiers.filter(\.readsArgument) }

    /// The highest argument number read (0 when none).
    public var argumentCount: Int { specifiers.compactMap(\.argument).max() ?? 0 }

    public static func parse(_ text: String, dialect: FormatDialect) -> FormatString {
        // Both parsers act only at '%': text without one has no specifier and no problem.
        var text = text
        return text.withUTF8 { bytes in
            // Eight bytes at a time: their high bits, and the bytes that are '%'.
            var highBits: UInt64 = 0
            var percents = 0
            var i = 0
            let n = bytes.count
            while i + 8 <= n {
                let w = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                highBits |= w
                let x = w ^ 0x2525_2525_2525_2525
                let zero = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
                // The high bits summed by one multiplication (no population count instruction assumed).
                percents += Int(truncatingIfNeeded: ((zero >> 7) &* 0x0101_0101_0101_0101) >> 56)
                i += 8
            }
            while i < n {
                highBits |= UInt64(bytes[i])
                if bytes[i] == 0x25 { percents += 1 }
                i += 1
            }
            guard percents > 0 else { return FormatString(dialect: dialect, specifiers: [], problems: []) }
            if dialect == .java, let specifiers = commonJavaSpecifiers(bytes) {
                return FormatString(dialect: .java, specifiers: specifiers, problems: [])
            }
            return parseScalars(bytes, dialect: dialect, ascii: highBits & 0x8080_8080_8080_8080 == 0, percents: percents)
        }
    }

    /// ``parse(_:dialect:)`` of valid UTF-8 with `percents` `%` signs, by the dialect's parser
    /// on the decoded scalars (`ascii`: every byte is one).
    static func parseScalars(_ bytes: UnsafeBufferPointer<UInt8>, dialect: FormatDialect, ascii: Bool, percents: Int) -> FormatString {
        // The scalars in a temporary buffer (on the stack when small): ASCII widened byte by
        // byte, else decoded.
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: bytes.count) { buffer in
            let count: Int
            if ascii {
                for i in 0..<bytes.count { buffer.initializeElement(at: i, to: Unicode.Scalar(bytes[i])) }
                count = bytes.count
            } else {
                count = decodeScalars(bytes, into: buffer)
            }
            let scalars = UnsafeBufferPointer(rebasing: buffer[..<count])
            switch dialect {
            case .java:
                var parser = JavaFormatParser(scalars: scalars, percents: percents)
                return parser.parse()
            case .apple:
                var parser = AppleFormatParser(scalars: scalars, percents: percents)
                return parser.parse()
            }
        }
    }

    /// The specifiers of a Java format whose every `%` starts `%c` or `%N$c` (`c` a conversion
    /// `java.util.Formatter` knows; `N` from 1 without a leading zero, at most `Int32.max`, and
    /// `c` one that reads an argument), read from its bytes without decoding them: the
    /// specifiers ``JavaFormatParser`` reads, which finds no problem in such a format. Nil for
    /// any other format (flags, a width, a precision, a date, `%<s`, a lone or unknown `%`).
    static func commonJavaSpecifiers(_ bytes: UnsafeBufferPointer<UInt8>) -> FormatSpecifiers? {
        let n = bytes.count
        var specifiers = FormatSpecifiers()
        var ordinary = 0
        // The scalar offset of byte `i`: the bytes before it that start a scalar.
        var scalar = 0
        var i = 0
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: 16) { text -> FormatSpecifiers? in
            while i < n {
                // Eight bytes at a time up to the next '%': the scalars they start are the bytes
                // that do not continue one.
                while i + 8 <= n {
                    let w = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                    let x = w ^ 0x2525_2525_2525_2525
                    let percent = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
                    let plain = percent == 0 ? 8 : percent.trailingZeroBitCount >> 3
                    let before: UInt64 = plain == 8 ? ~0 : (1 << UInt64(plain * 8)) &- 1
                    let continuation = w & ~(w << 1) & 0x8080_8080_8080_8080 & before
                    scalar += plain - Int(truncatingIfNeeded: ((continuation >> 7) &* 0x0101_0101_0101_0101) >> 56)
                    i += plain
                    if plain < 8 { break }
                }
                guard i < n else { break }
                let b = bytes[i]
                guard b == 0x25 else {
                    if b & 0xC0 != 0x80 { scalar += 1 }
                    i += 1
                    continue
                }
                guard i + 1 < n else { return nil }
                let c = bytes[i + 1]
                let end: Int
                let index: FormatSpecifier.Index
                let argument: Int?
                if c >= 0x31 && c <= 0x39 {
                    // `N$c`, N of at most ten digits.
                    var k = i + 2
                    var value = Int(c - 0x30)
                    while k < n, bytes[k] >= 0x30 && bytes[k] <= 0x39, k - i <= 11 {
                        value = value * 10 + Int(bytes[k] - 0x30)
                        k += 1
                    }
                    guard k + 1 < n, bytes[k] == 0x24, k - i - 1 <= 10, value <= Int(Int32.max) else { return nil }
                    let conversion = bytes[k + 1]
                    guard conversion != 0x25 && conversion != 0x6E && isSimpleJavaConversion(conversion) else { return nil }
                    end = k + 2
                    index = .explicit(value)
                    argument = value
                } else {
                    guard isSimpleJavaConversion(c) else { return nil }
                    end = i + 2
                    if c == 0x25 || c == 0x6E {
                        index = .none
                        argument = nil
                    } else {
                        index = .ordinary
                        ordinary += 1
                        argument = ordinary
                    }
                }
                let count = end - i
                for k in 0..<count { text[k] = Unicode.Scalar(bytes[i + k]) }
                specifiers.append(FormatSpecifier(scalars: UnsafeBufferPointer(rebasing: text[..<count])[...], range: scalar..<scalar + count,
                                                  index: index, argument: argument, flags: 0..<0, width: nil, precision: nil, lengthCode: 0,
                                                  conversion: Unicode.Scalar(bytes[end - 1]), dateTimeSuffix: nil, substitutionName: nil))
                scalar += count
                i = end
            }
            return specifiers
        }
    }

    /// A conversion `java.util.Formatter` knows (`bBhHsScCdoxXeEfgGaAn%`), as a byte.
    @inline(__always)
    static func isSimpleJavaConversion(_ b: UInt8) -> Bool {
        switch b {
        case 0x62, 0x42, 0x68, 0x48, 0x73, 0x53, 0x63, 0x43, 0x64, 0x6F, 0x78, 0x58, 0x65, 0x45, 0x66, 0x67, 0x47, 0x61, 0x41, 0x6E,
             0x25: true
        default: false
        }
    }
}

/// Something the formatter rejects in the format itself, whatever the arguments.
public struct FormatProblem: Hashable, Sendable {
    /// Unicode scalar offsets of the offending specifier (or lone `%`).
    public var range: Range<Int>
    /// The offending characters as written (`%q`, `% `, `%`).
    public var text: String = ""
    /// The exception the platform raises: `java.util.UnknownFormatConversionException`, … For
    /// Apple, nil (String(format:) raises nothing; the behaviour is undefined).
    public var exception: String?
    /// The exception's message as Java prints it (`Conversion = 'q'`), or a plain sentence.
    public var detail: String
}
