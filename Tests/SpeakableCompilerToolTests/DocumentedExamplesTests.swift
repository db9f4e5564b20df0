import Foundation
import Testing
import SpeakableTestSupport

/// Every command the documentation shows runs as written (docs/cli.md, "How the examples are
/// tested"): fenced `sh` blocks of README.md and docs/*.md, and the EXAMPLES of `speakable --help`
/// and of every command's `--help`. Each page runs in a fresh copy of the repository, from its
/// root, and must leave that copy clean as git sees it.
@Suite(.serialized) struct DocumentedExamplesTests {
    /// One command to run, with where it is written and the exit status documented for it.
    struct Example: CustomStringConvertible {
        let place: String
        let command: String
        let expectedStatus: Int32
        var description: String { "\(place): \(command)" }
    }

    /// The documented commands of one markdown page, and what breaks the convention.
    static func examples(inMarkdown text: String, file: String) -> (examples: [Example], skipped: Int, problems: [String]) {
        var examples: [Example] = []
        var problems: [String] = []
        var skipped = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        var previous = ""
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                if !trimmed.isEmpty { previous = trimmed }
                index += 1
                continue
            }
            let fence = String(trimmed.prefix { $0 == "`" })
            let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
            var body: [(Int, String)] = []
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(fence) {
                body.append((index + 1, lines[index]))
                index += 1
            }
            index += 1
            defer { previous = "" }
            guard info == "sh" else {
                if ["bash", "shell", "console", "zsh"].contains(info) {
                    problems.append("\(file):\(body.first?.0 ?? index): a `\(info)` block: mark commands `sh` (run) or `text` (not run)")
                }
                continue
            }
            if previous.hasPrefix("<!-- examples: skip") {
                let reason = previous.dropFirst("<!-- examples: skip".count).trimmingCharacters(in: CharacterSet(charactersIn: " ():-"))
                if reason.count < 8 || !previous.hasSuffix("-->") {
                    problems.append("\(file): a skipped block needs a reason: <!-- examples: skip (why) -->")
                }
                skipped += 1
                continue
            }
            let (found, bad) = commands(in: body, place: file)
            examples += found
            problems += bad
        }
        return (examples, skipped, problems)
    }

    /// Commands of a block: `\` joins lines, `#` lines are comments, `# exit N` sets the status.
    static func commands(in body: [(line: Int, text: String)], place: String) -> ([Example], [String]) {
        var examples: [Example] = []
        var problems: [String] = []
        var pending = ""
        var start = 0
        for (number, raw) in body {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if pending.isEmpty {
                if text.isEmpty || text.hasPrefix("#") { continue }
                start = number
            }
            if text.hasSuffix("\\") {
                pending += String(text.dropLast()) + " "
                continue
            }
            var command = pending + text
            pending = ""
            // `# not run: why` skips one command (one that runs until stopped, like --watch).
            if command.range(of: #"#\s*not run:\s*\S"#, options: .regularExpression) != nil { continue }
            var status: Int32 = 0
            if let match = command.range(of: #"#\s*exit\s+([0-9]+)"#, options: .regularExpression) {
                status = Int32(command[match].filter(\.isNumber)) ?? 0
            }
            if command.hasPrefix("swift run speakable ") || command == "swift run speakable" {
                command = "speakable" + command.dropFirst("swift run speakable".count)
            }
            let where_ = "\(place):\(start)"
            if command.hasPrefix("swift ") || command.hasPrefix(".ci/") {
                problems.append("\(where_): `\(command)` builds or tests the package; mark its block <!-- examples: skip (reason) -->")
                continue
            }
            if command.hasPrefix("cd ") {
                problems.append("\(where_): each command runs from the repository root; write paths instead of `cd`")
                continue
            }
            examples.append(Example(place: where_, command: command, expectedStatus: status))
        }
        return (examples, problems)
    }

    /// The EXAMPLES section of a help text.
    static func examples(inHelp help: String, place: String) -> [Example] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("EXAMPLES") }) else { return [] }
        var body: [(line: Int, text: String)] = []
        for (offset, line) in lines[(start + 1)...].enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            body.append((start + 2 + offset, line))
        }
        return commands(in: body, place: place).0
    }

    /// A fresh copy of the repository: tracked files and new files .gitignore does not exclude,
    /// committed in a throwaway git repository so that `git status` shows what examples add.
    static func repositoryCopy(_ name: String, git: String) throws -> String {
        let copy = try temporaryFolder("examples-\(name)")
        let listed = try run(git, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: packageRoot.path)
        #expect(listed.status == 0, "\(listed.error)")
        for path in listed.output.split(separator: "\0").map(String.init) where !path.isEmpty {
            let source = packageRoot.path + "/" + path
            guard FileManager.default.fileExists(atPath: source) else { continue }  // deleted, not yet committed
            let target = copy + "/" + path
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: target)
        }
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=examples", "-c", "user.email=examples@localhost", "commit", "-qm", "copy"]] {
            let result = try run(git, arguments, in: copy)
            #expect(result.status == 0, "git \(arguments): \(result.error)")
        }
        return copy
    }

    /// A folder whose `speakable` is the binary under test.
    static func binFolder() throws -> String {
        let bin = try temporaryFolder("bin")
        try FileManager.default.createSymbolicLink(atPath: bin + "/speakable", withDestinationPath: speakable)
        return bin
    }

    /// Runs `command` with `sh -c`; past `seconds`, stops it and everything it started (Foundation
    /// starts the shell in a process group of its own, so the group is killed: terminating the
    /// shell alone once left a documented fuzzing run's fuzzers running long after the test).
    static func runShell(_ command: String, in directory: String, bin: String, seconds: Int = 300) throws -> (run: Run, timedOut: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchTime.now() + .seconds(seconds)
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        nonisolated(unsafe) var outputData = Data()
        group.enter()
        DispatchQueue.global().async { errorData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { outputData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let timedOut = group.wait(timeout: deadline) == .timedOut
        if timedOut {
            kill(-process.processIdentifier, SIGKILL)
            group.wait()
        }
        process.waitUntilExit()
        return (Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                    error: String(decoding: errorData, as: UTF8.self)), timedOut)
    }

    /// Runs `examples` in order in a fresh copy; returns how many ran.
    static func runAll(_ examples: [Example], copyName: String, git: String, bin: String) throws -> Int {
        guard !examples.isEmpty else { return 0 }
        let started = Date()
        defer { print("examples of \(copyName): \(examples.count) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s") }
        let copy = try repositoryCopy(copyName, git: git)
        for example in examples {
            let (result, timedOut) = try runShell(example.command, in: copy, bin: bin)
            if timedOut { Issue.record("`\(example.command)` ran longer than 300 s") }
            #expect(result.status == example.expectedStatus,
                    "\(example) exited \(result.status), documented \(example.expectedStatus)\n\(result.error.suffix(2000))")
        }
        let status = try run(git, ["status", "--porcelain", "--untracked-files=all"], in: copy)
        #expect(status.output.isEmpty, "the examples of \(copyName) leave files git sees (add them to .gitignore or write elsewhere):\n\(status.output)")
        try? FileManager.default.removeItem(atPath: copy)
        return examples.count
    }

    @Test func everyDocumentedCommandRunsAsWritten() throws {
        guard let git = which("git") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("git is needed to copy the repository") }
            else { print("skipped: git is not installed") }
            return
        }
        let bin = try Self.binFolder()
        var counts: [String: Int] = [:]
        var skipped = 0
        for page in documentationPages {
            let text = try String(contentsOfFile: packageRoot.path + "/" + page, encoding: .utf8)
            let found = Self.examples(inMarkdown: text, file: page)
            for problem in found.problems { Issue.record(Comment(rawValue: problem)) }
            skipped += found.skipped
            counts[page == "README.md" ? "README" : "docs", default: 0]
                += try Self.runAll(found.examples, copyName: page.replacingOccurrences(of: "/", with: "-"), git: git, bin: bin)
        }
        // `speakable --help`, then each command's --help, each in its own copy.
        let overview = try run(speakable, ["--help"]).output
        counts["help", default: 0] += try Self.runAll(Self.examples(inHelp: overview, place: "speakable --help"),
                                                      copyName: "help", git: git, bin: bin)
        var commandNames: [String] = []
        var inCommands = false
        for line in overview.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("COMMANDS:") { inCommands = true; continue }
            if inCommands {
                guard line.hasPrefix("  "), let name = line.split(separator: " ").first else { break }
                commandNames.append(String(name))
            }
        }
        #expect(commandNames.count >= 6, "\(commandNames)")
        for name in commandNames {
            let help = try run(speakable, [name, "--help"])
            #expect(help.status == 0)
            let examples = Self.examples(inHelp: help.output, place: "speakable \(name) --help")
            #expect(!examples.isEmpty, "speakable \(name) --help has no EXAMPLES")
            counts["help", default: 0] += try Self.runAll(examples, copyName: "help-\(name)", git: git, bin: bin)
        }
        let total = counts.values.reduce(0, +)
        print("documented examples: ran \(total) commands (README \(counts["README"] ?? 0), docs \(counts["docs"] ?? 0), --help \(counts["help"] ?? 0)); \(skipped) blocks skipped with a reason")
        #expect((counts["README"] ?? 0) >= 10)
        #expect((counts["help"] ?? 0) >= 20)
    }

    /// An example that runs too long is stopped with everything it started (a documented fuzzing
    /// run once left its fuzzers running after the test had stopped waiting for it).
    @Test func anExampleThatRunsTooLongIsStoppedWithWhatItStarted() throws {
        let marker = "/tmp/speakable-examples-timeout-\(UUID().uuidString)"
        let (result, timedOut) = try Self.runShell("sh -c 'sleep 600; touch \(marker)' & echo $!; sleep 600", in: "/tmp",
                                                   bin: "/nonexistent", seconds: 2)
        #expect(timedOut)
        let pid = try #require(Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result)")
        var gone = false
        for _ in 0..<100 where !gone {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            gone = stat.isEmpty || stat.contains(") Z ")
            if !gone { usleep(20_000) }
        }
        #expect(gone, "the example's background shell \(pid) still runs")
        if !gone { kill(pid, SIGKILL) }
    }

    /// The convention itself: what is run, what is skipped, what the status must be.
    @Test func theExtractionConvention() {
        let page = """
        ```sh
        speakable check MyGame          # exit 1 when errors
        swift run speakable compile \\
            --project MyGame
        # a comment line
        speakable preview --watch   # not run: runs until Ctrl-C
        ```

        <!-- examples: skip (a release build takes minutes) -->
        ```sh
        swift build -c release
        ```

        ```text
        speakable <command> [options]
        ```

        ```sh
        swift test
        cd MyGame
        ```
        """
        let found = Self.examples(inMarkdown: page, file: "page.md")
        #expect(found.examples.map(\.command) == ["speakable check MyGame          # exit 1 when errors",
                                                   "speakable compile  --project MyGame"])
        #expect(found.examples.map(\.expectedStatus) == [1, 0])
        #expect(found.examples.map(\.place) == ["page.md:2", "page.md:3"])
        #expect(found.skipped == 1)
        #expect(found.problems.count == 2, "\(found.problems)")
    }

    /// Nothing in the README or docs/ points outside the repository: no link to a file that is
    /// not in it, no web link, no mention of the design notes a user of the repository lacks.
    @Test func theDocumentationStaysInsideTheRepository() throws {
        let forbidden = ["../shared", "DESIGN.md", "PHRASING", "ICU-NOTES", "PLATFORM-NOTES", "STYLE.md", "seeds/00"]
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)|href="([^"]+)""#)
        for page in documentationPages {
            let text = try String(contentsOfFile: packageRoot.path + "/" + page, encoding: .utf8)
            for word in forbidden where text.contains(word) {
                Issue.record("\(page) mentions \(word), which a user of the repository does not have")
            }
            let base = (page as NSString).deletingLastPathComponent
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                let target = String(text[Range(range, in: text)!])
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("//") {
                    Issue.record("\(page) links outside the repository: \(target)")
                    continue
                }
                if target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
                let path = String(target.prefix { $0 != "#" })
                let resolved = URL(fileURLWithPath: packageRoot.path + "/" + (base.isEmpty ? "" : base + "/") + path).standardizedFileURL.path
                #expect(resolved.hasPrefix(packageRoot.standardizedFileURL.path + "/"), "\(page): \(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: resolved), "\(page): \(target) does not exist")
            }
        }
    }
}
