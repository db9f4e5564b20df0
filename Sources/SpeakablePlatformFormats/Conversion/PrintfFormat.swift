/// A printf-style format string split into literal text and specifiers, in Apple's dialect
/// (`%@`, `%lld`, `%1$@`, `%#@name@`, `%arg`) or Java's (Android: `%s`, `%d`, `%1$s`, `%,d`, `%n`).
///
/// ```swift
/// let format = PrintfFormat.parse("%1$@ has %2$#@strings@ (100%%)", dialect: .apple)
/// format.specifiers.map(\.text)        // ["%1$@", "%2$#@strings@"]
/// format.specifiers[1].substitution    // "strings"
/// format.pieces.last                   // .literal(" (100%)")
/// ```
///
/// A `%` that does not start a specifier is kept as literal text (and reported in
/// ``PrintfFormat/strayPercents``): real catalogs hold strings such as "100% sure" that no
/// code formats.
public struct PrintfFormat: Hashable, Sendable {
    public enum Dialect: Hashable, Sendable {
        /// CFString / NSString formats, with String Catalog substitutions.
        case apple
        /// `java.util.Formatter`, as Android's `getString(id, args…)` uses.
        case java
    }

    public enum Piece: Hashable, Sendable {
        case literal(String)
        case specifier(PrintfSpecifier)
    }

    public var pieces: [Piece]
    /// Scalar offsets of `%` signs that start no specifier.
    public var strayPercents: [Int]

    public var specifiers: [PrintfSpecifier] {
        pieces.compactMap { if case .specifier(let s) = $0 { s } else { nil } }
    }

    /// Whether any specifier or `%%` is present — i.e. whether the text is a format at all.
    public var isFormat: Bool { !specifiers.isEmpty }

    public static func parse(_ text: String, dialect: Dialect) -> PrintfFormat {
        // Most strings have no `%` at all: one literal (issue 13: imports parse each string twice).
        if !text.utf8.contains(0x25) { return PrintfFormat(pieces: text.isEmpty ? [] : [.literal(text)], strayPercents: []) }
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var stray: [Int] = []
        var literal = String.UnicodeScalarView()
        var i = 0
        func flush() {
            if !literal.isEmpty {
                pieces.append(.literal(String(literal)))
                literal = String.UnicodeScalarView()
            }
        }
        while i < scalars.count {
            let c = scalars[i]
            guard c == "%" else {
                literal.append(c)
                i += 1
                continue
            }
            if i + 1 < scalars.count, scalars[i + 1] == "%" {
                literal.append("%")
                i += 2
                continue
            }
            if dialect == .java, i + 1 < scalars.count, scalars[i + 1] == "n" {
                literal.append("\n")
                i += 2
                continue
            }
            if let (specifier, end) = parseSpecifier(scalars, at: i, dialect: dialect) {
                flush()
                pieces.append(.specifier(specifier))
                i = end
            } else {
                stray.append(i)
                literal.append("%")
                i += 1
            }
        }
        flush()
        return PrintfFormat(pieces: pieces, strayPercents: stray)
    }

