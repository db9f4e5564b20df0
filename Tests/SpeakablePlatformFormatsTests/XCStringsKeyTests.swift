import Testing
@testable import SpeakablePlatformFormats

/// The catalog keys both String Catalog readers (the reader and the index's scanner) read.
@Suite struct XCStringsKeyTests {
    @Test func everyKeyReadsBackFromItsSpelling() {
        var names: Set<String> = []
        for key in XCStringsKey.allCases {
            let name = key.name.description
            #expect(XCStringsKey(name) == key)
            #expect(key.quoted == "\"" + name + "\"")
            names.insert(name)
        }
        #expect(names.count == XCStringsKey.allCases.count)
        #expect(XCStringsKey("StringUnit") == nil)
        #expect(XCStringsKey("") == nil)
    }
}
