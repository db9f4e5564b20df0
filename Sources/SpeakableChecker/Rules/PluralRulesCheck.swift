import SpeakableICU
import SpeakableMessages

/// `plural-categories` and `plural-literal-number`, with the locale's own CLDR rules from ICU.
enum PluralRulesCheck {
    static func check(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        let categoriesOn = emitter.isOn(.pluralCategories) || emitter.isOn(.unusedPluralCategory)
        let literalOn = emitter.isOn(.pluralLiteralNumber)
        guard categoriesOn || literalOn else { return }
        guard hasPlural(pattern.body) else { return }
        var plurals: [(ArgumentNode, PluralArgument)] = []
        collectPlurals(pattern.body, into: &plurals)
        guard !plurals.isEmpty else { return }
        // Numbers written in a case are ASCII digits of the message (quoting adds none).
        var text = c.text.text
        let hasDigits = text.withUTF8 { bytes in bytes.contains { $0 >= 0x30 && $0 <= 0x39 } }
        for (argument, plural) in plurals {
            guard let info = c.localeFacts.pluralInfo(ordinal: plural.isOrdinal) else { continue }
            if categoriesOn { categories(c, argument, plural, info, emitter: &emitter) }
            if literalOn && hasDigits { literalNumbers(c, argument, plural, info, emitter: &emitter) }
        }
    }

    /// The CLDR category a case keyword names (`PluralCategory(rawValue:)` without a string switch).
    static func category(named word: String) -> PluralCategory? {
        switch word.utf8.count {
        case 3: word == "one" ? .one : word == "two" ? .two : word == "few" ? .few : nil
        case 4: word == "zero" ? .zero : word == "many" ? .many : nil
        case 5: word == "other" ? .other : nil
        default: nil
        }
    }

    static func kindName(_ plural: PluralArgument) -> String { plural.isOrdinal ? "selectordinal" : "plural" }

