import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

extension OutputRenderer {
    // MARK: Compose: positions

    /// Each locale's text of a variant (pruned to its select cases), the source first, then the
    /// translations by tag.
    func composeBodies(_ variant: PreparedMessage.Variant, _ message: PreparedMessage, table: Table)
        -> [(tag: String, locale: ICULocale, body: MessageBody)] {
        var result: [(tag: String, locale: ICULocale, body: MessageBody)] = []
        for tag in [sourceLocale] + CatalogCompiler.targetLocales(project, table) {
            guard let pattern = pattern(of: message, in: table, tag: tag) else { continue }
            let body = variant.choices.isEmpty ? pattern.body : SelectExpansion.prune(pattern.body, choosing: variant.choices)
            result.append((tag, icuLocale(tag), body))
        }
        return result
    }

    /// The numbers of a variant that Compose receives as the caller's text: every number of a
    /// `Double`, and integer styles neither the generated formatter nor a unit plural says.
    func composeNumberTexts(_ bodies: [(tag: String, locale: ICULocale, body: MessageBody)], kinds: [String: CatalogArgument.Kind]) -> [NumberText] {
        PlatformConversion.numberTexts(in: bodies.map { ($0.body, $0.locale) }, kinds: kinds)
    }

    /// The positions of a variant's Compose strings: every value any locale prints, in order of
    /// first appearance (the source first), each integer once per way it is printed; then,
    /// when Android composes several plurals, the text of each plural.
    func composeVariant(_ variant: PreparedMessage.Variant, _ message: PreparedMessage, table: Table) -> ComposeVariant {
        let bodies = composeBodies(variant, message, table: table)
        let texts = composeNumberTexts(bodies, kinds: message.kinds)
        var slots: [ComposeSlot] = []
        for item in bodies {
            let prepared = composePrepared(item.body, locale: item.locale, kinds: message.kinds, numberTexts: texts)
            Self.walkSlots(prepared.body, plural: nil, kinds: message.kinds, numberTexts: texts, unitRanges: prepared.unitRanges) { slot in
                if !slots.contains(slot) { slots.append(slot) }
            }
        }
        if variant.androidLayout.isComposed(on: .android) {
            slots += variant.androidLayout.pluralArguments.map { ComposeSlot.pluralText(name: $0) }
        }
        return ComposeVariant(slots: slots, numberTexts: texts)
    }

    /// The body normalized as the platforms need it (units on integers as plurals of ICU's
    /// patterns), and the ranges of those units (their `#` is grouped as skeletons group).
    func composePrepared(_ body: MessageBody, locale: ICULocale, kinds: [String: CatalogArgument.Kind],
                         numberTexts: [NumberText]) -> (body: MessageBody, unitRanges: Set<Range<Int>>) {
        var units = Set<Range<Int>>()
        PlatformConversion.forEachArgument(body) { node in
            guard case .simple(let simple) = node.kind, simple.type == .number, case .numberSkeleton = simple.style,
                  IntegerPresentation(style: simple.style) == nil, kinds[node.name] ?? .integer == .integer,
                  let text = NumberText.of(node), !numberTexts.contains(text) else { return }
            units.insert(node.range)
        }
        let arguments = kinds.map { CatalogArgument(name: $0.key, kind: $0.value) }
            + numberTexts.map { CatalogArgument(name: $0.name, kind: .text, slot: .numberText($0.style)) }
        let normalized = (try? PlatformConversion.normalized(body, locale: locale, arguments: arguments)) ?? body
        return (normalized, units)
    }

    /// The slot of each printed value of a normalized body, in order.
    static func walkSlots(_ body: MessageBody, plural: String?, kinds: [String: CatalogArgument.Kind], numberTexts: [NumberText],
                          unitRanges: Set<Range<Int>>, _ visit: (ComposeSlot) -> Void) {
        for part in body.parts {
            switch part {
            case .text:
                break
            case .pound(let range):
                if let plural { visit(.integer(name: plural, digits: 1, grouping: unitRanges.contains(range) ? .skeleton : .decimal)) }
            case .argument(let node):
                if let slot = slot(of: node, kinds: kinds, numberTexts: numberTexts) {
                    visit(slot)
                    continue
                }
                switch node.kind {
                case .plural(let p):
                    for item in p.cases { walkSlots(item.message, plural: node.name, kinds: kinds, numberTexts: numberTexts, unitRanges: unitRanges, visit) }
                case .select(let s):
                    for item in s.cases { walkSlots(item.message, plural: plural, kinds: kinds, numberTexts: numberTexts, unitRanges: unitRanges, visit) }
                default:
                    break
                }
            }
        }
    }

