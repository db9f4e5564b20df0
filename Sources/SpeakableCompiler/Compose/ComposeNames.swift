import SpeakableCatalog
import SpeakableDiagnostics
import SpeakablePlatformFormats

extension CatalogCompiler {
    /// Compose resource names are shared by every table, and are the Android names with `.` as
    /// `_` (``ComposeResources/resourceName(_:)``): two messages whose resources of one kind
    /// would have one name (`game.coins` and `game_coins`) are an error at the second.
    static func composeNameCollisions(_ project: Project, _ prepared: [[PreparedMessage]],
                                      screened: [ScreenedName] = []) -> [Diagnostic] {
        resourceNameCollisions(project, prepared, screened: screened) { resource, key, field, other in
            (message: "Compose resource name '\(ComposeResources.resourceName(resource.name))' of '\(key)' is already used by '\(other.owner)'"
                + (other.name != resource.name ? " ('\(other.name)': Compose names have '_' for '.')" : ""),
             hint: "Compose names are letters, digits and '_', shared by all tables; rename one of the messages")
        }
    }
}
