import FoundationEssentials
import SpeakableCatalog
import SpeakablePlatformFormats
import Testing
@testable import SpeakableCompiler

/// Inputs the fuzz targets found (docs/internals/fuzzing.md), each kept as a regression.
@Suite struct FuzzRegressionTests {
    /// xliff target: an Xcode XLIFF whose substitution `strings` names itself in its own forms
    /// made the importer recurse until the stack overflowed (AddressSanitizer: stack-overflow in
    /// CatalogImport's Builder.text ↔ Builder.plural). The fixture is the fuzzer's input with its
    /// control characters (which XML does not allow, so the reader would stop there) as `x`.
    @Test func aSubstitutionThatNamesItselfIsAnErrorNotAStackOverflow() throws {
        let root = try temporaryDirectory()
        try copyTree(fixturesDirectory + "/Fuzz/substitution-loop.xliff", to: root + "/ko.xliff")
        let result = CatalogImporter.importFiles([root + "/ko.xliff"], project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(result.diagnostics.contains { $0.id == "import-substitution-loop" }, "\(result.diagnostics.map(\.rendered))")
        #expect(result.files.isEmpty)
    }

    /// The same loop in a String Catalog.
    @Test func aStringCatalogSubstitutionThatNamesItselfIsAnError() throws {
        let root = try temporaryDirectory()
        try write(#"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "loop" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@n@" },
                  "substitutions" : {
                    "n" : {
                      "argNum" : 1, "formatSpecifier" : "lld",
                      "variations" : { "plural" : {
                        "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg %#@n@" } },
                        "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } }
                      } }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#, to: root + "/Loop.xcstrings")
        let result = CatalogImporter.importFiles([root + "/Loop.xcstrings"], project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(result.diagnostics.contains { $0.id == "import-substitution-loop" && $0.message.contains("n → n") },
                "\(result.diagnostics.map(\.rendered))")
    }

    /// xcstrings target, round 2: `%0…8198552921648689607lld` (a zero-padded width of 8.2×10¹⁸)
    /// made the converter build an ICU skeleton of that many zeros (AddressSanitizer:
    /// allocation-size-too-big in IntegerPresentation.skeleton). The fuzzer's file: an error that
    /// names the width, and nothing imported.
    @Test func aHugePrintfWidthIsAnErrorNotAnAllocationOf8EB() throws {
        let root = try temporaryDirectory()
        try copyTree(fixturesDirectory + "/Fuzz/huge-width.xcstrings", to: root + "/Localizable.xcstrings")
        let result = CatalogImporter.importFiles([root + "/Localizable.xcstrings"], project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(result.diagnostics.contains { $0.id == "import-width-too-large" && $0.message.contains("a number padded to 819855…689607 digits; ICU pads to at most 999") },
                "\(result.diagnostics.map(\.rendered))")
        #expect(result.hasErrors && result.files.isEmpty)
    }

    /// ICU pads to at most 999 digits (`integer-width`; 1,000 is U_NUMBER_ARG_OUTOFBOUNDS_ERROR):
    /// `%0999d` imports, `%01000d` is the error — in Android resources as in String Catalogs.
    @Test(arguments: [999, 1000]) func printfWidthsAtICUsLimitAndOnePast(width: Int) throws {
        let root = try temporaryDirectory()
        try write("<resources><string name=\"n\">No. %1$0\(width)d</string></resources>", to: root + "/res/values/strings.xml")
        let result = CatalogImporter.importFiles([root + "/res/values/strings.xml"], project: ProjectLoader.load(directory: root), options: ImportOptions())
        if width <= IntegerPresentation.maximumDigits {
            #expect(!result.hasErrors, "\(result.diagnostics.map(\.rendered))")
            let templates = try #require(result.files.first { $0.path == "Templates/strings.json" }?.contents)
            #expect(templates.contains("integer-width/*" + String(repeating: "0", count: width) + " group-off}"))
        } else {
            #expect(result.diagnostics.map(\.id).contains("import-width-too-large"), "\(result.diagnostics.map(\.rendered))")
            #expect(result.files.isEmpty)
        }
    }
}
