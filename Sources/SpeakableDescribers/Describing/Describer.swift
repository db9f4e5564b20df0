public import SpeakableCatalog
public import SpeakableDiagnostics
public import SpeakableICU
public import SpeakableMessages
import SpeakableParticles
import Synchronization

/// Why a ``Describer`` could not be made: a bad locale or time zone, or messages in the catalog
/// the describers cannot use — each with where it is, a stable id and a plain sentence.
public struct DescriberError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, each with its stable id (`invalid-locale`, `invalid-time-zone`,
    /// `missing-message`, `syntax-error`, `unknown-argument`, `argument-kind`, `unknown-select-case`).
    public let diagnostics: [Diagnostic]
    public var description: String { diagnostics.map(\.rendered).joined(separator: "\n") }
}

/// Turns game semantics into what VoiceOver and TalkBack should say, in one locale.
///
/// Describing anything is one call, and every call returns the fields of both platforms:
///
/// ```swift
/// let describer = try Describer(locale: "en")
/// let cell = describer.describe(SudokuCell(row: 2, column: 7, content: .given(4), isSelected: true))
/// cell.voiceOver.label               // "Row 2, column 7, given 4"
/// cell.voiceOver.traits.names        // ["button", "selected"]
/// cell.talkBack.contentDescription   // "given 4"
/// describer.describe(try Piece(map: ".X/XX/.X")).name   // "T pointing left"
/// describer.announcement(for: .linesCleared(lines: 2, score: 640, combo: 2))
/// // "Cleared 2 lines. Score 640. Combo times 2."
///
/// let korean = try Describer(locale: "ko")
/// korean.describe(SudokuCell(row: 2, column: 7, content: .given(4))).voiceOver.label   // "2행 7열, 주어진 숫자 4"
/// korean.describe(try Piece(map: ".X/XX/.X")).name      // "왼쪽을 향한 T자"
/// korean.describe(Level(5, stars: 2)).voiceOver.label   // "5단계, 별 3개 중 2개"
/// ```
///
/// The built-in catalog holds English and Korean (the Korean awaits a native speaker's review);
/// any other locale gets the English text with the locale's numbers and dates. Korean particles
/// after placeholders (`{piece}을(를)`) are resolved from the value (``ParticleResolvingMessage``).
/// A describer is immutable and safe to share between threads.
public final class Describer: Sendable {
    /// The locale numbers, dates and plurals are formatted in; the text is its catalog
    /// translation, or its language's, or the source text.
    public let locale: ICULocale
    /// Where dates (the daily result's) are shown.
    public let timeZone: ICUTimeZone
    /// How VoiceOver hints are phrased: Apple's result phrase, or "Double tap to …".
    public let hintStyle: HintStyle
    /// The messages it formats.
    public let catalog: DescriberCatalog

    let messages: [BoundMessage]
    let andList: ListFormatter?
    let digits: NumberFormat?
    let recorder: FormatRecorder?
    // Constant texts, formatted once.
    let sudokuHint: String, sudokuAction: String
    let rackHint: String, rackAction: String, rackEmpty: String
    let boardHint: String, boardAction: String, boardName: String
    let noFitHint: String, noFitState: String
    /// A board's cell labels as pieces formatted once per row and column (nil: each label is
    /// formatted whole).
    let sudokuLabel: CellLabelPieces?, blockLabel: CellLabelPieces?
    /// The digits 0 to 9 as `digitsText` writes them, for pencil marks.
    let digitTexts: [String]
    /// For each message, the text between its two arguments when it is exactly
    /// `{first}…{next}` (common.join.list, .groups, .sentences): a fold of such a message is its
    /// items joined with that text.
    let joinSeparators: [String?]

