import Observation

/// A value read from the view's environment, as in SwiftUI.
///
/// ```swift
/// struct Header: View {
///     @Environment(\.accent) private var accent          // a key (see `EnvironmentKey`)
///     @Environment(Library.self) private var library     // an @Observable object
///     @Environment(\.isEnabled) private var isEnabled
///     var body: some View { Text("\(library.title) in \(accent)") }
/// }
///
/// Header()
///     .environment(\.accent, "red")
///     .environment(library)
/// ```
///
/// A body that reads the value depends on it: when the ancestor that set it passes a
/// different value (`!=` for `Equatable` values, another instance for objects), the views that
/// read it re-run, and only those. A view that holds the property but did not read it in its
/// last evaluation is not re-run.
///
/// `@Environment(Model.self) var model` stops the program with a message naming the type
/// when no ancestor put a `Model` there, as SwiftUI does; declare it optional
/// (`@Environment(Model.self) var model: Model?`) to get nil instead.
///
/// Read outside a mounted view (in the view's `init`, or on a struct never mounted), a key
/// gives its default value.
@propertyWrapper
public struct Environment<Value>: EnvironmentProperty {
    let box: EnvironmentBox<Value>

    /// The value at `keyPath` of the view's environment.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        box = EnvironmentBox { $0[keyPath: keyPath] }
    }

    /// The `@Observable` object of type `Value` an ancestor put in the environment with
    /// `.environment(_:)`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        box = EnvironmentBox { values in
            guard let object = values.object(of: objectType) else {
                fatalError("No Observable object of type \(objectType) found. A View.environment(_:) for \(objectType) may be missing as an ancestor of this view.")
            }
            return object
        }
    }

    /// The `@Observable` object of type `T` an ancestor put in the environment, or nil.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        box = EnvironmentBox { $0.object(of: objectType) }
    }

    /// The current value.
    public var wrappedValue: Value { box.read() }

    func bind(to values: EnvironmentValues) { box.values = values }
}

/// A view's stored property that reads the environment: the host binds it to the view's
/// environment before each evaluation of the body.
protocol EnvironmentProperty {
    func bind(to values: EnvironmentValues)
}

/// What an `Environment` property carries: how to read its value, and the environment of the
/// view it was bound to (nil before the view is mounted: defaults then).
final class EnvironmentBox<Value> {
    let reader: (EnvironmentValues) -> Value
    var values: EnvironmentValues?

    init(_ reader: @escaping (EnvironmentValues) -> Value) {
        self.reader = reader
    }

    func read() -> Value { reader(values ?? EnvironmentValues()) }
}
