/// The character classes of the MF2 grammar (`spec/message.abnf`), on Unicode scalar values.
enum MF2Characters {
    /// `name-start`: ALPHA, `+`, `_`, and the ranges below, which leave out controls, white
    /// space, bidi controls, surrogates and noncharacters.
    static func isNameStart(_ c: UInt32) -> Bool {
        switch c {
        case 0x41...0x5A, 0x61...0x7A, 0x2B, 0x5F: true
        case 0xA1...0x61B, 0x61D...0x167F, 0x1681...0x1FFF, 0x200B...0x200D, 0x2010...0x2027,
             0x2030...0x205E, 0x2060...0x2065, 0x206A...0x2FFF, 0x3001...0xD7FF, 0xE000...0xFDCF,
             0xFDF0...0xFFFD: true
        // Planes 1 to 16, except the last two code points of each (U+1FFFE, U+1FFFF, …).
        case 0x10000...0x10FFFD: c & 0xFFFF <= 0xFFFD
        default: false
        }
    }

    /// `name-char`: a `name-start`, a digit, `-` or `.`.
    static func isNameChar(_ c: UInt32) -> Bool {
        isNameStart(c) || (0x30...0x39).contains(c) || c == 0x2D || c == 0x2E
    }

    /// `bidi`: ALM, LRM, RLM, LRI, RLI, FSI, PDI.
    static func isBidi(_ c: UInt32) -> Bool {
        c == 0x61C || c == 0x200E || c == 0x200F || (0x2066...0x2069).contains(c)
    }

    /// `ws`: space, tab, CR, LF, ideographic space.
    static func isWhitespace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A || c == 0x3000
    }
}
