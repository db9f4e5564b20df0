import SpeakableICU

/// `:date`, `:time` and `:datetime` (`functions/datetime.md`), formatted by ICU date skeletons.
extension MF2Resolution {
    /// Options that must be literals, with their values, per function.
    static func fieldOptions(_ function: MF2DateTimeValue.Function) -> [String: Set<String>] {
        let fields: Set<String> = ["weekday", "day-weekday", "month-day", "month-day-weekday", "year-month-day",
                                   "year-month-day-weekday"]
        let lengths: Set<String> = ["long", "medium", "short"]
        let precisions: Set<String> = ["hour", "minute", "second"]
        let zoneStyles: Set<String> = ["long", "short"]
        switch function {
        case .date: return ["fields": fields, "length": lengths]
        case .time: return ["precision": precisions, "timeZoneStyle": zoneStyles]
        case .datetime: return ["dateFields": fields, "dateLength": lengths, "timePrecision": precisions, "timeZoneStyle": zoneStyles]
        }
    }

    mutating func resolveDateTime(_ call: MF2FunctionCall) -> MF2Value? {
        guard let function = MF2DateTimeValue.Function(rawValue: call.name.rawValue) else { return nil }
        guard let operand = call.operand else {
            error(.badOperand, ":\(function.rawValue) needs a date or a date-time", call.expression.range)
            return nil
        }
        var overrides: [String: String] = [:]
        // The instant, and the text to read as wall-clock time once the zone is known.
        var instant: (date: ICUDate, offset: Int?)?
        var wallClock: String?
        switch operand.content {
        case .dateTime(let value):
            instant = (value.date, value.offsetMinutes)
            for name in ["timeZone", "hour12", "calendar"] { overrides[name] = value.options[name] }
        case .argument(.date(let date)):
            instant = (date, 0)
        case .literal(let text), .string(let text), .argument(.string(let text)):
            guard Self.isDateTimeLiteral(text) else {
                error(.badOperand, "\(text) is not an ISO 8601 date or date-time", call.operandRange)
                return nil
            }
            if let offset = Self.offsetMinutes(text) {
                guard let date = try? ISODate.parse(text) else {
                    error(.badOperand, "\(text) is not a valid date", call.operandRange)
                    return nil
                }
                instant = (date, offset)
            } else {
                wallClock = text
            }
        default:
            error(.badOperand, ":\(function.rawValue) needs a date or a date-time", call.operandRange)
            return nil
        }
        var options: [String: String] = [:]
        let fieldOptions = Self.fieldOptions(function)
        for (name, option) in call.options.sorted(by: { $0.value.range.lowerBound < $1.value.range.lowerBound }) {
            if let allowed = fieldOptions[name] {
                guard option.isLiteral else {
                    error(.badOption, "\(name) must be a literal", option.range)
                    continue
                }
                guard let text = option.value.stringValue, allowed.contains(text) else {
                    error(.badOption, "\(name) must be one of \(allowed.sorted().joined(separator: ", "))", option.range)
                    continue
                }
                options[name] = text
            } else if name == "hour12", function != .date {
                guard let text = option.value.stringValue, text == "true" || text == "false" else {
                    error(.badOption, "hour12 must be true or false", option.range)
                    continue
                }
                overrides[name] = text
            } else if name == "calendar" {
                guard let text = option.value.stringValue, Self.isCalendarIdentifier(text) else {
                    error(.badOption, "calendar must be a Unicode calendar identifier", option.range)
                    continue
                }
                overrides[name] = text
            } else if name == "timeZone" {
                guard let text = option.value.stringValue, text == "input" || Self.timeZone(text) != nil else {
                    error(.badOption, "timeZone must be input, UTC, a time zone name or an offset", option.range)
                    continue
                }
                overrides[name] = text
            }
        }
        for (name, value) in overrides { options[name] = value }
        // The zone to format in: the option, else the formatting context's.
        var zone = timeZone
        switch options["timeZone"] {
        case "input":
            if let offset = instant?.offset, let inputZone = Self.timeZone(Self.offsetText(offset)) {
                zone = inputZone
            } else {
                error(.badOperand, "timeZone=input needs an operand with a time zone offset", call.operandRange)
                options["timeZone"] = nil
            }
        case let name?:
            if let named = Self.timeZone(name) { zone = named }
        case nil:
            break
        }
        if let wallClock {
            guard let date = try? ISODate.parse(wallClock, timeZone: zone) else {
                error(.badOperand, "\(wallClock) is not a valid date", call.operandRange)
                return nil
            }
            instant = (date, nil)
        }
        guard let instant else { return nil }
        let value = MF2DateTimeValue(date: instant.date, offsetMinutes: instant.offset, function: function,
                                     options: options, timeZone: zone)
        return MF2Value(.dateTime(value), direction: localeDirection)
    }

