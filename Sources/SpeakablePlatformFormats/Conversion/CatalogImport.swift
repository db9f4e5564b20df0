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
    /// The argument a whole-message plural selects on (its printf position), nil when the
    /// message is no plural or its number is never printed (Android's quantity alone).
    public var pluralSelector: Int?
    /// String Catalog substitutions by the position of their argument, named as the file
    /// names them (`total.strings`; the ICU argument is `total_strings`).
    public var substitutions: [Int: String] = [:]
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
/// The format is read as the platform reads it (``FormatString``, ``FormatString/pieces(of:)``):
/// the argument each specifier reads is the one Java's `Formatter` or CFString reads (Java
/// counts `%s` apart from `%2$s`), and what the formatter rejects is text.
///
/// * Specifiers become named arguments: `%@`/`%s` → `{name}`; names come from `names` (position
///   → name; Android's `<xliff:g id>`, or the source locale's names for a translation), then
///   from substitution names, else `arg<N>`. Numbers keep what they print: Android's `%d` does
///   not group (`{n, number, ::group-off}`, `%,d` is `{n, number}`), `%02d` pads
///   (`{n, number, ::integer-width/*00 group-off}`); Apple's localized `%lld` groups. `%.2f`
///   is `{n, number, ::.00 group-off rounding-mode-half-up}` on Android (Java rounds half up)
///   and `{n, number, ::.00 group-off}` on Apple (``FractionPresentation``); other
///   floating-point specifiers are `{n, number}`.
/// * Plural variations (Apple) and `<plurals>` (Android) → `{n, plural, …}`; the number the
///   forms print becomes `#`. Which argument the plural selects on is decided once, from the
///   source locale (`pluralSelector`; Android passes the quantity apart from the arguments): a
///   translation selects on the same argument whatever it prints first. Apple's `zero` becomes
///   `=0` unless the locale has a CLDR `zero` category; Android's `zero` stays the keyword.
/// * Substitutions: `%#@name@` → a plural on the substitution's argument; `%arg` → `#`.
/// * Device variations: the `other` device (else the first) is imported; the rest is noted.
/// * Literal `{`, `}`, `'` and (in plural cases) `#` are quoted as ICU requires (``ICUText``);
///   `%%` → `%`.
public enum CatalogImport {
    /// `pluralSelector`: for a translation, the source's ``ImportedMessage/pluralSelector``
    /// (`.some(nil)`: the source's plural prints no number); nil for the source itself, whose
    /// plural selects on the first integer its `other` form prints.
    public static func icuMessage(from message: PlatformMessage, dialect: FormatDialect, locale: ICULocale,
                                  names: [Int: String] = [:], pluralSelector: Int?? = nil) throws(CatalogConversionError) -> ImportedMessage {
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
        var builder = ImportBuilder(dialect: dialect, locale: locale, names: names, substitutionInfo: message.substitutions)
        // The app formats a message when some string of it reads an argument (then every form
        // is a format: getQuantityString formats the item it picks); else it shows it as it is.
        builder.formatted = forms.contains { FormatString.parse($0.value, dialect: dialect).readsArguments }
        let whole = forms.first { $0.path.isEmpty }
        let plural = forms.filter { $0.path.hasPrefix("plural.") && !$0.path.dropFirst(7).contains(".") }
        var icu: String
        var selector: Int?
        if !plural.isEmpty {
            (icu, selector) = try builder.wholePlural(plural, selector: pluralSelector)
        } else if let whole {
            icu = try builder.text(whole.value, allForms: forms, inPlural: nil, last: true)
        } else {
            icu = ""
        }
        do {
            _ = try MessagePattern(icu)
        } catch {
            throw CatalogConversionError(id: "import-invalid-message",
                                         message: "the imported message does not parse as ICU MessageFormat: \(error.first.message)")
        }
        notes += builder.notes
        return ImportedMessage(icu: icu, arguments: builder.usedNames, specifiers: builder.usedSpecifiers, notes: notes,
                               pluralSelector: selector, substitutions: builder.usedSubstitutions)
    }

    /// A name ICU accepts as an argument name: letters, digits and `_`, not starting with a digit.
    public static func argumentName(_ text: String) -> String {
        var out = String(String.UnicodeScalarView(text.unicodeScalars.map { s in
            s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" ? s : "_"
        }))
        if out.isEmpty || out.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true { out = "arg" + out }
        return out
    }

