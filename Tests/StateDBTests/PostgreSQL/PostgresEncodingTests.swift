import Foundation
@testable import StateDB
import Testing

/// statedb's texts are UTF-8, and the server converts none of them: a UTF8 database is spoken
/// to in UTF8 whatever the URL or `PGCLIENTENCODING` say, a SQL_ASCII or single-byte one in its
/// own encoding (the bytes kept as given, as before), and a multibyte one other than UTF8, in
/// which they could not be written, is refused at the open, untouched.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable, "needs PostgreSQL server binaries (apt-get install postgresql)"))
struct PostgresEncodingTests {
    let name = "naïve café 🙂"

    func database(encoding: String) throws -> PostgresTestDatabase {
        try PostgresTestServer.shared().database(encoding: encoding)
    }

    /// The bytes of `column` as stored, as hex, in the row of `table` whose key starts with `prefix`.
    func storedHex(_ database: PostgresTestDatabase, _ column: String, table: String = "slots", keyPrefix prefix: String,
                   encoding: String) throws -> String {
        try database.psql("SELECT encode(convert_to(\(column), '\(encoding)'), 'hex') FROM \(table) WHERE starts_with(key, '\(prefix)')")
    }

    func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }

    /// Writes `name` at `Café/name` through `url` and closes the store.
    func writeName(_ url: String) throws {
        let store = try StateStore(url: url)
        try store.binding(for: "Café/name", default: "").wrappedValue = name
        try store.flush()
        store.close()
    }

    func readName(_ url: String) throws -> String {
        let store = try StateStore(url: url)
        defer { store.close() }
        return try store.binding(for: "Café/name", default: "").wrappedValue
    }

    @Test func aClientEncodingFromTheURLOrTheEnvironmentDoesNotChangeTheTextStored() throws {
        let database = try PostgresTestServer.shared().database()
        try writeName(database.url + "&client_encoding=LATIN1")
        // The server holds the app's bytes, not UTF-8 read as Latin-1 ("cafÃ©").
        #expect(try storedHex(database, "key", keyPrefix: "Caf", encoding: "UTF8") == hex("Café/name"))
        #expect(try storedHex(database, "value", keyPrefix: "Caf", encoding: "UTF8").contains(hex(name)))
        // A process without the setting reads the same slot.
        #expect(try readName(database.url) == name)

        // The CLI with `PGCLIENTENCODING` set, which libpq reads from the environment.
        let set = try CLI.run(["set", database.url, "Café/name", "\"déjà vu\""], environment: ["PGCLIENTENCODING": "LATIN1"])
        #expect(set.status == 0, "\(set)")
        #expect(try storedHex(database, "value", keyPrefix: "Caf", encoding: "UTF8").contains(hex("déjà vu")))
        let get = try CLI.run(["get", database.url, "Café/name"], environment: ["PGCLIENTENCODING": "LATIN1"])
        #expect(get.stdout.contains("déjà vu"), "\(get)")
    }

    @Test(arguments: ["SQL_ASCII", "LATIN1", "WIN1252"])
    func aSingleByteDatabaseKeepsTheAppsBytes(encoding: String) throws {
        let database = try database(encoding: encoding)
        try writeName(database.url)
        // Stored byte for byte (other clients read them as that encoding's characters), and
        // read back the same.
        #expect(try storedHex(database, "key", keyPrefix: "Caf", encoding: encoding) == hex("Café/name"))
        #expect(try readName(database.url) == name)
        let get = try CLI.run(["get", database.url, "Café/name"])
        #expect(get.status == 0 && get.stdout.contains(name), "\(get)")
    }

    @Test func aMultibyteDatabaseOtherThanUTF8IsRefusedAtTheOpenAndLeftUntouched() throws {
        let database = try database(encoding: "EUC_JP")
        let before = try database.dump()
        let error = #expect(throws: StateStoreError.self) { try StateStore(url: database.url) }
        #expect(error?.kind == .cannotOpen)
        #expect(error?.message.contains("database \(database.name) uses the encoding EUC_JP, in which most text outside ASCII cannot be written") == true,
                "\(error?.message ?? "")")
        #expect(error?.message.contains("ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0") == true, "says what to do: \(error?.message ?? "")")
        #expect(try database.dump() == before, "nothing was created")

        let check = try CLI.run("check", database.url)
        #expect(check.status == 7 && check.stderr.contains("uses the encoding EUC_JP"), "\(check)")
        #expect(check.stderr.split(separator: "\n").count == 1, "one error: \(check)")
        #expect(try database.dump() == before)
    }

    /// A single-byte database takes any bytes, and a hand edit may write some that are not
    /// UTF-8: read with U+FFFD, as a SQLite file's are, and never re-keyed with it by a move.
    @Test func aKeyThatIsNotUTF8InASQLASCIIDatabaseIsNeverRekeyed() throws {
        let database = try database(encoding: "SQL_ASCII")
        do {
            let store = try StateStore(url: database.url)
            try store.binding(for: "A/count", default: 0).wrappedValue = 3
            try store.flush()
            store.close()
        }
        try database.psql(#"""
            INSERT INTO quarantine (key, identity, property, stored_type, expected_type, encoding, value, error, quarantined_at)
            VALUES (E'A/\xff', 'A', E'\xff', 'Swift.Int', 'Swift.String', 'integer', '5', 'by hand', 1)
            """#)
        #expect(try storedHex(database, "key", table: "quarantine", keyPrefix: "A/", encoding: "SQL_ASCII") == "412fff")
        let listed = try CLI.run("quarantine", database.url)
        #expect(listed.status == 0 && listed.stdout.contains("A/\u{FFFD}"), "\(listed)")

        let before = try database.dump()
        let move = try CLI.run("mv", database.url, "A", "B")
        #expect(move.status != 0 && move.stderr.contains("quarantined value 1 under A has a key that is not valid UTF-8"), "\(move)")
        #expect(try database.dump() == before)
        let store = try StateStore(url: database.url)
        #expect(try store.binding(for: "A/count", default: 0).wrappedValue == 3)
        store.close()
    }
}
