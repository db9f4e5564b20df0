import Dispatch
import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats
import Synchronization

// The Android `res/` reader of ``PlatformInput``.
extension PlatformInput {
    // MARK: Android

    /// A resource's identity: its type and name (`string/seconds`, `plurals/seconds`,
    /// `array/weekdays`), as aapt2 and `R` name it.
    static func key(_ resource: AndroidResource) -> String? {
        switch resource.kind {
        case .string: "string/" + resource.name
        case .plurals: "plurals/" + resource.name
        case .stringArray: "array/" + resource.name
        case .other: nil
        }
    }

    static func elementName(_ key: String) -> String {
        key.hasPrefix("string/") ? "<string>" : key.hasPrefix("plurals/") ? "<plurals>" : "<string-array>"
    }

    struct ReadFile: Sendable {
        let name: String
        var resources: AndroidResourceFile
        /// A file with nothing to report, its plain `<string>`s read straight from its bytes and
        /// its other elements one by one (``AndroidResourceReader/readStrings(_:maximumResources:)``); then
        /// ``resources`` has none.
        var plain: AndroidPlainStrings? = nil

        /// Its resources in file order: runs of plain strings, each followed by the other
        /// resources after it (one run of resources when the file was read whole).
        var runs: [(strings: ArraySlice<AndroidPlainStrings.Entry>, resources: [AndroidResource])] {
            guard let plain else { return [([], resources.resources)] }
            return plain.runs.map { ($0.strings, $0.others.map(\.resource)) }
        }

        /// How many resources it has.
        var count: Int { plain.map { $0.strings.count + $0.others.count } ?? resources.resources.count }

        /// The `tools:ignore` attribute of its `<resources>`, whichever reader read it.
        var rootToolsIgnore: String? { plain.map(\.rootToolsIgnore) ?? resources.toolsIgnore }

        /// How many messages it has (`<string>`s and `<plurals>`), as ``ProjectLimits`` counts them.
        var messageCount: Int {
            func isMessage(_ resource: AndroidResource) -> Bool { resource.kind == .string || resource.kind == .plurals }
            return plain.map { $0.strings.count + $0.others.count { isMessage($0.resource) } } ?? resources.resources.count(where: isMessage)
        }
    }

    /// The files of one values folder with string resources, and the problems reading them.
    /// `plain`: files without problems are read without an XML tree, but for elements other than
    /// plain `<string>`s.
    /// A file with more messages than `limits` allow in one file is not read (`too-many-messages`,
    /// counted while it is scanned).
    static func readFolder(_ folder: String, in directory: String, plain: Bool = false, limits: ProjectLimits,
                           diagnostics: inout [Diagnostic]) -> [ReadFile] {
        let path = join(directory, folder)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
        var result: [ReadFile] = []
        for name in files {
            let full = join(path, name)
            guard InputFile.isInside(full, root: directory) else {
                diagnostics.append(Diagnostic(severity: .error, id: "input-outside-project",
                                              message: "this file is a symbolic link that leads out of the resources folder; it is not read",
                                              file: display(full)))
                continue
            }
            let data: [UInt8]
            switch InputFile.read(full) {
            case .success(let bytes): data = bytes
            case .failure(let problem):
                diagnostics.append(problem.diagnostic(file: display(full)))
                continue
            }
            // Past the limit the scan gives up, and the reader counts the file's messages
            // before it decodes any.
            if plain, let strings = AndroidResourceReader.readStrings(data, maximumResources: limits.messagesPerFile) {
                if !strings.strings.isEmpty || strings.others.contains(where: { key($0.resource) != nil }) {
                    result.append(ReadFile(name: name, resources: AndroidResourceFile(file: display(full), locale: nil, resources: []),
                                           plain: strings))
                }
                continue
            }
            let parsed = AndroidResourceReader.read(data, file: display(full), limits: limits)
            diagnostics += parsed.diagnostics
            if let file = parsed.file, file.resources.contains(where: { key($0) != nil }) {
                result.append(ReadFile(name: name, resources: file))
            }
        }
        return result
    }

    /// What reading a locale's translations needs of the source (values/).
    struct AndroidSource: Sendable {
        let directory: String
        /// Per file of values/: its name (without `.xml`) and the keys not to be translated.
        let tables: [(name: String, untranslatable: Set<String>)]
        /// Every source key in the order the source defines them, with the table it is in and
        /// whether it is untranslatable (in that table's set).
        let definedKeys: [(key: String, table: Int, untranslatable: Bool)]
        /// Each source key's place in ``definedKeys``.
        let keyPlace: [String: Int]
        /// The source's name for each plural's argument.
        let pluralNames: [String: String]
        let limits: ProjectLimits
        /// The messages and translations read so far, against ``ProjectLimits/messages``.
        let count: ProjectMessageCount
        /// The first locales' folders, read on another core while the source is read (nil on one core).
        var readAhead: ReadAhead? = nil
    }

    /// Whether `key` is `string/` followed by `name`, compared byte by byte (equal bytes are an
    /// equal key; other bytes may still be a canonically equivalent one).
    static func isStringKey(_ key: String, named name: String) -> Bool {
        var key = key
        var name = name
        return key.withUTF8 { k in
            name.withUTF8 { n in
                guard k.count == n.count + 7, k[0] == 0x73, k[1] == 0x74, k[2] == 0x72, k[3] == 0x69, k[4] == 0x6E, k[5] == 0x67,
                      k[6] == 0x2F else { return false }
                for i in 0..<n.count where k[7 + i] != n[i] { return false }
                return true
            }
        }
    }

