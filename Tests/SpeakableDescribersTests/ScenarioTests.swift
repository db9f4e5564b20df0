import SpeakableJSON
import Testing
@testable import SpeakableDescribers

/// Every phrase the English seeds quote as something a screen reader says for the app. The other
/// quotes are not ours to produce: "9,180" and "110" (what the apps said before: bare numbers),
/// "Back, button" (VoiceOver's own reading of a Back button, label plus trait — checked in
/// SeedPhraseTests), "Actions available" (VoiceOver's own), "Double tap to …" (the pattern of
/// the last phrase below), "play example" (the name of an onboarding button), "playable with
/// VoiceOver" and "fully accessible" (claims, not UI). seeds/000 and 001 (DailySudoku) quote no
/// spoken phrase; their cells are covered in SudokuTests.
let seedPhrases: [String] = [
    "9,180 O’Coins", "Hint, 100 O’Coins", "Issue 3, locked", "Level 5, 2 of 3 stars", "Level 6, locked", "line of 4 across",
    "2 by 2 square", "one block", "4 blocks, 2 wide by 3 tall. Row 1: block, block. Row 2: block, gap. Row 3: block, gap.",
    "T pointing left", "L, foot at bottom right", "S standing", "corner, open at top left", "Row 3, column 5, empty",
    "Row 3, column 5, filled", "Row 3, column 5, empty, ink cell", "Row 3, column 5, filled, marked to clear",
    "Places the 2 by 2 square covering row 3, columns 5 to 6; row 4, columns 5 to 6; completes row 4.", "Board, 8 by 8",
    "Classic", "Daily, August 26. 4530 points. Time 26 seconds. Day one. Come back tomorrow. Share is next", "Best score 110",
    "Time 38 seconds", "Score 320, combo times 2", "Placed. Score 320.", "Cleared 2 lines. Score 640. Combo times 2.",
    "Empty slot", "Double tap a cell in the gap", "Drag the piece", "Double tap to hear about your current location",
    "hear about your current location", "Does not fit here.",
]

