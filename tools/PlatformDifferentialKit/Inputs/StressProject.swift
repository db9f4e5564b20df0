import SeededRandom
import SpeakableICU
import SpeakableJSON

/// A generated project that exercises everything the catalogs must carry: many locales (plural
/// systems from Korean's one category to Arabic's and Welsh's six), nested select and plural,
/// exact matches `=0`/`=1`, apostrophes, `%`, right-to-left text, several plurals in one
/// message, `::group-off`, unit skeletons, large numbers, fractions, dates, Korean particles after
/// placeholders, and characters Android must escape (`"`, `'`, `@`, `?`, `&`, `<`, newlines).
///
/// Deterministic: the same seed and size give the same files, byte for byte.
///
/// ```swift
/// try StressProject.write(seed: 1, messages: 40, to: "/tmp/stress")
/// // speakable.json, Templates/stress.json, Locales/<14 locales>/stress.json
/// ```
public enum StressProject {
    /// The target locales (the source is English).
    public static let locales = ["ar", "cs", "cy", "de", "fr", "he", "hi", "ja", "ko", "pl", "pt-BR", "ru", "sr-Latn", "zh-Hans"]

    public static func write(seed: UInt64, messages count: Int, to directory: String) throws(DifferentialError) {
        let files = generate(seed: seed, messages: count)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try Files.write(text, to: directory + "/" + path) }
    }

    /// Path → contents.
    public static func generate(seed: UInt64, messages count: Int) -> [String: String] {
        var random = SplitMix(seed: seed)
        var templates: [(String, JSONValue)] = []
        var translations: [String: [(String, JSONValue)]] = [:]
        for index in 0..<count {
            let shape = shapes[index % shapes.count]
            let key = "stress.\(shape.name).\(index / shapes.count + 1)"
            // A shape's variants come in turn (the first of each is the one a small project must
            // not miss); the seed varies the examples.
            let variant = UInt64(index / shapes.count)
            var template: [(String, JSONValue)] = [
                ("role", .string(shape.role)),
                ("message", .string(shape.text(lexicons["en"]!, variant))),
                ("comment", .string("Generated stress message (\(shape.name)), seed \(seed).")),
            ]
            let examples = shape.examples(&random)
            if !examples.isEmpty { template.append(("examples", .array(examples.map { .object($0) }))) }
            templates.append((key, .object(template)))
            for tag in locales {
                guard let lexicon = lexicons[tag] else { continue }
                translations[tag, default: []].append((key, .string(shape.text(lexicon, variant))))
            }
        }
        var files: [String: String] = [:]
        files["speakable.json"] = JSONValue.object([
            ("sourceLocale", .string("en")), ("targetLocales", .array(locales.map(JSONValue.string))),
        ]).prettyPrinted() + "\n"
        files["Templates/stress.json"] = JSONValue.object([("messages", .object(templates))]).prettyPrinted() + "\n"
        for (tag, members) in translations { files["Locales/\(tag)/stress.json"] = JSONValue.object(members).prettyPrinted() + "\n" }
        return files
    }

    // MARK: Shapes

    struct Shape: Sendable {
        let name: String
        let role: String
        let text: @Sendable (Lexicon, UInt64) -> String
        let examples: @Sendable (inout SplitMix) -> [[(String, JSONValue)]]
    }

    static func plural(_ argument: String, _ forms: [String: String], exact: [Int: String] = [:]) -> String {
        var cases = exact.keys.sorted().map { "=\($0) {\(exact[$0]!)}" }
        for category in ["zero", "one", "two", "few", "many", "other"] {
            if let text = forms[category] { cases.append("\(category) {\(text)}") }
        }
        return "{\(argument), plural, \(cases.joined(separator: " "))}"
    }

    static let shapes: [Shape] = [
        Shape(name: "count", role: "value", text: { l, _ in plural("n", l.items("#")) },
              examples: { r in [[("n", .int(Int64(r.below(30))))]] }),
        Shape(name: "countExact", role: "value", text: { l, v in
            plural("n", l.items("#"), exact: v % 2 == 0 ? [0: l.noItems, 1: l.oneItem] : [0: l.noItems])
        }, examples: { _ in [[("n", .int(0))], [("n", .int(1))]] }),
        Shape(name: "level", role: "label", text: { l, _ in l.level("{level}") + ", " + plural("stars", l.items("#")) },
              examples: { r in [[("level", .int(Int64(r.below(99) + 1))), ("stars", .int(Int64(r.below(4))))]] }),
        Shape(name: "twoPlurals", role: "announcement", text: { l, _ in
            plural("lines", l.lines("#")) + l.and + plural("points", l.points("#"))
        }, examples: { r in [[("lines", .int(Int64(r.below(5)))), ("points", .int(Int64(r.below(2000))))]] }),
        Shape(name: "nested", role: "label", text: { l, _ in
            "{mode, select, easy {\(l.easy): \(plural("n", l.items("#")))} hard {\(l.hard): \(plural("n", l.items("#"), exact: [0: l.noItems]))} other {\(l.locked)}}"
        }, examples: { r in [[("mode", .string("easy")), ("n", .int(Int64(r.below(12))))], [("mode", .string("hard")), ("n", .int(0))]] }),
        Shape(name: "apostrophe", role: "announcement", text: { l, _ in l.turn("{player}") },
              examples: { r in [[("player", .string(["Mina", "O'Brien", "Zoë"][r.below(3)]))]] }),
        // A text with two `%` and no argument first: aapt2 rejects "100% sigurno" unless the
        // string is formatted="false".
        Shape(name: "percent", role: "value", text: { l, v in
            v % 3 == 0 ? l.sure : v % 3 == 1 ? l.percentOff("{item}") : l.percentDone("{n, number}")
        }, examples: { r in [[("n", .int(Int64(r.below(101)))), ("item", .string("Hint"))]] }),
        Shape(name: "score", role: "value", text: { l, _ in l.score("{score, number, ::group-off}") },
              examples: { r in [[("score", .int(Int64(r.below(100_000))))]] }),
        Shape(name: "duration", role: "value", text: { l, _ in
            l.time("{seconds, number, ::measure-unit/duration-second unit-width-full-name}")
        }, examples: { r in [[("seconds", .int(Int64(r.below(120))))]] }),
        Shape(name: "coins", role: "label", text: { l, _ in l.coins("{coins, number}") },
              examples: { r in [[("coins", .int(Int64(r.below(10_000_000))))]] }),
        Shape(name: "particle", role: "hint", text: { l, _ in l.place("{piece}", "{row}") },
              examples: { r in [[("piece", .string(["square", "line", "T"][r.below(3)])), ("row", .int(Int64(r.below(9) + 1)))]] }),
        Shape(name: "date", role: "label", text: { l, _ in l.daily("{day, date, ::MMMMd}") },
              examples: { r in [[("day", .object([("$date", .string("2025-0\(r.below(9) + 1)-1\(r.below(9))T09:30:00Z"))]))]] }),
        Shape(name: "escapes", role: "text", text: { l, v in
            [l.markup + " — " + l.quote, "@" + l.locked + "\n" + l.newline, "?" + l.easy][Int(v % 3)]
        }, examples: { _ in [] }),
        Shape(name: "cell", role: "label", text: { l, _ in
            l.cell("{row}", "{column}") + ", {content, select, empty {\(l.empty)} given {\(l.given("{digit}"))} other {{digit}}}"
        }, examples: { r in [[("row", .int(Int64(r.below(9) + 1))), ("column", .int(Int64(r.below(9) + 1))), ("content", .string("given")), ("digit", .int(Int64(r.below(9) + 1)))]] }),
        // A fraction (the examples pass a Double): ICU's text in every locale, never %g.
        Shape(name: "fraction", role: "value", text: { l, v in
            l.time(v % 2 == 0 ? "{ratio, number}" : "{ratio, number, percent}")
        // (Below 10: a 4-digit Polish percentage is the CLDR 42/46 difference the number
        // project already shows, "1 100%" / "1100%"; here it would come and go with the seed.)
        }, examples: { r in [[("ratio", .double(Double(r.below(1_000)) / 100))]] }),
    ]

    // MARK: Words

    /// What a locale says, enough for the shapes. Plural forms use `#` for the number.
    struct Lexicon: Sendable {
        var item: [String: String]
        var line: [String: String]
        var point: [String: String]
        var noItems: String
        var oneItem: String
        var levelWord: String
        var and: String
        var easy: String
        var hard: String
        var locked: String
        var turnText: String
        var percentDoneText: String
        var percentOffText: String
        var sure: String
        var scoreText: String
        var timeText: String
        var coinsText: String
        var placeText: String
        var dailyText: String
        var quote: String
        var newline: String
        var markup: String
        var cellText: String
        var empty: String
        var givenText: String

        func items(_ n: String) -> [String: String] { item.mapValues { $0.replacing("#", with: n) } }
        func lines(_ n: String) -> [String: String] { line.mapValues { $0.replacing("#", with: n) } }
        func points(_ n: String) -> [String: String] { point.mapValues { $0.replacing("#", with: n) } }
        func level(_ n: String) -> String { levelWord.replacing("{}", with: n) }
        func turn(_ player: String) -> String { turnText.replacing("{}", with: player) }
        func percentDone(_ n: String) -> String { percentDoneText.replacing("{}", with: n) }
        func percentOff(_ item: String) -> String { percentOffText.replacing("{}", with: item) }
        func score(_ n: String) -> String { scoreText.replacing("{}", with: n) }
        func time(_ n: String) -> String { timeText.replacing("{}", with: n) }
        func coins(_ n: String) -> String { coinsText.replacing("{}", with: n) }
        func place(_ piece: String, _ row: String) -> String { placeText.replacing("{1}", with: piece).replacing("{2}", with: row) }
        func daily(_ day: String) -> String { dailyText.replacing("{}", with: day) }
        func cell(_ row: String, _ column: String) -> String { cellText.replacing("{1}", with: row).replacing("{2}", with: column) }
        func given(_ digit: String) -> String { givenText.replacing("{}", with: digit) }
    }

    static let lexicons: [String: Lexicon] = [
        "en": Lexicon(item: ["one": "# star", "other": "# stars"], line: ["one": "# line", "other": "# lines"],
                      point: ["one": "# point", "other": "# points"], noItems: "no stars", oneItem: "a single star",
                      levelWord: "Level {}", and: " and ", easy: "Easy", hard: "Hard", locked: "Locked",
                      turnText: "It''s {}''s turn. Don't wait", percentDoneText: "{}% done", percentOffText: "50% off {}",
                      sure: "100% sure — 50% off", scoreText: "{} points", timeText: "Time: {}", coinsText: "{} O’Coins",
                      placeText: "Places the {1} in row {2}.", dailyText: "Daily, {}", quote: "Say \"yes\" or 'no'",
                      newline: "First line\nSecond line", markup: "Tom & Jerry <3 > 2", cellText: "Row {1}, column {2}",
                      empty: "empty", givenText: "given {}"),
        "ko": Lexicon(item: ["other": "별 #개"], line: ["other": "#줄"], point: ["other": "#점"], noItems: "별 없음", oneItem: "별 하나",
                      levelWord: "{}단계", and: ", ", easy: "쉬움", hard: "어려움", locked: "잠김",
                      turnText: "{}의 차례입니다. 기다리지 마세요", percentDoneText: "{}% 완료", percentOffText: "{}이(가) 50% 할인",
                      sure: "100% 확실 — 50% 할인", scoreText: "{}점", timeText: "시간 {}", coinsText: "오코인 {}개",
                      placeText: "{1}을(를) {2}행에 배치합니다.", dailyText: "일일 도전, {}", quote: "\"예\" 또는 '아니요'라고 말하세요",
                      newline: "첫째 줄\n둘째 줄", markup: "톰 & 제리 <3 > 2", cellText: "{1}행 {2}열", empty: "빈칸", givenText: "주어진 숫자 {}"),
        "ja": Lexicon(item: ["other": "星#個"], line: ["other": "#列"], point: ["other": "#点"], noItems: "星なし", oneItem: "星ひとつ",
                      levelWord: "レベル{}", and: "、", easy: "かんたん", hard: "むずかしい", locked: "ロック中",
                      turnText: "{}の番です", percentDoneText: "{}%完了", percentOffText: "{}が50%オフ", sure: "100%確実 — 50%オフ",
                      scoreText: "{}点", timeText: "時間 {}", coinsText: "{}オーコイン", placeText: "{1}を{2}行目に置きます。",
                      dailyText: "デイリー、{}", quote: "「はい」か\"いいえ\"", newline: "1行目\n2行目", markup: "トム & ジェリー <3",
                      cellText: "{1}行{2}列", empty: "空き", givenText: "初期数字 {}"),
        "ar": Lexicon(item: ["zero": "لا نجوم", "one": "نجمة واحدة", "two": "نجمتان", "few": "# نجوم", "many": "# نجمة", "other": "# نجمة"],
                      line: ["zero": "# صفوف", "one": "صف واحد", "two": "صفان", "few": "# صفوف", "many": "# صفًا", "other": "# صف"],
                      point: ["zero": "# نقطة", "one": "نقطة واحدة", "two": "نقطتان", "few": "# نقاط", "many": "# نقطة", "other": "# نقطة"],
                      noItems: "بلا نجوم", oneItem: "نجمة وحيدة", levelWord: "المستوى {}", and: " و", easy: "سهل", hard: "صعب",
                      locked: "مقفل", turnText: "دور {} الآن", percentDoneText: "اكتمل {}%", percentOffText: "خصم 50% على {}",
                      sure: "متأكد 100% — خصم 50%", scoreText: "{} نقطة", timeText: "الوقت: {}", coinsText: "{} عملة",
                      placeText: "يضع {1} في الصف {2}.", dailyText: "اليومي، {}", quote: "قل \"نعم\" أو 'لا'",
                      newline: "السطر الأول\nالسطر الثاني", markup: "توم & جيري <3", cellText: "الصف {1}، العمود {2}",
                      empty: "فارغة", givenText: "معطى {}"),
        "he": Lexicon(item: ["one": "כוכב אחד", "two": "שני כוכבים", "other": "# כוכבים"],
                      line: ["one": "שורה אחת", "two": "שתי שורות", "other": "# שורות"],
                      point: ["one": "נקודה אחת", "two": "# נקודות", "other": "# נקודות"],
                      noItems: "אין כוכבים", oneItem: "כוכב יחיד", levelWord: "שלב {}", and: " ו", easy: "קל", hard: "קשה",
                      locked: "נעול", turnText: "התור של {}", percentDoneText: "{}% הושלמו", percentOffText: "50% הנחה על {}",
                      sure: "בטוח ב־100% — 50% הנחה", scoreText: "{} נקודות", timeText: "זמן: {}", coinsText: "{} מטבעות",
                      placeText: "מניח את {1} בשורה {2}.", dailyText: "יומי, {}", quote: "אמרו \"כן\" או 'לא'",
                      newline: "שורה ראשונה\nשורה שנייה", markup: "טום & ג׳רי <3", cellText: "שורה {1}, עמודה {2}",
                      empty: "ריק", givenText: "נתון {}"),
        "ru": Lexicon(item: ["one": "# звезда", "few": "# звезды", "many": "# звёзд", "other": "# звезды"],
                      line: ["one": "# линия", "few": "# линии", "many": "# линий", "other": "# линии"],
                      point: ["one": "# очко", "few": "# очка", "many": "# очков", "other": "# очка"],
                      noItems: "нет звёзд", oneItem: "одна звезда", levelWord: "Уровень {}", and: " и ", easy: "Легко", hard: "Сложно",
                      locked: "Закрыто", turnText: "Ход игрока {}", percentDoneText: "Готово на {}%", percentOffText: "Скидка 50% на {}",
                      sure: "Уверен на 100% — скидка 50%", scoreText: "{} очков", timeText: "Время: {}", coinsText: "{} монет",
                      placeText: "Ставит {1} в ряд {2}.", dailyText: "Ежедневно, {}", quote: "Скажите «да» или \"нет\"",
                      newline: "Первая строка\nВторая строка", markup: "Том & Джерри <3", cellText: "Ряд {1}, столбец {2}",
                      empty: "пусто", givenText: "дано {}"),
        "pl": Lexicon(item: ["one": "# gwiazdka", "few": "# gwiazdki", "many": "# gwiazdek", "other": "# gwiazdki"],
                      line: ["one": "# linia", "few": "# linie", "many": "# linii", "other": "# linii"],
                      point: ["one": "# punkt", "few": "# punkty", "many": "# punktów", "other": "# punktu"],
                      noItems: "brak gwiazdek", oneItem: "jedna gwiazdka", levelWord: "Poziom {}", and: " i ", easy: "Łatwy",
                      hard: "Trudny", locked: "Zablokowany", turnText: "Kolej gracza {}", percentDoneText: "Ukończono {}%",
                      percentOffText: "{} taniej o 50%", sure: "Pewne na 100% — 50% taniej", scoreText: "{} pkt",
                      timeText: "Czas: {}", coinsText: "{} monet", placeText: "Umieszcza {1} w wierszu {2}.", dailyText: "Codzienne, {}",
                      quote: "Powiedz „tak” albo \"nie\"", newline: "Pierwszy wiersz\nDrugi wiersz", markup: "Tom & Jerry <3",
                      cellText: "Wiersz {1}, kolumna {2}", empty: "puste", givenText: "dane {}"),
        "cs": Lexicon(item: ["one": "# hvězda", "few": "# hvězdy", "many": "# hvězdy", "other": "# hvězd"],
                      line: ["one": "# řádek", "few": "# řádky", "many": "# řádku", "other": "# řádků"],
                      point: ["one": "# bod", "few": "# body", "many": "# bodu", "other": "# bodů"],
                      noItems: "žádné hvězdy", oneItem: "jediná hvězda", levelWord: "Úroveň {}", and: " a ", easy: "Snadné",
                      hard: "Těžké", locked: "Zamčeno", turnText: "Na tahu je {}", percentDoneText: "Hotovo {} %",
                      percentOffText: "{} se slevou 50 %", sure: "Jisté na 100 % — sleva 50 %", scoreText: "{} bodů",
                      timeText: "Čas: {}", coinsText: "{} mincí", placeText: "Umístí {1} do řádku {2}.", dailyText: "Denní, {}",
                      quote: "Řekněte „ano“ nebo 'ne'", newline: "První řádek\nDruhý řádek", markup: "Tom & Jerry <3",
                      cellText: "Řádek {1}, sloupec {2}", empty: "prázdné", givenText: "zadáno {}"),
        "cy": Lexicon(item: ["zero": "# seren", "one": "# seren", "two": "# seren", "few": "# seren", "many": "# seren", "other": "# seren"],
                      line: ["zero": "# llinell", "one": "# llinell", "two": "# linell", "few": "# llinell", "many": "# llinell", "other": "# llinell"],
                      point: ["zero": "# pwynt", "one": "# pwynt", "two": "# bwynt", "few": "# phwynt", "many": "# pwynt", "other": "# pwynt"],
                      noItems: "dim sêr", oneItem: "un seren", levelWord: "Lefel {}", and: " a ", easy: "Hawdd", hard: "Anodd",
                      locked: "Wedi cloi", turnText: "Tro {} yw hi", percentDoneText: "{}% wedi'i wneud", percentOffText: "50% oddi ar {}",
                      sure: "100% yn siŵr — 50% i ffwrdd", scoreText: "{} pwynt", timeText: "Amser: {}", coinsText: "{} darn arian",
                      placeText: "Yn gosod {1} yn rhes {2}.", dailyText: "Dyddiol, {}", quote: "Dywedwch \"ie\" neu 'na'",
                      newline: "Llinell gyntaf\nAil linell", markup: "Tom & Jerry <3", cellText: "Rhes {1}, colofn {2}",
                      empty: "gwag", givenText: "rhoddwyd {}"),
        "de": Lexicon(item: ["one": "# Stern", "other": "# Sterne"], line: ["one": "# Reihe", "other": "# Reihen"],
                      point: ["one": "# Punkt", "other": "# Punkte"], noItems: "keine Sterne", oneItem: "ein einziger Stern",
                      levelWord: "Level {}", and: " und ", easy: "Leicht", hard: "Schwer", locked: "Gesperrt",
                      turnText: "{} ist am Zug", percentDoneText: "{} % erledigt", percentOffText: "50 % Rabatt auf {}",
                      sure: "100 % sicher — 50 % Rabatt", scoreText: "{} Punkte", timeText: "Zeit: {}", coinsText: "{} O’Coins",
                      placeText: "Setzt {1} in Reihe {2}.", dailyText: "Täglich, {}", quote: "Sag „ja“ oder 'nein'",
                      newline: "Erste Zeile\nZweite Zeile", markup: "Tom & Jerry <3", cellText: "Zeile {1}, Spalte {2}",
                      empty: "leer", givenText: "vorgegeben {}"),
        "fr": Lexicon(item: ["one": "# étoile", "many": "# d’étoiles", "other": "# étoiles"], line: ["one": "# ligne", "many": "# de lignes", "other": "# lignes"],
                      point: ["one": "# point", "many": "# de points", "other": "# points"], noItems: "aucune étoile", oneItem: "une seule étoile",
                      levelWord: "Niveau {}", and: " et ", easy: "Facile", hard: "Difficile", locked: "Verrouillé",
                      turnText: "C''est au tour de {}", percentDoneText: "{} % terminé", percentOffText: "{} à -50 %",
                      sure: "Sûr à 100 % — -50 %", scoreText: "{} points", timeText: "Temps : {}", coinsText: "{} O’Coins",
                      placeText: "Place {1} sur la ligne {2}.", dailyText: "Quotidien, {}", quote: "Dites « oui » ou \"non\"",
                      newline: "Première ligne\nDeuxième ligne", markup: "Tom & Jerry <3", cellText: "Ligne {1}, colonne {2}",
                      empty: "vide", givenText: "donné {}"),
        "pt-BR": Lexicon(item: ["one": "# estrela", "many": "# de estrelas", "other": "# estrelas"], line: ["one": "# linha", "many": "# de linhas", "other": "# linhas"],
                         point: ["one": "# ponto", "many": "# de pontos", "other": "# pontos"], noItems: "nenhuma estrela", oneItem: "uma só estrela",
                         levelWord: "Nível {}", and: " e ", easy: "Fácil", hard: "Difícil", locked: "Bloqueado",
                         turnText: "É a vez de {}", percentDoneText: "{}% concluído", percentOffText: "50% de desconto em {}",
                         sure: "100% certo — 50% de desconto", scoreText: "{} pontos", timeText: "Tempo: {}", coinsText: "{} O’Coins",
                         placeText: "Coloca {1} na linha {2}.", dailyText: "Diário, {}", quote: "Diga \"sim\" ou 'não'",
                         newline: "Primeira linha\nSegunda linha", markup: "Tom & Jerry <3", cellText: "Linha {1}, coluna {2}",
                         empty: "vazia", givenText: "dado {}"),
        "sr-Latn": Lexicon(item: ["one": "# zvezda", "few": "# zvezde", "other": "# zvezda"], line: ["one": "# red", "few": "# reda", "other": "# redova"],
                           point: ["one": "# poen", "few": "# poena", "other": "# poena"], noItems: "nema zvezda", oneItem: "jedna zvezda",
                           levelWord: "Nivo {}", and: " i ", easy: "Lako", hard: "Teško", locked: "Zaključano",
                           turnText: "Na potezu je {}", percentDoneText: "Gotovo {}%", percentOffText: "{} uz popust 50%",
                           sure: "100% sigurno — 50% popusta", scoreText: "{} poena", timeText: "Vreme: {}", coinsText: "{} novčića",
                           placeText: "Stavlja {1} u red {2}.", dailyText: "Dnevno, {}", quote: "Recite „da“ ili 'ne'",
                           newline: "Prvi red\nDrugi red", markup: "Tom & Jerry <3", cellText: "Red {1}, kolona {2}",
                           empty: "prazno", givenText: "zadato {}"),
        "zh-Hans": Lexicon(item: ["other": "#颗星"], line: ["other": "#行"], point: ["other": "#分"], noItems: "没有星", oneItem: "仅一颗星",
                           levelWord: "第{}关", and: "，", easy: "简单", hard: "困难", locked: "已锁定", turnText: "轮到{}了",
                           percentDoneText: "已完成{}%", percentOffText: "{}五折（50%）", sure: "100%确定 — 五折", scoreText: "{}分",
                           timeText: "时间：{}", coinsText: "{}枚金币", placeText: "将{1}放在第{2}行。", dailyText: "每日挑战，{}",
                           quote: "说\"是\"或'否'", newline: "第一行\n第二行", markup: "汤姆 & 杰瑞 <3", cellText: "第{1}行，第{2}列",
                           empty: "空", givenText: "给定 {}"),
        "hi": Lexicon(item: ["one": "# सितारा", "other": "# सितारे"], line: ["one": "# पंक्ति", "other": "# पंक्तियाँ"],
                      point: ["one": "# अंक", "other": "# अंक"], noItems: "कोई सितारा नहीं", oneItem: "एक ही सितारा",
                      levelWord: "स्तर {}", and: " और ", easy: "आसान", hard: "कठिन", locked: "लॉक है", turnText: "{} की बारी है",
                      percentDoneText: "{}% पूरा", percentOffText: "{} पर 50% छूट", sure: "100% पक्का — 50% छूट", scoreText: "{} अंक",
                      timeText: "समय: {}", coinsText: "{} सिक्के", placeText: "{1} को पंक्ति {2} में रखता है।", dailyText: "दैनिक, {}",
                      quote: "\"हाँ\" या 'ना' कहें", newline: "पहली पंक्ति\nदूसरी पंक्ति", markup: "टॉम & जेरी <3",
                      cellText: "पंक्ति {1}, स्तंभ {2}", empty: "खाली", givenText: "दिया गया {}"),
    ]
}
