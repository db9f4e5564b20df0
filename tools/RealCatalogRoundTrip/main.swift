// The real-catalog round trip: imports an app's catalogs into a new Speakable project as a user
// would, checks and compiles it, and compares what Android renders from the original and the
// compiled resources (aapt2, ICU4J 72 plural rules, java.lang.String.format), and String
// Catalogs and Xcode XLIFF against the compiled catalogs. See docs/internals/round-trip.md.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PlatformDifferentialKit

let help = """
RealCatalogRoundTrip — does an app's catalog survive import → check → compile unchanged?

USAGE:
  swift run RealCatalogRoundTrip [inputs] [options]

INPUTS (default: --real-catalogs):
  --res DIR              an Android res/ folder: the XML files of values/ and of every
                         locale's folder (values-ko, values-pt-rBR, values-b+sr+Latn, values-iw)
                         that hold strings (repeatable; one app each)
  --catalog FILE         a catalog file: .xcstrings, Xcode .xliff, or an Android strings.xml in
                         its values folder (or named App_values-ko_strings.xml); every --catalog
                         of one run is one app, imported together (repeatable)
  --name NAME            what the report calls the --res just before it (or after it), or
                         the --catalog files
  --real-catalogs        every catalog of the development test data: each
                         ../shared/testdata/catalogs/real/<app>/res, and the loose files
                         of ../shared/testdata/catalogs grouped by app

OPTIONS:
  --mode LIST            default, convert-all (default: both)
  --source-locale TAG    the language of an Android values/ folder (default: en)
  --json                 the whole report as JSON on standard output
  --limit N              print at most N mismatches and differences per catalog and mode
                         (default: all)
  --keep DIR             keep the projects, compiled outputs, linked APKs and the runner's
                         requests in DIR
  --speakable PATH       the speakable binary (default: next to this program)
  -h, --help             show this help

For each app: speakable init P --locales <its locales>, speakable import --config
P/speakable.json <files>, speakable check P, speakable compile --project P and
speakable compile --project P --convert-all into separate folders. Android: the original res/
and each compiled android/res/ through aapt2 compile + link against framework-res.apk (a
compiled one must print nothing), then every (type, name, locale) of the original rendered
before and after as Android does: the locale's folder or values/, getString(id) for a source
without specifiers, else String.format(locale, text, args) with arguments of the kinds the
source's specifiers ask for, <plurals> at 0, 1, 2, 3, 5, 11, 21, 101 by ICU4J 72's rules.
String Catalogs: the default compile byte-identical; --convert-all the same keys,
localizations, variations, substitutions and texts. Xcode XLIFF: every unit's text in the
compiled catalog at its key, locale and variation.

EXIT STATUS:
  0 every catalog survives; 1 a mismatch, a crash, a link warning after compile, a catalog
  difference, or a command that failed; 64 a wrong command line.

EXAMPLES:
  swift run RealCatalogRoundTrip
  swift run RealCatalogRoundTrip --res app/src/main/res --name MyApp
  swift run RealCatalogRoundTrip --res ../shared/testdata/catalogs/real/antennapod/res --mode convert-all --limit 20
  swift run RealCatalogRoundTrip --catalog Localizable.xcstrings
  swift run RealCatalogRoundTrip --catalog values/strings.xml --catalog values-ko/strings.xml --name Clock
  swift run RealCatalogRoundTrip --json --keep /tmp/roundtrip > report.json

"""

func main(_ arguments: [String]) -> Int32 {
    var command = ToolArguments(tool: "RealCatalogRoundTrip", arguments: arguments)
    func usage(_ message: String) -> Never { command.usage(message) }
    var inputs: [RoundTripInput] = []
    var catalogs: [String] = []
    var catalogsName: String?
    var pendingName: String?
    var wantReal = false
    var options = RoundTripOptions()
    var json = false
    var limit = 0
    options.progress = isatty(2) != 0

    var lastWasRes = false, lastWasCatalog = false
    while let (name, argument) = command.next() {
        let wasRes = lastWasRes, wasCatalog = lastWasCatalog
        lastWasRes = name == "--res"
        lastWasCatalog = name == "--catalog"
        switch name {
        case "-h", "--help": print(help, terminator: ""); exit(0)
        case "--real-catalogs": wantReal = true
        case "--name":
            let given = command.value()
            if wasRes, !inputs.isEmpty {
                inputs[inputs.count - 1].name = given
            } else if !catalogs.isEmpty, wasCatalog {
                catalogsName = given
            } else {
                pendingName = given
            }
        case "--res":
            let directory = command.value()
            do {
                inputs.append(try RoundTripInput.res(directory, name: pendingName))
            } catch {
                usage("\(error)")
            }
            pendingName = nil
        case "--catalog":
            catalogs.append(command.value())
            if let pending = pendingName { catalogsName = pending; pendingName = nil }
        case "--mode":
            var modes: [CompileMode] = []
            for item in command.value().split(separator: ",") {
                guard let mode = CompileMode(rawValue: String(item)) else { usage("unknown mode '\(item)' (default, convert-all)") }
                if !modes.contains(mode) { modes.append(mode) }
            }
            options.modes = modes
        case "--source-locale": options.sourceLocale = command.value()
        case "--json": json = true
        case "--limit":
            guard let n = Int(command.value()), n >= 0 else { usage("--limit takes a number (0: all)") }
            limit = n
        case "--keep": options.keep = command.value()
        case "--speakable": options.speakable = command.value()
        default: usage("unknown option '\(argument)'")
        }
    }
    if pendingName != nil { usage("--name names a --res or the --catalog files: give one next to it") }
    if !catalogs.isEmpty {
        let name = catalogsName ?? (catalogs.count == 1 ? catalogs[0].split(separator: "/").last.map(String.init) ?? "catalog" : "catalogs")
        inputs.append(RoundTripInput(name: name, files: catalogs))
    }
    if inputs.isEmpty { wantReal = true }
    if wantReal {
        guard let directory = StandardInputs.realCatalogsDirectory else { usage("../shared/testdata/catalogs is not there") }
        inputs += RoundTripInput.realCatalogs(in: directory)
    }

    do {
        let report = try RealCatalogRoundTrip.run(inputs, options: options)
        if json {
            print(report.json.prettyPrinted())
        } else {
            print(report.text(limit: limit), terminator: "")
        }
        return report.failed ? 1 : 0
    } catch {
        ToolArguments.printError("RealCatalogRoundTrip: \(error)\n")
        return 1
    }
}

exit(main(Array(CommandLine.arguments.dropFirst())))
