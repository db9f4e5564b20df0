// `generate DIR --android-varied`: an Android res/ generated another way than the benchmark's own,
// the way real apps' strings.xml differ from a list of one-line `<string>`s. Seeded, so every run
// writes the same bytes.
//
// * Two string files per values folder (strings.xml and strings_settings.xml), keys of every
//   length and naming habit (snake_case, dotted, camelCase; one letter to sixty).
// * Texts from one word to a paragraph; translations in the locale's own script (Cyrillic,
//   Arabic, kana, Han, Latin with accents), not marked ASCII.
// * Printf formats of every kind (%1$s, %2$d, %d, %s, %.2f, %1$.1f), reordered in translations
//   where they are positional; XML escapes (\', \", \n, &amp;, &lt;, &gt;), CDATA, `<xliff:g>`
//   placeholders, `<b>`/`<i>` markup, quoted texts, comments (some over several lines).
// * 12% `<plurals>` with each locale's own categories, 3% `<string-array>`, 3% of the source
//   `translatable="false"` (never translated).
// * Uneven coverage: from every string to half of them per locale, a few keys each locale has
//   that the source does not, and about 1% mistakes that both tools find (an argument the
//   source does not have, in a string without markup) or that only speakable reads (a plural
//   without one of its locale's categories, two spaces in a row).
//
// DIR/android/manifest.json says what each tool must have read.
import FoundationEssentials
import SeededRandom
import SpeakableICU

/// The project's seeded generator, with the corpus's one more draw.
typealias VariedRandom = SplitMix

extension SplitMix {
    /// A number in `low...high`.
    mutating func range(_ low: Int, _ high: Int) -> Int { low + below(high - low + 1) }
}

enum VariedCorpus {
    /// The locales (BCP 47 as compare-locales names them), the share of the source's strings each
    /// translates (percent), and the syllables its words are made of.
    static let locales: [(tag: String, coverage: Int, syllables: [String])] = [
        ("de", 100, ["sch", "ei", "ün", "ber", "ä", "lich", "keit", "ung", "ß", "auf", "stra", "ge"]),
        ("fr", 99, ["é", "ré", "ion", "qu", "eau", "è", "ment", "ç", "oi", "par", "tê", "lle"]),
        ("es", 97, ["ción", "ña", "es", "lo", "í", "ar", "mos", "ue", "ll", "bré", "ta", "dí"]),
        ("pt-BR", 95, ["ção", "õe", "nh", "ar", "ê", "lh", "do", "ã", "pa", "ra", "é", "mos"]),
        ("ru", 92, ["пр", "ов", "ать", "ни", "ст", "ый", "ка", "ож", "ще", "ль", "ре", "ию"]),
        ("ja", 90, ["の", "を", "して", "くだ", "さい", "設定", "画面", "カ", "ード", "ます", "す", "る"]),
        ("pl", 85, ["ść", "prz", "ie", "ó", "ł", "cz", "ny", "wa", "ę", "sz", "ko", "ą"]),
        ("zh-CN", 80, ["设置", "的", "通知", "用户", "文件", "打开", "保存", "无法", "网络", "请", "选择", "更新"]),
        ("ar", 70, ["ال", "ت", "م", "ين", "ك", "ش", "ر", "ة", "و", "ن", "ح", "ف"]),
        ("uk", 55, ["ї", "ння", "пр", "ов", "є", "ти", "ка", "ці", "ст", "ий", "зб", "ер"]),
    ]

    static let english = ["account", "settings", "notification", "message", "photo", "upload", "download", "share", "delete",
                          "the", "your", "a", "file", "folder", "network", "connection", "is", "was", "could", "not", "be",
                          "saved", "try", "again", "later", "open", "close", "with", "from", "to", "in", "on", "sync",
                          "contacts", "privacy", "storage", "permission", "battery", "app", "update", "available", "new",
                          "password", "email", "address", "sign", "out", "of", "all", "devices", "backup", "restore"]

    /// One resource of the source.
    struct Resource {
        enum Kind { case string, plurals, array }
        var kind: Kind
        var name: String
        var file: Int
        var translatable = true
        /// The formats of a string (in order), of a plural's items, or none.
        var formats: [String] = []
        /// A string's shape: 0 plain, 1 `<xliff:g>` around its first format, 2 `<b>` markup, 3 CDATA,
        /// 4 quoted.
        var shape = 0
        var words = 1
        var items = 0
        var comment: String? = nil
        var escapes: [String] = []
    }

    static func name(_ i: Int, _ r: inout VariedRandom) -> String {
        let parts = ["settings", "notification", "action", "error", "title", "summary", "dialog", "button", "label",
                     "pref", "msg", "hint", "desc", "menu", "toast", "onboarding", "account", "sync", "share", "item"]
        switch r.below(10) {
        case 0: return "s\(i)"
        case 1: return "\(r.pick(parts)).\(r.pick(parts)).k\(i)"
        case 2:
            let a = r.pick(parts), b = r.pick(parts)
            return "\(a)\(b.prefix(1).uppercased())\(b.dropFirst())\(i)"
        case 3:
            return (0..<r.range(5, 8)).map { _ in r.pick(parts) }.joined(separator: "_") + "_\(i)"
        default:
            return (0..<r.range(1, 3)).map { _ in r.pick(parts) }.joined(separator: "_") + "_\(i)"
        }
    }

