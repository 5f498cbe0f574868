import StateDB
import Testing

// `.toolbar` draws its items in a row after the view; `.searchable` a search field before it.
// Both leave the view's keys as they were.

private struct Library: View {
    @State var books = ["Dune", "Emma", "Ulysses"]
    @State var query = ""
    @State var added = 0
    var body: some View {
        NavigationStack {
            List {
                ForEach(books.filter { query.isEmpty || $0.localizedCaseInsensitiveContains(query) }, id: \.self) { Text($0) }
            }
            .searchable(text: $query, prompt: "Find a book")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("Add") { added += 1; books.append("Book \(added)") }
                }
                ToolbarItemGroup(placement: .bottomBar) {
                    Button("Sort") { books.sort(by: >) }
                    Text("\(books.count) books")
                }
            }
            .navigationTitle("Library")
        }
    }
}

@MainActor
struct ToolbarSearchTests {
    @Test func theToolbarRowFollowsTheViewAndItsButtonsWork() throws {
        let host = ViewHost(root: Library(), store: .inMemory())
        #expect(host.render() == """
            Library
            Find a book: []
            Dune
            Emma
            Ulysses
            [ Add ]  [ Sort ]  3 books
            """)
        try host.button("Add").tap()
        try host.button("Sort").tap()
        #expect(host.render().hasSuffix("Ulysses\nEmma\nDune\nBook 1\n[ Add ]  [ Sort ]  4 books"))
        #expect(host.identities.contains("Library/NavigationStack/VStack/Toolbar/ToolbarItem/Button"))
        #expect(host.identities.contains("Library/NavigationStack/VStack/List"), "the list keeps its key")
    }

    @Test func theSearchFieldFiltersThroughItsBinding() throws {
        let host = ViewHost(root: Library(), store: .inMemory())
        try host.textField("Find a book").type("u")
        #expect(host.render() == """
            Library
            Find a book: [u]
            Dune
            Ulysses
            [ Add ]  [ Sort ]  3 books
            """)
        #expect(host.identities.contains("Library/NavigationStack/VStack/SearchField/TextField"))
    }
}
