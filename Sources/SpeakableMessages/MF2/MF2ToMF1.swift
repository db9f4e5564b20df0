/// Converting a MessageFormat 2 message to an ICU MessageFormat 1 pattern.
extension MF2Message {
    /// The most selectors ``convertedToMF1()`` nests: each becomes up to two levels of MF1
    /// nesting, and ``MessagePattern/maximumNesting`` bounds those.
    public static let maximumConvertedSelectors = MessagePattern.maximumNesting / 2 - 1

    /// Converts this message to MF1 pattern text with the same meaning, and notes what MF1 cannot
    /// say. The notes' ranges point into ``source``.
    ///
    /// ```swift
    /// let message = try MF2Message(".input {$n :number}\n.match $n\n0 {{none}}\none {{{$n} item}}\n* {{{$n} items}}")
    /// message.convertedToMF1().source   // "{n, plural, =0 {none} one {# item} other {# items}}"
    /// ```
    ///
    /// | MF2 | MF1 | kept? |
    /// |---|---|---|
    /// | text | text with `'` doubled, and runs holding `{`, `}` (and `#` directly in a plural case) between apostrophes | yes |
    /// | `.input` / `.local` | inlined: each variable is followed to the external input it reads and the functions applied on the way (options of `:number`, `:integer`, `:percent` and `:offset` merge, later ones winning) | yes |
    /// | `{$x}`, `{$x :string}` | `{x}` | yes |
    /// | `$arg.N` | `{N}` (a numbered argument) | yes |
    /// | a name MF1 cannot spell (`-`, `.`, `+`, other Pattern_Syntax) | the name with those characters replaced by `_` | note `name-changed` |
    /// | `{|text|}` | the text | yes; with a function, the literal is written as text unformatted (note `literal-operand`) |
    /// | `{$n :number}`, `:integer`, `:percent` | `{n, number}`, `{n, number, integer}`, `{n, number, percent}`, or `#` in a plural case on `$n` | yes |
    /// | the options of `:number`, `:integer`, `:percent`, `:currency` | an ICU number skeleton: `.00#`, `@@#`, `/w`, `integer-width/*00`, `sign-…`, `group-…`, `rounding-mode-…` (`rounding-mode-half-up` for a precision without `roundingMode`, MF2's default being half-expand and ICU's half-even), `currency/XXX`, `percent scale/100` | yes; `roundingIncrement`, `roundingPriority` and options set by a variable are dropped (note `option-not-kept`) |
    /// | `:currency` without `currency=` | `{n, number, currency}` (the locale's currency) | note `option-not-kept` |
    /// | `{$n :offset subtract=K}` | `#` directly in a plural case with `offset:K`, otherwise `{n, plural, offset:K other {#}}` | yes |
    /// | `:date`, `:time` with the options ``converting(_:)`` writes for MF1's styles | `{d, date[, short\|long\|full]}`, `{t, time[, short\|long\|full]}` | yes |
    /// | other `:date`, `:time`, `:datetime` options | a date skeleton (`{d, date, ::yMMMdjmm}`) | the nearest skeleton (note `date-skeleton`); `timeZone`, `calendar` are dropped (note `option-not-kept`) |
    /// | `:speakable:…` functions | the MF1 form they came from | yes |
    /// | any other function (`:test:…`, unknown) | `{x}` | note `function-not-kept` |
    /// | `u:id`, `u:locale`, `u:dir` options, attributes, markup | dropped | notes `option-not-kept`, `attribute-dropped`, `markup-dropped` |
    /// | `.match $n` on `:number`/`:integer` (`select=plural`, the default) | `{n, plural, …}` | yes |
    /// | `select=ordinal` | `{n, selectordinal, …}` | yes |
    /// | `select=exact` | `{n, plural, =N {…} other {…}}` (no keywords) | yes; keyword keys never match and are dropped (note `bad-variant-key`) |
    /// | a selector on `:offset` | a plural with `offset:K`; its exact keys `N` become `=N+K` | yes |
    /// | `.match $x` on `:string` | `{x, select, …}` | yes; a key MF1 cannot name (not an identifier, or `other`, which is MF1's catch-all) is dropped (note `key-not-selectable`) |
    /// | exact key `N` | `=N` | yes |
    /// | a keyword and the exact key in the same plural (`1` and `one`) | inside `=1`, a second plural on the same value chooses between the keyword variants and the rest | yes |
    /// | key `other` on a plural (the category, not `*`) | every other category gets its own case, so MF1's `other` case means the category `other` | yes |
    /// | `*` | `other` | yes |
    /// | several selectors | nested arguments, the first selector outermost; each case holds the variants that can still be chosen, so a variant's text repeats in every case leading to it | yes (note `nested-selection`) |
    /// | a selector on `:integer`, or on `:number` with formatting options | the plural on the value as given | MF2 chooses on the rounded or formatted value, MF1 on the value (notes `selector-rounded`, `selector-options-dropped`) — except that ICU chooses by the first `#` or `{n, …}` argument at the top of the `other` case: `{n, number, integer}` there makes it choose on the rounded number, as `:integer` does (note `integer-selection-lost` when the text does not start so) |
    /// | `{$n :integer}` directly in a plural on `$n` that is not `:integer` | `{n, number, ::precision-integer}` (the same output, and ICU does not choose the plural by it) | yes; another formatted `{n, …}` first in the `other` case is noted (`selection-format-changed`) |
    /// | any other selector function (`:percent`, `:date`, unknown), or none | the `*` variants only at that selector | note `selector-not-kept` |
    public func convertedToMF1() -> (source: String, notes: [MF2ConversionNote]) {
        var converter = MF2ToMF1Converter(message: self)
        return converter.convert()
    }
}

