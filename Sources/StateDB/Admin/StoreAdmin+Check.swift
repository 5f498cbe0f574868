import CSQLite
import Foundation

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

    /// A row or tombstone stamped with a version above the store's clock. A running app reads
    /// what changed as "version above the tick I saw", so such a row is read again at every
    /// update until the clock passes it.
    public struct AheadOfClock: Sendable {
        /// `slots` or `slot_tombstones`.
        public let table: String
        public let key: String
        public let version: Int64
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public let integrity: [String]
    public let schemaVersion: Int
    /// The last schema migration the store records, when it is above `schemaVersion` (the
    /// `user_version`, set back by hand); nil when they agree.
    public internal(set) var userVersionSetBackFrom: Int? = nil
    public let migrations: [Migration]
    /// How the tables, indexes and triggers differ from what this build's migrations create
    /// for `schemaVersion`: missing, changed and extra objects.
    public let schemaDifferences: [SchemaDifference]
    /// The clock's tick; nil when it cannot be read.
    public let clockTick: Int64?
    /// What is wrong with `statedb_clock`, if anything.
    public let clockProblem: String?
    /// Rows and tombstones above the clock (only when the clock could be read).
    public let aheadOfClock: [AheadOfClock]
    /// The number of slots read; all of them unless `unreadable` says why not.
    public let slotCount: Int
    public let problems: [Problem]
    /// Why not every row (of `slots` or `quarantine`) could be read, nil when all were.
    public let unreadable: String?
    /// Values set aside because they did not decode as their slot's type (not a fault of
    /// the file: listed so they can be restored or dropped).
    public let quarantined: [QuarantinedValue]

    /// What is wrong with `schemaVersion`, when it was set back below the recorded migrations.
    public var schemaVersionProblem: String? {
        userVersionSetBackFrom.map { StoreFile.userVersionSetBack(schemaVersion, recorded: $0) }
    }

    /// No damage, the schema as the migrations define it, a sound clock, and every value
    /// readable as its type.
    public var isHealthy: Bool {
        !isDamaged && userVersionSetBackFrom == nil && migrations.allSatisfy(\.matches) && schemaDifferences.isEmpty && aheadOfClock.isEmpty && problems.isEmpty
    }

    /// Damage that `statedb recover` is for: unreadable pages, missing or changed schema
    /// objects, a clock without its row.
    public var isDamaged: Bool {
        integrity != ["ok"] || unreadable != nil || clockProblem != nil || schemaDifferences.contains { $0.kind != .extra }
    }
}

