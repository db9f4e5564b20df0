public import SpeakableJSON

/// Writes a String Catalog straight from compiled values — the same bytes as
/// `XcodeJSON.text(XCStringsWriter.json(catalog))`, without building a JSON tree for each of
/// the hundreds of thousands of strings a large project has.
///
/// ```swift
/// let text = XCStringsStreamWriter.text(sourceLanguage: "en", version: .string("1.0"), extra: [], entries: [
///     .init(key: "coins", members: [("extractionState", .string("manual"))],
///           localizations: [("en", .value(.text("%lld O'Coins")))]),
/// ])
/// ```
public enum XCStringsStreamWriter {
    /// A localization: kept JSON (an imported original) or a compiled value.
    public enum Localization: Sendable {
        case json(JSONValue)
        case value(CatalogValue)
    }

    public struct Entry: Sendable {
        public var key: String
        /// Members other than `localizations` (comment, extractionState, shouldTranslate, extras).
        public var members: [(String, JSONValue)]
        public var localizations: [(String, Localization)]

        public init(key: String, members: [(String, JSONValue)], localizations: [(String, Localization)]) {
            self.key = key
            self.members = members
            self.localizations = localizations
        }
    }

    public static func text(sourceLanguage: String, version: JSONValue?, extra: [(String, JSONValue)], entries: [Entry]) -> String {
        var writer = Writer()
        writer.out.reserveCapacity(entries.count * 600)
        var top: [(String, JSONValue?)] = [("sourceLanguage", .string(sourceLanguage)), ("strings", nil)]
        if let version { top.append(("version", version)) }
        top += extra.map { ($0.0, $0.1) }
        writer.out += "{\n"
        for (i, index) in writer.memo.order(top.map(\.0)).enumerated() {
            if i > 0 { writer.out += ",\n" }
            writer.key(top[index].0, level: 1)
            if let value = top[index].1 {
                XcodeJSON.write(value, level: 1, into: &writer.out, memo: &writer.memo)
            } else {
                writer.entries(entries)
            }
        }
        writer.out += "\n}"
        return writer.out
    }

    struct Writer {
        var out = ""
        var memo = XcodeJSON.KeyMemo()

        mutating func key(_ name: String, level: Int) {
            out += XcodeJSON.indent(level)
            XcodeJSON.string(name, into: &out)
            out += " : "
        }

        mutating func entries(_ entries: [Entry]) {
            if entries.isEmpty {
                out += "{\n\n  }"
                return
            }
            out += "{\n"
            for (i, index) in XcodeKeyOrder.sortKeys(entries.map(\.key)).enumerated() {
                if i > 0 { out += ",\n" }
                let entry = entries[index]
                key(entry.key, level: 2)
                var names = entry.members.map(\.0)
                if !entry.localizations.isEmpty { names.append("localizations") }
                if names.isEmpty {
                    out += "{\n\n    }"
                    continue
                }
                out += "{\n"
                for (j, member) in memo.order(names).enumerated() {
                    if j > 0 { out += ",\n" }
                    key(names[member], level: 3)
                    if member < entry.members.count {
                        XcodeJSON.write(entry.members[member].1, level: 3, into: &out, memo: &memo)
                    } else {
                        localizations(entry.localizations)
                    }
                }
                out += "\n    }"
            }
            out += "\n  }"
        }

        mutating func localizations(_ localizations: [(String, Localization)]) {
            out += "{\n"
            for (i, index) in memo.order(localizations.map(\.0)).enumerated() {
                if i > 0 { out += ",\n" }
                key(localizations[index].0, level: 4)
                switch localizations[index].1 {
                case .json(let value): XcodeJSON.write(value, level: 4, into: &out, memo: &memo)
                case .value(let value): self.value(value, level: 4)
                }
            }
            out += "\n" + XcodeJSON.indent(3) + "}"
        }

        /// A compiled value; its keys are fixed, so their order is too: `stringUnit` <
        /// `substitutions` < `variations`; `state` < `value`; `argNum` < `formatSpecifier` <
        /// `variations`; plural categories alphabetically (few, many, one, other, two, zero).
        mutating func value(_ value: CatalogValue, level: Int) {
            out += "{\n"
            switch value {
            case .text(let text):
                stringUnit(text, level: level + 1)
            case .plural(let forms):
                variations(forms, level: level + 1)
            case .substitutions(let format, let substitutions):
                stringUnit(format, level: level + 1)
                out += ",\n"
                key("substitutions", level: level + 1)
                out += "{\n"
                for (i, index) in XcodeKeyOrder.sortKeys(substitutions.map(\.name)).enumerated() {
                    if i > 0 { out += ",\n" }
                    let substitution = substitutions[index]
                    key(substitution.name, level: level + 2)
                    out += "{\n"
                    key("argNum", level: level + 3)
                    out += String(substitution.argumentNumber) + ",\n"
                    key("formatSpecifier", level: level + 3)
                    XcodeJSON.string(substitution.formatSpecifier, into: &out)
                    out += ",\n"
                    variations(substitution.forms, level: level + 3)
                    out += "\n" + XcodeJSON.indent(level + 2) + "}"
                }
                out += "\n" + XcodeJSON.indent(level + 1) + "}"
            }
            out += "\n" + XcodeJSON.indent(level) + "}"
        }

        mutating func stringUnit(_ text: String, level: Int) {
            key("stringUnit", level: level)
            out += "{\n"
            key("state", level: level + 1)
            out += "\"translated\",\n"
            key("value", level: level + 1)
            XcodeJSON.string(text, into: &out)
            out += "\n" + XcodeJSON.indent(level) + "}"
        }

        mutating func variations(_ forms: [CatalogPluralForm], level: Int) {
            key("variations", level: level)
            out += "{\n"
            key("plural", level: level + 1)
            out += "{\n"
            for (i, form) in forms.sorted(by: { $0.category < $1.category }).enumerated() {
                if i > 0 { out += ",\n" }
                key(form.category, level: level + 2)
                out += "{\n"
                stringUnit(form.text, level: level + 3)
                out += "\n" + XcodeJSON.indent(level + 2) + "}"
            }
            out += "\n" + XcodeJSON.indent(level + 1) + "}"
            out += "\n" + XcodeJSON.indent(level) + "}"
        }
    }
}

extension XCStringsContent {
    /// A compiled value as String Catalog content (state `translated`).
    public init(_ value: CatalogValue) {
        func unit(_ text: String) -> XCStringsContent { XCStringsContent(stringUnit: XCStringsStringUnit(state: "translated", value: text)) }
        func plural(_ forms: [CatalogPluralForm]) -> XCStringsVariation {
            XCStringsVariation(kind: "plural", cases: forms.map { XCStringsVariationCase(name: $0.category, content: unit($0.text)) })
        }
        switch value {
        case .text(let text):
            self = unit(text)
        case .plural(let forms):
            self = XCStringsContent(variations: [plural(forms)])
        case .substitutions(let format, let substitutions):
            self = XCStringsContent(
                stringUnit: XCStringsStringUnit(state: "translated", value: format),
                substitutions: substitutions.map {
                    XCStringsSubstitution(name: $0.name, argNum: $0.argumentNumber, formatSpecifier: $0.formatSpecifier,
                                          variations: [plural($0.forms)])
                })
        }
    }
}
