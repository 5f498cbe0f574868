import Foundation
import StateDB
import Testing

// "When both change the same slot, the last commit wins" (data-flow.md, Live edits), in the
// cases where the app's change was not yet known to the store when another process's commit
// arrived: a model changed in place whose encoding is compared, a slot another process
// deleted, and the app's own deletion coming back with another process's commit.

private struct CounterScreen: View {
    @State var count = 0
    @State var settings = PlayerSettings()
    var body: some View {
        Text("count \(count) volume \(settings.volume) name \(settings.name)")
        Button("tap") { count += 1 }
        Button("louder") { settings.volume += 1 }
    }
}

private struct NickScreen: View {
    @AppStorage("nick") var nick: String?
    @State var other = 0
    var body: some View {
        Text("nick: \(nick ?? "nil")")
        Button("nick y") { nick = "y" }
        Button("other") { other += 1 }
    }
}

@MainActor
@Suite(.serialized)
struct LastCommitWinsTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    private func cli(_ arguments: String...) throws {
        let run = try CLI.run(arguments)
        #expect(run.status == 0, "\(run)")
    }

    /// `PlayerSettings` has the `CodingKeys` of the docs' model: its encoding reads no tracked
    /// property, so the store compares it before each commit. A change made after another
    /// process stored the slot, and before the refresh that brings that value in, is the app's
    /// and commits last: it was overwritten by the other value.
    @Test func aComparedModelsChangeMadeAfterAnotherCommitWins() throws {
        let store = try StateStore(path: path)
        let host = ViewHost(root: CounterScreen(), store: store)
        try host.button("louder").tap()
        try cli("set", path, "CounterScreen/settings", #"{"name":"ada","volume":9}"#)
        try host.button("louder").tap()
        #expect(host.texts.first == "count 0 volume 7 name guest")
        #expect(try SQLiteShell.run(path, "SELECT value FROM slots WHERE key = 'CounterScreen/settings'") == #"{"name":"guest","volume":7}"#)
        store.close()
    }

    @Test func aWriteMadeAfterAnotherProcessDeletedTheSlotWins() throws {
        let store = try StateStore(path: path)
        let host = ViewHost(root: CounterScreen(), store: store)
        try host.button("tap").tap()
        try host.button("tap").tap()
        try cli("rm", path, "CounterScreen/count")
        try host.button("tap").tap()
        #expect(host.texts.first?.hasPrefix("count 3 ") == true, "\(host.texts)")
        #expect(SQLiteProbe(path: path).value("CounterScreen/count") == "3")
        store.close()
        #expect(ViewHost(root: CounterScreen(), store: try StateStore(path: path)).texts.first?.hasPrefix("count 3 ") == true)
    }

    /// Store A deletes a key (`nick = nil`) in a commit made after store B's: A sees its own
    /// deletion among B's changes at its next refresh, and took it for another's, resetting the
    /// value it had written since.
    @Test func theAppsOwnDeletionIsNotTakenForAnothers() throws {
        let a = try StateStore(path: path), b = try StateStore(path: path)
        let hostA = ViewHost(root: NickScreen(), store: a)
        let hostB = ViewHost(root: NickScreen(), store: b)
        hostA.update()
        let nick = AppStorage<String?>("nick", store: a)
        nick.wrappedValue = "x"
        try a.flush()
        nick.wrappedValue = nil
        try hostB.button("other").tap()  // B commits between A's two commits
        try a.flush()
        try hostA.button("nick y").tap()
        #expect(hostA.texts.first == "nick: y")
        a.close()
        b.close()
        #expect(ViewHost(root: NickScreen(), store: try StateStore(path: path)).texts.first == "nick: y")
    }
}
