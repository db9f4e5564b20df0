import Foundation
import Testing
import SpeakableTestSupport

/// Issue 13, "outputs as a transaction": `speakable compile` killed at random points, and
/// compiles racing into one folder. After every run the folder must hold a complete earlier set
/// or the complete new set — never a mix, never a stray file. The only thing a killed run may
/// leave is its private staging folder (and, if killed during the renames, its commit record),
/// which the next run cleans up (or finishes) before anything else; the test checks that this
/// finished state is a complete set too.
///
/// `SPEAKABLE_KILL_RUNS` sets the number of killed runs (default 200).
@Suite(.serialized) struct KillTests {
    typealias Snapshot = [String: Data]

    /// A project big enough that a compile takes a while and writes many files: two tables,
    /// three locales in `A`; `B` has other translations, no French (its files must go) and a
    /// third table.
    static func makeProject(_ name: String, variant: String) throws -> String {
        let root = try temporaryFolder(name)
        let tables = variant == "A" ? ["game", "menu"] : ["game", "menu", "shop"]
        let locales = variant == "A" ? ["ko", "ja", "fr"] : ["ko", "ja"]
        for table in tables {
            var messages: [String: Any] = [:]
            var translations: [String: [String: String]] = [:]
            for i in 0..<40 {
                let key = "\(table).m\(i)"
                messages[key] = [
                    "message": i % 3 == 0 ? "Level {level}, {stars, plural, one {# star} other {# stars}} (\(i))"
                        : i % 3 == 1 ? "{state, select, on {On \(i)} off {Off \(i)} other {Unknown \(i)}}" : "Plain text \(i) for \(table)",
                    "comment": "Message \(i) of \(table), variant \(variant)",
                ]
                for locale in locales {
                    translations[locale, default: [:]][key] = i % 3 == 0 ? "\(locale) {level} {stars, plural, other {# \(variant)}} \(i)"
                        : i % 3 == 1 ? "{state, select, on {\(locale) on \(variant)} other {\(locale) off}}" : "\(locale) text \(variant) \(i)"
                }
            }
            try writeJSON(["messages": messages], to: root + "/Templates/\(table).json")
            for (locale, values) in translations { try writeJSON(values, to: root + "/Locales/\(locale)/\(table).json") }
        }
        try writeJSON(["sourceLocale": "en", "targetLocales": locales], to: root + "/speakable.json")
        return root
    }

