public import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableXML

/// An XLIFF document — version 2.0 (what `speakable compile` writes for translators) or 1.2
/// (what Xcode exports) — with positions.
///
/// ```swift
/// let document = XLIFFReader.read(bytes, file: "ko.xliff").document!
/// document.version                      // "2.0"
/// document.targetLanguage               // "ko"
/// let unit = document.files[0].units[0]
/// unit.id                               // "sudoku.cell.label"
/// unit.target?.text                     // "{row}행 {column}열, …"
/// unit.state                            // "translated"
/// ```
public struct XLIFFDocument: Sendable {
    public var version: String
    public var sourceLanguage: String
    public var targetLanguage: String?
    public var files: [XLIFFFile]

    public init(version: String = "2.0", sourceLanguage: String, targetLanguage: String?, files: [XLIFFFile]) {
        self.version = version
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.files = files
    }
}

/// `<file>`: in 2.0 its `id`; in 1.2 its `original` (e.g. `Localizable.xcstrings`).
public struct XLIFFFile: Sendable {
    public var id: String
    public var original: String?
    /// 1.2 only: a file may name its own languages.
    public var sourceLanguage: String?
    public var targetLanguage: String?
    public var position: SourcePosition
    public var units: [XLIFFUnit]

    public init(id: String, original: String? = nil, sourceLanguage: String? = nil, targetLanguage: String? = nil,
                position: SourcePosition = SourcePosition(line: 1, column: 1), units: [XLIFFUnit]) {
        self.id = id
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.position = position
        self.units = units
    }
}

/// `<unit>` (2.0) or `<trans-unit>` (1.2).
public struct XLIFFUnit: Sendable {
    public var id: String
    public var position: SourcePosition
    public var source: XLIFFText?
    public var target: XLIFFText?
    /// 2.0 `<segment state>` (`initial`, `translated`, `reviewed`, `final`); 1.2 `<target state>`.
    public var state: String?
    /// 2.0 `<segment subState>`: a tool's own state (`xcode:needs_review`).
    public var subState: String?
    /// `translate="no"` on the unit: the text stays as it is in every language.
    public var translate = true
    public var notes: [XLIFFNote]

    public init(id: String, position: SourcePosition = SourcePosition(line: 1, column: 1), source: XLIFFText?,
                target: XLIFFText?, state: String?, notes: [XLIFFNote] = []) {
        self.id = id
        self.position = position
        self.source = source
        self.target = target
        self.state = state
        self.notes = notes
    }
}

public struct XLIFFText: Hashable, Sendable {
    public var text: String
    public var position: SourcePosition

    public init(_ text: String, position: SourcePosition = SourcePosition(line: 1, column: 1)) {
        self.text = text
        self.position = position
    }
}

/// `<note category="…" appliesTo="…">` (2.0) or `<note from="…">` (1.2).
public struct XLIFFNote: Hashable, Sendable {
    public var category: String?
    public var appliesTo: String?
    public var text: String

    public init(category: String? = nil, appliesTo: String? = nil, text: String) {
        self.category = category
        self.appliesTo = appliesTo
        self.text = text
    }
}

/// Reads XLIFF 2.0 and 1.2.
///
/// Diagnostic ids: the XML reader's, `xliff-not-xliff`, `xliff-unsupported-version`,
/// `xliff-missing-id`, `xliff-inline-markup` (a warning: inline elements such as `<ph>` are read
/// as their text).
public enum XLIFFReader {
    public struct Result: Sendable {
        public var document: XLIFFDocument?
        public var diagnostics: [Diagnostic]
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public static func read(_ bytes: [UInt8], file: String) -> Result {
        let xml = XMLReader.read(bytes, file: file)
        var diagnostics = xml.diagnostics
        guard let root = xml.document?.root else { return Result(document: nil, diagnostics: diagnostics) }
        guard root.localName == "xliff" else {
            diagnostics.append(Diagnostic(severity: .error, id: "xliff-not-xliff", message: "the root element is <\(root.name)>, not <xliff>",
                                          file: file, position: root.start))
            return Result(document: nil, diagnostics: diagnostics)
        }
        let version = root["version"] ?? ""
        var reader = Reader(file: file)
        let document: XLIFFDocument?
        switch version {
        case "2.0", "2.1", "2.2":
            document = reader.version2(root)
        case "1.2", "1.1", "1.0":
            document = reader.version1(root)
        default:
            reader.diagnostics.append(Diagnostic(severity: .error, id: "xliff-unsupported-version",
                                                 message: "XLIFF version '\(version)' is not supported (2.0 and 1.2 are)",
                                                 file: file, position: root.attribute("version")?.valuePosition ?? root.start))
            document = nil
        }
        return Result(document: document, diagnostics: diagnostics + reader.diagnostics)
    }
}

private struct Reader {
    let file: String
    var diagnostics: [Diagnostic] = []