/// The work of ``MF2Message/convertedToMF1()``.
struct MF2ToMF1Converter {
    let message: MF2Message
    private(set) var notes: [MF2ConversionNote] = []
    private var noteKeys: Set<String> = []
    private var bindings: [String: MF2Expression] = [:]
    private var mf1Names: [String: String] = [:]
    private var usedMF1Names: Set<String> = []
    private var selectors: [Selector] = []
    /// Leaves, and UTF-16 units in them, that may still be written: bounds the output of a
    /// hostile cross product.
    private var budget = 1 << 15
    private var lengthBudget = MessagePattern.maximumLength
    private var exhausted = false

    init(message: MF2Message) {
        self.message = message
    }

    /// A variable followed back to the external input (or literal) it reads.
    struct Resolved {
        var root: String?
        var literal: String?
        /// The last function on the way that is not `:offset`, with merged options.
        var function: String?
        var options: [(name: String, value: MF2Operand, range: Range<Int>)] = []
        /// Subtracted by `:offset` on the way.
        var offset: Double = 0
        var range: Range<Int>
    }

    enum SelectorKind { case plural, ordinal, exact, string, unsupported }

    struct Selector {
        var kind: SelectorKind
        /// `:integer`: chooses on the number rounded to an integer.
        var onInteger = false
        var mf1Name: String
        var offset: Double
        var literal: String?
        var range: Range<Int>
    }

    /// A variant that can still be chosen, with how well it matched at each selector so far
    /// (0 exact key, 1 keyword or string key, 2 `*`).
    struct Candidate {
        var index: Int
        var ranks: [Int]
    }

    /// The MF1 plural a leaf's text sits directly in (where `#` is its value).
    struct PluralFrame {
        var mf1Name: String
        var offset: Double
        /// Whether the MF2 selector was `:integer` (see ``argument(_:_:range:plural:inPlural:)``).
        var onInteger = false

        func isPound(_ name: String, offset: Double) -> Bool { mf1Name == name && self.offset == offset }
    }

    mutating func note(_ id: String, _ text: String, _ range: Range<Int>) {
        guard noteKeys.insert("\(id)|\(range)|\(text)").inserted else { return }
        notes.append(MF2ConversionNote(id: id, message: text, range: range))
    }

    // MARK: Whole message

    mutating func convert() -> (source: String, notes: [MF2ConversionNote]) {
        for declaration in message.declarations where bindings[declaration.name] == nil {
            bindings[declaration.name] = declaration.value
        }
        var output: String
        switch message.body {
        case .pattern(let pattern):
            output = patternText(pattern, plural: nil, inPlural: false)
        case .select(let select):
            output = selection(select)
        }
        if output.utf16.count > MessagePattern.maximumLength {
            note("too-large", "the MF1 pattern would be longer than \(MessagePattern.maximumLength) UTF-16 units; only the catch-all variant was written", 0..<message.source.utf16.count)
            output = fallbackText()
        }
        do {
            _ = try MessagePattern(output)
        } catch {
            note("invalid-output", "the MF1 pattern written is not valid MF1 (\(error.first.message))", 0..<message.source.utf16.count)
        }
        return (output, notes)
    }

    private mutating func fallbackText() -> String {
        guard case .select(let select) = message.body else { return "" }
        let fallback = select.variants.first { variant in
            variant.keys.allSatisfy { if case .catchall = $0 { true } else { false } }
        }
        guard let fallback else { return "" }
        return patternText(fallback.pattern, plural: nil, inPlural: false)
    }

    // MARK: Selection

    private mutating func selection(_ select: MF2Select) -> String {
        guard select.selectors.count <= MF2Message.maximumConvertedSelectors else {
            note("too-many-selectors", "MF1 nests one argument per selector and accepts \(MessagePattern.maximumNesting) levels; this message has \(select.selectors.count) selectors, so only the catch-all variant was written", select.range)
            return fallbackText()
        }
        var resolvedSelectors: [Selector] = []
        for variable in select.selectors { resolvedSelectors.append(selector(variable)) }
        selectors = resolvedSelectors
        if selectors.count > 1 {
            let names = selectors.map(\.mf1Name).joined(separator: ", ")
            note("nested-selection", "MF1 has no multi-selector match: the \(selectors.count) selectors became nested arguments (\(names), outermost first), each case holding the variants still possible, so a variant's text may be repeated", select.range)
        }
        var candidates: [Candidate] = []
        for (index, variant) in select.variants.enumerated() {
            guard variant.keys.count == selectors.count else {
                note("variant-key-mismatch", "this variant has \(variant.keys.count) keys for \(selectors.count) selectors and was dropped", variant.range)
                continue
            }
            candidates.append(Candidate(index: index, ranks: []))
        }
        let result = build(candidates, at: 0, select: select, plural: nil, inPlural: false)
        if exhausted {
            note("too-large", "the nested MF1 arguments would repeat the variants more than \(1 << 15) times or grow past \(MessagePattern.maximumLength) UTF-16 units; only the catch-all variant was written", select.range)
            return fallbackText()
        }
        return result
    }

