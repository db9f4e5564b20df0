import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
public import SpeakableMessages

/// A project's message with its arguments, as a scenario names it:
/// `{"message": "level.stars", "args": {"stars": 2, "total": 3}}`.
public struct MessageReference: Sendable {
    public let key: String
    public let arguments: [String: MessageArgument]
    /// Where the reference and its key are written, for diagnostics.
    public let position: SourcePosition
    let keyPosition: SourcePosition
    /// Where each argument is written (its value), and where `args` is (or the reference when
    /// there is none).
    let argumentPositions: [String: SourcePosition]
    let argumentsPosition: SourcePosition
    /// Arguments a grid cell gives all its fields (its `row`, `column` and `args`): a field's
    /// message need not use them.
    var sharedArguments: Set<String> = []

    /// Which grid cell the reference was made for, when a grid's field is given to a cell ("row 2,
    /// column 3"), and whether the scenario lists that cell: a diagnostic names it.
    var cell: (description: String, isListed: Bool)?

    /// The same message as one grid cell's field: the cell's `row` and `column` under everything,
    /// then the field's own `args` and the cell's `args` — the cell's winning over the arguments
    /// of the grid's `cell` fields it shares with every cell (`cellWins`), and losing to the
    /// arguments a cell's own field gives.
    func forCell(automatic: [String: MessageArgument], cellArguments: [String: MessageArgument], cellWins: Bool,
                 at position: SourcePosition, cell: (description: String, isListed: Bool)) -> MessageReference {
        var arguments = automatic
        var positions: [String: SourcePosition] = [:]
        var shared = Set(automatic.keys)
        for name in automatic.keys { positions[name] = position }
        func overlayOwn() {
            for (name, value) in self.arguments {
                arguments[name] = value
                positions[name] = argumentPositions[name]
                shared.remove(name)
            }
        }
        func overlayCell() {
            for (name, value) in cellArguments {
                arguments[name] = value
                positions[name] = position
                shared.insert(name)
            }
        }
        if cellWins { overlayOwn(); overlayCell() } else { overlayCell(); overlayOwn() }
        var reference = MessageReference(key: key, arguments: arguments, position: self.position, keyPosition: keyPosition,
                                         argumentPositions: positions, argumentsPosition: argumentsPosition, sharedArguments: shared)
        reference.cell = cell
        return reference
    }
}

/// One field of an ``ElementSpec``: a project's message, or text the app supplies (a player's
/// name: `"Mina"` or `{"en": "Hint", "ko": "힌트"}`).
public enum ElementText: Sendable {
    case message(MessageReference)
    case text(LocalizedText)

    var reference: MessageReference? { if case .message(let reference) = self { reference } else { nil } }
}

/// An element of a team's own screen, its fields from the project's messages:
///
/// ```json
/// {"type": "element", "title": "Level 5",
///  "label": {"message": "level.label", "args": {"level": 5}},
///  "value": {"message": "level.stars", "args": {"stars": 2, "total": 3}},
///  "hint": {"message": "level.play.hint"}, "action": {"message": "level.play.action"},
///  "traits": ["button"], "selected": false}
/// ```
///
/// VoiceOver gets `label`, `value`, the traits, and `hint` (with `"hintStyle": "gesture"`, the
/// gesture sentence made from `action`); TalkBack the label as content description, the value
/// as state description, `action` as the click label ("Double-tap to …"), a button role when
/// `traits` has `button`, selected and disabled as its own words.
public struct ElementSpec: Sendable {
    public var label: ElementText?
    public var value: ElementText?
    public var hint: ElementText?
    public var action: ElementText?
    /// UIKit's trait names: `button`, `header`, `staticText`, `image`, `link`, `adjustable`,
    /// `updatesFrequently`, `startsMediaSession`, `playsSound` (`selected` and `notEnabled` come
    /// from `selected` and `enabled`).
    public var traits: [String] = []
    public var isSelected = false
    public var isEnabled = true
    /// `"selectsOnActivation": true`: a double tap selects the element (a board's cell), so each
    /// screen reader's activation speech is shown (TalkBack: "selected").
    public var selectsOnActivation = false

    public static let traitNames = ["button", "header", "staticText", "image", "link", "adjustable", "updatesFrequently",
                                    "startsMediaSession", "playsSound"]

    /// Every message the element names.
    var references: [MessageReference] { [label, value, hint, action].compactMap { $0?.reference } }
}

