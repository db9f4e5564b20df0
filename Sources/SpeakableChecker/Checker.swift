import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableCatalog
public import SpeakableDiagnostics
public import SpeakableICU
import SpeakableMessages
import Synchronization

/// Runs every rule over a ``CheckInput`` and returns findings, per-locale summaries and what was
/// exempted.
///
/// ```swift
/// let project = ProjectLoader.load(directory: "MyGame")
/// let result = Checker.run(ProjectInput.make(from: project))
/// for finding in result.findings { print(finding.rendered) }
/// // Locales/ko/game.json:1:25: warning: translation is identical to the source text [untranslated]
/// result.hasErrors   // false
/// ```
public enum Checker {
    /// How long a text takes to speak in a locale, in seconds (nil: cannot tell). The checker does
    /// not depend on the speech module; the caller passes its estimator or a real synthesizer.
    public typealias SpokenSeconds = @Sendable (_ text: String, _ locale: ICULocale) -> Double?

    /// Checks `input`. `spokenSeconds` is used by `over-long`; without it only `maxGraphemes` and
    /// grapheme budgets are checked.
    public static func run(_ input: CheckInput, spokenSeconds: SpokenSeconds? = nil) -> CheckResult {
        var findings: [Finding] = input.inputDiagnostics.map(finding)
        findings += configurationFindings(input.settings)
        if input.tables.allSatisfy(\.messages.isEmpty) && !findings.contains(where: { $0.rule == "no-messages" }) {
            findings.append(Finding(rule: "no-messages", severity: .error, file: input.tables.first?.file, position: nil, locale: nil,
                                    key: nil, table: nil, message: "nothing to check: the input holds no messages",
                                    hint: "give a project folder, a .xcstrings file, an Android res/ folder or an XLIFF file that has strings",
                                    subject: "no-messages"))
        }

        // Units of work: each table's source messages, each (table, locale) read up front, and
        // each deferred locale (read, checked in every table, and let go: the locales of a large
        // input are never in memory together). They run on every core.
        enum Unit: Sendable {
            case source(table: Int)
            case locale(table: Int, locale: Int)
            case deferred(Int)
        }
        var allUnits: [Unit] = []
        for (t, table) in input.tables.enumerated() {
            allUnits.append(.source(table: t))
            for l in table.locales.indices { allUnits.append(.locale(table: t, locale: l)) }
        }
        for d in input.deferredLocales.indices { allUnits.append(.deferred(d)) }
        let units = allUnits
        let sharedFacts = input.tables.map(TableFacts.init)
        let outputs = Mutex<[UnitOutput?]>(Array(repeating: nil, count: units.count))
        // On every core the process may use; on one (`taskset -c 0`, a one-CPU container), one
        // unit after the other: threads sharing a core gain nothing and would hold several
        // deferred locales in memory at once.
        let parallel = availableCores() > 1
        func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
            if parallel { DispatchQueue.concurrentPerform(iterations: count, execute: body) } else { for index in 0..<count { body(index) } }
        }
        perform(units.count) { index in
            var emitter = Emitter(settings: input.settings)
            var output = UnitOutput()
            func checked(_ target: TargetLocale, table t: Int, _ counted: (translated: Int, needsReview: Int),
                         firstKeyPosition: SourcePosition? = nil, scriptLetters: [String: Int]? = nil) {
                output.counts.append((target.tag, counted.translated, counted.needsReview))
                output.checked.append(CheckedLocale(tag: target.tag, table: t, file: target.file))
                if output.firstLocale == nil {
                    output.firstLocale = LocaleSeen(target, firstKeyPosition: firstKeyPosition, scriptLetters: scriptLetters)
                }
            }
            func check(_ target: TargetLocale, table t: Int) {
                let table = input.tables[t]
                checked(target, table: t, RuleRunner(input: input, table: table, facts: sharedFacts[t], spokenSeconds: spokenSeconds)
                    .checkLocale(target, emitter: &emitter))
            }
            switch units[index] {
            case .source(let t):
                RuleRunner(input: input, table: input.tables[t], facts: sharedFacts[t], spokenSeconds: spokenSeconds)
                    .checkSource(emitter: &emitter)
            case .locale(let t, let l):
                check(input.tables[t].locales[l], table: t)
            case .deferred(let d):
                guard let stream = input.deferredLocales[d].stream else {
                    let read = input.deferredLocales[d].read()
                    output.diagnostics = read.diagnostics
                    for (t, target) in read.locales.enumerated() where t < input.tables.count {
                        if let target { check(target, table: t) }
                    }
                    break
                }
                // Each message checked as soon as it is made, the locale's own checks once its
                // list is complete. (A table's runner and check in one object, reached by
                // reference for each message: not copied out of an array with every list it holds.)
                final class Streamed {
                    let runner: RuleRunner
                    var check: RuleRunner.LocaleCheck
                    init(_ runner: RuleRunner, _ check: RuleRunner.LocaleCheck) {
                        self.runner = runner
                        self.check = check
                    }
                }
                var streamed: [Streamed?] = Array(repeating: nil, count: input.tables.count)
                let read = stream({ t, header in
                    guard t < input.tables.count else { return }
                    let runner = RuleRunner(input: input, table: input.tables[t], facts: sharedFacts[t], spokenSeconds: spokenSeconds)
                    streamed[t] = Streamed(runner, runner.beginLocale(tag: header.tag, locale: header.locale))
                }, { t, message, m in
                    guard t < streamed.count, let table = streamed[t] else { return }
                    table.runner.visit(message, number: m, check: &table.check, emitter: &emitter)
                })
                output.diagnostics = read.diagnostics
                for (t, target) in read.locales.enumerated() where t < input.tables.count {
                    guard let target else { continue }
                    guard let table = streamed[t] else {
                        check(target, table: t)
                        continue
                    }
                    checked(target, table: t, table.runner.finishLocale(target, table.check, emitter: &emitter),
                            firstKeyPosition: table.check.firstKeyPosition, scriptLetters: table.check.scriptLetters)
                }
            }
            output.findings = emitter.findings
            output.exempted = emitter.exempted
            let done = output
            outputs.withLock { $0[index] = done }
        }
        let results = outputs.withLock { $0 }.map { $0! }
        var exempted = 0
        var seen: [LocaleSeen] = []
        var counts: [(tag: String, translated: Int, needsReview: Int)] = []
        var checked: [CheckedLocale] = []
        for result in results {
            findings += result.diagnostics.map(finding)
            findings += result.findings
            exempted += result.exempted
            if let first = result.firstLocale { seen.append(first) }
            counts += result.counts
            checked += result.checked
        }
        findings += UnknownLocaleRule.check(input, seen: seen)
        findings = Self.sorted(findings)
        Fingerprint.assign(&findings)
        return CheckResult(findings: findings, summaries: summaries(input, findings, counts: counts), exempted: exempted,
                           checkedLocales: checked)
    }

    /// The cores this process may run on: its CPU affinity on Linux (`taskset`, cgroup cpusets:
    /// the `Cpus_allowed` mask of /proc/self/status), else the online processors.
    static func availableCores() -> Int {
        #if os(Linux)
        let fd = open("/proc/self/status", O_RDONLY)
        if fd >= 0 {
            defer { close(fd) }
            var bytes = [UInt8](repeating: 0, count: 8192)
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                let text = String(decoding: bytes[..<n], as: UTF8.self)
                for line in text.split(separator: "\n") where line.hasPrefix("Cpus_allowed:") {
                    var count = 0
                    for ch in line.dropFirst("Cpus_allowed:".count) {
                        if let digit = ch.hexDigitValue { count += digit.nonzeroBitCount }
                    }
                    if count > 0 { return count }
                }
            }
        }
        #endif
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// What one unit of work found.
    struct UnitOutput: Sendable {
        var findings: [Finding] = []
        var exempted = 0
        /// Problems found while reading a deferred locale.
        var diagnostics: [Diagnostic] = []
        /// Per (table, locale) checked: source keys translated and waiting for review.
        var counts: [(tag: String, translated: Int, needsReview: Int)] = []
        /// The first (table, locale) checked, for `unknown-locale`.
        var firstLocale: LocaleSeen?
        var checked: [CheckedLocale] = []
    }

    /// A locale as `unknown-locale` reports it: where it is first seen.
    struct LocaleSeen: Sendable {
        let tag: String
        let hasLanguageData: Bool
        let file: String?
        let position: SourcePosition?
        /// For a locale without language data: the script most of its letters are in, when at
        /// least 20 letters were read (`Hang` in a `values-kr/` of Korean).
        let dominantScript: String?

        /// `firstKeyPosition`: the first message's (nil: `target`'s first message's);
        /// `scriptLetters`: counted as a streamed locale's messages were read (nil: counted here
        /// from `target`'s messages).
        init(_ target: TargetLocale, firstKeyPosition: SourcePosition? = nil, scriptLetters: [String: Int]? = nil) {
            tag = target.tag
            hasLanguageData = target.locale.hasLanguageData
            file = target.fileExists ? target.file : nil
            position = firstKeyPosition ?? target.messages.first?.keyPosition
            var counts = scriptLetters ?? [:]
            if !hasLanguageData, scriptLetters == nil {
                for message in target.messages.prefix(200) {
                    for (script, n) in UnicodeScript.letterCounts(message.text.text) { counts[script, default: 0] += n }
                }
            }
            let total = counts.values.reduce(0, +)
            dominantScript = total >= 20 ? counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key : nil
        }
    }

    static func finding(_ d: Diagnostic) -> Finding {
        Finding(rule: RuleID(d.id), severity: d.severity, file: d.file, position: d.position, endPosition: d.endPosition,
                locale: nil, key: nil, table: nil, message: d.message, hint: d.hint, subject: d.message)
    }

    /// `result` with more problems found beside the rules (what `compile` would refuse), each a
    /// finding of its diagnostic's id, counted in its locale's summary (the source's when it has
    /// none), in order, fingerprinted as the rest.
    public static func adding(_ diagnostics: [Diagnostic], to result: CheckResult, input: CheckInput) -> CheckResult {
        guard !diagnostics.isEmpty else { return result }
        var result = result
        let added = diagnostics.map(finding)
        var findings = result.findings + added
        findings = Self.sorted(findings)
        Fingerprint.assign(&findings)
        result.findings = findings
        for finding in added {
            let tag = finding.locale ?? input.sourceTag
            guard let index = result.summaries.firstIndex(where: { $0.locale == tag }) else { continue }
            if finding.severity == .error { result.summaries[index].errors += 1 } else if finding.severity == .warning { result.summaries[index].warnings += 1 }
        }
        return result
    }

    /// `findings` in ``order(_:_:)``. Their indices are sorted, by each finding's file (as its rank
    /// among the files), line and column first — numbers, worked out once — and by ``order(_:_:)``
    /// only when those are equal; then each finding is copied once (sorting the findings
    /// themselves would copy two at every comparison).
    static func sorted(_ findings: [Finding]) -> [Finding] {
        let files = Set(findings.map { $0.file ?? "" }).sorted()
        var rank: [String: Int] = Dictionary(minimumCapacity: files.count)
        for (i, file) in files.enumerated() { rank[file] = i }
        let keys = findings.map { finding in
            let position = finding.position ?? SourcePosition(line: 0, column: 0)
            return (rank[finding.file ?? ""]!, position.line, position.column)
        }
        let order = findings.indices.sorted { i, j in
            keys[i] != keys[j] ? keys[i] < keys[j] : Self.order(findings[i], findings[j])
        }
        return order.map { findings[$0] }
    }

    /// File, line, column, rule, then message: a stable order for every output.
    static func order(_ a: Finding, _ b: Finding) -> Bool {
        if (a.file ?? "") != (b.file ?? "") { return (a.file ?? "") < (b.file ?? "") }
        let pa = a.position ?? SourcePosition(line: 0, column: 0)
        let pb = b.position ?? SourcePosition(line: 0, column: 0)
        if pa != pb { return pa < pb }
        if a.rule != b.rule { return a.rule < b.rule }
        if (a.locale ?? "") != (b.locale ?? "") { return (a.locale ?? "") < (b.locale ?? "") }
        if a.message != b.message { return a.message < b.message }
        // Ties broken by everything else, so that the order (and the fingerprints' occurrence
        // numbers) never depends on which unit of work finished first.
        if (a.key ?? "") != (b.key ?? "") { return (a.key ?? "") < (b.key ?? "") }
        if (a.table ?? "") != (b.table ?? "") { return (a.table ?? "") < (b.table ?? "") }
        if a.subject != b.subject { return a.subject < b.subject }
        if (a.hint ?? "") != (b.hint ?? "") { return (a.hint ?? "") < (b.hint ?? "") }
        if a.severity != b.severity { return a.severity == .error }
        let ea = a.endPosition ?? SourcePosition(line: 0, column: 0)
        let eb = b.endPosition ?? SourcePosition(line: 0, column: 0)
        return ea < eb
    }

    /// Unknown rule ids in the configuration.
    static func configurationFindings(_ settings: CheckSettings) -> [Finding] {
        settings.severities.keys.sorted().compactMap { id in
            guard Rule(rawValue: id) == nil else { return nil }
            return Finding(rule: "unknown-rule", severity: .error, file: settings.configFile,
                           position: settings.severityPositions[id], locale: nil, key: nil, table: nil,
                           message: "'\(id)' is not a rule of speakable check", hint: suggestion(for: id), subject: id)
        }
    }

    /// Languages apps are most often translated into: candidates for a mistyped tag when the
    /// input's own locales suggest none.
    static let commonLanguages = ["ar", "bg", "ca", "cs", "da", "de", "el", "en", "es", "et", "fa", "fi", "fr", "he", "hi", "hr",
                                  "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt", "ro", "ru", "sk", "sl",
                                  "sr", "sv", "th", "tr", "uk", "vi", "zh"]

    /// The closest tag: among `candidates` (the input's own locales) within one edit (two for
    /// tags longer than three letters), else
    /// among common languages within one edit and sharing the first letter.
    public static func suggestLocale(_ tag: String, among candidates: [String]) -> String? {
        let lowered = tag.lowercased()
        // Two-letter codes are all close to each other: one edit for short tags, two for long.
        let limit = lowered.count <= 3 ? 1 : 2
        var best: (tag: String, distance: Int)?
        for candidate in candidates.sorted() where candidate.lowercased() != lowered {
            let distance = editDistance(candidate.lowercased(), lowered)
            if distance <= limit && (best == nil || distance < best!.distance) { best = (candidate, distance) }
        }
        if let best { return best.tag }
        let language = String(lowered.prefix { $0 != "-" && $0 != "_" })
        let common = commonLanguages.filter { $0 != language && editDistance($0, language) == 1 && $0.first == language.first }
        return common.count == 1 ? common[0] : nil
    }

    static func suggestion(for id: String) -> String {
        let close = Rule.allCases.map(\.rawValue).min { editDistance($0, id) < editDistance($1, id) }!
        return editDistance(close, id) <= 3 ? "did you mean '\(close)'?"
                                            : "rules: " + Rule.allCases.map(\.rawValue).joined(separator: ", ")
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    static func summaries(_ input: CheckInput, _ findings: [Finding],
                          counts: [(tag: String, translated: Int, needsReview: Int)]) -> [LocaleSummary] {
        var tags = Set<String>()
        var done: [String: (translated: Int, needsReview: Int)] = [:]
        for (tag, translated, needsReview) in counts {
            tags.insert(tag)
            let sum = done[tag, default: (0, 0)]
            done[tag] = (sum.translated + translated, sum.needsReview + needsReview)
        }
        let sourceKeys = input.tables.reduce(0) { $0 + $1.messages.count }
        var found: [String: (errors: Int, warnings: Int)] = [:]
        for f in findings {
            let tag = f.locale ?? input.sourceTag
            var c = found[tag, default: (0, 0)]
            if f.severity == .error { c.errors += 1 } else if f.severity == .warning { c.warnings += 1 }
            found[tag] = c
        }
        var result = [LocaleSummary(locale: input.sourceTag, isSource: true, messages: sourceKeys, translated: sourceKeys,
                                    errors: found[input.sourceTag]?.errors ?? 0, warnings: found[input.sourceTag]?.warnings ?? 0)]
        for tag in tags.sorted() where tag != input.sourceTag {
            result.append(LocaleSummary(locale: tag, isSource: false, messages: sourceKeys, translated: done[tag]?.translated ?? 0,
                                        needsReview: done[tag]?.needsReview ?? 0,
                                        errors: found[tag]?.errors ?? 0, warnings: found[tag]?.warnings ?? 0))
        }
        return result
    }
}

