public import SpeakableDescribers
public import SpeakableICU
import SpeakableSpeech
import Synchronization

/// Where a focused element sits in a grid, as TalkBack sees it (`collectionItemInfo` inside a
/// container with `collectionInfo`).
public struct GridPlace: Hashable, Sendable {
    /// Which grid: elements with the same id are cells of one grid.
    public var grid: String
    /// From 1.
    public var row: Int
    /// From 1.
    public var column: Int
    /// The grid's size (`collectionInfo`).
    public var rows: Int
    public var columns: Int
    /// The grid's name: the text of its collection node (a board's content description, "Board,
    /// 9 by 9"), which TalkBack says on entering and leaving the grid; nil when it has none.
    public var name: String?

    public init(grid: String, row: Int, column: Int, rows: Int, columns: Int, name: String? = nil) {
        self.grid = grid
        self.row = row
        self.column = column
        self.rows = rows
        self.columns = columns
        self.name = name
    }
}

/// What TalkBack remembers between two focus moves: the grid cell focused last, if any.
public struct FocusMemory: Hashable, Sendable {
    /// The cell focused last; nil when the last focus was outside any grid.
    public var last: GridPlace?
    public init(last: GridPlace? = nil) { self.last = last }
}

/// How TalkBack speaks a cell's position, given where focus was before.
public enum GridTransition: String, Hashable, Sendable, CaseIterable {
    /// From outside the grid: row, column, then "In grid Board, 9 by 9, 9 rows, 9 columns".
    case enter
    /// Both coordinates changed (or the same cell is focused again): row and column.
    case both
    /// Only the row changed.
    case row
    /// Only the column changed.
    case column

    /// The transition from `memory` to `place`, following TalkBack's `CollectionState`: entering
    /// a grid says both coordinates and the grid's size; inside it, only what changed — and both
    /// again when the same cell is focused anew.
    public static func between(_ memory: FocusMemory, and place: GridPlace) -> GridTransition {
        guard let last = memory.last, last.grid == place.grid else { return .enter }
        switch (last.row != place.row, last.column != place.column) {
        case (true, false): return .row
        case (false, true): return .column
        default: return .both
        }
    }
}

/// The seconds each kind of utterance may take for one element (the app's words only).
public struct UtteranceBudgets: Hashable, Sendable {
    /// What focus says (label, value; state and content description).
    public var focus: Double?
    /// The hint, or the click label in TalkBack's hint.
    public var hint: Double?
    /// Announcements.
    public var announcement: Double?

    public init(focus: Double? = nil, hint: Double? = nil, announcement: Double? = nil) {
        self.focus = focus
        self.hint = hint
        self.announcement = announcement
    }
}

/// Turns an ``AccessibleText`` into what each screen reader says, in order — the heart of the
/// preview.
///
/// VoiceOver: label, value, the trait words (button, selected, heading, dimmed), then after a
/// pause the hint. TalkBack (its default "state, name, role" order, as its compositor joins
/// them with ", "): selected, state description, content description, role word, "disabled";
/// then the row and column that changed since the last focus (or "Heading"); then "In grid
/// ‹name›, 9 rows, 9 columns" when focus enters a grid, "Out of grid ‹name›" when it leaves one
/// (the name is the grid's collection node's text, when it has one); after a pause the hint,
/// "Double-tap to ‹click label›" ("Double-tap to activate" for a button without one).
/// Announcements follow focus. Last come what each says when the element is activated
/// (``Utterance/Kind/activation``): TalkBack answers a click with the node's selected state
/// ("selected") and nothing else; VoiceOver says "selected" when the element gains the trait.
///
/// ```swift
/// let composer = SpeechComposer(locale: .english)
/// var memory = FocusMemory()
/// let cell = describer.describe(SudokuCell(row: 3, column: 4, content: .empty, isSelected: true))
/// composer.talkBack(cell.talkBack, place: GridPlace(grid: "sudoku", row: 3, column: 4, rows: 9, columns: 9,
///                                                  name: "Board, 9 by 9"),
///                   memory: &memory, budgets: UtteranceBudgets()).map(\.text)
/// // ["selected, empty, Button, Row 3, Column 4, In grid Board, 9 by 9, 9 rows, 9 columns",
/// //  "Double-tap to select the cell", "selected"]
/// ```
public struct SpeechComposer: Sendable {
    /// The pause before a usage hint (TalkBack waits about 400 ms; Apple gives no figure for
    /// VoiceOver, which also pauses, so the same is used) and before an announcement.
    public static let hintPause = 0.4

