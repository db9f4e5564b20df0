import Dispatch
import SpeakableDiagnostics

// The members of a large catalog's `strings`, read in parts on every core and joined in file
// order into the index `strings()` makes alone.
//
// A part begins at a member's key. Where the members begin is guessed, not scanned for: a JSON
// string holds no line break, so every line begins outside any string, and in a catalog written
// one member a line (as Xcode writes it) a line indented as the first member, beginning with a
// quote, is most likely the key of a member. Each part reads its members up to the next part's
// guessed start and must arrive exactly there: the first part begins at the first member, so
// when every part arrives where the next begins, every start was a member's key and each part
// read exactly what a reading in one would have read from there. A part that does not arrive
// there (a wrong guess) sends the whole of `strings` back to the reading in one; a part that
// rejects the catalog after every part before it arrived rejects it for the reading in one too.
//
// What a reading in one carries from member to member is joined as it would have grown: the
// entries (their numbers, their keys, none twice), the locales' tags in the order first written,
// each locale's bytes, forms and localizations, the form paths and states (each made once, in
// the order first met), lines (each part counts from its own start), the values counted.
extension XCStringsScanner {
    /// A part's start: the offset of a member's key (guessed), and its column.
    struct PartStart {
        let offset: Int
        let column: Int
    }

    /// `strings` at its `{`, its members read in up to `partCount` parts in parallel (see above).
    mutating func stringsInParts() throws(Reject) {
        guard try open() else { return }
        let first = i
        let starts = Self.partStarts(p, first: first, parts: partCount, minimum: minimumPartBytes)
        guard starts.count > 1 else {
            try members(until: nil)
            return
        }
        let firstColumn = position(at: first).column
        let count = starts.count
        let template = PartTemplate(p: p, depth: depth, maximumValues: maximumValues - values)
        let slots = Slots<(XCStringsScanner, Bool)?>(count: count, nil)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { k in
            var part = XCStringsScanner(template.p, start: starts[k].offset, line: 1, column: k == 0 ? firstColumn : starts[k].column)
            part.depth = template.depth
            part.maximumValues = template.maximumValues
            let stop = k + 1 < count ? starts[k + 1].offset : nil
            var failed = false
            do throws(Reject) {
                try part.members(until: stop)
            } catch {
                failed = true
            }
            slots.buffer[k] = (part, failed)
        }
        var parts: [XCStringsScanner] = []
        parts.reserveCapacity(count)
        for k in 0..<count {
            let (part, failed) = slots.buffer[k]!
            slots.buffer[k] = nil
            if failed {
                // Its start is a member's (every part before it arrived where it begins).
                guard part.misaligned else { throw Reject() }
                try members(until: nil)
                return
            }
            parts.append(part)
        }
        guard let joined = try Self.join(&parts, p: p, firstLine: line) else {
            try members(until: nil)
            return
        }
        let last = parts[count - 1]
        entries = joined.entries
        tags = joined.tags
        tagBytes = joined.tagBytes
        locales = joined.locales
        paths = joined.paths
        pathKeys = joined.pathKeys
        states = joined.states
        stateKeys = joined.stateKeys
        entryKeys = []
        isCompact = true
        i = last.i
        line = joined.lastLineOffset + last.line
        columnOffset = last.columnOffset
        columnValue = last.columnValue
        continuations = last.continuations
        columnContinuations = last.columnContinuations
        values += parts.reduce(0) { $0 + $1.values }
        depth = last.depth
    }

    /// Where the parts of `strings` begin, the first at `first` (its first member's key): at
    /// most `parts`, each at least `minimum` bytes, each later one at the first line, at or after
    /// an even share of the bytes (and at most 64 KiB after it), that is indented as the first
    /// member's and begins with a quote. One start when the first member is not the first on its
    /// line.
    static func partStarts(_ p: UnsafeBufferPointer<UInt8>, first: Int, parts: Int, minimum: Int) -> [PartStart] {
        var lineStart = first
        while lineStart > 0, p[lineStart - 1] == 0x20 || p[lineStart - 1] == 0x09 { lineStart -= 1 }
        let one = [PartStart(offset: first, column: 0)]
        guard lineStart > 0, p[lineStart - 1] == 0x0A, first < p.count, p[first] == 0x22 else { return one }
        let indent = first - lineStart
        let size = p.count - first
        let count = min(parts, size / max(minimum, 1))
        guard count > 1 else { return one }
        var starts = one
        for k in 1..<count {
            var j = max(first + size / count * k, starts[starts.count - 1].offset + 1)
            let end = min(k + 1 < count ? first + size / count * (k + 1) : p.count, j + (1 << 16))
            while j < end {
                guard p[j] == 0x0A else {
                    j += 1
                    continue
                }
                j += 1
                var m = 0
                while m < indent, j + m < p.count, p[j + m] == p[lineStart + m] { m += 1 }
                if m == indent, j + m < p.count, p[j + m] == 0x22 {
                    starts.append(PartStart(offset: j + m, column: indent + 1))
                    break
                }
            }
        }
        return starts
    }

