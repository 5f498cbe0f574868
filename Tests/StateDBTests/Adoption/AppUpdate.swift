import Foundation
import StateDB

/// Runs two builds of an app on one store file, as a user upgrading would: build 1 mounts,
/// `act` changes its state, the store is closed; build 2 opens the same file in a new store and
/// mounts. Each build's views live in a namespace of their own (`Build1.Screen`,
/// `Build2.Screen`): the same type names, other code.
@MainActor
final class AppUpdate {
    let folder = TemporaryDirectory()
    private(set) var diagnostics: [StateDiagnostic] = []

    var path: String { folder.storePath }

    /// Mounts `root` on the file, runs `act`, closes the store.
    func run<Root: View>(_ root: Root, options: StateStore.Options = StateStore.Options(), _ act: (ViewHost) throws -> Void = { _ in }) throws {
        let store = try StateStore(path: path, options: options)
        let recorder = DiagnosticsRecorder(store)
        let host = ViewHost(root: root, store: store)
        try act(host)
        try store.flush()
        store.close()
        diagnostics = recorder.all
    }

    /// The diagnostics of the last run, of `kind`.
    func diagnostics(_ kind: StateDiagnostic.Kind) -> [StateDiagnostic] {
        diagnostics.filter { $0.kind == kind }
    }

    /// Every slot key in the file, sorted.
    var keys: [String] { SQLiteProbe(path: path).keys }

    /// The moves recorded in the file: (new key, old key).
    var adoptions: [[String?]] { SQLiteProbe(path: path).rows("SELECT key, from_key FROM statedb_adoptions ORDER BY id") }
}

/// A switch whose state the tests follow from build to build.
struct Flag: View {
    let title: String
    @State var isOn = false
    var body: some View { Toggle(title, isOn: $isOn) }
}

/// A counter with a text slot, for slots of another type.
struct Note: View {
    @State var text = "blank"
    var body: some View {
        Text("note: \(text)")
        Button("write note") { text = "written" }
    }
}
