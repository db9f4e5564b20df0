internal import CICU

/// Whether a locale tag names a language ICU knows, and what was probably meant when it does not.
///
/// Every command and config field that takes a locale goes through ``problem(with:candidates:)``,
/// so `--locale kr` is rejected everywhere with the same sentence instead of silently formatting
/// with root data:
///
/// ```swift
/// LocaleTags.problem(with: "kr")?.message
/// // "'kr' is not a language ICU knows; did you mean 'ko' (Korean)? (KR is the country code of Korea)"
/// LocaleTags.problem(with: "jpn")?.suggestion   // "ja"
/// LocaleTags.problem(with: "sr-Latn")           // nil: Serbian in Latin script
/// LocaleTags.problem(with: "iw")                // nil: Android's legacy code for Hebrew
/// ```
///
/// "Knows" means ICU 72 has locale data for the language (`uloc_getAvailable`: plural rules,
/// number symbols, …), not merely that the code is in ISO 639 — Kanuri (`kr`) is a real ISO code,
/// but ICU has no data for it and would format with root rules. Only the language subtag is
/// judged; scripts, regions and variants are left to BCP 47's syntax, which ICU checks.
public enum LocaleTags {
    /// The legacy codes Android and Java still use, with the language each stands for.
    public static var legacyLanguages: [String: String] { ICULocale.legacyLanguages }

    /// Every language subtag ICU has locale data for ("en", "ko", "fil", "yue", …), plus the legacy
    /// codes in ``legacyLanguages`` — the same judgement as ``ICULocale/hasLanguageData``.
    public static let knownLanguages: Set<String> = ICULocale.languagesWithData.union(ICULocale.legacyLanguages.keys)

    /// ISO 639-2 codes ("kor", "jpn", "eng") of the known two-letter languages, each with its
    /// two-letter form: BCP 47 writes the shortest code.
    static let threeLetterCodes: [String: String] = {
        var codes: [String: String] = [:]
        for language in knownLanguages where language.utf8.count == 2 {
            guard let iso3 = cicu_uloc_getISO3Language(language) else { continue }
            let code = String(cString: iso3)
            if !code.isEmpty, code != language, !knownLanguages.contains(code) { codes[code] = language }
        }
        return codes
    }()

    /// ISO 3166 country codes, upper case.
    static let countries: Set<String> = {
        var result = Set<String>()
        guard var pointer = cicu_uloc_getISOCountries() else { return result }
        while let code = pointer.pointee {
            result.insert(String(cString: code))
            pointer += 1
        }
        return result
    }()

    /// Whether `tag` is a well-formed BCP 47 tag whose language ICU knows.
    public static func isKnown(_ tag: String) -> Bool { problem(with: tag) == nil }

    /// What is wrong with `tag` as a locale, or nil when it is a well-formed BCP 47 tag of a
    /// language ICU knows.
    ///
    /// - Parameter candidates: tags the caller expects (the project's locales, the built-in
    ///   catalog's): a close one is suggested first.
    public static func problem(with tag: String, candidates: [String] = []) -> LocaleTagProblem? {
        if tag.contains("_") {
            let hyphenated = tag.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "-")
            let suggestion = problem(with: hyphenated) == nil ? hyphenated : nil
            return LocaleTagProblem(tag: tag, kind: .malformed, suggestion: suggestion, reason: "BCP 47 separates subtags with '-'")
        }
        guard let locale = try? ICULocale(tag), tag.first?.isLetter == true else {
            return LocaleTagProblem(tag: tag, kind: .malformed, suggestion: nil, reason: nil)
        }
        let typed = String(tag.prefix { $0 != "-" }).lowercased()
        let rest = tag.dropFirst(typed.count)
        func replaced(with suggested: String) -> String { suggested + rest }
        // ICU reads "kor" as Korean, but BCP 47 (and Android's folders, Xcode's lproj) want "ko".
        if let two = threeLetterCodes[typed] {
            return LocaleTagProblem(tag: tag, kind: .longLanguageCode, suggestion: replaced(with: two), reason: nil)
        }
        if knownLanguages.contains(locale.language.lowercased()) { return nil }
        if typed.utf8.count == 2, countries.contains(typed.uppercased()),
           let likely = try? withCharResult("uloc_addLikelySubtags", { buffer, capacity, status in
               cicu_uloc_addLikelySubtags("und_" + typed.uppercased(), buffer, capacity, &status)
           }) {
            let suggested = String(likely.prefix { $0 != "_" })
            if knownLanguages.contains(suggested), suggested != typed {
                let country = displayName("und-" + typed.uppercased()).map { " of \($0)" } ?? ""
                return LocaleTagProblem(tag: tag, kind: .unknownLanguage, suggestion: replaced(with: suggested),
                                        reason: "\(typed.uppercased()) is the country code\(country)")
            }
        }
        var best: (tag: String, distance: Int)?
        for candidate in candidates {
            let candidateLanguage = String(candidate.prefix { $0 != "-" }).lowercased()
            guard knownLanguages.contains(candidateLanguage) else { continue }
            let distance = editDistance(typed, candidateLanguage)
            if distance <= (typed.count >= 3 ? 2 : 1), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return LocaleTagProblem(tag: tag, kind: .unknownLanguage, suggestion: best?.tag, reason: nil)
    }

    /// The English name of a locale ("Korean", "Serbian (Latin)"), or nil.
    public static func displayName(_ tag: String, in displayLocale: String = "en") -> String? {
        guard let locale = try? ICULocale(tag) else { return nil }
        let name = try? withUTF16Result("uloc_getDisplayName") { buffer, capacity, status in
            cicu_uloc_getDisplayName(locale.identifier, displayLocale, buffer, capacity, &status)
        }
        guard let name, !name.isEmpty, name != locale.identifier else { return nil }
        // "Unknown language (Korea)" → "Korea".
        if name.hasPrefix("Unknown language ("), name.hasSuffix(")") {
            return String(name.dropFirst("Unknown language (".count).dropLast())
        }
        return name
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Why a locale tag was refused, with the tag most likely meant.
public struct LocaleTagProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// Not a BCP 47 tag at all ("en_US", "12", "").
        case malformed
        /// Well formed, but ICU has no data for the language ("kr", "xx").
        case unknownLanguage
        /// A three-letter code BCP 47 writes with two ("kor" for "ko"): ICU would read it, Android
        /// folders and Xcode's `.lproj` would not.
        case longLanguageCode
    }

    public let tag: String
    public let kind: Kind
    /// The tag probably meant ("ko" for "kr"), when there is one.
    public let suggestion: String?
    /// Why the suggestion, in a few words ("KR is the country code of Korea").
    public let reason: String?

    /// A plain sentence: `'kr' is not a language ICU knows; did you mean 'ko' (Korean)? (KR is the country code of Korea)`.
    public var message: String {
        var text = switch kind {
        case .malformed: "'\(tag)' is not a BCP 47 locale tag such as en, ko, pt-BR or sr-Latn"
        case .unknownLanguage: "'\(tag)' is not a language ICU knows"
        case .longLanguageCode: "'\(tag)' uses a three-letter language code where BCP 47 has a two-letter one"
        }
        if let suggestion {
            let name = LocaleTags.displayName(suggestion).map { " (\($0))" } ?? ""
            text += "; did you mean '\(suggestion)'\(name)?"
        } else if kind == .unknownLanguage {
            text += "; use a language code such as en, ko, ja or pt-BR"
        }
        if let reason { text += " (\(reason))" }
        return text
    }

    public var description: String { message }
}
