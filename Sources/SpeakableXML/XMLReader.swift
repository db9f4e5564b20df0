public import SpeakableDiagnostics
import SpeakableEscaping

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
/// It reads only well-formed XML 1.0, judged as a conforming parser (libxml2, expat in
/// `aapt2`) judges it, so that nothing it accepts can make a file those parsers reject when it is
/// written back: characters outside XML's `Char` (C0 controls but tab, line feed and carriage
/// return; U+FFFE, U+FFFF), written or as references (`&#1;`), `--` inside a comment, `]]>` in
/// text, names outside XML's `Name`, a misplaced or malformed XML declaration, a processing
/// instruction named `xml`, and a second `<!DOCTYPE>` are errors with their position. It reads
/// UTF-8 only: a declared encoding other than UTF-8 is an error unless the file is ASCII.
///
/// Diagnostic ids: `xml-syntax`, `xml-mismatched-tag`, `xml-unknown-entity`,
/// `xml-duplicate-attribute`, `xml-invalid-character`, `xml-invalid-utf8`, `xml-unsupported-encoding`,
/// `xml-too-deep`, `xml-too-large`.
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
        if let bad = bytes.withUnsafeBufferPointer(firstDisallowedCharacter) {
            var scanner = Scanner(bytes: bytes, file: file)
            while scanner.index < bad { scanner.advance() }
            return Result(document: nil, diagnostics: [scanner.disallowed(scanner.scalar(at: bad).value, reference: nil, at: scanner.position)])
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
    /// The offset of the first character of well-formed UTF-8 `bytes` that XML 1.0 does not
    /// allow anywhere in a document, not even as a character reference: a C0 control other than
    /// tab, line feed and carriage return, or U+FFFE or U+FFFF (XML's `Char` production; UTF-8
    /// cannot hold surrogates). Nil when there is none.
    ///
    /// ```swift
    /// Array("<a>x\u{1}</a>".utf8).withUnsafeBufferPointer(XMLReader.firstDisallowedCharacter)   // 4
    /// Array("<a>\tx\r\n</a>".utf8).withUnsafeBufferPointer(XMLReader.firstDisallowedCharacter)  // nil
    /// ```
    public static func firstDisallowedCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            // Eight bytes at a time while none is below 0x20 or is 0xEF (U+FFFE and U+FFFF are
            // EF BF BE and EF BF BF).
            while i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                let low: UInt64 = 0x0101_0101_0101_0101
                let high: UInt64 = 0x8080_8080_8080_8080
                let below20 = (word &- 0x20 &* low) & ~word & high
                let ef = word ^ (0xEF &* low)
                if below20 | ((ef &- low) & ~ef & high) != 0 { break }
                i += 8
            }
            let end = min(n, i + 8)
            while i < end {
                let b = bytes[i]
                if b < 0x20 {
                    if b != 0x09 && b != 0x0A && b != 0x0D { return i }
                } else if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE {
                    return i
                }
                i += 1
            }
        }
        return nil
    }

    /// Whether `bytes` are well-formed UTF-8 with no character that XML 1.0 does not allow in a
    /// document: what `UTF8Validation.firstInvalid(bytes) == nil` and
    /// ``firstDisallowedCharacter(_:)`` `== nil` say together, found in one pass.
    ///
    /// ```swift
    /// Array("<a>\tcafé\r\n</a>".utf8).withUnsafeBufferPointer(XMLReader.isAllowedUTF8)   // true
    /// Array("<a>x\u{1}</a>".utf8).withUnsafeBufferPointer(XMLReader.isAllowedUTF8)       // false
    /// ([0x61, 0xC3] as [UInt8]).withUnsafeBufferPointer(XMLReader.isAllowedUTF8)         // false
    /// ```
    public static func isAllowedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Validation.firstRefused(bytes, words: { word in
            // A control among eight ASCII bytes other than a tab, a line feed or a carriage
            // return. (An ASCII byte plus 0x60 reaches the high bit from 0x20 on, and carries
            // into no other byte.)
            let controls = ~(word &+ 0x6060_6060_6060_6060) & 0x8080_8080_8080_8080
            return controls != 0 && controls & ~(equalBytes(word, 0x09) | equalBytes(word, 0x0A) | equalBytes(word, 0x0D)) != 0
        }, scalars: { value in
            // C0 controls but those three, U+FFFE and U+FFFF (surrogates are not UTF-8).
            (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
        }) == nil
    }

    /// The high bit of each byte of `word` (ASCII bytes only) that is `byte`, and of no other.
    @inline(__always)
    static func equalBytes(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// Whether XML 1.0 allows `scalar` in a document (its `Char` production): what a character
    /// reference may name too.
    public static func isCharacter(_ scalar: Unicode.Scalar) -> Bool { XMLEscaping.isCharacter(scalar) }

    /// What ``read(_:file:maximumSize:)`` reports about the XML declaration at the start of
    /// `bytes` (no byte-order mark), or nil when there is none or it is well-formed.
    ///
    /// ```swift
    /// XMLReader.declarationProblem(Array(#"<?xml version="1.0" encoding="utf-8"?><r/>"#.utf8))   // nil
    /// XMLReader.declarationProblem(Array(#"<?xml encoding="utf-8"?><r/>"#.utf8))?.message
    /// // "the XML declaration must start with version=\"1.0\""
    /// ```
    public static func declarationProblem(_ bytes: [UInt8], file: String? = nil) -> Diagnostic? {
        var scanner = Scanner(bytes: bytes, file: file)
        guard scanner.startsWithDeclaration else { return nil }
        guard let end = scanner.find("?>") else { return scanner.error("xml-syntax", "the XML declaration is not closed with ?>") }
        do {
            try scanner.checkDeclaration(end: end)
            return nil
        } catch {
            return error
        }
    }
}

