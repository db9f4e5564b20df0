internal import CICU

/// Orders strings the way a locale sorts them (ICU `UCollator`), optionally ignoring case and
/// comparing digit runs by their numeric value ("Key2" before "Key10").
///
/// ```swift
/// let order = try Collator(locale: .root, strength: .secondary, numeric: true)
/// ["Key10", "key2", "Key1", "my.key", "my_key"].sorted { order.sortKey($0) < order.sortKey($1) }
/// // ["Key1", "key2", "Key10", "my_key", "my.key"]
/// ```
///
/// Sort keys are plain bytes: compare them with `<` (lexicographic), many times faster than
/// comparing strings again and again. Making keys is thread-safe (the collator is not changed
/// after `init`).
public final class Collator: @unchecked Sendable {
    /// How fine the differences are that count.
    public enum Strength: Hashable, Sendable {
        /// Base letters only ("a" = "á" = "A").
        case primary
        /// Accents count, case does not ("a" = "A" < "á").
        case secondary
        /// Case counts too.
        case tertiary
    }

    public let locale: ICULocale
    // @unchecked Sendable: configured in init, then only read through const ICU functions.
    private let handle: OpaquePointer

    public init(locale: ICULocale, strength: Strength = .tertiary, numeric: Bool = false) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        let opened = cicu_ucol_open(locale == .root ? "" : locale.identifier, &status)
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_ucol_close(opened) }
            throw ICUError(code: status, operation: "ucol_open(\(locale.identifier))")
        }
        let value: Int32 = switch strength {
        case .primary: CICU_UCOL_PRIMARY
        case .secondary: CICU_UCOL_SECONDARY
        case .tertiary: CICU_UCOL_TERTIARY
        }
        cicu_ucol_setAttribute(opened, CICU_UCOL_STRENGTH, value, &status)
        cicu_ucol_setAttribute(opened, CICU_UCOL_NUMERIC_COLLATION, numeric ? CICU_UCOL_ON : CICU_UCOL_OFF, &status)
        if ICUStatus.isFailure(status) {
            cicu_ucol_close(opened)
            throw ICUError(code: status, operation: "ucol_setAttribute")
        }
        self.handle = opened!
        self.locale = locale
    }

    deinit { cicu_ucol_close(handle) }

    /// The bytes whose lexicographic order is this collator's order of the strings.
    public func sortKey(_ text: String) -> [UInt8] {
        text.withUTF16Buffer { units, length -> [UInt8] in
            var capacity = Int(length) * 4 + 16
            while true {
                let key = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                    let needed = cicu_ucol_getSortKey(handle, units, length, buffer.baseAddress!, Int32(capacity))
                    count = Int(needed) <= capacity ? Int(needed) : 0
                    if Int(needed) > capacity { capacity = Int(needed) }
                }
                if !key.isEmpty || length == 0 { return key }
            }
        }
    }

    /// Whether `a` sorts before `b`.
    public func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        sortKey(a).lexicographicallyPrecedes(sortKey(b))
    }
}
