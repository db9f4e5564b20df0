#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
public import SpeakableCatalog
import SpeakableDescribers
public import SpeakableDiagnostics

/// Where a preview's inputs come from: a scenario file (or the built-in demo) and a project's
/// templates and translations (or the built-in catalog) — loaded again on every change when
/// watching.
///
/// ```swift
/// let inputs = PreviewInputs(scenarioPath: "Examples/Scenarios/sudoku.json", projectPath: "MyGame")
/// let loaded = inputs.load()
/// if let request = loaded.request { print(PreviewText.render(try Previewer.preview(request), colour: false)) }
/// inputs.watchedPaths()   // the scenario, MyGame/speakable.json, MyGame/Templates, MyGame/Locales
/// ```
public struct PreviewInputs: Sendable {
    /// A scenario file; nil for the built-in demo; "-" for standard input.
    public var scenarioPath: String?
    /// A project folder or its `speakable.json`; nil for the built-in catalog alone.
    public var projectPath: String?

    public init(scenarioPath: String? = nil, projectPath: String? = nil) {
        self.scenarioPath = scenarioPath
        self.projectPath = projectPath
    }

    /// What loading found: the request when nothing is in the way, and every problem with its
    /// position (the scenario's text comes along so that messages can quote the line).
    public struct Loaded: Sendable {
        public var request: PreviewRequest?
        public var diagnostics: [Diagnostic]
        /// The scenario file's lines, to show under a diagnostic about it.
        public var scenarioLines: [String]
        /// The project's hint style when its `speakable.json` sets one.
        public var projectHintStyle: HintStyle?
        /// The locales to preview when the command line does not say: the scenario's `locale`,
        /// else the project's (source and targets); nil for the default.
        public var defaultLocales: [String]? = nil
    }

    /// Reads the scenario (`standardInput` gives its bytes for "-") and the project.
    public func load(standardInput: () -> [UInt8] = { [] }) -> Loaded {
        var diagnostics: [Diagnostic] = []
        var scenario = Scenario.demo
        var name = "<demo>"
        var lines: [String] = []
        if let path = scenarioPath {
            let bytes: [UInt8]
            if path == "-" {
                name = "<stdin>"
                bytes = standardInput()
            } else {
                name = path
                guard let data = FileManager.default.contents(atPath: path) else {
                    return Loaded(request: nil, diagnostics: [Diagnostic(severity: .error, id: "file-unreadable",
                                                                          message: "cannot read the scenario file", file: path,
                                                                          hint: "check that it exists and is readable")],
                                  scenarioLines: [], projectHintStyle: nil)
                }
                bytes = Array(data)
            }
            lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let read = Scenario.read(bytes, file: name)
            diagnostics += read.diagnostics
            guard let read = read.scenario else {
                return Loaded(request: nil, diagnostics: diagnostics, scenarioLines: lines, projectHintStyle: nil)
            }
            scenario = read
        }
        var catalog = DescriberCatalog.builtIn
        var budgets = ProjectConfig().budgets
        var projectStyle: HintStyle?
        var defaultLocales: [String]? = scenario.locale.map { [$0] }
        if let project = loadProject() {
            diagnostics += project.diagnostics
            if project.hasErrors {
                return Loaded(request: nil, diagnostics: diagnostics, scenarioLines: lines, projectHintStyle: nil)
            }
            catalog = catalog.overriding(with: DescriberCatalog(project: project))
            budgets = project.config.budgets
            if project.config.file != nil { projectStyle = project.config.hintStyle }
            if scenarioPath == nil {
                // No scenario: the project previews itself, every message in every locale.
                scenario = Scenario.preview(of: project)
                name = "<project \(projectPath ?? ".")>"
            } else if let note = scenario.unusedMessages(of: project, file: name) {
                diagnostics.append(note)
            }
            if defaultLocales == nil {
                var tags = [project.config.sourceLocale]
                for tag in project.config.targetLocales + project.localeTags where !tags.contains(tag) { tags.append(tag) }
                defaultLocales = tags
            }
        }
        // The project's messages a scenario names: known, with the arguments they use.
        let problems = scenario.check(against: catalog, file: name, projectGiven: projectPath != nil)
        diagnostics += problems
        if problems.contains(where: { $0.severity == .error }) {
            return Loaded(request: nil, diagnostics: diagnostics, scenarioLines: lines, projectHintStyle: projectStyle)
        }
        var request = PreviewRequest(scenario: scenario, scenarioName: name, catalog: catalog, budgets: budgets)
        request.hintStyle = scenario.hintStyle ?? projectStyle
        return Loaded(request: request, diagnostics: diagnostics, scenarioLines: lines, projectHintStyle: projectStyle,
                      defaultLocales: defaultLocales)
    }

    func loadProject() -> Project? {
        guard let path = projectPath else { return nil }
        return path.hasSuffix(".json") ? ProjectLoader.load(configPath: path) : ProjectLoader.load(directory: path)
    }

    /// The files and folders whose change calls for a new preview: the scenario file, the
    /// project's `speakable.json`, and its templates and locales folders (every JSON file in
    /// them, and files added or removed). Standard input and the demo are not watched.
    public func watchedPaths() -> [String] {
        var paths: [String] = []
        if let scenarioPath, scenarioPath != "-" { paths.append(scenarioPath) }
        if let projectPath {
            let root = projectPath.hasSuffix(".json") ? ProjectLoaderPaths.parent(of: projectPath) : projectPath
            let configFile = projectPath.hasSuffix(".json") ? projectPath : ProjectLoaderPaths.join(root, "speakable.json")
            paths.append(configFile)
            // The folders come from the config as it is now (a change to it is seen anyway).
            let config = loadProject()?.config ?? ProjectConfig()
            paths.append(ProjectLoaderPaths.join(root, config.templates))
            paths.append(ProjectLoaderPaths.join(root, config.locales))
        }
        return paths
    }
}

enum ProjectLoaderPaths {
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    static func join(_ directory: String, _ name: String) -> String {
        if name.hasPrefix("/") { return name }
        if directory == "." || directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
