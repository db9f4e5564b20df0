import SpeakableDiagnostics
import SpeakableMessages

/// Renders message parts as a platform format string.
struct Renderer {
    let platform: CatalogPlatform
    let arguments: [CatalogArgument]
    /// Whether the string will be used as a format (then `%` is written `%%`).
    var isFormat = true
    /// Inside an Apple substitution: the argument `#` and its number print as `%arg`.
    var substitutionArgument: String?
    /// Apple substitution names by the range of their plural in the message.
    var substitutionNames: [Range<Int>: String] = [:]
    /// Android composed: a plural prints as the text of its `<plurals>` (`%K$s`).
    var composedPlurals = false
    /// Android composed: arguments whose plain number prints as their `<plurals>` text.
    var pluralTextForPlainNumbers: Set<String> = []

    init(platform: CatalogPlatform, arguments: [CatalogArgument]) {
        self.platform = platform
        self.arguments = arguments
    }

    func position(of name: String, slot: CatalogArgument.Slot = .value) -> Int {
        (arguments.firstIndex { $0.name == name && $0.slot == slot } ?? arguments.firstIndex { $0.name == name } ?? 0) + 1
    }

    /// Some argument is printed more than once in one output (then positions are written).
    var repeatsAnArgument = false

    var positional: Bool { platform == .android || arguments.count > 1 || repeatsAnArgument }

    func recorded(_ name: String) -> FormatSpecifier? {
        guard let recorded = valueArgument(name)?.recordedSpecifier else { return nil }
        return FormatString.parse(recorded, dialect: platform == .apple ? .apple : .java).specifiers.first
    }

    /// `lld`, `@`, `g` (Apple) — without `%` and position.
    func lengthAndConversion(_ name: String) -> String {
        let argument = valueArgument(name)
        if let spec = recorded(name) {
            return spec.flags + (spec.width.map(String.init) ?? "") + (spec.precision.map { "." + String($0) } ?? "") + spec.length + String(spec.conversion)
        }
        switch (platform, argument?.kind ?? .text) {
        case (.apple, .integer): return "lld"
        case (.apple, .double): return "g"
        case (.apple, _): return "@"
        case (.android, .integer): return ",d"
        case (.android, _): return "s"
        }
    }

    func prefix(_ name: String, slot: CatalogArgument.Slot = .value) -> String {
        guard positional else { return "%" }
        return Self.positionPrefix(position(of: name, slot: slot))
    }

    /// `%1$` … `%9$` without building them (messages rarely have more arguments).
    static let positionPrefixes: [String] = (0...9).map { "%\($0)$" }

    static func positionPrefix(_ position: Int) -> String {
        position < positionPrefixes.count ? positionPrefixes[position] : "%" + String(position) + "$"
    }

    /// The argument's value slot (`{name}` as the app passes it), if the message has one.
    func valueArgument(_ name: String) -> CatalogArgument? {
        valueIndex(name).map { arguments[$0] }
    }

    /// The argument's value as its kind prints it.
    func specifier(_ name: String) -> String {
        if let substitutionArgument, substitutionArgument == name { return "%arg" }
        return prefix(name) + lengthAndConversion(name)
    }

    /// An integer printed as `presentation` says (a double or text argument: as its kind).
    func integerSpecifier(_ name: String, _ presentation: IntegerPresentation) -> String {
        var out = ""
        appendIntegerSpecifier(name, presentation, to: &out)
        return out
    }

    /// ``integerSpecifier(_:_:)``, appended to `out`.
    func appendIntegerSpecifier(_ name: String, _ presentation: IntegerPresentation, to out: inout String) {
        let index = valueIndex(name)
        if let index {
            guard arguments[index].kind == .integer else {
                out += specifier(name)
                return
            }
            if let recorded = arguments[index].recordedSpecifier,
               let spec = FormatString.parse(recorded, dialect: platform == .apple ? .apple : .java).specifiers.first, spec.valueKind == .integer,
               Self.presentation(of: spec, platform: platform) == presentation {
                // An imported specifier is written back as it was (`%ld`, `%02d`).
                if let substitutionArgument, substitutionArgument == name { out += "%arg"; return }
                out += prefix(name) + lengthAndConversion(name)
                return
            }
        }
        switch platform {
        case .apple:
            if presentation.appleNeedsText {
                out += prefix(name, slot: .integerText(presentation))
                out += "@"
                return
            }
            if let substitutionArgument, substitutionArgument == name, presentation == .standard { out += "%arg"; return }
            if presentation.minimumDigits <= 1 {
                // `%lld`, `%1$lld` … in one piece.
                let position = positional ? valuePosition(name, index: index) : 0
                if position < Self.appleIntegers.count {
                    out += Self.appleIntegers[position]
                    return
                }
                appendValuePrefix(name, index: index, to: &out)
                out += "lld"
            } else {
                appendValuePrefix(name, index: index, to: &out)
                out += "0"
                out += String(presentation.minimumDigits)
                out += "lld"
            }
        case .android:
            if presentation == .standard {
                // `%,d`, `%1$,d` … in one piece.
                let position = positional ? valuePosition(name, index: index) : 0
                if position < Self.androidIntegers.count {
                    out += Self.androidIntegers[position]
                    return
                }
            }
            appendValuePrefix(name, index: index, to: &out)
            out += presentation == .standard ? ",d" : presentation.javaFlags + "d"
        }
    }

