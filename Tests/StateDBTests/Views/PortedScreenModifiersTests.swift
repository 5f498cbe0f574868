import Foundation
import StateDB
import Testing

// Modifiers ordinary SwiftUI screens use, which a terminal cannot draw (sheet heights, scroll
// indicators, offsets and turns, row backgrounds, bars): a screen written for SwiftUI compiles
// with `import StateDB`, draws as without them, and its state and controls work as before.

/// A sheet's content, as a ported screen writes it.
private struct OptionsSheet: View {
    @State var sorted = false
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        Form {
            Toggle("Sorted", isOn: $sorted)
            Button("Done") { dismiss() }
        }
    }
}

/// The notes screen with every accepted-and-ignored modifier, as SwiftUI code writes them.
private struct Decorated: View {
    @State var notes = ["Milk", "Eggs"]
    @State var draft = ""
    @State var stars = 0
    @State var showingOptions = false
    @State var detent = PresentationDetent.medium
    var body: some View {
        NavigationStack {
            List {
                ForEach(notes, id: \.self) { note in
                    Text(note)
                        .listRowBackground(Color.clear)
                        .listRowInsets(EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8))
                }
                TextField("New", text: $draft)
                Button("Add") { notes.append(draft); draft = "" }
                Text("Stars: \(stars)")
                    .offset(x: 2, y: -1)
                    .offset(CGSize(width: 1, height: 1))
                    .rotationEffect(.degrees(-5))
                    .rotationEffect(.radians(.pi), anchor: .topLeading)
                    .scaleEffect(1.2)
                    .scaleEffect(x: 1, y: 2, anchor: .bottom)
                    .scaleEffect(CGSize(width: 2, height: 2))
                    .zIndex(1)
                    .clipped()
                    .position(x: 10, y: 10)
                    .position(CGPoint(x: 0, y: 0))
                    .lineSpacing(4)
                    .minimumScaleFactor(0.5)
                    .redacted(reason: .placeholder)
                    .unredacted()
                Button("Star") { stars += 1 }
                Button("Options") { showingOptions = true }
            }
            .scrollIndicators(.hidden)
            .scrollDisabled(false)
            .scrollDismissesKeyboard(.interactively)
            .navigationTitle("Notes")
            .toolbar(.hidden, for: .tabBar)
            .toolbarBackground(.visible, for: .navigationBar)
            .toolbarBackground(Color.blue, for: .navigationBar, .bottomBar)
            .sheet(isPresented: $showingOptions) {
                OptionsSheet()
                    .presentationDetents([.medium, .large, .fraction(0.3), .height(200)], selection: $detent)
                    .presentationDetents([.medium])
                    .presentationDragIndicator(.visible)
                    .interactiveDismissDisabled()
                    .interactiveDismissDisabled(false)
            }
            ScrollView {
                Text("footer")
            }
            .scrollIndicators(.never, axes: .vertical)
        }
    }
}

/// The same screen without them.
private struct Plain: View {
    @State var notes = ["Milk", "Eggs"]
    @State var draft = ""
    @State var stars = 0
    @State var showingOptions = false
    @State var detent = PresentationDetent.medium
    var body: some View {
        NavigationStack {
            List {
                ForEach(notes, id: \.self) { note in
                    Text(note)
                }
                TextField("New", text: $draft)
                Button("Add") { notes.append(draft); draft = "" }
                Text("Stars: \(stars)")
                Button("Star") { stars += 1 }
                Button("Options") { showingOptions = true }
            }
            .navigationTitle("Notes")
            .sheet(isPresented: $showingOptions) {
                OptionsSheet()
            }
            ScrollView {
                Text("footer")
            }
        }
    }
}

@MainActor
struct PortedScreenModifiersTests {
    @Test func ignoredModifiersDrawTheScreenUnchanged() throws {
        let decorated = ViewHost(root: Decorated(), store: .inMemory())
        let plain = ViewHost(root: Plain(), store: .inMemory())
        #expect(decorated.render() == plain.render())
        #expect(decorated.render() == """
            Notes
            Milk
            Eggs
            New: []
            [ Add ]
            Stars: 0
            [ Star ]
            [ Options ]
            footer
            """)
        let withoutRoot = { (host: ViewHost) in host.identities.map { $0.split(separator: "/").dropFirst().joined(separator: "/") } }
        #expect(withoutRoot(decorated) == withoutRoot(plain), "no modifier adds to identities")
    }

    @Test func stateAndControlsWorkUnderThem() throws {
        let host = ViewHost(root: Decorated(), store: .inMemory())
        try host.textField("New").type("Bread")
        try host.button("Add").tap()
        try host.button("Star").tap()
        #expect(host.texts.contains("Bread"))
        #expect(host.texts.contains("Stars: 1"))

        try host.button("Options").tap()
        #expect(host.render() == "[ ] Sorted\n[ Done ]\nfooter", "the sheet in the list's place, whatever its detents")
        try host.toggle("Sorted").toggle()
        #expect(host.render().contains("[x] Sorted"))
        try host.button("Done").tap()
        #expect(host.render().contains("Stars: 1"), "dismissed: an interactive dismissal disabled still closes by dismiss()")
    }
}
