/// What one option of a command is: its name, the name of its value (none for a flag), its help,
/// and whether it may be given more than once. Declared with ``Option`` or ``Flag`` on a property
/// of the command's ``ParsableArguments``; the parser and the `--help` listing are both made from it.
struct OptionDeclaration {
    /// The long name, without `--`.
    var name: String
    /// A one-letter name, used as `-q`.
    var shortName: Character?
    /// What the value is called in `--help` (`FILE`); nil for a flag.
    var valueName: String?
    /// The help, one line or more; lines after the first are indented by the listing.
    var help: String
    var isRepeatable = false

    var takesValue: Bool { valueName != nil }

    /// How `--help` shows the option: `--config FILE`, `-q, --quiet`.
    var label: String {
        (shortName.map { "-\($0), " } ?? "") + "--" + name + (valueName.map { " " + $0 } ?? "")
    }

    /// Every command's `-h, --help`.
    static let help = OptionDeclaration(name: "help", shortName: "h", help: "show this help")
}

/// A value an option takes, read from its argument (swift-argument-parser's protocol of the same
/// name).
protocol ExpressibleByArgument {
    /// The value `argument` stands for; nil when it is not one.
    init?(argument: String)
    /// The values there are, when they are a list of choices.
    static var allValueStrings: [String] { get }
    /// The usage error for an `argument` given to `option` (`--format`) that is not a value.
    static func problem(with argument: String, option: String) -> String
}

extension ExpressibleByArgument {
    static var allValueStrings: [String] { [] }

    /// `'--format xml' is not one of text, json, sarif, junit, github`.
    static func problem(with argument: String, option: String) -> String {
        "'\(option) \(argument)' is not one of \(allValueStrings.joined(separator: ", "))"
    }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable<String> {
    init?(argument: String) { self.init(rawValue: argument) }
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
    init?(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
    init?(argument: String) { self.init(argument, radix: 10) }

    static func problem(with argument: String, option: String) -> String {
        "'\(option) \(argument)' is not a whole number"
    }
}

/// Where a parsed value is kept. The property wrapper in a command's options and the copy of it
/// that the parser finds by reflection share it, so the parser can fill in what it reads.
final class ArgumentStorage<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// An ``Option`` or ``Flag`` as the parser sees it.
protocol DeclaredOption {
    /// The declaration; an empty name is taken from the property (`writeBaseline` → `write-baseline`).
    var declaration: OptionDeclaration { get }
    /// Takes one occurrence of the option, named `option` in messages: its argument, or nil for a flag.
    func receive(_ argument: String?, option: String) throws(UsageError)
}

/// An option that takes a value: `--format json`, `--locale ko` (when repeatable, every one given).
///
/// ```swift
/// @Option(value: "FORMAT", help: "text (default) or json")
/// var format: Format = .text
/// ```
@propertyWrapper
struct Option<Value>: DeclaredOption {
    let declaration: OptionDeclaration
    private let storage: ArgumentStorage<Value>
    private let read: (ArgumentStorage<Value>, String, String) throws(UsageError) -> Void

    var wrappedValue: Value { storage.value }

    func receive(_ argument: String?, option: String) throws(UsageError) {
        try read(storage, argument ?? "", option)
    }

    /// An option with a default: the value given replaces it.
    init(wrappedValue: Value, name: String = "", short: Character? = nil, value valueName: String, help: String)
    where Value: ExpressibleByArgument {
        declaration = OptionDeclaration(name: name, shortName: short, valueName: valueName, help: help)
        storage = ArgumentStorage(wrappedValue)
        read = { storage, argument, option throws(UsageError) in storage.value = try Self.value(argument, option: option) }
    }

    /// An option without a default: nil when it is not given.
    init<Wrapped: ExpressibleByArgument>(name: String = "", short: Character? = nil, value valueName: String, help: String)
    where Value == Wrapped? {
        declaration = OptionDeclaration(name: name, shortName: short, valueName: valueName, help: help)
        storage = ArgumentStorage(nil)
        read = { storage, argument, option throws(UsageError) in storage.value = try Option<Wrapped>.value(argument, option: option) }
    }

    /// A repeatable option: every value given, in order.
    init<Element: ExpressibleByArgument>(wrappedValue: Value = [], name: String = "", short: Character? = nil, value valueName: String,
                                         help: String)
    where Value == [Element] {
        declaration = OptionDeclaration(name: name, shortName: short, valueName: valueName, help: help, isRepeatable: true)
        storage = ArgumentStorage(wrappedValue)
        read = { storage, argument, option throws(UsageError) in storage.value.append(try Option<Element>.value(argument, option: option)) }
    }

    static func value(_ argument: String, option: String) throws(UsageError) -> Value where Value: ExpressibleByArgument {
        guard let value = Value(argument: argument) else { throw UsageError(message: Value.problem(with: argument, option: option)) }
        return value
    }
}

/// An option without a value, false unless given: `--measure`.
@propertyWrapper
struct Flag: DeclaredOption {
    let declaration: OptionDeclaration
    private let storage = ArgumentStorage(false)

    var wrappedValue: Bool { storage.value }

    init(wrappedValue: Bool = false, name: String = "", short: Character? = nil, help: String) {
        declaration = OptionDeclaration(name: name, shortName: short, help: help)
        storage.value = wrappedValue
    }

    func receive(_ argument: String?, option: String) throws(UsageError) {
        storage.value = true
    }
}

/// A command's options: a struct of ``Option`` and ``Flag`` properties, in the order `--help` lists
/// them (swift-argument-parser's protocol of the same name).
///
/// ```swift
/// struct Arguments: ParsableArguments {
///     static let labelWidth = 19
///     @Option(value: "TAG", help: "BCP 47 locale (default: en)") var locale = "en"
///     @Flag(help: "read one request per line") var jsonl: Bool
/// }
/// ```
protocol ParsableArguments {
    /// The options with their defaults.
    init()
    /// The width of the label column of the `--help` listing; a longer label has its help on
    /// the lines below it.
    static var labelWidth: Int { get }
}

extension ParsableArguments {
    /// The declared options, with their names, followed by `--help`.
    static var declarations: [OptionDeclaration] { Self().declaredOptions.map(\.declaration) + [OptionDeclaration.help] }

    /// Every option of this value, named (the name taken from the property when not declared).
    var declaredOptions: [(declaration: OptionDeclaration, option: any DeclaredOption)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let option = child.value as? any DeclaredOption else { return nil }
            var declaration = option.declaration
            if declaration.name.isEmpty { declaration.name = Self.optionName(property: child.label ?? "") }
            return (declaration, option)
        }
    }

    /// `_writeBaseline` (a wrapper's storage) → `write-baseline`.
    static func optionName(property: String) -> String {
        var name = ""
        for character in property.drop(while: { $0 == "_" }) {
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }

    /// The OPTIONS section of `--help`: each option's label and help, `-h, --help` last; indented
    /// by two spaces, without a final newline (to be interpolated into the help text).
    static var optionListing: String {
        let indent = String(repeating: " ", count: 2 + labelWidth)
        var lines: [String] = []
        for declaration in declarations {
            var help = declaration.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if declaration.label.count + 2 <= labelWidth {
                lines.append("  " + declaration.label.padding(labelWidth) + help.removeFirst())
            } else {
                lines.append("  " + declaration.label)
            }
            lines += help.map { $0.isEmpty ? "" : indent + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
