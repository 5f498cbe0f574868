import Foundation

extension StoreAdmin {
    /// Unix milliseconds as ISO 8601 in UTC with milliseconds: `2024-05-01T12:00:03.250Z`.
    public static func isoTimestamp(milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds.floorDivided(by: 1000))
        let millis = Int32(milliseconds - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                      parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, millis)
    }
}

private extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
