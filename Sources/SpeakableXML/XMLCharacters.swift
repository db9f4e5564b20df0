/// XML 1.0's byte classes, defined once for both readers of XML: ``XMLReader`` and the Android
/// string scanner (which reads names in ASCII only and leaves any other to the reader).
///
/// ```swift
/// XMLCharacters.isSpace(0x0A)                          // true
/// XMLCharacters.isASCIINameStart(UInt8(ascii: "_"))    // true
/// XMLCharacters.isASCIINameChar(UInt8(ascii: "-"))     // true
/// XMLCharacters.isASCIINameStart(UInt8(ascii: "-"))    // false
/// ```
public enum XMLCharacters {
    /// XML's white space (`S`): space, tab, LF, CR.
    @inlinable
    public static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// `A`–`Z`, `_`, `a`–`z` among 0x40–0x7F (bit `b - 0x40`).
    @inlinable
    static var letters: UInt64 { 0x07FF_FFFE_87FF_FFFE }

    /// A name start among 0x00–0x3F: `:`.
    @inlinable
    static var startBelow40: UInt64 { 1 << 0x3A }

    /// A name character among 0x00–0x3F: `-`, `.`, `0`–`9`, `:`.
    @inlinable
    static var charBelow40: UInt64 { 0x07FF_6000_0000_0000 }

    /// An ASCII byte that may start a name (`NameStartChar`): `:`, `A`–`Z`, `_`, `a`–`z`. False
    /// from 0x80 up (a non-ASCII name start is judged by its scalar).
    @inlinable
    public static func isASCIINameStart(_ b: UInt8) -> Bool {
        b < 0x40 ? (startBelow40 &>> UInt64(b)) & 1 != 0 : b < 0x80 ? (letters &>> UInt64(b - 0x40)) & 1 != 0 : false
    }

    /// An ASCII byte that may continue a name (`NameChar`): a name start, `-`, `.`, `0`–`9`. False
    /// from 0x80 up.
    @inlinable
    public static func isASCIINameChar(_ b: UInt8) -> Bool {
        b < 0x40 ? (charBelow40 &>> UInt64(b)) & 1 != 0 : b < 0x80 ? (letters &>> UInt64(b - 0x40)) & 1 != 0 : false
    }
}
