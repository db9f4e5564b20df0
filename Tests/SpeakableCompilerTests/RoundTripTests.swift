import FoundationEssentials
import SpeakableCatalog
import SpeakableCompiler
import SpeakablePlatformFormats
import Testing

/// Import, then compile, the real catalogs in ../shared/testdata/catalogs: the compiled catalog
/// must mean what the original meant — same keys, same plural forms, same text per locale.
@Suite(.enabled(if: catalogsDirectory != nil, testDataNote))
struct RoundTripTests {
    static let xcstrings = ["CotEditor_CommandBar", "CotEditor_FileScopeEditor", "xcstrings-tool_Localizable", "xcstrings-tool_Substitution"]

    /// With the metadata file, an unedited catalog comes back byte for byte.
    @Test(arguments: xcstrings)
    func stringCatalogsComeBackByteForByte(name: String) throws {
        let root = try temporaryDirectory(name)
        try importInto(root, [catalogsDirectory! + "/\(name).xcstrings"])
        var files = compile(root) { $0.outputs = [.xcstrings] }
        #expect(files.removeValue(forKey: "xcstrings/\(name).xcstrings") == read(catalogsDirectory! + "/\(name).xcstrings"))
    }

    /// Converted from ICU alone (every value as if edited), the catalog still means the same.
    @Test(arguments: xcstrings)
    func stringCatalogsConvertedFromICUMeanTheSame(name: String) throws {
        let root = try temporaryDirectory(name)
        try importInto(root, [catalogsDirectory! + "/\(name).xcstrings"])
        let files = compile(root) {
            $0.outputs = [.xcstrings, .swift]
            $0.reuseOriginalValues = false
        }
        let original = try #require(XCStringsReader.read(try contents(catalogsDirectory! + "/\(name).xcstrings"), file: "o").catalog)
        let compiled = try #require(XCStringsReader.read(try value(files["xcstrings/\(name).xcstrings"]), file: "c").catalog)
        #expect(compiled.entries.map(\.key) == original.entries.map(\.key))
        #expect(compiled.version == original.version)
        for message in original.messages {
            let other = compiled.messages.first { $0.key == message.key && $0.locale == message.locale }
            #expect(other.map { meaning($0, dialect: .apple) } == meaning(message, dialect: .apple), "\(message.key) [\(message.locale)]")
        }
        // Keys without a source localization stay without one (Xcode reads the key as the text).
        for entry in original.entries where entry[original.sourceLanguage] == nil {
            #expect(compiled[entry.key]?[original.sourceLanguage] == nil, "\(entry.key)")
        }
    }

    /// Converted from ICU, a localization keeps what ICU has no selector for: the other devices'
    /// texts (the imported device's is the converted one) and the substitutions' own names.
    @Test func convertingKeepsDeviceVariationsAndSubstitutionNames() throws {
        let root = try temporaryDirectory()
        try importInto(root, [catalogsDirectory! + "/xcstrings-tool_Localizable.xcstrings", catalogsDirectory! + "/xcstrings-tool_Substitution.xcstrings"])
        let files = compile(root) {
            $0.outputs = [.xcstrings]
            $0.reuseOriginalValues = false
        }
        let localizable = try #require(XCStringsReader.read(try value(files["xcstrings/xcstrings-tool_Localizable.xcstrings"]), file: "c").catalog)
        let devices = localizable.messages.first { $0.key == "myDeviceVariant" && $0.locale == "en" }?.forms.map(\.path).sorted()
        #expect(devices == ["device.ipad", "device.mac", "device.other"], "\(String(describing: devices))")
        let substitution = try #require(XCStringsReader.read(try value(files["xcstrings/xcstrings-tool_Substitution.xcstrings"]), file: "c").catalog)
        let names = substitution.messages.first { $0.key == "substitutions_example.string" && $0.locale == "en" }?.substitutions.map(\.name).sorted()
        #expect(names == ["remaining.strings", "total.strings"])
    }

    static func androidProject(_ name: String) throws -> (root: String, res: String) {
        let root = try temporaryDirectory(name)
        let res = root + "/res"
        return (root, res)
    }

