#if canImport(Glibc)
import Glibc
#endif
import SpeakableCatalog
import SpeakableCompiler
import SpeakableMessages

/// The generated Kotlin accessors on the JVM: `kotlinc` (Debian's `kotlin`) compiles
/// `android/kotlin/*.kt` against stubs of exactly the Android APIs the accessors may call
/// (`Runners/AndroidStubs/`) and the `R` class `aapt2 link --java` wrote; `Runners/KotlinRunner.java`
/// calls each accessor by function and parameter name with a `Resources` over the linked table of
/// the case's locale, `String.format` and ICU4J 72 (for `android.icu`).
struct KotlinTools: Sendable {
    var kotlinc: String
    var stdlib: String

    /// The package the differential compiles every project's Kotlin for (`--android-namespace`):
    /// the manifest package of ``AndroidTools/link(res:scratch:javaOutput:)``.
    static let namespace = "com.example.speakable"
    static let stdlibPath = "/usr/share/java/kotlin-stdlib.jar"

    static func find() -> Result<KotlinTools, DifferentialError> {
        guard let kotlinc = Subprocess.find("kotlinc") else { return .failure(.tool("missing kotlinc (Debian package kotlin)")) }
        guard Files.exists(stdlibPath) else { return .failure(.tool("missing \(stdlibPath) (Debian package kotlin)")) }
        return .success(KotlinTools(kotlinc: kotlinc, stdlib: stdlibPath))
    }

    /// The stubs (compile class path of the accessors) and the harness (run time), compiled once
    /// per source under the cache directory.
    func runtimeClasses(_ android: AndroidTools, scratch: String) throws(DifferentialError) -> (api: String, harness: String) {
        let root = RunnerSources.directory
        let stubFiles = ["android/content/res/Resources.java", "android/content/res/Configuration.java",
                         "android/icu/text/MessageFormat.java", "android/icu/util/ULocale.java"].map { root + "/AndroidStubs/" + $0 }
        let harnessFiles = [root + "/AndroidHarness/android/content/res/SpeakableTestResources.java",
                            root + "/KotlinRunner.java", root + "/AndroidRunner.java"]
        var texts: [String] = []
        for file in stubFiles + harnessFiles { texts.append(try Files.readText(file)) }
        let directory = RunnerSources.cacheDirectory + "/kotlin-\(RunnerSources.hash(texts.joined(separator: "\u{0}")))"
        if Files.exists(directory + "/harness/KotlinRunner.class") { return (directory + "/api", directory + "/harness") }
        let staging = directory + ".staging-\(getpid())-\(scratch.lastPathComponent)"
        Files.remove(staging)
        try Files.makeDirectory(staging + "/api")
        try Files.makeDirectory(staging + "/harness")
        var result = try Subprocess.run([android.javac, "-nowarn", "-encoding", "UTF-8", "-cp", android.icu4j, "-d", staging + "/api"] + stubFiles,
                                        scratch: scratch)
        guard result.status == 0 else { throw .tool("javac failed on the Android stubs:\n" + result.errorText) }
        result = try Subprocess.run([android.javac, "-nowarn", "-encoding", "UTF-8", "-cp", android.icu4j + ":" + staging + "/api",
                                     "-d", staging + "/harness"] + harnessFiles, scratch: scratch)
        guard result.status == 0 else { throw .tool("javac failed on the Kotlin runner:\n" + result.errorText) }
        let published = Files.publish(staging, as: directory)
        return (published + "/api", published + "/harness")
    }

