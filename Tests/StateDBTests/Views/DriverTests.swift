@testable import StateDB
import Testing

/// The test driver: lookups that throw with the controls listed, handles for every control,
/// and a disabled control that refuses.
private enum Fixtures {
    enum Order: String, Codable, CaseIterable, Hashable { case newest, oldest, title }

    struct Screen: View {
        @State var name = ""
        @State var password = ""
        @State var order = Order.newest
        @State var quantity = 1
        @State var saved = 0
        @State var agreed = false

        var body: some View {
            Form {
                TextField("Name", text: $name)
                SecureField("Password", text: $password)
                Picker("Sort", selection: $order) {
                    ForEach(Order.allCases, id: \.self) { order in
                        Text(order.rawValue.capitalized).tag(order)
                    }
                }
                Stepper("Quantity: \(quantity)", value: $quantity, in: 1...3)
                Toggle("Agree", isOn: $agreed)
                Button("Save") { saved += 1 }
                Text("saved \(saved)")
            }
        }
    }

    struct Hidden: View {
        @State var taps = 0
        var body: some View {
            Button("shown") { taps += 1 }
            Button("hidden") { taps += 1 }.hidden()
            VStack { Toggle("inside", isOn: .constant(true)) }.hidden()
        }
    }

    struct TwoRemoves: View {
        var body: some View {
            Button("remove") {}
            Button("remove") {}
        }
    }
}

@MainActor
@Suite("test driver")
struct DriverTests {
    @Test func aMissingControlThrowsAndListsTheControlsThatExist() throws {
        let host = ViewHost(root: Fixtures.Screen(), store: .inMemory())
        let error = try #require(throws: DriverError.self) { try host.button("Sav3").tap() }
        #expect(error.reason == .notFound)
        #expect(error.description == #"no Button titled "Sav3"; the controls are: TextField "Name", SecureField "Password", Picker "Sort", Stepper "Quantity: 1", Toggle "Agree", Button "Save""#)
        #expect(throws: DriverError.self) { try host.toggle("Save") }
        #expect(throws: DriverError.self) { try host.stepper("Sort") }
        #expect(host.texts.contains("saved 0"), "nothing ran")
    }

    @Test func anAmbiguousTitleThrowsAndThePluralFormGivesEveryMatch() throws {
        let host = ViewHost(root: Fixtures.TwoRemoves(), store: .inMemory())
        let error = try #require(throws: DriverError.self) { try host.button("remove") }
        #expect(error.reason == .ambiguous(count: 2))
        #expect(error.description.hasPrefix(#"2 controls match Button "remove""#))
        #expect(host.buttons("remove").count == 2)
        #expect(host.findButton("remove") != nil)
        #expect(host.findButton("add") == nil)
    }

    @Test func aTitleMatchesExactlyFirstThenAsAPrefix() throws {
        let host = ViewHost(root: Fixtures.Screen(), store: .inMemory())
        try host.stepper("Quantity").increment()
        #expect(try host.stepper("Quantity: 2").title == "Quantity: 2")
    }

    @Test func everyControlHasAHandleThatChangesItsState() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            let host = ViewHost(root: Fixtures.Screen(), store: store)
            try host.textField("Name").type("Ada")
            try host.secureField("Password").type("hunter2")
            try host.picker("Sort").select(Fixtures.Order.title)
            try host.stepper("Quantity").increment()
            try host.toggle("Agree").toggle()
            try host.button("Save").tap()
            #expect(host.render() == """
                Name: [Ada]
                Password: [•••••••]
                Sort: < Title >
                Quantity: 2 [-/+]
                [x] Agree
                [ Save ]
                saved 1
                """)
            #expect(try host.secureField("Password").text == "hunter2", "the driver reads what the render hides")
            #expect(try host.picker("Sort").options == ["Newest", "Oldest", "Title"])
            #expect(try host.picker("Sort").selectedOption == "Title")
            try store.flush()
            store.close()
        }
        let host = ViewHost(root: Fixtures.Screen(), store: try StateStore(path: folder.storePath))
        #expect(host.render().contains("Sort: < Title >"), "the selection is stored like any @State")
        #expect(host.render().contains("Quantity: 2 [-/+]"))
    }

    @Test func aStepperStopsAtTheEndsOfItsRange() throws {
        let host = ViewHost(root: Fixtures.Screen(), store: .inMemory())
        try host.stepper("Quantity").decrement()
        #expect(try host.stepper("Quantity").title == "Quantity: 1")
        for _ in 0..<5 { try host.stepper("Quantity").increment() }
        #expect(try host.stepper("Quantity").title == "Quantity: 3")
    }

    @Test func aPickerRefusesATagNoOptionHas() throws {
        let host = ViewHost(root: Fixtures.Screen(), store: .inMemory())
        let wrongType = try #require(throws: DriverError.self) { try host.picker("Sort").select("title") }
        #expect(wrongType.reason == .noSuchOption)
        #expect(wrongType.description == #"Picker "Sort" has no option with that tag; its options are: "Newest", "Oldest", "Title""#)
        #expect(throws: DriverError.self) { try host.picker("Sort").select(label: "Largest") }
        try host.picker("Sort").select(label: "Oldest")
        #expect(try host.picker("Sort").selectedOption == "Oldest")
        try host.picker("Sort").selectNext()
        try host.picker("Sort").selectNext()
        #expect(try host.picker("Sort").selectedOption == "Newest", "cycles past the last")
    }

    @Test func controlsInsideAHiddenViewCannotBeUsed() throws {
        let host = ViewHost(root: Fixtures.Hidden(), store: .inMemory())
        #expect(host.controls.map(\.title) == ["shown"])
        let error = try #require(throws: DriverError.self) { try host.button("hidden").tap() }
        #expect(error.description == #"no Button titled "hidden"; the controls are: Button "shown""#)
        #expect(throws: DriverError.self) { try host.toggle("inside") }
    }

    @Test func actingOnADisabledControlThrowsAndChangesNothing() throws {
        let host = ViewHost(root: Fixtures.Screen().disabled(true), store: .inMemory())
        let error = try #require(throws: DriverError.self) { try host.button("Save").tap() }
        #expect(error.reason == .disabled)
        #expect(error.description == #"Button "Save" is disabled; nothing was changed"#)
        #expect(throws: DriverError.self) { try host.textField("Name").type("Ada") }
        #expect(throws: DriverError.self) { try host.toggle("Agree").set(true) }
        #expect(throws: DriverError.self) { try host.picker("Sort").select(Fixtures.Order.oldest) }
        #expect(throws: DriverError.self) { try host.stepper("Quantity").increment() }
        #expect(throws: DriverError.self) { try host.controls.first { $0.kind == .toggle }?.activate() }
        #expect(host.render() == """
            Name: []
            Password: []
            Sort: < Newest >
            Quantity: 1 [-/+]
            [ ] Agree
            [ Save ]
            saved 0
            """)
    }
}
