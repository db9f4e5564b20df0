import SpeakableICU

/// A compiled message as the compiler builds it: a flat list of instructions with jumps, argument
/// names resolved to slots, all literal text (and select keys) in one UTF-8 pool, and every
/// formatter opened once. `CompiledMessage` copies it into memory of its own (``ProgramImage``)
/// so that running it touches no arrays and no reference counts.
///
/// Layout of a complex argument at index `p`:
///
///     p:       select / plural / choice (table index → case targets, end)
///     case 1:  … instructions …, [popNumber], jump end
///     case 2:  …
///     end:
struct MessageProgram: Sendable {
    var instructions: [Op] = []
    /// All literal text and select keys, UTF-8.
    var literals: [UInt8] = []
    var formatters: [ValueFormatter] = []
    /// Per formatter: the site of the one instruction that uses it.
    var formatterSites: [Int32] = []
    var selects: [SelectTable] = []
    var selectCases: [SelectEntry] = []
    var plurals: [PluralTable] = []
    var explicitCases: [ExplicitCase] = []
    var choices: [ChoiceTable] = []
    var choiceCases: [ChoiceEntry] = []
    /// What the plural tables point at (kept alive by the compiled message).
    var owners: [any AnyObject & Sendable] = []
    /// The deepest nesting of plural cases (how many numbers `#` may need at once).
    var pluralDepth = 0
    /// Literal bytes plus a guess per value: the starting size of the output buffer.
    var sizeHint = 0
}

/// One instruction: a code and up to three operands. A plain value (16 bytes).
///
/// Text, value and `#` instructions name the instruction that follows them in `c`: the compiler
/// points it past any `jump` there, so that leaving a case costs no instruction of its own.
struct Op: Sendable {
    enum Code: UInt8, Sendable {
        /// Literal text: `b` bytes of the pool from `a`; then `c`.
        case text
        /// `{name}`: slot `a` as it is (text; numbers in the decimal format; dates short); the
        /// site is formatter `b`'s; then `c`.
        case untyped
        /// `{name, number|spellout|ordinal|duration, …}` with NumberFormat `b`; slot `a`; then `c`.
        case number
        /// `{name, number, ::skeleton}` with formatter `b`; slot `a`; then `c`.
        case skeleton
        /// `{name, date|time, …}` with DateFormat `b`; slot `a`; then `c`.
        case date
        /// `#`: number `a` of the enclosing plurals (its number minus its offset), in the locale's
        /// decimal format; then `c`.
        case pound
        /// select / plural / choice on slot `a` with table `b`; site `c`.
        case select, plural, choice
        /// Continue at `a`.
        case jump
        /// The end of the program.
        case halt
    }

    var code: Code
    var a: Int32 = 0
    var b: Int32 = 0
    var c: Int32 = 0
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

struct SelectTable: Sendable {
    /// Cases `firstCase ..< firstCase + caseCount` of `selectCases`, in source order (ICU takes
    /// the first exact match).
    var firstCase: Int32
    var caseCount: Int32
    var otherTarget: Int32
    var end: Int32
}

struct SelectEntry: Sendable {
    /// The key's UTF-8 in the literal pool.
    var keyStart: Int32
    var keyCount: Int32
    var target: Int32
}

/// A plural or selectordinal argument.
///
/// ICU's `PluralFormat::findSubMessage` takes an `=N` case that equals the raw value wherever it
/// is; otherwise the first case whose keyword is the category of value − offset; otherwise the
/// first `other`. The category is computed only when there is a keyword case other than `other`
/// (which matters only for when selection fails, as it does for an integer with a date format).
struct PluralTable {
    /// How the number is formatted for selection (ICU looks at the first `#` or same-named
    /// argument in the `other` case).
    enum Selection: UInt8 {
        /// The locale's decimal format or `integer`: an integer selects on itself.
        case decimalInteger
        /// Another DecimalFormat (currency, percent, a pattern): selection sees the digits it
        /// prints (1 printed "1.0" is plural in English), so ICU is asked.
        case decimalFormat
        /// Skeleton, spellout, ordinal, duration: selection sees the plain number.
        case plainNumber
        /// A date format: like `plainNumber`, but ICU formats the number as a date first, which
        /// fails for an integer argument when there is no offset.
        case dateFormat
    }

