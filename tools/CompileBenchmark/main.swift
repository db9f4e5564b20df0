// Compile benchmark: a generated project of 10,000 messages × 12 locales, compiled into every
// output (String Catalogs, Android resources, XLIFF, Swift accessors) and written to disk.
//
//   swift run -c release CompileBenchmark [--messages N] [--rounds R] [--keep DIR] [--json PATH]
//
// Prints, per round, the time to load the project, compile it in memory and write the files,
// then the median, the peak memory of the process (getrusage ru_maxrss), and a no-change
// rebuild (compile + write when every output is already up to date: nothing is written).
//
// Then what a build runs: the `speakable` executable beside this one (or --speakable PATH),
// `speakable compile` of the project into a fresh folder (full), after one translation is
// edited (each round another text), and with nothing changed; and `aapt2 compile` of the
// Android part of the same output (when aapt2 is installed), in interleaved rounds. Wall and
// CPU time of each child process (wait4).
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import BenchmarkSupport
import SpeakableCatalog
import SpeakableCompiler

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: "--" + name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let messageCount = Int(option("messages") ?? "") ?? 10_000
let rounds = Int(option("rounds") ?? "") ?? 3
let tables = 10
let locales = ["en", "ko", "ja", "de", "fr", "es", "ru", "ar", "pl", "pt-BR", "zh-Hans", "sr-Latn"]

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// User + system CPU time of the process so far (less sensitive to a busy machine than wall time).
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // Linux reports kibibytes
}

func write(_ text: String, _ path: String) {
    let url = URL(fileURLWithPath: path)
    try! FileManager.default.createDirectory(atPath: url.deletingLastPathComponent().path, withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: url)
}

func quoted(_ s: String) -> String {
    "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
}

/// One message of the mix: selects (one key per case), plurals inside text (substitutions),
/// whole plurals, numbers, plain text — the shapes of the reference apps' messages. As in real
/// projects, the compile warns: the first whole plural says `=0` in English, which Android's
/// plurals cannot (a companion resource and a `catalog-companion` warning on every compile).
func message(_ i: Int, _ tag: String) -> String {
    let p = tag == "en" ? "" : "[\(tag)] "
    switch i % 6 {
    case 0: return p + "Row {row}, column {column}, {content, select, empty {empty} given {given {digit}} other {{digit}}}"
    case 1: return p + "Level {level}, {stars, plural, one {# star} other {# stars}}"
    case 2 where i == 2 && tag == "en": return "{count, plural, =0 {No lines cleared} one {# line cleared} other {# lines cleared}}"
    case 2: return "{count, plural, one {" + p + "# line cleared} other {" + p + "# lines cleared}}"
    case 3: return p + "Piece \(i) placed. Score {score, number}."
    case 4: return p + "{coins, number} O'Coins, hint \(i)"
    default: return p + "Static label number \(i)"
    }
}

func examples(_ i: Int) -> String {
    switch i % 6 {
    case 0: return #"[{"row": 3, "column": 5, "content": "given", "digit": 4}]"#
    case 1: return #"[{"level": 5, "stars": 2}]"#
    case 2: return #"[{"count": 2}]"#
    case 3: return #"[{"score": 640}]"#
    case 4: return #"[{"coins": 9180}]"#
    default: return "[]"
    }
}

func generate(_ root: String) {
    write("{ \"sourceLocale\": \"en\", \"targetLocales\": [\(locales.dropFirst().map(quoted).joined(separator: ", "))] }", root + "/speakable.json")
    let perTable = messageCount / tables
    for t in 0..<tables {
        var template = "{\n  \"messages\": {\n"
        var entries: [String] = []
        for j in 0..<perTable {
            let i = t * perTable + j
            entries.append("    \"table\(t).message\(j)\": { \"role\": \"label\", \"message\": \(quoted(message(i, "en"))), \"comment\": \"Message \(i).\", \"examples\": \(examples(i)) }")
        }
        template += entries.joined(separator: ",\n") + "\n  }\n}\n"
        write(template, root + "/Templates/table\(t).json")
        for tag in locales.dropFirst() {
            var file = "{\n"
            file += (0..<perTable).map { j in "  \"table\(t).message\(j)\": \(quoted(message(t * perTable + j, tag)))" }.joined(separator: ",\n")
            file += "\n}\n"
            write(file, root + "/Locales/\(tag)/table\(t).json")
        }
    }
}

