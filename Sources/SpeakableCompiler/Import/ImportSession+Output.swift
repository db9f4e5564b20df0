import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

extension ImportSession {
    // MARK: Writing

    mutating func result() -> ImportResult {
        var files: [OutputFile] = []
        let tables = Set(newTemplates.keys).union(translations.keys).union(metadata.keys).sorted()
        for table in tables {
            if let added = newTemplates[table]?.compactMap({ $0 }), !added.isEmpty, let text = templateFile(table, added) {
                files.append(OutputFile(path: project.config.templates + "/\(table).json", contents: text))
            }
            for (tag, entries) in (translations[table] ?? [:]).sorted(by: { $0.key < $1.key }) {
                files.append(OutputFile(path: localesDirectory + "/\(tag)/\(table).json", contents: localeFile(table, tag, entries.compactMap { $0 })))
            }
            if let meta = metadata[table], !meta.order.isEmpty || meta.xcstrings != nil || !meta.androidExtras.isEmpty || !meta.androidHeaders.isEmpty
                || !meta.androidRootAttributes.isEmpty {
                files.append(OutputFile(path: TableMetadata.relativePath(table: table), contents: meta.text))
            }
        }
        if let config = configWithOutputs() { files.append(config) }
        if diagnostics.contains(where: { $0.severity == .error }) { files = [] }
        return ImportResult(files: files, diagnostics: diagnostics, counts: counts)
    }

    /// `speakable.json` with `"outputs"` filled in: a new project (no templates before) compiles
    /// what it imported — an Xcode catalog is not compiled for Android nobody asked for; a
    /// project that lists its outputs gets the imported formats added; one that does not (all
    /// outputs) is left alone.
    mutating func configWithOutputs() -> OutputFile? {
        let order = ["xcstrings", "android", "xliff", "swift"]
        guard !importedOutputs.isEmpty else { return nil }
        var outputs: [String]
        if let existing = project.config.outputs {
            outputs = existing
            for name in order where importedOutputs.contains(name) && !outputs.contains(name) { outputs.append(name) }
            guard outputs != existing else { return nil }
        } else if project.tables.isEmpty {
            outputs = order.filter { importedOutputs.contains($0) }
        } else {
            return nil
        }
        let name = project.config.file.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "speakable.json"
        var members: [(String, JSONValue)] = []
        if let file = project.config.file, let data = FileManager.default.contents(atPath: joinPath(project.root, name)) ?? FileManager.default.contents(atPath: file),
           let root = JSONReader.read(Array(data)).root, case .object(let existing) = root.value {
            members = existing
        }
        let value = JSONValue.array(outputs.map(JSONValue.string))
        if let index = members.firstIndex(where: { $0.0 == "outputs" }) { members[index].1 = value } else { members.append(("outputs", value)) }
        note("\(name): \"outputs\" is \(outputs.joined(separator: ", ")) — what `speakable compile` writes when --only does not say",
             file: name, id: "import-outputs")
        return OutputFile(path: name, contents: JSONValue.object(members).prettyPrinted() + "\n")
    }

    /// The template file with new messages added after the existing ones (kept as written).
    mutating func templateFile(_ table: String, _ added: [(key: String, fields: [(String, JSONValue)], icu: String, position: SourcePosition, file: String)]) -> String? {
        let path = joinPath(project.root, project.config.templates + "/\(table).json")
        var top: [(String, JSONValue)] = []
        var messages: [(String, JSONValue)] = []
        if let data = FileManager.default.contents(atPath: path), let root = JSONReader.read(Array(data)).root, case .object(let members) = root.value {
            for (name, value) in members {
                if name == "messages", case .object(let existing) = value { messages = existing } else { top.append((name, value)) }
            }
        }
        var changed = false
        var existingIndex: [String: Int] = [:]
        for (i, message) in messages.enumerated() where existingIndex[message.0] == nil { existingIndex[message.0] = i }
        for item in added {
            if let i = existingIndex[item.key] {
                let existing = messages[i]
                if case .string(let text)? = existing.1.member("message"), text != item.icu {
                    diagnostics.append(Diagnostic(severity: .warning, id: "import-source-differs",
                                                  message: "'\(item.key)': the template's message differs from the imported source text; the template is kept",
                                                  file: item.file, position: item.position))
                }
                continue
            }
            existingIndex[item.key] = messages.count
            messages.append((item.key, .object(item.fields)))
            changed = true
        }
        guard changed else { return nil }
        return JSONValue.object(top.filter { $0.0 == "$schema" } + [("messages", .object(messages))] + top.filter { $0.0 != "$schema" })
            .prettyPrinted() + "\n"
    }

    func localeFile(_ table: String, _ tag: String, _ entries: [(String, String)]) -> String {
        let path = joinPath(project.root, localesDirectory + "/\(tag)/\(table).json")
        var members: [(String, JSONValue)] = []
        if let data = FileManager.default.contents(atPath: path), let root = JSONReader.read(Array(data)).root, case .object(let existing) = root.value {
            members = existing
        }
        var positions: [String: Int] = [:]
        for (i, member) in members.enumerated() where positions[member.0] == nil { positions[member.0] = i }
        for (key, icu) in entries {
            if let i = positions[key] {
                members[i].1 = .string(icu)
            } else {
                positions[key] = members.count
                members.append((key, .string(icu)))
            }
        }
        return JSONValue.object(members).prettyPrinted() + "\n"
    }
}