    var offset: Double
    /// Where in the numbers of the enclosing plurals this plural's number goes (how many plurals
    /// enclose it), for the `#`s of its cases.
    var numberIndex: Int32
    var firstExplicit: Int32
    var explicitCount: Int32
    /// Target per category (by `PluralCategory.index`): its first keyword case, else the first `other`.
    var targets: (Int32, Int32, Int32, Int32, Int32, Int32)
    var needsCategory: Bool
    var selection: Selection
    var rules: Unmanaged<PluralRules>
    /// The DecimalFormat for `.decimalFormat` selection.
    var selectionFormat: Unmanaged<NumberFormat>?
    var end: Int32

    @inline(__always)
    func target(for category: PluralCategory) -> Int32 {
        switch category {
        case .zero: targets.0
        case .one: targets.1
        case .two: targets.2
        case .few: targets.3
        case .many: targets.4
        case .other: targets.5
        }
    }
}

struct ExplicitCase: Sendable {
    var value: Double
    var target: Int32
}

struct ChoiceTable: Sendable {
    var firstCase: Int32
    var caseCount: Int32
    var end: Int32
}

struct ChoiceEntry: Sendable {
    var limit: Double
    var isExclusive: Bool
    var target: Int32
}

/// An argument occurrence, for error messages and for printing a missing argument as `{name}`.
struct ArgumentSite: Sendable {
    let name: String
    let range: Range<Int>
    /// "", "number", "select", "plural", … for error messages.
    let kindName: String
}

/// A ``MessageProgram`` copied into one block of memory it owns, read through raw pointers while
/// running (one allocation per compiled message: catalogs compile tens of thousands).
final class ProgramImage: @unchecked Sendable {
    // @unchecked Sendable: immutable after init; the pointers are never written again.
    /// The instructions, followed by a `halt`.
    let ops: UnsafeMutablePointer<Op>
    /// The literal pool, followed by 16 bytes of padding (text is copied 16 bytes at a time).
    let literals: UnsafeMutablePointer<UInt8>
    /// Per formatter: the object, unretained (`owners` keeps it alive).
    let formatters: UnsafeMutablePointer<UnsafeMutableRawPointer>
    /// Per formatter: the site of its instruction (for errors and missing arguments).
    let formatterSites: [Int32]
    let selects: UnsafeMutablePointer<SelectTable>
    let selectCases: UnsafeMutablePointer<SelectEntry>
    let plurals: UnsafeMutablePointer<PluralTable>
    let explicitCases: UnsafeMutablePointer<ExplicitCase>
    let choices: UnsafeMutablePointer<ChoiceTable>
    let choiceCases: UnsafeMutablePointer<ChoiceEntry>
    /// `{name}` of every site, back to back, as UTF-8.
    let placeholders: UnsafeMutablePointer<UInt8>
    /// Per site: start and count of its `{name}` in `placeholders`.
    let placeholderRanges: UnsafeMutablePointer<(Int32, Int32)>
    let pluralDepth: Int
    let sizeHint: Int
    /// The formatters and rules the slots point at.
    private let owners: [any AnyObject & Sendable]
    /// The formatters, for preparing their fast paths.
    let formatterObjects: [ValueFormatter]
    /// The plural rules, for the same.
    let pluralRules: [PluralRules]
    private let block: UnsafeMutableRawPointer

