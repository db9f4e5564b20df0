public import SpeakableCatalog
public import SpeakableDiagnostics
public import SpeakableICU
import SpeakableJSON
import SpeakableMessages

/// Text an app supplies in several languages, such as a control's name: `"Hint"` or
/// `{"en": "Hint", "ko": "힌트"}` in a scenario.
public struct LocalizedText: Hashable, Sendable {
    /// By BCP 47 tag; "" for text given without a tag.
    public var values: [String: String]

    public init(_ text: String) { values = ["": text] }
    public init(values: [String: String]) { self.values = values }

    /// The text for `locale`: its tag, then shorter tags (ko-KR → ko), then untagged text, then
    /// English, then the first by tag.
    public func text(for locale: ICULocale) -> String {
        var parts = locale.languageTag.split(separator: "-").map(String.init)
        while !parts.isEmpty {
            if let text = values[parts.joined(separator: "-")] { return text }
            parts.removeLast()
        }
        return values[""] ?? values["en"] ?? values.sorted(by: { $0.key < $1.key }).first?.value ?? ""
    }
}

/// A scenario: screens of a game described as JSON — boards, racks, selections, controls,
/// events — for `speakable describe scenario` and the demo. The format is documented in
/// docs/preview.md ("Scenario files").
///
/// ```swift
/// let read = Scenario.read(#"{"items": [{"type": "coins", "amount": 9180}]}"#, file: "coins.json")
/// let report = ScenarioReport(scenario: read.scenario!, describer: try Describer(locale: "en"))
/// report.elements[0].voiceOver.label   // "9,180 O’Coins"
/// ```
public struct Scenario: Sendable {
    /// One thing to describe, with where it was written.
    public struct Item: Sendable {
        public let kind: Kind
        public let position: SourcePosition
        /// The `type` as written.
        public let type: String
        /// The item's optional `title`, shown in reports.
        public let title: String?
    }

    public enum Kind: Sendable {
        case sudokuCell(SudokuCell)
        /// A whole board: its frame, then the cells asked for (all when nil).
        case sudokuBoard(SudokuBoard, cells: [GridPosition]?)
        case board(name: LocalizedText?, rows: Int, columns: Int)
        case blockCell(BlockCell)
        /// A block board: its element and whole-position reading, then the cells asked for (all
        /// when nil), with the selected piece's placement hints when there is one.
        case blockBoard(BlockBoard, piece: Piece?, cells: [GridPosition]?)
        case piece(Piece)
        /// Rack slots (nil: an empty slot), with the selected slot from 1.
        case rack([Piece?], selected: Int?)
        case control(label: LocalizedText, action: LocalizedText?, resultHint: LocalizedText?, price: Int?, count: Int?,
                     startsSpeech: Bool, selected: Bool, enabled: Bool)
        case coins(Int)
        case level(Level)
        case issue(JourneyIssue)
        case leaderboardRow(rank: Int, name: LocalizedText, score: Int)
        case stat(Stat)
        case inkMeter(InkMeter)
        case result(ResultSummary, next: LocalizedText?)
        case gameScreen(GameMode)
        case tutorialPrompt(screenReaderRunning: Bool)
        case event(GameEvent)
        /// An element of a team's own screen, its fields from the project's messages.
        case element(ElementSpec)
        /// An announcement: a project's message, or the app's text.
        case announcement(ElementText)
        /// A team's own board: its frame, then its cells.
        case grid(GridSpec)
    }

    public var locale: String?
    public var hintStyle: HintStyle?
    public var timeZone: String?
    public var items: [Item]

    /// The result of reading a scenario: the scenario when it has no errors, and every problem
    /// found (all at once, each with file, line and column).
    public struct ReadResult: Sendable {
        public let scenario: Scenario?
        public let diagnostics: [Diagnostic]
    }

    /// Reads a scenario from JSON text.
    public static func read(_ text: String, file: String) -> ReadResult { read(Array(text.utf8), file: file) }

