import SpeakableEscaping
import SpeakableICU

/// The `speakable` command: dispatches to subcommands. All work happens in the libraries.
public enum SpeakableCLI {
    public static let version = "0.1.0"

    /// The subcommands, in the order the overview lists them.
    static var commands: [any SpeakableCommand.Type] {
        [PreviewCommand.self, InitCommand.self, FormatCommand.self, DescribeCommand.self, CompileCommand.self, ImportCommand.self,
         CheckCommand.self, ConvertCommand.self]
    }

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
                shown += "\\x" + HexDigits.padded(bytes[index], width: 2)
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
            return command.main(Array(arguments.dropFirst()), io: io)
        }
    }
}
