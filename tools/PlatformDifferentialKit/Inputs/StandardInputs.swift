/// The inputs the differential knows by name.
public enum StandardInputs {
    /// The package root (where `Templates/` and `Locales/` are).
    public static var packageRoot: String { RunnerSources.packageRoot }

    /// `../shared/testdata/catalogs` next to the package, or nil when absent.
    public static var realCatalogsDirectory: String? {
        let path = packageRoot.deletingLastPathComponent + "/shared/testdata/catalogs"
        return Files.isDirectory(path) ? path : nil
    }

    /// The default allow-list.
    public static var allowList: String { packageRoot + "/tools/PlatformDifferential/allow-list.json" }

    /// The built-in catalog the describers speak from.
    public static var builtin: DifferentialInput { .project(name: "builtin", directory: packageRoot) }

    /// Every real catalog, grouped as an app ships them (an Android app's `values/` and
    /// `values-ko/` together).
    public static func realCatalogs(in directory: String) -> [DifferentialInput] {
        let files = Files.list(directory).filter { !$0.contains("/") && ($0.hasSuffix(".xcstrings") || $0.hasSuffix(".xml") || $0.hasSuffix(".xliff")) }
        var groups: [String: [String]] = [:]
        for file in files {
            // DeskClock_values_strings.xml and DeskClock_values-ko_strings.xml are one app.
            let name: String
            if file.hasSuffix(".xml"), let app = file.split(separator: "_").first {
                name = String(app)
            } else {
                name = String(file.split(separator: ".").first ?? Substring(file))
            }
            groups[name, default: []].append(directory + "/" + file)
        }
        return groups.keys.sorted().map { .catalogs(name: $0, files: groups[$0]!) }
    }

    /// The stress project for a seed.
    public static func stress(seed: UInt64 = 1, messages: Int = 56) -> DifferentialInput {
        .stress(name: "stress-seed\(seed)", seed: seed, messages: messages)
    }

    /// The number styles on fractions and integers.
    public static var numbers: DifferentialInput { .numbers(name: "numbers") }
}
