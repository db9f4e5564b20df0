// Regenerates the describers' embedded catalog from the repository's Templates/ and Locales/.
//
//   swift run BuiltInCatalogGenerator [PACKAGE_ROOT]      (default: the current directory)
//
// Writes Sources/SpeakableDescribers/Catalog/EmbeddedCatalog.swift atomically (a temporary file,
// then a rename); with errors in the catalog it prints them and writes nothing.
import CatalogEmbedding
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SpeakableCatalog

let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
let project = ProjectLoader.load(directory: root)
do {
    let source = try EmbeddedCatalogSource.swiftSource(for: project)
    let path = (root == "." ? "" : root + "/") + EmbeddedCatalogSource.path
    let temporary = path + ".tmp"
    try Data(source.utf8).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, path) == 0 else {
        print("error: cannot move \(temporary) to \(path)")
        exit(1)
    }
    let count = project.tables.reduce(0) { $0 + $1.messages.count }
    print("wrote \(path): \(count) messages, locales \(([project.config.sourceLocale] + project.localeTags).joined(separator: ", "))")
} catch let failure as EmbeddedCatalogSource.Failure {
    for diagnostic in failure.diagnostics { print(diagnostic.rendered) }
    exit(1)
} catch {
    print("error: \(error)")
    exit(1)
}
