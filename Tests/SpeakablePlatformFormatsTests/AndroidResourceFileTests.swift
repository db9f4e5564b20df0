import SeededRandom
@testable import SpeakablePlatformFormats
import Testing

/// `AndroidResourceWriter.Resources` writes resources straight into bytes, and `file(_:)` puts
/// parts of them in a file: what they write must be what the list of items writes (`bytes(_:)`),
/// however the resources are split in parts, and read back by the Android reader as the values
/// they were given, with the namespaces the resources use declared.
@Suite struct AndroidResourceFileTests {
    static let pieces = ["Row", " ", "  ", "%1$d", "%%", "'", "\"", "\\", "&", "<b>", ">", "@", "?", "\n", "\t", "한국어", "😀", "-->",
                         "*/", "\\u0041", "\u{1}", "x"]

    static func text(_ random: inout SplitMix) -> String {
        (0..<random.below(7)).map { _ in random.pick(pieces) }.joined()
    }

    /// One random resource, written both ways: as an item, and by the file's own method.
    enum Resource {
        case string(name: String, value: String, comment: String?, attributes: [(String, String)])
        case plurals(name: String, forms: [CatalogPluralForm], comment: String?, attributes: [(String, String)])
        case comment(String)
        case raw(String)

        var item: AndroidResourceWriter.Item {
            switch self {
            case .string(let name, let value, let comment, let attributes):
                .string(name: name, value: value, comment: comment, attributes: attributes)
            case .plurals(let name, let forms, let comment, let attributes):
                .plurals(name: name, items: forms.map { ($0.category, $0.text) }, comment: comment, attributes: attributes)
            case .comment(let text): .comment(text)
            case .raw(let xml): .raw(xml)
            }
        }

        func write(to file: inout AndroidResourceWriter.Resources) {
            switch self {
            case .string(let name, let value, let comment, let attributes):
                file.string(name: name, value: value, comment: comment, attributes: attributes)
            case .plurals(let name, let forms, let comment, let attributes):
                file.plurals(name: name, forms: forms, comment: comment, attributes: attributes)
            case .comment(let text): file.comment(text)
            case .raw(let xml): file.append(.raw(xml))
            }
        }
    }

    static func resources(_ random: inout SplitMix, count: Int) -> [Resource] {
        (0..<count).map { index in
            let comment = random.below(3) == 0 ? text(&random) : nil
            var attributes: [(String, String)] = []
            switch random.below(6) {
            case 0: attributes = [("translatable", "false")]
            case 1: attributes = [("tools:ignore", "MissingTranslation")]
            case 2: attributes = [("formatted", "false"), ("tools:ignore", text(&random))]
            default: break
            }
            switch random.below(10) {
            case 0..<5: return .string(name: "s\(index)", value: text(&random), comment: comment, attributes: attributes)
            case 5..<8:
                let forms = ["one", "few", "other"].prefix(1 + random.below(3)).map { CatalogPluralForm(category: $0, text: text(&random)) }
                return .plurals(name: "p\(index)", forms: Array(forms), comment: comment, attributes: attributes)
            case 8: return .comment(text(&random))
            default:
                return random.below(2) == 0
                    ? .raw("    <string name=\"r\(index)\">Hello <xliff:g id=\"name\">%1$s</xliff:g></string>")
                    : .raw("    <string name=\"r\(index)\" tools:ignore=\"Typos\">Hi</string>\n")
            }
        }
    }

    @Test func writingResourceByResourceEqualsWritingTheItems() {
        var random = SplitMix(seed: 0xA11D)
        for round in 0..<300 {
            let resources = Self.resources(&random, count: random.below(9))
            let header: String? = round % 3 == 0 ? nil : "Generated -- do not edit."
            let preamble = round % 4 == 0 ? "<!-- Copyright -->" : ""
            let root: [(name: String, value: String)] = round % 5 == 0 ? [(name: "tools:ignore", value: "MissingTranslation")] : []
            // In parts, split anywhere.
            var parts: [AndroidResourceWriter.Resources] = [AndroidResourceWriter.Resources()]
            for resource in resources {
                if random.chance(30) { parts.append(AndroidResourceWriter.Resources()) }
                resource.write(to: &parts[parts.count - 1])
            }
            let written = AndroidResourceWriter.file(parts, header: header, preamble: preamble, rootAttributes: root)
            #expect(written == AndroidResourceWriter.bytes(resources.map { $0.item }, header: header, preamble: preamble, rootAttributes: root))
        }
    }

    @Test func everyValueReadsBackAndTheNamespacesAreDeclared() throws {
        var random = SplitMix(seed: 0xBEEF)
        for _ in 0..<200 {
            let resources = Self.resources(&random, count: 1 + random.below(8))
            var first = AndroidResourceWriter.Resources()
            var second = AndroidResourceWriter.Resources()
            for (index, resource) in resources.enumerated() {
                if index % 2 == 0 { resource.write(to: &first) } else { resource.write(to: &second) }
            }
            let bytes = AndroidResourceWriter.file([first, second], header: "Generated.")
            let result = AndroidResourceReader.read(bytes, file: "strings.xml")
            let read = try #require(result.file, "\(String(decoding: bytes, as: UTF8.self))")
            for resource in resources {
                switch resource {
                case .string(let name, let value, _, _):
                    #expect(read[name]?.value?.text == value, "\(name)")
                case .plurals(let name, let forms, _, _):
                    #expect(read[name]?.items.map(\.quantity) == forms.map(\.category))
                    #expect(read[name]?.items.map(\.value.text) == forms.map(\.text))
                case .comment, .raw:
                    break
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let usesTools = text.contains(" tools:ignore=")
            #expect(text.contains("xmlns:tools=\"http://schemas.android.com/tools\"") == usesTools)
            #expect(text.contains("xmlns:xliff=") == text.contains("<xliff:g"))
        }
    }

    @Test func truncatingDropsWhatWasWrittenSince() {
        var resources = AndroidResourceWriter.Resources()
        resources.string(name: "kept", value: "Kept")
        let mark = resources.count
        resources.comment("Templates/empty.json")
        #expect(resources.count > mark)
        resources.truncate(to: mark)
        #expect(AndroidResourceWriter.file([resources, AndroidResourceWriter.Resources()], header: "Generated.")
            == AndroidResourceWriter.bytes([.string(name: "kept", value: "Kept")], header: "Generated."))
    }
}