    /// Locale folders read in the background, in order, while the source is read and its
    /// tables' facts worked out (the second core is mostly idle then); each taken once by the
    /// locale that needs it. A folder not yet begun is read by that locale itself, one under way
    /// is waited for: the files and problems are the same either way.
    final class ReadAhead: Sendable {
        enum Slot {
            case waiting
            case reading(DispatchSemaphore)
            case done(files: [ReadFile], diagnostics: [Diagnostic])
            case taken
        }

        let slots: Mutex<[String: Slot]>
        /// The folders read ahead.
        let folders: Set<String>

        init(folders: [String], directory: String, limits: ProjectLimits) {
            self.folders = Set(folders)
            var initial: [String: Slot] = [:]
            for folder in folders { initial[folder] = .waiting }
            slots = Mutex(initial)
            DispatchQueue.global().async { [self] in
                for folder in folders {
                    let semaphore = DispatchSemaphore(value: 0)
                    let begun = slots.withLock { slots -> Bool in
                        guard case .waiting? = slots[folder] else { return false }
                        slots[folder] = .reading(semaphore)
                        return true
                    }
                    guard begun else { continue }
                    var diagnostics: [Diagnostic] = []
                    let files = PlatformInput.readFolder(folder, in: directory, plain: true, limits: limits, diagnostics: &diagnostics)
                    slots.withLock { $0[folder] = .done(files: files, diagnostics: diagnostics) }
                    semaphore.signal()
                }
            }
        }

        /// `folder`'s files and the problems reading them, when they were read ahead; nil when
        /// the caller reads the folder itself.
        func take(_ folder: String) -> (files: [ReadFile], diagnostics: [Diagnostic])? {
            while true {
                let slot = slots.withLock { slots -> Slot? in
                    let slot = slots[folder]
                    switch slot {
                    case .waiting?, .done?: slots[folder] = .taken
                    case .reading?, .taken?, nil: break
                    }
                    return slot
                }
                switch slot {
                case .done(let files, let diagnostics)?: return (files, diagnostics)
                case .reading(let semaphore)?:
                    semaphore.wait()
                    semaphore.signal()
                case .waiting?, .taken?, nil: return nil
                }
            }
        }
    }

