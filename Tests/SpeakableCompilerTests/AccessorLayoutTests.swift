import FoundationEssentials
import SpeakableCatalog
@testable import SpeakableCompiler
import SpeakableMessages
import SpeakablePlatformFormats
import Testing

/// The hash an incremental compile keeps to know that a table's accessors are unchanged
/// (``CatalogCompiler/accessorLayout(_:)``) changes with every fact the Swift and Kotlin
/// accessors read of the translations, and with nothing else.
@Suite struct AccessorLayoutTests {
    /// A prepared table: a select message and a plural, in English and Korean.
    func prepared() throws -> [PreparedMessage] {
        let root = try temporaryDirectory()
        try write(#"{"sourceLocale": "en", "targetLocales": ["ko"]}"#, to: root + "/speakable.json")
        try write(#"""
        {"messages": {
          "cell": {"role": "label", "message": "Row {row}, {content, select, empty {empty} other {{digit}}}"},
          "coins": {"role": "value", "message": "{coins, plural, =0 {No coins} one {# coin} other {# coins}}"}
        }}
        """#, to: root + "/Templates/game.json")
        try write(#"{"cell": "{row}행, {content, select, empty {비어 있음} other {{digit}}}", "coins": "{coins, plural, other {코인 #개}}"}"#,
                  to: root + "/Locales/ko/game.json")
        let preparation = CatalogCompiler.prepare(ProjectLoader.load(directory: root), options: CompileOptions(), metadata: nil)
        // A warning only: Android says `=0` with a companion resource.
        #expect(preparation.diagnostics.map(\.id) == ["catalog-companion"], "\(preparation.diagnostics.map(\.rendered))")
        return try #require(preparation.tables.first)
    }

    /// `message` with its first variant rebuilt by `change`.
    func changing(_ message: PreparedMessage, kinds: [String: CatalogArgument.Kind]? = nil,
                  _ change: (inout VariantFields) -> Void = { _ in }) -> PreparedMessage {
        var variants = message.variants
        var fields = VariantFields(variants[0])
        change(&fields)
        variants[0] = fields.variant
        return PreparedMessage(template: message.template, pattern: message.pattern, kinds: kinds ?? message.kinds, variants: variants,
                               metadata: message.metadata)
    }

    struct VariantFields {
        var choices: [SelectExpansion.Choice]
        var appleKey: String
        var androidName: String
        var templateBody: MessageBody
        var appleArguments: [CatalogArgument]
        var androidArguments: [CatalogArgument]
        var appleLayout: CatalogLayout
        var androidLayout: CatalogLayout
        var particleArguments: [String]
        var appleSource: CatalogConversion?

        init(_ v: PreparedMessage.Variant) {
            (choices, appleKey, androidName, templateBody) = (v.choices, v.appleKey, v.androidName, v.templateBody)
            (appleArguments, androidArguments, appleLayout, androidLayout) = (v.appleArguments, v.androidArguments, v.appleLayout, v.androidLayout)
            (particleArguments, appleSource) = (v.particleArguments, v.appleSource)
        }

        var variant: PreparedMessage.Variant {
            PreparedMessage.Variant(choices: choices, appleKey: appleKey, androidName: androidName, templateBody: templateBody,
                                    appleArguments: appleArguments, androidArguments: androidArguments, appleLayout: appleLayout,
                                    androidLayout: androidLayout, particleArguments: particleArguments, appleSource: appleSource)
        }
    }

    @Test func everyFactTheAccessorsReadChangesTheHash() throws {
        let table = try prepared()
        let base = CatalogCompiler.accessorLayout(table)
        #expect(CatalogCompiler.accessorLayout(try prepared()) == base, "the same preparation, the same hash")
        // The same facts rebuilt: the same hash.
        #expect(CatalogCompiler.accessorLayout([changing(table[0]), changing(table[1])]) == base)
        let cell = table[0], coins = table[1]
        #expect(cell.variants[0].choices.count == 1 && coins.variants[0].androidLayout.companions.count == 1, "the shapes the changes below need")
        let changes: [(String, PreparedMessage, Int)] = [
            ("a kind", changing(cell, kinds: cell.kinds.merging(["row": cell.kinds["row"] == .text ? .integer : .text]) { $1 }), 0),
            ("another argument's kind", changing(cell, kinds: cell.kinds.merging(["player": .text]) { $1 }), 0),
            ("a select case", changing(cell) { $0.choices[0].value = "given" }, 0),
            ("the catalog key", changing(cell) { $0.appleKey += "_x" }, 0),
            ("the resource name", changing(cell) { $0.androidName += "_x" }, 0),
            ("an Apple slot", changing(cell) { $0.appleArguments[0].slot = .integerText(IntegerPresentation(grouped: false, minimumDigits: 2)) }, 0),
            ("an Apple argument", changing(cell) { $0.appleArguments.append(CatalogArgument(name: "player", kind: .text)) }, 0),
            ("an Android argument", changing(cell) { $0.androidArguments.removeLast() }, 0),
            ("an Android slot", changing(cell) { $0.androidArguments[0].slot = .numberText("percent") }, 0),
            ("a particle", changing(cell) { $0.particleArguments = ["row"] }, 0),
            ("an Apple companion", changing(coins) { $0.appleLayout.companions = [CatalogCompanion(argument: "coins", value: 1)] }, 1),
            ("an Android companion", changing(coins) { $0.androidLayout.companions = [] }, 1),
            ("an Android plural", changing(coins) { $0.androidLayout.pluralArguments = [] }, 1),
        ]
        for (what, changed, index) in changes {
            var messages = table
            messages[index] = changed
            #expect(CatalogCompiler.accessorLayout(messages) != base, "\(what) changes the hash")
        }
    }
}