/// A team's own board: `rows` × `columns` cells, each an element made from `cell` (the fields
/// every cell has, with the cell's `row` and `column` as arguments) and the cell's own `args`
/// and fields; `label` names the grid (TalkBack's collection, VoiceOver's data table).
///
/// ```json
/// {"type": "grid", "title": "Level map", "label": {"message": "map.label"}, "rows": 2, "columns": 3,
///  "cell": {"label": {"message": "level.label"}, "value": {"message": "level.stars"}, "traits": ["button"]},
///  "cells": [{"row": 1, "column": 1, "args": {"level": 1, "stars": 3, "total": 3}}, …],
///  "selected": [1, 2]}
/// ```
public struct GridSpec: Sendable {
    public var label: ElementText?
    public var rows: Int
    public var columns: Int
    public var cell: ElementSpec
    public struct Cell: Sendable {
        public var position: GridPosition
        public var arguments: [String: MessageArgument]
        /// The cell's own fields over the grid's `cell`.
        public var element: ElementSpec?
        let source: SourcePosition
    }
    /// The cells to list, in order (all, row by row, when the scenario gives none).
    public var cells: [Cell]
    public var selected: GridPosition?
    /// Where `cell` is written: unlisted cells are made from it.
    let cellSource: SourcePosition

    /// Every cell as an element, with its arguments added to each message it names.
    public func element(of cell: Cell) -> ElementSpec {
        let own = cell.element
        var element = own.map { own in
            ElementSpec(label: own.label ?? self.cell.label, value: own.value ?? self.cell.value, hint: own.hint ?? self.cell.hint,
                        action: own.action ?? self.cell.action, traits: own.traits.isEmpty ? self.cell.traits : own.traits,
                        isSelected: own.isSelected, isEnabled: own.isEnabled,
                        selectsOnActivation: own.selectsOnActivation || self.cell.selectsOnActivation)
        } ?? self.cell
        if cell.position == selected { element.isSelected = true }
        let automatic: [String: MessageArgument] = ["row": .int(Int64(cell.position.row)), "column": .int(Int64(cell.position.column))]
        let listed = cells.contains { $0.position == cell.position }
        let place = (description: "row \(cell.position.row), column \(cell.position.column)", isListed: listed)
        func with(_ text: ElementText?, own ownText: ElementText?) -> ElementText? {
            guard case .message(let reference)? = text else { return text }
            return .message(reference.forCell(automatic: automatic, cellArguments: cell.arguments, cellWins: ownText == nil,
                                              at: cell.source, cell: place))
        }
        element.label = with(element.label, own: own?.label)
        element.value = with(element.value, own: own?.value)
        element.hint = with(element.hint, own: own?.hint)
        element.action = with(element.action, own: own?.action)
        return element
    }

    /// Every cell of the grid, row by row: the listed ones, and the others made from `cell`
    /// with only their `row` and `column` (what the page draws).
    public var allCells: [Cell] {
        let listed = Dictionary(cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [Cell] = []
        for row in 1...rows {
            for column in 1...columns {
                let position = GridPosition(row: row, column: column)
                result.append(listed[position] ?? Cell(position: position, arguments: [:], element: nil, source: cellSource))
            }
        }
        return result
    }

    /// The messages of the label and of every cell, listed or not.
    var references: [MessageReference] {
        ([label?.reference].compactMap { $0 }) + allCells.flatMap { element(of: $0).references }
    }
}

// MARK: Reading

extension ObjectReader {
    /// `{"message": "key", "args": {…}}`, or (when `allowText`) a string or an object of strings
    /// by locale.
    func elementText(_ key: String, required: Bool = false, allowText: Bool = true, timeZone: ICUTimeZone) -> ElementText? {
        guard let value = field(key, required: required) else { return nil }
        if value["message"] != nil {
            return messageReference(value, timeZone: timeZone).map { .message($0) }
        }
        guard allowText else {
            sink.error("wrong-type", "\"\(key)\" must be a project message such as {\"message\": \"level.label\", \"args\": {\"level\": 5}}",
                       at: value.start)
            return nil
        }
        return localized(key).map { .text($0) }
    }

    /// `finish`: report fields other than `message` and `args` (false when they belong to an
    /// item that has its own: an `announcement`).
    func messageReference(_ node: JSONNode, timeZone: ICUTimeZone, finish: Bool = true) -> MessageReference? {
        let r = ObjectReader(node, what: "a message reference", sink: sink)
        guard r.isObject, let key = r.string("message", required: true) else { return nil }
        var arguments: [String: MessageArgument] = [:]
        var positions: [String: SourcePosition] = [:]
        let args = r.field("args", required: false)
        if let args {
            do throws(ArgumentJSON.Failure) {
                arguments = try ArgumentJSON.arguments(args, timeZone: timeZone)
                for member in args.members ?? [] { positions[member.key] = member.value.start }
            } catch {
                sink.error("wrong-type", error.message, at: error.position)
                return nil
            }
        }
        if finish { r.finish(known: ["message", "args"]) }
        return MessageReference(key: key, arguments: arguments, position: node.start, keyPosition: node["message"]!.start,
                                argumentPositions: positions, argumentsPosition: args?.start ?? node.start)
    }

