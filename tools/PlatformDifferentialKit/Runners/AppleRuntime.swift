// A model of Apple's run time for the generated Swift accessors, for the platform differential
// (tools/PlatformDifferentialKit). The differential compiles this file with `swiftc` together with
// the accessors `speakable compile` generated and a generated `main.swift` that calls them; it is
// not part of any SwiftPM target.
//
// The accessors are compiled unchanged. This module declares its own `Bundle`, `Locale` and
// `DateFormatter`; unqualified names in the accessors find these before Foundation's, so:
// * `Bundle.localizedString(forKey:value:table:)` looks the key up in the compiled `.xcstrings`
//   (what Xcode's build turns into `.strings`/`.stringsdict` in each `.lproj`) for the case's
//   locale — or, in no-catalog mode, returns `value` as a bundle without the table does;
// * `String(format:locale:arguments:)` with this `Locale` selects the plural variation or
//   substitution (CLDR category from ICU 72, passed in by the differential; `zero` for exactly 0
//   when the variation has one, as Apple does in every language) and then formats each
//   specifier with this machine's Foundation `String(format:locale:arguments:)` — the same
//   CoreFoundation format engine Apple ships (see `render`);
// * `Locale.current` is the case's locale; `DateFormatter` is Foundation's, in UTC.
//
// Protocol: one JSON object per line on standard input
//   {"id": 1, "locale": "ko", "catalog": true, "call": "game/game.coins",
//    "args": {"amount": {"int": 9180}}, "categories": {"9180": "other"}, "numbers": {"9180": "9,180"}}
// and one line per request on standard output: {"id": 1, "out": "…", "trace": "…"} or
// {"id": 1, "error": "…"}.

import Foundation

enum AppleRuntime {
    nonisolated(unsafe) static var tag = "en"
    nonisolated(unsafe) static var useCatalog = true
    nonisolated(unsafe) static var categories: [String: String] = [:]
    /// ICU 72's decimal format of each integer argument (see `render`).
    nonisolated(unsafe) static var numbers: [String: String] = [:]
    nonisolated(unsafe) static var device = "other"
    nonisolated(unsafe) static var problem: String?
    nonisolated(unsafe) static var trace: [String] = []
    /// Table name → parsed `.xcstrings`.
    nonisolated(unsafe) static var catalogs: [String: [String: Any]] = [:]
    /// A looked-up value that varies (plural variations, substitutions) is handed to
    /// `String(format:)` as this marker followed by its id, as Apple hands over a format string
    /// that carries its `.stringsdict` configuration.
    static let marker = "\u{F8FF}VARIES:"
    nonisolated(unsafe) static var varying: [[String: Any]] = []
    /// Argument positions a substitution's `%N$#@name@` gives a type (its formatSpecifier).
    nonisolated(unsafe) static var typedPositions: Set<Int> = []

