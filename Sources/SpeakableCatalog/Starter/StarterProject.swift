import SpeakableICU
import SpeakableJSON

/// The project `speakable init` writes: a `speakable.json` with the locales asked for, one
/// template table with real screen-reader messages (a label, a value with a plural, a VoiceOver
/// hint, TalkBack's click label, an announcement), an empty translation file per target locale, and
/// a `.gitignore` for the compiled outputs. It checks and compiles as written.
///
/// ```swift
/// let starter = try StarterProject(sourceLocale: "en", targetLocales: ["ko", "ja"])
/// starter.files.map(\.path)
/// // ["speakable.json", "Templates/game.json", "Locales/ko/game.json", "Locales/ja/game.json", ".gitignore"]
/// ```
///
/// **Translations awaiting work are absent, not copied.** The locale files are flat ICU JSON
/// (`{"key": "message"}`), which has no room for a state, so a message that needs translation is
/// one whose key is not in the locale file yet: `speakable check` lists each as
/// `missing-translation` and counts it in the per-locale summary, `speakable compile` writes it into
/// `xliff/<locale>.xliff` with `state="initial"` and no `<target>` (what translation tools show as
/// "to translate"), and the String Catalog and Android resources leave it out, so apps fall back
/// to the source text exactly as Xcode and Android do for any untranslated string. Copying the
/// source text into the locale file instead would ship English as "translated" Korean and hide it
/// from all three.
public struct StarterProject: Sendable {
    /// Source languages the starter messages are written in.
    public static let sourceLanguages = ["en", "ko"]

    public let sourceLocale: String
    public let targetLocales: [String]
    /// The template table's name (`Templates/<table>.json`; Swift accessors `<Table>Strings`).
    public let table: String
    /// Without the sample table: `speakable.json` and `.gitignore` only, for a project whose
    /// messages come from the catalogs an app already ships (`speakable import`). The source
    /// language can then be any locale ICU knows.
    public let isEmpty: Bool
    /// `"android": {"namespace": …}`: the app's `R` package, which the Kotlin accessors import;
    /// ``placeholderNamespace`` when init was not told (and says to change it).
    public let androidNamespace: String
    /// Whether ``androidNamespace`` is the placeholder.
    public var hasPlaceholderNamespace: Bool { androidNamespace == Self.placeholderNamespace }
    public static let placeholderNamespace = "com.example.game"

    /// Why a starter project cannot be made as asked.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// - Throws: ``Problem`` for a tag that is not a locale ICU knows (with "did you mean"), a
    ///   source language the starter messages are not written in, a target equal to the source or
    ///   given twice, or a table name that cannot be a file name and a Swift identifier.
    public init(sourceLocale: String = "en", targetLocales: [String] = [], table: String = "game", empty: Bool = false,
                androidNamespace: String? = nil) throws(Problem) {
        if let androidNamespace, !ProjectConfig.isPackageName(androidNamespace) {
            throw Problem(message: "'\(androidNamespace)' is not a package name; --android-namespace takes the app's namespace, such as com.example.game")
        }
        if let problem = LocaleTags.problem(with: sourceLocale, candidates: Self.sourceLanguages) {
            throw Problem(message: "source locale " + problem.message)
        }
        let sourceLanguage = (try? ICULocale(sourceLocale))?.language ?? sourceLocale
        guard empty || Self.sourceLanguages.contains(sourceLanguage) else {
            throw Problem(message: "the starter messages are written in \(Self.sourceLanguages.joined(separator: " and ")), not '\(sourceLocale)'; "
                          + "start with --source en and rewrite Templates/ in your language (then set \"sourceLocale\" in speakable.json)")
        }
        var seen = Set<String>()
        for tag in targetLocales {
            if let problem = LocaleTags.problem(with: tag, candidates: ["en", "ko", "ja", "zh-Hans", "zh-Hant", "es", "fr", "de", "pt-BR"]) {
                throw Problem(message: "target locale " + problem.message)
            }
            if tag.lowercased() == sourceLocale.lowercased() {
                throw Problem(message: "'\(tag)' is the source locale; --locales lists the languages translated into")
            }
            guard seen.insert(tag.lowercased()).inserted else { throw Problem(message: "'\(tag)' is given twice in --locales") }
        }
        let validTable = !table.isEmpty && table.first!.isASCII && table.first!.isLetter
            && table.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-" }
        guard validTable else {
            throw Problem(message: "table name '\(table)' must start with a letter and hold only ASCII letters, digits, '_' and '-'")
        }
        self.sourceLocale = sourceLocale
        self.targetLocales = targetLocales
        self.table = table
        self.isEmpty = empty
        self.androidNamespace = androidNamespace ?? Self.placeholderNamespace
    }

