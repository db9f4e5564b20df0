import SpeakableICU
import Testing
@testable import SpeakableSpeech

@Suite struct SpokenLengthTests {
    static let korean = try! ICULocale("ko")

    @Test func numbersAndSymbolsAreSpokenAsWords() throws {
        // Spellout comes from ICU itself, not from a table typed here.
        let spell = try NumberFormat.cached(.spellout(ruleSet: ""), locale: .english)
        let estimate = SpokenLength.estimate("Row 3, column 5, empty", locale: .english)
        #expect(estimate.spoken == "Row \(try spell.format(3 as Int64)), column \(try spell.format(5 as Int64)), empty")
        #expect(SpokenLength.estimate("9,180 O'Coins", locale: .english).spoken
                == "\(try spell.format(9180 as Int64)) O'Coins")
        #expect(SpokenLength.estimate("Volume 75%", locale: .english).spoken.hasSuffix(" percent"))
        #expect(SpokenLength.estimate("2×2", locale: .english).spoken.contains(" times "))
    }

    @Test func countsSyllablesPausesAndWords() {
        // Row(1) three(1) column(2) five(1) empty(2); two commas.
        let estimate = SpokenLength.estimate("Row 3, column 5, empty", locale: .english)
        #expect(estimate.syllables == 7)
        #expect(estimate.words == 5)
        #expect(estimate.shortPauses == 2)
        #expect(estimate.longPauses == 0)
        let p = SpokenLength.Profile.english
        #expect(abs(estimate.seconds - (7 * p.perSyllable + 5 * p.perWord + 2 * p.shortPause)) < 1e-9)
        // A final period adds no pause; one inside the text does.
        let sentences = SpokenLength.estimate("Placed. Score 320.", locale: .english)
        #expect(sentences.longPauses == 1)
    }

    @Test func koreanCountsBeatsPerBlockAndReadsDigitsSinoKorean() throws {
        let spell = try NumberFormat.cached(.spellout(ruleSet: ""), locale: Self.korean)
        #expect(try spell.format(3 as Int64) == "삼")
        let estimate = SpokenLength.estimate("3행 5열, 빈칸", locale: Self.korean)
        // 삼 행 오 열 빈 칸: six syllables, five of them closed by a final consonant (one more beat each)
        #expect(estimate.syllables == 11)
        #expect(estimate.shortPauses == 1)
        #expect(estimate.spoken == "삼 행 오 열, 빈칸")
        #expect(Syllables.count("거리") == 2 && Syllables.count("선택됨") == 6)
    }

    @Test func koreanSymbolsAreReadAsTalkBackNamesThem() {
        // TalkBack's Korean name for "=" is 등호 (not the 는 of "2 더하기 2는 4").
        #expect(SpokenLength.estimate("점수 = 기본 점수 × 콤보", locale: Self.korean).spoken == "점수 등호 기본 점수 곱하기 콤보")
        #expect(SpokenLength.estimate("2+2=4", locale: Self.korean).spoken == "이 더하기 이 등호 사")
    }

    @Test func longerTextTakesLonger() {
        let short = SpokenLength.estimate("Row 3", locale: .english).seconds
        let long = SpokenLength.estimate("Row 3, column 5, empty, notes 1, 4 and 7", locale: .english).seconds
        #expect(short > 0)
        #expect(long > short * 2)
    }

    @Test func englishSyllableHeuristic() {
        #expect(Syllables.count("piece") == 1)
        #expect(Syllables.count("table") == 2)
        #expect(Syllables.count("placed") == 1)
        #expect(Syllables.count("added") == 2)
        #expect(Syllables.count("TV") == 2)
        #expect(Syllables.count("빈칸") == 4)   // beats: 빈 and 칸 each end in ㄴ
        #expect(Syllables.count("数独") == 2)
    }
}

