import ICUOracle
import SeededRandom
import Testing
@testable import SpeakableICU

/// The wrapper is tested against ICU itself: each expectation is produced by ICU's own
/// MessageFormat (the oracle) or by a second ICU path, never typed in by hand, except where a
/// phrase is stable across CLDR versions and quoted as such.
@Suite struct PluralRulesTests {
    @Test(arguments: ["en", "ru", "pl", "ar", "cy", "ko", "ja", "he", "lt", "fr"])
    func cardinalCategoriesMatchTheOracle(_ tag: String) throws {
        let locale = try ICULocale(tag)
        let rules = try PluralRules(locale: locale, kind: .cardinal)
        // The oracle prints the keyword ICU selects for each number.
        let keywords = PluralCategory.allCases.map { "\($0.rawValue){\($0.rawValue)}" }.joined(separator: " ")
        let oracle = try ICUMessageFormat(pattern: "{0,plural,\(keywords)}", locale: locale.identifier)
        for n in [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 14, 21, 22, 25, 100, 101, 255, 256, 1000, 1_000_000] {
            let expected = try oracle.format([.double(Double(n))]).get()
            #expect(rules.category(forInteger: Int64(n)).rawValue == expected, "\(tag) \(n)")
            #expect(rules.category(for: Double(n)).rawValue == expected, "\(tag) \(n) as double")
        }
        for x in [0.5, 1.5, 2.25, -1.0, -3.0] {
            let expected = try oracle.format([.double(x)]).get()
            #expect(rules.category(for: x).rawValue == expected, "\(tag) \(x)")
        }
    }

    @Test func koreanHasOnlyOther() throws {
        let rules = try PluralRules.cached(for: ICULocale("ko"), kind: .cardinal)
        #expect(rules.categories == [.other])
    }

    @Test func keywordsFollowCLDROrder() throws {
        #expect(try PluralRules(locale: ICULocale("ru"), kind: .cardinal).categories == [.one, .few, .many, .other])
        #expect(try PluralRules(locale: ICULocale("en"), kind: .ordinal).categories == [.one, .two, .few, .other])
    }

    @Test func ordinalMatchesTheOracle() throws {
        let rules = try PluralRules(locale: .english, kind: .ordinal)
        let oracle = try ICUMessageFormat(pattern: "{0,selectordinal,one{one} two{two} few{few} other{other}}", locale: "en")
        for n in 0...130 {
            #expect(rules.category(forInteger: Int64(n)).rawValue == (try oracle.format([.double(Double(n))]).get()))
        }
    }

    @Test func selectionOnTheFormattedNumber() throws {
        let en = PluralCategory.one
        let rules = try PluralRules(locale: .english, kind: .cardinal)
        // "1.0" is plural in English; a plain 1 is singular.
        let oneDecimal = try NumberFormat(.pattern("0.0"), locale: .english)
        #expect(try rules.category(for: 1, formattedWith: oneDecimal) == .other)
        #expect(rules.category(for: 1) == en)
        let twoPlaces = try SkeletonNumberFormatter(skeleton: ".00", locale: .english)
        #expect(try rules.category(for: 1 as Int64, formattedWith: twoPlaces) == .other)
        let rounding = try SkeletonNumberFormatter(skeleton: "precision-integer", locale: .english)
        #expect(try rules.category(for: 1.2, formattedWith: rounding) == .one)
    }

    @Test func hugeIntegersSelectExactly() throws {
        // 2^53 + 1 is not a double; Russian selects on its last digit.
        let rules = try PluralRules(locale: ICULocale("ru"), kind: .cardinal)
        #expect(rules.category(forInteger: 9_007_199_254_740_991) == .one)   // ends in 1
        #expect(rules.category(forInteger: 9_007_199_254_740_993) == .few)   // ends in 3
        #expect(rules.category(forInteger: 9_007_199_254_740_995) == .many)  // ends in 5
    }
}

@Suite struct NumberFormatTests {
    static let locales = ["en", "ko", "ja", "ar", "ar-EG", "fa", "hi", "bn", "mr", "de", "fr", "es", "pl", "ru",
                          "he", "th", "my", "en-IN", "de-CH", "pt-PT", "ne", "sv", "nb", "cy", "lt"]

