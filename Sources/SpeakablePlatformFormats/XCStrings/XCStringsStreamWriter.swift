public import SpeakableJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableDiagnostics
import SpeakableEscaping

/// Writes a String Catalog straight from compiled values — the same bytes as
/// `XcodeJSON.text(XCStringsWriter.json(catalog))`, without building a JSON tree for each of
/// the hundreds of thousands of strings a large project has.
///
/// ```swift
/// let text = XCStringsStreamWriter.text(sourceLanguage: "en", version: .string("1.0"), extra: [], entries: [
///     .init(key: "coins", members: [("extractionState", .string("manual"))],
///           localizations: [("en", .value(.text("%lld O'Coins")))]),
/// ])
/// ```
public enum XCStringsStreamWriter {
    /// A localization: kept JSON (an imported original) or a compiled value.
    public enum Localization: Sendable {
        case json(JSONValue)
        case value(CatalogValue)
        /// A compiled value whose string units carry these states (`needs_review`, `new`) rather
        /// than `translated`: review states kept while the text is unchanged.
        case stated(CatalogValue, states: CatalogStates)
        /// A localization's value as this writer wrote it before (``writtenLocalizations(in:)``),
        /// written again as it is.
        case written([UInt8])
    }

    public struct Entry: Sendable {
        public var key: String
        /// Members other than `localizations` (comment, extractionState, shouldTranslate, extras).
        public var members: [(String, JSONValue)]
        public var localizations: [(String, Localization)]

        public init(key: String, members: [(String, JSONValue)], localizations: [(String, Localization)]) {
            self.key = key
            self.members = members
            self.localizations = localizations
        }
    }

    public static func text(sourceLanguage: String, version: JSONValue?, extra: [(String, JSONValue)], entries: [Entry]) -> String {
        String(decoding: bytes(sourceLanguage: sourceLanguage, version: version, extra: extra, entries: entries), as: UTF8.self)
    }

    /// ``text(sourceLanguage:version:extra:entries:)`` as UTF-8, without making a `String` of it;
    /// `parts` > 1: the entries are written in that many pieces on all cores (the same bytes).
    public static func bytes(sourceLanguage: String, version: JSONValue?, extra: [(String, JSONValue)], entries: [Entry],
                             parts: Int = 1) -> [UInt8] {
        var writer = Writer(capacity: estimatedSize(entries))
        writer.parts = parts
        var top: [(String, JSONValue?)] = [("sourceLanguage", .string(sourceLanguage)), ("strings", nil)]
        if let version { top.append(("version", version)) }
        top += extra.map { ($0.0, $0.1) }
        writer.put("{\n")
        for (i, index) in writer.memo.order(top.map(\.0)).enumerated() {
            if i > 0 { writer.put(",\n") }
            writer.key(top[index].0, level: 1)
            if let value = top[index].1 {
                writer.json(value, level: 1)
            } else {
                writer.entries(entries)
            }
        }
        writer.put("\n}")
        return writer.sink.bytes
    }

