import SpeakableICU

/// A compiled message: a flat list of instructions with jumps, argument names resolved to slots,
/// adjacent literals joined into one UTF-8 pool, and every formatter opened once for the locale.
///
/// Instructions are plain values (no references), so running them costs no reference counting;
/// what they point at lives in the side tables.
///
/// Layout of a complex argument at index `p`:
///
///     p:       select / plural / choice (table index → case targets, end)
///     case 1:  … instructions …, [popNumber], jump end
///     case 2:  …
///     end:
struct MessageProgram: Sendable {
    var instructions: [Instruction] = []
    /// All literal text, UTF-8.
    var literals: [UInt8] = []
    var formatters: [ValueFormatter] = []
    var selects: [SelectInstruction] = []
    var plurals: [PluralInstruction] = []
    var choices: [ChoiceInstruction] = []
    /// The deepest nesting of plural cases (how many numbers `#` may need at once).
    var pluralDepth = 0
    /// Literal bytes plus a guess per value: the starting size of the output buffer.
    var sizeHint = 0
}

enum Instruction: Sendable {
    /// Literal text: `count` bytes of the pool from `start`.
    case text(start: Int32, count: Int32)
    /// `{name}` or `{name, type, style}`: format slot `slot` with `formatters[formatter]`.
    case value(slot: Int32, formatter: Int32, site: Int32)
    /// `#`: the innermost plural's number minus its offset, in the locale's decimal format.
    case pound
    case select(Int32)
    case plural(Int32)
    case choice(Int32)
    case jump(Int32)
    /// Leaves a plural case (drops its number).
    case popNumber
}

/// How a simple argument formats its value; each case fails where ICU's formatter fails.
enum ValueFormatter: Sendable {
    /// `{name}`: text as is, numbers in the decimal format, dates as short date and time.
    case untyped
    /// A classic NumberFormat: number styles and DecimalFormat patterns, spellout, ordinal, duration.
    case number(NumberFormat)
    /// `::skeleton`.
    case skeleton(SkeletonNumberFormatter)
    /// Any date or time style, pattern or skeleton.
    case date(DateFormat)
}

struct SelectInstruction: Sendable {
    let slot: Int
    let site: Int
    /// Case keys as UTF-8 with their targets, in source order (ICU takes the first exact match).
    let cases: [(key: [UInt8], target: Int)]
    let otherTarget: Int
    let end: Int
}

struct PluralInstruction: Sendable {
    enum Case: Sendable {
        case explicit(Double, target: Int)
        /// The first `other` case (later ones can never be chosen).
        case other(target: Int)
        /// Any other word; `nil` when it is not a CLDR category, which ICU never selects.
        case keyword(PluralCategory?, target: Int)
    }

    /// How the number is formatted for selection (ICU looks at the first `#` or same-named
    /// argument in the `other` case).
    enum Selection: Sendable {
        /// A DecimalFormat: selection sees the digits it prints (1 printed "1.0" is plural in English).
        case decimalFormat(NumberFormat)
        /// Skeleton, spellout, ordinal, duration: selection sees the plain number.
        case plainNumber
        /// A date format: like `plainNumber`, but ICU formats the number as a date first, which
        /// fails for an integer argument when there is no offset.
        case dateFormat
    }

    let slot: Int
    let site: Int
    let offset: Double
    let rules: PluralRules
    let cases: [Case]
    let selection: Selection
    let end: Int
}

struct ChoiceInstruction: Sendable {
    let slot: Int
    let site: Int
    let cases: [(limit: Double, isExclusive: Bool, target: Int)]
    let end: Int
}

/// An argument occurrence, for error messages and for printing a missing argument as `{name}`.
struct ArgumentSite: Sendable {
    let name: String
    let range: Range<Int>
    let kindName: String
}
