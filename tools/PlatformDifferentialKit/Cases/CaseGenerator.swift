import SpeakableCatalog
import SpeakableEscaping
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// One call to check: a message of a table in a locale with one argument set.
struct DifferentialCase: Sendable {
    var id: Int
    var table: String
    var key: String
    var locale: String
    var arguments: [String: MessageArgument]
    /// Where the argument set comes from: `example 1`, `select content=given`, `sweep stars=21`.
    var origin: String
}

/// The argument sets of a message: its examples, every select case, and sweeps of every integer
/// argument over the numbers where plural categories and digit grouping change.
enum CaseGenerator {
    /// Plural categories change at 0, 1, 2, 3, 5, 11, 21, 101 in one language or another; 1000
    /// and 9180 need grouping.
    static let sweep: [Int64] = [0, 1, 2, 3, 5, 11, 21, 101, 1000, 9180]
    /// Fractions for every argument the examples pass a `Double` (grouping, the decimal
    /// separator, rounding, the minus sign, a whole number as a `Double`).
    static let doubleSweep: [Double] = [0.5, 1.25, 1_234_567.891, -3.5, 0, 100]
    /// Two plurals in one message: their cross product over these.
    static let crossSweep: [Int64] = [0, 1, 2, 5]
    /// Open text in Korean, to hear particles after a value only known at run time: one word
    /// ending in a consonant, one in a vowel, one in ㄹ.
    static let koreanWords = ["정사각형", "막대", "가로 3칸 세로 2칸 직사각형"]
    static let defaultDate: ICUDate = 1_756_200_600_000  // 2025-08-26T09:30:00Z

    /// The sets for `message` (parsed as `pattern`, the template's) in `locale`.
    static func argumentSets(for message: TemplateMessage, pattern: MessagePattern, locale: String,
                             quick: Bool = false) -> [(origin: String, arguments: [String: MessageArgument])] {
        let usages = pattern.argumentUsages
        let names = pattern.argumentNames
        var sets: [(String, [String: MessageArgument])] = []
        var seen = Set<String>()
        func add(_ origin: String, _ arguments: [String: MessageArgument]) {
            let fingerprint = canonical(arguments)
            if seen.insert(fingerprint).inserted { sets.append((origin, arguments)) }
        }
        // The base: the first example, completed where it leaves an argument out.
        var base: [String: MessageArgument] = message.examples.first?.arguments ?? [:]
        for name in names where base[name] == nil {
            base[name] = synthesized(usages[name]?.kind ?? .untyped, name: name)
        }
        for (index, example) in message.examples.enumerated() {
            var arguments = base
            for (name, value) in example.arguments { arguments[name] = value }
            add("example \(index + 1)", arguments)
        }
        add("base", base)
        // Every combination of select cases (every case of each alone when there are too many).
        let selects = SelectExpansion.arguments(of: pattern.body)
        let combinations = SelectExpansion.combinations(of: pattern.body)
        if !selects.isEmpty {
            if combinations.count <= SelectExpansion.maximumCombinations {
                for choices in combinations {
                    var arguments = base
                    for choice in choices { arguments[choice.argument] = .string(choice.value) }
                    add("select " + choices.map { "\($0.argument)=\($0.value)" }.joined(separator: " "), arguments)
                }
            } else {
                for select in selects {
                    for value in select.cases {
                        var arguments = base
                        arguments[select.name] = .string(value)
                        add("select \(select.name)=\(value)", arguments)
                    }
                }
            }
        }
        // Integer sweeps, for each select combination's base too when the message is small.
        let integers = names.filter { name in
            switch usages[name]?.kind {
            case .plural?, .number?: if case .double? = base[name] { return false } else { return true }
            case .untyped?: if case .int? = base[name] { return true } else { return false }
            default: return false
            }
        }
        let selectBases: [[String: MessageArgument]] = {
            guard !selects.isEmpty, !quick, combinations.count <= 8 else { return [base] }
            return combinations.map { choices in
                var arguments = base
                for choice in choices { arguments[choice.argument] = .string(choice.value) }
                return arguments
            }
        }()
        for name in integers {
            for start in selectBases {
                for value in quick ? [0, 1, 2, 5, 9180] : sweep {
                    var arguments = start
                    arguments[name] = .int(value)
                    add("sweep \(name)=\(value)", arguments)
                }
            }
        }
        // Fraction sweeps: every number argument the examples pass a Double.
        let doubles = names.filter { name in
            switch usages[name]?.kind {
            case .plural?, .number?, .untyped?: if case .double? = base[name] { return true } else { return false }
            default: return false
            }
        }
        for name in doubles {
            for value in doubleSweep {
                var arguments = base
                arguments[name] = .double(value)
                add("sweep \(name)=\(JSONText.number(value))", arguments)
            }
        }
        let plurals = names.filter { if case .plural? = usages[$0]?.kind { true } else { false } }
        if plurals.count >= 2 {
            for (i, first) in plurals.enumerated() {
                for second in plurals[(i + 1)...] {
                    for a in crossSweep {
                        for b in crossSweep {
                            var arguments = base
                            arguments[first] = .int(a)
                            arguments[second] = .int(b)
                            add("sweep \(first)=\(a) \(second)=\(b)", arguments)
                        }
                    }
                }
            }
        }
        // Korean: open text values of every final sound, where a particle may follow.
        if locale.split(separator: "-").first == "ko" {
            for name in names {
                guard case .untyped? = usages[name]?.kind, case .string? = base[name] else { continue }
                for word in koreanWords {
                    var arguments = base
                    arguments[name] = .string(word)
                    add("text \(name)=\(word)", arguments)
                }
            }
        }
        return sets
    }

    /// A value for an argument the examples leave out.
    static func synthesized(_ kind: ArgumentUsage.Kind, name: String) -> MessageArgument {
        switch kind {
        case .plural, .number, .ordinal: .int(3)
        case .select(let cases): .string(cases.first ?? "other")
        case .date: .date(defaultDate)
        case .untyped, .conflicting: .string("Mina")
        }
    }

    /// The arguments as JSON with sorted keys (for de-duplication and reports).
    static func canonical(_ arguments: [String: MessageArgument]) -> String {
        "{" + arguments.keys.sorted().map { key in
            JSONText.string(key) + ": " + JSONText.argument(arguments[key]!)
        }.joined(separator: ", ") + "}"
    }
}

/// Small JSON spellings used by the runners and reports.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                out += "\\u" + HexDigits.padded(scalar.value, width: 4, uppercase: false)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) + ".0" : "\(value)"
    }

    static func argument(_ value: MessageArgument) -> String {
        switch value {
        case .int(let n): String(n)
        case .double(let d): number(d)
        case .string(let s): string(s)
        case .date(let d): "{\"$date\": \(Int64(d))}"
        }
    }
}
