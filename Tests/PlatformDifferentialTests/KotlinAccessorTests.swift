#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
@testable import PlatformDifferentialKit
import SpeakableJSON
import SpeakableTestSupport
import Testing

/// The generated Kotlin accessors (`android/kotlin/<Table>Strings.kt`) on hostile and tricky
/// projects: `kotlinc` compiles them without a warning against stubs of exactly the Android APIs
/// they may call, and on the JVM each accessor returns what Speakable says — so no text from the
/// project (messages, comments, keys, the table's file name) became code, and every message is
/// still its text. (The built-in catalog, the real catalogs, the stress and the number-style
/// projects are measured by PlatformDifferentialTests.)
@Suite(.serialized) struct KotlinAccessorTests {
    static func options() -> DifferentialOptions {
        var options = DifferentialOptions()
        options.platforms = [.android, .androidKotlin]
        return options
    }

    static func writeJSON(_ value: JSONValue, to path: String) throws {
        try Files.write(value.prettyPrinted() + "\n", to: path)
    }

    /// Runs the differential (Android and Kotlin) on one project: every case must be identical
    /// on the Kotlin side.
    static func measure(_ project: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> InputReport? {
        guard androidTools(sourceLocation: sourceLocation) != nil, kotlinTools(sourceLocation: sourceLocation) != nil else { return nil }
        let report = try PlatformDifferential.run([.project(name: name, directory: project)], allowList: AllowList(), options: options())
        let input = try #require(report.inputs.first, sourceLocation: sourceLocation)
        #expect(input.problems.isEmpty, "\(input.problems.prefix(5).joined(separator: "\n"))", sourceLocation: sourceLocation)
        let kotlin = input.mismatches.filter { $0.platform == .androidKotlin }
        #expect(kotlin.isEmpty, "\(kotlin.prefix(5).map(\.text).joined())", sourceLocation: sourceLocation)
        return input
    }

    @Test func hostileTextInMessagesCommentsKeysAndTheTableNameStaysText() throws {
        // Kotlin's own hazards first: templates, raw strings, escapes, comment ends (block
        // comments nest), line terminators; then the shared hostile corpus. Without "%" (a
        // string with two needs formatted="false", the Android writer's matter) and NUL (XML
        // cannot hold it: the Android writer's stand-in is U+FFFD, on every platform).
        let kotlin = ["$x", "${System.exit(1)}", "\"\"\"", "\\u0022", "*/ fun evil() {} /*", "/* open", "\\", "a\rb", "a\r\nb",
                      "line\u{2028}sep", "next\u{85}line", "\u{FEFF}bom", "`backtick`", "'", "\\$"]
        let corpus = kotlin + HostileStrings.generate(count: 160).map { $0.replacing("%", with: "").replacing("\u{0}", with: "") }
        // (No "/" or "\\": it is a file name.)
        let table = "evil $x ${y} \"\"\" * \u{2018}<x>&\"' --> ]]> #{"
        var messages: [(String, JSONValue)] = []
        var korean: [(String, JSONValue)] = []
        for (index, text) in corpus.enumerated() {
            // Keys are letters, digits, ".", "_" and "-" (the loader refuses others); these are
            // Kotlin keywords, names of the generated object's own members and names that are not
            // identifiers as they are.
            let names = ["in", "fun", "class.object", "return-this", "_", "1st", "a..b", "-x", "values", "Runtime", "tableName", "res"]
            let key = index < names.count ? names[index] : "m\(index)"
            messages.append((key, .object([("message", .string(icuLiteral(text))), ("comment", .string(text))])))
            korean.append((key, .string(icuLiteral(corpus[(index + 1) % corpus.count]))))
        }
        let project = try Files.temporaryDirectory("kotlin-hostile")
        defer { Files.remove(project) }
        try Self.writeJSON(.object([("sourceLocale", .string("en")), ("targetLocales", .array([.string("ko")]))]), to: project + "/speakable.json")
        try Self.writeJSON(.object([("messages", .object(messages))]), to: project + "/Templates/\(table).json")
        try Self.writeJSON(.object(korean), to: project + "/Locales/ko/\(table).json")
        guard let input = try Self.measure(project, name: "hostile") else { return }
        let tally = try #require(input.tallies[.androidKotlin])
        #expect(tally.messages == corpus.count)
        #expect(tally.locales == 2)
        #expect(tally.identical == tally.cases)
    }

    /// What an app needs code for, in one small project: a select, an `=0` that needs a
    /// companion, two plurals in one message, a Korean particle after a string and after a
    /// fraction, a number printf cannot print, a date, an argument named like the `res`
    /// parameter, and messages whose names Kotlin reserves.
    @Test func eachPlatformLimitIsHandledByTheAccessor() throws {
        let project = try Files.temporaryDirectory("kotlin-limits")
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
            ("ratio", message("Ratio {ratio}, {p, number, percent} done", [.object([("ratio", .double(1.5)), ("p", .double(0.25))])])),
            ("when", message("Saved {day, date, medium}", [.object([("day", .object([("$date", .string("2025-08-26"))]))])])),
            ("res", message("Resource {res} {in}", [.object([("res", .string("a")), ("in", .string("b"))])])),
            ("in", message("In", [])),
            ("string", message("String", [])),
        ]
        try Self.writeJSON(.object([("sourceLocale", .string("en")), ("targetLocales", .array([.string("ko")])),
                                    ("android", .object([("namespace", .string("com.example.game"))]))]), to: project + "/speakable.json")
        try Self.writeJSON(.object([("messages", .object(templates))]), to: project + "/Templates/game.json")
        try Self.writeJSON(.object([
            ("cell", .string("{content, select, given {주어진 숫자 {digit}} empty {빈 칸} other {메모 {digit}}}")),
            ("stars", .string("별 {total}개 중 {stars}개")),
            ("cleared", .string("{lines}줄 지움, 콤보 {combo, plural, =0 {없음} other {{combo}회}}")),
            ("placed", .string("{piece}을(를) 놓음")),
            ("ratio", .string("비율 {ratio}이(가) {p, number, percent}")),
        ]), to: project + "/Locales/ko/game.json")
        guard let input = try Self.measure(project, name: "limits") else { return }
        let tally = try #require(input.tallies[.androidKotlin])
        #expect(tally.messages == templates.count)
        #expect(tally.identical == tally.cases)
        // The Android resources alone do not say the particles: the accessors are what fixes them.
        #expect(input.mismatches.contains { $0.platform == .android && $0.key == "placed" && $0.locale == "ko" })
        // The project's own compile writes the accessors for its namespace and says what they do.
        let speakable = try #require(PlatformDifferential.defaultSpeakable())
        let compiled = try Subprocess.run([speakable, "compile", "--project", project, "--only", "android"], scratch: project)
        #expect(compiled.status == 0, "\(compiled.errorText)")
        #expect(compiled.outputText.contains("android/kotlin/GameStrings.kt: 9 accessors (GameStrings); 1 pick a select case's resource, "
                                             + "2 a companion for an exact value, 1 compose several <plurals>, 2 resolve Korean particles, "
                                             + "2 format numbers or dates with android.icu (API 24+)"), "\(compiled.outputText)")
        let kotlin = try Files.readText(project + "/Generated/android/kotlin/GameStrings.kt")
        #expect(kotlin.contains("package com.example.game.speakable\n"))
        #expect(kotlin.contains("import com.example.game.R\n"))
        #expect(kotlin.contains("    fun stars(res: Resources, stars: Int, total: Int): String {\n"
                                + "        if (stars == 0) return res.getString(R.string.stars__stars_eq0, stars, total)\n"
                                + "        return res.getQuantityString(R.plurals.stars, stars, stars, total)\n"))
        // Kotlin's keywords and the names the Swift accessors keep: `in`, stringMessage, res_.
        #expect(kotlin.contains("    fun `in`(res: Resources): String {"))
        #expect(kotlin.contains("    fun stringMessage(res: Resources): String {"))
        #expect(kotlin.contains("    fun res(res: Resources, res_: String, `in`: String): String {"))
    }
}
