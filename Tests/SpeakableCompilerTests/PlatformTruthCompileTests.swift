import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import SpeakablePlatformFormats
import SpeakableParticles
import Testing

// Issue 8, at the level of a whole compile: what the catalogs ship, and what the compile says.

let packageRoot = URL(fileURLWithPath: testsDirectory).deletingLastPathComponent().deletingLastPathComponent().path

func compileResult(_ root: String, _ configure: (inout CompileOptions) -> Void = { _ in }) -> CompileResult {
    var options = CompileOptions()
    configure(&options)
    return CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
}

@Suite struct BuiltInCatalogPlatformTests {
    /// Every Korean particle in the compiled catalogs follows a value only known at run time
    /// (a format specifier): none follows text the compiler could read.
    @Test func noParticleNotationFollowsKnownText() throws {
        let files = compile(packageRoot)
        var checked = 0
        for (path, text) in files where path.hasPrefix("xcstrings/") || path.contains("values-ko/") {
            let scalars = Array(text.unicodeScalars)
            for i in scalars.indices where i > 0 {
                guard scalars[i] == "(" || (i + 1 < scalars.count && scalars[i + 1] == "("),
                      KoreanParticle(notation: String(String.UnicodeScalarView(scalars[i..<min(i + 5, scalars.count)]))) != nil else { continue }
                checked += 1
                // What is before it: the end of a specifier (%1$s, %@, %lld, %1$,d).
                let before = String(String.UnicodeScalarView(scalars[max(0, i - 8)..<i]))
                let beforeFormat = FormatString.parse(before, dialect: path.hasPrefix("xcstrings/") ? .apple : .java)
                let afterSpecifier = beforeFormat.pieces(of: before).last
                    .map { if case .specifier = $0 { true } else { false } } ?? false
                #expect(afterSpecifier, "\(path): …\(before)\(String(String.UnicodeScalarView(scalars[i..<min(i + 5, scalars.count)])))")
            }
        }
        // block.placement.hint, .action and block.event.hint keep theirs (after {piece}, {lines}).
        #expect(checked > 0)
    }

    @Test func theParticlesLeftForRunTimeAreWarningsNamingTheMessage() {
        let result = compileResult(packageRoot)
        let warnings = result.diagnostics.filter { $0.id == "catalog-open-particle" }
        #expect(Set(warnings.map { $0.message.prefix { $0 != "(" } }) == ["'block.placement.hint' ", "'block.placement.action' ", "'block.event.hint' "])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("strings.xml directly") && $0.file?.hasSuffix("Locales/ko/block.json") == true })
        // --strict turns them into errors and writes nothing.
        let strict = compileResult(packageRoot) { $0.strict = true }
        #expect(strict.hasErrors && strict.files.isEmpty)
        #expect(strict.diagnostics.contains { $0.id == "catalog-open-particle" && $0.severity == .error })
    }

    @Test func koreanWithoutAPluralIsStillAPluralsResource() throws {
        let files = compile(packageRoot) { $0.outputs = [.android] }
        let korean = try #require(files["android/res/values-ko/strings.xml"])
        let english = try #require(files["android/res/values/strings.xml"])
        let ko = try #require(AndroidResourceReader.read(Array(korean.utf8), file: "ko", locale: "ko").file)
        let en = try #require(AndroidResourceReader.read(Array(english.utf8), file: "en").file)
        // Every Korean resource has the type of the default resource of the same name.
        var compared = 0
        for resource in ko.resources where resource.kind == .string || resource.kind == .plurals {
            let source = en.resources.filter { $0.name == resource.name && ($0.kind == .string || $0.kind == .plurals) }
            #expect(source.map(\.kind) == [resource.kind], "\(resource.name)")
            compared += 1
        }
        #expect(compared > 100)
        #expect(ko["game.coins"]?.kind == .plurals)
        #expect(ko["game.coins"]?.items.map(\.quantity) == ["other"])
    }
}