    /// The files under `folder` (a compile's whole set, manifest included), without the
    /// transaction's own leftovers, which are returned apart.
    static func snapshot(_ folder: String) -> (files: Snapshot, leftovers: [String]) {
        var files: Snapshot = [:]
        var leftovers: [String] = []
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return ([:], []) }
        while let path = enumerator.nextObject() as? String {
            let full = folder + "/" + path
            let first = path.prefix { $0 != "/" }
            if first.hasPrefix(".speakable-staging-") || first == ".speakable-commit" {
                if !path.contains("/") { leftovers.append(path) }
                continue
            }
            // The stamp is the next compile's shortcut, written after the commit: not an output.
            if first.hasPrefix(".speakable-stamp") { continue }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = FileManager.default.contents(atPath: full) }
        }
        return (files, leftovers.sorted())
    }

    /// What the next run makes of `files` when a commit record is there: it installs every staged
    /// file still in the staging folder and removes what the record says.
    static func finished(_ folder: String, _ files: Snapshot) throws -> Snapshot {
        guard let data = FileManager.default.contents(atPath: folder + "/.speakable-commit") else { return files }
        let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let staging = try #require(record["staging"] as? String)
        var result = files
        for pair in record["install"] as? [[String]] ?? [] {
            if let staged = FileManager.default.contents(atPath: folder + "/" + staging + "/" + pair[0]) { result[pair[1]] = staged }
        }
        for path in record["remove"] as? [String] ?? [] { result[path] = nil }
        return result
    }

    /// A running `speakable compile`, started with `posix_spawn` and default signal handling (a
    /// test runner may block signals, and children inherit that).
    struct Child {
        let pid: pid_t

        /// Waits for the child; whether it exited by itself (not by a signal), its status, and the
        /// signal that ended it otherwise.
        func wait() -> (exited: Bool, status: Int32) {
            let result = waitWithSignal()
            return (result.exited, result.status)
        }

        func waitWithSignal() -> (exited: Bool, status: Int32, signal: Int32) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            return (signal == 0, (status >> 8) & 0xFF, signal)
        }
    }

    /// Watches `out` until the commit record appears, then kills `child` (SIGKILL); false when
    /// the child ended first (or the record came and went between two looks).
    static func killWhenCommitting(_ child: Child, _ out: String) -> Bool {
        var info = stat()
        let record = out + "/.speakable-commit"
        var looks = 0
        while true {
            if lstat(record, &info) == 0 {
                kill(child.pid, SIGKILL)
                return true
            }
            looks += 1
            // Now and then, whether the child has ended (a zombie in /proc): it will not commit.
            if looks % 64 == 0, let state = try? String(contentsOfFile: "/proc/\(child.pid)/stat", encoding: .utf8),
               let close = state.lastIndex(of: ")"), state[state.index(close, offsetBy: 2)] == "Z" {
                return false
            }
        }
    }

    static func launch(_ project: String, _ out: String) throws -> Child {
        try spawn([speakable, "compile", "--project", project, "--out", out, "--quiet"])
    }

    /// Starts `arguments` with default signal handling and an empty signal mask; standard
    /// streams from the given descriptors (default /dev/null).
    static func spawn(_ arguments: [[UInt8]], input: Int32? = nil, output: Int32? = nil, error: Int32? = nil) throws -> Child {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target) in [(input, Int32(0)), (output, 1), (error, 2)] {
            if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, target) } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { pointer[i] = CChar(bitPattern: b) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, speakable, &actions, &attributes, &argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return Child(pid: pid)
    }

    static func spawn(_ arguments: [String], input: Int32? = nil, output: Int32? = nil, error: Int32? = nil) throws -> Child {
        try spawn(arguments.map { Array($0.utf8) }, input: input, output: output, error: error)
    }

    @Test func killedCompilesLeaveACompleteSet() throws {
        let runs = Int(ProcessInfo.processInfo.environment["SPEAKABLE_KILL_RUNS"] ?? "") ?? 200
        let projects = [try Self.makeProject("kill-a", variant: "A"), try Self.makeProject("kill-b", variant: "B")]
        // The complete sets, each compiled alone into a fresh folder.
        var sets: [Snapshot] = []
        var durations: [Double] = []
        for project in projects {
            let reference = try temporaryFolder("kill-reference")
            let result = try run(speakable, ["compile", "--project", project, "--out", reference, "--quiet"])
            #expect(result.status == 0, "\(result.error)")
            sets.append(Self.snapshot(reference).files)
            // How long a run takes from launch to exit, as the loop launches them.
            for _ in 0..<3 {
                let start = Date()
                _ = try Self.launch(project, try temporaryFolder("kill-timing")).wait()
                durations.append(Date().timeIntervalSince(start))
            }
        }
        // A typical run (the median): kills are spread over it.
        var duration = durations.sorted()[durations.count / 2]
        #expect(sets[0].count > 10 && sets[1].count > 10 && sets[0] != sets[1])
        #expect(sets[0].keys.contains("android/res/values-fr/strings.xml") && !sets[1].keys.contains("android/res/values-fr/strings.xml"))

        let out = try temporaryFolder("kill-out") + "/Generated"
        #expect(try run(speakable, ["compile", "--project", projects[0], "--out", out, "--quiet"]).status == 0)
        var current = 0
        var outcomes: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        var atCommit = 0
        // Until `runs` compiles were killed (a kill that comes after a run ended kills nothing;
        // those runs count as finished and are checked the same way).
        var index = 0
        var killed = 0
        while killed < runs && index < 3 * runs {
            defer { index += 1 }
            // The machine's load changes while the test runs (other builds): every 25 runs, one
            // compile runs to its end and its time is what kills are spread over next.
            if index > 0 && index % 25 == 0 {
                let start = Date()
                _ = try Self.launch(projects[current], try temporaryFolder("kill-timing")).wait()
                duration = (duration + Date().timeIntervalSince(start)) / 2
            }
            let next = Int.random(in: 0...1, using: &generator)
            let child = try Self.launch(projects[next], out)
            if index % 4 == 3 {
                // A quarter at the commit itself: as soon as the commit record is there (the
                // renames are under way), SIGKILL, which cannot be deferred.
                if Self.killWhenCommitting(child, out) { atCommit += 1 }
            } else {
                // The rest anywhere in the run, or near its end, where it writes.
                let fraction = index % 2 == 0 ? Double.random(in: 0...1, using: &generator) : Double.random(in: 0.5...1.05, using: &generator)
                usleep(UInt32(fraction * duration * 1_000_000))
                kill(child.pid, [SIGKILL, SIGTERM, SIGINT][index % 3])
            }
            let (exited, _) = child.wait()
            let (files, leftovers) = Self.snapshot(out)
            let visible = files == sets[current] ? "previous" : files == sets[next] ? "new" : "mixed"
            let completed = try Self.finished(out, files)
            let outcome = completed == sets[current] ? "previous" : completed == sets[next] ? "new" : "mixed"
            #expect(outcome != "mixed", "run \(index): neither a complete previous nor a complete new set (\(files.count) files, leftovers \(leftovers))")
            if outcome == "new" { current = next }
            if !exited { killed += 1 }
            let key = exited ? "finished" : "killed"
            outcomes["\(key), \(visible == outcome ? outcome : "\(outcome) after recovery")" + (leftovers.isEmpty ? "" : ", staging left"), default: 0] += 1
        }
        #expect(killed >= runs, "only \(killed) of \(index) runs were killed")
        print("kill test: \(index) runs, \(killed) killed (a compile takes \(Int(duration * 1000)) ms), \(atCommit) killed during the commit's renames, outcomes: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; "))")
        // The next run finishes or cleans up, and leaves nothing but the set.
        let last = try run(speakable, ["compile", "--project", projects[current], "--out", out, "--quiet"])
        #expect(last.status == 0, "\(last.error)")
        let (files, leftovers) = Self.snapshot(out)
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(files == sets[current])
    }

    @Test func concurrentCompilesIntoOneFolderLeaveOneCompleteSet() throws {
        let projects = [try Self.makeProject("race-a", variant: "A"), try Self.makeProject("race-b", variant: "B")]
        var sets: [Snapshot] = []
        for project in projects {
            let reference = try temporaryFolder("race-reference")
            #expect(try run(speakable, ["compile", "--project", project, "--out", reference, "--quiet"]).status == 0)
            sets.append(Self.snapshot(reference).files)
        }
        let out = try temporaryFolder("race-out") + "/Generated"
        var finals: [Int: Int] = [:]
        for round in 0..<6 {
            let children = try (0..<3).map { i in try Self.launch(projects[(i + round) % 2], out) }
            let results = children.map { $0.wait() }
            #expect(results.allSatisfy { $0.exited && $0.status == 0 })
            let (files, leftovers) = Self.snapshot(out)
            #expect(leftovers.isEmpty, "\(leftovers)")
            let which = sets.firstIndex(of: files)
            #expect(which != nil, "round \(round): the folder holds a mix of two compiles")
            finals[which ?? -1, default: 0] += 1
        }
        print("concurrent compiles: 6 rounds of 3, final sets: \(finals.sorted { $0.key < $1.key })")
    }
}

