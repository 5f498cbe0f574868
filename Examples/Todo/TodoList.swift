import StateDB

/// The list itself: its items and the next id to hand out. An `@Observable` model held in the
/// root's `@State var list`, so it is stored under `TodoApp/list` and each view re-runs only
/// when what it read changes (the header reads the counts, each row its own item).
///
/// `Codable` by hand, through the properties: the `@Observable` macro renames stored
/// properties (`_items`), so a synthesized conformance would read the renamed storage, and
/// encoding through the properties lets the store see (through Observation) which changes
/// need a new encoding.
@Observable
final class TodoList: Codable {
    var items: [TodoItem]
    /// Never reused, so a new item never inherits the per-row state of a removed one.
    var nextID: Int

    init(items: [TodoItem] = [], nextID: Int = 1) {
        self.items = items
        self.nextID = nextID
    }

    enum CodingKeys: String, CodingKey {
        case items, nextID
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([TodoItem].self, forKey: .items)
        nextID = try container.decode(Int.self, forKey: .nextID)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextID, forKey: .nextID)
    }
}
