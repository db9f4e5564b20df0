// How fast `speakable preview` is, against references measured in the same run on the same input.
//
//   swift build -c release --product speakable && swift run -c release PreviewBenchmark [--rounds N] [--audio]
//
// 1. The command, as a user runs it: the release `speakable preview` (the whole demo, both
//    locales, both platforms, no audio) in a fresh process per round, output to /dev/null —
//    the goal is under 0.3 s. Reference in the same rounds: `speakable describe scenario`
//    of the same scenario for the same two locales (the describers' raw fields, which the preview
//    turns into speech), and `speakable --version` (process start alone).
// 2. In process: `Previewer.preview` + text rendering against `ScenarioReport` + its text for the
//    same 2 locales × 2 platforms.
// 3. With --audio: the demo synthesized with espeak-ng by 1 worker and by one per core, into
//    fresh folders (nothing cached).
//
// Every round previews a different variant of the demo (its numbers changed), so no two rounds
// format the same arguments.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SpeakableCatalog
import SpeakableDescribers
import SpeakablePreview
import SpeakableSpeech

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((value * scale).rounded())
    let whole = n / Int(scale), fraction = String(n % Int(scale))
    return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func ms(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10_000).rounded())
    return "\(tenths / 10).\(tenths % 10) ms"
}

/// Runs a program with output to /dev/null; its wall time, or nil if it failed.
func timed(_ arguments: [String]) -> Double? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return nil } }
    let elapsed = now() - start
    return status == 0 ? elapsed : nil
}

/// The demo with its numbers shifted by `round`.
func variant(_ round: Int) -> String {
    var text = Scenario.demoText
    for (from, to) in [("\"amount\": 9180", "\"amount\": \(9180 + round)"), ("\"score\": 320", "\"score\": \(320 + round)"),
                       ("\"price\": 100", "\"price\": \(100 + round)"), ("\"score\": 4530", "\"score\": \(4530 + 7 * round)"),
                       ("\"bestScore\": 110", "\"bestScore\": \(110 + round)"), ("\"time\": 38", "\"time\": \(38 + round)")] {
        text = text.replacing(from, with: to)
    }
    return text
}

var rounds = 15
var withAudio = false
var arguments = Array(CommandLine.arguments.dropFirst())
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--rounds": rounds = Int(arguments.removeFirst()) ?? rounds
    case "--audio": withAudio = true
    default:
        print("usage: PreviewBenchmark [--rounds N] [--audio]")
        exit(64)
    }
}

let folder = String(CommandLine.arguments[0][..<(CommandLine.arguments[0].lastIndex(of: "/") ?? CommandLine.arguments[0].startIndex)])
let binary = (folder.isEmpty ? "." : folder) + "/speakable"
let scratch = FileManager.default.temporaryDirectory.path + "/speakable-preview-benchmark-\(getpid())"
try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: scratch) }
var load = [Double](repeating: 0, count: 3)
_ = getloadavg(&load, 3)
print("PreviewBenchmark: \(rounds) rounds, load average \(fixed(load[0])), \(AudioWriter.defaultWorkers) cores")

// 1. The command.
if access(binary, X_OK) == 0 {
    var preview: [Double] = [], previewFile: [Double] = [], describe: [Double] = [], start: [Double] = []
    _ = timed([binary, "preview"])  // warm the page cache
    for round in 0..<rounds {
        let file = scratch + "/demo-\(round).json"
        try Data(variant(round + 1).utf8).write(to: URL(fileURLWithPath: file))
        if let t = timed([binary, "preview"]) { preview.append(t) }
        if let t = timed([binary, "preview", "--scenario", file]) { previewFile.append(t) }
        let en = timed([binary, "describe", "scenario", file, "--locale", "en"])
        let ko = timed([binary, "describe", "scenario", file, "--locale", "ko"])
        if let en, let ko { describe.append(en + ko) }
        if let t = timed([binary, "--version"]) { start.append(t) }
    }
    print("""

    1. speakable preview, fresh process per round, median wall time (goal: under 300 ms)
       speakable preview (built-in demo, en+ko, VoiceOver+TalkBack)   \(ms(median(preview)))
       speakable preview --scenario <variant>                          \(ms(median(previewFile)))
       reference: speakable describe scenario <variant>, en + ko      \(ms(median(describe)))   ratio \(fixed(median(previewFile) / max(median(describe), 1e-9)))×
       reference: speakable --version (process start)                 \(ms(median(start)))
    """)
} else {
    print("\n1. skipped: no release speakable next to this benchmark (swift build -c release --product speakable)")
}

// 2. In process.
var previewTimes: [Double] = [], reportTimes: [Double] = []
var printedBytes = 0
for round in 0..<rounds {
    let scenario = Scenario.read(variant(100 + round), file: "<demo>").scenario!
    var t = now()
    let preview = try Previewer.preview(PreviewRequest(scenario: scenario))
    let text = PreviewText.render(preview, colour: false)
    previewTimes.append(now() - t)
    printedBytes = text.utf8.count
    t = now()
    var reference = 0
    for locale in ["en", "ko"] {
        let report = ScenarioReport(scenario: scenario, describer: try Describer(locale: locale))
        for platform in [Platform.voiceOver, .talkBack] { reference += report.text(for: platform).utf8.count }
    }
    reportTimes.append(now() - t)
    precondition(reference > 0)
}
print("""

2. In process, median of \(rounds) rounds (demo variants, 2 locales × 2 platforms)
   Previewer.preview + PreviewText (\(printedBytes) bytes)        \(ms(median(previewTimes)))
   reference: Describer + ScenarioReport + its text      \(ms(median(reportTimes)))   ratio \(fixed(median(previewTimes) / max(median(reportTimes), 1e-9)))×
""")

// 3. Audio.
if withAudio {
    guard let espeak = Espeak.find() else {
        print("\n3. skipped: espeak-ng is not installed")
        exit(0)
    }
    let preview = try Previewer.preview(PreviewRequest(scenario: Scenario.read(variant(999), file: "<demo>").scenario!))
    var results: [(Int, Double, Int)] = []
    for workers in [1, AudioWriter.defaultWorkers] {
        let directory = scratch + "/audio-\(workers)"
        let t = now()
        let index = try AudioWriter.write(preview, to: directory, espeak: espeak, workers: workers, progress: nil)
        results.append((workers, now() - t, index.items.count))
        try? FileManager.default.removeItem(atPath: directory)
    }
    let seconds = results.map { fixed($0.1, 1) + " s" }
    print("""

    3. Audio: the demo synthesized with espeak-ng (\(results[0].2) WAVs, nothing cached)
       1 worker                 \(seconds[0])
       \(results[1].0) workers (one per core)  \(seconds[1])   speed-up \(fixed(results[0].1 / results[1].1))×
    """)
}
