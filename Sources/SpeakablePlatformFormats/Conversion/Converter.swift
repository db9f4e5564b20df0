import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages

/// Converts one normalized, checked message body for one locale and platform.
struct Converter {
    let platform: CatalogPlatform
    let locale: ICULocale
    let arguments: [CatalogArgument]
    let layout: CatalogLayout
    /// Keep the categories the text writes that the locale does not use (Android `values/`).
    var everyCategory = false
    /// An imported String Catalog localization's substitutions (``KeptSubstitution``).
    var keptSubstitutions: [Int: KeptSubstitution]?

    func renderer(isFormat: Bool) -> Renderer {
        var renderer = Renderer(platform: platform, arguments: arguments)
        renderer.isFormat = isFormat
        return renderer
    }

    func render(_ parts: [MessagePart], plural: String?, isFormat: Bool) -> String {
        renderer(isFormat: isFormat).render(parts, plural: plural)
    }

    /// The message as one value: text, plural variations / `<plurals>`, or substitutions.
    /// A companion (`companion: true`) without plurals left is a `<string>` on Android.
    func value(_ body: MessageBody, companion: Bool = false) throws(CatalogConversionError) -> CatalogValue {
        let value = try value(body, companion: companion, positional: false)
        // One argument printed twice in one string (`{size} by {size}`) needs its position even
        // alone: `%1$lld by %1$lld` takes one value, `%lld by %lld` would read a second one.
        guard platform == .apple, arguments.count == 1, Self.readsMoreThanOneValue(value) else { return value }
        return try self.value(body, companion: companion, positional: true)
    }

    /// Whether a String Catalog value with unnumbered specifiers reads more than one argument
    /// in one of its strings (`%arg` is the substitution's own; a `%#@x@` reads one).
    static func readsMoreThanOneValue(_ value: CatalogValue) -> Bool {
        /// The values `text` reads; `beyond`: only whether that is more than `beyond` counts,
        /// so a string with no more `%` than that is not parsed.
        func count(_ text: String, beyond: Int) -> Int {
            // Most strings have at most one `%`: nothing to parse.
            var bytes = text
            let percents = bytes.withUTF8 { utf8 in
                var found = 0
                for byte in utf8 where byte == 0x25 { found += 1 }
                return found
            }
            if percents <= beyond { return percents }
            guard percents > 1 else { return percents == 1 && !UTF8Search.contains(text, "%arg") ? 1 : 0 }
            let format = FormatString.parse(text, dialect: .apple)
            return format.specifiers.filter { spec in
                guard case .ordinary = spec.index else { return false }
                switch format.role(of: spec) {
                case .argument, .substitution: return true
                default: return false
                }
            }.count
        }
        switch value {
        case .text(let text): return count(text, beyond: 1) > 1
        case .plural(let forms): return forms.contains { count($0.text, beyond: 1) > 1 }
        case .substitutions(let format, let substitutions):
            return count(format, beyond: 1) > 1 || substitutions.contains { $0.forms.contains { count($0.text, beyond: 0) > 0 } }
        }
    }

