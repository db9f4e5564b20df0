// The platform differential: compiles Speakable projects and platform catalogs with
// `speakable compile`, runs the outputs as Android (aapt2, ICU4J, java.lang.String.format) and
// Apple (the generated accessors over a model of Apple's run time) do, and compares every case
// with Speakable's formatter. See docs/internals/platform-differential.md.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PlatformDifferentialKit

let help = """
PlatformDifferential — what the compiled catalogs make iOS and Android say, against Speakable

USAGE:
  swift run PlatformDifferential [inputs] [options]

INPUTS (default: --builtin --real-catalogs --stress --numbers):
  --builtin              the built-in catalog (Templates/ + Locales/)
  --project DIR          a Speakable project (repeatable)
  --catalog FILE         a platform catalog, imported with speakable import, then compiled
                         (repeatable; every --catalog of one run goes into one project)
  --real-catalogs        every catalog in ../shared/testdata/catalogs, one project per app
  --stress               the generated stress project (--seed N, default 1; --messages N, default 56)
  --numbers              the generated number-style project: every style of the built-in catalog,
                         seeds and fixtures on fractions (0.5, 1.25, 1234567.891, -3.5, 0, 100)
                         and integers, in en, ar, de, hi, ko, pl, ru

OPTIONS:
  --platform LIST        android, android-kotlin, compose, apple, apple-no-catalog (default: all)
  --apple-device NAME    the device whose .xcstrings device variations are read (default: iphone)
  --project-outputs      measure only the outputs each project's speakable.json asks for
                         (default: every output, after checking the project's own compile)
  --allow-list FILE      exceptions accepted on purpose (default: tools/PlatformDifferential/allow-list.json)
  --quick                fewer sweep values (what swift test runs)
  --json                 the whole report as JSON on standard output
  --limit N              print at most N mismatches per input and platform (default: all)
  --keep DIR             keep scratch projects, compiled outputs and runner inputs in DIR
  --speakable PATH       the speakable binary (default: next to this program)
  -h, --help             show this help

EXIT STATUS:
  0 every case identical or allowed; 1 mismatches, problems (aapt2 warnings, failed compiles);
  64 a wrong command line.

EXAMPLES:
  swift run PlatformDifferential
  swift run PlatformDifferential --builtin --platform android
  swift run PlatformDifferential --catalog ../shared/testdata/catalogs/CotEditor_CommandBar.xcstrings
  swift run PlatformDifferential --stress --seed 7 --messages 200 --json > stress.json

"""

func main(_ arguments: [String]) -> Int32 {
    var command = ToolArguments(tool: "PlatformDifferential", arguments: arguments)
    func usage(_ message: String) -> Never { command.usage(message) }
    var inputs: [DifferentialInput] = []
    var catalogs: [String] = []
    var options = DifferentialOptions()
    var allowListPath: String?
    var json = false
    var limit = 0
    var wantBuiltin = false, wantReal = false, wantStress = false, wantNumbers = false
    var seed: UInt64 = 1
    var messages = 56
    options.progress = isatty(2) != 0

    while let (name, argument) = command.next() {
        switch name {
        case "-h", "--help": print(help, terminator: ""); exit(0)
        case "--builtin": wantBuiltin = true
        case "--real-catalogs": wantReal = true
        case "--stress": wantStress = true
        case "--numbers": wantNumbers = true
        case "--project":
            let directory = command.value()
            inputs.append(.project(name: directory.split(separator: "/").last.map(String.init) ?? directory, directory: directory))
        case "--catalog": catalogs.append(command.value())
        case "--seed":
            guard let n = UInt64(command.value()) else { usage("--seed takes a whole number") }
            seed = n
        case "--messages":
            guard let n = Int(command.value()), n > 0 else { usage("--messages takes a positive number") }
            messages = n
        case "--platform":
            var set = Set<Platform>()
            for item in command.value().split(separator: ",") {
                guard let platform = Platform(rawValue: String(item)) else { usage("unknown platform '\(item)' (android, android-kotlin, compose, apple, apple-no-catalog)") }
                set.insert(platform)
            }
            options.platforms = set
        case "--allow-list": allowListPath = command.value()
        case "--apple-device": options.appleDevice = command.value()
        case "--project-outputs": options.projectOutputs = true
        case "--quick": options.quick = true
        case "--json": json = true
        case "--limit":
            guard let n = Int(command.value()), n >= 0 else { usage("--limit takes a number (0: all)") }
            limit = n
        case "--keep": options.keep = command.value()
        case "--speakable": options.speakable = command.value()
        default: usage("unknown option '\(argument)'")
        }
    }

    if !catalogs.isEmpty {
        inputs.append(.catalogs(name: catalogs.count == 1 ? (catalogs[0].split(separator: "/").last.map(String.init) ?? "catalog") : "catalogs",
                                files: catalogs))
    }
    if inputs.isEmpty && !wantBuiltin && !wantReal && !wantStress && !wantNumbers {
        wantBuiltin = true; wantReal = true; wantStress = true; wantNumbers = true
    }
    if wantBuiltin { inputs.insert(StandardInputs.builtin, at: 0) }
    if wantReal {
        guard let directory = StandardInputs.realCatalogsDirectory else { usage("../shared/testdata/catalogs is not there") }
        inputs += StandardInputs.realCatalogs(in: directory)
    }
    if wantStress { inputs.append(StandardInputs.stress(seed: seed, messages: messages)) }
    if wantNumbers { inputs.append(StandardInputs.numbers) }

    do {
        let allowList = try AllowList.read(allowListPath ?? StandardInputs.allowList)
        let report = try PlatformDifferential.run(inputs, allowList: allowList, options: options)
        if json {
            print(report.json.prettyPrinted())
        } else {
            print(report.text(limit: limit), terminator: "")
        }
        return report.failed ? 1 : 0
    } catch {
        ToolArguments.printError("PlatformDifferential: \(error)\n")
        return 1
    }
}

exit(main(Array(CommandLine.arguments.dropFirst())))
