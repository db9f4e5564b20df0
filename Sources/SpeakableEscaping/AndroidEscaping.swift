/// Android string resources' escaping as aapt2 reads it: ``text(_:atStart:atEnd:afterSpace:)``
/// writes a string's content, ``Decoder`` reads it back (aapt2's decoding, after XML has replaced
/// entities), the one decoding both the resource reader and the string scanner run.
///
/// ```swift
/// AndroidEscaping.text("Don't \"quote\" @me & <you>")   // "Don\\'t \\\"quote\\\" @me &amp; &lt;you&gt;"
/// AndroidEscaping.text("@string/x")                     // "\\@string/x" (not a reference)
/// AndroidEscaping.text("  two  spaces")                 // "\"  two  spaces\"" (quoted: kept as is)
/// AndroidEscaping.text("a\u{1}b\u{FFFE}")                // "a\\u0001b\\uFFFE" (XML cannot carry them; aapt2 decodes these)
/// AndroidEscaping.text("a\u{0}b")                       // "a\u{FFFD}b" (aapt2 cannot store U+0000)
///
/// var decoder = AndroidEscaping.Decoder()
/// decoder.decode(Array(#"  Don\'t "  go"\u0021 "#.utf8))  // 0 unescaped apostrophes
/// decoder.text                                           // "Don't   go!"
/// ```
public enum AndroidEscaping {
    /// A piece of a string's content (between elements): aapt2 trims white space only at the
    /// string's start (`atStart`) and end (`atEnd`), and collapses runs of it — also across an
    /// element (`afterSpace`: the piece before ended with a space) — and reads `@` and `?` as
    /// references only at the start.
    public static func text(_ text: String, atStart: Bool = true, atEnd: Bool = true, afterSpace: Bool = false) -> String {
        // Most strings need nothing: no escapes, no whitespace to protect.
        var plain = true
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x5C, 0x22, 0x27, 0x26, 0x3C, 0x3E, 0x00...0x1F, 0xEF: plain = false
            case 0x20 where previous == 0x20: plain = false
            default: break
            }
            if !plain { break }
            previous = byte
        }
        if plain, let first = text.utf8.first, !atStart || (first != 0x40 && first != 0x3F), first != 0x20 || (!atStart && !afterSpace),
           text.utf8.last != 0x20 || !atEnd { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        appendText(text, to: &out, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``text(_:atStart:atEnd:afterSpace:)`` of `text` to `out` as UTF-8, without making
    /// a string of it, in one append (``escapedSize(_:atStart:atEnd:afterSpace:)``, then
    /// ``write(_:atStart:size:to:)``).
    public static func appendText(_ text: String, to out: inout [UInt8], atStart: Bool = true, atEnd: Bool = true,
                                  afterSpace: Bool = false) {
        var text = text
        text.withUTF8 { bytes in
            let size = escapedSize(bytes, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace)
            out.appendUTF8(count: size.count) { write(bytes, atStart: atStart, size: size, to: &$0) }
        }
    }

    /// What ``write(_:atStart:size:to:)`` makes of a string's UTF-8 `bytes`: how many bytes
    /// (`count`), whether they are `bytes` as they are (`plain`), and whether they go inside
    /// double quotes (`quoted`: white space aapt2 would collapse or trim).
    public static func escapedSize(_ bytes: UnsafeBufferPointer<UInt8>, atStart: Bool = true, atEnd: Bool = true,
                                   afterSpace: Bool = false) -> (count: Int, plain: Bool, quoted: Bool) {
        let count = bytes.count
        guard count > 0 else { return (0, true, false) }
        var quoted = (bytes[0] == 0x20 && (atStart || afterSpace)) || (bytes[count - 1] == 0x20 && atEnd)
        var extra = 0
        var previous: UInt8 = 0
        var i = 0
        while i < count {
            let b = bytes[i]
            // Everything escaped is below 0x40, `@`, `\` or starts U+FFFE/U+FFFF (0xEF); a
            // second space in a row needs quotes.
            if b < 0x40 {
                if specialBytes & (1 << UInt64(b)) != 0 {
                    switch b {
                    case 0x22, 0x27, 0x0A, 0x09: extra += 1  // \" \' \n \t
                    case 0x26: extra += 4                    // &amp;
                    case 0x3C, 0x3E: extra += 3              // &lt; &gt;
                    case 0x3F: if i == 0 && atStart { extra += 1 }  // \?
                    case 0x00: extra += 2                    // U+FFFD
                    default: extra += 5                      // \u0001
                    }
                } else if b == 0x20 && previous == 0x20 {
                    quoted = true
                }
            } else if b == 0x5C {
                extra += 1                                   // \\
            } else if b == 0x40 {
                if i == 0 && atStart { extra += 1 }          // \@
            } else if b == 0xEF && i + 2 < count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE {
                extra += 3                                   // \uFFFE for three bytes
                previous = bytes[i + 2]
                i += 3
                continue
            }
            previous = b
            i += 1
        }
        return (count + extra + (quoted ? 2 : 0), extra == 0 && !quoted, quoted)
    }

    /// ``text(_:atStart:atEnd:afterSpace:)`` of a string's UTF-8 `bytes` written at `cursor`,
    /// which must have room for `size`, the ``escapedSize(_:atStart:atEnd:afterSpace:)`` of the
    /// same bytes and flags.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, atStart: Bool = true, size: (count: Int, plain: Bool, quoted: Bool),
                             to cursor: inout UTF8Cursor) {
        guard !size.plain else {
            cursor.put(bytes)
            return
        }
        let count = bytes.count
        if size.quoted { cursor.put(0x22) }
        var run = 0
        var i = 0
        while i < count {
            let b = bytes[i]
            if b < 0x40 {
                if specialBytes & (1 << UInt64(b)) == 0 {
                    i += 1
                    continue
                }
            } else if b != 0x5C && b != 0x40 && b != 0xEF {
                i += 1
                continue
            }
            var width = 1
            var escape: StaticString = ""
            var unicode: UInt32?
            switch b {
            case 0x5C: escape = "\\\\"
            case 0x22: escape = "\\\""
            case 0x27: escape = "\\'"
            case 0x0A: escape = "\\n"
            case 0x09: escape = "\\t"
            case 0x26: escape = "&amp;"
            case 0x3C: escape = "&lt;"
            case 0x3E: escape = "&gt;"  // `]]>` may not appear in XML text
            case 0x40 where i == 0 && atStart: escape = "\\@"
            case 0x3F where i == 0 && atStart: escape = "\\?"
            case 0x00:
                // aapt2 stores `\u0000` and every character after it as NUL ("x\u0000y" → "x\0\0"):
                // the stand-in keeps the rest of the text.
                escape = "\u{FFFD}"
            case 0x01...0x1F:
                // Not allowed in XML, even as &#…; — aapt2's own \uXXXX escape carries them
                // (and CR, which XML would read as LF).
                unicode = UInt32(b)
            case 0xEF where i + 2 < count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE:
                unicode = bytes[i + 2] == 0xBE ? 0xFFFE : 0xFFFF
                width = 3
            default:
                i += 1
                continue
            }
            if run < i { cursor.put(bytes.baseAddress! + run, count: i - run) }
            if let unicode {
                // ``unicodeEscape(_:)``: `\u` and four upper-case hex digits.
                cursor.put("\\u")
                for shift in stride(from: 12, through: 0, by: -4) {
                    let digit = UInt8((unicode >> UInt32(shift)) & 0xF)
                    cursor.put(digit < 10 ? 0x30 + digit : 0x41 + digit - 10)
                }
            } else {
                cursor.put(escape)
            }
            i += width
            run = i
        }
        if run < count { cursor.put(bytes.baseAddress! + run, count: count - run) }
        if size.quoted { cursor.put(0x22) }
    }

    /// The bytes below 0x40 that ``write(_:atStart:size:to:)`` may not copy as they are, one bit
    /// each: the C0 controls, `"`, `&`, `'`, `<`, `>` and `?`.
    static let specialBytes: UInt64 = 0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E | 1 << 0x3F

    /// aapt2's `\uXXXX` (four upper-case hex digits) for a scalar of the Basic Multilingual Plane.
    ///
    /// ```swift
    /// AndroidEscaping.unicodeEscape("\u{1}")   // "\\u0001"
    /// ```
    public static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u" + HexDigits.padded(scalar.value, width: 4)
    }

    /// White space as aapt2 collapses and trims it: space, tab, LF, CR.
    @inlinable
    public static func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Whether `byte` after `previous` gives aapt2's decoding something to do: an escape, a quote,
    /// an apostrophe, a tab or line break, or a second space in a row. Text without such a byte,
    /// and not ending in a space, decodes to itself.
    @inlinable
    public static func needsDecoding(_ byte: UInt8, after previous: UInt8) -> Bool {
        byte == 0x5C || byte == 0x22 || byte == 0x27 || byte == 0x09 || byte == 0x0A || byte == 0x0D || (byte == 0x20 && previous == 0x20)
    }

    /// aapt2's decoding of a string's text, fed piece by piece (UTF-8, entities already replaced):
    /// `\n`, `\t`, `\uXXXX` and `\c` escapes, double quotes that keep white space, white space
    /// outside them collapsed to one space and trimmed at the start (and, by not writing
    /// ``pendingSpace``, at the end). Escapes, quotes and white space carry over from one piece
    /// to the next, as they do across the text nodes of a string with markup.
    public struct Decoder: Sendable {
        /// The decoded text's UTF-8.
        public private(set) var out: [UInt8] = []
        /// Unicode scalars in ``out``.
        public private(set) var scalars = 0
        /// White space read outside quotes and not yet written: it is written before the next
        /// character (or at an element's edge by ``flushSpace()``).
        public private(set) var pendingSpace = false
        /// The string has style markup: aapt2 then keeps white space at the start of the string
        /// and at elements' edges (``flushSpace()``) rather than trimming it.
        public var styled = false
        var quoted = false
        var escape = false
        /// Hex digits of a `\u` read so far; -1 outside one.
        var digits = -1
        var value: UInt32 = 0

        public init(styled: Bool = false) {
            self.styled = styled
        }

        /// The decoded text.
        public var text: String { String(decoding: out, as: UTF8.self) }

        /// The decoded text from its `scalar`th scalar on.
        public func text(fromScalar scalar: Int) -> String {
            var start = 0
            var seen = 0
            while seen < scalar && start < out.count {
                start += 1
                while start < out.count && out[start] & 0xC0 == 0x80 { start += 1 }
                seen += 1
            }
            return String(decoding: out[start...], as: UTF8.self)
        }

        /// Makes room for `count` bytes of decoded text.
        public mutating func reserveCapacity(_ count: Int) {
            out.reserveCapacity(count)
        }

        /// Starts a new string, keeping the buffer's capacity.
        public mutating func reset() {
            out.removeAll(keepingCapacity: true)
            scalars = 0
            (pendingSpace, quoted, escape, digits, value) = (false, false, false, -1, 0)
        }

        /// Writes a pending white space now (a styled string's element edge).
        public mutating func flushSpace() {
            if pendingSpace {
                out.append(0x20)
                scalars += 1
                pendingSpace = false
            }
        }

        /// Decodes the next piece of the text; returns how many apostrophes outside quotes it
        /// holds (aapt2 rejects them; each is kept in the text).
        @discardableResult
        public mutating func decode(_ text: UnsafeBufferPointer<UInt8>) -> Int {
            var apostrophes = 0
            for b in text {
                if digits >= 0 {
                    if let digit = HexDigits.value(of: b) {
                        value = value << 4 | digit
                        digits += 1
                        if digits == 4 {
                            if let decoded = Unicode.Scalar(value) { emit(UTF8.encode(decoded)!) }
                            digits = -1
                        }
                        continue
                    }
                    digits = -1  // malformed \u: aapt2 drops it
                }
                if escape {
                    escape = false
                    switch b {
                    case 0x6E: emit(0x0A)
                    case 0x74: emit(0x09)
                    case 0x75: digits = 0; value = 0
                    default: emit(b)
                    }
                    continue
                }
                switch b {
                case 0x5C: escape = true
                case 0x22: quoted.toggle()
                case 0x20, 0x09, 0x0A, 0x0D:
                    if quoted { emit(b) } else if !out.isEmpty || styled { pendingSpace = true }
                case 0x27 where !quoted:
                    apostrophes += 1
                    emit(b)
                default:
                    emit(b)
                }
            }
            return apostrophes
        }

        /// Decodes the next piece of the text.
        @discardableResult
        public mutating func decode(_ text: [UInt8]) -> Int {
            text.withUnsafeBufferPointer { decode($0) }
        }

        /// One byte of the text (a scalar's first byte counts the scalar).
        @inline(__always)
        mutating func emit(_ b: UInt8) {
            flushSpace()
            out.append(b)
            if b & 0xC0 != 0x80 { scalars += 1 }
        }

        mutating func emit(_ bytes: UTF8.EncodedScalar) {
            flushSpace()
            out.append(contentsOf: bytes)
            scalars += 1
        }
    }
}