    /// What a printed argument becomes; nil for plurals, selects and what no platform can say
    /// (left for ``PlatformConversion`` to refuse).
    static func slot(of node: ArgumentNode, kinds: [String: CatalogArgument.Kind], numberTexts: [NumberText]) -> ComposeSlot? {
        let kind = kinds[node.name] ?? .text
        switch node.kind {
        case .none:
            switch kind {
            case .integer: return .integer(name: node.name, digits: 1, grouping: .decimal)
            case .double: return .callerText(name: node.name, pattern: NumberText(name: node.name, style: "").formatPattern)
            case .date: return .callerText(name: node.name, pattern: "{0}")
            case .text: return .text(name: node.name)
            }
        case .simple(let simple):
            switch simple.type {
            case .number:
                let text = NumberText(name: node.name, style: simple.styleText ?? "")
                if kind == .text { return .text(name: node.name) }
                if kind == .double || kind == .date || numberTexts.contains(text) {
                    return .callerText(name: node.name, pattern: text.formatPattern)
                }
                if let presentation = IntegerPresentation(style: simple.style) {
                    let grouping: ComposeGrouping
                    if !presentation.grouped {
                        grouping = .none
                    } else if case .numberSkeleton = simple.style {
                        grouping = .skeleton
                    } else {
                        grouping = .decimal
                    }
                    return .integer(name: node.name, digits: presentation.minimumDigits, grouping: grouping)
                }
                return nil
            case .date, .time:
                return .callerText(name: node.name, pattern: "{0, " + simple.type.rawValue + (simple.styleText.map { "," + $0 } ?? "") + "}")
            case .spellout, .ordinal, .duration:
                return nil
            }
        case .plural, .select, .choice:
            return nil
        }
    }

    /// The body with each printed value replaced by its slot's synthetic argument.
    static func composeTransformed(_ body: MessageBody, plural: String?, variant: ComposeVariant, kinds: [String: CatalogArgument.Kind],
                                   numberTexts: [NumberText], unitRanges: Set<Range<Int>>) -> MessageBody {
        func synthetic(_ slot: ComposeSlot, range: Range<Int>) -> MessagePart? {
            guard let index = variant.slots.firstIndex(of: slot) else { return nil }
            let name = ComposeVariant.syntheticName(index)
            return .argument(ArgumentNode(name: name, number: nil, nameRange: range, range: range, kind: .none))
        }
        var parts: [MessagePart] = []
        for part in body.parts {
            switch part {
            case .text:
                parts.append(part)
            case .pound(let range):
                if let plural,
                   let replaced = synthetic(.integer(name: plural, digits: 1, grouping: unitRanges.contains(range) ? .skeleton : .decimal), range: range) {
                    parts.append(replaced)
                } else {
                    parts.append(part)
                }
            case .argument(var node):
                if let slot = slot(of: node, kinds: kinds, numberTexts: numberTexts), let replaced = synthetic(slot, range: node.range) {
                    parts.append(replaced)
                    continue
                }
                switch node.kind {
                case .plural(var p):
                    for i in p.cases.indices {
                        p.cases[i].message = composeTransformed(p.cases[i].message, plural: node.name, variant: variant, kinds: kinds,
                                                                numberTexts: numberTexts, unitRanges: unitRanges)
                    }
                    node.kind = .plural(p)
                case .select(var s):
                    for i in s.cases.indices {
                        s.cases[i].message = composeTransformed(s.cases[i].message, plural: plural, variant: variant, kinds: kinds,
                                                                numberTexts: numberTexts, unitRanges: unitRanges)
                    }
                    node.kind = .select(s)
                default:
                    break
                }
                parts.append(.argument(node))
            }
        }
        return MessageBody(parts: parts, range: body.range)
    }

    // MARK: Compose: conversion

