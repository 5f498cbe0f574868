@_spi(Admin) import StateDB
import Foundation

/// What `migrate up` says about each state migration it applied: its summary and how many
/// slots it changed, as the store tells once the migrations' transaction committed. A
/// migration that changed nothing is pointed out: it is recorded as applied all the same, and
/// an operator whose pattern matched nothing (`Big/Row` where the keys say `Big/Row[id: 7]`)
/// must hear it now, not find the slots unchanged later.
///
/// Guarded by an `NSLock`, which the thread sanitizer sees (a `Mutex`'s futex it does not).
final class AppliedStateMigrations: @unchecked Sendable {
    private let lock = NSLock()
    private var changedSlots: [String: Int] = [:]

    /// For `stateMigrationApplied:`.
    func record(_ name: String, _ changed: Int) {
        lock.withLock { changedSlots[name] = changed }
    }

    /// One line per applied migration of `migrations`.
    func lines(_ migrations: [StateMigration]) -> [String] {
        let counts = lock.withLock { changedSlots }
        return migrations.map { migration in
            let head = "applied state migration \(printable(migration.name)): \(printable(migration.summary))"
            switch counts[migration.name] {
            case nil: return head
            case 0: return head + " (changed no slot: nothing matched it. It is recorded as applied and will not run again; if its pattern was wrong, fix it and apply it under a new name)"
            case 1: return head + " (1 slot changed)"
            case let count?: return head + " (\(count) slots changed)"
            }
        }
    }
}
