import ICUOracle
import SpeakableICU
import Testing
@testable import SpeakableMessages

@Suite struct FormatterTests {
    let english = ICULocale.english
    let korean = try! ICULocale("ko")

    @Test func seedPhrasesThroughTheEngine() throws {
        // Phrases quoted in the O'Block seed, produced by plain MF1 patterns.
        #expect(try CompiledMessage("{coins, number} O’Coins", locale: english).format(["coins": 9180]) == "9,180 O’Coins")
        #expect(try CompiledMessage("Level {level}, {stars} of 3 stars", locale: english).format(["level": 5, "stars": 2])
                == "Level 5, 2 of 3 stars")
        let time = try CompiledMessage("Time {s, number, ::measure-unit/duration-second unit-width-full-name}", locale: english)
        #expect(try time.format(["s": 38]) == "Time 38 seconds")
        let koreanTime = try CompiledMessage("시간 {s, number, ::measure-unit/duration-second unit-width-full-name}", locale: korean)
        #expect(try koreanTime.format(["s": 26]) == "시간 26초")
    }

    @Test func missingArgumentsPrintTheirName() throws {
        let message = try CompiledMessage("Row {row}, {content, select, empty {empty} other {{digit}}}", locale: english)
        #expect(try message.format(["row": 3]) == "Row 3, {content}")
        #expect(try message.format(["content": "value"]) == "Row {row}, {digit}")
    }

    @Test func slotsAreInOrderOfFirstAppearance() throws {
        let message = try CompiledMessage("{b} {a} {b, number}", locale: english)
        #expect(message.argumentNames == ["b", "a"])
        #expect(message.slot(of: "a") == 1)
        #expect(try message.format(slots: [2, "x"]) == "2 x 2")
        #expect(throws: MessageFormatError.self) { try message.format(slots: [2]) }
    }

    @Test func typeErrorsFailLikeICU() throws {
        let plural = try CompiledMessage("{n, plural, one {# star} other {# stars}}", locale: english)
        do {
            _ = try plural.format(["n": "three"])
            Issue.record("formatted a string as a plural")
        } catch {
            #expect(error.kind == .notANumber)
            #expect(error.message == "plural argument 'n' needs a number, but got the string \"three\"")
            #expect(error.icuErrorName == "U_ILLEGAL_ARGUMENT_ERROR")
        }
        let select = try CompiledMessage("{g, select, other {x}}", locale: english)
        #expect(throws: MessageFormatError.self) { try select.format(["g": 5]) }
        let date = try CompiledMessage("{d, date}", locale: english)
        #expect(throws: MessageFormatError.self) { try date.format(["d": 5]) }          // Int64: ICU fails
        #expect(try date.format(["d": .double(0)]) == "Jan 1, 1970")                    // double: milliseconds
        let number = try CompiledMessage("{n, number}", locale: english)
        #expect(throws: MessageFormatError.self) { try number.format(["n": .date(0)]) }
    }

    @Test func pluralSelectsOnTheFormattedNumber() throws {
        // "1.0" is plural in English; the 'other' case's first number argument decides.
        let message = try CompiledMessage("{n, plural, one {one} other {other {n, number,0.0}}}", locale: english)
        #expect(try message.format(["n": 1]) == "other 1.0")
        let plain = try CompiledMessage("{n, plural, one {one} other {other #}}", locale: english)
        #expect(try plain.format(["n": 1]) == "one")
        #expect(try plain.format(["n": 1.0004]) == "one")   // "#" prints 1, so it is singular
    }

    @Test func offsetAndExactValues() throws {
        let message = try CompiledMessage(
            "{n, plural, offset:1 =0 {nobody} =1 {you} one {you and # other} other {you and # others}}", locale: english)
        #expect(try message.format(["n": 0]) == "nobody")
        #expect(try message.format(["n": 1]) == "you")
        #expect(try message.format(["n": 2]) == "you and 1 other")
        #expect(try message.format(["n": 5]) == "you and 4 others")
    }

    @Test func koreanCountersAndNativeDigits() throws {
        let stars = try CompiledMessage("별 3개 중 {n, plural, other {#개}}", locale: korean)
        #expect(try stars.format(["n": 2]) == "별 3개 중 2개")
        let arabic = try CompiledMessage("{n, number}", locale: ICULocale("ar-EG"))
        let oracle = try ICUMessageFormat(pattern: "{0, number}", locale: "ar_EG")
        #expect(try arabic.format(["n": 1234]) == oracle.format([.double(1234)]).get())
    }

    @Test func isoDates() throws {
        #expect(try ISODate.parse("2025-08-26T00:00:00Z") == 1_756_166_400_000)
        #expect(try ISODate.parse("2025-08-26") == 1_756_166_400_000)
        #expect(try ISODate.parse("2025-08-26T09:00:00+09:00") == 1_756_166_400_000)
        #expect(try ISODate.parse("2025-08-26T09:00", timeZone: ICUTimeZone("Asia/Seoul")) == 1_756_166_400_000)
        #expect(try ISODate.parse("1970-01-01T00:00:00.5Z") == 500)
        #expect(throws: ISODate.Failure.self) { try ISODate.parse("2025-02-30") }
        #expect(throws: ISODate.Failure.self) { try ISODate.parse("yesterday") }
    }

    @Test func compiledMessagesAreSharedAcrossThreads() async throws {
        let message = try CompiledMessage("{n, plural, one {# star} other {# stars}}, {s, spellout}, {d, date, ::MMMMd}", locale: english)
        let expected = try message.format(["n": 21, "s": 4530, "d": .date(1_756_166_400_000)])
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var last = ""
                    for _ in 0..<200 { last = try message.format(["n": 21, "s": 4530, "d": .date(1_756_166_400_000)]) }
                    return last
                }
            }
            for try await result in group { #expect(result == expected) }
        }
        #expect(expected == "21 stars, four thousand five hundred thirty, August 26")
    }
}
