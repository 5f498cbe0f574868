import Observation

/// What a `NavigationStack` has pushed, shared with the links and destinations inside it
/// through the environment: the path's values, the views links pushed, the destinations
/// presented by their bindings, and what draws each.
@MainActor
@Observable
final class NavigationModel {
    struct Destination {
        /// The identity of the link that pushed it, relative to the stack's.
        let link: String
        let view: AnyView
        /// Where `dismiss()` inside the destination leads: popping it.
        let dismissTarget: DismissTarget
        /// When it came (see `screens()`).
        let stamp: Int
    }

    /// A stack's bound path, read and written as values of any type.
    struct PathAccess {
        let get: () -> [AnyHashable]
        let set: ([AnyHashable]) -> Void
    }

    /// A `.navigationDestination(isPresented:)` or `(item:)`: its screen shows while `isShown`.
    struct PresentedSource {
        let isShown: () -> Bool
        let view: () -> AnyView
        /// The destination's type: with `ordinal`, its screen's id among the stack's.
        let name: String
        /// Where `[ Back ]` and `dismiss()` lead: the binding set to false (or nil).
        let dismissTarget: DismissTarget
    }

    /// One screen above the root, as `NavigationDestinations` draws it.
    struct Screen {
        /// Its key among the stack's screens.
        let id: String
        let view: AnyView
        let dismissTarget: DismissTarget
    }

    /// The screens views pushed.
    private(set) var destinations: [Destination] = []
    /// The path of a stack not bound to one.
    private var unboundPath: [AnyHashable] = []
    /// Counts the destinations registered and forgotten: the body that draws the screens reads
    /// it, so it runs again when one comes or goes.
    private(set) var registrationChanges = 0
    /// The bound path, set by the stack's body each time it runs.
    @ObservationIgnored var pathAccess: PathAccess?
    /// What draws a value, by its type (`.navigationDestination(for:)`), by the token of the
    /// view that registered it: the latest registration of a type draws it.
    @ObservationIgnored private var builders: [ObjectIdentifier: [(token: ObjectIdentifier, build: (AnyHashable) -> AnyView)]] = [:]
    /// The presented destinations, in the order they registered, each with its number among
    /// those of its destination's type (kept while it stays, so its screen's id does too).
    @ObservationIgnored private var presentedSources: [(token: ObjectIdentifier, ordinal: Int, source: PresentedSource)] = []
    /// Where `dismiss()` in the path's screen at each depth leads.
    @ObservationIgnored private var pathDismissTargets: [DismissTarget] = []
    /// When each screen came, counted across kinds, so a link on any screen pushes above it.
    @ObservationIgnored private var lastStamp = 0
    /// (`screens()`) When the path's value at each depth came.
    @ObservationIgnored private var pathStamps: [Int] = []
    /// (`screens()`) When each presented destination showing, by token, came.
    @ObservationIgnored private var presentedStamps: [ObjectIdentifier: Int] = [:]

    // MARK: - The path

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

    /// Pushes `value` on the path (a bound array of another type does not take it).
    func push(value: AnyHashable) {
        setPath(path + [value])
    }

    /// Pops the path's values from `depth` up.
    private func popPath(to depth: Int) {
        let path = self.path
        guard depth < path.count else { return }
        setPath(Array(path.prefix(depth)))
    }

    /// Where `dismiss()` in the path's screen at `depth` leads: popping it.
    private func pathDismissTarget(at depth: Int) -> DismissTarget {
        while pathDismissTargets.count <= depth {
            let target = DismissTarget()
            let targetDepth = pathDismissTargets.count
            target.handler = { [weak self] in self?.popPath(to: targetDepth) }
            pathDismissTargets.append(target)
        }
        return pathDismissTargets[depth]
    }

