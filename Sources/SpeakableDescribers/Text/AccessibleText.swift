/// The screen readers Speakable writes for.
public enum Platform: String, Hashable, Sendable, CaseIterable {
    /// iOS (UIKit / SwiftUI accessibility).
    case voiceOver = "voiceover"
    /// Android (Compose semantics).
    case talkBack = "talkback"
}

/// A grid's size, for VoiceOver's data-table container and TalkBack's `collectionInfo`.
public struct GridSize: Hashable, Sendable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// A cell's place in TalkBack's collection: 0-based indices, as Compose's `CollectionItemInfo`
/// takes them (TalkBack speaks them from 1: "Row 3, Column 5").
public struct CollectionItemInfo: Hashable, Sendable {
    public var rowIndex: Int
    public var columnIndex: Int
    public var rowSpan: Int
    public var columnSpan: Int

    public init(rowIndex: Int, columnIndex: Int, rowSpan: Int = 1, columnSpan: Int = 1) {
        self.rowIndex = rowIndex
        self.columnIndex = columnIndex
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
    }
}

/// VoiceOver traits (UIKit's `UIAccessibilityTraits`) that describers set.
public struct VoiceOverTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let button = VoiceOverTraits(rawValue: 1 << 0)
    public static let selected = VoiceOverTraits(rawValue: 1 << 1)
    public static let header = VoiceOverTraits(rawValue: 1 << 2)
    public static let notEnabled = VoiceOverTraits(rawValue: 1 << 3)
    public static let staticText = VoiceOverTraits(rawValue: 1 << 4)
    public static let updatesFrequently = VoiceOverTraits(rawValue: 1 << 5)
    /// VoiceOver silences itself when the element is activated (Soundscape's callouts).
    public static let startsMediaSession = VoiceOverTraits(rawValue: 1 << 6)
    /// The element makes its own sound when activated.
    public static let playsSound = VoiceOverTraits(rawValue: 1 << 7)

    static let named: [(VoiceOverTraits, String)] = [
        (.button, "button"), (.selected, "selected"), (.header, "header"), (.notEnabled, "notEnabled"),
        (.staticText, "staticText"), (.updatesFrequently, "updatesFrequently"),
        (.startsMediaSession, "startsMediaSession"), (.playsSound, "playsSound"),
    ]

    /// UIKit's names for the traits set, in a fixed order: ["button", "selected"].
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
}

/// Compose's `Role` values that describers set.
public enum TalkBackRole: String, Hashable, Sendable {
    case button = "Button"
    case checkbox = "Checkbox"
    case image = "Image"
}

/// What VoiceOver gets for one element.
public struct VoiceOverText: Hashable, Sendable {
    /// `accessibilityLabel`: short, no control type, no trailing period.
    public var label: String
    /// `accessibilityValue`: only what the label does not carry.
    public var value: String?
    public var traits: VoiceOverTraits
    /// `accessibilityHint`: Apple's result phrase, or the gesture sentence (``HintStyle``).
    /// VoiceOver speaks only this: it adds no "Double tap to …" of its own.
    public var hint: String?
    /// For a board: the data-table container's row and column counts.
    public var dataTable: GridSize?
    /// Posted when the element appears (`UIAccessibility.post(notification: .screenChanged,
    /// argument:)`): a screen opening on it.
    public var announcement: String?
    /// Activating it (a double tap) gives it the `.selected` trait, as a Sudoku cell's does: the
    /// preview shows VoiceOver saying "selected" when it was not selected before.
    public var selectsOnActivation: Bool

    public init(label: String, value: String? = nil, traits: VoiceOverTraits = [], hint: String? = nil,
                dataTable: GridSize? = nil, announcement: String? = nil, selectsOnActivation: Bool = false) {
        self.label = label
        self.value = value
        self.traits = traits
        self.hint = hint
        self.dataTable = dataTable
        self.announcement = announcement
        self.selectsOnActivation = selectsOnActivation
    }
}

/// What TalkBack gets for one element (Compose semantics).
public struct TalkBackText: Hashable, Sendable {
    /// `contentDescription`: the name. Never repeats what other fields say (a cell's row and
    /// column are in ``collectionItemInfo``; "selected" is ``isSelected``).
    public var contentDescription: String
    /// `stateDescription`: spoken before the name.
    public var stateDescription: String?
    public var role: TalkBackRole?
    /// `selected = true`: TalkBack says "selected" (선택됨) itself.
    public var isSelected: Bool
    /// `heading()`.
    public var isHeading: Bool
    /// `disabled()`: TalkBack says "disabled" (사용할 수 없음).
    public var isDisabled: Bool
    /// `onClick(label = …)`: the action fragment; TalkBack says "Double-tap to ‹label›"
    /// (ko "‹label›하려면 두 번 탭하세요"). Nil: not clickable.
    public var clickLabel: String?
    /// For a board: `collectionInfo` (rows, columns). TalkBack names the grid after this node's
    /// ``contentDescription`` when focus enters or leaves it ("In grid Board, 9 by 9, 9 rows,
    /// 9 columns"; its `CollectionState` takes the collection root's text).
    public var collectionInfo: GridSize?
    /// For a cell: `collectionItemInfo` (0-based).
    public var collectionItemInfo: CollectionItemInfo?
    /// Announced when the element appears (`announceForAccessibility`): a screen opening on it.
    public var announcement: String?
    /// Its `onClick` sets `selected = true`, as a Sudoku cell's does. TalkBack answers a click with
    /// the clicked node's selected state, "selected" (선택됨), and nothing more.
    public var selectsOnClick: Bool