    func value(_ body: MessageBody, companion: Bool, positional: Bool) throws(CatalogConversionError) -> CatalogValue {
        var renderer = Renderer(platform: platform, arguments: arguments)
        renderer.repeatsAnArgument = positional
        // A string is a format when the app passes arguments, which it does for every locale
        // of a message that has any (Android: getString(id, args…) formats even a translation
        // that prints none of them), so `%` is `%%` then.
        guard PlatformConversion.hasTopLevelPlural(body) else {
            renderer.isFormat = !arguments.isEmpty || PlatformConversion.containsPrintedArgument(body)
            // Android: a message that is a plural in another locale is a <plurals> here too.
            if platform == .android, !layout.pluralArguments.isEmpty, !companion {
                return .plural([CatalogPluralForm(category: "other", text: renderer.render(body.parts, plural: nil))])
            }
            return .text(renderer.render(body.parts, plural: nil))
        }
        var plurals: [(ArgumentNode, PluralArgument)] = []
        PlatformConversion.forEachTopLevelPlural(body) { plurals.append(($0, $1)) }
        renderer.isFormat = true
        switch platform {
        case .apple:
            if body.parts.count == 1, arguments.count == 1, keptSubstitutions?.isEmpty ?? true, let (node, plural) = plurals.first {
                let forms = try PlatformConversion.pluralForms(node, plural, platform: platform, locale: locale, everyCategory: everyCategory)
                return .plural(forms.map { CatalogPluralForm(category: $0.category, text: renderer.render($0.body.parts, plural: node.name)) })
            }
            var used: [String: Int] = [:]
            var substitutions: [CatalogSubstitution] = []
            var names: [Range<Int>: String] = [:]
            for part in body.parts {
                guard case .argument(let node) = part, case .plural(let plural) = node.kind else { continue }
                used[node.name, default: 0] += 1
                let kept = keptSubstitutions?[renderer.position(of: node.name)]
                let own = kept?.name ?? arguments.first { $0.name == node.name && $0.slot == .value }?.recordedSubstitution ?? node.name
                let name = used[node.name]! == 1 ? own : own + "_\(used[node.name]!)"
                names[node.range] = name
                let forms = try PlatformConversion.pluralForms(node, plural, platform: platform, locale: locale, everyCategory: everyCategory)
                var inner = renderer
                inner.substitutionArgument = node.name
                substitutions.append(CatalogSubstitution(
                    name: name, argumentNumber: renderer.position(of: node.name), writesArgumentNumber: kept?.hasArgumentNumber ?? true,
                    formatSpecifier: renderer.lengthAndConversion(node.name),
                    forms: forms.map { CatalogPluralForm(category: $0.category, text: inner.render($0.body.parts, plural: node.name)) }))
            }
            renderer.substitutionNames = names
            return .substitutions(format: renderer.render(body.parts, plural: nil), substitutions)
        case .android:
            let first = plurals[0].0
            renderer.isFormat = !arguments.isEmpty || PlatformConversion.containsPrintedArgument(body)
            if plurals.count == 1, let only = Self.onlyPluralPart(body) {
                // One plural: each of its forms between the text around it, rendered once.
                let forms = try PlatformConversion.pluralForms(plurals[0].0, plurals[0].1, platform: platform, locale: locale, everyCategory: everyCategory)
                var before: [UInt8] = []
                var after: [UInt8] = []
                for index in body.parts.indices where index != only {
                    if index < only {
                        renderer.render([body.parts[index]], plural: nil, into: &before)
                    } else {
                        renderer.render([body.parts[index]], plural: nil, into: &after)
                    }
                }
                return .plural(forms.map { form in
                    var text = before
                    text.reserveCapacity(64)
                    renderer.render(form.body.parts, plural: first.name, into: &text)
                    text += after
                    return CatalogPluralForm(category: form.category, text: UTF8Validation.string(validated: text))
                })
            }
            // Each plural's forms by the index of its part; the categories any of them has, by
            // CLDR's order (``PluralCategory/index``).
            var perNode: [[(category: String, body: MessageBody)]?] = Array(repeating: nil, count: body.parts.count)
            var categories: [String?] = Array(repeating: nil, count: PluralCategory.allCases.count)
            for (index, part) in body.parts.enumerated() {
                guard case .argument(let node) = part, case .plural(let plural) = node.kind else { continue }
                let forms = try PlatformConversion.pluralForms(node, plural, platform: platform, locale: locale, everyCategory: everyCategory)
                perNode[index] = forms
                for form in forms {
                    let order = PlatformConversion.order(form.category)
                    if order < categories.count { categories[order] = form.category }
                }
            }
            // The parts outside the plurals read the same in every category: rendered once.
            let outside: [[UInt8]] = body.parts.indices.map { index in
                var bytes: [UInt8] = []
                if perNode[index] == nil { renderer.render([body.parts[index]], plural: nil, into: &bytes) }
                return bytes
            }
            return .plural(categories.compactMap { $0 }.map { category in
                var text: [UInt8] = []
                text.reserveCapacity(64)
                for index in body.parts.indices {
                    if let forms = perNode[index] {
                        let form = forms.first { $0.category == category } ?? forms.last!
                        renderer.render(form.body.parts, plural: first.name, into: &text)
                    } else {
                        text += outside[index]
                    }
                }
                return CatalogPluralForm(category: category, text: UTF8Validation.string(validated: text))
            })
        }
    }

    /// The index of `body`'s one plural part; nil when it has none or several.
    static func onlyPluralPart(_ body: MessageBody) -> Int? {
        var found: Int?
        for (index, part) in body.parts.enumerated() {
            guard case .argument(let node) = part, case .plural = node.kind else { continue }
            if found != nil { return nil }
            found = index
        }
        return found
    }

