import SpeakableEscaping
@testable import SpeakablePlatformFormats
import SpeakableTestSupport
import Testing

/// The XLIFF and Android writers measure each unit or resource and append it at once: what they
/// write must be the markup put together from the general escapers (``XMLEscaping/attribute(_:)``,
/// ``XLIFFEscaping/segment(_:)`` and ``XLIFFEscaping/note(_:)``, ``AndroidEscaping/text(_:atStart:atEnd:afterSpace:)``,
/// ``AndroidResourceWriter/resourceComment(_:)``), on hostile text.
@Suite struct WriterMarkupTests {
    static let texts: [String] = {
        var random = SplitMix(seed: 41)
        let pieces = ["<", ">", "&", "\"", "'", "\\", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}",
                      " ", "  ", "@", "?", "%1$d", "--", "-", "*/", "\\u0041", "한", "😀", "plain words", "O'Coins"]
        var result = HostileStrings.generate(count: 300)
        while result.count < 600 {
            result.append((0..<(1 + random.below(random.below(5) == 0 ? 200 : 10))).map { _ in pieces[random.below(pieces.count)] }.joined())
        }
        return result
    }()

    static func note(_ category: String?, _ appliesTo: String?, _ text: String) -> String {
        "        <note" + (category.map { " category=\"" + XMLEscaping.attribute($0) + "\"" } ?? "")
            + (appliesTo.map { " appliesTo=\"" + XMLEscaping.attribute($0) + "\"" } ?? "") + ">" + XLIFFEscaping.note(text) + "</note>\n"
    }

    static func segment(_ state: String, _ subState: String?, source: String, target: String?) -> String {
        "      <segment state=\"" + XMLEscaping.attribute(state) + "\"" + (subState.map { " subState=\"" + XMLEscaping.attribute($0) + "\"" } ?? "")
            + ">\n        <source>" + XLIFFEscaping.segment(source) + "</source>\n"
            + (target.map { "        <target>" + XLIFFEscaping.segment($0) + "</target>\n" } ?? "") + "      </segment>\n    </unit>\n"
    }

    @Test func xliffUnitsAreTheGeneralMarkup() {
        let texts = Self.texts
        let states: [(String, String?)] = [("translated", nil), ("initial", nil), ("reviewed", nil), ("translated", "x:y"), ("final", "a\"b")]
        for (index, text) in texts.enumerated() {
            let other = texts[(index * 7 + 3) % texts.count]
            let (state, subState) = states[index % states.count]
            let target: String? = index % 4 == 0 ? nil : other
            let notes: [(String?, String?, String)] = index % 3 == 0 ? [] : [("comment", nil, other), (text, "target", text), (nil, other, "n"), (nil, nil, text)]
            // Written from values, and from markup written once (the compiler's path).
            var fromValues = XLIFFStreamWriter(sourceLanguage: "en", targetLanguage: "ko")
            var fromMarkup = XLIFFStreamWriter(sourceLanguage: "en", targetLanguage: "ko")
            fromValues.openUnit(id: text, translate: index % 2 == 0)
            var opening: [UInt8] = [], noteMarkup: [UInt8] = [], sourceMarkup: [UInt8] = []
            XLIFFStreamWriter.appendUnitOpening(id: text, translate: index % 2 == 0, to: &opening)
            fromMarkup.openUnit(markup: opening[...])
            for (category, appliesTo, note) in notes {
                fromValues.note(category: category, appliesTo: appliesTo, text: note)
                XLIFFStreamWriter.appendNote(category: category, appliesTo: appliesTo, text: note, to: &noteMarkup)
            }
            fromMarkup.notes(markup: noteMarkup[...])
            if index % 5 == 1 { fromMarkup.note(category: "example", appliesTo: "target", text: other) }
            fromValues.closeUnit(state: state, subState: subState, source: text, target: target)
            XLIFFEscaping.appendSegment(text, to: &sourceMarkup)
            fromMarkup.closeUnit(state: state, subState: subState, sourceMarkup: sourceMarkup[...], target: target)

            let prefix = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\" trgLang=\"ko\">\n"
            let unitOpening = "    <unit id=\"" + XMLEscaping.attribute(text) + (index % 2 == 0 ? "\"" : "\" translate=\"no\"") + " xml:space=\"preserve\">\n"
            var noteLines = notes.map { Self.note($0.0, $0.1, $0.2) }
            if index % 5 == 1 { noteLines.append(Self.note("example", "target", other)) }
            let notesText = noteLines.isEmpty ? "" : "      <notes>\n" + noteLines.joined() + "      </notes>\n"
            let valuesNotes = notes.isEmpty ? "" : "      <notes>\n" + notes.map { Self.note($0.0, $0.1, $0.2) }.joined() + "      </notes>\n"
            let closing = Self.segment(state, subState, source: text, target: target) + "</xliff>\n"
            #expect(fromValues.text() == prefix + unitOpening + valuesNotes + closing, "unit \(index): \(text.debugDescription)")
            #expect(fromMarkup.text() == prefix + unitOpening + notesText + closing, "unit \(index): \(text.debugDescription)")
        }
    }

    @Test func androidResourcesAreTheGeneralMarkup() {
        let texts = Self.texts
        for (index, text) in texts.enumerated() {
            let other = texts[(index * 11 + 5) % texts.count]
            let comment: String? = index % 3 == 0 ? nil : (index % 3 == 1 ? "A plain comment." : other)
            let commentLine = comment.map { "    <!-- " + AndroidResourceWriter.resourceComment($0) + " -->\n" } ?? ""
            var resources = AndroidResourceWriter.Resources()
            resources.string(name: other, value: text, comment: comment)
            let forms = [CatalogPluralForm(category: "one", text: other), CatalogPluralForm(category: text, text: text)]
            resources.plurals(name: text, forms: forms, comment: comment)
            resources.plurals(name: text, forms: [], comment: nil)
            let expected = commentLine + "    <string name=\"" + XMLEscaping.attribute(other) + "\">" + AndroidEscaping.text(text) + "</string>\n"
                + commentLine + "    <plurals name=\"" + XMLEscaping.attribute(text) + "\">\n"
                + forms.map { "        <item quantity=\"" + XMLEscaping.attribute($0.category) + "\">" + AndroidEscaping.text($0.text) + "</item>\n" }.joined()
                + "    </plurals>\n"
                + "    <plurals name=\"" + XMLEscaping.attribute(text) + "\">\n    </plurals>\n"
            #expect(String(decoding: resources.bytes, as: UTF8.self) == expected, "resource \(index): \(text.debugDescription)")
        }
    }
}
