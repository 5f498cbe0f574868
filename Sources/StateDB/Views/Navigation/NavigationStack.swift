import Observation

/// A stack of screens, as in SwiftUI: the root view, and on top of it the screens of the
/// `NavigationLink`s activated inside it.
///
/// ```swift
/// NavigationStack {
///     List(notes) { note in
///         NavigationLink(note.title) { NoteDetail(note: note) }
///     }
///     .navigationTitle("Notes")
/// }
/// ```
///
/// Only the top screen is drawn. Above a screen, `[ Back ]` pops it, as
/// `@Environment(\.dismiss)` called inside it does. The screens under the top stay mounted,
/// hidden (their controls cannot be used), so their state is there when they show again; a
/// popped screen ends, and its slots go with it, as in SwiftUI.
///
/// Screens come three ways, as in SwiftUI, and the stack draws them in the order they came:
/// - **Values**: `NavigationLink(_:value:)` pushes a value, drawn by the
///   `.navigationDestination(for:)` registered inside the stack for its type. They make the
///   stack's path: bound with `NavigationStack(path:)` to an array (or a `NavigationPath`), the
///   app pushes and pops by changing it, and a path kept in `@State` (an array of a `Codable`
///   type, or a `NavigationPath`) survives a restart: the app opens on the screens it showed.
///   Unbound, the path is kept in memory.
/// - **Views**: `NavigationLink(_:destination:)` pushes its destination view. Which ones are
///   pushed is kept in memory: a restart starts without them.
/// - **Presented**: `.navigationDestination(isPresented:)` and `(item:)` push their destination
///   while their binding says so.
///
/// Identity: a `NavigationStack` segment, the root under it as in a `VStack`. A value's screen
/// is keyed by its place in the path, its type and the value (an `Identifiable` one by its id:
/// `NavigationDestination[id: "path 0: Note 42"]`), so after a restart the same path finds
/// its screens' state again, and another value starts afresh. A view's
/// screen is keyed by the link that pushed it, relative to the stack, so each link's screen
/// has its own slots, under its path from the stack joined by ` › `:
/// `…/NavigationStack/VStack/NavigationDestinations/ForEach/NavigationDestination[id: "VStack ›
/// List › NavigationLink"]/VStack/NoteDetail[any]` (`[any]`: it is held as an `AnyView`).
public struct NavigationStack<Root: View>: View, NavigationStackMarker {
    @State private var model: NavigationModel
    private let root: Root
    private let path: NavigationModel.PathAccess?

    /// A stack whose bottom screen is `root`; its path is kept in memory.
    public init(@ViewBuilder root: () -> Root) {
        _model = State(inMemoryUnreported: NavigationModel())
        self.root = root()
        path = nil
    }

    /// A stack whose screens above `root` are the values of `path`, first at the bottom: the
    /// app pushes by appending, pops by removing, and the stack's links and `[ Back ]` change
    /// `path` too. A link's value of another type than the array's is not pushed.
    public init<Data>(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        _model = State(inMemoryUnreported: NavigationModel())
        self.root = root()
        self.path = NavigationModel.PathAccess(
            get: { path.wrappedValue.map { AnyHashable($0) } },
            set: { values in path.wrappedValue = Data(values.compactMap { $0.base as? Data.Element }) })
    }

    /// A stack whose screens above `root` are the values of `path`, of any types.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        _model = State(inMemoryUnreported: NavigationModel())
        self.root = root()
        self.path = NavigationModel.PathAccess(get: { path.wrappedValue.elements }, set: { path.wrappedValue.elements = $0 })
    }

    public var body: some View {
        let model = self.model.bound(to: path)
        VStack {
            root.modifier(StackRootCover(model: model))
            NavigationDestinations(model: model)
        }
        .environment(model)
    }
}

/// `NavigationView`, SwiftUI's older name for a stack: the same `NavigationStack`.
public typealias NavigationView<Content: View> = NavigationStack<Content>

/// The screens pushed on a `NavigationStack`, in the order they came, each covering the ones
/// below.
struct NavigationDestinations: View {
    let model: NavigationModel

    var body: some View {
        // Read, so that a destination registered after this body ran (inside a screen) draws
        // the values waiting for it, and a presented one shows.
        _ = model.registrationChanges
        let screens = model.screens()
        return ForEach(Array(screens.enumerated()), id: \.element.id) { depth, screen in
            NavigationDestination(view: screen.view, back: { screen.dismissTarget.handler?() })
                .modifier(CoveredModifier(hides: depth != screens.count - 1))
                .attaching(.environment([EnvironmentWrite(id: EnvironmentID(key: DismissKey.self), value: Optional(DismissAction(target: screen.dismissTarget)) as Any)]))
        }
    }
}

/// One pushed screen: `[ Back ]` above the link's destination.
struct NavigationDestination: View {
    let view: AnyView
    let back: () -> Void

    var body: some View {
        VStack {
            Button("Back", action: back)
            view
        }
    }
}

/// Marks a `NavigationStack`, for a link to find its stack's node among its ancestors.
@MainActor
protocol NavigationStackMarker {}

/// A modifier that draws its view as nothing while it `hides` it (see
/// `ViewHost.renderLines(of:)`) and takes its controls out of use, while its state stays.
protocol CoveringModifier: HidingModifier {}

/// Covers a view under a navigation stack's later screen, a sheet, or another tab.
struct CoveredModifier: CoveringModifier {
    let hides: Bool
}

/// Covers a stack's root while any screen is pushed. Asked when drawn and when the controls
/// are listed, not when the stack's body ran: a destination registered by a view inside the
/// root (`.navigationDestination(isPresented:)`) is known only after that body.
struct StackRootCover: CoveringModifier {
    let model: NavigationModel
    var hides: Bool { model.hasScreens }
}

extension ViewNode {
    /// Whether a sheet or a later screen covers the node.
    var isCovered: Bool {
        !modifiers.isEmpty && modifiers.contains { ($0 as? any CoveringModifier)?.hides == true }
    }
}
