#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
@testable import PlatformDifferentialKit
import SpeakableJSON
import SpeakableTestSupport
import Testing

/// The generated Compose Multiplatform accessors (`compose/kotlin/*.kt`) over the compiled
/// `compose/composeResources/`: `kotlinc` compiles them without a warning against stubs of
/// exactly the Compose APIs they may call, with a `Res` made from the compiled resources as
/// Compose's plugin makes it, and on the JVM each accessor — suspend and `@Composable` — returns
/// what Speakable says, with Compose's substitution, folder choice and plural items modelled
/// (ComposeStubs, ComposeRunner.java). The built-in catalog, the real catalogs, the stress and
/// the number-style projects are measured by PlatformDifferentialTests with every platform.
@Suite(.serialized) struct ComposeAccessorTests {
    static func composeTools(sourceLocation: SourceLocation = #_sourceLocation) -> ComposeTools? {
        switch ComposeTools.find() {
        case .success(let tools): return tools
        case .failure(let error):
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("CI must have kotlinc and a JDK: \(error)", sourceLocation: sourceLocation) }
            else { print("skipping: \(error)") }
            return nil
        }
    }

    static func writeJSON(_ value: JSONValue, to path: String) throws {
        try Files.write(value.prettyPrinted() + "\n", to: path)
    }

    /// Runs the differential (Compose only) on one project: every case must be identical.
    static func measure(_ project: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> InputReport? {
        guard composeTools(sourceLocation: sourceLocation) != nil else { return nil }
        var options = DifferentialOptions()
        options.platforms = [.compose]
        let report = try PlatformDifferential.run([.project(name: name, directory: project)], allowList: AllowList(), options: options)
        let input = try #require(report.inputs.first, sourceLocation: sourceLocation)
        #expect(input.problems.isEmpty, "\(input.problems.prefix(5).joined(separator: "\n"))", sourceLocation: sourceLocation)
        let compose = input.mismatches.filter { $0.platform == .compose }
        #expect(compose.isEmpty, "\(compose.prefix(5).map(\.text).joined())", sourceLocation: sourceLocation)
        return input
    }

    /// The built-in catalog (Templates/ and Locales/ of this package): every example of every
    /// message in English and Korean.
    @Test func builtInCatalog() throws {
        guard let input = try Self.measure(StandardInputs.packageRoot, name: "builtin") else { return }
        let tally = try #require(input.tallies[.compose])
        #expect(tally.locales == 2)
        #expect(tally.messages >= 70)
        #expect(tally.cases > 2000)
        #expect(tally.identical == tally.cases)
        print("compose: built-in catalog, \(tally.identical) of \(tally.cases) cases identical")
    }

    @Test func hostileTextInMessagesCommentsKeysAndTheTableNameStaysText() throws {
        // Compose's own hazards (\n, \t, \uXXXX read by its plugin, quotes and @ kept, white
        // space kept), Kotlin's, and the shared hostile corpus — without "%N$s" (refused:
        // compose-literal-placeholder) and "%" (Android's formatted="false" matter).
        let compose = ["\\n", "\\t", "\\u0041", "\\\\u0041", "\\'", "\\\"", "\"quoted\"", "  spaced  ", "@string/x", "?attr", "'",
                       "a\rb", "a\r\nb", "line\u{2028}sep", "nul\u{0}", "\u{FEFF}bom", "<b>bold</b>", "&amp;", "]]>", "tab\tin",
                       "$x", "${System.exit(1)}", "\"\"\"", "*/ fun evil() {} /*", "\\", "`backtick`"]
        let corpus = compose + HostileStrings.generate(count: 160).map { $0.replacing("%", with: "") }
        // (A file name cannot hold "/": "*/" in comments comes from the messages' comments.)
        let table = "evil $x * \u{2018}<x>&\"' --> ]]> #{"
        var messages: [(String, JSONValue)] = []
        var korean: [(String, JSONValue)] = []
        for (index, text) in corpus.enumerated() {
            let letters = index < compose.count ? compose[index].filter { $0.isASCII && ($0.isLetter || $0.isNumber) } : ""
            let key = "k\(index)" + (letters.isEmpty ? "" : "." + letters)
            // Half the messages print an argument too, so that their strings are read with arguments.
            let message = index % 2 == 0 ? icuLiteral(text) : icuLiteral(text) + " {n}"
            messages.append((key, .object([("message", .string(message)), ("comment", .string(text)),
                                           ("examples", .array(index % 2 == 0 ? [] : [.object([("n", .int(9180))])]))])))
            let translated = icuLiteral(corpus[(index + 1) % corpus.count])
            korean.append((key, .string(index % 2 == 0 ? translated : translated + " {n}")))
        }
        let project = try Files.temporaryDirectory("compose-hostile")
        defer { Files.remove(project) }
        try Self.writeJSON(.object([("sourceLocale", .string("en")), ("targetLocales", .array([.string("ko")]))]), to: project + "/speakable.json")
        try Self.writeJSON(.object([("messages", .object(messages))]), to: project + "/Templates/\(table).json")
        try Self.writeJSON(.object(korean), to: project + "/Locales/ko/\(table).json")
        guard let input = try Self.measure(project, name: "hostile") else { return }
        let tally = try #require(input.tallies[.compose])
        #expect(tally.messages == corpus.count)
        #expect(tally.locales == 2)
        #expect(tally.identical == tally.cases)
    }

    /// What an app needs code for, in one small project: a select, an `=0` that needs a
    /// companion, two plurals in one message, a Korean particle after a string and after a
    /// fraction, a `::group-off` and a padded integer, a fraction and a percent the caller formats,
    /// a date, Hindi and Arabic digits and grouping, and messages whose names Kotlin reserves.
    @Test func eachPlatformLimitIsHandledByTheAccessor() throws {
        let project = try Files.temporaryDirectory("compose-limits")
        defer { Files.remove(project) }
        func message(_ text: String, _ examples: [JSONValue]) -> JSONValue {
            .object([("message", .string(text)), ("examples", .array(examples))])
        }
        let templates: [(String, JSONValue)] = [
            ("cell", message("{content, select, given {Given {digit}} empty {Empty} other {Note {digit}}}",
                             [.object([("content", .string("given")), ("digit", .int(5))])])),
            ("stars", message("{stars, plural, =0 {No stars yet} one {# star} other {# stars}} of {total}",
                              [.object([("stars", .int(0)), ("total", .int(3))])])),
            ("cleared", message("Cleared {lines, plural, one {# line} other {# lines}} with {combo, plural, =0 {no combo} one {# combo} other {# combos}}",
                                [.object([("lines", .int(2)), ("combo", .int(0))])])),
            ("placed", message("Placed {piece}", [.object([("piece", .string("the square"))])])),
            ("score", message("Score {score, number, ::group-off}, time {minutes, number, ::integer-width/*00}:{seconds, number, ::integer-width/*00 group-off}",
                              [.object([("score", .int(12345)), ("minutes", .int(3)), ("seconds", .int(7))])])),
            ("ratio", message("Ratio {ratio}, {p, number, percent} done", [.object([("ratio", .double(1.5)), ("p", .double(0.25))])])),
            ("when", message("Saved {day, date, medium}", [.object([("day", .object([("$date", .string("2025-08-26"))]))])])),
            ("res", message("Resource {res} {in}", [.object([("res", .string("a")), ("in", .string("b"))])])),
            ("in", message("In", [])),
            ("string", message("String", [])),
        ]
        try Self.writeJSON(.object([("sourceLocale", .string("en")), ("targetLocales", .array([.string("ko"), .string("hi"), .string("ar")]))]),
                           to: project + "/speakable.json")
        try Self.writeJSON(.object([("messages", .object(templates))]), to: project + "/Templates/game.json")
        try Self.writeJSON(.object([
            ("cell", .string("{content, select, given {주어진 숫자 {digit}} empty {빈 칸} other {메모 {digit}}}")),
            ("stars", .string("별 {total}개 중 {stars}개")),
            ("cleared", .string("{lines}줄 지움, 콤보 {combo, plural, =0 {없음} other {{combo}회}}")),
            ("placed", .string("{piece}을(를) 놓음")),
            ("score", .string("점수 {score, number, ::group-off}이(가) 기록됨, 시간 {minutes, number, ::integer-width/*00}:{seconds, number, ::integer-width/*00 group-off}")),
            ("ratio", .string("비율 {ratio}이(가) {p, number, percent}")),
        ]), to: project + "/Locales/ko/game.json")
        try Self.writeJSON(.object([
            ("stars", .string("{total} में से {stars, plural, =0 {अभी कोई तारा नहीं} one {# तारा} other {# तारे}}")),
            ("score", .string("स्कोर {score, number, ::group-off}, समय {minutes, number, ::integer-width/*00}:{seconds, number, ::integer-width/*00 group-off}")),
        ]), to: project + "/Locales/hi/game.json")
        try Self.writeJSON(.object([
            ("stars", .string("{stars, plural, =0 {لا نجوم بعد} zero {# نجمة} one {نجمة واحدة} two {نجمتان} few {# نجوم} many {# نجمة} other {# نجمة}} من {total}")),
            ("ratio", .string("النسبة {ratio}، {p, number, percent}")),
        ]), to: project + "/Locales/ar/game.json")
        guard let input = try Self.measure(project, name: "limits") else { return }
        let tally = try #require(input.tallies[.compose])
        #expect(tally.messages == templates.count)
        #expect(tally.locales == 4)
        #expect(tally.identical == tally.cases)
        // The project's own compile, with its packages from the command line, says what the accessors do.
        let speakable = try #require(PlatformDifferential.defaultSpeakable())
        let compiled = try Subprocess.run([speakable, "compile", "--project", project, "--only", "compose", "--compose-namespace", "org.example.game",
                                           "--compose-resources", "game.composeapp.generated.resources"], scratch: project)
        #expect(compiled.status == 0, "\(compiled.errorText)")
        #expect(compiled.outputText.contains("compose/kotlin/GameStrings.kt: 10 accessors (GameStrings, GameStrings.Composables); 1 pick a select case's resource, "
                                             + "2 a companion for an exact value, 1 compose several <plurals>, 3 resolve Korean particles, "
                                             + "2 take a number or date as ICU's text"), "\(compiled.outputText)")
        let kotlin = try Files.readText(project + "/Generated/compose/kotlin/GameStrings.kt")
        #expect(kotlin.contains("package org.example.game.speakable\n"))
        #expect(kotlin.contains("import game.composeapp.generated.resources.Res\n"))
        #expect(kotlin.contains("    suspend fun stars(stars: Int, total: Int): String {\n"
                                + "        val args = arrayOf<Any>(SpeakableComposeRuntime.integer(stars, 1, 1), SpeakableComposeRuntime.integer(total, 1, 1))\n"
                                + "        if (stars == 0) return getString(Res.string.stars__stars_eq0, *args)\n"
                                + "        return getPluralString(Res.plurals.stars, stars, *args)\n"), "\(kotlin)")
        #expect(kotlin.contains("    suspend fun ratio(ratio: String, p: String): String {"))
        #expect(kotlin.contains("    suspend fun `when`(day: String): String {"))
        #expect(kotlin.contains("    suspend fun `in`(): String {"))
        #expect(kotlin.contains("    suspend fun stringMessage(): String {"))
        #expect(kotlin.contains("    suspend fun res(res_: String, `in`: String): String {"))
        #expect(kotlin.contains("        @Composable\n        fun stars(stars: Int, total: Int): String {"))
        // The KDoc says which ICU pattern a text parameter takes.
        #expect(kotlin.contains("`p`: `p` as text, as ICU formats it for the app's locale: `MessageFormat(\"{0, number, percent}\", locale).format(arrayOf(p))`"))
        let runtime = try Files.readText(project + "/Generated/compose/kotlin/SpeakableComposeRuntime.kt")
        #expect(runtime.contains(#""hi" to IntegerFormat("#))
        #expect(runtime.contains(#""ar" to IntegerFormat(arrayOf("\u0660""#) || runtime.contains(#""ar" to IntegerFormat(arrayOf("٠""#), "\(runtime.prefix(3000))")
        #expect(runtime.contains("fun particles(text: String): String {"))
        // Without the packages the compose output is an error that says what to add.
        let missing = try Subprocess.run([speakable, "compile", "--project", project, "--only", "compose"], scratch: project)
        #expect(missing.status == 1)
        #expect(missing.errorText.contains("compose-config-missing") && missing.errorText.contains("\"compose\": {\"namespace\""), "\(missing.errorText)")
    }
}
