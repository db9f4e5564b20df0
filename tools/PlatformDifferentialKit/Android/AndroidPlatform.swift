#if canImport(Glibc)
import Glibc
#endif
import SpeakableCatalog
import SpeakableCompiler
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// Android's real parts: `aapt2` against the platform's `framework-res.apk`, and a JVM running
/// `AndroidRunner.java` over ICU4J 72.
struct AndroidTools: Sendable {
    var aapt2: String
    var frameworkRes: String
    var java: String
    var javac: String
    var icu4j: String

    static let frameworkResPath = "/usr/share/android-framework-res/framework-res.apk"
    static let icu4jPath = "/usr/share/java/icu4j.jar"

    /// The tools, or what is missing.
    static func find() -> Result<AndroidTools, DifferentialError> {
        var missing: [String] = []
        let aapt2 = Subprocess.find("aapt2")
        let java = Subprocess.find("java")
        let javac = Subprocess.find("javac")
        if aapt2 == nil { missing.append("aapt2 (Debian package aapt)") }
        if !Files.exists(frameworkResPath) { missing.append("\(frameworkResPath) (android-framework-res)") }
        if java == nil || javac == nil { missing.append("java and javac (openjdk-17-jdk-headless)") }
        if !Files.exists(icu4jPath) { missing.append("\(icu4jPath) (libicu4j-java)") }
        guard missing.isEmpty else { return .failure(.tool("missing " + missing.joined(separator: ", "))) }
        return .success(AndroidTools(aapt2: aapt2!, frameworkRes: frameworkResPath, java: java!, javac: javac!, icu4j: icu4jPath))
    }

    /// `aapt2 compile` then `aapt2 link` of one `res/` folder: the linked strings, and every
    /// line either tool printed (a warning is a failure: Android Studio's build prints the same).
    /// `javaOutput`: where `aapt2 link --java` writes the app's `R.java` (package `com.example.speakable`).
    func link(res: String, scratch: String, javaOutput: String? = nil) throws(DifferentialError) -> (table: ResourceTable?, messages: [String]) {
        let compiled = scratch + "/res.zip"
        let manifest = scratch + "/AndroidManifest.xml"
        let apk = scratch + "/linked.apk"
        try Files.write(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.speakable"/>"# + "\n",
                        to: manifest)
        var messages: [String] = []
        let compile = try Subprocess.run([aapt2, "compile", "--dir", res, "-o", compiled], scratch: scratch)
        messages += Self.lines(compile.errorText + compile.outputText).map { "aapt2 compile: " + $0 }
        guard compile.status == 0 else {
            messages.append("aapt2 compile failed (exit \(compile.status))")
            return (nil, messages)
        }
        var linkArguments = [aapt2, "link", "-I", frameworkRes, "--manifest", manifest, "-o", apk]
        if let javaOutput { linkArguments += ["--java", javaOutput] }
        let link = try Subprocess.run(linkArguments + [compiled], scratch: scratch)
        messages += Self.lines(link.errorText + link.outputText).map { "aapt2 link: " + $0 }
        guard link.status == 0 else {
            messages.append("aapt2 link failed (exit \(link.status))")
            return (nil, messages)
        }
        do {
            let arsc = try ZipEntry.stored("resources.arsc", in: try Files.read(apk))
            return (try ResourceTable(arsc), messages)
        } catch let error as DifferentialError {
            throw error
        } catch {
            throw .tool("cannot read the linked resource table: \(error)")
        }
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0) }.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Compiles the runner once per source (cached under the system's temporary directory).
    func runnerClassPath(scratch: String) throws(DifferentialError) -> String {
        let source = try Files.readText(RunnerSources.androidRunner)
        let directory = RunnerSources.cacheDirectory + "/android-\(RunnerSources.hash(source))"
        if Files.exists(directory + "/AndroidRunner.class") { return icu4j + ":" + directory }
        let staging = directory + ".staging-\(getpid())-\(scratch.lastPathComponent)"
        Files.remove(staging)
        try Files.makeDirectory(staging)
        try Files.write(source, to: staging + "/AndroidRunner.java")
        let result = try Subprocess.run([javac, "-nowarn", "-encoding", "UTF-8", "-cp", icu4j, "-d", staging, staging + "/AndroidRunner.java"],
                                        scratch: scratch)
        guard result.status == 0 else { throw .tool("javac failed on AndroidRunner.java:\n" + result.errorText) }
        return icu4j + ":" + Files.publish(staging, as: directory)
    }

    /// Runs every request line through one JVM; one reply per line, in order.
    func run(_ requests: [String], scratch: String) throws(DifferentialError) -> [JSONLine] {
        guard !requests.isEmpty else { return [] }
        let classPath = try runnerClassPath(scratch: scratch)
        let input = requests.joined(separator: "\n") + "\n"
        let result = try Subprocess.run([java, "-Xshare:auto", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classPath, "AndroidRunner"],
                                        input: Array(input.utf8), scratch: scratch)
        guard result.status == 0 else { throw .tool("the Android runner failed (exit \(result.status)):\n" + result.errorText) }
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: true).map { JSONLine(String($0)) }
        guard lines.count == requests.count else {
            throw .tool("the Android runner answered \(lines.count) of \(requests.count) requests:\n" + result.errorText)
        }
        return lines
    }
}

