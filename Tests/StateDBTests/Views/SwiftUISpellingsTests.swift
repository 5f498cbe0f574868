import StateDB
import Testing

/// SwiftUI spellings real apps use beside the ones the views table lists first: each builds the
/// same view (same drawing, same identities, same driver handles) as its counterpart.
private enum Fixtures {
    struct Older: View {
        @State var wifi = false
        @State var name = ""
        var body: some View {
            Form {
                Section(header: Text("Network"), footer: Text("Saved on exit")) {
                    Toggle(isOn: $wifi) { Text("Wi-Fi") }
                    TextField("Name", text: $name, prompt: Text("required"))
                }
                Section(header: Text("About")) { Text("Version ") + Text("2") }
                Section(footer: Text("end")) { Text("last") }
            }
        }
    }

    struct Listed: View {
        @State var wifi = false
        @State var name = ""
        var body: some View {
            Form {
                Section {
                    Toggle("Wi-Fi", isOn: $wifi)
                    TextField("Name", text: $name)
                } header: {
                    Text("Network")
                } footer: {
                    Text("Saved on exit")
                }
                Section { Text("Version 2") } header: { Text("About") }
                Section { Text("last") } footer: { Text("end") }
            }
        }
    }
}

@MainActor
struct SwiftUISpellingsTests {
    @Test func theOlderSpellingsBuildTheSameViews() throws {
        let older = ViewHost(root: Fixtures.Older(), store: .inMemory())
        let listed = ViewHost(root: Fixtures.Listed(), store: .inMemory())
        #expect(older.render() == listed.render())
        #expect(older.render().contains("[ ] Wi-Fi"))
        #expect(older.render().contains("Version 2"))
        #expect(!older.render().contains("required"), "a prompt is not drawn")
        let withoutRoot = { (host: ViewHost) in host.identities.map { $0.split(separator: "/").dropFirst().joined(separator: "/") } }
        #expect(withoutRoot(older) == withoutRoot(listed))

        try older.toggle("Wi-Fi").toggle()
        try older.textField("Name").type("Ada")
        #expect(older.render().contains("[x] Wi-Fi"))
        #expect(older.render().contains("Name: [Ada]"))
    }

    @Test func textsJoinedWithPlusAreOneText() {
        let joined = Text("Total: ") + Text("3") + Text(verbatim: " items")
        #expect(joined == Text("Total: 3 items"))
    }
}
