import StateDB
import Testing

// Style modifiers SwiftUI screens are full of compile and change nothing; `.lineLimit` cuts;
// `Button(_:systemImage:action:)` is a button titled by its text.

private struct Styled: View {
    @State var on = false
    @State var choice = 0
    @State var text = ""
    @State var taps = 0
    var body: some View {
        List {
            Toggle("Switch", isOn: $on).toggleStyle(.switch)
            Toggle("Box", isOn: $on).toggleStyle(SwitchToggleStyle()).labelsHidden()
            Picker("Pick", selection: $choice) { Text("a").tag(0); Text("b").tag(1) }
                .pickerStyle(.segmented)
            Picker("Menu", selection: $choice) { Text("a").tag(0) }.pickerStyle(.menu)
            TextField("Field", text: $text).textFieldStyle(.roundedBorder)
            Button("Bordered") { taps += 1 }.buttonStyle(.borderedProminent)
            Button("Plain") { taps += 1 }.buttonStyle(.plain)
            Button("Add", systemImage: "plus") { taps += 1 }
            Button("Delete", systemImage: "trash", role: .destructive) { taps -= 1 }
            Text("one\ntwo\nthree").lineLimit(2)
            Text("short").lineLimit(2, reservesSpace: true)
            Text("x\ny\nz").lineLimit(...1)
            Text("taps \(taps)")
        }
        .listStyle(.insetGrouped)
    }
}

@MainActor
struct ControlStyleTests {
    @Test func stylesChangeNothingAndLineLimitCuts() throws {
        let host = ViewHost(root: Styled(), store: .inMemory())
        #expect(host.render() == """
            [ ] Switch
            [ ] Box
            Pick: < a >
            Menu: < a >
            Field: []
            [ Bordered ]
            [ Plain ]
            [ Add ]
            [ ! Delete ]
            one
            two…
            short

            x…
            taps 0
            """)
        #expect(host.identities.contains("Styled/List/Toggle"), "a style adds nothing to identities")
    }

    @Test func styledControlsWork() throws {
        let host = ViewHost(root: Styled(), store: .inMemory())
        try host.toggle("Box").toggle()
        try host.picker("Pick").select(1)
        try host.button("Bordered").tap()
        try host.button("Add").tap()
        try host.button("Plain").tap()
        #expect(host.render().contains("[x] Switch"))
        #expect(host.render().contains("Menu: < – >"))
        #expect(host.texts.contains("taps 3"))
        try host.button("Delete").tap()
        #expect(host.texts.contains("taps 2"))
    }
}

private struct Keyboard: View {
    @State var email = ""
    @State var notes = ""
    @State var submitted = 0
    let danger: Substring = "Delete all"
    var body: some View {
        VStack {
            TextField("Email", text: $email)
                .autocorrectionDisabled()
                .textInputAutocapitalization(.never)
                .submitLabel(.done)
                .onSubmit { submitted += 1 }
            TextField("Notes", text: $notes, axis: .vertical)
            Button(danger, role: .destructive) { notes = "" }
            Text("submitted \(submitted)")
        }
    }
}

@MainActor
struct TextInputModifierTests {
    @Test func keyboardModifiersChangeNothing() throws {
        let host = ViewHost(root: Keyboard(), store: .inMemory())
        try host.textField("Email").type("a@b.c")
        try host.textField("Email").submit()
        try host.textField("Notes").type("line")
        #expect(host.render() == """
            Email: [a@b.c]
            Notes: [line]
            [ ! Delete all ]
            submitted 1
            """)
        try host.button("Delete all").tap()
        try #expect(host.textField("Notes").text == "")
    }
}
