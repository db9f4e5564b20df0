#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line of a tool under `tools/`: options as `--name value` or `--name=value`, read
/// one after the other; a wrong one ends the tool with status 64 and a line on standard error.
///
/// ```swift
/// var command = ToolArguments(tool: "RealCatalogRoundTrip", arguments: Array(CommandLine.arguments.dropFirst()))
/// while let option = command.next() {
///     switch option.name {
///     case "--limit": limit = Int(command.value()) ?? command.usage("--limit takes a number")
///     default: command.usage("unknown option '\(option.argument)'")
///     }
/// }
/// ```
public struct ToolArguments {
    public let tool: String
    let arguments: [String]
    var index = 0
    var current = ""

    public init(tool: String, arguments: [String]) {
        self.tool = tool
        self.arguments = arguments
    }

    /// The next option: its name (without `=value`) and the argument as written; nil at the end.
    public mutating func next() -> (name: String, argument: String)? {
        guard index < arguments.count else { return nil }
        current = arguments[index]
        index += 1
        return (current.split(separator: "=", maxSplits: 1).first.map(String.init) ?? current, current)
    }

    /// The value of the option `next()` returned: after its `=`, else the next argument.
    public mutating func value() -> String {
        if let equals = current.firstIndex(of: "=") { return String(current[current.index(after: equals)...]) }
        guard index < arguments.count else { usage("\(current) needs a value") }
        index += 1
        return arguments[index - 1]
    }

    /// Ends the tool: a wrong command line (status 64).
    public func usage(_ message: String) -> Never {
        Self.printError("\(tool): \(message)\nRun with --help for the options.\n")
        exit(64)
    }

    /// Writes `text` to standard error as it is.
    public static func printError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
