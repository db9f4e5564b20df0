#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SpeakableJSON
import Testing
@testable import SpeakableCommandLine

@Suite struct CheckCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let io = BufferedIO()
        let status = SpeakableCLI.run(arguments, io: io)
        return (status, io.output, io.error)
    }

    func project(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-cli-\(UInt64.random(in: 0...UInt64.max))"
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: String(full[..<full.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    static let template = #"{"messages": {"stars": {"role": "label", "message": "{n, plural, one {# star} other {# stars}}"}}}"#

    /// `--output /dev/null`, `/dev/stdout` or a named pipe is written through: the report was
    /// renamed over it, which (as root) replaced the device or the pipe with a regular file.
    @Test func aStreamOutputIsWrittenThroughNotReplaced() throws {
        let root = try project(["Templates/game.json": Self.template, "Locales/ko/game.json": #"{"stars": "별 {n}개"}"#])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pipe = root + "/report.pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        // The pipe's read end opened first without waiting, read once the check is done (the
        // report fits the pipe's buffer): no second thread to starve the runner's pool.
        let readEnd = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(readEnd >= 0)
        defer { close(readEnd) }
        let result = run(["check", root, "--format", "json", "--output", pipe])
        #expect(result.status == 0, "\(result.err)")
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        let report = String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
        #expect(report.hasPrefix("{") && report.contains("\"findings\""))
        var info = stat()
        #expect(lstat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(run(["check", root, "--format", "json", "--output", "/dev/null"]).status == 0)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    /// A platform catalog checked as it is takes the project's options from `--config`: a
    /// speakable.json with only `"check"` names the app's click labels and the names that stay
    /// the same in every language.
    @Test func aPlatformCatalogTakesCheckOptionsFromConfig() throws {
        let root = try project([
            "res/values/strings.xml": "<resources>\n    <string name=\"name_hint\">Optional</string>\n    <string name=\"app\">Podcast Player</string>\n</resources>\n",
            "res/values-de/strings.xml": "<resources>\n    <string name=\"name_hint\">Optional</string>\n    <string name=\"app\">Podcast Player</string>\n</resources>\n",
            "speakable.json": #"{"check": {"androidClickLabels": ["*_hint"], "allowUntranslated": ["Podcast Player"]}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let plain = run(["check", root + "/res"])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(plain.out.hasPrefix(root + "/res/values-de/strings.xml:3:24: warning: string/app (de): the de translation is identical to the source text [untranslated]\n"),
                "\(plain.out)")
        #expect(!plain.out.contains("[action-fragment]"))
        let configured = run(["check", root + "/res", "--config", root + "/speakable.json"])
        #expect(configured.status == 0, "\(configured.err)")
        #expect(configured.out.hasPrefix(root + "/res/values/strings.xml:2:30: warning: string/name_hint (en): the action fragment starts with 'Optional', which describes a state, not an action: TalkBack says \"Double-tap to Optional\" [action-fragment]\n"),
                "\(configured.out)")
        #expect(!configured.out.contains("[untranslated]"))
    }

    @Test func cleanProjectExitsZero() throws {
        let root = try project(["Templates/game.json": Self.template, "Locales/ko/game.json": #"{"stars": "별 {n}개"}"#])
        let result = run(["check", root])
        #expect(result.status == 0, "\(result.out)")
        #expect(result.out.contains("ko      1/1  100.0%"))
        #expect(result.out.hasSuffix("0 errors, 0 warnings\n"))
    }

    @Test func errorsExitOneWithCompilerStyleLines() throws {
        let root = try project(["Templates/game.json": Self.template,
                                "Locales/ko/game.json": "{\n  \"stars\": \"별 {n}개, {total}\"\n}"])
        let result = run(["check", root])
        #expect(result.status == 1)
        let first = try #require(result.out.split(separator: "\n").first)
        // file:line:col: error: … [rule-id], at "total" inside the message.
        #expect(first.hasPrefix(root + "/Locales/ko/game.json:2:22: error: stars (ko): argument 'total' is not in the source"))
        #expect(first.hasSuffix("[placeholder-mismatch]"))
        #expect(result.out.contains("\n" + String(repeating: " ", count: 23) + "^~~~~\n"))
    }

    @Test func usageErrorsExitSixtyFour() throws {
        #expect(run(["check", "--format", "xml"]).status == 64)
        #expect(run(["check", "--nope"]).status == 64)
        #expect(run(["check", "/no/such/project"]).status == 64)
        #expect(run(["check", "--locale", "not a tag!"]).status == 64)
        let help = run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("plural-categories") && help.out.contains("EXAMPLES:"))
    }

    @Test func baselineAcceptsTodaysFindingsOnly() throws {
        let root = try project(["Templates/game.json": Self.template,
                                "Locales/ko/game.json": #"{"stars": "별 {n}개, {total}"}"#])
        let baseline = root + "/baseline.json"
        #expect(run(["check", root, "--write-baseline", baseline]).status == 0)
        #expect(FileManager.default.fileExists(atPath: baseline))
        let accepted = run(["check", root, "--baseline", baseline])
        #expect(accepted.status == 0, "\(accepted.out)")
        #expect(accepted.out.contains("1 in the baseline"))
        // A new error on another line: only it counts.
        try Data(#"{"stars": "별 {n}개, {total} {count}"}"#.utf8).write(to: URL(fileURLWithPath: root + "/Locales/ko/game.json"))
        let new = run(["check", root, "--baseline", baseline])
        #expect(new.status == 1)
        #expect(new.out.contains("argument 'count' is not in the source [placeholder-mismatch]"))
        #expect(!new.out.contains("'total'"))
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: baseline))
        #expect(run(["check", root, "--baseline", baseline]).status == 64)
    }

    @Test func machineFormats() throws {
        let root = try project(["Templates/game.json": Self.template,
                                "Locales/ko/game.json": #"{"stars": "별 {n}개, {total}"}"#])
        let github = run(["check", root, "--format", "github"])
        #expect(github.status == 1)
        #expect(github.out.hasPrefix("::error file=\(root)/Locales/ko/game.json,line=1,col="))
        #expect(github.err.contains("1 error"))
        let json = run(["check", root, "--format=json"])
        let parsed = try #require(JSONReader.read(json.out).root)
        #expect(parsed["findings"]?.array?.first?["rule"]?.string == "placeholder-mismatch")
        let sarifPath = root + "/out.sarif"
        let sarif = run(["check", root, "--format", "sarif", "--output", sarifPath])
        #expect(sarif.out.isEmpty)
        #expect(sarif.status == 1)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: sarifPath)), as: UTF8.self)
        #expect(JSONReader.read(text).root?["version"]?.string == "2.1.0")
        let junit = run(["check", root, "--format", "junit"])
        #expect(junit.out.contains("<testsuite name=\"ko\" tests=\"1\" failures=\"1\""))
    }

    @Test func platformCatalogsAreCheckedDirectly() throws {
        let root = try project([
            "Localizable.xcstrings": """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "%lld stars" : {
                  "localizations" : {
                    "ko" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "별 1개" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "별 %lld개" } }
                    } } }
                  }
                }
              },
              "version" : "1.0"
            }
            """,
            "res/values/strings.xml": #"<resources><string name="save">Save the game</string><string name="open">Open %1$s</string></resources>"#,
            "res/values-ko/strings.xml": #"<resources><string name="save">Save the game</string><string name="open">%2$s 열기</string></resources>"#,
        ])
        let xcstrings = run(["check", root + "/Localizable.xcstrings"])
        // Korean `one` is dead text: a warning, not a failed build.
        #expect(xcstrings.status == 0)
        #expect(xcstrings.out.contains("Localizable.xcstrings:7:72: warning: %lld stars (ko): 'one' is never used in ko"))
        let android = run(["check", root + "/res"])
        #expect(android.status == 1)
        #expect(android.out.contains("[untranslated]"))
        // Translation `%2$s` reads an argument the app does not pass: one defect, one finding
        // (its ICU reading, "argument '2' instead of '1'", is not reported again).
        #expect(!android.out.contains("[placeholder-mismatch]"))
        #expect(android.out.contains("values-ko/strings.xml:1:74: error: string/open (ko): '%2$s' reads argument 2, but the app passes 1 argument: String.format throws java.util.MissingFormatArgumentException (Format specifier '%2$s') and the app crashes in ko [format-mismatch]"))
    }

    // MARK: No silent empty run

    @Test func checkingNothingFails() throws {
        let empty = try project(["notes.txt": "nothing to check"])
        let result = run(["check", empty])
        #expect(result.status == 1)
        #expect(result.out.contains("[no-messages]"))
        // A res/ folder without values/: nothing would ship.
        let noDefault = try project(["res/values-ko/strings.xml": #"<resources><string name="a">가</string></resources>"#])
        let android = run(["check", noDefault + "/res"])
        #expect(android.status == 64)
        #expect(android.err.contains("has no values/ folder (it has values-ko)"))
        // Any folder of values*/ folders is a res/, whatever its name.
        let renamed = try project(["resources/values-ko/strings.xml": #"<resources><string name="a">가</string></resources>"#])
        #expect(run(["check", renamed + "/resources"]).status == 64)
    }

    @Test func aLocaleThatIsNotThereIsAUsageError() throws {
        let root = try project(["Templates/game.json": Self.template, "Locales/ko/game.json": #"{"stars": "별 {n}개"}"#])
        let typo = run(["check", root, "--locale", "kr"])
        #expect(typo.status == 64)
        #expect(typo.err.contains("'--locale kr' is not a locale of the project") && typo.err.contains("did you mean 'ko'?"))
        let other = run(["check", root, "--locale", "ja"])
        #expect(other.status == 64)
        #expect(other.err.contains("its locales: ko"))
        #expect(run(["check", root, "--locale", "ko"]).status == 0)
    }

    @Test func xliffFilesAreChecked() throws {
        let root = try project(["ko.xliff": """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">
              <file id="game"><unit id="stars"><segment><source>{n, plural, one {# star} other {# stars}}</source><target>별 {n}개, {total}</target></segment></unit></file>
            </xliff>
            """])
        let result = run(["check", root + "/ko.xliff"])
        #expect(result.status == 1)
        #expect(result.out.contains("ko.xliff:3:") && result.out.contains("argument 'total' is not in the source [placeholder-mismatch]"))
    }
}
