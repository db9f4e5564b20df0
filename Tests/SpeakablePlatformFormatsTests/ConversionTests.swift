import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats
import Testing

private func body(_ source: String) throws -> MessageBody { try MessagePattern(source).body }
private let en = ICULocale.english
private func locale(_ tag: String) -> ICULocale { try! ICULocale(tag) }
private func ints(_ names: String...) -> [CatalogArgument] { names.map { CatalogArgument(name: $0, kind: .integer) } }

@Suite struct ExportConversionTests {
    @Test func onePluralWithOneArgumentBecomesPluralVariations() throws {
        let stars = try body("{stars, plural, =0 {No stars} one {# star} other {# stars}}")
        #expect(try PlatformConversion.value(of: stars, platform: .apple, locale: en, arguments: ints("stars"))
                == .plural([.init(category: "zero", text: "No stars"), .init(category: "one", text: "%lld star"),
                            .init(category: "other", text: "%lld stars")]))
        // English has no zero category and Android no exact matches.
        #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.value(of: stars, platform: .android, locale: en, arguments: ints("stars"))
        }
        // Arabic's zero category is exactly {0}: Android can say it.
        #expect(try PlatformConversion.value(of: stars, platform: .android, locale: locale("ar"), arguments: ints("stars"))
                == .plural(["zero": "No stars", "one": "%1$,d star", "two": "%1$,d stars", "few": "%1$,d stars",
                            "many": "%1$,d stars", "other": "%1$,d stars"].sorted { order($0.key) < order($1.key) }
                    .map { CatalogPluralForm(category: $0.key, text: $0.value) }))
    }

    private func order(_ c: String) -> Int { ["zero", "one", "two", "few", "many", "other"].firstIndex(of: c)! }

    @Test func onlyTheLocalesCategoriesAreWritten() throws {
        let stars = try body("별 {n, plural, one {# 개} other {# 개}}")
        // Korean has only `other`; text around the plural goes into each Android quantity.
        #expect(try PlatformConversion.value(of: stars, platform: .android, locale: locale("ko"), arguments: ints("n"))
                == .plural([.init(category: "other", text: "별 %1$,d 개")]))
        let russian = try PlatformConversion.value(of: try body("{n, plural, one {# звезда} other {# звёзд}}"), platform: .android,
                                              locale: locale("ru"), arguments: ints("n"))
        // Russian uses one, few, many, other: few and many come from `other`.
        #expect(russian == .plural([.init(category: "one", text: "%1$,d звезда"), .init(category: "few", text: "%1$,d звёзд"),
                                    .init(category: "many", text: "%1$,d звёзд"), .init(category: "other", text: "%1$,d звёзд")]))
    }

    @Test func exactOneIsOneWhereOneHoldsOnlyOne() throws {
        let message = try body("{n, plural, =1 {a single star} other {# stars}}")
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: en, arguments: ints("n"))
                == .plural([.init(category: "one", text: "a single star"), .init(category: "other", text: "%1$,d stars")]))
        // French `one` holds 0 and 1: =1 has no equivalent.
        #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.value(of: message, platform: .apple, locale: locale("fr"), arguments: ints("n"))
        }
    }

    @Test func pluralInsideTextBecomesASubstitution() throws {
        let message = try body("Level {level}, {stars, plural, one {# star} other {# stars}} of 3, 100%")
        let args = ints("level", "stars")
        let apple = try PlatformConversion.value(of: message, platform: .apple, locale: en, arguments: args)
        #expect(apple == .substitutions(format: "Level %1$lld, %2$#@stars@ of 3, 100%%", [
            CatalogSubstitution(name: "stars", argumentNumber: 2, formatSpecifier: "lld",
                                forms: [.init(category: "one", text: "%arg star"), .init(category: "other", text: "%arg stars")]),
        ]))
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: en, arguments: args)
                == .plural([.init(category: "one", text: "Level %1$,d, %2$,d star of 3, 100%%"),
                            .init(category: "other", text: "Level %1$,d, %2$,d stars of 3, 100%%")]))
    }

    @Test func twoPluralsOnDifferentNumbersAreSubstitutionsOnAppleAndAnErrorOnAndroid() throws {
        let message = try body("{a, plural, one {# line} other {# lines}} and {b, plural, one {# combo} other {# combos}}")
        let apple = try PlatformConversion.value(of: message, platform: .apple, locale: en, arguments: ints("a", "b"))
        guard case .substitutions(let format, let subs) = apple else {
            Issue.record("expected substitutions")
            return
        }
        #expect(format == "%1$#@a@ and %2$#@b@")
        #expect(subs.map(\.argumentNumber) == [1, 2])
        let error = #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.value(of: message, platform: .android, locale: en, arguments: ints("a", "b"))
        }
        #expect(error?.id == "catalog-several-plurals")
    }

    @Test(arguments: [
        ("{n, selectordinal, one {#st} other {#th}}", "catalog-selectordinal"),
        ("{n, plural, offset:1 one {x} other {#}}", "catalog-offset"),
        ("{n, spellout}", "catalog-rule-based-number"),
        ("{n, choice, 0#none|1#some}", "catalog-choice"),
        ("{n, plural, one {{m, plural, one {a} other {b}}} other {c}}", "catalog-nested-plural"),
        ("{g, select, a {x} other {y}}", "catalog-select-left"),
    ])
    func whatCatalogsCannotSayIsAnErrorWithItsPlace(source: String, id: String) throws {
        let message = try body(source)
        let error = #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.value(of: message, platform: .apple, locale: en, arguments: ints("n", "m", "g"))
        }
        #expect(error?.id == id)
        #expect(error?.range != nil)
    }

    @Test func argumentsAreTypedAndPositioned() throws {
        let message = try body("{name} has {count, number} coins on {day, date, ::MMMMd}")
        let args = [CatalogArgument(name: "name", kind: .text), CatalogArgument(name: "count", kind: .integer),
                    CatalogArgument(name: "day", kind: .date)]
        #expect(try PlatformConversion.value(of: message, platform: .apple, locale: en, arguments: args)
                == .text("%1$@ has %2$lld coins on %3$@"))
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: en, arguments: args)
                == .text("%1$s has %2$,d coins on %3$s"))
        // A translation may reorder; positions stay the template's.
        let korean = try body("{day, date, ::MMMMd}에 {name}의 코인 {count, number}개")
        #expect(try PlatformConversion.value(of: korean, platform: .apple, locale: locale("ko"), arguments: args)
                == .text("%3$@에 %1$@의 코인 %2$lld개"))
        // No arguments: `%` stays as it is; one argument: no position.
        #expect(try PlatformConversion.value(of: try body("100% sure"), platform: .apple, locale: en, arguments: []) == .text("100% sure"))
        #expect(try PlatformConversion.value(of: try body("{n} at 100%"), platform: .apple, locale: en,
                                        arguments: [CatalogArgument(name: "n", kind: .text)]) == .text("%@ at 100%%"))
        // An argument the template does not have is an error, not a wrong position.
        #expect(throws: CatalogConversionError.self) {
            try PlatformConversion.value(of: try body("{other}"), platform: .apple, locale: en, arguments: args)
        }
    }

    @Test func androidPassesOnlyPrintedArguments() throws {
        let message = try body("{count, plural, one {1 day} other {{number} days}}")
        #expect(PlatformConversion.formatArguments(of: message, platform: .apple) == ["count", "number"])
        #expect(PlatformConversion.formatArguments(of: message, platform: .android) == ["number"])
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: en,
                                        arguments: [CatalogArgument(name: "number", kind: .text)])
                == .plural([.init(category: "one", text: "1 day"), .init(category: "other", text: "%1$s days")]))
    }

    @Test func selectsExpandIntoOneKeyPerCase() throws {
        let pattern = try MessagePattern(
            "Row {row}, {content, select, empty {empty} given {given {digit}} other {{digit}}}{mode, select, hard {, hard} other {}}")
        let combinations = SelectExpansion.combinations(of: pattern.body)
        #expect(combinations.map { SelectExpansion.key("cell", $0) } == [
            "cell__content_empty__mode_hard", "cell__content_empty__mode_other", "cell__content_given__mode_hard",
            "cell__content_given__mode_other", "cell__content_other__mode_hard", "cell__content_other__mode_other",
        ])
        let pruned = SelectExpansion.prune(pattern.body, choosing: combinations[2])
        let args = [CatalogArgument(name: "row", kind: .integer), CatalogArgument(name: "digit", kind: .integer)]
        #expect(try PlatformConversion.value(of: pruned, platform: .apple, locale: en, arguments: args)
                == .text("Row %1$lld, given %2$lld, hard"))
        // A case a translation lacks falls back to its `other`, as ICU would.
        let korean = try MessagePattern("{row}행, {content, select, empty {빈칸} other {{digit}}}")
        let given = SelectExpansion.prune(korean.body, choosing: [.init(argument: "content", value: "given")])
        #expect(try PlatformConversion.value(of: given, platform: .apple, locale: locale("ko"), arguments: args) == .text("%1$lld행, %2$lld"))
    }
}

