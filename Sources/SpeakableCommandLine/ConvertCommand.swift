import FoundationEssentials
import SpeakableCatalog
import SpeakableCompiler
import SpeakableDiagnostics

/// `speakable convert`: a message, a file or a project from ICU MessageFormat 1 to Unicode
/// MessageFormat 2, or back.
enum ConvertCommand: SpeakableCommand {
    static let name = "convert"
    static let summary = "Convert messages, files or a project between MessageFormat 1 and 2"

    static let help = """
    speakable convert — messages, template and translation files, or a whole project, from ICU
    MessageFormat 1 to Unicode MessageFormat 2 (--to mf2) or back (--to mf1)

    USAGE:
      speakable convert --to mf2|mf1 MESSAGE
      speakable convert --to mf2|mf1 --file FILE [--out FILE]
      speakable convert --to mf2|mf1 --project DIR --out DIR

    A message is printed converted. A template (Templates/<table>.json) or translation file
    (Locales/<tag>/<table>.json) is printed, or written to --out. A project (its folder or
    speakable.json) is written to --out as a new project: speakable.json says "syntax", and
    every template and translation is converted; compiling it gives the same catalogs.

    Meaning is kept. What a conversion cannot keep is a warning at its place in the message,
    with what was written instead (convert-not-kept): a several-selector .match becomes nested
    MF1 plurals and selects; markup, attributes and u: options have no MF1 form; an MF1 choice,
    spellout or ::skeleton has no standard MF2 function and becomes Speakable's own
    (:speakable:choice, :speakable:number …), which other MF2 tools do not know (docs/mf2.md).

    OPTIONS:
    \\(Arguments.optionListing)

    EXIT STATUS:
      0 converted (warnings say what was not kept); 1 a message that does not parse (nothing is
      written); 64 a wrong command line, or a file or project that does not exist.

    EXAMPLES:
      speakable convert --to mf2 '{n, plural, one {# star} other {# stars}}'
      speakable convert --to mf1 '.input {$n :integer} .match $n one {{{$n} star}} * {{{$n} stars}}'
      speakable convert --to mf2 --file Examples/Starter/Templates/game.json
      speakable convert --to mf2 --project Examples/Starter --out Generated/starter-mf2

    """

    /// The options of `speakable convert`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 17

        @Option(value: "SYNTAX", help: "mf2 (Unicode MessageFormat 2) or mf1 (ICU MessageFormat 1): what to convert to")
        var to: MessageSyntax?
        @Option(value: "FILE", help: "a template or translation file to convert (printed, or written to --out)")
        var file: String?
        @Option(value: "DIR", help: "a project (folder or speakable.json) to convert into --out")
        var project: String?
        @Option(value: "PATH", help: """
            where the converted file or project goes (a project's --out is a new or empty
            folder, or one an earlier conversion wrote)
            """)
        var out: String?
    }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let options = parsed.options
        guard let syntax = options.to else { return usage("say what to convert to: --to mf2 or --to mf1", io) }
        let printer = SourcePrinter(io: io)
        switch (options.file, options.project, parsed.positionals.count) {
        case (nil, nil, 1):
            guard options.out == nil else { return usage("--out is for --file and --project; a message is printed", io) }
            let source = parsed.positionals[0]
            let converted = SyntaxConversion.message(source, to: syntax)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for diagnostic in converted.diagnostics {
                let line = diagnostic.position.flatMap { $0.line - 1 < lines.count ? lines[$0.line - 1] : nil }
                io.writeError(DiagnosticPrinter(colour: io.errorIsTerminal).render(diagnostic, sourceLine: line))
            }
            guard let text = converted.text else { return ExitStatus.failure }
            io.write(text + "\n")
            return ExitStatus.success
        case (let file?, nil, 0):
            guard case .success(let bytes) = InputFile.read(file) else { return usage("there is no readable file '\(file)'", io) }
            let converted = SyntaxConversion.file(bytes, file: file, to: syntax)
            for diagnostic in converted.diagnostics { printer.print(diagnostic) }
            printer.finish()
            guard let contents = converted.contents else {
                io.writeError("speakable convert: \(file) was not converted (a message in it does not parse); nothing was written\n")
                return ExitStatus.failure
            }
            guard let out = options.out else {
                io.write(contents)
                return ExitStatus.success
            }
            do {
                try CheckCommand.writeAtomically(contents, to: out)
            } catch {
                printer.print(Diagnostic(severity: .error, id: "output-failed", message: "cannot write the converted file: \(error)", file: out))
                return ExitStatus.failure
            }
            if io.errorIsTerminal { io.writeError("Wrote \(out) (\(converted.messages) messages).\n") }
            return ExitStatus.success
        case (nil, let path?, 0):
            guard let out = options.out else { return usage("give --out DIR: where the converted project goes", io) }
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return usage("there is no project '\(path)' (a folder with Templates/, or its speakable.json)", io)
            }
            // A new folder, or one an earlier conversion wrote (its manifest lists what to replace).
            if let existing = try? FileManager.default.contentsOfDirectory(atPath: out), !existing.isEmpty,
               !existing.contains(".speakable-outputs") {
                return usage("--out \(out) is not empty: give a new folder for the converted project", io)
            }
            let project = isDirectory ? ProjectLoader.load(directory: path) : ProjectLoader.load(configPath: path)
            let converted = SyntaxConversion.project(project, to: syntax)
            for diagnostic in converted.diagnostics { printer.print(diagnostic) }
            printer.finish()
            guard !converted.files.isEmpty else {
                io.writeError("speakable convert: the project was not converted; nothing was written\n")
                return ExitStatus.failure
            }
            do throws(OutputWriter.Failure) {
                let report = try OutputWriter.write(converted.files, to: out)
                io.write("converted \(converted.messages) messages to \(syntax.rawValue): \(report.written.count) files written to \(out)\n")
                return ExitStatus.success
            } catch {
                for diagnostic in error.diagnostics { printer.print(diagnostic) }
                return ExitStatus.failure
            }
        default:
            return usage("give one message, or --file FILE, or --project DIR (one of them)", io)
        }
    }
}

extension MessageSyntax: ExpressibleByArgument {}
