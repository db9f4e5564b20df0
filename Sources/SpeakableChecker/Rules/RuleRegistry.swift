/// The one list of the checker's rules, in the order `--help` and SARIF list them (and
/// docs/checks.md documents them). A rule added to `Rules/` is added here, once.
enum RuleRegistry {
    static let rules: [any CheckerRule.Type] = [
        SyntaxErrorRule.self,
        MissingTranslationRule.self,
        ExtraKeyRule.self,
        PlaceholderMismatchRule.self,
        PlaceholderTypeRule.self,
        PluralCategoriesRule.self,
        SelectCasesRule.self,
        PluralLiteralNumberRule.self,
        UntranslatedRule.self,
        OverLongRule.self,
        RoleWordRule.self,
        LabelStyleRule.self,
        HintGestureRule.self,
        KoreanActionFormRule.self,
        KoreanParticleRule.self,
        BidiControlRule.self,
        InvisibleCharacterRule.self,
        WhitespaceRule.self,
        PrintfInjectionRule.self,
        KeyFamilyRule.self,
        FormatMismatchRule.self,
        ActionFragmentRule.self,
        UnusedPluralCategoryRule.self,
        UnknownLocaleRule.self,
    ]

    /// Each rule's id, by its place in ``rules``.
    static let ids: [RuleID] = rules.map { $0.id }
}
