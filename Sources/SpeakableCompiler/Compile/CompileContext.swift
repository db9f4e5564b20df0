import Dispatch
import FoundationEssentials
import Synchronization
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableEscaping
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// One locale's text of a message being prepared (the template's first): a class, so that the
/// several passes over a message's locales share it instead of copying its fields.
final class LocaleText {
    let tag: String
    let file: String
    /// Nil: ICU does not take the tag.
    let locale: ICULocale?
    /// Where the text is written (read only for diagnostics: kept where it is, not copied).
    var source: SourceText { translation?.source ?? templateSource! }
    /// The translation the text is; nil for the template's text (``templateSource``).
    private let translation: Translation?
    private let templateSource: SourceText?
    /// The text, with the variant's select cases chosen.
    let body: MessageBody
    /// Where the locale is among the table's: 0 for the source, 1 + its index in
    /// ``CompileContext/targetLocaleFiles``.
    let place: Int

    /// The template's text.
    init(tag: String, file: String, locale: ICULocale?, source: SourceText, body: MessageBody, place: Int) {
        self.tag = tag
        self.file = file
        self.locale = locale
        self.translation = nil
        self.templateSource = source
        self.body = body
        self.place = place
    }

    /// A translation's text.
    init(tag: String, file: String, locale: ICULocale?, translation: Translation, body: MessageBody, place: Int) {
        self.tag = tag
        self.file = file
        self.locale = locale
        self.translation = translation
        self.templateSource = nil
        self.body = body
        self.place = place
    }
}

struct CompileContext {
    let project: Project
    let options: CompileOptions
    let metadata: [String: TableMetadata]
    var diagnostics: [Diagnostic] = []
    /// The diagnostics ``reportOnce(_:)`` added, to add each once in constant time (a table
    /// with many problems would otherwise take quadratic time).
    var reported = Set<Diagnostic>()
    /// Per locale tag and kind of number format (`decimal`, `skeleton`): the messages that
    /// print grouped integers (the first few, and how many), where the file is (for the
    /// `catalog-number-grouping` warnings).
    var groupedIntegers: [String: [IntegerStyle: GroupedIntegerUses]] = [:]
    /// While a table is prepared, its ``groupedIntegers`` by locale place (``LocaleText/place``)
    /// and kind (decimal, skeleton: `2 × place + 0 or 1`), added to ``groupedIntegers`` when the
    /// table is done.
    var groupedIntegersByPlace: [GroupedIntegerUses?] = []
    /// Only errors are wanted (``CatalogCompiler/validate(_:options:metadata:only:)``): what only
    /// warnings need is not worked out.
    var validating = false
    /// Prepare only these messages (`"<table>\u{0}<key>"`, with the number of locales screened
    /// out that say what the template says); of the others only the keys and Android names are
    /// recorded (``screenedNames``).
    var only: [String: Int]?
    /// The Android resource of each message not prepared.
    var screenedNames: [ScreenedName] = []
    /// The locale files of the table being prepared (not the source locale), in tag order.
    var targetLocaleFiles: [LocaleFile] = []
    /// Per file of ``targetLocaleFiles``: where the translation of the last message looked up
    /// was + 1, where the next message's usually is (messages are prepared in template order).
    var nextTranslations: [Int] = []
    /// Whether a translation of no message of the table is an `unknown-key` warning (not when
    /// the table prepared is a part of one: ``CatalogCompiler/prepareInParts(_:options:parts:)``).
    var reportsUnknownKeys = true

    struct GroupedIntegerUses {
        var keys: [String] = []
        var count = 0
        var lastKey: String?
        var file: String
    }

    /// The source locale as ICU reads it (nil: ICU does not take its tag).
    let sourceICU: ICULocale?

    init(project: Project, options: CompileOptions, metadata: [String: TableMetadata]) {
        self.project = project
        self.options = options
        self.metadata = metadata
        self.sourceICU = try? ICULocale(project.config.sourceLocale)
    }

    var needsPlatformForms: Bool {
        options.outputs.contains(.xcstrings) || options.outputs.contains(.android) || options.outputs.contains(.swift)
            || options.outputs.contains(.compose)
    }

