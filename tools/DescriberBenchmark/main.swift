// Times the describers on the work a game does most, and compares them with ICU's own
// MessageFormat formatting the same strings, in one process:
//
//   swift run -c release DescriberBenchmark [--quick]
//
// * "sudoku board": describe all 81 cells of a full 9×9 DailySudoku board (every content kind, one
//   cell selected) — both platforms' fields for every cell: VoiceOver label, traits, hint;
//   TalkBack description, selection, collection item info, click label.
// * "placement hints": with a piece selected on an 8×8 O'Block board, every one of the 64 cells'
//   hint (which placement a double tap makes, every covered cell, every completed line) — both
//   platforms (VoiceOver hint and TalkBack click label).
//
// The ICU side: a recording describer captures every message the describers format for one board
// (key, compiled pattern, argument values); the benchmark rewrites each pattern to ICU's numbered
// form and formats the same calls with `umsg_vformat`, checking first that ICU's output equals
// Speakable's for every call. The ratio compares ICU formatting just those messages with the
// describers doing the whole job (choosing messages, composing, particles, building the
// AccessibleText). ICU time is shown raw and net of building the C va_list (not ICU's work);
// the ratio uses the net time, the harder comparison. Median of the rounds.
@_spi(Recording) import SpeakableDescribers
import ICUOracle
import SpeakableCatalog
import SpeakableICU
import SpeakableMessages
#if canImport(Glibc)
import Glibc
#endif

let quick = CommandLine.arguments.contains("--quick")
let rounds = quick ? 5 : 15

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

func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Rewrites a named pattern to ICU's numbered form: each name becomes its slot; an untyped
/// argument that holds a number gets `,number` (ICU reads the C type the pattern implies).
func numbered(_ source: String, names: [String], values: [MessageArgument?]) -> String {
    let pattern = try! MessagePattern(source)
    var edits: [(range: Range<Int>, text: String)] = []
    func visit(_ body: MessageBody) {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            let slot = names.firstIndex(of: argument.name)!
            edits.append((argument.nameRange, String(slot)))
            switch argument.kind {
            case .none:
                if case .string? = values[slot] {} else { edits.append((argument.range.upperBound - 1..<argument.range.upperBound - 1, ",number")) }
            case .plural(let p): p.cases.forEach { visit($0.message) }
            case .select(let s): s.cases.forEach { visit($0.message) }
            case .choice(let c): c.cases.forEach { visit($0.message) }
            case .simple: break
            }
        }
    }
    visit(pattern.body)
    var units = Array(source.utf16)
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
        units.replaceSubrange(edit.range, with: Array(edit.text.utf16))
    }
    return String(decoding: units, as: UTF16.self)
}

struct ICUCall {
    let format: ICUMessageFormat
    let arguments: PreparedArguments
}

