import SpeakableICU

/// `:number`, `:integer`, `:percent`, `:currency` and `:offset` (`functions/number.md`).
extension MF2Resolution {
    /// The options each number function accepts; others are ignored.
    static func acceptedOptions(_ function: MF2NumberValue.Function) -> Set<String> {
        switch function {
        case .number:
            ["select", "signDisplay", "useGrouping", "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
             "minimumSignificantDigits", "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority",
             "roundingIncrement", "roundingMode"]
        case .integer:
            ["select", "signDisplay", "useGrouping", "minimumIntegerDigits", "maximumSignificantDigits"]
        case .percent:
            ["signDisplay", "useGrouping", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
             "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority", "roundingMode"]
        case .currency:
            ["currency", "currencySign", "currencyDisplay", "useGrouping", "minimumIntegerDigits", "fractionDigits",
             "minimumSignificantDigits", "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority",
             "roundingIncrement", "roundingMode"]
        }
    }

    /// Options of an operand that a function drops instead of inheriting.
    static func discardedOperandOptions(_ function: MF2NumberValue.Function) -> Set<String> {
        switch function {
        case .integer: ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits"]
        case .percent: ["minimumIntegerDigits", "roundingIncrement", "select"]
        case .number, .currency: []
        }
    }

    static let digitSizeOptions: Set<String> = [
        "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
        "minimumSignificantDigits", "maximumSignificantDigits",
    ]

    static let enumeratedOptions: [String: Set<String>] = [
        "select": ["plural", "ordinal", "exact"],
        "signDisplay": ["auto", "always", "exceptZero", "negative", "never"],
        "useGrouping": ["auto", "always", "never", "min2"],
        "trailingZeroDisplay": ["auto", "stripIfInteger"],
        "roundingPriority": ["auto", "morePrecision", "lessPrecision"],
        "roundingIncrement": ["1", "2", "5", "10", "20", "25", "50", "100", "200", "250", "500", "1000", "2000", "2500", "5000"],
        "roundingMode": ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"],
        "currencySign": ["accounting", "standard"],
        "currencyDisplay": ["narrowSymbol", "symbol", "name", "code", "never"],
    ]

    /// A digit size option's value (`"0" / [1-9] [DIGIT]`, or a non-negative integer below 100).
    static func digitSize(_ value: MF2Value) -> Int? {
        if case .literal(let text) = value.content { return digitSize(text) }
        if case .string(let text) = value.content { return digitSize(text) }
        if case .argument(.string(let text)) = value.content { return digitSize(text) }
        guard let number = value.numericValue else { return nil }
        let d = number.doubleValue
        guard d >= 0, d < 100, d == d.rounded() else { return nil }
        return Int(d)
    }

    static func digitSize(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard (1...2).contains(b.count), b.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if b.count == 2, b[0] == UInt8(ascii: "0") { return nil }
        return Int(text)
    }

