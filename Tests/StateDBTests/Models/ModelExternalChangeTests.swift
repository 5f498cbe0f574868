import Foundation
import StateDB
import Testing

// A model slot changed by another process while the app runs (`statedb set`, `rm`, `mv
// --force`): the app takes the new model, or a new copy of its initial one, and goes on
// storing it after its properties change, as it did the model it replaced.

private struct LevelScreen: View {
    @State var tracked = TrackedSettings()
    @State var settings = PlayerSettings()
    var body: some View {
        Text("level \(tracked.level) volume \(settings.volume)")
        Button("level up") { tracked.level += 1 }
        Button("louder") { settings.volume += 1 }
    }
}

/// A model in a view that build 2 of an app wraps in a stack: its row is adopted.
private struct LevelPanel: View {
    @State var tracked = TrackedSettings()
    var body: some View {
        Text("panel level \(tracked.level)")
        Button("panel level up") { tracked.level += 1 }
    }
}

private enum PanelPlain {
    struct Screen: View { var body: some View { LevelPanel() } }
}

private enum PanelInVStack {
    struct Screen: View { var body: some View { VStack { LevelPanel() } } }
}

@MainActor
@Suite(.serialized)
struct ModelExternalChangeTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    private func stored(_ key: String) throws -> String {
        try SQLiteShell.run(path, "SELECT value FROM slots WHERE key = '\(key)'")
    }

    private func cli(_ arguments: String...) throws {
        let run = try CLI.run(arguments)
        #expect(run.status == 0, "\(run)")
    }

    @Test func aModelSetByAnotherProcessIsStoredAfterItsPropertiesChange() throws {
        let store = try StateStore(path: path)
        let host = ViewHost(root: LevelScreen(), store: store)
        try host.button("level up").tap()
        #expect(try stored("LevelScreen/tracked") == #"{"level":2}"#)

        try cli("set", path, "LevelScreen/tracked", #"{"level":40}"#)
        try cli("set", path, "LevelScreen/settings", #"{"name":"ada","volume":9}"#)
        host.update()
        #expect(host.texts.first == "level 40 volume 9")

        try host.button("level up").tap()
        try host.button("louder").tap()
        try store.flush()
        #expect(host.texts.first == "level 41 volume 10")
        #expect(try stored("LevelScreen/tracked") == #"{"level":41}"#, "the new model is watched as the old one was")
        #expect(try stored("LevelScreen/settings") == #"{"name":"ada","volume":10}"#)

        // And after a restart the app finds what it showed.
        store.close()
        let again = ViewHost(root: LevelScreen(), store: try StateStore(path: path))
        #expect(again.texts.first == "level 41 volume 10")
    }

    @Test func aDeletedModelStartsAgainFromANewCopyOfItsInitialValue() throws {
        let store = try StateStore(path: path)
        let host = ViewHost(root: LevelScreen(), store: store)
        try host.button("level up").tap()
        try host.button("level up").tap()
        try host.button("louder").tap()
        #expect(host.texts.first == "level 3 volume 6")

        try cli("rm", path, "LevelScreen/tracked")
        try cli("rm", path, "LevelScreen/settings")
        host.update()
        // The initial models were the ones the app changed (the slots had no rows at mount):
        // putting them back would have kept level 3 and volume 6.
        #expect(host.texts.first == "level 1 volume 5")
        try store.flush()
        #expect(try stored("LevelScreen/tracked") == #"{"level":1}"#, "the initial value is recorded again")

        try host.button("level up").tap()
        try host.button("louder").tap()
        try store.flush()
        #expect(host.texts.first == "level 2 volume 6")
        #expect(try stored("LevelScreen/tracked") == #"{"level":2}"#, "the new copy is watched")
        #expect(try stored("LevelScreen/settings") == #"{"name":"guest","volume":6}"#)
    }

    @Test func anAdoptedModelIsStoredAfterItsPropertiesChange() throws {
        let update = AppUpdate()
        try update.run(PanelPlain.Screen()) { host in try host.button("panel level up").tap() }
        try update.run(PanelInVStack.Screen()) { host in
            #expect(host.texts.contains("panel level 2"), "adopted")
            try host.button("panel level up").tap()
        }
        #expect(update.keys == ["Screen/VStack/LevelPanel/tracked"])
        #expect(SQLiteProbe(path: update.path).value("Screen/VStack/LevelPanel/tracked") == #"{"level":3}"#, "the adopted model is watched")
    }
}
