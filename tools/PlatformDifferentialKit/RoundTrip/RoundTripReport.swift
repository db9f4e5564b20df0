public import SpeakableJSON

/// How `speakable compile` is run on the imported project.
public enum CompileMode: String, CaseIterable, Sendable, Hashable {
    /// `speakable compile --project P`: values whose ICU text is unchanged are written back as
    /// they were imported.
    case kept = "default"
    /// `speakable compile --project P --convert-all`: every value converted from ICU.
    case convertAll = "convert-all"

    var arguments: [String] { self == .convertAll ? ["--convert-all"] : [] }
}

/// One Android case whose text differs before (the original `res/`) and after (the compiled one).
public struct RoundTripMismatch: Hashable, Sendable {
    public enum Kind: String, Sendable {
        /// The compiled app throws where the original did not (`IllegalFormatConversionException`…).
        case crash
        /// The resource is not there for this locale (nor in `values/`): `Resources.NotFoundException`.
        case missing
        /// Both render, differently.
        case text
        /// The original's translation was dropped by aapt2 (another type than `values/`'s), so
        /// the original showed `values/`; the compiled resources show the translation, converted
        /// to `values/`'s type. Listed, not a failure.
        case recovered
    }

    public var catalog: String
    public var mode: CompileMode
    public var kind: Kind
    /// `string/name`, `plurals/name`, `array/name`.
    public var resource: String
    public var locale: String
    /// How the app asks, e.g. `getQuantityString(R.plurals.x, 5, 5, "Alpha")`.
    public var call: String
    public var before: String
    public var after: String
    /// Where each side's text came from: the configuration and the raw resource value.
    public var beforeSource: String
    public var afterSource: String

    var text: String {
        var out = "  \(catalog) \(mode.rawValue) \(resource) [\(locale)] \(kind == .text ? "" : kind.rawValue.uppercased() + " ")\(call)\n"
        out += "    before: \(before.debugDescription)\n"
        out += "    after:  \(after.debugDescription)\n"
        out += "    from:   \(beforeSource)\n"
        out += "    to:     \(afterSource)\n"
        return out
    }

    var json: JSONValue {
        .object([
            ("mode", .string(mode.rawValue)), ("kind", .string(kind.rawValue)), ("resource", .string(resource)), ("locale", .string(locale)),
            ("call", .string(call)), ("before", .string(before)), ("after", .string(after)),
            ("beforeSource", .string(beforeSource)), ("afterSource", .string(afterSource)),
        ])
    }
}

/// Counts of one catalog in one compile mode on Android.
public struct RoundTripTally: Hashable, Sendable {
    /// Every (type, name, locale) of the original, and every quantity of a `<plurals>`.
    public var cases = 0
    public var identical = 0
    /// Different text, or a resource that is gone.
    public var mismatched = 0
    /// The compiled resources throw where the original did not.
    public var crashes = 0
    /// A translation the original lost to aapt2 (another type than `values/`'s) shown after
    /// the compile converted it (``RoundTripMismatch/Kind/recovered``): not a failure.
    public var recovered = 0

    public init() {}
}

/// What one compile mode gave for one catalog.
public struct ModeReport: Sendable {
    public var mode: CompileMode
    public var compileStatus: Int32 = 0
    /// What `speakable compile` printed (standard error).
    public var compileOutput: [String] = []
    /// `aapt2 compile`/`aapt2 link` of the compiled `android/res/`: every line they printed
    /// (nil when not linked).
    public var linkMessages: [String]?
    /// Android: nil when there is no original `res/` or nothing was compiled.
    public var android: RoundTripTally?
    public var mismatches: [RoundTripMismatch] = []
    /// Resources the compiled `values/` has and the original's does not (`type/name`).
    public var added: [String] = []
    /// String Catalogs: nil when not compared; else whether each is byte-identical.
    public var byteIdentical: [String: Bool] = [:]
    /// String Catalog and XLIFF comparisons: every difference in meaning.
    public var catalogDifferences: [String] = []
    /// Whether a String Catalog or XLIFF original was compared with the compiled catalogs.
    public var comparedCatalogs = false

