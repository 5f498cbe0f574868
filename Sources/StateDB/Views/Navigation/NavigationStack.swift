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
/// Screens come three ways, as in SwiftUI, and the stack shows them in this order:
/// - **Values**: `NavigationLink(_:value:)` pushes a value, drawn by the
///   `.navigationDestination(for:)` registered inside the stack for its type. They make the
///   stack's path: bound with `NavigationStack(path:)` to an array (or a `NavigationPath`), the
///   app pushes and pops by changing it, and an array of a `Codable` type kept in `@State`
///   survives a restart: the app opens on the screens it showed. Unbound, the path is kept in
///   memory.
/// - **Views**: `NavigationLink(_:destination:)` pushes its destination view. Which ones are
///   pushed is kept in memory: a restart starts without them.
/// - **Presented**: `.navigationDestination(isPresented:)` and `(item:)` push their destination
///   while their binding says so.
///
/// Identity: a `NavigationStack` segment, the root under it as in a `VStack`. A value's screen
/// is keyed by its place in the path and its type (`NavigationDestination[id: "path 0:
/// Note.ID"]`), so after a restart the same path finds its screens' state again. A view's
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

/// The screens pushed on a `NavigationStack`, bottom first, each covering the ones below: the
/// path's values, then the links' views.
struct NavigationDestinations: View {
    let model: NavigationModel

    private struct Screen {
        let id: String
        let view: AnyView
        let dismissTarget: DismissTarget
    }

