// Merges the benchmark suite's sections into one report, and measures instruction counts.
//
//   BenchmarkReport report --sections DIR --json docs/internals/performance.json --markdown docs/internals/performance.md [--swift VERSION]
//   BenchmarkReport callgrind --binary .build/release/MessageFormatBenchmark --out DIR/callgrind.json [--calls 2000]
//   BenchmarkReport wrap --name NAME --title TITLE --log DIR/NAME.log --out DIR/NAME.json
//
// `report` reads every section (`*.json` written by a benchmark with `--json`, see
// tools/BenchmarkSupport/SuiteSection.swift) in the order of DIR/order (one name per line), adds
// the machine's facts, prints one overview table, and writes the combined JSON and the Markdown
// page. `callgrind` runs the formatter benchmark's callgrind mode under valgrind for key messages
// and sides, twice with different call counts, and writes the instructions per call (the
// difference over the difference) as one more section: counts that do not depend on the load.
//
// This tool uses Foundation; it links nothing of Speakable's.
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("BenchmarkReport: \(message)\n".utf8))
    exit(1)
}

func readJSON(_ path: String) -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { fail("cannot read \(path)") }
    return object
}

func writeJSON(_ object: Any, _ path: String) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) else {
        fail("cannot encode \(path)")
    }
    guard FileManager.default.createFile(atPath: path, contents: data + Data("\n".utf8)) else { fail("cannot write \(path)") }
}

func run(_ executable: String, _ args: [String]) -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = args
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch { fail("cannot run \(executable): \(error)") }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

// MARK: Machine

