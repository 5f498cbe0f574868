/// A property of an object, reached through a reference key path (`$model.count` of a
/// `@Bindable var model`): reads and writes go to the object itself, so an `@Observable`
/// model's own tracking sees them.
final class ReferenceKeyPathLocation<Root: AnyObject, Value>: Location<Value>, @unchecked Sendable {
    let root: Root
    let keyPath: ReferenceWritableKeyPath<Root, Value>

    init(root: Root, keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.root = root
        self.keyPath = keyPath
    }

    override func get() -> Value { root[keyPath: keyPath] }
    override func set(_ newValue: Value) { root[keyPath: keyPath] = newValue }
    override func modify(_ change: (inout Value) -> Void) { change(&root[keyPath: keyPath]) }

    /// The same property of the same object.
    override func isSame(as other: Location<Value>) -> Bool {
        guard let other = other as? ReferenceKeyPathLocation<Root, Value> else { return false }
        return root === other.root && keyPath == other.keyPath
    }
}
