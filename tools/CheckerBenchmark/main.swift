// CheckerBenchmark: the inputs of the checker benchmark (run.sh runs the tools side by side), and
// an in-process check for profiling.
//
//   swift run -c release CheckerBenchmark generate DIR [--messages 100000] [--locales 10] [--catalog-keys 10000]
//   swift run -c release CheckerBenchmark generate DIR --android-mix [--messages N] [--locales L]
//   swift run -c release CheckerBenchmark generate DIR --android-varied [--messages N] [--locales L]
//   swift run -c release CheckerBenchmark check DIR          # in-process: load, check, peak memory
//
// One set of messages written three ways, with the same translations and the same mistakes:
//
// * DIR/project: a Speakable project, 1,000 messages per table; labels, values, hints and
//   announcements with arguments and plurals (a fifth with examples, so over-long formats and
//   measures them); every locale translates plurals with the locale's own categories.
// * DIR/android: res/values*/strings.xml and compare-locales' l10n.toml. Every message is a
//   `<string>` (a plural message as its `other` text, `%d`), because compare-locales reads no
//   other resource: it reports a `<plurals>` as "Unparsed content" and checks nothing in it.
//   Both tools read exactly these files.
// * DIR/xcstrings: String Catalogs of `--catalog-keys` keys each (plural variations with the
//   locale's categories), so that no catalog passes the readers' limits.
//
// About 1% carry a mistake that a rule finds (a renamed argument, a missing translation, an extra
// key, a double space), written identically into every format.
//
// `--android-mix` writes only DIR/android (res/ and l10n.toml), as real apps write strings.xml:
// the same messages, but 10% as `<plurals>` (the locale's categories), 3% as `<string-array>`,
// 5% with `<xliff:g>` or `<b>` inside, 5% with an escaped apostrophe (`\'`), and a comment every
// 50 elements — to measure the checker on files that are not plain lists of `<string>`s against
// the strings-only res/ of the same size (compare-locales reads only the `<string>`s of these).
//
// `--android-varied` writes DIR/android and DIR/manifest.json from another, seeded generator
// (VariedCorpus.swift): the checker's speed on a res/ that is not this one's.
import FoundationEssentials
import SpeakableCatalog
import SpeakableChecker
import SpeakableICU
import SpeakableSpeech

