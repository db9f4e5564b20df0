import FoundationEssentials
public import SpeakableMessages
public import SpeakableJSON
import SpeakableICU

/// Runs Speakable's MessageFormat 2 parser and formatter over the Unicode MessageFormat test
/// suite (`../shared/testdata/mf2/message-format-wg/tests/`, described by its README and
/// `schemas/v0/tests.schema.json`).
///
/// Each test takes the file's `defaultTestProperties`, then its own. A test passes when the
/// formatted string equals `exp` (when given), the error types equal `expErrors` as a multiset
/// (absent or empty: no error at all, as the schema says), and the parts match `expParts` (when
/// given: each expected part's fields equal ours; ours may carry more fields).
///
/// Skipped, with the reason: tests with a tag this formatter does not implement.
public enum MF2Conformance {
    public enum Status: String, Sendable { case pass, fail, skip }

    public struct Outcome: Sendable, CustomStringConvertible {
        /// The file relative to the tests folder.
        public let file: String
        /// 1-based position in the file's `tests`.
        public let index: Int
        /// The test's description, else its source.
        public let label: String
        public let status: Status
        /// Why it failed (expected vs got) or was skipped.
        public let detail: String
        public var description: String { "\(status.rawValue.uppercased()) \(file) #\(index) \(label): \(detail)" }
    }

    public struct FileReport: Sendable {
        public let file: String
        public let outcomes: [Outcome]
        public func count(_ status: Status) -> Int { outcomes.filter { $0.status == status }.count }
    }

    public struct Report: Sendable {
        public var files: [FileReport] = []
        public var outcomes: [Outcome] { files.flatMap(\.outcomes) }
        public func count(_ status: Status) -> Int { files.reduce(0) { $0 + $1.count(status) } }

        public var summary: String {
            var lines = files.map { file in
                "\(file.file): \(file.count(.pass)) pass, \(file.count(.fail)) fail, \(file.count(.skip)) skip"
            }
            lines.append("total: \(count(.pass)) pass, \(count(.fail)) fail, \(count(.skip)) skip of \(outcomes.count)")
            return lines.joined(separator: "\n")
        }
    }

    /// The tags of optional features this formatter implements.
    public static let implementedTags: Set<String> = [":currency", ":percent", "u:dir", "u:id"]

    /// `../shared/testdata/mf2/message-format-wg/tests` relative to the package root, if it exists.
    public static func testsDirectory(packageRoot: String) -> String? {
        let path = packageRoot + "/../shared/testdata/mf2/message-format-wg/tests"
        return FileManager.default.fileExists(atPath: path + "/syntax.json") ? path : nil
    }

    /// Runs every `.json` file under `directory` (sorted by path).
    public static func run(directory: String) throws -> Report {
        var report = Report()
        for file in try jsonFiles(under: directory) {
            let path = directory + "/" + file
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = JSONReader.read(Array(data), file: path)
            guard let root = result.root, let tests = root["tests"]?.array else {
                throw UnreadableData(path: path, problem: result.diagnostics.first?.rendered ?? "no \"tests\" array")
            }
            let defaults = root["defaultTestProperties"]
            let outcomes = tests.enumerated().map { offset, test in
                runTest(test, defaults: defaults, file: file, index: offset + 1)
            }
            report.files.append(FileReport(file: file, outcomes: outcomes))
        }
        return report
    }

