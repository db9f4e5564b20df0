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

    /// Latin words by how a Korean reader says them (외래어 표기법), acronyms letter by letter.
    @Test(arguments: [
        // ㄴ ㅁ ㅇ ㄹ endings, silent e included
        ("iPhone", "을(를)", "iPhone을"), ("Kotlin", "이(가)", "Kotlin이"), ("Python", "(으)로", "Python으로"),
        ("Zoom", "을(를)", "Zoom을"), ("Chrome", "(으)로", "Chrome으로"), ("Game", "이(가)", "Game이"),
        ("Samsung", "이(가)", "Samsung이"), ("Gaming", "은(는)", "Gaming은"),
        ("Google", "을(를)", "Google을"), ("Google", "(으)로", "Google로"), ("Apple", "과(와)", "Apple과"),
        ("Excel", "(으)로", "Excel로"),
        // short vowel + p t k c: ㅂ ㅅ ㄱ
        ("App", "을(를)", "App을"), ("Chat", "이(가)", "Chat이"), ("Robot", "은(는)", "Robot은"), ("Mac", "(으)로", "Mac으로"),
        ("Slack", "을(를)", "Slack을"), ("Facebook", "이(가)", "Facebook이"), ("Internet", "(이)나", "Internet이나"),
        // long vowel or consonant before the stop, voiced stops, fricatives, -r, vowels: 으 forms end in a vowel
        ("Sheet", "을(를)", "Sheet를"), ("Test", "이(가)", "Test가"), ("Desk", "(으)로", "Desk로"), ("Light", "은(는)", "Light는"),
        ("Android", "을(를)", "Android를"), ("Blog", "이(가)", "Blog가"), ("Netflix", "을(를)", "Netflix를"),
        ("Switch", "(으)로", "Switch로"), ("Twitter", "이(가)", "Twitter가"), ("Swift", "(으)로", "Swift로"),
        ("YouTube", "을(를)", "YouTube를"), ("Note", "이(가)", "Note가"), ("Store", "은(는)", "Store는"), ("Mina", "과(와)", "Mina와"),
        ("Kakao", "(이)에요", "Kakao예요"),
        // acronyms are spelled; a word in capitals with vowels is read as a word
        ("URL", "을(를)", "URL을"), ("CSS", "을(를)", "CSS를"), ("HTML", "(으)로", "HTML로"), ("USB", "이(가)", "USB가"),
        ("SM", "이(가)", "SM이"), ("NASA", "이(가)", "NASA가"), ("iOS", "은(는)", "iOS는"),
        // the last word counts; trailing punctuation does not
        ("the 2 by 2 square", "을(를)", "the 2 by 2 square를"), ("the T pointing left", "을(를)", "the T pointing left를"),
        ("O’Brien", "이(가)", "O’Brien이"), ("(Google)", "을(를)", "(Google)을"), ("Galaxy S24", "이(가)", "Galaxy S24가"),
        ("5G", "이(가)", "5G가"),
    ])
    func latinWordsByTheirSound(_ word: String, _ notation: String, _ expected: String) {
        #expect(KoreanParticles.attach(word, notation) == expected)
    }

    /// As a native speaker reviewed it: what is read aloud decides, so a fraction keeps its
    /// trailing zeros, a clock time ends in 분 or 시, a Latin word ends in the consonant it is
    /// said with, one digit after Latin letters is English, and ３ ① are numbers.
    @Test(arguments: [
        // fractions are read digit by digit, trailing zeros too: 이 점 영 영
        ("2.00", "을(를)", "2.00을"), ("2.00", "(으)로", "2.00으로"), ("1.50", "이(가)", "1.50이"), ("0.10", "은(는)", "0.10은"),
        ("1.5", "을(를)", "1.5를"), ("3.1", "(으)로", "3.1로"), ("1,000.0", "이(가)", "1,000.0이"),
        // clock times: two digits after ":" are minutes (분), 00 is the hour alone (시), a third part seconds (초)
        ("9:05", "을(를)", "9:05을"), ("오전 9:05", "(으)로", "오전 9:05으로"), ("오후 2:02", "을(를)", "오후 2:02을"),
        ("오전 9:00", "(으)로", "오전 9:00로"), ("9:00", "을(를)", "9:00를"), ("12:30", "이(가)", "12:30이"),
        ("10:00", "은(는)", "10:00는"), ("9:05:30", "이(가)", "9:05:30가"), ("(9:05)", "을(를)", "(9:05)을"),
        // not clock times: one digit after ":", three digits, a score
        ("3:1", "(으)로", "3:1로"), ("3:2", "이(가)", "3:2가"), ("9:050", "이(가)", "9:050이"), ("123:45", "이(가)", "123:45가"),
        // Latin words ending in a consonant sound
        ("Web", "을(를)", "Web을"), ("Web", "(으)로", "Web으로"), ("Tab", "을(를)", "Tab을"), ("Club", "이(가)", "Club이"),
        ("Lab", "(으)로", "Lab으로"), ("Bomb", "을(를)", "Bomb을"), ("Job", "은(는)", "Job은"), ("Climb", "이(가)", "Climb이"),
        ("Deep", "을(를)", "Deep을"), ("Cheap", "(으)로", "Cheap으로"), ("Type", "을(를)", "Type을"), ("Prototype", "(으)로", "Prototype으로"),
        ("Park", "이(가)", "Park이"), ("Park", "(으)로", "Park으로"), ("Baek", "을(를)", "Baek을"), ("Seok", "이(가)", "Seok이"),
        // and the ones that stay vowels
        ("GitHub", "을(를)", "GitHub를"), ("Hub", "이(가)", "Hub가"), ("Sheet", "을(를)", "Sheet를"), ("Pipe", "을(를)", "Pipe를"),
        ("Mark", "이(가)", "Mark가"), ("park", "을(를)", "park를"), ("Loop", "(으)로", "Loop로"), ("WEB", "을(를)", "WEB를"),
        // one digit right after Latin letters is read in English; more digits or a space, in Korean
        ("MP3", "을(를)", "MP3를"), ("MP3", "(으)로", "MP3로"), ("F1", "이(가)", "F1이"), ("PS5", "을(를)", "PS5를"),
        ("Galaxy S24", "이(가)", "Galaxy S24가"), ("iPhone 15", "을(를)", "iPhone 15를"), ("Windows 11", "이(가)", "Windows 11이"),
        // currency signs are not read after the number
        ("₩2", "을(를)", "₩2를"), ("₩3", "이(가)", "₩3이"), ("$7", "(으)로", "$7로"),
        // full-width digits and circled numbers are numbers
        ("３", "을(를)", "３을"), ("１２", "이(가)", "１２가"), ("１０", "(으)로", "１０으로"), ("①", "을(를)", "①을"), ("①", "(으)로", "①로"),
        ("②", "이(가)", "②가"), ("⑩", "이(가)", "⑩이"), ("⑫", "을(를)", "⑫를"), ("㊿", "이(가)", "㊿이"), ("❸", "(으)로", "❸으로"),
        ("⑴", "이(가)", "⑴이"), ("⒉", "을(를)", "⒉를"), ("⓪", "이(가)", "⓪이"),
    ])
    func whatIsReadAloud(_ word: String, _ notation: String, _ expected: String) throws {
        #expect(KoreanParticles.attach(word, notation) == expected)
        let message = try ParticleResolvingMessage("{w}" + notation, locale: korean)
        #expect(try message.format(["w": .string(word)]) == expected)
    }

    @Test func formattedNumbersKeepTheirTrailingZeros() throws {
        let fraction = try ParticleResolvingMessage("{n, number, ::.00}을(를) 입력", locale: korean)
        #expect(try fraction.format(["n": 2]) == "2.00을 입력")
        #expect(try fraction.format(["n": 1.5]) == "1.50을 입력")
        #expect(try fraction.format(["n": 1.25]) == "1.25를 입력")
        // ICU's Korean short time: "오전 9:05".
        let clock = try ParticleResolvingMessage("알람을 {t, time, short}(으)로 설정", locale: korean, timeZone: .utc)
        #expect(try clock.format(["t": .date(32_700_000)]) == "알람을 오전 9:05으로 설정")
        #expect(try clock.format(["t": .date(32_400_000)]) == "알람을 오전 9:00로 설정")
        #expect(try clock.format(["t": .date(50_520_000)]) == "알람을 오후 2:02으로 설정")
    }

    @Test func theCircledNumberTableMatchesUnicode() {
        for value in UInt32(0x2400)...0x33FF {
            guard let s = Unicode.Scalar(value) else { continue }
            if let n = KoreanParticles.circledNumber(s) {
                #expect(s.properties.numericValue == Double(n), "U+\(String(value, radix: 16))")
            }
        }
        #expect(KoreanParticles.circledNumber("①") == 1 && KoreanParticles.circledNumber("⑳") == 20)
        #expect(KoreanParticles.circledNumber("㉑") == 21 && KoreanParticles.circledNumber("㊿") == 50)
        #expect(KoreanParticles.circledNumber("3") == nil)
    }

    /// `%` is read 퍼센트: the particle follows the sign, not the number before it.
    @Test func percentIsReadAsAWord() throws {
        #expect(KoreanParticles.attach("50%", "이(가)") == "50%가")       // not 오십 → 50%이
        #expect(KoreanParticles.attach("100%", "(으)로") == "100%로")
        #expect(KoreanParticles.attach("3‰", "이(가)") == "3‰이")         // 퍼밀
        #expect(KoreanParticles.attach("36.5℃", "을(를)") == "36.5℃를")   // 도
        #expect(KoreanParticles.attach("30%!", "은(는)") == "30%!는")
        let message = try ParticleResolvingMessage("{p, number, percent}이(가) 완료됨", locale: korean)
        #expect(try message.format(["p": 0.5]) == "50%가 완료됨")
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
