public import SpeakableJSON

extension DifferentialReport {
    /// How many mismatches each allow-list entry accepted.
    public var allowanceCounts: [Int: Int] {
        var counts: [Int: Int] = [:]
        for input in inputs {
            for mismatch in input.mismatches {
                if let entry = mismatch.allowedBy { counts[entry, default: 0] += 1 }
            }
        }
        return counts
    }

    /// The report for people: the table of counts, problems, mismatches, the allow-list.
    /// `limit`: at most this many mismatches per input and platform (0: all).
    public func text(limit: Int = 0) -> String {
        var out = "Platform differential: what the compiled catalogs make each platform say, against Speakable (particles resolved)\n\n"
        let header = pad("input", 28) + pad("platform", 18) + lpad("messages", 9) + lpad("locales", 8) + lpad("cases", 8)
            + lpad("identical", 10) + lpad("allowed", 8) + lpad("mismatched", 11)
        out += header + "\n" + String(repeating: "-", count: header.count) + "\n"
        for input in inputs {
            if input.tallies.isEmpty { out += pad(input.name, 28) + "(nothing measured)\n" }
            for platform in input.tallies.keys.sorted() {
                let t = input.tallies[platform]!
                out += pad(input.name, 28) + pad(platform.rawValue, 18) + lpad(String(t.messages), 9) + lpad(String(t.locales), 8)
                    + lpad(String(t.cases), 8) + lpad(String(t.identical), 10) + lpad(String(t.allowed), 8) + lpad(String(t.mismatched), 11) + "\n"
            }
        }
        var totals: [Platform: Tally] = [:]
        for input in inputs {
            for (platform, t) in input.tallies {
                var total = totals[platform] ?? Tally()
                total.cases += t.cases
                total.identical += t.identical
                total.allowed += t.allowed
                total.mismatched += t.mismatched
                total.messages += t.messages
                totals[platform] = total
            }
        }
        for platform in totals.keys.sorted() {
            let t = totals[platform]!
            out += pad("total", 28) + pad(platform.rawValue, 18) + lpad(String(t.messages), 9) + lpad("", 8) + lpad(String(t.cases), 8)
                + lpad(String(t.identical), 10) + lpad(String(t.allowed), 8) + lpad(String(t.mismatched), 11) + "\n"
        }
        for input in inputs where !input.problems.isEmpty || !input.notes.isEmpty || !input.compileOutput.isEmpty {
            out += "\n\(input.name):\n"
            if input.compileStatus != 0 || !input.compileOutput.isEmpty {
                out += "  speakable compile (exit \(input.compileStatus)):\n"
                for line in input.compileOutput.prefix(40) { out += "    " + line + "\n" }
                if input.compileOutput.count > 40 { out += "    … \(input.compileOutput.count - 40) more lines\n" }
            }
            for problem in input.problems { out += "  PROBLEM " + problem + "\n" }
            for note in input.notes { out += "  note: " + note + "\n" }
        }
        let open = inputs.flatMap(\.mismatches).filter { $0.allowedBy == nil }
        if !open.isEmpty {
            out += "\nMismatches (\(open.count)):\n"
            var shown: [String: Int] = [:]
            for mismatch in open {
                let group = mismatch.input + "/" + mismatch.platform.rawValue
                shown[group, default: 0] += 1
                if limit > 0 && shown[group]! > limit { continue }
                out += mismatch.text
            }
            for (group, count) in shown.sorted(by: { $0.key < $1.key }) where limit > 0 && count > limit {
                out += "  … \(count - limit) more for \(group) (--limit 0 shows all, --json lists all)\n"
            }
        }
        out += "\nAllow-list" + (allowList.file.map { " (\($0))" } ?? "") + ": \(allowList.entries.count) entries\n"
        let counts = allowanceCounts
        for (index, entry) in allowList.entries.enumerated() {
            let filters = [("input", entry.input), ("platform", entry.platform), ("message", entry.message), ("locale", entry.locale),
                           ("origin", entry.origin), ("expected", entry.expected), ("actual", entry.actual)]
                .compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: " ")
            out += "  [\(index + 1)] \(filters) — \(counts[index] ?? 0) cases\n      \(entry.reason)\n"
        }
        if !unusedAllowances.isEmpty {
            out += "  unused (matched nothing; remove them): " + unusedAllowances.map { "[\($0 + 1)]" }.joined(separator: " ") + "\n"
        }
        let failing = inputs.filter(\.failed).map(\.name)
        out += "\n" + (failing.isEmpty ? "PASS: every case is identical or allowed\n" : "FAIL: " + failing.joined(separator: ", ") + "\n")
        return out
    }

    public var json: JSONValue {
        let counts = allowanceCounts
        return .object([
            ("failed", .bool(failed)),
            ("inputs", .array(inputs.map { input in
                .object([
                    ("name", .string(input.name)),
                    ("failed", .bool(input.failed)),
                    ("compile", .object([("status", .int(Int64(input.compileStatus))), ("output", .array(input.compileOutput.map(JSONValue.string)))])),
                    ("problems", .array(input.problems.map(JSONValue.string))),
                    ("notes", .array(input.notes.map(JSONValue.string))),
                    ("platforms", .object(input.tallies.keys.sorted().map { platform in
                        let t = input.tallies[platform]!
                        return (platform.rawValue, .object([
                            ("messages", .int(Int64(t.messages))), ("locales", .int(Int64(t.locales))), ("cases", .int(Int64(t.cases))),
                            ("identical", .int(Int64(t.identical))), ("allowed", .int(Int64(t.allowed))), ("mismatched", .int(Int64(t.mismatched))),
                        ]))
                    })),
                    ("mismatches", .array(input.mismatches.map(\.json))),
                ])
            })),
            ("allowList", .object([
                ("file", allowList.file.map(JSONValue.string) ?? .null),
                ("entries", .array(allowList.entries.enumerated().map { index, entry in
                    var fields: [(String, JSONValue)] = [("index", .int(Int64(index + 1)))]
                    for (name, value) in [("input", entry.input), ("platform", entry.platform), ("message", entry.message), ("locale", entry.locale),
                                          ("origin", entry.origin), ("expected", entry.expected), ("actual", entry.actual)] {
                        if let value { fields.append((name, .string(value))) }
                    }
                    fields.append(("reason", .string(entry.reason)))
                    fields.append(("matched", .int(Int64(counts[index] ?? 0))))
                    return .object(fields)
                })),
            ])),
        ])
    }
}

extension Mismatch {
    var text: String {
        var out = "  \(input) \(platform.rawValue) \(locale) \(key) (\(origin)) \(arguments)\n"
        out += "    speakable: \(expected.debugDescription)\n"
        out += "    platform:  \(actual.debugDescription)\n"
        if !detail.isEmpty { out += "    asked:     \(detail)\n" }
        return out
    }

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("platform", .string(platform.rawValue)), ("table", .string(table)), ("message", .string(key)), ("locale", .string(locale)),
            ("origin", .string(origin)), ("arguments", .string(arguments)), ("expected", .string(expected)), ("actual", .string(actual)),
            ("detail", .string(detail)),
        ]
        if let allowedBy { fields.append(("allowedBy", .int(Int64(allowedBy + 1)))) }
        return .object(fields)
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

func lpad(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
}
