public import SpeakableMessages

extension MF2Formatted {
    /// The output with Korean particle notation after each placeholder resolved, as
    /// ``ParticleResolvingMessage`` does for MessageFormat 1: text that starts with notation
    /// (`을(를)`, `이(가)`, `(으)로`, see ``KoreanParticle``) right after a formatted value — or
    /// after its fallback — takes the form its last spoken syllable calls for; an empty value
    /// drops the particle. Bidi isolation marks between the value and the text are kept.
    /// Notation after literal text stays as written.
    ///
    /// ```swift
    /// let message = try MF2Message("{$piece}을(를) 배치")
    /// message.format(locale: "ko", arguments: ["piece": "정사각형"], bidi: .none).resolvingKoreanParticles()
    /// // "정사각형을 배치"
    /// ```
    public func resolvingKoreanParticles() -> String {
        var out = ""
        // The text of the last placeholder when nothing but isolation marks followed it.
        var lastValue: String?
        for part in parts {
            switch part {
            case .text(let text):
                if let value = lastValue, KoreanParticle(notation: text) != nil {
                    if value.isEmpty {
                        // An empty value drops the particle (and only it).
                        let particle = KoreanParticle(notation: text)!
                        out += String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(particle.notationLength)))
                    } else {
                        out += KoreanParticles.pick(after: value, text) ?? text
                    }
                } else {
                    out += text
                }
                lastValue = nil
            case .value(let value):
                out += value.value
                lastValue = value.value
            case .fallback(let source):
                out += "{" + source + "}"
                lastValue = "{" + source + "}"
            case .bidiIsolation(let scalar):
                out.unicodeScalars.append(scalar)
            case .markup:
                lastValue = nil
            }
        }
        return out
    }
}
