public import SpeakableMessages

/// A number a platform catalog receives as ICU's text rather than through a printf conversion:
/// `{name, number,<style>}` (`style` as written after `number,`; "" for `{name}` and
/// `{name, number}`).
public struct NumberText: Hashable, Sendable {
    public var name: String
    public var style: String

    public init(name: String, style: String) {
        self.name = name
        self.style = style
    }

    /// The style as a reader writes it (`::percent`, `percent`, `0.0`), for messages.
    public var displayStyle: String {
        style.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }

    /// `{name, number, ::percent}` — the ICU argument that says how to format it.
    public var argumentText: String {
        "{" + name + ", number" + (displayStyle.isEmpty ? "" : ", " + displayStyle) + "}"
    }

    /// The one-argument ICU message an app formats the number with (`{0, number, ::percent}`),
    /// the style exactly as written.
    public var formatPattern: String {
        "{0, number" + (style.isEmpty ? "" : "," + style) + "}"
    }

    /// How Foundation's `NumberFormatter` says the same, when it can: `{x}`, `{x, number}`,
    /// `integer` and `percent` are ICU's `UNUM_DECIMAL` and `UNUM_PERCENT` formats (what
    /// MessageFormat uses for them, and what `NumberFormatter`'s `.decimal` and `.percent` are on
    /// Apple: ICU underneath), `integer` with no fraction digits, rounding half-even. Skeletons
    /// and patterns have no Foundation equivalent that is the same in every locale (precision,
    /// minimum grouping digits) — except a fixed number of fraction digits without grouping
    /// (`::.00 group-off`, what an imported `%.2f` becomes), which `NumberFormatter` says with
    /// equal minimum and maximum fraction digits and the same rounding mode. Anything else is
    /// nil, and the caller passes the text.
    public var foundationStyle: FoundationNumberStyle? {
        switch displayStyle.lowercased() {
        case "": return .decimal
        case "integer": return .integer
        case "percent": return .percent
        default:
            guard displayStyle.hasPrefix("::"),
                  let fraction = FractionPresentation(style: .numberSkeleton(String(displayStyle.dropFirst(2)))),
                  !fraction.grouped else { return nil }
            return .fixedFraction(digits: fraction.fractionDigits, halfUp: fraction.roundsHalfUp)
        }
    }

    /// The `NumberText` of an argument node: `{x}` and `{x, number[, style]}`.
    public static func of(_ node: ArgumentNode) -> NumberText? {
        switch node.kind {
        case .none: return NumberText(name: node.name, style: "")
        case .simple(let simple) where simple.type == .number: return NumberText(name: node.name, style: simple.styleText ?? "")
        default: return nil
        }
    }
}

/// A `NumberFormatter` configuration that formats exactly as an ICU MessageFormat style.
public enum FoundationNumberStyle: Hashable, Sendable {
    /// `.decimal` (`{x}`, `{x, number}`).
    case decimal
    /// `.decimal`, no fraction digits (`{x, number, integer}`).
    case integer
    /// `.percent` (`{x, number, percent}`: "50%" for 0.5).
    case percent
    /// `.decimal`, exactly `digits` fraction digits, no grouping, rounding half up or half to even
    /// (`{x, number, ::.00 group-off rounding-mode-half-up}`: "2.68" for 2.675).
    case fixedFraction(digits: Int, halfUp: Bool)

    /// The value of the generated accessors' `NumberStyle` (`.percent`, `.fraction(2, halfUp: true)`).
    public var swiftExpression: String {
        switch self {
        case .decimal: ".decimal"
        case .integer: ".integer"
        case .percent: ".percent"
        case .fixedFraction(let digits, let halfUp): ".fraction(\(digits), halfUp: \(halfUp))"
        }
    }
}
