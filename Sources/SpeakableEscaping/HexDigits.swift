/// Hexadecimal digits of a value, zero-padded: the one spelling of `\u0001`, `U+0001`,
/// `<cp hex="0001"/>` and `0x0A` in escapes and messages.
///
/// ```swift
/// HexDigits.padded(0x1, width: 4)                      // "0001"
/// HexDigits.padded(0xFFFE, width: 4, uppercase: false) // "fffe"
/// HexDigits.padded(0x1F600, width: 4)                  // "1F600" (never cut)
/// HexDigits.padded(0xA, width: 2)                      // "0A"
/// ```
public enum HexDigits {
    /// `value` in hexadecimal with at least `width` digits (zeros in front), upper case unless
    /// `uppercase` is false.
    public static func padded(_ value: some BinaryInteger, width: Int, uppercase: Bool = true) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        guard digits.utf8.count < width else { return digits }
        return String(repeating: "0", count: width - digits.utf8.count) + digits
    }

    /// The value of one ASCII hex digit (`0`–`9`, `A`–`F`, `a`–`f`); nil for any other byte.
    ///
    /// ```swift
    /// HexDigits.value(of: UInt8(ascii: "b"))   // 11
    /// ```
    @inlinable
    public static func value(of byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