/// The recorded calls as ICU calls, after checking ICU gives the same text for each.
func icuCalls(_ calls: [FormatRecorder.Call]) -> [ICUCall] {
    var cache: [String: ICUMessageFormat] = [:]
    var result: [ICUCall] = []
    for call in calls {
        let pattern = numbered(call.compiledSource, names: call.argumentNames, values: call.values)
        let key = call.locale.identifier + "\u{0}" + pattern
        let format = cache[key] ?? (try! ICUMessageFormat(pattern: pattern, locale: call.locale.identifier))
        cache[key] = format
        let arguments: [OracleArgument] = call.values.map { value in
            switch value {
            case .int(let n)?: .double(Double(n))
            case .double(let d)?: .double(d)
            case .string(let s)?: .string(s)
            case .date(let d)?: .date(d)
            case nil: .unused
            }
        }
        let icu = try! format.format(arguments).get()
        if icu != call.rawOutput {
            print("MISMATCH \(call.key) [\(call.locale)]\n  pattern: \(pattern)\n  ICU:       \(icu)\n  Speakable: \(call.rawOutput)")
            exit(1)
        }
        result.append(ICUCall(format: format, arguments: PreparedArguments(arguments)))
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
    let icu: Double          // ns per job, raw
    let icuNet: Double       // ns per job, net of the va_list
}

func measure(_ label: String, locale tag: String, elements: Int, job: (Describer) -> Void) -> Measurement {
    let locale = try! ICULocale(tag)
    let describer = try! Describer(locale: locale)
    let recorder = FormatRecorder()
    let recording = try! Describer(locale: locale, hintStyle: .result, timeZone: .utc, catalog: .builtIn, recorder: recorder)
    job(recording)
    let calls = recorder.recorded
    let icu = icuCalls(calls)
    // The same calls on Speakable's engine alone (compiled once, as the describer holds them).
    let engineCalls = calls.map { call in (try! CompiledMessage(call.compiledSource, locale: call.locale), call.values) }

    let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 4096)
    defer { buffer.deallocate() }
    let batch = max(1, 20_000 / max(1, calls.count))
    var ours: [Double] = [], engine: [Double] = [], raw: [Double] = [], overhead: [Double] = []
    for _ in 0..<3 { job(describer) }
    for _ in 0..<rounds {
        var t = now()
        for _ in 0..<batch { job(describer) }
        ours.append(Double(now() - t) / Double(batch))

        t = now()
        for _ in 0..<batch { for (message, values) in engineCalls { blackHole(try! message.format(slots: values)) } }
        engine.append(Double(now() - t) / Double(batch))

        t = now()
        for _ in 0..<batch { for call in icu { blackHole(call.format.formatUTF16(call.arguments, into: buffer)) } }
        raw.append(Double(now() - t) / Double(batch))

        t = now()
        for _ in 0..<batch { for call in icu { blackHole(ICUMessageFormat.varArgsOverhead(call.arguments)) } }
        overhead.append(Double(now() - t) / Double(batch))
    }
    let icuRaw = median(raw)
    return Measurement(label: label, locale: tag, elements: elements, messages: calls.count, speakable: median(ours),
                       engine: median(engine), icu: icuRaw, icuNet: max(1, icuRaw - median(overhead)))
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
var results: [Measurement] = []
for tag in ["en", "ko"] {
    results.append(measure("sudoku board (81 cells)", locale: tag, elements: 81) { describer in
        blackHole(describer.describe(sudoku))
    })
    results.append(measure("placement hints (64 cells)", locale: tag, elements: 64) { describer in
        blackHole(describer.describeCells(of: blockBoard, placing: piece))
    })
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let gap = String(repeating: " ", count: max(0, width - text.count))
    return right ? gap + text : text + gap
}
func us(_ ns: Double) -> String {
    let tenths = Int((ns / 100).rounded())
    return "\(tenths / 10).\(tenths % 10) µs"
}

print("Describers vs ICU MessageFormat on the same messages — \(rounds) rounds, median; both platforms per element")
print("")
print(pad("job", 28) + pad("locale", 7) + pad("messages", 9, right: true) + pad("Speakable", 12, right: true)
      + pad("per cell", 10, right: true) + pad("engine only", 13, right: true) + pad("ICU", 11, right: true)
      + pad("ICU net", 11, right: true) + pad("ratio", 8, right: true))
for m in results {
    let perCell = Int((m.speakable / Double(m.elements)).rounded())
    let ratio = m.icuNet / m.speakable
    print(pad(m.label, 28) + pad(m.locale, 7) + pad(String(m.messages), 9, right: true) + pad(us(m.speakable), 12, right: true)
          + pad("\(perCell) ns", 10, right: true) + pad(us(m.engine), 13, right: true) + pad(us(m.icu), 11, right: true)
          + pad(us(m.icuNet), 11, right: true) + pad("\(Int((ratio * 10).rounded()) / 10).\(Int((ratio * 10).rounded()) % 10)×", 8, right: true))
}
print("")
let worstBoard = results.filter { $0.label.hasPrefix("sudoku") }.map(\.speakable).max()!
print("Full 9×9 Sudoku board, both platforms: \(us(worstBoard)) at worst (goal: under 100 µs) — \(worstBoard < 100_000 ? "met" : "NOT met")")
print("messages: the formats one job makes (recorded); ICU formats exactly those, with the same values, and produced the same text.")
