import StateDB
import Testing

/// What the SwiftUI-spelled views and modifiers render as (docs/views.md).
private enum Fixtures {
    struct Item: Identifiable, Codable, Hashable {
        var id: Int
        var title: String
    }

    struct Screen: View {
        @State var items = [Item(id: 1, title: "milk"), Item(id: 2, title: "quinoa")]
        var body: some View {
            List {
                Section("To do") {
                    ForEach(items) { item in Text(item.title) }
                }
                Section {
                    Label("Settings", systemImage: "gear")
                } header: {
                    Text("More")
                } footer: {
                    Text("2 items")
                }
            }
        }
    }

    struct Gallery: View {
        var body: some View {
            VStack {
                HStack { Text("a"); Spacer(); Text("b") }
                Divider()
                ProgressView()
                ProgressView(value: 0.3)
                ProgressView("Copying", value: 3.0, total: 4.0)
                Button("Delete", role: .destructive) {}
                Label { Text("Inbox") } icon: { Text("📥") }
                ScrollView { Text("scrolled") }
            }
        }
    }

    struct Modified: View {
        var body: some View {
            VStack {
                Text("bold").bold()
                Text("red").foregroundStyle(.red)
                Text("dim").foregroundStyle(.secondary)
                Text("old").foregroundColor(.blue)
                Text("padded").padding(.horizontal)
                Text("boxed").frame(width: 80, alignment: .leading)
                Text("a long line cut").frame(maxWidth: 64)
                Text("hidden").hidden()
                HStack { Text("x").frame(width: 24); Text("|") }
            }
        }
    }

    struct Wide: View {
        var body: some View {
            VStack {
                HStack { Text("A🎉bc"); Text("|") }
                HStack { Text("e\u{301}tude"); Text("|") }
                HStack { Text("flag 🇫🇷 ok"); Text("|") }
                HStack { Text("👩‍💻 dev"); Text("|") }
                HStack { Text("한국어"); Text("|") }
                HStack { VStack { Text("A🎉bc"); Text("abcdef") }; Text("|") }
            }
        }
    }
}

/// A style that follows state.
private struct Colored: View {
    @State var alert = false
    var body: some View {
        VStack {
            Text("status").foregroundStyle(alert ? .red : .green)
            Button("alert") { alert.toggle() }
        }
    }
}

/// The example at the top of docs/views.md, as written there.
private struct Groceries: View {
    enum Order: String, Codable, CaseIterable { case added, name }
    @State private var items = ["milk", "quinoa"]
    @State private var order = Order.added
    @State private var servings = 2
    @State private var draft = ""

    var body: some View {
        List {
            Section("To buy") {
                ForEach(order == .name ? items.sorted() : items, id: \.self) { item in
                    Label(item, systemImage: "cart")
                }
            }
            Section {
                TextField("New item", text: $draft)
                Button("Add") { items.append(draft); draft = "" }
                Picker("Sort", selection: $order) {
                    Text("As added").tag(Order.added)
                    Text("By name").tag(Order.name)
                }
                Stepper("Servings: \(servings)", value: $servings, in: 1...12)
            } header: {
                Text("Edit").foregroundStyle(.secondary)
            }
        }
    }
}

@MainActor
@Suite("views spelled as SwiftUI: render")
struct ViewRenderTests {
    @Test func theDocsExampleRendersAsShownThere() throws {
        let host = ViewHost(root: Groceries(), store: .inMemory())
        #expect(host.render() == """
            To buy
              milk
              quinoa
            Edit
              New item: []
              [ Add ]
              Sort: < As added >
              Servings: 2 [-/+]
            """)
        try host.textField("New item").type("apples")
        try host.button("Add").tap()
        try host.picker("Sort").select(Groceries.Order.name)
        #expect(host.render().hasPrefix("To buy\n  apples\n  milk\n  quinoa\n"))
    }

    @Test func anHStackLaysOutAForEachsElementsAndAGroupsViewsAsItsOwnColumns() {
        struct Toolbarish: View {
            var body: some View {
                HStack {
                    ForEach(1...3, id: \.self) { Text("n\($0)") }
                    Group {
                        Text("g1")
                        Text("g2")
                    }
                    Text("end")
                }
            }
        }
        #expect(ViewHost(root: Toolbarish(), store: .inMemory()).render() == "n1  n2  n3  g1  g2  end",
                "side by side, as SwiftUI lays them out (they were one column before)")
    }

    @Test func listSectionsHeadersAndFooters() {
        let host = ViewHost(root: Fixtures.Screen(), store: .inMemory())
        #expect(host.render() == """
            To do
              milk
              quinoa
            More
              Settings
              2 items
            """)
    }

    @Test func gallery() {
        let host = ViewHost(root: Fixtures.Gallery(), store: .inMemory())
        #expect(host.render() == """
            a  b
            ────────────────────────
            [ … ]
            [███░░░░░░░] 30%
            Copying
            [███████░░░] 75%
            [ ! Delete ]
            📥 Inbox
            scrolled
            """)
        #expect(host.controls.map(\.title) == ["Delete"])
    }

    @Test func modifiersChangeTheTextRenderAndStylesAreLeftOut() {
        let host = ViewHost(root: Fixtures.Modified(), store: .inMemory())
        #expect(host.render() == """
            bold
            red
            dim
            old
              padded
            boxed
            a long …

             x   |
            """)
    }

    @Test func aModifierThatFollowsStateRedrawsItsView() throws {
        let host = ViewHost(root: Colored(), store: .inMemory())
        #expect(host.styledRenderLines()[0] == "\u{1B}[32mstatus\u{1B}[39m")
        try host.button("alert").tap()
        #expect(host.styledRenderLines()[0] == "\u{1B}[31mstatus\u{1B}[39m", "the kept Text got its new modifier")
        #expect(host.render() == "status\n[ alert ]")
    }

    @Test func hStackColumnsAreMeasuredInTerminalCellsByGraphemeCluster() {
        let host = ViewHost(root: Fixtures.Wide(), store: .inMemory())
        #expect(host.render() == """
            A🎉bc  |
            e\u{301}tude  |
            flag 🇫🇷 ok  |
            👩‍💻 dev  |
            한국어  |
            A🎉bc   |
            abcdef
            """)
    }
}
