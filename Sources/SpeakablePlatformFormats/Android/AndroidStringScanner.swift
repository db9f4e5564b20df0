import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableXML

extension AndroidResourceReader {
    /// The `<string>`s of `bytes` when the file is a plain list of them with nothing to report;
    /// nil otherwise (then read it with ``read(_:file:locale:)``). See ``AndroidPlainStrings``.
    public static func readPlainStrings(_ bytes: [UInt8]) -> AndroidPlainStrings? {
        guard bytes.count <= XMLReader.maximumSize else { return nil }
        let source = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
        guard isXML(source) else { return nil }
        return source.withUnsafeBufferPointer { buffer -> AndroidPlainStrings? in
            var scanner = PlainScanner(bytes: buffer)
            guard let strings = scanner.document() else { return nil }
            return AndroidPlainStrings(source: source, strings: strings, rootToolsIgnore: scanner.rootToolsIgnore)
        }
    }

    /// The resources of `bytes` when the file has nothing to report: its plain `<string>`s read
    /// straight from its bytes (as ``readPlainStrings(_:)`` reads them), and every other element
    /// (``AndroidPlainStrings/others``: a `<plurals>`, a `<string-array>`, a string with markup…)
    /// read by the XML reader and this reader on its own, so one such element costs only itself.
    /// Nil when there is something to report, or anything but comments and white space between
    /// the elements: then read the file with ``read(_:file:locale:)``, which says what is wrong.
    /// Also nil as soon as the file has more than `maximumResources` elements (the scan stops
    /// there): ``read(_:file:locale:limits:)`` then counts its messages against
    /// ``ProjectLimits/messagesPerFile`` (`too-many-messages`).
    public static func readStrings(_ bytes: [UInt8], maximumResources: Int = .max) -> AndroidPlainStrings? {
        guard bytes.count <= XMLReader.maximumSize else { return nil }
        let source = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
        guard isXML(source) else { return nil }
        return source.withUnsafeBufferPointer { buffer -> AndroidPlainStrings? in
            var scanner = PlainScanner(bytes: buffer)
            scanner.array = source
            scanner.maximumResources = maximumResources
            guard let strings = scanner.document() else { return nil }
            return AndroidPlainStrings(source: source, strings: strings, rootToolsIgnore: scanner.rootToolsIgnore, others: scanner.others)
        }
    }
}

extension AndroidResourceReader {
    /// How many Unicode scalars the UTF-8 `bytes` at `range` hold: the bytes that do not continue
    /// a scalar, counted eight at a time (a column's number within a line).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        var k = range.lowerBound
        let end = range.upperBound
        while k + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self))
            // The high bit of each byte 10xxxxxx, summed by one multiplication.
            let continuation = word & ~(word << 1) & 0x8080_8080_8080_8080
            count += 8 - Int(truncatingIfNeeded: ((continuation >> 7) &* 0x0101_0101_0101_0101) >> 56)
            k += 8
        }
        while k < end {
            if bytes[k] & 0xC0 != 0x80 { count += 1 }
            k += 1
        }
        return count
    }

    /// Whether `source` is UTF-8 with only characters XML allows and, if it has one, a
    /// well-formed XML declaration: what the scanner leaves to the XML reader to judge.
    static func isXML(_ source: [UInt8]) -> Bool {
        source.withUnsafeBufferPointer(XMLReader.isAllowedUTF8)
            && XMLReader.declarationProblem(source) == nil
    }
}