    static func parseSpecifier(_ s: [Unicode.Scalar], at start: Int, dialect: Dialect) -> (PrintfSpecifier, Int)? {
        var i = start + 1
        func digits() -> String {
            var out = ""
            while i < s.count, ("0"..."9").contains(s[i]) {
                out.unicodeScalars.append(s[i])
                i += 1
            }
            return out
        }
        func make(_ conversion: Character, position: Int?, flags: String = "", width: String? = nil, precision: String? = nil,
                  length: String = "", substitution: String? = nil, end: Int) -> (PrintfSpecifier, Int) {
            var text = ""
            text.unicodeScalars.append(contentsOf: s[start..<end])
            return (PrintfSpecifier(text: text, range: start..<end, position: position, flags: flags, width: width,
                                    precision: precision, length: length, conversion: conversion,
                                    substitution: substitution), end)
        }
        // %arg (inside a String Catalog substitution).
        if dialect == .apple, i + 2 < s.count, s[i] == "a", s[i + 1] == "r", s[i + 2] == "g" {
            return make("a", position: nil, substitution: "", end: i + 3)
        }
        var position: Int?
        let save = i
        let number = digits()
        if !number.isEmpty, i < s.count, s[i] == "$", let n = Int(number), n > 0, n < 1000 {
            position = n
            i += 1
        } else {
            i = save
        }
        // %#@name@ (String Catalog / stringsdict substitution).
        if dialect == .apple, i + 1 < s.count, s[i] == "#", s[i + 1] == "@" {
            var j = i + 2
            var name = ""
            while j < s.count, s[j] != "@", s[j] != "%", s[j] != " ", j - i < 128 {
                name.unicodeScalars.append(s[j])
                j += 1
            }
            guard j < s.count, s[j] == "@", !name.isEmpty else { return nil }
            return make("@", position: position, flags: "#", substitution: name, end: j + 1)
        }
        var flags = ""
        let flagSet: Set<Unicode.Scalar> = dialect == .java ? ["-", "#", "+", " ", "0", ",", "("] : ["-", "+", " ", "#", "0", "'"]
        while i < s.count, flagSet.contains(s[i]) {
            flags.unicodeScalars.append(s[i])
            i += 1
        }
        let widthDigits = digits()
        var precision: String?
        if i < s.count, s[i] == "." {
            i += 1
            precision = digits()
        }
        var length = ""
        if dialect == .apple {
            for candidate in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
                let scalars = Array(candidate.unicodeScalars)
                if i + scalars.count <= s.count, Array(s[i..<i + scalars.count]) == scalars {
                    length = candidate
                    i += scalars.count
                    break
                }
            }
        }
        guard i < s.count else { return nil }
        let conversion = Character(s[i])
        let valid: Set<Character> = dialect == .java
            ? ["s", "S", "d", "o", "x", "X", "e", "E", "f", "g", "G", "a", "A", "c", "C", "b", "B", "h", "H"]
            : ["@", "d", "D", "i", "u", "U", "o", "O", "x", "X", "e", "E", "f", "F", "g", "G", "a", "A", "c", "C", "s", "S", "p"]
        guard valid.contains(conversion) else { return nil }
        // "100% sure": a space flag before a non-number is prose, not a specifier.
        if flags.contains(" "), !"dDiuUoOxXeEfFgGaA".contains(conversion) { return nil }
        return make(conversion, position: position, flags: flags, width: widthDigits.isEmpty ? nil : widthDigits,
                    precision: precision, length: length, end: i + 1)
    }
}

/// One `%…` specifier.
public struct PrintfSpecifier: Hashable, Sendable {
    /// As written: `%1$lld`, `%@`, `%#@count@`, `%arg`.
    public var text: String
    /// Unicode scalar offsets in the format.
    public var range: Range<Int>
    /// The explicit 1-based argument number (`%2$s`), if any.
    public var position: Int?
    public var flags: String
    public var width: String?
    public var precision: String?
    /// `ll`, `l`, `h`… (Apple only).
    public var length: String
    /// `@`, `d`, `s`, `f`… (`@` with a substitution for `%#@name@`, `a` with an empty
    /// substitution for `%arg`).
    public var conversion: Character
    /// `%#@name@`: the substitution's name; `%arg`: "".
    public var substitution: String?

    /// `%arg`: the number of the substitution it is inside.
    public var isSubstitutionArgument: Bool { substitution == "" }

    /// What the argument is.
    public var valueKind: ValueKind {
        if let substitution { return substitution.isEmpty ? .integer : .substitution }
        switch conversion {
        case "d", "D", "i", "u", "U", "o", "O", "x", "X": return .integer
        case "e", "E", "f", "F", "g", "G", "a", "A": return .floatingPoint
        case "c", "C": return .character
        case "p", "h", "H", "b", "B": return .other
        default: return .text
        }
    }

    public enum ValueKind: Hashable, Sendable {
        case text, integer, floatingPoint, character, substitution, other
    }
}
