#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
@testable import PlatformDifferentialKit
import SpeakableCatalog
import SpeakableEscaping
import SpeakableCompiler
import SpeakableJSON
import SpeakablePlatformFormats
import SpeakableTestSupport
import SpeakableXML
import Testing

/// Hostile text through `speakable import` of Android resources and `speakable compile`: in
/// imported resources (text, comments, `<xliff:g>` attributes, a file header, a string array),
/// in edited translations and in template messages and comments. Every XML file compile writes
/// is well-formed for libxml2 (`xmllint`) and compiles with `aapt2`, and the text aapt2 stores
/// for each string is the text the source meant: what aapt2 stores for the imported file where
/// it was not edited, the edited text where it was.
@Suite(.serialized) struct HostileImportTests {
    /// The imported files: `values/` with every place hostile text can be, `values-ko/` with
    /// translations. Text is written as Android and XML need it, so that the files are valid.
    static func sources(_ corpus: [String]) -> (english: String, korean: String) {
        let n = corpus.count
        func text(_ i: Int) -> String { AndroidEscaping.text(corpus[i % n]) }
        // A plural item's quotes and braces are the printf → ICU conversion's matter, not XML's.
        func item(_ i: Int) -> String { AndroidEscaping.text(corpus[i % n].filter { $0 != "'" && $0 != "{" && $0 != "}" }) }
        var english = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- " + XMLEscaping.comment(corpus[0]) + " -->\n"
        english += "<resources xmlns:tools=\"http://schemas.android.com/tools\" xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
        var korean = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for i in 0..<n {
            english += "    <!-- " + XMLEscaping.comment(corpus[(i + 3) % n]) + " -->\n"
            switch i % 4 {
            case 0:
                english += "    <string name=\"s\(i)\">\(text(i))</string>\n"
            case 1:
                english += "    <string name=\"s\(i)\" tools:ignore=\"\(XMLEscaping.attribute(corpus[(i + 5) % n]))\">\(text(i))</string>\n"
            case 2:
                english += "    <string name=\"s\(i)\">\(text(i)) <xliff:g id=\"x\" example=\"\(XMLEscaping.attribute(corpus[(i + 5) % n]))\">"
                    + "\(text(i + 1))</xliff:g><!-- \(XMLEscaping.comment(corpus[(i + 2) % n])) --><b>\(text(i + 2))</b></string>\n"
            default:
                english += "    <plurals name=\"s\(i)\">\n        <item quantity=\"one\">\(item(i))</item>\n"
                    + "        <item quantity=\"other\">\(item(i + 1))</item>\n    </plurals>\n"
            }
            if i % 4 == 3 {
                korean += "    <plurals name=\"s\(i)\"><item quantity=\"other\">\(item(i + 7))</item></plurals>\n"
            } else {
                korean += "    <string name=\"s\(i)\">\(text(i + 7))</string>\n"
            }
        }
        english += "    <string-array name=\"array\"><item>\(text(11))</item><item>\(text(12))</item></string-array>\n</resources>\n"
        korean += "</resources>\n"
        return (english, korean)
    }