    /// Reads a scenario from JSON bytes.
    public static func read(_ bytes: [UInt8], file: String) -> ReadResult {
        let json = JSONReader.read(bytes, file: file)
        guard let root = json.root, json.diagnostics.allSatisfy({ $0.severity != .error }) else {
            return ReadResult(scenario: nil, diagnostics: json.diagnostics)
        }
        let sink = DiagnosticSink(file: file)
        var scenario = Scenario(locale: nil, hintStyle: nil, timeZone: nil, items: [])
        let top = ObjectReader(root, what: "a scenario", sink: sink)
        if top.isObject {
            scenario.locale = top.string("locale")
            if let locale = scenario.locale, (try? ICULocale(locale)) == nil {
                sink.error("invalid-value", "\"locale\" must be a BCP 47 tag such as \"en\" or \"ko\"", at: root["locale"]!.start)
            }
            if let style = top.string("hintStyle") {
                if let parsed = HintStyle(rawValue: style) { scenario.hintStyle = parsed } else {
                    sink.error("invalid-value", "\"hintStyle\" is \"result\" or \"gesture\"", at: root["hintStyle"]!.start)
                }
            }
            scenario.timeZone = top.string("timeZone")
            if let zone = scenario.timeZone, (try? ICUTimeZone(zone)) == nil {
                sink.error("invalid-value", "\"timeZone\" must be a time zone ICU knows, such as \"UTC\" or \"Asia/Seoul\"",
                           at: root["timeZone"]!.start)
            }
            if let items = top.array("items", required: true) {
                let zone = scenario.timeZone.flatMap { try? ICUTimeZone($0) } ?? .utc
                for item in items {
                    if let read = readItem(item, sink: sink, timeZone: zone) { scenario.items.append(read) }
                }
            }
            top.finish(known: ["$schema", "locale", "hintStyle", "timeZone", "items"])
        }
        let diagnostics = json.diagnostics + sink.diagnostics
        return ReadResult(scenario: diagnostics.contains { $0.severity == .error } ? nil : scenario, diagnostics: diagnostics)
    }

    static let itemTypes = ["sudokuCell", "sudokuBoard", "board", "blockCell", "blockBoard", "piece", "rack", "control", "coins",
                            "level", "issue", "leaderboardRow", "stat", "inkMeter", "result", "gameScreen", "tutorialPrompt",
                            "event", "element", "announcement", "grid"]

