/// Row operations every writer of the `slots` table shares, so the clock and tombstones stay
/// consistent whoever writes: the app's commits, migrations, the CLI.
enum SlotRows {
    /// Deletes a slot's row inside a write transaction whose clock tick is `tick`. The
    /// tombstone is stamped first, so the delete trigger does not advance the clock again.
    static func delete(_ key: String, tick: Int64, on connection: SQLiteConnection) throws {
        let tombstone = try connection.cached("INSERT OR REPLACE INTO slot_tombstones (key, version) VALUES (?1, ?2)")
        tombstone.bind(key, at: 1)
        tombstone.bind(tick, at: 2)
        try tombstone.run()
        let delete = try connection.cached("DELETE FROM slots WHERE key = ?1")
        delete.bind(key, at: 1)
        try delete.run()
    }
}
