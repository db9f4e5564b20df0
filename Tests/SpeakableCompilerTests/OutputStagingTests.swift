import Dispatch
import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import Synchronization
import Testing
@testable import SpeakableCompiler

/// Files staged while a compile still makes the others: the folder ends as an
/// `OutputWriter.write` of the same set leaves it, the same report; abandoned, as it was.
@Suite struct OutputStagingTests {
    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// A folder with files of an earlier write (one to keep, one to change, one the set drops).
    func earlier(_ root: String) throws -> String {
        let out = root + "/out"
        _ = try OutputWriter.write([OutputFile(path: "xliff/de.xliff", contents: "same"), OutputFile(path: "xliff/ko.xliff", contents: "old"),
                                    OutputFile(path: "xliff/fr.xliff", contents: "gone")], to: out, replacing: ["xliff"])
        return out
    }

    let set = [OutputFile(path: "xliff/de.xliff", contents: "same"), OutputFile(path: "xliff/ko.xliff", bytes: Array("new, longer".utf8)),
               OutputFile(path: "xliff/ja.xliff", contents: "한국어"), OutputFile(path: "swift/Speakable+game.swift", contents: "y")]

    @Test(arguments: [0, 1, 2, 4])
    func stagingSomeOrAllFilesEndsAsOneWrite(staged count: Int) throws {
        let root = try temporaryDirectory("staging-\(count)")
        let reference = try earlier(root + "/a")
        let expected = try OutputWriter.write(set, to: reference, replacing: ["xliff", "swift"])
        let out = try earlier(root + "/b")
        let staging = try #require(OutputStaging.open(out, onWait: nil))
        for file in set.prefix(count) { staging.stage(file) }
        let report = try staging.finish(set, replacing: ["xliff", "swift"], keeping: [])
        #expect(report == expected)
        #expect(report.written == ["swift/Speakable+game.swift", "xliff/ja.xliff", "xliff/ko.xliff"] && report.unchanged == ["xliff/de.xliff"] && report.removed == ["xliff/fr.xliff"])
        for folder in ["", "/xliff", "/swift"] {
            #expect(names(out + folder) == names(reference + folder))
            for name in names(out + folder) where !name.hasPrefix(".") && !(folder.isEmpty) {
                #expect(read(out + folder + "/" + name) == read(reference + folder + "/" + name))
            }
        }
        #expect(!names(out).contains { $0.hasPrefix(".speakable-staging") })
    }

    /// A file staged with other bytes than the set's (same path) is compared and written again.
    @Test func aStagedFileTheSetChangedIsWrittenAsTheSetHasIt() throws {
        let root = try temporaryDirectory()
        let out = try earlier(root)
        let staging = try #require(OutputStaging.open(out, onWait: nil))
        staging.stage(OutputFile(path: "xliff/ko.xliff", contents: "a draft"))
        staging.stage(OutputFile(path: "xliff/de.xliff", contents: "same"))
        let report = try staging.finish([OutputFile(path: "xliff/ko.xliff", contents: "final"), OutputFile(path: "xliff/de.xliff", contents: "edited too")],
                                        replacing: ["xliff"], keeping: [])
        #expect(report.written == ["xliff/de.xliff", "xliff/ko.xliff"])
        #expect(read(out + "/xliff/ko.xliff") == "final" && read(out + "/xliff/de.xliff") == "edited too")
    }

    /// A compile with errors: what was staged goes, the folder keeps its files and its lock is free.
    @Test func anAbandonedStagingLeavesTheFolderAsItWas() throws {
        let root = try temporaryDirectory()
        let out = try earlier(root)
        let before = names(out)
        let staging = try #require(OutputStaging.open(out, onWait: nil))
        for file in set { staging.stage(file) }
        staging.abandon()
        #expect(names(out) == before)
        #expect(read(out + "/xliff/ko.xliff") == "old" && read(out + "/xliff/fr.xliff") == "gone")
        #expect(try OutputWriter.write(set, to: out, replacing: ["xliff", "swift"]).written.count == 3)
    }

    /// Unsafe paths are refused by `finish` as by `write`, and nothing of the set is written.
    @Test func anUnsafeSetIsRefusedAndNothingIsWritten() throws {
        let root = try temporaryDirectory()
        let out = try earlier(root)
        let staging = try #require(OutputStaging.open(out, onWait: nil))
        let bad = set + [OutputFile(path: "../escape.txt", contents: "no")]
        for file in bad { staging.stage(file) }
        #expect(throws: OutputWriter.Failure.self) { try staging.finish(bad, replacing: ["xliff", "swift"], keeping: []) }
        #expect(read(out + "/xliff/ko.xliff") == "old" && !FileManager.default.fileExists(atPath: out + "/xliff/ja.xliff"))
        #expect(!FileManager.default.fileExists(atPath: root + "/escape.txt"))
        #expect(!names(out).contains { $0.hasPrefix(".speakable-staging") })
    }