/// How an Android app asks for a message, by the contract `speakable compile` documents (its
/// warnings name the resources and when to use them):
/// * the resource is named after the key (`<key>__<argument>_<case>` for a select case; the
///   imported name when the project was imported);
/// * arguments in the order of `%1$`, `%2$`…: the imported order, then every argument some
///   locale prints, by first appearance in the template and then in the translations (by tag);
/// * a `<plurals>` gets the plural's number as the quantity (`getQuantityString`);
/// * `<string name="<name>__<argument>_eq<N>">` (a companion) replaces the message when the
///   argument is N;
/// * plurals on several arguments: each `<plurals name="<name>__<argument>">` is formatted with
///   `getQuantityString` (or its companion when the argument has that value), and the composing
///   `<string name="<name>">` gets their texts after the other arguments.
struct AndroidCall: Sendable {
    var name: String
    /// The arguments passed by value, by position.
    var arguments: [String]
    /// By position: the number's ICU style when the app passes it as text (`%1$s`, formatted
    /// with `MessageFormat`), else nil.
    var textStyles: [NumberText?] = []
    /// Arguments a `<plurals>` may vary by (plurals in any locale, numbers with a unit
    /// skeleton), in order of first appearance.
    var pluralArguments: [String]

    static func make(message: TemplateMessage, pattern: MessagePattern, sourceLocale: String,
                     translations: [(tag: String, pattern: MessagePattern)], metadata: MessageMetadata?,
                     arguments: [String: MessageArgument]) -> AndroidCall {
        let choices = SelectExpansion.arguments(of: pattern.body).map { select -> SelectExpansion.Choice in
            let value: String
            if case .string(let s)? = arguments[select.name], select.cases.contains(s) { value = s } else { value = "other" }
            return SelectExpansion.Choice(argument: select.name, value: value)
        }
        let tagged = [(sourceLocale, pattern)] + translations
        let bodies = tagged.map { choices.isEmpty ? $0.1.body : SelectExpansion.prune($0.1.body, choosing: choices) }
        // Numbers the app passes as text, decided as the compile decides them.
        let recorded = Set((metadata?.appleSpecifiers ?? [:]).keys).union((metadata?.androidSpecifiers ?? [:]).keys)
        let located = zip(tagged, bodies).compactMap { item, body in (try? ICULocale(item.0)).map { (body, $0) } }
        let texts = PlatformConversion.numberTexts(in: located, kinds: ArgumentKinds.of(message, pattern)).filter { !recorded.contains($0.name) }
        let base = AndroidResourceNames.base(of: message, metadata: metadata, choices: choices)
        var order = metadata?.androidArguments ?? []
        var textSlots: [NumberText] = []
        var slots: [(name: String, slot: CatalogArgument.Slot)] = []
        var plurals: [String] = []
        for body in bodies {
            for slot in PlatformConversion.formatSlots(of: body, platform: .android, numberTexts: texts)
            where !slots.contains(where: { $0.name == slot.name && $0.slot == slot.slot }) {
                slots.append(slot)
            }
            MessagePattern.forEachArgument(in: body) { argument in
                switch argument.kind {
                case .plural(let plural) where !plural.isOrdinal:
                    if !plurals.contains(argument.name) { plurals.append(argument.name) }
                case .simple(let simple) where simple.type == .number:
                    // An integer skeleton that is not printf and not text is a plural of ICU's
                    // own patterns (units; `::percent`, `::.00` on integers).
                    if case .numberSkeleton = simple.style, IntegerPresentation(style: simple.style) == nil,
                       let text = NumberText.of(argument), !texts.contains(text),
                       !plurals.contains(argument.name) { plurals.append(argument.name) }
                default: break
                }
            }
        }
        // Values by first appearance (after an imported order), numbers as text in their place
        // (as the compile numbers them).
        if metadata?.androidArguments != nil {
            for slot in slots where slot.slot == .value && !order.contains(slot.name) { order.append(slot.name) }
            for slot in slots { if case .numberText(let style) = slot.slot { textSlots.append(NumberText(name: slot.name, style: style)) } }
            var call = AndroidCall(name: AndroidResourceNames.name(of: base), arguments: order + textSlots.map(\.name), pluralArguments: plurals)
            call.textStyles = order.map { _ in nil } + textSlots.map { $0 }
            return call
        }
        var names: [String] = []
        var styles: [NumberText?] = []
        for slot in slots {
            if case .numberText(let style) = slot.slot {
                names.append(slot.name)
                styles.append(NumberText(name: slot.name, style: style))
            } else if !names.enumerated().contains(where: { $0.element == slot.name && styles[$0.offset] == nil }) {
                names.append(slot.name)
                styles.append(nil)
            }
        }
        var call = AndroidCall(name: AndroidResourceNames.name(of: base), arguments: names, pluralArguments: plurals)
        call.textStyles = styles
        return call
    }