    private mutating func selector(_ variable: MF2Variable) -> Selector {
        let resolved = resolve(variable, extra: nil)
        let name = resolved.root.map { mf1Name($0, range: variable.range) } ?? "_"
        var kind: SelectorKind
        switch resolved.function {
        case "number", "integer":
            let select = resolved.options.last { $0.name == "select" }
            switch select?.value {
            case nil: kind = .plural
            case .literal(let literal) where literal.value == "plural": kind = .plural
            case .literal(let literal) where literal.value == "ordinal": kind = .ordinal
            case .literal(let literal) where literal.value == "exact": kind = .exact
            default:
                note("selector-not-kept", "the select option of '$\(variable.name)' is not plural, ordinal or exact set by a literal, so it cannot select; only '*' variants are kept for it", variable.range)
                kind = .unsupported
            }
            if kind != .unsupported {
                let formatting = resolved.options.filter { $0.name != "select" && !$0.name.hasPrefix("u:") }
                if resolved.function == "integer" {
                    note("selector-rounded", "MF1 selects on the value as given, :integer on its integer part (1.5 selects like 1 in MF2, not in MF1)", variable.range)
                } else if !formatting.isEmpty {
                    note("selector-options-dropped", "MF1 selects on the value as given; the options \(formatting.map(\.name).joined(separator: ", ")) of '$\(variable.name)', which MF2 applies before choosing a category, do not change MF1's choice", variable.range)
                }
            }
        case "string":
            kind = .string
        case nil where resolved.offset != 0:
            kind = .plural
        default:
            let what = resolved.function.map { "the function :\($0)" } ?? "no function"
            note("selector-not-kept", "MF1 cannot select on '$\(variable.name)' with \(what); only '*' variants are kept for it", variable.range)
            kind = .unsupported
        }
        if resolved.literal != nil, kind != .string {
            note("selector-not-kept", "MF1 cannot select on the literal that '$\(variable.name)' holds; only '*' variants are kept for it", variable.range)
            kind = .unsupported
        }
        return Selector(kind: kind, onInteger: resolved.function == "integer", mf1Name: name, offset: resolved.offset,
                        literal: resolved.literal, range: variable.range)
    }

    private static func isCatchall(_ key: MF2Key) -> Bool {
        if case .catchall = key { true } else { false }
    }

    private static func keyText(_ key: MF2Key) -> String? {
        if case .literal(let literal) = key { literal.value } else { nil }
    }

    /// `number-literal = ["-"] (%x30 / (%x31-39 *DIGIT)) ["." 1*DIGIT] [%i"e" ["-" / "+"] 1*DIGIT]`.
    static func isNumberLiteral(_ text: String) -> Bool {
        var scalars = Array(text.unicodeScalars)[...]
        func digits() -> Int {
            var count = 0
            while let first = scalars.first, ("0"..."9").contains(first) { scalars.removeFirst(); count += 1 }
            return count
        }
        if scalars.first == "-" { scalars.removeFirst() }
        if scalars.first == "0" { scalars.removeFirst() } else if digits() == 0 { return false }
        if scalars.first == "." { scalars.removeFirst(); if digits() == 0 { return false } }
        if scalars.first == "e" || scalars.first == "E" {
            scalars.removeFirst()
            if scalars.first == "-" || scalars.first == "+" { scalars.removeFirst() }
            if digits() == 0 { return false }
        }
        return scalars.isEmpty
    }

    /// Keeps the candidates that can still win: every candidate ranked after the best one that
    /// is sure to match (all its remaining keys are `*`) can never be chosen.
    private func pruned(_ candidates: [Candidate], at position: Int, select: MF2Select) -> [Candidate] {
        func isSure(_ candidate: Candidate) -> Bool {
            select.variants[candidate.index].keys[position...].allSatisfy(Self.isCatchall)
        }
        guard let best = candidates.filter(isSure).min(by: { $0.ranks.lexicographicallyPrecedes($1.ranks) }) else {
            return candidates
        }
        return candidates.filter { candidate in
            candidate.index == best.index
                || (!isSure(candidate) && !best.ranks.lexicographicallyPrecedes(candidate.ranks))
        }
    }

    private mutating func build(_ all: [Candidate], at position: Int, select: MF2Select,
                                plural: PluralFrame?, inPlural: Bool) -> String {
        let candidates = pruned(all, at: position, select: select)
        guard !candidates.isEmpty else {
            note("missing-fallback", "no variant matches some values (there is no '*' variant for them); MF1 prints nothing there", select.range)
            return ""
        }
        if exhausted { return "" }
        let remainingStars = candidates.allSatisfy { select.variants[$0.index].keys[position...].allSatisfy(Self.isCatchall) }
        if position == selectors.count || remainingStars {
            budget -= 1
            if budget < 0 { exhausted = true; return "" }
            guard let best = candidates.min(by: { $0.ranks.lexicographicallyPrecedes($1.ranks) }) else { return "" }
            let text = patternText(select.variants[best.index].pattern, plural: plural, inPlural: inPlural)
            lengthBudget -= text.utf16.count
            if lengthBudget < 0 { exhausted = true; return "" }
            return text
        }
        let selector = selectors[position]
        let keys = candidates.map { select.variants[$0.index].keys[position] }
        func ranked(_ rank: Int, _ matching: (MF2Key) -> Bool) -> [Candidate] {
            zip(candidates, keys).compactMap { candidate, key in
                guard matching(key) else { return nil }
                var next = candidate
                next.ranks.append(Self.isCatchall(key) ? 2 : rank)
                return next
            }
        }
        if keys.allSatisfy(Self.isCatchall) {
            return build(ranked(2, { _ in true }), at: position + 1, select: select, plural: plural, inPlural: inPlural)
        }
        switch selector.kind {
        case .unsupported:
            return build(ranked(2, Self.isCatchall), at: position + 1, select: select, plural: plural, inPlural: inPlural)
        case .string:
            return stringSelection(selector, keys: keys, candidates: candidates, ranked: ranked, position: position,
                                   select: select, plural: plural, inPlural: inPlural)
        case .plural, .ordinal, .exact:
            if let fused = fusedOffsetPlural(candidates, keys: keys, ranked: ranked, at: position, select: select) {
                return fused
            }
            let frame = PluralFrame(mf1Name: selector.mf1Name, offset: selector.offset, onInteger: selector.onInteger)
            let cases = pluralCases(selector, keys: keys, position: position, select: select, frame: frame, ranked: ranked)
            return pluralHead(selector, offset: selector.offset) + cases.joined(separator: " ") + "}"
        }
    }

