import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// One message in one locale, with everything a rule needs to report on it.
/// What every locale's check needs of a source message, shared by reference (copying a whole
/// ``SourceMessage`` for each translation was a measurable share of the check).
final class SourceInfo: Sendable {
    let role: Role?
    let examples: [[String: MessageArgument]]
    let maxSeconds: Double?
    let maxGraphemes: Int?
    let exemptions: [String: String]
    /// The source text as written.
    let text: String
    /// What the source prints first (last) can be a space or a line break: a translation that
    /// starts (ends) with one mirrors it.
    let startsWithSpace: Bool
    let endsWithSpace: Bool

    init(_ m: SourceMessage) {
        role = m.role
        examples = m.examples
        maxSeconds = m.maxSeconds
        maxGraphemes = m.maxGraphemes
        exemptions = m.exemptions
        text = m.text.text
        var starts = false
        var ends = false
        if let pattern = m.pattern {
            ScreenReaderRules.forEachEdgeText(pattern.body, atEnd: false) { text, _ in
                if let first = text.unicodeScalars.first, TextRules.isSpace(first) || first == "\n" { starts = true }
            }
            ScreenReaderRules.forEachEdgeText(pattern.body, atEnd: true) { text, _ in
                if let last = text.unicodeScalars.last, TextRules.isSpace(last) || last == "\n" { ends = true }
            }
        }
        startsWithSpace = starts
        endsWithSpace = ends
    }
}

/// What the rules look up by a locale's language, looked up once per locale checked (not by
/// hashing the language for every message).
final class LocaleRuleFacts: Sendable {
    let roleWords: [(word: String, what: String, units: [UInt16])]?
    let roleWordBytes: [[UInt8]]?
    let gestures: [(word: String, units: [UInt16])]?
    let gestureBytes: [[UInt8]]?
    let cardinal: PluralCategoryInfo?
    let ordinal: PluralCategoryInfo?
    /// The settings' budget of each role, by ``Role/allCases`` index.
    private let budgets: [Budget?]

    init(_ locale: ICULocale, settings: CheckSettings) {
        budgets = Role.allCases.map { settings.budgets[$0] }
        roleWords = ScreenReaderRules.roleWordUnits[locale.language]
        roleWordBytes = ScreenReaderRules.roleWordBytes[locale.language]
        gestures = ScreenReaderRules.gestureUnits[locale.language]
        gestureBytes = ScreenReaderRules.gestureBytes[locale.language]
        cardinal = PluralCategoryInfo.cached(for: locale, ordinal: false)
        ordinal = PluralCategoryInfo.cached(for: locale, ordinal: true)
    }

    func pluralInfo(ordinal isOrdinal: Bool) -> PluralCategoryInfo? { isOrdinal ? ordinal : cardinal }

    /// `settings.budgets[role]`, without hashing the role.
    func budget(for role: Role) -> Budget? {
        switch role {
        case .label: budgets[0]
        case .value: budgets[1]
        case .hint: budgets[2]
        case .action: budgets[3]
        case .announcement: budgets[4]
        case .text: budgets[5]
        }
    }
}

struct MessageContext {
    /// What every message of the unit being checked shares (one reference, not five values
    /// retained and released per message).
    let unit: UnitContext
    let source: SourceInfo
    let sourceIndex: Int?
    /// The message, read in place: the list it is in is held by the caller for as long as the
    /// context is used (a context is made for one message's rules and never kept). Copying its
    /// key, text, pattern and formats into the context retained and released about eight
    /// references a message. (A source message is read as a translation made of it.)
    private let message: UnsafePointer<TargetMessage>

    /// The context of the message at `message` (in a list the caller holds while it is used).
    init(unit: UnitContext, source: SourceInfo, sourceIndex: Int?, message: UnsafePointer<TargetMessage>) {
        self.unit = unit
        self.source = source
        self.sourceIndex = sourceIndex
        self.message = message
    }

