import SpeakableCatalog
import SpeakableChecker
import SpeakableDiagnostics
import Testing

/// The column of `text`'s first character in a locale file line written by `localeFile`, plus
/// `offset` scalars: `  "key": "` is key.count + 7 characters.
func column(key: String = "m", offset: Int) -> Int { key.count + 8 + offset }

/// One test per rule: a fixture that triggers it (with where) and one that must not.
@Suite struct RuleTests {
    // MARK: Structure

    @Test func syntaxError() throws {
        let found = try findings(.syntaxError, korean(source: "{n, plural, one {# star} other {# stars}}", ko: "{n, plural, one {별 #개}}"))
        #expect(found.count == 1)
        #expect(found.first?.locale == "ko")
        #expect(found.first?.key == "m")
        #expect(found.first?.message.contains("'other'") == true)
        #expect(found.first?.file == "Locales/ko/game.json")
        #expect(found.first?.position?.line == 2)
        #expect(try findings(.syntaxError, korean(source: "Row {row}", ko: "{row}행")).isEmpty)
    }

    @Test func missingTranslationAndExtraKey() throws {
        let files = ["Templates/game.json": template([("a", #""message": "A""#), ("b", #""message": "B""#)]),
                     "Locales/ko/game.json": localeFile([("a", "가"), ("zz", "추가")])]
        let missing = try findings(.missingTranslation, files)
        #expect(missing.map(\.key) == ["b"])
        #expect(missing.first?.file == "Templates/game.json")
        #expect(missing.first?.position == SourcePosition(line: 4, column: 5))
        let extra = try findings(.extraKey, files)
        #expect(extra.map(\.key) == ["zz"])
        #expect(extra.first?.position == SourcePosition(line: 3, column: 3))
        let complete = ["Templates/game.json": template([("a", #""message": "A""#)]), "Locales/ko/game.json": localeFile([("a", "가")])]
        #expect(try findings(.missingTranslation, complete).isEmpty)
        #expect(try findings(.extraKey, complete).isEmpty)
    }

    @Test func aTargetLocaleWithoutAFileMissesEveryKey() throws {
        let files = ["speakable.json": #"{"targetLocales": ["ko", "ja"]}"#,
                     "Templates/game.json": template([("a", #""message": "A""#)]), "Locales/ko/game.json": localeFile([("a", "가")])]
        let missing = try findings(.missingTranslation, files)
        #expect(missing.map(\.locale) == ["ja"])
        #expect(missing.first?.message.contains("does not exist yet") == true)
    }

    @Test func keyFamily() throws {
        let source = template([("cell.label", #""role": "label", "message": "Cell""#), ("cell.hint", #""role": "hint", "message": "Selects the cell""#)])
        let found = try findings(.keyFamily, ["Templates/game.json": source, "Locales/ko/game.json": localeFile([("cell.label", "칸")])])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'cell.hint'") == true)
        #expect(found.first?.position == SourcePosition(line: 2, column: 3))
        #expect(try findings(.keyFamily, ["Templates/game.json": source,
                                          "Locales/ko/game.json": localeFile([("cell.label", "칸"), ("cell.hint", "칸을 선택합니다")])]).isEmpty)
        // Nothing translated: that is missing-translation's business, not a split family.
        #expect(try findings(.keyFamily, ["Templates/game.json": source, "Locales/ko/game.json": localeFile([])]).isEmpty)
    }

    // MARK: Arguments

    @Test func placeholderMismatch() throws {
        let renamed = try findings(.placeholderMismatch, korean(source: "Row {row}", ko: "{rows}행"))
        #expect(renamed.count == 1)
        #expect(renamed.first?.message == "argument 'rows' is not in the source, which has 'row' instead")
        #expect(renamed.first?.position == SourcePosition(line: 2, column: column(offset: 1)))
        let missing = try findings(.placeholderMismatch, korean(source: "Row {row}, column {column}", ko: "{row}행"))
        #expect(missing.map(\.message) == ["argument 'column' of the source is missing from the translation"])
        #expect(try findings(.placeholderMismatch, korean(source: "Row {row}, column {column}", ko: "{row}행 {column}열")).isEmpty)
    }

    @Test func placeholderType() throws {
        let found = try findings(.placeholderType, korean(source: "{n, plural, one {# star} other {# stars}}",
                                                        ko: "{n, select, one {별 하나} other {별 여러 개}}"))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("used as select here but as plural in the source") == true)
        // An untyped source argument against a typed translation is format-mismatch's (what the
        // app passes), not a kind conflict in ICU.
        #expect(try findings(.placeholderType, korean(source: "Hello {name}", extra: #", "examples": [{"name": "Mina"}]"#,
                                                      ko: "{name, number}님 안녕하세요")).isEmpty)
        // A count written plainly in Korean is the same type: a number.
        #expect(try findings(.placeholderType, korean(source: "{n, plural, one {# star} other {# stars}}", ko: "별 {n}개")).isEmpty)
        #expect(try findings(.placeholderType, korean(source: "{n, plural, one {# star} other {# stars}}",
                                                      ko: "별 {n, number}개")).isEmpty)
    }

    @Test func selectCases() throws {
        let source = "{content, select, empty {Empty} given {Given {digit}} other {{digit}}}"
        let found = try findings(.selectCases, korean(source: source, ko: "{content, select, empty {빈칸} other {{digit}}}"))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'given'") == true)
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 1)))
        #expect(try findings(.selectCases, korean(source: source, ko: "{content, select, empty {빈칸} given {기본 {digit}} other {{digit}}}")).isEmpty)
    }

    // MARK: Plurals

    @Test func koreanOneIsNeverUsed() throws {
        let ko = "{n, plural, one {1분} other {{n}분}}"
        let files = korean(source: "{n, plural, one {1 minute} other {# minutes}}", ko: ko)
        let found = try findings(.unusedPluralCategory, files)
        #expect(found.count == 1)
        #expect(found.first?.message == "'one' is never used in ko: ko plural rules have other (0, 1, 2, …), so this case is never shown")
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 12)))
        // Dead text is a warning (Android Lint's UnusedQuantity), not a failed build.
        #expect(found.first?.severity == .warning)
        #expect(try findings(.pluralCategories, files).isEmpty)
        #expect(try findings(.unusedPluralCategory, korean(source: "{n, plural, one {1 minute} other {# minutes}}",
                                                           ko: "{n, plural, other {{n}분}}")).isEmpty)
    }

    @Test func missingCategoryListsTheLocaleCategories() throws {
        let files = ["speakable.json": #"{"targetLocales": ["ru"]}"#,
                     "Templates/game.json": template([("m", #""message": "{n, plural, one {# star} other {# stars}}""#)]),
                     "Locales/ru/game.json": localeFile([("m", "{n, plural, one {# звезда} other {# звёзд}}")])]
        let found = try findings(.pluralCategories, files)
        #expect(found.count == 1)
        // ICU's CLDR data for ru: one (1, 21, 31…), few (2, 3, 4…), many (0, 5, 6…), other (decimals).
        #expect(found.first?.message.contains("has no 'few' and 'many' case") == true)
        #expect(found.first?.message.contains("few (2, 3, 4, …)") == true)
        // English `zero` is never selected (English has no zero category), =0 is — in a project
        // that compiles no Android resources. Compiled into Android's default values/, it is what
        // every locale without a folder of its own reads with its own rules (Arabic's 0): not dead.
        let appleOnly = #"{"outputs": ["xcstrings"]}"#
        let zero = ["speakable.json": appleOnly, "Templates/game.json": template([("m", #""message": "{n, plural, zero {none} other {# stars}}""#)])]
        #expect(try findings(.pluralCategories, zero).map(\.subject) == ["missing:n:one"])
        #expect(try findings(.unusedPluralCategory, zero).map(\.subject) == ["unused:n:zero"])
        var android = zero
        android["speakable.json"] = #"{"outputs": ["android"]}"#
        #expect(try findings(.unusedPluralCategory, android).isEmpty)
        android["speakable.json"] = "{}"
        #expect(try findings(.unusedPluralCategory, android).isEmpty)
        // When 'other' has no words to inflect ("{n, plural, … other {#}}"), no category is missing.
        let bare = ["speakable.json": appleOnly, "Templates/game.json": template([("m", #""message": "{n, plural, zero {none} other {#}}""#)])]
        #expect(try findings(.pluralCategories, bare).isEmpty)
        #expect(try findings(.unusedPluralCategory, bare).map(\.subject) == ["unused:n:zero"])
        #expect(try findings(.pluralCategories, ["Templates/game.json": template([("m", #""message": "{n, plural, =0 {none} one {# star} other {# stars}}""#)])]).isEmpty)
        // =1 covers English 'one' entirely.
        #expect(try findings(.pluralCategories, ["Templates/game.json": template([("m", #""message": "{n, plural, =1 {a star} other {# stars}}""#)])]).isEmpty)
    }

    /// Where `other` holds no whole number (pl, ru, uk: fractions only), a count shows `other`
    /// only for a category without a case: one such category has `other` as its text (IceCubes'
    /// pl `one {# głos} few {# głosy} other {# głosów}`); two share it, which fits one at most.
    @Test func otherStandsForTheOneWholeNumberCategoryWithoutACase() throws {
        func found(_ tag: String, _ translation: String) throws -> [String] {
            let files = ["speakable.json": #"{"targetLocales": [""# + "\"\(tag)\"" + "]}",
                         "Templates/game.json": template([("m", #""message": "{n, plural, one {# vote} other {# votes}}""#)]),
                         "Locales/\(tag)/game.json": localeFile([("m", translation)])]
            return try findings(.pluralCategories, files).map(\.subject)
        }
        #expect(try found("pl", "{n, plural, one {# głos} few {# głosy} other {# głosów}}").isEmpty)
        #expect(try found("uk", "{n, plural, one {# голос} few {# голоси} other {# голосів}}").isEmpty)
        #expect(try found("pl", "{n, plural, one {# głos} other {# głosów}}") == ["missing:n:few,many"])
        #expect(try found("uk", "{n, plural, one {# голос} other {# голосів}}") == ["missing:n:few,many"])
        // English `other` holds whole numbers: a missing `one` is missing.
        #expect(try findings(.pluralCategories, ["Templates/game.json": template([("m", #""message": "{n, plural, zero {none} other {# votes}}""#)])])
                .map(\.subject) == ["missing:n:one"])
    }

    @Test func ordinalCategories() throws {
        let found = try findings(.pluralCategories, ["Templates/game.json": template([("m", #""message": "{n, selectordinal, one {#st} other {#th}}""#)])])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'two' and 'few'") == true)
        #expect(try findings(.pluralCategories, ["Templates/game.json": template([("m", #""message": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}""#)])]).isEmpty)
    }

    @Test func pluralLiteralNumber() throws {
        let files = ["speakable.json": #"{"targetLocales": ["ru"]}"#,
                     "Templates/game.json": template([("m", #""message": "{n, plural, one {# star} other {# stars}}""#)]),
                     "Locales/ru/game.json": localeFile([("m", "{n, plural, one {1 звезда} few {# звезды} many {# звёзд} other {# звезды}}")])]
        let found = try findings(.pluralLiteralNumber, files)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("also covers 21, 31, 41") == true)
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 17)))
        // English 'one' is only 1: writing it out is fine.
        #expect(try findings(.pluralLiteralNumber, ["Templates/game.json": template([("m", #""message": "{n, plural, one {1 minute} other {# minutes}}""#)])]).isEmpty)
        // A number next to # is something else ("# of 10").
        #expect(try findings(.pluralLiteralNumber, ["Templates/game.json": template([("m", #""message": "{n, plural, one {# of 10} other {# of 10}}""#)])]).isEmpty)
        // A number written in every case is text around the plural (compile copies "Level 21, "
        // into each <plurals> item), not its count.
        let copied = ["speakable.json": #"{"targetLocales": ["ru"]}"#,
                      "Templates/game.json": template([("m", #""message": "{n, plural, one {Level 21, # star} other {Level 21, # stars}}""#)]),
                      "Locales/ru/game.json": localeFile([("m", "{n, plural, one {Уровень 21, звезда} few {Уровень 21, # звезды} many {Уровень 21, # звёзд} other {Уровень 21, # звезды}}")])]
        #expect(try findings(.pluralLiteralNumber, copied).isEmpty)
        // English ordinal 'one' covers 21st too.
        #expect(try findings(.pluralLiteralNumber, ["Templates/game.json": template([("m", #""message": "{n, selectordinal, one {1st} two {#nd} few {#rd} other {#th}}""#)])]).count == 1)
    }

    // MARK: Text

    @Test func untranslated() throws {
        let found = try findings(.untranslated, korean(source: "Open settings", ko: "Open settings"))
        #expect(found.count == 1)
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 0)))
        #expect(try findings(.untranslated, korean(source: "Open settings", ko: "설정 열기")).isEmpty)
        #expect(try findings(.untranslated, korean(source: "{a}/{b}", ko: "{a}/{b}")).isEmpty)
        #expect(try findings(.untranslated, korean(source: "9,180", ko: "9,180")).isEmpty)
        // One word that reads the same is usually a loanword ("Script" in Spanish, "Name" in German)…
        let german = ["speakable.json": #"{"targetLocales": ["de"]}"#, "Templates/game.json": template([("m", #""message": "Name""#)]),
                      "Locales/de/game.json": localeFile([("m", "Name")])]
        #expect(try findings(.untranslated, german).isEmpty)
        // …but not in a locale written in another script ("Share" in ko, ar, ru, he).
        for tag in ["ko", "ar", "ru", "he"] {
            let files = ["speakable.json": #"{"targetLocales": [""# + "\"\(tag)\"" + "]}",
                         "Templates/game.json": template([("m", #""message": "Share""#)]),
                         "Locales/\(tag)/game.json": localeFile([("m", "Share")])]
            let found = try findings(.untranslated, files)
            #expect(found.map(\.locale) == [tag])
            #expect(found.first?.message.contains("in Latin script, which \(tag) is not written in") == true)
            #expect(found.first?.file == "Locales/\(tag)/game.json" && found.first?.position == SourcePosition(line: 2, column: column(offset: 0)))
        }
        // Acronyms, names with inner capitals and words with digits are the same everywhere.
        for word in ["GPS", "iPhone", "MP3", "CotEditor"] {
            #expect(try findings(.untranslated, korean(source: word, ko: word)).isEmpty, "\(word)")
        }
        var allowed = korean(source: "Podcast Player", ko: "Podcast Player")
        allowed["speakable.json"] = #"{"check": {"allowUntranslated": ["Podcast Player"]}}"#
        #expect(try findings(.untranslated, allowed).isEmpty)
        #expect(try findings(.untranslated, korean(source: "Podcast Player", ko: "Podcast Player")).count == 1)
    }

    /// Only prose words count, form by form: a plural prints one case ("{n} vote" / "{n} votes"
    /// is one word), and names, abbreviations and technical tokens are no prose ("DeepL API
    /// Pro", "Cc", "Bcc", "HTML (text/html)", "AntennaPod").
    @Test func untranslatedCountsProseWordsOfOneForm() throws {
        func found(_ tag: String, _ text: String) throws -> [String] {
            let files = ["speakable.json": #"{"targetLocales": [""# + "\"\(tag)\"" + "]}",
                         "Templates/game.json": template([("m", "\"message\": \"\(text)\"")]),
                         "Locales/\(tag)/game.json": localeFile([("m", text)])]
            return try findings(.untranslated, files).map(\.message)
        }
        #expect(try found("fr", "{n, plural, one {# vote} other {# votes}}").isEmpty)
        for name in ["DeepL API Pro", "Cc", "Bcc", "HTML (text/html)", "AntennaPod", "AntennaPod: antennapod.org", "gpodder.net"] {
            #expect(try found("ko", name).isEmpty, "\(name)")
        }
        // Still reported: two prose words in one form, and a lone word in a script ko is not written in.
        #expect(try found("fr", "{n, plural, one {# new vote} other {# new votes}}") == ["the fr translation is identical to the source text"])
        #expect(try found("ko", "{n, plural, other {# votes}}")
                == ["the ko translation is identical to the source text, in Latin script, which ko is not written in"])
        #expect(try found("ko", "Reply to Cc") == ["the ko translation is identical to the source text"])
        // A single letter is no abbreviation: "Plan B" is two prose words.
        #expect(try found("ko", "Plan B") == ["the ko translation is identical to the source text"])
        // A title-case name with a number is a name (a team, a licence); a lone letter is a
        // symbol (bytes); title case alone is not a name.
        #expect(try found("ja", "The K-9 Dog Walkers").isEmpty)
        #expect(try found("ja", "Apache License, Version 2.0").isEmpty)
        #expect(try found("ko", "{n} B").isEmpty)
        #expect(try found("ca", "Show Results") == ["the ca translation is identical to the source text"])
        // A copyright line's words are names; a word among links is not a lone word.
        #expect(try found("uk", "© 2024 Thomas Ricouard").isEmpty)
        #expect(try found("uk", "• [Atkinson Hyperlegible](https://github.com/googlefonts/atkinson-hyperlegible) • [Nuke](https://github.com/kean/Nuke)").isEmpty)
    }

    @Test func whitespace() throws {
        let found = try findings(.whitespace, korean(source: "Row {row}", ko: " {row}행  열 "))
        #expect(found.map(\.subject).sorted() == ["double", "leading", "trailing"])
        #expect(found.first { $0.subject == "double" }?.position == SourcePosition(line: 2, column: column(offset: 7)))
        let newlines = try findings(.whitespace, korean(source: #"Score\n{n}"#, ko: "점수 {n}"))
        #expect(newlines.map(\.subject) == ["newlines"])
        #expect(try findings(.whitespace, korean(source: "Row {row}", ko: "{row}행")).isEmpty)
        // Spaces between cases are syntax, not text.
        #expect(try findings(.whitespace, korean(source: "{c, select,  a {A}  other {B}}", ko: "{c, select,  a {가}  other {나}}")).isEmpty)
        // Spaces other than ASCII's at either end (read as scalars: the byte shortcut only rules
        // out ASCII ends), and ends that are letters of more than one byte.
        let wide = try findings(.whitespace, korean(source: "Row {row}", ko: "\u{00A0}{row}행\u{3000}"))
        #expect(wide.map(\.subject).sorted() == ["leading", "trailing"])
        #expect(try findings(.whitespace, korean(source: "Row {row}", ko: "행 {row}번째 열")).isEmpty)
        #expect(try findings(.whitespace, korean(source: "Row {row}", ko: #"{row}\n"#)).map(\.subject).contains("trailing"))
        // A separator (no letter or digit) keeps its spaces; a letter outside ASCII makes it text.
        #expect(try findings(.whitespace, korean(source: " · ", ko: " · ")).isEmpty)
        #expect(try findings(.whitespace, korean(source: "Row ", ko: "é ")).map(\.subject).contains("trailing"))
        // Arguments and punctuation (IceCubes' "%lld. ", a list item's number) keep their spaces
        // at the ends; two in a row are still reported.
        #expect(try findings(.whitespace, korean(source: "{n}. ", ko: "{n}. ")).isEmpty)
        #expect(try findings(.whitespace, korean(source: "{a}, {b}", ko: "{a},  {b}")).map(\.subject) == ["double"])
    }

    @Test func invisibleCharacters() throws {
        let found = try findings(.invisibleCharacter, korean(source: "Row", ko: #"행\u200B\u00AD\uFFFD"#))
        #expect(found.map(\.subject) == ["U+200B", "U+00AD", "U+FFFD"])
        // The escape \u200B is written at column offset 1 in the file.
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 1)))
        #expect(found[1].position == SourcePosition(line: 2, column: column(offset: 7)))
        // A joiner inside an emoji sequence or in Persian text is spelling, not noise.
        #expect(try findings(.invisibleCharacter, korean(source: "Family", ko: "👨\u{200D}👩")).isEmpty)
        #expect(try findings(.invisibleCharacter, korean(source: "Row", ko: "행")).isEmpty)
    }

    @Test func bidiControls() throws {
        let unbalanced = try findings(.bidiControl, korean(source: "Score", ko: "점수 \u{2067}abc"))
        #expect(unbalanced.count == 1)
        #expect(unbalanced.first?.subject == "unclosed:U+2067")
        #expect(try findings(.bidiControl, korean(source: "Score", ko: "점수 \u{2067}abc\u{2069}")).isEmpty)
        var any = korean(source: "Score", ko: "점수 \u{2067}abc\u{2069}")
        any["speakable.json"] = #"{"check": {"bidiControls": "any"}}"#
        #expect(try findings(.bidiControl, any).count == 2)
    }

    /// An embedding opened where a text starts (the message's, or a plural case's) and never
    /// closed sets the whole text's direction, as AntennaPod's Persian `‫‏%d قسمت …` does: the
    /// paragraph's end closes it. Opened inside the text it runs over the rest; an override is
    /// reported wherever it is.
    @Test func bidiEmbeddingThatOpensTheWholeText() throws {
        func found(_ text: String) throws -> [String] {
            let files = ["speakable.json": #"{"targetLocales": ["fa"]}"#,
                         "Templates/game.json": template([("m", #""message": "{n, plural, one {# episode marked} other {# episodes marked}}""#)]),
                         "Locales/fa/game.json": localeFile([("m", text)])]
            return try findings(.bidiControl, files).map { "\($0.position.map { "\($0.column)" } ?? "-") \($0.subject)" }
        }
        #expect(try found("{n, plural, one {\u{202B}\u{200F}# قسمت علامت خورد} other {\u{202B}\u{200F}# قسمت علامت خوردند}}").isEmpty)
        #expect(try found("\u{202B}{n, plural, other {# قسمت}}").isEmpty)
        #expect(try found("{n, plural, other {# \u{202B}قسمت}}") == ["\(column(offset: 21)) unclosed:U+202B"])
        #expect(try found("{n, plural, other {\u{202E}# قسمت}}") == ["\(column(offset: 19)) override:U+202E"])
    }

    @Test func printfInjection() throws {
        let found = try findings(.printfInjection, korean(source: "{n} minutes", ko: "%d분 %1$s %@ %#@count@"))
        #expect(found.map(\.subject) == ["%d", "%1$s", "%@", "%#@count@"])
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 0)))
        #expect(try findings(.printfInjection, korean(source: "Volume {v}%", ko: "음량 {v}% 50% off 100%")).isEmpty)
        // A percent sign inside a number style is not text.
        #expect(try findings(.printfInjection, korean(source: "{v, number, percent}", ko: "{v, number, percent}")).isEmpty)
    }

    // MARK: Speech

    @Test func roleWord() throws {
        let found = try findings(.roleWord, korean(source: "Save button", ko: "저장 버튼, 선택됨"))
        #expect(found.map(\.subject).sorted() == ["button", "버튼", "선택됨"])
        #expect(found.first { $0.subject == "버튼" }?.position == SourcePosition(line: 2, column: column(offset: 3)))
        #expect(try findings(.roleWord, korean(source: "Save", ko: "저장")).isEmpty)
        // Only labels; and whole words ("buttonhole" is not "button").
        #expect(try findings(.roleWord, korean(role: "announcement", source: "Button pressed", ko: "눌렀습니다")).isEmpty)
        #expect(try findings(.roleWord, korean(source: "Buttonhole", ko: "단춧구멍")).isEmpty)
    }

    @Test func labelStyle() throws {
        let found = try findings(.labelStyle, korean(source: "save the game.", ko: "게임 저장."))
        #expect(found.map(\.subject).sorted() == ["lowercase", "period", "period"])
        #expect(try findings(.labelStyle, korean(source: "Save the game", ko: "게임 저장")).isEmpty)
        #expect(try findings(.labelStyle, korean(source: "iPhone settings", ko: "iPhone 설정")).isEmpty)
        #expect(try findings(.labelStyle, korean(source: "Loading...", ko: "불러오는 중...")).isEmpty)
        #expect(try findings(.labelStyle, korean(role: "announcement", source: "Placed.", ko: "배치했습니다.")).isEmpty)
    }

    @Test func hintGesture() throws {
        let found = try findings(.hintGesture, korean(role: "action", source: "Double tap to place the piece", ko: "두 번 탭하여 조각 배치"))
        #expect(found.map(\.subject).sorted() == ["double tap", "두 번 탭"])
        #expect(try findings(.hintGesture, korean(role: "action", source: "place the piece", ko: "조각 배치")).isEmpty)
        // Labels and announcements may mention a gesture (O'Block: "Double tap a cell in the gap").
        #expect(try findings(.hintGesture, korean(role: "text", source: "Double tap a cell in the gap", ko: "빈 곳의 칸을 두 번 탭하세요")).isEmpty)
    }

    @Test func koreanActionForm() throws {
        let found = try findings(.koreanActionForm, korean(role: "action", source: "place the piece", ko: "조각 놓기"))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("놓기하려면") == true)
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 3)))
        #expect(try findings(.koreanActionForm, korean(role: "action", source: "select the cell", ko: "칸 선택하기")).count == 1)
        #expect(try findings(.koreanActionForm, korean(role: "action", source: "place the piece", ko: "조각 배치")).isEmpty)
        #expect(try findings(.koreanActionForm, korean(role: "label", source: "Place", ko: "놓기")).isEmpty)
    }

    /// Sino-Korean nouns in 기 take 하다 (포기하려면, 대기하려면); only a verb stem + 기 (열기, 보기)
    /// does not. (The Korean here awaits a native speaker's review.)
    @Test func koreanActionFormKnowsSinoKoreanNounsInGi() throws {
        for noun in ["포기", "재생 대기", "데이터폐기", "일정 연기", "단어 암기", "이야기"] {
            #expect(try findings(.koreanActionForm, korean(role: "action", source: "give up", ko: noun)).isEmpty, "\(noun)")
        }
        let open = try findings(.koreanActionForm, korean(role: "action", source: "open the file", ko: "파일 열기"))
        #expect(open.map(\.message) == ["'열기' is a nominalized verb that cannot take 하다; TalkBack would say \"열기하려면\""])
        #expect(open.first?.position == SourcePosition(line: 2, column: column(offset: 3)))
        #expect(try findings(.koreanActionForm, korean(role: "action", source: "preview", ko: "미리보기")).map(\.subject) == ["미리보기"])
    }

    /// Korean hints name the gesture in more words than TalkBack's own (두 번 탭): 두 번 눌러, 길게
    /// 눌러, 더블 탭, 두 번 터치, 두드려. (The Korean here awaits a native speaker's review.)
    @Test func koreanGestureWordsInHints() throws {
        let cases: [(String, String, Int)] = [("두 번 눌러 에피소드 재생", "두 번 눌러", 0), ("길게 눌러 삭제", "길게 눌러", 0),
                                               ("더블 탭하여 열기", "더블 탭", 0), ("두 번 터치하여 열기", "두 번 터치", 0),
                                               ("화면을 두드려 재생", "두드려", 4)]
        for (ko, phrase, offset) in cases {
            let found = try findings(.hintGesture, korean(role: "hint", source: "Plays the episode", ko: ko))
            #expect(found.map(\.subject) == [phrase], "\(ko)")
            #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: offset)), "\(ko)")
        }
        #expect(try findings(.hintGesture, korean(role: "hint", source: "Plays the episode", ko: "에피소드를 재생합니다")).isEmpty)
    }

    @Test func koreanParticle() throws {
        let found = try findings(.koreanParticle, korean(source: "Apple", ko: "사과을(를) 선택"))
        #expect(found.count == 1)
        #expect(found.first?.hint == "write '를': '과' ends in a vowel")
        #expect(found.first?.position == SourcePosition(line: 2, column: column(offset: 2)))
        // Digits are read Sino-Korean: 3 → 삼 (final ㅁ) takes 이; 7 → 칠 (final ㄹ) takes 로.
        #expect(try findings(.koreanParticle, korean(source: "3", ko: "3이(가)")).first?.hint == "write '이': '3 (삼)' ends in a consonant")
        #expect(try findings(.koreanParticle, korean(source: "7", ko: "7(으)로")).first?.hint == "write '로': '7 (칠)' ends in a consonant (ㄹ takes 로)")
        // After a placeholder the pair is resolved at run time.
        #expect(try findings(.koreanParticle, korean(source: "{name} selected", ko: "{name}을(를) 선택")).isEmpty)
    }

    @Test func overLong() throws {
        let long = "Row {row}, column {column}, given digit {digit}, with notes one, two, three, four, five, six, seven, eight and nine"
        let found = try findings(.overLong, korean(source: long, extra: #", "examples": [{"row": 2, "column": 7, "digit": 4}]"#,
                                                 ko: "{row}행 {column}열"))
        #expect(found.count == 1)
        #expect(found.first?.locale == "en")
        #expect(found.first?.message.contains("the label budget is 2.5 s") == true)
        // A select with no examples is checked with each of its cases.
        let select = try findings(.overLong, korean(source: "{c, select, a {A} other {The cell in row three and column five holds the given digit four and the notes one two three}}", ko: "칸"))
        #expect(select.count == 1)
        #expect(try findings(.overLong, korean(source: "Row {row}", extra: #", "examples": [{"row": 2}]"#, ko: "{row}행")).isEmpty)
        let graphemes = try findings(.overLong, korean(source: "Settings", extra: #", "maxGraphemes": 4"#, ko: "설정"))
        #expect(graphemes.map(\.subject) == ["graphemes"])
    }
}

