import FoundationEssentials
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import Testing
@testable import SpeakableParticles

/// `../shared/testdata/korean-josa/josa-cases.json`, next to the package.
let josaFile: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    let path = root + "/shared/testdata/korean-josa/josa-cases.json"
    return FileManager.default.fileExists(atPath: path) ? path : nil
}()

struct JosaCase: CustomStringConvertible {
    let word: String
    let josa: String          // es-hangul's "A/B"
    let expected: String?     // josa(word, pair)
    let expectedParticle: String?   // josa.pick(word, pair)
    var description: String { "\(word) + \(josa)" }

    /// The pair in the notation translators write after a placeholder: 이(가), 과(와), (으)로, (이)나…
    var notation: String {
        let forms = josa.split(separator: "/").map(String.init)
        let (a, b) = (forms[0], forms[1])
        if a == "와" && b == "과" { return "과(와)" }
        if a == "이에요" && b == "예요" { return "(이)에요" }
        if a.hasPrefix("으") && String(a.dropFirst()) == b { return "(으)" + b }
        if a.hasPrefix("이") && a.count > 1 && String(a.dropFirst()) == b { return "(이)" + b }
        return "\(a)(\(b))"
    }
}

func loadJosaCases() throws -> [JosaCase] {
    guard let josaFile else { return [] }
    let data = try Data(contentsOf: URL(fileURLWithPath: josaFile))
    let root = try #require(JSONReader.read(Array(data), file: josaFile).root)
    return try #require(root["cases"]?.array).map { item in
        JosaCase(word: item["word"]!.string!, josa: item["josa"]!.string!, expected: item["expected"]?.string,
                 expectedParticle: item["expected_particle"]?.string)
    }
}

@Suite(.enabled(if: josaFile != nil, "../shared/testdata/korean-josa is not next to the package; skipping the josa cases"))
struct JosaCaseTests {
    @Test func all105CasesPass() throws {
        let cases = try loadJosaCases()
        #expect(cases.count == 105)
        let korean = try ICULocale("ko")
        var checked = 0
        for item in cases {
            if let expected = item.expected {
                // The whole path a translation takes: a placeholder, then the notation.
                let message = try ParticleResolvingMessage("{w}" + item.notation, locale: korean)
                #expect(try message.format(["w": .string(item.word)]) == expected, "\(item) as {w}\(item.notation)")
                #expect(KoreanParticles.attach(item.word, item.notation) == expected, "\(item)")
                checked += 1
            }
            if let particle = item.expectedParticle {
                #expect(KoreanParticles.pick(after: item.word, item.notation) == particle, "\(item)")
                checked += 1
            }
        }
        #expect(checked == 105)
    }

    @Test func numbersAsArgumentsReadLikeTheirDigits() throws {
        // The digit cases again, with the number passed as a number (formatted by ICU first).
        let korean = try ICULocale("ko")
        for item in try loadJosaCases() {
            guard let expected = item.expected, let n = Int64(String(item.word.filter { $0 != "," })) else { continue }
            let message = try ParticleResolvingMessage("{w}" + item.notation, locale: korean)
            let particle = String(expected.dropFirst(item.word.count))
            let digits = try NumberFormat(.decimal, locale: korean).format(n)   // 1000 → "1,000"
            #expect(try message.format(["w": .int(n)]) == digits + particle, "\(item) as a number")
        }
    }
}

@Suite struct ParticleResolutionTests {
    let korean = try! ICULocale("ko")

    @Test func digitReadingsComeFromICUSpellout() throws {
        // The reading is ICU's: check our choice against ICU's own spellout for 0…120.
        let spellout = try NumberFormat(.spellout(ruleSet: ""), locale: korean)
        for n in Int64(0)...120 {
            let reading = try spellout.format(n)
            let last = reading.unicodeScalars.last!.value - 0xAC00
            let expected: KoreanFinalSound = last % 28 == 0 ? .vowel : last % 28 == 8 ? .rieul : .consonant
            #expect(KoreanParticles.finalSound(of: String(n)) == expected, "\(n) read \(reading)")
        }
    }

