import ICUOracle
import SpeakableICU
import Testing
@testable import SpeakableMessages

/// The allocation-free path: formatting into a reusable UTF-8 buffer must give exactly what the
/// `String` path gives (which the differential tests hold to ICU), append, grow, and leave the
/// buffer untouched when formatting fails.
@Suite struct MessageBufferTests {
    let english = ICULocale.english

    @Test func bufferAndStringPathsAgree() throws {
        let korean = try ICULocale("ko")
        let cases: [(String, ICULocale, [String: MessageArgument])] = [
            ("Row {row}, column {column}, {content, select, empty {empty} given {given {digit}} other {{digit}}}", english,
             ["row": 3, "column": 5, "content": "given", "digit": 4]),
            ("{amount, plural, one {# O’Coin} other {# O’Coins}}", english, ["amount": 9180]),
            ("시간 {s, number, ::measure-unit/duration-second unit-width-full-name}", korean, ["s": 26]),
            ("{d, date, ::MMMMd}", korean, ["d": .date(1_756_166_400_000)]),
            ("Day {n, spellout}", english, ["n": 21]),
            ("Missing {nothing}", english, [:]),
        ]
        var buffer = MessageBuffer(capacity: 16)
        for (pattern, locale, arguments) in cases {
            let message = try CompiledMessage(pattern, locale: locale)
            buffer.removeAll()
            try message.format(arguments, into: &buffer)
            #expect(buffer.makeString() == (try message.format(arguments)), "\(pattern)")
            let slots = message.argumentNames.map { arguments[$0] }
            buffer.removeAll()
            try message.format(slots: slots, into: &buffer)
            #expect(buffer.makeString() == (try message.format(slots: slots)), "\(pattern)")
            let lent = try slots.withUnsafeBufferPointer { values in
                try message.withUTF8(slots: values) { String(decoding: $0, as: UTF8.self) }
            }
            #expect(lent == (try message.format(slots: slots)), "\(pattern)")
        }
    }

    @Test func formattingAppendsAndGrows() throws {
        let message = try CompiledMessage("{n, number}; ", locale: english)
        var buffer = MessageBuffer(capacity: 16)
        var expected = ""
        for n in 0..<500 {
            try message.format(slots: [.int(Int64(n * 1_001))], into: &buffer)
            expected += try message.format(slots: [.int(Int64(n * 1_001))])
        }
        let count = buffer.count
        #expect(count == expected.utf8.count)
        #expect(buffer.makeString() == expected)
        buffer.append(" end")
        #expect(buffer.makeString() == expected + " end")
        buffer.removeAll()
        let empty = buffer.isEmpty
        #expect(empty)
        #expect(buffer.makeString() == "")
    }

    @Test func aFailedFormatLeavesTheBufferAsItWas() throws {
        let message = try CompiledMessage("{name} has {n, plural, one {# star} other {# stars}}", locale: english)
        var buffer = MessageBuffer()
        buffer.append("before: ")
        // A long name moves the text past the buffer's first capacity before the plural fails.
        let long = String(repeating: "x", count: 5_000)
        #expect(throws: MessageFormatError.self) { try message.format(["name": .string(long), "n": "three"], into: &buffer) }
        #expect(buffer.makeString() == "before: ")
        try message.format(["name": "Mina", "n": 2], into: &buffer)
        #expect(buffer.makeString() == "before: Mina has 2 stars")
    }

    @Test func wrongSlotCountsAreRejectedOnEveryPath() throws {
        let message = try CompiledMessage("{a} {b}", locale: english)
        var buffer = MessageBuffer()
        #expect(throws: MessageFormatError.self) { try message.format(slots: ["x"], into: &buffer) }
        #expect(throws: MessageFormatError.self) {
            let one: [MessageArgument?] = ["x"]
            return try one.withUnsafeBufferPointer { values in try message.withUTF8(slots: values) { $0.count } }
        }
        let empty = buffer.isEmpty
        #expect(empty)
    }
}
