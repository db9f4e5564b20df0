import FoundationEssentials
import SpeakableDescribers
import Testing
@testable import SpeakablePreview

/// The demo's speech order, per platform and locale, against golden files written from
/// PHRASING.md and the seeds (Snapshots/README.md says how).
@Suite struct GoldenTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// A section as the golden files write it: what is said, in order, without times.
    static func speechOrder(_ section: PreviewSection) -> String {
        var out = ""
        for element in section.elements {
            out += "[\(element.item)] \(element.type)" + (element.title.isEmpty ? "" : " \(element.title)") + "\n"
            for utterance in element.utterances {
                let prefix: String
                switch utterance.kind {
                case .focus: prefix = ""
                case .hint: prefix = "hint: "
                case .announcement: prefix = "announcement: "
                case .activation: prefix = "on double tap: "
                }
                out += "    " + prefix + utterance.text + "\n"
            }
        }
        return out
    }

    static let demo = try! Previewer.preview(PreviewRequest(scenario: .demo))

    @Test(arguments: [("voiceover", "en"), ("voiceover", "ko"), ("talkback", "en"), ("talkback", "ko")])
    func theDemoIsSpokenInThisOrder(platform: String, locale: String) throws {
        let section = try #require(Self.demo.sections.first { $0.platform.rawValue == platform && $0.locale == locale })
        let actual = Self.speechOrder(section)
        let file = Self.snapshots.appendingPathComponent("demo-\(platform)-\(locale).txt")
        if ProcessInfo.processInfo.environment["SPEAKABLE_RECORD_SNAPSHOTS"] != nil {
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        // Line by line, so that a failure names the element.
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, e.count) {
            let got = i < a.count ? String(a[i]) : "<missing>"
            let want = i < e.count ? String(e[i]) : "<missing>"
            if got != want {
                Issue.record("demo-\(platform)-\(locale).txt line \(i + 1): expected \"\(want)\", got \"\(got)\"")
                break
            }
        }
        #expect(actual == expected)
    }

    @Test func sectionsComeLocaleFirstThenPlatform() {
        #expect(Self.demo.sections.map { "\($0.locale)-\($0.platform.rawValue)" }
                == ["en-voiceover", "en-talkback", "ko-voiceover", "ko-talkback"])
    }
}
