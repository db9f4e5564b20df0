/// What happens when a translation's specifier formats the argument the app passes for the
/// source's specifier.
///
/// ```swift
/// let en = FormatString.parse("%s minutes", dialect: .java).specifiers[0]
/// let ko = FormatString.parse("%d분", dialect: .java).specifiers[0]
/// FormatCompatibility.consequence(source: en, translation: ko, dialect: .java)?.exception
/// // "java.util.IllegalFormatConversionException"   ("d != java.lang.String")
///
/// let apple = FormatCompatibility.consequence(source: FormatString.parse("%lld", dialect: .apple).specifiers[0],
///                                             translation: FormatString.parse("%@", dialect: .apple).specifiers[0],
///                                             dialect: .apple)
/// apple?.kind   // .crash: the integer is read as an object pointer
/// ```
public enum FormatCompatibility {
    public struct Consequence: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// The app crashes (Java throws; Apple dereferences a non-object).
            case crash
            /// The app prints a different value than the source does (Apple: undefined behaviour).
            case wrongValue
        }
        public var kind: Kind
        /// Java: the exception `String.format` throws. Apple: nil.
        public var exception: String?
        /// Java: the exception's message (`d != java.lang.String`); Apple: what happens.
        public var detail: String
    }

    /// The Java value an app passes for a conversion: what the source's specifier is written
    /// for (a `%s` is given a `String`, a `%d` an `Integer`…).
    public enum JavaValue: String, Hashable, Sendable, CaseIterable {
        case string = "java.lang.String"
        case integer = "java.lang.Integer"
        case double = "java.lang.Double"
        case character = "java.lang.Character"
        case boolean = "java.lang.Boolean"
        case calendar = "java.util.GregorianCalendar"

        /// What an app passes for a specifier written with this conversion.
        public init(passedFor spec: FormatSpecifier) {
            if spec.suffixScalar != UInt32.max { self = .calendar; return }
            switch lowercasedConversion(spec) {
            case 0x64, 0x6F, 0x78: self = .integer               // d o x
            case 0x65, 0x66, 0x67, 0x61: self = .double          // e f g a
            case 0x63: self = .character                         // c
            case 0x62: self = .boolean                           // b
            default: self = .string
            }
        }
    }

    /// The conversion's scalar, ASCII letters lowercased: what `conversion.lowercased()` gives
    /// for the conversions compared here (no other scalar lowercases to one of them but the
    /// Kelvin sign, to `k`, which none is).
    @inline(__always)
    static func lowercasedConversion(_ spec: FormatSpecifier) -> UInt32 {
        let v = spec.conversionScalar
        return v >= 0x41 && v <= 0x5A ? v + 0x20 : v
    }

    /// Whether Java's formatter accepts `value` for `spec` (else `IllegalFormatConversionException`).
    public static func javaAccepts(_ spec: FormatSpecifier, _ value: JavaValue) -> Bool {
        if spec.suffixScalar != UInt32.max { return value == .calendar }
        switch lowercasedConversion(spec) {
        case 0x64, 0x6F, 0x78: return value == .integer           // d o x
        case 0x65, 0x66, 0x67, 0x61: return value == .double      // e f g a
        case 0x63: return value == .character || value == .integer  // c
        default: return true
        }
    }

    /// How Java prints a value for a conversion (``javaPresentation(_:)``'s words).
    enum JavaPresentation: String {
        case date, decimal, octal, hexadecimal
        case decimalNumber = "decimal number"
        case hexadecimalNumber = "hexadecimal number"
        case character, boolean
        case hashCode = "hash code"
        case text
    }

    @inline(__always)
    static func javaPresentationKind(_ spec: FormatSpecifier) -> JavaPresentation {
        if spec.suffixScalar != UInt32.max { return .date }
        switch lowercasedConversion(spec) {
        case 0x64: return .decimal                               // d
        case 0x6F: return .octal                                 // o
        case 0x78: return .hexadecimal                           // x
        case 0x65, 0x66, 0x67: return .decimalNumber             // e f g
        case 0x61: return .hexadecimalNumber                     // a
        case 0x63: return .character                             // c
        case 0x62: return .boolean                               // b
        case 0x68: return .hashCode                              // h
        default: return .text
        }
    }

    /// How Java prints a value for a conversion, for comparing: the same kind means the same
    /// text up to width, flags and case.
    static func javaPresentation(_ spec: FormatSpecifier) -> String { javaPresentationKind(spec).rawValue }

    /// The argument storage String(format:) reads for an Apple specifier (`formatSpecifier` of
    /// a substitution for `%#@name@` and `%arg`).
    public enum AppleStorage: String, Hashable, Sendable {
        case object = "an object (%@)"
        case int32 = "a 32-bit integer"
        case int64 = "a 64-bit integer"
        case double = "a double"
        case longDouble = "a long double"
        case cString = "a C string pointer"
        case wideString = "a unichar string pointer"
        case pointer = "a pointer"

        public init(_ spec: FormatSpecifier) {
            // Length codes: see FormatSpecifier.lengths ("", hh, h, l, ll, q, L, z, t, j).
            let length = spec.lengthCodeValue
            switch spec.conversionScalar {
            case 0x40: self = .object                                                   // @
            case 0x73: self = length == 3 ? .wideString : .cString                     // s
            case 0x53: self = .wideString                                               // S
            case 0x70: self = .pointer                                                  // p
            case 0x65, 0x45, 0x66, 0x46, 0x67, 0x47, 0x61, 0x41: self = length == 6 ? .longDouble : .double  // eEfFgGaA
            case 0x44, 0x55, 0x4F: self = .int64                                        // D U O
            default:
                switch length {
                case 3, 4, 5, 7, 8, 9: self = .int64                                    // l ll q z t j
                default: self = .int32
                }
            }
        }
    }

    static func applePresentation(_ spec: FormatSpecifier) -> String { applePresentationKind(spec).rawValue }

    enum ApplePresentation: String {
        case decimal, octal, hexadecimal, character
        case decimalNumber = "decimal number"
        case hexadecimalNumber = "hexadecimal number"
        case object, pointer, text
    }

    @inline(__always)
    static func applePresentationKind(_ spec: FormatSpecifier) -> ApplePresentation {
        switch spec.conversionScalar {
        case 0x64, 0x44, 0x69, 0x75, 0x55: return .decimal                    // d D i u U
        case 0x6F, 0x4F: return .octal                                          // o O
        case 0x78, 0x58: return .hexadecimal                                    // x X
        case 0x63, 0x43: return .character                                      // c C
        case 0x65, 0x45, 0x66, 0x46, 0x67, 0x47: return .decimalNumber          // e E f F g G
        case 0x61, 0x41: return .hexadecimalNumber                              // a A
        case 0x40: return .object                                               // @
        case 0x70: return .pointer                                              // p
        default: return .text
        }
    }

    /// What `translation` does with the argument the app passes for `source` (both reading the
    /// same argument), or nil when it prints the same value.
    ///
    /// Apple storage overrides (a substitution's `formatSpecifier`) can be passed for `%#@…@`
    /// and `%arg`, which carry no type of their own.
    public static func consequence(source: FormatSpecifier, translation: FormatSpecifier, dialect: FormatDialect,
                                   sourceStorage: AppleStorage? = nil, translationStorage: AppleStorage? = nil) -> Consequence? {
        switch dialect {
        case .java:
            let value = JavaValue(passedFor: source)
            if !javaAccepts(translation, value) {
                let conversion = translation.dateTimeSuffix.map(String.init) ?? String(translation.conversion.lowercased())
                return Consequence(kind: .crash, exception: "java.util.IllegalFormatConversionException",
                                   detail: "\(conversion) != \(value.rawValue)")
            }
            let printed = javaPresentationKind(translation)
            let expected = javaPresentationKind(source)
            if printed == expected { return nil }
            // %s prints any value as its text: the same digits as %d (dates excepted).
            if printed == .text && value != .calendar { return nil }
            return Consequence(kind: .wrongValue, exception: nil,
                               detail: "it prints the \(value == .string ? "text" : "value") as a \(printed.rawValue) instead of a \(expected.rawValue)")
        case .apple:
            let from = sourceStorage ?? AppleStorage(source)
            let to = translationStorage ?? AppleStorage(translation)
            if from != to {
                switch to {
                case .object:
                    return Consequence(kind: .crash, exception: nil,
                                       detail: "String(format:) reads \(to.rawValue) where the app passes \(from.rawValue): the value is used as an object pointer, a crash (EXC_BAD_ACCESS)")
                case .cString, .wideString:
                    return Consequence(kind: .crash, exception: nil,
                                       detail: "String(format:) reads \(to.rawValue) where the app passes \(from.rawValue): it reads memory at that address, undefined behaviour (usually a crash)")
                default:
                    return Consequence(kind: .wrongValue, exception: nil,
                                       detail: "String(format:) reads \(to.rawValue) where the app passes \(from.rawValue): undefined behaviour, a wrong value is printed")
                }
            }
            // `%@` of a substitution and `%arg`: the storage decides.
            if source.hasSubstitution || translation.hasSubstitution { return nil }
            let printed = applePresentationKind(translation)
            let expected = applePresentationKind(source)
            if printed == expected { return nil }
            return Consequence(kind: .wrongValue, exception: nil,
                               detail: "it prints the number as a \(printed.rawValue) instead of a \(expected.rawValue)")
        }
    }
}

