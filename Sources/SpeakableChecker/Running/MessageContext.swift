import SpeakableCatalog
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// What every locale's check needs of a source message, shared by reference (not a copy of the
/// whole ``SourceMessage`` for each translation).
final class SourceInfo: Sendable {
    let role: Role?
    let examples: [[String: MessageArgument]]
    let maxSeconds: Double?
    let maxGraphemes: Int?
    let exemptions: [String: String]
    /// The source text as written.
    let text: String
    /// What the source prints first (last) can be a space or a line break: a translation that
    /// starts (ends) with one mirrors it.
    let startsWithSpace: Bool
    let endsWithSpace: Bool

    init(_ m: SourceMessage) {
        role = m.role
        examples = m.examples
        maxSeconds = m.maxSeconds
        maxGraphemes = m.maxGraphemes
        exemptions = m.exemptions
        text = m.text.text
        var starts = false
        var ends = false
        if let pattern = m.pattern {
            EdgeTexts.forEachEdgeText(pattern.body, atEnd: false) { text, _ in
                if let first = text.unicodeScalars.first, WhitespaceRule.isSpace(first) || first == "\n" { starts = true }
            }
            EdgeTexts.forEachEdgeText(pattern.body, atEnd: true) { text, _ in
                if let last = text.unicodeScalars.last, WhitespaceRule.isSpace(last) || last == "\n" { ends = true }
            }
        }
        startsWithSpace = starts
        endsWithSpace = ends
    }
}

/// What the rules look up by a locale's language, looked up once per locale checked (not by
/// hashing the language for every message).
final class LocaleRuleFacts: Sendable {
    let roleWords: [(word: String, what: String, units: [UInt16])]?
    let roleWordBytes: [[UInt8]]?
    let gestures: [(word: String, units: [UInt16])]?
    let gestureBytes: [[UInt8]]?
    let cardinal: PluralCategoryInfo?
    let ordinal: PluralCategoryInfo?
    /// The settings' budget of each role, by ``Role/allCases`` index.
    private let budgets: [Budget?]

    init(_ locale: ICULocale, settings: CheckSettings) {
        budgets = Role.allCases.map { settings.budgets[$0] }
        roleWords = RoleWordRule.roleWordUnits[locale.language]
        roleWordBytes = RoleWordRule.roleWordBytes[locale.language]
        gestures = HintGestureRule.gestureUnits[locale.language]
        gestureBytes = HintGestureRule.gestureBytes[locale.language]
        cardinal = PluralCategoryInfo.cached(for: locale, ordinal: false)
        ordinal = PluralCategoryInfo.cached(for: locale, ordinal: true)
    }

    func pluralInfo(ordinal isOrdinal: Bool) -> PluralCategoryInfo? { isOrdinal ? ordinal : cardinal }

    /// `settings.budgets[role]`, without hashing the role.
    func budget(for role: Role) -> Budget? {
        switch role {
        case .label: budgets[0]
        case .value: budgets[1]
        case .hint: budgets[2]
        case .action: budgets[3]
        case .announcement: budgets[4]
        case .text: budgets[5]
        }
    }
}

/// One message in one locale, with everything a rule needs to report on it.
struct MessageContext {
    /// What every message of the unit being checked shares (one reference for all of it).
    let unit: UnitContext
    let source: SourceInfo
    let sourceIndex: Int?
    /// The message, read in place: the list it is in is held by the caller for as long as the
    /// context is used (a context is made for one message's rules and never kept), so that its
    /// key, text, pattern and formats are not copied into the context. (A source message is read
    /// as a translation made of it.)
    private let message: UnsafePointer<TargetMessage>

    /// The context of the message at `message` (in a list the caller holds while it is used).
    init(unit: UnitContext, source: SourceInfo, sourceIndex: Int?, message: UnsafePointer<TargetMessage>) {
        self.unit = unit
        self.source = source
        self.sourceIndex = sourceIndex
        self.message = message
    }

    // Addressors: the caller reads the message's own values (a getter would copy each, and a
    // `_read` coroutine allocated its frame).
    var key: String { unsafeAddress { message.pointer(to: \.key)! } }
    var text: PositionedText { unsafeAddress { message.pointer(to: \.text)! } }
    var pattern: MessagePattern? { unsafeAddress { message.pointer(to: \.pattern)! } }
    /// The platform formats of this text (platform catalogs only).
    var formats: PlatformFormats? { unsafeAddress { message.pointer(to: \.formats)! } }

    var tableName: String { unit.tableName }
    /// The locale tag this text is in.
    var tag: String { unit.tag }
    var locale: ICULocale { unit.locale }
    var isSource: Bool { unit.isSource }
    /// The facts of ``locale``.
    var localeFacts: LocaleRuleFacts { unit.localeFacts }
    var language: String { unit.locale.language }
    var role: Role? { source.role }
}

/// The table and locale a ``MessageContext`` is in: one per unit checked (a table's source, or one
/// of its locales).
final class UnitContext {
    let tableName: String
    let tag: String
    let locale: ICULocale
    let isSource: Bool
    let localeFacts: LocaleRuleFacts
    /// ``CheckSettings/sourceReachesEveryLocale``, for the source.
    var sourceReachesEveryLocale = false

    init(tableName: String, tag: String, locale: ICULocale, isSource: Bool, localeFacts: LocaleRuleFacts) {
        self.tableName = tableName
        self.tag = tag
        self.locale = locale
        self.isSource = isSource
        self.localeFacts = localeFacts
    }
}
