import SpeakableDiagnostics
import SeededRandom
import SpeakableJSON
import Testing
@testable import SpeakableCatalog

/// A translation file of plain string values is read without a JSON tree: the keys, texts and
/// positions must be the JSON reader's, and every file the short path does not take in full (an
/// escape, another type, a duplicate, bad UTF-8, bad JSON) must be left to the JSON reader.
@Suite struct FlatTranslationReaderTests {
    static let spaces = ["", " ", "  ", "\n", "\r\n", "\t", "\n  ", " \n\t "]
    static let texts = ["Row {row}", "DE·Zeile {row}", "행 {row}, 열 {column}", "é", "😀 {n, plural, one {# star} other {# stars}}", "",
                        "a'b", "ÅÄÖ\u{301}", "\u{200B}x", "{", "ابحث"]
    static let keys = ["a", "t0.m1", "cell.label", "cell_hint", "ÿ", "k-1", "x.y.z", "café", "cafe\u{301}"]

    /// The JSON reader's reading of the same file, in the short path's terms.
    static func viaJSONReader(_ bytes: [UInt8]) -> [(String, SourcePosition, String, SourcePosition, SourcePosition)]? {
        let result = JSONReader.read(bytes)
        guard result.diagnostics.isEmpty, let members = result.root?.members else { return nil }
        var entries: [(String, SourcePosition, String, SourcePosition, SourcePosition)] = []
        for member in members {
            guard let text = member.value.string else { return nil }
            entries.append((member.key, member.keyStart, text, member.value.start, member.value.end))
        }
        return entries
    }

    static func same(_ bytes: [UInt8]) -> Bool {
        let flat = bytes.withUnsafeBufferPointer { b in
            FlatTranslationReader.read(b).map { $0.map { ($0.key(in: b), $0.keyStart, $0.text(in: b), $0.start, $0.end) } }
        }
        guard let reference = viaJSONReader(bytes) else { return flat == nil }
        guard let flat, flat.count == reference.count else { return false }
        return zip(flat, reference).allSatisfy { a, b in
            a.0.utf8.elementsEqual(b.0.utf8) && a.1 == b.1 && a.2.utf8.elementsEqual(b.2.utf8) && a.3 == b.3 && a.4 == b.4
        }
    }

    @Test func readsWhatTheJSONReaderReads() {
        var generator = SplitMix(seed: 5)
        var read = 0
        for _ in 0..<1500 {
            var text = generator.pick(Self.spaces) + "{"
            let count = generator.below(6)
            var used = Set<[UInt8]>()
            for m in 0..<count {
                var key = generator.pick(Self.keys) + String(m)
                if !used.insert(Array(key.utf8)).inserted { key += "x" }
                text += generator.pick(Self.spaces) + "\"" + key + "\"" + generator.pick(Self.spaces) + ":" + generator.pick(Self.spaces)
                text += "\"" + generator.pick(Self.texts) + "\"" + generator.pick(Self.spaces) + (m + 1 < count ? "," : "")
            }
            text += generator.pick(Self.spaces) + "}" + generator.pick(Self.spaces)
            let bytes = Array(text.utf8)
            #expect(Self.same(bytes), "\(text)")
            if FlatTranslationReader.read(bytes) != nil { read += 1 }
        }
        #expect(read == 1500)
    }

