import SpeakableCatalog
import SpeakableICU
import SpeakableMessages

extension Rule {
    /// `untranslated`: a translation identical to the source.
    public static let untranslated = Rule(UntranslatedRule.self)
}

/// `untranslated`: a translation identical to its source, when what reads the same is prose (not
/// names, numbers, arguments or technical tokens).
enum UntranslatedRule: CheckerRule {
    static let id: RuleID = "untranslated"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a translation identical to the source"

    static func check(_ c: MessageContext, pattern: MessagePattern, sourceLocale: ICULocale, settings: CheckSettings,
                             emitter: inout Emitter) {
        guard !differsAtAnASCIIStarter(c.text.text, c.source.text), c.text.text == c.source.text,
              c.locale.language != sourceLocale.language else { return }
        // A copyright line ("© 2024 Thomas Ricouard") stays as written: its words are names.
        if c.text.text.unicodeScalars.contains("\u{A9}") { return }
        // Only prose counts, form by form (a plural prints one case): not arguments, numbers,
        // names (acronyms, inner capitals, abbreviations without a vowel, names the project
        // lists) or technical tokens ("text/html"). Two prose words that read the same are a
        // string someone forgot ("Open settings"); "DeepL API Pro", "Cc", "HTML (text/html)"
        // and "{count} vote" / "{count} votes" are not.
        let words = proseWords(pattern.body, allowed: settings.allowUntranslated)
        // A name in title case with a number in it ("The K-9 Dog Walkers", "Apache License,
        // Version 2.0") is a name of a team, a product or a licence.
        if words.titleCase && words.digits { return }
        // One word that reads the same ("Script", "Name", "OK") is usually a loanword or a
        // cognate, not a string someone forgot — unless the text is that one word and it is in a
        // script the locale is not written in ("Share" in ko, ar, ru, he). A lone letter is a
        // symbol ("%d B", bytes).
        var inForeignScript: String?
        if words.prose < 2 {
            guard words.all == 1, let word = words.first, word.count > 1,
                  let script = foreignScript(word, locale: c.locale, sourceLocale: sourceLocale) else { return }
            inForeignScript = script
        }
        RuleRunner.emit(.untranslated, c, range: 0..<c.text.text.utf16.count, emitter: &emitter,
                        message: "the \(c.tag) translation is identical to the source text"
                            + (inForeignScript.map { ", in \($0) script, which \(c.tag) is not written in" } ?? ""),
                        hint: "translate it; if it is a name that stays the same, add it to \"check\": {\"allowUntranslated\": […]} in speakable.json (with --config for a catalog checked as it is) or exempt the message",
                        subject: "")
    }

    /// The most prose words any one form of `body` prints (a case of each plural and select),
    /// the most words and technical tokens of any kind, and the first prose word.
    static func proseWords(_ body: MessageBody, allowed: [String]) -> ProseWords {
        var result = ProseWords()
        proseWords(body, allowed: allowed, into: &result)
        return result
    }

    /// What ``proseWords(_:allowed:)`` counts.
    struct ProseWords {
        /// The most prose words any one form prints.
        var prose = 0
        /// The most words and technical tokens of any kind.
        var all = 0
        /// The first prose word.
        var first: String?
        /// Every prose word starts with a capital letter ("Thunderbird Mobile Team").
        var titleCase = true
        /// A token has a digit ("K-9", "2.0").
        var digits = false
    }

