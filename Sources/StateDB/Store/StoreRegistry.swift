import Foundation

/// Every open file store, so a normal process exit can commit what they hold in memory.
final class StoreRegistry: Sendable {
    static let shared = StoreRegistry()

    private struct State {
        var stores: [ObjectIdentifier: WeakStore] = [:]
        var installedExitHook = false
    }
    private let state = Locked(State())

    private struct WeakStore { weak var store: StateStore? }

    func register(_ store: StateStore) {
        state.withLock { state in
            state.stores = state.stores.filter { $0.value.store != nil }  // stores dropped without close()
            state.stores[ObjectIdentifier(store)] = WeakStore(store: store)
            if !state.installedExitHook {
                state.installedExitHook = true
                atexit { StoreRegistry.shared.flushAll() }
            }
        }
    }

    func unregister(_ store: StateStore) {
        state.withLock { _ = $0.stores.removeValue(forKey: ObjectIdentifier(store)) }
    }

    /// Commits every open store; failures are reported through each store's diagnostics.
    func flushAll() {
        let open = state.withLock { $0.stores.values.compactMap(\.store) }
        for store in open {
            do {
                try store.flush()
            } catch {
                store.report(StateDiagnostic(kind: .flushFailed, key: nil, message: "could not commit at exit: \(error)"))
            }
        }
    }
}
