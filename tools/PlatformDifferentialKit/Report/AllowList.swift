import SpeakableJSON

/// Differences accepted on purpose, each with its reason
/// (`tools/PlatformDifferential/allow-list.json`).
///
/// ```json
/// {"version": 1, "exceptions": [
///   {"input": "builtin", "platform": "android", "message": "block.placement.*", "locale": "ko",
///    "origin": "text ", "reason": "…"}
/// ]}
/// ```
///
/// Every field but `reason` is an optional filter; `input` and `message` may end in `*` (a prefix);
/// `origin` matches when the case's origin contains it; `expected` and `actual` match when the
/// texts contain them.
public struct AllowList: Sendable {
    public struct Entry: Hashable, Sendable {
        public var input: String?
        public var platform: String?
        public var message: String?
        public var locale: String?
        public var origin: String?
        public var expected: String?
        public var actual: String?
        public var reason: String

        /// Whether this entry is for input `name` (`input` may end in `*`: `stress-seed*`).
        public func applies(toInput name: String) -> Bool {
            guard let input else { return true }
            return input.hasSuffix("*") ? name.hasPrefix(String(input.dropLast())) : name == input
        }
    }

    public var entries: [Entry] = []
    public var file: String?

    public init() {}

    static let fields: Set<String> = ["input", "platform", "message", "locale", "origin", "expected", "actual", "reason"]

    /// Reads an allow-list file; every problem names its line.
    public static func read(_ path: String) throws(DifferentialError) -> AllowList {
        let text = try Files.readText(path)
        let json = JSONReader.read(text, file: path)
        if let problem = json.diagnostics.first {
            throw .input("\(path):\(problem.position?.line ?? 1): \(problem.message)")
        }
        guard let root = json.root, let exceptions = root["exceptions"]?.array else {
            throw .input("\(path): expected {\"version\": 1, \"exceptions\": [...]}")
        }
        var list = AllowList()
        list.file = path
        for item in exceptions {
            guard let members = item.members else { throw .input("\(path):\(item.start.line): an exception must be an object") }
            for member in members where !fields.contains(member.key) {
                throw .input("\(path):\(member.keyStart.line): unknown field '\(member.key)' (fields: \(fields.sorted().joined(separator: ", ")))")
            }
            guard let reason = item["reason"]?.string, reason.count >= 20 else {
                throw .input("\(path):\(item.start.line): every exception needs a \"reason\" that says why (a sentence)")
            }
            if let platform = item["platform"]?.string, Platform(rawValue: platform) == nil {
                throw .input("\(path):\(item.start.line): unknown platform '\(platform)'")
            }
            list.entries.append(Entry(input: item["input"]?.string, platform: item["platform"]?.string, message: item["message"]?.string,
                                      locale: item["locale"]?.string, origin: item["origin"]?.string,
                                      expected: item["expected"]?.string, actual: item["actual"]?.string, reason: reason))
        }
        return list
    }

    /// The first entry that accepts `mismatch`.
    public func match(_ mismatch: Mismatch) -> Int? {
        entries.firstIndex { entry in
            if !entry.applies(toInput: mismatch.input) { return false }
            if let platform = entry.platform, platform != mismatch.platform.rawValue { return false }
            if let locale = entry.locale, locale != mismatch.locale { return false }
            if let message = entry.message {
                if message.hasSuffix("*") {
                    if !mismatch.key.hasPrefix(String(message.dropLast())) { return false }
                } else if message != mismatch.key {
                    return false
                }
            }
            if let origin = entry.origin, !mismatch.origin.contains(origin) { return false }
            if let expected = entry.expected, !mismatch.expected.contains(expected) { return false }
            if let actual = entry.actual, !mismatch.actual.contains(actual) { return false }
            return true
        }
    }
}
