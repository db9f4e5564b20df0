// Fuzz targets, one binary for all of them: `SPEAKABLE_FUZZ_TARGET` picks the target.
//
// Built by tools/fuzz/run.sh with libFuzzer and AddressSanitizer
// (`swift build --sanitize=fuzzer --sanitize=address -Xswiftc -DSPEAKABLE_FUZZING`). Built
// normally (as `swift build` does), the same code is a replayer: `SpeakableFuzz TARGET FILE…`
// runs each file through the target once — how a crash found by the fuzzer is reproduced.
//
// Targets, and what each checks besides "no crash, no sanitizer report":
//   mf1       MF1 parser, compiler and formatter (en, ko, ar, ru, pl) with every argument given
//             as an integer, a double, a string and a date; output within the formatter's limit.
//   json      JSON reader; what it accepts is written again (compact and pretty) and read back
//             to the same value.
//   compile   project loader and compiler: the input is Templates/t.json (and after a NUL byte,
//             Locales/ko/t.json); every output is read back by Speakable's own readers without a
//             problem, XLIFF sources equal the template messages, the Swift and Kotlin files
//             (Android and Compose accessors: the compile is given both namespaces) hold no raw
//             control, line-break or invisible character, and the Compose resources are XML.
//   mf2       MessageFormat 2: parser (every error range inside the message), formatter in en,
//             ko, ar, ru, pl with each variable given an integer, a double, a string and a date,
//             both bidi strategies (output within the limit, error ranges inside the message);
//             what parses prints to MF2 that parses again, converts to MF1 that parses (or says
//             it does not), and maps every MF1 offset into the MF2 text; MF1 input converts to
//             MF2 that parses.
//   scenario  scenario reader (every item type, the own-screen items with message references),
//             its check against the built-in catalog, and the report in English and Korean.
//   xcstrings, android, xliff
//             importers: the input is one catalog; what the import writes must be JSON that reads
//             back cleanly, must load as a project without syntax errors, and must compile (with
//             the compile target's checks on its outputs).
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SpeakableCatalog
import SpeakableDescribers
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableCompiler
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats
import SpeakableXML

enum Target: String, CaseIterable {
    case mf1, mf2, json, compile, xcstrings, android, xliff, scenario
}

func say(_ text: String) {
    var text = text
    text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
}

/// A failed check: a finding, reported as a crash so libFuzzer keeps the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        say("speakable-fuzz: check failed: \(message())\n")
        abort()
    }
}

/// A private scratch folder in memory (/dev/shm when there is one), one per process.
let scratch: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
    let path = base + "/speakable-fuzz-\(getpid())"
    try? FileManager.default.removeItem(atPath: path)
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

func reset(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
}

func write(_ bytes: some Collection<UInt8>, _ path: String) {
    let url = URL(fileURLWithPath: path)
    try! FileManager.default.createDirectory(atPath: url.deletingLastPathComponent().path, withIntermediateDirectories: true)
    try! Data(bytes).write(to: url)
}

let locales: [ICULocale] = ["en", "ko", "ar", "ru", "pl"].map { try! ICULocale($0) }

// MARK: mf1

func fuzzMF1(_ data: [UInt8]) {
    guard let first = data.first else { return }
    let source = String(decoding: data.dropFirst(), as: UTF8.self)
    guard let pattern = try? MessagePattern(source) else { return }
    let locale = locales[Int(first) % locales.count]
    guard let message = try? CompiledMessage(pattern, locale: locale, timeZone: .utc) else { return }
    let values: [MessageArgument] = [.int(3), .int(-1), .double(1.5), .string("x"), .string("other"), .date(1_760_000_000_000)]
    for (index, value) in values.enumerated() {
        var arguments: [String: MessageArgument] = [:]
        for name in message.argumentNames { arguments[name] = values[(index + name.utf8.count) % values.count] }
        arguments[message.argumentNames.first ?? ""] = value
        if let output = try? message.format(arguments) {
            check(output.utf8.count <= CompiledMessage.maximumOutputLength + 4096, "output of \(output.utf8.count) bytes")
        }
    }
}

// MARK: mf2

