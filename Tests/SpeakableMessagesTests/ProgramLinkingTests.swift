import ICUOracle
import SpeakableICU
import Testing
@testable import SpeakableMessages

/// The compiled program's shortcuts against their general definitions: instructions that name
/// their successor past any jump, `#` reading its plural's number by static nesting, select keys
/// compared and short texts copied a word at a time.
@Suite struct ProgramLinkingTests {
    /// Patterns whose cases end in text, values, `#`, nothing and nested arguments; `#` at several
    /// depths, after an inner plural closes, inside selects and choices, with offsets and `=N`;
    /// five nested plurals (more numbers than the stack room for four).
    static let patterns = [
        "{0, plural, one {# star} other {# stars}}",
        "A{0, plural, =0 {} =1 {} other {#}}B{1, select, x {} other {o}}C",
        "{0, plural, other {# {1, plural, one {# one} other {# m {2, plural, other {#/{0, number}/#}} #}} # n}}",
        "{0, plural, offset:1 =0 {none} one {# and {2, plural, other {#}}} other {{1, select, x {# x} other {# o}}}}",
        "{1, select, x {{0, plural, one {#} other {{0, number} #}}} y {{0, number, ::group-off}} other {{0, spellout}}}!",
        "{0, plural, other {{1, choice, 0#none|1#one #|2<many #}}}",
        "{0, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} {0, plural, other {# {0, number}}}",
        "{0, plural, other {a{1, plural, other {b{2, plural, other {c{0, plural, other {d{1, plural, other {e#}}#}}#}}#}}#}}",
        "{1, select, x {X} other {{0, number}}}{1, select, x {{0, number}} other {}}{0, plural, one {} other {}}.",
    ]

    @Test(arguments: ["en", "ru", "ar", "ko", "cy"])
    func linkedProgramsMatchICU(_ tag: String) throws {
        ICUMessageFormat.setDefaultTimeZone("UTC")
        let locale = try ICULocale(tag)
        var seed: UInt64 = 0x1234_5678
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var mismatches: [String] = []
        var compared = 0
        for pattern in Self.patterns {
            let oracle = try ICUMessageFormat(pattern: pattern, locale: locale.identifier)
            let message = try CompiledMessage(pattern, locale: locale)
            #expect(message.argumentNames.allSatisfy { Int($0) != nil })
            let names = Set(message.argumentNames)
            // Edge values (0, 1, 2, the categories' boundaries) and random ones.
            let edges: [Int64] = [0, 1, 2, 3, 5, 11, 21, 100, 101, 1_000_000]
            for round in 0..<60 {
                let n0 = round < edges.count ? edges[round] : Int64(next(300))
                let n2 = Int64(next(25))
                let key = ["x", "y", "z"][next(3)]
                let n1: Int64 = Int64(next(12))
                // Argument 1 is a string for a select and a number for a plural or choice.
                let oneIsString = pattern.contains("{1, select")
                var named: [String: MessageArgument] = ["0": .int(n0), "2": .int(n2)]
                var numbered: [OracleArgument] = [.double(Double(n0)), .unused, .double(Double(n2))]
                if oneIsString {
                    named["1"] = .string(key)
                    numbered[1] = .string(key)
                } else {
                    named["1"] = .int(n1)
                    numbered[1] = .double(Double(n1))
                }
                let used = numbered.enumerated().map { names.contains(String($0.offset)) ? $0.element : .unused }
                let expected = oracle.format(used)
                let actual = Result { () throws(MessageFormatError) in try message.format(named) }
                compared += 1
                switch (expected, actual) {
                case (.success(let e), .success(let a)) where e == a: continue
                case (.failure, .failure): continue
                default: mismatches.append("\(tag) \(pattern) \(named): ICU \(expected), Speakable \(actual)")
                }
            }
        }
        #expect(compared == Self.patterns.count * 60)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(8).joined(separator: "\n"))")
    }

    @Test func missingArgumentsInCasesContinueAfterTheirArgument() throws {
        let message = try CompiledMessage("{g, select, a {{n, plural, one {# x} other {# xs}} y} other {z}}.", locale: .english)
        #expect(try message.format(["g": "a"]) == "{n} y.")
        #expect(try message.format(["g": "a", "n": 1]) == "1 x y.")
        #expect(try message.format(["n": 2]) == "{g}.")
        let nested = try CompiledMessage("{n, plural, other {# {m, plural, other {#}} #}}|", locale: .english)
        #expect(try nested.format(["n": 4]) == "4 {m} 4|")
        #expect(try nested.format(["n": 4, "m": 7]) == "4 7 4|")
    }

    /// `Output.equal` against comparing byte by byte: every length up to 40 (each word size and the
    /// byte loop), equal texts, a difference at every position, and random pairs over two letters.
    @Test func selectKeysCompareLikeTheirBytes() {
        var seed: UInt64 = 42
        func nextByte() -> UInt8 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 40)
        }
        var checked = 0
        for n in 0...40 {
            let a = (0..<n).map { _ in nextByte() }
            var variants: [[UInt8]] = [a]
            for k in 0..<n {
                var b = a
                b[k] ^= 1 << (k % 8)
                variants.append(b)
            }
            for _ in 0..<50 {
                let x = (0..<n).map { _ in UInt8(ascii: "a") + nextByte() % 2 }
                let y = (0..<n).map { _ in UInt8(ascii: "a") + nextByte() % 2 }
                variants.append(x)
                variants.append(y)
            }
            for (i, first) in variants.enumerated() {
                for second in [variants[0], variants[(i + 1) % variants.count], first] {
                    first.withUnsafeBufferPointer { p in
                        second.withUnsafeBufferPointer { q in
                            let expected = p.elementsEqual(q)
                            let actual = n == 0 ? Output.equal(UnsafePointer(bitPattern: 8)!, q)
                                : Output.equal(p.baseAddress!, q)
                            #expect(actual == expected, "\(first) vs \(second)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 10_000)
    }

    /// `Output.copy` against `update(from:count:)`: every length up to 40, into a buffer whose
    /// bytes around the target must stay untouched.
    @Test func shortCopiesWriteExactlyTheirBytes() {
        var seed: UInt64 = 7
        var checked = 0
        for n in 0...40 {
            for trial in 0..<20 {
                let source: [UInt8] = (0..<n).map { _ in
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8(truncatingIfNeeded: seed >> 40)
                }
                let offset = trial % 9
                var expected = [UInt8](repeating: 0xAA, count: n + 32)
                var actual = expected
                expected.withUnsafeMutableBufferPointer { target in
                    source.withUnsafeBufferPointer { (target.baseAddress! + offset).update(from: $0.baseAddress ?? UnsafePointer(bitPattern: 8)!, count: n) }
                }
                actual.withUnsafeMutableBufferPointer { target in
                    source.withUnsafeBufferPointer { Output.copy($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, to: target.baseAddress! + offset, count: n) }
                }
                #expect(actual == expected, "\(n) bytes at \(offset)")
                checked += 1
            }
        }
        #expect(checked == 41 * 20)
    }
}
