import SpeakableICU

/// How a Korean word ends when spoken — what decides the form of the particle after it.
public enum KoreanFinalSound: Hashable, Sendable {
    /// No final consonant: 샴푸, 2 (이), S (에스). Takes 가, 를, 는, 와, 로, 나, 예요.
    case vowel
    /// Final ㄹ: 칫솔, 7 (칠), L (엘). Takes 이, 을, 은, 과 — but 로 like a vowel.
    case rieul
    /// Any other final consonant: 책, 3 (삼), M (엠). Takes 이, 을, 은, 과, 으로, 이나, 이에요.
    case consonant

    /// Whether the syllable has a final consonant (ㄹ included).
    public var hasFinalConsonant: Bool { self != .vowel }
}

/// A Korean particle written in the two-form notation translators use after a placeholder:
/// `이(가)`, `을(를)`, `은(는)`, `과(와)`, `아(야)` (either order), `(으)로`, `(이)나` and other
/// `(으)…`/`(이)…` forms.
///
/// ```swift
/// let particle = KoreanParticle(notation: "을(를)")!
/// particle.form(after: .consonant)   // "을"
/// particle.form(after: .vowel)       // "를"
/// KoreanParticle(notation: "(으)로")!.form(after: .rieul)    // "로"
/// KoreanParticle(notation: "(이)에요")!.form(after: .vowel)  // "예요"
/// ```
public struct KoreanParticle: Hashable, Sendable {
    /// The form after a final consonant (ㄹ included, except for `(으)…`).
    public let afterConsonant: String
    /// The form after a vowel.
    public let afterVowel: String
    /// `(으)…` particles: a final ㄹ takes the vowel form (칠로, 길로).
    public let rieulTakesVowelForm: Bool
    /// How many Unicode scalars of the notation this particle stands for.
    public let notationLength: Int

    /// The single-syllable pairs, consonant form first.
    static let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [
        ("이", "가"), ("을", "를"), ("은", "는"), ("과", "와"), ("아", "야"),
    ]

    /// Reads the notation at the start of `text`; nil when `text` does not start with one.
    /// `(으)` and `(이)` stand for the optional syllable only: `(으)로서` is `(으)` followed by
    /// the literal 로서. The one contraction, `(이)에요` → 예요 after a vowel, is part of it.
    public init?<S: StringProtocol>(notation text: S) {
        self.init(scalars: text.unicodeScalars)
    }

    /// The same, from the first scalars of any sequence (the formatter reads them straight off
    /// its UTF-8 output).
    init?<S: Sequence<Unicode.Scalar>>(scalars sequence: S) {
        var iterator = sequence.makeIterator()
        var head: (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar) = ("\0", "\0", "\0", "\0", "\0")
        var count = 0
        while count < 5, let s = iterator.next() {
            switch count {
            case 0: head.0 = s
            case 1: head.1 = s
            case 2: head.2 = s
            case 3: head.3 = s
            default: head.4 = s
            }
            count += 1
        }
        guard count >= 3 else { return nil }
        if head.0 == "(" {
            guard head.1 == "으" || head.1 == "이", head.2 == ")" else { return nil }
            if head.1 == "이" {
                // 이에요 contracts to 예요 after a vowel (사과예요); 이었 to 였 (의사였다).
                if count == 5 && head.3 == "에" && head.4 == "요" {
                    self.init(afterConsonant: "이에요", afterVowel: "예요", rieulTakesVowelForm: false, notationLength: 5)
                    return
                }
                if count >= 4 && head.3 == "었" {
                    self.init(afterConsonant: "이었", afterVowel: "였", rieulTakesVowelForm: false, notationLength: 4)
                    return
                }
                self.init(afterConsonant: "이", afterVowel: "", rieulTakesVowelForm: false, notationLength: 3)
            } else {
                self.init(afterConsonant: "으", afterVowel: "", rieulTakesVowelForm: true, notationLength: 3)
            }
            return
        }
        guard count >= 4, head.1 == "(", head.3 == ")" else { return nil }
        for (consonant, vowel) in Self.pairs {
            if head.0 == consonant && head.2 == vowel || head.0 == vowel && head.2 == consonant {
                self.init(afterConsonant: String(consonant), afterVowel: String(vowel), rieulTakesVowelForm: false,
                          notationLength: 4)
                return
            }
        }
        return nil
    }

    init(afterConsonant: String, afterVowel: String, rieulTakesVowelForm: Bool, notationLength: Int) {
        self.afterConsonant = afterConsonant
        self.afterVowel = afterVowel
        self.rieulTakesVowelForm = rieulTakesVowelForm
        self.notationLength = notationLength
    }

