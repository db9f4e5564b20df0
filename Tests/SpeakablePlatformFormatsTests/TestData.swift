import FoundationEssentials
import Testing

/// `../shared/testdata/catalogs`, when it is next to the package (tests that need it skip otherwise).
let catalogsDirectory: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let directory = root.deletingLastPathComponent().appendingPathComponent("shared/testdata/catalogs").path
    return FileManager.default.fileExists(atPath: directory + "/CotEditor_CommandBar.xcstrings") ? directory : nil
}()

func testCatalog(_ name: String) throws -> [UInt8] {
    guard let directory = catalogsDirectory,
          let data = FileManager.default.contents(atPath: directory + "/" + name) else {
        throw TestDataMissing(name: name)
    }
    return Array(data)
}

struct TestDataMissing: Error, CustomStringConvertible {
    let name: String
    var description: String { "../shared/testdata/catalogs/\(name) is missing" }
}

let testDataNote: Comment = "../shared/testdata/catalogs is not next to the package; skipping tests on real catalogs"
