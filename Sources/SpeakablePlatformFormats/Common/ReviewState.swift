/// A translation's review state across formats, so that `needs_review` does not turn into
/// `translated` on the way through another format.
///
/// | String Catalog | XLIFF 2.0 `state` (`subState`) | Xcode XLIFF 1.2 `<target state>` |
/// |---|---|---|
/// | `new` | `initial` | `new`, `needs-translation` |
/// | `translated` | `translated`, `reviewed`, `final` | `translated`, `final`, `signed-off` |
/// | `needs_review` | `translated` (`xcode:needs_review`) | `needs-review-translation`, `needs-review-l10n`, `needs-review-adaptation` |
/// | `stale` | `translated` (`xcode:stale`) | — |
///
/// ```swift
/// ReviewState(xliff1: "needs-review-translation")?.xcstrings   // "needs_review"
/// ReviewState(xcstrings: "needs_review")?.xliff2              // ("translated", "xcode:needs_review")
/// ```
public enum ReviewState: String, Hashable, Sendable {
    case new
    case translated
    case needsReview = "needs_review"
    case stale

    /// A String Catalog `stringUnit` state.
    public init?(xcstrings state: String?) {
        guard let state, let known = ReviewState(rawValue: state) else { return nil }
        self = known
    }

    /// An XLIFF 2.0 segment state with its `subState`.
    public init?(xliff2 state: String?, subState: String?) {
        if let subState, subState.hasPrefix("xcode:"), let known = ReviewState(rawValue: String(subState.dropFirst(6))) {
            self = known
            return
        }
        switch state {
        case "initial": self = .new
        case "translated", "reviewed", "final": self = .translated
        default: return nil
        }
    }

    /// An Xcode XLIFF 1.2 `<target state>`.
    public init?(xliff1 state: String?) {
        switch state {
        case "new", "needs-translation": self = .new
        case "translated", "final", "signed-off": self = .translated
        case "needs-review-translation", "needs-review-l10n", "needs-review-adaptation": self = .needsReview
        default: return nil
        }
    }

    public var xcstrings: String { rawValue }

    /// XLIFF 2.0 `state` and `subState`.
    public var xliff2: (state: String, subState: String?) {
        switch self {
        case .new: ("initial", nil)
        case .translated: ("translated", nil)
        case .needsReview, .stale: ("translated", "xcode:" + rawValue)
        }
    }
}
