import StateDB

/// The state migrations of the example, applied when the store opens (and listed by
/// `statedb migrate status`).
enum TodoMigrations {
    static let all: [StateMigration] = [listModel]

    /// Builds before the list became a model kept `TodoApp/items` and `TodoApp/nextID` as two
    /// slots, and "Confirm before remove" as `TodoApp/confirmsRemoval`: the two slots become
    /// one `TodoList` under `TodoApp/list`, and the setting moves to the `@AppStorage` key.
    static let listModel = StateMigration.custom("todo-list-model") { slots in
        if let items = try slots.value([TodoItem].self, at: "TodoApp/items") {
            let nextID = try slots.value(Int.self, at: "TodoApp/nextID") ?? (items.map(\.id).max() ?? 0) + 1
            try slots.set(TodoList(items: items, nextID: nextID), at: "TodoApp/list")
            try slots.remove("TodoApp/items")
        }
        if try slots.typeName(of: "TodoApp/nextID") != nil { try slots.remove("TodoApp/nextID") }
        if let confirms = try slots.value(Bool.self, at: "TodoApp/confirmsRemoval") {
            try slots.set(confirms, at: "AppStorage/confirmsRemoval")
            try slots.remove("TodoApp/confirmsRemoval")
        }
    }
}
