// The formatter benchmark: Speakable's compiled messages against ICU's own MessageFormat, called
// from C++ the way a C or C++ program calls it, on the same messages, locales and arguments.
//
//   swift build -c release --product MessageFormatBenchmark
//   .build/release/MessageFormatBenchmark [--quick] [--json PATH] [--only TEXT]
//
// * Messages: every message of the built-in catalog a game formats per cell or per event, in
//   English and Korean as shipped, plus Russian and Arabic versions of the same phrases and RBNF
//   durations and spellouts (tools/MessageFormatBenchmark/Cases.swift).
// * Arguments: every call has its own argument set, drawn from realistic ranges (rows and columns
//   1–9, scores 0–99,999, counts 0–20, durations, dates 2020–2030) by a seeded generator; no
//   set is reused across rounds, so no side can learn them.
// * References: `umsg_format` (C varargs: numbers as double, strings as UChar*) writing into one
//   reusable UTF-16 buffer, and `icu::MessageFormat::format` (an array of Formattable: int64,
//   UnicodeString, UDate) appending to one reusable UnicodeString — both timed in C++
//   (tools/ICUBenchmarkDriver), so no Swift cost is charged to ICU.
// * Speakable: `CompiledMessage.format(slots:into:)` appending UTF-8 to one reusable
//   `MessageBuffer` (the like-for-like column), and `format(slots:) -> String`.
// * Every output of every call is compared first: Speakable's text must equal both ICU APIs'
//   byte for byte, or the benchmark fails.
// * Each round runs every side on its own fresh batch of calls, in an order that rotates from
//   round to round, so all sides see the same machine load; the table shows medians over rounds.
//   Time is the benchmark thread's CPU time (CLOCK_THREAD_CPUTIME_ID, on both sides): what the
//   work costs, without the time a shared machine spends running other processes.
//
// An extra pass, labelled as such and not part of the benchmark, repeats the same 16 argument
// sets: the ratios when a side may learn its arguments, which the fresh sets above prevent.
//
// `--callgrind SIDE --case N --calls K` runs one side of one case for K calls and exits (the
// suite runs it under valgrind twice and divides the difference in instructions).
import BenchmarkSupport
import SpeakableICU
import SpeakableMessages
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let quick = arguments.contains("--quick")
let rounds = Int(option("--rounds") ?? "") ?? (quick ? 7 : 21)
let batch = Int(option("--batch") ?? "") ?? (quick ? 400 : 1_000)
let warmup = 300
let only = option("--only")

ICUReference.setDefaultTimeZone("UTC")

/// One case, ready to run on every side.
final class Prepared {
    let item: Case
    let message: CompiledMessage
    let slots: Int
    /// calls × slots argument values, in slot order.
    let values: [MessageArgument?]
    let icu: ICUReference
    let calls: Int

    init(_ item: Case, calls: Int, seed: UInt64) throws {
        self.item = item
        message = try CompiledMessage(item.pattern, locale: ICULocale(item.locale))
        // What an app formatting this message every frame would do at start-up (otherwise the
        // fast paths come after the first few hundred calls, inside the timed rounds).
        message.prepareFastPaths()
        slots = message.argumentNames.count
        self.calls = calls
        var g = SplitMix(seed: seed)
        var values: [MessageArgument?] = []
        values.reserveCapacity(calls * slots)
        for _ in 0..<calls {
            for name in message.argumentNames {
                guard let draw = item.draws[name] else { fatalError("\(item.label) [\(item.locale)]: no draw for \(name)") }
                values.append(draw.value(&g))
            }
        }
        self.values = values
        icu = try ICUReference(label: item.label, pattern: item.pattern, argumentNames: message.argumentNames,
                               sample: Array(values.prefix(slots)), locale: try ICULocale(item.locale).identifier)
        try icu.prepare(values, argumentCount: slots)
    }

