import SpeakableCatalog
import SpeakableDiagnostics
import SpeakablePlatformFormats

extension CatalogCompiler {
    /// Compose resource names are shared by every table, and are the Android names with `.` as
    /// `_` (``ComposeResources/resourceName(_:)``): two messages whose resources of one kind
    /// would have one name (`game.coins` and `game_coins`) are an error at the second.
    static func composeNameCollisions(_ project: Project, _ prepared: [[PreparedMessage]],
                                      screened: [ScreenedName] = []) -> [Diagnostic] {
        var owners: [String: (owner: String, name: String)] = [:]
        var diagnostics: [Diagnostic] = []
        let screenedByOwner = Dictionary(screened.map { ($0.owner, $0) }, uniquingKeysWith: { first, _ in first })
        for (table, messages) in zip(project.tables, prepared) {
            let preparedByKey = Dictionary(messages.map { ($0.template.key, $0) }, uniquingKeysWith: { first, _ in first })
            for template in table.messages {
                let owner = "\(table.name):\(template.key)"
                var resources: [(kind: String, name: String)] = []
                if let message = preparedByKey[template.key] {
                    for variant in message.variants {
                        let layout = variant.androidLayout
                        if layout.isComposed(on: .android) {
                            resources.append(("string", variant.androidName))
                            resources += layout.pluralArguments.map { ("plurals", variant.androidName + "__" + SelectExpansion.sanitize($0)) }
                        } else {
                            resources.append((layout.pluralArguments.isEmpty ? "string" : "plurals", variant.androidName))
                        }
                        resources += layout.companions.map { ("string", variant.androidName + $0.suffix) }
                    }
                } else if let name = screenedByOwner[owner] {
                    resources.append((name.kind, name.name))
                }
                for resource in resources {
                    let composeName = ComposeResources.resourceName(resource.name)
                    let id = resource.kind + ":" + composeName
                    if let other = owners[id], other.owner != owner {
                        let diagnostic = Diagnostic(
                            severity: .error, id: "catalog-key-collision",
                            message: "Compose resource name '\(composeName)' of '\(template.key)' is already used by '\(other.owner)'"
                                + (other.name != resource.name ? " ('\(other.name)': Compose names have '_' for '.')" : ""),
                            file: table.file, position: template.keyPosition,
                            hint: "Compose names are letters, digits and '_', shared by all tables; rename one of the messages")
                        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
                    } else {
                        owners[id] = (owner, resource.name)
                    }
                }
            }
        }
        return diagnostics
    }
}
