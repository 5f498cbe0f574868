import Foundation
import StateDB
import Testing

/// `@AppStorage` keys are ordinary slots to `statedb`: a running host picks up `set` and `rm`
/// at its next update and re-runs exactly the readers; `rm` returns them to their defaults.
@MainActor
@Suite struct AppStorageCLITests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }
    var probe: SQLiteProbe { SQLiteProbe(path: path) }

    private func mount() throws -> (ViewHost, RenderLog) {
        let store = try StateStore(path: path)
        let log = RenderLog()
        let host = ViewHost(root: StorageViews.Root(log: log), store: store)
        _ = log.take()
        return (host, log)
    }

    private func shown(_ host: ViewHost) -> [String] {
        host.texts.filter { $0.hasPrefix("loud ") || $0.hasPrefix("quiet ") }
    }

    @Test func aSetOfAnUnsetKeyReachesEveryReaderAtTheNextUpdate() throws {
        let (host, log) = try mount()
        let created = try CLI.run("set", path, "AppStorage/volume", "7", "--type", "Int")
        #expect(created.status == 0, "\(created)")
        host.update()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 7", "quiet 7"])

        #expect(try CLI.run("set", path, "AppStorage/volume", "8").status == 0)
        host.update()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 8", "quiet 8"])
        host.store.close()
    }

    /// A value the CLI sets equal to a default the slot holds meanwhile still counts: the key
    /// had no value, now it has one, and every declaration shows it.
    @Test func aSetOfAnUnsetKeyToADeclarationsDefaultReachesTheOthers() throws {
        let (host, log) = try mount()
        #expect(try CLI.run("set", path, "AppStorage/volume", "5", "--type", "Int").status == 0)
        host.update()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 5", "quiet 5"])
        host.store.close()
    }

    @Test func getShowsWhatTheAppWrote() throws {
        let (host, _) = try mount()
        try host.button("set 9").tap()
        #expect(try CLI.run("get", path, "AppStorage/volume").stdout == "9\n")
        let slots = try #require(try CLI.run("inspect", path, "--json").json() as? [[String: Any]])
        let slot = try #require(slots.first { $0["key"] as? String == "AppStorage/volume" })
        #expect(slot["identity"] as? String == "AppStorage")
        #expect(slot["property"] as? String == "volume")
        #expect(slot["type"] as? String == "Swift.Int")
        host.store.close()
    }

    @Test func rmReturnsEveryReaderToItsDefaultAndNothingIsRecordedAgain() throws {
        let (host, log) = try mount()
        try host.button("set 9").tap()
        _ = log.take()
        let removed = try CLI.run("rm", path, "AppStorage/volume")
        #expect(removed.status == 0, "\(removed)")
        host.update()
        #expect(log.take().sorted() == ["Loud", "Quiet"])
        #expect(shown(host) == ["loud 5", "quiet 1"])
        #expect(!host.store.hasPendingWrites)
        host.update()
        #expect(try CLI.run("get", path, "AppStorage/volume").status == 1, "the app did not write a default back")

        try host.button("loud+1").tap()  // and the next write stores again
        #expect(shown(host) == ["loud 6", "quiet 6"])
        #expect(probe.value("AppStorage/volume") == "6")
        host.store.close()
    }

    /// Another type for an unset key: the app sets it aside, removes the row and keeps showing
    /// the defaults; nothing of a default is written.
    @Test func aValueOfAnotherTypeForAnUnsetKeyIsQuarantinedAndRemoved() throws {
        let (host, log) = try mount()
        let diagnostics = DiagnosticsRecorder(host.store)
        #expect(try CLI.run("set", path, "AppStorage/volume", #""loud""#, "--type", "String").status == 0)
        host.update()
        #expect(log.take() == [])
        #expect(shown(host) == ["loud 5", "quiet 1"])
        #expect(diagnostics.of(.externalChange).map(\.key) == ["AppStorage/volume"])
        #expect(!probe.keys.contains("AppStorage/volume"))
        #expect(probe.rows("SELECT key, stored_type, value FROM quarantine") == [["AppStorage/volume", "Swift.String", "loud"]])
        host.store.close()
    }

    /// The same when the store already holds a value of another type when the view mounts.
    @Test func aStoredValueOfAnotherTypeIsQuarantinedAndRemovedAtMount() throws {
        let first = try StateStore(path: path)
        try first.binding(for: "AppStorage/volume", default: "loud").wrappedValue = "louder"
        first.close()

        let store = try StateStore(path: path)
        let diagnostics = DiagnosticsRecorder(store)
        let host = ViewHost(root: StorageViews.Root(log: RenderLog()), store: store)
        #expect(diagnostics.of(.quarantined).map(\.key) == ["AppStorage/volume"])
        #expect(shown(host) == ["loud 5", "quiet 1"])
        #expect(!probe.keys.contains("AppStorage/volume"))
        #expect(probe.rows("SELECT key, value FROM quarantine") == [["AppStorage/volume", "louder"]])
        store.close()
    }

    /// Storage keys belong to no view: `orphans` never lists them and `gc` never deletes them,
    /// however long no view declaring them has mounted.
    @Test func orphansAndGCLeaveStorageKeysAlone() throws {
        let (host, _) = try mount()
        try host.button("set 9").tap()
        try host.store.binding(for: "SceneStorage/tab", default: 2).wrappedValue = 3
        host.store.close()
        try SQLiteShell.run(path, "UPDATE slots SET seen_at = 0")

        let orphans = try #require(try CLI.run("orphans", path, "--json").json() as? [String: Any])
        let keys = try #require(orphans["orphans"] as? [[String: Any]]).compactMap { $0["key"] as? String }
        #expect(keys == ["Root/VStack/Bystander/count", "Root/showsLoud"], "the views' rows are orphans, the storage keys are not")
        let collected = try CLI.run("gc", path)
        #expect(collected.status == 0, "\(collected)")
        #expect(probe.keys == ["AppStorage/volume", "SceneStorage/tab"])
    }
}