    private func pluralHead(_ selector: Selector, offset: Double) -> String {
        "{\(selector.mf1Name), \(selector.kind == .ordinal ? "selectordinal" : "plural"), "
            + (offset != 0 ? "offset:\(Self.number(offset)) " : "")
    }

    /// `.match $n $n-offset` with only exact keys on `$n` (what ``MF2Message/converting(_:)``
    /// writes for an MF1 plural with an offset) is one MF1 plural again: the exact cases of `$n`
    /// first, then the cases of `$n-offset` (its exact keys `N` as `=N+K`) for the `*` variants.
    private mutating func fusedOffsetPlural(_ candidates: [Candidate], keys: [MF2Key],
                                            ranked: ((Int, (MF2Key) -> Bool) -> [Candidate]),
                                            at position: Int, select: MF2Select) -> String? {
        guard position + 1 < selectors.count else { return nil }
        let first = selectors[position], second = selectors[position + 1]
        guard first.kind == second.kind, first.kind == .plural || first.kind == .ordinal, first.offset == 0,
              second.offset != 0, first.mf1Name == second.mf1Name, first.literal == nil, second.literal == nil else { return nil }
        var exact: [String] = []
        for key in keys {
            guard let text = Self.keyText(key) else { continue }
            guard Self.isNumberLiteral(text) else { return nil }
            if !exact.contains(text) { exact.append(text) }
        }
        let values = Set(exact.compactMap { Double($0) })
        let rest = ranked(2, Self.isCatchall)
        for candidate in rest {
            if let text = Self.keyText(select.variants[candidate.index].keys[position + 1]), Self.isNumberLiteral(text),
               let value = Double(text), values.contains(value + second.offset) {
                return nil  // the same MF1 explicit value from both selectors
            }
        }
        let frame = PluralFrame(mf1Name: second.mf1Name, offset: second.offset, onInteger: second.onInteger)
        var cases: [String] = []
        for text in exact {
            let body = build(ranked(0, { Self.isCatchall($0) || Self.keyText($0) == text }), at: position + 1,
                             select: select, plural: frame, inPlural: true)
            cases.append("=\(Self.number(Double(text) ?? 0)) {\(body)}")
        }
        let live = pruned(rest, at: position + 1, select: select)
        let restKeys = live.map { select.variants[$0.index].keys[position + 1] }
        func restRanked(_ rank: Int, _ matching: (MF2Key) -> Bool) -> [Candidate] {
            zip(live, restKeys).compactMap { candidate, key in
                guard matching(key) else { return nil }
                var next = candidate
                next.ranks.append(Self.isCatchall(key) ? 2 : rank)
                return next
            }
        }
        cases += pluralCases(second, keys: restKeys, position: position + 1, select: select, frame: frame, ranked: restRanked)
        return pluralHead(second, offset: second.offset) + cases.joined(separator: " ") + "}"
    }

    private mutating func stringSelection(_ selector: Selector, keys: [MF2Key], candidates: [Candidate],
                                          ranked: ((Int, (MF2Key) -> Bool) -> [Candidate]), position: Int,
                                          select: MF2Select, plural: PluralFrame?, inPlural: Bool) -> String {
        if let literal = selector.literal {
            // A literal selector: choose statically.
            return build(ranked(1, { Self.isCatchall($0) || Self.keyText($0) == literal }), at: position + 1,
                         select: select, plural: plural, inPlural: inPlural)
        }
        var order: [String] = []
        for key in keys {
            guard let text = Self.keyText(key), !order.contains(text) else { continue }
            if text == "other" || !Self.isMF1Identifier(text) {
                let why = text == "other" ? "'other' is MF1's catch-all, so MF1 cannot select the string \"other\" alone"
                                          : "an MF1 select key must be an identifier"
                note("key-not-selectable", "the key '\(text)' of \(selector.mf1Name) was dropped: \(why)", key.range)
                continue
            }
            order.append(text)
        }
        var cases: [String] = []
        for text in order {
            let body = build(ranked(1, { Self.isCatchall($0) || Self.keyText($0) == text }), at: position + 1,
                             select: select, plural: plural, inPlural: false)
            cases.append("\(text) {\(body)}")
        }
        let other = build(ranked(2, Self.isCatchall), at: position + 1, select: select, plural: plural, inPlural: false)
        cases.append("other {\(other)}")
        return "{\(selector.mf1Name), select, \(cases.joined(separator: " "))}"
    }

