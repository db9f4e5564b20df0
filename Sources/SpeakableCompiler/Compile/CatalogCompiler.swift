import Dispatch
import FoundationEssentials
import Synchronization
public import SpeakableCatalog
public import SpeakableDiagnostics
import SpeakableICU
import SpeakableJSON
import SpeakableMessages
import SpeakablePlatformFormats

/// Compiles a loaded project into platform catalogs, XLIFF, Swift and Kotlin accessors — in memory;
/// ``OutputWriter`` writes the result all or nothing. `onFile` is handed each file as soon as it
/// is made, on the thread that made it, so that it can be staged while the others are made
/// (``OutputStaging/stage(_:)``); the result then keeps only each file's path and size
/// (``OutputFile/handedOver(path:size:)``: the content is not held twice, and is freed once
/// staged), for ``OutputStaging/finish(_:replacing:keeping:)``. When the compile ends with errors
/// it returns no files, and what was handed on is to be dropped (``OutputStaging/abandon()``).
///
/// ```swift
/// let project = ProjectLoader.load(directory: "Game")
/// let result = CatalogCompiler.compile(project, options: CompileOptions())
/// result.files.map(\.path)
/// // ["xcstrings/game.xcstrings", "android/res/values/strings.xml", "android/res/values-ko/strings.xml",
/// //  "xliff/ko.xliff", "swift/Speakable+game.swift"]
/// ```
///
/// A project with loading errors, or a message a platform cannot express (and that is not
/// `runtimeOnly`), gives diagnostics and no files. Diagnostic ids (besides the loader's):
/// `catalog-*` (from ``PlatformConversion``, positioned inside the message), `catalog-conflicting-argument`,
/// `catalog-too-many-cases`, `catalog-key-collision`, `unknown-key` (a warning: a translation of
/// no template message), `metadata-invalid`, `nothing-to-compile` (no templates at all). Warnings for what an app must do beyond one lookup
/// (errors with ``CompileOptions/strict``): `catalog-companion` (an `=N` a platform's plurals
/// cannot say has its own resource or key), `catalog-composed-plurals` (Android: one `<plurals>`
/// per argument and a composing `<string>`), `catalog-open-particle` (a Korean particle after a
/// run-time value), `catalog-number-grouping` (a locale whose grouping printf cannot say),
/// `compile-metadata-ignored` (what `--no-metadata` drops).
public enum CatalogCompiler {
    public static func compile(_ project: Project, options: CompileOptions,
                               metadata: [String: TableMetadata]? = nil,
                               onFile: (@Sendable (OutputFile) -> Void)? = nil) -> CompileResult {
        // What a compile before this one left to free is freed first (it would be as large).
        BackgroundRelease.waitForPending()
        var diagnostics = project.diagnostics
        if project.hasErrors { return CompileResult(files: [], diagnostics: diagnostics) }
        // A missing or empty templates folder (a wrong path, a checkout without it) would
        // otherwise write empty catalogs over good ones.
        if project.tables.isEmpty {
            diagnostics.append(nothingToCompile(project))
            return CompileResult(files: [], diagnostics: diagnostics)
        }
        let preparation = prepare(project, options: options, metadata: metadata)
        diagnostics += preparation.diagnostics
        if diagnostics.contains(where: { $0.severity == .error }) { return CompileResult(files: [], diagnostics: diagnostics) }
        let jobs = OutputJob.planned(for: project, options: preparation.options)
        let outputs = render(jobs, project: project, preparation: preparation, onFile: onFile)
        var compiled = result(of: outputs, diagnostics: diagnostics, strict: preparation.options.strict)
        if !compiled.hasErrors {
            // Each table's hashes on all cores.
            let tables = preparation.tables
            let hashes = Mutex<[Int: (android: String, accessors: String)]>([:])
            DispatchQueue.concurrentPerform(iterations: min(project.tables.count, tables.count)) { t in
                let hash = layouts(tables[t])
                hashes.withLock { $0[t] = hash }
            }
            let found = hashes.withLock { $0 }
            for (t, table) in project.tables.enumerated() {
                guard let hash = found[t] else { continue }
                compiled.androidLayouts[table.name] = hash.android
                compiled.accessorLayouts[table.name] = hash.accessors
            }
            for (table, uses) in zip(project.tables, preparation.tableIntegers) {
                compiled.integerUses[table.name] = CompileContext.integerUsesLine(table: table.name, uses)
            }
        }
        // Every message's preparation is freed while the caller writes the files.
        if options.releasesInBackground { BackgroundRelease.release((consume preparation, consume outputs)) }
        return compiled
    }