    /// Adds `diagnostic` unless it was reported already (select cases give the same problem).
    mutating func reportOnce(_ diagnostic: Diagnostic) {
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    mutating func error(_ id: String, _ message: String, file: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.append(Diagnostic(severity: .error, id: id, message: message, file: file, position: position, hint: hint))
    }

    mutating func prepare(_ table: Table) -> [PreparedMessage] {
        var result: [PreparedMessage] = []
        let sourceLocale = project.config.sourceLocale
        targetLocaleFiles = table.locales.keys.sorted().filter { $0 != sourceLocale }.map { table.locales[$0]! }
        nextTranslations = Array(repeating: 0, count: targetLocaleFiles.count)
        groupedIntegersByPlace = Array(repeating: nil, count: 2 * (targetLocaleFiles.count + 1))
        defer {
            var found: [String: [IntegerStyle: GroupedIntegerUses]] = [:]
            for (slot, uses) in groupedIntegersByPlace.enumerated() {
                guard let uses else { continue }
                let tag = slot < 2 ? sourceLocale : targetLocaleFiles[slot / 2 - 1].tag
                found[tag, default: [:]][slot % 2 == 0 ? .decimal : .skeleton] = uses
            }
            merge(groupedIntegers: found)
            groupedIntegersByPlace = []
        }
        var appleKeys: [String: String] = [:]
        let tableMetadata = metadata[table.name]
        for message in table.messages {
            guard let pattern = message.pattern else { continue }
            let meta = tableMetadata?[message.key]
            if let only, only[table.name + "\u{0}" + message.key] == nil {
                // Screened as one that cannot be refused: its key and name still take part in
                // the collision checks (no selects: one of each; no =N: no companions).
                guard !message.runtimeOnly else { continue }
                let appleKey = Self.appleKey(message, meta: meta, choices: [])
                if let other = appleKeys[appleKey] {
                    error("catalog-key-collision", "message '\(message.key)' would use the catalog key '\(appleKey)', which '\(other)' already uses",
                          file: table.file, at: message.keyPosition,
                          hint: "keys of select cases are <key>__<argument>_<case>; rename one of the messages")
                }
                appleKeys[appleKey] = message.key
                let plural = pattern.body.parts.contains { part in
                    if case .argument(let node) = part, case .plural = node.kind { true } else { false }
                }
                screenedNames.append(ScreenedName(owner: "\(table.name):\(message.key)", kind: plural ? "plurals" : "string",
                                                  name: Self.androidResourceName(Self.androidBase(message, meta: meta, choices: []))))
                continue
            }
            let kinds = argumentKinds(message, pattern, file: table.file, metadata: meta)
            var variants: [PreparedMessage.Variant] = []
            if !message.runtimeOnly, rejectsFractionalPlural(message, pattern, kinds: kinds, table: table) { continue }
            if !message.runtimeOnly {
                // Counted before anything is built: 26 two-case selects are 67 million keys.
                let count = SelectExpansion.combinationCount(of: pattern.body)
                if count > SelectExpansion.maximumCombinations {
                    error("catalog-too-many-cases",
                          "message '\(message.key)' has \(count == Int.max ? "more than \(Int.max)" : String(count)) combinations of select cases; platform catalogs would need one key each (at most \(SelectExpansion.maximumCombinations))",
                          file: table.file, at: message.keyPosition, hint: "split the message, or mark it runtimeOnly")
                    continue
                }
                for choices in SelectExpansion.combinations(of: pattern.body) {
                    let body = SelectExpansion.prune(pattern.body, choosing: choices)
                    let appleKey = Self.appleKey(message, meta: meta, choices: choices)
                    let androidName = Self.androidResourceName(Self.androidBase(message, meta: meta, choices: choices))
                    if let other = appleKeys[appleKey] {
                        error("catalog-key-collision", "message '\(message.key)' would use the catalog key '\(appleKey)', which '\(other)' already uses",
                              file: table.file, at: message.keyPosition,
                              hint: "keys of select cases are <key>__<argument>_<case>; rename one of the messages")
                    }
                    appleKeys[appleKey] = message.key
                    let prepared = variant(message, table: table, choices: choices, body: body, appleKey: appleKey,
                                           androidName: androidName, kinds: kinds, meta: meta)
                    for companion in prepared.appleLayout.companions {
                        let companionKey = appleKey + companion.suffix
                        if let other = appleKeys[companionKey], other != message.key {
                            error("catalog-key-collision", "message '\(message.key)' would use the catalog key '\(companionKey)' for \(companion.argument) = \(companion.value), which '\(other)' already uses",
                                  file: table.file, at: message.keyPosition, hint: "rename one of the messages")
                        }
                        appleKeys[companionKey] = message.key
                    }
                    variants.append(prepared)
                }
            }
            result.append(PreparedMessage(template: message, pattern: pattern, kinds: kinds, variants: variants, metadata: meta))
        }
        if reportsUnknownKeys { diagnostics += Self.unknownKeys(table) }
        return result
    }

    /// A warning for each translation of a key `table` has no message for, by locale tag and
    /// then in file order.
    static func unknownKeys(_ table: Table) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for tag in table.locales.keys.sorted() {
            let file = table.locales[tag]!
            var next = 0
            for translation in file.translations {
                if let place = table.index(ofKey: translation.key, hint: next) {
                    next = place + 1
                    continue
                }
                found.append(Diagnostic(severity: .warning, id: "unknown-key",
                                        message: "'\(translation.key)' is not a message of \(table.file); it is not compiled",
                                        file: file.file, position: translation.keyPosition))
            }
        }
        return found
    }

