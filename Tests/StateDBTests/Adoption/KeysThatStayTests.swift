import Foundation
import StateDB
import Testing

// Edits between two builds that leave a view's key as it was: state is simply there, with no
// diagnostic and no move recorded.

private enum AddAbove1 {
    struct Screen: View {
        var body: some View {
            VStack {
                Flag(title: "badge").id("options")
                Flag(title: "wifi")
            }
        }
    }
}

private enum AddAbove2 {
    struct Screen: View {
        var body: some View {
            VStack {
                Text("New in 2.0")
                Flag(title: "wifi")
                Button("Help") {}
                Flag(title: "badge").id("options")
            }
        }
    }
}

private enum Others1 {
    struct Screen: View {
        var body: some View {
            VStack {
                Text("header")
                Flag(title: "first")
                Button("Save") {}
                Note()
                Flag(title: "second")
            }
        }
    }
}

private enum Others2 {
    // Text removed, a TextField added, Note moved to the top, the button moved between the
    // flags: only views of other types moved around the flags.
    struct Screen: View {
        @State var name = ""
        var body: some View {
            VStack {
                Note()
                TextField("Name", text: $name)
                Flag(title: "first")
                Button("Save") {}
                Flag(title: "second")
            }
        }
    }
}

private enum LoneIf1 {
    struct Screen: View {
        var body: some View {
            Text("title")
            Flag(title: "wrapped")
        }
    }
}

private enum LoneIf2 {
    struct Screen: View {
        let showsFlag = true
        var body: some View {
            Text("title")
            if showsFlag {
                Flag(title: "wrapped")
            }
        }
    }
}

private enum Generic1 {
    struct Card<Content: View>: View {
        @State var expanded = false
        let content: Content
        init(@ViewBuilder content: () -> Content) { self.content = content() }
        var body: some View {
            Toggle("expanded", isOn: $expanded)
            content
        }
    }
    struct Screen: View {
        var body: some View { Card { Text("one line") } }
    }
}

private enum Generic2 {
    enum Settings {
        // Moved into a namespace, and given other content: `Card` all the same.
        struct Card<Content: View>: View {
            @State var expanded = false
            let content: Content
            init(@ViewBuilder content: () -> Content) { self.content = content() }
            var body: some View {
                Toggle("expanded", isOn: $expanded)
                content
            }
        }
    }
    struct Screen: View {
        var body: some View {
            Settings.Card {
                Text("two")
                Text("lines")
            }
        }
    }
}

@MainActor
struct KeysThatStayTests {
    @Test func addingAViewAboveAnExplicitIDKeepsItsState() throws {
        let update = AppUpdate()
        try update.run(AddAbove1.Screen()) { host in
            try host.toggle("badge").toggle()
            try host.toggle("wifi").toggle()
        }
        let keys = update.keys
        try update.run(AddAbove2.Screen()) { host in
            try #expect(host.toggle("badge").isOn)
            try #expect(host.toggle("wifi").isOn)
        }
        #expect(update.keys == keys, "the same keys: \(update.keys)")
        #expect(update.keys.contains(#"Screen/VStack/Flag[.id: "options"]/isOn"#))
        #expect(update.diagnostics.isEmpty, "\(update.diagnostics)")
    }

    @Test func viewsOfOtherTypesComingGoingAndMovingLeaveKeysAlone() throws {
        let update = AppUpdate()
        try update.run(Others1.Screen()) { host in
            try host.toggle("second").toggle()
            try host.button("write note").tap()
        }
        try update.run(Others2.Screen()) { host in
            try #expect(!host.toggle("first").isOn)
            try #expect(host.toggle("second").isOn, "the second Flag is still the second Flag")
            #expect(host.texts.contains("note: written"))
        }
        #expect(update.diagnostics.isEmpty, "\(update.diagnostics)")
        #expect(update.adoptions.isEmpty)
    }

    @Test func wrappingAViewInALoneIfKeepsItsKey() throws {
        let update = AppUpdate()
        try update.run(LoneIf1.Screen()) { host in try host.toggle("wrapped").toggle() }
        try update.run(LoneIf2.Screen()) { host in try #expect(host.toggle("wrapped").isOn) }
        #expect(update.keys == ["Screen/Flag/isOn"])
        #expect(update.diagnostics.isEmpty, "\(update.diagnostics)")
    }

    @Test func typeNamesHaveNoNamespaceAndNoGenericArguments() throws {
        let update = AppUpdate()
        try update.run(Generic1.Screen()) { host in try host.toggle("expanded").toggle() }
        #expect(update.keys == ["Screen/Card/expanded"])
        try update.run(Generic2.Screen()) { host in try #expect(host.toggle("expanded").isOn) }
        #expect(update.diagnostics.isEmpty, "\(update.diagnostics)")
    }
}
