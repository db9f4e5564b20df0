public import SpeakableICU

/// Reads ISO 8601 dates for arguments: `2026-08-26`, `2026-08-26T09:30`, `2026-08-26T09:30:05.250Z`,
/// `2026-08-26T09:30:05+09:00`. A time without `Z` or an offset is wall-clock time in the given
/// time zone (UTC unless the caller says otherwise).
///
/// ```swift
/// try ISODate.parse("2025-08-26T00:00:00Z")   // 1756166400000
/// ```
public enum ISODate {
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public let text: String
        public var description: String {
            "'\(text)' is not an ISO 8601 date such as 2026-08-26 or 2026-08-26T09:30:00Z"
        }
    }

    public static func parse(_ text: String, timeZone: ICUTimeZone = .utc) throws(Failure) -> ICUDate {
        let b = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var value = 0
            for k in 0..<digits {
                let c = b[i + k]
                guard c >= 0x30 && c <= 0x39 else { return nil }
                value = value * 10 + Int(c - 0x30)
            }
            i += digits
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        var negativeYear = false
        if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") {
            negativeYear = b[i] == UInt8(ascii: "-")
            i += 1
        }
        guard var year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: negativeYear ? -year : year)
        else { throw Failure(text: text) }
        if negativeYear { year = -year }
        var hour = 0, minute = 0, second = 0, millisecond = 0
        var offsetMinutes: Int?
        if i < b.count {
            guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ") else { throw Failure(text: text) }
            i += 1
            guard let h = number(2), expect(UInt8(ascii: ":")), let m = number(2), h <= 23, m <= 59 else { throw Failure(text: text) }
            hour = h
            minute = m
            if expect(UInt8(ascii: ":")) {
                guard let s = number(2), s <= 60 else { throw Failure(text: text) }
                second = s
                if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                    var digits = 0
                    var fraction = 0
                    while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                        if digits < 3 { fraction = fraction * 10 + Int(b[i] - 0x30) }
                        digits += 1
                        i += 1
                    }
                    guard digits > 0 else { throw Failure(text: text) }
                    for _ in digits..<3 where digits < 3 { fraction *= 10 }
                    millisecond = fraction
                }
            }
            if i < b.count {
                if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                    i += 1
                    offsetMinutes = 0
                } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                    let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                    guard let oh = number(2), oh <= 23 else { throw Failure(text: text) }
                    _ = expect(UInt8(ascii: ":"))
                    guard let om = number(2), om <= 59 else { throw Failure(text: text) }
                    offsetMinutes = sign * (oh * 60 + om)
                }
            }
            guard i == b.count else { throw Failure(text: text) }
        }
        if let offsetMinutes {
            let days = daysFromCivil(year: year, month: month, day: day)
            let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second - offsetMinutes * 60
            return Double(seconds) * 1000 + Double(millisecond)
        }
        do {
            return try timeZone.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                     millisecond: millisecond)
        } catch {
            throw Failure(text: text)
        }
    }

    private static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
