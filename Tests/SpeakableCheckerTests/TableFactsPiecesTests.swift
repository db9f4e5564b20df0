import FoundationEssentials
import SpeakableCatalog
import Testing
@testable import SpeakableChecker

/// On several cores a table's facts are worked out in pieces of messages, side by side, each
/// piece filling its own messages' slots: the facts are the ones worked out in one pass over the
/// whole table, in every piece and at every piece boundary.
@Suite struct TableFactsPiecesTests {
    /// Messages of many shapes (line breaks, plurals, selects, examples, exemptions, limits),
    /// picked at random with `seed`.
    static func project(messages: Int, seed: UInt64) -> [String: String] {
        let shapes = [
            #""role": "label", "message": "Level {n}""#,
            #""role": "label", "message": "First line\nsecond line\nthird""#,
            #""role": "hint", "message": "Double tap to open {name}", "maxGraphemes": 40"#,
            #""role": "label", "message": "{n, plural, one {# coin} other {# coins}}", "examples": [{"n": 1}, {"n": 3}]"#,
            #""role": "label", "message": "{who, select, she {Her {n, plural, other {# items}}} other {Their items}}""#,
            #""role": "action", "message": " Tap\n""#,
            #""role": "label", "message": "Plain {i}", "exempt": {"untranslated": "a brand name"}"#,
            #""role": "label", "message": "{count, plural, other {{count} left\n}}""#,
        ]
        var state = seed
        var entries: [(String, String)] = []
        for i in 0..<messages {
            // SplitMix64: the same messages for the same seed.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            entries.append(("key.\(i)", shapes[Int(z % UInt64(shapes.count))]))
        }
        return ["Templates/game.json": template(entries)]
    }

    /// Every fact as text, one line per message and one per table-wide fact: each field written
    /// out (those of the shared classes too), sets and dictionaries in sorted order.
    static func described(_ facts: TableFacts) -> [String] {
        func sorted<Value>(_ dictionary: [String: Value]) -> String {
            dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
        var lines: [String] = []
        for i in facts.keys.indices {
            let info = facts.info[i]
            let arguments = facts.sourceArguments[i].map { a in
                "\(a.isFormatted) \(a.count) \(a.java) \(a.apple) \(a.specifiers) \(a.hasProse) \(a.fromKey)"
            }
            lines.append([
                facts.keys[i], "\(facts.firstIndex[i])", facts.usages[i].map(sorted) ?? "nil",
                facts.kinds[i].map { $0.map { "\($0.name):\($0.kind)" }.joined(separator: ",") } ?? "nil",
                "\(String(describing: info.role)) \(info.examples.map(sorted)) \(String(describing: info.maxSeconds))",
                "\(String(describing: info.maxGraphemes)) \(sorted(info.exemptions)) \(info.text) \(info.startsWithSpace) \(info.endsWithSpace)",
                "\(facts.literalNewlines[i])", arguments ?? "nil",
                facts.selectorOnly[i].sorted().joined(separator: ","), facts.passedOnly[i].sorted().joined(separator: ","),
                facts.composed[i].map { "\($0.quantities.sorted()) \($0.textSlots.sorted())" } ?? "nil",
            ].joined(separator: " | "))
        }
        lines.append(sorted(facts.byKey))
        lines.append(sorted(facts.androidKeysByName))
        lines.append(facts.keyFamilies.map { "\($0.message) \($0.label) \($0.key) \($0.siblings.map { "\($0.key)@\($0.index)" })" }
            .joined(separator: ";"))
        lines.append("\(facts.familyLabels.sorted())")
        return lines
    }

    @Test(arguments: [1, 1_023, 1_024, 1_025, 2_048, 2_600, 5_000])
    func piecesMakeTheFactsOfOnePass(messages: Int) throws {
        for seed: UInt64 in [1, 2] {
            let root = try makeProject(Self.project(messages: messages, seed: seed))
            defer { try? FileManager.default.removeItem(atPath: root) }
            let input = ProjectInput.make(from: ProjectLoader.load(directory: root))
            let table = try #require(input.tables.first)
            #expect(table.messages.count == messages)
            let whole = Self.described(TableFacts(table, parallel: false))
            let pieces = Self.described(TableFacts(table, parallel: true))
            let first = pieces.indices.first { $0 >= whole.count || pieces[$0] != whole[$0] }
            #expect(pieces == whole, "\(messages) messages, seed \(seed): line \(first ?? -1): \(first.map { pieces[$0] } ?? "")")
        }
    }
}
