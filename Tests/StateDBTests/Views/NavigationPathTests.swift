import Foundation
import StateDB
import Testing

// `NavigationLink(value:)`, `.navigationDestination(for:)` and `NavigationStack(path:)`: values
// pushed on the stack's path are drawn by their type's destination, the app drives the path,
// and a path kept in `@State` brings its screens, and their state, back after a restart.

/// Internal, not private: a value stored in a `NavigationPath` has a type the run-time finds by name.
struct PathNote: Hashable, Codable {
    let id: Int
    let title: String
}

private let notes = [PathNote(id: 1, title: "Groceries"), PathNote(id: 2, title: "Ideas")]

/// A stack with a path of its own (unbound).
private struct UnboundNotes: View {
    var body: some View {
        NavigationStack {
            List {
                ForEach(notes, id: \.id) { note in
                    NavigationLink(note.title, value: note)
                }
                NavigationLink("Settings", value: "settings")
            }
            .navigationDestination(for: PathNote.self) { note in NoteScreen(note: note) }
            .navigationDestination(for: String.self) { name in Text("screen \(name)") }
        }
    }
}

private struct NoteScreen: View {
    let note: PathNote
    @State var stars = 0
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("\(note.title): \(stars) stars")
            Button("Star") { stars += 1 }
            Button("Done") { dismiss() }
            NavigationLink("Versions", value: note.id)
        }
    }
}

/// A stack bound to a path of note ids kept in a stored `@State`.
private struct BoundNotes: View {
    @State var path: [Int] = []
    var body: some View {
        VStack {
            Text("path: \(path.map(String.init).joined(separator: ","))")
            Button("Open both") { path = [1, 2] }
            NavigationStack(path: $path) {
                List {
                    ForEach(notes, id: \.id) { note in
                        NavigationLink(note.title, value: note.id)
                    }
                    NavigationLink("Wrong type", value: "text")
                }
                .navigationDestination(for: Int.self) { id in
                    NoteScreen(note: notes.first { $0.id == id }!)
                }
            }
        }
    }
}

/// A stack bound to a `NavigationPath`, with a destination registered only inside a screen.
private struct MixedPathNotes: View {
    @State var path = NavigationPath()
    var body: some View {
        VStack {
            Button("Push 7 and a") { path.append(7); path.append("a") }
            Text("depth \(path.count)")
            NavigationStack(path: $path) {
                Text("root")
                    .navigationDestination(for: Int.self) { number in
                        Text("number \(number)")
                            .navigationDestination(for: String.self) { text in Text("text \(text)") }
                    }
            }
        }
    }
}

/// A stack whose settings screen shows while a stored flag is true, and a note's while an
/// optional is set.
private struct PresentingNotes: View {
    @State var showsSettings = false
    @State var opened: Int?
    @State var showsPanel = true
    var body: some View {
        NavigationStack {
            VStack {
                Button("Settings") { showsSettings = true }
                Button("Open 2") { opened = 2 }
                Button("Hide panel") { showsPanel = false }
                if showsPanel {
                    Text("panel")
                        .navigationDestination(item: $opened) { id in
                            NoteScreen(note: notes.first { $0.id == id }!)
                        }
                }
            }
            .navigationDestination(isPresented: $showsSettings) { SettingsScreen() }
        }
    }
}

private struct SettingsScreen: View {
    @State var sound = false
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Toggle("Sound", isOn: $sound)
            Button("Close") { dismiss() }
        }
    }
}

/// A presented screen whose links push a value and a view.
private struct LinksOnAPresentedScreen: View {
    @State var shows = false
    var body: some View {
        NavigationStack {
            Button("Show") { shows = true }
                .navigationDestination(isPresented: $shows) {
                    VStack {
                        Text("presented")
                        NavigationLink("Push 5", value: 5)
                        NavigationLink("Push view") { Text("view screen") }
                    }
                }
                .navigationDestination(for: Int.self) { Text("value \($0)") }
        }
    }
}

/// Two presented destinations of one type; the first one's view can go.
private struct TwoCounters: View {
    @State var keepsFirst = true
    @State var showsFirst = false
    @State var showsSecond = false
    var body: some View {
        NavigationStack {
            VStack {
                if keepsFirst {
                    Text("first").navigationDestination(isPresented: $showsFirst) { Counter(name: "first", drop: {}) }
                }
                Button("Second") { showsSecond = true }
                    .navigationDestination(isPresented: $showsSecond) { Counter(name: "second", drop: { keepsFirst = false }) }
            }
        }
    }
}

