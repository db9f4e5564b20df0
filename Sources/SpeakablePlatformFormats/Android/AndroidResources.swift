public import SpeakableDiagnostics
public import SpeakableXML

/// An Android `res/values*/strings.xml`: its `<string>`, `<plurals>` and `<string-array>`
/// resources with positions, each string decoded as the app receives it.
///
/// ```swift
/// let file = AndroidResourceReader.read(bytes, file: "res/values-ko/strings.xml").file!
/// file.locale                                  // "ko" (from the folder name)
/// let snooze = file["alarm_alert_snooze_set"]!
/// snooze.kind                                  // .plurals
/// snooze.items[0].quantity                     // "other"
/// snooze.items[0].value.text                   // "%d분 동안 알림 일시 중지"
/// snooze.items[0].value.placeholders[0].id     // "MINUTES"
/// ```
public struct AndroidResourceFile: Sendable {
    public var file: String
    /// The locale of the folder (`values-ko` → `ko`, `values-b+sr+Latn` → `sr-Latn`,
    /// `values-iw` → `he`); nil for `values/` (the default, the source language) or when unknown.
    public var locale: String?
    /// Everything before `<resources>` as written (XML declaration, licence comment).
    public var header: String
    /// The attributes of `<resources>` (namespace declarations), in order.
    public var rootAttributes: [XMLAttribute]
    /// In file order.
    public var resources: [AndroidResource]

    public init(file: String, locale: String?, header: String = "", rootAttributes: [XMLAttribute] = [],
                resources: [AndroidResource]) {
        self.file = file
        self.locale = locale
        self.header = header
        self.rootAttributes = rootAttributes
        self.resources = resources
    }

    public subscript(name: String) -> AndroidResource? { resources.first { $0.name == name } }

    /// The `tools:ignore` attribute of `<resources>`, if there is one: the Android Lint issues
    /// ignored for every resource of the file.
    ///
    /// ```swift
    /// // <resources xmlns:tools="http://schemas.android.com/tools" tools:ignore="MissingTranslation">
    /// file.toolsIgnore                                              // "MissingTranslation"
    /// AndroidLint.ignores(file.toolsIgnore, "MissingTranslation")   // true
    /// ```
    public var toolsIgnore: String? { rootAttributes.first { $0.name == "tools:ignore" }?.value }
}

/// What a `tools:ignore` attribute (on `<resources>` or on one resource) tells Android Lint.
public enum AndroidLint {
    /// Whether `toolsIgnore`, a comma-separated list of Lint issue ids, ignores `issue`
    /// (`"all"` ignores every issue).
    ///
    /// ```swift
    /// AndroidLint.ignores("MissingTranslation, Typos", "MissingTranslation")   // true
    /// AndroidLint.ignores("all", "MissingTranslation")                         // true
    /// AndroidLint.ignores("ExtraTranslation", "MissingTranslation")            // false
    /// ```
    public static func ignores(_ toolsIgnore: String?, _ issue: String) -> Bool {
        guard let toolsIgnore else { return false }
        return toolsIgnore.split(separator: ",").contains { id in
            var id = id
            while let first = id.first, first.isWhitespace { id.removeFirst() }
            while let last = id.last, last.isWhitespace { id.removeLast() }
            return id == issue || id == "all"
        }
    }
}

/// Which Android `<string>` names are TalkBack click labels (action fragments: the app passes
/// the text as `onClick(label = …)` and TalkBack says "Double-tap to ‹label›"), by name
/// patterns where `*` stands for any characters.
///
/// A name says little by itself: apps name `android:hint` texts of edit fields `…_hint`
/// ("Search podcast…"), which are no click labels. A name that says it is a hint for
/// accessibility (`…_acc_hint`, `…_accessibility_hint`, `…_a11y_hint`) is one TalkBack speaks,
/// which is a click label: the default. A project lists its own convention in speakable.json
/// (`"check": {"androidClickLabels": ["*_hint"]}`).
///
/// ```swift
/// let labels = AndroidClickLabels()
/// labels.matches("ui_action_button_my_location_acc_hint")   // true
/// labels.matches("search_podcast_hint")                     // false
/// AndroidClickLabels(patterns: ["*_hint"]).matches("search_podcast_hint")   // true
/// ```
public struct AndroidClickLabels: Hashable, Sendable {
    /// The patterns a name is matched against, whole (`*` matches any run of characters).
    public let patterns: [String]
    /// Each pattern's UTF-8 split at its `*`s (made once: every source string is matched, by its
    /// bytes: resource names are ASCII).
    private let pieces: [[[UInt8]]]

    /// Names that say they are accessibility hints.
    public static let defaultPatterns = ["*_acc_hint", "*_accessibility_hint", "*_a11y_hint"]

    public init(patterns: [String] = Self.defaultPatterns) {
        self.patterns = patterns
        pieces = patterns.map { $0.utf8.split(separator: 0x2A, omittingEmptySubsequences: false).map(Array.init) }
    }

