import SeededRandom
import SpeakableDiagnostics
import SpeakableMessages
import SpeakablePlatformFormats
import Testing
@testable import SpeakableChecker

/// An indexed catalog's messages keep their place in the index (``PlatformInput/IndexedMessage``),
/// not their strings, and make their positions again from it: every message of every locale must
/// be what the general path makes of the index's ``XCStringsIndex/messages(ofLocale:translatableOnly:)``
/// — text, pattern, formats, state, and the position of every UTF-16 offset.
@Suite struct XCStringsIndexedPositionsTests {
    static let pieces = XCStringsFastPathTests.pieces + ["\n", "\t", "\"", "é\u{301}", "%1$lld", "%2$@", "%ld", "%i"]

    /// `text` as a JSON string's content; `unicode`: non-ASCII written as `\u` escapes.
    static func json(_ text: String, unicode: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (unicode && scalar.value >= 0x80) {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    @Test func indexedMessagesAreTheGeneralPaths() throws {
        var random = SplitMix(seed: 5)
        func next(_ n: Int) -> Int { random.below(n) }
        func value() -> String {
            var v = ""
            for _ in 0..<next(5) { v += Self.pieces[next(Self.pieces.count)] }
            return "\"" + Self.json(v, unicode: next(4) == 0) + "\""
        }
        let states = ["translated", "new", "needs_review", "stale"]
        func unit() -> String { #"{ "stringUnit" : { "state" : "\#(states[next(states.count)])", "value" : \#(value()) } }"# }
        func localization() -> String {
            switch next(6) {
            case 0:
                return #"{ "variations" : { "plural" : { "one" : \#(unit()), "other" : \#(unit()) } } }"#
            case 1:
                return #"{ "variations" : { "device" : { "iphone" : \#(unit()), "other" : \#(unit()) } } }"#
            case 2:
                return #"""
                { "stringUnit" : { "state" : "translated", "value" : "A %#@n@ b" }, "substitutions" : { "n" : { "argNum" : \#(1 + next(2)), "formatSpecifier" : "lld", "variations" : { "plural" : { "one" : \#(unit()), "other" : \#(unit()) } } } } }
                """#
            default:
                return unit()
            }
        }
        var entries: [String] = []
        for k in 0..<120 {
            var locales: [String] = []
            for tag in ["en", "ko", "ru"] where next(5) != 0 {
                locales.append(#""\#(tag)" : \#(localization())"#)
            }
            let translate = next(10) == 0 ? #""shouldTranslate" : false, "# : ""
            entries.append(#""k\#(k) \#(Self.json(Self.pieces[next(Self.pieces.count)], unicode: false))" : { \#(translate)"localizations" : {\#n        \#(locales.joined(separator: ",\n        "))\#n      } }"#)
        }
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    " + entries.joined(separator: ",\n    ") + "\n  },\n  \"version\" : \"1.0\"\n}\n"
        let bytes = Array(text.utf8)
        let index = try #require(XCStringsIndex.read(bytes, file: "L.xcstrings"), "not indexed")
        let catalog = PlatformInput.IndexedCatalog(index)
        let translated = index.entries.filter { $0.shouldTranslate != false }.map { (key: $0.key, position: $0.keyPosition) }
        let indexed = PlatformInput.appleSources(catalog, sourceTag: "en")
        let general = PlatformInput.appleSources(index.messages(ofLocale: "en", translatableOnly: true), entries: translated,
                                                 sourceTag: "en", file: "L.xcstrings", positions: nil)
        #expect(indexed.selectors == general.selectors)
        #expect(indexed.messages.count == general.messages.count)
        var compared = 0
        for (a, b) in zip(indexed.messages, general.messages) {
            #expect(a.key == b.key && a.keyPosition == b.keyPosition)
            compare(a.text, b.text, a.pattern, b.pattern, a.formats, b.formats)
            compared += 1
        }
        for tag in ["ko", "ru"] {
            let a = PlatformInput.appleTargets(catalog, locale: tag, selectors: general.selectors)
            let b = PlatformInput.appleTargets(index.messages(ofLocale: tag, translatableOnly: true), selectors: general.selectors,
                                               positions: nil)
            #expect(a.count == b.count, "\(tag)")
            for (x, y) in zip(a, b) {
                #expect(x.key == y.key && x.keyPosition == y.keyPosition && x.state == y.state)
                compare(x.text, y.text, x.pattern, y.pattern, x.formats, y.formats)
                compared += 1
            }
        }
        #expect(compared > 250, "only \(compared) messages")
    }

    /// A unit written without escapes is made from its bytes in one pass
    /// (``PlatformInput/appleTarget(unit:origin:scratch:)``) when it is plain text and simple
    /// specifiers: what ``PlatformInput/appleTarget(string:key:keyPosition:file:origin:)`` makes of it.
    @Test func unitsFromBytesAreTheStringPaths() throws {
        var random = SplitMix(seed: 9)
        func next(_ n: Int) -> Int { random.below(n) }
        let pieces = ["Row ", "%1$@", "%lld", "%@", "%d", "%2$lld", "%ld", "%i", "%u", "%x", "%f", "%s", "%c", "%p", "%3$d", "%10$@",
                      "é", "🎉", "한국어", "\u{301}", " ", "#", "%", "%%", "%5d", "%.2f", "%01$@", "%0$@", "%lq", "%lll", "%a", "%hd", "{",
                      "'", "%#@n@", "%10000$@", "%9999$@", "x"]
        var values: [String] = []
        for round in 0..<1500 {
            var v = ""
            // Half the rounds from the pieces the one pass takes.
            let count = round % 2 == 0 ? 20 : pieces.count
            for _ in 0..<next(7) { v += pieces[next(count)] }
            values.append(v)
        }
        let states = ["translated", "new", "needs_review"]
        let entries = values.enumerated().map { k, v in
            #""k\#(k)" : { "localizations" : { "ko" : { "stringUnit" : { "state" : "\#(states[k % 3])", "value" : "\#(XCStringsIndexedPositionsTests.json(v, unicode: false))" } } } }"#
        }
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    " + entries.joined(separator: ",\n    ") + "\n  }\n}\n"
        let index = try #require(XCStringsIndex.read(Array(text.utf8), file: "L.xcstrings"), "not indexed")
        let catalog = PlatformInput.IndexedCatalog(index)
        let (fast, units) = XCStringsIndexedPositionsTests().compareUnits(index, catalog)
        #expect(units == values.count)
        #expect(fast > 900 && fast < units, "\(fast) of \(units) made in one pass")
    }

    /// The one pass scans a value eight bytes at a time to the first byte it must look at
    /// (`%`, `'`, `{`, `}`, `#`, non-ASCII): each of those, and each specifier, at every offset
    /// of values longer than one and two words, as a unit and as a plural's cases, is what the
    /// string path and the general path make of it.
    @Test func everySpecialByteAtEveryOffset() throws {
        let texts = ["Row and column seventeen", "KO·Row, star · column nine", "abcdefghijklmnopqrstuvw"]
        let inserted = ["%@", "%lld", "%2$@", "%d", "'", "{", "}", "#", "é", "🎉", "%", "%5d", "x"]
        var values: [String] = []
        for text in texts {
            let scalars = Array(text.unicodeScalars)
            for at in 0...scalars.count {
                for piece in inserted {
                    var v = String.UnicodeScalarView()
                    v.append(contentsOf: scalars[..<at])
                    v.append(contentsOf: piece.unicodeScalars)
                    v.append(contentsOf: scalars[at...])
                    values.append(String(v))
                }
            }
        }
        let entries = values.enumerated().map { k, v -> String in
            let value = XCStringsIndexedPositionsTests.json(v, unicode: false)
            return #""k\#(k)" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "%lld" } }, "#
                + #""ko" : { "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }, "#
                + #""ru" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }, "#
                + #""other" : { "stringUnit" : { "state" : "new", "value" : "%lld \#(value)" } } } } } } }"#
        }
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    " + entries.joined(separator: ",\n    ") + "\n  }\n}\n"
        let index = try #require(XCStringsIndex.read(Array(text.utf8), file: "L.xcstrings"), "not indexed")
        let catalog = PlatformInput.IndexedCatalog(index)
        // Units: the one pass against the string path.
        let (fast, _) = compareUnits(index, catalog)
        #expect(fast > values.count / 2 && fast < values.count, "\(fast) of \(values.count) units made in one pass")
        // Units and plurals: each locale's messages against the general path's.
        let translated = index.entries.map { (key: $0.key, position: $0.keyPosition) }
        let reference = PlatformInput.appleSources(index.messages(ofLocale: "en", translatableOnly: true), entries: translated,
                                                   sourceTag: "en", file: "L.xcstrings", positions: nil)
        for tag in ["ko", "ru"] {
            let a = PlatformInput.appleTargets(catalog, locale: tag, selectors: reference.selectors)
            let b = PlatformInput.appleTargets(index.messages(ofLocale: tag, translatableOnly: true), selectors: reference.selectors,
                                               positions: nil)
            #expect(a.count == b.count && a.count == values.count, "\(tag)")
            for (x, y) in zip(a, b) {
                #expect(x.key == y.key && x.keyPosition == y.keyPosition && x.state == y.state, "\(x.key)")
                compare(x.text, y.text, x.pattern, y.pattern, x.formats, y.formats)
            }
        }
    }

    /// A plural localization written without escapes is made from its bytes in one pass
    /// (``PlatformInput/convert(plural:selector:origin:scratch:)``) when its cases allow: every
    /// source and translation of generated catalogs, and of the same catalogs damaged a byte at a
    /// time (whatever the index still reads), is what the general path makes of the index's
    /// messages — text, pattern, formats, state, selectors, and every position.
    @Test func pluralsFromBytesAreTheGeneralPaths() throws {
        var random = SplitMix(seed: 21)
        func next(_ n: Int) -> Int { random.below(n) }
        let pieces = ["Row ", "%1$@", "%lld", "%@", "%d", "%2$lld", "%ld", "%i", "%u", "%f", "%s", "%3$d", "é", "🎉", "한국어", " ",
                      "x", "·", "%", "%%", "#", "%5d", "'", "{", "}", "\"", "\n", "%#@n@", "%10000$@", "%a", "%0$@"]
        let names = ["one", "other", "few", "many", "zero", "two", "foo", "One", "other.x"]
        let states = ["translated", "new", "needs_review", "stale"]
        func value() -> String {
            var v = ""
            // Most values from the pieces the one pass takes.
            let count = next(3) == 0 ? pieces.count : 18
            for _ in 0..<next(5) { v += pieces[next(count)] }
            return "\"" + Self.json(v, unicode: next(8) == 0) + "\""
        }
        func unit() -> String {
            let state = next(6) == 0 ? "" : #""state" : "\#(states[next(states.count)])", "#
            return #"{ "stringUnit" : { \#(state)"value" : \#(value()) } }"#
        }
        func localization() -> String {
            switch next(8) {
            case 0: return unit()
            case 1: return #"{ "variations" : { "plural" : { } } }"#
            default:
                var chosen: [String] = []
                for _ in 0..<(1 + next(5)) {
                    let name = next(3) == 0 ? "other" : names[next(names.count)]
                    if !chosen.contains(name) { chosen.append(name) }
                }
                return #"{ "variations" : { "plural" : { "# + chosen.map { #""\#($0)" : \#(unit())"# }.joined(separator: ", ") + " } } }"
            }
        }
        var catalogs: [String] = []
        for _ in 0..<3 {
            var entries: [String] = []
            for k in 0..<50 {
                var locales: [String] = []
                for tag in ["en", "ko", "ru", "fr"] where next(6) != 0 { locales.append(#""\#(tag)" : \#(localization())"#) }
                entries.append(#""k\#(k)" : { "localizations" : {\#n        \#(locales.joined(separator: ",\n        "))\#n      } }"#)
            }
            catalogs.append("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    " + entries.joined(separator: ",\n    ") + "\n  },\n  \"version\" : \"1.0\"\n}\n")
        }
        // Damaged: a byte replaced (most break the JSON; those the index still reads are compared).
        var damaged: [[UInt8]] = []
        for round in 0..<40 {
            var bytes = Array(catalogs[round % catalogs.count].utf8)
            let at = next(bytes.count)
            let replacements = Array("{}\",:#%'\\ 1l@a".utf8)
            bytes[at] = replacements[next(replacements.count)]
            damaged.append(bytes)
        }
        var fast = 0
        var general = 0
        var read = 0
        for bytes in catalogs.map({ Array($0.utf8) }) + damaged {
            guard let index = XCStringsIndex.read(bytes, file: "L.xcstrings") else { continue }
            read += 1
            let catalog = PlatformInput.IndexedCatalog(index)
            let translated = index.entries.filter { $0.shouldTranslate != false }.map { (key: $0.key, position: $0.keyPosition) }
            let indexed = PlatformInput.appleSources(catalog, sourceTag: "en")
            let reference = PlatformInput.appleSources(index.messages(ofLocale: "en", translatableOnly: true), entries: translated,
                                                       sourceTag: "en", file: "L.xcstrings", positions: nil)
            #expect(indexed.selectors == reference.selectors)
            #expect(indexed.messages.count == reference.messages.count)
            for (a, b) in zip(indexed.messages, reference.messages) {
                #expect(a.key == b.key && a.keyPosition == b.keyPosition)
                compare(a.text, b.text, a.pattern, b.pattern, a.formats, b.formats)
            }
            for tag in ["ko", "ru", "fr"] {
                let a = PlatformInput.appleTargets(catalog, locale: tag, selectors: reference.selectors)
                let b = PlatformInput.appleTargets(index.messages(ofLocale: tag, translatableOnly: true), selectors: reference.selectors,
                                                   positions: nil)
                #expect(a.count == b.count, "\(tag)")
                for (x, y) in zip(a, b) {
                    #expect(x.key == y.key && x.keyPosition == y.keyPosition && x.state == y.state, "\(x.key)")
                    compare(x.text, y.text, x.pattern, y.pattern, x.formats, y.formats)
                }
                // How many plurals the one pass made (with the source's selector and without one).
                var scratch = PlatformInput.UnitScratch()
                index.forEachNumbered(ofLocale: tag, rawPlural: { number, plural in
                    let origin = PlatformInput.IndexedMessage(catalog: catalog, locale: tag, number: number)
                    let selector = next(2) == 0 ? reference.selectors[plural.entry.key] : nil
                    if PlatformInput.convert(plural: plural, selector: selector, origin: origin, scratch: &scratch, { _, _, _, _, _ in }) {
                        fast += 1
                    } else {
                        general += 1
                    }
                    return true
                }) { _, _ in }
            }
        }
        #expect(read > 10, "only \(read) catalogs indexed")
        #expect(fast > 200 && general > 500, "\(fast) plurals made in one pass, \(general) by the general path")
    }

    /// ``PlatformInput/pluralKeyword(_:)`` reads a case path's bytes: the index of its word in
    /// ICU's plural keywords for `plural.<keyword>`, nil for anything else.
    @Test func pluralKeywordsAreTheirPaths() {
        let words = ["zero", "one", "two", "few", "many", "other"]
        var paths = ["plural.", "plural", "plural.o", "Plural.one", "plural.One", "plural.others", "plural.onee", "plural.other.x",
                     "device.one", "plural.zer", "plural.mane", "plural.fev", "plural.twO", "plural.ïne", "substitutions.n.plural.one", ""]
        for word in words { paths += ["plural." + word, "plurale" + word, "plural," + word, "xlural." + word] }
        for path in paths {
            let want = path.hasPrefix("plural.") ? words.firstIndex(of: String(path.dropFirst(7))) : nil
            #expect(PlatformInput.pluralKeyword(path) == want, "\(path)")
            if let want { #expect(PlatformInput.pluralSelectorTexts[want] == (want == 0 ? "=0" : words[want])) }
        }
    }

    /// Each "ko" unit the one pass makes, against the string path's message: how many the one pass
    /// made, of how many units.
    func compareUnits(_ index: XCStringsIndex, _ catalog: PlatformInput.IndexedCatalog) -> (fast: Int, units: Int) {
        var scratch = PlatformInput.UnitScratch()
        var fast = 0
        var units = 0
        index.forEachNumbered(ofLocale: "ko", rawUnit: { number, unit in
            units += 1
            let origin = PlatformInput.IndexedMessage(catalog: catalog, locale: "ko", number: number)
            guard let a = PlatformInput.appleTarget(unit: unit, origin: origin, scratch: &scratch) else { return false }
            fast += 1
            let b = PlatformInput.appleTarget(string: unit.form, key: unit.entry.key, keyPosition: unit.entry.keyPosition,
                                              file: "L.xcstrings")
            #expect(a.key == b.key && a.keyPosition == b.keyPosition && a.state == b.state)
            compare(a.text, b.text, a.pattern, b.pattern, a.formats, b.formats)
            return true
        }) { _, _ in }
        return (fast, units)
    }

    func compare(_ a: PositionedText, _ b: PositionedText, _ p: MessagePattern?, _ q: MessagePattern?, _ f: PlatformFormats?,
                 _ g: PlatformFormats?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Array(a.text.utf8) == Array(b.text.utf8), sourceLocation: sourceLocation)
        #expect(a.file == b.file, sourceLocation: sourceLocation)
        #expect(p == q, "\(a.text)", sourceLocation: sourceLocation)
        #expect(f?.dialect == g?.dialect && f?.substitutions == g?.substitutions, sourceLocation: sourceLocation)
        #expect(f?.forms.map(\.path) == g?.forms.map(\.path) && f?.forms.map(\.format) == g?.forms.map(\.format)
                && f?.forms.map(\.substitution) == g?.forms.map(\.substitution), "\(a.text)", sourceLocation: sourceLocation)
        for (x, y) in zip(f?.forms ?? [], g?.forms ?? []) {
            for offset in 0...(x.format.specifiers.last?.range.upperBound ?? 0) + 1 {
                #expect(x.position(offset) == y.position(offset), sourceLocation: sourceLocation)
            }
        }
        for offset in -1...(a.text.utf16.count + 1) {
            #expect(a.position(ofUTF16Offset: offset) == b.position(ofUTF16Offset: offset), "\(a.text) @\(offset)",
                    sourceLocation: sourceLocation)
        }
    }
}
