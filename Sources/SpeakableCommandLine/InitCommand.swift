import FoundationEssentials
import SpeakableCatalog

/// `speakable init`: a project that checks and compiles as written (the files come from
/// ``StarterProject``; this only writes them, never over an existing file).
enum InitCommand: SpeakableCommand {
    static let name = "init"
    static let summary = "Start a project: speakable.json, a template table, translation files"

    static let help = """
    speakable init — start a Speakable project: config, a template table, translation files

    USAGE:
      speakable init [DIR] [--locales LIST] [--source TAG] [--table NAME] [--android-namespace N]
      speakable init [DIR] --empty [--locales LIST] [--source TAG] [--android-namespace N]

    Writes into DIR (default: the current folder; created when missing):
      speakable.json             sourceLocale, targetLocales, the Android app's namespace and the
                                 other settings
      Templates/<table>.json     real screen-reader messages to start from: a label, a value with
                                 a plural, a VoiceOver hint, TalkBack's click label, an announcement,
                                 each with a comment and example arguments
      Locales/<tag>/<table>.json one per target locale, empty: every message needs translation
                                 (check lists them; compile hands them to translators in XLIFF)
      Scenarios/<table>.json     a screen made of those messages (a grid of levels, a level, an
                                 announcement) for speakable preview --scenario
      .gitignore                 keeps Generated/ out of git (an existing .gitignore is left alone)

    It never overwrites a file: when one of these exists, or DIR already has templates, it
    stops and writes nothing. The project checks and compiles as written.

    With --empty, only speakable.json and .gitignore: a project for an app that already ships
    catalogs, whose messages come in with `speakable import` (any source language).

    OPTIONS:
    \(Arguments.optionListing)

    EXIT STATUS:
      0 created; 1 a file is in the way (nothing written) or cannot be written; 64 a wrong
      command line (an unknown locale, a DIR that is a file).

    EXAMPLES:
      speakable init MyGame --locales ko,ja
      speakable init MyGameAndroid --locales ko --android-namespace com.example.mygame
      speakable init MyGame-ko --source ko --locales en
      speakable init MyGameApp --empty
      speakable import --config MyGameApp/speakable.json Examples/Catalogs/res

    """

    /// The options of `speakable init`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 21