    public static func == (a: Self, b: Self) -> Bool { a.patterns == b.patterns }
    public func hash(into hasher: inout Hasher) { hasher.combine(patterns) }

    /// Whether `name` matches one of the patterns.
    public func matches(_ name: String) -> Bool {
        if let matched = name.utf8.withContiguousStorageIfAvailable({ bytes in pieces.contains { Self.matches(bytes, $0) } }) {
            return matched
        }
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { bytes in pieces.contains { Self.matches(bytes, $0) } }
    }

    /// `name` against a pattern split at its `*`s: the first piece a prefix, the last a suffix,
    /// the others in order between them.
    private static func matches(_ name: UnsafeBufferPointer<UInt8>, _ pieces: [[UInt8]]) -> Bool {
        guard let first = pieces.first else { return name.isEmpty }
        if pieces.count == 1 { return name.elementsEqual(first) }
        let last = pieces[pieces.count - 1]
        guard name.count >= first.count + last.count, name.starts(with: first),
              name[(name.count - last.count)...].elementsEqual(last) else { return false }
        var at = first.count
        let end = name.count - last.count
        for middle in pieces.dropFirst().dropLast() where !middle.isEmpty {
            var found = false
            while at + middle.count <= end {
                if name[at..<at + middle.count].elementsEqual(middle) { found = true; break }
                at += 1
            }
            guard found else { return false }
            at += middle.count
        }
        return true
    }
}

/// One resource element.
public struct AndroidResource: Sendable {
    public enum Kind: Hashable, Sendable {
        case string
        case plurals
        case stringArray
        /// Any other element (`<integer>`, `<bool>`, `<skip/>`…), kept as written.
        case other(String)
    }

    public var kind: Kind
    /// The `name` attribute ("" for elements without one).
    public var name: String
    /// Where the `name` attribute is (or the element, when it has none).
    public var namePosition: SourcePosition
    /// Where the element starts.
    public var position: SourcePosition
    /// All attributes, in order (`name`, `translatable`, `formatted`, `tools:ignore`, `msgid`…).
    public var attributes: [XMLAttribute]
    /// The XML comments right before the element (joined by newlines), trimmed.
    public var comment: String?
    /// The value of a `<string>`.
    public var value: AndroidString?
    /// The `<item>`s of `<plurals>` (with a quantity) or `<string-array>`.
    public var items: [AndroidItem]
    /// The element exactly as written, from `<` to its end.
    public var rawXML: String
    /// The comments before the element exactly as written (with whitespace between them).
    public var rawComments: String

    public init(kind: Kind, name: String, namePosition: SourcePosition, position: SourcePosition,
                attributes: [XMLAttribute] = [], comment: String? = nil, value: AndroidString? = nil,
                items: [AndroidItem] = [], rawXML: String = "", rawComments: String = "") {
        self.kind = kind
        self.name = name
        self.namePosition = namePosition
        self.position = position
        self.attributes = attributes
        self.comment = comment
        self.value = value
        self.items = items
        self.rawXML = rawXML
        self.rawComments = rawComments
    }

    public subscript(attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }

    /// False when `translatable="false"`.
    public var isTranslatable: Bool { self["translatable"] != "false" }
}

/// An `<item>` of a `<plurals>` or `<string-array>`.
public struct AndroidItem: Sendable {
    /// `zero`, `one`, `two`, `few`, `many`, `other` (nil in a `<string-array>`).
    public var quantity: String?
    public var value: AndroidString
    public var position: SourcePosition
}

/// A string's content: decoded text, the markup as written, and its `<xliff:g>` placeholders.
public struct AndroidString: Hashable, Sendable {
    /// What the app receives: XML entities and Android escapes resolved, quoting and whitespace
    /// applied as aapt2 does, tags removed.
    public var text: String
    /// The element's content exactly as written.
    public var rawXML: String
    /// Where the content starts.
    public var position: SourcePosition
    /// `<xliff:g id="…" example="…">` elements, in order.
    public var placeholders: [AndroidPlaceholder]
    /// Whether the content has style markup (`<b>`, `<i>`, `<annotation>`…) besides `<xliff:g>`.
    public var hasMarkup: Bool
    /// Every element inside the content (style markup and `<xliff:g>`), outer ones first, with
    /// what of ``text`` it holds (the general reader fills it; the checker's scanner does not).
    public var spans: [AndroidSpan] = []

    public init(text: String, rawXML: String, position: SourcePosition, placeholders: [AndroidPlaceholder] = [],
                hasMarkup: Bool = false, spans: [AndroidSpan] = []) {
        self.text = text
        self.rawXML = rawXML
        self.position = position
        self.placeholders = placeholders
        self.hasMarkup = hasMarkup
        self.spans = spans
    }
}

