/// The search field of `.searchable`, drawn before the view it is attached to: a text field
/// titled with the prompt (`Search` by default), bound to the text. Identity: `SearchField`
/// beside the view, its field under it (`Screen/SearchField/TextField`).
public struct SearchField: View, LeadsContent, PresentedBesideView {
    let text: Binding<String>
    let prompt: String

    public var body: some View {
        TextField(prompt, text: text)
    }
}

/// Where a search field goes, as in SwiftUI. A terminal draws it before the view, whatever
/// the placement.
public struct SearchFieldPlacement: Sendable, Hashable {
    private let name: String
    public static let automatic = SearchFieldPlacement(name: "automatic")
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
}

extension View {
    /// A search field bound to `text` before this view (see `SearchField`); the view filters
    /// what it shows by the text itself, as in SwiftUI.
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: String? = nil) -> PresentingView<Self, SearchField> {
        PresentingView(content: self, presented: SearchField(text: text, prompt: prompt ?? "Search"))
    }

    /// The same, with the prompt as a `Text`.
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text) -> PresentingView<Self, SearchField> {
        searchable(text: text, placement: placement, prompt: prompt.content)
    }
}
