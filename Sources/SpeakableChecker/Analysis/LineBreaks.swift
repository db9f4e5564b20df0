import SpeakableMessages

/// The line breaks a message prints, form by form: a message with plurals or selects prints the
/// text outside them with one case of each, so each combination is compared on its own (an
/// English `<plurals>` with two items of one break each prints one break, as does a Russian one
/// with four).
enum LineBreaks {
    /// One way the message can print, as far as its line breaks go.
    struct Form: Equatable {
        /// Line feeds printed.
        var count: Int
        /// Where the first of them is written (a UTF-16 offset of the message), nil without one.
        var firstBreak: Int?
        /// The innermost case the form goes through (`one`, `=0`, `female`), nil outside any.
        var caseName: String?
        /// Where that case's text starts (a UTF-16 offset of the message).
        var caseStart: Int?
    }

    /// Whether `body` has a plural, select or choice at its top level (its cases are then forms).
    static func hasCases(_ body: MessageBody) -> Bool {
        body.parts.contains { part in
            guard case .argument(let argument) = part else { return false }
            switch argument.kind {
            case .none, .simple: return false
            case .plural, .select, .choice: return true
            }
        }
    }

    /// Every line-break count the message can print, each with the first form (in the order the
    /// cases are written) that prints it. `text` is the message as written (`body`'s ranges are
    /// offsets in it).
    static func forms(_ body: MessageBody, text: String) -> [Form] {
        let units = Array(text.utf16)
        return forms(body, units: units)
    }

    private static func forms(_ body: MessageBody, units: [UInt16]) -> [Form] {
        var result = [Form(count: 0)]
        for part in body.parts {
            switch part {
            case .text(_, let range):
                let (count, first) = breaks(units, in: range)
                guard count > 0 else { continue }
                for i in result.indices {
                    result[i].count += count
                    if result[i].firstBreak == nil { result[i].firstBreak = first }
                }
            case .pound:
                continue
            case .argument(let argument):
                var cases: [(name: String, body: MessageBody)] = []
                switch argument.kind {
                case .none, .simple: continue
                case .plural(let plural): cases = plural.cases.map { ($0.selectorText, $0.message) }
                case .select(let select): cases = select.cases.map { ($0.key, $0.message) }
                case .choice(let choice): cases = choice.cases.map { ($0.limitText, $0.message) }
                }
                let caseForms = cases.map { forms($0.body, units: units) }
                var combined: [Form] = []
                for form in result {
                    for ((name, caseBody), innerForms) in zip(cases, caseForms) {
                        for inner in innerForms {
                            let merged = Form(count: form.count + inner.count, firstBreak: form.firstBreak ?? inner.firstBreak,
                                              caseName: inner.caseName ?? name, caseStart: inner.caseStart ?? caseBody.range.lowerBound)
                            if !combined.contains(where: { $0.count == merged.count }) { combined.append(merged) }
                        }
                    }
                }
                result = combined
            }
        }
        return result
    }

    /// The line breaks written in `range` of `units` (a message's UTF-16) and where the first is:
    /// line feeds (a line feed in literal text is printed; quoting keeps it) and HTML `<br>`,
    /// `<br/>`, `<br />` (a string the app shows as HTML breaks its lines there, and a line feed
    /// there is a space).
    static func breaks(_ units: [UInt16], in range: Range<Int>) -> (count: Int, first: Int?) {
        var count = 0
        var first: Int?
        var offset = range.lowerBound
        let end = min(range.upperBound, units.count)
        while offset < end {
            var length = 0
            if units[offset] == 0x0A {
                length = 1
            } else if units[offset] == 0x3C {  // <
                length = htmlBreakLength(units, at: offset, end: end)
            }
            if length > 0 {
                if first == nil { first = offset }
                count += 1
                offset += length
            } else {
                offset += 1
            }
        }
        return (count, first)
    }

    /// The length of `<br>`, `<br/>` or `<br />` (any case) at `offset`, else 0.
    static func htmlBreakLength(_ units: [UInt16], at offset: Int, end: Int) -> Int {
        guard offset + 3 < end, units[offset + 1] | 0x20 == 0x62, units[offset + 2] | 0x20 == 0x72 else { return 0 }  // b, r
        var k = offset + 3
        while k < end && units[k] == 0x20 { k += 1 }
        if k < end && units[k] == 0x2F { k += 1 }  // /
        return k < end && units[k] == 0x3E ? k + 1 - offset : 0
    }

    /// The HTML breaks (``htmlBreakLength(_:at:end:)``) in `text`; none without a `<`.
    static func htmlBreaks(_ text: String) -> Int {
        guard text.utf8.contains(0x3C) else { return 0 }
        let units = Array(text.utf16)
        var count = 0
        var offset = 0
        while offset < units.count {
            let length = units[offset] == 0x3C ? htmlBreakLength(units, at: offset, end: units.count) : 0
            if length > 0 { count += 1; offset += length } else { offset += 1 }
        }
        return count
    }

    /// `[1]` → "1"; `[0, 1, 2]` → "0, 1 or 2".
    static func describe(_ counts: [Int]) -> String {
        let sorted = counts.sorted().map(String.init)
        guard sorted.count > 1 else { return sorted.first ?? "0" }
        return sorted.dropLast().joined(separator: ", ") + " or " + sorted.last!
    }
}
