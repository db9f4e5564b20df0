@testable import PlatformDifferentialKit
import Testing

/// The Apple model: hand-written accessors (the shape `speakable compile` generates) over a
/// String Catalog with plural variations (Apple's `zero`), substitutions and device variations.
@Suite struct AppleModelTests {
    static let accessors = #"""
    import Foundation

    internal enum GameStrings {
        internal static func coins(amount: Int) -> String {
            Self.string("coins", "%lld coins", [amount])
        }

        internal static func level(level: Int, stars: Int) -> String {
            Self.string("level", "Level %1$lld, %2$lld stars", [level, stars])
        }

        internal static func greeting(name: String) -> String {
            Self.string("greeting", "Hello %@", [name])
        }

        internal static func device() -> String {
            Self.string("device", "Any device", [])
        }

        internal static func crash(count: Int) -> String {
            Self.string("crash", "%@ items", [count])
        }

        internal static func gap(first: String, second: String) -> String {
            Self.string("gap", "%2$@ only", [first, second])
        }

        internal static let tableName = "game"
        private static var bundle: Bundle { Bundle.main }

        private static func string(_ key: String, _ source: String, _ arguments: [any CVarArg]) -> String {
            let format = bundle.localizedString(forKey: key, value: source, table: tableName)
            return arguments.isEmpty ? format : String(format: format, locale: Locale.current, arguments: arguments)
        }
    }
    """#

    static let catalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "coins" : { "localizations" : {
          "en" : { "variations" : { "plural" : {
            "zero" : { "stringUnit" : { "state" : "translated", "value" : "No coins" } },
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld coin" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld coins" } } } } },
          "ru" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld монета" } },
            "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld монеты" } },
            "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld монет" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld монеты" } } } } } } },
        "level" : { "localizations" : {
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Level %1$lld, %2$#@stars@" },
                   "substitutions" : { "stars" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                     "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg star" } },
                     "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg stars" } } } } } } } } },
        "greeting" : { "localizations" : {
          "ko" : { "stringUnit" : { "state" : "translated", "value" : "%@님, 안녕하세요" } } } },
        "device" : { "localizations" : {
          "en" : { "variations" : { "device" : {
            "iphone" : { "stringUnit" : { "state" : "translated", "value" : "iPhone" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "Other" } } } } } } }
      },
      "version" : "1.0"
    }
    """#

