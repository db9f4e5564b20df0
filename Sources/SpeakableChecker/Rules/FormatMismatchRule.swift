import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableMessages
import SpeakablePlatformFormats

extension Rule {
    /// `format-mismatch`: a printf format the platform rejects, or that reads the app's arguments as
    /// other types than the source.
    public static let formatMismatch = Rule(FormatMismatchRule.self)
}

/// `format-mismatch`: a format that the platform's own formatter would reject, or that reads
/// the app's arguments differently from the source — Android's `java.util.Formatter` throws (the
/// app crashes), Apple's `String(format:)` crashes or prints garbage (undefined behaviour).
///
/// For platform catalogs the printf specifiers are compared as the platform reads them
/// (``FormatString``); for Speakable projects, the ICU argument types against what the app
/// passes for an untyped source argument (what the compiler and the Swift accessors give it).
enum FormatMismatchRule: CheckerRule {
    static let id: RuleID = "format-mismatch"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "a printf format the platform rejects, or that reads the app's arguments as other types than the source (a crash or a wrong value)"

    /// What the app passes, as the source's formats say: the arguments every locale is given.
    /// (A class: every translation of a platform message takes its source's out of the table's
    /// list, as one reference.)
    final class SourceArguments: Sendable {
        /// The source has at least one specifier that reads an argument: the app formats it
        /// (else it shows the text as it is, and nothing here applies).
        let isFormatted: Bool
        /// Arguments passed (the highest the source reads).
        let count: Int
        /// Java: the value passed per argument (index 0 is argument 1); nil when the source
        /// never prints it.
        let java: [FormatCompatibility.JavaValue?]
        /// Apple: the storage passed per argument.
        let apple: [FormatCompatibility.AppleStorage?]
        /// The source specifier that decided each argument's type.
        let specifiers: [FormatSpecifier?]
        /// The source itself has a prose `%` that Apple reads as a specifier ("100% sure").
        let hasProse: Bool
        /// The arguments (bit `n - 1` for argument `n`, up to 64) whose type a String Catalog's
        /// key decides (``SourceMessage/keyFormat``), not the source's text.
        let fromKey: UInt64

        /// `keyFormat`: the source's ``SourceMessage/keyFormat``.
        init(_ formats: PlatformFormats, keyFormat: PlatformFormats.Form? = nil) {
            // Per argument (index 0 is argument 1), grown as arguments are seen: a source reads
            // a few.
            var java: [FormatCompatibility.JavaValue?] = []
            var apple: [FormatCompatibility.AppleStorage?] = []
            var specifiers: [FormatSpecifier?] = []
            var hasProse = false
            var count = 0
            var fromKey: UInt64 = 0
            // The key a String Catalog's app calls first: its specifiers say what is passed.
            let keyForms = keyFormat == nil ? 0 : 1
            for k in 0..<keyForms + formats.forms.count {
                let form = k < keyForms ? keyFormat! : formats.forms[k - keyForms]
                let problems = form.format.problems
                for spec in form.format.specifiers where spec.readsArgument && (problems.isEmpty || !problems.contains { $0.range == spec.range }) {
                    if formats.dialect == .apple && spec.looksLikeProse {
                        hasProse = true
                        continue
                    }
                    guard let (argument, storage) = FormatMismatchRule.resolve(spec, formSubstitution: form.substitution, formats: formats) else { continue }
                    count = max(count, argument)
                    // (A substitution's `argNum` of 0 or less counts for nothing.)
                    guard argument >= 1 else { continue }
                    if specifiers.count < argument {
                        if specifiers.capacity < argument {
                            // Room for a few at once (a source reads a few arguments).
                            let capacity = max(argument, 4)
                            java.reserveCapacity(capacity)
                            apple.reserveCapacity(capacity)
                            specifiers.reserveCapacity(capacity)
                        }
                        let more = argument - specifiers.count
                        java.append(contentsOf: repeatElement(nil, count: more))
                        apple.append(contentsOf: repeatElement(nil, count: more))
                        specifiers.append(contentsOf: repeatElement(nil, count: more))
                    }
                    let slot = argument - 1
                    switch formats.dialect {
                    case .java:
                        let value = FormatCompatibility.JavaValue(passedFor: spec)
                        // The strictest use decides: a `%d` anywhere means the app passes an int.
                        if java[slot] == nil || (java[slot] == .string && value != .string) {
                            java[slot] = value
                            specifiers[slot] = spec
                        }
                    case .apple:
                        if apple[slot] == nil, let storage {
                            apple[slot] = storage
                            specifiers[slot] = spec
                            if k < keyForms && slot < 64 { fromKey |= 1 << UInt64(slot) }
                        }
                    }
                }
            }
            self.isFormatted = count > 0
            self.count = count
            self.java = java
            self.apple = apple
            self.specifiers = specifiers
            self.hasProse = hasProse
            self.fromKey = fromKey
        }

