import Foundation
import SpeakableTestSupport
import Testing

/// `speakable compile` with nothing changed since a clean compile: proved from the stamp and done,
/// saying what the compile said — and every change that matters is a full compile again.
@Suite(.serialized) struct CompileStampTests {
    /// A starter project compiled once, clean (it has no diagnostics).
    func compiledProject() throws -> (root: String, project: String, out: String, first: Run) {
        let root = try temporaryFolder("stamp")
        let created = try run(speakable, ["init", "Game", "--locales", "ko"], in: root)
        #expect(created.status == 0, "\(created.error)")
        let project = root + "/Game"
        let first = try run(speakable, ["compile", project])
        #expect(first.status == 0, "\(first.error)")
        #expect(FileManager.default.fileExists(atPath: project + "/Generated/.speakable-stamp"), "a clean compile leaves a stamp")
        return (root, project, project + "/Generated", first)
    }

    func modified(_ path: String) throws -> Date {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    @Test func nothingChangedSaysWhatTheCompileSaidAndTouchesNothing() throws {
        let (_, project, out, first) = try compiledProject()
        let files = try FileManager.default.subpathsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
        let times = try files.map { try modified(out + "/" + $0) }
        let again = try run(speakable, ["compile", project])
        #expect(again.status == 0)
        // The first compile wrote every file; the second finds all of them as they were.
        #expect(first.output.contains("\(files.filter { !$0.hasSuffix("/") && !isFolder(out + "/" + $0) }.count) written, 0 unchanged"))
        let written = first.output.split(separator: "\n").first.map(String.init) ?? ""
        let expected = written.replacingOccurrences(of: #"(\d+) written, 0 unchanged"#, with: "0 written, $1 unchanged", options: .regularExpression)
        #expect(again.output.hasPrefix(expected + "\n"), "\(again.output)")
        #expect(!again.output.contains("  swift/"), "no file is listed as written: \(again.output)")
        #expect(again.error == first.error)
        #expect(try files.map { try modified(out + "/" + $0) } == times)
        // --quiet says nothing, as a full compile with --quiet does.
        let quiet = try run(speakable, ["compile", project, "--quiet"])
        #expect(quiet.status == 0 && quiet.output.isEmpty)
    }

    /// Compiles a copy of `project` (in `root`/Copy) in full, without its outputs and stamp, and
    /// expects the same files with the same bytes as in `out`; what the compile printed.
    @discardableResult
    func fullCompileOfACopy(_ project: String, in root: String, matches out: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> Run {
        let copy = root + "/Copy"
        try FileManager.default.copyItem(atPath: project, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/Generated")
        let full = try run(speakable, ["compile", copy])
        #expect(full.status == 0, "\(full.error)", sourceLocation: sourceLocation)
        func files(_ folder: String) throws -> [String] {
            try FileManager.default.subpathsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") && !isFolder(folder + "/" + $0) }.sorted()
        }
        let written = try files(out)
        #expect(written == (try files(copy + "/Generated")), sourceLocation: sourceLocation)
        for file in written {
            #expect(FileManager.default.contents(atPath: out + "/" + file) == FileManager.default.contents(atPath: copy + "/Generated/" + file), "\(file)",
                    sourceLocation: sourceLocation)
        }
        return full
    }

    func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A staging folder a killed compile left behind is removed by the next compile, which the
    /// stamp does not skip.
    @Test func aKilledCompilesStagingFolderIsCleanedUp() throws {
        let (_, project, out, _) = try compiledProject()
        let staging = out + "/.speakable-staging-0123456789abcdef"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        try "half written".write(toFile: staging + "/x", atomically: false, encoding: .utf8)
        let again = try run(speakable, ["compile", project])
        #expect(again.status == 0, "\(again.error)")
        #expect(!FileManager.default.fileExists(atPath: staging))
    }

    @Test func anEditedTranslationIsCompiled() throws {
        let (_, project, out, _) = try compiledProject()
        let path = project + "/Locales/ko/game.json"
        try #"{"level.label": "레벨 {level}"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let again = try run(speakable, ["compile", project])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.contains("android/res/values-ko/strings.xml"), "\(again.output)")
        let korean = try String(contentsOfFile: out + "/android/res/values-ko/strings.xml", encoding: .utf8)
        #expect(korean.contains("<string name=\"level.label\">레벨 %1$,d</string>"), "\(korean)")
    }

    /// After an edit of one table's files only that table is compiled again; every output is
    /// what a full compile of the edited project writes, and what it says is the same.
    @Test func anEditedTableGivesWhatAFullCompileGives() throws {
        let (root, project, out, _) = try compiledProject()
        try #"{"messages": {"title": {"role": "label", "message": "Daily puzzle"}}}"#.write(toFile: project + "/Templates/menu.json", atomically: true, encoding: .utf8)
        try #"{"title": "오늘의 퍼즐"}"#.write(toFile: project + "/Locales/ko/menu.json", atomically: true, encoding: .utf8)
        // A new table is a full compile; it leaves a stamp for the next.
        #expect(try run(speakable, ["compile", project]).status == 0)
        try #"{"title": "오늘의 문제"}"#.write(toFile: project + "/Locales/ko/menu.json", atomically: true, encoding: .utf8)
        let incremental = try run(speakable, ["compile", project])
        #expect(incremental.status == 0, "\(incremental.error)")
        #expect(incremental.output.contains(": 3 written, "), "\(incremental.output)")
        try fullCompileOfACopy(project, in: root, matches: out)
        #expect(try String(contentsOfFile: out + "/android/res/values-ko/strings.xml", encoding: .utf8).contains("오늘의 문제"))
        // Then nothing changed: the stamp the incremental compile left proves it.
        let again = try run(speakable, ["compile", project])
        #expect(again.output.contains(": 0 written, "), "\(again.output)")
    }

    @Test func anOutputEditedOrRemovedIsWrittenAgain() throws {
        let (_, project, out, _) = try compiledProject()
        let xliff = out + "/xliff/ko.xliff"
        let original = try String(contentsOfFile: xliff, encoding: .utf8)
        try (original + "<!-- edited -->").write(toFile: xliff, atomically: false, encoding: .utf8)
        let edited = try run(speakable, ["compile", project])
        #expect(edited.output.contains("1 written"), "\(edited.output)")
        #expect(try String(contentsOfFile: xliff, encoding: .utf8) == original)
        try FileManager.default.removeItem(atPath: out + "/xcstrings/game.xcstrings")
        let removed = try run(speakable, ["compile", project])
        #expect(removed.output.contains("1 written"), "\(removed.output)")
        #expect(FileManager.default.fileExists(atPath: out + "/xcstrings/game.xcstrings"))
    }

    @Test func otherOptionsAreAnotherCompile() throws {
        let (_, project, out, _) = try compiledProject()
        let swift = out + "/swift/Speakable+game.swift"
        let again = try run(speakable, ["compile", project, "--swift-access", "public"])
        #expect(again.output.contains("swift/Speakable+game.swift"), "\(again.output)")
        #expect(try String(contentsOfFile: swift, encoding: .utf8).contains("public "))
    }

    /// A compile with warnings is proved up to date too, and says its warnings again exactly as
    /// it printed them (source line and caret included).
    @Test func aCompileWithWarningsIsProvedAndSaysThemAgain() throws {
        let (_, project, out, _) = try compiledProject()
        // A translation of no template message: the `unknown-key` warning is said on every compile.
        let korean = project + "/Locales/ko/game.json"
        try #"{"no.such.key": "없음"}"#.write(toFile: korean, atomically: true, encoding: .utf8)
        let warned = try run(speakable, ["compile", project])
        #expect(warned.status == 0 && warned.error.contains("unknown-key"), "\(warned.error)")
        #expect(warned.output.contains("written"), "\(warned.output)")
        let stamp = try String(contentsOfFile: out + "/.speakable-stamp", encoding: .utf8)
        #expect(stamp.contains("\ndiagnostic {\"severity\":\"warning\",\"id\":\"unknown-key\""), "\(stamp)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") && !isFolder(out + "/" + $0) }.sorted()
        let times = try files.map { try modified(out + "/" + $0) }
        let again = try run(speakable, ["compile", project])
        #expect(again.status == 0)
        #expect(again.error == warned.error, "the same warnings, as printed: \(again.error)")
        #expect(again.output.contains("0 written, \(files.count) unchanged"), "\(again.output)")
        #expect(try files.map { try modified(out + "/" + $0) } == times, "nothing is touched")
        // --quiet prints problems only: the warnings, not the summary.
        let quiet = try run(speakable, ["compile", project, "--quiet"])
        #expect(quiet.status == 0 && quiet.output.isEmpty && quiet.error == warned.error, "\(quiet.output)\(quiet.error)")
        // Fixed: the next compile has nothing to say.
        try #"{}"#.write(toFile: korean, atomically: true, encoding: .utf8)
        let fixed = try run(speakable, ["compile", project])
        #expect(fixed.status == 0 && !fixed.error.contains("unknown-key"), "\(fixed.error)")
        #expect(try !String(contentsOfFile: out + "/.speakable-stamp", encoding: .utf8).contains("\ndiagnostic "))
    }

    /// After a compile with warnings about tables' own files, an edit of one table compiles
    /// that table alone, and says what a full compile of the edited project says: the other
    /// table's warning as it was, the edited one's anew.
    @Test func anEditAfterACompileWithWarningsSaysWhatAFullCompileSays() throws {
        let (root, project, out, _) = try compiledProject()
        try #"{"no.such.key": "없음"}"#.write(toFile: project + "/Locales/ko/game.json", atomically: true, encoding: .utf8)
        try #"{"messages": {"title": {"role": "label", "message": "{count, plural, =0 {No puzzles} one {# puzzle} other {# puzzles}}"}}}"#
            .write(toFile: project + "/Templates/menu.json", atomically: true, encoding: .utf8)
        try #"{"title": "{count, plural, other {퍼즐 #개}}"}"#.write(toFile: project + "/Locales/ko/menu.json", atomically: true, encoding: .utf8)
        let warned = try run(speakable, ["compile", project])
        #expect(warned.status == 0 && warned.error.contains("[unknown-key]") && warned.error.contains("[catalog-companion]"), "\(warned.error)")
        try #"{"title": "{count, plural, other {문제 #개}}", "gone": "없음"}"#.write(toFile: project + "/Locales/ko/menu.json", atomically: true, encoding: .utf8)
        let incremental = try run(speakable, ["compile", project])
        #expect(incremental.status == 0, "\(incremental.error)")
        // The menu table's catalog, Korean Android file and Korean XLIFF: nothing else.
        #expect(incremental.output.contains(": 3 written, "), "\(incremental.output)")
        let full = try fullCompileOfACopy(project, in: root, matches: out)
        #expect(full.error.contains("'gone' is not a message"), "\(full.error)")
        #expect(incremental.error == full.error.replacingOccurrences(of: root + "/Copy", with: project), "\(incremental.error)\n---\n\(full.error)")
        // Then nothing changed: proved from the stamp, the same warnings again.
        let again = try run(speakable, ["compile", project])
        #expect(again.output.contains(": 0 written, ") && again.error == incremental.error, "\(again.output)\(again.error)")
    }

    /// A `diagnostic` line edited by hand: its text is shown without control characters, and a
    /// line that is not one the compile writes proves nothing.
    @Test func aStampsWarningsAreCheckedAndShownSafely() throws {
        let (_, project, out, _) = try compiledProject()
        let stamp = out + "/.speakable-stamp"
        let original = try String(contentsOfFile: stamp, encoding: .utf8)
        let forged = #"diagnostic {"severity":"warning","id":"forged","message":"bell \u0007 and \u001b[31mred","file":"Templates/game.json","line":1,"column":1}"#
        try original.replacingOccurrences(of: "\nsummary\n", with: "\n" + forged + "\nsummary\n").write(toFile: stamp, atomically: true, encoding: .utf8)
        let shown = try run(speakable, ["compile", project])
        #expect(shown.status == 0 && shown.error.contains("[forged]"), "\(shown.error)")
        #expect(!shown.error.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x1B }, "\(shown.error)")
        for bad in [#"diagnostic {"severity":"error","id":"x","message":"m"}"#, #"diagnostic {"severity":"warning","id":"x"}"#,
                    #"diagnostic {"severity":"warning","id":"x","message":"m","line":0,"column":1}"#,
                    #"diagnostic {"severity":"warning","id":"x","message":"m","extra":1}"#, "diagnostic not json"] {
            try original.replacingOccurrences(of: "\nsummary\n", with: "\n" + bad + "\nsummary\n").write(toFile: stamp, atomically: true, encoding: .utf8)
            let again = try run(speakable, ["compile", project])
            #expect(again.status == 0 && !again.error.contains("[x]"), "\(bad): \(again.error)")
            // A full compile, which writes its own stamp.
            #expect(try !String(contentsOfFile: stamp, encoding: .utf8).contains(bad), "\(bad): a full compile")
        }
    }

    @Test func aStampWrittenByHandProvesNothing() throws {
        let (_, project, out, _) = try compiledProject()
        let stamp = out + "/.speakable-stamp"
        var text = try String(contentsOfFile: stamp, encoding: .utf8)
        // An output line pointing outside the folder, and a changed summary.
        text = text.replacingOccurrences(of: "\nsummary\n", with: "\noutput 1 1 1 ../../../etc/passwd\nsummary\no forged\n")
        try text.write(toFile: stamp, atomically: true, encoding: .utf8)
        let again = try run(speakable, ["compile", project])
        #expect(!again.output.contains("forged"), "\(again.output)")
        #expect(again.output.contains("0 written"), "a full compile that found every file unchanged: \(again.output)")
    }

    @Test func aSummaryFromTheStampIsShownWithoutControlCharacters() throws {
        let (_, project, out, _) = try compiledProject()
        let stamp = out + "/.speakable-stamp"
        // The identities left as they are: only the text to print again is changed.
        let text = try String(contentsOfFile: stamp, encoding: .utf8)
            .replacingOccurrences(of: "\nsummary\no compiled", with: "\nsummary\no \u{1B}]0;owned\u{07}compiled")
        try text.write(toFile: stamp, atomically: true, encoding: .utf8)
        let again = try run(speakable, ["compile", project])
        #expect(again.status == 0)
        #expect(again.output.hasPrefix(#"\u{001B}]0;owned\u{0007}compiled"#), "\(again.output)")
        #expect(!again.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func anInputWhoseNameHasALineBreakLeavesNoStamp() throws {
        let (_, project, out, _) = try compiledProject()
        try FileManager.default.createDirectory(atPath: project + "/.speakable", withIntermediateDirectories: true)
        try "x".write(toFile: project + "/.speakable/a\noutput 1 1 1 b", atomically: true, encoding: .utf8)
        let again = try run(speakable, ["compile", project])
        #expect(again.status == 0, "\(again.error)")
        #expect(!FileManager.default.fileExists(atPath: out + "/.speakable-stamp"))
    }
}
