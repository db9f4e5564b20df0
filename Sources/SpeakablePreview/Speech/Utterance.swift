public import SpeakableCatalog
public import SpeakableDescribers

/// One stretch of speech: what a screen reader says in one go, with the silence before it.
///
/// ```swift
/// let focus = element.utterances[0]
/// focus.kind              // .focus
/// focus.text              // "selected, given 5, Button, Row 1, Column 1, In grid, 9 rows, 9 columns"
/// focus.appText           // "given 5" — the app's own words in it
/// focus.estimatedSeconds  // the whole utterance
/// focus.isOverBudget      // whether the app's words take longer than their budget
/// ```
public struct Utterance: Hashable, Sendable {
    /// When it is spoken.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// When focus lands on the element: VoiceOver's label, value, traits; TalkBack's
        /// selected, state, name, role, position, grid.
        case focus
        /// The usage hint, after a pause (if the user keeps hints on).
        case hint
        /// An announcement: an event, or a screen opening on the element.
        case announcement
        /// Spoken after the element is activated (a board's whole-position reading); not part of
        /// what focus says, so not in the element's audio.
        case activation
    }

    public var kind: Kind
    /// What is spoken.
    public var text: String
    /// Seconds of silence before it.
    public var pauseBefore: Double
    /// The app's own words in ``text`` (the rest is the screen reader's: roles, states,
    /// positions, "Double-tap to"), as one text.
    public var appText: String
    /// Estimated speaking time of ``text`` (``SpokenLength``, calibrated on espeak-ng).
    public var estimatedSeconds: Double
    /// Estimated speaking time of ``appText``.
    public var appSeconds: Double
    /// The budget for the app's words: the template's `maxSeconds` of the messages that made
    /// them, else the role's budget in `speakable.json` (label, hint, announcement). Nil: none.
    public var appBudgetSeconds: Double?

    public init(kind: Kind, text: String, pauseBefore: Double, appText: String, estimatedSeconds: Double, appSeconds: Double,
                appBudgetSeconds: Double?) {
        self.kind = kind
        self.text = text
        self.pauseBefore = pauseBefore
        self.appText = appText
        self.estimatedSeconds = estimatedSeconds
        self.appSeconds = appSeconds
        self.appBudgetSeconds = appBudgetSeconds
    }

    /// The budget for the whole utterance: the app's budget plus the time the screen reader's
    /// own words take (which the app cannot shorten).
    public var budgetSeconds: Double? {
        appBudgetSeconds.map { $0 + max(0, estimatedSeconds - appSeconds) }
    }

    /// Whether the app's words take longer to speak than their budget.
    public var isOverBudget: Bool {
        guard let appBudgetSeconds else { return false }
        return appSeconds > appBudgetSeconds
    }
}

/// One focusable element (or one announcement) of a scenario, as one screen reader speaks it in
/// one locale.
public struct SpokenElement: Hashable, Sendable {
    /// The scenario item it belongs to, from 1.
    public var item: Int
    /// The item's `type` ("sudokuCell", "control", "event"…).
    public var type: String
    /// The item's line in the scenario file.
    public var line: Int
    /// What the element is ("DailySudoku: row 1, column 1", "Hint", "placed").
    public var title: String
    /// In speaking order.
    public var utterances: [Utterance]
    /// TalkBack, an element outside any grid: what it says when focus arrives from a grid cell
    /// ("Out of grid" after its name), wherever it sits in swipe order — the web page uses it
    /// when a reviewer moves from a grid straight to this element. `nil` otherwise.
    public var fromGrid: [Utterance]?

    public init(item: Int, type: String, line: Int, title: String, utterances: [Utterance], fromGrid: [Utterance]? = nil) {
        self.item = item
        self.type = type
        self.line = line
        self.title = title
        self.utterances = utterances
        self.fromGrid = fromGrid
    }

    /// The utterances a user hears around focus — everything but ``Utterance/Kind/activation`` —
    /// in order: what the element's audio holds.
    public var heard: [Utterance] { utterances.filter { $0.kind != .activation } }

    /// Speaking time of ``heard`` with the pauses between them.
    public var estimatedSeconds: Double {
        var total = 0.0
        for (i, utterance) in heard.enumerated() { total += (i == 0 ? 0 : utterance.pauseBefore) + utterance.estimatedSeconds }
        return total
    }

    /// The budget of ``heard``: each utterance's budget plus the pauses; nil when one has none.
    public var budgetSeconds: Double? {
        var total = 0.0
        for (i, utterance) in heard.enumerated() {
            guard let budget = utterance.budgetSeconds else { return nil }
            total += (i == 0 ? 0 : utterance.pauseBefore) + budget
        }
        return heard.isEmpty ? nil : total
    }

    /// Whether any utterance's app words are over their budget.
    public var isOverBudget: Bool { utterances.contains { $0.isOverBudget } }
}

/// What one screen reader says for a whole scenario in one locale.
public struct PreviewSection: Sendable {
    /// The locale's BCP 47 tag ("en", "ko").
    public var locale: String
    public var platform: Platform
    /// How VoiceOver hints were phrased.
    public var hintStyle: HintStyle
    /// Whether the screen reader's own words are in this locale's language (false: English).
    public var screenReaderWordsKnown: Bool
    /// In swipe order (the scenario's order).
    public var elements: [SpokenElement]
    /// Every cell of every board, for the web page (empty unless asked for).
    public var boards: [BoardPreview]

    /// Speaking time of every element, pauses included.
    public var estimatedSeconds: Double { elements.reduce(0) { $0 + $1.estimatedSeconds } }
    /// How many elements have words over their budget.
    public var overBudgetCount: Int { elements.filter(\.isOverBudget).count }
}

/// A scenario previewed in every locale and platform asked for.
public struct Preview: Sendable {
    /// Where the scenario came from ("<demo>", a file).
    public var scenarioName: String
    /// One per locale and platform, locales first: en VoiceOver, en TalkBack, ko VoiceOver…
    public var sections: [PreviewSection]
}

extension Platform {
    /// "VoiceOver", "TalkBack".
    public var displayName: String {
        switch self {
        case .voiceOver: "VoiceOver"
        case .talkBack: "TalkBack"
        }
    }
}