/// A strict subset of XML 1.0 and of aapt2's string decoding: every construct it accepts, the
/// XML reader accepts without a diagnostic and the resource reader decodes the same way; it
/// gives up (nil) on anything else.
private struct PlainScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Line of `index` and where that line starts (columns are counted in scalars from there).
    var line = 1
    var lineStart = 0
    /// aapt2's decoding of a string's text, its buffer reused for every string.
    var decoder = AndroidEscaping.Decoder()
    /// Entity-decoded content, when a string has entities.
    var unescaped: [UInt8] = []
    /// The names read so far, to find a duplicate: an open-addressing table of indices into
    /// ``nameRanges`` (+1; 0 is empty), hashed from the name's bytes (no `String` made per
    /// name).
    var slots: [Int32] = []
    /// The attribute names of the start tag being read (reused from tag to tag).
    var seenAttributes: [Range<Int>] = []
    var nameRanges: [Range<Int>] = []
    /// ``bytes`` as an array, when elements the scanner does not read are read by the resource
    /// reader (``AndroidResourceReader/readStrings(_:maximumResources:)``); empty otherwise (then such an element
    /// ends the scan).
    var array: [UInt8] = []
    var others: [AndroidPlainStrings.Other] = []
    /// The kinds and names (`plurals:seconds`) of the others but strings (those are in ``slots``).
    var otherNames: Set<String> = []
    /// The `tools:ignore` value of `<resources>`.
    var rootToolsIgnore: String?
    /// The most elements (strings and others) read before the scan gives up.
    var maximumResources = Int.max

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        decoder.reserveCapacity(256)
    }

    var atEnd: Bool { index >= bytes.count }

    func position(at offset: Int) -> SourcePosition { position(at: offset, line: line, lineStart: lineStart) }

    func position(at offset: Int, line: Int, lineStart: Int) -> SourcePosition {
        // (An offset before the line's start is its first column.)
        SourcePosition(line: line, column: 1 + AndroidResourceReader.scalarCount(bytes, lineStart..<max(lineStart, offset)))
    }

    /// Moves past one byte, counting lines as the XML reader does (`\r\n`, `\n` and a lone `\r`).
    mutating func step() {
        let b = bytes[index]
        index += 1
        if b == 0x0A || (b == 0x0D && (index >= bytes.count || bytes[index] != 0x0A)) {
            line += 1
            lineStart = index
        }
    }

    static func isSpace(_ b: UInt8) -> Bool { XMLCharacters.isSpace(b) }
    /// Names are ASCII here: a byte from 0x80 up ends one, and what follows is not what the
    /// scanner reads, so it gives up and the reader judges the name.
    @inline(__always)
    static func isNameStart(_ b: UInt8) -> Bool { XMLCharacters.isASCIINameStart(b) }
    @inline(__always)
    static func isNameChar(_ b: UInt8) -> Bool { XMLCharacters.isASCIINameChar(b) }

    mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { step() }
    }

    func startsWith(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let base = text.utf8Start
        for k in 0..<count where bytes[index + k] != base[k] { return false }
        return true
    }

    /// Moves past `terminator` (searching from the current index); false when it never comes.
    mutating func skip(past terminator: StaticString) -> Bool {
        let count = terminator.utf8CodeUnitCount
        let base = terminator.utf8Start
        while index + count <= bytes.count {
            var match = true
            for k in 0..<count where bytes[index + k] != base[k] { match = false; break }
            if match {
                for _ in 0..<count { step() }
                return true
            }
            step()
        }
        return false
    }

    /// Moves past a comment at ``index`` (at `<!--`); false when it is not closed or holds `--`
    /// before its end (the reader reports both).
    mutating func skipComment() -> Bool {
        for _ in 0..<4 { step() }
        while index + 1 < bytes.count {
            if bytes[index] == 0x2D && bytes[index + 1] == 0x2D {
                guard index + 2 < bytes.count, bytes[index + 2] == 0x3E else { return false }
                for _ in 0..<3 { step() }
                return true
            }
            step()
        }
        return false
    }

    /// Moves past a processing instruction at ``index`` (at `<?`); false for one the reader
    /// reports (no name, a name `xml` in any case, no space or `?>` after it, never closed) or
    /// one with a name that is not ASCII.
    mutating func skipProcessingInstruction() -> Bool {
        index += 2
        guard let target = name() else { return false }
        if target.count == 3, bytes[target.lowerBound] | 0x20 == 0x78, bytes[target.lowerBound + 1] | 0x20 == 0x6D,
           bytes[target.lowerBound + 2] | 0x20 == 0x6C { return false }
        guard startsWith("?>") || (!atEnd && Self.isSpace(bytes[index])) else { return false }
        return skip(past: "?>")
    }

    /// Whether the `>` at `offset` ends `]]>`, which text may not hold, with `]]` after `start`.
    @inline(__always)
    func endsCDATAEnd(_ offset: Int, after start: Int) -> Bool {
        offset - start >= 2 && bytes[offset - 1] == 0x5D && bytes[offset - 2] == 0x5D
    }

    /// A name (element or attribute), as the XML reader reads it.
    mutating func name() -> Range<Int>? {
        guard index < bytes.count, Self.isNameStart(bytes[index]) else { return nil }
        let start = index
        while index < bytes.count, Self.isNameChar(bytes[index]) { index += 1 }  // no line breaks in a name
        return start..<index
    }

    @inline(__always)
    func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        let base = text.utf8Start
        for k in 0..<range.count where bytes[range.lowerBound + k] != base[k] { return false }
        return true
    }

    /// Comments and processing instructions, before or after the root element.
    mutating func miscellany() -> Bool {
        while true {
            skipSpace()
            if startsWith("<!--") {
                guard skipComment() else { return false }
            } else if startsWith("<?") {
                guard skipProcessingInstruction() else { return false }
            } else {
                return true
            }
        }
    }

    mutating func document() -> [AndroidPlainStrings.Entry]? {
        if startsWith("<?xml"), index + 5 < bytes.count, Self.isSpace(bytes[index + 5]) {
            guard skip(past: "?>") else { return nil }
        }
        guard miscellany(), !atEnd, bytes[index] == 0x3C, !startsWith("<!") else { return nil }
        step()
        guard let root = name(), equals(root, "resources"), let attributes = self.attributes(), attributes.closed else { return nil }
        rootToolsIgnore = attributes.toolsIgnore.map { UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[$0])) }
        var strings: [AndroidPlainStrings.Entry] = []
        strings.reserveCapacity(bytes.count / 64)
        while true {
            skipSpace()
            guard !atEnd, bytes[index] == 0x3C else { return nil }  // text in <resources>
            if startsWith("<!--") {
                guard skipComment() else { return nil }
            } else if startsWith("</") {
                index += 2
                guard let closing = name(), equals(closing, "resources") else { return nil }
                skipSpace()
                guard !atEnd, bytes[index] == 0x3E else { return nil }
                index += 1
                break
            } else if startsWith("<?") || startsWith("<!") {
                return nil
            } else {
                let (start, startLine, startLineStart) = (index, line, lineStart)
                guard strings.count + others.count < maximumResources else { return nil }
                if let string = string() {
                    strings.append(string)
                } else {
                    guard !array.isEmpty, other(at: start, line: startLine, lineStart: startLineStart, stringsBefore: strings.count)
                    else { return nil }
                }
            }
        }
        guard miscellany(), atEnd else { return nil }
        return strings
    }

    /// The attributes of a start tag, up to and including its `>`: the `name` value's range and
    /// position, and the ranges of the values the scanner reads. `closed` is false for `/>`. Nil
    /// for anything the reader would report or that needs normalization (entities, line breaks
    /// and tabs in values), and for a name given twice. No attribute is made (no allocation).
    mutating func attributes() -> (name: Range<Int>?, namePosition: SourcePosition?, closed: Bool, translatable: Range<Int>?,
                                   toolsIgnore: Range<Int>?, quantity: Range<Int>?)? {
        // The first attribute has nothing to repeat (most tags have one): the list is emptied
        // only for a second.
        var seen = 0
        var firstAttribute = 0..<0
        var nameValue: Range<Int>?
        var namePosition: SourcePosition?
        var translatable: Range<Int>?
        var toolsIgnore: Range<Int>?
        var quantity: Range<Int>?
        while true {
            let hadSpace = !atEnd && Self.isSpace(bytes[index])
            skipSpace()
            guard !atEnd else { return nil }
            if bytes[index] == 0x3E {
                index += 1
                return (nameValue, namePosition, true, translatable, toolsIgnore, quantity)
            }
            if startsWith("/>") {
                index += 2
                return (nameValue, namePosition, false, translatable, toolsIgnore, quantity)
            }
            guard hadSpace else { return nil }
            let attributeStart = index
            let attributeLine = line
            let attributeLineStart = lineStart
            guard let attribute = name() else { return nil }
            if seen == 0 {
                firstAttribute = attribute
            } else {
                if seen == 1 {
                    seenAttributes.removeAll(keepingCapacity: true)
                    seenAttributes.append(firstAttribute)
                }
                for other in seenAttributes where other.count == attribute.count {
                    if (0..<attribute.count).allSatisfy({ bytes[other.lowerBound + $0] == bytes[attribute.lowerBound + $0] }) { return nil }
                }
                seenAttributes.append(attribute)
            }
            seen += 1
            skipSpace()
            guard !atEnd, bytes[index] == 0x3D else { return nil }
            index += 1
            skipSpace()
            guard !atEnd, bytes[index] == 0x22 || bytes[index] == 0x27 else { return nil }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while true {
                guard !atEnd else { return nil }
                let b = bytes[index]
                if b == quote { break }
                if b == 0x3C || b == 0x26 || b == 0x09 || b == 0x0A || b == 0x0D { return nil }
                index += 1
            }
            if equals(attribute, "name") {
                nameValue = valueStart..<index
                namePosition = position(at: attributeStart, line: attributeLine, lineStart: attributeLineStart)
            } else if equals(attribute, "translatable") {
                translatable = valueStart..<index
            } else if equals(attribute, "tools:ignore") {
                toolsIgnore = valueStart..<index
            } else if equals(attribute, "quantity") {
                quantity = valueStart..<index
            }
            index += 1
        }
    }

    /// `<string name="…">text</string>` at `<`.
    mutating func string() -> AndroidPlainStrings.Entry? {
        let start = position(at: index)
        index += 1
        guard let element = name(), equals(element, "string"), let tag = attributes(), tag.closed,
              let nameRange = tag.name, !nameRange.isEmpty, let namePosition = tag.namePosition else { return nil }
        let contentStart = position(at: index)
        let contentIndex = index
        var hasEntity = false
        // Whether aapt2's decoding has nothing to do (``decode(_:)``'s test, made here in the
        // same pass): no escape, quote, tab, line break or two spaces in a row.
        var plain = true
        var previous: UInt8 = 0x20
        let n = bytes.count
        while true {
            // Eight bytes at a time up to the first that is not above `>` or is a backslash (the
            // lowest byte flagged below is exact): the bytes before it have no markup, entity,
            // line break, space or escape.
            while index + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                let low: UInt64 = 0x0101_0101_0101_0101
                let high: UInt64 = 0x8080_8080_8080_8080
                let backslash = word ^ (0x5C &* low)
                let flagged = ((word &- 0x3F &* low) & ~word | (backslash &- low) & ~backslash) & high
                let ordinary = flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
                if ordinary > 0 {
                    previous = bytes[index + ordinary - 1]
                    index += ordinary
                }
                if ordinary < 8 { break }
            }
            guard index < n else { return nil }
            let b = bytes[index]
            if b > 0x3C {  // most bytes: no markup, entity or line break
                if AndroidEscaping.needsDecoding(b, after: previous) { plain = false }
                if b == 0x3E && endsCDATAEnd(index, after: contentIndex) { return nil }
                previous = b
                index += 1
                continue
            }
            if b == 0x3C { break }
            if b == 0x26 { hasEntity = true }
            if b == 0x0D { return nil }  // end-of-line normalization: left to the reader
            if AndroidEscaping.needsDecoding(b, after: previous) { plain = false }
            previous = b
            index += 1
            if b == 0x0A {
                line += 1
                lineStart = index
            }
        }
        let contentEnd = index
        guard startsWith("</") else { return nil }
        index += 2
        guard let closing = name(), equals(closing, "string") else { return nil }
        skipSpace()
        guard !atEnd, bytes[index] == 0x3E else { return nil }
        index += 1
        guard insertName(nameRange) else { return nil }
        let name = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[nameRange]))
        let text: String
        if !hasEntity && plain && previous != 0x20 {
            text = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[contentIndex..<contentEnd]))
        } else {
            guard let decoded = decodedContent(contentIndex..<contentEnd, hasEntity: hasEntity) else { return nil }
            text = decoded
        }
        return AndroidPlainStrings.Entry(
            name: name, namePosition: namePosition, position: start, contentStart: contentStart, contentRange: contentIndex..<contentEnd,
            text: text, isTranslatable: tag.translatable.map { !equals($0, "false") } ?? true,
            toolsIgnore: tag.toolsIgnore.map { UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[$0])) })
    }

    /// Adds a name; false when it was there already.
    mutating func insertName(_ range: Range<Int>) -> Bool {
        if nameRanges.count * 2 >= slots.count {
            // Grow (and rehash) at half full.
            slots = [Int32](repeating: 0, count: max(1024, slots.count * 2))
            for (k, other) in nameRanges.enumerated() { place(Int32(k + 1), hash: hash(other)) }
        }
        let h = hash(range)
        let mask = slots.count - 1
        var slot = h & mask
        while slots[slot] != 0 {
            let other = nameRanges[Int(slots[slot]) - 1]
            if other.count == range.count && (0..<range.count).allSatisfy({ bytes[other.lowerBound + $0] == bytes[range.lowerBound + $0] }) {
                return false
            }
            slot = (slot + 1) & mask
        }
        nameRanges.append(range)
        slots[slot] = Int32(nameRanges.count)
        return true
    }

    mutating func place(_ index: Int32, hash h: Int) {
        let mask = slots.count - 1
        var slot = h & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    /// FNV-1a of the name's bytes.
    func hash(_ range: Range<Int>) -> Int {
        var hash = FNV1a()
        hash.combine(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        return hash.tableHash
    }

    /// XML's entities and character references of `range` into ``unescaped``; false for one the
    /// reader would report.
    mutating func unescape(_ range: Range<Int>) -> Bool {
        unescaped.removeAll(keepingCapacity: true)
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            guard b == 0x26 else { unescaped.append(b); i += 1; continue }
            var end = i + 1
            while end < range.upperBound, end - (i + 1) < 32, bytes[end] != 0x3B, !Self.isSpace(bytes[end]) { end += 1 }
            guard end < range.upperBound, bytes[end] == 0x3B else { return false }
            let name = i + 1..<end
            if equals(name, "amp") { unescaped.append(0x26) }
            else if equals(name, "lt") { unescaped.append(0x3C) }
            else if equals(name, "gt") { unescaped.append(0x3E) }
            else if equals(name, "quot") { unescaped.append(0x22) }
            else if equals(name, "apos") { unescaped.append(0x27) }
            else if name.count >= 2, bytes[name.lowerBound] == 0x23 {
                // `&#` digits `;` or `&#x` hex digits `;` naming a character XML allows, as the
                // reader reads them.
                let hex = bytes[name.lowerBound + 1] == 0x78
                let digits = (name.lowerBound + (hex ? 2 : 1))..<name.upperBound
                guard !digits.isEmpty, digits.count <= 8 else { return false }
                var value: UInt32 = 0
                for k in digits {
                    guard let digit = hex ? HexDigits.value(of: bytes[k]) : (0x30...0x39).contains(bytes[k]) ? UInt32(bytes[k] - 0x30) : nil
                    else { return false }
                    value = value * (hex ? 16 : 10) + digit
                }
                guard let scalar = Unicode.Scalar(value), XMLReader.isCharacter(scalar) else { return false }
                unescaped.append(contentsOf: UTF8.encode(scalar)!)
            } else {
                return false  // unknown entity: the reader warns
            }
            i = end + 1
        }
        return true
    }

    /// The text of the content in `range`: its entities replaced (when it has any), then aapt2's
    /// decoding. Nil where either gives up (the reader then reports it).
    mutating func decodedContent(_ range: Range<Int>, hasEntity: Bool) -> String? {
        guard hasEntity else { return decode(UnsafeBufferPointer(rebasing: bytes[range])) }
        guard unescape(range) else { return nil }
        let content = unescaped
        return content.withUnsafeBufferPointer { decode($0) }
    }

    /// aapt2's decoding of a string's text (``AndroidEscaping/Decoder``, which the resource reader
    /// runs too). Nil for an unescaped apostrophe (a warning).
    mutating func decode(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        // Most strings need nothing: no escape, quote, entity, tab or line break, single spaces
        // between words.
        var plain = true
        var previous: UInt8 = 0x20
        for b in text {
            if AndroidEscaping.needsDecoding(b, after: previous) {
                plain = false
                break
            }
            previous = b
        }
        if plain && previous != 0x20 { return UTF8Validation.string(validated: text) }
        if plain && text.isEmpty { return "" }
        decoder.reset()
        guard decoder.decode(text) == 0 else { return nil }
        return UTF8Validation.string(validated: decoder.out)
    }
}

