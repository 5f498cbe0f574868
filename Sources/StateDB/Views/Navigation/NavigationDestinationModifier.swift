extension View {
    /// Draws the values of type `D` that links and the path push on the enclosing
    /// `NavigationStack`, as in SwiftUI:
    ///
    /// ```swift
    /// List(notes) { note in NavigationLink(note.title, value: note.id) }
    ///     .navigationDestination(for: Note.ID.self) { id in NoteDetail(id: id) }
    /// ```
    ///
    /// The view keeps its keys: the registration is a sibling that draws nothing
    /// (`…/NavigationDestinationRegistration`). Registered inside a pushed screen, it draws values
    /// pushed above that screen from when the screen shows.
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C)
        -> PresentingView<Self, NavigationDestinationRegistration<D, C>> {
        PresentingView(content: self, presented: NavigationDestinationRegistration(destination: destination))
    }
}

extension View {
    /// Pushes the view `destination` builds on the enclosing `NavigationStack` while
    /// `isPresented` is true, as in SwiftUI; `[ Back ]` and `dismiss()` inside it set
    /// `isPresented` to false. Its screen is drawn above the screens that came before it, and
    /// keyed by the destination's type (`NavigationDestination[id: "presented: Settings"]`), so a stored
    /// `isPresented` shows it again, with its state, after a restart.
    public func navigationDestination<C: View>(isPresented: Binding<Bool>, @ViewBuilder destination: @escaping () -> C)
        -> PresentingView<Self, NavigationPresentedRegistration<C>> {
        PresentingView(content: self, presented: NavigationPresentedRegistration(
            isShown: { isPresented.wrappedValue }, destination: destination, close: { isPresented.wrappedValue = false }))
    }

    /// Pushes the view `destination` builds for `item` while it is not nil; `[ Back ]` and
    /// `dismiss()` set it to nil.
    public func navigationDestination<D, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C)
        -> PresentingView<Self, NavigationPresentedRegistration<C>> {
        PresentingView(content: self, presented: NavigationPresentedRegistration(
            isShown: { item.wrappedValue != nil },
            destination: { destination(item.wrappedValue!) },
            close: { item.wrappedValue = nil }))
    }
}

/// `.navigationDestination(isPresented:)` and `(item:)`: registers the destination with the
/// enclosing stack each time it is evaluated, and forgets it when it leaves the tree. Draws
/// nothing.
public struct NavigationPresentedRegistration<C: View>: View, PresentedBesideView {
    @Environment(NavigationModel.self) private var stack: NavigationModel?
    /// Names this registration with the stack for as long as the view is in the tree.
    @State private var token: NavigationRegistrationToken
    let isShown: () -> Bool
    let destination: () -> C
    let close: () -> Void

    init(isShown: @escaping () -> Bool, destination: @escaping () -> C, close: @escaping () -> Void) {
        _token = State(inMemoryUnreported: NavigationRegistrationToken())
        self.isShown = isShown
        self.destination = destination
        self.close = close
    }

    public var body: some View {
        // A view that draws nothing but is mounted (an `EmptyView` is not), to carry the
        // `onDisappear`.
        register()
            .onDisappear { [stack, token] in stack?.unregisterPresented(ObjectIdentifier(token)) }
    }

    private func register() -> Color {
        let target = token.dismissTarget
        let close = self.close
        target.handler = { close() }
        let destination = self.destination
        stack?.registerPresented(ObjectIdentifier(token), NavigationModel.PresentedSource(
            isShown: isShown, view: { AnyView(destination()) }, name: IdentityEncoding.segmentName(of: C.self), dismissTarget: target))
        return Color.clear
    }
}

/// The identity of one `.navigationDestination` in its stack, and where `dismiss()` in a
/// presented one's screen leads.
final class NavigationRegistrationToken {
    let dismissTarget = DismissTarget()
}

/// `.navigationDestination(for:)`: registers its destination with the enclosing stack each time
/// it is evaluated, so the stack draws with the app's latest closure, and forgets it when it
/// leaves the tree. Draws nothing.
public struct NavigationDestinationRegistration<D: Hashable, C: View>: View, PresentedBesideView {
    @Environment(NavigationModel.self) private var stack: NavigationModel?
    /// Names this registration with the stack for as long as the view is in the tree.
    @State private var token: NavigationRegistrationToken
    let destination: (D) -> C

    init(destination: @escaping (D) -> C) {
        _token = State(inMemoryUnreported: NavigationRegistrationToken())
        self.destination = destination
    }

    public var body: some View {
        // A view that draws nothing but is mounted (an `EmptyView` is not), to carry the
        // `onDisappear`.
        register()
            .onDisappear { [stack, token] in stack?.unregister(D.self, token: ObjectIdentifier(token)) }
    }

    private func register() -> Color {
        let destination = self.destination
        stack?.register(D.self, token: ObjectIdentifier(token)) { AnyView(destination($0)) }
        return Color.clear
    }
}
