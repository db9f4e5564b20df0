public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableMessages
import SpeakablePlatformFormats

/// What `speakable compile` writes.
public enum CompileOutput: String, CaseIterable, Hashable, Sendable {
    /// `xcstrings/<table>.xcstrings`: one String Catalog per table, all locales.
    case xcstrings
    /// `android/res/values*/strings.xml`: every table, one file per locale.
    case android
    /// `xliff/<locale>.xliff`: XLIFF 2.0 per target locale, for translators.
    case xliff
    /// `swift/Speakable+<table>.swift`: typed accessors per table (type `<Table>Strings`).
    case swift
    /// `compose/composeResources/values*/strings.xml` in Compose Multiplatform's dialect, and
    /// with `"compose": {"namespace": …, "resources": …}` (or `--compose-namespace` and
    /// `--compose-resources`) typed accessors `compose/kotlin/<Table>Strings.kt` over
    /// `org.jetbrains.compose.resources` (docs/android.md, "Compose Multiplatform"). Not among
    /// the default outputs unless the config has a `"compose"` section.
    case compose

    /// What a project compiles when neither `"outputs"` nor `--only` says: every output but
    /// `compose`, which a project asks for with its `"compose"` section.
    public static let standard: [CompileOutput] = [.xcstrings, .android, .xliff, .swift]
}

/// How the compiler runs.
public struct CompileOptions: Sendable {
    public var outputs: Set<CompileOutput> = Set(CompileOutput.standard)
    /// Access level of the generated Swift (`internal` or `public`).
    public var swiftAccess: String = "internal"
    /// Where the accessors look strings up: `main` (`Bundle.main`) or `module` (`Bundle.module`,
    /// for a package target with the catalogs as resources).
    public var swiftBundle: String = "main"
    /// Use what `.speakable/*.platform.json` kept from imported catalogs: original keys,
    /// argument order and specifiers, entry fields (comments, states, unknown members).
    public var useMetadata = true
    /// Also write a kept platform value back verbatim while its ICU text is unchanged (states,
    /// device variations, Android markup and comments survive). Off: every value is converted
    /// from ICU (what happens to a value once it is edited).
    public var reuseOriginalValues = true
    /// Warnings are errors (`compile --strict`): a platform limit worked around (companion
    /// resources, composed plurals, a particle left for run time) stops the compile.
    public var strict = false
    /// Free what the compile built (every message's preparation) on another thread once it
    /// returns (``BackgroundRelease``): for a process that writes the files and exits, as
    /// `speakable compile` does. A process that compiles again leaves it off: glibc reuses
    /// memory best on the thread that frees it, and three compiles in a row would hold a third
    /// more.
    public var releasesInBackground = false
    /// The app's `R` package for the Kotlin accessors (`--android-namespace`); nil: the
    /// config's `"android": {"namespace": …}`. Without either, the Android output has no Kotlin.
    public var androidNamespace: String?
    /// The package of the Compose Multiplatform accessors' own code, `<namespace>.speakable`
    /// (`--compose-namespace`); nil: the config's `"compose": {"namespace": …}`.
    public var composeNamespace: String?
    /// The package of the app's generated Compose `Res` class (`--compose-resources`); nil: the
    /// config's `"compose": {"resources": …}`. Without a namespace and this package the Compose
    /// output has its resources but no Kotlin.
    public var composeResourcesPackage: String?

    public init() {}

    /// The outputs a project compiles when the command line does not say: its config's
    /// `"outputs"`, else all of them (``CompileOutput/standard``, and `compose` when the config
    /// has a `"compose"` section).
    public static func defaultOutputs(for config: ProjectConfig) -> Set<CompileOutput> {
        guard let names = config.outputs else {
            return Set(CompileOutput.standard).union(config.composeNamespace != nil ? [.compose] : [])
        }
        return Set(names.compactMap(CompileOutput.init(rawValue:)))
    }
}

