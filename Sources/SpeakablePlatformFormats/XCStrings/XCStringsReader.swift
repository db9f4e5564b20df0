public import SpeakableDiagnostics
import SpeakableJSON

/// Reads an Xcode String Catalog (`.xcstrings`) into an ``XCStringsCatalog`` with positions.
///
/// Members Speakable does not model are kept (`extra`), never dropped. Problems are diagnostics
/// with file, line and column, and reading goes on past each: `json-syntax`,
/// `json-duplicate-key` (from the JSON reader), `xcstrings-wrong-type`, `xcstrings-missing-field`.
///
/// ```swift
/// let result = XCStringsReader.read(Array(text.utf8), file: "Game.xcstrings")
/// for d in result.diagnostics { print(d.rendered) }
/// // Game.xcstrings:7:22: error: "value" must be a string, not an integer [xcstrings-wrong-type]
/// ```
public enum XCStringsReader {
    public struct Result: Sendable {
        /// The catalog, unless the file is not JSON or not an object.
        public var catalog: XCStringsCatalog?
        public var diagnostics: [Diagnostic]
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public static func read(_ bytes: [UInt8], file: String) -> Result {
        let json = JSONReader.read(bytes, file: file)
        var reader = Reader(file: file, diagnostics: json.diagnostics)
        guard let root = json.root else { return Result(catalog: nil, diagnostics: reader.diagnostics) }
        let catalog = reader.catalog(root)
        return Result(catalog: catalog, diagnostics: reader.diagnostics)
    }

    public static func read(_ text: String, file: String) -> Result { read(Array(text.utf8), file: file) }

    /// Reads `bytes` as ``read(_:file:)`` does, handing each entry of `strings` to `entry` as it
    /// is read instead of keeping it: the result's catalog has no entries, and the file is never
    /// in memory as one tree. The diagnostics are the same.
    public static func read(_ bytes: [UInt8], file: String, entries entry: (XCStringsEntry) -> Void) -> Result {
        var diagnostics: [Diagnostic] = []
        let json = JSONReader.read(bytes, file: file, streamingMembersOf: XCStringsKey.strings.name.description) { member in
            var reader = Reader(file: file, diagnostics: [])
            if let parsed = reader.entry(member) { entry(parsed) }
            diagnostics += reader.diagnostics
        }
        // The JSON reader's problems come first, as a whole read reports them.
        var reader = Reader(file: file, diagnostics: json.diagnostics)
        guard let root = json.root else { return Result(catalog: nil, diagnostics: reader.diagnostics + diagnostics) }
        let catalog = reader.catalog(root)
        return Result(catalog: catalog, diagnostics: reader.diagnostics + diagnostics)
    }
}

private struct Reader {
    let file: String
    var diagnostics: [Diagnostic]

    mutating func wrongType(_ what: String, _ expected: String, _ node: JSONNode) {
        diagnostics.append(Diagnostic(severity: .error, id: "xcstrings-wrong-type",
                                      message: "\(what) must be \(expected), not \(node.kindName)", file: file,
                                      position: node.start))
    }