    static func load(directory: String) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for file in files where file.hasSuffix(".xcstrings") {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                fail("cannot read \(file)")
                continue
            }
            catalogs[String(file.dropLast(".xcstrings".count))] = json
        }
    }

    static func fail(_ message: String) {
        if problem == nil { problem = message }
    }

    /// The localization of `key` for the current locale: the exact tag, then its language,
    /// then the source language (Bundle's development-region fallback).
    static func lookUp(_ key: String, value: String?, table: String?) -> String {
        guard useCatalog else {
            trace.append("no catalog: the accessor's source text")
            return value ?? key
        }
        guard let catalog = catalogs[table ?? "Localizable"] else {
            trace.append("no table \(table ?? "Localizable"): value")
            return value ?? key
        }
        let strings = catalog["strings"] as? [String: Any] ?? [:]
        guard let entry = strings[key] as? [String: Any] else {
            trace.append("key not in catalog: value")
            return value ?? key
        }
        let localizations = entry["localizations"] as? [String: Any] ?? [:]
        let source = catalog["sourceLanguage"] as? String ?? "en"
        let language = String(tag.split(separator: "-").first ?? "")
        var chosen: (String, [String: Any])?
        for candidate in [tag, language, source] {
            if let localization = localizations[candidate] as? [String: Any] {
                chosen = (candidate, localization)
                break
            }
        }
        guard let (found, localization) = chosen else {
            // Xcode writes the key itself as the source-language text of an entry without one.
            trace.append("no localization: the key")
            return key
        }
        trace.append("localization \(found)")
        // Device variations are chosen when the string is loaded (Xcode writes them as
        // NSStringDeviceSpecificRuleType, which Bundle resolves); plural variations and
        // substitutions wait for the arguments.
        var content = localization
        while let variations = content["variations"] as? [String: Any], let devices = variations["device"] as? [String: Any] {
            let chosen = devices[device] != nil ? device : "other"
            trace.append("device \(chosen)")
            content = devices[chosen] as? [String: Any] ?? [:]
        }
        if content["variations"] == nil, content["substitutions"] == nil,
           let unit = content["stringUnit"] as? [String: Any], let text = unit["value"] as? String {
            return text
        }
        varying.append(content)
        return marker + String(varying.count - 1)
    }

    /// Formats as Apple's `String(format:locale:arguments:)` would with a looked-up value.
    static func format(_ format: String, arguments: [any CVarArg]) -> String {
        typedPositions = []
        var resolved = format
        if format.hasPrefix(marker), let index = Int(format.dropFirst(marker.count)), index < varying.count {
            resolved = resolve(varying[index], arguments: arguments)
        }
        switch render(resolved, arguments: arguments) {
        case .success(let text): return text
        case .failure(let problem):
            fail(problem.description)
            return ""
        }
    }

    /// The format a localization with variations or substitutions stands for, given the arguments.
    static func resolve(_ content: [String: Any], arguments: [any CVarArg], pluralArgument: Int = 1) -> String {
        if let variations = content["variations"] as? [String: Any] {
            if let plural = variations["plural"] as? [String: Any] {
                guard pluralArgument - 1 < arguments.count else {
                    fail("plural variation without an argument")
                    return ""
                }
                let chosen = category(arguments[pluralArgument - 1], cases: plural)
                trace.append("plural \(chosen)")
                return resolve(plural[chosen] as? [String: Any] ?? [:], arguments: arguments, pluralArgument: pluralArgument)
            }
            if let devices = variations["device"] as? [String: Any] {
                let chosen = devices[device] != nil ? device : "other"
                trace.append("device \(chosen)")
                return resolve(devices[chosen] as? [String: Any] ?? [:], arguments: arguments, pluralArgument: pluralArgument)
            }
            fail("unknown variation \(variations.keys.sorted())")
            return ""
        }
        let unit = content["stringUnit"] as? [String: Any] ?? [:]
        var text = unit["value"] as? String ?? ""
        if let substitutions = content["substitutions"] as? [String: Any] {
            for (name, raw) in substitutions.sorted(by: { $0.key < $1.key }) {
                guard let substitution = raw as? [String: Any] else { continue }
                let number = (substitution["argNum"] as? Int) ?? 1
                let specifier = substitution["formatSpecifier"] as? String ?? "lld"
                typedPositions.insert(number)
                let variant = resolve(substitution, arguments: arguments, pluralArgument: number)
                    .replacingOccurrences(of: "%arg", with: "%\(number)$\(specifier)")
                var replaced = false
                for written in ["%\(number)$#@\(name)@", "%#@\(name)@"] where text.contains(written) {
                    text = text.replacingOccurrences(of: written, with: variant)
                    replaced = true
                }
                if !replaced { fail("substitution \(name) is not in \(text)") }
            }
        }
        return text
    }

    /// Apple's choice among plural cases: `zero` for exactly 0 when there is one (in every
    /// language), else the CLDR category, else `other`.
    static func category(_ argument: any CVarArg, cases: [String: Any]) -> String {
        let text: String
        switch argument {
        case let n as Int: text = String(n)
        case let n as Int64: text = String(n)
        case let d as Double: text = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        default:
            fail("a plural variation chosen by a non-number (\(type(of: argument)))")
            return "other"
        }
        if text == "0", cases["zero"] != nil { return "zero" }
        guard let category = categories[text] else {
            fail("no plural category given for \(text)")
            return "other"
        }
        return cases[category] != nil ? category : "other"
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Formats as CoreFoundation does, one specifier at a time: each `%…` is handed to this
    /// machine's Foundation with its own argument (positions resolved here, so a format that
    /// skips an argument — `%2$@` alone, as after a substitution — still finds it; on Apple the
    /// substitution's own specifier tells CoreFoundation the skipped argument's type). A
    /// specifier given the wrong kind of value would crash an app or print garbage: that is a
    /// problem, not a call into Foundation.
    static func render(_ format: String, arguments: [any CVarArg]) -> Result<String, Problem> {
        let scalars = Array(format.unicodeScalars)
        let locale = Foundation.Locale(identifier: tag)
        var out = ""
        var literal = String.UnicodeScalarView()
        var i = 0
        var sequential = 0
        var referenced = Set<Int>()
        while i < scalars.count {
            guard scalars[i] == "%" else {
                literal.append(scalars[i])
                i += 1
                continue
            }
            let start = i
            i += 1
            guard i < scalars.count else { return .failure(Problem(description: "a format ending in %: \(format)")) }
            if scalars[i] == "%" {
                literal.append("%")
                i += 1
                continue
            }
            var digits = ""
            var j = i
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { digits.unicodeScalars.append(scalars[j]); j += 1 }
            let position: Int
            if j < scalars.count, scalars[j] == "$", let n = Int(digits) {
                position = n
                i = j + 1
            } else {
                sequential += 1
                position = sequential
            }
            var specifier = "%"
            while i < scalars.count, "-+ #0'.123456789hlqLzjt".unicodeScalars.contains(scalars[i]) {
                specifier.unicodeScalars.append(scalars[i])
                i += 1
            }
            guard i < scalars.count else { return .failure(Problem(description: "an unfinished specifier in \(format)")) }
            let conversion = scalars[i]
            specifier.unicodeScalars.append(conversion)
            i += 1
            let written = String(String.UnicodeScalarView(scalars[start..<i]))
            guard position >= 1, position <= arguments.count else {
                return .failure(Problem(description: "\(written) has no argument (\(arguments.count) given): crashes or prints garbage on Apple"))
            }
            referenced.insert(position)
            let argument = arguments[position - 1]
            let isInteger = argument is Int || argument is Int64 || argument is Int32
            let isDouble = argument is Double
            switch conversion {
            case "d", "i", "u", "x", "X", "o", "D", "U", "O", "c":
                if !isInteger { return .failure(Problem(description: "\(written) is given \(type(of: argument)) (argument \(position))")) }
            case "f", "F", "g", "G", "e", "E", "a", "A":
                if !isDouble { return .failure(Problem(description: "\(written) is given \(type(of: argument)) (argument \(position))")) }
            case "@":
                if isInteger || isDouble {
                    return .failure(Problem(description: "\(written) is given a number (argument \(position)): crashes on Apple"))
                }
            default:
                return .failure(Problem(description: "unknown conversion \(written)"))
            }
            out += String(literal)
            literal = String.UnicodeScalarView()
            var text = String(format: specifier, locale: Optional(locale), arguments: [argument])
            // A plain integer specifier prints the locale's decimal format. This Foundation
            // carries CLDR 46; the reference is ICU 72 (CLDR 42). Where their data differ (4-digit
            // grouping in bg, es, it, pl; digits in ar) the differential passes ICU 72's text, so
            // that a difference in CLDR versions is not taken for the catalog's.
            if isInteger, specifier.unicodeScalars.allSatisfy({ "%hlqdiu".unicodeScalars.contains($0) }),
               let reference = numbers["\(argument)"], reference != text {
                trace.append("number \(argument): \(text) here, \(reference) in CLDR 42")
                text = reference
            }
            out += text
        }
        out += String(literal)
        // CoreFoundation reads a positional argument only through a specifier that names it (or
        // a substitution that types it): a position nothing names is not read, and every later
        // argument is taken from the wrong place — garbage or a crash on Apple (and here).
        if let highest = referenced.max() {
            for position in 1..<highest where !referenced.contains(position) && !typedPositions.contains(position) {
                return .failure(Problem(description: "the format skips argument \(position) (\(format)): CoreFoundation reads the later arguments from the wrong place"))
            }
        }
        return .success(out)
    }

    // MARK: The driver loop

    static func run(_ call: (String, Arguments) -> String?) {
        let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
        load(directory: directory)
        while let line = readLine() {
            guard !line.isEmpty else { continue }
            guard let request = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                print(#"{"error": "bad request line"}"#)
                continue
            }
            let id = request["id"] as? Int ?? -1
            if let probe = request["probe"] as? String {
                // How this Foundation prints integers in a locale, next to ICU 72 in the report.
                let text = String(format: "%lld|%lld|%lld", locale: Foundation.Locale(identifier: probe), 9180, 1_234_567, -5)
                let data = (try? JSONSerialization.data(withJSONObject: ["id": id, "out": text], options: [.sortedKeys])) ?? Data()
                print(String(decoding: data, as: UTF8.self))
                continue
            }
            tag = request["locale"] as? String ?? "en"
            useCatalog = request["catalog"] as? Bool ?? true
            device = request["device"] as? String ?? "other"
            categories = request["categories"] as? [String: String] ?? [:]
            numbers = request["numbers"] as? [String: String] ?? [:]
            problem = nil
            trace = []
            varying = []
            let arguments = Arguments(values: request["args"] as? [String: Any] ?? [:])
            let name = request["call"] as? String ?? ""
            var reply: [String: Any] = ["id": id]
            if let output = call(name, arguments) {
                if let problem = problem ?? arguments.problem {
                    reply["error"] = problem
                } else {
                    reply["out"] = output
                }
            } else {
                reply["error"] = "no accessor for \(name)"
            }
            reply["trace"] = trace.joined(separator: "; ")
            let data = (try? JSONSerialization.data(withJSONObject: reply, options: [.sortedKeys])) ?? Data()
            print(String(decoding: data, as: UTF8.self))
        }
    }
}