    /// A hash of everything of `messages`' preparation that a locale's Android resources depend
    /// on besides the template and that locale's text: argument kinds, and for every combination
    /// of select cases the resource name, the argument positions and the layout (plurals,
    /// companions, exact values left out).
    static func androidLayout(_ messages: [PreparedMessage]) -> String {
        layouts(messages).android
    }

    /// A hash of everything of `messages`' preparation that the Swift and Kotlin accessors read
    /// besides the template (which decides the rest of them): argument kinds, and for every
    /// combination of select cases the catalog key and resource name, both platforms' argument
    /// positions and layouts, and the arguments with Korean particles after them. An incremental
    /// compile keeps it in the stamp: when an edited translation leaves it unchanged, so are the
    /// table's accessors.
    static func accessorLayout(_ messages: [PreparedMessage]) -> String {
        layouts(messages).accessors
    }

    /// ``androidLayout(_:)`` and ``accessorLayout(_:)`` in one walk: the accessors' hash is the
    /// Android one's facts and the Apple facts and particles, hashed apart and then together.
    static func layouts(_ messages: [PreparedMessage]) -> (android: String, accessors: String) {
        var android = LayoutHash()
        var apple = LayoutHash()
        for message in messages {
            android.add(message.template.key)
            android.add(kinds: message.kinds)
            for variant in message.variants {
                android.add("variant")
                android.add(choices: variant.choices)
                android.add(variant.androidName)
                for argument in variant.androidArguments { android.add(argument) }
                android.add(variant.androidLayout)
                apple.add("variant")
                apple.add(variant.appleKey)
                for argument in variant.appleArguments { apple.add(argument) }
                apple.add(variant.appleLayout)
                apple.add("particles")
                for argument in variant.particleArguments { apple.add(argument) }
            }
        }
        var accessors = LayoutHash()
        accessors.add(Int64(bitPattern: android.hash.value))
        accessors.add(Int64(bitPattern: apple.hash.value))
        return (android.text, accessors.text)
    }

    /// The hash of ``androidLayout(_:)`` and ``accessorLayout(_:)``: each text ends with a zero
    /// byte, so that no two sequences of texts read alike.
    struct LayoutHash {
        var hash = FNV1a()
        var text: String { String(hash.value, radix: 16) }

        mutating func add(_ text: String) {
            hash.combine(text)
            hash.combine(byte: 0)
        }

