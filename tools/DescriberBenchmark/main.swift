// Times the describers on the work a game does most, against their goals (below) and, for
// scale, against ICU's own MessageFormat formatting the same strings, in one process:
//
//   swift build -c release --product DescriberBenchmark
//   .build/release/DescriberBenchmark [--quick] [--json PATH]
//
// * "sudoku board": describe all 81 cells of a full 9×9 DailySudoku board (every content kind, one
//   cell selected) — both platforms' fields for every cell: VoiceOver label, traits, hint;
//   TalkBack description, selection, collection item info, click label. Goal: 15 µs at most, en and ko.
// * "placement hints": with a piece selected on an 8×8 O'Block board, every one of the 64 cells'
//   hint (which placement a double tap makes, every covered cell, every completed line) — both
//   platforms (VoiceOver hint and TalkBack click label). Goal: under 100 µs in Korean.
//
// The ICU side: a recording describer captures every message the describers format for one job
// (key, compiled pattern, argument values); each pattern is rewritten to ICU's numbered form and
// the same calls are formatted, in the same order, with `umsg_format` and with
// `icu::MessageFormat::format` from C++ (tools/ICUBenchmarkDriver), after checking that both give
// Speakable's text for every call. ICU merely formats those messages; the describers do the
// whole job (choosing messages, composing, Korean particles, building the AccessibleText).
// "Engine only" is Speakable's CompiledMessage on the same recorded calls. Each round runs every
// job and every side once, in rotating order; medians of the thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID, also in the C++ driver), so time a shared machine gives other
// processes is not counted.
@_spi(Recording) import SpeakableDescribers
import BenchmarkSupport
import SpeakableCatalog
import SpeakableICU
import SpeakableMessages
#if canImport(Glibc)
import Glibc
#endif

let quick = CommandLine.arguments.contains("--quick")
let rounds = quick ? 7 : 21

// MARK: Inputs

func sudokuBoard() -> SudokuBoard {
    let rows = ["5 3 . . 7 . . . .", "6 . . 1 9 5 . . .", ". 9 8 . . . . 6 .", "8 . . . 6 . . . 3", "4 . . 8 . 3 . . 1",
                "7 . . . 2 . . . 6", ". 6 . . . . 2 8 .", ". . . 4 1 9 . . 5", ". . . . 8 . . 7 9"]
    var board = SudokuBoard()
    for (r, row) in rows.enumerated() {
        for (c, token) in row.split(separator: " ").enumerated() {
            if let d = Int(token) { board[r + 1, c + 1] = .given(d) }
        }
    }
    // Player entries, an error and notes, as in a game in progress.
    board[1, 3] = .value(4); board[1, 4] = .value(6); board[2, 2] = .value(7); board[3, 1] = .error(2)
    board[1, 9] = .notes([2, 8]); board[2, 8] = .notes([3, 4, 8]); board[5, 5] = .notes([5]); board[9, 1] = .notes([1, 2, 3, 4])
    board[7, 5] = .value(5); board[8, 8] = .error(3)
    board.selected = GridPosition(row: 5, column: 5)
    return board
}

let blockBoard = try! BlockBoard(map: ["........", "###.####", "........", "####..##", "........", "......##", "......#.", "#.....##"])
let piece = try! Piece(map: ".X/XX/.X")

// MARK: Timing

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// The recorded calls as ICU calls (one reference per distinct pattern), after checking that ICU
/// gives the same text for each, through both APIs.
func icuCalls(_ calls: [FormatRecorder.Call]) -> [(ICUReference, Int)] {
    struct Group { var reference: ICUReference?; var values: [MessageArgument?] = []; var count = 0; var names = 0 }
    var groups: [String: Group] = [:]
    var order: [(String, Int)] = []
    for call in calls {
        let key = call.locale.identifier + "\u{0}" + call.compiledSource
        var group = groups[key] ?? Group()
        if group.reference == nil {
            group.reference = try! ICUReference(label: call.key, pattern: call.compiledSource, argumentNames: call.argumentNames,
                                                sample: call.values, locale: call.locale.identifier)
            group.names = call.argumentNames.count
        }
        group.values += call.values.map { $0 ?? .string("") }
        order.append((key, group.count))
        group.count += 1
        groups[key] = group
    }
    for (key, group) in groups { try! group.reference!.prepare(group.values, argumentCount: group.names); groups[key] = group }
    var result: [(ICUReference, Int)] = []
    for (call, (key, index)) in zip(calls, order) {
        let reference = groups[key]!.reference!
        for (api, text) in [("umsg_format", reference.formatUmsg(index)), ("MessageFormat::format", reference.formatCpp(index))] {
            guard case .success(let icu) = text, icu == call.rawOutput else {
                print("MISMATCH \(call.key) [\(call.locale)] \(api)\n  pattern: \(reference.cppPattern)\n  ICU:       \(text)\n  Speakable: \(call.rawOutput)")
                exit(1)
            }
        }
        result.append((reference, index))
    }
    return result
}