    /// A describer for `locale` (a BCP 47 tag such as "en", "ko", "ko-KR").
    public convenience init(locale: String = "en", hintStyle: HintStyle = .result, timeZone: String = "UTC",
                            catalog: DescriberCatalog = .builtIn) throws(DescriberError) {
        let parsedLocale: ICULocale
        do { parsedLocale = try ICULocale(locale) } catch {
            throw DescriberError(diagnostics: [Diagnostic(severity: .error, id: "invalid-locale",
                                                          message: "'\(locale)' is not a BCP 47 language tag such as en or ko")])
        }
        let zone: ICUTimeZone
        do { zone = try ICUTimeZone(timeZone) } catch {
            throw DescriberError(diagnostics: [Diagnostic(severity: .error, id: "invalid-time-zone",
                                                          message: "'\(timeZone)' is not a time zone ICU knows, such as UTC or Asia/Seoul")])
        }
        try self.init(locale: parsedLocale, hintStyle: hintStyle, timeZone: zone, catalog: catalog)
    }

    /// A describer for an ICU locale; throws the catalog's problems (see ``DescriberError``).
    public convenience init(locale: ICULocale, hintStyle: HintStyle = .result, timeZone: ICUTimeZone = .utc,
                            catalog: DescriberCatalog = .builtIn) throws(DescriberError) {
        try self.init(locale: locale, hintStyle: hintStyle, timeZone: timeZone, catalog: catalog, recorder: nil)
    }

    /// A describer for a game's own project (loaded by ``ProjectLoader``): its messages replace or
    /// add to the built-in ones, and its `speakable.json` sets the hint style.
    ///
    /// ```swift
    /// let describer = try Describer(locale: "ko", project: ProjectLoader.load(directory: "Speakable"))
    /// ```
    ///
    /// A project with errors throws them (with their files, lines and columns).
    public convenience init(locale: String, project: Project, timeZone: String = "UTC") throws(DescriberError) {
        if project.hasErrors { throw DescriberError(diagnostics: project.diagnostics.filter { $0.severity == .error }) }
        try self.init(locale: locale, hintStyle: project.config.hintStyle, timeZone: timeZone,
                      catalog: DescriberCatalog.builtIn.overriding(with: DescriberCatalog(project: project)))
    }

    /// A describer that records every message it formats (for the benchmark's ICU comparison).
    @_spi(Recording)
    public init(locale: ICULocale, hintStyle: HintStyle, timeZone: ICUTimeZone, catalog: DescriberCatalog,
                recorder: FormatRecorder?) throws(DescriberError) {
        self.locale = locale
        self.timeZone = timeZone
        self.hintStyle = hintStyle
        self.catalog = catalog
        self.recorder = recorder
        var diagnostics: [Diagnostic] = []
        var messages: [BoundMessage] = []
        for id in MessageID.allCases {
            switch BoundMessage.make(id, catalog: catalog, locale: locale, timeZone: timeZone) {
            case .success(let message): messages.append(message)
            case .failure(let problems):
                diagnostics += problems.diagnostics
                messages.append(BoundMessage(placeholder: id))
            }
        }
        if !diagnostics.isEmpty { throw DescriberError(diagnostics: diagnostics) }
        self.messages = messages
        // Spoken Korean joins a list with pauses ("1행, 2행, 3행"): ICU's "and" list is the written
        // 및 ("1행, 2행 및 3행"), which a screen reader reads as a word.
        self.andList = locale.language == "ko" ? nil : try? ListFormatter.cached(locale: locale, kind: .and, width: .wide)
        self.digits = try? NumberFormat.cached(.decimal, locale: locale)
        func constant(_ id: MessageID) -> String { messages[id.rawValue].constant ?? "" }
        sudokuAction = constant(.sudokuCellAction)
        rackAction = constant(.rackAction)
        boardAction = constant(.boardAction)
        rackEmpty = constant(.rackEmpty)
        boardName = constant(.boardName)
        noFitHint = constant(.placementNoFit)
        noFitState = constant(.placementNoFitState)
        // Hints in the style asked for; the gesture sentence is built from the action fragment.
        func hint(_ result: MessageID, _ action: String) -> String {
            hintStyle == .result ? constant(result) : messages[MessageID.hintGesture.rawValue].format([.string(action)], nil)
        }
        sudokuHint = hint(.sudokuCellHint, sudokuAction)
        rackHint = hint(.rackHint, rackAction)
        boardHint = hint(.boardHint, boardAction)
        sudokuLabel = CellLabelPieces(label: messages[MessageID.sudokuCellLabel.rawValue],
                                      content: messages[MessageID.sudokuCellContent.rawValue])
        blockLabel = CellLabelPieces(label: messages[MessageID.blockCellLabel.rawValue],
                                     content: messages[MessageID.blockCellContent.rawValue])
        joinSeparators = messages.map(\.joinSeparator)
        let digits = self.digits
        digitTexts = (0...9).map { n in Self.digitsText(n, digits) }
    }

