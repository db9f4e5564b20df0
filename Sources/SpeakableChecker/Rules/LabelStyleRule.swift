import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `label-style`: a label with a trailing period or starting lower-case.
    public static let labelStyle = Rule(LabelStyleRule.self)
}

/// `label-style`: a label that ends with a period or starts with a lower-case letter.
enum LabelStyleRule: CheckerRule {
    static let id: RuleID = "label-style"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a label with a trailing period or starting lower-case"

    static func check(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        // The texts to report are found first and reported after: closures that captured the
        // context (to report) copied all of it for every label.
        var periods: [(text: String, range: Range<Int>)] = []
        EdgeTexts.forEachEdgeText(pattern.body, atEnd: true) { text, range in
            let scalars = text.unicodeScalars
            guard let last = scalars.last, last == "." || last == "。" else { return }
            let lastIndex = scalars.index(before: scalars.endIndex)
            // An ellipsis written as dots.
            if lastIndex != scalars.startIndex && scalars[scalars.index(before: lastIndex)] == "." { return }
            periods.append((text, range))
        }
        for (text, range) in periods {
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: false)
            let printed = text.utf16.count - 1
            RuleRunner.report(.labelStyle, c, segment: segment, printed: printed..<printed + 1, emitter: &emitter,
                   message: "the label ends with a period", hint: "remove it: a label is a name, not a sentence",
                   subject: "period")
        }
        var lowerCase: [(text: String, range: Range<Int>, first: Character)] = []
        EdgeTexts.forEachEdgeText(pattern.body, atEnd: false) { text, range in
            // An ASCII character that is not a lower-case letter, followed by ASCII (or nothing),
            // is a first character that is not lower-case: no need to find the first grapheme.
            let utf8 = text.utf8
            if let b0 = utf8.first, b0 < 0x80, !(b0 >= 0x61 && b0 <= 0x7A) {
                let second = utf8.index(after: utf8.startIndex)
                if second == utf8.endIndex || utf8[second] < 0x80 { return }
            }
            guard let first = text.first, first.isLowercase else { return }
            // A name that is written lower-case first on purpose ("iPhone", "eBay").
            let word = text.prefix { $0.isLetter }
            if word.dropFirst().contains(where: { $0.isUppercase }) { return }
            lowerCase.append((text, range, first))
        }
        for (text, range, first) in lowerCase {
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: true)
            RuleRunner.report(.labelStyle, c, segment: segment, printed: 0..<first.utf16.count, emitter: &emitter,
                   message: "the label starts with a lower-case letter",
                   hint: "capitalize it (\(String(first).uppercased())…): labels are capitalized, like a title", subject: "lowercase")
        }
    }
}
