import SpeakableDiagnostics
import SpeakableJSON
import SpeakablePlatformFormats
import Testing

@Suite struct XCStringsTests {
    static let xcodeFiles = [
        "xcstrings-tool_Substitution.xcstrings", "xcstrings-tool_Localizable.xcstrings",
        "CotEditor_CommandBar.xcstrings", "CotEditor_FileScopeEditor.xcstrings",
    ]

    /// Files Xcode saved are written back byte for byte: layout, key order, escapes, version.
    @Test(.enabled(if: catalogsDirectory != nil, testDataNote), arguments: xcodeFiles)
    func writesXcodeFilesBackByteForByte(name: String) throws {
        let bytes = try testCatalog(name)
        let result = XCStringsReader.read(bytes, file: name)
        #expect(result.diagnostics.isEmpty)
        let catalog = try #require(result.catalog)
        #expect(XCStringsWriter.text(catalog) == String(decoding: bytes, as: UTF8.self))
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func exposesFormsWithPositionsForTheChecker() throws {
        let catalog = try #require(XCStringsReader.read(try testCatalog("CotEditor_CommandBar.xcstrings"),
                                                        file: "CommandBar.xcstrings").catalog)
        let korean = try #require(catalog.messages.first { $0.key == "%lld commands found" && $0.locale == "ko" })
        #expect(korean.comment == "VoiceOver announcement for when incrementally updating the command search result.")
        #expect(korean.pluralForms.map(\.category).sorted() == ["other", "zero"])
        let other = try #require(korean.pluralForms.first { $0.category == "other" }?.form)
        // Found by reading the file: the "value" string of ko/plural/other.
        let lines = String(decoding: try testCatalog("CotEditor_CommandBar.xcstrings"), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines[other.position.line - 1]
        #expect(Array(line.unicodeScalars)[other.position.column - 1] == "\"")
        #expect(line.contains(other.value))
        #expect(other.state == "translated")

        let substitution = try #require(XCStringsReader.read(try testCatalog("xcstrings-tool_Substitution.xcstrings"),
                                                             file: "S.xcstrings").catalog?.messages.first)
        #expect(substitution.text?.value == "%@! There %#@total.strings@ and you have %#@remaining.strings@ remaining")
        #expect(substitution.substitutions.map(\.name) == ["remaining.strings", "total.strings"])
        #expect(substitution.substitutions.map(\.argumentNumber) == [3, 2])
        #expect(substitution.pluralForms(ofSubstitution: "total.strings").map(\.form.value) == ["is %arg string", "are %arg strings"])
        #expect(substitution.pluralForms(ofSubstitution: "total.strings").first?.form.state == "needs_review")
    }

    @Test func keysSortTheWayXcodeSortsThem() {
        // Orders seen in files Xcode wrote (the testdata catalogs): case-insensitive, `_` before
        // `.`, punctuation before letters, zh-Hans < zh-Hant < zh-HK; digit runs compare as numbers.
        #expect(XcodeKeyOrder.sorted(["mySubstitute", "my.snake_case.with-multiple-separators", "Key", "continue",
                                      "my_snake_case", "Empty.Comment", "Empty", "myPlural"])
                == ["continue", "Empty", "Empty.Comment", "Key", "my_snake_case", "my.snake_case.with-multiple-separators",
                    "myPlural", "mySubstitute"])
        #expect(XcodeKeyOrder.sorted(["zh-HK", "zh-Hant", "zh-Hans", "en-GB", "en"]) == ["en", "en-GB", "zh-Hans", "zh-Hant", "zh-HK"])
        #expect(XcodeKeyOrder.sorted(["Key10", "Key2", "Key1"]) == ["Key1", "Key2", "Key10"])
        #expect(XcodeKeyOrder.sorted(["%lld commands found", "Command"]) == ["%lld commands found", "Command"])
        // Keys equal but for case still get one fixed order.
        #expect(XcodeKeyOrder.sorted(["a", "A"]) == XcodeKeyOrder.sorted(["A", "a"]))
    }

    @Test func unknownMembersAreKeptAndEmptyObjectsWrittenAsXcodeDoes() throws {
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a/b" : {
              "futureField" : [
                1,
                true
              ],
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Tab\\t\\"quoted\\" 한국어 / slash"
                  }
                }
              }
            },
            "empty" : {

            }
          },
          "version" : "1.1"
        }
        """
        let catalog = try #require(XCStringsReader.read(text, file: "x.xcstrings").catalog)
        #expect(catalog["a/b"]?.extra.map(\.key) == ["futureField"])
        #expect(catalog["a/b"]?["en"]?.content.stringUnit?.value == "Tab\t\"quoted\" 한국어 / slash")
        #expect(XCStringsWriter.text(catalog) == text)
    }

    @Test func badInputGetsPositionedDiagnostics() {
        let text = """
        {
          "strings" : {
            "k" : { "localizations" : { "en" : { "stringUnit" : { "value" : 3 } } }, "shouldTranslate" : "no" }
          }
        }
        """
        let result = XCStringsReader.read(text, file: "bad.xcstrings")
        let rendered = result.diagnostics.map(\.rendered)
        #expect(rendered.contains("bad.xcstrings:3:69: error: \"value\" must be a string, not an integer [xcstrings-wrong-type]"))
        #expect(rendered.contains("bad.xcstrings:3:98: error: \"shouldTranslate\" must be true or false, not a string [xcstrings-wrong-type]"))
        #expect(result.diagnostics.contains { $0.id == "xcstrings-missing-field" && $0.position == SourcePosition(line: 1, column: 1) })
        #expect(XCStringsReader.read("{\"strings\": ", file: "t.xcstrings").catalog == nil)
    }
}
