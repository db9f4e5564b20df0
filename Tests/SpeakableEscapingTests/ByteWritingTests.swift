@testable import SpeakableEscaping
import Testing
import SpeakableTestSupport

/// The escapers that measure text and write it through a ``UTF8Cursor`` (one append per piece of
/// markup) judged by their general definitions: ``XMLEscaping/text(_:)`` and
/// ``XMLEscaping/attribute(_:)`` (scalar by scalar), ``XLIFFEscaping/segment(_:)`` and
/// ``XLIFFEscaping/note(_:)``, and for Android a definition written here from aapt2's rules.

/// Strings made of what the escapers treat apart — markup characters, controls, U+FFFE/U+FFFF
/// and their neighbours, spaces, `@` and `?` — between plain text, of every length up to long.
func escapingMixes(count: Int, seed: UInt64 = 29) -> [String] {
    let pieces = ["<", ">", "&", "\"", "'", "\\", "\t", "\n", "\r", "\r\n", "\u{0}", "\u{1}", "\u{8}", "\u{1F}", "\u{7F}",
                  "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{FFFC}", "\u{EFBF}", "\u{F000}", "\u{FEFF}", " ", "  ", "@", "?", "%", "%1$d",
                  "]]>", "--", "-", "*/", "é", "한", "👩‍👩‍👧", "\u{10FFFF}", "plain", "O'Coins", "a", "0"]
    var random = SplitMix(seed: seed)
    var result: [String] = ["", " ", "  ", "@", "?", "@x", "?x", "x@", "x?", " x", "x ", "a  b", "\u{FFFE}", "\u{EF}"]
    while result.count < count {
        var text = ""
        let length = random.below(6) == 0 ? 40 + random.below(400) : 1 + random.below(12)
        for _ in 0..<length { text += pieces[random.below(pieces.count)] }
        result.append(text)
    }
    return result
}

let escapingInputs = hostile + escapingMixes(count: 1_500)

/// aapt2's escaping of a string's content, scalar by scalar (the rules of
/// ``AndroidEscaping/text(_:atStart:atEnd:afterSpace:)``, written apart from it).
func androidReference(_ text: String, atStart: Bool, atEnd: Bool, afterSpace: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    guard let first = scalars.first, let last = scalars.last else { return "" }
    var quoted = (first == " " && (atStart || afterSpace)) || (last == " " && atEnd)
    for i in scalars.indices.dropFirst() where scalars[i] == " " && scalars[i - 1] == " " { quoted = true }
    var out = quoted ? "\"" : ""
    for (i, scalar) in scalars.enumerated() {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "'": out += "\\'"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "@" where i == 0 && atStart: out += "\\@"
        case "?" where i == 0 && atStart: out += "\\?"
        case "\u{0}": out += "\u{FFFD}"
        case "\u{1}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
            let digits = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        default: out.unicodeScalars.append(scalar)
        }
    }
    return quoted ? out + "\"" : out
}

@Suite struct ByteWritingTests {
    @Test func cursorWritesWhatItIsGiven() {
        var out = Array("<a>".utf8)
        out.appendUTF8(count: 0) { _ in }
        out.appendUTF8(count: 7) { cursor in
            cursor.put("x")
            cursor.put(UInt8(ascii: "y"))
            Array("&lt;".utf8).withUnsafeBufferPointer { cursor.put($0) }
            cursor.put("z")
            #expect(cursor.remaining == 0)
        }
        #expect(String(decoding: out, as: UTF8.self) == "<a>xy&lt;z")
    }

    /// Appended after what the buffer holds: exactly the general escape, measured exactly.
    @Test func xmlAppendIsTheGeneralEscape() {
        for text in escapingInputs {
            for attribute in [false, true] {
                let expected = attribute ? XMLEscaping.attribute(text) : XMLEscaping.text(text)
                var out = Array("<t>".utf8)
                if attribute { XMLEscaping.appendAttribute(text, to: &out) } else { XMLEscaping.appendText(text, to: &out) }
                #expect(out == Array(("<t>" + expected).utf8), "\(attribute ? "attribute" : "text") of \(text.debugDescription)")
                var copy = text
                let size = copy.withUTF8 { XMLEscaping.escapedSize($0, attribute: attribute) }
                #expect(size.count == expected.utf8.count)
                #expect(size.plain == text.utf8.elementsEqual(expected.utf8))
                #expect(size.nonCharacter == XMLEscaping.containsNonCharacter(text))
                // Stopping at a character XML cannot carry: nothing appended then.
                var stopped = Array("<t>".utf8)
                let carried = XMLEscaping.append(text, attribute: attribute, stoppingAtNonCharacter: true, to: &stopped)
                #expect(carried == !XMLEscaping.containsNonCharacter(text))
                #expect(stopped == (carried ? out : Array("<t>".utf8)), "\(text.debugDescription)")
            }
        }
    }

    @Test func xliffAppendIsTheGeneralEscape() {
        for text in escapingInputs {
            var segment = Array("<source>".utf8)
            XLIFFEscaping.appendSegment(text, to: &segment)
            #expect(segment == Array(("<source>" + XLIFFEscaping.segment(text)).utf8), "\(text.debugDescription)")
            var note = Array("<note>".utf8)
            XLIFFEscaping.appendNote(text, to: &note)
            #expect(note == Array(("<note>" + XLIFFEscaping.note(text)).utf8), "\(text.debugDescription)")
        }
    }

    @Test func androidAppendIsAapt2sEscape() {
        #expect(androidReference("a\u{1}b\u{FFFE}", atStart: true, atEnd: true, afterSpace: false) == "a\\u0001b\\uFFFE")
        for text in escapingInputs {
            for (atStart, atEnd, afterSpace) in [(true, true, false), (false, false, true), (false, true, false), (true, false, true),
                                                 (false, false, false)] {
                let expected = androidReference(text, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace)
                var out = Array("<string>".utf8)
                AndroidEscaping.appendText(text, to: &out, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace)
                #expect(out == Array(("<string>" + expected).utf8), "\(text.debugDescription) \(atStart) \(atEnd) \(afterSpace)")
                #expect(AndroidEscaping.text(text, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace) == expected)
                var copy = text
                let size = copy.withUTF8 { AndroidEscaping.escapedSize($0, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace) }
                #expect(size.count == expected.utf8.count)
                #expect(size.plain == text.utf8.elementsEqual(expected.utf8))
            }
        }
    }
}