        /// A number as its eight bytes (then the zero byte).
        mutating func add(_ number: Int64) {
            var bits = UInt64(bitPattern: number)
            for _ in 0..<8 {
                hash.combine(byte: UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
            hash.combine(byte: 0)
        }

        mutating func add(kinds: [String: CatalogArgument.Kind]) {
            for (name, kind) in kinds.sorted(by: { $0.key < $1.key }) {
                add(name)
                add(kind.rawValue)
            }
        }

        mutating func add(choices: [SelectExpansion.Choice]) {
            for choice in choices {
                add(choice.argument)
                add(choice.value)
            }
        }

        mutating func add(_ argument: CatalogArgument) {
            add(argument.name)
            add(argument.kind.rawValue)
            add(argument.recordedSpecifier ?? "-")
            add(argument.recordedSubstitution ?? "-")
            switch argument.slot {
            case .value: add("value")
            case .integerText(let presentation):
                add("integerText")
                add(presentation.grouped ? 1 : 0)
                add(Int64(presentation.minimumDigits))
            case .pluralText: add("pluralText")
            case .numberText(let style):
                add("numberText")
                add(style)
            }
        }

        mutating func add(_ layout: CatalogLayout) {
            add("plurals")
            for argument in layout.pluralArguments { add(argument) }
            add("companions")
            for companion in layout.companions {
                add(companion.argument)
                add(companion.value)
            }
            add("dropped")
            for dropped in layout.dropped {
                add(dropped.argument)
                add(dropped.value)
                add(dropped.category)
                add(dropped.locale)
            }
            add("ranges")
            for (companion, range) in layout.companionRanges.sorted(by: { ($0.key.argument, $0.key.value) < ($1.key.argument, $1.key.value) }) {
                add(companion.argument)
                add(companion.value)
                add(Int64(range.lowerBound))
                add(Int64(range.upperBound))
            }
        }
    }

    static func nothingToCompile(_ project: Project) -> Diagnostic {
        Diagnostic(
            severity: .error, id: "nothing-to-compile",
            message: "nothing to compile: no templates in \(ProjectLoader.display(folder: project.root, project.config.templates))/",
            file: project.config.file,
            hint: "write \(project.config.templates)/<table>.json with {\"messages\": {…}}, or set \"templates\" in speakable.json; earlier outputs were left as they are")
    }

    /// Runs every job in parallel; the outputs come back in job order, so the result does not
    /// depend on scheduling.
    static func render(_ jobs: [OutputJob], project: Project, preparation: Preparation,
                       onFile: (@Sendable (OutputFile) -> Void)? = nil) -> [JobOutput] {
        let options = preparation.options
        let context = preparation.context
        let prepared = preparation.tables
        let lookup = OutputRenderer.Lookup(project)
        let commonNotes = options.outputs.contains(.xliff) ? OutputRenderer.commonNotes(project, prepared) : [:]
        let tables = zip(project.tables, prepared).map { PreparedTable(table: $0, messages: $1) }
        let androidNamespace = options.androidNamespace ?? project.config.androidNamespace
        let composePackages = ComposeAccessorGenerator.packages(options: options, config: project.config)
        let results = Mutex<[Int: JobOutput]>([:])
        // Android: each table's parts, by locale, until the last part makes the files.
        let androidTags = options.outputs.contains(.android) ? OutputRenderer.androidTags(project) : []
        let androidJobs = jobs.indices.filter { if case .android = jobs[$0] { true } else { false } }
        let androidParts = Mutex(OutputParts<AndroidResourceWriter.Resources>(tags: androidTags.count, tables: tables.count, jobs: androidJobs.count))
        /// The files made of every part, as the first job's output.
        @Sendable func partsDone(_ files: [OutputFile], _ diagnostics: [Diagnostic], first: Int) {
            var output = JobOutput()
            output.files = files
            output.diagnostics = diagnostics
            if let onFile {
                for file in output.files { onFile(file) }
                output.files = output.files.map { OutputFile.handedOver(path: $0.path, size: $0.utf8Count) }
            }
            let produced = output
            results.withLock { $0[first] = produced }
        }
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            var renderer = OutputRenderer(context: context, lookup: lookup)
            var output = JobOutput()
            switch jobs[index] {
            case .xcstrings(let t):
                // One table: its String Catalog is the longest job; it is converted on all cores.
                output.files = [renderer.xcstrings(project.tables[t], prepared[t], parts: project.tables.count == 1 ? 4 : 1)]
            case .android(let t, let tagRange):
                var sections: [(tag: Int, part: AndroidResourceWriter.Resources, diagnostics: [Diagnostic])] = []
                for tagIndex in tagRange {
                    let tag = androidTags[tagIndex]
                    // A renderer per locale, as when each locale's file was one job: its
                    // problems are reported once per locale.
                    var part = OutputRenderer(context: context, lookup: lookup)
                    let ignore = part.androidRootAttributes(tables, tag: tag).perTable[tables[t].table.name]
                    let section = part.androidSection(tables[t], tag: tag, locale: part.icuLocale(tag), ignore: ignore)
                    sections.append((tagIndex, section, part.diagnostics))
                }
                // The last part: every locale's file, with the problems in locale order, as
                // the first Android job's output (the others have none).
                guard let complete = androidParts.withLock({ $0.add(sections, table: t) }), let first = androidJobs.first else { return }
                let files = androidTags.indices.map { renderer.androidFile(tables, tag: androidTags[$0], sections: complete.parts(ofTag: $0, empty: AndroidResourceWriter.Resources())) }
                partsDone(files, androidTags.indices.flatMap { complete.diagnostics(ofTag: $0) }, first: first)
                return
            case .xliff(let tag):
                output.files = renderer.xliff(project.tables, prepared, tags: [tag], commonNotes: commonNotes)
            case .swift(let t):
                output.files = [SwiftAccessorGenerator.file(table: project.tables[t], messages: prepared[t],
                                                            sourceLocale: project.config.sourceLocale, templates: project.config.templates,
                                                            access: options.swiftAccess, bundle: options.swiftBundle)]
            case .kotlin(let t):
                guard let namespace = androidNamespace else { break }
                let kotlin = KotlinAccessorGenerator.file(table: project.tables[t], messages: prepared[t], sourceLocale: project.config.sourceLocale,
                                                          templates: project.config.templates, namespace: namespace)
                output.files = [kotlin.file]
                output.notes = [kotlin.summary]
            case .compose(let tag):
                output.files = renderer.compose(tables, tags: [tag])
            case .composeKotlin(let t):
                guard let packages = composePackages else { break }
                let kotlin = ComposeAccessorGenerator.file(&renderer, table: project.tables[t], messages: prepared[t], packages: packages)
                output.files = [kotlin.file]
                output.notes = [kotlin.summary]
            case .composeRuntime:
                guard let packages = composePackages else { break }
                let runtime = ComposeRuntimeGenerator.file(project: project, prepared: prepared, namespace: packages.namespace)
                output.files = [runtime.file]
                renderer.diagnostics += runtime.diagnostics
            }
            output.diagnostics = renderer.diagnostics
            if let onFile {
                // Handed over: the result keeps each file's path and size, not its content.
                for file in output.files { onFile(file) }
                output.files = output.files.map { OutputFile.handedOver(path: $0.path, size: $0.utf8Count) }
            }
            let produced = output
            results.withLock { $0[index] = produced }
        }
        let collected = results.withLock { $0 }
        return jobs.indices.compactMap { collected[$0] }
    }