/// What a check found.
public struct CheckResult: Sendable {
    /// Sorted by file, line, column and rule; each with its fingerprint.
    public var findings: [Finding]
    /// The source locale first, then each target locale by tag.
    public var summaries: [LocaleSummary]
    /// Findings dropped by an `exempt` entry.
    public var exempted: Int

    /// Every (table, locale) checked, with the file its translations are in (or belong in).
    public var checkedLocales: [CheckedLocale] = []

    public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// A table's translations into one locale, as checked.
public struct CheckedLocale: Hashable, Sendable {
    public var tag: String
    /// The index of the table in ``CheckInput/tables``.
    public var table: Int
    public var file: String
}

/// How far one locale is: translated share, errors and warnings.
public struct LocaleSummary: Hashable, Sendable {
    public var locale: String
    public var isSource: Bool
    /// Source messages (all tables).
    public var messages: Int
    /// Source messages this locale translates (and that are not waiting for review).
    public var translated: Int
    /// Source messages translated but marked for review (`needs_review`, XLIFF
    /// `needs-review-translation`…): not counted in ``translated``.
    public var needsReview: Int
    public var errors: Int
    public var warnings: Int

    public init(locale: String, isSource: Bool, messages: Int, translated: Int, needsReview: Int = 0, errors: Int, warnings: Int) {
        self.locale = locale
        self.isSource = isSource
        self.messages = messages
        self.translated = translated
        self.needsReview = needsReview
        self.errors = errors
        self.warnings = warnings
    }

