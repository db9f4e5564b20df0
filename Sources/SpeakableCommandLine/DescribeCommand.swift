import FoundationEssentials
import SpeakableCatalog
import SpeakableDescribers
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableICU
import SpeakableJSON

/// `speakable describe`: what VoiceOver or TalkBack says for a piece, a scenario file, or the demo.
enum DescribeCommand: SpeakableCommand {
    static let name = "describe"
    static let summary = "What VoiceOver and TalkBack say for pieces, boards, controls and events"

    static let help = """
    speakable describe — what VoiceOver and TalkBack say for game pieces, boards, controls and events

    USAGE:
      speakable describe piece MAP [options]        a rack piece: rows separated by /, X a block, . a gap
      speakable describe scenario FILE [options]    every item of a scenario file (- reads standard input)
      speakable describe demo [options]             the built-in scenario: every phrase of the three reference apps

    OPTIONS:
    \(Arguments.optionListing)

    The scenario format is in docs/scenarios.md: {"items": [{"type": "sudokuCell", …}, …]}
    with item types sudokuCell, sudokuBoard, board, blockCell, blockBoard, piece, rack, control,
    coins, level, issue, leaderboardRow, stat, inkMeter, result, gameScreen, tutorialPrompt, event.

    EXIT STATUS:
      0 described; 1 an error in the piece map, the scenario or the project; 64 a wrong command
      line, or a scenario file or project that does not exist.

    EXAMPLES:
      speakable describe piece 'XX/X./X.'
      speakable describe piece '.X/XX/.X' --locale ko --json
      speakable describe demo --platform talkback
      speakable describe scenario Examples/Scenarios/level5.json --locale ko --hint-style gesture
      echo '{"items": [{"type": "coins", "amount": 9180}]}' | speakable describe scenario -

    """

    /// The options of `speakable describe`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 22

