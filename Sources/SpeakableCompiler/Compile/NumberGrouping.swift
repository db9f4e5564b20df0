import Dispatch
import FoundationEssentials
import Synchronization
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

extension CompileContext {
    /// Adds another table's grouped-integer uses (tables are prepared apart).
    mutating func merge(groupedIntegers other: [String: [IntegerStyle: GroupedIntegerUses]]) {
        Self.add(other, to: &groupedIntegers)
    }

    /// Adds grouped-integer uses `other` after those of `uses`: the first three keys, the count,
    /// the first use's file.
    static func add(_ other: [String: [IntegerStyle: GroupedIntegerUses]], to uses: inout [String: [IntegerStyle: GroupedIntegerUses]]) {
        for (tag, kinds) in other {
            for (kind, found) in kinds {
                guard var entry = uses[tag]?[kind] else {
                    uses[tag, default: [:]][kind] = found
                    continue
                }
                for key in found.keys where entry.keys.count < 3 { entry.keys.append(key) }
                entry.count += found.count
                uses[tag]![kind] = entry
            }
        }
    }

    /// Android's `java.util.Formatter` groups `%,d` every `primary` digits from the first group
    /// on; where ICU groups otherwise (Indian secondary groups; NumberFormatter's minimum
    /// grouping digits in skeletons) some numbers print differently: one warning per locale.
    func groupingWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        // Each locale's grouping is derived from ICU's output (thousands of numbers): on all cores.
        let derived = groupedIntegers.compactMap { tag, uses in (try? ICULocale(tag)).map { ($0, uses) } }
            .flatMap { locale, uses in uses[.skeleton] == nil ? [(locale, false)] : [(locale, false), (locale, true)] }
        DispatchQueue.concurrentPerform(iterations: derived.count) { _ = IntegerGrouping.of(derived[$0].0, skeleton: derived[$0].1) }
        for tag in groupedIntegers.keys.sorted() {
            guard let locale = try? ICULocale(tag) else { continue }
            // String Catalogs: a localized %lld is ICU's decimal format, which ignores the
            // minimum grouping digits that number skeletons honour (Polish "9 180" / "9180 sekund").
            if options.outputs.contains(.xcstrings) || options.outputs.contains(.swift), let uses = groupedIntegers[tag]?[.skeleton],
               let skeleton = IntegerGrouping.of(locale, skeleton: true), let decimal = IntegerGrouping.of(locale), skeleton != decimal {
                let sample: Int64 = skeleton.secondary != decimal.secondary ? 1_234_567 : 9_180
                let icu = (try? SkeletonNumberFormatter(skeleton: "", locale: locale).format(sample)) ?? String(sample)
                let apple = (try? NumberFormat(.decimal, locale: locale).format(sample)) ?? String(sample)
                let keys = uses.keys.map { "'\($0)'" }.joined(separator: ", ") + (uses.count > 3 ? " and \(uses.count - 3) more" : "")
                warnings.append(Diagnostic(
                    severity: .warning, id: "catalog-number-grouping",
                    message: "\(tag): ICU writes number skeletons (units, integer-width) such as \(sample) as \"\(icu)\", a String Catalog's %lld as \"\(apple)\"; some values print differently on Apple in \(keys)",
                    file: uses.file, position: nil, hint: "format such numbers in the app, or accept the difference"))
            }
            guard options.outputs.contains(.android) else { continue }
            for kind in IntegerStyle.allCases {
                guard let uses = groupedIntegers[tag]?[kind], let grouping = IntegerGrouping.of(locale, skeleton: kind == .skeleton),
                      !grouping.isUniform else { continue }
                let sample: Int64 = grouping.secondary != grouping.primary ? 1_234_567 : 9_180
                let icu = (kind == .skeleton ? (try? SkeletonNumberFormatter(skeleton: "", locale: locale).format(sample))
                                              : (try? NumberFormat(.decimal, locale: locale).format(sample))) ?? String(sample)
                let java = Self.uniformlyGrouped(sample, grouping)
                let which = kind == .skeleton ? "number skeletons (units, integer-width)" : "numbers"
                let keys = uses.keys.map { "'\($0)'" }.joined(separator: ", ") + (uses.count > 3 ? " and \(uses.count - 3) more" : "")
                warnings.append(Diagnostic(
                    severity: .warning, id: "catalog-number-grouping",
                    message: "\(tag): ICU writes \(which) such as \(sample) as \"\(icu)\", Android's %,d as \"\(java)\"; some values print differently on Android in \(keys)",
                    file: uses.file, position: nil,
                    hint: "Java's Formatter knows one group size and no minimum grouping; format such numbers in the app, or accept the difference"))
            }
        }
        return warnings
    }

    /// What `%,d` prints: the locale's digits, its separator every `primary` digits.
    static func uniformlyGrouped(_ value: Int64, _ grouping: IntegerGrouping) -> String {
        let digits = Array(String(value.magnitude)).map { grouping.digits[Int($0.asciiValue! - 48)] }
        var out = ""
        for (index, digit) in digits.enumerated() {
            let remaining = digits.count - index
            out += digit
            if grouping.primary > 0, remaining > 1, (remaining - 1) % grouping.primary == 0 { out += grouping.separator }
        }
        return (value < 0 ? "-" : "") + out
    }
}

/// How a message prints an integer with grouping separators: a plain `{n, number}` (the
/// locale's decimal format) or a number skeleton (units, integer-width), whose grouping ICU
/// takes from different data. The `catalog-number-grouping` warnings are said per style.
enum IntegerStyle: String, CaseIterable {
    case decimal
    case skeleton
}

extension CompileContext {
    /// One table's grouped integers as one line of JSON (``CompileResult/integerUses``):
    /// `{"table":…,"uses":[[tag, style, count, file, [keys…]], …]}`, by tag and style.
    static func integerUsesLine(table: String, _ uses: [String: [IntegerStyle: GroupedIntegerUses]]) -> String {
        var rows: [JSONValue] = []
        for tag in uses.keys.sorted() {
            for style in IntegerStyle.allCases {
                guard let use = uses[tag]?[style] else { continue }
                rows.append(.array([.string(tag), .string(style.rawValue), .int(Int64(use.count)), .string(use.file),
                                    .array(use.keys.map { .string($0) })]))
            }
        }
        return JSONValue.object([("table", .string(table)), ("uses", .array(rows))]).serialized()
    }

    /// The table and grouped integers of a line ``integerUsesLine(table:_:)`` wrote; nil when
    /// the line is not one.
    static func integerUses(line: String) -> (table: String, uses: [String: [IntegerStyle: GroupedIntegerUses]])? {
        let read = JSONReader.read(line)
        guard !read.hasErrors, let root = read.root, let table = root["table"]?.string, let rows = root["uses"]?.array else { return nil }
        var uses: [String: [IntegerStyle: GroupedIntegerUses]] = [:]
        for row in rows {
            guard let fields = row.array, fields.count == 5, let tag = fields[0].string, let style = fields[1].string.flatMap(IntegerStyle.init(rawValue:)),
                  case .int(let count)? = fields[2].number, count >= 0, count <= Int64(Int32.max), let file = fields[3].string,
                  let keys = fields[4].array?.compactMap(\.string), keys.count == fields[4].array?.count, keys.count <= 3
            else { return nil }
            uses[tag, default: [:]][style] = GroupedIntegerUses(keys: keys, count: Int(count), file: file)
        }
        return (table, uses)
    }
}
