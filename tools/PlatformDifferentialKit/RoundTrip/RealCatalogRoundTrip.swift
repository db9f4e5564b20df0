#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SpeakableICU
import SpeakableJSON

/// How a round trip goes.
public struct RoundTripOptions: Sendable {
    /// Keep the scratch projects, compiled outputs, linked APKs and the runner's requests here
    /// instead of a temporary directory.
    public var keep: String?
    /// The `speakable` binary; default: next to the running executable, else on `PATH`.
    public var speakable: String?
    /// Progress lines on standard error.
    public var progress = false
    public var modes: [CompileMode] = CompileMode.allCases
    /// The language of an Android `values/` folder.
    public var sourceLocale = "en"

    public init() {}
}

/// The before/after comparison over real apps' catalogs: each catalog is imported into a new
/// project exactly as a user would (`speakable init P --locales …`, `speakable import --config
/// P/speakable.json FILES`), checked (`speakable check P`), and compiled in each mode
/// (`speakable compile --project P`, and with `--convert-all`). Then:
///
/// * Android: the original `res/` and each compiled `android/res/` are compiled and linked by
///   `aapt2` against `framework-res.apk` (a compiled one must link without a warning), and every
///   (type, name, locale) of the original is rendered from both linked tables as Android does at
///   run time — the configuration Android picks for the locale (`values/` when the locale's
///   folder lacks the resource), `getString(id)` for a source without specifiers,
///   `String.format(locale, text, args…)` with arguments of the kinds the source's specifiers
///   ask for, `<plurals>` items chosen by ICU4J 72 at 0, 1, 2, 3, 5, 11, 21 and 101 — in one JVM
///   (`Runners/AndroidRunner.java`), and compared.
/// * String Catalogs: the default compile must give the original bytes; `--convert-all` the
///   same keys, localizations, variation paths, substitutions and texts (``StringCatalogShape``).
/// * Xcode XLIFF: every unit's source and target text is in the compiled String Catalog at its
///   key, locale and variation path.
///
/// ```swift
/// let input = try RoundTripInput.res("../shared/testdata/catalogs/real/antennapod/res")
/// let report = try RealCatalogRoundTrip.run([input], options: RoundTripOptions())
/// report.catalogs[0].mode(.convertAll)?.android   // cases, identical, mismatched, crashes
/// ```
public enum RealCatalogRoundTrip {
    /// The quantities every `<plurals>` is rendered at.
    public static let quantities: [Int64] = [0, 1, 2, 3, 5, 11, 21, 101]

    public static func run(_ inputs: [RoundTripInput], options: RoundTripOptions) throws(DifferentialError) -> RoundTripReport {
        let scratch: String
        if let keep = options.keep {
            scratch = Files.absolute(keep)
            try Files.makeDirectory(scratch)
        } else {
            // One folder per run: runs in one process (parallel tests) do not share it.
            scratch = try Files.temporaryDirectory("roundtrip-\(nextRun())")
        }
        defer { if options.keep == nil { Files.remove(scratch) } }
        guard let speakable = options.speakable ?? PlatformDifferential.defaultSpeakable() else {
            throw .tool("the speakable binary was not found next to this program or on PATH (build it: swift build --product speakable)")
        }
        let needsAndroid = inputs.contains { $0.files.contains { RoundTripInput.format(of: $0) == .android } }
        let android: AndroidTools? = needsAndroid ? try AndroidTools.find().get() : nil
        let renderer = Renderer()
        var states: [RoundTripState] = []
        var usedNames = Set<String>()
        for input in inputs {
            var folder = PlatformDifferential.safeName(input.name)
            while usedNames.contains(folder) { folder += "_" }
            usedNames.insert(folder)
            progress(options, "\(input.name): import, check, compile")
            let state = RoundTripState(input: input, scratch: scratch + "/" + folder, speakable: speakable, options: options)
            try state.prepare(android: android, renderer: renderer)
            states.append(state)
        }
        if let android, !renderer.lines.isEmpty {
            progress(options, "android: rendering \(renderer.lines.count) distinct requests in one JVM")
            try Files.write(renderer.lines.joined(separator: "\n") + "\n", to: scratch + "/android-requests.jsonl")
            renderer.replies = try android.run(renderer.lines, scratch: scratch)
        }
        var report = RoundTripReport()
        for state in states {
            state.compare(renderer)
            report.catalogs.append(state.report)
        }
        return report
    }