        @Option(value: "TAG", help: """
            en (default, or the scenario's "locale"), ko, or any BCP 47 tag (other
            locales get the English text with their own numbers and dates)
            """)
        var locale: String?
        @Option(value: "NAME", help: "voiceover (default) or talkback: which platform's fields to show")
        var platform: Platform = .voiceOver
        @Option(value: "STYLE", help: """
            result ("Selects the cell.") or gesture ("Double tap to select the cell");
            iOS only. Default: the scenario's "hintStyle", else the project's
            speakable.json, else result
            """)
        var hintStyle: HintStyle?
        @Option(value: "ZONE", help: "where dates are shown (default: the scenario's \"timeZone\", else UTC)")
        var timeZone: String?
        @Option(value: "PATH", help: """
            a Speakable project (folder or speakable.json) whose messages replace or
            add to the built-in ones
            """)
        var project: String?
        @Flag(help: "print JSON instead of text")
        var json: Bool
    }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let options = parsed.options
        if let tag = options.locale, let problem = LocaleArguments.problem(tag, option: "--locale") {
            return usage(problem, io)
        }
        if let path = options.project {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory || path.hasSuffix(".json") else {
                return usage("there is no project '\(path)' (a folder with Templates/, or its speakable.json)", io)
            }
        }
        guard let what = parsed.positionals.first else {
            return usage("say what to describe: piece MAP, scenario FILE or demo", io)
        }
        let rest = Array(parsed.positionals.dropFirst())
        switch what {
        case "piece":
            guard rest.count == 1 else { return usage("give one piece map, such as 'XX/X./X.' (quote it)", io) }
            return describePiece(rest[0], options, io)
        case "scenario":
            guard rest.count == 1 else { return usage("give one scenario file (or - for standard input)", io) }
            return describeScenario(file: rest[0], options, io)
        case "demo":
            guard rest.isEmpty else { return usage("demo takes no arguments", io) }
            return describe(Scenario.demo, options, io,
                            shown: "the built-in demo, the three reference apps: DailySudoku (cells and board), Soundscape (an activation hint), O'Block (board, pieces, rack, coins, levels, announcements)")
        default:
            return usage("'\(what)' is not something to describe; use piece, scenario or demo", io)
        }
    }

    private static func printer(_ io: any CommandIO) -> DiagnosticPrinter { DiagnosticPrinter(colour: io.errorIsTerminal) }

    /// The describer for the options (and the scenario's defaults); nil after printing why not.
    private static func describer(_ options: Arguments, scenario: Scenario?, io: any CommandIO,
                                  scenarioFile: (name: String, lines: [String])? = nil) -> (Describer?, Int32) {
        let tag = options.locale ?? scenario?.locale ?? "en"
        if options.locale == nil, let written = scenario?.locale, let problem = LocaleArguments.problem(written, option: "the scenario's \"locale\"") {
            // An error in the scenario file (1), not in the command line.
            io.writeError("speakable describe: \(problem)\n")
            return (nil, ExitStatus.failure)
        }
        let zone = options.timeZone ?? scenario?.timeZone ?? "UTC"
        var catalog = DescriberCatalog.builtIn
        var projectStyle: HintStyle?
        if let path = options.project {
            let project = path.hasSuffix(".json") ? ProjectLoader.load(configPath: path) : ProjectLoader.load(directory: path)
            for diagnostic in project.diagnostics { io.writeError(printer(io).render(diagnostic)) }
            if project.hasErrors { return (nil, ExitStatus.failure) }
            catalog = catalog.overriding(with: DescriberCatalog(project: project))
            if project.config.file != nil { projectStyle = project.config.hintStyle }
        }
        if let scenario, let file = scenarioFile {
            // The project's messages the scenario names: known, with the arguments they use (as
            // preview checks them).
            let problems = scenario.check(against: catalog, file: file.name, projectGiven: options.project != nil)
            for diagnostic in problems {
                let line = diagnostic.position.flatMap { $0.line - 1 < file.lines.count ? file.lines[$0.line - 1] : nil }
                io.writeError(printer(io).render(diagnostic, sourceLine: line))
            }
            if problems.contains(where: { $0.severity == .error }) { return (nil, ExitStatus.failure) }
        }
        do {
            let describer = try Describer(locale: tag, hintStyle: options.hintStyle ?? scenario?.hintStyle ?? projectStyle ?? .result,
                                          timeZone: zone, catalog: catalog)
            return (describer, ExitStatus.success)
        } catch {
            if let bad = error.diagnostics.first(where: { $0.id == "invalid-locale" || $0.id == "invalid-time-zone" }) {
                return (nil, usage(bad.message, io))
            }
            for diagnostic in error.diagnostics { io.writeError(printer(io).render(diagnostic)) }
            return (nil, ExitStatus.failure)
        }
    }

    private static func describePiece(_ map: String, _ options: Arguments, _ io: any CommandIO) -> Int32 {
        let piece: Piece
        do {
            piece = try Piece(map: map)
        } catch {
            let diagnostic = Diagnostic(severity: .error, id: "invalid-piece", message: error.message, file: "<piece>",
                                        position: error.column.map { SourcePosition(line: 1, column: $0) },
                                        hint: "write rows separated by /, X for a block and . for a gap, such as XX/X./X.")
            io.writeError(printer(io).render(diagnostic, sourceLine: map))
            return ExitStatus.failure
        }
        let (made, status) = describer(options, scenario: nil, io: io)
        guard let describer = made else { return status }
        let description = describer.describe(piece)
        let text = describer.describe(rackSlot: piece)
        let fields = ScenarioReport.fields(of: text, for: options.platform)
        if options.json {
            var members: [(String, JSONValue)] = [
                ("map", .string(piece.map)), ("locale", .string(describer.locale.languageTag)),
                ("platform", .string(options.platform.rawValue)), ("hintStyle", .string(describer.hintStyle.rawValue)),
                ("name", .string(description.name)), ("description", .string(description.description)),
                ("shape", .string(description.shape)),
            ]
            members += fields.map { ($0.name, $0.value) }
            io.write(JSONValue.object(members).prettyPrinted() + "\n")
        } else {
            var out = "name: \(description.name)\ndescription: \(description.description)\nshape: \(description.shape)\n"
            for field in fields { out += VisibleText.terminalLine("\(field.name): \(ScenarioReport.plainText(field.value))") + "\n" }
            io.write(out)
        }
        return ExitStatus.success
    }

    private static func describeScenario(file: String, _ options: Arguments, _ io: any CommandIO) -> Int32 {
        var bytes: [UInt8]
        let shown: String
        if file == "-" {
            shown = "<stdin>"
            var text = ""
            while let line = io.readLine() { text += line + "\n" }
            bytes = Array(text.utf8)
        } else {
            shown = file
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file)) else {
                // A missing input is a usage error (64), like every command's.
                io.writeError(printer(io).render(Diagnostic(severity: .error, id: "file-unreadable", message: "cannot read this file",
                                                            file: file, hint: "check that it exists and is readable; Examples/Scenarios/ has samples")))
                return ExitStatus.usage
            }
            bytes = Array(data)
        }
        let read = Scenario.read(bytes, file: shown)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for diagnostic in read.diagnostics {
            let line = diagnostic.position.flatMap { $0.line - 1 < lines.count ? lines[$0.line - 1] : nil }
            io.writeError(printer(io).render(diagnostic, sourceLine: line))
        }
        guard let scenario = read.scenario else { return ExitStatus.failure }
        return describe(scenario, options, io, shown: "scenario \(shown)", file: (shown, lines))
    }

    private static func describe(_ scenario: Scenario, _ options: Arguments, _ io: any CommandIO, shown: String,
                                 file: (name: String, lines: [String])? = nil) -> Int32 {
        let (made, status) = describer(options, scenario: scenario, io: io, scenarioFile: file)
        guard let describer = made else { return status }
        let report = ScenarioReport(scenario: scenario, describer: describer)
        if options.json {
            io.write(report.json(for: options.platform).prettyPrinted() + "\n")
        } else {
            io.write(header(report, shown: shown, platform: options.platform, describer: describer) + report.text(for: options.platform))
        }
        return ExitStatus.success
    }

    /// What the listing shows, before it starts: which apps or file, the locale, the platform and
    /// the hint style, and how to see the others.
    static func header(_ report: ScenarioReport, shown: String, platform: Platform, describer: Describer) -> String {
        let tag = describer.locale.languageTag
        let language = LocaleTags.displayName(tag).map { "\($0) (\(tag))" } ?? tag
        let reader = platform == .voiceOver ? "VoiceOver (iOS)" : "TalkBack (Android)"
        var text = shown.prefix(1).uppercased() + shown.dropFirst()
        text += ".\nWhat \(reader) says in \(language), \(report.elements.count) element\(report.elements.count == 1 ? "" : "s")"
        if platform == .voiceOver { text += ", hints as \(describer.hintStyle == .result ? "results (\"Selects the cell.\")" : "gesture sentences (\"Double tap to …\")")" }
        text += ".\n"
        var others: [String] = []
        others.append(platform == .voiceOver ? "--platform talkback" : "--platform voiceover")
        others.append(describer.locale.language == "ko" ? "--locale en" : "--locale ko")
        others.append("--json")
        text += "Also: " + others.joined(separator: ", ") + " (speakable describe --help).\n\n"
        return text
    }
}

extension Platform: ExpressibleByArgument {
    /// `voiceover` or `talkback`, in any case.
    init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension HintStyle: ExpressibleByArgument {
    init?(argument: String) { self.init(rawValue: argument) }
    static var allValueStrings: [String] { ["result", "gesture"] }
}
