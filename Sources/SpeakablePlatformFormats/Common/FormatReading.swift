/// The language a printf format string is written in.
public enum FormatDialect: Hashable, Sendable {
    /// CFString / NSString formats (`String(format:)`), with String Catalog substitutions
    /// (`%#@name@`, `%arg`).
    case apple
    /// `java.util.Formatter`, as Android's `getString(id, args…)` and `getQuantityString` run it.
    case java
}

extension FormatSpecifier {
    /// What the platform does with a specifier of a parsed format: the one reading of a printf
    /// format that `speakable import`, `speakable compile` and `speakable check` share.
    public enum Role: Hashable, Sendable {
        /// Printed as written: a specifier the formatter rejects (Java throws, and text read
        /// without formatting shows it as it is), a stray `%` that reads like prose on Apple
        /// ("100% sure" is `% s` there), a relative `%<s` with nothing before it.
        case text
        /// `%%`: one `%`.
        case percent
        /// Java's `%n`: a line break.
        case lineBreak
        /// Reads argument N (1-based), as the platform numbers them.
        case argument(Int)
        /// Apple `%#@name@`: a substitution, and the argument it reads (nil when unresolved).
        case substitution(name: String, argument: Int?)
        /// Apple `%arg`: the number of the substitution it is inside.
        case substitutionArgument
    }

    /// What the argument is, as the conversion says.
    public enum ValueKind: Hashable, Sendable {
        /// `%s`, `%@`, `%S`: any value, printed as text.
        case text
        /// `%d`, `%lld`, `%x`, `%o`, `%u`…
        case integer
        /// `%f`, `%e`, `%g`, `%a`.
        case floatingPoint
        /// `%c`.
        case character
        /// Java `%tH`…: a date or time.
        case date
        /// `%#@name@`, `%arg` (the substitution's number), `%%`, `%n`.
        case substitution
        /// `%b`, `%h`, `%p`.
        case other
    }

    /// The kind of value the conversion prints (what an app passes for it).
    public var valueKind: ValueKind {
        if hasSubstitution { return .substitution }
        if dateTimeSuffix != nil { return .date }
        switch conversionScalar {
        case 0x64, 0x44, 0x69, 0x75, 0x55, 0x6F, 0x4F, 0x78, 0x58: return .integer          // d D i u U o O x X
        case 0x65, 0x45, 0x66, 0x46, 0x67, 0x47, 0x61, 0x41: return .floatingPoint          // e E f F g G a A
        case 0x63, 0x43: return .character                                                  // c C
        case 0x25, 0x6E: return .substitution                                               // % n
        case 0x70, 0x62, 0x42, 0x68, 0x48: return .other                                    // p b B h H
        default: return .text
        }
    }
}

extension FormatString {
    /// What the platform does with `spec`, one of this format's specifiers.
    ///
    /// ```swift
    /// let java = FormatString.parse("%2$s of %s, 100%% done%n", dialect: .java)
    /// java.specifiers.map(java.role)
    /// // [.argument(2), .argument(1), .percent, .lineBreak]   (Java counts ordinary specifiers apart)
    /// let apple = FormatString.parse("100% sure, %lld left", dialect: .apple)
    /// apple.specifiers.map(apple.role)   // [.text, .argument(1)]: "% s" is prose
    /// ```
    public func role(of spec: FormatSpecifier) -> FormatSpecifier.Role {
        if !problems.isEmpty, problems.contains(where: { $0.range == spec.range }) { return .text }
        if dialect == .apple && spec.looksLikeProse { return .text }
        if spec.hasSubstitution {
            let name = spec.substitution ?? ""
            return name.isEmpty ? .substitutionArgument : .substitution(name: name, argument: spec.argument)
        }
        if case .none = spec.index {
            return spec.conversionScalar == 0x25 ? .percent : .lineBreak
        }
        guard let argument = spec.argument else { return .text }
        return .argument(argument)
    }

    /// One piece of a format as the platform prints it.
    public enum Piece: Hashable, Sendable {
        /// Text printed as it is (`%%` already one `%`, Java's `%n` a line break, a rejected
        /// specifier as written).
        case text(String)
        /// A specifier that reads an argument, a substitution or `%arg`.
        case specifier(FormatSpecifier, FormatSpecifier.Role)
    }

    /// `text` (the string this format was parsed from) as text and the specifiers that read
    /// arguments, in order; adjacent text is joined. `formatted: false`: the app shows the text
    /// as it is — a message none of whose strings reads an argument is no format (Android's
    /// `getString(id)`, a String Catalog key without arguments), `%%` included.
    ///
    /// ```swift
    /// let text = "Saved %1$.2fx (100%%)"
    /// FormatString.parse(text, dialect: .java).pieces(of: text)
    /// // [.text("Saved "), .specifier(%1$.2f, .argument(1)), .text("x (100%)")]
    /// FormatString.parse("100%% sure", dialect: .java).pieces(of: "100%% sure", formatted: false)   // [.text("100%% sure")]
    /// ```
    public func pieces(of text: String, formatted: Bool = true) -> [Piece] {
        guard !specifiers.isEmpty else { return text.isEmpty ? [] : [.text(text)] }
        guard formatted else { return [.text(text)] }
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var literal = String.UnicodeScalarView()
        var offset = 0
        func copy(upTo end: Int) {
            while offset < min(end, scalars.count) {
                literal.append(scalars[offset])
                offset += 1
            }
        }
        for spec in specifiers {
            copy(upTo: spec.range.lowerBound)
            let role = role(of: spec)
            switch role {
            case .text:
                copy(upTo: spec.range.upperBound)
                continue
            case .percent:
                literal.append("%")
            case .lineBreak:
                literal.append("\n")
            case .argument, .substitution, .substitutionArgument:
                if !literal.isEmpty {
                    pieces.append(.text(String(literal)))
                    literal = String.UnicodeScalarView()
                }
                pieces.append(.specifier(spec, role))
            }
            offset = spec.range.upperBound
        }
        copy(upTo: scalars.count)
        if !literal.isEmpty { pieces.append(.text(String(literal))) }
        return pieces
    }

    /// Whether some specifier reads an argument, is a substitution or `%arg`: whether the app
    /// formats the text at all.
    public var readsArguments: Bool {
        specifiers.contains { spec in
            switch role(of: spec) {
            case .argument, .substitution, .substitutionArgument: true
            case .text, .percent, .lineBreak: false
            }
        }
    }

    /// The specifiers that read an argument (not a substitution or `%arg`), with the argument each reads.
    public var arguments: [(specifier: FormatSpecifier, argument: Int)] {
        specifiers.compactMap { spec in
            if case .argument(let n) = role(of: spec) { return (spec, n) }
            return nil
        }
    }
}