    /// What the parts read, joined as one reading would have made it; nil when one reading
    /// would have made it otherwise (more form paths or states than the index numbers: it then
    /// keeps some localizations as objects). Throws for what one reading rejects: a key of two
    /// parts, a locale's tag spelled two ways in two parts.
    /// The parts' locales are let go as they are joined (the parts keep none).
    static func join(_ parts: inout [XCStringsScanner], p: UnsafeBufferPointer<UInt8>, firstLine: Int) throws(Reject) -> Joined? {
        var joined = Joined()
        // Lines: each part's from its start.
        var lineOffsets: [Int] = []
        var offset = firstLine - 1
        for part in parts {
            lineOffsets.append(offset)
            offset += part.line - 1
        }
        joined.lastLineOffset = lineOffsets[parts.count - 1]
        // Entries, numbered on (joined below).
        var entryBases: [Int32] = []
        var entryCount = 0
        for part in parts {
            entryBases.append(Int32(entryCount))
            entryCount += part.entries.count
        }
        // Paths and states, each once (by their bytes, as a part tells them apart).
        func equal(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
            guard a.1 - a.0 == b.1 - b.0 else { return false }
            for k in 0..<(a.1 - a.0) where p[a.0 + k] != p[b.0 + k] { return false }
            return true
        }
        var pathMaps: [[UInt16]] = []
        var stateMaps: [[Int16]] = []
        for part in parts {
            var pathMap: [UInt16] = [0]
            for k in part.pathKeys.indices.dropFirst() {
                let key = part.pathKeys[k]
                if let known = joined.pathKeys.indices.dropFirst().first(where: { equal((joined.pathKeys[$0].0, joined.pathKeys[$0].1), (key.0, key.1))
                                                                                   && equal((joined.pathKeys[$0].2, joined.pathKeys[$0].3), (key.2, key.3)) }) {
                    pathMap.append(UInt16(known))
                } else {
                    guard joined.paths.count < Int(UInt16.max) else { return nil }
                    joined.pathKeys.append(key)
                    joined.paths.append(part.paths[k])
                    pathMap.append(UInt16(joined.paths.count - 1))
                }
            }
            pathMaps.append(pathMap)
            var stateMap: [Int16] = []
            for k in part.stateKeys.indices {
                if let known = joined.stateKeys.firstIndex(where: { equal($0, part.stateKeys[k]) }) {
                    stateMap.append(Int16(known))
                } else {
                    guard joined.states.count < Int(Int16.max) else { return nil }
                    joined.stateKeys.append(part.stateKeys[k])
                    joined.states.append(part.states[k])
                    stateMap.append(Int16(joined.states.count - 1))
                }
            }
            stateMaps.append(stateMap)
        }
        // Tags, in the order first written; each part's locales go to theirs.
        // (Each part's locales numbered on from the previous part's, in `owned`.)
        var sources: [[(part: Int, locale: Int)]] = []
        var localeBases: [Int] = []
        var partLocales = 0
        for (k, part) in parts.enumerated() {
            localeBases.append(partLocales)
            partLocales += part.locales.count
            for t in part.tags.indices {
                if let known = joined.tagBytes.firstIndex(where: { equal($0, part.tagBytes[t]) }) {
                    sources[known].append((k, t))
                } else {
                    // Two spellings of one tag: one reading rejects the second.
                    if joined.tags.contains(part.tags[t]) { throw Reject() }
                    joined.tags.append(part.tags[t])
                    joined.tagBytes.append(part.tagBytes[t])
                    sources.append([(k, t)])
                }
            }
        }
        let owned = Slots(count: partLocales, XCStringsIndex.Locale())
        defer { owned.free() }
        for k in parts.indices {
            for t in parts[k].locales.indices { owned.buffer[localeBases[k] + t] = parts[k].locales[t] }
            parts[k].locales = []
        }
        let shared = JoinInput(owned: owned, localeBases: localeBases, sources: sources, entryBases: entryBases, lineOffsets: lineOffsets,
                               pathMaps: pathMaps, stateMaps: stateMaps)
        // On every core: the locales, then the entries (in `entries`), then whether each later
        // part has a key of an earlier one (one reading rejects a key twice), in `twice`.
        let locales = Slots(count: sources.count, XCStringsIndex.Locale())
        defer { locales.free() }
        let entries = Slots<[XCStringsIndex.Entry]>(count: 1, [])
        defer { entries.free() }
        let twice = Slots(count: parts.count, false)
        defer { twice.free() }
        let keys = PartKeys(parts: parts, lineOffsets: lineOffsets, count: entryCount)
        let localeCount = sources.count
        DispatchQueue.concurrentPerform(iterations: localeCount + parts.count) { task in
            if task < localeCount {
                locales.buffer[task] = shared.locale(task)
            } else if task == localeCount {
                entries.buffer[0] = keys.entries()
            } else {
                twice.buffer[task - localeCount] = keys.hasEarlierKey(part: task - localeCount)
            }
        }
        if twice.buffer.contains(true) { throw Reject() }
        joined.entries = entries.buffer[0]
        joined.locales = Array(locales.buffer)
        return joined
    }

