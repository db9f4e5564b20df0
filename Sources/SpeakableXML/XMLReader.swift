public import SpeakableDiagnostics

/// Reads XML 1.0 into an ``XMLDocument`` with positions, or a diagnostic saying what is wrong and
/// where.
///
/// It is a non-validating reader for the files Speakable meets — Android resources, XLIFF — and
/// needs no Foundation (so it can live above the ICU wrapper). It decodes the five predefined
/// entities and character references, keeps comments, CDATA and processing instructions, and
/// skips a `<!DOCTYPE>` (entities declared there are not expanded: they are reported).
///
/// ```swift
/// let result = XMLReader.read("<a>\n  <b x='1'/>\n</b>", file: "strings.xml")
/// result.diagnostics[0].rendered
/// // "strings.xml:3:1: error: closing tag </b> does not match <a> opened at 1:1 [xml-mismatched-tag]"
/// ```
///
/// Diagnostic ids: `xml-syntax`, `xml-mismatched-tag`, `xml-unknown-entity`,
/// `xml-duplicate-attribute`, `xml-invalid-utf8`, `xml-too-deep`, `xml-too-large`.
public enum XMLReader {
    /// The deepest element nesting accepted.
    public static let maximumDepth = 256
    /// The largest document accepted, in bytes.
    public static let maximumSize = 64 << 20
    /// Problems read past (unknown entities) reported per document; the rest are counted in one
    /// last note (`xml-more-problems`), so a file of a million `&x;` prints a hundred lines.
    public static let maximumWarnings = 100

    public struct Result: Sendable {
        /// The document, unless a fatal error stopped reading.
        public var document: XMLDocument?
        /// Errors (fatal, then `document` is nil) and problems read past (unknown entities).
        public var diagnostics: [Diagnostic]
    }

    public static func read(_ text: String, file: String? = nil) -> Result {
        read(Array(text.utf8), file: file)
    }

    /// The size limit a read enforces (tests use a small one to check the boundary quickly).
    public static func read(_ bytes: [UInt8], file: String? = nil, maximumSize: Int = XMLReader.maximumSize) -> Result {
        if bytes.count > maximumSize {
            return Result(document: nil, diagnostics: [Diagnostic(
                severity: .error, id: "xml-too-large",
                message: "the file is \(bytes.count) bytes; the limit is \(maximumSize) bytes (\(maximumSize >> 20) MiB)",
                file: file, position: SourcePosition(line: 1, column: 1))])
        }
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let bad = bytes.withUnsafeBufferPointer(UTF8Validation.firstInvalid) {
            var scanner = Scanner(bytes: bytes, file: file)
            while scanner.index < bad { scanner.advance() }
            return Result(document: nil, diagnostics: [Diagnostic(
                severity: .error, id: "xml-invalid-utf8", message: "the file is not valid UTF-8 here",
                file: file, position: scanner.position, hint: "save the file as UTF-8")])
        }
        var scanner = Scanner(bytes: bytes, file: file)
        do {
            let document = try scanner.parseDocument()
            return Result(document: document, diagnostics: scanner.warnings + scanner.moreWarnings())
        } catch {
            return Result(document: nil, diagnostics: scanner.warnings + scanner.moreWarnings() + [error])
        }
    }
}

extension XMLReader {
    /// One element of a document, read on its own: the element whose `<` is at byte `offset` of
    /// `bytes`, at `position` in the file, `depth` elements deep (1: a child of the root). Where
    /// the document around it is well-formed, this is the element ``read(_:file:maximumSize:)``
    /// gives, with the same positions, byte ranges and diagnostics (`bytes` as that reader sees
    /// them: valid UTF-8, no byte-order mark). `end` is the byte after the element.
    ///
    /// For readers that read most of a file themselves and hand the XML reader only what they do
    /// not read (``XMLDocument/outerXML(of:)`` of a document with these `bytes` as its source
    /// gives the element as written).
    ///
    /// ```swift
    /// let bytes = Array("<resources>\n  <b x='1'>text</b>\n</resources>".utf8)
    /// let read = XMLReader.readElement(bytes, at: 14, position: SourcePosition(line: 2, column: 3), depth: 1)
    /// read.element?.name             // "b"
    /// read.element?.contentStart     // 2:12
    /// read.end                       // 31
    /// ```
    public static func readElement(_ bytes: [UInt8], at offset: Int, position: SourcePosition, depth: Int,
                                   file: String? = nil) -> (element: XMLElement?, end: Int, diagnostics: [Diagnostic]) {
        var scanner = Scanner(bytes: bytes, file: file)
        scanner.index = offset
        scanner.line = position.line
        scanner.column = position.column
        scanner.depth = depth - 1
        do {
            let element = try scanner.parseElement()
            return (element, scanner.index, scanner.warnings + scanner.moreWarnings())
        } catch {
            return (nil, scanner.index, scanner.warnings + scanner.moreWarnings() + [error])
        }
    }
}

