public import SpeakableICU
import SpeakableMessages
public import SpeakableDescribers

/// The words VoiceOver and TalkBack add themselves — roles, states, grid positions, the gesture
/// sentence — in the device's language. These are not the app's strings (an app never ships
/// them), so they live here and not in `Templates/`.
///
/// English and Korean are known; any other locale gets the English words (and
/// ``isKnown`` is false, which the preview reports). Sources:
///
/// * TalkBack: its open-source `compositor` module — `res/values/strings_compositor.xml` for
///   `value_selected`, `value_disabled`, `value_button`, `heading_template`,
///   `row_index_template`, `column_index_template`, `in_grid`, `in_grid_with_name`,
///   `out_of_grid`, `out_of_grid_with_name`, `template_list_row_count`,
///   `template_list_column_count`, `value_double_tap`, `template_hint_clickable`,
///   `template_custom_hint_for_actions`, and `res/values-ko/strings_compositor.xml` for the
///   Korean (google/talkback, 2024-10-17). How they are put together follows
///   `CollectionStateFeedbackUtils` (the grid's name, then its row and column counts, joined
///   with ", ") and `EventTypeViewClickedFeedbackRule` (a click says only the node's selected
///   state). TalkBack's own strings end hints with a period; the preview writes them
///   without it (it is not spoken).
/// * VoiceOver: the trait names it speaks ("button", "selected", "heading", "dimmed"). Apple
///   publishes no Korean list; the Korean words (버튼, 선택됨, 머리말, 흐리게 표시됨) are what
///   Korean iOS speaks as far as we know and **await a native speaker's check on a device**,
///   like every Korean string here.
///
/// ```swift
/// let words = ScreenReaderPhrases(locale: try ICULocale("ko"))
/// words.talkBackRow(3)                        // "3행"
/// words.talkBackGridEntered(rows: 9, columns: 9)   // "그리드에 있음, 행 9개, 열 9개"
/// words.talkBackGridEntered(name: "게임판", rows: 9, columns: 9)   // "게임판 그리드에 있음, 행 9개, 열 9개"
/// words.talkBackGridLeft(name: "게임판")          // "게임판 그리드에서 벗어남"
/// words.talkBackHint(clickLabel: "칸을 선택")   // "칸을 선택하려면 두 번 탭하세요"
/// ```
public struct ScreenReaderPhrases: Sendable {
    /// The locale whose words these are.
    public let locale: ICULocale
    /// Whether the words are in the locale's language (false: English stands in).
    public let isKnown: Bool

    let messages: [Key: CompiledMessage]

    enum Key: String, CaseIterable, Sendable {
        case tbSelected, tbDisabled, tbButton, tbCheckbox, tbImage, tbHeading, tbRow, tbColumn
        case tbGridEntered, tbGridEnteredNamed, tbGridCounts, tbGridLeft, tbGridLeftNamed, tbGesture, tbHintActivate, tbHintAction
        case voButton, voSelected, voHeading, voDimmed
    }

    /// The phrases, by language: English and Korean.
    static let table: [String: [Key: String]] = [
        "en": [
            .tbSelected: "selected",
            .tbDisabled: "disabled",
            .tbButton: "Button",
            .tbCheckbox: "Check box",
            .tbImage: "Image",
            .tbHeading: "Heading",
            .tbRow: "Row {row, number, ::group-off}",
            .tbColumn: "Column {column, number, ::group-off}",
            .tbGridEntered: "In grid",
            .tbGridEnteredNamed: "In grid {name}",
            .tbGridCounts: "{rows, plural, one {# row} other {# rows}}, {columns, plural, one {# column} other {# columns}}",
            .tbGridLeft: "Out of grid",
            .tbGridLeftNamed: "Out of grid {name}",
            .tbGesture: "Double-tap",
            .tbHintActivate: "{gesture} to activate",
            .tbHintAction: "{gesture} to {label}",
            .voButton: "button",
            .voSelected: "selected",
            .voHeading: "heading",
            .voDimmed: "dimmed",
        ],
        "ko": [
            .tbSelected: "선택됨",
            .tbDisabled: "사용할 수 없음",
            .tbButton: "버튼",
            .tbCheckbox: "체크박스",
            .tbImage: "이미지",
            .tbHeading: "제목",
            .tbRow: "{row, number, ::group-off}행",
            .tbColumn: "{column, number, ::group-off}열",
            .tbGridEntered: "그리드에 있음",
            .tbGridEnteredNamed: "{name} 그리드에 있음",
            .tbGridCounts: "행 {rows, number, ::group-off}개, 열 {columns, number, ::group-off}개",
            .tbGridLeft: "그리드에서 벗어남",
            .tbGridLeftNamed: "{name} 그리드에서 벗어남",
            .tbGesture: "두 번 탭",
            .tbHintActivate: "활성화하려면 {gesture}하세요",
            .tbHintAction: "{label}하려면 {gesture}하세요",
            .voButton: "버튼",
            .voSelected: "선택됨",
            .voHeading: "머리말",
            .voDimmed: "흐리게 표시됨",
        ],
    ]

