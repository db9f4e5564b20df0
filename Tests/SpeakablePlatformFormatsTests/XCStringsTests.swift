import SpeakableDiagnostics
import SpeakableJSON
import SpeakablePlatformFormats
import Testing
import SpeakableTestSupport

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

    /// The streaming writer the compiler uses writes exactly what the tree writer writes.
    @Test func theStreamWriterWritesWhatTheTreeWriterWrites() {
        let values: [CatalogValue] = [
            .text("Row %1$lld, \"quoted\" / 한국어"),
            .plural([.init(category: "zero", text: "none"), .init(category: "one", text: "%lld star"), .init(category: "other", text: "%lld stars")]),
            .substitutions(format: "%1$#@b@ and %2$#@a@", [
                CatalogSubstitution(name: "b", argumentNumber: 1, formatSpecifier: "lld", forms: [.init(category: "other", text: "%arg")]),
                CatalogSubstitution(name: "a", argumentNumber: 2, formatSpecifier: "ld",
                                    forms: [.init(category: "one", text: "%arg x"), .init(category: "few", text: "%arg y"), .init(category: "other", text: "%arg z")]),
            ]),
        ]
        let kept: JSONValue = .object([("stringUnit", .object([("value", .string("kept")), ("state", .string("needs_review"))]))])
        let streamEntries: [XCStringsStreamWriter.Entry] = [
            .init(key: "Key10", members: [("extractionState", .string("manual")), ("comment", .string("c"))],
                  localizations: [("ko", .value(values[0])), ("en", .value(values[1])), ("zh-Hans", .json(kept))]),
            .init(key: "key2", members: [("shouldTranslate", .bool(false)), ("future", .array([.int(1)]))],
                  localizations: [("en", .value(values[2])), ("ko", .stated(values[2], states: CatalogStates(main: "new", substitutions: [2: ["one": "needs_review"]])))]),
            .init(key: "empty", members: [], localizations: []),
        ]
        let stream = XCStringsStreamWriter.text(sourceLanguage: "en", version: .string("1.1"), extra: [("aExtra", .bool(true))],
                                                entries: streamEntries)
        let reference = XcodeJSON.text(.object([("version", .string("1.1")), ("strings", .object(Self.tree(streamEntries))), ("aExtra", .bool(true)),
                                                ("sourceLanguage", .string("en"))]))
        #expect(stream == reference)
        // Written in pieces on all cores: the same bytes, in Xcode's key order across the pieces.
        let many = (0..<3_000).map { i in
            let entry = streamEntries[i % streamEntries.count]
            return XCStringsStreamWriter.Entry(key: "\(entry.key).\(3_000 - i)", members: entry.members, localizations: entry.localizations)
        }
        let whole = XCStringsStreamWriter.bytes(sourceLanguage: "en", version: .string("1.1"), extra: [], entries: many)
        for parts in [2, 3, 4, 5] {
            #expect(XCStringsStreamWriter.bytes(sourceLanguage: "en", version: .string("1.1"), extra: [], entries: many, parts: parts) == whole, "\(parts)")
        }
        #expect(String(decoding: whole, as: UTF8.self)
                == XcodeJSON.text(.object([("version", .string("1.1")), ("strings", .object(Self.tree(many))), ("sourceLanguage", .string("en"))])))
    }

    /// Random catalogs with hostile keys, tags and texts (escapes, controls, non-ASCII, empty
    /// strings), every plural category alone and together (in any order, some not CLDR's), review
    /// states by unit, substitutions with and without `argNum`, kept JSON and members: the stream
    /// writer writes what the tree writer writes, whole and in pieces.
    @Test func randomCatalogsStreamAsTheTreeWriterWrites() {
        var random = SplitMix(seed: 7)
        let hostile = HostileStrings.generate(count: 300, seed: 5)
        func text() -> String {
            switch random.below(5) {
            case 0: ""
            case 1: hostile[random.below(hostile.count)]
            case 2: String(repeating: "Row %1$lld ", count: 1 + random.below(6)) + hostile[random.below(hostile.count)]
            default: (0..<random.below(4)).map { _ in hostile[random.below(hostile.count)] }.joined()
            }
        }
        let categories = ["zero", "one", "two", "few", "many", "other", "a", "b", "c"]
        func forms() -> [CatalogPluralForm] {
            var names = categories.filter { _ in random.below(2) == 0 }.shuffled(using: &random)
            // Mostly CLDR's categories (written in their fixed order), sometimes others (sorted).
            if random.below(4) != 0 { names.removeAll { $0.count == 1 } }
            if names.isEmpty { names = ["other"] }
            return names.map { CatalogPluralForm(category: $0, text: text()) }
        }
        func value() -> CatalogValue {
            switch random.below(3) {
            case 0: return .text(text())
            case 1: return .plural(forms())
            default:
                let count = 1 + random.below(3)
                return .substitutions(format: text(), (0..<count).map { i in
                    CatalogSubstitution(name: ["n", "count", "b", "a\\\"q"][random.below(4)] + String(i), argumentNumber: i + 1,
                                        writesArgumentNumber: random.below(3) != 0, formatSpecifier: ["lld", "ld", "@", ""][random.below(4)],
                                        forms: forms())
                })
            }
        }
        let stateNames = ["translated", "needs_review", "new", "stale", "\"odd\""]
        func states() -> CatalogStates {
            var plural: [String: String] = [:]
            for category in categories where random.below(3) == 0 { plural[category] = stateNames[random.below(stateNames.count)] }
            var substitutions: [Int: [String: String]] = [:]
            for number in 1...3 where random.below(2) == 0 {
                substitutions[number] = Dictionary(uniqueKeysWithValues: categories.filter { _ in random.below(3) == 0 }
                    .map { ($0, stateNames[random.below(stateNames.count)]) })
            }
            return CatalogStates(main: stateNames[random.below(stateNames.count)], plural: plural, substitutions: substitutions)
        }
        let tags = ["en", "ko", "zh-Hans", "pt-BR", "\"odd\\tag", "é", ""]
        var entries: [XCStringsStreamWriter.Entry] = []
        var keys = Set<String>()
        while entries.count < 600 {
            let key = random.below(3) == 0 ? hostile[random.below(hostile.count)] : "key.\(entries.count)." + text()
            guard keys.insert(key).inserted else { continue }
            var localizations: [(String, XCStringsStreamWriter.Localization)] = []
            for tag in tags.shuffled(using: &random) where random.below(3) != 0 {
                switch random.below(6) {
                case 0: localizations.append((tag, .stated(value(), states: states())))
                case 1: localizations.append((tag, .json(.object([("stringUnit", .object([("value", .string(text())), ("state", .string("new"))]))]))))
                default: localizations.append((tag, .value(value())))
                }
            }
            var members: [(String, JSONValue)] = []
            if random.below(2) == 0 { members.append(("comment", .string(text()))) }
            if random.below(2) == 0 { members.append(("extractionState", .string("manual"))) }
            if random.below(5) == 0 { members.append(("shouldTranslate", .bool(false))) }
            if random.below(9) == 0 { members.append(("zExtra", .array([.int(3), .null, .object([("k", .double(0.5))])]))) }
            entries.append(.init(key: key, members: members, localizations: localizations))
        }
        let extra: [(String, JSONValue)] = [("aExtra", .object([("x", .string("\u{1}\"y"))]))]
        let reference = XcodeJSON.text(.object([("version", .string("1.0")), ("strings", .object(Self.tree(entries)))] + extra
                                               + [("sourceLanguage", .string("en"))]))
        let whole = XCStringsStreamWriter.bytes(sourceLanguage: "en", version: .string("1.0"), extra: extra, entries: entries)
        let text = String(decoding: whole, as: UTF8.self)
        let difference = zip(text.utf8, reference.utf8).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(text == reference, "differs from byte \(difference ?? min(text.utf8.count, reference.utf8.count))")
        #expect(XCStringsStreamWriter.bytes(sourceLanguage: "en", version: .string("1.0"), extra: extra, entries: entries, parts: 2) == whole)
    }

    /// A catalog the stream writer wrote, read back for its localizations
    /// (`writtenLocalizations(in:)`): written again from what was read, every byte is the same;
    /// every entry and localization is found, and nothing else.
    @Test func writtenLocalizationsAreFoundAndWrittenAgainAsTheyWere() throws {
        var random = SplitMix(seed: 42)
        let pieces = ["Row", " %1$lld", "\"", "\\", "\n", "\t", "한국어", "\u{1}", " ", "}", "{", ",", ": ", "\u{2028}", "\u{FEFF}", "x", "%%"]
        func text() -> String { (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined() }
        let tags = ["en", "ko", "zh-Hans", "\"odd\\tag"]
        var entries: [XCStringsStreamWriter.Entry] = []
        for i in 0..<400 {
            var localizations: [(String, XCStringsStreamWriter.Localization)] = []
            for tag in tags where random.below(4) != 0 {
                let value: CatalogValue = switch random.below(3) {
                case 0: .text(text())
                case 1: .plural([.init(category: "one", text: text()), .init(category: "other", text: text())])
                default: .substitutions(format: "%1$#@a@ " + text(), [CatalogSubstitution(name: "a", argumentNumber: 1, formatSpecifier: "lld",
                                                                                     forms: [.init(category: "other", text: text())])])
                }
                switch random.below(4) {
                case 0: localizations.append((tag, .stated(value, states: CatalogStates(main: "needs_review"))))
                case 1: localizations.append((tag, .json(.object([("stringUnit", .object([("state", .string("new")), ("value", .string(text()))]))]))))
                case 2: localizations.append((tag, .json(.string(text()))))
                default: localizations.append((tag, .value(value)))
                }
            }
            let members: [(String, JSONValue)] = random.below(3) == 0
                ? [("comment", .string(text())), ("extra", .object([("localizations", .object([("ko", .string("not one"))]))]))]
                : [("extractionState", .string("manual"))]
            entries.append(.init(key: "key \(i) " + text(), members: members, localizations: localizations))
        }
        let extra: [(String, JSONValue)] = [("aExtra", .object([("strings", .object([("k", .bool(true))]))]))]
        let bytes = XCStringsStreamWriter.bytes(sourceLanguage: "en", version: .string("1.0"), extra: extra, entries: entries)
        let found = try #require(XCStringsStreamWriter.writtenLocalizations(in: bytes))
        #expect(Set(found.entries.keys) == Set(entries.map { XCStringsStreamWriter.writtenKey($0.key) }))
        #expect(Set(found.tags) == Set(tags.map(XCStringsStreamWriter.writtenKey)))
        let again = entries.map { entry in
            let key = XCStringsStreamWriter.writtenKey(entry.key)
            let present = found.tags.indices.filter { found.range(key, tag: $0) != nil }.map { found.tags[$0] }
            #expect(Set(present) == Set(entry.localizations.map { XCStringsStreamWriter.writtenKey($0.0) }), "\(entry.key)")
            return XCStringsStreamWriter.Entry(key: entry.key, members: entry.members, localizations: entry.localizations.map { tag, _ in
                let index = found.tags.firstIndex(of: XCStringsStreamWriter.writtenKey(tag)) ?? -1
                return (tag, .written(found.range(key, tag: index).map { Array(bytes[$0]) } ?? []))
            })
        }
        let rewritten = XCStringsStreamWriter.bytes(sourceLanguage: "en", version: .string("1.0"), extra: extra, entries: again)
        let difference = (0..<min(rewritten.count, bytes.count)).first { rewritten[$0] != bytes[$0] }
            ?? (rewritten.count == bytes.count ? nil : min(rewritten.count, bytes.count))
        #expect(difference == nil, "written again, the catalog differs from byte \(difference ?? 0) on")
        // Not this writer's layout: nothing is taken from it.
        #expect(XCStringsStreamWriter.writtenLocalizations(in: Array(#"{"strings":{"k":{"localizations":{"en":{}}}}}"#.utf8)) == nil)
        #expect(XCStringsStreamWriter.writtenLocalizations(in: Array(bytes.prefix(bytes.count / 2))) == nil)
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

    /// Each entry as the JSON tree the reference writer takes (written localizations are not
    /// among the tests' entries).
    static func tree(_ entries: [XCStringsStreamWriter.Entry]) -> [(String, JSONValue)] {
        entries.map { entry in
            var members = entry.members
            if !entry.localizations.isEmpty {
                members.append(("localizations", .object(entry.localizations.map { tag, localization in
                    switch localization {
                    case .json(let json): (tag, json)
                    case .value(let value): (tag, XCStringsWriter.json(XCStringsContent(value)))
                    case .stated(let value, let states): (tag, XCStringsWriter.json(XCStringsContent(value, states: states)))
                    case .written: (tag, JSONValue.null)
                    }
                })))
            }
            return (entry.key, JSONValue.object(members))
        }
    }
}

/// `speakable check` reads a String Catalog entry by entry (`read(_:file:entries:)`), never as one
/// tree: it must see what a whole read sees.
@Suite struct XCStringsStreamingTests {
    static func same(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = XCStringsReader.read(bytes, file: "t.xcstrings")
        var entries: [XCStringsEntry] = []
        let streamed = XCStringsReader.read(bytes, file: "t.xcstrings") { entries.append($0) }
        #expect(Set(streamed.diagnostics.map(\.rendered)) == Set(whole.diagnostics.map(\.rendered)), sourceLocation: sourceLocation)
        #expect(streamed.diagnostics.count == whole.diagnostics.count, sourceLocation: sourceLocation)
        #expect((streamed.catalog == nil) == (whole.catalog == nil), sourceLocation: sourceLocation)
        guard let catalog = whole.catalog, let shell = streamed.catalog else { return }
        #expect(shell.entries.isEmpty && shell.sourceLanguage == catalog.sourceLanguage, sourceLocation: sourceLocation)
        #expect(entries.map(\.key) == catalog.entries.map(\.key), sourceLocation: sourceLocation)
        let messages = entries.flatMap { $0.messages(file: catalog.file) }
        #expect(messages.map { "\($0.key)|\($0.locale)|\($0.forms)" } == catalog.messages.map { "\($0.key)|\($0.locale)|\($0.forms)" },
                sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote))
    func realCatalogs() throws {
        for name in ["CotEditor_CommandBar.xcstrings", "CotEditor_FileScopeEditor.xcstrings", "xcstrings-tool_Localizable.xcstrings",
                     "xcstrings-tool_Substitution.xcstrings"] {
            Self.same(try testCatalog(name))
        }
    }

    @Test func brokenCatalogsReportTheSame() {
        for text in [
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"ko": {"stringUnit": {"state": 1, "value": "x"}}}}, "a": {}}}"#,
            #"{"strings": {"a": {"extractionState": 3, "localizations": []}}, "version": 2}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"ko": {"stringUnit": {"value": "x"}}}}, "b": "#,
            #"{"sourceLanguage": "en", "strings": []}"#,
            #"[1, 2]"#,
        ] {
            Self.same(Array(text.utf8))
        }
    }
}
