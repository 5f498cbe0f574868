import CSQLite
import StateDB

/// `hydrate_vs_sqlite`: opening an existing store and mounting a tree of `rows` views with
/// two persisted slots each (an `Int` and a `String`), against a raw SELECT of the same
/// rows from the same file, decoded into a dictionary.
@MainActor
public final class HydrateScenario {
    public let rows: Int
    private let scratch: ScratchDirectory
    private let path: String

    /// Writes the store the rounds hydrate from.
    public init(rows: Int) throws {
        self.rows = rows
        scratch = try ScratchDirectory()
        path = scratch.file("hydrate.sqlite")
        let store = try StateStore(path: path)
        _ = ViewHost(root: HydrateRoot(rows: rows, seed: true), store: store)
        store.close()
    }

    /// Opens the store and mounts the tree; returns the seconds taken and the host (kept
    /// alive until the clock stopped, so tearing down is not measured).
    public func runStatedb() throws -> (seconds: Double, host: ViewHost) {
        var host: ViewHost?
        let seconds = try Stopwatch.time {
            let store = try StateStore(path: path)
            host = ViewHost(root: HydrateRoot(rows: rows, seed: false), store: store)
        }
        host!.store.close()
        return (seconds, host!)
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
        let seconds = Stopwatch.time {
            let database = RawDatabase(path: path)
            let select = database.prepare("SELECT key, value FROM slots")
            var read: [String: Value] = [:]
            while select.step() {
                let key = String(cString: sqlite3_column_text(select.handle, 0))
                switch sqlite3_column_type(select.handle, 1) {
                case SQLITE_INTEGER: read[key] = .integer(sqlite3_column_int64(select.handle, 1))
                default:
                    let bytes = sqlite3_column_text(select.handle, 1)!
                    let count = Int(sqlite3_column_bytes(select.handle, 1))
                    read[key] = .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
                }
            }
            values = read
        }
        return (seconds, values.count)
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
