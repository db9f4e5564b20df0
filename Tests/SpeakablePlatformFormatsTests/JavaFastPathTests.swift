import SeededRandom
import Testing
@testable import SpeakablePlatformFormats

/// `JavaFormatParser` reads the common `%N$c` without its general regex: wherever it does, the
/// regex reading (``JavaFormatParser/matchRegex(at:)``) gives the same specifier and end, and no
/// problem.
@Suite struct JavaFastPathTests {
    @Test func explicitIndexShortcutIsTheRegexReading() {
        let pieces = ["%", "1", "2", "0", "9", "$", "s", "S", "d", "x", "X", "e", "n", "t", "T", "H", "%", "-", "#", ",", "<", ".", "3",
                      "q", " ", "é", "2147483647", "2147483648", "00", "%1$", "%2$", "%12$", "%2147483647$", "%0$", "%01$", "1$"]
        var random = SplitMix(seed: 3)
        var shortcuts = 0
        for round in 0..<20_000 {
            var text = "%"
            for _ in 0..<(1 + round % 6) { text += random.pick(pieces) }
            let scalars = Array(text.unicodeScalars)
            scalars.withUnsafeBufferPointer { scalars in
            let percents = scalars.filter { $0 == "%" }.count
            let parser = JavaFormatParser(scalars: scalars, percents: percents)
            var parsed = JavaFormatParser(scalars: scalars, percents: percents)
            #expect(parsed.parse() == FormatString.parse(text, dialect: .java))
            parsed = JavaFormatParser(scalars: scalars, percents: percents)
            for spec in parsed.parse().specifiers {
                let start = spec.range.lowerBound
                guard let end = parser.explicitSimple(at: start + 1) else { continue }
                shortcuts += 1
                let regex = parser.matchRegex(at: start)
                #expect(regex?.1 == end, "\(text)")
                #expect(regex?.2 == nil, "\(text)")
                var expected = regex?.0
                expected?.argument = spec.argument
                #expect(spec == expected, "\(text)")
            }
            }
        }
        #expect(shortcuts > 500)
    }
}