    nonisolated(unsafe) private static var runs = 0
    private static let lock = SpinLock()
    private static func nextRun() -> Int {
        lock.withLock {
            runs += 1
            return runs
        }
    }

    static func progress(_ options: RoundTripOptions, _ line: String) {
        guard options.progress else { return }
        let text = Array("round trip: \(line)\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// Every distinct request for the Android runner, once: a request that says the same (locale,
/// text or items, quantity, arguments) gets the same reply, so each is formatted once.
final class Renderer {
    var lines: [String] = []
    var index: [String: Int] = [:]
    var replies: [JSONLine] = []

    func add(_ body: String) -> Int {
        if let known = index[body] { return known }
        let id = lines.count
        lines.append("{\"id\": \(id), " + body + "}")
        index[body] = id
        return id
    }
}

/// What one side of a case shows.
enum Outcome: Hashable {
    case text(String)
    /// The exception `String.format` or `Resources` throws.
    case crash(String)
    /// No resource for the locale, not even in `values/`.
    case missing(String)

    var display: String {
        switch self {
        case .text(let s): s
        case .crash(let s): "crash: " + s
        case .missing(let s): "missing: " + s
        }
    }

    var isCrash: Bool { if case .crash = self { true } else { false } }
}

/// One side of a case: what is rendered, and where it comes from.
struct Side {
    enum Rendering {
        case request(Int)
        case direct(Outcome)
    }

    var rendering: Rendering
    /// The configuration (`values-ru`) and raw value.
    var source: String
    /// For `<plurals>`: the items, to name the one chosen.
    var items: [String: String]?
    /// Whether the text is `values/`'s (the locale's folder lacks the resource).
    var fromDefault = false
    /// The markup `getText` shows with a string read without arguments (`android:text` in a
    /// layout): compared with the text.
    var markup: String?
}

/// One (type, name, locale[, quantity]) of the original.
struct AndroidCase {
    var resource: String
    var locale: String
    var call: String
    /// Index 0: the original; then one per compiled mode.
    var sides: [Side?]
}

/// One catalog on its way through the round trip.
final class RoundTripState {
    let input: RoundTripInput
    let scratch: String
    let speakable: String
    let options: RoundTripOptions
    var report: CatalogRoundTripReport
    var cases: [AndroidCase] = []
    var compiledModes: [CompileMode] = []

    init(input: RoundTripInput, scratch: String, speakable: String, options: RoundTripOptions) {
        self.input = input
        self.scratch = scratch
        self.speakable = speakable
        self.options = options
        self.report = CatalogRoundTripReport(name: input.name, files: input.files)
    }

    var project: String { scratch + "/P" }
    func out(_ mode: CompileMode) -> String { scratch + "/out-" + mode.rawValue }

    /// `command` as the report shows it: paths inside the scratch folder relative to it.
    func shown(_ arguments: [String]) -> String {
        (["speakable"] + arguments.map { $0.replacing(scratch + "/", with: "") }).joined(separator: " ")
    }

    func runSpeakable(_ arguments: [String]) throws(DifferentialError) -> Subprocess.Result {
        let result = try Subprocess.run([speakable] + arguments, directory: scratch, scratch: scratch)
        report.steps.append(shown(arguments) + "  → exit \(result.status)")
        return result
    }

    // MARK: Import, check, compile

    func prepare(android: AndroidTools?, renderer: Renderer) throws(DifferentialError) {
        Files.remove(scratch)
        try Files.makeDirectory(scratch)
        for folder in input.skipped {
            report.notes.append("res/\(folder)/ is not a locale's folder (other qualifiers): not imported, not compared")
        }
        // Android files go into their values folder of one res/ (the original as linked).
        var files: [String] = []
        var androidFiles: [(folder: String, path: String)] = []
        var xcstrings: [String] = []
        var xliffs: [String] = []
        for file in input.files {
            let absolute = Files.absolute(file)
            guard Files.exists(absolute) else { throw .input("no such catalog: \(file)") }
            switch RoundTripInput.format(of: absolute) {
            case .android?:
                let folder = AndroidFolder.folder(of: absolute)
                let parentIsFolder = absolute.deletingLastPathComponent.lastPathComponent == folder
                var target = scratch + "/original/res/" + folder + "/" + (parentIsFolder ? absolute.lastPathComponent : "strings.xml")
                while Files.exists(target) { target = String(target.dropLast(".xml".count)) + "_.xml" }
                try Files.write(try Files.read(absolute), to: target)
                files.append(target)
                androidFiles.append((folder, target))
            case .xcstrings?:
                files.append(absolute)
                xcstrings.append(absolute)
            case .xliff?:
                files.append(absolute)
                xliffs.append(absolute)
            case nil:
                throw .input("not a catalog Speakable imports (.xml in a values folder, .xcstrings, .xliff): \(file)")
            }
        }

        // The locales, as the catalogs say them.
        var source = ""
        var locales = Set<String>()
        if !androidFiles.isEmpty {
            source = options.sourceLocale
            for (folder, _) in androidFiles {
                if let tag = AndroidFolder.locale(of: folder), !tag.isEmpty { locales.insert(tag) }
            }
        }
        var catalogShapes: [String: StringCatalogShape] = [:]
        for path in xcstrings {
            guard let shape = StringCatalogShape(try Files.read(path)) else {
                report.problems.append("\(path.lastPathComponent) is not a String Catalog that can be read")
                continue
            }
            catalogShapes[path] = shape
            if source.isEmpty { source = shape.sourceLanguage }
            for locales2 in shape.strings.values { locales.formUnion(locales2.keys) }
        }
        var xliffUnits: [String: XcodeXLIFFUnits] = [:]
        for path in xliffs {
            guard let units = XcodeXLIFFUnits(try Files.read(path)) else {
                report.problems.append("\(path.lastPathComponent) is not an XLIFF file that can be read")
                continue
            }
            xliffUnits[path] = units
            if source.isEmpty, let first = units.sourceLanguages.sorted().first { source = first }
            locales.formUnion(units.targetLanguages)
        }
        if source.isEmpty { source = options.sourceLocale }
        locales.remove(source)
        report.sourceLocale = source
        report.locales = locales.sorted()

        // As a user would: init, import, check, compile.
        var initArguments = ["init", project, "--empty"]
        // init takes the languages ICU has data for (it refuses others on the command line, as a
        // typo); an app's other folders (Thunderbird's Brahui, Mon) come in with the import.
        let known = report.locales.filter { (try? ICULocale($0))?.hasLanguageData ?? false }
        if !known.isEmpty { initArguments += ["--locales", known.joined(separator: ",")] }
        if source != "en" { initArguments += ["--source", source] }
        let made = try runSpeakable(initArguments)
        guard made.status == 0 else {
            report.problems.append("speakable init failed (exit \(made.status)): " + AndroidTools.lines(made.errorText + made.outputText).prefix(5).joined(separator: " | "))
            return
        }
        let imported = try runSpeakable(["import", "--config", project + "/speakable.json"] + files)
        report.importOutput = AndroidTools.lines(imported.errorText)
        guard imported.status == 0 else {
            report.problems.append("speakable import failed (exit \(imported.status)): "
                                   + report.importOutput.filter { $0.contains("error") }.prefix(5).joined(separator: " | "))
            return
        }
        let check = try runSpeakable(["check", project, "--format", "json"])
        report.checkStatus = check.status
        if let findings = JSONReader.read(check.outputText).root?["findings"]?.array {
            for finding in findings {
                report.checkFindings[(finding["severity"]?.string ?? "?") + " " + (finding["rule"]?.string ?? "?"), default: 0] += 1
            }
        } else {
            report.problems.append("speakable check gave no JSON report (exit \(check.status)): " + AndroidTools.lines(check.errorText).prefix(3).joined(separator: " | "))
        }
        for mode in options.modes {
            var modeReport = ModeReport(mode: mode)
            let compiled = try runSpeakable(["compile", "--project", project, "--out", out(mode)] + mode.arguments)
            modeReport.compileStatus = compiled.status
            modeReport.compileOutput = AndroidTools.lines(compiled.errorText)
            if compiled.status != 0 {
                let errors = modeReport.compileOutput.filter { $0.contains("error") }
                report.problems.append("speakable compile\(mode == .kept ? "" : " --convert-all") failed (exit \(compiled.status)): "
                                       + errors.prefix(3).joined(separator: " | ") + (errors.count > 3 ? " | … \(errors.count - 3) more" : ""))
                if check.status == 0 {
                    report.problems.append("speakable check passed (exit 0) but compile\(mode == .kept ? "" : " --convert-all") failed: what compile refuses, check must report")
                }
            } else {
                compiledModes.append(mode)
            }
            report.modes.append(modeReport)
        }

        // String Catalogs and XLIFF.
        for (index, mode) in report.modes.enumerated() where compiledModes.contains(mode.mode) {
            var modeReport = mode
            let compiledCatalogs = Files.list(out(mode.mode) + "/xcstrings").filter { $0.hasSuffix(".xcstrings") && !$0.contains("/") }
            for path in xcstrings {
                let table = String(path.lastPathComponent.dropLast(".xcstrings".count))
                modeReport.comparedCatalogs = true
                let compiledPath = out(mode.mode) + "/xcstrings/" + table + ".xcstrings"
                guard Files.exists(compiledPath) else {
                    modeReport.catalogDifferences.append("\(table): no compiled String Catalog (xcstrings/ has " + compiledCatalogs.joined(separator: ", ") + ")")
                    if mode.mode == .kept { modeReport.byteIdentical[table] = false }
                    continue
                }
                let original = try Files.read(path)
                let bytes = try Files.read(compiledPath)
                if mode.mode == .kept {
                    modeReport.byteIdentical[table] = original == bytes
                    if original != bytes { modeReport.catalogDifferences.append(Self.firstDifference(table, original, bytes)) }
                }
                guard let before = catalogShapes[path] else { continue }
                guard let after = StringCatalogShape(bytes) else {
                    modeReport.catalogDifferences.append("\(table): the compiled String Catalog cannot be read")
                    continue
                }
                modeReport.catalogDifferences += before.differences(to: after).map { "\(table): " + $0 }
            }
            if !xliffs.isEmpty {
                modeReport.comparedCatalogs = true
                var shapes: [String: StringCatalogShape] = [:]
                for file in compiledCatalogs {
                    if let shape = StringCatalogShape(try Files.read(out(mode.mode) + "/xcstrings/" + file)) {
                        shapes[String(file.dropLast(".xcstrings".count))] = shape
                    }
                }
                for path in xliffs {
                    guard let units = xliffUnits[path] else { continue }
                    modeReport.catalogDifferences += units.differences(to: shapes).map { path.lastPathComponent + ": " + $0 }
                }
            }
            report.modes[index] = modeReport
        }

        // Android.
        guard let android, !androidFiles.isEmpty else { return }
        let (original, originalMessages) = try android.link(res: scratch + "/original/res", scratch: try directory("link-original"))
        report.originalLinkMessages = originalMessages
        guard let original else {
            report.problems.append("the original res/ does not link: " + originalMessages.prefix(3).joined(separator: " | "))
            return
        }
        var compiled: [CompileMode: ResourceTable] = [:]
        let xmllint = Subprocess.find("xmllint")
        for (index, mode) in report.modes.enumerated() where compiledModes.contains(mode.mode) {
            let res = out(mode.mode) + "/android/res"
            guard Files.isDirectory(res) else {
                report.problems.append("the \(mode.mode.rawValue) compile wrote no android/res/")
                continue
            }
            if let xmllint {
                for file in Files.list(res) where file.hasSuffix(".xml") {
                    let lint = try Subprocess.run([xmllint, "--noout", res + "/" + file], scratch: scratch)
                    if lint.status != 0 {
                        report.problems.append("xmllint rejects the \(mode.mode.rawValue) compile's \(file): "
                                               + AndroidTools.lines(lint.errorText).prefix(2).joined(separator: " | "))
                    }
                }
            }
            let (table, messages) = try android.link(res: res, scratch: try directory("link-" + mode.mode.rawValue))
            report.modes[index].linkMessages = messages
            guard let table else {
                report.problems.append("the \(mode.mode.rawValue) compile's android/res/ does not link: " + messages.prefix(3).joined(separator: " | "))
                continue
            }
            compiled[mode.mode] = table
        }
        makeCases(original: original, compiled: compiled, renderer: renderer)
    }

    func directory(_ name: String) throws(DifferentialError) -> String {
        let path = scratch + "/" + name
        try Files.makeDirectory(path)
        return path
    }

    /// Where two files first differ, as lines.
    static func firstDifference(_ table: String, _ original: [UInt8], _ compiled: [UInt8]) -> String {
        let a = String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: compiled, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        while line < min(a.count, b.count) && a[line] == b[line] { line += 1 }
        let was = line < a.count ? String(a[line]).debugDescription : "(end of file)"
        let now = line < b.count ? String(b[line]).debugDescription : "(end of file)"
        return "\(table): not byte-identical (\(original.count) → \(compiled.count) bytes); first difference at line \(line + 1): \(was) became \(now)"
    }

    // MARK: Android cases

    static let integers: [Int64] = [1234, 56, 7890, 12, 345, 6789, 23, 4567, 89, 1011]
    static let doubles: [Double] = [1234.5, 2.75, 0.125, 98.6, 3.5, 4321.25, 7.5, 0.5, 66.25, 10.75]
    static let words = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett"]
    /// 2025-08-26 09:30 UTC, for `%t` conversions (a `Long`, as an app passes `System.currentTimeMillis()`).
    static let date: Int64 = 1_756_200_600_000

    /// The arguments an app passes for a source string's specifiers: the kind each specifier
    /// asks for, distinct realistic values by position; for a `<plurals>` the quantity is the
    /// first integer argument (else the first floating-point one).
    static func arguments(_ kinds: [Int: JavaFormatSpecifiers.Kind], quantity: Int64?) -> (json: String, shown: [String]) {
        guard let last = kinds.keys.max(), last >= 1 else { return ("[]", []) }
        let count = min(last, 32)
        let quantityPosition = quantity == nil ? nil
            : (kinds.filter { $0.value == .integer }.keys.min() ?? kinds.filter { $0.value == .floating }.keys.min())
        var json: [String] = []
        var shown: [String] = []
        for position in 1...count {
            let slot = (position - 1) % 10
            switch kinds[position] ?? .any {
            case .integer:
                let n = position == quantityPosition ? quantity! : integers[slot] + Int64((position - 1) / 10 * 10000)
                json.append("{\"int\": \(n)}")
                shown.append(String(n))
            case .floating:
                let x = position == quantityPosition ? Double(quantity!) : doubles[slot] + Double((position - 1) / 10 * 10000)
                json.append("{\"double\": \(JSONText.number(x))}")
                shown.append(JSONText.number(x))
            case .date:
                json.append("{\"int\": \(date)}")
                shown.append("\(date)L")
            case .character:
                let code = 65 + position - 1
                json.append("{\"int\": \(code)}")
                shown.append("'" + String(Character(Unicode.Scalar(UInt8(min(code, 126))))) + "'")
            case .any:
                let word = words[slot] + ((position - 1) / 10 == 0 ? "" : String((position - 1) / 10))
                json.append("{\"str\": " + JSONText.string(word) + "}")
                shown.append(word.debugDescription)
            }
        }
        return ("[" + json.joined(separator: ", ") + "]", shown)
    }

    static func folder(_ locale: ResourceTable.Locale) -> String {
        locale.isDefault ? "values" : "values-" + locale.description
    }

    func makeCases(original: ResourceTable, compiled: [CompileMode: ResourceTable], renderer: Renderer) {
        func index(_ table: ResourceTable) -> [String: [ResourceTable.Entry]] {
            var byName: [String: [ResourceTable.Entry]] = [:]
            for entry in table.entries { byName[entry.type + "/" + entry.name, default: []].append(entry) }
            return byName
        }
        let before = index(original)
        let after = report.modes.map { mode in compiled[mode.mode].map(index) }
        let defaults = original.entries.filter { $0.locale.isDefault && !$0.locale.hasOtherQualifiers }
            .sorted { ($0.type, $0.name) < ($1.type, $1.name) }
        let ownNames = Set(defaults.map { $0.type + "/" + $0.name })
        // What the compile adds to values/.
        for (modeIndex, mode) in report.modes.enumerated() {
            guard let table = compiled[mode.mode] else { continue }
            report.modes[modeIndex].added = Set(table.entries.filter { $0.locale.isDefault && !$0.locale.hasOtherQualifiers }.map { $0.type + "/" + $0.name })
                .subtracting(ownNames).sorted()
        }
        let tags = [report.sourceLocale] + report.locales
        for entry in defaults {
            let resource = entry.type + "/" + entry.name
            var specifiers = JavaFormatSpecifiers("")
            switch entry.value {
            case .string(let text): specifiers = JavaFormatSpecifiers(text)
            case .plurals(let items):
                specifiers = JavaFormatSpecifiers(items.keys.sorted().map { items[$0]! })
            default: break
            }
            let formats = specifiers.readsArguments
            let isPlural = entry.type == "plurals"
            for tag in tags {
                for quantity in isPlural ? RealCatalogRoundTrip.quantities.map(Optional.some) : [nil] {
                    let (args, shown) = formats ? Self.arguments(specifiers.argumentKinds, quantity: quantity) : ("[]", [])
                    let call: String
                    switch entry.type {
                    case "plurals": call = "getQuantityString(R.plurals.\(entry.name), \(quantity!)" + shown.map { ", " + $0 }.joined() + ")"
                    // Without arguments the text with its markup, as a layout's android:text shows it.
                    case "string": call = formats ? "getString(R.string.\(entry.name)" + shown.map { ", " + $0 }.joined() + ")" : "getText(R.string.\(entry.name))"
                    case "array": call = "getStringArray(R.array.\(entry.name))"
                    default: call = "R.\(entry.type).\(entry.name)"
                    }
                    func side(_ table: [String: [ResourceTable.Entry]]) -> Side {
                        guard let found = AndroidCall.resolve(table[resource] ?? [], tag: tag) else {
                            let others = ["string", "plurals", "array"].filter { $0 != entry.type && table[$0 + "/" + entry.name] != nil }
                            return Side(rendering: .direct(.missing("no \(resource) for \(tag)" + others.map { " (there is a \($0)/\(entry.name))" }.joined())),
                                        source: "-")
                        }
                        let where_ = Self.folder(found.locale)
                        let fromDefault = found.locale.isDefault
                        switch found.value {
                        case .string(let text):
                            let body = "\"locale\": " + JSONText.string(tag) + ", \"text\": " + JSONText.string(text) + (formats ? ", \"args\": " + args : "")
                            return Side(rendering: .request(renderer.add(body)), source: where_ + " " + text.debugDescription, fromDefault: fromDefault,
                                        markup: formats ? nil : found.markup)
                        case .plurals(let items):
                            let body = "\"locale\": " + JSONText.string(tag) + ", \"items\": {"
                                + items.keys.sorted().map { JSONText.string($0) + ": " + JSONText.string(items[$0]!) }.joined(separator: ", ")
                                + "}, \"quantity\": \(quantity ?? 1)" + (formats ? ", \"args\": " + args : "")
                            return Side(rendering: .request(renderer.add(body)), source: where_, items: items, fromDefault: fromDefault)
                        case .array(let items):
                            return Side(rendering: .direct(.text("[" + items.map(\.debugDescription).joined(separator: ", ") + "]")), source: where_,
                                        fromDefault: fromDefault)
                        case .other(let type):
                            return Side(rendering: .direct(.text("(a value of type 0x" + String(type, radix: 16) + ")")), source: where_,
                                        fromDefault: fromDefault)
                        }
                    }
                    let sides: [Side?] = [side(before)] + after.map { $0.map(side) }
                    cases.append(AndroidCase(resource: resource, locale: tag + (quantity.map { " n=\($0)" } ?? ""), call: call, sides: sides))
                }
            }
        }
    }

    // MARK: Comparing

    func compare(_ renderer: Renderer) {
        func outcome(_ side: Side) -> (Outcome, String) {
            switch side.rendering {
            case .direct(let outcome): return (outcome, side.source)
            case .request(let id):
                guard id < renderer.replies.count else { return (.crash("no answer from the Android runner"), side.source) }
                let reply = renderer.replies[id]
                var source = side.source
                if let category = reply.string("category"), let items = side.items {
                    let chosen = items[category] != nil ? category : "other"
                    source += " item \(category)" + (chosen == category ? "" : " → other") + " " + (items[chosen] ?? "").debugDescription
                }
                if let text = reply.string("out") { return (.text(text + (side.markup.map { " ⟨markup: \($0)⟩" } ?? "")), source) }
                return (.crash(reply.string("error") ?? reply.text), source)
            }
        }
        // Translations aapt2 dropped from the original ("removing resource …:string/x without
        // required default value": a type other than values/'s): a compile that converts them to
        // values/'s type shows the translation where the original showed values/.
        var dropped = Set<String>()
        for line in report.originalLinkMessages ?? [] {
            guard let start = line.firstRange(of: "removing resource "), let end = line.firstRange(of: " without required default value") else { continue }
            let resource = line[start.upperBound..<end.lowerBound]
            if let slash = resource.lastIndex(of: "/") { dropped.insert(String(resource[resource.index(after: slash)...])) }
        }
        var originalCrashes = 0
        var countedOriginal = false
        for (modeIndex, mode) in report.modes.enumerated() {
            guard cases.first?.sides.indices.contains(modeIndex + 1) ?? false,
                  cases.contains(where: { $0.sides[modeIndex + 1] != nil }) else { continue }
            var tally = RoundTripTally()
            for item in cases {
                guard let beforeSide = item.sides[0], let afterSide = item.sides[modeIndex + 1] else { continue }
                let (before, beforeSource) = outcome(beforeSide)
                let (after, afterSource) = outcome(afterSide)
                if !countedOriginal && before.isCrash { originalCrashes += 1 }
                tally.cases += 1
                if before == after {
                    tally.identical += 1
                    continue
                }
                let kind: RoundTripMismatch.Kind
                let name = String(item.resource.split(separator: "/", maxSplits: 1).last ?? "")
                switch after {
                case .crash where !before.isCrash: kind = .crash
                case .missing: kind = .missing
                case .text where beforeSide.fromDefault && !afterSide.fromDefault && dropped.contains(name): kind = .recovered
                default: kind = .text
                }
                switch kind {
                case .crash: tally.crashes += 1
                case .recovered: tally.recovered += 1
                case .missing, .text: tally.mismatched += 1
                }
                report.modes[modeIndex].mismatches.append(RoundTripMismatch(
                    catalog: report.name, mode: mode.mode, kind: kind, resource: item.resource, locale: item.locale, call: item.call,
                    before: before.display, after: after.display, beforeSource: beforeSource, afterSource: afterSource))
            }
            report.modes[modeIndex].android = tally
            countedOriginal = true
        }
        report.originalCrashes = originalCrashes
        if originalCrashes > 0 {
            report.notes.append("\(originalCrashes) cases throw in the original app too (compared as they are)")
        }
    }
}