    @Test func leavesEverythingElseToTheJSONReader() {
        let files = [
            #"{"a": "x\ny"}"#, #"{"a": "x\"y"}"#, #"{"a": 1}"#, #"{"a": "x", "a": "y"}"#, #"{"café": "x", "café": "y"}"#,
            #"{"a": "x",}"#, #"{"a": "x"} x"#, #"{"a" "x"}"#, #"["a"]"#, #"{"a": "x""#, #"{"a": {"b": "c"}}"#, #"{"a": null}"#,
            "\u{FEFF}{\"a\": \"x\"}", "{\"a\": \"x\ty\"}", "", " ", "{",
        ]
        for file in files {
            #expect(FlatTranslationReader.read(Array(file.utf8)) == nil, "\(file)")
        }
        // Invalid UTF-8 in a value or a key.
        #expect(FlatTranslationReader.read(Array(#"{"a": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)) == nil)
        #expect(FlatTranslationReader.read(Array(#"{""#.utf8) + [0xFF] + Array(#"": "x"}"#.utf8)) == nil)
        // Keys that differ only in normalization are two keys, as in the JSON reader.
        #expect(FlatTranslationReader.read(Array("{\"caf\u{E9}\": \"x\", \"cafe\u{301}\": \"y\"}".utf8))?.count == 2)
        #expect(Self.same(Array("{\"caf\u{E9}\": \"x\", \"cafe\u{301}\": \"y\"}".utf8)))
    }

    @Test func findsDuplicatesAmongManyKeys() {
        var text = "{"
        for i in 0..<5000 { text += "\"k\(i)\": \"v\", " }
        #expect(FlatTranslationReader.read(Array((text + "\"k4321\": \"w\"}").utf8)) == nil)
        let bytes = Array((text + "\"k5000\": \"w\"}").utf8)
        let unique = FlatTranslationReader.read(bytes)
        #expect(unique?.count == 5001)
        #expect(bytes.withUnsafeBufferPointer { unique?.last?.text(in: $0) } == "w")
    }

    /// Long keys and texts (scanned eight bytes at a time), with a backslash, a control
    /// character or a non-ASCII character at every place, or a byte that is not UTF-8: the JSON
    /// reader's reading when nothing is escaped, else nil.
    @Test func readsLongStringsAsTheJSONReaderDoes() {
        var generator = SplitMix(seed: 11)
        let pieces = ["a", " ", "{", "é", "행", "😀", "\\", "\\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "'", "#", ":", ","]
        var read = 0
        for _ in 0..<4000 {
            var contents = ""
            func string() -> String {
                var text = ""
                for _ in 0..<generator.below(30) {
                    text += generator.below(5) == 0 ? generator.pick(pieces) : String(repeating: "x", count: generator.below(12))
                }
                contents += text
                return text
            }
            var file = "{"
            let count = 1 + generator.below(3)
            for m in 0..<count {
                file += "\"k\(m)" + string() + "\": \"" + string() + "\"" + (m + 1 < count ? ",\n" : "")
            }
            file += "}"
            var bytes = Array(file.utf8)
            let corrupt = generator.below(8) == 0
            if corrupt { bytes[generator.below(bytes.count)] = 0xFF }
            let plain = !corrupt && !contents.utf8.contains { $0 == 0x5C || $0 < 0x20 }
            if plain {
                #expect(Self.same(bytes), "\(file)")
                read += 1
            } else {
                #expect(FlatTranslationReader.read(bytes) == nil, "\(file)")
            }
        }
        #expect(read > 200)
    }
}

/// A string read by the short path keeps only its opening quote's position: every offset must
/// map where its JSON node maps it.
@Suite struct PlainStringPositionTests {
    @Test func positionsAreTheJSONNodes() throws {
        for text in ["", "Row {row}", "DE·Zeile {row}", "행 {row}", "😀 {n} 😀x", "e\u{301}", "\u{10FFFF}a"] {
            let file = "{\"k\": \"" + text + "\"}"
            let result = JSONReader.read(Array(file.utf8))
            let node = try #require(result.root?.members?.first?.value)
            let viaNode = SourceText(text: text, file: "f", node: node)
            let viaQuote = SourceText(text: text, file: "f", quote: node.start)
            #expect(viaQuote.start == viaNode.start)
            for offset in -2...(text.utf16.count + 3) {
                #expect(viaQuote.position(ofUTF16Offset: offset) == viaNode.position(ofUTF16Offset: offset), "\(text) \(offset)")
            }
        }
    }
}
