#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

// Test support: openjdk's own java.util.Formatter, run on formats and arguments, so that
// every claim Speakable makes about Android's String.format is checked against the real thing.
// Used by SpeakablePlatformFormatsTests (the format model) and SpeakableCheckerTests (planted
// format-mismatch findings). Not part of any product.

/// Compiles and runs a small Java program that formats each case with openjdk's
/// `String.format(Locale.US, format, args…)` and prints `ok` or the exception.
public enum JavaRunner {
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    public static let javac = which("javac")
    public static let java = which("java")
    public static var available: Bool { javac != nil && java != nil }
    /// CI always has the platform tools: a missing one is a failure there, not a skip.
    public static var required: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    static let source = #"""
    import java.nio.file.*;
    import java.util.*;
    public class FormatOracle {
      public static void main(String[] a) throws Exception {
        for (String line : Files.readAllLines(Paths.get(a[0]))) {
          int tab = line.lastIndexOf('\t');
          String format = line.substring(0, tab);
          String codes = line.substring(tab + 1);
          Object[] args = new Object[codes.length()];
          for (int i = 0; i < codes.length(); i++) {
            switch (codes.charAt(i)) {
              case 'i': args[i] = Integer.valueOf(5); break;
              case 'd': args[i] = Double.valueOf(1.5); break;
              case 'c': args[i] = Character.valueOf('x'); break;
              case 'b': args[i] = Boolean.TRUE; break;
              case 't': args[i] = new GregorianCalendar(2026, 7, 26, 9, 30); break;
              default: args[i] = "x";
            }
          }
          try {
            String out = String.format(Locale.US, format, args);
            System.out.println("ok " + out.replace("\n", "\\n"));
          } catch (Exception e) {
            System.out.println(e.getClass().getName() + ": " + e.getMessage());
          }
        }
      }
    }
    """#

    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// A value an app passes to `String.format`.
    public enum Value: Hashable, Sendable {
        case string(String)
        case integer(Int64)
        case double(Double)
    }

    /// One `String.format(locale, format, values…)` call.
    public struct Call: Hashable, Sendable {
        /// A BCP 47 tag (`Locale.forLanguageTag`).
        public var locale: String
        public var format: String
        public var values: [Value]

        public init(locale: String, format: String, values: [Value]) {
            self.locale = locale
            self.format = format
            self.values = values
        }
    }

    static let valuesSource = #"""
    import java.nio.charset.StandardCharsets;
    import java.nio.file.*;
    import java.util.*;
    public class ValueFormatOracle {
      static String text(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        return new String(b, StandardCharsets.UTF_8);
      }
      static String hex(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) out.append(String.format("%02x", b & 0xff));
        return out.toString();
      }
      public static void main(String[] a) throws Exception {
        for (String line : Files.readAllLines(Paths.get(a[0]))) {
          String[] f = line.split(" ", -1);
          Locale locale = Locale.forLanguageTag(f[0]);
          String format = text(f[1]);
          Object[] args = new Object[f.length - 2];
          for (int i = 2; i < f.length; i++) {
            char type = f[i].charAt(0);
            String value = text(f[i].substring(1));
            args[i - 2] = type == 'i' ? (Object) Long.valueOf(value) : type == 'd' ? (Object) Double.valueOf(value) : value;
          }
          try {
            System.out.println("ok " + hex(String.format(locale, format, args)));
          } catch (Exception e) {
            System.out.println("error " + hex(e.getClass().getName() + ": " + e.getMessage()));
          }
        }
      }
    }
    """#

    /// Runs every call in one JVM: what `String.format` returns, or the exception it throws
    /// (`java.util.IllegalFormatConversionException: d != java.lang.String`) as a failure.
    public static func format(_ calls: [Call]) throws -> [Result<String, Failure>] {
        func hex(_ text: String) -> String {
            let digits = Array("0123456789abcdef")
            return String(text.utf8.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
        }
        func text(_ hex: Substring) -> String {
            var bytes: [UInt8] = []
            var i = hex.startIndex
            while i < hex.endIndex, let j = hex.index(i, offsetBy: 2, limitedBy: hex.endIndex), let b = UInt8(hex[i..<j], radix: 16) {
                bytes.append(b)
                i = j
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let lines = calls.map { call in
            ([call.locale, hex(call.format)] + call.values.map { value in
                switch value {
                case .string(let s): "s" + hex(s)
                case .integer(let n): "i" + hex(String(n))
                case .double(let d): "d" + hex("\(d)")
                }
            }).joined(separator: " ")
        }
        let directory = FileManager.default.temporaryDirectory.path + "/speakable-java-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(valuesSource.utf8).write(to: URL(fileURLWithPath: directory + "/ValueFormatOracle.java"))
        try Data(lines.joined(separator: "\n").utf8 + [10]).write(to: URL(fileURLWithPath: directory + "/calls.txt"))
        guard run([javac!, "-d", directory, directory + "/ValueFormatOracle.java"], output: directory + "/javac.txt") == 0 else {
            throw Failure(description: "javac failed: " + (String(data: (try? Data(contentsOf: URL(fileURLWithPath: directory + "/javac.txt"))) ?? Data(), encoding: .utf8) ?? ""))
        }
        guard run([java!, "-cp", directory, "ValueFormatOracle", directory + "/calls.txt"], output: directory + "/out.txt") == 0 else {
            throw Failure(description: "java failed")
        }
        let output = String(decoding: try Data(contentsOf: URL(fileURLWithPath: directory + "/out.txt")), as: UTF8.self)
        let results: [Result<String, Failure>] = output.split(separator: "\n").map { line in
            if line.hasPrefix("ok ") { return .success(text(line.dropFirst(3))) }
            return .failure(Failure(description: text(line.drop { $0 != " " }.dropFirst())))
        }
        guard results.count == calls.count else { throw Failure(description: "java printed \(results.count) results for \(calls.count) calls") }
        return results
    }

    public static func format(_ cases: [(format: String, arguments: String)]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.path + "/speakable-java-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(source.utf8).write(to: URL(fileURLWithPath: directory + "/FormatOracle.java"))
        try Data(cases.map { $0.format + "\t" + $0.arguments }.joined(separator: "\n").utf8 + [10])
            .write(to: URL(fileURLWithPath: directory + "/cases.txt"))
        guard run([javac!, "-d", directory, directory + "/FormatOracle.java"], output: directory + "/javac.txt") == 0 else {
            throw Failure(description: "javac failed: " + (String(data: (try? Data(contentsOf: URL(fileURLWithPath: directory + "/javac.txt"))) ?? Data(), encoding: .utf8) ?? ""))
        }
        guard run([java!, "-cp", directory, "FormatOracle", directory + "/cases.txt"], output: directory + "/out.txt") == 0 else {
            throw Failure(description: "java failed")
        }
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: directory + "/out.txt")), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Runs a program with standard output and error going to `output`; returns its exit status.
    public static func run(_ arguments: [String], output: String) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }
}
