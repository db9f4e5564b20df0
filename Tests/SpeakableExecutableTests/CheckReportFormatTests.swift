import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `speakable check` reports read by real parsers: JUnit XML by an XML parser, SARIF by
/// JSONSerialization, checked for the structure CI dashboards and GitHub code scanning need.
@Suite struct CheckReportFormatTests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("speakable")

    func makeProject() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("speakable-reports-\(UUID().uuidString)")
        let files = [
            "Templates/game.json": #"{"messages": {"stars": {"role": "label", "message": "{n, plural, one {# star} other {# stars}}"}, "save": {"role": "label", "message": "Save the game"}}}"#,
            "Locales/ko/game.json": #"{"stars": "{n, plural, other {별 {n}개}} {total} <&>", "save": "Save the game"}"#,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func exec(_ arguments: [String], in directory: URL) throws -> (Int32, Data) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    @Test func junitParsesAndCountsAgree() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            Issue.record("speakable is not built at \(Self.binary.path)")
            return
        }
        #if canImport(FoundationXML)
        let root = try makeProject()
        let (status, data) = try exec(["check", "--format", "junit"], in: root)
        #expect(status == 1)
        let document = try XMLDocument(data: data)
        let suites = try #require(document.rootElement())
        #expect(suites.name == "testsuites")
        var tests = 0
        var failures = 0
        for suite in suites.elements(forName: "testsuite") {
            let cases = suite.elements(forName: "testcase")
            #expect(Int(suite.attribute(forName: "tests")?.stringValue ?? "") == cases.count)
            let failing = cases.filter { !$0.elements(forName: "failure").isEmpty }.count
            #expect(Int(suite.attribute(forName: "failures")?.stringValue ?? "") == failing)
            for testCase in cases {
                #expect(testCase.attribute(forName: "classname")?.stringValue?.isEmpty == false)
                #expect(testCase.attribute(forName: "name")?.stringValue?.isEmpty == false)
                for failure in testCase.elements(forName: "failure") {
                    #expect(failure.attribute(forName: "type")?.stringValue?.isEmpty == false)
                    #expect(failure.attribute(forName: "message")?.stringValue?.isEmpty == false)
                }
            }
            tests += cases.count
            failures += failing
        }
        #expect(Int(suites.attribute(forName: "tests")?.stringValue ?? "") == tests)
        #expect(Int(suites.attribute(forName: "failures")?.stringValue ?? "") == failures)
        #expect(tests == 4)   // 2 messages × (en, ko)
        #expect(failures == 1)
        #endif
    }

    @Test func sarifParsesWithTheFieldsCodeScanningReads() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            Issue.record("speakable is not built at \(Self.binary.path)")
            return
        }
        let root = try makeProject()
        let (status, data) = try exec(["check", "--format", "sarif"], in: root)
        #expect(status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? String == "2.1.0")
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "speakable check")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count >= 2)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri.hasPrefix("Locales/") || uri.hasPrefix("Templates/"), "relative to the project: \(uri)")
            #expect(URL(string: uri) != nil)
            let region = try #require(location["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
        }
    }
}
