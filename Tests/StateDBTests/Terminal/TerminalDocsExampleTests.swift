import StateDB
import StateDBTerminal
import Testing

/// The example in docs/terminal.md, driven by the keys the doc lists.
enum TerminalDocsExample {
    struct Counter: View {
        @State var count = 0
        @State var name = ""
        var body: some View {
            VStack {
                TextField("Name", text: $name)
                Button("Tapped \(count) times") { count += 1 }
            }
        }
    }
}

@MainActor
@Suite("docs/terminal.md example")
struct TerminalDocsExampleTests {
    @Test func typeEnterEnterFillsTheFieldAndPressesTheButton() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let session = TerminalSession(host: ViewHost(root: TerminalDocsExample.Counter(), store: store))
        var decoder = KeyDecoder()
        session.handle(decoder.decode(Array("Ada\r\r ".utf8)))
        #expect(session.snapshot.lines == ["Name: [Ada]", "[ Tapped 2 times ]"])
        store.close()

        let again = TerminalSession(host: ViewHost(root: TerminalDocsExample.Counter(), store: try StateStore(path: folder.storePath)))
        #expect(again.snapshot.lines == ["Name: [Ada]", "[ Tapped 2 times ]"])
    }
}