        /// Whether the key decides argument `argument`'s type (``fromKey``).
        func isFromKey(_ argument: Int) -> Bool {
            argument >= 1 && argument <= 64 && fromKey & (1 << UInt64(argument - 1)) != 0
        }

        /// How the app's argument `argument` is known: "which the source prints with '%d'", or
        /// from the key's specifier.
        func origin(of argument: Int, _ spec: FormatSpecifier) -> String {
            isFromKey(argument) ? "which the app passes as the key's '\(spec.text)' says" : "which the source prints with '\(spec.text)'"
        }
    }

    /// The argument a specifier reads and, for Apple, what it reads it as: `%arg` reads its
    /// substitution's argument, `%#@name@` the substitution's `argNum`, both as the
    /// substitution's `formatSpecifier` says.
    /// `formSubstitution`: the substitution the spec's form belongs to (its `Form.substitution`).
    static func resolve(_ spec: FormatSpecifier, formSubstitution: String?,
                        formats: PlatformFormats) -> (Int, FormatCompatibility.AppleStorage?)? {
        if let name = spec.substitution {
            let substitutionName = name.isEmpty ? formSubstitution : name
            let info = substitutionName.flatMap { formats.substitutions[$0] }
            let storage = info?.formatSpecifier.flatMap { specifier -> FormatCompatibility.AppleStorage? in
                FormatString.parse("%" + specifier, dialect: .apple).specifiers.first.map(FormatCompatibility.AppleStorage.init)
            }
            if name.isEmpty {
                // `%arg`: the argument of the substitution it is in.
                guard let substitutionName, let argument = info?.argument ?? substitutionArgument(substitutionName, formats) else { return nil }
                return (argument, storage)
            }
            guard let argument = info?.argument ?? spec.argument else { return nil }
            return (argument, storage)
        }
        guard let argument = spec.argument else { return nil }
        return (argument, formats.dialect == .apple ? FormatCompatibility.AppleStorage(spec) : nil)
    }

    /// The argument of substitution `name` from where `%#@name@` sits in the main format.
    static func substitutionArgument(_ name: String, _ formats: PlatformFormats) -> Int? {
        for form in formats.forms where form.substitution == nil {
            if let spec = form.format.specifiers.first(where: { $0.substitution == name }) { return spec.argument }
        }
        return nil
    }

    // MARK: Platform formats

    static func check(_ c: MessageContext, formats: PlatformFormats, source: SourceArguments, emitter: inout Emitter) {
        guard source.isFormatted else { return }
        // Each form read in place (a copy of a form retained and released its strings and arrays).
        formats.forms.withUnsafeBufferPointer { forms in
            switch formats.dialect {
            case .java:
                for i in forms.indices where !javaIsClean(forms[i].format, source: source, isSource: c.isSource) {
                    checkJava(c, form: forms[i], source: source, emitter: &emitter)
                }
            case .apple:
                for i in forms.indices { checkApple(c, forms: forms, index: i, formats: formats, source: source, emitter: &emitter) }
            }
        }
    }

    static func emit(_ c: MessageContext, form: PlatformFormats.Form, range: Range<Int>, emitter: inout Emitter,
                     message: String, hint: String, subject: String) {
        emitter.emit(.formatMismatch, table: c.tableName, locale: c.tag, key: c.key, exemptions: c.source.exemptions,
                     file: form.file, position: form.position(range.lowerBound), end: form.position(range.upperBound),
                     message: message, hint: hint, subject: subject)
    }

    static func javaName(_ value: FormatCompatibility.JavaValue) -> String {
        switch value {
        case .string: "a String"
        case .integer: "an Integer"
        case .double: "a Double"
        case .character: "a Character"
        case .boolean: "a Boolean"
        case .calendar: "a Calendar"
        }
    }

