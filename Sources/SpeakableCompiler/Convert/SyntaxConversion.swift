import FoundationEssentials
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableJSON
import SpeakableMessages

/// `speakable convert`: messages, template and translation files, and whole projects from ICU
/// MessageFormat 1 to Unicode MessageFormat 2 and back.
///
/// Meaning is kept: each message is converted by ``MF2Message/converting(_:)`` (MF1 → MF2) or
/// ``MF2Message/convertedToMF1()`` (MF2 → MF1), and what a conversion cannot keep — or keeps
/// only in Speakable's own `:speakable:` functions — is a warning at the place in the message
/// (`convert-not-kept`), with the conversion's own id and sentence. A message that does not
/// parse is an error and the file it is in is not converted.
///
/// ```swift
/// let converted = SyntaxConversion.message("{n, plural, one {# star} other {# stars}}", to: .mf2)
/// converted.text   // ".input {$n :number}\n.match $n\none {{{$n} star}}\n* {{{$n} stars}}"
/// ```
public enum SyntaxConversion {
    /// The conversion of one message, and what it could not keep.
    public struct Converted: Sendable {
        /// nil when the message does not parse.
        public var text: String?
        /// Errors (the message does not parse) and warnings (what is not kept), positioned in
        /// the message (or in its file, for a file's message).
        public var diagnostics: [Diagnostic]
    }

    /// Converts `text` (in the other syntax) to `syntax`. `position` maps a UTF-16 offset of
    /// the message to where it is written (default: inside the message itself).
    public static func message(_ text: String, to syntax: MessageSyntax, file: String = "<message>",
                               position: ((Int) -> SourcePosition)? = nil, key: String? = nil) -> Converted {
        let positions = TextPositions(text)
        let at = position ?? { positions.position(ofUTF16Offset: $0) }
        let prefix = key.map { "'\($0)': " } ?? ""
        func note(_ note: MF2ConversionNote) -> Diagnostic {
            Diagnostic(severity: .warning, id: "convert-not-kept", message: prefix + note.message + " (\(note.id))", file: file,
                       position: at(note.range.lowerBound), endPosition: at(note.range.upperBound))
        }
        func syntaxErrors(_ problems: [(message: String, id: String, range: Range<Int>, hint: String?)]) -> Converted {
            Converted(text: nil, diagnostics: problems.map { problem in
                Diagnostic(severity: .error, id: "syntax-error", message: prefix + problem.message + " (\(problem.id))", file: file,
                           position: at(problem.range.lowerBound), endPosition: at(problem.range.upperBound), hint: problem.hint)
            })
        }
        let kept = MF2ConversionNote.keepsMeaning
        switch syntax {
        case .mf2:
            do {
                let (message, notes) = MF2Message.converting(try MessagePattern(text))
                return Converted(text: message.serialized(), diagnostics: notes.filter { !kept.contains($0.id) }.map(note))
            } catch {
                return syntaxErrors(error.errors.map { ($0.message, $0.id, $0.range, $0.hint) })
            }
        case .mf1:
            do {
                let (source, notes) = try MF2Message(text).convertedToMF1()
                return Converted(text: source, diagnostics: notes.filter { !kept.contains($0.id) }.map(note))
            } catch {
                return syntaxErrors(error.errors.map { ($0.message, $0.id, $0.range, $0.hint) })
            }
        }
    }

    /// A converted file: its new bytes (nil when a message in it does not parse) and what was
    /// found.
    public struct ConvertedFile: Sendable {
        public var contents: String?
        public var diagnostics: [Diagnostic]
        /// How many messages were converted.
        public var messages: Int
    }

