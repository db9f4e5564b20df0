public import SpeakableDiagnostics

/// A parsed XML document that remembers where everything was written.
///
/// Positions are 1-based lines and columns counted in Unicode scalars (as everywhere in
/// Speakable). Byte ranges are offsets into ``source`` (UTF-8), so a reader can hand back the
/// exact text of an element — for example, to write an Android string back unchanged.
///
/// ```swift
/// let result = XMLReader.read(#"<resources><string name="ok">OK</string></resources>"#)
/// let string = result.document!.root.elements[0]
/// string.name                 // "string"
/// string["name"]              // "ok"
/// string.text                 // "OK"
/// string.start                // 1:12
/// ```
public struct XMLDocument: Sendable {
    /// The document's UTF-8 bytes (a leading byte-order mark removed).
    public let source: [UInt8]
    /// The `<?xml …?>` declaration as written, if there is one.
    public var declaration: String?
    /// Comments and processing instructions before the root element (a licence header, say).
    public var prolog: [XMLNode]
    public var root: XMLElement

    public init(source: [UInt8], declaration: String?, prolog: [XMLNode], root: XMLElement) {
        self.source = source
        self.declaration = declaration
        self.prolog = prolog
        self.root = root
    }

    /// The source text of a byte range, as written (entities not decoded).
    public func raw(_ range: Range<Int>) -> String {
        String(decoding: source[range], as: UTF8.self)
    }

    /// The markup inside `element` exactly as written: `Hello <xliff:g id="n">%1$s</xliff:g>`.
    public func innerXML(of element: XMLElement) -> String { raw(element.contentRange) }

    /// The markup of `element` itself, from `<` to the end of its closing tag.
    public func outerXML(of element: XMLElement) -> String { raw(element.range) }
}

/// One attribute, `name="value"`, with the value's entities decoded.
public struct XMLAttribute: Hashable, Sendable {
    /// The qualified name as written (`name`, `tools:ignore`, `xml:space`).
    public var name: String
    public var value: String
    /// Where the name starts.
    public var position: SourcePosition
    /// Where the value starts (just after the opening quote).
    public var valuePosition: SourcePosition

    public init(name: String, value: String, position: SourcePosition, valuePosition: SourcePosition) {
        self.name = name
        self.value = value
        self.position = position
        self.valuePosition = valuePosition
    }
}

/// An element with its attributes and children in document order.
public struct XMLElement: Hashable, Sendable {
    /// The qualified name as written (`string`, `xliff:g`).
    public var name: String
    public var attributes: [XMLAttribute]
    public var children: [XMLNode]
    /// Where the start tag's `<` is.
    public var start: SourcePosition
    /// Where the content starts (just after the start tag's `>`); for `<a/>`, where the tag ends.
    public var contentStart: SourcePosition
    /// Bytes of the content, between the start tag and the end tag (empty for `<a/>`).
    public var contentRange: Range<Int>
    /// Bytes of the whole element.
    public var range: Range<Int>

    public init(name: String, attributes: [XMLAttribute], children: [XMLNode], start: SourcePosition,
                contentStart: SourcePosition, contentRange: Range<Int>, range: Range<Int>) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.start = start
        self.contentStart = contentStart
        self.contentRange = contentRange
        self.range = range
    }

    /// The value of the attribute named `name` (qualified, as written), if present.
    public subscript(name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The attribute named `name`, with its positions.
    public func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }

    /// The child elements, in order.
    public var elements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// The local part of the name: `g` for `xliff:g`.
    public var localName: String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// All text inside, entities decoded, CDATA included, markup and comments left out.
    public var text: String {
        var out = ""
        for child in children {
            switch child {
            case .text(let t): out += t.text
            case .cdata(let t): out += t.text
            case .element(let e): out += e.text
            case .comment, .processingInstruction: break
            }
        }
        return out
    }
}

/// Text, CDATA, a comment or a processing instruction, with where it starts.
public struct XMLText: Hashable, Sendable {
    /// Decoded text (entities resolved; for comments, the text between `<!--` and `-->`).
    public var text: String
    public var position: SourcePosition
    /// Bytes as written.
    public var range: Range<Int>

    public init(text: String, position: SourcePosition, range: Range<Int>) {
        self.text = text
        self.position = position
        self.range = range
    }
}

/// A node of the tree.
public enum XMLNode: Hashable, Sendable {
    case element(XMLElement)
    case text(XMLText)
    case cdata(XMLText)
    case comment(XMLText)
    /// `<?target data?>`; the text is everything between `<?` and `?>`.
    case processingInstruction(XMLText)
}
