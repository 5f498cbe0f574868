import Observation
import StateDB
import Testing

// Which bodies re-run when an environment value changes, asserted as exact lists of names.

private struct AccentKey: EnvironmentKey {
    static let defaultValue = "blue"
}

extension EnvironmentValues {
    fileprivate var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

private struct EnvRoot: View {
    @State var accent = "red"
    @State var other = 0
    var body: some View {
        let _ = EvaluationLog.record("EnvRoot")
        Text("other \(other) accent \(accent)")
        Middle().environment(\.accent, accent)
        Reader(name: "Outside")
    }
}

/// No inputs: skipped whenever its parent re-runs; its subtree still sees new values.
private struct Middle: View {
    var body: some View {
        let _ = EvaluationLog.record("Middle")
        VStack {
            Reader(name: "Reader")
            NonReader()
            Shadowed().environment(\.accent, "green")
        }
    }
}

private struct Reader: View {
    let name: String
    @Environment(\.accent) private var accent
    var body: some View {
        let _ = EvaluationLog.record(name)
        Text("\(name): \(accent)")
    }
}

/// Holds the property but never reads it: a change must not re-run it.
private struct NonReader: View {
    @Environment(\.accent) private var accent
    var body: some View {
        let _ = EvaluationLog.record("NonReader")
        Text("no read")
    }
}

private struct Shadowed: View {
    var body: some View {
        let _ = EvaluationLog.record("Shadowed")
        Reader(name: "Inner")
    }
}

@Observable
private final class Library {
    var title: String
    init(title: String) { self.title = title }
}

private struct LibraryRoot: View {
    @State var useSecond = false
    @State var other = 0
    let first: Library
    let second: Library
    var body: some View {
        let _ = EvaluationLog.record("LibraryRoot")
        Text("other \(other)")
        LibraryReader().environment(useSecond ? second : first)
        OptionalLibraryReader()
    }
}

private struct LibraryReader: View {
    @Environment(Library.self) private var library
    var body: some View {
        let _ = EvaluationLog.record("LibraryReader")
        Text("library \(library.title)")
    }
}

private struct OptionalLibraryReader: View {
    @Environment(Library.self) private var library: Library?
    var body: some View {
        let _ = EvaluationLog.record("OptionalLibraryReader")
        Text("optional \(library?.title ?? "none")")
    }
}

private struct StoreReader: View {
    @Environment(\.stateStore) private var store
    var body: some View {
        Text("volume \(try! store.binding(for: "settings/volume", default: 5).wrappedValue)")
    }
}

private struct Counter: View {
    @State var count = 0
    var body: some View {
        Button("count \(count)") { count += 1 }
    }
}

private enum Plain {
    struct Screen: View {
        var body: some View {
            VStack { Counter() }
        }
    }
}

private enum Modified {
    struct Screen: View {
        var body: some View {
            VStack { Counter().environment(\.accent, "red").onAppear {}.disabled(false) }
        }
    }
}

/// The same view, with and without a modifier, behind an `AnyView`: the modifiers' shape
/// changes while the view stays (a rare case the host rebuilds the environment for).
private struct Switching: View {
    @State var wrapped = true
    var body: some View {
        content
        Button("switch") { wrapped.toggle() }
    }

    private var content: AnyView {
        wrapped ? AnyView(Holder().environment(\.accent, "wrapped")) : AnyView(Holder())
    }
}

private struct Holder: View {
    var body: some View {
        let _ = EvaluationLog.record("Holder")
        VStack { Reader(name: "Held") }
    }
}

@MainActor
@Suite(.serialized)
struct EnvironmentTests {
    @Test func aViewSeesTheInnermostValueOrTheDefault() throws {
        let host = ViewHost(root: EnvRoot(), store: .inMemory())
        #expect(host.texts == ["other 0 accent red", "Reader: red", "no read", "Inner: green", "Outside: blue"])
    }

