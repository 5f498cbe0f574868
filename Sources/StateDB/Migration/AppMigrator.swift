/// Applies the app's registered `StateMigration`s when a store opens, on either backend
/// (`MigrationDatabase`).
struct AppMigrator {
    let database: any MigrationDatabase
    let path: String
    let migrations: [StateMigration]
    let unknownPolicy: StateStore.UnknownMigrationPolicy
    let report: (StateDiagnostic) -> Void
    /// Told, once the transaction committed, each migration it applied and how many slots
    /// that migration changed (`MigrationSlots.takeChangedSlotCount()`).
    var applied: StateMigration.Applied?

    /// What the store has applied and what this list would still apply.
    struct Status {
        var applied: [(name: String, appliedAt: Int64)] = []
        var pending: [StateMigration] = []
        /// Applied names this list does not have (a newer build migrated the store).
        var unknown: [String] = []
        /// Applied names the app recorded (an operator's file migrations are recorded apart).
        var appliedByTheApp: Set<String> = []
    }

    func status() throws -> Status {
        var status = Status()
        var operatorApplied = Set<String>()
        for record in try database.appliedMigrations() {
            status.applied.append((record.name, record.appliedAt))
            if record.position < 0 { operatorApplied.insert(record.name) } else { status.appliedByTheApp.insert(record.name) }
        }
        let appliedNames = Set(status.applied.map(\.name))
        let known = Set(migrations.map(\.name))
        // Operators' file migrations (position -1) are not expected in the app's list.
        status.unknown = status.applied.map(\.name).filter { !known.contains($0) && !operatorApplied.contains($0) }
        status.pending = migrations.filter { !appliedNames.contains($0.name) }
        return status
    }

    /// Checks the list against the store and applies what is pending, all in one transaction.
    ///
    /// `readOnly` (a store opened with `Options.readOnly`) checks the same and applies
    /// nothing: a newer build's store is refused as always, and one with migrations of this
    /// list still pending too, as its values would be read as this build's types before the
    /// migrations that convert them ran.
    func run(readOnly: Bool = false) throws {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw StateStoreError(.migrationFailed, path: path, "two registered state migrations are named '\(migration.name)'; give each a unique name.")
        }
        let status = try status()
        if let clash = Self.clash(migrations, appliedByTheApp: status.appliedByTheApp, path: path) { throw clash }
        if !status.unknown.isEmpty {
            let names = status.unknown.map { "'\($0)'" }.joined(separator: ", ")
            switch unknownPolicy {
            case .refuse:
                throw StateStoreError(.newerSchema, path: path, "the store was migrated by a newer build of the app (unknown state migrations \(names)); refusing to open it so no value is misread. Use the newer app, or open with unknownAppMigrations: .report. If this build renamed or dropped a migration the store had applied, put it back in the list under its old name: names are what is recorded.")
            case .report:
                report(StateDiagnostic(kind: .externalChange, key: nil, message: "the store was migrated by a newer build of the app (unknown state migrations \(names)); values it changed may be quarantined."))
            case .ignore:
                break
            }
        }
        guard !status.pending.isEmpty else { return }
        if readOnly {
            let names = status.pending.map { "'\($0.name)'" }.joined(separator: ", ")
            throw StateStoreError(.migrationRequired, path: path, "the app's state migrations \(names) are pending, and a read-only open cannot apply them (its values would be read before they are converted); nothing was written. Open the store writable once, so that they run, then read-only.")
        }
        if let misplaced = Self.misplaced(migrations, appliedNames: Set(status.applied.map(\.name)), path: path) { throw misplaced }
        var changes: [(name: String, changedSlots: Int)] = []
        do {
            try database.migrationTransaction { tick in
                changes = []  // a transaction retried after a reconnect starts over
                let slots = MigrationSlots(database: database, path: path, tick: tick)
                for migration in status.pending {
                    do {
                        try migration.body(slots)
                    } catch {
                        throw MigrationFailure(name: migration.name, underlying: error)
                    }
                    let position = migration.isFromFile ? -1 : migrations.firstIndex { $0.name == migration.name }!
                    try database.recordMigration(AppMigrationRecord(name: migration.name, position: Int64(position), appliedAt: slots.now))
                    changes.append((migration.name, slots.takeChangedSlotCount()))
                }
            }
            for change in changes { applied?(change.name, change.changedSlots) }
        } catch let failure as MigrationFailure {
            var reason = (failure.underlying as? StateStoreError)?.message ?? "\(failure.underlying)"
            if reason.hasSuffix(".") { reason.removeLast() }  // the sentence goes on
            throw StateStoreError(.migrationFailed, path: path, "state migration '\(failure.name)' failed: \(reason); none of the state migrations was applied (schema migrations run before them and stay applied).")
        }
    }

    /// The refusal of a list whose pending migration comes before an applied one: it would run
    /// after it, in another order than the list says. For the app's list and an operator's
    /// files alike (`migrate up --app` gives only files' migrations, in the order of the files
    /// and of their entries).
    static func misplaced(_ migrations: [StateMigration], appliedNames: Set<String>, path: String) -> StateStoreError? {
        guard let lastApplied = migrations.lastIndex(where: { appliedNames.contains($0.name) }),
              let misplaced = migrations[..<lastApplied].first(where: { !appliedNames.contains($0.name) }) else { return nil }
        let applied = migrations[lastApplied].name
        if misplaced.isFromFile {
            return StateStoreError(.migrationFailed, path: path, "state migration '\(misplaced.name)' comes before '\(applied)' in the migration files given, which is already applied; put new migrations after the applied ones (or in a file given after theirs). Nothing was written.")
        }
        return StateStoreError(.migrationFailed, path: path, "state migration '\(misplaced.name)' is registered before '\(applied)', which is already applied; append new migrations at the end of the list.")
    }

    /// The refusal of an operator's file migration named like one the app applied: it would
    /// count as applied and never run.
    static func clash(_ migrations: [StateMigration], appliedByTheApp: Set<String>, path: String) -> StateStoreError? {
        guard let clash = migrations.first(where: { $0.isFromFile && appliedByTheApp.contains($0.name) }) else { return nil }
        return StateStoreError(.migrationFailed, path: path, "the migration files name a migration '\(clash.name)', which is the name of one of the app's own migrations, applied already; the file's would count as applied and never run. Give it another name. Nothing was written.")
    }

    private struct MigrationFailure: Error {
        let name: String
        let underlying: Error
    }
}

extension StateStore {
    /// What to do when the store records state migrations the app does not register (a newer
    /// build of the app migrated it).
    public enum UnknownMigrationPolicy: Sendable {
        /// Refuse to open the store (`StateStoreError(.newerSchema)`). The default.
        case refuse
        /// Open it and report a diagnostic.
        case report
        /// Open it silently: for tools that apply only an operator's migration files and
        /// cannot know the app's own list (`statedb migrate up --app`).
        case ignore
    }
}
