import Foundation
@testable import StateDB
import Testing

/// A `Date`'s ISO 8601 text reads back as the same `Double`, bit for bit, across the whole
/// range it is written for; dates outside it have no text (and are stored as numbers).
struct DateTextTests {
    static let first = Double(DateText.firstSecond)
    static let end = Double(DateText.endSecond)

    /// Dates at the edges: sub-microsecond, the smallest subnormals, ancient, far future.
    static let edges: [Double] = [
        0, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 1e-300, -1e-300, 2.2250738585072014e-308, 1e-9, -1e-9, 1.25e-5, -1.25e-5,
        1e-4, 0.1, -0.1, 0.5, -0.5, 1, -1, 59.999999999, 86_399.9999999, -86_400.000001,
        817_840_372.44, 736_000_000, 1.7e9 + 0.123456789, -978_307_200, -978_307_200.000000001,
        Date.distantPast.timeIntervalSinceReferenceDate, Date.distantFuture.timeIntervalSinceReferenceDate,
        first, first.nextUp, first + 0.5, end.nextDown, end - 1, end - 0.001,
    ]

    private func expectRoundTrip(_ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let text = DateText.canonical(Date(timeIntervalSinceReferenceDate: seconds)) else {
            Issue.record("no text for \(seconds)", sourceLocation: sourceLocation)
            return
        }
        let back = DateText.parse(text)?.timeIntervalSinceReferenceDate
        #expect(back?.bitPattern == seconds.bitPattern, "\(seconds) → \(text) → \(back.map { "\($0)" } ?? "nil")",
                sourceLocation: sourceLocation)
    }

    @Test func edgeValuesRoundTripBitForBit() {
        for seconds in Self.edges { expectRoundTrip(seconds) }
    }

    /// 60,000 values: uniform over years 0000–9999, random bit patterns in that range (mostly
    /// tiny magnitudes: deep sub-microsecond fractions), and whole seconds plus nanoseconds.
    /// (300,000 took 8 s of a debug build and 26 s under the thread sanitizer, for no path the
    /// first 60,000 do not take.)
    @Test func randomValuesRoundTripBitForBit() {
        var random = SeededGenerator(state: 0x5EED_DA7E)
        for _ in 0..<20_000 {
            expectRoundTrip(Double.random(in: Self.first..<Self.end, using: &random))
        }
        var found = 0
        while found < 20_000 {
            let seconds = Double(bitPattern: random.next())
            guard seconds >= Self.first, seconds < Self.end, seconds != 0 || seconds.sign == .plus else { continue }
            found += 1
            expectRoundTrip(seconds)
        }
        for _ in 0..<20_000 {
            let whole = Double(Int64.random(in: DateText.firstSecond..<DateText.endSecond, using: &random))
            expectRoundTrip(whole + Double(Int.random(in: 0..<1_000_000_000, using: &random)) / 1e9)
        }
    }

    /// The calendar arithmetic agrees with Foundation's formatter on whole seconds, and the
    /// fraction is the Double's shortest spelling, no more.
    @Test func theTextIsTheCalendarDateAndTheShortestFraction() {
        let formatter = ISO8601DateFormatter()
        var random = SeededGenerator(state: 42)
        let year1900 = -3_187_296_000.0
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSinceReferenceDate: Double(Int64.random(in: Int64(year1900)..<DateText.endSecond, using: &random)))
            #expect(DateText.canonical(date) == formatter.string(from: date))
        }
        let cases: [(Double, String)] = [
            (0, "2001-01-01T00:00:00Z"),
            (817_840_372.44, "2026-12-01T17:52:52.44Z"),
            (-0.25, "2000-12-31T23:59:59.75Z"),
            (1e-9, "2001-01-01T00:00:00.000000001Z"),
            (-978_307_200, "1970-01-01T00:00:00Z"),
            // Proleptic Gregorian, as ISO 8601 and SQLite count: Foundation's calendar, Julian
            // before 1582, calls this day 0001-01-01.
            (Date.distantPast.timeIntervalSinceReferenceDate, "0000-12-30T00:00:00Z"),
            (Date.distantFuture.timeIntervalSinceReferenceDate, "4001-01-01T00:00:00Z"),
            (Self.first, "0000-01-01T00:00:00Z"),
            (Self.end - 1, "9999-12-31T23:59:59Z"),
        ]
        for (seconds, text) in cases {
            #expect(DateText.canonical(Date(timeIntervalSinceReferenceDate: seconds)) == text)
        }
    }

    /// Which Doubles have no text: outside years 0000–9999, -0 (it would read back as +0),
    /// infinities and NaN.
    @Test func datesWithoutTextAreTheOnesOutsideItsRange() {
        for seconds in [Self.first.nextDown, Self.end, 1e300, -1e300, -0.0, .infinity, -.infinity, .nan] {
            #expect(DateText.canonical(Date(timeIntervalSinceReferenceDate: seconds)) == nil, "\(seconds)")
        }
    }

    @Test func offsetsFractionsAndSpellingsAreRead() {
        let expected = DateText.parse("2026-12-02T01:35:00.25Z")
        #expect(expected?.timeIntervalSinceReferenceDate == 817_868_100.25)
        for text in ["2026-12-02T02:35:00.25+01:00", "2026-12-02T02:35:00.25+0100", "2026-12-02T02:35:00.25+01",
                     "2026-12-01T20:05:00.25-05:30", "2026-12-02t01:35:00.2500z", "2026-12-02 01:35:00.250Z",
                     "2026-12-02T01:35:00.25-00:00"] {
            #expect(DateText.parse(text) == expected, "\(text)")
        }
        #expect(DateText.parse("2024-02-29T00:00:00Z") != nil)
        // More digits than a Double holds round to the nearest Double.
        #expect(DateText.parse("2001-01-01T00:00:00.10000000000000000000001Z")?.timeIntervalSinceReferenceDate == 0.1)
    }

    @Test func malformedTextIsRefused() {
        for text in ["", "x", "2026-12-02", "2026-12-02T01:35:00", "2026-12-02T01:35Z", "2026-02-30T00:00:00Z",
                     "2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-12-02T24:00:00Z", "2026-12-02T23:60:00Z",
                     "2026-12-02T23:59:60Z", "2026-12-02T01:35:00.Z", "2026-12-02T01:35:00+1", "2026-12-02T01:35:00+24:00",
                     " 2026-12-02T01:35:00Z", "2026-12-02T01:35:00Z ", "+12026-12-02T01:35:00Z", "2026-12-02T01:35:00+01:00:00",
                     "２０２６-12-02T01:35:00Z"] {
            #expect(DateText.parse(text) == nil, "\(text)")
        }
    }
}
