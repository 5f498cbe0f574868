extension StoreAdmin {
    /// `check` on PostgreSQL. The server keeps its own pages sound (`integrity` reports what
    /// `PostgresSchema.verify` finds wrong with the tables, triggers and clock row instead of
    /// `PRAGMA integrity_check`); the schema migrations' checksums, the schema's objects against
    /// what the migrations create (`PostgresSchemaObjects`: missing, changed and extra tables,
    /// indexes, triggers, functions, views, rules), the rows above the clock, every value and
    /// each row's identity and property are checked as on a file, the rows read through a
    /// cursor so a million of them are never all in memory.
    func postgresCheck(progress: ((Int) -> Void)?) throws -> CheckReport {
        guard let postgres = database as? PostgresAdminDatabase else { preconditionFailure("a PostgreSQL store") }
        let connection = postgres.connection
        return try read("checking the store") { rows in
            var schemaProblems: [String] = []
            do {
                try PostgresSchema.verify(connection)
            } catch let error as StateStoreError {
                schemaProblems.append(error.message)
            }
            let schemaVersion = Int(try connection.execute("SELECT schema_version FROM statedb_store WHERE id = 1").int64(0, 0) ?? 0)
            // Opening refused any other version, so the latest one's objects are the reference.
            let schemaDifferences = try PostgresSchemaObjects.differences(connection)
            let applied = try connection.execute("SELECT version, name, checksum FROM statedb_schema_migrations ORDER BY version")
            let migrations = (0..<applied.rowCount).map { row in
                let version = Int(applied.int64(row, 0) ?? 0)
                let checksum = applied.string(row, 2) ?? ""
                return CheckReport.Migration(version: version, name: applied.string(row, 1) ?? "", checksum: checksum,
                                             matches: PostgresSchemaMigration.all.first { $0.version == version }?.checksum == checksum)
            }
            let clock = try connection.execute("SELECT tick FROM statedb_clock WHERE id = 1")
            let tick = clock.rowCount == 1 ? clock.int64(0, 0) : nil
            var ahead: [CheckReport.AheadOfClock] = []
            if let tick {
                for (table, result) in [
                    ("slots", try connection.execute(#"SELECT key, version FROM slots WHERE version > $1 ORDER BY key COLLATE "C""#, [.integer(tick)])),
                    ("slot_tombstones", try connection.execute(#"SELECT key, version FROM slot_tombstones WHERE version > $1 ORDER BY key COLLATE "C""#, [.integer(tick)])),
                ] {
                    ahead += (0..<result.rowCount).map { .init(table: table, key: result.string($0, 0) ?? "", version: result.int64($0, 1) ?? 0) }
                }
            }
            var slotCount = 0
            var problems: [CheckReport.Problem] = []
            var types = SlotTypeCache()
            try connection.execute("""
                DECLARE statedb_admin_check NO SCROLL CURSOR FOR
                SELECT key, type, encoding, value, blob, created_at, updated_at, seen_at, version, identity, property FROM slots
                """)
            while true {
                let batch = try connection.execute("FETCH 500 FROM statedb_admin_check")
                if batch.rowCount == 0 { break }
                for index in 0..<batch.rowCount {
                    let row = StoredRow(checkingUTF8: batch, row: index)
                    slotCount += 1
                    progress?(slotCount)
                    let storedIdentity = batch.string(index, 9) ?? "", storedProperty = batch.string(index, 10) ?? ""
                    if row.identity != storedIdentity || row.property != storedProperty {
                        problems.append(.init(key: row.key, message: "identity \(JSONValue.quoted(storedIdentity)) and property \(JSONValue.quoted(storedProperty)) do not match the key"))
                    } else if let problem = valueProblem(in: row, types: &types) {
                        problems.append(.init(key: row.key, message: problem))
                    }
                }
            }
            try connection.execute("CLOSE statedb_admin_check")
            let quarantined = try rows.quarantine(id: nil)
            problems += Self.keyProblems(of: quarantined)
            problems.sort { ByteKey($0.key) < ByteKey($1.key) }
            return CheckReport(integrity: schemaProblems.isEmpty ? ["ok"] : schemaProblems, schemaVersion: schemaVersion,
                               migrations: migrations, schemaDifferences: schemaDifferences, clockTick: tick,
                               clockProblem: tick == nil ? "statedb_clock has no row" : nil,
                               aheadOfClock: ahead, slotCount: slotCount, problems: problems, unreadable: nil,
                               quarantined: quarantined)
        }
    }
}