    @Test(arguments: locales)
    func integerFastPathMatchesICU(_ tag: String) throws {
        let locale = try ICULocale(tag)
        for style in [NumberFormat.Style.decimal, .integer] {
            let format = try NumberFormat(style, locale: locale)
            #expect(format.hasIntegerFastPath, "\(tag) \(style)")  // derives it now
            var values: [Int64] = [0, 7, 10, 999, 1000, 1234, 9180, 10_000, 12_345, 99_999, 100_000, 1_234_567,
                                   12_345_678, 123_456_789_012, Int64.max, Int64.min, -1, -1234, -9_876_543]
            var random = SplitMix(seed: 1)
            for _ in 0..<300 {
                let x = random.next()
                values.append(Int64(bitPattern: x) >> Int64(x % 60))
            }
            for value in values {
                #expect(try format.format(value) == format.formatWithICU(value), "\(tag) \(style) \(value)")
                let d = Double(value)
                #expect(try format.format(d) == format.formatWithICU(d), "\(tag) \(style) \(d)")
            }
        }
    }

    /// The decimal fast path is derived only after 2,048 integers went to ICU (or when asked for),
    /// and the text is ICU's before, at and after the switch.
    @Test(arguments: ["en", "ar", "hi", "pl"])
    func integerFastPathIsDerivedLazily(_ tag: String) throws {
        let format = try NumberFormat(.decimal, locale: ICULocale(tag))
        var random = SplitMix(seed: 2)
        for i in 0..<2_100 {
            let x = random.next()
            let value = Int64(bitPattern: x) >> Int64(x % 62)
            #expect(format.integerFastPathIsDerived == (i >= 2_048), "\(tag) after \(i) integers")
            let text = try format.format(value)
            #expect(try format.formatWithICU(value) == text, "\(tag) \(value)")
            if i == 2_047 { #expect(format.integerFastPathIsDerived, "\(tag): derived at the 2,048th integer") }
        }
        let spared = try NumberFormat(.decimal, locale: ICULocale(tag))
        _ = try spared.format(Int64(1_234))
        #expect(!spared.integerFastPathIsDerived)
        #expect(spared.hasIntegerFastPath && spared.integerFastPathIsDerived, "asking derives it")
    }

    @Test func fastPathExistsWhereExpected() throws {
        for tag in ["en", "ko", "ar", "hi", "de", "fr", "pl", "es"] {
            #expect(try NumberFormat(.decimal, locale: ICULocale(tag)).hasIntegerFastPath, "\(tag)")
        }
    }

    @Test func negativeZeroAndFractionsGoToICU() throws {
        let format = try NumberFormat(.decimal, locale: .english)
        #expect(try format.format(-0.0) == format.formatWithICU(-0.0))
        #expect(try format.format(3.14159) == format.formatWithICU(3.14159))
        let integer = try NumberFormat(.integer, locale: .english)
        #expect(try integer.format(2.5) == integer.formatWithICU(2.5))
    }

    @Test func stylesMatchTheOracle() throws {
        let cases: [(NumberFormat.Style, String)] = [
            (.decimal, "{0,number}"), (.integer, "{0,number,integer}"), (.percent, "{0,number,percent}"),
            (.currency, "{0,number,currency}"), (.pattern("#,##0.00"), "{0,number,#,##0.00}"),
            (.spellout(ruleSet: ""), "{0,spellout}"), (.ordinal(ruleSet: ""), "{0,ordinal}"),
            (.duration(ruleSet: ""), "{0,duration}"), (.duration(ruleSet: "%with-words"), "{0,duration,%with-words}"),
            (.spellout(ruleSet: "%BOGUS"), "{0,spellout,%BOGUS}"),
        ]
        for tag in ["en_US", "ko", "de", "ar"] {
            let locale = try ICULocale(tag)
            for (style, pattern) in cases {
                let format = try NumberFormat(style, locale: locale)
                let oracle = try ICUMessageFormat(pattern: pattern, locale: locale.identifier)
                for value in [0.0, 1, 2, 12, 123.456, 1001, -17, 4530, 123_456] {
                    let arg: OracleArgument = style == .integer ? .int32(Int32(value)) : .double(value)
                    let expected = try oracle.format([arg]).get()
                    if style == .integer {
                        #expect(try format.format(Int64(value)) == expected, "\(tag) \(pattern) \(value)")
                    } else {
                        #expect(try format.format(value) == expected, "\(tag) \(pattern) \(value)")
                    }
                }
            }
        }
    }

    @Test func badPatternReportsWhere() throws {
        #expect(throws: ICUError.self) { try NumberFormat(.pattern("#,##0.0.0"), locale: .english) }
    }

    @Test func koreanSpellout() throws {
        // ICU 72's ko spellout reads these numbers so.
        let spellout = try NumberFormat(.spellout(ruleSet: ""), locale: ICULocale("ko"))
        #expect(try spellout.format(3 as Int64) == "삼")
        #expect(try spellout.format(4530 as Int64) == "사천오백삼십")
    }
}

@Suite struct SkeletonTests {
    @Test func skeletonsMatchTheOracle() throws {
        let skeletons = ["percent", "currency/EUR", "measure-unit/duration-second unit-width-full-name",
                         "compact-short", ".00", "precision-integer", "group-min2", "sign-always"]
        for tag in ["en", "ko", "ja", "fr", "ar"] {
            let locale = try ICULocale(tag)
            for skeleton in skeletons {
                let formatter = try SkeletonNumberFormatter(skeleton: skeleton, locale: locale)
                let oracle = try ICUMessageFormat(pattern: "{0,number,::\(skeleton)}", locale: locale.identifier)
                for value in [0.0, 1, 26, 1234.5, -42, 1_000_000] {
                    #expect(try formatter.format(value) == oracle.format([.double(value)]).get(), "\(tag) \(skeleton) \(value)")
                }
            }
        }
    }