    static func readItem(_ node: JSONNode, sink: DiagnosticSink, timeZone: ICUTimeZone) -> Item? {
        let r = ObjectReader(node, what: "an item", sink: sink)
        guard r.isObject else { return nil }
        guard let type = r.string("type", required: true) else { return nil }
        var known: Set<String> = ["type", "title"]
        func ints(_ names: String...) { known.formUnion(names) }
        let kind: Kind?
        switch type {
        case "sudokuCell":
            ints("row", "column", "content", "digit", "notes", "selected")
            let row = r.int("row", required: true, in: 1...99), column = r.int("column", required: true, in: 1...99)
            let content = readSudokuContent(r)
            kind = row.flatMap { row in column.flatMap { column in content.map {
                .sudokuCell(SudokuCell(row: row, column: column, content: $0, isSelected: r.bool("selected") ?? false))
            } } }
        case "sudokuBoard":
            ints("rows", "selected", "cells")
            kind = readSudokuBoard(r)
        case "board":
            ints("name", "rows", "columns")
            let name = r.localized("name")
            if let rows = r.int("rows", required: true, in: 1...99), let columns = r.int("columns", required: true, in: 1...99) {
                kind = .board(name: name, rows: rows, columns: columns)
            } else { kind = nil }
        case "blockCell":
            ints("row", "column", "filled", "ink", "marked")
            if let row = r.int("row", required: true, in: 1...99), let column = r.int("column", required: true, in: 1...99) {
                kind = .blockCell(BlockCell(row: row, column: column, isFilled: r.bool("filled") ?? false, hasInk: r.bool("ink") ?? false,
                                            isMarkedToClear: r.bool("marked") ?? false))
            } else { kind = nil }
        case "blockBoard":
            ints("rows", "piece", "cells")
            kind = readBlockBoard(r)
        case "piece":
            ints("map")
            kind = r.piece("map", required: true).map { .piece($0) }
        case "rack":
            ints("pieces", "selected")
            var slots: [Piece?] = []
            var ok = true
            for slot in r.array("pieces", required: true) ?? [] {
                if slot.isNull { slots.append(nil); continue }
                guard let piece = r.piece(slot) else { ok = false; continue }
                slots.append(piece)
            }
            let selected = r.int("selected", in: 1...max(1, slots.count))
            kind = ok ? .rack(slots, selected: selected) : nil
        case "control":
            ints("label", "action", "resultHint", "price", "count", "startsSpeech", "selected", "enabled")
            kind = r.localized("label", required: true).map {
                .control(label: $0, action: r.localized("action"), resultHint: r.localized("resultHint"), price: r.int("price", in: 0...Int(Int32.max)),
                         count: r.int("count", in: 0...Int(Int32.max)), startsSpeech: r.bool("startsSpeech") ?? false,
                         selected: r.bool("selected") ?? false, enabled: r.bool("enabled") ?? true)
            }
        case "coins":
            ints("amount")
            kind = r.int("amount", required: true, in: 0...Int(Int64.max)).map { .coins($0) }
        case "level", "issue":
            ints("number", "stars", "total", "locked")
            let number = r.int("number", required: true, in: 0...Int(Int32.max))
            let total = r.int("total", in: 1...99) ?? 3
            let stars = r.int("stars", in: 0...total) ?? 0
            let locked = r.bool("locked") ?? false
            kind = number.map {
                type == "level" ? .level(Level($0, stars: stars, of: total, locked: locked))
                                : .issue(JourneyIssue($0, stars: stars, of: total, locked: locked))
            }
        case "leaderboardRow":
            ints("rank", "name", "score")
            if let rank = r.int("rank", required: true, in: 1...Int(Int32.max)), let name = r.localized("name", required: true),
               let score = r.int("score", required: true, in: Int(Int32.min)...Int(Int64.max)) {
                kind = .leaderboardRow(rank: rank, name: name, score: score)
            } else { kind = nil }
        case "stat":
            ints("bestScore", "time", "score", "combo")
            let present = ["bestScore", "time", "score"].filter { node[$0] != nil }
            if present.count != 1 {
                sink.error("missing-field", "a stat has exactly one of \"bestScore\", \"time\" (seconds) or \"score\" (with \"combo\")",
                           at: node.start)
                kind = nil
            } else if let best = r.int("bestScore", in: 0...Int(Int64.max)) {
                kind = .stat(.bestScore(best))
            } else if let time = r.int("time", in: 0...Int(Int32.max)) {
                kind = .stat(.time(seconds: time))
            } else if let score = r.int("score", in: 0...Int(Int64.max)) {
                kind = .stat(.score(score, combo: r.int("combo", in: 0...999) ?? 0))
            } else { kind = nil }
        case "inkMeter":
            ints("charges", "total")
            let total = r.int("total", in: 1...99) ?? 3
            kind = r.int("charges", required: true, in: 0...total).map { .inkMeter(InkMeter(charges: $0, of: total)) }
        case "result":
            ints("mode", "date", "level", "score", "seconds", "stars", "totalStars", "streakDay", "comeBackTomorrow", "next")
            kind = readResult(r, node: node, sink: sink, timeZone: timeZone)
        case "gameScreen":
            ints("mode")
            kind = r.choice("mode", GameMode.allCases.map(\.rawValue), required: true).map { .gameScreen(GameMode(rawValue: $0)!) }
        case "tutorialPrompt":
            ints("screenReader")
            kind = .tutorialPrompt(screenReaderRunning: r.bool("screenReader") ?? true)
        case "event":
            ints("event", "score", "lines", "combo", "pieces", "piece", "at", "board", "newBest")
            kind = readEvent(r, node: node, sink: sink)
        case "element":
            known.formUnion(ObjectReader.elementFields)
            kind = .element(r.elementSpec(timeZone: timeZone, labelRequired: true))
        case "announcement":
            ints("message", "args", "text")
            if node["message"] != nil {
                kind = r.messageReference(node, timeZone: timeZone, finish: false).map { .announcement(.message($0)) }
            } else if let text = r.localized("text") {
                kind = .announcement(.text(text))
            } else {
                sink.error("missing-field", "an announcement needs \"message\" (a project message, with \"args\") or \"text\"", at: node.start)
                kind = nil
            }
        case "grid":
            ints("label", "rows", "columns", "cell", "cells", "selected")
            kind = r.grid(timeZone: timeZone).map { .grid($0) }
        default:
            sink.error("unknown-item-type", "'\(type)' is not an item type", at: node["type"]!.start,
                       hint: "types: " + itemTypes.joined(separator: ", "))
            return nil
        }
        r.finish(known: known)
        let title = r.string("title")
        return kind.map { Item(kind: $0, position: node.start, type: type, title: title) }
    }

