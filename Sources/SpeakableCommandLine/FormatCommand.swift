import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakableParticles

/// `speakable format`: one message from the command line, or a stream of JSON lines.
enum FormatCommand: SpeakableCommand {
    static let name = "format"
    static let summary = "Format an ICU MessageFormat message, as ICU would"

    static let help = """
    speakable format — format an ICU MessageFormat message exactly as ICU 72 would

    USAGE:
      speakable format [--syntax mf1|mf2] [--locale TAG] [--args JSON] [--time-zone ZONE] [--particles] MESSAGE
      speakable format --jsonl [--syntax mf1|mf2] [--locale TAG] [--time-zone ZONE] [--particles] < requests.jsonl

    OPTIONS:
    \(Arguments.optionListing)

    EXIT STATUS:
      0 formatted (every line, with --jsonl); 1 an error in a message, its arguments or a line
      (an MF2 message whose placeholders fail still prints its output, with the errors); 64 a
      wrong command line.

    EXAMPLES:
      speakable format 'Level {level}, {stars} of 3 stars' --args '{"level": 5, "stars": 2}'
      speakable format --locale ko --args '{"n": 3}' '별 3개 중 {n}개'
      speakable format --particles --locale ko --args '{"piece": "정사각형"}' '{piece}을(를) 배치'
        # 정사각형을 배치   (without --particles: 정사각형을(를) 배치, as ICU prints it)
      speakable format --locale en --args '{"d": {"$date": "2025-08-26"}}' 'Daily, {d, date, ::MMMMd}'
      printf '%s\\n' '{"locale": "ru", "message": "{n, plural, one {# звезда} few {# звезды} other {# звёзд}}", "args": {"n": 3}}' \\
        | speakable format --jsonl
      speakable format --syntax mf2 --args '{"n": 2}' '.input {$n :integer} .match $n one {{{$n} star}} * {{{$n} stars}}'

    """

    /// The options of `speakable format`.
    struct Arguments: ParsableArguments {
        static let labelWidth = 19

        @Option(value: "TAG", help: "BCP 47 locale (default: en), e.g. ko, ar-EG, sr-Latn")
        var locale: String?
        @Option(value: "JSON", help: """
            the arguments as a JSON object: an integer is an Int64, a number with a
            fraction or exponent a Double, a string a string,
            {"$date": "2026-08-26T09:30:00Z"} a date
            """)
        var args: String?
        @Option(value: "ZONE", help: """
            where dates are shown, and how ISO dates without an offset are read
            (default: UTC), e.g. Asia/Seoul
            """)
        var timeZone: String?
        @Flag(help: """
            resolve Korean particles written after a placeholder, as the describers
            do: {piece}을(를) says "정사각형을" or "막대를", {n}이(가) "3이" or "2가".
            Only Korean messages change; without it the output is exactly ICU's.
            """)
        var particles: Bool
        @Flag(help: """
            read one request per line from standard input:
              {"locale": "ko", "message": "…", "args": {…}, "particles": true}
            ("locale", "args" and "particles" may be left out; "particles"
            defaults to --particles) and write one line per request, in
            order: {"output": "…"} or {"error": {"id", "message", "line", "column"}}.
            A request may say "syntax": "mf2" (and "bidi": "none"); an MF2 message
            whose placeholders fail answers {"output": "…", "errors": [{"type", …}]}.
            The line and column of a message error are inside the message; of any
            other error, inside the request line. A bad line gets an error line and
            the run goes on. Lines are read as UTF-8 (invalid bytes are an error, not
            repaired), up to 16 MiB each; one output is at most 1 MiB (docs/limits.md).
            """)
        var jsonl: Bool
        @Option(value: "SYNTAX", help: """
            mf1 (default): ICU MessageFormat 1, as ICU 72 formats it; mf2: Unicode
            MessageFormat 2 (.input, .local, .match, :number, :string, …) as the
            standard defines it (docs/mf2.md)
            """)
        var syntax: MessageSyntax = .mf1
        @Option(value: "STRATEGY", help: """
            MF2's bidirectional isolation: default (each placeholder between FSI/LRI/RLI
            and PDI, as the standard's Default Bidi Strategy) or none
            """)
        var bidi: MF2BidiStrategy = .default
    }