    static func resources(_ count: Int, _ r: inout VariedRandom) -> [Resource] {
        let formats = ["%1$s", "%2$d", "%d", "%s", "%.2f", "%1$.1f"]
        return (0..<count).map { i in
            var res = Resource(kind: .string, name: name(i, &r), file: r.chance(15) ? 1 : 0)
            switch r.below(100) {
            case 0..<12:
                res.kind = .plurals
                res.formats = [r.chance(70) ? "%d" : "%1$d"]
                res.shape = r.chance(20) ? 1 : 0
            case 12..<15:
                res.kind = .array
                res.items = r.range(2, 8)
            default:
                res.translatable = !r.chance(3)
                switch r.below(10) {
                case 0..<5: res.formats = []
                case 5..<8:
                    // One format, or two positional ones (which translations may reorder).
                    let one = r.pick(formats)
                    res.formats = one.contains("$") && r.chance(50) ? ["%1$s", "%2$d"] : [one]
                default: res.formats = r.chance(50) ? ["%1$s", "%2$s", "%3$d"] : ["%s", "%d"]
                }
                let shape = r.below(100)
                res.shape = shape < 6 && !res.formats.isEmpty ? 1 : shape < 10 ? 2 : shape < 12 ? 3 : shape < 14 ? 4 : 0
                res.escapes = (0..<(r.chance(15) ? r.range(1, 3) : 0)).map { _ in r.pick(["\\'", "\\\"", "\\n", "&amp;", "&lt;", "&gt;"]) }
            }
            // Labels, sentences and, now and then, a paragraph.
            let length = r.below(100)
            res.words = length < 35 ? r.range(1, 3) : length < 85 ? r.range(4, 14) : length < 97 ? r.range(15, 40) : r.range(41, 110)
            if r.chance(18) {
                res.comment = r.chance(25) ? "\n    Shown \(r.pick(english)) \(r.pick(english)).\n    Keep it short.\n  "
                    : " \(r.pick(english)) \(r.pick(english)) \(i) "
            }
            return res
        }
    }

    static func words(_ count: Int, _ syllables: [String]?, _ r: inout VariedRandom) -> [String] {
        (0..<count).map { _ in
            guard let syllables else { return r.pick(english) }
            return (0..<r.range(1, 3)).map { _ in r.pick(syllables) }.joined()
        }
    }

    /// A text of `res` with its formats spread over its words (in `order`) and its escapes; XML-ready.
    static func text(_ res: Resource, formats: [String], syllables: [String]?, _ r: inout VariedRandom) -> String {
        var parts = words(res.words, syllables, &r)
        if res.words > 1, let first = parts.first, syllables == nil { parts[0] = first.prefix(1).uppercased() + first.dropFirst() }
        for (k, format) in formats.enumerated() {
            let wrapped = res.shape == 1 && k == 0 ? "<xliff:g id=\"arg\(k)\" example=\"7\">\(format)</xliff:g>" : format
            parts.insert(wrapped, at: min(parts.count, (k + 1) * parts.count / (formats.count + 1) + k))
        }
        for escape in res.escapes { parts.insert(escape, at: r.below(parts.count + 1)) }
        var text = parts.joined(separator: " ")
        switch res.shape {
        case 2 where parts.count > 1:
            text = "<b>\(parts[0])</b> " + parts.dropFirst().joined(separator: " ")
        case 3:
            text = "<![CDATA[<i>\(parts.joined(separator: " "))</i>]]>"
        case 4:
            text = "\"" + (r.chance(50) ? " " : "") + text + "\""
        default:
            break
        }
        return text
    }

    static func element(_ res: Resource, body: String, extra: String = "") -> String {
        var xml = ""
        if let comment = res.comment { xml += "  <!--\(comment)-->\n" }
        let tag = res.kind == .string ? "string" : res.kind == .plurals ? "plurals" : "string-array"
        return xml + "  <\(tag) name=\"\(res.name)\"\(extra)>\(body)</\(tag)>\n"
    }