    /// The fields of an element (of an `element` item, a grid's `cell`, or one grid cell).
    func elementSpec(timeZone: ICUTimeZone, labelRequired: Bool) -> ElementSpec {
        var spec = ElementSpec()
        spec.label = elementText("label", required: labelRequired, timeZone: timeZone)
        spec.value = elementText("value", timeZone: timeZone)
        spec.hint = elementText("hint", timeZone: timeZone)
        spec.action = elementText("action", timeZone: timeZone)
        for trait in array("traits") ?? [] {
            guard let name = string(trait) else { continue }
            guard ElementSpec.traitNames.contains(name) else {
                sink.error("invalid-value", "'\(name)' is not a trait; traits are \(ElementSpec.traitNames.joined(separator: ", "))"
                           + " (\"selected\" and \"enabled\" are fields of their own)", at: trait.start)
                continue
            }
            if !spec.traits.contains(name) { spec.traits.append(name) }
        }
        spec.isSelected = bool("selected") ?? false
        spec.isEnabled = bool("enabled") ?? true
        spec.selectsOnActivation = bool("selectsOnActivation") ?? false
        return spec
    }

    static let elementFields: Set<String> = ["label", "value", "hint", "action", "traits", "selected", "enabled", "selectsOnActivation"]

    func grid(timeZone: ICUTimeZone) -> GridSpec? {
        let label = elementText("label", timeZone: timeZone)
        let side = Scenario.maximumBoardSide
        guard let rows = int("rows", required: true, in: 1...side), let columns = int("columns", required: true, in: 1...side) else { return nil }
        var cell = ElementSpec()
        if let template = field("cell", required: true) {
            let r = ObjectReader(template, what: "a grid's \"cell\"", sink: sink)
            if r.isObject {
                cell = r.elementSpec(timeZone: timeZone, labelRequired: true)
                r.finish(known: Self.elementFields)
            }
        }
        var cells: [GridSpec.Cell] = []
        if let listed = array("cells") {
            var seen = Set<GridPosition>()
            for node in listed {
                let r = ObjectReader(node, what: "a grid cell", sink: sink)
                guard r.isObject else { continue }
                guard let row = r.int("row", required: true, in: 1...rows), let column = r.int("column", required: true, in: 1...columns) else { continue }
                let position = GridPosition(row: row, column: column)
                if !seen.insert(position).inserted {
                    sink.error("invalid-value", "row \(row), column \(column) is listed twice", at: node.start)
                }
                var arguments: [String: MessageArgument] = [:]
                if let args = r.field("args", required: false) {
                    do throws(ArgumentJSON.Failure) { arguments = try ArgumentJSON.arguments(args, timeZone: timeZone) } catch {
                        sink.error("wrong-type", error.message, at: error.position)
                    }
                }
                let own = (node.members ?? []).contains { Self.elementFields.contains($0.key) }
                    ? r.elementSpec(timeZone: timeZone, labelRequired: false) : nil
                r.finish(known: Self.elementFields.union(["row", "column", "args"]))
                cells.append(GridSpec.Cell(position: position, arguments: arguments, element: own, source: node.start))
            }
        } else {
            let at = node["cell"]?.start ?? node.start
            for row in 1...rows {
                for column in 1...columns {
                    cells.append(GridSpec.Cell(position: GridPosition(row: row, column: column), arguments: [:], element: nil, source: at))
                }
            }
        }
        let selected = position("selected", rows: rows, columns: columns)
        return GridSpec(label: label, rows: rows, columns: columns, cell: cell, cells: cells, selected: selected, cellSource: node["cell"]?.start ?? node.start)
    }
}

// MARK: Checking against a catalog

extension Scenario {
    /// Every project message the items name, in order.
    public var messageReferences: [MessageReference] {
        items.flatMap { item -> [MessageReference] in
            switch item.kind {
            case .element(let spec): spec.references
            case .announcement(let text): text.reference.map { [$0] } ?? []
            case .grid(let grid): grid.references
            default: []
            }
        }
    }

