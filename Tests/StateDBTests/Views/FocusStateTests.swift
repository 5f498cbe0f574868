import StateDB
import Testing

/// `@FocusState` with `.focused(_:)` and `.focused(_:equals:)`, through the test driver: the
/// host's focus and the bound values move together, whichever side moves first.
private enum FocusFixtures {
    struct NewItem: View {
        @State var title = ""
        @State var added: [String] = []
        @FocusState var isFocused: Bool

        var body: some View {
            VStack {
                TextField("Title", text: $title)
                    .focused($isFocused)
                Button("Add") {
                    added.append(title)
                    title = ""
                    isFocused = true
                }
                Button("Done") { isFocused = false }
                Text(isFocused ? "editing" : "idle")
            }
        }
    }

    enum Field: Hashable { case name, email }

    struct SignUp: View {
        @State var name = ""
        @State var email = ""
        @FocusState var field: Field?

        var body: some View {
            VStack {
                TextField("Name", text: $name).focused($field, equals: .name)
                TextField("Email", text: $email).focused($field, equals: .email)
                Button("Next") { field = field == .name ? .email : .name }
                Button("Clear") { field = nil }
                Text("field: \(field.map { "\($0)" } ?? "none")")
            }
        }
    }

    /// A parent whose every tap re-creates its child's struct with new inputs.
    struct Parent: View {
        @State var taps = 0
        var body: some View {
            VStack {
                Button("Tap \(taps)") { taps += 1 }
                Child(label: "taps \(taps)")
            }
        }
    }

    struct Child: View {
        let label: String
        @State var text = ""
        @FocusState var isFocused: Bool
        var body: some View {
            VStack {
                Text(label)
                TextField("Child", text: $text).focused($isFocused)
                Text(isFocused ? "child editing" : "child idle")
            }
        }
    }

    struct Toggled: View {
        @State var showField = true
        @State var text = ""
        @FocusState var isFocused: Bool
        var body: some View {
            VStack {
                if showField {
                    TextField("Field", text: $text).focused($isFocused)
                }
                Button("Hide") { showField = false }
                Button("Show and focus") {
                    showField = true
                    isFocused = true
                }
                Text(isFocused ? "editing" : "idle")
            }
        }
    }

    struct Disabled: View {
        @State var text = ""
        @FocusState var isFocused: Bool
        var body: some View {
            VStack {
                TextField("Locked", text: $text).focused($isFocused).disabled(true)
                Button("Focus it") { isFocused = true }
                Text(isFocused ? "editing" : "idle")
            }
        }
    }

    /// `.focused` on a container binds the controls inside it.
    struct Group: View {
        @State var a = ""
        @State var b = ""
        @FocusState var inForm: Bool
        var body: some View {
            VStack {
                VStack {
                    TextField("A", text: $a)
                    TextField("B", text: $b)
                }
                .focused($inForm)
                Button("Outside") { inForm = true }
                Text(inForm ? "in form" : "outside")
            }
        }
    }
}

@MainActor
@Suite("Focus state")
struct FocusStateTests {
    @Test func nothingHasTheFocusUntilSomethingMovesIt() throws {
        let host = ViewHost(root: FocusFixtures.NewItem(), store: .inMemory())
        #expect(host.focusedControl == nil)
        #expect(host.texts.contains("idle"))
        try #expect(!host.textField("Title").isFocused)
    }

    @Test func movingTheFocusUpdatesTheBoundValueAndReRunsItsReaders() throws {
        let host = ViewHost(root: FocusFixtures.NewItem(), store: .inMemory())
        try host.textField("Title").focus()
        #expect(host.focusedControl?.title == "Title")
        #expect(host.texts.contains("editing"))

        try host.button("Done").focus()
        #expect(host.focusedControl?.title == "Done")
        try #expect(!host.textField("Title").isFocused)
        #expect(host.texts.contains("idle"), "moving off the field turns the value false")
    }

    @Test func theAppSettingTheValueMovesTheFocus() throws {
        let host = ViewHost(root: FocusFixtures.NewItem(), store: .inMemory())
        try host.button("Add").focus()
        try host.textField("Title").type("milk")
        try host.button("Add").tap()
        try #expect(host.textField("Title").isFocused, "Add sets isFocused = true")
        #expect(host.focusedControl?.title == "Title")
        #expect(host.texts.contains("editing"))
        try #expect(host.textField("Title").text == "")
    }

