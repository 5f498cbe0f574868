import Foundation
import StateDB
import Testing

// Modifiers and views ordinary SwiftUI screens use, which a terminal cannot draw (sheet
// heights, scroll indicators, offsets and turns, row backgrounds, bars) or draws its own way
// (a long press, a safe-area inset, `ViewThatFits`, `.equatable()`): a screen written for
// SwiftUI compiles with `import StateDB` and its state and controls work as before.

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

/// An equatable view of the app's: its body re-runs only when `value` changes.
private struct TensCount: View, Equatable {
    let value: Int
    var body: some View {
        let _ = EvaluationLog.record("TensCount")
        Text("Tens: \(value)")
    }
}

/// A chat screen with insets, a long press, a choice of layouts and an equatable view.
private struct Chat: View {
    @State var message = ""
    @State var sent: [String] = []
    @State var pressed = 0
    @State var tapped = 0
    var body: some View {
        ScrollView {
            ForEach(sent, id: \.self) { Text($0) }
        }
        .safeAreaInset(edge: .top) { Text("Chat") }
        .safeAreaInset(edge: .bottom, spacing: 0) {
            HStack {
                TextField("Message", text: $message)
                Button("Send") { sent.append(message); message = "" }
            }
        }
        ViewThatFits(in: .horizontal) {
            HStack { Text("Held \(pressed)"); Button("Reset") { pressed = 0 } }
            VStack { Text("Held \(pressed)"); Button("Reset") { pressed = 0 } }
            Text("\(pressed)")
        }
        Text("Hold me").onLongPressGesture { pressed += 1 }
        Text("Tap or hold")
            .onLongPressGesture(minimumDuration: 1, perform: { pressed += 100 }, onPressingChanged: { _ in pressed += 1000 })
            .onTapGesture { tapped += 1 }
        Text("Taps: \(tapped)")
        TensCount(value: pressed / 10).equatable()
    }
}

/// Insets at the side edges, and a `ViewThatFits` whose first view may show nothing.
private struct Sides: View {
    @State var wide = false
    var body: some View {
        Text("middle")
            .safeAreaInset(edge: .leading) { Text("left") }
            .safeAreaInset(edge: .trailing, alignment: .bottom) { Text("right") }
        ViewThatFits {
            if wide { Text("wide layout") }
            Text("narrow layout")
        }
        Toggle("Wide", isOn: $wide)
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

    @Test func insetsAreDrawnAtTheirEdgesAndTheFirstViewThatFitsShows() throws {
        let host = ViewHost(root: Chat(), store: .inMemory())
        #expect(host.render() == """
            Chat
            Message: []  [ Send ]
            Held 0  [ Reset ]
            Hold me
            Tap or hold
            Taps: 0
            Tens: 0
            """)
        try host.textField("Message").type("hi")
        try host.button("Send").tap()
        #expect(host.render().hasPrefix("Chat\nhi\nMessage: []  [ Send ]\n"), "the scroll view's content between its insets")
        // Each inset takes a place of each kind: the inner one's top is the second `Before`.
        #expect(host.identities.contains("Chat/SafeAreaInsetBefore[#2]/Text"))
        #expect(host.identities.contains("Chat/SafeAreaInsetAfter[#2]/HStack/Button"))
        #expect(host.identities.contains("Chat/ScrollView/ForEach/Text[id: \"hi\"]"), "the view keeps its keys")
        #expect(host.identities.contains("Chat/ViewThatFits/HStack/Button"))
        #expect(!host.identities.contains { $0.contains("ViewThatFits/VStack") }, "the other views are not mounted")
        #expect(host.buttons("Reset").count == 1)
    }

    @Test func aLongPressIsActivatedAsATap() throws {
        let host = ViewHost(root: Chat(), store: .inMemory())
        _ = EvaluationLog.take()
        try host.button("Hold me").tap()
        #expect(host.texts.contains("Held 1"))
        #expect(EvaluationLog.take() == [], "1 / 10 == 0 / 10: the equatable view's body did not run")
        try host.button("Tap or hold").tap()
        #expect(host.texts.contains("Taps: 1"), "with a tap gesture too, the tap's action runs")
        #expect(host.texts.contains("Held 1"), "and the long press's does not")
        for _ in 0..<9 { try host.button("Hold me").tap() }
        #expect(host.texts.contains("Tens: 1"))
        #expect(EvaluationLog.take() == ["TensCount"])
        #expect(host.identities.contains("Chat/TensCount"), "`.equatable()` adds no segment")
        try host.button("Reset").tap()
        #expect(host.texts.contains("Held 0"))
    }

    @Test func sideInsetsAndAnEmptyFirstChoice() throws {
        let host = ViewHost(root: Sides(), store: .inMemory())
        #expect(host.render() == "left\nmiddle\nright\nnarrow layout\n[ ] Wide")
        #expect(host.identities.contains("Sides/ViewThatFits/Text[#2]"), "numbered as in its block")
        #expect(host.identities.contains("Sides/SafeAreaInsetBefore[#2]/Text"))
        try host.toggle("Wide").toggle()
        #expect(host.render() == "left\nmiddle\nright\nwide layout\n[x] Wide")
    }
}
