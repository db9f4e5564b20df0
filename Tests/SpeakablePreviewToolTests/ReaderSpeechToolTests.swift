import Foundation
import Testing

/// `speakable preview` on the command line, as the screen readers speak: a scenario's own `locale`,
/// the grid named as TalkBack names it, jumps and warnings in the listing.
@Suite struct ReaderSpeechToolTests {
    static let scenario = #"""
    {"locale": "ko", "items": [
      {"type": "sudokuCell", "row": 1, "column": 1, "content": "empty"},
      {"type": "sudokuCell", "row": 3, "column": 3, "content": "empty"},
      {"type": "control", "label": {"en": "My Location", "ko": "내 위치"}, "action": {"en": "hear about your current location", "ko": "현재 위치를 확인"}}
    ]}
    """#

    @Test func theScenariosLocaleIsPreviewedUnlessTheCommandLineSaysOtherwise() throws {
        let korean = try Tool.run(["preview", "--scenario", "-"], stdin: Self.scenario)
        #expect(korean.status == 0, "\(korean.error)")
        #expect(korean.output.contains("== VoiceOver · ko · 3 elements"))
        #expect(korean.output.contains("== TalkBack · ko · 3 elements"))
        #expect(!korean.output.contains("· en ·"))
        let english = try Tool.run(["preview", "--scenario", "-", "--locale", "en"], stdin: Self.scenario)
        #expect(english.status == 0)
        #expect(english.output.contains("== TalkBack · en · 3 elements") && !english.output.contains("· ko ·"))
    }

    @Test func theListingNamesTheGridSaysJumpsAndWarns() throws {
        let result = try Tool.run(["preview", "--scenario", "-", "--locale", "en"], stdin: Self.scenario)
        #expect(result.status == 0, "\(result.error)")
        let out = result.output
        // TalkBack names the grid (standalone cells: the default 9 × 9 board's) on the way in and out.
        #expect(out.contains("  empty, Button, Row 1, Column 1, In grid Board, 9 by 9, 9 rows, 9 columns\n"), "\(out)")
        #expect(out.contains("  My Location, Button, Out of grid Board, 9 by 9\n"))
        // Row 3, column 3 is not the next cell after row 1, column 1.
        #expect(out.contains("[2] sudokuCell row 3, column 3\n    (jump: a right swipe from row 1, column 1 reaches row 1, column 2)\n"))
        // What each says on a double tap.
        #expect(out.contains("  on double tap: selected\n"))
        // VoiceOver has no hint for the control: it has an action but no result hint.
        #expect(out.contains("    note: no VoiceOver hint: the element has an action"))
        let json = try Tool.run(["preview", "--scenario", "-", "--locale", "en", "--json"], stdin: Self.scenario)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let previews = try #require(root["previews"] as? [[String: Any]])
        let elements = try #require(previews.first?["elements"] as? [[String: Any]])
        #expect(elements.map { $0["arrival"] as? String } == ["first", "jump", "jump"])
        #expect((elements[2]["notes"] as? [String])?.count == 1)
    }
}
