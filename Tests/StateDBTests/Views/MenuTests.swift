import StateDB
import Testing

// `Menu`: a header that opens its buttons below it; choosing one runs it and closes the menu.

private struct Sorting: View {
    @State var order = "added"
    var body: some View {
        VStack {
            Menu("Sort") {
                Button("By name") { order = "name" }
                Button("By date") { order = "date" }
            }
            Text("order: \(order)")
        }
    }
}

@MainActor
struct MenuTests {
    @Test func aMenuOpensChoosesAndCloses() throws {
        let host = ViewHost(root: Sorting(), store: .inMemory())
        #expect(host.render() == "Sort ▸\norder: added")
        #expect(host.controls.map(\.title) == ["Sort"])
        try host.button("Sort").tap()
        #expect(host.render() == "Sort ▾\n  [ By name ]\n  [ By date ]\norder: added")
        try host.button("By date").tap()
        #expect(host.render() == "Sort ▸\norder: date", "choosing closed the menu")
        try host.button("Sort").tap()
        try host.button("Sort").tap()
        #expect(host.render() == "Sort ▸\norder: date", "the header closes it without choosing")
    }
}