    /// Whether ``checkJava(_:form:source:emitter:)`` reports nothing for a form with `format`:
    /// the common case, answered without the form, a message or a sentence (a form that fails
    /// is checked again in full).
    static func javaIsClean(_ format: FormatString, source: SourceArguments, isSource: Bool) -> Bool {
        if FormatCompatibility.javaFailure(of: format, arguments: source.java) != nil { return false }
        if isSource { return true }
        for spec in format.specifiers where spec.readsArgument {
            guard let argument = spec.argument, argument <= source.specifiers.count, let sourceSpec = source.specifiers[argument - 1],
                  let consequence = FormatCompatibility.consequence(source: sourceSpec, translation: spec, dialect: .java),
                  consequence.kind == .wrongValue else { continue }
            return false
        }
        return true
    }

    static func checkJava(_ c: MessageContext, form: PlatformFormats.Form, source: SourceArguments, emitter: inout Emitter) {
        if let failure = FormatCompatibility.javaFailure(of: form.format, arguments: source.java) {
            let spec = form.format.specifiers.first { $0.range == failure.range }
            let written = spec?.text ?? form.format.problems.first { $0.range == failure.range }?.text ?? "%"
            let where_ = c.isSource ? "" : " in \(c.tag)"
            let short = failure.exception.split(separator: ".").last.map(String.init) ?? failure.exception
            let message: String
            var hint = "write the specifier as the source does"
            switch short {
            case "IllegalFormatConversionException":
                let argument = spec?.argument ?? 0
                let passed = argument > 0 && argument <= source.java.count ? source.java[argument - 1] : nil
                let sourceSpec = argument > 0 && argument <= source.specifiers.count ? source.specifiers[argument - 1]?.text : nil
                message = "'\(written)' cannot format argument \(argument), which the app passes as \(passed.map(javaName) ?? "another type")"
                    + (sourceSpec.map { " (the source prints it with '\($0)')" } ?? "")
                    + ": String.format throws \(failure.exception) (\(failure.detail)) and the app crashes\(where_)"
                if let sourceSpec { hint = "use the source's conversion: '\(sourceSpec)'" + (argument > 1 || sourceSpec.contains("$") ? "" : " (or '%\(argument)$\(sourceSpec.dropFirst())')") }
            case "MissingFormatArgumentException":
                if spec?.index == .relative && spec?.argument == nil {
                    message = "'\(written)' reads the previous specifier's argument, but nothing before it reads one: String.format throws \(failure.exception) (\(failure.detail)) and the app crashes\(where_)"
                    hint = "name the argument: %1$s, %2$d…"
                } else {
                    message = "'\(written)' reads argument \(spec?.argument ?? 0), but the app passes \(source.count) argument\(source.count == 1 ? "" : "s"): String.format throws \(failure.exception) (\(failure.detail)) and the app crashes\(where_)"
                    hint = "use only %1$…%\(source.count)$, the source's arguments"
                }
            default:
                let stray = written == "%" || (spec?.flags.contains(" ") ?? false) || !(written.dropFirst().first?.isLetter ?? true)
                message = "'\(written)' is not a format specifier Java accepts: String.format throws \(failure.exception) (\(failure.detail)) before printing anything, so the app crashes\(where_)"
                hint = stray || spec == nil ? "write %% for a percent sign" : "fix the specifier (java.util.Formatter: %[index$][flags][width][.precision]conversion)"
            }
            emit(c, form: form, range: failure.range, emitter: &emitter, message: message, hint: hint,
                 subject: short + ":" + written)
            return
        }
        guard !c.isSource else { return }
        for spec in form.format.specifiers where spec.readsArgument {
            guard let argument = spec.argument, argument <= source.specifiers.count, let sourceSpec = source.specifiers[argument - 1],
                  let consequence = FormatCompatibility.consequence(source: sourceSpec, translation: spec, dialect: .java),
                  consequence.kind == .wrongValue else { continue }
            emit(c, form: form, range: spec.range, emitter: &emitter,
                 message: "'\(spec.text)' prints argument \(argument) differently from the source's '\(sourceSpec.text)': \(consequence.detail), so \(c.tag) users hear another value",
                 hint: "use the source's conversion: '\(sourceSpec.text)'", subject: "\(argument):\(sourceSpec.text)>\(spec.text)")
            return
        }
    }