    /// One file of the starter project, its path relative to the project folder.
    public struct File: Sendable, Hashable {
        public let path: String
        public let contents: String
        /// What it is, for the summary `speakable init` prints.
        public let summary: String
    }

    /// The files, in the order they are listed to the user. Each ends with a newline.
    public var files: [File] {
        var files = [
            File(path: "speakable.json", contents: config.prettyPrinted() + "\n",
                 summary: "the project: source \(sourceLocale), " + (targetLocales.isEmpty ? "no target locales yet" : "target\(targetLocales.count == 1 ? "" : "s") \(targetLocales.joined(separator: ", "))")),
        ]
        if isEmpty {
            files.append(File(path: ".gitignore", contents: Self.gitignore, summary: "keeps the compiled outputs (Generated/) out of git"))
            return files
        }
        files.append(File(path: "Templates/\(table).json", contents: templates.prettyPrinted() + "\n",
                          summary: "\(messages.count) messages: a label, a value with a plural, a VoiceOver hint, TalkBack's click label, an announcement"))
        for tag in targetLocales {
            files.append(File(path: "Locales/\(tag)/\(table).json", contents: "{}\n",
                              summary: "\(LocaleTags.displayName(tag) ?? tag) translations: none yet, so all \(messages.count) need translation"))
        }
        files.append(File(path: "Scenarios/\(table).json", contents: scenario.prettyPrinted() + "\n",
                          summary: "a screen made of the messages: the level map as a grid, a level, an announcement (speakable preview)"))
        files.append(File(path: ".gitignore", contents: Self.gitignore, summary: "keeps the compiled outputs (Generated/) out of git"))
        return files
    }

    /// A screen made of the starter messages, for `speakable preview --scenario`: the level map
    /// as a grid of level buttons (each with its stars, hint and action; the second selected), a
    /// level on its own, and the announcement after a move.
    var scenario: JSONValue {
        func message(_ key: String, _ args: [(String, JSONValue)] = []) -> JSONValue {
            args.isEmpty ? .object([("message", .string(key))]) : .object([("message", .string(key)), ("args", .object(args))])
        }
        func cell(_ column: Int, level: Int, stars: Int) -> JSONValue {
            .object([("row", .int(1)), ("column", .int(Int64(column))), ("args", .object([("level", .int(Int64(level))), ("stars", .int(Int64(stars)))]))])
        }
        return .object([
            ("items", .array([
                .object([
                    ("type", .string("grid")), ("title", .string("Level map")),
                    ("label", .object([("en", .string("Levels")), ("ko", .string("단계 목록"))])),
                    ("rows", .int(1)), ("columns", .int(3)),
                    ("cell", .object([
                        ("label", message("level.label")),
                        ("value", message("level.stars", [("total", .int(3))])),
                        ("hint", message("level.play.hint")),
                        ("action", message("level.play.action")),
                        ("traits", .array([.string("button")])),
                    ])),
                    ("cells", .array([cell(1, level: 1, stars: 3), cell(2, level: 2, stars: 1), cell(3, level: 3, stars: 0)])),
                    ("selected", .array([.int(1), .int(2)])),
                ]),
                .object([
                    ("type", .string("element")), ("title", .string("Level 5")),
                    ("label", message("level.label", [("level", .int(5))])),
                    ("value", message("level.stars", [("stars", .int(2)), ("total", .int(3))])),
                    ("hint", message("level.play.hint")),
                    ("action", message("level.play.action")),
                    ("traits", .array([.string("button")])),
                ]),
                .object([
                    ("type", .string("announcement")), ("title", .string("After a move")),
                    ("message", .string("lines.cleared")), ("args", .object([("lines", .int(2)), ("score", .int(640))])),
                ]),
            ])),
        ])
    }