    /// The jobs' files and notes in job order, and their diagnostics after the preparation's
    /// (each once); `strict` makes every warning an error. Any error: no files.
    static func result(of outputs: [JobOutput], diagnostics: [Diagnostic], strict: Bool) -> CompileResult {
        var diagnostics = diagnostics
        var seen = Set(diagnostics)
        var files: [OutputFile] = []
        var notes: [String] = []
        for output in outputs {
            files += output.files
            notes += output.notes
            for diagnostic in output.diagnostics where seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
        }
        if strict {
            for index in diagnostics.indices where diagnostics[index].severity == .warning { diagnostics[index].severity = .error }
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return CompileResult(files: [], diagnostics: diagnostics) }
        return CompileResult(files: files, diagnostics: diagnostics, notes: notes)
    }

    /// What `compile` refuses in `project` with these outputs — its errors, without the
    /// loader's (`project.diagnostics`) and without writing or even rendering an output: the
    /// same preparation of every message, and every locale's text validated for each platform
    /// the outputs need (``PlatformConversion/validated(_:platform:locale:arguments:layout:)``, the
    /// step every conversion takes first). What `speakable check` reports of a project, so that a
    /// project that checks clean compiles.
    ///
    /// ```swift
    /// let project = ProjectLoader.load(directory: "MyGame")
    /// var options = CompileOptions()
    /// options.outputs = CompileOptions.defaultOutputs(for: project.config)
    /// CatalogCompiler.validate(project, options: options).map(\.id)   // ["catalog-skipped-argument"]
    /// ```
    ///
    /// `only` (`"<table>\u{0}<key>"` → a number of locales): prepare and validate just these
    /// messages, each with the translations `project` has of it and that many more locales that
    /// say exactly what its template says (the same arguments in the same positions:
    /// ``CompileValidation`` screens them); the others are taken to be messages that cannot be
    /// refused, and only their keys and resource names take part, in the collision checks.
    public static func validate(_ project: Project, options: CompileOptions,
                                metadata: [String: TableMetadata]? = nil, only: [String: Int]? = nil) -> [Diagnostic] {
        if project.hasErrors || project.tables.isEmpty { return [] }
        let preparation = prepare(project, options: options, metadata: metadata, validating: true, only: only)
        var errors = preparation.diagnostics.filter { $0.severity == .error }
        let options = preparation.options
        let platforms: [CatalogPlatform] = (options.outputs.contains(.xcstrings) || options.outputs.contains(.swift) ? [.apple] : [])
            + (options.outputs.contains(.android) || options.outputs.contains(.compose) ? [.android] : [])
        guard !platforms.isEmpty else { return errors }
        var seen = Set(errors)
        for diagnostic in conversionProblems(project, preparation, platforms: platforms, compose: options.outputs.contains(.compose))
        where diagnostic.severity == .error && seen.insert(diagnostic).inserted {
            errors.append(diagnostic)
        }
        return errors
    }

