import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

// The XLIFF reader of ``PlatformInput`` (XLIFF 2.0 and Xcode's 1.2 export).
extension PlatformInput {
    // MARK: XLIFF

    /// XLIFF 2.0 (what `speakable compile` writes: ICU messages) or Xcode's XLIFF 1.2 (printf
    /// formats, `key|==|plural.one` units). One table per `<file>`; the target language is the
    /// only translation.
    static func xliff(path: String, settings: CheckSettings, limits: ProjectLimits = .standard) throws(Failure) -> CheckInput {
        let file = display(path)
        let bytes = try readBytes(path)
        let read = XLIFFReader.read(bytes, file: file)
        guard let document = read.document else {
            return CheckInput(sourceTag: "en", sourceLocale: .english, tables: [], settings: settings, inputDiagnostics: read.diagnostics)
        }
        // The limits of a project (``ProjectLimits``), before any message is made: its units (the
        // limit of one file, as import counts them) and their targets.
        let units = document.files.reduce(0) { $0 + $1.units.count }
        let targets = document.files.reduce(0) { $0 + $1.units.count { $0.target != nil } }
        let languages = Set(document.files.compactMap { $0.targetLanguage ?? document.targetLanguage }).count
        if let problem = limitProblem(limits, file: file, size: bytes.count, entries: units, "units", translations: targets, locales: languages) {
            return CheckInput(sourceTag: "en", sourceLocale: .english, tables: [], settings: settings, inputDiagnostics: read.diagnostics + [problem])
        }
        let raw = RawText(bytes)
        let sourceTag = document.sourceLanguage.isEmpty ? "en" : document.sourceLanguage
        var diagnostics = read.diagnostics
        if document.version.hasPrefix("1") {
            // Xcode: printf formats. Each <file> is one catalog; the language pair is per file.
            var tables: [CheckTable] = []
            for (xliffFile, messages) in document.xcodeMessages(useTarget: false, file: file) {
                let targets = document.xcodeMessages(useTarget: true, file: file).first { $0.file.position == xliffFile.position }?.messages ?? []
                let entries = messages.map { ($0.key, $0.keyPosition) }
                let input = appleInput(messages: messages + targets, entries: entries, sourceTag: messages.first?.locale ?? sourceTag,
                                       table: xliffFile.original ?? xliffFile.id, file: file, settings: settings, diagnostics: [],
                                       positions: { raw.positions($0) })
                tables += input.tables
            }
            if tables.isEmpty { diagnostics.append(noMessages(file, "it has no <trans-unit>")) }
            return CheckInput(sourceTag: tables.isEmpty ? sourceTag : sourceTag, sourceLocale: (try? ICULocale(sourceTag)) ?? .english,
                              tables: tables, settings: settings, inputDiagnostics: diagnostics)
        }
        // XLIFF 2.0: ICU MessageFormat in <source> and <target>.
        let targetTag = document.targetLanguage
        var tables: [CheckTable] = []
        for xliffFile in document.files {
            var sources: [SourceMessage] = []
            var targets: [TargetMessage] = []
            for unit in xliffFile.units {
                guard let source = unit.source else { continue }
                let text = raw.positioned(source, file: file)
                // What `speakable compile` writes in notes: the role and the exemptions.
                let role = unit.notes.first { $0.category == "role" }.flatMap { Role(rawValue: $0.text) }
                var exemptions: [String: String] = [:]
                for note in unit.notes where note.category == "exempt" {
                    guard let colon = note.text.firstIndex(of: ":") else { continue }
                    exemptions[String(note.text[..<colon])] = String(note.text[note.text.index(after: colon)...].trimmingSpaces)
                }
                sources.append(SourceMessage(key: unit.id, keyPosition: unit.position, role: role, text: text, pattern: parse(text),
                                             exemptions: exemptions))
                if let target = unit.target {
                    let t = raw.positioned(target, file: file)
                    targets.append(TargetMessage(key: unit.id, keyPosition: target.position, text: t, pattern: parse(t),
                                                 state: ReviewState(platformState: unit.state)))
                }
            }
            var locales: [TargetLocale] = []
            if let targetTag, let locale = try? ICULocale(targetTag) {
                locales.append(TargetLocale(tag: targetTag, locale: locale, file: file, messages: targets))
            }
            tables.append(CheckTable(name: xliffFile.id, file: file, messages: sources, locales: locales))
        }
        // Spoken length needs the project's examples (the XLIFF has only their formatted text):
        // it is the project's check, not the translator's file's.
        var xliffSettings = settings
        xliffSettings.budgets = [:]
        return CheckInput(sourceTag: sourceTag, sourceLocale: (try? ICULocale(sourceTag)) ?? .english, tables: tables,
                          settings: xliffSettings, inputDiagnostics: diagnostics)
    }

    static func noMessages(_ file: String, _ why: String) -> Diagnostic {
        Diagnostic(severity: .error, id: "no-messages", message: "\(file) holds no messages to check: \(why)", file: file,
                   position: SourcePosition(line: 1, column: 1))
    }
}
