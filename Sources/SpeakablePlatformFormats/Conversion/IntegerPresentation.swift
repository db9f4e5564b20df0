public import SpeakableMessages

/// How an integer argument prints, in the terms printf formats can say: ICU's default format
/// (the locale's digits and grouping) or without grouping, with a minimum number of digits.
///
/// ```swift
/// IntegerPresentation(style: .number(.default))                      // .init(grouped: true, minimumDigits: 1)
/// IntegerPresentation(style: .numberSkeleton("group-off"))          // grouped: false
/// IntegerPresentation(style: .numberSkeleton("integer-width/*00"))  // minimumDigits: 2 ("03", "1,234")
/// IntegerPresentation(style: .numberSkeleton("measure-unit/duration-second"))   // nil: not a plain integer
/// ```
///
/// | ICU | Android (`java.util.Formatter`) | Apple (CFString, localized) |
/// |---|---|---|
/// | `{n}`, `{n, number}`, `integer`, `#` | `%1$,d` | `%lld` (grouped by the locale) |
/// | `::group-off` | `%1$d` | `%@`: the accessor passes the number as text, formatted without grouping (CFString groups every localized `%d`) |
/// | `::integer-width/*00` | `%1$,02d` | `%02lld` |
/// | `::integer-width/*00 group-off` | `%1$02d` | `%@` (the accessor pads it) |
public struct IntegerPresentation: Hashable, Sendable {
    /// ICU's default grouping (`false`: `group-off`).
    public var grouped: Bool
    /// At least this many digits, zero-padded (`integer-width/*00` → 2).
    public var minimumDigits: Int

    public init(grouped: Bool = true, minimumDigits: Int = 1) {
        self.grouped = grouped
        self.minimumDigits = minimumDigits
    }

    public static let standard = IntegerPresentation()

    /// The most digits ICU pads a number to (`integer-width/*0…0`: ICU's `kMaxIntFracSig`, 999;
    /// a longer skeleton is an error there).
    public static let maximumDigits = 999

    /// The presentation of a `number` argument's style, or nil when the style says more than
    /// grouping and minimum digits (a unit, a currency, a scale, a precision, a pattern).
    public init?(style: ArgumentStyle) {
        switch style {
        case .number(.default), .number(.integer):
            self.init()
        case .numberSkeleton(let skeleton):
            var presentation = IntegerPresentation()
            for token in skeleton.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                switch token {
                case "group-off", ",_": presentation.grouped = false
                case "group-auto", "precision-integer", ".": break
                default:
                    // integer-width/*00 or integer-width/+00 (at least two digits, no maximum); the
                    // concise form 00. (integer-width/00 also cuts digits off: not printf.)
                    if token.hasPrefix("integer-width/") {
                        let text = token.dropFirst("integer-width/".count)
                        guard text.first == "*" || text.first == "+", text.count >= 2, text.dropFirst().allSatisfy({ $0 == "0" }) else { return nil }
                        presentation.minimumDigits = text.count - 1
                    } else {
                        guard !token.isEmpty, token.allSatisfy({ $0 == "0" }) else { return nil }
                        presentation.minimumDigits = token.count
                    }
                }
            }
            self = presentation
        default:
            return nil
        }
    }

    /// The ICU skeleton that says this presentation (`nil` for the default, written `{n, number}`).
    public var skeleton: String? {
        var tokens: [String] = []
        if minimumDigits > 1 { tokens.append("integer-width/*" + String(repeating: "0", count: minimumDigits)) }
        if !grouped { tokens.append("group-off") }
        return tokens.isEmpty ? nil : tokens.joined(separator: " ")
    }

    /// Android: `,` (grouped) and `0N` (padded) flags and width before `d`.
    var javaFlags: String {
        (grouped ? "," : "") + (minimumDigits > 1 ? "0\(minimumDigits)" : "")
    }

    /// Whether Apple needs the number as preformatted text: CFString groups every localized
    /// `%d`, so an ungrouped number cannot be a `%lld`.
    public var appleNeedsText: Bool { !grouped }
}