    /// `text` as this writer writes a key: a JSON string literal, with its quotes (the keys of
    /// ``writtenLocalizations(in:)``).
    public static func writtenKey(_ text: String) -> String {
        var bytes: [UInt8] = []
        XcodeJSON.string(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where each localization is in a catalog this writer wrote (``bytes(sourceLanguage:version:extra:entries:parts:)``),
    /// for ``Localization/written(_:)`` to write it again as it was.
    public struct WrittenLocalizations: Sendable {
        /// Every locale tag found, as written (a JSON string literal with its quotes).
        public var tags: [String] = []
        /// By entry key, as written: the range of each localization's value, by the index of its
        /// tag in ``tags`` (nil: the entry has no localization there).
        public var entries: [String: [Range<Int>?]] = [:]

        /// The range of `entry`'s localization for the tag at `tag` in ``tags``.
        public func range(_ entry: String, tag: Int) -> Range<Int>? {
            guard tag >= 0, let ranges = entries[entry], tag < ranges.count else { return nil }
            return ranges[tag]
        }
    }

    /// Where each localization is in a catalog this writer wrote: nil when `bytes` is not laid
    /// out as this writer lays a catalog out.
    ///
    /// The writer's layout makes this a walk over lines: a JSON string holds no line break, each
    /// entry's key is at indentation level 2 of the `strings` object, its `localizations` at
    /// level 3, and each localization's tag at level 4, its value closing at that level.
    public static func writtenLocalizations(in bytes: [UInt8]) -> WrittenLocalizations? {
        bytes.withUnsafeBufferPointer { writtenLocalizations(in: $0) }
    }

    static func writtenLocalizations(in bytes: UnsafeBufferPointer<UInt8>) -> WrittenLocalizations? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        /// The end of the line that starts at `start` (its line break, or the end).
        func lineEnd(_ start: Int) -> Int {
            guard start < end, let found = memchr(base + start, 0x0A, end - start) else { return end }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        /// How many spaces the line at `start` begins with, up to `most`.
        func indentation(_ start: Int, most: Int) -> Int {
            var i = start
            while i < end && i - start < most && base[i] == 0x20 { i += 1 }
            return i - start
        }
        /// Whether the bytes at `start` are `text`.
        func at(_ start: Int, _ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            return start + count <= end && memcmp(base + start, text.utf8Start, count) == 0
        }
        /// The JSON string literal (with its quotes) at `start`, which must be one, and where it ends.
        func stringLiteral(at start: Int) -> (String, Int)? {
            guard start < end, base[start] == 0x22 else { return nil }
            var i = start + 1
            while i < end && base[i] != 0x22 {
                if base[i] == 0x0A { return nil }
                i += base[i] == 0x5C ? 2 : 1
            }
            guard i < end else { return nil }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start...i]), as: UTF8.self), i + 1)
        }
        /// The start of the first line after the line break at `newline` that is eight spaces
        /// and `}`: the line breaks are found eight bytes at a time.
        func closingLine(after newline: Int) -> Int? {
            let spaces: UInt64 = 0x2020_2020_2020_2020
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            var i = newline
            while i < end {
                // `i` is a line break: is the line after it the closing one?
                let line = i + 1
                if line + 9 <= end && UnsafeRawPointer(base + line).loadUnaligned(as: UInt64.self) == spaces && base[line + 8] == 0x7D {
                    return line
                }
                // The next line break.
                i = line
                while i + 8 <= end {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ (ones &* 0x0A)
                    let zero = (word &- ones) & ~word & high
                    if zero != 0 { i += zero.trailingZeroBitCount / 8; break }
                    i += 8
                }
                if i + 8 > end {
                    while i < end && base[i] != 0x0A { i += 1 }
                }
                guard i < end, base[i] == 0x0A else { return nil }
            }
            return nil
        }
        var result = WrittenLocalizations()
        var tagIndex: [String: Int] = [:]
        var start = 0
        // Up to the `strings` object.
        while start < end && !(indentation(start, most: 3) == 2 && at(start + 2, "\"strings\" : {\n")) { start = lineEnd(start) + 1 }
        guard start < end else { return nil }
        start = lineEnd(start) + 1
        var entry: String?
        var ranges: [Range<Int>?] = []
        /// One past the index of the entry's last tag.
        var seen = 0
        var inLocalizations = false
        while start < end {
            let stop = lineEnd(start)
            let spaces = indentation(start, most: 9)
            if spaces == 2 && at(start + 2, "}") {
                if let entry { result.entries[entry] = ranges }
                return result
            }
            if spaces == 4 && at(start + 4, "\"") {
                if let entry { result.entries[entry] = ranges }
                guard let (key, _) = stringLiteral(at: start + 4) else { return nil }
                entry = key
                ranges = []
                ranges.reserveCapacity(result.tags.count)
                seen = 0
                inLocalizations = false
            } else if spaces == 6 && at(start + 6, "\"localizations\" : {\n") {
                inLocalizations = true
            } else if inLocalizations && spaces == 6 && at(start + 6, "}") {
                inLocalizations = false
            } else if inLocalizations && spaces == 8 && at(start + 8, "\"") {
                guard let (tag, after) = stringLiteral(at: start + 8), after + 3 <= stop, at(after, " : ") else { return nil }
                let valueStart = after + 3
                var valueEnd = stop
                if valueStart + 1 == stop && base[valueStart] == 0x7B {
                    // An object over lines: it closes on the first line that is eight spaces and `}`
                    // (the lines inside are deeper).
                    guard let line = closingLine(after: stop) else { return nil }
                    valueEnd = line + 9
                    start = line
                } else if valueEnd > valueStart && base[valueEnd - 1] == 0x2C {
                    valueEnd -= 1
                }
                // Entries mostly have the same tags in the same order: the next one is tried first.
                let index: Int
                if seen < result.tags.count && result.tags[seen] == tag {
                    index = seen
                } else if let known = tagIndex[tag] {
                    index = known
                } else {
                    index = result.tags.count
                    tagIndex[tag] = index
                    result.tags.append(tag)
                }
                seen = index + 1
                while ranges.count <= index { ranges.append(nil) }
                ranges[index] = valueStart..<valueEnd
            }
            start = lineEnd(start) + 1
        }
        return nil
    }

    /// About the size of the catalog of `entries` (a little more for most), so that its buffer
    /// is made once: the text with its indentation and fixed keys per string unit.
    static func estimatedSize(_ entries: [Entry]) -> Int {
        func size(_ value: CatalogValue) -> Int {
            switch value {
            case .text(let text): return text.utf8.count + 160
            case .plural(let forms): return forms.reduce(128) { $0 + $1.text.utf8.count + 200 }
            case .substitutions(let format, let substitutions):
                return substitutions.reduce(format.utf8.count + 240) { total, substitution in
                    substitution.forms.reduce(total + substitution.name.utf8.count + 200) { $0 + $1.text.utf8.count + 240 }
                }
            }
        }
        var total = 1_024
        for entry in entries {
            total += entry.key.utf8.count + 64
            for member in entry.members {
                total += member.0.utf8.count + 16
                if case .string(let text) = member.1 { total += text.utf8.count + 8 } else { total += 64 }
            }
            for (tag, localization) in entry.localizations {
                total += tag.utf8.count + 24
                switch localization {
                case .json: total += 1_024
                case .value(let value), .stated(let value, _): total += size(value)
                case .written(let bytes): total += bytes.count
                }
            }
        }
        return total + total / 16
    }

    /// A growing UTF-8 buffer written through a pointer: each append is a bounds check and a
    /// copy (a catalog is millions of short appends).
    struct Sink {
        /// The memory, freed with the last sink that holds it.
        final class Storage {
            let base: UnsafeMutablePointer<UInt8>
            let capacity: Int

            init(capacity: Int) {
                self.capacity = max(capacity, 64)
                base = .allocate(capacity: self.capacity)
            }

            deinit { base.deallocate() }
        }

        var storage: Storage
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            storage = Storage(capacity: capacity)
            base = storage.base
            self.capacity = storage.capacity
        }

        /// Room for `size` more bytes; where they go.
        @inline(__always)
        mutating func reserve(_ size: Int) -> UnsafeMutablePointer<UInt8> {
            if count + size > capacity { grow(size) }
            return base + count
        }

        @inline(never)
        mutating func grow(_ size: Int) {
            let larger = Storage(capacity: max(capacity * 2, count + size))
            larger.base.update(from: base, count: count)
            storage = larger
            base = larger.base
            capacity = larger.capacity
        }

        @inline(__always)
        mutating func append(_ bytes: UnsafePointer<UInt8>, count size: Int) {
            reserve(size).update(from: bytes, count: size)
            count += size
        }

        mutating func append(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { if let start = $0.baseAddress { append(start, count: $0.count) } }
        }

        /// The bytes written, in one copy.
        var bytes: [UInt8] {
            [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let start = buffer.baseAddress { start.initialize(from: base, count: count) }
                initialized = count
            }
        }
    }

    /// The fixed text around string units and plural variations at each level, made once: a
    /// catalog repeats it hundreds of thousands of times. Each is one copy into the sink.
    final class Fragments: @unchecked Sendable {
        // @unchecked: `base` is written in `init` only, then only read.
        enum Kind: Int, CaseIterable {
            /// `"stringUnit" : {`, `"state" : "translated",` up to `"value" : `.
            case translatedUnit
            /// `"stringUnit" : {` up to `"state" : `.
            case unit
            /// `,`, a line break, then `"value" : ` one level deeper.
            case value
            /// `"variations" : {` and `"plural" : {`.
            case pluralVariations
            /// A line break and `}` at the level.
            case close
            /// `"<category>" : {` for each CLDR plural category, in ``Writer/categories`` order.
            case few, many, one, other, two, zero
        }

        /// The levels kept (a compiled value is written at level 4 and nests seven deeper).
        static let levels = 12
        /// The bytes of each fragment's slot: its length, then its text.
        static let slot = 256
        static let shared = Fragments()

        let base: UnsafeMutablePointer<UInt8>

        init() {
            let count = Kind.allCases.count * Self.levels * Self.slot
            base = .allocate(capacity: count)
            base.initialize(repeating: 0, count: count)
            for kind in Kind.allCases {
                for level in 0..<Self.levels {
                    var bytes: [UInt8] = []
                    func put(_ text: String) { bytes += Array(text.utf8) }
                    func indent(_ level: Int) { XcodeJSON.indent(level, into: &bytes) }
                    switch kind {
                    case .translatedUnit, .unit:
                        indent(level)
                        put("\"stringUnit\" : {\n")
                        indent(level + 1)
                        put("\"state\" : ")
                        if kind == .translatedUnit {
                            XcodeJSON.string("translated", into: &bytes)
                            put(",\n")
                            indent(level + 1)
                            put("\"value\" : ")
                        }
                    case .value:
                        put(",\n")
                        indent(level + 1)
                        put("\"value\" : ")
                    case .pluralVariations:
                        indent(level)
                        put("\"variations\" : {\n")
                        indent(level + 1)
                        put("\"plural\" : {\n")
                    case .close:
                        put("\n")
                        indent(level)
                        put("}")
                    case .few, .many, .one, .other, .two, .zero:
                        indent(level)
                        XcodeJSON.string(Writer.categories[kind.rawValue - Kind.few.rawValue], into: &bytes)
                        put(" : {\n")
                    }
                    precondition(bytes.count < Self.slot)
                    let start = base + (kind.rawValue * Self.levels + level) * Self.slot
                    start[0] = UInt8(bytes.count)
                    (start + 1).initialize(from: bytes, count: bytes.count)
                }
            }
        }

        deinit { base.deallocate() }

        /// The length and text of `kind` at `level`, which must be below ``levels``.
        @inline(__always)
        func fragment(_ kind: Kind, level: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
            let start = base + (kind.rawValue * Self.levels + level) * Self.slot
            return (start + 1, Int(start[0]))
        }
    }

    /// Writes into one UTF-8 buffer.
    struct Writer {
        var sink: Sink
        /// How many pieces ``entries(_:)`` writes side by side.
        var parts = 1
        var memo = XcodeJSON.KeyMemo()
        let fragments = Fragments.shared

        init(capacity: Int = 1_024) {
            sink = Sink(capacity: capacity)
        }

        /// `kind` at `level`; false (nothing written) for a level too deep to keep.
        @inline(__always)
        mutating func put(_ kind: Fragments.Kind, level: Int) -> Bool {
            guard level >= 0 && level < Fragments.levels else { return false }
            let (start, count) = fragments.fragment(kind, level: level)
            sink.append(start, count: count)
            return true
        }

        /// The CLDR plural categories in their alphabetical order (which is Xcode's).
        static let categories = ["few", "many", "one", "other", "two", "zero"]

        /// The index of `name` in ``categories``; nil for any other name.
        @inline(__always)
        static func category(_ name: String) -> Int? {
            let utf8 = name.utf8
            switch (utf8.count, utf8.first) {
            case (3, 0x66): return name == "few" ? 0 : nil
            case (4, 0x6D): return name == "many" ? 1 : nil
            case (3, 0x6F): return name == "one" ? 2 : nil
            case (5, 0x6F): return name == "other" ? 3 : nil
            case (3, 0x74): return name == "two" ? 4 : nil
            case (4, 0x7A): return name == "zero" ? 5 : nil
            default: return nil
            }
        }

        @inline(__always)
        mutating func put(_ literal: StaticString) {
            sink.append(literal.utf8Start, count: literal.utf8CodeUnitCount)
        }

        /// Two spaces per level (``XcodeJSON/indent(_:into:)``).
        @inline(__always)
        mutating func indent(_ level: Int) {
            let count = 2 * max(level, 0)
            guard count <= 32 else {
                sink.append(Array(repeating: 0x20, count: count))
                return
            }
            // Four words of spaces, of which `count` bytes are kept.
            let raw = UnsafeMutableRawPointer(sink.reserve(32))
            let spaces: UInt64 = 0x2020_2020_2020_2020
            raw.storeBytes(of: spaces, as: UInt64.self)
            raw.storeBytes(of: spaces, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: spaces, toByteOffset: 16, as: UInt64.self)
            raw.storeBytes(of: spaces, toByteOffset: 24, as: UInt64.self)
            sink.count += count
        }

        /// A line break, the indentation of `level` and `}`.
        @inline(__always)
        mutating func close(_ level: Int) {
            if put(.close, level: level) { return }
            put("\n")
            indent(level)
            put("}")
        }

        /// A JSON string literal (``XcodeJSON/string(_:into:)``).
        @inline(__always)
        mutating func string(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                let destination = sink.reserve(JSONEscaping.maximumLiteralSize(ofUTF8Count: bytes.count))
                sink.count += JSONEscaping.write(bytes, style: .xcode, to: destination)
            }
        }

        /// Any JSON value at `level` (``XcodeJSON/write(_:level:into:memo:)``).
        mutating func json(_ value: JSONValue, level: Int) {
            switch value {
            case .string(let text): string(text)
            case .bool(let flag): if flag { put("true") } else { put("false") }
            default:
                var bytes: [UInt8] = []
                XcodeJSON.write(value, level: level, into: &bytes, memo: &memo)
                sink.append(bytes)
            }
        }

        mutating func key(_ name: String, level: Int) {
            indent(level)
            string(name)
            put(" : ")
        }

        mutating func entries(_ entries: [Entry]) {
            if entries.isEmpty {
                put("{\n\n  }")
                return
            }
            put("{\n")
            let order = XcodeKeyOrder.sortKeys(entries.map(\.key))
            if parts > 1 && order.count >= 256 * parts {
                // Each piece with a writer of its own (its own memo of member orders, which
                // only saves work), then joined in key order.
                let size = (order.count + parts - 1) / parts
                let ranges = stride(from: 0, to: order.count, by: size).map { $0..<min($0 + size, order.count) }
                let capacity = sink.capacity / ranges.count
                // Shared with idle threads: this may run inside another job's concurrentPerform.
                let written = SharedWork.map(ranges.count) { piece in
                    var writer = Writer(capacity: capacity)
                    for k in ranges[piece] {
                        if k > 0 { writer.put(",\n") }
                        writer.entry(entries[order[k]])
                    }
                    return writer.sink.bytes
                }
                for piece in written { sink.append(piece) }
            } else {
                for (i, index) in order.enumerated() {
                    if i > 0 { put(",\n") }
                    entry(entries[index])
                }
            }
            put("\n  }")
        }

        /// One entry: its key, then its members and localizations.
        mutating func entry(_ entry: Entry) {
            key(entry.key, level: 2)
            let members = entry.members.count
            let count = members + (entry.localizations.isEmpty ? 0 : 1)
            if count == 0 {
                put("{\n\n    }")
                return
            }
            put("{\n")
            for (j, member) in memo.order(count: count, { $0 < members ? entry.members[$0].0 : "localizations" }).enumerated() {
                if j > 0 { put(",\n") }
                if member < members {
                    key(entry.members[member].0, level: 3)
                    json(entry.members[member].1, level: 3)
                } else {
                    indent(3)
                    put("\"localizations\" : ")
                    localizations(entry.localizations)
                }
            }
            put("\n    }")
        }

        mutating func localizations(_ localizations: [(String, Localization)]) {
            put("{\n")
            for (i, index) in memo.order(count: localizations.count, { localizations[$0].0 }).enumerated() {
                if i > 0 { put(",\n") }
                key(localizations[index].0, level: 4)
                switch localizations[index].1 {
                case .json(let value): json(value, level: 4)
                case .value(let value): self.value(value, level: 4, states: nil)
                case .stated(let value, let states): self.value(value, level: 4, states: states)
                case .written(let bytes): sink.append(bytes)
                }
            }
            close(3)
        }

        /// A compiled value; its keys are fixed, so their order is too: `stringUnit` <
        /// `substitutions` < `variations`; `state` < `value`; `argNum` < `formatSpecifier` <
        /// `variations`; plural categories alphabetically (few, many, one, other, two, zero).
        /// `states`: nil when every unit is `translated`.
        mutating func value(_ value: CatalogValue, level: Int, states: CatalogStates?) {
            put("{\n")
            switch value {
            case .text(let text):
                stringUnit(text, level: level + 1, state: states?.main)
            case .plural(let forms):
                variations(forms, level: level + 1, states: states?.plural ?? [:], state: states?.main)
            case .substitutions(let format, let substitutions):
                stringUnit(format, level: level + 1, state: states?.main)
                put(",\n")
                indent(level + 1)
                put("\"substitutions\" : {\n")
                for (i, index) in memo.order(count: substitutions.count, { substitutions[$0].name }).enumerated() {
                    if i > 0 { put(",\n") }
                    let substitution = substitutions[index]
                    key(substitution.name, level: level + 2)
                    put("{\n")
                    if substitution.writesArgumentNumber {
                        indent(level + 3)
                        put("\"argNum\" : ")
                        sink.append(Array(String(substitution.argumentNumber).utf8))
                        put(",\n")
                    }
                    indent(level + 3)
                    put("\"formatSpecifier\" : ")
                    string(substitution.formatSpecifier)
                    put(",\n")
                    variations(substitution.forms, level: level + 3, states: states?.substitutions[substitution.argumentNumber] ?? [:],
                               state: states?.main)
                    close(level + 2)
                }
                close(level + 1)
            }
            close(level)
        }

        /// A string unit; `state` nil: `translated`.
        mutating func stringUnit(_ text: String, level: Int, state: String?) {
            if let state {
                if !put(.unit, level: level) {
                    indent(level)
                    put("\"stringUnit\" : {\n")
                    indent(level + 1)
                    put("\"state\" : ")
                }
                string(state)
                if !put(.value, level: level) {
                    put(",\n")
                    indent(level + 1)
                    put("\"value\" : ")
                }
            } else if !put(.translatedUnit, level: level) {
                indent(level)
                put("\"stringUnit\" : {\n")
                indent(level + 1)
                put("\"state\" : \"translated\",\n")
                indent(level + 1)
                put("\"value\" : ")
            }
            string(text)
            close(level)
        }

        /// Plural variations; `state`: the units' state where `states` (by category) has none,
        /// nil for `translated`.
        mutating func variations(_ forms: [CatalogPluralForm], level: Int, states: [String: String], state: String?) {
            if !put(.pluralVariations, level: level) {
                indent(level)
                put("\"variations\" : {\n")
                indent(level + 1)
                put("\"plural\" : {\n")
            }
            /// `rank`: the category's index in ``categories``, nil when it is none of them.
            func form(_ form: CatalogPluralForm, rank: Int?, first: Bool) {
                if !first { put(",\n") }
                let kind = rank.flatMap { Fragments.Kind(rawValue: Fragments.Kind.few.rawValue + $0) }
                if kind == nil || !put(kind!, level: level + 2) {
                    key(form.category, level: level + 2)
                    put("{\n")
                }
                stringUnit(form.text, level: level + 3, state: states.isEmpty ? state : states[form.category] ?? states["other"] ?? state)
                close(level + 2)
            }
            // CLDR categories (every plural's) in their alphabetical order without sorting;
            // anything else sorted.
            var ranks: (Int8, Int8, Int8, Int8, Int8, Int8) = (0, 0, 0, 0, 0, 0)
            var cldr = forms.count <= Self.categories.count
            if cldr {
                withUnsafeMutableBytes(of: &ranks) { ranks in
                    for (i, item) in forms.enumerated() {
                        guard let rank = Self.category(item.category) else { cldr = false; return }
                        ranks[i] = UInt8(rank)
                    }
                }
            }
            if cldr {
                withUnsafeBytes(of: ranks) { ranks in
                    var first = true
                    for category in 0..<UInt8(Self.categories.count) {
                        for (i, item) in forms.enumerated() where ranks[i] == category {
                            form(item, rank: Int(category), first: first)
                            first = false
                        }
                    }
                }
            } else {
                for (i, item) in forms.sorted(by: { $0.category < $1.category }).enumerated() {
                    form(item, rank: Self.category(item.category), first: i == 0)
                }
            }
            close(level + 1)
            close(level)
        }
    }
}