let startedAt = now()
let root = option("keep") ?? FileManager.default.temporaryDirectory.appendingPathComponent("speakable-compile-benchmark-\(getpid())").path
try? FileManager.default.removeItem(atPath: root)
generate(root)
print("project: \(messageCount) messages in \(tables) tables × \(locales.count) locales (\(root))")

/// Gives the memory freed so far back to the system (glibc's `malloc_trim`, looked up by name:
/// it is not in Swift's Glibc module): each round then starts as a new `speakable compile`
/// process does, and the peak is one round's, not where glibc's per-thread arenas happened to
/// keep an earlier round's freed buffers.
func trimFreedMemory() {
    #if canImport(Glibc)
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    #endif
}

var options = CompileOptions()
if let only = option("only") { options.outputs = Set(only.split(separator: ",").compactMap { CompileOutput(rawValue: String($0)) }) }
var totals: [Double] = []
var cpus: [Double] = []
var phases: [(load: Double, compile: Double, write: Double)] = []
var last: (files: Int, bytes: Int) = (0, 0)
for round in 1...rounds {
    trimFreedMemory()
    try? FileManager.default.removeItem(atPath: root + "/Generated")
    let t0 = now()
    let c0 = cpuSeconds()
    let project = ProjectLoader.load(directory: root)
    let t1 = now()
    let result = CatalogCompiler.compile(project, options: options)
    let t2 = now()
    guard !result.hasErrors else {
        for d in result.diagnostics.prefix(10) { print(d.rendered) }
        exit(1)
    }
    let report = try OutputWriter.write(result.files, to: root + "/Generated")
    let t3 = now()
    totals.append(t3 - t0)
    cpus.append(cpuSeconds() - c0)
    phases.append((t1 - t0, t2 - t1, t3 - t2))
    last = (report.written.count, result.files.reduce(0) { $0 + $1.contents.utf8.count })
    print("round \(round): load \(format3(t1 - t0)) s, compile \(format3(t2 - t1)) s, write \(String(format3(t3 - t2))) s, total \(format3(t3 - t0)) s (CPU \(format3(cpus.last!)) s)")
}

func format3(_ x: Double) -> String {
    let scaled = (x * 1000).rounded() / 1000
    return "\(scaled)"
}

let median = totals.sorted()[totals.count / 2]
print("median total: \(format3(median)) s (CPU \(format3(cpus.sorted()[cpus.count / 2])) s) for \(last.files) files, \(last.bytes / 1_048_576) MiB")

trimFreedMemory()
let r0 = now()
let project = ProjectLoader.load(directory: root)
let result = CatalogCompiler.compile(project, options: options)
let report = try OutputWriter.write(result.files, to: root + "/Generated")
let r1 = now()
print("no-change rebuild: \(format3(r1 - r0)) s, \(report.written.count) written, \(report.unchanged.count) unchanged")

// What `speakable compile` does first: read speakable.json, the inputs' identity and the stamp
// the last clean compile left, and stop when nothing changed (CompileStamp).
let stampTool = CompileStamp.tool(version: "benchmark") ?? "benchmark"
let stampOptions = "benchmark"
guard let stampInputs = CompileStamp.inputs(root: root, config: project.config) else { print("cannot read the inputs' identity"); exit(1) }
CompileStamp.record(in: root + "/Generated", tool: stampTool, options: stampOptions, inputs: stampInputs,
                    outputs: result.files.map(\.path), summary: "o unchanged\n")
var stampSeconds: [Double] = []
for _ in 0..<5 {
    let s0 = now()
    let configured = ProjectLoader.config(directory: root, configPath: nil)
    let proved = CompileStamp.inputs(root: configured.root, config: configured.config).flatMap {
        CompileStamp.upToDate(in: root + "/Generated", tool: stampTool, options: stampOptions, inputs: $0)?.summary
    }
    stampSeconds.append(now() - s0)
    guard proved != nil else { print("the stamp did not prove the unchanged project up to date"); exit(1) }
}
let stampMedian = stampSeconds.sorted()[stampSeconds.count / 2]
print("nothing changed (stamp): \(format3(stampMedian)) s, \((1000 * stampMedian / median).rounded() / 10)% of a full compile (goal: 3%)")

// MARK: What a build runs