    /// The sizes of the files of `folders` (Android values folders of `directory`) together,
    /// before any is read.
    static func valuesSize(_ folders: [String], in directory: String) -> Int {
        var total = 0
        for folder in folders {
            let path = join(directory, folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where name.hasSuffix(".xml") {
                total += InputFile.size(join(path, name)) ?? 0
            }
        }
        return total
    }

    static func android(directory: String, sourceLocale: String, settings: CheckSettings,
                        deferringLocales: Bool = false, limits: ProjectLimits = .standard) throws(Failure) -> CheckInput {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        let folders = names.filter { ($0 == "values" || $0.hasPrefix("values-")) && directoryExists(join(directory, $0)) }
        guard folders.contains("values") else {
            let others = folders.isEmpty ? "" : " (it has \(folders.prefix(3).joined(separator: ", "))\(folders.count > 3 ? ", …" : ""))"
            throw Failure(description: "\(display(directory)) has no values/ folder\(others): give an Android res/ folder; without default strings in values/, aapt2 drops every translation (\"removing resource … without required default value\")")
        }
        let source = (try? ICULocale(sourceLocale)) ?? .english
        /// The folder past a whole-project limit (``ProjectLimits``): checked without tables.
        func refused(_ diagnostic: Diagnostic, _ diagnostics: [Diagnostic] = []) -> CheckInput {
            CheckInput(sourceTag: sourceLocale, sourceLocale: source, tables: [], settings: settings, inputDiagnostics: diagnostics + [diagnostic])
        }
        // The limits of a project, before anything is read: the locale folders and the bytes.
        let localeFolderCount = folders.count { AndroidQualifiers.localeTag(forValuesFolder: $0) != nil }
        if localeFolderCount > limits.locales { return refused(limits.tooManyLocales(localeFolderCount, file: display(directory))) }
        let size = valuesSize(folders, in: directory)
        if size > limits.bytes { return refused(limits.tooLarge(size, file: display(directory))) }
        // On two cores or more, the first locales (in the order the checker takes them) are read
        // on another core while this one reads the source.
        var readAhead: ReadAhead?
        if deferringLocales && Checker.availableCores() > 1 {
            var first: [String] = []
            var tags = Set<String>()
            let localeFolders = folders.compactMap { folder in AndroidQualifiers.localeTag(forValuesFolder: folder).map { (folder, $0) } }
            for tag in Set(localeFolders.map(\.1)).sorted().prefix(3) { tags.insert(tag) }
            for (folder, tag) in localeFolders where tags.contains(tag) { first.append(folder) }
            readAhead = ReadAhead(folders: first, directory: directory, limits: limits)
        }
        var diagnostics: [Diagnostic] = []
        let sourceFiles = readFolder("values", in: directory, plain: true, limits: limits, diagnostics: &diagnostics)
        // A default file past the limit of one file is not read, so its strings are not the
        // source: the translations of every locale would be extra keys. Nothing is checked.
        if diagnostics.contains(where: { $0.id == "too-many-messages" }) {
            return CheckInput(sourceTag: sourceLocale, sourceLocale: source, tables: [], settings: settings, inputDiagnostics: diagnostics)
        }
        // The default strings count first; each locale's translations as it is read.
        let sourceCount = sourceFiles.reduce(0) { $0 + $1.messageCount }
        let count = ProjectMessageCount(templates: sourceCount, limits: limits)
        if sourceCount > limits.messages { return refused(limits.tooManyMessages(sourceCount, file: display(directory)), diagnostics) }

        // Locale folders (values-ko, values-b+sr+Latn, and their variants such as values-ko-night),
        // and folders without a locale (values-night, values-v21): the latter hold the source
        // language's alternatives, so text in another language there is a misplaced translation.
        var targetFolders: [(folder: String, tag: String)] = []
        for folder in folders where folder != "values" {
            if let tag = AndroidQualifiers.localeTag(forValuesFolder: folder) {
                targetFolders.append((folder, tag))
            } else {
                let files = readFolder(folder, in: directory, limits: limits, diagnostics: &diagnostics)
                diagnostics += languageCheck(files, folder: folder, expected: source, sourceTag: sourceLocale, isDefault: false)
            }
        }
        diagnostics += languageCheck(sourceFiles, folder: "values", expected: source, sourceTag: sourceLocale, isDefault: true)

        // The source messages, one table per file of values/; a resource is defined once.
        var tables: [(name: String, file: String, messages: [SourceMessage], untranslatable: Set<String>)] = []
        let resourceCount = sourceFiles.reduce(0) { $0 + $1.count }
        var keyPlace: [String: Int] = Dictionary(minimumCapacity: resourceCount)
        var definedKeys: [(key: String, table: Int, untranslatable: Bool)] = []
        definedKeys.reserveCapacity(resourceCount)
        // Where each key of definedKeys is defined (the same places).
        var definedAt: [(file: String, position: SourcePosition)] = []
        definedAt.reserveCapacity(resourceCount)
        /// Records where `key` is first defined, and its place in definedKeys (the next one, where
        /// the caller puts it); false (and, from another file, an error) when it was defined
        /// before — aapt2 refuses a second definition in another file, and within one file the
        /// reader has reported it already. The key is hashed once.
        func define(_ key: String, in definingFile: String, at position: SourcePosition) -> Bool {
            let next = definedKeys.count
            func claim(_ place: inout Int) -> Int {
                if place < 0 { place = next }
                return place
            }
            let place = claim(&keyPlace[key, default: -1])
            if place != next {
                let (firstFile, first) = definedAt[place]
                if firstFile != definingFile {
                    diagnostics.append(Diagnostic(severity: .error, id: "android-duplicate-resource",
                                                  message: "\(key) is defined again (first in \(firstFile) at \(first)): aapt2 fails with \"duplicate value for resource\"",
                                                  file: definingFile, position: position))
                }
                return false
            }
            definedAt.append((definingFile, position))
            return true
        }
        var pluralNames: [String: String] = [:]
        // TalkBack click labels (role `action`) by name; no other string has a role.
        let clickLabels = settings.androidClickLabels
        for file in sourceFiles {
            // `tools:ignore` on `<resources>` applies to every resource of the file.
            let fileIgnoresMissing = AndroidLint.ignores(file.rootToolsIgnore, "MissingTranslation")
            var messages: [SourceMessage] = []
            messages.reserveCapacity(file.count)
            var untranslatable = Set<String>()
            var scratch = PlainScratch()
            let site = file.plain.map(PlainStringsSite.init)
            // Each converted string taken out of the list (moved, not copied) as it is defined.
            var converted = site.map { plainPartsOnEveryCore($0, file: file.resources.file) } ?? Pieces()
            var convertedOthers = sourcePartsOnEveryCore(file.runs.flatMap(\.resources), file: file.resources.file)
            var otherIndex = 0
            // In file order: plain strings and other resources are defined first where they come first.
            for run in file.runs {
                // Plain strings: the same as the resources below, without them.
                for index in run.strings.indices {
                    let entry = run.strings[index]
                    let key = "string/" + entry.name
                    guard define(key, in: file.resources.file, at: entry.namePosition) else { continue }
                    definedKeys.append((key, tables.count, !entry.isTranslatable))
                    guard entry.isTranslatable else { untranslatable.insert(key); continue }
                    let (text, pattern, formats) = converted.isEmpty ? plainParts(site!, index, file: file.resources.file, scratch: &scratch)
                                                                     : converted.take(index)!
                    messages.append(SourceMessage(key: key, keyPosition: entry.namePosition, role: clickLabels.matches(entry.name) ? .action : nil,
                                                  text: text, pattern: pattern, exemptions: exemptions(toolsIgnore: entry.toolsIgnore, fileIgnoresMissing: fileIgnoresMissing),
                                                  formats: formats))
                }
                for resource in run.resources {
                    let other = otherIndex
                    otherIndex += 1
                    guard let key = key(resource), !resource.name.isEmpty else { continue }
                    guard define(key, in: file.resources.file, at: resource.namePosition) else { continue }
                    definedKeys.append((key, tables.count, !resource.isTranslatable))
                    guard resource.isTranslatable else { untranslatable.insert(key); continue }
                    if resource.kind == .plurals { pluralNames[key] = pluralName(resource) }
                    guard let (formats, text, pattern) = convertedOthers.isEmpty ? sourceParts(resource, file: file.resources.file)
                                                                                 : convertedOthers.take(other) else { continue }
                    let role: Role? = resource.kind == .string && clickLabels.matches(resource.name) ? .action : nil
                    messages.append(SourceMessage(key: key, keyPosition: resource.namePosition, role: role, text: text,
                                                  pattern: pattern,
                                                  exemptions: exemptions(toolsIgnore: resource["tools:ignore"], fileIgnoresMissing: fileIgnoresMissing),
                                                  formats: formats))
                }
            }
            tables.append((String(file.name.dropLast(4)), file.resources.file, messages, untranslatable))
        }

        // Translations, by locale: every file of the locale's folders, matched by type and name;
        // with `deferringLocales`, read when the checker gets to the locale.
        let androidSource = AndroidSource(directory: directory, tables: tables.map { ($0.name, $0.untranslatable) },
                                          definedKeys: definedKeys, keyPlace: keyPlace, pluralNames: pluralNames, limits: limits, count: count,
                                          readAhead: readAhead)
        var byTag: [String: [String]] = [:]
        for (folder, tag) in targetFolders { byTag[tag, default: []].append(folder) }
        var locales: [[TargetLocale]] = Array(repeating: [], count: tables.count)
        var deferred: [DeferredLocale] = []
        for tag in byTag.keys.sorted() {
            guard let icuLocale = try? ICULocale(tag) else { continue }
            let folders = byTag[tag]!
            if deferringLocales {
                // Its files' bytes; a locale read ahead first (what was read is let go sooner).
                let cost = folders.contains { readAhead?.folders.contains($0) == true } ? Int.max : valuesSize(folders, in: directory)
                deferred.append(DeferredLocale(tag: tag, cost: cost, read: {
                    let read = androidLocale(tag: tag, locale: icuLocale, folders: folders, source: androidSource)
                    return (read.locales.map { $0 }, read.diagnostics)
                }, stream: { begin, visit in
                    for table in androidSource.tables.indices {
                        begin(table, TargetLocale(tag: tag, locale: icuLocale, file: "", messages: []))
                    }
                    let read = androidLocale(tag: tag, locale: icuLocale, folders: folders, source: androidSource, keeping: false) {
                        visit($0, $1, $2)
                    }
                    return (read.locales.map { $0 }, read.diagnostics)
                }))
            } else {
                let read = androidLocale(tag: tag, locale: icuLocale, folders: folders, source: androidSource)
                diagnostics += read.diagnostics
                for (index, target) in read.locales.enumerated() { locales[index].append(target) }
            }
        }
        let checkTables = tables.enumerated().map { index, table in
            CheckTable(name: table.name, file: table.file, messages: table.messages, locales: locales[index])
        }
        return CheckInput(sourceTag: sourceLocale, sourceLocale: source, tables: checkTables, settings: settings,
                          inputDiagnostics: diagnostics, deferredLocales: deferred)
    }

    /// One locale's translations of every table: the files of its folders (`values-ko`,
    /// `values-ko-night`…), each resource matched to the source by type and name.
    /// `visit`: given each message as soon as it is in its table's list (the table's index, the
    /// message, its index in the list); `keeping` false: each message is destroyed once visited
    /// and the lists returned are empty.
    static func androidLocale(tag: String, locale: ICULocale, folders: [String], source: AndroidSource, keeping: Bool = true,
                              visit: (Int, UnsafeMutablePointer<TargetMessage>, Int) -> Void = { _, _, _ in })
        -> (locales: [TargetLocale], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let directory = source.directory
        let tables = source.tables
        // The whole project's messages, counted across the locales read so far: past the limit,
        // the locale's messages are not made (and no later locale is read).
        guard source.count.begin(tag) else { return ([], []) }
        var groups = folders.map { folder in
            if let read = source.readAhead?.take(folder) {
                diagnostics += read.diagnostics
                return (folder: folder, files: read.files)
            }
            return (folder: folder, files: readFolder(folder, in: directory, plain: true, limits: source.limits, diagnostics: &diagnostics))
        }
        // A file of the locale past the limit of one file is not read: the locale is not
        // checked (rather than every string of that file reported missing).
        if diagnostics.contains(where: { $0.id == "too-many-messages" }) { return ([], diagnostics) }
        if !source.count.admit(tag, groups.reduce(0) { $0 + $1.files.reduce(0) { $0 + $1.messageCount } }) {
            if let total = source.count.reportPast() { diagnostics.append(source.limits.tooManyMessages(total, file: display(directory))) }
            return ([], diagnostics)
        }
        var perTable: [[TargetMessage]] = Array(repeating: [], count: tables.count)
        // Room for every resource read, in its own table's list when the table is known: a list
        // grown by doubling holds up to twice its messages, and both buffers while it grows.
        var expected = Array(repeating: 0, count: tables.count)
        for (_, files) in groups {
            for file in files {
                let sameName = tables.firstIndex { $0.name + ".xml" == file.name } ?? 0
                if tables.indices.contains(sameName) { expected[sameName] += file.count }
            }
        }
        for index in perTable.indices { perTable[index].reserveCapacity(keeping ? expected[index] : 1) }
        var counts = Array(repeating: 0, count: tables.count)
        // The place in the source's keys after the previous translation's: translations mostly
        // come in the source's order, so the next one is mostly that key, found without hashing
        // (and a plain string's message shares the source's key).
        var nextKey = 0
        /// `message`, the next of `table`'s list, handed to `visit`: in its place in the list when
        /// `keeping`, else where it was made (moved here, not copied), and destroyed after.
        func add(_ message: consuming TargetMessage, to table: Int) {
            let number = counts[table]
            counts[table] += 1
            if keeping {
                perTable[table].append(message)
                perTable[table].withUnsafeMutableBufferPointer { visit(table, $0.baseAddress! + ($0.count - 1), number) }
            } else {
                withUnsafeMutablePointer(to: &message) { visit(table, $0, number) }
            }
        }
        for g in groups.indices {
            for f in groups[g].files.indices {
                let name = groups[g].files[f].name
                let file = groups[g].files[f].resources.file
                // The resources are taken out of the file (their list is then this loop's alone) and
                // each one's XML text, attributes and items are let go once it is converted: a
                // locale's resources and its messages are not all in memory at once.
                var resources = groups[g].files[f].resources.resources
                groups[g].files[f].resources.resources = []
                let sameName = tables.firstIndex { $0.name + ".xml" == name }
                /// A resource read by the reader (a whole file's, or an element other than a plain string).
                func translation(_ resource: AndroidResource) {
                    guard let key = key(resource), !resource.name.isEmpty else { return }
                    // The source key after the previous translation's when it is this one, else
                    // looked up (as plain strings are).
                    let place = nextKey < source.definedKeys.count && source.definedKeys[nextKey].key == key ? nextKey : source.keyPlace[key]
                    if let place { nextKey = place + 1 }
                    let table = place.map { source.definedKeys[$0].table } ?? sameName ?? 0
                    // Translations of untranslatable strings are Android Lint's business, not extra
                    // keys. (Only keys the source defines are in its untranslatable sets.)
                    if tables.indices.contains(table), let place, source.definedKeys[place].untranslatable { return }
                    // Only a `plurals/` key names a plural's argument.
                    guard tables.indices.contains(table), let formats = formats(resource, file: file),
                          let text = convert(resource, formats: formats, pluralName: resource.kind == .plurals ? source.pluralNames[key] : nil)
                    else { return }
                    add(TargetMessage(key: key, keyPosition: resource.namePosition, text: text,
                                      pattern: simplePattern(text.text) ?? parse(text), formats: formats), to: table)
                }
                if let plain = groups[g].files[f].plain {
                    groups[g].files[f].plain = nil
                    var scratch = PlainScratch()
                    let site = PlainStringsSite(plain)
                    for run in plain.runs {
                        for index in run.strings.indices {
                            let key: String
                            let table: Int
                            // Whether the source key is in its table's untranslatable set (a key
                            // the source does not define is in none).
                            let isUntranslatable: Bool
                            if nextKey < source.definedKeys.count, isStringKey(source.definedKeys[nextKey].key, named: site.strings[index].name) {
                                (key, table, isUntranslatable) = source.definedKeys[nextKey]
                                nextKey += 1
                            } else {
                                key = "string/" + site.strings[index].name
                                if let place = source.keyPlace[key] {
                                    table = source.definedKeys[place].table
                                    isUntranslatable = source.definedKeys[place].untranslatable
                                    nextKey = place + 1
                                } else {
                                    table = sameName ?? 0
                                    isUntranslatable = false
                                }
                            }
                            guard table >= 0 && table < tables.count, !isUntranslatable else { continue }
                            add(plainMessage(site, index, file: file, key: key, scratch: &scratch), to: table)
                        }
                        // By index: each resource read in place, not copied out of the list.
                        for o in run.others.indices { translation(run.others[o].resource) }
                    }
                    continue
                }
                for r in resources.indices {
                    defer { release(&resources[r]) }
                    translation(resources[r])
                }
            }
        }
        // The file a table's translations belong in: the same name in the locale's own folder.
        let primary = groups.first { AndroidQualifiers.valuesFolder(for: tag) == $0.folder } ?? groups[0]
        var locales: [TargetLocale] = []
        for (index, table) in tables.enumerated() {
            let fileName = table.name + ".xml"
            // A file that is there but could not be read (its errors are reported) exists.
            let onDisk = groups.lazy.map { display(join(join(directory, $0.folder), fileName)) }
                .first { FileManager.default.fileExists(atPath: $0) }
            let path = onDisk ?? display(join(join(directory, primary.folder), fileName))
            locales.append(TargetLocale(tag: tag, locale: locale, file: path, fileExists: onDisk != nil || counts[index] > 0,
                                        messages: perTable[index]))
        }
        return (locales, diagnostics)
    }

    /// `tools:ignore="MissingTranslation"` (or `"all"`) on the resource or on its file's
    /// `<resources>` as an exemption from `missing-translation`.
    /// `fileIgnoresMissing`: the file's `<resources>` has it.
    static func exemptions(toolsIgnore: String?, fileIgnoresMissing: Bool = false) -> [String: String] {
        if AndroidLint.ignores(toolsIgnore, "MissingTranslation") {
            return [Rule.missingTranslation.rawValue: "tools:ignore=\"MissingTranslation\""]
        }
        if fileIgnoresMissing {
            return [Rule.missingTranslation.rawValue: "tools:ignore=\"MissingTranslation\" on <resources>"]
        }
        return [:]
    }

    /// A plain `<string>` (``AndroidPlainStrings``, the `index`th of `site`'s) as a translation:
    /// the same text, formats and positions as ``formats(_:file:)`` and
    /// ``convert(_:formats:pluralName:)`` give its resource, made without one.
    /// `scratch`: what is reused from message to message (``PlainScratch``). Inlined: the
    /// message is then made where it is stored, not copied there.
    @inline(__always)
    static func plainMessage(_ site: PlainStringsSite, _ index: Int, file: String, key: String,
                             scratch: inout PlainScratch) -> TargetMessage {
        // Taken apart at once: reading each member of the tuple copied all of it.
        let (text, pattern, formats) = plainParts(site, index, file: file, scratch: &scratch)
        return TargetMessage(key: key, keyPosition: site.strings[index].namePosition, text: text, pattern: pattern, formats: formats)
    }

    /// A plain `<string>`'s ICU text, pattern and formats (a source message's or a translation's).
    /// Their positions are the file's shared `site` and the string's index in it: no object or
    /// closure is made per string. Inlined: the tuple is then never copied.
    @inline(__always)
    static func plainParts(_ site: PlainStringsSite, _ index: Int, file: String,
                           scratch: inout PlainScratch) -> (text: PositionedText, pattern: MessagePattern?, formats: PlatformFormats) {
        let value = site.strings[index].text
        let format = FormatString.parse(value, dialect: .java)
        let formats = PlatformFormats(dialect: .java, forms: [
            PlatformFormats.Form(path: "", format: format, file: file, plainString: site, index: index)])
        let text = PositionedText(text: icuText(value, format: format, scratch: &scratch.utf8), file: file, plainString: site, index: index)
        return (text, simplePattern(text.text, arguments: scratch.arguments) ?? parse(text), formats)
    }

    /// Values made in pieces on several cores, each taken out once (moved, not copied) by its
    /// index: the pieces are never joined into one list (that copied every value and released
    /// the pieces' own).
    struct Pieces<Element> {
        private var pieces: [[Element?]]
        private let pieceSize: Int
        /// How many values there are (none: nothing was made in pieces).
        let count: Int

        init(_ pieces: [[Element?]] = [], pieceSize: Int = 1) {
            self.pieces = pieces
            self.pieceSize = pieceSize
            count = pieces.reduce(0) { $0 + $1.count }
        }

        var isEmpty: Bool { count == 0 }

        /// The `index`th value, left nil in its piece.
        mutating func take(_ index: Int) -> Element? { pieces[index / pieceSize][index % pieceSize].take() }
    }
}

extension PlatformInput.Pieces where Element: Sendable {
    /// The pieces made by `make` for each index of `0..<count`, `pieceSize` at a time on every
    /// core the process may use.
    static func made(count: Int, pieceSize: Int, _ make: @Sendable (Range<Int>) -> [Element?]) -> Self {
        let pieces = (count + pieceSize - 1) / pieceSize
        let done = Mutex<[[Element?]]>(Array(repeating: [], count: pieces))
        DispatchQueue.concurrentPerform(iterations: pieces) { p in
            let piece = make(p * pieceSize..<min(count, (p + 1) * pieceSize))
            done.withLock { $0[p] = piece }
        }
        var all: [[Element?]] = []
        done.withLock { swap(&all, &$0) }
        return Self(all, pieceSize: pieceSize)
    }
}

extension PlatformInput {
    /// ``plainParts(_:_:file:scratch:)`` of every translatable string of `site` (nil for the
    /// others), in pieces on every core the process may use; none (empty) for a small file or on
    /// one core, where the strings are converted one by one as they are read.
    static func plainPartsOnEveryCore(_ site: PlainStringsSite, file: String)
        -> Pieces<(text: PositionedText, pattern: MessagePattern?, formats: PlatformFormats)> {
        let count = site.strings.count
        let pieceSize = 1024
        guard count > pieceSize, Checker.availableCores() > 1 else { return Pieces() }
        return .made(count: count, pieceSize: pieceSize) { range in
            var scratch = PlainScratch()
            var piece: [(text: PositionedText, pattern: MessagePattern?, formats: PlatformFormats)?] = []
            piece.reserveCapacity(range.count)
            for index in range {
                piece.append(site.strings[index].isTranslatable ? plainParts(site, index, file: file, scratch: &scratch) : nil)
            }
            return piece
        }
    }