    /// The locale of the speech (for the estimates and the screen readers' words).
    public let locale: ICULocale
    /// The screen readers' own words in that locale.
    public let phrases: ScreenReaderPhrases
    let estimates = EstimateMemo()

    public init(locale: ICULocale) {
        self.locale = locale
        self.phrases = ScreenReaderPhrases(locale: locale)
    }

    /// The estimated speaking time of `text` (remembered: hints and the screen readers' words
    /// repeat across elements).
    func seconds(_ text: String) -> Double {
        if let known = estimates.get(text) { return known }
        let seconds = SpokenLength.estimate(text, locale: locale).seconds
        estimates.set(text, seconds)
        return seconds
    }

    static let separator = ", "

    /// Parts joined as a screen reader runs them together: ", " between them, a space after a
    /// part that already ends a sentence ("… Row 3: block, gap. button" is not written "gap., button").
    public static func join(_ parts: [String]) -> String {
        var out = ""
        for part in parts where !part.isEmpty {
            if !out.isEmpty {
                let last = out.unicodeScalars.last!
                out += ".!?。！？".unicodeScalars.contains(last) ? " " : separator
            }
            out += part
        }
        return out
    }

    /// Parts joined as ``join(_:)`` joins them, as segments: each part the app's or the reader's
    /// (`isApp`), the separators the reader's.
    static func segments(_ parts: [(text: String, isApp: Bool)]) -> [Utterance.Segment] {
        var result: [Utterance.Segment] = []
        func add(_ text: String, isApp: Bool) {
            if !isApp, let last = result.last, !last.isApp {
                result[result.count - 1].text += text
            } else {
                result.append(Utterance.Segment(text, isApp: isApp))
            }
        }
        var previous: String?
        for part in parts where !part.text.isEmpty {
            if let previous {
                let last = previous.unicodeScalars.last!
                add(".!?。！？".unicodeScalars.contains(last) ? " " : separator, isApp: false)
            }
            add(part.text, isApp: part.isApp)
            previous = part.text
        }
        return result
    }

    func utterance(_ kind: Utterance.Kind, _ text: String, app: String, pause: Double, budget: Double?,
                   segments: [Utterance.Segment]? = nil) -> Utterance {
        let seconds = self.seconds(text)
        let appSeconds = app == text ? seconds : app.isEmpty ? 0 : self.seconds(app)
        return Utterance(kind: kind, text: text, pauseBefore: pause, appText: app, estimatedSeconds: seconds, appSeconds: appSeconds,
                         appBudgetSeconds: budget, segments: segments)
    }

    /// What VoiceOver says when focus lands on the element, split where the web page needs it:
    /// every part in order, and the app's own among them (label, value; then the trait words).
    public func voiceOverFocusParts(_ text: VoiceOverText) -> (parts: [String], app: [String]) {
        var app: [String] = []
        if !text.label.isEmpty { app.append(text.label) }
        if let value = text.value, !value.isEmpty { app.append(value) }
        return (app + phrases.voiceOverTraitWords(text.traits), app)
    }

    /// What VoiceOver says when focus lands on the element, then its announcement and hint, then
    /// what activating it says.
    public func voiceOver(_ text: VoiceOverText, budgets: UtteranceBudgets) -> [Utterance] {
        let (spoken, app) = voiceOverFocusParts(text)
        var result: [Utterance] = []
        if !spoken.isEmpty {
            // The app's parts come first (voiceOverFocusParts).
            let marked = spoken.enumerated().map { (text: $1, isApp: $0 < app.count) }
            result.append(utterance(.focus, Self.join(spoken), app: Self.join(app),
                                    pause: 0, budget: budgets.focus, segments: Self.segments(marked)))
        }
        return result + voiceOverAfterFocus(text, budgets: budgets, afterFocus: !result.isEmpty)
    }