/// The arguments of one call, typed as the accessor's parameters need them.
final class Arguments {
    let values: [String: Any]
    var problem: String?

    init(values: [String: Any]) { self.values = values }

    private func value(_ name: String) -> [String: Any] {
        guard let value = values[name] as? [String: Any] else {
            problem = problem ?? "no value for argument \(name)"
            return [:]
        }
        return value
    }

    func int(_ name: String) -> Int {
        if let n = value(name)["int"] as? Int { return n }
        problem = problem ?? "argument \(name) is not an integer"
        return 0
    }

    func double(_ name: String) -> Double {
        let v = value(name)
        if let d = v["double"] as? Double { return d }
        if let n = v["int"] as? Int { return Double(n) }
        problem = problem ?? "argument \(name) is not a number"
        return 0
    }

    func string(_ name: String) -> String {
        let v = value(name)
        if let s = v["str"] as? String { return s }
        // A number the accessor takes as text: what the caller formats (ICU's text).
        if let s = v["text"] as? String { return s }
        if let n = v["int"] as? Int { return String(n) }
        problem = problem ?? "argument \(name) is not a string"
        return ""
    }

    /// A number's text for an accessor's `<label>Text` parameter.
    func text(_ name: String) -> String {
        if let s = value(name)["text"] as? String { return s }
        problem = problem ?? "no text for number argument \(name)"
        return ""
    }

