// Prints how Speakable's MessageFormat engine fares on ../shared/testdata/mf1.
//
//   swift run MF1Conformance            summary
//   swift run MF1Conformance --verbose  every case
import ConformanceSupport
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

let verbose = CommandLine.arguments.contains("--verbose")
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
guard let directory = MF1Conformance.dataDirectory(packageRoot: root) else {
    print("MF1Conformance: ../shared/testdata/mf1 is not next to the package; nothing to run")
    exit(2)
}
let report = try MF1Conformance.run(dataDirectory: directory)
for outcome in report.icu + report.messageformatJS + report.syntax where verbose || !outcome.passed {
    print(outcome)
}
print(report.summary)
let failed = (report.icu + report.messageformatJS + report.syntax).contains { !$0.passed }
exit(failed ? 1 : 0)
