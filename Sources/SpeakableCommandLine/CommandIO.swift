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
    /// The next line of standard input without its line break, or nil at the end (invalid
    /// UTF-8 repaired to U+FFFD: use ``readLineBytes(limit:)`` where that matters).
    func readLine() -> String?
    /// The next line's bytes without its line break — or, for a line longer than `limit`
    /// bytes, its length only (the line is read past, not kept); nil at the end.
    func readLineBytes(limit: Int) -> InputLine?
    /// Whether standard error is a terminal (progress and colour go there only then).
    var errorIsTerminal: Bool { get }
    /// Whether standard output is a terminal.
    var outputIsTerminal: Bool { get }
}

/// A line of input: its bytes, or only its length when it was longer than the limit.
public enum InputLine: Hashable, Sendable {
    case bytes([UInt8])
    case tooLong(Int)
}

/// The process's standard input, output and error.
///
/// `SIGPIPE` is ignored (``ignoreBrokenPipes()``): when the reader of standard output goes away
/// (`speakable describe demo | head -3`), the next write fails with `EPIPE` and the process
/// exits quietly with status 1 instead of being killed by the signal mid-way.
public final class StandardIO: CommandIO {
    public init() {}

    /// Called once at start-up by `speakable`.
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

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
                    // Standard output closed by its reader: nothing more to say to anyone.
                    if errno == EPIPE && descriptor == 1 { exit(ExitStatus.failure) }
                    return
                }
                offset += written
            }
        }
    }

    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    public func readLine() -> String? {
        switch readLineBytes(limit: Int.max) {
        case .bytes(let bytes)?: String(decoding: bytes, as: UTF8.self)
        case .tooLong?, nil: nil
        }
    }

    public func readLineBytes(limit: Int) -> InputLine? {
        var line: [UInt8] = []
        var length = 0
        while true {
            if start == buffer.count {
                if atEnd { return length == 0 && line.isEmpty ? nil : (length > limit ? .tooLong(length) : .bytes(line)) }
                buffer = [UInt8](repeating: 0, count: 1 << 16)
                start = 0
                var n = -1
                while n < 0 {
                    n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
                    if n < 0 && errno != EINTR { n = 0 }
                }
                buffer.removeSubrange(n...)
                if n == 0 {
                    atEnd = true
                    continue
                }
            }
            let newline = buffer[start...].firstIndex(of: 0x0A)
            let end = newline ?? buffer.count
            length += end - start
            if length <= limit { line += buffer[start..<end] } else { line = [] }
            start = newline.map { $0 + 1 } ?? end
            if newline != nil { return length > limit ? .tooLong(length) : .bytes(line) }
        }
    }

    public var errorIsTerminal: Bool { isatty(2) != 0 }
    public var outputIsTerminal: Bool { isatty(1) != 0 }
}

/// In-memory streams for tests.
public final class BufferedIO: CommandIO {
    public private(set) var output = ""
    public private(set) var error = ""
    private var input: [[UInt8]]
    public var errorIsTerminal: Bool
    public var outputIsTerminal: Bool

    public convenience init(input: String = "", terminal: Bool = false) {
        self.init(inputBytes: Array(input.utf8), terminal: terminal)
    }

    /// Input given as bytes (which need not be UTF-8).
    public init(inputBytes: [UInt8], terminal: Bool = false) {
        var lines = inputBytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last == [] { lines.removeLast() }
        self.input = lines
        self.errorIsTerminal = terminal
        self.outputIsTerminal = terminal
    }

    public func write(_ text: String) { output += text }
    public func writeError(_ text: String) { error += text }

    public func readLine() -> String? {
        input.isEmpty ? nil : String(decoding: input.removeFirst(), as: UTF8.self)
    }

    public func readLineBytes(limit: Int) -> InputLine? {
        guard !input.isEmpty else { return nil }
        let line = input.removeFirst()
        return line.count > limit ? .tooLong(line.count) : .bytes(line)
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
