import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `select-cases`: a select whose cases do not cover the source's cases.
    public static let selectCases = Rule(SelectCasesRule.self)
}

/// `select-cases`: a select of the translation without a case the source's select has.
enum SelectCasesRule: CheckerRule {
    static let id: RuleID = "select-cases"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "a select whose cases do not cover the source's cases"

    static func check(_ c: MessageContext, pattern: MessagePattern, usages: [String: ArgumentUsage],
                            source: [String: ArgumentUsage], emitter: inout Emitter) {
        for name in usages.keys.sorted() {
            guard case .select(let cases)? = usages[name]?.kind, case .select(let sourceCases)? = source[name]?.kind else { continue }
            let missing = sourceCases.filter { !cases.contains($0) }
            guard !missing.isEmpty else { continue }
            var found: Range<Int>?
            pattern.forEachArgument { argument in
                if found == nil, argument.name == name, case .select = argument.kind { found = argument.nameRange }
            }
            let range = found ?? usages[name]!.ranges[0]
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            RuleRunner.emit(.selectCases, c, range: range, emitter: &emitter,
                            message: "select '\(name)' has no case for \(list) of the source; \(missing.count == 1 ? "that value falls" : "those values fall") to 'other'",
                            hint: "add " + missing.map { "\($0) {…}" }.joined(separator: " ") + " as the source has",
                            subject: "\(name):" + missing.joined(separator: ","))
        }
    }
}