    static let gitignore = """
    # Written by `speakable compile` from Templates/ and Locales/: rebuild, do not edit or commit.
    /Generated/
    # `speakable import` keeps what platform catalogs hold beyond ICU text in .speakable/: commit it.

    """

    var config: JSONValue {
        .object([
            ("sourceLocale", .string(sourceLocale)),
            ("targetLocales", .array(targetLocales.map { .string($0) })),
            ("templates", .string("Templates")),
            ("locales", .string("Locales")),
            ("hintStyle", .string("result")),
            ("android", .object([("namespace", .string(androidNamespace))])),
        ])
    }

    struct Message {
        let key: String
        let role: Role
        let english: String
        let korean: String
        let comment: String
        let examples: [JSONValue]
    }

    /// The starter messages, after the reference games: O'Block's level cell ("Level 5", "2 of 3 stars"),
    /// its play button, and the announcement after a move. The Korean text follows the built-in
    /// catalog's wording (counters carry the number; an action fragment is a noun that takes 하다)
    /// and, like it, awaits a native speaker's review.
    var messages: [Message] {
        [
            Message(key: "level.label", role: .label, english: "Level {level}", korean: "{level}단계",
                    comment: "A level on the level map, named by its number. VoiceOver reads it as the element's label (accessibilityLabel), TalkBack as its contentDescription. No role words (\"button\") and no final period: the screen reader adds the role.",
                    examples: [.object([("level", .int(5))])]),
            Message(key: "level.stars", role: .value,
                    english: "{stars} of {total, plural, one {# star} other {# stars}}", korean: "별 {total}개 중 {stars}개",
                    comment: "The stars earned on a level, spoken after its label: accessibilityValue on iOS, stateDescription on Android. {stars} is 0 to {total}; the plural follows {total}.",
                    examples: [.object([("stars", .int(2)), ("total", .int(3))]), .object([("stars", .int(1)), ("total", .int(1))])]),
            Message(key: "level.play.hint", role: .hint, english: "Starts the level.", korean: "단계를 시작합니다.",
                    comment: "VoiceOver's hint for the level's button (accessibilityHint): what a double tap does, as a third-person phrase, without the gesture. Users can turn hints off, so nothing essential goes only here.",
                    examples: []),
            Message(key: "level.play.action", role: .action, english: "start the level", korean: "단계를 시작",
                    comment: "TalkBack's click label for the same button (onClick(label = …) in Compose, AccessibilityActionCompat in views): TalkBack says \"Double-tap to start the level\" (Korean: \"단계를 시작하려면 두 번 탭하세요\"), so this is the action alone, lower case, without the gesture.",
                    examples: []),
            Message(key: "lines.cleared", role: .announcement,
                    english: "Cleared {lines, plural, one {# line} other {# lines}}. Score {score, number}.",
                    korean: "{lines}줄 지움. 점수 {score, number}점.",
                    comment: "Announced after a move clears lines (UIAccessibility.post(notification: .announcement, …) on iOS, announceForAccessibility or a live region on Android).",
                    examples: [.object([("lines", .int(2)), ("score", .int(640))]), .object([("lines", .int(1)), ("score", .int(120))])]),
        ]
    }

    var templates: JSONValue {
        let korean = ((try? ICULocale(sourceLocale))?.language ?? "") == "ko"
        return .object([("messages", .object(messages.map { message in
            var fields: [(String, JSONValue)] = [
                ("role", .string(message.role.rawValue)),
                ("message", .string(korean ? message.korean : message.english)),
                ("comment", .string(message.comment)),
            ]
            if !message.examples.isEmpty { fields.append(("examples", .array(message.examples))) }
            return (message.key, .object(fields))
        }))])
    }
}
