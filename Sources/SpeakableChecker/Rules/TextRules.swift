import SpeakableICU
import SpeakableMessages

/// Rules on the characters of a message: `bidi-control`, `invisible-character`, `whitespace`,
/// `printf-injection`, and `untranslated`.
enum TextRules {
    static func check(_ c: MessageContext, segments: inout LazyLiteralSegments?, written: WrittenTextFacts, settings: CheckSettings,
                      emitter: inout Emitter) {
        // One pass over the bytes decides whether any character rule can apply: bidi controls
        // and most invisible characters are outside ASCII, the rest are ASCII controls.
        // Every bidi control and invisible character outside ASCII starts with one of these UTF-8
        // byte pairs: C2 80…9F and C2 AD (C1 controls, soft hyphen), D8 9C (U+061C), E1 A0
        // (U+180E), E2 80 and E2 81 (U+2000…U+207F), EF BB and EF BF (U+FEFF, U+FFFD). Text
        // without them (and without ASCII controls) has nothing for these rules.
        // (The pass is ``WrittenTextFacts``'s.)
        let suspect = written.suspect
        let control = written.control
        if suspect && emitter.isOn(.bidiControl) { bidi(c, any: settings.reportAnyBidiControl, emitter: &emitter) }
        if (suspect || control) && emitter.isOn(.invisibleCharacter) { invisible(c, emitter: &emitter) }
        guard let pattern = c.pattern, segments != nil else { return }
        if emitter.isOn(.whitespace) { spaces(c, pattern: pattern, segments: &segments!, written: written, emitter: &emitter) }
        // A segment with a `%` is a piece of a text with one.
        if emitter.isOn(.printfInjection) && written.percent { printf(c, segments: segments!.get(), emitter: &emitter) }
    }

    static func isBidiControl(_ v: UInt32) -> Bool {
        (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069) || v == 0x200E || v == 0x200F || v == 0x061C
    }

