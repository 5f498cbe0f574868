import StateDB

/// `update_scaling`: the cost of `update()` after one write, in trees of different sizes.
///
/// A tree of `views` views: `views / 2` leaf views, each owning two `@State` slots (an `Int`
/// and a `String`) that its body reads into one `Text`, so the tree holds `views` slots; the
/// leaves sit in sections of 100 under a `VStack` (the sections and `ForEach`es add about 1%
/// more views). One measurement writes one leaf's `Int` through its binding and times the
/// `update()` that follows (re-running that leaf, one commit of one row). The floor is the
/// SQLite work such an update cannot avoid: one transaction with the store's UPSERT of one row,
/// in a table of as many rows.
@MainActor
public final class UpdateScalingTree {
    public let views: Int
    public let host: ViewHost
    private let sink = LeafSink()
    private let floor: SchemaFloor
    private var serial = 0
    private let scratch: ScratchDirectory

    /// How many leaves keep a binding for the bench to write through.
    static let writableLeaves = 64
    static let leavesPerSection = 100

    var leaves: Int { views / 2 }

    public init(views: Int) throws {
        let leaves = views / 2
        precondition(views % 2 == 0 && (leaves <= Self.leavesPerSection || leaves % Self.leavesPerSection == 0),
                      "a tree is whole sections of \(Self.leavesPerSection) leaves, two views each")
        self.views = views
        scratch = try ScratchDirectory()
        let store = try StateStore(path: scratch.file("tree-\(views).sqlite"))
        let perSection = min(Self.leavesPerSection, leaves)
        let stride = max(1, leaves / Self.writableLeaves)
        host = ViewHost(root: ScalingRoot(sections: leaves / perSection, perSection: perSection, stride: stride, sink: sink), store: store)
        precondition(!sink.byLeaf.isEmpty, "the leaves handed out their bindings")

        floor = SchemaFloor(path: scratch.file("tree-\(views)-floor.sqlite"))
        // In chunks, so the floor's rows never sit in memory all at once (peak RSS is measured).
        for start in Swift.stride(from: 0, to: leaves, by: 1_000) {
            floor.commit((start..<min(start + 1_000, leaves)).flatMap { [Self.floorRow(leaf: $0, value: 0), Self.labelRow(leaf: $0)] })
        }
        for (leaf, binding) in sink.byLeaf {
            precondition(binding.slotKey == Self.floorRow(leaf: leaf, value: 0).key, "the floor's keys are the store's")
        }
    }

    private static func identity(leaf: Int) -> String {
        "ScalingRoot/VStack/ForEach/ScalingSection[id: \(leaf / leavesPerSection)]/ForEach/ScalingLeaf[id: \(leaf)]"
    }

    /// A leaf's `value` row as the store writes it.
    private static func floorRow(leaf: Int, value: Int) -> SchemaFloor.Row {
        let identity = identity(leaf: leaf)
        return SchemaFloor.Row(key: identity + "/value", identity: identity, property: "value", type: "Swift.Int", value: .integer(Int64(value)))
    }

    /// A leaf's `label` row (so the floor's table has as many rows as the store's).
    private static func labelRow(leaf: Int) -> SchemaFloor.Row {
        let identity = identity(leaf: leaf)
        return SchemaFloor.Row(key: identity + "/label", identity: identity, property: "label", type: "Swift.String", value: .text(""))
    }

    /// Mean seconds of `updates` single-write updates.
    public func measureStatedb(updates: Int) -> Double {
        let bindings = sink.bindings
        var total = 0.0
        for index in 0..<updates {
            serial += 1
            bindings[index % bindings.count].wrappedValue = serial
            total += Stopwatch.time { host.update() }
        }
        return total / Double(updates)
    }

    /// Mean seconds of `updates` one-row transactions on the floor.
    public func measureFloor(updates: Int) -> Double {
        let written = sink.byLeaf.keys.sorted()
        var total = 0.0
        for index in 0..<updates {
            serial += 1
            let row = Self.floorRow(leaf: written[index % written.count], value: serial)
            total += Stopwatch.time { floor.commit([row]) }
        }
        return total / Double(updates)
    }

    /// Body evaluations since mounting (for the smoke test).
    public var bodyEvaluationCount: Int { host.bodyEvaluationCount }
}

/// Where some leaves hand out their bindings (a few, so the sink costs no memory to speak of).
@MainActor
final class LeafSink {
    private(set) var byLeaf: [Int: Binding<Int>] = [:]
    func keep(_ binding: Binding<Int>, leaf: Int) {
        if byLeaf.count < UpdateScalingTree.writableLeaves || byLeaf[leaf] != nil { byLeaf[leaf] = binding }
    }
    var bindings: [Binding<Int>] { byLeaf.keys.sorted().map { byLeaf[$0]! } }
}

struct ScalingRoot: View {
    let sections: Int
    let perSection: Int
    let stride: Int
    let sink: LeafSink
    var body: some View {
        VStack {
            ForEach(0..<sections) { ScalingSection(index: $0, rows: perSection, stride: stride, sink: sink) }
        }
    }
}

struct ScalingSection: View {
    let index: Int
    let rows: Int
    let stride: Int
    let sink: LeafSink
    var body: some View {
        ForEach(index * rows..<(index + 1) * rows) { ScalingLeaf(id: $0, handsOut: $0 % stride == 0, sink: sink) }
    }
}

/// Owns two slots and reads both.
struct ScalingLeaf: View {
    let id: Int
    let handsOut: Bool
    let sink: LeafSink
    @State var value = 0
    @State var label = ""
    var body: some View {
        let _ = handsOut ? sink.keep($value, leaf: id) : ()
        Text("\(label)\(id): \(value)")
    }
}
