import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import SpeakableEscaping
import SpeakableICU

/// `speakable compile`: templates and translations into platform catalogs, XLIFF and Swift.
enum CompileCommand: SpeakableCommand {
    static let name = "compile"
    static let summary = "Write .xcstrings, Android resources, XLIFF, Swift and Kotlin accessors"

    static let help = """
    speakable compile — write String Catalogs, Android and Compose resources, XLIFF and accessors

    USAGE:
      speakable compile [PROJECT] [--out DIR] [--only LIST] [options]
      speakable compile [--config FILE] [--out DIR] [--only LIST] [options]

    PROJECT is a Speakable project folder (speakable.json, Templates/, Locales/) or its
    speakable.json, as for `speakable check`; the same as --project DIR or --config FILE.

    OPTIONS:
    \(Arguments.optionListing)

    Outputs are written all or nothing: a compile with an error (or with no templates) writes
    no file and leaves earlier outputs as they were; files whose content is unchanged are not
    touched; outputs an earlier compile wrote that this one no longer makes (a removed locale)
    are removed. A second compile into the same folder waits for the first. A compile that is
    killed leaves the earlier outputs; the next one cleans up after it. Speakable never writes
    through a symbolic link: --out may not be one. When nothing changed since the last compile
    that wrote its outputs (the inputs, the outputs, the options, speakable itself: --out's
    .speakable-stamp), a compile prints what that one printed, warnings included, and stops
    without reading the project; when only some tables' template or translation files changed
    since then, only those tables are compiled again, and the outputs and warnings are what a
    full compile gives (a warning about imported metadata compiles every table). (docs/outputs.md)
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
      speakable compile Examples/Starter --only xcstrings,swift
      speakable compile --config Examples/Starter/speakable.json --only android --out Generated/app/src/main
      speakable compile --project Examples/Starter --strict     # in CI: no platform limit slips through
      speakable compile --only android --android-namespace com.example.game --out Generated/app
      speakable compile --only compose --compose-namespace org.example.game --compose-resources game.composeapp.generated.resources

    """

    /// The options of `speakable compile`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 21

