import Foundation
import StateDB
import Testing

// An `@Observable` model that is also `Codable`, held in `@State`: persisted under the slot's
// key, hydrated at mount, stored again after its properties change.

/// The usual way to write it: `CodingKeys` naming the macro's `_volume` storage. The
/// synthesized `encode(to:)` then reads the storage directly, which Observation does not see,
/// so the store compares the encoding before each commit.
@Observable
final class PlayerSettings: Codable {
    var volume = 5
    var name = "guest"
    @ObservationIgnored var unsaved = 0

    enum CodingKeys: String, CodingKey {
        case _volume = "volume"
        case _name = "name"
    }
}

/// An `encode(to:)` that reads the properties: Observation sees what it reads, so a change
/// marks the slot at once.
@Observable
final class TrackedSettings: Codable {
    var level = 1

    init() {}

    enum CodingKeys: String, CodingKey { case level }

    required init(from decoder: Decoder) throws {
        level = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .level)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(level, forKey: .level)
    }
}

private struct SettingsScreen: View {
    @State var settings = PlayerSettings()
    @State var tracked = TrackedSettings()
    let reveal: (PlayerSettings, TrackedSettings) -> Void
    var body: some View {
        let _ = reveal(settings, tracked)
        Text("volume \(settings.volume) name \(settings.name) level \(tracked.level)")
        Button("louder") { settings.volume += 1 }
        Button("level up") { tracked.level += 1 }
    }
}

@MainActor
private final class Revealed {
    var settings: PlayerSettings?
    var tracked: TrackedSettings?
    func keep(_ settings: PlayerSettings, _ tracked: TrackedSettings) {
        self.settings = settings
        self.tracked = tracked
    }
}

@MainActor
@Suite(.serialized)
struct CodableModelTests {
    private func storedValue(_ path: String, _ key: String) throws -> String {
        try SQLiteShell.run(path, "SELECT value FROM slots WHERE key = '\(key)'")
    }

    @Test func aModelIsStoredAtMountAndAgainAfterItsPropertiesChange() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let revealed = Revealed()
        let host = ViewHost(root: SettingsScreen(reveal: revealed.keep), store: store)
        #expect(try storedValue(folder.storePath, "SettingsScreen/settings") == #"{"name":"guest","volume":5}"#)
        #expect(try storedValue(folder.storePath, "SettingsScreen/tracked") == #"{"level":1}"#)