@Suite struct ICUTextTests {
    @Test(arguments: ["plain", "Don't", "it's {not} an argument", "'{'", "''", "'", "# hash", "a}b{c", "end'", "''{", "|pipe|"])
    func escapedTextParsesBackToTheSameText(text: String) throws {
        for inPlural in [false, true] {
            let escaped = ICUText.escape(text, inPlural: inPlural)
            let source = inPlural ? "{n, plural, other {\(escaped)}}" : escaped + "{x}"
            let parsed = try MessagePattern(source)
            var literal = ""
            func collect(_ body: MessageBody) {
                for part in body.parts {
                    switch part {
                    case .text(let t, _): literal += t
                    case .argument(let a): if case .plural(let p) = a.kind { p.cases.forEach { collect($0.message) } }
                    case .pound: literal += "<#>"
                    }
                }
            }
            collect(parsed.body)
            #expect(literal == text, "escaped as \(escaped)")
        }
    }
}

@Suite struct ImportConversionTests {
    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func pluralVariationsBecomeICUPlurals() throws {
        let catalog = try #require(XCStringsReader.read(try testCatalog("CotEditor_CommandBar.xcstrings"), file: "c").catalog)
        func icu(_ tag: String) throws -> String {
            let message = try #require(catalog.messages.first { $0.key == "%lld commands found" && $0.locale == tag })
            return try CatalogImport.icuMessage(from: message, dialect: .apple, locale: locale(tag)).icu
        }
        // Forms read off the file; Apple's `zero` is `=0` (no CLDR zero in cs, ko or en).
        #expect(try icu("cs") == "{arg1, plural, =0 {Nebyly nalezeny žádné příkazy} one {Nalezen # příkaz} few {Nalezeny # příkazy} many {Nalezeno # příkazu} other {Nalezeno # příkazů}}")
        #expect(try icu("ko") == "{arg1, plural, =0 {명령을 찾지 못함} other {#개의 명령을 찾음}}")
        #expect(try icu("en") == "{arg1, plural, =0 {No commands found} one {# command found} other {# commands found}}")
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func substitutionsBecomePluralsOnTheirArguments() throws {
        let message = try #require(XCStringsReader.read(try testCatalog("xcstrings-tool_Substitution.xcstrings"), file: "s").catalog?.messages.first)
        let imported = try CatalogImport.icuMessage(from: message, dialect: .apple, locale: en)
        #expect(imported.icu == "{arg1}! There {total_strings, plural, one {is # string} other {are # strings}} and you have {remaining_strings, plural, other {#}} remaining")
        #expect(imported.arguments == [1: "arg1", 2: "total_strings", 3: "remaining_strings"])
        #expect(imported.specifiers[2] == "%lld")
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func xcodeXLIFFUnitsAreGroupedByKey() throws {
        let document = try #require(XLIFFReader.read(try testCatalog("moz-l10n_xcode26-xcstrings.xliff"), file: "x.xliff").document)
        #expect(document.version == "1.2")
        #expect(document.targetLanguage == "fi")
        let groups = document.xcodeMessages(useTarget: false, file: "x.xliff")
        let messages = groups.flatMap(\.messages)
        #expect(messages.map(\.key) == ["Hello, world!", "interpolation_key", "string_variant_per_device", "one_substitution"])
        func icu(_ key: String) throws -> ImportedMessage {
            try CatalogImport.icuMessage(from: try #require(messages.first { $0.key == key }), dialect: .apple, locale: en)
        }
        #expect(try icu("interpolation_key").icu == "{arg1, plural, one {There is # thing.} other {There are # things.}}")
        #expect(try icu("one_substitution").icu == "This {arg1} has {strings, plural, one {# string} other {# strings}}.")
        let device = try icu("string_variant_per_device")
        #expect(device.icu == "This is the string variant for other devices")
        #expect(device.notes == ["device variations ipad, iphone are not imported (the 'other' text is)"])
        #expect(messages.first { $0.key == "interpolation_key" }?.comment == "mind the pluralization")
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func androidPluralsAndPlaceholdersBecomeNamedArguments() throws {
        let file = try #require(AndroidResourceReader.read(try testCatalog("DeskClock_values_strings.xml"), file: "values/strings.xml").file)
        let messages = file.messages(defaultLocale: "en")
        func icu(_ key: String) throws -> String {
            let message = try #require(messages.first { $0.key == key && $0.forms.first?.path != "" } ?? messages.first { $0.key == key })
            return try CatalogImport.icuMessage(from: message, dialect: .java, locale: en, names: message.argumentNames).icu
        }
        // Java's %d does not group: the ICU message says so (ICU's `#` would print "1,000").
        #expect(try icu("alarm_alert_snooze_set")
                == "{minutes, plural, one {Snoozing for 1 minute.} other {Snoozing for {minutes, number, ::group-off} minutes.}}")
        // DeskClock's "1:03:44": %02d pads to two digits.
        #expect(try icu("hours_minutes_seconds")
                == "{hours, number, ::group-off}:{minutes, number, ::integer-width/*00 group-off}:{seconds, number, ::integer-width/*00 group-off}")
        // `%s` prints a formatted number that is not the quantity.
        #expect(try icu("days") == "{count, plural, one {1 day} other {{number} days}}")
        #expect(try icu("timer_notifications_minutes_seconds") == "{MINUTES} {SECONDS} {REMAINING}")
        #expect(try icu("alarm_missed_text") == "{alarm_time} - {alarm_label}")
    }

    @Test func literalBracesQuotesAndPercentsSurvive() throws {
        let message = PlatformMessage(key: "k", keyPosition: .init(line: 1, column: 1), locale: "en", file: "f",
                                      forms: [PlatformForm(path: "", value: "It's {%@}: 100%% # done", position: .init(line: 1, column: 1))])
        let imported = try CatalogImport.icuMessage(from: message, dialect: .apple, locale: en)
        #expect(imported.icu == "It's '{'{arg1}'}': 100% # done")
        let back = try PlatformConversion.value(of: try MessagePattern(imported.icu).body, platform: .apple, locale: en,
                                           arguments: [CatalogArgument(name: "arg1", kind: .text)])
        #expect(back == .text("It's {%@}: 100%% # done"))
    }
}

/// Text alone is written as it is on both platforms, with or without arguments the app passes;
/// what a platform changes in text (a `%` in a format, Korean particle notation) still is.
@Suite struct PlainTextConversionTests {
    static let texts = ["Static label", "It's \"quoted\" (here)", "한국어 라벨", "a}b{c", "é\u{301} 🇰🇷", ""]

    @Test(arguments: texts)
    func textAloneIsTheValueOnBothPlatforms(text: String) throws {
        let message = try MessagePattern(ICUText.escape(text)).body
        for platform in [CatalogPlatform.apple, .android] {
            for arguments in [[], ints("count")] {
                let conversion = try PlatformConversion.convert(message, platform: platform, locale: en, arguments: arguments, layout: CatalogLayout())
                #expect(conversion.resources.map(\.role) == [.message])
                #expect(conversion.resources.first?.value == .text(text))
                #expect(conversion.openParticles.isEmpty)
            }
        }
    }

    @Test func percentIsDoubledOnlyInAFormat() throws {
        let message = try body("100% sure")
        #expect(try PlatformConversion.value(of: message, platform: .apple, locale: en, arguments: []) == .text("100% sure"))
        #expect(try PlatformConversion.value(of: message, platform: .apple, locale: en, arguments: ints("count")) == .text("100%% sure"))
        #expect(try PlatformConversion.value(of: message, platform: .android, locale: en, arguments: ints("count")) == .text("100%% sure"))
    }

    @Test func koreanNotationInTextIsResolved() throws {
        let message = try body("위을(를) 향한 사과이(가) 있음")
        for platform in [CatalogPlatform.apple, .android] {
            #expect(try PlatformConversion.value(of: message, platform: platform, locale: locale("ko"), arguments: []) == .text("위를 향한 사과가 있음"))
        }
        // Not Korean: the parentheses are text.
        #expect(try PlatformConversion.value(of: message, platform: .apple, locale: en, arguments: []) == .text("위을(를) 향한 사과이(가) 있음"))
    }

    /// A message that is a plural in another locale is a `<plurals>` on Android even as text.
    @Test func textInAPluralLayoutIsAPluralOnAndroid() throws {
        var layout = CatalogLayout()
        layout.pluralArguments = ["count"]
        let conversion = try PlatformConversion.convert(try body("Lines cleared"), platform: .android, locale: en, arguments: ints("count"), layout: layout)
        #expect(conversion.resources.first?.value == .plural([CatalogPluralForm(category: "other", text: "Lines cleared")]))
    }
}
