import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// Runs the rules for one table: its source messages (`checkSource`) or one of its locales. It
/// calls each rule's check (the rules are listed in `RuleRegistry`), where what the rule reads is
/// at hand:
///
/// * a message by itself, source or translation: ``checkMessage(_:written:emitter:)``, which
///   runs most rules over what one pass found (and ``checkPlurals(_:pattern:emitter:)`` for the
///   three plural rules);
/// * a platform message's printf formats: `format-mismatch`, in `checkSource` and
///   `checkTranslation`;
/// * a translation against its source: ``compareWithSource(_:pattern:newlines:skipPlaceholders:emitter:)``
///   (the argument rules, `format-mismatch` of a project, `untranslated`, the line breaks of
///   `whitespace`, the items of an Android array);
/// * a locale as a whole: `extra-key` as each translation is visited, `missing-translation` and
///   `key-family` when the locale is finished.
///
/// `unknown-locale` judges the input's locales once, in ``Checker``.
///
/// (A class: the checker keeps one for each table of a locale it checks as the locale is read,
/// and reaches it for every message without copying the input, table and facts it holds.)
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

    /// Checks the table's source messages at `range` (every one when nil): each message on its
    /// own, so that the messages may be checked in pieces, side by side, with the same findings.
    func checkSource(_ range: Range<Int>? = nil, emitter: inout Emitter) {
        let localeFacts = LocaleRuleFacts(input.sourceLocale, settings: settings)
        let unit = UnitContext(tableName: table.name, tag: input.sourceTag, locale: input.sourceLocale, isSource: true,
                               localeFacts: localeFacts)
        unit.sourceReachesEveryLocale = settings.sourceReachesEveryLocale
        // The messages read in place (``MessageContext``), not copied out of the list.
        table.messages.withUnsafeBufferPointer { messages in
            for i in range ?? messages.indices {
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
                        FormatMismatchRule.check(context, formats: formats, source: arguments, emitter: &emitter)
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
        // By index: each message is read in place, not copied out of the list.
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
            ExtraKeyRule.check(message.pointee, tag: check.unit.tag, table: table, facts: facts, emitter: &emitter)
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
        if emitter.isOn(.missingTranslation) {
            MissingTranslationRule.check(table, facts: facts, target: target, first: check.first, emitter: &emitter)
        }
        if emitter.isOn(.keyFamily) { KeyFamilyRule.check(table, facts: facts, target: target, check, emitter: &emitter) }
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
            FormatMismatchRule.check(context, formats: formats, source: arguments, emitter: &emitter)
            formatReported = emitter.findings.count > before
        }
        if facts.usages[index] != nil, let pattern = context.pattern {
            // A format the platform rejects is one defect: its ICU reading's missing or extra
            // arguments are not reported again.
            compareWithSource(context, pattern: pattern, newlines: written.newlines, skipPlaceholders: formatReported, emitter: &emitter)
        }
    }

    // MARK: One message

    /// The rules on one message, source or translation, by itself. Each rule's check runs behind
    /// its `isOn` and whatever else rules it out cheaply, and they share what one pass found: the
    /// facts of the written text (``WrittenTextFacts``, one pass over its bytes), its literal
    /// segments (made once, when a rule first needs them) and its plurals (found once for the
    /// three plural rules).
    func checkMessage(_ c: MessageContext, written: WrittenTextFacts, emitter: inout Emitter) {
        // Every bidi control and invisible character outside ASCII starts with one of these UTF-8
        // byte pairs: C2 80…9F and C2 AD (C1 controls, soft hyphen), D8 9C (U+061C), E1 A0
        // (U+180E), E2 80 and E2 81 (U+2000…U+207F), EF BB and EF BF (U+FEFF, U+FFFD); the rest
        // are ASCII controls. Text without them has nothing for these rules.
        if written.suspect && emitter.isOn(.bidiControl) {
            BidiControlRule.check(c, any: settings.reportAnyBidiControl, emitter: &emitter)
        }
        if (written.suspect || written.control) && emitter.isOn(.invisibleCharacter) {
            InvisibleCharacterRule.check(c, emitter: &emitter)
        }
        // The pattern unwrapped once (each `c.pattern` taken out is a copy).
        guard let pattern = c.pattern else {
            SyntaxErrorRule.check(c, emitter: &emitter)
            return
        }
        var segments = LazyLiteralSegments(pattern)
        if emitter.isOn(.whitespace) { WhitespaceRule.check(c, pattern: pattern, segments: &segments, written: written, emitter: &emitter) }
        // A segment with a `%` is a piece of a text with one.
        if emitter.isOn(.printfInjection) && written.percent { PrintfInjectionRule.check(c, segments: segments.get(), emitter: &emitter) }
        checkPlurals(c, pattern: pattern, emitter: &emitter)
        let isKorean = c.language == "ko"
        if c.role == .label {
            if emitter.isOn(.roleWord) { RoleWordRule.check(c, segments: &segments, emitter: &emitter) }
            if emitter.isOn(.labelStyle) { LabelStyleRule.check(c, pattern: pattern, emitter: &emitter) }
        }
        // An action fragment always gets the gesture from TalkBack. A hint gets it from Speakable
        // with "hintStyle": "gesture"; with "result" it says what happens, not how (Apple's
        // guidance). Either way the template that composes the gesture sentence ("Double tap to
        // {action}") names the gesture on purpose and says the rest with an argument.
        if emitter.isOn(.hintGesture) && (c.role == .action || c.role == .hint) {
            HintGestureRule.check(c, pattern: pattern, segments: &segments, written: written, hintStyle: settings.hintStyle,
                                  emitter: &emitter)
        }
        if c.role == .action && c.language == "en" && emitter.isOn(.actionFragment) {
            ActionFragmentRule.check(c, pattern: pattern, emitter: &emitter)
        }
        if isKorean && c.role == .action && emitter.isOn(.koreanActionForm) {
            KoreanActionFormRule.check(c, pattern: pattern, emitter: &emitter)
        }
        // A segment with a parenthesis is a piece of a text with one.
        if isKorean && emitter.isOn(.koreanParticle) && written.parenthesis {
            KoreanParticleRule.check(c, segments: segments.get(), emitter: &emitter)
        }
        if emitter.isOn(.overLong) {
            OverLongRule.check(c, pattern: pattern, settings: settings, spokenSeconds: spokenSeconds, emitter: &emitter)
        }
    }

    /// `plural-categories`, `unused-plural-category` and `plural-literal-number` on each plural
    /// and selectordinal of the message, with the locale's CLDR rules from ICU: the plurals are
    /// found once for the three.
    func checkPlurals(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        let categoriesOn = emitter.isOn(.pluralCategories)
        let unusedOn = emitter.isOn(.unusedPluralCategory)
        let literalOn = emitter.isOn(.pluralLiteralNumber)
        guard categoriesOn || unusedOn || literalOn else { return }
        guard PluralArguments.hasPlural(pattern.body) else { return }
        var plurals: [(ArgumentNode, PluralArgument)] = []
        PluralArguments.collectPlurals(pattern.body, into: &plurals)
        guard !plurals.isEmpty else { return }
        // Numbers written in a case are ASCII digits of the message (quoting adds none).
        var text = c.text.text
        let hasDigits = text.withUTF8 { bytes in bytes.contains { $0 >= 0x30 && $0 <= 0x39 } }
        for (argument, plural) in plurals {
            guard let info = c.localeFacts.pluralInfo(ordinal: plural.isOrdinal) else { continue }
            if unusedOn { UnusedPluralCategoryRule.check(c, argument, plural, info, emitter: &emitter) }
            if categoriesOn { PluralCategoriesRule.check(c, argument, plural, info, emitter: &emitter) }
            if literalOn && hasDigits { PluralLiteralNumberRule.check(c, argument, plural, info, emitter: &emitter) }
        }
    }

    /// Whether `path`'s UTF-8 starts with `item.` (its first byte first: almost no path starts
    /// with an `i`, and the generic `starts(with:)` over two UTF-8 views is slow).
    static func startsWithItemBytes(_ path: String) -> Bool {
        path.utf8.first == 0x69 && path.utf8.starts(with: "item.".utf8)
    }

    /// The rules that compare a translation with its source. `newlines`: the line feeds in the
    /// translation's text (``WrittenTextFacts/newlines``).
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
            let usages = pattern.argumentUsages
            if emitter.isOn(.placeholderMismatch) && !skipPlaceholders {
                PlaceholderMismatchRule.check(c, pattern: pattern, usages: usages, source: sourceUsages,
                                              selectorOnly: facts.selectorOnly[index], passedOnly: facts.passedOnly[index],
                                              composed: facts.composed[index], emitter: &emitter)
            }
            if emitter.isOn(.placeholderType) { PlaceholderTypeRule.check(c, usages: usages, source: sourceUsages, emitter: &emitter) }
            if emitter.isOn(.selectCases) {
                SelectCasesRule.check(c, pattern: pattern, usages: usages, source: sourceUsages, emitter: &emitter)
            }
            // Platform catalogs compare their printf formats instead (the ICU text derived from
            // them types every specifier the same way).
            if facts.sourceArguments[index] == nil && c.formats == nil && emitter.isOn(.formatMismatch) {
                FormatMismatchRule.checkProject(c, usages: usages, source: sourceUsages, emitter: &emitter)
            }
        }
        if emitter.isOn(.untranslated) {
            UntranslatedRule.check(c, pattern: pattern, sourceLocale: input.sourceLocale, settings: settings, emitter: &emitter)
        }
        // (The bytes first: a path that starts with the characters "item." starts with those bytes,
        // and almost none do.)
        if let formats = c.formats, formats.forms.contains(where: { Self.startsWithItemBytes($0.path) }),
           case let items = formats.forms.filter({ $0.path.hasPrefix("item.") }), !items.isEmpty,
           let sourceItems = table.messages[index].formats?.forms.filter({ $0.path.hasPrefix("item.") }) {
            // An Android <string-array>: its items, not line breaks, must match the source's.
            if items.count < sourceItems.count {
                if emitter.isOn(.missingTranslation) {
                    MissingTranslationRule.checkItems(c, items: items, sourceItems: sourceItems, emitter: &emitter)
                }
            } else if items.count > sourceItems.count {
                if emitter.isOn(.extraKey) { ExtraKeyRule.checkItems(c, items: items, sourceItems: sourceItems, emitter: &emitter) }
            }
            return
        }
        if emitter.isOn(.whitespace) {
            // Most messages have no line break, in the source or here.
            guard newlines > 0 || facts.literalNewlines[index] > 0 else { return }
            WhitespaceRule.compareLineBreaks(c, pattern: pattern, newlines: newlines, sourceNewlines: facts.literalNewlines[index],
                                             sourcePattern: table.messages[index].pattern, emitter: &emitter)
        }
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

    // MARK: Reporting

    static func emit(_ rule: Rule, _ c: MessageContext, range: Range<Int>, emitter: inout Emitter, message: String,
                     hint: String? = nil, subject: String = "") {
        let (position, end) = c.text.positions(ofUTF16Range: range)
        emitter.emit(rule, table: c.tableName, locale: c.tag, key: c.key, exemptions: c.source.exemptions, file: c.text.file,
                     position: position, end: end, message: message, hint: hint, subject: subject)
    }

    /// Reports what `printed` covers of `segment`'s printed text (positions in the message as
    /// written: ``sourceOffset(ofPrinted:in:source:)``).
    static func report(_ rule: Rule, _ c: MessageContext, segment: LiteralSegment, printed: Range<Int>, emitter: inout Emitter,
                       message: String, hint: String?, subject: String) {
        let start = sourceOffset(ofPrinted: printed.lowerBound, in: segment, source: c.text.text)
        let end = sourceOffset(ofPrinted: printed.upperBound, in: segment, source: c.text.text)
        emit(rule, c, range: start..<end, emitter: &emitter, message: message, hint: hint, subject: subject)
    }
}
