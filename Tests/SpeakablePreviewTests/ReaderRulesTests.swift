import SpeakableCatalog
import SpeakableDescribers
import SpeakableICU
import SpeakableJSON
import SpeakableSpeech
import Testing
@testable import SpeakablePreview

/// The screen readers' rules in the previewer: the VoiceOver hint rule, jumps in the listed order, what
/// activation says, as text and JSON.
@Suite struct ReaderRulesTests {
    func preview(_ json: String, locales: [String] = ["en"], platforms: [Platform] = [.voiceOver, .talkBack],
                 hintStyle: HintStyle? = nil, includeBoards: Bool = false) throws -> Preview {
        let read = Scenario.read(json, file: "test.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics)")
        return try Previewer.preview(PreviewRequest(scenario: scenario, scenarioName: "test.json", locales: locales,
                                                    platforms: platforms, hintStyle: hintStyle, includeBoards: includeBoards))
    }

    static let location = #"""
    {"items": [{"type": "control", "label": "My Location", "action": "hear about your current location"},
               {"type": "control", "label": "Around Me", "action": "hear about places around you",
                "resultHint": "Describes the places around you."}]}
    """#

    /// VoiceOver never adds "Double tap to …" itself: in the result style, a control with an
    /// action and no result hint has no hint, and the preview says so.
    @Test func voiceOverUsesTheResultHintAndWarnsWithoutOne() throws {
        let result = try preview(Self.location)
        let voiceOver = result.sections[0].elements
        #expect(voiceOver[0].utterances.map(\.text) == ["My Location, button"])
        #expect(voiceOver[0].notes.count == 1)
        #expect(voiceOver[0].notes.first?.contains("no VoiceOver hint") == true)
        #expect(voiceOver[0].notes.first?.contains("hear about your current location") == true)
        #expect(voiceOver[1].utterances.map(\.text) == ["Around Me, button", "Describes the places around you."])
        #expect(voiceOver[1].notes.isEmpty)
        // TalkBack builds its own hint from the click label: nothing to warn about.
        let talkBack = result.sections[1].elements
        #expect(talkBack[0].utterances.last?.text == "Double-tap to hear about your current location")
        #expect(talkBack.allSatisfy { $0.notes.isEmpty })
        // The gesture style makes the sentence from the action: no warning either.
        let gesture = try preview(Self.location, platforms: [.voiceOver], hintStyle: .gesture)
        #expect(gesture.sections[0].elements[0].utterances.last?.text == "Double tap to hear about your current location")
        #expect(gesture.sections[0].elements[0].notes.isEmpty)
        // The listing and the JSON carry the warning.
        let text = PreviewText.render(result, colour: false)
        #expect(text.contains("[1] control My Location\n    1.6 s  My Location, button\n    note: no VoiceOver hint"), "\(text)")
        let json = PreviewJSON.render(result).serialized()
        #expect(json.contains(#""notes":["no VoiceOver hint: the element has an action (“hear about your current location”)"#))
    }

    static let cells = #"""
    {"items": [{"type": "sudokuBoard", "rows": [". . .", ". . .", ". . ."], "cells": [[1, 1], [1, 2], [1, 3], [2, 1], [3, 3]]},
               {"type": "sudokuCell", "row": 2, "column": 2, "content": "empty"},
               {"type": "event", "event": "placed", "score": 10},
               {"type": "sudokuCell", "row": 2, "column": 3, "content": "empty"},
               {"type": "control", "label": "Back"},
               {"type": "sudokuCell", "row": 1, "column": 1, "content": "empty"}]}
    """#

    /// Cells listed next to each other that are not neighbours in a right swipe's row-by-row
    /// order are jumps, and the listing says where a swipe would have gone.
    @Test func cellsThatAreNotNeighboursAreJumps() throws {
        let section = try preview(Self.cells, platforms: [.talkBack]).sections[0]
        let arrivals = section.elements.map(\.arrival)
        #expect(arrivals == [
            .first,                                                                           // the board
            .swipe, .swipe, .swipe, .swipe,                                                   // (1,1) (1,2) (1,3) (2,1)
            .jump(from: GridPosition(row: 2, column: 1), swipeReaches: GridPosition(row: 2, column: 2)),  // (3,3)
            .jump(from: GridPosition(row: 3, column: 3), swipeReaches: nil),                  // (2,2): (3,3) was the last cell
            .announcement,                                                                    // an event does not move focus
            .swipe,                                                                           // (2,3) after (2,2)
            .jump(from: GridPosition(row: 2, column: 3), swipeReaches: GridPosition(row: 3, column: 1)),  // Back: out of the grid early
            .jump(from: nil, swipeReaches: nil),                                              // (1,1): a swipe reaches the board first
        ])
        // What TalkBack says follows the last cell focused however focus got there.
        #expect(section.elements[5].utterances[0].text == "empty, Button, Row 3, Column 3")
        let text = PreviewText.render(Preview(scenarioName: "test.json", sections: [section]), colour: false)
        #expect(text.contains("[1] sudokuBoard row 3, column 3\n    (jump: a right swipe from row 2, column 1 reaches row 2, column 2)\n"), "\(text)")
        #expect(text.contains("(jump: a right swipe from row 3, column 3, the grid's last cell, leaves the grid)"))
        #expect(text.contains("[5] control Back\n    (jump: a right swipe from row 2, column 3 reaches row 3, column 1)\n"))
        let json = PreviewJSON.render(Preview(scenarioName: "test.json", sections: [section])).serialized()
        #expect(json.contains(#""arrival":"jump","jump":"jump: a right swipe from row 2, column 1 reaches row 2, column 2","notes":[]"#))
        #expect(json.contains(#""arrival":"swipe","jump":null"#))
    }

    /// Standalone cells with no board of their own: a swipe from outside enters at row 1, column 1.
    @Test func enteringAGridAnywhereButItsFirstCellIsAJump() throws {
        let section = try preview(#"""
        {"items": [{"type": "control", "label": "Back"}, {"type": "sudokuCell", "row": 1, "column": 1, "content": "empty"},
                   {"type": "control", "label": "Undo"}, {"type": "sudokuCell", "row": 5, "column": 5, "content": "empty"}]}
        """#, platforms: [.voiceOver]).sections[0]
        #expect(section.elements.map(\.arrival) == [
            .first, .swipe, .jump(from: GridPosition(row: 1, column: 1), swipeReaches: GridPosition(row: 1, column: 2)),
            .jump(from: nil, swipeReaches: GridPosition(row: 1, column: 1)),
        ])
    }

    /// Each reader's activation speech, in the listing: TalkBack's "selected" for every Sudoku
    /// cell (the click leaves it selected), VoiceOver's only for a cell that was not selected.
    @Test func theListingShowsWhatADoubleTapSays() throws {
        let result = try preview(#"""
        {"items": [{"type": "sudokuCell", "row": 1, "column": 1, "content": "empty"},
                   {"type": "sudokuCell", "row": 1, "column": 2, "content": "empty", "selected": true}]}
        """#, locales: ["en", "ko"])
        func activation(_ section: Int, _ element: Int) -> [String] {
            result.sections[section].elements[element].utterances.filter { $0.kind == .activation }.map(\.text)
        }
        #expect(activation(0, 0) == ["selected"] && activation(0, 1) == [])        // VoiceOver en
        #expect(activation(1, 0) == ["selected"] && activation(1, 1) == ["selected"])  // TalkBack en
        #expect(activation(2, 0) == ["선택됨"] && activation(3, 1) == ["선택됨"])    // ko
        let text = PreviewText.render(result, colour: false)
        #expect(text.contains("  on double tap: selected\n"))
        #expect(text.contains("  on double tap: 선택됨\n"))
    }
}

/// The page's script composes TalkBack's and VoiceOver's speech from parts as the reviewer moves
/// (PageData): its joining and timing must be the preview's own, for every cell of the demo, in
/// every way focus can arrive, selected or not, with every digit placed.
@Suite struct PageDataTests {
    static let demo = try! Previewer.preview(PreviewRequest(scenario: .demo, includeBoards: true))

    @Test(arguments: [0, 1, 2, 3])
    func composingPartsSaysAndTimesWhatThePreviewDoes(section index: Int) throws {
        let section = Self.demo.sections[index]
        let locale = try ICULocale(section.locale)
        let composer = SpeechComposer(locale: locale)
        let profile = SpokenLength.Profile.forLanguage(locale.language)
        var checked = 0
        for board in section.boards {
            for cell in board.cells {
                var texts = [cell.text] + (cell.toggledText.map { [$0] } ?? [])
                for placement in cell.placements { texts += [placement.text, placement.toggledText] }
                for text in texts {
                    let place = GridPlace(grid: "g", row: cell.row, column: cell.column, rows: board.rows, columns: board.columns,
                                          name: board.name)
                    let transitions: [GridTransition?] = section.platform == .talkBack ? GridTransition.allCases : [nil]
                    for transition in transitions {
                        var parts: [String]
                        let expected: Utterance?
                        switch section.platform {
                        case .voiceOver:
                            parts = composer.voiceOverFocusParts(text.voiceOver).parts
                            expected = composer.voiceOver(text.voiceOver, budgets: cell.budgets).first { $0.kind == .focus }
                        case .talkBack:
                            parts = composer.talkBackFocusParts(text.talkBack).parts + composer.talkBackPlaceParts(place, transition: transition!)
                            expected = composer.talkBack(text.talkBack, place: place, transition: transition, leaving: nil,
                                                         budgets: cell.budgets).first { $0.kind == .focus }
                        }
                        let composed = PartCounts.compose(parts.map { ($0, PartCounts.of($0, locale: locale)) }, profile: profile)
                        #expect(composed.text == expected?.text)
                        #expect(composed.seconds == expected?.estimatedSeconds, "\(composed.text)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 500)
    }

    /// Texts that end a sentence, punctuation alone, numbers next to the joins.
    @Test func awkwardPartsTimeAsTheirJoinedText() throws {
        for (language, parts) in [("en", ["T pointing left", "Row 1: gap, block. Row 2: block.", "button", "—", "9,180", "Row 3"]),
                                  ("ko", ["주어진 숫자 5", "3행", "…", "별 3개 중 2개.", "버튼", "(메모)"])] {
            let locale = try ICULocale(language)
            let profile = SpokenLength.Profile.forLanguage(language)
            for n in 1...parts.count {
                let some = Array(parts.prefix(n))
                let composed = PartCounts.compose(some.map { ($0, PartCounts.of($0, locale: locale)) }, profile: profile)
                #expect(composed.text == SpeechComposer.join(some))
                #expect(composed.seconds == SpokenLength.estimate(composed.text, locale: locale).seconds, "\(composed.text)")
            }
        }
    }

    /// The page stays small: the English demo was 1.1 MB when every cell carried its speech for
    /// every transition, selection and digit.
    @Test func theEnglishDemoPageIsSmall() throws {
        let english = try Previewer.preview(PreviewRequest(scenario: .demo, locales: ["en"], includeBoards: true))
        let page = PreviewPage.html(english, audio: nil, audioDirectory: nil)
        #expect(page.utf8.count < 400_000, "\(page.utf8.count) bytes")
    }

    /// G.711 µ-law, as the page embeds audio: the standard's end points, and close to the sample.
    @Test func muLawIsG711() {
        #expect(PageAudio.muLaw(0) == 0xFF)
        #expect(PageAudio.muLaw(32767) == 0x80)
        #expect(PageAudio.muLaw(-32768) == 0x00)
        func decode(_ byte: UInt8) -> Int {
            let u = ~byte
            let t = ((Int(u & 0x0F) << 3) + 0x84) << Int((u & 0x70) >> 4)
            return u & 0x80 != 0 ? 0x84 - t : t - 0x84
        }
        for sample in stride(from: -32000, through: 32000, by: 997) {
            let back = decode(PageAudio.muLaw(Int16(sample)))
            #expect(abs(back - sample) <= max(8, abs(sample) / 16), "\(sample) -> \(back)")
        }
        let wav = PageAudio.muLawWAV(PCMAudio(sampleRate: 11025, samples: [0, 100, -100]))
        #expect(Array(wav.prefix(4)) == Array("RIFF".utf8) && wav.count == 8 + 50 + 3 + 1)
        #expect(wav[20] == 7 && wav[34] == 8)   // WAVE_FORMAT_MULAW, 8 bits
    }
}