    private static func proseWords(_ body: MessageBody, allowed: [String], into result: inout ProseWords) {
        for part in body.parts {
            switch part {
            case .text(var text, _):
                for name in allowed where !name.isEmpty { text = text.replacingAll(name, with: " ") }
                for token in text.split(whereSeparator: \.isWhitespace) {
                    if token.contains(where: \.isNumber) { result.digits = true }
                    // A technical token is no prose, but the text is not one word either.
                    if isTechnical(token) { result.all += 1; continue }
                    for word in token.split(whereSeparator: { !($0.isLetter || $0 == "'" || $0 == "’" || $0 == "-") })
                    where word.contains(where: \.isLetter) {
                        result.all += 1
                        guard !isNameLike(String(word)) else { continue }
                        result.prose += 1
                        if word.first?.isUppercase != true { result.titleCase = false }
                        if result.first == nil { result.first = String(word) }
                    }
                }
            case .pound:
                continue
            case .argument(let argument):
                let bodies: [MessageBody]
                switch argument.kind {
                case .none, .simple: continue
                case .plural(let plural): bodies = plural.cases.map(\.message)
                case .select(let select): bodies = select.cases.map(\.message)
                case .choice(let choice): bodies = choice.cases.map(\.message)
                }
                var most = (prose: 0, all: 0)
                for caseBody in bodies {
                    var inner = ProseWords()
                    proseWords(caseBody, allowed: allowed, into: &inner)
                    most = (max(most.prose, inner.prose), max(most.all, inner.all))
                    if result.first == nil { result.first = inner.first }
                    result.titleCase = result.titleCase && inner.titleCase
                    result.digits = result.digits || inner.digits
                }
                result.prose += most.prose
                result.all += most.all
            }
        }
    }

    /// A token that is no prose: a MIME type, a path, an address, a file or host name, a
    /// key-value pair ("text/html", "user@example.com", "example.com", "v1.2", "a=b").
    static func isTechnical(_ token: Substring) -> Bool {
        let scalars = Array(token.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            switch s {
            case "/", "@", "_", "=", "\\": return true
            case ".", ":":
                if i > 0 && i + 1 < scalars.count && scalars[i - 1].properties.isAlphabetic == true
                    && (scalars[i + 1].properties.isAlphabetic || scalars[i + 1].properties.numericType != nil) {
                    return true
                }
                if i > 0 && i + 1 < scalars.count && scalars[i - 1].properties.numericType != nil && scalars[i + 1].properties.numericType != nil {
                    return true
                }
            default: continue
            }
        }
        return false
    }

    /// Whether `a` and `b` are not canonically equivalent because their UTF-8 first differs at a
    /// byte that is ASCII in both (or one ends where the other goes on with ASCII): an ASCII
    /// character is a starter, its own decomposition, so the two normalized forms differ there
    /// too. False says nothing (`==` then decides, without normalizing the many translations
    /// this rules out).
    static func differsAtAnASCIIStarter(_ a: String, _ b: String) -> Bool {
        // The strings' own UTF-8 when they have it (native strings: no copy, no retain), else
        // copies of them.
        func differs(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
            let n = min(x.count, y.count)
            var i = 0
            while i < n && x[i] == y[i] { i += 1 }
            if i < n { return x[i] < 0x80 && y[i] < 0x80 }
            if x.count == y.count { return false }
            return (x.count > n ? x[n] : y[n]) < 0x80
        }
        if let result = a.utf8.withContiguousStorageIfAvailable({ x in b.utf8.withContiguousStorageIfAvailable { y in differs(x, y) } }),
           let result {
            return result
        }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in differs(x, y) } }
    }

    /// A word that stays the same in every language: an acronym ("GPS", "OK"), a name with inner
    /// capitals ("iPhone", "CotEditor"), a word with digits ("MP3"), a Latin abbreviation of two
    /// or more letters without a vowel ("Cc", "Bcc", "Nr").
    static func isNameLike(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        if letters.count >= 2 && letters.allSatisfy(\.isUppercase) { return true }
        if word.dropFirst().contains(where: \.isUppercase) { return true }
        if word.contains(where: \.isNumber) { return true }
        return letters.count >= 2 && letters.allSatisfy { $0.isASCII } && !letters.contains { "aeiouyAEIOUY".contains($0) }
    }

    /// The script of `word` when it is the source's and not one the target locale is written in.
    static func foreignScript(_ word: String, locale: ICULocale, sourceLocale: ICULocale) -> String? {
        let counts = UnicodeScript.letterCounts(word)
        guard let (script, _) = counts.max(by: { $0.value < $1.value }) else { return nil }
        let targetScripts = locale.scripts
        guard !targetScripts.isEmpty, !targetScripts.contains(script), sourceLocale.scripts.contains(script) else { return nil }
        return ["Latn": "Latin", "Cyrl": "Cyrillic", "Arab": "Arabic", "Hebr": "Hebrew", "Hang": "Hangul", "Hani": "Han",
                "Grek": "Greek", "Thai": "Thai"][script] ?? script
    }
}