@Suite struct WAVTests {
    /// A 16-bit mono WAV: `silence` s of silence, `tone` s of a loud square wave, `silence` again.
    static func wav(rate: Int = 22050, silence: Double, tone: Double, streamed: Bool = false) -> [UInt8] {
        var samples: [Int16] = []
        samples += Array(repeating: 0, count: Int(silence * Double(rate)))
        samples += (0..<Int(tone * Double(rate))).map { $0 % 50 < 25 ? 8000 : -8000 }
        samples += Array(repeating: 0, count: Int(silence * Double(rate)))
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let dataBytes = samples.count * 2
        var out: [UInt8] = Array("RIFF".utf8) + le32(streamed ? 0x7FFF_FFFF : 36 + dataBytes) + Array("WAVEfmt ".utf8)
        out += le32(16) + le16(1) + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16)
        out += Array("data".utf8) + le32(streamed ? 0x7FFF_FFFF : dataBytes)
        for s in samples { out += le16(Int(UInt16(bitPattern: s))) }
        return out
    }

    @Test func measuresTotalAndSpeech() throws {
        let length = try WAVLength(Self.wav(silence: 0.5, tone: 1.0))
        #expect(abs(length.total - 2.0) < 0.001)
        #expect(abs(length.speech - 1.0) < 0.001)
        #expect(length.sampleRate == 22050)
        // espeak-ng --stdout writes a placeholder size: the file's real length counts.
        let streamed = try WAVLength(Self.wav(silence: 0.25, tone: 0.5, streamed: true))
        #expect(abs(streamed.total - 1.0) < 0.001)
    }

    @Test func rejectsWhatIsNotAWAV() {
        #expect(throws: WAVLength.Malformed.self) { try WAVLength(Array("not audio".utf8)) }
        #expect(throws: WAVLength.Malformed.self) { try WAVLength(Array(Self.wav(silence: 0, tone: 0.1).prefix(30))) }
    }
}

@Suite(.enabled(if: Espeak.find() != nil, "espeak-ng is not installed (Debian package espeak-ng); skipping the measured-length tests"))
struct EspeakTests {
    @Test func measuresRealSpeechInEnglishAndKorean() throws {
        let espeak = try #require(Espeak.find())
        let short = try espeak.measure("Row 3", locale: .english)
        let long = try espeak.measure("Row 3, column 5, empty, notes 1, 4 and 7", locale: .english)
        #expect(short.speech > 0.2 && short.speech <= short.total)
        #expect(long.speech > short.speech * 2)
        let korean = try espeak.measure("3행 5열, 빈칸", locale: try ICULocale("ko"))
        #expect(korean.speech > 0.3)
    }

    @Test func theEstimateIsWithinHalfOfTheMeasurement() throws {
        // The calibration's worst held-out error is far below this bound (README).
        let espeak = try #require(Espeak.find())
        for (text, locale) in [("Level 5, 2 of 3 stars", ICULocale.english), ("5단계, 별 3개 중 2개", try ICULocale("ko"))] {
            let measured = try espeak.measure(text, locale: locale).speech
            let estimated = SpokenLength.estimate(text, locale: locale).seconds
            #expect(abs(estimated - measured) < measured * 0.5, "\(text): measured \(measured), estimated \(estimated)")
        }
    }
}

@Suite struct PCMAudioTests {
    @Test func trimsJoinsAndWritesAWAVThatReadsBack() throws {
        let bytes = WAVTests.wav(silence: 0.5, tone: 1.0)
        let audio = try PCMAudio(wav: bytes)
        #expect(audio.sampleRate == 22050)
        #expect(abs(audio.seconds - 2.0) < 0.001)
        let speech = audio.trimmedToSpeech()
        #expect(abs(speech.seconds - 1.0) < 0.001)
        // Two parts with 0.4 s between them: 1 + 0.4 + 1 seconds.
        let joined = PCMAudio.joined([speech, speech], pause: 0.4)
        #expect(abs(joined.seconds - 2.4) < 0.001)
        let written = joined.wavBytes()
        #expect(written.count == 44 + joined.samples.count * 2)
        let length = try WAVLength(written)
        #expect(abs(length.total - 2.4) < 0.001)
        #expect(abs(length.speech - 2.4) < 0.001)
        #expect(try PCMAudio(wav: written) == joined)
        // Silence trims to nothing.
        #expect(PCMAudio.silence(1, sampleRate: 22050).trimmedToSpeech().samples.isEmpty)
    }
}
