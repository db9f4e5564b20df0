import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SpeakableTestSupport

/// Translator-controlled text (comments, messages, translations, table names, kept platform
/// markup) compiled by the real `speakable` binary, every output judged by its own consumer:
/// swiftc for the accessors, libxml2 (XMLParser) for XML, aapt2 for Android resources,
/// JSONSerialization for String Catalogs. Nothing may inject code or resources, and every text
/// must come back as it was written.

// MARK: Support


func writeJSON(_ object: Any, to path: String) throws {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: path))
}

/// A printf format's literal text: `%%` → `%`.
func printfUnescaped(_ text: String) -> String {
    var out = ""
    var percent = false
    for scalar in text.unicodeScalars {
        if percent {
            out.unicodeScalars.append(scalar)
            percent = false
        } else if scalar == "%" {
            percent = true
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// The shape of a Swift file's syntax tree (`swiftc -dump-parse`): node kinds in order, without
/// addresses, ranges or literal values. Two files with the same declarations and statements have
/// the same shape whatever their comments and string literals hold.
func swiftShape(_ path: String) throws -> (shape: [String], errors: String) {
    let swiftc = try #require(which("swiftc"))
    let dump = try run(swiftc, ["-dump-parse", path])
    let text = (dump.output + dump.error).replacing(/encoding=utf8 value=".*?" builtin_initializer/.dotMatchesNewlines(), with: "")
    let errors = dump.error.split(separator: "\n").filter { $0.contains("error:") }.joined(separator: "\n")
    return (text.matches(of: /\(([a-z_]+)/).map { String($0.output.1) }, errors)
}

/// What libxml2 reads: elements by name, the text of each `<string name>`, `<source>` and
/// `<target>` (with XLIFF's `<cp hex>` put back as its character), comments.
final class XMLReadBack: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]
    var strings: [String: String] = [:]
    var sources: [String] = []
    var targets: [String] = []
    /// By `<unit id>`.
    var sourceOf: [String: String] = [:]
    var targetOf: [String: String] = [:]
    private var unit = ""
    var comments: [String] = []
    private var name: String?
    private var text: String?

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements[element, default: 0] += 1
        switch element {
        case "string":
            name = attributes["name"]
            text = ""
        case "unit":
            unit = attributes["id"] ?? ""
        case "source", "target":
            text = ""
        case "cp":
            if let hex = attributes["hex"], let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                text?.unicodeScalars.append(scalar)
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "string": if let name, let text { strings[name] = text }
        case "source":
            sources.append(text ?? "")
            sourceOf[unit] = text ?? ""
        case "target":
            targets.append(text ?? "")
            targetOf[unit] = text ?? ""
        default: return
        }
        text = nil
    }

    func parser(_ parser: XMLParser, foundComment comment: String) { comments.append(comment) }
}

func readXML(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLReadBack {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let parser = XMLParser(data: data)
    let reader = XMLReadBack()
    parser.delegate = reader
    #expect(parser.parse(), "\(path): \(parser.parserError.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
    return reader
}

/// aapt2 compiles and links `res` against the platform's framework-res.apk; returns the names
/// of the linked string resources (nil when aapt2 is not installed).
func aapt2Strings(_ res: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String]? {
    guard let aapt2 = requireTool("aapt2", sourceLocation: sourceLocation) else { return nil }
    let framework = "/usr/share/android-framework-res/framework-res.apk"
    guard FileManager.default.fileExists(atPath: framework) else {
        if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("android-framework-res is not installed", sourceLocation: sourceLocation) }
        return nil
    }
    let work = try temporaryFolder("aapt2")
    try #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.test"/>"#
        .write(toFile: work + "/AndroidManifest.xml", atomically: true, encoding: .utf8)
    let compiled = try run(aapt2, ["compile", "--dir", res, "-o", work + "/res.zip"])
    #expect(compiled.status == 0 && !compiled.error.contains("error"), "aapt2 compile: \(compiled.error.prefix(3000))", sourceLocation: sourceLocation)
    let linked = try run(aapt2, ["link", "-I", framework, "--manifest", work + "/AndroidManifest.xml", "-o", work + "/out.apk", work + "/res.zip"])
    #expect(linked.status == 0 && !linked.error.contains("error"), "aapt2 link: \(linked.error.prefix(3000))", sourceLocation: sourceLocation)
    let dump = try run(aapt2, ["dump", "resources", work + "/out.apk"])
    return dump.output.split(separator: "\n").compactMap { line in
        line.firstMatch(of: /resource 0x[0-9a-f]+ string\/(\S+)/).map { String($0.output.1) }
    }
}

/// A project folder with `Templates/<table>.json` from `messages` (key → message and comment)
/// and, optionally, Korean translations.
func makeProject(_ name: String, table: String = "game", messages: [(key: String, message: String, comment: String?)],
                 korean: [String: String]? = nil, config: [String: Any]? = nil) throws -> String {
    let project = try temporaryFolder(name)
    var entries: [String: Any] = [:]
    for item in messages {
        var entry: [String: Any] = ["message": item.message]
        if let comment = item.comment { entry["comment"] = comment }
        entries[item.key] = entry
    }
    let templates = (config?["templates"] as? String) ?? "Templates"
    try writeJSON(["messages": entries], to: project + "/\(templates)/\(table).json")
    if let korean { try writeJSON(korean, to: project + "/Locales/ko/\(table).json") }
    if let config { try writeJSON(config, to: project + "/speakable.json") }
    return project
}

// MARK: The issue's items, one by one

@Suite(.serialized) struct InjectionRegressionTests {
    /// A lone CR in a comment, a message or the templates path ended the `///` comment and the
    /// rest compiled as code.
    @Test func carriageReturnsInCommentsMessagesAndPathsStayInComments() throws {
        let payload = "\rprint(\"pwned\") }; func pwned() { "
        let hostile = try makeProject("cr", messages: [
            (key: "a", message: icuLiteral("Hello" + payload), comment: "A note" + payload),
            (key: "b", message: "x", comment: "line\u{2028}two\u{2029}three\u{85}four\r\nfive" + payload),
        ], config: ["templates": "Templates" + payload.replacing("/", with: "")])
        let plain = try makeProject("cr-plain", messages: [
            (key: "a", message: "Hello", comment: "A note"), (key: "b", message: "x", comment: "line"),
        ])
        for project in [hostile, plain] {
            let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "swift"])
            #expect(result.status == 0, "\(result.error)")
        }
        let hostileShape = try swiftShape(hostile + "/out/swift/Speakable+game.swift")
        let plainShape = try swiftShape(plain + "/out/swift/Speakable+game.swift")
        #expect(hostileShape.errors.isEmpty, "\(hostileShape.errors)")
        #expect(hostileShape.shape == plainShape.shape, "text from the project became code")
        // And nothing after a CR starts a line that is not a comment.
        let text = try String(contentsOfFile: hostile + "/out/swift/Speakable+game.swift", encoding: .utf8)
        for line in text.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) where line.contains("pwned") {
            let code = line.drop { $0 == " " }
            #expect(code.hasPrefix("//") || code.contains("Self.string(\""), "\(line)")
        }
    }

    /// The same injection arrived through `speakable import`: a
    /// translator's XLIFF `<note>`, a String Catalog's `comment` and a raw CR in an Android
    /// comment became template comments, and the accessors compiled the rest of the line.
    @Test func carriageReturnsArrivingThroughImportStayInComments() throws {
        let payload = "\rprint(\"pwned\") }; func pwned() { "
        func channels(_ payload: String) throws -> [(name: String, table: String, file: String, bytes: Data)] {
            let xmlPayload = payload.replacing("\r", with: "&#13;")
            let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">
              <file id="game">
                <unit id="a">
                  <notes><note category="comment">A note\(xmlPayload)</note></notes>
                  <segment><source>Hello</source><target>안녕</target></segment>
                </unit>
              </file>
            </xliff>
            """
            let catalog = try JSONSerialization.data(withJSONObject: [
                "sourceLanguage": "en", "version": "1.0",
                "strings": ["a": ["comment": "A note" + payload,
                                  "localizations": ["en": ["stringUnit": ["state": "translated", "value": "Hello"]]]]],
            ] as [String: Any])
            let android = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n    <!-- A note\(payload) -->\n    <string name=\"a\">Hello</string>\n</resources>\n"
            return [(name: "xliff", table: "game", file: "game.xliff", bytes: Data(xliff.utf8)),
                    (name: "xcstrings", table: "game", file: "game.xcstrings", bytes: catalog),
                    (name: "android", table: "strings", file: "res/values/strings.xml", bytes: Data(android.utf8))]
        }
        for (hostile, plain) in zip(try channels(payload), try channels("")) {
            var shapes: [[String]] = []
            for (channel, isHostile) in [(hostile, true), (plain, false)] {
                let project = try temporaryFolder("import-cr-" + channel.name)
                let path = project + "/" + channel.file
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try channel.bytes.write(to: URL(fileURLWithPath: path))
                let imported = try run(speakable, ["import", channel.file], in: project)
                #expect(imported.status == 0, "\(channel.name): \(imported.error)")
                let templates = try String(contentsOfFile: project + "/Templates/\(channel.table).json", encoding: .utf8)
                if isHostile {
                    // The attack reached the template: the test is about what compile does with it.
                    #expect(templates.contains("A note\\rprint(\\\"pwned\\\")"), "\(channel.name): \(templates)")
                }
                let compiled = try run(speakable, ["compile", "--only", "swift", "--out", "out"], in: project)
                #expect(compiled.status == 0, "\(channel.name): \(compiled.error)")
                let swiftFile = project + "/out/swift/Speakable+\(channel.table).swift"
                let parsed = try swiftShape(swiftFile)
                #expect(parsed.errors.isEmpty, "\(channel.name): \(parsed.errors)")
                shapes.append(parsed.shape)
                if isHostile {
                    let text = try String(contentsOfFile: swiftFile, encoding: .utf8)
                    #expect(text.contains("pwned"), "\(channel.name): the comment was not written")
                    for line in text.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) where line.contains("pwned") {
                        #expect(line.drop { $0 == " " }.hasPrefix("//"), "\(channel.name): \(line)")
                    }
                }
            }
            #expect(shapes.count == 2 && shapes[0] == shapes[1], "\(hostile.name): text from the imported file became code")
        }
    }

    /// `--->` in a comment became `- -->`, closing the comment: a resource was injected.
    @Test func arrowsInCommentsCannotCloseTheComment() throws {
        let project = try makeProject("arrow", messages: [
            (key: "a", message: "Hello", comment: "note ---><string name=\"injected\">pwned</string><!-- "),
            (key: "b", message: "World", comment: "-- - --- ---- -"),
        ], korean: ["a": "안녕", "b": "세계"])
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "android,xliff"])
        #expect(result.status == 0, "\(result.error)")
        let english = try readXML(project + "/out/android/res/values/strings.xml")
        #expect(english.strings.keys.sorted() == ["a", "b"], "resources were injected")
        #expect(english.comments.contains { $0.contains("<string name=\"injected\">") })
        #expect(!english.comments.contains { $0.contains("--") })
        if let names = try aapt2Strings(project + "/out/android/res") { #expect(names.sorted() == ["a", "b"]) }
        let xliff = try readXML(project + "/out/xliff/ko.xliff")
        #expect(xliff.elements["unit"] == 2)
    }

    /// `]]>` in Android text was written raw: not well-formed XML.
    @Test func cdataEndInTextIsEscaped() throws {
        let project = try makeProject("cdata", messages: [(key: "a", message: "a ]]> b > c", comment: nil)], korean: ["a": "]]>"])
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
        #expect(result.status == 0, "\(result.error)")
        let english = try readXML(project + "/out/android/res/values/strings.xml")
        #expect(english.strings["a"] == "a ]]> b > c")
        #expect(try readXML(project + "/out/android/res/values-ko/strings.xml").strings["a"] == "]]>")
        if let names = try aapt2Strings(project + "/out/android/res") { #expect(names == ["a"]) }
    }

    /// C0 controls were written as `&#1;` in XLIFF and raw in Android comments; U+FFFE and
    /// U+FFFF raw everywhere: every XML parser rejects those files.
    @Test func controlsAndNoncharactersGiveWellFormedFilesThatKeepTheText() throws {
        let text = "a\u{1}b\u{8}c\u{1F}d\u{FFFE}e\u{FFFF}f\u{7F}g"
        let project = try makeProject("controls", messages: [(key: "a", message: text, comment: "note \u{1}\u{FFFF} --")],
                                      korean: ["a": text + "한"])
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
        #expect(result.status == 0, "\(result.error)")
        _ = try readXML(project + "/out/android/res/values/strings.xml")
        _ = try readXML(project + "/out/android/res/values-ko/strings.xml")
        let xliff = try readXML(project + "/out/xliff/ko.xliff")
        #expect(xliff.sources.map(\.unicodeScalars).map(Array.init) == [Array(text.unicodeScalars)])
        #expect(xliff.targets.map(\.unicodeScalars).map(Array.init) == [Array((text + "한").unicodeScalars)])
        if let names = try aapt2Strings(project + "/out/android/res") { #expect(names == ["a"]) }
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project + "/out/xcstrings/game.xcstrings")))
        let value = ((((catalog as? [String: Any])?["strings"] as? [String: Any])?["a"] as? [String: Any])?["localizations"] as? [String: Any])
            .flatMap { (($0["ko"] as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String }
        #expect(value.map { Array($0.unicodeScalars) } == Array((text + "한").unicodeScalars))
        // XLIFF comes back in through import with the characters.
        let imported = try run(speakable, ["import", "out/xliff/ko.xliff", "--dry-run"], in: project)
        #expect(!imported.error.contains("error:"), "\(imported.error)")
    }

    /// Attribute names kept in `.speakable/<table>.platform.json` were written unescaped.
    @Test func keptAttributeNamesAndMarkupAreCheckedBeforeTheyAreWritten() throws {
        let project = try makeProject("metadata", messages: [(key: "a", message: "Hello", comment: nil)])
        func metadata(attribute: String, xml: String) throws {
            try writeJSON([
                "format": "speakable-platform-metadata", "version": 1, "table": "game",
                "messages": ["a": ["android": ["en": ["icu": "Hello", "value": [
                    "xml": xml, "attributes": [["name", "a"], [attribute, "1"]],
                ]]]]],
            ], to: project + "/.speakable/game.platform.json")
        }
        let attack = "formatted=\"false\"/><string name=\"injected\">pwned</string><string x"
        try metadata(attribute: attack, xml: "<string name=\"a\">Hello</string>")
        var result = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
        #expect(result.status == 1)
        #expect(result.error.contains("[metadata-invalid]"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: project + "/out"))

        for xml in ["<string name=\"a\">Hello</string><string name=\"injected\">pwned</string>",
                    "<string name=\"a\">Hello</string></resources><resources>",
                    "<string name=\"a\">Hello<!-- </string>",
                    "<evil:string xmlns:evil=\"x\" name=\"a\">Hello</evil:string>",
                    "<integer name=\"a\">1</integer>",
                    // Not XML: a parser rejects the file it would be written into.
                    "<!-- a -- b -->\n    <string name=\"a\">Hello</string>", "<string name=\"a\">He\u{1}llo</string>",
                    "<string name=\"a\">He&#1;llo</string>", "<string name=\"a\">He\u{FFFE}llo</string>",
                    "<string name=\"a\">a ]]> b</string>"] {
            try metadata(attribute: "translatable", xml: xml)
            result = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
            #expect(result.status == 1, "\(xml)")
            #expect(result.error.contains("[metadata-invalid]"), "\(xml): \(result.error)")
        }
        // What import writes is still accepted.
        try metadata(attribute: "tools:ignore", xml: "<!-- kept -->\n    <string name=\"a\" tools:ignore=\"x\">Hello <xliff:g id=\"n\">x</xliff:g></string>")
        result = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
        #expect(result.status == 0, "\(result.error)")
        if let names = try aapt2Strings(project + "/out/android/res") { #expect(names == ["a"]) }
    }
}

extension InjectionRegressionTests {
    /// Issue 8 keeps an imported file's header (a license) in the metadata and writes it before
    /// <resources> as it is: it may only be comments.
    @Test func keptFileHeadersAreOnlyComments() throws {
        let project = try makeProject("headers", messages: [(key: "a", message: "Hello", comment: nil)])
        func header(_ text: String) throws -> Run {
            try writeJSON(["format": "speakable-platform-metadata", "version": 1, "table": "game", "androidHeaders": ["en": text],
                           "messages": [:] as [String: Any]], to: project + "/.speakable/game.platform.json")
            return try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "android"])
        }
        for bad in ["<!-- ok --><resources><string name=\"injected\">pwned</string></resources><!--",
                    "<!-- a --> <string name=\"injected\">x</string>", "<!-- never closed", "text outside",
                    "<!-- a -- b -->", "<!-- \u{1} -->", "<!-- \u{FFFF} -->", "<!-- a --->"] {
            let result = try header(bad)
            #expect(result.status == 1, "\(bad)")
            #expect(result.error.contains("[metadata-invalid]"), "\(bad): \(result.error)")
        }
        let good = try header("<!--\n  Copyright 2026 The Authors\n-->")
        #expect(good.status == 0, "\(good.error)")
        let english = try readXML(project + "/out/android/res/values/strings.xml")
        #expect(english.strings.keys.sorted() == ["a"])
        #expect(english.comments.contains { $0.contains("Copyright 2026") })
    }
}

// MARK: A hostile corpus through every output

@Suite(.serialized) struct HostileCorpusTests {
    @Test func everyOutputOfAHostileProjectParsesAndKeepsItsText() throws {
        // Without "%": a literal percent sign in Android resources (aapt2 wants `formatted="false"`
        // on a string with two) is issue 8's platform differential, not an escaping matter.
        let corpus = HostileStrings.generate(count: 300).map { $0.replacing("%", with: "") }
        let table = "evil \u{2018}<x>&\"' --> * ]]> #{"  // no "/" or "\\": a file name
        var messages: [(key: String, message: String, comment: String?)] = []
        var korean: [String: String] = [:]
        for (index, text) in corpus.enumerated() {
            messages.append((key: "m\(index)", message: icuLiteral(text), comment: text))
            korean["m\(index)"] = icuLiteral(corpus[(index + 1) % corpus.count])
        }
        let project = try makeProject("corpus", table: table, messages: messages, korean: korean)
        let plain = try makeProject("corpus-plain", table: table, messages: corpus.indices.map { (key: "m\($0)", message: "x", comment: "x") },
                                    korean: Dictionary(uniqueKeysWithValues: corpus.indices.map { ("m\($0)", "x") }))
        for folder in [project, plain] {
            let result = try run(speakable, ["compile", "--project", folder, "--out", folder + "/out"])
            #expect(result.status == 0, "\(result.error.prefix(3000))")
        }
        let out = project + "/out"

        // Swift: the same tree as the project with plain text.
        let swiftFile = "/swift/Speakable+\(table).swift"
        let hostileShape = try swiftShape(out + swiftFile)
        #expect(hostileShape.errors.isEmpty, "\(hostileShape.errors.prefix(3000))")
        #expect(hostileShape.shape == (try swiftShape(plain + "/out" + swiftFile)).shape, "text from the project became code")
        if let swiftc = which("swiftc") {
            let typecheck = try run(swiftc, ["-swift-version", "6", "-parse-as-library", "-typecheck", out + swiftFile])
            #expect(typecheck.status == 0, "\(typecheck.error.prefix(3000))")
        }

        // XML: well-formed, nothing injected, every text back (XLIFF holds ICU text).
        let english = try readXML(out + "/android/res/values/strings.xml")
        #expect(english.elements["string"] == corpus.count)
        #expect(try readXML(out + "/android/res/values-ko/strings.xml").elements["string"] == corpus.count)
        let xliff = try readXML(out + "/xliff/ko.xliff")
        #expect(xliff.elements["unit"] == corpus.count)
        for (index, text) in corpus.enumerated() {
            let key = "m\(index)"
            #expect(xliff.sourceOf[key]?.unicodeScalars.elementsEqual(icuLiteral(text).unicodeScalars) == true, "source \(key)")
            #expect(xliff.targetOf[key]?.unicodeScalars.elementsEqual(korean[key]!.unicodeScalars) == true, "target \(key)")
        }
        if let names = try aapt2Strings(out + "/android/res") { #expect(names.count == corpus.count) }

        // JSON: the String Catalog holds every text (as a printf format).
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/xcstrings/\(table).xcstrings"))) as? NSDictionary)
        let strings = try #require(catalog["strings"] as? NSDictionary)
        #expect(strings.count == corpus.count)
        for (index, text) in corpus.enumerated() {
            let entry = strings["m\(index)"] as? NSDictionary
            let english = ((entry?["localizations"] as? NSDictionary)?["en"] as? NSDictionary)?["stringUnit"] as? NSDictionary
            let value = english?["value"] as? NSString
            let units = value.map { v in (0..<v.length).map { v.character(at: $0) } }
            #expect(units == Array(text.utf16), "m\(index): \(text.debugDescription)")
            let comment = entry?["comment"] as? NSString
            #expect(comment.map { c in (0..<c.length).map { c.character(at: $0) } } == Array(text.utf16), "comment m\(index)")
        }
    }
}

// MARK: Generated Swift that did not compile

@Suite(.serialized) struct SwiftAccessorRegressionTests {
    /// Select cases `A`/`a` or `a_b`/`aB` gave two enum cases with one name; enums of two
    /// messages could share a type name. The accessors must compile and pick each case's key.
    @Test func selectCasesThatReadAlikeGetDistinctNames() throws {
        guard let swiftc = requireTool("swiftc") else { return }
        let project = try makeProject("cases", messages: [
            (key: "m", message: "{kind, select, A {upper} a {lower} a_b {snake} aB {camel} allCases {all} rawValue {raw} 한 {han} other {other}}", comment: nil),
            (key: "level.label", message: "{kind, select, x {lx} other {lo}}", comment: nil),
            (key: "level", message: "{labelKind, select, y {ly} other {lo}}", comment: nil),
            (key: "n", message: "{kind, select, x {nx} other {no}}", comment: nil),
        ])
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "swift,xcstrings"])
        #expect(result.status == 0, "\(result.error)")
        let main = project + "/main.swift"
        try """
        import Foundation
        for kind in GameStrings.MKind.allCases { print(kind.rawValue, GameStrings.m(kind: kind)) }
        print(GameStrings.levelLabel(kind: .x), GameStrings.level(labelKind: .y), GameStrings.n(kind: .x))
        """.write(toFile: main, atomically: true, encoding: .utf8)
        let built = try run(swiftc, ["-swift-version", "6", "-warnings-as-errors", project + "/out/swift/Speakable+game.swift", main, "-o", project + "/app"])
        #expect(built.status == 0, "\(built.error)")
        guard built.status == 0 else { return }
        let output = try run(project + "/app", [])
        #expect(output.output.split(separator: "\n") == [
            "A upper", "a lower", "a_b snake", "aB camel", "allCases all", "rawValue raw", "한 han", "other other", "lx ly nx",
        ])
    }

    /// `{name} and {name}` became `%@ and %@` with one value: "Bob and (null)". The accessors'
    /// fallback (the catalog's format) now goes through Foundation's String(format:) intact.
    @Test func oneArgumentUsedTwiceIsFormattedTwice() throws {
        guard let swiftc = requireTool("swiftc") else { return }
        let project = try makeProject("twice", messages: [
            (key: "pair", message: "{name} and {name}", comment: nil),
            (key: "count", message: "{n, plural, one {# of #} other {# of # items}}", comment: nil),
        ])
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "swift,xcstrings"])
        #expect(result.status == 0, "\(result.error)")
        let catalog = try String(contentsOfFile: project + "/out/xcstrings/game.xcstrings", encoding: .utf8)
        #expect(catalog.contains("\"%1$@ and %1$@\""))
        try """
        import Foundation
        print(GameStrings.pair(name: "Bob"))
        print(GameStrings.count(n: 3))
        """.write(toFile: project + "/main.swift", atomically: true, encoding: .utf8)
        let built = try run(swiftc, ["-swift-version", "6", project + "/out/swift/Speakable+game.swift", project + "/main.swift", "-o", project + "/app"])
        #expect(built.status == 0, "\(built.error)")
        guard built.status == 0 else { return }
        #expect(try run(project + "/app", []).output == "Bob and Bob\n3 of 3 items\n")
    }
}
