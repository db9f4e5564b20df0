import SpeakableICU
import SpeakableMessages

/// The plural and selectordinal arguments of a message, as the plural rules read them.
enum PluralArguments {
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
}
