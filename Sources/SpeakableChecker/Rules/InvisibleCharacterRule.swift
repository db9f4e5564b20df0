import SpeakableCatalog
import SpeakableICU
import SpeakableMessages

extension Rule {
    /// `invisible-character`: zero-width characters, soft hyphens, BOM, U+FFFD, control characters.
    public static let invisibleCharacter = Rule(InvisibleCharacterRule.self)
}

/// `invisible-character`: characters that print nothing (zero-width spaces, soft hyphens, a BOM,
/// controls) or that stand for lost text (U+FFFD), except joiners that are part of the spelling.
enum InvisibleCharacterRule: CheckerRule {
    static let id: RuleID = "invisible-character"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "zero-width characters, soft hyphens, BOM, U+FFFD, control characters"

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

    static func check(_ c: MessageContext, emitter: inout Emitter) {
        let text = c.text.text
        guard text.unicodeScalars.contains(where: { invisibleName($0.value) != nil }) else { return }
        let all = ScalarText.scalars(text)
        for (i, (scalar, offset)) in all.enumerated() {
            guard let name = invisibleName(scalar.value) else { continue }
            if scalar.value == 0x200C || scalar.value == 0x200D, joinerBelongs(all, at: i) { continue }
            RuleRunner.emit(.invisibleCharacter, c, range: offset..<offset + UTF16.width(scalar), emitter: &emitter,
                            message: "invisible character \(ScalarText.hex(scalar)) \(name)",
                            hint: scalar.value == 0xFFFD ? "re-export the text as UTF-8 and restore the character"
                                : scalar.value == 0x09 ? "use a space" : "remove it; screen readers may pause, spell it or stop there",
                            subject: ScalarText.hex(scalar))
        }
    }
}
