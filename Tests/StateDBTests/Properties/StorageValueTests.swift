import Foundation
import StateDB
import Testing

// What `@AppStorage` and `@SceneStorage` store: optionals (nil takes the value away),
// raw-representable values by their raw value, any `Codable`, in their own namespaces and in a
// store named with `store:`.

private enum Theme: String {
    case light, dark
}

private enum Level: Int {
    case low = 1, high = 2
}

/// Codable and raw-representable: stored by its raw value all the same.
private enum Mode: String, Codable {
    case simple, expert
}

private struct StoredPrefs: Codable, Equatable {
    var size = 3
    var tags: [String] = []
}

@MainActor
private enum Views {
    struct Names: View {
        let log: RenderLog
        var body: some View {
            VStack {
                Nobody(log: log)
                Guest(log: log)
            }
        }
    }

    struct Nobody: View {
        let log: RenderLog
        @AppStorage("name") var name: String?
        var body: some View {
            let _ = log.record("Nobody")
            Text("nobody sees \(name ?? "nil")")
            Button("name Ada") { name = "Ada" }
            Button("name nil") { name = nil }
        }
    }

    struct Guest: View {
        let log: RenderLog
        @AppStorage("name") var name: String? = "guest"
        var body: some View {
            let _ = log.record("Guest")
            Text("guest sees \(name ?? "nil")")
        }
    }

    struct Themes: View {
        @AppStorage("theme") var theme: Theme = .light
        @AppStorage("level") var level: Level = .low
        @AppStorage("mode") var mode: Mode = .simple
        @AppStorage("optionalMode") var optionalMode: Mode?
        @AppStorage("optionalLevel") var optionalLevel: Level?
        var body: some View {
            Text("theme \(theme.rawValue) level \(level.rawValue) mode \(mode.rawValue)")
            Text("optional mode \(optionalMode?.rawValue ?? "nil") level \(optionalLevel.map { "\($0.rawValue)" } ?? "nil")")
            DarkDefault()
            Button("dark") { theme = .dark }
            Button("high") { level = .high }
            Button("expert") { mode = .expert }
            Button("optionals") {
                optionalMode = .expert
                optionalLevel = .high
            }
            Button("no mode") { optionalMode = nil }
        }
    }

    struct DarkDefault: View {
        @AppStorage("theme") var theme: Theme = .dark
        var body: some View { Text("dark default \(theme.rawValue)") }
    }

    struct Settings: View {
        let log: RenderLog
        @AppStorage("prefs") var prefs = StoredPrefs()
        var body: some View {
            let _ = log.record("Settings")
            Text("size \(prefs.size)")
            SizeEditor(log: log, size: $prefs.size)
        }
    }

    /// Writes a part of the value through a key-path binding, without reading it.
    struct SizeEditor: View {
        let log: RenderLog
        @Binding var size: Int
        var body: some View {
            let _ = log.record("SizeEditor")
            Button("size 7") { size = 7 }
        }
    }

    struct Scene: View {
        let log: RenderLog
        @SceneStorage("tab") var tab = 0
        @AppStorage("tab") var appTab = 0
        @State var showsPanel = true
        var body: some View {
            let _ = log.record("Scene")
            Text("tab \(tab) app \(appTab)")
            Button("tab 2") { tab = 2 }
            Button("panel") { showsPanel.toggle() }
            if showsPanel { Panel(log: log) }
        }
    }

    struct Panel: View {
        let log: RenderLog
        @SceneStorage("tab") var tab = 1
        var body: some View {
            let _ = log.record("Panel")
            Text("panel tab \(tab)")
            Button("panel tab 3") { tab = 3 }
        }
    }

    /// Keeps its volume in a store of its own, not the host's.
    struct Elsewhere: View {
        @AppStorage var volume: Int
        init(store: StateStore) {
            _volume = AppStorage(wrappedValue: 5, "volume", store: store)
        }
        var body: some View {
            Text("elsewhere \(volume)")
            Button("elsewhere+1") { volume += 1 }
        }
    }
}

