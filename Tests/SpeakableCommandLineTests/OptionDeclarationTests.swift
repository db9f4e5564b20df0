import Testing
@testable import SpeakableCommandLine

/// Options declared once: the parser and the `--help` listing are both made from the declaration.
@Suite struct OptionDeclarationTests {
    enum Shape: String, CaseIterable, ExpressibleByArgument { case square, bar }

    /// A command's options as a test declares them: one of each kind.
    struct Sample: ParsableArguments {
        static let labelWidth = 19

        @Option(value: "FILE", help: "where to read")
        var input: String?
        @Option(value: "N", help: """
            how many times (default: 1),
            a whole number
            """)
        var repeatCount = 1
        @Option(value: "SHAPE", help: "square (default) or bar")
        var shape: Shape = .square
        @Option(name: "tag", value: "TAG", help: "a tag (repeatable)")
        var tags: [String]
        @Option(value: "A-VERY-LONG-VALUE", help: "its help goes below the label")
        var longOne: String?
        @Flag(short: "v", help: "say more")
        var verbose: Bool
    }

    @Test func theListingShowsEveryDeclaredOptionInOrderWithHelpLast() {
        #expect(Sample.optionListing == """
              --input FILE       where to read
              --repeat-count N   how many times (default: 1),
                                 a whole number
              --shape SHAPE      square (default) or bar
              --tag TAG          a tag (repeatable)
              --long-one A-VERY-LONG-VALUE
                                 its help goes below the label
              -v, --verbose      say more
              -h, --help         show this help
            """)
    }

    @Test func theParserReadsWhatIsDeclared() throws {
        let parsed = try Sample.parse(["a", "--input=in.txt", "--repeat-count", "3", "--shape", "bar", "--tag", "x", "--tag=y", "-v", "--", "--b"])
        #expect(parsed.options.input == "in.txt")
        #expect(parsed.options.repeatCount == 3)
        #expect(parsed.options.shape == .bar)
        #expect(parsed.options.tags == ["x", "y"])
        #expect(parsed.options.verbose)
        #expect(parsed.options.longOne == nil)
        #expect(parsed.positionals == ["a", "--b"])
        #expect(!parsed.help)

        let defaults = try Sample.parse([])
        #expect(defaults.options.repeatCount == 1 && defaults.options.shape == .square && defaults.options.tags.isEmpty && !defaults.options.verbose)
        #expect(try Sample.parse(["-h"]).help && Sample.parse(["--help"]).help)
    }

    @Test(arguments: [
        (["--repeat-count", "two"], "'--repeat-count two' is not a whole number"),
        (["--shape", "circle"], "'--shape circle' is not one of square, bar"),
        (["--input"], "'--input' needs a value"),
        (["--input", "a", "--input", "b"], "'--input' is given more than once"),
        (["--verbose=yes"], "'--verbose' does not take a value"),
        (["--help=me"], "'--help' does not take a value"),
        (["-x"], "unknown option '-x'"),
        (["--colour"], "unknown option '--colour'; this command takes --help, --input, --long-one, --repeat-count, --shape, --tag, --verbose"),
    ])
    func aWrongCommandLineIsAUsageError(arguments: [String], message: String) {
        do {
            _ = try Sample.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(error.message == message)
        }
    }

    /// Every command's help lists each declared option, with the first line of its help.
    @Test func everyCommandsHelpListsItsDeclaredOptions() {
        let commands: [(String, [OptionDeclaration])] = [
            ("check", CheckCommand.Arguments.declarations), ("compile", CompileCommand.Arguments.declarations),
            ("describe", DescribeCommand.Arguments.declarations), ("format", FormatCommand.Arguments.declarations),
            ("import", ImportCommand.Arguments.declarations), ("init", InitCommand.Arguments.declarations),
            ("preview", PreviewCommand.Arguments.declarations),
        ]
        for (name, declarations) in commands {
            let io = BufferedIO()
            #expect(SpeakableCLI.run([name, "--help"], io: io) == ExitStatus.success)
            for declaration in declarations {
                let firstLine = declaration.help.prefix { $0 != "\n" }
                #expect(io.output.contains("\n  " + declaration.label), "\(name) --help lacks \(declaration.label)")
                #expect(io.output.contains(firstLine), "\(name) --help lacks the help of \(declaration.label)")
            }
        }
    }
}
