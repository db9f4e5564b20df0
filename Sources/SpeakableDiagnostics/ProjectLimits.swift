/// The limits of one project, the same for `import`, `check` and `compile` (docs/limits.md):
/// what one of them accepts, the others accept; what one refuses, the others refuse, with the
/// same diagnostic. Chosen so that `check` and `compile` of the largest project accepted stay
/// under 2 GB of memory.
///
/// ```swift
/// let limits = ProjectLimits.standard
/// limits.messages    // 500,000 messages and translations in all
/// ```
///
/// Diagnostic ids: `too-many-messages` (one file), `project-too-many-messages`,
/// `project-too-many-locales`, `project-too-large`.
public struct ProjectLimits: Sendable, Equatable {
    /// The most messages one template file, or translations one locale file (or one Android
    /// `strings.xml`), may hold (`too-many-messages`).
    public var messagesPerFile: Int
    /// The most messages and translations all tables and locales may hold together
    /// (`project-too-many-messages`), counted as the files are read: reading stops at the first
    /// file past it.
    public var messages: Int
    /// The most bytes all templates and translations may take together (`project-too-large`),
    /// from the file sizes before anything is read.
    public var bytes: Int
    /// The most locale folders a project may have (`project-too-many-locales`), counted before
    /// any is read.
    public var locales: Int

    public init(messagesPerFile: Int, messages: Int, bytes: Int, locales: Int) {
        self.messagesPerFile = messagesPerFile
        self.messages = messages
        self.bytes = bytes
        self.locales = locales
    }

    /// The limits every command uses.
    public static let standard = ProjectLimits(messagesPerFile: 100_000, messages: 500_000, bytes: 96 << 20, locales: 200)

    static let splitHint = "split the project into several, each with its own speakable.json (there is no setting to raise this limit)"

    /// `too-many-messages`: one file holds `count` messages (`what`: "messages", "translations",
    /// "strings").
    public func tooManyMessagesInFile(_ count: Int, _ what: String, file: String, at position: SourcePosition?) -> Diagnostic {
        Diagnostic(severity: .error, id: "too-many-messages", message: "the file has \(count) \(what); the limit is \(messagesPerFile)",
                   file: file, position: position, hint: "split the table into several files")
    }

    /// `project-too-many-messages`: at least `count` messages and translations were counted.
    public func tooManyMessages(_ count: Int, file: String) -> Diagnostic {
        Diagnostic(severity: .error, id: "project-too-many-messages",
                   message: "the project holds \(count) messages and translations (templates and locales together, counted until past the limit); the limit is \(messages)",
                   file: file, position: nil, hint: Self.splitHint)
    }

    /// `project-too-many-locales`: the project has `count` locale folders.
    public func tooManyLocales(_ count: Int, file: String) -> Diagnostic {
        Diagnostic(severity: .error, id: "project-too-many-locales",
                   message: "the project has \(count) locale folders; the limit is \(locales)",
                   file: file, position: nil, hint: Self.splitHint)
    }

    /// `project-too-large`: the templates and translations take `count` bytes.
    public func tooLarge(_ count: Int, file: String) -> Diagnostic {
        Diagnostic(severity: .error, id: "project-too-large",
                   message: "the templates and translations take \(count) bytes; the limit is \(bytes >> 20) MiB",
                   file: file, position: nil, hint: Self.splitHint)
    }
}