    /// Checks every call: Speakable (String and buffer) against umsg and C++. Returns the first few differences.
    func verify() -> [String] {
        var problems: [String] = []
        var buffer = MessageBuffer()
        values.withUnsafeBufferPointer { all in
            for call in 0..<calls {
                let args = UnsafeBufferPointer(rebasing: all[(call * slots)..<(call * slots + slots)])
                let ours = Result { () throws(MessageFormatError) in try message.format(slots: args) }
                buffer.removeAll()
                let intoBuffer = Result { () throws(MessageFormatError) -> String in
                    try message.format(slots: args, into: &buffer)
                    return buffer.makeString()
                }
                let umsg = icu.formatUmsg(call)
                let cpp = icu.formatCpp(call)
                guard case .success(let text) = ours, case .success(let bufferText) = intoBuffer,
                      case .success(let u) = umsg, case .success(let c) = cpp,
                      text == u, text == c, bufferText == text,
                      Array(text.utf8) == Array(u.utf8) else {
                    if problems.count < 5 {
                        problems.append("\(item.label) [\(item.locale)] call \(call) \(Array(all[(call * slots)..<(call * slots + slots)])): Speakable \(ours), buffer \(intoBuffer), umsg \(umsg), C++ \(cpp)")
                    }
                    continue
                }
            }
        }
        return problems
    }

    @inline(never)
    func timeSpeakableBuffer(first: Int, count: Int, buffer: inout MessageBuffer, sink: inout Int64) -> UInt64 {
        values.withUnsafeBufferPointer { all in
            let start = threadCPUNanoseconds()
            for call in first..<(first + count) {
                buffer.removeAll()
                try? message.format(slots: UnsafeBufferPointer(rebasing: all[(call * slots)..<(call * slots + slots)]), into: &buffer)
                sink &+= Int64(buffer.count)
            }
            return threadCPUNanoseconds() - start
        }
    }

    @inline(never)
    func timeSpeakableString(first: Int, count: Int, sink: inout Int64) -> UInt64 {
        values.withUnsafeBufferPointer { all in
            let start = threadCPUNanoseconds()
            for call in first..<(first + count) {
                let text = try? message.format(slots: UnsafeBufferPointer(rebasing: all[(call * slots)..<(call * slots + slots)]))
                sink &+= Int64(text?.utf8.count ?? 0)
            }
            return threadCPUNanoseconds() - start
        }
    }
}

enum Side: String, CaseIterable {
    case speakable, speakableString = "speakable-string", umsg, cpp
}

struct Row {
    let label: String
    let locale: String
    var ns: [Side: Double]
    var ratioUmsg: Double { ns[.umsg]! / ns[.speakable]! }
    var ratioCpp: Double { ns[.cpp]! / ns[.speakable]! }
    var ratioUmsgString: Double { ns[.umsg]! / ns[.speakableString]! }
    var ratioCppString: Double { ns[.cpp]! / ns[.speakableString]! }
}