    /// One combination of select cases, with what every locale's text decides: the positions
    /// of each platform's formats (every argument any locale prints), each platform's layout
    /// (plurals in some locale make a plural everywhere; exact values that need companions),
    /// and the arguments Korean particles follow. Layout decisions that change what an app
    /// calls are reported as warnings (``OutputRenderer`` reports the rest while converting).
    mutating func variant(_ message: TemplateMessage, table: Table, choices: [SelectExpansion.Choice], body: MessageBody,
                          appleKey: String, androidName: String, kinds: [String: CatalogArgument.Kind],
                          meta: MessageMetadata?) -> PreparedMessage.Variant {
        let sourceLocale = project.config.sourceLocale
        var bodies: [LocaleText] = [LocaleText(tag: sourceLocale, file: table.file, locale: sourceICU, source: message.source, body: body, place: 0)]
        for (index, locale) in targetLocaleFiles.enumerated() {
            guard let place = locale.index(ofKey: message.key, hint: nextTranslations[index]) else { continue }
            nextTranslations[index] = place + 1
            let translation = locale.translations[place]
            guard let pattern = translation.pattern else { continue }
            let pruned = choices.isEmpty ? pattern.body : SelectExpansion.prune(pattern.body, choosing: choices)
            bodies.append(LocaleText(tag: locale.tag, file: locale.file, locale: locale.locale, translation: translation, body: pruned, place: index + 1))
        }
        // Numbers no printf conversion prints as ICU does reach both platforms as ICU's text; a
        // Double with fixed fraction digits that a platform prints itself (Java's `%.2f`, an
        // imported String Catalog's own `%.2f`) is its value there.
        // A body of text alone prints nothing, groups nothing and has no particle to resolve.
        let textOnly = bodies.map { item in item.body.parts.allSatisfy { if case .text = $0 { true } else { false } } }
        // Most translations print the source's arguments in the source's places: what depends
        // on the arguments alone is the source's then.
        let likeSource = bodies.indices.map { index in index > 0 && !textOnly[index] && !textOnly[0] && PlatformConversion.sameArguments(bodies[index].body, bodies[0].body) }
        // (Read from the source, when ICU takes its tag, and the others.)
        // (Matched as a case: comparing an optional with nil copies it out and destroys it through its type's metadata.)
        let withLocales = bodies.indices.filter { if case .some = bodies[$0].locale { true } else { false } }
        let sourceHasLocale = if case .some = bodies[0].locale { true } else { false }
        let numberTexts = PlatformConversion.numberTexts(in: withLocales.map { (bodies[$0].body, bodies[$0].locale!) }, kinds: kinds,
                                                         walking: withLocales.map { !likeSource[$0] || !sourceHasLocale })
        var applePrinted = Set<NumberText>()
        var androidPrinted = Set<NumberText>()
        if kinds.values.contains(.double) {
            for item in bodies {
                PlatformConversion.forEachArgument(item.body) { node in
                    guard let text = NumberText.of(node), numberTexts.contains(text), case .simple(let simple) = node.kind else { return }
                    let kind = kinds[node.name] ?? .integer
                    if PlatformConversion.printedFraction(simple.style, kind: kind, recordedSpecifier: meta?.appleSpecifiers[node.name], platform: .apple) != nil {
                        applePrinted.insert(text)
                    }
                    if PlatformConversion.printedFraction(simple.style, kind: kind, recordedSpecifier: meta?.androidSpecifiers[node.name], platform: .android) != nil {
                        androidPrinted.insert(text)
                    }
                }
            }
        }
        var appleSlots: [(name: String, slot: CatalogArgument.Slot, locales: Int)] = []
        var androidSlots: [(name: String, slot: CatalogArgument.Slot)] = []
        var localeSlots: [[(name: String, slot: CatalogArgument.Slot)]] = []
        var sourceSlots: (apple: [(name: String, slot: CatalogArgument.Slot)], android: [(name: String, slot: CatalogArgument.Slot)])?
        for (index, item) in bodies.enumerated() {
            if textOnly[index] {
                localeSlots.append([])
                continue
            }
            let slots: (apple: [(name: String, slot: CatalogArgument.Slot)], android: [(name: String, slot: CatalogArgument.Slot)])
            if likeSource[index], let sourceSlots {
                if case .some = meta { rejectArgumentsTheAppDoesNotPass(sourceSlots, in: item, message: message, bodies: bodies, meta: meta) }
                localeSlots.append(sourceSlots.apple)
                // The source's slots came first, each once (formatSlots lists each once): the
                // first of appleSlots, and every Android slot is among androidSlots already.
                for place in sourceSlots.apple.indices { appleSlots[place].locales += 1 }
                continue
            } else {
                slots = PlatformConversion.formatSlots(of: item.body, numberTexts: numberTexts, applePrinted: applePrinted, androidPrinted: androidPrinted)
                if index == 0 { sourceSlots = slots }
            }
            if case .some = meta { rejectArgumentsTheAppDoesNotPass(slots, in: item, message: message, bodies: bodies, meta: meta) }
            localeSlots.append(slots.apple)
            for slot in slots.apple {
                if let index = appleSlots.firstIndex(where: { $0.name == slot.name && $0.slot == slot.slot }) {
                    appleSlots[index].locales += 1
                } else {
                    appleSlots.append((slot.name, slot.slot, 1))
                }
            }
            for slot in slots.android where !androidSlots.contains(where: { $0.name == slot.name && $0.slot == slot.slot }) { androidSlots.append(slot) }
        }
        // Android alone: integers padded to four digits or more with grouping ("0,042").
        let androidOnly = androidSlots.compactMap { slot -> NumberText? in
            guard case .numberText(let style) = slot.slot else { return nil }
            let text = NumberText(name: slot.name, style: style)
            return numberTexts.contains(text) ? nil : text
        }
        if !validating {
            reportNumberTexts(numberTexts + androidOnly, androidOnly: Set(androidOnly), applePrinted: applePrinted, androidPrinted: androidPrinted,
                              message: message, bodies: bodies, kinds: kinds)
        }
        let valueArguments = kinds.map { CatalogArgument(name: $0.key, kind: $0.value) }
            + numberTexts.map { CatalogArgument(name: $0.name, kind: .text, slot: .numberText($0.style)) }
        var normalized: [(body: MessageBody, locale: ICULocale)] = []
        var particleArguments: [String] = []
        var sourceGrouped: (decimal: Bool, skeleton: Bool)?
        // A body of text alone, or with the source's arguments when those need no normalizing
        // and their plurals no exact value, lays out nothing the source does not.
        let sourceLaysOutAlike = bodies[0].locale.map { PlatformConversion.argumentsLayOutAlike(bodies[0].body, locale: $0) } ?? false
        for (index, item) in bodies.enumerated() {
            guard let locale = item.locale else { continue }
            let body: MessageBody
            if textOnly[index] || (likeSource[index] && sourceLaysOutAlike) {
                body = item.body
            } else {
                guard let own = try? PlatformConversion.normalized(item.body, locale: locale, arguments: valueArguments) else { continue }
                normalized.append((own, locale))
                body = own
            }
            if validating || textOnly[index] { continue }
            let grouped: (decimal: Bool, skeleton: Bool)
            if likeSource[index], let sourceGrouped {
                grouped = sourceGrouped
            } else {
                grouped = PlatformConversion.groupedIntegers(in: item.body, kinds: kinds, numberTexts: numberTexts)
                if index == 0 { sourceGrouped = grouped }
            }
            for kind in grouped.decimal || grouped.skeleton ? [IntegerStyle.decimal, .skeleton] : []
            where kind == .decimal ? grouped.decimal : grouped.skeleton {
                let slot = 2 * item.place + (kind == .decimal ? 0 : 1)
                // (Changed in place: a copy taken out would copy its keys at the next append.)
                if case .none = groupedIntegersByPlace[slot] { groupedIntegersByPlace[slot] = GroupedIntegerUses(file: item.file) }
                // The variants of one message come one after the other: count the message once.
                if groupedIntegersByPlace[slot]!.lastKey != message.key {
                    if groupedIntegersByPlace[slot]!.keys.count < 3 { groupedIntegersByPlace[slot]!.keys.append(message.key) }
                    groupedIntegersByPlace[slot]!.count += 1
                    groupedIntegersByPlace[slot]!.lastKey = message.key
                }
            }
            for open in PlatformConversion.openParticles(in: body, locale: locale) {
                if !particleArguments.contains(open.argument) { particleArguments.append(open.argument) }
                if writesPlatformCatalogs {
                    warning("catalog-open-particle",
                            "'\(message.key)' (\(item.tag)): the particle \(open.notation) after {\(open.argument)} depends on a value known only at run time; "
                            + "the generated Swift and Kotlin accessors resolve it, an app that reads the .xcstrings or strings.xml directly must pick the form itself after formatting (docs/particles.md)",
                            file: item.file, at: item.source.position(ofUTF16Offset: open.range.lowerBound),
                            hint: "write the particle for both cases, or let Speakable's accessors format the message")
                }
            }
        }
        let (appleLayout, androidLayout) = PlatformConversion.layouts(of: normalized)
        // Foundation reads arguments by position and skips an unused position without reading
        // its value, so the values after it shift: a position some locale does not use goes
        // after those every locale uses (most used first).
        // Arguments the app passes that the source does not print: positions of every String
        // Catalog format (where no locale prints them: after the others).
        for argument in message.passedArguments where !appleSlots.contains(where: { $0.name == argument.name && $0.slot == .value }) {
            appleSlots.append((argument.name, .value, 0))
        }
        // Locales the validation screened out say exactly what the template says (the same
        // positions): they count as the template's.
        let screened = only?[table.name + "\u{0}" + message.key] ?? 0
        if screened > 0 {
            for slot in localeSlots[0] {
                if let index = appleSlots.firstIndex(where: { $0.name == slot.name && $0.slot == slot.slot }) { appleSlots[index].locales += screened }
            }
        }
        let localeCount = bodies.count + screened
        let everywhere = appleSlots.filter { $0.locales == localeCount }
        let partly = appleSlots.filter { $0.locales < localeCount }.enumerated()
            .sorted { ($0.element.locales, -$0.offset) > ($1.element.locales, -$1.offset) }.map(\.element)
        let appleOrder = meta?.appleArguments == nil ? everywhere + partly : appleSlots
        let appleValues = ordered(appleOrder.filter { $0.slot == .value }.map(\.name), recorded: meta?.appleArguments, kinds: kinds,
                                  specifiers: meta?.appleSpecifiers ?? [:], substitutions: meta?.appleSubstitutions ?? [:])
        let apple: [CatalogArgument]
        if meta?.appleArguments != nil {
            // An imported catalog's positions stay as they were; new ones go after them.
            apple = appleValues + appleOrder.filter { $0.slot != .value }.map { CatalogArgument(name: $0.name, kind: .text, slot: $0.slot) }
        } else {
            apple = appleOrder.map { slot in
                slot.slot == .value ? appleValues.first { $0.name == slot.name }! : CatalogArgument(name: slot.name, kind: .text, slot: slot.slot)
            }
        }
        // (An imported catalog's positions are kept as they were, gaps included.)
        if meta?.appleArguments == nil { reportSkippedTexts(apple, localeSlots: localeSlots, message: message, bodies: bodies, likeSource: likeSource) }
        let androidValues = ordered(androidSlots.filter { $0.slot == .value }.map(\.name), recorded: meta?.androidArguments, kinds: kinds,
                                    specifiers: meta?.androidSpecifiers ?? [:])
        var android: [CatalogArgument]
        if meta?.androidArguments != nil {
            android = androidValues + androidSlots.filter { $0.slot != .value }.map { CatalogArgument(name: $0.name, kind: .text, slot: $0.slot) }
        } else {
            android = androidSlots.map { slot in
                slot.slot == .value ? androidValues.first { $0.name == slot.name }! : CatalogArgument(name: slot.name, kind: .text, slot: slot.slot)
            }
        }
        if androidLayout.isComposed(on: .android) {
            android += androidLayout.pluralArguments.map { CatalogArgument(name: $0, kind: .text, slot: .pluralText) }
        }
        if !validating {
            reportLayout(message, table: table, appleKey: appleKey, androidName: androidName, apple: appleLayout, android: androidLayout)
        }
        // The source text in the String Catalog, which its accessors show too: converted once.
        var appleSource: CatalogConversion?
        if !validating, options.outputs.contains(.xcstrings) || options.outputs.contains(.swift), let sourceICU {
            appleSource = try? PlatformConversion.convert(body, platform: .apple, locale: sourceICU, arguments: apple, layout: appleLayout)
        }
        return PreparedMessage.Variant(choices: choices, appleKey: appleKey, androidName: androidName, templateBody: body,
                                       appleArguments: apple, androidArguments: android, appleLayout: appleLayout,
                                       androidLayout: androidLayout, particleArguments: particleArguments, appleSource: appleSource,
                                       translationBodies: choices.isEmpty || validating ? [] : bodies.dropFirst().map { ($0.tag, $0.body) })
    }

