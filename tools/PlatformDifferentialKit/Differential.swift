#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SpeakableCatalog
import SpeakableCompiler
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakableParticles
import SpeakablePlatformFormats

/// How a run goes.
public struct DifferentialOptions: Sendable {
    public var platforms: Set<Platform> = Set(Platform.allCases)
    /// Fewer sweep values (the default `swift test` run).
    public var quick = false
    /// Keep scratch projects, outputs and runner inputs here instead of a temporary directory.
    public var keep: String?
    /// The `speakable` binary; default: next to the running executable, else on `PATH`.
    public var speakable: String?
    /// Progress lines on standard error.
    public var progress = false
    /// Measure only the outputs the project's `speakable.json` asks for (`outputs`); by default
    /// every output is compiled and measured (the project's own compile must succeed too).
    public var projectOutputs = false
    /// The Apple device whose `.xcstrings` device variations are read (`iphone`, `ipad`, `mac`,
    /// `other`…): VoiceOver users on an iPhone by default.
    public var appleDevice = "iphone"

    public init() {}
}

/// Something to compile and check.
public enum DifferentialInput: Sendable {
    /// A Speakable project folder (`speakable.json`, `Templates/`, `Locales/`).
    case project(name: String, directory: String)
    /// Platform catalogs imported together into a scratch project with `speakable import`.
    /// Android files are put into `res/<folder>/strings.xml`, the folder read from the file name
    /// (`…_values-ko_strings.xml` → `values-ko`).
    case catalogs(name: String, files: [String])
    /// The generated stress project.
    case stress(name: String, seed: UInt64, messages: Int)
    /// The generated project of number styles on fractions and integers (``NumbersProject``).
    case numbers(name: String)

    public var name: String {
        switch self {
        case .project(let name, _), .catalogs(let name, _), .stress(let name, _, _), .numbers(let name): name
        }
    }
}

/// The platform differential: compiles each input with `speakable compile`, runs the outputs
/// as the platforms do, and compares every case with Speakable's formatter (particles resolved).
///
/// ```swift
/// let report = try PlatformDifferential.run([.project(name: "builtin", directory: ".")],
///                                           allowList: AllowList.read("tools/PlatformDifferential/allow-list.json"),
///                                           options: DifferentialOptions())
/// report.inputs[0].tallies[.android]   // messages, locales, cases, identical, allowed, mismatched
/// ```
public enum PlatformDifferential {
    public static func run(_ inputs: [DifferentialInput], allowList: AllowList,
                           options: DifferentialOptions) throws(DifferentialError) -> DifferentialReport {
        let scratch: String
        if let keep = options.keep {
            scratch = Files.absolute(keep)
            try Files.makeDirectory(scratch)
        } else {
            scratch = try Files.temporaryDirectory("run")
        }
        defer { if options.keep == nil { Files.remove(scratch) } }
        guard let speakable = options.speakable ?? defaultSpeakable() else {
            throw .tool("the speakable binary was not found next to this program or on PATH (build it: swift build --product speakable)")
        }
        var report = DifferentialReport(allowList: allowList)
        let android: AndroidTools? = options.platforms.contains(.android) || options.platforms.contains(.androidKotlin)
            ? try AndroidTools.find().get() : nil
        let kotlin: KotlinTools? = options.platforms.contains(.androidKotlin) ? try KotlinTools.find().get() : nil
        let compose: ComposeTools? = options.platforms.contains(.compose) ? try ComposeTools.find().get() : nil
        let apple: AppleTools? = options.platforms.contains(.apple) || options.platforms.contains(.appleNoCatalog)
            ? try AppleTools.find().get() : nil
        var nextID = 0
        var prepared: [PreparedInput] = []
        for input in inputs {
            progress(options, "\(input.name): compiling")
            let state = try PreparedInput.make(input, scratch: scratch + "/" + safeName(input.name), speakable: speakable,
                                               options: options, nextID: &nextID)
            if let android { try state.linkAndroid(android) }
            prepared.append(state)
        }
        // Kotlin: one kotlinc and one JVM per input (each has its own R and accessors).
        if let android, let kotlin {
            for state in prepared {
                progress(options, "\(state.report.name): android-kotlin")
                try state.runKotlin(kotlin, android: android)
            }
        }
        // Compose Multiplatform: one kotlinc and one JVM per input (each has its own Res and accessors).
        if let compose {
            for state in prepared {
                progress(options, "\(state.report.name): compose")
                try state.runCompose(compose)
            }
        }
        // Android: one JVM for every case of every input.
        if let android, options.platforms.contains(.android) {
            var lines: [String] = []
            var owners: [(input: Int, caseID: Int)] = []
            var locales = Set<String>()
            for (index, state) in prepared.enumerated() {
                for (caseID, line) in state.androidRequests {
                    lines.append(line)
                    owners.append((index, caseID))
                }
                locales.formUnion(state.cases.map(\.locale))
            }
            let probes = locales.sorted()
            for tag in probes { lines.append("{\"probe\": " + JSONText.string(tag) + "}") }
            progress(options, "android: formatting \(owners.count) cases in one JVM")
            try Files.write(lines.joined(separator: "\n") + "\n", to: scratch + "/android-requests.jsonl")
            let replies = try android.run(lines, scratch: scratch)
            for (reply, owner) in zip(replies, owners) { prepared[owner.input].androidReplies[owner.caseID] = reply }
            for reply in replies.suffix(probes.count) {
                guard let tag = reply.string("probe"), let jdk = reply.string("jdk"), let icu = reply.string("icu") else { continue }
                if jdk != icu {
                    for state in prepared where state.cases.contains(where: { $0.locale == tag }) {
                        state.report.notes.append("android \(tag): the JDK's number symbols here (\(jdk.debugDescription)) differ from ICU4J 72's, which Android uses (\(icu.debugDescription))")
                    }
                }
            }
        }
        if let apple {
            for state in prepared {
                progress(options, "\(state.report.name): apple")
                try state.runApple(apple, platforms: options.platforms, device: options.appleDevice, scratch: scratch)
            }
        }
        for state in prepared {
            state.compare(platforms: options.platforms, allowList: allowList)
            report.inputs.append(state.report)
        }
        let used = Set(report.inputs.flatMap { $0.mismatches.compactMap(\.allowedBy) })
        report.unusedAllowances = allowList.entries.indices.filter { !used.contains($0) }
        return report
    }