    /// The form that follows a word ending in `sound`.
    public func form(after sound: KoreanFinalSound) -> String {
        switch sound {
        case .vowel: afterVowel
        case .rieul: rieulTakesVowelForm ? afterVowel : afterConsonant
        case .consonant: afterConsonant
        }
    }
}

/// Korean particle (josa) selection from the last spoken syllable of a word, numbers read as
/// ICU's Korean spellout reads them.
///
/// ```swift
/// KoreanParticles.attach("칫솔", "을(를)")   // "칫솔을"
/// KoreanParticles.attach("3", "이(가)")      // "3이"   (3 is read 삼)
/// KoreanParticles.attach("2", "이(가)")      // "2가"   (이)
/// KoreanParticles.attach("7", "(으)로")      // "7로"   (칠: ㄹ takes 로)
/// KoreanParticles.attach("URL", "은(는)")    // "URL은" (엘)
/// KoreanParticles.attach("iPhone", "을(를)") // "iPhone을" (아이폰)
/// KoreanParticles.attach("50%", "이(가)")    // "50%가" (오십 퍼센트)
/// ```
///
/// What counts as the last spoken syllable: trailing punctuation, spaces and symbols are skipped;
/// a Hangul syllable is read as written; a whole number (ASCII or full-width digits, with `,`
/// grouping) is spelled out by ICU's `ko` rule-based format (1,000,000,000,000 → 일조), a
/// fraction digit by digit with its trailing zeros (1.5 → 일점오, 2.00 → 이점영영), a clock time
/// by its minutes (9:05 → 오 분, 9:00 → 아홉 시), one digit right after Latin letters in English
/// (MP3 → 쓰리), a circled number as its number (① 일, ⑩ 십); a word in Latin letters by its
/// sound (iPhone 아이폰 → "iPhone을", Google 구글 → "Google로", Web 웹 → "Web을"; acronyms letter
/// by letter, URL 유알엘 → "URL을"; see ``latinWordSound(_:)`` for the rule and its limits); `%`
/// as 퍼센트 ("50%가"); a Hangul compatibility jamo by its name (ㄱ 기역, ㄹ 리을). Anything else
/// counts as a vowel, as es-hangul does.
public enum KoreanParticles {
    /// The Korean locale whose spellout reads digits.
    static let korean: ICULocale = try! ICULocale("ko")

    /// How `word` ends when spoken; nil when it is empty.
    public static func finalSound<S: StringProtocol>(of word: S) -> KoreanFinalSound? {
        finalSound(ofScalars: word.unicodeScalars)
    }

    /// The same over valid UTF-8. A value that ends in a Hangul syllable ends in its sound
    /// (`finalSound(ofScalars:)` reads nothing before it then), which is read off its last three
    /// bytes; any other value is read in one pass.
    static func finalSound(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> KoreanFinalSound? {
        let n = bytes.count
        if n >= 3, bytes[n - 3] & 0xF0 == 0xE0 {
            let value = UInt32(bytes[n - 3] & 0x0F) << 12 | UInt32(bytes[n - 2] & 0x3F) << 6 | UInt32(bytes[n - 1] & 0x3F)
            if value >= 0xAC00 && value <= 0xD7A3 {
                let final = (value - 0xAC00) % 28
                return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
            }
        }
        return finalSound(ofScalars: UTF8Scalars(bytes))
    }

    /// The same over any scalars, in one pass forward: the last spoken scalar, the number
    /// written just before it when it is a digit, the Latin word it ends when it is a letter.
    static func finalSound<S: Sequence<Unicode.Scalar>>(ofScalars scalars: S) -> KoreanFinalSound? {
        var any = false
        var last: Unicode.Scalar?
        var number = ""                // the number being read: digits, "," grouping, one "."
        var pending: Unicode.Scalar?   // a "," or "." that belongs to the number if a digit follows
        var closed = false             // something not part of a number came after it
        var word: [Unicode.Scalar] = []  // the run of ASCII letters the last letter belongs to
        var inWord = false
        var clock = 0                  // the number's part of a clock time: 1 hours, 2 minutes, 3 seconds; 0 none
        var afterColon = false         // a ":" after an hour or minutes, that digits continue
        var afterLetter = false        // the number follows a Latin letter with nothing between (MP3)
        for scalar in scalars {
            any = true
            // Full-width digits (３) are digits.
            let s = scalar.value >= 0xFF10 && scalar.value <= 0xFF19 ? Unicode.Scalar(scalar.value - 0xFF10 + 0x30)! : scalar
            if isASCIIDigit(s) {
                if afterColon {
                    number = ""
                    clock += 1
                    afterLetter = false
                } else if closed || number.isEmpty {
                    number = ""
                    clock = 0
                    afterLetter = inWord
                }
                closed = false
                afterColon = false
                if let separator = pending { number.unicodeScalars.append(separator) }
                pending = nil
                number.unicodeScalars.append(s)
                last = s
                inWord = false
            } else if s == ":", !closed, pending == nil, !afterColon, isClockPart(number, clock) {
                afterColon = true
                if clock == 0 { clock = 1 }
                inWord = false
            } else if s == "," || (s == "." && !number.contains(".")), !number.isEmpty, !closed, pending == nil, !afterColon {
                pending = s
                inWord = false
            } else {
                pending = nil
                afterColon = false
                if isASCIILetter(s) {
                    if !inWord { word.removeAll(keepingCapacity: true) }
                    word.append(s)
                    inWord = true
                } else {
                    inWord = false
                }
                if isSpoken(s) || symbolSound(s) != nil {
                    last = s
                    number = ""
                    closed = false
                } else {
                    closed = true
                }
            }
        }
        guard any else { return nil }
        guard let last else { return .vowel }
        if isASCIIDigit(last) {
            if clock >= 2, number.utf8.count == 2, number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                // 9:05 아홉 시 오 분, 9:00 아홉 시, 9:05:30 … 삼십 초.
                return clock == 2 && number != "00" ? .consonant : .vowel
            }
            if afterLetter, number.utf8.count == 1 { return englishDigitSounds[Int(number.utf8.first! - 0x30)] }
            return numberSound(number)
        }
        if isASCIILetter(last) { return latinWordSound(word) }
        if let value = circledNumber(last) { return numberSound(String(value)) }
        if let sound = symbolSound(last) { return sound }
        return sound(ofLetter: last)
    }

