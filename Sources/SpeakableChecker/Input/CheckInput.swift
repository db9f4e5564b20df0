public import SpeakableCatalog
public import SpeakableDiagnostics
public import SpeakableICU
public import SpeakableMessages
public import SpeakablePlatformFormats

/// A message's text together with the way back to where it was written: every UTF-16 offset of
/// the text maps to a 1-based line and column of its file.
///
/// The checker never asks where a string came from: a Speakable template, a locale JSON file, an
/// `.xcstrings` catalog or an Android `strings.xml` each supply their own map.
///
/// ```swift
/// let text = PositionedText(text: "Row {row}", file: "strings.xml", start: SourcePosition(line: 4, column: 23))
/// text.position(ofUTF16Offset: 4)   // 4:27
/// ```
public struct PositionedText: Sendable {
    public let text: String
    public let file: String
    private let map: Map

    /// Where positions come from: a Speakable JSON string (no allocation per message), an
    /// Android file's plain `<string>` (its file's shared record and its index: no allocation per
    /// message either), or a function.
    private enum Map: Sendable {
        case source(SourceText)
        case plainString(PlatformInput.PlainStringsSite, Int)
        /// A JSON string written without escapes whose opening quote is here (the text is
        /// ``text``: not held twice).
        case plainJSONString(quote: SourcePosition)
        /// A String Catalog's converted text: where its message is in the index (the message is
        /// made again and converted with tracking when a position is asked for).
        case indexed(PlatformInput.IndexedMessage, selector: Int?)
        case function(@Sendable (Int) -> SourcePosition)
    }

    /// A text whose offsets map through `map`.
    public init(text: String, file: String, map: @escaping @Sendable (Int) -> SourcePosition) {
        self.text = text
        self.file = file
        self.map = .function(map)
    }

    /// A text read from a Speakable JSON file (escapes accounted for).
    public init(_ source: SourceText) {
        self.text = source.text
        self.file = source.file
        if let quote = source.plainStringQuote {
            self.map = .plainJSONString(quote: quote)
        } else {
            self.map = .source(source)
        }
    }

    /// A converted text of an indexed String Catalog message (``PlatformInput/indexedText(_:origin:selector:)``).
    init(text: String, file: String, indexed origin: PlatformInput.IndexedMessage, selector: Int?) {
        self.text = text
        self.file = file
        self.map = .indexed(origin, selector: selector)
    }

    /// The ICU text of the `index`th plain `<string>` of an Android file read by the scanner
    /// (``PlatformInput/plainParts(_:_:file:scratch:)``): positions are worked out from `site`
    /// when asked.
    init(text: String, file: String, plainString site: PlatformInput.PlainStringsSite, index: Int) {
        self.text = text
        self.file = file
        self.map = .plainString(site, index)
    }

    /// A text written literally, starting at `start` in `file` (line breaks in the text are line
    /// breaks in the file).
    public init(text: String, file: String, start: SourcePosition) {
        let positions = TextPositions(text)
        self.init(text: text, file: file) { offset in
            let p = positions.position(ofUTF16Offset: offset)
            return p.line == 1 ? SourcePosition(line: start.line, column: start.column + p.column - 1)
                               : SourcePosition(line: start.line + p.line - 1, column: p.column)
        }
    }


    /// The file position of UTF-16 offset `offset` of the text.
    public func position(ofUTF16Offset offset: Int) -> SourcePosition {
        switch map {
        case .source(let source): source.position(ofUTF16Offset: offset)
        case .plainString(let site, let index): site.textPosition(index, offset)
        case .plainJSONString(let quote): SourceText.position(ofUTF16Offset: offset, inPlainString: text, quote: quote)
        case .indexed(let origin, let selector): PlatformInput.indexedPosition(origin, selector: selector, offset: offset)
        case .function(let function): function(offset)
        }
    }

