import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakablePlatformFormats

// Platform formats and their conversion to the ICU text the checker judges, shared by ``PlatformInput``'s readers.
extension PlatformInput {
    // MARK: Platform formats

    /// `positions`: nil for a `.xcstrings` file's JSON strings (``jsonPosition(_:)``).
    static func formats(_ message: PlatformMessage, dialect: FormatDialect,
                        positions: ((PlatformForm) -> @Sendable (Int) -> SourcePosition)?) -> PlatformFormats {
        var forms: [PlatformFormats.Form] = []
        forms.reserveCapacity(message.forms.count)
        for form in message.forms where !form.path.hasPrefix("device.") {
            var substitution: String?
            if form.path.hasPrefix("substitutions.") {
                let rest = form.path.dropFirst("substitutions.".count)
                if let range = rest.firstRange(of: ".plural.") { substitution = String(rest[..<range.lowerBound]) }
            }
            let format = FormatString.parse(form.value, dialect: dialect)
            if let positions {
                forms.append(PlatformFormats.Form(path: form.path, format: format, file: message.file, substitution: substitution,
                                                  position: positions(form)))
            } else {
                forms.append(PlatformFormats.Form(path: form.path, format: format, file: message.file, substitution: substitution,
                                                  jsonStringAt: form.position))
            }
        }
        var substitutions: [String: PlatformFormats.Substitution] = [:]
        for s in message.substitutions {
            substitutions[s.name] = PlatformFormats.Substitution(argument: s.argumentNumber, formatSpecifier: s.formatSpecifier)
        }
        return PlatformFormats(dialect: dialect, forms: forms, substitutions: substitutions)
    }

    static func formats(_ resource: AndroidResource, file: String) -> PlatformFormats? {
        var forms: [PlatformFormats.Form] = []
        forms.reserveCapacity(resource.kind == .string ? 1 : resource.items.count)
        switch resource.kind {
        case .string:
            guard let value = resource.value else { return nil }
            forms.append(PlatformFormats.Form(path: "", format: FormatString.parse(value.text, dialect: .java), file: file,
                                              androidString: value))
        case .plurals:
            for item in resource.items {
                forms.append(PlatformFormats.Form(path: "plural." + (item.quantity ?? "other"),
                                                  format: FormatString.parse(item.value.text, dialect: .java), file: file,
                                                  androidString: item.value))
            }
        case .stringArray:
            // Apps format array items too (DeskClock: String.format(getStringArray(…)[i], days, hours, minutes)).
            for (index, item) in resource.items.enumerated() {
                forms.append(PlatformFormats.Form(path: "item." + String(index), format: FormatString.parse(item.value.text, dialect: .java),
                                                  file: file, androidString: item.value))
            }
        case .other:
            return nil
        }
        return PlatformFormats(dialect: .java, forms: forms)
    }

    // MARK: Conversion to ICU

    /// ICU text under construction. Positions are kept only when `tracking` (each UTF-16 unit
    /// with the file position it stands for): a message's text is made once without them, and
    /// again with them only when a finding needs a position.
    struct Builder {
        let tracking: Bool
        var utf8: [UInt8] = []
        var units: [UInt16] = []
        var positions: [SourcePosition] = []

        init(tracking: Bool) {
            self.tracking = tracking
            if !tracking { utf8.reserveCapacity(64) }
        }

        /// Text (not tracking) written into `buffer`'s storage (emptied first).
        init(reusing buffer: inout [UInt8]) {
            tracking = false
            buffer.removeAll(keepingCapacity: true)
            swap(&utf8, &buffer)
        }

        mutating func synthetic(_ text: String, at position: @autoclosure () -> SourcePosition) {
            if tracking {
                let p = position()
                for u in text.utf16 { units.append(u); positions.append(p) }
            } else {
                utf8.append(contentsOf: text.utf8)
            }
        }

