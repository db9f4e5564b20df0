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
        // An input refused for a limit (ProjectLimits) has no messages: that error says why.
        let limitIDs: Set<RuleID> = ["no-messages", "too-many-messages", "project-too-many-messages", "project-too-many-locales", "project-too-large"]
        if input.tables.allSatisfy(\.messages.isEmpty) && !findings.contains(where: { limitIDs.contains($0.rule) }) {
            findings.append(Finding(rule: "no-messages", severity: .error, file: input.tables.first?.file, position: nil, locale: nil,
                                    key: nil, table: nil, message: "nothing to check: the input holds no messages",
                                    hint: "give a project folder, a .xcstrings file, an Android res/ folder or an XLIFF file that has strings",
                                    subject: "no-messages"))
        }

        // Units of work: each table's source messages, each (table, locale) read up front, and
        // each deferred locale (read, checked in every table, and let go: the locales of a large
        // input are never in memory together). They run on every core.
        enum Unit: Sendable {
            /// The table's source messages at `messages` (all of them on one core).
            case source(table: Int, messages: Range<Int>)
            case locale(table: Int, locale: Int)
            case deferred(Int)
        }
        // On every core the process may use; on one (`taskset -c 0`, a one-CPU container), one
        // unit after the other: threads sharing a core gain nothing and would hold several
        // deferred locales in memory at once.
        let parallel = availableCores() > 1
        var allUnits: [Unit] = []
        for (t, table) in input.tables.enumerated() {
            // On several cores, a large table's source in pieces: small units that end the work
            // on every core at about the same time.
            let piece = parallel ? Self.sourcePiece : max(1, table.messages.count)
            for start in stride(from: 0, to: max(1, table.messages.count), by: piece) {
                allUnits.append(.source(table: t, messages: start..<min(table.messages.count, start + piece)))
            }
            for l in table.locales.indices { allUnits.append(.locale(table: t, locale: l)) }
        }
        for d in input.deferredLocales.indices { allUnits.append(.deferred(d)) }
        let units = allUnits
        func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
            if parallel { DispatchQueue.concurrentPerform(iterations: count, execute: body) } else { for index in 0..<count { body(index) } }
        }
        // Each table's facts, the tables side by side (and a large one's messages in pieces).
        let sharedFacts: [TableFacts]
        if parallel && input.tables.count > 1 {
            let made = Mutex<[TableFacts?]>(Array(repeating: nil, count: input.tables.count))
            DispatchQueue.concurrentPerform(iterations: input.tables.count) { t in
                let facts = TableFacts(input.tables[t], parallel: true)
                made.withLock { $0[t] = facts }
            }
            sharedFacts = made.withLock { $0 }.map { $0! }
        } else {
            sharedFacts = input.tables.map { TableFacts($0, parallel: parallel) }
        }
        // On several cores the units begin costliest first (deferred locales by their cost, then
        // the tables' own locales, then the pieces of the tables' sources): the last to finish
        // are small ones. Each unit's output keeps its place, and the findings are sorted, so the
        // order they run in changes nothing.
        var order = Array(units.indices)
        if parallel {
            func rank(_ unit: Unit) -> (Int, Int) {
                switch unit {
                case .deferred(let d): (1, -input.deferredLocales[d].cost)
                case .locale: (2, 0)
                case .source: (3, 0)
                }
            }
            order.sort { a, b in
                let (ra, rb) = (rank(units[a]), rank(units[b]))
                return ra != rb ? ra < rb : a < b
            }
        }
        let executionOrder = order
        let outputs = Mutex<[UnitOutput?]>(Array(repeating: nil, count: units.count))
        perform(units.count) { position in
            let index = executionOrder[position]
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
            case .source(let t, let messages):
                RuleRunner(input: input, table: input.tables[t], facts: sharedFacts[t], spokenSeconds: spokenSeconds)
                    .checkSource(messages, emitter: &emitter)
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
        // Every unit's findings sorted together where they are (each copied once, into the
        // sorted list).
        var parts: [[Finding]] = [findings]
        parts.reserveCapacity(2 * results.count + 2)
        for result in results {
            parts.append(result.diagnostics.map(finding))
            parts.append(result.findings)
            exempted += result.exempted
            if let first = result.firstLocale { seen.append(first) }
            counts += result.counts
            checked += result.checked
        }
        parts.append(UnknownLocaleRule.check(input, seen: seen))
        findings = Self.sorted(parts)
        Fingerprint.assign(&findings)
        let summarized = summaries(input, findings, counts: counts)
        if input.settings.releasesInBackground { BackgroundRelease.release(consume sharedFacts) }
        return CheckResult(findings: findings, summaries: summarized, exempted: exempted, checkedLocales: checked)
    }

    /// How many source messages a unit of work checks on several cores.
    static let sourcePiece = 1024

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
    /// finding of its diagnostic's id, counted in the summary of the locale `locale` gives for it
    /// (the locale of the file it is in; the source's when nil), in order, fingerprinted as the rest.
    public static func adding(_ diagnostics: [Diagnostic], to result: CheckResult, input: CheckInput,
                              locale: (Diagnostic) -> String? = { _ in nil }) -> CheckResult {
        guard !diagnostics.isEmpty else { return result }
        var result = result
        let added = diagnostics.map(finding)
        var findings = result.findings + added
        findings = Self.sorted(findings)
        Fingerprint.assign(&findings)
        result.findings = findings
        for (diagnostic, finding) in zip(diagnostics, added) {
            let tag = finding.locale ?? locale(diagnostic) ?? input.sourceTag
            guard let index = result.summaries.firstIndex(where: { $0.locale == tag }) else { continue }
            if finding.severity == .error { result.summaries[index].errors += 1 } else if finding.severity == .warning { result.summaries[index].warnings += 1 }
        }
        return result
    }

    /// `findings` in ``order(_:_:)``.
    static func sorted(_ findings: [Finding]) -> [Finding] {
        sorted([findings])
    }

    /// The findings of every part together, in ``order(_:_:)``. Their places are sorted, by each
    /// finding's file (as its rank among the files), line and column first — numbers, worked
    /// out once — and by ``order(_:_:)`` only when those are equal; then each finding is copied
    /// once (sorting the findings themselves would copy two at every comparison, and putting the
    /// parts together first would copy each once more). ``order(_:_:)`` tells any two different
    /// findings apart, so the result does not depend on how the findings are split into parts.
    static func sorted(_ parts: [[Finding]]) -> [Finding] {
        // Each finding's fields read in place, by part and index (a copy retains all of its texts).
        var fileSet = Set<String>()
        var total = 0
        for p in parts.indices {
            total += parts[p].count
            for i in parts[p].indices { fileSet.insert(parts[p][i].file ?? "") }
        }
        let files = fileSet.sorted()
        var rank: [String: Int] = Dictionary(minimumCapacity: files.count)
        for (i, file) in files.enumerated() { rank[file] = i }
        var places: [(part: Int, index: Int)] = []
        places.reserveCapacity(total)
        var keys: [(Int, Int, Int)] = []
        keys.reserveCapacity(total)
        for p in parts.indices {
            for i in parts[p].indices {
                let position = parts[p][i].position ?? SourcePosition(line: 0, column: 0)
                places.append((p, i))
                keys.append((rank[parts[p][i].file ?? ""]!, position.line, position.column))
            }
        }
        let order = places.indices.sorted { a, b in
            guard keys[a] == keys[b] else { return keys[a] < keys[b] }
            let (pa, ia) = places[a], (pb, ib) = places[b]
            return Self.order(parts[pa][ia], parts[pb][ib])
        }
        return order.map { parts[places[$0].part][places[$0].index] }
    }

    /// File, line, column, rule, then message: a stable order for every output, in which two
    /// findings are equal only when every text of theirs has the same UTF-8.
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
        if ea != eb { return ea < eb }
        // Texts spelled apart but canonically equivalent (é composed and decomposed) are equal
        // to Swift's comparisons above: their UTF-8 decides, so that such findings too come in
        // one order however the work was split.
        let texts: [(String, String)] = [(a.file ?? "", b.file ?? ""), (a.rule.rawValue, b.rule.rawValue), (a.locale ?? "", b.locale ?? ""),
                                         (a.message, b.message), (a.key ?? "", b.key ?? ""), (a.table ?? "", b.table ?? ""),
                                         (a.subject, b.subject), (a.hint ?? "", b.hint ?? "")]
        for (x, y) in texts where !x.utf8.elementsEqual(y.utf8) { return x.utf8.lexicographicallyPrecedes(y.utf8) }
        return false
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
        // Each finding's locale and severity read in place (a copy retains all of its texts).
        for i in findings.indices {
            let tag = findings[i].locale ?? input.sourceTag
            var c = found[tag, default: (0, 0)]
            if findings[i].severity == .error { c.errors += 1 } else if findings[i].severity == .warning { c.warnings += 1 }
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
