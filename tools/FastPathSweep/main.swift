// Every fast path of the formatter against ICU itself, exhaustively:
//
//   swift run -c release FastPathSweep [--quick]
//
// * plural rules for integers, cardinal and ordinal, of every ICU locale, on 100,000 values;
// * the decimal and integer styles and the rule-based formats (spellout, ordinal, duration and
//   their common rule sets) of every ICU locale, on all of 0…10,000 and values of every size;
// * unit, currency, percent and rounding skeletons of every ICU locale;
// * date styles, skeletons and patterns of every ICU locale in five time zones, on every day of
//   eleven years and moments between 1600 and 2200;
// * whole messages through CompiledMessage against ICU's umsg.
//
// Prints how many values were compared, how many took the fast path, which formats have none
// (they call ICU), and every mismatch; exits non-zero on any mismatch. `swift test` runs a
// representative subset of the same checks (Tests/SpeakableMessagesTests/FastPathTests.swift).
import FastPathChecks
import SpeakableICU
#if canImport(Glibc)
import Glibc
#endif

let quick = CommandLine.arguments.contains("--quick")
let every = ICULocale.availableIdentifiers
let locales = quick ? Array(every.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)) : every
print("FastPathSweep: \(locales.count) of ICU \(icuVersion)'s \(every.count) locales\(quick ? " (--quick: every tenth)" : "")")

var failed = false
@MainActor func report(_ r: SweepReport) {
    print(r)
    if !r.mismatches.isEmpty { failed = true }
    fflush(nil)
}

report(FastPathChecks.pluralRules(locales: locales, values: FastPathChecks.integers(dense: 10_000, random: quick ? 10_000 : 90_000, seed: 1)))

let styles: [NumberFormat.Style] = [.decimal, .integer, .spellout(ruleSet: ""), .ordinal(ruleSet: ""), .duration(ruleSet: ""),
                                    .duration(ruleSet: "%with-words"), .spellout(ruleSet: "%spellout-ordinal"),
                                    .spellout(ruleSet: "%spellout-cardinal"), .spellout(ruleSet: "%spellout-numbering-year")]
report(FastPathChecks.numberFormats(locales: locales, styles: styles,
                                    values: FastPathChecks.integers(dense: quick ? 2_000 : 10_001, random: quick ? 1_000 : 5_000, seed: 2)))

let skeletons = ["measure-unit/duration-second unit-width-full-name", "measure-unit/duration-minute unit-width-full-name",
                 "measure-unit/duration-hour unit-width-full-name", "measure-unit/duration-second unit-width-short",
                 "measure-unit/duration-second unit-width-narrow", "group-off", "currency/EUR", "currency/USD unit-width-full-name",
                 "percent", "precision-integer", "sign-always", "measure-unit/length-meter unit-width-full-name", "compact-short"]
report(FastPathChecks.skeletons(locales: locales, skeletons: skeletons,
                                values: FastPathChecks.integers(dense: quick ? 1_000 : 3_000, random: quick ? 500 : 2_000, seed: 3)))

let kinds: [DateFormat.Kind] = [.styles(date: .short, time: .none), .styles(date: .medium, time: .none),
                                .styles(date: .long, time: .none), .styles(date: .full, time: .none),
                                .styles(date: .none, time: .short), .styles(date: .none, time: .medium),
                                .styles(date: .short, time: .short), .skeleton("MMMMd"), .skeleton("yMMMEd"), .skeleton("jm"),
                                .skeleton("Hms"), .skeleton("EEEE"), .skeleton("MMMMEEEEd"), .skeleton("yMd"),
                                .pattern("y-MM-dd HH:mm"), .pattern("d MMMM y, h:mm a")]
report(FastPathChecks.dates(locales: locales, kinds: kinds,
                            timeZones: quick ? ["UTC", "America/New_York"] : ["UTC", "America/New_York", "Asia/Seoul", "Europe/Moscow", "Australia/Lord_Howe"],
                            moments: FastPathChecks.moments(days: quick ? 400 : 4_018, random: quick ? 300 : 3_000, seed: 4)))
exit(failed ? 1 : 0)
