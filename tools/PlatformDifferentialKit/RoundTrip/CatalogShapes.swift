import SpeakableICU
import SpeakableJSON
import SpeakablePlatformFormats
import SpeakableXML

/// What a String Catalog says, key by key and locale by locale, without its layout: every text
/// at its variation path, and every substitution's argument number and specifier.
///
/// Paths are written as Xcode's XLIFF export writes them after `|==|`: "" for the
/// localization's own `stringUnit`, `plural.one`, `device.iphone`, `device.iphone.plural.one`,
/// `substitutions.count.plural.few`.
struct StringCatalogShape {
    struct Substitution: Equatable, CustomStringConvertible {
        /// As written; "-" when absent.
        var argNum: String
        var formatSpecifier: String
        var description: String { "argNum \(argNum), formatSpecifier \(formatSpecifier)" }
    }

    struct Localization: Equatable {
        /// Path → text.
        var texts: [String: String] = [:]
        var substitutions: [String: Substitution] = [:]

        /// The text shown for `path`: its own, or for a plural category the localization lacks,
        /// its `other` (Foundation's choice when the category has no variation).
        func shown(_ path: String) -> String? {
            if let text = texts[path] { return text }
            guard let fallback = StringCatalogShape.pluralOther(path) else { return nil }
            return texts[fallback]
        }

        /// The same localization with substitution `name` called `new`: its entry, its
        /// variations' paths, and `%#@name@` in every text.
        func renaming(substitution name: String, to new: String) -> Localization {
            var result = Localization()
            let prefix = "substitutions." + name + "."
            for (path, text) in texts {
                let renamedPath = path.hasPrefix(prefix) ? "substitutions." + new + "." + path.dropFirst(prefix.count) : path
                result.texts[renamedPath] = text.replacing("#@" + name + "@", with: "#@" + new + "@")
            }
            for (other, substitution) in substitutions { result.substitutions[other == name ? new : other] = substitution }
            return result
        }
    }

    /// Whether Apple ever shows the text at `path` in `locale`: a plural variation of a category
    /// the language does not have is never selected (but `zero`, which Apple uses for 0 in every
    /// language).
    static func isShown(_ path: String, locale: String) -> Bool {
        let components = path.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count >= 2, components[components.count - 2] == "plural", let last = components.last,
              last != "zero", last != "other", let category = PluralCategory(rawValue: String(last)),
              let icu = try? ICULocale(locale), let rules = try? PluralRules.cached(for: icu, kind: .cardinal) else { return true }
        return rules.categories.contains(category)
    }

    /// What a text means for comparing: its specifiers reduced (``AppleFormatText``); in a
    /// substitution's variation, an integer specifier without a position is the substitution's
    /// own number, as `%arg` is (Xcode writes `%arg`; catalogs from .stringsdict keep `%lld`).
    static func meaning(_ text: String, path: String) -> AppleFormatText {
        guard path.hasPrefix("substitutions."), text.contains("%") else { return AppleFormatText(text) }
        let format = FormatString.parse(text, dialect: .apple)
        guard let spec = format.specifiers.first(where: { $0.valueKind == .integer && $0.index == .ordinary }),
              !format.specifiers.contains(where: { $0.substitution == "" }) else { return AppleFormatText(text) }
        var scalars = Array(text.unicodeScalars)
        scalars.replaceSubrange(spec.range, with: Array("%arg".unicodeScalars))
        return AppleFormatText(String(String.UnicodeScalarView(scalars)))
    }

    /// `….plural.other` for a path that ends in another plural category, else nil.
    static func pluralOther(_ path: String) -> String? {
        let components = path.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count >= 2, components[components.count - 2] == "plural", components.last != "other" else { return nil }
        return components.dropLast().joined(separator: ".") + ".other"
    }

    var sourceLanguage = ""
    var version = ""
    /// Key → locale → localization, keys in file order.
    var keys: [String] = []
    var strings: [String: [String: Localization]] = [:]

    init?(_ bytes: [UInt8]) {
        guard let root = JSONReader.read(bytes).root, let strings = root["strings"]?.members else { return nil }
        sourceLanguage = root["sourceLanguage"]?.string ?? ""
        version = root["version"]?.string ?? ""
        for member in strings {
            keys.append(member.key)
            var locales: [String: Localization] = [:]
            for localization in member.value["localizations"]?.members ?? [] {
                var shape = Localization()
                Self.walk(localization.value, path: "", into: &shape)
                locales[localization.key] = shape
            }
            self.strings[member.key] = locales
        }
    }