/// Issue 13, "lost outputs" and output-folder mistakes, through the binary.
@Suite(.serialized) struct OutputSafetyTests {
    /// A missing Templates/ only warned, then wrote empty XLIFF and values/strings.xml over good
    /// ones and left the rest stale.
    @Test func aMissingTemplatesFolderWritesNothing() throws {
        let project = try makeProject("no-templates", messages: [(key: "a", message: "Hello", comment: nil)], korean: ["a": "안녕"])
        let out = project + "/Generated"
        #expect(try run(speakable, ["compile", "--project", project, "--out", out]).status == 0)
        let before = KillTests.snapshot(out).files
        let stamps = try before.keys.map { try FileManager.default.attributesOfItem(atPath: out + "/" + $0)[.modificationDate] as? Date }
        try FileManager.default.moveItem(atPath: project + "/Templates", toPath: project + "/Templates.moved")
        let result = try run(speakable, ["compile", "--project", project, "--out", out])
        // Nothing to compile is a missing input: exit 64, as every command's missing inputs (docs/cli.md).
        #expect(result.status == 64)
        #expect(result.error.contains("speakable compile: nothing to compile: \(project)/Templates/ has no messages"), "\(result.error)")
        #expect(result.error.contains("nothing was written"), "\(result.error)")
        #expect(KillTests.snapshot(out).files == before)
        #expect(try before.keys.map { try FileManager.default.attributesOfItem(atPath: out + "/" + $0)[.modificationDate] as? Date } == stamps)
    }

