// swift-tools-version:6.0
//
// Speakable — localized screen-reader text for grid games, from ICU MessageFormat templates.
//
// Layers (a module depends only on modules of lower layers; `docs/internals/architecture.md`
// draws the arrows):
//   0. CICU                      system ICU 72 (libicu-dev) behind C functions with plain C types
//      SpeakableDiagnostics      positions, diagnostics           SpeakableEscaping  one escaper per output language
//   1. SpeakableICU              safe Swift types over ICU; the only module that touches C
//      SpeakableJSON, SpeakableXML  readers that keep line and column
//   2. SpeakableMessages         MF1 parser, AST, diagnostics, compiler, formatter
//      SpeakableSpeech           spoken length and audio (espeak-ng)
//   3. SpeakableCatalog          speakable.json, Templates/, Locales/ loaded with positions
//      SpeakableParticles        Korean particles resolved after placeholders
//   4. SpeakablePlatformFormats  .xcstrings, Android resources, Compose resources, XLIFF: models,
//                                readers, writers, and PlatformConversion between ICU and them
//      SpeakableDescribers       semantics (cells, pieces, boards, controls, events) → AccessibleText
//   5. SpeakableCompiler         project → catalogs, Swift and Kotlin accessors; import; atomic writes
//      SpeakableChecker          `speakable check`: rules (one file each) and reports
//      SpeakablePreview          the preview page, text and audio
//      Speakable                 the library product games import: re-exports describers, catalog, formatter
//   6. SpeakableCommandLine      the `speakable` commands (the executable target SpeakableTool is one file)
//
// Base modules with no ICU: SpeakableDiagnostics (positions, findings), SpeakableJSON (a JSON
// reader that keeps line and column and reports duplicate keys), SpeakableXML (the same for XML).
//
// Foundation next to Speakable: a game's own module imports both, and debug builds compile every
// module with testing enabled, which loads SpeakableICU's `internal import CICU` into the modules
// that import SpeakableICU. Foundation carries its own ICU on Linux, and the system ICU headers
// clash with it ('UNumberFormatFields' has different definitions in different modules). So CICU's
// header (Sources/CICU/include/CICU.h) declares no ICU type: `int32_t` status codes and
// enumeration values (renamed `CICU_…`), `uint16_t` UTF-16 text, opaque handles. ICU's headers
// appear only in Sources/CICU/cicu.c, which checks each renamed constant and type against them
// when it compiles. The library examples test builds `import Foundation` + `import Speakable` in
// debug to keep it so.
//
// Test support: ICUOracle wraps ICU's own `umsg_*` MessageFormat (through CICU), the reference
// that tests and benchmarks compare against.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Speakable",
    products: [
        // One product for games: describers, project loading and the formatter behind `import Speakable`.
        .library(name: "Speakable", targets: ["Speakable"]),
        .library(name: "SpeakableMessages", targets: ["SpeakableMessages"]),
        .library(name: "SpeakableICU", targets: ["SpeakableICU"]),
        .library(name: "SpeakableDescribers", targets: ["SpeakableDescribers"]),
        .library(name: "SpeakableChecker", targets: ["SpeakableChecker"]),
        .library(name: "SpeakableSpeech", targets: ["SpeakableSpeech"]),
        .library(name: "SpeakablePreview", targets: ["SpeakablePreview"]),
        .executable(name: "speakable", targets: ["SpeakableTool"]),
        .plugin(name: "SpeakableAccessors", targets: ["SpeakableAccessorsPlugin"]),
        // The build-tool plugin runs the command-line tool through this product (a plugin's tool
        // must be an executable product named like its target); users run `speakable`.
        .executable(name: "SpeakableTool", targets: ["SpeakableTool"]),
    ],
    targets: [
        // MARK: ICU
        // SystemICU: ICU as pkg-config (`icu-i18n`) finds it, for cicu.c's compile and for linking,
        //   and the hint to install libicu-dev. Only CICU depends on it; no module imports it.
        // CICU: the ICU functions Speakable calls, declared with plain C types (include/CICU.h);
        //   ICU's own headers appear only in cicu.c.
        .systemLibrary(name: "SystemICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
        .target(
            name: "CICU",
            dependencies: ["SystemICU"],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        .target(name: "SpeakableICU", dependencies: ["CICU"], swiftSettings: swiftSettings),
        .target(name: "ICUOracle", dependencies: ["CICU"], swiftSettings: swiftSettings),

        // MARK: Base
        .target(name: "SpeakableDiagnostics", swiftSettings: swiftSettings),
        .target(name: "SpeakableJSON", dependencies: ["SpeakableDiagnostics", "SpeakableEscaping"], swiftSettings: swiftSettings),

        // MARK: Escaping
        // SpeakableEscaping: one escaper per output language — Swift and Kotlin literals and comments,
        // XML text/attributes/comments, Android resource text, XLIFF <cp>, JSON, HTML, hex digits —
        // with no dependencies, so every writer (and the
        // preview) can use it. Property-tested against swiftc, libxml2, JSONSerialization, Chromium.
        .target(name: "SpeakableEscaping", swiftSettings: swiftSettings),
        .testTarget(name: "SpeakableEscapingTests", dependencies: ["SpeakableEscaping", "SpeakableTestSupport"], swiftSettings: swiftSettings),
        // Test-only: the generated hostile strings both the escaping and the hostile-project tests use.
        .target(name: "SpeakableTestSupport", dependencies: ["SeededRandom"], path: "Tests/SpeakableTestSupport",
                swiftSettings: swiftSettings),
        // SeededRandom: the one seeded generator (SplitMix64) of the tests, benchmarks and sweeps.
        .target(name: "SeededRandom", path: "tools/SeededRandom", swiftSettings: swiftSettings),

        // MARK: Messages
        .target(
            name: "SpeakableMessages",
            dependencies: ["SpeakableICU", "SpeakableDiagnostics"],
            swiftSettings: swiftSettings
        ),

        // MARK: Catalog
        .target(
            name: "SpeakableCatalog",
            dependencies: ["SpeakableMessages", "SpeakableJSON", "SpeakableDiagnostics", "SpeakableICU", "SpeakableEscaping"],
            swiftSettings: swiftSettings
        ),

        // MARK: Describers
        .target(
            name: "SpeakableParticles",
            dependencies: ["SpeakableMessages", "SpeakableICU", "SpeakableDiagnostics"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SpeakableDescribers",
            dependencies: ["SpeakableParticles", "SpeakableCatalog", "SpeakableMessages", "SpeakableJSON",
                           "SpeakableDiagnostics", "SpeakableICU",
                           // the text listing shows controls from translations as \u{…}.
                           "SpeakableEscaping"],
            swiftSettings: swiftSettings
        ),
        // Turns Templates/ and Locales/ into the Swift source the describers embed.
        .target(
            name: "CatalogEmbedding",
            dependencies: ["SpeakableCatalog", "SpeakableEscaping"],
            path: "tools/CatalogEmbedding",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BuiltInCatalogGenerator",
            dependencies: ["CatalogEmbedding", "SpeakableCatalog"],
            path: "tools/BuiltInCatalogGenerator",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "DescriberBenchmark",
            dependencies: ["SpeakableDescribers", "SpeakableParticles", "SpeakableMessages", "SpeakableICU", "BenchmarkSupport"],
            path: "tools/DescriberBenchmark",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpeakableParticlesTests",
            dependencies: ["SpeakableParticles", "SpeakableMessages", "SpeakableJSON", "SpeakableICU", "SeededRandom"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpeakableDescribersTests",
            dependencies: ["SpeakableDescribers", "SpeakableParticles", "SpeakableCatalog", "SpeakableMessages",
                           "SpeakableJSON", "CatalogEmbedding", "SpeakableTestSupport", "SeededRandom"],
            swiftSettings: swiftSettings
        ),
        // MARK: Checker and speech
        // Siblings: the checker measures speech only through a function the caller passes in.
        .target(
            name: "SpeakableSpeech",
            dependencies: ["SpeakableICU"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SpeakableChecker",
            dependencies: ["SpeakableCatalog", "SpeakablePlatformFormats", "SpeakableMessages", "SpeakableJSON",
                           "SpeakableDiagnostics", "SpeakableICU",
                           // the JUnit report escapes through the one XML escaper.
                           "SpeakableEscaping"],
            swiftSettings: swiftSettings
        ),

        // MARK: Command line
        .target(
            name: "SpeakableCommandLine",
            dependencies: ["SpeakableCatalog", "SpeakableMessages", "SpeakableJSON", "SpeakableDiagnostics", "SpeakableDescribers",
                           "SpeakableCompiler", "SpeakableChecker", "SpeakableSpeech", "SpeakableParticles", "SpeakablePreview",
                           "SpeakableEscaping", "SpeakablePlatformFormats"],
            swiftSettings: swiftSettings
        ),
        // The `speakable` executable. Its target is not named `speakable`: a module `speakable` next
        // to the library module `Speakable` would share build folders and `.swiftmodule` files on
        // case-insensitive file systems (macOS), and `Sources/speakable` would share `Sources/Speakable`.
        .executableTarget(name: "SpeakableTool", dependencies: ["SpeakableCommandLine"], swiftSettings: swiftSettings),

        // MARK: The library product for games
        // `import Speakable`: re-exports the describers, particles, project loading, the formatter,
        // ICU locales and diagnostics. Tools (compile, check, speech) stay separate products.
        .target(
            name: "Speakable",
            dependencies: ["SpeakableDescribers", "SpeakableParticles", "SpeakableCatalog", "SpeakableMessages", "SpeakableICU",
                           "SpeakableDiagnostics"],
            swiftSettings: swiftSettings
        ),

        // MARK: Platform catalogs and the compiler
        // SpeakableXML: an XML reader with positions and escaping (no ICU, no Foundation).
        // SpeakablePlatformFormats: .xcstrings, Android resources, XLIFF 2.0 / Xcode XLIFF 1.2 models,
        //   readers, writers, and the conversions between ICU messages and those formats.
        // SpeakableCompiler: project → outputs, Swift accessors, compile/import, atomic writes.
        .target(name: "SpeakableXML", dependencies: ["SpeakableDiagnostics", "SpeakableEscaping"], swiftSettings: swiftSettings),
        .target(
            name: "SpeakablePlatformFormats",
            // SpeakableParticles: Korean particle notation after known text is resolved when compiling.
            dependencies: ["SpeakableXML", "SpeakableJSON", "SpeakableEscaping", "SpeakableDiagnostics", "SpeakableMessages", "SpeakableICU",
                           "SpeakableParticles"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SpeakableCompiler",
            dependencies: ["SpeakablePlatformFormats", "SpeakableEscaping", "SpeakableXML", "SpeakableCatalog", "SpeakableMessages", "SpeakableJSON", "SpeakableDiagnostics",
                           "SpeakableICU"],
            swiftSettings: swiftSettings
        ),

        // Build-tool plugin: typed Swift accessors generated by `speakable compile --only swift`.
        // Examples/AccessorsExample uses it by local path (built by SpeakableCompilerToolTests).
        .plugin(name: "SpeakableAccessorsPlugin", capability: .buildTool(), dependencies: ["SpeakableTool"]),

        // MARK: Tools (run with `swift run -c release <name>`)
        .executableTarget(
            name: "MessageFormatBenchmark",
            dependencies: ["SpeakableMessages", "SpeakableICU", "SpeakableDescribers", "BenchmarkSupport"],
            path: "tools/MessageFormatBenchmark",
            swiftSettings: swiftSettings
        ),
        // MARK: Benchmark references and support
        // ICUBenchmarkDriver: ICU's MessageFormat driven from C++ (umsg_format with real varargs,
        //   icu::MessageFormat::format with Formattables), timing loops in C++; a plain C header.
        // BenchmarkSupport: the driver seen from Swift, timing, JSON, machine facts (no Foundation).
        .target(name: "ICUBenchmarkDriver", dependencies: ["CICU"], path: "tools/ICUBenchmarkDriver"),
        // FastPathChecks: every fast path against ICU, shared by SpeakableMessagesTests (a subset)
        // and FastPathSweep (every ICU locale, long sweeps).
        .target(
            name: "FastPathChecks",
            dependencies: ["SpeakableMessages", "SpeakableICU", "ICUOracle", "SeededRandom"],
            path: "tools/FastPathChecks",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FastPathSweep",
            dependencies: ["FastPathChecks", "SpeakableICU"],
            path: "tools/FastPathSweep",
            swiftSettings: swiftSettings
        ),
        // BenchmarkReport: merges the suite's sections into docs/internals/performance.{json,md}, runs callgrind
        // (Foundation; links nothing of Speakable's). The suite itself is tools/bench/run.sh.
        .executableTarget(name: "BenchmarkReport", path: "tools/BenchmarkReport", swiftSettings: swiftSettings),
        .target(
            name: "BenchmarkSupport",
            dependencies: ["ICUBenchmarkDriver", "SpeakableMessages", "SeededRandom", "SpeakableEscaping"],
            path: "tools/BenchmarkSupport",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "CompileBenchmark",
            dependencies: ["SpeakableCompiler", "SpeakableCatalog", "BenchmarkSupport"],
            path: "tools/CompileBenchmark",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ConformanceSupport",
            dependencies: ["SpeakableMessages", "SpeakableJSON", "SpeakableICU"],
            path: "tools/ConformanceSupport",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "MF1Conformance",
            dependencies: ["ConformanceSupport"],
            path: "tools/MF1Conformance",
            swiftSettings: swiftSettings
        ),
        // The Unicode MessageFormat 2 test suite (../shared/testdata/mf2) through the MF2 formatter.
        .executableTarget(
            name: "MF2Conformance",
            dependencies: ["ConformanceSupport"],
            path: "tools/MF2Conformance",
            swiftSettings: swiftSettings
        ),

        // MARK: Checker truth
        // Test support: runs openjdk's java.util.Formatter on formats, the oracle for every Java claim.
        .target(name: "JavaFormatOracle", path: "tools/JavaFormatOracle", swiftSettings: swiftSettings),

        // MARK: Hardening tools
        .executableTarget(
            name: "ImportBenchmark",
            dependencies: ["SpeakableCompiler", "SpeakableCatalog", "SpeakableXML", "SpeakablePlatformFormats"],
            path: "tools/ImportBenchmark",
            swiftSettings: swiftSettings
        ),

        // Fuzz targets: a replayer as built here; tools/fuzz/run.sh builds it with libFuzzer.
        .executableTarget(
            name: "SpeakableFuzz",
            dependencies: ["SpeakableCompiler", "SpeakableCatalog", "SpeakablePlatformFormats", "SpeakableMessages", "SpeakableJSON",
                           "SpeakableXML", "SpeakableEscaping", "SpeakableDiagnostics", "SpeakableICU", "SpeakableDescribers"],
            path: "tools/Fuzz",
            swiftSettings: swiftSettings
        ),

        // MARK: Checker and speech tools
        .executableTarget(
            name: "SpeechCalibration",
            dependencies: ["SpeakableSpeech", "SpeakableCatalog", "SpeakableMessages", "SpeakableICU"],
            path: "tools/SpeechCalibration",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "CheckerBenchmark",
            dependencies: ["SpeakableChecker", "SpeakableCatalog", "SpeakableSpeech", "SpeakableICU", "SeededRandom"],
            path: "tools/CheckerBenchmark",
            exclude: ["setup.sh", "run.sh", "bench.py", "phases.py", "expected-findings.json"],
            swiftSettings: swiftSettings
        ),

        // MARK: Platform differential
        // Compiles projects and real catalogs with `speakable compile`, runs the outputs as the
        // platforms do (aapt2 + ICU4J/Java for Android; the Swift accessors over a model of Apple's
        // run time with this machine's Foundation) and compares with Speakable's formatter.
        // The kit uses FoundationEssentials only; the Java runner and the Apple model
        // in tools/PlatformDifferentialKit/Runners are compiled at run time by javac and swiftc.
        .target(
            name: "PlatformDifferentialKit",
            dependencies: ["SpeakableCompiler", "SpeakablePlatformFormats", "SpeakableCatalog", "SpeakableParticles", "SpeakableMessages",
                           "SpeakableJSON", "SpeakableXML", "SpeakableICU", "SpeakableDiagnostics", "SpeakableEscaping", "SeededRandom"],
            path: "tools/PlatformDifferentialKit",
            exclude: ["Runners"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "PlatformDifferential",
            // `speakable` only to have it built next to the runner, which runs it.
            dependencies: ["PlatformDifferentialKit", "SpeakableTool"],
            path: "tools/PlatformDifferential",
            exclude: ["allow-list.json"],
            swiftSettings: swiftSettings
        ),
        // The real-catalog round trip: an app's catalogs through speakable import, check and
        // compile, rendered on Android before and after (aapt2, ICU4J, String.format), String
        // Catalogs and Xcode XLIFF compared with the compiled catalogs. docs/internals/round-trip.md.
        .executableTarget(
            name: "RealCatalogRoundTrip",
            // `speakable` only to have it built next to the runner, which runs it.
            dependencies: ["PlatformDifferentialKit", "SpeakableTool"],
            path: "tools/RealCatalogRoundTrip",
            swiftSettings: swiftSettings
        ),
        // Depends on `speakable`, `PlatformDifferential` and `RealCatalogRoundTrip` only to have them built (the tests run them).
        .testTarget(
            name: "PlatformDifferentialTests",
            // SpeakableCatalog … SpeakableTestSupport: HostileImportTests imports and compiles in process.
            dependencies: ["PlatformDifferentialKit", "SpeakableCompiler", "SpeakableParticles", "SpeakableMessages", "SpeakableICU",
                           "SpeakableJSON", "SpeakableTool", "PlatformDifferential", "RealCatalogRoundTrip", "SpeakableCatalog",
                           "SpeakablePlatformFormats", "SpeakableEscaping", "SpeakableXML", "SpeakableTestSupport"],
            swiftSettings: swiftSettings
        ),

        // MARK: Preview
        // SpeakablePreview: scenarios spoken as VoiceOver and TalkBack say them (text, JSON, audio
        // through espeak-ng, a self-contained web page), on the describers and SpeakableSpeech.
        .target(
            name: "SpeakablePreview",
            dependencies: ["SpeakableDescribers", "SpeakableSpeech", "SpeakableCatalog", "SpeakableMessages", "SpeakableJSON",
                           "SpeakableDiagnostics", "SpeakableICU",
                           // the page's HTML and script JSON go through the one HTML escaper.
                           "SpeakableEscaping"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "PreviewBenchmark",
            dependencies: ["SpeakablePreview", "SpeakableDescribers", "SpeakableCatalog"],
            path: "tools/PreviewBenchmark",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpeakablePreviewTests",
            dependencies: ["SpeakablePreview", "SpeakableDescribers", "SpeakableCatalog", "SpeakableSpeech", "SpeakableJSON",
                           "SpeakableICU"],
            exclude: ["Snapshots"],
            swiftSettings: swiftSettings
        ),
        // Runs `speakable preview` as a user would — audio through espeak-ng, the page in headless
        // Chromium (through chromedriver), --watch — with Foundation; depends on `speakable` only
        // to have it built.
        .testTarget(name: "SpeakablePreviewToolTests", dependencies: ["SpeakableTool"], swiftSettings: swiftSettings),

        // MARK: Tests
        .testTarget(name: "SpeakableICUTests", dependencies: ["SpeakableICU", "ICUOracle", "SeededRandom"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpeakableMessagesTests",
            dependencies: ["SpeakableMessages", "SpeakableJSON", "ICUOracle", "ConformanceSupport", "FastPathChecks",
                           "SpeakableTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SpeakableJSONTests", dependencies: ["SpeakableJSON"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpeakableCatalogTests",
            dependencies: ["SpeakableCatalog", "SpeakableJSON", "SpeakableDiagnostics", "SeededRandom"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpeakableCommandLineTests",
            dependencies: ["SpeakableCommandLine", "SpeakableJSON"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpeakableCheckerTests",
            // SpeakableCompiler: compile's outputs are checked like their project.
            dependencies: ["SpeakableChecker", "SpeakableCatalog", "SpeakableJSON", "SpeakableDiagnostics", "SpeakableSpeech",
                           "SpeakablePlatformFormats", "SpeakableCompiler", "JavaFormatOracle", "SpeakableTestSupport", "SeededRandom"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "SpeakableSpeechTests", dependencies: ["SpeakableSpeech", "SpeakableICU", "SeededRandom"], swiftSettings: swiftSettings),
        .testTarget(name: "SpeakableXMLTests", dependencies: ["SpeakableXML", "SpeakableDiagnostics", "SeededRandom"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SpeakableCompilerTests",
            dependencies: ["SpeakableCompiler", "SpeakablePlatformFormats", "SpeakableCatalog", "SpeakableXML", "SpeakableDiagnostics",
                           "SpeakableICU", "SeededRandom"],
            exclude: ["Fixtures", "Snapshots"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SpeakablePlatformFormatsTests",
            dependencies: ["SpeakablePlatformFormats", "SpeakableEscaping", "SpeakableXML", "SpeakableJSON", "SpeakableMessages", "SpeakableICU",
                           "JavaFormatOracle", "SpeakableTestSupport", "SeededRandom"],
            swiftSettings: swiftSettings
        ),
        // Runs `speakable`, swiftc and the plugin consumer (Examples/AccessorsExample) with
        // Foundation; depends on `speakable` only to have it built.
        .testTarget(name: "SpeakableCompilerToolTests", dependencies: ["SpeakableTool", "SpeakableTestSupport", "SpeakableJSON"], swiftSettings: swiftSettings),
        // Runs the `speakable` binary; depends on it only to have it built.
        .testTarget(name: "SpeakableExecutableTests", dependencies: ["SpeakableTool"], swiftSettings: swiftSettings),
    ]
)