    static func write(directory: String, count: Int, localeCount: Int) {
        var r = VariedRandom(state: 0x5EED_0A17_D0C5)
        let resources = resources(count, &r)
        let used = Array(locales.prefix(localeCount))
        let fileNames = ["strings.xml", "strings_settings.xml"]
        let header = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
        // The source.
        var files = Array(repeating: header, count: fileNames.count)
        var sourceStrings = 0, untranslatable = 0, plurals = 0, arrays = 0
        for res in resources {
            switch res.kind {
            case .string:
                sourceStrings += 1
                if !res.translatable { untranslatable += 1 }
                files[res.file] += element(res, body: text(res, formats: res.formats, syllables: nil, &r),
                                           extra: res.translatable ? "" : " translatable=\"false\"")
            case .plurals:
                plurals += 1
                files[res.file] += element(res, body: pluralItems(res, categories: ["one", "other"], syllables: nil, &r) + "  ")
            case .array:
                arrays += 1
                files[res.file] += element(res, body: arrayItems(res, syllables: nil, &r) + "  ")
            }
        }
        for (f, name) in fileNames.enumerated() { writeFile(files[f] + "</resources>\n", directory + "/android/res/values/\(name)") }
        // Each locale.
        var translations = 0, translatedStrings = 0, extraKeys = 0, translatedPlurals = 0, translatedArrays = 0
        for locale in used {
            let rules = try! PluralRules.cached(for: ICULocale(locale.tag), kind: .cardinal)
            let categories = rules.categories.map(\.rawValue)
            var files = Array(repeating: header, count: fileNames.count)
            for res in resources where res.translatable && r.below(100) < locale.coverage {
                switch res.kind {
                case .string:
                    var formats = res.formats
                    if formats.count > 1, formats.allSatisfy({ $0.contains("$") }), r.chance(40) { formats.reverse() }
                    // 1%: an argument the source does not have (in plain text, which compare-locales checks).
                    if res.shape == 0 || res.shape == 4, let k = formats.firstIndex(where: { $0.hasPrefix("%1$") }), r.chance(3) {
                        formats[k] = formats[k].replacingOccurrences(of: "%1$", with: "%4$")
                    }
                    var body = text(res, formats: formats, syllables: locale.syllables, &r)
                    if res.shape == 0, r.chance(1) { body = "\"" + body.replacingOccurrences(of: " ", with: "  ", count: 1) + "\"" }
                    files[res.file] += element(res, body: body)
                    translatedStrings += 1
                case .plurals:
                    // 1%: one of the locale's categories left out.
                    let kept = categories.count > 1 && r.chance(1) ? categories.filter { $0 != "other" }.dropLast().map { $0 } + ["other"] : categories
                    files[res.file] += element(res, body: pluralItems(res, categories: kept, syllables: locale.syllables, &r) + "  ")
                    translatedPlurals += 1
                case .array:
                    files[res.file] += element(res, body: arrayItems(res, syllables: locale.syllables, &r) + "  ")
                    translatedArrays += 1
                }
                translations += 1
            }
            for k in 0..<3 {   // keys the source does not have
                files[k % fileNames.count] += "  <string name=\"removed_in_v\(k)_\(locale.tag.count)\">\(words(3, locale.syllables, &r).joined(separator: " "))</string>\n"
                extraKeys += 1
            }
            let folder = AndroidFolder.name(locale.tag)
            for (f, name) in fileNames.enumerated() { writeFile(files[f] + "</resources>\n", directory + "/android/res/\(folder)/\(name)") }
        }
        writeFile("""
        basepath = "."
        locales = [\(used.map { "\"\($0.tag)\"" }.joined(separator: ", "))]
        [[paths]]
          reference = "res/values/strings.xml"
          l10n = "res/values-{android_locale}/strings.xml"
        [[paths]]
          reference = "res/values/strings_settings.xml"
          l10n = "res/values-{android_locale}/strings_settings.xml"

        """, directory + "/android/l10n.toml")
        writeFile("""
        {"messages": \(count), "locales": \(used.count), "translations": \(translations), "extraKeys": \(extraKeys),
         "strings": \(sourceStrings), "untranslatable": \(untranslatable), "plurals": \(plurals), "arrays": \(arrays),
         "translatedStrings": \(translatedStrings), "translatedPlurals": \(translatedPlurals), "translatedArrays": \(translatedArrays),
         "catalogs": []}

        """, directory + "/manifest.json")
    }

    static func pluralItems(_ res: Resource, categories: [String], syllables: [String]?, _ r: inout VariedRandom) -> String {
        var xml = "\n"
        for category in categories {
            var item = res
            item.words = max(1, min(res.words, 12))
            let body = category == "zero" && r.chance(30) ? words(2, syllables, &r).joined(separator: " ")
                : text(item, formats: res.formats, syllables: syllables, &r)
            xml += "    <item quantity=\"\(category)\">\(body)</item>\n"
        }
        return xml
    }

    static func arrayItems(_ res: Resource, syllables: [String]?, _ r: inout VariedRandom) -> String {
        var xml = "\n"
        for _ in 0..<res.items { xml += "    <item>\(words(r.range(1, 4), syllables, &r).joined(separator: " "))</item>\n" }
        return xml
    }

    static func writeFile(_ text: String, _ path: String) {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}

/// The values folder of a BCP 47 tag, as compare-locales' `{android_locale}` names it.
enum AndroidFolder {
    static func name(_ tag: String) -> String {
        let parts = tag.split(separator: "-")
        return parts.count == 2 ? "values-\(parts[0])-r\(parts[1])" : "values-\(tag)"
    }
}
