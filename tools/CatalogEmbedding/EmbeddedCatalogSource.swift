public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableEscaping

/// Writes the Swift source that embeds a project's catalog in the describers
/// (`Sources/SpeakableDescribers/Catalog/EmbeddedCatalog.swift`), so a built binary needs no
/// `Templates/` or `Locales/` at run time.
///
/// ```swift
/// let project = ProjectLoader.load(directory: ".")
/// let source = try EmbeddedCatalogSource.swiftSource(for: project)
/// ```
///
/// The output is deterministic: entries sorted by key, translations by tag, strings escaped the
/// same way every time. A test regenerates it and fails when the committed file differs.
public enum EmbeddedCatalogSource {
    /// Where the generated file lives, relative to the package root.
    public static let path = "Sources/SpeakableDescribers/Catalog/EmbeddedCatalog.swift"

    /// Why the source could not be written: the project has errors.
    public struct Failure: Error, CustomStringConvertible {
        public let diagnostics: [Diagnostic]
        public var description: String { diagnostics.map(\.rendered).joined(separator: "\n") }
    }

    public static func swiftSource(for project: Project) throws(Failure) -> String {
        let problems = project.diagnostics.filter { $0.severity != .note }
        if !problems.isEmpty { throw Failure(diagnostics: problems) }
        var entries: [(key: String, line: String)] = []
        for table in project.tables {
            for message in table.messages {
                let translations = table.locales.keys.sorted().compactMap { tag -> String? in
                    guard let text = table.locales[tag]?[message.key]?.source.text else { return nil }
                    return "\(literal(tag)): \(literal(text))"
                }
                let dictionary = translations.isEmpty ? "[:]" : "[" + translations.joined(separator: ", ") + "]"
                let maxSeconds = message.maxSeconds.map { ", maxSeconds: \(number($0))" } ?? ""
                entries.append((message.key, """
                        Entry(
                            key: \(literal(message.key)), table: \(literal(table.name)), role: .\(message.role.rawValue),
                            source: \(literal(message.source.text)),
                            translations: \(dictionary)\(maxSeconds)),
                """))
            }
        }
        var out = """
        // Generated from Templates/ and Locales/ by `swift run BuiltInCatalogGenerator` — do not edit.
        // Edit the JSON files and run the generator again; a test fails when this file is stale.
        import SpeakableCatalog

        extension DescriberCatalog {
            static let embeddedSourceLocale = \(literal(project.config.sourceLocale))

            static let embeddedEntries: [Entry] = [

        """
        for entry in entries.sorted(by: { $0.key < $1.key }) { out += entry.line + "\n" }
        out += "    ]\n}\n"
        return out
    }

    /// A Swift literal for a number of seconds: "4", "3.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A Swift string literal for `text` (``SwiftEscaping/stringLiteral(_:)``).
    static func literal(_ text: String) -> String { SwiftEscaping.stringLiteral(text) }
}