    /// Two compiles into one folder mixed their outputs; now the second waits for the lock the
    /// first holds for its whole write, and says so (not a silent hang).
    @Test func aSecondCompileSaysItWaitsThenWrites() throws {
        let project = try makeProject("lock", messages: [(key: "a", message: "Hello", comment: nil)])
        let out = project + "/Generated"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // This process holds the lock, as a running compile does.
        let folder = open(out, O_RDONLY | O_DIRECTORY)
        #expect(folder >= 0 && flock(folder, LOCK_EX) == 0)
        var errors: [Int32] = [0, 0]
        #expect(cloexecPipe(&errors))
        let child = try KillTests.spawn(["speakable", "compile", "--project", project, "--out", out, "--quiet"], error: errors[1])
        close(errors[1])
        var said = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 512)
        while !String(decoding: said, as: UTF8.self).contains("\n") {
            let n = buffer.withUnsafeMutableBytes { read(errors[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            said += buffer[0..<n]
        }
        #expect(String(decoding: said, as: UTF8.self) == "speakable compile: waiting for another speakable writing into \(out)/ to finish\n")
        #expect(KillTests.snapshot(out).files.isEmpty, "it wrote while the folder was locked")
        flock(folder, LOCK_UN)
        close(folder)
        let result = child.wait()
        close(errors[0])
        #expect(result.exited && result.status == 0)
        #expect(KillTests.snapshot(out).files.keys.contains("swift/Speakable+game.swift"))
    }

    /// `--out` naming a file printed a raw CocoaError.
    @Test func anOutputThatIsAFileIsAPlainError() throws {
        let project = try makeProject("out-file", messages: [(key: "a", message: "Hello", comment: nil)])
        try "notes".write(toFile: project + "/notes.txt", atomically: true, encoding: .utf8)
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/notes.txt"])
        #expect(result.status == 1)
        #expect(result.error == "\(project)/notes.txt: error: refusing to write: '\(project)/notes.txt' is a file, not a folder; give --out a folder [output-unsafe-path]\n")
        #expect(try String(contentsOfFile: project + "/notes.txt", encoding: .utf8) == "notes")
    }

    /// A committed `Generated` that is a link to somewhere else was followed.
    @Test func aGeneratedFolderThatIsALinkIsRefused() throws {
        let project = try makeProject("out-link", messages: [(key: "a", message: "Hello", comment: nil)])
        let elsewhere = try temporaryFolder("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: project + "/Generated", withDestinationPath: elsewhere)
        let result = try run(speakable, ["compile", "--project", project])
        #expect(result.status == 1)
        #expect(result.error.contains("is a symbolic link"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }
}


/// A pipe whose ends are closed in children (pipe2 is not visible to Swift here).
func cloexecPipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    return fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0 && fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
}

/// Issue 13: the process itself — a closed standard output, arguments that are not UTF-8.
@Suite(.serialized) struct ProcessRobustnessTests {
    /// A closed stdout killed the process with SIGPIPE.
    @Test func aClosedStandardOutputEndsTheRunQuietly() throws {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        // Close-on-exec: the child gets only the ends it is given as 0, 1 and 2 (holding the reading
        // end of its own output would keep the pipe open).
        #expect(cloexecPipe(&input) && cloexecPipe(&output) && cloexecPipe(&errors))
        let child = try KillTests.spawn(["speakable", "format", "--jsonl"], input: input[0], output: output[1], error: errors[1])
        close(input[0]); close(output[1]); close(errors[1])
        // Read one answer, then close the reading end, as `| head -1` does.
        let request = Array("{\"message\": \"{n, plural, one {# star} other {# stars}}\", \"args\": {\"n\": 2}}\n".utf8)
        _ = request.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer[0..<max(0, n)], as: UTF8.self) == "{\"output\":\"2 stars\"}\n")
        close(output[0])
        // Keep asking until it notices nobody reads its answers.
        signal(SIGPIPE, SIG_IGN)
        for _ in 0..<10_000 {
            if request.withUnsafeBytes({ write(input[1], $0.baseAddress, $0.count) }) < 0 { break }
        }
        close(input[1])
        let result = child.waitWithSignal()
        #expect(result.exited, "killed by signal \(result.signal)")
        #expect(result.status == 1)
        var stderrBytes = [UInt8](repeating: 0, count: 4096)
        let m = stderrBytes.withUnsafeMutableBytes { read(errors[0], $0.baseAddress, $0.count) }
        #expect(m == 0, "it said: \(String(decoding: stderrBytes[0..<max(0, m)], as: UTF8.self))")
        close(errors[0])
    }

    /// Invalid UTF-8 in an argument was silently repaired to U+FFFD.
    @Test func anArgumentThatIsNotUTF8IsAUsageError() throws {
        var errors: [Int32] = [0, 0]
        #expect(cloexecPipe(&errors))
        let child = try KillTests.spawn([Array("speakable".utf8), Array("format".utf8), Array("caf".utf8) + [0xE9, 0x20] + Array("{n}".utf8)],
                                        error: errors[1])
        close(errors[1])
        let result = child.wait()
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { read(errors[0], $0.baseAddress, $0.count) }
        close(errors[0])
        #expect(result.exited && result.status == 64)
        #expect(String(decoding: bytes[0..<max(0, n)], as: UTF8.self)
                == "speakable: argument 2 is not valid UTF-8: caf\\xE9 {n}\nSpeakable reads text as UTF-8; check the shell's locale or the file the argument came from.\n")
    }
}

