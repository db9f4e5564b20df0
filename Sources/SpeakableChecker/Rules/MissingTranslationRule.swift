import SpeakableCatalog
import SpeakableDiagnostics
import SpeakablePlatformFormats

extension Rule {
    /// `missing-translation`: a key of the source missing in a target locale.
    public static let missingTranslation = Rule(MissingTranslationRule.self)
}

/// `missing-translation`: a source key that a locale does not translate, and an Android
/// `<string-array>` translated with fewer items than the source's.
enum MissingTranslationRule: CheckerRule {
    static let id: RuleID = "missing-translation"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a key of the source missing in a target locale"

    /// Every source key of `table` without a translation in `target`: `first` holds, per source
    /// index, its first translation's index (-1: none).
    static func check(_ table: CheckTable, facts: TableFacts, target: TargetLocale, first: [Int32], emitter: inout Emitter) {
        let shownFile = target.file + (target.fileExists ? "" : ", which does not exist yet")
        // What every finding of the locale shares is made once: the hint, and the message after
        // the key (each message is then one string of its exact size).
        let hint = "translate it in \(target.file); until then \(target.tag) users hear the source text"
        let afterKey = "' has no \(target.tag) translation (\(shownFile))"
        for index in facts.keys.indices where first[facts.firstIndex[index]] < 0 {
            let key = table.messages[index].key
            var message = "'"
            message.reserveCapacity(1 + key.utf8.count + afterKey.utf8.count)
            message += key
            message += afterKey
            emitter.emit(.missingTranslation, table: table.name, locale: target.tag, key: key,
                         exemptions: table.messages[index].exemptions, file: table.messages[index].text.file,
                         position: table.messages[index].keyPosition, message: message, hint: hint)
        }
    }

    /// An Android `<string-array>` whose translation has fewer `items` than the source's.
    static func checkItems(_ c: MessageContext, items: [PlatformFormats.Form], sourceItems: [PlatformFormats.Form],
                           emitter: inout Emitter) {
        emitter.emit(.missingTranslation, table: c.tableName, locale: c.tag, key: c.key, exemptions: c.source.exemptions,
                     file: c.text.file, position: items.last!.position(0),
                     message: "the \(c.tag) array has \(items.count) item\(items.count == 1 ? "" : "s"), the source \(sourceItems.count): code that reads item \(items.count) (from 0) or later gets an ArrayIndexOutOfBoundsException, and a list shows fewer choices",
                     hint: "translate every item of the source's array, in the same order", subject: "items:\(items.count)/\(sourceItems.count)")
    }
}
