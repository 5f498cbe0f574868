import Foundation

extension StoreAdmin {
    /// Unix milliseconds as ISO 8601 in UTC with milliseconds: `2024-05-01T12:00:03.250Z`.
    public static func isoTimestamp(milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        appendISOTimestamp(milliseconds: milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends what `isoTimestamp` returns, digit by digit: every slot of `inspect --json` has
    /// three, and a formatter per timestamp was most of its time.
    public static func appendISOTimestamp(milliseconds: Int64, to output: inout [UInt8]) {
        let seconds = milliseconds.floorDivided(by: 1000)
        let millis = Int(milliseconds - seconds * 1000)
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = CivilDate.from(daysSince1970: days)
        guard (0...9999).contains(year) else {
            // Outside four-digit years, as C's "%04d" writes them (a sign, more digits).
            output.append(contentsOf: String(format: "%04lld-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day,
                                             secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, millis).utf8)
            return
        }
        CivilDate.appendDateTime(year: year, month: month, day: day, secondOfDay: secondOfDay, to: &output)
        output.append(UInt8(ascii: "."))
        CivilDate.appendDigits(millis, width: 3, to: &output)
        output.append(UInt8(ascii: "Z"))
    }
}
