public import SpeakableCatalog

/// A checker rule. The raw values are the rule ids: part of the interface (configuration,
/// baselines, exemptions, SARIF), never renamed.
///
/// ```swift
/// Rule(rawValue: "plural-categories")?.defaultSeverity   // .error
/// Rule.roleWord.summary   // "a label that names its own role or state, which the screen reader adds"
/// ```
public enum Rule: String, CaseIterable, Hashable, Sendable {
    case syntaxError = "syntax-error"
    case missingTranslation = "missing-translation"
    case extraKey = "extra-key"
    case placeholderMismatch = "placeholder-mismatch"
    case placeholderType = "placeholder-type"
    case pluralCategories = "plural-categories"
    case selectCases = "select-cases"
    case pluralLiteralNumber = "plural-literal-number"
    case untranslated = "untranslated"
    case overLong = "over-long"
    case roleWord = "role-word"
    case labelStyle = "label-style"
    case hintGesture = "hint-gesture"
    case koreanActionForm = "korean-action-form"
    case koreanParticle = "korean-particle"
    case bidiControl = "bidi-control"
    case invisibleCharacter = "invisible-character"
    case whitespace = "whitespace"
    case printfInjection = "printf-injection"
    case keyFamily = "key-family"
    case formatMismatch = "format-mismatch"
    case actionFragment = "action-fragment"
    case unusedPluralCategory = "unused-plural-category"
    case unknownLocale = "unknown-locale"

    /// The severity when `speakable.json` does not set one: errors break what a user hears (or
    /// the build); warnings are worth a look.
    public var defaultSeverity: RuleSeverity {
        switch self {
        case .syntaxError, .placeholderMismatch, .placeholderType, .pluralCategories, .selectCases, .koreanParticle,
             .bidiControl, .invisibleCharacter, .printfInjection, .formatMismatch, .unknownLocale:
            .error
        case .missingTranslation, .extraKey, .pluralLiteralNumber, .untranslated, .overLong, .roleWord, .labelStyle,
             .hintGesture, .koreanActionForm, .whitespace, .keyFamily, .actionFragment, .unusedPluralCategory:
            .warning
        }
    }

    /// What the rule finds, in one line (SARIF `shortDescription`, `--help`).
    public var summary: String {
        switch self {
        case .syntaxError: "a message that does not parse as ICU MessageFormat"
        case .missingTranslation: "a key of the source missing in a target locale"
        case .extraKey: "a key in a locale that the source does not have"
        case .placeholderMismatch: "an argument missing, extra or renamed against the source"
        case .placeholderType: "the same argument used as another type (number, select, date)"
        case .pluralCategories: "a plural lacking a category the locale needs, or carrying one it never uses"
        case .selectCases: "a select whose cases do not cover the source's cases"
        case .pluralLiteralNumber: "a plural branch with a hard-coded number where # belongs"
        case .untranslated: "a translation identical to the source"
        case .overLong: "spoken length over the role's budget or maxSeconds, or text over maxGraphemes"
        case .roleWord: "a label that names its own role or state, which the screen reader adds"
        case .labelStyle: "a label with a trailing period or starting lower-case"
        case .hintGesture: "a hint or action fragment that names the gesture the platform adds"
        case .koreanActionForm: "a Korean action fragment that cannot take 하다"
        case .koreanParticle: "a Korean particle pair after literal text, which nothing resolves"
        case .bidiControl: "bidirectional control characters (unbalanced, or any)"
        case .invisibleCharacter: "zero-width characters, soft hyphens, BOM, U+FFFD, control characters"
        case .whitespace: "leading, trailing or double spaces; newline count differing from the source"
        case .printfInjection: "text that becomes a format specifier in an exported platform catalog"
        case .keyFamily: "a .label whose .hint or .value siblings are missing in a locale"
        case .formatMismatch: "a printf format the platform rejects, or that reads the app's arguments as other types than the source (a crash or a wrong value)"
        case .actionFragment: "an action fragment (click label) that does not read after \"Double-tap to\": a leading \"to\", no verb, a state"
        case .unusedPluralCategory: "a plural case for a category the locale never selects (dead text; Android Lint's UnusedQuantity)"
        case .unknownLocale: "a locale tag that names no language ICU has data for (a typo such as kr for ko)"
        }
    }
}
