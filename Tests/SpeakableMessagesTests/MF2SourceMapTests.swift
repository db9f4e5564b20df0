import Testing
@testable import SpeakableMessages

/// Offsets of an MF2 message's MF1 conversion, mapped back to the MF2 text a translator wrote.
/// Expected offsets are counted by hand in the MF2 source (in the comments).
@Suite struct MF2SourceMapTests {
    func map(_ source: String) throws -> (MessagePattern, MF2SourceMap) {
        let message = try MF2Message(source)
        let pattern = try MessagePattern(message.convertedToMF1().source)
        return (pattern, MF2SourceMap(pattern, message))
    }

    @Test func textAndPlaceholdersMapToWhereTheyAreWritten() throws {
        // MF2: "Hello {$name}, {$n :integer} new" — "{$name}" at 6, ", " at 13, "{$n :integer}" at 15, " new" at 28.
        let (pattern, map) = try map("Hello {$name}, {$n :integer} new")
        #expect(pattern.source == "Hello {name}, {n, number, integer} new")
        #expect(map.mf2Offset(ofMF1: 0) == 0)
        #expect(map.mf2Offset(ofMF1: 3) == 3)          // "l" of Hello
        #expect(map.mf2Offset(ofMF1: 6) == 6)          // {name} → {$name}
        #expect(map.mf2Offset(ofMF1: 12) == 13)        // ", "
        #expect(map.mf2Offset(ofMF1: 14) == 15)        // {n, number, integer} → {$n :integer}
        #expect(map.mf2Offset(ofMF1: 35) == 29)        // "n" of " new"
    }

    @Test func variantTextMapsIntoItsVariant() throws {
        // MF2 line 3 starts at 36: "one {{{$n} star}}"; " star" is at 45.
        let source = ".input {$n :number}\n.match $n\none {{{$n} star}}\n* {{{$n} stars}}"
        let (pattern, map) = try map(source)
        #expect(pattern.source.hasPrefix("{n, plural, one {"), "\(pattern.source)")
        let star = pattern.source.utf16Offset(of: " star}")!
        let written = Array(source.utf16)
        let mapped = map.mf2Offset(ofMF1: star)
        #expect(String(decoding: written[mapped..<mapped + 5], as: UTF16.self) == " star")
        // The plural itself is placed at its selector's declaration or .match.
        #expect(map.mf2Offset(ofMF1: 0) == 27)   // "$n" of ".match $n"
    }

    @Test func escapedTextMapsToItsStart() throws {
        // "a \{b\} c" is the text "a {b} c": offsets inside it cannot be counted one to one.
        let (pattern, map) = try map(#"x {$v} a \{b\} c"#)
        let inside = pattern.source.utf16Offset(of: " a")!
        #expect(map.mf2Offset(ofMF1: inside) == 6)
    }

    @Test func quotedMF1TextNeverMapsPastTheMessage() throws {
        // "'" converts to MF1 "''": two MF1 units for one MF2 unit (found by the mf2 fuzz target).
        let (pattern, quoted) = try map("'")
        #expect(pattern.source == "''")
        #expect((0...2).map(quoted.mf2Offset(ofMF1:)) == [0, 0, 0])
        let (_, longer) = try map("it's {$x}")
        // "it''s " is 7 units in MF1, "it's " 5 in MF2: inside it only its start maps.
        #expect(longer.mf2Offset(ofMF1: 4) == 0)
        #expect(longer.mf2Offset(ofMF1: 7) == 5)   // {x} → {$x}
    }
}