    public init(mode: CompileMode) { self.mode = mode }

    /// Lines of `aapt2 link` and `aapt2 compile` that are warnings or errors.
    public var linkWarnings: Int { linkMessages?.count ?? 0 }
}

/// Everything the round trip found for one catalog.
public struct CatalogRoundTripReport: Sendable {
    public var name: String
    public var files: [String]
    public var sourceLocale = ""
    public var locales: [String] = []
    /// The commands run, with their exit status (`speakable init …: 0`).
    public var steps: [String] = []
    public var importOutput: [String] = []
    /// `speakable check P`: exit status and findings per rule (`error bidi-control` → 7).
    public var checkStatus: Int32?
    public var checkFindings: [String: Int] = [:]
    /// The original `res/` linked: what aapt2 printed (nil when there is no Android original).
    public var originalLinkMessages: [String]?
    public var modes: [ModeReport] = []
    /// Android cases that throw in the original app (the same arguments for every mode): an
    /// app's own bug, or arguments of the wrong kind — none in an app that works.
    public var originalCrashes = 0
    /// Failures that are not one case: a command that failed, link warnings after compile,
    /// XML that xmllint rejects. Each fails the catalog.
    public var problems: [String] = []
    public var notes: [String] = []

    public init(name: String, files: [String]) {
        self.name = name
        self.files = files
    }

    public var failed: Bool {
        !problems.isEmpty || modes.contains { mode in
            mode.mismatches.contains { $0.kind != .recovered } || mode.linkWarnings > 0 || !mode.catalogDifferences.isEmpty || mode.byteIdentical.values.contains(false)
        }
    }

    public func mode(_ mode: CompileMode) -> ModeReport? { modes.first { $0.mode == mode } }

    public var checkErrors: Int { checkFindings.filter { $0.key.hasPrefix("error ") }.values.reduce(0, +) }
    public var checkWarnings: Int { checkFindings.filter { $0.key.hasPrefix("warning ") }.values.reduce(0, +) }
}

/// The whole run.
public struct RoundTripReport: Sendable {
    public var catalogs: [CatalogRoundTripReport] = []

    public init() {}

    public var failed: Bool { catalogs.contains { $0.failed } }

