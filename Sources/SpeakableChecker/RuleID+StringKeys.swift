extension Dictionary where Key == String {
    /// The value for `id`'s text: a tally of findings kept by their ids as strings
    /// (`byRule[finding.rule, default: 0] += 1` on a `[String: Int]`).
    public subscript(_ id: RuleID, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[id.rawValue, default: defaultValue()] }
        set { self[id.rawValue] = newValue }
    }
}
