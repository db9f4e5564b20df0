import SpeakableDiagnostics
import Testing
@testable import SpeakableJSON

@Suite struct JSONReaderTests {
    @Test func integersAndDoublesStayApart() throws {
        let root = try #require(JSONReader.read(#"{"a": 1, "b": 1.0, "c": 1e2, "d": -9223372036854775808}"#).root)
        #expect(root["a"]?.number == .int(1))
        #expect(root["b"]?.number == .double(1))
        #expect(root["c"]?.number == .double(100))
        #expect(root["d"]?.number == .int(Int64.min))
    }

    @Test func positionsAreLinesAndScalarColumns() throws {
        let text = "{\n  \"별\": \"빈칸\",\n  \"x\": [1, true]\n}"
        let root = try #require(JSONReader.read(text).root)
        #expect(root.start == SourcePosition(line: 1, column: 1))
        #expect(root.members?[0].keyStart == SourcePosition(line: 2, column: 3))
        #expect(root["별"]?.start == SourcePosition(line: 2, column: 8))
        #expect(root["x"]?.array?[1].start == SourcePosition(line: 3, column: 12))
    }

    @Test func positionsInsideStringsSurviveEscapes() throws {
        // The decoded text is `a"b{n}`; `{` is UTF-16 offset 3, written at column 12 (after \" ).
        let text = #"{"m": "a\"b{n}"}"#
        let node = try #require(JSONReader.read(text).root?["m"])
        #expect(node.string == "a\"b{n}")
        #expect(node.position(ofUTF16Offset: 0) == SourcePosition(line: 1, column: 8))
        #expect(node.position(ofUTF16Offset: 3) == SourcePosition(line: 1, column: 12))
        let unicode = #"{"m": "\u00e9 {x}"}"#
        let escaped = try #require(JSONReader.read(unicode).root?["m"])
        #expect(escaped.position(ofUTF16Offset: 2) == SourcePosition(line: 1, column: 15))
    }

    @Test func duplicateKeysAreReported() {
        let result = JSONReader.read(#"{"a": 1, "b": 2, "a": 3}"#, file: "x.json")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].id == "json-duplicate-key")
        #expect(result.diagnostics[0].rendered == "x.json:1:18: error: duplicate key 'a' in this object (first at 1:2) [json-duplicate-key]")
        #expect(result.root != nil)  // reading goes on
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "json-syntax", 1, 9),
        ("[1, 2", "json-syntax", 1, 1),
        ("{\"a\" 1}", "json-syntax", 1, 6),
        ("\"abc", "json-syntax", 1, 1),
        ("[01]", "json-syntax", 1, 2),
        ("{\"a\": yes}", "json-syntax", 1, 7),
        ("[\"a\\q\"]", "json-syntax", 1, 4),
        ("[99999999999999999999]", "json-number-range", 1, 2),
        ("[1] [2]", "json-syntax", 1, 5),
        ("[\"\\ud800\"]", "json-syntax", 1, 3),
    ])
    func malformedInput(_ text: String, _ id: String, _ line: Int, _ column: Int) {
        let result = JSONReader.read(text)
        #expect(result.diagnostics.first?.id == id, "\(text)")
        #expect(result.diagnostics.first?.position == SourcePosition(line: line, column: column), "\(text)")
    }

    @Test func invalidUTF8() {
        let result = JSONReader.read([0x22, 0xFF, 0x22])
        #expect(result.diagnostics.first?.id == "json-invalid-utf8")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        #expect(JSONReader.read(text).diagnostics.first?.id == "json-too-deep")
    }

    @Test func writerRoundTrips() throws {
        let value = JSONValue.object([("s", .string("Row 3, \"empty\"\n/별\u{1}")), ("n", .int(-3)), ("d", .double(1.5)),
                                      ("a", .array([.null, .bool(true)])), ("o", .object([]))])
        let text = value.serialized()
        #expect(text == #"{"s":"Row 3, \"empty\"\n/별\u0001","n":-3,"d":1.5,"a":[null,true],"o":{}}"#)
        #expect(JSONReader.read(text).root?.value == value)
        #expect(JSONReader.read(value.prettyPrinted()).root?.value == value)
    }
}

/// Members of one top-level object handed out one at a time: the same members, values and
/// diagnostics as the whole tree, and an empty object left in the tree.
@Suite struct JSONStreamingTests {
    @Test func streamedMembersAreTheTreesMembers() {
        for text in [
            #"{"a": 1, "strings": {"x": {"y": [1, 2]}, "z": "w", "x": 3}, "b": {"strings": {"no": 1}}}"#,
            #"{"strings": {"x": 1,}}"#,
            #"{"strings": [1, 2], "q": 1}"#,
            #"{"strings": {"ok": 1, "broken": tru}}"#,
            #"[{"strings": {"x": 1}}]"#,
        ] {
            let whole = JSONReader.read(Array(text.utf8), file: "f.json")
            var members: [JSONMember] = []
            let streamed = JSONReader.read(Array(text.utf8), file: "f.json", streamingMembersOf: "strings") { members.append($0) }
            #expect(streamed.diagnostics.map(\.rendered) == whole.diagnostics.map(\.rendered), "\(text)")
            guard let root = whole.root, case .object(let top)? = Optional(root.kind),
                  let strings = top.first(where: { $0.key == "strings" })?.value, case .object(let expected) = strings.kind else {
                continue
            }
            #expect(members == expected, "\(text)")
            #expect(streamed.root?["strings"]?.members?.isEmpty == true)
            // Nested objects of the same name are not streamed.
            #expect(streamed.root?["b"] == root["b"])
        }
    }
}
