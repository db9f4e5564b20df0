import SpeakableCatalog
import SpeakableDiagnostics

/// Collects findings for one unit of work, applying severities and exemptions.
struct Emitter {
    let settings: CheckSettings
    var findings: [Finding] = []
    var exempted = 0
    /// Severity by rule, in the registry's order (``Rule/index``; looked up for every message).
    private let severities: [RuleSeverity]

    init(settings: CheckSettings) {
        self.settings = settings
        self.severities = Rule.allCases.map { settings.severity(of: $0) }
    }

    @inline(__always)
    func severity(of rule: Rule) -> RuleSeverity { severities[rule.index] }

    func isOn(_ rule: Rule) -> Bool { severity(of: rule) != .off }

    mutating func emit(_ rule: Rule, table: String, locale: String, key: String?, exemptions: [String: String],
                       file: String?, position: SourcePosition?, end: SourcePosition? = nil,
                       message: String, hint: String? = nil, subject: String = "") {
        let severity = severity(of: rule)
        guard severity != .off else { return }
        // (Most messages have no exemption: nothing is hashed or joined for them.)
        if !exemptions.isEmpty && (exemptions[rule.rawValue] != nil || exemptions[rule.rawValue + "@" + locale] != nil) {
            exempted += 1
            return
        }
        findings.append(Finding(rule: rule.id, severity: severity == .error ? .error : .warning, file: file,
                                position: position, endPosition: end, locale: locale, key: key, table: table,
                                message: message, hint: hint, subject: subject))
    }
}
