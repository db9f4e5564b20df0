#if canImport(Glibc)
import Glibc
#endif
import SpeakableCatalog
import SpeakableEscaping
import SpeakableCompiler
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// The generated Compose Multiplatform accessors on the JVM: `kotlinc` (Debian's `kotlin`)
/// compiles `compose/kotlin/*.kt` with a `Res` class made from the compiled
/// `composeResources/` (extension properties `Res.string.<name>`, as Compose's plugin makes
/// them) against stubs of exactly the Compose APIs the accessors may call
/// (`Runners/ComposeStubs/`, which model Compose's substitution and plural selection);
/// `Runners/ComposeRunner.java` reads the resources as Compose's plugin does and calls each
/// accessor — its suspend function and its `@Composable` twin — by function and parameter name
/// with `Locale.current` set to the case's locale.
struct ComposeTools: Sendable {
    var kotlinc: String
    var stdlib: String
    var java: String
    var javac: String
    var icu4j: String

    /// The packages the differential compiles every project's Compose output for.
    static let namespace = "com.example.speakable"
    static let resources = "com.example.speakable.generated.resources"

    static func find() -> Result<ComposeTools, DifferentialError> {
        var missing: [String] = []
        let kotlinc = Subprocess.find("kotlinc")
        let java = Subprocess.find("java")
        let javac = Subprocess.find("javac")
        if kotlinc == nil || !Files.exists(KotlinTools.stdlibPath) { missing.append("kotlinc and \(KotlinTools.stdlibPath) (Debian package kotlin)") }
        if java == nil || javac == nil { missing.append("java and javac (openjdk-17-jdk-headless)") }
        if !Files.exists(AndroidTools.icu4jPath) { missing.append("\(AndroidTools.icu4jPath) (libicu4j-java)") }
        guard missing.isEmpty else { return .failure(.tool("missing " + missing.joined(separator: ", "))) }
        return .success(ComposeTools(kotlinc: kotlinc!, stdlib: KotlinTools.stdlibPath, java: java!, javac: javac!, icu4j: AndroidTools.icu4jPath))
    }

    /// The stubs (compiled by kotlinc: the accessors' compile class path) and the runner
    /// (javac), compiled once per source under the cache directory.
    func runtimeClasses(scratch: String) throws(DifferentialError) -> (api: String, harness: String) {
        let root = RunnerSources.directory
        let stubFiles = ["org/jetbrains/compose/resources/StringResources.kt", "androidx/compose/runtime/Composable.kt",
                         "androidx/compose/ui/text/intl/Locale.kt"].map { root + "/ComposeStubs/" + $0 }
        let harnessFiles = [root + "/ComposeRunner.java", root + "/AndroidRunner.java"]
        var texts: [String] = []
        for file in stubFiles + harnessFiles { texts.append(try Files.readText(file)) }
        let directory = RunnerSources.cacheDirectory + "/compose-\(RunnerSources.hash(texts.joined(separator: "\u{0}")))"
        if Files.exists(directory + "/harness/ComposeRunner.class") { return (directory + "/api", directory + "/harness") }
        let staging = directory + ".staging-\(getpid())-\(scratch.lastPathComponent)"
        Files.remove(staging)
        try Files.makeDirectory(staging + "/api")
        try Files.makeDirectory(staging + "/harness")
        var result = try Subprocess.run([kotlinc, "-nowarn", "-java-parameters", "-d", staging + "/api"] + stubFiles, scratch: scratch)
        guard result.status == 0 else { throw .tool("kotlinc failed on the Compose stubs:\n" + result.errorText) }
        result = try Subprocess.run([javac, "-nowarn", "-encoding", "UTF-8", "-cp", [icu4j, staging + "/api", stdlib].joined(separator: ":"),
                                     "-d", staging + "/harness"] + harnessFiles, scratch: scratch)
        guard result.status == 0 else { throw .tool("javac failed on the Compose runner:\n" + result.errorText) }
        let published = Files.publish(staging, as: directory)
        return (published + "/api", published + "/harness")
    }