    // MARK: - Views

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
        destinations.append(Destination(link: link, view: view, dismissTarget: target, stamp: nextStamp()))
    }

    /// Pops the views' screens from `depth` up.
    private func popViews(to depth: Int) {
        guard depth < destinations.count else { return }
        destinations.removeSubrange(depth...)
    }

    // MARK: - Registrations

    /// Makes `build` draw the values of type `D`, for the view whose registration `token` names.
    func register<D: Hashable>(_ type: D.Type, token: ObjectIdentifier, build: @escaping (D) -> AnyView) {
        let draw: (AnyHashable) -> AnyView = { build($0.base as! D) }  // found by `D`'s identifier: a `D`
        var registered = builders[ObjectIdentifier(type), default: []]
        if let index = registered.firstIndex(where: { $0.token == token }) {
            registered[index].build = draw
            builders[ObjectIdentifier(type)] = registered
            return
        }
        registered.append((token, draw))
        builders[ObjectIdentifier(type)] = registered
        registrationChanges += 1
    }

    /// Forgets what the view whose registration `token` names draws (it left the tree).
    func unregister<D: Hashable>(_ type: D.Type, token: ObjectIdentifier) {
        builders[ObjectIdentifier(type)]?.removeAll { $0.token == token }
        registrationChanges += 1
    }

    /// Makes `source` the presented destination registered by `token` (replacing its last
    /// registration, with the app's latest closures).
    func registerPresented(_ token: ObjectIdentifier, _ source: PresentedSource) {
        if let index = presentedSources.firstIndex(where: { $0.token == token }) {
            presentedSources[index].source = source
            return
        }
        let taken = presentedSources.filter { $0.source.name == source.name }.map(\.ordinal)
        presentedSources.append((token, (taken.max() ?? -1) + 1, source))
        registrationChanges += 1
    }

    /// Forgets the presented destination registered by `token` (its view left the tree).
    func unregisterPresented(_ token: ObjectIdentifier) {
        presentedSources.removeAll { $0.token == token }
        presentedStamps[token] = nil
        registrationChanges += 1
    }

    // MARK: - Screens

    /// Whether any screen shows above the root.
    var hasScreens: Bool {
        !path.isEmpty || !destinations.isEmpty || presentedSources.contains { $0.source.isShown() }
    }

    /// The screens above the root, in the order they came, the last on top: the path's values,
    /// the views links pushed, the presented destinations showing (reading their bindings).
    func screens() -> [Screen] {
        var stamped: [(stamp: Int, screen: Screen)] = []
        let path = self.path
        if pathStamps.count > path.count { pathStamps.removeLast(pathStamps.count - path.count) }
        while pathStamps.count < path.count { pathStamps.append(nextStamp()) }
        for (index, value) in path.enumerated() {
            let id = "path \(index): \(Self.typeName(of: value)) \(Self.key(of: value))"
            stamped.append((pathStamps[index], Screen(id: id, view: destination(for: value), dismissTarget: pathDismissTarget(at: index))))
        }
        for destination in destinations {
            stamped.append((destination.stamp, Screen(id: destination.link, view: destination.view, dismissTarget: destination.dismissTarget)))
        }
        for entry in presentedSources {
            guard entry.source.isShown() else {
                presentedStamps[entry.token] = nil
                continue
            }
            let stamp = presentedStamps[entry.token] ?? nextStamp()
            presentedStamps[entry.token] = stamp
            let id = "presented: \(entry.source.name)" + (entry.ordinal == 0 ? "" : " \(entry.ordinal + 1)")
            stamped.append((stamp, Screen(id: id, view: entry.source.view(), dismissTarget: entry.source.dismissTarget)))
        }
        return stamped.sorted { $0.stamp < $1.stamp }.map(\.screen)
    }

    private func nextStamp() -> Int {
        lastStamp += 1
        return lastStamp
    }

    /// `value`'s screen: what its type's destination draws, or a line saying none is registered.
    private func destination(for value: AnyHashable) -> AnyView {
        if let build = builders[ObjectIdentifier(Swift.type(of: value.base))]?.last?.build { return build(value) }
        return AnyView(Text("No navigationDestination(for: \(Self.typeName(of: value)).self) in this NavigationStack."))
    }

    private nonisolated static func typeName(of value: AnyHashable) -> String {
        IdentityEncoding.segmentName(of: Swift.type(of: value.base))
    }

    /// What tells `value` from another of its type in its screen's id: an `Identifiable`
    /// value's id (its other properties may change while it shows), else the value.
    private nonisolated static func key(of value: AnyHashable) -> String {
        if let identifiable = value.base as? any Identifiable { return String(describing: identifiable.id) }
        return String(describing: value.base)
    }
}