extension StoreAdmin {
    /// Checks the file (`PRAGMA integrity_check`), the schema migrations' checksums, the schema
    /// objects against what the migrations create, the clock and the rows stamped above it,
    /// and that every value reads as its encoding, is valid JSON where it should be, fits its
    /// declared standard type, and sits under the identity and property its key names.
    ///
    /// What cannot be read is reported, not thrown: open the store with `toleratingDamage` to
    /// check a damaged one.
    ///
    /// The integrity check runs on a second, read-only connection on a thread of its own, while
    /// the rest reads one snapshot on the store's connection (see `IntegrityCheckAlongside`).
    /// - Parameter progress: called with the number of slots read so far, after each one.
    public func check(progress: ((Int) -> Void)? = nil) throws -> CheckReport {
        guard let sqlite else { return try postgresCheck(progress: progress) }
        let truncation = StoreFile.truncation(path)
        return try sqlite.store.withStoreFile("checking the store") { connection, openedFile in
            // The file's integrity is checked on a connection of its own, alongside the rest.
            let integrity = IntegrityCheckAlongside(path: path, file: openedFile, readsTruncatedFile: truncation != nil)
            defer { integrity.wait() }
            // The rest in one read transaction, so that it is one snapshot; ended by ROLLBACK, as
            // there is nothing to commit and SQLite refuses to COMMIT after meeting damage.
            try connection.execute("BEGIN")
            defer { try? connection.execute("ROLLBACK") }
            let schemaVersion = Int(try connection.pragmaInteger(.userVersion))
            var unreadable: [String] = []
            func attempt<T>(_ what: String, _ body: () throws -> T) -> T? {
                do {
                    return try body()
                } catch {
                    unreadable.append("\(what): \((error as? SQLiteError)?.message ?? "\(error)")")
                    return nil
                }
            }

            var migrations: [CheckReport.Migration] = []
            _ = attempt("statedb_schema_migrations") {
                let applied = try connection.prepare("SELECT version, name, checksum FROM statedb_schema_migrations ORDER BY version")
                while try applied.step() {
                    let version = Int(applied.int64(at: 0))
                    let checksum = applied.string(at: 2)
                    let known = SchemaMigration.all.first { $0.version == version }
                    migrations.append(.init(version: version, name: applied.string(at: 1), checksum: checksum, matches: known?.checksum == checksum))
                }
            }
            // A user_version set back below the recorded migrations: the schema is compared with
            // what the recorded ones create.
            let recorded = migrations.map(\.version).max() ?? 0
            let setBackFrom = recorded > schemaVersion ? recorded : nil
            let differences = attempt("sqlite_schema") { try SchemaVerification.differences(connection, version: setBackFrom ?? schemaVersion) } ?? []
            var clockProblem: String?
            do {
                clockProblem = try SchemaVerification.clockProblem(connection)
            } catch {
                clockProblem = "statedb_clock cannot be read (\((error as? SQLiteError)?.message ?? "\(error)"))"
            }
            var tick = clockProblem == nil ? attempt("statedb_clock") { try StoreClock.current(on: connection) } : nil
            if tick == Int64.max {
                // A clock that takes no more commits (see `StoreClock.advance`): a problem, not a tick.
                clockProblem = StoreClock.exhausted
                tick = nil
            }
            let ahead = tick.flatMap { tick in attempt("rows above the clock") { try aheadOfClock(tick, connection) } } ?? []

            // Rows are read from the table itself (NOT INDEXED), one by one: a damaged index
            // must not hide the rows, and rows read before a damaged page still count.
            // `identity` and `property` as stored, to compare with the key's parts (a
            // `StoredRow` has only the key's).
            // Each row is checked as it is read and only its problems are kept, so a million
            // rows are never all in memory.
            var slotCount = 0
            var problems: [CheckReport.Problem] = []
            _ = attempt("slots") {
                let statement = try connection.prepare(
                    "SELECT key, type, encoding, value, seen_at, version, created_at, updated_at, identity, property FROM slots NOT INDEXED")
                var texts = RepeatedTexts()
                var types = SlotTypeCache()
                while try statement.step() {
                    let row = StoredRow(checkingUTF8: statement, texts: &texts)
                    slotCount += 1
                    progress?(slotCount)
                    if let problem = self.problem(in: row, statement, types: &types) {
                        problems.append(.init(key: row.key, message: problem))
                    }
                }
            }
            let quarantined = attempt("quarantine") { try SQLiteAdminRows(connection).quarantine(id: nil) } ?? []
            problems += Self.keyProblems(of: quarantined)
            problems.sort { $0.key < $1.key }
            var fileProblems: [String]
            do {
                fileProblems = try integrity.problems()
            } catch is IntegrityCheckAlongside.Unavailable {
                fileProblems = try IntegrityCheck.problems(on: connection)
            }
            // SQLite names the pages past the end one by one; this says what happened.
            if let truncation { fileProblems.insert("the file is " + truncation, at: 0) }
            return CheckReport(integrity: fileProblems.isEmpty ? ["ok"] : fileProblems, schemaVersion: schemaVersion,
                               userVersionSetBackFrom: setBackFrom, migrations: migrations, schemaDifferences: differences, clockTick: tick, clockProblem: clockProblem,
                               aheadOfClock: ahead, slotCount: slotCount, problems: problems,
                               unreadable: unreadable.isEmpty ? nil : unreadable.joined(separator: "; "), quarantined: quarantined)
        }
    }

    private func aheadOfClock(_ tick: Int64, _ connection: SQLiteConnection) throws -> [CheckReport.AheadOfClock] {
        var found: [CheckReport.AheadOfClock] = []
        let slots = try connection.prepare("SELECT key, version FROM slots NOT INDEXED WHERE version > ?1 ORDER BY key")
        slots.bind(tick, at: 1)
        while try slots.step() { found.append(.init(table: "slots", key: slots.string(at: 0), version: slots.int64(at: 1))) }
        let tombstones = try connection.prepare("SELECT key, version FROM slot_tombstones NOT INDEXED WHERE version > ?1 ORDER BY key")
        tombstones.bind(tick, at: 1)
        while try tombstones.step() { found.append(.init(table: "slot_tombstones", key: tombstones.string(at: 0), version: tombstones.int64(at: 1))) }
        return found
    }

    /// Whether a value read as `stored` always fits `type` and has the encoding the library
    /// reads it from, whatever it holds.
    private static func fitsByConstruction(type: String, _ stored: StoredValue) -> Bool {
        switch stored {
        case .integer: type == "Swift.Int" || type == "Swift.Int64" || type == "Swift.Double"
        case .text: type == "Swift.String"
        case .bool: type == "Swift.Bool"
        case .real(let number): type == "Swift.Double" && number.isFinite
        default: false
        }
    }