        try host.button("louder").tap()
        try host.button("level up").tap()
        #expect(try storedValue(folder.storePath, "SettingsScreen/settings") == #"{"name":"guest","volume":6}"#)
        #expect(try storedValue(folder.storePath, "SettingsScreen/tracked") == #"{"level":2}"#)
        #expect(host.texts.first == "volume 6 name guest level 2")
    }

    @Test func aChangeOutsideAnyActionIsCommittedByTheNextFlush() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let revealed = Revealed()
        _ = ViewHost(root: SettingsScreen(reveal: revealed.keep), store: store)
        #expect(!store.hasPendingWrites)

        revealed.tracked!.level = 7
        #expect(store.hasPendingWrites, "the encoding read `level`, so its change marks the slot at once")
        revealed.settings!.name = "ada"
        try store.flush()
        #expect(!store.hasPendingWrites)
        #expect(try storedValue(folder.storePath, "SettingsScreen/settings") == #"{"name":"ada","volume":5}"#)
        #expect(try storedValue(folder.storePath, "SettingsScreen/tracked") == #"{"level":7}"#)

        // A property the encoding leaves out changes nothing stored.
        let before = store.sqlStatementCount
        revealed.settings!.unsaved = 3
        try store.flush()
        #expect(store.sqlStatementCount == before, "nothing to commit")
    }

    @Test func aRestartHydratesTheStoredModelInsteadOfTheInitialOne() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            let revealed = Revealed()
            let host = ViewHost(root: SettingsScreen(reveal: revealed.keep), store: store)
            try host.button("louder").tap()
            revealed.settings!.name = "grace"
            store.close()
        }
        let revealed = Revealed()
        let host = ViewHost(root: SettingsScreen(reveal: revealed.keep), store: try StateStore(path: folder.storePath))
        #expect(host.texts.first == "volume 6 name grace level 1")
        // The hydrated instance is watched like any other.
        _ = EvaluationLog.take()
        try host.button("louder").tap()
        #expect(host.texts.first == "volume 7 name grace level 1")
    }

    @Test func aStoredModelThatNoLongerDecodesIsQuarantinedAndTheInitialOneUsed() throws {
        let folder = TemporaryDirectory()
        do {
            let store = try StateStore(path: folder.storePath)
            try store.binding(for: "SettingsScreen/settings", default: "not a model").wrappedValue = "still not"
            store.close()
        }
        let store = try StateStore(path: folder.storePath)
        let diagnostics = DiagnosticsRecorder(store)
        let revealed = Revealed()
        let host = ViewHost(root: SettingsScreen(reveal: revealed.keep), store: store)
        #expect(host.texts.first == "volume 5 name guest level 1")
        #expect(diagnostics.of(.quarantined).map(\.key) == ["SettingsScreen/settings"])
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM quarantine WHERE key = 'SettingsScreen/settings'") == "still not")
        #expect(try storedValue(folder.storePath, "SettingsScreen/settings") == #"{"name":"guest","volume":5}"#)
    }

    @Test func assigningANewInstanceStoresItAndWatchesIt() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: Replacer(), store: store)
        try host.button("replace").tap()
        #expect(try storedValue(folder.storePath, "Replacer/settings") == #"{"name":"new","volume":0}"#)
        try host.button("louder").tap()
        #expect(try storedValue(folder.storePath, "Replacer/settings") == #"{"name":"new","volume":1}"#)
        #expect(host.texts.first == "new 1")
    }
}

private struct Replacer: View {
    @State var settings = PlayerSettings()
    var body: some View {
        Text("\(settings.name) \(settings.volume)")
        Button("replace") {
            let fresh = PlayerSettings()
            fresh.name = "new"
            fresh.volume = 0
            settings = fresh
        }
        Button("louder") { settings.volume += 1 }
    }
}

/// Models held in an optional and in an array of a `@State`.
private struct ModelHolders: View {
    @State var picked: PlayerSettings?
    @State var team: [PlayerSettings] = []
    let reveal: (PlayerSettings?, [PlayerSettings]) -> Void
    var body: some View {
        let _ = reveal(picked, team)
        Text("picked \(picked?.name ?? "none") team \(team.map(\.name).joined(separator: ","))")
        Button("pick") { picked = PlayerSettings() }
        Button("recruit") { team.append(PlayerSettings()) }
    }
}

@MainActor
@Suite struct ModelHolderTests {
    @Test func modelsInAnOptionalOrAnArrayAreStoredAfterTheirPropertiesChange() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        var picked: PlayerSettings?
        var team: [PlayerSettings] = []
        let host = ViewHost(root: ModelHolders { picked = $0; team = $1 }, store: store)
        try host.button("pick").tap()
        try host.button("recruit").tap()
        try host.button("recruit").tap()
        picked!.name = "lead"
        team[1].volume = 9
        #expect(host.needsUpdate, "the body read both names")
        host.update()
        #expect(host.texts.first == "picked lead team guest,guest")
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'ModelHolders/picked'") == #"{"name":"lead","volume":5}"#)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'ModelHolders/team'")
                == #"[{"name":"guest","volume":5},{"name":"guest","volume":9}]"#)
    }
}

/// Models in the other standard containers, and nested: a dictionary, an optional array, a
/// dictionary of arrays.
private struct MoreModelHolders: View {
    @State var byName: [String: PlayerSettings] = [:]
    @State var bench: [PlayerSettings]? = nil
    @State var squads: [String: [TrackedSettings]] = [:]
    let reveal: ([String: PlayerSettings], [PlayerSettings]?, [String: [TrackedSettings]]) -> Void
    var body: some View {
        let _ = reveal(byName, bench, squads)
        Button("fill") {
            byName = ["ann": PlayerSettings()]
            bench = [PlayerSettings()]
            squads = ["red": [TrackedSettings(), TrackedSettings()]]
        }
    }
}