    mutating func text(_ element: XMLElement) -> XLIFFText {
        if let other = element.elements.first(where: { $0.localName != "mrk" && $0.localName != "cp" }) {
            diagnostics.append(Diagnostic(severity: .warning, id: "xliff-inline-markup",
                                          message: "inline elements in <\(element.localName)> are read as their text",
                                          file: file, position: other.start))
        }
        guard element.elements.contains(where: { $0.localName == "cp" }) else { return XLIFFText(element.text, position: element.contentStart) }
        return XLIFFText(textWithCodePoints(element), position: element.contentStart)
    }

    /// The text of `element` with each `<cp hex="…"/>` (XLIFF 2.0's code point for characters XML
    /// cannot carry) as its character.
    mutating func textWithCodePoints(_ element: XMLElement) -> String {
        var out = ""
        for child in element.children {
            switch child {
            case .text(let t), .cdata(let t): out += t.text
            case .element(let inner) where inner.localName == "cp":
                if let hex = inner["hex"], let scalar = XLIFFEscaping.codePoint(hex: hex) {
                    out.unicodeScalars.append(scalar)
                } else {
                    diagnostics.append(Diagnostic(severity: .error, id: "xliff-bad-code-point",
                                                  message: "<cp> needs hex=\"…\" with a Unicode code point in hexadecimal",
                                                  file: file, position: inner.start))
                }
            case .element(let inner): out += textWithCodePoints(inner)
            case .comment, .processingInstruction: continue
            }
        }
        return out
    }

    mutating func id(_ element: XMLElement) -> String? {
        guard let id = element["id"], !id.isEmpty else {
            diagnostics.append(Diagnostic(severity: .error, id: "xliff-missing-id", message: "<\(element.localName)> has no id",
                                          file: file, position: element.start))
            return nil
        }
        return id
    }

    mutating func version2(_ root: XMLElement) -> XLIFFDocument {
        var document = XLIFFDocument(version: root["version"] ?? "2.0", sourceLanguage: root["srcLang"] ?? "",
                                     targetLanguage: root["trgLang"], files: [])
        for fileElement in root.elements where fileElement.localName == "file" {
            var file = XLIFFFile(id: fileElement["id"] ?? "", original: fileElement["original"], position: fileElement.start, units: [])
            collectUnits2(fileElement, into: &file.units)
            document.files.append(file)
        }
        return document
    }

    /// Units may sit inside `<group>`s.
    mutating func collectUnits2(_ parent: XMLElement, into units: inout [XLIFFUnit]) {
        for element in parent.elements {
            switch element.localName {
            case "group":
                collectUnits2(element, into: &units)
            case "unit":
                guard let id = id(element) else { continue }
                var unit = XLIFFUnit(id: id, position: element.start, source: nil, target: nil, state: nil)
                unit.translate = element["translate"] != "no"
                for child in element.elements {
                    switch child.localName {
                    case "notes":
                        for note in child.elements where note.localName == "note" {
                            unit.notes.append(XLIFFNote(category: note["category"], appliesTo: note["appliesTo"], text: note.text))
                        }
                    case "segment", "ignorable":
                        if child.localName == "segment", let state = child["state"] { unit.state = state }
                        if child.localName == "segment", let subState = child["subState"] { unit.subState = subState }
                        for part in child.elements {
                            if part.localName == "source" {
                                let t = text(part)
                                unit.source = unit.source.map { XLIFFText($0.text + t.text, position: $0.position) } ?? t
                            } else if part.localName == "target" {
                                let t = text(part)
                                unit.target = unit.target.map { XLIFFText($0.text + t.text, position: $0.position) } ?? t
                            }
                        }
                    default:
                        continue
                    }
                }
                units.append(unit)
            default:
                continue
            }
        }
    }

