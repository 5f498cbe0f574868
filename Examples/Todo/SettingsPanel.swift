import StateDB

/// The settings, edited through bindings to the root view's state: the panel owns nothing.
struct SettingsPanel: View {
    @Binding var showsDone: Bool
    @Binding var confirmsRemoval: Bool

    var body: some View {
        VStack {
            Text("Settings")
            Toggle("Show done items", isOn: $showsDone)
            Toggle("Confirm before remove", isOn: $confirmsRemoval)
        }
    }
}