    /// 0…100, one decimal.
    public var translatedPercent: Double {
        messages == 0 ? 100 : (Double(translated) * 1000 / Double(messages)).rounded(.down) / 10
    }
}

/// Collects findings for one unit of work, applying severities and exemptions.
struct Emitter {
    let settings: CheckSettings
    var findings: [Finding] = []
    var exempted = 0
    /// Severity by rule, in the registry's order (``Rule/index``; looked up for every message).
    private let severities: [RuleSeverity]

    init(settings: CheckSettings) {
        self.settings = settings
        self.severities = Rule.allCases.map { settings.severity(of: $0) }
    }

    @inline(__always)
    func severity(of rule: Rule) -> RuleSeverity { severities[rule.index] }

    func isOn(_ rule: Rule) -> Bool { severity(of: rule) != .off }

    mutating func emit(_ rule: Rule, table: String, locale: String, key: String?, exemptions: [String: String],
                       file: String?, position: SourcePosition?, end: SourcePosition? = nil,
                       message: String, hint: String? = nil, subject: String = "") {
        let severity = severity(of: rule)
        guard severity != .off else { return }
        if exemptions[rule.rawValue] != nil || exemptions[rule.rawValue + "@" + locale] != nil {
            exempted += 1
            return
        }
        findings.append(Finding(rule: rule.id, severity: severity == .error ? .error : .warning, file: file,
                                position: position, endPosition: end, locale: locale, key: key, table: table,
                                message: message, hint: hint, subject: subject))
    }
}

/// Facts about a table's source messages that every locale's check needs (computed once).
struct TableFacts: Sendable {
    let byKey: [String: Int]
    /// Source keys in order.
    let keys: [String]
    /// Per source message, the index of the first message with its key (``byKey``'s): the one
    /// whose translation counts.
    let firstIndex: [Int]
    let usages: [[String: ArgumentUsage]?]
    /// The source's usages as ``MessagePattern/argumentKinds`` (names sorted): a translation
    /// with the same list has nothing for the argument rules to report.
    let kinds: [[(name: String, kind: ArgumentUsage.Kind)]?]
    let info: [SourceInfo]
    let literalNewlines: [Int]
    /// Platform catalogs: the arguments the app passes, from the source's printf formats.
    let sourceArguments: [FormatMismatchRule.SourceArguments?]
    /// Android keys (`type/name`) by name: a translation of another type is dropped by aapt2.
    let androidKeysByName: [String: String]
    /// Per source message, the arguments it only uses to choose a plural form, never printing
    /// them: a translation may leave them out (a language without that plural loses nothing).
    let selectorOnly: [Set<String>]
    /// Per source message, the arguments the app passes that the source does not print: a String
    /// Catalog key's (``SourceMessage/keyFormat``). A translation may print them.
    let passedOnly: [Set<String>]
    /// Android messages composed by `speakable compile` (a `<string name="X">` printing the text
    /// of `<plurals name="X__count">` as a `%N$s` argument): the arguments the companion plurals
    /// print (their quantities) and the composing string's text slots. A translation may print a
    /// quantity itself instead of its plural's text (Korean has no plural to choose).
    let composed: [(quantities: Set<String>, textSlots: Set<String>)?]
    /// Label keys with their hint and value siblings in the source (`cell.label` with
    /// `cell.hint`): the message's index, the label's (``byKey``'s), and each sibling's key and index.
    let keyFamilies: [(message: Int, label: Int, key: String, siblings: [(key: String, index: Int)])]
    /// The `label` of every key family.
    let familyLabels: Set<Int>