// MARK: Other elements

extension PlainScanner {
    /// The element at `start` (which ``string()`` did not read) as the resource reader reads it
    /// in the whole file — a `<plurals>` or `<string-array>` of plain items by ``plainList(at:)``,
    /// anything else by the XML reader and the resource reader on that element alone — and its
    /// name recorded as the reader records it (a repeated one is reported: false). False when
    /// anything is reported.
    mutating func other(at start: Int, line: Int, lineStart: Int, stringsBefore: Int) -> Bool {
        (index, self.line, self.lineStart) = (start, line, lineStart)
        let resource: AndroidResource
        var end: Int?  // where the XML reader's element ends
        if let list = plainList(at: start) {
            resource = list
        } else if let string = markedUpString(at: start, line: line, lineStart: lineStart) {
            resource = string
        } else {
            (index, self.line, self.lineStart) = (start, line, lineStart)
            let read = XMLReader.readElement(array, at: start, position: position(at: start), depth: 1)
            guard read.diagnostics.isEmpty, let element = read.element else { return false }
            let document = XMLDocument(source: array, declaration: nil, prolog: [], root: element)
            let (decoded, diagnostics) = AndroidResourceReader.resource(element, document: document, file: "")
            guard diagnostics.isEmpty else { return false }
            resource = decoded
            end = read.end
        }
        if resource.kind == .string {
            // In the table of the plain strings' names, by the name as written: one with an
            // entity or a line break in its name is left to the whole-file reader.
            let after = (index, self.line, self.lineStart)
            index = start + 1
            guard !resource.name.isEmpty, name() != nil, let tag = attributes(), let nameRange = tag.name, insertName(nameRange) else { return false }
            (index, self.line, self.lineStart) = after
        }
        if let end {
            (index, self.line, self.lineStart) = (start, line, lineStart)
            while index < end { step() }
        }
        if resource.kind != .string && resource.kind != .other("skip") && resource.kind != .other("eat-comment") {
            guard !resource.name.isEmpty,  // android-missing-name
                  otherNames.insert(AndroidResourceReader.kindKey(resource) + resource.name).inserted else { return false }
        }
        others.append(AndroidPlainStrings.Other(stringsBefore: stringsBefore, resource: consume resource))
        return true
    }

