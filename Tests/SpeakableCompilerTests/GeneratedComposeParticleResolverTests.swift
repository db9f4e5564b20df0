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

/// The Korean particle resolver of the Compose Multiplatform accessors (common Kotlin: no
/// `java.lang`) must pick what Speakable picks — the same checks as the Android resolver's
/// (GeneratedKotlinParticleResolverTests): Latin words and symbols as `SpeakableParticles` reads
/// them, numbers as ICU's Korean spellout reads them, and on random text exactly what the Swift
/// accessors' resolver returns. `KotlinCommonParticleResolver.source` is compiled once by
/// `kotlinc` inside an object shaped like the generated runtime, without a warning.
@Suite struct GeneratedComposeParticleResolverTests {
    @Test func compilesWithoutWarnings() throws {
        guard let resolver = try compiledComposeParticleResolver() else { return }
        let warnings = resolver.compilerOutput.split(separator: "\n").filter { $0.contains("warning:") && !$0.contains("VM warning:") }
        #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
        // No java.lang in common code.
        for api in ["Character.", "java.", "Math.", ".setLength(", ".appendCodePoint(", ".toInt()", ".code"] {
            #expect(!KotlinCommonParticleResolver.source.contains(api), "\(api)")
        }
    }

    @Test func latinWordsSymbolsAndOtherScriptsAsSpeakableReadsThem() throws {
        guard let resolver = try compiledComposeParticleResolver() else { return }
        let words = ["iPhone", "Google", "URL", "NASA", "CSS", "App", "Sheet", "Android", "Kotlin", "line", "Matt", "book", "Switch",
                     "50%", "3‰", "20°", "Wi-Fi", "x", "L", "M", "Park 3", "3 Park", "ㄹ", "ㄱ", "ㅏ", "조각 A", "(괄호)", "끝.",
                     "v1.5", "1,000.", "2,5", "3-6", "😀", "블록 😀", "Ⅻ", "½", "𝟗", "café", "칫솔Ⓐ", "닭ा", "닭\u{301}", "닭𐌰", "닭𝟘",
                     "닭🀄", "닭\u{E0041}", "닭한𠀀", "한ء"]
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
    }

    @Test func numbersAreReadAsICUSpellsThemOut() throws {
        guard let resolver = try compiledComposeParticleResolver() else { return }
        var numbers: [Int64] = Array(0...120) + [1000, 1001, 9180, 10_000, 12_345, 100_000_000, 1_000_000_000_000]
        var random = SplitMix(seed: 0xC0_4B07)
        for _ in 0..<100 { numbers.append(Int64.random(in: 0...9_000_000_000_000_000, using: &random)) }
        let spellout = try NumberFormat(.spellout(ruleSet: ""), locale: try ICULocale("ko"))
        var lines: [String] = []
        var expected: [String] = []
        for n in numbers {
            let reading = try spellout.format(n)
            let last = try #require(reading.unicodeScalars.last { $0.value >= 0xAC00 && $0.value <= 0xD7A3 })
            let final = (last.value - 0xAC00) % 28
            lines += ["number\t\(n)\t이(가)", "number\t\(n)\t(으)로"]
            expected += ["\(n)\(final == 0 ? "가" : "이")", "\(n)\(final == 0 || final == 8 ? "로" : "으로")"]
        }
        let outputs = try resolver.resolve(lines)
        #expect(outputs == expected)
    }

    /// Random text of markers, notation, digits, Hangul, Latin letters, symbols, marks and
    /// supplementary characters: scalar for scalar what the Swift accessors' resolver returns.
    @Test func anyTextAsTheSwiftResolverResolvesIt() throws {
        guard let resolver = try compiledComposeParticleResolver() else { return }
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
        let built = try spawnAndWait([swiftc, "-swift-version", "6", folder + "/main.swift", "-o", folder + "/resolver"], in: folder, name: "swiftc")
        try #require(built.status == 0, "\(built.output)\(built.error)")
        let (open, close) = (String(Unicode.Scalar(0xFDD0 as UInt32)!), String(Unicode.Scalar(0xFDD1 as UInt32)!))
        let pieces = [open, close, open, close, "(", ")", "으", "이", "가", "을", "를", "은", "는", "과", "와", "아", "야", "에", "요", "었", "로",
                      "을(를)", "이(가)", "(으)로", "(이)에요", "(이)었", "(이)나", "0", "1", "2", "3", "5", "8", "9", "00", "000", ",", ".", " ", "-",
                      "a", "e", "o", "k", "c", "p", "t", "g", "l", "m", "n", "A", "K", "L", "M", "N", "R", "iPhone", "book", "URL", "%", "‰", "°",
                      "ㄹ", "ㄱ", "ㅏ", "칫솔", "닭", "😀", "𝟘", "𝟗", "Ⅻ", "½", "é", "\u{301}", "一", "ß", "〇", "Ⓐ", "ा", "𐌰", "🀄", "\u{E0041}",
                      "𠀀", "ء", "\u{64E}", "\u{E31}", "ๆ"]
        var lines: [String] = []
        var random = SplitMix(seed: 0xC0_11E5)
        for _ in 0..<6_000 {
            let text = (0..<(1 + random.below(14))).map { _ in random.pick(pieces) }.joined()
            if random.chance(30) {
                let value = (0..<random.below(5)).map { _ in random.pick(pieces) }.joined()
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
        for (index, output) in outputs.enumerated() where index < expected.count && !output.unicodeScalars.elementsEqual(expected[index].unicodeScalars) {
            differences += 1
            if differences <= 20 { Issue.record("\(lines[index].debugDescription): Kotlin \(output.debugDescription), Swift \(expected[index].debugDescription)") }
        }
        #expect(differences == 0)
    }
}

// MARK: The compiled resolver

private let composeParticleResolverBuild: ToolBuild<CompiledParticleDriver> = {
        // Shaped like the generated SpeakableComposeRuntime: an internal object with the
        // resolver's members; the JVM driver (not common code) reads and writes UTF-8.
        let source = """
        internal object Runtime {
        \(KotlinCommonParticleResolver.source)
        }

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

        """
        return CompiledParticleDriver.build(source, name: "composeParticleResolver", mainClass: "ResolverKt")
}()

private func compiledComposeParticleResolver(sourceLocation: SourceLocation = #_sourceLocation) throws -> CompiledParticleDriver? {
    composeParticleResolverBuild.resolved(sourceLocation: sourceLocation)
}
