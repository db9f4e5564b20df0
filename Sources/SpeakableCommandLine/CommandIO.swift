#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads and writes. The real one is the process's standard streams; tests use
/// ``BufferedIO``.
public protocol CommandIO: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
    /// The next line of standard input without its line break, or nil at the end.
    func readLine() -> String?
    /// Whether standard error is a terminal (progress and colour go there only then).
    var errorIsTerminal: Bool { get }
    /// Whether standard output is a terminal.
    var outputIsTerminal: Bool { get }
}

/// The process's standard input, output and error.
public final class StandardIO: CommandIO {
    public init() {}

    public func write(_ text: String) { Self.write(text, to: 1) }

    public func writeError(_ text: String) { Self.write(text, to: 2) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // the reader went away (EPIPE); nothing sensible to do
                }
                offset += written
            }
        }
    }

    public func readLine() -> String? { Swift.readLine(strippingNewline: true) }

    public var errorIsTerminal: Bool { isatty(2) != 0 }
    public var outputIsTerminal: Bool { isatty(1) != 0 }
}

/// In-memory streams for tests.
public final class BufferedIO: CommandIO {
    public private(set) var output = ""
    public private(set) var error = ""
    private var input: [String]
    public var errorIsTerminal: Bool
    public var outputIsTerminal: Bool

    public init(input: String = "", terminal: Bool = false) {
        var lines = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.input = lines
        self.errorIsTerminal = terminal
        self.outputIsTerminal = terminal
    }

    public func write(_ text: String) { output += text }
    public func writeError(_ text: String) { error += text }

    public func readLine() -> String? {
        input.isEmpty ? nil : input.removeFirst()
    }
}

/// Exit statuses (sysexits.h where it has one).
public enum ExitStatus {
    public static let success: Int32 = 0
    /// Findings or failures in the input.
    public static let failure: Int32 = 1
    /// The command line itself is wrong.
    public static let usage: Int32 = 64
}
