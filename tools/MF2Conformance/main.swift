// Runs the Unicode MessageFormat 2 test suite through Speakable's MF2 parser and formatter.
//
//   swift run MF2Conformance                 ../shared/testdata/mf2/message-format-wg/tests
//   swift run MF2Conformance <tests folder>  every .json file under that folder
//   swift run MF2Conformance --verbose       every test, not only failures and skips
//
// Prints pass/fail/skip per file and in total, each failure (file, test, expected vs got) and
// each skip with its reason; exits 0 only when nothing fails.
import ConformanceSupport
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writes one line to standard error.
func printError(_ message: String) {
    let line = Array("MF2Conformance: \(message)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
}

var verbose = false
var folder: String?
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--verbose", "-v": verbose = true
    case "-h", "--help":
        print("usage: MF2Conformance [--verbose] [tests-folder]")
        exit(0)
    default:
        if argument.hasPrefix("-") {
            printError("unknown option \(argument)")
            exit(64)
        }
        folder = argument
    }
}
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
guard let directory = folder ?? MF2Conformance.testsDirectory(packageRoot: root) else {
    print("MF2Conformance: ../shared/testdata/mf2/message-format-wg/tests is not next to the package; nothing to run")
    exit(2)
}
let report: MF2Conformance.Report
do {
    report = try MF2Conformance.run(directory: directory)
} catch {
    printError("\(error)")
    exit(2)
}
for outcome in report.outcomes where verbose || outcome.status != .pass {
    print(outcome)
}
print(report.summary)
exit(report.count(.fail) > 0 ? 1 : 0)
