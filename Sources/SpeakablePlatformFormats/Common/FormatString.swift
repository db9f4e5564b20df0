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
            var high: UInt8 = 0
            var percents = 0
            for b in bytes {
                high |= b
                if b == 0x25 { percents += 1 }
            }
            guard percents > 0 else { return FormatString(dialect: dialect, specifiers: [], problems: []) }
            // The scalars in a temporary buffer (on the stack when small): ASCII widened byte by
            // byte, else decoded.
            return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: bytes.count) { buffer in
                let count: Int
                if high < 0x80 {
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
