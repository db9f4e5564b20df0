import SeededRandom
import Testing
@testable import SpeakablePlatformFormats

/// `FormatSpecifier` keeps its text as bytes and its flags, length and substitution as places in
/// that text (no `String`s: the checker copies specifiers many times), and the compatibility
/// rules compare conversion scalars instead of lowercased `String`s. These tests hold both to
/// what they replaced: every specifier of many generated formats against the format's own text
/// and an independent reading of it, and every compatibility answer against the `String`-based
/// rules as they were written before.
@Suite struct FormatSpecifierStorageTests {
    static let javaPieces = ["%", "1", "2", "0", "9", "$", "s", "S", "d", "x", "X", "o", "e", "f", "g", "a", "c", "b", "h", "n", "t",
                             "T", "H", "M", "q", "-", "#", "+", " ", ",", "(", "<", ".", "3", "é", "가", "%1$", "%2$", "%<", "%-5",
                             "2147483648", "%01$", "%0000000000000000000000000001$s", "%--------------------------d", "x"]
    static let applePieces = ["%", "1", "2", "$", "@", "d", "D", "i", "u", "U", "o", "O", "x", "X", "e", "E", "f", "F", "g", "G",
                              "a", "A", "c", "C", "s", "S", "p", "h", "hh", "l", "ll", "q", "L", "z", "t", "j", "-", "+", " ", "#",
                              "0", "'", "*", ".", "5", "#@", "@", "name", "é", "가", "arg", "%#@count@", "%2$#@a_very_long_substitution_name@",
                              "%#@이름@", "%%", "99999999999999999999", "%10$"]

    /// Deterministic pseudo-random formats made of `pieces`.
    static func formats(_ pieces: [String], count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { round in
            var text = round % 3 == 0 ? "" : "x"
            for _ in 0..<(1 + round % 9) { text += random.pick(pieces) }
            return text
        }
    }

