/// CFString's format reading, as `String(format:)` does it: `%[n$][flags][width][.precision][length]conversion`,
/// flags `-+ #0'`, `*` for a width or precision taken from the arguments, String Catalog
/// substitutions `%#@name@` (which read an argument like any specifier) and `%arg`.
/// A `%` before a character that is no conversion stays text.
struct AppleFormatParser {
    /// The format's scalars (valid while parsing).
    let scalars: UnsafeBufferPointer<Unicode.Scalar>
    /// How many `%` there are (at most one specifier each).
    let percents: Int
    var specifiers: [FormatSpecifier] = []

    init(scalars: UnsafeBufferPointer<Unicode.Scalar>, percents: Int) {
        self.scalars = scalars
        self.percents = percents
    }

    static let conversions: Set<Character> = Set("@dDiuUoOxXeEfFgGaAcCsSp")

    /// One of ``conversions``.
    @inline(__always)
    static func isConversion(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "@", "d", "D", "i", "u", "U", "o", "O", "x", "X", "e", "E", "f", "F", "g", "G", "a", "A", "c", "C", "s", "S", "p": true
        default: false
        }
    }

    @inline(__always)
    static func isFlag(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "-", "+", " ", "#", "0", "'": true
        default: false
        }
    }

    /// A one-letter length modifier's place in ``FormatSpecifier/lengths``.
    @inline(__always)
    static func lengthModifierCode(_ s: Unicode.Scalar) -> UInt8? {
        switch s {
        case "h": 2
        case "l": 3
        case "q": 5
        case "L": 6
        case "z": 7
        case "t": 8
        case "j": 9
        default: nil
        }
    }

    func text(_ range: Range<Int>) -> String {
        String(scalars: scalars[range])
    }

    /// ASCII digits as `Int(String)` reads them: nil when the value does not fit in an `Int`.
    static func number(_ digits: Slice<UnsafeBufferPointer<Unicode.Scalar>>) -> Int? {
        var value = 0
        for d in digits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(d.value - 48))
            if o1 || o2 { return nil }
            value = sum
        }
        return digits.isEmpty ? nil : value
    }

    mutating func parse() -> FormatString {
        var i = 0
        let n = scalars.count
        var sequential = 0
        // At most one specifier a `%` (the checker keeps every string's specifiers: no room left
        // over from growing).
        specifiers.reserveCapacity(percents)
        while i < n {
            guard scalars[i] == "%" else { i += 1; continue }
            let start = i
            if i + 1 < n && scalars[i + 1] == "%" {
                specifiers.append(FormatSpecifier(scalars: scalars[start..<i + 2], range: start..<i + 2, index: .none, argument: nil,
                                                  flags: 0..<0, width: nil, precision: nil, lengthCode: 0, conversion: "%",
                                                  dateTimeSuffix: nil, substitutionName: nil))
                i += 2
                continue
            }
            if i + 3 < n && scalars[i + 1] == "a" && scalars[i + 2] == "r" && scalars[i + 3] == "g" {
                specifiers.append(FormatSpecifier(scalars: scalars[start..<i + 4], range: start..<i + 4, index: .none, argument: nil,
                                                  flags: 0..<0, width: nil, precision: nil, lengthCode: 0, conversion: "@",
                                                  dateTimeSuffix: nil, substitutionName: 4..<4))
                i += 4
                continue
            }
            var j = i + 1
            var explicit: Int?
            var k = j
            while k < n && JavaFormatParser.isDigit(scalars[k]) { k += 1 }
            if k > j && k < n && scalars[k] == "$", let value = Self.number(scalars[j..<k]), value > 0, value < 10_000 {
                explicit = value
                j = k + 1
            }
            // %#@name@
            if j + 1 < n && scalars[j] == "#" && scalars[j + 1] == "@" {
                var m = j + 2
                while m < n && scalars[m] != "@" && scalars[m] != "%" && scalars[m] != " " && m - j < 130 { m += 1 }
                if m < n && scalars[m] == "@" && m > j + 2 {
                    let argument: Int
                    if let explicit { argument = explicit } else { sequential += 1; argument = sequential }
                    specifiers.append(FormatSpecifier(scalars: scalars[start..<m + 1], range: start..<m + 1,
                                                      index: explicit.map { .explicit($0) } ?? .ordinary, argument: argument,
                                                      flags: j - start..<j + 1 - start, width: nil, precision: nil, lengthCode: 0,
                                                      conversion: "@", dateTimeSuffix: nil, substitutionName: j + 2 - start..<m - start))
                    i = m + 1
                    continue
                }
            }
            let flagsStart = j
            while j < n, Self.isFlag(scalars[j]) { j += 1 }
            let flags = flagsStart - start..<j - start
            var starArguments = 0
            var width: Int?
            if j < n && scalars[j] == "*" {
                starArguments += 1
                j += 1
            } else {
                let w = j
                while j < n && JavaFormatParser.isDigit(scalars[j]) { j += 1 }
                if j > w { width = Self.number(scalars[w..<j]) }
            }
            var precision: Int?
            if j < n && scalars[j] == "." {
                j += 1
                if j < n && scalars[j] == "*" {
                    starArguments += 1
                    j += 1
                } else {
                    let p = j
                    while j < n && JavaFormatParser.isDigit(scalars[j]) { j += 1 }
                    precision = Self.number(scalars[p..<j]) ?? 0
                }
            }
            var length: UInt8 = 0
            // hh, ll, then h, l, q, L, z, t, j (the first that matches, as written here before).
            if j + 1 < n && (scalars[j] == "h" || scalars[j] == "l") && scalars[j + 1] == scalars[j] {
                length = scalars[j] == "h" ? 1 : 4
                j += 2
            } else if j < n, let code = Self.lengthModifierCode(scalars[j]) {
                length = code
                j += 1
            }
            guard j < n, Self.isConversion(scalars[j]) else {
                i = start + 1
                continue
            }
            let argument: Int
            if let explicit {
                argument = explicit
            } else {
                sequential += starArguments + 1
                argument = sequential
            }
            specifiers.append(FormatSpecifier(scalars: scalars[start..<j + 1], range: start..<j + 1,
                                              index: explicit.map { .explicit($0) } ?? .ordinary, argument: argument, flags: flags,
                                              width: width, precision: precision, lengthCode: length, conversion: scalars[j],
                                              dateTimeSuffix: nil, substitutionName: nil))
            i = j + 1
        }
        return FormatString(dialect: .apple, specifiers: specifiers, problems: [])
    }
}
