import Testing
@testable import SpeakableMessages
import SpeakableTestSupport

/// `DirectParser` (the fast path of `MessagePattern.init`) against the general parser: whenever it
/// gives a tree, the general parser gives the same tree (texts, ranges, names, cases, kinds); when
/// the general parser reports an error, the fast path gives up. Over generated messages — ASCII
/// and not (2-, 3- and 4-byte UTF-8, non-ASCII white space and syntax characters), apostrophes,
/// nested plurals and selects, styles, `offset:`, `choice` — and the same messages damaged at every
/// position.
@Suite struct DirectParserTests {
    typealias Generator = SplitMix

    static let texts = [
        "Row ", ", star ", "KO·", "é", "한국어 ", "😀", "x", " ", "  ", "level", "日本", "a\u{85}b", "\u{200E}",
        "∞", "≤", "#", "|", "}", "'", "''", "'{'", "don't", "l'", "'#'", "'}", "'é", "' ", "\n", "\t", "¡", "«", "—", "\u{10FFFF}", "A",
    ]
    static let names = ["row", "n", "count", "0", "1", "12", "01", "1a", "_x", "é", "a·b", "n\u{85}", "99999", "32767", "32768", ""]
    static let spaces = ["", "", "", " ", "  ", "\t", "\n", "\u{85}", "\u{200E}"]
    static let simpleTypes = ["number", "date", "time", "spellout", "ordinal", "duration", "NUMBER", "Date", "numbr", "choice"]
    static let styles = ["", "", "integer", " ::percent", "#,##0", "short", "%with-words", "'{'"]
    static let pluralWords = ["zero", "one", "two", "few", "many", "other", "other", "other", "=0", "=1", "=12", "=01",
                              "=1.5", "=-1", "=∞", "=", "offset:1", "offset", "oth", "One", "é"]

    static func message(_ g: inout Generator, depth: Int, parent: String) -> String {
        var out = ""
        for _ in 0..<g.below(5) {
            switch g.below(10) {
            case 0...4: out += g.pick(texts)
            case 5 where parent == "plural": out += "#"
            case 5, 6: out += argument(&g, depth: depth)
            default:
                if depth < 3 { out += complex(&g, depth: depth) } else { out += g.pick(texts) }
            }
        }
        return out
    }

    static func argument(_ g: inout Generator, depth: Int) -> String {
        let s = { (g: inout Generator) in g.pick(spaces) }
        var out = "{" + s(&g) + g.pick(names) + s(&g)
        if g.chance(40) {
            out += "," + s(&g) + g.pick(simpleTypes) + s(&g)
            if g.chance(30) { out += "," + g.pick(styles) }
        }
        if !g.chance(3) { out += "}" }
        return out
    }

    static func complex(_ g: inout Generator, depth: Int) -> String {
        let s = { (g: inout Generator) in g.pick(spaces) }
        let type = g.pick(["plural", "plural", "select", "selectordinal", "Plural", "choice"])
        var out = "{" + s(&g) + g.pick(names) + s(&g) + "," + s(&g) + type + s(&g) + "," + s(&g)
        if type == "choice" {
            out += "0#none|1#" + message(&g, depth: depth + 1, parent: "choice") + "}"
            return out
        }
        let words = type == "select" ? ["female", "male", "other", "other", "=0", "é"] : pluralWords
        for _ in 0..<(1 + g.below(4)) {
            out += g.pick(words) + s(&g) + "{" + message(&g, depth: depth + 1, parent: type == "select" ? "select" : "plural") + "}" + s(&g)
        }
        if g.chance(85) { out += "other {" + message(&g, depth: depth + 1, parent: "plural") + "}" }
        if !g.chance(3) { out += "}" }
        return out
    }

    /// The general parser's answer, errors included.
    static func general(_ source: String) -> Result<MessageBody, MessageSyntaxErrors> {
        Result { () throws(MessageSyntaxErrors) -> MessageBody in try MessageParser.parse(source) }
    }