    /// Compiles `R.java` and the accessors; the class path to run them, or the compiler's complaint.
    func compile(accessors: [String], rJava: String, api: String, android: AndroidTools,
                 scratch: String) throws(DifferentialError) -> Result<String, DifferentialError> {
        let rClasses = scratch + "/kotlin-r"
        let kotlinClasses = scratch + "/kotlin-classes"
        Files.remove(rClasses)
        Files.remove(kotlinClasses)
        try Files.makeDirectory(rClasses)
        // Release 8: a resource named `_` is a field `_`, which javac refuses from release 9 on
        // (Android's build makes R as bytecode, where the name is fine).
        let r = try Subprocess.run([android.javac, "-nowarn", "--release", "8", "-encoding", "UTF-8", "-d", rClasses, rJava], scratch: scratch)
        guard r.status == 0 else { return .failure(.tool("javac failed on R.java:\n" + r.errorText)) }
        let kotlin = try Subprocess.run([kotlinc, "-java-parameters", "-cp", api + ":" + rClasses, "-d", kotlinClasses] + accessors,
                                        scratch: scratch)
        // Any line but the JVM's own notice is a complaint: the accessors compile without warnings.
        let complaints = AndroidTools.lines(kotlin.errorText).filter { !$0.contains("-Xverify:none") }
        guard kotlin.status == 0, complaints.isEmpty else {
            return .failure(.tool("kotlinc \(kotlin.status == 0 ? "warned about" : "failed on") the generated accessors:\n"
                                  + complaints.prefix(20).joined(separator: "\n")))
        }
        return .success(rClasses + ":" + kotlinClasses + ":" + stdlib)
    }

    /// Runs every request through one JVM; one reply per line, in order.
    func run(_ requests: [String], tables: String, classPath: String, android: AndroidTools, harness: String, api: String,
             scratch: String) throws(DifferentialError) -> [JSONLine] {
        guard !requests.isEmpty else { return [] }
        let input = requests.joined(separator: "\n") + "\n"
        let path = [harness, api, classPath, android.icu4j].joined(separator: ":")
        let result = try Subprocess.run([android.java, "-Xshare:auto", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", path,
                                         "KotlinRunner", tables, Self.namespace + ".R"],
                                        input: Array(input.utf8), scratch: scratch)
        guard result.status == 0 else { throw .tool("the Kotlin runner failed (exit \(result.status)):\n" + result.errorText) }
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: true).map { JSONLine(String($0)) }
        guard lines.count == requests.count else {
            throw .tool("the Kotlin runner answered \(lines.count) of \(requests.count) requests:\n" + result.errorText)
        }
        return lines
    }

    /// One locale's strings as `Resources` returns them, resolved from the linked table as
    /// Android resolves a configuration (``AndroidCall/resolve(_:tag:)``), one JSON line each.
    static func resolvedTable(_ table: ResourceTable, tag: String) -> String {
        var byName: [String: [ResourceTable.Entry]] = [:]
        for entry in table.entries where entry.type == "string" || entry.type == "plurals" {
            byName[entry.type + "/" + entry.name, default: []].append(entry)
        }
        var lines: [String] = []
        for key in byName.keys.sorted() {
            guard let entry = AndroidCall.resolve(byName[key]!, tag: tag) else { continue }
            let field = JSONText.string(KotlinAccessorNames.rField(entry.name))
            switch entry.value {
            case .string(let text):
                lines.append("{\"type\": \"string\", \"name\": \(field), \"text\": " + JSONText.string(text) + "}")
            case .plurals(let items):
                let members = items.keys.sorted().map { JSONText.string($0) + ": " + JSONText.string(items[$0]!) }
                lines.append("{\"type\": \"plurals\", \"name\": \(field), \"items\": {" + members.joined(separator: ", ") + "}}")
            default:
                continue
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The request for one case: the accessor by name, each argument by its parameter's name.
    static func request(_ item: DifferentialCase, function: String, type: String, labels: [String: String]) -> String {
        var arguments: [String] = []
        for name in item.arguments.keys.sorted() {
            guard let label = labels[name] else { continue }
            let value: String
            switch item.arguments[name]! {
            case .int(let n): value = "{\"int\": \(n)}"
            case .double(let d): value = "{\"double\": \(JSONText.number(d))}"
            case .string(let s): value = "{\"str\": " + JSONText.string(s) + "}"
            case .date(let ms): value = "{\"date\": \(Int64(ms))}"
            }
            arguments.append(JSONText.string(label) + ": " + value)
        }
        return "{\"id\": \(item.id), \"locale\": " + JSONText.string(item.locale) + ", \"class\": "
            + JSONText.string(namespace + ".speakable." + type) + ", \"function\": " + JSONText.string(function)
            + ", \"args\": {" + arguments.joined(separator: ", ") + "}}"
    }
}