    /// The cases of an MF1 plural for the selector at `position`.
    private mutating func pluralCases(_ selector: Selector, keys: [MF2Key], position: Int, select: MF2Select,
                                      frame: PluralFrame, ranked: ((Int, (MF2Key) -> Bool) -> [Candidate])) -> [String] {
        let categories = ["zero", "one", "two", "few", "many"]
        var exact: [String] = []
        var keywords: [String] = []
        for key in keys {
            guard let text = Self.keyText(key) else { continue }
            if Self.isNumberLiteral(text) {
                if !exact.contains(text) { exact.append(text) }
            } else if (categories + ["other"]).contains(text), selector.kind != .exact {
                if !keywords.contains(text) { keywords.append(text) }
            } else {
                note("bad-variant-key", "the key '\(text)' never matches \(selector.mf1Name) (\(selector.kind == .exact ? "select=exact compares numbers only" : "not a number or a plural category")); its variants were dropped", key.range)
            }
        }
        let head = pluralHead(selector, offset: selector.offset)
        let otherIsKeyword = keywords.contains("other")
        // The keyword cases: with a key `other` (the category), every category gets a case so that
        // MF1's `other` case means exactly the category.
        let keywordCases = otherIsKeyword ? categories : categories.filter { keywords.contains($0) }
        var cases: [String] = []
        for text in exact {
            let value = (Double(text) ?? 0) + selector.offset
            let exactMatch: (MF2Key) -> Bool = { Self.keyText($0) == text }
            // The value is fixed, its category is not: keyword variants stay in play unless an
            // exact or `*` variant sure to match beats them.
            let fixed = ranked(0, { Self.isCatchall($0) || exactMatch($0) })
            let keyworded = ranked(1, { key in Self.keyText(key).map { keywords.contains($0) } ?? false })
            let live = pruned((fixed + keyworded).sorted { $0.index < $1.index }, at: position + 1, select: select)
            let keywordedIndices = Set(keyworded.map(\.index))
            let body: String
            if !live.contains(where: { keywordedIndices.contains($0.index) }) {
                body = build(live, at: position + 1, select: select, plural: frame, inPlural: true)
            } else {
                // A second plural on the same value chooses between the keyword variants and the
                // exact and `*` ones.
                func chosen(_ category: String) -> [Candidate] {
                    live.filter { candidate in
                        !keywordedIndices.contains(candidate.index)
                            || Self.keyText(select.variants[candidate.index].keys[position]) == category
                    }
                }
                var inner: [String] = []
                for category in keywordCases {
                    inner.append("\(category) {\(build(chosen(category), at: position + 1, select: select, plural: frame, inPlural: true))}")
                }
                inner.append("other {\(build(chosen(otherIsKeyword ? "other" : ""), at: position + 1, select: select, plural: frame, inPlural: true))}")
                body = head + inner.joined(separator: " ") + "}"
            }
            cases.append("=\(Self.number(value)) {\(body)}")
        }
        for category in keywordCases {
            let body = build(ranked(1, { Self.isCatchall($0) || Self.keyText($0) == category }), at: position + 1,
                             select: select, plural: frame, inPlural: true)
            cases.append("\(category) {\(body)}")
        }
        let other = build(ranked(1, { Self.isCatchall($0) || (otherIsKeyword && Self.keyText($0) == "other") }),
                          at: position + 1, select: select, plural: frame, inPlural: true)
        checkSelectionFormat(selector, other: other, range: selector.range)
        cases.append("other {\(other)}")
        return cases
    }

    /// ICU chooses a plural's case by the number as formatted by the first `#` or argument with
    /// the plural's name at the top of its `other` case. Notes where the text written makes ICU
    /// choose otherwise than the MF2 selector: on the number rounded by `{n, number, integer}`
    /// (or formatted by another style) where MF2 chooses on the number, or the other way round.
    private mutating func checkSelectionFormat(_ selector: Selector, other: String, range: Range<Int>) {
        guard other.utf16.count < 1 << 16, !exhausted,
              let pattern = try? MessagePattern("{\(selector.mf1Name), plural, other {\(other)}}"),
              case .argument(let argument)? = pattern.body.parts.first,
              case .plural(let plural) = argument.kind, let otherCase = plural.otherCase else { return }
        var first: ArgumentStyle?
        scan: for part in otherCase.message.parts {
            switch part {
            case .text: continue
            case .pound: break scan
            case .argument(let inner):
                guard inner.name == selector.mf1Name else { continue }
                switch inner.kind {
                case .none: break scan
                case .simple(let simple): first = simple.style; break scan
                case .plural, .select, .choice: continue
                }
            }
        }
        let plain: Bool = switch first {
        case nil, .number(.default)?, .numberSkeleton?: true
        default: false
        }
        if selector.onInteger && first != .number(.integer) {
            note("integer-selection-lost", "MF1 chooses by the number rounded to an integer only when the 'other' case starts with {\(selector.mf1Name), number, integer}, which this text does not; a fraction chooses by its own category here", range)
        } else if !selector.onInteger && !plain {
            note("selection-format-changed", "the 'other' case of this MF1 plural starts with a formatted {\(selector.mf1Name), …}, by which ICU then chooses the case (MF2 chooses by the number)", range)
        }
    }

    /// A number as MF1 writes it: integers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    // MARK: Variables