/// Issue 13: inputs that used to flood standard error or memory, through the binary.
@Suite(.serialized) struct FloodTests {
    /// Every unknown entity printed its own diagnostic with the whole line: a 6 MB file wrote
    /// 16 GB of standard error in a minute.
    @Test func aFileOfUnknownEntitiesPrintsAFewKilobytes() throws {
        let project = try temporaryFolder("entities")
        let entities = String(repeating: "&x;", count: 200_000)
        try FileManager.default.createDirectory(atPath: project + "/res/values", withIntermediateDirectories: true)
        try "<resources><string name=\"a\">\(entities)</string></resources>".write(toFile: project + "/res/values/strings.xml", atomically: true, encoding: .utf8)
        for arguments in [["check", "res"], ["import", "res/values/strings.xml", "--dry-run"]] {
            let result = try run(speakable, arguments, in: project)
            #expect(result.status != 0)
            #expect(result.output.utf8.count + result.error.utf8.count < 100_000, "\(arguments): \(result.output.utf8.count + result.error.utf8.count) bytes")
            #expect((result.output + result.error).contains("199900 more"), "\(arguments): \(result.error.suffix(300))")
        }
    }

    /// A 200 MB one-line locale printed 279 MB of standard error for one error.
    @Test func aHugeOneLineLocaleIsRefusedInOneLine() throws {
        let project = try makeProject("huge-locale", messages: [(key: "a", message: "Hello", comment: nil)])
        try FileManager.default.createDirectory(atPath: project + "/Locales/ko", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: project + "/Locales/ko/game.json", contents: Data("{\"a\": \"".utf8))
        // 80 MiB: over the limit of one file (64 MiB), under the whole project's (96 MiB).
        #expect(truncate(project + "/Locales/ko/game.json", 80 << 20) == 0)  // sparse: nothing is written to disk
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
        #expect(result.status == 1)
        #expect(result.error.utf8.count < 1000, "\(result.error.prefix(500))")
        #expect(result.error.contains("the file is 83886080 bytes; the limit is 67108864 bytes (64 MiB) [file-too-large]"), "\(result.error)")
        // 200 MiB: the project's limit says so before any file is read.
        #expect(truncate(project + "/Locales/ko/game.json", 200 << 20) == 0)
        let whole = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
        #expect(whole.status == 1)
        #expect(whole.error.utf8.count < 1000, "\(whole.error.prefix(500))")
        #expect(whole.error.contains("the limit is 96 MiB [project-too-large]"), "\(whole.error)")
    }
}
