public import SpeakableICU
public import SpeakableMessages
import Synchronization

/// The platform a catalog string is written for.
public enum CatalogPlatform: String, Hashable, Sendable {
    /// String Catalogs: CFString format specifiers (`%@`, `%lld`), plural variations, substitutions.
    case apple
    /// Android resources: `java.util.Formatter` specifiers (`%1$s`, `%1$d`), `<plurals>`.
    case android
}

/// An argument as a platform format string passes it.
public struct CatalogArgument: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `Int`: `%lld` / `%d`.
        case integer
        /// `Double`: `%g` / `%s`.
        case double
        /// `String`: `%@` / `%s`.
        case text
        /// `Date`, passed already formatted as text: `%@` / `%s`.
        case date
    }

    public var name: String
    public var kind: Kind
    /// A specifier recorded when the message was imported (`%ld`, `%.2f`), used instead of the
    /// one `kind` implies so that an imported catalog is written back as it was.
    public var recordedSpecifier: String?

    public init(name: String, kind: Kind, recordedSpecifier: String? = nil) {
        self.name = name
        self.kind = kind
        self.recordedSpecifier = recordedSpecifier
    }
}

/// What a message becomes in a platform catalog.
public enum CatalogValue: Hashable, Sendable {
    /// One string (`stringUnit`, `<string>`).
    case text(String)
    /// The whole message varies by one number (`variations.plural`, `<plurals>`), forms in CLDR
    /// order (`zero` … `other`).
    case plural([CatalogPluralForm])
    /// String Catalogs only: a format with `%#@name@` and one plural per substitution.
    case substitutions(format: String, [CatalogSubstitution])
}

public struct CatalogPluralForm: Hashable, Sendable {
    /// `zero`, `one`, `two`, `few`, `many`, `other`.
    public var category: String
    public var text: String

    public init(category: String, text: String) {
        self.category = category
        self.text = text
    }
}

public struct CatalogSubstitution: Hashable, Sendable {
    public var name: String
    public var argumentNumber: Int
    public var formatSpecifier: String
    public var forms: [CatalogPluralForm]

    public init(name: String, argumentNumber: Int, formatSpecifier: String, forms: [CatalogPluralForm]) {
        self.name = name
        self.argumentNumber = argumentNumber
        self.formatSpecifier = formatSpecifier
        self.forms = forms
    }
}

/// Why a message cannot be written into a platform catalog, with where in the message.
public struct CatalogConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `catalog-selectordinal`, `catalog-offset`, `catalog-choice`, `catalog-number-style`,
    /// `catalog-rule-based-number`, `catalog-exact-match`, `catalog-nested-plural`,
    /// `catalog-several-plurals`, `catalog-select-left`, `catalog-unknown-argument`,
    /// `import-missing-other`, `import-invalid-message`.
    public var id: String
    public var message: String
    /// UTF-16 offsets in the message source, when the problem has a place.
    public var range: Range<Int>?
    public var hint: String?

    public init(id: String, message: String, range: Range<Int>? = nil, hint: String? = nil) {
        self.id = id
        self.message = message
        self.range = range
        self.hint = hint
    }

    public var description: String { message + " [\(id)]" }
}

/// Turns a parsed ICU message (after ``SelectExpansion``) into what a platform catalog holds.
///
/// ```swift
/// let body = try MessagePattern("{stars, plural, =0 {No stars} one {# star} other {# stars}}").body
/// let args = [CatalogArgument(name: "stars", kind: .integer)]
/// try CatalogExport.value(of: body, platform: .apple, locale: .english, arguments: args)
/// // .plural([zero: "No stars", one: "%lld star", other: "%lld stars"])
/// try CatalogExport.value(of: body, platform: .android, locale: .english, arguments: args)
/// // throws catalog-exact-match: Android has no exact matches, and English has no zero category
/// ```
///
/// Rules, for both platforms unless said:
/// * Text: a literal `%` becomes `%%` when the string has specifiers.
/// * Arguments by position in `arguments`: Apple `%@`/`%lld`/`%g` (`%2$@` once there are two or
///   more arguments), Android always positional `%1$s`/`%1$d`.
/// * `#` prints the plural's number; inside a substitution it is `%arg`.
/// * Plural cases: the locale's CLDR categories, each from its keyword case or else from `other`;
///   `=N` replaces the category that holds exactly the integer N (English `=1` ↔ `one`); `=0`
///   becomes Apple's `zero` (which Apple matches for 0 in every language) where the locale's own
///   `zero` category, if any, is exactly {0}; on Android only where the locale has such a `zero`
///   category. Keywords the locale does not use are never chosen by ICU and are left out.
/// * Apple: a message that is one plural and has one argument → plural variations; anything
///   else with plurals → substitutions. Android: plurals inside text are expanded into each
///   quantity; plurals on two different numbers cannot be one resource.
/// * Not expressible (error unless the message is runtime-only): `selectordinal`, `offset:`,
///   `choice`, `spellout`/`ordinal`/`duration`, number styles other than the default and
///   `integer`, an `=N` with no matching category, a plural inside a plural case.
public enum CatalogExport {
    /// Whether one argument is printed more than once in one of the strings `parts` become: plain
    /// `{name}` and formats count, `#` counts for its plural, cases are alternatives (the most
    /// of any case counts), and a top-level plural counts itself when it is printed as a
    /// substitution (`pluralPrinted`).
    static func printsAnArgumentTwice(_ parts: [MessagePart], pluralPrinted: Bool, pound: String?) -> Bool {
        references(parts, pluralPrinted: pluralPrinted, pound: pound).values.contains { $0 > 1 }
    }

