public import SpeakableCatalog
@_spi(Recording) public import SpeakableDescribers
public import SpeakableDiagnostics
import SpeakableICU

/// What to preview, and how.
///
/// ```swift
/// var request = PreviewRequest(scenario: .demo)
/// request.locales = ["en", "ko"]
/// request.platforms = [.voiceOver, .talkBack]
/// let preview = try Previewer.preview(request)
/// print(PreviewText.render(preview, colour: false))
/// ```
public struct PreviewRequest: Sendable {
    public var scenario: Scenario
    /// Shown in reports ("<demo>", the scenario file).
    public var scenarioName: String
    /// The messages: the built-in catalog, or it overridden by a project's.
    public var catalog: DescriberCatalog
    /// Spoken-length budgets by role (`speakable.json`'s `budgets`).
    public var budgets: [Role: Budget]
    /// BCP 47 tags, in the order to show them.
    public var locales: [String]
    public var platforms: [Platform]
    /// How VoiceOver hints are phrased (nil: the scenario's `hintStyle`, else `.result`).
    public var hintStyle: HintStyle?
    /// Where dates are shown (nil: the scenario's `timeZone`, else UTC).
    public var timeZone: String?
    /// Also describe every cell of every board (for the web page).
    public var includeBoards: Bool

    public init(scenario: Scenario, scenarioName: String = "<demo>", catalog: DescriberCatalog = .builtIn,
                budgets: [Role: Budget] = ProjectConfig().budgets, locales: [String] = ["en", "ko"],
                platforms: [Platform] = [.voiceOver, .talkBack], hintStyle: HintStyle? = nil, timeZone: String? = nil,
                includeBoards: Bool = false) {
        self.scenario = scenario
        self.scenarioName = scenarioName
        self.catalog = catalog
        self.budgets = budgets
        self.locales = locales
        self.platforms = platforms
        self.hintStyle = hintStyle
        self.timeZone = timeZone
        self.includeBoards = includeBoards
    }
}

/// Why a preview could not be made: a bad locale or time zone, or catalog messages the
/// describers cannot use — each with its file, line, column and stable id.
public struct PreviewError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]
    public var description: String { diagnostics.map(\.rendered).joined(separator: "\n") }
}

/// Renders a scenario as each screen reader speaks it, element by element, per locale.
public enum Previewer {
    /// Describes every item in every locale and composes what VoiceOver and TalkBack say.
    public static func preview(_ request: PreviewRequest) throws(PreviewError) -> Preview {
        let hintStyle = request.hintStyle ?? request.scenario.hintStyle ?? .result
        let zoneName = request.timeZone ?? request.scenario.timeZone ?? "UTC"
        let zone: ICUTimeZone
        do { zone = try ICUTimeZone(zoneName) } catch {
            throw PreviewError(diagnostics: [Diagnostic(severity: .error, id: "invalid-time-zone",
                                                        message: "'\(zoneName)' is not a time zone ICU knows, such as UTC or Asia/Seoul")])
        }
        var sections: [PreviewSection] = []
        for tag in request.locales {
            let locale: ICULocale
            do { locale = try ICULocale(tag) } catch {
                throw PreviewError(diagnostics: [Diagnostic(severity: .error, id: "invalid-locale",
                                                            message: "'\(tag)' is not a BCP 47 language tag such as en or ko")])
            }
            let recorder = FormatRecorder()
            let describer: Describer
            do {
                describer = try Describer(locale: locale, hintStyle: hintStyle, timeZone: zone, catalog: request.catalog,
                                          recorder: recorder)
            } catch {
                throw PreviewError(diagnostics: error.diagnostics)
            }
            sections += LocalePreview(request: request, describer: describer, recorder: recorder).sections()
        }
        return Preview(scenarioName: request.scenarioName, sections: sections)
    }
}

/// One locale's work: every item described once, then spoken by each platform.
struct LocalePreview {
    let request: PreviewRequest
    let describer: Describer
    let recorder: FormatRecorder
    let composer: SpeechComposer
    /// Each grid's name (ElementAnnotations.swift), by grid id.
    let gridNames: [String: String]

    init(request: PreviewRequest, describer: Describer, recorder: FormatRecorder) {
        self.request = request
        self.describer = describer
        self.recorder = recorder
        self.composer = SpeechComposer(locale: describer.locale)
        self.gridNames = Self.gridNames(of: request.scenario, describer: describer)
    }

    /// A described item: its report elements and the budgets of the messages it used.
    struct DescribedItem {
        let index: Int
        let item: Scenario.Item
        let elements: [ScenarioReport.Element]
        let budgets: UtteranceBudgets
        /// The grid its cells belong to, with the grid's size.
        let grid: (id: String, rows: Int, columns: Int)?
        /// The project's messages the item names that have no translation into the preview's
        /// locale (the source text is spoken instead).
        var untranslated: [String] = []
    }

    func sections() -> [PreviewSection] {
        let items = describeItems()
        return request.platforms.map { platform in
            var memory = FocusMemory()
            var elements: [SpokenElement] = []
            for described in items {
                for (index, element) in described.elements.enumerated() {
                    var spoken = speak(element, of: described, platform: platform, memory: &memory)
                    if index == 0, !described.untranslated.isEmpty {
                        spoken.notes.append(untranslatedNote(described.untranslated))
                    }
                    elements.append(spoken)
                }
            }
            let boards = request.includeBoards ? self.boards(items, platform: platform) : []
            return PreviewSection(locale: describer.locale.languageTag, platform: platform, hintStyle: describer.hintStyle,
                                  screenReaderWordsKnown: composer.phrases.isKnown, elements: elements, boards: boards)
        }
    }