    private static func jsonFiles(under directory: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// A test property: the test's own, else the file's default.
    private static func property(_ name: String, _ test: JSONNode, _ defaults: JSONNode?) -> JSONNode? {
        test[name] ?? defaults?[name]
    }

    /// Runs one test.
    public static func runTest(_ test: JSONNode, defaults: JSONNode?, file: String, index: Int) -> Outcome {
        let source = test["src"]?.string
        let label = test["description"]?.string ?? debug(source ?? "?")
        func outcome(_ status: Status, _ detail: String) -> Outcome {
            Outcome(file: file, index: index, label: label, status: status, detail: detail)
        }
        guard let source else { return outcome(.fail, "no src") }
        let tags = property("tags", test, defaults)?.array?.compactMap(\.string) ?? []
        if let missing = tags.first(where: { !implementedTags.contains($0) }) {
            return outcome(.skip, "tag \(missing) is not implemented")
        }
        let expectedParts = property("expParts", test, defaults)?.array
        let localeTag = property("locale", test, defaults)?.string ?? "en-US"
        let bidi: MF2BidiStrategy = property("bidiIsolation", test, defaults)?.string == "none" ? .none : .default
        guard let arguments = arguments(property("params", test, defaults)) else {
            return outcome(.fail, "unreadable params")
        }
        let expectedErrors = (property("expErrors", test, defaults)?.array ?? []).compactMap { $0["type"]?.string }

        let formatted: MF2Formatted
        do {
            let message = try MF2Message(source)
            formatted = message.format(locale: localeTag, arguments: arguments, bidi: bidi)
        } catch {
            // A message that is not well-formed or not valid formats as the fallback `{�}`.
            formatted = MF2Formatted(output: "{\u{FFFD}}", parts: [.fallback(source: "\u{FFFD}")], errors: error.errors)
        }

        var problems: [String] = []
        if let expected = property("exp", test, defaults)?.string, formatted.output != expected {
            problems.append("output \(debug(formatted.output)), want \(debug(expected))")
        }
        let gotErrors = formatted.errors.map(\.kind.rawValue)
        if gotErrors.sorted() != expectedErrors.sorted() {
            problems.append("errors [\(gotErrors.joined(separator: ", "))], want [\(expectedErrors.joined(separator: ", "))]"
                            + (formatted.errors.isEmpty ? "" : " (\(formatted.errors.map(\.message).joined(separator: "; ")))"))
        }
        if let expectedParts, let problem = compareParts(formatted.parts, expectedParts) {
            problems.append(problem)
        }
        return problems.isEmpty ? outcome(.pass, debug(formatted.output)) : outcome(.fail, problems.joined(separator: "; "))
    }

    /// The test suite's `params`: numbers, strings, `{"type": "datetime", "value": ISO text}`;
    /// booleans become the strings `true` and `false` (the engine's arguments have no boolean;
    /// the suite passes one only as an operand no function accepts, and no date, number or
    /// option value is spelled `true`, so the outcome is the same bad operand).
    public static func arguments(_ node: JSONNode?) -> [String: MessageArgument]? {
        guard let items = node?.array else { return node == nil || node!.isNull ? [:] : nil }
        var result: [String: MessageArgument] = [:]
        for item in items {
            guard let name = item["name"]?.string, let value = item["value"] else { return nil }
            if item["type"]?.string == "datetime" {
                guard let text = value.string, let date = try? ISODate.parse(text) else { return nil }
                result[name] = .date(date)
                continue
            }
            switch value.kind {
            case .null: continue
            case .bool(let b): result[name] = .string(b ? "true" : "false")
            case .number(.int(let n)): result[name] = .int(n)
            case .number(.double(let d)): result[name] = .double(d)
            case .string(let s): result[name] = .string(s)
            case .array, .object: return nil
            }
        }
        return result
    }

    /// nil when every expected part matches ours, field by field.
    static func compareParts(_ parts: [MF2Part], _ expected: [JSONNode]) -> String? {
        let ours = parts.map(partFields)
        guard ours.count == expected.count else {
            return "parts \(ours), want \(expected.count) parts"
        }
        for (index, (mine, want)) in zip(ours, expected).enumerated() {
            for member in want.members ?? [] {
                let wanted: String
                switch member.value.kind {
                case .string(let s): wanted = s
                case .object(let options):
                    wanted = options.map { "\($0.key)=\($0.value.string ?? "?")" }.sorted().joined(separator: ",")
                case .array(let inner):
                    wanted = inner.map { "\($0["type"]?.string ?? "?"):\($0["value"]?.string ?? "?")" }.joined(separator: "|")
                default: wanted = "\(member.value.kindName)"
                }
                if mine[member.key] != wanted {
                    return "part \(index + 1) \(member.key) is \(mine[member.key].map(debug) ?? "absent"), want \(debug(wanted))"
                }
            }
        }
        return nil
    }

    /// A part as the suite's JSON fields (options as sorted `name=value` pairs).
    static func partFields(_ part: MF2Part) -> [String: String] {
        switch part {
        case .text(let text):
            return ["type": "text", "value": text]
        case .bidiIsolation(let scalar):
            return ["type": "bidiIsolation", "value": String(scalar)]
        case .fallback(let source):
            return ["type": "fallback", "source": source]
        case .markup(let kind, let name, let options, let id):
            var fields = ["type": "markup", "kind": kind.rawValue, "name": name,
                          "options": options.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",")]
            fields["id"] = id
            return fields
        case .value(let value):
            var fields = ["type": value.type, "value": value.value, "locale": value.locale]
            fields["dir"] = value.direction?.rawValue
            fields["id"] = value.id
            if !value.numberParts.isEmpty {
                fields["parts"] = value.numberParts.map { "\($0.type):\($0.value)" }.joined(separator: "|")
            }
            return fields
        }
    }

    /// A conformance file that is not what the runner expects.
    public struct UnreadableData: Error, CustomStringConvertible {
        public let path: String
        public let problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// Quotes a string, showing controls and bidi characters as `\u{…}`.
    static func debug(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0xA0).contains(scalar.value) || (0x200B...0x206F).contains(scalar.value)
                || scalar.value == 0x061C {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
