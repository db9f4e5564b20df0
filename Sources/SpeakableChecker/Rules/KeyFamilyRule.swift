import SpeakableCatalog

extension Rule {
    /// `key-family`: a `.label` whose `.hint` or `.value` siblings are missing in a locale.
    public static let keyFamily = Rule(KeyFamilyRule.self)
}

/// `key-family`: a label key (`cell.label`, `cell_label`) translated into a locale whose hint or
/// value sibling (`cell.hint`, `cell.value`) is not: one element would speak two languages.
enum KeyFamilyRule: CheckerRule {
    static let id: RuleID = "key-family"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a .label whose .hint or .value siblings are missing in a locale"

    /// The families of `table` (``TableFacts/keyFamilies``) against the translations `check`
    /// found in `target`.
    static func check(_ table: CheckTable, facts: TableFacts, target: TargetLocale, _ check: RuleRunner.LocaleCheck,
                      emitter: inout Emitter) {
        let first = check.first
        // The families are found once per table (TableFacts), not again for every locale.
        for family in facts.keyFamilies where first[family.label] >= 0 {
            for sibling in family.siblings where first[sibling.index] < 0 {
                // The first translation with the label's key (every such key has the label's index).
                guard let translated = check.labelFirsts[family.label] else { continue }
                let message = table.messages[family.message]
                emitter.emit(.keyFamily, table: table.name, locale: target.tag, key: family.key, exemptions: message.exemptions,
                             file: translated.file, position: translated.position,
                             message: "'\(family.key)' is translated into \(target.tag) but its sibling '\(sibling.key)' is not: one element would speak two languages",
                             hint: "translate '\(sibling.key)' too", subject: sibling.key)
            }
        }
    }

    /// `"cell.label"` → ("cell", "."); `"cell_label"` → ("cell", "_").
    static func labelStem(_ key: String) -> (String, String)? {
        // Only a key whose UTF-8 ends in ".label" or "_label" can (no other spelling of those
        // characters is canonically equivalent): most keys are ruled out without comparing
        // characters.
        var bytes = key.utf8.reversed().makeIterator()
        guard bytes.next() == 0x6C, bytes.next() == 0x65, bytes.next() == 0x62, bytes.next() == 0x61, bytes.next() == 0x6C,
              let separator = bytes.next(), separator == 0x2E || separator == 0x5F else { return nil }
        for separator in [".", "_"] where key.hasSuffix(separator + "label") {
            let stem = String(key.dropLast(separator.count + 5))
            if !stem.isEmpty { return (stem, separator) }
        }
        return nil
    }
}
