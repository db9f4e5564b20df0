import BenchmarkSupport
import SpeakableDescribers
import SpeakableICU
import SpeakableMessages

/// How one argument's values are drawn, per call, from a realistic range.
enum Draw {
    case int(ClosedRange<Int64>)
    case pick([String])
    /// A day between 2020 and 2030 at a random time (UTC milliseconds).
    case date
    /// A Sudoku cell's notes: one to four distinct digits, ascending ("1 2 5").
    case notes

    func value(_ g: inout SplitMix) -> MessageArgument {
        switch self {
        case .int(let range): return .int(Int64.random(in: range, using: &g))
        case .pick(let items): return .string(items[Int.random(in: 0..<items.count, using: &g)])
        case .date:
            let start: Int64 = 1_577_836_800_000  // 2020-01-01
            return .date(Double(start + Int64.random(in: 0..<(11 * 365 * 86_400_000), using: &g)))
        case .notes:
            var digits = Set<Int>()
            let count = Int.random(in: 1...4, using: &g)
            while digits.count < count { digits.insert(Int.random(in: 1...9, using: &g)) }
            return .string(digits.sorted().map(String.init).joined(separator: " "))
        }
    }
}

/// One message of the benchmark: a pattern in a locale and how each argument is drawn.
struct Case {
    let label: String
    let locale: String
    let pattern: String
    let draws: [String: Draw]
}

// Realistic ranges: rows and columns 1–9, scores 0–99,999, counts 0–20, durations in
// minutes and seconds, dates 2020–2030.
let row: Draw = .int(1...9)
let score: Draw = .int(0...99_999)
let count: Draw = .int(0...20)
let yesNo: Draw = .pick(["yes", "no"])

/// The built-in catalog's messages (English and Korean, as shipped), by key, with their draws.
let catalogCases: [(key: String, label: String, draws: [String: Draw])] = [
    ("sudoku.cell.label", "sudoku cell (select)",
     ["row": row, "column": row, "content": .pick(["empty", "given", "value", "error", "notes"]), "digit": .int(1...9),
      "notes": .notes]),
    ("block.cell.label", "block cell (3 selects)", ["row": .int(1...8), "column": .int(1...8), "filled": yesNo, "ink": yesNo, "marked": yesNo]),
    ("board.label", "board label", ["name": .pick(["Board", "Rack"]), "rows": row, "columns": row]),
    ("game.coins", "coins (plural, grouping)", ["amount": score]),
    ("game.control.price", "price (plural)", ["name": .pick(["Hint", "Undo", "Swap", "Bomb"]), "price": .int(1...999)]),
    ("game.level", "level stars (select, plural)", ["level": .int(1...999), "locked": yesNo, "stars": .int(0...3), "total": .int(3...3)]),
    ("game.leaderboard.row", "leaderboard row (plural, group-off)", ["rank": .int(1...100), "name": .pick(["Mina", "Joon", "Alex", "Sam"]), "score": score]),
    ("block.event.cleared", "lines cleared (plurals)", ["lines": count, "score": score, "combo": count]),
    ("game.stat.score", "score and combo", ["score": score, "combo": count]),
    ("game.duration", "duration (units)", ["span": .pick(["minutes", "mixed", "seconds"]), "minutes": .int(1...59), "seconds": .int(0...59)]),
    ("game.result.title", "result title (date)", ["mode": .pick(["daily", "journey", "classic"]), "date": .date, "level": .int(1...999)]),
    ("game.result.streak", "streak (spellout)", ["day": .int(1...365)]),
    ("block.placement.hint", "placement hint (selects)",
     ["piece": .pick(["the 2 by 2 square", "the T pointing left", "the line of 4 across", "the one block"]),
      "cells": .pick(["row 3, columns 5 to 6; row 4, columns 5 to 6", "row 1, column 2", "row 8, columns 1 to 4"]),
      "completes": yesNo, "lines": .pick(["row 4", "column 2", "row 4 and column 5"])]),
]