    init(_ table: CheckTable) {
        // One pass over the messages, each read in place (a `SourceMessage` is large: a `map`
        // per array copied every message once per array).
        let count = table.messages.count
        var byKey: [String: Int] = [:]
        byKey.reserveCapacity(count)
        var keys: [String] = []
        var firstIndex: [Int] = []
        var usages: [[String: ArgumentUsage]?] = []
        var kinds: [[(name: String, kind: ArgumentUsage.Kind)]?] = []
        var info: [SourceInfo] = []
        var literalNewlines: [Int] = []
        var sourceArguments: [FormatMismatchRule.SourceArguments?] = []
        var selectorOnly: [Set<String>] = []
        var passedOnly: [Set<String>] = []
        keys.reserveCapacity(count)
        firstIndex.reserveCapacity(count)
        usages.reserveCapacity(count)
        kinds.reserveCapacity(count)
        info.reserveCapacity(count)
        literalNewlines.reserveCapacity(count)
        sourceArguments.reserveCapacity(count)
        selectorOnly.reserveCapacity(count)
        passedOnly.reserveCapacity(count)
        var byName: [String: String] = [:]
        table.messages.withUnsafeBufferPointer { messages in
            for i in messages.indices {
                let key = messages[i].key
                let first = byKey[key] ?? i
                if first == i { byKey[key] = i }
                keys.append(key)
                firstIndex.append(first)
                let pattern = messages[i].pattern
                usages.append(pattern?.argumentUsages)
                kinds.append(pattern?.argumentKinds)
                info.append(SourceInfo(messages[i]))
                var newlines = 0
                for byte in messages[i].text.text.utf8 where byte == 10 { newlines += 1 }
                literalNewlines.append(newlines)
                let formats = messages[i].formats
                let keyFormat = messages[i].keyFormat
                sourceArguments.append(formats.map { FormatMismatchRule.SourceArguments($0, keyFormat: keyFormat) })
                // Without a plural no argument is only a selector.
                selectorOnly.append(pattern.map { PluralArguments.hasPlural($0.body) ? Self.selectorOnlyArguments($0) : [] } ?? [])
                let passed = messages[i].passedArguments
                passedOnly.append((keyFormat.map { Self.keyArguments($0, formats: formats!, printed: usages[i]) } ?? []).union(passed))
                if let name = Self.androidName(key, java: formats?.dialect == .java) { byName[name, default: key] = key }
            }
        }
        self.byKey = byKey
        self.keys = keys
        self.firstIndex = firstIndex
        self.usages = usages
        self.kinds = kinds
        self.info = info
        self.literalNewlines = literalNewlines
        self.sourceArguments = sourceArguments
        self.androidKeysByName = byName
        self.selectorOnly = selectorOnly
        self.passedOnly = passedOnly
        self.composed = Self.composition(table)
        var families: [(message: Int, label: Int, key: String, siblings: [(key: String, index: Int)])] = []
        for i in table.messages.indices {
            let key = table.messages[i].key
            guard let (stem, separator) = KeyFamilyRule.labelStem(key) else { continue }
            let siblings = ["hint", "value"].compactMap { sibling -> (key: String, index: Int)? in
                let siblingKey = stem + separator + sibling
                return byKey[siblingKey].map { (siblingKey, $0) }
            }
            if !siblings.isEmpty { families.append((i, byKey[key]!, key, siblings)) }
        }
        self.keyFamilies = families
        familyLabels = Set(families.map(\.label))
    }

