import Synchronization

/// One `%…` specifier as the platform reads it.
///
/// A specifier is a plain value without references: the checker copies every string's
/// specifiers several times, and a copy is a `memcpy` (an array of specifiers is freed without
/// visiting them).
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
