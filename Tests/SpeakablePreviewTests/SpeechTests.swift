import SpeakableCatalog
import SpeakableDescribers
import SpeakableICU
import SpeakableSpeech
import Testing
@testable import SpeakablePreview

/// The composition rules one by one, on hand-made fields (PHRASING.md is the reference).
@Suite struct SpeechTests {
    static let korean = try! ICULocale("ko")
    let en = SpeechComposer(locale: .english)
    let ko = SpeechComposer(locale: SpeechTests.korean)

    func cell(_ row: Int, _ column: Int, grid: String = "g") -> GridPlace {
        GridPlace(grid: grid, row: row, column: column, rows: 9, columns: 9)
    }

    @Test func talkBackSaysOnlyTheCoordinateThatChanged() {
        var memory = FocusMemory()
        let text = TalkBackText(contentDescription: "empty", role: .button, clickLabel: "select the cell")
        func say(_ place: GridPlace?) -> String {
            en.talkBack(text, place: place, memory: &memory, budgets: UtteranceBudgets())[0].text
        }
        #expect(say(cell(3, 4)) == "empty, Button, Row 3, Column 4, In grid, 9 rows, 9 columns")
        #expect(say(cell(3, 5)) == "empty, Button, Column 5")
        #expect(say(cell(4, 5)) == "empty, Button, Row 4")
        #expect(say(cell(5, 6)) == "empty, Button, Row 5, Column 6")
        // The same cell focused again: both (TalkBack repeats them on refocus).
        #expect(say(cell(5, 6)) == "empty, Button, Row 5, Column 6")
        // Another grid is entered afresh.
        #expect(say(cell(5, 6, grid: "other")) == "empty, Button, Row 5, Column 6, In grid, 9 rows, 9 columns")
        // Leaving the grid.
        #expect(say(nil) == "empty, Button, Out of grid")
        #expect(say(nil) == "empty, Button")
    }

    @Test func talkBackOrderIsSelectedStateNameRoleDisabled() {
        var memory = FocusMemory()
        let text = TalkBackText(contentDescription: "Hint", stateDescription: "3 left", role: .button, isSelected: true,
                                isDisabled: true)
        let spoken = en.talkBack(text, place: nil, memory: &memory, budgets: UtteranceBudgets())
        // Disabled: no click action, so no hint.
        #expect(spoken.map(\.text) == ["selected, 3 left, Hint, Button, disabled"])
        #expect(spoken[0].appText == "3 left, Hint")
        let korean = ko.talkBack(text, place: nil, memory: &memory, budgets: UtteranceBudgets())
        #expect(korean.map(\.text) == ["선택됨, 3 left, Hint, 버튼, 사용할 수 없음"])
        var enabled = text
        enabled.isDisabled = false
        let hinted = en.talkBack(enabled, place: nil, memory: &memory, budgets: UtteranceBudgets())
        #expect(hinted.map(\.text) == ["selected, 3 left, Hint, Button", "Double-tap to activate"])
        #expect(hinted[1].pauseBefore == SpeechComposer.hintPause)
    }

