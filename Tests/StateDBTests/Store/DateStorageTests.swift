import Foundation
@testable import StateDB
import Testing

/// An app type holding dates the ways apps do: alone, optional, in arrays and dictionaries.
struct Visit: Codable, Equatable {
    var at: Date
    var left: Date?
    var stops: [Date]
    var byName: [String: Date]
}

/// How `Date` values sit in a store file: ISO 8601 text a person and sqlite3's date functions
/// read, and the older form (seconds since 2001) still read wherever it is found.
struct DateStorageTests {
    static let lastOpened = Date(timeIntervalSinceReferenceDate: 817_840_372.44)
    static let visit = Visit(at: lastOpened, left: Date(timeIntervalSinceReferenceDate: 817_840_400.0000001),
                             stops: [Date(timeIntervalSinceReferenceDate: -0.25), .distantFuture],
                             byName: ["home": Date(timeIntervalSinceReferenceDate: 1e-9)])

    /// The text a value of this build's encoder has for each date, with the quotes JSON gives it.
    static let visitJSON = #"{"at":"2026-12-01T17:52:52.44Z","byName":{"home":"2001-01-01T00:00:00.000000001Z"},"left":"2026-12-01T17:53:20.0000001Z","stops":["2000-12-31T23:59:59.75Z","4001-01-01T00:00:00Z"]}"#

    @Test func datesAreStoredAsISO8601TextAloneAndInsideJSON() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        _ = try store.binding(for: "App/lastOpened", default: Self.lastOpened)
        _ = try store.binding(for: "App/maybe", default: Date?.some(Self.lastOpened))
        _ = try store.binding(for: "App/visit", default: Self.visit)
        _ = try store.binding(for: "App/list", default: [Self.lastOpened])
        store.close()

        let probe = SQLiteProbe(path: folder.storePath)
        #expect(probe.rows("SELECT type, encoding, value FROM slots ORDER BY key") == [
            ["Foundation.Date", "text", "2026-12-01T17:52:52.44Z"],
            ["Swift.Array<Foundation.Date>", "json", #"["2026-12-01T17:52:52.44Z"]"#],
            ["Swift.Optional<Foundation.Date>", "text", "2026-12-01T17:52:52.44Z"],
            ["StateDBTests.Visit", "json", Self.visitJSON],
        ].map { $0.map(Optional.some) })

        // Read back by a new store, bit for bit.
        let reader = try StateStore(path: folder.storePath)
        defer { reader.close() }
        let read = try reader.binding(for: "App/visit", default: Visit(at: .now, left: nil, stops: [], byName: [:])).wrappedValue
        #expect(read == Self.visit)
        #expect(read.left?.timeIntervalSinceReferenceDate.bitPattern == Self.visit.left?.timeIntervalSinceReferenceDate.bitPattern)
        #expect(try reader.binding(for: "App/lastOpened", default: Date.now).wrappedValue == Self.lastOpened)
        #expect(try reader.binding(for: "App/maybe", default: Date?.none).wrappedValue == Self.lastOpened)
    }

    /// The recipe of docs/store-format.md, run by the sqlite3 shell on a real store.
    @Test func sqlite3sDateFunctionsReadTheStoredText() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        _ = try store.binding(for: "App/lastOpened", default: Self.lastOpened)
        _ = try store.binding(for: "App/visit", default: Self.visit)
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, """
            SELECT datetime(value), strftime('%Y-%m-%dT%H:%M:%fZ', value), julianday(value), unixepoch(value),
                   datetime(value, 'localtime') IS NOT NULL
            FROM slots WHERE key = 'App/lastOpened'
            """) == "2026-12-01 17:52:52|2026-12-01T17:52:52.440Z|2461376.24505139|1796147572|1")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT datetime(value ->> '$.at') FROM slots WHERE key = 'App/visit'")
                == "2026-12-01 17:52:52")
        #expect(try SQLiteShell.run(folder.storePath, """
            SELECT key FROM slots WHERE type = 'Foundation.Date' AND julianday('2026-12-31') - julianday(value) < 60
            """) == "App/lastOpened")
    }

    /// Rows in the form stores had before schema version 6 — JSONEncoder's default, a JSON
    /// number of seconds since 2001 — written by hand into a current store, still read as the
    /// same dates, alone, optional and inside an app's type.
    @Test func theOldFormStillReads() throws {
        let folder = TemporaryDirectory()
        try StateStore(path: folder.storePath).close()
        let old = try Self.oldEncoderText(Self.visit)
        #expect(old.contains(#""at":817840372.44"#), "the previous build's encoder form: \(old)")
        let rows: [(key: String, type: String, encoding: String, value: String)] = [
            ("App/lastOpened", "Foundation.Date", "json", try Self.oldEncoderText(Self.lastOpened)),
            ("App/tiny", "Foundation.Date", "json", try Self.oldEncoderText(Date(timeIntervalSinceReferenceDate: 1e-9))),
            ("App/maybe", "Swift.Optional<Foundation.Date>", "json", "-0.25"),
            ("App/handEdit", "Foundation.Date", "real", "817840372.44"),
            ("App/visit", "StateDBTests.Visit", "json", old),
        ]
        for row in rows {
            try sqlite(folder.storePath, """
                INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
                VALUES ('\(row.key)', 'App', '\(row.key.dropFirst(4))', '\(row.type)', '\(row.encoding)', \(row.encoding == "real" ? row.value : "'\(row.value)'"), 0, 0, 0)
                """)
        }
        let store = try StateStore(path: folder.storePath)
        defer { store.close() }
        #expect(try store.binding(for: "App/lastOpened", default: Date.now).wrappedValue == Self.lastOpened)
        #expect(try store.binding(for: "App/tiny", default: Date.now).wrappedValue.timeIntervalSinceReferenceDate == 1e-9)
        #expect(try store.binding(for: "App/maybe", default: Date?.none).wrappedValue?.timeIntervalSinceReferenceDate == -0.25)
        #expect(try store.binding(for: "App/handEdit", default: Date.now).wrappedValue == Self.lastOpened)
        #expect(try store.binding(for: "App/visit", default: Visit(at: .now, left: nil, stops: [], byName: [:])).wrappedValue == Self.visit)
    }

    /// What the previous build stored for a value: `JSONEncoder` with its default date strategy.
    static func oldEncoderText<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A `Date` slot holding text that is not a date is quarantined with a message that says
    /// what the form is, as any value that does not decode.
    @Test func textThatIsNotADateIsQuarantinedWithTheForm() throws {
        let folder = TemporaryDirectory()
        try StateStore(path: folder.storePath).close()
        try sqlite(folder.storePath, """
            INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at)
            VALUES ('App/when', 'App', 'when', 'Foundation.Date', 'text', 'next tuesday', 0, 0, 0)
            """)
        let store = try StateStore(path: folder.storePath)
        let recorder = DiagnosticsRecorder(store)
        #expect(try store.binding(for: "App/when", default: Self.lastOpened).wrappedValue == Self.lastOpened)
        try store.flush()
        store.close()
        let message = recorder.of(.quarantined).first?.message ?? ""
        #expect(message.contains("\"next tuesday\" is not an ISO 8601 date") && message.contains("2026-12-02T01:35:00Z"), "\(message)")
        #expect(SQLiteProbe(path: folder.storePath).rows("SELECT value FROM quarantine") == [["next tuesday"]])
    }
}
