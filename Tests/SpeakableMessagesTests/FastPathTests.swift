import FastPathChecks
import SpeakableICU
import SpeakableMessages
import Testing

/// Every fast path against ICU itself (see `tools/FastPathChecks`): the same value through the
/// fast path and through ICU, compared. A representative subset runs here; the exhaustive sweep
/// (every ICU locale, every style, hundreds of thousands of values) is
/// `swift run -c release FastPathSweep`.
@Suite struct FastPathTests {
    /// Locales with Latin, Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali, Thai and
    /// Burmese digits; Indian grouping; minimum grouping; many plural categories.
    static let locales = ["en", "ko", "ru", "ar", "ar-EG", "fa", "hi", "bn", "mr", "th", "my", "ja", "zh", "de", "fr",
                          "es", "pl", "cy", "he", "lt", "ga", "sr-Latn", "en-IN", "sw", "pt", "az", "ky", "en_US_POSIX"]

    @Test func integerPluralRulesOfEveryICULocale() {
        let values = FastPathChecks.integers(dense: 200, random: 200, seed: 12)
        let report = FastPathChecks.pluralRules(locales: ICULocale.availableIdentifiers, values: values)
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(report.withoutFastPath.isEmpty, "\(report)")
        #expect(report.checked > 500_000)
    }

    @Test func numberFormatsAndRuleBasedFormats() {
        let styles: [NumberFormat.Style] = [.decimal, .integer, .spellout(ruleSet: ""), .ordinal(ruleSet: ""),
                                            .duration(ruleSet: ""), .duration(ruleSet: "%with-words"),
                                            .spellout(ruleSet: "%spellout-ordinal")]
        let values = FastPathChecks.integers(dense: 1_100, random: 300, seed: 34)
        let report = FastPathChecks.numberFormats(locales: Self.locales, styles: styles, values: values)
        #expect(report.mismatches.isEmpty, "\(report)")
        // The decimal styles always have one; the rule-based ones in these locales too.
        #expect(report.withoutFastPath.isEmpty, "\(report)")
        #expect(report.fast * 10 > report.checked * 9, "\(report)")
    }

    @Test func unitAndOtherSkeletons() {
        let skeletons = ["measure-unit/duration-second unit-width-full-name", "measure-unit/duration-minute unit-width-full-name",
                         "measure-unit/duration-hour unit-width-short", "group-off", "currency/EUR", "percent",
                         "precision-integer", "sign-always", "measure-unit/length-meter unit-width-narrow"]
        let values = FastPathChecks.integers(dense: 300, random: 200, seed: 56)
        let report = FastPathChecks.skeletons(locales: Self.locales, skeletons: skeletons, values: values)
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(report.fast * 2 > report.checked, "\(report)")
    }

    @Test func dateFormatsInSeveralZones() {
        let kinds: [DateFormat.Kind] = [.styles(date: .short, time: .none), .styles(date: .medium, time: .none),
                                        .styles(date: .long, time: .none), .styles(date: .full, time: .none),
                                        .styles(date: .none, time: .short), .styles(date: .none, time: .medium),
                                        .styles(date: .short, time: .short), .skeleton("MMMMd"), .skeleton("yMMMEd"),
                                        .skeleton("jm"), .skeleton("Hms"), .skeleton("EEEE"), .pattern("y-MM-dd HH:mm")]
        let moments = FastPathChecks.moments(days: 400, random: 200, seed: 78)
        let report = FastPathChecks.dates(locales: ["en", "ko", "ru", "ar", "fa", "hi", "ja", "de", "pl", "he"], kinds: kinds,
                                          timeZones: ["UTC", "America/New_York", "Asia/Seoul", "Australia/Lord_Howe"],
                                          moments: moments)
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(report.fast * 2 > report.checked, "\(report)")
    }

    @Test func wholeMessagesThroughEveryFastPath() {
        let patterns: [(named: String, numbered: String, names: [String])] = [
            ("{n, plural, zero {# z} one {# o} two {# t} few {# f} many {# m} other {# x}}",
             "{0, plural, zero {# z} one {# o} two {# t} few {# f} many {# m} other {# x}}", ["n"]),
            ("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
             "{0, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", ["n"]),
            ("{n, plural, offset:1 =0 {none} one {# and one} other {# more}}",
             "{0, plural, offset:1 =0 {none} one {# and one} other {# more}}", ["n"]),
            ("{n, number} / {n, number, percent} / {n, number, ::group-off}", "{0, number} / {0, number, percent} / {0, number, ::group-off}", ["n"]),
            ("{n, number, ::measure-unit/duration-second unit-width-full-name}",
             "{0, number, ::measure-unit/duration-second unit-width-full-name}", ["n"]),
            ("{n, spellout} {n, ordinal} {n, duration}", "{0, spellout} {0, ordinal} {0, duration}", ["n"]),
            ("{d, date, ::MMMMd} {d, date, full} {d, time, short}", "{0, date, ::MMMMd} {0, date, full} {0, time, short}", ["d"]),
        ]
        // umsg reads numbers as doubles, so ICU takes its double paths here, Speakable its
        // integer paths for `.int`. They agree up to 2^31: beyond, RBNF's plural texts cut the
        // quotient to 32 bits differently on the two paths (the number-format sweep compares
        // both paths with ICU directly), so larger integers go in as the doubles umsg sees.
        var values: [[MessageArgument]] = []
        for n in FastPathChecks.integers(dense: 120, random: 80, seed: 90) {
            values.append([n.magnitude < 1 << 31 ? .int(n) : .double(Double(n))])
        }
        for n in [0.0, 1, 2.5, -3, 1_000_000] { values.append([.double(n)]) }
        var dated: [[MessageArgument]] = []
        for d in FastPathChecks.moments(days: 120, random: 40, seed: 91) { dated.append([.date(d)]) }
        var report = FastPathChecks.messages(locales: ["en", "ko", "ru", "ar", "fr", "pl"], patterns: Array(patterns.dropLast()), values: values)
        let dates = FastPathChecks.messages(locales: ["en", "ko", "ru", "ar", "fr", "pl"], patterns: [patterns.last!], values: dated)
        #expect(report.mismatches.isEmpty, "\(report)")
        #expect(dates.mismatches.isEmpty, "\(dates)")
        report = dates
        #expect(report.checked > 900)
    }
}
