#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Testing

/// A tool-built artifact the tests share (a compiled Kotlin program): built once, or why not.
enum ToolBuild<Built: Sendable>: Sendable {
    /// The tool (`kotlinc`, `kotlin`) is not on PATH.
    case missing(String)
    case failed(String)
    case built(Built)

    /// The artifact, or nil after saying why the test is skipped: the tool is missing here
    /// (under CI, where `CI` is set, a missing tool is a failure); a failed build is a failure.
    func resolved(sourceLocation: SourceLocation) -> Built? {
        switch self {
        case .built(let built):
            return built
        case .missing(let tool):
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("\(tool) is not installed; CI must have it", sourceLocation: sourceLocation)
            } else {
                print("skipped: \(tool) is not on PATH")
            }
            return nil
        case .failed(let message):
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return nil
        }
    }
}

// MARK: Processes (this target has no Foundation, hence no Process)

/// A Kotlin driver of a generated particle resolver, compiled once by kotlinc: it reads lines
/// "value\tVALUE\tTEXT" (VALUE marked as a run-time value, then TEXT; any other first field: the
/// two fields as they are) and writes one resolved text per line.
struct CompiledParticleDriver: Sendable {
    let directory: String
    let kotlin: String
    /// The JVM class with `main`.
    let mainClass: String
    let compilerOutput: String
    let compileSeconds: Double

    /// Runs the driver on `lines`; one resolved text per line.
    func resolve(_ lines: [String]) throws -> [String] {
        let input = directory + "/input-\(UInt64.random(in: 0...UInt64.max)).txt"
        try write(lines.joined(separator: "\n") + "\n", to: input)
        let run = try spawnAndWait([kotlin, "-cp", directory + "/classes", mainClass], in: directory, input: input, name: "kotlin")
        try #require(run.status == 0, "\(run.error)")
        return run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// `source` compiled by kotlinc in a new folder named after `name`; `.missing` without
    /// kotlinc or kotlin on PATH.
    static func build(_ source: String, name: String, mainClass: String) -> ToolBuild<CompiledParticleDriver> {
        guard let kotlinc = pathOfTool("kotlinc") else { return .missing("kotlinc") }
        guard let kotlin = pathOfTool("kotlin") else { return .missing("kotlin") }
        do {
            let directory = try temporaryDirectory(name)
            try write(source, to: directory + "/Resolver.kt")
            let clock = ContinuousClock()
            let start = clock.now
            let compiled = try spawnAndWait([kotlinc, directory + "/Resolver.kt", "-d", directory + "/classes"], in: directory, name: "kotlinc")
            let elapsed = clock.now - start
            guard compiled.status == 0 else { return .failed("kotlinc failed:\n\(compiled.output)\(compiled.error)") }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return .built(CompiledParticleDriver(directory: directory, kotlin: kotlin, mainClass: mainClass,
                                                 compilerOutput: compiled.output + compiled.error, compileSeconds: (seconds * 10).rounded() / 10))
        } catch {
            return .failed("could not build \(name): \(error)")
        }
    }
}

/// A tool on PATH: its path, or nil.
func pathOfTool(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Runs `arguments` in `directory` with standard input from the file `input` (or nothing) and
/// waits for it: its exit status, standard output and standard error (kept in files named
/// after `name`).
func spawnAndWait(_ arguments: [String], in directory: String, input: String? = nil, name: String) throws
    -> (status: Int32, output: String, error: String) {
    let stamp = UInt64.random(in: 0...UInt64.max)
    let outPath = directory + "/\(name)-\(stamp).out", errPath = directory + "/\(name)-\(stamp).err"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
    try #require(spawned == 0, "could not start \(arguments[0]): error \(spawned)")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    let output = String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self)
    let error = String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self)
    return (exit, output, error)
}