    mutating func version1(_ root: XMLElement) -> XLIFFDocument {
        var document = XLIFFDocument(version: root["version"] ?? "1.2", sourceLanguage: "", targetLanguage: nil, files: [])
        for fileElement in root.elements where fileElement.localName == "file" {
            var file = XLIFFFile(id: fileElement["original"] ?? "", original: fileElement["original"],
                                 sourceLanguage: fileElement["source-language"], targetLanguage: fileElement["target-language"],
                                 position: fileElement.start, units: [])
            if document.sourceLanguage.isEmpty { document.sourceLanguage = file.sourceLanguage ?? "" }
            if document.targetLanguage == nil { document.targetLanguage = file.targetLanguage }
            for body in fileElement.elements where body.localName == "body" {
                collectUnits1(body, into: &file.units)
            }
            document.files.append(file)
        }
        return document
    }

    mutating func collectUnits1(_ parent: XMLElement, into units: inout [XLIFFUnit]) {
        for element in parent.elements {
            switch element.localName {
            case "group":
                collectUnits1(element, into: &units)
            case "trans-unit":
                guard let id = id(element) else { continue }
                var unit = XLIFFUnit(id: id, position: element.start, source: nil, target: nil, state: nil)
                unit.translate = element["translate"] != "no"
                for child in element.elements {
                    switch child.localName {
                    case "source": unit.source = text(child)
                    case "target":
                        unit.target = text(child)
                        unit.state = child["state"]
                    case "note": unit.notes.append(XLIFFNote(category: child["from"], text: child.text))
                    default: continue
                    }
                }
                units.append(unit)
            default:
                continue
            }
        }
    }
}

/// Writes XLIFF 2.0 (one target language per document), two-space indented, notes before the
/// segment, `xml:space="preserve"` on every unit so translators' tools keep spaces.
///
/// ```swift
/// let document = XLIFFDocument(sourceLanguage: "en", targetLanguage: "ko", files: [
///     XLIFFFile(id: "game", units: [XLIFFUnit(id: "coins", source: XLIFFText("{n} O'Coins"), target: nil, state: "initial")])
/// ])
/// XLIFFWriter.text(document)
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">
/// //   <file id="game">
/// //     <unit id="coins" xml:space="preserve">
/// //       <segment state="initial">
/// //         <source>{n} O'Coins</source>
/// //       </segment>
/// //     </unit>
/// //   </file>
/// // </xliff>
/// ```
public enum XLIFFWriter {
    public static func text(_ document: XLIFFDocument, header: String? = nil) -> String {
        var writer = XLIFFStreamWriter(sourceLanguage: document.sourceLanguage, targetLanguage: document.targetLanguage, header: header,
                                       capacity: document.files.reduce(512) { $0 + $1.units.count * 512 })
        for file in document.files {
            writer.openFile(id: file.id, original: file.original)
            for unit in file.units {
                writer.openUnit(id: unit.id, translate: unit.translate)
                for note in unit.notes { writer.note(category: note.category, appliesTo: note.appliesTo, text: note.text) }
                writer.closeUnit(state: unit.state, subState: unit.subState, source: unit.source?.text ?? "", target: unit.target?.text)
            }
            writer.closeFile()
        }
        return writer.text()
    }
}

/// Writes an XLIFF 2.0 document piece by piece into one UTF-8 buffer: exactly what
/// ``XLIFFWriter/text(_:header:)`` writes for the same document, without building the document
/// first. Calls come in document order: ``openFile(id:original:)``, for each unit
/// ``openUnit(id:translate:)``, its notes, ``closeUnit(state:subState:source:target:)``, then
/// ``closeFile()``, and ``text()`` at the end.
///
/// ```swift
/// var writer = XLIFFStreamWriter(sourceLanguage: "en", targetLanguage: "ko")
/// writer.openFile(id: "game", original: nil)
/// writer.openUnit(id: "coins")
/// writer.note(category: "comment", text: "Coins in the shop")
/// writer.closeUnit(state: "initial", subState: nil, source: "{n} O'Coins", target: nil)
/// writer.closeFile()
/// writer.text()
/// // <?xml version="1.0" encoding="UTF-8"?>
/// // <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">
/// //   <file id="game">
/// //     <unit id="coins" xml:space="preserve">
/// //       <notes>
/// //         <note category="comment">Coins in the shop</note>
/// //       </notes>
/// //       <segment state="initial">
/// //         <source>{n} O'Coins</source>
/// //       </segment>
/// //     </unit>
/// //   </file>
/// // </xliff>
/// ```
public struct XLIFFStreamWriter {
    /// The UTF-8 written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the open unit's `<notes>` is open.
    private var notesOpen = false

