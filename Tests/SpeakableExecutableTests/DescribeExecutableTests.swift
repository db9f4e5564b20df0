import Foundation
import Testing

/// The built binary describes with its embedded catalog, wherever it runs: here from an empty
/// temporary folder, far from Templates/ and Locales/.
@Suite struct DescribeExecutableTests {
    @Test func theBinaryWorksOutsideTheRepository() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("speakable")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("speakable is not built next to the tests at \(binary.path)")
            return
        }
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("speakable-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        func exec(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.currentDirectoryURL = elsewhere
            let out = Pipe()
            process.standardOutput = out
            process.standardError = Pipe()
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let (status, output) = try exec(["describe", "piece", "X./X./XX", "--locale", "ko"])
        #expect(status == 0)
        #expect(output.hasPrefix("name: 오른쪽 아래로 꺾인 L자\n"))
        let demo = try exec(["describe", "demo", "--json"])
        #expect(demo.0 == 0)
        #expect(demo.1.contains("\"label\": \"9,180 O’Coins\""))
    }
}