    /// `%lld`, then `%1$lld` … `%9$lld` (by position; 0: not positional).
    static let appleIntegers: [String] = ["%lld"] + (1...9).map { "%\($0)$lld" }
    /// `%,d`, then `%1$,d` … `%9$,d`.
    static let androidIntegers: [String] = ["%,d"] + (1...9).map { "%\($0)$,d" }

    /// ``position(of:slot:)`` of the value slot, whose index (``valueIndex(_:)``) is known.
    func valuePosition(_ name: String, index: Int?) -> Int {
        (index ?? arguments.firstIndex { $0.name == name } ?? 0) + 1
    }

    /// The index of the argument's value slot in ``arguments`` (see ``valueArgument(_:)``).
    func valueIndex(_ name: String) -> Int? {
        for index in arguments.indices where arguments[index].name == name {
            if case .value = arguments[index].slot { return index }
        }
        return nil
    }

    /// ``prefix(_:slot:)`` of the value slot, whose index (``valueIndex(_:)``) is known.
    func appendValuePrefix(_ name: String, index: Int?, to out: inout String) {
        guard positional else {
            out += "%"
            return
        }
        // position(of:slot:): the value slot, else the argument's first slot, else the first.
        out += Self.positionPrefix(valuePosition(name, index: index))
    }

    /// What an integer specifier prints: Java groups with `,`; CFString groups every localized
    /// integer; `0` and a width pad.
    static func presentation(of spec: FormatSpecifier, platform: CatalogPlatform) -> IntegerPresentation {
        let digits = spec.flags.contains("0") ? spec.width ?? 1 : 1
        return IntegerPresentation(grouped: platform == .apple || spec.flags.contains(","), minimumDigits: max(digits, 1))
    }

    /// `text` with `%` written `%%`, appended to `out` (most texts have none: appended as they are).
    static func appendDoublingPercents(_ text: String, to out: inout String) {
        guard UTF8Search.contains(text, "%") else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(scalar)
            if scalar == "%" { out.unicodeScalars.append("%") }
        }
    }

    func render(_ parts: [MessagePart], plural: String?) -> String {
        var out = ""
        render(parts, plural: plural, into: &out)
        return out
    }

    /// ``render(_:plural:)``, appended to `out`.
    func render(_ parts: [MessagePart], plural: String?, into out: inout String) {
        for part in parts {
            switch part {
            case .text(let text, _):
                if isFormat { Self.appendDoublingPercents(text, to: &out) } else { out += text }
            case .pound:
                appendIntegerSpecifier(plural ?? "", .standard, to: &out)
            case .argument(let argument) where PlatformConversion.isText(argument, arguments):
                // A number as ICU's text, formatted by the accessor or the app.
                out += prefix(argument.name, slot: .numberText(NumberText.of(argument)!.style))
                out += platform == .apple ? "@" : "s"
            case .argument(let argument):
                switch argument.kind {
                case .none where pluralTextForPlainNumbers.contains(argument.name):
                    out += prefix(argument.name, slot: .pluralText)
                    out += "s"
                case .none:
                    appendIntegerSpecifier(argument.name, .standard, to: &out)
                case .simple(let simple):
                    if simple.type == .number, let fraction = PlatformConversion.printedFraction(argument, arguments, platform: platform) {
                        out += prefix(argument.name)
                        out += fraction
                    } else if simple.type == .number, let presentation = IntegerPresentation(style: simple.style) {
                        if presentation == .standard, pluralTextForPlainNumbers.contains(argument.name) {
                            out += prefix(argument.name, slot: .pluralText)
                            out += "s"
                            continue
                        }
                        appendIntegerSpecifier(argument.name, presentation, to: &out)
                    } else {
                        out += specifier(argument.name)
                    }
                case .plural:
                    if composedPlurals {
                        out += prefix(argument.name, slot: .pluralText)
                        out += "s"
                    } else {
                        // Only at the top level of an Apple substitutions format.
                        out += "%" + (positional ? "\(position(of: argument.name))$" : "") + "#@" + (substitutionNames[argument.range] ?? argument.name) + "@"
                    }
                case .select, .choice:
                    break  // rejected by the checks
                }
            }
        }
    }
}

/// Numbers in messages as JSON writes them ("1", "0.5").
enum JSONNumberText {
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