    @Test func aChangedValueReRunsOnlyItsReaders() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: EnvRoot(), store: store)
        _ = EvaluationLog.take()
        try store.binding(for: "EnvRoot/accent", default: "").wrappedValue = "yellow"
        host.update()
        #expect(EvaluationLog.take() == ["EnvRoot", "Reader"],
                "Middle has the same inputs, NonReader did not read it, Inner reads the shadowing value, Outside the default")
        #expect(host.texts == ["other 0 accent yellow", "Reader: yellow", "no read", "Inner: green", "Outside: blue"])
    }

    @Test func anUnchangedValueReRunsNoReader() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: EnvRoot(), store: store)
        _ = EvaluationLog.take()
        try store.binding(for: "EnvRoot/other", default: 0).wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == ["EnvRoot"], "the parent re-ran and passed an equal value")
    }

    @Test func anObjectIsFoundByTypeAndAnotherInstanceReRunsItsReaders() throws {
        let store = StateStore.inMemory()
        let host = ViewHost(root: LibraryRoot(first: Library(title: "first"), second: Library(title: "second")), store: store)
        #expect(host.texts == ["other 0", "library first", "optional none"])
        _ = EvaluationLog.take()

        try store.binding(for: "LibraryRoot/other", default: 0).wrappedValue = 1
        host.update()
        #expect(EvaluationLog.take() == ["LibraryRoot"], "the same instance again")

        try store.binding(for: "LibraryRoot/useSecond", default: false).wrappedValue = true
        host.update()
        #expect(EvaluationLog.take() == ["LibraryRoot", "LibraryReader"])
        #expect(host.texts == ["other 1", "library second", "optional none"])
    }

    @Test func theRootMayCarryModifiersAndKeepsItsIdentity() throws {
        let library = Library(title: "root")
        let host = ViewHost(root: OptionalLibraryReader().environment(library), store: .inMemory())
        #expect(host.texts == ["optional root"])
        #expect(host.identities.first == "OptionalLibraryReader", "no segment for the modifier")

        let store = StateStore.inMemory()
        let counter = ViewHost(root: Counter().environment(\.accent, "x").onAppear {}, store: store)
        try counter.button("count").tap()
        #expect(try store.binding(for: "Counter/count", default: -1).wrappedValue == 1)
    }

    @Test func modifiersAddNoSegmentSoTheyKeepAViewsKey() throws {
        let plain = ViewHost(root: Plain.Screen(), store: .inMemory())
        let modified = ViewHost(root: Modified.Screen(), store: .inMemory())
        #expect(plain.identities == modified.identities)
        #expect(modified.identities.contains("Screen/VStack/Counter"))

        let store = StateStore.inMemory()
        let first = ViewHost(root: Plain.Screen(), store: store)
        try first.button("count").tap()
        let second = ViewHost(root: Modified.Screen(), store: store)
        #expect(second.texts == ["count 1"], "the same key: the modified view finds the plain one's state")
    }

    @Test func modifiersThatComeAndGoOnTheSameViewRebuildItsEnvironment() throws {
        let host = ViewHost(root: Switching(), store: .inMemory())
        #expect(host.texts.first == "Held: wrapped")
        _ = EvaluationLog.take()
        try host.button("switch").tap()
        #expect(host.texts.first == "Held: blue")
        #expect(EvaluationLog.take() == ["Held"], "the same Holder: only the reader below re-runs")
        try host.button("switch").tap()
        #expect(host.texts.first == "Held: wrapped")
    }

    @Test func theStoreIsInEveryViewsEnvironment() throws {
        let store = StateStore.inMemory()
        try store.binding(for: "settings/volume", default: 0).wrappedValue = 8
        let host = ViewHost(root: StoreReader(), store: store)
        #expect(host.texts == ["volume 8"])
    }

    @Test func aValueSetOnEnvironmentValuesIsReadBackAndKeysDefault() {
        var values = EnvironmentValues()
        #expect(values.accent == "blue")
        #expect(values.isEnabled)
        values.accent = "teal"
        values.isEnabled = false
        #expect(values.accent == "teal")
        #expect(!values.isEnabled)
    }

    @Test func anEnvironmentPropertyOutsideAHostGivesTheDefault() {
        let reader = Reader(name: "loose")
        #expect(reader.body is Text)
        #expect((reader.body as? Text)?.content == "loose: blue")
        _ = EvaluationLog.take()
    }
}
