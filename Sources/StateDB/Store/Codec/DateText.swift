import Foundation

/// A `Date` as ISO 8601 text in UTC, exact to the bit: `2026-12-02T01:35:00.25Z`.
///
/// A `Date` is a `Double` of seconds since 2001-01-01 00:00:00 UTC. The canonical text holds
/// the shortest decimal spelling of that `Double` (what `description` writes, the digits that
/// read back as the same `Double`), split into a calendar date and time of day in whole seconds
/// plus as many fractional digits as the spelling has, and none when it has none. The split is
/// done on the decimal digits, in integers, never in floating point: adding the 978,307,200
/// seconds between 1970 and 2001 to a `Double`, as a Unix-time formatter does, would round
/// away every digit below the microsecond.
///
/// Reading the text back rebuilds that decimal number and has `Double(_:)` (correctly rounded)
/// parse it, which gives the original `Double`: every value `canonical` writes reads back bit
/// for bit (`DateTextTests` checks it over 300,000 values and the edges).
///
/// Which dates have no canonical text (`canonical` returns nil; the codec stores them as the
/// number of seconds since 2001, the form stores had before, which reads back exactly):
/// - years before 0000 or after 9999, which four-digit ISO 8601 years (and SQLite's date
///   functions) do not reach;
/// - `-0.0` seconds, which would read back as `+0.0` (an equal `Date`, other bits);
/// - infinite and NaN seconds.
enum DateText {
    /// Seconds between 2001-01-01 (the reference date) and 1970-01-01.
    static let referenceSince1970: Int64 = 978_307_200

    /// The first second of year 0000 and the first after year 9999, counted from 2001.
    static let firstSecond = CivilDate.daysSince1970(year: 0, month: 1, day: 1) * 86_400 - referenceSince1970
    static let endSecond = CivilDate.daysSince1970(year: 10_000, month: 1, day: 1) * 86_400 - referenceSince1970

    /// An example of the accepted form, for messages.
    static let example = "2026-12-02T01:35:00Z, 2026-12-02T01:35:00.25Z or 2026-12-02T02:35:00+01:00"

