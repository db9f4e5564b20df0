import FoundationEssentials
import SpeakableChecker
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing

/// `speakable check` reads a String Catalog without problems through ``XCStringsIndex`` and any
/// other through ``XCStringsReader``: both must find the same, at the same lines and columns.
/// The same catalog is checked as written (indexed) and with one more top-level member the index
/// leaves to the reader (`"zz" : 1.5`, after everything else, so no position moves).
@Suite struct XCStringsIndexCheckTests {
    static func bothWays(_ text: String, expectingFindings: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let end = try #require(text.lastIndex(of: "}"))
        let forced = text[..<end] + ", \"zz\" : 1.5\n}\n"
        #expect(XCStringsIndex.read(Array(text.utf8), file: "t") != nil, "the catalog is not indexed", sourceLocation: sourceLocation)
        #expect(XCStringsIndex.read(Array(forced.utf8), file: "t") == nil, sourceLocation: sourceLocation)
        let root = try makeProject(["a/Localizable.xcstrings": text, "b/Localizable.xcstrings": String(forced)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let indexed = try checkPlatform(root + "/a/Localizable.xcstrings", spokenSeconds: estimatedSeconds, sourceLocation: sourceLocation)
        let read = try checkPlatform(root + "/b/Localizable.xcstrings", spokenSeconds: estimatedSeconds, sourceLocation: sourceLocation)
        func rendered(_ result: CheckResult) -> [String] {
            result.findings.map { "\($0.rendered.replacing(root + "/a/", with: "").replacing(root + "/b/", with: "")) \($0.key ?? "") \($0.locale ?? "")" }
        }
        #expect(rendered(indexed) == rendered(read), sourceLocation: sourceLocation)
        #expect(indexed.summaries == read.summaries, sourceLocation: sourceLocation)
        #expect(!indexed.findings.isEmpty || !expectingFindings, sourceLocation: sourceLocation)
    }

    /// Findings in escaped and non-ASCII strings, in plural cases written before and after the
    /// string unit, in substitutions, device variations, states, untranslated entries.
    static let tricky = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "é \"quoted\" %lld" : {
          "comment" : "café",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Row \"%lld\"  é\u00e9 %@" } },
            "ko" : { "stringUnit" : { "state" : "translated", "value" : "\"행\" %@  %lld\t끝" } },
            "de" : { "stringUnit" : { "state" : "new", "value" : "Zeile \ud83d\ude00 %3$lld" } }
          }
        },
        "stars" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld star" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld stars" } } } } },
            "ko" : { "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "별  %@개" } } } } },
            "de" : { "stringUnit" : { "value" : "%lld Sterne" },
                     "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%lld Stern" } },
                                                   "few" : { "stringUnit" : { "value" : "%d {Sterne}" } } } } }
          }
        },
        "device" : {
          "localizations" : {
            "en" : { "variations" : { "device" : { "iphone" : { "stringUnit" : { "value" : "Tap %@" } },
                                                   "other" : { "stringUnit" : { "value" : "Click %@" } } } } },
            "ko" : { "variations" : { "device" : { "other" : { "stringUnit" : { "value" : "클릭  %lld" } } } } }
          }
        },
        "left" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ has %2$#@n@" },
              "substitutions" : { "n" : { "argNum" : 2, "formatSpecifier" : "lld",
                "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg life" } },
                                              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg lives" } } } } } } },
            "ko" : { "stringUnit" : { "state" : "translated", "value" : "%1$@: 목숨 %3$lld개" } },
            "de" : { "stringUnit" : { "value" : "%1$@ hat %2$#@n@" },
              "substitutions" : { "n" : { "argNum" : 2, "formatSpecifier" : "lld",
                "variations" : { "plural" : { "other" : { "stringUnit" : { "value" : "%arg  Leben %@" } } } } } } }
          }
        },
        "skip" : { "shouldTranslate" : false, "localizations" : { "ko" : { "stringUnit" : { "value" : "%@ %@" } } } },
        "only key %@" : { },
        "100% sure" : { "localizations" : { "ko" : { "stringUnit" : { "value" : "100% 확실 {x}" } } } }
      },
      "version" : "1.0"
    }
    """#

    @Test func trickyCatalog() throws {
        try Self.bothWays(Self.tricky)
        try Self.bothWays(Self.tricky.replacing("\n", with: "\r\n"))
    }

    @Test(.enabled(if: catalogsDirectory != nil, "../shared/testdata/catalogs is not next to the package; skipping the real catalogs"))
    func realCatalogs() throws {
        for name in ["CotEditor_CommandBar.xcstrings", "CotEditor_FileScopeEditor.xcstrings", "xcstrings-tool_Localizable.xcstrings",
                     "xcstrings-tool_Substitution.xcstrings"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: catalogsDirectory! + "/" + name))
            // Only FileScopeEditor has findings (8 missing translations); the others are clean.
            try Self.bothWays(String(decoding: data, as: UTF8.self), expectingFindings: name.contains("FileScope"))
        }
    }
}
