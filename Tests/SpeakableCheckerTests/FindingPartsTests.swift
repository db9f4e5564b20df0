import SpeakableDiagnostics
import Testing
@testable import SpeakableChecker

/// The checker sorts every unit's findings together where they are, in parts: the result is the
/// findings in ``Checker/order(_:_:)`` however they are split into parts and in whatever order
/// the parts come.
@Suite struct FindingPartsTests {
    /// A small generator of the same numbers for the same seed (SplitMix64).
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Findings drawn from few files, lines, columns, rules, locales and messages (many share a
    /// place and differ only later in the order), some of them twice.
    static func findings(_ count: Int, _ numbers: inout Numbers) -> [Finding] {
        var made: [Finding] = []
        for _ in 0..<count {
            if !made.isEmpty && numbers.next(10) == 0 {
                made.append(made[numbers.next(made.count)])
                continue
            }
            // Canonically equivalent spellings too (é composed and decomposed), which only
            // their UTF-8 tells apart.
            let file: String? = numbers.next(8) == 0 ? nil : ["res/values/strings.xml", "res/values-ko/strings.xml", "a.json", "caf\u{E9}.json", "cafe\u{301}.json"][numbers.next(5)]
            let position: SourcePosition? = numbers.next(8) == 0 ? nil : SourcePosition(line: 1 + numbers.next(4), column: 1 + numbers.next(3))
            let end: SourcePosition? = numbers.next(2) == 0 ? nil : SourcePosition(line: 5, column: 1 + numbers.next(3))
            made.append(Finding(rule: ["missing-translation", "whitespace", "untranslated"][numbers.next(3)],
                                severity: [.error, .warning][numbers.next(2)], file: file, position: position, endPosition: end,
                                locale: numbers.next(4) == 0 ? nil : ["ko", "de", "d\u{E9}", "de\u{301}"][numbers.next(4)],
                                key: numbers.next(4) == 0 ? nil : "k\(numbers.next(3))", table: numbers.next(2) == 0 ? nil : "t",
                                message: ["m0", "m1", "\u{E9}", "e\u{301}"][numbers.next(4)], hint: numbers.next(2) == 0 ? nil : "h\(numbers.next(2))",
                                subject: "s\(numbers.next(2))"))
        }
        return made
    }

    /// The findings as a report shows them, byte for byte (Swift's `==` on texts is canonical
    /// equivalence, which would hide an order of two spellings).
    static func bytes(_ findings: [Finding]) -> [[UInt8]] {
        findings.map { f in
            let texts = [f.file ?? "-", f.rule.rawValue, f.locale ?? "-", f.message, f.key ?? "-", f.table ?? "-", f.subject, f.hint ?? "-",
                         f.severity == .error ? "e" : "w", "\(f.position.map { [$0.line, $0.column] } ?? [])", "\(f.endPosition.map { [$0.line, $0.column] } ?? [])"]
            return Array(texts.joined(separator: "\u{0}").utf8)
        }
    }

    @Test(arguments: [0, 1, 2, 50, 400, 3_000])
    func partsSortAsOneList(count: Int) {
        for seed: UInt64 in 1...5 {
            var numbers = Numbers(state: seed)
            let all = Self.findings(count, &numbers)
            // By the definition: the whole list sorted by the order of findings.
            let expected = Self.bytes(all.sorted(by: Checker.order))
            #expect(Self.bytes(Checker.sorted(all)) == expected, "one part of \(count), seed \(seed)")
            // The list cut into parts of random sizes (empty ones too), the parts shuffled.
            var parts: [[Finding]] = []
            var start = 0
            while start < all.count || parts.count < 2 {
                let size = numbers.next(max(2, count / 5))
                parts.append(Array(all[start..<min(all.count, start + size)]))
                start = min(all.count, start + size)
            }
            for i in stride(from: parts.count - 1, to: 0, by: -1) { parts.swapAt(i, numbers.next(i + 1)) }
            #expect(Self.bytes(Checker.sorted(parts)) == expected, "\(parts.count) parts of \(count), seed \(seed)")
        }
    }
}