    @Test func valuesEndingInSymbolsUseTheirLastSpokenCharacter() {
        #expect(KoreanParticles.attach("3행)", "은(는)") == "3행)은")
        #expect(KoreanParticles.attach("26초", "이(가)") == "26초가")
        #expect(KoreanParticles.attach("1,001", "(으)로") == "1,001로")
        #expect(KoreanParticles.attach("ㄹ", "(으)로") == "ㄹ로")
        #expect(KoreanParticles.attach("?!", "이(가)") == "?!가")
        #expect(KoreanParticles.attach("3-6", "(으)로") == "3-6으로")     // 육, not 삼십육
        #expect(KoreanParticles.attach("1,000.", "이(가)") == "1,000.이")  // 천
        #expect(KoreanParticles.attach("2,5", "이(가)") == "2,5가")        // grouping: 25, 이십오
        #expect(KoreanParticles.attach("v1.5", "은(는)") == "v1.5는")      // 일점오
        #expect(KoreanParticles.attach("학생", "(이)었다") == "학생이었다")
        #expect(KoreanParticles.attach("의사", "(이)었다") == "의사였다")
    }

    @Test func particlesAfterEveryKindOfPlaceholder() throws {
        let message = try ParticleResolvingMessage(
            "{dir, select, up {위} other {왼쪽}}을(를) 향한 {n, plural, other {#개}}(이)나 {piece}과(와) {n}(으)로", locale: korean)
        #expect(message.particleCount == 4)
        #expect(try message.format(["dir": "up", "n": 7, "piece": "블록"]) == "위를 향한 7개나 블록과 7로")
        #expect(try message.format(["dir": "left", "n": 3, "piece": "정사각형"]) == "왼쪽을 향한 3개나 정사각형과 3으로")
        // `#` followed by a particle, and a placeholder nested in a case.
        let pound = try ParticleResolvingMessage("{n, plural, other {#이(가) {x}을(를)}} 남음", locale: korean)
        #expect(try pound.format(["n": 2, "x": "칸"]) == "2가 칸을 남음")
        #expect(try pound.format(["n": 10, "x": "조각"]) == "10이 조각을 남음")
    }

    @Test func emptyValuesDropTheParticle() throws {
        let message = try ParticleResolvingMessage("[{w}이(가)]", locale: korean)
        #expect(try message.format(["w": ""]) == "[]")
    }

    @Test func particlesAfterLiteralTextStayAsWritten() throws {
        let message = try ParticleResolvingMessage("행이(가) {n}", locale: korean)
        #expect(message.particleCount == 0)
        #expect(try message.format(["n": 3]) == "행이(가) 3")
    }

    @Test func otherLanguagesAreICUExactly() throws {
        // Resolution is Korean only: in English the notation is just text, as ICU prints it.
        let source = "{w}이(가) {n, plural, one {# star} other {# stars}}"
        for tag in ["en", "ja", "ru"] {
            let locale = try ICULocale(tag)
            let plain = try CompiledMessage(source, locale: locale)
            let resolving = try ParticleResolvingMessage(source, locale: locale)
            #expect(resolving.particleCount == 0)
            for n: Int64 in [1, 2, 5] {
                let args: [String: MessageArgument] = ["w": "칫솔", "n": .int(n)]
                #expect(try resolving.format(args) == plain.format(args))
            }
        }
    }

    @Test func theEngineItselfStaysICUExact() throws {
        // Nothing changes in CompiledMessage: Korean notation is printed as written.
        let plain = try CompiledMessage("{w}이(가)", locale: korean)
        #expect(try plain.format(["w": "샴푸"]) == "샴푸이(가)")
    }

    @Test func notationIsRecognizedInBothOrders() {
        #expect(KoreanParticle(notation: "가(이)")?.form(after: .vowel) == "가")
        #expect(KoreanParticle(notation: "와(과)")?.form(after: .consonant) == "과")
        #expect(KoreanParticle(notation: "이가") == nil)
        #expect(KoreanParticle(notation: "(오)로") == nil)
        #expect(KoreanParticle(notation: "") == nil)
    }
}
