import FoundationEssentials
import SpeakableDiagnostics
import Testing
@testable import SpeakableCatalog

/// Writes a project into a fresh temporary folder.
func makeProject(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.path + "/speakable-test-\(UInt64.random(in: 0...UInt64.max))"
    for (path, text) in files {
        let full = root + "/" + path
        let folder = String(full[..<full.lastIndex(of: "/")!])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
    if files.isEmpty { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
    return root
}

@Suite struct ProjectLoaderTests {
    @Test func loadsAValidProjectWithPositions() throws {
        let root = try makeProject([
            "speakable.json": #"{"sourceLocale": "en", "targetLocales": ["ko", "ja"], "hintStyle": "gesture", "rules": {"role-word": "warning"}}"#,
            "Templates/game.json": """
            {
              "messages": {
                "level.label": {
                  "role": "label",
                  "message": "Level {level}, {stars, plural, one {# star} other {# stars}}",
                  "comment": "A level cell.",
                  "examples": [{"level": 5, "stars": 2}, {"level": 6, "stars": 0.5}],
                  "maxSeconds": 2.5
                }
              }
            }
            """,
            "Locales/ko/game.json": #"{"level.label": "{level}단계, 별 {stars}개"}"#,
        ])
        let project = ProjectLoader.load(directory: root)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        #expect(project.config.targetLocales == ["ko", "ja"])
        #expect(project.config.hintStyle == .gesture)
        #expect(project.config.rules["role-word"]?.severity == .warning)
        let table = try #require(project[table: "game"])
        let message = try #require(table["level.label"])
        #expect(message.role == .label)
        #expect(message.keyPosition == SourcePosition(line: 3, column: 5))
        #expect(message.source.start == SourcePosition(line: 5, column: 18))
        // "{stars" is UTF-16 offset 15 of the message: column 18 + 1 + 15.
        #expect(message.source.position(ofUTF16Offset: 15) == SourcePosition(line: 5, column: 34))
        #expect(message.examples.count == 2)
        #expect(message.examples[1].arguments["stars"] == .double(0.5))
        #expect(message.pattern?.argumentNames == ["level", "stars"])
        let korean = try #require(table.locales["ko"]?["level.label"])
        #expect(korean.source.text == "{level}단계, 별 {stars}개")
        #expect(korean.keyPosition == SourcePosition(line: 1, column: 2))
        #expect(project.localeTags == ["ko"])
    }

    @Test func anExamplesArgumentsAreOfTheTypesTheMessageTakes() throws {
        let root = try makeProject([
            "Templates/game.json": """
            {"messages": {
              "deal": {"message": "{count, plural, one {# card} other {# cards}} for {who, select, me {me} other {you}} on {day, date}",
                       "examples": [{"count": 2, "who": "me", "day": {"$date": "2025-03-01"}},
                                    {"count": "two", "who": "me", "day": {"$date": "2025-03-01"}},
                                    {"count": 1, "who": 3, "day": "March"},
                                    {"count": 1, "who": "me"}]}
            }}
            """,
        ])
        let project = ProjectLoader.load(directory: root)
        let found = project.diagnostics.filter { $0.id == "invalid-example" }
        #expect(found.map(\.message) == [
            "example 2 of 'deal' gives {count} the text \"two\"; the message takes a number",
            "example 3 of 'deal' gives {day} the text \"March\"; the message takes a date ({\"$date\": \"2025-08-26\"})",
            "example 3 of 'deal' gives {who} the number 3; the message takes text (one of its cases)",
        ], "\(project.diagnostics.map(\.rendered))")
        // At the example, in the template file. (Example 4 gives only some arguments: allowed.)
        #expect(found.map { $0.position?.line } == [4, 5, 5])
        #expect(found.allSatisfy { $0.file?.hasSuffix("Templates/game.json") == true && $0.severity == .error })
    }

    @Test func defaultsWithoutConfig() throws {
        let root = try makeProject(["Templates/a.json": #"{"messages": {"x": {"message": "hi"}}}"#])
        let project = ProjectLoader.load(directory: root)
        #expect(project.config.file == nil)
        #expect(project.config.sourceLocale == "en")
        // No hidden target locale: a project without "targetLocales" (and without Locales/) has none.
        #expect(project.config.targetLocales == [])
        #expect(project.localeTags == [])
        #expect(project.config.budgets[.label]?.seconds == 2.5)
        #expect(project[table: "a"]?["x"]?.role == .text)
    }

    /// Malformed tags stop loading, with the tag meant; a well-formed tag of a language ICU has no
    /// data for loads (the checker's unknown-locale rule judges it, configurably).
    @Test func malformedLocaleTagsAreRejectedWithWhatWasMeant() throws {
        let root = try makeProject([
            "speakable.json": #"{"sourceLocale": "en_US", "targetLocales": ["kr", "ja", "pt_BR"]}"#,
            "Templates/a.json": #"{"messages": {"x": {"message": "hi"}}}"#,
            "Locales/ja/a.json": #"{"x": "ハイ"}"#,
            "Locales/ko_KR/a.json": #"{"x": "안녕"}"#,
        ])
        let project = ProjectLoader.load(directory: root)
        let found = project.diagnostics.map { "\($0.id) \($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(found.contains { $0.hasPrefix("invalid-config-value 1:18 \"sourceLocale\": 'en_US' is not a BCP 47 locale tag such as en, ko, pt-BR or sr-Latn; did you mean 'en-US' (English (United States))?") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("invalid-config-value 1:57 \"targetLocales\": 'pt_BR' is not a BCP 47 locale tag") && $0.contains("did you mean 'pt-BR'") }, "\(found)")
        #expect(project.config.targetLocales == ["kr", "ja"])
        #expect(found.contains { $0.hasPrefix("invalid-locale - locale folder 'ko_KR' is not a BCP 47 language tag") }, "\(found)")
        #expect(project.localeTags == ["ja"])
        #expect(found.count == 3, "\(found)")
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let root = try makeProject([
            "speakable.json": #"{"hintStyle": "loud", "colour": "red"}"#,
            "Templates/a.json": """
            {"messages": {
              "one": {"role": "button", "message": "x"},
              "two": {"role": "label", "message": "{n, plural, one {#}}", "colour": 1},
              "two": {"role": "label", "message": "dup"},
              "bad key": {"message": "x"},
              "three": {"role": "label"},
              "four": {"message": "ok", "examples": [{"d": [1]}]}
            }}
            """,
            "Templates/broken.json": #"{"messages": {"a": "#,
            "Locales/en_US/a.json": #"{}"#,
            "Locales/ko/a.json": #"{"one": 3, "two": "{n, select, a {x}}"}"#,
            "Locales/ko/orphan.json": #"{}"#,
        ])
        let project = ProjectLoader.load(directory: root)
        let ids = project.diagnostics.map(\.id)
        for expected in ["invalid-config-value", "unknown-field", "unknown-role", "syntax-error", "json-duplicate-key",
                         "invalid-key", "missing-field", "invalid-example", "json-syntax", "invalid-locale", "wrong-type",
                         "unknown-table"] {
            #expect(ids.contains(expected), "missing \(expected) in \(ids)")
        }
        // Every diagnostic says where.
        for d in project.diagnostics where d.id != "invalid-locale" && d.id != "unknown-table" {
            #expect(d.file != nil && d.position != nil, "\(d.rendered)")
        }
        // The syntax error points inside the message, at the plural argument.
        let syntax = try #require(project.diagnostics.first { $0.id == "syntax-error" && $0.file?.hasSuffix("Templates/a.json") == true })
        #expect(syntax.position == SourcePosition(line: 3, column: 40))
        #expect(syntax.message.contains("has no 'other' case"))
        let translationSyntax = try #require(project.diagnostics.first { $0.id == "syntax-error" && $0.file?.hasSuffix("ko/a.json") == true })
        #expect(translationSyntax.position == SourcePosition(line: 1, column: 20))  // the select argument, first character of the message
    }

    /// Keys are ASCII letters, digits, '.', '_' and '-', not starting or ending with '.': each
    /// neighbour of those ranges, and each look-alike outside ASCII, is refused.
    @Test func keysAreCheckedCharacterByCharacter() throws {
        let valid = ["a", "Z", "a.b", "A-Z_09", "t0.m1", "x-y_z.w", "_", "-", "a..b"]
        let invalid = [".a", "a.", ".", "é", "e\u{301}", "a b", "ａ", "a/b", "a:b", "@", "[", "`", "{", "~", "\u{7F}",
                       "ﬁ", "K\u{212A}", "٣", "a\u{200B}", "a\u{A0}"]
        var messages: [String] = []
        for (i, key) in (valid + invalid).enumerated() { messages.append("\"\(key)\": {\"message\": \"m\(i)\"}") }
        let root = try makeProject(["Templates/a.json": "{\"messages\": {" + messages.joined(separator: ", ") + "}}"])
        let project = ProjectLoader.load(directory: root)
        let refused = project.diagnostics.filter { $0.id == "invalid-key" }.map(\.message)
        for key in valid { #expect(!refused.contains { $0.hasPrefix("message key '\(key)' must") }, "\(key) refused: \(refused)") }
        #expect(refused.count == invalid.count, "\(refused)")
        for key in invalid { #expect(refused.contains { $0.hasPrefix("message key '\(key)' must") }, "\(key) accepted: \(refused)") }
    }

    /// The same keys in a translation file: read by the short path (plain strings) or by the
    /// JSON reader (a value with an escape), the same keys are refused at the same places.
    @Test func translationKeysAreCheckedOnBothPaths() throws {
        let valid = ["a", "Z", "a.b", "A-Z_09", "t0.m1", "x-y_z.w", "_", "-", "a..b"]
        let invalid = [".a", "a.", ".", "é", "e\u{301}", "a b", "ａ", "a/b", "a:b", "@", "[", "`", "{", "~", "\u{7F}",
                       "ﬁ", "K\u{212A}", "٣", "a\u{200B}", "a\u{A0}"]
        var refusals: [[String]] = []
        for escaped in [false, true] {
            var entries: [String] = []
            for (i, key) in (valid + invalid).enumerated() { entries.append("\"\(key)\": \"m\(i)\"") }
            if escaped { entries.append("\"last\": \"\\u0041\"") }
            let root = try makeProject(["Templates/a.json": #"{"messages": {"a": {"message": "m"}}}"#,
                                        "Locales/ko/a.json": "{\n" + entries.joined(separator: ",\n") + "\n}"])
            let project = ProjectLoader.load(directory: root)
            let refused = project.diagnostics.filter { $0.id == "invalid-key" }
            #expect(refused.count == invalid.count, "\(refused.map(\.message))")
            for key in invalid { #expect(refused.contains { $0.message.hasPrefix("message key '\(key)' must") }, "\(key) accepted") }
            refusals.append(refused.map { "\(String(describing: $0.position)) \($0.message)" })
            #expect(project[table: "a"]?.locales["ko"]?.translations.count == valid.count + (escaped ? 1 : 0))
        }
        #expect(refusals[0] == refusals[1])
    }

    @Test func pathsFromConfigCannotEscape() {
        #expect(isSafeRelativePath("Templates"))
        #expect(isSafeRelativePath("strings/Templates"))
        #expect(!isSafeRelativePath("../elsewhere"))
        #expect(!isSafeRelativePath("/etc"))
        #expect(!isSafeRelativePath("a/../../b"))
        // A NUL or backslash byte, also where a combining mark makes it part of a character.
        let nul = String(UnicodeScalar(0)), backslash = String(UnicodeScalar(0x5C)), mark = String(UnicodeScalar(0x301)!)
        for refused in ["a" + nul + "b", "a" + backslash + "b", "a" + nul + mark + "b", "a" + backslash + mark + "b"] {
            #expect(!isSafeRelativePath(refused), "\(Array(refused.utf8))")
        }
        #expect(isSafeRelativePath("caf" + String(UnicodeScalar(0xE9)!) + "/e" + mark))
    }

    /// `readLocale(_:of:each:)` (what `speakable check` reads a locale with) hands over exactly
    /// the translations `readLocale(_:of:)` keeps — same tables, order, keys, positions, texts and
    /// patterns, the flat reader's file and the JSON reader's — with the same diagnostics, and
    /// keeps none itself.
    @Test func aLocaleHandedOverIsTheLocaleKept() throws {
        let root = try makeProject([
            "Templates/a.json": #"{"messages": {"x": {"message": "X {n}"}, "y": {"message": "Y"}, "z": {"message": "Z"}}}"#,
            "Templates/b.json": #"{"messages": {"p": {"message": "P"}}}"#,
            "Templates/c.json": #"{"messages": {"q": {"message": "Q"}}}"#,
            // Flat (one string a key), with a syntax error and a bad key.
            "Locales/ko/a.json": "{\n  \"x\": \"엑스 {n}\",\n  \"y\": \"와이 {\",\n  \"bad key\": \"z\",\n  \"z\": \"제트\"\n}\n",
            // Not flat (a number among the strings): the JSON reader's path.
            "Locales/ko/b.json": #"{"p": "피", "q": 1}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let project = ProjectLoader.load(directory: root, deferringLocales: true)
        let kept = ProjectLoader.readLocale("ko", of: project)
        var handed: [(Int, Translation)] = []
        let streamed = ProjectLoader.readLocale("ko", of: project) { table, translation in handed.append((table, translation)) }
        let keptList = kept.files.enumerated().flatMap { t, file in (file?.translations ?? []).map { (t, $0) } }
        func summary(_ list: [(Int, Translation)]) -> [String] {
            list.map { "\($0.0) \($0.1.key) \($0.1.keyPosition) \($0.1.source.text) \($0.1.pattern != nil)" }
        }
        #expect(summary(handed) == summary(keptList))
        #expect(handed.count == 4)
        #expect(summary(handed).contains("0 y 3:3 와이 { false"))
        #expect(streamed.diagnostics == kept.diagnostics)
        #expect(Set(kept.diagnostics.map(\.id)).isSuperset(of: ["syntax-error", "wrong-type"]))
        #expect(streamed.files.map { $0?.file } == kept.files.map { $0?.file })
        #expect(streamed.files.map { $0 == nil } == [false, false, true])
        #expect(streamed.files.allSatisfy { $0?.translations.isEmpty ?? true })
    }
}
