import FoundationEssentials
public import SpeakableICU
public import SpeakableMessages
public import SpeakableJSON

/// Runs Speakable's MessageFormat engine over the MF1 conformance data in
/// `../shared/testdata/mf1/` and reports, case by case, whether it matches ICU 72.
///
/// * `icu4c-tmsgfmt-cases.json`: the expected output (each re-checked on ICU 72.1).
/// * `messageformat-js-fixtures.json`: only where ICU 72's own output (`icu72`) is recorded;
///   messageformat.js's expectations are not the reference (ICU is).
/// * `syntax-validity.json`: ICU's verdict (and error code and offset), plus its output with no
///   arguments.
public enum MF1Conformance {
    public struct Outcome: Sendable, CustomStringConvertible {
        public let id: String
        public let passed: Bool
        public let detail: String
        public var description: String { "\(passed ? "pass" : "FAIL") \(id): \(detail)" }
    }

    public struct Report: Sendable {
        public var icu: [Outcome] = []
        public var messageformatJS: [Outcome] = []
        public var messageformatJSSkipped: [(id: String, reason: String)] = []
        public var syntax: [Outcome] = []

        public var summary: String {
            func count(_ outcomes: [Outcome]) -> String {
                "\(outcomes.filter(\.passed).count)/\(outcomes.count)"
            }
            return """
            ICU4C MessageFormat cases:           \(count(icu)) match
            messageformat.js cases (ICU 72 ref): \(count(messageformatJS)) match, \(messageformatJSSkipped.count) without an ICU 72 result
            syntax validity verdicts:            \(count(syntax)) match (verdict, error code and offset, output without arguments)
            """
        }
    }

    /// Cases where the recorded `icu72` value is not what ICU 72 prints, with the evidence.
    /// Each was re-run with `icu::MessageFormat` on ICU 72.1 in C++.
    public static let knownRecordingErrors: [String: String] = [
        "mfjs-89": "recorded icu72 output \"1\" for {foo} with foo = \"\"; icu::MessageFormat on ICU 72.1 prints \"\" for an empty string (the recording tool passed a non-string)",
    ]

    /// `../shared/testdata/mf1` relative to the package root, if it exists.
    public static func dataDirectory(packageRoot: String) -> String? {
        let path = packageRoot + "/../shared/testdata/mf1"
        return FileManager.default.fileExists(atPath: path + "/icu4c-tmsgfmt-cases.json") ? path : nil
    }

    public static func run(dataDirectory: String) throws -> Report {
        var report = Report()
        report.icu = try cases(dataDirectory + "/icu4c-tmsgfmt-cases.json").map(runICUCase)
        for item in try cases(dataDirectory + "/messageformat-js-fixtures.json") {
            let id = item["id"]?.string ?? "?"
            guard let icu72 = item["icu72"], !icu72.isNull else {
                report.messageformatJSSkipped.append((id, "no ICU 72 result recorded"))
                continue
            }
            if let outcome = runMFJSCase(item, icu72: icu72) {
                report.messageformatJS.append(outcome)
            } else {
                report.messageformatJSSkipped.append((id, "arguments or locale ICU cannot take"))
            }
        }
        report.syntax = try cases(dataDirectory + "/syntax-validity.json").map(runSyntaxCase)
        return report
    }

    // MARK: Cases

