import SpeakableMessages

/// The literal texts that a message can print first or last (its first or last part, or each
/// case's of a plural or select there).
enum EdgeTexts {
    /// The literal texts that can end (or start) what the message prints.
    static func edgeTexts(_ body: MessageBody, atEnd: Bool) -> [(String, Range<Int>)] {
        guard let part = atEnd ? body.parts.last : body.parts.first else { return [] }
        switch part {
        case .text(let text, let range): return [(text, range)]
        case .pound: return []
        case .argument(let argument):
            switch argument.kind {
            case .none, .simple: return []
            case .plural(let p): return p.cases.flatMap { edgeTexts($0.message, atEnd: atEnd) }
            case .select(let s): return s.cases.flatMap { edgeTexts($0.message, atEnd: atEnd) }
            case .choice(let ch): return ch.cases.flatMap { edgeTexts($0.message, atEnd: atEnd) }
            }
        }
    }

    /// ``edgeTexts(_:atEnd:)`` one at a time, in the same order, without making the list.
    static func forEachEdgeText(_ body: MessageBody, atEnd: Bool, _ visit: (String, Range<Int>) -> Void) {
        guard let part = atEnd ? body.parts.last : body.parts.first else { return }
        switch part {
        case .text(let text, let range): visit(text, range)
        case .pound: return
        case .argument(let argument):
            switch argument.kind {
            case .none, .simple: return
            case .plural(let p): for item in p.cases { forEachEdgeText(item.message, atEnd: atEnd, visit) }
            case .select(let s): for item in s.cases { forEachEdgeText(item.message, atEnd: atEnd, visit) }
            case .choice(let ch): for item in ch.cases { forEachEdgeText(item.message, atEnd: atEnd, visit) }
            }
        }
    }
}
