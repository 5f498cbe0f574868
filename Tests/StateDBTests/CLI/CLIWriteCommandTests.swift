import Foundation
@_spi(Admin) import StateDB
import Testing

/// set, rm, mv, gc, quarantine and import, run as the built binary; every write is read
/// back through the library with the app's own types.
@Suite struct CLIWriteCommandTests {
    let folder = TemporaryDirectory()
    var path: String { folder.storePath }

    init() throws { try makeSampleStore(at: folder.storePath) }

    private func tick() throws -> Int64 { try sqliteScalar(path, "SELECT tick FROM statedb_clock") }

    @Test func setWritesWhatTheAppDecodes() throws {
        let before = try tick()
        #expect(try CLI.run("set", path, SampleKeys.count, "-7").stdout == "set ContentView/count = -7 (Swift.Int)\n")
        #expect(try CLI.run("set", path, SampleKeys.nickname, #""Ada""#).status == 0)
        #expect(try CLI.run("set", path, SampleKeys.level, "255").status == 0)
        #expect(try CLI.run("set", path, SampleKeys.avatar, #"{"$base64": "AQID"}"#).status == 0)
        #expect(try CLI.run("set", path, SampleKeys.prefs, #"{"size": 4, "tags": ["x", "y"]}"#).status == 0)
        #expect(try CLI.run(["set", path, SampleKeys.isOn, "-"], stdin: "false\n").status == 0)

        #expect(try readBack(path, SampleKeys.count, as: Int.self, default: 0) == -7)
        #expect(try readBack(path, SampleKeys.nickname, as: String?.self, default: nil) == "Ada")
        #expect(try readBack(path, SampleKeys.level, as: UInt8.self, default: 0) == 255)
        #expect(try readBack(path, SampleKeys.avatar, as: Data.self, default: Data()) == Data([1, 2, 3]))
        #expect(try readBack(path, SampleKeys.prefs, as: Prefs.self, default: Prefs(size: 0, tags: [])) == Prefs(size: 4, tags: ["x", "y"]))
        #expect(try readBack(path, SampleKeys.isOn, as: Bool.self, default: true) == false)
        // Each command was one transaction that advanced the clock once.
        #expect(try tick() >= before + 6)
    }

    @Test func eachWriteAdvancesTheClockOnceAndStampsItsRows() throws {
        let before = try tick()
        #expect(try CLI.run("set", path, SampleKeys.count, "4").status == 0)
        #expect(try tick() == before + 1)
        #expect(try sqliteScalar(path, "SELECT version FROM slots WHERE key = '\(SampleKeys.count)'") == before + 1)
        #expect(try CLI.run("rm", path, "--prefix", "Settings").status == 0)
        #expect(try tick() == before + 2)
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slot_tombstones WHERE key LIKE 'Settings/%' AND version = \(before + 2)") == 4)
    }