    /// Checks `source` both ways; returns whether the fast path read it.
    @discardableResult
    static func compare(_ source: String) -> Bool {
        let expected = general(source)
        let direct = MessagePattern.directBody(source)
        if let direct {
            guard case .success(let body) = expected else {
                Issue.record("fast path read \(String(reflecting: source)); the general parser reports \(expected)")
                return true
            }
            #expect(direct == body, "\(String(reflecting: source))")
        }
        // MessagePattern.init, whichever path it takes, gives the general parser's answer.
        switch (Result { () throws(MessageSyntaxErrors) -> MessagePattern in try MessagePattern(source) }, expected) {
        case (.success(let pattern), .success(let body)):
            #expect(pattern.body == body, "\(String(reflecting: source))")
        case (.failure(let error), .failure(let expectedError)):
            #expect(error.errors == expectedError.errors, "\(String(reflecting: source))")
        case (let got, let want):
            Issue.record("\(String(reflecting: source)): \(got) but the general parser gives \(want)")
        }
        return direct != nil
    }

    @Test func generatedMessages() {
        var g = Generator(state: 12)
        var direct = 0
        var valid = 0
        let total = 20_000
        for _ in 0..<total {
            let source = Self.message(&g, depth: 0, parent: "none")
            if Self.compare(source) { direct += 1 }
            if case .success = Self.general(source) { valid += 1 }
        }
        // Not vacuous: the fast path reads a good share of the valid messages, and not all of them.
        #expect(direct > valid / 4, "fast path read \(direct) of \(valid) valid messages")
        #expect(direct < valid)
    }

    /// Messages as the benchmark and apps write them, then each damaged at every position: a
    /// character removed, or a syntax character or a non-ASCII one put in.
    @Test func damagedAtEveryPosition() {
        let messages = [
            "Row {row}, star {column}",
            "KO·Star gap, {n, plural, other {# columns}}",
            "AR·Combo, {n, plural, zero {# hints} one {# hints} two {# hints} few {# hints} many {# hints} other {# hints}}",
            "{gender, select, female {{n, plural, =0 {none} one {her # star} other {her # stars}}} other {{n, selectordinal, one {#st} other {#th}}}}",
            "레벨 {level}: {count, number} 점 😀 {when, date}",
            "{0} and {1, spellout}",
            "FR·l'objet {n, plural, one {# pièce d'or} other {# pièces d'or}}, aujourd'hui'",
        ]
        let insertions = ["{", "}", "#", "'", ",", " ", "=", "é", "😀", "\u{85}", "|", "0", "x"]
        var direct = 0
        var variants = 0
        for message in messages {
            #expect(Self.compare(message), "the fast path should read \(String(reflecting: message))")
            let characters = Array(message)
            for k in 0...characters.count {
                var variants_: [String] = insertions.map { String(characters[..<k]) + $0 + String(characters[k...]) }
                if k < characters.count {
                    variants_.append(String(characters[..<k]) + String(characters[(k + 1)...]))
                }
                for variant in variants_ {
                    variants += 1
                    if Self.compare(variant) { direct += 1 }
                }
            }
        }
        #expect(direct > variants / 10)
    }

    @Test func plainTextIsTheSourceItself() throws {
        for source in ["", "Hello", "KO·Streak block rack", "a}b", "#1 😀", String(repeating: "é", count: 40)] {
            Self.compare(source)
            let pattern = try MessagePattern(source)
            if !source.isEmpty {
                #expect(pattern.body.parts == [.text(source, range: 0..<source.utf16.count)])
            }
        }
    }

