import FoundationEssentials
import SpeakableCatalog
import SpeakableChecker
import SpeakableDiagnostics
import SpeakableCompiler
import SpeakableICU
import SpeakablePlatformFormats
import SpeakableSpeech

/// `speakable check`: validates a project's messages and translations; all rules live in
/// SpeakableChecker, spoken length in SpeakableSpeech.
enum CheckCommand: SpeakableCommand {
    static let name = "check"
    static let summary = "Check messages and translations, and judge them as speech"

    static let help = """
    speakable check — validate messages and translations, and judge them as speech

    USAGE:
      speakable check [PROJECT] [--config FILE] [--format text|json|sarif|junit|github]
                      [--output FILE] [--baseline FILE] [--write-baseline FILE]
                      [--locale TAG]... [--measure]
      speakable check Localizable.xcstrings [--config speakable.json] [options]
      speakable check app/src/main/res [--source-locale TAG] [--config speakable.json] [options]
      speakable check Generated/xliff/ko.xliff [options]

    PROJECT is a Speakable project folder (speakable.json, Templates/, Locales/) or its
    speakable.json; by default ./speakable.json, else the current folder. A .xcstrings file, an
    Android res/ folder (values/, values-ko/…) or an XLIFF file (2.0 with ICU messages, as
    compile writes it, or Xcode's 1.2) is checked as it is, with the rules that apply to strings
    without roles; --config then only supplies rule severities and options. A project is also
    checked for everything `speakable compile` would refuse (errors with compile's catalog-*
    ids): a project that checks clean compiles.

    OPTIONS:
    \(Arguments.optionListing)

    RULES (severity in speakable.json "rules": {"rule-id": "error" | "warning" | "off"}):
    \(Rule.allCases.map { "  " + $0.rawValue.padding(27) + $0.defaultSeverity.rawValue.padding(8) + $0.summary }.joined(separator: "\n"))

    EXEMPTIONS: in a template message, "exempt": {"untranslated": "a brand name"} exempts it
    from a rule in every locale; "untranslated@ko" in one locale. A reason is required.

    EXIT STATUS:
      0 no errors (warnings allowed); 1 errors (new ones, with --baseline), or nothing to
      check (no-messages); 64 a wrong command line, an unreadable baseline, an input the
      checker cannot read (a res/ without values/), or a --locale the input does not have.

    Rules, with examples, and what they find in real catalogs: docs/checks.md.

    EXAMPLES:
      speakable check
      speakable check Examples/Starter --format sarif --output Generated/speakable.sarif
      speakable check Examples/Starter --format junit --output Generated/speakable-junit.xml
      speakable check Examples/Starter --write-baseline Generated/speakable-baseline.json
      speakable check Examples/Starter --baseline Generated/speakable-baseline.json --format github
      speakable check --locale ko --measure
      speakable check Examples/Catalogs/Localizable.xcstrings
      speakable check Examples/Catalogs/res --format github
      speakable check Examples/Catalogs/ko.xliff

    """

    /// The options of `speakable check`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 23

