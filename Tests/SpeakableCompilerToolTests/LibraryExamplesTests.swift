import Foundation
import Testing
import SpeakableTestSupport

/// The library examples in the documentation compile and run as shown: every ```swift block that
/// begins with `import Speakable` (README.md, docs/*.md, the `Speakable` DocC catalog) becomes the
/// `main.swift` of its own executable in a package that depends on this one by path — as a game
/// would — and is built with `swift build` and run from the repository root. A line
/// `expression   // "text"` must produce that text. One more executable imports Foundation next to
/// Speakable, which a game's module does and which must build in debug.
@Suite(.serialized) struct LibraryExamplesTests {
    struct Example {
        let place: String
        let source: String
    }

    static func examples() throws -> [Example] {
        var pages = documentationPages
        let docc = "Sources/Speakable/Speakable.docc"
        pages += ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path + "/" + docc)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { docc + "/" + $0 }
        var found: [Example] = []
        for page in pages {
            let lines = try String(contentsOfFile: packageRoot.path + "/" + page, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < lines.count {
                guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else { index += 1; continue }
                let start = index + 1
                var body: [String] = []
                index += 1
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                    body.append(lines[index])
                    index += 1
                }
                if body.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) == "import Speakable"
                    || (body.first == "import Foundation" && body.dropFirst().first == "import Speakable") {
                    found.append(Example(place: "\(page):\(start + 1)", source: checked(body, place: "\(page):\(start + 1)")))
                }
            }
        }
        return found
    }

    /// The example with each `expression   // "text"` line turned into a check of that text.
    static func checked(_ lines: [String], place: String) -> String {
        lines.enumerated().map { offset, line in
            guard let comment = line.range(of: #"\s//\s*""#, options: .regularExpression) else { return line }
            let code = line[..<comment.lowerBound].trimmingCharacters(in: .whitespaces)
            let balanced = code.filter { "([{".contains($0) }.count == code.filter { ")]}".contains($0) }.count
            let statement = ["let ", "var ", "import ", "for ", "if ", "guard ", "print(", "return", "}", "//"].contains { code.hasPrefix($0) }
            guard !code.isEmpty, balanced, !statement, !code.hasSuffix("{"), !code.hasSuffix(",") else { return line }
            // The string literal after //, up to its closing quote.
            var literal = ""
            var escaped = false
            for character in line[line.index(before: comment.upperBound)...].dropFirst() {
                if escaped { literal.append(character); escaped = false; continue }
                if character == "\\" { escaped = true; continue }
                if character == "\"" { break }
                literal.append(character)
            }
            let swiftLiteral = "\"" + literal.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            return "expectDocumented(\(code), \(swiftLiteral), \"\(place)+\(offset)\")"
        }.joined(separator: "\n") + "\n"
    }

    static let checkHelper = """
    #if canImport(Glibc)
    import Glibc
    #elseif canImport(Darwin)
    import Darwin
    #endif

    /// Stops the example when a value differs from the one its documentation shows.
    func expectDocumented<T>(_ value: T, _ expected: String, _ place: String) {
        let text = (value as Any) as? String
        if text != expected {
            print("\\(place): the documentation shows \\"\\(expected)\\", the code gives \\(text.map { "\\"\\($0)\\"" } ?? "\\(value)")")
            exit(1)
        }
    }

    """

    static let foundationAlongside = """
    import Foundation
    import Speakable

    let describer = try Describer(locale: "ko")
    let level = describer.describe(Level(5, stars: 2)).voiceOver.label
    let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 0))
    expectDocumented(level.isEmpty ? "" : stamp, "1970-01-01T00:00:00Z", "FoundationAlongside")

    """

    /// Writes `text` unless the file already holds it (keeps the example package's build incremental).
    static func write(_ text: String, to path: String) throws {
        if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Builds the example package and runs each executable from the repository root; returns
    /// what failed (nothing when all is well).
    static func buildAndRun(_ targets: [(name: String, place: String, source: String)], package: String, swift: String) throws -> [String] {
        let built = try run(swift, ["build", "--package-path", package])
        guard built.status == 0 else { return ["swift build failed:\n\(built.output.suffix(4000))\n\(built.error.suffix(4000))"] }
        let bin = try run(swift, ["build", "--package-path", package, "--show-bin-path"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        var problems: [String] = []
        for target in targets {
            let result = try run(bin + "/" + target.name, [], in: packageRoot.path)
            if result.status != 0 { problems.append("\(target.place) (\(target.name)) exited \(result.status): \(result.output)\(result.error.prefix(3000))") }
        }
        return problems
    }

    @Test func theLibraryExamplesBuildAndRunAsShown() throws {
        let swift = try #require(which("swift"), "swift is not on PATH")
        let examples = try Self.examples()
        #expect(examples.count >= 4, "the documentation should show the library: \(examples.map(\.place))")
        // Inside .build/ (ignored), at a fixed place, so that local reruns build incrementally.
        let package = packageRoot.path + "/.build/library-examples"
        var targets: [(name: String, place: String, source: String)] = examples.enumerated().map { ("Example\($0.offset + 1)", $0.element.place, $0.element.source) }
        targets.append(("FoundationAlongside", "import Foundation next to Speakable", Self.foundationAlongside))
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: package + "/Sources")) ?? []
        for stale in existing where !targets.contains(where: { $0.name == stale }) {
            try FileManager.default.removeItem(atPath: package + "/Sources/" + stale)
        }
        try Self.write("""
        // swift-tools-version:6.0
        // Generated by LibraryExamplesTests: the documentation's library examples, one executable each.
        import PackageDescription

        let package = Package(
            name: "LibraryExamples",
            dependencies: [.package(name: "Speakable", path: \(String(reflecting: packageRoot.path)))],
            targets: [
        \(targets.map { "        .executableTarget(name: \"\($0.name)\", dependencies: [.product(name: \"Speakable\", package: \"Speakable\")]),  // \($0.place)" }.joined(separator: "\n"))
            ]
        )

        """, to: package + "/Package.swift")
        for target in targets {
            try Self.write(target.source, to: package + "/Sources/\(target.name)/main.swift")
            try Self.write(Self.checkHelper, to: package + "/Sources/\(target.name)/DocumentedValue.swift")
        }
        // Built incrementally between runs (fast locally); when anything fails, the verdict comes
        // from a clean build (an incremental build of a path dependency has been seen to keep a
        // client compiled against an older layout of a changed struct).
        var outcome = try Self.buildAndRun(targets, package: package, swift: swift)
        if !outcome.isEmpty {
            try? FileManager.default.removeItem(atPath: package + "/.build")
            outcome = try Self.buildAndRun(targets, package: package, swift: swift)
        }
        for problem in outcome { Issue.record(Comment(rawValue: problem)) }
        print("library examples: built and ran \(targets.count) (\(examples.count) from the documentation)")
    }

    /// A game's module imports Foundation and `Speakable` together; in debug builds (testing
    /// enabled) SpeakableICU's `internal import CICU` loads CICU into that module, next to
    /// Foundation's own ICU. So CICU's public header includes no ICU header — only the C
    /// standard's (cicu.c includes ICU; Package.swift says why). The build above proves it; this
    /// names the line at once.
    @Test func theCModuleHeaderShowsNoICUType() throws {
        let folder = packageRoot.path + "/Sources/CICU/include"
        let headers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".h") }
        #expect(!headers.isEmpty, "no header in Sources/CICU/include")
        for file in headers {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("#include") {
                #expect(line == "#include <stdarg.h>" || line == "#include <stdint.h>", "Sources/CICU/include/\(file): \(line)")
            }
        }
    }

    @Test func commentsBecomeChecks() {
        let source = Self.checked([
            "let cell = describer.describe(x)",
            "cell.voiceOver.label               // \"Row 2, column 7, given 4\"",
            "cell.talkBack.contentDescription   // \"given 4\"  (row and column: collectionItemInfo)",
            "cell.voiceOver.traits.names        // [\"button\", \"selected\"]",
            "describer.announcement(for: .linesCleared(lines: 2,   // \"Cleared\"",
        ], place: "p.md:1")
        let lines = source.split(separator: "\n").map(String.init)
        #expect(lines[0] == "let cell = describer.describe(x)")
        #expect(lines[1] == #"expectDocumented(cell.voiceOver.label, "Row 2, column 7, given 4", "p.md:1+1")"#)
        #expect(lines[2] == #"expectDocumented(cell.talkBack.contentDescription, "given 4", "p.md:1+2")"#)
        #expect(lines[3].hasPrefix("cell.voiceOver.traits.names"))
        #expect(lines[4].hasPrefix("describer.announcement("))
    }
}