    /// What VoiceOver says after focus: the announcement, the hint, and on activation.
    public func voiceOverAfterFocus(_ text: VoiceOverText, budgets: UtteranceBudgets, afterFocus: Bool = true) -> [Utterance] {
        var result: [Utterance] = []
        if let announcement = text.announcement, !announcement.isEmpty {
            result.append(utterance(.announcement, announcement, app: announcement, pause: afterFocus ? Self.hintPause : 0,
                                    budget: budgets.announcement))
        }
        if let hint = text.hint, !hint.isEmpty {
            result.append(utterance(.hint, hint, app: hint, pause: Self.hintPause, budget: budgets.hint))
        }
        result += voiceOverActivation(text)
        return result
    }

    /// What VoiceOver says when the element is activated: "selected" when it gains the
    /// `.selected` trait (a Sudoku cell). Apple documents no wording; this is what VoiceOver is
    /// heard to say as a focused element's trait changes. Announcements the app posts are its own.
    public func voiceOverActivation(_ text: VoiceOverText) -> [Utterance] {
        guard text.selectsOnActivation, !text.traits.contains(.selected), !text.traits.contains(.notEnabled) else { return [] }
        return [utterance(.activation, phrases.voiceOverSelected, app: "", pause: Self.hintPause, budget: nil)]
    }

    /// What TalkBack says when the element is clicked (double-tapped): its
    /// `EventTypeViewClickedFeedbackRule` speaks the clicked node's state — checked, else
    /// "selected" when it is selected — and nothing else. An element whose click selects it (a
    /// Sudoku cell) says "selected"; others say nothing of TalkBack's own.
    public func talkBackActivation(_ text: TalkBackText) -> [Utterance] {
        guard text.selectsOnClick, Self.isClickable(text) else { return [] }
        return [utterance(.activation, phrases.talkBackSelected, app: "", pause: Self.hintPause, budget: nil)]
    }

    /// Whether TalkBack treats it as clickable: a click label, or a button (a disabled element
    /// has no click action).
    static func isClickable(_ text: TalkBackText) -> Bool {
        !text.isDisabled && (text.clickLabel != nil || text.role == .button)
    }

    /// What TalkBack says when focus lands on the element (`place`: where it sits in a grid, if
    /// it is a cell), then its announcement and hint; `memory` is updated to this focus.
    public func talkBack(_ text: TalkBackText, place: GridPlace?, memory: inout FocusMemory,
                         budgets: UtteranceBudgets) -> [Utterance] {
        let transition = place.map { GridTransition.between(memory, and: $0) }
        let left = place == nil ? memory.last : nil
        let result = talkBack(text, place: place, transition: transition, leaving: left, budgets: budgets)
        memory.last = place
        return result
    }

    /// The same with the grid transition given (the web page computes it as the user moves);
    /// `leavingGrid` says "Out of grid" without the grid's name.
    public func talkBack(_ text: TalkBackText, place: GridPlace?, transition: GridTransition?, leavingGrid: Bool,
                         budgets: UtteranceBudgets) -> [Utterance] {
        talkBack(text, place: place, transition: transition,
                 leaving: leavingGrid ? GridPlace(grid: "", row: 0, column: 0, rows: 0, columns: 0) : nil, budgets: budgets)
    }

    /// What TalkBack says on focus before the element's place in a grid: selected, state
    /// description, content description, role word, "disabled" — every part in order, and the
    /// app's own among them. The web page adds the row, column and grid words as focus moves.
    public func talkBackFocusParts(_ text: TalkBackText) -> (parts: [String], app: [String]) {
        let marked = talkBackFocusMarked(text)
        return (marked.map(\.text), marked.filter(\.isApp).map(\.text))
    }