    /// Scalars with their UTF-16 offsets.
    static func scalars(_ text: String) -> [(Unicode.Scalar, Int)] {
        var result: [(Unicode.Scalar, Int)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            result.append((scalar, offset))
            offset += UTF16.width(scalar)
        }
        return result
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: bidi-control

    static let bidiNames: [UInt32: String] = [
        0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
        0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
        0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
        0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK", 0x061C: "ARABIC LETTER MARK",
    ]

    static func bidi(_ c: MessageContext, any: Bool, emitter: inout Emitter) {
        let text = c.text.text
        guard text.unicodeScalars.contains(where: { isBidiControl($0.value) }) else { return }
        let all = scalars(text)
        if any {
            for (scalar, offset) in all {
                guard let name = bidiNames[scalar.value] else { continue }
                RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                                message: "bidirectional control \(hex(scalar)) \(name)",
                                hint: "remove it; the project reports every bidirectional control (\"bidiControls\": \"any\")",
                                subject: hex(scalar))
            }
            return
        }
        // Overrides (LRO, RLO) are reported even when closed: they make the displayed order of
        // the characters differ from the stored one — the Trojan Source trick (CVE-2021-42574).
        // No translation needs one: isolates and marks do the legitimate work.
        for (scalar, offset) in all where scalar.value == 0x202D || scalar.value == 0x202E {
            RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                            message: "\(hex(scalar)) \(bidiNames[scalar.value]!) reverses or forces the order of the characters after it: what is shown differs from what is stored (the Trojan Source trick)",
                            hint: "remove it; to keep a word's direction use U+2068 FIRST STRONG ISOLATE … U+2069, or a mark (U+200E, U+200F)",
                            subject: "override:\(hex(scalar))")
        }
        // Unbalanced: embeddings/overrides closed by PDF, isolates by PDI (UAX #9).
        var stack: [(isolate: Bool, scalar: Unicode.Scalar, offset: Int)] = []
        for (scalar, offset) in all {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: stack.append((false, scalar, offset))
            case 0x2066, 0x2067, 0x2068: stack.append((true, scalar, offset))
            case 0x202C:
                if let last = stack.last, !last.isolate {
                    stack.removeLast()
                } else {
                    RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                                    message: "U+202C POP DIRECTIONAL FORMATTING closes no embedding or override",
                                    hint: "remove it, or add the embedding it should close", subject: "unopened:202C")
                }
            case 0x2069:
                if let index = stack.lastIndex(where: { $0.isolate }) {
                    stack.removeSubrange(index...)
                } else {
                    RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                                    message: "U+2069 POP DIRECTIONAL ISOLATE closes no isolate",
                                    hint: "remove it, or add the isolate it should close", subject: "unopened:2069")
                }
            default: break
            }
        }
        // An embedding or isolate opened where the text starts (the message's, or a case's) and
        // never closed gives the whole text a direction, as a translator sets a paragraph's:
        // the paragraph's end closes it (UAX #9, X8), so a message shown on its own is as
        // meant. One opened inside the text runs over the rest of it.
        let starts = stack.isEmpty ? [] : textStarts(c.pattern)
        for open in stack where open.scalar.value != 0x202D && open.scalar.value != 0x202E
            && !opensWholeText(open.offset, all: all, starts: starts) {
            RuleRunner.emit(.bidiControl, c, range: open.offset..<open.offset + 1, emitter: &emitter,
                            message: "\(hex(open.scalar)) \(bidiNames[open.scalar.value]!) is never closed: the text after it, and what follows the message on screen, runs in its direction",
                            hint: open.isolate ? "close it with U+2069 POP DIRECTIONAL ISOLATE" : "close it with U+202C POP DIRECTIONAL FORMATTING",
                            subject: "unclosed:\(hex(open.scalar))")
        }
    }

    /// Where printed text starts in a message: its start, and each case's of its plurals and
    /// selects (UTF-16 offsets).
    static func textStarts(_ pattern: MessagePattern?) -> [Int] {
        var result = [0]
        func walk(_ body: MessageBody) {
            for part in body.parts {
                guard case .argument(let argument) = part else { continue }
                switch argument.kind {
                case .none, .simple: continue
                case .plural(let p): for item in p.cases { result.append(item.message.range.lowerBound); walk(item.message) }
                case .select(let s): for item in s.cases { result.append(item.message.range.lowerBound); walk(item.message) }
                case .choice(let ch): for item in ch.cases { result.append(item.message.range.lowerBound); walk(item.message) }
                }
            }
        }
        if let pattern { walk(pattern.body) }
        return result
    }

    /// Whether the control at UTF-16 `offset` has only bidi controls between it and one of
    /// `starts`.
    static func opensWholeText(_ offset: Int, all: [(Unicode.Scalar, Int)], starts: [Int]) -> Bool {
        guard var i = all.firstIndex(where: { $0.1 == offset }) else { return false }
        while true {
            if starts.contains(all[i].1) { return true }
            guard i > 0, isBidiControl(all[i - 1].0.value) else { return false }
            i -= 1
        }
    }

    // MARK: invisible-character

    static func invisibleName(_ v: UInt32) -> String? {
        switch v {
        case 0x200B: "ZERO WIDTH SPACE"
        case 0x200C: "ZERO WIDTH NON-JOINER"
        case 0x200D: "ZERO WIDTH JOINER"
        case 0x2060: "WORD JOINER"
        case 0xFEFF: "BYTE ORDER MARK (ZERO WIDTH NO-BREAK SPACE)"
        case 0x00AD: "SOFT HYPHEN"
        case 0xFFFD: "REPLACEMENT CHARACTER (text decoded with the wrong encoding)"
        case 0x180E: "MONGOLIAN VOWEL SEPARATOR"
        case 0x2061...0x2064: "INVISIBLE OPERATOR"
        case 0x09: "a tab"
        case 0x00...0x1F where v != 0x0A: "a control character"
        case 0x7F: "DELETE"
        case 0x80...0x9F: "a C1 control character"
        default: nil
        }
    }

    /// Whether the zero-width joiner or non-joiner at `i` of `all` is part of the spelling, by the
    /// characters around it (Unicode properties, from the standard library and ICU; a run of
    /// joiners is judged as one):
    ///
    /// * after a virama (canonical combining class 9) or before one: Indic conjuncts and half
    ///   forms, Malayalam chillu letters (ന ് ZWJ), Sinhala's yansaya and rakaransaya (ශ ් ZWJ ර),
    ///   Devanagari's eyelash ra (र ZWJ ्);
    /// * between two letters of one script whose letters join cursively (Arabic script: Persian
    ///   "می‌شود") or that has Indic syllables;
    /// * at the end or start of a word of such a script, next to a space or a punctuation mark
    ///   inside the text, where input methods leave one (Malayalam "ൾ‌ ", Persian "نم‌ شود"): it
    ///   changes nothing there;
    /// * a ZWJ in an emoji sequence: after a pictograph, a skin tone or U+FE0F, before a pictograph
    ///   (👩‍💻, 🏳️‍🌈).
    ///
    /// A joiner anywhere else — between Latin letters, at the start or end of the text, before a
    /// combining mark — is not.
    static func joinerBelongs(_ all: [(Unicode.Scalar, Int)], at i: Int) -> Bool {
        @inline(__always) func isJoiner(_ s: Unicode.Scalar) -> Bool { s.value == 0x200C || s.value == 0x200D }
        let joiner = all[i].0
        var b = i - 1
        while b >= 0 && isJoiner(all[b].0) { b -= 1 }
        var a = i + 1
        while a < all.count && isJoiner(all[a].0) { a += 1 }
        let before = b >= 0 ? all[b].0 : nil
        let after = a < all.count ? all[a].0 : nil
        if let before, before.properties.canonicalCombiningClass.rawValue == 9 { return true }
        if let after, after.properties.canonicalCombiningClass.rawValue == 9 { return true }
        guard var before, let after else { return false }
        if joiner == "\u{200D}" && UnicodeProperties.isExtendedPictographic(after)
            && (UnicodeProperties.isExtendedPictographic(before) || before.properties.isEmojiModifier || before == "\u{FE0F}") {
            return true
        }
        // The letter before, past the marks on it (an Arabic vowel sign, a Brahmic vowel sign).
        while b > 0, before.properties.generalCategory == .nonspacingMark || before.properties.generalCategory == .spacingMark {
            b -= 1
            before = all[b].0
        }
        /// A letter of a script whose spelling uses joiners.
        func usesJoiners(_ s: Unicode.Scalar) -> Bool {
            !s.isASCII && s.properties.isAlphabetic
                && (UnicodeProperties.isCursiveJoining(s) || UnicodeProperties.hasIndicSyllabicCategory(s))
        }
        /// White space or punctuation: a word's edge.
        func isWordEdge(_ s: Unicode.Scalar) -> Bool {
            switch s.properties.generalCategory {
            case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation: true
            default: s == "\n"
            }
        }
        if usesJoiners(before) && isWordEdge(after) || isWordEdge(before) && usesJoiners(after) { return true }
        guard before.properties.isAlphabetic, after.properties.isAlphabetic, !before.isASCII, !after.isASCII,
              UnicodeScript.of(before) == UnicodeScript.of(after) else { return false }
        return UnicodeProperties.isCursiveJoining(before) || UnicodeProperties.isCursiveJoining(after)
            || (UnicodeProperties.hasIndicSyllabicCategory(before) && UnicodeProperties.hasIndicSyllabicCategory(after))
    }

    static func invisible(_ c: MessageContext, emitter: inout Emitter) {
        let text = c.text.text
        guard text.unicodeScalars.contains(where: { invisibleName($0.value) != nil }) else { return }
        let all = scalars(text)
        for (i, (scalar, offset)) in all.enumerated() {
            guard let name = invisibleName(scalar.value) else { continue }
            if scalar.value == 0x200C || scalar.value == 0x200D, joinerBelongs(all, at: i) { continue }
            RuleRunner.emit(.invisibleCharacter, c, range: offset..<offset + UTF16.width(scalar), emitter: &emitter,
                            message: "invisible character \(hex(scalar)) \(name)",
                            hint: scalar.value == 0xFFFD ? "re-export the text as UTF-8 and restore the character"
                                : scalar.value == 0x09 ? "use a space" : "remove it; screen readers may pause, spell it or stop there",
                            subject: hex(scalar))
        }
    }

    // MARK: whitespace

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

    static func spaces(_ c: MessageContext, pattern: MessagePattern, segments: inout LazyLiteralSegments, written: WrittenTextFacts,
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
                // An ASCII letter or digit byte is such a scalar: most texts end the search there.
                if text.utf8.contains(where: { b in (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) })
                    || text.unicodeScalars.contains(where: { s in
                        // ASCII letters and digits without asking for their properties.
                        if s.value < 0x80 { return (s.value | 0x20 >= 0x61 && s.value | 0x20 <= 0x7A) || (s.value >= 0x30 && s.value <= 0x39) }
                        return s.properties.isAlphabetic || s.properties.numericType != nil
                    }) {
                    isSeparator = false
                }
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

    // MARK: printf-injection

    /// printf specifiers in `text`: `%@`, `%d`, `%1$s`, `%lld`, `%n`, `%#@name@`… (not `%%`, not
    /// `% ` before a word, not a `%` at the end).
    static func printfSpecifiers(in text: String) -> [Range<Int>] {
        let u = Array(text.utf16)
        var result: [Range<Int>] = []
        var i = 0
        func isDigit(_ x: UInt16) -> Bool { x >= 48 && x <= 57 }
        func isLetter(_ x: UInt16) -> Bool { (x >= 65 && x <= 90) || (x >= 97 && x <= 122) }
        let conversions = Set("@dDiuUxXoOfFeEgGcCsSpaAn".utf16)
        while i < u.count {
            guard u[i] == 37 else { i += 1; continue }  // %
            let start = i
            var j = i + 1
            if j < u.count && u[j] == 37 { i = j + 1; continue }  // %%
            // %#@name@ (Apple's plural substitution)
            if j + 1 < u.count && u[j] == 35 && u[j + 1] == 64 {
                var k = j + 2
                while k < u.count && (isLetter(u[k]) || isDigit(u[k]) || u[k] == 95) { k += 1 }
                if k < u.count && u[k] == 64 && k > j + 2 { result.append(start..<k + 1); i = k + 1; continue }
            }
            // positional argument n$
            var k = j
            while k < u.count && isDigit(u[k]) { k += 1 }
            if k > j && k < u.count && u[k] == 36 { j = k + 1 }
            while j < u.count && (u[j] == 45 || u[j] == 43 || u[j] == 35 || u[j] == 48) { j += 1 }  // - + # 0
            while j < u.count && isDigit(u[j]) { j += 1 }
            if j < u.count && u[j] == 46 { j += 1; while j < u.count && isDigit(u[j]) { j += 1 } }
            // length modifiers
            for modifier in ["ll", "hh", "l", "h", "q", "L", "z", "t", "j"] {
                let m = Array(modifier.utf16)
                if j + m.count <= u.count && Array(u[j..<j + m.count]) == m && j + m.count < u.count
                    && conversions.contains(u[j + m.count]) {
                    j += m.count
                    break
                }
            }
            guard j < u.count, conversions.contains(u[j]) else { i += 1; continue }
            let conversion = u[j]
            // "%done" is not a specifier that anyone meant; "%d분" (a Korean counter) is.
            if conversion != 64, j + 1 < u.count, isLetter(u[j + 1]) { i += 1; continue }
            result.append(start..<j + 1)
            i = j + 1
        }
        return result
    }

    static func printf(_ c: MessageContext, segments: [LiteralSegment], emitter: inout Emitter) {
        for segment in segments where segment.text.utf8.contains(37) {
            for range in printfSpecifiers(in: segment.text) {
                let start = sourceOffset(ofPrinted: range.lowerBound, in: segment, source: c.text.text)
                let end = sourceOffset(ofPrinted: range.upperBound, in: segment, source: c.text.text)
                let spec = String(decoding: Array(segment.text.utf16)[range], as: UTF16.self)
                RuleRunner.emit(.printfInjection, c, range: start..<end, emitter: &emitter,
                                message: "'\(spec)' is a printf format specifier: in an exported .xcstrings or strings.xml it would take an argument's place or crash the app",
                                hint: "in ICU MessageFormat an argument is written {name}; for a literal percent sign write %",
                                subject: spec)
            }
        }
    }

    // MARK: untranslated

    static func untranslated(_ c: MessageContext, pattern: MessagePattern, sourceLocale: ICULocale, settings: CheckSettings,
                             emitter: inout Emitter) {
        guard !differsAtAnASCIIStarter(c.text.text, c.source.text), c.text.text == c.source.text,
              c.locale.language != sourceLocale.language else { return }
        // A copyright line ("© 2024 Thomas Ricouard") stays as written: its words are names.
        if c.text.text.unicodeScalars.contains("\u{A9}") { return }
        // Only prose counts, form by form (a plural prints one case): not arguments, numbers,
        // names (acronyms, inner capitals, abbreviations without a vowel, names the project
        // lists) or technical tokens ("text/html"). Two prose words that read the same are a
        // string someone forgot ("Open settings"); "DeepL API Pro", "Cc", "HTML (text/html)"
        // and "{count} vote" / "{count} votes" are not.
        let words = proseWords(pattern.body, allowed: settings.allowUntranslated)
        // A name in title case with a number in it ("The K-9 Dog Walkers", "Apache License,
        // Version 2.0") is a name of a team, a product or a licence.
        if words.titleCase && words.digits { return }
        // One word that reads the same ("Script", "Name", "OK") is usually a loanword or a
        // cognate, not a string someone forgot — unless the text is that one word and it is in a
        // script the locale is not written in ("Share" in ko, ar, ru, he). A lone letter is a
        // symbol ("%d B", bytes).
        var inForeignScript: String?
        if words.prose < 2 {
            guard words.all == 1, let word = words.first, word.count > 1,
                  let script = foreignScript(word, locale: c.locale, sourceLocale: sourceLocale) else { return }
            inForeignScript = script
        }
        RuleRunner.emit(.untranslated, c, range: 0..<c.text.text.utf16.count, emitter: &emitter,
                        message: "the \(c.tag) translation is identical to the source text"
                            + (inForeignScript.map { ", in \($0) script, which \(c.tag) is not written in" } ?? ""),
                        hint: "translate it; if it is a name that stays the same, add it to \"check\": {\"allowUntranslated\": […]} in speakable.json (with --config for a catalog checked as it is) or exempt the message",
                        subject: "")
    }

    /// The most prose words any one form of `body` prints (a case of each plural and select),
    /// the most words and technical tokens of any kind, and the first prose word.
    static func proseWords(_ body: MessageBody, allowed: [String]) -> ProseWords {
        var result = ProseWords()
        proseWords(body, allowed: allowed, into: &result)
        return result
    }

    /// What ``proseWords(_:allowed:)`` counts.
    struct ProseWords {
        /// The most prose words any one form prints.
        var prose = 0
        /// The most words and technical tokens of any kind.
        var all = 0
        /// The first prose word.
        var first: String?
        /// Every prose word starts with a capital letter ("Thunderbird Mobile Team").
        var titleCase = true
        /// A token has a digit ("K-9", "2.0").
        var digits = false
    }

    private static func proseWords(_ body: MessageBody, allowed: [String], into result: inout ProseWords) {
        for part in body.parts {
            switch part {
            case .text(var text, _):
                for name in allowed where !name.isEmpty { text = text.replacingAll(name, with: " ") }
                for token in text.split(whereSeparator: \.isWhitespace) {
                    if token.contains(where: \.isNumber) { result.digits = true }
                    // A technical token is no prose, but the text is not one word either.
                    if isTechnical(token) { result.all += 1; continue }
                    for word in token.split(whereSeparator: { !($0.isLetter || $0 == "'" || $0 == "’" || $0 == "-") })
                    where word.contains(where: \.isLetter) {
                        result.all += 1
                        guard !isNameLike(String(word)) else { continue }
                        result.prose += 1
                        if word.first?.isUppercase != true { result.titleCase = false }
                        if result.first == nil { result.first = String(word) }
                    }
                }
            case .pound:
                continue
            case .argument(let argument):
                let bodies: [MessageBody]
                switch argument.kind {
                case .none, .simple: continue
                case .plural(let plural): bodies = plural.cases.map(\.message)
                case .select(let select): bodies = select.cases.map(\.message)
                case .choice(let choice): bodies = choice.cases.map(\.message)
                }
                var most = (prose: 0, all: 0)
                for caseBody in bodies {
                    var inner = ProseWords()
                    proseWords(caseBody, allowed: allowed, into: &inner)
                    most = (max(most.prose, inner.prose), max(most.all, inner.all))
                    if result.first == nil { result.first = inner.first }
                    result.titleCase = result.titleCase && inner.titleCase
                    result.digits = result.digits || inner.digits
                }
                result.prose += most.prose
                result.all += most.all
            }
        }
    }

    /// A token that is no prose: a MIME type, a path, an address, a file or host name, a
    /// key-value pair ("text/html", "user@example.com", "example.com", "v1.2", "a=b").
    static func isTechnical(_ token: Substring) -> Bool {
        let scalars = Array(token.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            switch s {
            case "/", "@", "_", "=", "\\": return true
            case ".", ":":
                if i > 0 && i + 1 < scalars.count && scalars[i - 1].properties.isAlphabetic == true
                    && (scalars[i + 1].properties.isAlphabetic || scalars[i + 1].properties.numericType != nil) {
                    return true
                }
                if i > 0 && i + 1 < scalars.count && scalars[i - 1].properties.numericType != nil && scalars[i + 1].properties.numericType != nil {
                    return true
                }
            default: continue
            }
        }
        return false
    }
}