@MainActor
@Suite struct MoreModelHolderTests {
    @Test func modelsInDictionariesAndOptionalArraysAreStoredAfterTheirPropertiesChange() throws {
        let folder = TemporaryDirectory()
        var store = try StateStore(path: folder.storePath)
        var byName: [String: PlayerSettings] = [:], bench: [PlayerSettings]?, squads: [String: [TrackedSettings]] = [:]
        let host = ViewHost(root: MoreModelHolders { byName = $0; bench = $1; squads = $2 }, store: store)
        try host.button("fill").tap()
        try store.flush()
        byName["ann"]!.volume = 11        // compared before each commit (CodingKeys)
        bench![0].name = "sub"
        squads["red"]![1].level = 4        // watched: its encode(to:) reads the property
        #expect(store.hasPendingWrites, "the tracked model's change marked its slot at once")
        try store.flush()
        store.close()
        let value = { (property: String) in
            try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'MoreModelHolders/\(property)'")
        }
        #expect(try value("byName") == #"{"ann":{"name":"guest","volume":11}}"#)
        #expect(try value("bench") == #"[{"name":"sub","volume":5}]"#)
        #expect(try value("squads") == #"{"red":[{"level":1},{"level":4}]}"#)

        // And they come back as stored.
        store = try StateStore(path: folder.storePath)
        let again = ViewHost(root: MoreModelHolders { byName = $0; bench = $1; squads = $2 }, store: store)
        #expect(byName["ann"]?.volume == 11 && bench?.first?.name == "sub" && squads["red"]?.map(\.level) == [1, 4])
        withExtendedLifetime(again) {}
        store.close()
    }

    @Test func aModelBehindAnExplicitKeyIsStoredAfterItsPropertiesChange() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let settings = try store.binding(for: "Settings/player", default: PlayerSettings())
        let library = try store.binding(for: "Settings/roster", default: ["a": TrackedSettings()])
        try store.flush()
        settings.wrappedValue.volume = 2
        library.wrappedValue["a"]!.level = 8
        try store.flush()
        store.close()
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'Settings/player'") == #"{"name":"guest","volume":2}"#)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT value FROM slots WHERE key = 'Settings/roster'") == #"{"a":{"level":8}}"#)
    }
}

private struct ShowsSettings: View {
    @State var shown = true
    let reveal: (PlayerSettings, TrackedSettings) -> Void
    var body: some View {
        Button("hide") { shown = false }
        if shown { SettingsScreen(reveal: reveal) }
    }
}

@MainActor
@Suite struct CodableModelLifetimeTests {
    @Test func aStoredModelGoesWithItsViewAndItsRowIsDeleted() throws {
        let folder = TemporaryDirectory()
        let store = try StateStore(path: folder.storePath)
        let revealed = Revealed()
        let host = ViewHost(root: ShowsSettings(reveal: revealed.keep), store: store)
        weak let settings = revealed.settings
        weak let tracked = revealed.tracked
        revealed.settings = nil
        revealed.tracked = nil
        #expect(settings != nil && tracked != nil)
        #expect(try SQLiteShell.run(folder.storePath, "SELECT count(*) FROM slots WHERE key LIKE 'ShowsSettings/SettingsScreen/%'") == "2")
        try host.button("hide").tap()
        #expect(settings == nil && tracked == nil, "nothing keeps the models of a view that left")
        #expect(try SQLiteShell.run(folder.storePath, "SELECT count(*) FROM slots WHERE key LIKE 'ShowsSettings/SettingsScreen/%'") == "0")
        try store.flush()  // the polled cell of the model that went is skipped, not encoded
        #expect(!store.hasPendingWrites)
    }
}