private struct Scanner {
    let bytes: [UInt8]
    let file: String?
    var index = 0
    var line = 1
    var column = 1
    var warnings: [Diagnostic] = []
    /// Warnings past ``XMLReader/maximumWarnings``, counted only.
    var droppedWarnings = 0
    var depth = 0

    mutating func warn(_ diagnostic: Diagnostic) {
        if warnings.count < XMLReader.maximumWarnings { warnings.append(diagnostic) } else { droppedWarnings += 1 }
    }

    func moreWarnings() -> [Diagnostic] {
        guard droppedWarnings > 0 else { return [] }
        return [Diagnostic(severity: .note, id: "xml-more-problems",
                           message: "and \(droppedWarnings) more problem\(droppedWarnings == 1 ? "" : "s") like these in this file",
                           file: file)]
    }

    init(bytes: [UInt8], file: String?) {
        self.bytes = bytes
        self.file = file
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }
    var atEnd: Bool { index >= bytes.count }
    var current: UInt8 { bytes[index] }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == 0x0A {
            line += 1
            column = 1
        } else if b == 0x0D {
            if peek() != 0x0A {
                line += 1
                column = 1
            }
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count where !atEnd { advance() }
    }

    func startsWith(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let base = text.utf8Start
        for k in 0..<count where bytes[index + k] != base[k] { return false }
        return true
    }