    /// A folder (and parents) staging created goes again when nothing is written: abandoned, or
    /// a set refused; a file in the folder's place is left to the writer to refuse.
    @Test func aFolderStagingCreatedGoesWhenNothingIsWritten() throws {
        let root = try temporaryDirectory()
        let abandoned = try #require(OutputStaging.open(root + "/made/Generated", onWait: nil))
        #expect(FileManager.default.fileExists(atPath: root + "/made/Generated"))
        abandoned.stage(set[0])
        abandoned.abandon()
        #expect(names(root) == [])
        let refused = try #require(OutputStaging.open(root + "/Generated", onWait: nil))
        #expect(throws: OutputWriter.Failure.self) { try refused.finish([OutputFile(path: "../x.txt", contents: "x")], replacing: nil, keeping: []) }
        #expect(names(root) == [])
        let written = try #require(OutputStaging.open(root + "/Generated", onWait: nil))
        for file in set { written.stage(file) }
        #expect(try written.finish(set, replacing: ["xliff", "swift"], keeping: []).written.count == 4)
        #expect(read(root + "/Generated/xliff/ja.xliff") == "한국어")
        try write("a file", to: root + "/file")
        #expect(OutputStaging.open(root + "/file", onWait: nil) == nil)
    }

    /// A compile that hands its files to a staging keeps only their paths and sizes; finishing
    /// writes the folder a write of the same compile's files writes, byte for byte.
    @Test func aCompileHandsItsFilesOverAndFinishWritesWhatAWriteWould() throws {
        let root = try temporaryDirectory()
        try write(#"{ "targetLocales": ["ko"] }"#, to: root + "/game/speakable.json")
        try write(#"{ "messages": { "stars": { "message": "{n, plural, one {# star} other {# stars}}" }, "row": { "message": "Row {row}, {content, select, empty {empty} other {{digit}}}" } } }"#,
                  to: root + "/game/Templates/game.json")
        try write(#"{ "stars": "별 {n}개", "row": "{row}행, {content, select, empty {빈 칸} other {{digit}}}" }"#, to: root + "/game/Locales/ko/game.json")
        let project = ProjectLoader.load(directory: root + "/game")
        let whole = CatalogCompiler.compile(project, options: CompileOptions())
        #expect(!whole.hasErrors && whole.files.count >= 4 && !whole.files.contains(where: \.isHandedOver))
        let expected = try OutputWriter.write(whole.files, to: root + "/a", replacing: nil)
        let staging = try #require(OutputStaging.open(root + "/b", onWait: nil))
        let handed = CatalogCompiler.compile(project, options: CompileOptions(), onFile: { staging.stage($0) })
        #expect(handed.files.map(\.path) == whole.files.map(\.path))
        #expect(handed.files.allSatisfy { $0.isHandedOver && $0.contents.isEmpty })
        #expect(handed.files.map(\.utf8Count) == whole.files.map(\.utf8Count))
        let report = try staging.finish(handed.files, replacing: nil, keeping: [])
        #expect(report == expected)
        for file in whole.files { #expect(read(root + "/b/" + file.path) == file.contents, "\(file.path)") }
    }

    /// A file whose content was handed to a staging that did not stage it fails the set: it is
    /// never written empty, and nothing else is written either.
    @Test func aHandedOverFileThatWasNotStagedFailsTheSet() throws {
        let root = try temporaryDirectory()
        let out = try earlier(root)
        let staging = try #require(OutputStaging.open(out, onWait: nil))
        staging.stage(OutputFile(path: "xliff/de.xliff", contents: "changed"))
        #expect(throws: OutputWriter.Failure.self) {
            try staging.finish([OutputFile(path: "xliff/de.xliff", contents: "changed"), .handedOver(path: "xliff/ko.xliff", size: 3)],
                               replacing: ["xliff"], keeping: [])
        }
        #expect(read(out + "/xliff/ko.xliff") == "old" && read(out + "/xliff/de.xliff") == "same" && read(out + "/xliff/fr.xliff") == "gone")
        #expect(!names(out).contains { $0.hasPrefix(".speakable-staging") })
    }

    /// The folder is locked from `open` to `finish`: another writer waits.
    @Test func theFolderIsLockedWhileStaging() throws {
        let root = try temporaryDirectory()
        let out = try earlier(root)
        var staging: OutputStaging? = try #require(OutputStaging.open(out, onWait: nil))
        let waited = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? OutputWriter.write([OutputFile(path: "xliff/es.xliff", contents: "l")], to: out, replacing: nil) { waited.signal() }
            finished.signal()
        }
        #expect(waited.wait(timeout: .now() + 10) == .success, "the other writer did not see the lock")
        _ = try staging?.finish(set, replacing: ["xliff", "swift"], keeping: [])
        staging = nil
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(read(out + "/xliff/es.xliff") == "l" && read(out + "/xliff/ja.xliff") == "한국어")
    }
}

/// Work shared with idle threads: every piece runs once and the results come back in order,
/// also from inside a concurrentPerform (where a nested concurrentPerform runs one by one).
@Suite struct SharedWorkTests {
    @Test(arguments: [0, 1, 2, 7, 64])
    func everyPieceOnceInOrder(count: Int) {
        final class Runs: Sendable { let pieces = Mutex<[Int]>([]) }
        let runs = Runs()
        let results = SharedWork.map(count) { piece in
            runs.pieces.withLock { $0.append(piece) }
            return piece * piece
        }
        #expect(results == (0..<count).map { $0 * $0 })
        #expect(runs.pieces.withLock { $0.sorted() } == Array(0..<count))
    }

    @Test func insideAConcurrentPerform() {
        let outer = Mutex<[Int: [Int]]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { job in
            let inner = SharedWork.map(9) { piece in job * 100 + piece }
            outer.withLock { $0[job] = inner }
        }
        let all = outer.withLock { $0 }
        for job in 0..<4 { #expect(all[job] == (0..<9).map { job * 100 + $0 }) }
    }
}