extension XMLReader {
    /// One element of a document, read on its own: the element whose `<` is at byte `offset` of
    /// `bytes`, at `position` in the file, `depth` elements deep (1: a child of the root). Where
    /// the document around it is well-formed, this is the element ``read(_:file:maximumSize:)``
    /// gives, with the same positions, byte ranges and diagnostics (`bytes` as that reader sees
    /// them: valid UTF-8 without a character ``firstDisallowedCharacter(_:)`` finds, no
    /// byte-order mark). `end` is the byte after the element.
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

    /// The scalar whose UTF-8 encoding starts at `offset` (the bytes are well-formed UTF-8).
    func scalar(at offset: Int) -> Unicode.Scalar {
        let b = bytes[offset]
        let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(b) : UInt32(b) & (0x7F >> length)
        for k in 1..<length { value = value << 6 | UInt32(bytes[offset + k] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// A character XML 1.0 does not allow, written (`reference` nil) or as `reference` (`&#1;`).
    func disallowed(_ value: UInt32, reference: String?, at position: SourcePosition) -> Diagnostic {
        let hex = HexDigits.padded(value, width: 4)
        let name = "U+" + hex
        let kind = value < 0x20 ? "the control character " : (0xD800...0xDFFF).contains(value) ? "the surrogate " : "the noncharacter "
        let message = if let reference {
            "'\(reference)' refers to \(kind)\(name), which XML 1.0 does not allow, not even as a reference"
        } else {
            "\(kind)\(name) is not allowed in XML 1.0, not even as a reference"
        }
        let hint = (0xD800...0xDFFF).contains(value) ? "a surrogate is half of a UTF-16 pair: refer to the character itself"
            : value == 0 ? "remove it; an XLIFF 2.0 text can carry it as <cp hex=\"0000\"/> (an Android string cannot hold it at all)"
            : "remove it; an Android string can carry it as \\u\(hex), an XLIFF 2.0 text as <cp hex=\"\(hex)\"/>"
        return Diagnostic(severity: .error, id: "xml-invalid-character", message: message, file: file, position: position, hint: hint)
    }

    static func isSpace(_ b: UInt8) -> Bool { XMLCharacters.isSpace(b) }
    /// A name's first byte: an ASCII name start, or a non-ASCII scalar's (checked as a scalar).
    static func isNameStart(_ b: UInt8) -> Bool { b >= 0x80 || XMLCharacters.isASCIINameStart(b) }
    static func isNameChar(_ b: UInt8) -> Bool { b >= 0x80 || XMLCharacters.isASCIINameChar(b) }

    mutating func skipSpace() {
        while !atEnd, Self.isSpace(current) { advance() }
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    // MARK: Document

    mutating func parseDocument() throws(Diagnostic) -> XMLDocument {
        var declaration: String?
        var prolog: [XMLNode] = []
        if startsWithDeclaration {
            let start = index
            guard let end = find("?>") else { throw error("xml-syntax", "the XML declaration is not closed with ?>") }
            try checkDeclaration(end: end)
            advance(by: end + 2 - index)
            declaration = string(start..<index)
        }
        var doctype: SourcePosition?
        while true {
            skipSpace()
            if atEnd { throw error("xml-syntax", "the document has no root element") }
            if startsWith("<!--") {
                prolog.append(.comment(try parseComment()))
            } else if startsWith("<?") {
                prolog.append(.processingInstruction(try parseProcessingInstruction()))
            } else if startsWith("<!DOCTYPE") {
                if let first = doctype { throw error("xml-syntax", "a second <!DOCTYPE> (the first is at \(first))") }
                doctype = position
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

    /// The XML declaration from ``index`` (at `<?xml`) to its `?>` at `end`, as XML 1.0 writes
    /// it: `version="1.x"`, then optionally `encoding` and `standalone`, in that order. The
    /// encoding must be UTF-8 (what this reader reads), or any name when the file is ASCII (which
    /// reads the same in the encodings parsers know).
    mutating func checkDeclaration(end: Int) throws(Diagnostic) {
        var i = index + 5
        var position = SourcePosition(line: line, column: column + 5)
        func skip() -> Bool {
            let from = i
            while i < end, Self.isSpace(bytes[i]) {
                if bytes[i] == 0x0A || (bytes[i] == 0x0D && bytes[i + 1] != 0x0A) {
                    position = SourcePosition(line: position.line + 1, column: 1)
                } else {
                    position.column += 1
                }
                i += 1
            }
            return i > from
        }
        func fail(_ message: String) -> Diagnostic {
            Diagnostic(severity: .error, id: "xml-syntax", message: message, file: file, position: position,
                       hint: "write <?xml version=\"1.0\" encoding=\"utf-8\"?>")
        }
        // One pseudo-attribute: name, `=`, a quoted value; nil when `name` is not next.
        func pseudo(_ name: String) throws(Diagnostic) -> (value: String, position: SourcePosition)? {
            let saved = (i, position)
            let spaced = skip()
            let utf8 = Array(name.utf8)
            guard spaced, i + utf8.count <= end, Array(bytes[i..<i + utf8.count]) == utf8 else {
                (i, position) = saved
                return nil
            }
            i += utf8.count
            position.column += utf8.count
            _ = skip()
            guard i < end, bytes[i] == 0x3D else { throw fail("expected '=' after '\(name)' in the XML declaration") }
            i += 1
            position.column += 1
            _ = skip()
            guard i < end, bytes[i] == 0x22 || bytes[i] == 0x27 else { throw fail("the value of '\(name)' in the XML declaration must be in quotes") }
            let quote = bytes[i]
            let valueStart = i + 1
            var close = valueStart
            while close < end, bytes[close] != quote { close += 1 }
            guard close < end else { throw fail("the value of '\(name)' in the XML declaration is not closed") }
            let valuePosition = SourcePosition(line: position.line, column: position.column + 1)
            let value = String(decoding: bytes[valueStart..<close], as: UTF8.self)
            position.column += value.unicodeScalars.count + 2
            i = close + 1
            return (value, valuePosition)
        }
        guard let version = try pseudo("version") else { throw fail("the XML declaration must start with version=\"1.0\"") }
        let digits = version.value.utf8.dropFirst(2)
        guard version.value.hasPrefix("1."), !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw Diagnostic(severity: .error, id: "xml-syntax", message: "XML version '\(VisibleText.escape(version.value))' is not 1.x",
                             file: file, position: version.position, hint: "write version=\"1.0\"")
        }
        if let encoding = try pseudo("encoding") {
            let name = encoding.value.utf8
            // [A-Za-z] ([A-Za-z0-9._] | '-')*
            func isLetter(_ b: UInt8) -> Bool { (0x61...0x7A).contains(b | 0x20) }
            guard let first = name.first, isLetter(first),
                  name.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }) else {
                throw fail("'\(VisibleText.escape(encoding.value))' is not an encoding name")
            }
            if encoding.value.lowercased() != "utf-8" && !bytes.allSatisfy({ $0 < 0x80 }) {
                throw Diagnostic(severity: .error, id: "xml-unsupported-encoding",
                                 message: "the file declares encoding '\(encoding.value)', but it is read as UTF-8",
                                 file: file, position: encoding.position, hint: "save it as UTF-8 and declare encoding=\"utf-8\"")
            }
        }
        if let standalone = try pseudo("standalone"), standalone.value != "yes" && standalone.value != "no" {
            throw Diagnostic(severity: .error, id: "xml-syntax", message: "standalone must be 'yes' or 'no'", file: file,
                             position: standalone.position)
        }
        _ = skip()
        guard i == end else { throw fail("unexpected text in the XML declaration; it holds version, encoding and standalone, in that order") }
    }

    /// Whether `<?xml` followed by a space or `?` is at the index (`<?xml-stylesheet` is not one).
    var startsWithDeclaration: Bool { startsWith("<?xml") && (peek(5).map(Self.isSpace) == true || peek(5) == 0x3F) }

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
        // A comment ends at its first `--`, which must be followed by `>`.
        guard let end = find("--") else { throw error("xml-syntax", "the comment is not closed with -->", at: start) }
        guard end + 2 < bytes.count, bytes[end + 2] == 0x3E else {
            advance(by: end - index)
            throw error("xml-syntax", "'--' is not allowed inside a comment", at: position,
                        hint: end + 2 < bytes.count && bytes[end + 2] == 0x2D ? "a comment cannot end with '-' before '-->'" : "write '- -' or a dash (–)")
        }
        let text = string(textStart..<end)
        advance(by: end + 3 - index)
        return XMLText(text: text, position: start, range: startIndex..<index)
    }

    mutating func parseProcessingInstruction() throws(Diagnostic) -> XMLText {
        let start = position
        let startIndex = index
        advance(by: 2)
        let target = try parseName("a processing instruction's name after '<?'")
        if target.lowercased() == "xml" {
            throw error("xml-syntax", target == "xml" ? "the XML declaration <?xml …?> is allowed only at the very start of the file"
                                                      : "'\(target)' is reserved: a processing instruction cannot be named 'xml' in any case",
                        at: start)
        }
        guard startsWith("?>") || (!atEnd && Self.isSpace(current)) else {
            throw error("xml-syntax", "expected a space or '?>' after the processing instruction's name '\(target)'")
        }
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
        let startPosition = position
        var ascii = true
        while !atEnd, Self.isNameChar(current) {
            ascii = ascii && current < 0x80
            advance()
        }
        let name = string(start..<index)
        if !ascii {
            // Bytes from 0x80 up were taken as name characters; the scalars decide.
            var column = startPosition.column
            for (k, scalar) in name.unicodeScalars.enumerated() {
                if !(k == 0 ? XMLEscaping.isNameStart(scalar) : XMLEscaping.isNameCharacter(scalar)) {
                    let shown = VisibleText.escape(String(scalar))
                    throw error("xml-syntax", "'\(shown)' (U+\(HexDigits.padded(scalar.value, width: 1))) cannot \(k == 0 ? "start" : "be part of") an XML name",
                                at: SourcePosition(line: startPosition.line, column: column))
                }
                column += 1
            }
        }
        return name
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
            } else if current == 0x3E, index - startIndex >= 2, bytes[index - 1] == 0x5D, bytes[index - 2] == 0x5D {
                // `]]>` ends a CDATA section and may not appear in text (`]]` is ASCII: two columns back).
                throw error("xml-syntax", "']]>' is not allowed in text", at: SourcePosition(line: line, column: column - 2),
                            hint: "write ]]&gt;")
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
                // `&#` digits `;` or `&#x` hex digits `;`, nothing else (no sign, no `X`).
                let hex = name.hasPrefix("#x")
                let digits = name.utf8.dropFirst(hex ? 2 : 1)
                guard !digits.isEmpty, digits.allSatisfy({ hex ? HexDigits.value(of: $0) != nil : (0x30...0x39).contains($0) }) else {
                    throw error("xml-syntax", "'&\(name);' is not a valid character reference", at: start,
                                hint: "write &#65; or &#x41;")
                }
                var value: UInt32 = 0
                for digit in digits {
                    value = value &* (hex ? 16 : 10) &+ (hex ? HexDigits.value(of: digit)! : UInt32(digit - 0x30))
                    if value > 0x10FFFF { break }
                }
                guard value <= 0x10FFFF else {
                    throw error("xml-invalid-character", "'&\(name);' is past U+10FFFF, the last Unicode code point", at: start)
                }
                guard let scalar = Unicode.Scalar(value), XMLEscaping.isCharacter(scalar) else {
                    throw disallowed(value, reference: "&\(name);", at: start)
                }
                return String(Character(scalar))
            }
            warn(error("xml-unknown-entity", "unknown entity '&\(name);' is kept as written", at: start,
                       hint: "only &amp; &lt; &gt; &quot; &apos; and &#…; are defined"))
            return string(startIndex..<index)
        }
    }
}