    /// More parts or cases waiting at once than the fast path's stacks hold: the general parser
    /// reads them, with the same tree.
    @Test func messagesBeyondTheStacks() throws {
        let manyArguments = (0..<40).map { "x\($0) {a\($0)}" }.joined()
        let manyCases = "{n, plural, " + (0..<30).map { "=\($0) {# \($0)}" }.joined(separator: " ") + " other {#}}"
        let manyKeys = "{g, select, " + (0..<30).map { "k\($0) {\($0)}" }.joined(separator: " ") + " other {x}}"
        let nested = String(repeating: "{n, plural, other {a ", count: 40) + String(repeating: "}}", count: 40)
        for source in [manyArguments, manyCases, manyKeys, nested] {
            #expect(!Self.compare(source), "\(source.prefix(40))… should be left to the general parser")
        }
        // Just within: the fast path reads them.
        let someArguments = (0..<10).map { "x\($0) {a\($0)}" }.joined()
        let someCases = "{n, plural, " + (0..<10).map { "=\($0) {# \($0)}" }.joined(separator: " ") + " other {#}}"
        for source in [someArguments, someCases] {
            #expect(Self.compare(source), "\(source.prefix(40))… should be read by the fast path")
        }
    }

    /// The eight-bytes-at-a-time text scan against byte-by-byte answers: every byte value at every
    /// place of a word, and UTF-16 counts of every prefix of words cut from mixed UTF-8.
    @Test func textRunsEightBytesAtATime() {
        for pound in [false, true] {
            let run = TextRun(pound: pound)
            for value in 0...255 {
                for place in 0..<8 {
                    var bytes = [UInt8](repeating: 0x61, count: 8)
                    bytes[place] = UInt8(value)
                    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    let stops = [0x7B, 0x7D, 0x27].contains(value) || (pound && value == 0x23)
                    #expect(run.stops(in: word) == (stops ? UInt64(0x80) << (8 * place) : 0), "byte \(value) at \(place)")
                }
            }
        }
        let utf8 = Array("aé·한😀b\u{85}\u{10FFFF}xy日本語😀😀z".utf8)
        for start in 0..<(utf8.count - 8) {
            let word = utf8[start..<(start + 8)].withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            for length in 0...8 {
                let expected = utf8[start..<(start + length)].reduce(0) { count, b in
                    count + (b & 0xC0 == 0x80 ? 0 : b >= 0xF0 ? 2 : 1)
                }
                let mask: UInt64 = length == 8 ? ~0 : (1 << (8 * length)) - 1
                #expect(TextRun.utf16Count(of: word, mask: mask) == expected)
            }
        }
        for u in 0..<128 {
            let (low, high) = DirectParser.identifierEnds
            let bit = u < 64 ? (low >> u) & 1 : (high >> (u - 64)) & 1
            #expect((bit != 0) == PatternCharacters.endsIdentifier(UInt16(u)), "\(u)")
        }
    }
}

/// The grammar's table both parsers read: every type word once, as the AST names its type.
@Suite struct MessageSyntaxTests {
    @Test func typeWordsAreSpelledAsTheirTypes() {
        let words: [MessageSyntax.TypeWord] = [.plural, .selectordinal, .select, .choice] + SimpleArgumentType.allCases.map { .simple($0) }
        for word in words {
            let spelling = word.spelling.description
            if case .simple(let type) = word { #expect(spelling == type.rawValue) }
            let lower = Array(spelling.utf8)
            let upper = Array(spelling.uppercased().utf8)
            #expect(lower.withUnsafeBufferPointer { MessageSyntax.typeWord($0.baseAddress!, count: $0.count, foldingCase: false) } == word)
            #expect(upper.withUnsafeBufferPointer { MessageSyntax.typeWord($0.baseAddress!, count: $0.count, foldingCase: false) } == nil)
            let utf16 = Array(spelling.uppercased().utf16)
            #expect(utf16.withUnsafeBufferPointer { MessageSyntax.typeWord($0.baseAddress!, count: $0.count, foldingCase: true) } == word)
        }
        let other = Array("plurals".utf8)
        #expect(other.withUnsafeBufferPointer { MessageSyntax.typeWord($0.baseAddress!, count: $0.count, foldingCase: true) } == nil)
    }
}
