import JavaFormatOracle
import SeededRandom
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats
import Testing

/// A platform string imported as ICU says what the platform says with the same arguments:
/// quotes and braces next to specifiers, `%%`, `%n`, positions Java counts apart, and the
/// numbers each specifier prints.
@Suite struct ImportedFormatTests {
    static func imported(_ text: String, locale: String = "en", dialect: FormatDialect = .java) throws -> ImportedMessage {
        let message = PlatformMessage(key: "k", keyPosition: SourcePosition(line: 1, column: 1), locale: locale, file: "f",
                                      forms: [PlatformForm(path: "", value: text, position: SourcePosition(line: 1, column: 1))])
        return try CatalogImport.icuMessage(from: message, dialect: dialect, locale: try ICULocale(locale))
    }

    /// Speakable's output for the imported message, arguments given by printf position.
    static func formatted(_ imported: ImportedMessage, locale: String, _ values: [Int: MessageArgument]) throws -> String {
        var arguments: [String: MessageArgument] = [:]
        for (position, name) in imported.arguments { arguments[name] = values[position] }
        return try CompiledMessage(imported.icu, locale: try ICULocale(locale)).format(arguments)
    }

    @Test func aQuoteNextToABraceKeepsTheArgument() throws {
        let quoted = try Self.imported("'{x}' %s")
        #expect(quoted.icu == "'''{'x'}''' {arg1}")
        #expect(try Self.formatted(quoted, locale: "en", [1: .string("v")]) == "'{x}' v")
        let around = try Self.imported("{'} %s {'}")
        #expect(try Self.formatted(around, locale: "en", [1: .string("v")]) == "{'} v {'}")
        // In a plural case a final apostrophe comes before the case's closing brace.
        let message = PlatformMessage(key: "k", keyPosition: SourcePosition(line: 1, column: 1), locale: "en", file: "f", forms: [
            PlatformForm(path: "plural.one", value: "%d file'", position: SourcePosition(line: 1, column: 1)),
            PlatformForm(path: "plural.other", value: "%d files'", position: SourcePosition(line: 1, column: 1)),
        ])
        let plural = try CatalogImport.icuMessage(from: message, dialect: .java, locale: .english)
        #expect(try CompiledMessage(plural.icu, locale: .english).format(["arg1": .int(2)]) == "2 files'")
    }