    var body: some View {
        // Read, so that a destination registered after this body ran (inside a screen) draws
        // the values waiting for it, and a presented one shows.
        _ = model.registrationChanges
        let path = model.path
        var screens = path.enumerated().map { index, value in
            Screen(id: "path \(index): \(NavigationModel.typeName(of: value))", view: model.destination(for: value),
                   dismissTarget: model.pathDismissTarget(at: index))
        }
        screens += model.destinations.map { Screen(id: $0.link, view: $0.view, dismissTarget: $0.dismissTarget) }
        screens += model.presentedShown().map { Screen(id: $0.id, view: $0.source.view(), dismissTarget: $0.source.dismissTarget) }
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

/// What a `NavigationStack` has pushed, shared with the links and destinations inside it
/// through the environment.
@MainActor
@Observable
final class NavigationModel {
    struct Destination {
        /// The identity of the link that pushed it, relative to the stack's.
        let link: String
        let view: AnyView
        /// Where `dismiss()` inside the destination leads: popping it.
        let dismissTarget: DismissTarget
    }

    /// A stack's bound path, read and written as values of any type.
    struct PathAccess {
        let get: () -> [AnyHashable]
        let set: ([AnyHashable]) -> Void
    }

    /// A `.navigationDestination(isPresented:)` or `(item:)`: its screen shows above the
    /// others while `isShown`.
    struct PresentedSource {
        let isShown: () -> Bool
        let view: () -> AnyView
        /// Its screen's id among the stack's: the destination's type, numbered when several.
        let name: String
        /// Where `[ Back ]` and `dismiss()` lead: the binding set to false (or nil).
        let dismissTarget: DismissTarget
    }

    /// The screens views pushed, above the path's.
    private(set) var destinations: [Destination] = []
    /// The path of a stack not bound to one.
    private var unboundPath: [AnyHashable] = []
    /// Counts the destinations registered and forgotten: the body that draws the screens reads
    /// it, so it runs again when one comes or goes.
    private(set) var registrationChanges = 0
    /// The bound path, set by the stack's body each time it runs.
    @ObservationIgnored var pathAccess: PathAccess?
    /// What draws a value, by its type (`.navigationDestination(for:)`).
    @ObservationIgnored private var builders: [ObjectIdentifier: (AnyHashable) -> AnyView] = [:]
    /// The presented destinations, in the order they registered, by their registration's token.
    @ObservationIgnored private var presentedSources: [(token: ObjectIdentifier, source: PresentedSource)] = []
    /// Where `dismiss()` in the path's screen at each depth leads.
    @ObservationIgnored private var pathDismissTargets: [DismissTarget] = []

    /// Whether any screen shows above the root.
    var hasScreens: Bool { !path.isEmpty || !destinations.isEmpty || presentedShown().first != nil }

    /// The values pushed, bottom first (reading a bound path reads its binding).
    var path: [AnyHashable] { pathAccess?.get() ?? unboundPath }

    /// This model, reading and writing the stack's path through `path` (nil: its own).
    func bound(to path: PathAccess?) -> NavigationModel {
        pathAccess = path
        return self
    }

    private func setPath(_ values: [AnyHashable]) {
        if let pathAccess { pathAccess.set(values) } else { unboundPath = values }
    }

    /// Pushes `view`, the destination of the link whose identity relative to the stack is
    /// `link`, on top. A link whose destination is already pushed (activated twice before the
    /// screen changed) brings it back to the top instead.
    func push(_ view: AnyView, link: String) {
        if let depth = destinations.firstIndex(where: { $0.link == link }) {
            popViews(to: depth + 1)
            return
        }
        let target = DismissTarget()
        let depth = destinations.count
        target.handler = { [weak self] in self?.popViews(to: depth) }
        destinations.append(Destination(link: link, view: view, dismissTarget: target))
    }

    /// Pushes `value` on the path. The views' screens close first: they are drawn above the
    /// path's, so the value's screen would be hidden under them.
    func push(value: AnyHashable) {
        destinations.removeAll()
        setPath(path + [value])
    }

    /// Pops the views' screens from `depth` up.
    private func popViews(to depth: Int) {
        guard depth < destinations.count else { return }
        destinations.removeSubrange(depth...)
    }

    /// Pops the path's values from `depth` up, and every view's screen.
    private func popPath(to depth: Int) {
        destinations.removeAll()
        let path = self.path
        guard depth < path.count else { return }
        setPath(Array(path.prefix(depth)))
    }

    /// Where `dismiss()` in the path's screen at `depth` leads: popping it.
    func pathDismissTarget(at depth: Int) -> DismissTarget {
        while pathDismissTargets.count <= depth {
            let target = DismissTarget()
            let targetDepth = pathDismissTargets.count
            target.handler = { [weak self] in self?.popPath(to: targetDepth) }
            pathDismissTargets.append(target)
        }
        return pathDismissTargets[depth]
    }

    /// Makes `build` draw the values of type `D` (the last registration of a type wins).
    func register<D: Hashable>(_ type: D.Type, build: @escaping (D) -> AnyView) {
        let isNew = builders.updateValue({ build($0.base as! D) }, forKey: ObjectIdentifier(type)) == nil
        if isNew { registrationChanges += 1 }
    }

    /// Makes `source` the presented destination registered by `token` (replacing its last
    /// registration, with the app's latest closures).
    func registerPresented(_ token: ObjectIdentifier, _ source: PresentedSource) {
        if let index = presentedSources.firstIndex(where: { $0.token == token }) {
            presentedSources[index].source = source
            return
        }
        presentedSources.append((token, source))
        registrationChanges += 1
    }

    /// Forgets the presented destination registered by `token` (its view left the tree).
    func unregisterPresented(_ token: ObjectIdentifier) {
        presentedSources.removeAll { $0.token == token }
        registrationChanges += 1
    }

    /// The presented destinations showing, each with its screen's id (reading their bindings).
    func presentedShown() -> [(id: String, source: PresentedSource)] {
        var seen: [String: Int] = [:]
        return presentedSources.compactMap { entry in
            let count = seen[entry.source.name, default: 0]
            seen[entry.source.name] = count + 1
            guard entry.source.isShown() else { return nil }
            return ("presented: \(entry.source.name)" + (count == 0 ? "" : " \(count + 1)"), entry.source)
        }
    }

    /// `value`'s screen: what its type's destination draws, or a line saying none is registered.
    func destination(for value: AnyHashable) -> AnyView {
        if let build = builders[ObjectIdentifier(Swift.type(of: value.base))] { return build(value) }
        return AnyView(Text("No navigationDestination(for: \(Self.typeName(of: value)).self) in this NavigationStack."))
    }

    nonisolated static func typeName(of value: AnyHashable) -> String {
        String(describing: Swift.type(of: value.base))
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