    /// Follows `variable` through the declarations; `extra` is the placeholder's own function.
    private mutating func resolve(_ variable: MF2Variable, extra: MF2Function?) -> Resolved {
        var chain: [MF2Function] = []
        if let extra { chain.append(extra) }
        var current = variable.name
        var seen: Set<String> = []
        var result = Resolved(range: variable.range)
        resolving: while true {
            guard let expression = bindings[current], seen.insert(current).inserted else {
                result.root = current
                break
            }
            if let function = expression.function { chain.append(function) }
            for attribute in expression.attributes {
                note("attribute-dropped", "MF1 has no attributes; @\(attribute.name) was dropped", attribute.nameRange)
            }
            switch expression.operand {
            case .variable(let next)?:
                if next.name == current {
                    // `.input {$x …}`: the external value.
                    result.root = current
                    break resolving
                }
                current = next.name
            case .literal(let literal)?:
                result.literal = literal.value
                break resolving
            case nil:
                result.literal = ""
                break resolving
            }
        }
        // Apply the functions from the input outwards.
        let numeric: Set<String> = ["number", "integer", "percent", "offset", "currency"]
        for function in chain.reversed() {
            if function.name == "offset" {
                var amount = 0.0
                for option in function.options {
                    guard case .literal(let literal) = option.value, let value = Double(literal.value) else { continue }
                    if option.name == "subtract" { amount += value } else if option.name == "add" { amount -= value }
                }
                result.offset += amount
                continue
            }
            if function.name == MF2Message.speakableNamespace + ":offset" {
                for option in function.options where option.name == "subtract" {
                    if case .literal(let literal) = option.value, let value = Double(literal.value) { result.offset += value }
                }
                continue
            }
            let keepOptions = result.function.map { numeric.contains($0) } ?? false
            if !(keepOptions && numeric.contains(function.name)) { result.options = [] }
            if function.name == "integer" {
                result.options.removeAll { ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits"].contains($0.name) }
            }
            result.function = function.name
            for option in function.options {
                result.options.removeAll { $0.name == option.name }
                result.options.append((option.name, option.value, option.nameRange))
            }
        }
        return result
    }

    /// The MF1 argument name for an MF2 variable.
    private mutating func mf1Name(_ name: String, range: Range<Int>) -> String {
        if let known = mf1Names[name] { return known }
        var result: String
        if name.hasPrefix("arg."), let number = Int(name.dropFirst(4)), number >= 0, String(number) == name.dropFirst(4) {
            result = String(number)
        } else if Self.isMF1Identifier(name), !(name.first?.isASCII == true && name.first?.isNumber == true) {
            result = name
        } else {
            var scalars = String.UnicodeScalarView()
            for scalar in name.unicodeScalars {
                let fits = String(scalar).utf16.allSatisfy { !PatternCharacters.endsIdentifier($0) }
                scalars.append(fits ? scalar : "_")
            }
            result = String(scalars)
            if result.isEmpty { result = "_" }
            let base = result
            var counter = 2
            while usedMF1Names.contains(result) { result = "\(base)_\(counter)"; counter += 1 }
            note("name-changed", "'$\(name)' has characters an MF1 argument name cannot have; it is '\(result)' in MF1", range)
        }
        usedMF1Names.insert(result)
        mf1Names[name] = result
        return result
    }

    /// A name ICU's MessagePattern reads whole (no white space or pattern syntax), as an
    /// argument name or a select key.
    static func isMF1Identifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf16.allSatisfy { !PatternCharacters.endsIdentifier($0) }
    }

    // MARK: Patterns