private struct Counter: View {
    let name: String
    let drop: () -> Void
    @State var count = 0
    var body: some View {
        VStack {
            Text("\(name) \(count)")
            Button("Inc") { count += 1 }
            Button("Drop first", action: drop)
        }
    }
}

/// An unbound stack of numbers, each screen with a counter.
private struct Numbers: View {
    var body: some View {
        NavigationStack {
            VStack {
                NavigationLink("One", value: 1)
                NavigationLink("Two", value: 2)
            }
            .navigationDestination(for: Int.self) { Counter(name: "number \($0)", drop: {}) }
        }
    }
}

/// A stack bound to a `NavigationPath` in a stored `@State`, with values of two types.
private struct StoredMixedPath: View {
    @State var path = NavigationPath()
    var body: some View {
        NavigationStack(path: $path) {
            List {
                ForEach(notes, id: \.id) { note in NavigationLink(note.title, value: note) }
            }
            .navigationDestination(for: PathNote.self) { note in NoteScreen(note: note) }
            .navigationDestination(for: Int.self) { id in Text("versions of \(id)") }
        }
    }
}

/// A value that can be pushed but not stored.
private struct Unstorable: Hashable {
    let id: Int
}

/// A value that is `Codable` but whose type is private: the next run could not find it by name.
private struct PrivateRoute: Hashable, Codable {
    let id: Int
}

@MainActor
struct NavigationPathTests {
    @Test func aLinkOnAPresentedScreenPushesAboveIt() throws {
        let host = ViewHost(root: LinksOnAPresentedScreen(), store: .inMemory())
        try host.button("Show").tap()
        try host.button("Push 5").tap()
        #expect(host.render() == "[ Back ]\nvalue 5", "the value's screen came last: it is on top")
        try host.button("Back").tap()
        try host.button("Push view").tap()
        #expect(host.render() == "[ Back ]\nview screen")
        try host.button("Back").tap()
        #expect(host.render().hasPrefix("[ Back ]\npresented"))
    }

    @Test func aPresentedScreenKeepsItsKeyWhenAnotherOfItsTypeGoes() throws {
        let host = ViewHost(root: TwoCounters(), store: .inMemory())
        try host.button("Second").tap()
        try host.button("Inc").tap()
        try host.button("Inc").tap()
        try host.button("Drop first").tap()
        host.update()
        #expect(host.render().contains("second 2"), "its id did not move to the first one's: its state stayed")
    }