    /// The affix fast path must print exactly what ICU prints, for every value it covers.
    @Test(arguments: ["en", "ko", "ru", "fr", "de", "pl", "cy", "ja", "hi", "ar", "lt", "ga"])
    func integerFastPathMatchesICU(_ tag: String) throws {
        let locale = try ICULocale(tag)
        let skeletons = ["measure-unit/duration-second unit-width-full-name", "measure-unit/duration-minute unit-width-short",
                         "measure-unit/length-meter unit-width-full-name", "percent", "currency/EUR", ".00",
                         "precision-integer", "sign-always", "compact-short", "group-off", "measure-unit/mass-kilogram"]
        var fast = 0
        for skeleton in skeletons {
            let formatter = try SkeletonNumberFormatter(skeleton: skeleton, locale: locale)
            let oracle = try ICUMessageFormat(pattern: "{0,number,::\(skeleton)}", locale: locale.identifier)
            var values = Array(Int64(0)...2_100)
            values += [9_999, 10_000, 21_001, 100_000, 1_000_000, 2_000_000, 1_234_567, 999_999_999_999_999, 1_000_000_000_000_000, -1, -21]
            for value in values {
                let ours = withUnsafeTemporaryAllocation(byteCount: 256, alignment: 8) { raw in
                    formatter.writeFastPath(.int(value), into: raw).map { String(decoding: UnsafeRawBufferPointer(rebasing: raw[..<$0]), as: UTF8.self) }
                }
                guard let ours else { continue }
                fast += 1
                let expected = try oracle.format([.double(Double(value))]).get()
                #expect(ours == expected, "\(tag) \(skeleton) \(value)")
                if ours != expected { break }
            }
        }
        #expect(fast > 0)
    }

    @Test func badSkeletonThrowsWithOffset() {
        do {
            _ = try SkeletonNumberFormatter(skeleton: "percent badtoken", locale: .english)
            Issue.record("expected a failure")
        } catch {
            #expect(error.name == "U_NUMBER_SKELETON_SYNTAX_ERROR")
            #expect(error.parseOffset != nil)
        }
    }
}

@Suite struct DateListGraphemeTests {
    @Test func datesMatchTheOracle() throws {
        ICUMessageFormat.setDefaultTimeZone("UTC")
        let moment: ICUDate = 1_756_166_400_000  // 2025-08-26T00:00:00Z
        let cases: [(DateFormat.Kind, String)] = [
            (.skeleton("MMMMd"), "{0,date,::MMMMd}"), (.styles(date: .medium, time: .none), "{0,date}"),
            (.styles(date: .full, time: .none), "{0,date,full}"), (.styles(date: .none, time: .short), "{0,time,short}"),
            (.pattern("y-MM-dd"), "{0,date,y-MM-dd}"),
        ]
        for tag in ["en", "ko", "ja", "ar"] {
            let locale = try ICULocale(tag)
            for (kind, pattern) in cases {
                let format = try DateFormat(kind, locale: locale, timeZone: .utc)
                let oracle = try ICUMessageFormat(pattern: pattern, locale: locale.identifier)
                #expect(try format.format(moment) == oracle.format([.date(moment)]).get(), "\(tag) \(pattern)")
            }
        }
        let day = try DateFormat.cached(.skeleton("MMMMd"), locale: .english, timeZone: .utc)
        #expect(try day.format(moment) == "August 26")
    }