    // MARK: Formatting

    /// Formats a built-in message with values in its spec's order.
    @inline(__always)
    func text(_ id: MessageID, _ values: [MessageArgument?]) -> String {
        messages[id.rawValue].format(values, recorder)
    }

    /// The same with the values on the stack (no array per call) — for the messages a board
    /// formats for every cell.
    @inline(__always)
    func text(_ id: MessageID, _ a: MessageArgument?, _ b: MessageArgument? = nil, _ c: MessageArgument? = nil,
              _ d: MessageArgument? = nil, _ e: MessageArgument? = nil, count: Int) -> String {
        withUnsafeTemporaryAllocation(of: MessageArgument?.self, capacity: 5) { buffer in
            let values = buffer.baseAddress!
            values.initialize(to: a)
            (values + 1).initialize(to: b)
            (values + 2).initialize(to: c)
            (values + 3).initialize(to: d)
            (values + 4).initialize(to: e)
            defer { values.deinitialize(count: 5) }
            return messages[id.rawValue].format(UnsafeBufferPointer(start: values, count: min(count, 5)), recorder)
        }
    }

    /// Formats any message of the catalog by key, with named arguments (for a game's own
    /// messages added with ``DescriberCatalog/overriding(with:)``).
    ///
    /// ```swift
    /// try describer.format("game.coins", ["amount": 9180])   // "9,180 O’Coins"
    /// ```
    public func format(_ key: String, _ arguments: [String: MessageArgument]) throws(DescriberError) -> String {
        guard let (source, _) = catalog.text(for: key, locale: locale) else {
            throw DescriberError(diagnostics: [Diagnostic(severity: .error, id: "missing-message",
                                                          message: "the catalog has no message '\(key)'")])
        }
        do throws(MessageError) {
            let message = try ParticleResolvingMessage(source, locale: locale, timeZone: timeZone)
            do { return try message.format(arguments) } catch { throw MessageError.format(error) }
        } catch {
            throw DescriberError(diagnostics: [Diagnostic(severity: .error, id: error.id, message: "\(key): \(error.message)")])
        }
    }

    /// Formats a VoiceOver hint: the result phrase, or the gesture sentence from `action`.
    func hint(result: @autoclosure () -> String, action: String) -> String {
        hintStyle == .result ? result() : text(.hintGesture, [.string(action)])
    }

    func number(_ n: Int) -> MessageArgument? { .int(Int64(n)) }

    /// A whole number in the locale's digits (for text that is joined before formatting).
    func digitsText(_ n: Int) -> String { Self.digitsText(n, digits) }

    static func digitsText(_ n: Int, _ digits: NumberFormat?) -> String { (try? digits?.format(Int64(n))) ?? String(n) }

    // MARK: Joining

    /// Each item joined to the text so far with `id` ("{first}, {next}"), left to right.
    func fold(_ items: [String], with id: MessageID) -> String {
        if recorder == nil, let separator = joinSeparators[id.rawValue] {
            return Self.joined(items, separator: separator) ?? foldInGeneral(items, with: id)
        }
        return foldInGeneral(items, with: id)
    }

