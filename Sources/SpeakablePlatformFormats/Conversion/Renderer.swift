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
        for argument in arguments where argument.name == name {
            if case .value = argument.slot { return argument }
        }
        return nil
    }

    /// The argument's value as its kind prints it.
    func specifier(_ name: String) -> String {
        if let substitutionArgument, substitutionArgument == name { return "%arg" }
        return prefix(name) + lengthAndConversion(name)
    }

    /// An integer printed as `presentation` says (a double or text argument: as its kind).
    func integerSpecifier(_ name: String, _ presentation: IntegerPresentation) -> String {
        let argument = valueArgument(name)
        guard argument?.kind ?? .integer == .integer else { return specifier(name) }
        if let recorded = argument?.recordedSpecifier,
           let spec = FormatString.parse(recorded, dialect: platform == .apple ? .apple : .java).specifiers.first, spec.valueKind == .integer, Self.presentation(of: spec, platform: platform) == presentation {
            // An imported specifier is written back as it was (`%ld`, `%02d`).
            if let substitutionArgument, substitutionArgument == name { return "%arg" }
            return prefix(name) + lengthAndConversion(name)
        }
        switch platform {
        case .apple:
            if presentation.appleNeedsText { return prefix(name, slot: .integerText(presentation)) + "@" }
            if let substitutionArgument, substitutionArgument == name, presentation == .standard { return "%arg" }
            if presentation.minimumDigits <= 1 { return prefix(name) + "lld" }
            return prefix(name) + "0" + String(presentation.minimumDigits) + "lld"
        case .android:
            if presentation == .standard { return prefix(name) + ",d" }
            return prefix(name) + presentation.javaFlags + "d"
        }
    }

    /// What an integer specifier prints: Java groups with `,`; CFString groups every localized
    /// integer; `0` and a width pad.
    static func presentation(of spec: FormatSpecifier, platform: CatalogPlatform) -> IntegerPresentation {
        let digits = spec.flags.contains("0") ? spec.width ?? 1 : 1
        return IntegerPresentation(grouped: platform == .apple || spec.flags.contains(","), minimumDigits: max(digits, 1))
    }

    /// `%` → `%%` (most texts have none: returned as they are).
    static func doublingPercents(_ text: String) -> String {
        guard UTF8Search.contains(text, "%") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 4)
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(scalar)
            if scalar == "%" { out.unicodeScalars.append("%") }
        }
        return out
    }

    func render(_ parts: [MessagePart], plural: String?) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text, _):
                out += isFormat ? Self.doublingPercents(text) : text
            case .pound:
                out += integerSpecifier(plural ?? "", .standard)
            case .argument(let argument) where PlatformConversion.isText(argument, arguments):
                // A number as ICU's text, formatted by the accessor or the app.
                out += prefix(argument.name, slot: .numberText(NumberText.of(argument)!.style)) + (platform == .apple ? "@" : "s")
            case .argument(let argument):
                switch argument.kind {
                case .none where pluralTextForPlainNumbers.contains(argument.name):
                    out += prefix(argument.name, slot: .pluralText) + "s"
                case .none:
                    out += integerSpecifier(argument.name, .standard)
                case .simple(let simple):
                    if simple.type == .number, let fraction = PlatformConversion.printedFraction(argument, arguments, platform: platform) {
                        out += prefix(argument.name) + fraction
                    } else if simple.type == .number, let presentation = IntegerPresentation(style: simple.style) {
                        if presentation == .standard, pluralTextForPlainNumbers.contains(argument.name) {
                            out += prefix(argument.name, slot: .pluralText) + "s"
                            continue
                        }
                        out += integerSpecifier(argument.name, presentation)
                    } else {
                        out += specifier(argument.name)
                    }
                case .plural:
                    if composedPlurals {
                        out += prefix(argument.name, slot: .pluralText) + "s"
                    } else {
                        // Only at the top level of an Apple substitutions format.
                        out += "%" + (positional ? "\(position(of: argument.name))$" : "") + "#@" + (substitutionNames[argument.range] ?? argument.name) + "@"
                    }
                case .select, .choice:
                    break  // rejected by the checks
                }
            }
        }
        return out
    }
}

/// Numbers in messages as JSON writes them ("1", "0.5").
enum JSONNumberText {
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
