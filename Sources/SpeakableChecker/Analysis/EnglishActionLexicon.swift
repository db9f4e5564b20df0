/// Judges whether an English action fragment can follow TalkBack's "Double-tap to …" — i.e.
/// whether it starts with a verb in its base form — without a tagger: a curated lexicon of the
/// words that start fragments, and the suffixes that mark a word as no such verb.
///
/// The judgement is deliberately one-sided: a fragment is reported only when its first word is
/// known *not* to be a base-form verb (a leading "to", a preposition, a determiner, a pronoun, a
/// state word, a participle or an adjective by its suffix). A word the lexicon does not know
/// passes, so a rare verb never causes a false alarm. Measured on Soundscape's 35 TalkBack click
/// labels (`docs/checks.md`): the 4 fragments that do not read after "Double-tap to" are found,
/// none of the 31 that do is reported.
///
/// ```swift
/// EnglishActionLexicon.judge("to change the language")          // .leadingTo
/// EnglishActionLexicon.judge("about nearby places")             // .noVerb("about", "a preposition")
/// EnglishActionLexicon.judge("Inactive as the route is …")      // .state("Inactive")
/// EnglishActionLexicon.judge("hear about your current location") // .verb
/// ```
enum EnglishActionLexicon {
    enum Judgement: Equatable {
        /// Starts with a verb (or a word the lexicon cannot rule out).
        case verb
        /// Starts with "to": TalkBack says "Double-tap to to …".
        case leadingTo
        /// Starts with a word of a closed class (what it is: "a preposition"…).
        case noVerb(String, String)
        /// Starts with a word that describes a state ("Inactive", "Disabled", "Loading").
        case state(String, String)
    }

    /// Base-form verbs that start action fragments, including every one whose spelling a suffix
    /// rule below would otherwise take for an adjective or a participle ("need", "bring",
    /// "archive", "apply", "enable").
    static let verbs: Set<String> = [
        "accept", "access", "activate", "add", "adjust", "agree", "allow", "apply", "archive", "arrange", "ask", "assign",
        "attach", "back", "block", "book", "bookmark", "browse", "buy", "calibrate", "call", "cancel", "capture", "change",
        "check", "choose", "clear", "click", "close", "collapse", "comment", "compare", "complete", "compose", "configure",
        "confirm", "connect", "continue", "convert", "copy", "create", "crop", "customize", "cut", "decline", "decrease",
        "delete", "deselect", "disable", "discard", "dismiss", "display", "download", "drag", "draw", "drop", "duplicate",
        "edit", "email", "empty", "enable", "end", "enter", "erase", "exit", "expand", "explore", "export", "favorite",
        "favourite", "feed", "fill", "filter", "find", "finish", "fix", "flag", "flip", "follow", "forward", "get", "give",
        "go", "grant", "hang", "hear", "help", "hide", "highlight", "hold", "import", "increase", "insert", "install",
        "invite", "join", "jump", "keep", "launch", "learn", "leave", "like", "link", "list", "listen", "load", "locate",
        "lock", "log", "make", "manage", "mark", "maximize", "minimize", "move", "mute", "name", "navigate", "need", "note",
        "notify", "open", "order", "pan", "paste", "pause", "pay", "pick", "pin", "place", "play", "post", "preview", "print",
        "proceed", "publish", "purchase", "put", "quit", "rate", "read", "receive", "record", "redo", "refresh", "reject",
        "reload", "remember", "remind", "remove", "rename", "reorder", "repeat", "replace", "reply", "report", "request",
        "reset", "resize", "restart", "restore", "resume", "retry", "return", "reveal", "review", "rewind", "rotate", "run",
        "save", "scan", "scroll", "search", "see", "seek", "select", "send", "set", "share", "show", "shuffle", "sign",
        "skip", "sleep", "snooze", "sort", "speak", "speed", "split", "start", "step", "stop", "submit", "subscribe", "swap",
        "switch", "sync", "take", "talk", "tell", "toggle", "track", "translate", "trim", "try", "turn", "type", "undo",
        "unfollow", "uninstall", "unlock", "unmute", "unpin", "unsubscribe", "update", "upgrade", "upload", "use", "verify",
        "view", "visit", "vote", "wake", "watch", "write", "zoom",
        // Verbs whose spelling looks like a participle, an adjective or an adverb.
        "bleed", "breed", "embed", "exceed", "heed", "seed", "shed", "shred", "succeed", "weed", "wed",
        "bring", "cling", "fling", "ping", "ring", "sing", "sling", "spring", "sting", "string", "swing", "wring",
        "arrive", "conceive", "contrive", "deceive", "deprive", "derive", "dive", "drive", "forgive", "live", "perceive",
        "relive", "revive", "strive", "survive", "thrive",
        "ally", "bully", "comply", "fly", "imply", "multiply", "rally", "rely", "supply", "tally",
        "cable", "label", "table", "tremble",
    ]

