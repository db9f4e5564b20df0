import SeededRandom
import SpeakableDiagnostics
import SpeakablePlatformFormats
import SpeakableMessages
import Testing
@testable import SpeakableChecker

/// The screen-reader rules lower-case text for matching without the full Unicode mapping when
/// every character is ASCII or has no case: that holds for every character they take as caseless.
@Suite struct CaselessTextTests {
    @Test func caselessCharactersLowerCaseToThemselves() {
        var checked = 0
        for v in UInt32(0x80)...0xFFFF {
            guard let s = Unicode.Scalar(v), HintGestureRule.isCaseless(s) else { continue }
            #expect(String(s).lowercased() == String(s), "U+\(String(v, radix: 16))")
            checked += 1
        }
        #expect(checked > 39_000)
    }

    @Test func matchingTextIsTheFullLowerCaseWhereItKeepsTheLength() {
        for text in ["Double Tap", "두 번 탭하세요", "KO·Double-Tap to place", "ダブルタップ", "İstanbul", "ΣΟΦΊΑ", "Straße"] {
            let full = text.lowercased()
            let expected = full.utf16.count == text.utf16.count ? Array(full.utf16) : PhraseMatching.lowered(text)
            #expect(HintGestureRule.loweredForMatching(text) == expected, "\(text)")
        }
    }
}

/// A platform string's ICU text is made without positions, and again with them only when a
/// finding needs one: both ways must give the same text.
@Suite struct ConversionWithoutPositionsTests {
    static let formats = [
        "Row %1$d, column %2$d", "%d%% done", "100% sure", "%<s first", "{braces} and 'quotes' #1", "%n line %s",
        "%2$s of %1$s", "%1$s, %d", "Bad %q", "50 %", "%", "%#@count@ left", "Émile’s %@ 🎉 %lld", "", "%1$@ 'x' %%",
    ]

    @Test func javaAndAppleFormatsAreTheSameTextEitherWay() {
        for format in Self.formats {
            for dialect in [FormatDialect.java, .apple] {
                for inPlural in [false, true] {
                    var plain = PlatformInput.Builder(tracking: false)
                    var tracked = PlatformInput.Builder(tracking: true)
                    let substitution: (String, Int?, SourcePosition, inout PlatformInput.Builder) -> Void = { name, _, at, b in
                        b.synthetic("{\(name)}", at: at)
                    }
                    PlatformInput.appendFormat(format, dialect: dialect, position: { SourcePosition(line: 1, column: $0 + 1) },
                                               inPlural: inPlural, builder: &plain, substitution: substitution)
                    PlatformInput.appendFormat(format, dialect: dialect, position: { SourcePosition(line: 1, column: $0 + 1) },
                                               inPlural: inPlural, builder: &tracked, substitution: substitution)
                    #expect(plain.text == String(decoding: tracked.units, as: UTF16.self), "\(dialect) \(inPlural): \(format)")
                    #expect(tracked.positions.count == tracked.units.count)
                }
            }
        }
    }
}

