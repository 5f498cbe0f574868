import Foundation
import StateDB
import Testing

// `@AppStorage` and `@SceneStorage`: keyed slots in the host's store, shared by every view
// that names the key, kept when views leave the tree. A declaration's default is not stored:
// each shows its own while the key has no value. Which bodies re-run is asserted as exact
// lists of names, with a log per host (suites run in parallel).

@MainActor
enum StorageViews {
    /// Three declarations of "volume" with three defaults: two read it, one only writes it.
    struct Root: View {
        let log: RenderLog
        @State var showsLoud = true
        var body: some View {
            let _ = log.record("Root")
            VStack {
                Button("hide loud") { showsLoud.toggle() }
                if showsLoud { Loud(log: log) }
                Quiet(log: log)
                Writer(log: log)
                Bystander(log: log)
            }
        }
    }

    struct Loud: View {
        let log: RenderLog
        @AppStorage("volume") var volume = 5
        var body: some View {
            let _ = log.record("Loud")
            Text("loud \(volume)")
            Button("loud+1") { volume += 1 }
            Button("loud=default") { volume = 5 }
        }
    }

    struct Quiet: View {
        let log: RenderLog
        @AppStorage("volume") var volume = 1
        var body: some View {
            let _ = log.record("Quiet")
            Text("quiet \(volume)")
            Button("quiet=default") { volume = 1 }
        }
    }

    /// Declares the key and writes it, never reads it: its writes must not re-run it.
    struct Writer: View {
        let log: RenderLog
        @AppStorage("volume") var volume = 0
        var body: some View {
            let _ = log.record("Writer")
            Button("set 9") { volume = 9 }
        }
    }

    struct Bystander: View {
        let log: RenderLog
        @State var count = 0
        var body: some View {
            let _ = log.record("Bystander")
            Text("count \(count)")
        }
    }
}

