#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SpeakableCatalog
import SpeakableDescribers
import SpeakableDiagnostics
import SpeakablePreview
import SpeakableSpeech
import Synchronization

/// `speakable preview`: what VoiceOver and TalkBack say, element by element, per locale — as
/// text, JSON, audio and a web page, once or on every change.
enum PreviewCommand: SpeakableCommand {
    static let name = "preview"
    static let summary = "What VoiceOver and TalkBack say, element by element and per locale: text, audio, a web page"

    static let help = """
    speakable preview — hear and see what VoiceOver and TalkBack say, element by element, per locale

    USAGE:
      speakable preview [options]

    With no options: the built-in demo (the three reference apps' screens) in English and Korean, as
    VoiceOver and as TalkBack say it, each line with its estimated speaking time; '!' marks app
    words over their budget (the template's maxSeconds, else speakable.json's budgets).

    OPTIONS:
    \(Arguments.optionListing)

    EXIT STATUS:
      0 previewed; 1 an error in the scenario or the project, espeak-ng missing for --audio, or a
      file that cannot be written; 64 a wrong command line (an unknown locale, with what was
      meant), or a scenario file or project that does not exist.

    EXAMPLES:
      speakable preview
      speakable preview --locale ko --platform talkback
      speakable preview --scenario Examples/Scenarios/sudoku.json --json
      speakable preview --project . --locale ko --watch   # not run: previews again on every change until Ctrl-C
      speakable preview --scenario Examples/Scenarios/soundscape.json --audio Generated/Audio --html Generated/preview.html
      echo '{"items": [{"type": "coins", "amount": 9180}]}' | speakable preview --scenario -

    """

    /// The options of `speakable preview`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 22

