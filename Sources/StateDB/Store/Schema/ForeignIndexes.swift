import Foundation

/// Indexes an operator added to statedb's tables that can make the store's own writes fail.
///
/// An added index is accepted (an operator may want one for queries of their own), but SQLite
/// keeps every index of a table up to date in each write to it, so some can refuse a write
/// statedb makes: a `UNIQUE` index (a constraint statedb does not keep), and one on an
/// expression or with a `WHERE` clause, which SQLite evaluates at every write
/// (`json(value)` fails on text that is not JSON). The app would then fail every commit and
/// lose its edits, and a `statedb` write fail with SQLite's words. A store with one is refused
/// for writing instead, naming the index and the `DROP INDEX` that clears it; reads go on, and
/// `statedb check` lists it with the other extra objects.
enum ForeignIndexes {
    /// The refusal of a store holding such an index on one of the tables `version` defines,
    /// or nil. One read of `sqlite_schema` when there is none (every open for writing).
    static func writeRefusal(_ connection: SQLiteConnection, path: String, version: Int) throws -> StateStoreError? {
        let expected = ExpectedSchema.objects(version: version)
        let ourTables = Set(expected.filter { $0.type == "table" }.map(\.name))
        let ourNames = Set(expected.map(\.name))
        var added: [(name: String, table: String)] = []
        let indexes = try connection.prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
        while try indexes.step() {
            let name = indexes.string(at: 0), table = indexes.string(at: 1)
            guard !ourNames.contains(name), ourTables.contains(table) else { continue }
            added.append((name, table))
        }
        for index in added {
            guard let hazard = try hazard(of: index.name, on: index.table, connection) else { continue }
            let drop = "sqlite3 \(StateStoreError.shellWord(path)) \(StateStoreError.shellWord("DROP INDEX " + quotedIdentifier(index.name)))"
            return StateStoreError(.corrupt, path: path, "the store has an index statedb did not make, \(index.name) on \(index.table), \(hazard), so it can make the store's own writes fail; nothing was written. Drop it (`\(drop)`); reading the store works as it is.")
        }
        return nil
    }

    /// Why `index` can refuse a write to `table`, or nil when it cannot.
    private static func hazard(of index: String, on table: String, _ connection: SQLiteConnection) throws -> String? {
        let list = try connection.prepare("SELECT \"unique\", partial FROM pragma_index_list(?1) WHERE name = ?2")
        list.bind(table, at: 1)
        list.bind(index, at: 2)
        guard try list.step() else { return nil }
        if list.int64(at: 0) != 0 { return "a UNIQUE index (a constraint statedb does not keep)" }
        if list.int64(at: 1) != 0 { return "a partial index (its WHERE clause is evaluated at every write)" }
        let columns = try connection.prepare("SELECT count(*) FROM pragma_index_xinfo(?1) WHERE key = 1 AND cid = -2")
        columns.bind(index, at: 1)
        if try columns.step(), columns.int64(at: 0) > 0 { return "an index on an expression (evaluated at every write)" }
        return nil
    }

    /// `name` as an SQL identifier: in double quotes, a quote in it doubled.
    private static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
