import SpeakableICU

/// One check for every locale a command line names (`--locale`, `--locales`, `--source`,
/// `--source-locale`, a JSON Lines request's `"locale"`): a well-formed BCP 47 tag of a language
/// ICU has data for, or a usage error with the tag probably meant (`--locale kr` → ko).
/// The judgement itself is `LocaleTags` in SpeakableICU, shared with `speakable.json` loading.
enum LocaleArguments {
    /// Locales every command knows: the built-in catalog's, then common targets.
    static let common = ["en", "ko", "ja", "zh-Hans", "zh-Hant", "es", "fr", "de", "pt-BR"]

    /// Nil when `tag` is fine; else the sentence to print as a usage error.
    static func problem(_ tag: String, option: String, candidates: [String] = []) -> String? {
        guard let problem = LocaleTags.problem(with: tag, candidates: candidates + common) else { return nil }
        return "\(option): " + problem.message
    }
}
