/// `java.util.Formatter.parse` as in openjdk-17: a `%` followed by a valid conversion character
/// is a specifier at once; anything else must match
/// `%(\d+\$)?([-#+ 0,(\<]*)?(\d+)?(\.\d+)?([tT])?([a-zA-Z%])` starting at that `%`, or
/// `UnknownFormatConversionException` is thrown for the character after it. Each specifier is then
/// checked as `Formatter.FormatSpecifier`'s constructor does.
struct JavaFormatParser {
    /// The format's scalars (valid while parsing).
    let scalars: UnsafeBufferPointer<Unicode.Scalar>
    /// How many `%` there are (at most one specifier each).
    let percents: Int
    var specifiers: [FormatSpecifier] = []
    var problems: [FormatProblem] = []

    init(scalars: UnsafeBufferPointer<Unicode.Scalar>, percents: Int) {
        self.scalars = scalars
        self.percents = percents
    }

    /// `java.util.Formatter.DateTime.isValid`.
    static let dateTimeSuffixes: Set<Character> = Set("HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc")

    /// A conversion `java.util.Formatter` knows: `bBhHsScCdoxXeEfgGaAn%` (`t`/`T` are read apart).
    @inline(__always)
    static func isSimpleConversion(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "b", "B", "h", "H", "s", "S", "c", "C", "d", "o", "x", "X", "e", "E", "f", "g", "G", "a", "A", "n", "%": true
        default: false
        }
    }

    /// A flag: `-#+ 0,(<`.
    @inline(__always)
    static func isFlag(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "-", "#", "+", " ", "0", ",", "(", "<": true
        default: false
        }
    }

    /// The decimal digits of `range` as `Int32(text(range))` reads them (nil past `Int32.max`).
    func int32(_ range: Range<Int>) -> Int? {
        var value = 0
        for k in range {
            value = value * 10 + Int(scalars[k].value - 48)
            if value > Int(Int32.max) { return nil }
        }
        return value
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
    static func isASCIILetter(_ s: Unicode.Scalar) -> Bool { (s.value >= 65 && s.value <= 90) || (s.value >= 97 && s.value <= 122) }

    func text(_ range: Range<Int>) -> String {
        String(scalars: scalars[range])
    }

    mutating func parse() -> FormatString {
        var i = 0
        let n = scalars.count
        specifiers.reserveCapacity(percents)
        while i < n {
            guard scalars[i] == "%" else { i += 1; continue }
            let start = i
            i += 1
            if i >= n {
                problems.append(FormatProblem(range: start..<n, exception: "java.util.UnknownFormatConversionException",
                                              detail: "Conversion = '%'"))
                break
            }
            let c = scalars[i]
            if let end = explicitSimple(at: i) {
                // `%2$s`: what matchRegex(at:) gives for an explicit index, no flags, width or
                // precision, and a conversion that reads an argument (the most common specifier).
                specifiers.append(FormatSpecifier(scalars: scalars[start..<end], range: start..<end, index: .explicit(int32(i..<end - 2)!),
                                                  argument: nil, flags: 0..<0, width: nil, precision: nil, lengthCode: 0,
                                                  conversion: scalars[end - 1], dateTimeSuffix: nil, substitutionName: nil))
                i = end
                continue
            }
            if Self.isSimpleConversion(c) {
                specifiers.append(FormatSpecifier(scalars: scalars[start..<i + 1], range: start..<i + 1,
                                                  index: c == "%" || c == "n" ? .none : .ordinary, argument: nil,
                                                  flags: 0..<0, width: nil, precision: nil, lengthCode: 0, conversion: c,
                                                  dateTimeSuffix: nil, substitutionName: nil))
                i += 1
                continue
            }
            guard let (spec, end, problem) = matchRegex(at: start) else {
                problems.append(FormatProblem(range: start..<i + 1, exception: "java.util.UnknownFormatConversionException",
                                              detail: "Conversion = '\(Character(c))'"))
                // Java stops here; keep scanning so the rest of the text is not read as literal.
                continue
            }
            specifiers.append(spec)
            if let problem { problems.append(problem) }
            i = end
        }
        resolveArguments()
        for i in problems.indices { problems[i].text = text(problems[i].range) }
        return FormatString(dialect: .java, specifiers: specifiers, problems: problems)
    }

    /// Where `N$c` starting at `i` ends, when N is 1…Int32.max without a leading zero and `c` is
    /// a conversion that reads an argument (not `%`, `n`, `t`/`T`); nil otherwise.
    func explicitSimple(at i: Int) -> Int? {
        let n = scalars.count
        guard i < n, scalars[i].value >= 0x31 && scalars[i].value <= 0x39 else { return nil }
        var k = i + 1
        while k < n && Self.isDigit(scalars[k]) { k += 1 }
        guard k + 1 < n, scalars[k] == "$", k - i <= 10, int32(i..<k) != nil else { return nil }
        let c = scalars[k + 1]
        guard c != "%" && c != "n" && Self.isSimpleConversion(c) else { return nil }
        return k + 2
    }

    /// The regex match at `start` (a `%`), the specifier, where it ends, and what the
    /// constructor would throw for it.
    func matchRegex(at start: Int) -> (FormatSpecifier, Int, FormatProblem?)? {
        let n = scalars.count
        var j = start + 1
        // (\d+\$)?
        var explicitIndex: Range<Int>?
        var k = j
        while k < n && Self.isDigit(scalars[k]) { k += 1 }
        if k > j && k < n && scalars[k] == "$" {
            explicitIndex = j..<k
            j = k + 1
        }
        // ([-#+ 0,(\<]*)?
        let flagsStart = j
        while j < n && Self.isFlag(scalars[j]) { j += 1 }
        let flags = flagsStart..<j
        // (\d+)?
        let widthStart = j
        while j < n && Self.isDigit(scalars[j]) { j += 1 }
        let widthText = j > widthStart ? widthStart..<j : nil
        // (\.\d+)?
        var precisionText: Range<Int>?
        if j + 1 < n && scalars[j] == "." && Self.isDigit(scalars[j + 1]) {
            var m = j + 1
            while m < n && Self.isDigit(scalars[m]) { m += 1 }
            precisionText = j + 1..<m
            j = m
        }
        // ([tT])?([a-zA-Z%])
        var dateTime: Unicode.Scalar?
        if j + 1 < n && (scalars[j] == "t" || scalars[j] == "T") && (Self.isASCIILetter(scalars[j + 1]) || scalars[j + 1] == "%") {
            dateTime = scalars[j]
            j += 1
        }
        guard j < n, Self.isASCIILetter(scalars[j]) || scalars[j] == "%" else { return nil }
        let conversionScalar = scalars[j]
        let end = j + 1
        let range = start..<end

        var spec = FormatSpecifier(scalars: scalars[range], range: range, index: .ordinary, argument: nil,
                                   flags: flags.lowerBound - start..<flags.upperBound - start, width: nil, precision: nil,
                                   lengthCode: 0, conversion: conversionScalar, dateTimeSuffix: nil, substitutionName: nil)
        func fail(_ exception: String, _ detail: String) -> (FormatSpecifier, Int, FormatProblem?) {
            (spec, end, FormatProblem(range: range, exception: "java.util." + exception, detail: detail))
        }
        // index()
        if let explicitIndex {
            if let value = int32(explicitIndex) {
                if value <= 0 { return fail("IllegalFormatArgumentIndexException", "Illegal format argument index = \(value)") }
                spec.index = .explicit(Int(value))
            } else {
                return fail("IllegalFormatArgumentIndexException", "Format argument index: (not representable as int)")
            }
        }
        // flags()
        var seen = JavaFlags()
        for k in flags {
            let flag = scalars[k]
            if seen.contains(scalar: flag) { return fail("DuplicateFormatFlagsException", "Flags = '\(Character(flag))'") }
            seen.insert(scalar: flag)
        }
        if seen.contains("<") { spec.index = .relative }
        // width(), precision()
        if let widthText {
            guard let value = int32(widthText) else { return fail("IllegalFormatWidthException", "\(Int32.min)") }
            spec.width = value
        }
        if let precisionText {
            guard let value = int32(precisionText) else { return fail("IllegalFormatPrecisionException", "\(Int32.min)") }
            spec.precision = value
        }
        // An ASCII letter or `%` (the regex's conversion).
        let upper = conversionScalar.value >= 65 && conversionScalar.value <= 90
        if let dateTime {
            spec.conversion = Character(dateTime)
            spec.dateTimeSuffix = Character(conversionScalar)
            // checkDateTime()
            if let p = spec.precision { return fail("IllegalFormatPrecisionException", "\(p)") }
            if !Self.dateTimeSuffixes.contains(Character(conversionScalar)) {
                return fail("UnknownFormatConversionException", "Conversion = 't\(Character(conversionScalar))'")
            }
            if let bad = Self.firstBad(seen, "#+ 0,(") { return fail("FormatFlagsConversionMismatchException", "Conversion = \(Character(conversionScalar)), Flags = \(bad)") }
            if spec.width == nil && seen.contains("-") { return fail("MissingFormatWidthException", toString(spec, seen, upper: dateTime == "T")) }
            return (spec, end, nil)
        }
        // conversion()
        guard Self.isSimpleConversion(conversionScalar) else {
            return fail("UnknownFormatConversionException", "Conversion = '\(Character(conversionScalar))'")
        }
        let c = Character(upper ? Unicode.Scalar(UInt8(conversionScalar.value) | 0x20) : conversionScalar)
        if c == "%" || c == "n" { spec.index = .none }
        var flagsWithCase = seen
        if upper { flagsWithCase.insert("^") }
        switch c {
        case "b", "h", "s":
            // checkGeneral() (`#` on `%s` fails only when a value is printed: see javaPrintFailure).
            if c != "s", seen.contains("#") { return fail("FormatFlagsConversionMismatchException", "Conversion = \(c), Flags = #") }
            if spec.width == nil && seen.contains("-") { return fail("MissingFormatWidthException", toString(spec, seen, upper: upper)) }
            if let bad = Self.firstBad(seen, "+ 0,(") { return fail("FormatFlagsConversionMismatchException", "Conversion = \(c), Flags = \(bad)") }
        case "c":
            if let p = spec.precision { return fail("IllegalFormatPrecisionException", "\(p)") }
            if let bad = Self.firstBad(seen, "#+ 0,(") { return fail("FormatFlagsConversionMismatchException", "Conversion = \(c), Flags = \(bad)") }
            if spec.width == nil && seen.contains("-") { return fail("MissingFormatWidthException", toString(spec, seen, upper: upper)) }
        case "d", "o", "x":
            if let problem = checkNumeric(spec, seen, flagsWithCase, upper: upper) { return fail(problem.0, problem.1) }
            if let p = spec.precision { return fail("IllegalFormatPrecisionException", "\(p)") }
            if c == "d", seen.contains("#") { return fail("FormatFlagsConversionMismatchException", "Conversion = d, Flags = #") }
            if c != "d", seen.contains(",") { return fail("FormatFlagsConversionMismatchException", "Conversion = \(c), Flags = ,") }
        case "e", "f", "g", "a":
            if let problem = checkNumeric(spec, seen, flagsWithCase, upper: upper) { return fail(problem.0, problem.1) }
            if c == "a", let bad = Self.firstBad(seen, "(,") { return fail("FormatFlagsConversionMismatchException", "Conversion = a, Flags = \(bad)") }
            if c == "e", seen.contains(",") { return fail("FormatFlagsConversionMismatchException", "Conversion = e, Flags = ,") }
            if c == "g", seen.contains("#") { return fail("FormatFlagsConversionMismatchException", "Conversion = g, Flags = #") }
        default:
            // checkText(): `%%` and `%n`.
            if let p = spec.precision { return fail("IllegalFormatPrecisionException", "\(p)") }
            if c == "%" {
                if !(seen.isEmpty || seen == ["-"]) { return fail("IllegalFormatFlagsException", "Flags = '\(Self.flagString(flagsWithCase))'") }
                if spec.width == nil && seen.contains("-") { return fail("MissingFormatWidthException", toString(spec, seen, upper: upper)) }
            } else {
                if let w = spec.width { return fail("IllegalFormatWidthException", "\(w)") }
                if !flagsWithCase.isEmpty { return fail("IllegalFormatFlagsException", "Flags = '\(Self.flagString(flagsWithCase))'") }
            }
        }
        return (spec, end, nil)
    }

    /// `checkNumeric()`: `-` and `0` need a width; `+` with ` `, `-` with `0` are illegal.
    func checkNumeric(_ spec: FormatSpecifier, _ seen: JavaFlags, _ withCase: JavaFlags, upper: Bool) -> (String, String)? {
        if spec.width == nil && (seen.contains("-") || seen.contains("0")) { return ("MissingFormatWidthException", toString(spec, seen, upper: upper)) }
        if (seen.contains("+") && seen.contains(" ")) || (seen.contains("-") && seen.contains("0")) {
            return ("IllegalFormatFlagsException", "Flags = '\(Self.flagString(withCase))'")
        }
        return nil
    }

    static func firstBad(_ seen: JavaFlags, _ bad: String) -> Character? { seen.isEmpty ? nil : bad.first { seen.contains($0) } }

    /// `Formatter.Flags.toString()`: flags in a fixed order.
    static func flagString(_ flags: JavaFlags) -> String {
        String("-^#+ 0,(<".filter { flags.contains($0) })
    }

    /// `FormatSpecifier.toString()`: flags (without the upper-case marker), index, width,
    /// precision, conversion.
    func toString(_ spec: FormatSpecifier, _ flags: JavaFlags, upper: Bool) -> String {
        var out = "%" + Self.flagString(flags)
        if case .explicit(let n) = spec.index { out += "\(n)$" }
        if let w = spec.width { out += "\(w)" }
        if let p = spec.precision { out += ".\(p)" }
        if let suffix = spec.dateTimeSuffix { out += upper ? "T" : "t"; out += String(suffix) } else { out += String(spec.conversion) }
        return out
    }

    /// `Formatter.format`: ordinary specifiers count on their own (`%2$s %s` reads 2 then 1); a
    /// relative one reads what the one before it read.
    mutating func resolveArguments() {
        var ordinary = 0
        var last: Int?
        for i in specifiers.indices {
            switch specifiers[i].index {
            case .none: continue
            case .ordinary:
                ordinary += 1
                last = ordinary
            case .explicit(let n):
                last = n
            case .relative:
                break
            }
            specifiers[i].argument = last
        }
    }
}

