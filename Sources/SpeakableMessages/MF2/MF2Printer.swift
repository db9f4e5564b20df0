/// Writing an MF2 message as canonical MessageFormat 2 source (LDML 47, `spec/syntax.md`).
extension MF2Message {
    /// The message as canonical MF2 source: what ``serialized()`` returns, with ``source`` set to
    /// it and every range in the model pointing into it.
    ///
    /// ```swift
    /// let printed = message.canonicalized()
    /// printed.source == message.serialized()   // true
    /// ```
    public func canonicalized() -> MF2Message {
        var printer = MF2Printer()
        return printer.print(self)
    }

    /// The message as canonical MF2 source.
    ///
    /// * A **simple message** when there are no declarations, the body is one pattern, and the
    ///   pattern does not start with `.` after leading white space or bidi marks (which a simple
    ///   message would read as a keyword); otherwise a **complex message**: one declaration per
    ///   line, then `{{pattern}}` or `.match` with one variant per line.
    /// * Text escapes `\`, `{` and `}` with a backslash.
    /// * A literal is written unquoted when it matches `unquoted-literal` (1*name-char), otherwise
    ///   between `|…|` with `\` and `|` escaped. ``MF2Literal/isQuoted`` is not consulted: quoting
    ///   does not change a literal's value.
    /// * Options and attributes keep their order; one space separates the parts of an expression.
    /// * U+0000, which no MF2 message can contain (not even escaped), is written as U+FFFD.
    ///
    /// Parsing the result gives the same model, ranges and ``MF2Literal/isQuoted`` aside.
    ///
    /// ```swift
    /// let message = MF2Message(source: "", declarations: [], body: .pattern(MF2Pattern(
    ///     parts: [.text("{braces}", range: 0..<0)], range: 0..<0)))
    /// message.serialized()   // "\\{braces\\}"
    /// ```
    public func serialized() -> String {
        canonicalized().source
    }
}

/// Writes MF2 source, keeping the UTF-16 offset of what it has written so each node of the
/// printed model gets its range in the new text.
struct MF2Printer {
    private var out = ""
    private var offset = 0

    private mutating func write(_ s: String) {
        out += s
        offset += s.utf16.count
    }

    mutating func print(_ message: MF2Message) -> MF2Message {
        out = ""
        offset = 0
        var result = message
        if message.declarations.isEmpty, case .pattern(let pattern) = message.body, Self.canBeSimple(pattern) {
            result.body = .pattern(self.pattern(pattern, quoted: false))
        } else {
            result.declarations = message.declarations.map { declaration in
                let printed = self.declaration(declaration)
                write("\n")
                return printed
            }
            switch message.body {
            case .pattern(let pattern):
                result.body = .pattern(self.pattern(pattern, quoted: true))
            case .select(let select):
                result.body = .select(self.select(select))
            }
        }
        result.source = out
        return result
    }

    /// Whether `pattern` can stand as a simple message: its first character after optional white
    /// space and bidi marks must not be `.`.
    static func canBeSimple(_ pattern: MF2Pattern) -> Bool {
        var text = ""
        for part in pattern.parts {
            guard case .text(let value, _) = part else { break }
            text += value
        }
        guard let first = text.unicodeScalars.first(where: { !isOptionalSpace($0) }) else { return true }
        return first != "."
    }