    static func defaultSpeakable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            let own = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var directory = own.deletingLastPathComponent
            // A test bundle runs as .build/debug/Speakable…xctest: the binary is beside it.
            while !directory.isEmpty && directory != "/" {
                if FileManager.isExecutable(directory + "/speakable") { return directory + "/speakable" }
                // `swift build --product PlatformDifferential` links the command as its target's
                // own product, SpeakableTool (Package.swift), not as `speakable`.
                if FileManager.isExecutable(directory + "/SpeakableTool") { return directory + "/SpeakableTool" }
                if directory.hasSuffix("/.build") { break }
                directory = directory.deletingLastPathComponent
            }
        }
        return Subprocess.find("speakable")
    }

    static func safeName(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") ? $0 : "_" }))
    }

    static func progress(_ options: DifferentialOptions, _ line: String) {
        guard options.progress else { return }
        let text = Array("platform differential: \(line)\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

extension FileManager {
    static func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) && !Files.isDirectory(path) }
}

/// What Speakable says for a case.
enum Expectation {
    case text(String)
    /// Speakable itself rejects the arguments (the case is left out).
    case failure(String)
}

/// One input on its way through the run.
final class PreparedInput {
    var report: InputReport
    let name: String
    let scratch: String
    var project: Project?
    var metadata: [String: TableMetadata] = [:]
    var cases: [DifferentialCase] = []
    var expected: [Int: Expectation] = [:]
    /// Where the platform outputs are (nil when that output was not produced).
    var androidRes: String?
    var appleOutput: String?
    var androidRequests: [(Int, String)] = []
    var androidCalls: [Int: String] = [:]
    var androidReplies: [Int: JSONLine] = [:]
    var androidFailures: [Int: String] = [:] // why a case has no request
    var androidLinked = false
    /// The linked table and the `R.java` aapt2 wrote for it.
    var linkedTable: ResourceTable?
    var rJava: String?
    var kotlinOutput: String?
    var kotlinReplies: [Int: JSONLine] = [:]
    var kotlinFailures: [Int: String] = [:]
    var kotlinMeasured = false
    /// The compiled `compose/` folder (`composeResources/`, `kotlin/`).
    var composeOutput: String?
    var composeReplies: [Int: JSONLine] = [:]
    var composeFailures: [Int: String] = [:]
    var composeMeasured = false
    var appleReplies: [Platform: [Int: JSONLine]] = [:]
    var appleFailures: [Platform: [Int: String]] = [:]
    var appleMeasured: Set<Platform> = []

    init(name: String, scratch: String) {
        self.name = name
        self.scratch = scratch
        self.report = InputReport(name: name)
    }

    // MARK: Preparing