/// A set of `java.util.Formatter` flags (`-^#+ 0,(<`, `^` standing for an upper-case
/// conversion), as bits: the checks run on every specifier, and a `Set<Character>` hashed each
/// flag it was asked about.
struct JavaFlags: Equatable, ExpressibleByArrayLiteral {
    var bits: UInt16 = 0

    init() {}
    init(bits: UInt16) { self.bits = bits }
    init(arrayLiteral elements: Character...) { for e in elements { insert(e) } }
    init(_ flags: String) { for e in flags { insert(e) } }

    static let space: UInt16 = 16

    /// ``bit(_:)`` of a scalar.
    @inline(__always)
    static func bit(_ s: Unicode.Scalar) -> UInt16 {
        switch s.value {
        case 0x2D: 1     // -
        case 0x5E: 2     // ^
        case 0x23: 4     // #
        case 0x2B: 8     // +
        case 0x20: 16    // space
        case 0x30: 32    // 0
        case 0x2C: 64    // ,
        case 0x28: 128   // (
        case 0x3C: 256   // <
        default: 0
        }
    }
    func contains(scalar s: Unicode.Scalar) -> Bool { bits & Self.bit(s) != 0 }
    mutating func insert(scalar s: Unicode.Scalar) { bits |= Self.bit(s) }

    static func bit(_ c: Character) -> UInt16 {
        switch c {
        case "-": 1
        case "^": 2
        case "#": 4
        case "+": 8
        case " ": 16
        case "0": 32
        case ",": 64
        case "(": 128
        case "<": 256
        default: 0
        }
    }

    var isEmpty: Bool { bits == 0 }
    func contains(_ c: Character) -> Bool { bits & Self.bit(c) != 0 }
    mutating func insert(_ c: Character) { bits |= Self.bit(c) }
}