        @Option(value: "FILE", help: """
            the project's speakable.json (default: ./speakable.json when present,
            else the current folder with the default layout)
            """)
        var config: String?
        @Option(value: "DIR", help: "the project folder instead (its speakable.json when it has one)")
        var project: String?
        @Option(value: "DIR", help: """
            where to write (default: Generated/ next to the config). Inside it:
              xcstrings/<table>.xcstrings         one String Catalog per table
              android/res/values*/strings.xml     every table, one file per locale
              android/kotlin/<Table>Strings.kt    typed Kotlin accessors per table, when
                                                  the app's namespace is known
              xliff/<locale>.xliff                XLIFF 2.0 per target locale
              swift/Speakable+<table>.swift       typed accessors per table
              compose/composeResources/values*/strings.xml
                                                  Compose Multiplatform resources
              compose/kotlin/<Table>Strings.kt    typed Compose accessors per table
            """)
        var out: String?
        @Option(value: "LIST", help: """
            some of xcstrings,android,xliff,swift,compose (default: the config's
            "outputs", which `speakable import` fills in; else all but compose,
            which comes with a "compose" section in speakable.json)
            """)
        var only: OutputList?
        @Flag(help: """
            treat warnings as errors (a platform limit worked around: companion
            resources, composed plurals, a Korean particle left for run time,
            a number the app passes as ICU's text)
            """)
        var strict: Bool
        @Option(value: "N", help: """
            the app's R package (com.example.game) for the Kotlin accessors
            (default: "android": {"namespace": …} in speakable.json)
            """)
        var androidNamespace: String?
        @Option(value: "N", help: """
            the package of the Compose accessors (N.speakable)
            (default: "compose": {"namespace": …} in speakable.json)
            """)
        var composeNamespace: String?
        @Option(value: "P", help: """
            the package of the app's generated Res class (P, such as
            game.composeapp.generated.resources)
            (default: "compose": {"resources": …} in speakable.json)
            """)
        var composeResources: String?
        @Option(value: "A", help: "internal (default) or public")
        var swiftAccess: SwiftAccess = .internal
        @Option(value: "B", help: "main (default) or module: where the accessors look strings up")
        var swiftBundle: SwiftBundle = .main
        @Flag(help: """
            ignore what `speakable import` kept in .speakable/ (original keys,
            comments, states, platform text) and convert everything from ICU
            """)
        var noMetadata: Bool
        @Flag(help: """
            keep the original keys and argument order from .speakable/ but
            convert every value from ICU (states and device variants are lost)
            """)
        var convertAll: Bool
        @Flag(short: "q", help: "print nothing but problems")
        var quiet: Bool
    }

    enum SwiftAccess: String, CaseIterable, ExpressibleByArgument { case `internal`, `public` }
    enum SwiftBundle: String, CaseIterable, ExpressibleByArgument { case main, module }

    /// `--only`'s comma-separated outputs.
    struct OutputList: ExpressibleByArgument {
        var outputs: Set<CompileOutput> = []

        init?(argument: String) {
            for item in argument.split(separator: ",", omittingEmptySubsequences: false) {
                guard let output = Self.output(item) else { return nil }
                outputs.insert(output)
            }
        }

        static func output(_ item: Substring) -> CompileOutput? { CompileOutput(rawValue: String(item.filter { $0 != " " })) }

        static func problem(with argument: String, option: String) -> String {
            let item = argument.split(separator: ",", omittingEmptySubsequences: false).first { output($0) == nil } ?? ""
            return "'\(item)' is not an output; \(option) takes \(CompileOutput.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let arguments = parsed.options
        guard parsed.positionals.count <= 1 else { return usage("give one project folder, not \(parsed.positionals.count)", io) }
        var options = CompileOptions()
        options.swiftAccess = arguments.swiftAccess.rawValue
        options.swiftBundle = arguments.swiftBundle.rawValue
        options.useMetadata = !arguments.noMetadata
        options.reuseOriginalValues = !arguments.convertAll
        if let config = arguments.config, !FileManager.default.fileExists(atPath: config) {
            return usage("there is no config file '\(config)'", io)
        }
        if arguments.config != nil && arguments.project != nil {
            return usage("give --config or --project, not both", io)
        }
        if let namespace = arguments.androidNamespace, !ProjectConfig.isPackageName(namespace) {
            return usage("--android-namespace takes the app's package name, such as com.example.game", io)
        }
        for (option, value, example) in [("compose-namespace", arguments.composeNamespace, "org.example.game"),
                                         ("compose-resources", arguments.composeResources, "game.composeapp.generated.resources")] {
            if let value, !ProjectConfig.isPackageName(value) {
                return usage("--\(option) takes a package name, such as \(example)", io)
            }
        }
        if (arguments.composeNamespace == nil) != (arguments.composeResources == nil) {
            return usage("give --compose-namespace and --compose-resources together", io)
        }
        let location: ProjectLocation
        switch projectLocation(positional: parsed.positionals.first, arguments) {
        case .success(let found): location = found
        case .failure(let error): return usage(error.message, io)
        }
        // Nothing changed since the last compile: say what it said, and stop (CompileStamp).
        let configured = location.config()
        options.androidNamespace = arguments.androidNamespace
        options.composeNamespace = arguments.composeNamespace
        options.composeResourcesPackage = arguments.composeResources
        options.outputs = arguments.only?.outputs ?? CompileOptions.defaultOutputs(for: configured.config)
        options.strict = arguments.strict
        options.releasesInBackground = true
        let out = arguments.out ?? (configured.root == "." ? "Generated" : configured.root + "/Generated")
        let stamp = configured.hasErrors ? nil : StampKey(root: configured.root, config: configured.config, options: options)
        // What the last clean compile recorded, read once: the proof that nothing changed, else
        // what an incremental compile starts from.
        let previous = stamp.flatMap { CompileStamp.previous(in: out, tool: $0.tool, options: $0.options) }
        if let stamp, let previous, previous.inputs == stamp.inputs {
            // Its warnings, as the compile printed them, then its summary.
            let printer = SourcePrinter(io: io)
            for diagnostic in previous.diagnostics { printer.print(diagnostic) }
            printer.finish()
            if !arguments.quiet { replay(previous.summary, io) }
            return ExitStatus.success
        }
        // With a stamp of the last compile, the translations are read only for the tables whose
        // files changed (IncrementalCompile); the project is read whole for a full compile.
        // Only the templates of the tables whose files changed, when that is all that changed.
        let reading = previous.flatMap { previous in stamp.flatMap { IncrementalCompile.templatesToRead(config: configured.config, previous: previous.inputs, inputs: $0.inputs) } }
        var project = location.load(deferringLocales: previous != nil, readingTemplates: reading)
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
            if project.localesDeferred || project.templatesRead != nil { project = location.load() }
            for diagnostic in project.diagnostics { printer.print(diagnostic) }
            let templates = project.root == "." ? project.config.templates : project.root + "/" + project.config.templates
            io.writeError("speakable compile: nothing to compile: \(templates)/ has no messages\(project.config.file == nil ? " and there is no speakable.json" : ""); nothing was written.\n"
                          + "Start a project with 'speakable init', or point --project or --config at one.\n")
            return ExitStatus.usage
        }
        // A target whose language ICU does not know ("kr") compiles, but no device will ask for it:
        // say so, with what was probably meant (`speakable check` reports it as unknown-locale).
        let targets = (project.config.targetLocales + project.localeTags).filter { $0 != project.config.sourceLocale }
        var seen = Set<String>()
        var warned = false
        for tag in targets where seen.insert(tag).inserted {
            if let problem = LocaleTags.problem(with: tag, candidates: targets + [project.config.sourceLocale]) {
                io.writeError("speakable compile: warning: target locale \(problem.message); no device asks for its catalogs\n")
                warned = true
            }
        }
        // Only the tables whose files changed since the last clean compile, when that is all
        // that changed (IncrementalCompile); else every table.
        let waiting = { io.writeError("speakable compile: waiting for another speakable writing into \(out)/ to finish\n") }
        // Either way, the files are staged as they are made.
        var incremental: IncrementalCompile.Update?
        var staging: OutputStaging?
        if let stamp, let previous, !warned {
            let early = OutputStaging.open(out, onWait: waiting)
            var handOver: (@Sendable (SpeakableCompiler.OutputFile) -> Void)?
            if let early { handOver = { file in early.stage(file) } }
            incremental = IncrementalCompile.update(project, options: options, out: out, previous: previous, inputs: stamp.inputs,
                                                    onFile: handOver)
            if incremental == nil { early?.abandon() } else { staging = early }
        }
        if incremental == nil, project.localesDeferred || project.templatesRead != nil { project = location.load(deferringLocales: false) }
        if incremental == nil && !project.hasErrors { staging = OutputStaging.open(out, onWait: waiting) }
        var onFile: (@Sendable (SpeakableCompiler.OutputFile) -> Void)?
        if let staging, incremental == nil { onFile = { file in staging.stage(file) } }
        let result = incremental == nil ? CatalogCompiler.compile(project, options: options, onFile: onFile) : nil
        let diagnostics = result?.diagnostics ?? incremental?.diagnostics ?? []
        for diagnostic in diagnostics { printer.print(diagnostic) }
        printer.finish()
        if result?.hasErrors == true {
            staging?.abandon()
            let count = diagnostics.filter { $0.severity == .error }.count
            io.writeError("speakable compile: \(count) error\(count == 1 ? "" : "s"); nothing was written\n")
            return ExitStatus.failure
        }
        let files = result?.files ?? incremental?.files ?? []
        let notes = result?.notes ?? incremental?.notes ?? []
        let kept = incremental?.kept ?? []
        do throws(OutputWriter.Failure) {
            let groups = Set(options.outputs.map(\.rawValue))
            let report: OutputWriter.Report
            if let staging {
                report = try staging.finish(files, replacing: groups, keeping: kept)
            } else {
                report = try OutputWriter.write(files, to: out, replacing: groups, keeping: kept, onWait: waiting)
            }
            let lines = summary(project: project, options: options, out: out, report: report, notes: notes)
            if !arguments.quiet {
                for line in lines { line.standardError ? io.writeError(line.text + "\n") : io.write(line.text + "\n") }
            }
            if let stamp, !warned {
                let unchanged = OutputWriter.Report(unchanged: report.written + report.unchanged)
                let again = summary(project: project, options: options, out: out, report: unchanged, notes: notes)
                CompileStamp.record(in: out, tool: stamp.tool, options: stamp.options, inputs: stamp.inputs,
                                    outputs: files.map(\.path) + kept, summary: again.map { ($0.standardError ? "e " : "o ") + $0.text + "\n" }.joined(),
                                    androidLayouts: result?.androidLayouts ?? incremental?.androidLayouts ?? [:],
                                    accessorLayouts: result?.accessorLayouts ?? incremental?.accessorLayouts ?? [:],
                                    integerUses: result?.integerUses ?? incremental?.integerUses ?? [:], diagnostics: diagnostics)
            } else {
                CompileStamp.discard(in: out)
            }
            // The project (every template and translation) is freed off the exit path.
            BackgroundRelease.release((consume project, consume result))
            return ExitStatus.success
        } catch {
            for diagnostic in error.diagnostics { printer.print(diagnostic) }
            return ExitStatus.failure
        }
    }

    /// What a successful compile prints, line by line: the files written and removed, the
    /// accessors' notes, then (on standard error) what the project could add.
    static func summary(project: Project, options: CompileOptions, out: String, report: OutputWriter.Report,
                        notes: [String]) -> [(standardError: Bool, text: String)] {
        var lines: [(standardError: Bool, text: String)] = []
        lines.append((false, "compiled \(project.tables.count) table\(project.tables.count == 1 ? "" : "s") into \(out)/: "
                      + "\(report.written.count) written, \(report.unchanged.count) unchanged"
                      + (report.removed.isEmpty ? "" : ", \(report.removed.count) removed")))
        for path in report.written { lines.append((false, "  \(path)")) }
        for path in report.removed { lines.append((false, "  removed \(path)")) }
        for note in notes { lines.append((false, note)) }
        if options.outputs.contains(.android), options.androidNamespace ?? project.config.androidNamespace == nil {
            lines.append((true, "speakable compile: no Kotlin accessors (android/kotlin/): set \"android\": {\"namespace\": \"com.example.game\"} in "
                          + "\(project.config.file ?? "speakable.json") (or pass --android-namespace) to get typed functions that pick select cases, "
                          + "companions and plurals, resolve Korean particles and format numbers as Speakable does (docs/android.md)"))
        }
        let source = project.config.sourceLocale
        if project.config.targetLocales.isEmpty, project.localeTags.allSatisfy({ $0 == source }) {
            lines.append((true, "speakable compile: no target locales, so only \(project.config.sourceLocale) was compiled; "
                          + "list them in \"targetLocales\" in \(project.config.file ?? "speakable.json") (for example [\"ko\", \"ja\"])"))
        }
        return lines
    }

    /// Prints a summary kept by ``CompileStamp`` (`o ` lines on standard output, `e ` on standard
    /// error), with any control character shown as `\u{…}`: the stamp is a file anyone with the
    /// folder can write.
    static func replay(_ summary: String, _ io: any CommandIO) {
        for line in summary.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let text = VisibleText.terminalLine(String(line.dropFirst(2))) + "\n"
            if line.hasPrefix("e ") { io.writeError(text) } else { io.write(text) }
        }
    }

    /// What a compile's stamp is kept under: this build of the tool, every option that shapes the
    /// outputs, and the identity of the project's input files.
    struct StampKey {
        let tool: String
        let options: String
        let inputs: [String]

        init?(root: String, config: ProjectConfig, options: CompileOptions) {
            guard let tool = CompileStamp.tool(version: SpeakableCLI.version + " ICU " + icuVersion),
                  let inputs = CompileStamp.inputs(root: root, config: config) else { return nil }
            self.tool = tool
            self.inputs = inputs
            self.options = [options.outputs.map(\.rawValue).sorted().joined(separator: ","), options.swiftAccess, options.swiftBundle,
                            "metadata=\(options.useMetadata)", "reuse=\(options.reuseOriginalValues)", "strict=\(options.strict)",
                            "android=\(options.androidNamespace ?? "")", "compose=\(options.composeNamespace ?? "")",
                            "res=\(options.composeResourcesPackage ?? "")"].joined(separator: " ")
        }
    }

    /// Where the project is: a folder (PROJECT or --project), or a speakable.json (PROJECT or
    /// --config; none: ./speakable.json when present, else the current folder).
    enum ProjectLocation {
        case folder(String)
        case config(String?)

        func load(deferringLocales: Bool = false, readingTemplates: Set<String>? = nil) -> Project {
            switch self {
            case .folder(let directory): ProjectLoader.load(directory: directory, deferringLocales: deferringLocales, readingTemplates: readingTemplates)
            case .config(let path): ProjectLoader.load(configPath: path, deferringLocales: deferringLocales, readingTemplates: readingTemplates)
            }
        }

        /// Its `speakable.json` alone, and the folder paths are relative to.
        func config() -> (root: String, config: ProjectConfig, hasErrors: Bool) {
            switch self {
            case .folder(let directory): ProjectLoader.config(directory: directory, configPath: nil)
            case .config(let path): ProjectLoader.config(directory: nil, configPath: path)
            }
        }
    }

    /// The project the command line names; a usage error for one that does not exist, or for
    /// PROJECT with a --project or --config that names another.
    static func projectLocation(positional: String?, _ arguments: Arguments) -> Result<ProjectLocation, UsageError> {
        func folder(_ path: String) -> Result<ProjectLocation, UsageError> {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else {
                return .failure(UsageError(message: "there is no project folder '\(path)'"))
            }
            return .success(.folder(path))
        }
        guard let positional else {
            return arguments.project.map(folder) ?? .success(.config(arguments.config))
        }
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: positional, isDirectory: &isDirectory)
        let location: ProjectLocation
        if exists && !isDirectory {
            guard positional.hasSuffix(".json") else {
                return .failure(UsageError(message: "'\(positional)' is not a project folder or a speakable.json"))
            }
            location = .config(positional)
        } else {
            switch folder(positional) {
            case .success(let found): location = found
            case .failure(let error): return .failure(error)
            }
        }
        if let project = arguments.project {
            guard case .folder(let path) = location, standardized(path) == standardized(project) else {
                return .failure(UsageError(message: "'\(positional)' and --project '\(project)' are different projects; give the project once"))
            }
        }
        if let config = arguments.config {
            guard case .config(let path?) = location else {
                return .failure(UsageError(message: "give either a project folder or --config, not both"))
            }
            guard standardized(path) == standardized(config) else {
                return .failure(UsageError(message: "'\(positional)' and --config '\(config)' are different projects; give the project once"))
            }
        }
        return .success(location)
    }

    /// `a/b/` and `./a/b` → `a/b`, to compare two spellings of one path.
    static func standardized(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + (parts.isEmpty && !path.hasPrefix("/") ? "." : parts.joined(separator: "/"))
    }
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
