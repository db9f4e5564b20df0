import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing
import SpeakableTestSupport

/// `speakable check` indexes a String Catalog (``XCStringsIndex``) and makes each locale's
/// messages from the bytes when it checks that locale: those messages must be the reader's, to
/// the byte and the column, and any catalog the reader has something to say about must be left
/// to the reader.
@Suite struct XCStringsIndexTests {
    /// Every field of a message, values and keys as bytes (String's `==` would call NFC and NFD
    /// spellings equal).
    static func render(_ m: PlatformMessage) -> String {
        let forms = m.forms.map { "\($0.path)=\(Array($0.value.utf8))@\($0.position)[\($0.state.map { Array($0.utf8) } ?? [])]" }
        let substitutions = m.substitutions.map { "\($0.name):\(String(describing: $0.argumentNumber)):\($0.formatSpecifier ?? "-")@\($0.position)" }
        return "\(Array(m.key.utf8))@\(m.keyPosition)|\(m.locale)|\(m.file)|\(forms)|\(substitutions)|\(m.comment.map { Array($0.utf8) } ?? [])|\(m.isTranslatable)|\(m.argumentNames)"
    }

    /// The index reads `bytes` as the reader does (when `indexed`, it must index them).
    static func same(_ bytes: [UInt8], indexed: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let read = XCStringsReader.read(bytes, file: "t.xcstrings")
        guard let index = XCStringsIndex.read(bytes, file: "t.xcstrings") else {
            #expect(!indexed, "not indexed", sourceLocation: sourceLocation)
            return
        }
        #expect(read.diagnostics.isEmpty, "indexed, but the reader says \(read.diagnostics.map(\.rendered))", sourceLocation: sourceLocation)
        guard let catalog = read.catalog else {
            Issue.record("indexed, but the reader has no catalog", sourceLocation: sourceLocation)
            return
        }
        #expect(index.sourceLanguage == catalog.sourceLanguage && index.version == catalog.version, sourceLocation: sourceLocation)
        #expect(index.entries.map { "\(Array($0.key.utf8))@\($0.keyPosition)|\(String(describing: $0.shouldTranslate))|\($0.comment ?? "-")" }
                == catalog.entries.map { "\(Array($0.key.utf8))@\($0.keyPosition)|\(String(describing: $0.shouldTranslate))|\($0.comment ?? "-")" },
                sourceLocation: sourceLocation)
        let all = catalog.messages
        var tags: [String] = []
        for m in all where !tags.contains(m.locale) { tags.append(m.locale) }
        #expect(index.localeTags == tags, sourceLocation: sourceLocation)
        for tag in tags {
            #expect(index.messages(ofLocale: tag).map(render) == all.filter { $0.locale == tag }.map(render), "locale \(tag)",
                    sourceLocation: sourceLocation)
        }
        #expect(index.messages(ofLocale: "xx-none").isEmpty, sourceLocation: sourceLocation)
    }

    /// Escapes, non-ASCII text before a value on its line, a byte-order mark, fields in every
    /// order, plural and device variations, a string unit after the variations, substitutions,
    /// nested variations, empty contents, unknown members of every JSON kind.
    static let handWritten = #"""
    {
      "sourceLanguage" : "en",
      "extra" : [ 1, -2, true, false, null, { "a" : [ ] }, "x\"y" ],
      "strings" : {
        "plain \"quoted\" ké\n\u00e9\ud83d\ude00" : {
          "comment" : "A comment with \\ and \/",
          "extractionState" : "manual",
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Tab\there, \"quoted\", \u00e9 and \ud83d\ude00 %@" } },
            "ko" : { "stringUnit" : { "value" : "한국어 %@ 값", "state" : "needs_review", "x" : { } } },
            "ja" : { }
          }
        },
        "가나다" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "new", "value" : "é" } } }, "shouldTranslate" : false },
        "%lld stars" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld star" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld stars" } }
            } } },
            "ko" : { "variations" : { "plural" : { "other" : { "stringUnit" : { "value" : "별 %lld개" } } } },
                     "stringUnit" : { "value" : "after" } },
            "ja" : { "variations" : { "device" : { "iphone" : { "stringUnit" : { "value" : "i" } }, "other" : { } } } }
          }
        },
        "nested" : { "localizations" : {
          "en" : { "variations" : { "device" : { "other" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "value" : "one" } }, "other" : { "stringUnit" : { "value" : "oth\u0065r" } } } } } } } }
        } },
        "sub" : { "localizations" : {
          "en" : { "stringUnit" : { "value" : "%#@n@ and %#@m@" },
                   "substitutions" : {
                     "n" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                       "one" : { "stringUnit" : { "value" : "%arg file" } }, "other" : { "stringUnit" : { "value" : "%arg files" } } } } },
                     "m" : { "formatSpecifier" : "d", "extra" : 5 }
                   } },
          "ko" : { "substitutions" : { }, "stringUnit" : { "value" : "ko" } }
        } },
        "empty" : { },
        "no locales" : { "localizations" : { } }
      },
      "version" : "1.0"
    }
    """#

    @Test func handWrittenCatalog() {
        Self.same(Array(Self.handWritten.utf8), indexed: true)
        Self.same([0xEF, 0xBB, 0xBF] + Array(Self.handWritten.utf8), indexed: true)
        Self.same(Array(Self.handWritten.replacing("\n", with: "\r\n").utf8), indexed: true)
        // On one line: every column counted over the text before it (non-ASCII keys and values,
        // variations, and localizations kept as their objects' bytes, whose positions the index
        // works out only for them).
        Self.same(Array(Self.handWritten.replacing("\n", with: " ").utf8), indexed: true)
        Self.same(Array(("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"é🎉\" : { \"localizations\" : { \"ko\" : { \"stringUnit\" : { \"value\" : \"한국어 %#@n@\" }, "
                         + "\"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { "
                         + "\"other\" : { \"stringUnit\" : { \"value\" : \"é %arg\" } } } } } } }, \"ja\" : { \"variations\" : { \"device\" : { "
                         + "\"other\" : { \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"value\" : \"日本\" } } } } } } } } } } } }").utf8),
                  indexed: true)
        Self.same(Array(#"{"strings":{},"sourceLanguage":"en"}"#.utf8), indexed: true)
    }

    @Test(.enabled(if: catalogsDirectory != nil, testDataNote), arguments: XCStringsTests.xcodeFiles)
    func realCatalogs(name: String) throws {
        Self.same(try testCatalog(name), indexed: true)
    }

    /// What the reader reports, or might read differently, is left to it.
    @Test func problemsAreLeftToTheReader() {
        for text in [
            #"{"sourceLanguage": "en", "strings": {"a": {}, "a": {}}}"#,                          // duplicate key
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"ko": {}, "ko": {}}}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"ko": {"stringUnit": {"state": 1, "value": "x"}}}}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"ko": {"stringUnit": {"state": "new"}}}}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"shouldTranslate": "no"}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": []}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"ko": {"substitutions": {"n": {"argNum": 0}}}}}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"ko": {"variations": {"plural": []}}}}}}"#,
            #"{"strings": {}}"#,                                                                   // no sourceLanguage
            #"{"sourceLanguage": "en"}"#,                                                          // no strings
            #"{"sourceLanguage": "en", "strings": {}, "x": 1.5}"#,                                 // a number it leaves to the reader
            #"{"sourceLanguage": "en", "strings": {}, "x": 12345678901234567890}"#,
            #"{"sourceLanguage": "en", "strings": {}, "x": {"k\u0065y": 1}}"#,                    // an escaped key outside strings
            #"{"sourceLanguage": "en", "strings": {}} x"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"comment": "\x"}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"comment": "\ud800"}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {"comment": "\udc00\ud800"}}}"#,
            #"{"sourceLanguage": "en", "strings": {"a": {},}}"#,
            #"[1, 2]"#,
            "",
        ] {
            Self.same(Array(text.utf8), indexed: false)
        }
        // Invalid UTF-8, a control character, too deep.
        Self.same(Array(#"{"sourceLanguage": "en", "strings": {"a": {"comment": "x"#.utf8) + [0xC3, 0x28] + Array(#""}}}"#.utf8), indexed: false)
        Self.same(Array(#"{"sourceLanguage": "en", "strings": {"a": {"comment": "x"#.utf8) + [0x09] + Array(#""}}}"#.utf8), indexed: false)
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        Self.same(Array(#"{"sourceLanguage": "en", "strings": {}, "x": \#(deep)}"#.utf8), indexed: false)
    }

    /// Strings are read eight bytes at a time while no byte needs a look: a quote, a backslash,
    /// a control character or a non-ASCII byte at every offset of strings of every length near
    /// that width (and in keys and values both) is read as the reader reads it.
    @Test func everyByteAtEveryOffsetOfAString() {
        let specials: [([UInt8], Bool)] = [
            (Array(#"\""#.utf8), true), (Array(#"\\"#.utf8), true), (Array(#"\u00e9"#.utf8), true), (Array(#"\n"#.utf8), true),
            ([0x09], false), ([0x1F], false), ([0x00], false), ([0x7F], true), (Array("é".utf8), true), (Array("한".utf8), true),
            (Array("🎉".utf8), true), ([0xC3], false), ([0xED, 0xA0, 0x80], false), ([0x80], false), ([0x5B], true), ([0x20], true),
            (Array(#"\q"#.utf8), false), (Array(#"""#.utf8), false),
        ]
        var compared = 0
        for length in [0, 1, 6, 7, 8, 9, 15, 16, 17, 23] {
            for at in 0...length {
                for (special, good) in specials {
                    let plain = Array(repeating: UInt8(ascii: "a"), count: length)
                    let text = Array(plain[..<at]) + special + Array(plain[at...])
                    let value = #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"ko": {"stringUnit": {"state": "new", "value": ""#
                    let key = #"{"sourceLanguage": "en", "strings": {""#
                    Self.same(Array(value.utf8) + text + Array(#""}}}}}}"#.utf8), indexed: good)
                    Self.same(Array(key.utf8) + text + Array(#"": {"comment": "x"}}}"#.utf8), indexed: good && !special.contains(0x5C))
                    compared += 2
                }
            }
        }
        #expect(compared > 2000)
    }

    /// One to three random edits of `bytes`: a byte removed, one of `pieces` inserted, or a byte
    /// replaced by a piece's first.
    static func damage(_ bytes: inout [UInt8], with pieces: [[UInt8]], _ generator: inout SplitMix) {
        for _ in 0..<Int(generator.next() % 3 + 1) {
            let at = Int(generator.next() % UInt64(bytes.count))
            switch generator.next() % 3 {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(contentsOf: pieces[Int(generator.next() % UInt64(pieces.count))], at: at)
            default: bytes[at] = pieces[Int(generator.next() % UInt64(pieces.count))][0]
            }
        }
    }

    /// Random damage to a good catalog: whatever the index still reads, it reads as the reader
    /// does, and it leaves every damaged catalog the reader has a word about to the reader.
    @Test func damagedCatalogs() {
        var generator = SplitMix(seed: 12)
        let base = Array(Self.handWritten.utf8)
        let pieces: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "\\", " ", "\n", "0", "1.5", "true", "\\u", "é",
                                 #""stringUnit" : { "value" : "v" },"#, #""variations" : { },"#, #""ko" : { },"#,
                                 #""substitutions" : { "s" : { } },"#, #""state" : "new","#].map { Array($0.utf8) }
        var indexed = 0
        // The catalog as written and on one line (columns counted over everything before them).
        let oneLine = Array(Self.handWritten.replacing("\n", with: " ").utf8)
        for round in 0..<900 {
            var bytes = round < 600 ? base : oneLine
            Self.damage(&bytes, with: pieces, &generator)
            if XCStringsIndex.read(bytes, file: "t.xcstrings") != nil { indexed += 1 }
            Self.same(bytes, indexed: false)
        }
        // Some damage leaves a good catalog (a space in a value, a new field): those are indexed.
        #expect(indexed > 20)
    }

    /// `pluralForms` reads ASCII paths by their bytes: the same forms and categories as by
    /// characters (the reference below is the reading it replaced).
    @Test func pluralFormsByBytesAreByCharacters() {
        let paths = ["", "plural.one", "plural.other", "plural.", "plural", "plurals.one", "plural.one.x", "device.plural.one",
                     "substitutions.n.plural.one", "plural.zero", "Plural.one", "plural.é", "plural.\u{301}one", "plurál.one",
                     "plural.one\u{301}", "device.other"]
        let message = PlatformMessage(key: "k", keyPosition: SourcePosition(line: 1, column: 1), locale: "en", file: "f",
                                      forms: paths.map { PlatformForm(path: $0, value: $0, position: SourcePosition(line: 1, column: 1)) })
        let reference: [(String, String)] = message.forms.compactMap { form in
            guard form.path.hasPrefix("plural.") else { return nil }
            let category = form.path.dropFirst(7)
            return category.contains(".") ? nil : (String(category), form.value)
        }
        #expect(message.pluralForms.map { "\($0.category)|\($0.form.value)" } == reference.map { "\($0.0)|\($0.1)" })
        #expect(message.pluralForms.count >= 5)
    }
}