    @Test func talkBackHintsComeFromTheClickLabelAndOnlyForWhatIsClickable() {
        var memory = FocusMemory()
        let labelled = TalkBackText(contentDescription: "My Location", role: .button, clickLabel: "hear about your current location")
        #expect(en.talkBack(labelled, place: nil, memory: &memory, budgets: UtteranceBudgets()).last?.text
                == "Double-tap to hear about your current location")
        let koLabelled = TalkBackText(contentDescription: "내 위치", role: .button, clickLabel: "현재 위치 확인")
        #expect(ko.talkBack(koLabelled, place: nil, memory: &memory, budgets: UtteranceBudgets()).last?.text
                == "현재 위치 확인하려면 두 번 탭하세요")
        let plain = TalkBackText(contentDescription: "Best score 110")
        #expect(en.talkBack(plain, place: nil, memory: &memory, budgets: UtteranceBudgets()).map(\.kind) == [.focus])
        let heading = TalkBackText(contentDescription: "Classic", isHeading: true, announcement: "Classic. Choose a piece.")
        #expect(en.talkBack(heading, place: nil, memory: &memory, budgets: UtteranceBudgets()).map(\.text)
                == ["Classic, Heading", "Classic. Choose a piece."])
    }

    @Test func voiceOverSaysLabelValueTraitsThenTheHint() {
        let text = VoiceOverText(label: "Ink", value: "2 of 3 charges", traits: [.button, .selected, .header, .notEnabled, .playsSound],
                                 hint: "Earns a charge.")
        #expect(en.voiceOver(text, budgets: UtteranceBudgets()).map(\.text)
                == ["Ink, 2 of 3 charges, button, selected, heading, dimmed", "Earns a charge."])
        #expect(ko.voiceOver(text, budgets: UtteranceBudgets()).map(\.text)
                == ["Ink, 2 of 3 charges, 버튼, 선택됨, 머리말, 흐리게 표시됨", "Earns a charge."])
        // A value that ends a sentence is not followed by a comma.
        let piece = VoiceOverText(label: "T pointing left", value: "Row 1: gap, block. Row 2: block, block.", traits: .button)
        #expect(en.voiceOver(piece, budgets: UtteranceBudgets())[0].text == "T pointing left, Row 1: gap, block. Row 2: block, block. button")
    }

    @Test func budgetsApplyToTheAppsWordsOnly() {
        var memory = FocusMemory()
        // "given 5" is short; TalkBack's words make the whole long. Only the app's words count.
        let text = TalkBackText(contentDescription: "given 5", role: .button, isSelected: true)
        let spoken = en.talkBack(text, place: cell(1, 1), memory: &memory, budgets: UtteranceBudgets(focus: 1.0))
        let focus = spoken[0]
        #expect(focus.appText == "given 5")
        #expect(focus.appSeconds == SpokenLength.estimate("given 5", locale: .english).seconds)
        #expect(focus.estimatedSeconds > 3 * focus.appSeconds)
        #expect(!focus.isOverBudget)
        #expect(abs(focus.budgetSeconds! - (1.0 + focus.estimatedSeconds - focus.appSeconds)) < 1e-9)
        let tight = en.talkBack(text, place: cell(1, 1), memory: &memory, budgets: UtteranceBudgets(focus: 0.3))[0]
        #expect(tight.isOverBudget)
        // No budget, no flag.
        #expect(!en.activation("Row 1: empty. Row 2: empty. Row 3: empty. Row 4: empty.").isOverBudget)
    }

    /// TalkBack names a grid after its collection node's text (CollectionStateFeedbackUtils:
    /// `in_grid_with_name`, then `template_list_row_count` and `template_list_column_count`,
    /// joined with ", "; `out_of_grid_with_name` on the way out), in English and Korean as its
    /// `strings_compositor.xml` words them.
    @Test func talkBackNamesTheGridItEntersAndLeaves() {
        let text = TalkBackText(contentDescription: "given 5", role: .button, clickLabel: "select the cell")
        let board = GridPlace(grid: "g", row: 1, column: 1, rows: 9, columns: 9, name: "Board, 9 by 9")
        var memory = FocusMemory()
        #expect(en.talkBack(text, place: board, memory: &memory, budgets: UtteranceBudgets())[0].text
                == "given 5, Button, Row 1, Column 1, In grid Board, 9 by 9, 9 rows, 9 columns")
        let button = TalkBackText(contentDescription: "Back", role: .button)
        #expect(en.talkBack(button, place: nil, memory: &memory, budgets: UtteranceBudgets())[0].text
                == "Back, Button, Out of grid Board, 9 by 9")

        // Korean: the name before TalkBack's words ("%1$s 그리드에 있음"), the counts after.
        let korean = GridPlace(grid: "g", row: 1, column: 1, rows: 9, columns: 9, name: "게임판, 행 9개, 열 9개")
        var koMemory = FocusMemory()
        let koText = TalkBackText(contentDescription: "주어진 숫자 5", role: .button, clickLabel: "칸 선택")
        #expect(ko.talkBack(koText, place: korean, memory: &koMemory, budgets: UtteranceBudgets())[0].text
                == "주어진 숫자 5, 버튼, 1행, 1열, 게임판, 행 9개, 열 9개 그리드에 있음, 행 9개, 열 9개")
        #expect(ko.talkBack(TalkBackText(contentDescription: "뒤로", role: .button), place: nil, memory: &koMemory,
                            budgets: UtteranceBudgets())[0].text == "뒤로, 버튼, 게임판, 행 9개, 열 9개 그리드에서 벗어남")
        #expect(ko.phrases.talkBackGridEntered(name: "게임판", rows: 9, columns: 9) == "게임판 그리드에 있음, 행 9개, 열 9개")
        #expect(ko.phrases.talkBackGridLeft(name: "게임판") == "게임판 그리드에서 벗어남")
        // A grid without a name: TalkBack's plain `in_grid` / `out_of_grid`.
        #expect(en.phrases.talkBackGridEntered(name: nil, rows: 1, columns: 2) == "In grid, 1 row, 2 columns")
        #expect(en.phrases.talkBackGridLeft(name: "") == "Out of grid")
        #expect(ko.phrases.talkBackGridLeft(name: nil) == "그리드에서 벗어남")
    }

    /// The board the describers make is the grid's collection node: the preview names the grid
    /// with its content description, in English and Korean.
    @Test func theDescribedBoardNamesItsGrid() throws {
        for (locale, entered, left) in [("en", "In grid Board, 9 by 9, 9 rows, 9 columns", "Out of grid Board, 9 by 9"),
                                        ("ko", "게임판, 행 9개, 열 9개 그리드에 있음, 행 9개, 열 9개", "게임판, 행 9개, 열 9개 그리드에서 벗어남")] {
            let read = Scenario.read(#"""
            {"items": [{"type": "sudokuBoard", "rows": ["5 . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
                        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . ."],
                        "cells": [[1, 1]]},
                       {"type": "control", "label": "Back"}]}
            """#, file: "board.json")
            let preview = try Previewer.preview(PreviewRequest(scenario: try #require(read.scenario), locales: [locale],
                                                               platforms: [.talkBack]))
            let texts = preview.sections[0].elements.map { $0.utterances[0].text }
            #expect(texts[1].hasSuffix(", " + entered), "\(texts[1])")
            #expect(texts[2].hasSuffix(", " + left), "\(texts[2])")
            #expect(preview.sections[0].elements[1].place?.name == texts[0])
        }
    }

    /// What each reader says when the element is activated: TalkBack answers a click with the
    /// node's selected state alone ("selected", 선택됨 — EventTypeViewClickedFeedbackRule);
    /// VoiceOver says "selected" as the element gains the trait.
    @Test func activationSaysSelectedAndNothingElse() {
        var memory = FocusMemory()
        let cell = TalkBackText(contentDescription: "empty", role: .button, clickLabel: "select the cell", selectsOnClick: true)
        let spoken = en.talkBack(cell, place: nil, memory: &memory, budgets: UtteranceBudgets())
        #expect(spoken.map(\.kind) == [.focus, .hint, .activation])
        #expect(spoken.last?.text == "selected")
        #expect(spoken.last?.appText == "")
        // Already selected: the click still finds it selected.
        var selected = cell
        selected.isSelected = true
        #expect(ko.talkBack(selected, place: nil, memory: &memory, budgets: UtteranceBudgets()).last?.text == "선택됨")
        // A button whose click selects nothing: TalkBack says nothing of its own; nor for a disabled one.
        #expect(!en.talkBack(TalkBackText(contentDescription: "Back", role: .button), place: nil, memory: &memory,
                             budgets: UtteranceBudgets()).contains { $0.kind == .activation })
        var disabled = cell
        disabled.isDisabled = true
        #expect(!en.talkBack(disabled, place: nil, memory: &memory, budgets: UtteranceBudgets()).contains { $0.kind == .activation })

        let voiceOverCell = VoiceOverText(label: "Row 3, column 4, empty", traits: .button, hint: "Selects the cell.",
                                          selectsOnActivation: true)
        #expect(en.voiceOver(voiceOverCell, budgets: UtteranceBudgets()).map(\.text)
                == ["Row 3, column 4, empty, button", "Selects the cell.", "selected"])
        #expect(ko.voiceOver(voiceOverCell, budgets: UtteranceBudgets()).last?.text == "선택됨")
        // Already selected: the trait does not change, VoiceOver says nothing more.
        var voiceOverSelected = voiceOverCell
        voiceOverSelected.traits.insert(.selected)
        #expect(!en.voiceOver(voiceOverSelected, budgets: UtteranceBudgets()).contains { $0.kind == .activation })
        // Activation is not part of what focus says: not in the audio, not timed with it.
        let element = SpokenElement(item: 1, type: "sudokuCell", line: 1, title: "", utterances: spoken)
        #expect(element.heard.map(\.kind) == [.focus, .hint])
    }

    @Test func everyPhraseCompilesInEveryKnownLanguage() {
        for language in ["en", "ko"] {
            let phrases = ScreenReaderPhrases(locale: try! ICULocale(language))
            #expect(phrases.isKnown)
            for key in ScreenReaderPhrases.Key.allCases {
                let text = phrases.text(key, ["row": 3, "column": 4, "rows": 1, "columns": 2, "gesture": "g", "label": "l", "name": "n"])
                #expect(!text.isEmpty && !text.contains("{"), "\(language) \(key): \(text)")
            }
        }
        // English plurals: 1 row, 2 columns.
        #expect(ScreenReaderPhrases(locale: .english).talkBackGridEntered(rows: 1, columns: 2) == "In grid, 1 row, 2 columns")
        // Unknown languages get English, and say so.
        let german = ScreenReaderPhrases(locale: try! ICULocale("de"))
        #expect(!german.isKnown)
        #expect(german.talkBackRow(3) == "Row 3")
    }
}

/// The previewer over scenarios: budgets from templates and projects, errors, JSON.
@Suite struct PreviewerTests {
    func preview(_ json: String, locales: [String] = ["en"], platforms: [Platform] = [.voiceOver, .talkBack],
                 catalog: DescriberCatalog = .builtIn, budgets: [Role: Budget] = ProjectConfig().budgets) throws -> Preview {
        let read = Scenario.read(json, file: "test.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics)")
        return try Previewer.preview(PreviewRequest(scenario: scenario, scenarioName: "test.json", catalog: catalog, budgets: budgets,
                                                    locales: locales, platforms: platforms))
    }

    @Test func theTemplatesMaxSecondsIsTheBudgetOfTheirWords() throws {
        // sudoku.cell.label has maxSeconds 4 in Templates/sudoku.json; coins has none (label budget 2.5).
        let result = try preview(#"{"items": [{"type": "sudokuCell", "row": 2, "column": 7, "content": "given", "digit": 4}, {"type": "coins", "amount": 9180}]}"#,
                                 platforms: [.voiceOver])
        let elements = result.sections[0].elements
        #expect(elements[0].utterances[0].appBudgetSeconds == 4)
        #expect(elements[0].utterances[1].kind == .hint)
        #expect(elements[0].utterances[1].appBudgetSeconds == 3.0)
        #expect(elements[1].utterances[0].appBudgetSeconds == 2.5)
        // A project's budgets replace the defaults.
        var budgets = ProjectConfig().budgets
        budgets[.label] = Budget(seconds: 0.5)
        let strict = try preview(#"{"items": [{"type": "coins", "amount": 9180}]}"#, platforms: [.voiceOver], budgets: budgets)
        #expect(strict.sections[0].elements[0].utterances[0].appBudgetSeconds == 0.5)
        #expect(strict.sections[0].elements[0].isOverBudget)
        #expect(strict.sections[0].overBudgetCount == 1)
    }

    @Test func eventsAreAnnouncementsAndDoNotMoveFocus() throws {
        let result = try preview(#"""
        {"items": [{"type": "sudokuCell", "row": 1, "column": 1, "content": "empty"},
                   {"type": "event", "event": "placed", "score": 320},
                   {"type": "sudokuCell", "row": 1, "column": 2, "content": "empty"}]}
        """#, platforms: [.talkBack])
        let elements = result.sections[0].elements
        #expect(elements[1].utterances.map(\.kind) == [.announcement])
        #expect(elements[1].utterances[0].text == "Placed. Score 320.")
        // Still in the grid after the announcement: only the column changed.
        #expect(elements[2].utterances[0].text == "empty, Button, Column 2")
    }

    @Test func standaloneCellsBelongToTheLastBoardOfTheirKind() throws {
        let result = try preview(#"""
        {"items": [{"type": "sudokuBoard", "rows": ["1 .", ". 2"], "cells": [[1, 2]]},
                   {"type": "sudokuCell", "row": 2, "column": 2, "content": "given", "digit": 2},
                   {"type": "blockCell", "row": 1, "column": 1}]}
        """#, platforms: [.talkBack])
        let texts = result.sections[0].elements.map { $0.utterances[0].text }
        // Each grid is named after its board element (the node with collectionInfo); standalone
        // block cells with no board belong to the default 8 × 8 board, "Board, 8 by 8".
        #expect(texts == ["Board, 2 by 2", "empty, Button, Row 1, Column 2, In grid Board, 2 by 2, 2 rows, 2 columns",
                          "given 2, Button, Row 2", "empty, Row 1, Column 1, In grid Board, 8 by 8, 8 rows, 8 columns"])
    }

    @Test func badLocalesAndTimeZonesAreErrorsWithIDs() throws {
        let scenario = Scenario.read(#"{"items": []}"#, file: "x").scenario!
        #expect(throws: PreviewError.self) { try Previewer.preview(PreviewRequest(scenario: scenario, locales: ["not a tag!"])) }
        do {
            _ = try Previewer.preview(PreviewRequest(scenario: scenario, timeZone: "Mars/Olympus"))
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["invalid-time-zone"])
        }
    }

    @Test func jsonCarriesEveryUtteranceWithTimesAndBudgets() throws {
        let result = try preview(#"{"items": [{"type": "control", "label": "Hint", "price": 100}]}"#, platforms: [.talkBack])
        let json = PreviewJSON.render(result).serialized()
        #expect(json.hasPrefix(#"{"scenario":"test.json","pauseBeforeHintSeconds":0.4,"previews":[{"locale":"en","platform":"talkback","hintStyle":"result","screenReaderWordsKnown":true,"#))
        #expect(json.contains(#""utterances":[{"kind":"focus","text":"Hint, 100 O’Coins, Button","pauseBeforeSeconds":0,"#))
        #expect(json.contains(#"{"kind":"hint","text":"Double-tap to activate","pauseBeforeSeconds":0.4,"#))
        #expect(json.contains(#""appText":"Hint, 100 O’Coins","#))
    }

    @Test func theTextListingShowsTimesAndFlags() throws {
        var budgets = ProjectConfig().budgets
        budgets[.label] = Budget(seconds: 0.5)
        let result = try preview(#"{"items": [{"type": "coins", "amount": 9180}]}"#, platforms: [.voiceOver], budgets: budgets)
        let text = PreviewText.render(result, colour: false)
        #expect(text.contains("== VoiceOver · en · 1 elements · "))
        #expect(text.contains("1 over budget =="))
        let seconds = PreviewFormat.seconds(SpokenLength.estimate("9,180 O’Coins", locale: .english).seconds)
        #expect(text.contains("[1] coins\n  " + String(repeating: " ", count: 7 - seconds.count) + seconds + "! 9,180 O’Coins  [app words "))
        #expect(!text.contains("\u{1B}["))
        #expect(PreviewText.render(result, colour: true).contains("\u{1B}[1;31m"))
    }
}
