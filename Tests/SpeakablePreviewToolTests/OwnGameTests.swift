import Foundation
import Testing

/// A team's own game, as a new user previews it: `speakable init`, the starter's Korean, then
/// `preview --project` with no scenario (every message, every locale) and with the scenario init
/// wrote (`element`, `announcement`, `grid` items) — as text, and as a page that Chromium's
/// accessibility tree judges. Expected texts come from the starter's templates and translations
/// (Examples/Starter), not from the preview's output.
@Suite(.serialized) struct OwnGameTests {
    static func makeProject() throws -> URL {
        let folder = try Tool.temporaryDirectory("own-game")
        let project = folder.appendingPathComponent("MyGame")
        let made = try Tool.run(["init", project.path, "--locales", "ko"])
        try #require(made.status == 0, "\(made.error)")
        let korean = Tool.packageRoot.appendingPathComponent("Examples/Starter/Locales/ko/game.json")
        let target = project.appendingPathComponent("Locales/ko/game.json")
        try FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: korean, to: target)
        return project
    }

    @Test func withoutAScenarioTheProjectSpeaksEveryMessageInEveryLocale() throws {
        let project = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let result = try Tool.run(["preview", "--project", project.path])
        #expect(result.status == 0, "\(result.error)")
        let out = result.output
        // Both locales of the project, both platforms.
        for heading in ["== VoiceOver · en ·", "== TalkBack · en ·", "== VoiceOver · ko ·", "== TalkBack · ko ·"] {
            #expect(out.contains(heading), "\(out.prefix(400))")
        }
        // Every message by its role, with each example (Templates/game.json's).
        for line in ["  Level 5\n", "  2 of 3 stars\n", "  1 of 1 star\n", "  hint: Starts the level.\n",
                     "  hint: Double-tap to start the level\n", "  announcement: Cleared 2 lines. Score 640.\n",
                     "  5단계\n", "  별 3개 중 2개\n"] {
            #expect(out.contains(line), "missing \(line.debugDescription)")
        }
        #expect(!out.contains("Sudoku") && !out.contains("O’Coins"), "the built-in demo is not the project")
    }

    @Test func theScenarioInitWroteIsPlayedAndCheckedAgainstTheProject() throws {
        let project = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let scenario = project.appendingPathComponent("Scenarios/game.json").path
        let result = try Tool.run(["preview", "--project", project.path, "--scenario", scenario, "--platform", "voiceover", "--locale", "ko"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("[1] grid Level map: grid\n"))
        #expect(result.output.contains(" 2단계, 별 3개 중 1개, 버튼, 선택됨"), "\(result.output)")
        #expect(result.output.contains("  announcement: 2줄 지움. 점수 640점.\n"))
        #expect(!result.error.contains("unused-message"), "init's scenario names every starter message")

        // A mistake in the scenario: said at its line and column, nothing previewed.
        let bad = project.appendingPathComponent("Scenarios/bad.json")
        try #"""
        {"items": [
          {"type": "element", "label": {"message": "level.labels", "args": {"level": 5}}}
        ]}
        """#.write(to: bad, atomically: true, encoding: .utf8)
        let refused = try Tool.run(["preview", "--project", project.path, "--scenario", bad.path])
        #expect(refused.status == 1)
        #expect(refused.error.contains("bad.json:2:44: error: there is no message 'level.labels' [unknown-message]"), "\(refused.error)")
        #expect(refused.error.contains("did you mean 'level.label'?"))
        #expect(refused.output.isEmpty)
    }

    @Test func notesSayWhatAScreenReaderDoesNotSpeakAndWhatIsNotTranslated() throws {
        let project = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        // Japanese has no translation: each item says that the English text is spoken.
        let japanese = try Tool.run(["preview", "--project", project.path, "--locale", "ja", "--platform", "talkback"])
        #expect(japanese.status == 0, "\(japanese.error)")
        #expect(japanese.output.contains("untranslated: 'level.label' has no ja translation; the en text is spoken instead"),
                "\(japanese.output)")
        // TalkBack speaks no iOS hint: the hint-role message alone says nothing there, and a note says why.
        #expect(japanese.output.contains("TalkBack does not speak iOS hints (“Starts the level.”)"), "\(japanese.output)")
        let korean = try Tool.run(["preview", "--project", project.path, "--locale", "ko", "--platform", "talkback"])
        #expect(!korean.output.contains("untranslated:"), "the starter's Korean translates every message")
    }

    @Test func describeScenarioChecksTheProjectsMessagesAsPreviewDoes() throws {
        let project = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let bad = project.appendingPathComponent("Scenarios/bad.json")
        try #"""
        {"items": [
          {"type": "element", "label": {"message": "level.stars", "args": {"stars": 2}}}
        ]}
        """#.write(to: bad, atomically: true, encoding: .utf8)
        let refused = try Tool.run(["describe", "scenario", bad.path, "--project", project.path])
        #expect(refused.status == 1)
        #expect(refused.error.contains("bad.json:2:67: error: 'level.stars' uses {total} (plural), which is not given [missing-argument]"),
                "\(refused.error)")
        #expect(refused.output.isEmpty)
        let good = try Tool.run(["describe", "scenario", project.appendingPathComponent("Scenarios/game.json").path, "--project", project.path])
        #expect(good.status == 0, "\(good.error)")
    }

    @Test func theOwnGridOnThePageInChromium() async throws {
        guard let (chromium, chromedriver) = BrowserTests.tools() else { return }
        let project = try Self.makeProject()
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let page = project.appendingPathComponent("preview.html")
        let made = try Tool.run(["preview", "--project", project.path, "--scenario", project.appendingPathComponent("Scenarios/game.json").path,
                                 "--html", page.path])
        try #require(made.status == 0, "\(made.error)")
        let driver = try await ChromeDriver(chromium: chromium, chromedriver: chromedriver)
        do {
            var url = URLComponents(url: page, resolvingAgainstBaseURL: false)!
            url.fragment = "en-voiceover"
            try await driver.open(url.url!)
            var tree = try await driver.accessibilityTree()
            // The grid, named as VoiceOver names its data table; cells named label and value.
            let grids = tree.all { $0.role == "grid" && $0.name == "Levels" }
            try #require(grids.count == 1, "grids: \(tree.all { $0.role == "grid" }.map(\.name))")
            let cells = tree.descendants(of: grids[0]).filter { $0.role == "gridcell" }
            #expect(cells.map(\.name) == ["Level 1, 3 of 3 stars", "Level 2, 1 of 3 stars", "Level 3, 0 of 3 stars"])
            #expect(cells.map { $0.properties["selected"] as? Bool == true } == [false, true, false])
            // The level on its own is a button named as VoiceOver says it.
            #expect(tree.all { $0.role == "button" && $0.name == "Level 5, 2 of 3 stars" }.count == 1)
            // Walking the grid with the keyboard: the panel says what VoiceOver says on each cell.
            try await driver.script("document.querySelector('#en-voiceover [role=grid] [data-cell=\"0\"]').focus()")
            try await driver.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
            let said = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            #expect(said == ["Level 2, 1 of 3 stars, button, selected", "Starts the level."], "\(said ?? [])")
            // The announcement reaches the live region.
            try await driver.script("document.querySelector('#en-voiceover button.announce').click()")
            var announced = ""
            for _ in 0..<40 {
                tree = try await driver.accessibilityTree()
                let regions = tree.all { $0.role == "status" }
                announced = regions.count == 1 ? tree.text(of: regions[0]) : "<\(regions.count) live regions>"
                if announced == "Cleared 2 lines. Score 640." { break }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            #expect(announced == "Cleared 2 lines. Score 640.")
            // Korean TalkBack: the cells named as TalkBack says them (state first).
            try await driver.script("document.querySelector('input[name=locale][value=ko]').click()")
            try await driver.script("document.querySelector('input[name=platform][value=talkback]').click()")
            tree = try await driver.accessibilityTree()
            let korean = tree.all { $0.role == "grid" && $0.name.hasPrefix("단계 목록") }
            try #require(korean.count == 1, "grids: \(tree.all { $0.role == "grid" }.map(\.name))")
            #expect(tree.descendants(of: korean[0]).filter { $0.role == "gridcell" }.map(\.name)
                    == ["별 3개 중 3개, 1단계", "별 3개 중 1개, 2단계", "별 3개 중 0개, 3단계"])
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
    }
}