    static func make(_ input: DifferentialInput, scratch: String, speakable: String, options: DifferentialOptions,
                     nextID: inout Int) throws(DifferentialError) -> PreparedInput {
        let state = PreparedInput(name: input.name, scratch: scratch)
        Files.remove(scratch)
        try Files.makeDirectory(scratch)
        let directory: String
        switch input {
        case .project(_, let path):
            directory = Files.absolute(path)
        case .catalogs(_, let files):
            directory = scratch + "/project"
            try state.importCatalogs(files, into: directory, speakable: speakable)
        case .stress(_, let seed, let messages):
            directory = scratch + "/project"
            try StressProject.write(seed: seed, messages: messages, to: directory)
        case .numbers:
            directory = scratch + "/project"
            try NumbersProject.write(to: directory)
        }
        guard state.report.problems.isEmpty else { return state }
        try state.compile(directory, speakable: speakable, platforms: options.platforms, projectOutputs: options.projectOutputs)
        let project = ProjectLoader.load(directory: directory)
        state.project = project
        if project.hasErrors {
            state.report.problems.append("the project does not load: " + project.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.rendered).joined(separator: "; "))
            return state
        }
        state.metadata = CatalogCompiler.loadMetadata(project).metadata
        state.makeCases(project, quick: options.quick, nextID: &nextID)
        return state
    }

    func importCatalogs(_ files: [String], into directory: String, speakable: String) throws(DifferentialError) {
        try Files.makeDirectory(directory)
        var arguments: [String] = []
        for file in files {
            let absolute = Files.absolute(file)
            guard Files.exists(absolute) else { throw .input("no such catalog: \(file)") }
            let base = absolute.lastPathComponent
            if base.hasSuffix(".xml") {
                // Android resources must sit in their values folder: DeskClock_values-ko_strings.xml → res/values-ko/strings.xml.
                let folder = absolute.deletingLastPathComponent.lastPathComponent.hasPrefix("values")
                    ? absolute.deletingLastPathComponent.lastPathComponent
                    : (base.split(separator: "_").first { $0.hasPrefix("values") }.map(String.init) ?? "values")
                let target = scratch + "/res/\(folder)/strings.xml"
                try Files.write(try Files.read(absolute), to: target)
                arguments.append(target)
            } else {
                arguments.append(absolute)
            }
        }
        let result = try Subprocess.run([speakable, "import"] + arguments, directory: directory, scratch: scratch)
        if result.status != 0 {
            report.problems.append("speakable import failed (exit \(result.status)): " + AndroidTools.lines(result.errorText).prefix(5).joined(separator: " | "))
        }
    }

    func compile(_ directory: String, speakable: String, platforms: Set<Platform>, projectOutputs: Bool) throws(DifferentialError) {
        let namespace = ["--android-namespace", KotlinTools.namespace]
        // First as a user runs it: the project's own outputs must compile.
        let out = scratch + "/out"
        let result = try Subprocess.run([speakable, "compile", "--project", directory, "--out", out], scratch: scratch)
        report.compileStatus = result.status
        report.compileOutput = AndroidTools.lines(result.errorText)
        var android = out + "/android/res"
        var apple = out
        if result.status != 0 {
            report.problems.append("speakable compile failed (exit \(result.status)); each platform was then compiled on its own to measure it")
        }
        // Then every output Speakable can write (unless only the project's are measured), each
        // platform on its own when they do not compile together.
        if result.status != 0 || !projectOutputs {
            let all = try Subprocess.run([speakable, "compile", "--project", directory, "--out", scratch + "/out-all", "--only", "xcstrings,android,swift"] + namespace,
                                         scratch: scratch)
            if all.status == 0 {
                android = scratch + "/out-all/android/res"
                apple = scratch + "/out-all"
            } else {
                if result.status == 0 {
                    report.problems.append("speakable compile --only xcstrings,android,swift failed (exit \(all.status)): "
                                           + AndroidTools.lines(all.errorText).filter { $0.contains("error") }.prefix(4).joined(separator: " | "))
                }
                for (only, folder) in [("android", "out-android"), ("xcstrings,swift", "out-apple")] {
                    let alone = try Subprocess.run([speakable, "compile", "--project", directory, "--out", scratch + "/" + folder, "--only", only] + namespace,
                                                   scratch: scratch)
                    if alone.status != 0 {
                        report.problems.append("speakable compile --only \(only) failed too: "
                                               + AndroidTools.lines(alone.errorText).filter { $0.contains("error") }.prefix(4).joined(separator: " | "))
                    }
                }
                android = scratch + "/out-android/android/res"
                apple = scratch + "/out-apple"
            }
        }
        if Files.isDirectory(android) { androidRes = android }
        if platforms.contains(.androidKotlin), androidRes != nil {
            var kotlin = android.deletingLastPathComponent + "/kotlin"
            if !Files.isDirectory(kotlin) || result.status == 0 && projectOutputs {
                // The project's own compile: its Kotlin (if any) imports its own R; compiled again for the differential's.
                _ = try Subprocess.run([speakable, "compile", "--project", directory, "--out", scratch + "/out-kotlin", "--only", "android"] + namespace,
                                       scratch: scratch)
                kotlin = scratch + "/out-kotlin/android/kotlin"
            }
            if Files.isDirectory(kotlin) { kotlinOutput = kotlin }
        }
        if platforms.contains(.compose) {
            // Compose for the differential's packages (the project's own, if any, name its app's).
            let folder = scratch + "/out-compose"
            let compose = try Subprocess.run([speakable, "compile", "--project", directory, "--out", folder, "--only", "compose",
                                              "--compose-namespace", ComposeTools.namespace, "--compose-resources", ComposeTools.resources],
                                             scratch: scratch)
            if compose.status == 0, Files.isDirectory(folder + "/compose/kotlin") {
                composeOutput = folder + "/compose"
            } else {
                report.problems.append("speakable compile --only compose failed (exit \(compose.status)): "
                                       + AndroidTools.lines(compose.errorText).filter { $0.contains("error") }.prefix(4).joined(separator: " | "))
            }
        }
        if Files.isDirectory(apple + "/xcstrings") {
            if !Files.isDirectory(apple + "/swift") {
                // The project does not ship accessors; the model still calls the catalog through them.
                _ = try Subprocess.run([speakable, "compile", "--project", directory, "--out", apple, "--only", "swift"], scratch: scratch)
            }
            if Files.isDirectory(apple + "/swift") { appleOutput = apple }
        }
        // No particle notation after known text in any compiled output: what `speakable check`
        // finds in a res/ folder or a String Catalog as it is.
        var compiled: [String] = []
        if let androidRes { compiled.append(androidRes) }
        if let appleOutput { compiled += Files.list(appleOutput + "/xcstrings").filter { $0.hasSuffix(".xcstrings") }.map { appleOutput + "/xcstrings/" + $0 } }
        for path in compiled {
            let check = try Subprocess.run([speakable, "check", path, "--format", "json"], scratch: scratch)
            guard let findings = JSONReader.read(check.outputText).root?["findings"]?.array else {
                report.problems.append("speakable check \(path) gave no report (exit \(check.status))")
                continue
            }
            for finding in findings where finding["rule"]?.string == "korean-particle" {
                let file = (finding["file"]?.string ?? path).replacing(scratch + "/", with: "")
                report.problems.append("particle notation after known text in the compiled output: \(file):\(finding["line"]?.number?.description ?? "?"): "
                                       + "\(finding["key"]?.string ?? "") (\(finding["locale"]?.string ?? "")): \(finding["message"]?.string ?? "")")
            }
        }
        if platforms.contains(.android), androidRes == nil {
            report.notes.append("android: not measured — no Android resources were written (not an output of this project, or the compile failed)")
        }
        if platforms.contains(.apple), appleOutput == nil {
            report.notes.append("apple: not measured — the compile wrote no String Catalog and accessors")
        }
    }

    func makeCases(_ project: Project, quick: Bool, nextID: inout Int) {
        let source = project.config.sourceLocale
        for table in project.tables {
            for message in table.messages where !message.runtimeOnly {
                guard let template = message.pattern else { continue }
                var locales: [(String, MessagePattern)] = [(source, template)]
                for tag in table.locales.keys.sorted() where tag != source {
                    if let pattern = table.locales[tag]?[message.key]?.pattern { locales.append((tag, pattern)) }
                }
                for (tag, pattern) in locales {
                    let formatter: ParticleResolvingMessage?
                    if let locale = try? ICULocale(tag) {
                        formatter = try? ParticleResolvingMessage(pattern, locale: locale, timeZone: .utc)
                    } else {
                        formatter = nil
                    }
                    for set in CaseGenerator.argumentSets(for: message, pattern: template, locale: tag, quick: quick) {
                        let item = DifferentialCase(id: nextID, table: table.name, key: message.key, locale: tag,
                                                    arguments: set.arguments, origin: set.origin)
                        nextID += 1
                        cases.append(item)
                        if let formatter {
                            do throws(MessageFormatError) {
                                expected[item.id] = .text(try formatter.format(set.arguments))
                            } catch {
                                expected[item.id] = .failure("\(error.id): \(error.message)")
                            }
                        } else {
                            expected[item.id] = .failure("Speakable cannot compile the \(tag) message")
                        }
                    }
                }
            }
        }
    }

    // MARK: Android

    func linkAndroid(_ tools: AndroidTools) throws(DifferentialError) {
        guard let res = androidRes, let project else { return }
        let java = scratch + "/r-java"
        Files.remove(java)
        try Files.makeDirectory(java)
        let (table, messages) = try tools.link(res: res, scratch: scratch, javaOutput: java)
        report.problems += messages
        guard let table else { return }
        androidLinked = true
        linkedTable = table
        let r = java + "/" + KotlinTools.namespace.replacing(".", with: "/") + "/R.java"
        if Files.exists(r) { rJava = r }
        let templates = Dictionary(project.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let source = project.config.sourceLocale
        for item in cases {
            guard let tableModel = templates[item.table], let message = tableModel[item.key], let pattern = message.pattern else { continue }
            let translations = tableModel.locales.keys.sorted().filter { $0 != source }.compactMap { tag in
                tableModel.locales[tag]?[item.key]?.pattern.map { (tag, $0) }
            }
            var call = AndroidCall.make(message: message, pattern: pattern, sourceLocale: source, translations: translations,
                                        metadata: metadata[item.table]?[item.key], arguments: item.arguments)
            switch call.request(id: item.id, tag: item.locale, table: table, arguments: item.arguments, pattern: pattern) {
            case .success(let line): androidRequests.append((item.id, line))
            case .failure(let reason): androidFailures[item.id] = reason
            }
            androidCalls[item.id] = call.description.isEmpty ? call.name : call.description
        }
    }

    // MARK: Kotlin

    /// Compiles the generated Kotlin accessors and calls each case's accessor on the JVM.
    func runKotlin(_ tools: KotlinTools, android: AndroidTools) throws(DifferentialError) {
        guard let output = kotlinOutput, let table = linkedTable, let rJava, let project else {
            if androidRes != nil { report.notes.append("android-kotlin: not measured — no Kotlin accessors or no linked resources") }
            return
        }
        let accessors = Files.list(output).filter { $0.hasSuffix(".kt") }.sorted().map { output + "/" + $0 }
        let (api, harness) = try tools.runtimeClasses(android, scratch: scratch)
        let classPath: String
        switch try tools.compile(accessors: accessors, rJava: rJava, api: api, android: android, scratch: scratch) {
        case .success(let path): classPath = path
        case .failure(let error):
            report.problems.append("android-kotlin: \(error)")
            return
        }
        let tables = scratch + "/kotlin-tables"
        Files.remove(tables)
        try Files.makeDirectory(tables)
        for tag in Set(cases.map(\.locale)).sorted() {
            try Files.write(KotlinTools.resolvedTable(table, tag: tag), to: tables + "/" + tag + ".jsonl")
        }
        var functions: [String: [String: String]] = [:]
        for item in project.tables { functions[item.name] = KotlinAccessorNames.functions(item.messages) }
        let byTable = Dictionary(project.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        var ids: [Int] = []
        for item in cases {
            guard let model = byTable[item.table], let message = model[item.key], let function = functions[item.table]?[item.key] else {
                kotlinFailures[item.id] = "no Kotlin accessor for \(item.key)"
                continue
            }
            lines.append(KotlinTools.request(item, function: function, type: KotlinAccessorNames.typeName(item.table),
                                             labels: KotlinAccessorNames.parameters(message)))
            ids.append(item.id)
        }
        try Files.write(lines.joined(separator: "\n") + "\n", to: scratch + "/android-kotlin-requests.jsonl")
        let replies = try tools.run(lines, tables: tables, classPath: classPath, android: android, harness: harness, api: api, scratch: scratch)
        kotlinReplies = Dictionary(zip(ids, replies), uniquingKeysWith: { first, _ in first })
        kotlinMeasured = true
    }

    // MARK: Compose

    /// Compiles the generated Compose accessors with a `Res` made from the compiled resources
    /// and calls each case's accessors (suspend and `@Composable`) on the JVM.
    func runCompose(_ tools: ComposeTools) throws(DifferentialError) {
        guard let output = composeOutput, let project else { return }
        let kotlin = output + "/kotlin"
        let resources = output + "/composeResources"
        let accessors = Files.list(kotlin).filter { $0.hasSuffix(".kt") }.sorted().map { kotlin + "/" + $0 }
        let (api, harness) = try tools.runtimeClasses(scratch: scratch)
        let res = scratch + "/compose-res/Res.kt"
        try Files.write(try ComposeTools.resClass(resources), to: res)
        let classPath: String
        switch try tools.compile(accessors: accessors, res: res, api: api, scratch: scratch) {
        case .success(let path): classPath = path
        case .failure(let error):
            report.problems.append("compose: \(error)")
            return
        }
        var functions: [String: [String: String]] = [:]
        for item in project.tables { functions[item.name] = KotlinAccessorNames.functions(item.messages) }
        let byTable = Dictionary(project.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        var ids: [Int] = []
        var composeParameters: [String: [ComposeParameter]] = [:]
        for item in cases {
            guard let model = byTable[item.table], let message = model[item.key], let pattern = message.pattern,
                  let function = functions[item.table]?[item.key] else {
                composeFailures[item.id] = "no Compose accessor for \(item.key)"
                continue
            }
            let parameters: [ComposeParameter]
            if let known = composeParameters[item.table + "\u{0}" + item.key] {
                parameters = known
            } else {
                let source = project.config.sourceLocale
                var bodies: [(body: MessageBody, locale: ICULocale)] = []
                if let locale = try? ICULocale(source) { bodies.append((pattern.body, locale)) }
                for tag in model.locales.keys.sorted() where tag != source {
                    if let translated = model.locales[tag]?[item.key]?.pattern, let locale = try? ICULocale(tag) { bodies.append((translated.body, locale)) }
                }
                parameters = ComposeAccessorNames.parameters(message, kinds: ArgumentKinds.of(message, pattern, metadata: metadata[item.table]?[item.key]),
                                                             bodies: bodies)
                composeParameters[item.table + "\u{0}" + item.key] = parameters
            }
            lines.append(ComposeTools.request(item, function: function, type: KotlinAccessorNames.typeName(item.table), parameters: parameters))
            ids.append(item.id)
        }
        try Files.write(lines.joined(separator: "\n") + "\n", to: scratch + "/compose-requests.jsonl")
        let replies = try tools.run(lines, resources: resources, classPath: classPath, harness: harness, api: api, scratch: scratch)
        composeReplies = Dictionary(zip(ids, replies), uniquingKeysWith: { first, _ in first })
        composeMeasured = true
    }

    // MARK: Apple

    func runApple(_ tools: AppleTools, platforms: Set<Platform>, device: String, scratch runScratch: String) throws(DifferentialError) {
        guard let output = appleOutput, let project else { return }
        var files: [(name: String, text: String)] = []
        var functions: [String: AccessorFunction] = [:]
        for file in Files.list(output + "/swift") where file.hasSuffix(".swift") {
            let text = try Files.readText(output + "/swift/" + file)
            files.append((file, text))
            var table = String(file.dropLast(".swift".count))
            if table.hasPrefix("Speakable+") { table = String(table.dropFirst("Speakable+".count)) }
            for function in AccessorReader.functions(in: text, table: table) {
                functions[table + "/" + function.key] = function
            }
        }
        var main = "// Generated by the platform differential: calls every accessor by table/key.\nimport Foundation\n\n"
        main += "AppleRuntime.run { call, a in\n    switch call {\n"
        var callable = Set<String>()
        for table in project.tables {
            for message in table.messages {
                guard let pattern = message.pattern, let function = functions[table.name + "/" + message.key] else { continue }
                let names = pattern.argumentNames
                // After one parameter per argument, `<label>Text: String` parameters: a number
                // the accessor cannot format, as text (the caller formats it as ICU does).
                let extra = function.parameters.dropFirst(names.count)
                let textOf: [String] = extra.compactMap { parameter in
                    zip(names, function.parameters).first { parameter.label.hasPrefix($0.1.label + "Text") && parameter.type == "String" }?.0
                }
                guard names.count <= function.parameters.count, textOf.count == extra.count else {
                    report.problems.append("apple: the accessor \(function.typeName).\(function.name) has \(function.parameters.count) parameters, the message \(message.key) has \(names.count) arguments")
                    continue
                }
                let arguments = zip(names, function.parameters).map { name, parameter in
                    parameter.label + ": " + AccessorReader.argumentExpression(name: name, type: parameter.type, typeName: function.typeName)
                } + zip(extra, textOf).map { parameter, name in parameter.label + ": a.text(" + JSONText.string(name) + ")" }
                main += "    case \(JSONText.string(table.name + "/" + message.key)):\n"
                main += "        return \(function.typeName).\(function.name)(\(arguments.joined(separator: ", ")))\n"
                callable.insert(table.name + "/" + message.key)
            }
        }
        main += "    default:\n        return nil\n    }\n}\n"
        let driver = try tools.driver(accessorFiles: files, main: main, scratch: scratch)
        let source = project.config.sourceLocale
        for platform in [Platform.apple, .appleNoCatalog] where platforms.contains(platform) {
            var lines: [String] = []
            var ids: [Int] = []
            var failures: [Int: String] = [:]
            for item in cases where platform == .apple || item.locale == source {
                let call = item.table + "/" + item.key
                guard callable.contains(call) else {
                    failures[item.id] = "no Swift accessor for \(item.key)"
                    continue
                }
                lines.append(Self.appleRequest(item, call: call, catalog: platform == .apple, device: device, texts: callerTexts(item, project)))
                ids.append(item.id)
            }
            var probes: [String] = []
            if platform == .apple {
                probes = Array(Set(cases.map(\.locale))).sorted()
                for tag in probes { lines.append("{\"id\": -1, \"probe\": " + JSONText.string(tag) + "}") }
            }
            try Files.write(lines.joined(separator: "\n") + "\n", to: scratch + "/\(platform.rawValue)-requests.jsonl")
            let replies = try tools.run(driver: driver, catalogs: output + "/xcstrings", requests: lines, scratch: runScratch)
            appleReplies[platform] = Dictionary(zip(ids, replies), uniquingKeysWith: { first, _ in first })
            appleFailures[platform] = failures
            appleMeasured.insert(platform)
            for (tag, reply) in zip(probes, replies.suffix(probes.count)) {
                guard let foundation = reply.string("out"), let locale = try? ICULocale(tag),
                      let icu = try? CompiledMessage("{a, number}|{b, number}|{c, number}", locale: locale, timeZone: .utc)
                        .format(["a": .int(9180), "b": .int(1_234_567), "c": .int(-5)]) else { continue }
                if foundation != icu {
                    report.notes.append("apple \(tag): this machine's Foundation (ICU 76, CLDR 46) prints integers as \(foundation.debugDescription), ICU 72 as \(icu.debugDescription); the model prints plain integer specifiers with ICU 72's text here")
                }
            }
        }
    }

    /// The numbers an accessor takes as text (a style Foundation cannot format as ICU does),
    /// formatted as the compile's warning tells the app: ICU's text for the style in the
    /// case's locale (Speakable's formatter here — modelled, not measured).
    func callerTexts(_ item: DifferentialCase, _ project: Project) -> [String: String] {
        guard let table = project.tables.first(where: { $0.name == item.table }), let message = table[item.key],
              let pattern = message.pattern, let locale = try? ICULocale(item.locale) else { return [:] }
        let source = project.config.sourceLocale
        var located: [(body: MessageBody, locale: ICULocale)] = []
        if let sourceLocale = try? ICULocale(source) { located.append((pattern.body, sourceLocale)) }
        var own = pattern
        for tag in table.locales.keys.sorted() where tag != source {
            guard let translated = table.locales[tag]?[item.key]?.pattern, let tagLocale = try? ICULocale(tag) else { continue }
            located.append((translated.body, tagLocale))
            if tag == item.locale { own = translated }
        }
        let recorded = Set((metadata[item.table]?[item.key]?.appleSpecifiers ?? [:]).keys)
            .union((metadata[item.table]?[item.key]?.androidSpecifiers ?? [:]).keys)
        let texts = PlatformConversion.numberTexts(in: located, kinds: ArgumentKinds.of(message, pattern))
            .filter { $0.foundationStyle == nil && !recorded.contains($0.name) }
        var result: [String: String] = [:]
        for text in texts where result[text.name] == nil {
            // The style this locale writes (a translation may print it with its own style).
            var style = text
            PlatformConversion.forEachArgument(own.body) { node in
                if node.name == text.name, let found = NumberText.of(node), found.foundationStyle == nil { style = found }
            }
            guard let value = item.arguments[text.name],
                  let formatted = try? CompiledMessage(style.formatPattern, locale: locale, timeZone: .utc).format(["0": value]) else { continue }
            result[text.name] = formatted
        }
        return result
    }

    static func appleRequest(_ item: DifferentialCase, call: String, catalog: Bool, device: String, texts: [String: String] = [:]) -> String {
        var arguments: [String] = []
        var categories: [String] = []
        var rules: PluralRules?
        var decimal: CompiledMessage?
        var numbers: [String] = []
        if let locale = try? ICULocale(item.locale) {
            rules = try? PluralRules.cached(for: locale, kind: .cardinal)
            decimal = try? CompiledMessage("{n, number}", locale: locale, timeZone: .utc)
        }
        for name in item.arguments.keys.sorted() {
            let value: String
            switch item.arguments[name]! {
            case .int(let n):
                value = "{\"int\": \(n)" + (texts[name].map { ", \"text\": " + JSONText.string($0) } ?? "") + "}"
                if let rules { categories.append("\"\(n)\": \"\(rules.category(forInteger: n).rawValue)\"") }
                if let decimal, let text = try? decimal.format(["n": .int(n)]) {
                    numbers.append("\"\(n)\": " + JSONText.string(text))
                }
            case .double(let d):
                value = "{\"double\": \(JSONText.number(d))" + (texts[name].map { ", \"text\": " + JSONText.string($0) } ?? "") + "}"
                if let rules {
                    let key = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
                    categories.append("\"\(key)\": \"\(rules.category(for: d).rawValue)\"")
                }
            case .string(let s): value = "{\"str\": " + JSONText.string(s) + "}"
            case .date(let ms): value = "{\"date\": \(Int64(ms))}"
            }
            arguments.append(JSONText.string(name) + ": " + value)
        }
        return "{\"id\": \(item.id), \"locale\": " + JSONText.string(item.locale) + ", \"catalog\": \(catalog), \"device\": "
            + JSONText.string(device) + ", \"call\": "
            + JSONText.string(call) + ", \"args\": {" + arguments.joined(separator: ", ") + "}, \"categories\": {"
            + Array(Set(categories)).sorted().joined(separator: ", ") + "}, \"numbers\": {"
            + Array(Set(numbers)).sorted().joined(separator: ", ") + "}}"
    }

    // MARK: Comparing

    func compare(platforms: Set<Platform>, allowList: AllowList) {
        for platform in Platform.allCases where platforms.contains(platform) {
            let measured: Bool
            switch platform {
            case .android: measured = androidLinked
            case .androidKotlin: measured = kotlinMeasured
            case .compose: measured = composeMeasured
            case .apple, .appleNoCatalog: measured = appleMeasured.contains(platform)
            }
            guard measured else { continue }
            var tally = Tally()
            var messages = Set<String>()
            var locales = Set<String>()
            for item in cases {
                if platform == .appleNoCatalog && item.locale != project?.config.sourceLocale { continue }
                guard case .text(let expected)? = expected[item.id] else { continue }
                let actual: String
                var detail = ""
                switch platform {
                case .android:
                    detail = androidCalls[item.id] ?? ""
                    if let failure = androidFailures[item.id] {
                        actual = "error: " + failure
                    } else if let reply = androidReplies[item.id] {
                        actual = reply.string("out") ?? "error: " + (reply.string("error") ?? reply.text)
                        if let category = reply.string("category") { detail += " → item \(category)" }
                    } else {
                        actual = "error: no answer"
                    }
                case .androidKotlin:
                    if let failure = kotlinFailures[item.id] {
                        actual = "error: " + failure
                    } else if let reply = kotlinReplies[item.id] {
                        actual = reply.string("out") ?? "error: " + (reply.string("error") ?? reply.text)
                    } else {
                        actual = "error: no answer"
                    }
                    detail = androidCalls[item.id].map { "Kotlin accessor; the resources: " + $0 } ?? "Kotlin accessor"
                case .compose:
                    if let failure = composeFailures[item.id] {
                        actual = "error: " + failure
                    } else if let reply = composeReplies[item.id] {
                        actual = reply.string("out") ?? "error: " + (reply.string("error") ?? reply.text)
                    } else {
                        actual = "error: no answer"
                    }
                    detail = "Compose accessor (suspend and @Composable)"
                case .apple, .appleNoCatalog:
                    if let failure = appleFailures[platform]?[item.id] {
                        actual = "error: " + failure
                    } else if let reply = appleReplies[platform]?[item.id] {
                        actual = reply.string("out") ?? "error: " + (reply.string("error") ?? reply.text)
                        detail = "\(item.key) → " + (reply.string("trace") ?? "")
                    } else {
                        actual = "error: no answer"
                    }
                }
                tally.cases += 1
                messages.insert(item.table + "/" + item.key)
                locales.insert(item.locale)
                if actual == expected {
                    tally.identical += 1
                    continue
                }
                var mismatch = Mismatch(input: name, platform: platform, table: item.table, key: item.key, locale: item.locale,
                                        arguments: CaseGenerator.canonical(item.arguments), origin: item.origin,
                                        expected: expected, actual: actual, detail: detail, allowedBy: nil)
                mismatch.allowedBy = allowList.match(mismatch)
                if mismatch.allowedBy == nil { tally.mismatched += 1 } else { tally.allowed += 1 }
                report.mismatches.append(mismatch)
            }
            tally.messages = messages.count
            tally.locales = locales.count
            report.tallies[platform] = tally
        }
        var unformattable = 0
        for item in cases {
            if case .failure? = expected[item.id] { unformattable += 1 }
        }
        if unformattable > 0 {
            report.notes.append("\(unformattable) argument sets that Speakable itself rejects were left out")
        }
    }
}
