import SpeakableCatalog
import SpeakableChecker
import SpeakableDiagnostics
import SpeakableJSON
import Testing

@Suite struct ConfigurationTests {
    static let files = korean(source: "Save button", ko: "Save button")

    @Test func severitiesComeFromSpeakableJSON() throws {
        var files = Self.files
        #expect(try check(files).findings.first { $0.rule == "untranslated" }?.severity == .warning)
        files["speakable.json"] = #"{"rules": {"untranslated": "error", "role-word": "off"}}"#
        let result = try check(files)
        #expect(result.findings.first { $0.rule == "untranslated" }?.severity == .error)
        #expect(!result.findings.contains { $0.rule == "role-word" })
        #expect(result.hasErrors)
    }

    @Test func unknownRuleIdsAreReportedWithPositionAndSuggestion() throws {
        var files = Self.files
        files["speakable.json"] = "{\n  \"rules\": {\"role-words\": \"off\"}\n}"
        let unknown = try check(files).findings.filter { $0.rule == "unknown-rule" }
        #expect(unknown.count == 1)
        #expect(unknown.first?.position == SourcePosition(line: 2, column: 13))
        #expect(unknown.first?.hint == "did you mean 'role-word'?")
        #expect(unknown.first?.severity == .error)
    }

    @Test func exemptionsForAllLocalesOrOne() throws {
        let everywhere = korean(source: "Save button", extra: #", "exempt": {"role-word": "the game's own button is called that"}"#,
                                ko: "저장 버튼")
        let result = try check(everywhere)
        #expect(!result.findings.contains { $0.rule == "role-word" })
        #expect(result.exempted == 2)
        let koreanOnly = korean(source: "Save button", extra: #", "exempt": {"role-word@ko": "reviewed by the Korean team"}"#, ko: "저장 버튼")
        #expect(try check(koreanOnly).findings.filter { $0.rule == "role-word" }.map(\.locale) == ["en"])
    }

    @Test func exemptionsOfUnknownRulesAreReported() throws {
        let files = korean(source: "Save", extra: #", "exempt": {"role-wrd@ko": "typo"}"#, ko: "저장")
        let unknown = try check(files).findings.filter { $0.rule == "unknown-rule" }
        #expect(unknown.map(\.hint) == ["did you mean 'role-word'?"])
        #expect(unknown.first?.position == SourcePosition(line: 3, column: 5))
    }

    @Test func loaderProblemsAreFindingsToo() throws {
        let result = try check(["Templates/game.json": #"{"messages": {"a": {"message": "A", "colour": 1}}}"#])
        #expect(result.findings.filter { $0.rule != "missing-translation" }.map(\.rule) == ["unknown-field"])
        #expect(result.hasErrors)
    }

    @Test func summaryCountsPerLocale() throws {
        let files = ["Templates/game.json": template([("a", #""message": "A""#), ("b", #""message": "Big B""#), ("c", #""message": "C""#)]),
                     "Locales/ko/game.json": localeFile([("a", "가"), ("b", "Big B")])]
        let summaries = try check(files).summaries
        #expect(summaries.map(\.locale) == ["en", "ko"])
        #expect(summaries[1].translated == 2 && summaries[1].messages == 3)
        #expect(summaries[1].translatedPercent == 66.6)
        #expect(summaries[1].warnings == 2)   // 'b' untranslated, 'c' missing
        #expect(summaries[1].errors == 0)
        let table = CheckReports.summaryTable(summaries)
        #expect(table.contains("ko      2/3  66.6%"))
    }
}

@Suite struct BaselineTests {
    @Test func fingerprintsSurviveUnrelatedEdits() throws {
        let before = try check(korean(source: "Save game", ko: "Save game"))
        // Another message above, a longer key line, a comment: the finding moves, its fingerprint does not.
        let after = try check(["Templates/game.json": template([("aaa", #""message": "New""#),
                                                                ("m", #""role": "label", "comment": "Saves.", "message": "Save game""#)]),
                               "Locales/ko/game.json": localeFile([("aaa", "새"), ("m", "Save game")])])
        let a = try #require(before.findings.first { $0.rule == "untranslated" })
        let b = try #require(after.findings.first { $0.rule == "untranslated" })
        #expect(a.position != b.position)
        #expect(a.fingerprint == b.fingerprint)
        #expect(a.fingerprint.count == 16)
    }

    @Test func fingerprintsNeverChange() {
        // Baselines in users' repositories depend on these values (FNV-1a 64, computed
        // independently with a few lines of Python when this test was written).
        #expect(Fingerprint.make(rule: "untranslated", table: "game", locale: "ko", key: "level.label", subject: "", occurrence: 0)
                == "29c0fa33d7b16a58")
        // The definition (FNV-1a 64 over each field's UTF-8 and a separator, the occurrence in
        // decimal; sixteen lowercase hex digits), on other fields and occurrences of every width.
        func defined(_ fields: [String], _ occurrence: Int) -> String {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for field in ["v1"] + fields + [String(occurrence)] {
                for byte in field.utf8 + [0x1F] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            }
            let digits = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        for (fields, occurrence) in [(["untranslated", "game", "ko", "level.label", ""], 0), (["whitespace", "strings", "de", "string/a", "double"], 9),
                                     (["format-mismatch", "", "", "", "%1$s"], 10), (["x", "표", "zh-CN", "plurals/é", "\u{1F}"], 123_456_789),
                                     (["missing-translation", "strings_settings", "pt-BR", "array/items", "item.3"], Int.max)] {
            #expect(Fingerprint.make(rule: fields[0], table: fields[1], locale: fields[2], key: fields[3], subject: fields[4], occurrence: occurrence)
                    == defined(fields, occurrence))
        }
    }

    @Test func aBaselineAcceptsOnlyWhatItLists() throws {
        let old = try check(korean(source: "Save game", ko: "Save game"))
        let baseline = Baseline(accepting: old.findings)
        let text = baseline.serialized()
        let reread = try Baseline.read(Array(text.utf8), file: "baseline.json")
        #expect(reread.entries == baseline.entries)
        #expect(reread.apply(to: old.findings).new.isEmpty)
        let now = try check(korean(source: "Save game", ko: "Save game  "))
        let applied = reread.apply(to: now.findings)
        #expect(applied.new.map(\.rule) == ["whitespace", "whitespace"])
        #expect(applied.accepted == 0)   // the text changed, so "untranslated" is gone...
        #expect(applied.stale == 1)      // ...and its entry is stale
    }

    @Test func aMalformedBaselineIsADiagnostic() {
        #expect(throws: Diagnostic.self) { try Baseline.read(Array(#"{"version": 2, "findings": []}"#.utf8), file: "b.json") }
        do {
            _ = try Baseline.read(Array("{\n \"version\": 1,\n \"findings\": [{\"rule\": 1}]}".utf8), file: "b.json")
            Issue.record("accepted a bad baseline")
        } catch {
            #expect(error.id == "invalid-baseline")
            #expect(error.position == SourcePosition(line: 3, column: 15))
        }
    }
}

@Suite struct ReportTests {
    static func sample() throws -> CheckResult {
        try check(korean(source: "{n, plural, one {# star} other {# stars}}", ko: "{n, plural, one {1분} other {{n}분}} %d"))
    }

    @Test func sarifHasWhatCodeScanningNeeds() throws {
        let result = try Self.sample()
        let text = CheckReports.sarif(result.findings, toolVersion: "0.1.0")
        let json = JSONReader.read(text)
        #expect(json.diagnostics.isEmpty)
        let root = try #require(json.root)
        #expect(root["version"]?.string == "2.1.0")
        #expect(root["$schema"]?.string?.contains("sarif-2.1.0") == true)
        let run = try #require(root["runs"]?.array?.first)
        #expect(run["columnKind"]?.string == "unicodeCodePoints")
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.array)
        let ids = rules.compactMap { $0["id"]?.string }
        #expect(Set(ids).count == ids.count)
        for rule in Rule.allCases { #expect(ids.contains(rule.rawValue)) }
        for rule in rules {
            #expect(rule["shortDescription"]?["text"]?.string?.isEmpty == false)
            #expect(["error", "warning", "note", "none"].contains(rule["defaultConfiguration"]?["level"]?.string ?? ""))
        }
        let results = try #require(run["results"]?.array)
        #expect(results.count == result.findings.count)
        #expect(results.count >= 2)
        for r in results {
            let id = try #require(r["ruleId"]?.string)
            guard case .int(let index)? = r["ruleIndex"]?.number else { Issue.record("no ruleIndex"); continue }
            #expect(ids[Int(index)] == id)
            #expect(["error", "warning", "note"].contains(r["level"]?.string ?? ""))
            #expect(r["message"]?["text"]?.string?.isEmpty == false)
            let location = try #require(r["locations"]?.array?.first?["physicalLocation"])
            let uri = try #require(location["artifactLocation"]?["uri"]?.string)
            // Relative paths stay relative (GitHub resolves them against the repository);
            // absolute ones become file:// URIs.
            #expect((uri.hasPrefix("file:///") || !uri.hasPrefix("/")) && !uri.contains(" "), "\(uri)")
            guard case .int(let line)? = location["region"]?["startLine"]?.number,
                  case .int(let column)? = location["region"]?["startColumn"]?.number else { Issue.record("no region"); continue }
            #expect(line >= 1 && column >= 1)
            #expect(r["partialFingerprints"]?["speakableFingerprint/v1"]?.string?.count == 16)
        }
    }

    @Test func junitCountsMatch() throws {
        let result = try Self.sample()
        let cases = [CheckReports.TestCase(locale: "en", table: "game", key: "m", file: "Templates/game.json"),
                     CheckReports.TestCase(locale: "ko", table: "game", key: "m", file: "Locales/ko/game.json")]
        let xml = CheckReports.junit(result.findings, cases: cases)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"speakable check\" tests=\"2\" failures=\"1\""))
        #expect(xml.contains("<testsuite name=\"ko\" tests=\"1\" failures=\"1\""))
        let failures = result.findings.filter { $0.severity == .error && $0.locale == "ko" }.count
        #expect(xml.components("<failure ") == failures)
        #expect(xml.components("<testcase ") == 2)
    }

    @Test func githubAnnotationsEscapeWhatTheyMust() {
        let finding = Finding(rule: "printf-injection", severity: .error, file: "Locales/ko/a,b.json",
                              position: SourcePosition(line: 2, column: 9), endPosition: SourcePosition(line: 2, column: 11),
                              locale: "ko", key: "m", table: "a", message: "'%d' is 100%", hint: "line one\nline two")
        #expect(CheckReports.github([finding])
                == "::error file=Locales/ko/a%2Cb.json,line=2,col=9,endLine=2,endColumn=11,title=printf-injection (ko)::'%25d' is 100%25%0AFix: line one%0Aline two\n")
    }

    @Test func jsonReportReadsBack() throws {
        let result = try Self.sample()
        let text = CheckReports.json(result.findings, summaries: result.summaries, exempted: 0, baselined: 0)
        let root = try #require(JSONReader.read(text).root)
        #expect(root["findings"]?.array?.count == result.findings.count)
        #expect(root["findings"]?.array?.first?["fingerprint"]?.string == result.findings.first?.fingerprint)
        #expect(root["summary"]?.array?.count == 2)
    }

    /// A report of many findings is written in pieces (on every core the process may use): the
    /// same bytes as the whole report written as one JSONValue.
    @Test func largeJSONReportIsTheValueWritten() throws {
        let summaries = try Self.sample().summaries
        var findings: [Finding] = []
        for i in 0..<5_000 {
            var finding = Finding(rule: i % 3 == 0 ? "whitespace" : "missing-translation", severity: i % 4 == 0 ? .error : .warning,
                                  file: i % 7 == 0 ? nil : "res/values-ko/strings.xml",
                                  position: i % 5 == 0 ? nil : SourcePosition(line: i, column: i % 80 + 1),
                                  endPosition: i % 2 == 0 ? SourcePosition(line: i, column: i % 80 + 3) : nil,
                                  locale: i % 11 == 0 ? nil : "ko", key: i % 13 == 0 ? nil : "string/k\(i)\"\\",
                                  table: i % 17 == 0 ? nil : "strings", message: "\"m\" \(i)\u{1B}[31m\u{202E}\n",
                                  hint: i % 3 == 0 ? nil : "tab\there \u{2028}")
            finding.fingerprint = String(i, radix: 16)
            findings.append(finding)
        }
        let items: [JSONValue] = findings.map { f in
            var fields: [(String, JSONValue)] = [("rule", .string(f.rule.rawValue)), ("severity", .string(f.severity.rawValue))]
            if let file = f.file { fields.append(("file", .string(file))) }
            if let p = f.position { fields += [("line", .int(Int64(p.line))), ("column", .int(Int64(p.column)))] }
            if let e = f.endPosition { fields += [("endLine", .int(Int64(e.line))), ("endColumn", .int(Int64(e.column)))] }
            if let locale = f.locale { fields.append(("locale", .string(locale))) }
            if let table = f.table { fields.append(("table", .string(table))) }
            if let key = f.key { fields.append(("key", .string(key))) }
            fields.append(("message", .string(CheckReports.prose(f.message))))
            if let hint = f.hint { fields.append(("hint", .string(CheckReports.prose(hint)))) }
            fields.append(("fingerprint", .string(f.fingerprint)))
            return .object(fields)
        }
        let summary: [JSONValue] = summaries.map { s in
            .object([("locale", .string(s.locale)), ("source", .bool(s.isSource)), ("messages", .int(Int64(s.messages))),
                     ("translated", .int(Int64(s.translated))), ("needsReview", .int(Int64(s.needsReview))),
                     ("translatedPercent", .double(s.translatedPercent)),
                     ("errors", .int(Int64(s.errors))), ("warnings", .int(Int64(s.warnings)))])
        }
        for count in [0, 1, 2_048, 2_049, 5_000] {
            var expected: [UInt8] = []
            JSONValue.object([
                ("version", .int(1)), ("findings", .array(Array(items.prefix(count)))), ("summary", .array(summary)),
                ("exempted", .int(3)), ("baselined", .int(4)),
            ]).write(into: &expected, indent: true, level: 0)
            expected.append(0x0A)
            #expect(CheckReports.json(Array(findings.prefix(count)), summaries: summaries, exempted: 3, baselined: 4)
                    == String(decoding: expected, as: UTF8.self))
        }
    }
}

extension String {
    func components(_ needle: String) -> Int {
        var count = 0
        var rest = self[...]
        while let r = rest.firstRange(of: needle) { count += 1; rest = rest[r.upperBound...] }
        return count
    }
}

/// `"translatable": false` in a template (Android's translatable="false", a String Catalog's
/// shouldTranslate: false, as `speakable import` writes it) needs no translation: no
/// missing-translation, and the locale is complete without it.
@Suite struct UntranslatableMessageTests {
    @Test func anUntranslatableMessageIsNotMissing() throws {
        let result = try check([
            "speakable.json": #"{"targetLocales": ["ko"]}"#,
            "Templates/game.json": template([("app.name", #""message": "O'Block", "translatable": false"#),
                                             ("play", #""role": "label", "message": "Play""#)]),
            "Locales/ko/game.json": localeFile([("play", "시작")]),
        ])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        let korean = try #require(result.summaries.first { $0.locale == "ko" })
        #expect(korean.translated == korean.messages)
        // Without the flag the same project misses a translation.
        let missing = try check([
            "speakable.json": #"{"targetLocales": ["ko"]}"#,
            "Templates/game.json": template([("app.name", #""message": "O'Block""#), ("play", #""role": "label", "message": "Play""#)]),
            "Locales/ko/game.json": localeFile([("play", "시작")]),
        ])
        #expect(missing.findings.map(\.rule) == ["missing-translation"])
    }

    /// A locale that translates it anyway is not reporting an extra key, whether the locales are
    /// read up front or one at a time (as `speakable check` does; `check` compares both).
    @Test func aTranslatedUntranslatableMessageIsNotExtra() throws {
        let result = try check([
            "speakable.json": #"{"targetLocales": ["ko"]}"#,
            "Templates/game.json": template([("app.name", #""message": "O'Block", "translatable": false"#),
                                             ("play", #""role": "label", "message": "Play""#)]),
            "Locales/ko/game.json": localeFile([("app.name", "오블록"), ("play", "시작")]),
        ])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        let korean = try #require(result.summaries.first { $0.locale == "ko" })
        #expect(korean.translated == korean.messages)
    }
}