    /// The ICU argument that prints what `spec` prints, named `name`: `{name}`, `{name, number}`
    /// or `{name, number, ::skeleton}` (see the list above); `pound`: inside the plural on this
    /// argument, where a grouped integer is `#`.
    static func argument(_ name: String, for spec: FormatSpecifier, dialect: FormatDialect,
                         pound: Bool = false) throws(CatalogConversionError) -> String {
        switch spec.valueKind {
        case .integer:
            let skeleton = try integerPresentation(of: spec, dialect: dialect).skeleton
            if pound, skeleton == nil { return "#" }
            return "{" + name + ", number" + (skeleton.map { ", ::" + $0 } ?? "") + "}"
        case .floatingPoint:
            let fraction = dialect == .java ? FractionPresentation(javaSpecifier: spec) : FractionPresentation(appleSpecifier: spec)
            return "{" + name + ", number" + (fraction.map { ", ::" + $0.skeleton } ?? "") + "}"
        default:
            return "{" + name + "}"
        }
    }

    /// What `spec` does that its ICU argument does not (nil: they print the same): upper case,
    /// hexadecimal, octal, scientific notation, a width, alignment or sign flags.
    static func unsaid(_ spec: FormatSpecifier, dialect: FormatDialect) -> String? {
        let conversion = spec.conversionScalar
        if spec.dateTimeSuffix != nil { return "prints a date or time" }
        switch conversion {
        case 0x78, 0x58: return "prints the number in hexadecimal"                                   // x X
        case 0x6F, 0x4F: return "prints the number in octal"                                         // o O
        case 0x65, 0x45, 0x67, 0x47, 0x61, 0x41: return "prints the number in scientific or hexadecimal notation"  // e E g G a A
        case 0x53 where dialect == .java: return "prints the text in upper case"                    // S
        case 0x63, 0x43: return "prints a character"                                                 // c C
        case 0x62, 0x42, 0x68, 0x48: return "prints a truth value or hash code"                     // b B h H
        default: break
        }
        let flags = spec.flags.filter { !(($0 == "0" && spec.valueKind == .integer) || $0 == "," || ($0 == "'" && dialect == .apple)) }
        if !flags.isEmpty { return "has the flag\(flags.count == 1 ? "" : "s") '\(flags)'" }
        if spec.width != nil, !(spec.flags.contains("0") && spec.valueKind == .integer) { return "pads to a width of \(spec.width!)" }
        if spec.precision != nil, spec.valueKind != .floatingPoint { return "cuts the text to \(spec.precision!) characters" }
        if spec.valueKind == .floatingPoint, (dialect == .java ? FractionPresentation(javaSpecifier: spec) : FractionPresentation(appleSpecifier: spec)) == nil {
            return "prints the number with its own precision"
        }
        return nil
    }

    /// What an integer specifier prints, as ICU says it: Java's `%d` does not group (`::group-off`;
    /// `%,d` does), CFString's localized `%lld` does; `%02d` pads (`::integer-width/*00`).
    /// A zero-padded width ICU cannot say (more than ``IntegerPresentation/maximumDigits``) is an
    /// error: found by fuzzing, `%0…8198552921648689607lld` made the skeleton a string of that
    /// many zeros (an allocation of 8 EB).
    static func integerPresentation(of spec: FormatSpecifier, dialect: FormatDialect) throws(CatalogConversionError) -> IntegerPresentation {
        var digits = 1
        if spec.flags.contains("0") {
            guard let value = spec.width, value <= IntegerPresentation.maximumDigits else {
                let width = spec.text.drop { !("1"..."9").contains($0) }.prefix { ("0"..."9").contains($0) }
                let shown = width.count > 12 ? String(width.prefix(6)) + "…" + String(width.suffix(6)) : String(width)
                throw CatalogConversionError(id: "import-width-too-large",
                                             message: "a number padded to \(shown) digits; ICU pads to at most \(IntegerPresentation.maximumDigits)",
                                             hint: "use a width of at most \(IntegerPresentation.maximumDigits) (%02d pads to two digits)")
            }
            digits = value
        }
        return IntegerPresentation(grouped: dialect == .apple || spec.flags.contains(","), minimumDigits: max(digits, 1))
    }
}

/// Builds the ICU text of one platform message.
private struct ImportBuilder {
    let dialect: FormatDialect
    let locale: ICULocale
    let names: [Int: String]
    let substitutionInfo: [PlatformSubstitution]
    var usedNames: [Int: String] = [:]
    var usedSpecifiers: [Int: String] = [:]
    var usedSubstitutions: [Int: String] = [:]
    var notes: [String] = []
    /// Whether the app formats the message (`%%` is `%`), or shows its text as it is.
    var formatted = true
    /// Substitutions being expanded, outermost first: one whose forms name itself (or one being
    /// expanded) is a loop (found by fuzzing: it recursed until the stack overflowed).
    var expanding: [String] = []

