import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Translator text with escape sequences, controls, a right-to-left override
/// and line separators reaches every `check` report's prose shown as `\u{…}` (as the text format
/// shows it), never raw — a CI log renders ESC/OSC sequences and reorders text after U+202E —
/// and every report still parses.
@Suite struct CheckReportControlTextTests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("speakable")

    /// ESC (CSI and OSC sequences), BEL, NUL, BS, DEL, C1 CSI, RLO, LINE SEPARATOR, NEL.
    static let hostile = "\u{1B}[31mR\u{1B}]0;T\u{07}\u{00}\u{08}\u{7F}\u{9B}2J\u{202E}yrros\u{2028}\u{85}"
    static let shown = ["001B", "0007", "0000", "0008", "007F", "009B", "202E", "2028", "0085"]

    /// Characters no report may carry raw: C0 controls but LF (the reports' own line breaks; tab
    /// is not in the input), DEL and C1, line and paragraph separators, bidirectional
    /// embeddings, overrides and isolates, zero-width and directional marks.
    static func isRawHidden(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v == 0x0A { return false }
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || (0x200B...0x200F).contains(v)
    }

    func makeProject() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("speakable-hostile-reports-\(UUID().uuidString)")
        let template = #"{"messages": {"stars": {"role": "label", "message": "{n, plural, one {# star} other {# stars}}"}, "pay": {"role": "label", "message": "Pay now"}, "bad": {"role": "label", "message": "Hello {name}"}}}"#
        // The translations quote the hostile text in a plural case name, an argument name, plain
        // text and a key: each reaches a finding's message or hint.
        let h = Self.hostile
        let translations: [String: String] = [
            "stars": "{n, plural, other {x} \(h)one {y}}",
            "pay": "Pay \(h) now",
            "bad": "{name\(h)}",
            "extra\(h)": "x",
        ]
        let locale = String(decoding: try JSONSerialization.data(withJSONObject: translations, options: [.sortedKeys]), as: UTF8.self)
        for (path, text) in ["Templates/game.json": template, "Locales/ko/game.json": locale] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func exec(_ arguments: [String], in directory: URL) throws -> (Int32, Data, Data) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let error = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data, error)
    }

    @Test(arguments: ["text", "json", "sarif", "junit", "github"])
    func everyFormatShowsHiddenCharacters(format: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            Issue.record("speakable is not built at \(Self.binary.path)")
            return
        }
        let root = try makeProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let (status, data, error) = try exec(["check", "--format", format], in: root)
        #expect(status == 1)
        let report = String(decoding: data, as: UTF8.self)
        #expect(!report.isEmpty)
        for (name, text) in [("report", report), ("stderr", String(decoding: error, as: UTF8.self))] {
            let raw = text.unicodeScalars.filter(Self.isRawHidden)
            #expect(raw.isEmpty, "\(format) \(name) holds raw \(raw.map { String($0.value, radix: 16) })")
        }
        // The notation is there (in JSON and SARIF its backslash is escaped: `\\u{001B}`).
        for hex in Self.shown {
            #expect(report.contains("u{" + hex + "}"), "\(format) does not show U+\(hex)")
        }
        switch format {
        case "json", "sarif":
            let object = try JSONSerialization.jsonObject(with: data)
            #expect(object is [String: Any])
            if format == "json" {
                let findings = ((object as? [String: Any])?["findings"] as? [[String: Any]]) ?? []
                #expect(findings.contains { ($0["message"] as? String)?.contains("\\u{001B}[31m") == true })
            }
        case "junit":
            #if canImport(FoundationXML)
            let document = try XMLDocument(data: data)
            #expect(document.rootElement()?.name == "testsuites")
            #endif
        case "github":
            for line in report.split(separator: "\n") {
                #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice "))
            }
        default:
            break
        }
    }
}
