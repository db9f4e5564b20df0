/// A printf format exactly as the platform's own formatter reads it: Android's
/// `java.util.Formatter` (what `getString(id, args…)` and `getQuantityString` run) or Apple's
/// `String(format:)` / CFString (what a String Catalog's localized format goes through).
///
/// Unlike ``PrintfFormat`` — which reads a catalog generously for importing ("100% sure" is
/// prose) — this model answers what the app will *do* with the text: which argument every
/// specifier reads, as which type, and what the formatter rejects before reading any argument
/// (Java throws on the first such problem). The checker's `format-mismatch` rule compares a
/// translation's specifiers with the source's through ``FormatCompatibility``.
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
    public var dialect: PrintfFormat.Dialect
    /// Every specifier in order, `%%` and `%n` included (they read no argument).
    public var specifiers: [FormatSpecifier]
    /// What the formatter rejects, in text order. Java throws the first one before any argument
    /// is read (`String.format` parses the whole format first).
    public var problems: [FormatProblem]

    public init(dialect: PrintfFormat.Dialect, specifiers: [FormatSpecifier], problems: [FormatProblem]) {
        self.dialect = dialect
        self.specifiers = specifiers
        self.problems = problems
    }

    /// The specifiers that read an argument.
    public var argumentSpecifiers: [FormatSpecifier] { specifiers.filter(\.readsArgument) }

    /// The highest argument number read (0 when none).
    public var argumentCount: Int { specifiers.compactMap(\.argument).max() ?? 0 }

    public static func parse(_ text: String, dialect: PrintfFormat.Dialect) -> FormatString {
        // Both parsers act only at '%': text without one has no specifier and no problem.
        var text = text
        let scalars: [Unicode.Scalar]? = text.withUTF8 { bytes in
            guard bytes.contains(0x25) else { return nil }
            return scalarArray(bytes)
        }
        guard let scalars else { return FormatString(dialect: dialect, specifiers: [], problems: []) }
        switch dialect {
        case .java:
            var parser = JavaFormatParser(scalars: scalars)
            return parser.parse()
        case .apple:
            var parser = AppleFormatParser(scalars: scalars)
            return parser.parse()
        }
    }
}