    private static func walk(_ node: JSONNode, path: String, into shape: inout Localization) {
        func join(_ more: String) -> String { path.isEmpty ? more : path + "." + more }
        if let unit = node["stringUnit"] { shape.texts[path] = unit["value"]?.string ?? "" }
        for selector in node["variations"]?.members ?? [] {
            for variation in selector.value.members ?? [] {
                walk(variation.value, path: join(selector.key + "." + variation.key), into: &shape)
            }
        }
        for substitution in node["substitutions"]?.members ?? [] {
            let argNum = substitution.value["argNum"]?.number?.description ?? "-"
            let specifier = substitution.value["formatSpecifier"]?.string ?? "-"
            shape.substitutions[substitution.key] = Substitution(argNum: argNum, formatSpecifier: specifier)
            walk(substitution.value, path: join("substitutions." + substitution.key), into: &shape)
        }
    }

    /// Every way `compiled` says something else than `self`: keys, localizations, variation
    /// paths and substitutions missing or added, and texts that differ once specifiers are
    /// compared by meaning (``AppleFormatText``). Empty when they mean the same.
    func differences(to compiled: StringCatalogShape) -> [String] {
        var out: [String] = []
        if version != compiled.version { out.append("version \(version.debugDescription) became \(compiled.version.debugDescription)") }
        if sourceLanguage != compiled.sourceLanguage {
            out.append("sourceLanguage \(sourceLanguage.debugDescription) became \(compiled.sourceLanguage.debugDescription)")
        }
        let compiledKeys = Set(compiled.keys)
        let ownKeys = Set(keys)
        for key in keys where !compiledKeys.contains(key) { out.append("key \(key.debugDescription): missing") }
        for key in compiled.keys where !ownKeys.contains(key) { out.append("key \(key.debugDescription): added") }
        for key in keys where compiledKeys.contains(key) {
            let mine = strings[key] ?? [:]
            let theirs = compiled.strings[key] ?? [:]
            for locale in mine.keys.sorted() {
                guard let other = theirs[locale] else {
                    out.append("\(key.debugDescription) [\(locale)]: localization missing")
                    continue
                }
                var own = mine[locale]!
                // A substitution under another name (the same argument): said once, then its
                // variations compared under the new name.
                let lost = own.substitutions.keys.filter { other.substitutions[$0] == nil }.sorted()
                let gained = other.substitutions.keys.filter { own.substitutions[$0] == nil }
                for name in lost {
                    let argNum = own.substitutions[name]!.argNum
                    let candidates = gained.filter { other.substitutions[$0]!.argNum == argNum }
                    guard candidates.count == 1, let renamed = candidates.first else { continue }
                    out.append("\(key.debugDescription) [\(locale)] substitution \(name.debugDescription) is named \(renamed.debugDescription)")
                    own = own.renaming(substitution: name, to: renamed)
                }
                // A plural category one side lacks shows its `other`: the same text either way
                // is the same meaning (CLDR's `many` for fr, es, it, pt written out or not).
                for path in Set(own.texts.keys).union(other.texts.keys).sorted() {
                    // A category the language never selects is never shown (Apple's plural
                    // variations follow CLDR; `zero` is used for 0 in every language).
                    if !Self.isShown(path, locale: locale) { continue }
                    let label = "\(key.debugDescription) [\(locale)]" + (path.isEmpty ? "" : " " + path)
                    switch (own.shown(path), other.shown(path)) {
                    case (let was?, let now?):
                        if Self.meaning(was, path: path) != Self.meaning(now, path: path) {
                            out.append("\(label): \(was.debugDescription) became \(now.debugDescription)"
                                       + (other.texts[path] == nil ? " (no variation: its other)" : "")
                                       + (own.texts[path] == nil ? " (added; was its other)" : ""))
                        }
                    case (let was?, nil): out.append("\(label): missing (was \(was.debugDescription))")
                    case (nil, let now?): out.append("\(label): added (\(now.debugDescription))")
                    case (nil, nil): break
                    }
                }
                for name in own.substitutions.keys.sorted() where other.substitutions[name] != own.substitutions[name] {
                    out.append("\(key.debugDescription) [\(locale)] substitution \(name): \(own.substitutions[name]!) became "
                               + (other.substitutions[name]?.description ?? "missing"))
                }
                for name in other.substitutions.keys.sorted() where own.substitutions[name] == nil {
                    out.append("\(key.debugDescription) [\(locale)] substitution \(name): added")
                }
            }
            for locale in theirs.keys.sorted() where mine[locale] == nil {
                out.append("\(key.debugDescription) [\(locale)]: localization added")
            }
        }
        return out
    }
}

