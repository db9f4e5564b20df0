import FoundationEssentials
import JavaFormatOracle
import SpeakableCatalog
@testable import SpeakableChecker
import SpeakableDiagnostics
import SpeakablePlatformFormats
import SpeakableSpeech
import Testing

/// Each defect the platform checks must find, planted in a platform file or a project, and each expected finding
/// named by rule id, file, line and column. Columns are found in the planted text itself
/// (``Planted/position(of:line:)``), never copied from the checker's output.
@Suite struct PlantedDefectTests {
    /// Files written to a fresh folder, checked as a platform catalog (`path`) or a project.
    struct Planted {
        let root: String
        let files: [String: String]

        init(_ files: [String: String]) throws {
            self.files = files
            self.root = try makeProject(files)
        }

        func platform(_ path: String, sourceLocale: String = "en") throws -> CheckResult {
            try checkPlatform(root + "/" + path, sourceLocale: sourceLocale, spokenSeconds: estimatedSeconds)
        }

        func project() -> CheckResult {
            checkProject(root)
        }

        /// 1-based line and column (Unicode scalars) of `needle` in line `line` of `file`.
        func position(of needle: String, in file: String, line: Int) -> SourcePosition {
            let text = files[file]!.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
            let range = text.firstRange(of: needle)!
            return SourcePosition(line: line, column: text[..<range.lowerBound].unicodeScalars.count + 1)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The finding of `rule` for `key` (and locale), which must be the only one of its kind there.
    func one(_ result: CheckResult, _ rule: Rule, key: String, locale: String? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> Finding {
        let found = result.findings.filter { $0.rule == rule.id && $0.key == key && (locale == nil || $0.locale == locale) }
        #expect(found.count == 1, "\(rule.rawValue) \(key): \(result.findings.map(\.rendered))", sourceLocation: sourceLocation)
        return try #require(found.first, sourceLocation: sourceLocation)
    }

    // MARK: Format specifiers, Android

    static let androidSource = """
    <resources>
        <string name="minutes">%s minutes</string>
        <string name="open">Open %1$s in %2$s</string>
        <string name="sale">%1$s off</string>
        <string name="again">%1$s and %2$s</string>
        <string name="count">%d items</string>
        <plurals name="seconds"><item quantity="one">1 second</item><item quantity="other">%d seconds</item></plurals>
        <string name="seconds">%d</string>
        <plurals name="days"><item quantity="one">%d day</item><item quantity="other">%d days</item></plurals>
        <string name="fine">%1$s, %2$d</string>
    </resources>
    """

    static let androidKorean = """
    <resources>
        <string name="minutes">%d분</string>
        <string name="open">%3$s에서 %1$s 열기</string>
        <string name="sale">50% 할인 %1$s</string>
        <string name="again">%&lt;s 그리고 %2$s</string>
        <string name="count">%x개</string>
        <plurals name="seconds"><item quantity="other">%d초</item></plurals>
        <string name="days">%d일</string>
        <string name="fine">%2$,d, %1$s</string>
    </resources>
    """

    @Test func androidFormatsAsJavaReadsThem() throws {
        let planted = try Planted(["res/values/strings.xml": Self.androidSource, "res/values-ko/strings.xml": Self.androidKorean])
        defer { planted.remove() }
        let result = try planted.platform("res")
        let ko = "res/values-ko/strings.xml"
        // en `%s`, ko `%d`: the app passes a String.
        let minutes = try one(result, .formatMismatch, key: "string/minutes")
        #expect(minutes.file?.hasSuffix(ko) == true && minutes.position == planted.position(of: "%d", in: ko, line: 2))
        #expect(minutes.severity == .error)
        #expect(minutes.message.contains("java.util.IllegalFormatConversionException (d != java.lang.String)"))
        // A third argument the app never passes.
        let open = try one(result, .formatMismatch, key: "string/open")
        #expect(open.position == planted.position(of: "%3$s", in: ko, line: 3))
        #expect(open.message.contains("java.util.MissingFormatArgumentException (Format specifier '%3$s')"))
        // "50% 할인": `% ` starts no specifier Java knows.
        let sale = try one(result, .formatMismatch, key: "string/sale")
        #expect(sale.position == planted.position(of: "% ", in: ko, line: 4))
        #expect(sale.message.contains("java.util.UnknownFormatConversionException (Conversion = ' ')"))
        #expect(sale.hint == "write %% for a percent sign")
        // `%<s` first: nothing before it to read again.
        let again = try one(result, .formatMismatch, key: "string/again")
        #expect(again.position == planted.position(of: "%&lt;s", in: ko, line: 5))
        #expect(again.message.contains("java.util.MissingFormatArgumentException (Format specifier '%<s')"))
        // `%x` formats the int, but as hexadecimal: another value.
        let count = try one(result, .formatMismatch, key: "string/count")
        #expect(count.position == planted.position(of: "%x", in: ko, line: 6))
        #expect(count.message.contains("as a hexadecimal instead of a decimal"))
        // Reordered, grouped: the same values.
        #expect(!result.findings.contains { $0.rule == "format-mismatch" && $0.key == "string/fine" })
        #expect(result.findings.filter { $0.rule == "format-mismatch" }.count == 5)
    }

    /// Every planted Android case run through openjdk's own `String.format` with what the
    /// app passes for the source: it throws exactly what the finding says (or, for a wrong
    /// value, formats without throwing).
    @Test(.enabled(if: JavaRunner.available || JavaRunner.required, "javac/java are not installed; the findings' Java claims are not re-run"))
    func androidFindingsAreWhatJavaDoes() throws {
        guard JavaRunner.available else {
            Issue.record("CI is set but javac/java are not installed (Debian: openjdk-17-jdk-headless)")
            return
        }
        let planted = try Planted(["res/values/strings.xml": Self.androidSource, "res/values-ko/strings.xml": Self.androidKorean])
        defer { planted.remove() }
        let input = try planted.platform("res")
        let resources = try PlatformInput.load(path: planted.root + "/res")
        let source = Dictionary(uniqueKeysWithValues: resources.tables[0].messages.map { ($0.key, $0) })
        let korean = Dictionary(uniqueKeysWithValues: resources.tables[0].locales[0].messages.map { ($0.key, $0) })
        var cases: [(format: String, arguments: String)] = []
        var expected: [String] = []
        for finding in input.findings where finding.rule == "format-mismatch" {
            let key = finding.key!
            // What the app passes: a String for %s, an Integer for %d (the oracle's codes).
            let sourceFormats = source[key]!.formats!.forms.map(\.format)
            let count = sourceFormats.map(\.argumentCount).max() ?? 0
            var codes = Array(repeating: "s", count: count)
            for format in sourceFormats {
                for spec in format.specifiers where spec.readsArgument {
                    if let n = spec.argument, n <= count, "doxX".contains(spec.conversion) { codes[n - 1] = "i" }
                }
            }
            #expect(korean[key] != nil)
            cases.append((Self.koreanValue(key), codes.joined()))
            if let range = finding.message.firstRange(of: "throws java.util.") {
                let rest = finding.message[range.upperBound...]
                let name = rest.prefix { $0 != " " }
                let detail = rest.dropFirst(name.count + 2).prefix { $0 != ")" }
                expected.append("java.util.\(name): \(detail)")
            } else {
                expected.append("ok")
            }
        }
        #expect(cases.count == 5)
        let outcomes = try JavaRunner.format(cases)
        for (index, outcome) in outcomes.enumerated() {
            #expect((outcome.hasPrefix("ok") ? "ok" : outcome) == expected[index], "String.format(\"\(cases[index].format)\", \(cases[index].arguments))")
        }
    }

    /// The decoded text of a planted Korean `<string>`.
    static func koreanValue(_ key: String) -> String {
        let name = key.dropFirst("string/".count)
        let line = androidKorean.split(separator: "\n").first { $0.contains("name=\"\(name)\">") }!
        let start = line.firstRange(of: "\">")!.upperBound
        let end = line.firstRange(of: "</string>")!.lowerBound
        return String(line[start..<end]).replacingAll("&lt;", with: "<")
    }

    // MARK: Android resource identity

    @Test func androidResourcesAreTypeAndName() throws {
        let planted = try Planted(["res/values/strings.xml": Self.androidSource, "res/values-ko/strings.xml": Self.androidKorean])
        defer { planted.remove() }
        let result = try planted.platform("res")
        let en = "res/values/strings.xml", ko = "res/values-ko/strings.xml"
        // <string name="seconds"> is not translated, <plurals name="seconds"> is.
        let seconds = try one(result, .missingTranslation, key: "string/seconds")
        #expect(seconds.file?.hasSuffix(en) == true && seconds.position == planted.position(of: "name=\"seconds\">%d", in: en, line: 8))
        #expect(!result.findings.contains { $0.key == "plurals/seconds" && $0.rule != "unused-plural-category" })
        // A <string> translating a <plurals>: aapt2 drops it.
        let days = try one(result, .extraKey, key: "string/days")
        #expect(days.file?.hasSuffix(ko) == true && days.position == planted.position(of: "name=\"days\"", in: ko, line: 8))
        #expect(days.message.contains("which has 'plurals/days' of that name") && days.message.contains("aapt2 link removes this translation"))
        let missingDays = try one(result, .missingTranslation, key: "plurals/days")
        #expect(missingDays.position == planted.position(of: "name=\"days\"", in: en, line: 9))
        // The summary counts resources by type: 9 in the source, 7 translated (string/seconds and
        // plurals/days are not).
        let summary = try #require(result.summaries.last)
        #expect(summary.locale == "ko" && summary.messages == 9 && summary.translated == 7)
    }

    @Test func androidFilesInAnyOrderAndUnderAnyName() throws {
        let first = """
        <resources>
            <string name="seconds">%d</string>
            <plurals name="seconds"><item quantity="one">%d second</item><item quantity="other">%d seconds</item></plurals>
        </resources>
        """
        let second = """
        <resources>
            <plurals name="seconds"><item quantity="one">%d second</item><item quantity="other">%d seconds</item></plurals>
            <string name="seconds">%d</string>
        </resources>
        """
        let korean = "<resources>\n    <plurals name=\"seconds\"><item quantity=\"other\">%d초</item></plurals>\n</resources>\n"
        var results: [[String]] = []
        for (source, koreanFile) in [(first, "strings.xml"), (second, "strings.xml"), (first, "plurals.xml"), (second, "a.xml")] {
            let planted = try Planted(["res/values/strings.xml": source, "res/values-ko/\(koreanFile)": korean])
            defer { planted.remove() }
            let result = try planted.platform("res")
            results.append(result.findings.map { "\($0.rule) \($0.key ?? "")" })
        }
        #expect(results.allSatisfy { $0 == ["missing-translation string/seconds"] }, "\(results)")
    }

    @Test func stringArraysMatchItemByItem() throws {
        let en = "<resources>\n    <string-array name=\"modes\">\n        <item>Classic</item>\n        <item>Daily</item>\n        <item>Journey</item>\n    </string-array>\n</resources>\n"
        let ko = "<resources>\n    <string-array name=\"modes\">\n        <item>클래식</item>\n        <item>일일 도전</item>\n    </string-array>\n</resources>\n"
        let planted = try Planted(["res/values/arrays.xml": en, "res/values-ko/arrays.xml": ko])
        defer { planted.remove() }
        let result = try planted.platform("res")
        let found = try one(result, .missingTranslation, key: "array/modes", locale: "ko")
        #expect(found.position == planted.position(of: "일일 도전", in: "res/values-ko/arrays.xml", line: 4))
        #expect(found.message.contains("has 2 items, the source 3") && found.message.contains("ArrayIndexOutOfBoundsException"))
        #expect(!result.findings.contains { $0.rule == "whitespace" })
    }

    @Test func aResourceDefinedTwiceIsAnError() throws {
        let planted = try Planted(["res/values/a.xml": "<resources>\n    <string name=\"title\">Title</string>\n</resources>\n",
                                   "res/values/b.xml": "<resources>\n    <string name=\"title\">Another title</string>\n</resources>\n"])
        defer { planted.remove() }
        let result = try planted.platform("res")
        let duplicate = try #require(result.findings.first { $0.rule == "android-duplicate-resource" })
        #expect(duplicate.file?.hasSuffix("res/values/b.xml") == true)
        #expect(duplicate.position == planted.position(of: "name=", in: "res/values/b.xml", line: 2))
        #expect(result.hasErrors)
    }

    // MARK: Format specifiers, String Catalogs and XLIFF

    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld coins" : {
          "localizations" : {
            "ko" : { "stringUnit" : { "state" : "translated", "value" : "%@ 코인" } }
          }
        },
        "greet" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@" } },
            "ko" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld님 안녕하세요" } }
          }
        },
        "left" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ has %2$#@n@" },
              "substitutions" : { "n" : { "argNum" : 2, "formatSpecifier" : "lld",
                "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg life" } },
                                              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg lives" } } } } } } },
            "ko" : { "stringUnit" : { "state" : "translated", "value" : "%1$@: 목숨 %3$lld개" } }
          }
        }
      },
      "version" : "1.0"
    }
    """

    @Test func stringCatalogFormatsAsStringFormatReadsThem() throws {
        let planted = try Planted(["Localizable.xcstrings": Self.catalog])
        defer { planted.remove() }
        let result = try planted.platform("Localizable.xcstrings")
        let file = "Localizable.xcstrings"
        // The key is the source: `%lld`; Korean `%@` dereferences the integer.
        let coins = try one(result, .formatMismatch, key: "%lld coins")
        #expect(coins.position == planted.position(of: "%@ 코인", in: file, line: 6))
        #expect(coins.message.contains("a crash (EXC_BAD_ACCESS)"))
        // `%lld` reads an object pointer as a number: undefined behaviour.
        let greet = try one(result, .formatMismatch, key: "greet")
        #expect(greet.position == planted.position(of: "%lld님", in: file, line: 12))
        #expect(greet.message.contains("undefined behaviour"))
        // A substitution's argument is 2; Korean reads a third one.
        let left = try one(result, .formatMismatch, key: "left")
        #expect(left.position == planted.position(of: "%3$lld", in: file, line: 21))
        #expect(left.message.contains("reads argument 3, but the app passes 2 arguments"))
        // `needs_review` is not counted as translated.
        let summary = try #require(result.summaries.last)
        #expect(summary.locale == "ko" && summary.messages == 3 && summary.translated == 2 && summary.needsReview == 1)
    }

    @Test func xcodeXLIFFFormats() throws {
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Localizable.xcstrings" source-language="en" target-language="ko" datatype="plaintext">
            <body>
              <trans-unit id="coins">
                <source>%lld coins &amp; more</source>
                <target state="translated">코인 &amp; %@</target>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """
        let planted = try Planted(["ko.xliff": xliff])
        defer { planted.remove() }
        let result = try planted.platform("ko.xliff")
        let coins = try one(result, .formatMismatch, key: "coins")
        // Entities before the specifier are aligned with the raw XML.
        #expect(coins.file?.hasSuffix("ko.xliff") == true && coins.position == planted.position(of: "%@", in: "ko.xliff", line: 7))
    }

    @Test func compiledXLIFFChecksICU() throws {
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="kr">
          <file id="game">
            <unit id="stars" xml:space="preserve">
              <notes><note category="role">label</note></notes>
              <segment state="translated">
                <source>{n, plural, one {# star} other {# stars}}</source>
                <target>별 {count}개</target>
              </segment>
            </unit>
          </file>
        </xliff>
        """
        let planted = try Planted(["kr.xliff": xliff])
        defer { planted.remove() }
        let result = try planted.platform("kr.xliff")
        let renamed = try one(result, .placeholderMismatch, key: "stars")
        #expect(renamed.position == planted.position(of: "count", in: "kr.xliff", line: 8))
        // trgLang="kr": Kanuri, which ICU has no data for (a typo for ko).
        let locale = try #require(result.findings.first { $0.rule == "unknown-locale" })
        #expect(locale.locale == "kr" && locale.message.contains("Kanuri"))
    }

    // MARK: Projects

    @Test func importedProjectArgumentTypes() throws {
        // What `speakable import` makes of en `%s` and ko `%d`.
        let planted = try Planted(["Templates/strings.json": template([("minutes", #""role": "text", "message": "{arg1} minutes""#)]),
                                   "Locales/ko/strings.json": localeFile([("minutes", "{arg1, number}분")])])
        defer { planted.remove() }
        let found = try one(planted.project(), .formatMismatch, key: "minutes")
        #expect(found.file?.hasSuffix("Locales/ko/strings.json") == true)
        #expect(found.position == planted.position(of: "{arg1, number}", in: "Locales/ko/strings.json", line: 2))
        #expect(found.message.contains("U_ILLEGAL_ARGUMENT_ERROR") && found.message.contains("java.util.IllegalFormatConversionException"))
        // The examples say it is a number: fine.
        let numbered = try Planted(["Templates/strings.json": template([("minutes", #""role": "text", "message": "{arg1} minutes", "examples": [{"arg1": 3}]"#)]),
                                    "Locales/ko/strings.json": localeFile([("minutes", "{arg1, number}분")])])
        defer { numbered.remove() }
        #expect(!numbered.project().findings.contains { $0.rule == "format-mismatch" })
    }

    @Test func unknownLocaleFolder() throws {
        let planted = try Planted(["Templates/game.json": template([("save", #""role": "label", "message": "Save""#)]),
                                   "Locales/ko/game.json": localeFile([("save", "저장")]),
                                   "Locales/kr/game.json": localeFile([("save", "저장")])])
        defer { planted.remove() }
        let result = planted.project()
        let found = try #require(result.findings.first { $0.rule == "unknown-locale" })
        #expect(found.locale == "kr" && found.severity == .error)
        #expect(found.file?.hasSuffix("Locales/kr/game.json") == true && found.position == SourcePosition(line: 2, column: 3))
        #expect(found.hint?.hasPrefix("did you mean 'ko'?") == true)
        #expect(result.findings.filter { $0.rule == "unknown-locale" }.count == 1)
    }

    /// A real language ICU has no data for (Thunderbird ships Corsican, Mon, Brahui) is a
    /// warning; a country's code whose text is in that country's language's script is a typo.
    @Test func unknownLocaleIsATypoOnlyWhenTheTextSaysSo() throws {
        func resources(_ strings: [(String, String)]) -> String {
            "<resources>\n" + strings.map { "    <string name=\"\($0.0)\">\($0.1)</string>\n" }.joined() + "</resources>\n"
        }
        let planted = try Planted([
            "res/values/strings.xml": resources([("about", "About the authors of this mail app"), ("sort", "Sort the messages by date")]),
            "res/values-kr/strings.xml": resources([("about", "이 메일 앱을 만든 사람들에 대하여"), ("sort", "받은 날짜에 따라 메시지를 정렬합니다")]),
            "res/values-co/strings.xml": resources([("about", "Quelle è quelli di u K-9 storicu"), ("sort", "Urdinà i messaghji per data")]),
            "res/values-mnw/strings.xml": resources([("about", "ဂကောံဖုၚ်ဂစေံလလဳ ဂကောံဖုၚ်ဂစေံလလဳ"), ("sort", "ဂကောံဖုၚ်ဂစေံလလဳ")]),
            "res/values-xq/strings.xml": resources([("about", "About the authors of this mail app"), ("sort", "Sort the messages by date")]),
        ])
        defer { planted.remove() }
        let result = try planted.platform("res")
        let found = Dictionary(uniqueKeysWithValues: result.findings.filter { $0.rule == "unknown-locale" }.map { ($0.locale ?? "?", $0) })
        #expect(found.keys.sorted() == ["co", "kr", "mnw", "xq"])
        #expect(found["kr"]?.severity == .error && found["kr"]?.hint?.hasPrefix("did you mean 'ko'?") == true, "\(String(describing: found["kr"]))")
        #expect(found["xq"]?.severity == .error)
        #expect(found["co"]?.severity == .warning && found["co"]?.message.contains("Corsican") == true)
        #expect(found["co"]?.hint?.contains("CO is the country code of Colombia: if Spanish was meant, the tag is 'es'") == true,
                "\(String(describing: found["co"]?.hint))")
        #expect(found["mnw"]?.severity == .warning)
        // A configured severity is every such locale's.
        var settings = CheckSettings()
        settings.severities["unknown-locale"] = .error
        let strict = try checkPlatform(planted.root + "/res", settings: settings)
        #expect(strict.findings.filter { $0.rule == "unknown-locale" }.allSatisfy { $0.severity == .error })
        #expect(strict.findings.filter { $0.rule == "unknown-locale" }.count == 4)
    }

    @Test func noMessagesIsAnError() throws {
        let planted = try Planted(["README.md": "nothing here"])
        defer { planted.remove() }
        let result = planted.project()
        #expect(result.findings.map(\.rule).contains("no-messages"))
        #expect(result.hasErrors)
        let emptyCatalog = try Planted(["Empty.xcstrings": #"{"sourceLanguage" : "en", "strings" : {}, "version" : "1.0"}"#])
        defer { emptyCatalog.remove() }
        #expect(try emptyCatalog.platform("Empty.xcstrings").findings.map(\.rule) == ["no-messages"])
    }

    @Test func koreanStringsInAFolderWithoutALocale() throws {
        let korean = "<resources>\n    <string name=\"a\">알람이 설정되었습니다</string>\n    <string name=\"b\">타이머가 끝났습니다. 다시 시작하려면 누르세요</string>\n</resources>\n"
        let english = "<resources>\n    <string name=\"a\">The alarm is set</string>\n    <string name=\"b\">The timer is done. Tap to start again</string>\n</resources>\n"
        let planted = try Planted(["res/values/strings.xml": korean])
        defer { planted.remove() }
        let found = try #require(try planted.platform("res").findings.first { $0.rule == "unlabeled-locale" })
        #expect(found.file?.hasSuffix("res/values/strings.xml") == true && found.position == SourcePosition(line: 1, column: 1))
        #expect(found.message.contains("Hangul") && found.hint?.contains("--source-locale ko") == true)
        // With --source-locale ko it is the source.
        #expect(try !planted.platform("res", sourceLocale: "ko").findings.contains { $0.rule == "unlabeled-locale" })
        // values-night/ holds the source language's alternatives.
        let night = try Planted(["res/values/strings.xml": english, "res/values-night/strings.xml": korean])
        defer { night.remove() }
        let nightFinding = try #require(try night.platform("res").findings.first { $0.rule == "unlabeled-locale" })
        #expect(nightFinding.file?.hasSuffix("values-night/strings.xml") == true && nightFinding.hint?.contains("values-ko/") == true)
        // English in values/ of a Korean app: ASCII strings (counted without looking up each
        // letter) and one with Hangul and accents add up to the share the message gives.
        let mixed = try Planted(["res/values/strings.xml": String(english.dropLast("</resources>\n".count))
            + "    <string name=\"c\">Café 알람 crème %1$d</string>\n</resources>\n"])
        defer { mixed.remove() }
        let latin = "ThealarmissetThetimerisdoneTaptostartagainCafécrèmed".count  // `%1$d` prints a `d`
        let share = latin * 100 / (latin + 2)
        let mixedFinding = try #require(try mixed.platform("res", sourceLocale: "ko").findings.first { $0.rule == "unlabeled-locale" })
        #expect(mixedFinding.message.contains("\(share)% of its letters are Latin"), "\(mixedFinding.message)")
    }

    // MARK: Speech

    @Test func actionFragmentsReadAfterDoubleTapTo() throws {
        let messages: [(String, String)] = [
            ("a", #""role": "action", "message": "to change the language used for the app""#),
            ("b", #""role": "action", "message": "about nearby places that you have marked""#),
            ("c", #""role": "action", "message": "Inactive as the route is already at the start""#),
            ("d", #""role": "action", "message": "hear about your current location""#),
            ("e", #""role": "action", "message": "Make the map full screen""#),
            ("f", #""role": "action", "message": "{action}""#),
        ]
        let file = "Templates/game.json"
        let planted = try Planted([file: template(messages)])
        defer { planted.remove() }
        let found = planted.project().findings.filter { $0.rule == "action-fragment" }
        #expect(found.map(\.key) == ["a", "b", "c"])
        #expect(found.map(\.position) == [planted.position(of: "to change", in: file, line: 3), planted.position(of: "about nearby", in: file, line: 4),
                                          planted.position(of: "Inactive", in: file, line: 5)])
        #expect(found[0].message.contains("\"Double-tap to to change the language used for …\""))
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test func gestureWordsInResultStyleHints() throws {
        let planted = try Planted([
            "Templates/game.json": template([("start.hint", #""role": "hint", "message": "Double tap to start the level""#),
                                             ("gesture.hint", #""role": "hint", "message": "Double tap to {action}""#),
                                             ("result.hint", #""role": "hint", "message": "Starts the level""#)]),
            "Locales/ko/game.json": localeFile([("start.hint", "이중 탭하여 레벨 시작"), ("gesture.hint", "{action}하려면 이중 탭하십시오"),
                                                ("result.hint", "레벨을 시작합니다")]),
        ])
        defer { planted.remove() }
        let found = planted.project().findings.filter { $0.rule == "hint-gesture" }.sorted { ($0.locale ?? "") < ($1.locale ?? "") }
        #expect(found.map { "\($0.key ?? "") \($0.locale ?? "")" } == ["start.hint en", "start.hint ko"])
        #expect(found.map(\.position) == [planted.position(of: "Double tap", in: "Templates/game.json", line: 3),
                                          planted.position(of: "이중 탭", in: "Locales/ko/game.json", line: 2)])
        #expect(found[0].message.contains("a hint says what happens"))
        // TalkBack's own word in another language (Spanish: "Toca dos veces").
        let spanish = try Planted(["speakable.json": #"{"targetLocales": ["es"]}"#,
                                   "Templates/game.json": template([("start.hint", #""role": "hint", "message": "Starts the level""#)]),
                                   "Locales/es/game.json": localeFile([("start.hint", "Toca dos veces para empezar el nivel")])])
        defer { spanish.remove() }
        #expect(spanish.project().findings.filter { $0.rule == "hint-gesture" }.map(\.locale) == ["es"])
    }

    @Test func bidiOverridesAreReportedEvenWhenClosed() throws {
        let planted = try Planted(["Templates/game.json": template([("name", #""role": "label", "message": "Player \u202Enimda\u202C""#),
                                                                    ("isolated", #""role": "label", "message": "Player \u2068Mina\u2069""#)])])
        defer { planted.remove() }
        let found = planted.project().findings.filter { $0.rule == "bidi-control" }
        #expect(found.map(\.key) == ["name"])
        #expect(found.first?.subject == "override:U+202E")
        #expect(found.first?.position == planted.position(of: "\\u202E", in: "Templates/game.json", line: 3))
        #expect(found.first?.message.contains("Trojan Source") == true)
    }
}
