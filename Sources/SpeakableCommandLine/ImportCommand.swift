import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler

/// `speakable import`: platform catalogs into templates and flat ICU JSON.
enum ImportCommand: SpeakableCommand {
    static let name = "import"
    static let summary = "Bring .xcstrings, Android strings.xml or res/, and XLIFF into Templates/ and Locales/"

    static let help = """
    speakable import — bring .xcstrings, Android strings.xml and XLIFF into Templates/ and Locales/

    USAGE:
      speakable import FILE… [--config FILE] [--locales DIR] [--table NAME] [--locale TAG]

    FILES:
      *.xcstrings          String Catalogs (plural variations and substitutions become ICU
                           plurals; printf specifiers become named arguments)
      res/values*/*.xml    Android resources (the folder gives the locale: values/ is the source
                           language, values-ko Korean, values-b+sr+Latn Serbian in Latin script)
      res/                 an Android res/ folder: the files with strings in values/ and in each
                           values-<locale>/ (folders for another configuration, such as
                           values-night, are listed in a note and not imported)
      *.xliff, *.xlf       XLIFF 2.0 (from speakable compile) or Xcode's XLIFF 1.2 export

    OPTIONS:
    \(Arguments.optionListing)

    Source-language text becomes template messages (existing ones are kept); translations are
    merged into Locales/<tag>/<table>.json. What Speakable's files do not model — comments,
    states, shouldTranslate, device variations, string arrays, the original keys and
    specifiers — is kept in .speakable/<table>.platform.json and written back by
    `speakable compile`. A new project's speakable.json gets "outputs" from what was imported
    (an Xcode catalog: ["xcstrings"]), so compile writes that format by default; a project that
    lists its outputs gets the imported format added. An import with an error writes nothing.

    EXIT STATUS:
      0 imported; 1 errors in a file (printed with file, line and column); 64 a wrong command
      line, or a file or --config that does not exist.

    EXAMPLES (a project made by init, then catalogs brought into it):
      speakable init MyGame --locales ko
      speakable import --config MyGame/speakable.json Examples/Catalogs/Localizable.xcstrings
      speakable import --config MyGame/speakable.json --dry-run Examples/Catalogs/res/values/strings.xml
      speakable import --config MyGame/speakable.json Examples/Catalogs/res/values/strings.xml Examples/Catalogs/res/values-ko/strings.xml
      speakable import --config MyGame/speakable.json Examples/Catalogs/res
      speakable compile --project MyGame --only xliff
      speakable import --config MyGame/speakable.json MyGame/Generated/xliff/ko.xliff

    """

    /// The options of `speakable import`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 21

        @Option(value: "FILE", help: "the project's speakable.json (default: ./speakable.json when present)")
        var config: String?
        @Option(value: "DIR", help: "where translations go (default: the config's \"locales\", Locales/)")
        var locales: String?
        @Option(value: "NAME", help: "the table to import into (default: the file's name; XLIFF: its <file>)")
        var table: String?
        @Option(value: "TAG", help: "the locale of Android files whose folder does not say")
        var locale: String?
        @Flag(help: "print what would be written, write nothing")
        var dryRun: Bool
    }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let arguments = parsed.options
        guard !parsed.positionals.isEmpty else { return usage("give the catalog files to import", io) }
        if let tag = arguments.locale, let problem = LocaleArguments.problem(tag, option: "--locale") {
            return usage(problem, io)
        }
        if let config = arguments.config, !FileManager.default.fileExists(atPath: config) {
            return usage("there is no config file '\(config)'", io)
        }
        for file in parsed.positionals where !FileManager.default.fileExists(atPath: file) {
            return usage("there is no file '\(file)'", io)
        }
        var options = ImportOptions()
        options.table = arguments.table
        options.locale = arguments.locale
        if let locales = arguments.locales {
            guard isSafeRelativePath(locales) else { return usage("--locales must be a folder inside the project", io) }
            options.localesDirectory = locales
        }
        let project = ProjectLoader.load(configPath: arguments.config)
        let printer = SourcePrinter(io: io)
        // A config with errors (invalid JSON, a folder outside the project) loads as the defaults:
        // importing would write to folders the config does not name.
        let configErrors = project.diagnostics.filter { $0.severity == .error && $0.file != nil && $0.file == project.config.file }
        if !configErrors.isEmpty {
            for diagnostic in configErrors { printer.print(diagnostic) }
            printer.finish()
            io.writeError("speakable import: \(project.config.file ?? "speakable.json") has errors; nothing was written (fix it, then import again)\n")
            return ExitStatus.failure
        }
        let result = CatalogImporter.importFiles(parsed.positionals, project: project, options: options)
        for diagnostic in result.diagnostics { printer.print(diagnostic) }
        printer.finish()
        if result.hasErrors {
            io.writeError("speakable import: errors; nothing was written\n")
            return ExitStatus.failure
        }
        let summary = result.counts.keys.sorted().map { "\($0): \(result.counts[$0]!)" }.joined(separator: ", ")
        if arguments.dryRun {
            // What the import would refuse (a folder on the way that is a link out of the
            // project), refused here too.
            let problems = OutputWriter.problems(writing: result.files, to: project.root)
            if !problems.isEmpty {
                for diagnostic in problems { printer.print(diagnostic) }
                return ExitStatus.failure
            }
            io.write("would write (\(summary)):\n")
            for file in result.files { io.write("  \(file.path)\n") }
            return ExitStatus.success
        }
        do throws(OutputWriter.Failure) {
            let report = try OutputWriter.write(result.files, to: project.root)
            io.write("imported \(summary.isEmpty ? "nothing" : summary): \(report.written.count) written, \(report.unchanged.count) unchanged\n")
            for path in report.written { io.write("  \(path)\n") }
            return ExitStatus.success
        } catch {
            for diagnostic in error.diagnostics { printer.print(diagnostic) }
            return ExitStatus.failure
        }
    }
}