    @Test func hostileTextCompilesToXMLThatParsersAcceptWithTheTextTheSourceMeant() throws {
        guard let tools = androidTools() else { return }
        guard let xmllint = Subprocess.find("xmllint") else {
            if isCI { Issue.record("CI must have xmllint (Debian package libxml2-utils)") } else { print("skipping: xmllint is not on PATH") }
            return
        }
        // Without "%": a literal percent sign in a string without arguments is a printf matter
        // (aapt2 wants formatted="false" on a string with two), not an XML one.
        let corpus = HostileStrings.generate(count: 160, seed: 34).map { $0.replacing("%", with: "") }
        let root = try scratchDirectory("hostile-import")
        defer { Files.remove(root) }
        let (english, korean) = Self.sources(corpus)
        try writeFiles(["in/res/values/strings.xml": english, "in/res/values-ko/strings.xml": korean,
                        "project/speakable.json": #"{ "sourceLocale": "en", "targetLocales": ["ko"] }"# + "\n"], under: root)

        // What Android shows for the imported files.
        let (sourceTable, sourceMessages) = try tools.link(res: root + "/in/res", scratch: root)
        #expect(sourceMessages.isEmpty, "\(sourceMessages.prefix(5))")
        let truth = try #require(sourceTable)

        let project = root + "/project"
        for file in ["values/strings.xml", "values-ko/strings.xml"] {
            let imported = CatalogImporter.importFiles([root + "/in/res/" + file], project: ProjectLoader.load(directory: project),
                                                       options: ImportOptions())
            #expect(!imported.hasErrors, "\(imported.diagnostics.filter { $0.severity == .error }.prefix(5).map(\.rendered))")
            _ = try OutputWriter.write(imported.files, to: project)
        }

        // Edits: hostile translations, template messages and comments.
        var edited: [String: [String: String]] = ["en": [:], "ko": [:]]
        let templatesPath = project + "/Templates/strings.json"
        let templates = try #require(JSONReader.read(try Files.read(templatesPath)).root?.value)
        guard case .object(var top) = templates, let messagesIndex = top.firstIndex(where: { $0.0 == "messages" }),
              case .object(var messages) = top[messagesIndex].1 else { Issue.record("unexpected templates"); return }
        for k in messages.indices {
            guard case .object(var fields) = messages[k].1, let i = Int(messages[k].0.dropFirst()), i % 4 != 3 else { continue }
            fields.removeAll { $0.0 == "comment" }
            fields.append(("comment", .string(corpus[(i + 9) % corpus.count])))
            if i % 5 == 1 {
                let text = corpus[(i + 13) % corpus.count]
                fields.removeAll { $0.0 == "message" }
                fields.append(("message", .string(icuLiteral(text))))
                edited["en"]![messages[k].0] = text
            }
            messages[k].1 = .object(fields)
        }
        top[messagesIndex].1 = .object(messages)
        try Files.write(JSONValue.object(top).prettyPrinted() + "\n", to: templatesPath)
        let koreanPath = project + "/Locales/ko/strings.json"
        var translations = try #require(JSONReader.read(try Files.read(koreanPath)).root?.members).map { ($0.key, JSONValue.string($0.value.string ?? "")) }
        for k in translations.indices {
            guard let i = Int(translations[k].0.dropFirst()), i % 4 != 3, i % 3 == 0 else { continue }
            let text = corpus[(i + 17) % corpus.count]
            translations[k].1 = .string(icuLiteral(text))
            edited["ko"]![translations[k].0] = text
        }
        try Files.write(JSONValue.object(translations).prettyPrinted() + "\n", to: koreanPath)
        #expect(edited["en"]!.count > 10 && edited["ko"]!.count > 10)

        for convertAll in [false, true] {
            var options = CompileOptions()
            options.reuseOriginalValues = !convertAll
            let compiled = CatalogCompiler.compile(ProjectLoader.load(directory: project), options: options)
            #expect(!compiled.hasErrors, "\(compiled.diagnostics.filter { $0.severity == .error }.prefix(5).map(\.rendered))")
            let out = root + (convertAll ? "/out-all" : "/out")
            _ = try OutputWriter.write(compiled.files, to: out)

            // Every XML file: libxml2 and Speakable's reader read it without a word.
            let xmlFiles = compiled.files.map(\.path).filter { $0.hasSuffix(".xml") || $0.hasSuffix(".xliff") }
            #expect(xmlFiles.count == 3, "\(xmlFiles)")
            let lint = try Subprocess.run([xmllint, "--noout", "--nonet"] + xmlFiles.map { out + "/" + $0 }, scratch: root)
            #expect(lint.status == 0 && lint.errorText.isEmpty, "\(lint.errorText.prefix(2000))")
            for file in compiled.files where xmlFiles.contains(file.path) {
                let read = XMLReader.read(file.contents, file: file.path)
                #expect(read.diagnostics.isEmpty, "\(read.diagnostics.prefix(3).map(\.rendered))")
            }

            // aapt2 compiles and links the res/ folder without a word.
            let (table, messages) = try tools.link(res: out + "/android/res", scratch: root)
            #expect(messages.isEmpty, "convert-all \(convertAll): \(messages.prefix(5))")
            guard let linked = table, !convertAll else { continue }

            // Android shows the text the source meant.
            var compared = 0
            for (locale, tag) in [("(default)", "en"), ("ko", "ko")] {
                for i in 0..<corpus.count {
                    let name = "s\(i)"
                    let got = linked.entries.first { $0.name == name && $0.locale.description == locale }?.value
                    let want: ResourceTable.Value?
                    if let text = edited[tag]![name] {
                        // U+0000 is the one character an Android string cannot hold (AndroidEscaping.text).
                        want = .string(String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })))
                    } else {
                        want = truth.entries.first { $0.name == name && $0.locale.description == locale }?.value
                    }
                    #expect(got == want, "\(locale) \(name): \(String(describing: got).debugDescription) ≠ \(String(describing: want).debugDescription)")
                    compared += 1
                }
            }
            #expect(compared == corpus.count * 2)
            let array = linked.entries.first { $0.name == "array" && $0.locale.isDefault }?.value
            #expect(array == truth.entries.first { $0.name == "array" && $0.locale.isDefault }?.value)
        }
    }

    /// Files that may not be XML: hostile text put raw (unescaped) into a string, a comment, an
    /// attribute value or between elements of a valid file. Import refuses every file libxml2
    /// rejects, with an error at a position in it; whatever it imports compiles to files libxml2
    /// accepts, and `aapt2 compile` compiles them when it compiles the imported file.
    @Test func importRefusesWhatIsNotXMLAndWhatItTakesCompilesToXML() throws {
        guard let tools = androidTools() else { return }
        guard let xmllint = Subprocess.find("xmllint") else {
            if isCI { Issue.record("CI must have xmllint (Debian package libxml2-utils)") } else { print("skipping: xmllint is not on PATH") }
            return
        }
        let base = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
                <!-- A comment: HERE -->
                <string name="a">Text HERE</string>
                <string name="b" translatable="false" tools-like="HERE">x</string>
                <string name="c">Held <xliff:g id="n" example="HERE">x</xliff:g> HERE<!--HERE--></string>
                <plurals name="p"><item quantity="one">HERE</item><item quantity="other">y</item></plurals>
                <string-array name="array"><item>HERE</item></string-array>
            </resources>

            """
        let places = base.ranges(of: "HERE")
        let raw = ["\u{1}", "\u{1F}", "\u{B}", "\u{FFFE}", "\u{FFFF}", "&#1;", "&#x8;", "&#xFFFE;", "&#0;", "]]>", "a]]>b", "--", "a--b", "-",
                   "&#+65;", "&#X41;", "&nbsp;", "<?xml x?>", "<?XmL x?>", "\u{D7}"] + HostileStrings.pieces
        var random = SplitMix(seed: 89)
        let root = try scratchDirectory("not-xml")
        defer { Files.remove(root) }
        var variants: [String] = []
        for k in 0..<120 {
            var file = base
            // One or two places, from last to first so that the ranges stay valid.
            let chosen = Set([random.below(places.count), random.below(places.count)]).sorted(by: >).prefix(1 + k % 2)
            for place in chosen {
                let text = raw[random.below(raw.count)] + (random.below(3) == 0 ? raw[random.below(raw.count)] : "")
                file.replaceSubrange(places[place], with: text)
            }
            variants.append(file.replacing("HERE", with: "ok"))
        }
        for (k, file) in variants.enumerated() { try Files.write(file, to: root + "/in\(k)/res/values/strings.xml") }
        let lint = try Subprocess.run([xmllint, "--noout", "--nonet"] + variants.indices.map { root + "/in\($0)/res/values/strings.xml" }, scratch: root)
        var rejected = Set<Int>()
        for match in lint.errorText.matches(of: /\/in(\d+)\/res\/values\/strings\.xml:\d+: parser error/) { rejected.insert(Int(match.output.1)!) }
        #expect(rejected.count > 30 && rejected.count < variants.count - 20, "\(rejected.count) of \(variants.count) rejected")

        var outputs: [String] = []
        var compiledByAapt2 = 0
        for (k, file) in variants.enumerated() {
            let project = root + "/p\(k)"
            try Files.write(#"{ "sourceLocale": "en", "targetLocales": ["ko"] }"# + "\n", to: project + "/speakable.json")
            let path = root + "/in\(k)/res/values/strings.xml"
            let imported = CatalogImporter.importFiles([path], project: ProjectLoader.load(directory: project), options: ImportOptions())
            let errors = imported.diagnostics.filter { $0.severity == .error }
            if rejected.contains(k) {
                #expect(!errors.isEmpty, "libxml2 rejects it, import takes it:\n\(file.debugDescription)")
                let lines = file.split(separator: "\n", omittingEmptySubsequences: false).count
                for error in errors {
                    #expect(error.file == path && error.position.map { $0.line >= 1 && $0.line <= lines && $0.column >= 1 } == true,
                            "\(error.rendered)")
                }
                continue
            }
            guard errors.isEmpty else { continue }
            _ = try OutputWriter.write(imported.files, to: project)
            var options = CompileOptions()
            options.outputs = [.android, .xliff]
            let compiled = CatalogCompiler.compile(ProjectLoader.load(directory: project), options: options)
            #expect(!compiled.hasErrors, "\(compiled.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.rendered))\n\(file.debugDescription)")
            _ = try OutputWriter.write(compiled.files, to: project + "/out")
            outputs += compiled.files.map { project + "/out/" + $0.path }
            // What aapt2 compiles (an unescaped apostrophe is XML, but not an Android string) compiles again.
            let source = try Subprocess.run([tools.aapt2, "compile", "--dir", root + "/in\(k)/res", "-o", project + "/source.zip"], scratch: root)
            guard source.status == 0 else { continue }
            let aapt2 = try Subprocess.run([tools.aapt2, "compile", "--dir", project + "/out/android/res", "-o", project + "/res.zip"], scratch: root)
            #expect(aapt2.status == 0 && aapt2.errorText.isEmpty, "\(aapt2.errorText.prefix(500))\n\(file.debugDescription)")
            compiledByAapt2 += 1
        }
        #expect(outputs.count > 60)
        #expect(compiledByAapt2 > 20)
        let compiledLint = try Subprocess.run([xmllint, "--noout", "--nonet"] + outputs, scratch: root)
        #expect(compiledLint.status == 0 && compiledLint.errorText.isEmpty, "\(compiledLint.errorText.prefix(2000))")
    }

    /// Text XML cannot carry, from a translation or a template comment: the exact markup compile
    /// writes and the text aapt2 stores. U+0000 is the one character aapt2 cannot store
    /// (`x\u0000y` is stored as "x\0\0"): it becomes U+FFFD and the rest of the text survives.
    @Test func charactersXMLCannotCarryAreWrittenSoThatAapt2StoresTheText() throws {
        guard let tools = androidTools() else { return }
        let root = try scratchDirectory("cannot-carry")
        defer { Files.remove(root) }
        let korean: [(key: String, text: String, written: String, stored: String)] = [
            ("control", "a\u{1}b", #"a\u0001b"#, "a\u{1}b"),
            ("nul", "x\u{0}y", "x\u{FFFD}y", "x\u{FFFD}y"),
            ("noncharacter", "\u{FFFE}z\u{FFFF}", #"\uFFFEz\uFFFF"#, "\u{FFFE}z\u{FFFF}"),
            ("cdata", "a ]]> b", "a ]]&gt; b", "a ]]> b"),
        ]
        let templates: JSONValue = .object([("messages", .object(korean.map { item in
            (item.key, .object([("message", .string("x")), ("comment", .string("a -- b \u{1} -"))]))
        }))])
        try writeFiles(["speakable.json": #"{ "sourceLocale": "en", "targetLocales": ["ko"] }"# + "\n",
                        "Templates/game.json": templates.prettyPrinted() + "\n",
                        "Locales/ko/game.json": JSONValue.object(korean.map { ($0.key, .string($0.text)) }).prettyPrinted() + "\n"],
                       under: root)
        var options = CompileOptions()
        options.outputs = [.android, .xliff]
        let compiled = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
        #expect(!compiled.hasErrors, "\(compiled.diagnostics.map(\.rendered))")
        let files = Dictionary(uniqueKeysWithValues: compiled.files.map { ($0.path, $0.contents) })
        let ko = try #require(files["android/res/values-ko/strings.xml"])
        for item in korean {
            #expect(ko.contains("    <string name=\"\(item.key)\">\(item.written)</string>\n"), "\(item.key): \(ko)")
        }
        let en = try #require(files["android/res/values/strings.xml"])
        // The control shown as \u{0001}, its backslash doubled: aapt2 copies the comment into
        // R.java, where a single `\u` starts a Java Unicode escape even in a comment.
        #expect(en.contains("    <!-- a - - b \\\\u{0001} -  -->\n    <string name=\"control\">x</string>\n"), "\(en)")
        let xliff = try #require(files["xliff/ko.xliff"])
        #expect(xliff.contains("<target>a<cp hex=\"0001\"/>b</target>"), "\(xliff)")
        #expect(xliff.contains("<target>x<cp hex=\"0000\"/>y</target>"), "\(xliff)")
        #expect(xliff.contains("<target>a ]]&gt; b</target>"), "\(xliff)")

        _ = try OutputWriter.write(compiled.files, to: root + "/out")
        let (table, messages) = try tools.link(res: root + "/out/android/res", scratch: root)
        #expect(messages.isEmpty, "\(messages)")
        let linked = try #require(table)
        for item in korean {
            let stored = linked.entries.first { $0.name == item.key && $0.locale.description == "ko" }?.value
            #expect(stored == .string(item.stored), "\(item.key)")
        }
    }
}
