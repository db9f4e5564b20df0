/// Speakable's own MF2 functions (`:speakable:number`, `:speakable:date`, `:speakable:spellout`,
/// `:speakable:currency`, `:speakable:choice`, …): the MF1 formats MessageFormat 2 has no
/// standard function for, written by ``MF2Message/converting(_:)``. Each formats as its MF1
/// form does (``MF2Message/convertedToMF1()`` gives it back), with the engine's MF1 formatter.
extension MF2Resolution {
    mutating func callSpeakable(_ expression: MF2Expression, _ function: MF2Function, operand: MF2Value?) -> MF2Value {
        let fallback = MF2Value.fallback(Self.fallbackSource(of: expression))
        guard let operand, !operand.isFallback else {
            error(.badOperand, "the function :\(function.name) needs an operand", expression.range)
            return fallback
        }
        let argument: MessageArgument
        switch operand.content {
        case .argument(let value): argument = value
        case .dateTime(let date): argument = .date(date.date)
        default:
            if let number = operand.numericValue {
                switch number {
                case .int(let n): argument = .int(n)
                case .double(let d): argument = .double(d)
                }
            } else if let text = operand.stringValue {
                argument = .string(text)
            } else {
                error(.badOperand, "the function :\(function.name) cannot format this value", expression.range)
                return fallback
            }
        }
        // The expression alone, on one variable, as MF1.
        let variable = MF2Variable(name: "v", range: 0..<0)
        let single = MF2Expression(operand: .variable(variable), function: function, attributes: [], range: 0..<0)
        let converted = MF2Message(source: "", declarations: [], body: .pattern(MF2Pattern(parts: [.expression(single)], range: 0..<0)))
            .convertedToMF1()
        guard let compiled = try? CompiledMessage(converted.source, locale: locale, timeZone: timeZone),
              let text = try? compiled.format(["v": argument]) else {
            error(.badInput, "the function :\(function.name) cannot format \(argument.described) with these options", expression.range)
            return fallback
        }
        return MF2Value(.string(text))
    }
}
