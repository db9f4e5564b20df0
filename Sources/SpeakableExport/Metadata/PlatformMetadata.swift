public import SpeakableDiagnostics
public import SpeakableJSON
import FoundationEssentials

/// What an imported platform catalog held that Speakable's templates and flat ICU JSON do not
/// model — kept in `.speakable/<table>.platform.json` so that compiling writes it back.
///
/// Per message it keeps the platform's own key (`.xcstrings` keys are free text such as
/// `%lld commands found`; Speakable keys are identifiers), the argument order and specifiers,
/// and, per locale, the ICU text as imported together with the original platform value (the
/// `.xcstrings` localization JSON with its states, device variations and unknown members; the
/// Android element as written with its comments, `xliff:g` placeholders and attributes; the
/// XLIFF state and notes). When the ICU text in `Locales/` (or the template) is still the one
/// imported, the compiler writes the original value back unchanged; once someone edits it, the
/// value is converted afresh from ICU (and the platform extras of that one locale are dropped).
///
/// ```json
/// {
///   "format": "speakable-platform-metadata",
///   "version": 1,
///   "table": "CommandBar",
///   "xcstrings": { "sourceLanguage": "en", "version": "1.0" },
///   "messages": {
///     "lld_commands_found": {
///       "platformKey": "%lld commands found",
///       "appleArguments": ["arg1"],
///       "xcstrings": { "comment": "…", "localizations": { "ko": { "icu": "{arg1, plural, …}", "value": { "variations": … } } } }
///     }
///   }
/// }
/// ```
public struct TableMetadata: Sendable {
    public var table: String
    /// `.xcstrings` file-level facts (`sourceLanguage`, `version`, unknown members).
    public var xcstrings: JSONValue?
    /// Android: per locale tag, resources that are not messages (string arrays, integers,
    /// `<skip />` with the comment before it), as written.
    public var androidExtras: [String: [String]]
    /// Android: per locale tag, the comments before `<resources>` (a license header), as written.
    public var androidHeaders: [String: String] = [:]
    public var messages: [String: MessageMetadata]
    /// Message keys in import order (for deterministic output).
    public var order: [String]

    public init(table: String) {
        self.table = table
        self.xcstrings = nil
        self.androidExtras = [:]
        self.messages = [:]
        self.order = []
    }

    public subscript(key: String) -> MessageMetadata? {
        get { messages[key] }
        set {
            if messages[key] == nil, newValue != nil { order.append(key) }
            messages[key] = newValue
            if newValue == nil { order.removeAll { $0 == key } }
        }
    }
}

public struct MessageMetadata: Sendable {
    /// The `.xcstrings` / Xcode XLIFF key as the file wrote it, when it differs from the
    /// Speakable key.
    public var platformKey: String?
    /// The Android resource name, when it differs from the Speakable key (a `<plurals>` that
    /// shares its name with a `<string>`).
    public var androidName: String?
    /// Argument names by position as the platforms pass them (1-based: index 0 is `%1$`).
    public var appleArguments: [String]?
    public var androidArguments: [String]?
    /// Specifiers as imported, by argument name (`%ld`, `%.2f`, `%s`).
    public var appleSpecifiers: [String: String]
    public var androidSpecifiers: [String: String]
    /// `.xcstrings` entry members other than `localizations` (comment, extractionState,
    /// shouldTranslate, unknown members).
    public var xcstringsEntry: [(String, JSONValue)]
    /// Per locale: the ICU text as imported and the platform value as it was.
    public var xcstrings: [String: PlatformValue]
    public var android: [String: PlatformValue]
    public var xliff: [String: PlatformValue]

    public init() {
        appleSpecifiers = [:]
        androidSpecifiers = [:]
        xcstringsEntry = []
        xcstrings = [:]
        android = [:]
        xliff = [:]
    }
}

/// The ICU text as imported and what the platform file held for it.
public struct PlatformValue: Sendable {
    public var icu: String
    /// `.xcstrings`: the localization object; Android: `{"xml": "<string …>…</string>"}`;
    /// XLIFF: `{"state": "final", "notes": […]}`.
    public var value: JSONValue

    public init(icu: String, value: JSONValue) {
        self.icu = icu
        self.value = value
    }
}

extension TableMetadata {
    public static let fileFormat = "speakable-platform-metadata"

    /// `.speakable/<table>.platform.json` under the project root.
    public static func path(root: String, table: String) -> String {
        (root == "." || root.isEmpty ? "" : (root.hasSuffix("/") ? root : root + "/")) + ".speakable/\(table).platform.json"
    }