    init(_ program: MessageProgram, sites: [ArgumentSite]) {
        var placeholderBytes = 0
        for site in sites { placeholderBytes += site.name.utf8.count + 2 }
        // The layout: each table at an offset aligned for its type.
        var size = 0
        func reserve<T>(_ type: T.Type, _ count: Int) -> Int {
            size = (size + MemoryLayout<T>.alignment - 1) / MemoryLayout<T>.alignment * MemoryLayout<T>.alignment
            let offset = size
            size += MemoryLayout<T>.stride * max(1, count)
            return offset
        }
        let opsAt = reserve(Op.self, program.instructions.count + 1)
        let formattersAt = reserve(UnsafeMutableRawPointer.self, program.formatters.count)
        let selectsAt = reserve(SelectTable.self, program.selects.count)
        let selectCasesAt = reserve(SelectEntry.self, program.selectCases.count)
        let pluralsAt = reserve(PluralTable.self, program.plurals.count)
        let explicitAt = reserve(ExplicitCase.self, program.explicitCases.count)
        let choicesAt = reserve(ChoiceTable.self, program.choices.count)
        let choiceCasesAt = reserve(ChoiceEntry.self, program.choiceCases.count)
        let rangesAt = reserve((Int32, Int32).self, sites.count)
        let literalsAt = reserve(UInt8.self, program.literals.count + 16)
        let placeholdersAt = reserve(UInt8.self, placeholderBytes)
        let block = UnsafeMutableRawPointer.allocate(byteCount: max(1, size), alignment: 16)
        self.block = block

        func place<T>(_ items: [T], at offset: Int) -> UnsafeMutablePointer<T> {
            let p = (block + offset).bindMemory(to: T.self, capacity: max(1, items.count))
            p.initialize(from: items, count: items.count)
            return p
        }
        ops = place(program.instructions + [Op(code: .halt)], at: opsAt)
        formatterSites = program.formatterSites
        let formatters = (block + formattersAt).bindMemory(to: UnsafeMutableRawPointer.self, capacity: max(1, program.formatters.count))
        self.formatters = formatters
        for (i, formatter) in program.formatters.enumerated() {
            let pointer: UnsafeMutableRawPointer = switch formatter {
            case .untyped: UnsafeMutableRawPointer(bitPattern: 8)!
            case .number(let f): Unmanaged.passUnretained(f).toOpaque()
            case .skeleton(let f): Unmanaged.passUnretained(f).toOpaque()
            case .date(let f): Unmanaged.passUnretained(f).toOpaque()
            }
            (formatters + i).initialize(to: pointer)
        }
        selects = place(program.selects, at: selectsAt)
        selectCases = place(program.selectCases, at: selectCasesAt)
        plurals = place(program.plurals, at: pluralsAt)
        explicitCases = place(program.explicitCases, at: explicitAt)
        choices = place(program.choices, at: choicesAt)
        choiceCases = place(program.choiceCases, at: choiceCasesAt)
        let literals = (block + literalsAt).bindMemory(to: UInt8.self, capacity: program.literals.count + 16)
        self.literals = literals
        program.literals.withUnsafeBufferPointer { pool in
            if let base = pool.baseAddress { literals.initialize(from: base, count: pool.count) }
        }
        (literals + program.literals.count).initialize(repeating: 0, count: 16)
        let placeholders = (block + placeholdersAt).bindMemory(to: UInt8.self, capacity: max(1, placeholderBytes))
        self.placeholders = placeholders
        let placeholderRanges = (block + rangesAt).bindMemory(to: (Int32, Int32).self, capacity: max(1, sites.count))
        self.placeholderRanges = placeholderRanges
        var at = 0
        for (i, site) in sites.enumerated() {
            let start = at
            placeholders[at] = UInt8(ascii: "{")
            at += 1
            for byte in site.name.utf8 {
                placeholders[at] = byte
                at += 1
            }
            placeholders[at] = UInt8(ascii: "}")
            at += 1
            (placeholderRanges + i).initialize(to: (Int32(start), Int32(at - start)))
        }
        pluralDepth = program.pluralDepth
        sizeHint = program.sizeHint
        var owners = program.owners
        for formatter in program.formatters {
            switch formatter {
            case .untyped: break
            case .number(let f): owners.append(f)
            case .skeleton(let f): owners.append(f)
            case .date(let f): owners.append(f)
            }
        }
        self.owners = owners
        self.formatterObjects = program.formatters
        self.pluralRules = program.owners.compactMap { $0 as? PluralRules }
    }

    deinit { block.deallocate() }
}