extension XCStringsContent {
    /// A compiled value as String Catalog content (state `translated`, unless `states` say).
    public init(_ value: CatalogValue, states: CatalogStates = CatalogStates()) {
        func unit(_ text: String, _ state: String) -> XCStringsContent {
            XCStringsContent(stringUnit: XCStringsStringUnit(state: state, value: text))
        }
        func plural(_ forms: [CatalogPluralForm], _ byCategory: [String: String]) -> XCStringsVariation {
            XCStringsVariation(kind: "plural", cases: forms.map {
                XCStringsVariationCase(name: $0.category, content: unit($0.text, byCategory[$0.category] ?? byCategory["other"] ?? states.main))
            })
        }
        switch value {
        case .text(let text):
            self = unit(text, states.main)
        case .plural(let forms):
            self = XCStringsContent(variations: [plural(forms, states.plural)])
        case .substitutions(let format, let substitutions):
            self = XCStringsContent(
                stringUnit: XCStringsStringUnit(state: states.main, value: format),
                substitutions: substitutions.map {
                    XCStringsSubstitution(name: $0.name, argNum: $0.writesArgumentNumber ? $0.argumentNumber : nil, formatSpecifier: $0.formatSpecifier,
                                          variations: [plural($0.forms, states.substitutions[$0.argumentNumber] ?? [:])])
                })
        }
    }
}

