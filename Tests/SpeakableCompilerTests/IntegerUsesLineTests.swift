import SeededRandom
@testable import SpeakableCompiler
import Testing

/// A table's grouped integers as the stamp keeps them (``CompileContext/integerUsesLine(table:_:)``):
/// one line whatever the names hold, read back as they were; a line the compile did not write
/// proves nothing.
@Suite struct IntegerUsesLineTests {
    typealias Uses = [String: [IntegerStyle: CompileContext.GroupedIntegerUses]]

    /// Names with spaces, quotes, backslashes, line breaks, control and non-BMP characters.
    static let names = ["game", "my table", "a\"b", "back\\slash", "line\nbreak", "tab\tcr\r", "\u{0}\u{1F}\u{7F}", "한국어", "🇰🇷 👩‍👩‍👧",
                        "\u{2028}\u{FEFF}", "", " ", "Locales/hi/game.json", "/Users/me/My Game/Locales/hi/a b.json"]

    func same(_ a: Uses, _ b: Uses) -> Bool {
        guard a.keys.sorted() == b.keys.sorted() else { return false }
        for (tag, styles) in a {
            guard Set(styles.keys.map(\.rawValue)) == Set((b[tag] ?? [:]).keys.map(\.rawValue)) else { return false }
            for (style, use) in styles {
                guard let other = b[tag]?[style], other.keys == use.keys, other.count == use.count, other.file == use.file else { return false }
            }
        }
        return true
    }

    @Test func randomUsesAreReadBackAsTheyWere() throws {
        var random = SplitMix(seed: 41)
        func name() -> String { Self.names[random.below(Self.names.count)] + (random.below(3) == 0 ? String(random.below(100)) : "") }
        for _ in 0..<500 {
            var uses: Uses = [:]
            for _ in 0..<random.below(5) {
                let tag = name()
                for style in IntegerStyle.allCases where random.below(2) == 0 {
                    uses[tag, default: [:]][style] = .init(keys: (0..<random.below(4)).map { _ in name() }, count: random.below(1_000_000), file: name())
                }
            }
            let table = name()
            let line = CompileContext.integerUsesLine(table: table, uses)
            #expect(!line.contains("\n") && !line.contains("\r"), "one line: \(line)")
            let read = try #require(CompileContext.integerUses(line: line), "\(line)")
            #expect(read.table == table)
            #expect(same(read.uses, uses), "\(line)")
            // The same uses give the same line (the stamp is deterministic).
            #expect(CompileContext.integerUsesLine(table: table, read.uses) == line)
        }
    }

    @Test func aLineTheCompileDidNotWriteIsRefused() {
        let good = #"{"table":"game","uses":[["hi","decimal",3,"Locales/hi/game.json",["a","b","c"]]]}"#
        #expect(CompileContext.integerUses(line: good) != nil)
        for bad in [#"{"table":"game"}"#, #"{"uses":[]}"#, #"{"table":1,"uses":[]}"#, "not json", "",
                    #"{"table":"game","uses":[["hi","decimal",3,"f"]]}"#,
                    #"{"table":"game","uses":[["hi","grouped",3,"f",[]]]}"#,
                    #"{"table":"game","uses":[["hi","decimal",-1,"f",[]]]}"#,
                    #"{"table":"game","uses":[["hi","decimal",1.5,"f",[]]]}"#,
                    #"{"table":"game","uses":[["hi","decimal",3,"f",["a","b","c","d"]]]}"#,
                    #"{"table":"game","uses":[["hi","decimal",3,"f",["a",2]]]}"#,
                    #"{"table":"game","uses":[[1,"decimal",3,"f",[]]]}"#] {
            #expect(CompileContext.integerUses(line: bad) == nil, "\(bad)")
        }
    }
}
