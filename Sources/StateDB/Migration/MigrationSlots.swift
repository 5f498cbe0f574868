/// The store's slots as a migration sees them: read, write, rename and delete rows inside
/// the transaction that applies the migration. Nothing here is visible to the app until every
/// pending migration succeeded.
public final class MigrationSlots {
    let database: any MigrationDatabase
    let path: String
    /// The clock tick of the migration transaction; every row written is stamped with it.
    let tick: Int64
    let now = nowMilliseconds()
    /// The keys of the slots written, moved (under their new key) or deleted since the last
    /// `takeChangedSlotCount()` (a write that recovers a quarantined value too), so that
    /// `statedb migrate up` can say what each migration changed, and that one matching nothing
    /// changed nothing. A set: a slot written twice, or moved twice, is one slot changed.
    private var changedKeys = Set<String>()

    /// How many slots changed since the last call (see `changedKeys`).
    func takeChangedSlotCount() -> Int {
        defer { changedKeys.removeAll() }
        return changedKeys.count
    }

    init(database: any MigrationDatabase, path: String, tick: Int64) {
        self.database = database
        self.path = path
        self.tick = tick
    }

    /// Every key matching `pattern`, sorted.
    public func keys(matching pattern: KeyPattern) throws -> [String] {
        try database.slotKeys().filter { pattern.matches($0) }
    }

    /// The declared type of a slot (`Swift.Int`, `MyApp.Settings`), nil when there is no row.
    public func typeName(of key: String) throws -> String? {
        try row(key)?.type
    }

    /// The value of a slot as `T`; nil when there is no row.
    /// - Throws: `StateStoreError(.typeMismatch)` when the value does not decode as `T`.
    public func value<T: Codable>(_ type: T.Type, at key: String) throws -> T? {
        guard let row = try row(key) else { return nil }
        do {
            return try ValueCodec.decode(T.self, from: row.value.get())
        } catch {
            throw StateStoreError(.typeMismatch, path: path, "slot \(key) holds a \(row.type) that does not decode as \(ValueCodec.typeName(of: T.self)): \(error)")
        }
    }

    /// Writes a slot, creating it if needed, with `T` as its declared type.
    public func set<T: Codable>(_ value: T, at key: String) throws {
        try write(key: key, typeName: ValueCodec.typeName(of: T.self), value: ValueCodec.encode(value))
    }

    /// Deletes a slot (nothing when there is none).
    public func remove(_ key: String) throws {
        if try row(key) != nil { changedKeys.insert(key) }
        try database.deleteSlot(key, tick: tick)
    }

    /// Moves a slot to another key (nothing when there is none).
    ///
    /// A slot at `newKey` that looks like it holds only the value its view started with is
    /// written over: its row was never written after its first commit (`updated_at` still its
    /// `created_at`), and was made after the value at `key` was last written. That is a release
    /// that shipped without this rename: its view mounted under the new key and recorded its
    /// initial value there, and the value at `key` is the user's. The timestamps cannot tell a
    /// value written before the row's first commit from an initial value, so the value written
    /// over goes to quarantine (`statedb quarantine restore` puts it back): a wrong guess
    /// loses nothing.
    /// - Throws: `StateStoreError(.migrationFailed)` when `newKey` holds a value written since,
    ///   or `key`'s value cannot be read, saying how to keep either.
    public func rename(_ key: String, to newKey: String) throws {
        guard key != newKey, let moving = try row(key) else { return }
        if let taken = try row(newKey) {
            guard taken.updatedAt == taken.createdAt, taken.createdAt >= moving.updatedAt else {
                throw StateStoreError(.migrationFailed, path: path, "cannot move \(key) to \(newKey): that slot exists and was written since it was made. \(Self.keepOne(key, newKey))")
            }
            guard case .success(let value) = moving.value else {
                throw StateStoreError(.migrationFailed, path: path, "cannot move \(key) over the slot at \(newKey): the value at \(key) cannot be read. \(Self.keepOne(key, newKey))")
            }
            let why = "written over by the value a state migration moved from \(key) (this slot had been written only once, as a view's initial value is); `statedb quarantine restore` puts it back"
            // Set aside as of its own last write, not now: a retype later in this open recovers
            // quarantined values into slots not written since (`recoverQuarantined`), and this
            // slot, written now, must keep the value moved into it.
            try database.quarantineSlot(newKey, expectedType: moving.type, error: why, now: taken.updatedAt)
            // Written over in place (the slot at `newKey` goes on existing), and the old key
            // deleted with a tombstone, as a move leaves it.
            try database.writeSlot(newKey, type: moving.type, value: value, now: now, tick: tick)
            try database.deleteSlot(key, tick: tick)
        } else {
            // The old key gets a tombstone: a running instance of the app must see it disappear.
            try database.moveSlot(key, to: newKey, tick: tick)
        }
        changedKeys.remove(key)
        changedKeys.insert(newKey)
    }

    /// How to settle a rename whose target is taken: delete one side first.
    private static func keepOne(_ key: String, _ newKey: String) -> String {
        "Keep one of them: register `.delete(\"…\", keys: \"\(newKey)\")` before this migration to keep the value at \(key), or `.delete(\"…\", keys: \"\(key)\")` to keep the one at \(newKey) (`statedb rm` removes either by hand)."
    }

    // MARK: - Building blocks of the predefined migrations

