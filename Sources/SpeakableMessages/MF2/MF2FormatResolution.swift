import SpeakableICU

/// One formatting of one message: resolution of declarations and expressions, pattern selection
/// and formatting, collecting errors on the way (`formatting.md`).
///
/// Declarations are resolved only when a selector or the selected pattern needs them, each at
/// most once. Resolving a declaration first resolves, in source order, every earlier declaration
/// it depends on, so nothing recurses however long the chain of `.local`s is.
struct MF2Resolution {
    let message: MF2Message
    let localeTag: String
    /// The locale for ICU; root when the tag cannot be read.
    let locale: ICULocale
    /// The message's direction, from the locale.
    let messageDirection: MF2Direction
    let arguments: [String: MessageArgument]
    let timeZone: ICUTimeZone
    var errors: [MF2Error] = []

    /// Declaration indices by variable name (names compare as canonical equivalents).
    private let declarationsByName: [String: [Int]]
    /// Resolved declarations by index.
    private var resolved: [Int: MF2Value] = [:]

    init(message: MF2Message, localeTag: String, arguments: [String: MessageArgument], timeZone: ICUTimeZone) {
        self.message = message
        self.localeTag = localeTag
        self.arguments = arguments
        self.timeZone = timeZone
        if let parsed = try? ICULocale(localeTag) {
            self.locale = parsed
            self.messageDirection = parsed.isRightToLeft ? .rtl : .ltr
        } else {
            self.locale = .root
            self.messageDirection = .unknown
        }
        var byName: [String: [Int]] = [:]
        for (index, declaration) in message.declarations.enumerated() {
            byName[declaration.name, default: []].append(index)
        }
        self.declarationsByName = byName
    }

    /// The direction of values that follow the locale (numbers, dates): the message's.
    var localeDirection: MF2Direction { messageDirection }

    mutating func error(_ kind: MF2Error.Kind, _ text: String, _ range: Range<Int>) {
        errors.append(MF2Error(kind, text, range: range))
    }

    // MARK: Variables and declarations

    /// The last declaration of `name` before declaration `limit` (the body sees them all).
    private func declarationIndex(of name: String, before limit: Int) -> Int? {
        guard let indices = declarationsByName[name] else { return nil }
        return indices.last { $0 < limit }
    }

    /// Variable resolution: a declaration's value, else the input value, else a fallback with an
    /// `unresolved-variable` error.
    mutating func resolveVariable(_ variable: MF2Variable, before limit: Int) -> MF2Value {
        if let index = declarationIndex(of: variable.name, before: limit) {
            if resolved[index] == nil { resolveDeclaration(index) }
            let value = resolved[index] ?? .fallback("$" + variable.name)
            guard value.isFallback else { return value }
            var fallback = MF2Value.fallback("$" + variable.name)
            fallback.isQuietFallback = value.isQuietFallback
            return fallback
        }
        if let argument = arguments[variable.name] {
            return MF2Value(.argument(argument), direction: Self.direction(of: argument, locale: localeDirection))
        }
        error(.unresolvedVariable, "the variable $\(variable.name) has no value", variable.range)
        return .fallback("$" + variable.name)
    }

    static func direction(of argument: MessageArgument, locale: MF2Direction) -> MF2Direction {
        switch argument {
        case .string: .unknown
        case .int, .double, .date: locale
        }
    }

    /// Resolves declaration `target` and, first and in source order, the unresolved earlier
    /// declarations it depends on.
    private mutating func resolveDeclaration(_ target: Int) {
        var needed: Set<Int> = [target]
        var stack = [target]
        while let index = stack.popLast() {
            for name in Self.variableNames(in: message.declarations[index].value) {
                if let dependency = declarationIndex(of: name, before: index), resolved[dependency] == nil,
                   needed.insert(dependency).inserted {
                    stack.append(dependency)
                }
            }
        }
        for index in needed.sorted() where resolved[index] == nil {
            resolved[index] = resolveExpression(message.declarations[index].value, before: index)
        }
    }

    private static func variableNames(in expression: MF2Expression) -> [String] {
        var names: [String] = []
        if case .variable(let variable) = expression.operand { names.append(variable.name) }
        for option in expression.function?.options ?? [] {
            if case .variable(let variable) = option.value { names.append(variable.name) }
        }
        return names
    }

    // MARK: Expressions