/// An element inside a string's content — `<b>`, `<annotation font="title">`, `<xliff:g id="x">`
/// — and the part of the text it holds.
///
/// ```swift
/// // <b>여기</b>를 눌러 <i>시작</i>, edited to "여기를 눌러 바로 시작"
/// AndroidSpan.moved(spans, from: "여기를 눌러 시작", to: "여기를 눌러 바로 시작").kept.map(\.range)   // [0..<2, 10..<12]
/// ```
public struct AndroidSpan: Hashable, Sendable {
    /// The start tag as it is written back (`<annotation font="title">`).
    public var open: String
    /// The end tag (`</annotation>`).
    public var close: String
    /// Unicode scalar offsets in ``AndroidString/text``.
    public var range: Range<Int>

    public init(open: String, close: String, range: Range<Int>) {
        self.open = open
        self.close = close
        self.range = range
    }

    /// `spans` of `original` placed in `text`: where they were when the text is the same, else
    /// each around the one place `text` has what it held — a span around a format specifier
    /// (`<xliff:g id="count">%d</xliff:g>`) around the one specifier of `text` that reads the same
    /// argument (`%1$d`) — (`lost`: the spans whose text is not there, or there more than once).
    public static func moved(_ spans: [AndroidSpan], from original: String, to text: String) -> (kept: [AndroidSpan], lost: [AndroidSpan]) {
        if original == text { return (spans, []) }
        let from = Array(original.unicodeScalars)
        let to = Array(text.unicodeScalars)
        let originalFormat = FormatString.parse(original, dialect: .java)
        let newFormat = FormatString.parse(text, dialect: .java)
        var kept: [AndroidSpan] = []
        var lost: [AndroidSpan] = []
        for span in spans {
            guard span.range.upperBound <= from.count, !span.range.isEmpty else { lost.append(span); continue }
            if let spec = originalFormat.specifiers.first(where: { $0.range == span.range }),
               case .argument(let argument) = originalFormat.role(of: spec) {
                let matches = newFormat.specifiers.filter { if case .argument(argument) = newFormat.role(of: $0) { true } else { false } }
                if matches.count == 1 {
                    var moved = span
                    moved.range = matches[0].range
                    kept.append(moved)
                } else {
                    lost.append(span)
                }
                continue
            }
            let needle = Array(from[span.range])
            var found: [Int] = []
            var i = 0
            while i + needle.count <= to.count, found.count < 2 {
                if to[i..<i + needle.count].elementsEqual(needle) { found.append(i) }
                i += 1
            }
            guard found.count == 1 else { lost.append(span); continue }
            var moved = span
            moved.range = found[0]..<found[0] + needle.count
            kept.append(moved)
        }
        return (kept, lost)
    }
}

/// `<xliff:g id="minutes" example="7">%d</xliff:g>`.
public struct AndroidPlaceholder: Hashable, Sendable {
    public var id: String?
    public var example: String?
    /// The decoded text inside (`%d`, ` %3$s`).
    public var text: String
    /// Where that text is in the string's ``AndroidString/text`` (Unicode scalar offsets).
    public var range: Range<Int>
    public var position: SourcePosition
}

extension AndroidResourceFile {
    /// Every `<string>` and `<plurals>` as a ``PlatformMessage`` (`<string-array>` and other
    /// resources are not messages; they are in ``resources``). `locale` stands in for the
    /// folder's locale when the file has none (`values/`: the source language).
    public func messages(defaultLocale: String) -> [PlatformMessage] {
        let locale = self.locale ?? defaultLocale
        var result: [PlatformMessage] = []
        for resource in resources {
            var forms: [PlatformForm] = []
            var strings: [AndroidString] = []
            switch resource.kind {
            case .string:
                guard let value = resource.value else { continue }
                forms.append(PlatformForm(path: "", value: value.text, position: value.position))
                strings.append(value)
            case .plurals:
                for item in resource.items {
                    forms.append(PlatformForm(path: "plural." + (item.quantity ?? "other"), value: item.value.text,
                                              position: item.value.position))
                    strings.append(item.value)
                }
            case .stringArray, .other:
                continue
            }
            result.append(PlatformMessage(key: resource.name, keyPosition: resource.namePosition, locale: locale, file: file,
                                          forms: forms, comment: resource.comment, isTranslatable: resource.isTranslatable,
                                          argumentNames: Self.argumentNames(strings)))
        }
        return result
    }

    /// Names from `<xliff:g id>` by printf position: `%2$s` inside `id="time"` names argument 2;
    /// a specifier without a position counts in order of appearance.
    static func argumentNames(_ strings: [AndroidString]) -> [Int: String] {
        var names: [Int: String] = [:]
        for string in strings where !string.placeholders.isEmpty {
            for (specifier, position) in FormatString.parse(string.text, dialect: .java).arguments {
                guard let placeholder = string.placeholders.first(where: {
                    $0.range.lowerBound <= specifier.range.lowerBound && specifier.range.upperBound <= $0.range.upperBound
                }), let id = placeholder.id, !id.isEmpty else { continue }
                if names[position] == nil { names[position] = id }
            }
        }
        return names
    }
}
