// Times Speakable's MessageFormat formatter against ICU's own `umsg_vformat` on realistic
// screen-reader messages, in one process: same messages, same arguments, same locale.
//
//   swift run -c release MessageFormatBenchmark [--quick]
//
// For every message and argument set it first checks that both produce identical text. Then it
// alternates timed batches of each (several rounds; the median round counts) and prints ns per
// message and the ratio. Two passes:
//
// * "game": arguments cycle through 16 realistic sets (rows 1–9, a few scores, times), as a game
//   re-announcing its state does. Speakable remembers recent ICU results per formatter, so
//   repeated unit, duration and date values are cheap.
// * "new values": arguments cycle through 4,096 distinct sets, far more than the 256 results each
//   formatter remembers, so (nearly) every ICU-backed value is formatted afresh; the sets still
//   fit in the CPU caches, so memory traffic does not swamp both sides.
//
// ICU's time is shown raw and net of building the C va_list (which any Swift caller of ICU's C
// API pays, but which is not ICU's work); ratios use the net time, the harder comparison.
import ICUOracle
import SpeakableICU
import SpeakableMessages
#if canImport(Glibc)
import Glibc
#endif

/// One argument value, in the form both formatters take.
enum Value {
    case number(Double)
    case text(String)
    case date(Double)

    var speakable: MessageArgument {
        switch self {
        case .number(let d): d == d.rounded() && abs(d) < 1e15 ? .int(Int64(d)) : .double(d)
        case .text(let s): .string(s)
        case .date(let d): .date(d)
        }
    }

    var icu: OracleArgument {
        switch self {
        case .number(let d): .double(d)
        case .text(let s): .string(s)
        case .date(let d): .date(d)
        }
    }
}

struct Case {
    let label: String
    let locale: String
    let named: String
    /// The same message with argument i of `names` written as {i}.
    let numbered: String
    let names: [String]
    /// The argument values for variant `i` (0..<16 in the game pass, distinct in the other).
    let values: (Int) -> [Value]
}

let day: Double = 1_756_166_400_000
let cases: [Case] = [
    Case(label: "sudoku cell (select)", locale: "en",
         named: "Row {row}, column {column}, {content, select, empty {empty} given {given {digit}} error {{digit}, error} notes {notes {notes}} other {{digit}}}",
         numbered: "Row {0,number}, column {1,number}, {2, select, empty {empty} given {given {3,number}} error {{3,number}, error} notes {notes {4}} other {{3,number}}}",
         names: ["row", "column", "content", "digit", "notes"],
         values: { i in [.number(Double(1 + i % 9)), .number(Double(1 + (i / 9) % 9)),
                         .text(["empty", "given", "value", "error", "notes"][i % 5]), .number(Double(1 + (i * 7) % 9)), .text("1 2 5")] }),
    Case(label: "sudoku cell, Korean", locale: "ko",
         named: "{row}행 {column}열, {content, select, empty {빈칸} given {기본 숫자 {digit}} error {{digit}, 오류} notes {메모 {notes}} other {{digit}}}",
         numbered: "{0,number}행 {1,number}열, {2, select, empty {빈칸} given {기본 숫자 {3,number}} error {{3,number}, 오류} notes {메모 {4}} other {{3,number}}}",
         names: ["row", "column", "content", "digit", "notes"],
         values: { i in [.number(Double(1 + i % 9)), .number(Double(1 + (i / 9) % 9)),
                         .text(["empty", "given", "value", "error", "notes"][i % 5]), .number(Double(1 + (i * 7) % 9)), .text("1 2 5")] }),
    Case(label: "level stars (plural)", locale: "en",
         named: "Level {level}, {stars, plural, =0 {no stars} one {# of 3 stars} other {# of 3 stars}}",
         numbered: "Level {0,number}, {1, plural, =0 {no stars} one {# of 3 stars} other {# of 3 stars}}",
         names: ["level", "stars"], values: { i in [.number(Double(1 + i)), .number(Double(i % 4))] }),
    Case(label: "level stars, Russian", locale: "ru",
         named: "Уровень {level}, {stars, plural, one {# звезда} few {# звезды} other {# звёзд}} из 3",
         numbered: "Уровень {0,number}, {1, plural, one {# звезда} few {# звезды} other {# звёзд}} из 3",
         names: ["level", "stars"], values: { i in [.number(Double(1 + i)), .number(Double(i % 4))] }),
    Case(label: "coins (grouping)", locale: "en",
         named: "{coins, number} O’Coins", numbered: "{0, number} O’Coins",
         names: ["coins"], values: { i in [.number(Double(9180 + 137 * i))] }),
    Case(label: "hint price", locale: "en",
         named: "Hint, {price, number} O’Coins", numbered: "Hint, {0, number} O’Coins",
         names: ["price"], values: { i in [.number(Double(100 * (1 + i % 3)))] }),
    Case(label: "lines cleared (plural, grouping)", locale: "en",
         named: "Cleared {lines, plural, one {# line} other {# lines}}. Score {score, number}. Combo times {combo}.",
         numbered: "Cleared {0, plural, one {# line} other {# lines}}. Score {1, number}. Combo times {2,number}.",
         names: ["lines", "score", "combo"],
         values: { i in [.number(Double(1 + i % 4)), .number(Double(640 + 320 * i)), .number(Double(1 + i % 3))] }),
    Case(label: "score, Arabic digits", locale: "ar-EG",
         named: "النتيجة {score, number}", numbered: "النتيجة {0, number}",
         names: ["score"], values: { i in [.number(Double(4530 + 10 * i))] }),
    Case(label: "time in seconds (unit)", locale: "en",
         named: "Time {seconds, number, ::measure-unit/duration-second unit-width-full-name}",
         numbered: "Time {0, number, ::measure-unit/duration-second unit-width-full-name}",
         names: ["seconds"], values: { i in [.number(Double(20 + i))] }),
    Case(label: "time in seconds, Korean", locale: "ko",
         named: "시간 {seconds, number, ::measure-unit/duration-second unit-width-full-name}",
         numbered: "시간 {0, number, ::measure-unit/duration-second unit-width-full-name}",
         names: ["seconds"], values: { i in [.number(Double(20 + i))] }),
    Case(label: "duration (RBNF)", locale: "en",
         named: "Run time {t, duration}", numbered: "Run time {0, duration}",
         names: ["t"], values: { i in [.number(Double(61 * (i + 1)))] }),
    Case(label: "placement hint", locale: "en",
         named: "Places the {piece} covering row {row}, columns {from} to {to}; {done, plural, =0 {completes nothing} one {completes # line} other {completes # lines}}.",
         numbered: "Places the {0} covering row {1,number}, columns {2,number} to {3,number}; {4, plural, =0 {completes nothing} one {completes # line} other {completes # lines}}.",
         names: ["piece", "row", "from", "to", "done"],
         values: { i in [.text("2 by 2 square"), .number(Double(1 + i % 8)), .number(Double(1 + i % 7)),
                         .number(Double(2 + i % 7)), .number(Double(i % 3))] }),
    Case(label: "daily result (date)", locale: "en",
         named: "Daily, {day, date, ::MMMMd}. {points} points.",
         numbered: "Daily, {0, date, ::MMMMd}. {1,number} points.",
         names: ["day", "points"], values: { i in [.date(day + Double(i) * 86_400_000), .number(Double(4530 + i))] }),
]

