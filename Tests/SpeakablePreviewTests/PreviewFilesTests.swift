import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SpeakablePreview
import SpeakableSpeech

/// No writes outside the output folder, in the preview's writer (`--html FILE`,
/// `--audio DIR`): a link planted beside the file at a predictable temporary name
/// (`.speakable-<pid>-<n>.tmp`) is never followed, so it cannot make the writer overwrite any
/// file the user can write.
@Suite struct PreviewFilesTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/speakable-preview-files-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path + "/out", withIntermediateDirectories: true)
        return path
    }

    func read(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func linksPlantedAtTheOldTemporaryNamesAreNotFollowed() throws {
        let root = try folder()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/victim.txt"))
        for n in 0...2000 {
            try FileManager.default.createSymbolicLink(atPath: root + "/out/page.html.speakable-\(getpid())-\(n).tmp", withDestinationPath: root + "/victim.txt")
        }
        try PreviewFiles.writeAtomically(Array("<!DOCTYPE html>".utf8), to: root + "/out/page.html")
        #expect(read(root + "/victim.txt") == "secret")
        #expect(read(root + "/out/page.html") == "<!DOCTYPE html>")
        // Nothing of its own is left beside the file.
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/out")
        #expect(names.filter { !$0.hasPrefix("page.html.speakable-") }.sorted() == ["page.html"])
    }

    @Test func aLinkAtTheFileIsReplacedNotWrittenThrough() throws {
        let root = try folder()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/victim.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/out/index.json", withDestinationPath: root + "/victim.txt")
        try PreviewFiles.writeAtomically(Array("{}\n".utf8), to: root + "/out/index.json")
        #expect(read(root + "/victim.txt") == "secret")
        #expect((try FileManager.default.attributesOfItem(atPath: root + "/out/index.json")[.type] as? FileAttributeType) == .typeRegular)
        #expect(read(root + "/out/index.json") == "{}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/out") == ["index.json"])
    }

    /// `--audio DIR` where DIR is a symbolic link: refused before anything is written or removed
    /// (as `compile --out` refuses one), with and without a trailing slash.
    @Test func anAudioFolderThatIsALinkIsRefused() throws {
        let root = try folder()
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: root + "/elsewhere/keep.wav"))
        try FileManager.default.createSymbolicLink(atPath: root + "/out/audio", withDestinationPath: root + "/elsewhere")
        let preview = try Previewer.preview(PreviewRequest(scenario: .demo, locales: ["en"], platforms: [.voiceOver]))
        for spelling in [root + "/out/audio", root + "/out/audio/", root + "/out/audio//"] {
            let error = #expect(throws: AudioError.self) {
                try AudioWriter.write(preview, to: spelling, espeak: Espeak(path: "/nonexistent/espeak-ng"), progress: nil)
            }
            // Refused for the link, before any synthesis is tried (this espeak-ng does not exist).
            #expect(error?.description == "cannot write \(spelling): it is a symbolic link, and audio is never written through one; give --audio a real folder")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/elsewhere") == ["keep.wav"])
        #expect(AudioWriter.isSymbolicLink(root + "/out/audio/"))
        #expect(!AudioWriter.isSymbolicLink(root + "/elsewhere"))
    }
}
