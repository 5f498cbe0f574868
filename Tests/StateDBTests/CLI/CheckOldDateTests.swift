import Foundation
@_spi(Admin) import StateDB
import Testing

/// `statedb check` and the dates of stores from before schema version 6: a `Date` held as a
/// number of seconds since 2001 is a form the library still reads, so it is not a problem;
/// text that is no date is.
struct CheckOldDateTests {
    @Test func numericDatesPassTheCheckAndTextThatIsNoDateDoesNot() throws {
        let folder = TemporaryDirectory()
        try StateStore(path: folder.storePath).close()
        let rows: [(property: String, type: String, encoding: String, value: String)] = [
            ("opened", "Foundation.Date", "real", "817840372.44"),
            ("closed", "Swift.Optional<Foundation.Date>", "integer", "817840400"),
            // What the library itself wrote before version 6: a JSON number.
            ("saved", "Foundation.Date", "json", "'817840372.5'"),
            ("notADate", "Foundation.Date", "json", "'\"soon\"'"),
            ("bad", "Foundation.Date", "text", "'yesterday'"),
        ]
        for row in rows {
            try sqlite(folder.storePath, """
                INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES ('App/\(row.property)', 'App', '\(row.property)', '\(row.type)', '\(row.encoding)', \(row.value), 0, 0, 0)
                """)
        }
        let report = try StoreAdmin(path: folder.storePath, access: .read).check()
        #expect(report.problems.map(\.key).sorted() == ["App/bad", "App/notADate"])

        // And the app reads the two numeric rows as those dates.
        let store = try StateStore(path: folder.storePath)
        defer { store.close() }
        #expect(try store.binding(for: "App/opened", default: Date.now).wrappedValue == Date(timeIntervalSinceReferenceDate: 817_840_372.44))
        #expect(try store.binding(for: "App/closed", default: Date?.none).wrappedValue == Date(timeIntervalSinceReferenceDate: 817_840_400))
        #expect(try store.binding(for: "App/saved", default: Date.now).wrappedValue == Date(timeIntervalSinceReferenceDate: 817_840_372.5))
    }

    /// A date quarantined before version 6 holds the old form; restoring it puts back what the
    /// library reads, so it is not refused.
    @Test func aDateQuarantinedBeforeVersion6IsRestored() throws {
        let folder = TemporaryDirectory()
        try StateStore(path: folder.storePath).close()
        try sqlite(folder.storePath, """
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
            VALUES ('App/when', 'App', 'when', 'Foundation.Date', 'Swift.String', 'json', '817840372.5', 'typeMismatch', 0)
            """)
        let run = try CLI.run(["quarantine", "restore", folder.storePath, "1"])
        #expect(run.status == 0, "\(run)")
        let store = try StateStore(path: folder.storePath)
        defer { store.close() }
        #expect(try store.binding(for: "App/when", default: Date.now).wrappedValue == Date(timeIntervalSinceReferenceDate: 817_840_372.5))
    }
}