    @Test func setOfAnEqualValueWritesNothing() throws {
        let bytes = try fileBytes(path), before = try tick()
        let run = try CLI.run("set", path, SampleKeys.count, "3")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("unchanged"))
        #expect(try tick() == before)
        #expect(try fileBytes(path) == bytes)
    }

    @Test(arguments: [
        (SampleKeys.isOn, #""yes""#, "got a string (\"yes\"), expected true or false"),
        (SampleKeys.level, "300", "300 is out of range for UInt8 (0...255)"),
        (SampleKeys.level, "-1", "-1 is out of range for UInt8"),
        (SampleKeys.count, "1.5", "expected a whole number"),
        (SampleKeys.count, "9223372036854775808", "out of range for Int"),
        (SampleKeys.nickname, "5", "expected a string"),
        (SampleKeys.avatar, #""AQID""#, #"expected {"$base64": "…"}"#),
        (SampleKeys.prefs, #"{"size": 4}"#, #"key "tags" is missing"#),
        (SampleKeys.prefs, #"{"size": "4", "tags": []}"#, "at .size: got a string"),
        (SampleKeys.prefs, #"{"size": 4, "tags": [], "colour": 1}"#, #"key "colour" is not in the stored value"#),
        (SampleKeys.prefs, #"{"size": 4, "tags": [1]}"#, "at .tags[0]: got the number 1 where the stored value has a string"),
        (SampleKeys.prefs, "null", "is not an optional"),
    ])
    func setRefusesAValueOfTheWrongType(key: String, json: String, message: String) throws {
        let bytes = try fileBytes(path)
        let run = try CLI.run("set", path, key, json)
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr.contains(message), "\(run)")
        #expect(run.stderr.contains("Nothing was written"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try fileBytes(path) == bytes)
        #expect(walIsEmpty(path))
    }

    @Test func forceStoresAnAppTypeOfAnotherShape() throws {
        // The app's type may accept it (an optional field that was nil): the operator decides.
        let run = try CLI.run("set", path, SampleKeys.prefs, #"{"size": 9, "tags": [], "note": "x"}"#, "--force")
        #expect(run.status == 0, "\(run)")
        #expect(try readBack(path, SampleKeys.prefs, as: Prefs.self, default: Prefs(size: 0, tags: [])) == Prefs(size: 9, tags: []))
        // --force never overrides an exact check.
        #expect(try CLI.run("set", path, SampleKeys.isOn, "1", "--force").status == 3)
    }

    @Test func typeCreatesASlotTheAppThenReads() throws {
        let run = try CLI.run("set", path, "Settings/volume", "7", "--type", "Int")
        #expect(run.stdout == "created Settings/volume = 7 (Swift.Int)\n", "\(run)")
        #expect(try CLI.run("set", path, "Settings/names", #"["a", "b"]"#, "--type", "[String]").status == 0)
        #expect(try CLI.run("set", path, "Settings/limits", #"{"a": 1, "b": null}"#, "--type", "Swift.Dictionary<Swift.String, Swift.Optional<Swift.Int16>>").status == 0)
        #expect(try readBack(path, "Settings/volume", as: Int.self, default: 0) == 7)
        #expect(try readBack(path, "Settings/names", as: [String].self, default: []) == ["a", "b"])
        #expect(try readBack(path, "Settings/limits", as: [String: Int16?].self, default: [:]) == ["a": 1, "b": Int16?.none])
        let json = try #require(try CLI.run("get", path, "Settings/names", "--json").json() as? [String: Any])
        #expect(json["type"] as? String == SlotType.storedName(of: [String].self))
    }

    @Test func typeOfAnExistingSlotMustMatch() throws {
        let bytes = try fileBytes(path)
        let conflict = try CLI.run("set", path, SampleKeys.count, #""3""#, "--type", "String")
        #expect(conflict.status == 4, "\(conflict)")
        #expect(try fileBytes(path) == bytes)
        #expect(try CLI.run("set", path, SampleKeys.count, "4", "--type", "Swift.Int").status == 0)
        // An app type needs its module; without --type an unknown key is not created.
        #expect(try CLI.run("set", path, "A/b", "{}", "--type", "Settings").status == 2)
        #expect(try CLI.run("set", path, "A/b", "1").status == 1)
    }

    @Test func rmDeletesAKeyOrAPrefix() throws {
        let deleted = try CLI.run("rm", path, SampleKeys.count)
        #expect(deleted.status == 0)
        #expect(try CLI.run("get", path, SampleKeys.count).status == 1)

        let bytes = try fileBytes(path)
        let dryRun = try CLI.run("rm", path, "--prefix", "ContentView/List/Row", "--dry-run", "--json")
        let listed = try #require(try dryRun.json() as? [[String: Any]]).compactMap { $0["key"] as? String }
        #expect(listed == [SampleKeys.isOn, SampleKeys.otherIsOn])
        #expect(try fileBytes(path) == bytes)

        #expect(try CLI.run("rm", path, "--prefix", "ContentView/List/Row").status == 0)
        let keys = try #require(try CLI.run("inspect", path, "--json").json() as? [[String: Any]]).compactMap { $0["key"] as? String }
        #expect(!keys.contains(SampleKeys.isOn))
        #expect(keys.contains(SampleKeys.neighbour))
        #expect(try CLI.run("rm", path, "--prefix", "Nowhere").status == 1)
        #expect(try CLI.run("rm", path, "Nowhere/x").status == 1)
    }

    @Test func mvReKeysAnIdentityAndRefusesCollisions() throws {
        let moved = try CLI.run("mv", path, "ContentView/List", "ContentView/Grid")
        #expect(moved.status == 0, "\(moved)")
        #expect(try CLI.run("get", path, #"ContentView/Grid/Row[id: "42"]/isOn"#).stdout == "true\n")
        #expect(try CLI.run("get", path, SampleKeys.isOn).status == 1)
        #expect(try readBack(path, #"ContentView/Grid/Row[id: "42"]/isOn"#, as: Bool.self, default: false) == true)
        #expect(try CLI.run("mv", path, "ContentView/", "Home").status == 2)  // "Homecount"? No.

        // Renaming a property onto one that exists is refused, and nothing moves.
        let bytes = try fileBytes(path)
        let collision = try CLI.run("mv", path, SampleKeys.level, SampleKeys.nickname)
        #expect(collision.status == 4, "\(collision)")
        #expect(collision.stderr.contains("already exist"))
        #expect(try fileBytes(path) == bytes)

        let forced = try CLI.run("mv", path, SampleKeys.level, SampleKeys.nickname, "--force", "--json")
        #expect(forced.status == 0, "\(forced)")
        let result = try #require(try forced.json() as? [String: Any])
        #expect(result["overwritten"] as? [String] == [SampleKeys.nickname])
        let entry = try #require(try CLI.run("get", path, SampleKeys.nickname, "--json").json() as? [String: Any])
        #expect(entry["type"] as? String == "Swift.UInt8")
        #expect(entry["value"] as? Int == 200)
    }

    @Test func mvOntoItsOwnSubtreeKeepsEveryValue() throws {
        // ContentView → ContentView/Old: each new key is longer than its old one, and some
        // new keys equal old ones of other rows; nothing may be lost in between.
        let run = try CLI.run("mv", path, "ContentView", "ContentView/Old")
        #expect(run.status == 0, "\(run)")
        #expect(try CLI.run("get", path, "ContentView/Old/count").stdout == "3\n")
        #expect(try CLI.run("get", path, #"ContentView/Old/List/Row[id: "42"]/isOn"#).stdout == "true\n")
        let back = try CLI.run("mv", path, "ContentView/Old", "ContentView")
        #expect(back.status == 0, "\(back)")
        #expect(try CLI.run("get", path, SampleKeys.count).stdout == "3\n")
        #expect(try sqliteScalar(path, "SELECT count(*) FROM slots") == 9)
    }

    @Test func gcDeletesOrphansOnly() throws {
        let old = Int64((Date().timeIntervalSince1970 - 100 * 86_400) * 1000)
        try sqlite(path, "UPDATE slots SET seen_at = \(old) WHERE key LIKE 'ContentView/%'")
        let bytes = try fileBytes(path)
        let dryRun = try CLI.run("gc", path, "--unseen-for", "90d", "--dry-run")
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.contains("5 slot(s) would be deleted"), "\(dryRun)")
        #expect(try fileBytes(path) == bytes)

        #expect(try CLI.run("gc", path, "--unseen-for", "101d").stdout.contains("no slots unseen for 101d"))
        let run = try CLI.run("gc", path, "--unseen-for", "90d", "--json")
        #expect(run.status == 0)
        #expect(try #require(try run.json() as? [[String: Any]]).count == 5)
        let left = try #require(try CLI.run("inspect", path, "--json").json() as? [[String: Any]]).compactMap { $0["key"] as? String }
        #expect(left == [SampleKeys.avatar, SampleKeys.level, SampleKeys.nickname, SampleKeys.prefs])
    }

    /// The workflow `orphans` suggests: an orphan moved onto the key the new build reads. The
    /// moved value must not then be collected for the orphan's old sighting, whether the move
    /// is planned in memory (`--json`) or streamed.
    @Test(arguments: [false, true])
    func aMovedOrphanIsNotCollectedForItsOldSighting(json: Bool) throws {
        let old = Int64((Date().timeIntervalSince1970 - 40 * 86_400) * 1000)
        try sqlite(path, "UPDATE slots SET seen_at = \(old) WHERE key = '\(SampleKeys.level)'")
        let moved = try CLI.run(["mv", path, SampleKeys.level, "Settings/volume"] + (json ? ["--json"] : []))
        #expect(moved.status == 0, "\(moved)")
        #expect(try sqliteScalar(path, "SELECT seen_at FROM slots WHERE key = 'Settings/volume'") > old)
        #expect(try CLI.run("gc", path, "--unseen-for", "30d").stdout.contains("no slots unseen for 30d"))
        #expect(try readBack(path, "Settings/volume", as: UInt8.self, default: 0) == 200)
    }

    @Test func quarantinedValuesAreListedRestoredAndDropped() throws {
        // The app changed Settings/level from UInt8 to String: the old value is set aside.
        do {
            let store = try StateStore(path: path)
            store.diagnosticHandler = { _ in }
            #expect(try store.binding(for: SampleKeys.level, default: "high").wrappedValue == "high")
            try store.flush()
            store.close()
        }
        let list = try CLI.run("quarantine", path, "--json")
        let entries = try #require(try list.json() as? [[String: Any]])
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry["key"] as? String == SampleKeys.level)
        #expect(entry["storedType"] as? String == "Swift.UInt8")
        #expect(entry["expectedType"] as? String == "Swift.String")
        #expect(entry["value"] as? Int == 200)
        let id = try #require(entry["id"] as? Int)
        #expect(try CLI.run("check", path).stdout.contains("quarantine: 1 value(s)"))

        // One entry whole, by its id; the same JSON object the listing has.
        let show = try CLI.run("quarantine", "show", path, String(id))
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.hasPrefix("#\(id) \(SampleKeys.level)\nstored type: Swift.UInt8 (integer)\nexpected:    Swift.String\n"), "\(show)")
        #expect(show.stdout.contains("\nvalue:       200\n"), "\(show)")
        let shown = try #require(try CLI.run("quarantine", "show", path, String(id), "--json").json() as? [String: Any])
        #expect(NSDictionary(dictionary: shown).isEqual(to: entry))
        let missing = try CLI.run("quarantine", "show", path, "999")
        #expect(missing.status == 1 && missing.stderr.contains("no quarantined value with id 999 (ids near it: \(id))"), "\(missing)")
        for (arguments, message) in [(["quarantine", "frob", path], "unknown action 'frob'; use list, show, restore, drop"),
                                     (["quarantine", "list", path, "5"], "unexpected argument '5'"),
                                     (["quarantine", "show", path, String(id), "--force"], "--force goes with restore only"),
                                     (["quarantine", "drop", path, String(id), "--json"], "--json goes with list and show only")] {
            let run = try CLI.run(arguments)
            #expect(run.status == 2 && run.stderr.contains(message), "\(arguments): \(run)")
        }

        // The slot is a String now: restoring the UInt8 would only be set aside again.
        let bytes = try fileBytes(path)
        let refused = try CLI.run("quarantine", "restore", path, String(id))
        #expect(refused.status == 4, "\(refused)")
        #expect(try fileBytes(path) == bytes)
        #expect(try CLI.run("quarantine", "restore", path, "999").status == 1)

        // After the app's type was reverted, --force puts the value back.
        #expect(try CLI.run("quarantine", "restore", path, String(id), "--force").status == 0)
        #expect(try readBack(path, SampleKeys.level, as: UInt8.self, default: 0) == 200)
        #expect(try CLI.run("quarantine", path).stdout == "(quarantine is empty)\n")
    }

    /// `show` prints a value of several lines as the pretty-printed JSON it is, indented
    /// under its label, its strings' control characters escaped.
    @Test func quarantineShowPrintsAnObjectWhole() throws {
        try retype(SampleKeys.prefs, to: "now text")
        try sqlite(path, #"UPDATE quarantine SET value = '{"size":3,"tags":["a","b\u001b[31m"]}'"#)
        let id = try #require((try CLI.run("quarantine", path, "--json").json() as? [[String: Any]])?.first?["id"] as? Int)
        let show = try CLI.run("quarantine", "show", path, String(id))
        #expect(show.status == 0, "\(show)")
        let expected = [
            "value:       {",
            "               \"size\": 3,",
            "               \"tags\": [",
            "                 \"a\",",
            "                 \"b\\u001b[31m\"",
            "               ]",
            "             }",
            "",
        ].joined(separator: "\n")
        #expect(show.stdout.hasSuffix(expected), "\(show)")
        #expect(!show.stdout.contains("\u{1B}"))
    }

    /// As an app whose slot changed type: `key` is bound as `replacement`'s type, so the value
    /// stored under the old type is set aside in the quarantine.
    private func retype(_ key: String, to replacement: String) throws {
        let store = try StateStore(path: path)
        store.diagnosticHandler = { _ in }
        _ = try store.binding(for: key, default: replacement)
        store.close()
    }

    @Test func quarantineDropForgetsAnEntry() throws {
        try retype(SampleKeys.count, to: "three")
        let id = try #require((try CLI.run("quarantine", "list", path, "--json").json() as? [[String: Any]])?.first?["id"] as? Int)
        #expect(try CLI.run("quarantine", "drop", path, String(id)).status == 0)
        #expect(try CLI.run("quarantine", path, "--json").stdout == "[]\n")
    }

    @Test func exportThenImportRoundTrips() throws {
        let file = folder.path("backup.json")
        #expect(try CLI.run("export", path, "-o", file).status == 0)
        // A second store, made by the app, with one slot of its own.
        let other = folder.path("other/state.sqlite")
        do {
            let store = try StateStore(path: other)
            _ = try store.binding(for: "Other/flag", default: true)
            store.close()
        }
        let dryRun = try CLI.run("import", other, file, "--dry-run", "--json")
        let plan = try #require(try dryRun.json() as? [String: [String]])
        #expect(plan["created"]?.count == 9)
        #expect(try CLI.run("get", other, SampleKeys.count).status == 1)

        let run = try CLI.run("import", other, file)
        #expect(run.stdout == "imported: 9 created, 0 updated, 0 unchanged, 0 removed\n", "\(run)")
        #expect(try readBack(other, SampleKeys.avatar, as: Data.self, default: Data()) == Data([0, 255, 16]))
        #expect(try readBack(other, SampleKeys.name, as: String.self, default: "") == "line\u{1B}[31m\nbreak")
        #expect(try readBack(other, SampleKeys.prefs, as: Prefs.self, default: Prefs(size: 0, tags: [])) == Prefs(size: 3, tags: ["a"]))
        #expect(try readBack(other, SampleKeys.nickname, as: String?.self, default: "x") == nil)
        #expect(try CLI.run("get", other, "Other/flag").status == 0)

        // Again, replacing: equal slots are left alone, the store's own slot goes.
        let replace = try CLI.run("import", other, file, "--replace", "--json")
        let result = try #require(try replace.json() as? [String: [String]])
        #expect(result["unchanged"]?.count == 9)
        #expect(result["removed"] == ["Other/flag"])
    }

    @Test func importValidatesTheWholeFileFirst() throws {
        let bytes = try fileBytes(path)
        let bad = folder.path("bad.json")
        // The second entry does not fit its type: the first must not be written either.
        try Data(#"""
            {"format": "statedb-export", "formatVersion": 1, "slots": [
              {"key": "ContentView/count", "type": "Swift.Int", "value": 10},
              {"key": "Settings/level", "type": "Swift.UInt8", "value": 256}
            ]}
            """#.utf8).write(to: URL(fileURLWithPath: bad))
        let mismatch = try CLI.run("import", path, bad)
        #expect(mismatch.status == 3, "\(mismatch)")
        #expect(mismatch.stderr.contains("slots[1]"))
        #expect(try fileBytes(path) == bytes)

        for document in [#"{"slots": []}"#, #"{"format": "statedb-export", "formatVersion": 2, "slots": []}"#,
                         #"{"format": "statedb-export", "formatVersion": 1, "slots": [{"key": ["a", "b"], "type": "Swift.Int", "value": 1}]}"#,
                         "[1, 2"] {
            let run = try CLI.run(["import", path, "-"], stdin: document)
            #expect(run.status == 2, "\(document): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(try fileBytes(path) == bytes)
        }
    }
}

/// `set` writes a value whose stored form differs from the row's even where Swift's `==`
/// calls the two equal, and says `unchanged` only for the same stored form.
struct CLISetStoredFormTests {
    let folder = TemporaryDirectory()

    @Test func negativeZeroAndZeroAreDifferentRows() throws {
        let path = folder.storePath
        try makeSampleStore(at: path)
        #expect(try CLI.run("set", path, "A/real", "-0.0", "--type", "Double").status == 0)
        let zero = try CLI.run("set", path, "A/real", "0")
        #expect(zero.stdout.hasPrefix("set A/real = 0.0"), "\(zero)")
        #expect(try CLI.run("get", path, "A/real").stdout == "0.0\n")
        #expect(try CLI.run("set", path, "A/real", "0").stdout.hasPrefix("unchanged"))
    }

    @Test func aTextIsComparedByItsBytes() throws {
        let path = folder.storePath
        try makeSampleStore(at: path)
        #expect(try CLI.run("set", path, "A/text", "\"caf\u{E9}\"", "--type", "String").status == 0)
        let decomposed = try CLI.run("set", path, "A/text", "\"cafe\u{301}\"")
        #expect(decomposed.stdout.hasPrefix("set A/text"), "\(decomposed)")
        #expect(try SQLiteShell.run(path, "SELECT hex(value) FROM slots WHERE key = 'A/text'") == "63616665CC81")
    }
}