    /// The file positions of `range`'s bounds (no end for an empty range), as
    /// ``position(ofUTF16Offset:)`` gives each; a plain `<string>`'s positions are worked out once
    /// for both.
    func positions(ofUTF16Range range: Range<Int>) -> (start: SourcePosition, end: SourcePosition?) {
        if case .plainString(let site, let index) = map, !range.isEmpty {
            let all = site.positions(index)
            return (all[min(max(0, range.lowerBound), all.count - 1)], all[min(max(0, range.upperBound), all.count - 1)])
        }
        return (position(ofUTF16Offset: range.lowerBound), range.isEmpty ? nil : position(ofUTF16Offset: range.upperBound))
    }
}

/// One source-language message, with what the checker knows about it.
public struct SourceMessage: Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    /// What the message is for; nil when the input does not say (platform catalogs), and then
    /// the rules that depend on the role do not run.
    public var role: Role?
    public var text: PositionedText
    /// The parsed message; nil when it does not parse (`syntax-error` reports why).
    public var pattern: MessagePattern?
    /// Real argument sets (`over-long` formats every locale with each).
    public var examples: [[String: MessageArgument]]
    public var maxSeconds: Double?
    public var maxGraphemes: Int?
    /// Exempt rules with the reason given: `"rule-id"` for every locale, `"rule-id@ko"` for one.
    public var exemptions: [String: String]
    /// The printf formats as the platform file holds them (platform catalogs only): what
    /// `format-mismatch` compares. Nil for Speakable projects, whose arguments are typed in ICU.
    public var formats: PlatformFormats?
    /// The String Catalog key as the format the app calls, when the key has specifiers and the
    /// source's text is another (`Text("notifications.label.favorite \(count)")` looks up the key
    /// `notifications.label.favorite %lld`, whose English value is `starred`). Its specifiers are
    /// arguments the app passes: a translation may print them though the source does not.
    public var keyFormat: PlatformFormats.Form? {
        get { extras?.form }
        set { extras = Extras(form: newValue, passed: extras?.passed ?? []).orNil }
    }
    /// Arguments the app passes that the source does not print (a project template's
    /// `"arguments"`): a translation may print them.
    public var passedArguments: Set<String> {
        get { extras?.passed ?? [] }
        set { extras = Extras(form: extras?.form, passed: newValue).orNil }
    }
    /// ``keyFormat`` and ``passedArguments``, held out of line (few messages have either).
    private var extras: Extras?

    private final class Extras: Sendable {
        let form: PlatformFormats.Form?
        let passed: Set<String>
        init(form: PlatformFormats.Form?, passed: Set<String>) {
            self.form = form
            self.passed = passed
        }
        var orNil: Extras? { form == nil && passed.isEmpty ? nil : self }
    }

    public init(key: String, keyPosition: SourcePosition, role: Role?, text: PositionedText, pattern: MessagePattern?,
                examples: [[String: MessageArgument]] = [], maxSeconds: Double? = nil, maxGraphemes: Int? = nil,
                exemptions: [String: String] = [:], formats: PlatformFormats? = nil, keyFormat: PlatformFormats.Form? = nil) {
        self.key = key
        self.keyPosition = keyPosition
        self.role = role
        self.text = text
        self.pattern = pattern
        self.examples = examples
        self.maxSeconds = maxSeconds
        self.maxGraphemes = maxGraphemes
        self.exemptions = exemptions
        self.formats = formats
        self.extras = Extras(form: keyFormat, passed: []).orNil
    }
}

/// The printf format strings of one platform message in one locale — every plural form and
/// substitution variation — each with the way back to its place in the file.
///
/// ```swift
/// // <plurals name="minutes"><item quantity="one">1 minute</item><item quantity="other">%d minutes</item></plurals>
/// formats.forms.map(\.path)                  // ["plural.one", "plural.other"]
/// formats.forms[1].format.specifiers[0].text  // "%d"
/// ```
public struct PlatformFormats: Sendable {
    /// One format string: a plain string, a plural form, a substitution's variation.
    public struct Form: Sendable {
        /// `""`, `plural.one`, `substitutions.count.plural.other` (see ``PlatformForm/path``).
        public var path: String
        public var format: FormatString
        public var file: String
        /// The file position of a Unicode scalar offset in the form's text.
        public var position: @Sendable (Int) -> SourcePosition {
            get {
                switch map {
                case .function(let function): function
                case .jsonString(let quote): { SourcePosition(line: quote.line, column: quote.column + 1 + $0) }
                case .plainString(let site, let index): { site.formPosition(index, $0) }
                case .androidString(let string): { PlatformInput.alignment(string)($0) }
                }
            }
            set { map = .function(newValue) }
        }
        /// Apple substitution variations: the name of the substitution the form belongs to
        /// (its `%arg` prints that substitution's argument).
        public var substitution: String?
        private var map: Map

