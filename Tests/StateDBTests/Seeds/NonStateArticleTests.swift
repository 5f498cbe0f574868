import StateDB
import Testing

// The second seed article (mutating without a refresh), with `import StateDB`.

@MainActor
enum NonStateArticle {
    static var networkCalls = 0
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

enum TheArticlesOwnWrapper {
    // The article's hand-written wrapper compiles beside ours (it shadows ours in this scope).
    @propertyWrapper
    /// @State에서 View가 Refresh되지 않고 mutating이 가능한 참조타입 래핑
    public final class NonState<T> { // 레퍼런스 타입이 될것
        /// 내부 값타입
        private var value: T

        /// 참조타입처럼 보여질 값
        public var wrappedValue: T {
            get { self.value }
            set { self.value = newValue }
        }

        /// 값타입으로 초기화
        public init(wrappedValue: T) {
            self.value = wrappedValue
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
        // The body reads hasLoaded only inside the action, never while it runs, so it does not
        // depend on it: per-read invalidation re-runs nothing.
        #expect(host.bodyEvaluationCount == 1)
        #expect(try store.binding(for: "MyView/hasLoaded", default: false).wrappedValue)
    }

    @Test func testTheArticlesOwnWrapperStillCompiles() {
        final class Holder {
            @TheArticlesOwnWrapper.NonState var value = 1
        }
        let holder = Holder()
        holder.value = 2
        #expect(holder.value == 2)
    }
}