    // Addressors: the caller reads the message's own values (a getter would copy each, and a
    // `_read` coroutine allocated its frame).
    var key: String { unsafeAddress { message.pointer(to: \.key)! } }
    var text: PositionedText { unsafeAddress { message.pointer(to: \.text)! } }
    var pattern: MessagePattern? { unsafeAddress { message.pointer(to: \.pattern)! } }
    /// The platform formats of this text (platform catalogs only).
    var formats: PlatformFormats? { unsafeAddress { message.pointer(to: \.formats)! } }

    var tableName: String { unit.tableName }
    /// The locale tag this text is in.
    var tag: String { unit.tag }
    var locale: ICULocale { unit.locale }
    var isSource: Bool { unit.isSource }
    /// The facts of ``locale``.
    var localeFacts: LocaleRuleFacts { unit.localeFacts }
    var language: String { unit.locale.language }
    var role: Role? { source.role }
}

/// The table and locale a ``MessageContext`` is in: one per unit checked (a table's source, or one
/// of its locales).
final class UnitContext {
    let tableName: String
    let tag: String
    let locale: ICULocale
    let isSource: Bool
    let localeFacts: LocaleRuleFacts
    /// ``CheckSettings/sourceReachesEveryLocale``, for the source.
    var sourceReachesEveryLocale = false

    init(tableName: String, tag: String, locale: ICULocale, isSource: Bool, localeFacts: LocaleRuleFacts) {
        self.tableName = tableName
        self.tag = tag
        self.locale = locale
        self.isSource = isSource
        self.localeFacts = localeFacts
    }
}

/// Runs the rules for one table: its source messages (`checkSource`) or one of its locales.
/// (A class: the checker keeps one for each message of a locale it checks as the locale is read,
/// and a copy of a struct of the input, table and facts retained each list they hold.)
final class RuleRunner {
    let input: CheckInput
    let table: CheckTable
    let facts: TableFacts
    let spokenSeconds: Checker.SpokenSeconds?

    init(input: CheckInput, table: CheckTable, facts: TableFacts, spokenSeconds: Checker.SpokenSeconds?) {
        self.input = input
        self.table = table
        self.facts = facts
        self.spokenSeconds = spokenSeconds
    }

    var settings: CheckSettings { input.settings }

    // MARK: Units

    func checkSource(emitter: inout Emitter) {
        let localeFacts = LocaleRuleFacts(input.sourceLocale, settings: settings)
        let unit = UnitContext(tableName: table.name, tag: input.sourceTag, locale: input.sourceLocale, isSource: true,
                               localeFacts: localeFacts)
        unit.sourceReachesEveryLocale = settings.sourceReachesEveryLocale
        // The messages read in place (``MessageContext``), not copied out of the list.
        table.messages.withUnsafeBufferPointer { messages in
            for i in messages.indices {
                let message = messages.baseAddress! + i
                for id in message.pointee.exemptions.keys.sorted() {
                    let rule = id.split(separator: "@", maxSplits: 1).first.map(String.init) ?? id
                    guard Rule(rawValue: rule) == nil else { continue }
                    emitter.findings.append(Finding(
                        rule: "unknown-rule", severity: .error, file: message.pointee.text.file, position: message.pointee.keyPosition,
                        locale: input.sourceTag, key: message.pointee.key, table: table.name,
                        message: "the exemption '\(id)' names no rule of speakable check", hint: Checker.suggestion(for: rule),
                        subject: id))
                }
                // (10,000 copies of source messages cost less than a second kind of context.)
                let asTarget = TargetMessage(key: message.pointee.key, keyPosition: message.pointee.keyPosition,
                                             text: message.pointee.text, pattern: message.pointee.pattern,
                                             formats: message.pointee.formats)
                withUnsafePointer(to: asTarget) { target in
                    let context = MessageContext(unit: unit, source: facts.info[i], sourceIndex: i, message: target)
                    let written = WrittenTextFacts(context.text.text)
                    checkMessage(context, written: written, emitter: &emitter)
                    if let formats = context.formats, let arguments = facts.sourceArguments[i], emitter.isOn(.formatMismatch) {
                        FormatRules.check(context, formats: formats, source: arguments, emitter: &emitter)
                    }
                }
            }
        }
    }

