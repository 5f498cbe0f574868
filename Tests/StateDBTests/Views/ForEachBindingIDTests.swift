import StateDB
import Testing

// `ForEach($items, id: \.keyPath) { $item in … }`: element bindings for elements that are not
// Identifiable, the id read through a key path (`\.self` included).

private struct Person: Codable, Equatable {
    var name: String
    var age: Int
}

private struct Tags: View {
    @State var tags = ["x", "y"]
    @State var people = [Person(name: "Ada", age: 36), Person(name: "Alan", age: 41)]
    var body: some View {
        VStack {
            ForEach($tags, id: \.self) { $tag in
                TextField("Tag", text: $tag)
                Button("Shout \(tag)") { tag += "!"; tag += "?" }
            }
            ForEach($people, id: \.name) { $person in
                Stepper("\(person.name): \(person.age)", value: $person.age)
            }
            Button("Reverse") { people.reverse() }
            Text(tags.joined(separator: ","))
        }
    }
}

/// Two elements with one id: `Add` pressed twice gives two empty tags.
private struct EmptyTags: View {
    @State var tags = ["", ""]
    var body: some View {
        VStack {
            ForEach($tags, id: \.self) { $tag in
                TextField("Tag", text: $tag)
            }
            Text(tags.joined(separator: "|"))
        }
    }
}

@MainActor
struct ForEachBindingIDTests {
    /// Each row edits its own element even when another has the same id (SwiftUI's binding
    /// `ForEach` goes by position): typing into the second empty tag must not fill the first.
    @Test func rowsWithTheSameIDEachEditTheirOwnElement() throws {
        let host = ViewHost(root: EmptyTags(), store: .inMemory())
        let second = host.textFields("Tag")[1]
        try second.type("b")
        #expect(host.texts.last == "|b", "\(host.texts)")
        try second.type("bc")  // the field's whole text
        #expect(host.texts.last == "|bc", "the binding followed its element under its new id: \(host.texts)")
    }

    @Test func eachRowEditsItsOwnElement() throws {
        let host = ViewHost(root: Tags(), store: .inMemory())
        #expect(host.render() == """
            Tag: [x]
            [ Shout x ]
            Tag: [y]
            [ Shout y ]
            Ada: 36 [-/+]
            Alan: 41 [-/+]
            [ Reverse ]
            x,y
            """)
        try host.textFields("Tag")[1].type("why")
        #expect(host.texts.last == "x,why")
        #expect(host.identities.contains("Tags/VStack/ForEach/TextField[id: \"why\"]"), "\(host.identities)")
    }

    @Test func aBindingFollowsItsElementWhenItsWriteChangesTheID() throws {
        let host = ViewHost(root: Tags(), store: .inMemory())
        try host.button("Shout x").tap()
        #expect(host.texts.last == "x!?,y", "the second write found the element under its new id")
    }

    @Test func bindingsFollowTheIDAcrossAReorder() throws {
        let host = ViewHost(root: Tags(), store: .inMemory())
        let ada = try host.stepper("Ada")
        try host.button("Reverse").tap()
        try ada.increment()  // the row kept its identity (its id) across the reorder, and its binding finds Ada by name
        #expect(host.render().contains("Alan: 41 [-/+]\nAda: 37 [-/+]"), "\(host.render())")
    }
}