/// The files a compile would write, and what stopped it.
public struct CompileResult: Sendable {
    /// Paths relative to the output folder. Empty when there are errors.
    public var files: [OutputFile]
    public var diagnostics: [Diagnostic]
    /// What the generated accessors do beyond one lookup, one line per file
    /// (`android/kotlin/GameStrings.kt: 40 accessors; 3 pick a select case's resource, …`).
    public var notes: [String] = []
    /// Per table: a hash of how its messages are laid out on Android (resource names, argument
    /// positions, plurals and companions), which every locale's text decides. An incremental
    /// compile (``IncrementalCompile``) keeps it in the stamp: when an edited translation leaves
    /// it unchanged, the other locales' Android resources of the table are unchanged too.
    public var androidLayouts: [String: String] = [:]
    /// Per table: a hash of what its Swift and Kotlin accessors read of every locale's text
    /// (argument kinds and positions, layouts, Korean particles). An incremental compile keeps it
    /// in the stamp: when an edited translation leaves it unchanged, the accessors are unchanged too.
    public var accessorLayouts: [String: String] = [:]
    /// Per table: its messages' integers that Android and String Catalogs group (by locale and
    /// style: how many messages, the first keys, the file), as one line of JSON. An incremental
    /// compile keeps them in the stamp and adds them up with the changed tables' own: the
    /// number-grouping warnings (`catalog-number-grouping`) name messages of every table.
    public var integerUses: [String: String] = [:]
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// One message of a table ready for the platforms: its argument types and, for each
/// combination of select cases, its catalog key and argument order.
/// A class: every output job reads the same prepared messages, and copying one would copy the
/// whole template.
final class PreparedMessage: Sendable {
    let template: TemplateMessage
    let pattern: MessagePattern
    let kinds: [String: CatalogArgument.Kind]
    let variants: [Variant]
    let metadata: MessageMetadata?

    init(template: TemplateMessage, pattern: MessagePattern, kinds: [String: CatalogArgument.Kind], variants: [Variant],
         metadata: MessageMetadata?) {
        self.template = template
        self.pattern = pattern
        self.kinds = kinds
        self.variants = variants
        self.metadata = metadata
    }

    /// A class for the same reason: the outputs read each variant once per locale.
    final class Variant: Sendable {
        let choices: [SelectExpansion.Choice]
        /// The key in `.xcstrings` (and the Swift lookup).
        let appleKey: String
        /// The Android resource name.
        let androidName: String
        let templateBody: MessageBody
        /// Every position of the String Catalog formats, the same for every locale (what the
        /// Swift accessors pass).
        let appleArguments: [CatalogArgument]
        /// Every position of the Android formats: the arguments printed in any locale; for a
        /// composed message, then the text of each argument's `<plurals>`.
        let androidArguments: [CatalogArgument]
        /// How each platform lays the message out, decided from every locale.
        let appleLayout: CatalogLayout
        let androidLayout: CatalogLayout
        /// Arguments followed by Korean particle notation in some locale, which the Swift
        /// accessors resolve after formatting.
        let particleArguments: [String]
        /// The source language's text as the String Catalog holds it (converted once, for the
        /// catalog and the Swift accessors); nil when it was not converted here (then each
        /// converts it, and says why it cannot).
        let appleSource: CatalogConversion?
        /// With select cases chosen: each translation's text with them chosen
        /// (``SelectExpansion/prune(_:choosing:)``), by locale tag, as the preparation made it —
        /// the outputs take it instead of choosing again. Empty without choices.
        let translationBodies: [(tag: String, body: MessageBody)]

        init(choices: [SelectExpansion.Choice], appleKey: String, androidName: String, templateBody: MessageBody,
             appleArguments: [CatalogArgument], androidArguments: [CatalogArgument], appleLayout: CatalogLayout,
             androidLayout: CatalogLayout, particleArguments: [String], appleSource: CatalogConversion? = nil,
             translationBodies: [(tag: String, body: MessageBody)] = []) {
            self.choices = choices
            self.appleKey = appleKey
            self.androidName = androidName
            self.templateBody = templateBody
            self.appleArguments = appleArguments
            self.androidArguments = androidArguments
            self.appleLayout = appleLayout
            self.androidLayout = androidLayout
            self.particleArguments = particleArguments
            self.appleSource = appleSource
            self.translationBodies = translationBodies
        }

        /// `tag`'s translation with this variant's cases chosen, as prepared; nil when not kept.
        func translationBody(_ tag: String) -> MessageBody? {
            for item in translationBodies where item.tag == tag { return item.body }
            return nil
        }
    }
}

/// A table with its prepared messages, as the outputs that hold every table read them.
struct PreparedTable {
    let table: Table
    let messages: [PreparedMessage]
}
