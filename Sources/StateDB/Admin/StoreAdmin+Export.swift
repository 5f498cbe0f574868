/// The export file format: a JSON object
/// `{"format": "statedb-export", "formatVersion": 1, "schemaVersion": …, "exportedAt": …,
///   "slots": [{"key": …, "type": …, "value": …, "updated": …}, …]}`,
/// each value in the same JSON form `statedb get` prints (bytes as `{"$base64": "…"}`).
/// On import only `key`, `type` and `value` count; the rest is for people.
@_spi(Admin) public enum ExportFormat {
    public static let name = "statedb-export"
    public static let version = 1
}

/// What `StoreAdmin.importDocument` did (or would do).
@_spi(Admin) public struct ImportResult: Sendable {
    /// The keys, in the file's order; empty when the import was asked for counts only.
    public let created: [String]
    public let updated: [String]
    public let unchanged: [String]
    /// Slots not in the file, deleted by `replace`, in key order.
    public let removed: [String]
    /// How many of each there were (with or without the keys).
    public let createdCount: Int
    public let updatedCount: Int
    public let unchangedCount: Int
    public let removedCount: Int

    init(created: [String], updated: [String], unchanged: [String], removed: [String]) {
        self.init(created: created, updated: updated, unchanged: unchanged, removed: removed,
                  counts: (created.count, updated.count, unchanged.count, removed.count))
    }

    init(created: [String], updated: [String], unchanged: [String], removed: [String],
         counts: (created: Int, updated: Int, unchanged: Int, removed: Int)) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.removed = removed
        createdCount = counts.created
        updatedCount = counts.updated
        unchangedCount = counts.unchanged
        removedCount = counts.removed
    }
}

extension StoreAdmin {
    /// Every slot, as an export document (built in memory; `exportSlots` streams).
    /// - Throws: `AdminError(.unreadableValue)` when a value cannot be read (`check` lists
    ///   them); nothing is exported rather than an incomplete file.
    public func exportDocument() throws -> JSONValue {
        var entries: [JSONValue] = []
        try exportSlots { slot in
            entries.append(.object([.init("key", .string(slot.key)), .init("type", .string(slot.type)),
                                    .init("value", slot.value!), .init("updated", .string(StoreAdmin.isoTimestamp(milliseconds: slot.updatedAt)))]))
        }
        return .object([
            .init("format", .string(ExportFormat.name)),
            .init("formatVersion", .number(String(ExportFormat.version))),
            .init("schemaVersion", .number(String(try schemaVersion))),
            .init("exportedAt", .string(StoreAdmin.isoTimestamp(milliseconds: nowMilliseconds()))),
            .init("slots", .array(entries)),
        ])
    }

    /// Hands every slot of an export to `body`, sorted by key, one at a time; each has a value.
    /// Returns how many there were.
    /// - Throws: `AdminError(.unreadableValue)` when a value cannot be read (`check` lists
    ///   them), after the whole store was read to count them; `body` saw no slot from the first
    ///   unreadable one on, so what it wrote is incomplete and must be thrown away.
    @discardableResult
    public func exportSlots(_ body: (AdminSlot) throws -> Void) throws -> Int {
        var unreadable = 0
        var first: AdminSlot?
        let count = try forEachSlot { slot in
            if slot.value == nil {
                unreadable += 1
                if first == nil { first = slot }
            }
            if first == nil { try body(slot) }
        }
        if let first {
            throw AdminError(.unreadableValue, path: path, "\(unreadable) value(s) cannot be read, first \(JSONValue.quoted(first.key)) (\(first.problem ?? "unreadable")); nothing was exported. Run `statedb check`, then fix them with `statedb set` or `statedb rm`.")
        }
        return count
    }

    /// Now as `exportedAt` writes it.
    public static var exportTimestamp: String { isoTimestamp(milliseconds: nowMilliseconds()) }

    /// Writes the slots of an export document into the store, in one transaction, after
    /// checking the whole document: its format, that each key appears once (compared byte for
    /// byte, as the store compares keys), and every value against its type (standard types
    /// exactly; app types by kind only, as the file is the authority). Every key a store can
    /// hold is accepted, so an export always imports.
    ///
    /// A slot in the file replaces the store's slot with the same key (an equal one is left
    /// alone); other slots stay, unless `replace`, which deletes them.
    ///
    /// - Throws: `AdminError` `.invalidInput` or `.typeMismatch` naming the first bad entry;
    ///   nothing is written then.
    ///
    /// - Parameter progress: called with the number of rows written (or deleted) so far and the
    ///   number to write.
    public func importDocument(_ document: JSONValue, replace: Bool, dryRun: Bool,
                               progress: ((Int, Int) -> Void)? = nil) throws -> ImportResult {
        let entries = try validateImport(document)
        if dryRun { return try read("planning the import") { try planImport(entries, replace: replace, $0).result } }
        return try write("importing") { context in
            let plan = try planImport(entries, replace: replace, context)
            let total = plan.result.removed.count + plan.writes.count
            var done = 0
            // In batches, which PostgreSQL writes one statement each (not one per row).
            for start in stride(from: 0, to: plan.result.removed.count, by: Self.importBatch) {
                let keys = Array(plan.result.removed[start..<min(start + Self.importBatch, plan.result.removed.count)])
                try context.delete(keys: keys)
                done += keys.count
                progress?(done, total)
            }
            for start in stride(from: 0, to: plan.writes.count, by: Self.importBatch) {
                let rows = plan.writes[start..<min(start + Self.importBatch, plan.writes.count)].map { entry, existing in
                    AdminRowWrite(key: entry.key, type: entry.type, value: entry.value,
                                  createdAt: existing?.createdAt ?? context.now, seenAt: existing?.seenAt ?? context.now)
                }
                try context.upsert(rows)
                done += rows.count
                progress?(done, total)
            }
            return plan.result
        }
    }

