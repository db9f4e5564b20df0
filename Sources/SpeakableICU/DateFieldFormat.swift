internal import CICU

/// A date format run without calling ICU: the pattern ICU resolved for the format
/// (`udat_toPattern`), cut into literal pieces and fields; month, weekday and AM/PM names from
/// the format's own symbols (`udat_getSymbols`); digits from the format's own number format; the
/// time zone's offsets from ICU's calendar, interval by interval.
///
/// Only the Gregorian calendar and the fields `y`, `M`/`L`, `d`, `E`/`c`, `a`, `h`/`H`/`K`/`k`,
/// `m`, `s` are taken; any other field, calendar or quoting makes the derivation give up. The
/// result is kept only if it reproduces `udat_format` on a battery of moments (every day of a
/// leap year at times that cover every hour, minute and second, both sides of the zone's
/// transitions, distant years); a date outside the covered range goes to ICU.
final class DateFieldFormat: @unchecked Sendable {
    // @unchecked Sendable: immutable after init.

    private enum Field {
        case literal(start: Int32, count: Int32)
        /// `y`: the year with at least `digits` digits; `yy`: its last two.
        case year(digits: Int, twoDigit: Bool)
        case monthNumber(digits: Int)
        case monthName(table: Int)
        case day(digits: Int)
        case weekdayName(table: Int)
        case amPm(table: Int)
        /// `h` 1–12, `H` 0–23, `K` 0–11, `k` 1–24.
        case hour(letter: UInt8, digits: Int)
        case minute(digits: Int)
        case second(digits: Int)
    }

    private let fields: UnsafeMutablePointer<Field>
    private let fieldCount: Int
    private let text: UnsafeMutablePointer<UInt8>
    /// Name tables, back to back: (start, count) into `text`; a field names its table's first entry.
    private let entries: UnsafeMutablePointer<(Int32, Int32)>
    private let digits: IntegerDigitFormat
    /// Offsets (milliseconds) by interval: `starts[i]` ..< `starts[i + 1]` has `offsets[i]`.
    private let starts: UnsafeMutablePointer<Double>
    private let offsets: UnsafeMutablePointer<Int64>
    private let intervals: Int
    private let earliest: Double
    private let latest: Double

    private static let day: Int64 = 86_400_000

