extension MF2Message {
    /// The longest source accepted, in UTF-16 code units (the same limit as MessageFormat 1's
    /// ``MessagePattern/maximumLength``).
    public static let maximumLength = MessagePattern.maximumLength

    /// Parses MessageFormat 2 source (LDML 47, `spec/syntax.md`) and checks its data model
    /// (`spec/errors.md`).
    ///
    /// A syntax error stops the parse: only the first is thrown. A message that parses is then
    /// checked for every data-model error (duplicate declarations, option names and variants,
    /// variant key mismatches, missing fallback variants and selector annotations); all of them
    /// are thrown together, in source order. Every error carries the standard's type
    /// (``MF2Error/id``) and a range of UTF-16 offsets into `source`.
    ///
    /// ```swift
    /// let message = try MF2Message("Hello, {$name}!")
    /// message.body          // .pattern: text "Hello, ", expression {$name}, text "!"
    /// message.variableNames // ["name"]
    ///
    /// try MF2Message("Hello, {$name")
    /// // throws: expected '}' to close the expression [syntax-error]
    /// ```
    public init(_ source: String) throws(MF2Errors) {
        var parser = MF2Parser(source)
        let declarations: [MF2Declaration]
        let body: MF2Body
        do {
            (declarations, body) = try parser.parseMessage()
        } catch {
            throw MF2Errors([error])
        }
        self.init(source: source, declarations: declarations, body: body)
        let errors = MF2Validation.errors(in: self)
        if !errors.isEmpty { throw MF2Errors(errors) }
    }
}

/// A recursive-descent parser of `spec/message.abnf` over the source's Unicode scalars, keeping
/// the UTF-16 offset of each so that ranges match ``MF2Message``'s.
///
/// MF2 has no nesting (an expression holds no pattern, a pattern's placeholders hold no
/// pattern), so the parser's recursion depth is bounded whatever the input; the length of the
/// input is bounded by ``MF2Message/maximumLength``.
struct MF2Parser {
    private let scalars: [Unicode.Scalar]
    /// `offsets[k]` is the UTF-16 offset of `scalars[k]`; one more entry holds the total length.
    private let offsets: [Int]
    private var i = 0

