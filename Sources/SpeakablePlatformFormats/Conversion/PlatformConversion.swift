public import SpeakableICU
public import SpeakableMessages
import Synchronization
import SpeakableDiagnostics

/// Turns a parsed ICU message (after ``SelectExpansion``) into what a platform catalog holds.
///
/// ```swift
/// let body = try MessagePattern("{stars, plural, =0 {No stars} one {# star} other {# stars}}").body
/// let args = [CatalogArgument(name: "stars", kind: .integer)]
/// try PlatformConversion.value(of: body, platform: .apple, locale: .english, arguments: args)
/// // .plural([zero: "No stars", one: "%lld star", other: "%lld stars"])
/// let layout = PlatformConversion.layout(of: [(body, .english)], platform: .android)
/// try PlatformConversion.convert(body, platform: .android, locale: .english, arguments: args, layout: layout).resources
/// // <plurals>: one "%1$,d star", other "%1$,d stars"; <string …__stars_eq0>: "No stars"
/// ```
///
/// Rules, for both platforms unless said:
/// * Text: a literal `%` becomes `%%` when the string has specifiers.
/// * Arguments by position in `arguments`: Apple `%@`/`%lld` (`%2$@` once there are two or
///   more arguments), Android always positional `%1$s`/`%1$,d`.
/// * Integers print as ICU prints them (``IntegerPresentation``): grouped (`%1$,d`; Apple's
///   localized `%lld` groups), `::group-off` (`%1$d`; Apple `%@` with the number as text),
///   `::integer-width/*00` (`%1$,02d`, `%02lld`).
/// * A number skeleton whose integers are "digits with text that depends on the plural
///   category" (units: `::measure-unit/duration-second unit-width-full-name`) becomes a plural
///   whose cases are ICU's own unit patterns for the locale ("# second", "# seconds", "#초").
/// * `#` prints the plural's number; inside a substitution it is `%arg`.
/// * Plural cases: the locale's CLDR categories, each from its keyword case or else from `other`;
///   `=N` replaces the category that holds exactly the integer N (English `=1` ↔ `one`); `=0`
///   becomes Apple's `zero` (which Apple matches for 0 in every language) where the locale's own
///   `zero` category, if any, is exactly {0}; on Android only where the locale has such a `zero`
///   category. Any other `=N` is dropped when it prints what its category prints, else it becomes
///   a companion (``CatalogLayout/companions``). Keywords the locale does not use are left out.
/// * Apple: a message that is one plural and has one argument → plural variations; anything
///   else with plurals → substitutions. Android: plurals on one argument are expanded into each
///   quantity (text around them copied in); plurals on several arguments become one `<plurals>`
///   per argument plus a composing `<string>`.
/// * Korean: particle notation (`을(를)`, `이(가)`, `(으)로`…) after known text — literal text,
///   the end of each plural case (the notation after a plural moves into its cases), a number
///   whose value is fixed — is resolved; after a value only known at run time it stays and is
///   reported (``CatalogConversion/openParticles``).
/// * A number printf cannot print as ICU does — any number of a `Double`, an integer style such
///   as `percent`, `::currency/EUR`, `::compact-short` (``numberTexts(in:kinds:)``), on Android an
///   integer padded to four digits with grouping — is ICU's text in its place (`%@`, `%1$s`,
///   ``CatalogArgument/Slot/numberText(_:)``), never `%g` or a `%s` given a `Double`.
/// * Not expressible (error unless the message is runtime-only): `selectordinal`, `offset:`,
///   `choice`, `spellout`/`ordinal`/`duration`, a plural on a `Double`
///   (`catalog-fractional-plural`), a plural inside a plural case.
public enum PlatformConversion {
    /// The message's own value, laid out for this locale alone; an `=N` that needs a companion
    /// or plurals that Android would compose are errors here (`catalog-exact-match`,
    /// `catalog-several-plurals`). The compiler uses ``layout(of:platform:)`` and
    /// ``convert(_:platform:locale:arguments:layout:)`` instead.
    public static func value(of body: MessageBody, platform: CatalogPlatform, locale: ICULocale,
                             arguments: [CatalogArgument]) throws(CatalogConversionError) -> CatalogValue {
        // Numbers printed as text take the position of their argument when the format reads
        // nothing else of it (`{r, number}` on a Double: `%1$s`), else one after the others.
        var arguments = arguments
        let kinds = Dictionary(arguments.filter { $0.slot == .value }.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let texts = numberTexts(in: [(body, locale)], kinds: kinds)
        let slots = formatSlots(of: body, platform: platform, numberTexts: texts)
        var allTexts = texts
        for slot in slots {
            if case .numberText(let style) = slot.slot, !allTexts.contains(NumberText(name: slot.name, style: style)) {
                allTexts.append(NumberText(name: slot.name, style: style))
            }
        }
        for text in allTexts where !arguments.contains(where: { $0.name == text.name && $0.slot == .numberText(text.style) }) {
            let argument = CatalogArgument(name: text.name, kind: .text, slot: .numberText(text.style))
            if !slots.contains(where: { $0.name == text.name && $0.slot == .value }),
               let index = arguments.firstIndex(where: { $0.name == text.name && $0.slot == .value }) {
                arguments[index] = argument
            } else {
                arguments.append(argument)
            }
        }
        let normalized = try normalized(body, locale: locale, arguments: arguments)
        let layout = layout(of: [(normalized, locale)], platform: platform)
        if let companion = layout.companions.first {
            throw CatalogConversionError(
                id: "catalog-exact-match",
                message: "'=\(companion.value)' of plural '\(companion.argument)' has no equivalent in \(platform == .apple ? "String Catalogs" : "Android resources") for \(locale.languageTag)",
                range: layout.companionRanges[companion],
                hint: "it needs a companion resource; compile the project, which writes one")
        }
        if layout.isComposed(on: platform) {
            throw CatalogConversionError(
                id: "catalog-several-plurals",
                message: "an Android <plurals> varies by one number, but this message has plurals on \(layout.pluralArguments.map { "'\($0)'" }.joined(separator: " and "))",
                range: nil, hint: "compile the project, which composes them from one <plurals> per argument")
        }
        return try convert(normalized, platform: platform, locale: locale, arguments: arguments, layout: layout).value
    }

    /// The resources of one message in one locale, laid out as `layout` says (the same for
    /// every locale of the message). `everyCategory`: keep every plural category the text
    /// writes, not only the locale's — Android's default `values/`, which every locale without a
    /// folder of its own reads with its own plural rules (an English `zero` item is what Arabic
    /// users see at 0).
    /// `keptSubstitutions` (String Catalogs): an imported localization's substitutions by the
    /// argument they take; nil: the layout the message calls for.
    public static func convert(_ body: MessageBody, platform: CatalogPlatform, locale: ICULocale, arguments: [CatalogArgument],
                               layout: CatalogLayout, everyCategory: Bool = false,
                               keptSubstitutions: [Int: KeptSubstitution]? = nil) throws(CatalogConversionError) -> CatalogConversion {
        let korean = locale.language == "ko"
        if let text = plainText(body), layout.pluralArguments.isEmpty, layout.companions.isEmpty,
           !(korean && ParticleNotation.mayContainNotation(body)) {
            // Text alone, without `%`: nothing to check or lay out, the same on every platform.
            return CatalogConversion(resources: [CatalogResource(role: .message, value: .text(text))], openParticles: [])
        }
        let body = try validated(body, platform: platform, locale: locale, arguments: arguments, layout: layout)
        var open: [OpenParticle] = []
        func particles(_ body: MessageBody, report: Bool) -> MessageBody {
            guard korean, ParticleNotation.mayContainNotation(body) else { return body }
            var sites: [OpenParticle] = []
            let resolved = ParticleNotation.resolve(body, open: &sites)
            if report { open += sites }
            return resolved
        }
        var converter = Converter(platform: platform, locale: locale, arguments: arguments, layout: layout, everyCategory: everyCategory)
        converter.keptSubstitutions = keptSubstitutions
        let main = particles(body, report: true)
        if !layout.isComposed(on: platform), layout.companions.isEmpty {
            // The message alone (most): one resource.
            return CatalogConversion(resources: [CatalogResource(role: .message, value: try converter.value(main))], openParticles: open)
        }
        var resources: [CatalogResource] = []
        if layout.isComposed(on: platform) {
            resources.append(CatalogResource(role: .message, value: .text(converter.composition(main))))
            for argument in layout.pluralArguments {
                resources.append(CatalogResource(role: .plural(argument), value: try converter.pluralText(main, argument: argument)))
            }
            for companion in layout.companions {
                let fixed = particles(converter.caseText(body, fixing: companion), report: false)
                resources.append(CatalogResource(role: .exact(companion), value: .text(converter.render(fixed.parts, plural: nil, isFormat: true))))
            }
        } else {
            resources.append(CatalogResource(role: .message, value: try converter.value(main)))
            for companion in layout.companions {
                let fixed = particles(try converter.fixing(body, companion), report: false)
                resources.append(CatalogResource(role: .exact(companion), value: try converter.value(fixed, companion: true)))
            }
        }
        return CatalogConversion(resources: resources, openParticles: open)
    }

    /// Whether `body` is text and arguments of the message printed as they are — every number
    /// in a style printf has, no select, no `#` outside a plural — and plurals of such text side
    /// by side (cardinal, without offset, with an `other` case, whole `=N`, on arguments the
    /// message has, each argument once) that ``validated(_:platform:locale:arguments:layout:)``
    /// passes unchanged: its checks in one walk of the parts. False is no verdict (the whole
    /// validation decides).
    static func isValidFlat(_ body: MessageBody, platform: CatalogPlatform, locale: ICULocale, arguments: [CatalogArgument]) -> Bool {
        var plurals = false
        for (index, part) in body.parts.enumerated() {
            switch part {
            case .text: continue
            case .pound: return false
            case .argument(let node):
                guard case .plural(let plural) = node.kind else {
                    if !isFlatArgument(node, platform: platform, arguments: arguments) { return false }
                    continue
                }
                guard !plural.isOrdinal, plural.offset == 0, hasOtherCase(plural) else { return false }
                var known = false
                for argument in arguments where argument.name == node.name {
                    // A Double's plural is refused (catalog-fractional-plural).
                    if argument.slot == .value && argument.kind == .double { return false }
                    known = true
                }
                guard known else { return false }
                // Two plurals on one argument: a composed Android layout refuses them.
                for earlier in body.parts[..<index] {
                    if case .argument(let other) = earlier, other.name == node.name { return false }
                }
                for item in plural.cases {
                    if case .explicit(let value) = item.selector, value < 0 || value != value.rounded() || value >= 1e15 { return false }
                    for inner in item.message.parts {
                        switch inner {
                        case .text, .pound: continue
                        case .argument(let argument):
                            if !isFlatArgument(argument, platform: platform, arguments: arguments) { return false }
                        }
                    }
                }
                plurals = true
            }
        }
        // The locale's plural rules (which the full validation asks ICU for) must be there.
        return !plurals || (try? PluralRules.cached(for: locale, kind: .cardinal)) != nil
    }

    /// An argument ``isValidFlat(_:platform:locale:arguments:)`` takes as it is: the message's
    /// own, printed without a style or in a number style printf has (Android pads with grouping
    /// differently from four digits on), or a date or time.
    @inline(__always)
    static func isFlatArgument(_ node: ArgumentNode, platform: CatalogPlatform, arguments: [CatalogArgument]) -> Bool {
        switch node.kind {
        case .none: break
        case .simple(let simple):
            switch simple.type {
            case .number:
                // Other styles are normalized, passed as text or refused.
                guard let presentation = IntegerPresentation(style: simple.style) else { return false }
                if platform == .android, presentation.grouped, presentation.minimumDigits >= 4 { return false }
            case .date, .time: break
            case .spellout, .ordinal, .duration: return false
            }
        case .plural, .select, .choice: return false
        }
        return arguments.contains(where: { $0.name == node.name })
    }

    /// `kinds[name]`, by comparing names rather than hashing one (a message has a few arguments).
    @inline(__always)
    static func kind(_ name: String, in kinds: [String: CatalogArgument.Kind]) -> CatalogArgument.Kind? {
        guard kinds.count <= 8 else { return kinds[name] }
        for (key, kind) in kinds where key == name { return kind }
        return nil
    }

    /// The text of a body made of text alone, without `%` (which a format doubles); nil for any
    /// other body.
    static func plainText(_ body: MessageBody) -> String? {
        for part in body.parts {
            guard case .text(var text, _) = part, !text.withUTF8({ $0.contains(UInt8(ascii: "%")) }) else { return nil }
        }
        if body.parts.count == 1, case .text(let text, _) = body.parts[0] { return text }
        var text = ""
        for case .text(let part, _) in body.parts { text += part }
        return text
    }

    /// The message normalized (``normalized(_:locale:arguments:)``), once it is known that
    /// ``convert(_:platform:locale:arguments:layout:everyCategory:)`` can write it: every reason
    /// a platform catalog cannot hold a message is thrown here, before anything is written — what
    /// `speakable compile` refuses and `speakable check` reports, from this one function.
    public static func validated(_ body: MessageBody, platform: CatalogPlatform, locale: ICULocale, arguments: [CatalogArgument],
                                 layout: CatalogLayout) throws(CatalogConversionError) -> MessageBody {
        if isValidFlat(body, platform: platform, locale: locale, arguments: arguments) { return body }
        return try fullyValidated(body, platform: platform, locale: locale, arguments: arguments, layout: layout)
    }

    /// ``validated(_:platform:locale:arguments:layout:)`` by every check in turn (what
    /// ``isValidFlat(_:platform:locale:arguments:)`` shortens).
    static func fullyValidated(_ body: MessageBody, platform: CatalogPlatform, locale: ICULocale, arguments: [CatalogArgument],
                               layout: CatalogLayout) throws(CatalogConversionError) -> MessageBody {
        let body = try normalized(body, locale: locale, arguments: arguments)
        try check(body, nestedInPlural: false, arguments: arguments, platform: platform)
        if platform == .android { try checkAndroidPadding(body, arguments: arguments) }
        var missing: (String, Range<Int>)?
        forEachArgument(body) { argument in
            if missing == nil, !arguments.contains(where: { $0.name == argument.name }) {
                if platform == .android, case .plural = argument.kind { return }
                missing = (argument.name, argument.range)
            }
        }
        if let missing {
            throw CatalogConversionError(id: "catalog-unknown-argument",
                                         message: "argument '\(missing.0)' is not an argument of the source message", range: missing.1,
                                         hint: "a translation can only use the arguments the template's message uses")
        }
        // The plurals the converter lays out: each with its `other` case and the locale's rules,
        // and on Android, when composed, one plural per argument.
        var seen: [String] = []
        var failure: CatalogConversionError?
        forEachTopLevelPlural(body) { node, plural in
            guard failure == nil else { return }
            do throws(CatalogConversionError) {
                _ = try pluralRules(node, plural, locale: locale)
            } catch {
                failure = error
                return
            }
            if layout.isComposed(on: platform), seen.contains(node.name) {
                failure = CatalogConversionError(
                    id: "catalog-several-plurals",
                    message: "plural '\(node.name)' appears twice in a message with plurals on other arguments too; Android cannot compose it",
                    range: node.range, hint: "use the argument's plural once, or mark the message runtimeOnly")
            }
            seen.append(node.name)
        }
        if let failure { throw failure }
        return body
    }

    /// The particles after values only known at run time in a normalized message: Korean
    /// only (other languages have no notation to resolve).
    public static func openParticles(in body: MessageBody, locale: ICULocale) -> [OpenParticle] {
        guard locale.language == "ko", ParticleNotation.mayContainNotation(body) else { return [] }
        var open: [OpenParticle] = []
        _ = ParticleNotation.resolve(body, open: &open)
        return open
    }

    /// How a message prints integers with grouping: in MessageFormat's decimal format (`{n}`,
    /// `{n, number}`, `#`: no minimum grouping digits) and in a number skeleton (a unit,
    /// `integer-width`: NumberFormatter, which honours them). A platform's `%,d` groups every
    /// three digits from the first group on, which is not what every locale does (Hindi
    /// "12,34,567"; Polish units "9180 sekund") — see ``IntegerGrouping``.
    public static func groupedIntegers(in body: MessageBody, kinds: [String: CatalogArgument.Kind],
                                       numberTexts: [NumberText] = []) -> (decimal: Bool, skeleton: Bool) {
        var decimal = false
        var skeleton = false
        groupedIntegers(in: body, plural: nil, kinds: kinds, numberTexts: numberTexts, decimal: &decimal, skeleton: &skeleton)
        return (decimal, skeleton)
    }

    private static func groupedIntegers(in body: MessageBody, plural: String?, kinds: [String: CatalogArgument.Kind], numberTexts: [NumberText],
                                        decimal: inout Bool, skeleton: inout Bool) {
        for part in body.parts {
            switch part {
            case .text: break
            case .pound: if let plural, kind(plural, in: kinds) ?? .integer == .integer { decimal = true }
            case .argument(let argument):
                switch argument.kind {
                case .none: if kind(argument.name, in: kinds) == .integer { decimal = true }
                case .simple(let simple) where simple.type == .number && kind(argument.name, in: kinds) ?? .integer == .integer:
                    // A number passed as ICU's text prints as ICU groups it.
                    if numberTexts.contains(NumberText(name: argument.name, style: simple.styleText ?? "")) { break }
                    if let presentation = IntegerPresentation(style: simple.style) {
                        guard presentation.grouped else { break }
                        if case .numberSkeleton = simple.style { skeleton = true } else { decimal = true }
                    } else if case .numberSkeleton = simple.style {
                        skeleton = true
                    }
                case .simple: break
                case .plural(let p): for c in p.cases { groupedIntegers(in: c.message, plural: argument.name, kinds: kinds, numberTexts: numberTexts, decimal: &decimal, skeleton: &skeleton) }
                case .select(let s): for c in s.cases { groupedIntegers(in: c.message, plural: nil, kinds: kinds, numberTexts: numberTexts, decimal: &decimal, skeleton: &skeleton) }
                case .choice(let c): for choice in c.cases { groupedIntegers(in: choice.message, plural: nil, kinds: kinds, numberTexts: numberTexts, decimal: &decimal, skeleton: &skeleton) }
                }
            }
        }
    }

    // MARK: Numbers as text

    /// The printed numbers that platforms receive as ICU's text (``CatalogArgument/Slot/numberText(_:)``),
    /// decided from the message in every locale (`bodies`) so that every locale reads the same
    /// positions:
    /// * every number of a `Double` argument (`{ratio}`, `{ratio, number}`, any style): no
    ///   printf conversion prints a fraction as ICU does — Java's `%s` would print
    ///   `Double.toString` ("1234567.891", ungrouped), CFString's `%g` "1.23457E+06";
    /// * an integer with a style that neither a printf integer (``IntegerPresentation``) nor a
    ///   plural of ICU's own patterns (units: `::measure-unit/duration-second`, in every locale
    ///   of the message) can say: `percent`, `currency`, `::currency/EUR`, `::compact-short`,
    ///   `::scale/100`, a pattern such as `#,##0.00`.
    ///
    /// The generated Swift accessors pass the text (formatted with Foundation where it has the
    /// same ICU format, else given by the caller); an Android app formats it with
    /// `android.icu.text.MessageFormat` (docs/android.md). A plural on a `Double` is not a text:
    /// ``convert(_:platform:locale:arguments:layout:)`` rejects it (`catalog-fractional-plural`).
    ///
    /// `walking`: which bodies to read arguments from (all when nil); a body left out must have
    /// the arguments of one read before it (``sameArguments(_:_:)``), so it has no text of its
    /// own — it still counts as a locale whose unit patterns must say its plurals.
    public static func numberTexts(in bodies: [(body: MessageBody, locale: ICULocale)],
                                   kinds: [String: CatalogArgument.Kind], walking: [Bool]? = nil) -> [NumberText] {
        var texts: [NumberText] = []
        var decided = Set<NumberText>()
        for (index, (body, _)) in bodies.enumerated() where walking?[index] ?? true {
            forEachArgument(body) { node in
                let kind = kind(node.name, in: kinds) ?? .integer
                // Only a Double, or an integer with a style printf has no form for, can be one
                // (decided before the text is made: most arguments are neither).
                switch node.kind {
                case .none: guard kind == .double else { return }
                case .simple(let simple) where simple.type == .number:
                    guard kind == .double || (kind == .integer && IntegerPresentation(style: simple.style) == nil) else { return }
                default: return
                }
                guard let text = NumberText.of(node), decided.insert(text).inserted else { return }
                switch node.kind {
                case .none:
                    if kind == .double { texts.append(text) }
                case .simple(let simple):
                    if kind == .double {
                        texts.append(text)
                        return
                    }
                    guard kind == .integer, IntegerPresentation(style: simple.style) == nil else { return }
                    if case .numberSkeleton(let skeleton) = simple.style,
                       bodies.allSatisfy({ (try? unitPlural(node, skeleton: skeleton, locale: $0.locale)) ?? nil != nil }) {
                        return  // a plural of ICU's unit patterns in every locale
                    }
                    texts.append(text)
                default:
                    break
                }
            }
        }
        return texts
    }

    /// Whether `node` (a number) reaches the platform as text, given the converted arguments.
    static func isText(_ node: ArgumentNode, _ arguments: [CatalogArgument]) -> Bool {
        // An argument `.numberText(style)` of the node's name and ``NumberText/of(_:)``'s style.
        for argument in arguments {
            guard case .numberText(let style) = argument.slot, argument.name == node.name else { continue }
            switch node.kind {
            case .none: if style.isEmpty { return true }
            case .simple(let simple) where simple.type == .number: if style == (simple.styleText ?? "") { return true }
            default: return false
            }
        }
        return false
    }

    /// What follows `%` (and the position) when the platform prints a `Double` with a fixed
    /// number of fraction digits itself (``FractionPresentation``): on Android, Java's `%.2f` is
    /// exactly `::.00 group-off rounding-mode-half-up` (`.2f`, `,.2f` grouped); on Apple, an
    /// imported catalog's own `%.2f` for the `::.00 group-off` it was imported as. Nil: the
    /// number is ICU's text, or an integer.
    public static func printedFraction(_ style: ArgumentStyle, kind: CatalogArgument.Kind, recordedSpecifier: String?,
                                       platform: CatalogPlatform) -> String? {
        guard kind == .double, let fraction = FractionPresentation(style: style) else { return nil }
        switch platform {
        case .android:
            return fraction.javaFlagsAndPrecision.map { $0 + "f" }
        case .apple:
            guard let recordedSpecifier, let spec = FormatString.parse(recordedSpecifier, dialect: .apple).specifiers.first,
                  FractionPresentation(appleSpecifier: spec) == fraction else { return nil }
            return spec.flags + (spec.precision.map { "." + String($0) } ?? "") + String(spec.conversion)
        }
    }

    /// ``printedFraction(_:kind:recordedSpecifier:platform:)`` of an argument node, with the
    /// argument's kind and recorded specifier from `arguments`.
    static func printedFraction(_ node: ArgumentNode, _ arguments: [CatalogArgument], platform: CatalogPlatform) -> String? {
        guard case .simple(let simple) = node.kind, simple.type == .number,
              let argument = arguments.first(where: { $0.name == node.name && $0.slot == .value }) else { return nil }
        return printedFraction(simple.style, kind: argument.kind, recordedSpecifier: argument.recordedSpecifier, platform: platform)
    }

    // MARK: Layout

    /// Decides the layout of a message from its text in every locale (normalized: see
    /// ``normalized(_:locale:arguments:)``).
    public static func layout(of bodies: [(body: MessageBody, locale: ICULocale)], platform: CatalogPlatform) -> CatalogLayout {
        let both = layouts(of: bodies)
        return platform == .apple ? both.apple : both.android
    }

    /// ``layout(of:platform:)`` for both platforms in one walk of the bodies.
    public static func layouts(of bodies: [(body: MessageBody, locale: ICULocale)]) -> (apple: CatalogLayout, android: CatalogLayout) {
        var layouts = (apple: CatalogLayout(), android: CatalogLayout())
        for (body, locale) in bodies {
            // The rules only matter to a body with a plural; the members only to an exact value.
            guard hasTopLevelPlural(body), let rules = try? PluralRules.cached(for: locale, kind: .cardinal) else { continue }
            var knownMembers: [PluralCategory: [Int64]]?
            forEachTopLevelPlural(body) { node, plural in
                if !layouts.apple.pluralArguments.contains(node.name) {
                    layouts.apple.pluralArguments.append(node.name)
                    layouts.android.pluralArguments.append(node.name)
                }
                for item in plural.cases {
                    guard case .explicit(let raw) = item.selector, raw >= 0, raw == raw.rounded(), raw < 1e15 else { continue }
                    let members = knownMembers ?? integerMembers(rules)
                    knownMembers = members
                    let n = Int64(raw)
                    let companion = CatalogCompanion(argument: node.name, value: n)
                    for platform in [CatalogPlatform.apple, .android] {
                        var layout = platform == .apple ? layouts.apple : layouts.android
                        defer { if platform == .apple { layouts.apple = layout } else { layouts.android = layout } }
                        if layout.companions.contains(companion) { continue }
                        if exactCategory(n, members: members, categories: rules.categories, platform: platform) != nil { continue }
                        let category = rules.category(forInteger: n)
                        let keyword = plural.cases.first { if case .keyword(category.rawValue) = $0.selector { true } else { false } } ?? plural.otherCase
                        if let keyword, let shown = plainNumber(n, locale: locale),
                           canonical(item.message, pound: shown) == canonical(keyword.message, pound: shown) {
                            let dropped = DroppedExactMatch(argument: node.name, value: n, category: category.rawValue, locale: locale.languageTag)
                            if !layout.dropped.contains(dropped) { layout.dropped.append(dropped) }
                            continue
                        }
                        layout.companions.append(companion)
                        layout.companionRanges[companion] = item.selectorRange
                    }
                }
            }
        }
        // A value dropped in one locale but needed in another is a companion everywhere.
        for platform in [CatalogPlatform.apple, .android] {
            var layout = platform == .apple ? layouts.apple : layouts.android
            layout.dropped.removeAll { dropped in layout.companions.contains(CatalogCompanion(argument: dropped.argument, value: dropped.value)) }
            if platform == .apple { layouts.apple = layout } else { layouts.android = layout }
        }
        return layouts
    }

    /// Whether every body with the arguments of `source` (``sameArguments(_:_:)``) is its own
    /// ``normalized(_:locale:arguments:)`` and adds nothing to ``layouts(of:)`` once `source`
    /// (in `locale`) came before it: `source` needs no normalizing (neither does such a body:
    /// the same number styles), and its plurals have no exact values — such a body's plurals
    /// are on the same arguments, in the same order, and only an exact value is laid out by
    /// each locale's own rules.
    public static func argumentsLayOutAlike(_ source: MessageBody, locale: ICULocale) -> Bool {
        guard !needsNormalizing(source) else { return false }
        guard hasTopLevelPlural(source) else { return true }
        guard (try? PluralRules.cached(for: locale, kind: .cardinal)) != nil else { return false }
        var exact = false
        forEachTopLevelPlural(source) { _, plural in
            if plural.cases.contains(where: { if case .explicit = $0.selector { true } else { false } }) { exact = true }
        }
        return !exact
    }

    /// The category that says exactly `n` on this platform (Apple's `zero` for 0), if any.
    static func exactCategory(_ n: Int64, members: [PluralCategory: [Int64]], categories: [PluralCategory],
                              platform: CatalogPlatform) -> PluralCategory? {
        if n == 0 {
            let zero = members[.zero]
            switch platform {
            case .apple: if zero == nil || zero == [0] { return .zero }
            case .android: if zero == [0] { return .zero }
            }
            if zero != nil { return nil }
        }
        guard n <= 200 else { return nil }
        return categories.first { members[$0] == [n] }
    }

    /// Whether ``forEachTopLevelPlural(_:_:)`` visits anything in `body`.
    static func hasTopLevelPlural(_ body: MessageBody) -> Bool {
        for part in body.parts {
            guard case .argument(let node) = part else { continue }
            switch node.kind {
            case .plural(let plural) where !plural.isOrdinal: return true
            case .select(let select): if select.cases.contains(where: { hasTopLevelPlural($0.message) }) { return true }
            default: break
            }
        }
        return false
    }

    static func forEachTopLevelPlural(_ body: MessageBody, _ visit: (ArgumentNode, PluralArgument) -> Void) {
        for part in body.parts {
            guard case .argument(let node) = part else { continue }
            switch node.kind {
            case .plural(let plural) where !plural.isOrdinal: visit(node, plural)
            case .select(let select): select.cases.forEach { forEachTopLevelPlural($0.message, visit) }
            default: break
            }
        }
    }

    /// How ICU's `#` prints `n` in `locale` (MessageFormat's decimal format).
    static func plainNumber(_ n: Int64, locale: ICULocale) -> String? {
        try? NumberFormat.cached(.decimal, locale: locale).format(n)
    }

    /// A text that two message bodies share exactly when they print the same (`#` printed as
    /// `pound`); positions do not count.
    static func canonical(_ body: MessageBody, pound: String) -> String {
        var out = ""
        func walk(_ body: MessageBody, pound: String?) {
            for part in body.parts {
                switch part {
                case .text(let text, _): out += text.replacing("\u{1}", with: "\u{1}\u{1}")
                case .pound: out += pound ?? "#"
                case .argument(let argument):
                    out += "\u{1}{" + argument.name + ","
                    switch argument.kind {
                    case .none: break
                    case .simple(let simple): out += simple.type.rawValue + "," + (simple.styleText ?? "")
                    case .plural(let plural):
                        out += (plural.isOrdinal ? "selectordinal" : "plural") + ",\(plural.offset)"
                        for item in plural.cases {
                            out += "\u{1}" + item.selectorText + "{"
                            walk(item.message, pound: nil)
                            out += "\u{1}}"
                        }
                    case .select(let select):
                        for item in select.cases {
                            out += "\u{1}" + item.key + "{"
                            walk(item.message, pound: pound)
                            out += "\u{1}}"
                        }
                    case .choice(let choice):
                        for item in choice.cases {
                            out += "\u{1}\(item.limit)\(item.isExclusive){"
                            walk(item.message, pound: nil)
                            out += "\u{1}}"
                        }
                    }
                    out += "\u{1}}"
                }
            }
        }
        walk(body, pound: pound)
        return out
    }

    // MARK: Normalizing

    /// The message as platforms can say it: number skeletons that are units on integers become
    /// plurals with ICU's unit pattern in each case ("{s, plural, one {# second} other {# seconds}}"),
    /// and adjacent texts are joined. A skeleton that is neither a plain integer format nor a
    /// unit on an integer is an error (`catalog-number-style`).
    public static func normalized(_ body: MessageBody, locale: ICULocale,
                                  arguments: [CatalogArgument]) throws(CatalogConversionError) -> MessageBody {
        // Most messages have nothing to normalize: no copy then.
        guard needsNormalizing(body) else { return body }
        var parts: [MessagePart] = []
        var changed = false
        for part in body.parts {
            guard case .argument(var node) = part else {
                parts.append(part)
                continue
            }
            switch node.kind {
            case .simple(let simple) where simple.type == .number && IntegerPresentation(style: simple.style) == nil:
                guard case .numberSkeleton(let skeleton) = simple.style, !isText(node, arguments) else { break }
                let kind = arguments.first { $0.name == node.name && $0.slot == .value }?.kind ?? .integer
                // A Double with fixed fraction digits: printed as it is where the platform can
                // (check(_:nestedInPlural:arguments:platform:) decides), else passed as text.
                if kind == .double, FractionPresentation(style: simple.style) != nil { break }
                guard kind == .integer, let plural = try unitPlural(node, skeleton: skeleton, locale: locale) else {
                    throw CatalogConversionError(
                        id: "catalog-number-style",
                        message: "the number format of '\(NumberText.of(node)!.argumentText)' has no printf equivalent\(kind == .integer ? "" : " for a \(kind.rawValue)")",
                        range: node.range, hint: "use {\(node.name), number} or pass formatted text, or mark the message runtimeOnly")
                }
                node.kind = .plural(plural)
                changed = true
            case .plural(var plural):
                for i in plural.cases.indices { plural.cases[i].message = try normalized(plural.cases[i].message, locale: locale, arguments: arguments) }
                node.kind = .plural(plural)
            case .select(var select):
                for i in select.cases.indices { select.cases[i].message = try normalized(select.cases[i].message, locale: locale, arguments: arguments) }
                node.kind = .select(select)
            default:
                break
            }
            parts.append(.argument(node))
        }
        var merged: [MessagePart] = []
        for part in parts {
            if case .text(let text, let range) = part, case .text(let previous, let previousRange)? = merged.last {
                merged[merged.count - 1] = .text(previous + text, range: previousRange.lowerBound..<max(previousRange.upperBound, range.upperBound))
                changed = true
            } else {
                merged.append(part)
            }
        }
        return changed ? MessageBody(parts: merged, range: body.range) : MessageBody(parts: parts, range: body.range)
    }

    /// Whether ``normalized(_:locale:arguments:)`` would change what platforms get: a number
    /// style that is not a plain integer format. (Texts side by side print the same joined or
    /// not; the particle pass joins them itself.)
    static func needsNormalizing(_ body: MessageBody) -> Bool {
        for part in body.parts {
            guard case .argument(let node) = part else { continue }
            switch node.kind {
            case .simple(let simple) where simple.type == .number && IntegerPresentation(style: simple.style) == nil: return true
            case .plural(let plural): if plural.cases.contains(where: { needsNormalizing($0.message) }) { return true }
            case .select(let select): if select.cases.contains(where: { needsNormalizing($0.message) }) { return true }
            default: break
            }
        }
        return false
    }

    /// `{s, number, ::measure-unit/duration-second unit-width-full-name}` as the plural ICU
    /// itself applies: one case per category of the locale, the unit's text around `#`.
    static func unitPlural(_ node: ArgumentNode, skeleton: String, locale: ICULocale) throws(CatalogConversionError) -> PluralArgument? {
        guard let formatter = try? SkeletonNumberFormatter.cached(skeleton: skeleton, locale: locale),
              let patterns = formatter.integerPatterns(),
              let rules = try? PluralRules.cached(for: locale, kind: .cardinal) else { return nil }
        let range = node.range
        var cases: [PluralCase] = []
        // `other` is required; where only decimals reach it (Russian), integers never select it.
        let fallback = rules.categories.lazy.compactMap { patterns[$0] }.last
        for category in rules.categories {
            guard let pattern = patterns[category] ?? (category == .other ? fallback : nil) else { continue }
            var parts: [MessagePart] = []
            switch pattern {
            case .around(let prefix, let suffix):
                if !prefix.isEmpty { parts.append(.text(prefix, range: range)) }
                parts.append(.pound(range: range))
                if !suffix.isEmpty { parts.append(.text(suffix, range: range)) }
            case .text(let text):
                parts.append(.text(text, range: range))
            }
            cases.append(PluralCase(selector: .keyword(category.rawValue), selectorText: category.rawValue, selectorRange: range,
                                    message: MessageBody(parts: parts, range: range)))
        }
        return PluralArgument(isOrdinal: false, offset: 0, offsetRange: nil, cases: cases, styleStart: range.lowerBound)
    }

    // MARK: Arguments

    /// The arguments a platform's format string passes, in order of first appearance: Apple
    /// passes every argument (a plural's number too); Android passes the printed ones (a plural
    /// whose number is never printed is only the quantity of `getQuantityString`).
    public static func formatArguments(of body: MessageBody, platform: CatalogPlatform, numberTexts: [NumberText] = []) -> [String] {
        formatSlots(of: body, platform: platform, numberTexts: numberTexts).filter { $0.slot == .value }.map(\.name)
    }

    /// The positions of a platform's format string, in order of first appearance: the
    /// arguments as ``formatArguments(of:platform:numberTexts:)`` says, on Apple one more for
    /// each integer printed without grouping (``CatalogArgument/Slot/integerText(_:)``), and on
    /// both one for each number passed as text (``CatalogArgument/Slot/numberText(_:)``, from
    /// ``numberTexts(in:kinds:)``).
    public static func formatSlots(of body: MessageBody, platform: CatalogPlatform,
                                   numberTexts: [NumberText] = []) -> [(name: String, slot: CatalogArgument.Slot)] {
        let both = formatSlots(of: body, numberTexts: numberTexts)
        return platform == .apple ? both.apple : both.android
    }

    /// ``formatSlots(of:platform:numberTexts:)`` for both platforms in one walk (messages have
    /// few arguments: small arrays, no hashing). `applePrinted`, `androidPrinted`: numbers of
    /// `numberTexts` that one platform prints itself after all (a `Double` with fixed fraction
    /// digits, ``printedFraction(_:kind:recordedSpecifier:platform:)``): its value there.
    public static func formatSlots(of body: MessageBody, numberTexts: [NumberText] = [],
                                   applePrinted: Set<NumberText> = [], androidPrinted: Set<NumberText> = [])
        -> (apple: [(name: String, slot: CatalogArgument.Slot)], android: [(name: String, slot: CatalogArgument.Slot)]) {
        var walk = SlotWalk(numberTexts: numberTexts)
        walk.walk(body, plural: nil)
        let slots = walk.slots
        let printed = walk.printed
        let androidTexts = walk.androidTexts
        // Android: printed arguments and numbers as text, in order of first appearance among
        // all arguments.
        var android: [(name: String, slot: CatalogArgument.Slot)] = []
        android.reserveCapacity(slots.count)
        let androidOnly = Set(androidTexts.keys)
        func isAndroidOnly(_ slot: (name: String, slot: CatalogArgument.Slot)) -> Bool {
            guard !androidOnly.isEmpty, case .numberText(let style) = slot.slot else { return false }
            return androidOnly.contains(slot.name + "\u{0}" + style) && !numberTexts.contains(NumberText(name: slot.name, style: style))
        }
        for slot in slots {
            switch slot.slot {
            case .value:
                if printed.contains(slot.name) && !android.contains(where: { $0.name == slot.name && $0.slot == .value }) { android.append((slot.name, .value)) }
            case .numberText(let style) where !androidPrinted.isEmpty && androidPrinted.contains(NumberText(name: slot.name, style: style)):
                if !android.contains(where: { $0.name == slot.name && $0.slot == .value }) { android.append((slot.name, .value)) }
            case .numberText:
                android.append(slot)
            case .integerText(_):
                // Apple's ungrouped integer: Android prints the value itself (`%1$d`).
                if !android.contains(where: { $0.name == slot.name && $0.slot == .value }) { android.append((slot.name, .value)) }
            case .pluralText:
                break
            }
        }
        var apple: [(name: String, slot: CatalogArgument.Slot)] = []
        apple.reserveCapacity(slots.count)
        for slot in slots where !isAndroidOnly(slot) {
            var own = slot
            if !applePrinted.isEmpty, case .numberText(let style) = slot.slot, applePrinted.contains(NumberText(name: slot.name, style: style)) {
                own.slot = .value
            }
            if !apple.contains(where: { $0.name == own.name && $0.slot == own.slot }) { apple.append(own) }
        }
        return (apple, android)
    }

    /// Whether two bodies print the same arguments in the same places, whatever their text: the
    /// same parts other than text, in the same order — `#`, or arguments of the same name, number,
    /// type and style, with plural and select cases of the same selectors, in order, that are the
    /// same in turn. What depends on a body's arguments alone (its
    /// ``formatSlots(of:numberTexts:applePrinted:androidPrinted:)``, its
    /// ``groupedIntegers(in:kinds:numberTexts:)``) is then the same for both. A `choice` is never
    /// the same.
    public static func sameArguments(_ a: MessageBody, _ b: MessageBody) -> Bool {
        a.parts.withUnsafeBufferPointer { first in
            b.parts.withUnsafeBufferPointer { second in sameArguments(first, second) }
        }
    }

    private static func sameArguments(_ first: UnsafeBufferPointer<MessagePart>, _ second: UnsafeBufferPointer<MessagePart>) -> Bool {
        var i = 0, j = 0
        while true {
            while i < first.count, case .text = first[i] { i += 1 }
            while j < second.count, case .text = second[j] { j += 1 }
            guard i < first.count, j < second.count else { return i == first.count && j == second.count }
            if case .pound = first[i] {
                guard case .pound = second[j] else { return false }
            } else {
                guard case .argument(let x) = first[i], case .argument(let y) = second[j], sameArgument(x, y) else { return false }
            }
            i += 1
            j += 1
        }
    }

    private static func sameArgument(_ x: ArgumentNode, _ y: ArgumentNode) -> Bool {
        guard x.name == y.name, x.number == y.number else { return false }
        switch x.kind {
        case .none:
            guard case .none = y.kind else { return false }
        case .simple(let p):
            guard case .simple(let q) = y.kind, p.type == q.type, p.typeText == q.typeText, p.styleText == q.styleText, p.style == q.style else { return false }
        case .plural(let p):
            guard case .plural(let q) = y.kind, p.isOrdinal == q.isOrdinal, p.offset == q.offset, p.cases.count == q.cases.count else { return false }
            for k in p.cases.indices {
                guard p.cases[k].selector == q.cases[k].selector, sameArguments(p.cases[k].message, q.cases[k].message) else { return false }
            }
        case .select(let p):
            guard case .select(let q) = y.kind, p.cases.count == q.cases.count else { return false }
            for k in p.cases.indices {
                guard p.cases[k].key == q.cases[k].key, sameArguments(p.cases[k].message, q.cases[k].message) else { return false }
            }
        case .choice:
            return false
        }
        return true
    }

    /// The arguments a message prints, for ``formatSlots(of:numberTexts:applePrinted:androidPrinted:)``.
    private struct SlotWalk {
        let numberTexts: [NumberText]
        var slots: [(name: String, slot: CatalogArgument.Slot)] = []
        var printed: [String] = []
        /// Android only: ICU groups the zeros it pads with ("0,042"), Java's %,04d does not.
        var androidTexts: [String: CatalogArgument.Slot] = [:]

        init(numberTexts: [NumberText]) { self.numberTexts = numberTexts }

        mutating func add(_ name: String, _ slot: CatalogArgument.Slot) {
            if slots.isEmpty { slots.reserveCapacity(4) }  // one allocation for most messages' arguments
            if !slots.contains(where: { $0.name == name && $0.slot == slot }) { slots.append((name, slot)) }
        }

        mutating func print(_ name: String) {
            if printed.isEmpty { printed.reserveCapacity(4) }
            if !printed.contains(name) { printed.append(name) }
        }

        mutating func text(_ node: ArgumentNode) -> Bool {
            guard !numberTexts.isEmpty, let text = NumberText.of(node), numberTexts.contains(text) else { return false }
            add(node.name, .numberText(text.style))
            return true
        }

        mutating func walk(_ body: MessageBody, plural: String?) {
            for part in body.parts {
                switch part {
                case .text: break
                case .pound:
                    if let plural { print(plural) }
                case .argument(let argument):
                    switch argument.kind {
                    case .none:
                        if text(argument) { break }
                        add(argument.name, .value)
                        print(argument.name)
                    case .simple(let simple):
                        if simple.type == .number, text(argument) { break }
                        let presentation = simple.type == .number ? IntegerPresentation(style: simple.style) : nil
                        if let presentation, presentation.appleNeedsText {
                            add(argument.name, .integerText(presentation))
                        } else {
                            add(argument.name, .value)
                        }
                        if let presentation, presentation.grouped, presentation.minimumDigits >= 4 {
                            let slot = CatalogArgument.Slot.numberText(simple.styleText ?? "")
                            androidTexts[argument.name + "\u{0}" + (simple.styleText ?? "")] = slot
                            add(argument.name, slot)  // placeholder for Android's order; Apple's list drops it below
                            break
                        }
                        print(argument.name)
                    case .plural(let p):
                        add(argument.name, .value)
                        for c in p.cases { walk(c.message, plural: argument.name) }
                    case .select(let s):
                        add(argument.name, .value)
                        for c in s.cases { walk(c.message, plural: nil) }
                    case .choice(let c):
                        add(argument.name, .value)
                        print(argument.name)
                        for choice in c.cases { walk(choice.message, plural: nil) }
                    }
                }
            }
        }
    }

    // MARK: Checks

    public static func forEachArgument(_ body: MessageBody, _ visit: (ArgumentNode) -> Void) {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            visit(argument)
            switch argument.kind {
            case .plural(let p): p.cases.forEach { forEachArgument($0.message, visit) }
            case .select(let s): s.cases.forEach { forEachArgument($0.message, visit) }
            case .choice(let c): c.cases.forEach { forEachArgument($0.message, visit) }
            case .none, .simple: break
            }
        }
    }