    static func readSudokuContent(_ r: ObjectReader) -> SudokuCell.Content? {
        let content = r.choice("content", ["empty", "given", "value", "error", "notes"]) ?? "empty"
        switch content {
        case "empty": return .empty
        case "notes":
            let digits = (r.array("notes", required: true) ?? []).compactMap { r.int($0, in: 1...9) }
            return .notes(digits)
        default:
            guard let digit = r.int("digit", required: true, in: 1...9) else { return nil }
            return content == "given" ? .given(digit) : content == "value" ? .value(digit) : .error(digit)
        }
    }

    /// Boards in scenarios have at most this many rows and columns.
    static let maximumBoardSide = 99

    static func readSudokuBoard(_ r: ObjectReader) -> Kind? {
        guard let rows = r.array("rows", required: true), !rows.isEmpty else {
            if let node = r.node["rows"], node.array?.isEmpty == true {
                r.sink.error("invalid-value", "a board needs at least one row", at: node.start)
            }
            return nil
        }
        guard rows.count <= maximumBoardSide else {
            r.sink.error("invalid-value", "a board has at most \(maximumBoardSide) rows, not \(rows.count)", at: r.node["rows"]!.start)
            return nil
        }
        var parsed: [[SudokuCell.Content]] = []
        var ok = true
        for row in rows {
            guard let text = r.string(row) else { ok = false; continue }
            var cells: [SudokuCell.Content] = []
            for token in text.split(separator: " ") {
                if token == "." { cells.append(.empty); continue }
                let first = token.first!
                let rest = token.dropFirst()
                let digits = (first == "+" || first == "!" || first == "n" ? rest : Substring(token)).compactMap { $0.wholeNumberValue }
                let valid = !digits.isEmpty && digits.allSatisfy { (1...9).contains($0) }
                    && digits.count == (first == "n" ? rest.count : (first == "+" || first == "!" ? rest.count : token.count))
                if !valid || (first != "n" && digits.count != 1) {
                    r.sink.error("invalid-value", "'\(token)' is not a Sudoku cell; use . (empty), 5 (given), +5 (entered), !5 (error) or n159 (notes)",
                                 at: row.start)
                    ok = false
                    continue
                }
                switch first {
                case "+": cells.append(.value(digits[0]))
                case "!": cells.append(.error(digits[0]))
                case "n": cells.append(.notes(digits))
                default: cells.append(.given(digits[0]))
                }
            }
            parsed.append(cells)
        }
        guard ok else { return nil }
        let width = parsed[0].count
        guard width >= 1, width <= maximumBoardSide else {
            r.sink.error("invalid-value", "a board row has 1 to \(maximumBoardSide) cells, not \(width)", at: rows[0].start)
            return nil
        }
        if let bad = parsed.firstIndex(where: { $0.count != width }) {
            r.sink.error("invalid-value", "row \(bad + 1) has \(parsed[bad].count) cells, but row 1 has \(width)", at: rows[bad].start)
            return nil
        }
        var board = SudokuBoard(rows: parsed.count, columns: width)
        for (i, row) in parsed.enumerated() { for (j, content) in row.enumerated() { board[i + 1, j + 1] = content } }
        board.selected = r.position("selected", rows: board.rows, columns: board.columns)
        let cells = r.positions("cells", rows: board.rows, columns: board.columns)
        return .sudokuBoard(board, cells: cells)
    }