    /// Rows written per call to the backend, and per progress report.
    static let importBatch = 5_000

    struct ImportEntry {
        let key: String
        let type: String
        let value: StoredValue
    }

    private func validateImport(_ document: JSONValue) throws -> [ImportEntry] {
        try checkImportHeader(document)
        guard case .array(let slots)? = document["slots"] else { return [] }
        var seen = Set<ByteKey>()
        return try slots.enumerated().map { index, slot in
            try importEntry(slot, at: index) { seen.insert(ByteKey($0)).inserted }
        }
    }

    /// The import file's problem as the error that says so and that nothing was imported.
    func invalidImport(_ problem: String) -> AdminError {
        AdminError(.invalidInput, path: path, "the import file \(problem); nothing was imported.")
    }

    /// Checks an export document's format, version and `slots` array (not its entries).
    func checkImportHeader(_ document: JSONValue) throws {
        guard case .object = document, document["format"] == .string(ExportFormat.name) else {
            throw invalidImport("is not a statedb export (it needs \"format\": \"\(ExportFormat.name)\"; make one with `statedb export`)")
        }
        guard let version = document["formatVersion"]?.integerLiteral.flatMap({ Int($0) }) else {
            throw invalidImport("has no whole-number \"formatVersion\"")
        }
        guard version <= ExportFormat.version else {
            throw invalidImport("has format version \(version), newer than this statedb's \(ExportFormat.version); use a newer statedb")
        }
        guard case .array? = document["slots"] else { throw invalidImport("has no \"slots\" array") }
    }

    /// Checks `slots[index]` and returns it in canonical form; `isFirst` says whether its key
    /// has not been seen before in the file.
    /// `type` parses a type name (a cache, over a million entries of a handful of types).
    func importEntry(_ slot: JSONValue, at index: Int, type parse: (String) -> SlotType = { SlotType(storedName: $0) },
                     isFirst: (String) -> Bool) throws -> ImportEntry {
        let label = "slots[\(index)]"
        // Any key a store holds is taken as it is (an app may name a key with a tab, or of
        // any shape, with `binding(for:)`), so every export imports; keys are told apart by
        // their bytes, as the store tells them apart.
        guard case .string(let key)? = slot["key"] else { throw invalidImport("has no string \"key\" in \(label)") }
        let entryLabel = "\(label) (\(JSONValue.quoted(key)))"
        guard case .string(let typeName)? = slot["type"], !typeName.isEmpty else { throw invalidImport("has no \"type\" in \(entryLabel)") }
        guard let value = slot["value"] else { throw invalidImport("has no \"value\" in \(entryLabel)") }
        guard isFirst(key) else { throw invalidImport("has \(JSONValue.quoted(key)) twice (\(label))") }
        let type = parse(typeName)
        do throws(TypeCheckFailure) {
            try type.check(value, reference: nil)
            // In the canonical form `set` and the app write, so an equal value is "unchanged".
            return ImportEntry(key: key, type: typeName, value: try type.storedValue(for: value))
        } catch {
            throw AdminError(.typeMismatch, path: path, "the import file's \(entryLabel) is \(typeName): \(error); nothing was imported.")
        }
    }

    private struct ImportPlan {
        let writes: [(ImportEntry, StoredRow?)]
        let result: ImportResult
    }

    private func planImport(_ entries: [ImportEntry], replace: Bool, _ rows: any AdminRows) throws -> ImportPlan {
        // By bytes: two keys that differ only in their Unicode normalisation are two rows (and
        // would be one "duplicate" `String` key to a dictionary, which traps).
        let existing = Dictionary(try loadRows(rows).map { (ByteKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
        var writes: [(ImportEntry, StoredRow?)] = []
        var created: [String] = [], updated: [String] = [], unchanged: [String] = []
        for entry in entries {
            let row = existing[ByteKey(entry.key)]
            if let row, ByteKey(row.type) == ByteKey(entry.type), case .success(entry.value) = row.value {
                unchanged.append(entry.key)
                continue
            }
            writes.append((entry, row))
            if row == nil { created.append(entry.key) } else { updated.append(entry.key) }
        }
        let inFile = Set(entries.map { ByteKey($0.key) })
        let removed = replace ? existing.keys.filter { !inFile.contains($0) }.sorted().map(\.text) : []
        return ImportPlan(writes: writes, result: ImportResult(created: created, updated: updated, unchanged: unchanged, removed: removed))
    }
}
