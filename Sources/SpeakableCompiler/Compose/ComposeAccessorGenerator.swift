public import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableEscaping
public import SpeakableICU
public import SpeakableMessages
public import SpeakablePlatformFormats

/// Generates typed Kotlin accessors over Compose Multiplatform's resources
/// (`compose/kotlin/<Table>Strings.kt`, common code): for each message a `suspend fun` that
/// reads the string with `getString` / `getPluralString`, and the same function as a
/// `@Composable` in the nested `object Composables` that reads it with `stringResource` /
/// `pluralStringResource` — the function names and parameter names of the Android accessors
/// (``KotlinAccessorNames``), without `res`.
///
/// For `"level.stars": "{stars, plural, =0 {No stars yet} one {# star} other {# stars}} of {total}"`:
///
/// ```kotlin
/// object GameStrings {
///     suspend fun levelStars(stars: Int, total: Int): String {
///         val args = arrayOf<Any>(SpeakableComposeRuntime.integer(stars, 1, 1), SpeakableComposeRuntime.integer(total, 1, 1))
///         if (stars == 0) return getString(Res.string.level_stars__stars_eq0, *args)
///         return getPluralString(Res.plurals.level_stars, stars, *args)
///     }
///
///     object Composables {
///         @Composable fun levelStars(stars: Int, total: Int): String { … stringResource(…) … }
///     }
/// }
/// GameStrings.levelStars(2, 3)               // "2 stars of 3", in a coroutine
/// GameStrings.Composables.levelStars(2, 3)   // the same, in a composable
/// ```
///
/// Compose's run time puts each argument's `toString()` in place of `%N$s` and formats nothing,
/// so the accessors hand over text: integers printed in ICU's decimal styles (`{n}`,
/// `{n, number}`, `integer`, `#`, `::group-off`, `::integer-width/*00`, units) are formatted by
/// the generated ``ComposeRuntimeGenerator`` formatter with ICU's data for each locale of the
/// project, chosen by `androidx.compose.ui.text.intl.Locale.current`; any other number
/// (fractions, percent, currency, skeletons) and dates are text the caller formats as ICU does
/// — the parameter itself (`ratio: String`) when the message uses the value only that way, else
/// one more `<label>Text: String` parameter after the others, as the Swift accessors do — each
/// documented in the KDoc with the ICU pattern to use. The accessors pick companions, compose
/// several plurals, choose a select case's resource (the Android accessors' `enum class`es)
/// and resolve Korean particles after run-time values. They use only
/// `org.jetbrains.compose.resources`, `androidx.compose.runtime.Composable`,
/// `androidx.compose.ui.text.intl.Locale`, the app's `Res` and the Kotlin standard library, and
/// compile with Kotlin 1.3 as with current Kotlin. Everything from the project reaches the
/// source through ``KotlinEscaping``.
enum ComposeAccessorGenerator {
    /// The object holding the `@Composable` variants of the accessors.
    static let composablesObject = "Composables"
    /// The shared run time the accessors call (``ComposeRuntimeGenerator``).
    static let runtimeObject = "SpeakableComposeRuntime"

    static let reservedTypes: Set<String> = KotlinAccessorGenerator.reservedTypes.union([
        composablesObject, runtimeObject, "Res", "StringResource", "PluralStringResource", "Composable",
    ])

    struct Packages: Sendable {
        /// The app's namespace; the accessors are in `<namespace>.speakable`.
        let namespace: String
        /// The package of the app's generated `Res` class.
        let resources: String
    }

    /// The packages from the command line, else from `speakable.json`; nil without both.
    static func packages(options: CompileOptions, config: ProjectConfig) -> Packages? {
        if let namespace = options.composeNamespace, let resources = options.composeResourcesPackage { return Packages(namespace: namespace, resources: resources) }
        if let namespace = config.composeNamespace, let resources = config.composeResourcesPackage { return Packages(namespace: namespace, resources: resources) }
        return nil
    }

    /// One parameter of an accessor.
    struct Parameter {
        let label: String
        /// The argument's name; for a `…Text` parameter, the argument it is the text of.
        let name: String
        var type: String
        /// Whether this parameter is the caller's text of the argument (the parameter itself
        /// or a `…Text` one).
        var isText = false
    }