    /// Whether the body has a plural or selectordinal anywhere (most messages have none).
    static func hasPlural(_ body: MessageBody) -> Bool {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            switch argument.kind {
            case .none, .simple: continue
            case .plural: return true
            case .select(let s): if s.cases.contains(where: { hasPlural($0.message) }) { return true }
            case .choice(let c): if c.cases.contains(where: { hasPlural($0.message) }) { return true }
            }
        }
        return false
    }

    // MARK: plural-categories

    static func categories(_ c: MessageContext, _ argument: ArgumentNode, _ plural: PluralArgument, _ info: PluralCategoryInfo,
                           emitter: inout Emitter) {
        let kind = kindName(plural)
        let rulesName = plural.isOrdinal ? "ordinal" : "plural"
        // The categories written as keywords (a bit per category), and the explicit values.
        var keywords: UInt8 = 0
        var explicit: [Double] = []
        // Android's default resources (values/) are what every locale without its own
        // translation shows, with that locale's plural rules (Resources.getQuantityString
        // selects by the device's locale): an English `zero` item is Arabic's and Latvian's 0.
        let everyLocaleReaches = c.isSource && (c.formats?.dialect == .java || c.unit.sourceReachesEveryLocale)
        for item in plural.cases {
            switch item.selector {
            case .explicit(let value):
                explicit.append(value)
            case .keyword(let word):
                let category = category(named: word)
                if let category {
                    keywords |= category.bit
                    if info.categoryBits & category.bit != 0 || everyLocaleReaches { continue }
                }
                let what = category == nil ? "'\(word)' is not a CLDR plural category"
                                           : "'\(word)' is never used in \(c.tag)"
                let fix: String
                if word == "zero" || word == "one" || word == "two", category != nil {
                    let n = word == "zero" ? 0 : word == "one" ? 1 : 2
                    fix = "remove it, or write =\(n) {…} if exactly \(n) needs its own words"
                } else {
                    fix = "remove it; \(c.tag) selects only " + info.categories.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                }
                // Dead text, not a failure (Android Lint's UnusedQuantity is a warning too).
                RuleRunner.emit(.unusedPluralCategory, c, range: item.selectorRange, emitter: &emitter,
                                message: "\(what): \(c.tag) \(rulesName) rules have \(info.describeAll), so this case is never shown",
                                hint: fix, subject: "unused:\(argument.name):\(word)")
            }
        }
        // Every category of the locale has its case: none is missing.
        if info.categoryBits & ~keywords & ~PluralCategory.other.bit == 0 { return }
        let examplesHaveDecimals = c.source.examples.contains { args in
            if case .double(let d)? = args[argument.name] { return d != d.rounded(.towardZero) }
            return false
        }
        // An 'other' case with no words ("#", "{n}") reads the same for every number: no
        // category is missing then.
        if let other = plural.otherCase {
            var texts: [(String, Range<Int>)] = []
            var shows = false
            collect(other.message, name: argument.name, texts: &texts, showsNumber: &shows)
            if !texts.contains(where: { $0.0.unicodeScalars.contains { $0.properties.isAlphabetic } }) { return }
        }
        let examplesReachMillions = c.source.examples.contains { args in
            switch args[argument.name] {
            case .int(let n)?: return n.magnitude >= 1_000_000
            case .double(let d)?: return d.magnitude >= 1_000_000
            default: return false
            }
        }
        var missing: [PluralCategory] = []
        for category in info.categories where category != .other && keywords & category.bit == 0 {
            if !info.hasIntegers(category) && !examplesHaveDecimals { continue }
            // French, Spanish, Italian, Portuguese `many` holds only whole millions ("1 000 000 de
            // commandes"): needed when the examples say the count gets there.
            if !info.hasSmallIntegers(category) && info.hasIntegers(category) && !examplesReachMillions && !examplesHaveDecimals { continue }
            // Explicit cases for every number of the category cover it (only then: the members
            // are many).
            if !explicit.isEmpty {
                let members = (info.members[category] ?? []).filter { examplesHaveDecimals || $0 == $0.rounded(.towardZero) }
                if !members.isEmpty && members.allSatisfy({ explicit.contains($0 + plural.offset) }) { continue }
            }
            missing.append(category)
        }
        // Where `other` holds no whole number (Polish, Russian, Ukrainian: only fractions), a
        // count shows `other` only for a category without a case of its own: with one such
        // category, `other` is its text (pl one, few, other with `other` "5 głosów"). With two,
        // they share one text, which fits at most one of them.
        if missing.count == 1, plural.otherCase != nil, info.hasIntegers(missing[0]), !info.hasIntegers(.other), !examplesHaveDecimals {
            return
        }
        guard !missing.isEmpty, emitter.isOn(.pluralCategories) else { return }
        let names = missing.map { "'\($0.rawValue)'" }.joined(separator: " and ")
        RuleRunner.emit(.pluralCategories, c, range: argument.nameRange, emitter: &emitter,
                        message: "\(kind) '\(argument.name)' has no \(names) case, which \(c.tag) needs: \(c.tag) \(rulesName) rules have \(info.describeAll)",
                        hint: "add " + missing.map { "\($0.rawValue) {…}" }.joined(separator: " ") + "; without "
                            + (missing.count == 1 ? "it" : "them") + " " + missing.map { info.describe($0) }.joined(separator: ", ")
                            + " fall to 'other'",
                        subject: "missing:\(argument.name):" + missing.map(\.rawValue).joined(separator: ","))
    }

    // MARK: plural-literal-number

    static func literalNumbers(_ c: MessageContext, _ argument: ArgumentNode, _ plural: PluralArgument, _ info: PluralCategoryInfo,
                               emitter: inout Emitter) {
        // Only a number written in a case's text is reported: none without a digit there (the
        // converted "{1, number}" of a platform plural has its digit in an argument, not text).
        guard casesHaveDigits(plural) else { return }
        // A number written in every case is text around the plural, not its count (a platform
        // catalog copies "Level 5, " into each <plurals> item).
        var inEveryCase: Set<Int64>?
        for item in plural.cases {
            var texts: [(String, Range<Int>)] = []
            var shows = false
            collect(item.message, name: argument.name, texts: &texts, showsNumber: &shows)
            let values = Set(texts.flatMap { numbers(in: $0.0).map(\.0) })
            inEveryCase = inEveryCase.map { $0.intersection(values) } ?? values
        }
        for item in plural.cases {
            guard case .keyword(let word) = item.selector, let category = PluralCategory(rawValue: word),
                  info.categories.contains(category) else { continue }
            var texts: [(String, Range<Int>)] = []
            var showsNumber = false
            collect(item.message, name: argument.name, texts: &texts, showsNumber: &showsNumber)
            guard !showsNumber else { continue }
            let integers = (info.members[category] ?? []).filter { $0 == $0.rounded(.towardZero) }
            for (text, range) in texts {
                let segment = LiteralSegment(text: text, range: range, depth: 1, followsArgument: false, startsBody: false)
                for (value, offsets) in numbers(in: text) where plural.cases.count < 2 || !(inEveryCase?.contains(value) ?? false) {
                    guard info.category(of: Double(value)) == category,
                          integers.contains(where: { $0 != Double(value) }) else { continue }
                    let others = integers.filter { $0 != Double(value) }.prefix(3).map(PluralCategoryInfo.format)
                    let start = sourceOffset(ofPrinted: offsets.lowerBound, in: segment, source: c.text.text)
                    let end = sourceOffset(ofPrinted: offsets.upperBound, in: segment, source: c.text.text)
                    RuleRunner.emit(.pluralLiteralNumber, c, range: start..<end, emitter: &emitter,
                                    message: "'\(value)' is written out in the '\(word)' case, but '\(word)' in \(c.tag) also covers \(others.joined(separator: ", "))\(integers.count > 4 ? ", …" : ""): those would be spoken as \(value) too",
                                    hint: "write # where the number goes",
                                    subject: "\(argument.name):\(word):\(value)")
                }
            }
        }
    }

    /// The plural and selectordinal arguments of `body`, nested ones too, in the order
    /// ``MessagePattern/forEachArgument(_:)`` visits them (each before the arguments in its cases),
    /// without its closure (tested against it).
    static func collectPlurals(_ body: MessageBody, into plurals: inout [(ArgumentNode, PluralArgument)]) {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            switch argument.kind {
            case .none, .simple: continue
            case .plural(let plural):
                plurals.append((argument, plural))
                for item in plural.cases { collectPlurals(item.message, into: &plurals) }
            case .select(let select): for item in select.cases { collectPlurals(item.message, into: &plurals) }
            case .choice(let choice): for item in choice.cases { collectPlurals(item.message, into: &plurals) }
            }
        }
    }

    /// Whether a text ``collect(_:name:texts:showsNumber:)`` gathers from the plural's cases has an
    /// ASCII digit: without one, ``numbers(in:)`` finds nothing in any of them and
    /// `plural-literal-number` has nothing to report (tested against that computation).
    static func casesHaveDigits(_ plural: PluralArgument) -> Bool {
        func hasDigits(_ body: MessageBody) -> Bool {
            for part in body.parts {
                switch part {
                case .text(var text, _):
                    if text.withUTF8({ $0.contains { $0 &- 0x30 < 10 } }) { return true }
                case .pound: continue
                case .argument(let argument):
                    switch argument.kind {
                    case .select(let select): if select.cases.contains(where: { hasDigits($0.message) }) { return true }
                    case .choice(let choice): if choice.cases.contains(where: { hasDigits($0.message) }) { return true }
                    case .none, .simple, .plural: continue
                    }
                }
            }
            return false
        }
        for k in plural.cases.indices where hasDigits(plural.cases[k].message) { return true }
        return false
    }

    /// Literal text of a case (nested selects included, nested plurals not), and whether the case
    /// shows the number itself (`#` or the argument).
    static func collect(_ body: MessageBody, name: String, texts: inout [(String, Range<Int>)], showsNumber: inout Bool) {
        for part in body.parts {
            switch part {
            case .text(let text, let range): texts.append((text, range))
            case .pound: showsNumber = true
            case .argument(let argument):
                if argument.name == name { showsNumber = true }
                switch argument.kind {
                case .select(let select): select.cases.forEach { collect($0.message, name: name, texts: &texts, showsNumber: &showsNumber) }
                case .choice(let choice): choice.cases.forEach { collect($0.message, name: name, texts: &texts, showsNumber: &showsNumber) }
                case .none, .simple, .plural: break
                }
            }
        }
    }

    /// Whole integers written in ASCII digits (not part of a word, a decimal or a grouped number),
    /// with their UTF-16 offsets in `text`.
    static func numbers(in text: String) -> [(Int64, Range<Int>)] {
        let units = Array(text.utf16)
        var result: [(Int64, Range<Int>)] = []
        var i = 0
        func isDigit(_ u: UInt16) -> Bool { u >= 48 && u <= 57 }
        func isWordish(_ u: UInt16) -> Bool { isDigit(u) || (u >= 65 && u <= 90) || (u >= 97 && u <= 122) || u == 95 }
        while i < units.count {
            guard isDigit(units[i]) else { i += 1; continue }
            let start = i
            while i < units.count && isDigit(units[i]) { i += 1 }
            let end = i
            if start > 0 && (isWordish(units[start - 1]) || units[start - 1] == 46 || units[start - 1] == 44) { continue }
            if end + 1 < units.count && (units[end] == 46 || units[end] == 44) && isDigit(units[end + 1]) { continue }
            guard end - start <= 15, let value = Int64(String(decoding: units[start..<end], as: UTF16.self)) else { continue }
            result.append((value, start..<end))
        }
        return result
    }
}
