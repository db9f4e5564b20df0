public import SpeakableICU
import SpeakableMessages

/// A platform message turned into ICU MessageFormat, with what it took to get there.
public struct ImportedMessage: Hashable, Sendable {
    /// The ICU message.
    public var icu: String
    /// Argument names by 1-based printf position, as named in `icu`.
    public var arguments: [Int: String]
    /// The specifier each position was written with (`%lld`, `%1$s`, `%.2f`), to write it back.
    public var specifiers: [Int: String]
    /// What the ICU message does not carry (other device variants…), in plain sentences.
    public var notes: [String]
}

/// Turns what a platform catalog holds (a ``PlatformMessage``) into an ICU message.
///
/// ```swift
/// // "%lld commands found" in CotEditor's String Catalog, Czech:
/// let imported = try CatalogImport.icuMessage(from: message, dialect: .apple, locale: ICULocale("cs"))
/// imported.icu
/// // "{arg1, plural, =0 {Nebyly nalezeny žádné příkazy} one {Nalezen # příkaz} few {Nalezeny # příkazy} many {Nalezeno # příkazu} other {Nalezeno # příkazů}}"
/// ```
///
/// * Specifiers become named arguments: `%@`/`%s` → `{name}`, integers and floating point →
///   `{name, number}`; names come from `names` (position → name; Android's `<xliff:g id>`),
///   then from substitution names, else `arg<N>`. Integers keep what they print: Android's
///   `%d` does not group (`{n, number, ::group-off}`, `%,d` is `{n, number}`), `%02d` pads
///   (`{n, number, ::integer-width/*00 group-off}`); Apple's localized `%lld` groups.
/// * Plural variations (Apple) and `<plurals>` (Android) → `{n, plural, …}`; the number the
///   forms print becomes `#`. Apple's `zero` becomes `=0` unless the locale has a CLDR `zero`
///   category; Android's `zero` stays the keyword.
/// * Substitutions: `%#@name@` → a plural on the substitution's argument; `%arg` → `#`.
/// * Device variations: the `other` device (else the first) is imported; the rest is noted.
/// * Literal `{`, `}`, `'` and (in plural cases) `#` are quoted as ICU requires; `%%` → `%`.
public enum CatalogImport {
    public static func icuMessage(from message: PlatformMessage, dialect: PrintfFormat.Dialect, locale: ICULocale,
                                  names: [Int: String] = [:]) throws(CatalogConversionError) -> ImportedMessage {
        var forms = message.forms
        var notes: [String] = []
        if forms.contains(where: { $0.path.hasPrefix("device.") }) {
            let devices = forms.compactMap { form -> String? in
                guard form.path.hasPrefix("device.") else { return nil }
                return String(form.path.dropFirst(7).prefix { $0 != "." })
            }
            let chosen = devices.contains("other") ? "other" : devices[0]
            let others = Array(Set(devices)).filter { $0 != chosen }.sorted()
            if !others.isEmpty { notes.append("device variations \(others.joined(separator: ", ")) are not imported (the '\(chosen)' text is)") }
            let prefix = "device." + chosen
            forms = forms.compactMap { form in
                guard form.path == prefix || form.path.hasPrefix(prefix + ".") else { return nil }
                var stripped = form
                stripped.path = form.path == prefix ? "" : String(form.path.dropFirst(prefix.count + 1))
                return stripped
            }
        }
        var builder = Builder(dialect: dialect, locale: locale, names: names, substitutionInfo: message.substitutions)
        let whole = forms.first { $0.path.isEmpty }
        let plural = forms.filter { $0.path.hasPrefix("plural.") && !$0.path.dropFirst(7).contains(".") }
        var icu: String
        if !plural.isEmpty {
            icu = try builder.wholePlural(plural)
        } else if let whole {
            icu = try builder.text(whole.value, allForms: forms, inPlural: nil)
        } else {
            icu = ""
        }
        do {
            _ = try MessagePattern(icu)
        } catch {
            throw CatalogConversionError(id: "import-invalid-message",
                                         message: "the imported message does not parse as ICU MessageFormat: \(error.first.message)")
        }
        if icu.isEmpty, forms.isEmpty { icu = "" }
        return ImportedMessage(icu: icu, arguments: builder.usedNames, specifiers: builder.usedSpecifiers, notes: notes)
    }

