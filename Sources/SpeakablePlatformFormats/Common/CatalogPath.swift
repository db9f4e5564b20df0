import FoundationEssentials
import SpeakableDiagnostics

/// What kind of platform catalog a path is — the one answer `speakable check` and
/// `speakable import` give.
///
/// ```swift
/// CatalogPath.kind(of: "Localizable.xcstrings")          // .stringCatalog
/// CatalogPath.kind(of: "app/src/main/res")               // .androidResourceFolder (it holds values/)
/// CatalogPath.kind(of: "res/values-ko/strings.xml")      // .androidResources
/// CatalogPath.kind(of: "Generated/xliff/ko.xliff")       // .xliff
/// CatalogPath.kind(of: "speakable.json")                 // nil
/// ```
public enum CatalogPath {
    public enum Kind: Hashable, Sendable {
        /// A `.xcstrings` file.
        case stringCatalog
        /// An Android values file (`res/values-ko/strings.xml`).
        case androidResources
        /// A folder of `values` / `values-<qualifiers>` folders (an Android `res/`).
        case androidResourceFolder
        /// A `.xliff` or `.xlf` file (XLIFF 2.0, or Xcode's 1.2 export).
        case xliff
    }

    /// The kind of catalog at `path`, nil for anything else (a folder is read to see whether it
    /// holds `values…` folders).
    public static func kind(of path: String) -> Kind? {
        if path.hasSuffix(".xcstrings") { return .stringCatalog }
        if path.hasSuffix(".xliff") || path.hasSuffix(".xlf") { return .xliff }
        if path.hasSuffix(".xml") { return .androidResources }
        return isAndroidResourceFolder(path) ? .androidResourceFolder : nil
    }

    /// What `speakable check PATH` reads at `path`: a platform catalog of ``kind(of:)``, or a
    /// Speakable project (nil). A folder is a `res/` when it holds `values…` folders, or is named
    /// `res`, and is not a project (no `Templates/`, no `speakable.json`); an XML, `.xcstrings` or
    /// XLIFF file is a catalog.
    ///
    /// ```swift
    /// CatalogPath.checkedCatalog(at: "app/src/main/res")   // .androidResourceFolder
    /// CatalogPath.checkedCatalog(at: "MyGame")             // nil: a project
    /// ```
    public static func checkedCatalog(at path: String) -> Kind? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return kind(of: path) }
        guard isDirectory else { return kind(of: path) }
        if FileManager.default.fileExists(atPath: join(path, "Templates")) || FileManager.default.fileExists(atPath: join(path, "speakable.json")) {
            return nil
        }
        if isAndroidResourceFolder(path) || path.hasSuffix("/res") || path == "res" { return .androidResourceFolder }
        return nil
    }

    /// A folder holding `values` or `values-<qualifiers>` folders.
    public static func isAndroidResourceFolder(_ path: String) -> Bool {
        valuesFolders(in: path).contains { _ in true }
    }

    /// The `values…` folders of a `res/` folder, sorted.
    public static func valuesFolders(in path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { name in
            var isDirectory = false
            return (name == "values" || name.hasPrefix("values-"))
                && FileManager.default.fileExists(atPath: join(path, name), isDirectory: &isDirectory) && isDirectory
        }.sorted()
    }

    /// The files of a `res/` folder that hold strings, as `speakable import` takes them: the XML
    /// files of `values/` and of every locale's folder (`values-ko`, `values-zh-rTW`,
    /// `values-b+sr+Latn`) that have a `<string`, `<plurals` or `<string-array` element, by folder
    /// (`values/` first) and name. `skipped` lists the string files of folders for another configuration
    /// (`values-night`, `values-ko-land`, `values-v21`), which a project does not model.
    public static func androidStringFiles(in path: String) -> (files: [String], skipped: [String]) {
        var files: [String] = []
        var skipped: [String] = []
        for folder in valuesFolders(in: path) {
            let directory = join(path, folder)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
            for name in names {
                let file = join(directory, name)
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                guard UTF8Search.contains(text, "<string") || UTF8Search.contains(text, "<plurals") else { continue }
                if folder == "values" || isLocaleFolder(folder) { files.append(file) } else { skipped.append(file) }
            }
        }
        // Folders in name order put values/ first ("values" < "values-…").
        return (files, skipped)
    }

    /// A `values-<locale>` folder with no other qualifier: `values-ko`, `values-zh-rTW`,
    /// `values-b+sr+Latn` (not `values-ko-night`, `values-mcc450-ko`).
    public static func isLocaleFolder(_ folder: String) -> Bool {
        guard AndroidQualifiers.localeTag(forValuesFolder: folder) != nil else { return false }
        let parts = folder.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[1].hasPrefix("mcc"), !parts[1].hasPrefix("mnc") else { return false }
        if parts[1].hasPrefix("b+") { return parts.count == 2 }
        return parts.count == 2 || (parts.count == 3 && parts[2].count == 3 && parts[2].hasPrefix("r"))
    }

    /// `directory/name` (`name` alone in `.`).
    public static func join(_ directory: String, _ name: String) -> String {
        directory == "." ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