    /// Checks one locale's translations of the table; returns how many source keys it translates
    /// and how many of those wait for review (a key translated twice, as in Android variants such
    /// as values-ko-night, counts once, at its least finished state).
    @discardableResult
    func checkLocale(_ target: TargetLocale, emitter: inout Emitter) -> (translated: Int, needsReview: Int) {
        var check = beginLocale(tag: target.tag, locale: target.locale)
        // By index: copying each message out of the list retained every part of it.
        target.messages.withUnsafeBufferPointer { messages in
            for m in messages.indices { visit(messages.baseAddress! + m, number: m, check: &check, emitter: &emitter) }
        }
        return finishLocale(target, check, emitter: &emitter)
    }

    /// One locale's check under way: ``checkLocale(_:emitter:)`` in three steps, so that a
    /// reader can have each translation checked as soon as it is made (``visit(_:number:check:emitter:)``,
    /// while the message is still in the processor's cache), then the locale's own checks run on
    /// the whole list (``finishLocale(_:_:emitter:)``). The same findings in the same order.
    struct LocaleCheck {
        let unit: UnitContext
        /// Per source index: the first translation of it (its index in the locale's messages),
        /// -1 when there is none, and the least finished review state of its translations.
        var first: [Int32]
        var state: [ReviewState?]
        /// The source index after the previous translation's.
        var next = 0
        /// What the checks of the whole locale read of its messages, kept as they are visited
        /// (a streamed locale's messages are gone by then): the first message's key position,
        /// and the file and key position of the first translation of each key-family label.
        var firstKeyPosition: SourcePosition?
        var labelFirsts: [Int: (file: String, position: SourcePosition)] = [:]
        /// For a locale ICU has no data for (`unknown-locale`): letters by script in its first
        /// 200 messages; nil for the others.
        var scriptLetters: [String: Int]?
    }

    func beginLocale(tag: String, locale: ICULocale) -> LocaleCheck {
        LocaleCheck(unit: UnitContext(tableName: table.name, tag: tag, locale: locale, isSource: false,
                                      localeFacts: LocaleRuleFacts(locale, settings: settings)),
                    first: [Int32](repeating: -1, count: table.messages.count),
                    state: [ReviewState?](repeating: nil, count: table.messages.count),
                    scriptLetters: locale.hasLanguageData ? nil : [:])
    }

    /// Checks translation `m` (`message`, in place) of the locale `check` is of.
    func visit(_ message: UnsafePointer<TargetMessage>, number m: Int, check: inout LocaleCheck, emitter: inout Emitter) {
        // Translations mostly come in the source's order: the source key after the previous
        // translation's is compared first (when it is the first message with its key, as
        // ``TableFacts/byKey`` has it), and the table hashed only when that is not the key.
        if m == 0 { check.firstKeyPosition = message.pointee.keyPosition }
        if check.scriptLetters != nil, m < 200 {
            for (script, n) in UnicodeScript.letterCounts(message.pointee.text.text) { check.scriptLetters![script, default: 0] += n }
        }
        let next = check.next
        let found: Int?
        if next < facts.keys.count, facts.firstIndex[next] == next, facts.keys[next] == message.pointee.key {
            found = next
        } else {
            found = facts.byKey[message.pointee.key]
        }
        guard let index = found else {
            let translation = message.pointee
            let tag = check.unit.tag
            if let slash = translation.key.firstIndex(of: "/"),
               let other = facts.androidKeysByName[String(translation.key[translation.key.index(after: slash)...])] {
                // Android: the same name as another type of resource.
                emitter.emit(.extraKey, table: table.name, locale: tag, key: translation.key, exemptions: [:],
                             file: translation.text.file, position: translation.keyPosition,
                             message: "'\(translation.key)' is not in the source, which has '\(other)' of that name (\(table.file)): aapt2 link removes this translation (\"without required default value\"), so \(tag) users get the source's \(PlatformInput.elementName(other))",
                             hint: "translate it as \(PlatformInput.elementName(other)) like the source", subject: "type:\(other)")
                return
            }
            emitter.emit(.extraKey, table: table.name, locale: tag, key: translation.key, exemptions: [:],
                         file: translation.text.file, position: translation.keyPosition,
                         message: "'\(translation.key)' is not a key of the source (\(table.file))",
                         hint: "remove it, or add the message to the source if it is new", subject: "")
            return
        }
        check.next = index + 1
        if check.first[index] < 0 {
            check.first[index] = Int32(m)
            if !facts.familyLabels.isEmpty, facts.familyLabels.contains(index) {
                check.labelFirsts[index] = (message.pointee.text.file, message.pointee.keyPosition)
            }
        }
        switch (check.state[index], message.pointee.state) {
        case (nil, let s), (.translated?, let s): check.state[index] = s
        case (.needsReview?, .new): check.state[index] = .new
        default: break
        }
        checkTranslation(message, index: index, unit: check.unit, emitter: &emitter)
    }