    /// The project-relative path (for output lists).
    public static func relativePath(table: String) -> String { ".speakable/\(table).platform.json" }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(Self.fileFormat)), ("version", .int(1)), ("table", .string(table)),
        ]
        if let xcstrings { members.append(("xcstrings", xcstrings)) }
        if !androidExtras.isEmpty {
            members.append(("androidExtras", .object(androidExtras.keys.sorted().map { ($0, .array(androidExtras[$0]!.map(JSONValue.string))) })))
        }
        if !androidHeaders.isEmpty {
            members.append(("androidHeaders", .object(androidHeaders.keys.sorted().map { ($0, .string(androidHeaders[$0]!)) })))
        }
        members.append(("messages", .object(order.compactMap { key in
            guard let m = messages[key] else { return nil }
            var fields: [(String, JSONValue)] = []
            if let k = m.platformKey { fields.append(("platformKey", .string(k))) }
            if let k = m.androidName { fields.append(("androidName", .string(k))) }
            if let a = m.appleArguments { fields.append(("appleArguments", .array(a.map(JSONValue.string)))) }
            if let a = m.androidArguments { fields.append(("androidArguments", .array(a.map(JSONValue.string)))) }
            if !m.appleSpecifiers.isEmpty {
                fields.append(("appleSpecifiers", .object(m.appleSpecifiers.keys.sorted().map { ($0, .string(m.appleSpecifiers[$0]!)) })))
            }
            if !m.androidSpecifiers.isEmpty {
                fields.append(("androidSpecifiers", .object(m.androidSpecifiers.keys.sorted().map { ($0, .string(m.androidSpecifiers[$0]!)) })))
            }
            if !m.xcstringsEntry.isEmpty { fields.append(("xcstringsEntry", .object(m.xcstringsEntry))) }
            for (name, values) in [("xcstrings", m.xcstrings), ("android", m.android), ("xliff", m.xliff)] where !values.isEmpty {
                fields.append((name, .object(values.keys.sorted().map { tag in
                    (tag, .object([("icu", .string(values[tag]!.icu)), ("value", values[tag]!.value)]))
                })))
            }
            return (key, .object(fields))
        })))
        return .object(members)
    }

    public var text: String { json.prettyPrinted() + "\n" }

    /// Reads a metadata file; a file that is not one is a diagnostic (`metadata-invalid`).
    public static func read(path: String, display: String) -> (TableMetadata?, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, []) }
        let json = JSONReader.read(Array(data), file: display)
        guard let root = json.root, json.diagnostics.isEmpty else { return (nil, json.diagnostics) }
        func invalid(_ message: String, _ node: JSONNode) -> (TableMetadata?, [Diagnostic]) {
            (nil, [Diagnostic(severity: .error, id: "metadata-invalid", message: message, file: display, position: node.start,
                              hint: "this file is written by `speakable import`; re-import the catalog or delete the file")])
        }
        guard root["format"]?.string == fileFormat, let table = root["table"]?.string else {
            return invalid("this is not a Speakable platform metadata file", root)
        }
        var metadata = TableMetadata(table: table)
        metadata.xcstrings = root["xcstrings"]?.value
        for member in root["androidExtras"]?.members ?? [] {
            metadata.androidExtras[member.key] = member.value.array?.compactMap(\.string) ?? []
        }
        for member in root["androidHeaders"]?.members ?? [] {
            if let header = member.value.string { metadata.androidHeaders[member.key] = header }
        }
        for member in root["messages"]?.members ?? [] {
            let node = member.value
            var m = MessageMetadata()
            m.platformKey = node["platformKey"]?.string
            m.androidName = node["androidName"]?.string
            m.appleArguments = node["appleArguments"]?.array?.compactMap(\.string)
            m.androidArguments = node["androidArguments"]?.array?.compactMap(\.string)
            for s in node["appleSpecifiers"]?.members ?? [] { m.appleSpecifiers[s.key] = s.value.string }
            for s in node["androidSpecifiers"]?.members ?? [] { m.androidSpecifiers[s.key] = s.value.string }
            m.xcstringsEntry = (node["xcstringsEntry"]?.members ?? []).map { ($0.key, $0.value.value) }
            func values(_ name: String) -> [String: PlatformValue] {
                var result: [String: PlatformValue] = [:]
                for tag in node[name]?.members ?? [] {
                    guard let icu = tag.value["icu"]?.string, let value = tag.value["value"] else { continue }
                    result[tag.key] = PlatformValue(icu: icu, value: value.value)
                }
                return result
            }
            m.xcstrings = values("xcstrings")
            m.android = values("android")
            m.xliff = values("xliff")
            metadata[member.key] = m
        }
        return (metadata, [])
    }
}
