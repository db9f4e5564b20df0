import Foundation
import Testing

/// Runs the built `speakable` binary as a user would. This target imports Foundation (for
/// `Process`) and none of Speakable's modules: what it checks is the executable's behaviour, not
/// the library's.
@Suite struct ExecutableTests {
    @Test func theBinaryExitsWithTheRightStatus() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("speakable")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("speakable is not built next to the tests at \(binary.path)")
            return
        }
        func exec(_ arguments: [String], stdin: String? = nil) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = Pipe()
            let input = Pipe()
            process.standardInput = input
            try process.run()
            if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
            try input.fileHandleForWriting.close()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        #expect(try exec(["format", "--locale", "ko", "--args", #"{"n":3}"#, "{n}개"]) == (0, "3개\n"))
        #expect(try exec(["format", "{n, plural, one {x}}"]).0 == 1)
        #expect(try exec(["format", "--nope"]).0 == 64)
        #expect(try exec(["format", "--jsonl"], stdin: #"{"message": "{n, number}", "args": {"n": 1234.5}}"# + "\n")
                == (0, #"{"output":"1,234.5"}"# + "\n"))
    }

    /// Input files are mapped (`InputFile.map`); one truncated while it is read raises SIGBUS,
    /// which the tool reports as a changed input with status 74 instead of dying of the signal.
    /// A truncation at the right moment cannot be timed from here, so the signal is sent to a
    /// running `speakable` (once it has answered a line, its handler is in place).
    @Test func aBusErrorIsReportedAsAChangedInput() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("speakable")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("speakable is not built next to the tests at \(binary.path)")
            return
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["format", "--jsonl"]
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(#"{"message": "{n}", "args": {"n": 1}}"#.utf8 + [0x0A]))
        var answered = Data()
        while !answered.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            answered += chunk
        }
        #expect(String(decoding: answered, as: UTF8.self) == #"{"output":"1"}"# + "\n")
        kill(process.processIdentifier, SIGBUS)
        process.waitUntilExit()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(message == "speakable: error: an input file changed size while it was being read (another program truncated or "
                + "rewrote it); run the command again once it is saved\n")
    }
}
