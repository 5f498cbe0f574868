import Foundation
import StateDB
@testable import StateDBTerminal
import Testing

private struct CounterApp: App {
    var body: some Scene {
        WindowGroup("Counter") { CounterHome() }
    }
}

private struct CounterHome: View {
    @State var launches = 0
    var body: some View {
        Text("launches: \(launches)")
            .onAppear { launches += 1 }
    }
}

private struct NoWindowApp: App {
    var body: some Scene { SceneOfItsOwn() }
}

private struct SceneOfItsOwn: Scene {
    var body: some Scene {
        WindowGroup { Text("inside a scene of the app's own") }
    }
}

/// `App.main()`'s launcher: where the store is, the state across launches, and the text it
/// draws without a terminal.
@MainActor
struct AppLauncherTests {
    @Test func theStoreIsInTheXDGStateFolderUnlessSTATEDBSTOREIsSet() {
        #expect(AppLauncher.storeLocation(name: "notes", environment: ["HOME": "/home/ann"]) == "/home/ann/.local/state/notes/state.sqlite")
        #expect(AppLauncher.storeLocation(name: "notes", environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "/var/state"]) == "/var/state/notes/state.sqlite")
        #expect(AppLauncher.storeLocation(name: "notes", environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "relative"]) == "/home/ann/.local/state/notes/state.sqlite",
                "a relative XDG_STATE_HOME is ignored, as the specification says")
        #expect(AppLauncher.storeLocation(name: "notes", environment: ["STATEDB_STORE": "/tmp/n.sqlite", "XDG_STATE_HOME": "/var/state"]) == "/tmp/n.sqlite")
        #expect(AppLauncher.executableName("/usr/local/bin/notes") == "notes")
        #expect(AppLauncher.executableName(nil) == "app")
    }

    @Test func eachLaunchFindsTheStateTheLastOneLeft() throws {
        let directory = TemporaryDirectory()
        let environment = ["HOME": "/nonexistent", "XDG_STATE_HOME": directory.url.path]
        var printed: [String] = []
        for _ in 0..<2 {
            let status = AppLauncher.launch(CounterApp(), name: "counter", environment: environment, interactive: false,
                                            print: { printed.append($0) }, printError: { Issue.record("unexpected error: \($0)") })
            #expect(status == 0)
        }
        #expect(printed == ["launches: 1", "launches: 2"])
        #expect(SQLiteProbe(path: directory.path("counter/state.sqlite")).value("CounterHome/launches") == "2",
                "the folder was made, and the keys are the view's as a root")
    }

    @Test func aSceneOfTheAppsOwnIsLookedThrough() {
        let directory = TemporaryDirectory()
        var printed: [String] = []
        let status = AppLauncher.launch(NoWindowApp(), name: "own", environment: ["STATEDB_STORE": directory.storePath], interactive: false,
                                        print: { printed.append($0) }, printError: { Issue.record("unexpected error: \($0)") })
        #expect(status == 0)
        #expect(printed == ["inside a scene of the app's own"])
    }

    @Test func aStoreThatCannotBeOpenedIsOneClearErrorAndStatus1() {
        var errors: [String] = []
        let status = AppLauncher.launch(CounterApp(), name: "counter", environment: ["STATEDB_STORE": "/proc/statedb-cannot/state.sqlite"],
                                        interactive: false, print: { _ in Issue.record("nothing should be drawn") }, printError: { errors.append($0) })
        #expect(status == 1)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("counter: cannot open the store at /proc/statedb-cannot/state.sqlite: ") == true)
        #expect(errors.first?.hasSuffix("(set STATEDB_STORE to use another path)") == true)
    }
}