    /// A `<plurals>` or `<string-array>` at `start` whose items are plain text (as ``string()``
    /// reads a string's), with only white space and comments between them and nothing to report,
    /// read as the resource reader reads it; nil for anything else. Moves past it.
    mutating func plainList(at start: Int) -> AndroidResource? {
        let position = position(at: start)
        index += 1
        guard let element = name() else { return nil }
        let kind: AndroidResource.Kind
        if equals(element, "plurals") {
            kind = .plurals
        } else if equals(element, "string-array") {
            kind = .stringArray
        } else {
            return nil
        }
        guard let (attributes, closed) = attributeList(), closed, let nameAttribute = attributes.first(where: { $0.name == "name" }),
              !nameAttribute.value.isEmpty else { return nil }
        var items: [AndroidItem] = []
        // Room for every quantity of a plural, a short array's items: one allocation.
        items.reserveCapacity(kind == .plurals ? 6 : 4)
        // The quantities given so far, one bit each (``quantityBit(_:)``).
        var quantities: UInt8 = 0
        while true {
            skipSpace()
            guard !atEnd, bytes[index] == 0x3C else { return nil }
            if startsWith("<!--") {
                guard skipComment() else { return nil }
                continue
            }
            if startsWith("</") {
                index += 2
                guard let closing = self.name(), closing.count == element.count,
                      closing.allSatisfy({ bytes[$0] == bytes[element.lowerBound + $0 - closing.lowerBound] }) else { return nil }
                skipSpace()
                guard !atEnd, bytes[index] == 0x3E else { return nil }
                index += 1
                break
            }
            let itemPosition = self.position(at: index)
            index += 1
            // An item's attributes are not kept: only its quantity is read (no list made).
            guard let item = self.name(), equals(item, "item"), let itemTag = self.attributes(), itemTag.closed else { return nil }
            var quantity: String?
            if kind == .plurals {
                guard let range = itemTag.quantity, case let q = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[range])),
                      let bit = Self.quantityBit(q), quantities & bit == 0 else { return nil }
                quantities |= bit
                quantity = q
            }
            let contentStart = self.position(at: index)
            let contentIndex = index
            let (contentLine, contentLineStart) = (line, lineStart)
            var hasEntity = false
            while true {
                guard !atEnd else { return nil }
                let b = bytes[index]
                if b == 0x3C { break }
                if b == 0x26 { hasEntity = true }
                if b == 0x0D || (b == 0x3E && endsCDATAEnd(index, after: contentIndex)) { return nil }
                step()
            }
            let contentEnd = index
            if !startsWith("</") {
                // Markup inside the item.
                (index, line, lineStart) = (contentIndex, contentLine, contentLineStart)
                guard let value = markedUpContent(closing: item, at: contentStart) else { return nil }
                items.append(AndroidItem(quantity: quantity, value: value, position: itemPosition))
                continue
            }
            index += 2
            guard let closing = self.name(), equals(closing, "item") else { return nil }
            skipSpace()
            guard !atEnd, bytes[index] == 0x3E else { return nil }
            index += 1
            guard let text = decodedContent(contentIndex..<contentEnd, hasEntity: hasEntity) else { return nil }
            let raw = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[contentIndex..<contentEnd]))
            items.append(AndroidItem(quantity: quantity, value: AndroidString(text: text, rawXML: raw, position: contentStart),
                                     position: itemPosition))
        }
        return AndroidResource(kind: kind, name: nameAttribute.value, namePosition: nameAttribute.position, position: position, attributes: attributes,
                               items: items, rawXML: UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[start..<index])))
    }

    /// A bit of its own for each plural quantity Android knows; nil for any other text.
    static func quantityBit(_ q: String) -> UInt8? {
        switch q {
        case "zero": 1
        case "one": 2
        case "two": 4
        case "few": 8
        case "many": 16
        case "other": 32
        default: nil
        }
    }

    /// Every attribute of a start tag, up to and including its `>` (`closed` false for `/>`), as
    /// the XML reader reads them; nil for anything it would report or that needs normalization
    /// (entities, line breaks and tabs in values), and for a name given twice.
    mutating func attributeList() -> (list: [XMLAttribute], closed: Bool)? {
        var list: [XMLAttribute] = []
        while true {
            let hadSpace = !atEnd && Self.isSpace(bytes[index])
            skipSpace()
            guard !atEnd else { return nil }
            if bytes[index] == 0x3E {
                index += 1
                return (list, true)
            }
            if startsWith("/>") {
                index += 2
                return (list, false)
            }
            guard hadSpace else { return nil }
            let attributePosition = position(at: index)
            guard let attribute = name() else { return nil }
            let attributeName = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[attribute]))
            guard !list.contains(where: { $0.name == attributeName }) else { return nil }
            skipSpace()
            guard !atEnd, bytes[index] == 0x3D else { return nil }
            index += 1
            skipSpace()
            guard !atEnd, bytes[index] == 0x22 || bytes[index] == 0x27 else { return nil }
            let quote = bytes[index]
            index += 1
            let valuePosition = position(at: index)
            let valueStart = index
            while true {
                guard !atEnd else { return nil }
                let b = bytes[index]
                if b == quote { break }
                if b == 0x3C || b == 0x26 || b == 0x09 || b == 0x0A || b == 0x0D { return nil }
                index += 1
            }
            list.append(XMLAttribute(name: attributeName, value: UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[valueStart..<index])),
                                     position: attributePosition, valuePosition: valuePosition))
            index += 1
        }
    }
}

