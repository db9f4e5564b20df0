/// What each benchmark writes with `--json PATH` for the benchmark suite (`tools/bench/run.sh`):
/// one self-describing section — headline numbers with their goals, a table, checks — that the
/// suite merges with the machine's facts into `docs/internals/performance.json` and `docs/internals/performance.md`.
/// A new benchmark joins the suite by writing this shape and adding one line to the script.
public struct SuiteSection {
    public struct Headline {
        public var measure: String
        public var value: Double
        public var unit: String
        public var goal: String?
        public var met: Bool?

        public init(_ measure: String, _ value: Double, unit: String, goal: String? = nil, met: Bool? = nil) {
            self.measure = measure
            self.value = value
            self.unit = unit
            self.goal = goal
            self.met = met
        }
    }

    public var benchmark: String
    public var title: String
    public var description: String
    public var headlines: [Headline] = []
    public var columns: [String] = []
    /// "l" or "r" per column.
    public var alignment: [String] = []
    public var rows: [[String]] = []
    public var checks: [(String, Bool)] = []
    public var notes: [String] = []
    /// Extra data (raw numbers) kept in the JSON.
    public var data: [(String, JSONValue)] = []

    public init(benchmark: String, title: String, description: String) {
        self.benchmark = benchmark
        self.title = title
        self.description = description
    }

    public func json(seconds: Double) -> JSONValue {
        .object([
            ("benchmark", .string(benchmark)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("headlines", .array(headlines.map { h in
                var fields: [(String, JSONValue)] = [("measure", .string(h.measure)), ("value", .number(h.value)), ("unit", .string(h.unit))]
                if let goal = h.goal { fields.append(("goal", .string(goal))) }
                if let met = h.met { fields.append(("met", .bool(met))) }
                return .object(fields)
            })),
            ("table", .object([("columns", .array(columns.map { .string($0) })),
                               ("alignment", .array(alignment.map { .string($0) })),
                               ("rows", .array(rows.map { .array($0.map { .string($0) }) }))])),
            ("checks", .array(checks.map { .object([("check", .string($0.0)), ("passed", .bool($0.1))]) })),
            ("notes", .array(notes.map { .string($0) })),
            ("peak_rss_bytes", .integer(peakResidentBytes())),
            ("seconds", .number(seconds)),
            ("data", .object(data)),
        ])
    }

    /// Writes the section to `path`; false on failure.
    @discardableResult
    public func write(to path: String, seconds: Double) -> Bool {
        writeFile(path, json(seconds: seconds).rendered() + "\n")
    }
}

/// "7.0×" with one decimal.
public func ratioText(_ x: Double) -> String {
    let tenths = Int((x * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)×"
}

/// "12.3 µs" with one decimal, from nanoseconds.
public func microsecondsText(_ ns: Double) -> String {
    let tenths = Int((ns / 100).rounded())
    return "\(tenths / 10).\(tenths % 10) µs"
}