    static func references(_ parts: [MessagePart], pluralPrinted: Bool, pound: String?) -> [String: Int] {
        var counts: [String: Int] = [:]
        func merge(_ bodies: [MessageBody], pound: String?) {
            var most: [String: Int] = [:]
            for body in bodies {
                for (name, n) in references(body.parts, pluralPrinted: false, pound: pound) { most[name] = max(most[name] ?? 0, n) }
            }
            for (name, n) in most { counts[name, default: 0] += n }
        }
        for part in parts {
            switch part {
            case .text: continue
            case .pound: if let pound { counts[pound, default: 0] += 1 }
            case .argument(let argument):
                switch argument.kind {
                case .none, .simple: counts[argument.name, default: 0] += 1
                case .plural(let plural):
                    // Printed as a substitution, `#` inside is `%arg` (the substitution's own value).
                    if pluralPrinted { counts[argument.name, default: 0] += 1 }
                    merge(plural.cases.map(\.message), pound: pluralPrinted ? nil : argument.name)
                case .select(let select): merge(select.cases.map(\.message), pound: pound)
                case .choice(let choice): merge(choice.cases.map(\.message), pound: pound)
                }
            }
        }
        return counts
    }

    public static func value(of body: MessageBody, platform: CatalogPlatform, locale: ICULocale,
                             arguments: [CatalogArgument]) throws(CatalogConversionError) -> CatalogValue {
        try check(body, nestedInPlural: false)
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
        var renderer = Renderer(platform: platform, arguments: arguments)
        let plurals = body.parts.compactMap { part -> (ArgumentNode, PluralArgument)? in
            if case .argument(let a) = part, case .plural(let p) = a.kind { return (a, p) }
            return nil
        }
        // One argument printed twice (`{name} and {name}`) needs positions even alone: `%1$@ and
        // %1$@` takes one value, `%@ and %@` would read a second one that is not there.
        let variations = platform == .apple && body.parts.count == 1 && arguments.count == 1 && plurals.count == 1
        renderer.repeatsAnArgument = Self.printsAnArgumentTwice(body.parts, pluralPrinted: !variations, pound: nil)
        if plurals.isEmpty {
            renderer.isFormat = containsPrintedArgument(body) || (platform == .apple && !arguments.isEmpty)
            return .text(renderer.render(body.parts, plural: nil))
        }
        renderer.isFormat = true
        switch platform {
        case .apple:
            if body.parts.count == 1, arguments.count == 1, let (node, plural) = plurals.first {
                let forms = try pluralForms(node, plural, platform: platform, locale: locale)
                return .plural(forms.map { CatalogPluralForm(category: $0.category, text: renderer.render($0.body.parts, plural: node.name)) })
            }
            var used: [String: Int] = [:]
            var substitutions: [CatalogSubstitution] = []
            var names: [Range<Int>: String] = [:]
            for part in body.parts {
                guard case .argument(let node) = part, case .plural(let plural) = node.kind else { continue }
                used[node.name, default: 0] += 1
                let name = used[node.name]! == 1 ? node.name : node.name + "_\(used[node.name]!)"
                names[node.range] = name
                let forms = try pluralForms(node, plural, platform: platform, locale: locale)
                var inner = renderer
                inner.substitutionArgument = node.name
                substitutions.append(CatalogSubstitution(
                    name: name, argumentNumber: renderer.position(of: node.name), formatSpecifier: renderer.lengthAndConversion(node.name),
                    forms: forms.map { CatalogPluralForm(category: $0.category, text: inner.render($0.body.parts, plural: node.name)) }))
            }
            renderer.substitutionNames = names
            return .substitutions(format: renderer.render(body.parts, plural: nil), substitutions)
        case .android:
            let pluralNames = Set(plurals.map(\.0.name))
            guard pluralNames.count == 1, let first = plurals.first else {
                throw CatalogConversionError(
                    id: "catalog-several-plurals",
                    message: "an Android <plurals> varies by one number, but this message has plurals on \(pluralNames.sorted().map { "'\($0)'" }.joined(separator: " and "))",
                    range: plurals[1].0.range, hint: "split the message, or mark it runtimeOnly")
            }
            renderer.isFormat = containsPrintedArgument(body)
            var perNode: [Int: [(category: String, body: MessageBody)]] = [:]
            var categories: [String] = []
            for (index, part) in body.parts.enumerated() {
                guard case .argument(let node) = part, case .plural(let plural) = node.kind else { continue }
                let forms = try pluralForms(node, plural, platform: platform, locale: locale)
                perNode[index] = forms
                for form in forms where !categories.contains(form.category) { categories.append(form.category) }
            }
            categories.sort { order($0) < order($1) }
            return .plural(categories.map { category in
                var text = ""
                for (index, part) in body.parts.enumerated() {
                    if let forms = perNode[index] {
                        let form = forms.first { $0.category == category } ?? forms.last!
                        text += renderer.render(form.body.parts, plural: first.0.name)
                    } else {
                        text += renderer.render([part], plural: nil)
                    }
                }
                return CatalogPluralForm(category: category, text: text)
            })
        }
    }