    /// A name ICU accepts as an argument name: letters, digits and `_`, not starting with a digit.
    public static func argumentName(_ text: String) -> String {
        var out = String(String.UnicodeScalarView(text.unicodeScalars.map { s in
            s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" ? s : "_"
        }))
        if out.isEmpty || out.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true { out = "arg" + out }
        return out
    }
}

private struct Builder {
    let dialect: PrintfFormat.Dialect
    let locale: ICULocale
    let names: [Int: String]
    let substitutionInfo: [PlatformSubstitution]
    var usedNames: [Int: String] = [:]
    var usedSpecifiers: [Int: String] = [:]
    /// Substitutions being expanded, outermost first: one whose forms name itself (or one being
    /// expanded) is a loop (found by fuzzing: it recursed until the stack overflowed).
    var expanding: [String] = []

    init(dialect: PrintfFormat.Dialect, locale: ICULocale, names: [Int: String], substitutionInfo: [PlatformSubstitution]) {
        self.dialect = dialect
        self.locale = locale
        self.names = names
        self.substitutionInfo = substitutionInfo
    }

    var hasZeroCategory: Bool {
        (try? PluralRules.cached(for: locale, kind: .cardinal))?.categories.contains(.zero) ?? false
    }

    mutating func name(_ position: Int, substitution: String? = nil) -> String {
        if let used = usedNames[position] { return used }
        let base = names[position].map(CatalogImport.argumentName) ?? substitution.map(CatalogImport.argumentName) ?? "arg\(position)"
        var name = base
        var n = 2
        while usedNames.values.contains(name) {
            name = base + "_\(n)"
            n += 1
        }
        usedNames[position] = name
        return name
    }

    /// Sequential positions of the specifiers of a format (Apple `%#@x@` takes one, `%arg` none).
    func positions(_ format: PrintfFormat) -> [Int] {
        var next = 1
        return format.specifiers.map { spec in
            if spec.isSubstitutionArgument { return 0 }
            if let p = spec.position {
                next = p + 1
                return p
            }
            defer { next += 1 }
            return next
        }
    }

    /// What an integer specifier prints, as ICU says it: Java's `%d` does not group (`::group-off`;
    /// `%,d` does), CFString's localized `%lld` does; `%02d` pads (`::integer-width/*00`).
    /// A zero-padded width ICU cannot say (more than ``IntegerPresentation/maximumDigits``) is an
    /// error: found by fuzzing, `%0…8198552921648689607lld` made the skeleton a string of that
    /// many zeros (an allocation of 8 EB).
    func presentation(of spec: PrintfSpecifier) throws(CatalogConversionError) -> IntegerPresentation {
        var digits = 1
        if spec.flags.contains("0"), let width = spec.width {
            guard let value = Int(width), value <= IntegerPresentation.maximumDigits else {
                let shown = width.count > 12 ? String(width.prefix(6)) + "…" + String(width.suffix(6)) : width
                throw CatalogConversionError(id: "import-width-too-large",
                                             message: "a number padded to \(shown) digits; ICU pads to at most \(IntegerPresentation.maximumDigits)",
                                             hint: "use a width of at most \(IntegerPresentation.maximumDigits) (%02d pads to two digits)")
            }
            digits = value
        }
        return IntegerPresentation(grouped: dialect == .apple || spec.flags.contains(","), minimumDigits: max(digits, 1))
    }

    /// `{n, plural, …}` for a message whose forms are `plural.<category>`.
    mutating func wholePlural(_ forms: [PlatformForm]) throws(CatalogConversionError) -> String {
        // The number: the first integer specifier (in `other` first), else argument 1 (Apple) or a
        // quantity that is never printed (Android).
        let ordered = forms.sorted { ($0.path == "plural.other" ? 0 : 1) < ($1.path == "plural.other" ? 0 : 1) }
        var pluralPosition: Int?
        for form in ordered {
            let format = PrintfFormat.parse(form.value, dialect: dialect)
            if let index = format.specifiers.firstIndex(where: { $0.valueKind == .integer }) {
                pluralPosition = positions(format)[index]
                break
            }
        }
        let pluralName: String
        if let pluralPosition {
            pluralName = name(pluralPosition)
        } else if dialect == .apple {
            pluralName = name(1)
        } else {
            pluralName = "count"
        }
        return try plural(pluralName, position: pluralPosition, forms: forms.map { (String($0.path.dropFirst(7)), $0) }, allForms: forms)
    }

