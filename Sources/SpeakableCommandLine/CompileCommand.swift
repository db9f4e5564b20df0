import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import SpeakableICU

/// `speakable compile`: templates and translations into platform catalogs, XLIFF and Swift.
enum CompileCommand {
    static let help = """
    speakable compile — write String Catalogs, Android and Compose resources, XLIFF and accessors

    USAGE:
      speakable compile [--config FILE] [--out DIR] [--only LIST] [options]

    OPTIONS:
      --config FILE        the project's speakable.json (default: ./speakable.json when present,
                           else the current folder with the default layout)
      --project DIR        the project folder instead (its speakable.json when it has one)
      --out DIR            where to write (default: Generated/ next to the config). Inside it:
                             xcstrings/<table>.xcstrings         one String Catalog per table
                             android/res/values*/strings.xml     every table, one file per locale
                             android/kotlin/<Table>Strings.kt    typed Kotlin accessors per table, when
                                                                 the app's namespace is known
                             xliff/<locale>.xliff                XLIFF 2.0 per target locale
                             swift/Speakable+<table>.swift       typed accessors per table
                             compose/composeResources/values*/strings.xml
                                                                 Compose Multiplatform resources
                             compose/kotlin/<Table>Strings.kt    typed Compose accessors per table
      --only LIST          some of xcstrings,android,xliff,swift,compose (default: the config's
                           "outputs", which `speakable import` fills in; else all but compose,
                           which comes with a "compose" section in speakable.json)
      --strict             treat warnings as errors (a platform limit worked around: companion
                           resources, composed plurals, a Korean particle left for run time,
                           a number the app passes as ICU's text)
      --android-namespace N
                           the app's R package (com.example.game) for the Kotlin accessors
                           (default: "android": {"namespace": …} in speakable.json)
      --compose-namespace N
      --compose-resources P
                           the package of the Compose accessors (N.speakable) and of the app's
                           generated Res class (P, such as game.composeapp.generated.resources)
                           (default: "compose": {"namespace": …, "resources": …} in speakable.json)
      --swift-access A     internal (default) or public
      --swift-bundle B     main (default) or module: where the accessors look strings up
      --no-metadata        ignore what `speakable import` kept in .speakable/ (original keys,
                           comments, states, platform text) and convert everything from ICU
      --convert-all        keep the original keys and argument order from .speakable/ but
                           convert every value from ICU (states and device variants are lost)
      -q, --quiet          print nothing but problems
      -h, --help           show this help

    Outputs are written all or nothing: a compile with an error (or with no templates) writes
    no file and leaves earlier outputs as they were; files whose content is unchanged are not
    touched; outputs an earlier compile wrote that this one no longer makes (a removed locale)
    are removed. A second compile into the same folder waits for the first. A compile that is
    killed leaves the earlier outputs; the next one cleans up after it. Speakable never writes
    through a symbolic link: --out may not be one. (docs/outputs.md)
    Select arguments become one key per case: <key>__<argument>_<case>.

    Warnings say what an app must do beyond one lookup (docs/android.md, docs/particles.md);
    with --strict they stop the compile. A fraction, or a number style printf cannot print as
    ICU does (percent, currency, ::compact-short…), is %1$s/%@ filled with ICU's text: the Swift
    accessors format it where Foundation can, an Android app with MessageFormat
    (catalog-formatted-number names the call).

    EXIT STATUS:
      0 compiled (warnings allowed); 1 errors in the project, or warnings with --strict (printed
      with file, line and column); 64 a wrong command line.

    EXAMPLES:
      speakable compile
      speakable compile --project Examples/Starter --only xcstrings,swift
      speakable compile --config Examples/Starter/speakable.json --only android --out Generated/app/src/main
      speakable compile --project Examples/Starter --strict     # in CI: no platform limit slips through
      speakable compile --only android --android-namespace com.example.game --out Generated/app
      speakable compile --only compose --compose-namespace org.example.game --compose-resources game.composeapp.generated.resources

    """

    static let spec = CommandSpec(valueOptions: ["config", "project", "out", "only", "swift-access", "swift-bundle", "android-namespace",
                                                 "compose-namespace", "compose-resources"],
                                  flags: ["no-metadata", "convert-all", "strict", "quiet", "help"])