        @Option(value: "FILE", help: "the project's speakable.json (instead of PROJECT)")
        var config: String?
        @Option(value: "FORMAT", help: """
            text (default): file:line:col: error: message [rule-id], the line
            and a caret; json; sarif (SARIF 2.1.0, for GitHub code scanning);
            junit (JUnit XML, a test case per message and locale); github
            (workflow annotations). The per-locale summary goes to standard
            error for every format but text.
            """)
        var format: Format = .text
        @Option(value: "FILE", help: """
            write the report to FILE (atomically) instead of standard output;
            a stream (/dev/null, /dev/stdout, a named pipe) is written through
            """)
        var output: String?
        @Option(value: "FILE", help: "accept the findings listed in FILE: only new findings count")
        var baseline: String?
        @Option(value: "FILE", help: "write every current finding to FILE as the new baseline, exit 0")
        var writeBaseline: String?
        @Option(name: "locale", value: "TAG", help: "check only this target locale (repeatable)")
        var locales: [String]
        @Option(value: "TAG", help: "the language of an Android res/values/ folder (default: en)")
        var sourceLocale: String?
        @Flag(help: """
            measure spoken length with espeak-ng instead of estimating it
            (says so when espeak-ng is not installed)
            """)
        var measure: Bool
    }

    enum Format: String, CaseIterable, ExpressibleByArgument { case text, json, sarif, junit, github }

    /// The validated command line.
    enum Input {
        case project(Project)
        case platform(CheckInput)
    }

    struct Configuration {
        var input: Input
        var format: Format
        var output: String?
        var baseline: String?
        var writeBaseline: String?
        var locales: [String]
        var measure: Bool
        /// The path given on the command line (for messages).
        var path: String?
    }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let configuration: Configuration
        switch validate(parsed) {
        case .success(let c): configuration = c
        case .failure(let error): return usage(error.message, io)
        }
        return check(configuration, io: io)
    }

    static func validate(_ parsed: CommandLineArguments<Arguments>) -> Result<Configuration, UsageError> {
        let options = parsed.options
        guard parsed.positionals.count <= 1 else {
            return .failure(UsageError(message: "give one project folder, not \(parsed.positionals.count)"))
        }
        if let path = parsed.positionals.first, options.config != nil, !PlatformInput.recognizes(path) {
            return .failure(UsageError(message: "give either a project folder or --config, not both (--config goes with a platform catalog)"))
        }
        let project: Project
        if let path = parsed.positionals.first {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(UsageError(message: "'\(path)' does not exist"))
            }
            if let tag = options.sourceLocale, let problem = LocaleArguments.problem(tag, option: "--source-locale") {
                return .failure(UsageError(message: problem))
            }
            if CatalogPath.checkedCatalog(at: path) != nil {
                var settings = CheckSettings()
                if let config = options.config {
                    settings = ProjectInput.make(from: ProjectLoader.load(configPath: config, deferringLocales: true)).settings
                }
                do {
                    let input = try PlatformInput.load(path: path, sourceLocale: options.sourceLocale ?? "en", settings: settings,
                                                       deferringLocales: true)
                    return configuration(.platform(input), parsed)
                } catch {
                    return .failure(UsageError(message: error.description))
                }
            }
            // Any other file would be read as a project's speakable.json: anything not JSON is not
            // one, and reading it as one gave a page of confusing JSON errors.
            if !isDirectory && !path.hasSuffix(".json") {
                return .failure(UsageError(message: "'\(path)' is not a project folder, a speakable.json, a .xcstrings, .xliff or "
                                           + "Android strings.xml file, or an Android res/ folder"))
            }
            project = isDirectory ? ProjectLoader.load(directory: path, deferringLocales: true)
                                  : ProjectLoader.load(configPath: path, deferringLocales: true)
        } else if let config = options.config {
            guard FileManager.default.fileExists(atPath: config) else {
                return .failure(UsageError(message: "'--config \(config)': no such file"))
            }
            project = ProjectLoader.load(configPath: config, deferringLocales: true)
        } else {
            project = ProjectLoader.load(configPath: nil, deferringLocales: true)
        }
        return configuration(.project(project), parsed)
    }

    static func configuration(_ input: Input, _ parsed: CommandLineArguments<Arguments>) -> Result<Configuration, UsageError> {
        let options = parsed.options
        // A --locale is judged against the input's own locales in check(), with what was meant.
        let locales = options.locales
        for tag in locales where (try? ICULocale(tag)) == nil || tag.contains("_") {
            return .failure(UsageError(message: LocaleArguments.problem(tag, option: "--locale") ?? "'--locale \(tag)' is not a BCP 47 tag"))
        }
        if options.baseline != nil && options.writeBaseline != nil {
            return .failure(UsageError(message: "--baseline and --write-baseline do not go together"))
        }
        if let tag = options.sourceLocale, let problem = LocaleArguments.problem(tag, option: "--source-locale") {
            return .failure(UsageError(message: problem))
        }
        return .success(Configuration(input: input, format: options.format, output: options.output,
                                      baseline: options.baseline, writeBaseline: options.writeBaseline,
                                      locales: locales, measure: options.measure, path: parsed.positionals.first))
    }

    static func check(_ configuration: Configuration, io: any CommandIO) -> Int32 {
        var input: CheckInput
        var compileValidation: (CompileValidation, Project)?
        switch configuration.input {
        case .project(let project):
            let validation = CompileValidation(project: project)
            compileValidation = (validation, project)
            input = ProjectInput.make(from: project, observer: validation.observe, tableExemptions: validation.checkExemptions)
        case .platform(let platform): input = platform
        }
        if !configuration.locales.isEmpty {
            // A --locale that names no locale of the input would check nothing for it: a typo
            // (kr for ko) must not pass as a clean run.
            let known = input.localeTags
            for tag in configuration.locales where !known.contains(tag) {
                let locale = try? ICULocale(tag)
                var message = "'--locale \(tag)' is not a locale of \(describe(configuration))"
                if tag == input.sourceTag {
                    message += ": \(tag) is its source language"
                } else if let locale, !locale.hasLanguageData {
                    message += locale.languageName.map { " (and ICU has no data for \($0))" } ?? " (and not a language ICU knows)"
                }
                if let close = Checker.suggestLocale(tag, among: known) {
                    message += "; did you mean '\(close)'?"
                } else {
                    message += known.isEmpty ? "; it has no translations" : "; its locales: " + known.sorted().joined(separator: ", ")
                }
                return usage(message, io)
            }
            input.keepLocales(Set(configuration.locales))
        }
        let spoken: Checker.SpokenSeconds
        if configuration.measure {
            if let espeak = Espeak.find() {
                spoken = { text, locale in
                    (try? espeak.measure(text, locale: locale).speech) ?? SpokenLength.seconds(text, locale: locale)
                }
                input.settings.spokenLengthIsMeasured = true
                io.writeError("speakable check: measuring spoken length with \(espeak.path)\n")
            } else {
                spoken = { text, locale in SpokenLength.seconds(text, locale: locale) }
                io.writeError("speakable check: espeak-ng is not installed, so spoken lengths are estimated, not measured (install the Debian package espeak-ng)\n")
            }
        } else {
            spoken = { text, locale in SpokenLength.seconds(text, locale: locale) }
        }
        input.settings.releasesInBackground = true
        var result = Checker.run(input, spokenSeconds: spoken)
        if let (validation, project) = compileValidation {
            let folder = ProjectLoader.display(folder: project.root, project.config.locales) + "/"
            result = Checker.adding(compileProblems(validation, project, locales: configuration.locales), to: result, input: input) { problem in
                // A problem in Locales/<tag>/… counts in that locale's row.
                guard let file = problem.file, file.hasPrefix(folder) else { return nil }
                return String(file.dropFirst(folder.count).prefix { $0 != "/" })
            }
        }

        if let path = configuration.writeBaseline {
            let baseline = Baseline(accepting: result.findings)
            do {
                try writeAtomically(baseline.serialized(), to: path)
            } catch {
                io.writeError("speakable check: cannot write the baseline \(path)\n")
                return ExitStatus.failure
            }
            io.writeError("speakable check: wrote \(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") to \(path)\n")
            return ExitStatus.success
        }

        var findings = result.findings
        var accepted = 0
        var stale = 0
        if let path = configuration.baseline {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
                return usage("cannot read the baseline '\(path)'", io)
            }
            do {
                let baseline = try Baseline.read(Array(data), file: path)
                (findings, accepted, stale) = baseline.apply(to: findings)
            } catch {
                io.writeError(DiagnosticPrinter(colour: io.errorIsTerminal).render(error))
                return ExitStatus.usage
            }
        }
        var summaries = result.summaries
        if configuration.baseline != nil {
            // Count what is left after the baseline.
            for i in summaries.indices {
                let tag = summaries[i].locale
                let mine = findings.filter { ($0.locale ?? input.sourceTag) == tag }
                summaries[i].errors = mine.filter { $0.severity == .error }.count
                summaries[i].warnings = mine.filter { $0.severity == .warning }.count
            }
        }
        let errors = findings.count { $0.severity == .error }
        let warnings = findings.count { $0.severity == .warning }
        var totals = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if result.exempted > 0 { totals += ", \(result.exempted) exempted" }
        if configuration.baseline != nil { totals += ", \(accepted) in the baseline" + (stale > 0 ? " (\(stale) baseline entr\(stale == 1 ? "y" : "ies") no longer found)" : "") }

        // A JSON report goes to its file as the bytes it is written in.
        if configuration.format == .json, let path = configuration.output {
            let bytes = CheckReports.jsonBytes(findings, summaries: summaries, exempted: result.exempted, baselined: accepted)
            do {
                try writeAtomically(bytes, to: path)
            } catch {
                io.writeError("speakable check: cannot write \(path)\n")
                return ExitStatus.failure
            }
            io.writeError(CheckReports.summaryTable(summaries) + totals + "\n")
            // Every message read is freed off the exit path.
            BackgroundRelease.release((consume input, consume result, consume compileValidation))
            return errors > 0 ? ExitStatus.failure : ExitStatus.success
        }
        let report: String
        switch configuration.format {
        case .text:
            report = textReport(findings, colour: configuration.output == nil && io.outputIsTerminal)
                + (findings.isEmpty ? "" : "\n") + CheckReports.summaryTable(summaries) + totals + "\n"
        case .json:
            report = CheckReports.json(findings, summaries: summaries, exempted: result.exempted, baselined: accepted)
        case .sarif:
            let severities = input.settings.severities.mapValues(\.rawValue)
            report = CheckReports.sarif(findings, toolVersion: SpeakableCLI.version, severities: severities)
        case .junit:
            report = CheckReports.junit(findings, cases: input.testCases(result))
        case .github:
            report = CheckReports.github(findings)
        }
        if let path = configuration.output {
            do {
                try writeAtomically(report, to: path)
            } catch {
                io.writeError("speakable check: cannot write \(path)\n")
                return ExitStatus.failure
            }
        } else {
            io.write(report)
        }
        if configuration.format != .text || configuration.output != nil {
            io.writeError(CheckReports.summaryTable(summaries) + totals + "\n")
        }
        BackgroundRelease.release((consume input, consume result, consume compileValidation))
        return errors > 0 ? ExitStatus.failure : ExitStatus.success
    }

    /// What `speakable compile` refuses in the project, for the outputs it writes by default:
    /// errors of `check` too (the same validation, ``CatalogCompiler/validate(_:options:metadata:only:)``,
    /// of the messages ``CompileValidation`` kept while the checker read them), so that a project
    /// that checks clean compiles. With `--locale`, other locales' files are left out.
    static func compileProblems(_ validation: CompileValidation, _ project: Project, locales: [String]) -> [Diagnostic] {
        guard !project.hasErrors, !project.tables.isEmpty else { return [] }
        var options = CompileOptions()
        options.outputs = CompileOptions.defaultOutputs(for: project.config)
        var problems = validation.problems(options: options)
        if !locales.isEmpty {
            let folder = ProjectLoader.display(folder: project.root, project.config.locales) + "/"
            problems.removeAll { problem in
                guard let file = problem.file, file.hasPrefix(folder) else { return false }
                let tag = file.dropFirst(folder.count).prefix { $0 != "/" }
                return !locales.contains(String(tag))
            }
        }
        return problems
    }

    static func describe(_ configuration: Configuration) -> String {
        switch configuration.input {
        case .project(let project): "the project in \(project.root == "." ? "the current folder" : project.root)"
        case .platform: configuration.path ?? "the input"
        }
    }

    static func textReport(_ findings: [Finding], colour: Bool) -> String {
        let printer = DiagnosticPrinter(colour: colour)
        var files: [String: [String]] = [:]
        var out = ""
        var limit = DiagnosticLimit()
        for finding in findings {
            guard limit.admit(finding.diagnostic) else { continue }
            var line: String?
            if let file = finding.file, let position = finding.position {
                if files[file] == nil {
                    let data = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
                    files[file] = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
                }
                let lines = files[file]!
                if position.line - 1 < lines.count { line = lines[position.line - 1] }
                if let l = line, l.unicodeScalars.count > 240 { line = nil }  // long lines: location only
            }
            var diagnostic = finding.diagnostic
            if let locale = finding.locale, let key = finding.key {
                diagnostic.message = "\(key) (\(locale)): " + diagnostic.message
            }
            out += printer.render(diagnostic, sourceLine: line)
        }
        for note in limit.summaries() { out += printer.render(note) }
        return out
    }

    /// Writes the report or baseline atomically, making its folder first (`--output Generated/x.sarif`).
    /// `text` written whole or not at all (a stream — `/dev/null`, `/dev/stdout`, a pipe — written
    /// through: see ``OutputFile``).
    static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Array(text.utf8), to: path)
    }

    /// ``writeAtomically(_:to:)`` of text already in UTF-8.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        if OutputFile.isStream(path) {
            if let reason = OutputFile.write(bytes, toStream: path) { throw StreamWriteError(reason: reason) }
            return
        }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.withUnsafeBytes { buffer in
            // The bytes written as they are, not copied into a Data first.
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!),
                            count: buffer.count, deallocator: .none)
            try data.write(to: url, options: .atomic)
        }
    }

    struct StreamWriteError: Error {
        let reason: String
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
