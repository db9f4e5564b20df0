import SeededRandom
import SpeakableICU
import Testing
@testable import SpeakableParticles

/// `ParticleResolvingMessage.resolve` makes its `String` from the resolved bytes without
/// validating them again: from valid UTF-8 they must be valid UTF-8, and the text what
/// validating them makes — checked on random texts of markers, notations, Hangul and lookalikes.
@Suite struct ParticleResolvingTextTests {
    static let open = scalar(0xFDD0), close = scalar(0xFDD1)
    static let words = ["블록", "정사각형", "막대", "3", "2", "빈칸", "abc", "T자", "", "1,000", "%", "①", "👍🏽", "é"]
    static let notations = ["을(를)", "이(가)", "은(는)", "(으)로", "와(과)", "과(와)", "(이)나", "을", "(", "를)"]
    /// Text between values, some of it starting with the markers' lead byte EF.
    static let fillers = [" ", "에 배치", ", ", "\u{FF0C}", scalar(0xFDD2), "\u{FFFD}", "\u{EFFF}", "행 ", "", scalar(0xFDEF)]

    /// A noncharacter (which a Swift literal cannot hold) as a string.
    static func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

    static func randomText(_ random: inout SplitMix, parts: Int) -> String {
        var text = ""
        var open = 0
        for _ in 0..<parts {
            switch random.below(6) {
            case 0:
                text += Self.open
                open += 1
            case 1 where open > 0 || random.chance(20):
                text += Self.close
                open = max(0, open - 1)
                if random.chance(80) { text += random.pick(notations) }
            case 2: text += random.pick(notations)
            case 3: text += random.pick(fillers)
            default: text += random.pick(words)
            }
        }
        return text
    }

    /// The resolved bytes, checked to be valid UTF-8, as a validated `String`.
    static func validated(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            let room = bytes.count * 4 + 64
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { out -> String? in
                let count = ParticleResolvingMessage.resolve(bytes, into: out.baseAddress!, capacity: room)
                guard count >= 0 else { return nil }
                return String(validating: UnsafeBufferPointer(start: out.baseAddress!, count: count), as: UTF8.self)
            }
        }
    }

    @Test func resolvedTextIsValidAndWhatValidatingMakes() throws {
        var random = SplitMix(seed: 41)
        for k in 0..<3_000 {
            // Past 1,024 bytes too (the text is then resolved on the heap).
            let text = Self.randomText(&random, parts: k % 10 == 0 ? 400 : 1 + random.below(24))
            let expected = try #require(Self.validated(text), "\(Array(text.unicodeScalars))")
            #expect(ParticleResolvingMessage.resolve(text) == expected, "\(Array(text.unicodeScalars))")
        }
    }

    /// A value's final sound read off the end of its UTF-8 is the one read through all of it.
    @Test func finalSoundsOfUTF8AreThoseOfTheScalars() {
        var random = SplitMix(seed: 42)
        let tails = ["가", "각", "갈", "힣", "\u{D7A4}", "\u{ABFF}", "ㄱ", "ㄹ", "ㅏ", "3", "10", "１０", "MP3", "Excel", "%", "①",
                     "9:05", "2.50", "1,000", " ", "", "é", "👍🏽", "(", "'", "漢"]
        var texts = tails
        for _ in 0..<3_000 {
            texts.append((0..<random.below(5)).map { _ in random.pick(tails + Self.words) }.joined())
        }
        for text in texts {
            var utf8 = text
            let sound = utf8.withUTF8 { KoreanParticles.finalSound(ofUTF8: $0) }
            #expect(sound == KoreanParticles.finalSound(ofScalars: text.unicodeScalars), "\(text)")
        }
    }

    @Test func edges() throws {
        for text in ["", Self.open, Self.close, Self.open + Self.close, Self.open + "블록" + Self.close + "을(를)",
                     Self.open + "블록" + Self.close + "을(를)" + String(repeating: "가", count: 400),
                     String(repeating: Self.open + "막대" + Self.close + "을(를) ", count: 200), "\u{EF}\u{B7}"] {
            #expect(ParticleResolvingMessage.resolve(text) == (try #require(Self.validated(text))))
        }
        #expect(ParticleResolvingMessage.resolve(Self.open + "블록" + Self.close + "을(를) " + Self.open + "막대" + Self.close + "이(가)")
                == "블록을 막대가")
    }
}