func fuzzMF2(_ data: [UInt8]) {
    guard let first = data.first else { return }
    let source = String(decoding: data.dropFirst(), as: UTF8.self)
    let length = source.utf16.count
    // MF1 input: its MF2 conversion is MF2.
    if let pattern = try? MessagePattern(source) {
        let (converted, notes) = MF2Message.converting(pattern)
        check(notes.allSatisfy { $0.range.upperBound <= length && $0.range.lowerBound >= 0 }, "an MF1 → MF2 note outside the message")
        do { _ = try MF2Message(converted.serialized()) } catch {
            check(false, "MF1 → MF2 gave MF2 that does not parse: \(error.first)")
        }
    }
    let message: MF2Message
    do {
        message = try MF2Message(source)
    } catch {
        check(error.errors.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= length }, "an error range outside the message")
        return
    }
    let locale = ["en", "ko", "ar", "ru", "pl"][Int(first) % 5]
    let values: [MessageArgument] = [.int(3), .int(-1), .double(1.5), .string("x"), .string("one"), .date(1_760_000_000_000)]
    for (index, value) in values.enumerated() {
        var arguments: [String: MessageArgument] = [:]
        for name in message.variableNames { arguments[name] = values[(index + name.utf8.count) % values.count] }
        if let name = message.variableNames.first { arguments[name] = value }
        for bidi in MF2BidiStrategy.allCases {
            let formatted = message.format(locale: locale, arguments: arguments, bidi: bidi)
            check(formatted.output.utf8.count <= MF2Message.maximumOutputLength + 65_536, "output of \(formatted.output.utf8.count) bytes")
            check(formatted.errors.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= length }, "a formatting error outside the message")
        }
    }
    do { _ = try MF2Message(message.serialized()) } catch {
        check(false, "printed MF2 does not parse: \(error.first)")
    }
    let (mf1, notes) = message.convertedToMF1()
    check(notes.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= length }, "an MF2 → MF1 note outside the message")
    if let pattern = try? MessagePattern(mf1) {
        let map = MF2SourceMap(pattern, message)
        for offset in stride(from: 0, through: mf1.utf16.count, by: max(1, mf1.utf16.count / 64)) {
            let mapped = map.mf2Offset(ofMF1: offset)
            check(mapped >= 0 && mapped <= length, "MF1 offset \(offset) maps to \(mapped), outside the message")
        }
    } else {
        check(notes.contains { $0.id == "invalid-output" }, "MF2 → MF1 wrote MF1 that does not parse, without saying so")
    }
}

// MARK: json

func fuzzJSON(_ data: [UInt8]) {
    let read = JSONReader.read(data)
    guard let root = read.root, read.diagnostics.isEmpty else { return }
    let value = root.value
    for text in [value.serialized(), value.prettyPrinted()] {
        let again = JSONReader.read(Array(text.utf8))
        check(again.diagnostics.isEmpty, "written JSON does not read back: \(again.diagnostics.first!.rendered)")
        check(again.root?.value == value, "written JSON reads back as another value")
    }
    _ = try? ArgumentJSON.arguments(root)
}

// MARK: compile

/// Compiles the project at `root` into every output and checks each output.
func compileAndCheck(_ root: String) {
    let project = ProjectLoader.load(directory: root)
    guard !project.hasErrors else { return }
    var options = CompileOptions()
    options.outputs.insert(.compose)
    options.androidNamespace = "com.example.fuzz"
    options.composeNamespace = "com.example.fuzz"
    options.composeResourcesPackage = "fuzz.composeapp.generated.resources"
    let result = CatalogCompiler.compile(project, options: options)
    guard !result.hasErrors else { return }
    for file in result.files {
        let bytes = Array(file.contents.utf8)
        if file.path.hasPrefix("compose/"), file.path.hasSuffix(".xml") {
            let read = XMLReader.read(bytes, file: file.path)
            check(read.diagnostics.allSatisfy { $0.severity != .error }, "\(file.path) is not XML: \(read.diagnostics.first!.rendered)")
        } else if file.path.hasSuffix(".xml") {
            let read = AndroidResourceReader.read(bytes, file: file.path)
            check(read.diagnostics.allSatisfy { $0.severity == .warning && $0.id == "android-unescaped-apostrophe" } || read.diagnostics.isEmpty,
                  "\(file.path) does not read back: \(read.diagnostics.first!.rendered)")
        } else if file.path.hasSuffix(".xliff") {
            let read = XLIFFReader.read(bytes, file: file.path)
            check(read.diagnostics.isEmpty, "\(file.path) does not read back: \(read.diagnostics.first?.rendered ?? "")")
            for xliffFile in read.document?.files ?? [] {
                guard let table = project[table: xliffFile.id] else { continue }
                for unit in xliffFile.units {
                    guard let template = table[unit.id] else { continue }
                    check(unit.source?.text.unicodeScalars.elementsEqual(template.source.text.unicodeScalars) == true,
                          "\(file.path): the source of \(unit.id) is not the template's message")
                }
            }
        } else if file.path.hasSuffix(".xcstrings") {
            let read = XCStringsReader.read(bytes, file: file.path)
            check(!read.hasErrors, "\(file.path) does not read back: \(read.diagnostics.first?.rendered ?? "")")
        } else if file.path.hasSuffix(".swift") || file.path.hasSuffix(".kt") {
            for scalar in file.contents.unicodeScalars where scalar != "\n" && scalar != "\t" {
                check(!VisibleText.isHidden(scalar) || (0xFDD0...0xFDEF).contains(scalar.value),
                      "\(file.path) holds U+\(String(scalar.value, radix: 16, uppercase: true)) raw")
            }
        }
    }
}