    /// The template syntax of a message.
    enum MessageSyntax: String, CaseIterable, ExpressibleByArgument { case mf1, mf2 }

    static func run(_ parsed: CommandLineArguments<Arguments>, io: any CommandIO) -> Int32 {
        let options = parsed.options
        let locale: ICULocale
        if let tag = options.locale, let problem = LocaleArguments.problem(tag, option: "--locale") {
            return usage(problem, io)
        }
        do {
            locale = try ICULocale(options.locale ?? "en")
        } catch {
            return usage("'\(options.locale ?? "")' is not a BCP 47 locale tag such as en, ko or sr-Latn", io)
        }
        let timeZone: ICUTimeZone
        do {
            timeZone = try ICUTimeZone(options.timeZone ?? "UTC")
        } catch {
            return usage("'\(options.timeZone ?? "")' is not a time zone ICU knows, such as UTC or Asia/Seoul", io)
        }
        if options.jsonl {
            guard parsed.positionals.isEmpty, options.args == nil else {
                return usage("with --jsonl, messages and arguments come from standard input", io)
            }
            return JSONLinesFormatter(defaultLocale: locale, timeZone: timeZone, particles: options.particles,
                                      syntax: options.syntax, bidi: options.bidi, io: io).run()
        }
        if options.syntax == .mf1 && parsed.options.bidi != .default {
            return usage("--bidi is for --syntax mf2", io)
        }
        guard parsed.positionals.count == 1 else {
            return usage(parsed.positionals.isEmpty ? "give the message to format, or --jsonl"
                                                    : "give one message (quote it), not \(parsed.positionals.count) words", io)
        }
        let source = parsed.positionals[0]
        var args: [String: MessageArgument] = [:]
        if let text = options.args {
            let json = JSONReader.read(text, file: "--args")
            if let problem = json.diagnostics.first {
                io.writeError(printer(io).render(problem, sourceLine: text))
                return ExitStatus.usage
            }
            do {
                args = try ArgumentJSON.arguments(json.root!, timeZone: timeZone)
            } catch {
                io.writeError(printer(io).render(
                    Diagnostic(severity: .error, id: "bad-argument", message: error.message, file: "--args", position: error.position),
                    sourceLine: text))
                return ExitStatus.usage
            }
        }
        if options.syntax == .mf2 {
            return formatMF2(source, locale: locale, timeZone: timeZone, args: args, options: options, io: io)
        }
        do {
            let message = try MessageFormatter(source, locale: locale, timeZone: timeZone, particles: options.particles)
            io.write(try message.format(args) + "\n")
            return ExitStatus.success
        } catch let error as MessageError {
            report(error, source: source, io: io)
            return ExitStatus.failure
        } catch {
            report(.format(error as! MessageFormatError), source: source, io: io)
            return ExitStatus.failure
        }
    }

    private static func printer(_ io: any CommandIO) -> DiagnosticPrinter { DiagnosticPrinter(colour: io.errorIsTerminal) }

