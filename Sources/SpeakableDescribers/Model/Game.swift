public import SpeakableICU

/// A button or other control: its name as the app shows it, and optionally a price, a count,
/// and what activating it does.
///
/// ```swift
/// describer.describe(Control(label: "Hint", price: 100)).voiceOver.label   // "Hint, 100 O’Coins"
/// let location = Control(label: "My Location", action: "hear about your current location", startsSpeech: true)
/// Describer(hintStyle: .gesture).describe(location).voiceOver.hint  // "Double tap to hear about your current location"
/// describer.describe(location).talkBack.clickLabel                  // "hear about your current location"
/// ```
public struct Control: Hashable, Sendable {
    /// The control's name, already localized by the app ("Hint", "My Location", "Share").
    public var label: String
    /// What activating does, as a fragment that completes "Double tap to …" ("hear about your
    /// current location"). TalkBack takes it as the click label and adds the gesture itself; in
    /// Korean it must end in a noun that takes 하다, with its object's particle ("현재 위치를 확인").
    public var action: String?
    /// Apple's result phrase for `hintStyle: result` ("Plays the callout."). Without one there is
    /// no VoiceOver hint in that style (VoiceOver adds no "Double tap to …" itself; the preview
    /// warns); the `gesture` style builds its sentence from ``action``.
    public var resultHint: String?
    /// A price in coins, read after the name: "Hint, 100 O’Coins".
    public var price: Int?
    /// How many are left, read after the name: "Undo, 3 left".
    public var count: Int?
    /// The control starts audio of its own (Soundscape's callouts): VoiceOver gets the
    /// `startsMediaSession` and `playsSound` traits so it does not talk over it.
    public var startsSpeech: Bool
    public var isSelected: Bool
    public var isEnabled: Bool

    public init(label: String, action: String? = nil, resultHint: String? = nil, price: Int? = nil, count: Int? = nil,
                startsSpeech: Bool = false, isSelected: Bool = false, isEnabled: Bool = true) {
        self.label = label
        self.action = action
        self.resultHint = resultHint
        self.price = price
        self.count = count
        self.startsSpeech = startsSpeech
        self.isSelected = isSelected
        self.isEnabled = isEnabled
    }
}

/// The coin balance: "9,180 O’Coins" (ko "오코인 9,180개"), never a bare number.
public struct CoinBalance: Hashable, Sendable {
    public var amount: Int
    public init(_ amount: Int) { self.amount = amount }
}

/// A numbered step of a game's progression with the stars earned on it: a level cell
/// (``Level``) or a Journey cover (``JourneyIssue``).
///
/// `Kind` only tells the describer which sentence to speak; both kinds hold the same values.
///
/// ```swift
/// describer.describe(Level(5, stars: 2)).voiceOver.label            // "Level 5, 2 of 3 stars"
/// describer.describe(JourneyIssue(3, locked: true)).voiceOver.label // "Issue 3, locked"
/// ```
public struct ProgressStep<Kind: ProgressStepKind>: Hashable, Sendable {
    public var number: Int
    public var stars: Int
    public var totalStars: Int
    public var isLocked: Bool

    public init(_ number: Int, stars: Int = 0, of totalStars: Int = 3, locked: Bool = false) {
        self.number = number
        self.stars = stars
        self.totalStars = totalStars
        self.isLocked = locked
    }
}

/// What a ``ProgressStep`` is in the game: ``LevelStep`` or ``JourneyIssueStep``.
public protocol ProgressStepKind: Sendable {}

/// A level cell's kind of ``ProgressStep``.
public enum LevelStep: ProgressStepKind {}

/// A Journey cover's kind of ``ProgressStep``.
public enum JourneyIssueStep: ProgressStepKind {}

/// A level cell: "Level 5, 2 of 3 stars", or "Level 6, locked".
public typealias Level = ProgressStep<LevelStep>

/// A Journey cover: "Issue 2, 3 of 3 stars", or "Issue 3, locked".
public typealias JourneyIssue = ProgressStep<JourneyIssueStep>

/// A leaderboard row, spoken as one element: "Rank 1, Mina, 4530 points".
public struct LeaderboardRow: Hashable, Sendable {
    public var rank: Int
    public var name: String
    public var score: Int

    public init(rank: Int, name: String, score: Int) {
        self.rank = rank
        self.name = name
        self.score = score
    }
}

/// A number that says what it is: "Best score 110", "Time 38 seconds", "Score 320, combo times 2".
public enum Stat: Hashable, Sendable {
    case bestScore(Int)
    case time(seconds: Int)
    /// The running score; a combo of 2 or more is read after it.
    case score(Int, combo: Int)
}

/// The ink meter: three dots that fill as the player clears lines through ink cells.
public struct InkMeter: Hashable, Sendable {
    public var charges: Int
    public var total: Int

    public init(charges: Int, of total: Int = 3) {
        self.charges = charges
        self.total = total
    }
}

/// A way to play.
public enum GameMode: String, Hashable, Sendable, CaseIterable {
    case classic, daily, journey
}

/// A game screen as it opens: on its mode ("Classic"), with the two sentences a screen-reader
/// user needs to play — not on "Back, button".
public struct GameScreen: Hashable, Sendable {
    public var mode: GameMode
    public init(mode: GameMode) { self.mode = mode }
}

/// The How to Play prompt: "Double tap a cell in the gap" when a screen reader runs, "Drag the
/// piece" when none does.
public struct TutorialPrompt: Hashable, Sendable {
    public var screenReaderRunning: Bool
    public init(screenReaderRunning: Bool) { self.screenReaderRunning = screenReaderRunning }
}

/// A result page's summary, the element it opens on: "Daily, August 26. 4530 points. Time 26
/// seconds. Day one. Come back tomorrow. Share is next".
public struct ResultSummary: Hashable, Sendable {
    public enum Title: Hashable, Sendable {
        case classic
        /// The day's puzzle, by its date (shown in the describer's time zone).
        case daily(ICUDate)
        case journey(level: Int)
    }

    public var title: Title
    public var score: Int
    public var seconds: Int
    /// Stars earned (Journey), out of ``totalStars``.
    public var stars: Int?
    public var totalStars: Int
    /// The day of the daily streak ("Day one").
    public var streakDay: Int?
    /// Whether to say "Come back tomorrow" (the daily puzzle is done).
    public var comeBackTomorrow: Bool
    /// The name of the element after the summary ("Share"): "Share is next".
    public var next: String?

    public init(title: Title, score: Int, seconds: Int, stars: Int? = nil, totalStars: Int = 3, streakDay: Int? = nil,
                comeBackTomorrow: Bool = false, next: String? = nil) {
        self.title = title
        self.score = score
        self.seconds = seconds
        self.stars = stars
        self.totalStars = totalStars
        self.streakDay = streakDay
        self.comeBackTomorrow = comeBackTomorrow
        self.next = next
    }
}

/// Something that happened, to be announced.
public enum GameEvent: Hashable, Sendable {
    /// A piece went down: "Placed. Score 320."
    case placed(score: Int)
    /// Lines cleared: "Cleared 2 lines. Score 640. Combo times 2." (a combo below 2 is not read).
    case linesCleared(lines: Int, score: Int, combo: Int)
    /// A combo on its own: "Combo times 3."
    case combo(Int)
    /// The last piece of a rack went down and three new ones came: announced by name.
    case newRack([Piece])
    /// A hint: where a piece fits.
    case hint(Placement)
    /// The run is over.
    case runEnded(score: Int, newBest: Bool)
}