    func describeItems() -> [DescribedItem] {
        var result: [DescribedItem] = []
        // The last board of each kind: standalone cells are cells of it (else of a default board).
        var boards: [String: (id: String, rows: Int, columns: Int)] = ["sudoku": ("sudoku", 9, 9), "block": ("block", 8, 8)]
        var single = request.scenario
        for (index, item) in request.scenario.items.enumerated() {
            single.items = [item]
            recorder.reset()
            let report = ScenarioReport(scenario: single, describer: describer)
            let keys = Set(recorder.recorded.map(\.key))
            var grid: (id: String, rows: Int, columns: Int)?
            switch item.kind {
            case .sudokuBoard(let board, _):
                boards["sudoku"] = ("item\(index + 1)", board.rows, board.columns)
                grid = boards["sudoku"]
            case .blockBoard(let board, _, _):
                boards["block"] = ("item\(index + 1)", board.rows, board.columns)
                grid = boards["block"]
            case .sudokuCell: grid = boards["sudoku"]
            case .blockCell: grid = boards["block"]
            case .grid(let spec): grid = ("item\(index + 1)", spec.rows, spec.columns)
            default: grid = nil
            }
            // The project's messages the item names count as formatted (their `maxSeconds`).
            let named = Set(single.messageReferences.map(\.key))
            var described = DescribedItem(index: index + 1, item: item, elements: report.elements,
                                          budgets: budgets(for: keys.union(named)), grid: grid)
            described.untranslated = untranslated(named)
            result.append(described)
        }
        return result
    }

    /// The keys among `keys` that the preview's locale has no translation of, sorted: the
    /// catalog falls back to the source text.
    func untranslated(_ keys: Set<String>) -> [String] {
        let catalog = request.catalog
        let language = describer.locale.languageTag.split(separator: "-").first.map(String.init) ?? ""
        guard language != catalog.sourceLocale.split(separator: "-").first.map(String.init) else { return [] }
        return keys.filter { catalog.text(for: $0, locale: describer.locale)?.tag == catalog.sourceLocale }.sorted()
    }

    func untranslatedNote(_ keys: [String]) -> String {
        let shown = keys.count <= 3 ? keys.map { "'\($0)'" }.joined(separator: ", ")
            : keys.prefix(2).map { "'\($0)'" }.joined(separator: ", ") + " and \(keys.count - 2) more"
        return "untranslated: \(shown) \(keys.count == 1 ? "has" : "have") no \(describer.locale.languageTag) translation; "
            + "the \(request.catalog.sourceLocale) text is spoken instead"
    }

    /// The budgets of an item's words: the largest `maxSeconds` among the messages of each kind
    /// it formatted, else the role's budget from the project.
    func budgets(for keys: Set<String>) -> UtteranceBudgets {
        func largest(_ roles: Set<Role>) -> Double? {
            keys.compactMap { key -> Double? in
                guard let entry = request.catalog.entries[key], roles.contains(entry.role) else { return nil }
                return entry.maxSeconds
            }.max()
        }
        return UtteranceBudgets(
            focus: largest([.label, .value, .text]) ?? request.budgets[.label]?.seconds,
            hint: largest([.hint, .action]) ?? request.budgets[.hint]?.seconds,
            announcement: largest([.announcement]) ?? request.budgets[.announcement]?.seconds)
    }

    func place(of text: AccessibleText?, in described: DescribedItem) -> GridPlace? {
        guard let info = text?.talkBack.collectionItemInfo, let grid = described.grid else { return nil }
        return GridPlace(grid: grid.id, row: info.rowIndex + 1, column: info.columnIndex + 1, rows: grid.rows, columns: grid.columns,
                         name: gridNames[grid.id])
    }

    func speak(_ element: ScenarioReport.Element, of described: DescribedItem, platform: Platform,
               memory: inout FocusMemory) -> SpokenElement {
        var utterances: [Utterance] = []
        var fromGrid: [Utterance]?
        if let text = element.text {
            switch platform {
            case .voiceOver: utterances = composer.voiceOver(text.voiceOver, budgets: described.budgets)
            case .talkBack:
                let place = place(of: text, in: described)
                utterances = composer.talkBack(text.talkBack, place: place, memory: &memory, budgets: described.budgets)
                if place == nil {
                    fromGrid = composer.talkBack(text.talkBack, place: nil, transition: nil, leavingGrid: true,
                                                 budgets: described.budgets)
                }
            }
        }
        func withExtras(_ base: [Utterance]) -> [Utterance] {
            var utterances = base
            for extra in element.extras {
                switch extra.name {
                case "announcement":
                    var announcement = composer.announcement(extra.value, budgets: described.budgets)
                    if !utterances.isEmpty { announcement.pauseBefore = SpeechComposer.hintPause }
                    utterances.append(announcement)
                case "reading":
                    utterances.append(composer.activation(extra.value))
                default:
                    break  // a piece's name, description and shape: data, not speech
                }
            }
            return utterances
        }
        return annotated(SpokenElement(item: described.index, type: element.type, line: element.line, title: element.title,
                                       utterances: withExtras(utterances), fromGrid: fromGrid.map(withExtras)),
                         text: element.text, described: described, platform: platform)
    }
}
