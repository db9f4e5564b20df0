/// `:test:function`, `:test:select` and `:test:format`, the functions the standard's test suite
/// defines for itself (`test/README.md`, "Test Functions").
extension MF2Resolution {
    mutating func resolveTest(_ call: MF2FunctionCall) -> MF2Value? {
        var test = MF2TestValue(input: 0, decimalPlaces: 0, failsFormat: false, failsSelect: false,
                                canFormat: call.name != .testSelect, canSelect: call.name != .testFormat)
        guard let operand = call.operand else {
            error(.badOperand, ":\(call.name.rawValue) needs a number", call.expression.range)
            return nil
        }
        if case .test(let previous) = operand.content {
            test.input = previous.input
            test.decimalPlaces = previous.decimalPlaces
            test.failsFormat = previous.failsFormat
            test.failsSelect = previous.failsSelect
        } else if case .number(let number) = operand.content {
            test.input = number.value.doubleValue
        } else if let number = operand.numericValue {
            test.input = number.doubleValue
        } else {
            // The suite's README calls this "bad-input"; its tests expect the standard's Bad Operand.
            error(.badOperand, ":\(call.name.rawValue) needs a number", call.operandRange)
            return nil
        }
        if let option = call.options["decimalPlaces"] {
            switch option.value.numericValue {
            case .int(0)?: test.decimalPlaces = 0
            case .int(1)?: test.decimalPlaces = 1
            case .double(0)?: test.decimalPlaces = 0
            case .double(1)?: test.decimalPlaces = 1
            default:
                error(.badOption, "decimalPlaces must be 0 or 1", option.range)
                return nil
            }
        }
        if let option = call.options["fails"] {
            switch option.value.stringValue {
            case "always": (test.failsFormat, test.failsSelect) = (true, true)
            case "format": test.failsFormat = true
            case "select": test.failsSelect = true
            case "never": break
            default: error(.badOption, "fails must be never, select, format or always", option.range)
            }
        }
        return MF2Value(.test(test), direction: localeDirection)
    }

    mutating func formatTest(_ test: MF2TestValue, range: Range<Int>?) -> MF2FormattedValue? {
        guard test.canFormat else {
            if let range { error(.badInput, ":test:select cannot format (not-formattable)", range) }
            return nil
        }
        guard !test.failsFormat else {
            if let range { error(.badOption, "the test function was asked to fail when formatting", range) }
            return nil
        }
        let magnitude = abs(test.input)
        let whole = magnitude.rounded(.down)
        var text = test.input < 0 ? "-" : ""
        text += MF2Numeric.double(whole).plainText
        if test.decimalPlaces == 1 {
            let digit = Int(((magnitude - whole) * 10).rounded(.down))
            text += "." + String(min(9, max(0, digit)))
        }
        return MF2FormattedValue(type: "test", text: text)
    }
}
