import Synchronization

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

/// The scalars of valid UTF-8 (a String's), decoded in one pass (`Array(text.unicodeScalars)`
/// counts them first).
func scalarArray(_ bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
    [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
        count = decodeScalars(bytes, into: buffer)
    }
}

/// Decodes valid UTF-8 into `buffer` (at least `bytes.count` long); returns the scalar count.
func decodeScalars(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>) -> Int {
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
        return o
}

/// One `%…` specifier as the platform reads it.
///
/// A specifier is a plain value without references: the checker copies every string's
/// specifiers several times, and four `String`s a specifier were four retains and releases a
/// copy (now a copy is a `memcpy`, and an array of specifiers is freed without visiting them).
/// Its text is kept as UTF-8 bytes in the value — a text longer than 24 bytes (a long
/// substitution name) as its number in a process-wide table of such texts — and its flags,
/// length modifier and substitution name as places in that text.
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
    public var text: String {
        if longText != 0 { return LongSpecifierTexts.text(longText) }
        let count = Int(textCount)
        return String(unsafeUninitializedCapacity: count) { buffer in
            for k in 0..<count { buffer[k] = textByte(k) }
            return count
        }
    }
    /// Unicode scalar offsets in the format.
    public var range: Range<Int> {
        get { lower..<upper }
        set { lower = newValue.lowerBound; upper = newValue.upperBound }
    }
    public var index: Index {
        get {
            switch indexCode {
            case Self.ordinaryCode: .ordinary
            case Self.relativeCode: .relative
            case Self.noneCode: .none
            default: .explicit(Int(indexCode))
            }
        }
        set { indexCode = Self.code(newValue) }
    }
    /// The 1-based argument the specifier reads, once resolved (nil for `%%`, `%n`, a relative
    /// index with nothing before it, an index the formatter rejects, and `%arg`, whose argument
    /// is its substitution's).
    public var argument: Int? {
        get { argumentValue == Int32.min ? nil : Int(argumentValue) }
        set { argumentValue = newValue.map { Int32($0) } ?? Int32.min }
    }
    /// The flags as written (`-#+ 0,(<` for Java, `-+ #0'` for Apple).
    public var flags: String { flagsCount == 0 ? "" : textPart(Int(flagsStart)..<Int(flagsStart) + Int(flagsCount)) }
    public var width: Int? {
        get { widthValue == Int.min ? nil : widthValue }
        set { widthValue = newValue ?? Int.min }
    }
    public var precision: Int? {
        get { precisionValue == Int.min ? nil : precisionValue }
        set { precisionValue = newValue ?? Int.min }
    }
    /// Apple length modifier: `hh`, `h`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`.
    public var length: String { Self.lengths[Int(lengthCode)] }
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
    public var substitution: String? {
        switch substitutionKind {
        case Self.named: textPart(Int(nameStart)..<utf8Count - 1)
        case Self.arg: ""
        default: nil
        }
    }

    // Stored compactly, without references: nil as `Int.min` / `Int32.min`, the index as one
    // number, the one-scalar characters as their scalars, the text's UTF-8 in `t0`…`t2` (a
    // `longText` of 0) or, past 24 bytes, as its number in `LongSpecifierTexts`; flags and substitution name as byte offsets
    // in the text (their prefix is ASCII), the length modifier as its place in `lengths`.
    private var lower: Int
    private var upper: Int
    private var widthValue: Int
    private var precisionValue: Int
    private var indexCode: Int32
    private var argumentValue: Int32
    /// ``conversion``'s Unicode scalar value (ASCII from the parsers), for comparing without
    /// making a `Character`.
    public internal(set) var conversionScalar: UInt32
    var suffixScalar: UInt32
    private var t0: UInt64 = 0
    private var t1: UInt64 = 0
    private var t2: UInt64 = 0
    private var longText: UInt32 = 0
    private var flagsStart: UInt32 = 0
    private var flagsCount: UInt32 = 0
    private var nameStart: UInt32 = 0
    private var textCount: UInt8 = 0
    private var lengthCode: UInt8 = 0
    private var substitutionKind: UInt8 = 0
    /// The flags as ``JavaFlags`` bits (Apple's `'` has none).
    var flagBits: UInt16 = 0

    private static let inlineCapacity = 24
    private static let named: UInt8 = 1
    private static let arg: UInt8 = 2
    static let lengths = ["", "hh", "h", "l", "ll", "q", "L", "z", "t", "j"]

    private static let ordinaryCode = Int32.min
    private static let relativeCode = Int32.min + 1
    private static let noneCode = Int32.min + 2

    private static func code(_ index: Index) -> Int32 {
        switch index {
        case .ordinary: ordinaryCode
        case .relative: relativeCode
        case .none: noneCode
        case .explicit(let n):
            // Never one of the codes above (an index is read from at most a few digits, and is
            // at most Int32.max: Java's `int`, Apple's below 10 000).
            Int32(n)
        }
    }

    static func lengthCode(_ length: String) -> UInt8 {
        switch length {
        case "": 0
        case "hh": 1
        case "h": 2
        case "l": 3
        case "ll": 4
        case "q": 5
        case "L": 6
        case "z": 7
        case "t": 8
        case "j": 9
        default: preconditionFailure("not a length modifier: \(length)")
        }
    }

    /// A conversion or date/time suffix is one scalar (the parsers read one).
    private static func scalar(_ character: Character) -> UInt32 {
        precondition(character.unicodeScalars.count == 1, "a format conversion is one Unicode scalar")
        return character.unicodeScalars.first!.value
    }

    @inline(__always)
    private func textByte(_ k: Int) -> UInt8 {
        let word = k < 8 ? t0 : k < 16 ? t1 : t2
        return UInt8(truncatingIfNeeded: word >> UInt64((k & 7) * 8))
    }

    private var utf8Count: Int { longText != 0 ? LongSpecifierTexts.text(longText).utf8.count : Int(textCount) }

    /// The text's UTF-8 bytes in `bytes` (offsets in the text).
    private func textPart(_ bytes: Range<Int>) -> String {
        if longText != 0 { return String(decoding: Array(LongSpecifierTexts.text(longText).utf8)[bytes], as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for k in bytes { buffer[k - bytes.lowerBound] = textByte(k) }
            return bytes.count
        }
    }

    /// Sets the text from its scalars: inline when ASCII and short, else through a `String`.
    private mutating func setText(_ scalars: Slice<UnsafeBufferPointer<Unicode.Scalar>>) {
        if scalars.count <= Self.inlineCapacity {
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            var ascii = true
            var k = 0
            for s in scalars {
                let v = s.value
                if v >= 0x80 { ascii = false; break }
                let shifted = UInt64(v) << UInt64((k & 7) * 8)
                if k < 8 { words.0 |= shifted } else if k < 16 { words.1 |= shifted } else { words.2 |= shifted }
                k += 1
            }
            if ascii {
                (t0, t1, t2) = words
                textCount = UInt8(scalars.count)
                return
            }
        }
        setText(String(scalars: scalars))
    }

    /// Sets the text from a `String`: inline when at most 24 UTF-8 bytes.
    private mutating func setText(_ string: String) {
        var string = string
        let inline: Bool = string.withUTF8 { bytes in
            guard bytes.count <= Self.inlineCapacity else { return false }
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            for (k, b) in bytes.enumerated() {
                let shifted = UInt64(b) << UInt64((k & 7) * 8)
                if k < 8 { words.0 |= shifted } else if k < 16 { words.1 |= shifted } else { words.2 |= shifted }
            }
            (t0, t1, t2) = words
            textCount = UInt8(bytes.count)
            return true
        }
        if !inline { longText = LongSpecifierTexts.number(string) }
    }

    /// The numbers and codes every specifier has (the text, flags and name are set after).
    private init(range: Range<Int>, index: Index, argument: Int?, width: Int?, precision: Int?, conversion: UInt32,
                 suffix: UInt32, lengthCode: UInt8) {
        lower = range.lowerBound
        upper = range.upperBound
        indexCode = Self.code(index)
        argumentValue = argument.map { Int32($0) } ?? Int32.min
        widthValue = width ?? Int.min
        precisionValue = precision ?? Int.min
        conversionScalar = conversion
        suffixScalar = suffix
        self.lengthCode = lengthCode
    }

    /// A specifier whose text is `scalars`; `flags`: where its flags are in it (scalar offsets,
    /// all ASCII before them); `substitutionName`: the same for `%#@name@`'s name (`%arg`: an
    /// empty range at the end).
    init(scalars: Slice<UnsafeBufferPointer<Unicode.Scalar>>, range: Range<Int>, index: Index, argument: Int?, flags: Range<Int>,
         width: Int?, precision: Int?, lengthCode: UInt8, conversion: Unicode.Scalar, dateTimeSuffix: Unicode.Scalar?,
         substitutionName: Range<Int>?) {
        self.init(range: range, index: index, argument: argument, width: width, precision: precision,
                  conversion: conversion.value, suffix: dateTimeSuffix?.value ?? UInt32.max, lengthCode: lengthCode)
        if !flags.isEmpty {
            flagsStart = UInt32(flags.lowerBound)
            flagsCount = UInt32(flags.count)
            let base = scalars.startIndex
            for k in flags { flagBits |= JavaFlags.bit(scalars[base + k]) }
        }
        if let substitutionName {
            if substitutionName.isEmpty {
                substitutionKind = Self.arg
            } else {
                substitutionKind = Self.named
                nameStart = UInt32(substitutionName.lowerBound)
            }
        }
        setText(scalars)
    }

    init(text: String, range: Range<Int>, index: Index, argument: Int?, flags: String, width: Int?, precision: Int?, length: String,
         conversion: Character, dateTimeSuffix: Character?, substitution: String?) {
        self.init(range: range, index: index, argument: argument, width: width, precision: precision,
                  conversion: Self.scalar(conversion), suffix: dateTimeSuffix.map(Self.scalar) ?? UInt32.max,
                  lengthCode: Self.lengthCode(length))
        // The text's bytes only where flags or a name are to be found in them.
        let utf8 = flags.isEmpty && (substitution ?? "").isEmpty ? [] : Array(text.utf8)
        if !flags.isEmpty {
            // Flags follow `%` and an optional `N$`.
            var k = 1
            while k < utf8.count && utf8[k] >= 0x30 && utf8[k] <= 0x39 { k += 1 }
            let start = k < utf8.count && utf8[k] == 0x24 ? k + 1 : 1
            precondition(Array(flags.utf8) == Array(utf8[start..<min(utf8.count, start + flags.utf8.count)]),
                         "a specifier's flags follow its % and index")
            flagsStart = UInt32(start)
            flagsCount = UInt32(flags.utf8.count)
            flagBits = JavaFlags(flags).bits
        }
        if let substitution {
            if substitution.isEmpty {
                substitutionKind = Self.arg
            } else {
                substitutionKind = Self.named
                let name = Array(substitution.utf8)
                precondition(utf8.count > name.count + 1 && Array(utf8[utf8.count - 1 - name.count..<utf8.count - 1]) == name,
                             "a substitution's name ends its specifier")
                nameStart = UInt32(utf8.count - 1 - name.count)
            }
        }
        setText(text)
    }

    /// Whether the specifier reads an argument (everything but `%%` and `%n`).
    public var readsArgument: Bool { indexCode != Self.noneCode || substitutionKind == Self.arg }

    /// Whether it is `%%` or `%n` (reads no argument and is no substitution).
    var isLiteral: Bool { indexCode == Self.noneCode && substitutionKind == 0 }
    /// Whether ``substitution`` is not nil (without making its name).
    public var hasSubstitution: Bool { substitutionKind != 0 }
    var argumentCode: Int32 { argumentValue }
    var isRelative: Bool { indexCode == Self.relativeCode }
    var explicitIndex: Int32? { indexCode >= 0 ? indexCode : nil }
    var lengthCodeValue: UInt8 { lengthCode }

    /// How `java.util.Formatter` names the specifier in its exceptions (`%3$s`, `%<s`, `%-d`):
    /// flags, index, width, precision, conversion.
    public var javaDescription: String {
        var out = "%" + JavaFormatParser.flagString(JavaFlags(bits: flagBits))
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
        guard flagBits & JavaFlags.space != 0 else { return false }
        switch conversionScalar {
        case 0x64, 0x44, 0x69, 0x75, 0x55, 0x6F, 0x4F, 0x78, 0x58, 0x65, 0x45, 0x66, 0x46, 0x67, 0x47, 0x61, 0x41: return false  // dDiuUoOxXeEfFgGaA
        default: return true
        }
    }
}