    /// ``talkBackFocusParts(_:)`` in order, each marked as the app's or the reader's.
    func talkBackFocusMarked(_ text: TalkBackText) -> [(text: String, isApp: Bool)] {
        var parts: [(text: String, isApp: Bool)] = []
        if text.isSelected { parts.append((phrases.talkBackSelected, false)) }
        if let state = text.stateDescription, !state.isEmpty { parts.append((state, true)) }
        if !text.contentDescription.isEmpty { parts.append((text.contentDescription, true)) }
        if let role = text.role { parts.append((phrases.talkBackRole(role), false)) }
        if text.isDisabled { parts.append((phrases.talkBackDisabled, false)) }
        return parts
    }

    /// The words for a grid cell's place: the coordinates that changed ("Row 4"), and on
    /// entering, "In grid ‹name›, 9 rows, 9 columns".
    public func talkBackPlaceParts(_ place: GridPlace, transition: GridTransition) -> [String] {
        var parts: [String] = []
        switch transition {
        case .enter, .both:
            parts.append(phrases.talkBackRow(place.row))
            parts.append(phrases.talkBackColumn(place.column))
        case .row: parts.append(phrases.talkBackRow(place.row))
        case .column: parts.append(phrases.talkBackColumn(place.column))
        }
        if transition == .enter { parts.append(phrases.talkBackGridEntered(name: place.name, rows: place.rows, columns: place.columns)) }
        return parts
    }

    /// The same with the grid focus left, if it left one (`leaving`: the cell focused before,
    /// whose grid TalkBack names in "Out of grid ‹name›").
    public func talkBack(_ text: TalkBackText, place: GridPlace?, transition: GridTransition?, leaving: GridPlace?,
                         budgets: UtteranceBudgets) -> [Utterance] {
        var marked = talkBackFocusMarked(text)
        if let place, let transition {
            marked += talkBackPlaceParts(place, transition: transition).map { ($0, false) }
        } else {
            if text.isHeading { marked.append((phrases.talkBackHeading, false)) }
            if let leaving { marked.append((phrases.talkBackGridLeft(name: leaving.name), false)) }
        }
        let parts = marked.map(\.text)
        var result: [Utterance] = []
        if !parts.isEmpty {
            result.append(utterance(.focus, Self.join(parts), app: Self.join(marked.filter(\.isApp).map(\.text)),
                                    pause: 0, budget: budgets.focus, segments: Self.segments(marked)))
        }
        return result + talkBackAfterFocus(text, budgets: budgets, afterFocus: !result.isEmpty)
    }

    /// What TalkBack says after focus: the announcement, the usage hint, and on a click.
    public func talkBackAfterFocus(_ text: TalkBackText, budgets: UtteranceBudgets, afterFocus: Bool = true) -> [Utterance] {
        var result: [Utterance] = []
        if let announcement = text.announcement, !announcement.isEmpty {
            result.append(utterance(.announcement, announcement, app: announcement, pause: afterFocus ? Self.hintPause : 0,
                                    budget: budgets.announcement))
        }
        // A button is clickable even without a label for the action: TalkBack then says its
        // plain "Double-tap to activate". A disabled element has no click action, so no hint.
        if Self.isClickable(text) {
            let label = text.clickLabel.flatMap { $0.isEmpty ? nil : $0 }
            result.append(utterance(.hint, phrases.talkBackHint(clickLabel: label), app: label ?? "", pause: Self.hintPause,
                                    budget: budgets.hint))
        }
        result += talkBackActivation(text)
        return result
    }

    /// An announcement on its own (a game event): the same words on both platforms.
    public func announcement(_ text: String, budgets: UtteranceBudgets) -> Utterance {
        utterance(.announcement, text, app: text, pause: 0, budget: budgets.announcement)
    }

    /// Text spoken after the element is activated (a board's whole-position reading).
    public func activation(_ text: String) -> Utterance {
        utterance(.activation, text, app: text, pause: Self.hintPause, budget: nil)
    }
}

/// Estimates already made, by text (one composer per locale, so the text is the whole key).
final class EstimateMemo: Sendable {
    private let table = Mutex<[String: Double]>([:])
    func get(_ text: String) -> Double? { table.withLock { $0[text] } }
    func set(_ text: String, _ seconds: Double) { table.withLock { $0[text] = seconds } }
}