    /// An imported message is called by the app with the arguments its platform string took
    /// (`getString(id, speed)`, `String(format:)` with the catalog's specifiers): a number the
    /// platform cannot print as the edited text says (passed as its text), or a plural composed
    /// from several, would be an argument the app does not pass — Java throws
    /// `MissingFormatArgumentException`, Foundation reads past its arguments. An error where the
    /// locale writes it, with the form the source writes (which the platform prints).
    mutating func rejectArgumentsTheAppDoesNotPass(_ slots: (apple: [(name: String, slot: CatalogArgument.Slot)], android: [(name: String, slot: CatalogArgument.Slot)]),
                                                   in item: LocaleText,
                                                   message: TemplateMessage,
                                                   bodies: [LocaleText],
                                                   meta: MessageMetadata?) {
        guard let meta else { return }
        var extra: [(platform: String, name: String)] = []
        if meta.androidArguments != nil, options.outputs.contains(.android) {
            for slot in slots.android where slot.slot != .value && !extra.contains(where: { $0.name == slot.name }) { extra.append(("Android", slot.name)) }
        }
        if meta.appleArguments != nil, options.outputs.contains(.xcstrings) {
            for slot in slots.apple where slot.slot != .value && !extra.contains(where: { $0.name == slot.name }) { extra.append(("the String Catalog", slot.name)) }
        }
        for (platform, name) in extra {
            var node: ArgumentNode?
            PlatformConversion.forEachArgument(item.body) { found in if node == nil, found.name == name { node = found } }
            var sourceNode: ArgumentNode?
            PlatformConversion.forEachArgument(bodies[0].body) { found in if sourceNode == nil, found.name == name { sourceNode = found } }
            let written = node.map { Self.text(of: $0.range, in: item.source.text) } ?? "{\(name)}"
            let sourceForm = sourceNode.map { Self.text(of: $0.range, in: bodies[0].source.text) }
            let diagnostic = Diagnostic(
                severity: .error, id: "catalog-imported-arguments",
                message: "'\(message.key)' (\(item.tag)): \(platform) cannot print \(written) as written, and the app calls this imported string with "
                    + "its own arguments only; compiling it would add an argument the app does not pass",
                file: item.file, position: node.map { item.source.position(ofUTF16Offset: $0.range.lowerBound) } ?? item.source.start,
                hint: sourceForm.map { "write it as the source does, \($0), which the platform prints" }
                    ?? "write the argument as the source string does")
            reportOnce(diagnostic)
        }
    }