    /// The arguments a platform's format string passes, in order of first appearance: Apple
    /// passes every argument (a plural's number too); Android passes the printed ones (a plural
    /// whose number is never printed is only the quantity of `getQuantityString`).
    public static func formatArguments(of body: MessageBody, platform: CatalogPlatform) -> [String] {
        var names: [String] = []
        var printed = Set<String>()
        func walk(_ body: MessageBody, plural: String?) {
            for part in body.parts {
                switch part {
                case .text: break
                case .pound:
                    if let plural { printed.insert(plural) }
                case .argument(let argument):
                    if !names.contains(argument.name) { names.append(argument.name) }
                    switch argument.kind {
                    case .none, .simple: printed.insert(argument.name)
                    case .plural(let p): p.cases.forEach { walk($0.message, plural: argument.name) }
                    case .select(let s): s.cases.forEach { walk($0.message, plural: nil) }
                    case .choice(let c):
                        printed.insert(argument.name)
                        c.cases.forEach { walk($0.message, plural: nil) }
                    }
                }
            }
        }
        walk(body, plural: nil)
        return platform == .apple ? names : names.filter { printed.contains($0) }
    }

    // MARK: Checks

    static func forEachArgument(_ body: MessageBody, _ visit: (ArgumentNode) -> Void) {
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

    static func check(_ body: MessageBody, nestedInPlural: Bool) throws(CatalogConversionError) {
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
                    switch simple.style {
                    case .number(.default), .number(.integer): break
                    // `%lld`/`%d` print an integer without grouping: exactly `::group-off`.
                    case .numberSkeleton(let skeleton) where skeleton.split(whereSeparator: \.isWhitespace) == ["group-off"]: break
                    default:
                        throw CatalogConversionError(
                            id: "catalog-number-style",
                            message: "the number style of '{\(argument.name), number, \(simple.styleText ?? "")}' has no printf equivalent",
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
                if nestedInPlural {
                    throw CatalogConversionError(
                        id: "catalog-nested-plural",
                        message: "plural '\(argument.name)' is inside another plural's case, which platform catalogs cannot express",
                        range: argument.range, hint: "move the plurals side by side (they become substitutions), or mark the message runtimeOnly")
                }
                for item in plural.cases { try check(item.message, nestedInPlural: true) }
            case .select:
                throw CatalogConversionError(id: "catalog-select-left", message: "select '\(argument.name)' was not expanded into keys",
                                             range: argument.range)
            case .choice:
                throw CatalogConversionError(id: "catalog-choice", message: "choice '\(argument.name)' cannot be expressed in platform catalogs",
                                             range: argument.range, hint: "use plural instead of the legacy choice format")
            }
        }
    }

    // MARK: Plural forms

    static func order(_ category: String) -> Int {
        PluralCategory(rawValue: category)?.index ?? 6
    }

    /// The cases of one plural for a locale, in CLDR order.
    static func pluralForms(_ node: ArgumentNode, _ plural: PluralArgument, platform: CatalogPlatform,
                            locale: ICULocale) throws(CatalogConversionError) -> [(category: String, body: MessageBody)] {
        let rules: PluralRules
        do {
            rules = try PluralRules.cached(for: locale, kind: .cardinal)
        } catch {
            throw CatalogConversionError(id: "catalog-locale", message: "ICU has no plural rules for \(locale.languageTag)", range: node.range)
        }
        guard let other = plural.otherCase else {
            throw CatalogConversionError(id: "import-missing-other", message: "plural '\(node.name)' has no other case", range: node.range)
        }
        var forms: [PluralCategory: MessageBody] = [:]
        for category in rules.categories {
            let keyword = plural.cases.first { if case .keyword(category.rawValue) = $0.selector { true } else { false } }
            forms[category] = (keyword ?? other).message
        }
        let members = integerMembers(rules)
        for item in plural.cases {
            guard case .explicit(let value) = item.selector else { continue }
            let problem = CatalogConversionError(
                id: "catalog-exact-match",
                message: "'\(item.selectorText)' of plural '\(node.name)' has no equivalent in \(platform == .apple ? "String Catalogs" : "Android resources") for \(locale.languageTag)",
                range: item.selectorRange,
                hint: platform == .android ? "Android has no exact matches; write a separate message for this case, or mark the message runtimeOnly"
                                           : "only =0 (zero) and =N where a plural category holds exactly N can be written")
            guard value >= 0, value == value.rounded(), value < 1000 else { throw problem }
            let n = Int64(value)
            if n == 0 {
                let zeroMembers = members[.zero]
                switch platform {
                case .apple:
                    guard zeroMembers == nil || zeroMembers == [0] else { throw problem }
                case .android:
                    guard zeroMembers == [0] else { throw problem }
                }
                forms[.zero] = item.message
                continue
            }
            guard let category = rules.categories.first(where: { members[$0] == [n] }) else { throw problem }
            forms[category] = item.message
        }
        return forms.keys.sorted().map { ($0.rawValue, forms[$0]!) }
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

/// Renders message parts as a platform format string.
struct Renderer {
    let platform: CatalogPlatform
    let arguments: [CatalogArgument]
    /// Whether the string will be used as a format (then `%` is written `%%`).
    var isFormat = true
    /// Inside an Apple substitution: the argument `#` and its number print as `%arg`.
    var substitutionArgument: String?
    /// Apple substitution names by the range of their plural in the message.
    var substitutionNames: [Range<Int>: String] = [:]

    init(platform: CatalogPlatform, arguments: [CatalogArgument]) {
        self.platform = platform
        self.arguments = arguments
    }

    func position(of name: String) -> Int {
        (arguments.firstIndex { $0.name == name } ?? 0) + 1
    }

    /// Some argument is printed more than once in one output (then positions are written).
    var repeatsAnArgument = false

    var positional: Bool { platform == .android || arguments.count > 1 || repeatsAnArgument }

    /// `lld`, `@`, `g` (Apple) — without `%` and position.
    func lengthAndConversion(_ name: String) -> String {
        let argument = arguments.first { $0.name == name }
        if let recorded = argument?.recordedSpecifier, let spec = PrintfFormat.parse(recorded, dialect: platform == .apple ? .apple : .java).specifiers.first {
            return spec.flags + (spec.width ?? "") + (spec.precision.map { "." + $0 } ?? "") + spec.length + String(spec.conversion)
        }
        switch (platform, argument?.kind ?? .text) {
        case (.apple, .integer): return "lld"
        case (.apple, .double): return "g"
        case (.apple, _): return "@"
        case (.android, .integer): return "d"
        case (.android, _): return "s"
        }
    }

    func specifier(_ name: String) -> String {
        if let substitutionArgument, substitutionArgument == name { return "%arg" }
        return "%" + (positional ? "\(position(of: name))$" : "") + lengthAndConversion(name)
    }

    /// `%` → `%%` (most texts have none: returned as they are).
    static func doublingPercents(_ text: String) -> String {
        guard text.utf8.contains(0x25) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 4)
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(scalar)
            if scalar == "%" { out.unicodeScalars.append("%") }
        }
        return out
    }

    func render(_ parts: [MessagePart], plural: String?) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text, _):
                out += isFormat ? Self.doublingPercents(text) : text
            case .pound:
                out += specifier(plural ?? "")
            case .argument(let argument):
                switch argument.kind {
                case .none, .simple:
                    out += specifier(argument.name)
                case .plural:
                    // Only at the top level of an Apple substitutions format.
                    out += "%" + (positional ? "\(position(of: argument.name))$" : "") + "#@" + (substitutionNames[argument.range] ?? argument.name) + "@"
                case .select, .choice:
                    break  // rejected by the checks
                }
            }
        }
        return out
    }
}

/// Numbers in messages as JSON writes them ("1", "0.5").
enum JSONNumberText {
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
