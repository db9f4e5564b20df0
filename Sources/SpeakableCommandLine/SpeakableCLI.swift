import SpeakableEscaping
import SpeakableICU

/// The `speakable` command: dispatches to subcommands. All work happens in the libraries.
public enum SpeakableCLI {
    public static let version = "0.1.0"

    struct Command: Sendable {
        let name: String
        let summary: String
        let run: @Sendable ([String], any CommandIO) -> Int32
    }

    static let commands: [Command] = [
        Command(name: "preview", summary: "What VoiceOver and TalkBack say, element by element and per locale: text, audio, a web page",
                run: PreviewCommand.run),
        Command(name: "init", summary: "Start a project: speakable.json, a template table, translation files", run: InitCommand.run),
        Command(name: "format", summary: "Format an ICU MessageFormat message, as ICU would", run: FormatCommand.run),
        Command(name: "describe", summary: "What VoiceOver and TalkBack say for pieces, boards, controls and events",
                run: DescribeCommand.run),
        Command(name: "compile", summary: "Write .xcstrings, Android resources, XLIFF, Swift and Kotlin accessors", run: CompileCommand.run),
        Command(name: "import", summary: "Bring .xcstrings, Android strings.xml or res/, and XLIFF into Templates/ and Locales/", run: ImportCommand.run),
        Command(name: "check", summary: "Check messages and translations, and judge them as speech", run: CheckCommand.run),
    ]

    static var help: String {
        var text = """
        speakable — screen-reader text for grid games, from ICU MessageFormat templates

        USAGE: speakable <command> [options]

        COMMANDS:

        """
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: max(1, 10 - command.name.count)) + command.summary + "\n"
        }
        text += """

        Run 'speakable <command> --help' for a command's options and examples.

        EXAMPLES:
          speakable preview
          speakable preview --locale ko --platform talkback
          speakable preview --scenario Examples/Scenarios/soundscape.json --audio Generated/Audio --html Generated/preview.html
          speakable init MyGame --locales ko,ja
          speakable format --locale ko --args '{"n": 3}' '별 {n}개'
          speakable describe piece 'XX/X./X.' --locale ko
          speakable describe demo --platform talkback
          speakable compile --out Generated --only xcstrings,android
          speakable check --format github
          echo '{"locale": "en", "message": "{n, plural, one {# star} other {# stars}}", "args": {"n": 2}}' | speakable format --jsonl

        """
        return text
    }

    /// What `speakable` says about a command-line argument that is not valid UTF-8: where, with
    /// the bytes that are not shown as `\xNN`.
    public static func invalidArgumentMessage(position: Int, bytes: [UInt8]) -> String {
        var shown = ""
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 sequence here, else one byte as \xNN.
            var decoded: String?
            for length in [4, 3, 2, 1] where index + length <= bytes.count {
                if let text = String(validating: bytes[index..<(index + length)], as: UTF8.self), text.unicodeScalars.count == 1 {
                    decoded = text
                    index += length
                    break
                }
            }
            if let decoded {
                shown += VisibleText.escape(decoded)
            } else {
                let hex = String(bytes[index], radix: 16, uppercase: true)
                shown += "\\x" + (hex.count == 1 ? "0" : "") + hex
                index += 1
            }
        }
        return "speakable: argument \(position) is not valid UTF-8: \(shown)\n"
            + "Speakable reads text as UTF-8; check the shell's locale or the file the argument came from.\n"
    }

    /// Runs `speakable` with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], io: any CommandIO) -> Int32 {
        guard let first = arguments.first else {
            io.writeError(help)
            return ExitStatus.usage
        }
        switch first {
        case "-h", "--help", "help":
            io.write(help)
            return ExitStatus.success
        case "--version":
            io.write("speakable \(version) (ICU \(icuVersion))\n")
            return ExitStatus.success
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                io.writeError("speakable: unknown command '\(first)'\n\n" + help)
                return ExitStatus.usage
            }
            return command.run(Array(arguments.dropFirst()), io)
        }
    }
}
