import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `action-fragment`: an action fragment (click label) that does not read after "Double-tap to": a leading "to", no verb, a state.
    public static let actionFragment = Rule(ActionFragmentRule.self)
}

/// `action-fragment`: an English action fragment (a TalkBack click label) that does not read after
/// "Double-tap to".
enum ActionFragmentRule: CheckerRule {
    static let id: RuleID = "action-fragment"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "an action fragment (click label) that does not read after \"Double-tap to\": a leading \"to\", no verb, a state"

    /// An English action fragment must read after TalkBack's "Double-tap to": it starts with a
    /// verb in its base form (``EnglishActionLexicon``).
    static func check(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        for (text, range) in EdgeTexts.edgeTexts(pattern.body, atEnd: false) {
            let judgement = EnglishActionLexicon.judge(text)
            guard judgement != .verb, let word = EnglishActionLexicon.firstWord(text) else { continue }
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: true)
            let start = text.firstRange(of: word).map { utf16Offset(of: $0.lowerBound, in: text) } ?? 0
            let printed = start..<start + word.utf16.count
            let sample = text.drop { !$0.isLetter }.split(separator: " ", omittingEmptySubsequences: true)
            let said = "\"Double-tap to " + sample.prefix(6).joined(separator: " ") + (sample.count > 6 ? " …\"" : "\"")
            let message: String
            let hint: String
            switch judgement {
            case .leadingTo:
                message = "the action fragment starts with 'to', which TalkBack says itself: \(said)"
                hint = "drop the leading 'to'"
            case .noVerb(_, let what):
                message = "the action fragment starts with '\(word)', \(what), not a verb: TalkBack says \(said)"
                hint = "start with the verb of what the action does (\"hear about nearby places…\")"
            case .state(_, let what):
                message = "the action fragment starts with '\(word)', which \(what): TalkBack says \(said)"
                hint = "say what the action does; a control that cannot act now should be disabled (TalkBack says \"disabled\")"
            case .verb:
                continue
            }
            RuleRunner.report(.actionFragment, c, segment: segment, printed: printed, emitter: &emitter, message: message, hint: hint,
                   subject: word.lowercased())
        }
    }
}
