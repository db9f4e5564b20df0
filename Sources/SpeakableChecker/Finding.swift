import Dispatch
public import SpeakableDiagnostics
import SpeakableEscaping

/// One thing the checker found: which rule, how serious, where (file, 1-based line and column in
/// Unicode scalars, inside the message), which locale and key, a plain sentence and a hint.
///
/// ```swift
/// finding.rendered
/// // "Locales/ko/game.json:3:31: error: 'one' is never used in ko: ko has only other (0, 1, 2, …) [plural-categories]"
/// ```
public struct Finding: Hashable, Sendable {
    /// The rule's id (``Rule/id``), or the id of a problem found reading the input, such as
    /// `json-syntax`.
    public var rule: RuleID
    public var severity: Severity
    public var file: String?
    public var position: SourcePosition?
    public var endPosition: SourcePosition?
    /// The locale the finding is about (the source locale for findings in templates).
    public var locale: String?
    public var key: String?
    /// The table (template file name without `.json`, or the platform file name).
    public var table: String?
    /// One plain, lower-case sentence.
    public var message: String
    public var hint: String?
    /// What exactly is wrong, independent of where it is written: an argument name, a category,
    /// the offending characters. Part of the ``fingerprint``.
    public var subject: String
    /// A stable identity for baselines: see ``Fingerprint``.
    public var fingerprint: String = ""

    public init(rule: RuleID, severity: Severity, file: String?, position: SourcePosition?, endPosition: SourcePosition? = nil,
                locale: String?, key: String?, table: String?, message: String, hint: String? = nil, subject: String = "") {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.position = position
        self.endPosition = endPosition
        self.locale = locale
        self.key = key
        self.table = table
        self.message = message
        self.hint = hint
        self.subject = subject
    }

    /// As a diagnostic (for printing with a caret).
    public var diagnostic: Diagnostic {
        Diagnostic(severity: severity, id: rule.rawValue, message: message, file: file, position: position,
                   endPosition: endPosition, hint: hint)
    }

    /// `file:line:col: error: message [rule-id]`.
    public var rendered: String { diagnostic.rendered }
}

/// The baseline identity of a finding: a hash of the rule, table, locale, key and subject — not
/// of the line, column or wording — so it survives edits elsewhere in the file, reformatting,
/// reordering and rewording of messages. Two identical findings in one message are told apart by
/// an occurrence number.
///
/// ```swift
/// Fingerprint.make(rule: "untranslated", table: "game", locale: "ko", key: "level.label", subject: "", occurrence: 0)
/// // "29c0fa33d7b16a58"  (16 hex digits, FNV-1a 64)
/// ```
public enum Fingerprint {
    public static func make(rule: String, table: String?, locale: String?, key: String?, subject: String, occurrence: Int) -> String {
        make(fields(rule: rule, table: table, locale: locale, key: key, subject: subject), occurrence: occurrence)
    }

    /// The hash of the fields of ``make(rule:table:locale:key:subject:occurrence:)``, before the
    /// occurrence: each text's UTF-8 read in place, then the separator.
    static func fields(rule: String, table: String?, locale: String?, key: String?, subject: String) -> FNV1a {
        var hash = FNV1a()
        func add(_ text: String) {
            var text = text
            text.withUTF8 { hash.combine(bytes: $0) }
            hash.combine(byte: 0x1F)
        }
        add("v1")
        add(rule)
        add(table ?? "")
        add(locale ?? "")
        add(key ?? "")
        add(subject)
        return hash
    }