@Suite(.enabled(if: catalogsDirectory != nil, testDataNote))
struct RealXcodeCatalogOutputsTests {
    /// Xcode catalogs import with `"outputs": ["xcstrings"]` and compile as imported, byte for
    /// byte — CotEditor's Apple `zero` and xcstrings-tool's two plurals in one string never
    /// meet Android's limits unless asked for.
    @Test(arguments: ["CotEditor_CommandBar", "xcstrings-tool_Substitution"])
    func importAndCompileAsImported(name: String) throws {
        let root = try temporaryDirectory(name)
        let imported = try importInto(root, [catalogsDirectory! + "/\(name).xcstrings"])
        #expect(imported.files.map(\.path).contains("speakable.json"))
        let project = ProjectLoader.load(directory: root)
        #expect(project.config.outputs == ["xcstrings"])
        let result = CatalogCompiler.compile(project, options: { var o = CompileOptions(); o.outputs = CompileOptions.defaultOutputs(for: project.config); return o }())
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(result.diagnostics.map(\.rendered))")
        #expect(result.files.map(\.path) == ["xcstrings/\(name).xcstrings"])
        #expect(result.files.first?.contents == read(catalogsDirectory! + "/\(name).xcstrings"))
        // Asked for Android too, they compile with warnings saying what the app does.
        let all = compileResult(root)
        #expect(!all.hasErrors, "\(all.diagnostics.filter { $0.severity == .error }.map(\.rendered))")
        #expect(all.diagnostics.contains { $0.severity == .warning && ["catalog-companion", "catalog-composed-plurals"].contains($0.id) })
        #expect(compileResult(root) { $0.strict = true }.hasErrors)
    }