    /// The locales of a table besides the source: the configured targets and every locale folder
    /// with this table, sorted.
    static func targetLocales(_ project: Project, _ table: Table) -> [String] {
        Array(Set(project.config.targetLocales).union(table.locales.keys).subtracting([project.config.sourceLocale])).sorted()
    }
}

/// One output file (or one locale's files) of a compile: each is rendered on its own, in parallel.
enum OutputJob {
    /// A table's String Catalog.
    case xcstrings(Int)
    /// One table's part of some locales' `strings.xml` (the locales at `tags` of
    /// ``OutputRenderer/androidTags(_:)``): a table's messages are read once for several
    /// locales while they are in the cache, and each file is put together from its tables'
    /// parts once every part is done.
    case android(table: Int, tags: Range<Int>)
    /// One locale's XLIFF, every table in it.
    case xliff(String)
    /// A table's Swift accessors.
    case swift(Int)
    /// A table's Kotlin accessors for Android.
    case kotlin(Int)
    /// One locale's Compose Multiplatform `strings.xml`.
    case compose(String)
    /// A table's Compose accessors.
    case composeKotlin(Int)
    /// The Compose runtime helpers every table's accessors share.
    case composeRuntime

    /// The jobs `options.outputs` asks for, in the order their files are listed. Kotlin
    /// accessors come with the Android resources once the app's namespace is known; Compose
    /// accessors once both of its packages are.
    static func planned(for project: Project, options: CompileOptions) -> [OutputJob] {
        let tables = project.tables.indices
        var jobs: [OutputJob] = []
        if options.outputs.contains(.xcstrings) { jobs += tables.map(OutputJob.xcstrings) }
        // A table's parts of several locales' files: at least 8 jobs, for the cores, however
        // few tables there are.
        func parts(tags: Int) -> [(table: Int, tags: Range<Int>)] {
            let groups = max(1, min(tags, (8 + tables.count - 1) / max(tables.count, 1)))
            return tables.flatMap { table in (0..<groups).map { group in (table, (group * tags / groups)..<((group + 1) * tags / groups)) } }
        }
        if options.outputs.contains(.android) { jobs += parts(tags: OutputRenderer.androidTags(project).count).map(OutputJob.android) }
        if options.outputs.contains(.xliff) { jobs += OutputRenderer.xliffTags(project).map(OutputJob.xliff) }
        if options.outputs.contains(.swift) { jobs += tables.map(OutputJob.swift) }
        if options.outputs.contains(.android), (options.androidNamespace ?? project.config.androidNamespace) != nil {
            jobs += tables.map(OutputJob.kotlin)
        }
        if options.outputs.contains(.compose) {
            jobs += OutputRenderer.androidTags(project).map(OutputJob.compose)
            if ComposeAccessorGenerator.packages(options: options, config: project.config) != nil {
                jobs += tables.map(OutputJob.composeKotlin) + [.composeRuntime]
            }
        }
        return jobs
    }
}

/// One table's parts of every locale's file (``OutputJob/android(table:tags:)``), and the
/// problems found while writing each.
struct OutputParts<Part> {
    /// By locale, then table.
    private var sections: [[Part?]]
    private var problems: [[[Diagnostic]]]
    /// The jobs not done yet.
    private var remaining: Int

