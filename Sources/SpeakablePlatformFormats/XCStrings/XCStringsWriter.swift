public import SpeakableJSON
import SpeakableICU
import SpeakableEscaping

/// Writes an ``XCStringsCatalog`` exactly as Xcode formats a String Catalog, so a generated file
/// diffs cleanly against one Xcode saved: two-space indent, `" : "` between key and value, literal
/// UTF-8, `/` not escaped, `{\n\n  }` for an empty object, no newline at the end, and every
/// object's keys in Xcode's order (``XcodeKeyOrder``).
///
/// ```swift
/// let catalog = XCStringsCatalog(file: "Game.xcstrings", sourceLanguage: "en", entries: [
///     XCStringsEntry(key: "coins", localizations: [
///         XCStringsLocalization(locale: "en", content: XCStringsContent(stringUnit: XCStringsStringUnit(value: "%lld O'Coins")))
///     ])
/// ])
/// print(XCStringsWriter.text(catalog))
/// // {
/// //   "sourceLanguage" : "en",
/// //   "strings" : {
/// //     "coins" : {
/// //       "localizations" : {
/// //         "en" : {
/// //           "stringUnit" : {
/// //             "state" : "translated",
/// //             "value" : "%lld O'Coins"
/// //           }
/// //         }
/// //       }
/// //     }
/// //   },
/// //   "version" : "1.0"
/// // }
/// ```
public enum XCStringsWriter {
    public static func text(_ catalog: XCStringsCatalog) -> String {
        XcodeJSON.text(json(catalog))
    }

    /// The catalog as a JSON value (member order does not matter: the writer sorts).
    public static func json(_ catalog: XCStringsCatalog) -> JSONValue {
        var members: [(String, JSONValue)] = [("sourceLanguage", .string(catalog.sourceLanguage))]
        members.append(("strings", .object(catalog.entries.map { ($0.key, json($0)) })))
        if let version = catalog.version { members.append(("version", .string(version))) }
        members += catalog.extra.map { ($0.key, $0.value) }
        return .object(members)
    }

    public static func json(_ entry: XCStringsEntry) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let comment = entry.comment { members.append(("comment", .string(comment))) }
        if let state = entry.extractionState { members.append(("extractionState", .string(state))) }
        if !entry.localizations.isEmpty {
            members.append(("localizations", .object(entry.localizations.map { ($0.locale, json($0.content)) })))
        }
        if let flag = entry.shouldTranslate { members.append(("shouldTranslate", .bool(flag))) }
        members += entry.extra.map { ($0.key, $0.value) }
        return .object(members)
    }

    public static func json(_ content: XCStringsContent) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let unit = content.stringUnit {
            var fields: [(String, JSONValue)] = []
            if let state = unit.state { fields.append(("state", .string(state))) }
            fields.append(("value", .string(unit.value)))
            fields += unit.extra.map { ($0.key, $0.value) }
            members.append(("stringUnit", .object(fields)))
        }
        if !content.substitutions.isEmpty {
            members.append(("substitutions", .object(content.substitutions.map { substitution in
                var fields: [(String, JSONValue)] = []
                if let n = substitution.argNum { fields.append(("argNum", .int(Int64(n)))) }
                if let f = substitution.formatSpecifier { fields.append(("formatSpecifier", .string(f))) }
                if !substitution.variations.isEmpty { fields.append(("variations", json(substitution.variations))) }
                fields += substitution.extra.map { ($0.key, $0.value) }
                return (substitution.name, .object(fields))
            })))
        }
        if !content.variations.isEmpty { members.append(("variations", json(content.variations))) }
        members += content.extra.map { ($0.key, $0.value) }
        return .object(members)
    }

    static func json(_ variations: [XCStringsVariation]) -> JSONValue {
        .object(variations.map { variation in
            (variation.kind, .object(variation.cases.map { ($0.name, json($0.content)) }))
        })
    }
}

/// The order Xcode sorts String Catalog keys in — Foundation's `localizedStandardCompare`:
/// case-insensitive, digit runs compared as numbers, punctuation before digits before letters
/// (`my_snake_case` before `my.snake_case`, `Key2` before `Key10`, `zh-Hans` before `zh-HK`).
/// Ties (keys that differ only in case) are broken by case, then by code points, so the order is
/// total and the output deterministic.
///
/// Computed with ICU's root collation at secondary strength with numeric ordering — the collation
/// Foundation's comparison is built on.
///
/// ```swift
/// XcodeKeyOrder.sorted(["Key10", "key2", "Empty.Comment", "Empty", "continue"])
/// // ["continue", "Empty", "Empty.Comment", "key2", "Key10"]
/// ```
public enum XcodeKeyOrder {
    static let primary: Collator? = try? Collator(locale: .root, strength: .secondary, numeric: true)
    static let tieBreak: Collator? = try? Collator(locale: .root, strength: .tertiary, numeric: true)

    public static func sorted(_ keys: [String]) -> [String] {
        sortKeys(keys).map { keys[$0] }
    }

    /// The indices of `keys` in Xcode's order.
    static func sortKeys(_ keys: [String]) -> [Int] {
        guard let primary, let tieBreak else {
            return keys.indices.sorted { Array(keys[$0].unicodeScalars.map(\.value)).lexicographicallyPrecedes(keys[$1].unicodeScalars.map(\.value)) }
        }
        let first = keys.map { primary.sortKey($0) }
        return keys.indices.sorted { a, b in
            if first[a] != first[b] { return first[a].lexicographicallyPrecedes(first[b]) }
            let ta = tieBreak.sortKey(keys[a]), tb = tieBreak.sortKey(keys[b])
            if ta != tb { return ta.lexicographicallyPrecedes(tb) }
            return keys[a].unicodeScalars.map(\.value).lexicographicallyPrecedes(keys[b].unicodeScalars.map(\.value))
        }
    }

