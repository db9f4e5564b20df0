import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats
import Testing
@testable import SpeakableCompiler

/// The `compose` output: Compose Multiplatform's `strings.xml` dialect (every position `%N$s`, a
/// literal `%` once, `_` for `.` in names, its escapes and folder names), the accessors'
/// parameters, and what the compiler refuses. (kotlinc and the JVM check the generated Kotlin in
/// PlatformDifferentialTests: ComposeAccessorTests and the `compose` platform.)
@Suite struct ComposeOutputTests {
    static func composeOptions(packages: Bool = true) -> (inout CompileOptions) -> Void {
        { options in
            options.outputs = [.compose]
            if packages {
                options.composeNamespace = "org.example.game"
                options.composeResourcesPackage = "game.composeapp.generated.resources"
            }
        }
    }

    /// A project folder with one table (`t`), its messages and Korean translations.
    static func project(_ messages: [(String, String)], korean: [(String, String)] = [], config: String? = nil) throws -> String {
        let root = try temporaryDirectory()
        func json(_ pairs: [(String, String)], wrap: Bool) -> String {
            let members = pairs.map { key, value in
                let quoted = "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n").replacing("\t", with: "\\t") + "\""
                return "\"\(key)\": " + (wrap ? "{\"message\": \(quoted)}" : quoted)
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
        try write(config ?? #"{"sourceLocale": "en", "targetLocales": ["ko"]}"#, to: root + "/speakable.json")
        try write("{\"messages\": " + json(messages, wrap: true) + "}", to: root + "/Templates/t.json")
        if !korean.isEmpty { try write(json(korean, wrap: false), to: root + "/Locales/ko/t.json") }
        return root
    }

    @Test func theGameFixtureInComposesDialect() throws {
        let files = compile(fixturesDirectory + "/Game", Self.composeOptions())
        #expect(Set(files.keys) == ["compose/composeResources/values/strings.xml", "compose/composeResources/values-ko/strings.xml",
                                    "compose/kotlin/GameStrings.kt", "compose/kotlin/SpeakableComposeRuntime.kt"])
        let english = try #require(files["compose/composeResources/values/strings.xml"])
        // Every number is text the accessor made (%N$s); a literal % is written once; `.` is `_`.
        #expect(english.contains(#"    <string name="coins_balance">%1$s O'Coins</string>"#))
        #expect(english.contains(#"    <string name="daily_result">Daily puzzle, %1$s: 100% solved</string>"#))
        #expect(english.contains("""
                <plurals name="lines_cleared">
                    <item quantity="one">Cleared %1$s line. Score %2$s.</item>
                    <item quantity="other">Cleared %1$s lines. Score %2$s.</item>
                </plurals>
            """))
        #expect(english.contains(#"<string name="sudoku_cell_label__content_given">Row %1$s, column %2$s, given %3$s</string>"#))
        #expect(!english.contains("%,") && !english.contains("%%") && !english.contains("$d"))
        let korean = try #require(files["compose/composeResources/values-ko/strings.xml"])
        // Korean has only `other`.
        #expect(korean.contains("<plurals name=\"lines_cleared\">\n        <item quantity=\"other\">"))
        let kotlin = try #require(files["compose/kotlin/GameStrings.kt"])
        #expect(kotlin.contains("package org.example.game.speakable\n"))
        #expect(kotlin.contains("import game.composeapp.generated.resources.Res\n"))
        #expect(kotlin.contains("import game.composeapp.generated.resources.coins_balance\n"))
        #expect(kotlin.contains("    suspend fun coinsBalance(coins: Int): String {\n"
                                + "        val args = arrayOf<Any>(SpeakableComposeRuntime.integer(coins, 1, 1))\n"
                                + "        return getString(Res.string.coins_balance, *args)\n    }\n"), "\(kotlin)")
        #expect(kotlin.contains("        @Composable\n        fun coinsBalance(coins: Int): String {\n"
                                + "            val args = arrayOf<Any>(SpeakableComposeRuntime.integer(coins, 1, 1))\n"
                                + "            return stringResource(Res.string.coins_balance, *args)\n        }\n"))
        let runtime = try #require(files["compose/kotlin/SpeakableComposeRuntime.kt"])
        #expect(runtime.contains("internal object SpeakableComposeRuntime {"))
        #expect(runtime.contains(#"        "en" to IntegerFormat(ASCII_DIGITS, "-", ",", 3, 3, 1, ",", 3, 3, 1)"#), "\(runtime)")
        #expect(runtime.contains(#"    private const val SOURCE = "en""#))
    }

    @Test func withoutPackagesTheResourcesComeAlone() {
        let files = compile(fixturesDirectory + "/Game", Self.composeOptions(packages: false))
        #expect(Set(files.keys) == ["compose/composeResources/values/strings.xml", "compose/composeResources/values-ko/strings.xml"])
    }

    @Test func composeIsADefaultOutputOnlyWithItsSection() {
        var config = ProjectConfig()
        #expect(CompileOptions.defaultOutputs(for: config) == [.xcstrings, .android, .xliff, .swift])
        config.composeNamespace = "org.example.game"
        config.composeResourcesPackage = "game.composeapp.generated.resources"
        #expect(CompileOptions.defaultOutputs(for: config) == [.xcstrings, .android, .xliff, .swift, .compose])
        config.outputs = ["android"]
        #expect(CompileOptions.defaultOutputs(for: config) == [.android])
        #expect(CompileOptions().outputs == Set(CompileOutput.standard))
    }

    @Test func theComposeSectionIsCheckedWithPositions() throws {
        let good = try Self.project([("a", "A")], config: #"{"sourceLocale": "en", "compose": {"namespace": "org.example.game", "resources": "game.composeapp.generated.resources"}}"#)
        let loaded = ProjectLoader.load(directory: good)
        #expect(!loaded.hasErrors)
        #expect(loaded.config.composeNamespace == "org.example.game")
        #expect(loaded.config.composeResourcesPackage == "game.composeapp.generated.resources")
        for (config, message) in [
            (#"{"compose": {"namespace": "org.example.game"}}"#, "\"compose\" needs both"),
            (#"{"compose": {"namespace": "org.example.class", "resources": "a.b"}}"#, "\"namespace\" must be a package name"),
            (#"{"compose": {"namespace": "a.b", "resources": "1game.res"}}"#, "\"resources\" must be the package of the app's generated Res class"),
            (#"{"compose": {"namespace": "a.b", "resources": "c.d", "res": "x"}}"#, "\"compose\" has \"namespace\" and \"resources\", not \"res\""),
            (#"{"outputs": ["compose", "kotlin"]}"#, "'kotlin' is not an output"),
        ] {
            let root = try Self.project([("a", "A")], config: config)
            let project = ProjectLoader.load(directory: root)
            let errors = project.diagnostics.filter { $0.severity == .error }
            #expect(errors.contains { $0.message.contains(message) && $0.position != nil }, "\(config): \(errors.map(\.rendered))")
        }
    }

    /// Compose's run time replaces every `%N$s` and `%N$d` of a string it is given arguments for,
    /// and nothing escapes one: such text is refused where it is written.
    @Test func aLiteralPlaceholderIsRefusedWhereItIsWritten() throws {
        let root = try Self.project([("use", "Use %1$s for {name}"), ("plain", "Write %1$d here"), ("percent", "{n} at 100%%1")],
                                    korean: [("use", "{name}에는 %2$d 사용")])
        var options = CompileOptions()
        Self.composeOptions()(&options)
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
        let errors = result.diagnostics.filter { $0.id == "compose-literal-placeholder" }
        #expect(errors.count == 2, "\(result.diagnostics.map(\.rendered))")
        #expect(errors.contains { $0.message.contains("'use' (en): the text \"%1$s\"") && ($0.file ?? "").hasSuffix("Templates/t.json") })
        #expect(errors.contains { $0.message.contains("'use' (ko): the text \"%2$d\"") && ($0.file ?? "").hasSuffix("Locales/ko/t.json") })
        #expect(result.files.isEmpty)
        // A string the accessor reads without arguments is shown as it is; "%%1" is "%" and "%1".
        #expect(!errors.contains { $0.message.contains("'plain'") || $0.message.contains("'percent'") })
        // Other outputs do not care.
        let android = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: CompileOptions())
        #expect(!android.hasErrors)
        // `speakable check` (validation) finds it too.
        var validation = CompileOptions()
        validation.outputs = [.compose]
        #expect(CatalogCompiler.validate(ProjectLoader.load(directory: root), options: validation).contains { $0.id == "compose-literal-placeholder" })
    }

    @Test func textIsEscapedForComposeAndNothingElse() throws {
        let root = try Self.project([("t", "Tom & Jerry's \"<b>\" \\ back\tslash\nnext line @ ? 50% {n}")])
        let files = compile(root, Self.composeOptions())
        let english = try #require(files["compose/composeResources/values/strings.xml"])
        #expect(english.contains(#"<string name="t">Tom &amp; Jerry's "&lt;b&gt;" \\ back\tslash\nnext line @ ? 50% %1$s</string>"#), "\(english)")
    }

    @Test func localeFoldersAreComparedLiterallyByCompose() throws {
        let root = try Self.project([("a", "A {n}")], config: #"{"sourceLocale": "en", "targetLocales": ["he", "id", "yi", "pt-BR", "sr-Latn"]}"#)
        let files = compile(root, Self.composeOptions())
        let folders = Set(files.keys.filter { $0.hasPrefix("compose/composeResources/") }.map { $0.split(separator: "/")[2] })
        #expect(folders == ["values", "values-he", "values-id", "values-yi", "values-pt-rBR", "values-b+sr+Latn"])
        let runtime = try #require(files["compose/kotlin/SpeakableComposeRuntime.kt"])
        for key in ["\"en\"", "\"he\"", "\"id\"", "\"yi\"", "\"pt-BR\"", "\"sr\""] { #expect(runtime.contains("        \(key) to IntegerFormat("), "\(key)") }
    }

    @Test func namesThatComposeWouldMakeOneCollide() throws {
        let root = try Self.project([("game.coins", "A"), ("game_coins", "B")])
        var options = CompileOptions()
        Self.composeOptions()(&options)
        let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
        #expect(result.diagnostics.contains { $0.id == "catalog-key-collision" && $0.message.contains("Compose resource name 'game_coins'") },
                "\(result.diagnostics.map(\.rendered))")
    }

    // MARK: Pieces

    @Test func placeholdersAsComposesRegexFindsThem() {
        #expect(ComposeResources.placeholders(in: "%1$s of %2$d") == [0..<4, 8..<12])
        #expect(ComposeResources.placeholders(in: "%%1$s 100% %1 %$s %1$x %12$s") == [1..<5, 23..<28])
        #expect(ComposeResources.placeholders(in: "no percent") == [])
    }

    @Test func convertedFormatsBecomeComposeStrings() {
        // The converter writes a literal % as %% (every string is a format): Compose shows it once.
        let (text, ours) = ComposeDialect.compose("%1$s at 100%%%2$s, %%1$s")
        #expect(text == "%1$s at 100%%2$s, %1$s")
        #expect(ours == [0..<4, 12..<16])
        // The literal "%1$s" at the end is not the accessor's: refused when there are arguments.
        #expect(ComposeDialect.strings(of: .text("%1$s at 100%%%2$s, %%1$s")).literalPlaceholders == ["%1$s"])
        #expect(ComposeDialect.strings(of: .text("50%% off")).literalPlaceholders == [])
    }

    @Test func foldersKeysAndNames() {
        #expect(ComposeResources.valuesFolder(for: "ko") == "values-ko")
        #expect(ComposeResources.valuesFolder(for: "he") == "values-he")
        #expect(ComposeResources.valuesFolder(for: "fil") == "values-fil")
        #expect(ComposeResources.valuesFolder(for: "pt-BR") == "values-pt-rBR")
        #expect(ComposeResources.valuesFolder(for: "es-419") == "values-b+es+419")
        #expect(ComposeResources.valuesFolder(for: "zh-Hant-TW") == "values-b+zh+Hant+TW")
        #expect(ComposeResources.localeKey(for: "pt-BR") == "pt-BR")
        #expect(ComposeResources.localeKey(for: "zh-Hant-TW") == "zh-TW")
        #expect(ComposeResources.localeKey(for: "es-419") == "es-419")
        #expect(ComposeResources.resourceName("level.stars__stars_eq0") == "level_stars__stars_eq0")
        #expect(ComposeResources.propertyName("1up") == "_1up")
        #expect(ComposeResources.propertyName("a-b") == "a_b")
    }

    /// Numbers and dates the accessor cannot format are text parameters, named predictably.
    @Test func textParameters() throws {
        let message = "{count, plural, one {# try} other {# tries}}: {ratio, number, percent} ({ratio}), {count, number, ::compact-short}, {day, date, medium}"
        let pattern = try MessagePattern(message)
        let template = try #require(ProjectLoader.load(directory: try Self.project([("m", message)])).tables.first?.messages.first)
        let kinds: [String: CatalogArgument.Kind] = ["count": .integer, "ratio": .double, "day": .date]
        let parameters = ComposeAccessorNames.parameters(template, kinds: kinds, bodies: [(pattern.body, .english)])
        #expect(parameters.map(\.label) == ["count", "ratio", "day", "countText", "ratioNumberText"])
        #expect(parameters.map(\.textPattern) == [nil, "{0, number, percent}", "{0, date, medium}", "{0, number, ::compact-short}", "{0, number}"])
    }
}
