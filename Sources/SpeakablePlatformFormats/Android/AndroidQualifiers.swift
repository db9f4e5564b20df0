/// Android resource folder qualifiers for locales.
///
/// ```swift
/// AndroidQualifiers.valuesFolder(for: "ko")        // "values-ko"
/// AndroidQualifiers.valuesFolder(for: "pt-BR")     // "values-pt-rBR"
/// AndroidQualifiers.valuesFolder(for: "sr-Latn")   // "values-b+sr+Latn"
/// AndroidQualifiers.valuesFolder(for: "he")        // "values-iw" (Android's legacy code)
/// AndroidQualifiers.localeTag(forValuesFolder: "values-in-rID")   // "id-ID"
/// ```
public enum AndroidQualifiers {
    /// Android (through Java's `Locale`) still names these languages by their withdrawn ISO codes.
    static let legacyLanguages = ["he": "iw", "id": "in", "yi": "ji"]
    static let modernLanguages = ["iw": "he", "in": "id", "ji": "yi"]

    /// The `values-…` folder for a BCP 47 tag: `values-ll` / `values-ll-rRR` when that is all the
    /// tag has (two-letter language, two-letter region), else the `values-b+…` form.
    public static func valuesFolder(for tag: String) -> String {
        let parts = tag.split(separator: "-").map(String.init)
        guard let first = parts.first else { return "values" }
        let language = first.lowercased()
        let rest = Array(parts.dropFirst())
        let isRegion = { (s: String) in s.count == 2 && s.allSatisfy(\.isLetter) }
        if language.count == 2, rest.isEmpty {
            return "values-" + (legacyLanguages[language] ?? language)
        }
        if language.count == 2, rest.count == 1, isRegion(rest[0]) {
            return "values-" + (legacyLanguages[language] ?? language) + "-r" + rest[0].uppercased()
        }
        return "values-b+" + ([legacyLanguages[language] ?? language] + rest.map { part in
            part.count == 4 ? part.prefix(1).uppercased() + part.dropFirst().lowercased()
                : part.count == 2 ? part.uppercased() : part
        }).joined(separator: "+")
    }

    /// The BCP 47 tag of a `values…` folder name, or nil for `values` and folders without a
    /// locale (`values-night`, `values-v21`).
    public static func localeTag(forValuesFolder folder: String) -> String? {
        let parts = folder.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.first == "values" else { return nil }
        var index = 1
        while index < parts.count, parts[index].hasPrefix("mcc") || parts[index].hasPrefix("mnc") { index += 1 }
        guard index < parts.count else { return nil }
        let part = parts[index]
        if part.hasPrefix("b+") {
            var subtags = part.dropFirst(2).split(separator: "+").map(String.init)
            guard let language = subtags.first, (2...8).contains(language.count) else { return nil }
            subtags[0] = modernLanguages[language.lowercased()] ?? language.lowercased()
            return subtags.joined(separator: "-")
        }
        // aapt2 reads `car` as the car UI mode, never as a language (LocaleValue::InitFromParts).
        guard (2...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isLowercase }), part != "car" else { return nil }
        var tag = modernLanguages[part] ?? part
        if index + 1 < parts.count, parts[index + 1].count == 3, parts[index + 1].hasPrefix("r") {
            tag += "-" + parts[index + 1].dropFirst()
        }
        return tag
    }

    /// The `values…` folder a file path is in (`res/values-ko/strings.xml` → `values-ko`).
    public static func folderName(of path: String) -> String? {
        let components = path.split(separator: "/")
        guard components.count >= 2 else { return nil }
        let folder = String(components[components.count - 2])
        return folder.hasPrefix("values") ? folder : nil
    }
}
