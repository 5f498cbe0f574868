import StateDB
import Testing

// Every example of the first seed article (@State, @Binding, projected value), verbatim but
// for `import StateDB` and a namespace per section (several sections reuse the same names).

enum Section1 {
    // ❌ Anti-pattern: the same data owned in two places.
    struct ParentView: View {
        @State var isOn = false
    }

    struct ChildView: View {
        @State var isOn = false  // a separate copy: no synchronisation with the parent
    }
}

enum Section2 {
    struct CounterView: View {
        @State private var count = 0  // this view's source of truth

        var body: some View {
            Button("탭: \(count)") {
                count += 1
            }
        }
    }
}

enum Section3 {
    struct CounterView: View {
        @State private var isOn: Bool

        // Injecting the initial value from outside
        init(initialValue: Bool) {
            _isOn = State(initialValue: initialValue) // initialising the wrapper itself
        }
    }

    /// The three ways to reach a wrapper, and `type(of:)` on them (sections 3 and 4).
    struct AccessView: View {
        @State private var isOn = false

        var body: some View {
            Text("\(type(of: isOn)) \(type(of: $isOn)) \(type(of: _isOn))")
        }
    }
}

enum Section5 {
    struct ToggleView: View {
        @Binding var isOn: Bool  // the original is the parent's @State

        var body: some View {
            Toggle("알림", isOn: $isOn)
        }
    }

    struct Host: View {
        @State var isOn = false
        var body: some View {
            Text(isOn ? "on" : "off")
            ToggleView(isOn: $isOn)
        }
    }
}

enum Section6 {
    struct ParentView: View {
        @State private var isOn = false  // ✅ the single source of truth

        var body: some View {
            VStack {
                Text(isOn ? "켜짐" : "꺼짐") // reading wrappedValue
                ChildView(isOn: $isOn) // passing projectedValue (Binding)
            }
        }
    }

    struct ChildView: View {
        @Binding var isOn: Bool  // a reference to the original, not owned

        var body: some View {
            Toggle("스위치", isOn: $isOn)  // @Binding's projectedValue
        }
    }
}

enum Section7 {
    // ❌ Passing the value: the child gets a copy.
    struct CopyChild: View {
        @State var isOn: Bool
        init(isOn: Bool) { _isOn = State(initialValue: isOn) }
        var body: some View { Toggle("copy", isOn: $isOn) }
    }

    // ✅ Passing the binding: the child changes the parent's @State.
    struct BindingChild: View {
        @Binding var isOn: Bool
        var body: some View { Toggle("reference", isOn: $isOn) }
    }

    struct ParentView: View {
        @State var isOn = false
        var body: some View {
            VStack {
                Text("parent: \(isOn)")
                CopyChild(isOn: isOn)
                BindingChild(isOn: $isOn)
            }
        }
    }
}

@MainActor
struct StateBindingArticleTests {
    @Test func testSourceOfTruthAntiPatternKeepsTwoIndependentSlots() throws {
        let store = StateStore.inMemory()
        let parent = ViewHost(root: Section1.ParentView(), store: store)
        let child = ViewHost(root: Section1.ChildView(), store: store)
        let parentIsOn = try store.binding(for: "ParentView/isOn", default: true)
        let childIsOn = try store.binding(for: "ChildView/isOn", default: true)
        #expect(!parentIsOn.wrappedValue, "mounting records the initial value")
        parentIsOn.wrappedValue = true
        parent.update()
        child.update()
        #expect(parentIsOn.wrappedValue)
        #expect(!childIsOn.wrappedValue, "the child's copy does not follow the parent")
    }

    @Test func testCounterViewCountsTapsAndKeepsThemAcrossARestart() throws {
        let folder = TemporaryDirectory()
        let path = folder.storePath
        do {
            let store = try StateStore(path: path)
            let host = ViewHost(root: Section2.CounterView(), store: store)
            #expect(host.render() == "[ 탭: 0 ]")
            try host.button("탭").tap()
            try host.button("탭").tap()
            #expect(host.render() == "[ 탭: 2 ]")
            #expect(host.bodyEvaluationCount == 3, "mount plus one re-evaluation per tap")
            store.close()
        }
        let reopened = try StateStore(path: path)
        let host = ViewHost(root: Section2.CounterView(), store: reopened)
        #expect(host.render() == "[ 탭: 2 ]", "a new struct and a new process-level store keep the count")
    }

    @Test func testInitialValueIsUsedOnlyWhenTheStoreHasNoValue() throws {
        let store = StateStore.inMemory()
        _ = ViewHost(root: Section3.CounterView(initialValue: true), store: store)
        let isOn = try store.binding(for: "CounterView/isOn", default: false)
        #expect(isOn.wrappedValue)
        _ = ViewHost(root: Section3.CounterView(initialValue: false), store: store)
        #expect(isOn.wrappedValue, "the stored value wins over a new initial value")
    }

    @Test func testWrappedProjectedAndWrapperTypes() throws {
        let host = ViewHost(root: Section3.AccessView(), store: .inMemory())
        #expect(host.texts == ["Bool Binding<Bool> State<Bool>"])
    }

    @Test func testBindingChildWritesTheParentsState() throws {
        let host = ViewHost(root: Section5.Host(), store: .inMemory())
        #expect(host.render() == "off\n[ ] 알림")
        try host.toggle("알림").toggle()
        #expect(host.render() == "on\n[x] 알림")
    }

    @Test func testFlowParentReRunsChildDoesNot() throws {
        let host = ViewHost(root: Section6.ParentView(), store: .inMemory())
        #expect(host.render() == "꺼짐\n[ ] 스위치")
        let before = host.bodyEvaluationCount
        #expect(before == 2)
        try host.toggle("스위치").toggle()
        #expect(host.render() == "켜짐\n[x] 스위치")
        #expect(host.bodyEvaluationCount - before == 1, "only the parent read isOn; the child got the same binding")
    }

    @Test func testPassingAValueGivesACopyPassingABindingGivesAReference() throws {
        let host = ViewHost(root: Section7.ParentView(), store: .inMemory())
        try host.toggle("copy").toggle()
        #expect(host.texts == ["parent: false"], "the copy changed, the parent did not")
        try #expect(host.toggle("copy").isOn)
        try host.toggle("reference").toggle()
        #expect(host.texts == ["parent: true"], "the binding changed the parent's @State")
    }
}