extension TextRules {
    /// Whether `a` and `b` are not canonically equivalent because their UTF-8 first differs at a
    /// byte that is ASCII in both (or one ends where the other goes on with ASCII): an ASCII
    /// character is a starter, its own decomposition, so the two normalized forms differ there
    /// too. False says nothing (`==` then decides, without normalizing the many translations
    /// this rules out).
    static func differsAtAnASCIIStarter(_ a: String, _ b: String) -> Bool {
        // The strings' own UTF-8 when they have it (native strings: no copy, no retain), else
        // copies of them.
        func differs(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
            let n = min(x.count, y.count)
            var i = 0
            while i < n && x[i] == y[i] { i += 1 }
            if i < n { return x[i] < 0x80 && y[i] < 0x80 }
            if x.count == y.count { return false }
            return (x.count > n ? x[n] : y[n]) < 0x80
        }
        if let result = a.utf8.withContiguousStorageIfAvailable({ x in b.utf8.withContiguousStorageIfAvailable { y in differs(x, y) } }),
           let result {
            return result
        }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in differs(x, y) } }
    }

    /// A word that stays the same in every language: an acronym ("GPS", "OK"), a name with inner
    /// capitals ("iPhone", "CotEditor"), a word with digits ("MP3"), a Latin abbreviation of two
    /// or more letters without a vowel ("Cc", "Bcc", "Nr").
    static func isNameLike(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        if letters.count >= 2 && letters.allSatisfy(\.isUppercase) { return true }
        if word.dropFirst().contains(where: \.isUppercase) { return true }
        if word.contains(where: \.isNumber) { return true }
        return letters.count >= 2 && letters.allSatisfy { $0.isASCII } && !letters.contains { "aeiouyAEIOUY".contains($0) }
    }

    /// The script of `word` when it is the source's and not one the target locale is written in.
    static func foreignScript(_ word: String, locale: ICULocale, sourceLocale: ICULocale) -> String? {
        let counts = UnicodeScript.letterCounts(word)
        guard let (script, _) = counts.max(by: { $0.value < $1.value }) else { return nil }
        let targetScripts = locale.scripts
        guard !targetScripts.isEmpty, !targetScripts.contains(script), sourceLocale.scripts.contains(script) else { return nil }
        return ["Latn": "Latin", "Cyrl": "Cyrillic", "Arab": "Arabic", "Hebr": "Hebrew", "Hang": "Hangul", "Hani": "Han",
                "Grek": "Greek", "Thai": "Thai"][script] ?? script
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation here).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
