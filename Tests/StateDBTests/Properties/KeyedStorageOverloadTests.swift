import Foundation
import StateDB
import Testing

// `@AppStorage` and `@SceneStorage` share one family of initializers: each overload must
// resolve the same way for both (the same stored form, the same default), and only the
// namespace of the key differs. Each declaration below stands beside its twin, and each key
// names the overload it exercises.

private enum Theme: String { case light, dark }
private enum Level: Int { case low = 1, high = 2 }
private enum Mode: String, Codable { case simple, expert }
private enum Rank: Int, Codable { case first = 1, second = 2 }
private struct SizePrefs: Codable, Equatable { var size = 3 }

@MainActor
private struct EveryOverload: View {
    @AppStorage("int") var appInt = 5
    @SceneStorage("int") var sceneInt = 5
    @AppStorage("codable") var appCodable = SizePrefs()
    @SceneStorage("codable") var sceneCodable = SizePrefs()
    @AppStorage("rawString") var appRawString: Theme = .light
    @SceneStorage("rawString") var sceneRawString: Theme = .light
    @AppStorage("rawInt") var appRawInt: Level = .low
    @SceneStorage("rawInt") var sceneRawInt: Level = .low
    @AppStorage("codableRawString") var appCodableRawString: Mode = .simple
    @SceneStorage("codableRawString") var sceneCodableRawString: Mode = .simple
    @AppStorage("codableRawInt") var appCodableRawInt: Rank = .first
    @SceneStorage("codableRawInt") var sceneCodableRawInt: Rank = .first
    @AppStorage("optionalWithDefault") var appOptionalWithDefault: String? = "guest"
    @SceneStorage("optionalWithDefault") var sceneOptionalWithDefault: String? = "guest"
    @AppStorage("optional") var appOptional: Int?
    @SceneStorage("optional") var sceneOptional: Int?
    @AppStorage("optionalRawString") var appOptionalRawString: Theme?
    @SceneStorage("optionalRawString") var sceneOptionalRawString: Theme?
    @AppStorage("optionalRawInt") var appOptionalRawInt: Level?
    @SceneStorage("optionalRawInt") var sceneOptionalRawInt: Level?
    @AppStorage("optionalCodableRawString") var appOptionalCodableRawString: Mode?
    @SceneStorage("optionalCodableRawString") var sceneOptionalCodableRawString: Mode?
    @AppStorage("optionalCodableRawInt") var appOptionalCodableRawInt: Rank?
    @SceneStorage("optionalCodableRawInt") var sceneOptionalCodableRawInt: Rank?

    /// Each key's value as the app declaration and the scene declaration show it.
    var shown: [(key: String, app: String, scene: String)] {
        [("int", "\(appInt)", "\(sceneInt)"),
         ("codable", "\(appCodable.size)", "\(sceneCodable.size)"),
         ("rawString", appRawString.rawValue, sceneRawString.rawValue),
         ("rawInt", "\(appRawInt.rawValue)", "\(sceneRawInt.rawValue)"),
         ("codableRawString", appCodableRawString.rawValue, sceneCodableRawString.rawValue),
         ("codableRawInt", "\(appCodableRawInt.rawValue)", "\(sceneCodableRawInt.rawValue)"),
         ("optionalWithDefault", appOptionalWithDefault ?? "nil", sceneOptionalWithDefault ?? "nil"),
         ("optional", appOptional.map { "\($0)" } ?? "nil", sceneOptional.map { "\($0)" } ?? "nil"),
         ("optionalRawString", appOptionalRawString?.rawValue ?? "nil", sceneOptionalRawString?.rawValue ?? "nil"),
         ("optionalRawInt", appOptionalRawInt.map { "\($0.rawValue)" } ?? "nil", sceneOptionalRawInt.map { "\($0.rawValue)" } ?? "nil"),
         ("optionalCodableRawString", appOptionalCodableRawString?.rawValue ?? "nil", sceneOptionalCodableRawString?.rawValue ?? "nil"),
         ("optionalCodableRawInt", appOptionalCodableRawInt.map { "\($0.rawValue)" } ?? "nil", sceneOptionalCodableRawInt.map { "\($0.rawValue)" } ?? "nil")]
    }