struct Measurement {
    let label: String
    let locale: String
    let elements: Int
    let messages: Int
    let speakable: Double    // ns per job
    let engine: Double       // ns per job: Speakable's CompiledMessage on the recorded calls alone
    let umsg: Double         // ns per job
    let cpp: Double          // ns per job
}

/// One job, ready to time on every side.
final class Job {
    let label: String
    let locale: String
    let elements: Int
    let run: (Describer) -> Void
    let describer: Describer
    let calls: [FormatRecorder.Call]
    let icu: [(ICUReference, Int)]
    let engineCalls: [(CompiledMessage, [MessageArgument?])]
    let batch: Int
    var samples: [[Double]] = [[], [], [], []]

    init(_ label: String, locale tag: String, elements: Int, run: @escaping (Describer) -> Void) {
        self.label = label
        self.locale = tag
        self.elements = elements
        self.run = run
        let locale = try! ICULocale(tag)
        describer = try! Describer(locale: locale)
        let recorder = FormatRecorder()
        let recording = try! Describer(locale: locale, hintStyle: .result, timeZone: .utc, catalog: .builtIn, recorder: recorder)
        run(recording)
        calls = recorder.recorded
        icu = icuCalls(calls)
        // The same calls on Speakable's engine alone (compiled once, as the describer holds them).
        engineCalls = calls.map { call in (try! CompiledMessage(call.compiledSource, locale: call.locale), call.values) }
        batch = max(1, 20_000 / max(1, calls.count))
        for _ in 0..<3 { run(describer) }
    }

    /// One round: every side once, starting with side `first`.
    func round(first: Int, sink: inout Int64) {
        for k in 0..<4 {
            let side = (k + first) % 4
            let elapsed: Double
            switch side {
            case 0:
                let t = threadCPUNanoseconds()
                for _ in 0..<batch { run(describer) }
                elapsed = Double(threadCPUNanoseconds() - t)
            case 1:
                let t = threadCPUNanoseconds()
                for _ in 0..<batch { for (message, values) in engineCalls { blackHole(try! message.format(slots: values)) } }
                elapsed = Double(threadCPUNanoseconds() - t)
            case 2:
                elapsed = Double(ICUReference.timeSequence(icu, rounds: batch, cpp: false, sink: &sink))
            default:
                elapsed = Double(ICUReference.timeSequence(icu, rounds: batch, cpp: true, sink: &sink))
            }
            samples[side].append(elapsed / Double(batch))
        }
    }

    var measurement: Measurement {
        Measurement(label: label, locale: locale, elements: elements, messages: calls.count, speakable: median(samples[0]),
                    engine: median(samples[1]), umsg: median(samples[2]), cpp: median(samples[3]))
    }
}

// MARK: Run

let sudoku = sudokuBoard()
// `--profile ko`: only the describers, in a loop, for a profiler.
// `--profile ko [count] [sudoku|placement]`: only the describers, in a loop, for a profiler.
if let flag = CommandLine.arguments.firstIndex(of: "--profile"), flag + 1 < CommandLine.arguments.count {
    let describer = try! Describer(locale: CommandLine.arguments[flag + 1])
    let count = flag + 2 < CommandLine.arguments.count ? Int(CommandLine.arguments[flag + 2]) ?? 20_000 : 20_000
    let job = flag + 3 < CommandLine.arguments.count ? CommandLine.arguments[flag + 3] : "both"
    for _ in 0..<count {
        if job != "placement" { blackHole(describer.describe(sudoku)) }
        if job != "sudoku" { blackHole(describer.describeCells(of: blockBoard, placing: piece)) }
    }
    exit(0)
}
ICUReference.setDefaultTimeZone("UTC")
let startedAt = monotonicNanoseconds()
// Every job and every side in each round, so that all of them see the same machine load.
var jobs: [Job] = []
for tag in ["en", "ko"] {
    jobs.append(Job("sudoku board (81 cells)", locale: tag, elements: 81) { describer in blackHole(describer.describe(sudoku)) })
    jobs.append(Job("placement hints (64 cells)", locale: tag, elements: 64) { describer in
        blackHole(describer.describeCells(of: blockBoard, placing: piece))
    })
}
var sink: Int64 = 0
for round in 0..<rounds {
    for job in jobs { job.round(first: round % 4, sink: &sink) }
}
blackHole(sink)
let results = jobs.map(\.measurement)

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let gap = String(repeating: " ", count: max(0, width - text.count))
    return right ? gap + text : text + gap
}

