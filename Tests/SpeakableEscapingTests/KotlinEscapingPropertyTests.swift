import Foundation
import SpeakableEscaping
import Testing
import SpeakableTestSupport

// MARK: Kotlin

/// KotlinEscaping judged by kotlinc: every hostile string as a literal, in KDoc and in line
/// comments, compiled and run — each literal must read back exactly, and the statements between
/// the comments must all run, in order.
@Suite struct KotlinEscapingTests {
    /// Strings aimed at Kotlin in particular: templates, raw strings, Java's `\u` pre-processing
    /// (which Kotlin does not do), nested block comments, line ends, and lines that would add to
    /// the trace if a comment ended early.
    static let targeted: [String] = [
        "$x", "${System.exit(1)}", "$", "$$", "\\$x", "$`x`", "\"\"\"", "\\u0022", "\\u000A trace.add(-1)",
        "*/ fun evil() {} /*", "/* nested", "/*/", "*/*", "/**/", "/**", "**/", "*/", "a/**/b*/c",
        "\\", "\r", "\r\n", "\u{2028}", "\u{85}", "\0", "\u{8}", "\u{B}", "\u{C}",
        "x\rtrace.add(-1)", "x\u{C}trace.add(-1)", "x\u{B}trace.add(-1)", "x\u{85}trace.add(-1)", "x\u{2028}trace.add(-1)",
        "x\u{2029}trace.add(-1)", "\n}\nfun evil() {", "'", "'\\''", "`", "@suppress", "@param x", "#!/usr/bin/env kotlin",
        "\u{FEFF}", String(Unicode.Scalar(0xFDD0)!), String(Unicode.Scalar(0xFDEF)!) + "x", "\u{FFFE}", "\u{1FFFE}", "\u{10FFFF}", "\u{E0041}", "👩‍👩‍👧", "\u{202E}fun\u{202C}",
    ]

    static let strings = hostile + targeted

    /// How many strings one function holds (one `main` for all would grow towards the JVM's
    /// 64 KB method limit as the strings do).
    static let chunk = 50

    /// The program: for each string, line comments, an inline comment, a KDoc before a local
    /// `val` holding the literal, and an inline comment after the statement that adds it, between
    /// statements that add their index to `trace`; each function opens with a KDoc of all its
    /// strings. `main` prints each value's code points in hex, then whether the trace is 0..<n.
    static func program(_ strings: [String]) -> String {
        var out = "val trace = ArrayList<Int>()\nval values = ArrayList<String>()\n\n"
        let parts = stride(from: 0, to: strings.count, by: chunk).map { $0..<min($0 + chunk, strings.count) }
        for (part, range) in parts.enumerated() {
            out += KotlinEscaping.kdoc(strings[range].flatMap { KotlinEscaping.commentLines($0) }, indent: "")
            out += "fun part\(part)() {\n"
            for i in range {
                let text = strings[i]
                out += KotlinEscaping.lineComment(text, prefix: "    // ")
                out += "    // " + KotlinEscaping.inlineComment(text) + "\n"
                out += KotlinEscaping.kdoc(KotlinEscaping.commentLines(text), indent: "    ")
                out += "    val v\(i) = \(KotlinEscaping.stringLiteral(text))\n"
                out += "    values.add(v\(i)) // " + KotlinEscaping.inlineComment(text) + "\n"
                out += KotlinEscaping.lineComment(text, prefix: "\t//")
                out += "    trace.add(\(i))\n"
            }
            out += "}\n\n"
        }
        out += "fun main() {\n"
        for part in parts.indices { out += "    part\(part)()\n" }
        out += """
            for (value in values) println(value.codePoints().toArray().joinToString(" ") { Integer.toHexString(it) })
            println("trace " + (trace == (0 until \(strings.count)).toList()))
        }

        """
        return out
    }

    /// kotlinc's diagnostics without the JVM's note that `-Xverify:none` is deprecated (Debian's
    /// kotlinc script passes it).
    static func diagnostics(_ error: String) -> [Substring] {
        error.split(separator: "\n").filter { !$0.contains("-Xverify:none") }
    }