    @Test func timeZonesAreChecked() {
        #expect(throws: ICUError.self) { try ICUTimeZone("Mars/Olympus_Mons") }
        #expect((try? ICUTimeZone("Asia/Seoul")) != nil)
    }

    @Test func lists() throws {
        let and = try ListFormatter(locale: .english)
        #expect(try and.format(["row 3", "row 4", "column 5"]) == "row 3, row 4, and column 5")
        #expect(try and.format([]) == "")
        #expect(try and.format(["one"]) == "one")
        let or = try ListFormatter(locale: .english, kind: .or)
        #expect(try or.format(["a", "b"]) == "a or b")
        let ko = try ListFormatter(locale: ICULocale("ko"))
        #expect(try ko.format(["3행", "4행", "5열"]) == "3행, 4행 및 5열")
    }

    @Test func graphemes() {
        #expect(GraphemeClusters.count("") == 0)
        #expect(GraphemeClusters.count("Row 3") == 5)
        #expect(GraphemeClusters.count("빈칸") == 2)
        #expect(GraphemeClusters.count("👍🏽") == 1)
        #expect(GraphemeClusters.count("e\u{301}") == 1)
        #expect(GraphemeClusters.count("\u{1100}\u{1161}\u{11A8}") == 1)  // conjoining jamo
    }

    @Test func locales() throws {
        let sr = try ICULocale("sr-Latn")
        #expect(sr.identifier == "sr_Latn")
        #expect(sr.languageTag == "sr-Latn")
        #expect(try ICULocale("en_US").languageTag == "en-US")
        #expect(throws: ICUError.self) { try ICULocale("not a tag!") }
        #expect(try ICULocale("he").isRightToLeft)
    }

    @Test func cacheReturnsTheSameInstance() throws {
        let a = try NumberFormat.cached(.decimal, locale: .english)
        let b = try NumberFormat.cached(.decimal, locale: .english)
        #expect(a === b)
    }
}

/// The Unicode properties the checker's joiner judgement reads, as ICU 72 has them.
@Suite struct UnicodePropertyTests {
    @Test func joinerNeighbours() {
        // Extended_Pictographic: emoji pictographs, not keycap bases or skin tones.
        #expect(UnicodeProperties.isExtendedPictographic("\u{1F469}"))       // 👩
        #expect(UnicodeProperties.isExtendedPictographic("\u{1F308}"))       // 🌈
        #expect(!UnicodeProperties.isExtendedPictographic("1"))
        #expect(!UnicodeProperties.isExtendedPictographic("\u{1F3FD}"))      // a skin tone
        // Indic_Syllabic_Category: Brahmic letters and signs; not Latin, Arabic or Hangul.
        #expect(UnicodeProperties.hasIndicSyllabicCategory("\u{0D28}"))     // ന MALAYALAM LETTER NA
        #expect(UnicodeProperties.hasIndicSyllabicCategory("\u{0DBB}"))     // ර SINHALA LETTER RAYANNA
        #expect(UnicodeProperties.hasIndicSyllabicCategory("\u{094D}"))     // ् DEVANAGARI SIGN VIRAMA
        #expect(!UnicodeProperties.hasIndicSyllabicCategory("a"))
        #expect(!UnicodeProperties.hasIndicSyllabicCategory("\u{06CC}"))    // ی
        #expect(!UnicodeProperties.hasIndicSyllabicCategory("\u{AC00}"))    // 가
        // Joining_Type: Arabic-script letters join (dual or right); Latin and the hamza do not.
        #expect(UnicodeProperties.isCursiveJoining("\u{06CC}"))             // ی dual-joining
        #expect(UnicodeProperties.isCursiveJoining("\u{0631}"))             // ر right-joining
        #expect(!UnicodeProperties.isCursiveJoining("\u{0621}"))            // ء non-joining
        #expect(!UnicodeProperties.isCursiveJoining("a"))
    }
}