        /// Where positions come from: a function, a JSON string's opening quote (no closure
        /// made per form: a String Catalog has one form per string), or an Android file's plain
        /// `<string>` (its file's shared record and its index: no closure either).
        private enum Map: Sendable {
            case function(@Sendable (Int) -> SourcePosition)
            case jsonString(SourcePosition)
            case plainString(PlatformInput.PlainStringsSite, Int)
            /// An Android string read by the resource reader: aligned with its raw XML when a
            /// position is asked for.
            case androidString(AndroidString)
        }

        public init(path: String, format: FormatString, file: String, substitution: String? = nil,
                    position: @escaping @Sendable (Int) -> SourcePosition) {
            self.path = path
            self.format = format
            self.file = file
            self.substitution = substitution
            self.map = .function(position)
        }

        /// The value of the `index`th plain `<string>` of an Android file read by the scanner:
        /// positions are worked out from `site` when asked.
        init(path: String, format: FormatString, file: String, plainString site: PlatformInput.PlainStringsSite, index: Int) {
            self.path = path
            self.format = format
            self.file = file
            self.substitution = nil
            self.map = .plainString(site, index)
        }

        /// The value of an Android string read by the resource reader (an item of a `<plurals>` or
        /// `<string-array>`, a `<string>` with markup): positions are aligned with its raw XML
        /// when asked (``PlatformInput/alignment(_:)``), without a closure made per form.
        init(path: String, format: FormatString, file: String, androidString: AndroidString) {
            self.path = path
            self.format = format
            self.file = file
            self.substitution = nil
            self.map = .androidString(androidString)
        }

        /// A form written as a JSON string (a String Catalog's) whose opening quote is at `quote`:
        /// scalar offset `k` of the text is at column `quote.column + 1 + k` of that line (escapes
        /// before it are not counted).
        public init(path: String, format: FormatString, file: String, substitution: String? = nil, jsonStringAt quote: SourcePosition) {
            self.path = path
            self.format = format
            self.file = file
            self.substitution = substitution
            self.map = .jsonString(quote)
        }
    }

    /// A `.xcstrings` substitution: which argument it takes and how `%arg` prints it.
    public struct Substitution: Hashable, Sendable {
        public var argument: Int?
        /// `lld`, `d`, `@`… (without `%`).
        public var formatSpecifier: String?

        public init(argument: Int?, formatSpecifier: String?) {
            self.argument = argument
            self.formatSpecifier = formatSpecifier
        }
    }

    public var dialect: FormatDialect
    public var forms: [Form]
    public var substitutions: [String: Substitution]
    public init(dialect: FormatDialect, forms: [Form], substitutions: [String: Substitution] = [:]) {
        self.dialect = dialect
        self.forms = forms
        self.substitutions = substitutions
    }
}

/// How far a translation is along, as the file records it (`.xcstrings` `state`, XLIFF
/// `state`). Projects record none: a translation there is translated.
public enum ReviewState: String, Hashable, Sendable {
    /// `translated`, `reviewed`, `final`, `signed-off`, or no state.
    case translated
    /// `needs_review`, `needs-review-translation`, `needs-review-l10n`…, `stale`: translated, but
    /// not yet approved; not counted as translated.
    case needsReview = "needs review"
    /// `new`, `initial`, `needs-translation`: a placeholder, not a translation.
    case new

    /// The state a file's word stands for.
    public init(platformState: String?) {
        // What Xcode writes, without lowercasing each one.
        switch platformState {
        case nil, "translated": self = .translated; return
        case "new": self = .new; return
        case "needs_review", "stale": self = .needsReview; return
        default: break
        }
        switch platformState?.lowercased() {
        case nil, "translated", "reviewed", "final", "signed-off": self = .translated
        case "new", "initial", "needs-translation": self = .new
        case let s? where s.hasPrefix("needs") || s == "stale": self = .needsReview
        default: self = .translated
        }
    }
}

