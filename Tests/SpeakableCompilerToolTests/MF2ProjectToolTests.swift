import Foundation
import SpeakableTestSupport
import Testing

/// A project written in Unicode MessageFormat 2 (`"syntax": "mf2"`), through the binary: checked
/// and compiled as its MF1 conversion, with positions in the MF2 text, and `speakable convert`
/// between the two.
@Suite struct MF2ProjectToolTests {
    static let template = #"""
    {"messages": {
      "level.label": {"role": "label", "message": "Level {$level :integer}", "examples": [{"level": 5}]},
      "level.stars": {"role": "value", "message": ".input {$total :number}\n.match $total\none {{{$stars} of {$total} star}}\n* {{{$stars} of {$total} stars}}", "examples": [{"stars": 2, "total": 3}]},
      "piece.placed": {"role": "announcement", "message": "Placed {$piece} at row {$row :integer}.", "examples": [{"piece": "square", "row": 2}]}
    }}
    """#
    static let korean = #"{"level.label": "{$level :integer}단계", "level.stars": "별 {$total :number}개 중 {$stars}개", "piece.placed": "{$piece}을(를) {$row :integer}행에 배치"}"#

    func makeProject(_ name: String, template: String = template, korean: String = korean) throws -> String {
        let root = try temporaryFolder(name) + "/P"
        try FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Locales/ko", withIntermediateDirectories: true)
        try #"{"sourceLocale": "en", "targetLocales": ["ko"], "syntax": "mf2"}"#.write(toFile: root + "/speakable.json", atomically: true, encoding: .utf8)
        try template.write(toFile: root + "/Templates/game.json", atomically: true, encoding: .utf8)
        try korean.write(toFile: root + "/Locales/ko/game.json", atomically: true, encoding: .utf8)
        return root
    }

    /// Every output file, by path (the stamp and the manifest, which name their folder, left out).
    func outputs(_ folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where !path.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[path] = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
        }
        return files
    }

    @Test func anMF2ProjectCompilesAsItsMF1Conversion() throws {
        let project = try makeProject("mf2-compile")
        let base = URL(fileURLWithPath: project).deletingLastPathComponent().path
        let converted = try run(speakable, ["convert", "--to", "mf1", "--project", project, "--out", base + "/P1"])
        #expect(converted.status == 0, "\(converted.error)")
        #expect(converted.output.contains("converted 6 messages to mf1"), "\(converted.output)")
        let mf2 = try run(speakable, ["compile", project, "--out", base + "/out2", "--only", "xcstrings,android,swift,xliff"])
        let mf1 = try run(speakable, ["compile", base + "/P1", "--out", base + "/out1", "--only", "xcstrings,android,swift,xliff"])
        #expect(mf2.status == 0 && mf1.status == 0, "\(mf2.error)\n\(mf1.error)")
        let a = try outputs(base + "/out2")
        let b = try outputs(base + "/out1")
        #expect(a.keys.sorted() == b.keys.sorted())
        for path in a.keys.sorted() { #expect(a[path] == b[path], "\(path) differs") }
        // What the app gets: the plural on $total, in ICU's own form on Android.
        #expect(a["android/res/values/strings.xml"]?.contains(#"<item quantity="one">%2$s of %1$,d star</item>"#) == true
                || a["android/res/values/strings.xml"]?.contains(#"<item quantity="one">%2$,d of %1$,d star</item>"#) == true,
                "\(a["android/res/values/strings.xml"] ?? "")")
        // The MF1 project says "syntax" no more; the conversion back gives MF2 that compiles the same.
        let config = try String(contentsOfFile: base + "/P1/speakable.json", encoding: .utf8)
        #expect(!config.contains("syntax"))
        let back = try run(speakable, ["convert", "--to", "mf2", "--project", base + "/P1", "--out", base + "/P2"])
        #expect(back.status == 0, "\(back.error)")
        #expect(try run(speakable, ["compile", base + "/P2", "--out", base + "/outB", "--only", "xcstrings,android,swift,xliff"]).status == 0)
        #expect(try outputs(base + "/outB") == b)
    }

    @Test func checkFindsProblemsWhereTheMF2TextHasThem() throws {
        // Two spaces after "row": the finding is at the first of them, as for an MF1 message.
        let template = Self.template.replacingOccurrences(of: "at row {$row", with: "at row  {$row")
        let project = try makeProject("mf2-check", template: template)
        let checked = try run(speakable, ["check", project])
        #expect(checked.status == 0, "\(checked.output)")
        let line = template.split(separator: "\n", omittingEmptySubsequences: false)[3]
        let column = line.distance(from: line.startIndex, to: line.range(of: "row  ")!.lowerBound) + 3 + 1
        #expect(checked.output.contains("Templates/game.json:4:\(column): warning: piece.placed (en): two spaces in a row [whitespace]"),
                "\(checked.output)")
    }

    @Test func anMF2SyntaxErrorIsAnErrorAtItsPlaceInTheFile() throws {
        let project = try makeProject("mf2-syntax", korean: #"{"level.label": "{$level :integer단계"}"#)
        let checked = try run(speakable, ["check", project])
        #expect(checked.status == 1)
        #expect(checked.output.contains("Locales/ko/game.json:1:"), "\(checked.output)")
        #expect(checked.output.contains("[syntax-error]"))
        let compiled = try run(speakable, ["compile", project, "--out", project + "/../out"])
        #expect(compiled.status == 1)
    }

    @Test func convertAMessageAFileAndRefusals() throws {
        let message = try run(speakable, ["convert", "--to", "mf2", "{n, plural, one {# star} other {# stars}}"])
        #expect(message.status == 0)
        #expect(message.output == ".input {$n :number}\n.match $n\none {{{$n} star}}\n* {{{$n} stars}}\n")
        let back = try run(speakable, ["convert", "--to", "mf1", ".input {$n :number}\n.match $n\none {{{$n} star}}\n* {{{$n} stars}}"])
        #expect(back.status == 0)
        #expect(back.output == "{n, plural, one {# star} other {# stars}}\n")
        // What cannot be kept is said, at its place.
        let choice = try run(speakable, ["convert", "--to", "mf2", "{n, choice, 0#none|1#one}"])
        #expect(choice.status == 0)
        #expect(choice.error.contains("[convert-not-kept]") && choice.error.contains("choice-not-kept"), "\(choice.error)")
        // A message that does not parse is an error, and nothing is printed.
        let broken = try run(speakable, ["convert", "--to", "mf1", "{$n"])
        #expect(broken.status == 1 && broken.output.isEmpty)
        // A file: its messages converted, its syntax said.
        let project = try makeProject("mf2-file")
        let file = try run(speakable, ["convert", "--to", "mf1", "--file", project + "/Templates/game.json"])
        #expect(file.status == 0, "\(file.error)")
        #expect(file.output.contains(#""message": "Level {level, number, integer}""#), "\(file.output)")
        #expect(!file.output.contains("\"syntax\""))
        // It is JSON, as a JSON parser that shares no code with Speakable's reads it.
        let parsed = try JSONSerialization.jsonObject(with: Data(file.output.utf8)) as? [String: Any]
        let messages = parsed?["messages"] as? [String: [String: Any]]
        #expect(messages?["level.label"]?["message"] as? String == "Level {level, number, integer}")
        // A project's --out must be a new folder; without --to nothing is converted.
        #expect(try run(speakable, ["convert", "--to", "mf1", "--project", project, "--out", project]).status == 64)
        #expect(try run(speakable, ["convert", "{n}"]).status == 64)
    }

    /// A project imported from an app's res/ keeps what import kept (`.speakable/`) through a
    /// conversion: the converted project's Android resources still carry the app's resource
    /// names and its non-translatable string.
    @Test func convertingAnImportedProjectKeepsWhatImportKept() throws {
        let base = try temporaryFolder("mf2-imported")
        #expect(try run(speakable, ["init", base + "/P", "--empty"]).status == 0)
        let imported = try run(speakable, ["import", "--config", base + "/P/speakable.json", packageRoot.path + "/Examples/Catalogs/res"])
        #expect(imported.status == 0, "\(imported.error)")
        let converted = try run(speakable, ["convert", "--to", "mf2", "--project", base + "/P", "--out", base + "/P2"])
        #expect(converted.status == 0, "\(converted.error)")
        let kept = try String(contentsOfFile: base + "/P/.speakable/strings.platform.json", encoding: .utf8)
        #expect(try String(contentsOfFile: base + "/P2/.speakable/strings.platform.json", encoding: .utf8) == kept)
        #expect(try run(speakable, ["compile", base + "/P2", "--out", base + "/out", "--only", "android"]).status == 0)
        let values = try String(contentsOfFile: base + "/out/android/res/values/strings.xml", encoding: .utf8)
        #expect(values.contains(#"<string name="level_label">"#) && values.contains(#"<string name="app_name" translatable="false">"#), "\(values)")
    }
}