    /// The report for people: the summary table, then per catalog the commands, `check`'s
    /// findings, problems, every mismatch (at most `limit` per catalog and mode; 0: all), the
    /// mismatched resources by cause, and the String Catalog and XLIFF differences.
    public func text(limit: Int = 0) -> String {
        var out = "Real catalog round trip: import → check → compile, rendered on Android before and after\n\n"
        let header = pad("catalog", 28) + pad("mode", 12) + lpad("link warnings", 14) + lpad("cases", 8) + lpad("identical", 10)
            + lpad("mismatched", 11) + lpad("crashes", 8) + lpad("recovered", 10) + "  catalogs"
        out += header + "\n" + String(repeating: "-", count: header.count + 12) + "\n"
        for catalog in catalogs {
            if let original = catalog.originalLinkMessages {
                out += pad(catalog.name, 28) + pad("original", 12) + lpad(String(original.count), 14) + "\n"
            }
            if catalog.modes.isEmpty { out += pad(catalog.name, 28) + "(not compiled: see below)\n" }
            for mode in catalog.modes {
                out += pad(catalog.name, 28) + pad(mode.mode.rawValue, 12)
                out += lpad(mode.linkMessages.map { String($0.count) } ?? "-", 14)
                if let t = mode.android {
                    out += lpad(String(t.cases), 8) + lpad(String(t.identical), 10) + lpad(String(t.mismatched), 11) + lpad(String(t.crashes), 8)
                        + lpad(String(t.recovered), 10)
                } else {
                    out += lpad("-", 8) + lpad("-", 10) + lpad("-", 11) + lpad("-", 8) + lpad("-", 10)
                }
                out += "  " + mode.catalogSummary + "\n"
            }
        }
        for catalog in catalogs {
            out += "\n\(catalog.name) (\(catalog.sourceLocale)" + (catalog.locales.isEmpty ? "" : " + " + catalog.locales.joined(separator: ", ")) + "):\n"
            for step in catalog.steps { out += "  $ " + step + "\n" }
            if let status = catalog.checkStatus {
                out += "  check: exit \(status), \(catalog.checkErrors) errors, \(catalog.checkWarnings) warnings"
                let rules = catalog.checkFindings.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                if !rules.isEmpty { out += " (" + rules.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")" }
                out += "\n"
            }
            if let original = catalog.originalLinkMessages, !original.isEmpty {
                out += "  original res/ linked with \(original.count) aapt2 messages (for reference):\n"
                for line in original.prefix(limit == 0 ? original.count : limit) { out += "    " + line + "\n" }
            }
            for mode in catalog.modes {
                let warnings = mode.compileOutput.filter { $0.contains("warning") || $0.contains("error") }
                if mode.compileStatus != 0 || !warnings.isEmpty {
                    out += "  compile \(mode.mode.rawValue): exit \(mode.compileStatus), \(warnings.count) warnings or errors"
                    out += Self.ruleCounts(warnings) + "\n"
                    if mode.compileStatus != 0 {
                        for line in warnings.filter({ $0.contains("error") }).prefix(10) { out += "    " + line + "\n" }
                    }
                }
                if let messages = mode.linkMessages, !messages.isEmpty {
                    out += "  PROBLEM aapt2 on the \(mode.mode.rawValue) compile printed \(messages.count) lines:\n"
                    for line in messages.prefix(limit == 0 ? messages.count : limit) { out += "    " + line + "\n" }
                }
                if !mode.added.isEmpty {
                    out += "  note: the \(mode.mode.rawValue) compile's values/ has \(mode.added.count) resources the original lacks: "
                        + mode.added.prefix(12).joined(separator: ", ") + (mode.added.count > 12 ? ", …" : "") + "\n"
                }
            }
            for problem in catalog.problems { out += "  PROBLEM " + problem + "\n" }
            for note in catalog.notes { out += "  note: " + note + "\n" }
            for mode in catalog.modes where !mode.catalogDifferences.isEmpty {
                out += "  \(mode.mode.rawValue): \(mode.catalogDifferences.count) differences in meaning:\n"
                for line in mode.catalogDifferences.prefix(limit == 0 ? mode.catalogDifferences.count : limit) { out += "    " + line + "\n" }
                if limit > 0 && mode.catalogDifferences.count > limit { out += "    … \(mode.catalogDifferences.count - limit) more\n" }
            }
            for mode in catalog.modes where !mode.mismatches.isEmpty {
                out += "  \(mode.mode.rawValue): resources that differ, by kind:\n"
                out += Self.byResource(mode.mismatches)
                out += "  \(mode.mode.rawValue): \(mode.mismatches.count) cases that differ:\n"
                for mismatch in mode.mismatches.prefix(limit == 0 ? mode.mismatches.count : limit) { out += mismatch.text }
                if limit > 0 && mode.mismatches.count > limit { out += "    … \(mode.mismatches.count - limit) more (--limit 0 shows all)\n" }
            }
        }
        let failing = catalogs.filter(\.failed).map(\.name)
        out += "\nrecovered: a translation aapt2 dropped from the original (another type than values/'s) that the compile converted; shown, not a failure\n"
        out += (failing.isEmpty ? "PASS: every catalog survives import → compile unchanged\n" : "FAIL: " + failing.joined(separator: ", ") + "\n")
        return out
    }

    /// `[catalog-foo] 3, [catalog-bar] 1` for the rule ids in lines.
    static func ruleCounts(_ lines: [String]) -> String {
        var counts: [String: Int] = [:]
        for line in lines {
            guard let open = line.lastIndex(of: "["), line.hasSuffix("]") else { continue }
            counts[String(line[open...]), default: 0] += 1
        }
        guard !counts.isEmpty else { return "" }
        return " (" + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
    }