    /// The checks of the whole locale once each of its messages was visited: missing
    /// translations, key families, and the counts ``checkLocale(_:emitter:)`` returns. Reads
    /// `target`'s tag and file, not its messages (a streamed locale has none left).
    func finishLocale(_ target: TargetLocale, _ check: LocaleCheck, emitter: inout Emitter) -> (translated: Int, needsReview: Int) {
        let first = check.first
        let shownFile = target.file + (target.fileExists ? "" : ", which does not exist yet")
        for index in facts.keys.indices where first[facts.firstIndex[index]] < 0 {
            emitter.emit(.missingTranslation, table: table.name, locale: target.tag, key: table.messages[index].key,
                         exemptions: table.messages[index].exemptions, file: table.messages[index].text.file,
                         position: table.messages[index].keyPosition,
                         message: "'\(table.messages[index].key)' has no \(target.tag) translation (\(shownFile))",
                         hint: "translate it in \(target.file); until then \(target.tag) users hear the source text")
        }
        checkKeyFamilies(target, check, emitter: &emitter)
        var translated = 0
        var needsReview = 0
        for s in check.state {
            switch s {
            case .translated?: translated += 1
            case .needsReview?: needsReview += 1
            case .new?, nil: break
            }
        }
        return (translated, needsReview)
    }

    /// The rules on translation `message` (read in place: copying the message retained and
    /// released every part of it) of source message `index`.
    private func checkTranslation(_ message: UnsafePointer<TargetMessage>, index: Int, unit: UnitContext, emitter: inout Emitter) {
        let context = MessageContext(unit: unit, source: facts.info[index], sourceIndex: index, message: message)
        let written = WrittenTextFacts(context.text.text)
        checkMessage(context, written: written, emitter: &emitter)
        var formatReported = false
        if let formats = context.formats, let arguments = facts.sourceArguments[index], emitter.isOn(.formatMismatch) {
            let before = emitter.findings.count
            FormatRules.check(context, formats: formats, source: arguments, emitter: &emitter)
            formatReported = emitter.findings.count > before
        }
        if facts.usages[index] != nil, let pattern = context.pattern {
            // A format the platform rejects is one defect: its ICU reading's missing or extra
            // arguments are not reported again.
            compareWithSource(context, pattern: pattern, newlines: written.newlines, skipPlaceholders: formatReported, emitter: &emitter)
        }
    }

    // MARK: One message

    func checkMessage(_ c: MessageContext, written: WrittenTextFacts, emitter: inout Emitter) {
        // The pattern unwrapped once (each `c.pattern` taken out is a copy: two retains).
        guard let pattern = c.pattern else {
            reportSyntaxErrors(c, emitter: &emitter)
            var none: LazyLiteralSegments? = nil
            TextRules.check(c, segments: &none, written: written, settings: settings, emitter: &emitter)
            return
        }
        var segments: LazyLiteralSegments? = LazyLiteralSegments(pattern)
        TextRules.check(c, segments: &segments, written: written, settings: settings, emitter: &emitter)
        guard segments != nil else { return }
        PluralRulesCheck.check(c, pattern: pattern, emitter: &emitter)
        ScreenReaderRules.check(c, pattern: pattern, segments: &segments!, written: written, settings: settings, emitter: &emitter)
        if emitter.isOn(.overLong) {
            LengthRule.check(c, pattern: pattern, settings: settings, spokenSeconds: spokenSeconds, emitter: &emitter)
        }
    }

