/// What `StoreAdmin.move` did (or would do).
@_spi(Admin) public struct MoveResult: Sendable {
    public struct Rename: Sendable, Equatable {
        public let from: String
        public let to: String
    }

    public let renames: [Rename]
    /// Keys that existed under the new prefix and were replaced (`force` only).
    public let overwritten: [String]
    /// Quarantined values re-keyed with their slots.
    public let quarantineEntries: Int
}

extension StoreAdmin {
    /// Re-keys every slot under `old` (see `KeyPrefix`) to start with `new` instead, after
    /// the code moved or renamed a view (`ContentView/VStack/Row` → `ContentView/List/Row`),
    /// or renames a property (`Settings/volume` → `Settings/level`). Quarantined values
    /// under `old` move too. Everything else about each row is kept.
    ///
    /// The old keys are deleted (a running app that still builds them starts them again from
    /// their initial values) and the new ones written, in one transaction.
    ///
    /// - Parameter force: replace slots that already exist under `new`; without it such a
    ///   collision refuses the whole move.
    /// - Throws: `AdminError` `.notFound` (nothing under `old`), `.conflict` (collisions),
    ///   `.invalidInput` (a resulting key would be malformed).
    public func move(from old: KeyPrefix, to new: String, force: Bool, dryRun: Bool) throws -> MoveResult {
        guard !old.text.isEmpty, !new.isEmpty else {
            throw AdminError(.invalidInput, path: path, "both prefixes must be non-empty, e.g. `statedb mv STORE ContentView/VStack/Row ContentView/List/Row`.")
        }
        guard old.text.hasSuffix("/") == new.hasSuffix("/") else {
            throw AdminError(.invalidInput, path: path, "end both prefixes with / or neither (\(JSONValue.quoted(old.text)) → \(JSONValue.quoted(new))), so each key keeps its separator.")
        }
        // By bytes: `café` with a combining accent is another prefix than `café` with `é`.
        guard ByteKey(old.text) != ByteKey(new) else {
            throw AdminError(.invalidInput, path: path, "the old and new prefixes are the same; nothing to do.")
        }
        if dryRun { return try read("planning the move") { try planMove(old, new, force: force, $0).result } }
        return try write("moving \(old) to \(new)") { context in
            let plan = try planMove(old, new, force: force, context)
            let movedAt = StoreAdmin.moveSighting()
            for key in plan.result.overwritten { try context.delete(key: key) }
            for row in plan.rows { try context.delete(key: row.key) }
            for (row, rename) in zip(plan.rows, plan.result.renames) {
                try context.upsert(key: rename.to, type: row.type, value: row.value, encoding: row.encoding,
                                   createdAt: row.createdAt, updatedAt: row.updatedAt, seenAt: max(row.seenAt, movedAt))
            }
            // By id, not by key: a chain of renames (A → B while B → C) must not move twice.
            for (id, newKey) in plan.quarantine { try context.moveQuarantined(id: id, to: newKey) }
            return plan.result
        }
    }

    private struct MovePlan {
        let rows: [RawRow]
        /// Quarantine entry ids and their new keys.
        let quarantine: [(Int64, String)]
        let result: MoveResult
    }

