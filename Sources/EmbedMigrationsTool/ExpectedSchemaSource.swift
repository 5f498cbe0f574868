import CSQLite
import Foundation

// The schema each version of the migrations defines, found at build time: the SQLite files
// are run in order in an in-memory database, and after each file `sqlite_schema` is read, as
// the library did once per process before (12.3 M instructions of every `statedb get`). The
// library compares a store's schema against what this embeds; its `ExpectedSchemaTests` runs
// the migrations at test time and checks that the two agree.

/// Prints `message` on standard error as the build's error, and fails the build.
func failBuild(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EmbedMigrationsTool: \(message)\n".utf8))
    exit(1)
}

/// Swift source for `embeddedExpectedSchema`: one array of `SchemaObject`s per file of
/// `files` (the SQLite migrations, in order), the objects a store holds after that file.
func expectedSchemaSource(files: [(name: String, sql: String)]) -> String {
    var db: OpaquePointer?
    guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
        failBuild("cannot open an in-memory SQLite database to find the expected schema")
    }
    defer { sqlite3_close(db) }
    var versions: [String] = []
    for file in files {
        var errorMessage: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(db, file.sql, nil, nil, &errorMessage) != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            failBuild("Migrations/\(file.name) does not apply to a database made by the migrations before it: \(message). Fix the file; no store has been touched.")
        }
        let objects = schemaObjects(db).map { "        SchemaObject(\($0)),"}
        versions.append("    [  // after \(file.name)\n" + objects.joined(separator: "\n") + "\n    ],")
    }
    return """
    /// The schema objects a store holds at each version: `embeddedExpectedSchema[v - 1]` is what
    /// the migrations up to version `v` create in an empty database, in `sqlite_schema` order.
    let embeddedExpectedSchema: [[SchemaObject]] = [
    \(versions.joined(separator: "\n"))
    ]

    """
}

/// The arguments of one `SchemaObject(…)` per row of `sqlite_schema`, leaving out what SQLite
/// itself may add (`sqlite_stat1`, `sqlite_sequence`), as `SchemaVerification.objects(of:)` does.
private func schemaObjects(_ db: OpaquePointer) -> [String] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, "SELECT type, name, tbl_name, sql FROM sqlite_schema", -1, &statement, nil) == SQLITE_OK,
          let statement else {
        failBuild("cannot read sqlite_schema: \(String(cString: sqlite3_errmsg(db)))")
    }
    defer { sqlite3_finalize(statement) }
    func column(_ index: Int32) -> String? {
        sqlite3_column_text(statement, index).map { String(cString: $0) }
    }
    var objects: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
        let name = column(1) ?? ""
        if name.hasPrefix("sqlite_stat") || name == "sqlite_sequence" { continue }
        // `String(reflecting:)` writes a Swift string literal of the exact text.
        let sql = column(3).map { String(reflecting: $0) } ?? "nil"
        objects.append("type: \(String(reflecting: column(0) ?? "")), name: \(String(reflecting: name)), table: \(String(reflecting: column(2) ?? "")), sql: \(sql)")
    }
    return objects
}
