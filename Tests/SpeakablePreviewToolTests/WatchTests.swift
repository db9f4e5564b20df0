import Foundation
import Testing

/// `speakable preview --watch`: a translator edits a file and hears the change.
@Suite struct WatchTests {
    /// Collects a running process's output as it comes, on a thread of its own (plain read(2)).
    final class Output: @unchecked Sendable {
        // Safe: `bytes` is only touched under the lock.
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        private let thread: Thread

        init(_ handle: FileHandle) {
            let descriptor = handle.fileDescriptor
            let box = Box()
            thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(descriptor, &buffer, buffer.count)
                    if n <= 0 { break }
                    box.output?.append(Array(buffer[0..<n]))
                }
            }
            box.output = self
            thread.start()
        }

        final class Box: @unchecked Sendable { weak var output: Output? }

        func append(_ data: [UInt8]) { lock.lock(); bytes += data; lock.unlock() }
        var value: String { lock.lock(); defer { lock.unlock() }; return String(decoding: bytes, as: UTF8.self) }
    }

    /// Waits until `output` contains `expected` (at most `seconds`).
    func wait(for expected: String, in output: Output, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.value.contains(expected) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Counts the occurrences of `text`.
    func count(_ text: String, in output: Output) -> Int { output.value.components(separatedBy: text).count - 1 }

    @Test func editsToTranslationsTemplatesAndTheScenarioArePreviewedAgain() throws {
        let folder = try Tool.temporaryDirectory("watch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Game")
        let locales = project.appendingPathComponent("Locales/ko")
        let templates = project.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data(#"{"messages": {}}"#.utf8).write(to: templates.appendingPathComponent("game.json"))
        let translation = locales.appendingPathComponent("game.json")
        try Data(#"{"game.coins": "오코인 {amount}개"}"#.utf8).write(to: translation)
        let scenario = folder.appendingPathComponent("scenario.json")
        try Data(#"{"items": [{"type": "coins", "amount": 7}]}"#.utf8).write(to: scenario)

        let process = Process()
        process.executableURL = Tool.binary
        process.arguments = ["preview", "--project", project.path, "--scenario", scenario.path, "--locale", "ko",
                             "--platform", "talkback", "--watch"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = Output(out.fileHandleForReading), errors = Output(err.fileHandleForReading)
        defer {
            // SIGTERM, as Ctrl-C or `kill` would stop it; SIGKILL only if that failed (then the
            // expectation below has already recorded it).
            process.terminate()
            for _ in 0..<50 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        #expect(wait(for: "오코인 7개", in: output))
        #expect(wait(for: "watching", in: errors))

        // A translator edits the Korean.
        try Data(#"{"game.coins": "코인 {amount}개 보유"}"#.utf8).write(to: translation)
        #expect(wait(for: "코인 7개 보유", in: output))
        #expect(errors.value.contains("game.json changed"))

        // A mistake: reported with its place, and the watch goes on.
        try Data(#"{"game.coins": "코인 {amount개"}"#.utf8).write(to: translation)
        #expect(wait(for: "error:", in: errors))
        #expect(errors.value.contains("Locales/ko/game.json:1:"))
        #expect(process.isRunning)

        // Fixed, then the scenario changes.
        try Data(#"{"game.coins": "코인 {amount}닢"}"#.utf8).write(to: translation)
        #expect(wait(for: "코인 7닢", in: output))
        try Data(#"{"items": [{"type": "coins", "amount": 8}]}"#.utf8).write(to: scenario)
        #expect(wait(for: "코인 8닢", in: output))

        // A new template (a file added to a watched folder) counts too.
        try Data(#"{"messages": {"game.extra": {"role": "label", "message": "Extra"}}}"#.utf8)
            .write(to: templates.appendingPathComponent("extra.json"))
        #expect(wait(for: "extra.json changed", in: errors))
        // Each preview printed (the first, three edits that worked, the new file): five.
        let deadline = Date().addingTimeInterval(20)
        while count("== TalkBack · ko", in: output) < 5 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(count("== TalkBack · ko", in: output) >= 5)
        #expect(process.isRunning)
        process.terminate()
        for _ in 0..<50 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!process.isRunning, "SIGTERM stops a watch")
    }

    @Test func watchingNeedsSomethingToWatch() throws {
        let run = try Tool.run(["preview", "--watch"])
        #expect(run.status == 64)
        #expect(run.error.contains("--watch needs something to watch"))
    }
}
