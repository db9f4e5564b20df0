import FoundationEssentials
import SpeakableJSON
import Testing
@testable import SpeakableCommandLine

/// `speakable format --jsonl` on hostile input.
@Suite struct FormatHardeningTests {
    func run(_ arguments: [String], input: [UInt8]) -> (status: Int32, out: String, err: String) {
        let io = BufferedIO(inputBytes: input)
        let status = SpeakableCLI.run(arguments, io: io)
        return (status, io.output, io.error)
    }

    /// Invalid UTF-8 was silently read as U+FFFD.
    @Test func invalidUTF8InARequestIsAnErrorWithItsColumn() {
        let input = Array(#"{"message": "caf"#.utf8) + [0xE9] + Array(#" {n}", "args": {"n": 1}}"#.utf8) + [0x0A]
            + Array(#"{"message": "ok"}"#.utf8) + [0x0A]
        let result = run(["format", "--jsonl"], input: input)
        #expect(result.status == 1)
        #expect(result.out == #"""
        {"error":{"id":"json-invalid-utf8","message":"the file is not valid UTF-8 here","line":1,"column":17}}
        {"output":"ok"}

        """#)
    }

    @Test func requestLinesAtTheLengthLimitAndOnePast() {
        let limit = JSONLinesFormatter.maximumLineLength
        #expect(limit == 16 << 20)
        let request = Array(#"{"message": "ok"}"#.utf8)
        let atLimit = request + [UInt8](repeating: 0x20, count: limit - request.count)
        let past = atLimit + [0x20]
        let result = run(["format", "--jsonl"], input: atLimit + [0x0A] + past + [0x0A] + request + [0x0A])
        #expect(result.out == #"""
        {"output":"ok"}
        {"error":{"id":"line-too-long","message":"the request is 16777217 bytes long; the limit is 16 MiB","line":1,"column":1}}
        {"output":"ok"}

        """#)
        #expect(result.status == 1)
    }

    /// The compiled-message cache was bounded by count only.
    @Test func theCacheIsBoundedByBytesAndByCount() {
        let bytes = JSONLinesFormatter.maximumCacheBytes, entries = JSONLinesFormatter.maximumCacheEntries
        #expect(!JSONLinesFormatter.cacheIsFull(entries: 0, bytes: bytes - 10, adding: 10))
        #expect(JSONLinesFormatter.cacheIsFull(entries: 0, bytes: bytes - 10, adding: 11))
        #expect(!JSONLinesFormatter.cacheIsFull(entries: entries - 1, bytes: 0, adding: 1))
        #expect(JSONLinesFormatter.cacheIsFull(entries: entries, bytes: 0, adding: 1))
    }

    /// A 1 MB request printed 5 GB: the output of one message is at most 1 MiB.
    @Test func outputAtTheLimitAndOnePast() {
        let limit = 1 << 20
        let half = String(repeating: "a", count: limit / 2)
        let atLimit = run(["format", "--args", "{\"a\": \"\(half)\"}", "{a}{a}"], input: [])
        #expect(atLimit.status == 0)
        #expect(atLimit.out.utf8.count == limit + 1)
        let past = run(["format", "--args", "{\"a\": \"\(half)\"}", "{a}{a}b{a}"], input: [])
        #expect(past.status == 1)
        #expect(past.err.contains("error: the formatted text would be longer than 1 MiB [output-too-large]"), "\(past.err.prefix(300))")
        // Thousands of repeats of a long argument stop at the limit, not after gigabytes.
        let repeated = run(["format", "--args", "{\"a\": \"\(half)\"}", String(repeating: "{a}", count: 10_000)], input: [])
        #expect(repeated.status == 1)
    }
}

/// `check file.xliff` reads the XLIFF as a catalog, never as a speakable.json; any other file that
/// is not JSON is not taken for a speakable.json either.
@Suite struct CheckInputHardeningTests {
    @Test(arguments: ["ko.xliff", "notes.txt", "strings.yaml"]) func aFileIsNeverReadAsSpeakableJSONUnlessItIsJSON(name: String) throws {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-check-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("<xliff version=\"2.0\" srcLang=\"en\" trgLang=\"ko\"></xliff>".utf8).write(to: URL(fileURLWithPath: root + "/" + name))
        let io = BufferedIO()
        let status = SpeakableCLI.run(["check", root + "/" + name], io: io)
        #expect(!(io.output + io.error).contains("json-syntax"), "\(io.output)\(io.error)")
        if name.hasSuffix(".xliff") { return }
        #expect(status == 64)
        #expect(io.error.contains("is not a project folder, a speakable.json"), "\(io.error)")
    }
}