@inline(never)
func blackHole(_ x: Int) { if x == -1 { print("") } }

func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

extension String {
    func leftPad(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPad(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

func ns(_ value: Double) -> String { "\(Int(value.rounded())) ns" }
func times(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)×"
}

let quick = CommandLine.arguments.contains("--quick")
let rounds = quick ? 5 : 15
let batch = quick ? 2_000 : 10_000

ICUMessageFormat.setDefaultTimeZone("UTC")
print("Speakable MessageFormat benchmark — ICU \(icuVersion), \(rounds) rounds of \(batch) messages; median round, ns per message")

var identical = true
for pass in ["game (16 argument sets, repeating)", "new values (4,096 argument sets)"] {
    let game = pass.hasPrefix("game")
    print("")
    print("pass: \(pass)")
    print("message".rightPad(34), "locale".rightPad(6), "Speakable".leftPad(10), "ICU umsg".leftPad(10), "ICU net".leftPad(10), "ratio".leftPad(7))
    var ratios: [Double] = []
    for c in cases {
        let locale = try ICULocale(c.locale)
        let message = try CompiledMessage(c.named, locale: locale)
        let oracle = try ICUMessageFormat(pattern: c.numbered, locale: locale.identifier)
        let count = game ? 16 : 4_096
        var sets: [([MessageArgument?], PreparedArguments)] = []
        for i in 0..<count {
            let values = c.values(game ? i : 1_000 + i)
            let byName = Dictionary(uniqueKeysWithValues: zip(c.names, values))
            sets.append((message.argumentNames.map { byName[$0]!.speakable }, PreparedArguments(values.map(\.icu))))
        }
        // Identical output, for every argument set of the game pass and 500 of the other.
        for i in Array(0..<16) + Array(1_000..<1_500) {
            let values = c.values(i)
            let byName = Dictionary(uniqueKeysWithValues: zip(c.names, values))
            let ours = try message.format(slots: message.argumentNames.map { byName[$0]!.speakable })
            let theirs = try oracle.format(values.map(\.icu)).get()
            if ours != theirs {
                identical = false
                print("  OUTPUT DIFFERS for \(c.label): Speakable \(ours.debugDescription), ICU \(theirs.debugDescription)")
            }
        }
        let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 2048)
        defer { buffer.deallocate() }
        var speakable: [Double] = []
        var icu: [Double] = []
        var overhead: [Double] = []
        var sink = 0
        // Warm-up.
        for k in 0..<min(batch, 2000) {
            let (slots, prepared) = sets[k % count]
            sink &+= try message.format(slots: slots).utf8.count
            sink &+= oracle.formatUTF16(prepared, into: buffer)
        }
        for _ in 0..<rounds {
            var t0 = now()
            for k in 0..<batch { sink &+= try message.format(slots: sets[k % count].0).utf8.count }
            var t1 = now()
            speakable.append(Double(t1 - t0) / Double(batch))
            t0 = now()
            for k in 0..<batch { sink &+= oracle.formatUTF16(sets[k % count].1, into: buffer) }
            t1 = now()
            icu.append(Double(t1 - t0) / Double(batch))
            t0 = now()
            for k in 0..<batch { sink &+= Int(ICUMessageFormat.varArgsOverhead(sets[k % count].1)) }
            t1 = now()
            overhead.append(Double(t1 - t0) / Double(batch))
        }
        blackHole(sink)
        let s = median(speakable)
        let raw = median(icu)
        let net = max(1, raw - median(overhead))
        ratios.append(net / s)
        print(c.label.rightPad(34), c.locale.rightPad(6), ns(s).leftPad(10), ns(raw).leftPad(10), ns(net).leftPad(10),
              times(net / s).leftPad(7))
    }
    print("median ratio (ICU net / Speakable): \(times(median(ratios))), slowest message: \(times(ratios.min()!))")
}
print("")
print("outputs identical: \(identical ? "yes" : "NO")")
exit(identical ? 0 : 1)