    /// Whether `number` can be followed by a clock's ":": an hour (one or two digits, not yet
    /// in a clock) or minutes (two digits after the hour).
    static func isClockPart(_ number: String, _ clock: Int) -> Bool {
        let count = number.utf8.count
        guard number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return (clock == 0 && (count == 1 || count == 2)) || (clock == 2 && count == 2)
    }

    /// One digit read in English, as it is after Latin letters (MP3 엠피쓰리, F1 에프원): zero 제로,
    /// one 원, two 투, three 쓰리, four 포, five 파이브, six 식스, seven 세븐, eight 에이트, nine 나인.
    static let englishDigitSounds: [KoreanFinalSound] = [.vowel, .consonant, .vowel, .vowel, .vowel, .vowel, .vowel, .consonant, .vowel, .consonant]

    /// The number a circled, parenthesized or dotted number sign stands for (① 1, ⑳ 20, ㊿ 50,
    /// ❶ 1, ⑴ 1, ⒈ 1, ⓪ 0); nil for any other scalar.
    static func circledNumber(_ s: Unicode.Scalar) -> Int? {
        let v = Int(s.value)
        switch v {
        case 0x2460...0x2473: return v - 0x2460 + 1    // ① … ⑳
        case 0x2474...0x2487: return v - 0x2474 + 1    // ⑴ … ⒇
        case 0x2488...0x249B: return v - 0x2488 + 1    // ⒈ … ⒛
        case 0x24EA, 0x24FF: return 0                  // ⓪ ⓿
        case 0x24EB...0x24F4: return v - 0x24EB + 11   // ⓫ … ⓴
        case 0x24F5...0x24FE: return v - 0x24F5 + 1    // ⓵ … ⓾
        case 0x2776...0x277F: return v - 0x2776 + 1    // ❶ … ❿
        case 0x2780...0x2789: return v - 0x2780 + 1    // ➀ … ➉
        case 0x278A...0x2793: return v - 0x278A + 1    // ➊ … ➓
        case 0x3251...0x325F: return v - 0x3251 + 21   // ㉑ … ㉟
        case 0x32B1...0x32BF: return v - 0x32B1 + 36   // ㊱ … ㊿
        default: return nil
        }
    }

    /// The particle form for `notation` after `word` (es-hangul's `josa.pick`): for an empty word,
    /// the consonant form.
    public static func pick(after word: String, _ notation: String) -> String? {
        guard let particle = KoreanParticle(notation: notation) else { return nil }
        let rest = String(notation.unicodeScalars.dropFirst(particle.notationLength))
        return particle.form(after: finalSound(of: word) ?? .consonant) + rest
    }

    /// `word` followed by the right form of `notation` (es-hangul's `josa`): an empty word stays
    /// empty.
    public static func attach(_ word: String, _ notation: String) -> String? {
        if word.isEmpty { return KoreanParticle(notation: notation) == nil ? nil : "" }
        return pick(after: word, notation).map { word + $0 }
    }

