import Testing
@testable import SpeakablePlatformFormats

/// `FormatSpecifiers` holds none or one specifier in the value and more in an array: as a
/// collection it must be the array it replaced — the same elements in the same order, equal
/// (and hashing alike) exactly when the arrays are, however it was made.
@Suite struct FormatSpecifiersTests {
    @Test func itIsTheArrayOfTheSpecifiersHoweverMade() {
        let formats = FormatSpecifierStorageTests.formats(FormatSpecifierStorageTests.applePieces, count: 1500, seed: 11)
            + FormatSpecifierStorageTests.formats(FormatSpecifierStorageTests.javaPieces, count: 1500, seed: 12)
        var counts: Set<Int> = []
        var previous: (array: [FormatSpecifier], specifiers: FormatSpecifiers)?
        for (i, text) in formats.enumerated() {
            let array = FormatString.parse(text, dialect: i < 1500 ? .apple : .java).specifiers.array
            counts.insert(min(array.count, 3))
            // A buffer with room to spare, as the converter's reused scratch has.
            var scratch: [FormatSpecifier] = []
            scratch.reserveCapacity(64)
            scratch.append(contentsOf: array)
            var appended = FormatSpecifiers()
            for specifier in array { appended.append(specifier) }
            let literal: FormatSpecifiers = array.count == 1 ? [array[0]] : FormatSpecifiers(array)
            for made in [FormatSpecifiers(array), FormatSpecifiers(copying: scratch), FormatSpecifiers(array[...]), appended, literal] {
                #expect(made.count == array.count && Array(made) == array && made.array == array, "\(text)")
                #expect(made == array && array == made)
                #expect(made.isEmpty == array.isEmpty && made.first == array.first && made.last == array.last)
                #expect(made == FormatSpecifiers(array) && made.hashValue == FormatSpecifiers(array).hashValue)
                #expect(made.indices == array.indices)
            }
            if let previous {
                #expect((FormatSpecifiers(array) == previous.specifiers) == (array == previous.array), "\(text)")
            }
            previous = (array, FormatSpecifiers(array))
        }
        #expect(counts == [0, 1, 2, 3])
    }
}
