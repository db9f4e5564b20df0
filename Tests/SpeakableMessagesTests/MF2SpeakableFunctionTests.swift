import SpeakableICU
import Testing
@testable import SpeakableMessages

/// Speakable's own MF2 functions (`:speakable:…`), which MF1 → MF2 writes for the formats MF2 has
/// no standard function for, format as the MF1 they came from: the MF1 engine (held to ICU by its
/// conformance tests) is the oracle.
@Suite struct MF2SpeakableFunctionTests {
    static let messages = [
        "{n, number, ::compact-short}", "{n, spellout}", "{n, ordinal}", "{n, number, currency}",
        "{n, number, #,##0.0}", "{n, choice, 0#none|1#one|1<many}", "{d, date, ::MMMMd}", "{d, time, ::Hm}",
        "{n, duration}", "{n, number, ::scale/100 percent}",
    ]

    @Test(arguments: messages)
    func formatsAsTheMF1ItCameFrom(_ mf1: String) throws {
        let pattern = try MessagePattern(mf1)
        let (message, _) = MF2Message.converting(pattern)
        #expect(message.serialized().contains(":speakable:") || !message.serialized().contains(":"), "\(message.serialized())")
        let parsed = try MF2Message(message.serialized())
        for locale in ["en", "ko", "de", "ar"] {
            for value in [MessageArgument.int(0), .int(1), .int(12345), .double(2.5)] {
                let arguments: [String: MessageArgument] = ["n": value, "d": .date(1_756_166_400_000 + 3_723_000)]
                let expected = try CompiledMessage(mf1, locale: try ICULocale(locale), timeZone: .utc).format(arguments)
                let formatted = parsed.format(locale: locale, arguments: arguments, bidi: .none)
                #expect(formatted.errors.isEmpty, "\(mf1) \(locale) \(value): \(formatted.errors)")
                #expect(formatted.output == expected, "\(mf1) in \(locale) with \(value)")
            }
        }
    }
}
