import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `syntax-error`: a message that does not parse as ICU MessageFormat.
    public static let syntaxError = Rule(SyntaxErrorRule.self)
}

/// `syntax-error`: a message that does not parse as ICU MessageFormat, with each problem the
/// parser names.
enum SyntaxErrorRule: CheckerRule {
    static let id: RuleID = "syntax-error"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "a message that does not parse as ICU MessageFormat"

    /// Reports why `c`'s text (a message without a pattern) does not parse.
    static func check(_ c: MessageContext, emitter: inout Emitter) {
        do {
            _ = try MessagePattern(c.text.text)
        } catch {
            for problem in error.errors {
                RuleRunner.emit(.syntaxError, c, range: problem.range, emitter: &emitter,
                                message: problem.message + " (\(problem.id))", hint: problem.hint, subject: problem.id)
            }
        }
    }
}
