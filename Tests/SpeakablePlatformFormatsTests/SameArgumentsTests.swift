import SeededRandom
import SpeakableICU
import SpeakableMessages
import Testing
@testable import SpeakablePlatformFormats

/// `sameArguments` lets a compile reuse the source's format slots and grouping facts for a
/// translation: whenever it says two bodies print the same arguments, those must come out the
/// same for both, and it must say so for translations that differ in their text alone.
@Suite struct SameArgumentsTests {
    /// Argument pieces; `§` is text that differs between the two bodies of a pair.
    static let arguments = [
        "{a}", "{b}", "{a, number}", "{b, number, integer}", "{c, number, percent}", "{a, number, ::integer-width/*0000}",
        "{a, number, ::group-off}", "{c, number, ::currency/EUR}", "{a, number, ::.00}", "{d, date, short}", "{d, time}",
        "{a, spellout}", "{a, plural, one {# §} other {# §}}", "{b, plural, =0 {§} one {§ {a}} other {# § {b, number}}}",
        "{a, plural, offset:1 one {§#} other {§ #}}", "{a, selectordinal, one {#§} other {#§}}", "{s, select, x {§ {a}} other {§}}",
        "{s, select, x {{b, plural, one {#§} other {§#}}} other {§ {b}}}", "{0}", "{1, number}",
    ]
    static let words = ["", "Row ", " column ", "열 ", " 칸", "100% ", "it''s ", "'{'x'}' ", " – ", "Wiersz "]

    static func source(_ template: [Int], _ random: inout SplitMix) -> String {
        template.map { piece in
            let text = piece < 0 ? "§" : arguments[piece]
            return text.split(separator: "§", omittingEmptySubsequences: false).joined(separator: random.pick(words).replacing("'{'x'}' ", with: "x "))
        }.joined()
    }

    static func facts(_ body: MessageBody, numberTexts: [NumberText]) -> [String] {
        let kinds: [String: CatalogArgument.Kind] = ["a": .integer, "b": .integer, "c": .double, "d": .date, "s": .text, "0": .integer, "1": .double]
        let slots = PlatformConversion.formatSlots(of: body, numberTexts: numberTexts)
        let grouped = PlatformConversion.groupedIntegers(in: body, kinds: kinds, numberTexts: numberTexts)
        return slots.apple.map { "apple \($0.name) \($0.slot)" } + slots.android.map { "android \($0.name) \($0.slot)" }
            + ["decimal \(grouped.decimal)", "skeleton \(grouped.skeleton)"]
    }