func run(_ prepared: Prepared, rounds: Int, batch: Int, repeating: Bool) -> Row {
    var buffer = MessageBuffer(capacity: 1024)
    var sink: Int64 = 0
    var samples: [Side: [Double]] = [:]
    // Warm-up on calls of their own.
    _ = prepared.timeSpeakableBuffer(first: 0, count: warmup, buffer: &buffer, sink: &sink)
    _ = prepared.timeSpeakableString(first: 0, count: warmup, sink: &sink)
    _ = prepared.icu.timeUmsg(first: 0, count: warmup, sink: &sink)
    _ = prepared.icu.timeCpp(first: 0, count: warmup, sink: &sink)
    let sides = Side.allCases
    for round in 0..<rounds {
        // Fresh calls each round (or the same 16, in the repeating pass).
        let first = repeating ? 0 : warmup + round * batch
        for k in 0..<sides.count {
            let side = sides[(k + round) % sides.count]
            let elapsed: UInt64
            if repeating {
                var total: UInt64 = 0
                for start in stride(from: 0, to: batch, by: 16) {
                    let n = min(16, batch - start)
                    switch side {
                    case .speakable: total += prepared.timeSpeakableBuffer(first: 0, count: n, buffer: &buffer, sink: &sink)
                    case .speakableString: total += prepared.timeSpeakableString(first: 0, count: n, sink: &sink)
                    case .umsg: total += prepared.icu.timeUmsg(first: 0, count: n, sink: &sink)
                    case .cpp: total += prepared.icu.timeCpp(first: 0, count: n, sink: &sink)
                    }
                }
                elapsed = total
            } else {
                switch side {
                case .speakable: elapsed = prepared.timeSpeakableBuffer(first: first, count: batch, buffer: &buffer, sink: &sink)
                case .speakableString: elapsed = prepared.timeSpeakableString(first: first, count: batch, sink: &sink)
                case .umsg: elapsed = prepared.icu.timeUmsg(first: first, count: batch, sink: &sink)
                case .cpp: elapsed = prepared.icu.timeCpp(first: first, count: batch, sink: &sink)
                }
            }
            samples[side, default: []].append(Double(elapsed) / Double(batch))
        }
    }
    blackHole(sink)
    var ns: [Side: Double] = [:]
    for side in sides { ns[side] = median(samples[side]!) }
    return Row(label: prepared.item.label, locale: prepared.item.locale, ns: ns)
}

// MARK: Callgrind mode

if let sideName = option("--callgrind") {
    guard let side = Side(rawValue: sideName), let index = Int(option("--case") ?? ""), let calls = Int(option("--calls") ?? "") else {
        print("usage: MessageFormatBenchmark --callgrind speakable|speakable-string|umsg|cpp --case N --calls K")
        exit(2)
    }
    let cases = allCases()
    let prepared = try Prepared(cases[index], calls: 200 + calls, seed: 0x5EED + UInt64(index))
    var buffer = MessageBuffer(capacity: 1024)
    var sink: Int64 = 0
    // Warm-up (formatters opened, fast paths derived), then the measured calls.
    func go(_ first: Int, _ n: Int) {
        switch side {
        case .speakable: _ = prepared.timeSpeakableBuffer(first: first, count: n, buffer: &buffer, sink: &sink)
        case .speakableString: _ = prepared.timeSpeakableString(first: first, count: n, sink: &sink)
        case .umsg: _ = prepared.icu.timeUmsg(first: first, count: n, sink: &sink)
        case .cpp: _ = prepared.icu.timeCpp(first: first, count: n, sink: &sink)
        }
    }
    go(0, 200)
    go(200, calls)
    blackHole(sink)
    exit(0)
}

// `--compile-loop K`: compiles every case's pattern K times (for a profiler: what compiling costs).
if let loops = option("--compile-loop").flatMap(Int.init) {
    let cases = allCases()
    let locales = try cases.map { try ICULocale($0.locale) }
    for (item, locale) in zip(cases, locales) { blackHole(try CompiledMessage(item.pattern, locale: locale)) }
    for _ in 0..<loops {
        for (item, locale) in zip(cases, locales) { blackHole(try CompiledMessage(item.pattern, locale: locale)) }
    }
    exit(0)
}

if arguments.contains("--list") {
    for (i, c) in allCases().enumerated() { print(i, c.locale, c.label) }
    exit(0)
}

// MARK: Run

let startedAt = monotonicNanoseconds()
let machine = MachineInfo.current()
print("Speakable MessageFormat vs ICU \(ICUReference.icuVersion) (umsg_format and icu::MessageFormat from C++)")
print("\(rounds) rounds × \(batch) calls per side, every call its own arguments; median ns per message; \(machine.cpu), \(machine.cores) cores, load \(machine.loadAverage)")
print("")

