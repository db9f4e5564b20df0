import Foundation
import SeededRandom
import SpeakableCatalog
import SpeakableDiagnostics
import Testing
@testable import SpeakableCompiler

/// A full compile writes Android resources one table at a time for several locales, and puts
/// each locale's file together when every table's part is done: the files and problems must be
/// what one job per locale (``OutputRenderer/android(_:tags:)``, the incremental compile's
/// path) gives, whatever order the parts come in.
@Suite struct AndroidPartsTests {
    /// What one job per locale gives: the files, and the problems after the preparation's, each once.
    static func perLocale(_ project: Project, options: CompileOptions) -> (files: [String: String], diagnostics: [Diagnostic]) {
        let preparation = CatalogCompiler.prepare(project, options: options, metadata: nil)
        let tables = zip(project.tables, preparation.tables).map { PreparedTable(table: $0, messages: $1) }
        var files: [String: String] = [:]
        var diagnostics = project.diagnostics + preparation.diagnostics
        var seen = Set(diagnostics)
        for tag in OutputRenderer.androidTags(project) {
            var renderer = OutputRenderer(context: preparation.context, lookup: OutputRenderer.Lookup(project))
            for file in renderer.android(tables, tags: [tag]) { files[file.path] = file.contents }
            for diagnostic in renderer.diagnostics where seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
        }
        return (files, diagnostics)
    }