    /// The message with every plural on the companion's argument replaced by the case ICU
    /// picks for its value, `#` printed as ICU prints that value.
    func fixing(_ body: MessageBody, _ companion: CatalogCompanion) throws(CatalogConversionError) -> MessageBody {
        var parts: [MessagePart] = []
        for part in body.parts {
            guard case .argument(let node) = part, case .plural(let plural) = node.kind, node.name == companion.argument else {
                parts.append(part)
                continue
            }
            parts += chosenCase(plural, value: companion.value)
        }
        return try PlatformConversion.normalized(MessageBody(parts: parts, range: body.range), locale: locale, arguments: arguments)
    }

    /// The parts ICU prints for `plural` at `value` (`#` as text).
    func chosenCase(_ plural: PluralArgument, value: Int64) -> [MessagePart] {
        let exact = plural.cases.first { if case .explicit(let v) = $0.selector { v == Double(value) } else { false } }
        let category = (try? PluralRules.cached(for: locale, kind: .cardinal))?.category(forInteger: value) ?? .other
        let keyword = plural.cases.first { if case .keyword(category.rawValue) = $0.selector { true } else { false } }
        guard let chosen = exact ?? keyword ?? plural.otherCase else { return [] }
        let shown = PlatformConversion.plainNumber(value, locale: locale) ?? String(value)
        return chosen.message.parts.map { part in
            if case .pound(let range) = part { return .text(shown, range: range) }
            return part
        }
    }

    /// Android composed: the text of the companion's plural at its value (the number, when
    /// this locale has no plural on the argument but prints it).
    func caseText(_ body: MessageBody, fixing companion: CatalogCompanion) -> MessageBody {
        var found: PluralArgument?
        PlatformConversion.forEachTopLevelPlural(body) { node, plural in
            if node.name == companion.argument, found == nil { found = plural }
        }
        let range = body.range
        if let found { return MessageBody(parts: chosenCase(found, value: companion.value), range: range) }
        let printed = arguments.contains { $0.name == companion.argument && $0.slot == .value }
        return MessageBody(parts: printed ? [.text(PlatformConversion.plainNumber(companion.value, locale: locale) ?? "", range: range)] : [], range: range)
    }

    /// Android composed: the composing `<string>`, each plural replaced by its text.
    func composition(_ body: MessageBody) -> String {
        var renderer = renderer(isFormat: true)
        renderer.composedPlurals = true
        // A locale without a plural on a composed argument prints its number where the source
        // prints the plural's text: the same position then (its `<plurals>` holds just the number),
        // so every locale's composing string reads the same positions.
        var own = Set<String>()
        PlatformConversion.forEachTopLevelPlural(body) { node, _ in own.insert(node.name) }
        renderer.pluralTextForPlainNumbers = Set(layout.pluralArguments).subtracting(own)
        return renderer.render(body.parts, plural: nil)
    }

    /// Android composed: `<plurals name="…__argument">` — this locale's plural on the argument;
    /// a locale without one gets `other` only, printing the number when the message prints it.
    func pluralText(_ body: MessageBody, argument: String) throws(CatalogConversionError) -> CatalogValue {
        var found: [(ArgumentNode, PluralArgument)] = []
        PlatformConversion.forEachTopLevelPlural(body) { node, plural in if node.name == argument { found.append((node, plural)) } }
        let renderer = renderer(isFormat: true)
        guard let (node, plural) = found.first else {
            let printed = arguments.contains { $0.name == argument && $0.slot == .value }
            return .plural([CatalogPluralForm(category: "other", text: printed ? renderer.integerSpecifier(argument, .standard) : "")])
        }
        if found.count > 1 {
            throw CatalogConversionError(
                id: "catalog-several-plurals",
                message: "plural '\(argument)' appears twice in a message with plurals on other arguments too; Android cannot compose it",
                range: found[1].0.range, hint: "use the argument's plural once, or mark the message runtimeOnly")
        }
        let forms = try PlatformConversion.pluralForms(node, plural, platform: platform, locale: locale, everyCategory: everyCategory)
        return .plural(forms.map { CatalogPluralForm(category: $0.category, text: renderer.render($0.body.parts, plural: argument)) })
    }
}
