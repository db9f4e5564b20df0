import SpeakableICU
import SpeakableMessages
@testable import SpeakablePlatformFormats
import Testing

/// Issue 13: one argument printed twice became `%@ and %@` with one value ("Bob and (null)",
/// undefined behaviour on Apple platforms). The formats are run by Foundation's
/// `String(format:)` in SpeakableCompilerToolTests (`oneArgumentUsedTwiceIsFormattedTwice`).
@Suite struct RepeatedArgumentTests {
    func apple(_ source: String, _ arguments: [CatalogArgument]) throws -> CatalogValue {
        try PlatformConversion.value(of: try MessagePattern(source).body, platform: .apple, locale: .english, arguments: arguments)
    }

    @Test func anArgumentPrintedTwiceIsPositional() throws {
        #expect(try apple("{name} and {name}", [CatalogArgument(name: "name", kind: .text)]) == .text("%1$@ and %1$@"))
        #expect(try apple("{n, plural, one {# of #} other {# of # items}}", [CatalogArgument(name: "n", kind: .integer)])
                == .plural([.init(category: "one", text: "%1$lld of %1$lld"), .init(category: "other", text: "%1$lld of %1$lld items")]))
        // Printed once per string: unchanged (what Xcode writes).
        #expect(try apple("{name} is here", [CatalogArgument(name: "name", kind: .text)]) == .text("%@ is here"))
        #expect(try apple("{n, plural, one {# star} other {# stars}}", [CatalogArgument(name: "n", kind: .integer)])
                == .plural([.init(category: "one", text: "%lld star"), .init(category: "other", text: "%lld stars")]))
        // Plural cases are alternatives: one name per case is once.
        #expect(try apple("{n, plural, one {{name}} other {{name}!}}", [CatalogArgument(name: "n", kind: .integer),
                                                                       CatalogArgument(name: "name", kind: .text)])
                .debugText.contains("%2$@"))
    }

    @Test func aSubstitutionAndItsArgumentInTextArePositional() throws {
        guard case .substitutions(let format, let substitutions) = try apple("{n} {n, plural, one {# star} other {# stars}}",
                                                                             [CatalogArgument(name: "n", kind: .integer)]) else {
            Issue.record("expected substitutions")
            return
        }
        #expect(format == "%1$lld %1$#@n@")
        #expect(substitutions.first?.forms.map(\.text) == ["%arg star", "%arg stars"])
    }
}

extension CatalogValue {
    var debugText: String { "\(self)" }
}