@Suite struct ScenarioTests {
    @Test func theDemoSaysEverySeedPhrase() throws {
        let read = Scenario.read(Scenario.demoText, file: "<demo>")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let report = ScenarioReport(scenario: try #require(read.scenario), describer: english)
        // Soundscape's hint is its own gesture sentence ("Double tap to hear about …"): the
        // gesture style says it; the result style has no hint without a result phrase.
        let gesture = ScenarioReport(scenario: try #require(read.scenario), describer: englishGesture)
        let spoken = Set((report.elements + gesture.elements).flatMap { element in
            [element.voiceOver.label, element.voiceOver.value, element.voiceOver.hint, element.voiceOver.announcement,
             element.text?.talkBack.clickLabel].compactMap { $0 } + element.extras.map(\.value)
        })
        for phrase in seedPhrases {
            // Whole fields, or a whole sentence of one (the piece map follows the piece's name).
            #expect(spoken.contains(phrase) || spoken.contains { $0.hasSuffix(" " + phrase) || $0.hasPrefix(phrase + ". ") },
                    "the demo never says “\(phrase)”")
        }
        let text = report.text(for: .voiceOver)
        #expect(text.contains("    label: Row 2, column 7, given 4\n"))
    }

    @Test func theDemoInKoreanOnTalkBack() throws {
        let report = ScenarioReport(scenario: Scenario.demo, describer: korean)
        let text = report.text(for: .talkBack)
        #expect(text.contains("    contentDescription: 오코인 9,180개\n"))
        #expect(text.contains("    clickLabel: 현재 위치를 확인\n"))
        #expect(text.contains("    contentDescription: 힌트, 오코인 100개\n"))
        #expect(text.contains("    contentDescription: 일일 도전, 8월 26일. 4530점. 시간 26초. 연속 1일째. 내일 다시 도전하세요. 다음 항목: 공유\n"))
        #expect(!text.contains("Hint"))
    }

    @Test func jsonReportsTheFieldsOfOnePlatform() throws {
        let read = Scenario.read(#"{"locale": "ko", "items": [{"type": "sudokuCell", "row": 2, "column": 7, "content": "given", "digit": 4, "selected": true}]}"#,
                                 file: "cell.json")
        let scenario = try #require(read.scenario)
        #expect(scenario.locale == "ko")
        let json = ScenarioReport(scenario: scenario, describer: korean).json(for: .talkBack).serialized()
        #expect(json == #"{"locale":"ko","platform":"talkback","hintStyle":"result","elements":[{"item":1,"type":"sudokuCell","line":1,"title":"row 2, column 7","contentDescription":"주어진 숫자 4","role":"Button","selected":true,"collectionItemInfo":{"rowIndex":1,"columnIndex":6},"clickLabel":"칸을 선택"}]}"#)
    }

    @Test func everyProblemIsReportedWithItsPlace() {
        let text = """
        {
          "locale": "ko",
          "items": [
            {"type": "sudokuCel", "row": 1},
            {"type": "piece", "map": "XX/XQ"},
            {"type": "level", "stars": 2},
            {"type": "blockBoard", "rows": ["....", "..?."]},
            {"type": "coins", "amount": 1.5, "colour": "gold"},
            {"type": "event", "event": "hint", "piece": "XX/XX", "at": [8, 8]}
          ]
        }
        """
        let read = Scenario.read(text, file: "bad.json")
        #expect(read.scenario == nil)
        let found = read.diagnostics.map { "\($0.position?.description ?? "-") \($0.id)" }
        // Columns in Unicode scalars: the type's value, the Q in the map, the item, the ? in the row,
        // the fraction, the unknown key, the [8, 8] where a 2 × 2 square cannot start.
        #expect(found == ["4:14 unknown-item-type", "5:35 invalid-value", "6:5 missing-field", "7:48 invalid-value",
                          "8:33 wrong-type", "8:38 unknown-field", "9:64 invalid-value"], "\(read.diagnostics.map(\.rendered))")
        #expect(read.diagnostics.allSatisfy { $0.file == "bad.json" && !$0.message.isEmpty })
        #expect(Scenario.read("{\"items\": [", file: "cut.json").diagnostics.first?.id == "json-syntax")
        #expect(Scenario.read("[]", file: "a.json").diagnostics.first?.id == "wrong-type")
    }

    @Test func sudokuBoardTokens() throws {
        let read = Scenario.read(#"{"items": [{"type": "sudokuBoard", "rows": ["5 +4 !2", ". n13 .", "7 . 9"], "selected": [2, 2]}]}"#,
                                 file: "s.json")
        let report = ScenarioReport(scenario: try #require(read.scenario), describer: english)
        #expect(report.elements.map(\.voiceOver.label) == [
            "Board, 3 by 3", "Row 1, column 1, given 5", "Row 1, column 2, 4", "Row 1, column 3, 2, error", "Row 2, column 1, empty",
            "Row 2, column 2, notes 1, 3", "Row 2, column 3, empty", "Row 3, column 1, given 7", "Row 3, column 2, empty",
            "Row 3, column 3, given 9",
        ])
        #expect(report.elements[5].voiceOver.traits.contains(.selected))
        let bad = Scenario.read(#"{"items": [{"type": "sudokuBoard", "rows": ["5 x"]}]}"#, file: "s.json")
        #expect(bad.diagnostics.map(\.id) == ["invalid-value"])
        // Size limits are errors, not endless output.
        let wide = String(repeating: ". ", count: 100)
        #expect(Scenario.read(#"{"items": [{"type": "sudokuBoard", "rows": ["# + "\"\(wide)\"]}]}", file: "s.json").diagnostics.map(\.id)
                == ["invalid-value"])
        let tall = Array(repeating: "\".\"", count: 100).joined(separator: ",")
        #expect(Scenario.read(#"{"items": [{"type": "blockBoard", "rows": ["# + tall + "]}]}", file: "b.json").diagnostics.map(\.id)
                == ["invalid-value"])
        #expect(Scenario.read(#"{"items": [{"type": "sudokuBoard", "rows": []}]}"#, file: "s.json").diagnostics.map(\.id)
                == ["invalid-value"])
    }
}