    /// Problems with the messages the items name, at the scenario's line and column: a key the
    /// catalog does not have (`unknown-message`, with the nearest keys), an argument the message
    /// uses that the item does not give (`missing-argument`), a value of the wrong type
    /// (`wrong-argument-type`: a number for `plural`/`number`, text for `select`, a date for
    /// `date`), and an argument the message does not use (`unknown-argument`, a warning). A
    /// problem of a grid's shared `cell` field is reported once, naming the cells it is in.
    /// `projectGiven`: whether the catalog has a project's messages (the hint for an unknown
    /// message says how to give one when not).
    public func check(against catalog: DescriberCatalog, file: String, projectGiven: Bool = true) -> [Diagnostic] {
        // One problem of a grid's shared field repeats in every cell it is given to: it is
        // reported once, naming the cells.
        var diagnostics: [Diagnostic] = []
        var cells: [[String]] = []
        var index: [String: Int] = [:]
        func report(_ diagnostic: Diagnostic, _ reference: MessageReference) {
            let key = "\(diagnostic.id)\u{0}\(diagnostic.message)\u{0}\(diagnostic.position.map { "\($0.line):\($0.column)" } ?? "")"
            if let at = index[key] {
                if let cell = reference.cell { cells[at].append(cell.description) }
                return
            }
            index[key] = diagnostics.count
            diagnostics.append(diagnostic)
            cells.append(reference.cell.map { [$0.description] } ?? [])
        }
        var usages: [String: [String: ArgumentUsage]] = [:]
        for reference in messageReferences {
            guard let entry = catalog.entries[reference.key] else {
                let near = Self.nearest(reference.key, in: catalog.entries.keys)
                let hint = !near.isEmpty ? "did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
                    : projectGiven ? "the project's messages are in its templates folder"
                    : "a project's messages are known with --project DIR (the folder of its speakable.json)"
                report(Diagnostic(severity: .error, id: "unknown-message", message: "there is no message '\(reference.key)'",
                                  file: file, position: reference.keyPosition, hint: hint), reference)
                continue
            }
            if usages[entry.key] == nil {
                usages[entry.key] = (try? MessagePattern(entry.source))?.argumentUsages ?? [:]
            }
            let used = usages[entry.key]!
            for (name, usage) in used.sorted(by: { $0.key < $1.key }) {
                guard let value = reference.arguments[name] else {
                    let unlisted = reference.cell.map { !$0.isListed } ?? false
                    report(Diagnostic(severity: .error, id: "missing-argument",
                                      message: "'\(reference.key)' uses {\(name)}\(usage.kind.name == "text" ? "" : " (\(usage.kind.name))"), which is not given",
                                      file: file, position: reference.argumentsPosition,
                                      hint: unlisted
                                          ? "cells the grid does not list are drawn from \"cell\" too: give \"\(name)\" in its \"args\" or list every cell"
                                          : "add it to \"args\", such as \"\(name)\": \(Self.sample(usage.kind))"), reference)
                    continue
                }
                if let expected = Self.mismatch(value, usage.kind) {
                    report(Diagnostic(severity: .error, id: "wrong-argument-type",
                                      message: "'\(reference.key)': {\(name)} takes \(expected), not \(Self.describe(value))",
                                      file: file, position: reference.argumentPositions[name] ?? reference.argumentsPosition,
                                      hint: "such as \"\(name)\": \(Self.sample(usage.kind))"), reference)
                }
            }
            for name in reference.arguments.keys.sorted() where used[name] == nil && !reference.sharedArguments.contains(name) {
                report(Diagnostic(severity: .warning, id: "unknown-argument",
                                  message: "'\(reference.key)' does not use {\(name)}",
                                  file: file, position: reference.argumentPositions[name] ?? reference.argumentsPosition,
                                  hint: used.isEmpty ? "it takes no arguments" : "it uses " + used.keys.sorted().map { "{\($0)}" }.joined(separator: ", ")),
                       reference)
            }
        }
        return zip(diagnostics, cells).map { diagnostic, cells in
            guard !cells.isEmpty else { return diagnostic }
            let shown = cells.count <= 3 ? cells.joined(separator: "; ")
                : cells.prefix(2).joined(separator: "; ") + " and \(cells.count - 2) more cells"
            var named = diagnostic
            named.message += " (in \(shown))"
            return named
        }
    }

    static func mismatch(_ value: MessageArgument, _ kind: ArgumentUsage.Kind) -> String? {
        switch kind {
        case .number, .plural, .ordinal:
            if case .int = value { return nil }
            if case .double = value { return nil }
            return "a number"
        case .select:
            if case .string = value { return nil }
            return "text (one of its cases)"
        case .date:
            if case .date = value { return nil }
            return "a date ({\"$date\": \"2025-08-26\"})"
        case .untyped, .conflicting:
            return nil
        }
    }