/// The scalars of valid UTF-8 (a String's), decoded in one pass (`Array(text.unicodeScalars)`
/// counts them first).
func scalarArray(_ bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
    [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
        var i = 0
        var o = 0
        let n = bytes.count
        while i < n {
            let b = UInt32(bytes[i])
            var v: UInt32
            if b < 0x80 {
                v = b
                i += 1
            } else if b < 0xE0 {
                v = (b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                i += 2
            } else if b < 0xF0 {
                v = (b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                i += 3
            } else {
                v = (b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                i += 4
            }
            buffer.initializeElement(at: o, to: Unicode.Scalar(v) ?? "\u{FFFD}")
            o += 1
        }
        count = o
    }
}

/// One `%…` specifier as the platform reads it.
public struct FormatSpecifier: Hashable, Sendable {
    /// How the specifier names its argument.
    public enum Index: Hashable, Sendable {
        /// The next argument in order (`%s`): Java counts these separately from explicit ones.
        case ordinary
        /// `%2$s`.
        case explicit(Int)
        /// Java's `%<s`: the argument the previous specifier read.
        case relative
        /// `%%`, `%n`: no argument.
        case none
    }

    /// As written: `%1$s`, `%<tH`, `%lld`, `%#@count@`, `%arg`.
    public var text: String
    /// Unicode scalar offsets in the format.
    public var range: Range<Int>
    public var index: Index {
        get {
            switch indexCode {
            case Self.ordinaryCode: .ordinary
            case Self.relativeCode: .relative
            case Self.noneCode: .none
            default: .explicit(indexCode)
            }
        }
        set { indexCode = Self.code(newValue) }
    }
    /// The 1-based argument the specifier reads, once resolved (nil for `%%`, `%n`, a relative
    /// index with nothing before it, an index the formatter rejects, and `%arg`, whose argument
    /// is its substitution's).
    public var argument: Int? {
        get { argumentValue == Int.min ? nil : argumentValue }
        set { argumentValue = newValue ?? Int.min }
    }
    public var flags: String
    public var width: Int? {
        get { widthValue == Int.min ? nil : widthValue }
        set { widthValue = newValue ?? Int.min }
    }
    public var precision: Int? {
        get { precisionValue == Int.min ? nil : precisionValue }
        set { precisionValue = newValue ?? Int.min }
    }
    /// Apple length modifier: `hh`, `h`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`.
    public var length: String
    /// The conversion character: `s`, `d`, `@`, `%`, `n`; `t`/`T` for Java date/time (see
    /// ``dateTimeSuffix``).
    public var conversion: Character {
        get { Character(Unicode.Scalar(conversionScalar)!) }
        set { conversionScalar = Self.scalar(newValue) }
    }
    /// Java `%tH`: `H`.
    public var dateTimeSuffix: Character? {
        get { suffixScalar == UInt32.max ? nil : Character(Unicode.Scalar(suffixScalar)!) }
        set { suffixScalar = newValue.map(Self.scalar) ?? UInt32.max }
    }
    /// Apple `%#@name@`: the substitution's name; `%arg`: "".
    public var substitution: String?

    // Stored compactly (a specifier is 120 bytes, not 176: the checker keeps every string's):
    // nil as `Int.min`, the index as one number, the one-scalar characters as their scalars.
    private var indexCode: Int
    private var argumentValue: Int
    private var widthValue: Int
    private var precisionValue: Int
    private var conversionScalar: UInt32
    private var suffixScalar: UInt32

    private static let ordinaryCode = Int.min
    private static let relativeCode = Int.min + 1
    private static let noneCode = Int.min + 2

    private static func code(_ index: Index) -> Int {
        switch index {
        case .ordinary: ordinaryCode
        case .relative: relativeCode
        case .none: noneCode
        case .explicit(let n):
            // Never one of the codes above (an index is read from at most a few digits).
            n
        }
    }

    /// A conversion or date/time suffix is one scalar (the parsers read one).
    private static func scalar(_ character: Character) -> UInt32 {
        precondition(character.unicodeScalars.count == 1, "a format conversion is one Unicode scalar")
        return character.unicodeScalars.first!.value
    }

    init(text: String, range: Range<Int>, index: Index, argument: Int?, flags: String, width: Int?, precision: Int?, length: String,
         conversion: Character, dateTimeSuffix: Character?, substitution: String?) {
        self.text = text
        self.range = range
        self.flags = flags
        self.length = length
        self.substitution = substitution
        indexCode = Self.code(index)
        argumentValue = argument ?? Int.min
        widthValue = width ?? Int.min
        precisionValue = precision ?? Int.min
        conversionScalar = Self.scalar(conversion)
        suffixScalar = dateTimeSuffix.map(Self.scalar) ?? UInt32.max
    }

    /// Whether the specifier reads an argument (everything but `%%` and `%n`).
    public var readsArgument: Bool { index != .none || substitution == "" }

    /// How `java.util.Formatter` names the specifier in its exceptions (`%3$s`, `%<s`, `%-d`):
    /// flags, index, width, precision, conversion.
    public var javaDescription: String {
        var out = "%" + JavaFormatParser.flagString(JavaFlags(flags))
        if case .explicit(let n) = index { out += "\(n)$" }
        if let width { out += "\(width)" }
        if let precision { out += ".\(precision)" }
        out += String(conversion)
        if let dateTimeSuffix { out += String(dateTimeSuffix) }
        return out
    }

    /// A stray percent sign that the formatter nevertheless reads as a specifier because a flag
    /// and a conversion letter follow (`100% sure` → `% s`, Apple): real text, not a specifier
    /// anyone wrote on purpose.
    public var looksLikeProse: Bool {
        flags.contains(" ") && !"dDiuUoOxXeEfFgGaA".contains(conversion)
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

// MARK: - Java

/// `java.util.Formatter.parse` as in openjdk-17: a `%` followed by a valid conversion character
/// is a specifier at once; anything else must match
/// `%(\d+\$)?([-#+ 0,(\<]*)?(\d+)?(\.\d+)?([tT])?([a-zA-Z%])` starting at that `%`, or
/// `UnknownFormatConversionException` is thrown for the character after it. Each specifier is then
/// checked as `Formatter.FormatSpecifier`'s constructor does.
struct JavaFormatParser {
    let scalars: [Unicode.Scalar]
    var specifiers: [FormatSpecifier] = []
    var problems: [FormatProblem] = []

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

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
        var percents = 0
        for s in scalars where s == "%" { percents += 1 }
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
                specifiers.append(FormatSpecifier(text: text(start..<end), range: start..<end, index: .explicit(int32(i..<end - 2)!),
                                                  argument: nil, flags: "", width: nil, precision: nil, length: "",
                                                  conversion: Character(scalars[end - 1]), dateTimeSuffix: nil, substitution: nil))
                i = end
                continue
            }
            if Self.isSimpleConversion(c) {
                var spec = FormatSpecifier(text: text(start..<i + 1), range: start..<i + 1, index: .ordinary, argument: nil,
                                           flags: "", width: nil, precision: nil, length: "", conversion: Character(c),
                                           dateTimeSuffix: nil, substitution: nil)
                if c == "%" || c == "n" { spec.index = .none }
                specifiers.append(spec)
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
        let flags = j > flagsStart ? text(flagsStart..<j) : ""
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

        var spec = FormatSpecifier(text: text(range), range: range, index: .ordinary, argument: nil, flags: flags,
                                   width: nil, precision: nil, length: "", conversion: Character(conversionScalar),
                                   dateTimeSuffix: nil, substitution: nil)
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
        for flag in flags {
            if seen.contains(flag) { return fail("DuplicateFormatFlagsException", "Flags = '\(flag)'") }
            seen.insert(flag)
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
    init(arrayLiteral elements: Character...) { for e in elements { insert(e) } }
    init(_ flags: String) { for e in flags { insert(e) } }

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

// MARK: - Apple

/// CFString's format reading, as `String(format:)` does it: `%[n$][flags][width][.precision][length]conversion`,
/// flags `-+ #0'`, `*` for a width or precision taken from the arguments, String Catalog
/// substitutions `%#@name@` (which read an argument like any specifier) and `%arg`.
/// A `%` before a character that is no conversion stays text.
struct AppleFormatParser {
    let scalars: [Unicode.Scalar]
    var specifiers: [FormatSpecifier] = []

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

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

    @inline(__always)
    static func isLengthModifier(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "h", "l", "q", "L", "z", "t", "j": true
        default: false
        }
    }

    func text(_ range: Range<Int>) -> String {
        String(scalars: scalars[range])
    }

    /// ASCII digits as `Int(String)` reads them: nil when the value does not fit in an `Int`.
    static func number(_ digits: ArraySlice<Unicode.Scalar>) -> Int? {
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
        var percents = 0
        for s in scalars where s == "%" { percents += 1 }
        specifiers.reserveCapacity(percents)
        while i < n {
            guard scalars[i] == "%" else { i += 1; continue }
            let start = i
            if i + 1 < n && scalars[i + 1] == "%" {
                specifiers.append(FormatSpecifier(text: "%%", range: start..<i + 2, index: .none, argument: nil, flags: "", width: nil,
                                                  precision: nil, length: "", conversion: "%", dateTimeSuffix: nil, substitution: nil))
                i += 2
                continue
            }
            if i + 3 < n && scalars[i + 1] == "a" && scalars[i + 2] == "r" && scalars[i + 3] == "g" {
                specifiers.append(FormatSpecifier(text: "%arg", range: start..<i + 4, index: .none, argument: nil, flags: "", width: nil,
                                                  precision: nil, length: "", conversion: "@", dateTimeSuffix: nil, substitution: ""))
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
                    specifiers.append(FormatSpecifier(text: text(start..<m + 1), range: start..<m + 1,
                                                      index: explicit.map { .explicit($0) } ?? .ordinary, argument: argument,
                                                      flags: "#", width: nil, precision: nil, length: "", conversion: "@",
                                                      dateTimeSuffix: nil, substitution: text(j + 2..<m)))
                    i = m + 1
                    continue
                }
            }
            let flagsStart = j
            while j < n, Self.isFlag(scalars[j]) { j += 1 }
            let flags = j == flagsStart ? "" : text(flagsStart..<j)
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
            var length = ""
            // hh, ll, then h, l, q, L, z, t, j (the first that matches, as written here before).
            if j + 1 < n && (scalars[j] == "h" || scalars[j] == "l") && scalars[j + 1] == scalars[j] {
                length = scalars[j] == "h" ? "hh" : "ll"
                j += 2
            } else if j < n, Self.isLengthModifier(scalars[j]) {
                length = String(Character(scalars[j]))
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
            specifiers.append(FormatSpecifier(text: text(start..<j + 1), range: start..<j + 1,
                                              index: explicit.map { .explicit($0) } ?? .ordinary, argument: argument, flags: flags,
                                              width: width, precision: precision, length: length, conversion: Character(scalars[j]),
                                              dateTimeSuffix: nil, substitution: nil))
            i = j + 1
        }
        return FormatString(dialect: .apple, specifiers: specifiers, problems: [])
    }
}

// MARK: - Compatibility

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
            if spec.dateTimeSuffix != nil { self = .calendar; return }
            switch spec.conversion.lowercased() {
            case "d", "o", "x": self = .integer
            case "e", "f", "g", "a": self = .double
            case "c": self = .character
            case "b": self = .boolean
            default: self = .string
            }
        }
    }

    /// Whether Java's formatter accepts `value` for `spec` (else `IllegalFormatConversionException`).
    public static func javaAccepts(_ spec: FormatSpecifier, _ value: JavaValue) -> Bool {
        if spec.dateTimeSuffix != nil { return value == .calendar }
        switch spec.conversion.lowercased() {
        case "d", "o", "x": return value == .integer
        case "e", "f", "g", "a": return value == .double
        case "c": return value == .character || value == .integer
        default: return true
        }
    }

    /// How Java prints a value for a conversion, for comparing: the same kind means the same
    /// text up to width, flags and case.
    static func javaPresentation(_ spec: FormatSpecifier) -> String {
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
            let c = spec.conversion
            switch c {
            case "@": self = .object
            case "s": self = spec.length == "l" ? .wideString : .cString
            case "S": self = .wideString
            case "p": self = .pointer
            case "e", "E", "f", "F", "g", "G", "a", "A": self = spec.length == "L" ? .longDouble : .double
            case "D", "U", "O": self = .int64
            default:
                self = ["l", "ll", "q", "z", "t", "j"].contains(spec.length) ? .int64 : .int32
            }
        }
    }

    static func applePresentation(_ spec: FormatSpecifier) -> String {
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

    /// What `translation` does with the argument the app passes for `source` (both reading the
    /// same argument), or nil when it prints the same value.
    ///
    /// Apple storage overrides (a substitution's `formatSpecifier`) can be passed for `%#@…@`
    /// and `%arg`, which carry no type of their own.
    public static func consequence(source: FormatSpecifier, translation: FormatSpecifier, dialect: PrintfFormat.Dialect,
                                   sourceStorage: AppleStorage? = nil, translationStorage: AppleStorage? = nil) -> Consequence? {
        switch dialect {
        case .java:
            let value = JavaValue(passedFor: source)
            if !javaAccepts(translation, value) {
                let conversion = translation.dateTimeSuffix.map(String.init) ?? String(translation.conversion.lowercased())
                return Consequence(kind: .crash, exception: "java.util.IllegalFormatConversionException",
                                   detail: "\(conversion) != \(value.rawValue)")
            }
            let printed = javaPresentation(translation)
            let expected = javaPresentation(source)
            if printed == expected { return nil }
            // %s prints any value as its text: the same digits as %d (dates excepted).
            if printed == "text" && value != .calendar { return nil }
            return Consequence(kind: .wrongValue, exception: nil,
                               detail: "it prints the \(JavaValue(passedFor: source) == .string ? "text" : "value") as a \(printed) instead of a \(expected)")
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
            if source.substitution != nil || translation.substitution != nil { return nil }
            let printed = applePresentation(translation)
            let expected = applePresentation(source)
            if printed == expected { return nil }
            return Consequence(kind: .wrongValue, exception: nil,
                               detail: "it prints the number as a \(printed) instead of a \(expected)")
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
                let conversion = spec.dateTimeSuffix.map(String.init) ?? String(spec.conversion.lowercased())
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
        guard spec.dateTimeSuffix == nil else { return nil }
        let c = spec.conversion.lowercased()
        if c == "s", spec.flags.contains("#") { return "Conversion = s, Flags = #" }
        if c == "o" || c == "x", let bad = "( +".first(where: { spec.flags.contains($0) }) { return "Conversion = \(c), Flags = \(bad)" }
        return nil
    }
}

extension FormatSpecifier {
    /// An Apple specifier without flags, width, precision or substitution (`%@`, `%lld`,
    /// `%1$@`), as ``FormatString/parse(_:dialect:)`` makes it: for a reader that scans a
    /// string's bytes itself. `explicit`: the `N$` index, if written; `argument`: the argument it
    /// reads (`explicit`, or its place among the ordinary ones).
    public static func plainApple(text: String, range: Range<Int>, explicit: Int?, argument: Int, length: String,
                                  conversion: Unicode.Scalar) -> FormatSpecifier {
        FormatSpecifier(text: text, range: range, index: explicit.map { .explicit($0) } ?? .ordinary, argument: argument, flags: "",
                        width: nil, precision: nil, length: length, conversion: Character(conversion), dateTimeSuffix: nil,
                        substitution: nil)
    }
}
