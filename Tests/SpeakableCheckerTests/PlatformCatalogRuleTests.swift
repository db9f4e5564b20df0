import FoundationEssentials
import SpeakableChecker
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing

/// Rules on platform catalogs as real apps ship them: what the checker reports, and what it must
/// not (each fixture is a small copy of a construct found in a real app's catalog).
@Suite struct PlatformCatalogRuleTests {
    /// Checks the files (paths under a temporary folder) as the folder `path` names, both ways
    /// the checker reads a catalog; file paths in the findings are made relative to the folder.
    static func check(_ files: [String: String], path: String = "res", settings: CheckSettings = CheckSettings(),
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckResult {
        let root = try makeProject(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var result = try checkPlatform(root + "/" + path, settings: settings, sourceLocation: sourceLocation)
        for i in result.findings.indices {
            if let file = result.findings[i].file, file.hasPrefix(root + "/") { result.findings[i].file = String(file.dropFirst(root.count + 1)) }
        }
        return result
    }

    /// `file:line:column rule locale key subject` of each finding of `rule`.
    static func lines(_ result: CheckResult, _ rule: Rule) -> [String] {
        result.findings.filter { $0.rule == rule.id }.map {
            "\($0.file ?? "-"):\($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.locale ?? "-") \($0.key ?? "-") \($0.subject)"
        }
    }

    // MARK: missing-translation

    /// `tools:ignore="MissingTranslation"` on `<resources>` exempts every resource of that file
    /// (Android Lint reads it so: AntennaPod's values/strings.xml has it), whichever reader reads
    /// the file; another file of values/ without it is still checked.
    @Test(arguments: [false, true])
    func toolsIgnoreOnResourcesExemptsTheWholeFile(readWhole: Bool) throws {
        // Text between elements makes the file one the reader reads whole (no fast path).
        let tail = readWhole ? "text\n</resources>\n" : "</resources>\n"
        let values = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources
                xmlns:tools="http://schemas.android.com/tools"
                tools:ignore="MissingTranslation">
                <string name="play">Play</string>
                <plurals name="episodes"><item quantity="one">%d episode</item><item quantity="other">%d episodes</item></plurals>
                <string name="pause">Pause</string>

            """ + tail
        let other = "<resources>\n    <string name=\"stop\">Stop</string>\n</resources>\n"
        let korean = "<resources>\n    <string name=\"play\">재생</string>\n</resources>\n"
        let result = try Self.check(["res/values/strings.xml": values, "res/values/other.xml": other, "res/values-ko/strings.xml": korean])
        #expect(Self.lines(result, .missingTranslation) == ["res/values/other.xml:2:13 ko string/stop "])
        #expect(result.exempted == 2)
        // Without the attribute, both untranslated resources of strings.xml are missing.
        let plain = values.replacingOnce("\n    tools:ignore=\"MissingTranslation\"", with: "")
        let unexempted = try Self.check(["res/values/strings.xml": plain, "res/values/other.xml": other, "res/values-ko/strings.xml": korean])
        #expect(Self.lines(unexempted, .missingTranslation)
                == ["res/values/other.xml:2:13 ko string/stop ", "res/values/strings.xml:5:14 ko plurals/episodes ",
                    "res/values/strings.xml:6:13 ko string/pause "])
        #expect(unexempted.exempted == 0)
    }

    /// Lint's `all` ignores every issue, MissingTranslation included; another issue id does not.
    @Test func toolsIgnoreAllOrAnotherIssue() throws {
        func missing(_ ignore: String) throws -> [String] {
            let values = "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:ignore=\"\(ignore)\">\n"
                + "    <string name=\"play\">Play</string>\n</resources>\n"
            return Self.lines(try Self.check(["res/values/strings.xml": values, "res/values-ko/strings.xml": "<resources/>\n"]),
                              .missingTranslation)
        }
        #expect(try missing("all").isEmpty)
        #expect(try missing("Typos, MissingTranslation").isEmpty)
        #expect(try missing("ExtraTranslation") == ["res/values/strings.xml:2:13 ko string/play "])
    }

    // MARK: whitespace

    /// A `<plurals>`' line breaks are compared item by item, not added up over the items: English
    /// has two items of one break, Russian four (AntennaPod's `echo_hours_podcasts`).
    @Test func lineBreaksOfPluralsArePerItem() throws {
        let values = """
            <resources>
                <plurals name="hours">
                    <item quantity="one">%d hour\\nplayed</item>
                    <item quantity="other">%d hours\\nplayed</item>
                </plurals>
                <string name="status">Signed in\\nas %1$s</string>
            </resources>

            """
        let russian = """
            <resources>
                <plurals name="hours">
                    <item quantity="one">%d час\\nпрослушан</item>
                    <item quantity="few">%d часа\\nпрослушано</item>
                    <item quantity="many">%d часов\\nпрослушано</item>
                    <item quantity="other">%d часа\\nпрослушано</item>
                </plurals>
                <string name="status">Вход выполнен\\nкак %1$s</string>
            </resources>

            """
        let polish = """
            <resources>
                <plurals name="hours">
                    <item quantity="one">%d godzina\\nodtworzona</item>
                    <item quantity="few">%d godziny odtworzone</item>
                    <item quantity="many">%d godzin\\nodtworzonych</item>
                    <item quantity="other">%d godziny\\nodtworzonej</item>
                </plurals>
                <string name="status">Zalogowano\\n\\njako %1$s</string>
            </resources>

            """
        let result = try Self.check(["res/values/strings.xml": values, "res/values-ru/strings.xml": russian,
                                     "res/values-pl/strings.xml": polish])
        // Polish's `few` item has no break (where its text starts); its status has two (at the first).
        #expect(Self.lines(result, .whitespace) == ["res/values-pl/strings.xml:4:30 pl plurals/hours newlines",
                                                    "res/values-pl/strings.xml:8:37 pl string/status newlines"])
        #expect(result.findings.filter { $0.rule == "whitespace" }.map(\.message)
                == ["the translation's 'few' case has 0 line breaks, the source 1", "the translation has 2 line breaks, the source 1"])
    }

    /// A string the app shows as HTML (AntennaPod's `synchronization_login_status`, through
    /// `HtmlCompat.fromHtml`) breaks its lines at `<br/>`: a translation that writes
    /// `<br/><br/>` where the source writes `\\n\\n` has the source's breaks. (The Korean awaits a
    /// native speaker's review.)
    @Test func htmlBreaksAreLineBreaks() throws {
        let values = """
            <resources>
                <string name="login">Logged in as %1$s.\\n\\nYou can log out.</string>
                <string name="hello">Hello\\nworld</string>
            </resources>

            """
        let korean = """
            <resources>
                <string name="login"><![CDATA[%1$s 사용자로 로그인되어 있습니다.<br/><br/>로그아웃할 수 있습니다.]]></string>
                <string name="hello"><![CDATA[안녕하세요 <br/><BR /> 세계]]></string>
            </resources>

            """
        let result = try Self.check(["res/values/strings.xml": values, "res/values-ko/strings.xml": korean])
        #expect(Self.lines(result, .whitespace) == ["res/values-ko/strings.xml:3:41 ko string/hello newlines"])
        #expect(result.findings.filter { $0.rule == "whitespace" }.map(\.message) == ["the translation has 2 line breaks, the source 1"])
    }

    /// A translation that starts or ends with white space where the source does mirrors it (the
    /// app joins the pieces: AntennaPod's `…syncing:\u0020`): only white space the source lacks is
    /// reported. In the source, a trailing space after anything but a sentence's end marks a piece
    /// joined to other text.
    @Test func whitespaceMirroredFromTheSourceIsNotReported() throws {
        let values = """
            <resources>
                <string name="sync_error">An error occurred during syncing:\\u0020</string>
                <string name="and">" and %s"</string>
                <string name="end">"The end. "</string>
                <string name="title">Title</string>
            </resources>

            """
        let german = """
            <resources>
                <string name="sync_error">Beim Synchronisieren ist ein Fehler aufgetreten:\\u0020</string>
                <string name="and">" und %s"</string>
                <string name="end">Das Ende.</string>
                <string name="title">"Titel "</string>
            </resources>

            """
        let result = try Self.check(["res/values/strings.xml": values, "res/values-de/strings.xml": german])
        #expect(Self.lines(result, .whitespace) == ["res/values-de/strings.xml:5:32 de string/title trailing",
                                                    "res/values/strings.xml:2:64 en string/sync_error trailing",
                                                    "res/values/strings.xml:3:25 en string/and leading",
                                                    "res/values/strings.xml:4:33 en string/end trailing"])
        #expect(result.findings.filter { $0.rule == "whitespace" }.map(\.message)
                == ["the message ends with a space", "the message ends with a space: it looks like a piece joined to other text",
                    "the message starts with a space: it looks like a piece joined to other text", "the message ends with a space"])
    }

    // MARK: invisible-character

    /// Zero-width joiners and non-joiners that are spelling are not findings: Malayalam chillu
    /// letters (virama + ZWJ, AntennaPod's ml), Persian ZWNJ between letters, Sinhala's
    /// rakaransaya, Devanagari's eyelash ra, emoji sequences. A joiner between Latin letters, at
    /// the start of a text or before a space still is.
    @Test func joinersThatAreSpellingAreNotInvisibleCharacters() throws {
        func strings(_ entries: [(String, String)]) -> String {
            "<resources>\n" + entries.map { "    <string name=\"\($0.0)\">\($0.1)</string>\n" }.joined() + "</resources>\n"
        }
        let zwj = "\u{200D}", zwnj = "\u{200C}"
        let values = strings([("came", "He came"), ("cannot", "It cannot be"), ("country", "Sri Lanka"), ("rya", "Rya"),
                              ("coder", "Coder"), ("edition", "Edition"), ("flag", "Pride")])
        let files = [
            "res/values/strings.xml": values,
            // അവന്‍ വന്നു: ന, virama, ZWJ (the chillu ൻ), then a space.
            "res/values-ml/strings.xml": strings([("came", "അവന്" + zwj + " വന്നു")]),
            // نمی‌شود (between letters), نم‌ شود (at a word's end, before a space: changes nothing),
            // a doubled one between letters; at the end of the text, and before a vowel sign
            // (the sign is then drawn on nothing), it is stray.
            "res/values-fa/strings.xml": strings([("cannot", "نمی" + zwnj + "شود"), ("came", "نم" + zwnj + " شود"),
                                                   ("rya", "سی" + zwnj + zwnj + "ها"), ("edition", "نم" + zwnj),
                                                   ("flag", "فا" + zwnj + "\u{064B} شود")]),
            // ශ්‍රී ලංකා: ශ, al-lakuna, ZWJ, ර.
            "res/values-si/strings.xml": strings([("country", "ශ්" + zwj + "රී ලංකා")]),
            // र‍्य: RA, ZWJ, virama (eyelash ra); 👩‍💻 and 🏳️‍🌈.
            "res/values-hi/strings.xml": strings([("rya", "र" + zwj + "्य"), ("coder", "👩" + zwj + "💻 कोडर"),
                                                   ("flag", "🏳\u{FE0F}" + zwj + "🌈")]),
            "res/values-de/strings.xml": strings([("edition", "Auf" + zwnj + "lage"), ("coder", zwj + "Programmierer")]),
        ]
        let result = try Self.check(files)
        #expect(Self.lines(result, .invisibleCharacter) == ["res/values-de/strings.xml:2:31 de string/edition U+200C",
                                                            "res/values-de/strings.xml:3:26 de string/coder U+200D",
                                                            "res/values-fa/strings.xml:5:30 fa string/edition U+200C",
                                                            "res/values-fa/strings.xml:6:27 fa string/flag U+200C"])
        #expect(result.findings.filter { $0.rule == "invisible-character" }.allSatisfy { $0.severity == .error })
    }

    // MARK: action-fragment

    /// A `<string>` is judged as a TalkBack click label only where its name says so: by default a
    /// name of an accessibility hint (`…_acc_hint`, as Soundscape's); `…_hint` alone also names
    /// the `android:hint` of an edit field ("Search podcast…", "Optional"), which TalkBack never
    /// puts after "Double-tap to". A project can name its own (`androidClickLabels`).
    @Test func onlyKnownClickLabelsAreActionFragments() throws {
        let values = """
            <resources>
                <string name="search_hint">Search podcast…</string>
                <string name="name_hint">Optional</string>
                <string name="play_acc_hint">about the episode</string>
            </resources>

            """
        let korean = """
            <resources>
                <string name="search_hint">팟캐스트 검색하기</string>
                <string name="name_hint">선택 사항</string>
                <string name="play_acc_hint">에피소드 재생</string>
            </resources>

            """
        let files = ["res/values/strings.xml": values, "res/values-ko/strings.xml": korean]
        let byDefault = try Self.check(files)
        #expect(Self.lines(byDefault, .actionFragment) == ["res/values/strings.xml:4:34 en string/play_acc_hint about"])
        #expect(Self.lines(byDefault, .koreanActionForm).isEmpty)
        var settings = CheckSettings()
        settings.androidClickLabels = AndroidClickLabels(patterns: ["*_hint"])
        let configured = try Self.check(files, settings: settings)
        #expect(Self.lines(configured, .actionFragment) == ["res/values/strings.xml:3:30 en string/name_hint optional",
                                                           "res/values/strings.xml:4:34 en string/play_acc_hint about"])
        #expect(Self.lines(configured, .koreanActionForm) == ["res/values-ko/strings.xml:2:37 ko string/search_hint 검색하기"])
    }

    // MARK: placeholder-mismatch, format-mismatch

    /// A String Catalog key with specifiers is the format the app calls (`Text("… \\(count)")`):
    /// its specifiers are the arguments passed, though the English value does not print them
    /// (`notifications.label.favorite %lld` = `starred`). A translation may print them (de's
    /// plural); a translation that reads them as another type, or reads more, is still reported.
    /// Indexed and read by the reader (one member more the index leaves to it), the same.
    @Test(arguments: [false, true])
    func aStringCatalogKeysSpecifiersAreArgumentsTheAppPasses(readByTheReader: Bool) throws {
        let favorite = #"""
            "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@count@" },
                     "substitutions" : { "count" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                       "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Favorit" } },
                       "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Favoriten" } } } } } } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "starred" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "%@ favoris" } },
            "ja" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld お気に入り" } }
        """#
        let catalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"notifications.label.favorite %lld\" : {\n"
            + "      \"localizations\" : {\n" + favorite + "\n      }\n    }\n  },\n  \"version\" : \"1.0\"" + (readByTheReader ? ", \"zz\" : 1.5" : "") + "\n}\n"
        #expect((XCStringsIndex.read(Array(catalog.utf8), file: "t") == nil) == readByTheReader)
        let result = try Self.check(["Favorites.xcstrings": catalog], path: "Favorites.xcstrings")
        #expect(Self.lines(result, .placeholderMismatch).isEmpty)
        #expect(Self.lines(result, .formatMismatch) == ["Favorites.xcstrings:11:66 fr notifications.label.favorite %lld 1:%lld>%@",
                                                        "Favorites.xcstrings:12:66 ja notifications.label.favorite %lld beyond:2"])
        #expect(result.findings.filter { $0.rule == "format-mismatch" }.map(\.message)
                == ["'%@' does not fit argument 1, which the app passes as the key's '%lld' says: String(format:) reads an object (%@) where the app passes a 64-bit integer: the value is used as an object pointer, a crash (EXC_BAD_ACCESS)",
                    "'%2$lld' reads argument 2, but the app passes 1 argument: String(format:) reads past them, undefined behaviour (garbage or a crash)"])
    }

    // MARK: untranslated

    /// A String Catalog's plural variations identical to the source's are one word in each form
    /// (`%lld vote`, `%lld votes`): a loanword in French, not in Korean.
    @Test func untranslatedPluralVariationsAreJudgedByForm() throws {
        func plural(_ one: String, _ other: String) -> String {
            #"{"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "\#(one)"}}, "other": {"stringUnit": {"state": "translated", "value": "\#(other)"}}}}}"#
        }
        let votes = plural("%lld vote", "%lld votes")
        let catalog = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"%lld vote": {"localizations": {"en": \#(votes), "fr": \#(votes), "ko": \#(votes)}}}}"#
        let result = try Self.check(["Votes.xcstrings": catalog], path: "Votes.xcstrings")
        #expect(result.findings.filter { $0.rule == "untranslated" }.map { "\($0.locale ?? "-") \($0.message)" }
                == ["ko the ko translation is identical to the source text, in Latin script, which ko is not written in"])
    }

    // MARK: unused-plural-category

    /// Android's default `values/` is shown in every locale without its own translation, with
    /// that locale's plural rules: an English `zero` item is what Arabic (and Latvian) users see
    /// at 0 (AntennaPod's `episodes_sleep_timer_exceeds_queue`). A locale folder's items are seen
    /// only in its locale: a Korean `one` is dead text.
    @Test func androidDefaultPluralItemsAreReachedByEveryLocale() throws {
        let values = """
            <resources>
                <plurals name="left">
                    <item quantity="zero">No episodes left</item>
                    <item quantity="one">%d episode left</item>
                    <item quantity="other">%d episodes left</item>
                </plurals>
            </resources>

            """
        let korean = """
            <resources>
                <plurals name="left">
                    <item quantity="one">에피소드 %d개 남음</item>
                    <item quantity="other">에피소드 %d개 남음</item>
                </plurals>
            </resources>

            """
        let result = try Self.check(["res/values/strings.xml": values, "res/values-ko/strings.xml": korean])
        #expect(Self.lines(result, .unusedPluralCategory) == ["res/values-ko/strings.xml:3:9 ko plurals/left unused:1:one"])
    }

    /// CLDR 42 (ICU 72) removed Hebrew's `many`; Android 13 and older select it for 20, 30, …:
    /// a `many` item in `values-iw/` is seen there, not dead text. A `few` (never Hebrew's) still is.
    @Test func hebrewManyIsSelectedByOlderReleases() throws {
        let values = """
            <resources>
                <plurals name="days">
                    <item quantity="one">%d day</item>
                    <item quantity="other">%d days</item>
                </plurals>
            </resources>

            """
        let hebrew = """
            <resources>
                <plurals name="days">
                    <item quantity="one">יום %d</item>
                    <item quantity="two">יומיים</item>
                    <item quantity="few">%d ימים</item>
                    <item quantity="many">%d יום</item>
                    <item quantity="other">%d ימים</item>
                </plurals>
            </resources>

            """
        let result = try Self.check(["res/values/strings.xml": values, "res/values-iw/strings.xml": hebrew])
        #expect(Self.lines(result, .unusedPluralCategory) == ["res/values-iw/strings.xml:5:9 he plurals/days unused:1:few"])
    }

    // MARK: positions

    /// A finding on a character written as an Android escape (`\t`, `\n`, `\uXXXX`) points at the
    /// escape's backslash, not at the next white space of the same kind.
    @Test func escapedCharactersArePlacedAtTheirBackslash() throws {
        let values = """
            <resources>
                <string name="t">Tab\\tthen here</string>
                <string name="u">Soft\\u00ADhyphen here</string>
            </resources>

            """
        let result = try Self.check(["res/values/strings.xml": values])
        #expect(Self.lines(result, .invisibleCharacter) == ["res/values/strings.xml:2:25 en string/t U+0009",
                                                            "res/values/strings.xml:3:26 en string/u U+00AD"])
    }
}