    @Test func bodiesThatDifferInTextAreTheSameAndHaveTheSameFacts() throws {
        var random = SplitMix(seed: 0x5A3E_A26)
        var same = 0, different = 0
        for _ in 0..<3_000 {
            // A template: argument pieces (indices) with text (-1) between them.
            let template = (0..<(1 + random.below(4))).flatMap { _ in random.chance(60) ? [-1, random.below(Self.arguments.count)] : [random.below(Self.arguments.count)] }
            guard let a = try? MessagePattern(Self.source(template, &random)).body,
                  let b = try? MessagePattern(Self.source(template, &random)).body else { continue }
            let numberTexts = random.chance(50) ? [NumberText(name: "c", style: "percent"), NumberText(name: "a", style: "::.00")] : []
            // A choice is never the same; everything else written alike is.
            #expect(PlatformConversion.sameArguments(a, b), "\(template)")
            #expect(Self.facts(a, numberTexts: numberTexts) == Self.facts(b, numberTexts: numberTexts), "\(template)")
            // The numbers passed as text: the second body need not be read.
            let kinds: [String: CatalogArgument.Kind] = ["a": .integer, "b": .double, "c": .integer, "d": .date, "s": .text, "0": .integer, "1": .double]
            #expect(PlatformConversion.numberTexts(in: [(a, .english), (b, .english)], kinds: kinds)
                    == PlatformConversion.numberTexts(in: [(a, .english), (b, .english)], kinds: kinds, walking: [true, false]), "\(template)")
            // The same arguments with one of them replaced, or one more: when it is said to be
            // the same, the facts agree.
            var other = template
            if random.chance(50) {
                let at = random.below(other.count)
                if other[at] >= 0 { other[at] = random.below(Self.arguments.count) }
            } else if random.chance(30) {
                other.insert(random.below(Self.arguments.count), at: random.below(other.count + 1))
            }
            guard let c = try? MessagePattern(Self.source(other, &random)).body else { continue }
            if PlatformConversion.sameArguments(a, c) {
                same += 1
                #expect(Self.facts(a, numberTexts: numberTexts) == Self.facts(c, numberTexts: numberTexts), "\(template) \(other)")
            } else {
                different += 1
            }
        }
        #expect(same > 1_000 && different > 500, "same \(same), different \(different)")
    }

    /// A compile skips normalizing and laying out a translation with the source's arguments
    /// when ``PlatformConversion/argumentsLayOutAlike(_:locale:)`` says so: the translation must
    /// then be its own normalized body, and the layouts of the source with it (in any locale)
    /// those of the source alone.
    @Test func bodiesWithTheSourcesArgumentsLayOutAsTheSourceAlone() throws {
        let pieces = Self.arguments + [
            "{a, number, ::measure-unit/duration-second unit-width-full-name}", "{b, plural, =1 {§} other {§#}}",
            "{a, plural, =0 {§} =5 {§#} other {§ #}}", "{b, plural, one {§ {a, number, ::measure-unit/length-meter}} other {#§}}",
            "{s, select, x {{a, plural, =2 {§} few {§#} other {#§}}} other {§}}",
        ]
        let locales = try ["en", "ar", "ru", "ko", "ja", "pl", "he", "fr"].map { try ICULocale($0) }
        let arguments = [CatalogArgument(name: "a", kind: .integer), CatalogArgument(name: "b", kind: .integer),
                         CatalogArgument(name: "c", kind: .double), CatalogArgument(name: "d", kind: .date),
                         CatalogArgument(name: "s", kind: .text), CatalogArgument(name: "0", kind: .integer),
                         CatalogArgument(name: "1", kind: .double)]
        var random = SplitMix(seed: 0x1A_70D7)
        var alike = 0, withPlurals = 0, notAlike = 0
        for _ in 0..<3_000 {
            let template = (0..<(1 + random.below(3))).flatMap { _ in random.chance(60) ? [-1, random.below(pieces.count)] : [random.below(pieces.count)] }
            func source(_ random: inout SplitMix) -> String {
                template.map { piece in
                    let text = piece < 0 ? "§" : pieces[piece]
                    return text.split(separator: "§", omittingEmptySubsequences: false).joined(separator: random.pick(Self.words).replacing("'{'x'}' ", with: "x "))
                }.joined()
            }
            guard let a = try? MessagePattern(source(&random)).body else { continue }
            let sourceLocale = random.pick(locales)
            guard PlatformConversion.argumentsLayOutAlike(a, locale: sourceLocale) else {
                notAlike += 1
                continue
            }
            alike += 1
            if PlatformConversion.hasTopLevelPlural(a) { withPlurals += 1 }
            var bodies = [(body: a, locale: sourceLocale)]
            for _ in 0..<(1 + random.below(4)) {
                guard let b = try? MessagePattern(source(&random)).body, PlatformConversion.sameArguments(a, b) else { continue }
                let locale = random.pick(locales)
                #expect(try PlatformConversion.normalized(b, locale: locale, arguments: arguments) == b, "\(template)")
                bodies.append((b, locale))
            }
            let alone = PlatformConversion.layouts(of: [bodies[0]])
            let together = PlatformConversion.layouts(of: bodies)
            #expect(alone.apple == together.apple && alone.android == together.android,
                    "\(template) in \(bodies.map(\.locale.languageTag))")
        }
        #expect(alike > 500 && withPlurals > 200 && notAlike > 300, "alike \(alike) (\(withPlurals) with plurals), not \(notAlike)")
    }

    @Test func anOrderStyleOrCaseThatDiffersIsNotTheSame() throws {
        let pairs = [
            ("Row {a}, column {b}", "Column {b}, row {a}"), ("{a}", "{a, number}"), ("{a, number}", "{a, number, integer}"),
            ("{a, number, ::group-off}", "{a, number, ::integer-width/*0000}"), ("{a}", "{a} {a}"), ("{a}", "{b}"),
            ("{a, plural, one {#} other {#}}", "{a, plural, one {x} other {#}}"), ("{a, plural, one {#} other {#}}", "{a, plural, =1 {#} other {#}}"),
            ("{a, plural, other {#}}", "{a, plural, offset:1 other {#}}"), ("{a, plural, other {#}}", "{a, selectordinal, other {#}}"),
            ("{s, select, x {a} other {b}}", "{s, select, y {a} other {b}}"), ("{s, select, x {{a}} other {b}}", "{s, select, x {a} other {b}}"),
            ("{a, choice, 0#none|1#one}", "{a, choice, 0#none|1#one}"), ("{d, date, short}", "{d, time, short}"),
        ]
        for (a, b) in pairs {
            #expect(!PlatformConversion.sameArguments(try MessagePattern(a).body, try MessagePattern(b).body), "\(a) / \(b)")
        }
        #expect(PlatformConversion.sameArguments(try MessagePattern("Row {a}, {b, plural, one {# x} other {# y}}").body,
                                                 try MessagePattern("{a}행 — {b, plural, one {#개 z} other {#개}}!").body))
    }
}
