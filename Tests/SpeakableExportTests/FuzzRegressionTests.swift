import FoundationEssentials
import SpeakableCatalog
import Testing
@testable import SpeakableExport

/// Inputs the fuzz targets found (docs/fuzzing.md), each kept as a regression.
@Suite struct FuzzRegressionTests {
    /// xliff target: an Xcode XLIFF whose substitution `strings` names itself in its own forms
    /// made the importer recurse until the stack overflowed (AddressSanitizer: stack-overflow in
    /// CatalogImport's Builder.text ↔ Builder.plural).
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
}
