import Foundation

/// Every open file store, so a normal process exit can commit what they hold in memory.
final class StoreRegistry: @unchecked Sendable {
    static let shared = StoreRegistry()

    private let lock = NSLock()
    private var stores: [ObjectIdentifier: WeakStore] = [:]
    private var installedExitHook = false

    private struct WeakStore { weak var store: StateStore? }

    func register(_ store: StateStore) {
        lock.withLock {
            stores = stores.filter { $0.value.store != nil }  // stores dropped without close()
            stores[ObjectIdentifier(store)] = WeakStore(store: store)
            if !installedExitHook {
                installedExitHook = true
                atexit { StoreRegistry.shared.flushAll() }
            }
        }
    }

    func unregister(_ store: StateStore) {
        lock.withLock { _ = stores.removeValue(forKey: ObjectIdentifier(store)) }
    }

    /// Commits every open store; failures are reported through each store's diagnostics.
    func flushAll() {
        let open = lock.withLock { stores.values.compactMap(\.store) }
        for store in open {
            do {
                try store.flush()
            } catch {
                store.report(StateDiagnostic(kind: .flushFailed, key: nil, message: "could not commit at exit: \(error)"))
            }
        }
    }
}