    /// The parts' entries and keys.
    /// `@unchecked Sendable`: only read (the scanners' bytes are the caller's, alive meanwhile).
    struct PartKeys: @unchecked Sendable {
        let parts: [XCStringsScanner]
        let lineOffsets: [Int]
        let count: Int

        /// Every part's entries, in order, on the joined index's lines.
        func entries() -> [XCStringsIndex.Entry] {
            var entries: [XCStringsIndex.Entry] = []
            entries.reserveCapacity(count)
            for (k, part) in parts.enumerated() {
                let lines = lineOffsets[k]
                for e in part.entries {
                    entries.append(XCStringsIndex.Entry(
                        key: e.key, keyPosition: SourcePosition(line: e.keyPosition.line + lines, column: e.keyPosition.column),
                        shouldTranslate: e.shouldTranslate, comment: e.comment))
                }
            }
            return entries
        }

        /// Whether part `k` has a key of an earlier part (as Strings: canonically equal).
        func hasEarlierKey(part k: Int) -> Bool {
            guard k > 0 else { return false }
            for entry in parts[k].entries {
                for q in 0..<k where parts[q].entryKeys.contains(entry.key) { return true }
            }
            return false
        }
    }

    /// The joined index.
    struct Joined {
        var entries: [XCStringsIndex.Entry] = []
        var tags: [String] = []
        var tagBytes: [(Int, Int)] = []
        var locales: [XCStringsIndex.Locale] = []
        var paths: [String] = [""]
        var pathKeys: [(Int, Int, Int, Int)] = [(0, 0, 0, 0)]
        var states: [String] = []
        var stateKeys: [(Int, Int)] = []
        /// The line the last part's line 1 is, less one.
        var lastLineOffset = 0
    }

    /// What every part needs to know of the catalog: the bytes, the depth of `strings`' members,
    /// the values left to count.
    /// `@unchecked Sendable`: the bytes are only read, while the caller's buffer is alive (the
    /// parts are read within `stringsInParts`).
    struct PartTemplate: @unchecked Sendable {
        let p: UnsafeBufferPointer<UInt8>
        let depth: Int
        let maximumValues: Int
    }

    /// Results of tasks on every core, one slot a task (the parts read, the locales joined),
    /// or what they take (each part's locales, taken by the task that joins them).
    /// `@unchecked Sendable`: each slot is used by one task only, and read after all are done.
    final class Slots<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>
        init(count: Int, _ value: Element) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: value)
        }
        func free() {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }

    /// The parts' locales and how their numbers become the joined index's.
    struct JoinInput: Sendable {
        /// Part `k`'s locale `t` at `localeBases[k] + t`.
        let owned: Slots<XCStringsIndex.Locale>
        let localeBases: [Int]
        /// Per joined locale: each part's locale of that tag, in part order.
        let sources: [[(part: Int, locale: Int)]]
        let entryBases: [Int32]
        let lineOffsets: [Int]
        let pathMaps: [[UInt16]]
        let stateMaps: [[Int16]]

        /// Joined locale `g`: its parts' bytes, forms and localizations one after the other, the
        /// offsets, entry numbers, lines, paths and states made the joined index's.
        func locale(_ g: Int) -> XCStringsIndex.Locale {
            var bytes = 0, forms = 0, localizations = 0
            for (k, t) in sources[g] {
                let own = owned.buffer[localeBases[k] + t]
                bytes += own.bytes.count
                forms += own.forms.count
                localizations += own.localizations.count
            }
            var locale = XCStringsIndex.Locale()
            locale.bytes.reserveCapacity(bytes)
            locale.forms.reserveCapacity(forms)
            locale.localizations.reserveCapacity(localizations)
            for (k, t) in sources[g] {
                // Taken: let go once copied.
                let own = owned.buffer[localeBases[k] + t]
                owned.buffer[localeBases[k] + t] = XCStringsIndex.Locale()
                let byteBase = Int32(locale.bytes.count)
                let formBase = Int32(locale.forms.count)
                let lines = Int32(lineOffsets[k])
                let pathMap = pathMaps[k]
                let stateMap = stateMaps[k]
                locale.bytes.append(contentsOf: own.bytes)
                for var f in own.forms {
                    f.start += byteBase
                    f.end += byteBase
                    f.line += lines
                    f.path = pathMap[Int(f.path)]
                    if f.state >= 0 { f.state = stateMap[Int(f.state)] }
                    locale.forms.append(f)
                }
                for var l in own.localizations {
                    l.entry += entryBases[k]
                    switch l.kind {
                    case .unit, .object:
                        l.start += byteBase
                        l.end += byteBase
                        l.line += lines
                    case .forms:
                        l.start += formBase
                    }
                    if l.state >= 0 { l.state = stateMap[Int(l.state)] }
                    locale.localizations.append(l)
                }
            }
            return locale
        }
    }
}
