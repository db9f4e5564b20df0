public import SpeakableDiagnostics
public import SpeakableJSON
import FoundationEssentials
import SpeakableEscaping
import SpeakablePlatformFormats
import SpeakableXML

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
    /// Android: per locale tag, the attributes of `<resources>` other than namespace
    /// declarations, as written (`tools:ignore="MissingTranslation"`, `tools:locale="en"`).
    public var androidRootAttributes: [String: [(name: String, value: String)]] = [:]
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
    /// String Catalog substitution names as imported, by argument name, where they differ
    /// (`total_strings` → `total.strings`).
    public var appleSubstitutions: [String: String] = [:]
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
        if !androidRootAttributes.isEmpty {
            members.append(("androidRootAttributes", .object(androidRootAttributes.keys.sorted().map { tag in
                (tag, .array(androidRootAttributes[tag]!.map { .array([.string($0.name), .string($0.value)]) }))
            })))
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
            if !m.appleSubstitutions.isEmpty {
                fields.append(("appleSubstitutions", .object(m.appleSubstitutions.keys.sorted().map { ($0, .string(m.appleSubstitutions[$0]!)) })))
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
        guard FileManager.default.fileExists(atPath: path) else { return (nil, []) }
        let data: [UInt8]
        switch InputFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let problem): return (nil, [problem.diagnostic(file: display)])
        }
        let json = JSONReader.read(data, file: display)
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
        // Android markup kept from an import is written back as it is, so it is checked here:
        // one element (with its comments), well-formed, with names the writer can declare.
        var problems: [Diagnostic] = []
        for member in root["androidExtras"]?.members ?? [] {
            for item in member.value.array ?? [] {
                guard let xml = item.string else { continue }
                if let reason = AndroidMarkup.problem(xml, elements: nil) {
                    problems += invalid("androidExtras: \(reason)", item).1
                }
            }
            metadata.androidExtras[member.key] = member.value.array?.compactMap(\.string) ?? []
        }
        for member in root["androidRootAttributes"]?.members ?? [] {
            var attributes: [(name: String, value: String)] = []
            for pair in member.value.array ?? [] {
                guard let items = pair.array, items.count == 2, let name = items[0].string, let value = items[1].string else {
                    problems += invalid("androidRootAttributes: each attribute is [name, value]", pair).1
                    continue
                }
                guard AndroidResourceWriter.isAttributeName(name) else {
                    problems += invalid("androidRootAttributes: '\(VisibleText.escape(name))' is not an attribute <resources> can have", pair).1
                    continue
                }
                attributes.append((name, value))
            }
            metadata.androidRootAttributes[member.key] = attributes
        }
        for member in root["androidHeaders"]?.members ?? [] {
            guard let header = member.value.string else { continue }
            // Written before <resources> as it is: comments and white space only.
            if let reason = AndroidMarkup.problem(header, elements: []) {
                problems += invalid("androidHeaders: \(reason)", member.value).1
            }
            metadata.androidHeaders[member.key] = header
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
            for s in node["appleSubstitutions"]?.members ?? [] { m.appleSubstitutions[s.key] = s.value.string }
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
            for tag in node["android"]?.members ?? [] {
                guard let value = tag.value["value"] else { continue }
                if let xml = value["xml"], let text = xml.string, let reason = AndroidMarkup.problem(text, elements: ["string", "plurals"]) {
                    problems += invalid("message '\(member.key)', \(tag.key): \(reason)", xml).1
                }
                for pair in value["attributes"]?.array ?? [] {
                    guard let name = pair.array?.first?.string else { continue }
                    if name != "name", !AndroidResourceWriter.isAttributeName(name) {
                        problems += invalid("message '\(member.key)', \(tag.key): '\(VisibleText.escape(name))' is not an attribute name a resource can have", pair).1
                    }
                }
            }
            metadata[member.key] = m
        }
        if !problems.isEmpty { return (nil, problems) }
        return (metadata, [])
    }
}

/// Checks Android markup that `speakable import` kept and the compiler writes back as it is.
enum AndroidMarkup {
    /// The element kept markup holds (`string` or `plurals`) and its `name` attribute, read past
    /// the comments before it; nil when it is neither. The markup was checked when the metadata
    /// file was read (``problem(_:elements:)``): one element, well-formed.
    static func resource(of xml: String) -> (kind: String, name: String)? {
        var rest = Substring(xml)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard rest.hasPrefix("<!--") else { break }
            guard let end = rest.firstRange(of: "-->") else { return nil }
            rest = rest[end.upperBound...]
        }
        let kind: String
        if rest.hasPrefix("<string") { kind = "string" } else if rest.hasPrefix("<plurals") { kind = "plurals" } else { return nil }
        let tag = rest.dropFirst(kind.count + 1).prefix { $0 != ">" }
        guard let attribute = tag.firstRange(of: "name=") else { return nil }
        let afterName = tag[attribute.upperBound...]
        guard let quote = afterName.first, quote == "\"" || quote == "'" else { return nil }
        let value = afterName.dropFirst().prefix { $0 != quote }
        // Resource names are letters, digits, '_' and '.': no entity to decode.
        return (kind, String(value))
    }

    /// Why `xml` cannot be written into a `<resources>` element, or nil: it must be well-formed,
    /// hold exactly one element (named one of `elements`, when given) besides comments and
    /// white space, and use no namespace prefix but `xliff:` and `tools:` (which the writer
    /// declares). With `elements` empty: comments and white space only (a file header).
    static func problem(_ xml: String, elements: Set<String>?) -> String? {
        let result = XMLReader.read("<r>" + xml + "</r>")
        if let first = result.diagnostics.first { return "the kept markup is not well-formed XML (\(first.message))" }
        guard let root = result.document?.root else { return "the kept markup is not well-formed XML" }
        var found: [XMLElement] = []
        for child in root.children {
            switch child {
            case .element(let element): found.append(element)
            case .text(let text) where text.text.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }): continue
            case .comment: continue
            default: return "the kept markup holds text, CDATA or processing instructions outside its element"
            }
        }
        if elements?.isEmpty == true {
            return found.isEmpty ? nil : "a kept file header may hold only comments, not <\(VisibleText.escape(found[0].name))>"
        }
        guard found.count == 1, let element = found.first else { return "the kept markup must hold exactly one element, not \(found.count)" }
        if let elements, !elements.contains(element.name) {
            return "the kept markup is <\(VisibleText.escape(element.name))>, not <\(elements.sorted().joined(separator: "> or <"))>"
        }
        func check(_ element: XMLElement) -> String? {
            for name in [element.name] + element.attributes.map(\.name) where name.contains(":") {
                let prefix = name.prefix { $0 != ":" }
                if prefix != "xliff" && prefix != "tools" && prefix != "xmlns" {
                    return "'\(VisibleText.escape(name))' uses a namespace prefix the file does not declare (only xliff: and tools:)"
                }
            }
            for child in element.elements { if let problem = check(child) { return problem } }
            return nil
        }
        return check(element)
    }
}
