import SpeakableMessages

extension Describer {
    /// A control: its name (with a price or a count when it has one), `button`, and what
    /// activating does — a VoiceOver hint in the describer's ``HintStyle`` and TalkBack's click
    /// label. A control that starts its own audio gets `startsMediaSession` and `playsSound`.
    ///
    /// VoiceOver speaks the hint it is given and adds no "Double tap to …" itself: in the
    /// `result` style the hint is the control's `resultHint` (none without one — the preview
    /// warns), in the `gesture` style the sentence made from its action.
    ///
    /// ```swift
    /// describer.describe(Control(label: "Hint", price: 100)).voiceOver.label    // "Hint, 100 O’Coins"
    /// // ko: Control(label: "힌트", price: 100) → "힌트, 오코인 100개"
    /// let location = Control(label: "My Location", action: "hear about your current location")
    /// try Describer(hintStyle: .gesture).describe(location).voiceOver.hint
    /// // "Double tap to hear about your current location"
    /// // ko: Control(label: "내 위치", action: "현재 위치를 확인") → "현재 위치를 확인하려면 이중 탭하세요"
    /// ```
    public func describe(_ control: Control) -> AccessibleText {
        let label: String
        if let price = control.price {
            label = text(.controlPrice, [.string(control.label), number(price)])
        } else if let count = control.count {
            label = text(.controlCount, [.string(control.label), number(count)])
        } else {
            label = control.label
        }
        var traits: VoiceOverTraits = .button
        if control.isSelected { traits.insert(.selected) }
        if !control.isEnabled { traits.insert(.notEnabled) }
        if control.startsSpeech { traits.formUnion([.startsMediaSession, .playsSound]) }
        let gesture = control.action.map { text(.hintGesture, [.string($0)]) }
        let hint = hintStyle == .result ? control.resultHint : (gesture ?? control.resultHint)
        return AccessibleText(
            voiceOver: VoiceOverText(label: label, traits: traits, hint: hint),
            talkBack: TalkBackText(contentDescription: label, role: .button, isSelected: control.isSelected,
                                   isDisabled: !control.isEnabled, clickLabel: control.action))
    }

    /// The coin balance: "9,180 O’Coins" (ko "오코인 9,180개").
    public func describe(_ coins: CoinBalance) -> AccessibleText {
        plain(text(.coins, [number(coins.amount)]))
    }

    /// A level cell: "Level 5, 2 of 3 stars", "Level 6, locked" (ko "5단계, 별 3개 중 2개", "6단계, 잠김").
    public func describe(_ level: Level) -> AccessibleText {
        describe(level, as: .level)
    }

    /// A Journey cover: "Issue 3, locked" (ko "3호, 잠김").
    public func describe(_ issue: JourneyIssue) -> AccessibleText {
        describe(issue, as: .issue)
    }

    private func describe<Kind>(_ step: ProgressStep<Kind>, as message: MessageID) -> AccessibleText {
        button(text(message, [number(step.number), number(step.stars), number(step.totalStars), step.isLocked ? "yes" : "no"]))
    }

    /// A leaderboard row as one element: "Rank 1, Mina, 4530 points" (ko "1위, Mina, 4530점").
    public func describe(_ row: LeaderboardRow) -> AccessibleText {
        plain(text(.leaderboardRow, [number(row.rank), .string(row.name), number(row.score)]))
    }

    /// A number that says what it is: "Best score 110", "Time 38 seconds", "Score 320, combo times 2".
    public func describe(_ stat: Stat) -> AccessibleText {
        switch stat {
        case .bestScore(let score): plain(text(.statBestScore, [number(score)]))
        case .time(let seconds): plain(text(.statTime, [.string(duration(seconds))]))
        case .score(let score, let combo): plain(text(.statScore, [number(score), number(combo)]))
        }
    }

    /// "26 seconds", "1 minute 30 seconds" (ko "26초", "1분 30초").
    func duration(_ seconds: Int) -> String {
        let minutes = seconds / 60, rest = seconds % 60
        let span: MessageArgument? = minutes == 0 ? "seconds" : rest == 0 ? "minutes" : "mixed"
        return text(.duration, [span, number(minutes), number(rest)])
    }