    /// Closed-class words that never start a verb phrase, with what they are.
    static let closedClass: [String: String] = {
        var result: [String: String] = [:]
        for w in ["about", "above", "across", "after", "against", "along", "among", "around", "at", "before", "behind", "below",
                  "beneath", "beside", "besides", "between", "beyond", "by", "despite", "during", "except", "for", "from", "in",
                  "inside", "into", "near", "of", "onto", "outside", "per", "since", "than", "through", "throughout", "toward",
                  "towards", "under", "underneath", "until", "upon", "via", "with", "within", "without"] {
            result[w] = "a preposition"
        }
        for w in ["a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their", "some",
                  "any", "each", "every", "no", "all", "both", "either", "neither", "another", "other", "such"] {
            result[w] = "a determiner"
        }
        for w in ["i", "you", "he", "she", "it", "we", "they", "me", "him", "us", "them", "someone", "something", "everything",
                  "nothing", "anything", "everyone", "which", "what", "who", "whose", "where", "how", "why"] {
            result[w] = "a pronoun"
        }
        for w in ["and", "or", "but", "if", "when", "while", "because", "as", "so", "although", "though", "unless", "whether"] {
            result[w] = "a conjunction"
        }
        for w in ["is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "can", "could", "will", "would",
                  "shall", "should", "may", "might", "must", "does", "did"] {
            result[w] = "an auxiliary verb, which needs another verb after it"
        }
        for w in ["now", "here", "there", "already", "not", "also", "only", "just", "very", "currently", "again", "always",
                  "never", "still", "then", "too", "soon", "often"] {
            result[w] = "an adverb"
        }
        return result
    }()

    /// Words that describe a state rather than an action.
    static let stateWords: Set<String> = [
        "active", "inactive", "disabled", "enabled", "unavailable", "available", "selected", "unselected", "checked",
        "unchecked", "expanded", "collapsed", "hidden", "visible", "locked", "unlocked", "loading", "done", "completed",
        "current", "playing", "paused", "muted", "required", "optional", "invalid", "valid", "connected", "disconnected",
        "offline", "online", "busy", "ready", "new", "on", "off", "full", "dimmed", "greyed", "grayed", "none",
    ]

    static func judge(_ text: String) -> Judgement {
        guard let word = firstWord(text) else { return .verb }
        let lower = word.lowercased()
        if lower == "to" { return .leadingTo }
        if verbs.contains(lower) { return .verb }
        if stateWords.contains(lower) { return .state(word, "describes a state, not an action") }
        if let what = closedClass[lower] { return .noVerb(word, what) }
        guard lower.count >= 5 else { return .verb }
        if lower.hasSuffix("ed") { return .state(word, "is a past participle, a state rather than an action") }
        if lower.hasSuffix("ing") { return .state(word, "is a participle, not a verb's base form") }
        for suffix in ["ive", "able", "ible", "ful", "less", "ous"] where lower.hasSuffix(suffix) {
            return .state(word, "is an adjective, a state rather than an action")
        }
        if lower.hasSuffix("ly") { return .noVerb(word, "an adverb") }
        return .verb
    }

    /// The first word: letters (and `'`, `-`) after leading spaces and punctuation.
    static func firstWord(_ text: String) -> String? {
        let start = text.drop { !$0.isLetter }
        let word = start.prefix { $0.isLetter || $0 == "'" || $0 == "’" || $0 == "-" }
        return word.isEmpty || start.startIndex != text.startIndex && text[..<start.startIndex].contains(where: { $0.isNumber }) ? nil : String(word)
    }
}
