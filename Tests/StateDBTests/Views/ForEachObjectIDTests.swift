import Foundation
import StateDB
import Testing

// A `ForEach` over `Identifiable` classes that keep the default id, `ObjectIdentifier`: the id
// names the object only in this process, so a row's state cannot be found after a restart.
// The store says so, once, where it happens.

@Observable
private final class Memo: Identifiable {
    var text: String
    init(text: String) { self.text = text }
}

private final class Tagged: Identifiable {
    let id: Int
    init(id: Int) { self.id = id }
}

private struct NoteRow: View {
    let title: String
    @State var starred = false
    var body: some View { Toggle(title, isOn: $starred) }
}

private struct Notes: View {
    let notes = [Memo(text: "first"), Memo(text: "second")]
    var body: some View { ForEach(notes) { note in NoteRow(title: note.text) } }
}

private struct TaggedNotes: View {
    let items = [Tagged(id: 1), Tagged(id: 2)]
    var body: some View { ForEach(items) { item in NoteRow(title: "tag \(item.id)") } }
}

@MainActor
struct ForEachObjectIDTests {
    @Test func idsThatNameObjectsAreReportedOnce() throws {
        let store = StateStore.inMemory()
        let recorder = DiagnosticsRecorder(store)
        let host = ViewHost(root: Notes(), store: store)
        try host.toggle("first").toggle()
        host.update()
        let reported = recorder.all.filter { $0.kind == .notPersisted }
        #expect(reported.count == 1, "\(recorder.all)")
        #expect(reported.first?.key == "Notes/ForEach")
        #expect(reported.first?.message.contains("ObjectIdentifier") == true)
    }

    @Test func classesWithTheirOwnIDsAreNotReported() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let recorder = DiagnosticsRecorder(store)
        let host = ViewHost(root: TaggedNotes(), store: store)
        try host.toggle("tag 1").toggle()
        #expect(recorder.all.isEmpty, "\(recorder.all)")
        #expect(SQLiteProbe(path: folder.storePath).value("TaggedNotes/ForEach/NoteRow[id: 1]/starred") == "1", "keyed by the class's own id")
        store.close()
    }
}
