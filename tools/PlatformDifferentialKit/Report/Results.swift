import SpeakableJSON

/// What the differential compares against Speakable.
public enum Platform: String, CaseIterable, Hashable, Sendable, Comparable {
    /// `strings.xml` through aapt2 and `Resources.getString`/`getQuantityString` (ICU4J + Java).
    case android
    /// The generated Kotlin accessors (`android/kotlin/*.kt`, compiled by kotlinc) calling the
    /// same linked resources through a `Resources` stub, as an Android app calls them.
    case androidKotlin = "android-kotlin"
    /// The generated Compose Multiplatform accessors (`compose/kotlin/*.kt`, compiled by kotlinc)
    /// over the compiled `compose/composeResources/`, through stubs that model Compose's
    /// resources library (its `%N$s` substitution, folder choice and plural items).
    case compose
    /// The Swift accessors reading the compiled `.xcstrings` (Apple's run time modelled).
    case apple
    /// The Swift accessors with no catalog in the bundle (their source-language fallback).
    case appleNoCatalog = "apple-no-catalog"

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Counts for one input and platform.
public struct Tally: Hashable, Sendable {
    public var messages = 0
    public var locales = 0
    public var cases = 0
    public var identical = 0
    /// Different, but listed in the allow-list with a reason.
    public var allowed = 0
    public var mismatched = 0

    public init() {}
}

/// One case where a platform does not say what Speakable says.
public struct Mismatch: Hashable, Sendable {
    public var input: String
    public var platform: Platform
    public var table: String
    public var key: String
    public var locale: String
    /// The arguments as JSON (sorted keys).
    public var arguments: String
    /// Where the argument set came from (`example 1`, `sweep n=21`…).
    public var origin: String
    public var expected: String
    /// The platform's text, or `error: …` when it failed (an exception, a missing resource).
    public var actual: String
    /// How the platform was asked (resource name and arguments, lookup trace).
    public var detail: String
    /// The allow-list entry that accepts it, if any.
    public var allowedBy: Int?
}

/// Everything the differential found for one input.
public struct InputReport: Sendable {
    public var name: String
    /// `speakable compile` as a user runs it: exit status and what it printed.
    public var compileStatus: Int32 = 0
    public var compileOutput: [String] = []
    /// Failures that are not one case: aapt2 warnings or errors, a platform output missing, a
    /// tool that failed. Each fails the input.
    public var problems: [String] = []
    /// Facts about the model worth knowing (locales where this machine's data differs).
    public var notes: [String] = []
    public var tallies: [Platform: Tally] = [:]
    public var mismatches: [Mismatch] = []

    public init(name: String) { self.name = name }

    public var failed: Bool { !problems.isEmpty || mismatches.contains { $0.allowedBy == nil } }
}

/// The whole run.
public struct DifferentialReport: Sendable {
    public var inputs: [InputReport] = []
    public var allowList: AllowList
    /// Allow-list entries that matched no case (stale: remove them).
    public var unusedAllowances: [Int] = []

    public var failed: Bool { inputs.contains { $0.failed } }

    public init(allowList: AllowList) { self.allowList = allowList }
}