    /// A project that already lists its outputs gets the imported format added; one that does
    /// not (all outputs) keeps compiling everything.
    @Test func importAddsToListedOutputsAndLeavesAnUnlistedProjectAlone() throws {
        let listed = try temporaryDirectory("listed")
        try write(#"{ "outputs": ["swift"] }"#, to: listed + "/speakable.json")
        try importInto(listed, [catalogsDirectory! + "/CotEditor_CommandBar.xcstrings"])
        #expect(ProjectLoader.load(directory: listed).config.outputs == ["swift", "xcstrings"])
        let existing = try temporaryDirectory("existing")
        try copyTree(fixturesDirectory + "/Game", to: existing + "/Game")
        let result = try importInto(existing + "/Game", [catalogsDirectory! + "/CotEditor_CommandBar.xcstrings"])
        #expect(!result.files.map(\.path).contains("speakable.json"))
    }
}

@Suite struct CompileWarningsTests {
    /// Foundation skips an argument position no specifier uses without reading its value, so
    /// every later value shifts: a position some locale does not use goes last.
    @Test func appleArgumentsSomeLocaleDoesNotUseGoLast() throws {
        let root = try temporaryDirectory()
        try write(#"{ "messages": { "found": { "message": "{count, plural, one {Found # item in {place}} other {Found # items in {place}}}" } } }"#,
                  to: root + "/Templates/t.json")
        try write(#"{ "found": "{place}에서 찾음" }"#, to: root + "/Locales/ko/t.json")
        let files = compile(root) { $0.outputs = [.xcstrings] }
        let catalog = try #require(XCStringsReader.read(try value(files["xcstrings/t.xcstrings"]), file: "t").catalog)
        // place is used everywhere: position 1; count only where there is a plural: position 2.
        #expect(catalog["found"]?["ko"]?.content.stringUnit?.value == "%1$@에서 찾음")
        #expect(catalog["found"]?["en"]?.content.stringUnit?.value == "%2$#@count@")
    }

    @Test func aSourceWithoutExactValuesGetsCompanionsFromATranslation() throws {
        let root = try temporaryDirectory()
        try write(#"{ "messages": { "price": { "message": "{name}, {price, plural, one {# coin} other {# coins}}" } } }"#,
                  to: root + "/Templates/t.json")
        try write(#"{ "price": "{name}, {price, plural, =0 {무료} other {#코인}}" }"#, to: root + "/Locales/ko/t.json")
        let result = compileResult(root)
        #expect(!result.hasErrors)
        let warning = try #require(result.diagnostics.first { $0.id == "catalog-companion" && $0.message.contains("Android") })
        #expect(warning.message.contains("<string name=\"price__price_eq0\">"))
        let files = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
        #expect(files["android/res/values/strings.xml"]?.contains(#"<string name="price__price_eq0">%1$s, 0 coins</string>"#) == true)
        #expect(files["android/res/values-ko/strings.xml"]?.contains(#"<string name="price__price_eq0">%1$s, 무료</string>"#) == true)
        // Apple says =0 with `zero` in every language: no companion key, no warning for it.
        #expect(!result.diagnostics.contains { $0.id == "catalog-companion" && $0.message.contains("String Catalog") })
    }
}

@Suite struct GroupingWarningTests {
    /// Java's %,d knows one group size and no minimum grouping digits: where ICU differs, the
    /// compile says which locale, how, and in which messages.
    @Test func androidGroupingThatDiffersFromICUIsAWarningPerLocale() throws {
        let root = try temporaryDirectory()
        try write(#"{ "targetLocales": ["hi", "pl", "de"] }"#, to: root + "/speakable.json")
        try write(#"{ "messages": { "coins": { "message": "{n, number} coins" }, "wait": { "message": "{s, number, ::measure-unit/duration-second unit-width-full-name}" } } }"#,
                  to: root + "/Templates/t.json")
        for (tag, coins) in [("hi", "{n, number} सिक्के"), ("pl", "{n, number} monet"), ("de", "{n, number} Münzen")] {
            try write(#"{ "coins": "\#(coins)", "wait": "{s, number, ::measure-unit/duration-second unit-width-full-name}" }"#,
                      to: root + "/Locales/\(tag)/t.json")
        }
        let result = compileResult(root) { $0.outputs = [.android] }
        let warnings = result.diagnostics.filter { $0.id == "catalog-number-grouping" }.map(\.message)
        // Hindi groups 12,34,567 in both formats; Polish units do not group 9180; German groups as %,d does.
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("hi:") && $0.contains("\"12,34,567\"") && $0.contains("'coins'") })
        #expect(warnings.contains { $0.hasPrefix("pl:") && $0.contains("\"9180\"") && $0.contains("'wait'") })
        #expect(!warnings.contains { $0.hasPrefix("de:") })
        // String Catalogs format %lld with ICU's decimal format: only Polish units differ.
        let apple = compileResult(root) { $0.outputs = [.xcstrings] }.diagnostics.filter { $0.id == "catalog-number-grouping" }.map(\.message)
        #expect(apple.count == 1 && apple.first?.hasPrefix("pl:") == true && apple.first?.contains("\"9\u{A0}180\"") == true, "\(apple)")
    }

    /// The warning names the first three messages and counts the others, each message once
    /// however many select cases it has, in the file of the locale it is about.
    @Test func theWarningCountsEachMessageOnceInItsLocalesFile() throws {
        let root = try temporaryDirectory()
        try write(#"{ "targetLocales": ["hi", "de"] }"#, to: root + "/speakable.json")
        let keys = ["a", "b", "c", "d", "e"]
        let template = keys.map { #""\#($0)": { "message": "{who, select, cat {{n, number} cats} dog {{n} dogs} other {{n, number} pets}}" }"# }
        try write(#"{ "messages": { \#(template.joined(separator: ", ")), "plain": { "message": "no numbers" } } }"#, to: root + "/Templates/t.json")
        // Hindi prints numbers in three of them; German in all (and groups as %,d does).
        let hindi = keys.prefix(3).map { #""\#($0)": "{who, select, cat {{n, number} बिल्लियाँ} other {{n} पालतू}}""# }
            + keys.suffix(2).map { #""\#($0)": "{who, select, cat {बिल्लियाँ} other {पालतू}}""# }
        try write("{ " + hindi.joined(separator: ", ") + " }", to: root + "/Locales/hi/t.json")
        try write("{ " + keys.map { #""\#($0)": "{who, select, cat {{n} Katzen} other {{n, number} Tiere}}""# }.joined(separator: ", ") + " }",
                  to: root + "/Locales/de/t.json")
        let result = compileResult(root) { $0.outputs = [.android] }
        let warnings = result.diagnostics.filter { $0.id == "catalog-number-grouping" }
        #expect(warnings.count == 1, "\(warnings.map(\.message))")
        let warning = try #require(warnings.first)
        #expect(warning.message.hasPrefix("hi:") && warning.message.hasSuffix("in 'a', 'b', 'c'"), "\(warning.message)")
        #expect(warning.file?.hasSuffix("/Locales/hi/t.json") == true, "\(String(describing: warning.file))")
        try write("{ " + keys.map { #""\#($0)": "{who, select, cat {{n, number} बिल्लियाँ} other {{n} पालतू}}""# }.joined(separator: ", ") + " }",
                  to: root + "/Locales/hi/t.json")
        let all = compileResult(root) { $0.outputs = [.android] }.diagnostics.filter { $0.id == "catalog-number-grouping" }.map(\.message)
        #expect(all.count == 1 && all[0].hasSuffix("in 'a', 'b', 'c' and 2 more"), "\(all)")
    }
}

/// docs/android.md shows these resources; they are what the compiler writes.
@Suite struct AndroidDocExampleTests {
    @Test func theDocumentedResourcesAreTheCompiledOnes() throws {
        let root = try temporaryDirectory()
        try write(#"""
        { "messages": {
            "stars": { "message": "{stars, plural, =0 {No stars yet} one {# star} other {# stars}}" },
            "cleared": { "message": "Cleared {lines, plural, one {# line} other {# lines}} and {combo, plural, one {# combo} other {# combos}}." }
        } }
        """#, to: root + "/Templates/t.json")
        try write(#"{ "cleared": "{lines}줄 지움, 콤보 {combo}회" }"#, to: root + "/Locales/ko/t.json")
        let files = compile(root) { $0.outputs = [.android] }
        let english = try value(files["android/res/values/strings.xml"]).replacing("\n        ", with: "").replacing(">\n    </plurals>", with: "></plurals>")
        let docs = try contents(packageRoot + "/docs/android.md")
        for line in [#"<plurals name="cleared__lines"><item quantity="one">%1$,d line</item><item quantity="other">%1$,d lines</item></plurals>"#,
                     #"<plurals name="cleared__combo"><item quantity="one">%2$,d combo</item><item quantity="other">%2$,d combos</item></plurals>"#,
                     #"<string name="cleared">Cleared %3$s and %4$s.</string>"#] {
            #expect(docs.contains(line), "docs: \(line)")
            #expect(english.contains(line), "compiled: \(line)\n\(english)")
        }
        #expect(english.contains(#"<string name="stars__stars_eq0">No stars yet</string>"#))
        let korean = try value(files["android/res/values-ko/strings.xml"])
        #expect(korean.contains(#"<string name="cleared">%3$s줄 지움, 콤보 %4$s회</string>"#))
    }
}

/// Fractions and number styles printf cannot say, through a whole compile: ICU's text in
/// every output, what the app must do said once per number, at its place.
@Suite struct NumberTextCompileTests {
    static let templates = """
    { "messages": {
        "ratio": { "message": "Ratio {ratio, number}", "examples": [ { "ratio": 1234567.891 } ] },
        "done": { "message": "Done {p, number, percent}", "examples": [ { "p": 0.5 } ] },
        "players": { "message": "{p, number, ::compact-short} players", "examples": [ { "p": 1234567 } ] },
        "coins": { "message": "{n, plural, one {# coin} other {# coins}}", "examples": [ { "n": 3 } ] }
    } }
    """

    func project(_ templates: String = Self.templates) throws -> String {
        let root = try temporaryDirectory()
        try write(#"{ "sourceLocale": "en", "targetLocales": ["de"] }"#, to: root + "/speakable.json")
        try write(templates, to: root + "/Templates/t.json")
        try write(#"{ "ratio": "Verhältnis {ratio, number}", "done": "Fertig: {p, number, percent}" }"#, to: root + "/Locales/de/t.json")
        return root
    }

    @Test func noOutputHoldsAFloatSpecifier() throws {
        let files = compile(try project())
        let catalog = try #require(files["xcstrings/t.xcstrings"])
        let english = try #require(files["android/res/values/strings.xml"])
        let german = try #require(files["android/res/values-de/strings.xml"])
        let swift = try #require(files["swift/Speakable+t.swift"])
        // The Swift file's code (its comments explain what %g would do).
        let code = swift.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
        for (path, text) in [("xcstrings", catalog), ("values", english), ("values-de", german), ("swift", code)] {
            let dialect: FormatDialect = path.hasPrefix("values") ? .java : .apple
            let conversions = FormatString.parse(text, dialect: dialect).specifiers.map(\.conversion)
            #expect(!conversions.contains { "fFgGeEaA".contains($0) }, "\(path): \(conversions)")
        }
        #expect(english.contains(#"<string name="ratio">Ratio %1$s</string>"#))
        #expect(german.contains(#"<string name="done">Fertig: %1$s</string>"#))
        #expect(catalog.contains(#""value" : "Ratio %@""#))
        // The accessors format what Foundation formats as ICU does, and take the rest as text.
        #expect(swift.contains("static func ratio(ratio: Double) -> String"))
        #expect(swift.contains("Self.number(ratio, .decimal)") && swift.contains("Self.number(p, .percent)"))
        #expect(swift.contains("static func players(p: String) -> String"))
        // An integer with a printf format keeps its specifier.
        #expect(english.contains("%1$,d coin"))
    }

    @Test func eachNumberAsTextIsAWarningAtItsPlaceThatSaysWhatTheAppDoes() throws {
        let root = try project()
        let result = compileResult(root)
        let warnings = result.diagnostics.filter { $0.id == "catalog-formatted-number" }
        #expect(warnings.count == 3)
        let ratio = try #require(warnings.first { $0.message.hasPrefix("'ratio'") })
        #expect(ratio.severity == .warning && ratio.file?.hasSuffix("Templates/t.json") == true)
        #expect(ratio.position?.line == 2 && ratio.position?.column == 34)
        #expect(ratio.message.contains(#"MessageFormat("{0, number}", locale).format(arrayOf(ratio))"#))
        #expect(ratio.message.contains("\"1,234,567.891\""))
        let players = try #require(warnings.first { $0.message.hasPrefix("'players'") })
        #expect(players.message.contains("accessor takes p as that text"))
        // --strict: errors, nothing written.
        let strict = compileResult(root) { $0.strict = true }
        #expect(strict.hasErrors && strict.files.isEmpty)
    }

    /// A Korean particle after a number passed as text is resolved from that text by the
    /// accessors ("25%로", "1.5가"): the text is marked like a string argument.
    @Test func aParticleAfterANumberTextIsResolvedByTheAccessors() throws {
        let root = try temporaryDirectory()
        try write(#"{ "sourceLocale": "en", "targetLocales": ["ko"] }"#, to: root + "/speakable.json")
        try write(#"{ "messages": { "high": { "message": "Ratio {ratio} is high, {p, number, percent} done", "examples": [ { "ratio": 1.5, "p": 0.25 } ] } } }"#,
                  to: root + "/Templates/t.json")
        try write(#"{ "high": "비율 {ratio}이(가) 높습니다, {p, number, percent}(으)로 완료" }"#, to: root + "/Locales/ko/t.json")
        let swift = try #require(compile(root)["swift/Speakable+t.swift"])
        #expect(swift.contains("Self.particles(Self.string(\"high\", \"Ratio %1$@ is high, %2$@ done\", [Self.marked(Self.number(ratio, .decimal)), Self.marked(Self.number(p, .percent))]))"))
    }

    /// A translation that writes the number in another style than the template would make its
    /// String Catalog format skip the template's value and read a later one — Foundation then
    /// reads the wrong values (the differential saw it): an error at the translation's number.
    @Test func aTranslationWithAnotherNumberStyleThatWouldSkipAValueIsAnError() throws {
        let root = try temporaryDirectory()
        try write(#"{ "sourceLocale": "en", "targetLocales": ["de"] }"#, to: root + "/speakable.json")
        try write(#"{ "messages": { "a": { "message": "Ratio {ratio} of {n, plural, one {# game} other {# games}}", "examples": [ { "ratio": 0.75, "n": 3 } ] } } }"#,
                  to: root + "/Templates/t.json")
        try write(#"{ "a": "Quote {ratio, number, ::.00} von {n, plural, one {# Spiel} other {# Spielen}}" }"#, to: root + "/Locales/de/t.json")
        let result = compileResult(root)
        let error = try #require(result.diagnostics.first { $0.id == "catalog-skipped-argument" })
        #expect(error.severity == .error && error.file?.hasSuffix("Locales/de/t.json") == true)
        #expect(error.position?.line == 1 && error.position?.column == 15)
        #expect(error.message.contains("{ratio, number, ::.00}") && result.files.isEmpty)
        // Android has no such limit (it reads every argument it is given): an Android-only compile works.
        #expect(!compileResult(root) { $0.outputs = [.android] }.hasErrors)
        // The same with an integer ungrouped in one translation only (::group-off is text on Apple).
        try write(#"{ "messages": { "a": { "message": "Score {score} in {n, plural, one {# game} other {# games}}", "examples": [ { "score": 4530, "n": 3 } ] } } }"#,
                  to: root + "/Templates/t.json")
        try write(#"{ "a": "Punkte {score, number, ::group-off} in {n, plural, one {# Spiel} other {# Spielen}}" }"#, to: root + "/Locales/de/t.json")
        let grouped = compileResult(root).diagnostics.first { $0.id == "catalog-skipped-argument" }
        #expect(grouped?.message.contains("writes {score, number, ::group-off} where another locale writes {score}") == true)
    }

    @Test func aPluralOnAFractionIsAnErrorAtThePlural() throws {
        let root = try project(#"{ "messages": { "stars": { "message": "Rated {s, plural, one {# star} other {# stars}}", "examples": [ { "s": 4.5 } ] } } }"#)
        let result = compileResult(root)
        let error = try #require(result.diagnostics.first { $0.id == "catalog-fractional-plural" })
        #expect(error.severity == .error && error.position?.line == 1 && error.position?.column == 46)
        #expect(result.files.isEmpty)
        // runtimeOnly keeps it out of catalogs: no error.
        let runtime = try project(#"{ "messages": { "stars": { "message": "Rated {s, plural, one {# star} other {# stars}}", "examples": [ { "s": 4.5 } ], "runtimeOnly": true } } }"#)
        #expect(!compileResult(runtime).hasErrors)
    }
}
