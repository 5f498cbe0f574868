import Observation

/// A stack of screens, as in SwiftUI: the root view, and on top of it the destinations of the
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
/// Only the top screen is drawn. Above a destination, `[ Back ]` pops it, as
/// `@Environment(\.dismiss)` called inside it does. The screens under the top stay mounted,
/// hidden (their controls cannot be used), so their state is there when they show again; a
/// popped destination ends, and its slots go with it, as in SwiftUI. Which destinations are
/// pushed is kept in memory: a restart starts at the root (`NavigationStack(path:)` is not
/// supported).
///
/// Identity: a `NavigationStack` segment; the root under it as in a `VStack`; a destination
/// under `NavigationStack/VStack/NavigationDestinations/ForEach/NavigationDestination[id: N]/VStack`,
/// N its depth (0 for the first pushed), as its own type with `[any]` (it is held as an
/// `AnyView`): `…/NavigationDestination[id: 0]/VStack/NoteDetail[any]`.
public struct NavigationStack<Root: View>: View {
    @State private var model: NavigationModel
    private let root: Root

    /// A stack whose bottom screen is `root`.
    public init(@ViewBuilder root: () -> Root) {
        _model = State(inMemoryUnreported: NavigationModel())
        self.root = root()
    }

    public var body: some View {
        let model = self.model
        let isCovered = !model.destinations.isEmpty
        VStack {
            root.modifier(CoveredModifier(hides: isCovered))
            NavigationDestinations(model: model)
        }
        .environment(model)
    }
}

/// `NavigationView`, SwiftUI's older name for a stack: the same `NavigationStack`.
public typealias NavigationView<Content: View> = NavigationStack<Content>

/// The destinations pushed on a `NavigationStack`, bottom first, each covering the ones below.
struct NavigationDestinations: View {
    let model: NavigationModel

    var body: some View {
        let destinations = model.destinations
        ForEach(destinations.indices, id: \.self) { depth in
            let destination = destinations[depth]
            NavigationDestination(view: destination.view, back: { model.pop(to: depth) })
                .modifier(CoveredModifier(hides: depth != destinations.count - 1))
                .attaching(.environment([EnvironmentWrite(id: EnvironmentID(key: DismissKey.self), value: Optional(DismissAction(target: destination.dismissTarget)) as Any)]))
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

/// What a `NavigationStack` has pushed, shared with the links inside it through the
/// environment.
@MainActor
@Observable
final class NavigationModel {
    struct Destination {
        let view: AnyView
        /// Where `dismiss()` inside the destination leads: popping it.
        let dismissTarget: DismissTarget
    }

    private(set) var destinations: [Destination] = []

    /// Pushes `view` on top.
    func push(_ view: AnyView) {
        let target = DismissTarget()
        let depth = destinations.count
        target.handler = { [weak self] in self?.pop(to: depth) }
        destinations.append(Destination(view: view, dismissTarget: target))
    }

    /// Pops the destination at `depth` and every one above it.
    func pop(to depth: Int) {
        guard depth < destinations.count else { return }
        destinations.removeSubrange(depth...)
    }
}

/// Draws a view covered by a navigation stack's later screen as nothing, and takes its
/// controls out of use, while its state stays.
struct CoveredModifier: HidingModifier {
    let hides: Bool

    func renderLines(_ lines: [String]) -> [String] { hides ? [] : lines }
}