        @Option(value: "LIST", help: """
            the target locales, comma-separated BCP 47 tags (default: none), e.g.
            ko,ja or pt-BR,sr-Latn
            """)
        var locales = ""
        @Option(value: "TAG", help: """
            the language the templates are written in: en (default) or ko;
            with --empty, any
            """)
        var source = "en"
        @Option(value: "NAME", help: "the template table's name (default: game; Swift accessors GameStrings)")
        var table: String?
        @Option(value: "N", help: """
            the Android app's namespace (its R package, build.gradle's
            `namespace`), which the Kotlin accessors import (default: the
            placeholder com.example.game, to be changed in speakable.json)
            """)
        var androidNamespace: String?
        @Flag(help: "no sample table: the messages will be imported")
        var empty: Bool
    }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let arguments = parsed.options
        guard parsed.positionals.count <= 1 else {
            return usage("give one project folder, not \(parsed.positionals.count)", io)
        }
        let directory = parsed.positionals.first ?? "."
        let locales = arguments.locales.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
        let empty = arguments.empty
        if empty, arguments.table != nil { return usage("--table names the sample table, which --empty leaves out", io) }
        let starter: StarterProject
        do {
            starter = try StarterProject(sourceLocale: arguments.source, targetLocales: locales,
                                         table: arguments.table ?? "game", empty: empty,
                                         androidNamespace: arguments.androidNamespace)
        } catch {
            return usage(error.message, io)
        }
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        if exists && !isDirectory { return usage("'\(directory)' is a file, not a folder", io) }

        func path(_ relative: String) -> String { directory == "." ? relative : (directory.hasSuffix("/") ? directory : directory + "/") + relative }
        // Refuse before writing anything: no file is overwritten, and an existing project is not
        // turned into another one.
        var inTheWay: [String] = []
        for file in starter.files where file.path != ".gitignore" && FileManager.default.fileExists(atPath: path(file.path)) {
            inTheWay.append(path(file.path))
        }
        let existingTemplates = ((try? FileManager.default.contentsOfDirectory(atPath: path("Templates"))) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        if inTheWay.isEmpty, !existingTemplates.isEmpty {
            inTheWay = existingTemplates.map { path("Templates/" + $0) }
        }
        if !inTheWay.isEmpty {
            io.writeError("speakable init: \(directory == "." ? "this folder" : "'\(directory)'") already has "
                          + "\(inTheWay.count == 1 ? "a file" : "files") init would write or a project: \(inTheWay.joined(separator: ", "))\n"
                          + "Nothing was written. Use another folder, or move \(inTheWay.count == 1 ? "it" : "them") away first;"
                          + " an existing project is checked with 'speakable check' and compiled with 'speakable compile'.\n")
            return ExitStatus.failure
        }

        var written: [String] = []
        var gitignoreNote: String?
        var current = directory
        do {
            for file in starter.files {
                let target = path(file.path)
                current = target
                if file.path == ".gitignore", FileManager.default.fileExists(atPath: target) {
                    let text = (try? String(contentsOfFile: target, encoding: .utf8)) ?? ""
                    let ignoresGenerated = text.split(separator: "\n").contains { line in
                        ["/Generated/", "Generated/", "/Generated", "Generated"].contains(String(line.filter { $0 != " " && $0 != "\t" && $0 != "\r" }))
                    }
                    if !ignoresGenerated { gitignoreNote = "\(target) exists and was left alone: add the line /Generated/ to it to keep the compiled outputs out of git" }
                    continue
                }
                let folder = target.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
                written.append(target)
            }
        } catch {
            // All or nothing: take back what this run wrote (folders it made may stay, empty).
            for file in written { try? FileManager.default.removeItem(atPath: file) }
            io.writeError("speakable init: cannot write '\(current)' (\(error)); check that the folder is writable. Nothing was written.\n")
            return ExitStatus.failure
        }

        var out = "Created a Speakable project in \(directory == "." ? "this folder" : directory):\n"
        let width = (starter.files.map(\.path.count).max() ?? 0) + 2
        for file in starter.files where file.path != ".gitignore" || written.contains(path(".gitignore")) {
            out += "  " + file.path.padding(width) + file.summary + "\n"
        }
        if let gitignoreNote { out += "\nNote: " + gitignoreNote + "\n" }
        if starter.hasPlaceholderNamespace {
            out += "\nNote: \"android\": {\"namespace\": \"\(StarterProject.placeholderNamespace)\"} in speakable.json is a placeholder: set it to your "
                + "Android app's namespace (build.gradle's `namespace`, the package of its R class), which the Kotlin accessors import.\n"
        }
        let here = directory == "."
        if starter.isEmpty {
            let config = here ? "speakable.json" : shellQuoted(path("speakable.json"))
            out += "\nNext, bring in the catalogs the app ships (import takes several at once):\n"
            let android = "speakable import --config \(config) app/src/main/res"
            let apple = "speakable import --config \(config) App/Localizable.xcstrings"
            out += "  " + android.padding(apple.count + 2) + "an Android res/ folder\n"
            out += "  " + apple.padding(apple.count + 2) + "a String Catalog\n"
            out += "Then \(here ? "speakable check" : "speakable check " + shellQuoted(directory)) judges them, and "
                + "\(here ? "speakable compile" : "speakable compile " + shellQuoted(directory)) writes them back.\n"
            io.write(out)
            return ExitStatus.success
        }
        let missing = starter.targetLocales.count * 5
        out += "\nNext:\n"
        let checkCommand = here ? "speakable check" : "speakable check \(shellQuoted(directory))"
        let compileCommand = here ? "speakable compile" : "speakable compile \(shellQuoted(directory))"
        let previewCommand = "speakable preview --project \(here ? "." : shellQuoted(directory)) --scenario \(shellQuoted(path("Scenarios/\(starter.table).json")))"
        let commandWidth = max(checkCommand.count, compileCommand.count, previewCommand.count) + 2
        out += "  " + checkCommand.padding(commandWidth)
            + (missing > 0 ? "lists the \(missing) translations still missing (warnings; exit 0)\n" : "checks the messages (exit 0)\n")
        out += "  " + compileCommand.padding(commandWidth)
            + "writes \(here ? "" : path(""))Generated/: String Catalog, Android res/, XLIFF, Swift and Kotlin accessors\n"
        out += "  " + previewCommand.padding(commandWidth) + "says the screen of Scenarios/ as VoiceOver and TalkBack do, in every locale\n"
        out += "Then write your own messages in \(path("Templates/\(starter.table).json"))"
        out += starter.targetLocales.isEmpty ? ", and add target locales to \"targetLocales\" in speakable.json.\n"
            : "; translations go in \(path("Locales"))/<tag>/\(starter.table).json (or import a translator's XLIFF with speakable import).\n"
        io.write(out)
        return ExitStatus.success
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-_./~".contains($0) } ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