    @Test func selectsAndFormatsAsAppleDoes() throws {
        guard let tools = appleTools() else { return }
        let root = try scratchDirectory("apple")
        defer { Files.remove(root) }
        try writeFiles(["xcstrings/game.xcstrings": Self.catalog], under: root)
        let main = """
        import Foundation
        AppleRuntime.run { call, a in
            switch call {
            case "coins": return GameStrings.coins(amount: a.int("amount"))
            case "level": return GameStrings.level(level: a.int("level"), stars: a.int("stars"))
            case "greeting": return GameStrings.greeting(name: a.string("name"))
            case "device": return GameStrings.device()
            case "crash": return GameStrings.crash(count: a.int("count"))
            case "gap": return GameStrings.gap(first: a.string("first"), second: a.string("second"))
            default: return nil
            }
        }
        """
        let driver = try tools.driver(accessorFiles: [("Speakable+game.swift", Self.accessors)], main: main, scratch: root)
        func request(_ call: String, _ locale: String, _ args: String, _ categories: String = "", catalog: Bool = true,
                     device: String = "other") -> String {
            #"{"id": 0, "locale": "\#(locale)", "catalog": \#(catalog), "device": "\#(device)", "call": "\#(call)", "args": {\#(args)}, "categories": {\#(categories)}}"#
        }
        let requests = [
            request("coins", "en", #""amount": {"int": 0}"#, #""0": "other""#),
            request("coins", "en", #""amount": {"int": 1}"#, #""1": "one""#),
            request("coins", "en", #""amount": {"int": 9180}"#, #""9180": "other""#),
            request("coins", "ru", #""amount": {"int": 0}"#, #""0": "many""#),
            request("coins", "ru", #""amount": {"int": 22}"#, #""22": "few""#),
            request("level", "en", #""level": {"int": 5}, "stars": {"int": 1}"#, #""5": "other", "1": "one""#),
            request("level", "en", #""level": {"int": 1000}, "stars": {"int": 2}"#, #""1000": "other", "2": "other""#),
            request("greeting", "ko", #""name": {"str": "민아"}"#),
            request("greeting", "ko-KR", #""name": {"str": "민아"}"#),
            request("greeting", "fr", #""name": {"str": "Mina"}"#),
            request("device", "en", ""),
            request("device", "en", "", device: "iphone"),
            request("coins", "en", #""amount": {"int": 1}"#, #""1": "one""#, catalog: false),
            request("crash", "en", #""count": {"int": 1}"#),
            request("gap", "en", #""first": {"str": "a"}, "second": {"str": "b"}"#, catalog: false),
        ]
        let replies = try tools.run(driver: driver, catalogs: root + "/xcstrings", requests: requests, scratch: root)
        func out(_ index: Int) -> String? { replies[index].string("out") }
        #expect(out(0) == "No coins")                 // Apple's zero: exactly 0, in any language
        #expect(out(1) == "1 coin")
        #expect(out(2) == "9,180 coins")              // %lld is grouped with the locale
        #expect(out(3) == "0 монет")                  // Russian has no zero variation: CLDR many
        #expect(out(4) == "22 монеты")
        #expect(out(5) == "Level 5, 1 star")          // substitution selected by argNum 2
        #expect(out(6) == "Level 1,000, 2 stars")
        #expect(out(7) == "민아님, 안녕하세요")
        #expect(out(8) == "민아님, 안녕하세요")          // ko-KR finds the ko localization
        // No fr and no source localization: Xcode writes the key as the source text, and a
        // bundle without fr falls back to the development language.
        #expect(out(9) == "greeting")
        #expect(out(10) == "Other")
        #expect(out(11) == "iPhone")
        #expect(out(12) == "1 coins")                 // no catalog: the accessor's source text
        #expect(replies[13].string("error")?.contains("crashes on Apple") == true)
        // A position nothing names: CoreFoundation does not read it and shifts the rest.
        #expect(replies[14].string("error")?.contains("skips argument 1") == true)
    }

    @Test func readsGeneratedAccessorDeclarations() {
        let text = #"""
        // Generated by `speakable compile` from Templates/game.json. Do not edit: edit the template and recompile.
        import Foundation

        /// The messages of table `game` (`Templates/game.json`), read from the string table `game`.
        public enum GameStrings {
            /// The cases of select argument `locked`.
            public enum Locked: String, CaseIterable, Sendable {
                case yes
                case other
            }

            /// Role: label. Key: `game.level`.
            ///
            /// ```
            /// Level {level}, {locked, select, yes {locked} other {{stars} of {total} stars}}
            /// ```
            public static func gameLevel(level: Int, locked: Locked, stars: Int, total: Int) -> String {
                switch locked {
                case .yes:
                    Self.string("game.level__locked_yes", "Level %lld, locked", [level])
                case .other:
                    Self.string("game.level__locked_other", "Level %1$lld, %2$lld of %3$lld stars", [level, stars, total])
                }
            }

            /// Role: text. Key: `default`.
            public static func `default`(`in`: String, day: Date) -> String {
                Self.string("default", "%@", [`in`])
            }
        }
        """#
        let functions = AccessorReader.functions(in: text, table: "game")
        #expect(functions.map(\.key) == ["game.level", "default"])
        #expect(functions.first?.typeName == "GameStrings")
        #expect(functions.first?.name == "gameLevel")
        #expect(functions.first?.parameters.map(\.label) == ["level", "locked", "stars", "total"])
        #expect(functions.first?.parameters.map(\.type) == ["Int", "Locked", "Int", "Int"])
        #expect(functions.last?.name == "`default`")
        #expect(functions.last?.parameters.map(\.label) == ["`in`", "day"])
        #expect(AccessorReader.argumentExpression(name: "locked", type: "Locked", typeName: "GameStrings")
                == #"a.select("locked", GameStrings.Locked.self)"#)
        #expect(AccessorReader.argumentExpression(name: "day", type: "Date", typeName: "GameStrings") == #"a.date("day")"#)
    }
}