    /// `Res.kt` for the compiled resources: `object Res { object string; object plurals }` and one
    /// extension property per resource, named as Compose's plugin names it.
    static func resClass(_ resources: String) throws(DifferentialError) -> String {
        var strings = Set<String>()
        var plurals = Set<String>()
        for file in Files.list(resources) where file.hasPrefix("values") && file.hasSuffix("/strings.xml") {
            let path = resources + "/" + file
            let text = try Files.readText(path)
            for (tag, into) in [("<string name=\"", 0), ("<plurals name=\"", 1)] {
                var rest = Substring(text)
                while let start = rest.firstRange(of: tag) {
                    rest = rest[start.upperBound...]
                    guard let end = rest.firstIndex(of: "\"") else { break }
                    let name = String(rest[..<end])
                    if into == 0 { strings.insert(name) } else { plurals.insert(name) }
                }
            }
        }
        var out = "package " + Self.resources + "\n\n"
        out += "import org.jetbrains.compose.resources.PluralStringResource\nimport org.jetbrains.compose.resources.StringResource\n\n"
        out += "object Res {\n    object string\n\n    object plurals\n}\n\n"
        for name in strings.sorted() {
            out += "val Res.string." + KotlinEscaping.identifier(ComposeResources.propertyName(name)) + ": StringResource get() = StringResource("
                + KotlinEscaping.stringLiteral(name) + ")\n"
        }
        for name in plurals.sorted() {
            out += "val Res.plurals." + KotlinEscaping.identifier(ComposeResources.propertyName(name)) + ": PluralStringResource get() = PluralStringResource("
                + KotlinEscaping.stringLiteral(name) + ")\n"
        }
        return out
    }

    /// Compiles `Res.kt` and the accessors; the class path to run them, or the compiler's complaint.
    func compile(accessors: [String], res: String, api: String, scratch: String) throws(DifferentialError) -> Result<String, DifferentialError> {
        let classes = scratch + "/compose-classes"
        Files.remove(classes)
        let kotlin = try Subprocess.run([kotlinc, "-java-parameters", "-cp", api, "-d", classes, res] + accessors, scratch: scratch)
        let complaints = AndroidTools.lines(kotlin.errorText).filter { !$0.contains("-Xverify:none") }
        guard kotlin.status == 0, !complaints.contains(where: { $0.contains("error:") }) else {
            return .failure(.tool("kotlinc failed on the generated Compose accessors:\n" + complaints.prefix(20).joined(separator: "\n")))
        }
        let warnings = complaints.filter { $0.contains("warning:") }
        if !warnings.isEmpty {
            return .failure(.tool("kotlinc warned on the generated Compose accessors:\n" + warnings.prefix(20).joined(separator: "\n")))
        }
        return .success(classes + ":" + stdlib)
    }

    /// Runs every request through one JVM; one reply per line, in order.
    func run(_ requests: [String], resources: String, classPath: String, harness: String, api: String,
             scratch: String) throws(DifferentialError) -> [JSONLine] {
        guard !requests.isEmpty else { return [] }
        let input = requests.joined(separator: "\n") + "\n"
        let path = [harness, api, classPath, icu4j].joined(separator: ":")
        let result = try Subprocess.run([java, "-Xshare:auto", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", path, "ComposeRunner", resources],
                                        input: Array(input.utf8), scratch: scratch)
        guard result.status == 0 else { throw .tool("the Compose runner failed (exit \(result.status)):\n" + result.errorText) }
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: true).map { JSONLine(String($0)) }
        guard lines.count == requests.count else {
            throw .tool("the Compose runner answered \(lines.count) of \(requests.count) requests:\n" + result.errorText)
        }
        return lines
    }

    /// The request for one case: the accessor by name, each parameter by its name — an
    /// argument's value, or (a parameter with a text pattern) ICU's text of the argument in the
    /// case's locale, what the accessors' KDoc tells the app to pass.
    static func request(_ item: DifferentialCase, function: String, type: String, parameters: [ComposeParameter]) -> String {
        var arguments: [String] = []
        let locale = try? ICULocale(item.locale)
        for parameter in parameters {
            guard let argument = item.arguments[parameter.argument] else { continue }
            let value: String
            if let pattern = parameter.textPattern {
                guard let locale, let text = try? CompiledMessage(pattern, locale: locale, timeZone: .utc).format(["0": argument]) else { continue }
                value = "{\"str\": " + JSONText.string(text) + "}"
            } else {
                switch argument {
                case .int(let n): value = "{\"int\": \(n)}"
                case .double(let d): value = "{\"double\": \(JSONText.number(d))}"
                case .string(let s): value = "{\"str\": " + JSONText.string(s) + "}"
                case .date(let ms): value = "{\"date\": \(Int64(ms))}"
                }
            }
            arguments.append(JSONText.string(parameter.label) + ": " + value)
        }
        return "{\"id\": \(item.id), \"locale\": " + JSONText.string(item.locale) + ", \"class\": "
            + JSONText.string(namespace + ".speakable." + type) + ", \"function\": " + JSONText.string(function)
            + ", \"args\": {" + arguments.joined(separator: ", ") + "}}"
    }
}