    /// Reads only the rows under `old` (a range of the key index) and the keys under `new`:
    /// moving a few slots of a big store holds those slots, not the store.
    private func planMove(_ old: KeyPrefix, _ new: String, force: Bool, _ stored: any AdminRows) throws -> MovePlan {
        var rows: [RawRow] = []
        let oldBytes = Array(old.text.utf8)
        try stored.forEachRawRow(from: old.text) { row in
            guard row.key.utf8.starts(with: oldBytes) else { return false }
            if old.matches(row.key) { rows.append(row) }
            return true
        }
        guard !rows.isEmpty else { throw try notFound(old.text, stored, prefix: true) }
        let renames = rows.map { MoveResult.Rename(from: $0.key, to: old.replace(in: $0.key, with: new)) }
        // The typed prefix must be a clean key; the rest of each key is the store's, kept as
        // it is (a tab an app put in a key it named moves with it).
        if let problem = StoreAdmin.controlCharacterProblem(new) {
            throw StoreAdmin.badKey(new, problem, path: path, what: "the new prefix")
        }
        for rename in renames where StoreAdmin.keyProblem(rename.from) == nil {
            if let problem = StoreAdmin.keyProblem(rename.to) { throw StoreAdmin.badKey(rename.to, problem, path: path, what: "the new key") }
        }
        // Sets of keys by bytes, as SQLite's UNIQUE index tells keys apart. Every new key
        // starts with `new`, so the keys that could collide are that range of the index.
        let moving = Set(rows.map { ByteKey($0.key) })
        let targets = Set(renames.map { ByteKey($0.to) })
        var existing = Set<ByteKey>()
        try forEachKey(under: new, stored) { key in
            let key = ByteKey(key)
            if targets.contains(key) && !moving.contains(key) { existing.insert(key) }
        }
        let collisions = renames.map(\.to).filter { existing.contains(ByteKey($0)) }
        if !collisions.isEmpty && !force {
            let list = collisions.prefix(3).map(JSONValue.quoted).joined(separator: ", ") + (collisions.count > 3 ? ", …" : "")
            throw AdminError(.conflict, path: path, "\(collisions.count) of the new keys already exist (\(list)); nothing was moved. Add --force to replace them, or `statedb rm` them first.")
        }
        let quarantine = try quarantineToMove(under: old, to: new, stored)
        return MovePlan(rows: rows, quarantine: quarantine,
                        result: MoveResult(renames: renames, overwritten: collisions, quarantineEntries: quarantine.count))
    }
}

extension StoreAdmin {
    /// The quarantine entries under `old`, with their keys under `new`: they move with their
    /// slots. One whose key is not UTF-8 would be re-keyed with U+FFFD in it, and is refused.
    func quarantineToMove(under old: KeyPrefix, to new: String, _ stored: any AdminRows) throws -> [(Int64, String)] {
        let entries = try stored.quarantineKeys().filter { old.matches($0.key) }
        if let entry = entries.first(where: { !$0.nameable }) {
            throw AdminError(.unreadableValue, path: path, "quarantined value \(entry.id) under \(old) has a key that is not valid UTF-8, and moving it would change its bytes; nothing was moved. `statedb quarantine drop` it first (`statedb check` lists such entries).")
        }
        return entries.map { ($0.id, old.replace(in: $0.key, with: new)) }
    }

    /// Hands each key that starts with the bytes of `prefix` to `body`, in key order, read a
    /// page of keys at a time.
    fileprivate func forEachKey(under prefix: String, _ stored: any AdminRows, _ body: (String) throws -> Void) throws {
        let bytes = Array(prefix.utf8)
        let page = 1_000
        var start = prefix
        var first = true
        while true {
            let keys = try stored.keys(from: start, limit: page + (first ? 0 : 1))
            // After the first page, the page starts with the last key of the one before.
            let fresh = first ? keys[...] : keys.dropFirst()
            for key in fresh {
                guard key.utf8.starts(with: bytes) else { return }
                try body(key)
            }
            guard keys.count == page + (first ? 0 : 1), let last = keys.last else { return }
            start = last
            first = false
        }
    }
}

/// A row with its value column as the database holds it, so a row is copied exactly even
/// when its value does not match its encoding (the case only says how to bind it again).
struct RawRow {
    let key: String
    let type: String
    let encoding: String
    let value: StoredValue
    let createdAt: Int64
    let updatedAt: Int64
    let seenAt: Int64
}

extension StoreAdmin {
    /// The `seen_at` a moved slot gets at the least: the move's time. An operator moving a
    /// slot says it is wanted (most often an orphan onto the key a new build reads, as
    /// `statedb orphans` suggests); kept as it was, its old sighting made `gc` delete the value
    /// just rescued.
    static func moveSighting() -> Int64 { nowMilliseconds() }
}