    init(_ source: String) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        let utf16Count = source.utf16.count
        if utf16Count <= MF2Message.maximumLength {
            scalars.reserveCapacity(utf16Count)
            offsets.reserveCapacity(utf16Count + 1)
            var offset = 0
            for scalar in source.unicodeScalars {
                scalars.append(scalar)
                offsets.append(offset)
                offset += UTF16.width(scalar)
            }
        }
        offsets.append(utf16Count)
        self.scalars = scalars
        self.offsets = offsets
    }

    private var count: Int { scalars.count }
    private var utf16Length: Int { offsets[offsets.count - 1] }

    // MARK: Reading

    /// The scalar value at `i`, or nil at the end.
    private var current: UInt32? { i < count ? scalars[i].value : nil }

    private func scalar(at k: Int) -> UInt32? { k < count ? scalars[k].value : nil }

    private func isAt(_ c: Character) -> Bool { current == c.unicodeScalars.first?.value }

    /// Whether the scalars at `i` spell `text`.
    private func isAt(_ text: String) -> Bool {
        var k = i
        for scalar in text.unicodeScalars {
            guard k < count, scalars[k] == scalar else { return false }
            k += 1
        }
        return true
    }

    /// Whether the keyword `text` is at `i`, not followed by a name character (`.inputs` is
    /// not `.input`).
    private func isAtKeyword(_ text: String) -> Bool {
        guard isAt(text) else { return false }
        let next = scalar(at: i + text.unicodeScalars.count)
        return next.map { !MF2Characters.isNameChar($0) } ?? true
    }

    /// The UTF-16 range of scalars `from..<to`.
    private func range(_ from: Int, _ to: Int) -> Range<Int> { offsets[from]..<offsets[to] }

    /// The UTF-16 range of the scalar at `k` (empty at the end of the source).
    private func range(at k: Int) -> Range<Int> { k < count ? offsets[k]..<offsets[k + 1] : utf16Length..<utf16Length }

    private func string(_ from: Int, _ to: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[from..<to])
        return String(view)
    }

    /// How the scalar at `k` is named in a message: `'x'`, or `U+200B` for one that shows
    /// nothing by itself (controls, spaces, format characters, combining marks, noncharacters).
    private func describe(at k: Int) -> String {
        guard k < count else { return "the end of the message" }
        let scalar = scalars[k]
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
             .paragraphSeparator, .nonspacingMark, .spacingMark, .enclosingMark:
            break
        default:
            return "'\(scalar)'"
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func syntaxError(_ message: String, at k: Int, hint: String? = nil) -> MF2Error {
        MF2Error(.syntaxError, message, range: range(at: k), hint: hint)
    }

    private func syntaxError(_ message: String, range: Range<Int>, hint: String? = nil) -> MF2Error {
        MF2Error(.syntaxError, message, range: range, hint: hint)
    }

    /// Skips `o` (white space and bidi marks); returns whether it held white space, which makes
    /// it an `s` (`*bidi ws o`).
    @discardableResult
    private mutating func skipSpace() -> Bool {
        var sawWhitespace = false
        while let c = current {
            if MF2Characters.isWhitespace(c) {
                sawWhitespace = true
            } else if !MF2Characters.isBidi(c) {
                break
            }
            i += 1
        }
        return sawWhitespace
    }

    // MARK: Messages

    mutating func parseMessage() throws(MF2Error) -> ([MF2Declaration], MF2Body) {
        if utf16Length > MF2Message.maximumLength {
            throw MF2Error(
                .syntaxError,
                "the message is \(utf16Length) UTF-16 code units long; the limit is \(MF2Message.maximumLength)",
                range: 0..<utf16Length, hint: "split it into several messages")
        }
        skipSpace()
        if isAt(".") || isAt("{{") {
            return try parseComplexMessage()
        }
        // A simple message: its leading white space is text.
        i = 0
        let pattern = try parsePattern(quotedFrom: nil)
        return ([], .pattern(pattern))
    }

    /// `complex-message = o *(declaration o) complex-body o`, after the leading `o`.
    private mutating func parseComplexMessage() throws(MF2Error) -> ([MF2Declaration], MF2Body) {
        var declarations: [MF2Declaration] = []
        let body: MF2Body
        while true {
            skipSpace()
            if isAtKeyword(".input") {
                declarations.append(try parseInputDeclaration())
            } else if isAtKeyword(".local") {
                declarations.append(try parseLocalDeclaration())
            } else if isAtKeyword(".match") {
                body = .select(try parseMatcher())
                break
            } else if isAt("{{") {
                body = .pattern(try parseQuotedPattern())
                break
            } else if isAt(".") {
                var end = i + 1
                while let c = scalar(at: end), MF2Characters.isNameChar(c) { end += 1 }
                let word = string(i, end)
                throw syntaxError(
                    "'\(word)' is not a keyword: expected .input, .local or .match (in lower case)",
                    range: range(i, end))
            } else if current == nil {
                throw syntaxError(
                    declarations.isEmpty
                        ? "expected a quoted pattern '{{…}}' or .match"
                        : "expected a quoted pattern '{{…}}' or .match after the declarations",
                    at: i)
            } else {
                throw syntaxError(
                    "expected a declaration, a quoted pattern '{{…}}' or .match, not \(describe(at: i))", at: i,
                    hint: "a message that starts with '.' or '{{' has its text inside '{{…}}'")
            }
        }
        skipSpace()
        if current != nil {
            throw syntaxError(
                "unexpected \(describe(at: i)) after the end of the message body", at: i,
                hint: "text belongs inside the quoted pattern '{{…}}'")
        }
        return (declarations, body)
    }

    /// `input-declaration = input o variable-expression`.
    private mutating func parseInputDeclaration() throws(MF2Error) -> MF2Declaration {
        let start = i
        i += 6  // .input
        skipSpace()
        guard isAt("{") else {
            throw syntaxError("expected '{' and a variable after .input, like .input {$name}", at: i)
        }
        let expression = try parseExpression(context: .input)
        guard case .variable(let variable) = expression.operand else {
            // parseExpression(context: .input) accepts only a variable operand.
            throw syntaxError("expected a variable after .input", range: expression.range)
        }
        return MF2Declaration(
            kind: .input, name: variable.name, nameRange: variableNameRange(variable),
            value: expression, range: offsets[start]..<expression.range.upperBound)
    }

    /// `local-declaration = local s variable o "=" o expression`.
    private mutating func parseLocalDeclaration() throws(MF2Error) -> MF2Declaration {
        let start = i
        i += 6  // .local
        let spaced = skipSpace()
        guard isAt("$") else {
            throw syntaxError("expected a variable after .local, like .local $name = {…}", at: i)
        }
        guard spaced else { throw syntaxError("expected a space between .local and the variable", at: i) }
        let variable = try parseVariable()
        skipSpace()
        guard isAt("=") else {
            throw syntaxError("expected '=' after the variable of .local", at: i)
        }
        i += 1
        skipSpace()
        guard isAt("{") else {
            throw syntaxError(
                "expected an expression in braces after '=', like {|text|} or {$other :number}", at: i)
        }
        let expression = try parseExpression(context: .local)
        return MF2Declaration(
            kind: .local, name: variable.name, nameRange: variableNameRange(variable),
            value: expression, range: offsets[start]..<expression.range.upperBound)
    }

    /// The range of a variable's name: after `$` and any bidi mark, to the end of the name.
    private func variableNameRange(_ variable: MF2Variable) -> Range<Int> {
        // The name is its last scalars (a trailing bidi mark is not in the variable's range).
        let nameLength = variable.name.utf16.count
        return (variable.range.upperBound - nameLength)..<variable.range.upperBound
    }

    /// `matcher = match-statement s variant *(o variant)`,
    /// `match-statement = match 1*(s selector)`.
    private mutating func parseMatcher() throws(MF2Error) -> MF2Select {
        let start = i
        i += 6  // .match
        var selectors: [MF2Variable] = []
        while true {
            let save = i
            let spaced = skipSpace()
            guard isAt("$") else {
                i = save
                break
            }
            guard spaced else {
                throw syntaxError(
                    selectors.isEmpty ? "expected a space between .match and its selector"
                        : "expected a space between selectors", at: i)
            }
            selectors.append(try parseVariable())
        }
        if selectors.isEmpty {
            skipSpace()
            throw syntaxError(
                "expected a variable after .match, like .match $count", at: i,
                hint: "a selector is a variable declared with a function: .input {$count :number}")
        }
        let spaced = skipSpace()
        guard let first = current, isKeyStart(first) else {
            throw syntaxError(
                current == nil ? "expected at least one variant after the selectors"
                    : "expected a variant key (a literal or '*') after the selectors, not \(describe(at: i))", at: i)
        }
        guard spaced else { throw syntaxError("expected a space between the selectors and the first variant", at: i) }
        var variants: [MF2Variant] = []
        while true {
            variants.append(try parseVariant())
            let save = i
            skipSpace()
            guard let c = current, isKeyStart(c) else {
                i = save
                break
            }
        }
        return MF2Select(selectors: selectors, variants: variants, range: offsets[start]..<variants[variants.count - 1].range.upperBound)
    }

    private func isKeyStart(_ c: UInt32) -> Bool {
        c == 0x2A || c == 0x7C || MF2Characters.isNameChar(c)
    }

    /// `variant = key *(s key) o quoted-pattern`.
    private mutating func parseVariant() throws(MF2Error) -> MF2Variant {
        let start = i
        var keys: [MF2Key] = [try parseKey()]
        while true {
            let spaced = skipSpace()
            if isAt("{{") { break }
            guard let c = current, isKeyStart(c) else {
                throw syntaxError(
                    "expected a quoted pattern '{{…}}' after the variant's keys, not \(describe(at: i))", at: i)
            }
            guard spaced else { throw syntaxError("expected a space between variant keys", at: i) }
            keys.append(try parseKey())
        }
        let pattern = try parseQuotedPattern()
        return MF2Variant(keys: keys, pattern: pattern, range: offsets[start]..<offsets[i])
    }

    /// `key = literal / "*"`.
    private mutating func parseKey() throws(MF2Error) -> MF2Key {
        if isAt("*") {
            i += 1
            return .catchall(range: range(i - 1, i))
        }
        return .literal(try parseLiteral())
    }

    // MARK: Patterns

    /// `quoted-pattern = "{{" pattern "}}"`.
    private mutating func parseQuotedPattern() throws(MF2Error) -> MF2Pattern {
        let open = i
        i += 2
        let pattern = try parsePattern(quotedFrom: open)
        i += 2  // }}, which parsePattern found
        return pattern
    }

    /// `pattern = *(text-char / escaped-char / placeholder)`. In a quoted pattern (`quotedFrom`
    /// is its `{{`) it stops before `}}`; a simple message's pattern runs to the end.
    private mutating func parsePattern(quotedFrom open: Int?) throws(MF2Error) -> MF2Pattern {
        let start = i
        var parts: [MF2PatternPart] = []
        var text = String.UnicodeScalarView()
        var textStart = i

        func flush(_ end: Int, _ parts: inout [MF2PatternPart]) {
            if !text.isEmpty {
                parts.append(.text(String(text), range: range(textStart, end)))
                text = String.UnicodeScalarView()
            }
        }

        while true {
            guard let c = current else {
                if let open {
                    throw syntaxError(
                        "the quoted pattern is not closed: expected '}}'", range: range(open, open + 2),
                        hint: "the pattern runs to the end of the message")
                }
                break
            }
            switch c {
            case 0x7D:  // }
                if open != nil, scalar(at: i + 1) == 0x7D {
                    flush(i, &parts)
                    return MF2Pattern(parts: parts, range: range(start, i))
                }
                throw syntaxError(
                    "unescaped '}' in text", at: i,
                    hint: open == nil ? "write '\\}' for a brace in text"
                        : "write '\\}' for a brace in text; '}}' ends the pattern")
            case 0x7B:  // {
                flush(i, &parts)
                parts.append(try parsePlaceholder())
                textStart = i
            case 0x5C:  // \
                text.append(try parseEscape())
            case 0:
                throw syntaxError("the NUL character (U+0000) is not allowed in a message", at: i)
            default:
                text.append(scalars[i])
                i += 1
            }
        }
        flush(i, &parts)
        return MF2Pattern(parts: parts, range: range(start, i))
    }

    /// `escaped-char = backslash ( backslash / "{" / "|" / "}" )`.
    private mutating func parseEscape() throws(MF2Error) -> Unicode.Scalar {
        let start = i
        i += 1
        guard let c = current, c == 0x5C || c == 0x7B || c == 0x7C || c == 0x7D else {
            throw syntaxError(
                current == nil ? "a backslash at the end of the message escapes nothing"
                    : "'\\' cannot escape \(describe(at: i)): only \\\\, \\{, \\| and \\} are escapes",
                range: range(start, min(i + 1, count)),
                hint: "write '\\\\' for a backslash")
        }
        i += 1
        return scalars[i - 1]
    }

    /// `placeholder = expression / markup`.
    private mutating func parsePlaceholder() throws(MF2Error) -> MF2PatternPart {
        let open = i
        i += 1
        skipSpace()
        if isAt("#") || isAt("/") {
            return .markup(try parseMarkup(open: open))
        }
        i = open
        return .expression(try parseExpression(context: .placeholder))
    }

    // MARK: Expressions

    enum ExpressionContext { case placeholder, input, local }

    /// `expression`: `{` o (literal / variable) [s function] *(s attribute) o `}`, or
    /// `{` o function *(s attribute) o `}`. After `.input`, only a variable operand.
    private mutating func parseExpression(context: ExpressionContext) throws(MF2Error) -> MF2Expression {
        let open = i
        i += 1
        skipSpace()
        var operand: MF2Operand?
        var function: MF2Function?
        guard let c = current else {
            throw syntaxError("expected '}' to close the expression", at: i)
        }
        if context == .input && c != 0x24 {
            throw syntaxError(
                "expected a variable after '{' in .input, like .input {$name :number}, not \(describe(at: i))", at: i)
        }
        switch c {
        case 0x24:  // $
            operand = .variable(try parseVariable())
        case 0x7C:  // |
            operand = .literal(try parseLiteral())
        case 0x3A:  // :
            function = try parseFunction()
        case 0x7D:  // }
            throw syntaxError(
                context == .placeholder ? "a placeholder cannot be empty" : "an expression cannot be empty",
                range: range(open, i + 1), hint: context == .placeholder ? "write '\\{\\}' for braces in text" : nil)
        case 0x23, 0x2F:  // # /
            throw syntaxError("markup is not allowed in a declaration", at: i)
        default:
            if MF2Characters.isNameChar(c) {
                operand = .literal(try parseLiteral())
            } else if c == 0x40 {  // @
                throw syntaxError("expected a literal, a variable or a function before the attribute", at: i)
            } else {
                throw syntaxError(
                    (context == .placeholder ? "expected a literal, a variable, a function or markup"
                        : "expected a literal, a variable or a function") + " after '{', not \(describe(at: i))", at: i)
            }
        }
        if operand != nil {
            let save = i
            if skipSpace(), isAt(":") {
                function = try parseFunction()
            } else {
                i = save
            }
        }
        let attributes = try parseAttributes()
        let spaced = skipSpace()
        guard isAt("}") else { throw closingError(spaced: spaced, hasFunction: function != nil, what: "expression") }
        i += 1
        return MF2Expression(operand: operand, function: function, attributes: attributes, range: range(open, i))
    }

    /// The error at a place where `}` (or more options or attributes) was expected.
    private func closingError(spaced: Bool, hasFunction: Bool, what: String) -> MF2Error {
        guard let c = current else {
            return syntaxError("expected '}' to close the \(what)", at: i)
        }
        if !spaced && (c == 0x3A || c == 0x40 || c == 0x7C || c == 0x24 || c == 0x3D) {
            return syntaxError("expected a space before \(describe(at: i))", at: i)
        }
        if c == 0x3A && what == "expression" {
            return syntaxError(
                hasFunction ? "an expression has at most one function" : "a function must come before the attributes",
                at: i)
        }
        if MF2Characters.isNameStart(c) && looksLikeOption(at: i) {
            return syntaxError(
                hasFunction || what == "markup" ? "options must come before the attributes"
                    : "an option needs a function: expected ':' and a function name before it", at: i)
        }
        return syntaxError("expected '}' to close the \(what), not \(describe(at: i))", at: i)
    }

    /// Whether an identifier, white space and `=` start at `k` (an option written where it
    /// cannot be, rather than a missing `}`).
    private func looksLikeOption(at k: Int) -> Bool {
        var k = k
        while let c = scalar(at: k), MF2Characters.isNameChar(c) || c == 0x3A || MF2Characters.isBidi(c) { k += 1 }
        while let c = scalar(at: k), MF2Characters.isWhitespace(c) || MF2Characters.isBidi(c) { k += 1 }
        return scalar(at: k) == 0x3D
    }

    /// `function = ":" identifier *(s option)`.
    private mutating func parseFunction() throws(MF2Error) -> MF2Function {
        i += 1  // :
        let (name, nameRange) = try parseIdentifier(what: "a function name after ':'")
        let options = try parseOptions()
        return MF2Function(name: name, nameRange: nameRange, options: options)
    }

    /// `*(s option)`, `option = identifier o "=" o (literal / variable)`.
    private mutating func parseOptions() throws(MF2Error) -> [MF2Option] {
        var options: [MF2Option] = []
        while true {
            let save = i
            guard skipSpace(), let c = current, MF2Characters.isNameStart(c) else {
                i = save
                return options
            }
            let (name, nameRange) = try parseIdentifier(what: "an option name")
            skipSpace()
            guard isAt("=") else {
                throw syntaxError("expected '=' and a value after the option '\(name)'", at: i)
            }
            i += 1
            skipSpace()
            let value: MF2Operand
            if isAt("$") {
                value = .variable(try parseVariable())
            } else if let c = current, c == 0x7C || MF2Characters.isNameChar(c) {
                value = .literal(try parseLiteral())
            } else {
                throw syntaxError("expected a literal or a variable as the value of the option '\(name)'", at: i)
            }
            options.append(MF2Option(name: name, nameRange: nameRange, value: value))
        }
    }

    /// `*(s attribute)`, `attribute = "@" identifier [o "=" o literal]`.
    private mutating func parseAttributes() throws(MF2Error) -> [MF2Attribute] {
        var attributes: [MF2Attribute] = []
        while true {
            let save = i
            guard skipSpace(), isAt("@") else {
                i = save
                return attributes
            }
            i += 1
            let (name, nameRange) = try parseIdentifier(what: "an attribute name after '@'")
            let afterName = i
            skipSpace()
            var value: MF2Literal?
            if isAt("=") {
                i += 1
                skipSpace()
                guard let c = current, c == 0x7C || MF2Characters.isNameChar(c) else {
                    throw syntaxError(
                        "expected a literal as the value of the attribute '\(name)'", at: i,
                        hint: isAt("$") ? "an attribute's value cannot be a variable" : nil)
                }
                value = try parseLiteral()
            } else {
                i = afterName
            }
            attributes.append(MF2Attribute(name: name, nameRange: nameRange, value: value))
        }
    }

    /// `markup = "{" o "#" identifier *(s option) *(s attribute) o ["/"] "}"` (open, standalone)
    /// or `"{" o "/" identifier *(s option) *(s attribute) o "}"` (close); `i` is at `#` or `/`.
    private mutating func parseMarkup(open: Int) throws(MF2Error) -> MF2Markup {
        let isClose = isAt("/")
        i += 1
        let (name, nameRange) = try parseIdentifier(what: isClose ? "a markup name after '/'" : "a markup name after '#'")
        let options = try parseOptions()
        let attributes = try parseAttributes()
        let spaced = skipSpace()
        var kind: MF2Markup.Kind = isClose ? .close : .open
        if !isClose && isAt("/") {
            i += 1
            guard isAt("}") else {
                throw syntaxError("expected '}' right after '/' to close the standalone markup", at: i)
            }
            kind = .standalone
        }
        guard isAt("}") else { throw closingError(spaced: spaced, hasFunction: false, what: "markup") }
        i += 1
        return MF2Markup(kind: kind, name: name, nameRange: nameRange, options: options,
                         attributes: attributes, range: range(open, i))
    }

    // MARK: Names and literals

    /// `variable = "$" name`; its range ends with the name (a trailing bidi mark is not in it).
    private mutating func parseVariable() throws(MF2Error) -> MF2Variable {
        let start = i
        i += 1  // $
        let (name, nameRange) = try parseName(what: "a variable name after '$'")
        return MF2Variable(name: name, range: offsets[start]..<nameRange.upperBound)
    }

    /// `name = [bidi] name-start *name-char [bidi]`; the marks are not part of the name or its range.
    private mutating func parseName(what: String) throws(MF2Error) -> (String, Range<Int>) {
        if let c = current, MF2Characters.isBidi(c) { i += 1 }
        guard let c = current, MF2Characters.isNameStart(c) else {
            let found = current == nil ? "" : ", not \(describe(at: i))"
            throw syntaxError("expected \(what)\(found)", at: i,
                              hint: current.map { (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2E } == true
                                ? "a name cannot start with a digit, '-' or '.'" : nil)
        }
        let start = i
        i += 1
        while let c = current, MF2Characters.isNameChar(c) { i += 1 }
        let end = i
        if let c = current, MF2Characters.isBidi(c) { i += 1 }
        return (string(start, end), range(start, end))
    }

    /// `identifier = [namespace ":"] name`; the name keeps its namespace (`ns:name`).
    private mutating func parseIdentifier(what: String) throws(MF2Error) -> (String, Range<Int>) {
        let (first, firstRange) = try parseName(what: what)
        guard isAt(":") else { return (first, firstRange) }
        i += 1
        let (second, secondRange) = try parseName(what: "a name after the namespace '\(first):'")
        return (first + ":" + second, firstRange.lowerBound..<secondRange.upperBound)
    }

    /// `literal = quoted-literal / unquoted-literal`.
    private mutating func parseLiteral() throws(MF2Error) -> MF2Literal {
        let start = i
        if isAt("|") {
            i += 1
            var value = String.UnicodeScalarView()
            while true {
                guard let c = current else {
                    throw syntaxError(
                        "the quoted literal is not closed: expected '|'", at: start,
                        hint: "write '\\|' for a '|' inside a quoted literal")
                }
                switch c {
                case 0x7C:
                    i += 1
                    return MF2Literal(value: String(value), isQuoted: true, range: range(start, i))
                case 0x5C:
                    value.append(try parseEscape())
                case 0:
                    throw syntaxError("the NUL character (U+0000) is not allowed in a message", at: i)
                default:
                    value.append(scalars[i])
                    i += 1
                }
            }
        }
        while let c = current, MF2Characters.isNameChar(c) { i += 1 }
        guard i > start else {
            throw syntaxError("expected a literal, not \(describe(at: i))", at: i)
        }
        return MF2Literal(value: string(start, i), isQuoted: false, range: range(start, i))
    }
}
