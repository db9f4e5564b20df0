public import SpeakableDiagnostics
import SpeakableJSON

/// Accepted findings: a check with a baseline fails only on findings that are not in it.
///
/// The file (`speakable check --write-baseline FILE`) is JSON, sorted so that it diffs well:
///
/// ```json
/// {
///   "version": 1,
///   "tool": "speakable check",
///   "findings": [
///     {"fingerprint": "29c0fa33d7b16a58", "rule": "untranslated", "table": "game", "locale": "ko",
///      "key": "level.label", "message": "the ko translation is identical to the source text"}
///   ]
/// }
/// ```
///
/// Only `fingerprint` is matched (see ``Fingerprint``: rule, table, locale, key and what is wrong,
/// never line or column); the other fields are there for the reader. A fingerprint listed twice
/// accepts two identical findings.
public struct Baseline: Sendable {
    public var entries: [Entry]

    public struct Entry: Hashable, Sendable {
        public var fingerprint: String
        public var rule: String
        public var table: String?
        public var locale: String?
        public var key: String?
        public var message: String
    }

    public init(entries: [Entry]) { self.entries = entries }

    /// A baseline accepting `findings`.
    public init(accepting findings: [Finding]) {
        entries = findings.map {
            Entry(fingerprint: $0.fingerprint, rule: $0.rule.rawValue, table: $0.table, locale: $0.locale, key: $0.key, message: $0.message)
        }.sorted { a, b in
            (a.table ?? "", a.key ?? "", a.locale ?? "", a.rule, a.fingerprint) < (b.table ?? "", b.key ?? "", b.locale ?? "", b.rule, b.fingerprint)
        }
    }

    /// Reads a baseline file's bytes; a malformed file is a diagnostic with its position.
    public static func read(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Baseline {
        let json = JSONReader.read(bytes, file: file)
        if let problem = json.diagnostics.first(where: { $0.severity == .error }) { throw problem }
        func bad(_ message: String, _ node: JSONNode?) -> Diagnostic {
            Diagnostic(severity: .error, id: "invalid-baseline", message: message, file: file, position: node?.start,
                       hint: "write a baseline with 'speakable check --write-baseline \(file)'")
        }
        guard let root = json.root, root.members != nil else { throw bad("a baseline is a JSON object", json.root) }
        guard case .int(1)? = root["version"]?.number else { throw bad("a baseline needs \"version\": 1", root["version"] ?? root) }
        guard let items = root["findings"]?.array else { throw bad("a baseline needs \"findings\": [...]", root) }
        var entries: [Entry] = []
        for item in items {
            guard let fingerprint = item["fingerprint"]?.string, let rule = item["rule"]?.string else {
                throw bad("each baseline finding needs \"fingerprint\" and \"rule\" strings", item)
            }
            entries.append(Entry(fingerprint: fingerprint, rule: rule, table: item["table"]?.string, locale: item["locale"]?.string,
                                 key: item["key"]?.string, message: item["message"]?.string ?? ""))
        }
        return Baseline(entries: entries)
    }

    /// The file's text.
    public func serialized() -> String {
        let items: [JSONValue] = entries.map { e in
            var fields: [(String, JSONValue)] = [("fingerprint", .string(e.fingerprint)), ("rule", .string(e.rule))]
            if let table = e.table { fields.append(("table", .string(table))) }
            if let locale = e.locale { fields.append(("locale", .string(locale))) }
            if let key = e.key { fields.append(("key", .string(key))) }
            fields.append(("message", .string(e.message)))
            return .object(fields)
        }
        return JSONValue.object([("version", .int(1)), ("tool", .string("speakable check")), ("findings", .array(items))])
            .prettyPrinted() + "\n"
    }

    /// Splits `findings` into new ones and accepted ones; `stale` counts entries no longer found.
    public func apply(to findings: [Finding]) -> (new: [Finding], accepted: Int, stale: Int) {
        var remaining: [String: Int] = [:]
        for e in entries { remaining[e.fingerprint, default: 0] += 1 }
        var new: [Finding] = []
        var accepted = 0
        for f in findings {
            if let n = remaining[f.fingerprint], n > 0 {
                remaining[f.fingerprint] = n - 1
                accepted += 1
            } else {
                new.append(f)
            }
        }
        return (new, accepted, remaining.values.reduce(0, +))
    }
}