    /// The canonical text of `date`, or nil for the dates listed on the type.
    static func canonical(_ date: Date) -> String? {
        let seconds = date.timeIntervalSinceReferenceDate
        guard seconds.isFinite, seconds >= Double(firstSecond), seconds < Double(endSecond),
              !(seconds == 0 && seconds.sign == .minus) else { return nil }
        var (whole, fraction) = decimalParts(of: seconds.magnitude)
        if seconds < 0 {
            // -5.25 is 6 seconds before 2001 plus 0.75.
            whole = -whole
            if !fraction.isEmpty {
                whole -= 1
                fraction = complement(fraction)
            }
        }
        let days = whole.floorDivided(by: 86_400)
        let secondOfDay = Int(whole - days * 86_400)
        let (year, month, day) = CivilDate.from(daysSince1970: days + referenceSince1970 / 86_400)
        var text: [UInt8] = []
        text.reserveCapacity(21 + fraction.count)
        CivilDate.appendDateTime(year: year, month: month, day: day, secondOfDay: secondOfDay, to: &text)
        if !fraction.isEmpty {
            text.append(UInt8(ascii: "."))
            text.append(contentsOf: fraction)
        }
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// The date ISO 8601 text names: `YYYY-MM-DDThh:mm:ss`, optionally `.` and any number of
    /// fractional digits, then `Z` or an offset (`+01:00`, `+0100`, `+01`). `t`, `z` and a space
    /// for the `T` are taken too (RFC 3339 allows them; `sqlite3`'s `datetime()` writes a space).
    /// Nil for anything else: a missing zone, a date without a time, 24:00, leap seconds,
    /// 30 February.
    ///
    /// More fractional digits than a `Double` holds are rounded to the nearest `Double`.
    static func parse(_ text: String) -> Date? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
              let month = scanner.number(digits: 2), scanner.take("-"),
              let day = scanner.number(digits: 2), scanner.take("T") || scanner.take("t") || scanner.take(" "),
              let hour = scanner.number(digits: 2), scanner.take(":"),
              let minute = scanner.number(digits: 2), scanner.take(":"),
              let second = scanner.number(digits: 2) else { return nil }
        guard CivilDate.isValid(year: Int64(year), month: month, day: day),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        var fraction: [UInt8] = []
        if scanner.take(".") {
            fraction = scanner.digits()
            guard !fraction.isEmpty else { return nil }
            while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        }
        var offset = 0
        if scanner.take("Z") || scanner.take("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2), hours <= 23 else { return nil }
            var minutes = 0
            if !scanner.isAtEnd {
                _ = scanner.take(":")
                guard let value = scanner.number(digits: 2), value <= 59 else { return nil }
                minutes = value
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let days = CivilDate.daysSince1970(year: Int64(year), month: month, day: day)
        let whole = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset) - referenceSince1970
        return Date(timeIntervalSinceReferenceDate: seconds(whole: whole, fraction: fraction))
    }

    /// `whole + 0.fraction` as the nearest `Double`, through its exact decimal spelling.
    private static func seconds(whole: Int64, fraction: [UInt8]) -> Double {
        guard !fraction.isEmpty else { return Double(whole) }
        // Seconds before 2001 with a fraction: -6 + 0.75 is -5.25.
        let spelling = whole >= 0
            ? String(whole) + "." + String(decoding: fraction, as: UTF8.self)
            : "-" + String(-(whole + 1)) + "." + String(decoding: complement(fraction), as: UTF8.self)
        return Double(spelling)!  // digits, a point and digits: always a number
    }

    /// The whole seconds and the fractional digits (no trailing zeros) of a finite,
    /// non-negative `Double` below 2^63, from its shortest spelling (`817840372.44`, `5e-324`,
    /// `1.25e-05`).
    static func decimalParts(of value: Double) -> (whole: Int64, fraction: [UInt8]) {
        let spelling = Array(value.description.utf8)
        var digits: [UInt8] = []
        var pointAfter: Int?
        var exponent = 0
        var index = 0
        while index < spelling.count {
            let byte = spelling[index]
            if byte == UInt8(ascii: ".") {
                pointAfter = digits.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                exponent = Int(String(decoding: spelling[(index + 1)...], as: UTF8.self))!
                break
            } else {
                digits.append(byte)
            }
            index += 1
        }
        let point = (pointAfter ?? digits.count) + exponent
        var wholeDigits: ArraySlice<UInt8>
        var fraction: [UInt8]
        if point <= 0 {
            wholeDigits = []
            fraction = [UInt8](repeating: UInt8(ascii: "0"), count: -point) + digits
        } else if point >= digits.count {
            wholeDigits = digits[...]
            fraction = []
            for _ in digits.count..<point { wholeDigits.append(UInt8(ascii: "0")) }
        } else {
            wholeDigits = digits[..<point]
            fraction = Array(digits[point...])
        }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        var whole: Int64 = 0
        for digit in wholeDigits { whole = whole * 10 + Int64(digit - UInt8(ascii: "0")) }
        return (whole, fraction)
    }

    /// The digits of `1 - 0.fraction` (same length), for a fraction whose last digit is not 0.
    static func complement(_ fraction: [UInt8]) -> [UInt8] {
        var result = fraction.map { UInt8(ascii: "9") - ($0 - UInt8(ascii: "0")) }
        result[result.count - 1] += 1  // the last digit was not 0, so it is at most 9 now
        return result
    }
}

/// Reads ISO 8601 text byte by byte.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `count` decimal digits as a number.
    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Every decimal digit from here on.
    mutating func digits() -> [UInt8] {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return Array(bytes[start..<index])
    }

    /// +1 for `+`, -1 for `-`, nil for anything else.
    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }
}