    func error(_ id: String, _ message: String, at position: SourcePosition? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, id: id, message: message, file: file, position: position ?? self.position, hint: hint)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x3A || b >= 0x80
    }
    static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
    }

    mutating func skipSpace() {
        while !atEnd, Self.isSpace(current) { advance() }
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    // MARK: Document

    mutating func parseDocument() throws(Diagnostic) -> XMLDocument {
        var declaration: String?
        var prolog: [XMLNode] = []
        if startsWith("<?xml") && peek(5).map(Self.isSpace) == true {
            let start = index
            guard let end = find("?>") else { throw error("xml-syntax", "the XML declaration is not closed with ?>") }
            advance(by: end + 2 - index)
            declaration = string(start..<index)
        }
        while true {
            skipSpace()
            if atEnd { throw error("xml-syntax", "the document has no root element") }
            if startsWith("<!--") {
                prolog.append(.comment(try parseComment()))
            } else if startsWith("<?") {
                prolog.append(.processingInstruction(try parseProcessingInstruction()))
            } else if startsWith("<!DOCTYPE") {
                try skipDoctype()
            } else if current == 0x3C {
                break
            } else {
                throw error("xml-syntax", "text before the root element")
            }
        }
        let root = try parseElement()
        while true {
            skipSpace()
            if atEnd { break }
            if startsWith("<!--") {
                _ = try parseComment()
            } else if startsWith("<?") {
                _ = try parseProcessingInstruction()
            } else {
                throw error("xml-syntax", "content after the root element </\(root.name)>",
                            hint: "an XML file has exactly one root element")
            }
        }
        return XMLDocument(source: bytes, declaration: declaration, prolog: prolog, root: root)
    }

    func find(_ text: StaticString) -> Int? {
        let count = text.utf8CodeUnitCount
        let base = text.utf8Start
        var i = index
        outer: while i + count <= bytes.count {
            for k in 0..<count where bytes[i + k] != base[k] {
                i += 1
                continue outer
            }
            return i
        }
        return nil
    }

    mutating func parseComment() throws(Diagnostic) -> XMLText {
        let start = position
        let startIndex = index
        advance(by: 4)
        let textStart = index
        guard let end = find("-->") else { throw error("xml-syntax", "the comment is not closed with -->", at: start) }
        let text = string(textStart..<end)
        advance(by: end + 3 - index)
        return XMLText(text: text, position: start, range: startIndex..<index)
    }

    mutating func parseProcessingInstruction() throws(Diagnostic) -> XMLText {
        let start = position
        let startIndex = index
        advance(by: 2)
        guard let end = find("?>") else { throw error("xml-syntax", "the processing instruction is not closed with ?>", at: start) }
        let text = string(startIndex + 2..<end)
        advance(by: end + 2 - index)
        return XMLText(text: text, position: start, range: startIndex..<index)
    }

    /// Skips `<!DOCTYPE …>` with its internal subset: `[` and `]` count only outside quoted
    /// literals and comments (`<!ENTITY x "]>">` does not end it).
    mutating func skipDoctype() throws(Diagnostic) {
        let start = position
        var bracket = 0
        var quote: UInt8?
        while !atEnd {
            if quote == nil && startsWith("<!--") {
                guard let end = find("-->") else { break }
                advance(by: end + 3 - index)
                continue
            }
            let b = current
            advance()
            if let open = quote {
                if b == open { quote = nil }
            } else if b == 0x22 || b == 0x27 {
                quote = b
            } else if b == 0x5B {
                bracket += 1
            } else if b == 0x5D {
                bracket -= 1
            } else if b == 0x3E && bracket <= 0 {
                return
            }
        }
        throw error("xml-syntax", "the <!DOCTYPE> is not closed", at: start)
    }

    // MARK: Elements

    mutating func parseName(_ what: String) throws(Diagnostic) -> String {
        guard !atEnd, Self.isNameStart(current) else { throw error("xml-syntax", "expected \(what)") }
        let start = index
        while !atEnd, Self.isNameChar(current) { advance() }
        return string(start..<index)
    }

    mutating func parseElement() throws(Diagnostic) -> XMLElement {
        let start = position
        let startIndex = index
        depth += 1
        defer { depth -= 1 }
        if depth > XMLReader.maximumDepth {
            throw error("xml-too-deep", "elements nest more than \(XMLReader.maximumDepth) levels deep")
        }
        advance()  // <
        let name = try parseName("an element name after '<'")
        var attributes: [XMLAttribute] = []
        var attributeNames = Set<[UInt8]>()
        while true {
            let hadSpace = !atEnd && Self.isSpace(current)
            skipSpace()
            guard !atEnd else { throw error("xml-syntax", "the start tag <\(name)> is not closed", at: start) }
            if current == 0x3E {  // >
                advance()
                break
            }
            if startsWith("/>") {
                advance(by: 2)
                return XMLElement(name: name, attributes: attributes, children: [], start: start, contentStart: position,
                                  contentRange: index..<index, range: startIndex..<index)
            }
            guard hadSpace else { throw error("xml-syntax", "expected a space, '>' or '/>' in the start tag <\(name)>") }
            let attributePosition = position
            let attributeName = try parseName("an attribute name, '>' or '/>'")
            skipSpace()
            guard !atEnd, current == 0x3D else { throw error("xml-syntax", "attribute '\(attributeName)' needs a value: \(attributeName)=\"…\"") }
            advance()
            skipSpace()
            guard !atEnd, current == 0x22 || current == 0x27 else {
                throw error("xml-syntax", "the value of attribute '\(attributeName)' must be in quotes")
            }
            let quote = current
            advance()
            let valuePosition = position
            var value = ""
            var chunk = index
            while true {
                guard !atEnd else { throw error("xml-syntax", "the value of attribute '\(attributeName)' is not closed", at: valuePosition) }
                let b = current
                if b == quote { break }
                if b == 0x3C { throw error("xml-syntax", "'<' is not allowed in an attribute value; write &lt;") }
                if b == 0x26 {
                    value += string(chunk..<index)
                    value += try parseReference()
                    chunk = index
                    continue
                }
                if b == 0x09 || b == 0x0A || b == 0x0D {
                    // Attribute-value normalization: each whitespace character becomes a space.
                    value += string(chunk..<index)
                    if b == 0x0D && peek(1) == 0x0A { advance() }
                    value += " "
                    advance()
                    chunk = index
                    continue
                }
                advance()
            }
            value += string(chunk..<index)
            advance()  // closing quote
            // A set once there are many: 100,000 attributes must not take 10¹⁰ comparisons.
            // Names are compared by their bytes (XML does not normalize).
            if attributes.count < 16 ? attributes.contains(where: { $0.name.utf8.elementsEqual(attributeName.utf8) })
                : !attributeNames.insert(Array(attributeName.utf8)).inserted {
                throw error("xml-duplicate-attribute", "attribute '\(attributeName)' is given twice in <\(name)>", at: attributePosition)
            }
            if attributes.count == 15 { attributeNames = Set(attributes.map { Array($0.name.utf8) } + [Array(attributeName.utf8)]) }
            attributes.append(XMLAttribute(name: attributeName, value: value, position: attributePosition, valuePosition: valuePosition))
        }
        let contentStart = position
        let contentIndex = index
        var children: [XMLNode] = []
        while true {
            guard !atEnd else {
                throw error("xml-syntax", "<\(name)> opened at \(start) is never closed", at: start, hint: "add </\(name)>")
            }
            if current == 0x3C {
                if startsWith("</") {
                    let endTag = position
                    let contentEnd = index
                    advance(by: 2)
                    let closing = try parseName("an element name after '</'")
                    skipSpace()
                    guard !atEnd, current == 0x3E else { throw error("xml-syntax", "expected '>' to end </\(closing)>") }
                    advance()
                    guard closing == name else {
                        throw error("xml-mismatched-tag", "closing tag </\(closing)> does not match <\(name)> opened at \(start)",
                                    at: endTag)
                    }
                    return XMLElement(name: name, attributes: attributes, children: children, start: start,
                                      contentStart: contentStart, contentRange: contentIndex..<contentEnd, range: startIndex..<index)
                } else if startsWith("<!--") {
                    children.append(.comment(try parseComment()))
                } else if startsWith("<![CDATA[") {
                    let cdataStart = position
                    let cdataIndex = index
                    advance(by: 9)
                    let textStart = index
                    guard let end = find("]]>") else { throw error("xml-syntax", "the CDATA section is not closed with ]]>", at: cdataStart) }
                    let text = string(textStart..<end)
                    advance(by: end + 3 - index)
                    children.append(.cdata(XMLText(text: text, position: cdataStart, range: cdataIndex..<index)))
                } else if startsWith("<?") {
                    children.append(.processingInstruction(try parseProcessingInstruction()))
                } else if startsWith("<!") {
                    throw error("xml-syntax", "unexpected '<!' in the content of <\(name)>")
                } else {
                    children.append(.element(try parseElement()))
                }
            } else {
                children.append(.text(try parseText()))
            }
        }
    }

    mutating func parseText() throws(Diagnostic) -> XMLText {
        let start = position
        let startIndex = index
        var text = ""
        var chunk = index
        while !atEnd, current != 0x3C {
            if current == 0x26 {
                text += string(chunk..<index)
                text += try parseReference()
                chunk = index
            } else if current == 0x0D {
                // End-of-line handling: \r\n and lone \r become \n.
                text += string(chunk..<index)
                text += "\n"
                if peek(1) == 0x0A { advance() }
                advance()
                chunk = index
            } else {
                advance()
            }
        }
        text += string(chunk..<index)
        return XMLText(text: text, position: start, range: startIndex..<index)
    }

    /// `&name;` or `&#…;` at the current index; an unknown entity is reported and kept as written.
    mutating func parseReference() throws(Diagnostic) -> String {
        let start = position
        let startIndex = index
        advance()  // &
        var end = index
        while end < bytes.count, end - index < 32, bytes[end] != 0x3B, !Self.isSpace(bytes[end]), bytes[end] != 0x3C { end += 1 }
        guard end < bytes.count, bytes[end] == 0x3B else {
            throw error("xml-syntax", "'&' must start an entity such as &amp; — write a literal & as &amp;", at: start)
        }
        let name = string(index..<end)
        advance(by: end + 1 - index)
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value: UInt32? = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                if let value, let scalar = Unicode.Scalar(value), value != 0 {
                    return String(Character(scalar))
                }
                throw error("xml-syntax", "'&\(name);' is not a valid character reference", at: start)
            }
            warn(error("xml-unknown-entity", "unknown entity '&\(name);' is kept as written", at: start,
                       hint: "only &amp; &lt; &gt; &quot; &apos; and &#…; are defined"))
            return string(startIndex..<index)
        }
    }
}
