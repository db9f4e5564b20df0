import SpeakableCatalog
import SpeakableICU
import SpeakableMessages

extension Rule {
    /// `plural-literal-number`: a plural branch with a hard-coded number where # belongs.
    public static let pluralLiteralNumber = Rule(PluralLiteralNumberRule.self)
}

/// `plural-literal-number`: a number written out in a plural case that other numbers select too.
enum PluralLiteralNumberRule: CheckerRule {
    static let id: RuleID = "plural-literal-number"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a plural branch with a hard-coded number where # belongs"

    static func check(_ c: MessageContext, _ argument: ArgumentNode, _ plural: PluralArgument, _ info: PluralCategoryInfo,
                      emitter: inout Emitter) {
        // Only a number written in a case's text is reported: none without a digit there (the
        // converted "{1, number}" of a platform plural has its digit in an argument, not text).
        guard casesHaveDigits(plural) else { return }
        // A number written in every case is text around the plural, not its count (a platform
        // catalog copies "Level 5, " into each <plurals> item).
        var inEveryCase: Set<Int64>?
        for item in plural.cases {
            var texts: [(String, Range<Int>)] = []
            var shows = false
            PluralArguments.collect(item.message, name: argument.name, texts: &texts, showsNumber: &shows)
            let values = Set(texts.flatMap { numbers(in: $0.0).map(\.0) })
            inEveryCase = inEveryCase.map { $0.intersection(values) } ?? values
        }
        for item in plural.cases {
            guard case .keyword(let word) = item.selector, let category = PluralCategory(rawValue: word),
                  info.categories.contains(category) else { continue }
            var texts: [(String, Range<Int>)] = []
            var showsNumber = false
            PluralArguments.collect(item.message, name: argument.name, texts: &texts, showsNumber: &showsNumber)
            guard !showsNumber else { continue }
            let integers = (info.members[category] ?? []).filter { $0 == $0.rounded(.towardZero) }
            for (text, range) in texts {
                let segment = LiteralSegment(text: text, range: range, depth: 1, followsArgument: false, startsBody: false)
                for (value, offsets) in numbers(in: text) where plural.cases.count < 2 || !(inEveryCase?.contains(value) ?? false) {
                    guard info.category(of: Double(value)) == category,
                          integers.contains(where: { $0 != Double(value) }) else { continue }
                    let others = integers.filter { $0 != Double(value) }.prefix(3).map(PluralCategoryInfo.format)
                    let start = sourceOffset(ofPrinted: offsets.lowerBound, in: segment, source: c.text.text)
                    let end = sourceOffset(ofPrinted: offsets.upperBound, in: segment, source: c.text.text)
                    RuleRunner.emit(.pluralLiteralNumber, c, range: start..<end, emitter: &emitter,
                                    message: "'\(value)' is written out in the '\(word)' case, but '\(word)' in \(c.tag) also covers \(others.joined(separator: ", "))\(integers.count > 4 ? ", …" : ""): those would be spoken as \(value) too",
                                    hint: "write # where the number goes",
                                    subject: "\(argument.name):\(word):\(value)")
                }
            }
        }
    }

    /// Whether a text ``PluralArguments/collect(_:name:texts:showsNumber:)`` gathers from the plural's cases has an
    /// ASCII digit: without one, ``numbers(in:)`` finds nothing in any of them and
    /// `plural-literal-number` has nothing to report (tested against that computation).
    static func casesHaveDigits(_ plural: PluralArgument) -> Bool {
        func hasDigits(_ body: MessageBody) -> Bool {
            for part in body.parts {
                switch part {
                case .text(var text, _):
                    if text.withUTF8({ $0.contains { $0 &- 0x30 < 10 } }) { return true }
                case .pound: continue
                case .argument(let argument):
                    switch argument.kind {
                    case .select(let select): if select.cases.contains(where: { hasDigits($0.message) }) { return true }
                    case .choice(let choice): if choice.cases.contains(where: { hasDigits($0.message) }) { return true }
                    case .none, .simple, .plural: continue
                    }
                }
            }
            return false
        }
        for k in plural.cases.indices where hasDigits(plural.cases[k].message) { return true }
        return false
    }

    /// Whole integers written in ASCII digits (not part of a word, a decimal or a grouped number),
    /// with their UTF-16 offsets in `text`.
    static func numbers(in text: String) -> [(Int64, Range<Int>)] {
        let units = Array(text.utf16)
        var result: [(Int64, Range<Int>)] = []
        var i = 0
        func isDigit(_ u: UInt16) -> Bool { u >= 48 && u <= 57 }
        func isWordish(_ u: UInt16) -> Bool { isDigit(u) || (u >= 65 && u <= 90) || (u >= 97 && u <= 122) || u == 95 }
        while i < units.count {
            guard isDigit(units[i]) else { i += 1; continue }
            let start = i
            while i < units.count && isDigit(units[i]) { i += 1 }
            let end = i
            if start > 0 && (isWordish(units[start - 1]) || units[start - 1] == 46 || units[start - 1] == 44) { continue }
            if end + 1 < units.count && (units[end] == 46 || units[end] == 44) && isDigit(units[end + 1]) { continue }
            guard end - start <= 15, let value = Int64(String(decoding: units[start..<end], as: UTF16.self)) else { continue }
            result.append((value, start..<end))
        }
        return result
    }
}