func machine(swift: String?) -> [String: Any] {
    var cpu = "unknown"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
        cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    let memory = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?.split(separator: "\n").first?
        .split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }.map { "\($0 / 1_048_576) GiB" } ?? "?"
    let kernel = run("/bin/uname", ["-sr"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    var facts: [String: Any] = ["cpu": cpu, "cores": ProcessInfo.processInfo.activeProcessorCount, "memory": memory,
                                "load_average_at_end": load, "kernel": kernel]
    if let swift { facts["swift"] = swift }
    return facts
}

// MARK: Markdown

func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

func markdownTable(columns: [String], alignment: [String], rows: [[String]]) -> String {
    var lines = ["| " + columns.map(cell).joined(separator: " | ") + " |"]
    lines.append("|" + columns.indices.map { i in (i < alignment.count && alignment[i] == "r") ? "---:" : "---" }.joined(separator: "|") + "|")
    for row in rows { lines.append("| " + row.map(cell).joined(separator: " | ") + " |") }
    return lines.joined(separator: "\n")
}

func valueText(_ headline: [String: Any]) -> String {
    let value = headline["value"] as? Double ?? 0
    let unit = headline["unit"] as? String ?? ""
    let rounded = value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    return unit == "×" ? rounded + "×" : rounded + " " + unit
}

func mebibytes(_ bytes: Any?) -> String {
    guard let b = bytes as? Int ?? (bytes as? Double).map(Int.init) else { return "?" }
    return "\(b / 1_048_576) MiB"
}

func report() {
    guard let dir = option("--sections") else { fail("report needs --sections DIR") }
    let orderFile = dir + "/order"
    let names = ((try? String(contentsOfFile: orderFile, encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    let sections = names.compactMap { name -> [String: Any]? in
        let path = dir + "/" + name + ".json"
        return FileManager.default.fileExists(atPath: path) ? readJSON(path) : nil
    }
    let facts = machine(swift: option("--swift"))
    let date = ISO8601DateFormatter().string(from: Date())
    let combined: [String: Any] = ["generated": date, "machine": facts, "sections": sections]
    if let path = option("--json") { writeJSON(combined, path) }

    // Overview: every headline of every section.
    var overview: [[String]] = []
    for section in sections {
        let name = section["benchmark"] as? String ?? "?"
        for h in section["headlines"] as? [[String: Any]] ?? [] {
            let met = (h["met"] as? Bool).map { $0 ? "met" : "NOT met" } ?? ""
            overview.append([name, h["measure"] as? String ?? "", valueText(h), h["goal"] as? String ?? "", met])
        }
        for check in section["checks"] as? [[String: Any]] ?? [] {
            overview.append([name, check["check"] as? String ?? "", (check["passed"] as? Bool ?? false) ? "yes" : "NO", "", ""])
        }
        if section["peak_rss_bytes"] != nil {
            overview.append([name, "peak memory of the benchmark process", mebibytes(section["peak_rss_bytes"]), "", ""])
        }
    }
    // Console.
    let widths = (0..<5).map { c in max(["benchmark", "measure", "value", "goal", ""][c].count, overview.map { $0[c].count }.max() ?? 0) }
    func line(_ row: [String]) -> String {
        row.enumerated().map { c, text in
            let gap = String(repeating: " ", count: max(0, widths[c] - text.count))
            return c == 2 ? gap + text : text + gap
        }.joined(separator: "  ")
    }
    print(line(["benchmark", "measure", "value", "goal", ""]))
    for row in overview { print(line(row)) }

    guard let path = option("--markdown") else { return }
    var md = "# Performance\n\n"
    md += "<!-- Generated by tools/bench/run.sh from docs/internals/performance.json; do not edit by hand. -->\n\n"
    md += "Measured by `tools/bench/run.sh` on \(date). Every ratio compares Speakable with the reference measured in the "
    md += "same run, on the same input, with outputs checked identical; every benchmark is a release build (`-c release`).\n\n"
    md += "**Machine:** \(facts["cpu"] ?? "?"), \(facts["cores"] ?? "?") cores, \(facts["memory"] ?? "?"); \(facts["kernel"] ?? "?")"
    if let swift = facts["swift"] { md += "; \(swift)" }
    md += "; load average at the end \(facts["load_average_at_end"] ?? "?") (the machine is shared: other builds run alongside, "
    md += "so every measurement interleaves Speakable and its reference, and instruction counts (callgrind) back the ratios).\n\n"
    md += "## Summary\n\n"
    md += markdownTable(columns: ["benchmark", "measure", "value", "goal", ""], alignment: ["l", "l", "r", "l", "l"], rows: overview)
    md += "\n\n"
    for section in sections {
        md += "## \(section["title"] as? String ?? "?")\n\n"
        if let description = section["description"] as? String { md += description + "\n\n" }
        if let table = section["table"] as? [String: Any], let columns = table["columns"] as? [String], !columns.isEmpty {
            md += markdownTable(columns: columns, alignment: table["alignment"] as? [String] ?? [],
                                rows: table["rows"] as? [[String]] ?? []) + "\n\n"
        }
        for note in section["notes"] as? [String] ?? [] { md += note + "\n\n" }
        var facts: [String] = []
        if section["peak_rss_bytes"] != nil { facts.append("peak memory \(mebibytes(section["peak_rss_bytes"]))") }
        if let seconds = section["seconds"] as? Double { facts.append(String(format: "took %.0f s", seconds)) }
        if !facts.isEmpty { md += facts.joined(separator: "; ").prefix(1).uppercased() + facts.joined(separator: "; ").dropFirst() + ".\n\n" }
    }
    guard FileManager.default.createFile(atPath: path, contents: Data(md.utf8)) else { fail("cannot write \(path)") }
}

// MARK: Callgrind

/// The formatter benchmark's messages worth counting: the cheapest, the most common, each fast path.
let callgrindCases: [(String, String)] = [
    ("sudoku cell (select)", "en"), ("sudoku cell (select)", "ko"), ("coins (plural, grouping)", "ko"),
    ("coins (plural, grouping)", "ru"), ("lines cleared (plurals)", "en"), ("duration (units)", "en"),
    ("time (unit)", "ar"), ("result title (date)", "en"), ("daily (date)", "ar"), ("run time (RBNF duration)", "en"),
    ("day (RBNF spellout)", "ko"), ("level stars (plural)", "ru"),
]

func callgrind() {
    guard let binary = option("--binary"), let out = option("--out") else { fail("callgrind needs --binary and --out") }
    let calls = Int(option("--calls") ?? "") ?? 2_000
    // valgrind 3.19 cannot read the DWARF the Swift toolchain writes: count a copy without it.
    let stripped = NSTemporaryDirectory() + "speakable-bench-\(getpid())"
    let copy = run("/usr/bin/objcopy", ["--strip-debug", binary, stripped])
    guard copy.status == 0 else { fail("objcopy failed: \(copy.error)") }
    defer { try? FileManager.default.removeItem(atPath: stripped) }
    let listing = run(stripped, ["--list"]).output.split(separator: "\n")
    var index: [String: Int] = [:]
    for line in listing {
        let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
        if parts.count == 3, let i = Int(parts[0]) { index[parts[2] + "\u{0}" + parts[1]] = i }
    }
    func instructions(side: String, caseIndex: Int, count: Int) -> Double {
        let result = run("/usr/bin/valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null",
                                               "--toggle-collect=*timeSpeakable*", "--toggle-collect=icub_time*",
                                               stripped, "--callgrind", side, "--case", String(caseIndex), "--calls", String(count)])
        guard let line = result.error.split(separator: "\n").first(where: { $0.contains("Collected") }),
              let number = line.split(separator: ":").last.map({ $0.filter(\.isNumber) }), let value = Double(number) else {
            fail("valgrind failed for \(side) case \(caseIndex): \(result.error.suffix(400))")
        }
        return value
    }
    var rows: [[String]] = []
    var data: [[String: Any]] = []
    var ratios: [Double] = []
    for (label, locale) in callgrindCases {
        guard let i = index[label + "\u{0}" + locale] else { continue }
        var perCall: [String: Double] = [:]
        for side in ["speakable", "umsg", "cpp"] {
            let a = instructions(side: side, caseIndex: i, count: calls)
            let b = instructions(side: side, caseIndex: i, count: 2 * calls)
            perCall[side] = (b - a) / Double(calls)
        }
        let s = perCall["speakable"]!, u = perCall["umsg"]!, c = perCall["cpp"]!
        ratios.append(c / s)
        rows.append([label, locale, String(Int(s.rounded())), String(Int(u.rounded())), String(Int(c.rounded())),
                     String(format: "%.1f×", u / s), String(format: "%.1f×", c / s)])
        data.append(["message": label, "locale": locale, "speakable": s, "umsg": u, "cpp": c])
        print("\(label) [\(locale)]: Speakable \(Int(s)), umsg \(Int(u)), C++ \(Int(c)) instructions per message")
    }
    let sorted = ratios.sorted()
    let medianRatio = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let section: [String: Any] = [
        "benchmark": "formatter-instructions",
        "title": "MessageFormat: instructions per message (callgrind)",
        "description": "The formatter benchmark's callgrind mode under `valgrind --tool=callgrind`, counting only the timed loops, "
            + "for \(calls) and \(2 * calls) calls with their own arguments; the difference divided by \(calls) is the cost of one "
            + "message, whatever the machine's load. Speakable formats into its buffer; ICU through umsg_format and "
            + "icu::MessageFormat::format, as in the timed benchmark.",
        "headlines": [["measure": "median over these messages, ICU C++ ÷ Speakable instructions", "value": medianRatio, "unit": "×"],
                      ["measure": "fewest, ICU C++ ÷ Speakable instructions", "value": sorted.first ?? 0, "unit": "×"]],
        "table": ["columns": ["message", "locale", "Speakable", "umsg_format", "MessageFormat", "umsg ÷ S", "C++ ÷ S"],
                  "alignment": ["l", "l", "r", "r", "r", "r", "r"], "rows": rows],
        "checks": [],
        "notes": [],
        "data": ["messages": data],
    ]
    writeJSON(section, out)
}

// MARK: Wrapping a benchmark that writes no section

/// A benchmark that prints its own report but writes no suite section (yet) joins the suite with
/// its console output as the section's body.
func wrap() {
    guard let name = option("--name"), let title = option("--title"), let log = option("--log"), let out = option("--out") else {
        fail("wrap needs --name, --title, --log and --out")
    }
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    let section: [String: Any] = [
        "benchmark": name, "title": title,
        "description": "This benchmark writes no suite section yet: its own report, as printed.",
        "headlines": [], "table": ["columns": [], "alignment": [], "rows": []], "checks": [],
        "notes": ["```\n" + text.trimmingCharacters(in: .whitespacesAndNewlines) + "\n```"],
        "data": [:],
    ]
    writeJSON(section, out)
}

switch arguments.dropFirst().first {
case "report": report()
case "callgrind": callgrind()
case "wrap": wrap()
default:
    print("usage: BenchmarkReport report --sections DIR [--json PATH] [--markdown PATH] [--swift VERSION]")
    print("       BenchmarkReport callgrind --binary PATH --out PATH [--calls N]")
    print("       BenchmarkReport wrap --name NAME --title TITLE --log PATH --out PATH")
    exit(2)
}
