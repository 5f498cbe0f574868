import StateDB

/// `model_write_vs_slot`: the cost of `update()` after a write to one property of an
/// `@Observable` model, against the same write to a `@State` slot, in trees of the same shape.
///
/// Both trees have `views` views: `views / 2` leaves in sections of 100 under a `VStack`, as in
/// `update_scaling`. The slot tree is `UpdateScalingTree` (each leaf owns two `@State` slots, an
/// `Int` and a `String`, and reads both). In the model tree each leaf owns one `@State` holding a
/// `Codable` `@Observable` model with the same two properties, and reads both. One measurement
/// writes one leaf's `Int` (the slot through its binding, the model's property directly) and
/// times the `update()` that follows: re-running that leaf and committing its row (the slot's
/// integer; the model's JSON, encoded again).
@MainActor
public final class ModelWriteScenario {
    public let views: Int
    let slotTree: UpdateScalingTree
    let host: ViewHost
    private let sink = ModelSink()
    private let scratch: ScratchDirectory
    private var serial = 0

    public init(views: Int) throws {
        self.views = views
        slotTree = try UpdateScalingTree(views: views)
        let leaves = views / 2
        scratch = try ScratchDirectory()
        let store = try StateStore(path: scratch.file("models-\(views).sqlite"))
        let perSection = min(UpdateScalingTree.leavesPerSection, leaves)
        let stride = max(1, leaves / UpdateScalingTree.writableLeaves)
        host = ViewHost(root: ModelRoot(sections: leaves / perSection, perSection: perSection, stride: stride, sink: sink), store: store)
        precondition(!sink.models.isEmpty, "the leaves handed out their models")
    }

    /// Mean seconds of `updates` updates, each after one write to a model's property.
    public func measureModel(updates: Int) -> Double {
        let models = sink.models
        var total = 0.0
        for index in 0..<updates {
            serial += 1
            models[index % models.count].value = serial
            total += Stopwatch.time { host.update() }
        }
        return total / Double(updates)
    }

    /// Mean seconds of `updates` updates, each after one write to a `@State` slot.
    public func measureSlot(updates: Int) -> Double {
        slotTree.measureStatedb(updates: updates)
    }

    /// Interleaved rounds of both sides: the model's cost over the slot's.
    public func compare(rounds: Int, updates: Int) -> Comparison {
        Comparison.measure(rounds: rounds, subject: { measureModel(updates: updates) }, baseline: { measureSlot(updates: updates) })
    }

    /// Body evaluations of the model tree since mounting (for the smoke test).
    public var bodyEvaluationCount: Int { host.bodyEvaluationCount }
    /// A model a leaf owns, and the stored JSON of the first one (for the smoke test).
    var firstModel: BenchLeafModel { sink.models[0] }
    var store: StateStore { host.store }
}

/// A leaf's model. Its `encode(to:)` reads the properties (not the macro's `_value` storage), so
/// Observation sees what it reads: a write marks the slot at once, and a commit encodes only the
/// models that changed.
@Observable
final class BenchLeafModel: Codable {
    var value = 0
    var label = ""

    init() {}

    enum CodingKeys: String, CodingKey { case value, label }

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Int.self, forKey: .value)
        label = try container.decode(String.self, forKey: .label)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(label, forKey: .label)
    }
}

/// Where some leaves hand out their models.
@MainActor
final class ModelSink {
    private(set) var byLeaf: [Int: BenchLeafModel] = [:]
    func keep(_ model: BenchLeafModel, leaf: Int) {
        if byLeaf.count < UpdateScalingTree.writableLeaves || byLeaf[leaf] != nil { byLeaf[leaf] = model }
    }
    var models: [BenchLeafModel] { byLeaf.keys.sorted().map { byLeaf[$0]! } }
}

struct ModelRoot: View {
    let sections: Int
    let perSection: Int
    let stride: Int
    let sink: ModelSink
    var body: some View {
        VStack {
            ForEach(0..<sections) { ModelSection(index: $0, rows: perSection, stride: stride, sink: sink) }
        }
    }
}

struct ModelSection: View {
    let index: Int
    let rows: Int
    let stride: Int
    let sink: ModelSink
    var body: some View {
        ForEach(index * rows..<(index + 1) * rows) { ModelLeaf(id: $0, handsOut: $0 % stride == 0, sink: sink) }
    }
}

/// Owns one model and reads both its properties.
struct ModelLeaf: View {
    let id: Int
    let handsOut: Bool
    let sink: ModelSink
    @State var model = BenchLeafModel()
    var body: some View {
        let _ = handsOut ? sink.keep(model, leaf: id) : ()
        Text("\(model.label)\(id): \(model.value)")
    }
}
