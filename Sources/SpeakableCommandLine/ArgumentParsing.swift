/// A command line read against a command's declared options — the first of the two steps (then
/// each command validates what depends on more than one option, or on the files named).
///
/// Accepts `--name value` and `--name=value`, a declared one-letter name (`-h` for `--help`), and
/// `--` to end options.
struct CommandLineArguments<Options: ParsableArguments> {
    /// The options, with their defaults where not given.
    var options: Options
    /// The arguments that are not options, in order.
    var positionals: [String] = []
    /// Whether `-h` or `--help` was given.
    var help = false
}

/// A `speakable` subcommand (swift-argument-parser's `ParsableCommand`): its name, its summary
/// and help, its options, and what it does with them.
protocol SpeakableCommand {
    associatedtype Arguments: ParsableArguments
    /// The word after `speakable`.
    static var name: String { get }
    /// One line for the overview of `speakable --help`.
    static var summary: String { get }
    /// What `--help` prints.
    static var help: String { get }
    /// Runs the command with its parsed command line; the exit status.
    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32
}

extension SpeakableCommand {
    /// The start every command shares: parse the arguments, answer `--help`, or report a usage
    /// error (exit 64) in the house format; then run.
    static func main(_ arguments: [String], io: any CommandIO) -> Int32 {
        let parsed: CommandLineArguments<Arguments>
        do {
            parsed = try Arguments.parse(arguments)
        } catch {
            return usage(error.message, io)
        }
        if parsed.help {
            io.write(help)
            return ExitStatus.success
        }
        return run(parsed, io: io)
    }

    /// Reports a wrong command line and returns exit status 64.
    static func usage(_ message: String, _ io: any CommandIO) -> Int32 { usageError(name, message, io) }
}

extension ParsableArguments {
    /// Reads `arguments` into the declared options; a usage error for an unknown option, a
    /// missing or invalid value, or an option that is not repeatable given twice.
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineArguments<Self> {
        var parsed = CommandLineArguments(options: Self())
        let options = parsed.options.declaredOptions
        var given: Set<String> = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                let short = argument.dropFirst()
                let declaration = (options.map(\.declaration) + [OptionDeclaration.help])
                    .first { short.count == 1 && $0.shortName == short.first }
                guard let declaration else { throw UsageError(message: "unknown option '\(argument)'") }
                name = declaration.name
            }
            if name == OptionDeclaration.help.name {
                if inlineValue != nil { throw UsageError(message: "'--\(name)' does not take a value") }
                parsed.help = true
                continue
            }
            guard let (declaration, option) = options.first(where: { $0.declaration.name == name }) else {
                let known = (options.map(\.declaration.name) + [OptionDeclaration.help.name]).sorted().map { "--" + $0 }
                throw UsageError(message: "unknown option '--\(name)'; this command takes \(known.joined(separator: ", "))")
            }
            guard declaration.takesValue else {
                if inlineValue != nil { throw UsageError(message: "'--\(name)' does not take a value") }
                try option.receive(nil, option: "--" + name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError(message: "'--\(name)' needs a value") }
                value = arguments[index]
                index += 1
            }
            if !given.insert(name).inserted && !declaration.isRepeatable {
                throw UsageError(message: "'--\(name)' is given more than once")
            }
            try option.receive(value, option: "--" + name)
        }
        return parsed
    }
}

/// Reports a wrong command line for `speakable <command>` and returns exit status 64.
func usageError(_ command: String, _ message: String, _ io: any CommandIO) -> Int32 {
    io.writeError("speakable \(command): \(message)\nRun 'speakable \(command) --help' for usage and examples.\n")
    return ExitStatus.usage
}

struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