let machine = MachineInfo.current()
print("Describers, both platforms per element, and ICU \(ICUReference.icuVersion) formatting the same messages — \(rounds) rounds, median; load \(machine.loadAverage)")
print("")
print(pad("job", 28) + pad("locale", 7) + pad("messages", 9, right: true) + pad("Speakable", 12, right: true)
      + pad("per cell", 10, right: true) + pad("engine only", 13, right: true) + pad("ICU umsg", 11, right: true)
      + pad("ICU C++", 11, right: true) + pad("C++ ÷ S", 9, right: true))
for m in results {
    let perCell = Int((m.speakable / Double(m.elements)).rounded())
    print(pad(m.label, 28) + pad(m.locale, 7) + pad(String(m.messages), 9, right: true) + pad(microsecondsText(m.speakable), 12, right: true)
          + pad("\(perCell) ns", 10, right: true) + pad(microsecondsText(m.engine), 13, right: true) + pad(microsecondsText(m.umsg), 11, right: true)
          + pad(microsecondsText(m.cpp), 11, right: true) + pad(ratioText(m.cpp / m.speakable), 9, right: true))
}
print("")
let boards = results.filter { $0.label.hasPrefix("sudoku") }
let worstBoard = boards.map(\.speakable).max()!
let koreanSweep = results.first { $0.label.hasPrefix("placement") && $0.locale == "ko" }!.speakable
print("Full 9×9 Sudoku board, both platforms: \(microsecondsText(worstBoard)) at worst (goal: at most 15 µs) — \(worstBoard <= 15_000 ? "met" : "NOT met")")
print("Placement sweep over 8×8 in Korean: \(microsecondsText(koreanSweep)) (goal: under 100 µs) — \(koreanSweep < 100_000 ? "met" : "NOT met")")
print("messages: the formats one job makes (recorded); ICU formats exactly those, with the same values, and produced the same text.")

if let flag = CommandLine.arguments.firstIndex(of: "--json"), flag + 1 < CommandLine.arguments.count {
    var section = SuiteSection(
        benchmark: "describers",
        title: "Describers: a full board and a placement sweep, both platforms",
        description: "A full 9×9 DailySudoku board (81 cells, every content kind, one selected) and every placement hint of one piece "
            + "(T pointing left) on an 8×8 O'Block board (64 cells), each cell with both platforms' fields. For scale, ICU "
            + "\(ICUReference.icuVersion) formats exactly the messages one job formats (recorded, checked identical through both APIs), "
            + "from C++; it does not choose or compose them. Median of \(rounds) rounds, every job and side in each round, in the "
            + "thread's CPU time (CLOCK_THREAD_CPUTIME_ID on both sides).")
    section.headlines = boards.map { m in
        .init("Sudoku board, 81 cells, \(m.locale)", m.speakable / 1_000, unit: "µs", goal: "≤ 15 µs", met: m.speakable <= 15_000)
    } + [.init("placement sweep, 64 cells, ko", koreanSweep / 1_000, unit: "µs", goal: "< 100 µs", met: koreanSweep < 100_000)]
    section.columns = ["job", "locale", "messages", "Speakable", "per cell", "engine only", "ICU umsg", "ICU C++", "ICU C++ ÷ Speakable"]
    section.alignment = ["l", "l", "r", "r", "r", "r", "r", "r", "r"]
    section.rows = results.map { m in
        [m.label, m.locale, String(m.messages), microsecondsText(m.speakable), "\(Int((m.speakable / Double(m.elements)).rounded())) ns",
         microsecondsText(m.engine), microsecondsText(m.umsg), microsecondsText(m.cpp), ratioText(m.cpp / m.speakable)]
    }
    section.checks = [("ICU's text equals Speakable's for every recorded message (both APIs)", true)]
    section.write(to: CommandLine.arguments[flag + 1], seconds: Double(monotonicNanoseconds() - startedAt) / 1e9)
}
