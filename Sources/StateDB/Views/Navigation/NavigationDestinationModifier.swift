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

/// `.navigationDestination(for:)`: registers its destination with the enclosing stack each time
/// it is evaluated, so the stack draws with the app's latest closure. Draws nothing.
public struct NavigationDestinationRegistration<D: Hashable, C: View>: View {
    @Environment(NavigationModel.self) private var stack: NavigationModel?
    let destination: (D) -> C

    public var body: some View {
        register()
    }

    private func register() -> EmptyView {
        let destination = self.destination
        stack?.register(D.self) { AnyView(destination($0)) }
        return EmptyView()
    }
}