    @Test(arguments: [false, true])
    func deskClockMeansTheSameInEnglishAndKorean(convertAll: Bool) throws {
        let (root, res) = try Self.androidProject("deskclock\(convertAll)")
        try write(try contents(catalogsDirectory! + "/DeskClock_values_strings.xml"), to: res + "/values/strings.xml")
        try write(try contents(catalogsDirectory! + "/DeskClock_values-ko_strings.xml"), to: res + "/values-ko/strings.xml")
        let imported = try importInto(root, [res + "/values-ko/strings.xml", res + "/values/strings.xml"])
        #expect(imported.counts["en"] == 189 && imported.counts["ko"] == 194)
        let files = compile(root) {
            $0.outputs = [.android, .xcstrings, .xliff, .swift]
            $0.reuseOriginalValues = !convertAll
        }
        for (folder, tag, source) in [("values", "en", "DeskClock_values_strings.xml"), ("values-ko", "ko", "DeskClock_values-ko_strings.xml")] {
            let original = try #require(AndroidResourceReader.read(Array(try contents(catalogsDirectory! + "/" + source).utf8),
                                                                   file: "o", locale: tag).file)
            let text = try #require(files["android/res/\(folder)/strings.xml"])
            let compiledResult = AndroidResourceReader.read(Array(text.utf8), file: "c", locale: tag)
            #expect(compiledResult.diagnostics.filter { $0.severity == .error }.map(\.rendered) == [])
            let compiled = try #require(compiledResult.file)
            let compiledMessages = compiled.messages(defaultLocale: tag)
            // Korean has six strings the English file lacks: without a template they are not compiled.
            let englishNames = Set(AndroidResourceReader.read(Array(read(catalogsDirectory! + "/DeskClock_values_strings.xml")!.utf8), file: "e")
                .file!.resources.map(\.name))
            var compared = 0
            for message in original.messages(defaultLocale: tag) {
                guard englishNames.contains(message.key) else {
                    #expect(!compiledMessages.contains { $0.key == message.key })
                    continue
                }
                let isPlural = message.forms.contains { $0.path.hasPrefix("plural.") }
                let other = compiledMessages.first { $0.key == message.key && $0.forms.contains { $0.path.hasPrefix("plural.") } == isPlural }
                #expect(other.map { meaning($0, dialect: .java) } == meaning(message, dialect: .java), "\(message.key) [\(tag)]")
                compared += 1
            }
            #expect(compared == (tag == "en" ? 189 : 188))
            // String arrays are not messages, but they come back.
            #expect(compiled.resources.filter { $0.kind == .stringArray }.map(\.name)
                    == original.resources.filter { $0.kind == .stringArray }.map(\.name))
        }
    }

    @Test func soundscapeHintsComeBack() throws {
        let (root, res) = try Self.androidProject("soundscape")
        try write(try contents(catalogsDirectory! + "/Soundscape-Android_values_strings.xml"), to: res + "/values/strings.xml")
        try importInto(root, [res + "/values/strings.xml"])
        for convertAll in [false, true] {
            let files = compile(root) {
                $0.outputs = [.android]
                $0.reuseOriginalValues = !convertAll
            }
            let original = try #require(AndroidResourceReader.read(Array(read(res + "/values/strings.xml")!.utf8), file: "o").file)
            let compiled = try #require(AndroidResourceReader.read(Array(files["android/res/values/strings.xml"]!.utf8), file: "c").file)
            let compiledMessages = compiled.messages(defaultLocale: "en")
            for message in original.messages(defaultLocale: "en") {
                let other = compiledMessages.first { $0.key == message.key }
                #expect(other.map { meaning($0, dialect: .java) } == meaning(message, dialect: .java), "\(message.key)")
                #expect(other?.isTranslatable == message.isTranslatable, "\(message.key) translatable")
            }
            #expect(compiledMessages.count == original.messages(defaultLocale: "en").count)
        }
    }

    @Test func xcodeXLIFFExportBecomesTemplatesAndACatalog() throws {
        let root = try temporaryDirectory()
        let result = try importInto(root, [catalogsDirectory! + "/moz-l10n_xcode26-xcstrings.xliff"])
        // The export has no <target>s: only source text is imported, into two tables.
        #expect(result.counts == ["en": 4])
        #expect(result.diagnostics.contains { $0.id == "import-not-modeled" && $0.message.contains("device variations ipad, iphone") })
        let files = compile(root) { $0.outputs = [.xcstrings] }
        let catalog2 = try #require(XCStringsReader.read(try value(files["xcstrings/catalog2.xcstrings"]), file: "c").catalog)
        let substitution = try #require(catalog2.messages.first { $0.key == "one_substitution" })
        #expect(substitution.text?.value == "This %1$@ has %2$#@strings@.")
        #expect(substitution.pluralForms(ofSubstitution: "strings").map(\.form.value) == ["%arg string", "%arg strings"])
        let catalog1 = try #require(XCStringsReader.read(try value(files["xcstrings/catalog1.xcstrings"]), file: "c").catalog)
        #expect(catalog1["Hello, world!"]?.comment == "a plain string")
        #expect(catalog1["interpolation_key"]?["en"]?.content.variation("plural")?.cases.map(\.name) == ["one", "other"])
    }

}

/// Needs no test data: the fixture project's own XLIFF.
@Suite struct XLIFFRoundTripTests {
    /// XLIFF 2.0 for translators: compile, "translate" (the file as written), import into a
    /// project without the Korean file: the same Korean file comes back.
    @Test func xliffForTranslatorsComesBackIntoLocales() throws {
        let root = try temporaryDirectory()
        try copyTree(fixturesDirectory + "/Game", to: root + "/Game")
        let project = root + "/Game"
        let files = compile(project) { $0.outputs = [.xliff] }
        let xliff = try #require(files["xliff/ko.xliff"])
        let original = try #require(read(project + "/Locales/ko/game.json"))
        try FileManager.default.removeItem(atPath: project + "/Locales/ko/game.json")
        try write(xliff.replacing("state=\"translated\"", with: "state=\"final\""), to: root + "/ko.xliff")
        try importInto(project, [root + "/ko.xliff"])
        #expect(read(project + "/Locales/ko/game.json") == original)
        // The translator's state is kept and written back.
        let again = compile(project) { $0.outputs = [.xliff] }
        #expect(again["xliff/ko.xliff"]?.contains("<segment state=\"final\">") == true)
        #expect(again["xliff/ko.xliff"]?.contains("<segment state=\"translated\">") == false)
    }
}

struct Missing: Error, CustomStringConvertible {
    let what: String
    var description: String { "missing: \(what)" }
}

func contents(_ path: String) throws -> String {
    guard let text = read(path) else { throw Missing(what: path) }
    return text
}

func value(_ text: String?, _ what: String = "output") throws -> String {
    guard let text else { throw Missing(what: what) }
    return text
}