    func reportSyntaxErrors(_ c: MessageContext, emitter: inout Emitter) {
        do {
            _ = try MessagePattern(c.text.text)
        } catch {
            for problem in error.errors {
                emit(.syntaxError, c, range: problem.range, emitter: &emitter,
                     message: problem.message + " (\(problem.id))", hint: problem.hint, subject: problem.id)
            }
        }
    }

    /// Whether `path`'s UTF-8 starts with `item.` (its first byte first: the generic
    /// `starts(with:)` over two UTF-8 views cost about 130 instructions a form).
    static func startsWithItemBytes(_ path: String) -> Bool {
        path.utf8.first == 0x69 && path.utf8.starts(with: "item.".utf8)
    }

    /// `newlines`: the line feeds in the translation's text (``WrittenTextFacts/newlines``).
    func compareWithSource(_ c: MessageContext, pattern: MessagePattern, newlines: Int, skipPlaceholders: Bool = false,
                           emitter: inout Emitter) {
        guard let index = c.sourceIndex, let sourceUsages = facts.usages[index] else { return }
        // Arguments used exactly as the source uses them (the same names, each of the same kind,
        // none used two ways) give the argument rules and the project's format check nothing to
        // report: only a translation that differs is compared in full.
        let same = facts.kinds[index].map { source in
            Self.usesArgumentsAlike(pattern, source) ?? {
                let kinds = pattern.argumentKinds
                return source.count == kinds.count && zip(source, kinds).allSatisfy { a, b in
                    a.name == b.name && a.kind == b.kind && { if case .conflicting = a.kind { false } else { true } }()
                }
            }()
        } ?? false
        if !same {
            ArgumentRules.compare(c, pattern: pattern, sourceUsages: sourceUsages, selectorOnly: facts.selectorOnly[index],
                                  passedOnly: facts.passedOnly[index], composed: facts.composed[index], skipMismatch: skipPlaceholders,
                                  emitter: &emitter)
            // Platform catalogs compare their printf formats instead (the ICU text derived from
            // them types every specifier the same way).
            if facts.sourceArguments[index] == nil && c.formats == nil && emitter.isOn(.formatMismatch) {
                FormatRules.checkProject(c, usages: pattern.argumentUsages, source: sourceUsages, emitter: &emitter)
            }
        }
        if emitter.isOn(.untranslated) {
            TextRules.untranslated(c, pattern: pattern, sourceLocale: input.sourceLocale, settings: settings, emitter: &emitter)
        }
        // (The bytes first: a path that starts with the characters "item." starts with those bytes,
        // and almost none do.)
        if let formats = c.formats, formats.forms.contains(where: { Self.startsWithItemBytes($0.path) }),
           case let items = formats.forms.filter({ $0.path.hasPrefix("item.") }), !items.isEmpty,
           let sourceItems = table.messages[index].formats?.forms.filter({ $0.path.hasPrefix("item.") }) {
            // An Android <string-array>: its items, not line breaks, must match the source's.
            if items.count != sourceItems.count {
                let rule: Rule = items.count < sourceItems.count ? .missingTranslation : .extraKey
                let position = items.count < sourceItems.count ? items.last!.position(0) : items[sourceItems.count].position(0)
                emitter.emit(rule, table: table.name, locale: c.tag, key: c.key, exemptions: c.source.exemptions, file: c.text.file,
                             position: position,
                             message: items.count < sourceItems.count
                                 ? "the \(c.tag) array has \(items.count) item\(items.count == 1 ? "" : "s"), the source \(sourceItems.count): code that reads item \(items.count) (from 0) or later gets an ArrayIndexOutOfBoundsException, and a list shows fewer choices"
                                 : "the \(c.tag) array has \(items.count) items, the source \(sourceItems.count): the items after \(sourceItems.count) belong to no source item",
                             hint: "translate every item of the source's array, in the same order", subject: "items:\(items.count)/\(sourceItems.count)")
            }
            return
        }
        if emitter.isOn(.whitespace) {
            let count = newlines
            let expected = facts.literalNewlines[index]
            // Most messages have no line break, in the source or here.
            guard count > 0 || expected > 0 else { return }
            if let sourcePattern = table.messages[index].pattern, LineBreaks.hasCases(pattern.body) || LineBreaks.hasCases(sourcePattern.body) {
                compareLineBreaksByForm(c, pattern: pattern, source: sourcePattern, sourceText: c.source.text, emitter: &emitter)
            } else if count != expected {
                // HTML breaks count too (``LineBreaks/breaks(_:in:)``): looked for only now.
                let breaks = LineBreaks.breaks(Array(c.text.text.utf16), in: 0..<c.text.text.utf16.count)
                let sourceBreaks = expected + LineBreaks.htmlBreaks(c.source.text)
                guard breaks.count != sourceBreaks else { return }
                let first = breaks.first ?? 0
                emit(.whitespace, c, range: first..<first, emitter: &emitter,
                     message: "the translation has \(breaks.count) line break\(breaks.count == 1 ? "" : "s"), the source \(sourceBreaks)",
                     hint: "screen readers pause or say \"new line\" at a break; keep the source's breaks", subject: "newlines")
            }
        }
    }