    private init(fields: [Field], text: [UInt8], entries: [(Int32, Int32)], digits: IntegerDigitFormat,
                 starts: [Double], offsets: [Int64], earliest: Double, latest: Double) {
        func copy<T>(_ items: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, items.count))
            p.initialize(from: items, count: items.count)
            return p
        }
        self.fields = copy(fields)
        self.fieldCount = fields.count
        self.text = copy(text)
        self.entries = copy(entries)
        self.digits = digits
        self.starts = copy(starts)
        self.offsets = copy(offsets)
        self.intervals = offsets.count
        self.earliest = earliest
        self.latest = latest
    }

    deinit {
        fields.deallocate()
        text.deallocate()
        entries.deallocate()
        starts.deallocate()
        offsets.deallocate()
    }

    // MARK: Formatting

    /// Writes the moment at `out`; the byte count, or -1 (outside the covered range, or it would
    /// not fit in `capacity`).
    func write(_ date: Double, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        guard date >= earliest, date < latest else { return -1 }
        let utc = Int64(date.rounded(.down))
        let local = utc + offset(at: date)
        var days = local / Self.day
        var time = local % Self.day
        if time < 0 {
            time += Self.day
            days -= 1
        }
        let (year, month, dayOfMonth) = Self.civil(fromDays: days)
        let weekday = Int(((days + 4) % 7 + 7) % 7) + 1       // 1 = Sunday (1970-01-01 was a Thursday)
        let hour = Int(time / 3_600_000)
        let minute = Int(time / 60_000 % 60)
        let second = Int(time / 1_000 % 60)
        var at = 0
        for k in 0..<fieldCount {
            guard at + 128 <= capacity else { return -1 }
            switch fields[k] {
            case .literal(let start, let count):
                (out + at).update(from: text + Int(start), count: Int(count))
                at += Int(count)
            case .year(let width, let twoDigit):
                at += digits.writeUngrouped(Int64(twoDigit ? year % 100 : year), minimumDigits: width, into: out + at)
            case .monthNumber(let width):
                at += digits.writeUngrouped(Int64(month), minimumDigits: width, into: out + at)
            case .monthName(let table):
                at += copy(entries[table + month - 1], to: out + at, room: capacity - at)
            case .day(let width):
                at += digits.writeUngrouped(Int64(dayOfMonth), minimumDigits: width, into: out + at)
            case .weekdayName(let table):
                at += copy(entries[table + weekday - 1], to: out + at, room: capacity - at)
            case .amPm(let table):
                at += copy(entries[table + (hour < 12 ? 0 : 1)], to: out + at, room: capacity - at)
            case .hour(let letter, let width):
                let value: Int
                switch letter {
                case UInt8(ascii: "h"): value = hour % 12 == 0 ? 12 : hour % 12
                case UInt8(ascii: "K"): value = hour % 12
                case UInt8(ascii: "k"): value = hour == 0 ? 24 : hour
                default: value = hour
                }
                at += digits.writeUngrouped(Int64(value), minimumDigits: width, into: out + at)
            case .minute(let width):
                at += digits.writeUngrouped(Int64(minute), minimumDigits: width, into: out + at)
            case .second(let width):
                at += digits.writeUngrouped(Int64(second), minimumDigits: width, into: out + at)
            }
            if at < 0 { return -1 }
        }
        return at
    }

    /// Copies a name; the byte count, or a large negative number when it does not fit in `room`
    /// (which makes the whole write decline).
    @inline(__always)
    private func copy(_ entry: (Int32, Int32), to out: UnsafeMutablePointer<UInt8>, room: Int) -> Int {
        let count = Int(entry.1)
        guard count <= room else { return -1_000_000 }
        out.update(from: text + Int(entry.0), count: count)
        return count
    }

    @inline(__always)
    private func offset(at date: Double) -> Int64 {
        if intervals == 1 { return offsets[0] }
        // The last interval starting at or before `date`.
        var lo = 0
        var hi = intervals
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= date { lo = mid } else { hi = mid }
        }
        return offsets[lo]
    }

    /// Year, month (1–12) and day of the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(m <= 2 ? y + 1 : y), Int(m), Int(d))
    }

    // MARK: Deriving

    /// Reads the open format `handle` (pattern, symbols, digits, calendar, zone) and returns a
    /// fast path that reproduces `udat_format` on the battery, or nil.
    static func derive(handle: OpaquePointer, timeZone: ICUTimeZone) -> DateFieldFormat? {
        guard let calendar = cicu_udat_getCalendar(handle) else { return nil }
        var status = CICU_U_ZERO_ERROR
        guard let type = cicu_ucal_getType(calendar, &status), !ICUStatus.isFailure(status),
              String(cString: type) == "gregorian" else { return nil }
        guard let pattern = try? withUTF16Result("udat_toPattern", { buffer, capacity, status in
            cicu_udat_toPattern(handle, 0, buffer, capacity, &status)
        }) else { return nil }
        guard let numberFormat = cicu_udat_getNumberFormat(handle),
              let digits = IntegerDigitFormat.derive(from: { value in
                  try? withUTF16Result("unum_formatInt64") { buffer, capacity, status in
                      cicu_unum_formatInt64(numberFormat, value, buffer, capacity, &status)
                  }
              }) else { return nil }

        // The pattern: letters in runs, quoted text, everything else literal.
        var fields: [Field] = []
        var text: [UInt8] = []
        var entries: [(Int32, Int32)] = []
        var pendingLiteral: [UInt8] = []
        func flushLiteral() {
            guard !pendingLiteral.isEmpty else { return }
            fields.append(.literal(start: Int32(text.count), count: Int32(pendingLiteral.count)))
            text += pendingLiteral
            pendingLiteral = []
        }
        func symbols(_ type: Int32, from first: Int32, count: Int32) -> Int? {
            let table = entries.count
            for index in first..<(first + count) {
                guard let symbol = try? withUTF16Result("udat_getSymbols", { buffer, capacity, status in
                    cicu_udat_getSymbols(handle, type, index, buffer, capacity, &status)
                }), !symbol.isEmpty else { return nil }
                let bytes = Array(symbol.utf8)
                entries.append((Int32(text.count), Int32(bytes.count)))
                text += bytes
            }
            return table
        }
        let units = Array(pattern.unicodeScalars)
        var i = 0
        while i < units.count {
            let c = units[i]
            if c == "'" {
                // '' is a quote; otherwise quoted text runs to the next single quote.
                if i + 1 < units.count, units[i + 1] == "'" {
                    pendingLiteral += Array("'".utf8)
                    i += 2
                    continue
                }
                i += 1
                while i < units.count {
                    if units[i] == "'" {
                        if i + 1 < units.count, units[i + 1] == "'" {
                            pendingLiteral += Array("'".utf8)
                            i += 2
                            continue
                        }
                        break
                    }
                    pendingLiteral += Array(String(units[i]).utf8)
                    i += 1
                }
                i += 1
                continue
            }
            guard c.isASCII, c.properties.isAlphabetic else {
                pendingLiteral += Array(String(c).utf8)
                i += 1
                continue
            }
            var run = 1
            while i + run < units.count, units[i + run] == c { run += 1 }
            i += run
            flushLiteral()
            switch c {
            case "y":
                fields.append(.year(digits: run == 2 ? 2 : run, twoDigit: run == 2))
            case "M", "L":
                let standalone = c == "L"
                switch run {
                case 1, 2: fields.append(.monthNumber(digits: run))
                case 3:
                    guard let t = symbols(standalone ? CICU_UDAT_STANDALONE_SHORT_MONTHS : CICU_UDAT_SHORT_MONTHS, from: 0, count: 12) else { return nil }
                    fields.append(.monthName(table: t))
                case 4:
                    guard let t = symbols(standalone ? CICU_UDAT_STANDALONE_MONTHS : CICU_UDAT_MONTHS, from: 0, count: 12) else { return nil }
                    fields.append(.monthName(table: t))
                case 5:
                    guard let t = symbols(standalone ? CICU_UDAT_STANDALONE_NARROW_MONTHS : CICU_UDAT_NARROW_MONTHS, from: 0, count: 12) else { return nil }
                    fields.append(.monthName(table: t))
                default: return nil
                }
            case "d":
                guard run <= 2 else { return nil }
                fields.append(.day(digits: run))
            case "E", "c":
                let standalone = c == "c"
                let type: Int32
                switch run {
                case 1, 2, 3:
                    guard !standalone || run == 3 else { return nil }  // c and cc are numbers
                    type = standalone ? CICU_UDAT_STANDALONE_SHORT_WEEKDAYS : CICU_UDAT_SHORT_WEEKDAYS
                case 4: type = standalone ? CICU_UDAT_STANDALONE_WEEKDAYS : CICU_UDAT_WEEKDAYS
                case 5: type = standalone ? CICU_UDAT_STANDALONE_NARROW_WEEKDAYS : CICU_UDAT_NARROW_WEEKDAYS
                case 6: type = standalone ? CICU_UDAT_STANDALONE_SHORTER_WEEKDAYS : CICU_UDAT_SHORTER_WEEKDAYS
                default: return nil
                }
                // Weekday symbols are indexed 1 (Sunday) … 7.
                guard let t = symbols(type, from: 1, count: 7) else { return nil }
                fields.append(.weekdayName(table: t))
            case "a":
                guard run <= 3, let t = symbols(CICU_UDAT_AM_PMS, from: 0, count: 2) else { return nil }
                fields.append(.amPm(table: t))
            case "h", "H", "K", "k":
                guard run <= 2 else { return nil }
                fields.append(.hour(letter: UInt8(c.value), digits: run))
            case "m":
                guard run <= 2 else { return nil }
                fields.append(.minute(digits: run))
            case "s":
                guard run <= 2 else { return nil }
                fields.append(.second(digits: run))
            default:
                return nil
            }
        }
        flushLiteral()

        // The zone's offsets, interval by interval, 1900–2200 (or one offset for a fixed zone).
        guard let zone = zoneOffsets(calendar) else { return nil }
        let earliest = zone.starts.count == 1 ? -11_676_096_000_000.0 : zone.starts[0]   // 1600-01-01
        let latest = zone.starts.count == 1 ? 253_402_300_800_000.0 : 7_258_118_400_000   // 10000-01-01 / 2200-01-01
        let candidate = DateFieldFormat(fields: fields, text: text, entries: entries, digits: digits, starts: zone.starts,
                                        offsets: zone.offsets, earliest: earliest, latest: latest)

        // Check against ICU.
        var battery: [Double] = []
        let start2024 = 1_704_067_200_000.0
        for d in 0..<366 {
            let ms = Double(d) * 86_400_000 + Double(d % 24) * 3_600_000 + Double(d * 7 % 60) * 60_000
                + Double(d * 13 % 60) * 1_000 + Double(d % 10) * 100
            battery.append(start2024 + ms)
        }
        for h in 0..<24 { battery.append(start2024 + Double(h) * 3_600_000) }
        battery += [0, -1, -86_400_000, 951_782_400_000, 2_147_483_647_000, 4_107_542_400_000, -2_208_988_800_000,
                    earliest, latest - 1_000, 1_756_166_400_000, 1_756_166_399_999.5]
        for (k, s) in zone.starts.enumerated() where k > 0 && s > 1_577_836_800_000 && s < 1_893_456_000_000 {
            battery += [s - 1, s, s + 1, s + 3_600_000, s - 3_600_000]
        }
        let ok = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer -> Bool in
            for date in battery {
                guard let expected = try? withUTF16Units("udat_format", { b, capacity, status in
                    cicu_udat_format(handle, date, b, capacity, &status)
                }, transcodeToUTF8) else { return false }
                let count = candidate.write(date, into: buffer.baseAddress!, capacity: 512)
                if date >= earliest && date < latest {
                    guard count >= 0, expected.elementsEqual(UnsafeBufferPointer(start: buffer.baseAddress!, count: count)) else {
                        return false
                    }
                }
            }
            return true
        }
        return ok ? candidate : nil
    }

    /// The offsets (raw + daylight) of the calendar's zone between 1900 and 2200, from ICU's
    /// transitions; one interval for a zone without any.
    private static func zoneOffsets(_ base: OpaquePointer) -> (starts: [Double], offsets: [Int64])? {
        var status = CICU_U_ZERO_ERROR
        guard let calendar = cicu_ucal_clone(base, &status), !ICUStatus.isFailure(status) else { return nil }
        defer { cicu_ucal_close(calendar) }
        func offset(at date: Double) -> Int64? {
            var s = CICU_U_ZERO_ERROR
            cicu_ucal_setMillis(calendar, date, &s)
            let raw = cicu_ucal_get(calendar, CICU_UCAL_ZONE_OFFSET, &s)
            let dst = cicu_ucal_get(calendar, CICU_UCAL_DST_OFFSET, &s)
            return ICUStatus.isFailure(s) ? nil : Int64(raw) + Int64(dst)
        }
        let from = -2_208_988_800_000.0  // 1900-01-01
        let to = 7_258_118_400_000.0      // 2200-01-01
        guard let first = offset(at: from) else { return nil }
        var starts = [from]
        var offsets = [first]
        var cursor = from
        while starts.count < 2_000 {
            var next = 0.0
            var s = CICU_U_ZERO_ERROR
            cicu_ucal_setMillis(calendar, cursor, &s)
            let found = cicu_ucal_getTimeZoneTransitionDate(calendar, CICU_UCAL_TZ_TRANSITION_NEXT, &next, &s)
            if ICUStatus.isFailure(s) { return nil }
            if found == 0 || next >= to { break }
            guard let value = offset(at: next) else { return nil }
            starts.append(next)
            offsets.append(value)
            cursor = next
        }
        if starts.count >= 2_000 { return nil }
        if offsets.allSatisfy({ $0 == first }) { return ([from], [first]) }
        return (starts, offsets)
    }
}