    /// One MF2 message: its output on standard output — also when a placeholder fails, which
    /// shows its fallback (`{$x}`) — and every error as a diagnostic inside the message.
    private static func formatMF2(_ source: String, locale: ICULocale, timeZone: ICUTimeZone, args: [String: MessageArgument],
                                  options: Arguments, io: any CommandIO) -> Int32 {
        let positions = TextPositions(source)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func show(_ error: MF2Error, _ severity: Severity) {
            let diagnostic = Diagnostic(severity: severity, id: error.id, message: error.message, file: "<message>",
                                        position: positions.position(ofUTF16Offset: error.range.lowerBound),
                                        endPosition: positions.position(ofUTF16Offset: error.range.upperBound), hint: error.hint)
            let line = diagnostic.position.flatMap { $0.line - 1 < lines.count ? lines[$0.line - 1] : nil }
            io.writeError(printer(io).render(diagnostic, sourceLine: line))
        }
        let message: MF2Message
        do {
            message = try MF2Message(source)
        } catch {
            for problem in error.errors { show(problem, .error) }
            return ExitStatus.failure
        }
        let formatted = message.format(locale: locale.languageTag, arguments: args, bidi: options.bidi, timeZone: timeZone)
        let output = options.particles ? formatted.resolvingKoreanParticles() : formatted.output
        io.write(output + "\n")
        for problem in formatted.errors { show(problem, .error) }
        return formatted.errors.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    private static func report(_ error: MessageError, source: String, io: any CommandIO) {
        let positions = TextPositions(source)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var diagnostics: [Diagnostic] = []
        switch error {
        case .syntax(let errors):
            diagnostics = errors.errors.map { $0.diagnostic(file: "<message>") { positions.position(ofUTF16Offset: $0) } }
        case .compile(let e):
            diagnostics = [Diagnostic(severity: .error, id: e.id, message: e.message, file: "<message>",
                                      position: e.range.map { positions.position(ofUTF16Offset: $0.lowerBound) })]
        case .format(let e):
            diagnostics = [Diagnostic(severity: .error, id: e.id, message: e.message, file: "<message>",
                                      position: e.range.map { positions.position(ofUTF16Offset: $0.lowerBound) },
                                      endPosition: e.range.map { positions.position(ofUTF16Offset: $0.upperBound) })]
        }
        for diagnostic in diagnostics {
            let line = diagnostic.position.flatMap { $0.line - 1 < lines.count ? lines[$0.line - 1] : nil }
            io.writeError(printer(io).render(diagnostic, sourceLine: line))
        }
    }
}

/// A compiled message, formatted as ICU does or, with `particles`, with Korean particles resolved
/// (`ParticleResolvingMessage`).
enum MessageFormatter {
    case icu(CompiledMessage)
    case particles(ParticleResolvingMessage)

    init(_ source: String, locale: ICULocale, timeZone: ICUTimeZone, particles: Bool) throws(MessageError) {
        if particles {
            self = .particles(try ParticleResolvingMessage(source, locale: locale, timeZone: timeZone))
        } else {
            self = .icu(try CompiledMessage(source, locale: locale, timeZone: timeZone))
        }
    }

    func format(_ arguments: [String: MessageArgument]) throws(MessageFormatError) -> String {
        switch self {
        case .icu(let message): try message.format(arguments)
        case .particles(let message): try message.format(arguments)
        }
    }
}

/// `speakable format --jsonl`: one request per line in, one result per line out, in order.
struct JSONLinesFormatter {
    let defaultLocale: ICULocale
    let timeZone: ICUTimeZone
    /// Whether requests without a "particles" field resolve Korean particles.
    var particles = false
    /// The syntax of requests without a "syntax" field.
    var syntax: FormatCommand.MessageSyntax = .mf1
    /// MF2's bidi strategy for requests without a "bidi" field.
    var bidi: MF2BidiStrategy = .default
    let io: any CommandIO

    /// The longest request line read (16 MiB); a longer one gets an error line and is skipped
    /// without being kept in memory.
    static let maximumLineLength = 16 << 20
    /// Compiled messages kept for reuse: at most this many, holding at most
    /// ``maximumCacheBytes`` of message text (a compiled message is about as large as its text);
    /// past either, the cache starts over.
    static let maximumCacheEntries = 10_000
    static let maximumCacheBytes = 32 << 20

    /// Compiled messages by (message, locale, time zone, particles): requests repeat the same
    /// templates.
    private final class Cache {
        var entries: [Key: Result<MessageFormatter, MessageError>] = [:]
        /// Parsed MF2 messages by source (parsing does not depend on the locale).
        var mf2: [String: Result<MF2Message, MF2Errors>] = [:]
        var bytes = 0

