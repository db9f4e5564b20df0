public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages

extension Scenario {
    /// Every message of a project as the element its role makes, once per example — what
    /// `speakable preview --project P` plays when no scenario is given, so that a translator
    /// hears every string they wrote:
    ///
    /// * `label`, `text`: an element with the message as its label;
    /// * `value`: an element with the message as its value (VoiceOver's `accessibilityValue`,
    ///   TalkBack's state description);
    /// * `hint`: an element with the message as its VoiceOver hint;
    /// * `action`: a button with the message as its action — TalkBack's click label ("Double-tap
    ///   to …"), VoiceOver's hint in the gesture style;
    /// * `announcement`: an announcement.
    ///
    /// Each item's title is the key (and "example 2" when there are several). A message without
    /// examples that takes arguments gets sample values (a number 3, a select's first case, a
    /// date, the argument's name as text), and its title says so.
    ///
    /// ```swift
    /// let scenario = Scenario.preview(of: ProjectLoader.load(directory: "MyGame"))
    /// scenario.items.map(\.title)   // ["level.label", "level.stars", "level.play.hint", …]
    /// ```
    public static func preview(of project: Project) -> Scenario {
        var items: [Item] = []
        for table in project.tables {
            for message in table.messages {
                guard let pattern = message.pattern else { continue }
                var sets = message.examples.map { (arguments: $0.arguments, position: $0.position, sample: false) }
                let usages = pattern.argumentUsages
                if sets.isEmpty {
                    sets = [(sampleArguments(usages), message.keyPosition, !usages.isEmpty)]
                }
                for (index, set) in sets.enumerated() {
                    let reference = MessageReference(key: message.key, arguments: set.arguments, position: set.position,
                                                     keyPosition: message.keyPosition, argumentPositions: [:],
                                                     argumentsPosition: set.position,
                                                     // The template's own examples (speakable check judges them).
                                                     sharedArguments: Set(set.arguments.keys))
                    var title = message.key
                    if set.sample { title += " (sample arguments)" } else if sets.count > 1 { title += " (example \(index + 1))" }
                    let kind: Kind
                    var element = ElementSpec()
                    switch message.role {
                    case .label, .text:
                        element.label = .message(reference)
                        kind = .element(element)
                    case .value:
                        element.value = .message(reference)
                        kind = .element(element)
                    case .hint:
                        element.hint = .message(reference)
                        kind = .element(element)
                    case .action:
                        element.action = .message(reference)
                        element.traits = ["button"]
                        kind = .element(element)
                    case .announcement:
                        kind = .announcement(.message(reference))
                    }
                    let type: String = if case .announcement = kind { "announcement" } else { "element" }
                    items.append(Item(kind: kind, position: set.position, type: type, title: title))
                }
            }
        }
        return Scenario(locale: nil, hintStyle: nil, timeZone: nil, items: items)
    }

    /// Values for a message without examples: numbers 3, a select's first case other than
    /// `other`, a date, and the argument's name as text.
    static func sampleArguments(_ usages: [String: ArgumentUsage]) -> [String: MessageArgument] {
        var result: [String: MessageArgument] = [:]
        for (name, usage) in usages {
            switch usage.kind {
            case .number, .plural, .ordinal: result[name] = .int(3)
            case .select(let cases): result[name] = .string(cases.first { $0 != "other" } ?? "other")
            case .date: result[name] = .date(1_756_166_400_000)
            case .untyped, .conflicting: result[name] = .string(name)
            }
        }
        return result
    }

    /// The project's own messages no item names, as one note at the scenario (its file): a
    /// scenario that leaves strings out is fine, but a translator should know what it does not
    /// play. Nil when every message is used.
    public func unusedMessages(of project: Project, file: String) -> Diagnostic? {
        let used = Set(messageReferences.map(\.key))
        let all = project.tables.flatMap { $0.messages.map(\.key) }
        let unused = all.filter { !used.contains($0) }
        guard !unused.isEmpty else { return nil }
        let listed = unused.prefix(6).map { "'\($0)'" }.joined(separator: ", ") + (unused.count > 6 ? ", …" : "")
        return Diagnostic(severity: .note, id: "unused-message",
                          message: "\(unused.count) of the project's \(all.count) message\(all.count == 1 ? "" : "s") \(unused.count == 1 ? "is" : "are") not in the scenario: \(listed)",
                          file: file,
                          hint: "add an \"element\", \"announcement\" or \"grid\" item that names \(unused.count == 1 ? "it" : "them"), or preview the project without --scenario to hear every message")
    }
}