// MARK: Markup inside a string

extension PlainScanner {
    /// A `<string>` at `start` whose content has markup one level deep (`<xliff:g>` placeholders,
    /// `<b>`…, each holding text) or comments, read as the resource reader reads it; nil for
    /// anything else. Moves past it.
    mutating func markedUpString(at start: Int, line: Int, lineStart: Int) -> AndroidResource? {
        (index, self.line, self.lineStart) = (start, line, lineStart)
        let position = position(at: start)
        index += 1
        guard let element = name(), equals(element, "string"), let (attributes, closed) = attributeList(), closed,
              let nameAttribute = attributes.first(where: { $0.name == "name" }) else { return nil }
        guard let value = markedUpContent(closing: element, at: self.position(at: index)) else { return nil }
        return AndroidResource(kind: .string, name: nameAttribute.value, namePosition: nameAttribute.position, position: position,
                               attributes: attributes, value: value,
                               rawXML: UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[start..<index])))
    }

    /// The content at ``index`` (just after the start tag of `element`, at `contentStart`) up to
    /// and past its end tag: text, comments, and elements one level deep holding text, decoded as
    /// the resource reader decodes them (its state carried across the pieces; `<xliff:g>`, or any
    /// `…:g`, a placeholder; anything else markup). Nil for anything else, anything it reports
    /// (an unescaped apostrophe, an unknown entity) and line ends to normalize.
    mutating func markedUpContent(closing element: Range<Int>, at contentStart: SourcePosition) -> AndroidString? {
        let contentIndex = index
        // The scanner's decoder (its buffer reused from string to string), started afresh.
        decoder.reset()
        var placeholders: [AndroidPlaceholder] = []
        var hasMarkup = false
        // The child element being read: its name, whether it is a placeholder, where it starts.
        var child: (name: Range<Int>, attributes: [XMLAttribute], position: SourcePosition, before: Int)?
        // White space this one-text decoding collapses or trims where aapt2, in a string with
        // style markup, reads each text node apart (the reader's `styled` decoding): at the
        // start, at the end, and on both sides of an element. Such a string is left to the reader.
        var spaceDiffers = false
        var spaceAtEdge = false
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x22 }
        while true {
            let segment = index
            var hasEntity = false
            while true {
                guard !atEnd else { return nil }
                let b = bytes[index]
                if b == 0x3C { break }
                if b == 0x26 { hasEntity = true }
                if b == 0x0D || (b == 0x3E && endsCDATAEnd(index, after: segment)) { return nil }
                step()
            }
            if index > segment {
                if isSpace(bytes[segment]) && (decoder.scalars == 0 || spaceAtEdge) { spaceDiffers = true }
                spaceAtEdge = false
                if hasEntity {
                    guard unescape(segment..<index) else { return nil }
                    let content = unescaped
                    guard decoder.decode(content) == 0 else { return nil }
                } else {
                    guard decoder.decode(UnsafeBufferPointer(rebasing: bytes[segment..<index])) == 0 else { return nil }
                }
            }
            if startsWith("</") {
                let contentEnd = index
                if decoder.pendingSpace { spaceAtEdge = true }
                index += 2
                guard let closing = name() else { return nil }
                skipSpace()
                guard !atEnd, bytes[index] == 0x3E else { return nil }
                index += 1
                if let open = child {
                    guard sameName(closing, open.name) else { return nil }
                    if isPlaceholder(open.name) {
                        placeholders.append(placeholder(decoder, from: open.before, attributes: open.attributes, position: open.position))
                    }
                    child = nil
                    continue
                }
                guard sameName(closing, element) else { return nil }
                if hasMarkup && (spaceDiffers || decoder.pendingSpace) { return nil }
                return AndroidString(text: UTF8Validation.string(validated: decoder.out), rawXML: UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[contentIndex..<contentEnd])),
                                     position: contentStart, placeholders: placeholders, hasMarkup: hasMarkup)
            }
            if startsWith("<!--") {
                guard skipComment() else { return nil }
                continue
            }
            guard !startsWith("<!"), !startsWith("<?"), child == nil else { return nil }
            if decoder.pendingSpace { spaceAtEdge = true }
            let childPosition = position(at: index)
            index += 1
            guard let childName = name(), let (childAttributes, childClosed) = attributeList() else { return nil }
            if isPlaceholder(childName) {
                if childClosed {
                    child = (childName, childAttributes, childPosition, decoder.scalars)
                } else {
                    placeholders.append(placeholder(decoder, from: decoder.scalars, attributes: childAttributes, position: childPosition))
                }
            } else {
                hasMarkup = true
                if childClosed { child = (childName, [], childPosition, 0) }
            }
        }
    }

    func sameName(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { bytes[a.lowerBound + $0] == bytes[b.lowerBound + $0] }
    }

    /// `xliff:g`, or any element whose local name is `g` (as the resource reader takes them).
    /// The placeholder whose text is what `decoder` decoded since `before` scalars.
    func placeholder(_ decoder: AndroidEscaping.Decoder, from before: Int, attributes: [XMLAttribute], position: SourcePosition) -> AndroidPlaceholder {
        AndroidPlaceholder(id: attributes.first { $0.name == "id" }?.value, example: attributes.first { $0.name == "example" }?.value,
                           text: decoder.text(fromScalar: before), range: before..<decoder.scalars, position: position)
    }

    func isPlaceholder(_ name: Range<Int>) -> Bool {
        (name.count == 1 && bytes[name.lowerBound] == 0x67)
            || (name.count >= 2 && bytes[name.upperBound - 1] == 0x67 && bytes[name.upperBound - 2] == 0x3A)
    }
}
