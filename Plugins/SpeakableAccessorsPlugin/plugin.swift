import Foundation
import PackagePlugin

/// Generates typed Swift accessors for a target's Speakable project at build time.
///
/// The project is the target's folder: its `speakable.json` when there is one (its "templates"
/// and "locales" folders are honoured), else `Templates/` and `Locales/` there. A target
/// without either gets no command. One build
/// command runs `speakable compile --only swift`, with every input declared (the config, each
/// template, each translation, the `.speakable/` metadata, and the tool itself) and one output
/// per table, `Speakable+<table>.swift` — so a build with no change runs nothing, and the
/// compiler leaves an unchanged file untouched.
///
/// ```swift
/// .executableTarget(
///     name: "Game",
///     exclude: ["speakable.json", "Templates", "Locales"],
///     plugins: [.plugin(name: "SpeakableAccessors", package: "Speakable")]
/// )
/// ```
@main
struct SpeakableAccessorsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        guard let directory = projectDirectory(target, package: context.package.directoryURL) else { return [] }
        let config = directory.appending(path: "speakable.json")
        var templatesFolder = "Templates"
        var localesFolder = "Locales"
        var inputs: [URL] = []
        if FileManager.default.fileExists(atPath: config.path) {
            inputs.append(config)
            if let data = try? Data(contentsOf: config),
               let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                templatesFolder = object["templates"] as? String ?? templatesFolder
                localesFolder = object["locales"] as? String ?? localesFolder
            }
        }
        let templates = jsonFiles(in: directory.appending(path: templatesFolder))
        guard !templates.isEmpty else { return [] }
        inputs += templates
        let locales = directory.appending(path: localesFolder)
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: locales.path))?.sorted() ?? [] where !folder.hasPrefix(".") {
            inputs += jsonFiles(in: locales.appending(path: folder))
        }
        inputs += jsonFiles(in: directory.appending(path: ".speakable"))
        let tool = try context.tool(named: "SpeakableTool")  // the `speakable` command (Package.swift: SpeakableTool)
        inputs.append(tool.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs = templates.map { template in
            output.appending(path: "swift/Speakable+\(template.deletingPathExtension().lastPathComponent).swift")
        }
        return [
            .buildCommand(
                displayName: "Generating Speakable accessors for \(target.name)",
                executable: tool.url,
                arguments: ["compile", "--project", directory.path, "--out", output.path, "--only", "swift", "--quiet"],
                inputFiles: inputs,
                outputFiles: outputs
            ),
        ]
    }

    /// The target's folder: the deepest folder holding all its sources, or the nearest folder
    /// above it (inside the package) with a `speakable.json` or a `Templates/` folder.
    /// (`Target.directoryURL` would say it directly, but needs tools version 6.1.)
    private func projectDirectory(_ target: SourceModuleTarget, package: URL) -> URL? {
        let folders = target.sourceFiles.map { $0.url.deletingLastPathComponent().standardizedFileURL.pathComponents }
        guard var common = folders.first else { return nil }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        let packagePath = package.standardizedFileURL.pathComponents
        var candidate = common
        while candidate.count >= packagePath.count {
            let url = URL(fileURLWithPath: candidate.joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
            let manager = FileManager.default
            if manager.fileExists(atPath: url.appending(path: "speakable.json").path)
                || manager.fileExists(atPath: url.appending(path: "Templates").path) {
                return url
            }
            candidate.removeLast()
        }
        return nil
    }

    private func jsonFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { folder.appending(path: $0) }
    }
}