    static func readBlockBoard(_ r: ObjectReader) -> Kind? {
        guard let board = r.blockBoard("rows", required: true) else { return nil }
        let piece = r.piece("piece")
        let cells = r.positions("cells", rows: board.rows, columns: board.columns)
        return .blockBoard(board, piece: piece, cells: cells)
    }

    static func readResult(_ r: ObjectReader, node: JSONNode, sink: DiagnosticSink, timeZone: ICUTimeZone) -> Kind? {
        let mode = r.choice("mode", GameMode.allCases.map(\.rawValue)) ?? "classic"
        let title: ResultSummary.Title
        switch mode {
        case "daily":
            guard let date = r.date("date", required: true, timeZone: timeZone) else { return nil }
            title = .daily(date)
        case "journey":
            guard let level = r.int("level", required: true, in: 0...Int(Int32.max)) else { return nil }
            title = .journey(level: level)
        default:
            title = .classic
        }
        guard let score = r.int("score", required: true, in: 0...Int(Int64.max)),
              let seconds = r.int("seconds", required: true, in: 0...Int(Int32.max)) else { return nil }
        let total = r.int("totalStars", in: 1...99) ?? 3
        let summary = ResultSummary(title: title, score: score, seconds: seconds, stars: r.int("stars", in: 0...total),
                                    totalStars: total, streakDay: r.int("streakDay", in: 1...Int(Int32.max)),
                                    comeBackTomorrow: r.bool("comeBackTomorrow") ?? false)
        return .result(summary, next: r.localized("next"))
    }

    static func readEvent(_ r: ObjectReader, node: JSONNode, sink: DiagnosticSink) -> Kind? {
        guard let event = r.choice("event", ["placed", "linesCleared", "combo", "newRack", "hint", "runEnded"], required: true) else {
            return nil
        }
        switch event {
        case "placed":
            return r.int("score", required: true, in: 0...Int(Int64.max)).map { .event(.placed(score: $0)) }
        case "linesCleared":
            guard let lines = r.int("lines", required: true, in: 1...99), let score = r.int("score", required: true, in: 0...Int(Int64.max))
            else { return nil }
            return .event(.linesCleared(lines: lines, score: score, combo: r.int("combo", in: 0...999) ?? 0))
        case "combo":
            return r.int("combo", required: true, in: 0...999).map { .event(.combo($0)) }
        case "newRack":
            guard let maps = r.array("pieces", required: true) else { return nil }
            let pieces = maps.compactMap { r.piece($0) }
            return pieces.count == maps.count ? .event(.newRack(pieces)) : nil
        case "hint":
            let board = node["board"] == nil ? BlockBoard() : r.blockBoard("board")
            guard let board, let piece = r.piece("piece", required: true),
                  let at = r.position("at", required: true, rows: board.rows, columns: board.columns) else { return nil }
            guard let placement = board.placement(of: piece, at: at) else {
                sink.error("invalid-value", "the piece \(piece.map) does not fit with its top-left corner at row \(at.row), column \(at.column)",
                           at: node["at"]!.start)
                return nil
            }
            return .event(.hint(placement))
        default:
            guard let score = r.int("score", required: true, in: 0...Int(Int64.max)) else { return nil }
            return .event(.runEnded(score: score, newBest: r.bool("newBest") ?? false))
        }
    }
}

