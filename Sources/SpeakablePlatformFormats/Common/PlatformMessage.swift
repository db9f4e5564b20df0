public import SpeakableDiagnostics

/// One message of a platform catalog in one locale, as the file holds it — the common view of
/// `.xcstrings`, Android `strings.xml` and Xcode's XLIFF that the importer and the checker read.
///
/// Every string is a ``PlatformForm`` named by its *path*, the scheme Xcode's XLIFF export uses
/// after `|==|`: `""` for the whole string, `plural.one`, `substitutions.count.plural.other`,
/// `device.iphone`, `device.other.plural.one`.
///
/// ```swift
/// let catalog = XCStringsReader.read(bytes, file: "CommandBar.xcstrings").catalog!
/// let message = catalog.messages.first { $0.key == "%lld commands found" && $0.locale == "ko" }!
/// message.pluralForms.map(\.category)        // ["other", "zero"]
/// message.pluralForms[0].form.value          // "%lld개의 명령을 찾음"
/// message.pluralForms[0].form.position       // 235:29 (the opening quote of the JSON string)
/// ```
public struct PlatformMessage: Sendable {
    /// The key (`.xcstrings`, XLIFF) or resource name (Android) exactly as written.
    public var key: String
    /// Where the key is written.
    public var keyPosition: SourcePosition
    /// The locale as the file names it (`ko`, `zh-Hans`; Android folders are turned into BCP 47).
    public var locale: String
    public var file: String
    /// Every string of the message, in file order.
    public var forms: [PlatformForm]
    /// Substitutions (`.xcstrings` `%#@name@`): the number each one takes and how it is printed.
    public var substitutions: [PlatformSubstitution]
    /// The developer comment (`.xcstrings` `comment`, the XML comment before an Android resource,
    /// an XLIFF `<note>`).
    public var comment: String?
    /// False for `shouldTranslate: false` and `translatable="false"`.
    public var isTranslatable: Bool
    /// Argument names the file gives, by 1-based printf position (Android `<xliff:g id="…">`).
    public var argumentNames: [Int: String]

    public init(key: String, keyPosition: SourcePosition, locale: String, file: String, forms: [PlatformForm],
                substitutions: [PlatformSubstitution] = [], comment: String? = nil, isTranslatable: Bool = true,
                argumentNames: [Int: String] = [:]) {
        self.key = key
        self.keyPosition = keyPosition
        self.locale = locale
        self.file = file
        self.forms = forms
        self.substitutions = substitutions
        self.comment = comment
        self.isTranslatable = isTranslatable
        self.argumentNames = argumentNames
    }

    /// The whole string (path `""`): a plain string, or the format that holds `%#@name@`.
    public var text: PlatformForm? { forms.first { $0.path.isEmpty } }

    /// The plural forms of the whole message (paths `plural.<category>`), in file order.
    public var pluralForms: [(category: String, form: PlatformForm)] {
        var result: [(category: String, form: PlatformForm)] = []
        for form in forms {
            // ASCII paths (all that Xcode writes) by their bytes; others by characters, as ever.
            var path = form.path
            let category = path.withUTF8 { bytes -> String?? in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return .none }
                guard bytes.count >= 7, bytes[6] == 0x2E, bytes.starts(with: "plural".utf8),
                      !bytes[7...].contains(0x2E) else { return .some(nil) }
                return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[7...]), as: UTF8.self))
            }
            switch category {
            case .some(.some(let category)): result.append((category, form))
            case .some(.none): break
            case .none:
                guard form.path.hasPrefix("plural.") else { continue }
                let category = form.path.dropFirst(7)
                if !category.contains(".") { result.append((String(category), form)) }
            }
        }
        return result
    }

    /// The plural forms of substitution `name` (paths `substitutions.<name>.plural.<category>`).
    public func pluralForms(ofSubstitution name: String) -> [(category: String, form: PlatformForm)] {
        let prefix = "substitutions.\(name).plural."
        return forms.compactMap { form in
            guard form.path.hasPrefix(prefix) else { return nil }
            return (String(form.path.dropFirst(prefix.count)), form)
        }
    }
}

/// One string of a ``PlatformMessage``, with where its text starts in the file.
public struct PlatformForm: Hashable, Sendable {
    /// `""`, `plural.one`, `substitutions.count.plural.other`, `device.iphone`…
    public var path: String
    /// The text as the app receives it: JSON and XML escapes resolved, Android's own escapes and
    /// quoting applied, markup removed.
    public var value: String
    /// Where the text starts: the opening quote of a JSON string, the first character of an XML
    /// element's content.
    public var position: SourcePosition
    /// The state the file records (`translated`, `needs_review`, `new`, XLIFF states), if any.
    public var state: String?

    public init(path: String, value: String, position: SourcePosition, state: String? = nil) {
        self.path = path
        self.value = value
        self.position = position
        self.state = state
    }
}

/// A `.xcstrings` substitution: `%#@name@` in the format, one plural argument.
public struct PlatformSubstitution: Hashable, Sendable {
    public var name: String
    /// The argument it takes (1-based), when the file says.
    public var argumentNumber: Int?
    /// How `%arg` prints the number (`lld`, `ld`, `d`…).
    public var formatSpecifier: String?
    public var position: SourcePosition

    public init(name: String, argumentNumber: Int?, formatSpecifier: String?, position: SourcePosition) {
        self.name = name
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.position = position
    }
}
