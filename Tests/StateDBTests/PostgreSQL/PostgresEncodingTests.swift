import Foundation
@testable import StateDB
import Testing

/// statedb's texts are UTF-8. A database whose encoding cannot hold every text is refused at
/// the open, untouched; a client encoding from the URL cannot make the server convert them; a
/// SQL_ASCII database keeps their bytes as given.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresEncodingTests {
    /// A new empty database in `encoding` (C locale, which every encoding allows), dropped when
    /// the value is released.
    func database(encoding: String) throws -> PostgresTestDatabase {
        let server = try PostgresTestServer.shared()
        let name = "statedb_test_\(encoding.lowercased())_\(UUID().uuidString.prefix(8).lowercased())"
        try server.psql("postgres", "CREATE DATABASE \(name) ENCODING '\(encoding)' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        return PostgresTestDatabase(server: server, name: name)
    }

    /// The stored bytes of `column` in the row whose key starts with `prefix`, as hex.
    func storedHex(_ database: PostgresTestDatabase, _ column: String, keyPrefix prefix: String) throws -> String {
        try database.psql("SELECT encode(convert_to(\(column), 'UTF8'), 'hex') FROM slots WHERE starts_with(key, '\(prefix)')")
    }

    func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }

    @Test func aLatin1DatabaseIsRefusedAtTheOpenAndLeftUntouched() throws {
        let database = try database(encoding: "LATIN1")
        let before = try database.dump()
        let error = #expect(throws: StateStoreError.self) { try StateStore(url: database.url) }
        #expect(error?.kind == .cannotOpen)
        #expect(error?.message.contains("database \(database.name) uses the encoding LATIN1, which cannot hold every text an app may store") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("ENCODING 'UTF8'") == true, "says what to do: \(error?.message ?? "")")
        #expect(try database.dump() == before, "nothing was created")

        let check = try CLI.run("check", database.url)
        #expect(check.status == 7 && check.stderr.contains("uses the encoding LATIN1"), "\(check)")
        #expect(check.stderr.split(separator: "\n").count == 1, "one error: \(check)")
        #expect(try database.dump() == before)
    }

    @Test func aClientEncodingInTheURLDoesNotChangeTheTextStored() throws {
        let database = try PostgresTestServer.shared().database()
        let name = "naïve café 🙂"
        do {
            let store = try StateStore(url: database.url + "&client_encoding=LATIN1")
            try store.binding(for: "Café/name", default: "").wrappedValue = name
            try store.flush()
            store.close()
        }
        // The server holds the app's bytes, not LATIN1 read as UTF-8 ("cafÃ©").
        #expect(try storedHex(database, "key", keyPrefix: "Caf") == hex("Café/name"))
        #expect(try storedHex(database, "value", keyPrefix: "Caf").contains(hex(name)))
        // And a process without the setting reads the same slot.
        let store = try StateStore(url: database.url)
        #expect(try store.binding(for: "Café/name", default: "").wrappedValue == name)
        store.close()
    }

    @Test func aSQLASCIIDatabaseKeepsTheBytesAsGiven() throws {
        let database = try database(encoding: "SQL_ASCII")
        let name = "naïve café 🙂"
        do {
            let store = try StateStore(url: database.url)
            try store.binding(for: "Café/name", default: "").wrappedValue = name
            try store.flush()
            store.close()
        }
        #expect(try storedHex(database, "key", keyPrefix: "Caf") == hex("Café/name"))
        let store = try StateStore(url: database.url)
        #expect(try store.binding(for: "Café/name", default: "").wrappedValue == name)
        store.close()
    }

    /// SQL_ASCII takes any bytes, and a hand edit may write some that are not UTF-8. The server
    /// will not send them to a UTF8 client: the app's open and the CLI each stop with one error
    /// that says where to look, and change nothing (they are never read as U+FFFD and written
    /// back, or a key re-keyed).
    @Test func textThatIsNotUTF8InASQLASCIIDatabaseIsOneClearErrorNotARepair() throws {
        let database = try database(encoding: "SQL_ASCII")
        do {
            let store = try StateStore(url: database.url)
            try store.binding(for: "A/count", default: 0).wrappedValue = 3
            try store.flush()
            store.close()
        }
        try database.psql(#"""
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
            VALUES (E'A/\xff', 'A', E'\xff', 'Swift.Int', 'Swift.String', 'integer', '5', 'by hand', 1);
            UPDATE slots SET value = E'"\xfe"', encoding = 'json', type = 'Swift.String' WHERE key = 'A/count';
            """#)
        #expect(try database.psql("SELECT encode(convert_to(key, 'SQL_ASCII'), 'hex') FROM quarantine") == "412fff")
        let before = try database.dump()

        let error = #expect(throws: StateStoreError.self) { try StateStore(url: database.url) }
        #expect(error?.kind == .corrupt)
        #expect(error?.message.contains("the database holds text that is not valid UTF-8, which a hand edit of a SQL_ASCII database can write") == true, "\(error?.message ?? "")")
        let move = try CLI.run("mv", database.url, "A", "B")
        #expect(move.status == 7 && move.stderr.contains("text that is not valid UTF-8"), "\(move)")
        #expect(move.stderr.split(separator: "\n").count == 1, "one error: \(move)")
        #expect(try database.dump() == before)
    }
}