/// Collects diagnostics for one file.
final class DiagnosticSink {
    let file: String
    var diagnostics: [Diagnostic] = []
    init(file: String) { self.file = file }

    func error(_ id: String, _ message: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .error, id: id, message: message, file: file, position: position, hint: hint))
    }
}

/// Reads the fields of one JSON object, reporting wrong types, missing and unknown fields.
struct ObjectReader {
    let node: JSONNode
    let sink: DiagnosticSink
    let isObject: Bool

    init(_ node: JSONNode, what: String, sink: DiagnosticSink) {
        self.node = node
        self.sink = sink
        self.isObject = node.members != nil
        if !isObject { sink.error("wrong-type", "\(what) must be a JSON object, not \(node.kindName)", at: node.start) }
    }

    func field(_ key: String, required: Bool) -> JSONNode? {
        guard let value = node[key], !value.isNull else {
            if required {
                let type = node["type"]?.string.map { "a \($0) item" } ?? "this object"
                sink.error("missing-field", "\(type) needs \"\(key)\"", at: node.start)
            }
            return nil
        }
        return value
    }

    func wrongType(_ key: String, _ expected: String, _ value: JSONNode) {
        sink.error("wrong-type", "\"\(key)\" must be \(expected), not \(value.kindName)", at: value.start)
    }

    func string(_ key: String, required: Bool = false) -> String? {
        guard let value = field(key, required: required) else { return nil }
        guard let text = value.string else { wrongType(key, "a string", value); return nil }
        return text
    }

    func string(_ value: JSONNode) -> String? {
        guard let text = value.string else {
            sink.error("wrong-type", "expected a string, not \(value.kindName)", at: value.start)
            return nil
        }
        return text
    }