    init(dialect: FormatDialect, locale: ICULocale, names: [Int: String], substitutionInfo: [PlatformSubstitution]) {
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

    /// `{n, plural, …}` for a message whose forms are `plural.<category>`, and the position it
    /// selects on. The source's number: the first integer its `other` form prints (the first
    /// form's when it has no `other`), else argument 1 (Apple) or a quantity that is never
    /// printed (Android). A translation takes the source's (`selector`).
    mutating func wholePlural(_ forms: [PlatformForm], selector: Int??) throws(CatalogConversionError) -> (String, Int?) {
        let pluralPosition: Int?
        if let selector {
            pluralPosition = selector
        } else {
            let sample = forms.first { $0.path == "plural.other" } ?? forms[0]
            let format = FormatString.parse(sample.value, dialect: dialect)
            pluralPosition = format.arguments.first { $0.specifier.valueKind == .integer }?.argument ?? (dialect == .apple ? 1 : nil)
        }
        let pluralName = pluralPosition.map { name($0) } ?? "count"
        let icu = try plural(pluralName, position: pluralPosition, forms: forms.map { (String($0.path.dropFirst(7)), $0) }, allForms: forms)
        return (icu, pluralPosition)
    }

    /// `substitution`: the plural of a String Catalog substitution, in whose variations an
    /// integer specifier without a position is the substitution's own number (as `%arg` is: how
    /// Xcode reads a `.stringsdict` variation's `%d`).
    mutating func plural(_ name: String, position: Int?, forms: [(category: String, form: PlatformForm)],
                         allForms: [PlatformForm], substitution: Bool = false) throws(CatalogConversionError) -> String {
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
            out += " " + selector + " {" + (try text(form.value, allForms: allForms, inPlural: (name, position, substitution), last: false)) + "}"
        }
        return out + "}"
    }

    /// A printf string as ICU text. `inPlural`: the plural whose number prints as `#`; `last`:
    /// nothing follows the text (the end of the message).
    mutating func text(_ value: String, allForms: [PlatformForm], inPlural: (name: String, position: Int?, substitution: Bool)?,
                       last: Bool) throws(CatalogConversionError) -> String {
        let format = FormatString.parse(value, dialect: dialect)
        let pieces = format.pieces(of: value, formatted: formatted)
        var ownNumberPrinted = false
        var out = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let literal):
                let followedBySyntax = index + 1 < pieces.count || !last
                out += ICUText.escape(literal, inPlural: inPlural != nil, followedBySyntax: followedBySyntax)
            case .specifier(_, .substitutionArgument):
                out += inPlural != nil ? "#" : "{arg, number}"
            case .specifier(_, .substitution(let substitution, let argumentRead)):
                let info = substitutionInfo.first { $0.name == substitution }
                guard let argument = info?.argumentNumber ?? argumentRead else { continue }
                let name = name(argument, substitution: substitution)
                if usedSubstitutions[argument] == nil { usedSubstitutions[argument] = substitution }
                // The substitution's number prints as its `formatSpecifier` says, else as its forms write it.
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
                out += try plural(name, position: argument, forms: subForms, allForms: allForms, substitution: true)
                expanding.removeLast()
            case .specifier(let spec, .argument(var position)):
                if let inPlural, inPlural.substitution, let own = inPlural.position, case .ordinary = spec.index, spec.valueKind == .integer,
                   !ownNumberPrinted {
                    position = own
                    ownNumberPrinted = true
                }
                if usedSpecifiers[position] == nil { usedSpecifiers[position] = spec.text }
                if let unsaid = CatalogImport.unsaid(spec, dialect: dialect) {
                    let note = "\(spec.text) \(unsaid), which ICU MessageFormat cannot say: speakable format and preview print the value plainly, compile writes \(spec.text) back"
                    if !notes.contains(note) { notes.append(note) }
                }
                if let inPlural, let pluralPosition = inPlural.position, pluralPosition == position, spec.valueKind == .integer {
                    usedNames[position] = usedNames[position] ?? inPlural.name
                    out += try CatalogImport.argument(inPlural.name, for: spec, dialect: dialect, pound: true)
                    continue
                }
                out += try CatalogImport.argument(name(position), for: spec, dialect: dialect)
            case .specifier:
                continue
            }
        }
        return out
    }
}
