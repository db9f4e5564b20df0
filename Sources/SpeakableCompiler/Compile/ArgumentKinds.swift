import Dispatch
import FoundationEssentials
import Synchronization
public import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
public import SpeakableMessages
public import SpeakablePlatformFormats

/// What each argument of a message takes in platform catalogs and accessors.
public enum ArgumentKinds {
    /// ``of(_:_:)``, and what an imported catalog's source specifiers say the app passes: a
    /// floating-point specifier (`%.2f`) is a Double, whatever the ICU text can say of it.
    public static func of(_ message: TemplateMessage, _ pattern: MessagePattern, metadata: MessageMetadata?) -> [String: CatalogArgument.Kind] {
        of(message, pattern, usages: pattern.argumentUsages, metadata: metadata)
    }

    /// ``of(_:_:metadata:)`` with the pattern's ``MessagePattern/argumentUsages`` already read.
    static func of(_ message: TemplateMessage, _ pattern: MessagePattern, usages: [String: ArgumentUsage],
                   metadata: MessageMetadata?) -> [String: CatalogArgument.Kind] {
        var kinds = of(message, pattern, usages: usages)
        guard let metadata, !metadata.androidSpecifiers.isEmpty || !metadata.appleSpecifiers.isEmpty else { return kinds }
        let recorded: [(FormatDialect, [String: String])] = [(.java, metadata.androidSpecifiers), (.apple, metadata.appleSpecifiers)]
        for (dialect, specifiers) in recorded {
            for (name, written) in specifiers where kinds[name] == .integer {
                if FormatString.parse(written, dialect: dialect).specifiers.first?.valueKind == .floatingPoint { kinds[name] = .double }
            }
        }
        return kinds
    }

    /// Numbers for plurals and number formats (`Double` when the examples pass one, or when none
    /// passes an integer and the message prints the number with fixed fraction digits —
    /// `::.00`, ``FractionPresentation`` —, else `Int`), dates for dates, text for selects, and
    /// for plain `{name}` what the examples pass (an integer, a fraction, a date), else text.
    public static func of(_ message: TemplateMessage, _ pattern: MessagePattern) -> [String: CatalogArgument.Kind] {
        of(message, pattern, usages: pattern.argumentUsages)
    }

    /// ``of(_:_:)`` with the pattern's ``MessagePattern/argumentUsages`` already read.
    static func of(_ message: TemplateMessage, _ pattern: MessagePattern, usages: [String: ArgumentUsage]) -> [String: CatalogArgument.Kind] {
        var kinds: [String: CatalogArgument.Kind] = [:]
        for (name, usage) in usages {
            let example = message.examples.lazy.compactMap { $0.arguments[name] }.first
            switch usage.kind {
            case .plural, .ordinal, .number:
                switch example {
                case .double?: kinds[name] = .double
                case nil where usage.kind == .number && printsFixedFraction(name, pattern.body): kinds[name] = .double
                default: kinds[name] = .integer
                }
            case .date:
                kinds[name] = .date
            case .select, .conflicting:
                kinds[name] = .text
            case .untyped:
                switch example {
                case .int?: kinds[name] = .integer
                case .double?: kinds[name] = .double
                case .date?: kinds[name] = .date
                default: kinds[name] = .text
                }
            }
        }
        // The template's "arguments": passed by the app, printed by no source text.
        for argument in message.passedArguments where kinds[argument.name] == nil {
            kinds[argument.name] = CatalogArgument.Kind(rawValue: argument.kind.rawValue) ?? .text
        }
        return kinds
    }

    /// Whether `body` prints `name` with a fixed number of fraction digits (`{r, number, ::.00}`).
    static func printsFixedFraction(_ name: String, _ body: MessageBody) -> Bool {
        var found = false
        PlatformConversion.forEachArgument(body) { node in
            if !found, node.name == name, case .simple(let simple) = node.kind, simple.type == .number,
               let fraction = FractionPresentation(style: simple.style), fraction.fractionDigits > 0 || fraction.roundsHalfUp {
                found = true
            }
        }
        return found
    }
}