    /// A source resource (not a plain string) as a message's formats, ICU text and pattern; nil
    /// when it has no key or name, is not translatable, or does not convert. A `<plurals>`
    /// names its argument itself (``pluralName(_:)``): the source defines the names.
    static func sourceParts(_ resource: AndroidResource, file: String)
        -> (formats: PlatformFormats, text: PositionedText, pattern: MessagePattern?)? {
        guard key(resource) != nil, !resource.name.isEmpty, resource.isTranslatable,
              let formats = formats(resource, file: file),
              let text = convert(resource, formats: formats, pluralName: resource.kind == .plurals ? pluralName(resource) : nil)
        else { return nil }
        return (formats, text, simplePattern(text.text) ?? parse(text))
    }

    /// ``sourceParts(_:file:)`` of each of `resources`, in pieces on every core the process may
    /// use; none (empty) for a few resources or on one core, where each is converted as it is
    /// defined. (A resource defined twice is converted here and not used: the same messages.)
    static func sourcePartsOnEveryCore(_ resources: [AndroidResource], file: String)
        -> Pieces<(formats: PlatformFormats, text: PositionedText, pattern: MessagePattern?)> {
        let count = resources.count
        let pieceSize = 128
        guard count > pieceSize, Checker.availableCores() > 1 else { return Pieces() }
        return .made(count: count, pieceSize: pieceSize) { range in
            var piece: [(formats: PlatformFormats, text: PositionedText, pattern: MessagePattern?)?] = []
            piece.reserveCapacity(range.count)
            for index in range { piece.append(sourceParts(resources[index], file: file)) }
            return piece
        }
    }

