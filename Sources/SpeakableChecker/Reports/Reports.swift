import Dispatch
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableJSON
import Synchronization

/// The machine-readable outputs of a check: JSON, SARIF 2.1.0, JUnit XML and GitHub workflow
/// annotations, and the per-locale summary table. All are deterministic.
///
/// Every report's prose — messages, hints, titles, test names, the JUnit detail — quotes text
/// from translators' files, so it goes through ``prose(_:)``: controls (ESC, BEL, NUL, BS, DEL,
/// C1 such as 0x9B and NEL), line and paragraph separators, bidirectional overrides and other
/// hidden characters are shown as `\u{…}`, as the text format shows them, before each format's
/// own escaping (JSON, XML, workflow-command) keeps the report valid. Machine fields that tools
/// match on (`file`, `key`, `table`, `locale` in JSON and SARIF) stay the exact text, escaped by
/// the JSON writer.
///
/// ```swift
/// let sarif = CheckReports.sarif(result.findings, toolVersion: "0.1.0")
/// // {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [...]}
/// CheckReports.github(result.findings)
/// // ::error file=Locales/ko/game.json,line=3,col=31,title=plural-categories::'one' is never used in ko…
/// ```
public enum CheckReports {
    // MARK: Summary

    /// The per-locale table: translated share, errors, warnings.
    ///
    /// ```
    /// locale  translated       errors  warnings
    /// en      source (12)           0         0
    /// ko      11/12  91.6%          1         2
    /// ```
    /// A `review` column (translations awaiting review, not counted as translated) appears
    /// when any locale has some.
    public static func summaryTable(_ summaries: [LocaleSummary]) -> String {
        let review = summaries.contains { $0.needsReview > 0 }
        var rows: [[String]] = [["locale", "translated"] + (review ? ["review"] : []) + ["errors", "warnings"]]
        for s in summaries {
            let translated = s.isSource ? "source (\(s.messages))" : "\(s.translated)/\(s.messages)  \(formatPercent(s.translatedPercent))%"
            rows.append([s.locale, translated] + (review ? [s.isSource ? "" : String(s.needsReview)] : []) + [String(s.errors), String(s.warnings)])
        }
        let columns = rows[0].count
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max()! }
        var out = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                line += column >= 2 ? pad + cell : cell + pad
                if column < columns - 1 { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    static func formatPercent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    // MARK: JSON

    public static func json(_ findings: [Finding], summaries: [LocaleSummary], exempted: Int, baselined: Int) -> String {
        UTF8Validation.string(validated: jsonBytes(findings, summaries: summaries, exempted: exempted, baselined: baselined))
    }

    /// ``json(_:summaries:exempted:baselined:)`` as its UTF-8, for writing to a file as it is
    /// (a large report is not copied into a `String` first).
    public static func jsonBytes(_ findings: [Finding], summaries: [LocaleSummary], exempted: Int, baselined: Int) -> [UInt8] {
        // Written as JSONValue writes an indented object, the findings straight from each
        // finding (no tree of values), in chunks on every core for a large report.
        var out: [UInt8] = []
        out.append(contentsOf: "{\n  \"version\": 1,\n  \"findings\": ".utf8)
        if findings.isEmpty {
            out.append(contentsOf: "[]".utf8)
        } else {
            out.append(0x5B)  // [
            let chunkSize = 2048
            let chunkCount = (findings.count + chunkSize - 1) / chunkSize
            if chunkCount > 1 && Checker.availableCores() > 1 {
                let chunks = Mutex<[[UInt8]]>(Array(repeating: [], count: chunkCount))
                DispatchQueue.concurrentPerform(iterations: chunkCount) { c in
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(chunkSize * Self.bytesPerFinding)
                    for i in c * chunkSize..<min(findings.count, (c + 1) * chunkSize) { appendJSON(findings[i], first: i == 0, to: &bytes) }
                    chunks.withLock { $0[c] = bytes }
                }
                let all = chunks.withLock { $0 }
                out.reserveCapacity(out.count + all.reduce(0) { $0 + $1.count } + 4096)
                for chunk in all { out.append(contentsOf: chunk) }
            } else {
                out.reserveCapacity(out.count + findings.count * Self.bytesPerFinding + 4096)
                for i in findings.indices { appendJSON(findings[i], first: i == 0, to: &out) }
            }
            out.append(contentsOf: "\n  ]".utf8)
        }
        let summary: [JSONValue] = summaries.map { s in
            .object([("locale", .string(s.locale)), ("source", .bool(s.isSource)), ("messages", .int(Int64(s.messages))),
                     ("translated", .int(Int64(s.translated))), ("needsReview", .int(Int64(s.needsReview))),
                     ("translatedPercent", .double(s.translatedPercent)),
                     ("errors", .int(Int64(s.errors))), ("warnings", .int(Int64(s.warnings)))])
        }
        out.append(contentsOf: ",\n  \"summary\": ".utf8)
        JSONValue.array(summary).write(into: &out, indent: true, level: 1)
        out.append(contentsOf: ",\n  \"exempted\": \(exempted),\n  \"baselined\": \(baselined)\n}\n".utf8)
        return out
    }

    /// About the bytes of one finding in the JSON report (room reserved for its list).
    static let bytesPerFinding = 544

    /// One finding as an item of the JSON report's `findings` (its indented object, after a comma
    /// unless `first`).
    static func appendJSON(_ f: Finding, first: Bool, to out: inout [UInt8]) {
        // Fixed text appended from its static bytes, each member's comma, indentation and name
        // in one piece; numbers digit by digit (no String made).
        func literal(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func string(_ member: StaticString, _ value: String) {
            literal(member)
            JSONEscaping.append(value, to: &out)
        }
        func int(_ member: StaticString, _ value: Int) {
            literal(member)
            PlatformInput.appendDecimal(value, to: &out)
        }
        string(first ? "\n    {\n      \"rule\": " : ",\n    {\n      \"rule\": ", f.rule.rawValue)
        string(",\n      \"severity\": ", f.severity.rawValue)
        if let file = f.file { string(",\n      \"file\": ", file) }
        if let p = f.position {
            int(",\n      \"line\": ", p.line)
            int(",\n      \"column\": ", p.column)
        }
        if let e = f.endPosition {
            int(",\n      \"endLine\": ", e.line)
            int(",\n      \"endColumn\": ", e.column)
        }
        if let locale = f.locale { string(",\n      \"locale\": ", locale) }
        if let table = f.table { string(",\n      \"table\": ", table) }
        if let key = f.key { string(",\n      \"key\": ", key) }
        string(",\n      \"message\": ", prose(f.message))
        if let hint = f.hint { string(",\n      \"hint\": ", prose(hint)) }
        string(",\n      \"fingerprint\": ", f.fingerprint)
        literal("\n    }")
    }

    // MARK: SARIF 2.1.0

    /// SARIF 2.1.0 as GitHub code scanning reads it: one run, every rule in `tool.driver.rules`
    /// (with its default level), results with `ruleIndex`, a relative `artifactLocation.uri`, a
    /// region with 1-based lines and columns counted in Unicode code points (`columnKind`), and a
    /// `partialFingerprints` entry from the baseline fingerprint.
    public static func sarif(_ findings: [Finding], toolVersion: String, severities: [String: String] = [:]) -> String {
        var ruleIDs = Rule.allCases.map(\.rawValue)
        for f in findings where !ruleIDs.contains(f.rule.rawValue) { ruleIDs.append(f.rule.rawValue) }
        let ruleObjects: [JSONValue] = ruleIDs.map { id in
            let rule = Rule(rawValue: id)
            let level: String
            if let configured = severities[id] {
                level = configured == "off" ? "none" : configured
            } else {
                level = rule.map { $0.defaultSeverity == .error ? "error" : "warning" } ?? "error"
            }
            let text = rule?.summary ?? "a problem reading the input (\(id))"
            return .object([
                ("id", .string(id)), ("name", .string(camelCase(id))), ("shortDescription", .object([("text", .string(text))])),
                ("fullDescription", .object([("text", .string(text))])),
                ("defaultConfiguration", .object([("level", .string(level))])),
                ("help", .object([("text", .string("speakable check rule \(id): \(text)."))])),
            ])
        }
        let results: [JSONValue] = findings.map { f in
            var region: [(String, JSONValue)] = [
                ("startLine", .int(Int64(f.position?.line ?? 1))), ("startColumn", .int(Int64(f.position?.column ?? 1))),
            ]
            if let e = f.endPosition, let p = f.position, e > p {
                region.append(("endLine", .int(Int64(e.line))))
                region.append(("endColumn", .int(Int64(e.column))))
            }
            var fields: [(String, JSONValue)] = [
                ("ruleId", .string(f.rule.rawValue)), ("ruleIndex", .int(Int64(ruleIDs.firstIndex(of: f.rule.rawValue)!))),
                ("level", .string(f.severity == .error ? "error" : f.severity == .warning ? "warning" : "note")),
                ("message", .object([("text", .string(prose(f.message) + (f.hint.map { ". Fix: " + prose($0) } ?? "")))])),
            ]
            if let file = f.file {
                fields.append(("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(uriEscape(file)))])),
                    ("region", .object(region)),
                ]))])])))
            }
            fields.append(("partialFingerprints", .object([("speakableFingerprint/v1", .string(f.fingerprint))])))
            var properties: [(String, JSONValue)] = []
            if let locale = f.locale { properties.append(("locale", .string(locale))) }
            if let table = f.table { properties.append(("table", .string(table))) }
            if let key = f.key { properties.append(("key", .string(key))) }
            if !properties.isEmpty { fields.append(("properties", .object(properties))) }
            return .object(fields)
        }
        let run: JSONValue = .object([
            ("tool", .object([("driver", .object([
                ("name", .string("speakable check")), ("semanticVersion", .string(toolVersion)),
                ("rules", .array(ruleObjects)),
            ]))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).prettyPrinted() + "\n"
    }

    static func camelCase(_ id: String) -> String {
        var out = ""
        var upper = true
        for ch in id {
            if ch == "-" { upper = true; continue }
            out += upper ? ch.uppercased() : String(ch)
            upper = false
        }
        return out
    }

    /// A path as a URI reference: unreserved characters and `/` kept, the rest percent-encoded
    /// as UTF-8; an absolute path becomes a `file://` URI.
    static func uriEscape(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            let c = Unicode.Scalar(byte)
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~/".unicodeScalars.contains(c) {
                out.unicodeScalars.append(c)
            } else {
                out += "%" + HexDigits.padded(byte, width: 2)
            }
        }
        return out
    }

    // MARK: JUnit XML

    /// One test case to report: a message (table and key) in a locale.
    public struct TestCase: Hashable, Sendable {
        public var locale: String
        public var table: String
        public var key: String
        public var file: String

        public init(locale: String, table: String, key: String, file: String) {
            self.locale = locale
            self.table = table
            self.key = key
            self.file = file
        }
    }

    /// JUnit XML: a `<testsuite>` per locale, a `<testcase>` per message (classname
    /// `locale.table`, name the key) with a `<failure>` per error and warnings in `<system-out>`;
    /// findings that belong to no message (input errors) form the suite `input`.
    public static func junit(_ findings: [Finding], cases: [TestCase]) -> String {
        var byCase: [String: [Finding]] = [:]
        var loose: [Finding] = []
        func caseKey(_ locale: String, _ table: String, _ key: String) -> String { locale + "\u{1F}" + table + "\u{1F}" + key }
        let known = Set(cases.map { caseKey($0.locale, $0.table, $0.key) })
        for f in findings {
            if let locale = f.locale, let table = f.table, let key = f.key, known.contains(caseKey(locale, table, key)) {
                byCase[caseKey(locale, table, key), default: []].append(f)
            } else {
                loose.append(f)
            }
        }
        var suites: [(name: String, cases: [TestCase])] = []
        for c in cases {
            if suites.last?.name == c.locale { suites[suites.count - 1].cases.append(c) } else { suites.append((c.locale, [c])) }
        }
        var body = ""
        var totalTests = 0
        var totalFailures = 0
        for suite in suites {
            var xml = ""
            var failures = 0
            for c in suite.cases {
                let found = byCase[caseKey(c.locale, c.table, c.key)] ?? []
                xml += "    <testcase classname=\"\(xmlEscape(c.locale + "." + c.table))\" name=\"\(xmlEscape(c.key))\" file=\"\(xmlEscape(c.file))\""
                if found.isEmpty { xml += "/>\n"; continue }
                xml += ">\n"
                let errors = found.filter { $0.severity == .error }
                if !errors.isEmpty { failures += 1 }
                for f in errors {
                    xml += "      <failure type=\"\(xmlEscape(f.rule.rawValue))\" message=\"\(xmlEscape(f.message))\">\(xmlLines(detail(f)))</failure>\n"
                }
                let warnings = found.filter { $0.severity != .error }
                if !warnings.isEmpty {
                    xml += "      <system-out>\(xmlLines(warnings.map(detail).joined(separator: "\n")))</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            totalTests += suite.cases.count
            totalFailures += failures
            body += "  <testsuite name=\"\(xmlEscape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
            body += xml + "  </testsuite>\n"
        }
        if !loose.isEmpty {
            var xml = ""
            var failures = 0
            for (i, f) in loose.enumerated() {
                xml += "    <testcase classname=\"input\" name=\"\(xmlEscape((f.file ?? "input") + " #\(i + 1)"))\">\n"
                if f.severity == .error {
                    failures += 1
                    xml += "      <failure type=\"\(xmlEscape(f.rule.rawValue))\" message=\"\(xmlEscape(f.message))\">\(xmlLines(detail(f)))</failure>\n"
                } else {
                    xml += "      <system-out>\(xmlLines(detail(f)))</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            totalTests += loose.count
            totalFailures += failures
            body += "  <testsuite name=\"input\" tests=\"\(loose.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n" + xml + "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"speakable check\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">\n"
            + body + "</testsuites>\n"
    }

    static func detail(_ f: Finding) -> String {
        prose(f.rendered) + (f.hint.map { "\nhint: " + prose($0) } ?? "")
    }

    /// Text and attribute escaping: SpeakableEscaping's XML attribute escaper (one
    /// escaper per output language), good for text too — `&` `<` `>` `"` and tab, LF, CR as
    /// references; characters XML 1.0 cannot hold become U+FFFD. Everything in a JUnit report is
    /// read by people (names, messages), so hidden characters are first shown as `\u{…}`
    /// (``prose(_:)``).
    static func xmlEscape(_ text: String) -> String { XMLEscaping.attribute(prose(text)) }

    /// Lines of ``detail(_:)`` (already ``prose(_:)``), XML-escaped: the line breaks between
    /// them are the report's own.
    static func xmlLines(_ text: String) -> String { XMLEscaping.attribute(text) }

    /// Text from a finding as a report shows it to people: every character ``VisibleText`` calls
    /// hidden (controls — so no ESC, OSC or CSI sequence, BEL, NUL, BS, DEL or C1 control — line
    /// and paragraph separators, NEL, bidirectional overrides and isolates, invisible format
    /// characters) written as `\u{…}`, tabs kept: the same as the text format.
    ///
    /// ```swift
    /// CheckReports.prose("key 'a\u{1B}[2J\u{202E}b'")   // "key 'a\\u{001B}[2J\\u{202E}b'"
    /// ```
    public static func prose(_ text: String) -> String {
        // Printable ASCII (most messages) has nothing hidden: its bytes are enough to tell.
        var text = text
        let printable = text.withUTF8 { bytes in
            for b in bytes where b < 0x20 || b >= 0x7F { return false }
            return true
        }
        return printable ? text : VisibleText.escape(text)
    }

    // MARK: GitHub annotations

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=rule-id::message`.
    /// The file, title, message and hint are ``prose(_:)`` (a CI log renders escape sequences and
    /// bidirectional overrides), then workflow-command escaped (`%`, CR, LF; `:` and `,` in
    /// properties): one finding is always one line.
    public static func github(_ findings: [Finding]) -> String {
        var out = ""
        for f in findings {
            let command = f.severity == .error ? "error" : f.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let file = f.file { properties.append("file=" + escapeProperty(prose(file))) }
            if let p = f.position {
                properties.append("line=\(p.line)")
                properties.append("col=\(p.column)")
                if let e = f.endPosition, e > p {
                    properties.append("endLine=\(e.line)")
                    if e.line == p.line { properties.append("endColumn=\(e.column)") }
                }
            }
            properties.append("title=" + escapeProperty(prose(f.rule.rawValue + (f.locale.map { " (\($0))" } ?? ""))))
            var message = proseLines(f.message)
            if let hint = f.hint { message += "\nFix: " + proseLines(hint) }
            out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        return out
    }

    /// ``prose(_:)`` line by line: line feeds kept (a workflow command writes them as `%0A`, and
    /// the annotation shows them as line breaks); every other hidden character shown.
    static func proseLines(_ text: String) -> String {
        guard text.unicodeScalars.contains("\n") else { return prose(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prose(String($0)) }.joined(separator: "\n")
    }

    static func escapeData(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for ch in escapeData(text).unicodeScalars {
            switch ch {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}

extension CheckInput {
    /// Every (locale, table, key) a JUnit report of `result` lists: the source locale, then each
    /// target locale checked (locales the input defers are known from the result).
    public func testCases(_ result: CheckResult) -> [CheckReports.TestCase] {
        var cases: [CheckReports.TestCase] = []
        var seen = Set<CheckReports.TestCase>()
        func add(_ c: CheckReports.TestCase) { if seen.insert(c).inserted { cases.append(c) } }
        for table in tables {
            for m in table.messages { add(.init(locale: sourceTag, table: table.name, key: m.key, file: m.text.file)) }
        }
        var files: [String: String] = [:]
        for checked in result.checkedLocales where checked.table < tables.count {
            let id = checked.tag + "\u{1F}" + String(checked.table)
            if files[id] == nil { files[id] = checked.file }
        }
        for tag in Set(result.checkedLocales.map(\.tag)).sorted() {
            for (t, table) in tables.enumerated() {
                guard let file = files[tag + "\u{1F}" + String(t)] else { continue }
                for m in table.messages { add(.init(locale: tag, table: table.name, key: m.key, file: file)) }
            }
        }
        return cases
    }

    /// Every (locale, table, key) a JUnit report lists: the source locale, then each target
    /// locale of the tables (deferred locales are not read: see ``testCases(_:)``).
    public var testCases: [CheckReports.TestCase] {
        var cases: [CheckReports.TestCase] = []
        var seen = Set<CheckReports.TestCase>()
        func add(_ c: CheckReports.TestCase) { if seen.insert(c).inserted { cases.append(c) } }
        for table in tables {
            for m in table.messages { add(.init(locale: sourceTag, table: table.name, key: m.key, file: m.text.file)) }
        }
        var tags = Set<String>()
        for table in tables { for l in table.locales { tags.insert(l.tag) } }
        for tag in tags.sorted() {
            for table in tables {
                guard let locale = table.locales.first(where: { $0.tag == tag }) else { continue }
                for m in table.messages { add(.init(locale: tag, table: table.name, key: m.key, file: locale.file)) }
            }
        }
        return cases
    }
}