    // MARK: Sounds

    static func isASCIIDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

    static func isASCIILetter(_ s: Unicode.Scalar) -> Bool { s.value | 0x20 >= 0x61 && s.value | 0x20 <= 0x7A }

    /// Symbols screen readers say as a word: `%` 퍼센트 ("50%가"), `‰` 퍼밀, `°` `℃` `℉` 도.
    static func symbolSound(_ s: Unicode.Scalar) -> KoreanFinalSound? {
        switch s {
        case "%", "\u{FF05}", "\u{FE6A}": .vowel   // 퍼센트 (full-width and small forms too)
        case "\u{2030}": .rieul                     // 퍼밀
        case "\u{00B0}", "\u{2103}", "\u{2109}": .vowel   // 도, 섭씨 도, 화씨 도
        default: nil
        }
    }

    // MARK: Latin words

    /// How a word in Latin letters ends when a Korean reader says it.
    ///
    /// Acronyms are spelled: one letter, or all capitals with at most three letters or no vowel
    /// letter (URL 유알엘, CSS 시에스에스, HTML 에이치티엠엘; NASA 나사 is read as a word). Every
    /// other word is read by the sound of its ending, as Korean writes English loanwords
    /// (외래어 표기법; only ㄱ ㄴ ㄹ ㅁ ㅂ ㅅ ㅇ close a syllable):
    ///
    /// | ending | sound | examples |
    /// |---|---|---|
    /// | `-m`, `-me` | ㅁ | Zoom 줌, Game 게임, Chrome 크롬 |
    /// | `-n`, `-ne` | ㄴ | Kotlin 코틀린, iPhone 아이폰, Line 라인 |
    /// | `-ng` | ㅇ | Samsung 삼성, King 킹 |
    /// | `-l`, `-ll`, `-le` | ㄹ | Excel 엑셀, Google 구글, Apple 애플 |
    /// | `-p`, `-t`, `-k`, `-c`, `-ck`, `-b` after one short vowel (and `-ook`) | ㅂ ㅅ ㄱ | App 앱, Chat 챗, Mac 맥, Slack 슬랙, Facebook 페이스북, Web 웹, Club 클럽 |
    /// | `-eep`, `-eap`; `-type` | ㅂ | Deep 딥, Cheap 칩; Type 타입, Prototype 프로토타입 |
    /// | `-mb` (silent b) | ㅁ | Bomb 봄, Climb 클라임 |
    /// | `Park`, `-aek`, `-eok` (Korean names) | ㄱ | Park 박, Baek 백, Seok 석 |
    /// | the same stops after a long vowel or a consonant | 프 트 크: vowel | Sheet 시트, Test 테스트, Desk 데스크, Mark 마크 |
    /// | `-d`, `-g`, other `-b` (voiced stops take 으), `-hub` | 드 그 브: vowel | Android 안드로이드, Blog 블로그, GitHub 깃허브 |
    /// | `-s`, `-x`, `-z`, `-f`, `-v`, `-sh`, `-ch`, `-th`, `-r`, a vowel | vowel | Netflix 넷플릭스, Switch 스위치, Twitter 트위터, Mina 미나 |
    /// | other silent `-e` after a consonant | the consonant's 으 form: vowel | YouTube 유튜브, Note 노트, Store 스토어 |
    ///
    /// Limits: spelling does not always tell the sound. `Park` (capitalized) is read as the
    /// Korean name 박, so the English word (Jurassic Park 파크) gets the wrong form; other
    /// Korean names follow English rules where they differ; some words break the pattern
    /// (Jeep 지프, Sub 서브), and proper nouns from other languages follow English
    /// rules here. A translation that must be exact writes the particle itself.
    static func latinWordSound(_ letters: [Unicode.Scalar]) -> KoreanFinalSound {
        guard let lastLetter = letters.last else { return .vowel }
        let isUpper: (Unicode.Scalar) -> Bool = { $0.value >= 0x41 && $0.value <= 0x5A }
        let lower = letters.map { isUpper($0) ? Unicode.Scalar($0.value | 0x20)! : $0 }
        let vowelLetters: Set<Unicode.Scalar> = ["a", "e", "i", "o", "u"]
        if letters.count == 1 || (letters.allSatisfy(isUpper) && (letters.count <= 3 || !lower.contains(where: vowelLetters.contains))) {
            return sound(ofLetter: lastLetter)
        }
        let c = lower
        let n = c.count
        // The Korean surname 박, and the Korean romanizations -aek 백, -eok 석.
        if letters == ["P", "a", "r", "k"] { return .consonant }
        if n >= 3, c[n - 1] == "k", (c[n - 3] == "a" && c[n - 2] == "e") || (c[n - 3] == "e" && c[n - 2] == "o") { return .consonant }
        // -type 타입.
        if n >= 4, c[n - 4] == "t", c[n - 3] == "y", c[n - 2] == "p", c[n - 1] == "e" { return .consonant }
        func isVowel(_ i: Int) -> Bool { i >= 0 && i < n && vowelLetters.contains(c[i]) }
        // One short vowel right before position `i` (a doubled consonant counts once: App, Matt).
        func shortVowel(before i: Int) -> Bool {
            var j = i - 1
            if j >= 0, c[j] == c[i] { j -= 1 }
            guard isVowel(j) else { return false }
            if j >= 1, c[j] == "o", c[j - 1] == "o", c[i] == "k" { return true }   // book 북, look 룩
            return !isVowel(j - 1)
        }
        // A silent final e after a consonant.
        if n >= 3, c[n - 1] == "e", !isVowel(n - 2), c[n - 2] != "y" {
            switch c[n - 2] {
            case "l": return .rieul
            case "m", "n": return .consonant
            default: return .vowel
            }
        }
        switch c[n - 1] {
        case "m", "n": return .consonant
        case "l": return .rieul
        case "g": return c[n - 2] == "n" ? .consonant : .vowel
        case "k":
            if c[n - 2] == "c" { return .consonant }   // -ck: 백, 슬랙
            return shortVowel(before: n - 1) ? .consonant : .vowel
        case "p":
            if n >= 3, c[n - 3] == "e", c[n - 2] == "e" || c[n - 2] == "a" { return .consonant }   // Deep 딥, Cheap 칩
            return shortVowel(before: n - 1) ? .consonant : .vowel
        case "c", "t": return shortVowel(before: n - 1) ? .consonant : .vowel
        case "b":
            if c[n - 2] == "m" { return .consonant }   // Bomb 봄: a silent b
            if n >= 3, c[n - 3] == "h", c[n - 2] == "u" { return .vowel }   // GitHub 깃허브
            return shortVowel(before: n - 1) ? .consonant : .vowel   // Web 웹, Club 클럽
        default: return .vowel
        }
    }

