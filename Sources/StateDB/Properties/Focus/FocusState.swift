/// Which control has the focus, as a value a view reads and writes, spelled as SwiftUI.
///
/// ```swift
/// struct NewItemView: View {
///     @State private var title = ""
///     @FocusState private var isFocused: Bool
///     var body: some View {
///         TextField("Title", text: $title)
///             .focused($isFocused)
///         Button("Add") {
///             title = ""
///             isFocused = true      // the focus goes back to the field
///         }
///     }
/// }
/// ```
///
/// With an optional `Hashable` value, one state names one of several controls:
/// `@FocusState private var field: Field?` and `.focused($field, equals: .name)` on each; the
/// value is `nil` while none of them has the focus.
///
/// The host decides where the focus is (the terminal host moves it with Tab and the arrows;
/// a test moves it with a handle's `focus()`), and keeps the value in step: when the focus
/// moves onto or off a bound control, the value changes and the bodies that read it re-run.
/// Setting the value moves the focus to the control it names after the update; setting it to
/// `false` or `nil` while a bound control has the focus resigns it (no control has the focus
/// then; see `ViewHost.focusedControl`). A focused control that leaves the tree takes the
/// focus with it, and the value turns `false` or `nil`.
///
/// The value is kept in memory per identity, like a `@State` of a type that is not `Codable`,
/// and never persisted, as in SwiftUI: where the focus was is not something to restore after
/// a restart. So it is not reported as `notPersisted` either.
@propertyWrapper
public struct FocusState<Value: Hashable>: SlotProperty, FocusStateMarker {
    let box: MemoryStateBox<Value>

    /// A focus state for one control: `true` while it has the focus.
    public init() where Value == Bool {
        box = MemoryStateBox(initialValue: false, tracksReads: true, reportsNotPersisted: false)
    }

    /// A focus state for several controls, each bound with `.focused(_:equals:)`: the value
    /// of the focused one, `nil` while none of them has the focus.
    public init<T: Hashable>() where Value == T? {
        box = MemoryStateBox(initialValue: nil, tracksReads: true, reportsNotPersisted: false)
    }

    /// Where the focus is. Reading it in `body` makes the view depend on it; writing it moves
    /// the focus (after the update).
    public var wrappedValue: Value {
        get { box.get() }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the focus state, for `.focused(_:)` and `.focused(_:equals:)`.
    public var projectedValue: Binding {
        Binding(location: box.location)
    }

    /// A reference to a `FocusState`, to hand to `.focused(_:)` or to a child view.
    @propertyWrapper
    public struct Binding: SlotReferenceProperty {
        let location: Location<Value>

        init(location: Location<Value>) {
            self.location = location
        }

        /// Where the focus is; writing it moves the focus, as writing the state does.
        public var wrappedValue: Value {
            get { location.get() }
            nonmutating set { location.set(newValue) }
        }

        /// The binding itself, so `$focus` of a `@FocusState.Binding var focus` can be passed on.
        public var projectedValue: Binding { self }

        func refersToSamePlace(as other: Binding) -> Bool { location.isSame(as: other.location) }
    }

    static func makeSlotTypes() -> AnySlotTypes { AnySlotTypes() }

    func attach(store: StateStore, key: SlotKey, types: AnySlotTypes, attachment: inout SlotAttachment) throws -> AnySlotLocation {
        try box.attachProperty(store: store, key: key, types: types, attachment: &attachment)
    }

    func reattach(_ location: AnySlotLocation) -> Bool { box.reattachProperty(location) }

    var attachedLocation: AnySlotLocation? { box.attachedLocation }
}

/// A `@FocusState` field: a view type that has one makes its host keep focus values in step
/// (see `ViewTypeInfo.hasFocusState`); hosts without any skip that work.
protocol FocusStateMarker {}
