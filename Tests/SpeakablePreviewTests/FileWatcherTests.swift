import FoundationEssentials
import Testing
@testable import SpeakablePreview

@Suite struct FileWatcherTests {
    @Test func seesChangedAddedAndRemovedFilesInWatchedFolders() throws {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-watcher-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: root + "/Locales/ko", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path)) }
        try write("scenario.json", "{}")
        try write("Locales/ko/game.json", "{}")
        try write("Locales/ko/notes.txt", "not watched")
        var watcher = FileWatcher(paths: [root + "/scenario.json", root + "/Locales"])
        #expect(watcher.current.keys.sorted() == [root + "/Locales/ko/game.json", root + "/scenario.json"])
        #expect(watcher.poll().isEmpty)
        try write("Locales/ko/game.json", #"{"a": "b"}"#)
        #expect(watcher.poll() == [root + "/Locales/ko/game.json"])
        try write("Locales/ko/sudoku.json", "{}")
        try write("Locales/ko/notes.txt", "still not watched")
        #expect(watcher.poll() == [root + "/Locales/ko/sudoku.json"])
        try FileManager.default.removeItem(atPath: root + "/scenario.json")
        #expect(watcher.poll() == [root + "/scenario.json"])
        #expect(watcher.poll().isEmpty)
    }
}
