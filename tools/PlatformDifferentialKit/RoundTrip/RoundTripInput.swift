import FoundationEssentials

/// One app's catalogs, as a team would bring them into Speakable: an Android `res/` folder's
/// string files, String Catalogs, Xcode XLIFF exports.
public struct RoundTripInput: Sendable, Hashable {
    /// How the report names it.
    public var name: String
    /// The catalog files: Android resource files (`res/values-ko/strings.xml`, or a loose
    /// `App_values-ko_strings.xml` whose name says the folder), `.xcstrings`, `.xliff`/`.xlf`.
    public var files: [String]
    /// Folders of a `res/` that are not a locale's (`values-night`, `values-v21`): not imported.
    public var skipped: [String] = []

    public init(name: String, files: [String]) {
        self.name = name
        self.files = files
    }

    /// Every string file of an Android `res/` folder: the XML files of `values/` and of each
    /// locale's folder (`values-ko`, `values-pt-rBR`, `values-b+sr+Latn`, `values-iw`) that hold
    /// a `<string>`, `<plurals>` or `<string-array>`. Folders with other qualifiers are listed in
    /// ``skipped``.
    public static func res(_ directory: String, name: String? = nil) throws(DifferentialError) -> RoundTripInput {
        let root = Files.absolute(directory)
        guard Files.isDirectory(root) else { throw .input("not a folder: \(directory)") }
        var files: [String] = []
        var skipped: [String] = []
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix("values") && Files.isDirectory(root + "/" + $0) }.sorted()
        for folder in folders {
            guard AndroidFolder.locale(of: folder) != nil else {
                skipped.append(folder)
                continue
            }
            for file in Files.list(root + "/" + folder) where file.hasSuffix(".xml") && !file.contains("/") {
                let path = root + "/" + folder + "/" + file
                let text = (try? Files.readText(path)) ?? ""
                if text.contains("<string") || text.contains("<plurals") { files.append(path) }
            }
        }
        guard !files.isEmpty else { throw .input("no string resources in \(directory) (values*/…xml)") }
        let own = root.hasSuffix("/res") ? root.deletingLastPathComponent.lastPathComponent : root.lastPathComponent
        var input = RoundTripInput(name: name ?? own, files: files)
        input.skipped = skipped
        return input
    }

    /// The real catalogs of the development test data (`../shared/testdata/catalogs`): each
    /// `real/<app>/res` folder, and the loose files grouped by app (an Android app's `values`
    /// and `values-ko` files together; each String Catalog and XLIFF file alone).
    public static func realCatalogs(in directory: String) -> [RoundTripInput] {
        var inputs: [RoundTripInput] = []
        let real = directory + "/real"
        for app in ((try? FileManager.default.contentsOfDirectory(atPath: real)) ?? []).sorted()
        where Files.isDirectory(real + "/" + app + "/res") {
            if let input = try? res(real + "/" + app + "/res", name: app) { inputs.append(input) }
        }
        for case .catalogs(let name, let files) in StandardInputs.realCatalogs(in: directory) {
            inputs.append(RoundTripInput(name: name, files: files))
        }
        return inputs
    }

    enum Format { case android, xcstrings, xliff }

    static func format(of file: String) -> Format? {
        let lower = file.lowercased()
        if lower.hasSuffix(".xml") { return .android }
        if lower.hasSuffix(".xcstrings") { return .xcstrings }
        if lower.hasSuffix(".xliff") || lower.hasSuffix(".xlf") { return .xliff }
        return nil
    }
}

/// Android's `values*` folder names and the BCP 47 tags they stand for.
enum AndroidFolder {
    /// Android's folders keep the old ISO 639 codes.
    static let legacy = ["iw": "he", "in": "id", "ji": "yi"]

    /// The locale a `values…` folder holds: "" for `values/`, a BCP 47 tag for a locale's folder
    /// (`values-iw` → `he`, `values-pt-rBR` → `pt-BR`, `values-b+sr+Latn` → `sr-Latn`), nil for a
    /// folder with other qualifiers (`values-night`, `values-v21`, `values-ko-land`).
    static func locale(of folder: String) -> String? {
        guard folder.hasPrefix("values") else { return nil }
        if folder == "values" { return "" }
        guard folder.hasPrefix("values-") else { return nil }
        let rest = String(folder.dropFirst("values-".count))
        func isLetters(_ s: Substring, _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(s.count) && s.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isLowercase }
        }
        if rest.hasPrefix("b+") {
            let subtags = rest.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false)
            guard let language = subtags.first, isLetters(language, 2...3),
                  subtags.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) } })
            else { return nil }
            return ([legacy[String(language)] ?? String(language)] + subtags.dropFirst().map(String.init)).joined(separator: "-")
        }
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        // `car` is a UI mode (Android Automotive), not a language.
        guard let language = parts.first, isLetters(language, 2...3), language != "car", parts.count <= 2 else { return nil }
        var tag = legacy[String(language)] ?? String(language)
        if parts.count == 2 {
            let region = parts[1]
            guard region.hasPrefix("r") else { return nil }
            let code = region.dropFirst()
            let letters = code.count == 2 && code.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isUppercase }
            let digits = code.count == 3 && code.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            guard letters || digits else { return nil }
            tag += "-" + code
        }
        return tag
    }

    /// The folder an Android file belongs in: its parent folder when that is a `values…` folder,
    /// else the part of its name that is one (`DeskClock_values-ko_strings.xml` → `values-ko`),
    /// else `values`.
    static func folder(of file: String) -> String {
        let parent = file.deletingLastPathComponent.lastPathComponent
        if parent.hasPrefix("values") { return parent }
        let base = file.lastPathComponent
        return base.split(separator: "_").first { $0.hasPrefix("values") }.map(String.init) ?? "values"
    }
}