    /// The text at UTF-16 `range` of `text`.
    static func text(of range: Range<Int>, in text: String) -> String {
        let utf16 = text.utf16
        guard range.lowerBound >= 0, range.upperBound <= utf16.count else { return "" }
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: range.count)
        return String(utf16[start..<end]) ?? ""
    }

    /// A plural on a `Double` (its examples pass fractions) has no platform form: Android's
    /// `<plurals>` choose by an `int`, String Catalogs print `#` with printf. An error at the
    /// plural, in the template or the first translation that has one.
    mutating func rejectsFractionalPlural(_ message: TemplateMessage, _ pattern: MessagePattern, kinds: [String: CatalogArgument.Kind],
                                          table: Table) -> Bool {
        guard needsPlatformForms, kinds.values.contains(.double) else { return false }
        var places: [(file: String, source: SourceText, body: MessageBody)] = [(table.file, message.source, pattern.body)]
        for locale in targetLocaleFiles {
            if let translation = locale[message.key], let translated = translation.pattern { places.append((locale.file, translation.source, translated.body)) }
        }
        for place in places {
            var found: ArgumentNode?
            PlatformConversion.forEachArgument(place.body) { node in
                if found == nil, case .plural(let plural) = node.kind, !plural.isOrdinal, kinds[node.name] == .double { found = node }
            }
            guard let node = found else { continue }
            error("catalog-fractional-plural",
                  "'\(message.key)': plural '\(node.name)' takes a Double (its examples pass fractions); Android's <plurals> choose by an int and String Catalogs print # with printf, neither as ICU does for fractions",
                  file: place.file, at: place.source.position(ofUTF16Offset: node.range.lowerBound),
                  hint: "pass a whole count (examples with whole numbers make it an Int) and print a fraction with {\(node.name), number} outside the plural, or mark the message runtimeOnly")
            return true
        }
        return false
    }

    /// A number printed as text in some locales only (a translation that writes another style
    /// than the template: `{ratio, number, ::.00}` for `{ratio}`, or `::group-off` where the
    /// template groups) has its own position in the
    /// String Catalog; a locale that skips such a position and reads a later one would make
    /// Foundation read the later values from the wrong place (it reads by position, and a
    /// position no specifier names is not read). An error at the locale's number.
    mutating func reportSkippedTexts(_ apple: [CatalogArgument], localeSlots: [[(name: String, slot: CatalogArgument.Slot)]],
                                     message: TemplateMessage,
                                     bodies: [LocaleText], likeSource: [Bool] = []) {
        // One position cannot be skipped.
        guard options.outputs.contains(.xcstrings) || options.outputs.contains(.swift), apple.count > 1 else { return }
        // What the source's slots use, for the locales with the source's slots (`likeSource`).
        var sourceUse: (last: Int, gap: Int)?
        for (place, (item, slots)) in zip(bodies, localeSlots).enumerated() {
            // The last position this locale uses, and the first it skips.
            var last = -1
            var gap = -1
            if place < likeSource.count, likeSource[place], let sourceUse {
                (last, gap) = sourceUse
            } else {
                for index in apple.indices {
                    if slots.contains(where: { $0.name == apple[index].name && $0.slot == apple[index].slot }) {
                        last = index
                    } else if gap < 0 {
                        gap = index
                    }
                }
                if place == 0 { sourceUse = (last, gap) }
            }
            guard gap >= 0, gap < last else { continue }
            let index = gap
            let skipped = apple[index]
            // The skipped value as the other locales write it, and this locale's own form.
            let other: String
            switch skipped.slot {
            case .numberText(let style): other = NumberText(name: skipped.name, style: style).argumentText
            case .integerText(let presentation): other = NumberText(name: skipped.name, style: presentation.skeleton.map { " ::" + $0 } ?? "").argumentText
            case .value, .pluralText: other = "{\(skipped.name)}"
            }
            var position = item.source.start
            var own: String?
            PlatformConversion.forEachArgument(item.body) { node in
                guard own == nil, node.name == skipped.name else { return }
                position = item.source.position(ofUTF16Offset: node.range.lowerBound)
                if case .simple(let simple) = node.kind, simple.type == .number, let text = NumberText.of(node) { own = text.argumentText } else { own = "{\(node.name)…}" }
            }
            let diagnostic = Diagnostic(
                severity: .error, id: "catalog-skipped-argument",
                message: "'\(message.key)' (\(item.tag)) " + (own.map { "writes \($0) where another locale writes \(other)" } ?? "does not print \(other), which another locale prints")
                    + ": in the String Catalog each is its own value, and \(item.tag) would skip value \(index + 1) but read value \(last + 1), which Foundation then reads from the wrong place",
                file: item.file, position: position,
                hint: "write \(skipped.name) as the other locales do (the same number style), or mark the message runtimeOnly")
            // Once per message and locale (select cases give the same).
            reportOnce(diagnostic)
        }
    }

    /// Numbers passed as ICU's text: what an app must pass (one warning per message and
    /// number, not per select case).
    mutating func reportNumberTexts(_ texts: [NumberText], androidOnly: Set<NumberText> = [], applePrinted: Set<NumberText> = [],
                                    androidPrinted: Set<NumberText> = [], message: TemplateMessage,
                                    bodies: [LocaleText],
                                    kinds: [String: CatalogArgument.Kind]) {
        guard writesPlatformCatalogs else { return }
        for text in texts {
            // Where the number is first written, in the template (else the first translation).
            var place: (file: String, position: SourcePosition)?
            // As written: `{ratio}` (a plain argument) or `{ratio, number, percent}`.
            var written = text.argumentText
            for item in bodies where place == nil {
                PlatformConversion.forEachArgument(item.body) { node in
                    guard place == nil, NumberText.of(node) == text else { return }
                    place = (item.file, item.source.position(ofUTF16Offset: node.range.lowerBound))
                    if case .none = node.kind { written = "{" + node.name + "}" }
                }
            }
            let padded = androidOnly.contains(text)
            if padded && !options.outputs.contains(.android) { continue }
            let toAndroid = options.outputs.contains(.android) && !androidPrinted.contains(text)
            let toApple = options.outputs.contains(.xcstrings) && !padded && !applePrinted.contains(text)
            if !toAndroid && !toApple { continue }
            let what = padded ? "pads with grouping, which Java's %,04d does not"
                : kinds[text.name] == .double ? "takes a Double, and no printf conversion prints a fraction as ICU does"
                : "has a number format no printf conversion says"
            var platforms: [String] = []
            if toAndroid {
                platforms.append("Android gets %s: the Kotlin accessors pass the text of MessageFormat(\(KotlinEscaping.stringLiteral(text.formatPattern)), locale).format(arrayOf(\(text.name))), as an app reading strings.xml itself must (android.icu.text; docs/android.md)")
            }
            if toApple {
                platforms.append(text.foundationStyle != nil
                    ? "String Catalogs get %@: the generated Swift accessors pass it formatted by NumberFormatter, an app that reads the catalog directly must do the same"
                    : "String Catalogs get %@ and the generated Swift accessor takes \(text.name) as that text: Foundation has no formatter that matches ICU here")
            }
            warning("catalog-formatted-number",
                    "'\(message.key)': \(written) \(what) (ICU: \(sample(text, kinds[text.name] ?? .integer, padded: padded))); " + platforms.joined(separator: "; "),
                    file: place?.file ?? bodies[0].file, at: place?.position ?? message.keyPosition,
                    hint: "format the number as the message says and pass the text, or mark the message runtimeOnly")
        }
    }

    /// ICU's text for a sample value in the source locale ("1,234,567.891", "50%").
    func sample(_ text: NumberText, _ kind: CatalogArgument.Kind, padded: Bool = false) -> String {
        let sample: Int64 = padded ? 42 : 9180
        let value: MessageArgument = kind == .double ? .double(1_234_567.891) : .int(sample)
        guard let locale = sourceICU, let formatted = try? CompiledMessage(text.formatPattern, locale: locale, timeZone: .utc).format(["0": value]) else {
            return text.argumentText
        }
        return "\"" + formatted + "\" for " + (kind == .double ? "1234567.891" : String(sample))
    }

    var writesPlatformCatalogs: Bool { options.outputs.contains(.xcstrings) || options.outputs.contains(.android) }

    /// Warnings for what an app reading the catalogs must do beyond one lookup.
    mutating func reportLayout(_ message: TemplateMessage, table: Table, appleKey: String, androidName: String,
                               apple: CatalogLayout, android: CatalogLayout) {
        // Most messages lay out as one resource: nothing to say.
        guard !apple.companions.isEmpty || !android.companions.isEmpty || android.isComposed(on: .android) else { return }
        let key = appleKey == message.key ? "'\(message.key)'" : "'\(message.key)' (\(appleKey))"
        if options.outputs.contains(.android) {
            if android.isComposed(on: .android) {
                let plurals = android.pluralArguments.map { "<plurals name=\"\(androidName)__\(SelectExpansion.sanitize($0))\">" }
                warning("catalog-composed-plurals",
                        "\(key) has plurals on \(android.pluralArguments.map { "'\($0)'" }.joined(separator: " and ")); Android gets "
                        + plurals.joined(separator: ", ") + " and <string name=\"\(androidName)\"> that puts their texts in place; the Kotlin accessors compose them (docs/android.md)",
                        file: table.file, at: message.keyPosition,
                        hint: "the app formats each <plurals> with getQuantityString, then the <string> with getString")
            }
            for companion in android.companions {
                warning("catalog-companion",
                        "\(key): Android plurals cannot say '=\(companion.value)' of '\(companion.argument)'; it is <string name=\"\(androidName)\(companion.suffix)\">, "
                        + "which the app uses when \(companion.argument) is \(companion.value), as the Kotlin accessors do (docs/android.md)",
                        file: table.file, at: message.keyPosition, hint: "or say the same thing as the plural category does, and it needs no companion")
            }
        }
        if options.outputs.contains(.xcstrings) {
            for companion in apple.companions {
                warning("catalog-companion",
                        "\(key): String Catalog plurals cannot say '=\(companion.value)' of '\(companion.argument)'; it is the key '\(appleKey)\(companion.suffix)', "
                        + "which the generated Swift accessors use when \(companion.argument) is \(companion.value) (an app that reads the catalog directly must do the same)",
                        file: table.file, at: message.keyPosition, hint: "or say the same thing as the plural category does, and it needs no companion")
            }
        }
    }

    mutating func warning(_ id: String, _ message: String, file: String, at position: SourcePosition?, hint: String? = nil) {
        let diagnostic = Diagnostic(severity: .warning, id: id, message: message, file: file, position: position, hint: hint)
        reportOnce(diagnostic)
    }

    /// Argument order: the recorded one (from an import), then the other arguments in order of
    /// first appearance.
    func ordered(_ names: [String], recorded: [String]?, kinds: [String: CatalogArgument.Kind],
                 specifiers: [String: String], substitutions: [String: String] = [:]) -> [CatalogArgument] {
        // Recorded positions are kept as they were, gaps included (app code passes arguments by
        // position: `getString(id, hours, minutes, remaining)`); new arguments go after them.
        var order = recorded ?? []
        for name in names where !order.contains(name) { order.append(name) }
        // A message has a few arguments: compared by name rather than hashed; most are recorded nowhere.
        func kind(_ name: String) -> CatalogArgument.Kind {
            guard kinds.count <= 8 else { return kinds[name] ?? .text }
            for (key, kind) in kinds where key == name { return kind }
            return .text
        }
        return order.map { CatalogArgument(name: $0, kind: kind($0), recordedSpecifier: specifiers.isEmpty ? nil : specifiers[$0],
                                           recordedSubstitution: substitutions.isEmpty ? nil : substitutions[$0]) }
    }

    /// What each argument takes (``ArgumentKinds/of(_:_:)``); an argument used in ways no
    /// single value satisfies is an error.
    mutating func argumentKinds(_ message: TemplateMessage, _ pattern: MessagePattern, file: String,
                                metadata: MessageMetadata? = nil) -> [String: CatalogArgument.Kind] {
        let usages = pattern.argumentUsages
        let conflicting = !message.runtimeOnly && usages.values.contains { if case .conflicting = $0.kind { true } else { false } }
        // In name order (most messages have no conflict: nothing to sort).
        for (name, usage) in conflicting ? usages.sorted(by: { $0.key < $1.key }) : [] {
            guard case .conflicting(let uses) = usage.kind else { continue }
            error("catalog-conflicting-argument",
                  "argument '\(name)' of '\(message.key)' is used as \(uses.map(\.name).joined(separator: " and ")), which no single value satisfies",
                  file: file, at: usage.ranges.first.map { message.source.position(ofUTF16Offset: $0.lowerBound) } ?? message.keyPosition)
        }
        return ArgumentKinds.of(message, pattern, usages: usages, metadata: metadata)
    }
}
