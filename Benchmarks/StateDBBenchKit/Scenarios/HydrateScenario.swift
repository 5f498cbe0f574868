import CSQLite
import Foundation
import StateDB

/// `hydrate_vs_sqlite`: opening an existing store and mounting a tree of `rows` views with
/// two persisted slots each (an `Int` and a `String`), against a raw SELECT of the same
/// rows from the same file, decoded into a dictionary.
@MainActor
public final class HydrateScenario {
    public let rows: Int
    private let scratch: ScratchDirectory
    let path: String
    /// A row view's identity up to its id: `identityPrefix + "7]"` is row 7's (read from the
    /// seeded file, for the minimal-graph floor to look its slots up by key as the store does).
    let identityPrefix: String

    /// Writes the store the rounds hydrate from.
    public init(rows: Int) throws {
        self.rows = rows
        scratch = try ScratchDirectory()
        path = scratch.file("hydrate.sqlite")
        let store = try StateStore(path: path)
        _ = ViewHost(root: HydrateRoot(rows: rows, seed: true), store: store)
        store.close()
        let database = RawDatabase(path: path)
        let first = database.prepare("SELECT identity FROM slots WHERE property = 'count' AND value = 0")
        guard first.step() else { fatalError("statedb-bench: the seeded store has no row 0") }
        let identity = String(cString: sqlite3_column_text(first.handle, 0))
        guard identity.hasSuffix("0]") else { fatalError("statedb-bench: unexpected row identity \(identity)") }
        identityPrefix = String(identity.dropLast(2))
    }

    /// Opens the store and mounts the tree; returns the seconds taken and the host (kept
    /// alive until the clock stopped, so tearing down is not measured).
    public func runStatedb() throws -> (seconds: Double, host: ViewHost) {
        var host: ViewHost?
        let seconds = try Stopwatch.time {
            let store = try StateStore(path: path)
            host = ViewHost(root: HydrateRoot(rows: rows, seed: false), store: store)
            try store.flush()
        }
        host!.store.close()
        return (seconds, host!)
    }

    /// Opens the store alone (loading its rows), for `--profile hydrate-open`; returns the
    /// seconds taken.
    public func runOpen() throws -> Double {
        var store: StateStore?
        let seconds = try Stopwatch.time { store = try StateStore(path: path) }
        store!.close()
        return seconds
    }

    /// `inmemory_mount_vs_hydrate`'s numerator: the same tree mounted on
    /// `StateStore.inMemory()`, starting from the values the file holds (the seed), flushed.
    public func runInMemory() throws -> (seconds: Double, host: ViewHost) {
        var host: ViewHost?
        let seconds = try Stopwatch.time {
            let store = StateStore.inMemory()
            host = ViewHost(root: HydrateRoot(rows: rows, seed: true), store: store)
            try store.flush()
        }
        return (seconds, host!)
    }

    /// `bytes_per_mounted_slot`: the memory the open store and the mounted tree hold (resident
    /// set after the mount minus before the open, freed heap given back before each reading), divided by the
    /// tree's slots. It counts everything a launched app pays for its hydrated state: the
    /// store's index and cells, the views' nodes and slot locations, SQLite's page cache
    /// (~2 MB, ~20 B a slot at 100,000 slots).
    public func bytesPerMountedSlot() throws -> Double {
        releaseFreedMemory()
        let before = residentBytes()
        let store = try StateStore(path: path)
        let host = ViewHost(root: HydrateRoot(rows: rows, seed: false), store: store)
        // What the open read and the mount freed (rows turned into cells) goes back first, so
        // the figure is what the mounted state holds, not the heap's free pages.
        releaseFreedMemory()
        let after = residentBytes()
        withExtendedLifetime(host) {}
        store.close()
        return Double(after - before) / Double(rows * 2)
    }

    /// What the floor reads into memory: every row's key and value.
    enum Value {
        case integer(Int64)
        case text(String)
    }

    /// Opens the file and reads every slot's key and value into a dictionary; returns the
    /// seconds taken and how many values were read.
    public func runFloor() -> (seconds: Double, count: Int) {
        var values: [String: Value] = [:]
        let seconds = Stopwatch.time { values = readAllValues() }
        return (seconds, values.count)
    }

    /// `hydrate_vs_minimal_graph`'s floor: the first floor's rows plus a minimal hand-written
    /// view graph over them (`MinimalGraphFloor.swift`).
    public func runMinimalGraph() -> (seconds: Double, rowNodes: Int) {
        let (seconds, root) = runMinimalGraphFloor(identityPrefix: identityPrefix)
        return (seconds, root.children.count)
    }
}

struct HydrateRoot: View {
    let rows: Int
    let seed: Bool
    var body: some View {
        VStack {
            ForEach(0..<rows) { HydrateRow(id: $0, seed: seed) }
        }
    }
}

/// A row with two persisted slots, both read by its body. `seed` only chooses the initial
/// values, which a hydrated row ignores.
struct HydrateRow: View {
    @State var count: Int
    @State var title: String

    init(id: Int, seed: Bool) {
        _count = State(initialValue: seed ? id : 0)
        _title = State(initialValue: seed ? "row \(id)" : "")
    }

    var body: some View {
        Text("\(title): \(count)")
    }
}
