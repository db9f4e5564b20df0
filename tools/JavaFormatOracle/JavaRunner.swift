#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

// Test support (issue 9): openjdk's own java.util.Formatter, run on formats and arguments, so that
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