/// A locale's plain `<string>`s become messages without an ``AndroidResource``
/// (``PlatformInput/plainMessage(_:_:file:key:scratch:)``): the same ICU text, pattern, formats and
/// positions — at every offset — as the resource path gives.
@Suite struct PlainAndroidStringTests {
    static let file = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
          <string name="a">Row %1$d, star %2$d</string>
          <string name="b">KO·별 %d개  두 칸</string>
          <string
              name="c">Don\\'t &amp; &lt;stop&gt; \\u0041\\n\\t"  quoted  " %s end</string>
          <string name="d">  spaced
            over   lines %1$s
            and %2$d \t text\\n</string>
          <string name="e">한국어 &#xD55C;&#54620; \\\\ {x} 100%% \\'q\\' %n 🎉 %q bad</string>
          <string name="f"></string>
          <string name="g">{braces} #1 \\'quote\\' 100% sure %&lt;s</string>
          <string name="h">Émile %1$s 🎉 %2$,d \\'{\\' }</string>
          <string name="i">%1$tA %1$ta %2$te %&lt;tH %3$S %4$X %5$-8.2f %%%n</string>
        </resources>

        """

    @Test func sameTextPatternFormatsAndPositionsAsTheResourcePath() throws {
        let bytes = Array(Self.file.utf8)
        #expect(AndroidResourceReader.read(bytes, file: "strings.xml").diagnostics.map(\.rendered) == [])
        let plain = try #require(AndroidResourceReader.readPlainStrings(bytes))
        let resources = try #require(AndroidResourceReader.read(bytes, file: "res/values-ko/strings.xml").file).resources
        #expect(plain.strings.count == resources.count)
        let site = PlatformInput.PlainStringsSite(plain)
        for (index, (entry, resource)) in zip(plain.strings, resources).enumerated() {
            let file = "res/values-ko/strings.xml"
            var scratch = PlatformInput.PlainScratch()
            let message = PlatformInput.plainMessage(site, index, file: file, key: "string/" + entry.name, scratch: &scratch)
            let formats = try #require(PlatformInput.formats(resource, file: file))
            let text = try #require(PlatformInput.convert(resource, formats: formats))
            #expect(message.key == "string/" + resource.name)
            #expect(message.keyPosition == resource.namePosition)
            #expect(message.text.text == text.text, "\(entry.name)")
            #expect(message.text.file == text.file)
            #expect(message.pattern == (try? MessagePattern(text.text)))
            for offset in 0...text.text.utf16.count + 1 {
                #expect(message.text.position(ofUTF16Offset: offset) == text.position(ofUTF16Offset: offset), "\(entry.name) @\(offset)")
            }
            let form = try #require(message.formats?.forms.first)
            #expect(message.formats?.forms.count == 1)
            #expect(form.path == "" && form.file == file)
            #expect(form.format == formats.forms[0].format)
            for offset in 0...entry.text.unicodeScalars.count + 1 {
                #expect(form.position(offset) == formats.forms[0].position(offset), "\(entry.name) @\(offset)")
            }
        }
    }
}

/// With other elements among the plain strings (``AndroidResourceReader/readStrings(_:)``), each
/// run's strings keep their index in the file's shared site: every message's text and form
/// positions are still its own string's.
@Suite struct PlainAndroidStringRunTests {
    static let file = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
          <string name="a">Row %1$d,
            star %2$d</string>
          <plurals name="p"><item quantity="one">%d star</item><item quantity="other">%d stars</item></plurals>
          <string name="b">KO·별 %d개  두 칸 \\'q\\'</string>
          <string name="c">Émile <b>bold</b> %s</string>
          <string name="d">🎉 {x} %1$s
        end</string>
        </resources>

        """

    @Test func eachRunsStringsKeepTheirOwnPositions() throws {
        let bytes = Array(Self.file.utf8)
        let plain = try #require(AndroidResourceReader.readStrings(bytes))
        #expect(plain.others.count == 2)
        let file = "res/values-ko/strings.xml"
        let resources = try #require(AndroidResourceReader.read(bytes, file: file).file).resources.filter { $0.value != nil && $0.value?.hasMarkup == false }
        let site = PlatformInput.PlainStringsSite(plain)
        var checked = 0
        for run in plain.runs {
            for index in run.strings.indices {
                let entry = plain.strings[index]
                let resource = try #require(resources.first { $0.name == entry.name })
                var scratch = PlatformInput.PlainScratch()
                let message = PlatformInput.plainMessage(site, index, file: file, key: "string/" + entry.name, scratch: &scratch)
                let formats = try #require(PlatformInput.formats(resource, file: file))
                let text = try #require(PlatformInput.convert(resource, formats: formats))
                #expect(message.text.text == text.text, "\(entry.name)")
                for offset in 0...text.text.utf16.count + 1 {
                    #expect(message.text.position(ofUTF16Offset: offset) == text.position(ofUTF16Offset: offset), "\(entry.name) @\(offset)")
                }
                let form = try #require(message.formats?.forms.first)
                for offset in 0...entry.text.unicodeScalars.count + 1 {
                    #expect(form.position(offset) == formats.forms[0].position(offset), "\(entry.name) @\(offset)")
                }
                checked += 1
            }
        }
        #expect(checked == 3)
    }
}

/// The pattern of a converted `<string>` is built without parsing when its ICU text is text and
/// `{N}` / `{N, number}` arguments (``PlatformInput/simplePattern(_:)``): it must be the
/// parser's tree, and anything else must be left to the parser.
@Suite struct SimplePatternTests {
    @Test func isTheParsersTreeOrNothing() {
        let pieces = ["Row ", "KO·별 ", "🎉", "한국어", " ", "\n", "#", "|", "%", ", ", "{1}", "{2, number}", "{12}", "{3, number}",
                      "{0}", "{01}", "{1,number}", "{1, Number}", "{a}", "'", "}", "{", "{1, number, integer}", "{32767}", "{32768}",
                      "{1, number", "{1 }", "{ 1}", "''", "{1, numbers}", "é"]
        var random = SplitMix(seed: 7)
        var built = 0
        for round in 0..<6000 {
            var text = ""
            for _ in 0..<(round % 7) { text += random.pick(pieces) }
            let parsed = try? MessagePattern(text)
            guard let direct = PlatformInput.simplePattern(text) else { continue }
            built += 1
            #expect(direct == parsed, "\(text)")
            #expect(direct.source == text)
        }
        #expect(built > 1000)
        #expect(PlatformInput.simplePattern("") == (try? MessagePattern("")))
    }