    mutating func missing(_ what: String, in node: JSONNode, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .error, id: "xcstrings-missing-field", message: what, file: file,
                                      position: node.start, hint: hint))
    }

    mutating func object(_ node: JSONNode, _ what: String) -> [JSONMember]? {
        guard let members = node.members else {
            wrongType(what, "an object", node)
            return nil
        }
        return members
    }

    mutating func string(_ node: JSONNode, _ what: String) -> String? {
        guard let text = node.string else {
            wrongType(what, "a string", node)
            return nil
        }
        return text
    }

    mutating func catalog(_ root: JSONNode) -> XCStringsCatalog? {
        guard let members = object(root, "a string catalog") else { return nil }
        var catalog = XCStringsCatalog(file: file, sourceLanguage: "", version: nil)
        var sawSource = false
        var sawStrings = false
        for member in members {
            switch XCStringsKey(member.key) {
            case .sourceLanguage?:
                sawSource = true
                catalog.sourceLanguage = string(member.value, XCStringsKey.sourceLanguage.quoted) ?? ""
            case .version?:
                catalog.version = string(member.value, XCStringsKey.version.quoted)
            case .strings?:
                sawStrings = true
                guard let entries = object(member.value, XCStringsKey.strings.quoted) else { continue }
                for entry in entries {
                    if let parsed = self.entry(entry) { catalog.entries.append(parsed) }
                }
            default:
                catalog.extra.append(JSONField(member.key, member.value.value))
            }
        }
        if !sawSource { missing("the catalog has no \"sourceLanguage\"", in: root, hint: "Xcode writes \"sourceLanguage\" : \"en\"") }
        if !sawStrings { missing("the catalog has no \"strings\"", in: root) }
        return catalog
    }

    mutating func entry(_ member: JSONMember) -> XCStringsEntry? {
        guard let fields = object(member.value, "string '\(member.key)'") else { return nil }
        var entry = XCStringsEntry(key: member.key, keyPosition: member.keyStart)
        for field in fields {
            switch XCStringsKey(field.key) {
            case .comment?:
                entry.comment = string(field.value, XCStringsKey.comment.quoted)
            case .extractionState?:
                entry.extractionState = string(field.value, XCStringsKey.extractionState.quoted)
            case .shouldTranslate?:
                guard let flag = field.value.bool else {
                    wrongType(XCStringsKey.shouldTranslate.quoted, "true or false", field.value)
                    continue
                }
                entry.shouldTranslate = flag
            case .localizations?:
                guard let locales = object(field.value, XCStringsKey.localizations.quoted) else { continue }
                for locale in locales {
                    guard let content = content(locale.value, "localization '\(locale.key)'") else { continue }
                    entry.localizations.append(XCStringsLocalization(locale: locale.key, position: locale.keyStart, content: content))
                }
            default:
                entry.extra.append(JSONField(field.key, field.value.value))
            }
        }
        return entry
    }

    mutating func content(_ node: JSONNode, _ what: String) -> XCStringsContent? {
        guard let fields = object(node, what) else { return nil }
        var content = XCStringsContent()
        for field in fields {
            switch XCStringsKey(field.key) {
            case .stringUnit?:
                content.stringUnit = stringUnit(field.value)
            case .variations?:
                content.variations = variations(field.value)
            case .substitutions?:
                guard let items = object(field.value, XCStringsKey.substitutions.quoted) else { continue }
                for item in items {
                    if let substitution = substitution(item) { content.substitutions.append(substitution) }
                }
            default:
                content.extra.append(JSONField(field.key, field.value.value))
            }
        }
        return content
    }

    mutating func stringUnit(_ node: JSONNode) -> XCStringsStringUnit? {
        guard let fields = object(node, XCStringsKey.stringUnit.quoted) else { return nil }
        var state: String?
        var value: String?
        var position = node.start
        var extra: [JSONField] = []
        for field in fields {
            switch XCStringsKey(field.key) {
            case .state?: state = string(field.value, XCStringsKey.state.quoted)
            case .value?:
                value = string(field.value, XCStringsKey.value.quoted)
                position = field.value.start
            default: extra.append(JSONField(field.key, field.value.value))
            }
        }
        guard let value else {
            if fields.allSatisfy({ XCStringsKey($0.key) != .value }) { missing("the string unit has no \"value\"", in: node) }
            return nil
        }
        return XCStringsStringUnit(state: state, value: value, position: position, extra: extra)
    }

    mutating func variations(_ node: JSONNode) -> [XCStringsVariation] {
        guard let kinds = object(node, XCStringsKey.variations.quoted) else { return [] }
        var result: [XCStringsVariation] = []
        for kind in kinds {
            guard let cases = object(kind.value, "variation '\(kind.key)'") else { continue }
            var variation = XCStringsVariation(kind: kind.key, position: kind.keyStart, cases: [])
            for item in cases {
                guard let content = content(item.value, "case '\(item.key)'") else { continue }
                variation.cases.append(XCStringsVariationCase(name: item.key, position: item.keyStart, content: content))
            }
            result.append(variation)
        }
        return result
    }

    mutating func substitution(_ member: JSONMember) -> XCStringsSubstitution? {
        guard let fields = object(member.value, "substitution '\(member.key)'") else { return nil }
        var substitution = XCStringsSubstitution(name: member.key, position: member.keyStart, argNum: nil,
                                                 formatSpecifier: nil, variations: [])
        for field in fields {
            switch XCStringsKey(field.key) {
            case .argNum?:
                guard case .int(let n)? = field.value.number, n > 0, n < 1000 else {
                    wrongType(XCStringsKey.argNum.quoted, "a positive integer", field.value)
                    continue
                }
                substitution.argNum = Int(n)
            case .formatSpecifier?:
                substitution.formatSpecifier = string(field.value, XCStringsKey.formatSpecifier.quoted)
            case .variations?:
                substitution.variations = variations(field.value)
            default:
                substitution.extra.append(JSONField(field.key, field.value.value))
            }
        }
        return substitution
    }
}