    /// Letters and digits are spoken; punctuation, spaces and symbols are not.
    @inline(__always)
    static func isSpoken(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v >= 0x30 && v <= 0x39) || (v | 0x20 >= 0x61 && v | 0x20 <= 0x7A) }
        if v >= 0xAC00 && v <= 0xD7A3 { return true }   // Hangul syllables
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    static func sound(ofLetter s: Unicode.Scalar) -> KoreanFinalSound {
        switch s.value {
        case 0xAC00...0xD7A3:
            let final = (s.value - 0xAC00) % 28
            return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
        case 0x3131...0x314E:
            // Consonant jamo are read by their names, all ending in a consonant; ㄹ is 리을.
            return s.value == 0x3139 ? .rieul : .consonant
        case 0x314F...0x3163:
            return .vowel
        default:
            break
        }
        switch s {
        case "L", "l", "R", "r": return .rieul   // 엘, 알
        case "M", "m", "N", "n": return .consonant   // 엠, 엔
        default: return .vowel
        }
    }

    /// How a number written with ASCII digits (and "," grouping, one "." fraction) ends when
    /// read: a whole number as ICU's Korean spellout reads it (10 십, 10,000 만); a fraction digit
    /// by digit, as it is written — trailing zeros too ("2.00" 이 점 영 영, "1.5" 일 점 오).
    static func numberSound(_ written: String) -> KoreanFinalSound {
        let text = written.filter { $0 != "," }
        if let point = text.firstIndex(of: "."), let digit = text[text.index(after: point)...].utf8.last {
            return digitSounds[Int(digit - 0x30)]
        }
        let number: ICUNumber
        if let n = Int64(text) {
            number = .int(n)
        } else if let d = Double(text) {
            number = .double(d)
        } else {
            return .vowel
        }
        guard let format = try? NumberFormat.cached(.spellout(ruleSet: ""), locale: korean),
              let reading = try? format.format(number),
              let last = reading.unicodeScalars.last(where: { isSpoken($0) }) else {
            return .vowel
        }
        return sound(ofLetter: last)
    }

    /// The Sino-Korean digits read alone: 영 일 이 삼 사 오 육 칠 팔 구.
    static let digitSounds: [KoreanFinalSound] = [.consonant, .rieul, .vowel, .consonant, .vowel, .vowel, .consonant, .rieul, .rieul, .vowel]
}