    /// The configuration Android picks for `tag` among those that define the resource: every
    /// qualifier of the configuration must match the locale, and the most specific wins
    /// (language, then script, then region); the default configuration matches every locale.
    static func resolve(_ entries: [ResourceTable.Entry], tag: String) -> ResourceTable.Entry? {
        let parts = tag.split(separator: "-").map(String.init)
        let language = parts.first ?? ""
        let script = parts.dropFirst().first { $0.count == 4 } ?? ""
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) } ?? ""
        let languages: Set<String> = [language, legacy[language] ?? language]
        var best: (entry: ResourceTable.Entry, score: Int)?
        for entry in entries where !entry.locale.hasOtherQualifiers {
            let locale = entry.locale
            if !locale.language.isEmpty && !languages.contains(locale.language) { continue }
            if !locale.script.isEmpty && locale.script != script { continue }
            if !locale.region.isEmpty && locale.region.uppercased() != region.uppercased() { continue }
            let score = (locale.language.isEmpty ? 0 : 4) + (locale.script.isEmpty ? 0 : 2) + (locale.region.isEmpty ? 0 : 1)
            if best == nil || score > best!.score { best = (entry, score) }
        }
        return best?.entry
    }

    enum Either {
        case success(String)
        case failure(String)
    }

    /// Android's folders keep the old ISO 639 codes.
    static let legacy = ["he": "iw", "id": "in", "yi": "ji"]

    /// The resource named `name` of `type` for `tag`, when the table has one.
    static func entry(_ table: ResourceTable, _ name: String, _ type: String, tag: String) -> ResourceTable.Entry? {
        resolve(table.entries.filter { $0.name == name && $0.type == type }, tag: tag)
    }

    /// What the app calls, in words (for the report).
    private(set) var description = ""

    /// The request for the runner, or why there is none.
    mutating func request(id: Int, tag: String, table: ResourceTable, arguments: [String: MessageArgument],
                          pattern: MessagePattern) -> Either {
        let values = self.arguments.indices.map { index in
            let name = self.arguments[index]
            if index < textStyles.count, let text = textStyles[index] {
                // The app formats the number with MessageFormat (docs/android.md).
                let number: String
                switch arguments[name] {
                case .int(let n)?: number = String(n)
                case .double(let d)?: number = JSONText.number(d)
                default: return Self.argumentJSON(arguments[name], name: name, pattern: pattern)
                }
                return "{\"number\": \(number), \"pattern\": " + JSONText.string(text.formatPattern) + "}"
            }
            return Self.argumentJSON(arguments[name], name: name, pattern: pattern)
        }
        let valueList = "[" + values.joined(separator: ", ") + "]"
        func quantity(_ argument: String) -> Int64? { if case .int(let n)? = arguments[argument] { n } else { nil } }
        var companionProblem: String?
        func companion(_ argument: String) -> String? {
            guard let n = quantity(argument) else { return nil }
            let candidate = name + "__" + SelectExpansion.sanitize(argument) + "_eq" + String(n)
            if table.entries.contains(where: { $0.name == candidate && $0.type == "string" }) { return candidate }
            if let other = table.entries.first(where: { $0.name == candidate }) {
                companionProblem = "the companion \(candidate) is a <\(other.type)>, not the <string> the compile names: "
                    + "getString(R.string.\(candidate)) throws Resources.NotFoundException"
            }
            return nil
        }
        /// One resource as Resources formats it, as the fields of a request.
        func resource(_ name: String, quantityArgument: String?, args: String) -> ([String], String)? {
            if let quantityArgument, let entry = Self.entry(table, name, "plurals", tag: tag), case .plurals(let items) = entry.value,
               let n = quantity(quantityArgument) {
                let fields = ["\"items\": {" + items.keys.sorted().map { JSONText.string($0) + ": " + JSONText.string(items[$0]!) }.joined(separator: ", ") + "}",
                              "\"quantity\": \(n)", "\"args\": " + args]
                return (fields, "getQuantityString(R.plurals.\(name), \(quantityArgument)\(self.arguments.isEmpty ? "" : ", " + self.arguments.joined(separator: ", ")))")
            }
            if let entry = Self.entry(table, name, "string", tag: tag), case .string(let text) = entry.value {
                return (["\"text\": " + JSONText.string(text), "\"args\": " + args], "getString(R.string.\(name), …)")
            }
            return nil
        }
        var fields = ["\"id\": \(id)", "\"locale\": " + JSONText.string(tag)]
        let composed = pluralArguments.filter { argument in
            table.entries.contains { $0.name == name + "__" + SelectExpansion.sanitize(argument) && $0.type == "plurals" }
        }
        if !composed.isEmpty {
            var parts: [String] = []
            var said: [String] = []
            for argument in composed {
                let part: ([String], String)?
                let found = companion(argument)
                if let problem = companionProblem { return .failure(problem) }
                if let companion = found {
                    part = resource(companion, quantityArgument: nil, args: valueList)
                } else {
                    part = resource(name + "__" + SelectExpansion.sanitize(argument), quantityArgument: argument, args: valueList)
                }
                guard let part else { return .failure("no <plurals> or companion for \(argument) of \(name) in \(tag)") }
                parts.append("{" + part.0.joined(separator: ", ") + "}")
                said.append(part.1)
            }
            let composing = "[" + (values + composed.indices.map { "{\"part\": \($0)}" }).joined(separator: ", ") + "]"
            guard let main = resource(name, quantityArgument: nil, args: composing) else {
                return .failure("no composing <string> named \(name) for \(tag)")
            }
            fields += main.0
            fields.append("\"parts\": [" + parts.joined(separator: ", ") + "]")
            description = said.joined(separator: "; ") + "; getString(R.string.\(name), \((self.arguments + composed.map { $0 + " text" }).joined(separator: ", ")))"
            return .success("{" + fields.joined(separator: ", ") + "}")
        }
        for argument in pluralArguments {
            let found = companion(argument)
            if let problem = companionProblem { return .failure(problem) }
            if let companion = found, let main = resource(companion, quantityArgument: nil, args: valueList) {
                fields += main.0
                description = "\(argument) == \(quantity(argument)!): getString(R.string.\(companion), \(self.arguments.joined(separator: ", ")))"
                return .success("{" + fields.joined(separator: ", ") + "}")
            }
        }
        let quantityArgument = pluralArguments.first { quantity($0) != nil }
        if let main = resource(name, quantityArgument: quantityArgument, args: valueList)
            ?? resource(name, quantityArgument: nil, args: valueList) {
            fields += main.0
            description = main.1.hasPrefix("getString") ? "getString(R.string.\(name)\(self.arguments.isEmpty ? "" : ", " + self.arguments.joined(separator: ", ")))" : main.1
            return .success("{" + fields.joined(separator: ", ") + "}")
        }
        if table.entries.contains(where: { $0.name == name && $0.type == "plurals" }) {
            return .failure("\(name) is a <plurals> but the message has no integer to choose its item")
        }
        if table.entries.contains(where: { $0.name == name }) {
            return .failure("no configuration of \(name) for \(tag), and no default")
        }
        return .failure("no <string> or <plurals> named \(name) in the linked resources")
    }

    static func argumentJSON(_ value: MessageArgument?, name: String, pattern: MessagePattern) -> String {
        switch value {
        case .int(let n)?: return "{\"int\": \(n)}"
        case .double(let d)?: return "{\"double\": \(JSONText.number(d))}"
        case .string(let s)?: return "{\"str\": " + JSONText.string(s) + "}"
        case .date(let ms)?:
            var style = "\"dateStyle\": \"short\", \"timeStyle\": \"short\""
            var found = false
            pattern.forEachArgument { argument in
                guard !found, argument.name == name, case .simple(let simple) = argument.kind else { return }
                let isTime = simple.type == .time
                switch simple.style {
                case .dateSkeleton(let skeleton):
                    style = "\"skeleton\": " + JSONText.string(skeleton)
                    found = true
                case .datePattern(let text):
                    style = "\"pattern\": " + JSONText.string(text)
                    found = true
                case .dateTime(let keyword):
                    let word = keyword == .default ? "medium" : keyword.rawValue
                    style = isTime ? "\"timeStyle\": \"\(word)\"" : "\"dateStyle\": \"\(word)\""
                    found = true
                default: break
                }
            }
            return "{\"date\": \(Int64(ms)), " + style + "}"
        case nil: return "{\"str\": \"\"}"
        }
    }
}

extension MessagePattern {
    /// Visits every argument of a body, outer before inner.
    static func forEachArgument(in body: MessageBody, _ visit: (ArgumentNode) -> Void) {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            visit(argument)
            switch argument.kind {
            case .none, .simple: break
            case .plural(let plural): plural.cases.forEach { forEachArgument(in: $0.message, visit) }
            case .select(let select): select.cases.forEach { forEachArgument(in: $0.message, visit) }
            case .choice(let choice): choice.cases.forEach { forEachArgument(in: $0.message, visit) }
            }
        }
    }
}