    /// The fingerprint of the fields hashed in `fields`, with its occurrence.
    static func make(_ fields: FNV1a, occurrence: Int) -> String {
        var hash = fields
        // The occurrence's decimal digits, most significant first (as `String(occurrence)`).
        if occurrence >= 0 {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
                var n = occurrence
                var count = 0
                repeat {
                    buffer[19 - count] = UInt8(0x30 + n % 10)
                    n /= 10
                    count += 1
                } while n > 0
                hash.combine(bytes: UnsafeBufferPointer(rebasing: buffer[(20 - count)...]))
            }
            hash.combine(byte: 0x1F)
        } else {
            var text = String(occurrence)
            text.withUTF8 { hash.combine(bytes: $0) }
            hash.combine(byte: 0x1F)
        }
        // Sixteen lowercase hex digits, zero-padded.
        let value = hash.value
        return String(unsafeUninitializedCapacity: 16) { buffer in
            for k in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * k)) & 0x0F
                buffer[k] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
            }
            return 16
        }
    }

    /// Fills in every finding's fingerprint (in place, in the findings' order). A large list is
    /// done on every core the process may use, one locale's findings at a time: the occurrence
    /// numbers count findings with the same rule, table, locale, key and subject, so those of
    /// different locales never depend on each other, and each locale's are counted in order.
    public static func assign(_ findings: inout [Finding]) {
        guard findings.count >= 4096, Checker.availableCores() > 1 else {
            assign(&findings, indices: findings.indices)
            return
        }
        var groupOfLocale: [String: Int] = [:]
        var groups: [[Int]] = []
        for i in findings.indices {
            let locale = findings[i].locale ?? ""
            if let group = groupOfLocale[locale] {
                groups[group].append(i)
            } else {
                groupOfLocale[locale] = groups.count
                groups.append([i])
            }
        }
        let all = groups
        findings.withUnsafeMutableBufferPointer { buffer in
            // Each index is in one group: every finding is written by one thread only.
            nonisolated(unsafe) let shared = buffer
            DispatchQueue.concurrentPerform(iterations: all.count) { g in
                var buffer = shared
                assign(&buffer, indices: all[g])
            }
        }
    }

    /// Fills in the fingerprints of `findings` at `indices`, counting occurrences among those
    /// only, in the order given. Occurrences are counted by the fields joined into one String
    /// (equal when canonically equivalent); when every field of every finding is ASCII without
    /// the separator U+001F, equal joined Strings are equal fields, byte for byte, and they are
    /// counted by the fields' hash, the fields compared with the first finding that had it.
    static func assign<Findings: MutableCollection<Finding>, Indices: Collection<Int>>(_ findings: inout Findings, indices: Indices)
        where Findings.Index == Int {
        var ascii = true
        for i in indices where ascii {
            ascii = isPlainASCII(findings[i].rule.rawValue) && isPlainASCII(findings[i].table ?? "") && isPlainASCII(findings[i].locale ?? "")
                && isPlainASCII(findings[i].key ?? "") && isPlainASCII(findings[i].subject)
        }
        guard ascii else {
            assignByJoinedFields(&findings, indices: indices)
            return
        }
        // By the fields' hash: the first finding with them and how many there were. Fields of
        // another finding with the same hash (a collision) are counted apart, by their bytes.
        var seen: [UInt64: (first: Int, count: Int)] = Dictionary(minimumCapacity: indices.count)
        var collided: [[UInt8]: Int] = [:]
        for i in indices {
            let rule = findings[i].rule.rawValue, table = findings[i].table, locale = findings[i].locale, key = findings[i].key
            let subject = findings[i].subject
            let hash = fields(rule: rule, table: table, locale: locale, key: key, subject: subject)
            let occurrence: Int
            if let (first, count) = seen[hash.value] {
                if findings[first].rule.rawValue.utf8.elementsEqual(rule.utf8) && (findings[first].table ?? "").utf8.elementsEqual((table ?? "").utf8)
                    && (findings[first].locale ?? "").utf8.elementsEqual((locale ?? "").utf8)
                    && (findings[first].key ?? "").utf8.elementsEqual((key ?? "").utf8) && findings[first].subject.utf8.elementsEqual(subject.utf8) {
                    occurrence = count
                    seen[hash.value] = (first, count + 1)
                } else {
                    let joined = Array([rule, table ?? "", locale ?? "", key ?? "", subject].joined(separator: "\u{1F}").utf8)
                    occurrence = collided[joined, default: 0]
                    collided[joined] = occurrence + 1
                }
            } else {
                seen[hash.value] = (i, 1)
                occurrence = 0
            }
            findings[i].fingerprint = make(hash, occurrence: occurrence)
        }
    }

    /// ASCII without U+001F (the separator of the joined fields).
    static func isPlainASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x1F } }

    /// ``assign(_:indices:)`` counting occurrences by the fields joined into one String (the
    /// definition; used when a field is not ASCII or holds the separator).
    static func assignByJoinedFields<Findings: MutableCollection<Finding>, Indices: Collection<Int>>(_ findings: inout Findings, indices: Indices)
        where Findings.Index == Int {
        var seen: [String: Int] = Dictionary(minimumCapacity: indices.count)
        for i in indices {
            // Each field read in place (a copy of the finding retains all of its texts).
            let rule = findings[i].rule.rawValue, table = findings[i].table, locale = findings[i].locale, key = findings[i].key
            let subject = findings[i].subject
            var base = ""
            base.reserveCapacity(rule.utf8.count + (table?.utf8.count ?? 0) + (locale?.utf8.count ?? 0) + (key?.utf8.count ?? 0)
                                 + subject.utf8.count + 4)
            base += rule
            base += "\u{1F}"
            base += table ?? ""
            base += "\u{1F}"
            base += locale ?? ""
            base += "\u{1F}"
            base += key ?? ""
            base += "\u{1F}"
            base += subject
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            findings[i].fingerprint = make(rule: rule, table: table, locale: locale, key: key, subject: subject, occurrence: occurrence)
        }
    }
}