func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
    let gap = String(repeating: " ", count: max(0, n - s.count))
    return right ? gap + s : s + gap
}
func ratio(_ x: Double) -> String {
    let tenths = Int((x * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)×"
}
func nsText(_ x: Double) -> String { "\(Int(x.rounded()))" }

var rows: [Row] = []
var repeatingRows: [Row] = []
var problems: [String] = []
let header = pad("message", 38) + pad("locale", 7) + pad("Speakable", 10, right: true) + pad("→String", 9, right: true)
    + pad("umsg", 8, right: true) + pad("C++", 8, right: true) + pad("umsg/S", 8, right: true) + pad("C++/S", 8, right: true)
    + pad("umsg/Str", 10, right: true)
print(header)
let cases = allCases()
for (index, item) in cases.enumerated() {
    if let only, !"\(item.label) \(item.locale)".contains(only) { continue }
    let prepared: Prepared
    do {
        prepared = try Prepared(item, calls: warmup + rounds * batch, seed: 0x5EED + UInt64(index))
    } catch {
        problems.append("\(item.label) [\(item.locale)]: \(error)")
        continue
    }
    let found = prepared.verify()
    if !found.isEmpty {
        problems += found
        print(pad(item.label, 38) + pad(item.locale, 7) + "  OUTPUT DIFFERS")
        continue
    }
    let row = run(prepared, rounds: rounds, batch: batch, repeating: false)
    rows.append(row)
    print(pad(row.label, 38) + pad(row.locale, 7) + pad(nsText(row.ns[.speakable]!), 10, right: true)
          + pad(nsText(row.ns[.speakableString]!), 9, right: true) + pad(nsText(row.ns[.umsg]!), 8, right: true)
          + pad(nsText(row.ns[.cpp]!), 8, right: true) + pad(ratio(row.ratioUmsg), 8, right: true)
          + pad(ratio(row.ratioCpp), 8, right: true) + pad(ratio(row.ratioUmsgString), 10, right: true))
    if !quick && index % 4 == 0 {
        repeatingRows.append(run(prepared, rounds: max(5, rounds / 3), batch: batch, repeating: true))
    }
}

func summary(_ rows: [Row], _ ratio: (Row) -> Double) -> (median: Double, worst: Double) {
    let values = rows.map(ratio)
    return values.isEmpty ? (0, 0) : (median(values), values.min()!)
}

print("")
if !rows.isEmpty {
    let u = summary(rows, \.ratioUmsg), c = summary(rows, \.ratioCpp)
    let us = summary(rows, \.ratioUmsgString), cs = summary(rows, \.ratioCppString)
    print("ICU umsg_format / Speakable (buffer): median \(ratio(u.median)), slowest message \(ratio(u.worst))")
    print("ICU C++ MessageFormat / Speakable (buffer): median \(ratio(c.median)), slowest message \(ratio(c.worst)) (goal: ≥ 10× median, ≥ 2× slowest — \(c.median >= 10 && c.worst >= 2 ? "met" : "NOT met"))")
    print("with a String made per message: umsg median \(ratio(us.median)), slowest \(ratio(us.worst)); C++ median \(ratio(cs.median)), slowest \(ratio(cs.worst))")
}
if !repeatingRows.isEmpty {
    let u = summary(repeatingRows, \.ratioUmsg)
    print("extra (not the benchmark): 16 repeating argument sets on \(repeatingRows.count) messages: umsg/Speakable median \(ratio(u.median)), slowest \(ratio(u.worst))")
}
print("outputs identical (Speakable = umsg = C++, every call): \(problems.isEmpty ? "yes" : "NO")")
for problem in problems { print("  " + problem) }

if let path = option("--json") {
    let u = summary(rows, \.ratioUmsg), c = summary(rows, \.ratioCpp)
    let us = summary(rows, \.ratioUmsgString), cs = summary(rows, \.ratioCppString)
    var section = SuiteSection(
        benchmark: "formatter",
        title: "MessageFormat: Speakable against ICU \(ICUReference.icuVersion)",
        description: "Every message of the built-in catalog a game formats per cell or event (English and Korean), Russian and Arabic "
            + "versions of the same phrases, RBNF durations and spellouts. Every call has its own arguments from realistic ranges "
            + "(rows and columns 1–9, scores 0–99,999, counts 0–20, durations, dates 2020–2030); no argument set is reused. "
            + "ICU is called from C++ (tools/ICUBenchmarkDriver): `umsg_format` with C varargs into a reusable UTF-16 buffer, and "
            + "`icu::MessageFormat::format` with Formattables into a reusable UnicodeString. Speakable is "
            + "`CompiledMessage.format(slots:into:)` into a reusable `MessageBuffer` (UTF-8), and `format(slots:)` making a "
            + "`String` (→String). Each round runs every side on fresh calls in rotating order; medians of \(rounds) rounds × "
            + "\(batch) calls, in ns of the thread's CPU time per message (both sides use CLOCK_THREAD_CPUTIME_ID, so time "
            + "the shared machine gives other processes is not counted).")
    section.headlines = [
        .init("median, ICU C++ MessageFormat ÷ Speakable", c.median, unit: "×", goal: "≥ 10×", met: c.median >= 10),
        .init("slowest message, ICU C++ ÷ Speakable", c.worst, unit: "×", goal: "≥ 2×", met: c.worst >= 2),
        .init("median, ICU umsg_format ÷ Speakable", u.median, unit: "×", goal: "≥ 5×", met: u.median >= 5),
        .init("slowest message, ICU umsg_format ÷ Speakable", u.worst, unit: "×", goal: "≥ 1×", met: u.worst >= 1),
        .init("median with a String per message, ICU C++ ÷ Speakable", cs.median, unit: "×"),
        .init("slowest with a String per message, ICU C++ ÷ Speakable", cs.worst, unit: "×"),
        .init("median with a String per message, ICU umsg ÷ Speakable", us.median, unit: "×"),
    ]
    section.columns = ["message", "locale", "Speakable ns", "→String ns", "umsg ns", "C++ ns", "umsg ÷ S", "C++ ÷ S", "C++ ÷ →String"]
    section.alignment = ["l", "l", "r", "r", "r", "r", "r", "r", "r"]
    section.rows = rows.map { r in
        [r.label, r.locale, nsText(r.ns[.speakable]!), nsText(r.ns[.speakableString]!), nsText(r.ns[.umsg]!), nsText(r.ns[.cpp]!),
         ratio(r.ratioUmsg), ratio(r.ratioCpp), ratio(r.ratioCppString)]
    }
    section.checks = [("every output identical to umsg_format and icu::MessageFormat (every call)", problems.isEmpty)]
    if !repeatingRows.isEmpty {
        let extra = summary(repeatingRows, \.ratioCpp)
        section.notes.append("Extra, not the benchmark: with 16 argument sets repeating (what the old benchmark measured), ICU C++ ÷ "
                             + "Speakable is \(ratio(extra.median)) at median on \(repeatingRows.count) messages (slowest \(ratio(extra.worst))).")
    }
    func rowJSON(_ r: Row) -> JSONValue {
        .object([("message", .string(r.label)), ("locale", .string(r.locale)),
                 ("speakable_ns", .number(r.ns[.speakable]!)), ("speakable_string_ns", .number(r.ns[.speakableString]!)),
                 ("umsg_ns", .number(r.ns[.umsg]!)), ("cpp_ns", .number(r.ns[.cpp]!))])
    }
    section.data = [("messages", .array(rows.map(rowJSON))), ("repeating_extra", .array(repeatingRows.map(rowJSON)))]
    if !section.write(to: path, seconds: Double(monotonicNanoseconds() - startedAt) / 1e9) {
        print("could not write \(path)")
        exit(1)
    }
}
exit(problems.isEmpty ? 0 : 1)
