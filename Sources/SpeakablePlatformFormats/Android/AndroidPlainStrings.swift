public import SpeakableDiagnostics

/// The `<string>` resources of a plain `strings.xml`, read straight from its bytes: no XML tree,
/// no markup or comments kept — what a check of many translations needs, and nothing more.
///
/// ``AndroidResourceReader/readPlainStrings(_:)`` reads only files in which there is nothing to
/// report and nothing but `<string>` elements with text (entities and Android escapes allowed):
/// for anything else — a `<plurals>`, a `<string-array>`, markup or a comment inside a string,
/// a `<!DOCTYPE>`, an unescaped apostrophe, a duplicate name, anything the XML reader would
/// report — it returns nil and the caller reads the file with ``AndroidResourceReader/read(_:file:locale:)``,
/// which then says what is wrong. Where it reads a file, each string's text, name and positions
/// are those that reader gives. ``AndroidResourceReader/readStrings(_:maximumResources:)`` reads any file without
/// problems, leaving each element but a plain string to the reader on its own (``others``).
///
/// The scanner and the reader decode text with the one ``AndroidEscaping/Decoder``. The scanner
/// is kept because the checker benchmark (`tools/CheckerBenchmark`, its Android `res/` input in
/// the `checker` section of `tools/bench/run.sh`, and `generate --android-mix` for files that are
/// not plain lists) shows it pays: the XML tree and the resource reader were the largest share of
/// reading those files.
///
/// ```swift
/// let plain = AndroidResourceReader.readPlainStrings(Array(#"<resources><string name="ok">OK</string></resources>"#.utf8))!
/// plain.strings[0].name           // "ok"
/// plain.strings[0].text           // "OK"
/// plain.rawXML(of: plain.strings[0])   // "OK"
/// ```
public struct AndroidPlainStrings: Sendable {
    /// The file's bytes (a leading byte-order mark removed): the strings' ranges point into them.
    public let source: [UInt8]
    /// In file order.
    public var strings: [Entry]
    /// The `tools:ignore` attribute of `<resources>`, if there is one: the Android Lint issues
    /// ignored for every resource of the file (as ``AndroidResourceFile/toolsIgnore``).
    public var rootToolsIgnore: String? = nil

    /// One `<string name="…">text</string>`.
    public struct Entry: Sendable {
        /// The `name` attribute.
        public var name: String
        /// Where the `name` attribute is.
        public var namePosition: SourcePosition
        /// Where the element starts (its `<`).
        public var position: SourcePosition
        /// Where the content starts (just after the start tag's `>`).
        public var contentStart: SourcePosition
        /// The content's bytes in ``AndroidPlainStrings/source``.
        public var contentRange: Range<Int>
        /// What the app receives (as ``AndroidString/text``).
        public var text: String
        /// False when `translatable="false"` (as ``AndroidResource/isTranslatable``).
        public var isTranslatable: Bool = true
        /// The `tools:ignore` attribute's value, if there is one.
        public var toolsIgnore: String? = nil
    }

    /// The content of `entry` exactly as written (as ``AndroidString/rawXML``).
    public func rawXML(of entry: Entry) -> String { String(decoding: source[entry.contentRange], as: UTF8.self) }

    // MARK: Other elements (readStrings)

    /// The elements left to the resource reader — `<plurals>`, `<string-array>`, a `<string>`
    /// with markup, a comment or an escape the fast path does not read, any other resource —
    /// each read by it on its own, with where it comes among ``strings``. Only
    /// ``AndroidResourceReader/readStrings(_:maximumResources:)`` reads them (``AndroidResourceReader/readPlainStrings(_:)``
    /// declines such a file).
    public var others: [Other] = []

    /// An element read by the resource reader.
    public struct Other: Sendable {
        /// How many of ``AndroidPlainStrings/strings`` come before it in the file.
        public var stringsBefore: Int
        /// The element as ``AndroidResourceReader/read(_:file:locale:)`` reads it, but without the
        /// comments before it (``AndroidResource/comment`` nil, ``AndroidResource/rawComments`` empty).
        public var resource: AndroidResource
    }

    /// Strings in file order, then the other elements after them (up to the next string).
    public struct Run {
        public var strings: ArraySlice<Entry>
        public var others: ArraySlice<Other>
    }

    /// Every resource of the file in file order, as runs of ``strings`` and ``others`` (one run
    /// when there are no others).
    public var runs: [Run] {
        guard !others.isEmpty else { return [Run(strings: strings[...], others: [])] }
        var result: [Run] = []
        var s = 0
        var o = 0
        while s < strings.count || o < others.count {
            let stringsEnd = o < others.count ? others[o].stringsBefore : strings.count
            var othersEnd = o
            while othersEnd < others.count && others[othersEnd].stringsBefore == stringsEnd { othersEnd += 1 }
            result.append(Run(strings: strings[s..<stringsEnd], others: others[o..<othersEnd]))
            s = stringsEnd
            o = othersEnd
        }
        return result
    }
}
