import Foundation

private struct LocaleKey: EnvironmentKey {
    static var defaultValue: Locale { .current }
}

private struct CalendarKey: EnvironmentKey {
    static var defaultValue: Calendar { .current }
}

private struct TimeZoneKey: EnvironmentKey {
    static var defaultValue: TimeZone { .current }
}

extension EnvironmentValues {
    /// The locale, as SwiftUI's: the process's unless an ancestor sets another with
    /// `.environment(\.locale, …)`. A view reads it to format with it
    /// (`value.formatted(.number.locale(locale))`); `Text`'s own formatting
    /// (`Text(value, format:)`, interpolations) uses the process's locale, not this value.
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }

    /// The calendar, as SwiftUI's: the process's unless an ancestor sets another.
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }

    /// The time zone, as SwiftUI's: the process's unless an ancestor sets another.
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}