        mutating func literal(_ scalar: Unicode.Scalar, at position: @autoclosure () -> SourcePosition, inPlural: Bool) {
            switch scalar {
            case "'": synthetic("''", at: position())
            case "{": synthetic("'{'", at: position())
            case "}": synthetic("'}'", at: position())
            case "#" where inPlural: synthetic("'#'", at: position())
            default:
                if tracking {
                    let p = position()
                    for u in UTF16.encode(scalar)! { units.append(u); positions.append(p) }
                } else {
                    utf8.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
        }

        /// The text (not tracking).
        var text: String { UTF8Validation.string(validated: utf8) }

        /// Each UTF-16 unit's position and the end's (tracking).
        func positions(end: SourcePosition) -> [SourcePosition] { positions + [end] }
    }

    /// A converted text whose positions come from converting again with `tracking` when asked.
    static func lazilyPositioned(_ text: String, file: String,
                                 positions: @escaping @Sendable () -> [SourcePosition]) -> PositionedText {
        PositionedText(text: text, file: file) { offset in
            let all = positions()
            return all[min(max(0, offset), all.count - 1)]
        }
    }

    /// One printf format (a form's value) appended as ICU text, read as the platform reads it
    /// (``FormatString``): every specifier that reads argument N becomes `{N}` (`{N, number}`
    /// for numbers); `%%` and Java's `%n` are text; what the platform rejects or would read by
    /// accident ("100% sure") stays text — `format-mismatch` reports it. `position(i)` is the
    /// file position of the value's i-th scalar. `poundArgument`: inside a substitution, the
    /// argument `%arg` stands for (printed as `#`).
    static func appendFormat(_ value: String, dialect: FormatDialect, parsed: FormatString? = nil, position: (Int) -> SourcePosition,
                             inPlural: Bool, builder: inout Builder, substitution: (String, Int?, SourcePosition, inout Builder) -> Void) {
        let format = parsed ?? FormatString.parse(value, dialect: dialect)
        if !builder.tracking {
            appendFormatText(value, dialect: dialect, format: format, inPlural: inPlural, builder: &builder, substitution: substitution)
            return
        }
        let scalars = Array(value.unicodeScalars)
        let tracking = builder.tracking
        let nowhere = SourcePosition(line: 0, column: 0)
        var offset = 0
        func text(upTo end: Int) {
            while offset < end {
                builder.literal(scalars[offset], at: position(offset), inPlural: inPlural)
                offset += 1
            }
        }
        for spec in format.specifiers {
            text(upTo: spec.range.lowerBound)
            let at = tracking ? position(spec.range.lowerBound) : nowhere
            // What the platform does with it: the one reading import and compile share.
            let role = format.role(of: spec)
            if case .text = role {
                // Rejected, prose ("100% sure"), a relative `%<s` with nothing before it:
                // text (format-mismatch reports it).
                text(upTo: spec.range.upperBound)
                continue
            }
            offset = spec.range.upperBound
            switch role {
            case .text:
                continue
            case .percent:
                builder.literal("%", at: at, inPlural: inPlural)
            case .lineBreak:
                builder.literal("\n", at: at, inPlural: inPlural)
            case .substitutionArgument:
                builder.synthetic(inPlural ? "#" : "{count, number}", at: at)
            case .substitution(let name, let argument):
                substitution(name, argument, at, &builder)
            case .argument(let number):
                switch spec.conversion {
                case "d", "D", "i", "u", "U", "o", "O", "x", "X", "e", "E", "f", "F", "g", "G", "a", "A":
                    builder.synthetic("{\(number), number}", at: at)
                default:
                    builder.synthetic("{\(number)}", at: at)
                }
            }
        }
        text(upTo: scalars.count)
    }

    /// ``appendFormat(_:dialect:parsed:position:inPlural:builder:substitution:)`` without
    /// positions: the same text, copied from the value's UTF-8 a run at a time (only ICU's
    /// syntax characters are quoted, all ASCII).
    static func appendFormatText(_ value: String, dialect: FormatDialect, format: FormatString, inPlural: Bool,
                                 builder: inout Builder, substitution: (String, Int?, SourcePosition, inout Builder) -> Void) {
        let nowhere = SourcePosition(line: 0, column: 0)
        var value = value
        value.withUTF8 { bytes in
            var b = 0   // byte offset
            var s = 0   // scalar offset
            @inline(__always) func length(_ byte: UInt8) -> Int { byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4 }
            // The bytes ICU reads as syntax here, each repeated in every byte of a word (`#` only
            // in a plural: outside one, the apostrophe again).
            let hashes: UInt64 = inPlural ? 0x2323_2323_2323_2323 : 0x2727_2727_2727_2727
            func copy(toScalar end: Int) {
                var run = b
                while s < end && b < bytes.count {
                    // Eight bytes at a time while none is quoted and every scalar that starts in
                    // them comes before `end` (`b` may then stop inside a scalar: its other bytes
                    // are passed over below, and the loop never ends there).
                    if b + 8 <= bytes.count {
                        let w = word(bytes, at: b)
                        if zeroBytes(w ^ 0x2727_2727_2727_2727) | zeroBytes(w ^ 0x7B7B_7B7B_7B7B_7B7B) | zeroBytes(w ^ 0x7D7D_7D7D_7D7D_7D7D)
                            | zeroBytes(w ^ hashes) == 0 {
                            let starts = 8 - highBits(w & ~(w << 1) & 0x8080_8080_8080_8080)
                            if s + starts < end {
                                s += starts
                                b += 8
                                continue
                            }
                        }
                    }
                    let byte = bytes[b]
                    if byte & 0xC0 == 0x80 {
                        // The rest of a scalar begun in the last eight bytes.
                        b += 1
                        continue
                    }
                    if byte == 0x27 || byte == 0x7B || byte == 0x7D || (byte == 0x23 && inPlural) {
                        builder.utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<b]))
                        builder.utf8.append(0x27)
                        if byte != 0x27 { builder.utf8.append(byte) }
                        builder.utf8.append(0x27)
                        b += 1
                        run = b
                    } else {
                        b += length(byte)
                    }
                    s += 1
                }
                builder.utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<min(b, bytes.count)]))
            }
            func skip(toScalar end: Int) {
                while s < end && b < bytes.count {
                    b += length(bytes[b])
                    s += 1
                }
            }
            for spec in format.specifiers {
                copy(toScalar: spec.range.lowerBound)
                // What the platform does with it: the one reading import and compile share.
                let role = format.role(of: spec)
                let number: Int
                switch role {
                case .text:
                    // Rejected, prose, a relative `%<s` with nothing before it: text.
                    copy(toScalar: spec.range.upperBound)
                    continue
                case .percent:
                    skip(toScalar: spec.range.upperBound)
                    builder.utf8.append(0x25)
                    continue
                case .lineBreak:
                    skip(toScalar: spec.range.upperBound)
                    builder.utf8.append(0x0A)
                    continue
                case .substitutionArgument:
                    skip(toScalar: spec.range.upperBound)
                    builder.synthetic(inPlural ? "#" : "{count, number}", at: nowhere)
                    continue
                case .substitution(let name, let argument):
                    skip(toScalar: spec.range.upperBound)
                    substitution(name, argument, nowhere, &builder)
                    continue
                case .argument(let n):
                    skip(toScalar: spec.range.upperBound)
                    number = n
                }
                let conversion = spec.conversionScalar < 0x80 ? UInt8(spec.conversionScalar) : 0
                builder.utf8.append(0x7B)
                appendDecimal(number, to: &builder.utf8)
                switch conversion {
                case 0x64, 0x44, 0x69, 0x75, 0x55, 0x6F, 0x4F, 0x78, 0x58, 0x65, 0x45, 0x66, 0x46, 0x67, 0x47, 0x61, 0x41:  // dDiuUoOxXeEfFgGaA
                    appendASCII(", number}", to: &builder.utf8)
                default:
                    builder.utf8.append(0x7D)
                }
            }
            copy(toScalar: Int.max)
        }
    }

    /// The decimal digits of `number` (≥ 0) as UTF-8, without making a String.
    static func appendDecimal(_ number: Int, to utf8: inout [UInt8]) {
        if number < 0 {
            utf8.append(contentsOf: String(number).utf8)
        } else if number < 10 {
            utf8.append(UInt8(0x30 + number))
        } else {
            appendDecimal(number / 10, to: &utf8)
            utf8.append(UInt8(0x30 + number % 10))
        }
    }

    /// Positions in a `.xcstrings` JSON string: the opening quote plus the offset (escapes
    /// before the offset are not counted).
    static func jsonPosition(_ form: PlatformForm) -> @Sendable (Int) -> SourcePosition {
        let start = form.position
        return { SourcePosition(line: start.line, column: start.column + 1 + $0) }
    }

    /// A `.xcstrings` (or Xcode XLIFF) message as ICU text. Plurals are named after the
    /// argument they select on, so that a source with a substitution (`%2$#@count@`) and a
    /// translation without one (`%2$lld`) name the same argument.
    /// The argument a whole-message plural selects on: the first number its `other` form
    /// prints (as the source string's "%lld stars" passes it), else 1.
    static func pluralSelector(_ message: PlatformMessage, dialect: FormatDialect) -> Int? {
        let pluralForms = message.pluralForms
        guard !pluralForms.isEmpty else { return nil }
        let sample = (pluralForms.first { $0.category == "other" } ?? pluralForms[0]).form.value
        return firstNumber(sample, dialect: dialect) ?? 1
    }

    static func firstNumber(_ format: String, dialect: FormatDialect) -> Int? {
        FormatString.parse(format, dialect: dialect).specifiers.first {
            $0.substitution == nil && $0.readsArgument && "dDiuUoOxXeEfFgGaA".contains($0.conversion) && !$0.looksLikeProse
        }?.argument
    }

    /// `selector`: the source's plural argument, so that every locale names it the same.
    /// `formats`: the message's formats, parsed once (``formats(_:dialect:positions:)``).
    static func convert(_ message: PlatformMessage, dialect: FormatDialect, formats: PlatformFormats? = nil,
                        positions: (@Sendable (PlatformForm) -> @Sendable (Int) -> SourcePosition)?,
                        selector: Int? = nil) -> PositionedText? {
        guard let text = build(message, dialect: dialect, formats: formats, positions: positions, selector: selector,
                               tracking: false) else { return nil }
        return lazilyPositioned(text.text, file: message.file) {
            let builder = build(message, dialect: dialect, formats: formats, positions: positions, selector: selector, tracking: true)!
            return builder.positions(end: builder.positions.last ?? message.keyPosition)
        }
    }

    static func build(_ message: PlatformMessage, dialect: FormatDialect, formats: PlatformFormats?,
                      positions: ((PlatformForm) -> @Sendable (Int) -> SourcePosition)?, selector: Int?, tracking: Bool) -> Builder? {
        var builder = Builder(tracking: tracking)
        let nowhere: @Sendable (Int) -> SourcePosition = { _ in SourcePosition(line: 0, column: 0) }
        func position(_ form: PlatformForm) -> @Sendable (Int) -> SourcePosition {
            if tracking { return positions?(form) ?? jsonPosition(form) }
            return nowhere
        }
        func parsed(_ form: PlatformForm) -> FormatString? { formats?.forms.first { $0.path == form.path }?.format }
        func plural(_ name: String, forms: [(category: String, form: PlatformForm)], at: SourcePosition, builder: inout Builder) {
            // Written a piece at a time (no interpolated strings made per message).
            builder.synthetic("{", at: at)
            builder.synthetic(name, at: at)
            builder.synthetic(", plural,", at: at)
            for (category, form) in forms {
                // Apple's `zero` variation is used for 0 in every language: ICU's =0.
                builder.synthetic(" ", at: form.position)
                builder.synthetic(category == "zero" ? "=0" : category, at: form.position)
                builder.synthetic(" {", at: form.position)
                appendFormat(form.value, dialect: dialect, parsed: parsed(form), position: position(form), inPlural: true,
                             builder: &builder) { _, _, p, b in
                    b.synthetic("#", at: p)
                }
                builder.synthetic("}", at: form.position)
            }
            builder.synthetic("}", at: at)
        }
        let pluralForms = message.pluralForms
        if !pluralForms.isEmpty {
            // The variation is chosen by the format's first number: name the plural after it.
            let selector = selector ?? pluralSelector(message, dialect: dialect) ?? 1
            plural(String(selector), forms: pluralForms, at: message.keyPosition, builder: &builder)
        } else if let text = message.text {
            appendFormat(text.value, dialect: dialect, parsed: parsed(text), position: position(text), inPlural: false,
                         builder: &builder) { name, argument, at, b in
                let forms = message.pluralForms(ofSubstitution: name)
                let number = message.substitutions.first { $0.name == name }?.argumentNumber ?? argument
                let argumentName = number.map(String.init) ?? identifier(name)
                if forms.isEmpty { b.synthetic("{\(argumentName)}", at: at) } else { plural(argumentName, forms: forms, at: at, builder: &b) }
            }
        } else {
            return nil
        }
        return builder
    }

    /// The pattern of a converted Apple string (``build(_:dialect:formats:positions:selector:tracking:)``)
    /// whose ICU text is text, `{N}`, `{N, number}` and plurals `{N, plural, one {…} other {…}}`
    /// as that conversion writes them (selectors `=0` and ICU's plural keywords, an `other` case,
    /// bodies of text, `#` and those arguments), without an apostrophe: built from the text in
    /// one pass, exactly as ``MessagePattern/init(_:)`` parses it (tested against the parser on
    /// many converted strings); nil for anything else, which the parser then reads.
    /// `parts`: argument parts to share with other messages (``ArgumentParts``).
    static func applePattern(_ text: String, parts: ArgumentParts? = nil) -> MessagePattern? {
        var source = text
        return source.withUTF8 { bytes -> MessagePattern? in
            var reader = ConvertedText(bytes: bytes, shared: parts)
            guard let body = reader.body(inPlural: false), reader.i == bytes.count, reader.u16 <= MessagePattern.maximumLength else {
                return nil
            }
            return MessagePattern(source: text, parsedBody: body)
        }
    }

    /// Reads the ICU text ``applePattern(_:)`` builds patterns of: UTF-8 in, UTF-16 offsets out.
    struct ConvertedText {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var u16 = 0
        var shared: ArgumentParts?

        init(bytes: UnsafeBufferPointer<UInt8>, shared: ArgumentParts? = nil) {
            self.bytes = bytes
            self.shared = shared
        }

        func matches(_ word: StaticString) -> Bool {
            guard i + word.utf8CodeUnitCount <= bytes.count else { return false }
            for k in 0..<word.utf8CodeUnitCount where bytes[i + k] != word.utf8Start[k] { return false }
            return true
        }

        /// A message (to the end of the text) or a plural case's (to its `}`, left unread).
        mutating func body(inPlural: Bool) -> MessageBody? {
            var parts: [MessagePart] = []
            let start = u16
            var textByte = i
            var textU16 = u16
            func flush() {
                if i > textByte {
                    parts.append(.text(UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[textByte..<i])),
                                       range: textU16..<u16))
                }
            }
            while i < bytes.count {
                let b = bytes[i]
                switch b {
                case 0x27: return nil  // ' (quoting: the parser's)
                case 0x7D:  // }
                    guard inPlural else { return nil }
                    flush()
                    return MessageBody(parts: exactCopy(parts), range: start..<u16)
                case 0x23 where inPlural:  // #
                    flush()
                    parts.append(.pound(range: u16..<u16 + 1))
                    i += 1
                    u16 += 1
                    textByte = i
                    textU16 = u16
                case 0x7B:  // {
                    flush()
                    let argumentStart = u16
                    guard let argument = argument(inPlural: inPlural) else { return nil }
                    // `{N}` and `{N, number}` are all their number and start (no leading zero).
                    switch argument.kind {
                    case .none where shared != nil && argument.number != nil:
                        parts.append(shared!.part(start: argumentStart, number: argument.number!, isNumber: false) { .argument(argument) })
                    case .simple where shared != nil && argument.number != nil:
                        parts.append(shared!.part(start: argumentStart, number: argument.number!, isNumber: true) { .argument(argument) })
                    default:
                        parts.append(.argument(argument))
                    }
                    textByte = i
                    textU16 = u16
                default:
                    u16 += b >= 0xF0 ? 2 : (b & 0xC0 == 0x80 ? 0 : 1)
                    i += 1
                }
            }
            guard !inPlural else { return nil }
            flush()
            return MessageBody(parts: exactCopy(parts), range: start..<u16)
        }

        /// `{N}`, `{N, number}`, or (outside a plural) `{N, plural, …}`, at its `{`.
        mutating func argument(inPlural: Bool) -> ArgumentNode? {
            let argumentStart = u16
            i += 1
            u16 += 1
            let nameByte = i
            let nameStart = u16
            guard i < bytes.count, bytes[i] >= 0x31 && bytes[i] <= 0x39 else { return nil }
            var number = 0
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                number = number * 10 + Int(bytes[i] - 0x30)
                if number > 0x7FFF { return nil }
                i += 1
            }
            u16 += i - nameByte
            let name = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[nameByte..<i]))
            let nameRange = nameStart..<u16
            if i < bytes.count && bytes[i] == 0x7D {
                i += 1
                u16 += 1
                return ArgumentNode(name: name, number: number, nameRange: nameRange, range: argumentStart..<u16, kind: .none)
            }
            if matches(", number}") {
                let typeStart = u16 + 2
                i += 9
                u16 += 9
                return ArgumentNode(name: name, number: number, nameRange: nameRange, range: argumentStart..<u16,
                                    kind: .simple(SimpleArgument(type: .number, typeText: "number", typeRange: typeStart..<typeStart + 6,
                                                                 styleText: nil, styleRange: nil, style: .number(.default))))
            }
            guard !inPlural, matches(", plural,") else { return nil }
            i += 9
            u16 += 9
            let styleStart = u16
            var cases: [PluralCase] = []
            var hasOther = false
            while true {
                guard i < bytes.count else { return nil }
                if bytes[i] == 0x7D { break }
                guard bytes[i] == 0x20, i + 1 < bytes.count else { return nil }
                i += 1
                u16 += 1
                let selectorByte = i
                let selectorStart = u16
                let selector: PluralSelector
                if matches("=0 ") {
                    i += 2
                    selector = .explicit(0)
                } else {
                    while i < bytes.count, bytes[i] >= 0x61 && bytes[i] <= 0x7A { i += 1 }
                    let word = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[selectorByte..<i]))
                    guard ["zero", "one", "two", "few", "many", "other"].contains(word) else { return nil }
                    if word == "other" { hasOther = true }
                    selector = .keyword(word)
                }
                u16 += i - selectorByte
                let selectorText = UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: bytes[selectorByte..<i]))
                let selectorRange = selectorStart..<u16
                guard matches(" {") else { return nil }
                i += 2
                u16 += 2
                guard let body = body(inPlural: true), i < bytes.count, bytes[i] == 0x7D else { return nil }
                i += 1
                u16 += 1
                cases.append(PluralCase(selector: selector, selectorText: selectorText, selectorRange: selectorRange, message: body))
            }
            guard hasOther else { return nil }
            i += 1
            u16 += 1
            return ArgumentNode(name: name, number: number, nameRange: nameRange, range: argumentStart..<u16,
                                kind: .plural(PluralArgument(isOrdinal: false, offset: 0, offsetRange: nil, cases: exactCopy(cases),
                                                             styleStart: styleStart)))
        }
    }

    /// A substitution name as an ICU argument name (`total.strings` → `total_strings`).
    static func identifier(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map {
            ($0.properties.isAlphabetic || ($0.value >= 48 && $0.value <= 57) || $0 == "_") ? $0 : "_"
        }))
    }

    /// `speakable compile`'s companion for an ICU `=N` case that Android plurals cannot say
    /// (`<plurals name="coins__count_eq0">` with one `other` item): the text for exactly N,
    /// used only then, so no other category is missing.
    static func isExactValueCompanion(_ resource: AndroidResource) -> Bool {
        guard resource.items.count == 1, resource.items[0].quantity == "other" else { return false }
        let name = resource.name
        // A name whose last byte is not an ASCII digit does not end in an ASCII digit character.
        guard let last = name.utf8.last, last >= 0x30 && last <= 0x39 else { return false }
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return false }
        let rest = name.dropLast(digits.count)
        return rest.hasSuffix("_eq") && rest.dropLast(3).contains("__")
    }

    /// What a `<plurals>` selects on, as ICU names it: the argument its `other` item prints
    /// with an integer specifier (apps pass the quantity again as an argument:
    /// `getQuantityString(id, n, n)`), else `count` (the quantity only).
    static func pluralName(_ resource: AndroidResource) -> String {
        let other = resource.items.first { $0.quantity == "other" } ?? resource.items.last
        guard let other, let spec = FormatString.parse(other.value.text, dialect: .java).specifiers.first(where: {
            $0.readsArgument && "doxX".contains($0.conversion) && $0.dateTimeSuffix == nil
        }), let argument = spec.argument else { return "count" }
        return String(argument)
    }

    /// An Android `<string>`, `<plurals>` or `<string-array>` as ICU text, positions aligned
    /// with the raw XML. A string array reads as its items, one per line (each a format of its
    /// own, as apps format them).
    ///
    /// `pluralName`: the source's name for the plural's argument (``pluralName(_:)``). The
    /// formats (``formats(_:file:)``) are the resource's strings, parsed and positioned once.
    static func convert(_ resource: AndroidResource, formats: PlatformFormats, pluralName: String? = nil) -> PositionedText? {
        guard let text = build(resource, formats: formats, pluralName: pluralName, tracking: false) else { return nil }
        // What the positions need of the resource, kept until the locale is checked: not the
        // element's markup, attributes or comment.
        var kept = resource
        kept.rawXML = ""
        kept.rawComments = ""
        kept.attributes = []
        kept.comment = nil
        let resource = kept
        // Positions only when a finding asks: the same conversion again, each scalar aligned with
        // the raw XML.
        return lazilyPositioned(text.text, file: formats.forms.first?.file ?? "") {
            let builder = build(resource, formats: formats, pluralName: pluralName, tracking: true)!
            return builder.positions(end: builder.positions.last ?? resource.position)
        }
    }

    static func build(_ resource: AndroidResource, formats: PlatformFormats, pluralName: String?, tracking: Bool) -> Builder? {
        var builder = Builder(tracking: tracking)
        if !tracking {
            // Room for the values and what the conversion adds around each (one allocation).
            var room = resource.value?.text.utf8.count ?? 0
            for item in resource.items { room += item.value.text.utf8.count + 24 }
            builder.utf8.reserveCapacity(room + 48)
        }
        func noSubstitutions(_ name: String, _ argument: Int?, _ at: SourcePosition, _ b: inout Builder) {
            b.synthetic("{\(name)}", at: at)
        }
        let forms = formats.forms
        func append(_ index: Int, _ value: AndroidString, inPlural: Bool) {
            // Tracking: each value aligned once (a form's own position map aligns on every call).
            let position = tracking ? alignment(value) : { _ in SourcePosition(line: 0, column: 0) }
            appendFormat(value.text, dialect: .java, parsed: forms[index].format, position: position, inPlural: inPlural,
                         builder: &builder, substitution: noSubstitutions)
        }
        switch resource.kind {
        case .string:
            guard let value = resource.value, !forms.isEmpty else { return nil }
            append(0, value, inPlural: false)
        case .plurals where isExactValueCompanion(resource):
            // One text for one exact quantity: read it as the string it is.
            append(0, resource.items[0].value, inPlural: false)
        case .plurals:
            guard !resource.items.isEmpty else { return nil }
            builder.synthetic("{\(pluralName ?? Self.pluralName(resource)), plural,", at: resource.position)
            for (index, item) in resource.items.enumerated() {
                builder.synthetic(" \(item.quantity ?? "other") {", at: item.position)
                append(index, item.value, inPlural: true)
                builder.synthetic("}", at: item.position)
            }
            builder.synthetic("}", at: resource.position)
        case .stringArray:
            guard !resource.items.isEmpty else { return nil }
            for (index, item) in resource.items.enumerated() {
                if index > 0 { builder.synthetic("\n", at: item.position) }
                append(index, item.value, inPlural: false)
            }
        case .other:
            return nil
        }
        return builder
    }

    /// The line and column of each of `scalars` within them, and of their end (the last element),
    /// as ``TextPositions`` counts them: a line ends at `\n`, at `\r\n` or at a lone `\r`, columns
    /// are counted in scalars.
    static func scalarPositions(_ scalars: [Unicode.Scalar]) -> [SourcePosition] {
        var positions: [SourcePosition] = []
        positions.reserveCapacity(scalars.count + 1)
        var line = 1
        var column = 1
        var previousWasCR = false
        for scalar in scalars {
            if previousWasCR && scalar != "\n" {
                line += 1
                column = 1
            }
            positions.append(SourcePosition(line: line, column: column))
            previousWasCR = scalar == "\r"
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        if previousWasCR {
            line += 1
            column = 1
        }
        positions.append(SourcePosition(line: line, column: column))
        return positions
    }

    /// Whether `scalar` has Unicode's White_Space property: for ASCII, a tab, line feed, vertical
    /// tab, form feed, carriage return or space, read without the property tables.
    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (scalar.value >= 0x09 && scalar.value <= 0x0D) || scalar.value == 0x20 : scalar.properties.isWhitespace
    }

    /// Maps each scalar of the decoded text to where it is written in the raw XML: decoding only
    /// drops characters (tags, quotes, backslashes, entity names) and turns Android's escapes
    /// `\n`, `\t` and `\uXXXX` into the character they name, so the two align greedily (an
    /// escape's character at its backslash).
    static func alignment(_ string: AndroidString) -> @Sendable (Int) -> SourcePosition {
        alignment(decoded: string.text, raw: string.rawXML, start: string.position)
    }

    static func alignment(decoded text: String, raw rawText: String, start: SourcePosition) -> @Sendable (Int) -> SourcePosition {
        let decoded = Array(text.unicodeScalars)
        let raw = Array(rawText.unicodeScalars)
        let rawPositions = scalarPositions(raw)
        var rawIndexOfDecoded: [Int] = []
        rawIndexOfDecoded.reserveCapacity(decoded.count + 1)
        /// The length of the escape at raw index `k` when it is written for `scalar` (`\n` for a
        /// line feed, `\t` for a tab, `\u` and four hex digits for its code point), else 0.
        func escape(at k: Int, for scalar: Unicode.Scalar) -> Int {
            guard raw[k] == "\\", k + 1 < raw.count else { return 0 }
            switch raw[k + 1] {
            case "n": return scalar == "\n" ? 2 : 0
            case "t": return scalar == "\t" ? 2 : 0
            case "u":
                guard k + 5 < raw.count else { return 0 }
                var digits = ""
                digits.unicodeScalars.append(contentsOf: raw[k + 2...k + 5])
                return UInt32(digits, radix: 16) == scalar.value ? 6 : 0
            default: return 0
            }
        }
        var j = 0
        for scalar in decoded {
            var k = j
            let limit = min(raw.count, j + 16)
            var length = 1
            while k < limit {
                if raw[k] == scalar || (isWhitespace(scalar) && isWhitespace(raw[k])) { break }
                length = escape(at: k, for: scalar)
                if length > 0 { break }
                length = 1
                k += 1
            }
            if k < limit {
                rawIndexOfDecoded.append(k)
                j = k + length
            } else {
                rawIndexOfDecoded.append(min(j, max(0, raw.count - 1)))
            }
        }
        rawIndexOfDecoded.append(min(j, raw.count))
        let indices = rawIndexOfDecoded
        return { offset in
            let index = indices[min(max(0, offset), indices.count - 1)]
            let p = rawPositions[min(max(0, index), rawPositions.count - 1)]
            return p.line == 1 ? SourcePosition(line: start.line, column: start.column + p.column - 1)
                               : SourcePosition(line: start.line + p.line - 1, column: p.column)
        }
    }
}