func fuzzCompile(_ data: [UInt8]) {
    let root = scratch + "/compile"
    reset(root)
    let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    write(parts[0], root + "/Templates/t.json")
    if parts.count > 1 { write(parts[1], root + "/Locales/ko/t.json") }
    compileAndCheck(root)
}

// MARK: scenario

let scenarioDescribers: [Describer] = ["en", "ko"].map { try! Describer(locale: $0) }

func fuzzScenario(_ data: [UInt8]) {
    let read = Scenario.read(data, file: "fuzz.json")
    guard let scenario = read.scenario else {
        check(!read.diagnostics.isEmpty, "a scenario that does not read says why")
        return
    }
    let problems = scenario.check(against: .builtIn, file: "fuzz.json")
    check(problems.allSatisfy { $0.file == "fuzz.json" && !$0.message.isEmpty }, "a scenario problem without its place")
    guard !problems.contains(where: { $0.severity == .error }) else { return }
    for describer in scenarioDescribers {
        let report = ScenarioReport(scenario: scenario, describer: describer)
        _ = report.text(for: .voiceOver)
        _ = report.json(for: .talkBack).serialized()
    }
}

// MARK: importers

func fuzzImport(_ data: [UInt8], name: String) {
    let root = scratch + "/import"
    reset(root)
    write(data, root + "/" + name)
    let project = ProjectLoader.load(directory: root)
    let result = CatalogImporter.importFiles([root + "/" + name], project: project, options: ImportOptions())
    guard !result.hasErrors else { return }
    for file in result.files {
        let read = JSONReader.read(Array(file.contents.utf8))
        check(read.diagnostics.isEmpty, "import wrote \(file.path) that does not read back: \(read.diagnostics.first!.rendered)")
        write(Array(file.contents.utf8), root + "/" + file.path)
    }
    let imported = ProjectLoader.load(directory: root)
    check(!imported.diagnostics.contains { $0.id == "syntax-error" },
          "import wrote a message that is not ICU MessageFormat: \(imported.diagnostics.first { $0.id == "syntax-error" }!.rendered)")
    compileAndCheck(root)
}

func run(_ target: Target, _ data: [UInt8]) {
    switch target {
    case .mf1: fuzzMF1(data)
    case .mf2: fuzzMF2(data)
    case .json: fuzzJSON(data)
    case .compile: fuzzCompile(data)
    case .xcstrings: fuzzImport(data, name: "Localizable.xcstrings")
    case .android: fuzzImport(data, name: "res/values-ko/strings.xml")
    case .xliff: fuzzImport(data, name: "ko.xliff")
    case .scenario: fuzzScenario(data)
    }
}

#if SPEAKABLE_FUZZING
let target: Target = {
    guard let name = getenv("SPEAKABLE_FUZZ_TARGET").map({ String(cString: $0) }), let target = Target(rawValue: name) else {
        say("set SPEAKABLE_FUZZ_TARGET to one of \(Target.allCases.map(\.rawValue).joined(separator: ", "))\n")
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    run(target, size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = Target(rawValue: name) else {
            print("usage: SpeakableFuzz \(Target.allCases.map(\.rawValue).joined(separator: "|")) FILE…")
            exit(64)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            run(target, Array(data))
            print("\(path): ok")
        }
    }
}
#endif
