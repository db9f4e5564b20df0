public import SpeakableMessages

/// How a floating-point argument prints with a fixed number of fraction digits, in the terms a
/// printf `%.Nf` says: the digits after the separator, grouping, and how the last digit rounds.
///
/// Java's `java.util.Formatter` prints `%.2f` from the shortest decimal that reads back as the
/// `double` ("2.675"), rounded half up ("2.68"), with the locale's digits and decimal separator and
/// without grouping (`%,.2f` groups); ICU says the same with the skeleton
/// `.00 group-off rounding-mode-half-up`. CFString's `%.2f` rounds the exact binary value half to
/// even, which no ICU skeleton says for every value (2.675 is 2.67499… there, "2.67"): an Apple
/// `%.2f` is read as `.00 group-off` (ICU's half-even rounding of the shortest decimal, the same
/// but for such values).
///
/// ```swift
/// FractionPresentation(javaSpecifier: FormatString.parse("%1$.2f", dialect: .java).specifiers[0])?.skeleton
/// // ".00 group-off rounding-mode-half-up"
/// FractionPresentation(style: .numberSkeleton(".00 group-off rounding-mode-half-up"))?.javaFlagsAndPrecision
/// // ".2"  (written %1$.2f)
/// ```
public struct FractionPresentation: Hashable, Sendable {
    /// Exactly this many digits after the decimal separator (0: none, and no separator).
    public var fractionDigits: Int
    /// ICU's default grouping (`false`: `group-off`).
    public var grouped: Bool
    /// Half up (Java) rather than ICU's default, half to even.
    public var roundsHalfUp: Bool

    public init(fractionDigits: Int, grouped: Bool, roundsHalfUp: Bool) {
        self.fractionDigits = fractionDigits
        self.grouped = grouped
        self.roundsHalfUp = roundsHalfUp
    }

    /// The most fraction digits ICU prints (`kMaxIntFracSig`).
    public static let maximumDigits = 999

    /// What Java's `%[,].Nf` prints (`%f` is six digits); nil for any other conversion, flag or a
    /// width.
    public init?(javaSpecifier spec: FormatSpecifier) {
        guard spec.conversionScalar == 0x66, spec.width == nil, spec.dateTimeSuffix == nil else { return nil }  // f
        let flags = spec.flags
        guard flags.isEmpty || flags == "," else { return nil }
        let digits = spec.precision ?? 6
        guard digits <= Self.maximumDigits else { return nil }
        self.init(fractionDigits: digits, grouped: flags == ",", roundsHalfUp: true)
    }

    /// What CFString's `%.Nf` / `%'.Nf` prints, as near as ICU says it; nil for any other
    /// conversion, flag, length or a width.
    public init?(appleSpecifier spec: FormatSpecifier) {
        guard spec.conversionScalar == 0x66 || spec.conversionScalar == 0x46, spec.width == nil, spec.length.isEmpty else { return nil }
        let flags = spec.flags
        guard flags.isEmpty || flags == "'" else { return nil }
        let digits = spec.precision ?? 6
        guard digits <= Self.maximumDigits else { return nil }
        self.init(fractionDigits: digits, grouped: flags == "'", roundsHalfUp: false)
    }

    /// The presentation a `number` argument's skeleton says, or nil when it says anything else
    /// (or leaves the number of fraction digits open).
    public init?(style: ArgumentStyle) {
        guard case .numberSkeleton(let skeleton) = style else { return nil }
        var digits: Int?
        var grouped = true
        var halfUp = false
        for token in skeleton.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            switch token {
            case "group-off", ",_": grouped = false
            case "group-auto": grouped = true
            case "rounding-mode-half-up": halfUp = true
            case "rounding-mode-half-even": halfUp = false
            case "precision-integer", ".": digits = 0
            default:
                // `.00`: exactly two fraction digits.
                guard token.first == ".", token.count >= 2, token.dropFirst().allSatisfy({ $0 == "0" }) else { return nil }
                digits = token.count - 1
            }
        }
        guard let digits else { return nil }
        self.init(fractionDigits: digits, grouped: grouped, roundsHalfUp: halfUp)
    }

    /// The ICU skeleton (without `::`) that says this presentation.
    public var skeleton: String {
        var tokens: [String] = [fractionDigits == 0 ? "precision-integer" : "." + String(repeating: "0", count: fractionDigits)]
        if !grouped { tokens.append("group-off") }
        if roundsHalfUp { tokens.append("rounding-mode-half-up") }
        return tokens.joined(separator: " ")
    }

    /// Java: the flags and precision before `f` (`,.2`), when Java prints exactly this.
    public var javaFlagsAndPrecision: String? {
        guard roundsHalfUp else { return nil }
        return (grouped ? "," : "") + "." + String(fractionDigits)
    }
}
