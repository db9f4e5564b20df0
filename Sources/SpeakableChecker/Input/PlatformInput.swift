import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

/// Turns platform catalogs — an `.xcstrings` file, or an Android `res/` folder — into the
/// checker's input, so teams can check what they ship without converting anything.
///
/// Each string becomes the ICU message it means: printf specifiers become numbered arguments
/// (`%1$s` → `{1}`, `%d` → `{1, number}`), plural variations and `<plurals>` become
/// `{count, plural, one {…} other {…}}`, a `.xcstrings` substitution `%#@name@` becomes
/// `{name, plural, …}` with `%arg` as `#`. Every character keeps the file position it came from,
/// so findings point into the `.xcstrings` or `strings.xml` file. Device variations are not
/// checked. Platform strings have no roles, except that an Android name ending in `_hint` is
/// taken as an action fragment (TalkBack's click label), the Android convention.
///
/// ```swift
/// let input = try PlatformInput.load(path: "app/src/main/res")
/// input.tables.map(\.name)              // ["strings"]
/// input.tables[0].locales.map(\.tag)    // ["ko"]
/// ```
public enum PlatformInput {
    /// Why a path cannot be checked as a platform catalog.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Whether `path` is a platform catalog: a `.xcstrings` file, a `res/` folder with
    /// `values/`, or a `strings.xml` inside one.
    public static func recognizes(_ path: String) -> Bool {
        if path.hasSuffix(".xcstrings") { return true }
        if path.hasSuffix(".xml") { return true }
        return FileManager.default.fileExists(atPath: join(path, "values"))
    }

    /// Loads `path` (see ``recognizes(_:)``). `sourceLocale` is the language of Android's
    /// default `values/` folder (`.xcstrings` files name theirs).
    public static func load(path: String, sourceLocale: String = "en", settings: CheckSettings = CheckSettings()) throws(Failure) -> CheckInput {
        if path.hasSuffix(".xcstrings") { return try xcstrings(path: path, settings: settings) }
        var directory = path
        if path.hasSuffix(".xml") {
            // res/values/strings.xml → res
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            directory = parts.count >= 3 ? parts.dropLast(2).joined(separator: "/") : "."
            if directory.isEmpty { directory = "/" }
        }
        return try android(directory: directory, sourceLocale: sourceLocale, settings: settings)
    }

    static func join(_ a: String, _ b: String) -> String {
        a == "." ? b : a.hasSuffix("/") ? a + b : a + "/" + b
    }

