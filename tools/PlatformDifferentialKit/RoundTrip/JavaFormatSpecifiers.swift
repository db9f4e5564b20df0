/// The format specifiers of a `java.util.Formatter` format string, read by the grammar its
/// documentation gives (`%[argument_index$][flags][width][.precision][t]conversion`, the regular
/// expression `%(\d+\$)?([-#+ 0,(\<]*)?(\d+)?(\.\d+)?([tT])?([a-zA-Z%])` in OpenJDK's
/// `Formatter`), and what kind of value each argument an app passes must be.
///
/// Android's `getString(id, args…)` and `getQuantityString(id, n, args…)` call
/// `String.format(locale, text, args…)`: an app passes the values its source string asks for,
/// and a translation that asks for another kind (`%d` where the source has `%.2f`) throws
/// `IllegalFormatConversionException`.
public struct JavaFormatSpecifiers: Hashable, Sendable {
    /// What an argument must be for its conversions not to throw.
    public enum Kind: Int, Comparable, Sendable, CustomStringConvertible {
        /// `%s`, `%S`, `%b`, `%h`: any object.
        case any = 0
        /// `%c`: a character (an `Integer` code point is accepted).
        case character = 1
        /// `%e`, `%f`, `%g`, `%a`: a `Float`, `Double` or `BigDecimal`.
        case floating = 2
        /// `%d`, `%o`, `%x`: an `Integer`, `Long`, `Short`, `Byte` or `BigInteger`.
        case integer = 3
        /// `%tX`: a `Long`, `Date`, `Calendar` or temporal value.
        case date = 4

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .any: "string"
            case .character: "char"
            case .floating: "double"
            case .integer: "integer"
            case .date: "date"
            }
        }
    }

    /// One specifier as written, and the argument it reads (1-based; nil for `%%` and `%n`).
    public struct Specifier: Hashable, Sendable {
        public var text: String
        public var argument: Int?
        public var kind: Kind?
    }

    public var specifiers: [Specifier] = []
    /// `%` signs that start no valid specifier (`String.format` throws
    /// `UnknownFormatConversionException` at the first one).
    public var malformed = 0

    /// The kind each argument must be, by position (1-based), over every specifier that reads it;
    /// where two specifiers disagree, the stricter kind (an integer before a floating-point number
    /// before a string), the one whose conversion a looser value would break.
    public var argumentKinds: [Int: Kind] {
        var kinds: [Int: Kind] = [:]
        for specifier in specifiers {
            guard let argument = specifier.argument, let kind = specifier.kind else { continue }
            kinds[argument] = max(kinds[argument] ?? kind, kind)
        }
        return kinds
    }

    /// Whether any specifier reads an argument: an app calls `getString(id, args…)` for such a
    /// source string, `getString(id)` (no formatting: `%%` stays) for any other.
    public var readsArguments: Bool { specifiers.contains { $0.argument != nil } }

    /// The specifiers of several format strings an app calls with the same arguments (the items
    /// of a `<plurals>`), each read on its own.
    public init(_ texts: [String]) {
        for text in texts {
            let one = JavaFormatSpecifiers(text)
            specifiers += one.specifiers
            malformed += one.malformed
        }
    }

    public init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var ordinary = 0
        var last: Int?
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        while i < scalars.count {
            guard scalars[i] == "%" else {
                i += 1
                continue
            }
            let start = i
            var j = i + 1
            // argument_index$
            var explicit: Int?
            var k = j
            while k < scalars.count && isDigit(scalars[k]) { k += 1 }
            if k > j && k < scalars.count && scalars[k] == "$" {
                explicit = Int(String(String.UnicodeScalarView(scalars[j..<k]))) ?? Int.max
                j = k + 1
            }
            var relative = false
            while j < scalars.count && "-#+ 0,(<".unicodeScalars.contains(scalars[j]) {
                if scalars[j] == "<" { relative = true }
                j += 1
            }
            while j < scalars.count && isDigit(scalars[j]) { j += 1 }
            if j < scalars.count && scalars[j] == "." {
                var p = j + 1
                while p < scalars.count && isDigit(scalars[p]) { p += 1 }
                if p > j + 1 { j = p }
            }
            var dateConversion = false
            if j < scalars.count && (scalars[j] == "t" || scalars[j] == "T") {
                dateConversion = true
                j += 1
            }
            guard j < scalars.count, scalars[j].isASCII, scalars[j].properties.isAlphabetic || scalars[j] == "%" else {
                malformed += 1
                i += 1
                continue
            }
            let conversion = scalars[j]
            let written = String(String.UnicodeScalarView(scalars[start...j]))
            i = j + 1
            if !dateConversion && (conversion == "%" || conversion == "n") {
                specifiers.append(Specifier(text: written, argument: nil, kind: nil))
                continue
            }
            let kind: Kind?
            if dateConversion {
                kind = .date
            } else {
                switch conversion {
                case "d", "o", "x", "X": kind = .integer
                case "e", "E", "f", "g", "G", "a", "A": kind = .floating
                case "c", "C": kind = .character
                case "s", "S", "b", "B", "h", "H": kind = .any
                default: kind = nil
                }
            }
            guard let kind else {
                // A letter Formatter does not know: UnknownFormatConversionException.
                malformed += 1
                continue
            }
            let argument: Int
            if relative, let last {
                argument = last
            } else if let explicit {
                argument = explicit
            } else {
                ordinary += 1
                argument = ordinary
            }
            last = argument
            specifiers.append(Specifier(text: written, argument: argument, kind: kind))
        }
    }
}
