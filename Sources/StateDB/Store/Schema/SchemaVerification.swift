import CSQLite
import Foundation

/// One row of `sqlite_schema`: a table, index, trigger or view.
struct SchemaObject: Equatable, Sendable {
    let type: String
    let name: String
    /// The table an index or trigger belongs to (the table's own name for a table).
    let table: String
    /// The `CREATE` statement as SQLite keeps it; nil for the indexes SQLite makes itself for
    /// `UNIQUE` and `PRIMARY KEY` (`sqlite_autoindex_…`).
    let sql: String?

    /// The statement with runs of white space made one space and identifier quotes dropped,
    /// so the same definition compares equal however SQLite spelled it (an `ALTER TABLE …
    /// RENAME` writes the new name in double quotes).
    var normalizedSQL: String? {
        sql.map { text in
            text.replacingOccurrences(of: "\"", with: "")
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
    }

    /// Same kind, same table, same definition.
    func matches(_ other: SchemaObject) -> Bool {
        guard type == other.type, table == other.table else { return false }
        return sql == other.sql || normalizedSQL == other.normalizedSQL
    }
}

/// How a store's schema differs from the one this build's migrations define for its version.
@_spi(Admin) public struct SchemaDifference: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// An object the migrations create is not in the store.
        case missing
        /// The store has an object the migrations do not create.
        case extra
        /// The store's object has the name of one of ours but another definition.
        case changed
    }

    public let kind: Kind
    /// `table`, `index`, `trigger` or `view`.
    public let type: String
    public let name: String

    public var description: String {
        switch kind {
        case .missing: "\(type) \(name) is missing"
        case .extra: "\(type) \(name) is not part of the schema"
        case .changed: "\(type) \(name) differs from this build's definition"
        }
    }
}

/// Checks that a store's tables, indexes and triggers are the ones its schema version
/// defines, and that its clock has its row. An operator's `DROP TRIGGER`, a `DELETE FROM
/// statedb_clock` or a `PRAGMA writable_schema` edit leaves a file that SQLite opens happily
/// but on which statedb cannot work: every commit needs the clock row, and running apps need
/// the triggers to see hand edits. Opening refuses such a store rather than failing at every
/// flush; `statedb check` lists every difference.
///
/// What each version defines is not written down twice: it is what this build's migrations
/// produce, found at build time by applying them to an in-memory database (`ExpectedSchema`).
enum SchemaVerification {
    /// Throws `.corrupt` when an object of ours is missing or changed, or the clock has no
    /// row. Objects the migrations do not create (an index an operator added) are accepted
    /// here; `statedb check` reports them. Costs one read of `sqlite_schema` and one of the
    /// clock: a handful of rows.
    static func verify(_ connection: SQLiteConnection, path: String, version: Int) throws {
        guard version > 0 else { return }  // an empty database, about to be adopted
        if try !holdsEveryObject(connection, version: version) {
            let damage = try differences(connection, version: version).filter { $0.kind != .extra }
            if let first = damage.first {
                let more = damage.count > 1 ? " (and \(damage.count - 1) more)" : ""
                throw StateStoreError(.corrupt, path: path, "the store's schema is damaged: \(first)\(more); nothing was written. `statedb check` lists every difference. \(StateStoreError.salvageAdvice(for: path))")
            }
        }
        // `id INTEGER PRIMARY KEY CHECK (id = 1)` (compared above) allows no other row.
        let clock = try connection.prepare("SELECT typeof(tick) FROM statedb_clock WHERE id = 1")
        if try clock.step(), clock.string(at: 0) == "integer" { return }
        guard let problem = try clockProblem(connection) else { return }
        throw StateStoreError(.corrupt, path: path, "the store is damaged: \(problem); nothing was written. \(StateStoreError.salvageAdvice(for: path))")
    }

    /// The fast path of every open: whether each object `version` defines is in the store,
    /// byte for byte, comparing SQLite's texts in place rather than making strings of them.
    /// False sends the open to `differences`, which also accepts a definition spelled
    /// differently (and extra objects).
    private static func holdsEveryObject(_ connection: SQLiteConnection, version: Int) throws -> Bool {
        let expected = ExpectedSchema.objects(version: version)
        let statement = try connection.prepare("SELECT name, type, tbl_name, sql FROM sqlite_schema")
        var matched = 0
        while try statement.step() {
            // Names compared in place, a dozen at most per row.
            guard let object = expected.first(where: { statement.text(at: 0, equals: $0.name) }) else { continue }  // not one of ours
            guard statement.text(at: 1, equals: object.type), statement.text(at: 2, equals: object.table) else { return false }
            if let sql = object.sql {
                guard statement.text(at: 3, equals: sql) else { return false }
            } else if !statement.isNull(at: 3) {
                return false
            }
            matched += 1
        }
        return matched == expected.count
    }

    /// Every difference between the store's schema and the one `version` defines, sorted by
    /// kind and name.
    static func differences(_ connection: SQLiteConnection, version: Int) throws -> [SchemaDifference] {
        let expected = ExpectedSchema.objects(version: version)
        var found: [String: SchemaObject] = [:]
        for object in try objects(of: connection) { found[object.name] = object }
        var differences: [SchemaDifference] = []
        for object in expected {
            if let actual = found.removeValue(forKey: object.name) {
                if !actual.matches(object) { differences.append(.init(kind: .changed, type: actual.type, name: actual.name)) }
            } else {
                differences.append(.init(kind: .missing, type: object.type, name: object.name))
            }
        }
        for object in found.values { differences.append(.init(kind: .extra, type: object.type, name: object.name)) }
        return differences.sorted { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) }
    }

    /// Why the clock cannot be used, or nil: `statedb_clock` must hold exactly its row
    /// `id = 1` with an integer tick. (The open path asks only when its cheaper look fails.)
    static func clockProblem(_ connection: SQLiteConnection) throws -> String? {
        let statement = try connection.prepare("SELECT count(*), count(CASE WHEN id = 1 AND typeof(tick) = 'integer' THEN 1 END) FROM statedb_clock")
        guard try statement.step() else { return "statedb_clock cannot be read" }
        let rows = statement.int64(at: 0), good = statement.int64(at: 1)
        if rows == 0 { return "statedb_clock has no row (every commit advances it)" }
        if good == 0 { return "statedb_clock's row is not id 1 with an integer tick" }
        if rows > 1 { return "statedb_clock has \(rows) rows instead of one" }
        return nil
    }

    /// The objects in `sqlite_schema`, leaving out what SQLite itself may add to any database
    /// (`sqlite_stat1` after `ANALYZE`, `sqlite_sequence` for AUTOINCREMENT).
    static func objects(of connection: SQLiteConnection) throws -> [SchemaObject] {
        let statement = try connection.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema")
        var objects: [SchemaObject] = []
        while try statement.step() {
            let name = statement.string(at: 1)
            if name.hasPrefix("sqlite_stat") || name == "sqlite_sequence" { continue }
            objects.append(SchemaObject(type: statement.string(at: 0), name: name, table: statement.string(at: 2),
                                        sql: statement.optionalString(at: 3)))
        }
        return objects
    }
}

extension SQLiteStatement {
    /// Whether column `index` is a text with exactly the bytes of `string`.
    func text(at index: Int32, equals string: String) -> Bool {
        guard columnType(at: index) == SQLITE_TEXT, let text = sqlite3_column_text(handle, index) else { return false }
        let count = Int(sqlite3_column_bytes(handle, index))
        var string = string
        return string.withUTF8 { expected in
            expected.count == count && (count == 0 || memcmp(expected.baseAddress!, text, count) == 0)
        }
    }
}