    /// Long texts, read eight bytes at a time between their braces and apostrophes: the
    /// parser's tree, with every UTF-16 offset (four-byte scalars count two).
    @Test func longTextsAreTheParsersTreeOrNothing() {
        let pieces = ["Row ", "KO·별 ", "🎉", "한국어", " ", "\n", "Ж", "ب", "é", "{1}", "{2, number}", "{12}", "'", "}", "{",
                      "a longer run of words ", "𝔸𝔹", "%1$s"]
        var random = SplitMix(seed: 29)
        var built = 0
        for round in 0..<4000 {
            var text = ""
            for _ in 0..<(4 + round % 24) { text += random.pick(pieces) }
            let parsed = try? MessagePattern(text)
            guard let direct = PlatformInput.simplePattern(text) else {
                #expect(text.contains("'") || text.contains("}") || text.contains("{") || parsed == nil, "\(text)")
                continue
            }
            built += 1
            #expect(direct == parsed, "\(text)")
        }
        #expect(built > 200)
    }

    /// Built with argument parts shared from string to string (``PlatformInput/ArgumentParts``):
    /// the same trees, whatever was built before.
    @Test func sharedArgumentPartsGiveTheParsersTree() {
        let pieces = ["Row ", "별 ", "🎉", " ", "{1}", "{2, number}", "{12}", "{3, number}", "{1, number}", "{2}", "x", "{100}", "{4}"]
        var random = SplitMix(seed: 11)
        let arguments = PlatformInput.ArgumentParts()
        var built = 0
        for round in 0..<8000 {
            var text = ""
            for _ in 0..<(round % 9) { text += random.pick(pieces) }
            let shared = PlatformInput.simplePattern(text, arguments: arguments)
            #expect(shared == PlatformInput.simplePattern(text), "\(text)")
            guard let shared else { continue }
            built += 1
            #expect(shared == (try? MessagePattern(text)), "\(text)")
        }
        #expect(built > 4000)
    }
}

/// Fingerprints of a large list, assigned one locale at a time on every core, are those of one
/// pass over the whole list in order (the occurrence numbers count within a locale).
@Suite struct FingerprintAssignmentTests {
    @Test func aLargeListGetsTheFingerprintsOfOnePass() {
        var findings: [Finding] = []
        for i in 0..<9_000 {
            // Repeated rule, key and subject, so that occurrence numbers above 0 are common.
            findings.append(Finding(rule: i % 3 == 0 ? "whitespace" : "missing-translation", severity: .warning, file: "res/strings.xml",
                                    position: nil, locale: ["ko", "de", i % 7 == 0 ? "ar" : "ko"][i % 3], key: "string/k\(i % 50)",
                                    table: "strings", message: "m", subject: i % 2 == 0 ? "leading" : ""))
        }
        findings.append(Finding(rule: "no-messages", severity: .error, file: nil, position: nil, locale: nil, key: nil, table: nil, message: "m"))
        var parallel = findings
        Fingerprint.assign(&parallel)
        var sequential = findings
        Fingerprint.assign(&sequential, indices: sequential.indices)
        #expect(parallel.map(\.fingerprint) == sequential.map(\.fingerprint))
        #expect(Set(parallel.map(\.fingerprint)).count > 100)
    }

