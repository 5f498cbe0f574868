/// A value the app set aside because it no longer decoded as its slot's type.
@_spi(Admin) public struct QuarantinedValue: Sendable {
    public let id: Int64
    public let key: String
    /// The type the value was stored with.
    public let storedType: String
    /// The type the app expected when it could not decode the value.
    public let expectedType: String
    public let encoding: String
    /// The value as JSON; nil when it cannot be read.
    public let value: JSONValue?
    /// Why `value` is nil.
    public let problem: String?
    /// The decoding error the app met.
    public let error: String
    /// Unix time in milliseconds.
    public let quarantinedAt: Int64
}

extension StoreAdmin {
    /// Every quarantined value, oldest first.
    public func quarantined() throws -> [QuarantinedValue] {
        try read("reading the quarantine") { try loadQuarantine($0) }
    }

    /// Puts a quarantined value back into its slot with the type it was stored with, and
    /// removes it from the quarantine.
    ///
    /// - Parameter force: restore even when the slot now has another type. An app that still
    ///   uses the new type will set the value aside again; use this after reverting the app's
    ///   type, or convert the value and `set` it instead.
    /// - Throws: `AdminError` `.notFound` (no entry `id`), `.unreadableValue` (the value
    ///   cannot be read as its encoding, `force` or not: in the slot it would only be set aside
    ///   again), `.conflict` (the slot's type changed, without `force`).
    public func restoreQuarantined(id: Int64, force: Bool) throws -> QuarantinedValue {
        try write("restoring quarantined value \(id)") { context in
            let entry = try quarantineEntry(id, context.connection)
            if entry.value == nil {
                throw AdminError(.unreadableValue, path: path, "quarantined value \(id) of \(JSONValue.quoted(entry.key)) cannot be read (\(entry.problem ?? "unreadable")), so no app could use it in its slot. Nothing was written. `statedb quarantine drop` it, or `statedb set` the slot to a value.")
            }
            let current = try loadRow(entry.key, context.connection)
            if let current, current.type != entry.storedType, !force {
                throw AdminError(.conflict, path: path, "slot \(JSONValue.quoted(entry.key)) is now \(current.type), but quarantined value \(id) is \(entry.storedType); an app that uses \(current.type) would set it aside again. Nothing was written. Add --force after reverting the app's type, or `statedb set` a converted value.")
            }
            let stamp = try context.stamp()
            let restore = try context.connection.prepare("""
                INSERT INTO slots (key, identity, property, type, encoding, value, created_at, updated_at, seen_at, version)
                SELECT key, identity, property, stored_type, encoding, value, ?2, ?2, ?2, ?3 FROM quarantine WHERE id = ?1
                ON CONFLICT (key) DO UPDATE SET type = excluded.type, encoding = excluded.encoding, value = excluded.value,
                    updated_at = excluded.updated_at, version = excluded.version
                """)
            restore.bind(id, at: 1)
            restore.bind(context.now, at: 2)
            restore.bind(stamp, at: 3)
            try restore.run()
            try deleteQuarantineEntry(id, context.connection)
            return entry
        }
    }

    /// Deletes a quarantined value for good.
    public func dropQuarantined(id: Int64) throws -> QuarantinedValue {
        try write("dropping quarantined value \(id)") { context in
            let entry = try quarantineEntry(id, context.connection)
            try deleteQuarantineEntry(id, context.connection)
            return entry
        }
    }

    private func quarantineEntry(_ id: Int64, _ connection: SQLiteConnection) throws -> QuarantinedValue {
        let all = try loadQuarantine(connection)
        guard let entry = all.first(where: { $0.id == id }) else {
            let ids = all.isEmpty ? "the quarantine is empty" : "ids: " + all.prefix(10).map { String($0.id) }.joined(separator: ", ")
            throw AdminError(.notFound, path: path, "no quarantined value with id \(id) (\(ids)); `statedb quarantine STORE` lists them.")
        }
        return entry
    }

    private func deleteQuarantineEntry(_ id: Int64, _ connection: SQLiteConnection) throws {
        let delete = try connection.prepare("DELETE FROM quarantine WHERE id = ?1")
        delete.bind(id, at: 1)
        try delete.run()
    }

    func loadQuarantine(_ connection: SQLiteConnection) throws -> [QuarantinedValue] {
        let statement = try connection.prepare("""
            SELECT id, key, stored_type, expected_type, encoding, value, error, quarantined_at FROM quarantine ORDER BY id
            """)
        var entries: [QuarantinedValue] = []
        while try statement.step() {
            let encoding = statement.string(at: 4)
            var value: JSONValue?, problem: String?
            do {
                value = try StoredValue.read(from: statement, at: 5, encoding: encoding).jsonValue()
            } catch let error as StoredValueError {
                problem = error.message
            } catch {
                problem = "the json value does not parse (\(error))"
            }
            entries.append(QuarantinedValue(id: statement.int64(at: 0), key: statement.string(at: 1), storedType: statement.string(at: 2),
                                            expectedType: statement.string(at: 3), encoding: encoding, value: value, problem: problem,
                                            error: statement.string(at: 6), quarantinedAt: statement.int64(at: 7)))
        }
        return entries
    }
}
