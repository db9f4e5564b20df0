/// Unicode's Pattern_White_Space and Pattern_Syntax, which ICU's MessagePattern uses to skip
/// white space and to end identifiers. Both sets are immutable by Unicode's stability policy; a
/// test checks these tables against ICU's own property data for every BMP code point.
enum PatternCharacters {
    @inline(__always)
    static func isWhiteSpace(_ u: UInt16) -> Bool {
        switch u {
        case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: true
        default: false
        }
    }

    @inline(__always)
    static func isSyntax(_ u: UInt16) -> Bool {
        if u < 0x80 {
            switch u {
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x5E, 0x60, 0x7B...0x7E: return true
            default: return false
            }
        }
        switch u {
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
             0x2010...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
             0x2190...0x245F, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F,
             0x3001...0x3003, 0x3008...0x3020, 0x3030, 0xFD3E, 0xFD3F, 0xFE45, 0xFE46:
            return true
        default:
            return false
        }
    }

    /// Whether ICU's `PatternProps::skipIdentifier` stops at this code unit.
    @inline(__always)
    static func endsIdentifier(_ u: UInt16) -> Bool { isSyntax(u) || isWhiteSpace(u) }
}