    /// The valid string form of one option of a number function, or nil with a `bad-option` error.
    private mutating func validNumberOption(_ name: String, _ option: MF2OptionValue,
                                            function: MF2NumberValue.Function) -> String? {
        if Self.digitSizeOptions.contains(name) {
            guard let size = Self.digitSize(option.value),
                  !(name.hasSuffix("SignificantDigits") && size == 0) else {
                error(.badOption, "\(name) must be a small non-negative integer", option.range)
                return nil
            }
            return String(size)
        }
        if name == "fractionDigits" {
            if option.value.stringValue == "auto" { return "auto" }
            guard let size = Self.digitSize(option.value) else {
                error(.badOption, "fractionDigits must be auto or a small non-negative integer", option.range)
                return nil
            }
            return String(size)
        }
        if name == "currency" {
            guard let code = option.value.stringValue, code.utf8.count == 3,
                  code.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
                error(.badOption, "currency must be a three-letter currency code", option.range)
                return nil
            }
            return code.uppercased()
        }
        guard let allowed = Self.enumeratedOptions[name] else { return nil }
        guard let text = option.value.stringValue, allowed.contains(text) else {
            error(.badOption, "\(name) must be one of \(allowed.sorted().joined(separator: ", "))", option.range)
            return nil
        }
        return text
    }

    /// The numeric operand of a number function: its value and, for a number operand, its
    /// function and options.
    private mutating func numericOperand(_ call: MF2FunctionCall) -> (MF2Numeric, MF2NumberValue?)? {
        guard let operand = call.operand else {
            error(.badOperand, ":\(call.name.rawValue) needs an operand", call.expression.range)
            return nil
        }
        if case .number(let number) = operand.content { return (number.value, number) }
        if case .dateTime = operand.content {
            error(.badOperand, ":\(call.name.rawValue) needs a number, not a date", call.operandRange)
            return nil
        }
        guard let value = operand.numericValue else {
            error(.badOperand, ":\(call.name.rawValue) needs a number", call.operandRange)
            return nil
        }
        return (value, nil)
    }

    /// `:number`, `:integer`, `:percent` and `:currency`.
    mutating func resolveNumber(_ call: MF2FunctionCall) -> MF2Value? {
        guard let function = MF2NumberValue.Function(rawValue: call.name.rawValue),
              let (numeric, inherited) = numericOperand(call) else { return nil }
        var options: [String: String] = [:]
        var selection: MF2NumberValue.Selection? = function == .currency ? nil : .plural
        if let inherited {
            let discarded = Self.discardedOperandOptions(function)
            for (name, value) in inherited.options where !discarded.contains(name) { options[name] = value }
            if function != .percent, function != .currency, options["select"] != nil {
                error(.badOption, "select must be set on the selector itself, not inherited from its operand", call.operandRange)
                options["select"] = nil
                selection = nil
            }
        }
        let accepted = Self.acceptedOptions(function)
        for (name, option) in call.options.sorted(by: { $0.value.range.lowerBound < $1.value.range.lowerBound })
        where accepted.contains(name) {
            if name == "select", !option.isLiteral {
                error(.badOption, "select must be a literal", option.range)
                selection = nil
                continue
            }
            if name == "currency", inherited?.function == .currency, inherited?.options["currency"] != nil {
                error(.badOption, "currency cannot change the currency of a currency value", option.range)
                continue
            }
            guard let valid = validNumberOption(name, option, function: function) else { continue }
            options[name] = valid
        }
        if function == .currency, options["currency"] == nil {
            error(.badOperand, ":currency needs a currency (the currency option)", call.operandRange)
            return nil
        }
        if selection != nil, let select = options["select"] {
            selection = select == "ordinal" ? .ordinal : (select == "exact" ? .exact : .plural)
        }
        let value = function == .integer ? numeric.rounded : numeric
        let number = MF2NumberValue(value: value, function: function, options: options, selection: selection)
        return MF2Value(.number(number), direction: localeDirection)
    }

    /// `:offset add=n` / `subtract=n`: the operand's number moved by n, formatted and selected as
    /// the operand would be.
    mutating func resolveOffset(_ call: MF2FunctionCall) -> MF2Value? {
        guard let (numeric, inherited) = numericOperand(call) else { return nil }
        let add = call.options["add"], subtract = call.options["subtract"]
        guard (add == nil) != (subtract == nil), let option = add ?? subtract else {
            error(.badOption, ":offset needs exactly one of add and subtract", call.expression.range)
            return nil
        }
        guard let size = Self.digitSize(option.value) else {
            error(.badOption, "\(add != nil ? "add" : "subtract") must be a small non-negative integer", option.range)
            return nil
        }
        let delta = Int64(add != nil ? size : -size)
        var number = inherited ?? MF2NumberValue(value: numeric, function: .number, options: [:], selection: .plural)
        number.value = numeric.adding(delta)
        if number.function == .integer { number.value = number.value.rounded }
        return MF2Value(.number(number), direction: localeDirection)
    }

    /// Formats a number value with ICU; nil (with a `bad-input` error) when ICU fails.
    mutating func formatNumber(_ number: MF2NumberValue, range: Range<Int>?) -> MF2FormattedValue? {
        let skeleton = MF2NumberSkeleton.formatting(number)
        do {
            let formatter = try SkeletonNumberFormatter.cached(skeleton: skeleton, locale: locale)
            let parts = try formatter.formatToParts(number.value.icu)
            var formatted = MF2FormattedValue(type: "number", text: parts.map(\.value).joined())
            formatted.numberParts = parts
            return formatted
        } catch {
            if let range { self.error(.badInput, "ICU could not format the number (\(error.name))", range) }
            return nil
        }
    }
}

/// ICU number skeletons for the resolved options of a number value.
enum MF2NumberSkeleton {
    /// The skeleton that formats the value.
    static func formatting(_ number: MF2NumberValue) -> String {
        let o = number.options
        var stems: [String] = []
        switch number.function {
        case .percent: stems += ["percent", "scale/100"]
        case .currency: stems.append("currency/" + (o["currency"] ?? "XXX"))
        case .number, .integer: break
        }
        if let precision = precision(number) { stems.append(precision) }
        stems += common(number)
        if number.function == .currency {
            switch o["currencyDisplay"] {
            case "narrowSymbol": stems.append("unit-width-narrow")
            case "name": stems.append("unit-width-full-name")
            case "code": stems.append("unit-width-iso-code")
            case "never": stems.append("unit-width-hidden")
            default: break
            }
        }
        switch o["useGrouping"] {
        case "always": stems.append("group-on-aligned")
        case "never": stems.append("group-off")
        case "min2": stems.append("group-min2")
        default: break
        }
        let accounting = number.function == .currency && o["currencySign"] == "accounting"
        switch o["signDisplay"] {
        case "always": stems.append(accounting ? "sign-accounting-always" : "sign-always")
        case "exceptZero": stems.append(accounting ? "sign-accounting-except-zero" : "sign-except-zero")
        case "negative": stems.append(accounting ? "sign-accounting-negative" : "sign-negative")
        case "never": stems.append("sign-never")
        default: if accounting { stems.append("sign-accounting") }
        }
        return stems.joined(separator: " ")
    }