    static func file(_ renderer: inout OutputRenderer, table: Table, messages: [PreparedMessage], packages: Packages) -> (file: OutputFile, summary: String) {
        let project = renderer.project
        let type = KotlinAccessorGenerator.typeName(table.name)
        let templateFile = "\(project.config.templates)/\(table.name).json"
        let runtime = runtimeObject
        var body = ""
        var composables = ""
        var resourceProperties = Set<String>()
        let functionNames = KotlinAccessorNames.functions(table.messages)
        var selectTypes = KotlinSelectTypes(messages, reserved: reservedTypes, type: type)
        for (name, cases) in selectTypes.shared {
            body += enumDeclaration(name, cases: cases, documentation: "The cases of select argument `\(cases.argument)`.")
        }
        var counts = (accessors: 0, selects: 0, companions: 0, composed: 0, particles: 0, texts: 0)
        for message in messages {
            let template = message.template
            if template.runtimeOnly || message.variants.isEmpty { continue }
            let function = functionNames[template.key]!
            let selectArguments = SelectExpansion.arguments(of: message.pattern.body)
            let labels = KotlinAccessorNames.parameters(template)
            let variants = message.variants.map { renderer.composeVariant($0, message, table: table) }
            var ownEnums: [(String, SwiftAccessorGenerator.SelectEnum)] = []
            var parameters = selectTypes.parameters(of: message, selects: selectArguments, dateType: "String", passedKinds: false, ownEnums: &ownEnums)
                .map { Parameter(label: $0.label, name: $0.name, type: $0.type, isText: message.kinds[$0.name] == .date) }
            // Numbers and dates the caller formats (ComposeAccessorNames.parameters): the
            // parameter itself when the message uses the value for nothing else, else one more
            // `<label>Text` parameter (one per ICU style when it prints the value in several).
            var textParameters: [String: String] = [:]
            var notes: [String] = []
            let bodies = ([sourceLocaleTag(renderer)] + CatalogCompiler.targetLocales(project, table)).compactMap { tag -> (body: MessageBody, locale: ICULocale)? in
                renderer.pattern(of: message, in: table, tag: tag).map { ($0.body, renderer.icuLocale(tag)) }
            }
            for named in ComposeAccessorNames.parameters(template, kinds: message.kinds, bodies: bodies) {
                guard let pattern = named.textPattern else { continue }
                textParameters[named.argument + "\u{0}" + pattern] = named.label
                if let index = parameters.firstIndex(where: { $0.label == named.label }) {
                    parameters[index].type = "String"
                    parameters[index].isText = true
                } else {
                    parameters.append(Parameter(label: named.label, name: named.argument, type: "String", isText: true))
                }
                notes.append("`\(named.label)`: `\(named.argument)` as text, as ICU formats it for the app's locale: "
                             + "`MessageFormat(\"\(pattern)\", locale).format(arrayOf(\(named.argument)))` (Compose has no ICU in common code).")
            }
            counts.texts += textParameters.isEmpty ? 0 : 1
            for (name, cases) in ownEnums {
                body += enumDeclaration(name, cases: cases, documentation: "The cases of `\(cases.argument)` in `\(function)`.")
            }
            // The parameter of an argument's value (not its `…Text` one).
            func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name && $0.label == labels[name] } }
            let resolvesParticles = message.variants.contains { !$0.particleArguments.isEmpty }
            // The body, with `%STRING%` and `%PLURAL%` for the two lookups.
            func call(_ variant: PreparedMessage.Variant, _ compose: ComposeVariant, indent: String) -> String {
                var values: [String] = []
                var pluralParts = 0
                for slot in compose.slots {
                    var value: String
                    switch slot {
                    case .integer(let name, let digits, let grouping):
                        guard let parameter = parameter(name), parameter.type == "Int" else {
                            values.append("\"\"")
                            continue
                        }
                        value = runtime + ".integer(" + KotlinEscaping.identifier(parameter.label) + ", " + String(digits) + ", " + String(grouping.rawValue) + ")"
                    case .text(let name):
                        guard let parameter = parameter(name) else {
                            values.append("\"\"")
                            continue
                        }
                        let label = KotlinEscaping.identifier(parameter.label)
                        value = ["Int", "Double", "String"].contains(parameter.type) ? (parameter.type == "String" ? label : label + ".toString()") : label + ".value"
                    case .callerText(let name, let pattern):
                        guard let label = textParameters[name + "\u{0}" + pattern] else {
                            values.append("\"\"")
                            continue
                        }
                        value = KotlinEscaping.identifier(label)
                    case .pluralText:
                        pluralParts += 1
                        continue
                    }
                    if variant.particleArguments.contains(slot.name), !slot.isInteger {
                        value = runtime + ".marked(" + value + ")"
                    }
                    values.append(value)
                }
                let hasArguments = !values.isEmpty
                var out = ""
                if hasArguments {
                    out += indent + "val args = arrayOf<Any>(" + values.joined(separator: ", ") + ")\n"
                }
                func property(_ kind: String, _ name: String) -> String {
                    let compose = ComposeResources.resourceName(name)
                    let property = ComposeResources.propertyName(compose)
                    resourceProperties.insert(property)
                    return "Res." + kind + "." + KotlinEscaping.identifier(property)
                }
                func lookup(_ name: String, plural quantity: String?, extra: [String] = []) -> String {
                    let list = (hasArguments ? ["*args"] : []) + extra
                    let tail = list.isEmpty ? "" : ", " + list.joined(separator: ", ")
                    if let quantity { return "%PLURAL%(" + property("plurals", name) + ", " + quantity + tail + ")" }
                    return "%STRING%(" + property("string", name) + tail + ")"
                }
                func quantity(_ argument: String) -> String? {
                    guard let parameter = parameter(argument), parameter.type == "Int" else { return nil }
                    return KotlinEscaping.identifier(parameter.label)
                }
                func wrap(_ text: String) -> String { resolvesParticles ? runtime + ".particles(" + text + ")" : text }
                let layout = variant.androidLayout
                if layout.isComposed(on: .android) {
                    var parts: [String] = []
                    for (index, argument) in layout.pluralArguments.enumerated() {
                        let variable = "part" + String(index + 1)
                        let pluralName = variant.androidName + "__" + SelectExpansion.sanitize(argument)
                        var expression = quantity(argument).map { lookup(pluralName, plural: $0) } ?? "\"\""
                        for companion in layout.companions.reversed() where companion.argument == argument {
                            guard let label = quantity(argument), let exact = Int32(exactly: companion.value) else { continue }
                            expression = "if (" + label + " == " + String(exact) + ") " + lookup(variant.androidName + companion.suffix, plural: nil)
                                + " else " + expression
                        }
                        out += indent + "val " + variable + " = " + expression + "\n"
                        parts.append(variable)
                    }
                    _ = pluralParts
                    out += indent + "return " + wrap(lookup(variant.androidName, plural: nil, extra: parts)) + "\n"
                } else {
                    for companion in layout.companions {
                        guard let label = quantity(companion.argument), let exact = Int32(exactly: companion.value) else { continue }
                        out += indent + "if (" + label + " == " + String(exact) + ") return " + wrap(lookup(variant.androidName + companion.suffix, plural: nil)) + "\n"
                    }
                    let main = layout.pluralArguments.count == 1 ? layout.pluralArguments.first.flatMap(quantity) : nil
                    out += indent + "return " + wrap(lookup(variant.androidName, plural: main)) + "\n"
                }
                return out
            }
            var functionBody = ""
            if selectArguments.isEmpty {
                functionBody += call(message.variants[0], variants[0], indent: "        ")
            } else {
                for (index, variant) in message.variants.enumerated() {
                    if index == message.variants.count - 1 {
                        functionBody += call(variant, variants[index], indent: "        ")
                        continue
                    }
                    let conditions = variant.choices.map { choice -> String in
                        let select = selectArguments.first { $0.name == choice.argument }
                        let parameter = parameters.first { $0.name == choice.argument && !$0.isText }!
                        let entry = KotlinAccessorGenerator.entryNames(select?.cases ?? [choice.value])[choice.value]!
                        return KotlinEscaping.identifier(parameter.label) + " == " + parameter.type + "." + entry
                    }
                    functionBody += "        if (" + conditions.joined(separator: " && ") + ") {\n"
                    functionBody += call(variant, variants[index], indent: "            ")
                    functionBody += "        }\n"
                }
            }
            let resources = Array(Set(message.variants.map { ComposeResources.resourceName($0.androidName) })).sorted()
            let signature = "fun " + KotlinEscaping.identifier(function) + "("
                + parameters.map { KotlinEscaping.identifier($0.label) + ": " + $0.type }.joined(separator: ", ") + "): String {\n"
            let patterns = Dictionary(textParameters.map { ($0.value, String($0.key.split(separator: "\u{0}", maxSplits: 1).last ?? "")) },
                                      uniquingKeysWith: { first, _ in first })
            let documentation = KotlinAccessorGenerator.documentation(template, resources: resources, notes: notes,
                                                                      parameters: parameters.map { ($0.label, $0.name, patterns[$0.label]) })
            body += documentation
            body += "    suspend " + signature
            body += functionBody.replacing("%STRING%", with: "getString").replacing("%PLURAL%", with: "getPluralString")
            body += "    }\n\n"
            composables += indented(documentation)
            composables += "        @Composable\n        " + signature
            composables += indented(functionBody.replacing("%STRING%", with: "stringResource").replacing("%PLURAL%", with: "pluralStringResource"))
            composables += "        }\n\n"
            counts.accessors += 1
            if !selectArguments.isEmpty { counts.selects += 1 }
            if message.variants.contains(where: { !$0.androidLayout.companions.isEmpty }) { counts.companions += 1 }
            if message.variants.contains(where: { $0.androidLayout.isComposed(on: .android) }) { counts.composed += 1 }
            if resolvesParticles { counts.particles += 1 }
        }
        var out = "// Generated by `speakable compile` from " + KotlinEscaping.inlineComment(templateFile)
            + ". Do not edit: edit the template and recompile.\n"
        out += "@file:Suppress(\"unused\", \"RedundantVisibilityModifier\", \"LocalVariableName\", \"RemoveRedundantQualifierName\")\n\n"
        out += "package " + KotlinAccessorGenerator.packageName(KotlinAccessorGenerator.package(namespace: packages.namespace)) + "\n\n"
        out += "import androidx.compose.runtime.Composable\n"
        out += "import org.jetbrains.compose.resources.getPluralString\n"
        out += "import org.jetbrains.compose.resources.getString\n"
        out += "import org.jetbrains.compose.resources.pluralStringResource\n"
        out += "import org.jetbrains.compose.resources.stringResource\n"
        let resourcesPackage = KotlinAccessorGenerator.packageName(packages.resources)
        out += "import " + resourcesPackage + ".Res\n"
        for property in resourceProperties.sorted() where property != "Res" {
            out += "import " + resourcesPackage + "." + KotlinEscaping.identifier(property) + "\n"
        }
        out += "\n"
        out += KotlinEscaping.kdoc([
            "The messages of table `\(table.name)` (`\(templateFile)`), read from the app's Compose Multiplatform resources",
            "(`Res.string`, `Res.plurals`) as `speakable compile` writes them (`compose/composeResources/`).",
            "",
            "Each accessor is a `suspend` function (`getString`, `getPluralString`); the same accessors as `@Composable`",
            "functions (`stringResource`, `pluralStringResource`) are in [\(composablesObject)]. Integers are formatted as",
            "ICU formats them for `Locale.current`; a `String` parameter of a number or date takes ICU's text (see each KDoc).",
        ], indent: "")
        out += "object " + type + " {\n"
        out += body
        out += "    /** The accessors as `@Composable` functions: the same names, parameters and results. */\n"
        out += "    object " + composablesObject + " {\n"
        while composables.hasSuffix("\n\n") { composables.removeLast() }
        out += composables
        out += "    }\n"
        out += "}\n"
        let path = "compose/kotlin/\(type).kt"
        var parts: [String] = []
        if counts.selects > 0 { parts.append("\(counts.selects) pick a select case's resource") }
        if counts.companions > 0 { parts.append("\(counts.companions) a companion for an exact value") }
        if counts.composed > 0 { parts.append("\(counts.composed) compose several <plurals>") }
        if counts.particles > 0 { parts.append("\(counts.particles) resolve Korean particles") }
        if counts.texts > 0 { parts.append("\(counts.texts) take a number or date as ICU's text") }
        let summary = "\(path): \(counts.accessors) accessor\(counts.accessors == 1 ? "" : "s") (\(type), \(type).\(composablesObject))"
            + (parts.isEmpty ? "" : "; " + parts.joined(separator: ", "))
        return (OutputFile(path: path, contents: out), summary)
    }

    /// Each line four spaces further in (empty lines stay empty).
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// An `enum class` of a select's cases, as the Android accessors declare it (common Kotlin:
    /// no `@JvmStatic`).
    static func enumDeclaration(_ name: String, cases: SwiftAccessorGenerator.SelectEnum, documentation: String) -> String {
        var out = KotlinEscaping.kdoc([documentation, "", "`value` is the case as the message writes it; `of(value)` finds it (`other` for any other text)."], indent: "    ")
        out += "    enum class \(name)(val value: String) {\n"
        let names = KotlinAccessorGenerator.entryNames(cases.cases)
        out += cases.cases.map { "        " + names[$0]! + "(" + KotlinEscaping.stringLiteral($0) + ")" }.joined(separator: ",\n") + ";\n\n"
        out += "        companion object {\n"
        let fallback = cases.cases.contains("other") ? names["other"]! : names[cases.cases[0]]!
        out += "            /** The case written `value`, or `\(fallback)` (what the message says for any other value). */\n"
        out += "            fun of(value: String): \(name) = values().firstOrNull { it.value == value } ?: \(fallback)\n"
        out += "        }\n"
        out += "    }\n\n"
        return out
    }
}

