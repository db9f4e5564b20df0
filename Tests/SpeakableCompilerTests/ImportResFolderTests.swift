import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import SpeakablePlatformFormats
import Testing

/// `speakable import res/`: a folder stands for the files with strings in `values/` and in each
/// locale's folder, exactly as if they had been named one by one; folders for another
/// configuration are named in a note and left out.
@Suite struct ImportResFolderTests {
    static let files: [(String, String)] = [
        ("values/strings.xml", #"<resources><string name="play">Play</string><plurals name="lines"><item quantity="one">%d line</item><item quantity="other">%d lines</item></plurals></resources>"#),
        ("values/arrays.xml", #"<resources><string-array name="modes"><item>Easy</item><item>Hard</item></string-array></resources>"#),
        ("values/dimens.xml", #"<resources><dimen name="gap">4dp</dimen></resources>"#),
        ("values-ko/strings.xml", #"<resources><string name="play">플레이</string><plurals name="lines"><item quantity="other">%d줄</item></plurals></resources>"#),
        ("values-zh-rTW/strings.xml", #"<resources><string name="play">播放</string></resources>"#),
        ("values-b+sr+Latn/strings.xml", #"<resources><string name="play">Igraj</string></resources>"#),
        ("values-night/strings.xml", #"<resources><string name="play">Play at night</string></resources>"#),
        ("values-ko-land/strings.xml", #"<resources><string name="play">가로 플레이</string></resources>"#),
        ("values-v21/styles.xml", #"<resources><style name="Theme"/></resources>"#),
    ]

    func makeRes() throws -> String {
        let root = try temporaryDirectory()
        for (path, text) in Self.files { try write(text, to: root + "/res/" + path) }
        return root
    }

    @Test func aFolderIsItsLocaleFilesNamedOneByOne() throws {
        let root = try makeRes()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = ProjectLoader.load(directory: root)
        let byFolder = CatalogImporter.importFiles([root + "/res"], project: project, options: ImportOptions())
        let named = ["values/arrays.xml", "values/strings.xml", "values-b+sr+Latn/strings.xml", "values-ko/strings.xml",
                     "values-zh-rTW/strings.xml"].map { root + "/res/" + $0 }
        let byFiles = CatalogImporter.importFiles(named, project: project, options: ImportOptions())
        #expect(!byFolder.hasErrors, "\(byFolder.diagnostics.map(\.rendered))")
        #expect(byFolder.files.map(\.path) == byFiles.files.map(\.path))
        #expect(byFolder.files.map(\.contents) == byFiles.files.map(\.contents))
        #expect(Set(byFolder.files.map(\.path)).isSuperset(of: ["Locales/ko/strings.json", "Locales/zh-TW/strings.json",
                                                                 "Locales/sr-Latn/strings.json", ".speakable/arrays.platform.json"]))
        // (string arrays are kept in the metadata file, not modeled.) The night and landscape texts are not imported over the source and Korean ones.
        let korean = try #require(byFolder.files.first { $0.path == "Locales/ko/strings.json" }?.contents)
        #expect(korean.contains("플레이") && !korean.contains("가로"))
        let template = try #require(byFolder.files.first { $0.path == "Templates/strings.json" }?.contents)
        #expect(!template.contains("night"))
        let notes = byFolder.diagnostics.filter { $0.id == "import-not-modeled" && $0.message.contains("another configuration") }
        #expect(notes.compactMap(\.file).sorted() == [root + "/res/values-ko-land/strings.xml", root + "/res/values-night/strings.xml"])
    }

    @Test func aFolderThatIsNotResIsAnError() throws {
        let root = try makeRes()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = ProjectLoader.load(directory: root)
        let result = CatalogImporter.importFiles([root + "/res/values"], project: project, options: ImportOptions())
        #expect(result.diagnostics.map(\.id) == ["import-unknown-format"])
        #expect(result.hasErrors)
    }

    @Test(arguments: [("values", true), ("values-ko", true), ("values-zh-rTW", true), ("values-b+sr+Latn", true),
                      ("values-ko-night", false), ("values-night", false), ("values-v21", false), ("values-mcc450-ko", false),
                      ("values-car", false), ("values-sw600dp", false)])
    func localeFolders(folder: String, isLocale: Bool) {
        #expect((folder == "values" || CatalogPath.isLocaleFolder(folder)) == isLocale)
    }
}