    /// The words for `locale` (its language's, else English).
    public init(locale: ICULocale) {
        self.locale = locale
        let known = Self.table[locale.language]
        isKnown = known != nil
        let texts = known ?? Self.table["en"]!
        var messages: [Key: CompiledMessage] = [:]
        for key in Key.allCases {
            // The table is constant and every entry compiles (a test formats each one).
            messages[key] = try? CompiledMessage(texts[key]!, locale: locale)
        }
        self.messages = messages
    }

    func text(_ key: Key, _ arguments: [String: MessageArgument] = [:]) -> String {
        guard let message = messages[key] else { return "" }
        return (try? message.format(arguments)) ?? ""
    }

    // MARK: TalkBack

    /// "selected" (선택됨): said first when `selected = true`, and alone when a click leaves the
    /// node selected.
    public var talkBackSelected: String { text(.tbSelected) }
    /// "disabled" (사용할 수 없음): said after the role.
    public var talkBackDisabled: String { text(.tbDisabled) }
    /// "Heading" (제목).
    public var talkBackHeading: String { text(.tbHeading) }
    /// "Out of grid" (그리드에서 벗어남): said when focus leaves a grid without a name.
    public var talkBackGridLeft: String { text(.tbGridLeft) }

    /// "Out of grid Board, 9 by 9" (게임판 그리드에서 벗어남): said when focus leaves a grid, named
    /// after its collection node's text when it has one (`out_of_grid_with_name`).
    public func talkBackGridLeft(name: String?) -> String {
        guard let name, !name.isEmpty else { return text(.tbGridLeft) }
        return text(.tbGridLeftNamed, ["name": .string(name)])
    }

    /// The role's word: "Button" (버튼).
    public func talkBackRole(_ role: TalkBackRole) -> String {
        switch role {
        case .button: text(.tbButton)
        case .checkbox: text(.tbCheckbox)
        case .image: text(.tbImage)
        }
    }

    /// "Row 3" (3행), from 1.
    public func talkBackRow(_ row: Int) -> String { text(.tbRow, ["row": .int(Int64(row))]) }
    /// "Column 4" (4열), from 1.
    public func talkBackColumn(_ column: Int) -> String { text(.tbColumn, ["column": .int(Int64(column))]) }

    /// "In grid, 9 rows, 9 columns" (그리드에 있음, 행 9개, 열 9개): said when focus enters a grid;
    /// with the grid's name (its collection node's text), "In grid Board, 9 by 9, 9 rows, 9
    /// columns" (게임판 그리드에 있음, 행 9개, 열 9개) — TalkBack's `in_grid_with_name`, then
    /// `template_list_row_count` and `template_list_column_count`, joined with ", ".
    public func talkBackGridEntered(name: String? = nil, rows: Int, columns: Int) -> String {
        let entered = name.flatMap { $0.isEmpty ? nil : text(.tbGridEnteredNamed, ["name": .string($0)]) } ?? text(.tbGridEntered)
        return entered + SpeechComposer.separator + text(.tbGridCounts, ["rows": .int(Int64(rows)), "columns": .int(Int64(columns))])
    }

    /// The usage hint: "Double-tap to select the cell" (칸을 선택하려면 두 번 탭하세요) for a click
    /// label, "Double-tap to activate" (활성화하려면 두 번 탭하세요) without one.
    public func talkBackHint(clickLabel: String?) -> String {
        let gesture = MessageArgument.string(text(.tbGesture))
        guard let clickLabel else { return text(.tbHintActivate, ["gesture": gesture]) }
        return text(.tbHintAction, ["gesture": gesture, "label": .string(clickLabel)])
    }

    // MARK: VoiceOver

    /// "selected" (선택됨): the trait's word.
    public var voiceOverSelected: String { text(.voSelected) }

    /// The words VoiceOver speaks for traits, in the order ``VoiceOverTraits/names`` lists them:
    /// button, selected, heading, dimmed. Other traits (static text, starts media session, plays
    /// sound, updates frequently) change behaviour, not speech.
    public func voiceOverTraitWords(_ traits: VoiceOverTraits) -> [String] {
        var words: [String] = []
        if traits.contains(.button) { words.append(text(.voButton)) }
        if traits.contains(.selected) { words.append(text(.voSelected)) }
        if traits.contains(.header) { words.append(text(.voHeading)) }
        if traits.contains(.notEnabled) { words.append(text(.voDimmed)) }
        return words
    }
}
