import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SpeakableJSON
import Testing
@testable import SpeakableCompiler

/// Issue 13: the output folder as a transaction — nothing written through a link or outside the
/// folder, stale staging and unfinished commits handled by the next run, outputs a compile no
/// longer makes removed, a second writer waiting on the lock. (Random kills and concurrent
/// processes: SpeakableExecutableTests' KillTests.)
@Suite struct OutputTransactionTests {
    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// A planted link at an output's place was followed by the old writer (which wrote a
    /// predictable temporary file with a call that followed links, then renamed it).
    @Test func aLinkPlantedWhereAFileGoesIsReplacedNotFollowed() throws {
        let root = try temporaryDirectory()
        try write("secret", to: root + "/outside/victim.txt")
        try FileManager.default.createDirectory(atPath: root + "/out/xliff", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/out/xliff/ko.xliff", withDestinationPath: root + "/outside/victim.txt")
        // The old writer's predictable temporary name, planted as a link too.
        try FileManager.default.createSymbolicLink(atPath: root + "/out/xliff/.speakable-\(getpid())-0.tmp",
                                                   withDestinationPath: root + "/outside/victim.txt")
        let report = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "new")], to: root + "/out", replacing: ["xliff"])
        #expect(report.written == ["xliff/ko.xliff"])
        #expect(read(root + "/outside/victim.txt") == "secret")
        #expect(read(root + "/out/xliff/ko.xliff") == "new")
        #expect((try FileManager.default.attributesOfItem(atPath: root + "/out/xliff/ko.xliff")[.type] as? FileAttributeType) == .typeRegular)
    }

    @Test(arguments: ["/Generated", "/Generated/", "/Generated//"])
    func anOutputFolderThatIsALinkIsRefused(name: String) throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Generated", withDestinationPath: root + "/outside")
        do {
            _ = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "x")], to: root + name, replacing: ["xliff"])
            Issue.record("wrote through a link")
        } catch {
            #expect(error.diagnostics.first?.message.contains("is a symbolic link") == true, "\(error)")
        }
        #expect(names(root + "/outside").isEmpty)
    }

    /// `--out` naming a file gave a raw CocoaError.
    @Test func anOutputFolderThatIsAFileIsAClearError() throws {
        let root = try temporaryDirectory()
        try write("not a folder", to: root + "/out")
        do {
            _ = try OutputWriter.write([OutputFile(path: "a.txt", contents: "x")], to: root + "/out")
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.rendered) == ["\(root)/out: error: refusing to write: '\(root)/out' is a file, not a folder; give --out a folder [output-unsafe-path]"])
        }
        #expect(read(root + "/out") == "not a folder")
    }

    @Test func aLinkedFolderInsideTheOutputIsRefused() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/out/android", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/out/android/res", withDestinationPath: root + "/outside")
        #expect(throws: OutputWriter.Failure.self) {
            try OutputWriter.write([OutputFile(path: "android/res/values/strings.xml", contents: "x")], to: root + "/out", replacing: ["android"])
        }
        #expect(names(root + "/outside").isEmpty)
    }

    @Test func filesTheSetNoLongerHasAreRemovedAndNothingElse() throws {
        let root = try temporaryDirectory()
        let out = root + "/out"
        _ = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "ko"), OutputFile(path: "xliff/ja.xliff", contents: "ja"),
                                    OutputFile(path: "android/res/values-ja/strings.xml", contents: "ja"),
                                    OutputFile(path: "swift/S.swift", contents: "s")], to: out, replacing: ["xliff", "android", "swift"])
        try write("mine", to: out + "/xliff/README.md")
        // Japanese is gone from the project; --only xliff,android.
        let report = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "ko")], to: out, replacing: ["xliff", "android"])
        #expect(report.removed == ["android/res/values-ja/strings.xml", "xliff/ja.xliff"])
        #expect(report.unchanged == ["xliff/ko.xliff"] && report.written.isEmpty)
        #expect(names(out + "/xliff") == ["README.md", "ko.xliff"])
        #expect(read(out + "/swift/S.swift") == "s", "outputs of formats not compiled stay")
        // Folders left empty (values-ja/, then res/ and android/) go too.
        #expect(names(out) == [".speakable-outputs", "swift", "xliff"])
        // The same set again touches nothing.
        let again = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "ko")], to: out, replacing: ["xliff", "android"])
        #expect(again.written.isEmpty && again.removed.isEmpty)
    }

    /// A hand-edited manifest: entries that are not output files (a folder, a file beside the
    /// outputs, one that is gone) were carried forward, and "removed android" was reported for
    /// the folder, which was not removed. Only output files that exist are read from it.
    @Test func aManifestsForeignEntriesAreNeitherRemovedNorCarried() throws {
        let root = try temporaryDirectory()
        let out = root + "/out"
        _ = try OutputWriter.write([OutputFile(path: "android/res/values/strings.xml", contents: "a"),
                                    OutputFile(path: "xliff/ko.xliff", contents: "ko")], to: out, replacing: ["android", "xliff"])
        try write("mine", to: out + "/README.md")
        try write(#"{"format": "speakable-outputs", "version": 1, "files": ["android", "README.md", "xliff/gone.xliff", "xliff/ko.xliff", "android/res/values/strings.xml", "notes/x.txt"]}"#,
                  to: out + "/.speakable-outputs")
        let report = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "ko")], to: out, replacing: ["android", "xliff"])
        #expect(report.removed == ["android/res/values/strings.xml"])
        #expect(read(out + "/README.md") == "mine")
        let manifest = read(out + "/.speakable-outputs") ?? ""
        #expect(manifest.contains("\"xliff/ko.xliff\""))
        for foreign in ["\"android\"", "README.md", "gone.xliff", "notes/x.txt"] { #expect(!manifest.contains(foreign), "\(foreign)") }
    }

    /// Files that exist but that no compile writes, listed by a hand edit (`notes/x.txt`,
    /// `android/README.md`, a file beside the outputs in `android/res/values/`): they were
    /// carried forward, and a later compile removed those in its folders ("removed
    /// android/README.md"). Only paths of an output's shape are read from the manifest.
    @Test func existingFilesAHandEditListsAreNeitherRemovedNorCarried() throws {
        let root = try temporaryDirectory()
        let out = root + "/out"
        _ = try OutputWriter.write([OutputFile(path: "android/res/values/strings.xml", contents: "a"),
                                    OutputFile(path: "xliff/ko.xliff", contents: "ko")], to: out, replacing: ["android", "xliff"])
        let foreign = ["notes/x.txt", "android/README.md", "android/res/values/colors.xml", "android/res/strings.xml",
                       "android/kotlin/sub/GameStrings.kt", "xliff/ko.xliff.orig", "swift/Notes.swift"]
        for path in foreign { try write("mine", to: out + "/" + path) }
        let listed = (foreign + ["android/res/values/strings.xml", "xliff/ko.xliff"]).map { "\"\($0)\"" }.joined(separator: ", ")
        try write(#"{"format": "speakable-outputs", "version": 1, "files": [\#(listed)]}"#, to: out + "/.speakable-outputs")
        let report = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "ko")], to: out,
                                            replacing: ["android", "xliff", "swift"])
        #expect(report.removed == ["android/res/values/strings.xml"])
        for path in foreign { #expect(read(out + "/" + path) == "mine", "\(path)") }
        let manifest = read(out + "/.speakable-outputs") ?? ""
        for path in foreign { #expect(!manifest.contains(path), "\(path)") }
        // A later compile of every output leaves them too.
        let again = try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", contents: "ko")], to: out,
                                           replacing: ["android", "xliff", "swift", "xcstrings", "compose"])
        #expect(again.removed.isEmpty)
        for path in foreign { #expect(read(out + "/" + path) == "mine", "\(path)") }
    }

    @Test(arguments: [
        ("swift/Speakable+game.swift", true), ("xcstrings/game.xcstrings", true), ("xliff/pt-BR.xliff", true),
        ("android/res/values/strings.xml", true), ("android/res/values-b+sr+Latn/strings.xml", true), ("android/kotlin/GameStrings.kt", true),
        ("compose/composeResources/values-ko/strings.xml", true), ("compose/kotlin/SpeakableCompose.kt", true),
        ("swift/Notes.swift", false), ("swift/Speakable+.swift", false), ("xliff/.xliff", false), ("xliff/a/ko.xliff", false),
        ("android/README.md", false), ("android/res/values/colors.xml", false), ("android/res/layout/strings.xml", false),
        ("android/res/values-/strings.xml", false), ("android/kotlin/sub/A.kt", false), ("compose/res/values/strings.xml", false),
        ("notes/x.txt", false), ("README.md", false), ("android", false),
    ])
    func theShapesOfOutputs(path: String, isOutput: Bool) {
        #expect(OutputWriter.isOutputPath(path) == isOutput)
    }

    @Test func staleStagingIsRemovedWithoutFollowingItsLinks() throws {
        let root = try temporaryDirectory()
        try write("keep", to: root + "/outside/keep.txt")
        let staging = root + "/out/.speakable-staging-0123456789abcdef"
        try write("half", to: staging + "/f0")
        try FileManager.default.createSymbolicLink(atPath: staging + "/link", withDestinationPath: root + "/outside")
        try write("x", to: staging + "/sub/deeper/f")
        try write("not ours", to: root + "/out/.speakable-staging-notours")
        _ = try OutputWriter.write([OutputFile(path: "a/b.txt", contents: "b")], to: root + "/out", replacing: ["a"])
        #expect(names(root + "/out") == [".speakable-outputs", ".speakable-staging-notours", "a"])
        #expect(read(root + "/outside/keep.txt") == "keep")
    }

    /// A run killed after its commit record: the next run installs the rest of that set first.
    @Test func aCommitRecordedByAKilledRunIsFinishedByTheNextRun() throws {
        let root = try temporaryDirectory()
        let out = root + "/out"
        _ = try OutputWriter.write([OutputFile(path: "x/one.txt", contents: "old 1"), OutputFile(path: "x/two.txt", contents: "old 2"),
                                    OutputFile(path: "x/gone.txt", contents: "old")], to: out, replacing: ["x"])
        // What a run killed right after installing x/one.txt leaves behind.
        let staging = ".speakable-staging-00000000000000aa"
        try write("new 2", to: out + "/" + staging + "/f1")
        try write("{\"format\":\"speakable-outputs\",\"version\":1,\"files\":[\"x/one.txt\",\"x/two.txt\"]}\n", to: out + "/" + staging + "/manifest")
        try write("new 1", to: out + "/x/one.txt")
        let commit = OutputFolder.Commit(staging: staging, install: [("f0", "x/one.txt"), ("f1", "x/two.txt"), ("manifest", ".speakable-outputs")],
                                         remove: ["x/gone.txt"])
        try write(commit.json.serialized(), to: out + "/.speakable-commit")
        let folder = try OutputFolder.open(out, onWait: nil)
        try folder.recover()
        #expect(read(out + "/x/one.txt") == "new 1" && read(out + "/x/two.txt") == "new 2")
        #expect(!FileManager.default.fileExists(atPath: out + "/x/gone.txt"))
        #expect(names(out) == [".speakable-outputs", "x"])
    }

    /// A commit record planted in a committed output folder cannot reach outside it.
    @Test(arguments: [
        #"{"format":"speakable-commit","version":1,"staging":"../../outside","install":[["f0","a.txt"]],"remove":[]}"#,
        #"{"format":"speakable-commit","version":1,"staging":".speakable-staging-00000000000000bb","install":[["f0","../outside/pwned.txt"]],"remove":[]}"#,
        #"{"format":"speakable-commit","version":1,"staging":".speakable-staging-00000000000000bb","install":[["../f0","a.txt"]],"remove":["../outside/keep.txt"]}"#,
    ])
    func aPlantedCommitRecordCannotReachOutside(record: String) throws {
        let root = try temporaryDirectory()
        let out = root + "/out"
        try write("keep", to: root + "/outside/keep.txt")
        try write("payload", to: root + "/outside/f0")
        try write("payload", to: out + "/.speakable-staging-00000000000000bb/f0")
        try write(record, to: out + "/.speakable-commit")
        _ = try OutputWriter.write([OutputFile(path: "x/a.txt", contents: "a")], to: out, replacing: ["x"])
        #expect(names(root + "/outside") == ["f0", "keep.txt"])
        #expect(names(out) == [".speakable-outputs", "x"])
        #expect(names(out + "/x") == ["a.txt"])
    }

    /// A second writer waits for the first to release the folder.
    @Test func aSecondWriterWaitsForTheLock() throws {
        let root = try temporaryDirectory()
        let out = root + "/out"
        var holder: OutputFolder? = try OutputFolder.open(out, onWait: nil)
        let waited = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var report: OutputWriter.Report?
        DispatchQueue.global().async {
            report = try? OutputWriter.write([OutputFile(path: "x/a.txt", contents: "a")], to: out, replacing: ["x"]) { waited.signal() }
            finished.signal()
        }
        #expect(waited.wait(timeout: .now() + 10) == .success, "the second writer did not see the lock")
        #expect(!FileManager.default.fileExists(atPath: out + "/x/a.txt"))
        holder = nil
        _ = holder
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(report?.written == ["x/a.txt"])
    }

    /// A file is unchanged only when every byte is the same: a file of the same size that differs
    /// in its first, a middle (past the first 64 KiB read) or its last byte is written.
    @Test func sameSizeIsNotTheSameContent() throws {
        let root = try temporaryDirectory()
        let base = (0..<200_000).map { UInt8(0x61 + $0 % 26) }
        #expect(try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", bytes: base)], to: root + "/out", replacing: ["xliff"]).written == ["xliff/ko.xliff"])
        #expect(try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", bytes: base)], to: root + "/out", replacing: ["xliff"]).unchanged == ["xliff/ko.xliff"])
        for place in [0, 70_000, 199_999] {
            var edited = base
            edited[place] = 0x30
            #expect(try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", bytes: edited)], to: root + "/out", replacing: ["xliff"]).written == ["xliff/ko.xliff"], "\(place)")
            #expect(try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", bytes: base)], to: root + "/out", replacing: ["xliff"]).written == ["xliff/ko.xliff"], "\(place)")
        }
    }

    /// A file a writer made as bytes is written as those bytes, equals (and hashes as) the same
    /// text, and is found unchanged by the next write.
    @Test func aFileOfBytesIsWrittenAsItsBytes() throws {
        let root = try temporaryDirectory()
        let text = "<xliff>한 & é</xliff>\n"
        let bytes = OutputFile(path: "xliff/ko.xliff", bytes: Array(text.utf8))
        let string = OutputFile(path: "xliff/ko.xliff", contents: text)
        #expect(bytes == string && bytes.hashValue == string.hashValue)
        #expect(bytes.contents == text && bytes.utf8Count == text.utf8.count && string.bytes == Array(text.utf8))
        #expect(try OutputWriter.write([bytes], to: root + "/out", replacing: ["xliff"]).written == ["xliff/ko.xliff"])
        #expect(read(root + "/out/xliff/ko.xliff") == text)
        #expect(try OutputWriter.write([string], to: root + "/out", replacing: ["xliff"]).unchanged == ["xliff/ko.xliff"])
        #expect(try OutputWriter.write([OutputFile(path: "xliff/ko.xliff", bytes: [])], to: root + "/out", replacing: ["xliff"]).written == ["xliff/ko.xliff"])
        #expect(read(root + "/out/xliff/ko.xliff") == "")
    }
}

@Suite struct OutputSizeLimitTests {
    @Test func theLimitIsTheDocumentedOne() { #expect(OutputWriter.maximumTotalSize == 1 << 30) }

    @Test(arguments: [1, 100]) func totalSizeAtTheLimitAndOnePast(limit: Int) throws {
        let root = try temporaryDirectory()
        let atLimit = [OutputFile(path: "a/x.txt", contents: String(repeating: "x", count: limit))]
        #expect(try OutputWriter.write(atLimit, to: root + "/out", replacing: ["a"], maximumSize: limit, onWait: nil).written == ["a/x.txt"])
        do {
            _ = try OutputWriter.write(atLimit + [OutputFile(path: "a/y.txt", contents: "y")], to: root + "/out2", replacing: ["a"],
                                       maximumSize: limit, onWait: nil)
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["output-too-large"])
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/out2"))
    }
}
