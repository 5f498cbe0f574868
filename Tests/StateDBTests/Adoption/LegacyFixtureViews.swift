import Foundation
import StateDB

/// The views that wrote `Fixtures/v2-keys-store.sqlite`, the store of an app built with the
/// statedb of the first round (keys with `[N]` positions, no `AnyView` segment). The fixture
/// was written by `LegacyFixture.write(to:)` running on that statedb; the tests mount the same
/// views on today's statedb and expect every value back.
enum LegacyFixture {
    struct Item: Identifiable, Codable, Equatable {
        var id: Int
        var title: String
    }

    /// A view with one slot and a button that sets it to a value no default has.
    struct Counter: View {
        let name: String
        @State var count = 0
        var body: some View {
            HStack {
                Text("\(name): \(count)")
                Button("set \(name)") { count = 40 + name.count }
            }
        }
    }

    struct Panel: View {
        @State var note = "default"
        var body: some View {
            VStack {
                Text("note: \(note)")
                Button("set panel") { note = "kept" }
            }
        }
    }

    struct Options: View {
        @State var badge = false
        var body: some View { Toggle("badge", isOn: $badge) }
    }

    struct Row: View {
        let item: Item
        @State var isOn = false
        var body: some View { Toggle(item.title, isOn: $isOn) }
    }

    struct Card: View {
        @State var expanded = false
        var body: some View { Toggle("expanded", isOn: $expanded) }
    }

    struct App: View {
        @State var title = "untitled"
        @State var items = [Item(id: 1, title: "one"), Item(id: 2, title: "two")]
        let showsExtra = true
        let compact = false

        var body: some View {
            VStack {
                Text("title: \(title)")
                Button("set title") { title = "renamed" }
                Counter(name: "first")
                Counter(name: "second")
                if showsExtra {
                    Counter(name: "extra")
                }
                if compact {
                    Text("compact")
                } else {
                    Panel()
                }
                Options().id("options")
                ForEach(items) { item in Row(item: item) }
                AnyView(Card())
                Group {
                    Text("grouped")
                    Counter(name: "grouped")
                }
            }
        }
    }

    /// Every value the fixture holds, as the app shows it once they are set.
    static let expectedRender = [
        "title: renamed",
        "first: 45  [ set first ]",
        "second: 46  [ set second ]",
        "extra: 45  [ set extra ]",
        "note: kept",
        "[x] badge",
        "[x] one",
        "[x] two",
        "[x] expanded",
        "grouped: 47  [ set grouped ]",
    ]

    /// Mounts `App` on `store` and sets every slot to its fixture value.
    @MainActor
    static func write(to store: StateStore) throws {
        let host = ViewHost(root: App(), store: store)
        for button in ["set title", "set first", "set second", "set extra", "set panel", "set grouped"] {
            try host.button(button).tap()
        }
        for toggle in ["badge", "one", "two", "expanded"] {
            try host.toggle(toggle).toggle()
        }
        let volume = try store.binding(for: "Settings/volume", default: 5)
        volume.wrappedValue = 9
        try store.flush()
    }
}
