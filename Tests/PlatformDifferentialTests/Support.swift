#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
@testable import PlatformDifferentialKit
import Testing

/// Whether CI is running us: then a missing tool is a failure, not a skip.
let isCI = getenv("CI") != nil

/// The Android tools, or nil (a recorded issue on CI) with the reason printed.
func androidTools(sourceLocation: SourceLocation = #_sourceLocation) -> AndroidTools? {
    switch AndroidTools.find() {
    case .success(let tools): return tools
    case .failure(let error):
        if isCI { Issue.record("CI must have the Android tools: \(error)", sourceLocation: sourceLocation) }
        else { print("skipping: \(error)") }
        return nil
    }
}

func kotlinTools(sourceLocation: SourceLocation = #_sourceLocation) -> KotlinTools? {
    switch KotlinTools.find() {
    case .success(let tools): return tools
    case .failure(let error):
        if isCI { Issue.record("CI must have kotlinc: \(error)", sourceLocation: sourceLocation) }
        else { print("skipping: \(error)") }
        return nil
    }
}

func appleTools(sourceLocation: SourceLocation = #_sourceLocation) -> AppleTools? {
    switch AppleTools.find() {
    case .success(let tools): return tools
    case .failure(let error):
        if isCI { Issue.record("CI must have swiftc: \(error)", sourceLocation: sourceLocation) }
        else { print("skipping: \(error)") }
        return nil
    }
}

/// A fresh scratch directory for one test.
func scratchDirectory(_ name: String) throws -> String {
    try Files.temporaryDirectory("test-" + name)
}

func writeFiles(_ files: [String: String], under root: String) throws {
    for (path, text) in files { try Files.write(text, to: root + "/" + path) }
}
