import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU

extension Rule {
    /// `unknown-locale`: a locale tag that names no language ICU has data for.
    public static let unknownLocale = Rule(UnknownLocaleRule.self)
}

/// `unknown-locale`: a locale tag that names no language ICU has data for (a typo such as `kr`
/// for `ko`, or a language ICU does not know). It judges the input's locales once, after every
/// unit of work has reported where each locale is first seen.
enum UnknownLocaleRule: CheckerRule {
    static let id: RuleID = "unknown-locale"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "a locale tag that names no language ICU has data for (a typo such as kr for ko)"

    /// The input's locales whose language ICU has no data for. A code ICU cannot name, or a
    /// country's code (`kr` for `ko`), is a typo: an error. A real language ICU has no data for
    /// (Corsican `co`, Mon `mnw`, which apps ship from their translators) is a warning: Android
    /// reads the folder, and its plurals select `other`. A configured severity applies to both. `seen`: each locale where it is first checked, in the order of the
    /// input's tables.
    static func check(_ input: CheckInput, seen: [Checker.LocaleSeen]) -> [Finding] {
        let settings = input.settings.severity(of: .unknownLocale)
        guard settings != .off else { return [] }
        let configured = input.settings.severities[Self.id.rawValue]
        var places: [(tag: String, file: String?, position: SourcePosition?, isSource: Bool, script: String?)] = []
        var known = Set<String>()
        if let locale = try? ICULocale(input.sourceTag), !locale.hasLanguageData {
            places.append((input.sourceTag, input.tables.first?.file, nil, true, nil))
        }
        var tags: [String] = []
        for target in seen where known.insert(target.tag).inserted {
            tags.append(target.tag)
            guard !target.hasLanguageData else { continue }
            places.append((target.tag, target.file, target.position, false, target.dominantScript))
        }
        return places.map { place in
            let locale = try? ICULocale(place.tag)
            let problem = LocaleTags.problem(with: place.tag)
            // A country's code (`kr`, Korea) that is also a language's (Kanuri) is a typo when
            // the text is in the script of the country's language and not of the tag's (Hangul
            // in `values-kr/`); Corsican (`co`, Colombia) in Latin letters is Corsican. With
            // fewer than 20 letters to go by, the typo is the likelier.
            var countryCode = false
            if problem?.kind == .unknownLanguage, problem?.reason != nil, let meant = problem?.suggestion {
                let tagScripts = locale?.scripts ?? []
                let meantScripts = (try? ICULocale(meant))?.scripts ?? []
                if let script = place.script {
                    countryCode = meantScripts.contains(script) && !tagScripts.contains(script)
                } else {
                    countryCode = true
                }
            }
            if let locale, locale.isKnownLanguage, !countryCode {
                let what = locale.languageName.map { "'\(place.tag)' names \($0), a language ICU has no locale data for" }
                    ?? "'\(place.tag)' is a language ICU has no name or locale data for"
                return Finding(rule: Self.id, severity: configured == .error ? .error : .warning, file: place.file,
                               position: place.position, locale: place.tag, key: nil, table: nil,
                               message: what + (place.isSource ? " (the source locale)" : "")
                                   + ": its plural rules and number formats are the root locale's (every count selects 'other'), and Speakable checks its texts by those",
                               hint: countryNote(problem) + "if \(locale.languageName ?? "that language") is meant, nothing is wrong with the file; "
                                   + "set \"unknown-locale\": \"off\" to stop this warning",
                               subject: place.tag)
            }
            let what = (locale?.languageName.map { "'\(place.tag)' names \($0), a language ICU has no locale data for" }
                ?? "'\(place.tag)' is not a language ICU knows") + (countryCode ? " (\(problem?.reason ?? ""))" : "")
            let others = tags.filter { $0 != place.tag } + [input.sourceTag]
            let suggestion = countryCode ? problem?.suggestion : Checker.suggestLocale(place.tag, among: others)
            return Finding(rule: Self.id, severity: configured == .warning ? .warning : .error, file: place.file,
                           position: place.position, locale: place.tag, key: nil, table: nil,
                           message: what + (place.isSource ? " (the source locale)" : "") + ": its plural rules and number formats fall back to the root locale, and no device asks for it",
                           hint: suggestion.map { "did you mean '\($0)'? Rename the locale (folder, tag) to its BCP 47 tag" }
                               ?? "use the language's BCP 47 tag (ko, pt-BR, sr-Latn); if the language is right, set \"unknown-locale\": \"warning\"",
                           subject: place.tag)
        }
    }

    /// "CO is the country code of Colombia: if Spanish was meant, the tag is 'es'; " for a tag that
    /// is a country's code too, else "".
    static func countryNote(_ problem: LocaleTagProblem?) -> String {
        guard let problem, let reason = problem.reason, let meant = problem.suggestion else { return "" }
        return "\(reason): if \(LocaleTags.displayName(meant) ?? meant) was meant, the tag is '\(meant)'; "
    }
}