    /// One locale's resources of a variant in Compose's dialect (each value with `%N$s` only and
    /// a literal `%` once), or nil when the locale has no text of it or it cannot be converted
    /// (reported in ``diagnostics``).
    mutating func composeConversion(_ variant: PreparedMessage.Variant, _ compose: ComposeVariant, _ message: PreparedMessage,
                                    table: Table, tag: String) -> [CatalogResource]? {
        guard let pattern = pattern(of: message, in: table, tag: tag) else { return nil }
        let body = variant.choices.isEmpty ? pattern.body : SelectExpansion.prune(pattern.body, choosing: variant.choices)
        let locale = icuLocale(tag)
        let texts = compose.numberTexts
        let prepared = composePrepared(body, locale: locale, kinds: message.kinds, numberTexts: texts)
        let transformed = Self.composeTransformed(prepared.body, plural: nil, variant: compose, kinds: message.kinds, numberTexts: texts,
                                                  unitRanges: prepared.unitRanges)
        let conversion: CatalogConversion
        do {
            conversion = try PlatformConversion.convert(transformed, platform: .android, locale: locale, arguments: compose.arguments,
                                                   layout: variant.androidLayout, everyCategory: tag == sourceLocale)
        } catch {
            report(error, variant, message, table: table, tag: tag, platform: .android)
            return nil
        }
        var resources: [CatalogResource] = []
        var literal: [String] = []
        for resource in conversion.resources {
            let (value, found) = ComposeDialect.strings(of: resource.value)
            literal += found
            var composed = resource
            composed.value = value
            resources.append(composed)
        }
        if compose.hasArguments, let first = literal.first, let (_, source) = text(of: message, in: table, tag: tag) {
            // Where the text is written: the first text part that holds it, else the message.
            var position = source.start
            var end: SourcePosition?
            var found = false
            func look(_ body: MessageBody) {
                for part in body.parts where !found {
                    switch part {
                    case .text(let text, let range):
                        if let hit = ComposeResources.placeholders(in: text).first {
                            let units = Array(text.utf16)
                            // The text part's range covers its source, escapes included: point at its start when they differ.
                            if range.count == units.count {
                                position = source.position(ofUTF16Offset: range.lowerBound + hit.lowerBound)
                                end = source.position(ofUTF16Offset: range.lowerBound + hit.upperBound)
                            } else {
                                position = source.position(ofUTF16Offset: range.lowerBound)
                            }
                            found = true
                        }
                    case .argument(let node):
                        switch node.kind {
                        case .plural(let p): p.cases.forEach { look($0.message) }
                        case .select(let s): s.cases.forEach { look($0.message) }
                        default: break
                        }
                    case .pound:
                        break
                    }
                }
            }
            look(pattern.body)
            let key = variant.choices.isEmpty ? "'\(message.template.key)'" : "'\(message.template.key)' (\(variant.appleKey))"
            let diagnostic = Diagnostic(
                severity: .error, id: "compose-literal-placeholder",
                message: "\(key) (\(tag)): the text \"\(first)\" would be replaced by an argument in Compose Multiplatform, "
                    + "whose resources substitute every %N$s and %N$d and have no way to escape one",
                file: source.file, position: position, endPosition: end,
                hint: "write it another way (\"%1 $s\", \"％1$s\"), or leave the compose output out of this project's \"outputs\"")
            reportOnce(diagnostic)
        }
        return resources
    }

    // MARK: Compose: strings.xml

    /// `compose/composeResources/<folder>/strings.xml` for each tag: every table's messages in
    /// Compose's dialect.
    mutating func compose(_ tables: [PreparedTable], tags: [String]) -> [OutputFile] {
        var files: [OutputFile] = []
        for tag in tags {
            var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            out += "<!-- " + XMLEscaping.comment("Generated by speakable compile from \(project.config.templates)/ and \(project.config.locales)/ for Compose Multiplatform. Do not edit: edit the templates and translations.") + " -->\n"
            out += "<resources>\n"
            for prepared in tables {
                let table = prepared.table
                var section = ""
                for message in prepared.messages {
                    for variant in message.variants {
                        guard pattern(of: message, in: table, tag: tag) != nil else { continue }
                        let compose = composeVariant(variant, message, table: table)
                        guard let resources = composeConversion(variant, compose, message, table: table, tag: tag) else { continue }
                        for resource in resources {
                            let name = ComposeResources.resourceName(variant.androidName + resource.suffix)
                            var comment: String?
                            if tag == sourceLocale {
                                switch resource.role {
                                case .message: comment = message.template.comment
                                case .plural(let argument): comment = "The text of {\(argument)} in \(ComposeResources.resourceName(variant.androidName))."
                                case .exact(let companion):
                                    comment = "Used instead of \(ComposeResources.resourceName(variant.androidName))"
                                        + (variant.androidLayout.isComposed(on: .android) ? "__" + SelectExpansion.sanitize(companion.argument) : "")
                                        + " when \(companion.argument) is \(companion.value)."
                                }
                            }
                            if let comment { section += "    <!-- " + XMLEscaping.comment(comment) + " -->\n" }
                            let attributeName = XMLEscaping.attribute(name)
                            switch resource.value {
                            case .text(let text):
                                section += "    <string name=\"\(attributeName)\">" + ComposeResourceEscaping.text(text) + "</string>\n"
                            case .plural(let forms):
                                section += "    <plurals name=\"\(attributeName)\">\n"
                                for form in forms {
                                    section += "        <item quantity=\"\(form.category)\">" + ComposeResourceEscaping.text(form.text) + "</item>\n"
                                }
                                section += "    </plurals>\n"
                            case .substitutions:
                                continue
                            }
                        }
                    }
                }
                if !section.isEmpty {
                    out += "    <!-- " + XMLEscaping.comment("\(project.config.templates)/\(table.name).json") + " -->\n" + section
                }
            }
            out += "</resources>\n"
            let folder = tag == sourceLocale ? "values" : ComposeResources.valuesFolder(for: tag)
            files.append(OutputFile(path: "compose/composeResources/\(folder)/strings.xml", contents: out))
        }
        return files
    }

    /// Every locale of every message of `table` converted for Compose: what ``compose(_:tags:)``
    /// would refuse, in ``diagnostics`` (for `speakable check` and validation).
    mutating func validateCompose(_ table: Table, _ messages: [PreparedMessage]) {
        let tags = [sourceLocale] + CatalogCompiler.targetLocales(project, table)
        for message in messages {
            for variant in message.variants {
                let compose = composeVariant(variant, message, table: table)
                for tag in tags { _ = composeConversion(variant, compose, message, table: table, tag: tag) }
            }
        }
    }
}