    func choice(_ key: String, _ allowed: [String], required: Bool = false) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard allowed.contains(text) else {
            sink.error("invalid-value", "\"\(key)\" is one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), not \"\(text)\"",
                       at: node[key]!.start)
            return nil
        }
        return text
    }

    func bool(_ key: String) -> Bool? {
        guard let value = field(key, required: false) else { return nil }
        guard let flag = value.bool else { wrongType(key, "true or false", value); return nil }
        return flag
    }

    func int(_ key: String, required: Bool = false, in range: ClosedRange<Int>) -> Int? {
        guard let value = field(key, required: required) else { return nil }
        return int(value, in: range, name: "\"\(key)\"")
    }

    func int(_ value: JSONNode, in range: ClosedRange<Int>, name: String = "the value") -> Int? {
        guard case .int(let n)? = value.number else {
            sink.error("wrong-type", "\(name) must be a whole number, not \(value.number == nil ? value.kindName : "a fraction")",
                       at: value.start)
            return nil
        }
        guard n >= Int64(range.lowerBound), n <= Int64(range.upperBound) else {
            sink.error("invalid-value", "\(name) must be from \(range.lowerBound) to \(range.upperBound), not \(n)", at: value.start)
            return nil
        }
        return Int(n)
    }

    func array(_ key: String, required: Bool = false) -> [JSONNode]? {
        guard let value = field(key, required: required) else { return nil }
        guard let items = value.array else { wrongType(key, "an array", value); return nil }
        return items
    }

    func localized(_ key: String, required: Bool = false) -> LocalizedText? {
        guard let value = field(key, required: required) else { return nil }
        if let text = value.string { return LocalizedText(text) }
        guard let members = value.members, !members.isEmpty else {
            wrongType(key, "a string or an object of strings by locale, such as {\"en\": \"Hint\", \"ko\": \"힌트\"}", value)
            return nil
        }
        var values: [String: String] = [:]
        for member in members {
            guard let text = member.value.string else {
                sink.error("wrong-type", "each translation of \"\(key)\" must be a string", at: member.value.start)
                continue
            }
            if (try? ICULocale(member.key)) == nil || member.key.contains("_") {
                sink.error("invalid-value", "'\(member.key)' is not a BCP 47 tag such as en or ko", at: member.keyStart)
                continue
            }
            values[member.key] = text
        }
        return LocalizedText(values: values)
    }

    func piece(_ key: String, required: Bool = false) -> Piece? {
        guard let value = field(key, required: required) else { return nil }
        return piece(value)
    }

    func piece(_ value: JSONNode) -> Piece? {
        guard let map = value.string else {
            sink.error("wrong-type", "a piece is a map string such as \"XX/X./X.\", not \(value.kindName)", at: value.start)
            return nil
        }
        do {
            return try Piece(map: map)
        } catch {
            let at = error.column.map { value.position(ofUTF16Offset: utf16Offset(ofScalar: $0 - 1, in: map)) } ?? value.start
            sink.error("invalid-value", error.message, at: at)
            return nil
        }
    }

    func blockBoard(_ key: String, required: Bool = false) -> BlockBoard? {
        guard let rows = array(key, required: required) else { return nil }
        let side = Scenario.maximumBoardSide
        if rows.count > side || rows.contains(where: { ($0.string?.unicodeScalars.count ?? 0) > side }) {
            sink.error("invalid-value", "a board has at most \(side) rows of at most \(side) cells", at: node[key]!.start)
            return nil
        }
        let texts = rows.map { $0.string }
        if let bad = texts.firstIndex(where: { $0 == nil }) {
            sink.error("wrong-type", "each row of a board is a string such as \"..##....\"", at: rows[bad].start)
            return nil
        }
        do {
            return try BlockBoard(map: texts.map { $0! })
        } catch {
            let at: SourcePosition
            if let row = error.row, row <= rows.count {
                at = error.column.map { rows[row - 1].position(ofUTF16Offset: utf16Offset(ofScalar: $0 - 1, in: texts[row - 1]!)) }
                    ?? rows[row - 1].start
            } else {
                at = node[key]!.start
            }
            sink.error("invalid-value", error.message, at: at)
            return nil
        }
    }

    func position(_ key: String, required: Bool = false, rows: Int, columns: Int) -> GridPosition? {
        guard let value = field(key, required: required) else { return nil }
        return position(value, rows: rows, columns: columns)
    }

    func position(_ value: JSONNode, rows: Int, columns: Int) -> GridPosition? {
        guard let pair = value.array, pair.count == 2 else {
            sink.error("wrong-type", "a cell is [row, column], counted from 1, such as [3, 5]", at: value.start)
            return nil
        }
        guard let row = int(pair[0], in: 1...rows, name: "the row"), let column = int(pair[1], in: 1...columns, name: "the column") else {
            return nil
        }
        return GridPosition(row: row, column: column)
    }

    func positions(_ key: String, rows: Int, columns: Int) -> [GridPosition]? {
        guard let items = array(key) else { return nil }
        return items.compactMap { position($0, rows: rows, columns: columns) }
    }

    func date(_ key: String, required: Bool, timeZone: ICUTimeZone) -> ICUDate? {
        guard let value = field(key, required: required) else { return nil }
        let text = value.string ?? value["$date"]?.string
        guard let text else {
            wrongType(key, "an ISO 8601 date such as \"2025-08-26\" (or {\"$date\": \"2025-08-26\"})", value)
            return nil
        }
        do { return try ISODate.parse(text, timeZone: timeZone) } catch {
            sink.error("invalid-value", "\"\(key)\": \(error)", at: value.start)
            return nil
        }
    }

    /// Reports every field not in `known`.
    func finish(known: Set<String>) {
        for member in node.members ?? [] where !known.contains(member.key) {
            let type = node["type"]?.string.map { "a \($0) item" } ?? "a scenario"
            sink.error("unknown-field", "\(type) has no field \"\(member.key)\"", at: member.keyStart,
                       hint: "fields: " + known.filter { $0 != "$schema" }.sorted().joined(separator: ", "))
        }
    }

    func utf16Offset(ofScalar index: Int, in text: String) -> Int {
        text.unicodeScalars.prefix(max(0, index)).reduce(0) { $0 + $1.utf16.count }
    }
}
