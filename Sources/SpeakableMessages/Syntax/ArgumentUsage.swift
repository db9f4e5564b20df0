/// How a message uses one of its arguments — what exporters (typed accessors, printf
/// specifiers) and the checker (placeholder types, select cases) need to know.
///
/// ```swift
/// let pattern = try MessagePattern("{n, plural, one {# star} other {# stars}} in {mode, select, classic {Classic} other {Journey}}")
/// pattern.argumentUsages["n"]?.kind      // .plural
/// pattern.argumentUsages["mode"]?.kind   // .select(cases: ["classic", "other"])
/// ```
public struct ArgumentUsage: Hashable, Sendable {
    /// What kind of value an argument takes, from what the message does with it.
    public enum Kind: Hashable, Sendable {
        /// Only `{name}`: any value, shown as text (strings) or in the default format.
        case untyped
        /// `number`, `spellout`, `ordinal`, `duration`, `choice`: a number.
        case number
        /// `plural` (with or without `number` uses too): a number chosen on by plural rules.
        case plural
        /// `selectordinal`: a number chosen on by ordinal rules.
        case ordinal
        /// `select`: a string; the cases written, in order, `other` included.
        case select(cases: [String])
        /// `date` or `time`.
        case date
        /// Used in ways that need different types (e.g. `select` and `number`): formatting fails
        /// for every value of one of them.
        case conflicting([Kind])

        /// A short name for messages: "number", "select", "date"…
        public var name: String {
            switch self {
            case .untyped: "text"
            case .number: "number"
            case .plural: "plural"
            case .ordinal: "selectordinal"
            case .select: "select"
            case .date: "date"
            case .conflicting(let kinds): kinds.map(\.name).joined(separator: " and ")
            }
        }

        /// Whether the argument takes a number.
        public var isNumeric: Bool {
            switch self {
            case .number, .plural, .ordinal: true
            default: false
            }
        }
    }

    public let name: String
    public let kind: Kind
    /// Every `{…}` of this argument, in source order (UTF-16 ranges).
    public let ranges: [Range<Int>]
}

extension MessagePattern {
    /// Every argument, by name, with the kind its uses imply.
    public var argumentUsages: [String: ArgumentUsage] {
        // Messages have a handful of arguments: collected in order, then one dictionary.
        var uses: [(name: String, kinds: [ArgumentUsage.Kind], ranges: [Range<Int>])] = []
        forEachArgument { argument in
            let kind = Self.usageKind(of: argument)
            if let i = uses.firstIndex(where: { $0.name == argument.name }) {
                uses[i].kinds.append(kind)
                uses[i].ranges.append(argument.range)
            } else {
                uses.append((argument.name, [kind], [argument.range]))
            }
        }
        guard !uses.isEmpty else { return [:] }
        var result: [String: ArgumentUsage] = Dictionary(minimumCapacity: uses.count)
        for use in uses {
            result[use.name] = ArgumentUsage(name: use.name, kind: Self.combine(use.kinds), ranges: use.ranges)
        }
        return result
    }

    /// Each argument's name and the kind its uses imply (``argumentUsages`` without the ranges),
    /// sorted by name: two messages with equal lists use their arguments alike.
    public var argumentKinds: [(name: String, kind: ArgumentUsage.Kind)] {
        var uses: [(name: String, kinds: [ArgumentUsage.Kind])] = []
        forEachArgument { argument in
            let kind = Self.usageKind(of: argument)
            if let i = uses.firstIndex(where: { $0.name == argument.name }) {
                uses[i].kinds.append(kind)
            } else {
                uses.append((argument.name, [kind]))
            }
        }
        if uses.count > 1 { uses.sort { $0.name < $1.name } }
        return uses.map { ($0.name, Self.combine($0.kinds)) }
    }

    /// The kind one use of an argument implies.
    static func usageKind(of argument: ArgumentNode) -> ArgumentUsage.Kind {
        switch argument.kind {
        case .none: .untyped
        case .simple(let simple):
            switch simple.type {
            case .date, .time: .date
            case .number, .spellout, .ordinal, .duration: .number
            }
        case .plural(let plural): plural.isOrdinal ? .ordinal : .plural
        case .select(let select): .select(cases: select.cases.map(\.key))
        case .choice: .number
        }
    }

    /// One kind for all the uses of an argument. Untyped uses fit anything; numbers and plurals
    /// combine to plural; selects merge their cases.
    static func combine(_ uses: [ArgumentUsage.Kind]) -> ArgumentUsage.Kind {
        var result: ArgumentUsage.Kind = .untyped
        var conflicts: [ArgumentUsage.Kind] = []
        for use in uses {
            switch (result, use) {
            case (_, .untyped):
                continue
            case (.untyped, _):
                result = use
            case (.number, .plural), (.plural, .number), (.plural, .plural):
                result = .plural
            case (.number, .ordinal), (.ordinal, .number), (.ordinal, .ordinal):
                result = .ordinal
            case (.number, .number), (.date, .date):
                continue
            case (.select(let a), .select(let b)):
                result = .select(cases: a + b.filter { !a.contains($0) })
            default:
                if conflicts.isEmpty { conflicts.append(result) }
                if !conflicts.contains(use) { conflicts.append(use) }
            }
        }
        return conflicts.isEmpty ? result : .conflicting(conflicts)
    }
}