    /// The name in an Android key (`string/title` → `title`: after its first "/") when the
    /// message is Java's or the key an array's; nil otherwise. ASCII keys are read by their bytes
    /// (where every byte is a Character); any other key as Characters, as it always was.
    static func androidName(_ key: String, java: Bool) -> String? {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            guard java || key.utf8.starts(with: "array/".utf8), let slash = key.utf8.firstIndex(of: 0x2F) else { return nil }
            return String(key[key.utf8.index(after: slash)...])
        }
        guard java || key.hasPrefix("array/"), let slash = key.firstIndex(of: "/") else { return nil }
        return String(key[key.index(after: slash)...])
    }

    static func composition(_ table: CheckTable) -> [(quantities: Set<String>, textSlots: Set<String>)?] {
        var companions: [String: [Int]] = [:]
        for (i, m) in table.messages.enumerated() where m.key.hasPrefix("plurals/") && m.formats?.dialect == .java {
            let name = Array(m.key.dropFirst("plurals/".count))
            guard let cut = (0..<max(0, name.count - 1)).last(where: { name[$0] == "_" && name[$0 + 1] == "_" }), cut > 0 else { continue }
            companions["string/" + String(name[..<cut]), default: []].append(i)
        }
        guard !companions.isEmpty else { return Array(repeating: nil, count: table.messages.count) }
        return table.messages.map { m in
            guard let indices = companions[m.key], let formats = m.formats else { return nil }
            var quantities = Set<String>()
            for i in indices {
                for form in table.messages[i].formats?.forms ?? [] {
                    for spec in form.format.specifiers where spec.readsArgument { if let n = spec.argument { quantities.insert(String(n)) } }
                }
            }
            var slots = Set<String>()
            for form in formats.forms {
                for spec in form.format.specifiers where spec.readsArgument && (spec.conversion == "s" || spec.conversion == "S") {
                    if let n = spec.argument { slots.insert(String(n)) }
                }
            }
            return (quantities, slots)
        }
    }