    static func containsPrintedArgument(_ body: MessageBody) -> Bool {
        body.parts.contains { part in
            switch part {
            case .text: false
            case .pound: true
            case .argument(let a):
                switch a.kind {
                case .plural(let p): p.cases.contains { containsPrintedArgument($0.message) }
                case .select(let s): s.cases.contains { containsPrintedArgument($0.message) }
                default: true
                }
            }
        }
    }

    static func check(_ body: MessageBody, nestedInPlural: Bool, arguments: [CatalogArgument] = [],
                      platform: CatalogPlatform? = nil) throws(CatalogConversionError) {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            switch argument.kind {
            case .none:
                break
            case .simple(let simple):
                switch simple.type {
                case .spellout, .ordinal, .duration:
                    throw CatalogConversionError(
                        id: "catalog-rule-based-number",
                        message: "'{\(argument.name), \(simple.typeText)}' has no printf equivalent in platform catalogs",
                        range: argument.range, hint: "pass the spelled-out text as a string argument, or mark the message runtimeOnly")
                case .number:
                    if IntegerPresentation(style: simple.style) == nil, !isText(argument, arguments),
                       platform.flatMap({ printedFraction(argument, arguments, platform: $0) }) == nil {
                        throw CatalogConversionError(
                            id: "catalog-number-style",
                            message: "the number style of '\(NumberText.of(argument)!.argumentText)' has no printf equivalent",
                            range: argument.range, hint: "use {\(argument.name), number} or pass formatted text, or mark the message runtimeOnly")
                    }
                case .date, .time:
                    break
                }
            case .plural(let plural):
                if plural.isOrdinal {
                    throw CatalogConversionError(
                        id: "catalog-selectordinal",
                        message: "selectordinal '\(argument.name)' cannot be expressed: String Catalogs and Android resources have no ordinal plurals",
                        range: argument.range, hint: "mark the message runtimeOnly, or write one message per form")
                }
                if plural.offset != 0 {
                    throw CatalogConversionError(
                        id: "catalog-offset",
                        message: "plural '\(argument.name)' has offset:\(JSONNumberText.format(plural.offset)), which platform plurals cannot express",
                        range: plural.offsetRange ?? argument.range, hint: "pass the number minus the offset as its own argument, or mark the message runtimeOnly")
                }
                if arguments.contains(where: { $0.name == argument.name && $0.slot == .value && $0.kind == .double }) {
                    throw CatalogConversionError(
                        id: "catalog-fractional-plural",
                        message: "plural '\(argument.name)' takes a Double (its examples pass fractions), but Android's <plurals> choose by an int and String Catalogs print # with printf, neither as ICU does for fractions",
                        range: argument.range,
                        hint: "pass a whole count (examples with whole numbers make it an Int) and print the fraction with {\(argument.name), number} outside the plural, or mark the message runtimeOnly")
                }
                if nestedInPlural {
                    throw CatalogConversionError(
                        id: "catalog-nested-plural",
                        message: "plural '\(argument.name)' is inside another plural's case, which platform catalogs cannot express",
                        range: argument.range, hint: "move the plurals side by side (they become substitutions), or mark the message runtimeOnly")
                }
                for item in plural.cases {
                    if case .explicit(let value) = item.selector, value < 0 || value != value.rounded() || value >= 1e15 {
                        throw CatalogConversionError(
                            id: "catalog-exact-match",
                            message: "'\(item.selectorText)' of plural '\(argument.name)' is not a whole number ≥ 0; platform catalogs cannot say it",
                            range: item.selectorRange, hint: "mark the message runtimeOnly")
                    }
                    try check(item.message, nestedInPlural: true, arguments: arguments, platform: platform)
                }
            case .select:
                throw CatalogConversionError(id: "catalog-select-left", message: "select '\(argument.name)' was not expanded into keys",
                                             range: argument.range)
            case .choice:
                throw CatalogConversionError(id: "catalog-choice", message: "choice '\(argument.name)' cannot be expressed in platform catalogs",
                                             range: argument.range, hint: "use plural instead of the legacy choice format")
            }
        }
    }

    /// ICU groups the zeros it pads with (`::integer-width/*0000` writes 42 as "0,042"); Java's
    /// `%,04d` pads without grouping ("0042"): from four digits on, Android cannot say it.
    static func checkAndroidPadding(_ body: MessageBody, arguments: [CatalogArgument] = []) throws(CatalogConversionError) {
        var problem: ArgumentNode?
        forEachArgument(body) { argument in
            guard problem == nil, case .simple(let simple) = argument.kind, simple.type == .number, !isText(argument, arguments),
                  let presentation = IntegerPresentation(style: simple.style), presentation.grouped, presentation.minimumDigits >= 4 else { return }
            problem = argument
        }
        if let problem {
            throw CatalogConversionError(
                id: "catalog-number-style",
                message: "'{\(problem.name), number, …}' pads to four digits or more with grouping (ICU: \"0,042\"); Android's %,04d pads without it (\"0042\")",
                range: problem.range, hint: "add group-off to the skeleton (\"0042\" everywhere), or mark the message runtimeOnly")
        }
    }

    // MARK: Plural forms

    static func order(_ category: String) -> Int {
        PluralCategory(keyword: category)?.index ?? 6
    }

    /// The cases of one plural for a locale, in CLDR order. `=N` cases replace the category
    /// that says exactly N; the others (dropped, or companions) are left out.
    static func pluralForms(_ node: ArgumentNode, _ plural: PluralArgument, platform: CatalogPlatform,
                            locale: ICULocale, everyCategory: Bool = false) throws(CatalogConversionError) -> [(category: String, body: MessageBody)] {
        let rules = try checkedPluralRules(node, plural, locale: locale)
        // Indices into the plural's cases by category, in CLDR's order (``PluralCategory/index``);
        // -1: none. `written`: the first case of each keyword, as ICU takes it.
        var written = SIMD8<Int32>(repeating: -1)
        var exact = false
        for (i, item) in plural.cases.enumerated() {
            switch item.selector {
            case .keyword(let word):
                if let category = PluralCategory(keyword: word), written[category.index] < 0 { written[category.index] = Int32(i) }
            case .explicit: exact = true
            }
        }
        let other = written[PluralCategory.other.index]
        var chosen = SIMD8<Int32>(repeating: -1)
        for category in rules.categories {
            chosen[category.index] = written[category.index] >= 0 ? written[category.index] : other
        }
        // Every category the text has (values/, which every locale shows), or those older
        // releases still select (Hebrew's many).
        let older = everyCategory ? [] : OlderPluralRules.categories(for: locale.languageTag)
        if everyCategory || !older.isEmpty {
            for category in categoryOrder where chosen[category.index] < 0 && written[category.index] >= 0 {
                if everyCategory || older.contains(category) { chosen[category.index] = written[category.index] }
            }
        }
        if exact {
            var knownMembers: [PluralCategory: [Int64]]?
            for (i, item) in plural.cases.enumerated() {
                guard case .explicit(let value) = item.selector, value >= 0, value == value.rounded(), value < 1e15 else { continue }
                let members = knownMembers ?? integerMembers(rules)
                knownMembers = members
                if let category = exactCategory(Int64(value), members: members, categories: rules.categories, platform: platform) {
                    chosen[category.index] = Int32(i)
                }
            }
        }
        var result: [(category: String, body: MessageBody)] = []
        result.reserveCapacity(rules.categories.count)
        for category in categoryOrder where chosen[category.index] >= 0 {
            result.append((category.rawValue, plural.cases[Int(chosen[category.index])].message))
        }
        return result
    }

    /// ``PluralCategory/allCases`` (CLDR's order), made once.
    static let categoryOrder = PluralCategory.allCases

    /// Whether `plural` has an `other` case (``PluralArgument/otherCase``), without copying it.
    static func hasOtherCase(_ plural: PluralArgument) -> Bool {
        plural.cases.contains { if case .keyword("other") = $0.selector { true } else { false } }
    }

    /// The locale's plural rules after the checks of ``pluralRules(_:_:locale:)`` (the same
    /// errors, in the same order), without copying the `other` case.
    static func checkedPluralRules(_ node: ArgumentNode, _ plural: PluralArgument,
                                   locale: ICULocale) throws(CatalogConversionError) -> PluralRules {
        let rules: PluralRules
        do {
            rules = try PluralRules.cached(for: locale, kind: .cardinal)
        } catch {
            throw CatalogConversionError(id: "catalog-locale", message: "ICU has no plural rules for \(locale.languageTag)", range: node.range)
        }
        guard hasOtherCase(plural) else {
            throw CatalogConversionError(id: "import-missing-other", message: "plural '\(node.name)' has no other case", range: node.range)
        }
        return rules
    }

    /// The locale's plural rules and the plural's `other` case, which every platform form needs.
    static func pluralRules(_ node: ArgumentNode, _ plural: PluralArgument,
                            locale: ICULocale) throws(CatalogConversionError) -> (PluralRules, PluralCase) {
        let rules: PluralRules
        do {
            rules = try PluralRules.cached(for: locale, kind: .cardinal)
        } catch {
            throw CatalogConversionError(id: "catalog-locale", message: "ICU has no plural rules for \(locale.languageTag)", range: node.range)
        }
        guard let other = plural.otherCase else {
            throw CatalogConversionError(id: "import-missing-other", message: "plural '\(node.name)' has no other case", range: node.range)
        }
        return (rules, other)
    }

    /// For each category, the integers 0…200 it holds (computed once per locale).
    static func integerMembers(_ rules: PluralRules) -> [PluralCategory: [Int64]] {
        if let known = memberCache.withLock({ $0[rules.locale.identifier] }) { return known }
        var members: [PluralCategory: [Int64]] = [:]
        for n in Int64(0)...200 { members[rules.category(forInteger: n), default: []].append(n) }
        memberCache.withLock { $0[rules.locale.identifier] = members }
        return members
    }

    static let memberCache = Mutex<[String: [PluralCategory: [Int64]]]>([:])
}
