import SpeakableDiagnostics
@testable import SpeakablePlatformFormats
import SpeakableTestSupport
import Testing

/// A large catalog's `strings` is indexed in parts on every core (``XCStringsIndex/read(_:file:parts:)``):
/// the index must be the one read in one part, to every number in it, for any number of parts
/// and wherever the parts' starts are guessed; and what the reading in one rejects (then left to
/// the reader and its diagnostics), the reading in parts rejects.
@Suite struct XCStringsIndexPartsTests {
    /// Everything the index holds, its own numbering (entries, paths, states, offsets) included.
    static func dump(_ index: XCStringsIndex) -> String {
        var out = "\(index.file)|\(index.sourceLanguage)|\(index.version ?? "-")|\(index.localeTags)|\(index.paths.map { Array($0.utf8) })"
            + "|\(index.states.map { Array($0.utf8) })\n"
        for e in index.entries {
            out += "\(Array(e.key.utf8))@\(e.keyPosition)|\(String(describing: e.shouldTranslate))|\(e.comment.map { Array($0.utf8) } ?? [])\n"
        }
        for locale in index.locales {
            out += "\(locale.bytes)\n\(locale.localizations)\n\(locale.forms)\n"
        }
        return out
    }

    /// Reads `bytes` in one part and in each number of parts of `counts` (any size): the same index, or nil both ways.
    static func same(_ bytes: [UInt8], counts: [Int] = [2, 3, 5, 8, 40], indexed: Bool? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = bytes.withUnsafeBufferPointer { XCStringsIndex.read($0, file: "t.xcstrings", parts: 1, minimumPartBytes: 1) }
        if let indexed { #expect((whole != nil) == indexed, sourceLocation: sourceLocation) }
        for count in counts {
            let parts = bytes.withUnsafeBufferPointer { XCStringsIndex.read($0, file: "t.xcstrings", parts: count, minimumPartBytes: 1) }
            #expect(parts.map(dump) == whole.map(dump), "\(count) parts", sourceLocation: sourceLocation)
        }
    }

    /// How many member starts the guesses find in `bytes` (split in `count`).
    static func starts(_ bytes: [UInt8], _ count: Int) -> Int {
        bytes.withUnsafeBufferPointer { p in
            let first = p.firstRange(of: Array(#""strings" : {"#.utf8))!.upperBound
            var i = first
            while p[i] != 0x22 { i += 1 }
            return XCStringsScanner.partStarts(p, first: i, parts: count, minimum: 1).count
        }
    }

    /// Whether reading `bytes` in `count` parts joined them (rather than reading in one after a
    /// wrong guess).
    static func joined(_ bytes: [UInt8], _ count: Int) -> Bool {
        bytes.withUnsafeBufferPointer { p in
            var scanner = XCStringsScanner(p, start: 0, line: 1, column: 1)
            scanner.partCount = count
            scanner.minimumPartBytes = 1
            return (try? scanner.catalog()) != nil && scanner.isCompact
        }
    }

    /// A catalog as Xcode writes it (one member a line, two spaces a level), of `entries`
    /// entries of every kind: string units plain, escaped and non-ASCII, plurals (cases before
    /// and after a unit), device variations, substitutions (kept as objects), states, comments,
    /// entries not to translate, empty ones; a locale first written late, a path and a state
    /// first met late.
    static func catalog(entries: Int, lineBreak: String = "\n") -> String {
        var lines = ["{", "  \"sourceLanguage\" : \"en\",", "  \"strings\" : {"]
        var members: [String] = []
        for n in 0..<entries {
            let key = n % 7 == 3 ? "k\(n) \\\"q\\\" é" : "k\(n)"
            var localizations: [String] = []
            let tags = ["en", "ko", "de"] + (n >= entries * 2 / 3 ? ["zz-Late"] : [])
            for (t, tag) in tags.enumerated() {
                let state = n >= entries / 2 && t == 1 ? "late_state" : ["translated", "new", "needs_review"][(n + t) % 3]
                let value: String
                switch (n + t) % 6 {
                case 0: value = "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"Row %lld of \(tag) \(n)\" } }"
                case 1: value = "{ \"stringUnit\" : { \"value\" : \"é한\\n\\u00e9 \\ud83d\\ude00 %@ \(n)\", \"state\" : \"\(state)\" } }"
                case 2:
                    let other = n >= entries / 3 ? "many" : "few"
                    value = "{ \"variations\" : { \"plural\" : { \"one\" : { \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"%lld star\" } }, "
                        + "\"\(other)\" : { \"stringUnit\" : { \"value\" : \"%lld stars\" } }, \"other\" : { \"stringUnit\" : { \"value\" : \"%lld Sterne\" } } } }"
                        + (n % 2 == 0 ? ", \"stringUnit\" : { \"value\" : \"after %lld\" } }" : " }")
                case 3: value = "{ \"variations\" : { \"device\" : { \"iphone\" : { \"stringUnit\" : { \"value\" : \"Tap %@\" } }, "
                    + "\"other\" : { \"stringUnit\" : { \"value\" : \"Click %@\" } } } } }"
                case 4: value = "{ \"stringUnit\" : { \"value\" : \"%#@n@\" }, \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", "
                    + "\"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"value\" : \"%arg é\" } } } } } } }"
                default: value = "{ }"
                }
                localizations.append("        \"\(tag)\" : \(value)")
            }
            var fields: [String] = []
            if n % 5 == 1 { fields.append("      \"comment\" : \"A comment \\\\ é \(n)\"") }
            if n % 11 == 4 { fields.append("      \"shouldTranslate\" : false") }
            if n % 13 == 6 { fields.append("      \"extractionState\" : \"manual\"") }
            if n % 17 != 9 {
                fields.append("      \"localizations\" : {\n" + localizations.joined(separator: ",\n") + "\n      }")
            }
            members.append(fields.isEmpty ? "    \"\(key)\" : {\n\n    }" : "    \"\(key)\" : {\n" + fields.joined(separator: ",\n") + "\n    }")
        }
        lines.append(members.joined(separator: ",\n"))
        lines += ["  },", "  \"version\" : \"1.0\"", "}"]
        return lines.joined(separator: "\n").replacing("\n", with: lineBreak)
    }

    @Test func partsMakeTheIndexOnePartMakes() {
        let text = Self.catalog(entries: 120)
        #expect(Self.starts(Array(text.utf8), 5) == 5)
        #expect([2, 3, 5, 8, 40].allSatisfy { Self.joined(Array(text.utf8), $0) })
        Self.same(Array(text.utf8), indexed: true)
        Self.same(Array(Self.catalog(entries: 120, lineBreak: "\r\n").utf8), indexed: true)
        Self.same([0xEF, 0xBB, 0xBF] + Array(text.utf8), indexed: true)
        // More parts than entries; two entries; one.
        Self.same(Array(Self.catalog(entries: 2).utf8), counts: [2, 3, 9], indexed: true)
        Self.same(Array(Self.catalog(entries: 1).utf8), counts: [2, 9], indexed: true)
        // `strings` before `sourceLanguage`, and nothing after it.
        let first = text.replacingOnce("  \"sourceLanguage\" : \"en\",\n", with: "").replacingOnce("  \"version\" : \"1.0\"", with: "  \"sourceLanguage\" : \"en\"")
        Self.same(Array(first.utf8), indexed: true)
    }

    /// A catalog of the hand-written tests, whose members are not one a line, is read in one part.
    @Test func membersNotOneALine() {
        Self.same(Array(XCStringsIndexTests.handWritten.utf8), indexed: true)
        let oneLine = Self.catalog(entries: 40).replacing("\n", with: " ")
        #expect(Self.starts(Array(oneLine.utf8), 4) == 1)
        Self.same(Array(oneLine.utf8), indexed: true)
    }

    /// Lines indented as the members that are not members (every line of the catalog indented
    /// alike): the guesses miss, the parts say so, and the catalog is read in one.
    @Test func wrongGuesses() {
        let flat = Self.catalog(entries: 60).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " } }.map { "    " + $0 }.joined(separator: "\n")
        #expect(Self.starts(Array(flat.utf8), 6) > 1 && !Self.joined(Array(flat.utf8), 6))
        Self.same(Array(flat.utf8), indexed: true)
        // A member that ends on the line where the next begins: a guess there misses it.
        let joinedLines = Self.catalog(entries: 60).replacing("\n    },\n    \"k3", with: "\n    }, \"k3")
        Self.same(Array(joinedLines.utf8), indexed: true)
    }

    /// What one part rejects, the parts reject (the reader then reports it): a key of two parts,
    /// a tag spelled two ways in two parts, damage in a later part, too many values.
    @Test func rejectedAlike() {
        let text = Self.catalog(entries: 90)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let last = lines.lastIndex { $0.hasPrefix("    \"k8") }!
        // A key of the first part again near the end.
        var twice = lines
        twice[last] = twice[last].replacingOnce("\"k8", with: "\"k1\" : { },\n    \"k8")
        Self.same(Array(twice.joined(separator: "\n").utf8), indexed: false)
        // The same key, canonically: é composed in the first part, decomposed in the last.
        var canonical = lines
        canonical[last] = canonical[last].replacingOnce("\"k8", with: "\"k3 \\\"q\\\" e\u{301}\" : { },\n    \"k8")
        Self.same(Array(canonical.joined(separator: "\n").utf8), indexed: false)
        // A tag spelled with é composed early and decomposed late.
        var tags = lines
        let early = tags.firstIndex { $0.contains("\"ko\" :") }!
        tags[early] = tags[early].replacingOnce("\"ko\" :", with: "\"t\u{E9}\" : { }, \"ko\" :")
        let late = tags.lastIndex { $0.contains("\"ko\" :") }!
        tags[late] = tags[late].replacingOnce("\"ko\" :", with: "\"te\u{301}\" : { }, \"ko\" :")
        Self.same(Array(tags.joined(separator: "\n").utf8), indexed: false)
        // A value the reader reports, near the end.
        let value = lines.lastIndex { $0.contains("\"value\" : \"Row") }!
        lines[value] = lines[value].replacingOnce("\"value\" : \"Row", with: "\"value\" : 5, \"x\" : \"Row")
        Self.same(Array(lines.joined(separator: "\n").utf8), indexed: false)
        // Too many values: the limit counts every part's.
        let bytes = Array(text.utf8)
        let values = bytes.withUnsafeBufferPointer { p -> Int in
            var scanner = XCStringsScanner(p, start: 0, line: 1, column: 1)
            _ = try? scanner.catalog()
            return scanner.values
        }
        for limit in [values - 1, values] {
            let read = { (parts: Int) in
                bytes.withUnsafeBufferPointer { p -> Bool in
                    var scanner = XCStringsScanner(p, start: 0, line: 1, column: 1)
                    scanner.maximumValues = limit
                    scanner.partCount = parts
                    scanner.minimumPartBytes = 1
                    return (try? scanner.catalog()) != nil
                }
            }
            #expect(read(1) == (limit == values) && read(6) == read(1))
        }
    }

    /// Random damage anywhere: the parts read what one part reads, or reject it alike.
    @Test func damagedCatalogs() {
        var generator = SplitMix(seed: 25)
        let base = Array(Self.catalog(entries: 30).utf8)
        let pieces: [[UInt8]] = ["{", "}", ",", ":", "\"", "\\", " ", "\n", "\n    \"", "\n    \"k2\" : { },", "é", "1.5",
                                 #""stringUnit" : { "value" : "v" },"#, #""ko" : { },"#, #""state" : "new","#].map { Array($0.utf8) }
        var indexed = 0
        for _ in 0..<300 {
            var bytes = base
            XCStringsIndexTests.damage(&bytes, with: pieces, &generator)
            if XCStringsIndex.read(bytes, file: "t.xcstrings") != nil { indexed += 1 }
            Self.same(bytes, counts: [3, 7])
        }
        #expect(indexed > 20)
    }
}

private extension String {
    /// The first occurrence of `target` replaced.
    func replacingOnce(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