        /// Makes room for one more entry of `size` bytes (the cache starts over when full);
        /// false when the entry is too large to keep.
        func makeRoom(for size: Int) -> Bool {
            if JSONLinesFormatter.cacheIsFull(entries: entries.count + mf2.count, bytes: bytes, adding: size) {
                entries.removeAll()
                mf2.removeAll()
                bytes = 0
            }
            guard size <= JSONLinesFormatter.maximumCacheBytes else { return false }
            bytes += size
            return true
        }
        struct Key: Hashable {
            let source: String
            let locale: ICULocale
            let timeZone: ICUTimeZone
            let particles: Bool
        }
    }

    func run() -> Int32 {
        let cache = Cache()
        var lineNumber = 0
        var failures = 0
        let progress = io.errorIsTerminal
        while let read = io.readLineBytes(limit: Self.maximumLineLength) {
            lineNumber += 1
            let result: JSONValue
            switch read {
            case .tooLong(let length):
                result = errorLine("line-too-long", "the request is \(length) bytes long; the limit is \(Self.maximumLineLength >> 20) MiB",
                                   SourcePosition(line: 1, column: 1))
            case .bytes(let line):
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                result = handle(line, cache: cache)
            }
            if case .object(let members) = result, members.contains(where: { $0.0 == "error" || $0.0 == "errors" }) { failures += 1 }
            io.write(result.serialized() + "\n")
            if progress && lineNumber % 1000 == 0 {
                io.writeError("\rformatted \(lineNumber) lines, \(failures) with errors")
            }
        }
        if progress && lineNumber >= 1000 { io.writeError("\rformatted \(lineNumber) lines, \(failures) with errors\n") }
        return failures == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// Whether the cache must start over before keeping one more message of `size` bytes.
    static func cacheIsFull(entries: Int, bytes: Int, adding size: Int) -> Bool {
        entries >= maximumCacheEntries || bytes + size > maximumCacheBytes
    }

    private func errorLine(_ id: String, _ message: String, _ position: SourcePosition?) -> JSONValue {
        var fields: [(String, JSONValue)] = [("id", .string(id)), ("message", .string(message))]
        if let position {
            fields.append(("line", .int(Int64(position.line))))
            fields.append(("column", .int(Int64(position.column))))
        }
        return .object([("error", .object(fields))])
    }

    /// An MF2 request: `{"output"}`, `{"output", "errors": [{"type", "message", "line", "column"}]}`
    /// when placeholders failed (their fallbacks are in the output), or `{"error"}` for a message
    /// that does not parse (its first syntax or data-model error, with its `type` too).
    private func mf2Line(_ source: String, locale: ICULocale, args: [String: MessageArgument], particles: Bool,
                         bidi: MF2BidiStrategy, cache: Cache) -> JSONValue {
        let parsed: Result<MF2Message, MF2Errors>
        if let hit = cache.mf2[source] {
            parsed = hit
        } else {
            parsed = Result { () throws(MF2Errors) in try MF2Message(source) }
            if cache.makeRoom(for: source.utf8.count) { cache.mf2[source] = parsed }
        }
        let positions = TextPositions(source)
        func fields(_ error: MF2Error) -> [(String, JSONValue)] {
            let at = positions.position(ofUTF16Offset: error.range.lowerBound)
            return [("type", .string(error.id)), ("message", .string(error.message)),
                    ("line", .int(Int64(at.line))), ("column", .int(Int64(at.column)))]
        }
        switch parsed {
        case .failure(let errors):
            let first = errors.first
            return .object([("error", .object([("id", .string(first.id))] + fields(first)))])
        case .success(let message):
            let formatted = message.format(locale: locale.languageTag, arguments: args, bidi: bidi, timeZone: timeZone)
            var result: [(String, JSONValue)] = [("output", .string(particles ? formatted.resolvingKoreanParticles() : formatted.output))]
            if !formatted.errors.isEmpty {
                result.append(("errors", .array(formatted.errors.map { .object(fields($0)) })))
            }
            return .object(result)
        }
    }

    /// One request line, as bytes: invalid UTF-8 is a `json-invalid-utf8` error with its column,
    /// not text silently repaired to U+FFFD.
    private func handle(_ line: [UInt8], cache: Cache) -> JSONValue {
        let json = JSONReader.read(line)
        if let problem = json.diagnostics.first {
            return errorLine(problem.id, problem.message, problem.position)
        }
        guard let request = json.root, let members = request.members else {
            return errorLine("bad-request", "each line must be a JSON object with \"message\" (and \"locale\", \"args\")",
                             json.root?.start)
        }
        for member in members where !["locale", "message", "args", "particles", "syntax", "bidi"].contains(member.key) {
            return errorLine("bad-request", "unknown field '\(member.key)'; a request has \"locale\", \"message\", \"args\", \"particles\", \"syntax\" and \"bidi\"",
                             member.keyStart)
        }
        var syntax = self.syntax
        if let node = request["syntax"] {
            guard let text = node.string, let parsed = FormatCommand.MessageSyntax(rawValue: text) else {
                return errorLine("bad-request", "\"syntax\" must be \"mf1\" or \"mf2\"", node.start)
            }
            syntax = parsed
        }
        var bidi = self.bidi
        if let node = request["bidi"] {
            guard let text = node.string, let parsed = MF2BidiStrategy(rawValue: text) else {
                return errorLine("bad-request", "\"bidi\" must be \"default\" or \"none\"", node.start)
            }
            bidi = parsed
        }
        var particles = self.particles
        if let node = request["particles"] {
            guard let flag = node.bool else {
                return errorLine("bad-request", "\"particles\" must be true or false", node.start)
            }
            particles = flag
        }
        guard let messageNode = request["message"], let source = messageNode.string else {
            return errorLine("bad-request", "the request has no \"message\" string", request["message"]?.start ?? request.start)
        }
        var locale = defaultLocale
        if let localeNode = request["locale"] {
            guard let tag = localeNode.string, let parsed = try? ICULocale(tag) else {
                return errorLine("bad-locale", "\"locale\" must be a BCP 47 tag such as en, ko or sr-Latn", localeNode.start)
            }
            if let problem = LocaleArguments.problem(tag, option: "\"locale\"") {
                return errorLine("bad-locale", problem, localeNode.start)
            }
            locale = parsed
        }
        var args: [String: MessageArgument] = [:]
        if let argsNode = request["args"], !argsNode.isNull {
            do {
                args = try ArgumentJSON.arguments(argsNode, timeZone: timeZone)
            } catch {
                return errorLine("bad-argument", error.message, error.position)
            }
        }
        if syntax == .mf2 {
            return mf2Line(source, locale: locale, args: args, particles: particles, bidi: bidi, cache: cache)
        }
        let key = Cache.Key(source: source, locale: locale, timeZone: timeZone, particles: particles)
        let compiled: Result<MessageFormatter, MessageError>
        if let hit = cache.entries[key] {
            compiled = hit
        } else {
            compiled = Result { () throws(MessageError) in
                try MessageFormatter(source, locale: locale, timeZone: timeZone, particles: particles)
            }
            if cache.makeRoom(for: source.utf8.count) { cache.entries[key] = compiled }
        }
        let positions = TextPositions(source)
        switch compiled {
        case .failure(let error):
            return errorLine(error.id, error.message, error.range.map { positions.position(ofUTF16Offset: $0.lowerBound) })
        case .success(let message):
            do {
                return .object([("output", .string(try message.format(args)))])
            } catch {
                return errorLine(error.id, error.message, error.range.map { positions.position(ofUTF16Offset: $0.lowerBound) })
            }
        }
    }
}

extension MF2BidiStrategy: ExpressibleByArgument {}