    /// `fold` by formatting the message for each item.
    func foldInGeneral(_ items: [String], with id: MessageID) -> String {
        guard var result = items.first else { return "" }
        for item in items.dropFirst() { result = text(id, [.string(result), .string(item)]) }
        return result
    }

    /// The items joined with `separator`, which is what folding them with a message `{first}…{next}`
    /// makes — nil when the text would be longer than a message may make (each step of the fold
    /// then fails and makes the key instead).
    static func joined(_ items: [String], separator: String) -> String? {
        guard let first = items.first else { return "" }
        var length = first.utf8.count
        for item in items.dropFirst() { length += separator.utf8.count + item.utf8.count }
        guard length <= CompiledMessage.maximumOutputLength else { return nil }
        var result = first
        result.reserveCapacity(length)
        for item in items.dropFirst() {
            result += separator
            result += item
        }
        return result
    }

    /// "a, b, c" (no "and"): common.join.list.
    func list(_ items: [String]) -> String { fold(items, with: .joinList) }

    /// "a; b": common.join.groups.
    func groups(_ items: [String]) -> String { fold(items, with: .joinGroups) }

    /// "a, b, and c" in the locale's words (ICU list format); in Korean "a, b, c" (common.join.list).
    func andJoined(_ items: [String]) -> String {
        if items.count < 2 { return items.first ?? "" }
        return (try? andList?.format(items)) ?? list(items)
    }

    /// Phrases made sentences and joined; the last one stays a phrase when `endWithPhrase`.
    func sentences(_ phrases: [String], endWithPhrase: Bool = false) -> String {
        var parts: [String] = []
        for (i, phrase) in phrases.enumerated() {
            parts.append(endWithPhrase && i == phrases.count - 1 ? phrase : text(.sentence, [.string(phrase)]))
        }
        return fold(parts, with: .joinSentences)
    }
}

/// Records each message a ``Describer`` formats: the compiled pattern, the values by slot, and
/// ICU's text before particles are resolved.
@_spi(Recording)
public final class FormatRecorder: Sendable {
    public struct Call: Sendable {
        public let key: String
        /// The pattern as compiled (with particle markers, when it has them).
        public let compiledSource: String
        public let locale: ICULocale
        public let argumentNames: [String]
        public let values: [MessageArgument?]
        /// The compiled message's output (ICU-exact), before particles are resolved.
        public let rawOutput: String
        public let output: String
    }

    private let calls = Mutex<[Call]>([])
    public init() {}
    public var recorded: [Call] { calls.withLock { $0 } }
    public func reset() { calls.withLock { $0.removeAll() } }
    func record(_ call: Call) { calls.withLock { $0.append(call) } }
}

/// A compiled message with the slot of each argument a describer passes.
final class BoundMessage: Sendable {
    let id: MessageID
    let message: ParticleResolvingMessage?
    /// For each argument of the spec, its slot in the message, or -1 when the message does not use it.
    let slots: [Int]
    let slotCount: Int
    /// Whether the spec's arguments are exactly the message's slots, in order (values pass as they are).
    let isIdentity: Bool
    /// The text of a message without arguments.
    let constant: String?
    /// The compiled message when the values pass as they are and its output needs no particle
    /// resolving (the common case), reached without a reference count (`message` keeps it alive).
    private let plain: Unmanaged<CompiledMessage>?

    init(placeholder id: MessageID) {
        self.id = id
        self.message = nil
        self.plain = nil
        self.slots = []
        self.slotCount = 0
        self.isIdentity = false
        self.constant = "{\(id.spec.key)}"
    }

    init(id: MessageID, message: ParticleResolvingMessage) {
        self.id = id
        self.message = message
        let names = message.argumentNames
        self.slots = id.spec.arguments.map { argument in names.firstIndex(of: argument.name) ?? -1 }
        self.slotCount = names.count
        self.isIdentity = slots == Array(0..<names.count)
        self.constant = names.isEmpty ? (try? message.format(slots: [])) : nil
        self.plain = message.particleCount == 0 && isIdentity && constant == nil ? .passUnretained(message.compiled) : nil
    }