    /// The string a failed expression shows: `|literal|`, `$name` or `:function`.
    static func fallbackSource(of expression: MF2Expression) -> String {
        switch expression.operand {
        case .literal(let literal):
            var escaped = ""
            for character in literal.value {
                if character == "\\" || character == "|" { escaped.append("\\") }
                escaped.append(character)
            }
            return "|" + escaped + "|"
        case .variable(let variable):
            return "$" + variable.name
        case nil:
            if let function = expression.function { return ":" + function.name }
            return "\u{FFFD}"
        }
    }

    /// Expression resolution (declarations see the declarations before `limit`).
    ///
    /// An operand that failed to resolve still goes to a known function's handler, which decides
    /// what to add: the number, date and test functions report a `bad-operand` (the standard's
    /// test suite expects `{$var :number}` with no `$var` to give unresolved-variable and
    /// bad-operand), `:string` adds nothing. The result is a fallback either way.
    mutating func resolveExpression(_ expression: MF2Expression, before limit: Int) -> MF2Value {
        let operand: MF2Value? = expression.operand.map { resolveOperand($0, before: limit) }
        guard let function = expression.function else {
            return operand ?? .fallback(Self.fallbackSource(of: expression))
        }
        if function.name.hasPrefix(MF2Message.speakableNamespace + ":") {
            return callSpeakable(expression, function, operand: operand)
        }
        guard let handler = MF2FunctionName(rawValue: function.name) else {
            error(.unknownFunction, "there is no function :\(function.name)", function.nameRange)
            return .fallback(Self.fallbackSource(of: expression))
        }
        var options = resolveOptions(function.options, before: limit)
        let (dir, id) = takeUnicodeOptions(&options, onMarkup: false)
        let call = MF2FunctionCall(name: handler, expression: expression, operand: operand, options: options)
        guard var value = callFunction(call) else {
            return .fallback(Self.fallbackSource(of: expression))
        }
        if value.isFallback { return value }
        switch dir {
        case .some(.ltr): (value.direction, value.isolate, value.explicitDirection) = (.ltr, true, .ltr)
        case .some(.rtl): (value.direction, value.isolate, value.explicitDirection) = (.rtl, true, .rtl)
        case .some(.unknown): (value.direction, value.isolate, value.explicitDirection) = (.unknown, true, nil)
        case nil: (value.isolate, value.explicitDirection) = (false, nil)
        }
        value.id = id
        return value
    }

    private mutating func resolveOperand(_ operand: MF2Operand, before limit: Int) -> MF2Value {
        switch operand {
        case .literal(let literal): MF2Value(.literal(literal.value))
        case .variable(let variable): resolveVariable(variable, before: limit)
        }
    }

    /// Option resolution: every option whose value resolves, marked when it is a literal; a
    /// fallback value is left out with a `bad-option` error.
    mutating func resolveOptions(_ options: [MF2Option], before limit: Int) -> [String: MF2OptionValue] {
        var result: [String: MF2OptionValue] = [:]
        for option in options {
            let value = resolveOperand(option.value, before: limit)
            let range = option.nameRange.lowerBound..<max(option.nameRange.upperBound, option.value.range.upperBound)
            if value.isFallback {
                error(.badOption, "the option \(option.name) has no value", range)
                continue
            }
            var isLiteral = false
            if case .literal = option.value { isLiteral = true }
            result[option.name] = MF2OptionValue(value: value, isLiteral: isLiteral, range: range)
        }
        return result
    }

    /// Removes the `u:` options, returning `u:dir` (nil for `inherit`; `.unknown` for `auto`) and
    /// `u:id`. A bad value is a `bad-option` error and is ignored; `u:dir` on markup is always one.
    mutating func takeUnicodeOptions(_ options: inout [String: MF2OptionValue], onMarkup: Bool) -> (MF2Direction?, String?) {
        var direction: MF2Direction?
        var id: String?
        if let dir = options["u:dir"] {
            if onMarkup {
                error(.badOption, "u:dir does not apply to markup", dir.range)
            } else {
                switch dir.value.stringValue {
                case "ltr": direction = .ltr
                case "rtl": direction = .rtl
                case "auto": direction = .unknown
                case "inherit": direction = nil
                default: error(.badOption, "u:dir must be ltr, rtl, auto or inherit", dir.range)
                }
            }
        }
        if let value = options["u:id"] {
            if let string = value.value.stringValue {
                id = string
            } else {
                error(.badOption, "u:id must be a string", value.range)
            }
        }
        for name in options.keys where name.hasPrefix("u:") { options[name] = nil }
        return (direction, id)
    }

