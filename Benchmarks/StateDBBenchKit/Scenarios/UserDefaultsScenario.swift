import Foundation
import StateDB

/// `vs_userdefaults`: `keys` writes of distinct keys and one `synchronize()` with
/// Foundation's `UserDefaults` (the `@AppStorage` backend on Linux), against the same through
/// `store.binding(for:default:)` and one `flush()`. Each round starts from an empty suite and
/// an empty store file; opening them is not measured.
@MainActor
public final class UserDefaultsScenario {
    public let keys: Int
    private let scratch: ScratchDirectory
    private var round = 0

    public init(keys: Int) throws {
        self.keys = keys
        scratch = try ScratchDirectory()
    }

    /// Warms both sides up without a full UserDefaults round (~16-30 s here, each from a new
    /// suite): statedb's side whole, UserDefaults with a hundred keys, enough to load and run
    /// its code once.
    public func warmUp() throws {
        _ = try runStatedb()
        _ = runUserDefaults(keys: 100)
    }

    /// Seconds for the writes and the `synchronize()`.
    public func runUserDefaults() -> Double { runUserDefaults(keys: keys) }

    private func runUserDefaults(keys: Int) -> Double {
        round += 1
        let suite = "statedb-bench-\(getpid())-\(round)"
        guard let defaults = UserDefaults(suiteName: suite) else { fatalError("statedb-bench: cannot open the UserDefaults suite \(suite)") }
        let names = (0..<keys).map { "key\($0)" }
        let seconds = Stopwatch.time {
            for index in 0..<keys { defaults.set(index + 1, forKey: names[index]) }
            defaults.synchronize()
        }
        guard defaults.integer(forKey: names[keys - 1]) == keys else { fatalError("statedb-bench: UserDefaults lost a write") }
        defaults.removePersistentDomain(forName: suite)
        return seconds
    }

    /// Seconds for the binding writes and the `flush()`.
    public func runStatedb() throws -> Double {
        round += 1
        let name = "defaults-\(round).sqlite"
        let store = try StateStore(path: scratch.file(name))
        let names = (0..<keys).map { "Defaults/key\($0)" }
        let seconds = try Stopwatch.time {
            for index in 0..<keys {
                try store.binding(for: names[index], default: 0).wrappedValue = index + 1
            }
            try store.flush()
        }
        store.close()
        scratch.removeDatabase(name)
        return seconds
    }
}