    /// The arguments a String Catalog key passes (its specifiers' argument numbers, as the
    /// converted ICU text names them) that the source's text does not use.
    static func keyArguments(_ key: PlatformFormats.Form, formats: PlatformFormats, printed: [String: ArgumentUsage]?) -> Set<String> {
        var result = Set<String>()
        for spec in key.format.specifiers where spec.readsArgument && !spec.looksLikeProse {
            guard let (argument, _) = FormatMismatchRule.resolve(spec, formSubstitution: nil, formats: formats), argument >= 1 else { continue }
            let name = String(argument)
            if printed?[name] == nil { result.insert(name) }
        }
        return result
    }

    /// Arguments used only as a plural's selector: no `{name}`, no `#` in their own cases.
    static func selectorOnlyArguments(_ pattern: MessagePattern) -> Set<String> {
        var plural = Set<String>()
        var printed = Set<String>()
        func walk(_ body: MessageBody, pound: String?) {
            for part in body.parts {
                switch part {
                case .text: break
                case .pound: if let pound { printed.insert(pound) }
                case .argument(let argument):
                    switch argument.kind {
                    case .none, .simple: printed.insert(argument.name)
                    case .plural(let p):
                        plural.insert(argument.name)
                        p.cases.forEach { walk($0.message, pound: argument.name) }
                    case .select(let s):
                        printed.insert(argument.name)
                        s.cases.forEach { walk($0.message, pound: pound) }
                    case .choice(let c):
                        printed.insert(argument.name)
                        c.cases.forEach { walk($0.message, pound: pound) }
                    }
                }
            }
        }
        walk(pattern.body, pound: nil)
        return plural.subtracting(printed)
    }
}
