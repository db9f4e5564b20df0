import SpeakableCatalog
import SpeakablePlatformFormats

extension Rule {
    /// `extra-key`: a key in a locale that the source does not have.
    public static let extraKey = Rule(ExtraKeyRule.self)
}

/// `extra-key`: a translation of a key the source does not have (on Android, possibly the same
/// name as another type of resource), and an Android `<string-array>` translated with more items
/// than the source's.
enum ExtraKeyRule: CheckerRule {
    static let id: RuleID = "extra-key"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a key in a locale that the source does not have"

    /// `translation`, in the locale `tag` of `table`, whose key the source does not have.
    static func check(_ translation: TargetMessage, tag: String, table: CheckTable, facts: TableFacts, emitter: inout Emitter) {
        if let slash = translation.key.firstIndex(of: "/"),
           let other = facts.androidKeysByName[String(translation.key[translation.key.index(after: slash)...])] {
            // Android: the same name as another type of resource.
            emitter.emit(.extraKey, table: table.name, locale: tag, key: translation.key, exemptions: [:],
                         file: translation.text.file, position: translation.keyPosition,
                         message: "'\(translation.key)' is not in the source, which has '\(other)' of that name (\(table.file)): aapt2 link removes this translation (\"without required default value\"), so \(tag) users get the source's \(PlatformInput.elementName(other))",
                         hint: "translate it as \(PlatformInput.elementName(other)) like the source", subject: "type:\(other)")
            return
        }
        emitter.emit(.extraKey, table: table.name, locale: tag, key: translation.key, exemptions: [:],
                     file: translation.text.file, position: translation.keyPosition,
                     message: "'\(translation.key)' is not a key of the source (\(table.file))",
                     hint: "remove it, or add the message to the source if it is new", subject: "")
    }

    /// An Android `<string-array>` whose translation has more `items` than the source's.
    static func checkItems(_ c: MessageContext, items: [PlatformFormats.Form], sourceItems: [PlatformFormats.Form],
                           emitter: inout Emitter) {
        emitter.emit(.extraKey, table: c.tableName, locale: c.tag, key: c.key, exemptions: c.source.exemptions,
                     file: c.text.file, position: items[sourceItems.count].position(0),
                     message: "the \(c.tag) array has \(items.count) items, the source \(sourceItems.count): the items after \(sourceItems.count) belong to no source item",
                     hint: "translate every item of the source's array, in the same order", subject: "items:\(items.count)/\(sourceItems.count)")
    }
}
