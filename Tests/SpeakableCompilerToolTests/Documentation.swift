import Foundation

/// The pages a user of the repository reads: the README, then docs/*.md by name.
var documentationPages: [String] {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path + "/docs")) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
}
