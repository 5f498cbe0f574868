/// What a modifier asks of the view it is attached to. Modifiers (`.environment`,
/// `.onAppear`, `.task`…) are not views of their own in the graph: they add no segment to
/// identities (wrapping a view in one keeps its state) and attach these requests to the view
/// they modify, innermost first (see `ModifiedView`).
///
/// `indirect`: each request is one reference, so the copies the graph makes of modifier lists
/// are retains rather than the value witnesses of a multi-payload enum (~1,500 instructions
/// per view with an `.onAppear`).
indirect enum NodeModifier {
    /// Values set for the view and its subtree.
    case environment([EnvironmentWrite])
    case appear(@MainActor () -> Void)
    case disappear(@MainActor () -> Void)
    case change(any ChangeWatch)
    case task(TaskRequest)

    /// Whether `other` is the same kind of request (the same keys, for environment values),
    /// so the state kept for this one carries over to it.
    func hasSameShape(as other: NodeModifier) -> Bool {
        switch (self, other) {
        case (.environment(let lhs), .environment(let rhs)): lhs.map(\.id) == rhs.map(\.id)
        case (.appear, .appear), (.disappear, .disappear), (.change, .change), (.task, .task): true
        default: false
        }
    }
}

/// One value an `.environment` modifier sets.
struct EnvironmentWrite {
    let id: EnvironmentID
    let value: Any
}

/// An `.onChange(of:initial:)`: the value the view was given this time, and what to call.
@MainActor
protocol ChangeWatch {
    /// Also call the action when the view appears.
    var initial: Bool { get }
    /// Whether this value differs from the one `previous` watched (a value of another type
    /// counts as different).
    func differs(from previous: any ChangeWatch) -> Bool
    /// Calls the action with `previous`'s value as the old one and this one's as the new.
    func fire(after previous: any ChangeWatch)
    /// Calls the action at appearance, with this value as both old and new (as SwiftUI).
    func fireInitial()
}

struct ValueChangeWatch<Value: Equatable>: ChangeWatch {
    let value: Value
    let initial: Bool
    let action: @MainActor (Value, Value) -> Void

    func differs(from previous: any ChangeWatch) -> Bool {
        guard let previous = previous as? Self else { return true }
        return previous.value != value
    }

    func fire(after previous: any ChangeWatch) {
        action((previous as? Self)?.value ?? value, value)
    }

    func fireInitial() { action(value, value) }
}

/// A `.task` or `.task(id:)`: what to run while the view is in the tree.
struct TaskRequest {
    let priority: TaskPriority
    /// nil for `.task { }`: started once, at appearance.
    let id: (any TaskIdentity)?
    let action: @MainActor @Sendable () async -> Void
}

/// The id of a `.task(id:)`, compared with `==`.
protocol TaskIdentity {
    func isSame(as other: any TaskIdentity) -> Bool
}

struct EquatableTaskIdentity<ID: Equatable>: TaskIdentity {
    let id: ID

    func isSame(as other: any TaskIdentity) -> Bool {
        guard let other = other as? Self else { return false }
        return other.id == id
    }
}
