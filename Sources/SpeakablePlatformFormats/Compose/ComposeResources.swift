/// What Compose Multiplatform's resources (`org.jetbrains.compose.resources`) expect of a
/// `composeResources/` folder: folder names, resource names, and the one substitution its run
/// time does.
///
/// ```swift
/// ComposeResources.valuesFolder(for: "he")          // "values-he" (compared literally: not Android's "iw")
/// ComposeResources.valuesFolder(for: "pt-BR")       // "values-pt-rBR"
/// ComposeResources.resourceName("level.stars")      // "level_stars"
/// ComposeResources.propertyName("1up")              // "_1up" (what Compose's Res accessor is called)
/// ComposeResources.placeholders(in: "%1$s of 100%%2$d")   // [0..<4, 11..<15]
/// ```
public enum ComposeResources {
    /// The `values-…` folder of a BCP 47 tag: `values-ll` (the language as written: Compose
    /// compares `Locale.current.language` with it literally, so Hebrew is `values-he`,
    /// Indonesian `values-id`, Yiddish `values-yi`), `values-ll-rRR` with a two-letter region
    /// (`values-zh-rHK`), else Android's `values-b+ll+Script+RR` form, which only Compose
    /// releases from mid-2026 on read (a script, a numeric region such as `es-419`).
    public static func valuesFolder(for tag: String) -> String {
        let parts = tag.split(separator: "-").map(String.init)
        guard let first = parts.first else { return "values" }
        let language = first.lowercased()
        let rest = Array(parts.dropFirst())
        let isRegion = { (s: String) in s.count == 2 && s.allSatisfy { $0.isASCII && $0.isLetter } }
        if (2...3).contains(language.count), rest.isEmpty { return "values-" + language }
        if (2...3).contains(language.count), rest.count == 1, isRegion(rest[0]) { return "values-" + language + "-r" + rest[0].uppercased() }
        return "values-b+" + ([language] + rest.map { part in
            part.count == 4 ? part.prefix(1).uppercased() + part.dropFirst().lowercased()
                : part.count == 2 ? part.uppercased() : part
        }).joined(separator: "+")
    }

    /// The key the generated accessors' number data has for a tag: what Compose's
    /// `Locale.current` says of a device in that locale — its language, then `-` and its region
    /// when it has one (`pt-BR`, `ko`; a script is left out: `Locale` does not give it).
    public static func localeKey(for tag: String) -> String {
        let parts = tag.split(separator: "-").map(String.init)
        guard let first = parts.first else { return "" }
        let region = parts.dropFirst().first { part in
            (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isLetter }) || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
        }
        return first.lowercased() + (region.map { "-" + $0.uppercased() } ?? "")
    }

    /// A resource's name in `strings.xml`: the Android name with `.` as `_`. Compose turns each
    /// name into a Kotlin property of its `Res` class (`Res.string.level_stars`), and a `.`
    /// cannot be part of one (Android's `R` class makes the same `_` of it).
    public static func resourceName(_ androidName: String) -> String {
        String(String.UnicodeScalarView(androidName.unicodeScalars.map { $0 == "." ? "_" : $0 }))
    }

    /// The `Res` property Compose generates for a resource name: `-` becomes `_` and a name that
    /// starts with a digit gets a `_` in front (its `asUnderscoredIdentifier`).
    public static func propertyName(_ name: String) -> String {
        let underscored = String(String.UnicodeScalarView(name.unicodeScalars.map { $0 == "-" ? "_" : $0 }))
        if let first = underscored.unicodeScalars.first, ("0"..."9").contains(first) { return "_" + underscored }
        return underscored
    }

    /// Where Compose's run time would substitute an argument in `text` — every match of its
    /// `%(\d+)\$[ds]`, left to right without overlap — as ranges of UTF-16 offsets.
    public static func placeholders(in text: String) -> [Range<Int>] {
        let units = Array(text.utf16)
        var found: [Range<Int>] = []
        var i = 0
        while i < units.count {
            guard units[i] == 0x25 else {
                i += 1
                continue
            }
            var j = i + 1
            while j < units.count, (0x30...0x39).contains(units[j]) { j += 1 }
            if j > i + 1, j + 1 < units.count, units[j] == 0x24, units[j + 1] == 0x64 || units[j + 1] == 0x73 {
                found.append(i..<(j + 2))
                i = j + 2
            } else {
                i += 1
            }
        }
        return found
    }
}
