/// The keys of a String Catalog's objects that Speakable reads, spelled once for both readers of
/// the format: ``XCStringsReader`` (through the JSON tree) and ``XCStringsIndex``'s byte scanner.
/// Any other key is kept as it is (the reader's `extra` fields) or makes the index give up.
///
/// ```swift
/// XCStringsKey("stringUnit")        // .stringUnit
/// XCStringsKey.argNum.quoted        // "\"argNum\"" (as diagnostics name it)
/// XCStringsKey("stringunit")        // nil (keys are case-sensitive)
/// ```
enum XCStringsKey: CaseIterable, Sendable {
    // The catalog.
    case sourceLanguage, version, strings
    // A key of `strings`.
    case comment, extractionState, shouldTranslate, localizations
    // A localization, a variation case.
    case stringUnit, variations, substitutions
    // A string unit.
    case state, value
    // A substitution.
    case argNum, formatSpecifier

    /// The key as the file spells it.
    var name: StaticString {
        switch self {
        case .sourceLanguage: "sourceLanguage"
        case .version: "version"
        case .strings: "strings"
        case .comment: "comment"
        case .extractionState: "extractionState"
        case .shouldTranslate: "shouldTranslate"
        case .localizations: "localizations"
        case .stringUnit: "stringUnit"
        case .variations: "variations"
        case .substitutions: "substitutions"
        case .state: "state"
        case .value: "value"
        case .argNum: "argNum"
        case .formatSpecifier: "formatSpecifier"
        }
    }

    /// The key in double quotes, as diagnostics name it.
    var quoted: String { "\"" + name.description + "\"" }

    /// The key spelled `text`; nil for any other.
    init?(_ text: String) {
        guard let key = Self.byName[text] else { return nil }
        self = key
    }

    private static let byName: [String: XCStringsKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name.description, $0) })
}
