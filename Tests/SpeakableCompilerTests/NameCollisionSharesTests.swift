import SpeakableCatalog
import Testing
@testable import SpeakableCompiler

/// Who owns each Android resource field is decided in shares of the fields, side by side: the
/// collisions are the ones found by going through every message in table and file order, each
/// said once and in that order.
@Suite struct NameCollisionSharesTests {
    /// Tables whose keys are drawn at random from a few names written with `.` or `_` (one field
    /// of `R`): many keys take a field another message took first, in the same table or another.
    static func project(tables: Int, messages: Int, seed: UInt64) throws -> String {
        let root = try temporaryDirectory("NameCollisionSharesTests-\(tables)-\(messages)-\(seed)")
        var state = seed
        func next() -> UInt64 {
            // SplitMix64: the same project for the same seed.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for t in 0..<tables {
            var keys: [String] = []
            var taken = Set<String>()
            while keys.count < messages {
                let stem = next() % UInt64(messages)
                let key = ["menu.item\(stem)", "menu_item\(stem)", "menu.item\(stem).title", "menu_item\(stem)_title"][Int(next() % 4)]
                if taken.insert(key).inserted { keys.append(key) }
            }
            let body = keys.map { "\"\($0)\": { \"message\": \"Item\" }" }.joined(separator: ",\n    ")
            try write("{ \"messages\": {\n    \(body)\n} }\n", to: root + "/Templates/t\(t).json")
        }
        return root
    }

    /// The collisions by their definition: every message in table and file order claims its
    /// resource's field; a field claimed before by another message is a collision.
    static func expected(_ project: Project) -> [String] {
        var owners: [String: String] = [:]
        var said: [String] = []
        for table in project.tables {
            for message in table.messages {
                let name = AndroidResourceNames.name(of: message.key)
                let field = KotlinAccessorNames.rField(name)
                let owner = "\(table.name):\(message.key)"
                if let other = owners["string:" + field], other != owner {
                    said.append("\(table.file):\(message.keyPosition.line):\(message.keyPosition.column): "
                                + "Android resource name '\(name)' of '\(message.key)' is R.string.\(field), which '\(other)' already uses")
                } else {
                    owners["string:" + field] = owner
                }
            }
        }
        return said
    }

    @Test(arguments: [(1, 200), (3, 150), (6, 400)])
    func sharesFindTheCollisionsOfOneOrderedPass(tables: Int, messages: Int) throws {
        for seed: UInt64 in [7, 8] {
            let root = try Self.project(tables: tables, messages: messages, seed: seed)
            let project = ProjectLoader.load(directory: root)
            #expect(!project.hasErrors)
            var options = CompileOptions()
            options.outputs = [.android]
            let found = CatalogCompiler.validate(project, options: options).filter { $0.id == "catalog-key-collision" }.map { diagnostic in
                "\(diagnostic.file ?? ""):\(diagnostic.position?.line ?? 0):\(diagnostic.position?.column ?? 0): \(diagnostic.message)"
            }
            let expected = Self.expected(project)
            #expect(expected.count > 20)
            #expect(found == expected, "\(tables) tables of \(messages), seed \(seed)")
        }
    }
}
