public import SpeakableDiagnostics
import SpeakableEscaping
import SpeakableXML

/// Reads an Android values file (`strings.xml`) into an ``AndroidResourceFile``.
///
/// Strings are decoded the way aapt2 compiles them: XML entities, then Android's escapes (`\'`,
/// `\"`, `\\`, `\n`, `\t`, `\@`, `\?`, `\uXXXX`), double quotes that preserve whitespace, runs of
/// unquoted whitespace collapsed to one space and the ends trimmed, `<xliff:g>` and style tags
/// removed (their text kept).
///
/// Diagnostic ids: the XML reader's (`xml-syntax`…), `android-not-resources`,
/// `android-missing-name`, `android-duplicate-name`, `android-bad-quantity`,
/// `android-duplicate-quantity`, `android-unescaped-apostrophe` (a warning: aapt2 rejects it),
/// `too-many-messages` (``ProjectLimits``).
public enum AndroidResourceReader {
    public struct Result: Sendable {
        public var file: AndroidResourceFile?
        public var diagnostics: [Diagnostic]
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Reads `bytes`; the locale comes from the folder in `file` (`res/values-ko/strings.xml` →
    /// `ko`) unless `locale` is given.
    /// A file with more `<string>` and `<plurals>` than ``ProjectLimits/messagesPerFile`` (of
    /// `limits`) is refused (`too-many-messages`) before any is decoded: a project's template
    /// holds at most as many messages.
    public static func read(_ bytes: [UInt8], file: String, locale: String? = nil, limits: ProjectLimits = .standard) -> Result {
        let xml = XMLReader.read(bytes, file: file)
        var diagnostics = xml.diagnostics
        guard let document = xml.document else { return Result(file: nil, diagnostics: diagnostics) }
        let root = document.root
        guard root.name == "resources" else {
            diagnostics.append(Diagnostic(severity: .error, id: "android-not-resources",
                                          message: "the root element is <\(root.name)>, not <resources>", file: file,
                                          position: root.start, hint: "Android values files start with <resources>"))
            return Result(file: nil, diagnostics: diagnostics)
        }
        let messages = messageCount(root)
        guard messages <= limits.messagesPerFile else {
            diagnostics.append(limits.tooManyMessagesInFile(messages, "strings", file: file, at: root.start))
            return Result(file: nil, diagnostics: diagnostics)
        }
        let folderLocale = locale ?? AndroidQualifiers.localeTag(forValuesFolder: AndroidQualifiers.folderName(of: file) ?? "")
        var result = AndroidResourceFile(file: file, locale: folderLocale,
                                         header: document.raw(0..<root.range.lowerBound),
                                         rootAttributes: root.attributes, resources: [])
        var pendingComments: [XMLText] = []
        var commentStart: Int?
        var seen: [String: SourcePosition] = [:]
        for child in root.children {
            switch child {
            case .comment(let comment):
                if commentStart == nil { commentStart = comment.range.lowerBound }
                pendingComments.append(comment)
            case .text(let text):
                // Only white space between elements is common: ASCII spaces and line breaks first.
                if !text.text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }),
                   text.text.contains(where: { !$0.isWhitespace }) {
                    pendingComments = []
                    commentStart = nil
                }
            case .element(let element):
                var decoder = Decoder(file: file)
                var resource = decoder.resource(element, document: document)
                diagnostics += decoder.diagnostics
                if !pendingComments.isEmpty, let start = commentStart {
                    resource.comment = pendingComments.map { $0.text.trimmingWhitespace() }.joined(separator: "\n")
                    resource.rawComments = document.raw(start..<pendingComments.last!.range.upperBound)
                }
                pendingComments = []
                commentStart = nil
                if resource.kind != .other("skip") && resource.kind != .other("eat-comment") {
                    if resource.name.isEmpty {
                        diagnostics.append(Diagnostic(severity: .error, id: "android-missing-name",
                                                      message: "<\(element.name)> has no name attribute", file: file,
                                                      position: element.start))
                    } else if let first = seen[kindKey(resource) + resource.name] {
                        diagnostics.append(Diagnostic(severity: .error, id: "android-duplicate-name",
                                                      message: "resource '\(resource.name)' is defined twice (first at \(first))",
                                                      file: file, position: resource.namePosition))
                    } else {
                        seen[kindKey(resource) + resource.name] = resource.namePosition
                    }
                }
                result.resources.append(resource)
            case .cdata, .processingInstruction:
                continue
            }
        }
        return Result(file: result, diagnostics: diagnostics)
    }

    /// The `<string>` and `<plurals>` elements of a `<resources>`: the messages they become.
    static func messageCount(_ root: XMLElement) -> Int {
        var count = 0
        for case .element(let element) in root.children where element.name == "string" || element.name == "plurals" { count += 1 }
        return count
    }

    /// One resource element of a `<resources>` as ``read(_:file:locale:)`` reads it, and what it
    /// reports about the element itself (not about its name: a missing or repeated name is the
    /// caller's to find). Its comment is left to the caller.
    static func resource(_ element: XMLElement, document: XMLDocument, file: String) -> (resource: AndroidResource, diagnostics: [Diagnostic]) {
        var decoder = Decoder(file: file)
        let resource = decoder.resource(element, document: document)
        return (resource, decoder.diagnostics)
    }

    static func kindKey(_ resource: AndroidResource) -> String {
        switch resource.kind {
        // R.string, R.plurals and R.array are separate namespaces: `seconds` may be both a string
        // and a plurals resource (DeskClock does this).
        case .string: "string:"
        case .plurals: "plurals:"
        case .stringArray: "array:"
        case .other(let name): name + ":"
        }
    }
}

