/// The data-model checks of `spec/errors.md` ("Data Model Errors") on a parsed message.
///
/// Names and literal keys are compared as Swift strings, whose equality is Unicode canonical
/// equivalence: the same answer as comparing them after NFC normalization, as `spec/syntax.md`
/// requires.
enum MF2Validation {
    /// Every data-model error of `message`, in source order.
    static func errors(in message: MF2Message) -> [MF2Error] {
        var errors: [MF2Error] = []
        checkDeclarations(message.declarations, into: &errors)
        forEachOptionList(in: message) { options in checkOptionNames(options, into: &errors) }
        if case .select(let select) = message.body {
            checkSelect(select, declarations: message.declarations, into: &errors)
        }
        // Stable: errors at one place keep the order of the checks.
        return errors.enumerated()
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
            .map(\.element)
    }

    // MARK: Declarations

    /// `spec/syntax.md`, "Declarations": a declaration must not bind a variable that appears in a
    /// previous declaration (bound or referenced); an `.input` must not bind a variable named in
    /// its own function's options; a `.local` must not bind a variable named in its expression.
    private static func checkDeclarations(_ declarations: [MF2Declaration], into errors: inout [MF2Error]) {
        var seen = Set<String>()
        for declaration in declarations {
            let value = declaration.value
            let ownVariables: [MF2Variable]
            switch declaration.kind {
            case .input: ownVariables = optionVariables(value.function)
            case .local: ownVariables = variables(in: value)
            }
            if seen.contains(declaration.name) {
                errors.append(MF2Error(
                    .duplicateDeclaration,
                    "'$\(declaration.name)' is already declared or used by an earlier declaration",
                    range: declaration.nameRange,
                    hint: "a variable is declared once, before any other declaration uses it"))
            } else if ownVariables.contains(where: { $0.name == declaration.name }) {
                errors.append(MF2Error(
                    .duplicateDeclaration,
                    "'$\(declaration.name)' cannot be declared in terms of itself",
                    range: declaration.nameRange,
                    hint: "give the new value another name"))
            }
            seen.insert(declaration.name)
            for variable in variables(in: value) { seen.insert(variable.name) }
        }
    }

    /// The variables of an expression: its operand, then its options' values.
    static func variables(in expression: MF2Expression) -> [MF2Variable] {
        var result: [MF2Variable] = []
        if case .variable(let variable) = expression.operand { result.append(variable) }
        result += optionVariables(expression.function)
        return result
    }

    private static func optionVariables(_ function: MF2Function?) -> [MF2Variable] {
        optionVariables(function?.options ?? [])
    }

    static func optionVariables(_ options: [MF2Option]) -> [MF2Variable] {
        options.compactMap { option in
            if case .variable(let variable) = option.value { variable } else { nil }
        }
    }

    // MARK: Options

    /// Calls `body` with the options of every function and markup, in source order.
    static func forEachOptionList(in message: MF2Message, _ body: ([MF2Option]) -> Void) {
        for declaration in message.declarations {
            if let function = declaration.value.function { body(function.options) }
        }
        func visit(_ pattern: MF2Pattern) {
            for part in pattern.parts {
                switch part {
                case .text: break
                case .expression(let expression):
                    if let function = expression.function { body(function.options) }
                case .markup(let markup): body(markup.options)
                }
            }
        }
        switch message.body {
        case .pattern(let pattern): visit(pattern)
        case .select(let select): for variant in select.variants { visit(variant.pattern) }
        }
    }

    private static func checkOptionNames(_ options: [MF2Option], into errors: inout [MF2Error]) {
        guard options.count > 1 else { return }
        var seen = Set<String>()
        for option in options where !seen.insert(option.name).inserted {
            errors.append(MF2Error(
                .duplicateOptionName, "the option '\(option.name)' is given twice",
                range: option.nameRange, hint: "keep one of them"))
        }
    }

    // MARK: Selection

    private enum KeyValue: Hashable {
        case literal(String)
        case catchall
    }