    /// Starts a document (the XML declaration, `header` as a comment, `<xliff>`), with room for
    /// `capacity` bytes.
    public init(sourceLanguage: String, targetLanguage: String?, header: String? = nil, capacity: Int = 4_096) {
        bytes.reserveCapacity(capacity)
        put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        if let header {
            put("<!-- ")
            bytes.append(contentsOf: XMLEscaping.comment(header).utf8)
            put(" -->\n")
        }
        put("<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"")
        XMLEscaping.appendAttribute(sourceLanguage, to: &bytes)
        put("\"")
        attribute(" trgLang=\"", targetLanguage)
        put(">\n")
    }

    /// `<file id="…" original="…">`.
    public mutating func openFile(id: String, original: String?) {
        put("  <file id=\"")
        XMLEscaping.appendAttribute(id, to: &bytes)
        put("\"")
        attribute(" original=\"", original)
        put(">\n")
    }

    public mutating func closeFile() {
        put("  </file>\n")
    }

    /// `<unit id="…">`; `translate: false` writes `translate="no"`.
    public mutating func openUnit(id: String, translate: Bool = true) {
        Self.appendUnitOpening(id: id, translate: translate, to: &bytes)
        notesOpen = false
    }

    /// A unit's opening as ``appendUnitOpening(id:translate:to:)`` wrote it (once for many
    /// documents).
    public mutating func openUnit(markup: ArraySlice<UInt8>) {
        markup.withUnsafeBufferPointer { markup in bytes.appendUTF8(count: markup.count) { $0.put(markup) } }
        notesOpen = false
    }

    /// Appends what ``openUnit(id:translate:)`` writes to `out`.
    public static func appendUnitOpening(id: String, translate: Bool, to out: inout [UInt8]) {
        var id = id
        id.withUTF8 { id in
            let opening: StaticString = "    <unit id=\""
            let end: StaticString = translate ? "\" xml:space=\"preserve\">\n" : "\" translate=\"no\" xml:space=\"preserve\">\n"
            let size = XMLEscaping.escapedSize(id, attribute: true)
            out.appendUTF8(count: opening.utf8CodeUnitCount + size.count + end.utf8CodeUnitCount) { cursor in
                cursor.put(opening)
                XMLEscaping.write(id, attribute: true, plain: size.plain, to: &cursor)
                cursor.put(end)
            }
        }
    }

    /// One `<note>` of the open unit (the first one opens `<notes>`).
    public mutating func note(category: String? = nil, appliesTo: String? = nil, text: String) {
        if Self.appendNote(after: notesOpen ? "" : "      <notes>\n", category: category, appliesTo: appliesTo, text: text, to: &bytes) {
            notesOpen = true
            return
        }
        openNotes()
        Self.appendNote(category: category, appliesTo: appliesTo, text: text, to: &bytes)
    }

    /// Notes of the open unit as ``appendNote(category:appliesTo:text:to:)`` wrote them (notes
    /// written once for many documents); nothing when `markup` is empty.
    public mutating func notes(markup: ArraySlice<UInt8>) {
        guard !markup.isEmpty else { return }
        let opening: StaticString = notesOpen ? "" : "      <notes>\n"
        notesOpen = true
        markup.withUnsafeBufferPointer { markup in
            bytes.appendUTF8(count: opening.utf8CodeUnitCount + markup.count) { cursor in
                cursor.put(opening)
                cursor.put(markup)
            }
        }
    }

    /// Appends one `<note>` line (indented for a unit's `<notes>`) to `out`.
    public static func appendNote(category: String?, appliesTo: String?, text: String, to out: inout [UInt8]) {
        if appendNote(after: "", category: category, appliesTo: appliesTo, text: text, to: &out) { return }
        // A text with a character XML cannot carry: ``XLIFFEscaping/appendNote(_:to:)`` shows it.
        if let category {
            put("        <note category=\"", &out)
            XMLEscaping.appendAttribute(category, to: &out)
            if let appliesTo {
                put("\" appliesTo=\"", &out)
                XMLEscaping.appendAttribute(appliesTo, to: &out)
            }
            put("\">", &out)
        } else if let appliesTo {
            put("        <note appliesTo=\"", &out)
            XMLEscaping.appendAttribute(appliesTo, to: &out)
            put("\">", &out)
        } else {
            put("        <note>", &out)
        }
        XLIFFEscaping.appendNote(text, to: &out)
        put("</note>\n", &out)
    }

    /// `before`, then the `<note>` line of ``appendNote(category:appliesTo:text:to:)``, measured
    /// first and appended at once (a file has a note or more per unit); false, with nothing
    /// appended, when `text` holds a character XML cannot carry.
    static func appendNote(after before: StaticString, category: String?, appliesTo: String?, text: String,
                           to out: inout [UInt8]) -> Bool {
        let hasCategoryValue = category != nil
        let hasAppliesToValue = appliesTo != nil
        var text = text
        var category = category ?? ""
        var appliesTo = appliesTo ?? ""
        return text.withUTF8 { text in
            let textSize = XMLEscaping.escapedSize(text, attribute: false)
            guard !textSize.nonCharacter else { return false }
            return category.withUTF8 { categoryBytes in
                appliesTo.withUTF8 { appliesToBytes in
                    let categorySize = XMLEscaping.escapedSize(categoryBytes, attribute: true)
                    let appliesToSize = XMLEscaping.escapedSize(appliesToBytes, attribute: true)
                    let head: StaticString = "        <note"
                    let categoryOpening: StaticString = " category=\""
                    let appliesToOpening: StaticString = " appliesTo=\""
                    let tail: StaticString = "</note>\n"
                    var count = before.utf8CodeUnitCount + head.utf8CodeUnitCount + 1 + textSize.count + tail.utf8CodeUnitCount
                    if hasCategoryValue { count += categoryOpening.utf8CodeUnitCount + categorySize.count + 1 }
                    if hasAppliesToValue { count += appliesToOpening.utf8CodeUnitCount + appliesToSize.count + 1 }
                    out.appendUTF8(count: count) { cursor in
                        cursor.put(before)
                        cursor.put(head)
                        if hasCategoryValue {
                            cursor.put(categoryOpening)
                            XMLEscaping.write(categoryBytes, attribute: true, plain: categorySize.plain, to: &cursor)
                            cursor.put(0x22)
                        }
                        if hasAppliesToValue {
                            cursor.put(appliesToOpening)
                            XMLEscaping.write(appliesToBytes, attribute: true, plain: appliesToSize.plain, to: &cursor)
                            cursor.put(0x22)
                        }
                        cursor.put(0x3E)
                        XMLEscaping.write(text, attribute: false, plain: textSize.plain, to: &cursor)
                        cursor.put(tail)
                    }
                    return true
                }
            }
        }
    }

    /// The unit's `<segment>` with its source and target, and the end of the unit.
    public mutating func closeUnit(state: String?, subState: String?, source: String, target: String?) {
        openSegment(state: state, subState: subState)
        XLIFFEscaping.appendSegment(source, to: &bytes)
        closeSegment(target: target)
    }

    /// ``closeUnit(state:subState:source:target:)`` with the source already escaped by
    /// ``XLIFFEscaping/appendSegment(_:to:)`` (once for many documents).
    public mutating func closeUnit(state: String?, subState: String?, sourceMarkup: ArraySlice<UInt8>, target: String?) {
        if let opening = Self.segmentOpening(state: state, subState: subState),
           closeUnit(opening: opening, sourceMarkup: sourceMarkup, target: target) {
            return
        }
        openSegment(state: state, subState: subState)
        bytes.append(contentsOf: sourceMarkup)
        closeSegment(target: target)
    }

    /// ``closeUnit(state:subState:sourceMarkup:target:)`` with the segment's `opening` (up to the
    /// source text), measured first and appended at once; false, with nothing appended, when
    /// `target` holds a character XML cannot carry.
    private mutating func closeUnit(opening: StaticString, sourceMarkup: ArraySlice<UInt8>, target: String?) -> Bool {
        let notesEnd: StaticString = notesOpen ? "      </notes>\n" : ""
        let hasTarget = target != nil
        var target = target ?? ""
        let written = target.withUTF8 { targetBytes in
            let targetSize = XMLEscaping.escapedSize(targetBytes, attribute: false)
            guard !targetSize.nonCharacter else { return false }
            let middle: StaticString = hasTarget ? "</source>\n        <target>" : ""
            let end: StaticString = hasTarget ? "</target>\n      </segment>\n    </unit>\n" : "</source>\n      </segment>\n    </unit>\n"
            sourceMarkup.withUnsafeBufferPointer { source in
                let count = notesEnd.utf8CodeUnitCount + opening.utf8CodeUnitCount + source.count + middle.utf8CodeUnitCount
                    + targetSize.count + end.utf8CodeUnitCount
                bytes.appendUTF8(count: count) { cursor in
                    cursor.put(notesEnd)
                    cursor.put(opening)
                    cursor.put(source)
                    cursor.put(middle)
                    XMLEscaping.write(targetBytes, attribute: false, plain: targetSize.plain, to: &cursor)
                    cursor.put(end)
                }
            }
            return true
        }
        if written { notesOpen = false }
        return written
    }

    /// The segment's opening up to the source text for the states of nearly every unit, as one
    /// literal; nil for any other state.
    private static func segmentOpening(state: String?, subState: String?) -> StaticString? {
        guard subState == nil, let state else { return nil }
        if state == "translated" { return "      <segment state=\"translated\">\n        <source>" }
        if state == "initial" { return "      <segment state=\"initial\">\n        <source>" }
        return nil
    }

    /// Up to the source text.
    private mutating func openSegment(state: String?, subState: String?) {
        if notesOpen { put("      </notes>\n") }
        notesOpen = false
        // The states of nearly every unit in one append; any other as attributes.
        if let opening = Self.segmentOpening(state: state, subState: subState) {
            put(opening)
            return
        }
        put("      <segment")
        attribute(" state=\"", state)
        attribute(" subState=\"", subState)
        put(">\n        <source>")
    }

    /// From the end of the source text.
    private mutating func closeSegment(target: String?) {
        if let target {
            put("</source>\n        <target>")
            XLIFFEscaping.appendSegment(target, to: &bytes)
            put("</target>\n      </segment>\n    </unit>\n")
        } else {
            put("</source>\n      </segment>\n    </unit>\n")
        }
    }

    /// Ends the document and returns it.
    public mutating func text() -> String {
        let bytes = finish()
        // Valid UTF-8 by construction: literals, and Swift strings copied whole or escaped
        // character by character. Not validated again (a scan of every byte of a large file).
        return bytes.withUnsafeBufferPointer { buffer in
            String(copying: unsafe UTF8Span(unchecked: buffer.span, isKnownASCII: false))
        }
    }

    /// Ends the document and returns its UTF-8 (valid by construction), handing over the
    /// writer's buffer without a copy; the writer is left empty.
    public mutating func finish() -> [UInt8] {
        put("</xliff>\n")
        var result: [UInt8] = []
        swap(&result, &bytes)
        return result
    }

    private mutating func openNotes() {
        if !notesOpen {
            put("      <notes>\n")
            notesOpen = true
        }
    }

    @inline(__always)
    private mutating func put(_ literal: StaticString) {
        Self.put(literal, &bytes)
    }

    @inline(__always)
    private mutating func attribute(_ opening: StaticString, _ value: String?) {
        Self.attribute(opening, value, &bytes)
    }

    @inline(__always)
    static func put(_ literal: StaticString, _ out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// `opening` (` name="`), `value` escaped and the closing quote — nothing when `value` is nil.
    @inline(__always)
    static func attribute(_ opening: StaticString, _ value: String?, _ out: inout [UInt8]) {
        guard let value else { return }
        put(opening, &out)
        XMLEscaping.appendAttribute(value, to: &out)
        put("\"", &out)
    }
}

extension XLIFFDocument {
    /// Xcode's XLIFF 1.2 export as ``PlatformMessage``s: units `key`, `key|==|plural.one`,
    /// `key|==|substitutions.name.plural.other`, `key|==|device.iphone` grouped by key, per file.
    /// `useTarget` picks `<target>` (the translation) over `<source>`; units without a target
    /// are left out then.
    public func xcodeMessages(useTarget: Bool, file documentPath: String) -> [(file: XLIFFFile, messages: [PlatformMessage])] {
        files.map { file in
            var order: [String] = []
            var grouped: [String: PlatformMessage] = [:]
            let locale = (useTarget ? (file.targetLanguage ?? targetLanguage) : (file.sourceLanguage ?? sourceLanguage)) ?? ""
            for unit in file.units {
                let parts = unit.id.split(separator: "|==|", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(parts[0])
                let path = parts.count > 1 ? String(parts[1]) : ""
                guard let text = useTarget ? unit.target : unit.source else { continue }
                if grouped[key] == nil {
                    order.append(key)
                    grouped[key] = PlatformMessage(key: key, keyPosition: unit.position, locale: locale, file: documentPath, forms: [],
                                                   comment: unit.notes.first?.text, isTranslatable: unit.translate)
                }
                grouped[key]!.forms.append(PlatformForm(path: path, value: text.text, position: text.position,
                                                        state: useTarget ? unit.state : nil))
            }
            return (file, order.map { grouped[$0]! })
        }
    }
}
