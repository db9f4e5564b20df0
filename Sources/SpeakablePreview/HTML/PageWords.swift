import SpeakableDescribers

/// The web page's own words (headings, key help, labels of what is said when) in a section's
/// language: English and Korean; any other language gets the English words, marked
/// `lang="en"` so that a screen reader reads them with an English voice.
///
/// ```swift
/// let words = PageWords(locale: "ko", platform: .talkBack)
/// words.speechTitle              // "TalkBack이 읽는 내용"
/// words.cell(row: 3, column: 4)  // "3행 4열"
/// ```
struct PageWords {
    /// The language the words are in: the section's ("en", "ko"), or "en" standing in.
    let language: String
    let platform: Platform

    init(locale: String, platform: Platform) {
        let language = String(locale.split(separator: "-").first ?? "en").lowercased()
        self.language = language == "ko" ? "ko" : "en"
        self.platform = platform
    }

    /// Whether the words are in the section's own language (else `lang="en"` goes on them).
    func isIn(_ locale: String) -> Bool {
        String(locale.split(separator: "-").first ?? "").lowercased() == language
    }

    var ko: Bool { language == "ko" }

    /// "What TalkBack says" — the panel's heading.
    var speechTitle: String {
        ko ? (platform == .voiceOver ? "VoiceOver가 읽는 내용" : "TalkBack이 읽는 내용") : "What \(platform.displayName) says"
    }
    var speechEmpty: String {
        ko ? "칸이나 요소로 포커스를 옮기면 읽는 내용과 걸리는 시간이 여기에 나옵니다." : "Focus a cell or an element to see and time its speech."
    }
    var elementsTitle: String { ko ? "모든 요소, 스와이프 순서대로" : "Every element, in swipe order" }
    var elementsKeys: String {
        ko ? "위쪽·아래쪽 화살표 키로 스와이프하듯 요소 사이를 옮겨 다닙니다." : "Up and Down move from element to element, as a swipe does."
    }
    var noBoard: String { ko ? "이 시나리오에는 게임판이 없습니다." : "This scenario has no board." }

    func keys(for kind: BoardPreview.Kind) -> String {
        switch kind {
        case .sudoku:
            ko ? "화살표 키: 이동 · Enter: 선택 · 1–9: 숫자 넣기 · Backspace: 지우기"
               : "Arrow keys move · Enter selects · 1–9 places a digit · Backspace clears"
        case .grid:
            ko ? "화살표 키: 이동 · 칸마다 스크린 리더가 읽는 내용이 나옵니다" : "Arrow keys move · each cell says what the screen reader says on it"
        case .block:
            ko ? "화살표 키: 이동 · 칸마다 두 번 탭하면 놓이는 곳을 알려 줍니다" : "Arrow keys move · each cell says what a double tap would place"
        }
    }

    /// "52 elements · 4 min 34 s to hear them all · 6 over budget".
    func summary(elements: Int, duration: String, overBudget: Int, ownWordsInEnglish: Bool) -> String {
        var text: String
        if ko {
            text = "요소 \(elements)개 · 모두 들으면 \(duration) · " + (overBudget == 0 ? "모두 예산 이내" : "\(overBudget)개 예산 초과")
            if ownWordsInEnglish { text += " · \(platform.displayName) 자체의 말은 영어로 표시" }
        } else {
            text = "\(elements) elements · \(duration) to hear them all · " + (overBudget == 0 ? "all within budget" : "\(overBudget) over budget")
            if ownWordsInEnglish { text += " · \(platform.displayName)'s own words shown in English" }
        }
        return text
    }