    private static func checkSelect(_ select: MF2Select, declarations: [MF2Declaration], into errors: inout [MF2Error]) {
        let (annotated, latest) = annotations(declarations)
        for selector in select.selectors where !(latest[selector.name].map { annotated[$0] } ?? false) {
            errors.append(MF2Error(
                .missingSelectorAnnotation,
                "the selector '$\(selector.name)' has no function to select with",
                range: selector.range,
                hint: "declare it with a function, like .input {$\(selector.name) :string} or :number"))
        }
        var hasFallback = false
        var seenKeys = Set<[KeyValue]>()
        for variant in select.variants {
            if variant.keys.allSatisfy({ if case .catchall = $0 { true } else { false } }) { hasFallback = true }
            if variant.keys.count != select.selectors.count {
                let lower = variant.keys.first?.range.lowerBound ?? variant.range.lowerBound
                let upper = variant.keys.last?.range.upperBound ?? variant.range.lowerBound
                errors.append(MF2Error(
                    .variantKeyMismatch,
                    "this variant has \(variant.keys.count) \(variant.keys.count == 1 ? "key" : "keys") "
                        + "but there \(select.selectors.count == 1 ? "is 1 selector" : "are \(select.selectors.count) selectors")",
                    range: lower..<upper, hint: "give every variant one key per selector"))
                continue
            }
            let values = variant.keys.map { key -> KeyValue in
                switch key {
                case .literal(let literal): .literal(literal.value)
                case .catchall: .catchall
                }
            }
            if !seenKeys.insert(values).inserted {
                let lower = variant.keys.first?.range.lowerBound ?? variant.range.lowerBound
                let upper = variant.keys.last?.range.upperBound ?? variant.range.lowerBound
                errors.append(MF2Error(
                    .duplicateVariant, "an earlier variant has the same keys",
                    range: lower..<upper, hint: "remove one of the two variants, or change its keys"))
            }
        }
        if !hasFallback {
            errors.append(MF2Error(
                .missingFallbackVariant,
                "no variant has only '*' keys, so some values select nothing",
                range: select.range.lowerBound..<select.range.lowerBound + 6,  // .match
                hint: "add a variant with '*' for every selector, like * {{…}}"))
        }
    }

    /// For each declaration, whether its variable reaches a function: its own expression has
    /// one, or it is a `.local` whose operand is a variable that reaches one (as declared before
    /// it). Also the last declaration of each name.
    private static func annotations(_ declarations: [MF2Declaration]) -> (annotated: [Bool], latest: [String: Int]) {
        var annotated: [Bool] = []
        annotated.reserveCapacity(declarations.count)
        var latest: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() {
            let value = declaration.value
            var reaches = value.function != nil
            // `.input {$x}` names itself; `.local $y = {$x}` refers to an earlier declaration.
            if !reaches, declaration.kind == .local, case .variable(let variable) = value.operand,
               let earlier = latest[variable.name] {
                reaches = annotated[earlier]
            }
            annotated.append(reaches)
            latest[declaration.name] = index
        }
        return (annotated, latest)
    }
}

extension MF2Message {
    /// The variables a caller passes to format the message: every variable the message refers
    /// to, except those it declares with `.local`, in order of first appearance (`.input`
    /// variables included).
    ///
    /// ```swift
    /// let message = try MF2Message(".local $n = {$count :number} {{{$n} of {$total}}}")
    /// message.variableNames  // ["count", "total"]
    /// ```
    public var variableNames: [String] {
        let locals = Set(declarations.filter { $0.kind == .local }.map(\.name))
        var names: [String] = []
        var seen = Set<String>()
        func add(_ variable: MF2Variable) {
            if !locals.contains(variable.name), seen.insert(variable.name).inserted { names.append(variable.name) }
        }
        func add(_ expression: MF2Expression) {
            MF2Validation.variables(in: expression).forEach(add)
        }
        func add(_ pattern: MF2Pattern) {
            for part in pattern.parts {
                switch part {
                case .text: break
                case .expression(let expression): add(expression)
                case .markup(let markup): MF2Validation.optionVariables(markup.options).forEach(add)
                }
            }
        }
        for declaration in declarations { add(declaration.value) }
        switch body {
        case .pattern(let pattern): add(pattern)
        case .select(let select):
            select.selectors.forEach(add)
            for variant in select.variants { add(variant.pattern) }
        }
        return names
    }
}