    @inline(__always)
    func format(_ values: [MessageArgument?], _ recorder: FormatRecorder?) -> String {
        values.withUnsafeBufferPointer { format($0, recorder) }
    }

    /// The text between the two arguments when the message is exactly `{a}…{b}`, `a` and `b` its
    /// spec's first two arguments, both plain and without particles: formatting it with two
    /// strings then makes `a + separator + b`.
    var joinSeparator: String? {
        guard let message, message.particleCount == 0, id.spec.arguments.count == 2 else { return nil }
        let (first, next) = (id.spec.arguments[0].name, id.spec.arguments[1].name)
        func isPlain(_ part: MessagePart, _ name: String) -> Bool {
            guard case .argument(let argument) = part, argument.name == name, case .none = argument.kind else { return false }
            return true
        }
        let parts = message.pattern.body.parts
        switch parts.count {
        case 2 where isPlain(parts[0], first) && isPlain(parts[1], next):
            return ""
        case 3 where isPlain(parts[0], first) && isPlain(parts[2], next):
            if case .text(let separator, _) = parts[1] { return separator }
            return nil
        default:
            return nil
        }
    }

    @inline(__always)
    func format(_ values: UnsafeBufferPointer<MessageArgument?>, _ recorder: FormatRecorder?) -> String {
        if recorder == nil, let plain {
            return plain._withUnsafeGuaranteedRef { (try? $0.format(slots: values)) ?? "{\(id.spec.key)}" }
        }
        return formatInGeneral(values, recorder)
    }

    @inline(never)
    private func formatInGeneral(_ values: UnsafeBufferPointer<MessageArgument?>, _ recorder: FormatRecorder?) -> String {
        guard let message else { return constant ?? "" }
        if recorder == nil {
            if let constant { return constant }
            // Values by slot, on the stack (describers format hundreds of messages per board).
            if isIdentity {
                return (try? message.format(slots: values)) ?? "{\(id.spec.key)}"
            }
            return withUnsafeTemporaryAllocation(of: MessageArgument?.self, capacity: max(1, slotCount)) { buffer in
                let slotValues = buffer.baseAddress!
                slotValues.initialize(repeating: nil, count: slotCount)
                defer { slotValues.deinitialize(count: slotCount) }
                for (i, slot) in slots.enumerated() where slot >= 0 { slotValues[slot] = values[i] }
                return (try? message.format(slots: UnsafeBufferPointer(start: slotValues, count: slotCount))) ?? "{\(id.spec.key)}"
            }
        }
        let slotValues: [MessageArgument?]
        if isIdentity {
            slotValues = Array(values)
        } else {
            var reordered = [MessageArgument?](repeating: nil, count: slotCount)
            for (i, slot) in slots.enumerated() where slot >= 0 { reordered[slot] = values[i] }
            slotValues = reordered
        }
        if let recorder {
            let raw = (try? message.compiled.format(slots: slotValues)) ?? ""
            let output = (try? message.format(slots: slotValues)) ?? ""
            recorder.record(FormatRecorder.Call(key: id.spec.key, compiledSource: message.compiled.pattern.source,
                                                locale: message.compiled.locale, argumentNames: message.argumentNames,
                                                values: slotValues, rawOutput: raw, output: output))
        }
        if let constant { return constant }
        // Describers pass the argument kinds their catalog was checked against, so this does not
        // fail; if ICU itself fails, the key stands in rather than a crash.
        return (try? message.format(slots: slotValues)) ?? "{\(id.spec.key)}"
    }