/// Messages the catalog does not have in these locales or forms: Russian and Arabic versions of
/// the same phrases (benchmark data only, not shipped translations), and RBNF durations.
let extraCases: [Case] = [
    Case(label: "run time (RBNF duration)", locale: "en", pattern: "Run time {t, duration}", draws: ["t": .int(0...7_200)]),
    Case(label: "seconds with words (RBNF)", locale: "en", pattern: "{t, duration, %with-words}", draws: ["t": .int(0...7_200)]),
    Case(label: "day (RBNF spellout)", locale: "ko", pattern: "{day, spellout}일째", draws: ["day": .int(1...365)]),

    Case(label: "sudoku cell (select)", locale: "ru",
         pattern: "Строка {row}, столбец {column}, {content, select, empty {пусто} given {дано {digit}} error {{digit}, ошибка} notes {заметки {notes}} other {{digit}}}",
         draws: ["row": row, "column": row, "content": .pick(["empty", "given", "value", "error", "notes"]), "digit": .int(1...9), "notes": .notes]),
    Case(label: "coins (plural, grouping)", locale: "ru",
         pattern: "{amount, plural, one {# О’Коин} few {# О’Коина} many {# О’Коинов} other {# О’Коина}}", draws: ["amount": score]),
    Case(label: "level stars (plural)", locale: "ru",
         pattern: "Уровень {level}, {stars, plural, one {# звезда} few {# звезды} many {# звёзд} other {# звезды}} из 3",
         draws: ["level": .int(1...999), "stars": .int(0...3)]),
    Case(label: "lines cleared (plurals)", locale: "ru",
         pattern: "Убрано {lines, plural, one {# линия} few {# линии} many {# линий} other {# линии}}. Счёт {score, number, ::group-off}.{combo, plural, =0 {} =1 {} other { Комбо ×#.}}",
         draws: ["lines": count, "score": score, "combo": count]),
    Case(label: "time (unit)", locale: "ru", pattern: "Время {seconds, number, ::measure-unit/duration-second unit-width-full-name}",
         draws: ["seconds": .int(0...3_599)]),
    Case(label: "daily (date)", locale: "ru", pattern: "Ежедневное задание, {date, date, ::MMMMd}", draws: ["date": .date]),
    Case(label: "day (RBNF spellout)", locale: "ru", pattern: "День {day, spellout}", draws: ["day": .int(1...365)]),

    Case(label: "sudoku cell (select)", locale: "ar",
         pattern: "الصف {row}، العمود {column}، {content, select, empty {فارغ} given {معطى {digit}} error {{digit}، خطأ} notes {ملاحظات {notes}} other {{digit}}}",
         draws: ["row": row, "column": row, "content": .pick(["empty", "given", "value", "error", "notes"]), "digit": .int(1...9), "notes": .notes]),
    Case(label: "coins (plural, grouping)", locale: "ar",
         pattern: "{amount, plural, zero {# عملة} one {عملة واحدة} two {عملتان} few {# عملات} many {# عملة} other {# عملة}}",
         draws: ["amount": score]),
    Case(label: "level stars (plural)", locale: "ar",
         pattern: "المستوى {level}، {stars, plural, zero {لا نجوم} one {نجمة واحدة} two {نجمتان} few {# نجوم} many {# نجمة} other {# نجمة}} من ٣",
         draws: ["level": .int(1...999), "stars": .int(0...3)]),
    Case(label: "score (digits)", locale: "ar", pattern: "النتيجة {score, number}", draws: ["score": score]),
    Case(label: "time (unit)", locale: "ar", pattern: "الوقت {seconds, number, ::measure-unit/duration-second unit-width-full-name}",
         draws: ["seconds": .int(0...3_599)]),
    Case(label: "daily (date)", locale: "ar", pattern: "التحدي اليومي، {date, date, ::MMMMd}", draws: ["date": .date]),
    Case(label: "day (RBNF spellout)", locale: "ar", pattern: "اليوم {day, spellout}", draws: ["day": .int(1...365)]),
]

/// Every case: the catalog's messages in English and Korean, then the extras.
func allCases() -> [Case] {
    var cases: [Case] = []
    let catalog = DescriberCatalog.builtIn
    for locale in ["en", "ko"] {
        for item in catalogCases {
            guard let entry = catalog.entries[item.key] else { fatalError("the built-in catalog has no \(item.key)") }
            let text = locale == catalog.sourceLocale ? entry.source : entry.translations[locale]
            guard let text else { fatalError("\(item.key) has no \(locale) translation") }
            cases.append(Case(label: item.label, locale: locale, pattern: text, draws: item.draws))
        }
    }
    return cases + extraCases
}