    static func scalars(_ text: String, _ range: Range<Int>) -> String {
        let all = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: all[range])
        return String(out)
    }

    /// The flags as the regexes read them: after `%` and an optional `N$`.
    static func writtenFlags(_ text: String, allowed: String) -> String {
        var rest = Substring(text.dropFirst())
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" { rest = rest.dropFirst(digits.count + 1) }
        return String(rest.prefix { allowed.contains($0) })
    }

    @Test func javaSpecifiersKeepTheirText() {
        var checked = 0
        for text in Self.formats(Self.javaPieces, count: 20_000, seed: 7) {
            let format = FormatString.parse(text, dialect: .java)
            for spec in format.specifiers {
                let written = Self.scalars(text, spec.range)
                #expect(spec.text == written, "\(text)")
                #expect(spec.flags == Self.writtenFlags(written, allowed: "-#+ 0,(<"), "\(text)")
                #expect(spec.length == "" && spec.substitution == nil, "\(text)")
                #expect(JavaFlags(bits: spec.flagBits) == JavaFlags(spec.flags), "\(text)")
                // The specifier rebuilt from its properties through the String initializer is the same value.
                let rebuilt = FormatSpecifier(text: spec.text, range: spec.range, index: spec.index, argument: spec.argument, flags: spec.flags,
                                              width: spec.width, precision: spec.precision, length: spec.length, conversion: spec.conversion,
                                              dateTimeSuffix: spec.dateTimeSuffix, substitution: spec.substitution)
                #expect(rebuilt == spec, "\(text)")
                checked += 1
            }
            for problem in format.problems { #expect(problem.text == Self.scalars(text, problem.range), "\(text)") }
        }
        #expect(checked > 10_000)
    }

    /// Where `#@` is in `%[N$]#@name@` (a name of at least one scalar), else nil.
    static func substitutionMarker(_ written: String) -> Int? {
        let scalars = Array(written.unicodeScalars)
        var k = 1
        while k < scalars.count && scalars[k].properties.numericType != nil && scalars[k].isASCII { k += 1 }
        let marker = k > 1 && k < scalars.count && scalars[k] == "$" ? k + 1 : 1
        guard marker + 3 < scalars.count, scalars[marker] == "#", scalars[marker + 1] == "@", scalars.last == "@" else { return nil }
        return marker
    }

    @Test func appleSpecifiersKeepTheirText() {
        var checked = 0
        var substitutions = 0
        var long = 0
        for text in Self.formats(Self.applePieces, count: 20_000, seed: 11) {
            for spec in FormatString.parse(text, dialect: .apple).specifiers {
                let written = Self.scalars(text, spec.range)
                #expect(spec.text == written, "\(text)")
                if written.utf8.count > 24 { long += 1 }
                if written == "%arg" {
                    #expect(spec.substitution == "" && spec.flags == "" && spec.readsArgument, "\(text)")
                } else if let marker = Self.substitutionMarker(written) {
                    // `%#@name@`: the name between `#@` and the last `@`, the flag `#`.
                    let name = Self.scalars(written, marker + 2..<written.unicodeScalars.count - 1)
                    #expect(spec.substitution == String(name), "\(text)")
                    #expect(spec.flags == "#", "\(text)")
                    substitutions += 1
                } else {
                    #expect(spec.substitution == nil, "\(text)")
                    let flags = Self.writtenFlags(written, allowed: "-+ #0'")
                    #expect(spec.flags == flags, "\(text)")
                    // The length modifier is what stands before the conversion, after width and precision.
                    let body = written.dropLast().drop { !($0.isLetter) }
                    let expectedLength = written == "%%" ? "" : String(body)
                    #expect(spec.length == expectedLength, "\(text)")
                    #expect(spec.looksLikeProse == (spec.flags.contains(" ") && !"dDiuUoOxXeEfFgGaA".contains(spec.conversion)), "\(text)")
                }
                let rebuilt = FormatSpecifier(text: spec.text, range: spec.range, index: spec.index, argument: spec.argument, flags: spec.flags,
                                              width: spec.width, precision: spec.precision, length: spec.length, conversion: spec.conversion,
                                              dateTimeSuffix: spec.dateTimeSuffix, substitution: spec.substitution)
                #expect(rebuilt == spec, "\(text)")
                checked += 1
            }
        }
        #expect(checked > 5_000, "\(checked)")
        #expect(substitutions > 100, "\(substitutions)")
        #expect(long > 10, "\(long)")
    }

    /// ``FormatSpecifier/plainApple(ascii:range:explicit:argument:lengthCode:)`` (a String
    /// Catalog's one-pass conversion) makes what the parser makes of every plain Apple specifier
    /// — `%`, an optional `N$`, an optional `l` / `ll`, a conversion — and what the `String`
    /// initializer it replaces makes.
    @Test func plainAppleSpecifiersFromBytesAreTheParsers() {
        var checked = 0
        let conversions = Array("@scSCpdDiuUoOxXeEfFgG")
        for explicit in [nil, 1, 2, 9, 10, 99, 1234, 9999] as [Int?] {
            for length in ["", "l", "ll"] {
                for conversion in conversions {
                    let text = "%" + (explicit.map { "\($0)$" } ?? "") + length + String(conversion)
                    let prefix = "ab "
                    let parsed = FormatString.parse(prefix + text, dialect: .apple).specifiers
                    guard parsed.count == 1, let spec = parsed.first else {
                        Issue.record("\(text) parsed as \(parsed.count) specifiers")
                        continue
                    }
                    let bytes = Array(text.utf8)
                    let code: UInt8 = length == "" ? 0 : length == "l" ? 3 : 4
                    let made = bytes.withUnsafeBufferPointer {
                        FormatSpecifier.plainApple(ascii: $0, range: spec.range, explicit: explicit, argument: spec.argument ?? -1,
                                                   lengthCode: code)
                    }
                    let old = FormatSpecifier.plainApple(text: text, range: spec.range, explicit: explicit, argument: spec.argument ?? -1,
                                                         length: length, conversion: conversion.unicodeScalars.first!)
                    #expect(made == spec, "\(text)")
                    #expect(made == old, "\(text)")
                    #expect(made.text == text && made.length == length && made.conversion == conversion, "\(text)")
                    checked += 1
                }
            }
        }
        #expect(checked == 8 * 3 * conversions.count)
    }

    // MARK: Compatibility against the String-based rules it replaced

    static func oldJavaValue(_ spec: FormatSpecifier) -> FormatCompatibility.JavaValue {
        if spec.dateTimeSuffix != nil { return .calendar }
        switch spec.conversion.lowercased() {
        case "d", "o", "x": return .integer
        case "e", "f", "g", "a": return .double
        case "c": return .character
        case "b": return .boolean
        default: return .string
        }
    }

    static func oldJavaAccepts(_ spec: FormatSpecifier, _ value: FormatCompatibility.JavaValue) -> Bool {
        if spec.dateTimeSuffix != nil { return value == .calendar }
        switch spec.conversion.lowercased() {
        case "d", "o", "x": return value == .integer
        case "e", "f", "g", "a": return value == .double
        case "c": return value == .character || value == .integer
        default: return true
        }
    }

    static func oldJavaPresentation(_ spec: FormatSpecifier) -> String {
        if spec.dateTimeSuffix != nil { return "date" }
        switch spec.conversion.lowercased() {
        case "d": return "decimal"
        case "o": return "octal"
        case "x": return "hexadecimal"
        case "e", "f", "g": return "decimal number"
        case "a": return "hexadecimal number"
        case "c": return "character"
        case "b": return "boolean"
        case "h": return "hash code"
        default: return "text"
        }
    }

    static func oldJavaPrintFailure(_ spec: FormatSpecifier) -> String? {
        guard spec.dateTimeSuffix == nil else { return nil }
        let c = spec.conversion.lowercased()
        if c == "s", spec.flags.contains("#") { return "Conversion = s, Flags = #" }
        if c == "o" || c == "x", let bad = "( +".first(where: { spec.flags.contains($0) }) { return "Conversion = \(c), Flags = \(bad)" }
        return nil
    }

    static func oldAppleStorage(_ spec: FormatSpecifier) -> FormatCompatibility.AppleStorage {
        switch spec.conversion {
        case "@": return .object
        case "s": return spec.length == "l" ? .wideString : .cString
        case "S": return .wideString
        case "p": return .pointer
        case "e", "E", "f", "F", "g", "G", "a", "A": return spec.length == "L" ? .longDouble : .double
        case "D", "U", "O": return .int64
        default: return ["l", "ll", "q", "z", "t", "j"].contains(spec.length) ? .int64 : .int32
        }
    }

    static func oldApplePresentation(_ spec: FormatSpecifier) -> String {
        switch spec.conversion {
        case "d", "D", "i", "u", "U": return "decimal"
        case "o", "O": return "octal"
        case "x", "X": return "hexadecimal"
        case "c", "C": return "character"
        case "e", "E", "f", "F", "g", "G": return "decimal number"
        case "a", "A": return "hexadecimal number"
        case "@": return "object"
        case "p": return "pointer"
        default: return "text"
        }
    }

    static func oldConsequence(_ source: FormatSpecifier, _ translation: FormatSpecifier, _ dialect: FormatDialect)
        -> FormatCompatibility.Consequence? {
        switch dialect {
        case .java:
            let value = oldJavaValue(source)
            if !oldJavaAccepts(translation, value) {
                let conversion = translation.dateTimeSuffix.map(String.init) ?? String(translation.conversion.lowercased())
                return .init(kind: .crash, exception: "java.util.IllegalFormatConversionException", detail: "\(conversion) != \(value.rawValue)")
            }
            let printed = oldJavaPresentation(translation)
            let expected = oldJavaPresentation(source)
            if printed == expected { return nil }
            if printed == "text" && value != .calendar { return nil }
            return .init(kind: .wrongValue, exception: nil,
                         detail: "it prints the \(oldJavaValue(source) == .string ? "text" : "value") as a \(printed) instead of a \(expected)")
        case .apple:
            let from = oldAppleStorage(source)
            let to = oldAppleStorage(translation)
            if from != to {
                let kind: FormatCompatibility.Consequence.Kind = to == .object || to == .cString || to == .wideString ? .crash : .wrongValue
                return .init(kind: kind, exception: nil, detail: "")
            }
            if source.substitution != nil || translation.substitution != nil { return nil }
            let printed = oldApplePresentation(translation)
            let expected = oldApplePresentation(source)
            if printed == expected { return nil }
            return .init(kind: .wrongValue, exception: nil, detail: "it prints the number as a \(printed) instead of a \(expected)")
        }
    }

    /// Every Java conversion (either case, date/time too) and flag set, pairwise.
    @Test func javaCompatibilityIsTheStringRules() {
        var specs: [FormatSpecifier] = []
        for conversion in "bBhHsScCdoxXeEfgGaAn%" {
            for flags in ["", "#", "(", " ", "+", ",", "-5", "0", "( +", "#,"] {
                specs += FormatString.parse("%\(flags)\(conversion)", dialect: .java).specifiers
            }
        }
        specs += FormatString.parse("%tH %TB %1$tM %<ta", dialect: .java).specifiers
        // Specifiers as the parser leaves them even when Java rejects them (their flags are kept).
        specs += FormatString.parse("%#s %(x %+o % X %#S", dialect: .java).specifiers
        #expect(specs.count > 150)
        for spec in specs {
            #expect(FormatCompatibility.JavaValue(passedFor: spec) == Self.oldJavaValue(spec), "\(spec.text)")
            #expect(FormatCompatibility.javaPresentation(spec) == Self.oldJavaPresentation(spec), "\(spec.text)")
            #expect(FormatCompatibility.javaPrintFailure(spec) == Self.oldJavaPrintFailure(spec), "\(spec.text)")
            for value in FormatCompatibility.JavaValue.allCases {
                #expect(FormatCompatibility.javaAccepts(spec, value) == Self.oldJavaAccepts(spec, value), "\(spec.text) \(value)")
            }
        }
        for source in specs where source.readsArgument {
            for translation in specs where translation.readsArgument {
                #expect(FormatCompatibility.consequence(source: source, translation: translation, dialect: .java)
                        == Self.oldConsequence(source, translation, .java), "\(source.text) > \(translation.text)")
            }
        }
    }

    /// Every Apple conversion with every length modifier, pairwise (kind and presentation; the
    /// storage mismatch sentences are built from the storage, compared here).
    @Test func appleCompatibilityIsTheStringRules() {
        var specs: [FormatSpecifier] = []
        for conversion in "@dDiuUoOxXeEfFgGaAcCsSp" {
            for length in FormatSpecifier.lengths {
                specs += FormatString.parse("%\(length)\(conversion)", dialect: .apple).specifiers
            }
        }
        specs += FormatString.parse("%#@n@ %arg %2$#@m@", dialect: .apple).specifiers
        #expect(specs.count > 200)
        for spec in specs {
            #expect(FormatCompatibility.AppleStorage(spec) == Self.oldAppleStorage(spec), "\(spec.text)")
            #expect(FormatCompatibility.applePresentation(spec) == Self.oldApplePresentation(spec), "\(spec.text)")
        }
        for source in specs {
            for translation in specs {
                let new = FormatCompatibility.consequence(source: source, translation: translation, dialect: .apple)
                let old = Self.oldConsequence(source, translation, .apple)
                #expect(new?.kind == old?.kind, "\(source.text) > \(translation.text)")
                if old?.detail != "" { #expect(new?.detail == old?.detail, "\(source.text) > \(translation.text)") }
            }
        }
    }
}
