import SpeakableJSON

/// A generated project with every number style the built-in catalog, the reference apps, the test
/// fixtures and ICU's common skeletons use, each on a `Double` (examples pass fractions) and on
/// an `Int`, in locales whose numbers differ: decimal comma (de, pl, ru), Arabic digits and
/// separators (ar), Indian grouping (hi), Korean. The differential sweeps every `Double`
/// argument over 0.5, 1.25, 1234567.891, -3.5, 0 and 100 (``CaseGenerator/doubleSweep``).
///
/// ```swift
/// try NumbersProject.write(to: "/tmp/numbers")
/// // speakable.json, Templates/numbers.json, Locales/<6 locales>/numbers.json
/// ```
public enum NumbersProject {
    /// The target locales (the source is English).
    public static let locales = ["ar", "de", "hi", "ko", "pl", "ru"]

    /// ICU number styles, as written after `number,` (nil: `{x}` with no type).
    public static let styles: [(name: String, style: String?)] = [
        ("untyped", nil), ("number", ""), ("integer", "integer"), ("percent", "percent"), ("currency", "currency"),
        ("skeletonPercent", "::percent"), ("scale", "::scale/100"), ("percentScaled", "::percent scale/100"),
        ("precisionInteger", "::precision-integer"), ("twoDecimals", "::.00"), ("compact", "::compact-short"),
        ("euro", "::currency/EUR"), ("groupOff", "::group-off"), ("twoDigits", "::integer-width/*00"),
        ("twoDigitsUngrouped", "::integer-width/*00 group-off"), ("fourDigits", "::integer-width/*0000"),
        ("seconds", "::measure-unit/duration-second unit-width-full-name"),
        ("minutes", "::measure-unit/duration-minute unit-width-full-name"),
        ("oneDecimalPattern", "0.0"), ("groupedPattern", "#,##0.00"),
    ]

    public static func write(to directory: String) throws(DifferentialError) {
        for (path, text) in generate().sorted(by: { $0.key < $1.key }) { try Files.write(text, to: directory + "/" + path) }
    }

    /// Path → contents (the same every time).
    public static func generate() -> [String: String] {
        var templates: [(String, JSONValue)] = []
        var messages: [(key: String, text: String)] = []
        func add(_ key: String, _ text: String, _ examples: [(String, JSONValue)], comment: String) {
            templates.append((key, .object([
                ("role", .string("value")), ("message", .string(text)), ("comment", .string(comment)),
                ("examples", .array([.object(examples)])),
            ])))
            messages.append((key, text))
        }
        for (name, style) in styles {
            let argument = style.map { "{x, number" + ($0.isEmpty ? "" : ", " + $0) + "}" } ?? "{x}"
            add("numbers.double.\(name)", argument, [("x", .double(1_234_567.891))],
                comment: "A fraction, as \(argument) formats it.")
            add("numbers.int.\(name)", argument, [("x", .int(9180))], comment: "A whole number, as \(argument) formats it.")
        }
        // Positions: an integer, a fraction as text twice in two styles, a plural.
        add("numbers.mixed", "{count, plural, one {# try} other {# tries}}: {ratio, number, percent} ({ratio}), {count, number, ::compact-short}",
            [("count", .int(3)), ("ratio", .double(0.25))], comment: "Several numbers in one message.")
        // Korean particles after numbers only known at run time: the accessors resolve them
        // from the text ("1.5가", "25%로"); strings.xml keeps the notation (the compile warns).
        let particle = "Ratio {ratio} is high, {p, number, percent} done"
        templates.append(("numbers.particle", .object([
            ("role", .string("value")), ("message", .string(particle)), ("comment", .string("Particles after fractions.")),
            ("examples", .array([.object([("ratio", .double(1.5)), ("p", .double(0.25))])])),
        ])))
        var files: [String: String] = [:]
        files["speakable.json"] = JSONValue.object([
            ("sourceLocale", .string("en")), ("targetLocales", .array(locales.map(JSONValue.string))),
        ]).prettyPrinted() + "\n"
        files["Templates/numbers.json"] = JSONValue.object([("messages", .object(templates))]).prettyPrinted() + "\n"
        for tag in locales {
            let own = tag == "ko" ? "비율 {ratio}이(가) 높습니다, {p, number, percent}(으)로 완료" : particle
            files["Locales/\(tag)/numbers.json"] = JSONValue.object(messages.map { ($0.key, JSONValue.string($0.text)) } + [("numbers.particle", .string(own))])
                .prettyPrinted() + "\n"
        }
        return files
    }
}