    // MARK: Selection

    /// Pattern selection: the best variant for the selectors' resolved values.
    mutating func selectPattern(_ select: MF2Select) -> MF2Pattern {
        let limit = message.declarations.count
        var selectors: [MF2Selector?] = []
        for variable in select.selectors {
            let value = resolveVariable(variable, before: limit)
            if let selector = MF2Selector(value, locale: locale) {
                selectors.append(selector)
            } else if value.isQuietFallback {
                selectors.append(nil)
            } else {
                error(.badSelector, "$\(variable.name) cannot be used to select a variant", variable.range)
                selectors.append(nil)
            }
        }
        var best: MF2Variant?
        for variant in select.variants where variant.keys.count == selectors.count {
            guard matches(selectors, variant.keys) else { continue }
            if let current = best {
                if isBetter(selectors, variant.keys, than: current.keys) { best = variant }
            } else {
                best = variant
            }
        }
        if let best { return best.pattern }
        // A valid message always has a catch-all variant; a model built by hand might not.
        return MF2Pattern(parts: [], range: select.range)
    }

    private mutating func matches(_ selectors: [MF2Selector?], _ keys: [MF2Key]) -> Bool {
        for (index, key) in keys.enumerated() {
            guard case .literal(let literal) = key else { continue }
            guard let selector = selectors[index] else { return false }
            switch selector.match(literal.value) {
            case .match: continue
            case .noMatch: return false
            case .failure(let kind, let text):
                error(kind, text, literal.range)
                return false
            }
        }
        return true
    }

    private func isBetter(_ selectors: [MF2Selector?], _ keys: [MF2Key], than bestKeys: [MF2Key]) -> Bool {
        for (index, key) in keys.enumerated() {
            let other = bestKeys[index]
            switch (key, other) {
            case (.catchall, .literal): return false
            case (.literal, .catchall): return true
            case (.catchall, .catchall): continue
            case (.literal(let k1), .literal(let k2)):
                // `==` on String is canonical equivalence: the same as comparing NFC forms.
                if k1.value == k2.value { continue }
                guard let selector = selectors[index] else { return false }
                return selector.isBetter(k1.value, than: k2.value)
            }
        }
        return false
    }

    // MARK: Formatting

    mutating func formatMessage(bidi: MF2BidiStrategy) -> MF2Formatted {
        let pattern: MF2Pattern
        switch message.body {
        case .pattern(let simple): pattern = simple
        case .select(let select): pattern = selectPattern(select)
        }
        var writer = MF2BidiWriter(strategy: bidi, messageDirection: messageDirection)
        writer.locale = localeTag
        var overLimit = false
        for part in pattern.parts {
            switch part {
            case .text(let text, _):
                writer.appendText(text)
            case .markup(let markup):
                writer.appendMarkup(resolveMarkup(markup))
            case .expression(let expression):
                let value = resolveExpression(expression, before: message.declarations.count)
                var formatted = formatPlaceholder(value, expression: expression)
                if !overLimit, writer.utf8Count + formatted.text.utf8.count > MF2Message.maximumOutputLength {
                    overLimit = true
                    error(.badInput, "the formatted text would be longer than \(MF2Message.maximumOutputLength >> 20) MiB",
                          expression.range)
                }
                if overLimit {
                    formatted = MF2FormattedValue(fallback: Self.fallbackSource(of: expression))
                }
                writer.appendPlaceholder(formatted)
            }
        }
        return MF2Formatted(output: writer.output, parts: writer.parts, errors: errors)
    }

    private mutating func resolveMarkup(_ markup: MF2Markup) -> MF2Part {
        var options = resolveOptions(markup.options, before: message.declarations.count)
        let (_, id) = takeUnicodeOptions(&options, onMarkup: true)
        var strings: [String: String] = [:]
        for (name, option) in options {
            strings[name] = option.value.stringValue ?? formatValue(option.value)?.text ?? ""
        }
        return .markup(kind: markup.kind, name: markup.name, options: strings, id: id)
    }