/// Runs `path` with `arguments`, standard output into `output` (standard error too); wall and
/// CPU seconds (the child's user + system time) and its exit status. (Not its peak memory: a
/// child spawned from this process reports this process's peak as its own, Linux keeping the
/// larger across the exec.)
func spawn(_ path: String, _ arguments: [String], output: String) -> (wall: Double, cpu: Double, status: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let t0 = now()
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return (0, 0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let wall = now() - t0
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return (wall, cpu, (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1)
}

func findExecutable(_ name: String) -> String? {
    for folder in (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin").split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
        return "\(folder)/\(name)"
    }
    return nil
}

let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let speakable = option("speakable") ?? here + "/speakable"
let aapt2 = findExecutable("aapt2")
let log = root + "/child.log"
var builds: (full: [Double], fullCPU: [Double], edit: [Double], editCPU: [Double], same: [Double], aapt2: [Double], aapt2CPU: [Double]) = ([], [], [], [], [], [], [])
func check(_ run: (wall: Double, cpu: Double, status: Int32), _ what: String) {
    guard run.status == 0 else {
        print("\(what) failed (exit \(run.status)):\n" + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
        exit(1)
    }
}
if access(speakable, X_OK) == 0 {
    let buildRounds = max(rounds, 3)
    let edited = root + "/Locales/ko/table3.json"
    let perTable = messageCount / tables
    for round in 1...buildRounds {
        // Full: a fresh output folder.
        try? FileManager.default.removeItem(atPath: root + "/Generated")
        let full = spawn(speakable, ["compile", root], output: log)
        check(full, "speakable compile (full)")
        builds.full.append(full.wall)
        builds.fullCPU.append(full.cpu)
        if let aapt2 {
            let zip = root + "/aapt2-\(round).zip"
            let run = spawn(aapt2, ["compile", "--dir", root + "/Generated/android/res", "-o", zip], output: log)
            check(run, "aapt2 compile")
            builds.aapt2.append(run.wall)
            builds.aapt2CPU.append(run.cpu)
            try? FileManager.default.removeItem(atPath: zip)
        }
        // One translation edited: another text every round.
        var file = "{\n"
        file += (0..<perTable).map { j in
            let text = j == 1 ? "[ko] 레벨 {level} (\(round)), {stars, plural, other {별 #개}}" : message(3 * perTable + j, "ko")
            return "  \"table3.message\(j)\": \(quoted(text))"
        }.joined(separator: ",\n")
        write(file + "\n}\n", edited)
        let edit = spawn(speakable, ["compile", root], output: log)
        check(edit, "speakable compile (one translation edited)")
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // The project's warning is said on every compile, the incremental one too.
        guard said.contains(": 3 written, 40 unchanged"), said.contains("[catalog-companion]"),
              (try? String(contentsOfFile: root + "/Generated/android/res/values-ko/strings.xml", encoding: .utf8))?.contains("(\(round))") == true else {
            print("the edited translation was not compiled as expected:\n\(said)")
            exit(1)
        }
        builds.edit.append(edit.wall)
        builds.editCPU.append(edit.cpu)
        let same = spawn(speakable, ["compile", root], output: log)
        check(same, "speakable compile (nothing changed)")
        builds.same.append(same.wall)
        print("build round \(round): full \(format3(full.wall)) s (CPU \(format3(full.cpu)) s), one translation edited \(format3(edit.wall)) s, "
              + "nothing changed \(format3(same.wall)) s" + (builds.aapt2.isEmpty ? "" : ", aapt2 compile of android/res \(format3(builds.aapt2.last!)) s"))
    }
} else {
    print("no speakable executable at \(speakable): build it (swift build -c release --product speakable) or pass --speakable PATH")
}
print("peak memory: \(Int(peakMemoryMiB())) MiB (this process, \(rounds) library rounds)")
if option("keep") == nil { try? FileManager.default.removeItem(atPath: root) }

func med(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
let fullBuild = med(builds.full), editBuild = med(builds.edit), sameBuild = med(builds.same), aapt2Build = med(builds.aapt2)
if !builds.full.isEmpty {
    print("speakable compile: full \(format3(fullBuild)) s, one translation edited \(format3(editBuild)) s (\((1000 * editBuild / fullBuild).rounded() / 10)% of full; goal 15%), "
          + "nothing changed \(format3(sameBuild)) s (\((1000 * sameBuild / fullBuild).rounded() / 10)% of full; goal 3%)")
    if !builds.aapt2.isEmpty {
        print("aapt2 compile of the Android part: \(format3(aapt2Build)) s; aapt2 ÷ full speakable compile: \((100 * aapt2Build / fullBuild).rounded() / 100)× (goal ≥ 2×)")
    }
}

if let path = option("json") {
    let medianCPU = cpus.sorted()[cpus.count / 2]
    var section = SuiteSection(
        benchmark: "compile",
        title: "Catalog compiler: \(messageCount) messages × \(locales.count) locales into every output",
        description: "A generated project (\(tables) tables; selects, plurals in text and alone, numbers, examples; one warning, "
            + "an exact plural value Android cannot say) in "
            + "\(locales.joined(separator: ", ")), loaded, compiled into String Catalogs, Android resources, XLIFF and Swift "
            + "accessors, and written: \(last.files) files, \(last.bytes / 1_048_576) MiB. Median of \(rounds) rounds; "
            + "CPU time counts both cores (the compiler runs on all of them). Then the speakable executable as a build runs it "
            + "(full, one translation edited, nothing changed) and aapt2 compile of the Android part, side by side.")
    section.headlines = [
        .init("compile and write, wall time (median)", median, unit: "s"),
        .init("compile and write, CPU time (median)", medianCPU, unit: "s"),
        .init("no-change rebuild (compile, nothing written)", r1 - r0, unit: "s"),
        .init("nothing changed: the stamp proves it (median of 5)", stampMedian, unit: "s"),
    ]
    if !builds.full.isEmpty {
        section.headlines += [
            .init("speakable compile, full (wall, median)", fullBuild, unit: "s"),
            .init("speakable compile, one translation edited ÷ full", editBuild / fullBuild * 100, unit: "%", goal: "≤ 15 %", met: editBuild / fullBuild <= 0.15),
            .init("speakable compile, nothing changed ÷ full", sameBuild / fullBuild * 100, unit: "%", goal: "≤ 3 %", met: sameBuild / fullBuild <= 0.03),
        ]
        if !builds.aapt2.isEmpty {
            section.headlines.append(.init("aapt2 compile of the Android part ÷ full speakable compile (wall)", aapt2Build / fullBuild, unit: "×",
                                           goal: "≥ 2×", met: aapt2Build / fullBuild >= 2))
        }
    }
    section.columns = ["round", "load", "compile", "write", "total", "CPU"]
    section.alignment = ["r", "r", "r", "r", "r", "r"]
    section.rows = phases.indices.map { i in
        [String(i + 1), format3(phases[i].load) + " s", format3(phases[i].compile) + " s", format3(phases[i].write) + " s",
         format3(totals[i]) + " s", format3(cpus[i]) + " s"]
    }
    section.notes = ["The rounds above call the library (load, compile, write); the no-change rebuild there compiles and writes nothing. "
                     + "Before each, the process gives what it freed back to the system (malloc_trim), as a new speakable compile "
                     + "process starts: its peak memory is then one compile's, not where glibc's per-thread arenas kept an earlier round's "
                     + "freed buffers (without it, the peak varies by up to a third from run to run of one build).",
                     "Nothing changed, in the library: \((1000 * stampMedian / median).rounded() / 10)% of a full compile "
                     + "(speakable.json, the inputs' sizes and content hashes, the outputs' sizes, times and inodes against .speakable-stamp; goal 3%)."]
    if !builds.full.isEmpty {
        section.notes.append("What a build runs, \(builds.full.count) interleaved rounds of the speakable executable (wall time, median): "
            + "full compile into a fresh folder \(format3(fullBuild)) s (CPU \(format3(med(builds.fullCPU))) s); "
            + "one Korean translation of one table edited (another text each round; 3 files written) \(format3(editBuild)) s "
            + "(CPU \(format3(med(builds.editCPU))) s, \((1000 * med(builds.editCPU) / med(builds.fullCPU)).rounded() / 10)% of the full compile's CPU); "
            + "nothing changed \(format3(sameBuild)) s.")
        if !builds.aapt2.isEmpty {
            section.notes.append("aapt2 compile --dir android/res of the same output: \(format3(aapt2Build)) s wall (CPU \(format3(med(builds.aapt2CPU))) s); "
                + "aapt2 compiles only the Android part (\(builds.aapt2.count) rounds, interleaved with speakable's).")
        }
    }
    section.write(to: path, seconds: now() - startedAt)
}
