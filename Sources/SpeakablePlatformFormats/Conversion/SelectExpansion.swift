public import SpeakableMessages

/// `select` exists in neither String Catalogs nor Android resources, so a message with selects
/// becomes one catalog key per combination of cases.
///
/// **Key naming.** The key of a combination is the message key followed, for each select
/// argument in order of first appearance, by `__<argument>_<case>`:
///
/// ```swift
/// let pattern = try MessagePattern("Row {row}, {content, select, empty {empty} given {given {digit}} other {{digit}}}")
/// SelectExpansion.arguments(of: pattern.body)            // [("content", ["empty", "given", "other"])]
/// SelectExpansion.combinations(of: pattern.body).map { SelectExpansion.key("sudoku.cell.label", $0) }
/// // ["sudoku.cell.label__content_empty", "sudoku.cell.label__content_given", "sudoku.cell.label__content_other"]
/// ```
///
/// The double underscore keeps the names apart from ordinary dotted keys; case names are kept as
/// written when they are letters, digits and `_`, and other characters become `_` (a collision
/// is an error the renderer reports). `other` is a key like any case: at run time, a value that
/// matches no case is looked up under `…_other`, as ICU would choose `other`.
public enum SelectExpansion {
    /// Combinations above this count are an error (`catalog-too-many-cases`), not 10,000 keys.
    public static let maximumCombinations = 64

    /// Select arguments in order of first appearance, each with the union of its case names (in
    /// order, `other` included).
    public static func arguments(of body: MessageBody) -> [(name: String, cases: [String])] {
        var names: [String] = []
        var cases: [String: [String]] = [:]
        func walk(_ body: MessageBody) {
            for part in body.parts {
                guard case .argument(let argument) = part else { continue }
                switch argument.kind {
                case .select(let select):
                    if cases[argument.name] == nil { names.append(argument.name) }
                    for item in select.cases where !(cases[argument.name] ?? []).contains(item.key) {
                        cases[argument.name, default: []].append(item.key)
                    }
                    select.cases.forEach { walk($0.message) }
                case .plural(let plural): plural.cases.forEach { walk($0.message) }
                case .choice(let choice): choice.cases.forEach { walk($0.message) }
                case .none, .simple: break
                }
            }
        }
        walk(body)
        return names.map { ($0, cases[$0] ?? []) }
    }

    /// How many combinations ``combinations(of:)`` would build — counted without building them
    /// (26 two-case selects are 67 million), saturating at `Int.max`.
    public static func combinationCount(of body: MessageBody) -> Int {
        var count = 1
        for argument in arguments(of: body) {
            let (product, overflow) = count.multipliedReportingOverflow(by: max(1, argument.cases.count))
            if overflow { return Int.max }
            count = product
        }
        return count
    }

    /// Every combination of cases, first argument varying slowest; `[[]]` for a message without
    /// selects. Check ``combinationCount(of:)`` first: this builds them all.
    public static func combinations(of body: MessageBody) -> [[Choice]] {
        var result: [[Choice]] = [[]]
        for argument in arguments(of: body) {
            result = result.flatMap { prefix in argument.cases.map { prefix + [Choice(argument: argument.name, value: $0)] } }
        }
        return result
    }

    public struct Choice: Hashable, Sendable {
        public var argument: String
        public var value: String

        public init(argument: String, value: String) {
            self.argument = argument
            self.value = value
        }
    }

    /// The catalog key of a combination.
    public static func key(_ base: String, _ choices: [Choice]) -> String {
        base + choices.map { "__" + sanitize($0.argument) + "_" + sanitize($0.value) }.joined()
    }

