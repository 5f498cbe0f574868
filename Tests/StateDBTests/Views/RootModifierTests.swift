import StateDB
import Testing

// A host's root may carry drawing modifiers (`ContentView().padding()`, as an app's scene
// body often does), as it may carry the graph's (`.environment(model)`): they apply to the
// root view's node, whose identity and state stay the view's own.

private struct Counter: View {
    @State var taps = 0
    var body: some View {
        Text("taps \(taps)")
        Button("Tap") { taps += 1 }
    }
}

@MainActor
struct RootModifierTests {
    @Test func aPaddedRootDrawsItsContentPadded() throws {
        let host = ViewHost(root: Counter().padding(), store: .inMemory())
        #expect(host.render() == ViewHost(root: VStack { Counter() }.padding(), store: .inMemory()).render())
        #expect(host.render().contains("taps 0"), "\(host.render())")
        #expect(host.identities.first == "Counter", "the modifier adds nothing to the root's identity")
    }

    @Test func aStyledRootKeepsItsStateAcrossRuns() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: Counter().bold().foregroundStyle(.secondary), store: store)
        try host.button("Tap").tap()
        #expect(host.render() == "taps 1\n[ Tap ]")
        #expect(host.styledRenderLines().first == "\u{1B}[2m\u{1B}[1mtaps 1\u{1B}[22m\u{1B}[2m\u{1B}[22m")
        try store.flush()
        store.close()
        let again = try StateStore(path: folder.storePath)
        #expect(ViewHost(root: Counter(), store: again).render() == "taps 1\n[ Tap ]", "the same slots as without the modifiers")
        again.close()
    }

    /// `ViewHost(root: AnyView(ContentView()))` (a root chosen at run time): the root is its
    /// content, with the content's identity and state, modifiers inside or around included.
    @Test func anErasedRootIsItsContent() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: AnyView(AnyView(Counter()).padding()).bold(), store: store)
        #expect(host.identities.first == "Counter", "\(host.identities)")
        try host.button("Tap").tap()
        #expect(host.render() == ViewHost(root: Counter().padding().bold(), store: .inMemory()).render().replacingOccurrences(of: "taps 0", with: "taps 1"))
        store.close()
        let again = try StateStore(path: folder.storePath)
        #expect(ViewHost(root: Counter(), store: again).render() == "taps 1\n[ Tap ]", "the same slots as without AnyView")
        again.close()
    }
}