    @Test func anotherValueAtTheSamePlaceAfterARestartStartsAfresh() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: Numbers(), store: store)
            try host.button("One").tap()
            try host.button("Inc").tap()
            store.close()
        }
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: Numbers(), store: store)
        try host.button("Two").tap()
        #expect(host.render().contains("number 2 0"), "a screen is keyed by its value too")
        store.close()
    }

    @Test func aDestinationForATypeGoesWithItsView() throws {
        struct Nested: View {
            @State var path = NavigationPath()
            var body: some View {
                VStack {
                    Button("Push a") { path.append("a") }
                    Button("Push 7") { path.append(7) }
                    NavigationStack(path: $path) {
                        Text("root").navigationDestination(for: Int.self) { number in
                            Text("number \(number)").navigationDestination(for: String.self) { Text("text \($0)") }
                        }
                    }
                }
            }
        }
        let host = ViewHost(root: Nested(), store: .inMemory())
        try host.button("Push 7").tap()
        try host.button("Back").tap()
        host.update()
        try host.button("Push a").tap()
        #expect(host.render().hasSuffix("No navigationDestination(for: String.self) in this NavigationStack."),
                "the number screen that registered String left: its destination went with it")
    }

    @Test func aPresentedDestinationShowsWhileItsBindingSaysSoAndBackResetsIt() throws {
        let host = ViewHost(root: PresentingNotes(), store: .inMemory())
        #expect(host.render() == "[ Settings ]\n[ Open 2 ]\n[ Hide panel ]\npanel")
        try host.button("Settings").tap()
        #expect(host.render() == "[ Back ]\n[ ] Sound\n[ Close ]")
        try host.toggle("Sound").toggle()
        try host.button("Back").tap()
        #expect(host.render().hasPrefix("[ Settings ]"), "Back set isPresented to false")
        try host.button("Settings").tap()
        #expect(host.render().contains("[ ] Sound"), "closed: its state went, as a popped screen's does")
        try host.button("Close").tap()
        #expect(host.render().hasPrefix("[ Settings ]"), "dismiss() set isPresented to false")
        try host.button("Open 2").tap()
        #expect(host.render().hasPrefix("[ Back ]\nIdeas: 0 stars"), "an item's destination")
        try host.button("Done").tap()
        #expect(host.render().hasPrefix("[ Settings ]"), "dismiss() set the item to nil")
    }

    @Test func aPresentedDestinationGoesWithItsView() throws {
        let host = ViewHost(root: PresentingNotes(), store: .inMemory())
        try host.button("Open 2").tap()
        let opened = try host.store.binding(for: "PresentingNotes/opened", default: Int?.none)
        let showsPanel = try host.store.binding(for: "PresentingNotes/showsPanel", default: true)
        showsPanel.wrappedValue = false
        host.update()
        host.update()
        #expect(opened.wrappedValue == 2)
        #expect(host.render() == "[ Settings ]\n[ Open 2 ]\n[ Hide panel ]", "the view that declared it left: its screen went too")
    }

    @Test func aStoredIsPresentedShowsItsScreenWithItsStateAfterARestart() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: PresentingNotes(), store: store)
            try host.button("Settings").tap()
            try host.toggle("Sound").toggle()
            store.close()
        }
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: PresentingNotes(), store: store)
        #expect(host.render() == "[ Back ]\n[x] Sound\n[ Close ]")
        #expect(host.identities.contains(#"PresentingNotes/NavigationStack/VStack/NavigationDestinations/ForEach/NavigationDestination[id: "presented: SettingsScreen"]/VStack/SettingsScreen[any]"#))
        store.close()
    }

    @Test func aValueLinkPushesWhatItsTypesDestinationDraws() throws {
        let host = ViewHost(root: UnboundNotes(), store: .inMemory())
        #expect(host.render() == "Groceries >\nIdeas >\nSettings >")
        try host.button("Ideas").tap()
        #expect(host.render() == """
            [ Back ]
            Ideas: 0 stars
            [ Star ]
            [ Done ]
            Versions >
            """)
        try host.button("Back").tap()
        try host.button("Settings").tap()
        #expect(host.render() == "[ Back ]\nscreen settings", "each type has its own destination")
    }

    @Test func aValueWithoutADestinationSaysSo() throws {
        let host = ViewHost(root: UnboundNotes(), store: .inMemory())
        try host.button("Groceries").tap()
        try host.button("Versions").tap()
        #expect(host.render() == "[ Back ]\nNo navigationDestination(for: Int.self) in this NavigationStack.")
        try host.button("Back").tap()
        #expect(host.render().hasPrefix("[ Back ]\nGroceries: 0 stars"))
    }

    @Test func dismissPopsAValuesScreenAndAPoppedScreensStateGoes() throws {
        let host = ViewHost(root: UnboundNotes(), store: .inMemory())
        try host.button("Groceries").tap()
        try host.button("Star").tap()
        #expect(host.render().contains("Groceries: 1 stars"))
        try host.button("Done").tap()
        #expect(host.render() == "Groceries >\nIdeas >\nSettings >")
        try host.button("Groceries").tap()
        #expect(host.render().contains("Groceries: 0 stars"), "popped: its state went, as in SwiftUI")
    }

    @Test func theBoundPathDrivesTheScreensAndTheLinksAndBackChangeIt() throws {
        let host = ViewHost(root: BoundNotes(), store: .inMemory())
        try host.button("Open both").tap()
        #expect(host.render() == """
            path: 1,2
            [ Open both ]
            [ Back ]
            Ideas: 0 stars
            [ Star ]
            [ Done ]
            Versions >
            """, "the app pushed two screens; the top one is drawn")
        try host.button("Back").tap()
        #expect(host.render().hasPrefix("path: 1\n"), "Back removed the top value from the app's path")
        #expect(host.render().contains("Groceries: 0 stars"))
        try host.button("Versions").tap()
        #expect(host.render().hasPrefix("path: 1,1\n"), "a link appended its value to the app's path")
        try host.button("Done").tap()
        try host.button("Done").tap()
        #expect(host.render() == "path:\n[ Open both ]\nGroceries >\nIdeas >\nWrong type >")
        try host.button("Wrong type").tap()
        #expect(host.render().hasPrefix("path:\n"), "a value of another type than the path's is not pushed")
    }

    @Test func aStoredPathReopensOnItsScreensWithTheirState() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: BoundNotes(), store: store)
            try host.button("Ideas").tap()
            try host.button("Star").tap()
            try host.button("Star").tap()
            store.close()
        }
        let store = try StateStore(path: directory.storePath)
        let host = ViewHost(root: BoundNotes(), store: store)
        #expect(host.render() == """
            path: 2
            [ Open both ]
            [ Back ]
            Ideas: 2 stars
            [ Star ]
            [ Done ]
            Versions >
            """, "the path and the pushed screen's own state came back")
        #expect(host.identities.contains(#"BoundNotes/VStack/NavigationStack/VStack/NavigationDestinations/ForEach/NavigationDestination[id: "path 0: Int 2"]/VStack/NoteScreen[any]"#))
        try host.button("Back").tap()
        store.close()
        let reopened = try StateStore(path: directory.storePath)
        #expect(ViewHost(root: BoundNotes(), store: reopened).render().hasPrefix("path:\n"), "popping was stored too")
        reopened.close()
    }

    @Test func aNavigationPathHoldsValuesOfAnyTypeAndADestinationInsideAScreenDrawsTheNext() throws {
        let host = ViewHost(root: MixedPathNotes(), store: .inMemory())
        #expect(host.render() == "[ Push 7 and a ]\ndepth 0\nroot")
        try host.button("Push 7 and a").tap()
        #expect(host.render() == "[ Push 7 and a ]\ndepth 2\n[ Back ]\nNo navigationDestination(for: String.self) in this NavigationStack.",
                "registered while the Int screen mounted, under the screens drawn first")
        // The registration asked for another update, as a write during a body does; a terminal
        // session runs it at once.
        host.update()
        #expect(host.render() == "[ Push 7 and a ]\ndepth 2\n[ Back ]\ntext a",
                "the String destination registered inside the Int screen draws the value above it")
        try host.button("Back").tap()
        #expect(host.render() == "[ Push 7 and a ]\ndepth 1\n[ Back ]\nnumber 7")
    }

    @Test func navigationPathCountsAppendsAndRemoves() {
        var path = NavigationPath([3, 4])
        path.append("x")
        #expect(path.count == 3)
        path.removeLast(2)
        #expect(path == NavigationPath([3]))
        path.removeLast()
        #expect(path.isEmpty)
    }

    @Test func aNavigationPathOfCodableValuesIsEncodedWithItsTypesAndReadBackEqual() throws {
        var path = NavigationPath()
        path.append(2)
        path.append(PathNote(id: 3, title: "Ideas"))
        path.append("settings")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(path)
        #expect(String(decoding: data, as: UTF8.self) == """
            [{"mangledName":"Si","type":"Swift.Int","value":2},\
            {"mangledName":"12StateDBTests8PathNoteV","type":"StateDBTests.PathNote","value":{"id":3,"title":"Ideas"}},\
            {"mangledName":"SS","type":"Swift.String","value":"settings"}]
            """, "bottom first, each value as JSON with its type")
        #expect(try JSONDecoder().decode(NavigationPath.self, from: data) == path)
        let codable = try #require(path.codable, "every value is Codable")
        let representation = try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: JSONEncoder().encode(codable))
        #expect(NavigationPath(representation) == path, "SwiftUI's way round, through CodableRepresentation")
    }

    @Test func aPathIsEncodedUpToItsFirstValueThatCannotBeStoredAndHasNoCodableForm() throws {
        var path = NavigationPath([1])
        path.append(Unstorable(id: 5))
        path.append(2)
        #expect(path.codable == nil, "a value is not Codable")
        #expect(try JSONDecoder().decode(NavigationPath.self, from: JSONEncoder().encode(path)) == NavigationPath([1]),
                "stored up to that value: a restart opens below it")
        let privatePath = NavigationPath([PrivateRoute(id: 1)])
        #expect(privatePath.codable == nil, "its type could not be found by name in the next run")
        #expect(try JSONDecoder().decode(NavigationPath.self, from: JSONEncoder().encode(privatePath)) == NavigationPath())
        #expect(NavigationPath([1, 2]).codable != nil)
    }

    @Test func aNavigationPathInAStoredStateReopensOnItsScreensWithTheirState() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: StoredMixedPath(), store: store)
            try host.button("Ideas").tap()
            try host.button("Star").tap()
            try host.button("Star").tap()
            try host.button("Versions").tap()
            #expect(host.render() == "[ Back ]\nversions of 2")
            store.close()
        }
        let stored = try #require(SQLiteProbe(path: directory.storePath).value("StoredMixedPath/path"))
        #expect(stored.contains(#""type":"Swift.Int","value":2"#), "readable with the CLI: \(stored)")
        let store = try StateStore(path: directory.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: StoredMixedPath(), store: store)
        #expect(host.render() == "[ Back ]\nversions of 2", "the top screen came back")
        try host.button("Back").tap()
        #expect(host.render().hasPrefix("[ Back ]\nIdeas: 2 stars"), "and the one under it, with its state")
        #expect(diagnostics.of(.notPersisted).isEmpty, "a path of Codable values is stored, not kept in memory")
        store.close()
    }

    @Test func anOperatorsEditOfAStoredPathIsWhatTheAppOpensOnAndATypeTheAppLacksIsQuarantined() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: StoredMixedPath(), store: store)
            try host.button("Groceries").tap()
            try host.button("Versions").tap()
            store.close()
        }
        let stored = try #require(SQLiteProbe(path: directory.storePath).value("StoredMixedPath/path"))
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [Any])
        #expect(elements.count == 2)
        let onlyTheNote = String(decoding: try JSONSerialization.data(withJSONObject: [elements[0]]), as: UTF8.self)
        #expect(try CLI.run(["set", directory.storePath, "StoredMixedPath/path", onlyTheNote]).status == 0)
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: StoredMixedPath(), store: store)
            #expect(host.render().hasPrefix("[ Back ]\nGroceries: 0 stars"), "the operator took the top screen off")
            store.close()
        }
        // Not the stored value's shape: the CLI refuses it without --force.
        let renamed = #"[{"mangledName":"12NoSuchModule4GoneV","type":"NoSuchModule.Gone","value":{"id":1}}]"#
        let edit = try CLI.run(["set", directory.storePath, "StoredMixedPath/path", renamed, "--force"])
        #expect(edit.status == 0, "\(edit)")
        let store = try StateStore(path: directory.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: StoredMixedPath(), store: store)
        #expect(host.render() == "Groceries >\nIdeas >", "opens on the root")
        let quarantined = diagnostics.of(.quarantined)
        #expect(quarantined.map(\.key) == ["StoredMixedPath/path"])
        #expect(quarantined.first?.message.contains("no type NoSuchModule.Gone") == true, "\(quarantined)")
        store.close()
    }

    @Test func aPathHoldingAValueThatCannotBeStoredReopensBelowItNeverOnScreensLeftBefore() throws {
        struct Unstored: View {
            @State var path = NavigationPath()
            var body: some View {
                VStack {
                    Button("Push 1 and 2") { path.append(1); path.append(2) }
                    Button("Replace with unstorable") { path = NavigationPath([Unstorable(id: 4)]) }
                    Button("Push 3") { path.append(3) }
                    Button("Push unstorable") { path.append(Unstorable(id: 5)) }
                    NavigationStack(path: $path) {
                        Text("root")
                            .navigationDestination(for: Int.self) { Text("number \($0)") }
                            .navigationDestination(for: Unstorable.self) { Text("unstorable \($0.id)") }
                    }
                }
            }
        }
        let directory = TemporaryDirectory()
        func reopened() throws -> String {
            let store = try StateStore(path: directory.storePath)
            defer { store.close() }
            return ViewHost(root: Unstored(), store: store).render().components(separatedBy: "\n").last ?? ""
        }
        do {
            let store = try StateStore(path: directory.storePath)
            let host = ViewHost(root: Unstored(), store: store)
            try host.button("Push 1 and 2").tap()
            try store.flush()
            try host.button("Replace with unstorable").tap()
            try host.button("Push 3").tap()
            #expect(host.render().hasSuffix("[ Back ]\nnumber 3"), "the app works on")
            store.close()
        }
        #expect(try reopened() == "root", "the screens left before (1, 2) do not come back; nothing below the unstorable value")
        do {
            let store = try StateStore(path: directory.storePath)
            let diagnostics = DiagnosticsRecorder(store)
            let host = ViewHost(root: Unstored(), store: store)
            try host.button("Push 1 and 2").tap()
            try host.button("Push 3").tap()
            try host.button("Push unstorable").tap()
            try store.flush()
            #expect(diagnostics.all.isEmpty, "nothing to report: the path is stored as far as it can be")
            store.close()
        }
        #expect(try reopened() == "number 3", "stored up to the value that cannot be")
    }
}
