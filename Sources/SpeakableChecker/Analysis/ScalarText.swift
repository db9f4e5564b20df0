import SpeakableEscaping

/// Scalars of a text with their UTF-16 offsets, and their `U+XXXX` names.
enum ScalarText {
    /// Scalars with their UTF-16 offsets.
    static func scalars(_ text: String) -> [(Unicode.Scalar, Int)] {
        var result: [(Unicode.Scalar, Int)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            result.append((scalar, offset))
            offset += UTF16.width(scalar)
        }
        return result
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        "U+" + HexDigits.padded(scalar.value, width: 4)
    }
}