    /// The skeleton that selects: the same precision, in plain digits with no grouping, on the
    /// value as shown (×100 for `:percent`).
    static func selection(_ number: MF2NumberValue) -> String {
        var stems: [String] = ["group-off"]
        if number.function == .percent { stems.append("scale/100") }
        if let precision = precision(number) { stems.append(precision) }
        stems += common(number)
        return stems.joined(separator: " ")
    }

    /// Integer width and rounding mode.
    private static func common(_ number: MF2NumberValue) -> [String] {
        var stems: [String] = []
        if let digits = number.options["minimumIntegerDigits"].flatMap(Int.init), digits > 1 {
            stems.append("integer-width/*" + String(repeating: "0", count: digits))
        }
        let mode: String
        switch number.options["roundingMode"] {
        case "ceil": mode = "ceiling"
        case "floor": mode = "floor"
        case "expand": mode = "up"
        case "trunc": mode = "down"
        case "halfCeil": mode = "half-ceiling"
        case "halfFloor": mode = "half-floor"
        case "halfTrunc": mode = "half-down"
        case "halfEven": mode = "half-even"
        default: mode = "half-up"  // halfExpand, the default
        }
        stems.append("rounding-mode-" + mode)
        return stems
    }

    /// The precision stem: fraction digits, significant digits, both (with roundingPriority), or
    /// a rounding increment; `/w` for `trailingZeroDisplay=stripIfInteger`.
    private static func precision(_ number: MF2NumberValue) -> String? {
        let o = number.options
        func int(_ name: String) -> Int? { o[name].flatMap { Int($0) } }
        let minSD = int("minimumSignificantDigits"), maxSD = int("maximumSignificantDigits")
        var significant: String?
        if minSD != nil || maxSD != nil {
            let low = max(1, minSD ?? 1)
            let high = max(low, maxSD ?? 21)
            significant = String(repeating: "@", count: low) + String(repeating: "#", count: high - low)
        }
        var fraction: (min: Int, max: Int)?
        switch number.function {
        case .integer:
            fraction = (0, 0)
        case .currency:
            if let digits = o["fractionDigits"].flatMap({ Int($0) }) { fraction = (digits, digits) }
        case .number, .percent:
            let minFD = int("minimumFractionDigits"), maxFD = int("maximumFractionDigits")
            if minFD != nil || maxFD != nil {
                let low = minFD ?? 0
                fraction = (low, max(low, maxFD ?? max(low, number.function == .percent ? 0 : 6)))
            } else if number.function == .percent {
                fraction = (0, 0)
            }
        }
        var stem: String?
        if let increment = o["roundingIncrement"].flatMap({ Int($0) }), increment > 1, number.function != .integer {
            stem = "precision-increment/" + incrementText(increment, fractionDigits: fraction?.max ?? 0)
        } else {
            let fractionStem = fraction.map { f in
                f.max == 0 ? "precision-integer" : "." + String(repeating: "0", count: f.min) + String(repeating: "#", count: f.max - f.min)
            }
            switch (o["roundingPriority"], fractionStem, significant) {
            case (_, nil, nil): stem = nil
            case (_, let f?, nil): stem = f
            case (_, nil, let s?): stem = s
            case ("morePrecision", let f?, let s?) where f != "precision-integer": stem = f + "/" + s + "r"
            case ("lessPrecision", let f?, let s?) where f != "precision-integer": stem = f + "/" + s + "s"
            case ("lessPrecision", let f?, _): stem = f
            case (_, _, let s?): stem = s  // auto: significant digits win, as in Intl.NumberFormat
            }
        }
        if o["trailingZeroDisplay"] == "stripIfInteger" {
            stem = (stem ?? (number.function == .currency ? "precision-currency-standard" : ".######")) + "/w"
        }
        return stem
    }

    /// `increment × 10^-fractionDigits` as decimal text: 5 with 2 digits is `0.05`.
    static func incrementText(_ increment: Int, fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return String(increment) }
        var digits = String(increment)
        if digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
        }
        let split = digits.index(digits.endIndex, offsetBy: -fractionDigits)
        return digits[..<split] + "." + digits[split...]
    }
}
