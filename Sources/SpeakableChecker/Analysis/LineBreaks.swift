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
                // A line feed written in literal text is printed (quoting keeps it).
                var count = 0
                var first: Int?
                for offset in range where offset < units.count && units[offset] == 0x0A {
                    if first == nil { first = offset }
                    count += 1
                }
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

    /// `[1]` → "1"; `[0, 1, 2]` → "0, 1 or 2".
    static func describe(_ counts: [Int]) -> String {
        let sorted = counts.sorted().map(String.init)
        guard sorted.count > 1 else { return sorted.first ?? "0" }
        return sorted.dropLast().joined(separator: ", ") + " or " + sorted.last!
    }
}