    var body: some View {
        Text(shown.map { "\($0.key) \($0.app) \($0.scene)" }.joined(separator: "; "))
        Button("write both") {
            (appInt, sceneInt) = (6, 6)
            (appCodable, sceneCodable) = (SizePrefs(size: 7), SizePrefs(size: 7))
            (appRawString, sceneRawString) = (.dark, .dark)
            (appRawInt, sceneRawInt) = (.high, .high)
            (appCodableRawString, sceneCodableRawString) = (.expert, .expert)
            (appCodableRawInt, sceneCodableRawInt) = (.second, .second)
            (appOptionalWithDefault, sceneOptionalWithDefault) = ("Ada", "Ada")
            (appOptional, sceneOptional) = (8, 8)
            (appOptionalRawString, sceneOptionalRawString) = (.dark, .dark)
            (appOptionalRawInt, sceneOptionalRawInt) = (.high, .high)
            (appOptionalCodableRawString, sceneOptionalCodableRawString) = (.expert, .expert)
            (appOptionalCodableRawInt, sceneOptionalCodableRawInt) = (.second, .second)
        }
    }
}

@MainActor
@Suite struct KeyedStorageOverloadTests {
    let folder = TemporaryDirectory()
    var probe: SQLiteProbe { SQLiteProbe(path: folder.storePath) }

    /// What each overload stores once written: type, encoding and value. The raw-representable
    /// overloads store the raw value, also for `Codable` enums, which the plain `Codable`
    /// overload would store as the enum's own type.
    let stored: [String: [String?]] = [
        "int": ["Swift.Int", "integer", "6"],
        "codable": ["StateDBTests.SizePrefs", "json", #"{"size":7}"#],
        "rawString": ["Swift.String", "text", "dark"],
        "rawInt": ["Swift.Int", "integer", "2"],
        "codableRawString": ["Swift.String", "text", "expert"],
        "codableRawInt": ["Swift.Int", "integer", "2"],
        "optionalWithDefault": ["Swift.Optional<Swift.String>", "text", "Ada"],
        "optional": ["Swift.Optional<Swift.Int>", "integer", "8"],
        "optionalRawString": ["Swift.Optional<Swift.String>", "text", "dark"],
        "optionalRawInt": ["Swift.Optional<Swift.Int>", "integer", "2"],
        "optionalCodableRawString": ["Swift.Optional<Swift.String>", "text", "expert"],
        "optionalCodableRawInt": ["Swift.Optional<Swift.Int>", "integer", "2"],
    ]

    private func row(_ key: String) -> [[String?]] {
        probe.rows("SELECT type, encoding, value FROM slots WHERE key = '\(key)'")
    }

    @Test func everyOverloadShowsTheSameDefaultForBothAndStoresNothing() throws {
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: EveryOverload(), store: store)
        #expect(host.texts.first == "int 5 5; codable 3 3; rawString light light; rawInt 1 1; codableRawString simple simple; codableRawInt 1 1; optionalWithDefault guest guest; optional nil nil; optionalRawString nil nil; optionalRawInt nil nil; optionalCodableRawString nil nil; optionalCodableRawInt nil nil")
        try store.flush()
        #expect(!probe.keys.contains { $0.hasPrefix("AppStorage/") || $0.hasPrefix("SceneStorage/") })
        store.close()
    }

    @Test func everyOverloadStoresTheSameFormForBothUnderItsOwnNamespace() throws {
        let store = try StateStore(path: folder.storePath)
        let host = ViewHost(root: EveryOverload(), store: store)
        try host.button("write both").tap()
        try store.flush()
        #expect(Set(probe.keys.filter { $0.contains("Storage/") }) == Set(stored.keys.flatMap { ["AppStorage/\($0)", "SceneStorage/\($0)"] }))
        for (key, expected) in stored {
            #expect(row("AppStorage/\(key)") == [expected], "AppStorage/\(key)")
            #expect(row("SceneStorage/\(key)") == [expected], "SceneStorage/\(key)")
        }
        store.close()

        let reopened = try StateStore(path: folder.storePath)
        let again = ViewHost(root: EveryOverload(), store: reopened)
        #expect(again.texts.first == "int 6 6; codable 7 7; rawString dark dark; rawInt 2 2; codableRawString expert expert; codableRawInt 2 2; optionalWithDefault Ada Ada; optional 8 8; optionalRawString dark dark; optionalRawInt 2 2; optionalCodableRawString expert expert; optionalCodableRawInt 2 2")
        reopened.close()
    }
}