    /// Occurrences counted by the fields' hash (every field ASCII without U+001F) are those
    /// counted by the fields joined into one String, which is what decides otherwise: on lists of
    /// ASCII fields, and of fields that are canonically equivalent (K and the Kelvin sign), not
    /// ASCII, or hold the separator.
    @Test func occurrencesAreThoseOfTheJoinedFields() {
        let keys = ["string/a", "string/b", "string/c", "K", "\u{212A}", "e\u{301}", "\u{E9}", "a\u{1F}b", "a", "b\u{1F}c", ""]
        let subjects = ["", "leading", "\u{1F}c", "b", "\u{A0}", "x"]
        var random = SplitMix(seed: 31)
        var fast = 0
        for round in 0..<400 {
            // Half the lists ASCII only (the hashed path), half drawing from every field.
            let plain = round % 2 == 0
            var findings: [Finding] = []
            for _ in 0..<(1 + round % 60) {
                let key = plain ? random.pick(Array(keys[0..<4]) + ["a"]) : random.pick(keys)
                let subject = plain ? random.pick(["", "leading", "b", "x"]) : random.pick(subjects)
                findings.append(Finding(rule: random.pick(["whitespace", "missing-translation"]), severity: .warning, file: "f", position: nil,
                                        locale: random.pick(["ko", "de", nil]), key: random.pick([key, key, nil]), table: random.pick(["t", nil]),
                                        message: "m", subject: subject))
            }
            var hashed = findings
            Fingerprint.assign(&hashed, indices: hashed.indices)
            var joined = findings
            Fingerprint.assignByJoinedFields(&joined, indices: joined.indices)
            #expect(hashed.map(\.fingerprint) == joined.map(\.fingerprint), "\(findings.map { ($0.key ?? "-", $0.subject) })")
            if findings.allSatisfy({ Fingerprint.isPlainASCII($0.key ?? "") && Fingerprint.isPlainASCII($0.subject) }) { fast += 1 }
        }
        #expect(fast >= 200)
    }
}

/// A source file's resources other than plain strings are converted in pieces on every core:
/// each the same as converted on its own.
@Suite struct SourcePartsOnEveryCoreTests {
    @Test func piecesGiveWhatEachResourceGivesAlone() throws {
        var xml = #"<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">"# + "\n"
        for i in 0..<400 {
            switch i % 4 {
            case 0: xml += #"<plurals name="p\#(i)"><item quantity="one">%d star {\#(i)}</item><item quantity="other">%d stars</item></plurals>"#
            case 1: xml += #"<string-array name="a\#(i)"><item>Monday</item><item>%1$s, day %2$d</item></string-array>"#
            case 2: xml += #"<string name="s\#(i)">Tap <b>here</b> to place %1$s '\#(i)'</string>"#
            default: xml += #"<string name="t\#(i)" translatable="false">Time: <xliff:g id="t">%1$s</xliff:g></string>"#
            }
            xml += "\n"
        }
        xml += "</resources>\n"
        let file = try #require(AndroidResourceReader.read(Array(xml.utf8), file: "res/values/strings.xml").file)
        var pieces = PlatformInput.sourcePartsOnEveryCore(file.resources, file: file.file)
        // One core: none, and each resource is converted as it is defined.
        guard !pieces.isEmpty else { return }
        #expect(pieces.count == file.resources.count)
        for (index, resource) in file.resources.enumerated() {
            let piece = pieces.take(index)
            #expect(pieces.take(index) == nil)
            let alone = PlatformInput.sourceParts(resource, file: file.file)
            #expect((piece == nil) == (alone == nil))
            #expect(!resource.isTranslatable || alone != nil)
            guard let piece, let alone else { continue }
            #expect(piece.text.text == alone.text.text)
            #expect(piece.pattern == alone.pattern)
            #expect(piece.formats.forms.map(\.format) == alone.formats.forms.map(\.format))
            #expect(piece.formats.forms.map(\.path) == alone.formats.forms.map(\.path))
        }
    }
}

/// Whether a plain string's value has a character ICU reads as syntax (`'`, `{`, `}`), read
/// eight bytes at a time: each such character, and bytes next to them, at every place of the
/// words of texts in several scripts, against the byte-by-byte definition.
@Suite struct ICUSyntaxSearchTests {
    @Test func findsEverySyntaxCharacterAtEveryPlace() {
        let fillers = ["abcdefghijklmnopqrstuvw", "ЖжЖжЖжЖжЖжЖж", "漢字かな漢字かな", "😀😀😀😀😀"]
        for filler in fillers {
            let scalars = Array(filler.unicodeScalars)
            for insert in ["'", "{", "}", "&", "|", "z", "\u{7B7B}", "\u{2727}"] {
                for place in 0...scalars.count {
                    var text = ""
                    for (k, scalar) in scalars.enumerated() {
                        if k == place { text += insert }
                        text.unicodeScalars.append(scalar)
                    }
                    if place == scalars.count { text += insert }
                    let expected = text.utf8.contains { $0 == 0x27 || $0 == 0x7B || $0 == 0x7D }
                    #expect(PlatformInput.hasICUSyntax(text) == expected, "\(text)")
                }
            }
        }
        #expect(!PlatformInput.hasICUSyntax("") && PlatformInput.hasICUSyntax("'") && !PlatformInput.hasICUSyntax("1234567"))
    }
}
