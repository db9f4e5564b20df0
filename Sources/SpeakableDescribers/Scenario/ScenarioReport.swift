public import SpeakableJSON
import SpeakableEscaping

/// What a scenario's items say, element by element, for printing as text or JSON.
///
/// ```swift
/// let report = ScenarioReport(scenario: scenario, describer: try Describer(locale: "ko"))
/// print(report.text(for: .talkBack))
/// print(report.json(for: .voiceOver).prettyPrinted())
/// ```
public struct ScenarioReport: Sendable {
    /// One accessibility element (or one announcement) of one item.
    public struct Element: Sendable {
        /// The item's number, from 1.
        public let item: Int
        public let type: String
        public let line: Int
        /// What this element is, as a short phrase: "row 2, column 7", "slot 1", "placed".
        public let title: String
        /// The element's fields; nil for an announcement only (events).
        public let text: AccessibleText?
        /// Extra texts: a piece's name, description and shape; a board's whole-position reading;
        /// an event's announcement.
        public let extras: [(name: String, value: String)]

        public var voiceOver: VoiceOverText { text?.voiceOver ?? VoiceOverText(label: "") }
    }

    public let elements: [Element]
    public let locale: String
    public let hintStyle: String

    /// Describes every item of `scenario` with `describer`; app texts given by locale take the
    /// describer's.
    public init(scenario: Scenario, describer: Describer) {
        var elements: [Element] = []
        let locale = describer.locale
        for (index, item) in scenario.items.enumerated() {
            func add(_ title: String, _ text: AccessibleText?, _ extras: [(String, String)] = []) {
                let heading = item.title.map { title.isEmpty ? $0 : "\($0): \(title)" } ?? title
                elements.append(Element(item: index + 1, type: item.type, line: item.position.line, title: heading, text: text,
                                        extras: extras.map { (name: $0.0, value: $0.1) }))
            }
            func at(_ p: GridPosition) -> String { "row \(p.row), column \(p.column)" }
            switch item.kind {
            case .sudokuCell(let cell):
                add(at(GridPosition(row: cell.row, column: cell.column)), describer.describe(cell))
            case .sudokuBoard(let board, let cells):
                add("board", describer.describe(board.frame))
                let wanted = cells ?? board.cells.map { GridPosition(row: $0.row, column: $0.column) }
                for p in wanted { add(at(p), describer.describe(board.cell(row: p.row, column: p.column))) }
            case .board(let name, let rows, let columns):
                add("board", describer.describe(Board(name: name?.text(for: locale), rows: rows, columns: columns)))
            case .blockCell(let cell):
                add(at(cell.position), describer.describe(cell))
            case .blockBoard(let board, let piece, let cells):
                add("board", describer.describe(board), [("reading", describer.positionReading(of: board))])
                let wanted = cells ?? board.cells.map(\.position)
                for p in wanted { add(at(p), describer.describe(cellAt: p, on: board, placing: piece)) }
            case .piece(let piece):
                let description = describer.describe(piece)
                add(piece.map, describer.describe(rackSlot: piece),
                    [("name", description.name), ("description", description.description), ("shape", description.shape)])
            case .rack(let slots, let selected):
                for (i, slot) in slots.enumerated() {
                    add("slot \(i + 1)", describer.describe(rackSlot: slot, selected: selected == i + 1))
                }
            case .control(let label, let action, let resultHint, let price, let count, let startsSpeech, let selected, let enabled):
                let control = Control(label: label.text(for: locale), action: action?.text(for: locale),
                                      resultHint: resultHint?.text(for: locale), price: price, count: count,
                                      startsSpeech: startsSpeech, isSelected: selected, isEnabled: enabled)
                add(control.label, describer.describe(control))
            case .coins(let amount):
                add("", describer.describe(CoinBalance(amount)))
            case .level(let level):
                add("level \(level.number)", describer.describe(level))
            case .issue(let issue):
                add("issue \(issue.number)", describer.describe(issue))
            case .leaderboardRow(let rank, let name, let score):
                add("rank \(rank)", describer.describe(LeaderboardRow(rank: rank, name: name.text(for: locale), score: score)))
            case .stat(let stat):
                add("", describer.describe(stat))
            case .inkMeter(let meter):
                add("", describer.describe(meter))
            case .result(var summary, let next):
                summary.next = next?.text(for: locale)
                add("", describer.describe(summary))
            case .gameScreen(let mode):
                add(mode.rawValue, describer.describe(GameScreen(mode: mode)))
            case .tutorialPrompt(let running):
                add(running ? "screen reader running" : "no screen reader", describer.describe(TutorialPrompt(screenReaderRunning: running)))
            case .event(let event):
                add(Self.name(of: event), nil, [("announcement", describer.announcement(for: event))])
            case .element(let element):
                // The first message it names, unless the title already starts with it (a project's own preview).
                let key = element.references.first?.key ?? ""
                add(item.title?.hasPrefix(key) == true ? "" : key, describer.describe(element))
            case .announcement(let text):
                let key = text.reference?.key ?? ""
                add(item.title?.hasPrefix(key) == true ? "" : key, nil, [("announcement", describer.text(of: text))])
            case .grid(let grid):
                add("grid", describer.describe(grid))
                for cell in grid.cells { add(at(cell.position), describer.describe(cell: cell, of: grid)) }
            }
        }
        self.elements = elements
        self.locale = locale.languageTag
        self.hintStyle = describer.hintStyle.rawValue
    }

