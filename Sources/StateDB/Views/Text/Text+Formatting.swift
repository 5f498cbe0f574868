import Foundation

extension Text {
    /// `input` as `format` writes it, as in `Text(price, format: .currency(code: "EUR"))` or
    /// `Text(date, format: .dateTime.year())`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// `date` in `style`: `Text(deadline, style: .time)`.
    ///
    /// Written when the view's body runs: unlike SwiftUI's, a `.relative`, `.offset` or
    /// `.timer` text does not count on by itself (a terminal redraws on changes); re-run the
    /// body (a `.task` that sleeps and sets a state) to refresh it.
    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: style.text(for: date, now: Date()))
    }

    /// How `Text(_:style:)` writes a date, as SwiftUI's.
    public struct DateStyle: Equatable, Sendable {
        private enum Kind: Equatable, Sendable {
            case time, date, relative, offset, timer
        }

        private let kind: Kind

        /// The time of day, short: `9:41 AM`.
        public static let time = DateStyle(kind: .time)
        /// The date, long: `1 January 1971` (as the locale writes it).
        public static let date = DateStyle(kind: .date)
        /// How far the date is from now: `2 hours, 23 minutes`.
        public static let relative = DateStyle(kind: .relative)
        /// The same, signed: `+2 hours, 23 minutes` ahead, `-5 minutes` behind.
        public static let offset = DateStyle(kind: .offset)
        /// A clock counting from or to the date: `2:32`, `1:02:32`.
        public static let timer = DateStyle(kind: .timer)

        /// `date` in this style, `now` being the time it is written at.
        func text(for date: Date, now: Date) -> String {
            let seconds = Int(date.timeIntervalSince(now).rounded())
            switch kind {
            case .time: return date.formatted(date: .omitted, time: .shortened)
            case .date: return date.formatted(date: .long, time: .omitted)
            case .relative: return Self.span(abs(seconds))
            case .offset: return (seconds < 0 ? "-" : "+") + Self.span(abs(seconds))
            case .timer: return Self.clock(abs(seconds))
            }
        }

        /// `seconds` in its two largest units: `2 hours, 23 minutes`, `1 day`, `0 seconds`.
        static func span(_ seconds: Int) -> String {
            let units = [("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1)]
            var rest = seconds
            var parts: [String] = []
            for (name, length) in units {
                let count = rest / length
                rest %= length
                if count > 0 || !parts.isEmpty { parts.append("\(count) \(name)" + (count == 1 ? "" : "s")) }
                if parts.count == 2 { break }
            }
            parts.removeAll { $0.hasPrefix("0 ") }
            return parts.isEmpty ? "0 seconds" : parts.joined(separator: ", ")
        }

        /// `seconds` as a clock: `m:ss`, or `h:mm:ss` from an hour.
        static func clock(_ seconds: Int) -> String {
            func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let hours = seconds / 3_600, minutes = seconds / 60 % 60, rest = seconds % 60
            return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
        }
    }
}