    /// `ws` and `bidi` of the grammar: what `o` skips.
    static func isOptionalSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0D, 0x0A, 0x3000, 0x061C, 0x200E, 0x200F, 0x2066...0x2069: true
        default: false
        }
    }

    private mutating func declaration(_ declaration: MF2Declaration) -> MF2Declaration {
        var result = declaration
        let start = offset
        switch declaration.kind {
        case .input:
            write(".input ")
            result.value = expression(declaration.value)
            if case .variable(let variable)? = result.value.operand {
                result.nameRange = variable.range
            }
        case .local:
            write(".local $")
            let nameStart = offset
            write(declaration.name)
            result.nameRange = nameStart..<offset
            write(" = ")
            result.value = expression(declaration.value)
        }
        result.range = start..<offset
        return result
    }

    private mutating func select(_ select: MF2Select) -> MF2Select {
        var result = select
        let start = offset
        write(".match")
        result.selectors = select.selectors.map { selector in
            write(" ")
            return variable(selector)
        }
        result.variants = select.variants.map { variant in
            write("\n")
            var printed = variant
            let variantStart = offset
            printed.keys = variant.keys.map { key in
                let printedKey: MF2Key
                switch key {
                case .catchall:
                    let keyStart = offset
                    write("*")
                    printedKey = .catchall(range: keyStart..<offset)
                case .literal(let value):
                    printedKey = .literal(literal(value))
                }
                write(" ")
                return printedKey
            }
            printed.pattern = pattern(variant.pattern, quoted: true)
            printed.range = variantStart..<offset
            return printed
        }
        result.range = start..<offset
        return result
    }

    private mutating func pattern(_ pattern: MF2Pattern, quoted: Bool) -> MF2Pattern {
        if quoted { write("{{") }
        let start = offset
        var parts: [MF2PatternPart] = []
        for part in pattern.parts {
            switch part {
            case .text(let text, _):
                let textStart = offset
                write(Self.escapedText(text))
                parts.append(.text(text, range: textStart..<offset))
            case .expression(let expression):
                parts.append(.expression(self.expression(expression)))
            case .markup(let markup):
                parts.append(.markup(self.markup(markup)))
            }
        }
        let range = start..<offset
        if quoted { write("}}") }
        return MF2Pattern(parts: parts, range: range)
    }

    static func escapedText(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "{", "}": escaped.unicodeScalars.append("\\"); escaped.unicodeScalars.append(scalar)
            case "\0": escaped.unicodeScalars.append("\u{FFFD}")
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private mutating func expression(_ expression: MF2Expression) -> MF2Expression {
        var result = expression
        let start = offset
        write("{")
        var needsSpace = false
        if let operand = expression.operand {
            result.operand = self.operand(operand)
            needsSpace = true
        }
        if let function = expression.function {
            if needsSpace { write(" ") }
            write(":")
            var printed = function
            let nameStart = offset
            write(function.name)
            printed.nameRange = nameStart..<offset
            printed.options = options(function.options)
            result.function = printed
            needsSpace = true
        }
        result.attributes = attributes(expression.attributes, leadingSpace: needsSpace)
        write("}")
        result.range = start..<offset
        return result
    }

    private mutating func markup(_ markup: MF2Markup) -> MF2Markup {
        var result = markup
        let start = offset
        write(markup.kind == .close ? "{/" : "{#")
        let nameStart = offset
        write(markup.name)
        result.nameRange = nameStart..<offset
        result.options = options(markup.options)
        result.attributes = attributes(markup.attributes, leadingSpace: true)
        write(markup.kind == .standalone ? "/}" : "}")
        result.range = start..<offset
        return result
    }

    private mutating func options(_ options: [MF2Option]) -> [MF2Option] {
        options.map { option in
            write(" ")
            var printed = option
            let nameStart = offset
            write(option.name)
            printed.nameRange = nameStart..<offset
            write("=")
            printed.value = operand(option.value)
            return printed
        }
    }

    private mutating func attributes(_ attributes: [MF2Attribute], leadingSpace: Bool) -> [MF2Attribute] {
        var first = true
        return attributes.map { attribute in
            if leadingSpace || !first { write(" ") }
            first = false
            var printed = attribute
            write("@")
            let nameStart = offset
            write(attribute.name)
            printed.nameRange = nameStart..<offset
            if let value = attribute.value {
                write("=")
                printed.value = literal(value)
            }
            return printed
        }
    }

    private mutating func operand(_ operand: MF2Operand) -> MF2Operand {
        switch operand {
        case .literal(let value): .literal(literal(value))
        case .variable(let value): .variable(variable(value))
        }
    }

    private mutating func variable(_ variable: MF2Variable) -> MF2Variable {
        let start = offset
        write("$" + variable.name)
        return MF2Variable(name: variable.name, range: start..<offset)
    }

    private mutating func literal(_ literal: MF2Literal) -> MF2Literal {
        let start = offset
        let unquoted = Self.isUnquotedLiteral(literal.value)
        if unquoted {
            write(literal.value)
        } else {
            var quoted = "|"
            for scalar in literal.value.unicodeScalars {
                switch scalar {
                case "\\", "|": quoted.unicodeScalars.append("\\"); quoted.unicodeScalars.append(scalar)
                case "\0": quoted.unicodeScalars.append("\u{FFFD}")
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            write(quoted + "|")
        }
        return MF2Literal(value: literal.value, isQuoted: !unquoted, range: start..<offset)
    }

    /// `unquoted-literal = 1*name-char`.
    static func isUnquotedLiteral(_ value: String) -> Bool {
        !value.isEmpty && value.unicodeScalars.allSatisfy(isNameChar)
    }

    /// `name = name-start *name-char` (without the optional bidi marks around it).
    static func isName(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, isNameStart(first) else { return false }
        return value.unicodeScalars.allSatisfy(isNameChar)
    }

    /// `name-char = name-start / DIGIT / "-" / "."`.
    static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
    }

    /// `name-start` of the grammar.
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0x2B, 0x5F: return true
        case 0xA1...0x61B, 0x61D...0x167F, 0x1681...0x1FFF, 0x200B...0x200D, 0x2010...0x2027,
             0x2030...0x205E, 0x2060...0x2065, 0x206A...0x2FFF, 0x3001...0xD7FF, 0xE000...0xFDCF,
             0xFDF0...0xFFFD:
            return true
        case 0x10000...0x10FFFD:
            return v & 0xFFFE != 0xFFFE
        default:
            return false
        }
    }
}