    static func run(_ arguments: [String], io: any CommandIO) -> Int32 {
        var arguments = arguments
        if let q = arguments.firstIndex(of: "-q") { arguments[q] = "--quiet" }
        let parsed: ParsedArguments
        switch spec.start(arguments, command: "compile", help: help, io: io) {
        case .run(let arguments): parsed = arguments
        case .exit(let status): return status
        }
        guard parsed.positionals.isEmpty else { return usage("unexpected argument '\(parsed.positionals[0])'", io) }
        var options = CompileOptions()
        var outputsGiven = false
        if let only = parsed.value("only") {
            outputsGiven = true
            var outputs = Set<CompileOutput>()
            for item in only.split(separator: ",", omittingEmptySubsequences: false) {
                guard let output = CompileOutput(rawValue: String(item.filter { $0 != " " })) else {
                    return usage("'\(item)' is not an output; --only takes xcstrings, android, xliff, swift, compose", io)
                }
                outputs.insert(output)
            }
            options.outputs = outputs
        }
        if let access = parsed.value("swift-access") {
            guard access == "internal" || access == "public" else { return usage("--swift-access is internal or public", io) }
            options.swiftAccess = access
        }
        if let bundle = parsed.value("swift-bundle") {
            guard bundle == "main" || bundle == "module" else { return usage("--swift-bundle is main or module", io) }
            options.swiftBundle = bundle
        }
        options.useMetadata = !parsed.has("no-metadata")
        options.reuseOriginalValues = !parsed.has("convert-all")
        if let config = parsed.value("config"), !FileManager.default.fileExists(atPath: config) {
            return usage("there is no config file '\(config)'", io)
        }
        if parsed.value("config") != nil && parsed.value("project") != nil {
            return usage("give --config or --project, not both", io)
        }
        if let namespace = parsed.value("android-namespace"), !ProjectConfig.isPackageName(namespace) {
            return usage("--android-namespace takes the app's package name, such as com.example.game", io)
        }
        for (option, example) in [("compose-namespace", "org.example.game"), ("compose-resources", "game.composeapp.generated.resources")] {
            if let value = parsed.value(option), !ProjectConfig.isPackageName(value) {
                return usage("--\(option) takes a package name, such as \(example)", io)
            }
        }
        if (parsed.value("compose-namespace") == nil) != (parsed.value("compose-resources") == nil) {
            return usage("give --compose-namespace and --compose-resources together", io)
        }
        let project: Project
        if let directory = parsed.value("project") {
            var isDirectory: Bool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
                return usage("there is no project folder '\(directory)'", io)
            }
            project = ProjectLoader.load(directory: directory)
        } else {
            project = ProjectLoader.load(configPath: parsed.value("config"))
        }
        options.androidNamespace = parsed.value("android-namespace")
        options.composeNamespace = parsed.value("compose-namespace")
        options.composeResourcesPackage = parsed.value("compose-resources")
        if !outputsGiven { options.outputs = CompileOptions.defaultOutputs(for: project.config) }
        options.strict = parsed.has("strict")
        let out = parsed.value("out") ?? (project.root == "." ? "Generated" : project.root + "/Generated")
        let printer = SourcePrinter(io: io)
        if options.outputs.contains(.compose), options.composeNamespace == nil, project.config.composeNamespace == nil, !project.hasErrors {
            printer.print(Diagnostic(
                severity: .error, id: "compose-config-missing",
                message: "the compose output needs the package of its accessors and of the app's Res class",
                file: project.config.file, position: nil,
                hint: "add \"compose\": {\"namespace\": \"org.example.game\", \"resources\": \"game.composeapp.generated.resources\"} to "
                    + "\(project.config.file ?? "speakable.json") (resources: the package of the generated Res class), or pass --compose-namespace and --compose-resources"))
            printer.finish()
            return ExitStatus.failure
        }
        // Nothing to compile is a missing input, said plainly; no output is written (not even
        // empty catalogs over earlier ones).
        if !project.hasErrors, project.tables.allSatisfy({ $0.messages.isEmpty }) {
            for diagnostic in project.diagnostics { printer.print(diagnostic) }
            let templates = project.root == "." ? project.config.templates : project.root + "/" + project.config.templates
            io.writeError("speakable compile: nothing to compile: \(templates)/ has no messages\(project.config.file == nil ? " and there is no speakable.json" : ""); nothing was written.\n"
                          + "Start a project with 'speakable init', or point --project or --config at one.\n")
            return ExitStatus.usage
        }
        // A target whose language ICU does not know ("kr") compiles, but no device will ask for it:
        // say so, with what was probably meant (`speakable check` reports it as unknown-locale).
        let targets = (project.config.targetLocales + project.localeTags).filter { $0 != project.config.sourceLocale }
        var warned = Set<String>()
        for tag in targets where warned.insert(tag).inserted {
            if let problem = LocaleTags.problem(with: tag, candidates: targets + [project.config.sourceLocale]) {
                io.writeError("speakable compile: warning: target locale \(problem.message); no device asks for its catalogs\n")
            }
        }
        let result = CatalogCompiler.compile(project, options: options)
        for diagnostic in result.diagnostics { printer.print(diagnostic) }
        printer.finish()
        if result.hasErrors {
            let count = result.diagnostics.filter { $0.severity == .error }.count
            io.writeError("speakable compile: \(count) error\(count == 1 ? "" : "s"); nothing was written\n")
            return ExitStatus.failure
        }
        do throws(OutputWriter.Failure) {
            let report = try OutputWriter.write(result.files, to: out, replacing: Set(options.outputs.map(\.rawValue))) {
                io.writeError("speakable compile: waiting for another speakable writing into \(out)/ to finish\n")
            }
            if !parsed.has("quiet") {
                io.write("compiled \(project.tables.count) table\(project.tables.count == 1 ? "" : "s") into \(out)/: "
                         + "\(report.written.count) written, \(report.unchanged.count) unchanged"
                         + (report.removed.isEmpty ? "" : ", \(report.removed.count) removed") + "\n")
                for path in report.written { io.write("  \(path)\n") }
                for path in report.removed { io.write("  removed \(path)\n") }
                for note in result.notes { io.write(note + "\n") }
                if options.outputs.contains(.android), options.androidNamespace ?? project.config.androidNamespace == nil {
                    io.writeError("speakable compile: no Kotlin accessors (android/kotlin/): set \"android\": {\"namespace\": \"com.example.game\"} in "
                                  + "\(project.config.file ?? "speakable.json") (or pass --android-namespace) to get typed functions that pick select cases, "
                                  + "companions and plurals, resolve Korean particles and format numbers as Speakable does (docs/android.md)\n")
                }
                let source = project.config.sourceLocale
                if project.config.targetLocales.isEmpty, project.localeTags.allSatisfy({ $0 == source }) {
                    io.writeError("speakable compile: no target locales, so only \(project.config.sourceLocale) was compiled; "
                                  + "list them in \"targetLocales\" in \(project.config.file ?? "speakable.json") (for example [\"ko\", \"ja\"])\n")
                }
            }
            return ExitStatus.success
        } catch {
            for diagnostic in error.diagnostics { printer.print(diagnostic) }
            return ExitStatus.failure
        }
    }

    static func usage(_ message: String, _ io: any CommandIO) -> Int32 { usageError("compile", message, io) }
}