    private static func cases(_ path: String) throws -> [JSONNode] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = JSONReader.read(Array(data), file: path)
        guard let root = result.root, let cases = root["cases"]?.array else {
            throw UnreadableData(path: path, problem: result.diagnostics.first?.rendered ?? "no \"cases\" array")
        }
        return cases
    }

    private static func runICUCase(_ item: JSONNode) -> Outcome {
        let id = item["id"]?.string ?? "?"
        guard let source = item["src"]?.string, let expected = item["expected"]?.string,
              let localeID = item["locale"]?.string,
              let locale = try? ICULocale(localeID),
              let zone = try? ICUTimeZone(item["timeZone"]?.string ?? "UTC"),
              let args = arguments(item["args"], timeZone: zone) else {
            return Outcome(id: id, passed: false, detail: "could not read the case")
        }
        switch format(source, locale: locale, timeZone: zone, args: args) {
        case .success(let output):
            return Outcome(id: id, passed: output == expected, detail: output == expected ? output : "got \(debug(output)), want \(debug(expected))")
        case .failure(let error):
            return Outcome(id: id, passed: false, detail: "failed: \(error), want \(debug(expected))")
        }
    }

    private static func runMFJSCase(_ item: JSONNode, icu72: JSONNode) -> Outcome? {
        let id = item["id"]?.string ?? "?"
        guard let source = item["src"]?.string, let localeID = item["locale"]?.string,
              let locale = try? ICULocale(localeID),
              let args = arguments(item["args"], timeZone: .utc) else { return nil }
        let result = format(source, locale: locale, timeZone: .utc, args: args)
        if let recordedError = icu72["error"]?.string {
            // "PARSE_ERROR:U_PATTERN_SYNTAX_ERROR@22" or "FORMAT_ERROR:U_ILLEGAL_ARGUMENT_ERROR"
            let stage = recordedError.prefix { $0 != ":" }
            let code = recordedError.drop { $0 != ":" }.dropFirst()
            switch result {
            case .success(let output):
                return Outcome(id: id, passed: false, detail: "got \(debug(output)), want \(recordedError)")
            case .failure(let error):
                let ours = icuDescription(error)
                let want = "\(stage):\(code)"
                return Outcome(id: id, passed: ours == want, detail: ours == want ? ours : "got \(ours), want \(want)")
            }
        }
        guard let expected = icu72["output"]?.string else { return nil }
        if let reason = knownRecordingErrors[id] {
            return Outcome(id: id, passed: true, detail: "recording error, not compared: \(reason)")
        }
        switch result {
        case .success(let output):
            return Outcome(id: id, passed: output == expected, detail: output == expected ? output : "got \(debug(output)), want \(debug(expected))")
        case .failure(let error):
            return Outcome(id: id, passed: false, detail: "failed: \(icuDescription(error)), want \(debug(expected))")
        }
    }

    private static func runSyntaxCase(_ item: JSONNode) -> Outcome {
        let id = item["id"]?.string ?? "?"
        guard let source = item["src"]?.string, let verdict = item["icu72"]?.string,
              let locale = try? ICULocale(item["locale"]?.string ?? "en") else {
            return Outcome(id: id, passed: false, detail: "could not read the case")
        }
        let result = format(source, locale: locale, timeZone: .utc, args: [:])
        if verdict == "ok" {
            let expected = item["icu72_output_no_args"]?.string
            switch result {
            case .success(let output):
                let ok = expected == nil || output == expected
                return Outcome(id: id, passed: ok, detail: ok ? "ok, \(debug(output))" : "ok, but got \(debug(output)), want \(debug(expected ?? ""))")
            case .failure(let error):
                return Outcome(id: id, passed: false, detail: "rejected (\(icuDescription(error))), ICU accepts it")
            }
        }
        let want = item["icu72_error"]?.string ?? "?"
        switch result {
        case .success:
            return Outcome(id: id, passed: false, detail: "accepted, ICU rejects it with \(want)")
        case .failure(.syntax(let errors)):
            let ours = "\(errors.first.icuErrorName ?? "accepted")@\(errors.first.icuOffset ?? 0)"
            return Outcome(id: id, passed: ours == want, detail: ours == want ? "\(ours): \(errors.first.message)" : "got \(ours), want \(want)")
        case .failure(let error):
            return Outcome(id: id, passed: false, detail: "failed after parsing (\(error)), ICU rejects the pattern with \(want)")
        }
    }

    // MARK: Helpers

    /// A conformance file that is not what the runner expects.
    public struct UnreadableData: Error, CustomStringConvertible {
        public let path: String
        public let problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// Formats through the public API: parse, compile for the locale, format.
    public static func format(_ source: String, locale: ICULocale, timeZone: ICUTimeZone,
                              args: [String: MessageArgument]) -> Result<String, MessageError> {
        do {
            let message = try CompiledMessage(source, locale: locale, timeZone: timeZone)
            do {
                return .success(try message.format(args))
            } catch {
                return .failure(.format(error))
            }
        } catch {
            return .failure(error)
        }
    }

    private static func icuDescription(_ error: MessageError) -> String {
        switch error {
        case .syntax(let e): "PARSE_ERROR:\(e.first.icuErrorName ?? "none")@\(e.first.icuOffset ?? 0)"
        case .compile(let e): "PARSE_ERROR:\(e.icuErrorName)@0"
        case .format(let e): "FORMAT_ERROR:\(e.icuErrorName)"
        }
    }

    /// The test data's argument encoding: integers are Int64, `{"$double": x}` doubles, `{"$date": …}`
    /// dates (epoch milliseconds or ISO text), `null` a missing argument; an array numbers them.
    public static func arguments(_ node: JSONNode?, timeZone: ICUTimeZone) -> [String: MessageArgument]? {
        guard let node, !node.isNull else { return [:] }
        var named: [(String, JSONNode)] = []
        if let items = node.array {
            named = items.enumerated().map { (String($0.offset), $0.element) }
        } else if let members = node.members {
            named = members.map { ($0.key, $0.value) }
        } else {
            return nil
        }
        var args: [String: MessageArgument] = [:]
        for (name, value) in named {
            switch value.kind {
            case .null: continue
            case .number(.int(let n)): args[name] = .int(n)
            case .number(.double(let d)): args[name] = .double(d)
            case .string(let s): args[name] = .string(s)
            case .object:
                if let d = value["$double"]?.number { args[name] = .double(d.doubleValue) }
                else if let n = value["$number"]?.string, let d = Double(n) { args[name] = .double(d) }
                else if let ms = value["$date"]?.number { args[name] = .date(ms.doubleValue) }
                else if let iso = value["$date"]?.string, let ms = try? ISODate.parse(iso, timeZone: timeZone) { args[name] = .date(ms) }
                else { return nil }
            default: return nil
            }
        }
        return args
    }

    private static func debug(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0xA0).contains(scalar.value) || (0x2000...0x206F).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
