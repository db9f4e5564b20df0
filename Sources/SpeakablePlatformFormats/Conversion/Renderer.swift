#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        var out: [UInt8] = []
        appendPrefix(name, slot: slot, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``prefix(_:slot:)``, appended to `out`.
    func appendPrefix(_ name: String, slot: CatalogArgument.Slot = .value, to out: inout [UInt8]) {
        guard positional else {
            out.append(UInt8(ascii: "%"))
            return
        }
        Self.appendPositionPrefix(position(of: name, slot: slot), to: &out)
    }

    /// `%1$` … (`%` and the position, then `$`).
    static func appendPositionPrefix(_ position: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "%"))
        if position >= 0 && position < 10 {
            out.append(UInt8(ascii: "0") + UInt8(position))
        } else {
            out.append(contentsOf: String(position).utf8)
        }
        out.append(UInt8(ascii: "$"))
    }

    /// The argument's value slot (`{name}` as the app passes it), if the message has one.
    func valueArgument(_ name: String) -> CatalogArgument? {
        valueIndex(name).map { arguments[$0] }
    }

    /// The argument's value as its kind prints it.
    func specifier(_ name: String) -> String {
        var out: [UInt8] = []
        appendSpecifier(name, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``specifier(_:)``, appended to `out`.
    func appendSpecifier(_ name: String, to out: inout [UInt8]) {
        if let substitutionArgument, substitutionArgument == name {
            out.append(contentsOf: Self.substitutionArgumentSpecifier)
            return
        }
        let index = valueIndex(name)
        if let index, arguments[index].recordedSpecifier == nil {
            // The kind's own conversion, its position in the same piece where there is one.
            let position = positional ? valuePosition(name, index: index) : 0
            let table: [[UInt8]] = switch (platform, arguments[index].kind) {
            case (.apple, .integer): Self.appleIntegers
            case (.apple, .double): Self.appleDoubles
            case (.apple, _): Self.appleObjects
            case (.android, .integer): Self.androidIntegers
            case (.android, _): Self.androidStrings
            }
            if position < table.count {
                out.append(contentsOf: table[position])
                return
            }
        }
        appendPrefix(name, to: &out)
        Self.append(lengthAndConversion(name), to: &out)
    }

    /// An integer printed as `presentation` says (a double or text argument: as its kind).
    func integerSpecifier(_ name: String, _ presentation: IntegerPresentation) -> String {
        var out: [UInt8] = []
        appendIntegerSpecifier(name, presentation, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``integerSpecifier(_:_:)``, appended to `out`.
    func appendIntegerSpecifier(_ name: String, _ presentation: IntegerPresentation, to out: inout [UInt8]) {
        let index = valueIndex(name)
        if let index {
            guard arguments[index].kind == .integer else {
                appendSpecifier(name, to: &out)
                return
            }
            if let recorded = arguments[index].recordedSpecifier,
               let spec = FormatString.parse(recorded, dialect: platform == .apple ? .apple : .java).specifiers.first, spec.valueKind == .integer,
               Self.presentation(of: spec, platform: platform) == presentation {
                // An imported specifier is written back as it was (`%ld`, `%02d`).
                if let substitutionArgument, substitutionArgument == name {
                    out.append(contentsOf: Self.substitutionArgumentSpecifier)
                    return
                }
                appendPrefix(name, to: &out)
                Self.append(lengthAndConversion(name), to: &out)
                return
            }
        }
        switch platform {
        case .apple:
            if presentation.appleNeedsText {
                appendPrefix(name, slot: .integerText(presentation), to: &out)
                out.append(UInt8(ascii: "@"))
                return
            }
            if let substitutionArgument, substitutionArgument == name, presentation == .standard {
                out.append(contentsOf: Self.substitutionArgumentSpecifier)
                return
            }
            if presentation.minimumDigits <= 1 {
                // `%lld`, `%1$lld` … in one piece.
                let position = positional ? valuePosition(name, index: index) : 0
                if position < Self.appleIntegers.count {
                    out.append(contentsOf: Self.appleIntegers[position])
                    return
                }
                appendValuePrefix(name, index: index, to: &out)
                out.append(contentsOf: "lld".utf8)
            } else {
                appendValuePrefix(name, index: index, to: &out)
                out.append(UInt8(ascii: "0"))
                out.append(contentsOf: String(presentation.minimumDigits).utf8)
                out.append(contentsOf: "lld".utf8)
            }
        case .android:
            if presentation == .standard {
                // `%,d`, `%1$,d` … in one piece.
                let position = positional ? valuePosition(name, index: index) : 0
                if position < Self.androidIntegers.count {
                    out.append(contentsOf: Self.androidIntegers[position])
                    return
                }
            }
            appendValuePrefix(name, index: index, to: &out)
            Self.append(presentation == .standard ? ",d" : presentation.javaFlags + "d", to: &out)
        }
    }

    /// A specifier in one piece by position (0: not positional, `%lld`; then `%1$lld` … `%9$lld`).
    static func specifiers(_ conversion: String) -> [[UInt8]] {
        [Array(("%" + conversion).utf8)] + (1...9).map { Array("%\($0)$\(conversion)".utf8) }
    }

    static let appleIntegers = specifiers("lld")
    static let appleDoubles = specifiers("g")
    static let appleObjects = specifiers("@")
    static let androidIntegers = specifiers(",d")
    static let androidStrings = specifiers("s")
    static let substitutionArgumentSpecifier = Array("%arg".utf8)

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
    func appendValuePrefix(_ name: String, index: Int?, to out: inout [UInt8]) {
        guard positional else {
            out.append(UInt8(ascii: "%"))
            return
        }
        // position(of:slot:): the value slot, else the argument's first slot, else the first.
        Self.appendPositionPrefix(valuePosition(name, index: index), to: &out)
    }

    /// What an integer specifier prints: Java groups with `,`; CFString groups every localized
    /// integer; `0` and a width pad.
    static func presentation(of spec: FormatSpecifier, platform: CatalogPlatform) -> IntegerPresentation {
        let digits = spec.flags.contains("0") ? spec.width ?? 1 : 1
        return IntegerPresentation(grouped: platform == .apple || spec.flags.contains(","), minimumDigits: max(digits, 1))
    }

    /// `text`'s UTF-8, appended to `out`.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// `text` with `%` written `%%`, appended to `out` (most texts have none: appended as they are).
    static func appendDoublingPercents(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, memchr(start, 0x25, bytes.count) != nil else {
                out.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                out.append(byte)
                if byte == UInt8(ascii: "%") { out.append(byte) }
            }
        }
    }

    func render(_ parts: [MessagePart], plural: String?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)  // one allocation for most strings
        render(parts, plural: plural, into: &out)
        return UTF8Validation.string(validated: out)
    }

    /// ``render(_:plural:)``, appended to `out` (UTF-8).
    func render(_ parts: [MessagePart], plural: String?, into out: inout [UInt8]) {
        for part in parts {
            switch part {
            case .text(let text, _):
                if isFormat { Self.appendDoublingPercents(text, to: &out) } else { Self.append(text, to: &out) }
            case .pound:
                appendIntegerSpecifier(plural ?? "", .standard, to: &out)
            case .argument(let argument) where PlatformConversion.isText(argument, arguments):
                // A number as ICU's text, formatted by the accessor or the app.
                appendPrefix(argument.name, slot: .numberText(NumberText.of(argument)!.style), to: &out)
                out.append(platform == .apple ? UInt8(ascii: "@") : UInt8(ascii: "s"))
            case .argument(let argument):
                switch argument.kind {
                case .none where pluralTextForPlainNumbers.contains(argument.name):
                    appendPrefix(argument.name, slot: .pluralText, to: &out)
                    out.append(UInt8(ascii: "s"))
                case .none:
                    appendIntegerSpecifier(argument.name, .standard, to: &out)
                case .simple(let simple):
                    if simple.type == .number, let fraction = PlatformConversion.printedFraction(argument, arguments, platform: platform) {
                        appendPrefix(argument.name, to: &out)
                        Self.append(fraction, to: &out)
                    } else if simple.type == .number, let presentation = IntegerPresentation(style: simple.style) {
                        if presentation == .standard, pluralTextForPlainNumbers.contains(argument.name) {
                            appendPrefix(argument.name, slot: .pluralText, to: &out)
                            out.append(UInt8(ascii: "s"))
                            continue
                        }
                        appendIntegerSpecifier(argument.name, presentation, to: &out)
                    } else {
                        appendSpecifier(argument.name, to: &out)
                    }
                case .plural:
                    if composedPlurals {
                        appendPrefix(argument.name, slot: .pluralText, to: &out)
                        out.append(UInt8(ascii: "s"))
                    } else {
                        // Only at the top level of an Apple substitutions format.
                        if positional {
                            Self.appendPositionPrefix(position(of: argument.name), to: &out)
                        } else {
                            out.append(UInt8(ascii: "%"))
                        }
                        out.append(UInt8(ascii: "#"))
                        out.append(UInt8(ascii: "@"))
                        Self.append(substitutionNames[argument.range] ?? argument.name, to: &out)
                        out.append(UInt8(ascii: "@"))
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
