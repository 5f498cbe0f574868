import Foundation
import StateDB

/// `write_vs_sqlite`: frames of writes through bindings, each frame ended by `update()`,
/// against the same transactions of the same UPSERTs of the same encoded values through the
/// C API (`SchemaFloor`).
///
/// The tree owns `slots` slots, half `Int` and half `BenchItem`, one per owner view. The
/// owners hand `$value` out (to the bench, standing in for controls) and do not read the
/// value in `body`, so `update()` re-runs no body: this measures the persistence path. With
/// `ownersRead` every owner reads its value, so each frame also re-runs `slots` bodies.
@MainActor
public final class WriteScenario {
    public let frames: Int
    public let writesPerFrame: Int
    public let slots: Int

    private let scratch: ScratchDirectory
    private let sink = BindingSink()
    private let store: StateStore
    private let host: ViewHost
    private let floor: SchemaFloor
    private let storeStatementsFloor: SchemaFloor
    private let keyValueFloor: KeyValueFloor
    private var serial = 0

    public init(frames: Int, writesPerFrame: Int, slots: Int, ownersRead: Bool = false) throws {
        precondition(slots >= 2 && slots % 2 == 0, "the write scenario needs an even number of slots")
        precondition(writesPerFrame >= slots && writesPerFrame % 2 == 0, "every frame writes every slot at least once, ints and items alternating")
        self.frames = frames
        self.writesPerFrame = writesPerFrame
        self.slots = slots
        scratch = try ScratchDirectory()
        store = try StateStore(path: scratch.file("write.sqlite"))
        host = ViewHost(root: WriteRoot(owners: slots / 2, sink: sink, ownersRead: ownersRead), store: store)
        precondition(sink.ints.count == slots / 2 && sink.items.count == slots / 2, "every owner handed out its binding")
        floor = SchemaFloor(path: scratch.file("write-floor.sqlite"))
        storeStatementsFloor = SchemaFloor(path: scratch.file("write-store-statements-floor.sqlite"), statements: .storeStatements)
        keyValueFloor = KeyValueFloor(path: scratch.file("write-kv-floor.sqlite"))
    }

    /// Runs `frames` frames through the store; returns the seconds taken. The values written
    /// are made beforehand, as the floor's are, so only statedb's work is timed.
    public func runStatedb() -> Double {
        let ints = (0..<slots / 2).map { sink.ints[$0]! }
        let items = (0..<slots / 2).map { sink.items[$0]! }
        let base = serial
        serial += frames * writesPerFrame
        let itemValues = (0..<frames * writesPerFrame / 2).map { BenchItem.serial(base + $0 * 2 + 1) }
        return Stopwatch.time {
            for frame in 0..<frames {
                for write in 0..<writesPerFrame {
                    let value = base + frame * writesPerFrame + write
                    let slot = write % slots
                    if slot % 2 == 0 {
                        ints[slot / 2].wrappedValue = value
                    } else {
                        items[slot / 2].wrappedValue = itemValues[(value - base) / 2]
                    }
                }
                host.update()
            }
        }
    }

    /// Runs the floor: per frame, one transaction of the store's UPSERT for every slot, with
    /// the value the store ends that frame with, encoded beforehand. Returns the seconds.
    public func runFloor() throws -> Double {
        try timeFrames(floor.commit)
    }

    /// The same frames with the row statements a statedb commit runs (for the table's
    /// information row: what statedb costs on top of its own SQL).
    public func runStoreStatementsFloor() throws -> Double {
        try timeFrames(storeStatementsFloor.commit)
    }

    /// The same frames into a plain `(key, value)` table (for the table's information row).
    public func runKeyValueFloor() throws -> Double {
        try timeFrames(keyValueFloor.commit)
    }

    /// The seconds `commit` takes for the next `frames` frames, made beforehand.
    private func timeFrames(_ commit: ([SchemaFloor.Row]) -> Void) throws -> Double {
        let rows = try floorRows()
        return Stopwatch.time {
            for frame in rows { commit(frame) }
        }
    }

    /// Every frame's rows for the next `frames` frames, as the store would write them.
    private func floorRows() throws -> [[SchemaFloor.Row]] {
        let base = serial
        serial += frames * writesPerFrame
        let intType = String(reflecting: Int.self)
        let itemType = String(reflecting: BenchItem.self)
        let keys = (0..<slots).map { slot in
            SlotKey(slot % 2 == 0 ? sink.ints[slot / 2]!.slotKey! : sink.items[slot / 2]!.slotKey!)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var frames: [[SchemaFloor.Row]] = []
        frames.reserveCapacity(self.frames)
        for frame in 0..<self.frames {
            var rows: [SchemaFloor.Row] = []
            for write in (writesPerFrame - slots)..<writesPerFrame {
                let value = base + frame * writesPerFrame + write
                let slot = write % slots
                let key = keys[slot]
                rows.append(slot % 2 == 0
                    ? SchemaFloor.Row(key: key.key, identity: key.identity, property: key.property, type: intType, value: .integer(Int64(value)))
                    : SchemaFloor.Row(key: key.key, identity: key.identity, property: key.property, type: itemType,
                                      value: .json(String(decoding: try encoder.encode(BenchItem.serial(value)), as: UTF8.self))))
            }
            frames.append(rows)  // in the order the store commits them: first written first
        }
        return frames
    }

    /// The store's SQL statement count (for the smoke test).
    public var sqlStatementCount: Int { store.sqlStatementCount }

    /// The value the store holds for int slot `index` (for the smoke test).
    public func intValue(_ index: Int) -> Int { sink.ints[index]!.wrappedValue }
}

/// Where owner views hand out their bindings.
@MainActor
final class BindingSink {
    var ints: [Int: Binding<Int>] = [:]
    var items: [Int: Binding<BenchItem>] = [:]
    func keep(_ binding: Binding<Int>, at index: Int) { ints[index] = binding }
    func keep(_ binding: Binding<BenchItem>, at index: Int) { items[index] = binding }
    func has(_ index: Int, _ type: Any.Type) -> Bool {
        type == Int.self ? ints[index] != nil : items[index] != nil
    }
}

/// What an owner shows of its value: cheap, so the bench measures statedb rather than string
/// formatting (interpolating a struct goes through reflection).
protocol BenchShowable {
    var shown: String { get }
}

extension Int: BenchShowable {
    var shown: String { String(self) }
}

extension BenchItem: BenchShowable {
    var shown: String { title }
}

struct WriteRoot: View {
    let owners: Int
    let sink: BindingSink
    let ownersRead: Bool
    var body: some View {
        VStack {
            ForEach(0..<owners) { Owner(index: $0, sink: sink, reads: ownersRead, value: 0) }
            ForEach(0..<owners) { Owner(index: $0, sink: sink, reads: ownersRead, value: BenchItem(title: "", done: false, count: 0)) }
        }
    }
}

/// Owns one slot. Generic, so both kinds share one segment name (`Owner`).
struct Owner<Value: Codable & Equatable & BenchShowable>: View {
    let index: Int
    let sink: BindingSink
    let reads: Bool
    @State var value: Value

    init(index: Int, sink: BindingSink, reads: Bool, value: Value) {
        self.index = index
        self.sink = sink
        self.reads = reads
        _value = State(initialValue: value)
    }

    var body: some View {
        let _ = sink.has(index, Value.self) ? () : hand($value)
        if reads {
            Text(value.shown)
        }
    }

    private func hand(_ binding: Binding<Value>) {
        if let binding = binding as? Binding<Int> { sink.keep(binding, at: index) }
        if let binding = binding as? Binding<BenchItem> { sink.keep(binding, at: index) }
    }
}