    func date(_ name: String) -> Date {
        if let ms = value(name)["date"] as? Double { return Date(timeIntervalSince1970: ms / 1000) }
        if let ms = value(name)["date"] as? Int { return Date(timeIntervalSince1970: Double(ms) / 1000) }
        problem = problem ?? "argument \(name) is not a date"
        return Date(timeIntervalSince1970: 0)
    }

    /// A select argument: the accessor's enum case with that raw value, else `other` (what ICU
    /// picks for a value that matches no case).
    func select<T: RawRepresentable>(_ name: String, _ type: T.Type) -> T where T.RawValue == String {
        let raw = string(name)
        if let value = T(rawValue: raw) ?? T(rawValue: "other") { return value }
        problem = problem ?? "\(T.self) has neither \(raw) nor other"
        return T(rawValue: raw)!
    }
}

// MARK: What the accessors see instead of Foundation's types

struct Locale {
    var identifier: String
    static var current: Locale { Locale(identifier: AppleRuntime.tag) }
}

struct Bundle {
    static var main: Bundle { Bundle() }
    static var module: Bundle { Bundle() }

    func localizedString(forKey key: String, value: String?, table: String?) -> String {
        AppleRuntime.lookUp(key, value: value, table: table)
    }
}

extension String {
    init(format: String, locale: Locale?, arguments: [any CVarArg]) {
        self = AppleRuntime.format(format, arguments: arguments)
    }

    init(format: String, locale: Locale?, _ arguments: any CVarArg...) {
        self = AppleRuntime.format(format, arguments: arguments)
    }
}

final class DateFormatter {
    enum Style { case none, short, medium, long, full }

    var locale: Locale? = Locale.current
    var dateStyle = Style.none
    var timeStyle = Style.none
    private var template: String?

    func setLocalizedDateFormatFromTemplate(_ template: String) { self.template = template }

    func string(from date: Date) -> String {
        let formatter = Foundation.DateFormatter()
        formatter.locale = Foundation.Locale(identifier: (locale ?? Locale.current).identifier)
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let template {
            formatter.setLocalizedDateFormatFromTemplate(template)
        } else {
            formatter.dateStyle = Self.foundation(dateStyle)
            formatter.timeStyle = Self.foundation(timeStyle)
        }
        return formatter.string(from: date)
    }

    private static func foundation(_ style: Style) -> Foundation.DateFormatter.Style {
        switch style {
        case .none: .none
        case .short: .short
        case .medium: .medium
        case .long: .long
        case .full: .full
        }
    }
}
