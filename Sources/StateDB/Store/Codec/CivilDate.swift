/// Proleptic Gregorian dates counted in days from 1970-01-01 (H. Hinnant's `civil_from_days`
/// and `days_from_civil`), in integers: exact for every day a `Date` can name, where
/// `Calendar` goes through floating point and time zones.
enum CivilDate {
    /// The date of a day counted from 1970-01-01, as `gmtime` gives it.
    static func from(daysSince1970 days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day, counted from 1970-01-01, of a valid date (`isValid`).
    static func daysSince1970(year: Int64, month: Int, day: Int) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear.floorDivided(by: 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Appends `YYYY-MM-DDThh:mm:ss` for a year in 0...9999 and a second of that day, digit by
    /// digit (the timestamps of `inspect --json` and stored dates are written in bulk, where a
    /// formatter per value was most of the time).
    static func appendDateTime(year: Int64, month: Int, day: Int, secondOfDay: Int, to output: inout [UInt8]) {
        appendDigits(Int(year), width: 4, to: &output); output.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &output); output.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &output); output.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &output); output.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &output); output.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &output)
    }

    /// Appends a non-negative `value` as exactly `width` decimal digits, zero-padded.
    static func appendDigits(_ value: Int, width: Int, to output: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Whether the month has the day (29 February only in leap years).
    static func isValid(year: Int64, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return day <= (month == 2 && leap ? 29 : lengths[month - 1])
    }
}

extension Int64 {
    /// Division rounding toward minus infinity (days and seconds before 1970 count down).
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