extension ComposeAccessorGenerator {
    static func sourceLocaleTag(_ renderer: OutputRenderer) -> String { renderer.sourceLocale }
}

/// A parameter of a generated Compose accessor (after the Android accessors' parameters, less
/// `res`): an argument's value, or ICU's text of a number or date argument.
public struct ComposeParameter: Hashable, Sendable {
    public let label: String
    /// The ICU argument it is the value or the text of.
    public let argument: String
    /// nil: the argument's value (`Int`, `Double`, `String`, a select's enum class). Otherwise
    /// the one-argument ICU message whose text the caller passes as a `String`
    /// (`{0, number, percent}`, `{0, date, medium}`), formatted for the app's locale.
    public let textPattern: String?
}

/// The names of the generated Compose accessors, for callers that find them by name (the
/// platform differential, an app's own test harness): the Android accessors' object, function
/// and parameter names (``KotlinAccessorNames``) without `res`, the `@Composable` twins in the
/// nested object `Composables`, and the parameters that take ICU's text of a number or date.
///
/// ```swift
/// ComposeAccessorNames.parameters(message, kinds: kinds, bodies: bodies)
/// // {ratio} and {ratio, number, percent} of a Double, {count} in a plural:
/// // [count (value), ratio ("{0, number}"), ratioPercentText ("{0, number, percent}")]
/// ```
public enum ComposeAccessorNames {
    /// Every parameter of a message's accessor, in order: one per argument (the template's, then
    /// those the app passes), then the `…Text` ones. An argument that every locale prints only
    /// as a number or date the accessor cannot format (a `Double`, `percent`, a currency, a
    /// skeleton other than `group-off` and `integer-width`, a date) is its parameter, typed
    /// `String`, with the text for the first style it is printed with; an argument the accessor
    /// also needs as a value (a plural, an integer it prints itself, a select) keeps its
    /// parameter and gets `<label>Text`. A further style of the same argument gets
    /// `<label><Style>Text` (`ratioPercentText`, `dayDateMediumText`). `_` is appended to a label
    /// taken already. `bodies`: the message in every locale (the template's first).
    public static func parameters(_ message: TemplateMessage, kinds: [String: CatalogArgument.Kind],
                                  bodies: [(body: MessageBody, locale: ICULocale)]) -> [ComposeParameter] {
        let labels = KotlinAccessorNames.parameters(message)
        var order: [String] = []
        for name in (message.pattern?.argumentNames ?? []) + message.passedArguments.map(\.name) where !order.contains(name) { order.append(name) }
        var result = order.map { ComposeParameter(label: labels[$0]!, argument: $0, textPattern: nil) }
        let numberTexts = PlatformConversion.numberTexts(in: bodies, kinds: kinds)
        var patterns: [String: [String]] = [:]
        var needsValue = Set<String>()
        for (body, _) in bodies {
            PlatformConversion.forEachArgument(body) { node in
                switch node.kind {
                case .plural, .select, .choice:
                    needsValue.insert(node.name)
                default:
                    if case .callerText(let name, let pattern)? = OutputRenderer.slot(of: node, kinds: kinds, numberTexts: numberTexts) {
                        if !(patterns[name] ?? []).contains(pattern) { patterns[name, default: []].append(pattern) }
                    } else {
                        needsValue.insert(node.name)
                    }
                }
            }
        }
        var used = Set(labels.values).union(["res"])
        func unique(_ label: String) -> String {
            var label = label
            while used.contains(label) { label += "_" }
            used.insert(label)
            return label
        }
        var extra: [ComposeParameter] = []
        for name in order {
            guard let found = patterns[name], let index = result.firstIndex(where: { $0.argument == name }) else { continue }
            if needsValue.contains(name) {
                extra.append(ComposeParameter(label: unique(result[index].label + "Text"), argument: name, textPattern: found[0]))
            } else {
                result[index] = ComposeParameter(label: result[index].label, argument: name, textPattern: found[0])
            }
            for pattern in found.dropFirst() {
                extra.append(ComposeParameter(label: unique(result[index].label + styleName(pattern) + "Text"), argument: name, textPattern: pattern))
            }
        }
        return result + extra
    }

    /// `{0, number, percent}` → `Percent`, `{0, number}` → `Number`, `{0, date, medium}` →
    /// `DateMedium`, `{0, number, ::compact-short}` → `CompactShort`.
    static func styleName(_ pattern: String) -> String {
        var words: [String] = []
        var word = ""
        for scalar in pattern.unicodeScalars.dropFirst(2) {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        if words.count > 1, words[0] == "number" { words.removeFirst() }
        if words.isEmpty { return "Value" }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

extension ComposeSlot {
    var isInteger: Bool { if case .integer = self { true } else { false } }
}