@MainActor
@Suite struct StorageValueTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }
    var probe: SQLiteProbe { SQLiteProbe(path: path) }

    private func row(_ key: String) -> [[String?]] {
        probe.rows("SELECT type, encoding, value FROM slots WHERE key = '\(key)'")
    }

    @Test func anOptionalIsNilUntilSetAndSettingNilTakesTheValueAway() throws {
        let store = try StateStore(path: path)
        let log = RenderLog()
        let host = ViewHost(root: Views.Names(log: log), store: store)
        _ = log.take()
        #expect(host.texts.filter { $0.contains("sees") } == ["nobody sees nil", "guest sees guest"])
        #expect(!probe.keys.contains("AppStorage/name"))

        try host.button("name Ada").tap()
        #expect(log.take().sorted() == ["Guest", "Nobody"])
        #expect(host.texts.filter { $0.contains("sees") } == ["nobody sees Ada", "guest sees Ada"])
        #expect(row("AppStorage/name") == [["Swift.Optional<Swift.String>", "text", "Ada"]])

        try host.button("name nil").tap()
        #expect(log.take().sorted() == ["Guest", "Nobody"])
        #expect(host.texts.filter { $0.contains("sees") } == ["nobody sees nil", "guest sees guest"], "each declaration's default again")
        #expect(!probe.keys.contains("AppStorage/name"), "nil deleted the row")

        try host.button("name nil").tap()
        #expect(log.take() == [], "already without a value")
        try host.button("name Ada").tap()
        #expect(row("AppStorage/name") == [["Swift.Optional<Swift.String>", "text", "Ada"]])
        store.close()
    }

    @Test func aNullSetByTheCLIIsANilValue() throws {
        let store = try StateStore(path: path)
        let host = ViewHost(root: Views.Names(log: RenderLog()), store: store)
        #expect(try CLI.run("set", path, "AppStorage/name", "null", "--type", "String?").status == 0)
        host.update()
        #expect(host.texts.filter { $0.contains("sees") } == ["nobody sees nil", "guest sees nil"])
        store.close()
    }

    @Test func rawRepresentableValuesAreStoredByTheirRawValue() throws {
        let store = try StateStore(path: path)
        let host = ViewHost(root: Views.Themes(), store: store)
        #expect(host.texts.prefix(3) == ["theme light level 1 mode simple", "optional mode nil level nil", "dark default dark"])
        try host.button("dark").tap()
        try host.button("high").tap()
        try host.button("expert").tap()
        try host.button("optionals").tap()
        #expect(host.texts.prefix(3) == ["theme dark level 2 mode expert", "optional mode expert level 2", "dark default dark"])
        #expect(row("AppStorage/theme") == [["Swift.String", "text", "dark"]])
        #expect(row("AppStorage/level") == [["Swift.Int", "integer", "2"]])
        #expect(row("AppStorage/mode") == [["Swift.String", "text", "expert"]], "a Codable enum with raw values too")
        #expect(row("AppStorage/optionalMode") == [["Swift.Optional<Swift.String>", "text", "expert"]])
        #expect(row("AppStorage/optionalLevel") == [["Swift.Optional<Swift.Int>", "integer", "2"]])
        #expect(try CLI.run("get", path, "AppStorage/theme").stdout == "\"dark\"\n")

        try host.button("no mode").tap()
        #expect(host.texts[1] == "optional mode nil level 2")
        #expect(!probe.keys.contains("AppStorage/optionalMode"), "nil took the value away")
        store.close()
    }

    /// A raw value that no case has (set by hand, or by an older build) reads as each
    /// declaration's default, and is kept.
    @Test func aRawValueThatNoCaseHasReadsAsTheDefault() throws {
        let store = try StateStore(path: path)
        let host = ViewHost(root: Views.Themes(), store: store)
        #expect(try CLI.run("set", path, "AppStorage/theme", #""sepia""#, "--type", "String").status == 0)
        host.update()
        #expect(host.texts.prefix(3) == ["theme light level 1 mode simple", "optional mode nil level nil", "dark default dark"])
        store.close()
        #expect(probe.value("AppStorage/theme") == "sepia")
    }

    @Test func anyCodableValueIsStoredAsJSONAndAPartOfItWritesThroughAKeyPathBinding() throws {
        let store = try StateStore(path: path)
        let log = RenderLog()
        let host = ViewHost(root: Views.Settings(log: log), store: store)
        _ = log.take()
        #expect(host.texts.first == "size 3")
        #expect(!probe.keys.contains("AppStorage/prefs"))
        try host.button("size 7").tap()
        #expect(log.take() == ["Settings"], "the editor only passes the binding on")
        #expect(host.texts.first == "size 7")
        #expect(row("AppStorage/prefs") == [["StateDBTests.StoredPrefs", "json", #"{"size":7,"tags":[]}"#]])
        store.close()
    }

    @Test func sceneStorageIsItsOwnNamespaceSharedKeptAndNotStoredUntilWritten() throws {
        let store = try StateStore(path: path)
        let log = RenderLog()
        let host = ViewHost(root: Views.Scene(log: log), store: store)
        _ = log.take()
        #expect(host.texts.filter { $0.contains("tab ") && !$0.hasPrefix("tab 2") && !$0.hasPrefix("panel tab 3") } == ["tab 0 app 0", "panel tab 1"])
        #expect(!probe.keys.contains { $0.hasSuffix("/tab") })

        try host.button("panel tab 3").tap()
        #expect(log.take().sorted() == ["Panel", "Scene"])
        #expect(host.texts.contains("tab 3 app 0"), "AppStorage/tab is another key")
        #expect(probe.value("SceneStorage/tab") == "3")
        #expect(!probe.keys.contains("AppStorage/tab"))

        try host.button("panel").tap()
        #expect(probe.value("SceneStorage/tab") == "3", "kept when the panel leaves")
        try host.button("tab 2").tap()
        try host.button("panel").tap()
        #expect(host.texts.contains("panel tab 2"))
        store.close()

        let reopened = try StateStore(path: path)
        let again = ViewHost(root: Views.Scene(log: RenderLog()), store: reopened)
        #expect(again.texts.contains("tab 2 app 0"))
        #expect(try CLI.run("rm", path, "SceneStorage/tab").status == 0)
        again.update()
        #expect(again.texts.contains("tab 0 app 0"))
        #expect(again.texts.contains("panel tab 1"))
        reopened.close()
    }

    /// A declaration that names its store keeps the key there: the host watches that store too
    /// (writes and other processes' edits re-run the readers, each update commits it).
    @Test func aDeclarationWithItsOwnStoreKeepsTheKeyThere() throws {
        let otherPath = folder.path("other.sqlite")
        let other = try StateStore(path: otherPath)
        let store = try StateStore(path: path)
        let host = ViewHost(root: Views.Elsewhere(store: other), store: store)
        #expect(host.texts.first == "elsewhere 5")
        try host.button("elsewhere+1").tap()
        #expect(host.texts.first == "elsewhere 6")
        #expect(SQLiteProbe(path: otherPath).value("AppStorage/volume") == "6", "committed by the host's update")
        #expect(!probe.keys.contains("AppStorage/volume"))

        #expect(try CLI.run("set", otherPath, "AppStorage/volume", "40").status == 0)
        #expect(host.needsUpdate == false)
        host.update()
        #expect(host.texts.first == "elsewhere 40")

        // Outside any view, it reads and writes the store it names.
        let outside = AppStorage(wrappedValue: 0, "volume", store: other)
        #expect(outside.wrappedValue == 40)
        outside.wrappedValue = 41
        #expect(host.needsUpdate)
        host.update()
        #expect(host.texts.first == "elsewhere 41")
        store.close()
        other.close()
    }
}
