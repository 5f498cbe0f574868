/// The export file format: a JSON object
/// `{"format": "statedb-export", "formatVersion": 1, "schemaVersion": …, "exportedAt": …,
///   "slots": [{"key": …, "type": …, "value": …, "updated": …}, …]}`,
/// each value in the same JSON form `statedb get` prints (bytes as `{"$base64": "…"}`).
/// On import only `key`, `type` and `value` count; the rest is for people.
@_spi(Admin) public enum ExportFormat {
    public static let name = "statedb-export"
    public static let version = 1
}

/// What `StoreAdmin.importExport` did (or would do).
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
    /// Hands every slot of an export to `body`, sorted by key, one at a time; each has a value.
    /// Returns how many there were.
    /// - Throws: `AdminError(.unreadableValue)` when a value cannot be read (`check` lists
    ///   them), after the whole store was read to count them; `body` saw no slot from the first
    ///   unreadable one on, so what it wrote is incomplete and must be thrown away.
    @discardableResult
    public func exportSlots(_ body: (AdminSlot) throws -> Void) throws -> Int {
        var unexportable = 0
        var first: (key: String, problem: String)?
        var types = SlotTypeCache()
        let count = try forEachSlot { slot in
            if let problem = slot.valueProblem(types: &types) {
                unexportable += 1
                if first == nil { first = (slot.key, problem) }
            }
            if first == nil { try body(slot) }
        }
        if let first {
            throw AdminError(.unreadableValue, path: path, "\(unexportable) value(s) cannot be exported, first \(JSONValue.quoted(first.key)) (\(first.problem)); nothing was exported. Run `statedb check`, then fix them with `statedb set` or `statedb rm`.")
        }
        return count
    }

    /// Now as `exportedAt` writes it.
    public static var exportTimestamp: String { isoTimestamp(milliseconds: nowMilliseconds()) }

    /// Rows written per call to the backend, and per progress report.
    static let importBatch = 5_000

    struct ImportEntry {
        let key: String
        let type: String
        let value: StoredValue
    }

    /// The import file's problem as the error that says so and that nothing was imported.
    func invalidImport(_ problem: String) -> AdminError {
        AdminError(.invalidInput, path: path, "the import file \(problem); nothing was imported.")
    }

    /// Checks an export document's format, version and `slots` array (not its entries).
    @_spi(Admin) public func checkImportHeader(_ document: JSONValue) throws {
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
        if let (typed, meant) = type.misspelledStandardName {
            // No app declares such a type: taken as an app type, it would retype a slot the
            // app then sets aside as unreadable.
            throw invalidImport("has \(entryLabel) of type \(SlotType.abbreviated(typeName)), where \(typed) is not a standard type; write \(meant) in its \"type\"")
        }
        do throws(TypeCheckFailure) {
            try type.check(value, reference: nil)
            // In the canonical form `set` and the app write, so an equal value is "unchanged".
            return ImportEntry(key: key, type: typeName, value: try type.storedValue(for: value))
        } catch {
            throw AdminError(.typeMismatch, path: path, "the import file's \(entryLabel) is \(typeName): \(error); nothing was imported.")
        }
    }
}
