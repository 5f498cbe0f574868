import Foundation

/// Every open file store, so a normal process exit can commit what they hold in memory.
final class StoreRegistry: Sendable {
    static let shared = StoreRegistry()

    private struct State {
        /// A list, not a dictionary by `ObjectIdentifier`: a process holds a few stores, and a
        /// dictionary's first use made the runtime look its key's `Hashable` up among every
        /// conformance of the static `statedb` binary (~0.35 M instructions of a `statedb get`).
        var stores: [WeakStore] = []
        var installedExitHook = false
    }
    private let state = Locked(State())

    private struct WeakStore { weak var store: StateStore? }

    func register(_ store: StateStore) {
        state.withLock { state in
            state.stores.removeAll { $0.store == nil }  // stores dropped without close()
            state.stores.append(WeakStore(store: store))
            if !state.installedExitHook {
                state.installedExitHook = true
                atexit { StoreRegistry.shared.flushAll() }
            }
        }
    }

    func unregister(_ store: StateStore) {
        state.withLock { $0.stores.removeAll { $0.store == nil || $0.store === store } }
    }

    /// Commits every open store; failures are reported through each store's diagnostics.
    func flushAll() {
        let open = state.withLock { $0.stores.compactMap(\.store) }
        for store in open {
            do {
                try store.flush()
            } catch {
                store.report(StateDiagnostic(kind: .flushFailed, key: nil, message: "could not commit at exit: \(error)"))
            }
        }
    }
}