    static func display(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

    static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        switch InputFile.read(path) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge(let size)):
            throw Failure(description: "\(path) is \(size) bytes; the limit is \(InputFile.maximumSize >> 20) MiB")
        case .failure:
            throw Failure(description: "cannot read \(path)")
        }
    }

    // MARK: .xcstrings

    static func xcstrings(path: String, settings: CheckSettings) throws(Failure) -> CheckInput {
        let file = display(path)
        let read = XCStringsReader.read(try readBytes(path), file: file)
        guard let catalog = read.catalog else {
            return CheckInput(sourceTag: "en", sourceLocale: .english, tables: [], settings: settings, inputDiagnostics: read.diagnostics)
        }
        let sourceTag = catalog.sourceLanguage
        let sourceLocale = (try? ICULocale(sourceTag)) ?? .english
        let name = String(file.split(separator: "/").last!.dropLast(".xcstrings".count))
        var sources: [SourceMessage] = []
        var byLocale: [String: [TargetMessage]] = [:]
        var translatable = Set<String>()
        let all = catalog.messages
        for entry in catalog.entries where entry.shouldTranslate != false { translatable.insert(entry.key) }
        var sourceByKey: [String: PlatformMessage] = [:]
        for message in all where message.locale == sourceTag { sourceByKey[message.key] = message }
        for entry in catalog.entries where translatable.contains(entry.key) {
            let text: PositionedText
            if let message = sourceByKey[entry.key], let converted = convert(message, dialect: .apple) {
                text = converted
            } else {
                // No source localization: Xcode uses the key as the source string.
                let keyMessage = PlatformMessage(key: entry.key, keyPosition: entry.keyPosition, locale: sourceTag, file: file,
                                                 forms: [PlatformForm(path: "", value: entry.key, position: entry.keyPosition)])
                guard let converted = convert(keyMessage, dialect: .apple) else { continue }
                text = converted
            }
            sources.append(SourceMessage(key: entry.key, keyPosition: entry.keyPosition, role: nil, text: text,
                                         pattern: try? MessagePattern(text.text)))
        }
        for message in all where message.locale != sourceTag && translatable.contains(message.key) {
            guard let text = convert(message, dialect: .apple) else { continue }
            byLocale[message.locale, default: []].append(
                TargetMessage(key: message.key, keyPosition: message.keyPosition, text: text, pattern: try? MessagePattern(text.text)))
        }
        let locales = byLocale.keys.sorted().compactMap { tag -> TargetLocale? in
            guard let locale = try? ICULocale(tag) else { return nil }
            return TargetLocale(tag: tag, locale: locale, file: file, messages: byLocale[tag]!)
        }
        return CheckInput(sourceTag: sourceTag, sourceLocale: sourceLocale,
                          tables: [CheckTable(name: name, file: file, messages: sources, locales: locales)],
                          settings: settings, inputDiagnostics: read.diagnostics)
    }

    // MARK: Android

    static func android(directory: String, sourceLocale: String, settings: CheckSettings) throws(Failure) -> CheckInput {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard names.contains("values") else {
            throw Failure(description: "\(directory) has no values/ folder: give an Android res/ folder")
        }
        var diagnostics: [Diagnostic] = []
        func read(_ folder: String) -> [(file: String, resources: AndroidResourceFile)] {
            let path = join(directory, folder)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
            var result: [(String, AndroidResourceFile)] = []
            for name in files {
                let full = join(path, name)
                guard InputFile.isInside(full, root: directory) else {
                    diagnostics.append(Diagnostic(severity: .error, id: "input-outside-project",
                                                  message: "this file is a symbolic link that leads out of the resources folder; it is not read",
                                                  file: display(full)))
                    continue
                }
                let data: [UInt8]
                switch InputFile.read(full) {
                case .success(let bytes): data = bytes
                case .failure(let problem):
                    diagnostics.append(problem.diagnostic(file: display(full)))
                    continue
                }
                let parsed = AndroidResourceReader.read(data, file: display(full))
                diagnostics += parsed.diagnostics
                if let file = parsed.file, file.resources.contains(where: { $0.kind == .string || $0.kind == .plurals }) {
                    result.append((name, file))
                }
            }
            return result
        }
        let sourceFiles = read("values")
        let locale = (try? ICULocale(sourceLocale)) ?? .english
        var tables: [CheckTable] = []
        let localeFolders = names.filter { $0.hasPrefix("values-") && AndroidQualifiers.localeTag(forValuesFolder: $0) != nil }.sorted()
        let targetFiles = localeFolders.map { ($0, AndroidQualifiers.localeTag(forValuesFolder: $0)!, read($0)) }
        for (name, file) in sourceFiles {
            var sources: [SourceMessage] = []
            for resource in file.resources where resource.isTranslatable {
                guard let text = convert(resource, file: file.file) else { continue }
                var exemptions: [String: String] = [:]
                if let ignore = resource["tools:ignore"], ignore.split(separator: ",").contains(where: { $0.trimmingSpaces == "MissingTranslation" }) {
                    exemptions[Rule.missingTranslation.rawValue] = "tools:ignore=\"MissingTranslation\""
                }
                let role: Role? = resource.name.hasSuffix("_hint") ? .action : nil
                sources.append(SourceMessage(key: resource.name, keyPosition: resource.namePosition, role: role, text: text,
                                             pattern: try? MessagePattern(text.text), exemptions: exemptions))
            }
            var locales: [TargetLocale] = []
            for (folder, tag, files) in targetFiles {
                guard let icuLocale = try? ICULocale(tag) else { continue }
                let match = files.first { $0.file == name }
                let path = match?.resources.file ?? display(join(join(directory, folder), name))
                let messages: [TargetMessage] = (match?.resources.resources ?? []).compactMap { resource in
                    // Translations of untranslatable strings are Android Lint's business, not extra keys.
                    guard !(file[resource.name].map { !$0.isTranslatable } ?? false), let text = convert(resource, file: path) else { return nil }
                    return TargetMessage(key: resource.name, keyPosition: resource.namePosition, text: text, pattern: try? MessagePattern(text.text))
                }
                locales.append(TargetLocale(tag: tag, locale: icuLocale, file: path, fileExists: match != nil, messages: messages))
            }
            tables.append(CheckTable(name: String(name.dropLast(4)), file: file.file, messages: sources, locales: locales))
        }
        return CheckInput(sourceTag: sourceLocale, sourceLocale: locale, tables: tables, settings: settings, inputDiagnostics: diagnostics)
    }

    // MARK: Conversion

    /// ICU text under construction, each UTF-16 unit with the file position it stands for.
    struct Builder {
        var units: [UInt16] = []
        var positions: [SourcePosition] = []
        var sequential = 0

        mutating func synthetic(_ text: String, at position: SourcePosition) {
            for u in text.utf16 { units.append(u); positions.append(position) }
        }

        mutating func literal(_ scalar: Unicode.Scalar, at position: SourcePosition, inPlural: Bool) {
            let escaped: String
            switch scalar {
            case "'": escaped = "''"
            case "{": escaped = "'{'"
            case "}": escaped = "'}'"
            case "#" where inPlural: escaped = "'#'"
            default: escaped = String(scalar)
            }
            synthetic(escaped, at: position)
        }

        func positioned(file: String, end: SourcePosition) -> PositionedText {
            let positions = self.positions + [end]
            return PositionedText(text: String(decoding: units, as: UTF16.self), file: file) { offset in
                positions[min(max(0, offset), positions.count - 1)]
            }
        }
    }

    /// One printf format (a form's value) appended as ICU text. `position(i)` is the file
    /// position of the value's i-th scalar.
    static func appendFormat(_ value: String, dialect: PrintfFormat.Dialect, position: (Int) -> SourcePosition,
                             inPlural: Bool, builder: inout Builder, substitution: (String, SourcePosition, inout Builder) -> Void) {
        let scalars = Array(value.unicodeScalars)
        var offset = 0
        for piece in PrintfFormat.parse(value, dialect: dialect).pieces {
            switch piece {
            case .literal(let text):
                for scalar in text.unicodeScalars {
                    builder.literal(scalar, at: position(offset), inPlural: inPlural)
                    let doubled = scalar == "%" && offset + 1 < scalars.count && scalars[offset] == "%" && scalars[offset + 1] == "%"
                    offset += doubled ? 2 : 1
                }
            case .specifier(let specifier):
                let at = position(specifier.range.lowerBound)
                offset = specifier.range.upperBound
                if let name = specifier.substitution {
                    if name.isEmpty {
                        builder.synthetic(inPlural ? "#" : "{count, number}", at: at)
                    } else {
                        substitution(name, at, &builder)
                    }
                    continue
                }
                let number: Int
                if let explicit = specifier.position { number = explicit } else { builder.sequential += 1; number = builder.sequential }
                switch specifier.valueKind {
                case .integer, .floatingPoint: builder.synthetic("{\(number), number}", at: at)
                default: builder.synthetic("{\(number)}", at: at)
                }
            }
        }
    }

    /// A substitution name as an ICU argument name (`total.strings` → `total_strings`).
    static func identifier(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map {
            ($0.properties.isAlphabetic || ($0.value >= 48 && $0.value <= 57) || $0 == "_") ? $0 : "_"
        }))
    }

    /// A `.xcstrings` message as ICU text.
    static func convert(_ message: PlatformMessage, dialect: PrintfFormat.Dialect) -> PositionedText? {
        var builder = Builder()
        func jsonPosition(_ form: PlatformForm) -> (Int) -> SourcePosition {
            { SourcePosition(line: form.position.line, column: form.position.column + 1 + $0) }
        }
        func plural(_ name: String, forms: [(category: String, form: PlatformForm)], at: SourcePosition, builder: inout Builder) {
            builder.synthetic("{\(name), plural,", at: at)
            let outer = builder.sequential
            for (category, form) in forms {
                builder.sequential = outer
                // Apple's `zero` variation is used for 0 in every language: ICU's =0.
                builder.synthetic(" \(category == "zero" ? "=0" : category) {", at: form.position)
                appendFormat(form.value, dialect: dialect, position: jsonPosition(form), inPlural: true, builder: &builder) { _, p, b in
                    b.synthetic("#", at: p)
                }
                builder.synthetic("}", at: form.position)
            }
            builder.synthetic("}", at: at)
        }
        let pluralForms = message.pluralForms
        if !pluralForms.isEmpty {
            // The variation is chosen by the format's first number, as the source string's
            // "%lld stars" passes it: name the plural after that argument.
            let sample = (pluralForms.first { $0.category == "other" } ?? pluralForms[0]).form.value
            var sequential = 0
            var selector = 1
            for specifier in PrintfFormat.parse(sample, dialect: dialect).specifiers where specifier.substitution == nil {
                sequential += 1
                if specifier.valueKind == .integer || specifier.valueKind == .floatingPoint {
                    selector = specifier.position ?? sequential
                    break
                }
            }
            plural(String(selector), forms: pluralForms, at: message.keyPosition, builder: &builder)
        } else if let text = message.text {
            appendFormat(text.value, dialect: dialect, position: jsonPosition(text), inPlural: false, builder: &builder) { name, at, b in
                let forms = message.pluralForms(ofSubstitution: name)
                let argument = identifier(name)
                if forms.isEmpty { b.synthetic("{\(argument)}", at: at) } else { plural(argument, forms: forms, at: at, builder: &b) }
            }
        } else {
            return nil
        }
        return builder.positioned(file: message.file, end: builder.positions.last ?? message.keyPosition)
    }

    /// An Android `<string>` or `<plurals>` as ICU text, positions aligned with the raw XML.
    static func convert(_ resource: AndroidResource, file: String) -> PositionedText? {
        var builder = Builder()
        switch resource.kind {
        case .string:
            guard let value = resource.value else { return nil }
            let map = alignment(value)
            appendFormat(value.text, dialect: .java, position: map, inPlural: false, builder: &builder) { name, at, b in
                b.synthetic("{\(name)}", at: at)
            }
        case .plurals:
            guard !resource.items.isEmpty else { return nil }
            builder.synthetic("{count, plural,", at: resource.position)
            for item in resource.items {
                builder.sequential = 0
                builder.synthetic(" \(item.quantity ?? "other") {", at: item.position)
                appendFormat(item.value.text, dialect: .java, position: alignment(item.value), inPlural: true, builder: &builder) { name, at, b in
                    b.synthetic("{\(name)}", at: at)
                }
                builder.synthetic("}", at: item.position)
            }
            builder.synthetic("}", at: resource.position)
        case .stringArray, .other:
            return nil
        }
        return builder.positioned(file: file, end: builder.positions.last ?? resource.position)
    }

    /// Maps each scalar of the decoded text to where it is written in the raw XML: decoding only
    /// drops characters (tags, quotes, backslashes, entity names), so the two align greedily.
    static func alignment(_ string: AndroidString) -> (Int) -> SourcePosition {
        let decoded = Array(string.text.unicodeScalars)
        let raw = Array(string.rawXML.unicodeScalars)
        let rawPositions = TextPositions(string.rawXML)
        var rawIndexOfDecoded: [Int] = []
        rawIndexOfDecoded.reserveCapacity(decoded.count + 1)
        var j = 0
        for scalar in decoded {
            var k = j
            let limit = min(raw.count, j + 16)
            while k < limit && !(raw[k] == scalar || (scalar.properties.isWhitespace && raw[k].properties.isWhitespace)) { k += 1 }
            if k < limit {
                rawIndexOfDecoded.append(k)
                j = k + 1
            } else {
                rawIndexOfDecoded.append(min(j, max(0, raw.count - 1)))
            }
        }
        rawIndexOfDecoded.append(min(j, raw.count))
        let start = string.position
        return { offset in
            let index = rawIndexOfDecoded[min(max(0, offset), rawIndexOfDecoded.count - 1)]
            let p = rawPositions.position(ofScalarIndex: index)
            return p.line == 1 ? SourcePosition(line: start.line, column: start.column + p.column - 1)
                               : SourcePosition(line: start.line + p.line - 1, column: p.column)
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