private struct Decoder {
    let file: String
    var diagnostics: [Diagnostic] = []

    mutating func resource(_ element: XMLElement, document: XMLDocument) -> AndroidResource {
        let kind: AndroidResource.Kind = switch element.name {
        case "string": .string
        case "plurals": .plurals
        case "string-array": .stringArray
        default: .other(element.name)
        }
        let nameAttribute = element.attribute("name")
        var resource = AndroidResource(kind: kind, name: nameAttribute?.value ?? "",
                                       namePosition: nameAttribute?.position ?? element.start, position: element.start,
                                       attributes: element.attributes, rawXML: document.outerXML(of: element))
        switch kind {
        case .string:
            resource.value = string(element, document: document)
        case .plurals, .stringArray:
            var quantities: [String: SourcePosition] = [:]
            for item in element.elements where item.name == "item" {
                var quantity: String?
                if kind == .plurals {
                    let attribute = item.attribute("quantity")
                    quantity = attribute?.value
                    let valid = ["zero", "one", "two", "few", "many", "other"]
                    if let q = quantity, !valid.contains(q) {
                        diagnostics.append(Diagnostic(severity: .error, id: "android-bad-quantity",
                                                      message: "quantity '\(q)' is not one of zero, one, two, few, many, other",
                                                      file: file, position: attribute?.valuePosition ?? item.start))
                    } else if quantity == nil {
                        diagnostics.append(Diagnostic(severity: .error, id: "android-bad-quantity",
                                                      message: "a plurals <item> needs quantity=\"…\"", file: file,
                                                      position: item.start))
                        quantity = "other"
                    } else if let q = quantity, let first = quantities[q] {
                        diagnostics.append(Diagnostic(severity: .error, id: "android-duplicate-quantity",
                                                      message: "quantity '\(q)' is given twice (first at \(first))", file: file,
                                                      position: attribute?.valuePosition ?? item.start))
                    }
                    if let q = quantity, quantities[q] == nil { quantities[q] = item.start }
                }
                resource.items.append(AndroidItem(quantity: quantity, value: string(item, document: document), position: item.start))
            }
        case .other:
            break
        }
        return resource
    }

    mutating func string(_ element: XMLElement, document: XMLDocument) -> AndroidString {
        // aapt2 reads a string with style markup (any element but <xliff:g>) text node by text
        // node: white space collapses within a node, not across an element, and is not trimmed
        // at the ends ("x <b> y</b>" is "x  y"); a string without it is one text ("x  <xliff:g>
        // y</xliff:g>" is "x y"), trimmed.
        var decoder = AndroidEscaping.Decoder(styled: Self.isStyled(element.children))
        var placeholders: [AndroidPlaceholder] = []
        var hasMarkup = false
        var spans: [AndroidSpan] = []
        walk(element.children, decoder: &decoder, placeholders: &placeholders, hasMarkup: &hasMarkup, spans: &spans)
        if decoder.styled { decoder.flushSpace() }
        return AndroidString(text: decoder.text, rawXML: document.innerXML(of: element),
                             position: element.contentStart, placeholders: placeholders, hasMarkup: hasMarkup, spans: spans)
    }

    /// Whether `nodes` hold an element other than a placeholder (`<xliff:g>`), at any depth.
    static func isStyled(_ nodes: [XMLNode]) -> Bool {
        nodes.contains { node in
            guard case .element(let child) = node else { return false }
            return !(child.name == "xliff:g" || child.localName == "g") || isStyled(child.children)
        }
    }

    mutating func walk(_ nodes: [XMLNode], decoder: inout AndroidEscaping.Decoder, placeholders: inout [AndroidPlaceholder],
                       hasMarkup: inout Bool, spans: inout [AndroidSpan]) {
        for node in nodes {
            switch node {
            case .text(let text), .cdata(let text):
                var content = text.text
                let apostrophes = content.withUTF8 { decoder.decode($0) }
                for _ in 0..<apostrophes {
                    diagnostics.append(Diagnostic(severity: .warning, id: "android-unescaped-apostrophe",
                                                  message: "an apostrophe must be escaped as \\' (aapt2 rejects it) or the string quoted",
                                                  file: file, position: text.position))
                }
            case .element(let child):
                // In a styled string, white space before an element's edge is written there.
                if decoder.styled { decoder.flushSpace() }
                // A pending space is written before the element's first character: outside it.
                let before = decoder.scalars + (decoder.pendingSpace ? 1 : 0)
                let index = spans.count
                spans.append(AndroidSpan(open: "<" + child.name + child.attributes.map { " " + $0.name + "=\"" + XMLEscaping.attribute($0.value) + "\"" }.joined() + ">",
                                         close: "</" + child.name + ">", range: before..<before))
                if child.name == "xliff:g" || child.localName == "g" {
                    let start = decoder.scalars
                    walk(child.children, decoder: &decoder, placeholders: &placeholders, hasMarkup: &hasMarkup, spans: &spans)
                    let decoded = decoder.text(fromScalar: min(start, decoder.scalars))
                    placeholders.append(AndroidPlaceholder(id: child["id"], example: child["example"], text: decoded,
                                                           range: start..<decoder.scalars, position: child.start))
                } else {
                    hasMarkup = true
                    walk(child.children, decoder: &decoder, placeholders: &placeholders, hasMarkup: &hasMarkup, spans: &spans)
                }
                if decoder.styled { decoder.flushSpace() }
                spans[index].range = min(before, decoder.scalars)..<decoder.scalars
            case .comment, .processingInstruction:
                continue
            }
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var out = ""
        out.unicodeScalars.append(contentsOf: scalars[first...last])
        return out
    }
}