    @Test func theAppSettingFalseResignsTheFocus() throws {
        let host = ViewHost(root: FocusFixtures.NewItem(), store: .inMemory())
        try host.textField("Title").focus()
        try host.button("Done").tap()
        #expect(host.focusedControl == nil)
        #expect(host.texts.contains("idle"))
    }

    @Test func theEqualsFormNamesOneOfSeveralControls() throws {
        let host = ViewHost(root: FocusFixtures.SignUp(), store: .inMemory())
        #expect(host.texts.contains("field: none"))
        try host.textField("Name").focus()
        #expect(host.texts.contains("field: name"))
        try host.textField("Email").focus()
        #expect(host.texts.contains("field: email"))

        try host.button("Next").tap()
        #expect(host.focusedControl?.title == "Name", "field = .name moves the focus to Name")
        #expect(host.texts.contains("field: name"))
        try host.button("Next").tap()
        #expect(host.focusedControl?.title == "Email")

        try host.button("Next").focus()
        #expect(host.texts.contains("field: none"), "a control not bound to the state has the focus")

        try host.textField("Name").focus()
        try host.button("Clear").tap()
        #expect(host.focusedControl == nil)
        #expect(host.texts.contains("field: none"))
    }

    @Test func theValueSurvivesReEvaluationAndReCreationOfTheView() throws {
        let host = ViewHost(root: FocusFixtures.Parent(), store: .inMemory())
        try host.textField("Child").focus()
        #expect(host.texts.contains("child editing"))
        let evaluations = host.bodyEvaluationCount
        try host.button("Tap").tap()
        try host.button("Tap").tap()
        #expect(host.texts.contains("taps 2"))
        #expect(host.bodyEvaluationCount > evaluations, "the child's struct was re-created and re-run")
        #expect(host.texts.contains("child editing"))
        try #expect(host.textField("Child").isFocused)
    }

    @Test func aFocusedControlLeavingTheTreeTakesTheFocusWithIt() throws {
        let host = ViewHost(root: FocusFixtures.Toggled(), store: .inMemory())
        try host.textField("Field").focus()
        #expect(host.texts.contains("editing"))
        try host.button("Hide").tap()
        #expect(host.findTextField("Field") == nil)
        #expect(host.focusedControl == nil)
        #expect(host.texts.contains("idle"), "the value turned false")

        try host.button("Show and focus").tap()
        try #expect(host.textField("Field").isFocused, "a control that appears in the same update can take the focus")
        #expect(host.texts.contains("editing"))
    }

    @Test func aDisabledControlCannotTakeTheFocus() throws {
        let host = ViewHost(root: FocusFixtures.Disabled(), store: .inMemory())
        #expect(throws: DriverError.self) { try host.textField("Locked").focus() }
        #expect(host.focusedControl == nil)
        try host.button("Focus it").tap()
        #expect(host.focusedControl == nil)
        #expect(host.texts.contains("idle"), "the request is refused and the value set back")
    }

    @Test func focusedOnAContainerCoversTheControlsInside() throws {
        let host = ViewHost(root: FocusFixtures.Group(), store: .inMemory())
        try host.textField("B").focus()
        #expect(host.texts.contains("in form"))
        try host.button("Outside").focus()
        #expect(host.texts.contains("outside"))
        try host.button("Outside").tap()
        #expect(host.focusedControl?.title == "A", "the first control inside takes the focus")
        #expect(host.texts.contains("in form"))
    }

    @Test func theValueIsNeitherPersistedNorReported() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: FocusFixtures.NewItem(), store: store)
        try host.textField("Title").focus()
        try host.textField("Title").type("milk")
        #expect(diagnostics.all.isEmpty)
        store.close()
        let keys = SQLiteProbe(path: folder.storePath).rows("SELECT key FROM slots").compactMap { $0.first ?? nil }
        #expect(keys.contains("NewItem/title"))
        #expect(!keys.contains { $0.hasSuffix("isFocused") }, "no row for the focus state: \(keys)")

        let reopened = try StateStore(path: folder.storePath)
        let again = ViewHost(root: FocusFixtures.NewItem(), store: reopened)
        try #expect(again.textField("Title").text == "milk", "the @State is persisted")
        #expect(again.focusedControl == nil, "where the focus was is not")
        #expect(again.texts.contains("idle"))
        reopened.close()
    }
}
