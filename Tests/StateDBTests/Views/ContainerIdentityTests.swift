import StateDB
import Testing

// List, Section, Form and ScrollView are containers like VStack: a segment each, the views
// inside numbered with the body around them; modifiers take no part in identity.

private struct Item: Identifiable, Codable, Hashable {
    var id: Int
}

private enum InList {
    struct Screen: View {
        let items = [Item(id: 1), Item(id: 2)]
        var body: some View {
            Flag(title: "top")
            List {
                Section("Rows") {
                    ForEach(items) { item in Flag(title: "row \(item.id)") }
                }
                Section {
                    Flag(title: "inner")
                } header: {
                    Text("Other")
                }
            }
            Form {
                Flag(title: "form")
            }
            ScrollView {
                Flag(title: "scrolled")
            }
        }
    }
}

private enum ListData {
    struct Screen: View {
        let items = [Item(id: 7)]
        var body: some View {
            List(items) { item in Flag(title: "row \(item.id)") }
        }
    }
}

private enum Plain {
    struct Screen: View {
        var body: some View {
            Text("title")
            Flag(title: "wifi")
            Note()
        }
    }
}

private enum Wrapped {
    struct Screen: View {
        var body: some View {
            Text("title")
            List {
                Section("Network") {
                    Flag(title: "wifi")
                }
            }
            Form {
                Note()
            }
        }
    }
}

private enum Styled {
    struct Screen: View {
        var body: some View {
            Text("title").bold()
            Flag(title: "wifi").padding().foregroundStyle(.red).frame(maxWidth: 200)
            Note().hidden()
        }
    }
}

@MainActor
@Suite("List, Section, Form, ScrollView and modifiers: identity")
struct ContainerIdentityTests {
    @Test func containersAreSegmentsAndNumberWithTheBodyAroundThem() {
        let host = ViewHost(root: InList.Screen(), store: .inMemory())
        let flags = host.identities.filter { $0.split(separator: "/").last?.hasPrefix("Flag") == true }
        #expect(flags == [
            "Screen/Flag",
            "Screen/List/Section/ForEach/Flag[id: 1]",
            "Screen/List/Section/ForEach/Flag[id: 2]",
            "Screen/List/Section[#2]/Flag[#2]",
            "Screen/Form/Flag[#3]",
            "Screen/ScrollView/Flag[#4]",
        ])
        #expect(host.identities.contains("Screen/List/Section[#2]/SectionHeader/Text"))
    }

    @Test func listOfDataIsAListOfAForEach() {
        let host = ViewHost(root: ListData.Screen(), store: .inMemory())
        #expect(host.identities.contains("Screen/List/ForEach/Flag[id: 7]"))
    }

    @Test func stateInsideSectionsKeepsItsKeyAcrossRuns() throws {
        let update = AppUpdate()
        try update.run(InList.Screen()) { host in
            try host.toggle("row 2").toggle()
            try host.toggle("inner").toggle()
        }
        #expect(update.keys.contains("Screen/List/Section/ForEach/Flag[id: 2]/isOn"))
        try update.run(InList.Screen()) { host in
            try #expect(host.toggle("row 2").isOn)
            try #expect(host.toggle("inner").isOn)
            try #expect(!host.toggle("row 1").isOn)
        }
    }

    @Test func wrappingViewsInAListSectionOrFormCarriesTheirStateOver() throws {
        let update = AppUpdate()
        try update.run(Plain.Screen()) { host in
            try host.toggle("wifi").toggle()
            try host.button("write note").tap()
        }
        try update.run(Wrapped.Screen()) { host in
            try #expect(host.toggle("wifi").isOn)
            #expect(host.texts.contains("note: written"))
        }
        #expect(update.diagnostics(.stateAdopted).compactMap(\.key).sorted() == [
            "Screen/Form/Note/text",
            "Screen/List/Section/Flag/isOn",
        ])
    }

    @Test func modifiersKeepTheKeysOfTheViewsTheyModify() throws {
        let update = AppUpdate()
        try update.run(Plain.Screen()) { host in
            try host.toggle("wifi").toggle()
            try host.button("write note").tap()
        }
        let keys = update.keys
        try update.run(Styled.Screen()) { host in
            try #expect(host.toggle("wifi").isOn)
            #expect(host.texts.contains("note: written"))
            #expect(host.identities == ["Screen", "Screen/Text", "Screen/Flag", "Screen/Flag/Toggle", "Screen/Note", "Screen/Note/Text", "Screen/Note/Button", "Screen/Note/Button/Text"])
        }
        #expect(update.keys == keys)
        #expect(update.diagnostics(.stateAdopted).isEmpty, "nothing had to move")
    }
}
