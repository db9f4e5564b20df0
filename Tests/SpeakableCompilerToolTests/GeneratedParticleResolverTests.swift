import Foundation
import Testing
import SpeakableTestSupport

/// The Korean particle resolver that generated accessors carry (compiled into the app without
/// ICU or Speakable) must pick what Speakable picks: the shared josa cases, and numbers as ICU's
/// Korean spellout reads them.
@Suite struct GeneratedParticleResolverTests {
    static let josaFile = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata/korean-josa/josa-cases.json").path

    /// Compiles a project whose Korean text has a particle after a string argument, takes the
    /// resolver out of the generated accessors, and builds a driver around it.
    func buildResolver() throws -> String {
        let swiftc = try #require(which("swiftc"), "swiftc is not on PATH")
        let project = try temporaryFolder("particles")
        try FileManager.default.createDirectory(atPath: project + "/Templates", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: project + "/Locales/ko", withIntermediateDirectories: true)
        try #"{ "messages": { "placed": { "message": "Placed {piece}" } } }"#.write(toFile: project + "/Templates/t.json", atomically: true, encoding: .utf8)
        try #"{ "placed": "{piece}을(를) 배치함" }"#.write(toFile: project + "/Locales/ko/t.json", atomically: true, encoding: .utf8)
        let out = project + "/out"
        let compiled = try run(speakable, ["compile", "--project", project, "--out", out, "--only", "swift,xcstrings"])
        #expect(compiled.status == 0, "\(compiled.error)")
        // The compile says what an app reading the catalog directly must do.
        #expect(compiled.error.contains("warning: 'placed' (ko): the particle 을(를) after {piece}"))
        let accessors = try String(contentsOfFile: out + "/swift/Speakable+t.swift", encoding: .utf8)
        #expect(accessors.contains("return Self.particles(Self.string(\"placed\""))
        let start = try #require(accessors.range(of: "    /// A string argument that a Korean particle follows"))
        let end = try #require(accessors.range(of: "\n}\n", options: .backwards))
        let resolver = String(accessors[start.lowerBound..<end.lowerBound])
        let driver = """
        enum Resolver {
        \(resolver)

            static func main() {
                while let line = readLine(strippingNewline: true) {
                    let fields = line.split(separator: "\\t", omittingEmptySubsequences: false).map(String.init)
                    let text = fields[0] == "value" ? marked(fields[1]) + fields[2] : fields[1] + fields[2]
                    print(particles(text))
                }
            }
        }
        Resolver.main()

        """
        try driver.write(toFile: project + "/main.swift", atomically: true, encoding: .utf8)
        let binary = project + "/resolver"
        let built = try run(swiftc, ["-swift-version", "6", "-warnings-as-errors", project + "/main.swift", "-o", binary])
        #expect(built.status == 0, "\(built.error)")
        return binary
    }

