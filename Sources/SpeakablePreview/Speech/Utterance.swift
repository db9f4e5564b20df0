public import SpeakableCatalog
public import SpeakableDescribers

/// One stretch of speech: what a screen reader says in one go, with the silence before it.
///
/// ```swift
/// let focus = element.utterances[0]
/// focus.kind              // .focus
/// focus.text              // "selected, given 5, Button, Row 1, Column 1, In grid Board, 9 by 9, 9 rows, 9 columns"
/// focus.appText           // "given 5" — the app's own words in it
/// focus.segments          // [("selected, ", reader), ("given 5", app), (", Button, Row 1, …", reader)]
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
        /// Spoken after the element is activated: the screen reader's own answer to a double tap
        /// (TalkBack's "selected" for a cell the tap selects), or the app's (a board's
        /// whole-position reading); not part of what focus says, so not in the element's audio.
        case activation
    }

    /// A stretch of ``Utterance/text``: one part of the app's own words (a label, a value, a
    /// state) or the screen reader's words between them.
    public struct Segment: Hashable, Sendable {
        public var text: String
        /// Whether the app supplied it (else the screen reader says it: roles, states, separators).
        public var isApp: Bool

        public init(_ text: String, isApp: Bool) {
            self.text = text
            self.isApp = isApp
        }
    }

    public var kind: Kind
    /// What is spoken.
    public var text: String
    /// ``text`` in order, the app's parts apart from the screen reader's words around them
    /// (joined, they are ``text``): what the preview page isolates, each app part on its own,
    /// so that a right-to-left label cannot move the reader's words after it.
    public var segments: [Segment]
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

    /// `segments`: ``segments`` as the composer knows them; nil: ``appText`` as one part, where
    /// it first stands in `text`.
    public init(kind: Kind, text: String, pauseBefore: Double, appText: String, estimatedSeconds: Double, appSeconds: Double,
                appBudgetSeconds: Double?, segments: [Segment]? = nil) {
        self.kind = kind
        self.text = text
        self.segments = segments ?? Self.segments(of: text, app: appText)
        self.pauseBefore = pauseBefore
        self.appText = appText
        self.estimatedSeconds = estimatedSeconds
        self.appSeconds = appSeconds
        self.appBudgetSeconds = appBudgetSeconds
    }

    /// `text` with `app` as its one app part, where it first stands (all the reader's when it
    /// is not there).
    static func segments(of text: String, app: String) -> [Segment] {
        if app.isEmpty { return text.isEmpty ? [] : [Segment(text, isApp: false)] }
        if app == text { return [Segment(text, isApp: true)] }
        guard let range = text.firstRange(of: app) else { return [Segment(text, isApp: false)] }
        var result: [Segment] = []
        if range.lowerBound > text.startIndex { result.append(Segment(String(text[..<range.lowerBound]), isApp: false)) }
        result.append(Segment(app, isApp: true))
        if range.upperBound < text.endIndex { result.append(Segment(String(text[range.upperBound...]), isApp: false)) }
        return result
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
    /// ("Out of grid" after its name), wherever it sits in swipe order. `nil` otherwise.
    public var fromGrid: [Utterance]?
    /// The element's fields on both platforms (nil for an announcement): the web page composes
    /// its speech from them as a reviewer moves.
    public var text: AccessibleText?
    /// Where it sits in a grid, when it is a cell (its grid's name included).
    public var place: GridPlace?
    /// The grid whose collection node it is (a board ahead of its cells), by ``GridPlace/grid``.
    public var gridRoot: String?
    /// Warnings about what the screen reader says, such as a VoiceOver hint that is missing.
    public var notes: [String]
    /// How focus reaches it from the element listed before it (set by ``PreviewSection``).
    public var arrival: Arrival
    /// The scenario item's own `title`, which ``title`` starts with ("DailySudoku").
    public var itemTitle: String?

    public init(item: Int, type: String, line: Int, title: String, utterances: [Utterance], fromGrid: [Utterance]? = nil,
                text: AccessibleText? = nil, place: GridPlace? = nil, gridRoot: String? = nil, notes: [String] = [],
                arrival: Arrival = .swipe, itemTitle: String? = nil) {
        self.item = item
        self.type = type
        self.line = line
        self.title = title
        self.utterances = utterances
        self.fromGrid = fromGrid
        self.text = text
        self.place = place
        self.gridRoot = gridRoot
        self.notes = notes
        self.arrival = arrival
        self.itemTitle = itemTitle
    }

    /// Whether focus lands on it (an event's announcement does not move focus).
    public var isFocusable: Bool { text != nil || utterances.contains { $0.kind == .focus } }

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

/// How focus reaches an element from the one listed before it. A scenario lists elements in the
/// order a reviewer wants to hear them; a screen reader's right swipe goes through a grid row by
/// row, so two listed cells that are not neighbours in that order are a jump (a touch, or
/// another gesture), not a swipe. What TalkBack says is right either way: it counts from the
/// cell focused last, however focus moved.
public enum Arrival: Hashable, Sendable {
    /// The first element focused.
    case first
    /// A right swipe from the element before.
    case swipe
    /// An announcement: focus does not move.
    case announcement
    /// Not where a right swipe from the element before goes. `from`: the cell before, when it
    /// was a cell of the same grid; `swipeReaches`: the cell a right swipe would reach instead.
    case jump(from: GridPosition?, swipeReaches: GridPosition?)

    /// "first", "swipe", "announcement", "jump".
    public var name: String {
        switch self {
        case .first: "first"
        case .swipe: "swipe"
        case .announcement: "announcement"
        case .jump: "jump"
        }
    }

    /// In English, for the text listing: "jump: a right swipe from row 1, column 1 reaches row 1,
    /// column 2".
    public var explanation: String? {
        guard case .jump(let from, let next) = self else { return nil }
        func at(_ p: GridPosition) -> String { "row \(p.row), column \(p.column)" }
        switch (from, next) {
        case (let from?, let next?): return "jump: a right swipe from \(at(from)) reaches \(at(next))"
        case (nil, let next?): return "jump: a right swipe into the grid reaches \(at(next))"
        case (let from?, nil): return "jump: a right swipe from \(at(from)), the grid's last cell, leaves the grid"
        case (nil, nil): return "jump: a right swipe reaches the grid's own element first"
        }
    }

    /// The arrival of each element of `elements`, in order: a swipe, unless the element is a
    /// grid cell a right swipe from the element before would not reach, or comes after a cell a
    /// right swipe would not leave the grid from (every cell but the last one has a next one).
    public static func of(_ elements: [SpokenElement]) -> [Arrival] {
        var result: [Arrival] = []
        var previous: SpokenElement?
        for element in elements {
            guard element.isFocusable else {
                result.append(.announcement)
                continue
            }
            guard let before = previous else {
                result.append(.first)
                previous = element
                continue
            }
            result.append(arrival(at: element, after: before, elements: elements))
            previous = element
        }
        return result
    }

    static func next(after place: GridPlace) -> GridPosition? {
        if place.column < place.columns { return GridPosition(row: place.row, column: place.column + 1) }
        if place.row < place.rows { return GridPosition(row: place.row + 1, column: 1) }
        return nil
    }

    static func arrival(at element: SpokenElement, after before: SpokenElement, elements: [SpokenElement]) -> Arrival {
        let first = GridPosition(row: 1, column: 1)
        if let last = before.place {
            let from = GridPosition(row: last.row, column: last.column)
            let next = next(after: last)
            if let place = element.place, place.grid == last.grid {
                return next == GridPosition(row: place.row, column: place.column) ? .swipe : .jump(from: from, swipeReaches: next)
            }
            // Leaving a grid before its last cell.
            if let next { return .jump(from: from, swipeReaches: next) }
        }
        guard let place = element.place else { return .swipe }
        let here = GridPosition(row: place.row, column: place.column)
        if before.gridRoot == place.grid { return here == first ? .swipe : .jump(from: nil, swipeReaches: first) }
        // From outside the grid: a swipe enters at its first cell — after its own element when
        // the scenario lists one.
        if elements.contains(where: { $0.gridRoot == place.grid }) { return .jump(from: nil, swipeReaches: nil) }
        return here == first ? .swipe : .jump(from: nil, swipeReaches: first)
    }
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

    /// A section; each element's ``SpokenElement/arrival`` is worked out from the order.
    public init(locale: String, platform: Platform, hintStyle: HintStyle, screenReaderWordsKnown: Bool, elements: [SpokenElement],
                boards: [BoardPreview]) {
        self.locale = locale
        self.platform = platform
        self.hintStyle = hintStyle
        self.screenReaderWordsKnown = screenReaderWordsKnown
        var elements = elements
        for (i, arrival) in Arrival.of(elements).enumerated() { elements[i].arrival = arrival }
        self.elements = elements
        self.boards = boards
    }

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
