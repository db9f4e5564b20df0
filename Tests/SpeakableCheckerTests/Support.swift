import FoundationEssentials
import SpeakableCatalog
import SpeakableChecker
import SpeakableDiagnostics
import SpeakableSpeech
import Testing

/// Writes a project into a fresh temporary folder and returns its path.
func makeProject(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.path + "/speakable-check-\(UInt64.random(in: 0...UInt64.max))"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (path, text) in files {
        let full = root + "/" + path
        let folder = String(full[..<full.lastIndex(of: "/")!])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
    return root
}

/// A template file with one message per entry: key → the message's JSON fields (without braces).
func template(_ messages: [(String, String)]) -> String {
    "{\n  \"messages\": {\n" + messages.map { "    \"\($0.0)\": {\($0.1)}" }.joined(separator: ",\n") + "\n  }\n}\n"
}

/// A flat locale file, one key per line (line 2 holds the first key).
func localeFile(_ entries: [(String, String)]) -> String {
    "{\n" + entries.map { "  \"\($0.0)\": \"\($0.1)\"" }.joined(separator: ",\n") + "\n}\n"
}

/// Checks a project and returns the result; the spoken length is the estimator's.
func check(_ files: [String: String]) throws -> CheckResult {
    let root = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: root) }
    return checkProject(root)
}

/// The findings of one rule, with file paths made relative to the project.
func findings(_ rule: Rule, _ files: [String: String]) throws -> [Finding] {
    try check(files).findings.filter { $0.rule == rule.id }.map { f in
        var f = f
        if let file = f.file, let range = file.range(of: "/Templates/") ?? file.range(of: "/Locales/") {
            f.file = String(file[file.index(after: range.lowerBound)...])
        }
        return f
    }
}

extension String {
    func range(of needle: String) -> Range<String.Index>? { self.firstRange(of: needle) }
}

/// A Korean project with one source message and its translation.
func korean(_ key: String = "m", role: String = "label", source: String, extra: String = "", ko: String) -> [String: String] {
    ["Templates/game.json": template([(key, "\"role\": \"\(role)\", \"message\": \"\(source)\"\(extra)")]),
     "Locales/ko/game.json": localeFile([(key, ko)])]
}

extension String {
    /// The first occurrence of `target` replaced.
    func replacingOnce(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}

/// The estimator's spoken length, as `speakable check` uses it.
let estimatedSeconds: Checker.SpokenSeconds = { SpokenLength.estimate($0, locale: $1).seconds }

/// Checks a platform catalog both ways the checker reads one — every locale read up front, and
/// each locale read when the checker gets to it (`deferringLocales`, what `speakable check`
/// does) — and expects the same result from both.
func checkPlatform(_ path: String, sourceLocale: String = "en", settings: CheckSettings = CheckSettings(),
                   spokenSeconds: Checker.SpokenSeconds? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckResult {
    let eager = Checker.run(try PlatformInput.load(path: path, sourceLocale: sourceLocale, settings: settings), spokenSeconds: spokenSeconds)
    let deferred = Checker.run(try PlatformInput.load(path: path, sourceLocale: sourceLocale, settings: settings, deferringLocales: true),
                               spokenSeconds: spokenSeconds)
    expectSame(eager, deferred, sourceLocation: sourceLocation)
    return eager
}

/// Checks the project in `root` both ways (see ``checkPlatform(_:sourceLocale:settings:spokenSeconds:sourceLocation:)``).
func checkProject(_ root: String, spokenSeconds: Checker.SpokenSeconds? = estimatedSeconds,
                  sourceLocation: SourceLocation = #_sourceLocation) -> CheckResult {
    let eager = Checker.run(ProjectInput.make(from: ProjectLoader.load(directory: root)), spokenSeconds: spokenSeconds)
    let deferred = Checker.run(ProjectInput.make(from: ProjectLoader.load(directory: root, deferringLocales: true)),
                               spokenSeconds: spokenSeconds)
    expectSame(eager, deferred, sourceLocation: sourceLocation)
    return eager
}

func expectSame(_ eager: CheckResult, _ deferred: CheckResult, sourceLocation: SourceLocation) {
    #expect(eager.findings == deferred.findings, "locales read up front and one at a time give different findings",
            sourceLocation: sourceLocation)
    #expect(eager.summaries == deferred.summaries, sourceLocation: sourceLocation)
    #expect(eager.exempted == deferred.exempted, sourceLocation: sourceLocation)
}
