/// What a command accepts: options that take a value, flags that do not.
struct CommandSpec {
    var valueOptions: Set<String>
    var flags: Set<String>
    /// Options that may be given more than once.
    var repeatable: Set<String> = []
}

/// Raw arguments turned into options, flags and positionals — the first of the two steps
/// (then each command validates these into its own configuration).
///
/// Accepts `--name value` and `--name=value`, `-h` for `--help`, and `--` to end options.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// How a command's run begins: with its arguments, or already over (help printed, or a usage
/// error reported) with an exit status.
enum CommandStart {
    case run(ParsedArguments)
    case exit(Int32)
}

extension CommandSpec {
    /// The start every command shares: parse the arguments, answer `--help`, or report a usage
    /// error (exit 64) in the house format.
    func start(_ arguments: [String], command: String, help: String, io: any CommandIO) -> CommandStart {
        do {
            let parsed = try parse(arguments)
            if parsed.has("help") {
                io.write(help)
                return .exit(ExitStatus.success)
            }
            return .run(parsed)
        } catch {
            return .exit(usageError(command, error.message, io))
        }
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

extension CommandSpec {
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
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
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(argument)'")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                if inlineValue != nil { throw UsageError(message: "'--\(name)' does not take a value") }
                parsed.flags.insert(name)
            } else if valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "'--\(name)' needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if parsed.values[name] != nil && !repeatable.contains(name) {
                    throw UsageError(message: "'--\(name)' is given more than once")
                }
                parsed.values[name, default: []].append(value)
            } else {
                let known = (valueOptions.union(flags)).sorted().map { "--" + $0 }.joined(separator: ", ")
                throw UsageError(message: "unknown option '--\(name)'\(known.isEmpty ? "" : "; this command takes \(known)")")
            }
        }
        return parsed
    }
}
