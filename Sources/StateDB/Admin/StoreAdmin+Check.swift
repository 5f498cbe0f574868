/// What `StoreAdmin.check` found.
@_spi(Admin) public struct CheckReport: Sendable {
    /// A schema migration recorded in the store, compared with this build's file.
    public struct Migration: Sendable {
        public let version: Int
        public let name: String
        public let checksum: String
        /// True when the recorded checksum equals this build's file.
        public let matches: Bool
    }

    /// A slot whose row is not what the library writes.
    public struct Problem: Sendable {
        public let key: String
        public let message: String
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public let integrity: [String]
    public let schemaVersion: Int
    public let migrations: [Migration]
    public let slotCount: Int
    public let problems: [Problem]
    /// Values set aside because they did not decode as their slot's type (not a fault of
    /// the file: listed so they can be restored or dropped).
    public let quarantined: [QuarantinedValue]

    /// No damage, matching migrations, and every value readable as its type.
    public var isHealthy: Bool {
        integrity == ["ok"] && migrations.allSatisfy(\.matches) && problems.isEmpty
    }
}

extension StoreAdmin {
    /// Checks the file (`PRAGMA integrity_check`), the schema migrations' checksums, and that
    /// every value reads as its encoding, is valid JSON where it should be, fits its
    /// declared standard type, and sits under the identity and property its key names.
    public func check() throws -> CheckReport {
        try read("checking the store") { connection in
            var integrity: [String] = []
            let pragma = try connection.prepare("PRAGMA integrity_check")
            while try pragma.step() { integrity.append(pragma.string(at: 0)) }

            var migrations: [CheckReport.Migration] = []
            let applied = try connection.prepare("SELECT version, name, checksum FROM statedb_schema_migrations ORDER BY version")
            while try applied.step() {
                let version = Int(applied.int64(at: 0))
                let checksum = applied.string(at: 2)
                let known = SchemaMigration.all.first { $0.version == version }
                migrations.append(.init(version: version, name: applied.string(at: 1), checksum: checksum, matches: known?.checksum == checksum))
            }

            let rows = try loadRows(connection)
            var problems: [CheckReport.Problem] = []
            for row in rows {
                if let problem = self.problem(in: AdminSlot(row)) { problems.append(.init(key: row.key, message: problem)) }
            }
            return CheckReport(integrity: integrity, schemaVersion: Int(try connection.pragmaInteger("user_version")),
                               migrations: migrations, slotCount: rows.count, problems: problems,
                               quarantined: try loadQuarantine(connection))
        }
    }

    private func problem(in slot: AdminSlot) -> String? {
        let split = SlotKey(slot.key)
        if split.identity != slot.identity || split.property != slot.property {
            return "identity \(JSONValue.quoted(slot.identity)) and property \(JSONValue.quoted(slot.property)) do not match the key"
        }
        guard let value = slot.value else { return slot.problem ?? "the value cannot be read" }
        let type = slot.slotType
        guard type.isStandard else { return nil }
        do throws(TypeCheckFailure) {
            try type.check(value, reference: nil)
        } catch {
            return "the stored \(slot.encoding) value does not fit \(slot.type): \(error)"
        }
        // The library reads standard types from one encoding only (and numbers from integers).
        let expected = type.storedValue(for: value).encoding
        if expected != slot.encoding && !(expected == "real" && slot.encoding == "integer") {
            return "stored with encoding '\(slot.encoding)', but \(slot.type) is read from '\(expected)'; `statedb set` it again to fix it"
        }
        return nil
    }
}