/// One translation of a source message.
public struct TargetMessage: Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var text: PositionedText
    public var pattern: MessagePattern?
    /// The platform formats (platform catalogs only; see ``SourceMessage/formats``).
    public var formats: PlatformFormats?
    /// The least finished state of the translation's strings.
    public var state: ReviewState

    public init(key: String, keyPosition: SourcePosition, text: PositionedText, pattern: MessagePattern?,
                formats: PlatformFormats? = nil, state: ReviewState = .translated) {
        self.key = key
        self.keyPosition = keyPosition
        self.text = text
        self.pattern = pattern
        self.formats = formats
        self.state = state
    }
}

/// The translations of one table into one locale.
public struct TargetLocale: Sendable {
    /// The BCP 47 tag as the input names it.
    public var tag: String
    public var locale: ICULocale
    /// The file the translations are in (or would be: see ``fileExists``).
    public var file: String
    /// False when the locale has no file for this table yet (every key is missing).
    public var fileExists: Bool
    /// In file order.
    public var messages: [TargetMessage]

    public init(tag: String, locale: ICULocale, file: String, fileExists: Bool = true, messages: [TargetMessage]) {
        self.tag = tag
        self.locale = locale
        self.file = file
        self.fileExists = fileExists
        self.messages = messages
    }
}

/// Source messages and their translations: a Speakable table, an `.xcstrings` file, or an
/// Android `values/strings.xml` with its `values-*/` siblings.
public struct CheckTable: Sendable {
    public var name: String
    /// Where the source messages are.
    public var file: String
    public var messages: [SourceMessage]
    /// One per target locale, sorted by tag.
    public var locales: [TargetLocale]

    public init(name: String, file: String, messages: [SourceMessage], locales: [TargetLocale]) {
        self.name = name
        self.file = file
        self.messages = messages
        self.locales = locales
    }
}

/// Everything `speakable check` looks at, independent of where the strings came from.
public struct CheckInput: Sendable {
    public var sourceTag: String
    public var sourceLocale: ICULocale
    public var tables: [CheckTable]
    public var settings: CheckSettings
    /// Problems found while reading the inputs (bad JSON, unknown fields…); they are reported as
    /// they are, with their own ids, and always count as errors.
    public var inputDiagnostics: [Diagnostic]
    /// Target locales read only when the checker gets to them, one at a time, so that the
    /// translations of a large input are never all in memory (the loaders'
    /// `deferringLocales: true`). Sorted by tag; each tag is either here or in the tables.
    public var deferredLocales: [DeferredLocale]

    public init(sourceTag: String, sourceLocale: ICULocale, tables: [CheckTable], settings: CheckSettings = CheckSettings(),
                inputDiagnostics: [Diagnostic] = [], deferredLocales: [DeferredLocale] = []) {
        self.sourceTag = sourceTag
        self.sourceLocale = sourceLocale
        self.tables = tables
        self.settings = settings
        self.inputDiagnostics = inputDiagnostics
        self.deferredLocales = deferredLocales
    }

    /// Every target locale tag, in the tables or deferred, sorted.
    public var localeTags: [String] {
        var tags = Set(deferredLocales.map(\.tag))
        for table in tables { for locale in table.locales { tags.insert(locale.tag) } }
        return tags.sorted()
    }

    /// Only the target locales in `tags` (`--locale`).
    public mutating func keepLocales(_ tags: Set<String>) {
        for i in tables.indices { tables[i].locales.removeAll { !tags.contains($0.tag) } }
        deferredLocales.removeAll { !tags.contains($0.tag) }
    }

    /// The same input with every deferred locale read into the tables: what a check of this
    /// input looks at, all in memory (for inspecting an input; ``Checker`` reads deferred
    /// locales itself).
    public func materialized() -> CheckInput {
        var result = self
        result.deferredLocales = []
        for deferred in deferredLocales {
            let read = deferred.read()
            result.inputDiagnostics += read.diagnostics
            for (t, target) in read.locales.enumerated() where t < result.tables.count {
                if let target { result.tables[t].locales.append(target) }
            }
        }
        for t in result.tables.indices { result.tables[t].locales.sort { $0.tag < $1.tag } }
        return result
    }
}

