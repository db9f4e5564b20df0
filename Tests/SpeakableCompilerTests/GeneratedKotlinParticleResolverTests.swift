#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SeededRandom
import SpeakableICU
import SpeakableParticles
import Testing
@testable import SpeakableCompiler

/// The Korean particle resolver that generated Kotlin accessors carry (compiled into the Android
/// app without ICU or Speakable) must pick what Speakable picks: the shared josa cases, Latin
/// words and symbols as `SpeakableParticles` reads them, numbers as ICU's Korean spellout reads
/// them, and on any text exactly what the Swift accessors' resolver (``SwiftParticleResolver``)
/// returns. `KotlinParticleResolver.source` is compiled once by `kotlinc` (Kotlin 1.3 on Debian)
/// inside a driver shaped like the generated code, and must compile without a warning.
@Suite struct GeneratedKotlinParticleResolverTests {
    static let josaFile = URL(fileURLWithPath: packageRoot).deletingLastPathComponent()
        .appendingPathComponent("shared/testdata/korean-josa/josa-cases.json").path

    @Test func compilesWithoutWarnings() throws {
        guard let resolver = try compiledKotlinParticleResolver() else { return }
        print("kotlinc compiled the Kotlin particle resolver in \(resolver.compileSeconds) s")
        // The JVM's own notices ("OpenJDK 64-Bit Server VM warning: Options -Xverify:none …")
        // are not about the code.
        let warnings = resolver.compilerOutput.split(separator: "\n")
            .filter { $0.contains("warning:") && !$0.contains("VM warning:") }
        #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: josaFile), "../shared/testdata/korean-josa is not next to the package"))
    func theSharedJosaCases() throws {
        guard let resolver = try compiledKotlinParticleResolver() else { return }
        struct Case: Decodable {
            let word: String
            let josa: String
            let expected: String?
            let expectedParticle: String?
            enum CodingKeys: String, CodingKey { case word, josa, expected, expectedParticle = "expected_particle" }
        }
        struct Cases: Decodable { let cases: [Case] }
        let cases = try JSONDecoder().decode(Cases.self, from: Data(contentsOf: URL(fileURLWithPath: Self.josaFile))).cases
        var lines: [String] = []
        var expected: [String] = []
        for item in cases {
            guard !item.word.isEmpty else { continue }   // an empty value drops its particle (Speakable's rule)
            let forms = item.josa.split(separator: "/").map(String.init)
            let (a, b) = (forms[0], forms[1])
            let notation: String
            if a == "이에요" && b == "예요" { notation = "(이)에요" }
            else if a.hasPrefix("으") && String(a.dropFirst()) == b { notation = "(으)" + b }
            else if a.hasPrefix("이") && a.count > 1 && String(a.dropFirst()) == b { notation = "(이)" + b }
            else { notation = "\(a)(\(b))" }
            lines.append("value\t\(item.word)\t\(notation)")
            expected.append(try item.expected ?? item.word + #require(item.expectedParticle))
        }
        #expect(lines.count >= 100)
        let outputs = try resolver.resolve(lines)
        #expect(outputs.count == lines.count)
        for (index, output) in outputs.enumerated() where index < expected.count {
            #expect(output == expected[index], "\(lines[index])")
        }
        print("Kotlin particle resolver: \(lines.count) josa cases compared")
    }

    /// Words in Latin letters and symbols, against Speakable's own resolver (the one the
    /// describers and `speakable format --particles` use).
    @Test func latinWordsAndSymbolsAsSpeakableReadsThem() throws {
        guard let resolver = try compiledKotlinParticleResolver() else { return }
        let words = ["iPhone", "Google", "URL", "NASA", "CSS", "HTML", "Zoom", "Samsung", "Excel", "App", "Sheet", "Android", "Netflix",
                     "YouTube", "Facebook", "Slack", "Chrome", "Kotlin", "line", "Mina", "Matt", "book", "Desk", "Blog", "Switch",
                     "50%", "3‰", "20°", "Wi-Fi", "x", "L", "M", "Park 3", "3 Park", "ㄹ", "ㄱ", "ㅏ", "조각 A", "(괄호)", "끝.",
                     "v1.5", "1,000.", "2,5", "3-6", "😀", "블록 😀", "Ⅻ", "½", "𝟗", "café",
                     // issue 22: what is read aloud (fraction zeros, clock times, consonant endings, MP3, ３, ①)
                     "Web", "Tab", "Club", "Lab", "Bomb", "Job", "Deep", "Cheap", "Type", "Prototype", "Park", "park", "Baek", "Seok", "GitHub", "Pipe", "Mark", "MP3", "F1", "PS5", "Galaxy S24", "₩2", "₩3", "３", "１２", "１０", "①", "②", "⑩", "⑫", "㊿", "❸", "⑴", "⒉", "⓪", "2.00", "1.50", "0.10", "9:05", "9:00", "오전 9:05", "오후 2:02", "오전 9:00", "12:30", "10:00", "9:05:30", "(9:05)", "3:1", "9:050", "123:45"]
        let notations = ["을(를)", "이(가)", "(으)로", "과(와)", "(이)에요", "(이)었다", "은(는)", "아(야)"]
        let korean = try ICULocale("ko")
        var lines: [String] = []
        var expected: [String] = []
        for word in words {
            for notation in notations {
                lines.append("value\t\(word)\t\(notation)")
                expected.append(try ParticleResolvingMessage("{w}" + notation, locale: korean).format(["w": .string(word)]))
            }
        }
        let outputs = try resolver.resolve(lines)
        #expect(outputs.count == lines.count)
        for (index, output) in outputs.enumerated() where index < expected.count {
            #expect(output == expected[index], "\(lines[index])")
        }
        print("Kotlin particle resolver: \(lines.count) Latin word and symbol cases compared")
    }

    /// Numbers printed by `%d` (no markers) and numbers inside string values, against the last
    /// syllable of ICU's Korean spellout.
    @Test func numbersAreReadAsICUSpellsThemOut() throws {
        guard let resolver = try compiledKotlinParticleResolver() else { return }
        var numbers: [Int64] = Array(0...120) + [1000, 1001, 9180, 10_000, 10_001, 12_345, 100_000, 1_000_000, 10_000_000,
                                                  100_000_000, 100_000_010, 1_000_000_000_000, 2_000_000_000_000, 10_000_000_000_000_000]
        var random = SplitMix(seed: 0x5EED_4B07)
        for _ in 0..<200 { numbers.append(Int64.random(in: 0...9_000_000_000_000_000, using: &random)) }
        let spellout = try NumberFormat(.spellout(ruleSet: ""), locale: try ICULocale("ko"))
        var lines: [String] = []
        var expected: [String] = []
        for n in numbers {
            let reading = try spellout.format(n)
            let last = try #require(reading.unicodeScalars.last { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }, "\(n): \(reading)")
            let final = (last.value - 0xAC00) % 28
            let subject = final == 0 ? "가" : "이"
            let direction = final == 0 || final == 8 ? "로" : "으로"
            let grouped = Self.grouped(n)
            lines += ["number\t\(n)\t이(가)", "number\t\(grouped)\t(으)로", "value\t\(grouped)개 중 \(n)\t이(가)"]
            expected += ["\(n)\(subject)", "\(grouped)\(direction)", "\(grouped)개 중 \(n)\(subject)"]
        }
        let outputs = try resolver.resolve(lines)
        #expect(outputs.count == lines.count)
        for (index, output) in outputs.enumerated() where index < expected.count {
            #expect(output == expected[index], "\(lines[index])")
        }
        print("Kotlin particle resolver: \(lines.count) number cases (\(numbers.count) numbers) compared")
    }

    /// Random text made of markers, notation, digits, separators, Hangul, Latin letters,
    /// symbols and supplementary characters: the Kotlin resolver returns, scalar for scalar,
    /// what the Swift accessors' resolver returns (compiled with swiftc from its source).
    @Test func anyTextAsTheSwiftResolverResolvesIt() throws {
        guard let resolver = try compiledKotlinParticleResolver() else { return }
        let swiftc = try #require(pathOfTool("swiftc"), "swiftc is not on PATH")
        let folder = try temporaryDirectory()
        let driver = """
        enum Resolver {
        \(SwiftParticleResolver.source)

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
        try write(driver, to: folder + "/main.swift")
        let built = try spawnAndWait([swiftc, "-swift-version", "6", "-warnings-as-errors", folder + "/main.swift", "-o", folder + "/resolver"],
                              in: folder, name: "swiftc")
        try #require(built.status == 0, "\(built.output)\(built.error)")

        // The markers (noncharacters, which a Swift literal cannot hold), twice as likely as others.
        let (open, close) = (String(Unicode.Scalar(0xFDD0 as UInt32)!), String(Unicode.Scalar(0xFDD1 as UInt32)!))
        let pieces = [open, close, open, close, "(", ")", "으", "이", "가", "을", "를", "은", "는", "과", "와",
                      "아", "야", "에", "요", "었", "로", "을(를)", "이(가)", "(으)로", "(이)에요", "(이)었", "(이)나", "와(과)", "는(은)",
                      "0", "1", "2", "3", "5", "6", "8", "9", "0", "00", "000", "0000", ",", ".", " ", "-",
                      "a", "e", "i", "o", "u", "y", "k", "c", "p", "t", "g", "l", "m", "n", "s", "A", "E", "K", "L", "M", "N", "R", "P",
                      "iPhone", "book", "Sheet", "URL", "NASA", "Google", "%", "‰", "°", "℃", "％", "ㄹ", "ㄱ", "ㅏ", "칫솔", "샴푸",
                      "닭", "😀", "𝟘", "𝟗", "Ⅻ", "½", "é", "\u{301}", "一", "ß", "?", "!", "〇",
                      ":", ":", "00", "05", "b", "mb", "eep", "ype", "Web", "Type", "Park", "Baek", "Hub", "MP", "₩", "３", "０", "①", "⑫", "㊿", "⒈"]
        // Half the texts from few pieces, so that numbers, separators, markers and notation meet often.
        let dense = [open, close, "1", "0", "0", "5", "8", ".", ",", " ", "이(가)", "(으)로", "(이)에요", "을(를)", "k", "L", "%", "칫솔",
                     ":", "b", "３", "①"]
        // Edges: a second "." in a number, separators that do not join digits, numbers past
        // Int64, nested, unclosed and unopened markers, notation cut short, supplementary
        // characters next to numbers and notation.
        var lines = ["1.5.20", "1.5.0", "1.5.3", "1,000.5,0", "1..5", ",5", "5,", "1,,5", "1, 5", "10.0", "0.0", "0.10", "00",
                     "1" + String(repeating: "0", count: 23), "1" + String(repeating: "0", count: 20), "1" + String(repeating: "0", count: 28),
                     "3😀", "😀3", "𝟗", "3\(open)", "\(open)3", "3\(close)",
                     "2.00", "9:05", "9:00", "9:05:30", "9:05:3", "12:30:00", "1:2:3", "9::05", "9:05.5", "9,0:05", "MP3", "MP31", "３:０５", "①:05"]
            .flatMap { ["text\t\($0)이(가)\t", "text\t\($0)(으)로\t", "text\t\($0)(이)에요\t"] }
        lines += ["value\t\(open)칫솔\(close)\t을(를)", "value\t칫솔\(open)\(close)\t을(를)", "value\t\(open)\(close)\t을(를)",
                  "text\t샴푸\(close)을(를)\t", "text\t\(close)을(를)\t", "text\t\(open)칫솔\(open)샴푸\(close)이(가)\(close)을(를)\t",
                  "value\t\t(으)로", "value\t닭\t(이", "value\t닭\t이(가", "value\t닭\t(이)에", "value\t닭\t(이)었", "value\t닭\t(으",
                  "value\t😀\t(으)로", "value\t칫솔\t(으)😀", "value\t칫솔\t(😀)", "value\t칫솔\t을😀를)", "value\t칫솔\t가(이)",
                  "value\tABC\t을(를)", "value\tBook\t을(를)", "value\tLook\t(으)로", "value\tpage\t을(를)", "value\tType\t을(를)",
                  "value\tJoy\t(으)로", "value\tBIRD\t을(를)", "value\tRSVP\t을(를)", "value\tkk\t을(를)", "value\tCake\t을(를)"]
        var random = SplitMix(seed: 0x4B07_11E5)
        for _ in 0..<10_000 {
            let alphabet = random.chance(50) ? dense : pieces
            let text = (0..<(1 + random.below(14))).map { _ in random.pick(alphabet) }.joined()
            if random.chance(30) {
                let value = (0..<random.below(5)).map { _ in random.pick(alphabet) }.joined()
                lines.append("value\t\(value)\t\(text)")
            } else {
                lines.append("text\t\(text)\t")
            }
        }
        let input = folder + "/input.txt"
        try write(lines.joined(separator: "\n") + "\n", to: input)
        let swift = try spawnAndWait([folder + "/resolver"], in: folder, input: input, name: "swift-resolver")
        try #require(swift.status == 0, "\(swift.error)")
        let expected = swift.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let outputs = try resolver.resolve(lines)
        #expect(outputs.count == lines.count && expected.count == lines.count)
        var differences = 0
        for (index, output) in outputs.enumerated()
        where index < expected.count && !output.unicodeScalars.elementsEqual(expected[index].unicodeScalars) {
            differences += 1
            if differences <= 20 {
                let shown = lines[index].unicodeScalars.map { $0.value >= 0xFDD0 && $0.value <= 0xFDD1 ? "⟦\(String($0.value, radix: 16))⟧" : String($0) }.joined()
                Issue.record("\(shown): Kotlin \(output.debugDescription), Swift \(expected[index].debugDescription)")
            }
        }
        #expect(differences == 0)
        print("Kotlin particle resolver: \(lines.count) random texts compared with the Swift resolver")
    }

    static func grouped(_ n: Int64) -> String {
        let digits = Array(String(n))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}

// MARK: The compiled resolver

/// Compiled once for every test of the suite (a global is initialized once, on first use).
private let kotlinParticleResolverBuild: ToolBuild<CompiledParticleDriver> = {
        // Shaped like the generated accessors: the resolver's members in a private object
        // nested in the object that uses them. Standard input and output are UTF-8 whatever
        // the locale (Java 17 takes its default charset from the locale).
        let driver = """
        object Resolver {
            private object Runtime {
        \(KotlinParticleResolver.source)
            }

            @JvmStatic
            fun main(args: Array<String>) {
                val input = java.io.BufferedReader(java.io.InputStreamReader(System.`in`, "UTF-8"))
                val output = java.io.PrintStream(java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8")
                while (true) {
                    val line = input.readLine() ?: break
                    val fields = line.split('\\t')
                    val text = if (fields[0] == "value") Runtime.marked(fields[1]) + fields[2] else fields[1] + fields[2]
                    output.print(Runtime.particles(text))
                    output.print('\\n')
                }
                output.flush()
            }
        }

        """
        return CompiledParticleDriver.build(driver, name: "kotlinParticleResolver", mainClass: "Resolver")
}()

/// The compiled resolver, or nil after saying why the test is skipped: kotlinc is missing here
/// (under CI, where `CI` is set, a missing kotlinc is a failure).
private func compiledKotlinParticleResolver(sourceLocation: SourceLocation = #_sourceLocation) throws -> CompiledParticleDriver? {
    kotlinParticleResolverBuild.resolved(sourceLocation: sourceLocation)
}