    init(tags: Int, tables: Int, jobs: Int) {
        sections = Array(repeating: Array(repeating: nil, count: tables), count: tags)
        problems = Array(repeating: Array(repeating: [], count: tables), count: tags)
        remaining = jobs
    }

    /// Adds one job's parts of `table`, by locale; all of them once this was the last job.
    mutating func add(_ parts: [(tag: Int, part: Part, diagnostics: [Diagnostic])], table: Int) -> Self? {
        for (tag, part, diagnostics) in parts {
            sections[tag][table] = part
            problems[tag][table] = diagnostics
        }
        remaining -= 1
        return remaining == 0 ? self : nil
    }

    /// A locale's parts in table order (`empty` for a table without one).
    func parts(ofTag tag: Int, empty: Part) -> [Part] { sections[tag].map { $0 ?? empty } }

    /// A locale's problems, its tables' in table order.
    func diagnostics(ofTag tag: Int) -> [Diagnostic] { Array(problems[tag].joined()) }
}

/// What one ``OutputJob`` produced.
struct JobOutput {
    var files: [OutputFile] = []
    var diagnostics: [Diagnostic] = []
    /// What the generated accessors do beyond one lookup (``CompileResult/notes``).
    var notes: [String] = []
}

extension CatalogCompiler {
    /// What some tables of a project compile to on their own (``IncrementalCompile``).
    struct TableSections {
        /// Per table: its String Catalog and accessors.
        var files: [[OutputFile]] = []
        /// Per table: its accessors' notes.
        var notes: [[String]] = []
        /// Per table: its section of each locale's Android file, by tag (none when empty).
        var android: [[String: String]] = []
        /// Per table: its `<file>` of each locale's XLIFF, by tag.
        var xliff: [[String: String]] = []
        /// Per table: ``androidLayout(_:)`` of its preparation.
        var androidLayouts: [String] = []
        /// Per table: ``accessorLayout(_:)`` of its preparation.
        var accessorLayouts: [String] = []
        /// Per table: the locales whose Android section was rendered (nil: every one).
        var androidRendered: [Set<String>?] = []
        /// Per table: its warnings, as a full compile gives them for that table.
        var diagnostics: [[Diagnostic]] = []
        /// Per table: ``CompileResult/integerUses``.
        var integerUses: [String] = []
        /// The number-grouping warnings of the whole project (they follow every table's own).
        var groupingWarnings: [Diagnostic] = []
    }

