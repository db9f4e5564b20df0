import FoundationEssentials
import SpeakableCatalog
import SpeakableCompiler
import SpeakableICU
import SpeakablePlatformFormats
import Testing

let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
let fixturesDirectory = testsDirectory + "/Fixtures"
let snapshotsDirectory = testsDirectory + "/Snapshots"

/// `../shared/testdata/catalogs`, when it is next to the package.
let catalogsDirectory: String? = {
    let root = URL(fileURLWithPath: testsDirectory).deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.deletingLastPathComponent().appendingPathComponent("shared/testdata/catalogs").path
    return FileManager.default.fileExists(atPath: directory + "/CotEditor_CommandBar.xcstrings") ? directory : nil
}()
let testDataNote: Comment = "../shared/testdata/catalogs is not next to the package; skipping round trips over real catalogs"

/// A fresh folder for one test (tests run in parallel).
func temporaryDirectory(_ name: String = #function) throws -> String {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
        "speakable-export-tests/\(name.filter { $0.isLetter || $0.isNumber })-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    return base
}

/// Copies a folder tree.
func copyTree(_ source: String, to destination: String) throws {
    try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: destination).deletingLastPathComponent().path,
                                            withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: source, toPath: destination)
}

func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(atPath: url.deletingLastPathComponent().path, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Imports `files` into the project at `root` and writes the result; returns the result.
@discardableResult
func importInto(_ root: String, _ files: [String], options: ImportOptions = ImportOptions(),
                sourceLocation: SourceLocation = #_sourceLocation) throws -> ImportResult {
    let project = ProjectLoader.load(directory: root)
    let result = CatalogImporter.importFiles(files, project: project, options: options)
    #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.rendered))", sourceLocation: sourceLocation)
    _ = try OutputWriter.write(result.files, to: root)
    return result
}

/// Compiles the project at `root` in memory.
func compile(_ root: String, _ configure: (inout CompileOptions) -> Void = { _ in },
             sourceLocation: SourceLocation = #_sourceLocation) -> [String: String] {
    var options = CompileOptions()
    configure(&options)
    let result = CatalogCompiler.compile(ProjectLoader.load(directory: root), options: options)
    #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.rendered))", sourceLocation: sourceLocation)
    return Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })
}

// MARK: Meaning of platform messages

/// What a platform message says, independent of how it is written: per plural category of the
/// locale (missing ones read as `other`, as both platforms do), the text with every specifier
/// reduced to its argument position and kind; substitutions put in place. States, specifier
/// spelling (`%@` vs `%1$@`), substitution names and device variants other than `other` do not
/// count.
func meaning(_ message: PlatformMessage, dialect: FormatDialect) -> String {
    var forms = message.forms
    if forms.contains(where: { $0.path.hasPrefix("device.") }) {
        forms = forms.compactMap { form in
            guard form.path == "device.other" || form.path.hasPrefix("device.other.") else { return nil }
            var f = form
            f.path = form.path == "device.other" ? "" : String(form.path.dropFirst("device.other.".count))
            return f
        }
    }
    let locale = (try? ICULocale(message.locale)) ?? .english
    let categories = (try? PluralRules.cached(for: locale, kind: .cardinal))?.categories.map(\.rawValue) ?? ["other"]
    func normalize(_ text: String, substitutionArgument: Int? = nil) -> String {
        let format = FormatString.parse(text, dialect: dialect)
        var out = ""
        for piece in format.pieces(of: text) {
            switch piece {
            case .text(let literal): out += literal.replacing("%", with: "%%")
            case .specifier(_, .substitutionArgument):
                out += "%\(substitutionArgument ?? 0)$i"
            case .specifier(let spec, let role):
                let position: Int
                switch role {
                case .argument(let n): position = n
                case .substitution(_, let n): position = n ?? 0
                default: continue
                }
                if let name = spec.substitution {
                    let info = message.substitutions.first { $0.name == name }
                    let argument = info?.argumentNumber ?? position
                    let subForms = Dictionary(forms.filter { $0.path.hasPrefix("substitutions.\(name).plural.") }
                        .map { (String($0.path.dropFirst("substitutions.\(name).plural.".count)), $0.value) }, uniquingKeysWith: { a, _ in a })
                    out += "{\(argument):" + plural(subForms, argument: argument) + "}"
                } else {
                    out += "%\(position)$" + (spec.valueKind == .integer ? "i" : spec.valueKind == .floatingPoint ? "f" : "@")
                }
            }
        }
        return out
    }
    func plural(_ forms: [String: String], argument: Int?) -> String {
        var keys = categories
        if forms["zero"] != nil && !keys.contains("zero") { keys.insert("zero", at: 0) }
        return keys.map { "\($0)=" + normalize(forms[$0] ?? forms["other"] ?? "", substitutionArgument: argument) }.joined(separator: "|")
    }
    let pluralForms = Dictionary(forms.filter { $0.path.hasPrefix("plural.") }.map { (String($0.path.dropFirst(7)), $0.value) },
                                 uniquingKeysWith: { a, _ in a })
    if !pluralForms.isEmpty { return "plural[" + plural(pluralForms, argument: nil) + "]" }
    return normalize(forms.first { $0.path.isEmpty }?.value ?? "")
}