/// The texts of specifiers longer than ``FormatSpecifier``'s 24 inline bytes (`%#@name@` with a
/// long name, a specifier with a long run of digits or flags), each kept once for the life of
/// the process under a number from 1 — what keeps a specifier free of references. They are as
/// many as the distinct long specifiers read (a catalog's substitution names), each read once
/// here per specifier made and when its text is asked for.
enum LongSpecifierTexts {
    private static let table = Mutex<(texts: [String], numbers: [String: UInt32])>(([], [:]))

    static func number(_ text: String) -> UInt32 {
        table.withLock { table in
            if let number = table.numbers[text] { return number }
            table.texts.append(text)
            let number = UInt32(table.texts.count)
            table.numbers[text] = number
            return number
        }
    }

    static func text(_ number: UInt32) -> String {
        table.withLock { $0.texts[Int(number) - 1] }
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

// MARK: - Apple

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

    /// ``plainApple(text:range:explicit:argument:length:conversion:)`` of a specifier written as
    /// `ascii` (its bytes: `%`, an optional `N$`, an optional `l` / `ll` — `lengthCode` 3 / 4, else
    /// 0 — and the conversion, its last byte), without a `String` of its text or its length
    /// (the same value; tested against it).
    public static func plainApple(ascii: UnsafeBufferPointer<UInt8>, range: Range<Int>, explicit: Int?, argument: Int,
                                  lengthCode: UInt8) -> FormatSpecifier {
        precondition(lengthCode == 0 || lengthCode == 3 || lengthCode == 4, "an l or ll length modifier")
        var result = FormatSpecifier(range: range, index: explicit.map { .explicit($0) } ?? .ordinary, argument: argument, width: nil,
                                     precision: nil, conversion: UInt32(ascii[ascii.count - 1]), suffix: UInt32.max,
                                     lengthCode: lengthCode)
        result.setText(ascii: ascii)
        return result
    }

    /// Sets the text from its ASCII bytes: inline when at most 24, else through a `String`.
    private mutating func setText(ascii: UnsafeBufferPointer<UInt8>) {
        guard ascii.count <= Self.inlineCapacity else { return setText(String(decoding: ascii, as: UTF8.self)) }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        for k in 0..<ascii.count {
            let shifted = UInt64(ascii[k]) << UInt64((k & 7) * 8)
            if k < 8 { words.0 |= shifted } else if k < 16 { words.1 |= shifted } else { words.2 |= shifted }
        }
        (t0, t1, t2) = words
        textCount = UInt8(ascii.count)
    }
}
