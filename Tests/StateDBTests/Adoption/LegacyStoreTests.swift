import Foundation
import StateDB
import Testing

/// A store written by the first round of statedb (keys with block positions, no `AnyView`
/// segment), opened by the same app built with today's statedb.
@MainActor
struct LegacyStoreTests {
    private static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/v2-keys-store.sqlite")

    private func copyOfFixture(in folder: TemporaryDirectory) throws -> String {
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: folder.storePath)
        chmod(folder.storePath, 0o600)  // a store must be private; the checkout's copy is 0644
        return folder.storePath
    }

    @Test func everyValueOfAFirstRoundStoreIsKeptUnderTheNewKeys() throws {
        let folder = TemporaryDirectory()
        let path = try copyOfFixture(in: folder)
        #expect(SQLiteProbe(path: path).keys.contains("App/VStack/Counter[2]/count"), "the fixture has first-round keys")

        let store = try StateStore(path: path)
        let recorder = DiagnosticsRecorder(store)
        let host = ViewHost(root: LegacyFixture.App(), store: store)
        let lines = host.render().split(separator: "\n").map(String.init)
        for expected in LegacyFixture.expectedRender {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        #expect(try store.binding(for: "Settings/volume", default: 5).wrappedValue == 9)
        #expect(recorder.of(.stateAdopted).count == 9, "\(recorder.all)")
        #expect(recorder.all.allSatisfy { $0.kind == .stateAdopted }, "\(recorder.all)")
        store.close()

        let keys = SQLiteProbe(path: path).keys
        #expect(keys == [
            "App/VStack/Card[any]/expanded",
            "App/VStack/Counter/count",
            "App/VStack/Counter[#2]/count",
            "App/VStack/Counter[#3]/count",
            "App/VStack/ForEach/Row[id: 1]/isOn",
            "App/VStack/ForEach/Row[id: 2]/isOn",
            "App/VStack/Group/Counter[#4]/count",
            #"App/VStack/Options[.id: "options"]/badge"#,
            "App/VStack/Panel[else]/note",
            "App/items",
            "App/title",
            "Settings/volume",
        ])

        // The third open finds every value under its own key: nothing to say.
        let reopened = try StateStore(path: path)
        let quiet = DiagnosticsRecorder(reopened)
        let again = ViewHost(root: LegacyFixture.App(), store: reopened)
        #expect(again.render() == host.render())
        #expect(quiet.all.isEmpty, "\(quiet.all)")
        reopened.close()
    }

    @Test func todaysKeysRoundTripTheSameViews() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            try LegacyFixture.write(to: store)
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        let recorder = DiagnosticsRecorder(store)
        let lines = ViewHost(root: LegacyFixture.App(), store: store).render().split(separator: "\n").map(String.init)
        for expected in LegacyFixture.expectedRender {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        #expect(recorder.all.isEmpty, "\(recorder.all)")
        store.close()
    }
}