    /// `text` with every character but ASCII letters, digits and `_` replaced by `_`.
    public static func sanitize(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }) {
            return text
        }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || scalar == "_" ? scalar : "_"
        }))
    }

    /// The body with every select on a chosen argument replaced by the chosen case (or `other`,
    /// when that select has no such case — what ICU would pick). Selects on arguments not in
    /// `choices` stay.
    public static func prune(_ body: MessageBody, choosing choices: [Choice]) -> MessageBody {
        // Most bodies (and most cases inside) hold none of the chosen selects: kept as they are.
        guard !choices.isEmpty, holdsSelect(body, choices) else { return body }
        return pruned(body, choices)
    }

    /// The value chosen for `argument` (the last choice of it).
    static func chosen(_ argument: String, in choices: [Choice]) -> String? {
        choices.last { $0.argument == argument }?.value
    }

    /// `body` with the chosen selects replaced by their case; cases that hold none are kept.
    static func pruned(_ body: MessageBody, _ choices: [Choice]) -> MessageBody {
        func inner(_ body: MessageBody) -> MessageBody { holdsSelect(body, choices) ? pruned(body, choices) : body }
        var parts: [MessagePart] = []
        // Room for a chosen case's few parts too: the array is made once.
        parts.reserveCapacity(body.parts.count + 4)
        for part in body.parts {
            guard case .argument(var argument) = part else {
                parts.append(part)
                continue
            }
            switch argument.kind {
            case .select(var select):
                if let value = chosen(argument.name, in: choices) {
                    let item = select.cases.first { $0.key == value } ?? select.cases.first { $0.key == "other" }
                    if let item { for chosen in inner(item.message).parts { parts.append(chosen) } }
                    continue
                }
                for i in select.cases.indices { select.cases[i].message = inner(select.cases[i].message) }
                argument.kind = .select(select)
            case .plural(var plural):
                for i in plural.cases.indices { plural.cases[i].message = inner(plural.cases[i].message) }
                argument.kind = .plural(plural)
            case .choice(var choice):
                for i in choice.cases.indices { choice.cases[i].message = inner(choice.cases[i].message) }
                argument.kind = .choice(choice)
            case .none, .simple:
                break
            }
            parts.append(.argument(argument))
        }
        return MessageBody(parts: parts, range: body.range)
    }

    /// Whether `body` has, at any depth, a select on an argument of `choices`.
    static func holdsSelect(_ body: MessageBody, _ choices: [Choice]) -> Bool {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            switch argument.kind {
            case .select(let select):
                if chosen(argument.name, in: choices) != nil { return true }
                for item in select.cases where holdsSelect(item.message, choices) { return true }
            case .plural(let plural):
                for item in plural.cases where holdsSelect(item.message, choices) { return true }
            case .choice(let choice):
                for item in choice.cases where holdsSelect(item.message, choices) { return true }
            case .none, .simple:
                break
            }
        }
        return false
    }
}

/// Writes literal text as ICU MessageFormat text, quoting only what must be quoted.
///
/// ```swift
/// ICUText.escape("Don't {panic}")                 // "Don't '{'panic'}'"
/// ICUText.escape("# of stars", inPlural: true)     // "'#' of stars"
/// ICUText.escape("Players'")                      // "Players''" — an apostrophe before what follows ({…} or #)
/// ICUText.escape("'{x}' ")                        // "'''{'x'}''' ": quoted runs take the apostrophes next to them
/// ```
///
/// ICU reads an apostrophe as the start of quoted text only before `{`, `}`, `'` and, in a
/// plural case, `#`; inside quoted text `''` is an apostrophe and a single `'` ends it. So a
/// run of `{`, `}` (and `#`) is quoted together with the apostrophes right after it (doubled
/// inside the quotes: a single one there would end the quoted text early, or join the closing
/// quote); an apostrophe elsewhere is doubled where it comes before `'`, `{`, `}`, `#` or `|`,
/// and at the end of the text when syntax follows it (an argument, or the `}` that closes a
/// plural case).
public enum ICUText {
    /// `followedBySyntax`: the text will be followed by `{`, `}` or `#` (an argument, a number,
    /// the end of a case), so a final apostrophe must be doubled. Inside a plural case the case's
    /// closing `}` always follows.
    public static func escape(_ text: String, inPlural: Bool = false, followedBySyntax: Bool = true) -> String {
        let scalars = Array(text.unicodeScalars)
        func isSpecial(_ s: Unicode.Scalar) -> Bool { s == "{" || s == "}" || (inPlural && s == "#") }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if isSpecial(s) {
                out.append("'")
                while i < scalars.count, isSpecial(scalars[i]) || scalars[i] == "'" {
                    if scalars[i] == "'" { out.append("'") }
                    out.append(scalars[i])
                    i += 1
                }
                out.append("'")
                continue
            }
            if s == "'" {
                let next: Unicode.Scalar? = i + 1 < scalars.count ? scalars[i + 1] : nil
                let doubled = next.map { $0 == "'" || isSpecial($0) || $0 == "|" } ?? (followedBySyntax || inPlural)
                out.append(contentsOf: doubled ? ["'", "'"] : ["'"])
                i += 1
                continue
            }
            out.append(s)
            i += 1
        }
        return String(out)
    }
}