    /// The cases of every `select` on `name`, with where each key is written.
    static func selectCases(of name: String, in body: MessageBody) -> [(String, Range<Int>)] {
        var result: [(String, Range<Int>)] = []
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            switch argument.kind {
            case .select(let select):
                if argument.name == name { result += select.cases.map { ($0.key, $0.keyRange) } }
                for item in select.cases { result += selectCases(of: name, in: item.message) }
            case .plural(let plural):
                for item in plural.cases { result += selectCases(of: name, in: item.message) }
            case .choice(let choice):
                for item in choice.cases { result += selectCases(of: name, in: item.message) }
            case .none, .simple:
                break
            }
        }
        return result
    }

    /// Compiles `id`'s text for `locale` and checks it uses only the arguments describers pass,
    /// in ways their types allow.
    static func make(_ id: MessageID, catalog: DescriberCatalog, locale: ICULocale,
                     timeZone: ICUTimeZone) -> Result<BoundMessage, DescriberError> {
        let spec = id.spec
        guard let (source, tag) = catalog.text(for: spec.key, locale: locale) else {
            return .failure(DescriberError(diagnostics: [Diagnostic(severity: .error, id: "missing-message",
                                        message: "the catalog has no message '\(spec.key)', which the describers need",
                                        file: "<catalog>", hint: "start from DescriberCatalog.builtIn and override it")]))
        }
        let origin = catalog.origin(of: spec.key, tag: tag)
        let file = origin?.file ?? "<built-in catalog \(tag)>"
        func position(_ offset: Int?) -> SourcePosition? {
            guard let offset else { return origin?.start }
            return origin?.position(ofUTF16Offset: offset)
        }
        let pattern: MessagePattern
        do {
            pattern = try MessagePattern(source)
        } catch {
            return .failure(DescriberError(diagnostics: error.errors.map {
                Diagnostic(severity: .error, id: "syntax-error", message: "\(spec.key): \($0.message) (\($0.id))", file: file,
                           position: position($0.range.lowerBound), hint: $0.hint)
            }))
        }
        var problems: [Diagnostic] = []
        let passed = Dictionary(uniqueKeysWithValues: spec.arguments.map { ($0.name, $0.type) })
        let names = spec.arguments.map(\.name).joined(separator: ", ")
        for (name, usage) in pattern.argumentUsages.sorted(by: { $0.key < $1.key }) {
            let at = position(usage.ranges.first?.lowerBound)
            guard let type = passed[name] else {
                problems.append(Diagnostic(
                    severity: .error, id: "unknown-argument",
                    message: "\(spec.key) uses {\(name)}, which the describers do not pass", file: file, position: at,
                    hint: names.isEmpty ? "this message takes no arguments" : "its arguments are \(names)"))
                continue
            }
            let fits: Bool
            switch (type, usage.kind) {
            case (_, .untyped): fits = true
            case (.number, .number), (.number, .plural), (.number, .ordinal): fits = true
            case (.text, .select), (.choice, .select): fits = true
            case (.date, .date): fits = true
            default: fits = false
            }
            if !fits {
                problems.append(Diagnostic(
                    severity: .error, id: "argument-kind",
                    message: "\(spec.key) uses {\(name)} as \(usage.kind.name), but the describers pass \(type.name)",
                    file: file, position: at))
            } else if case .choice(let allowed) = type, case .select = usage.kind {
                for (key, range) in selectCases(of: name, in: pattern.body) where key != "other" && !allowed.contains(key) {
                    let at = position(range.lowerBound)
                    problems.append(Diagnostic(
                        severity: .error, id: "unknown-select-case",
                        message: "\(spec.key): the case '\(key)' of {\(name)} never matches; \(name) is \(type.name)",
                        file: file, position: at))
                }
            }
        }
        if !problems.isEmpty { return .failure(DescriberError(diagnostics: problems)) }
        do {
            let message = try ParticleResolvingMessage(pattern, locale: locale, timeZone: timeZone)
            return .success(BoundMessage(id: id, message: message))
        } catch {
            return .failure(DescriberError(diagnostics: [Diagnostic(
                severity: .error, id: error.id, message: "\(spec.key): \(error.message)", file: file,
                position: position(error.range?.lowerBound))]))
        }
    }
}