extension FormatCompatibility {
    /// What `String.format(locale, format, arguments…)` does on Android (openjdk's
    /// `java.util.Formatter`): nil when it formats, else the first exception, with the
    /// specifier's range. Problems in the format itself come first (the whole format is parsed
    /// before any argument is read); then each specifier in order reads its argument.
    ///
    /// ```swift
    /// let format = FormatString.parse("%1$s: %3$d", dialect: .java)
    /// FormatCompatibility.javaFailure(of: format, arguments: [.string, .integer])?.exception
    /// // "java.util.MissingFormatArgumentException"   ("Format specifier '%3$d'")
    /// ```
    /// An argument that is nil is passed, but of a type nobody can tell (the source never
    /// prints it): every conversion is taken to accept it.
    public static func javaFailure(of format: FormatString, arguments: [JavaValue?]) -> (range: Range<Int>, exception: String, detail: String)? {
        if let problem = format.problems.first { return (problem.range, problem.exception ?? "", problem.detail) }
        for spec in format.specifiers where spec.readsArgument {
            guard let argument = spec.argument, argument <= arguments.count else {
                return (spec.range, "java.util.MissingFormatArgumentException", "Format specifier '\(spec.javaDescription)'")
            }
            guard let value = arguments[argument - 1] else { continue }
            if !javaAccepts(spec, value) {
                let conversion = spec.dateTimeSuffix.map(String.init) ?? spec.conversion.lowercased()
                return (spec.range, "java.util.IllegalFormatConversionException", "\(conversion) != \(value.rawValue)")
            }
            if let detail = javaPrintFailure(spec) {
                return (spec.range, "java.util.FormatFlagsConversionMismatchException", detail)
            }
        }
        return nil
    }

    /// Flags the formatter rejects only when it prints the value (after the type check): `#` on
    /// `%s` for anything but a `Formattable`; `(`, ` `, `+` on `%o` / `%x` for an `Integer` or a
    /// `Long` (a `BigInteger` would take them; apps pass ints).
    static func javaPrintFailure(_ spec: FormatSpecifier) -> String? {
        guard spec.suffixScalar == UInt32.max, spec.flagBits != 0 else { return nil }
        let c = lowercasedConversion(spec)
        let flags = JavaFlags(bits: spec.flagBits)
        if c == 0x73, flags.contains("#") { return "Conversion = s, Flags = #" }  // s
        if c == 0x6F || c == 0x78, let bad = "( +".first(where: { flags.contains($0) }) {  // o x
            return "Conversion = \(c == 0x6F ? "o" : "x"), Flags = \(bad)"
        }
        return nil
    }
}