    /// Line breaks of a message with plurals or selects: each form the translation prints (a case
    /// of each, with the text around them) against the counts the source's forms print. A
    /// plural's cases are compared as forms, not added up: an English `<plurals>` of two items
    /// with a break each and a Russian one of four print one break either way.
    func compareLineBreaksByForm(_ c: MessageContext, pattern: MessagePattern, source: MessagePattern, sourceText: String,
                                 emitter: inout Emitter) {
        let expected = LineBreaks.forms(source.body, text: sourceText).map(\.count)
        guard let form = LineBreaks.forms(pattern.body, text: c.text.text).first(where: { !expected.contains($0.count) }) else { return }
        let at = form.firstBreak ?? form.caseStart ?? 0
        let which = form.caseName.map { "the translation's '\($0)' case has" } ?? "the translation has"
        emit(.whitespace, c, range: at..<at, emitter: &emitter,
             message: "\(which) \(form.count) line break\(form.count == 1 ? "" : "s"), the source \(LineBreaks.describe(expected))",
             hint: "screen readers pause or say \"new line\" at a break; keep the source's breaks", subject: "newlines")
    }

    /// Whether `pattern`'s ``MessagePattern/argumentKinds`` equal `source` (none conflicting),
    /// decided without making the list: true when every argument of `source` is used and every
    /// typed use is of the source's kind, false when a name differs, a source argument is unused
    /// or a kind conflicts; nil when uses of other kinds would have to be combined (then the full
    /// comparison decides).
    static func usesArgumentsAlike(_ pattern: MessagePattern, _ source: [(name: String, kind: ArgumentUsage.Kind)]) -> Bool? {
        guard source.count <= 64 else { return nil }
        for entry in source { if case .conflicting = entry.kind { return false } }
        var used: UInt64 = 0
        var typed: UInt64 = 0
        guard let alike = uses(pattern.body, source, used: &used, typed: &typed) else { return nil }
        guard alike else { return false }
        for (i, entry) in source.enumerated() {
            let bit: UInt64 = 1 << UInt64(i)
            if used & bit == 0 { return false }
            if case .untyped = entry.kind { continue }
            if typed & bit == 0 { return false }
        }
        return true
    }

