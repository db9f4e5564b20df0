import FoundationEssentials
import SpeakableCatalog
import SpeakableCompiler
import Testing

/// The roles `speakable import` gives Android strings: a `<string>` named as an accessibility
/// hint is a TalkBack click label (role `action`), as `speakable check` reads a res/ folder; any
/// other `…_hint` (an edit field's `android:hint`) is text.
@Suite struct ImportRoleTests {
    @Test func onlyAccessibilityHintsAreActions() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("""
            <resources>
                <string name="search_hint">Search podcast…</string>
                <string name="play_acc_hint">play the episode</string>
            </resources>

            """, to: root + "/res/values/strings.xml")
        let result = CatalogImporter.importFiles([root + "/res/values/strings.xml"], project: ProjectLoader.load(directory: root),
                                                 options: ImportOptions())
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.rendered))")
        let templates = try #require(result.files.first { $0.path == "Templates/strings.json" }?.contents)
        #expect(templates.contains("""
                "search_hint": {
                  "role": "text",
            """))
        #expect(templates.contains("""
                "play_acc_hint": {
                  "role": "action",
            """))
    }
}