#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: Int) -> Int {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let n = Int(arguments[i + 1]) else { return fallback }
    return n
}
guard arguments.count >= 2, ["generate", "check"].contains(arguments[0]) else {
    print("usage: CheckerBenchmark generate DIR [--messages N] [--locales L] [--android-mix | --android-varied] | CheckerBenchmark check DIR")
    exit(64)
}
let directory = arguments[1]

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func peakMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func write(_ text: String, _ path: String) {
    let folder = String(path[..<path.lastIndex(of: "/")!])
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

// MARK: generate

/// One message in three notations: ICU for Speakable, printf for Android and for Apple.
struct Message {
    var key: String
    var role: String
    var icu: String
    /// A `<string>` (compare-locales reads no other resource).
    var android: String
    /// `.string(text)` or `.plural([(category, text)])`.
    var apple: Apple
    var example: String?

    enum Apple { case string(String), plural([(String, String)]) }
}

let words = ["row", "column", "cell", "board", "piece", "score", "level", "star", "coin", "hint", "line", "block",
             "square", "corner", "gap", "combo", "time", "round", "rack", "slot", "bonus", "streak", "target", "ink"]

func phrase(_ seed: Int, _ count: Int) -> String {
    (0..<count).map { words[(seed &* 31 &+ $0 &* 7) % words.count] }.joined(separator: " ")
}

func sourceMessage(_ i: Int) -> Message {
    let key = "t\(i / 1000).m\(i % 1000)"
    let roles = ["label", "value", "hint", "announcement", "text"]
    let role = roles[i % roles.count]
    let head = phrase(i, 1 + i % 3).capitalizedFirst
    switch i % 4 {
    case 0:
        return Message(key: key, role: role, icu: "\(head) {row}, \(phrase(i + 1, 1)) {column}",
                       android: "\(head) %1$d, \(phrase(i + 1, 1)) %2$d",
                       apple: .string("\(head) %1$lld, \(phrase(i + 1, 1)) %2$lld"),
                       example: i % 5 == 0 ? #"{"row": 3, "column": 5}"# : nil)
    case 1:
        let noun = words[i % words.count]
        return Message(key: key, role: role, icu: "\(head), {n, plural, one {# \(noun)} other {# \(noun)s}}",
                       android: "\(head), %d \(noun)s",
                       apple: .plural([("one", "\(head), %lld \(noun)"), ("other", "\(head), %lld \(noun)s")]),
                       example: i % 5 == 0 ? #"{"n": 2}"# : nil)
    case 2:
        return Message(key: key, role: role, icu: "\(head) {name}", android: "\(head) %1$s", apple: .string("\(head) %1$@"),
                       example: i % 5 == 0 ? #"{"name": "Mina"}"# : nil)
    default:
        let text = head + " " + phrase(i + 2, 2)
        return Message(key: key, role: role, icu: text, android: text, apple: .string(text), example: nil)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

func xmlEscape(_ text: String) -> String {
    var out = ""
    for ch in text {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case "'": out += "\\'"
        case "\"": out += "\\\""
        default: out.append(ch)
        }
    }
    return out
}

func jsonEscape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
}

if arguments[0] == "generate", arguments.contains("--android-varied") {
    let start = now()
    VariedCorpus.write(directory: directory, count: option("--messages", 10_000), localeCount: option("--locales", 10))
    print("generated a varied Android res/ in \(String(format1: now() - start)) s")
    exit(0)
}

if arguments[0] == "generate" {
    let count = option("--messages", 100_000)
    let localeCount = option("--locales", 10)
    let catalogKeys = max(1, option("--catalog-keys", 10_000))
    let mix = arguments.contains("--android-mix")
    let resourcesTag = mix ? "<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">" : "<resources>"
    let tags = Array(["ko", "ja", "de", "fr", "es", "ru", "pl", "ar", "pt", "it", "tr", "nl"].prefix(localeCount))
    let start = now()
    let messages = (0..<count).map(sourceMessage)
    let tables = stride(from: 0, to: count, by: 1000).map { Array(messages[$0..<min($0 + 1000, count)]) }
    // Templates/ and values/.
    var values = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(resourcesTag)\n"
    for (t, table) in tables.enumerated() {
        var json = "{\n  \"messages\": {\n"
        for (j, m) in table.enumerated() {
            json += "    \"\(m.key)\": {\"role\": \"\(m.role)\", \"message\": \"\(jsonEscape(m.icu))\""
            if let example = m.example { json += ", \"examples\": [\(example)]" }
            json += "}" + (j + 1 < table.count ? "," : "") + "\n"
            values += mix ? mixedAndroid(m, index: t * 1000 + j, tag: nil, categories: ["one", "other"]) : android(m.android, name: m.key)
        }
        json += "  }\n}\n"
        if !mix { write(json, directory + "/project/Templates/t\(t).json") }
    }
    values += "</resources>\n"
    write(values, directory + "/android/res/values/strings.xml")
    if !mix {
        write("{\"sourceLocale\": \"en\", \"targetLocales\": [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]}\n",
              directory + "/project/speakable.json")
    }
    // Locales/<tag>/ and values-<tag>/; the String Catalogs' localizations by message.
    var appleTranslations: [[(tag: String, apple: Message.Apple)]] = Array(repeating: [], count: count)
    for tag in tags {
        let rules = try! PluralRules.cached(for: ICULocale(tag), kind: .cardinal)
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(resourcesTag)\n"
        for (t, table) in tables.enumerated() {
            var json = "{\n"
            var lines: [String] = []
            for (j, m) in table.enumerated() {
                let i = t * 1000 + j
                if (i &* 7 &+ tag.count) % 200 == 0 { continue }   // 0.5%: missing translation
                var translated = translate(m, tag: tag, categories: rules.categories.map(\.rawValue))
                if (i &* 13 &+ tag.count) % 300 == 0, translated.android.contains("%1$"), case .string(let s) = translated.apple {
                    // 0.3%: a renamed argument
                    translated.icu = translated.icu.replacingOccurrences(of: "{row}", with: "{rows}").replacingOccurrences(of: "{name}", with: "{nom}")
                    translated.android = translated.android.replacingOccurrences(of: "%1$", with: "%3$")
                    translated.apple = .string(s.replacingOccurrences(of: "%1$", with: "%3$"))
                }
                if (i &* 17 &+ tag.count) % 250 == 0, case .string(let s) = translated.apple {
                    // 0.4%: a double space
                    translated.icu = translated.icu.replacingOccurrences(of: " ", with: "  ", count: 1)
                    translated.android = "\"" + translated.android.replacingOccurrences(of: " ", with: "  ", count: 1) + "\""
                    translated.apple = .string(s.replacingOccurrences(of: " ", with: "  ", count: 1))
                }
                lines.append("  \"\(m.key)\": \"\(jsonEscape(translated.icu))\"")
                xml += mix ? mixedAndroid(translated, index: i, tag: tag, categories: rules.categories.map(\.rawValue))
                    : android(translated.android, name: m.key)
                appleTranslations[i].append((tag, translated.apple))
            }
            if t == 0 {   // an extra key in each locale (a String Catalog has one list of keys: not there)
                lines.append("  \"t0.extra\": \"\(tag)\"")
                xml += "  <string name=\"t0.extra\">\(tag)</string>\n"
            }
            json += lines.joined(separator: ",\n") + "\n}\n"
            if !mix { write(json, directory + "/project/Locales/\(tag)/t\(t).json") }
        }
        xml += "</resources>\n"
        write(xml, directory + "/android/res/values-\(tag)/strings.xml")
    }
    // compare-locales' project file.
    write("""
    basepath = "."
    locales = [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]
    [[paths]]
      reference = "res/values/strings.xml"
      l10n = "res/values-{android_locale}/strings.xml"

    """, directory + "/android/l10n.toml")
    if mix {
        print("generated \(count) messages × \(tags.count) locales as a mixed Android res/ in \(String(format1: now() - start)) s")
        exit(0)
    }
    // String Catalogs.
    for (c, first) in stride(from: 0, to: count, by: catalogKeys).enumerated() {
        var json = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for i in first..<min(first + catalogKeys, count) {
            let m = messages[i]
            let localizations = [("en", m.apple)] + appleTranslations[i].map { ($0.tag, $0.apple) }
            json += "    \"\(m.key)\" : {\n      \"localizations\" : {\n"
            json += localizations.map { tag, apple in "        \"\(tag)\" : " + appleJSON(apple) }.joined(separator: ",\n")
            json += "\n      }\n    }" + (i + 1 < min(first + catalogKeys, count) ? "," : "") + "\n"
        }
        json += "  },\n  \"version\" : \"1.0\"\n}\n"
        write(json, directory + "/xcstrings/Strings\(c).xcstrings")
    }
    // What each tool must have read: the benchmark compares it with what each reports.
    let translations = appleTranslations.reduce(0) { $0 + $1.count }
    let catalogs = (count + catalogKeys - 1) / catalogKeys
    write("""
    {"messages": \(count), "locales": \(tags.count), "translations": \(translations), "extraKeys": \(tags.count),
     "catalogs": [\((0..<catalogs).map { "\"xcstrings/Strings\($0).xcstrings\"" }.joined(separator: ", "))]}

    """, directory + "/manifest.json")
    print("generated \(count) messages × \(tags.count) locales (\(tables.count) tables) in \(String(format1: now() - start)) s")
    exit(0)
}

func android(_ text: String, name: String) -> String {
    "  <string name=\"\(name)\">\(text.hasPrefix("\"") ? text : xmlEscape(text))</string>\n"
}

/// `--android-mix`: message `index` as real apps write it (see the top of this file); `tag` nil for
/// the source. The kind of element depends on the index only, so every locale has the same kinds.
func mixedAndroid(_ m: Message, index i: Int, tag: String?, categories: [String]) -> String {
    let mark = tag.map { "\($0.uppercased())·" } ?? ""
    var xml = i % 50 == 0 ? "  <!-- Section \(i / 50): \(phrase(i, 2)) -->\n" : ""
    let noun = words[i % words.count]
    switch (i &* 37) % 100 {  // spread over the file
    case 0..<10:
        // Each item in the locale's categories; every fifth with its count marked as a placeholder.
        let count = i % 5 == 0 ? "<xliff:g id=\"count\" example=\"3\">%d</xliff:g>" : "%d"
        xml += "  <plurals name=\"\(m.key)\">\n"
        for category in categories {
            xml += "    <item quantity=\"\(category)\">\(mark)\(count) \(noun)\(category == "one" ? "" : "s")</item>\n"
        }
        return xml + "  </plurals>\n"
    case 10..<13:
        xml += "  <string-array name=\"\(m.key)\">\n"
        for k in 0..<3 { xml += "    <item>\(xmlEscape(mark + phrase(i + k, 2)))</item>\n" }
        return xml + "  </string-array>\n"
    case 13..<18 where m.android.contains("%"):
        // The first specifier as a placeholder.
        let text = xmlEscape(m.android)
        let start = text.firstIndex(of: "%")!
        let end = text[start...].firstIndex { $0 == "d" || $0 == "s" }!
        return xml + "  <string name=\"\(m.key)\">\(text[..<start])<xliff:g id=\"value\" example=\"7\">\(text[start...end])</xliff:g>"
            + "\(text[text.index(after: end)...])</string>\n"
    case 13..<18:
        let text = xmlEscape(m.android)
        let space = text.firstIndex(of: " ") ?? text.endIndex
        return xml + "  <string name=\"\(m.key)\"><b>\(text[..<space])</b>\(text[space...])</string>\n"
    case 18..<23 where !m.android.hasPrefix("\""):
        return xml + android("It's " + m.android, name: m.key)
    default:
        return xml + android(m.android, name: m.key)
    }
}

func appleJSON(_ apple: Message.Apple) -> String {
    func unit(_ text: String) -> String { "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(jsonEscape(text))\" } }" }
    switch apple {
    case .string(let text): return unit(text)
    case .plural(let forms):
        return "{ \"variations\" : { \"plural\" : { " + forms.map { "\"\($0.0)\" : \(unit($0.1))" }.joined(separator: ", ") + " } } }"
    }
}

/// A stand-in translation: the words marked with the locale, plurals with the locale's own categories.
func translate(_ m: Message, tag: String, categories: [String]) -> Message {
    var t = m
    let mark = "\(tag.uppercased())·"
    t.android = mark + m.android
    switch m.apple {
    case .string(let s):
        t.icu = mark + m.icu
        t.apple = .string(mark + s)
    case .plural(let items):
        let one = items.first { $0.0 == "one" }!.1
        let other = items.first { $0.0 == "other" }!.1
        t.apple = .plural(categories.map { ($0, mark + ($0 == "one" ? one : other)) })
        let head = String(m.icu[..<m.icu.firstRange(of: "{n, plural")!.lowerBound])
        let noun = String(other.split(separator: " ").last!)
        t.icu = mark + head + "{n, plural, " + categories.map { "\($0) {# \(noun)}" }.joined(separator: " ") + "}"
    }
    return t
}

extension String {
    init(format1 value: Double) {
        let n = Int((value * 100).rounded())
        self = "\(n / 100).\(n % 100 < 10 ? "0" : "")\(n % 100)"
    }

    func replacingOccurrences(of target: String, with replacement: String, count limit: Int = Int.max) -> String {
        var result = ""
        var rest = self[...]
        var done = 0
        while done < limit, let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
            done += 1
        }
        return result + rest
    }
}

// MARK: check

let loadStart = now()
let project = ProjectLoader.load(directory: directory + "/project")
let input = ProjectInput.make(from: project)
let loaded = now()
let result = Checker.run(input) { SpokenLength.seconds($0, locale: $1) }
let checked = now()
let sourceMessages = input.tables.reduce(0) { $0 + $1.messages.count }
let translations = input.tables.reduce(0) { $0 + $1.locales.reduce(0) { $0 + $1.messages.count } }
let total = sourceMessages + translations
var byRule: [String: Int] = [:]
for f in result.findings { byRule[f.rule.rawValue, default: 0] += 1 }
print("messages: \(sourceMessages) source + \(translations) translations = \(total)")
print("load (read, parse JSON and MF1): \(String(format1: loaded - loadStart)) s")
print("check (all rules): \(String(format1: checked - loaded)) s")
print("total: \(String(format1: checked - loadStart)) s, \(Int(Double(total) / (checked - loadStart))) messages/s")
print("peak memory: \(Int(peakMegabytes())) MB")
print("findings: " + byRule.keys.sorted().map { "\($0) \(byRule[$0]!)" }.joined(separator: ", "))