/// The review states of a String Catalog localization's string units, by where they are: the
/// main unit, plural variations by category, substitutions by argument number and category —
/// so that a value converted afresh keeps them where the text is the same.
///
/// ```swift
/// let states = CatalogStates(xcstrings: kept)   // main "translated"; substitution 2: one/other "needs_review"
/// ```
public struct CatalogStates: Hashable, Sendable {
    public var main: String
    public var plural: [String: String]
    public var substitutions: [Int: [String: String]]

    public init(main: String = "translated", plural: [String: String] = [:], substitutions: [Int: [String: String]] = [:]) {
        self.main = main
        self.plural = plural
        self.substitutions = substitutions
    }

    /// The states of a localization as a String Catalog holds it; nil when there are none but
    /// `translated` (nothing to keep).
    public init?(xcstrings localization: JSONValue) {
        func member(_ value: JSONValue, _ name: String) -> JSONValue? {
            if case .object(let members) = value { return members.first { $0.0 == name }?.1 }
            return nil
        }
        func state(_ value: JSONValue?) -> String? {
            guard let unit = value.flatMap({ member($0, "stringUnit") }), case .string(let s)? = member(unit, "state") else { return nil }
            return s
        }
        func cases(_ value: JSONValue) -> [String: String] {
            guard let plural = member(value, "variations").flatMap({ member($0, "plural") }), case .object(let items) = plural else { return [:] }
            var result: [String: String] = [:]
            for (category, content) in items { if let s = state(content) { result[category] = s } }
            return result
        }
        let plural = cases(localization)
        var substitutions: [Int: [String: String]] = [:]
        if case .object(let items)? = member(localization, "substitutions") {
            for (_, substitution) in items {
                guard case .int(let number)? = member(substitution, "argNum") else { continue }
                substitutions[Int(number)] = cases(substitution)
            }
        }
        let main = state(localization) ?? plural["other"] ?? plural.values.first ?? "translated"
        self.init(main: main, plural: plural, substitutions: substitutions)
        let all = [main] + plural.values + substitutions.values.flatMap(\.values)
        if all.allSatisfy({ $0 == "translated" }) { return nil }
    }
}
