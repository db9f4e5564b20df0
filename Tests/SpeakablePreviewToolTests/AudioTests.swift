import Foundation
import Testing

/// `speakable preview --audio DIR` with the real espeak-ng: the index, the WAVs (read by our own
/// header reader and by Python's `wave` module), caching, atomicity, and espeak-ng missing.
@Suite(.serialized) struct AudioTests {
    static let scenario = #"""
    {"items": [
      {"type": "sudokuCell", "row": 2, "column": 7, "content": "given", "digit": 4},
      {"type": "control", "label": {"en": "My Location", "ko": "내 위치"},
       "action": {"en": "hear about your current location", "ko": "현재 위치 확인"}},
      {"type": "event", "event": "placed", "score": 320}
    ]}
    """#

    /// A WAV's format and length, read from its header.
    struct WAVHeader {
        var channels = 0, sampleRate = 0, bits = 0, byteRate = 0, dataSize = 0
        var seconds: Double { Double(dataSize) / Double(byteRate) }

        init?(_ data: Data) {
            let bytes = [UInt8](data)
            func u32(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24 }
            func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
            guard bytes.count >= 44, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
                  String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE", u32(4) == bytes.count - 8 else { return nil }
            var offset = 12
            var format = 0
            while offset + 8 <= bytes.count {
                let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self), size = u32(offset + 4)
                if id == "fmt " {
                    format = u16(offset + 8)
                    channels = u16(offset + 10)
                    sampleRate = u32(offset + 12)
                    byteRate = u32(offset + 16)
                    bits = u16(offset + 22)
                } else if id == "data" {
                    dataSize = size
                    guard offset + 8 + size == bytes.count else { return nil }
                }
                offset += 8 + size + (size & 1)
            }
            guard format == 1, byteRate == sampleRate * channels * bits / 8, dataSize > 0 else { return nil }
        }
    }

    static func espeak() -> String? {
        guard let path = Tool.find("espeak-ng") else {
            Tool.missing("espeak-ng is not installed (Debian: apt-get install espeak-ng); the audio is not checked")
            return nil
        }
        return path
    }

    func index(_ folder: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("index.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(root.keys) == ["items"])
        return try #require(root["items"] as? [[String: Any]])
    }

    @Test func everyWAVInTheIndexExistsIsValidAndLastsAsLongAsItSays() throws {
        guard Self.espeak() != nil else { return }
        let folder = try Tool.temporaryDirectory("audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("scenario.json")
        try Data(Self.scenario.utf8).write(to: scenario)
        let audio = folder.appendingPathComponent("Audio")
        let run = try Tool.run(["preview", "--scenario", scenario.path, "--audio", audio.path])
        try #require(run.status == 0, "\(run.error)")

        let items = try index(audio)
        // 3 elements × 2 platforms × 2 locales.
        #expect(items.count == 12)
        var pythonChecks: [(String, Double)] = []
        for item in items {
            #expect(Set(item.keys) == ["text", "locale", "platform", "file", "measuredSeconds", "estimatedSeconds", "budgetSeconds"])
            let file = try #require(item["file"] as? String)
            #expect(!file.contains("/") && file.hasSuffix(".wav"))
            let data = try Data(contentsOf: audio.appendingPathComponent(file))
            let header = try #require(WAVHeader(data), "\(file) is not a valid PCM WAV")
            #expect(header.channels == 1 && header.bits == 16 && header.sampleRate == 22050)
            let measured = try #require(item["measuredSeconds"] as? Double)
            #expect(abs(header.seconds - measured) <= 0.0006, "\(file): header says \(header.seconds), index \(measured)")
            let estimated = try #require(item["estimatedSeconds"] as? Double)
            #expect(abs(estimated - measured) < measured * 0.5, "\(file): estimated \(estimated), measured \(measured)")
            pythonChecks.append((audio.appendingPathComponent(file).path, measured))
        }
        let texts = items.map { "\($0["locale"]!)/\($0["platform"]!): \($0["text"]!)" }
        #expect(texts.contains("en/voiceover: Row 2, column 7, given 4, button\nSelects the cell."))
        // Leaving the grid, TalkBack names it (the default board's name, in the catalog's words).
        #expect(texts.contains("en/talkback: My Location, Button, Out of grid Board, 9 by 9\nDouble-tap to hear about your current location"))
        #expect(texts.contains { $0.hasPrefix("ko/talkback: 내 위치, 버튼, ") && $0.hasSuffix(" 그리드에서 벗어남\n현재 위치 확인하려면 두 번 탭하세요") },
                "\(texts)")
        // What a double tap says is not part of the audio: focus and hint only.
        #expect(!texts.contains { $0.hasSuffix("\nselected") || $0.hasSuffix("\n선택됨") })
        // The Korean event in the catalog's words (under review), with its number.
        #expect(texts.contains { $0.hasPrefix("ko/voiceover: ") && $0.contains("320") && !$0.contains("\n") })
        // A hint follows after a pause: a two-line element is longer than its focus alone.
        let budgets = items.compactMap { $0["budgetSeconds"] as? Double }
        #expect(budgets.count == 12)

        // An independent reader: Python's standard `wave` module.
        if let python = Tool.find("python3") {
            let script = "import sys, wave\nfor p in sys.argv[1:]:\n    w = wave.open(p)\n"
                + "    print(w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes() / w.getframerate())\n"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", script] + pythonChecks.map(\.0)
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(lines.count == pythonChecks.count)
            for (line, check) in zip(lines, pythonChecks) {
                let fields = line.split(separator: " ")
                #expect(fields.prefix(3) == ["1", "2", "22050"])
                #expect(abs((Double(fields[3]) ?? -1) - check.1) <= 0.0006)
            }
        } else {
            Tool.missing("python3 is not installed; the WAVs are not read by Python's wave module")
        }

        // Same inputs: the same index, byte for byte, and nothing synthesized again.
        let before = try Data(contentsOf: audio.appendingPathComponent("index.json"))
        let dates = try items.map { try FileManager.default.attributesOfItem(atPath: audio.appendingPathComponent($0["file"] as! String).path)[.modificationDate] as! Date }
        let again = try Tool.run(["preview", "--scenario", scenario.path, "--audio", audio.path])
        #expect(again.status == 0)
        #expect(try Data(contentsOf: audio.appendingPathComponent("index.json")) == before)
        let datesAgain = try items.map { try FileManager.default.attributesOfItem(atPath: audio.appendingPathComponent($0["file"] as! String).path)[.modificationDate] as! Date }
        #expect(dates == datesAgain)

        // One element changed: a new file for it, the old one removed, the others kept.
        try Data(Self.scenario.replacingOccurrences(of: "\"score\": 320", with: "\"score\": 640").utf8).write(to: scenario)
        let changed = try Tool.run(["preview", "--scenario", scenario.path, "--audio", audio.path, "--locale", "en", "--platform", "voiceover"])
        #expect(changed.status == 0)
        let newItems = try index(audio)
        #expect(newItems.count == 3)
        #expect(newItems.last?["text"] as? String == "Placed. Score 640.")
        let onDisk = Set(try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".wav") })
        #expect(onDisk == Set(newItems.map { $0["file"] as! String }))
    }

    @Test func withoutEspeakTheCommandSaysHowToGetItAndWritesNothing() throws {
        let folder = try Tool.temporaryDirectory("no-espeak")
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("Audio")
        let run = try Tool.run(["preview", "--audio", audio.path], environment: ["PATH": folder.path])
        #expect(run.status == 1)
        #expect(run.error.contains("espeak-ng"))
        #expect(run.error.contains("apt-get install espeak-ng"))
        #expect(run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: audio.path))
    }

    @Test func aFailedSynthesisLeavesTheOldIndexAndNoNewFiles() throws {
        guard let espeak = Self.espeak() else { return }
        let folder = try Tool.temporaryDirectory("audio-fail")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("scenario.json")
        try Data(Self.scenario.utf8).write(to: scenario)
        let audio = folder.appendingPathComponent("Audio")
        let first = try Tool.run(["preview", "--scenario", scenario.path, "--audio", audio.path, "--locale", "en"])
        try #require(first.status == 0, "\(first.error)")
        let index = try Data(contentsOf: audio.appendingPathComponent("index.json"))
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: audio.path))

        // New English words to synthesize, and an espeak-ng that fails for Korean after a moment
        // (by then the English files are written): the run fails part-way.
        try Data(Self.scenario.replacingOccurrences(of: "\"score\": 320", with: "\"score\": 999").utf8).write(to: scenario)
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let stub = bin.appendingPathComponent("espeak-ng")
        try Data("#!/bin/sh\ncase \"$*\" in *\"-v ko\"*) sleep 1; exit 3;; esac\nexec \(espeak) \"$@\"\n".utf8).write(to: stub)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        let failed = try Tool.run(["preview", "--scenario", scenario.path, "--audio", audio.path],
                                  environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(failed.status == 1)
        #expect(failed.error.contains("espeak-ng"))
        #expect(try Data(contentsOf: audio.appendingPathComponent("index.json")) == index)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: audio.path)) == files)
    }
}
