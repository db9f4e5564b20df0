import Foundation
import SpeakableCatalog
import SpeakableJSON
import SpeakableTestSupport
import Testing
@testable import SpeakableDescribers

/// A team's own screens: scenario items that name the project's messages (`element`,
/// `announcement`, `grid`), checked against the project at the scenario's line and column, and a
/// project previewing itself without a scenario.
@Suite struct OwnScreenTests {
    /// The starter's messages (what `speakable init` writes), with Korean.
    static let project: Project = {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-own-screen-\(UInt64.random(in: 0...UInt64.max))"
        let files = [
            "speakable.json": #"{"sourceLocale": "en", "targetLocales": ["ko"]}"#,
            "Templates/game.json": #"""
            {"messages": {
              "level.label": {"role": "label", "message": "Level {level}", "examples": [{"level": 5}]},
              "level.stars": {"role": "value", "message": "{stars} of {total, plural, one {# star} other {# stars}}",
                              "examples": [{"stars": 2, "total": 3}, {"stars": 1, "total": 1}]},
              "level.play.hint": {"role": "hint", "message": "Starts the level."},
              "level.play.action": {"role": "action", "message": "start the level"},
              "board.mode": {"role": "label", "message": "{mode, select, easy {Easy} other {Hard}} board"},
              "lines.cleared": {"role": "announcement", "message": "Cleared {lines, plural, one {# line} other {# lines}}. Score {score}.",
                                "examples": [{"lines": 2, "score": 640}]}
            }}
            """#,
            "Locales/ko/game.json": #"""
            {"level.label": "{level}단계", "level.stars": "별 {total}개 중 {stars}개", "level.play.hint": "단계를 시작합니다.",
             "level.play.action": "단계를 시작", "board.mode": "{mode, select, easy {쉬움} other {어려움}} 게임판",
             "lines.cleared": "{lines}줄 지움. 점수 {score}점."}
            """#,
        ]
        for (path, text) in files {
            let full = root + "/" + path
            try! FileManager.default.createDirectory(atPath: String(full[..<full.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try! Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return ProjectLoader.load(directory: root)
    }()

    static var catalog: DescriberCatalog { DescriberCatalog.builtIn.overriding(with: DescriberCatalog(project: project)) }

    static func describer(_ locale: String, _ style: HintStyle = .result) throws -> Describer {
        try Describer(locale: locale, hintStyle: style, catalog: catalog)
    }

    @Test func anElementTakesEachFieldFromAMessage() throws {
        let read = Scenario.read(#"""
        {"items": [{"type": "element", "title": "Level 5",
          "label": {"message": "level.label", "args": {"level": 5}},
          "value": {"message": "level.stars", "args": {"stars": 2, "total": 3}},
          "hint": {"message": "level.play.hint"}, "action": {"message": "level.play.action"},
          "traits": ["button"], "selected": true}]}
        """#, file: "s.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics.map(\.rendered))")
        #expect(scenario.check(against: Self.catalog, file: "s.json").isEmpty)
        let text = try #require(ScenarioReport(scenario: scenario, describer: try Self.describer("en")).elements.first?.text)
        #expect(text.voiceOver == VoiceOverText(label: "Level 5", value: "2 of 3 stars", traits: [.button, .selected], hint: "Starts the level."))
        #expect(text.talkBack == TalkBackText(contentDescription: "Level 5", stateDescription: "2 of 3 stars", role: .button, isSelected: true,
                                              clickLabel: "start the level"))
        // Gesture style: VoiceOver's hint is the sentence made from the action.
        let gesture = try #require(ScenarioReport(scenario: scenario, describer: try Self.describer("en", .gesture)).elements.first?.text)
        #expect(gesture.voiceOver.hint == "Double tap to start the level")
        let korean = try #require(ScenarioReport(scenario: scenario, describer: try Self.describer("ko")).elements.first?.text)
        #expect(korean.voiceOver.label == "5단계")
        #expect(korean.voiceOver.value == "별 3개 중 2개")
        #expect(korean.talkBack.clickLabel == "단계를 시작")
    }

    @Test func anAnnouncementAndAGridOfCells() throws {
        let read = Scenario.read(#"""
        {"items": [
          {"type": "announcement", "message": "lines.cleared", "args": {"lines": 1, "score": 120}},
          {"type": "grid", "label": {"en": "Levels", "ko": "단계 목록"}, "rows": 2, "columns": 2,
           "cell": {"label": {"message": "level.label"}, "value": {"message": "level.stars", "args": {"total": 3}}, "traits": ["button"]},
           "cells": [{"row": 1, "column": 2, "args": {"level": 2, "stars": 1}}, {"row": 1, "column": 1, "args": {"level": 1, "stars": 3}}],
           "selected": [1, 2]}
        ]}
        """#, file: "s.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics.map(\.rendered))")
        // The unlisted cells (row 2) are made from `cell` with only their row and column: level.label needs {level}.
        let problems = scenario.check(against: Self.catalog, file: "s.json")
        #expect(problems.map(\.id).contains("missing-argument"))
        let report = ScenarioReport(scenario: scenario, describer: try Self.describer("en"))
        #expect(report.elements.map(\.title) == ["lines.cleared", "grid", "row 1, column 2", "row 1, column 1"])
        #expect(report.elements[0].extras.map(\.value) == ["Cleared 1 line. Score 120."])
        // The team's label is the grid's name as written (TalkBack adds the rows and columns itself).
        #expect(report.elements[1].text?.voiceOver.label == "Levels")
        #expect(report.elements[1].text?.talkBack.contentDescription == "Levels")
        #expect(report.elements[1].text?.talkBack.collectionInfo == GridSize(rows: 2, columns: 2))
        let second = try #require(report.elements[2].text)
        #expect(second.voiceOver.label == "Level 2")
        #expect(second.voiceOver.value == "1 of 3 stars")
        #expect(second.voiceOver.traits == [.button, .selected])
        #expect(second.talkBack.collectionItemInfo == CollectionItemInfo(rowIndex: 0, columnIndex: 1))
        #expect(report.elements[3].text?.talkBack.isSelected == false)
    }

    @Test func aCellsArgumentsOverrideTheGridsSharedOnesButNotAFieldOfItsOwn() throws {
        let read = Scenario.read(#"""
        {"items": [{"type": "grid", "rows": 1, "columns": 3,
          "cell": {"label": {"message": "level.label", "args": {"level": 0}}, "value": {"message": "level.stars", "args": {"total": 3, "stars": 0}}},
          "cells": [{"row": 1, "column": 1, "args": {"level": 1, "stars": 3}},
                    {"row": 1, "column": 2, "args": {"level": 2}},
                    {"row": 1, "column": 3, "args": {"level": 3}, "label": {"message": "level.label", "args": {"level": 9}}}]}]}
        """#, file: "s.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics.map(\.rendered))")
        #expect(scenario.check(against: Self.catalog, file: "s.json").isEmpty)
        let report = ScenarioReport(scenario: scenario, describer: try Self.describer("en"))
        // Without a label the grid is the board's own frame.
        #expect(report.elements[0].text?.voiceOver.label == "Board, 1 by 3")
        // A cell's args win over the shared `cell` args; a field the cell writes itself keeps its own.
        #expect(report.elements.dropFirst().map { $0.text?.voiceOver.label } == ["Level 1", "Level 2", "Level 9"])
        #expect(report.elements.dropFirst().map { $0.text?.voiceOver.value } == ["3 of 3 stars", "0 of 3 stars", "0 of 3 stars"])
    }

    @Test func aProblemOfTheSharedCellIsReportedOnceNamingTheCells() throws {
        // A 2 × 3 grid that lists one cell: the five others are drawn from `cell`, which gives no {level}.
        let read = Scenario.read(#"""
        {"items": [{"type": "grid", "rows": 2, "columns": 3, "cell": {"label": {"message": "level.label"}},
          "cells": [{"row": 1, "column": 1, "args": {"level": 1}}]}]}
        """#, file: "s.json")
        let scenario = try #require(read.scenario)
        let found = scenario.check(against: Self.catalog, file: "s.json")
        #expect(found.count == 1, "\(found.map(\.rendered))")
        #expect(found.first?.id == "missing-argument")
        #expect(found.first?.message == "'level.label' uses {level}, which is not given (in row 1, column 2; row 1, column 3 and 3 more cells)")
        #expect(found.first?.hint?.contains("list every cell") == true)
    }

    @Test func anUnknownMessageWithoutAProjectSaysHowToGiveOne() throws {
        let scenario = try #require(Scenario.read(#"{"items": [{"type": "element", "label": {"message": "zzz.qqq"}}]}"#, file: "s.json").scenario)
        let found = scenario.check(against: DescriberCatalog.builtIn, file: "s.json", projectGiven: false)
        #expect(found.map(\.id) == ["unknown-message"])
        #expect(found.first?.hint?.contains("--project") == true)
    }

    @Test func anElementThatSelectsOnActivationSaysSo() throws {
        let read = Scenario.read(#"""
        {"items": [{"type": "element", "label": {"message": "level.label", "args": {"level": 2}}, "selectsOnActivation": true},
                   {"type": "grid", "rows": 1, "columns": 1, "cell": {"label": {"message": "level.label", "args": {"level": 1}}, "selectsOnActivation": true}}]}
        """#, file: "s.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics.map(\.rendered))")
        let report = ScenarioReport(scenario: scenario, describer: try Self.describer("en"))
        #expect(report.elements[0].text?.voiceOver.selectsOnActivation == true)
        #expect(report.elements[2].text?.voiceOver.selectsOnActivation == true)
    }

    @Test func messageProblemsAreReportedAtTheScenariosLineAndColumn() throws {
        let text = """
        {"items": [
          {"type": "element", "label": {"message": "level.lable", "args": {"level": 5}}},
          {"type": "element", "label": {"message": "level.stars", "args": {"stars": 2, "total": "three"}}},
          {"type": "element", "label": {"message": "board.mode", "args": {"mode": 3, "size": 9}}},
          {"type": "announcement", "message": "lines.cleared", "args": {"lines": 1, "score": 5, "when": {"$date": "2025-08-26"}}},
          {"type": "element", "label": {"message": "level.label"}}
        ]}
        """
        let scenario = try #require(Scenario.read(text, file: "bad.json").scenario)
        let found = scenario.check(against: Self.catalog, file: "bad.json")
        // Columns: the key's value; the value of the argument; the "args" object, or the reference
        // when it has none. ({stars} alone is untyped in level.stars: any value will do.)
        #expect(found.map { "\($0.position?.description ?? "-") \($0.severity.rawValue) \($0.id)" } == [
            "2:44 error unknown-message",
            "3:89 error wrong-argument-type",
            "4:75 error wrong-argument-type", "4:86 warning unknown-argument",
            "5:97 warning unknown-argument",
            "6:32 error missing-argument",
        ], "\(found.map(\.rendered))")
        #expect(found[0].hint == "did you mean 'level.label'?")
        #expect(found[1].message == "'level.stars': {total} takes a number, not the text \"three\"")
        #expect(found[2].message == "'board.mode': {mode} takes text (one of its cases), not the number 3")
        #expect(found[2].hint == "such as \"mode\": \"easy\"")
        #expect(found[5].message == "'level.label' uses {level}, which is not given")
        #expect(found.allSatisfy { $0.file == "bad.json" })
    }

    @Test func aProjectPreviewsItselfEveryMessageByItsRoleWithEachExample() throws {
        let scenario = Scenario.preview(of: Self.project)
        // In the template's order.
        #expect(scenario.items.map { $0.title ?? "" } == [
            "level.label", "level.stars (example 1)", "level.stars (example 2)", "level.play.hint", "level.play.action",
            "board.mode (sample arguments)", "lines.cleared",
        ])
        #expect(scenario.items.map(\.type) == ["element", "element", "element", "element", "element", "element", "announcement"])
        #expect(scenario.check(against: Self.catalog, file: "<project>").isEmpty)
        let english = ScenarioReport(scenario: scenario, describer: try Self.describer("en"))
        #expect(english.elements[0].voiceOver.label == "Level 5")
        #expect(english.elements[1].voiceOver.value == "2 of 3 stars")
        #expect(english.elements[2].voiceOver.value == "1 of 1 star")
        #expect(english.elements[3].voiceOver.hint == "Starts the level.")
        #expect(english.elements[4].text?.talkBack.clickLabel == "start the level")
        #expect(english.elements[5].voiceOver.label == "Easy board")
        #expect(english.elements[6].extras.map(\.value) == ["Cleared 2 lines. Score 640."])
        let korean = ScenarioReport(scenario: scenario, describer: try Self.describer("ko"))
        #expect(korean.elements.map { $0.voiceOver.label + ($0.voiceOver.value ?? "") }.prefix(3) == ["5단계", "별 3개 중 2개", "별 1개 중 1개"])
        #expect(korean.elements[5].voiceOver.label == "쉬움 게임판")
        #expect(korean.elements[6].extras.map(\.value) == ["2줄 지움. 점수 640점."])
        // A scenario that names some of them: a note lists the others.
        let partial = try #require(Scenario.read(#"{"items": [{"type": "element", "label": {"message": "level.label", "args": {"level": 1}}}]}"#,
                                                 file: "p.json").scenario)
        let note = try #require(partial.unusedMessages(of: Self.project, file: "p.json"))
        #expect(note.severity == .note)
        #expect(note.id == "unused-message")
        #expect(note.message == "5 of the project's 6 messages are not in the scenario: 'level.stars', 'level.play.hint', 'level.play.action', 'board.mode', 'lines.cleared'")
        #expect(scenario.unusedMessages(of: Self.project, file: "<project>") == nil)
    }

    /// Hostile text in a scenario — the app's own text and a message's string argument — reads
    /// back as exactly that text (the scenario is JSON: every string arrives through the JSON
    /// reader), and nothing in it changes which fields an element has.
    @Test func hostileTextInAScenarioIsTheElementsText() throws {
        let corpus = HostileStrings.generate(count: 300)
        var items: [JSONValue] = []
        for text in corpus {
            items.append(.object([("type", .string("element")), ("label", .string(text)),
                                  ("value", .object([("message", .string("level.label")), ("args", .object([("level", .string(text))]))]))]))
        }
        let json = JSONValue.object([("items", .array(items))]).serialized()
        let read = Scenario.read(json, file: "hostile.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics.prefix(3).map(\.rendered))")
        #expect(scenario.check(against: Self.catalog, file: "hostile.json").isEmpty)
        let report = ScenarioReport(scenario: scenario, describer: try Self.describer("en"))
        #expect(report.elements.count == corpus.count)
        for (element, text) in zip(report.elements, corpus) {
            #expect(element.voiceOver.label.unicodeScalars.elementsEqual(text.unicodeScalars))
            #expect(element.voiceOver.value.map { Array($0.unicodeScalars) } == Array(("Level " + text).unicodeScalars))
            #expect(element.text?.talkBack.clickLabel == nil && element.voiceOver.hint == nil)
        }
    }

    @Test func fieldsThatAreNotMessagesOrTraitsAreRefused() {
        let read = Scenario.read("""
        {"items": [
          {"type": "element", "label": {"message": 5}},
          {"type": "element", "label": "Menu", "traits": ["buton"]},
          {"type": "grid", "rows": 2, "columns": 2, "cell": {"label": "x"}, "cells": [{"row": 3, "column": 1}]},
          {"type": "announcement"}
        ]}
        """, file: "bad.json")
        #expect(read.scenario == nil)
        #expect(read.diagnostics.map { "\($0.position?.description ?? "-") \($0.id)" } == [
            "2:44 wrong-type", "3:51 invalid-value", "4:87 invalid-value", "5:3 missing-field",
        ], "\(read.diagnostics.map(\.rendered))")
    }
}
