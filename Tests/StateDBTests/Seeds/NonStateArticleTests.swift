import StateDB
import Testing

// The second seed article (mutating without a refresh), with `import StateDB`.

@MainActor
enum NonStateArticle {
    static var networkCalls = 0
    /// What the article's code printed.
    static var printed: [String] = []
}

/// The article's `print`, captured so the tests can check it instead of writing to stdout.
@MainActor
private func print(_ line: String) {
    NonStateArticle.printed.append(line)
}

enum WithState {
    struct MyView: View {
        @State var hasLoaded = false

        var body: some View {
            Button {
                if !hasLoaded {
                    self.load()
                } else {

                }
            } label: {
                Text("Button")
            }
        }

        func load() {
            print("Networking-")
            NonStateArticle.networkCalls += 1
            self.hasLoaded = true // the view refreshes here (if its body read hasLoaded)
        }
    }
}

enum WithNonState {
    struct MyView: View {
        @NonState var hasLoaded = false

        var body: some View {
            Button {
                if !hasLoaded {
                    self.load()
                } else {
                    // no-op
                }
            } label: {
                Text("Button")
            }
        }  // (the article omits this brace)

        func load() {
            print("Networking-")
            NonStateArticle.networkCalls += 1
            self.hasLoaded = true
        }
    }
}

@MainActor
@Suite(.serialized)
struct NonStateArticleTests {
    init() {
        NonStateArticle.networkCalls = 0
        NonStateArticle.printed = []
    }

    @Test func testNonStateWriteFromANonMutatingMethodRefreshesNothingAndPersists() throws {
        let folder = TemporaryDirectory()
        let path = folder.storePath
        do {
            let store = try StateStore(path: path)
            let host = ViewHost(root: WithNonState.MyView(), store: store)
            #expect(host.render() == "[ Button ]")
            #expect(host.bodyEvaluationCount == 1)
            try host.button("Button").tap()
            try host.button("Button").tap()
            #expect(NonStateArticle.networkCalls == 1, "the second tap sees hasLoaded == true")
            #expect(NonStateArticle.printed == ["Networking-"])
            #expect(host.bodyEvaluationCount == 1, "NonState writes refresh nothing")
            #expect(!host.needsUpdate)
            store.close()
        }
        let store = try StateStore(path: path)
        let host = ViewHost(root: WithNonState.MyView(), store: store)
        try host.button("Button").tap()
        #expect(NonStateArticle.networkCalls == 1, "hasLoaded survived the restart")
        let hasLoaded = try store.binding(for: "MyView/hasLoaded", default: false)
        #expect(hasLoaded.wrappedValue)
    }

    @Test func testStateVersionPersistsTooAndOnlyReadersRefresh() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: WithState.MyView(), store: store)
        try host.button("Button").tap()
        try host.button("Button").tap()
        #expect(NonStateArticle.networkCalls == 1)
        #expect(NonStateArticle.printed == ["Networking-"])
        // The body reads hasLoaded only inside the action, never while it runs, so it does not
        // depend on it: per-read invalidation re-runs nothing.
        #expect(host.bodyEvaluationCount == 1)
        #expect(try store.binding(for: "MyView/hasLoaded", default: false).wrappedValue)
    }
}
