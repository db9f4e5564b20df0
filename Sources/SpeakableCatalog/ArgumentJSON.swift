public import SpeakableDiagnostics
public import SpeakableICU
public import SpeakableJSON
public import SpeakableMessages

/// Message arguments from JSON, by Speakable's rule (DESIGN "Arguments"): an integer literal is
/// an `Int64`, a number with a fraction or exponent a `Double`, a string a string,
/// `{"$date": "ISO-8601"}` (or epoch milliseconds) a date, `null` a missing argument.
///
/// ```swift
/// let node = JSONReader.read(#"{"row": 3, "ratio": 0.5, "day": {"$date": "2025-08-26"}}"#).root!
/// try ArgumentJSON.arguments(node)   // ["row": .int(3), "ratio": .double(0.5), "day": .date(1756166400000)]
/// ```
public enum ArgumentJSON {
    /// An argument value JSON cannot stand for, with where it is.
    public struct Failure: Error, Sendable {
        public let message: String
        public let position: SourcePosition
    }

    public static func arguments(_ node: JSONNode, timeZone: ICUTimeZone = .utc) throws(Failure) -> [String: MessageArgument] {
        guard let members = node.members else {
            throw Failure(message: "arguments must be a JSON object such as {\"n\": 3}, not \(node.kindName)",
                          position: node.start)
        }
        var result: [String: MessageArgument] = [:]
        var spelled: [String: String] = [:]
        for member in members {
            let value = member.value
            // Swift strings call NFC and NFD spellings equal; ICU does not. Two such names would
            // share one value here, so they are refused.
            if let other = spelled[member.key], !other.utf8.elementsEqual(member.key.utf8) {
                throw Failure(message: "argument names '\(other)' and '\(member.key)' differ only in Unicode normalization (NFC and NFD); "
                              + "ICU treats them as two arguments, Speakable cannot", position: member.keyStart)
            }
            spelled[member.key] = member.key
            switch value.kind {
            case .null:
                continue
            case .number(.int(let n)):
                result[member.key] = .int(n)
            case .number(.double(let d)):
                result[member.key] = .double(d)
            case .string(let s):
                result[member.key] = .string(s)
            case .object where value["$date"] != nil && value.members?.count == 1:
                let date = value["$date"]!
                if let text = date.string {
                    do {
                        result[member.key] = .date(try ISODate.parse(text, timeZone: timeZone))
                    } catch {
                        throw Failure(message: "argument '\(member.key)': \(error)", position: date.start)
                    }
                } else if let millis = date.number {
                    result[member.key] = .date(millis.doubleValue)
                } else {
                    throw Failure(message: "argument '\(member.key)': $date must be ISO 8601 text or milliseconds since 1970",
                                  position: date.start)
                }
            default:
                throw Failure(
                    message: "argument '\(member.key)' is \(value.kindName); use a number, a string or {\"$date\": \"2026-08-26T09:30:00Z\"}",
                    position: value.start)
            }
        }
        return result
    }
}