    static func describe(_ value: MessageArgument) -> String {
        switch value {
        case .int(let n): "the number \(n)"
        case .double(let d): "the number \(d)"
        case .string(let s): "the text \"\(s)\""
        case .date: "a date"
        }
    }

    static func sample(_ kind: ArgumentUsage.Kind) -> String {
        switch kind {
        case .number, .plural, .ordinal: "3"
        case .select(let cases): "\"\(cases.first { $0 != "other" } ?? "other")\""
        case .date: "{\"$date\": \"2025-08-26\"}"
        case .untyped, .conflicting: "\"…\""
        }
    }

    /// Keys one or two edits away, or sharing the last part (`stars` for `level.star`).
    static func nearest(_ key: String, in keys: Dictionary<String, DescriberCatalog.Entry>.Keys) -> [String] {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var previous = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var current = [i + 1]
                for (j, y) in b.enumerated() { current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))) }
                previous = current
            }
            return previous[b.count]
        }
        let wanted = Array(key)
        return keys.map { ($0, distance(wanted, Array($0))) }.filter { $0.1 <= 2 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(2).map(\.0)
    }
}

// MARK: Describing

extension Describer {
    /// The text of one field: the message formatted in this locale (Korean particles resolved),
    /// or the app's text for this locale. A message that cannot be formatted gives its error in
    /// brackets (``Scenario/check(against:file:)`` reports it beforehand).
    public func text(of field: ElementText) -> String {
        switch field {
        case .text(let text):
            return text.text(for: locale)
        case .message(let reference):
            do { return try format(reference.key, reference.arguments) } catch {
                return "[" + (error.diagnostics.first?.message ?? reference.key) + "]"
            }
        }
    }

    /// An element of a team's own screen (``ElementSpec``).
    public func describe(_ element: ElementSpec, collectionItem: CollectionItemInfo? = nil) -> AccessibleText {
        let label = element.label.map(text(of:)) ?? ""
        let value = element.value.map(text(of:))
        let resultHint = element.hint.map(text(of:))
        let action = element.action.map(text(of:))
        var traits: VoiceOverTraits = []
        for name in element.traits {
            switch name {
            case "button": traits.insert(.button)
            case "header": traits.insert(.header)
            case "staticText": traits.insert(.staticText)
            case "updatesFrequently": traits.insert(.updatesFrequently)
            case "startsMediaSession": traits.insert(.startsMediaSession)
            case "playsSound": traits.insert(.playsSound)
            default: break
            }
        }
        if element.isSelected { traits.insert(.selected) }
        if !element.isEnabled { traits.insert(.notEnabled) }
        // VoiceOver speaks the hint it is given and adds no "Double tap" of its own: in the
        // result style only the result hint; in the gesture style the sentence made from the action.
        let gesture = action.map { text(.hintGesture, [.string($0)]) }
        let hint = hintStyle == .result ? resultHint : (gesture ?? resultHint)
        let role: TalkBackRole? = element.traits.contains("button") ? .button : element.traits.contains("image") ? .image : nil
        return AccessibleText(
            voiceOver: VoiceOverText(label: label, value: value, traits: traits, hint: hint,
                                     selectsOnActivation: element.selectsOnActivation),
            talkBack: TalkBackText(contentDescription: label, stateDescription: value, role: role, isSelected: element.isSelected,
                                   isHeading: element.traits.contains("header"), isDisabled: !element.isEnabled,
                                   clickLabel: action, collectionItemInfo: collectionItem))
    }

    /// A team's own grid: its frame (named by its `label`, else the catalog's board name, with
    /// the size), for VoiceOver's data table and TalkBack's collection.
    public func describe(_ grid: GridSpec) -> AccessibleText {
        // The team's label is the grid's name as written; without one, the board's own frame.
        guard let name = grid.label.map(text(of:)) else { return describe(Board(rows: grid.rows, columns: grid.columns)) }
        let size = GridSize(rows: grid.rows, columns: grid.columns)
        return AccessibleText(voiceOver: VoiceOverText(label: name, dataTable: size),
                              talkBack: TalkBackText(contentDescription: name, collectionInfo: size))
    }

    /// One cell of a team's own grid.
    public func describe(cell: GridSpec.Cell, of grid: GridSpec) -> AccessibleText {
        describe(grid.element(of: cell),
                 collectionItem: CollectionItemInfo(rowIndex: cell.position.row - 1, columnIndex: cell.position.column - 1))
    }
}
