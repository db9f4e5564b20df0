import FoundationEssentials
import Testing
@testable import SpeakableCommandLine

/// `import --dry-run` answers as the import would: what the import refuses to write, the dry
/// run refuses too, writing nothing.
@Suite struct ImportDryRunTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let io = BufferedIO()
        let status = SpeakableCLI.run(arguments, io: io)
        return (status, io.output, io.error)
    }

    func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/speakable-dry-run-\(name)-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A `Templates` folder that is a symbolic link out of the project: the import refused it
    /// (`output-unsafe-path`) while the dry run answered "would write Templates/strings.json".
    @Test func aTemplatesFolderLinkedOutOfTheProjectIsRefusedByTheDryRun() throws {
        let root = try folder("project")
        let outside = try folder("outside")
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try Data(#"{"sourceLocale": "en"}"#.utf8).write(to: URL(fileURLWithPath: root + "/speakable.json"))
        try FileManager.default.createDirectory(atPath: root + "/res/values", withIntermediateDirectories: true)
        try Data(#"<resources><string name="hi">Hi</string></resources>"#.utf8).write(to: URL(fileURLWithPath: root + "/res/values/strings.xml"))
        try FileManager.default.createSymbolicLink(atPath: root + "/Templates", withDestinationPath: outside)
        let arguments = ["import", "--config", root + "/speakable.json", root + "/res/values/strings.xml"]
        let expected = "refusing to write 'Templates/strings.json': '\(root)/Templates' is a symbolic link [output-unsafe-path]"

        let dryRun = run(arguments + ["--dry-run"])
        #expect(dryRun.status == 1)
        #expect(dryRun.err.contains(expected), "\(dryRun.err)")
        #expect(!dryRun.out.contains("would write"), "\(dryRun.out)")

        let imported = run(arguments)
        #expect(imported.status == 1)
        #expect(imported.err.contains(expected), "\(imported.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }
}
