import SpeakableDescribers
import SpeakableJSON
import Testing
@testable import SpeakablePreview

/// With `--audio`, the text report puts each element's measured length (its WAV) beside the
/// estimate, and each section its totals.
@Suite struct MeasuredSecondsTests {
    @Test func theTextReportShowsMeasuredSecondsBesideTheEstimate() throws {
        let read = Scenario.read(#"{"items": [{"type": "control", "label": {"en": "Pause", "ko": "일시정지"}}, {"type": "coins", "amount": 9180}]}"#,
                                 file: "test.json")
        let scenario = try #require(read.scenario)
        let preview = try Previewer.preview(PreviewRequest(scenario: scenario, scenarioName: "test.json", locales: ["ko"], platforms: [.voiceOver]))
        let section = try #require(preview.sections.first)
        let first = try #require(section.elements.first)
        let audio = AudioIndex(items: [
            AudioIndex.Item(text: "일시정지, 버튼", locale: "ko", platform: .voiceOver, file: "a.wav", measuredSeconds: 1.44,
                            estimatedSeconds: first.estimatedSeconds, budgetSeconds: nil, section: 0, element: 0),
        ])
        let text = PreviewText.render(preview, colour: false, audio: audio)
        let estimate = PreviewFormat.seconds(first.estimatedSeconds)
        #expect(text.contains("    espeak-ng: 1.4 s measured, \(estimate) estimated\n"), "\(text)")
        #expect(text.contains("(espeak-ng: 1.4 s measured, \(estimate) estimated for the same speech)\n"), "\(text)")
        // Only the element with audio gets the line; without audio the report is as before.
        #expect(text.components(separatedBy: "espeak-ng: ").count == 3)
        #expect(!PreviewText.render(preview, colour: false).contains("measured"))
    }

    @Test func theJSONReportHasMeasuredSecondsAndTheWAVOfEachElementWithAudio() throws {
        let read = Scenario.read(#"{"items": [{"type": "control", "label": {"en": "Pause", "ko": "일시정지"}}, {"type": "coins", "amount": 9180}]}"#,
                                 file: "test.json")
        let scenario = try #require(read.scenario)
        let preview = try Previewer.preview(PreviewRequest(scenario: scenario, scenarioName: "test.json", locales: ["ko"], platforms: [.voiceOver]))
        let audio = AudioIndex(items: [
            AudioIndex.Item(text: "일시정지, 버튼", locale: "ko", platform: .voiceOver, file: "a.wav", measuredSeconds: 1.444,
                            estimatedSeconds: 1, budgetSeconds: nil, section: 0, element: 0),
        ])
        // Read back as JSON, as a consumer reads it.
        let json = try #require(JSONReader.read(PreviewJSON.render(preview, audio: audio).prettyPrinted(), file: "preview.json").root)
        let section = try #require(json["previews"]?.array?.first)
        #expect(section["measuredSeconds"]?.number?.doubleValue == 1.44)
        let elements = try #require(section["elements"]?.array)
        #expect(elements[0]["measuredSeconds"]?.number?.doubleValue == 1.44)
        #expect(elements[0]["audio"]?.string == "a.wav")
        // An element without a WAV says so with null; without audio there is no such field.
        #expect(elements[1]["measuredSeconds"]?.isNull == true)
        let plain = try #require(JSONReader.read(PreviewJSON.render(preview).prettyPrinted(), file: "preview.json").root)
        #expect(plain["previews"]?.array?.first?["measuredSeconds"] == nil)
        #expect(plain["previews"]?.array?.first?["elements"]?.array?.first?["audio"] == nil)
    }
}