    /// A template file (`{"messages": {…}}`: each `"message"` converted, `"syntax"` set to the
    /// new syntax — left out for MF1, the default) or a translation file (`{"key": "text"}`: each
    /// text converted), read from `bytes` and written as Speakable writes JSON. `file`: how
    /// diagnostics name it.
    public static func file(_ bytes: [UInt8], file: String, to syntax: MessageSyntax) -> ConvertedFile {
        let read = JSONReader.read(bytes, file: file)
        guard read.diagnostics.isEmpty, let root = read.root, let members = root.members else {
            let problems = read.diagnostics.isEmpty
                ? [Diagnostic(severity: .error, id: "wrong-type", message: "a template or translation file is a JSON object", file: file,
                              position: read.root?.start)]
                : read.diagnostics
            return ConvertedFile(contents: nil, diagnostics: problems, messages: 0)
        }
        var diagnostics: [Diagnostic] = []
        var count = 0
        func convert(_ node: JSONNode, key: String) -> JSONValue {
            guard let text = node.string else { return value(of: node) }
            count += 1
            let converted = message(text, to: syntax, file: file, position: { node.position(ofUTF16Offset: $0) }, key: key)
            diagnostics += converted.diagnostics
            return .string(converted.text ?? text)
        }
        var output: [(String, JSONValue)] = []
        if root["messages"] != nil {
            // A template.
            var sawSyntax = false
            for member in members {
                switch member.key {
                case "syntax":
                    sawSyntax = true
                    if syntax == .mf2 { output.append(("syntax", .string("mf2"))) }
                case "messages":
                    if !sawSyntax && syntax == .mf2 { output.append(("syntax", .string("mf2"))) }
                    sawSyntax = true
                    var messages: [(String, JSONValue)] = []
                    for entry in member.value.members ?? [] {
                        var fields: [(String, JSONValue)] = []
                        for field in entry.value.members ?? [] {
                            fields.append((field.key, field.key == "message" ? convert(field.value, key: entry.key) : value(of: field.value)))
                        }
                        messages.append((entry.key, entry.value.members == nil ? value(of: entry.value) : .object(fields)))
                    }
                    output.append(("messages", .object(messages)))
                default:
                    output.append((member.key, value(of: member.value)))
                }
            }
        } else {
            for member in members { output.append((member.key, convert(member.value, key: member.key))) }
        }
        let failed = diagnostics.contains { $0.severity == .error }
        return ConvertedFile(contents: failed ? nil : JSONValue.object(output).prettyPrinted() + "\n", diagnostics: diagnostics, messages: count)
    }

    /// A whole project converted: `speakable.json` with `"syntax"` (set for MF2, left out for
    /// MF1), every template and translation file, and what import kept
    /// (`.speakable/<table>.platform.json`, as it is), as files relative to the new project's
    /// folder — none when a message does not parse or the project has errors.
    public static func project(_ project: Project, to syntax: MessageSyntax) -> (files: [OutputFile], diagnostics: [Diagnostic], messages: Int) {
        guard !project.hasErrors else { return ([], project.diagnostics, 0) }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        var count = 0
        if let config = project.config.file, let bytes = FileManager.default.contents(atPath: config) {
            let read = JSONReader.read(Array(bytes), file: config)
            var members: [(String, JSONValue)] = (read.root?.members ?? []).filter { $0.key != "syntax" }.map { ($0.key, value(of: $0.value)) }
            if syntax == .mf2 { members.insert(("syntax", .string("mf2")), at: min(members.count, 1)) }
            files.append(OutputFile(path: "speakable.json", contents: JSONValue.object(members).prettyPrinted() + "\n"))
        } else if syntax == .mf2 {
            files.append(OutputFile(path: "speakable.json", contents: JSONValue.object([("syntax", .string("mf2"))]).prettyPrinted() + "\n"))
        }
        let templates = project.config.templates
        let locales = project.config.locales
        for table in project.tables {
            // The files as written: each is read again so that what the loader read as an MF2
            // message's MF1 conversion is converted from the text written.
            if table.syntax == syntax {
                diagnostics.append(Diagnostic(severity: .note, id: "convert-same-syntax",
                                              message: "table '\(table.name)' is already \(syntax.rawValue); copied as it is", file: table.file))
            }
            // What import kept of the platform files (original keys, comments, attributes) goes
            // with the project: its compile writes them back as before.
            let kept = TableMetadata.path(root: project.root, table: table.name)
            if let bytes = FileManager.default.contents(atPath: kept) {
                files.append(OutputFile(path: TableMetadata.relativePath(table: table.name), contents: String(decoding: bytes, as: UTF8.self)))
            }
            var paths = [(table.file, "\(templates)/\(table.name).json")]
            for tag in table.locales.keys.sorted() { paths.append((table.locales[tag]!.file, "\(locales)/\(tag)/\(table.name).json")) }
            for (path, relative) in paths {
                guard let bytes = FileManager.default.contents(atPath: path) else { continue }
                if table.syntax == syntax {
                    files.append(OutputFile(path: relative, contents: String(decoding: bytes, as: UTF8.self)))
                    continue
                }
                let converted = file(Array(bytes), file: path, to: syntax)
                diagnostics += converted.diagnostics
                count += converted.messages
                if let contents = converted.contents { files.append(OutputFile(path: relative, contents: contents)) }
            }
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return ([], diagnostics, count) }
        return (files, diagnostics, count)
    }

    /// A JSON node as a value to write (numbers as read, strings as decoded).
    static func value(of node: JSONNode) -> JSONValue {
        if let text = node.string { return .string(text) }
        if let flag = node.bool { return .bool(flag) }
        if node.isNull { return .null }
        if let number = node.number {
            switch number {
            case .int(let n): return .int(n)
            case .double(let d): return .double(d)
            }
        }
        if let items = node.array { return .array(items.map(value(of:))) }
        return .object((node.members ?? []).map { ($0.key, value(of: $0.value)) })
    }
}
