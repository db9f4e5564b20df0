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

    /// A streamed locale (``DeferredLocale/stream``, what `speakable check` reads a catalog
    /// with) hands over each message whole, in list order, after the locale's header, and
    /// returns the locale without its messages (each was destroyed once visited).
    @Test func aStreamedLocaleHandsOverEveryMessageWhole() throws {
        let root = try makeProject(["Localizable.xcstrings": Self.tricky])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Localizable.xcstrings"
        let input = try PlatformInput.load(path: path, deferringLocales: true)
        #expect(input.deferredLocales.count == 2)
        for deferred in input.deferredLocales {
            let stream = try #require(deferred.stream)
            let whole = try #require(deferred.read().locales.first ?? nil)
            var headers: [(Int, String, Int)] = []
            var visited: [(table: Int, key: String, text: String, hasPattern: Bool, hasFormats: Bool, number: Int)] = []
            let streamed = stream({ t, header in headers.append((t, header.tag, header.messages.count)) }, { t, message, m in
                #expect(headers.count == 1, "a message was handed over before its locale")
                visited.append((t, message.pointee.key, message.pointee.text.text, message.pointee.pattern != nil,
                                message.pointee.formats != nil, m))
            })
            #expect(headers.map(\.0) == [0] && headers.map(\.1) == [deferred.tag] && headers.map(\.2) == [0])
            #expect(streamed.diagnostics.isEmpty)
            let list = try #require(streamed.locales.first ?? nil)
            #expect(list.tag == whole.tag && list.file == whole.file)
            #expect(visited.map(\.number) == Array(whole.messages.indices))
            #expect(visited.allSatisfy { $0.table == 0 })
            #expect(visited.map(\.key) == whole.messages.map(\.key))
            #expect(visited.map(\.text) == whole.messages.map(\.text.text))
            #expect(visited.map(\.hasPattern) == whole.messages.map { $0.pattern != nil })
            #expect(visited.map(\.hasFormats) == whole.messages.map { $0.formats != nil })
            #expect(whole.messages.contains { !$0.text.text.isEmpty && $0.pattern != nil && $0.formats != nil })
            // Destroyed once visited: the list is the locale without its messages.
            #expect(list.messages.isEmpty && list.fileExists == whole.fileExists && list.locale.identifier == whole.locale.identifier)
        }
    }

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