/// Prints diagnostics with the line they point at, read from their file — at most
/// ``DiagnosticLimit/perFile`` per file; call ``finish()`` for the "and N more" notes.
struct SourcePrinter {
    let io: any CommandIO
    private let cache = LineCache()

    init(io: any CommandIO) { self.io = io }

    final class LineCache {
        var lines: [String: [Substring]] = [:]
        var limit = DiagnosticLimit()
    }

    func print(_ diagnostic: Diagnostic) {
        guard cache.limit.admit(diagnostic) else { return }
        var line: String?
        if let file = diagnostic.file, let position = diagnostic.position {
            if cache.lines[file] == nil {
                let text: String
                if case .success(let bytes) = InputFile.read(file) { text = String(decoding: bytes, as: UTF8.self) } else { text = "" }
                cache.lines[file] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            let lines = cache.lines[file] ?? []
            if position.line - 1 < lines.count {
                var text = lines[position.line - 1]
                if text.hasSuffix("\r") { text = text.dropLast() }
                line = String(text)
            }
        }
        io.writeError(DiagnosticPrinter(colour: io.errorIsTerminal).render(diagnostic, sourceLine: line))
    }

    /// Prints how many diagnostics each file had past the limit.
    func finish() {
        for note in cache.limit.summaries() { io.writeError(DiagnosticPrinter(colour: io.errorIsTerminal).render(note)) }
    }
}