    /// ``usesArgumentsAlike(_:_:)`` over one body: false for a name `source` lacks, nil for a use
    /// of another kind than the source's.
    private static func uses(_ body: MessageBody, _ source: [(name: String, kind: ArgumentUsage.Kind)],
                             used: inout UInt64, typed: inout UInt64) -> Bool? {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            guard let i = source.firstIndex(where: { $0.name == argument.name }) else { return false }
            let bit: UInt64 = 1 << UInt64(i)
            used |= bit
            let expected = source[i].kind
            switch argument.kind {
            case .none:
                continue
            case .simple(let simple):
                switch (simple.type, expected) {
                case (.date, .date), (.time, .date), (.number, .number), (.spellout, .number), (.ordinal, .number),
                     (.duration, .number): typed |= bit
                // A number use of a plural's (or selectordinal's) argument combines to the plural's
                // kind (`{1, number}` in a case of `{1, plural, …}`, as a String Catalog's plural
                // converts): alike when a plural use sets the typed bit, and unlike (the bit never
                // set) when there is none.
                case (.number, .plural), (.spellout, .plural), (.ordinal, .plural), (.duration, .plural),
                     (.number, .ordinal), (.spellout, .ordinal), (.ordinal, .ordinal), (.duration, .ordinal): break
                default: return nil
                }
            case .choice(let choice):
                switch expected {
                case .number: typed |= bit
                case .plural, .ordinal: break
                default: return nil
                }
                for item in choice.cases {
                    guard let alike = uses(item.message, source, used: &used, typed: &typed) else { return nil }
                    if !alike { return false }
                }
            case .plural(let plural):
                switch (plural.isOrdinal, expected) {
                case (false, .plural), (true, .ordinal): typed |= bit
                default: return nil
                }
                for item in plural.cases {
                    guard let alike = uses(item.message, source, used: &used, typed: &typed) else { return nil }
                    if !alike { return false }
                }
            case .select(let select):
                guard case .select(let cases) = expected, cases.count == select.cases.count,
                      zip(cases, select.cases).allSatisfy({ $0 == $1.key }) else { return nil }
                typed |= bit
                for item in select.cases {
                    guard let alike = uses(item.message, source, used: &used, typed: &typed) else { return nil }
                    if !alike { return false }
                }
            }
        }
        return true
    }

    // MARK: key-family

    func checkKeyFamilies(_ target: TargetLocale, _ check: LocaleCheck, emitter: inout Emitter) {
        guard emitter.isOn(.keyFamily) else { return }
        let first = check.first
        // The families are found once per table (TableFacts), not again for every locale.
        for family in facts.keyFamilies where first[family.label] >= 0 {
            for sibling in family.siblings where first[sibling.index] < 0 {
                // The first translation with the label's key (every such key has the label's index).
                guard let translated = check.labelFirsts[family.label] else { continue }
                let message = table.messages[family.message]
                emitter.emit(.keyFamily, table: table.name, locale: target.tag, key: family.key, exemptions: message.exemptions,
                             file: translated.file, position: translated.position,
                             message: "'\(family.key)' is translated into \(target.tag) but its sibling '\(sibling.key)' is not: one element would speak two languages",
                             hint: "translate '\(sibling.key)' too", subject: sibling.key)
            }
        }
    }

    /// `"cell.label"` → ("cell", "."); `"cell_label"` → ("cell", "_").
    static func labelStem(_ key: String) -> (String, String)? {
        // Only a key whose UTF-8 ends in ".label" or "_label" can (no other spelling of those
        // characters is canonically equivalent): most keys are ruled out without comparing
        // characters.
        var bytes = key.utf8.reversed().makeIterator()
        guard bytes.next() == 0x6C, bytes.next() == 0x65, bytes.next() == 0x62, bytes.next() == 0x61, bytes.next() == 0x6C,
              let separator = bytes.next(), separator == 0x2E || separator == 0x5F else { return nil }
        for separator in [".", "_"] where key.hasSuffix(separator + "label") {
            let stem = String(key.dropLast(separator.count + 5))
            if !stem.isEmpty { return (stem, separator) }
        }
        return nil
    }

    // MARK: Reporting

    func emit(_ rule: Rule, _ c: MessageContext, range: Range<Int>, emitter: inout Emitter, message: String,
              hint: String? = nil, subject: String = "") {
        RuleRunner.emit(rule, c, range: range, emitter: &emitter, message: message, hint: hint, subject: subject)
    }

    static func emit(_ rule: Rule, _ c: MessageContext, range: Range<Int>, emitter: inout Emitter, message: String,
                     hint: String? = nil, subject: String = "") {
        emitter.emit(rule, table: c.tableName, locale: c.tag, key: c.key, exemptions: c.source.exemptions, file: c.text.file,
                     position: c.text.position(ofUTF16Offset: range.lowerBound),
                     end: range.isEmpty ? nil : c.text.position(ofUTF16Offset: range.upperBound),
                     message: message, hint: hint, subject: subject)
    }
}