    /// "4 min 34 s" (4분 34초).
    func duration(_ seconds: Double) -> String {
        guard ko else { return PreviewFormat.duration(seconds) }
        if seconds < 60 {
            let tenths = Int((seconds * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)초"
        }
        let whole = Int(seconds.rounded())
        return "\(whole / 60)분 \(whole % 60)초"
    }

    var overBudgetBadge: String { ko ? "예산 초과" : "over budget" }

    /// "over budget: app words 2.61 s, budget 2.50 s".
    func overBudget(appSeconds: Double, budget: Double) -> String {
        ko ? "예산 초과: 앱 문구 \(PreviewText.hundredths(appSeconds)), 예산 \(PreviewText.hundredths(budget))"
           : "over budget: app words \(PreviewText.hundredths(appSeconds)), budget \(PreviewText.hundredths(budget))"
    }

    /// When an utterance is spoken: nil for what focus says.
    func kind(_ utterance: Utterance) -> String? {
        switch utterance.kind {
        case .focus: nil
        case .hint: ko ? "힌트, \(PreviewFormat.seconds(utterance.pauseBefore)) 후" : "hint, after \(PreviewFormat.seconds(utterance.pauseBefore))"
        case .announcement: announcement
        case .activation: ko ? "두 번 탭하면" : "on double tap"
        }
    }

    var announcement: String { ko ? "알림" : "announcement" }
    var announce: String { ko ? "알리기" : "Announce" }
    /// An event button's accessible name: its visible word, then what it announces.
    func announceName(_ text: String) -> String { announce + ": " + text }

    func play(measured: String) -> String {
        ko ? "\(platform.displayName) 음성 재생 (측정 \(measured))" : "Play what \(platform.displayName) says (\(measured) measured)"
    }

    /// A cell's title: "Row 3, column 4" (3행 4열).
    func cell(row: Int, column: Int) -> String { ko ? "\(row)행 \(column)열" : "Row \(row), column \(column)" }
    /// The same as a template for the script: {r} and {c}.
    var cellTemplate: String { ko ? "{r}행 {c}열" : "Row {r}, column {c}" }
    var placedTemplate: String { ko ? "{t} — {d} 넣음" : "{t} — {d} placed" }
    var clearedTemplate: String { ko ? "{t} — 지움" : "{t} — cleared" }
    var activatedTemplate: String { ko ? "{t} — 두 번 탭" : "{t} — double tap" }
    var saysNothing: String { ko ? "스크린 리더는 아무 말도 하지 않습니다" : "the screen reader says nothing" }
    var jumpBadge: String { ko ? "건너뜀" : "jump" }
    var noteBadge: String { ko ? "주의" : "note" }

    /// Why the listing's order is a jump here (``Arrival``), in these words.
    func jump(_ arrival: Arrival) -> String? {
        guard case .jump(let from, let next) = arrival else { return nil }
        func at(_ p: GridPosition) -> String { ko ? cell(row: p.row, column: p.column) : "row \(p.row), column \(p.column)" }
        // Korean: every position ends in 열, which takes 로.
        switch (from, next) {
        case (let from?, let next?):
            return ko ? "\(at(from))에서 오른쪽으로 스와이프하면 \(at(next))로 갑니다" : "a right swipe from \(at(from)) reaches \(at(next))"
        case (nil, let next?):
            return ko ? "그리드로 스와이프해 들어가면 \(at(next))로 갑니다" : "a right swipe into the grid reaches \(at(next))"
        case (let from?, nil):
            return ko ? "마지막 칸인 \(at(from))에서 오른쪽으로 스와이프하면 그리드를 벗어납니다"
                      : "a right swipe from \(at(from)), the grid's last cell, leaves the grid"
        case (nil, nil):
            return ko ? "오른쪽으로 스와이프하면 그리드 자체의 요소에 먼저 갑니다" : "a right swipe reaches the grid's own element first"
        }
    }

    /// An element's title with the words the preview made up ("row 1, column 1", "board",
    /// "slot 2") in this language; the scenario's own title stays as written.
    func title(of element: SpokenElement) -> String {
        let full = element.title.isEmpty ? element.type : element.title
        guard ko else { return full }
        var own = ""
        var made = full
        if let itemTitle = element.itemTitle, full.hasPrefix(itemTitle) {
            own = itemTitle
            made = String(full.dropFirst(itemTitle.count))
            if made.hasPrefix(": ") { made.removeFirst(2) }
        }
        let translated: String
        if let place = element.place, made == "row \(place.row), column \(place.column)" {
            translated = cell(row: place.row, column: place.column)
        } else {
            let words = made.split(separator: " ")
            switch (words.first, words.count == 2 ? Int(words[1]) : nil) {
            case ("slot", let n?): translated = "\(n)번 칸"
            case ("level", let n?): translated = "\(n)단계"
            case ("issue", let n?): translated = "\(n)호"
            case ("rank", let n?): translated = "\(n)위"
            default:
                switch made {
                case "board": translated = "게임판"
                case "grid": translated = "그리드"
                default: translated = made
                }
            }
        }
        if own.isEmpty { return translated }
        return translated.isEmpty ? own : own + ": " + translated
    }
}