    /// The standard's date/time literal: `YYYY-MM-DD`, optionally `THH:MM:SS[.fff]` and `Z` or
    /// `±HH:MM`.
    static func isDateTimeLiteral(_ text: String) -> Bool {
        let b = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= b.count && range.allSatisfy { b[$0] >= 0x30 && b[$0] <= 0x39 }
        }
        guard b.count >= 10, digits(0..<4), b[4] == UInt8(ascii: "-"), digits(5..<7), b[7] == UInt8(ascii: "-"),
              digits(8..<10) else { return false }
        if b.count == 10 { return true }
        guard b.count >= 19, b[10] == UInt8(ascii: "T"), digits(11..<13), b[13] == UInt8(ascii: ":"), digits(14..<16),
              b[16] == UInt8(ascii: ":"), digits(17..<19) else { return false }
        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard (1...3).contains(i - start) else { return false }
        }
        if i == b.count { return true }
        if b[i] == UInt8(ascii: "Z") { return i + 1 == b.count }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return false }
        return b.count == i + 6 && digits(i + 1..<i + 3) && b[i + 3] == UInt8(ascii: ":") && digits(i + 4..<i + 6)
    }

    /// The offset written at the end of a date-time literal, in minutes east of UTC.
    static func offsetMinutes(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard b.count > 19 else { return nil }
        if b.last == UInt8(ascii: "Z") { return 0 }
        let i = b.count - 6
        guard i >= 19, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return nil }
        let hours = Int(b[i + 1] - 0x30) * 10 + Int(b[i + 2] - 0x30)
        let minutes = Int(b[i + 4] - 0x30) * 10 + Int(b[i + 5] - 0x30)
        return (b[i] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    static func offsetText(_ minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : "+"
        let m = abs(minutes)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return sign + two(m / 60) + ":" + two(m % 60)
    }

    /// `UTC`, a time zone name ICU knows, or an offset `±HH:MM`.
    static func timeZone(_ text: String) -> ICUTimeZone? {
        let b = Array(text.utf8)
        if b.count == 6, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"), b[3] == UInt8(ascii: ":") {
            return try? ICUTimeZone("GMT" + text)
        }
        guard !text.isEmpty, b.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return try? ICUTimeZone(text)
    }

    /// `3*8alphanum *("-" 3*8alphanum)`.
    static func isCalendarIdentifier(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            (3...8).contains(part.utf8.count) && part.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }
        }
    }

    /// The ICU skeleton for a date/time value's options.
    static func dateSkeleton(_ value: MF2DateTimeValue) -> String {
        let o = value.options
        // The date part, as MF2 → MF1 writes it too (one mapping of `fields` and `length`).
        func dateSkeleton(fields: String, length: String) -> String {
            MF2ToMF1Converter.dateSkeleton(fields: fields, length: length)
        }
        func timeSkeleton(precision: String) -> String {
            let hour = o["hour12"] == "true" ? "h" : (o["hour12"] == "false" ? "H" : "j")
            var skeleton: String
            switch precision {
            case "hour": skeleton = hour
            case "second": skeleton = hour + "ms"
            default: skeleton = hour + "m"
            }
            switch o["timeZoneStyle"] {
            case "long": skeleton += "zzzz"
            case "short": skeleton += "z"
            default: break
            }
            return skeleton
        }
        switch value.function {
        case .date:
            return dateSkeleton(fields: o["fields"] ?? "year-month-day", length: o["length"] ?? "medium")
        case .time:
            return timeSkeleton(precision: o["precision"] ?? "minute")
        case .datetime:
            return dateSkeleton(fields: o["dateFields"] ?? "year-month-day", length: o["dateLength"] ?? "medium")
                + timeSkeleton(precision: o["timePrecision"] ?? "minute")
        }
    }

    mutating func formatDateTime(_ value: MF2DateTimeValue, range: Range<Int>?) -> MF2FormattedValue? {
        var formatLocale = locale
        if let calendar = value.options["calendar"],
           !locale.languageTag.contains("-u-"),
           let withCalendar = try? ICULocale(locale.languageTag + "-u-ca-" + calendar) {
            formatLocale = withCalendar
        }
        do {
            let format = try DateFormat.cached(.skeleton(Self.dateSkeleton(value)), locale: formatLocale, timeZone: value.timeZone)
            return MF2FormattedValue(type: "datetime", text: try format.formatWithICU(value.date))
        } catch {
            if let range { self.error(.badInput, "ICU could not format the date (\(error.name))", range) }
            return nil
        }
    }
}