        @Option(value: "FILE", help: "a scenario file (docs/preview.md; - reads standard input) instead of the demo")
        var scenario: String?
        @Option(name: "locale", value: "LIST", help: "locales, comma-separated (default en,ko); BCP 47 tags")
        var locales: [String]
        @Option(name: "platform", value: "LIST", help: "voiceover, talkback or both, comma-separated (default voiceover,talkback)")
        var platforms: [String]
        @Option(value: "PATH", help: """
            a Speakable project (folder or speakable.json): its templates and
            translations replace or add to the built-in ones, its budgets and
            hintStyle apply
            """)
        var project: String?
        @Option(value: "STYLE", help: "result (\"Selects the cell.\") or gesture (\"Double tap to select the cell\")")
        var hintStyle: HintStyle?
        @Option(value: "ZONE", help: "where dates are shown (default: the scenario's, else UTC)")
        var timeZone: String?
        @Flag(help: "print JSON instead of text")
        var json: Bool
        @Option(value: "DIR", help: """
            also synthesize every element with espeak-ng: one WAV per element,
            platform and locale, and DIR/index.json; the text report shows each
            element's measured seconds beside the estimate
            """)
        var audio: String?
        @Option(value: "FILE", help: """
            also write a self-contained web page: boards as ARIA grids you can walk
            with the arrow keys, controls, announcements, a locale and platform
            switcher, what each element says with its timing (and audio with --audio)
            """)
        var html: String?
        @Flag(help: """
            keep running: preview again whenever the scenario, speakable.json, a
            template or a translation changes (Ctrl-C stops)
            """)
        var watch: Bool
    }

    struct Options {
        var inputs = PreviewInputs()
        var locales = ["en", "ko"]
        /// Whether --locale was given (else the scenario's locale, the project's, or en,ko).
        var localesGiven = false
        var platforms: [Platform] = [.voiceOver, .talkBack]
        var hintStyle: HintStyle?
        var timeZone: String?
        var json = false
        var audio: String?
        var html: String?
        var watch = false
    }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let arguments = parsed.options
        guard parsed.positionals.isEmpty else {
            return usage("preview takes no arguments; give a scenario with --scenario FILE", io)
        }
        var options = Options()
        options.inputs = PreviewInputs(scenarioPath: arguments.scenario, projectPath: arguments.project)
        options.hintStyle = arguments.hintStyle
        options.timeZone = arguments.timeZone
        options.json = arguments.json
        options.audio = arguments.audio
        options.html = arguments.html
        options.watch = arguments.watch
        if !arguments.locales.isEmpty {
            let tags = arguments.locales.flatMap { $0.split(separator: ",") }.map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
            guard !tags.isEmpty else { return usage("--locale needs at least one tag, such as en or en,ko", io) }
            for tag in tags {
                if let problem = LocaleArguments.problem(tag, option: "--locale") { return usage(problem, io) }
            }
            options.locales = unique(tags)
            options.localesGiven = true
        }
        if !arguments.platforms.isEmpty {
            var platforms: [Platform] = []
            for name in arguments.platforms.flatMap({ $0.split(separator: ",") }).map({ String($0).trimmedSpaces.lowercased() }) where !name.isEmpty {
                guard let platform = Platform(rawValue: name) else {
                    return usage("--platform is voiceover, talkback or both (comma-separated), not '\(name)'", io)
                }
                if !platforms.contains(platform) { platforms.append(platform) }
            }
            guard !platforms.isEmpty else { return usage("--platform needs voiceover, talkback or both", io) }
            options.platforms = platforms
        }
        // A missing input is a usage error (64), as in every command (docs/cli.md).
        if let scenario = options.inputs.scenarioPath, scenario != "-", access(scenario, F_OK) != 0 {
            return usage("there is no scenario file '\(scenario)' (Examples/Scenarios/ has samples)", io)
        }
        if let project = options.inputs.projectPath, access(project, F_OK) != 0 {
            return usage("there is no project '\(project)' (a folder with Templates/, or its speakable.json)", io)
        }
        if options.watch && options.inputs.watchedPaths().isEmpty {
            return usage("--watch needs something to watch: --scenario FILE or --project PATH", io)
        }
        if options.watch && options.inputs.scenarioPath == "-" {
            return usage("--watch cannot watch standard input; give the scenario as a file", io)
        }
        var espeak: Espeak?
        if options.audio != nil {
            guard let found = Espeak.find() else {
                io.writeError(printer(io).render(Diagnostic(
                    severity: .error, id: "espeak-missing", message: "--audio needs the espeak-ng speech synthesizer, which is not installed",
                    hint: Espeak.installAdvice + "; or leave out --audio")))
                return ExitStatus.failure
            }
            espeak = found
        }
        if options.audio != nil, let html = options.html, html == options.audio {
            return usage("--html and --audio must name different paths", io)
        }
        guard options.watch else { return once(options, espeak: espeak, io: io) }
        // A watch runs until it is stopped: make sure Ctrl-C and `kill` can stop it even when the
        // parent started it with those signals blocked (test runners and some launchers do).
        var stoppers = sigset_t()
        sigemptyset(&stoppers)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stoppers, signal) }
        pthread_sigmask(SIG_UNBLOCK, &stoppers, nil)
        // The fingerprint is taken before the first preview, so that no edit slips between them.
        var watcher = FileWatcher(paths: options.inputs.watchedPaths())
        var status = once(options, espeak: espeak, io: io)
        io.writeError("speakable preview: watching \(watcher.current.count) files for changes; Ctrl-C stops\n")
        while let changed = watcher.waitForChange() {
            if io.outputIsTerminal && !options.json { io.write("\u{1B}[H\u{1B}[2J") }
            io.writeError("speakable preview: \(changed.count == 1 ? changed[0] : "\(changed.count) files") changed; previewing again\n")
            status = once(options, espeak: espeak, io: io)
            // The project's folders may have moved (speakable.json edited): watch what it says now.
            let paths = options.inputs.watchedPaths()
            if paths != watcher.paths { watcher = FileWatcher(paths: paths) }
        }
        return status
    }

    /// Loads, previews and writes everything once; the exit status.
    static func once(_ options: Options, espeak: Espeak?, io: any CommandIO) -> Int32 {
        let loaded = options.inputs.load(standardInput: {
            var text = ""
            while let line = io.readLine() { text += line + "\n" }
            return Array(text.utf8)
        })
        for diagnostic in loaded.diagnostics {
            let line = diagnostic.file == options.inputs.scenarioPath || diagnostic.file == "<stdin>"
                ? diagnostic.position.flatMap { $0.line - 1 < loaded.scenarioLines.count ? loaded.scenarioLines[$0.line - 1] : nil }
                : nil
            io.writeError(printer(io).render(diagnostic, sourceLine: line))
        }
        guard var request = loaded.request else { return ExitStatus.failure }
        request.locales = options.localesGiven ? options.locales : loaded.defaultLocales ?? options.locales
        request.platforms = options.platforms
        if let style = options.hintStyle { request.hintStyle = style }
        request.timeZone = options.timeZone
        request.includeBoards = options.html != nil
        let preview: Preview
        do {
            preview = try Previewer.preview(request)
        } catch {
            if let bad = error.diagnostics.first(where: { $0.id == "invalid-locale" || $0.id == "invalid-time-zone" }), !options.watch {
                return usage(bad.message, io)
            }
            for diagnostic in error.diagnostics { io.writeError(printer(io).render(diagnostic)) }
            return ExitStatus.failure
        }
        var audio: AudioIndex?
        if let directory = options.audio, let espeak {
            let terminal = io.errorIsTerminal
            let start = monotonicSeconds()
            let line = ProgressLine(io)
            var progress: (@Sendable (Int, Int) -> Void)?
            if terminal {
                progress = { (done: Int, total: Int) in
                    line.show("Synthesizing with espeak-ng: \(done)/\(total)", final: done == total)
                }
            }
            do throws(AudioError) {
                audio = try AudioWriter.write(preview, to: directory, espeak: espeak, progress: progress)
            } catch {
                if terminal { io.writeError("\n") }
                io.writeError(printer(io).render(Diagnostic(severity: .error, id: "audio-failed", message: error.description,
                                                            file: directory)))
                return ExitStatus.failure
            }
            if terminal, let audio {
                io.writeError("Wrote \(audio.items.count) WAV files and \(directory)/index.json in "
                              + PreviewFormat.seconds(monotonicSeconds() - start) + ".\n")
            }
        }
        if let path = options.html {
            let page = PreviewPage.html(preview, audio: audio, audioDirectory: options.audio)
            // Its folder is made when missing (--html Generated/preview.html), as check's --output.
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            do {
                try PreviewFiles.writeAtomically(Array(page.utf8), to: path)
            } catch {
                io.writeError(printer(io).render(Diagnostic(severity: .error, id: "html-failed", message: error.description, file: path)))
                return ExitStatus.failure
            }
            if io.errorIsTerminal { io.writeError("Wrote \(path).\n") }
        }
        if options.json {
            io.write(PreviewJSON.render(preview, audio: audio).prettyPrinted() + "\n")
        } else {
            io.write(PreviewText.render(preview, colour: wantsColour(outputIsTerminal: io.outputIsTerminal,
                                                                     noColor: getenv("NO_COLOR").map { String(cString: $0) }),
                                        audio: audio))
        }
        return ExitStatus.success
    }

    /// Colour on a terminal, unless NO_COLOR is set to anything but "" (no-color.org).
    static func wantsColour(outputIsTerminal: Bool, noColor: String?) -> Bool {
        outputIsTerminal && (noColor ?? "").isEmpty
    }

    static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func printer(_ io: any CommandIO) -> DiagnosticPrinter { DiagnosticPrinter(colour: io.errorIsTerminal) }
}

/// A progress line on standard error, rewritten in place; called from synthesis threads.
final class ProgressLine: @unchecked Sendable {
    // Safe: every use of `io` goes through the lock, and the command waits for the threads.
    private let io: any CommandIO
    private let lock = Mutex<Void>(())

    init(_ io: any CommandIO) { self.io = io }

    func show(_ text: String, final: Bool) {
        lock.withLock { _ in io.writeError("\r\u{1B}[K" + text + (final ? "\n" : "")) }
    }
}

extension String {
    var trimmedSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