    /// The ink meter: "Ink", value "2 of 3 charges", and a hint that explains it.
    public func describe(_ meter: InkMeter) -> AccessibleText {
        let label = text(.inkLabel, [])
        let value = text(.inkValue, [number(meter.charges), number(meter.total)])
        let hint = text(.inkHint, [number(meter.total)])
        return AccessibleText(
            voiceOver: VoiceOverText(label: label, value: value, hint: hint),
            talkBack: TalkBackText(contentDescription: label, stateDescription: value))
    }

    /// A result page's summary, the element the page opens on.
    ///
    /// ```swift
    /// let daily = ResultSummary(title: .daily(1_756_166_400_000), score: 4530, seconds: 26, streakDay: 1,
    ///                           comeBackTomorrow: true, next: "Share")
    /// describer.describe(daily).voiceOver.label
    /// // "Daily, August 26. 4530 points. Time 26 seconds. Day one. Come back tomorrow. Share is next"
    /// // ko (next: "공유"): "일일 도전, 8월 26일. 4530점. 시간 26초. 연속 1일째. 내일 다시 도전하세요. 다음 항목: 공유"
    /// ```
    public func describe(_ summary: ResultSummary) -> AccessibleText {
        var phrases: [String] = []
        switch summary.title {
        case .classic: phrases.append(text(.resultTitle, ["classic", .date(0), 0]))
        case .daily(let date): phrases.append(text(.resultTitle, ["daily", .date(date), 0]))
        case .journey(let level): phrases.append(text(.resultTitle, ["journey", .date(0), number(level)]))
        }
        phrases.append(text(.resultScore, [number(summary.score)]))
        if let stars = summary.stars { phrases.append(text(.resultStars, [number(stars), number(summary.totalStars)])) }
        phrases.append(text(.statTime, [.string(duration(summary.seconds))]))
        if let day = summary.streakDay { phrases.append(text(.resultStreak, [number(day)])) }
        if summary.comeBackTomorrow { phrases.append(text(.resultComeBack, [])) }
        if let next = summary.next { phrases.append(text(.resultNext, [.string(next)])) }
        let label = sentences(phrases, endWithPhrase: summary.next != nil)
        return plain(label)
    }

    /// A game screen opening: its heading ("Classic") and, announced with it, the two sentences a
    /// screen-reader user needs to play (each platform naming its own gesture).
    public func describe(_ screen: GameScreen) -> AccessibleText {
        let mode = text(.mode, [.string(screen.mode.rawValue)])
        return AccessibleText(
            voiceOver: VoiceOverText(label: mode, traits: .header,
                                     announcement: text(.screenStart, [.string(mode), "voiceover"])),
            talkBack: TalkBackText(contentDescription: mode, isHeading: true,
                                   announcement: text(.screenStart, [.string(mode), "talkback"])))
    }

    /// The How to Play prompt: "Double tap a cell in the gap" with a screen reader (TalkBack's
    /// "Double-tap" on Android), "Drag the piece" without.
    public func describe(_ prompt: TutorialPrompt) -> AccessibleText {
        let voiceOver = text(.tutorialPrompt, [prompt.screenReaderRunning ? "voiceover" : "none"])
        let talkBack = text(.tutorialPrompt, [prompt.screenReaderRunning ? "talkback" : "none"])
        return AccessibleText(voiceOver: VoiceOverText(label: voiceOver, traits: .staticText),
                              talkBack: TalkBackText(contentDescription: talkBack))
    }

    func plain(_ label: String) -> AccessibleText {
        AccessibleText(voiceOver: VoiceOverText(label: label), talkBack: TalkBackText(contentDescription: label))
    }

    func button(_ label: String) -> AccessibleText {
        AccessibleText(voiceOver: VoiceOverText(label: label, traits: .button),
                       talkBack: TalkBackText(contentDescription: label, role: .button))
    }
}
