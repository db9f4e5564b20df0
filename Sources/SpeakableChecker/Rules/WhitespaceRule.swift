import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `whitespace`: leading, trailing or double spaces; newline count differing from the source.
    public static let whitespace = Rule(WhitespaceRule.self)
}

/// `whitespace`: a message that starts or ends with a space, two spaces in a row, and a
/// translation with other line breaks than its source.
enum WhitespaceRule: CheckerRule {
    static let id: RuleID = "whitespace"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "leading, trailing or double spaces; newline count differing from the source"

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{A0}" || scalar == "\u{3000}" || scalar == "\u{202F}" || scalar == "\u{2009}"
    }

    /// Whether `byte` is an ASCII byte other than a space or a line feed (a text's first or last
    /// byte: then its first or last scalar is that character).
    @inline(__always)
    static func isOtherASCII(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte < 0x80 && byte != 0x20 && byte != 0x0A
    }

    static func check(_ c: MessageContext, pattern: MessagePattern, segments: inout LazyLiteralSegments, written: WrittenTextFacts,
                       emitter: inout Emitter) {
        let parts = pattern.body.parts
        // A separator made to be joined between other strings (", ", " · ") keeps its spaces; so
        // does a piece of arguments and punctuation ("%lld. ", a list item's number), whose two
        // spaces in a row are still reported.
        var isSeparator = true
        var hasText = false
        var hasArgument = false
        for part in parts {
            switch part {
            case .text(let text, _):
                hasText = true
                if hasLetterOrDigit(text) { isSeparator = false }
            case .argument(let argument):
                switch argument.kind {
                case .none, .simple: hasArgument = true
                case .plural, .select, .choice: isSeparator = false
                }
            case .pound:
                isSeparator = false
            }
            if !isSeparator { break }
        }
        // (With arguments, the text between them is punctuation: `{row}\n` ends with a line break.)
        isSeparator = isSeparator && hasText && (!hasArgument || parts.contains { part in
            guard case .text(let text, _) = part else { return false }
            return text.unicodeScalars.contains { !isSpace($0) && !$0.properties.isWhitespace }
        })
        if isSeparator && !hasArgument { return }
        // A text whose first (last) byte is ASCII other than a space or a line feed neither starts
        // (ends) with a space nor with a line feed: its scalars are not decoded.
        // A translation that starts or ends with white space where the source does mirrors it:
        // the app joins the pieces as the source needs.
        if !isSeparator, case .text(let text, let range)? = parts.first, !Self.isOtherASCII(text.utf8.first),
           let first = text.unicodeScalars.first, isSpace(first) || first == "\n", c.isSource || !c.source.startsWithSpace {
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: true)
            let start = sourceOffset(ofPrinted: 0, in: segment, source: c.text.text)
            // " and %s": a piece glued to other text, where the space is needed but the gluing
            // is the problem. (A translation's space the source lacks joins nothing.)
            let glued = c.isSource && text.unicodeScalars.dropFirst().first?.properties.isLowercase == true
            RuleRunner.emit(.whitespace, c, range: start..<start + 1, emitter: &emitter,
                            message: "the message starts with a space" + (glued ? ": it looks like a piece joined to other text" : ""),
                            hint: glued ? "write the whole sentence as one message (ICU's list format for lists): translators cannot reorder pieces joined in code"
                                        : "remove it; a layout gap belongs in the layout",
                            subject: "leading")
        }
        if !isSeparator, case .text(let text, let range)? = parts.last, !Self.isOtherASCII(text.utf8.last),
           let last = text.unicodeScalars.last, isSpace(last) || last == "\n", c.isSource || !c.source.endsWithSpace {
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: false)
            let printed = text.utf16.count - UTF16.width(last)
            let start = sourceOffset(ofPrinted: printed, in: segment, source: c.text.text)
            // "An error occurred during syncing: ": a piece the app puts other text after (a
            // sentence's end before the space is a space left over).
            let before = text.unicodeScalars.reversed().first { !isSpace($0) && $0 != "\n" }
            let glued = c.isSource && before.map { !".!?…。！？\"”»)".unicodeScalars.contains($0) } ?? false
            RuleRunner.emit(.whitespace, c, range: start..<start + 1, emitter: &emitter,
                            message: "the message ends with a space" + (glued ? ": it looks like a piece joined to other text" : ""),
                            hint: glued ? "write the whole sentence as one message, with an argument for what follows: translators cannot reorder pieces joined in code"
                                        : "remove it; a layout gap belongs in the layout",
                            subject: "trailing")
        }
        // Segments are pieces of the written text when it has no apostrophe: no two spaces in a
        // row there, none in them.
        guard written.adjacentSpaces || written.apostrophe else { return }
        for segment in segments.get() where mayHaveDoubleSpace(segment.text) {
            var previous: Unicode.Scalar?
            var offset = 0
            for scalar in segment.text.unicodeScalars {
                if let previous, isSpace(previous), isSpace(scalar) {
                    let start = sourceOffset(ofPrinted: offset - 1, in: segment, source: c.text.text)
                    RuleRunner.emit(.whitespace, c, range: start..<start + 2, emitter: &emitter,
                                    message: "two spaces in a row", hint: "use one space", subject: "double")
                    break
                }
                previous = scalar
                offset += UTF16.width(scalar)
            }
        }
    }

    /// Whether `text` has a letter or a digit of any script: an ASCII one read from its byte,
    /// any other scalar by its properties (alphabetic, or with a numeric type). The scalars are
    /// read from the first on: most texts end the search at their first word.
    static func hasLetterOrDigit(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x80 {
                    if (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) { return true }
                    i += 1
                    continue
                }
                // One scalar decoded (the text is valid UTF-8).
                let length = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length where i + k < n { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                i += length
                if let scalar = Unicode.Scalar(v), scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return true }
            }
            return false
        }
    }

    /// Whether `text` may hold two spaces in a row: two ASCII spaces, or a space of another kind
    /// (U+00A0: C2 A0; U+2009, U+202F: E2 80 …; U+3000: E3 80 80).
    static func mayHaveDoubleSpace(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previousSpace = false
            for b in bytes {
                if b == 0xC2 || b == 0xE2 || b == 0xE3 { return true }
                if b == 0x20 {
                    if previousSpace { return true }
                    previousSpace = true
                } else {
                    previousSpace = false
                }
            }
            return false
        }
    }

    /// A translation's line breaks against its source's: `newlines` and `sourceNewlines` are the
    /// line feeds written in each (``WrittenTextFacts/newlines``), at least one of them not 0.
    static func compareLineBreaks(_ c: MessageContext, pattern: MessagePattern, newlines: Int, sourceNewlines: Int,
                                  sourcePattern: MessagePattern?, emitter: inout Emitter) {
        if let sourcePattern, LineBreaks.hasCases(pattern.body) || LineBreaks.hasCases(sourcePattern.body) {
            compareLineBreaksByForm(c, pattern: pattern, source: sourcePattern, sourceText: c.source.text, emitter: &emitter)
        } else if newlines != sourceNewlines {
            // HTML breaks count too (``LineBreaks/breaks(_:in:)``): looked for only now.
            let breaks = LineBreaks.breaks(Array(c.text.text.utf16), in: 0..<c.text.text.utf16.count)
            let sourceBreaks = sourceNewlines + LineBreaks.htmlBreaks(c.source.text)
            guard breaks.count != sourceBreaks else { return }
            let first = breaks.first ?? 0
            RuleRunner.emit(.whitespace, c, range: first..<first, emitter: &emitter,
                            message: "the translation has \(breaks.count) line break\(breaks.count == 1 ? "" : "s"), the source \(sourceBreaks)",
                            hint: "screen readers pause or say \"new line\" at a break; keep the source's breaks", subject: "newlines")
        }
    }

    /// Line breaks of a message with plurals or selects: each form the translation prints (a case
    /// of each, with the text around them) against the counts the source's forms print. A
    /// plural's cases are compared as forms, not added up: an English `<plurals>` of two items
    /// with a break each and a Russian one of four print one break either way.
    static func compareLineBreaksByForm(_ c: MessageContext, pattern: MessagePattern, source: MessagePattern, sourceText: String,
                                        emitter: inout Emitter) {
        let expected = LineBreaks.forms(source.body, text: sourceText).map(\.count)
        guard let form = LineBreaks.forms(pattern.body, text: c.text.text).first(where: { !expected.contains($0.count) }) else { return }
        let at = form.firstBreak ?? form.caseStart ?? 0
        let which = form.caseName.map { "the translation's '\($0)' case has" } ?? "the translation has"
        RuleRunner.emit(.whitespace, c, range: at..<at, emitter: &emitter,
                        message: "\(which) \(form.count) line break\(form.count == 1 ? "" : "s"), the source \(LineBreaks.describe(expected))",
                        hint: "screen readers pause or say \"new line\" at a break; keep the source's breaks", subject: "newlines")
    }
}