    /// One line per mismatched resource: its kind, and the locales (with quantities) affected.
    static func byResource(_ mismatches: [RoundTripMismatch]) -> String {
        var order: [String] = []
        var groups: [String: [RoundTripMismatch]] = [:]
        for mismatch in mismatches {
            let key = mismatch.kind.rawValue + " " + mismatch.resource
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(mismatch)
        }
        var out = ""
        for key in order {
            var locales: [String] = []
            for mismatch in groups[key]! where !locales.contains(mismatch.locale) { locales.append(mismatch.locale) }
            let count = groups[key]!.count
            out += "    \(key): \(count) \(count == 1 ? "case" : "cases") in " + locales.joined(separator: ", ") + "\n"
        }
        return out
    }

    public var json: JSONValue {
        .object([
            ("failed", .bool(failed)),
            ("catalogs", .array(catalogs.map { catalog in
                .object([
                    ("name", .string(catalog.name)),
                    ("failed", .bool(catalog.failed)),
                    ("files", .array(catalog.files.map(JSONValue.string))),
                    ("sourceLocale", .string(catalog.sourceLocale)),
                    ("locales", .array(catalog.locales.map(JSONValue.string))),
                    ("steps", .array(catalog.steps.map(JSONValue.string))),
                    ("import", .array(catalog.importOutput.map(JSONValue.string))),
                    ("check", .object([
                        ("status", catalog.checkStatus.map { .int(Int64($0)) } ?? .null),
                        ("findings", .object(catalog.checkFindings.keys.sorted().map { ($0, .int(Int64(catalog.checkFindings[$0]!))) })),
                    ])),
                    ("originalLink", catalog.originalLinkMessages.map { .array($0.map(JSONValue.string)) } ?? .null),
                    ("problems", .array(catalog.problems.map(JSONValue.string))),
                    ("notes", .array(catalog.notes.map(JSONValue.string))),
                    ("modes", .array(catalog.modes.map { mode in
                        var fields: [(String, JSONValue)] = [
                            ("mode", .string(mode.mode.rawValue)),
                            ("compile", .object([("status", .int(Int64(mode.compileStatus))), ("output", .array(mode.compileOutput.map(JSONValue.string)))])),
                            ("link", mode.linkMessages.map { .array($0.map(JSONValue.string)) } ?? .null),
                        ]
                        if let t = mode.android {
                            fields.append(("android", .object([
                                ("cases", .int(Int64(t.cases))), ("identical", .int(Int64(t.identical))),
                                ("mismatched", .int(Int64(t.mismatched))), ("crashes", .int(Int64(t.crashes))), ("recovered", .int(Int64(t.recovered))),
                            ])))
                        }
                        fields.append(("added", .array(mode.added.map(JSONValue.string))))
                        fields.append(("byteIdentical", .object(mode.byteIdentical.keys.sorted().map { ($0, .bool(mode.byteIdentical[$0]!)) })))
                        fields.append(("catalogDifferences", .array(mode.catalogDifferences.map(JSONValue.string))))
                        fields.append(("mismatches", .array(mode.mismatches.map(\.json))))
                        return .object(fields)
                    })),
                ])
            })),
        ])
    }
}

extension ModeReport {
    /// `byte-identical`, `2 differences`, `same meaning` for the String Catalog and XLIFF column.
    var catalogSummary: String {
        var parts: [String] = []
        if !byteIdentical.isEmpty {
            let same = byteIdentical.values.filter { $0 }.count
            parts.append(same == byteIdentical.count ? "byte-identical" : "\(byteIdentical.count - same) of \(byteIdentical.count) not byte-identical")
        }
        if !catalogDifferences.isEmpty {
            parts.append("\(catalogDifferences.count) differences")
        } else if comparedCatalogs {
            parts.append("same meaning")
        }
        return parts.joined(separator: ", ")
    }
}