/// The translation units of an Xcode XLIFF 1.2 export (`xcodebuild -exportLocalizations`):
/// per `<file original="….xcstrings">`, each unit's key and variation path (`key|==|plural.one`),
/// source and target text.
struct XcodeXLIFFUnits {
    struct Unit {
        var table: String
        var key: String
        var path: String
        var sourceLanguage: String
        var source: String
        var targetLanguage: String?
        var target: String?
    }

    var units: [Unit] = []
    var sourceLanguages: Set<String> = []
    var targetLanguages: Set<String> = []

    init?(_ bytes: [UInt8]) {
        guard let document = XMLReader.read(bytes).document, document.root.localName == "xliff" else { return nil }
        for file in document.root.elements where file.localName == "file" {
            var table = (file["original"] ?? "").lastPathComponent
            for suffix in [".xcstrings", ".strings", ".stringsdict"] where table.hasSuffix(suffix) {
                table = String(table.dropLast(suffix.count))
            }
            let source = file["source-language"] ?? ""
            let target = file["target-language"]
            sourceLanguages.insert(source)
            if let target { targetLanguages.insert(target) }
            for body in file.elements where body.localName == "body" {
                for unit in Self.units(in: body) {
                    let id = unit["id"] ?? ""
                    let parts = id.split(separator: "|==|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let text = unit.elements.first { $0.localName == "source" }?.text ?? ""
                    let translation = unit.elements.first { $0.localName == "target" }?.text
                    units.append(Unit(table: table, key: parts[0], path: parts.count > 1 ? parts[1] : "", sourceLanguage: source,
                                      source: text, targetLanguage: target, target: translation))
                }
            }
        }
    }

    private static func units(in element: XMLElement) -> [XMLElement] {
        element.elements.flatMap { $0.localName == "trans-unit" ? [$0] : ($0.localName == "group" ? units(in: $0) : []) }
    }

    /// Units whose text the compiled catalogs (table → shape) do not say at the unit's key,
    /// locale and path, specifiers compared by meaning.
    func differences(to catalogs: [String: StringCatalogShape]) -> [String] {
        var out: [String] = []
        for unit in units {
            let id = unit.key + (unit.path.isEmpty ? "" : "|==|" + unit.path)
            guard let catalog = catalogs[unit.table] else {
                out.append("\(unit.table): no compiled String Catalog for this table (unit \(id.debugDescription))")
                continue
            }
            var pairs = [(unit.sourceLanguage, unit.source)]
            if let language = unit.targetLanguage, let target = unit.target { pairs.append((language, target)) }
            for (language, text) in pairs {
                let label = "\(unit.table) \(id.debugDescription) [\(language)]"
                guard let localization = catalog.strings[unit.key]?[language] else {
                    // Xcode writes no localization for a source text equal to the key.
                    if unit.path.isEmpty && language == unit.sourceLanguage && text == unit.key && catalog.strings[unit.key] != nil { continue }
                    out.append("\(label): no such key and localization in the compiled catalog (was \(text.debugDescription))")
                    continue
                }
                guard var compiled = localization.shown(unit.path) else {
                    out.append("\(label): no text at this path in the compiled catalog (was \(text.debugDescription); it has "
                               + (localization.texts.keys.sorted().map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: ", ")) + ")")
                    continue
                }
                // Xcode's export writes a substitution's `%arg` as the specifier it stands for.
                if unit.path.hasPrefix("substitutions.") {
                    for (name, substitution) in localization.substitutions where unit.path.hasPrefix("substitutions." + name + ".") {
                        let position = substitution.argNum == "-" ? "" : substitution.argNum + "$"
                        compiled = compiled.replacing("%arg", with: "%" + position + substitution.formatSpecifier)
                    }
                }
                if AppleFormatText(compiled) != AppleFormatText(text) {
                    out.append("\(label): \(text.debugDescription) became \(compiled.debugDescription)")
                }
            }
        }
        return out
    }
}
