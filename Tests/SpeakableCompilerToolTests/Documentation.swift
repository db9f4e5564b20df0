import Foundation

/// The pages of the repository's documentation: the README, then docs/*.md by name (what a user
/// reads), then docs/internals/*.md by name (what a maintainer reads).
var documentationPages: [String] {
    func pages(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path + "/" + folder)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
    }
    return ["README.md"] + pages(in: "docs") + pages(in: "docs/internals")
}