    @discardableResult
    static func compareWithPerLocale(_ root: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
        var options = CompileOptions()
        options.outputs = [.android]
        let project = ProjectLoader.load(directory: root)
        let result = CatalogCompiler.compile(project, options: options)
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.map(\.rendered))", sourceLocation: sourceLocation)
        let expected = perLocale(project, options: options)
        #expect(result.diagnostics == expected.diagnostics, sourceLocation: sourceLocation)
        #expect(Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) }) == expected.files, sourceLocation: sourceLocation)
        return result.diagnostics
    }

    /// Projects of 1, 2, 3 and 11 tables in 6 locales (so 1 to 11 jobs per table, parts of
    /// uneven sizes), with translations missing here and there and a message that cannot be
    /// written for Android in some locales.
    @Test(arguments: [1, 2, 3, 11])
    func generatedProjectsGiveWhatAJobPerLocaleGives(tables: Int) throws {
        let root = try temporaryDirectory()
        let tags = ["ko", "ja", "de", "ar", "pl"]
        try write(#"{"sourceLocale": "en", "targetLocales": ["ko", "ja", "de", "ar", "pl"]}"#, to: root + "/speakable.json")
        var random = SplitMix(seed: UInt64(tables))
        for t in 0..<tables {
            var template: [String] = []
            var translations: [String: [String]] = [:]
            for m in 0..<(5 + random.below(20)) {
                let key = "t\(t).m\(m)"
                let text = random.pick(["Row {row}", "{n, plural, one {# star} other {# stars}}", "Plain & <simple> 100% \"sure\"", "Score {score, number}"])
                template.append("\"\(key)\": {\"message\": \(jsonString(text))}")
                for tag in tags where random.chance(85) {
                    translations[tag, default: []].append("\"\(key)\": \(jsonString("[\(tag)] " + text))")
                }
            }
            try write("{\"messages\": {" + template.joined(separator: ", ") + "}}", to: root + "/Templates/table\(t).json")
            for (tag, entries) in translations {
                try write("{" + entries.joined(separator: ", ") + "}", to: root + "/Locales/\(tag)/table\(t).json")
            }
        }
        Self.compareWithPerLocale(root)
    }

    static let antennaPod = IncrementalCompileTests.antennaPod

    /// A real app's imported `res/` (`tools:ignore`, stale translations, 11 locales), with
    /// its plain translations edited.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.antennaPod + "/values/strings.xml"),
                   "../shared/testdata/catalogs/real/antennapod is not next to the package"))
    func aRealAppsResourcesGiveWhatAJobPerLocaleGives() throws {
        let root = try temporaryDirectory()
        try write(#"{"sourceLocale": "en"}"#, to: root + "/speakable.json")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.antennaPod).filter { $0.hasPrefix("values") }.sorted()
        try importInto(root, folders.map { Self.antennaPod + "/" + $0 + "/strings.xml" })
        for tag in try FileManager.default.contentsOfDirectory(atPath: root + "/Locales") {
            for file in try FileManager.default.contentsOfDirectory(atPath: root + "/Locales/\(tag)") {
                let path = root + "/Locales/\(tag)/\(file)"
                var texts = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: String])
                for (key, text) in texts where !text.contains("{") && !text.contains("'") { texts[key] = text + " ~" }
                try JSONSerialization.data(withJSONObject: texts, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
            }
        }
        let diagnostics = Self.compareWithPerLocale(root)
        #expect(diagnostics.contains { $0.id == "unknown-key" })
    }

    /// Styled resources imported in three locales, their words edited away: the Android
    /// writer's own warnings (markup it cannot place) in every locale, in locale order.
    @Test func theWritersWarningsComeInLocaleOrder() throws {
        let root = try temporaryDirectory()
        try write(#"{"sourceLocale": "en"}"#, to: root + "/speakable.json")
        let res = root + "/res"
        let files = [("values", "Tap <b>here</b> to <i>start</i>", "Only <b>bold</b>"),
                     ("values-de", "Tippe <b>hier</b> zum <i>Starten</i>", "Nur <b>fett</b>"),
                     ("values-ko", "<b>여기</b>를 눌러 <i>시작</i>", "<b>굵게</b>만"),
                     ("values-ja", "<b>ここ</b>をタップして<i>開始</i>", "<b>太字</b>のみ")]
        for (folder, first, second) in files {
            try write("<resources><string name=\"tap\">\(first)</string><string name=\"bold\">\(second)</string></resources>",
                      to: res + "/\(folder)/strings.xml")
        }
        try importInto(root, files.map { res + "/\($0.0)/strings.xml" })
        for tag in ["de", "ko", "ja"] {
            let path = try #require(try FileManager.default.contentsOfDirectory(atPath: root + "/Locales/\(tag)").first.map { root + "/Locales/\(tag)/" + $0 })
            var texts = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: String])
            for key in texts.keys { texts[key] = "~ \(tag)" }
            try JSONSerialization.data(withJSONObject: texts, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        }
        let diagnostics = Self.compareWithPerLocale(root)
        let lost = diagnostics.filter { $0.id == "catalog-markup-lost" }
        #expect(lost.count == 6, "\(diagnostics.map(\.rendered))")
        #expect(lost.map { ($0.file ?? "").split(separator: "/").dropLast().last.map(String.init) ?? "" } == ["de", "de", "ja", "ja", "ko", "ko"])
    }

    /// The parts of each locale come back in table order with their problems, whatever order
    /// the jobs finish in; the last job, and only it, gets them all.
    @Test func partsAreCollectedInTableOrderWhateverOrderJobsFinishIn() {
        var random = SplitMix(seed: 0x9A27)
        for _ in 0..<200 {
            let tags = 1 + random.below(6)
            let tables = 1 + random.below(6)
            let groups = 1 + random.below(tags)
            var jobs: [(table: Int, tags: Range<Int>)] = []
            for table in 0..<tables {
                for group in 0..<groups { jobs.append((table, (group * tags / groups)..<((group + 1) * tags / groups))) }
            }
            jobs.shuffle(using: &random)
            var parts = OutputParts<String>(tags: tags, tables: tables, jobs: jobs.count)
            var complete: OutputParts<String>?
            for (index, job) in jobs.enumerated() {
                let made = job.tags.map { tag in
                    (tag: tag, part: "\(job.table):\(tag)",
                     diagnostics: (0..<random.below(3)).map { n in Diagnostic(severity: .warning, id: "x", message: "\(job.table) \(tag) \(n)", file: "f") })
                }
                let done = parts.add(made, table: job.table)
                #expect((done != nil) == (index == jobs.count - 1))
                if let done { complete = done }
            }
            guard let complete else { continue }
            for tag in 0..<tags {
                #expect(complete.parts(ofTag: tag, empty: "") == (0..<tables).map { "\($0):\(tag)" })
                let tablesInOrder = complete.diagnostics(ofTag: tag).map { Int($0.message.split(separator: " ")[0])! }
                #expect(tablesInOrder == tablesInOrder.sorted())
                #expect(complete.diagnostics(ofTag: tag).allSatisfy { $0.message.split(separator: " ")[1] == "\(tag)" })
            }
        }
    }
}

/// `text` as a JSON string literal.
private func jsonString(_ text: String) -> String {
    String(decoding: (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed])) ?? Data("\"\"".utf8), as: UTF8.self)
}