/// One target locale whose translations are read when the checker reaches it.
///
/// ```swift
/// let input = try PlatformInput.load(path: "app/src/main/res", deferringLocales: true)
/// input.deferredLocales.map(\.tag)          // ["de", "ko"]
/// let ko = input.deferredLocales[1].read()  // ko's translations of every table, and read errors
/// ```
public struct DeferredLocale: Sendable {
    /// The BCP 47 tag as the input names it.
    public var tag: String
    /// Reads the locale: one ``TargetLocale`` per table of the input, in the tables' order (nil
    /// where the locale has nothing to check in that table), and the problems found reading it.
    public var read: @Sendable () -> (locales: [TargetLocale?], diagnostics: [Diagnostic])
    /// ``read`` that also hands over each table's locale before its messages are made
    /// (`begin`: the table's index and the locale without messages) and then each message as soon
    /// as it is in its place in that list (`visit`: the table's index, the message, its index in
    /// the list), so that the checker checks it while it is still in the processor's cache. Once
    /// `visit` returns, the message is destroyed (the next is made in its memory): the locales
    /// returned are ``read``'s without messages — the checker keeps what the checks of a whole
    /// locale need as it visits them. Nil for a reader that makes its lists another way (the
    /// checker then checks what ``read`` returns).
    public var stream: (@Sendable (_ begin: (Int, TargetLocale) -> Void, _ visit: (Int, UnsafePointer<TargetMessage>, Int) -> Void)
        -> (locales: [TargetLocale?], diagnostics: [Diagnostic]))?
    /// How much work reading and checking the locale is, compared with the input's other
    /// deferred locales (such as the bytes of its files; 0: unknown). On several cores the
    /// checker begins the costliest first, so that no core is left with a large one at the end;
    /// the findings do not depend on it.
    public var cost: Int

    public init(tag: String, cost: Int = 0, read: @escaping @Sendable () -> (locales: [TargetLocale?], diagnostics: [Diagnostic]),
                stream: (@Sendable (_ begin: (Int, TargetLocale) -> Void, _ visit: (Int, UnsafePointer<TargetMessage>, Int) -> Void)
                    -> (locales: [TargetLocale?], diagnostics: [Diagnostic]))? = nil) {
        self.tag = tag
        self.cost = cost
        self.read = read
        self.stream = stream
    }
}

/// How the rules run: severities, budgets, hint style and rule options.
public struct CheckSettings: Sendable {
    /// Free what a check works out about each table on another thread once it is done
    /// (``BackgroundRelease``): for a process that writes its report and exits, as
    /// `speakable check` does (a process that checks again leaves it off).
    public var releasesInBackground = false
    /// Severity overrides by rule id; rules not listed keep their default.
    public var severities: [String: RuleSeverity] = [:]
    /// Where each override was written (to report unknown rule ids).
    public var severityPositions: [String: SourcePosition] = [:]
    /// The file the overrides are in.
    public var configFile: String?
    public var hintStyle: HintStyle = .result
    public var budgets: [Role: Budget] = ProjectConfig().budgets
    public var allowUntranslated: [String] = []
    /// Which `<string>`s of an Android `res/` checked as it is are TalkBack click labels (role
    /// `action`); the others have no role.
    public var androidClickLabels = AndroidClickLabels()
    /// `bidi-control` reports every bidirectional control (true) or only unbalanced ones (false).
    public var reportAnyBidiControl = false
    /// The spoken-length function measures (espeak-ng) rather than estimates: `over-long` then
    /// allows no tolerance for estimation error.
    public var spokenLengthIsMeasured = false
    /// The source text is what every locale without a translation of its own shows, with that
    /// locale's plural rules: Android's default `values/` (a project compiled for Android, an
    /// Android `res/`). No plural case of the source is then dead.
    public var sourceReachesEveryLocale = false

    public init() {}

    /// The severity of `rule` after the overrides.
    public func severity(of rule: Rule) -> RuleSeverity {
        severities[rule.rawValue] ?? rule.defaultSeverity
    }
}
