import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// What one position of a Compose Multiplatform string receives (`%N$s`): Compose's run time
/// replaces `%N$s` and `%N$d` with each argument's `toString()` and does nothing else
/// (`StringResourcesUtils.kt`), so every position is text the accessor made.
enum ComposeSlot: Hashable, Sendable {
    /// An integer as ICU prints it, made by the generated formatter from the project's ICU data:
    /// at least `digits` digits, grouped as MessageFormat's decimal format groups (`{n}`, `#`),
    /// as a number skeleton groups (`::integer-width/*00`, units), or not at all (`::group-off`).
    case integer(name: String, digits: Int, grouping: ComposeGrouping)
    /// A `String` argument (or a select's case) as it is.
    case text(name: String)
    /// A number or date the caller formats as ICU does with `pattern` (`{0, number, percent}`,
    /// `{0, date, medium}`): Compose has no ICU in common code.
    case callerText(name: String, pattern: String)
    /// Several plurals in one message: the text of this argument's `<plurals>`.
    case pluralText(name: String)

    var name: String {
        switch self {
        case .integer(let name, _, _), .text(let name), .callerText(let name, _), .pluralText(let name): name
        }
    }
}

/// How a generated integer is grouped (the generated code's `grouping` argument).
enum ComposeGrouping: Int, Hashable, Sendable {
    case none = 0
    /// MessageFormat's decimal format (`{n}`, `{n, number}`, `integer`, `#`): no minimum
    /// grouping digits.
    case decimal = 1
    /// A number skeleton (NumberFormatter): the locale's minimum grouping digits apply.
    case skeleton = 2
}

/// One message variant (a combination of select cases) for Compose: the positions of its
/// strings, the same in every locale.
struct ComposeVariant: Sendable {
    let slots: [ComposeSlot]
    /// The numbers the caller formats (from every locale's text).
    let numberTexts: [NumberText]
    /// The arguments of the positions, for ``PlatformConversion`` (synthetic names, one per slot).
    let arguments: [CatalogArgument]

    /// The synthetic argument name of slot `index` (no ICU argument name has a U+0001).
    static func syntheticName(_ index: Int) -> String { "\u{1}" + String(index + 1) }

    init(slots: [ComposeSlot], numberTexts: [NumberText]) {
        self.slots = slots
        self.numberTexts = numberTexts
        var arguments: [CatalogArgument] = []
        for (index, slot) in slots.enumerated() {
            if case .pluralText(let name) = slot {
                arguments.append(CatalogArgument(name: name, kind: .text, slot: .pluralText))
            } else {
                arguments.append(CatalogArgument(name: Self.syntheticName(index), kind: .text))
            }
        }
        // Never printed: every string is then a format, with each literal `%` written `%%`
        // by the converter (and written once again by ``ComposeDialect/compose(_:)``).
        arguments.append(CatalogArgument(name: "\u{1}", kind: .text))
        self.arguments = arguments
    }

    /// Whether the accessor passes arguments (then Compose substitutes placeholders).
    var hasArguments: Bool { !slots.isEmpty }
}

/// Compose Multiplatform's resources from a project: the Android conversion (``PlatformConversion``
/// with `.android`: the same `<plurals>` categories, companions, composed plurals and resource
/// names) of each message after every printed value became a text position of its own, then
/// Compose's dialect: `%N$s` only, a literal `%` written once, names with `_` for `.`, escaping
/// by ``ComposeResourceEscaping``.
enum ComposeDialect {
    /// `%%` → `%` in a converted string whose positions are all `%N$s`; the ranges (UTF-16
    /// offsets in the result) of those positions.
    static func compose(_ converted: String) -> (text: String, placeholders: [Range<Int>]) {
        guard converted.utf8.contains(0x25) else { return (converted, []) }
        let units = Array(converted.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var ours: [Range<Int>] = []
        var i = 0
        while i < units.count {
            if units[i] == 0x25, i + 1 < units.count, units[i + 1] == 0x25 {
                out.append(0x25)
                i += 2
                continue
            }
            if units[i] == 0x25 {
                var j = i + 1
                while j < units.count, (0x30...0x39).contains(units[j]) { j += 1 }
                if j > i + 1, j + 1 < units.count, units[j] == 0x24, units[j + 1] == 0x73 {
                    ours.append(out.count..<(out.count + j + 2 - i))
                    out += units[i..<(j + 2)]
                    i = j + 2
                    continue
                }
            }
            out.append(units[i])
            i += 1
        }
        return (String(decoding: out, as: UTF16.self), ours)
    }

    /// The text of a `Resource.value` as Compose strings, with the placeholders Compose would
    /// see that are not the accessor's (literal text that looks like `%1$s`).
    static func strings(of value: CatalogValue) -> (value: CatalogValue, literalPlaceholders: [String]) {
        var literal: [String] = []
        func one(_ text: String) -> String {
            let (composed, ours) = compose(text)
            let units = Array(composed.utf16)
            for range in ComposePlaceholders.all(in: composed) where !ours.contains(range) {
                literal.append(String(decoding: units[range], as: UTF16.self))
            }
            return composed
        }
        switch value {
        case .text(let text): return (.text(one(text)), literal)
        case .plural(let forms): return (.plural(forms.map { CatalogPluralForm(category: $0.category, text: one($0.text)) }), literal)
        case .substitutions: return (value, literal)
        }
    }
}

/// The placeholders Compose's run time substitutes (``ComposeResources/placeholders(in:)``).
enum ComposePlaceholders {
    static func all(in text: String) -> [Range<Int>] { ComposeResources.placeholders(in: text) }
}
