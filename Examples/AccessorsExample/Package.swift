// swift-tools-version:6.0
//
// A consumer of Speakable's build-tool plugin, by local path: the accessors for
// Sources/AccessorsExample/Templates are generated at build time. Built by the test suite
// (Tests/SpeakableCompilerToolTests) — `swift build --package-path Examples/AccessorsExample`.
import PackageDescription

let package = Package(
    name: "AccessorsExample",
    dependencies: [
        .package(name: "Speakable", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "AccessorsExample",
            exclude: ["speakable.json", "Templates", "Locales"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "SpeakableAccessors", package: "Speakable")]
        ),
    ]
)