    func resolve(_ binary: String, _ lines: [String]) throws -> [String] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("resolver-\(UUID().uuidString).txt").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let result = try run("/bin/sh", ["-c", "\"\(binary)\" < \"\(input)\""])
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: josaFile), "../shared/testdata/korean-josa is not next to the package"))
    func theSharedJosaCases() throws {
        let binary = try buildResolver()
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.josaFile))
        let cases = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cases"] as? [[String: Any]])
        var lines: [String] = []
        var expected: [String] = []
        for item in cases {
            let word = item["word"] as! String
            guard !word.isEmpty else { continue }   // an empty value drops its particle (Speakable's rule)
            let forms = (item["josa"] as! String).split(separator: "/").map(String.init)
            let (a, b) = (forms[0], forms[1])
            let notation: String
            if a == "이에요" && b == "예요" { notation = "(이)에요" }
            else if a.hasPrefix("으") && String(a.dropFirst()) == b { notation = "(으)" + b }
            else if a.hasPrefix("이") && a.count > 1 && String(a.dropFirst()) == b { notation = "(이)" + b }
            else { notation = "\(a)(\(b))" }
            lines.append("value\t\(word)\t\(notation)")
            expected.append(item["expected"] as? String ?? word + (item["expected_particle"] as! String))
        }
        #expect(lines.count >= 100)
        let outputs = try resolve(binary, lines)
        #expect(outputs.count == lines.count)
        for (index, output) in outputs.enumerated() {
            #expect(output == expected[index], "\(lines[index])")
        }
    }

    /// Words in Latin letters and symbols, against `speakable format --particles` (Speakable's
    /// own resolver, the one the describers use).
    @Test func latinWordsAndSymbolsAsSpeakableReadsThem() throws {
        let binary = try buildResolver()
        let words = ["iPhone", "Google", "URL", "NASA", "CSS", "HTML", "Zoom", "Samsung", "Excel", "App", "Sheet", "Android", "Netflix",
                     "YouTube", "Facebook", "Slack", "Chrome", "Kotlin", "line", "Mina", "Matt", "book", "Desk", "Blog", "Switch",
                     "50%", "3‰", "20°", "Wi-Fi", "x", "L", "M", "Park 3", "3 Park", "ㄹ", "ㄱ", "ㅏ", "조각 A", "(괄호)", "끝.",
                     // issue 22: what is read aloud (fraction zeros, clock times, consonant endings, MP3, ３, ①)
                     "Web", "Tab", "Club", "Lab", "Bomb", "Job", "Deep", "Cheap", "Type", "Prototype", "Park", "park", "Baek", "Seok", "GitHub", "Pipe", "Mark", "MP3", "F1", "PS5", "Galaxy S24", "₩2", "₩3", "３", "１２", "１０", "①", "②", "⑩", "⑫", "㊿", "❸", "⑴", "⒉", "⓪", "2.00", "1.50", "0.10", "9:05", "9:00", "오전 9:05", "오후 2:02", "오전 9:00", "12:30", "10:00", "9:05:30", "(9:05)", "3:1", "9:050", "123:45"]
        let notations = ["을(를)", "이(가)", "(으)로", "과(와)", "(이)에요"]
        var lines: [String] = []
        var requests: [String] = []
        for word in words {
            for notation in notations {
                lines.append("value\t\(word)\t\(notation)")
                let args = String(decoding: try JSONSerialization.data(withJSONObject: ["w": word]), as: UTF8.self)
                requests.append(#"{"message": "{w}\#(notation)", "args": \#(args), "particles": true}"#)
            }
        }
        let folder = try temporaryFolder("latin")
        try (requests.joined(separator: "\n") + "\n").write(toFile: folder + "/requests.jsonl", atomically: true, encoding: .utf8)
        let formatted = try run("/bin/sh", ["-c", "\"\(speakable)\" format --jsonl --locale ko < \"\(folder)/requests.jsonl\""])
        #expect(formatted.status == 0, "\(formatted.error)")
        let expected = formatted.output.split(separator: "\n").map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["output"] as? String ?? "?"
        }
        let outputs = try resolve(binary, lines)
        #expect(outputs.count == lines.count && expected.count == lines.count)
        for (index, output) in outputs.enumerated() where index < expected.count {
            #expect(output == expected[index], "\(lines[index])")
        }
    }

    /// Issue 22's readings, spelled out: a marked value, and text printed right before notation
    /// (a number formatted `::.00`, a clock time).
    @Test func whatIsReadAloud() throws {
        let binary = try buildResolver()
        let cases: [(String, String)] = [
            ("value\t2.00\t을(를)", "2.00을"), ("text\t2.00\t을(를)", "2.00을"), ("text\t1.50\t(으)로", "1.50으로"),
            ("value\t오전 9:05\t(으)로", "오전 9:05으로"), ("text\t오후 2:02\t을(를)", "오후 2:02을"), ("text\t오전 9:00\t(으)로", "오전 9:00로"),
            ("value\tWeb\t을(를)", "Web을"), ("value\tTab\t(으)로", "Tab으로"), ("value\tClub\t이(가)", "Club이"),
            ("value\tLab\t을(를)", "Lab을"), ("value\tBomb\t을(를)", "Bomb을"), ("value\tDeep\t을(를)", "Deep을"),
            ("value\tType\t을(를)", "Type을"), ("value\tPark\t이(가)", "Park이"), ("value\tMP3\t을(를)", "MP3를"),
            ("text\tMP3\t을(를)", "MP3를"), ("value\t₩2\t을(를)", "₩2를"), ("value\t３\t을(를)", "３을"), ("value\t①\t(으)로", "①로"),
        ]
        let outputs = try resolve(binary, cases.map(\.0))
        #expect(outputs == cases.map(\.1))
    }

    /// Numbers printed by `%lld` (no markers) and numbers inside string values, against the
    /// last syllable of ICU's Korean spellout (asked through `speakable format`).
    @Test func numbersAreReadAsICUSpellsThemOut() throws {
        let binary = try buildResolver()
        var numbers: [Int64] = Array(0...120) + [1000, 1001, 9180, 10_000, 10_001, 12_345, 100_000, 1_000_000, 10_000_000,
                                                  100_000_000, 100_000_010, 1_000_000_000_000, 2_000_000_000_000, 10_000_000_000_000_000]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60 { numbers.append(Int64.random(in: 0...9_000_000_000_000_000, using: &generator)) }
        let requests = numbers.map { #"{"message": "{n, spellout}", "args": {"n": \#($0)}}"# }.joined(separator: "\n") + "\n"
        let folder = try temporaryFolder("spellout")
        try requests.write(toFile: folder + "/requests.jsonl", atomically: true, encoding: .utf8)
        let spelled = try run("/bin/sh", ["-c", "\"\(speakable)\" format --jsonl --locale ko < \"\(folder)/requests.jsonl\""])
        #expect(spelled.status == 0, "\(spelled.error)")
        let readings = spelled.output.split(separator: "\n").map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["output"] as? String ?? ""
        }
        #expect(readings.count == numbers.count)
        var lines: [String] = []
        var expected: [String] = []
        let grouping = NumberFormatter()
        grouping.numberStyle = .decimal
        grouping.locale = Locale(identifier: "en_US_POSIX")
        grouping.usesGroupingSeparator = true
        for (n, reading) in zip(numbers, readings) {
            let last = try #require(reading.unicodeScalars.last { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }, "\(n): \(reading)")
            let final = (last.value - 0xAC00) % 28
            let subject = final == 0 ? "가" : "이"
            let direction = final == 0 || final == 8 ? "로" : "으로"
            let grouped = grouping.string(from: NSNumber(value: n))!
            lines += ["number\t\(n)\t이(가)", "number\t\(grouped)\t(으)로", "value\t\(grouped)개 중 \(n)\t이(가)"]
            expected += ["\(n)\(subject)", "\(grouped)\(direction)", "\(grouped)개 중 \(n)\(subject)"]
        }
        let outputs = try resolve(binary, lines)
        #expect(outputs.count == lines.count)
        for (index, output) in outputs.enumerated() where index < expected.count {
            #expect(output == expected[index], "\(lines[index])")
        }
    }
}