    /// What converting a file's plain strings reuses from one string to the next: a buffer for
    /// the ICU text, and the argument parts made so far (``ArgumentParts``: the same `{1, number}`
    /// at the same offset of many strings is one part).
    struct PlainScratch {
        var utf8: [UInt8] = []
        let arguments = ArgumentParts()

        init() { utf8.reserveCapacity(256) }
    }

    /// `{number}` or `{number, number}` at UTF-16 offset `start`, as the parser reads it.
    static func argumentPart(number: Int, isNumber: Bool, at start: Int) -> MessagePart {
        let name = String(number)
        let nameLength = name.utf8.count
        let kind: ArgumentKind
        let length: Int
        if isNumber {
            let typeStart = start + 1 + nameLength + 2
            kind = .simple(SimpleArgument(type: .number, typeText: "number", typeRange: typeStart..<typeStart + 6, styleText: nil,
                                          styleRange: nil, style: .number(.default)))
            length = nameLength + 10
        } else {
            kind = .none
            length = nameLength + 2
        }
        return .argument(ArgumentNode(name: name, number: number, nameRange: start + 1..<start + 1 + nameLength,
                                      range: start..<start + length, kind: kind))
    }

    /// The pattern of ICU text that is plain text and `{N}` / `{N, number}` arguments (no
    /// apostrophe, no other brace: a converted `<string>` whose text needs no quoting), built
    /// directly; nil for anything else (then ``MessagePattern/init(_:)`` parses it). The tree is
    /// the parser's (tested against it).
    static func simplePattern(_ text: String) -> MessagePattern? { simplePattern(text, cache: nil) }

