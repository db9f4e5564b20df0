import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `bidi-control`: bidirectional control characters (unbalanced, or any).
    public static let bidiControl = Rule(BidiControlRule.self)
}

/// `bidi-control`: bidirectional controls that are unbalanced, or that reverse the order of the
/// characters (overrides); with `"bidiControls": "any"`, every one.
enum BidiControlRule: CheckerRule {
    static let id: RuleID = "bidi-control"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "bidirectional control characters (unbalanced, or any)"

    static func isBidiControl(_ v: UInt32) -> Bool {
        (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069) || v == 0x200E || v == 0x200F || v == 0x061C
    }

    static let bidiNames: [UInt32: String] = [
        0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
        0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
        0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
        0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK", 0x061C: "ARABIC LETTER MARK",
    ]

    static func check(_ c: MessageContext, any: Bool, emitter: inout Emitter) {
        let text = c.text.text
        guard text.unicodeScalars.contains(where: { isBidiControl($0.value) }) else { return }
        let all = ScalarText.scalars(text)
        if any {
            for (scalar, offset) in all {
                guard let name = bidiNames[scalar.value] else { continue }
                RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                                message: "bidirectional control \(ScalarText.hex(scalar)) \(name)",
                                hint: "remove it; the project reports every bidirectional control (\"bidiControls\": \"any\")",
                                subject: ScalarText.hex(scalar))
            }
            return
        }
        // Overrides (LRO, RLO) are reported even when closed: they make the displayed order of
        // the characters differ from the stored one — the Trojan Source trick (CVE-2021-42574).
        // No translation needs one: isolates and marks do the legitimate work.
        for (scalar, offset) in all where scalar.value == 0x202D || scalar.value == 0x202E {
            RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                            message: "\(ScalarText.hex(scalar)) \(bidiNames[scalar.value]!) reverses or forces the order of the characters after it: what is shown differs from what is stored (the Trojan Source trick)",
                            hint: "remove it; to keep a word's direction use U+2068 FIRST STRONG ISOLATE … U+2069, or a mark (U+200E, U+200F)",
                            subject: "override:\(ScalarText.hex(scalar))")
        }
        // Unbalanced: embeddings/overrides closed by PDF, isolates by PDI (UAX #9).
        var stack: [(isolate: Bool, scalar: Unicode.Scalar, offset: Int)] = []
        for (scalar, offset) in all {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: stack.append((false, scalar, offset))
            case 0x2066, 0x2067, 0x2068: stack.append((true, scalar, offset))
            case 0x202C:
                if let last = stack.last, !last.isolate {
                    stack.removeLast()
                } else {
                    RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                                    message: "U+202C POP DIRECTIONAL FORMATTING closes no embedding or override",
                                    hint: "remove it, or add the embedding it should close", subject: "unopened:202C")
                }
            case 0x2069:
                if let index = stack.lastIndex(where: { $0.isolate }) {
                    stack.removeSubrange(index...)
                } else {
                    RuleRunner.emit(.bidiControl, c, range: offset..<offset + 1, emitter: &emitter,
                                    message: "U+2069 POP DIRECTIONAL ISOLATE closes no isolate",
                                    hint: "remove it, or add the isolate it should close", subject: "unopened:2069")
                }
            default: break
            }
        }
        // An embedding or isolate opened where the text starts (the message's, or a case's) and
        // never closed gives the whole text a direction, as a translator sets a paragraph's:
        // the paragraph's end closes it (UAX #9, X8), so a message shown on its own is as
        // meant. One opened inside the text runs over the rest of it.
        let starts = stack.isEmpty ? [] : textStarts(c.pattern)
        for open in stack where open.scalar.value != 0x202D && open.scalar.value != 0x202E
            && !opensWholeText(open.offset, all: all, starts: starts) {
            RuleRunner.emit(.bidiControl, c, range: open.offset..<open.offset + 1, emitter: &emitter,
                            message: "\(ScalarText.hex(open.scalar)) \(bidiNames[open.scalar.value]!) is never closed: the text after it, and what follows the message on screen, runs in its direction",
                            hint: open.isolate ? "close it with U+2069 POP DIRECTIONAL ISOLATE" : "close it with U+202C POP DIRECTIONAL FORMATTING",
                            subject: "unclosed:\(ScalarText.hex(open.scalar))")
        }
    }

    /// Where printed text starts in a message: its start, and each case's of its plurals and
    /// selects (UTF-16 offsets).
    static func textStarts(_ pattern: MessagePattern?) -> [Int] {
        var result = [0]
        func walk(_ body: MessageBody) {
            for part in body.parts {
                guard case .argument(let argument) = part else { continue }
                switch argument.kind {
                case .none, .simple: continue
                case .plural(let p): for item in p.cases { result.append(item.message.range.lowerBound); walk(item.message) }
                case .select(let s): for item in s.cases { result.append(item.message.range.lowerBound); walk(item.message) }
                case .choice(let ch): for item in ch.cases { result.append(item.message.range.lowerBound); walk(item.message) }
                }
            }
        }
        if let pattern { walk(pattern.body) }
        return result
    }

    /// Whether the control at UTF-16 `offset` has only bidi controls between it and one of
    /// `starts`.
    static func opensWholeText(_ offset: Int, all: [(Unicode.Scalar, Int)], starts: [Int]) -> Bool {
        guard var i = all.firstIndex(where: { $0.1 == offset }) else { return false }
        while true {
            if starts.contains(all[i].1) { return true }
            guard i > 0, isBidiControl(all[i - 1].0.value) else { return false }
            i -= 1
        }
    }
}