    public init(contentDescription: String, stateDescription: String? = nil, role: TalkBackRole? = nil,
                isSelected: Bool = false, isHeading: Bool = false, isDisabled: Bool = false, clickLabel: String? = nil,
                collectionInfo: GridSize? = nil, collectionItemInfo: CollectionItemInfo? = nil, announcement: String? = nil,
                selectsOnClick: Bool = false) {
        self.announcement = announcement
        self.selectsOnClick = selectsOnClick
        self.contentDescription = contentDescription
        self.stateDescription = stateDescription
        self.role = role
        self.isSelected = isSelected
        self.isHeading = isHeading
        self.isDisabled = isDisabled
        self.clickLabel = clickLabel
        self.collectionInfo = collectionInfo
        self.collectionItemInfo = collectionItemInfo
    }
}

/// Everything both screen readers need for one element; each platform takes its own fields.
///
/// ```swift
/// let text = describer.describe(SudokuCell(row: 3, column: 4, content: .empty, isSelected: true))
/// text.voiceOver.label            // "Row 3, column 4, empty"
/// text.voiceOver.traits.names     // ["button", "selected"]
/// text.voiceOver.hint             // "Selects the cell."
/// text.talkBack.contentDescription  // "empty"
/// text.talkBack.isSelected          // true
/// text.talkBack.collectionItemInfo  // rowIndex 2, columnIndex 3
/// text.talkBack.clickLabel          // "select the cell"
/// ```
public struct AccessibleText: Hashable, Sendable {
    public var voiceOver: VoiceOverText
    public var talkBack: TalkBackText

    public init(voiceOver: VoiceOverText, talkBack: TalkBackText) {
        self.voiceOver = voiceOver
        self.talkBack = talkBack
    }
}

extension AccessibleText {
    /// Writes a grid cell's text into uninitialized memory, every stored property of both
    /// platforms' structs in place: what `AccessibleText(voiceOver: VoiceOverText(label:traits:hint:
    /// selectsOnActivation:), talkBack: TalkBackText(contentDescription:role:isSelected:clickLabel:
    /// collectionItemInfo:selectsOnClick:))` makes, with the rest at their defaults. (Built through
    /// the initializers, the compiler copies each platform's struct once more, strings and all —
    /// for a board, a retain and a release per string per cell.) A stored property added to either
    /// struct must be written here too; `SudokuTests.cellsAsTheInitializersMakeThem` compares the two.
    @inline(__always)
    static func initializeCell(
        _ text: UnsafeMutablePointer<AccessibleText>, label: consuming String, traits: VoiceOverTraits, hint: String?,
        selectsOnActivation: Bool, contentDescription: consuming String, role: TalkBackRole?, isSelected: Bool,
        clickLabel: String?, collectionItemInfo: CollectionItemInfo?, selectsOnClick: Bool
    ) {
        let raw = UnsafeMutableRawPointer(text)
        func put<T>(_ path: KeyPath<AccessibleText, T>, _ value: consuming T) {
            (raw + MemoryLayout<AccessibleText>.offset(of: path)!).initializeMemory(as: T.self, to: value)
        }
        put(\.voiceOver.label, label)
        put(\.voiceOver.value, nil)
        put(\.voiceOver.traits, traits)
        put(\.voiceOver.hint, hint)
        put(\.voiceOver.dataTable, nil)
        put(\.voiceOver.announcement, nil)
        put(\.voiceOver.selectsOnActivation, selectsOnActivation)
        put(\.talkBack.contentDescription, contentDescription)
        put(\.talkBack.stateDescription, nil)
        put(\.talkBack.role, role)
        put(\.talkBack.isSelected, isSelected)
        put(\.talkBack.isHeading, false)
        put(\.talkBack.isDisabled, false)
        put(\.talkBack.clickLabel, clickLabel)
        put(\.talkBack.collectionInfo, nil)
        put(\.talkBack.collectionItemInfo, collectionItemInfo)
        put(\.talkBack.announcement, nil)
        put(\.talkBack.selectsOnClick, selectsOnClick)
    }
}