    /// Moves the slots of `old` and of the views below it to `new`: of `Root/Row`, those of
    /// `Root/Row/x`, `Root/Row/Child/x` and of every qualified `Root/Row` too (`Root/Row[id: 2]/x`,
    /// `Root/Row[#2]/x`, `Root/Row[then]/x`: the rows of a `ForEach`, a second view of the type,
    /// a branch), each keeping its qualifiers (`Root/Item[id: 2]/x`), as `statedb mv` does.
    func renameIdentity(from old: String, to new: String) throws {
        let prefix = KeyPrefix(old)
        // A target below the source (`Root/Row` to `Root/Row[then]` or `Root/Row/Inner`) would
        // be renamed again by the same migration, and an empty source names every key.
        guard !old.isEmpty, !new.isEmpty, !prefix.matches(new) else {
            throw StateStoreError(.migrationFailed, path: path, "cannot rename the identity \(JSONValue.quoted(old)) to \(JSONValue.quoted(new)): \(old.isEmpty || new.isEmpty ? "an identity is never empty" : "the new identity is the old one or below it, so its slots would be renamed again") (nothing was applied). Move those keys with a `.custom` migration instead (`slots.rename(key, to: newKey)` for each).")
        }
        for key in try database.slotKeys() {
            let slotKey = SlotKey(key)
            guard prefix.matches(slotKey.identity) else { continue }
            try rename(key, to: SlotKey(identity: prefix.replace(in: slotKey.identity, with: new), property: slotKey.property).key)
        }
    }

    /// Converts the values of the old shape, `A`, under keys matching `pattern` into `B`, in
    /// their rows and in quarantine.
    ///
    /// A value is of the old shape when it is declared as `A`, or when it is declared under
    /// `B`'s name (a type that kept its name and changed its fields, whose old shape the app
    /// declares as a type of its own: `SettingsV1`, or a private `Settings` elsewhere, which is
    /// stored under the same name) and it is exactly an `A`: it does not decode as `B`, and
    /// decoded as `A` and encoded again it gives back the same value. A value that decodes as
    /// `B` is of the new shape already; one with fields `A` lacks (an intermediate release's
    /// shape) would lose them. Either is left alone.
    func retype<A: Codable, B: Codable>(keys pattern: KeyPattern, _ transform: (A) throws -> B) throws {
        let oldType = ValueCodec.typeName(of: A.self), newType = ValueCodec.typeName(of: B.self)
        func oldValue(_ stored: StoredValue, declaredAs type: String) -> A? {
            if type == newType {
                guard (try? ValueCodec.decode(B.self, from: stored)) == nil,
                      let old = try? ValueCodec.decode(A.self, from: stored),
                      (try? ValueCodec.encode(old)) == stored else { return nil }
                return old
            }
            guard type == oldType else { return nil }
            return try? ValueCodec.decode(A.self, from: stored)
        }
        for key in try keys(matching: pattern) {
            guard let row = try row(key), let stored = try? row.value.get(),
                  let old = oldValue(stored, declaredAs: row.type) else { continue }
            try set(try transform(old), at: key)
        }
        // Values set aside because the app's type changed before this migration existed.
        try recoverQuarantined(keys: pattern, storedTypes: oldType == newType ? [oldType] : [oldType, newType]) { stored, type in
            guard let old = oldValue(stored, declaredAs: type) else { return nil }
            return (newType, try ValueCodec.encode(try transform(old)))
        }
    }

    /// Moves quarantined values declared as one of `storedTypes` whose keys match back into
    /// their slots, as `convert` makes them from the value and its declared type (nil: leave
    /// the entry where it is).
    ///
    /// Only into a slot that holds nothing newer: a slot written after its value was set aside
    /// (by the app under its new type, the CLI, this migration converting a row of the old type)
    /// keeps that value, and the entry stays in quarantine. A slot that still holds what the
    /// quarantine left it (its initial value, recorded in the same commit) gets the value back.
    /// A key quarantined more than once gets its newest value; the older ones stay.
    func recoverQuarantined(keys pattern: KeyPattern, storedTypes: [String],
                            _ convert: (StoredValue, String) throws -> (typeName: String, value: StoredValue)?) throws {
        var recovered: [(id: Int64, key: String, typeName: String, value: StoredValue)] = []
        var claimed = Set<String>()
        // Newest first, whatever type each was declared as (entry ids grow with time).
        let entries = try storedTypes.flatMap { type in try database.quarantinedValues(storedType: type).map { (entry: $0, type: type) } }
            .sorted { $0.entry.id > $1.entry.id }
        for (entry, type) in entries {
            // The newest entry of a key decides, recovered or not: an older value never comes
            // back in its place.
            guard pattern.matches(entry.key), claimed.insert(entry.key).inserted,
                  let stored = entry.value, let converted = try convert(stored, type) else { continue }
            // Wall-clock times of the store's writers (`now` of each commit); see the note on
            // clocks in migrations.md.
            if let row = try row(entry.key), row.updatedAt > entry.quarantinedAt { continue }
            recovered.append((entry.id, entry.key, converted.typeName, converted.value))
        }
        for entry in recovered {
            try write(key: entry.key, typeName: entry.typeName, value: entry.value)
            try database.releaseQuarantined(entry.id)
        }
    }

    // MARK: - Rows

    /// The stored value of a slot, nil when there is no row or it is unreadable.
    func storedValue(_ key: String) throws -> StoredValue? {
        try row(key).flatMap { try? $0.value.get() }
    }

    private func row(_ key: String) throws -> StoredRow? {
        try database.slotRow(key)
    }

    func write(key: String, typeName: String, value: StoredValue) throws {
        try database.writeSlot(key, type: typeName, value: value, now: now, tick: tick)
        changedKeys.insert(key)
    }
}