    /// A message no string of which reads an argument is shown as it is (`getString(id)`):
    /// `%%` stays two signs; once some form reads one, every form is formatted.
    @Test func textWithoutArgumentsIsNoFormat() throws {
        #expect(try Self.imported("100%% sure").icu == "100%% sure")
        #expect(try Self.imported("%1$d%% done").icu == "{arg1, number, ::group-off}% done")
        let message = PlatformMessage(key: "k", keyPosition: SourcePosition(line: 1, column: 1), locale: "en", file: "f", forms: [
            PlatformForm(path: "plural.one", value: "All (100%%)", position: SourcePosition(line: 1, column: 1)),
            PlatformForm(path: "plural.other", value: "%d%%", position: SourcePosition(line: 1, column: 1)),
        ])
        #expect(try CatalogImport.icuMessage(from: message, dialect: .java, locale: .english).icu
                == "{arg1, plural, one {All (100%)} other {{arg1, number, ::group-off}%}}")
    }

    @Test func javaCountsOrdinarySpecifiersApart() throws {
        let imported = try Self.imported("%2$s and %s")
        #expect(imported.icu == "{arg2} and {arg1}")
        #expect(imported.arguments == [1: "arg1", 2: "arg2"])
    }

    @Test func floatingPointKeepsItsDigits() throws {
        let java = try Self.imported("%1$.2fx is already saved.")
        #expect(java.icu == "{arg1, number, ::.00 group-off rounding-mode-half-up}x is already saved.")
        #expect(try Self.formatted(java, locale: "en", [1: .double(1.5)]) == "1.50x is already saved.")
        #expect(try Self.formatted(java, locale: "en", [1: .double(2.675)]) == "2.68x is already saved.")
        let apple = try Self.imported("%.1f%%", dialect: .apple)
        #expect(apple.icu == "{arg1, number, ::.0 group-off}%")
    }

    /// Random Android strings with quotes, braces, `#`, `%%`, `%n` and specifiers of every
    /// common kind, in five locales: ICU's output for the import equals openjdk's
    /// `String.format(locale, text, values)` (for a string that reads no argument: its text, as
    /// `getString(id)` returns it). Two known differences are left out (docs/compile.md):
    /// a negative number padded with zeros (Java counts the sign in the width: `%03d` of -42 is
    /// "-42", ICU's `integer-width/*000` "-042") and a negative number in Arabic (ICU writes an
    /// Arabic letter mark before the minus sign, Java does not).
    @Test(.enabled(if: JavaRunner.available || JavaRunner.required, "javac/java are not installed; imports are not compared with String.format"))
    func importedAndroidStringsFormatAsJavaDoes() throws {
        guard JavaRunner.available else {
            Issue.record("CI is set but javac/java are not installed (Debian: openjdk-17-jdk-headless)")
            return
        }
        enum Kind: CaseIterable { case text, integer, double }
        let literals = ["'", "''", "{", "}", "{x}", "'{x}'", "#", " ", "a", "é", "%%", "%n", "|", "{0}", "'{'", "}'", "''{", "x'"]
        let specifiers: [Kind: [String]] = [
            .text: ["s"], .integer: ["d", ",d", "02d", "03d"], .double: [".2f", ",.2f", ".1f", "f", ".0f"],
        ]
        let locales = ["en", "de", "ru", "ar", "ko"]
        let values: [Kind: [MessageArgument]] = [
            .text: [.string("Mina"), .string("{b}'"), .string("")],
            .integer: [.int(3), .int(9180), .int(-42), .int(1_234_567)],
            .double: [.double(1.5), .double(2.675), .double(1234.5), .double(-0.125), .double(0)],
        ]
        var random = SplitMix(seed: 21)
        var cases: [(text: String, locale: String, values: [Int: MessageArgument], imported: ImportedMessage)] = []
        while cases.count < 600 {
            let kinds = (0..<3).map { _ in random.pick(Kind.allCases) }
            var text = ""
            var ordinary = 0
            for _ in 0..<(1 + random.below(7)) {
                if random.chance(55) {
                    text += random.pick(literals)
                } else if random.chance(50) {
                    let position = 1 + random.below(3)
                    text += "%\(position)$" + random.pick(specifiers[kinds[position - 1]]!)
                } else if ordinary < 3 {
                    ordinary += 1
                    text += "%" + random.pick(specifiers[kinds[ordinary - 1]]!)
                }
            }
            let locale = random.pick(locales)
            let negatives = locale != "ar" && !text.contains("%0") && !text.contains("$0")
            var arguments: [Int: MessageArgument] = [:]
            for position in 1...3 {
                let choices = values[kinds[position - 1]]!.filter { value in
                    switch value {
                    case .int(let n): negatives || n >= 0
                    case .double(let d): negatives || d >= 0
                    default: true
                    }
                }
                arguments[position] = random.pick(choices)
            }
            let imported = try Self.imported(text, locale: "en")
            cases.append((text, locale, arguments, imported))
        }
        let calls = cases.map { item in
            JavaRunner.Call(locale: item.locale, format: item.text, values: (1...3).map { position in
                switch item.values[position]! {
                case .string(let s): .string(s)
                case .int(let n): .integer(n)
                case .double(let d): .double(d)
                case .date: .string("")
                }
            })
        }
        let outcomes = try JavaRunner.format(calls)
        var compared = 0
        for (item, outcome) in zip(cases, outcomes) {
            guard case .success(let formatted) = outcome else {
                Issue.record("String.format(\(item.locale), \"\(item.text)\") threw \(outcome): the generator makes only formats Java accepts")
                continue
            }
            // A string that reads no argument is shown as it is (getString(id)), not formatted.
            let java = FormatString.parse(item.text, dialect: .java).readsArguments ? formatted : item.text
            // Each locale's own import: the same ICU text, but checked as a translation would be.
            let imported = try Self.imported(item.text, locale: item.locale)
            #expect(imported.icu == item.imported.icu)
            let speakable = try Self.formatted(imported, locale: item.locale, item.values)
            #expect(speakable == java, "\(item.locale) \"\(item.text)\" → \(imported.icu)")
            compared += 1
        }
        #expect(compared == cases.count)
    }
}