    private mutating func patternText(_ pattern: MF2Pattern, plural: PluralFrame?, inPlural: Bool) -> String {
        var out = ""
        for part in pattern.parts {
            switch part {
            case .text(let text, _):
                out += Self.quoted(text, inPlural: inPlural)
            case .markup(let markup):
                note("markup-dropped", "MF1 has no markup; {\(markup.kind == .close ? "/" : "#")\(markup.name)\(markup.kind == .standalone ? "/" : "")} was dropped", markup.range)
            case .expression(let expression):
                out += placeholder(expression, plural: plural, inPlural: inPlural)
            }
        }
        return out
    }

    /// MF1 text: `'` doubled; every run of characters MF1 reads as syntax (`{`, `}`, and `#`
    /// directly in a plural case), with the apostrophes that follow it, between apostrophes.
    static func quoted(_ text: String, inPlural: Bool) -> String {
        var out = ""
        var inQuote = false
        for scalar in text.unicodeScalars {
            let special = scalar == "{" || scalar == "}" || (inPlural && scalar == "#")
            if special {
                if !inQuote { out += "'"; inQuote = true }
                out.unicodeScalars.append(scalar)
            } else if scalar == "'" {
                out += "''"
            } else {
                if inQuote { out += "'"; inQuote = false }
                out.unicodeScalars.append(scalar)
            }
        }
        if inQuote { out += "'" }
        return out
    }

    private mutating func placeholder(_ expression: MF2Expression, plural: PluralFrame?, inPlural: Bool) -> String {
        for attribute in expression.attributes {
            note("attribute-dropped", "MF1 has no attributes; @\(attribute.name) was dropped", attribute.nameRange)
        }
        switch expression.operand {
        case nil:
            let name = expression.function?.name ?? ""
            note("function-not-kept", "MF1 has no expression without an operand; {:\(name)} was dropped", expression.range)
            return ""
        case .literal(let literal)?:
            if let function = expression.function, function.name != "string" {
                note("literal-operand", "MF1 formats arguments only, so the literal '\(literal.value)' is written as text without :\(function.name)", expression.range)
            }
            return Self.quoted(literal.value, inPlural: inPlural)
        case .variable(let variable)?:
            let resolved = resolve(variable, extra: expression.function)
            if let literal = resolved.literal {
                if let function = resolved.function, function != "string" {
                    note("literal-operand", "MF1 formats arguments only, so the literal '\(literal)' is written as text without :\(function)", expression.range)
                }
                return Self.quoted(literal, inPlural: inPlural)
            }
            let name = mf1Name(resolved.root ?? variable.name, range: variable.range)
            return argument(name, resolved, range: expression.range, plural: plural, inPlural: inPlural)
        }
    }

    private mutating func argument(_ name: String, _ resolved: Resolved, range: Range<Int>,
                                   plural: PluralFrame?, inPlural: Bool) -> String {
        var options = resolved.options.filter { option in
            if option.name.hasPrefix("u:") {
                note("option-not-kept", "MF1 has no \(option.name) option; it was dropped", option.range)
                return false
            }
            return true
        }
        let function = resolved.function
        let formatting = options.filter { $0.name != "select" }
        if resolved.offset != 0 {
            // Only `#` prints a value minus an offset: the locale's decimal format.
            if !formatting.isEmpty || !(function == nil || function == "number" || function == "integer") {
                note("option-not-kept", "MF1 prints a value minus an offset only as '#', in the locale's decimal format; the formatting options were dropped", range)
            }
            if inPlural, plural?.isPound(name, offset: resolved.offset) == true { return "#" }
            return "{\(name), plural, offset:\(Self.number(resolved.offset)) other {#}}"
        }
        if function == "number", formatting.isEmpty, inPlural, plural?.isPound(name, offset: 0) == true {
            return "#"
        }
        options.removeAll { $0.name == "select" && ["number", "integer"].contains(function ?? "") }
        switch function {
        case nil, "string"?:
            return "{\(name)}"
        case "number"?:
            return options.isEmpty ? "{\(name), number}" : "{\(name), number, ::\(skeleton(options, stem: nil))}"
        case "integer"?:
            if options.isEmpty, inPlural, let plural, plural.mf1Name == name, !plural.onInteger {
                // ICU would choose this plural's case by the number formatted with the integer
                // style if this came first in its `other` case; the skeleton formats the same
                // and leaves the choice to the number as given, as MF2's selector has it.
                return "{\(name), number, ::precision-integer}"
            }
            return options.isEmpty ? "{\(name), number, integer}" : "{\(name), number, ::\(skeleton(options, stem: "precision-integer"))}"
        case "percent"?:
            return options.isEmpty ? "{\(name), number, percent}" : "{\(name), number, ::\(skeleton(options, stem: "percent scale/100"))}"
        case "currency"?:
            var code: String?
            if let index = options.firstIndex(where: { $0.name == "currency" }) {
                if case .literal(let literal) = options[index].value, literal.value.count == 3,
                   literal.value.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) }) {
                    code = literal.value.uppercased()
                }
                options.remove(at: index)
            }
            guard let code else {
                note("option-not-kept", "MF1 names a currency only in a skeleton; without a literal currency code this is the locale's currency", range)
                return "{\(name), number, currency}"
            }
            return "{\(name), number, ::\(skeleton(options, stem: "currency/\(code)"))}"
        case "date"?, "time"?, "datetime"?:
            return dateArgument(name, function ?? "date", options, range: range)
        default:
            break
        }
        if let function, function.hasPrefix(MF2Message.speakableNamespace + ":") {
            if let text = speakableArgument(name, String(function.dropFirst(MF2Message.speakableNamespace.count + 1)), options) {
                return text
            }
        }
        note("function-not-kept", "MF1 has no function :\(function ?? ""); the value is written as {\(name)}", range)
        return "{\(name)}"
    }

    private func literalOption(_ options: [(name: String, value: MF2Operand, range: Range<Int>)], _ name: String) -> String? {
        guard let option = options.last(where: { $0.name == name }), case .literal(let literal) = option.value else { return nil }
        return literal.value
    }

    private mutating func speakableArgument(_ name: String, _ function: String,
                                            _ options: [(name: String, value: MF2Operand, range: Range<Int>)]) -> String? {
        switch function {
        case "currency":
            return "{\(name), number, currency}"
        case "number":
            if let skeleton = literalOption(options, "skeleton") { return "{\(name), number, ::\(skeleton)}" }
            if let pattern = literalOption(options, "pattern") { return "{\(name), number,\(pattern)}" }
            return "{\(name), number}"
        case "date", "time":
            if let skeleton = literalOption(options, "skeleton") { return "{\(name), \(function), ::\(skeleton)}" }
            if let pattern = literalOption(options, "pattern") { return "{\(name), \(function),\(pattern)}" }
            return "{\(name), \(function)}"
        case "spellout", "ordinal", "duration":
            if let ruleSet = literalOption(options, "ruleset") { return "{\(name), \(function),\(ruleSet)}" }
            return "{\(name), \(function)}"
        case "choice":
            if let style = literalOption(options, "style") { return "{\(name), choice, \(style)}" }
            return nil
        default:
            return nil
        }
    }

    /// An ICU number skeleton for MF2 number options.
    private mutating func skeleton(_ options: [(name: String, value: MF2Operand, range: Range<Int>)], stem: String?) -> String {
        var tokens: [String] = stem.map { [$0] } ?? []
        var values: [String: String] = [:]
        for option in options {
            guard case .literal(let literal) = option.value else {
                note("option-not-kept", "MF1 skeletons are fixed text, so the option \(option.name) set by a variable was dropped", option.range)
                continue
            }
            values[option.name] = literal.value
        }
        func digits(_ key: String) -> Int? {
            guard let text = values[key], let value = Int(text), (0...99).contains(value) else { return nil }
            return value
        }
        var precision: String?
        if stem == "precision-integer" { precision = "precision-integer"; tokens.removeAll() }
        let minFraction = digits("minimumFractionDigits"), maxFraction = digits("maximumFractionDigits")
        let minSignificant = digits("minimumSignificantDigits"), maxSignificant = digits("maximumSignificantDigits")
        if minSignificant != nil || maxSignificant != nil {
            let low = max(minSignificant ?? 1, 1)
            let high = max(maxSignificant ?? max(low, 21), low)
            precision = String(repeating: "@", count: low) + String(repeating: "#", count: min(high - low, 99))
        } else if minFraction != nil || maxFraction != nil {
            let low = minFraction ?? 0
            let high = max(maxFraction ?? max(low, 3), low)
            precision = high == 0 ? "precision-integer" : "." + String(repeating: "0", count: low) + String(repeating: "#", count: high - low)
        }
        if values["trailingZeroDisplay"] == "stripIfInteger" {
            precision = (precision ?? ".###") + "/w"
        }
        if let precision { tokens.append(precision) }
        if let count = digits("minimumIntegerDigits"), count > 1 {
            tokens.append("integer-width/*" + String(repeating: "0", count: count))
        }
        let signs = ["auto": "sign-auto", "always": "sign-always", "exceptZero": "sign-except-zero",
                     "negative": "sign-negative", "never": "sign-never"]
        if let value = values["signDisplay"], let token = signs[value] { tokens.append(token) }
        let groups = ["auto": "group-auto", "always": "group-on-aligned", "never": "group-off", "min2": "group-min2"]
        if let value = values["useGrouping"], let token = groups[value] { tokens.append(token) }
        let modes = ["ceil": "rounding-mode-ceiling", "floor": "rounding-mode-floor", "expand": "rounding-mode-up",
                     "trunc": "rounding-mode-down", "halfCeil": "rounding-mode-half-ceiling",
                     "halfFloor": "rounding-mode-half-floor", "halfExpand": "rounding-mode-half-up",
                     "halfTrunc": "rounding-mode-half-down", "halfEven": "rounding-mode-half-even"]
        // ICU rounds half-even unless told otherwise; MF2 rounds half-expand unless told otherwise.
        if let value = values["roundingMode"], let token = modes[value] {
            if value != "halfEven" { tokens.append(token) }
        } else if precision != nil && stem != "precision-integer" {
            tokens.append("rounding-mode-half-up")
        }
        let known: Set<String> = ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
                                  "maximumSignificantDigits", "trailingZeroDisplay", "minimumIntegerDigits",
                                  "signDisplay", "useGrouping", "roundingMode", "select"]
        for option in options where !known.contains(option.name) || (values[option.name].map { value in
            switch option.name {
            case "signDisplay": signs[value] == nil
            case "useGrouping": groups[value] == nil
            case "roundingMode": modes[value] == nil
            case "trailingZeroDisplay": value != "stripIfInteger" && value != "auto"
            default: false
            }
        } ?? false) {
            note("option-not-kept", "the option \(option.name) has no MF1 skeleton form here and was dropped", option.range)
        }
        return tokens.isEmpty ? "" : tokens.joined(separator: " ")
    }

    private mutating func dateArgument(_ name: String, _ function: String,
                                       _ options: [(name: String, value: MF2Operand, range: Range<Int>)], range: Range<Int>) -> String {
        var values: [String: String] = [:]
        for option in options {
            switch (option.name, option.value) {
            case ("timeZone", _), ("calendar", _), (_, .variable):
                note("option-not-kept", "MF1 date formats take the zone and calendar of the message; the option \(option.name) was dropped", option.range)
            case (_, .literal(let literal)):
                values[option.name] = literal.value
            }
        }
        let keys = Set(values.keys)
        switch function {
        case "date":
            let length = values["length"] ?? "medium"
            let fields = values["fields"] ?? "year-month-day"
            if keys.isSubset(of: ["length", "fields"]) {
                switch (fields, length) {
                case ("year-month-day", "medium"): return "{\(name), date}"
                case ("year-month-day", "short"): return "{\(name), date, short}"
                case ("year-month-day", "long"): return "{\(name), date, long}"
                case ("year-month-day-weekday", "long"): return "{\(name), date, full}"
                default: break
                }
            }
            return dateSkeleton(name, Self.dateSkeleton(fields: fields, length: length), range: range)
        case "time":
            let precision = values["precision"] ?? "minute"
            let zone = values["timeZoneStyle"]
            if keys.isSubset(of: ["precision", "timeZoneStyle"]) {
                switch (precision, zone) {
                case ("second", nil): return "{\(name), time}"
                case ("minute", nil): return "{\(name), time, short}"
                case ("second", "short"?): return "{\(name), time, long}"
                case ("second", "long"?): return "{\(name), time, full}"
                default: break
                }
            }
            return dateSkeleton(name, Self.timeSkeleton(precision: precision, zone: zone, hour12: values["hour12"]), range: range)
        default:
            let date = Self.dateSkeleton(fields: values["dateFields"] ?? "year-month-day", length: values["dateLength"] ?? "medium")
            let time = Self.timeSkeleton(precision: values["timePrecision"] ?? "minute", zone: values["timeZoneStyle"],
                                         hour12: values["hour12"])
            return dateSkeleton(name, date + time, range: range)
        }
    }

    private mutating func dateSkeleton(_ name: String, _ skeleton: String, range: Range<Int>) -> String {
        note("date-skeleton", "MF1 has no such date style; the nearest ICU skeleton ::\(skeleton) is used", range)
        return "{\(name), date, ::\(skeleton)}"
    }

    /// The ICU skeleton of an MF2 date's `fields` and `length` (the formatter's too).
    static func dateSkeleton(fields: String, length: String) -> String {
        let month = switch length { case "short": "M"; case "long": "MMMM"; default: "MMM" }
        let weekday = length == "long" ? "EEEE" : "EEE"
        switch fields {
        case "weekday": return weekday
        case "day-weekday": return "d" + weekday
        case "month-day": return month + "d"
        case "month-day-weekday": return month + "d" + weekday
        case "year-month-day-weekday": return "y" + month + "d" + weekday
        default: return "y" + month + "d"
        }
    }

    static func timeSkeleton(precision: String, zone: String?, hour12: String?) -> String {
        let hour = switch hour12 { case "true": "h"; case "false": "H"; default: "j" }
        var skeleton = switch precision { case "hour": hour; case "second": hour + "mmss"; default: hour + "mm" }
        switch zone {
        case "short": skeleton += "z"
        case "long": skeleton += "zzzz"
        default: break
        }
        return skeleton
    }
}