    /// Formats a placeholder's value; a failure becomes the expression's fallback.
    private mutating func formatPlaceholder(_ value: MF2Value, expression: MF2Expression) -> MF2FormattedValue {
        if case .fallback(let source) = value.content { return MF2FormattedValue(fallback: source) }
        guard var formatted = formatValue(value, range: expression.range) else {
            return MF2FormattedValue(fallback: Self.fallbackSource(of: expression))
        }
        formatted.direction = value.direction
        formatted.isolate = value.isolate
        formatted.explicitDirection = value.explicitDirection
        formatted.id = value.id
        return formatted
    }

    /// The string form of a resolved value, nil (with an error when a range is given) when it
    /// cannot be formatted.
    mutating func formatValue(_ value: MF2Value, range: Range<Int>? = nil) -> MF2FormattedValue? {
        switch value.content {
        case .fallback(let source):
            return MF2FormattedValue(fallback: source)
        case .literal(let text), .string(let text):
            return MF2FormattedValue(type: "string", text: text)
        case .argument(let argument):
            switch argument {
            case .string(let text):
                return MF2FormattedValue(type: "string", text: text)
            case .int(let n):
                return formatNumber(MF2NumberValue(value: .int(n), function: .number, options: [:], selection: .plural), range: range)
            case .double(let d):
                return formatNumber(MF2NumberValue(value: .double(d), function: .number, options: [:], selection: .plural), range: range)
            case .date(let date):
                let dateTime = MF2DateTimeValue(date: date, offsetMinutes: 0, function: .datetime, options: [:], timeZone: timeZone)
                return formatDateTime(dateTime, range: range)
            }
        case .number(let number):
            return formatNumber(number, range: range)
        case .dateTime(let dateTime):
            return formatDateTime(dateTime, range: range)
        case .test(let test):
            return formatTest(test, range: range)
        }
    }
}

/// A placeholder's text and what the bidi strategy and the parts need.
struct MF2FormattedValue {
    var type: String
    var text: String
    var isFallback = false
    var direction: MF2Direction = .unknown
    var isolate = false
    var explicitDirection: MF2Direction?
    var id: String?
    var numberParts: [NumberPart] = []

    init(type: String, text: String) {
        self.type = type
        self.text = text
    }

    init(fallback source: String) {
        self.type = "fallback"
        self.text = source
        self.isFallback = true
    }
}

/// The functions this formatter knows.
enum MF2FunctionName: String {
    case string, number, integer, percent, currency, offset, date, time, datetime
    case testFunction = "test:function"
    case testSelect = "test:select"
    case testFormat = "test:format"
}

/// What a function handler receives.
struct MF2FunctionCall {
    let name: MF2FunctionName
    let expression: MF2Expression
    /// The resolved operand (possibly a fallback), nil when the expression has none.
    let operand: MF2Value?
    /// Resolved options, without `u:` options.
    let options: [String: MF2OptionValue]

    var operandRange: Range<Int> { expression.operand?.range ?? expression.range }
}

extension MF2Resolution {
    /// Function resolution step 5: calls the handler; nil is a failure (already reported).
    mutating func callFunction(_ call: MF2FunctionCall) -> MF2Value? {
        switch call.name {
        case .string: resolveString(call)
        case .number, .integer, .percent, .currency: resolveNumber(call)
        case .offset: resolveOffset(call)
        case .date, .time, .datetime: resolveDateTime(call)
        case .testFunction, .testSelect, .testFormat: resolveTest(call)
        }
    }

    /// `:string`: any literal or string, and numbers as their plain decimal text.
    mutating func resolveString(_ call: MF2FunctionCall) -> MF2Value? {
        guard let operand = call.operand else {
            error(.badOperand, ":string needs an operand", call.expression.range)
            return nil
        }
        if operand.isFallback {
            // The operand's failure is already reported. The suite expects no further error, not
            // even when the value is a selector (errors.md lets an implementation leave out
            // errors that follow from another): it formats as the fallback and matches only `*`.
            var fallback = MF2Value.fallback(Self.fallbackSource(of: call.expression))
            fallback.isQuietFallback = true
            return fallback
        }
        guard let text = operand.stringValue else {
            error(.badOperand, ":string cannot format this operand", call.operandRange)
            return nil
        }
        var value = MF2Value(.string(text))
        // `inherit`: the operand's direction, without isolation.
        if operand.explicitDirection != nil { value.direction = operand.direction }
        return value
    }
}