    /// ``simplePattern(_:)``, its argument parts taken from `arguments` (made once for many strings).
    static func simplePattern(_ text: String, arguments: ArgumentParts) -> MessagePattern? {
        simplePattern(text, cache: arguments)
    }

    private static func simplePattern(_ text: String, cache: ArgumentParts?) -> MessagePattern? {
        var utf8 = text
        return utf8.withUTF8 { bytes -> MessagePattern? in
            let n = bytes.count
            var parts: [MessagePart] = []
            var arguments = 0
            var i = 0
            while i + 8 <= n {
                arguments += highBits(zeroBytes(word(bytes, at: i) ^ 0x7B7B_7B7B_7B7B_7B7B))
                i += 8
            }
            while i < n {
                if bytes[i] == 0x7B { arguments += 1 }
                i += 1
            }
            if arguments > 0 { parts.reserveCapacity(2 * arguments + 1) }
            i = 0
            var u16 = 0
            var textByte = 0
            var textU16 = 0
            while i < n {
                // Eight bytes at a time up to the first brace or apostrophe: the UTF-16 units of
                // the bytes before it are the bytes that do not continue a scalar, and one more
                // for each that starts a scalar of four bytes.
                while i + 8 <= n {
                    let w = word(bytes, at: i)
                    let flagged = zeroBytes(w ^ 0x2727_2727_2727_2727) | zeroBytes(w ^ 0x7B7B_7B7B_7B7B_7B7B)
                        | zeroBytes(w ^ 0x7D7D_7D7D_7D7D_7D7D)
                    let plain = flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
                    if plain > 0 {
                        let before: UInt64 = plain == 8 ? ~0 : (1 << UInt64(plain * 8)) &- 1
                        let continuation = w & ~(w << 1) & 0x8080_8080_8080_8080 & before
                        let fourByteLead = w & (w << 1) & (w << 2) & (w << 3) & 0x8080_8080_8080_8080 & before
                        u16 += plain - highBits(continuation) + highBits(fourByteLead)
                        i += plain
                    }
                    if plain < 8 { break }
                }
                guard i < n else { break }
                let b = bytes[i]
                if b == 0x27 || b == 0x7D { return nil }  // ' }
                if b != 0x7B {  // {
                    u16 += b >= 0xF0 ? 2 : (b & 0xC0 == 0x80 ? 0 : 1)
                    i += 1
                    continue
                }
                if i > textByte {
                    parts.append(.text(UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[textByte..<i])),
                                       range: textU16..<u16))
                }
                var j = i + 1
                guard j < n, bytes[j] >= 0x31 && bytes[j] <= 0x39 else { return nil }
                var number = 0
                while j < n, bytes[j] >= 0x30 && bytes[j] <= 0x39 {
                    number = number * 10 + Int(bytes[j] - 0x30)
                    if number > 0x7FFF { return nil }
                    j += 1
                }
                let isNumber: Bool
                let end: Int
                if j < n && bytes[j] == 0x7D {
                    isNumber = false
                    end = j + 1
                } else {
                    // ", number}"
                    guard j + 9 <= n, bytes[j] == 0x2C, bytes[j + 1] == 0x20, bytes[j + 2] == 0x6E, bytes[j + 3] == 0x75,
                          bytes[j + 4] == 0x6D, bytes[j + 5] == 0x62, bytes[j + 6] == 0x65, bytes[j + 7] == 0x72, bytes[j + 8] == 0x7D
                    else { return nil }
                    isNumber = true
                    end = j + 9
                }
                let start = u16
                parts.append(cache?.part(start: start, number: number, isNumber: isNumber) { argumentPart(number: number, isNumber: isNumber, at: start) }
                                 ?? argumentPart(number: number, isNumber: isNumber, at: start))
                u16 += end - i
                i = end
                textByte = i
                textU16 = u16
            }
            guard u16 <= MessagePattern.maximumLength else { return nil }
            if textByte == 0 {
                return MessagePattern(source: text, parsedBody: MessageBody(parts: n == 0 ? [] : [.text(text, range: 0..<u16)], range: 0..<u16))
            }
            if i > textByte {
                parts.append(.text(UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[textByte..<i])), range: textU16..<u16))
            }
            return MessagePattern(source: text, parsedBody: MessageBody(parts: parts, range: 0..<u16))
        }
    }

    /// The eight bytes at `offset` of `bytes` (at least eight from there), the first the lowest.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `x` that is zero (and of no other byte).
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// How many bytes of `x` have their high bit set, for an `x` with no other bit set (the
    /// bits summed by one multiplication: no population count instruction is assumed).
    @inline(__always)
    static func highBits(_ x: UInt64) -> Int {
        Int(truncatingIfNeeded: ((x >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// One `<string>`'s value (not in a plural) as ICU text: the value itself when it has no
    /// specifier and nothing ICU would read as syntax.
    static func icuText(_ value: String, format: FormatString, scratch: inout [UInt8]) -> String {
        if format.specifiers.isEmpty && format.problems.isEmpty && !hasICUSyntax(value) { return value }
        var builder = Builder(reusing: &scratch)
        appendFormatText(value, dialect: .java, format: format, inPlural: false, builder: &builder) { name, _, at, b in
            b.synthetic("{\(name)}", at: at)
        }
        swap(&builder.utf8, &scratch)
        return UTF8Validation.string(validated: scratch)
    }

    /// Whether `value` has a character ICU reads as syntax in plain text (`'`, `{`, `}`).
    static func hasICUSyntax(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            // Eight bytes at a time, then the rest one by one.
            var i = 0
            let n = bytes.count
            while i + 8 <= n {
                let w = word(bytes, at: i)
                if zeroBytes(w ^ 0x2727_2727_2727_2727) | zeroBytes(w ^ 0x7B7B_7B7B_7B7B_7B7B) | zeroBytes(w ^ 0x7D7D_7D7D_7D7D_7D7D) != 0 {
                    return true
                }
                i += 8
            }
            while i < n {
                let b = bytes[i]
                if b == 0x27 || b == 0x7B || b == 0x7D { return true }
                i += 1
            }
            return false
        }
    }

    /// The plain strings of one file, for the positions asked of their messages: one object that
    /// all of the file's messages share (their text's and their form's positions are this and the
    /// string's index), holding the file's bytes and its strings as the scanner read them.
    final class PlainStringsSite: Sendable {
        let source: [UInt8]
        let strings: [AndroidPlainStrings.Entry]

        init(_ plain: AndroidPlainStrings) {
            self.source = plain.source
            self.strings = plain.strings
        }

        /// The `index`th string's value, as the resource reader gives it.
        func value(_ index: Int) -> AndroidString {
            let entry = strings[index]
            return AndroidString(text: entry.text, rawXML: String(decoding: source[entry.contentRange], as: UTF8.self), position: entry.contentStart)
        }

        /// The file position of a Unicode scalar offset in the `index`th string's value.
        func formPosition(_ index: Int, _ offset: Int) -> SourcePosition { alignment(value(index))(offset) }

        /// The file position of a UTF-16 offset in the `index`th string's ICU text (clamped to it).
        func textPosition(_ index: Int, _ offset: Int) -> SourcePosition {
            let all = positions(index)
            return all[min(max(0, offset), all.count - 1)]
        }

        /// Each UTF-16 unit of the `index`th string's ICU text with its file position, and the end's.
        func positions(_ index: Int) -> [SourcePosition] {
            var builder = Builder(tracking: true)
            let value = self.value(index)
            appendFormat(value.text, dialect: .java, parsed: FormatString.parse(value.text, dialect: .java), position: alignment(value),
                         inPlural: false, builder: &builder) { name, _, at, b in
                b.synthetic("{\(name)}", at: at)
            }
            return builder.positions(end: builder.positions.last ?? strings[index].position)
        }
    }

    /// Lets go of what a converted resource no longer needs (its value stays with the
    /// message's positions, which read it when a finding asks).
    static func release(_ resource: inout AndroidResource) {
        resource.rawXML = ""
        resource.rawComments = ""
        resource.attributes = []
        resource.comment = nil
        resource.value = nil
        resource.items = []
    }

    /// A folder whose name says no locale but whose strings are written in another script than
    /// the source language's: a translation that Android would show as the source (or, in
    /// `values-night/`, instead of it).
    static func languageCheck(_ files: [ReadFile], folder: String, expected: ICULocale, sourceTag: String, isDefault: Bool) -> [Diagnostic] {
        let scripts = Set(expected.scripts)
        guard !scripts.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        for file in files {
            var counts: [String: Int] = [:]
            // ASCII texts' letters, added to the counts once.
            var asciiLatin = 0
            for entry in file.plain?.strings ?? [] where entry.isTranslatable {
                if let latin = asciiLatinLetters(entry.text) {
                    asciiLatin += latin
                    continue
                }
                for (script, n) in UnicodeScript.letterCounts(entry.text) { counts[script, default: 0] += n }
            }
            for resource in file.resources.resources + (file.plain?.others.map(\.resource) ?? []) where resource.isTranslatable {
                let texts = resource.value.map { [$0.text] } ?? resource.items.map(\.value.text)
                // Specifiers add a few Latin letters (`%s`); too few to tip a file of text.
                for text in texts {
                    if let latin = asciiLatinLetters(text) {
                        asciiLatin += latin
                        continue
                    }
                    for (script, n) in UnicodeScript.letterCounts(text) { counts[script, default: 0] += n }
                }
            }
            if asciiLatin > 0 { counts["Latn", default: 0] += asciiLatin }
            let total = counts.values.reduce(0, +)
            guard total >= 20, let (dominant, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                  !scripts.contains(dominant), count * 2 > total else { continue }
            let share = count * 100 / total
            let language = guessLanguage(script: dominant)
            let target = language.map { AndroidQualifiers.valuesFolder(for: $0) + "/" } ?? "values-<language>/"
            diagnostics.append(Diagnostic(
                severity: .error, id: "unlabeled-locale",
                message: "\(file.resources.file) is in \(folder)/, \(isDefault ? "the source language (\(sourceTag))" : "a folder without a locale, read as the source language (\(sourceTag))"), but \(share)% of its letters are \(scriptName(dominant)): \(language.map { "it looks like a \($0) translation" } ?? "it looks like a translation")",
                file: file.resources.file, position: SourcePosition(line: 1, column: 1),
                hint: isDefault ? "if the app's default language is \(language ?? "that language"), pass --source-locale \(language ?? "<tag>"); if it is a translation, move it to \(target)"
                                : "move it to a folder that names its locale (\(target))"))
        }
        return diagnostics
    }

    /// The letters of `text` when it is ASCII (every one Latin, as ``UnicodeScript/letterCounts(_:)``
    /// counts them, without asking each letter's properties and script); nil for any other text.
    static func asciiLatinLetters(_ text: String) -> Int? {
        var latin = 0
        for b in text.utf8 {
            if b >= 0x80 { return nil }
            if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) { latin += 1 }
        }
        return latin
    }

    static func scriptName(_ script: String) -> String {
        ["Hang": "Hangul", "Hani": "Han", "Hira": "Hiragana", "Kana": "Katakana", "Cyrl": "Cyrillic", "Arab": "Arabic",
         "Hebr": "Hebrew", "Grek": "Greek", "Thai": "Thai", "Deva": "Devanagari", "Latn": "Latin", "Beng": "Bengali"][script] ?? script
    }

    static func guessLanguage(script: String) -> String? {
        ["Hang": "ko", "Hira": "ja", "Kana": "ja", "Hebr": "he", "Thai": "th", "Grek": "el", "Arab": "ar", "Cyrl": "ru",
         "Hani": "zh", "Latn": "en"][script]
    }
}
