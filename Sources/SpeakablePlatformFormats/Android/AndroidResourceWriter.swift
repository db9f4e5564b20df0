import SpeakableEscaping
import SpeakableXML

/// Writes Android values files (`res/values*/strings.xml`).
///
/// ```swift
/// let xml = AndroidResourceWriter.text([
///     .string(name: "coins", value: "%1$d O'Coins", comment: "The coin balance."),
///     .plurals(name: "stars", items: [("one", "%1$d star"), ("other", "%1$d stars")]),
/// ])
/// // <?xml version="1.0" encoding="utf-8"?>
/// // <resources>
/// //     <!-- The coin balance. -->
/// //     <string name="coins">%1$d O\'Coins</string>
/// //     <plurals name="stars">
/// //         <item quantity="one">%1$d star</item>
/// //         <item quantity="other">%1$d stars</item>
/// //     </plurals>
/// // </resources>
/// ```
public enum AndroidResourceWriter {
    public enum Item: Hashable, Sendable {
        /// A `<string>`; `value` is the text the app should receive (escaped here).
        case string(name: String, value: String, comment: String? = nil, attributes: [(String, String)] = [])
        /// A `<plurals>` with its items in the order given.
        case plurals(name: String, items: [(quantity: String, value: String)], comment: String? = nil,
                     attributes: [(String, String)] = [])
        /// A `<string>` or `<plurals>` whose content is already XML (``styledContent(_:spans:)``):
        /// `items` is one content for a `<string>` (quantity nil) or one per quantity.
        case styled(name: String, items: [(quantity: String?, content: String)], comment: String? = nil,
                    attributes: [(String, String)] = [])
        /// Markup written as it is (a resource kept from an imported file), indented as given.
        case raw(String)
        /// An XML comment on its own line (a section heading).
        case comment(String)

        public static func == (lhs: Item, rhs: Item) -> Bool { lhs.xml == rhs.xml }
        public func hash(into hasher: inout Hasher) { hasher.combine(xml) }