    /// What is wrong with the row `statement` is on (which has the stored `identity` and
    /// `property` in columns 8 and 9), or nil.
    private func problem(in row: StoredRow, _ statement: SQLiteStatement, types: inout SlotTypeCache) -> String? {
        // A key that is not UTF-8 first: its identity and property cannot match it either, and
        // its message says how to delete the row, which the commands that stop on it point to.
        if case .failure(let keyProblem) = row.value, keyProblem.keyIsNotUTF8 { return keyProblem.message }
        // The key's parts are compared with the stored ones as bytes, without making strings.
        let key = Array(row.key.utf8)
        let split = key.lastIndex(of: UInt8(ascii: "/")).map { ($0, $0 + 1) } ?? (0, 0)
        if !statement.textEquals(at: 8, key[..<split.0]) || !statement.textEquals(at: 9, key[split.1...]) {
            let storedIdentity = statement.string(at: 8), storedProperty = statement.string(at: 9)
            let slot = SlotKey(row.key)
            if slot.identity != storedIdentity || slot.property != storedProperty {
                return "identity \(JSONValue.quoted(storedIdentity)) and property \(JSONValue.quoted(storedProperty)) do not match the key"
            }
        }
        return valueProblem(in: row, types: &types)
    }

    /// The quarantined values whose key is not UTF-8 (`keyProblem`): restored, each would be
    /// written over the slot its key reads as, so `restore` refuses it and `check` lists it.
    static func keyProblems(of quarantined: [QuarantinedValue]) -> [CheckReport.Problem] {
        quarantined.compactMap { entry in
            entry.keyProblem.map {
                .init(key: entry.key, message: "quarantined value \(entry.id): \($0), so it names no slot it could be restored to; `statedb quarantine drop` it")
            }
        }
    }

    /// What is wrong with a row's value, or nil: it must read as its encoding, be JSON where
    /// it should be, and fit its declared standard type in the encoding the library reads.
    func valueProblem(in row: StoredRow, types: inout SlotTypeCache) -> String? {
        // The commonest rows, a value of its type's own native encoding that read as it
        // (an Int as an integer, a String as text), fit by construction: no JSON to make.
        if case .success(let stored) = row.value, Self.fitsByConstruction(type: row.type, stored) { return nil }
        let slot = AdminSlot(row)
        return valueProblem(type: slot.type, encoding: slot.encoding, value: slot.value, problem: slot.problem, types: &types)
    }

    /// What is wrong with a value of `typeName` read as `encoding` (`value`, or nil and why not),
    /// or nil: a slot's, or a quarantined value's that `quarantine restore` would put back.
    func valueProblem(type typeName: String, encoding: String, value: JSONValue?, problem: String?, types: inout SlotTypeCache) -> String? {
        guard let value else { return problem ?? "the value cannot be read" }
        let slot = (type: typeName, encoding: encoding)
        let type = types.type(slot.type)
        guard type.isStandard else { return nil }
        do throws(TypeCheckFailure) {
            try type.check(value, reference: nil)
        } catch {
            return "the stored \(slot.encoding) value does not fit \(slot.type): \(error)"
        }
        // The library reads standard types from one encoding only (and numbers from integers).
        guard let expected = try? type.storedValue(for: value).encoding else { return nil }
        if expected != slot.encoding && !(expected == "real" && slot.encoding == "integer")
            && !(type.isDateOrOptionalDate && Self.isOldDateForm(encoding: slot.encoding, value)) {
            return "stored with encoding '\(slot.encoding)', but \(slot.type) is read from '\(expected)'; `statedb set` it again to fix it"
        }
        return nil
    }
}

extension StoreAdmin {
    /// A date as schema versions before 6 stored it, seconds since 2001 as a number: a JSON
    /// number (`'817840372.44'`, encoding `json`, what the library wrote), or a `real` or
    /// `integer` (a hand edit). The library reads it forever; a value quarantined before
    /// version 6 is in it, and `quarantine restore` puts it back as it is.
    static func isOldDateForm(encoding: String, _ value: JSONValue) -> Bool {
        switch encoding {
        case "real", "integer": true
        case "json": if case .number = value { true } else { false }
        default: false
        }
    }
}

extension SlotType {
    /// A `Date`, `Date?`, `Date??`…: the types whose older stores hold a number of seconds since
    /// 2001, which the library still reads (schema migration 6 rewrites them as ISO 8601 text).
    var isDateOrOptionalDate: Bool {
        switch self {
        case .date: true
        case .optional(let wrapped): wrapped.isDateOrOptionalDate
        default: false
        }
    }
}

extension SQLiteStatement {
    /// Whether the text in column `index` is exactly `bytes`, read without making a string.
    func textEquals(at index: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count == bytes.count else { return false }
        guard count > 0, let text = sqlite3_column_text(handle, index) else { return count == 0 }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, text, count) == 0 }
    }
}
