/// Writes a formatted message and its parts, applying a bidirectional isolation strategy
/// (`formatting.md`, "Handling Bidirectional Text").
struct MF2BidiWriter {
    static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
    static let rightToLeftIsolate: Unicode.Scalar = "\u{2067}"
    static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    let strategy: MF2BidiStrategy
    let messageDirection: MF2Direction
    /// Set by the caller for every value part.
    var locale = ""
    private(set) var output = ""
    private(set) var parts: [MF2Part] = []
    private(set) var utf8Count = 0

    init(strategy: MF2BidiStrategy, messageDirection: MF2Direction) {
        self.strategy = strategy
        self.messageDirection = messageDirection
    }

    mutating func appendText(_ text: String) {
        append(text)
        if case .text(let previous)? = parts.last {
            parts[parts.count - 1] = .text(previous + text)
        } else {
            parts.append(.text(text))
        }
    }

    /// Markup formats to nothing in a string.
    mutating func appendMarkup(_ part: MF2Part) {
        parts.append(part)
    }

    /// A placeholder: the Default Bidi Strategy isolates it unless it is LTR, in an LTR message,
    /// without `u:dir`.
    mutating func appendPlaceholder(_ value: MF2FormattedValue) {
        var isolate: Unicode.Scalar?
        if strategy == .default {
            switch value.direction {
            case .ltr: if messageDirection != .ltr || value.isolate { isolate = Self.leftToRightIsolate }
            case .rtl: isolate = Self.rightToLeftIsolate
            case .unknown: isolate = Self.firstStrongIsolate
            }
        }
        if let isolate {
            append(String(isolate))
            parts.append(.bidiIsolation(isolate))
        }
        if value.isFallback {
            append("{" + value.text + "}")
            parts.append(.fallback(source: value.text))
        } else {
            append(value.text)
            parts.append(.value(MF2ValuePart(type: value.type, value: value.text, direction: value.explicitDirection,
                                             locale: locale, id: value.id,
                                             numberParts: value.numberParts)))
        }
        if isolate != nil {
            append(String(Self.popDirectionalIsolate))
            parts.append(.bidiIsolation(Self.popDirectionalIsolate))
        }
    }

    private mutating func append(_ text: String) {
        output += text
        utf8Count += text.utf8.count
    }
}