        var xml: String {
            var out: [UInt8] = []
            AndroidResourceWriter.write(self, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The whole file. `preamble` is markup written as it is after the XML declaration (the
    /// comments an imported file had before `<resources>`, such as a license); `header` is a
    /// comment after it (a "generated" notice); namespaces used by `.raw` items (`xliff:`,
    /// `tools:`) are declared on `<resources>`.
    /// `rootAttributes`: written on `<resources>` (an imported file's `tools:ignore`); names
    /// that are not ``isAttributeName(_:)`` are left out.
    /// A comment for a resource: XML-safe (``XMLEscaping/comment(_:)``) and safe in the Javadoc
    /// `aapt2 link --java` copies it into (`R.java`), where `*/` would end the comment and a
    /// `\u` sequence is a Java Unicode escape even in a comment (`\u002a/` ends it too): `*/` is
    /// written `* /`, and a run of backslashes before `u` is made even, so that no `\u` starts an
    /// escape.
    static func resourceComment(_ text: String) -> String {
        let xml = XMLEscaping.comment(text)
        let scalars = Array(xml.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "*", i + 1 < scalars.count, scalars[i + 1] == "/" {
                out.append(contentsOf: "* ".unicodeScalars)
                i += 1
                continue
            }
            if c == "\\" {
                var j = i
                while j < scalars.count, scalars[j] == "\\" { j += 1 }
                let run = j - i
                out.append(contentsOf: String(repeating: "\\", count: j < scalars.count && scalars[j] == "u" && run % 2 == 1 ? run + 1 : run).unicodeScalars)
                i = j
                continue
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    public static func text(_ items: [Item], header: String? = nil, preamble: String = "",
                            rootAttributes: [(name: String, value: String)] = []) -> String {
        String(decoding: bytes(items, header: header, preamble: preamble, rootAttributes: rootAttributes), as: UTF8.self)
    }

    /// ``text(_:header:preamble:rootAttributes:)`` as UTF-8, without making a `String` of it.
    public static func bytes(_ items: [Item], header: String? = nil, preamble: String = "",
                             rootAttributes: [(name: String, value: String)] = []) -> [UInt8] {
        // The size of the markup, with room for some escapes.
        var size = 64
        func commentSize(_ comment: String?) -> Int { comment.map { $0.utf8.count + 16 } ?? 0 }
        for item in items {
            switch item {
            case .raw(let xml):
                size += xml.utf8.count + 1
            case .string(let name, let value, let comment, _):
                size += name.utf8.count + value.utf8.count + commentSize(comment) + 48
            case .plurals(let name, let items, let comment, _):
                size += name.utf8.count + commentSize(comment) + 64
                for item in items { size += item.value.utf8.count + 48 }
            case .styled(let name, let contents, let comment, _):
                size += name.utf8.count + commentSize(comment) + 64
                for item in contents { size += item.content.utf8.count + 48 }
            case .comment(let text):
                size += commentSize(text)
            }
        }
        var resources = Resources(capacity: size + size / 16)
        for item in items { resources.append(item) }
        return file([resources], header: header, preamble: preamble, rootAttributes: rootAttributes)
    }

    /// The whole file of `parts`, in order (``bytes(_:header:preamble:rootAttributes:)`` of
    /// their items): the namespaces any part uses are declared on `<resources>`.
    public static func file(_ parts: [Resources], header: String? = nil, preamble: String = "",
                            rootAttributes: [(name: String, value: String)] = []) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(512 + preamble.utf8.count + (header?.utf8.count ?? 0)) { $0 + $1.bytes.count })
        put("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n", &out)
        if !preamble.isEmpty {
            out.append(contentsOf: preamble.utf8)
            if !preamble.hasSuffix("\n") { out.append(0x0A) }
        }
        if let header {
            put("<!-- ", &out)
            out.append(contentsOf: XMLEscaping.comment(header).utf8)
            put(" -->\n", &out)
        }
        put("<resources", &out)
        if parts.contains(where: \.usesXLIFF) { put(" xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\"", &out) }
        if parts.contains(where: \.usesTools) || rootAttributes.contains(where: { $0.name.hasPrefix("tools:") && isAttributeName($0.name) }) {
            put(" xmlns:tools=\"http://schemas.android.com/tools\"", &out)
        }
        appendAttributes(rootAttributes.map { ($0.name, $0.value) }, to: &out)
        put(">\n", &out)
        for part in parts { out.append(contentsOf: part.bytes) }
        put("</resources>\n", &out)
        return out
    }

    /// Resources written one by one straight into UTF-8, as a values file holds them — what
    /// ``bytes(_:header:preamble:rootAttributes:)`` writes for the same items, without the
    /// items. ``file(_:header:preamble:rootAttributes:)`` puts one or more in a file.
    ///
    /// ```swift
    /// var resources = AndroidResourceWriter.Resources()
    /// resources.string(name: "coins", value: "%1$d O'Coins")
    /// let xml = AndroidResourceWriter.file([resources], header: "Generated.")
    /// ```
    public struct Resources: Sendable {
        /// The markup written so far.
        public private(set) var bytes: [UInt8] = []
        /// Whether a resource uses the `xliff:` namespace (a kept `<xliff:g>`).
        public private(set) var usesXLIFF = false
        /// Whether a resource uses the `tools:` namespace (a `tools:ignore` attribute).
        public private(set) var usesTools = false

        /// No resources yet, with room for `capacity` bytes.
        public init(capacity: Int = 0) {
            bytes.reserveCapacity(capacity)
        }

        /// The bytes written so far (a place to go back to with ``truncate(to:)``).
        public var count: Int { bytes.count }

        /// Drops what was written after `count` (a ``count`` taken earlier, before any resource
        /// that uses a namespace).
        public mutating func truncate(to count: Int) {
            bytes.removeSubrange(count...)
        }

        /// Writes `item`.
        public mutating func append(_ item: Item) {
            switch item {
            case .raw(let xml):
                usesXLIFF = usesXLIFF || AndroidResourceWriter.contains(xml, "<xliff:")
                usesTools = usesTools || AndroidResourceWriter.contains(xml, " tools:")
            case .string(_, _, _, let attributes), .plurals(_, _, _, let attributes):
                noteTools(attributes)
            case .styled(_, let contents, _, let attributes):
                noteTools(attributes)
                usesXLIFF = usesXLIFF || contents.contains { AndroidResourceWriter.contains($0.content, "<xliff:") }
            case .comment:
                break
            }
            write(item, into: &bytes)
        }

        /// Writes a `<string>` (``Item/string(name:value:comment:attributes:)``).
        public mutating func string(name: String, value: String, comment: String? = nil, attributes: [(String, String)] = []) {
            noteTools(attributes)
            writeString(name: name, value: value, comment: comment, attributes: attributes, into: &bytes)
        }

        /// Writes a `<plurals>` of `forms`, in their order (``Item/plurals(name:items:comment:attributes:)``).
        public mutating func plurals(name: String, forms: [CatalogPluralForm], comment: String? = nil, attributes: [(String, String)] = []) {
            noteTools(attributes)
            writePluralsOpening(name: name, comment: comment, attributes: attributes, into: &bytes)
            for (index, form) in forms.enumerated() {
                writeItem(quantity: form.category, value: form.text, last: index == forms.count - 1, into: &bytes)
            }
            if forms.isEmpty { put("    </plurals>\n", &bytes) }
        }

        /// Writes an XML comment on its own line (``Item/comment(_:)``).
        public mutating func comment(_ text: String) {
            put("    <!-- ", &bytes)
            appendResourceComment(text, to: &bytes)
            put(" -->\n", &bytes)
        }

        private mutating func noteTools(_ attributes: [(String, String)]) {
            if !usesTools, !attributes.isEmpty, attributes.contains(where: { $0.0.hasPrefix("tools:") && isAttributeName($0.0) }) {
                usesTools = true
            }
        }
    }

    @inline(__always)
    static func put(_ literal: StaticString, _ out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    static func writeComment(_ comment: String?, into out: inout [UInt8]) {
        guard let comment else { return }
        put("    <!-- ", &out)
        appendResourceComment(comment, to: &out)
        put(" -->\n", &out)
    }

    /// ``resourceComment(_:)`` of `text` appended to `out`: as it is when it is printable ASCII
    /// (or tabs) with nothing to change (``isPlainComment(_:)``).
    static func appendResourceComment(_ text: String, to out: inout [UInt8]) {
        var text = text
        let plain = text.withUTF8 { bytes in
            guard isPlainComment(bytes) else { return false }
            out.appendUTF8(count: bytes.count) { $0.put(bytes) }
            return true
        }
        if !plain { out.append(contentsOf: resourceComment(text).utf8) }
    }

    /// Whether ``resourceComment(_:)`` leaves the text of UTF-8 `bytes` as it is: printable
    /// ASCII (or tabs), no `--`, no `-` at the end, no `*/`, no backslash.
    static func isPlainComment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for b in bytes {
            guard (b >= 0x20 && b < 0x7F) || b == 0x09, b != 0x5C, !(b == 0x2D && previous == 0x2D), !(b == 0x2F && previous == 0x2A) else {
                return false
            }
            previous = b
        }
        return previous != 0x2D
    }

    /// The comment line of `comment` (when there is one), `opening`, `name` as an attribute
    /// value, `middle`, `value` as a string's content (when there is one) and `end`, measured
    /// first and appended at once (a resource's markup without other attributes); false, with
    /// nothing appended, when the comment is not ``isPlainComment(_:)``.
    static func writeElement(comment: String?, opening: StaticString, name: String, middle: StaticString, value: String?,
                             end: StaticString, into out: inout [UInt8]) -> Bool {
        let hasComment = comment != nil
        var comment = comment ?? ""
        var name = name
        var value = value ?? ""
        return comment.withUTF8 { commentBytes in
            guard !hasComment || isPlainComment(commentBytes) else { return false }
            let commentOpening: StaticString = hasComment ? "    <!-- " : ""
            let commentEnd: StaticString = hasComment ? " -->\n" : ""
            name.withUTF8 { nameBytes in
                value.withUTF8 { valueBytes in
                    let nameSize = XMLEscaping.escapedSize(nameBytes, attribute: true)
                    let valueSize = AndroidEscaping.escapedSize(valueBytes)
                    let count = commentOpening.utf8CodeUnitCount + commentBytes.count + commentEnd.utf8CodeUnitCount
                        + opening.utf8CodeUnitCount + nameSize.count + middle.utf8CodeUnitCount + valueSize.count + end.utf8CodeUnitCount
                    out.appendUTF8(count: count) { cursor in
                        cursor.put(commentOpening)
                        cursor.put(commentBytes)
                        cursor.put(commentEnd)
                        cursor.put(opening)
                        XMLEscaping.write(nameBytes, attribute: true, plain: nameSize.plain, to: &cursor)
                        cursor.put(middle)
                        AndroidEscaping.write(valueBytes, size: valueSize, to: &cursor)
                        cursor.put(end)
                    }
                }
            }
            return true
        }
    }

    /// A resource's comment, then its start tag up to `>`: `opening` (`    <string name="`), the
    /// name, the other attributes.
    static func writeStart(_ opening: StaticString, name: String, comment: String?, attributes: [(String, String)], into out: inout [UInt8]) {
        writeComment(comment, into: &out)
        put(opening, &out)
        XMLEscaping.appendAttribute(name, to: &out)
        put("\"", &out)
        appendAttributes(attributes, to: &out)
    }

    static func writeString(name: String, value: String, comment: String?, attributes: [(String, String)], into out: inout [UInt8]) {
        if attributes.isEmpty,
           writeElement(comment: comment, opening: "    <string name=\"", name: name, middle: "\">", value: value, end: "</string>\n", into: &out) {
            return
        }
        writeStart("    <string name=\"", name: name, comment: comment, attributes: attributes, into: &out)
        put(">", &out)
        AndroidEscaping.appendText(value, to: &out)
        put("</string>\n", &out)
    }

    /// A `<plurals>`' comment and start tag; its items follow (``writeItem(quantity:value:into:)``).
    static func writePluralsOpening(name: String, comment: String?, attributes: [(String, String)], into out: inout [UInt8]) {
        if attributes.isEmpty,
           writeElement(comment: comment, opening: "    <plurals name=\"", name: name, middle: "\">\n", value: nil, end: "", into: &out) {
            return
        }
        writeStart("    <plurals name=\"", name: name, comment: comment, attributes: attributes, into: &out)
        put(">\n", &out)
    }

    /// An `<item>` of a `<plurals>`; the `last` one also ends the `<plurals>`.
    static func writeItem(quantity: String, value: String, last: Bool = false, into out: inout [UInt8]) {
        _ = writeElement(comment: nil, opening: "        <item quantity=\"", name: quantity, middle: "\">", value: value,
                         end: last ? "</item>\n    </plurals>\n" : "</item>\n", into: &out)
    }

    static func write(_ item: Item, into out: inout [UInt8]) {
        switch item {
        case .string(let name, let value, let comment, let attributes):
            writeString(name: name, value: value, comment: comment, attributes: attributes, into: &out)
        case .plurals(let name, let items, let comment, let attributes):
            writePluralsOpening(name: name, comment: comment, attributes: attributes, into: &out)
            for (index, item) in items.enumerated() {
                writeItem(quantity: item.quantity, value: item.value, last: index == items.count - 1, into: &out)
            }
            if items.isEmpty { put("    </plurals>\n", &out) }
        case .styled(let name, let items, let comment, let attributes):
            if items.count == 1, items[0].quantity == nil {
                writeStart("    <string name=\"", name: name, comment: comment, attributes: attributes, into: &out)
                put(">", &out)
                out.append(contentsOf: items[0].content.utf8)
                put("</string>\n", &out)
            } else {
                writePluralsOpening(name: name, comment: comment, attributes: attributes, into: &out)
                for item in items {
                    put("        <item quantity=\"", &out)
                    XMLEscaping.appendAttribute(item.quantity ?? "other", to: &out)
                    put("\">", &out)
                    out.append(contentsOf: item.content.utf8)
                    put("</item>\n", &out)
                }
                put("    </plurals>\n", &out)
            }
        case .raw(let xml):
            out.append(contentsOf: xml.utf8)
            if !xml.hasSuffix("\n") { out.append(0x0A) }
        case .comment(let text):
            put("    <!-- ", &out)
            appendResourceComment(text, to: &out)
            put(" -->\n", &out)
        }
    }

    /// `text` escaped as a string's content with `spans` (elements over its Unicode scalar
    /// offsets, properly nested) written around what they hold; `lost`: the spans that could not
    /// be written (overlapping ones, and ones outside the text).
    ///
    /// ```swift
    /// AndroidResourceWriter.styledContent("Tap here", spans: [AndroidSpan(open: "<b>", close: "</b>", range: 4..<8)]).content
    /// // "Tap <b>here</b>"
    /// ```
    public static func styledContent(_ text: String, spans: [AndroidSpan]) -> (content: String, lost: [AndroidSpan]) {
        let scalars = Array(text.unicodeScalars)
        // Outer spans first: earlier start, then later end.
        let ordered = spans.sorted { ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound) }
        var kept: [AndroidSpan] = []
        var lost: [AndroidSpan] = []
        for span in ordered {
            let fits = span.range.upperBound <= scalars.count && kept.allSatisfy { other in
                other.range.upperBound <= span.range.lowerBound || span.range.upperBound <= other.range.lowerBound
                    || (other.range.lowerBound <= span.range.lowerBound && span.range.upperBound <= other.range.upperBound)
            }
            if fits { kept.append(span) } else { lost.append(span) }
        }
        var out = ""
        var open: [AndroidSpan] = []
        var segment = String.UnicodeScalarView()
        var segmentStart = 0
        func flush(at end: Int) {
            if !segment.isEmpty {
                out += AndroidEscaping.text(String(segment), atStart: segmentStart == 0, atEnd: end == scalars.count,
                                          afterSpace: segmentStart > 0 && scalars[segmentStart - 1] == " ")
            }
            segment = String.UnicodeScalarView()
            segmentStart = end
        }
        for position in 0...scalars.count {
            // Close what ends here (innermost first), then open what starts here (outermost first).
            while let last = open.last, last.range.upperBound == position {
                flush(at: position)
                out += last.close
                open.removeLast()
            }
            for span in kept where span.range.lowerBound == position {
                flush(at: position)
                out += span.open
                if span.range.isEmpty { out += span.close } else { open.append(span) }
            }
            if position < scalars.count { segment.append(scalars[position]) }
        }
        flush(at: scalars.count)
        return (out, lost)
    }

    /// Whether a resource's markup (`<string …>…</string>`) may hold elements inside its content
    /// (a byte search: more than one end tag or an empty-element tag).
    public static func mayHoldMarkup(_ xml: String) -> Bool {
        var xml = xml
        return xml.withUTF8 { bytes in
            var endTags = 0
            for i in bytes.indices.dropFirst() where bytes[i - 1] == 0x3C && bytes[i] == 0x2F {  // </
                endTags += 1
                if endTags > 1 { return true }
            }
            for i in bytes.indices.dropFirst() where bytes[i - 1] == 0x2F && bytes[i] == 0x3E { return true }  // />
            return false
        }
    }

    /// Whether `text` contains `part` (a plain byte search).
    static func contains(_ text: String, _ part: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count, let first = needle.first else { return false }
            var i = 0
            while i <= bytes.count - needle.count {
                if bytes[i] == first && memcmpEqual(bytes, i, needle) { return true }
                i += 1
            }
            return false
        }
    }

    static func memcmpEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 1..<needle.count where bytes[at + k] != needle[k] { return false }
        return true
    }

    /// Extra attributes of a resource. A name that is not ``isAttributeName(_:)`` is left out
    /// (never written as it is): the metadata reader reports such names before they get here.
    static func attributeText(_ attributes: [(String, String)]) -> String {
        var out: [UInt8] = []
        appendAttributes(attributes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``attributeText(_:)`` appended to `out`.
    static func appendAttributes(_ attributes: [(String, String)], to out: inout [UInt8]) {
        for (name, value) in attributes where isAttributeName(name) {
            out.append(0x20)
            out.append(contentsOf: name.utf8)
            put("=\"", &out)
            XMLEscaping.appendAttribute(value, to: &out)
            out.append(0x22)
        }
    }

    /// Whether `name` can be written as an attribute of a resource: an XML name without a
    /// prefix (`translatable`, `formatted`, `product`), or with the `tools:` prefix that
    /// ``text(_:header:)`` declares. `name` itself is written by the writer.
    public static func isAttributeName(_ name: String) -> Bool {
        let parts = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 { return parts[0] == "tools" && XMLEscaping.isNCName(String(parts[1])) }
        return XMLEscaping.isNCName(name) && name != "name" && !name.hasPrefix("xmlns")
    }
}
