import ICUOracle
import SpeakableICU
import Testing
@testable import SpeakableMessages

/// Issue 13: the engine on hostile messages, judged by ICU itself where ICU has a verdict.
@Suite struct MessageHardeningTests {
    /// A 400-digit number "is not a number"; ICU refuses any number of 128 characters or more.
    @Test func longNumbersAreRefusedAsICURefusesThemWithATrueMessage() throws {
        for length in [127, 128, 400] {
            let number = "1" + String(repeating: "0", count: length - 1)
            let source = "{n, choice, 0#none|\(number)#many}"
            let icu = Result { () throws(OracleFailure) in try ICUMessageFormat(pattern: source, locale: "en") }
            let ours = Result { () throws(MessageSyntaxErrors) in try MessagePattern(source) }
            switch (icu, ours) {
            case (.success, .success): #expect(length < 128)
            case (.failure, .failure(let error)):
                #expect(length >= 128)
                #expect(error.first.message == "the number '10000000000000000000…0000' is \(length) characters long; ICU reads at most 127")
            default: Issue.record("ICU and Speakable disagree at \(length) characters: \(icu), \(ours)")
            }
        }
    }

    /// `{café}` precomposed and decomposed are two arguments in ICU; Speakable used to merge them.
    @Test func argumentNamesThatDifferOnlyInNormalizationAreRefused() throws {
        let source = "{caf\u{E9}} and {cafe\u{301}}"
        // ICU accepts the pattern and compares names by code units (two arguments); the oracle
        // passes arguments by number only, so it cannot show the two values here.
        #expect((try? ICUMessageFormat(pattern: source, locale: "en")) != nil)
        do {
            _ = try CompiledMessage(source, locale: .english)
            Issue.record("compiled: the two arguments would share one value")
        } catch {
            #expect(error.id == "argument-normalization")
        }
        // The same spelling twice is one argument, as before.
        #expect(try CompiledMessage("{caf\u{E9}} {caf\u{E9}}", locale: .english).format(["caf\u{E9}": .string("x")]) == "x x")
    }

    /// The longest message (Speakable's guard, 2²⁰ UTF-16 code units; ICU has none) at the limit and one past.
    @Test func messageLengthAtTheLimitAndOnePast() throws {
        #expect(MessagePattern.maximumLength == 1 << 20)
        #expect(try MessagePattern(String(repeating: "a", count: MessagePattern.maximumLength)).body.parts.count == 1)
        #expect(throws: MessageSyntaxErrors.self) { try MessagePattern(String(repeating: "a", count: MessagePattern.maximumLength + 1)) }
    }
}