@MainActor
@Suite struct AppStorageTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }
    var probe: SQLiteProbe { SQLiteProbe(path: path) }

    private func mount() throws -> (ViewHost, RenderLog) {
        let store = try StateStore(path: path)
        let log = RenderLog()
        let host = ViewHost(root: StorageViews.Root(log: log), store: store)
        #expect(log.take() == ["Root", "Loud", "Quiet", "Writer", "Bystander"])
        return (host, log)
    }

    /// What the readers show (the texts that are not button titles).
    private func shown(_ host: ViewHost) -> [String] {
        host.texts.filter { $0.hasPrefix("loud ") || $0.hasPrefix("quiet ") }
    }

    @Test func eachDeclarationShowsItsOwnDefaultAndNothingIsStored() throws {
        let (host, _) = try mount()
        #expect(shown(host) == ["loud 5", "quiet 1"])
        #expect(!host.store.hasPendingWrites)
        #expect(probe.keys == ["Root/VStack/Bystander/count", "Root/showsLoud"], "no row for the key: the defaults are not stored")
        host.update()
        host.store.close()
        #expect(!probe.keys.contains("AppStorage/volume"))
    }

    @Test func aWriteStoresTheValueAndReRunsEveryReaderAndOnlyThem() throws {
        let (host, log) = try mount()
        try host.button("loud+1").tap()  // 5 (Loud's default) + 1
        #expect(log.take().sorted() == ["Loud", "Quiet"], "the writer's sibling reads the key too; Root, Writer and Bystander do not")
        #expect(shown(host) == ["loud 6", "quiet 6"])
        #expect(probe.value("AppStorage/volume") == "6")
        #expect(probe.rows("SELECT type FROM slots WHERE key = 'AppStorage/volume'") == [["Swift.Int"]])

        try host.button("set 9").tap()
        #expect(log.take().sorted() == ["Loud", "Quiet"], "a declaration that only writes does not depend on the key")
        #expect(shown(host) == ["loud 9", "quiet 9"])
        #expect(probe.value("AppStorage/volume") == "9")

        try host.button("set 9").tap()
        #expect(log.take() == [], "an equal write does nothing")
        host.store.close()
    }

    /// Writing the default stores it too, as `UserDefaults.set` does: then every declaration
    /// shows that value, whatever its own default.
    @Test func writingADeclarationsDefaultStoresIt() throws {
        let (host, log) = try mount()
        try host.button("quiet=default").tap()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 1", "quiet 1"])
        #expect(probe.value("AppStorage/volume") == "1")
        host.store.close()
    }

    /// Even the default of the declaration that created the slot in memory: it is what the
    /// slot holds while it has no value, and still the write counts.
    @Test func writingTheDefaultOfTheFirstDeclarationStoresIt() throws {
        let (host, log) = try mount()
        try host.button("loud=default").tap()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 5", "quiet 5"])
        #expect(probe.value("AppStorage/volume") == "5")
        host.store.close()
    }

    @Test func aViewLeavingTheTreeKeepsTheValueAndFindsItWhenItComesBack() throws {
        let (host, log) = try mount()
        try host.button("loud+1").tap()
        _ = log.take()
        try host.button("hide loud").tap()
        #expect(log.take() == ["Root"])
        #expect(shown(host) == ["quiet 6"])
        #expect(probe.value("AppStorage/volume") == "6", "the row stays: the key is not the view's")

        try host.button("set 9").tap()
        #expect(log.take() == ["Quiet"], "the gone view no longer reads it")
        try host.button("hide loud").tap()
        #expect(log.take() == ["Root", "Loud"])
        #expect(shown(host) == ["loud 9", "quiet 9"])
        try host.button("loud+1").tap()
        #expect(log.take().sorted() == ["Loud", "Quiet"], "the view that came back reads it again")
        #expect(probe.value("AppStorage/volume") == "10")
        host.store.close()
    }

    @Test func aViewLeavingTheTreeWithTheKeyUnsetWritesNothing() throws {
        let (host, _) = try mount()
        try host.button("hide loud").tap()
        try host.button("hide loud").tap()
        #expect(shown(host) == ["loud 5", "quiet 1"])
        host.store.close()
        #expect(!probe.keys.contains("AppStorage/volume"))
    }

    @Test func theValueSurvivesClosingAndReopeningTheStore() throws {
        let (host, _) = try mount()
        try host.button("set 9").tap()
        host.store.close()

        let (reopened, _) = try mount()
        #expect(shown(reopened) == ["loud 9", "quiet 9"], "the stored value, not either default")
        reopened.store.close()
    }

    /// A process that writes the key and exits, and one that reads it: the real restart.
    @Test func theValueSurvivesTheEndOfTheProcessThatWroteIt() throws {
        let child = try ChildProcess.helper(["storage-set", path, "volume", "12"])
        #expect(try child.requireLine() == "ok")
        #expect(child.waitForExit() == 0)
        #expect(probe.value("AppStorage/volume") == "12")
        let (host, _) = try mount()
        #expect(shown(host) == ["loud 12", "quiet 12"])
        host.store.close()
    }

    /// Two hosts on one store (two windows): a write in one re-runs the other's readers at its
    /// next update.
    @Test func aWriteReachesTheReadersOfAnotherHostOnTheSameStore() throws {
        let store = try StateStore(path: path)
        let firstLog = RenderLog(), secondLog = RenderLog()
        let first = ViewHost(root: StorageViews.Root(log: firstLog), store: store)
        let second = ViewHost(root: StorageViews.Root(log: secondLog), store: store)
        _ = firstLog.take()
        _ = secondLog.take()
        try first.button("set 9").tap()
        #expect(firstLog.take().sorted() == ["Loud", "Quiet"])
        second.update()
        #expect(secondLog.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(second) == ["loud 9", "quiet 9"])
        store.close()
    }

    /// `store.binding(for:)` reaches the same slot from outside any view (a background task, a
    /// tool); as for any new key, it records its default when the key has no value.
    @Test func aBindingForTheKeyIsTheSameSlotAndRecordsItsDefaultWhenThereIsNone() throws {
        let (host, log) = try mount()
        let volume = try host.store.binding(for: "AppStorage/volume", default: 5)
        #expect(volume.wrappedValue == 5)
        host.update()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 5", "quiet 5"])
        #expect(probe.value("AppStorage/volume") == "5")

        volume.wrappedValue = 4
        host.update()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 4", "quiet 4"])
        #expect(try host.store.binding(for: "AppStorage/volume", default: 0).wrappedValue == 4, "a default only fills a key without a value")
        host.store.close()
    }

    @Test func aDeclarationOfTheKeyWithAnotherTypeIsReportedAndKeptInMemory() throws {
        let store = try StateStore(path: path)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: Conflicting(), store: store)
        #expect(diagnostics.of(.typeConflict).count == 1)
        #expect(host.texts == ["number 5", "word loud"])
        store.close()
        #expect(!probe.keys.contains("AppStorage/volume"))
    }

    @Test func aRootViewNamedLikeTheNamespaceIsReported() throws {
        let store = StateStore.inMemory()
        let diagnostics = DiagnosticsRecorder(store)
        _ = ViewHost(root: Reserved.AppStorage(), store: store)
        #expect(diagnostics.of(.reservedIdentity).map(\.key) == ["AppStorage"])
        _ = ViewHost(root: StorageViews.Root(log: RenderLog()), store: store)
        #expect(diagnostics.of(.reservedIdentity).count == 1, "other names are not")
    }

    /// Outside a host, a declaration without a store is a plain variable, as `@State` is.
    @Test func outsideAHostADeclarationIsAPlainVariable() {
        let storage = AppStorage(wrappedValue: 5, "volume")
        #expect(storage.wrappedValue == 5)
        storage.wrappedValue = 6
        #expect(storage.wrappedValue == 6)
        #expect(storage.projectedValue.slotKey == nil)
    }
}

private struct Conflicting: View {
    @AppStorage("volume") var number = 5
    var body: some View {
        Text("number \(number)")
        Words()
    }
}

private struct Words: View {
    @AppStorage("volume") var word = "loud"
    var body: some View {
        Text("word \(word)")
    }
}

private enum Reserved {
    struct AppStorage: View {
        var body: some View { Text("reserved") }
    }
}
