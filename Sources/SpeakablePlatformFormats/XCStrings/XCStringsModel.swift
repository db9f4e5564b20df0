public import SpeakableDiagnostics
public import SpeakableJSON

/// An Xcode String Catalog (`.xcstrings`): what the file says, with positions, and every member
/// Speakable does not model kept in `extra` so that writing the file back loses nothing.
///
/// ```swift
/// let result = XCStringsReader.read(bytes, file: "Localizable.xcstrings")
/// let catalog = result.catalog!
/// catalog.sourceLanguage                  // "en"
/// catalog.version                         // "1.0"
/// catalog["myPlural"]?.localizations[0].content.variations[0].kind   // "plural"
/// XCStringsWriter.text(catalog) == String(decoding: bytes, as: UTF8.self)   // true for a file Xcode wrote
/// ```
public struct XCStringsCatalog: Sendable {
    /// The file it was read from (for diagnostics), or the name it will be written as.
    public var file: String
    public var sourceLanguage: String
    /// `"1.0"`, `"1.1"`, `"1.3"`… as found (written back unchanged); nil when absent.
    public var version: String?
    /// In file order.
    public var entries: [XCStringsEntry]
    /// Top-level members other than `sourceLanguage`, `strings` and `version`.
    public var extra: [JSONField]

    public init(file: String, sourceLanguage: String, version: String? = "1.0", entries: [XCStringsEntry] = [],
                extra: [JSONField] = []) {
        self.file = file
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
        self.extra = extra
    }

    public subscript(key: String) -> XCStringsEntry? { entries.first { $0.key == key } }
}

/// A JSON member kept as it was (a key Speakable does not model).
public struct JSONField: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// One key of `strings`.
public struct XCStringsEntry: Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var comment: String?
    /// `manual`, `extracted_with_value`, `stale`, `migrated`…
    public var extractionState: String?
    public var shouldTranslate: Bool?
    /// In file order.
    public var localizations: [XCStringsLocalization]
    public var extra: [JSONField]

    public init(key: String, keyPosition: SourcePosition = SourcePosition(line: 1, column: 1), comment: String? = nil,
                extractionState: String? = nil, shouldTranslate: Bool? = nil,
                localizations: [XCStringsLocalization] = [], extra: [JSONField] = []) {
        self.key = key
        self.keyPosition = keyPosition
        self.comment = comment
        self.extractionState = extractionState
        self.shouldTranslate = shouldTranslate
        self.localizations = localizations
        self.extra = extra
    }

    public subscript(locale: String) -> XCStringsLocalization? { localizations.first { $0.locale == locale } }
}

/// One locale of an entry.
public struct XCStringsLocalization: Sendable {
    public var locale: String
    public var position: SourcePosition
    public var content: XCStringsContent

    public init(locale: String, position: SourcePosition = SourcePosition(line: 1, column: 1), content: XCStringsContent) {
        self.locale = locale
        self.position = position
        self.content = content
    }
}

/// What a localization, a variation case or a substitution case holds: a string unit, variations,
/// substitutions — or several of them.
public struct XCStringsContent: Sendable {
    public var stringUnit: XCStringsStringUnit?
    /// `plural`, `device`… in file order.
    public var variations: [XCStringsVariation]
    public var substitutions: [XCStringsSubstitution]
    public var extra: [JSONField]

    public init(stringUnit: XCStringsStringUnit? = nil, variations: [XCStringsVariation] = [],
                substitutions: [XCStringsSubstitution] = [], extra: [JSONField] = []) {
        self.stringUnit = stringUnit
        self.variations = variations
        self.substitutions = substitutions
        self.extra = extra
    }

    /// The variation of kind `kind` (`plural`, `device`), if any.
    public func variation(_ kind: String) -> XCStringsVariation? { variations.first { $0.kind == kind } }
}

/// `stringUnit`: `{ "state" : "translated", "value" : "…" }`.
public struct XCStringsStringUnit: Sendable {
    public var state: String?
    public var value: String
    /// Where the value's opening quote is.
    public var position: SourcePosition
    public var extra: [JSONField]

    public init(state: String? = "translated", value: String, position: SourcePosition = SourcePosition(line: 1, column: 1),
                extra: [JSONField] = []) {
        self.state = state
        self.value = value
        self.position = position
        self.extra = extra
    }
}

/// `variations.<kind>`: cases by name (`one`, `other`; `iphone`, `mac`…).
public struct XCStringsVariation: Sendable {
    public var kind: String
    public var position: SourcePosition
    public var cases: [XCStringsVariationCase]

    public init(kind: String, position: SourcePosition = SourcePosition(line: 1, column: 1), cases: [XCStringsVariationCase]) {
        self.kind = kind
        self.position = position
        self.cases = cases
    }
}

public struct XCStringsVariationCase: Sendable {
    public var name: String
    public var position: SourcePosition
    public var content: XCStringsContent

    public init(name: String, position: SourcePosition = SourcePosition(line: 1, column: 1), content: XCStringsContent) {
        self.name = name
        self.position = position
        self.content = content
    }
}

/// `substitutions.<name>`: one plural argument printed inside a string (`%#@name@`).
public struct XCStringsSubstitution: Sendable {
    public var name: String
    public var position: SourcePosition
    public var argNum: Int?
    public var formatSpecifier: String?
    public var variations: [XCStringsVariation]
    public var extra: [JSONField]

    public init(name: String, position: SourcePosition = SourcePosition(line: 1, column: 1), argNum: Int?,
                formatSpecifier: String?, variations: [XCStringsVariation], extra: [JSONField] = []) {
        self.name = name
        self.position = position
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.variations = variations
        self.extra = extra
    }
}

extension XCStringsCatalog {
    /// Every (key, locale) as a ``PlatformMessage``, in file order — the view the importer and the
    /// checker use.
    public var messages: [PlatformMessage] {
        var result: [PlatformMessage] = []
        for entry in entries { result += entry.messages(file: file) }
        return result
    }
}

extension XCStringsEntry {
    /// The entry's localizations as ``PlatformMessage``s, in file order (one catalog's
    /// ``XCStringsCatalog/messages`` are its entries' in turn).
    public func messages(file: String) -> [PlatformMessage] {
        localizations.map { localization in
            var forms: [PlatformForm] = []
            var substitutions: [PlatformSubstitution] = []
            collect(localization.content, path: "", into: &forms, substitutions: &substitutions)
            return PlatformMessage(key: key, keyPosition: keyPosition, locale: localization.locale, file: file, forms: forms,
                                   substitutions: substitutions, comment: comment, isTranslatable: shouldTranslate ?? true)
        }
    }

    private func collect(_ content: XCStringsContent, path: String, into forms: inout [PlatformForm],
                         substitutions: inout [PlatformSubstitution]) {
        if let unit = content.stringUnit {
            forms.append(PlatformForm(path: path, value: unit.value, position: unit.position, state: unit.state))
        }
        for variation in content.variations {
            for item in variation.cases {
                let sub = (path.isEmpty ? "" : path + ".") + variation.kind + "." + item.name
                collect(item.content, path: sub, into: &forms, substitutions: &substitutions)
            }
        }
        for substitution in content.substitutions {
            substitutions.append(PlatformSubstitution(name: substitution.name, argumentNumber: substitution.argNum,
                                                      formatSpecifier: substitution.formatSpecifier,
                                                      position: substitution.position))
            let base = (path.isEmpty ? "" : path + ".") + "substitutions." + substitution.name
            collect(XCStringsContent(variations: substitution.variations), path: base, into: &forms,
                    substitutions: &substitutions)
        }
    }
}
