import SpeakableMessages
import SpeakableParticles

/// Korean particle notation (`을(를)`, `이(가)`, `(으)로`…) in a message bound for a platform
/// catalog, which prints it as written: a screen reader would say "(를)".
///
/// Resolved wherever the text before the particle is known when compiling:
/// * after literal text: "위을(를) 향한" → "위를 향한" (select cases are separate keys, so a
///   select's case text followed by the notation is literal text by then);
/// * after a plural: the notation moves into the end of every case, then resolves there
///   (`{n, plural, other {#초}}을(를)` → `{n, plural, other {#초를}}`);
/// * after a number whose value is fixed (an `=N` case's `#`, printed as text).
///
/// After a value only known at run time (`{piece}을(를)`, `{n}이(가)`) the notation stays; each
/// such place is returned as an ``OpenParticle``.
enum ParticleNotation {
    /// Whether any text of the message has a `(` (every notation has one): most have none.
    static func mayContainNotation(_ body: MessageBody) -> Bool {
        body.parts.contains { part in
            switch part {
            case .text(let text, _): text.utf8.contains(0x28)
            case .pound: false
            case .argument(let node):
                switch node.kind {
                case .plural(let plural): plural.cases.contains { mayContainNotation($0.message) }
                case .select(let select): select.cases.contains { mayContainNotation($0.message) }
                case .choice(let choice): choice.cases.contains { mayContainNotation($0.message) }
                case .none, .simple: false
                }
            }
        }
    }

    static func resolve(_ body: MessageBody, open: inout [OpenParticle]) -> MessageBody {
        var parts = merged(body.parts)
        // The notation after a plural goes into each of its cases.
        var index = 0
        while index + 1 < parts.count {
            if case .argument(var node) = parts[index], case .plural(var plural) = node.kind,
               case .text(let text, let range) = parts[index + 1], let particle = KoreanParticle(notation: text) {
                let notation = String(String.UnicodeScalarView(text.unicodeScalars.prefix(particle.notationLength)))
                let rest = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(particle.notationLength)))
                for i in plural.cases.indices {
                    plural.cases[i].message.parts.append(.text(notation, range: range))
                }
                node.kind = .plural(plural)
                parts[index] = .argument(node)
                if rest.isEmpty { parts.remove(at: index + 1) } else { parts[index + 1] = .text(rest, range: range) }
            }
            index += 1
        }
        for i in parts.indices {
            guard case .argument(var node) = parts[i] else { continue }
            switch node.kind {
            case .plural(var plural):
                for c in plural.cases.indices {
                    plural.cases[c].message = resolve(plural.cases[c].message, open: &open, plural: node.name)
                }
                node.kind = .plural(plural)
            case .select(var select):
                for c in select.cases.indices { select.cases[c].message = resolve(select.cases[c].message, open: &open) }
                node.kind = .select(select)
            default:
                break
            }
            parts[i] = .argument(node)
        }
        return MessageBody(parts: resolveTexts(parts, open: &open, plural: nil), range: body.range)
    }

    private static func resolve(_ body: MessageBody, open: inout [OpenParticle], plural: String) -> MessageBody {
        let inner = resolve(body, open: &open)
        // `#` directly before notation inside the case: the plural's number, open.
        return MessageBody(parts: resolveTexts(inner.parts, open: &open, plural: plural, onlyAfterPound: true), range: inner.range)
    }

    /// Resolves the notation inside each text part; notes the notation that starts a text
    /// right after an argument (or `#`).
    private static func resolveTexts(_ parts: [MessagePart], open: inout [OpenParticle], plural: String?,
                                     onlyAfterPound: Bool = false) -> [MessagePart] {
        var parts = parts
        for i in parts.indices {
            guard case .text(let text, let range) = parts[i] else { continue }
            if !onlyAfterPound { parts[i] = .text(resolved(text), range: range) }
            guard i > 0, let particle = KoreanParticle(notation: text) else { continue }
            let notation = String(String.UnicodeScalarView(text.unicodeScalars.prefix(particle.notationLength)))
            switch parts[i - 1] {
            case .argument(let node) where !onlyAfterPound:
                switch node.kind {
                case .none, .simple: open.append(OpenParticle(argument: node.name, notation: notation, range: node.range))
                default: break
                }
            case .pound(let poundRange) where onlyAfterPound:
                if let plural { open.append(OpenParticle(argument: plural, notation: notation, range: poundRange)) }
            default:
                break
            }
        }
        return parts
    }

    /// Notation after a spoken letter or digit inside `text`, resolved from the text before it.
    static func resolved(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "(" }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if scalars[i] == "(" || (i + 1 < scalars.count && scalars[i + 1] == "("), i > 0, isSpoken(scalars[i - 1]),
               let particle = KoreanParticle(notation: String(String.UnicodeScalarView(scalars[i..<min(i + 5, scalars.count)]))),
               let sound = KoreanParticles.finalSound(of: String(out)) {
                out.append(contentsOf: particle.form(after: sound).unicodeScalars)
                i += particle.notationLength
                continue
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    static func isSpoken(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar.properties.numericType != nil
    }

    static func merged(_ parts: [MessagePart]) -> [MessagePart] {
        var out: [MessagePart] = []
        for part in parts {
            if case .text(let text, let range) = part, case .text(let previous, let previousRange)? = out.last {
                out[out.count - 1] = .text(previous + text, range: previousRange.lowerBound..<max(range.upperBound, previousRange.upperBound))
            } else {
                out.append(part)
            }
        }
        return out
    }
}
