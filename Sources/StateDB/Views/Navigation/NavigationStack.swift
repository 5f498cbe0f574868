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
/// Identity: a `NavigationStack` segment, the root under it as in a `VStack`. A destination
/// is keyed by the link that pushed it, relative to the stack, so each link's screen has its
/// own slots, under its path from the stack joined by ` › `:
/// `…/NavigationStack/VStack/NavigationDestinations/ForEach/NavigationDestination[id: "VStack ›
/// List › NavigationLink"]/VStack/NoteDetail[any]` (`[any]`: it is held as an `AnyView`).
public struct NavigationStack<Root: View>: View, NavigationStackMarker {
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
        ForEach(Array(destinations.enumerated()), id: \.element.link) { depth, destination in
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
        /// The identity of the link that pushed it, relative to the stack's.
        let link: String
        let view: AnyView
        /// Where `dismiss()` inside the destination leads: popping it.
        let dismissTarget: DismissTarget
    }

    private(set) var destinations: [Destination] = []

    /// Pushes `view`, the destination of the link whose identity relative to the stack is
    /// `link`, on top. A link whose destination is already pushed (activated twice before the
    /// screen changed) brings it back to the top instead.
    func push(_ view: AnyView, link: String) {
        if let depth = destinations.firstIndex(where: { $0.link == link }) {
            pop(to: depth + 1)
            return
        }
        let target = DismissTarget()
        let depth = destinations.count
        target.handler = { [weak self] in self?.pop(to: depth) }
        destinations.append(Destination(link: link, view: view, dismissTarget: target))
    }

    /// Pops the destination at `depth` and every one above it.
    func pop(to depth: Int) {
        guard depth < destinations.count else { return }
        destinations.removeSubrange(depth...)
    }
}

/// Marks a `NavigationStack`, for a link to find its stack's node among its ancestors.
@MainActor
protocol NavigationStackMarker {}

/// Draws a view covered by a navigation stack's later screen or a sheet as nothing (see
/// `ViewHost.renderLines(of:)`), and takes its controls out of use, while its state stays.
struct CoveredModifier: HidingModifier {
    let hides: Bool
}

extension ViewNode {
    /// Whether a sheet or a later screen covers the node.
    var isCovered: Bool {
        !modifiers.isEmpty && modifiers.contains { ($0 as? CoveredModifier)?.hides == true }
    }
}