    /// Whether `a` comes before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        sortKeys([a, b]) == [0, 1]
    }
}

/// Xcode's JSON layout for String Catalogs (see ``XCStringsWriter``), for any JSON value.
public enum XcodeJSON {
    public static func text(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        var memo = KeyMemo()
        write(value, level: 0, into: &out, memo: &memo)
        return String(decoding: out, as: UTF8.self)
    }

    /// Sort keys of short, repeated member names (`stringUnit`, `state`, `one`…), computed once.
    struct KeyMemo {
        var keys: [String: [UInt8]] = [:]
        /// Orders of small objects by their member names: a catalog repeats a few shapes
        /// (`state`/`value`, `one`/`other`, the same locales) thousands of times.
        var shapes: [String: [Int]] = [:]
        /// The last few shapes ordered, their names and order: consecutive objects mostly have
        /// one of them (every entry the same locales), found without building the shape.
        var recent: [(names: [String], order: [Int])] = []
        var nextRecent = 0

        /// ``order(_:)`` of the `count` names `name(0)`, `name(1)`… without gathering them
        /// when they are the names of a recent object.
        mutating func order(count: Int, _ name: (Int) -> String) -> [Int] {
            if count < 2 { return Array(0..<count) }
            search: for entry in recent where entry.names.count == count {
                for index in 0..<count where entry.names[index] != name(index) { continue search }
                return entry.order
            }
            let names = (0..<count).map(name)
            let order = order(names)
            if recent.count < 4 {
                recent.append((names, order))
            } else {
                recent[nextRecent] = (names, order)
                nextRecent = (nextRecent + 1) % recent.count
            }
            return order
        }

        mutating func order(_ names: [String]) -> [Int] {
            guard names.count > 1 else { return Array(names.indices) }
            guard names.count <= 32 else { return sortedOrder(names) }
            var shape = ""
            for name in names {
                shape += name
                shape.unicodeScalars.append("\u{0}")
            }
            if let known = shapes[shape] { return known }
            let order = sortedOrder(names)
            if shapes.count < 4096 { shapes[shape] = order }
            return order
        }

        mutating func sortedOrder(_ names: [String]) -> [Int] {
            guard let primary = XcodeKeyOrder.primary, names.count < 64 else { return XcodeKeyOrder.sortKeys(names) }
            var sortKeys: [[UInt8]] = []
            sortKeys.reserveCapacity(names.count)
            for name in names {
                if let key = keys[name] {
                    sortKeys.append(key)
                } else {
                    let key = primary.sortKey(name)
                    if keys.count < 4096 { keys[name] = key }
                    sortKeys.append(key)
                }
            }
            let sorted = names.indices.sorted { sortKeys[$0].lexicographicallyPrecedes(sortKeys[$1]) }
            // Names in one object are distinct; equal primary keys need the full tie-break.
            for i in sorted.indices.dropFirst() where sortKeys[sorted[i]] == sortKeys[sorted[i - 1]] {
                return XcodeKeyOrder.sortKeys(names)
            }
            return sorted
        }
    }

    static func write(_ value: JSONValue, level: Int, into out: inout [UInt8], memo: inout KeyMemo) {
        switch value {
        case .null: put("null", &out)
        case .bool(let b): put(b ? "true" : "false", &out)
        case .int(let n): out.append(contentsOf: String(n).utf8)
        case .double(let d): out.append(contentsOf: JSONWriter.format(d).utf8)
        case .string(let s): string(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                put("[\n\n", &out)
                indent(level, into: &out)
                put("]", &out)
                return
            }
            put("[\n", &out)
            for (i, item) in items.enumerated() {
                if i > 0 { put(",\n", &out) }
                indent(level + 1, into: &out)
                write(item, level: level + 1, into: &out, memo: &memo)
            }
            put("\n", &out)
            indent(level, into: &out)
            put("]", &out)
        case .object(let members):
            if members.isEmpty {
                put("{\n\n", &out)
                indent(level, into: &out)
                put("}", &out)
                return
            }
            put("{\n", &out)
            let order = memo.order(members.map(\.0))
            for (i, index) in order.enumerated() {
                if i > 0 { put(",\n", &out) }
                indent(level + 1, into: &out)
                string(members[index].0, into: &out)
                put(" : ", &out)
                write(members[index].1, level: level + 1, into: &out, memo: &memo)
            }
            put("\n", &out)
            indent(level, into: &out)
            put("}", &out)
        }
    }

    @inline(__always)
    static func put(_ literal: StaticString, _ out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Two spaces per level.
    static func indent(_ level: Int, into out: inout [UInt8]) {
        let count = 2 * max(level, 0)
        guard count <= 32 else {
            out.append(contentsOf: repeatElement(0x20, count: count))
            return
        }
        // Eight spaces at a time: catalogs nest at most a few levels deep.
        let spaces: (UInt64, UInt64, UInt64, UInt64) = (0x2020_2020_2020_2020, 0x2020_2020_2020_2020, 0x2020_2020_2020_2020, 0x2020_2020_2020_2020)
        withUnsafeBytes(of: spaces) { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// A JSON string as Apple's JSON writer produces it: `"` and `\` escaped, control characters
    /// as `\n`, `\t`… or `\u00XX`; everything else literal (no `\/`) but U+FFFE/U+FFFF
    /// (``JSONEscaping`` in the Xcode style).
    static func string(_ text: String, into out: inout [UInt8]) {
        JSONEscaping.append(text, to: &out, style: .xcode)
    }
}