    /// `forms[index]`: the form checked (read in place: a copy of the form retained and released
    /// its strings and arrays).
    static func checkApple(_ c: MessageContext, forms: UnsafeBufferPointer<PlatformFormats.Form>, index: Int, formats: PlatformFormats,
                           source: SourceArguments, emitter: inout Emitter) {
        guard !c.isSource else { return }
        let format = forms[index].format
        let formSubstitution = forms[index].substitution
        for spec in format.specifiers where spec.readsArgument {
            guard let (argument, storage) = resolve(spec, formSubstitution: formSubstitution, formats: formats) else { continue }
            if spec.looksLikeProse && !source.hasProse {
                emit(c, form: forms[index], range: spec.range, emitter: &emitter,
                     message: "'\(spec.text)' is read by String(format:) as a specifier (the space is a flag, '\(spec.conversion)' the conversion): it reads argument \(argument) as \((storage ?? .cString).rawValue), undefined behaviour (usually a crash)",
                     hint: "write %% for a percent sign", subject: "prose:\(spec.text)")
                return
            }
            if argument > source.count {
                emit(c, form: forms[index], range: spec.range, emitter: &emitter,
                     message: "'\(spec.text)' reads argument \(argument), but the app passes \(source.count) argument\(source.count == 1 ? "" : "s"): String(format:) reads past them, undefined behaviour (garbage or a crash)",
                     hint: "use only the source's arguments (1…\(source.count))", subject: "beyond:\(argument)")
                return
            }
            guard let passed = source.apple[argument - 1], let sourceSpec = source.specifiers[argument - 1] else { continue }
            guard let consequence = FormatCompatibility.consequence(source: sourceSpec, translation: spec, dialect: .apple,
                                                                    sourceStorage: passed, translationStorage: storage) else { continue }
            let shown = spec.substitution.map { $0.isEmpty ? "%arg" : spec.text } ?? spec.text
            emit(c, form: forms[index], range: spec.range, emitter: &emitter,
                 message: "'\(shown)' does not fit argument \(argument), \(source.origin(of: argument, sourceSpec)): \(consequence.detail)",
                 hint: source.isFromKey(argument) ? "use the key's specifier ('\(sourceSpec.text)')" : "use the source's specifier ('\(sourceSpec.text)')",
                 subject: "\(argument):\(sourceSpec.text)>\(shown)")
            return
        }
    }

    // MARK: Projects

    /// What the app passes for an untyped source argument `{name}`: what the compiler and the
    /// generated accessors give it — the examples' value, else a string.
    static func passedKind(_ name: String, examples: [[String: MessageArgument]]) -> String {
        switch examples.lazy.compactMap({ $0[name] }).first {
        case .int?, .double?: "number"
        case .date?: "date"
        default: "string"
        }
    }

    /// A translation that uses an argument the source leaves untyped as a number, a date or a
    /// select the value the app passes cannot be: ICU fails to format it, and a platform catalog
    /// written with the translation's specifier crashes.
    static func checkProject(_ c: MessageContext, usages: [String: ArgumentUsage], source: [String: ArgumentUsage],
                             emitter: inout Emitter) {
        for name in usages.keys.sorted() {
            guard let usage = usages[name], let sourceUsage = source[name], case .untyped = sourceUsage.kind else { continue }
            guard let needed = PlaceholderTypeRule.valueClass(usage.kind), needed != "conflict" else { continue }
            let passed = passedKind(name, examples: c.source.examples)
            guard passed != needed else { continue }
            let fromExamples = c.source.examples.contains { $0[name] != nil }
            let why = fromExamples ? "the source's examples pass a \(passed)"
                                   : "the source prints {\(name)} as text, so the app passes a string (the accessor takes a String; catalogs print it with %@ / %1$s)"
            // Imported catalogs keep the original specifier while the text is unchanged.
            let platform = passed == "string" && needed == "number"
                ? "; a platform catalog that keeps a number specifier here crashes (Android: java.util.IllegalFormatConversionException; Apple: undefined behaviour)"
                : ""
            RuleRunner.emit(.formatMismatch, c, range: usage.ranges[0], emitter: &emitter,
                            message: "argument '\(name)' is used as \(usage.kind.name) here, but \(why): ICU cannot format a \(passed) as \(usage.kind.name) (U_ILLEGAL_ARGUMENT_ERROR)\(platform)",
                            hint: "write {\(name)} as the source does, or type it in the source and give an example",
                            subject: "\(name):\(passed)>\(usage.kind.name)")
        }
    }
}