    static func name(of event: GameEvent) -> String {
        switch event {
        case .placed: "placed"
        case .linesCleared: "linesCleared"
        case .combo: "combo"
        case .newRack: "newRack"
        case .hint: "hint"
        case .runEnded: "runEnded"
        }
    }

    /// The fields one platform takes, in the order a developer sets them.
    public static func fields(of text: AccessibleText, for platform: Platform) -> [(name: String, value: JSONValue)] {
        var fields: [(String, JSONValue)] = []
        switch platform {
        case .voiceOver:
            let v = text.voiceOver
            fields.append(("label", .string(v.label)))
            if let value = v.value { fields.append(("value", .string(value))) }
            if !v.traits.names.isEmpty { fields.append(("traits", .array(v.traits.names.map { .string($0) }))) }
            if let hint = v.hint { fields.append(("hint", .string(hint))) }
            if let table = v.dataTable {
                fields.append(("dataTable", .object([("rows", .int(Int64(table.rows))), ("columns", .int(Int64(table.columns)))])))
            }
            if let announcement = v.announcement { fields.append(("announcement", .string(announcement))) }
        case .talkBack:
            let t = text.talkBack
            if let state = t.stateDescription { fields.append(("stateDescription", .string(state))) }
            fields.append(("contentDescription", .string(t.contentDescription)))
            if let role = t.role { fields.append(("role", .string(role.rawValue))) }
            if t.isSelected { fields.append(("selected", .bool(true))) }
            if t.isHeading { fields.append(("heading", .bool(true))) }
            if t.isDisabled { fields.append(("disabled", .bool(true))) }
            if let info = t.collectionInfo {
                fields.append(("collectionInfo", .object([("rowCount", .int(Int64(info.rows))), ("columnCount", .int(Int64(info.columns)))])))
            }
            if let info = t.collectionItemInfo {
                fields.append(("collectionItemInfo", .object([("rowIndex", .int(Int64(info.rowIndex))),
                                                              ("columnIndex", .int(Int64(info.columnIndex)))])))
            }
            if let label = t.clickLabel { fields.append(("clickLabel", .string(label))) }
            if let announcement = t.announcement { fields.append(("announcement", .string(announcement))) }
        }
        return fields.map { (name: $0.0, value: $0.1) }
    }

    /// A readable listing: one block per element, its fields indented. Text from the scenario and
    /// the project is shown with its controls, line separators and bidirectional overrides as
    /// `\u{…}` (a translation cannot send escape sequences to a terminal or forge a line).
    public func text(for platform: Platform) -> String {
        var out = ""
        for element in elements {
            out += VisibleText.terminalLine("[\(element.item)] \(element.type)" + (element.title.isEmpty ? "" : " \(element.title)")) + "\n"
            var lines: [(String, String)] = element.extras.map { ($0.name, $0.value) }
            if let text = element.text {
                lines += Self.fields(of: text, for: platform).map { ($0.name, Self.plainText($0.value)) }
            }
            for (name, value) in lines { out += "    " + VisibleText.terminalLine("\(name): \(value)") + "\n" }
        }
        return out
    }

    /// Every element with its fields, as JSON.
    public func json(for platform: Platform) -> JSONValue {
        .object([
            ("locale", .string(locale)),
            ("platform", .string(platform.rawValue)),
            ("hintStyle", .string(hintStyle)),
            ("elements", .array(elements.map { element in
                var members: [(String, JSONValue)] = [("item", .int(Int64(element.item))), ("type", .string(element.type)),
                                                      ("line", .int(Int64(element.line)))]
                if !element.title.isEmpty { members.append(("title", .string(element.title))) }
                members += element.extras.map { ($0.name, .string($0.value)) }
                if let text = element.text { members += Self.fields(of: text, for: platform).map { ($0.name, $0.value) } }
                return .object(members)
            })),
        ])
    }

    /// A field's value as plain text: strings as they are, arrays joined with ", ".
    public static func plainText(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): s
        case .bool(let b): b ? "true" : "false"
        case .int(let n): String(n)
        case .array(let items): items.map(plainText).joined(separator: ", ")
        case .object(let members): members.map { "\($0.0) \(plainText($0.1))" }.joined(separator: ", ")
        default: value.serialized()
        }
    }
}