    /// Prepares and renders the tables `indices` of `project` as a full compile of the project
    /// would, each Android and XLIFF section on its own, with each table's warnings and the
    /// project's number-grouping warnings (the other tables' grouped integers are
    /// `previousIntegers`, ``CompileResult/integerUses``); nil when that gives any other
    /// diagnostic (an error, a renderer's warning, any warning with `strict`), or when a section
    /// is not where the renderer put it (a full compile then says what there is to say). Only
    /// for a project without imported metadata: the tables' sections then depend on nothing but
    /// their own inputs and the configuration. `changedLocales`: per table, the
    /// locales whose translations changed when its template did not (nil: every locale is
    /// wanted): only their XLIFF `<file>`s are rendered, and only their Android sections when
    /// the table's ``androidLayout(_:)`` is still `previousLayouts`' (then no other locale's
    /// Android resources can have changed). Its accessors are not made again (the files stay as
    /// they are) when its template is unchanged and its ``accessorLayout(_:)`` is still
    /// `previousAccessors`'; then its String Catalog takes the unchanged locales' localizations
    /// from the one in `previousOutputs` (the output folder), as they were written.
    static func tableSections(_ project: Project, tables indices: [Int], options: CompileOptions,
                              changedLocales wanted: [Set<String>?]? = nil, previousLayouts: [String?]? = nil,
                              previousAccessors: [String?]? = nil, previousOutputs: String? = nil,
                              previousIntegers: [String: String] = [:],
                              metadata: [String: TableMetadata] = [:]) -> TableSections? {
        let part = Project(root: project.root, config: project.config, tables: indices.map { project.tables[$0] },
                           localeTags: project.localeTags, diagnostics: [])
        guard let preparation = prepareInParts(part, options: options, parts: 4, metadata: metadata) else { return nil }
        // Number grouping spans every table: the other tables' grouped integers as the last
        // compile found them, the changed tables' own now, in the project's order.
        var whole = preparation.context
        whole.groupedIntegers = [:]
        for (t, table) in project.tables.enumerated() {
            if let own = indices.firstIndex(of: t) {
                whole.merge(groupedIntegers: preparation.tableIntegers[own])
            } else {
                guard let line = previousIntegers[table.name], let kept = CompileContext.integerUses(line: line), kept.table == table.name else { return nil }
                whole.merge(groupedIntegers: kept.uses)
            }
        }
        let groupingWarnings = whole.groupingWarnings()
        if options.strict, !groupingWarnings.isEmpty { return nil }
        let both = preparation.tables.map(Self.layouts)
        let layouts = both.map(\.android)
        let accessorLayouts = both.map(\.accessors)
        let androidWanted: [Set<String>?] = part.tables.indices.map { t in
            guard let previous = previousLayouts?[t], previous == layouts[t] else { return nil }
            return wanted?[t] ?? nil
        }
        let options = preparation.options
        // The tags of the whole project: a section of every file it has.
        let androidTags = options.outputs.contains(.android) ? OutputRenderer.androidTags(project) : []
        let xliffTags = options.outputs.contains(.xliff) ? OutputRenderer.xliffTags(project) : []
        let namespace = options.androidNamespace ?? project.config.androidNamespace
        let lookup = OutputRenderer.Lookup(project)
        let commonNotes = xliffTags.isEmpty ? [:] : OutputRenderer.commonNotes(part, preparation.tables)
        enum Piece {
            /// The table's String Catalog.
            case catalog(Int)
            /// The table's Swift and Kotlin accessors (beside its catalog, on another core).
            case accessors(Int)
            case android(Int, String)
            case xliff(Int, String)
        }
        var planned: [Piece] = []
        // Per table: a translation edit that leaves every fact the accessors read as it was (and
        // every entry of the String Catalog and its layout with them).
        var layoutsKept: [Bool] = []
        for table in part.tables.indices {
            planned.append(.catalog(table))
            let templateKept = (wanted?[table] ?? nil) != nil
            layoutsKept.append(templateKept && (previousAccessors?[table] ?? nil) == accessorLayouts[table])
            if !layoutsKept[table] { planned.append(.accessors(table)) }
            planned += androidTags.filter { androidWanted[table]?.contains($0) ?? true }.map { .android(table, $0) }
            planned += xliffTags.filter { wanted?[table]?.contains($0) ?? true }.map { .xliff(table, $0) }
        }
        let pieces = planned
        let catalogsKept = layoutsKept
        struct Rendered {
            var files: [OutputFile] = []
            var notes: [String] = []
            var section: String?
            var failed = false
        }
        /// What one table's file has between the prefix and the closing of the file with no table.
        @Sendable func section(of whole: [OutputFile], around empty: [OutputFile], closing: String) -> String? {
            guard let whole = whole.first, let empty = empty.first,
                  let bytes = IncrementalCompile.between(whole.bytes, around: empty.bytes, closing: Array(closing.utf8))
            else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let results = Mutex<[Int: Rendered]>([:])
        let frame = project.tables.map(\.name)
        DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
            var renderer = OutputRenderer(context: preparation.context, lookup: lookup)
            renderer.androidFrame = frame
            var rendered = Rendered()
            switch pieces[index] {
            case .catalog(let t):
                if options.outputs.contains(.xcstrings) {
                    // The locales whose translations are unchanged keep their localizations as the
                    // last catalog has them.
                    var written: OutputRenderer.WrittenCatalog?
                    if catalogsKept[t], let previousOutputs, let changed = wanted?[t] ?? nil {
                        written = OutputRenderer.WrittenCatalog(path: previousOutputs + "/xcstrings/\(part.tables[t].name).xcstrings", changed: changed,
                                                                messages: preparation.tables[t])
                    }
                    rendered.files.append(renderer.xcstrings(part.tables[t], preparation.tables[t], parts: part.tables.count == 1 ? 4 : 1,
                                                             written: written))
                }
            case .accessors(let t):
                let table = part.tables[t], messages = preparation.tables[t]
                if options.outputs.contains(.swift) {
                    rendered.files.append(SwiftAccessorGenerator.file(table: table, messages: messages, sourceLocale: project.config.sourceLocale,
                                                                      templates: project.config.templates, access: options.swiftAccess,
                                                                      bundle: options.swiftBundle))
                }
                if options.outputs.contains(.android), let namespace {
                    let kotlin = KotlinAccessorGenerator.file(table: table, messages: messages, sourceLocale: project.config.sourceLocale,
                                                              templates: project.config.templates, namespace: namespace)
                    rendered.files.append(kotlin.file)
                    rendered.notes.append(kotlin.summary)
                }
            case .android(let t, let tag):
                rendered.section = section(of: renderer.android([PreparedTable(table: part.tables[t], messages: preparation.tables[t])], tags: [tag]),
                                           around: renderer.android([], tags: [tag]), closing: "</resources>\n")
                rendered.failed = rendered.section == nil
            case .xliff(let t, let tag):
                rendered.section = section(of: renderer.xliff([part.tables[t]], [preparation.tables[t]], tags: [tag], commonNotes: commonNotes),
                                           around: renderer.xliff([], [], tags: [tag], commonNotes: [:]), closing: "</xliff>\n")
                rendered.failed = rendered.section == nil
            }
            if !renderer.diagnostics.isEmpty { rendered.failed = true }
            let done = rendered
            results.withLock { $0[index] = done }
        }
        let collected = results.withLock { $0 }
        var sections = TableSections()
        sections.files = Array(repeating: [], count: part.tables.count)
        sections.notes = Array(repeating: [], count: part.tables.count)
        sections.android = Array(repeating: [:], count: part.tables.count)
        sections.xliff = Array(repeating: [:], count: part.tables.count)
        sections.androidLayouts = layouts
        sections.accessorLayouts = accessorLayouts
        sections.androidRendered = androidWanted
        sections.diagnostics = preparation.tableDiagnostics
        sections.integerUses = zip(part.tables, preparation.tableIntegers).map { CompileContext.integerUsesLine(table: $0.name, $1) }
        sections.groupingWarnings = groupingWarnings
        for (index, piece) in pieces.enumerated() {
            guard let rendered = collected[index], !rendered.failed else { return nil }
            switch piece {
            case .catalog(let t), .accessors(let t):
                // The catalog's piece comes first: its file, then the accessors'.
                sections.files[t] += rendered.files
                sections.notes[t] += rendered.notes
            case .android(let t, let tag):
                if let section = rendered.section, !section.isEmpty { sections.android[t][tag] = section }
            case .xliff(let t, let tag):
                sections.xliff[t][tag] = rendered.section
            }
        }
        // The tables' preparation is freed while the caller splices and writes the files.
        if options.releasesInBackground { BackgroundRelease.release((consume preparation, consume part)) }
        return sections
    }
}