    mutating func plural(_ name: String, position: Int?, forms: [(category: String, form: PlatformForm)],
                         allForms: [PlatformForm]) throws(CatalogConversionError) -> String {
        guard forms.contains(where: { $0.category == "other" }) else {
            throw CatalogConversionError(id: "import-missing-other",
                                         message: "plural '\(name)' has no 'other' form, which ICU requires",
                                         hint: "add the other form to the catalog")
        }
        let zeroIsKeyword = dialect == .java || hasZeroCategory
        let order = ["zero", "one", "two", "few", "many", "other"]
        let sorted = forms.sorted { a, b in
            (order.firstIndex(of: a.category) ?? 6, a.category) < (order.firstIndex(of: b.category) ?? 6, b.category)
        }
        var out = "{" + name + ", plural,"
        for (category, form) in sorted {
            let selector = category == "zero" && !zeroIsKeyword ? "=0" : category
            out += " " + selector + " {" + (try text(form.value, allForms: allForms, inPlural: (name, position))) + "}"
        }
        return out + "}"
    }

    /// A printf string as ICU text. `inPlural`: the plural whose number prints as `#`.
    mutating func text(_ value: String, allForms: [PlatformForm], inPlural: (name: String, position: Int?)?) throws(CatalogConversionError) -> String {
        let format = PrintfFormat.parse(value, dialect: dialect)
        let positions = positions(format)
        var out = ""
        for (index, piece) in format.pieces.enumerated() {
            let followedBySyntax = index + 1 < format.pieces.count
            switch piece {
            case .literal(let literal):
                out += ICUText.escape(literal, inPlural: inPlural != nil, followedBySyntax: followedBySyntax)
            case .specifier(let spec):
                let specIndex = format.specifiers.firstIndex(of: spec)!
                let position = positions[specIndex]
                if spec.isSubstitutionArgument {
                    out += inPlural != nil ? "#" : "{" + (inPlural?.name ?? "arg") + ", number}"
                    continue
                }
                if let substitution = spec.substitution {
                    let info = substitutionInfo.first { $0.name == substitution }
                    let argument = info?.argumentNumber ?? position
                    let name = name(argument, substitution: substitution)
                    if let f = info?.formatSpecifier { usedSpecifiers[argument] = "%" + f }
                    let prefix = "substitutions.\(substitution).plural."
                    let subForms = allForms.filter { $0.path.hasPrefix(prefix) }.map { (String($0.path.dropFirst(prefix.count)), $0) }
                    guard !subForms.isEmpty else {
                        throw CatalogConversionError(id: "import-missing-other",
                                                     message: "substitution '\(substitution)' has no plural forms")
                    }
                    guard !expanding.contains(substitution) else {
                        throw CatalogConversionError(id: "import-substitution-loop",
                                                     message: "substitution '\(substitution)' names itself in its own forms (\((expanding + [substitution]).joined(separator: " → ")))",
                                                     hint: "a substitution's forms may name other substitutions, not itself")
                    }
                    expanding.append(substitution)
                    out += try plural(name, position: argument, forms: subForms, allForms: allForms)
                    expanding.removeLast()
                    continue
                }
                let skeleton = spec.valueKind == .integer ? try presentation(of: spec).skeleton : nil
                if let inPlural, let pluralPosition = inPlural.position, pluralPosition == position, spec.valueKind == .integer {
                    if usedSpecifiers[position] == nil { usedSpecifiers[position] = spec.text }
                    usedNames[position] = usedNames[position] ?? inPlural.name
                    out += skeleton.map { "{" + inPlural.name + ", number, ::" + $0 + "}" } ?? "#"
                    continue
                }
                let name = name(position)
                if usedSpecifiers[position] == nil { usedSpecifiers[position] = spec.text }
                switch spec.valueKind {
                case .integer: out += "{" + name + ", number" + (skeleton.map { ", ::" + $0 } ?? "") + "}"
                case .floatingPoint: out += "{" + name + ", number}"
                default: out += "{" + name + "}"
                }
            }
        }
        return out
    }
}