    @Test func hostileLiteralsAndCommentsCompileAndRunExactly() throws {
        guard let kotlinc = requireTool("kotlinc"), let kotlin = requireTool("kotlin") else { return }
        let strings = Self.strings
        let folder = try temporaryFolder("kotlin-run")
        try Self.program(strings).write(toFile: folder + "/main.kt", atomically: true, encoding: .utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let build = try run(kotlinc, ["main.kt", "-d", "out"], in: folder)
        print("kotlinc: \(strings.count) strings in \(clock.now - start)")
        let diagnostics = Self.diagnostics(build.error)
        #expect(build.status == 0, "\(build.error.prefix(3000))")
        #expect(!diagnostics.contains { $0.contains("error:") }, "\(build.error.prefix(3000))")
        #expect(!diagnostics.contains { $0.contains("warning:") }, "\(build.error.prefix(3000))")
        guard build.status == 0 else { return }
        let result = try run(kotlin, ["-Dfile.encoding=UTF-8", "-cp", "out", "MainKt"], in: folder)
        #expect(result.status == 0, "\(result.error.prefix(2000))")
        var lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        #expect(lines.last == "trace true", "statements between comments ran out of order, not at all, or code was injected")
        #expect(lines.count == strings.count + 1, "the program printed \(lines.count - 1) values for \(strings.count)")
        for (index, text) in strings.enumerated() where index < lines.count - 1 {
            #expect(lines[index] == hex(text.scalarValues), "string \(index): \(text.debugDescription)")
        }
    }

    /// A line comment ends at LF and at a lone CR (Kotlin normalizes line ends when it reads a
    /// file) — and at nothing else: not at VT, FF, NEL, U+2028 or U+2029, nor at the text
    /// `\u000A` (Java would end the comment there; Kotlin has no such pre-processing). Checked
    /// on raw characters, as the lexer facts ``KotlinEscaping`` relies on.
    @Test func onlyLineFeedAndCarriageReturnEndALineComment() throws {
        guard let kotlinc = requireTool("kotlinc"), let kotlin = requireTool("kotlin") else { return }
        let folder = try temporaryFolder("kotlin-eol")
        let enders = ["\n", "\r", "\r\n", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}", "\\u000A", "\\u000D"]
        var source = "fun main() {\n    val ended = ArrayList<Int>()\n"
        for (index, ender) in enders.enumerated() {
            source += "    // x\(ender)ended.add(\(index))\n"
        }
        source += "    println(ended.joinToString(\" \"))\n}\n"
        try source.write(toFile: folder + "/main.kt", atomically: true, encoding: .utf8)
        let build = try run(kotlinc, ["main.kt", "-d", "out"], in: folder)
        #expect(build.status == 0, "\(build.error.prefix(3000))")
        guard build.status == 0 else { return }
        let result = try run(kotlin, ["-cp", "out", "MainKt"], in: folder)
        #expect(result.output == "0 1 2\n", "the line ends of a Kotlin // comment changed: \(result.output.debugDescription)")
    }

    /// Nested block comments, as kotlinc reads them: `/*` inside a KDoc opens a comment that the
    /// KDoc's `*/` only closes, so the code after it is still comment — what ``KotlinEscaping/kdoc(_:indent:)``
    /// prevents. Unescaped, this program fails to compile; escaped, it runs.
    @Test func unescapedNestingSwallowsCodeEscapedDoesNot() throws {
        guard let kotlinc = requireTool("kotlinc"), let kotlin = requireTool("kotlin") else { return }
        let folder = try temporaryFolder("kotlin-nest")
        let tail = "fun main() { println(\"ran\") }\n"
        try ("/**\n * a /* b\n */\n" + tail).write(toFile: folder + "/raw.kt", atomically: true, encoding: .utf8)
        let raw = try run(kotlinc, ["raw.kt", "-d", "raw"], in: folder)
        #expect(raw.status != 0, "kotlinc no longer nests block comments")
        try (KotlinEscaping.kdoc(["a /* b"], indent: "") + tail).write(toFile: folder + "/main.kt", atomically: true, encoding: .utf8)
        let build = try run(kotlinc, ["main.kt", "-d", "out"], in: folder)
        #expect(build.status == 0, "\(build.error.prefix(3000))")
        guard build.status == 0 else { return }
        #expect(try run(kotlin, ["-cp", "out", "MainKt"], in: folder).output == "ran\n")
    }

    @Test func stringLiteralsExactly() {
        // Escapes Kotlin has; `$` always escaped, so no template.
        #expect(KotlinEscaping.stringLiteral("Say \"hi\" to $name\r\n") == #""Say \"hi\" to \$name\r\n""#)
        #expect(KotlinEscaping.stringLiteral("${System.exit(1)}\\") == #""\${System.exit(1)}\\""#)
        #expect(KotlinEscaping.stringLiteral("a\tb\u{8}") == #""a\tb\b""#)
        // No `\0` in Kotlin: NUL and other hidden characters are \uXXXX, upper-case hex.
        // (U+FDD0, a noncharacter, has no `\u{…}` in Swift but has `\uFDD0` in Kotlin.)
        #expect(KotlinEscaping.stringLiteral("\0\u{1B}\u{7F}\u{85}\u{2028}\u{202E}\u{FEFF}" + String(Unicode.Scalar(0xFDD0)!) + "\u{FFFF}")
                == #""\u0000\u001B\u007F\u0085\u2028\u202E\uFEFF\uFDD0\uFFFF""#)
        // Beyond U+FFFF: a surrogate pair. U+E0041 − 0x10000 = 0xD0041 → D800 + 0x340, DC00 + 0x041;
        // U+1FFFE − 0x10000 = 0xFFFE → D800 + 0x3F, DC00 + 0x3FE.
        #expect(KotlinEscaping.stringLiteral("\u{E0041}\u{1FFFE}") == #""\uDB40\uDC41\uD83F\uDFFE""#)
        // Visible text is kept as it is, `'` and backticks included; a zero-width joiner is
        // hidden (VisibleText), so it is escaped even inside an emoji sequence.
        #expect(KotlinEscaping.stringLiteral("한 🇰🇷 é 'x' `y` \u{E000}") == "\"한 🇰🇷 é 'x' `y` \u{E000}\"")
        #expect(KotlinEscaping.stringLiteral("👩\u{200D}👧") == #""👩\u200D👧""#)
        // The text of an escape is only text.
        #expect(KotlinEscaping.stringLiteral("\\u0022") == #""\\u0022""#)
        // The documented examples.
        #expect(KotlinEscaping.stringLiteral("Hi $name\n") == "\"Hi \\$name\\n\"")
        #expect(KotlinEscaping.stringLiteral("${x}\u{0}") == "\"\\${x}\\u0000\"")
        #expect(KotlinEscaping.stringLiteral("\u{E0041}") == "\"\\uDB40\\uDC41\"")
    }

    @Test func literalsHoldNoRawLineEndOrHiddenCharacter() {
        for text in Self.strings {
            let literal = KotlinEscaping.stringLiteral(text)
            #expect(!literal.dropFirst().dropLast().unicodeScalars.contains { VisibleText.isHidden($0) }, "\(text.debugDescription)")
            // Every `"` and `$` inside is escaped: preceded by an odd number of backslashes.
            var backslashes = 0
            for scalar in literal.unicodeScalars.dropFirst().dropLast() {
                if scalar == "\"" || scalar == "$" { #expect(backslashes % 2 == 1, "\(text.debugDescription) → \(literal)") }
                backslashes = scalar == "\\" ? backslashes + 1 : 0
            }
        }
    }

    @Test func commentsExactly() {
        // A lone CR ends a Kotlin line comment: the text after it starts a new comment line.
        #expect(KotlinEscaping.lineComment("note\rfun evil() {}", prefix: "// ") == "// note\n// fun evil() {}\n")
        #expect(KotlinEscaping.lineComment("a\u{2028}b\u{202E}c\r\n", prefix: "    // ") == "    // a\n    // b\\u{202E}c\n    //\n")
        #expect(KotlinEscaping.lineComment("a\u{2028}b\u{202E}", prefix: "    // ") == "    // a\n    // b\\u{202E}\n")
        #expect(KotlinEscaping.inlineComment("one\r\ntwo\u{85}three") == "one \u{23CE} two \u{23CE} three")
        for text in Self.strings {
            for line in KotlinEscaping.commentLines(text) {
                #expect(!line.unicodeScalars.contains { VisibleText.isLineBreak($0) || (VisibleText.isHidden($0) && $0 != "\t") },
                        "\(text.debugDescription) → \(line.debugDescription)")
            }
        }
    }

    @Test func kdocCannotCloseOrNest() {
        #expect(KotlinEscaping.kdoc(["Row 1 */ fun evil() {} /* x", "", "a/*/b", "**/ /** */*"], indent: "    ") == """
                /**
                 * Row 1 * / fun evil() {} / * x
                 *
                 * a/ * /b
                 * ** / / ** * / *
                 */

            """)
        // The documented example.
        #expect(KotlinEscaping.kdoc(["Ends */ here", "", "a/*b"], indent: "    ")
                == "    /**\n     * Ends * / here\n     *\n     * a/ *b\n     */\n")
        // A line that was not split first still cannot end the comment or hide anything.
        #expect(KotlinEscaping.kdoc(["a\rb\u{2028}\u{202E}"], indent: "\t") == "\t/**\n\t * a\n\t * b\n\t * \\u{202E}\n\t */\n")
        #expect(KotlinEscaping.kdoc([], indent: "") == "/**\n */\n")
        for text in Self.strings {
            let body = KotlinEscaping.kdoc(KotlinEscaping.commentLines(text), indent: "  ").dropFirst(5).dropLast(5)
            #expect(!body.contains("/*") && !body.contains("*/"), "\(text.debugDescription) → \(body)")
        }
    }

    @Test func identifiers() {
        #expect(KotlinEscaping.identifier("object") == "`object`")
        #expect(KotlinEscaping.identifier("typeof") == "`typeof`")
        #expect(KotlinEscaping.identifier("value") == "value")
        #expect(KotlinEscaping.identifier("field") == "field")
        #expect(KotlinEscaping.identifier("Class") == "Class")
        #expect(KotlinEscaping.identifier("_") == "`_`")
        #expect(KotlinEscaping.identifier("__") == "`__`")
        #expect(KotlinEscaping.identifier("_row") == "_row")
        #expect(KotlinEscaping.hardKeywords.count == 28)
        #expect(KotlinEscaping.isPlainIdentifier("row1"))
        #expect(KotlinEscaping.isPlainIdentifier("_"))
        #expect(!KotlinEscaping.isPlainIdentifier("1row"))
        #expect(!KotlinEscaping.isPlainIdentifier(""))
        #expect(!KotlinEscaping.isPlainIdentifier("a`b"))
        #expect(!KotlinEscaping.isPlainIdentifier("값"))
    }

    /// Every hard keyword and underscore name through ``KotlinEscaping/identifier(_:)`` declares
    /// and reads back a value; a hard keyword without backticks does not compile.
    @Test func identifiersCompile() throws {
        guard let kotlinc = requireTool("kotlinc"), let kotlin = requireTool("kotlin") else { return }
        let folder = try temporaryFolder("kotlin-identifiers")
        let names = KotlinEscaping.hardKeywords.sorted() + ["_", "__", "value", "field", "it", "data", "open", "dynamic", "where", "_row"]
        var source = ""
        for (index, name) in names.enumerated() { source += "val \(KotlinEscaping.identifier(name)) = \(index)\n" }
        source += "fun main() {\n    println(listOf(" + names.map(KotlinEscaping.identifier).joined(separator: ", ") + ").joinToString(\" \"))\n}\n"
        try source.write(toFile: folder + "/main.kt", atomically: true, encoding: .utf8)
        let build = try run(kotlinc, ["main.kt", "-d", "out"], in: folder)
        #expect(build.status == 0, "\(build.error.prefix(3000))")
        #expect(!Self.diagnostics(build.error).contains { $0.contains("error:") || $0.contains("warning:") }, "\(build.error.prefix(3000))")
        guard build.status == 0 else { return }
        let result = try run(kotlin, ["-cp", "out", "MainKt"], in: folder)
        #expect(result.output == names.indices.map(String.init).joined(separator: " ") + "\n")
        // Without backticks, each hard keyword is an error.
        var bare = ""
        for (index, name) in KotlinEscaping.hardKeywords.sorted().enumerated() { bare += "fun f\(index)() { val \(name) = 1 }\n" }
        try bare.write(toFile: folder + "/bare.kt", atomically: true, encoding: .utf8)
        let rejected = try run(kotlinc, ["bare.kt", "-d", "bare"], in: folder)
        let errorLines = Set(Self.diagnostics(rejected.error).filter { $0.contains("error:") }.compactMap { $0.split(separator: ":").dropFirst().first })
        #expect(errorLines.count == KotlinEscaping.hardKeywords.count, "lines with errors: \(errorLines.sorted())")
    }
}
